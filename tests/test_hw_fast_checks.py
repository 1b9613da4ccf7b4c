"""The engine checks the frequent decisions (orders, Svord) without building the list
of legal actions: it must accept exactly the actions ``legal_actions`` lists, and leave
the state untouched when it refuses one."""

from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.core.rng import Rng
from game.games.hadrians_wall.content import COLOURS, DECK
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.state import ORDERS, SVD
from game.games.hadrians_wall.verbs import HWAction

LINEUPS = [(1, 1), (2, 0), (2, 1), (3, 1), (4, 0)]


def candidates(state) -> list[HWAction]:
    """Every action of the verbs of this phase, legal or not, for the deciding clan and
    for another colour."""
    verbs = ("ASIDE", "PLACE") if state.phase == ORDERS else ("SVD",)
    mine = state.colours[state.waiting[0]]
    out = []
    for col in (mine, next(c for c in COLOURS if c != mine)):
        for verb in verbs:
            out += [HWAction(col, verb, "-"), HWAction(col, verb, "-", "FIL")]
            out += [HWAction(col, verb, x) for x in DECK]
            out += [HWAction(col, verb, str(p), x) for p in range(1, 7) for x in DECK]
    return out


@pytest.mark.parametrize("lineup", LINEUPS)
def test_orders_and_svord_checks_agree_with_legal_actions(lineup):
    rng = Rng(sum(lineup) * 101)
    checked = 0
    for seed in range(4):
        state = RULES.new_game({"players": lineup[0], "neutrals": lineup[1]}, seed)
        while not RULES.is_over(state):
            if state.phase in (ORDERS, SVD) and (checked < 12 or state.phase == SVD):
                legal = set(RULES.legal_actions(state))
                before = RULES.to_json(state)  # (the state itself is not played here)
                for action in candidates(state):
                    copy = RULES.clone(state)
                    try:
                        RULES.apply(copy, action)
                        accepted = True
                    except IllegalAction:
                        accepted = False
                        assert RULES.to_json(copy) == before, action
                    assert accepted == (action in legal), (action, sorted(legal))
                checked += 1
            RULES.apply(state, RULES.random_action(state, rng))
    assert checked > 12
