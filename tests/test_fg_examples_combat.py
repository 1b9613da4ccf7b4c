"""FG-25 worked examples: Deploy and Assaults (FG-EX-13 .. FG-EX-29)."""

from __future__ import annotations

import pytest
from fg_positions import act, options, position

from game.core.contract import IllegalAction
from game.games.field_of_glory.content import placement_cost
from game.games.field_of_glory.rules import RULES, lead_addends
from game.games.field_of_glory.state import ASIDE, SECOND

PLAIN = {"c1": "PLN1", "c2": "PLN2", "c3": "PLN3", "c4": "PLN4", "c5": "HIL1"}
R_HAND = ["R-LD1", "R-LD2", "R-LD3", "R-HI4", "R-ENV3", "R-LI1"]
B_HAND = ["B-LD1", "B-LD2", "B-LD3", "B-AR3", "B-AR4", "B-HI4", "B-LI4", "B-MI5", "B-CAV5"]


def strengths(log: list) -> dict[str, int]:
    return {e[2]: e[3] for e in log if e[1] == "STRENGTH"}


def events(log: list, kind: str) -> list[tuple]:
    return [e[2:] for e in log if e[1] == kind]


def rejected(s, *texts: str) -> None:
    before = RULES.to_json(s)
    for text in texts:
        with pytest.raises(IllegalAction):
            RULES.apply(s, text)
    assert RULES.to_json(s) == before


def value(lead: str, enemy: str, terrain: str, attacker: bool = True, partner=None) -> int:
    """A lead unit's strength without bonus (support only with a partner)."""
    return sum(lead_addends(lead, partner, enemy, terrain, attacker, False, 0, 0).values())


# ----------------------------------------------------------------- Deploy
def test_fg_ex_13_source_deployment():
    hand = ["R-HI1", "R-MI2", "R-AR1", "R-LC1", "R-LD1", "R-CAV5", "R-SP2", "R-RES1", "R-EL1"]
    s = position(
        terrain={"c1": "HIL1", "c2": "PLN1", "c3": "PLN2", "c4": "PLN3", "c5": "HIL2"},
        hands={"R": hand, "B": ["B-LI1"]},
    )
    act(s, "R: PLACE R-HI1@c3", "R: PLACE R-MI2@c1", "R: PLACE R-AR1@c4", "R: PLACE R-LC1@c5",
        "R: ENDPLACE")  # fmt: skip
    assert s.deploy["cost"] == 9 and s.step == "PAY"
    act(s, "R: PAY R-LD1")
    assert s.step == "PAY"  # 5 < 9
    act(s, "R: PAY R-CAV5")
    assert s.step == "ACT" and s.last["deploy"] == [9, 9, 4]
    assert s.hand[0] == ["R-SP2", "R-RES1", "R-EL1"]
    assert s.discard[0] == ["R-LD1", "R-CAV5"]


def test_fg_ex_14_surcharges_and_overpayment():
    assert placement_cost("R-HI1", 0, "MAR1") == 7
    assert placement_cost("R-LC1", 0, "MAR1") == 1
    assert placement_cost("R-EL1", 4, "FOR1") == 7
    assert placement_cost("R-MI1", 1, "FOR2") == 3
    assert placement_cost("R-SP1", 4, "PLN4") == 4
    s = position(
        terrain={"c1": "MAR1", "c5": "HIL2"},
        hands={"R": ["R-HI2", "R-LD2", "R-HI4", "R-LI1"], "B": ["B-LI1"]},
    )
    act(s, "R: PLACE R-HI2@c1", "R: ENDPLACE", "R: PAY R-LD2")
    rejected(s, "R: ENDACT")  # payment first
    act(s, "R: PAY R-HI4")
    assert s.last["deploy"] == [7, 8, 3] and s.hand[0] == ["R-LI1"]  # 1 CP lost
    assert s.step != "PAY"
    rejected(s, "R: PAY R-LI1")


def ex15(hand: list[str]):
    return position(
        cols={"c2": (["R-HI1"], []), "c3": (["R-EL1"], []), "c4": (["R-HI3", "R-HI4"], [])},
        hands={"R": hand, "B": ["B-LI1"]},
    )


