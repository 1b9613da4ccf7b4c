"""The table's Hint: the move the hard level would play, outlined, with one line saying
why; searched in the worker from the person's observation only, changing nothing."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from app_helpers import (
    TableScene,
    click,
    click_path,
    make_app,
    new_session,
    open_table,
    pick_set,
    press,
    run_until,
    state_json,
)

from game.app.rulebook import rule_ids
from game.app.view_contract import HINT


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


def person_to_act(table: TableScene) -> bool:
    return bool(table.session.my_legal_actions())


def hinted(app, table: TableScene, by_key: bool = False):
    """Ask for the hint (its button, or H) and wait for it."""
    if by_key:
        press(app, pygame.K_h, "h")
    else:
        click(app, table.hint_button.rect)
    assert table.hint_pending is not None or table.hint is not None
    run_until(app, lambda: table.hint is not None, seconds=120)
    return table.hint


def test_the_hint_outlines_a_legal_move_and_changes_nothing(app):
    table = open_table(app, ["human", "greedy"])
    run_until(app, lambda: person_to_act(table))
    s = table.session
    before, record = state_json(s), list(s.match.record.actions)
    assert table.hint_button.enabled
    action, keys, line = hinted(app, table)
    legal = s.my_legal_actions()
    assert action in legal
    expected = pick_set(table.view, table.obs, action)
    expected = (
        tuple(expected) if expected is not None else click_path(table.view, table.obs, action)
    )
    assert keys and set(keys) == set(expected)  # its places, to be outlined
    assert set(keys) <= {i.key for i in table.items}
    assert line.startswith("Hint: " + table.view.action_label(table.obs, action))
    assert "gains most in" in line or (" searches (" in line and "%" in line)  # why
    assert rule_ids(line)  # and by which rule
    marks = table.marks(None)  # the views outline them in the hint's colour
    assert all(marks[key] == HINT for key in keys)
    assert HINT not in {m for k, m in marks.items() if k not in keys}
    shown = [words for words, _r, _c in table.prompt_texts(app.vp)]
    assert line in shown  # in the prompt panel
    app.step()  # drawn
    assert state_json(s) == before and list(s.match.record.actions) == record
    # right click: the hint is gone; the game is as it was
    click(app, (20, 20, 4, 4), button=3)
    assert table.hint is None
    assert state_json(s) == before and list(s.match.record.actions) == record
    # H: the same hint again (an effort, not a time: the same search)
    assert hinted(app, table, by_key=True) == (action, keys, line)
    # Escape: the hint is gone, the table stays
    press(app, pygame.K_ESCAPE)
    assert table.hint is None and app.top is table
    assert state_json(s) == before and list(s.match.record.actions) == record


def test_a_move_played_puts_the_hint_away(app):
    table = open_table(app, ["human", "greedy"])
    run_until(app, lambda: person_to_act(table))
    action, _keys, _line = hinted(app, table)
    moves = len(table.session.match.record.actions)
    table.play(action)  # the person plays it himself; the hint never does
    assert len(table.session.match.record.actions) == moves + 1
    app.step()
    assert table.hint is None


def test_no_hint_while_a_computer_seat_is_to_act(app):
    table = open_table(app, ["ismcts:hard", "human"])
    s = table.session
    seen = 0
    for _ in range(400):
        seat = s.to_act()
        if seat is not None and s.seats[seat] != "human":
            seen += 1
            assert not table.hint_button.enabled
            press(app, pygame.K_h, "h")
            assert table.hint_pending is None and table.hint is None
        else:
            app.step()
        if person_to_act(table):
            break
    assert seen  # the computer seat was to act at least once
    run_until(app, lambda: person_to_act(table), seconds=120)
    assert table.hint_button.enabled


def test_the_same_position_and_seed_give_the_same_hint(tmp_path):
    hints = []
    for k in range(2):
        app = make_app(tmp_path / str(k))
        table = open_table(app, ["human", "greedy"], seed=11)
        run_until(app, lambda table=table: person_to_act(table))
        hints.append(hinted(app, table))
    assert hints[0] == hints[1]


def test_the_hint_does_not_see_the_opponents_hidden_cards(tmp_path):
    """Two games that differ only in what the person cannot see (the order of the
    opponent's hand, the order of the fort deck) look the same to him: the same hint."""
    hints = []
    for k in range(2):
        app = make_app(tmp_path / str(k))
        session = new_session(app, ["human", "human"], seed=3)
        state = session.state
        assert session.to_act() == 0 and len(state.hand[1]) > 1 and len(state.fort_deck) > 1
        if k:  # the hidden order of his hand and of the fort deck
            state.hand[1].reverse()
            state.fort_deck.reverse()
        hints.append((state_json(session), session.rules.observation(state, 0)))
        table = TableScene(app, session)
        app.reset(table)
        app.step()
        hints[-1] += (hinted(app, table),)
    (state_a, obs_a, hint_a), (state_b, obs_b, hint_b) = hints
    assert state_a != state_b  # the hidden hands differ
    assert obs_a == obs_b  # the person sees the same
    assert hint_a == hint_b


def test_the_hint_search_is_handed_the_persons_observation_and_nothing_else(app, monkeypatch):
    from concurrent.futures import Future

    from game.app import hint

    asked = []

    def ask(game, seed, obs, legal):
        asked.append((game, seed, obs, legal))
        return Future()  # never answers: nothing else is looked at

    monkeypatch.setattr(hint, "ask", ask)
    table = open_table(app, ["human", "greedy"])
    run_until(app, lambda: person_to_act(table))
    s = table.session
    press(app, pygame.K_h, "h")
    assert len(asked) == 1
    game, seed, obs, legal = asked[0]
    assert game == s.rules.name and seed == hint.hint_seed(s.match.record.seed, s.viewer)
    assert obs == s.rules.observation(s.state, s.viewer)  # what the person sees
    assert obs != s.rules.to_json(s.state)  # not the whole state
    assert legal == s.my_legal_actions()
    press(app, pygame.K_h, "h")  # asked again while it searches: one search only
    assert len(asked) == 1


def test_a_hint_still_searching_when_the_person_moves_is_cancelled(app):
    """Its answer is dropped at the next frame and its search ended in the worker (the
    search's own end is tested in test_ai_effort)."""
    table = open_table(app, ["human", "greedy"])
    run_until(app, lambda: person_to_act(table))
    click(app, table.hint_button.rect)
    assert table.hint_pending is not None
    search = table.hint_pending[2]
    table.play(table.session.my_legal_actions()[0])  # played before the hint came
    app.step()
    assert table.hint_pending is None and search.cancelled
    assert search.done() and search.exception() is None  # nothing to read any more
    for _ in range(30):
        app.step()
    assert table.hint is None


def test_the_hint_searches_through_the_workers_one_door(app, monkeypatch):
    """The hint asks the worker's ``submit`` (as the computer seats do) for the hard level
    with ``explain`` to run on its choice, and reaches into none of the worker's
    private parts."""
    import ast
    from concurrent.futures import Future

    from game.app import hint, worker

    asked = []
    monkeypatch.setattr(
        worker, "submit", lambda *a, **k: asked.append((a, k)) or worker.Search(1, Future())
    )
    table = open_table(app, ["human", "greedy"])
    run_until(app, lambda: person_to_act(table))
    press(app, pygame.K_h, "h")
    ((args, options),) = asked
    assert args[1] == hint.HINT_SPEC and options == {
        "then": hint.explain,
        "levels": hint.HINT_LEVELS,
    }
    tree = ast.parse(Path(hint.__file__).read_text(encoding="utf-8"))
    private = [
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Name)
        and n.value.id == "worker"
        and n.attr.startswith("_")
    ]
    assert private == []


