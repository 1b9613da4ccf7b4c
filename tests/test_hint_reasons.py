"""Why the hint's move (game/app/hint.py ``explain``): the part of the game's heuristic
(``rules.heuristic_terms``, each part named with its rule) that the chosen move gains
most over the runner-up; the parts add up to each game's heuristic."""

from __future__ import annotations

import math

import pytest

from game.app import hint
from game.app.worker import Choice
from game.core import puzzles, registry
from game.core.agents import make_agent
from game.core.contract import RulesBase, Term

GAMES = ["hadrians-wall", "field-of-glory", "runes-of-mayhem", "stronghold"]


def reasons(game: str, against_runner_up: bool) -> dict[str, list]:
    """Each puzzle's reason for its answer: against a wrong legal move as the search's
    runner-up, or (without one) against a few other legal moves."""
    rules = registry.get_rules(game)
    out = {}
    for puzzle in puzzles.load_set(game):
        _rules, state, legal = puzzles.position(puzzle)
        obs = rules.observation(state, puzzle.seat)
        wrong = sorted(a for a in legal if a not in puzzle.answers)[0]
        choice = Choice(puzzle.answers[0], 1, 2, wrong if against_runner_up else None)
        out[puzzle.name] = hint.explain(game, 3, obs, choice)
    return out


@pytest.mark.parametrize("against_runner_up", [True, False])
def test_a_move_that_wins_at_once_is_told_by_the_win(against_runner_up):
    """Hadrian's Wall: a third FortHeca wins at once (HW-12.1).  (Where the heuristic's
    play of the rest of the turn takes it after the other move too, no part tells them
    apart: no reason, and the hint tells the search's share.)"""
    found = reasons("hadrians-wall", against_runner_up)
    assert len(found) >= 12
    told = [r for r in found.values() if r is not None]
    assert len(told) >= len(found) - 2
    assert {(r.words, r.rule, r.later) for r in told} == {("winning the game", "HW-12.1", False)}


def test_a_free_siege_is_told_by_the_fortress_points_it_takes():
    """Runes of Mayhem: the free siege (RM-11.3) takes structure points (RM-1.5) at once."""
    found = reasons("runes-of-mayhem", True)
    assert len(found) >= 12
    assert all(
        r is not None
        and (r.words, r.rule, r.later) == ("the fortresses' structure points", "RM-1.5", False)
        for r in found.values()
    ), found


def test_a_thrifty_payment_is_told_by_the_command_points_it_keeps():
    """Field of Glory: paying with the lower copy (FG-11.9) keeps CP in hand (FG-3.1)."""
    found = reasons("field-of-glory", True)
    assert len(found) >= 12
    assert all(
        r is not None and (r.words, r.rule) == ("command points in hand", "FG-3.1")
        for r in found.values()
    ), found


def test_the_reason_is_the_same_for_the_same_position_and_seed():
    rules = registry.get_rules("stronghold")
    puzzle = puzzles.load_set("stronghold")[0]
    _rules, state, legal = puzzles.position(puzzle)
    obs = rules.observation(state, puzzle.seat)
    choice = Choice(puzzle.answers[0])
    assert hint.explain("stronghold", 5, obs, choice) == hint.explain("stronghold", 5, obs, choice)


def test_a_game_that_names_no_parts_gives_no_reason(monkeypatch):
    """The contract's default (RulesBase): no parts, no reason; the hint then tells the
    search's share."""
    rules = registry.get_rules("runes-of-mayhem")
    monkeypatch.setattr(type(rules), "heuristic_terms", RulesBase.heuristic_terms)
    assert rules.heuristic_terms(rules.new_game(rules.default_config(2), 1), 0) == {}
    assert set(reasons("runes-of-mayhem", True).values()) == {None}


def positions(game: str, n: int = 25):
    """States along a greedy game (both seats), a few decisions apart, to its end."""
    rules = registry.get_rules(game)
    state = rules.new_game(rules.default_config(2), 7)
    greedy = make_agent("greedy", 7, rules)
    steps = 0
    while not rules.is_over(state) and steps < 400:
        if steps % 7 == 0:
            yield rules, state
        seat = rules.to_act(state)
        legal = rules.legal_actions(state)
        rules.apply(state, greedy.choose(rules, rules.observation(state, seat), legal))
        steps += 1
    yield rules, state


def squash(game: str, terms: dict, over: bool) -> float:
    """The heuristic each game computes from the sum of its parts."""
    total = sum(terms.values())
    if over:
        return math.copysign(1.0, total) if total else 0.0
    if game == "field-of-glory":
        return math.tanh(total / 40.0)
    if game == "runes-of-mayhem":
        return max(-1.0, min(1.0, total / 100))
    if game == "stronghold":
        return max(-0.95, min(0.95, total))
    return math.tanh(total / 10.0) if abs(total) < 100 else math.copysign(1.0, total)


@pytest.mark.parametrize("game", GAMES)
def test_the_named_parts_add_up_to_the_heuristic(game):
    """Every part is a Term (words and a rule ID), and the heuristic of each seat is the
    game's squash of their sum: the hint names parts of what the search weighs."""
    seen = 0
    for rules, state in positions(game):
        for seat in range(len(rules.seat_names(state))):
            terms = rules.heuristic_terms(state, seat)
            assert terms and all(
                isinstance(t, Term)
                and t.words
                and t.rule.startswith(
                    {
                        "hadrians-wall": "HW-",
                        "field-of-glory": "FG-",
                        "runes-of-mayhem": "RM-",
                        "stronghold": "SH-",
                    }[game]
                )
                for t in terms
            )
            expected = rules.heuristic(state, seat)
            assert squash(game, terms, rules.is_over(state)) == pytest.approx(expected), (
                game,
                seat,
                terms,
            )
            seen += 1
    assert seen > 10


class _View:
    """What ``hint.line`` asks of a view: the move's label and the prompt's rule."""

    def action_label(self, obs, action):
        return "Pay with Spearmen (2)"

    def prompt(self, obs):
        return type("Prompt", (), {"rule": "FG-11.9"})()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "it gains most in command points in hand (FG-3.1)"),
        ("hu", "ez javít a legtöbbet: a kézben tartott parancspontok (FG-3.1)"),
        ("pl", "najbardziej poprawia: punkty dowodzenia na ręce (FG-3.1)"),
    ],
)
def test_the_hint_line_tells_the_reason_in_the_persons_language(lang, words):
    from game.app import i18n

    reason = hint.Reason("command points in hand", "FG-3.1", False)
    try:
        i18n.set_language(lang)
        told = hint.line(_View(), {}, "B: PAY B-SP1", Choice("B: PAY B-SP1", 5, 9, None, reason), 3)
        share = hint.line(_View(), {}, "B: PAY B-SP1", Choice("B: PAY B-SP1", 5, 9), 3)
    finally:
        i18n.set_language("en")
    assert told.endswith(words) and told.count("FG-") == 1  # the reason's rule only
    assert "5" in share and "9" in share and share.endswith("(FG-11.9)")  # the share