def test_fg_ex_15_stacking_clearing_affordability():
    s = ex15(["R-HI2", "R-AR1", "R-LI2", "R-CAV1", "R-MI1", "R-LD1", "R-RES1", "R-LD2"])
    legal = options(s)
    for text in ("R: PLACE R-HI2@c2", "R: PLACE R-AR1@c2", "R: PLACE R-LI2@c3",
                 "R: PLACE R-CAV1@c4 CLEAR R-HI3 R-HI4"):  # fmt: skip
        assert text in legal
    for text in ("R: PLACE R-MI1@c2", "R: PLACE R-CAV1@c3", "R: PLACE R-CAV1@c4",
                 "R: PLACE R-CAV1@c4 CLEAR R-HI3", "R: PLACE R-LD1@c5",
                 "R: PLACE R-RES1@c5"):  # fmt: skip
        assert text not in legal
        with pytest.raises(IllegalAction) as err:
            RULES.apply(s, text)
        assert err.value.rule in ("FG-11.3", "FG-11.4")
    s = ex15(["R-HI5", "R-LI1"])
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, "R: PLACE R-HI5@c5")  # 1 CP would remain for a cost of 6
    assert err.value.rule == "FG-11.8"
    act(s, "R: PLACE R-LI1@c3", "R: ENDPLACE", "R: PAY R-HI5")
    assert s.units[0][2] == ["R-EL1", "R-LI1"] and s.last["deploy"] == [1, 3, 3]


