"""FG-25 worked examples: flank attacks (FG-EX-7 .. FG-EX-12)."""

from __future__ import annotations

import pytest
from fg_positions import act, begin_flank, begin_turn, options, position

from game.core.contract import IllegalAction
from game.games.field_of_glory.content import CTYPE
from game.games.field_of_glory.rules import RULES, lead_addends

PLAIN = {"c1": "PLN1", "c2": "PLN2", "c3": "PLN3", "c4": "PLN4", "c5": "HIL1"}
HANDS = {
    "R": ["R-AR2", "R-LC3", "R-MI2", "R-LD1", "R-LI1"],
    "B": ["B-LD1", "B-HI4", "B-LI2", "B-AR3"],
}


def strengths(log: list) -> dict[str, int]:
    return {e[2]: e[3] for e in log if e[1] == "STRENGTH"}


def ex7(blue_c4: bool = False, blue_c1: bool = False):
    cols = {
        "c1": (["R-CAV1"], ["B-LC1"] if blue_c1 else []),
        "c2": (["R-HI1"], ["B-PH1"]),
        "c3": (["R-MI1"], []),
        "c5": ([], ["B-LI1"]),
    }
    if blue_c4:
        cols["c4"] = ([], ["B-LI3"])
    return position(cols=cols, terrain=PLAIN, hands=HANDS)


def test_fg_ex_7_flank_eligibility():
    s = begin_turn(ex7())
    assert s.pairs == [[1, 0], [1, 2]]  # (c2, c1) and (c2, c3); c5 is no target
    assert s.step == "FLANK"
    assert {o for o in options(s) if o.startswith("R: FLANK")} == {
        "R: FLANK c2 FROM c1 LEAD R-CAV1", "R: FLANK c2 FROM c2 LEAD R-HI1",
        "R: FLANK c2 FROM c3 LEAD R-MI1"}  # fmt: skip
    # (b) a Blue unit in c4 breaks (c2, c3) by condition (c)
    s = begin_turn(ex7(blue_c4=True))
    assert s.pairs == [[1, 0]]
    assert "R: FLANK c2 FROM c2 LEAD R-HI1" in options(s)
    # (c) Blue units in c1 and c4: no pair, no flank phase
    s = begin_turn(ex7(blue_c4=True, blue_c1=True))
    assert s.pairs == [] and s.step == "ACT"


def test_fg_ex_8_source_flank_figures():
    s = begin_turn(ex7())
    log: list = []
    act(s, "R: FLANK c2 FROM c2 LEAD R-HI1", log=log)
    assert ("AUTO", "B: RETREAT -") in [e[1:] for e in log]  # 4 is not below 4
    act(s, "R: BONUS R-AR2", "B: BONUS NONE", log=log)
    assert strengths(log) == {"R": 8, "B": 4}  # 4 + 2 + 2 (flank) vs 4
    assert s.vp[0] == ["B-PH1"] and RULES.vp_total(s, 0) == 3
    assert s.control[1] == "R" and s.discard[0][-1] == "R-AR2"
    # before bonus cards: the source's 6 against 4, and the alternatives
    t = "PLN2"
    assert sum(lead_addends("R-HI1", None, "B-PH1", t, True, True, 0, 0).values()) == 6
    assert sum(lead_addends("B-PH1", None, "R-HI1", t, False, True, 0, 0).values()) == 4
    assert sum(lead_addends("R-MI1", None, "B-PH1", t, True, True, 0, 0).values()) == 5
    assert sum(lead_addends("R-CAV1", None, "B-PH1", t, True, True, 0, 0).values()) == 5
    assert sum(lead_addends("B-PH1", None, "R-CAV1", t, False, True, 0, 0).values()) == 5


def test_fg_ex_9_light_cavalry_from_the_wing():
    s = position(
        cols={"c1": (["R-LC2"], []), "c2": (["R-SP1"], ["B-MI2"]), "c3": ([], ["B-AR1"])},
        terrain={"c1": "HIL1", "c2": "PLN1", "c3": "PLN2", "c4": "PLN3", "c5": "PLN4"},
        hands=HANDS, piles={"R": ["R-LD2"]},
    )  # fmt: skip
    begin_turn(s)
    assert s.pairs == [[1, 0]]
    log: list = []
    act(s, "R: FLANK c2 FROM c1 LEAD R-LC2", "R: BONUS DECK", log=log)
    assert s.combat["abonus"] == "R-LD2"  # no retreat from MC 0
    act(s, "B: BONUS B-HI4", log=log)
    assert strengths(log) == {"R": 9, "B": 6}  # 1 + 5 + 1 (LC flank) + 2; 3 + 3
    assert s.vp[0] == ["B-MI2"] and RULES.vp_total(s, 0) == 2
    assert s.control[1] == "R"


