"""Replays: every finished game is kept, and the replay screen steps through any kept or
saved game showing what each seat saw then, or everything face up."""

from __future__ import annotations

import copy

import pygame
import pytest
from app_helpers import click, make_app, press, widget

from game.app.replayer import OPEN, Replayer
from game.app.scenes.dialog import Dialog
from game.app.scenes.reader import RulesScene
from game.app.scenes.replay import ReplayScene, ReplaysScene, open_replay
from game.app.scenes.title import TitleScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core import registry
from game.core.contract import PUBLIC, merge_views, overrides
from game.core.record import load_record
from game.core.rng import Rng

GAMES = ["hadrians-wall", "stronghold", "field-of-glory", "runes-of-mayhem"]


@pytest.fixture
def app(tmp_path):
    window = make_app(tmp_path / "home")
    window.reset(TitleScene(window))
    yield window
    window.close()


def play_out(app, game: str, seed: int):
    """A game of two people at the table's session, played to its end with seeded random
    legal moves; every seat's observation and log after every step."""
    rules, view = registry.get_rules(game), get_view(game)
    session = Session.new(
        rules, view, view.config(2, {}), seed, ["human", "human"], app.store, ai_pause=0.0
    )
    rng = Rng(seed)

    def views():  # copies: an observation may share a list with the state (RM pending_tokens)
        return [copy.deepcopy(rules.observation(session.state, s)) for s in range(2)]

    seen = [views()]
    logs = [len(session.log)]
    while not session.is_over():
        legal = rules.legal_actions(session.state)
        assert session.play_human(legal[rng.below(len(legal))])
        seen.append(views())
        logs.append(len(session.log))
    return session, seen, logs


