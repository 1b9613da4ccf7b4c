"""The engine invariants of the four games (SH-26, HW-19, FG-26, RM-31), as tables of checks.

Each game's ``invariants`` module keeps one function per invariant in tables that
``check_invariants`` runs in order: every function names the ``*-INV-n`` IDs it checks in
its docstring, every violation a broken state shows carries an ID its check names, a check
added to a table is run (adding an invariant is one place), and deliberately broken states
give the violation of the invariant they break.
"""

from __future__ import annotations

import re

import pytest

from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.field_of_glory import invariants as fg
from game.games.hadrians_wall import invariants as hw
from game.games.runes_of_mayhem import invariants as rm
from game.games.stronghold import invariants as sh

#: game, its invariants module, its tables, the prefix of its IDs
GAMES = {
    "stronghold": (sh, ("INVARIANTS",), "SH"),
    "hadrians-wall": (hw, ("INVARIANTS",), "HW"),
    "field-of-glory": (fg, ("SIDE_INVARIANTS", "BOARD_INVARIANTS"), "FG"),
    "runes-of-mayhem": (rm, ("MODULE_INVARIANTS", "SIDE_INVARIANTS", "BOARD_INVARIANTS"), "RM"),
}


def _ids(text: str, prefix: str) -> set[str]:
    """The invariant IDs a text names: ``SH-INV-5``; ``HW-INV-6, 8 .. 13`` names 6, 8 and
    13 (the ends of a range are enough here); ``SH-INV-1/18`` names 1 and 18."""
    found = set()
    for m in re.finditer(rf"{prefix}-INV-(\d+(?:/\d+)*)((?:,? (?:\.\. )?\d+)*)", text):
        for n in re.findall(r"\d+", m.group(1) + m.group(2)):
            found.add(int(n))
    return found


def _checks(game: str):
    mod, tables, _prefix = GAMES[game]
    return [check for table in tables for check in getattr(mod, table)]


def _state(game: str, steps: int = 40, seed: int = 5):
    rules = get_rules(game)
    s = rules.new_game(rules.default_config(2), seed)
    rng = Rng(3)
    for _ in range(steps):
        rules.apply(s, rules.random_action(s, rng))
    assert rules.check_invariants(s) == []
    return rules, s


@pytest.mark.parametrize("game", GAMES)
def test_each_check_names_its_invariants(game):
    _mod, _tables, prefix = GAMES[game]
    checks = _checks(game)
    assert len(checks) == len(set(checks)) >= 6
    for check in checks:
        assert _ids(check.__doc__ or "", prefix), f"{check.__name__} names no {prefix}-INV ID"


@pytest.mark.parametrize("game", GAMES)
def test_a_check_added_to_a_table_is_run(game, monkeypatch):
    mod, tables, _prefix = GAMES[game]
    rules, s = _state(game)
    for table in tables:
        extra = (lambda *args: ["extra check"],)
        monkeypatch.setattr(mod, table, getattr(mod, table) + extra)
        assert "extra check" in rules.check_invariants(s)
        monkeypatch.undo()
    assert rules.check_invariants(s) == []


def _break_sh(s):
    s.blood = 12
    s.glory[0] = -1
    s.round = 11


def _break_hw(s):
    s.turn = 4
    s.winner = s.n_players  # a neutral clan


def _break_fg(s):
    s.turn = 83
    s.control[0] = "X"
    s.reshuffles[0] = 2


def _break_rm(s):
    s.gold[0] = -1
    s.strength_points[1] = s.strength_limit[1] + 1
    s.main = {"played": True, "traded": True}


#: game, how a state is broken, the violations it must give (among others)
BROKEN = [
    (
        "stronghold",
        _break_sh,
        [
            "SH-INV-19 12 goblins on the blood space",
            "SH-INV-13 negative Invader glory",
            "SH-INV-14 round 11",
        ],
    ),
    ("hadrians-wall", _break_hw, ["HW-INV-6 turn 4 round", "HW-INV-16 a neutral clan won"]),
    (
        "field-of-glory",
        _break_fg,
        ["FG-INV-11: turn 83", "FG-INV-5: control ['X'", "FG-INV-6: R shuffle card FIRST after 2"],
    ),
    (
        "runes-of-mayhem",
        _break_rm,
        [
            "RM-INV-5: side 0 supply is negative",
            "RM-INV-6: SP",
            "RM-INV-13: a card play and a trade in one Main phase",
        ],
    ),
]


@pytest.mark.parametrize(("game", "breaks", "expected"), BROKEN)
def test_broken_states_give_their_violations(game, breaks, expected):
    rules, s = _state(game)
    _mod, _tables, prefix = GAMES[game]
    breaks(s)
    found = rules.check_invariants(s)
    for text in expected:
        assert any(m.startswith(text) for m in found), (text, found)
    named = set().union(*(_ids(c.__doc__ or "", prefix) for c in _checks(game)))
    for message in found:  # each violation carries an ID one of the checks names
        assert _ids(message, prefix) & named, message


#: a violation of an earlier table entry and one of a later one, for the states of BROKEN
ORDER = {
    "stronghold": ("SH-INV-13", "SH-INV-19"),
    "hadrians-wall": ("HW-INV-6", "HW-INV-16"),
    "field-of-glory": ("FG-INV-6", "FG-INV-11"),
    "runes-of-mayhem": ("RM-INV-5", "RM-INV-13"),
}


@pytest.mark.parametrize(("game", "breaks", "expected"), BROKEN)
def test_the_violations_come_in_table_order(game, breaks, expected):
    """The order of the messages is part of the behaviour: the tables' order."""
    rules, s = _state(game)
    breaks(s)
    found = rules.check_invariants(s)
    first, last = ORDER[game]
    at = [i for i, m in enumerate(found) if m.startswith(first)]
    after = [i for i, m in enumerate(found) if m.startswith(last)]
    assert at and after and max(at) < min(after), found