def test_fg_ex_10_full_retreat_from_a_flank_attack():
    s = position(
        cols={"c4": (["R-HI2"], ["B-LI1"]), "c5": (["R-PH1"], [])},
        terrain={"c4": "PLN3", "c5": "HIL2", "c3": "PLN4", "c1": "HIL1"},
        control={"c4": "B"}, hands=HANDS,
    )  # fmt: skip
    begin_turn(s)
    assert [4, 3] not in s.pairs and [3, 4] in s.pairs
    hand = list(s.hand[0])
    log: list = []
    act(s, "R: FLANK c4 FROM c4 LEAD R-HI2", "B: RETREAT B-LI1", log=log)
    assert s.discard[1][-1] == "B-LI1" and s.combat is None
    assert s.hand[0] == hand and s.units[0][3] == ["R-HI2"]  # no bonus, no loss
    assert s.control[3] == "B" and not [e for e in log if e[1] == "STRENGTH"]


def test_fg_ex_11_snapshot():
    s = position(
        cols={"c1": (["R-CAV2"], []), "c2": (["R-HI1"], ["B-MI1"]),
              "c3": (["R-HI2"], ["B-MI2"]), "c4": ([], ["B-LI1"])},
        terrain=PLAIN, hands=HANDS,
    )  # fmt: skip
    begin_turn(s)
    assert s.pairs == [[1, 0]]
    log: list = []
    act(s, "R: FLANK c2 FROM c1 LEAD R-CAV2", "B: RETREAT -", "R: BONUS R-LC3", log=log)
    act(s, "B: BONUS NONE", log=log)
    assert strengths(log) == {"R": 7, "B": 3} and s.vp[0] == ["B-MI1"]
    # (c3, c2) now meets (a)-(c) but was not recorded: only ENDFLANK was left
    assert ("AUTO", "R: ENDFLANK") in [e[1:] for e in log]
    assert s.step == "ACT"
    for bad in ("R: FLANK c3 FROM c2 LEAD R-HI1", "R: FLANK c2 FROM c1 LEAD R-CAV2"):
        with pytest.raises(IllegalAction):
            RULES.apply(s, bad)


def ex12():
    return begin_flank(position(
        cols={"c1": (["R-CAV2", "R-CAV3"], []), "c2": (["R-HI3"], ["B-EL2"])},
        terrain={"c1": "FOR1", "c2": "PLN1", "c3": "PLN2"}, control={"c2": "R"},
        hands=HANDS, piles={"B": ["B-HI2"]},
    ))  # fmt: skip


def test_fg_ex_12_flank_from_the_side_column():
    s = ex12()
    log: list = []
    act(s, "R: FLANK c2 FROM c1 LEAD R-CAV2", "R: BONUS R-MI2", log=log)
    assert s.step == "DBONUS"  # EL2 cannot retreat
    act(s, "B: BONUS NONE", log=log)
    assert strengths(log) == {"R": 8, "B": 7}  # c1's forest does not apply
    assert s.vp[0] == ["B-EL2", "B-HI2"]  # the rout: Blue's top card
    assert s.discard[0][-2:] == ["R-CAV3", "R-MI2"] and s.control[1] == "R"
    # (b) Blue wins with a Leader: both cavalry lost, HI3 in c2 stays, no rout
    s = ex12()
    log = []
    act(s, "R: FLANK c2 FROM c1 LEAD R-CAV2", "R: BONUS R-MI2", "B: BONUS B-LD1", log=log)
    assert strengths(log) == {"R": 8, "B": 12}
    assert sorted(s.vp[1]) == ["R-CAV2", "R-CAV3"] and RULES.vp_total(s, 1) == 4
    assert s.units[0][1] == ["R-HI3"] and s.units[1][1] == ["B-EL2"]
    assert s.control[1] == "N" and not [e for e in log if e[1] == "ROUT"]
    assert CTYPE["B-EL2"] == "EL"
    assert RULES.check_invariants(s) == []
