"""FG-25 worked examples: set-up, Check and Advance (FG-EX-1 .. FG-EX-6)."""

from __future__ import annotations

import pytest
from fg_positions import act, begin_turn, options, position

from game.core.contract import BadNotation, IllegalAction
from game.core.rng import Rng
from game.games.field_of_glory.rules import RULES, place_terrain
from game.games.field_of_glory.state import FIRST


def kinds(log: list, kind: str) -> list[tuple]:
    return [e[2:] for e in log if e[1] == kind]


def test_fg_ex_1_terrain_placement():
    # (a) plain to the centre-most empty column, others to the farthest (FG-4.1)
    assert place_terrain(["PLN1", "FOR1", "PLN2", "HIL1", "PLN3"]) == [
        "FOR1", "PLN2", "PLN1", "PLN3", "HIL1"]  # fmt: skip
    # (b)
    assert place_terrain(["FOR1", "HIL1", "MAR1", "FOR2", "HIL2"]) == [
        "FOR1", "MAR1", "HIL2", "FOR2", "HIL1"]  # fmt: skip
    # (c) the last plain takes the only empty column
    assert place_terrain(["HIL1", "PLN1", "PLN2", "PLN3", "PLN4"]) == [
        "HIL1", "PLN2", "PLN1", "PLN3", "PLN4"]  # fmt: skip
    # a new game: 5 placed, all neutral, the 4 others out of play and unseen
    log: list = []
    s = RULES.new_game({}, 3, log)
    assert s.control == ["N"] * 5 and len(s.hidden_terrain) == 4
    assert [e[3] for e in log if e[1] == "TERRAIN"] == s.terrain
    for seat in (0, 1):
        assert not set(str(RULES.observation(s, seat))) & set(s.hidden_terrain)


def _set_group(s, side: int, cards: list[str]) -> None:
    """Make ``cards`` the current draft group (swapping them with the dealt ones)."""
    group, pile = s.group[side], s.pile[side]
    for want, have in zip(cards, list(group), strict=True):
        if want in group:
            continue
        i = pile.index(want)
        pile[i] = have
        group[group.index(have)] = want
    s.group[side] = list(cards)
    s.fresh()


def test_fg_ex_2_draft_and_opening_hand():
    s = RULES.new_game({}, 5)
    assert s.step == "KEEP" and RULES.to_act(s) == 0 and len(s.group[0]) == 4
    _set_group(s, 0, ["R-LD1", "R-HI1", "R-LI2", "R-RES1"])
    before = RULES.to_json(s)
    for bad in ("R: KEEP R-LD1", "R: KEEP R-LD1 R-HI1 R-LI2", "R: KEEP R-LD1 R-LD1"):
        with pytest.raises(BadNotation):
            RULES.apply(s, bad)
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, "R: KEEP R-LD1 R-EL1")  # not in this group
    assert err.value.rule == "FG-4.3.1"
    with pytest.raises(IllegalAction):
        RULES.apply(s, "B: KEEP R-LD1 R-HI1")
    assert RULES.to_json(s) == before
    act(s, "R: KEEP R-LD1 R-HI1")
    assert s.box[0] == ["R-LI2", "R-RES1"] and s.kept[0] == ["R-HI1", "R-LD1"]
    # Blue sees only counts of Red's draft
    obs = RULES.observation(s, 1)
    assert "kept" not in obs["sides"][0] and obs["sides"][0]["box_count"] == 2
    assert "R-LD1" not in str(obs)
    rng = Rng(1)
    while s.turn == 0:
        RULES.apply(s, RULES.random_action(s, rng))
    for p in (0, 1):
        assert len(s.box[p]) == 24 and s.shuf[p] == FIRST
        hand_and_pile = len(s.hand[p]) + len(s.pile[p])
        assert hand_and_pile + len(s.discard[p]) + sum(map(len, s.units[p])) == 24
    assert "R-LI2" in s.box[0] and "R-RES1" in s.box[0]
    assert "R-LD1" not in s.box[0]
    # the first player's opening: 9 in hand, 15 in the pile (before any draw)
    fresh = RULES.new_game({}, 6)
    while fresh.turn == 0:
        RULES.apply(fresh, RULES.random_action(fresh, rng))
    other = 1 - fresh.active
    assert len(fresh.hand[other]) == 9 and len(fresh.pile[other]) == 15