def live_log(session, upto: int, seat) -> list[str]:
    return [
        line.text
        for line in session.log[:upto]
        if seat == OPEN or line.visibility in (PUBLIC, seat)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_kept_and_replays_step_by_step_as_it_was_seen(app, game):
    session, seen, logs = play_out(app, game, seed=3)
    steps = len(session.match.record.actions)
    [kept] = app.store.list_finished()
    assert (
        kept == session.finished_path and load_record(kept).actions == session.match.record.actions
    )
    assert app.store.list_autosaves() == []  # its own autosave went with its end
    assert session.autosave_path is not None and not session.autosave_path.exists()

    click(app, widget(app.top, "Replays").rect)  # from the title, by clicks
    replays = app.top
    assert isinstance(replays, ReplaysScene)
    click(app, replays.widgets[1].rect)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replayer.steps == steps
    assert scene.step == 0 and scene.obs == seen[0][0]

    press(app, pygame.K_END)
    assert scene.step == steps and scene.obs == seen[steps][0]
    assert scene.log_lines() == live_log(session, logs[steps], 0)
    press(app, pygame.K_LEFT)
    assert scene.step == steps - 1 and scene.obs == seen[steps - 1][0]
    press(app, pygame.K_HOME)
    assert scene.step == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.step == 2 and scene.obs == seen[2][0]
    click(app, scene.step_buttons[3].rect)  # ▶|
    assert scene.step == steps
    click(app, scene.step_buttons[1].rect)  # ◀
    assert scene.step == steps - 1
    click(app, scene.step_buttons[0].rect)  # |◀
    assert scene.step == 0

    for seat in (0, 1):  # the whole game forward, then back, from each seat's chair
        scene.set_seat(seat)
        order = list(range(steps + 1))
        for step in order + order[::-1]:
            scene.go(step)
            if scene.staging.busy():  # a step on shows the stages of its move first
                assert scene.obs != seen[step][seat] and step == scene.step
                scene.hurry()  # (Space, a click): the position it ends on at once
            assert scene.obs == seen[step][seat], (seat, step)
        for step in (0, steps // 2, steps):
            scene.go(step)
            assert scene.log_lines() == live_log(session, logs[step], seat), (seat, step)

    scene.set_seat(0)  # a move of the other seat: what it was is not told to this one
    other = next(i for i, seat in enumerate(scene.replayer.actors, 1) if seat == 1)
    scene.go(other)
    action = session.rules.parse_action(session.match.record.actions[other - 1])
    words = session.view.action_label(seen[other - 1][1], action).removesuffix(".")
    assert words not in scene.prompt_text() and f"Move {other}:" in scene.prompt_text()
    scene.set_seat(1)  # its maker is told it as his menu worded it, not in notation
    assert f"Move {other} ({scene.view.seat_label(scene.obs, 1)}): {words}." in scene.prompt_text()
    assert str(action) not in scene.prompt_text() or str(action) in words
    scene.set_seat(0)
    click(app, scene.choice.rect)  # the point of view: seat 0 -> seat 1 -> all open
    click(app, scene.choice.rect)
    assert scene.seat == OPEN
    scene.go(steps // 2)
    to_act = session.rules.to_act(scene.replayer.state_at(steps // 2)) or 0
    assert covers(scene.obs, seen[steps // 2][to_act])
    assert len(scene.log_lines()) >= len(live_log(session, logs[steps // 2], 0))
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is replays


def covers(whole, part) -> bool:
    """Everything ``part`` shows is in ``whole`` (the seat key aside)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            k == "seat" or (k in whole and covers(whole[k], v)) for k, v in part.items()
        )
    if isinstance(part, list) and isinstance(whole, list) and len(part) == len(whole):
        return all(covers(w, p) for w, p in zip(whole, part, strict=True))
    return part is None or part == "?" or whole == part


def test_all_cards_open_shows_every_hidden_hand():
    rules = registry.get_rules("hadrians-wall")
    state = rules.new_game({"players": 3}, 4)
    rng = Rng(4)
    for _ in range(4):
        rules.apply(state, rules.random_action(state, rng))
    seat_view = rules.observation(state, 0)
    assert "hand" not in seat_view["clans"][1]
    opened = rules.open_observation(state)
    for c in range(3):
        assert opened["clans"][c]["hand"] == rules.observation(state, c)["clans"][c]["hand"]
        assert covers(
            opened, {k: v for k, v in rules.observation(state, c).items() if k != "clans"}
        )
    assert opened["seat"] == (rules.to_act(state) or 0)
    assert merge_views({"a": [None, "?"], "seat": 0}, {"a": [1, 2], "seat": 1, "b": 3}) == {
        "a": [1, 2],
        "seat": 0,
        "b": 3,
    }


def test_positions_are_kept_every_few_steps_and_any_order_of_steps_agrees():
    rules = registry.get_rules("stronghold")
    state = rules.new_game({"players": 2}, 9)
    rng = Rng(9)
    from game.core.match import Match

    match = Match.new(rules, {"players": 2}, 9, ["human", "human"])
    states = [rules.to_json(match.state)]
    for _ in range(120):
        if rules.is_over(match.state):
            break
        match.play(rules.random_action(match.state, rng))
        states.append(rules.to_json(match.state))
    replayer = Replayer(rules, match.record, every=16)
    assert set(replayer._kept) >= {0, 16, 32} and len(replayer._kept) <= 2 + 120 // 16
    order = list(range(len(states)))
    Rng(2).shuffle(order)
    for step in order:
        assert rules.to_json(replayer.state_at(step)) == states[step], step
    del state


def test_saved_games_are_listed_too_and_a_damaged_one_says_why(app, tmp_path):
    session, _seen, _logs = play_out(app, "hadrians-wall", seed=5)
    record = session.match.record
    saved = app.store.save(record)
    bad = app.store.saves_dir / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    click(app, widget(app.top, "Replays").rect)
    replays = app.top
    kinds = [path for path, _kind in replays.entries]
    assert session.finished_path in kinds and saved in kinds and bad in kinds
    row = [w for w in replays.widgets if "broken" in getattr(w, "label", "")]
    click(app, row[0].rect)
    assert isinstance(app.top, Dialog) and app.top is not replays
    app.pop()
    scene = open_replay(app, saved)
    assert isinstance(app.top, ReplayScene) and scene.replayer.steps == len(record.actions)


def test_a_rule_link_in_the_replay_opens_the_reader(app):
    session, _seen, _logs = play_out(app, "hadrians-wall", seed=6)
    scene = open_replay(app, session.match.record)
    from game.app import links

    found = None
    for step in range(scene.replayer.steps + 1):
        scene.go(step)
        rows = links.text_rows(scene.prompt_text(), scene.prompt_rect(), 13, app.vp)
        found = next((f for _l, _t, fs in rows for f in fs), None)
        if found:
            break
    assert found is not None
    click(app, found[0])
    assert isinstance(app.top, RulesScene) and app.top.target is not None


def test_the_results_screen_replays_the_game_just_finished(app):
    from app_helpers import open_table, see_results

    table = open_table(app, ["random", "random"], seed=3)
    session = table.session
    see_results(app)
    results = app.top
    click(app, widget(results, "Replay").rect)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    steps = len(session.match.record.actions)
    assert scene.step == scene.replayer.steps == steps
    assert scene.obs == session.rules.observation(session.state, 0)
    press(app, pygame.K_ESCAPE)
    assert app.top is results


@pytest.mark.parametrize("game", GAMES)
def test_the_open_view_shows_what_every_seat_sees(game):
    """Stronghold, Field of Glory and Runes of Mayhem give their own open_observation;
    Hadrian's Wall merges the seats' views.  Either way every seat's view is in it (hands
    apart: the view shows the seat to act's as its own)."""
    rules, view = registry.get_rules(game), get_view(game)
    assert overrides(rules, "open_observation") == (game != "hadrians-wall")
    state = rules.new_game(view.config(2, {}), 8)
    rng = Rng(8)
    for step in range(60):
        if rules.is_over(state):
            break
        if step % 6 == 0:
            to_act = rules.to_act(state) or 0
            opened = rules.open_observation(state)
            assert opened["seat"] == to_act
            for seat in range(2):
                mine = rules.observation(state, seat)
                if seat != to_act and game == "runes-of-mayhem":
                    mine = {k: v for k, v in mine.items() if k not in ("hand", "my_pending_tokens")}
                assert covers(opened, mine), (game, step, seat)
        rules.apply(state, rules.random_action(state, rng))
