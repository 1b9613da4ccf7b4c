"""FG-25 worked examples: Reserve, Draw, the end of the game and illegal actions
(FG-EX-30 .. FG-EX-35)."""

from __future__ import annotations

import pytest
from fg_positions import act, begin_turn, options, position

from game.core.contract import IllegalAction
from game.games.field_of_glory.rules import RULES
from game.games.field_of_glory.state import ASIDE, SECOND

R9 = ["R-RES1", "R-HI1", "R-HI2", "R-MI1", "R-AR1", "R-LI1", "R-SP1", "R-CAV1", "R-ENV1"]


def rejected(s, *texts: str) -> list[str]:
    before = RULES.to_json(s)
    rules = []
    for text in texts:
        with pytest.raises(IllegalAction) as err:
            RULES.apply(s, text)
        rules.append(err.value.rule)
    assert RULES.to_json(s) == before
    return rules


def test_fg_ex_30_reserve():
    s = position(hands={"R": R9, "B": ["B-LI1"]})
    rejected(s, "R: RESERVE R-ENV1")
    act(s, "R: RESERVE R-RES1")
    assert len(s.hand[0]) == 11 and s.discard[0] == ["R-RES1"] and s.step == "ACT"
    assert RULES.check_invariants(s) == []  # 11 cards during his own turn
    act(s, "R: ENDACT", "R: DRAW3")
    assert len(s.hand[0]) == 14 and s.step == "DROP"
    for card in s.hand[0][:4]:
        act(s, f"R: DROP {card}")
    assert len(s.hand[0]) == 10
    rejected(s, "R: DRAW3", "R: ENDACT")  # P5 cannot end with 10 cards
    act(s, f"R: DROP {s.hand[0][0]}")
    assert len(s.hand[0]) == 9 and s.active == 1
    # no Reserve card in hand: no RESERVE
    s = position(hands={"R": R9[1:], "B": ["B-LI1"]})
    assert not [o for o in options(s) if "RESERVE" in o]
    rejected(s, "R: RESERVE R-RES1")


def draw_position(hand: list[str], **kw):
    return position(hands={"R": hand, "B": ["B-LI1"]}, **kw)


def test_fg_ex_31_draw_phase():
    hand6 = ["R-LD1", "R-RES2", "R-HI1", "R-MI1", "R-AR1", "R-LI1"]
    s = draw_position(hand6)
    act(s, "R: ENDACT", "R: DRAWCP R-LD1")
    assert len(s.hand[0]) == 10 and s.step == "DROP"
    act(s, "R: DROP R-LI1")
    assert len(s.hand[0]) == 9 and s.active == 1
    s = draw_position(hand6)
    act(s, "R: ENDACT", "R: DRAW3")
    assert len(s.hand[0]) == 9
    s = draw_position(hand6)
    act(s, "R: ENDACT", "R: DRAWCP R-RES2")
    assert len(s.hand[0]) == 6 and "R-RES2" in s.discard[0]
    # (d) 2 cards, reshuffle, 1 card; 9 left in the new pile
    disc = ["R-CAV1", "R-CAV2", "R-CAV3", "R-CAV4", "R-CAV5", "R-SP1", "R-SP2", "R-SP3",
            "R-SP4", "R-PH1"]  # fmt: skip
    s = draw_position(hand6, piles={"R": ["R-EL1", "R-EL2"]}, discards={"R": disc})
    log: list = []
    act(s, "R: ENDACT", "R: DRAW3", log=log)
    assert s.shuf[0] == SECOND and len(s.pile[0]) == 9 and len(s.hand[0]) == 9
    assert {"R-EL1", "R-EL2"} <= set(s.hand[0])
    assert [e[2:] for e in log if e[1] == "RESHUFFLE"] == [("R", SECOND, 10)]