def test_fg_ex_3_check():
    # (a) Red active with 3 terrain cards wins in P1; nothing else happens
    log: list = []
    s = begin_turn(position(control="RRNRB", active="R", cols={"c5": ([], ["B-LC1"])}), log)
    assert RULES.is_over(s) and RULES.winners(s) == [0] and s.end == "CHECK"
    assert kinds(log, "END")[0][:2] == ("CHECK", "R") and not kinds(log, "CONTROL")
    # (b) same control, Blue active: Blue's P1 sees its 1 terrain card; play goes on
    hands = {"B": ["B-LI1", "B-LI2", "B-AR1"], "R": ["R-LI1"]}
    s = begin_turn(position(control="RRNRB", active="B", hands=hands))
    assert not RULES.is_over(s) and s.active == 1 and s.step == "ACT"
    act(s, "B: ENDACT", "B: DRAW3")
    assert RULES.is_over(s) and RULES.winners(s) == [0] and s.turn == 6


def ex4():
    return position(
        cols={"c2": (["R-HI1", "R-HI3"], []), "c3": (["R-HI2"], []),
              "c4": ([], ["B-MI1"]), "c5": (["R-LC1"], ["B-LC2"])},
        terrain={"c1": "HIL1", "c2": "PLN2", "c3": "PLN1", "c4": "PLN3", "c5": "FOR1"},
        control={"c2": "R", "c5": "B"},
    )  # fmt: skip


def test_fg_ex_4_advance():
    s = ex4()
    log: list = []
    begin_turn(s, log)
    assert s.control == ["N", "R", "R", "N", "B"]
    assert s.step == "ADVDROP"
    assert options(s) == {"R: ADVDROP R-HI1", "R: ADVDROP R-HI3"}
    for bad in ("R: ADVDROP R-LC1", "R: ENDFLANK", "R: ENDACT"):
        with pytest.raises(IllegalAction):
            RULES.apply(s, bad)
    act(s, "R: ADVDROP R-HI1")
    assert s.units[0][1] == ["R-HI3"] and s.discard[0][-1] == "R-HI1"
    assert s.step == "ACT" and s.control == ["N", "R", "R", "N", "B"]


def test_fg_ex_5_opening_turns_and_a_free_blocker():
    hand_r = ["R-LC1", "R-CAV3", "R-LD1", "R-HI1", "R-MI1", "R-AR1", "R-SP1", "R-LI1", "R-PH1"]
    hand_b = ["B-LC2", "B-HI1", "B-MI1", "B-AR1", "B-SP1", "B-LI1", "B-PH1", "B-CAV1", "B-EL1"]
    s = position(
        terrain={"c1": "FOR1", "c5": "HIL1"},
        hands={"R": hand_r, "B": hand_b},
        turn=1,
    )
    act(s, "R: PLACE R-LC1@c5", "R: ENDPLACE")
    assert s.step == "ACT" and s.last["deploy"] == [0, 0, 0]  # cost 0: nothing paid
    act(s, "R: PLACE R-CAV3@c1", "R: ENDPLACE")
    assert s.deploy["cost"] == 4 and s.step == "PAY"
    act(s, "R: PAY R-LD1")
    assert s.last["deploy"] == [4, 5, 5] and s.step == "ACT"  # 1 CP lost
    act(s, "R: ENDACT", "R: DRAW3")
    assert len(s.hand[0]) == 9 and s.active == 1 and s.turn == 2
    act(s, "B: PLACE B-LC2@c5", "B: ENDPLACE", "B: ENDACT", "B: DRAW3")
    act(s, "B: DROP B-LI1", "B: DROP B-AR1")
    # turn 3: Red's Advance takes c1; c5 holds a Blue unit; no flank pair
    assert s.turn == 3 and s.active == 0
    assert s.control == ["R", "N", "N", "N", "N"]
    assert s.pairs == [] and s.step == "ACT"


def test_fg_ex_6_advance_in_a_column_already_held():
    s = position(
        cols={"c4": (["R-CAV1"], [])},
        control={"c4": "R"},
        hands={"R": ["R-CAV2", "R-LD1", "R-LI1", "R-HI5"], "B": ["B-LI1", "B-LI2"]},
    )
    act(s, "R: PLACE R-CAV2@c4", "R: ENDPLACE", "R: PAY R-LD1", "R: ENDACT", "R: DRAW3")
    act(s, "B: ENDACT", "B: DRAW3")
    assert s.active == 0 and s.step == "ADVDROP" and s.control[3] == "R"
    assert options(s) == {"R: ADVDROP R-CAV1", "R: ADVDROP R-CAV2"}
    act(s, "R: ADVDROP R-CAV2")
    assert s.units[0][3] == ["R-CAV1"] and s.control[3] == "R"