# ----------------------------------------------------------------- Assaults
def test_fg_ex_16_source_assault():
    s = position(
        cols={"c3": (["R-HI1", "R-HI2"], ["B-PH1"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        hands={"R": ["R-LD1", "R-ENV1", "R-LI1"], "B": ["B-LD1", "B-LI1"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c3 LEAD R-HI1", "R: ENV -", "R: BONUS R-LD1", log=log)
    assert s.step == "DBONUS"  # no retreat possible (4 is not below 4)
    act(s, "B: BONUS B-LD1", log=log)
    assert strengths(log) == {"R": 10, "B": 9}
    assert s.vp[0] == ["B-PH1"] and RULES.vp_total(s, 0) == 3
    assert "R-HI2" in s.discard[0] and s.control[2] == "R"
    assert "R-LD1" in s.discard[0] and "B-LD1" in s.discard[1]
    assert s.units[0][2] == ["R-HI1"] and s.units[1][2] == []


def ex17(lead_units=("R-CAV1", "R-CAV2"), blue=("B-LI1",)):
    return position(
        cols={"c2": (list(lead_units), list(blue))}, terrain={"c2": "PLN1", "c1": "PLN2"},
        control={"c2": "B"},
        hands={"R": ["R-MI3", "R-LD1"], "B": ["B-LD1", "B-LI2"]},
    )  # fmt: skip


def test_fg_ex_17_full_retreat_in_an_assault():
    s = ex17()
    act(s, "R: ASSAULT c2 LEAD R-CAV1", "R: BONUS R-MI3", "B: RETREAT B-LI1")
    assert s.discard[1] == ["B-LI1"] and s.discard[0] == ["R-MI3"]
    assert s.step == "LOSE" and options(s) == {"R: LOSE R-CAV1", "R: LOSE R-CAV2"}
    act(s, "R: LOSE R-CAV2")
    assert s.control[1] == "B" and s.units[0][1] == ["R-CAV1"] and s.units[1][1] == []
    assert s.vp == [[], []]
    # against a light cavalry lead nothing can retreat (1 < 0 is false)
    s = ex17(("R-LC1",))
    log: list = []
    act(s, "R: ASSAULT c2 LEAD R-LC1", "R: BONUS R-MI3", log=log)
    assert ("AUTO", "B: RETREAT -") in [e[1:] for e in log]
    rejected(s, "B: RETREAT B-LI1")
    # a phalanx cannot retreat from heavy infantry
    s = ex17(("R-HI1",), ("B-PH1",))
    log = []
    act(s, "R: ASSAULT c2 LEAD R-HI1", "R: BONUS R-MI3", log=log)
    assert ("AUTO", "B: RETREAT -") in [e[1:] for e in log]
    rejected(s, "B: RETREAT B-PH1")


def test_fg_ex_18_partial_retreat():
    s = position(
        cols={"c4": (["R-HI3"], ["B-SP2", "B-AR1"])}, terrain={"c4": "PLN3", "c3": "PLN4"},
        hands={"R": ["R-HI5", "R-LD1"], "B": ["B-AR3", "B-LD1"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c4 LEAD R-HI3", "R: BONUS R-HI5", log=log)
    assert options(s) == {"B: RETREAT -", "B: RETREAT B-SP2", "B: RETREAT B-AR1",
                          "B: RETREAT B-SP2 B-AR1"}  # fmt: skip
    act(s, "B: RETREAT B-AR1", "B: BONUS B-AR3", log=log)
    assert strengths(log) == {"R": 7, "B": 5}  # no support left
    assert s.vp[0] == ["B-SP2"] and "B-AR1" in s.discard[1] and s.control[3] == "R"


def test_fg_ex_19_the_defender_wins():
    for start in ("R", "B", "N"):
        s = position(
            cols={"c5": (["R-MI1"], ["B-HI1", "B-HI2"])}, terrain={"c5": "HIL2"},
            control={"c5": start},
            hands={"R": ["R-LC3", "R-LD1"], "B": ["B-LD1", "B-LI1"]},
        )  # fmt: skip
        log: list = []
        act(s, "R: ASSAULT c5 LEAD R-MI1", "R: BONUS R-LC3", log=log)
        assert options(s) == {"B: FRONT B-HI1", "B: FRONT B-HI2"}  # no retreat
        act(s, "B: FRONT B-HI1", "B: BONUS NONE", log=log)
        assert strengths(log) == {"R": 5, "B": 7}
        assert s.vp[1] == ["R-MI1"] and RULES.vp_total(s, 1) == 2
        assert s.units[1][4] == ["B-HI1"] and s.discard[1] == ["B-HI2"]
        assert s.control[4] == ("N" if start == "R" else start)


def test_fg_ex_20_tie():
    s = position(
        cols={"c3": (["R-CAV3"], ["B-CAV4"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        control={"c3": "B"}, hands={"R": ["R-LD2", "R-LI1"], "B": ["B-LD3", "B-LI1"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c3 LEAD R-CAV3", "R: BONUS R-LD2", log=log)
    assert s.step == "DBONUS"  # 3 is not below 3
    act(s, "B: BONUS B-LD3", log=log)
    assert strengths(log) == {"R": 8, "B": 8}
    assert "R-CAV3" in s.discard[0] and "B-CAV4" in s.discard[1]
    assert s.control[2] == "N" and s.vp == [[], []]


def test_fg_ex_21_phalanx_partner_lead_only_modifiers():
    s = position(
        cols={"c3": (["R-PH1", "R-PH2"], ["B-CAV1"])}, terrain={"c3": "PLN1"},
        hands={"R": ["R-HI4", "R-LD2"], "B": ["B-LD1", "B-LI1"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c3 LEAD R-PH1", "R: BONUS R-HI4", "B: RETREAT -", "B: BONUS B-LD1",
        log=log)  # fmt: skip
    assert strengths(log) == {"R": 10, "B": 8}
    assert s.vp[0] == ["B-CAV1"] and "R-PH2" in s.discard[0] and s.control[2] == "R"
    # (b) PH1 with an archer: no partner
    assert value("R-PH1", "B-CAV1", "PLN1", partner="R-AR2") + 3 == 9
    # (c) leading the archers: the cavalry cannot retreat; Blue wins
    s = position(
        cols={"c3": (["R-PH1", "R-AR2"], ["B-CAV1"])}, terrain={"c3": "PLN1"},
        hands={"R": ["R-HI4", "R-LD2"], "B": ["B-LD1", "B-LI1"]},
    )  # fmt: skip
    log = []
    act(s, "R: ASSAULT c3 LEAD R-AR2", "R: BONUS R-HI4", log=log)
    assert s.step == "DBONUS"
    act(s, "B: BONUS B-LD1", log=log)
    assert strengths(log) == {"R": 7, "B": 9}
    assert sorted(s.vp[1]) == ["R-AR2", "R-PH1"] and RULES.vp_total(s, 1) == 4


def test_fg_ex_22_forest():
    s = position(
        cols={"c1": (["R-HI1"], ["B-LI1"])}, terrain={"c1": "FOR1"}, control={"c1": "R"},
        hands={"R": ["R-CAV2", "R-LD1"], "B": ["B-LI4", "B-LD1"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c1 LEAD R-HI1", "R: BONUS R-CAV2", "B: RETREAT -", "B: BONUS B-LI4",
        log=log)  # fmt: skip
    assert strengths(log) == {"R": 4, "B": 5}
    assert s.vp[1] == ["R-HI1"] and s.control[0] == "N"
    expect = {"HI": 2, "PH": 2, "SP": 1, "CAV": 1, "EL": 3, "LI": 2, "MI": 4, "AR": 2, "LC": 1}
    for code, v in expect.items():
        assert value(f"R-{code}1", "B-HI1", "FOR1") == v, code


def test_fg_ex_23_marsh_hill_negative_strength():
    expect = {"CAV": 1, "LC": -1, "EL": 3, "PH": 3, "MI": 4, "HI": 4, "SP": 3, "AR": 2, "LI": 1}
    for code, v in expect.items():
        assert value(f"R-{code}1", "B-HI1", "MAR1") == v, code
    s = position(
        cols={"c5": (["R-LC2"], ["B-AR3"])}, terrain={"c5": "MAR1"},
        hands={"R": ["R-ENV1", "R-LD1"], "B": ["B-LD1", "B-LI1"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c5 LEAD R-LC2", "R: ENV -", "R: BONUS R-ENV1", "B: BONUS NONE", log=log)
    assert strengths(log) == {"R": 0, "B": 2} and s.vp[1] == ["R-LC2"]
    s = position(
        cols={"c1": (["R-CAV3"], ["B-CAV4"])}, terrain={"c1": "HIL1", "c5": "PLN1"},
        hands={"R": ["R-MI4", "R-LD1"], "B": ["B-MI5", "B-LD1"]},
    )  # fmt: skip
    log = []
    act(s, "R: ASSAULT c1 LEAD R-CAV3", "R: BONUS R-MI4", "B: BONUS B-MI5", log=log)
    assert strengths(log) == {"R": 6, "B": 7} and s.vp[1] == ["R-CAV3"]


def test_fg_ex_24_special_modifier_matrix():
    pairs = [("HI", "MI", 5, 3), ("MI", "HI", 3, 5), ("SP", "CAV", 5, 3), ("CAV", "AR", 4, 3),
             ("CAV", "LC", 3, 1), ("EL", "CAV", 7, 3), ("EL", "LC", 5, 1), ("LI", "EL", 3, 5),
             ("AR", "EL", 3, 5), ("PH", "CAV", 5, 3), ("LC", "LC", 1, 1)]  # fmt: skip
    for a, d, va, vd in pairs:
        att, dfn = f"R-{a}1", f"B-{d}1"
        assert (value(att, dfn, "PLN1"), value(dfn, att, "PLN1", False)) == (va, vd), (a, d)
    assert value("R-CAV1", "B-LI3", "PLN1", partner="R-AR1") == 5
    assert value("R-AR1", "B-LI3", "PLN1", partner="R-CAV1") == 3
    assert value("B-LI3", "R-CAV1", "PLN1", False) == 1
    assert value("B-AR2", "R-SP1", "PLN1", False, "B-CAV3") == 3
    assert value("R-SP1", "B-AR2", "PLN1") == 3
    assert value("R-SP1", "B-CAV3", "PLN1") == 5
    assert value("B-CAV3", "R-SP1", "PLN1", False, "B-AR2") == 4


def ex25():
    return position(
        cols={"c2": (["R-MI1"], []), "c3": (["R-CAV1"], ["B-HI1"]),
              "c4": (["R-HI2", "R-AR1"], [])},
        terrain=PLAIN,
        hands={"R": ["R-ENV1", "R-ENV2", "R-LD1", "R-LI1"], "B": ["B-HI3", "B-LD1"]},
    )  # fmt: skip


def test_fg_ex_25_source_envelopment():
    s = ex25()
    log: list = []
    act(s, "R: ASSAULT c3 LEAD R-CAV1", log=log)
    rejected(s, "B: ENV R-ENV1", "B: BONUS B-LD1")
    act(s, "R: ENV R-ENV1", log=log)
    assert events(log, "ENVELOP") == [("R", "R-ENV1", 2)]
    rejected(s, "R: ENV R-ENV2")
    act(s, "R: BONUS R-LD1", log=log)
    rejected(s, "R: ENV R-ENV2")
    assert s.step == "DBONUS"  # HI cannot retreat from MC 3
    act(s, "B: BONUS B-HI3", log=log)
    assert strengths(log) == {"R": 10, "B": 6}
    assert s.vp[0] == ["B-HI1"] and s.control[2] == "R"
    assert s.discard[0][-2:] == ["R-LD1", "R-ENV1"]
    assert s.units[0][1] == ["R-MI1"] and s.units[0][3] == ["R-HI2", "R-AR1"]


def test_fg_ex_26_blocked_envelopment_and_full_retreat():
    s = position(
        cols={"c2": (["R-LC1"], ["B-LC2"]), "c3": (["R-EL1"], ["B-MI4"]),
              "c4": (["R-SP1", "R-SP2"], [])},
        terrain=PLAIN,
        hands={"R": ["R-ENV2", "R-LD1"], "B": ["B-LD1", "B-LI1"]},
        piles={"R": ["R-AR4", "..."]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c3 LEAD R-EL1", "R: ENV R-ENV2", "R: BONUS DECK", log=log)
    assert events(log, "ENVELOP") == [("R", "R-ENV2", 2)]
    act(s, "B: RETREAT B-MI4", log=log)
    assert ("AUTO", "R: LOSE R-EL1") in [e[1:] for e in log]
    assert sorted(s.discard[0]) == ["R-AR4", "R-EL1", "R-ENV2"]
    assert s.units[0][3] == ["R-SP1", "R-SP2"] and s.units[0][1] == ["R-LC1"]
    assert not events(log, "ROUT") and s.control == ["N"] * 5


def ex27(pile=("R-HI2",), discard=None, shuf="FIRST"):
    return position(
        cols={"c3": (["R-EL1", "R-LI2"], ["B-LI1"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        control={"c3": "R"},
        hands={"R": ["R-LC1", "R-LD1"], "B": ["B-LD2", "B-CAV5", "B-HI4"]},
        piles={"R": list(pile)}, discards={"R": discard} if discard is not None else None,
        shuf={"R": shuf},
    )  # fmt: skip


def test_fg_ex_27_routing_elephants():
    start = ("R: ASSAULT c3 LEAD R-EL1", "R: BONUS R-LC1", "B: RETREAT -")
    # (a) Blue wins: both units and the routed top card to Blue's victory pile
    s = ex27()
    log: list = []
    act(s, *start, "B: BONUS B-LD2", log=log)
    assert strengths(log) == {"R": 7, "B": 8}
    assert s.vp[1] == ["R-EL1", "R-LI2", "R-HI2"] and RULES.vp_total(s, 1) == 7
    assert events(log, "ROUT") == [("R", "R-HI2")] and s.control[2] == "N"
    # (b) a tie: no rout
    s = ex27()
    log = []
    act(s, *start, "B: BONUS B-CAV5", log=log)
    assert strengths(log) == {"R": 7, "B": 7} and not events(log, "ROUT")
    assert s.control[2] == "N" and s.vp == [[], []]
    # (c) Red wins: LI2 discarded, no rout, c3 stays Red
    s = ex27()
    log = []
    act(s, *start, "B: BONUS B-HI4", log=log)
    assert strengths(log) == {"R": 7, "B": 6} and not events(log, "ROUT")
    assert "R-LI2" in s.discard[0] and s.control[2] == "R" and s.vp[0] == ["B-LI1"]
    # (d) the rout reshuffles first; the bonus card arrives after it
    s = ex27(pile=(), discard=["R-MI1"], shuf="FIRST")
    log = []
    act(s, *start, "B: BONUS B-LD2", log=log)
    assert s.shuf[0] == SECOND and s.vp[1] == ["R-EL1", "R-LI2", "R-MI1"]
    assert RULES.vp_total(s, 1) == 6
    kinds = [e[1] for e in log]
    assert kinds.index("RESHUFFLE") < kinds.index("ROUT")
    assert s.discard[0] == ["R-LC1"]


def ex28():
    return position(
        cols={"c3": (["R-HI1"], ["B-EL1", "B-LI2"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        control={"c3": "B"},
        hands={"R": ["R-LD3", "R-LI1"], "B": ["B-AR4", "B-LD1"]}, piles={"B": ["B-HI2"]},
    )  # fmt: skip


def test_fg_ex_28_elephants_escorted_by_light_infantry():
    s = ex28()
    act(s, "R: ASSAULT c3 LEAD R-HI1", "R: BONUS R-LD3")
    assert options(s) == {"B: RETREAT -", "B: RETREAT B-LI2"}
    log: list = []
    act(s, "B: RETREAT B-LI2", "B: BONUS B-AR4", log=log)
    assert strengths(log) == {"R": 9, "B": 8}
    assert s.vp[0] == ["B-EL1", "B-HI2"] and s.control[2] == "R"
    s = ex28()
    log = []
    act(s, "R: ASSAULT c3 LEAD R-HI1", "R: BONUS R-LD3", "B: RETREAT -", "B: FRONT B-EL1",
        "B: BONUS B-AR4", log=log)  # fmt: skip
    assert strengths(log) == {"R": 9, "B": 9} and s.control[2] == "N"
    s = ex28()
    log = []
    act(s, "R: ASSAULT c3 LEAD R-HI1", "R: BONUS R-LD3", "B: RETREAT -", "B: FRONT B-LI2",
        "B: BONUS B-AR4", log=log)  # fmt: skip
    assert strengths(log) == {"R": 9, "B": 5}
    assert s.vp[0] == ["B-EL1", "B-LI2", "B-HI2"] and events(log, "ROUT") == [("B", "B-HI2")]


def test_fg_ex_29_bonus_from_the_deck():
    # (a) Red's pile is empty: reshuffle, then the top card is committed
    s = position(
        cols={"c3": (["R-HI1"], ["B-HI1"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        hands={"R": ["R-LI1"], "B": ["B-LD4", "B-LI1"]}, piles={"R": [], "B": ["B-LD1"]},
        discards={"R": ["R-LD3", "R-MI2", "R-AR4"]},
    )  # fmt: skip
    log: list = []
    act(s, "R: ASSAULT c3 LEAD R-HI1", log=log)
    rejected(s, "R: BONUS NONE")
    act(s, "R: BONUS DECK", log=log)
    assert s.shuf[0] == SECOND and s.combat["abonus"] in ("R-LD3", "R-MI2", "R-AR4")
    obs = RULES.observation(s, 1)
    assert obs["combat"]["attacker_bonus_from"] == "DECK" and "attacker_bonus" not in obs["combat"]
    assert RULES.observation(s, 0)["combat"]["attacker_bonus"] == s.combat["abonus"]
    # (b) Blue's bonus from the deck during Red's turn
    act(s, "B: BONUS DECK", log=log)
    assert [e for e in log if e[1] == "BONUS-CARD" and e[0] == 1][0][3] == "B-LD1"
    # rejected: DECK with an empty pile and the shuffle card aside, or with nothing left
    for shuf, disc in (({"R": ASIDE}, ["R-LD3"]), ({"R": "FIRST"}, [])):
        s = position(
            cols={"c3": (["R-HI1"], ["B-HI1"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
            hands={"R": ["R-LI1"], "B": ["B-LI1"]}, piles={"R": []}, discards={"R": disc},
            shuf=shuf,
        )  # fmt: skip
        act(s, "R: ASSAULT c3 LEAD R-HI1")
        rejected(s, "R: BONUS DECK")
    # no assault with an empty hand and a deck that cannot be drawn
    s = position(
        cols={"c3": (["R-HI1"], ["B-HI1"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        hands={"R": [], "B": ["B-LI1"]}, piles={"R": []}, discards={"R": []},
    )  # fmt: skip
    assert not any(o.verb == "ASSAULT" for o in RULES._legal(s))