def test_fg_ex_32_failed_draws():
    hand6 = ["R-LD1", "R-RES2", "R-HI1", "R-MI1", "R-AR1", "R-LI1"]
    disc = ["R-CAV1", "R-CAV2", "R-CAV3", "R-CAV4", "R-CAV5", "R-SP1"]
    s = draw_position(hand6, piles={"R": []}, discards={"R": disc}, shuf={"R": ASIDE})
    act(s, "R: ENDACT", "R: DRAW3")
    assert len(s.hand[0]) == 6 and s.discard[0] == disc and s.shuf[0] == ASIDE
    s = draw_position(hand6, piles={"R": []}, discards={"R": []}, shuf={"R": SECOND})
    log: list = []
    act(s, "R: ENDACT", "R: DRAW3", log=log)
    assert s.shuf[0] == ASIDE and len(s.hand[0]) == 6 and s.pile[0] == []
    assert [e[2:] for e in log if e[1] == "DRAWN"][-1] == ("R", 0)
    # (c) a rout from an empty pile with the shuffle card aside hands nothing over
    s = position(
        cols={"c3": (["R-EL1"], ["B-HI1"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        hands={"R": ["R-LI1", "R-LD1"], "B": ["B-LD1", "B-LI1"]}, piles={"R": []},
        discards={"R": ["R-HI2"]}, shuf={"R": ASIDE},
    )  # fmt: skip
    log = []
    act(s, "R: ASSAULT c3 LEAD R-EL1", "R: BONUS R-LI1", "B: RETREAT -", "B: BONUS B-LD1",
        log=log)  # fmt: skip
    assert s.vp[1] == ["R-EL1"] and [e[2:] for e in log if e[1] == "ROUT"] == [("R", "-")]


def ex33(control: str, vps=None):
    return position(
        control=control, vps=vps,
        hands={"R": ["R-LI1", "R-LI2", "R-LI3"], "B": ["B-LI1"]},
        piles={"R": ["R-AR1"]},
        discards={"R": ["R-AR2", "R-AR3", "R-AR4", "R-SP1", "R-SP2", "R-SP3", "R-SP4"]},
        shuf={"R": SECOND, "B": ASIDE},
    )  # fmt: skip


def test_fg_ex_33_end_by_exhaustion():
    s = ex33("RNRNB")
    log: list = []
    act(s, "R: ENDACT", "R: DRAW3", log=log)
    assert s.shuf[0] == ASIDE and len(s.hand[0]) == 6 and len(s.pile[0]) == 5
    assert RULES.is_over(s) and s.end == "EXHAUSTION" and RULES.winners(s) == [0]
    # (b) 2-2 in terrain; Red's victory pile 4 VP against Blue's 3
    vps = {"R": ["B-HI1", "B-LI1"], "B": ["R-EL1", "R-LD2"]}
    s = ex33("RRNBB", vps)
    act(s, "R: ENDACT", "R: DRAW3")
    assert RULES.winners(s) == [0] and RULES.scores(s) == [2.04, 2.03]
    # (c) 1-1 and equal VP: a draw
    s = ex33("RNNBN", {"R": ["B-LI1"], "B": ["R-LI4"]})
    act(s, "R: ENDACT", "R: DRAW3")
    assert RULES.is_over(s) and RULES.winners(s) == [] and s.winner is None
    # (d) the second shuffle card goes aside in the opponent's turn: the turn ends first
    s = position(
        cols={"c3": (["R-HI1"], ["B-HI2"])}, terrain={"c3": "PLN2", "c2": "PLN3"},
        hands={"R": ["R-LD1", "R-LI1"], "B": ["B-LI1", "B-LD1"]}, piles={"B": []},
        discards={"B": ["B-AR1"]}, shuf={"R": ASIDE, "B": SECOND},
    )  # fmt: skip
    log = []
    act(s, "R: ASSAULT c3 LEAD R-HI1", "R: BONUS R-LD1", "B: BONUS DECK", "R: ENDACT",
        "R: DRAW3", log=log)  # fmt: skip
    assert RULES.is_over(s) and s.end == "EXHAUSTION"
    kinds = [e[1] for e in log]
    assert kinds.index("RESHUFFLE") < kinds.index("OUTCOME") < kinds.index("END")
    assert RULES.is_over(s) and s.end == "EXHAUSTION"


def ex34(control="RRNRN"):
    return position(
        cols={"c4": (["R-HI1"], [])}, control=control, active="B",
        hands={"B": ["B-LC1", "B-LD1", "B-HI4", "B-LI2", "B-AR1"], "R": ["R-LI1"]},
    )  # fmt: skip


def test_fg_ex_34_three_terrain_cards_must_survive_a_turn():
    # (a) Blue wins an assault in c4: c4 -> B, and Red does not win at its P1
    s = ex34()
    act(s, "B: PLACE B-LC1@c4", "B: ENDPLACE", "B: ASSAULT c4 LEAD B-LC1", "B: BONUS B-LD1")
    act(s, "R: BONUS NONE")
    assert s.control[3] == "B"
    act(s, "B: ENDACT", "B: DRAW3")
    assert not RULES.is_over(s) and s.active == 0
    # (b) a tie: c4 -> N
    s = ex34()
    act(s, "B: PLACE B-LC1@c4", "B: ENDPLACE", "B: ASSAULT c4 LEAD B-LC1", "B: BONUS B-HI4",
        "R: BONUS NONE")  # fmt: skip
    assert s.control[3] == "N"
    # (c) the assault fails: c4 stays Red, Red wins at its P1
    s = ex34()
    act(s, "B: PLACE B-LC1@c4", "B: ENDPLACE", "B: ASSAULT c4 LEAD B-LC1", "B: BONUS B-LI2",
        "R: BONUS NONE", "B: ENDACT", "B: DRAW3")  # fmt: skip
    assert RULES.is_over(s) and RULES.winners(s) == [0] and s.end == "CHECK"
    # (d) Blue deploys only
    s = ex34()
    act(s, "B: PLACE B-LC1@c3", "B: ENDPLACE", "B: ENDACT", "B: DRAW3")
    assert RULES.is_over(s) and RULES.winners(s) == [0]
    # (e) a Red column without a Red unit can be neither assaulted nor flanked
    s = ex34()
    act(s, "B: PLACE B-LC1@c1", "B: ENDPLACE")
    assert not [o for o in options(s) if "ASSAULT" in o]
    s = begin_turn(position(
        cols={"c1": ([], ["B-LC1"]), "c2": ([], ["B-LI1"])}, control="RRNRN", active="B",
        hands={"B": ["B-LD1", "B-HI4"], "R": ["R-LI1"]},
    ))  # fmt: skip
    assert s.pairs == [] and not [o for o in options(s) if "ASSAULT" in o or "FLANK" in o]


def test_fg_ex_35_illegal_actions():
    hands = {"R": ["R-LD1", "R-HI4", "R-ENV1", "R-LI1", "R-HI3", "R-CAV1"],
             "B": ["B-LD1", "B-LI2"]}  # fmt: skip
    cols = {"c1": (["R-HI1"], []), "c2": (["R-CAV2", "R-CAV3"], ["B-MI1", "B-LI1"]),
            "c4": ([], ["B-HI1"])}  # fmt: skip
    s = position(cols=cols, hands=hands)
    assert rejected(s, "R: ASSAULT c1 LEAD R-HI1", "R: ASSAULT c4 LEAD R-HI1") == [
        "FG-10.1", "FG-10.1"]  # fmt: skip
    rules = rejected(
        s, "R: FLANK c2 FROM c1 LEAD R-HI1", "B: BONUS NONE", "B: ENDACT",
        "R: PLACE R-HI3@c2", "R: PLACE R-CAV1@c2", "R: ENDPLACE", "R: PAY R-LD1",
        "R: ADVDROP R-CAV2", "R: KEEP R-LD1 R-HI4", "R: DRAWCP R-HI2",
    )  # fmt: skip
    assert rules == ["FG-9", "FG-6.4", "FG-6.4", "FG-11.4", "FG-11.4", "FG-11.10", "FG-11.9",
                     "FG-8.2", "FG-4.3", "FG-18.1"]  # fmt: skip
    act(s, "R: PLACE R-LI1@c3")
    rejected(s, "R: PAY R-LD1", "R: ASSAULT c2 LEAD R-CAV2", "R: RESERVE R-RES1")
    act(s, "R: ENDPLACE", "R: PAY R-HI4")
    # a flank attack: no Envelopment; a retreated unit cannot be in front
    s = begin_turn(position(cols={"c1": (["R-CAV1"], []), **{"c2": cols["c2"]}}, hands=hands))
    act(s, "R: FLANK c2 FROM c1 LEAD R-CAV1")
    assert rejected(s, "R: ENV R-ENV1", "B: RETREAT B-MI1 B-LI2") == ["FG-6.4", "FG-12.5"]
    act(s, "B: RETREAT B-LI1")
    rejected(s, "R: ENV R-ENV1", "B: FRONT B-LI1")
    act(s, "R: BONUS R-LD1")
    rejected(s, "B: FRONT B-LI1")
    assert s.step == "DBONUS"  # one unit left: it is the front unit
    # outside P4: no ASSAULT, PLACE or RESERVE; outside P3: no FLANK
    rejected(s, "R: ASSAULT c2 LEAD R-CAV2", "R: PLACE R-HI3@c5", "R: FLANK c2 FROM c1 LEAD R-CAV1")