def test_the_trees_grown_apart_give_the_answer_of_one_search(app):
    """Root parallel (a tree per worker, merged in the window) or all in one worker: the
    same move, the same counts.  (Field of Glory: its decisions are trees; Hadrian's
    Wall's orders, the first decisions of its table, are searched whole in one worker.)"""
    from game.app import hint
    from game.core import registry

    rules = registry.get_rules("field-of-glory")
    state = rules.new_game(rules.default_config(2), 8)
    while len(rules.legal_actions(state)) < 2:
        rules.apply(state, rules.legal_actions(state)[0])
    obs = rules.observation(state, rules.to_act(state))
    legal = rules.legal_actions(state)
    apart = hint.ask(rules.name, 99, obs, legal).result(timeout=300)
    whole = hint.search(rules.name, 99, obs, [str(a) for a in legal])
    assert apart == whole and apart.searched > 0


def test_an_undo_cancels_the_computer_seats_search(app):
    """The computer seats' searches go through the same door: an undo while one thinks
    drops its answer and ends its search."""
    table = open_table(app, ["human", "ismcts:hard"])
    s = table.session
    for _ in range(200):  # the person plays until the computer seat thinks
        if s.pending is not None:
            break
        if person_to_act(table):
            table.play(s.my_legal_actions()[0])
        app.step()
    search = s.pending.future
    assert not search.done()
    s.undo()
    assert s.pending is None and search.cancelled and search.done()
