"""RM-30 worked examples of the base game, one test per example."""

from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.games.runes_of_mayhem.content import deck_of
from game.games.runes_of_mayhem.rules import RULES

R = RULES


def pos(
    step="MAIN",
    active=0,
    cells=None,
    wall=None,
    gold=(0, 0),
    faith=(0, 0),
    hand=None,
    dice=(),
    tok=((4, 3), (4, 3)),
    sp=(40, 40),
    dmg=None,
):
    """A position built by hand: ``cells`` maps a cell to a card id."""
    s = R.new_game({}, 1)
    s.cells, s.units, s.wall = {}, {}, [[], []]
    for p in (0, 1):
        s.hand[p], s.discard[p], s.aside[p] = [], [], []
        s.pile[p] = deck_of(p)
    placed = dict(cells or {})
    for p, cards in enumerate(wall or ([], [])):
        s.wall[p] = list(cards)
    for cell, card in placed.items():
        s.cells[cell] = card
    for card in list(placed.values()) + s.wall[0] + s.wall[1]:
        s.units[card] = [0, 0, 0, ""]
        s.pile["VA".index(card[0])].remove(card)
    for p, cards in enumerate(hand or ([], [])):
        for c in cards:
            s.pile[p].remove(c)
            s.hand[p].append(c)
    for card, n in (dmg or {}).items():
        s.units[card][0] = n
    s.gold, s.faith = list(gold), list(faith)
    s.tokens = [list(t) for t in tok]
    s.strength_points = list(sp)
    s.active, s.turn, s.step = active, 1 + active, step
    s.dice = list(dice)
    s.last = {}
    if step == "MAIN":
        s.main = {"played": False, "traded": False, "roll": None}
    if step == "RESOLVE":
        s.combat = {
            "open": 0,
            "opened": [],
            "mode": "IDLE",
            "attacker": None,
            "target": None,
            "target_row": 0,
            "done": [],
            "sieged": [],
            "flanked": [],
        }
    s.heal_seat = active
    return s.fresh()


def ok(s, *texts):
    for t in texts:
        R.apply(s, t)
        assert R.check_invariants(s) == []


def bad(s, text):
    before = R.to_json(s)
    with pytest.raises(IllegalAction):
        R.apply(s, text)
    assert R.to_json(s) == before


def life_left(s, card):
    return R.cur_l(s, card) - s.units[card][0]


def test_RM_EX_1_production():
    s = pos(step="DISC", tok=((4, 3), (4, 3)), gold=(0, 0))
    s.active = 1
    s.gold[0], s.faith[0] = 1, 0
    s.heal_seat = 1
    R._start_turn(s, 0, None)
    assert (s.gold[0], s.faith[0]) == (5, 3)


def test_RM_EX_2_starting_hands():
    s = R.new_game({}, 7)
    assert len(s.hand[0]) == 5 and (s.gold, s.faith) == ([0, 3], [0, 0])
    hand = sorted(s.hand[0])
    log = []
    R.apply(s, f"V: MULL {hand[0]},{hand[1]}", log)
    bad(s, f"V: MULL {s.hand[1][0]}")  # the Anglo-Saxon decides now, not knowing (RM-5.6)
    R.apply(s, "A: MULL -", log)
    assert R.check_invariants(s) == []
    assert len(s.hand[0]) == 5 and len(s.pile[0]) == 47 and not set(hand[:2]) & set(s.hand[0])
    assert [e[1:] for e in log if e[1] in ("MULLIGAN", "SHUF")] == [
        ("MULLIGAN", "V", 2),
        ("SHUF", "V"),
        ("MULLIGAN", "A", 0),
    ]
    bad(s, "V: TOK 5/3")
    ok(s, "V: TOK 4/3")


def test_RM_EX_3_playing_cards():
    s = pos(gold=(4, 0), faith=(4, 0), hand=(["V-VAN#1", "V-ODS#1", "V-AXE#1"], []))
    ok(s, "V: PLAY V-VAN#1@V21")
    assert (s.gold[0], s.faith[0]) == (0, 2)
    ok(s, "V: PLAY V-ODS#1@VW")
    assert (s.gold[0], s.faith[0]) == (0, 0)
    bad(s, "V: TRADE")
    bad(s, "V: PLAY V-AXE#1@V11")


def test_RM_EX_4_trading():
    s = pos(active=1, dice=[1, 1, 3], hand=([], ["A-PEA#1"]))
    ok(s, "A: TRADE")
    bad(s, "A: TRADE 4/2")
    ok(s, "A: TRADE 3/2")
    assert (s.gold[1], s.faith[1]) == (3, 2)
    bad(s, "A: PLAY A-PEA#1@A11")


def test_RM_EX_5_board_full():
    cells = {f"V{c}{r}": f"V-SPR#{(r - 1) * 3 + c}" for c in (1, 2, 3) for r in (1, 2)}
    s = pos(
        cells=cells,
        wall=(["V-HSP#1", "V-HSP#2"], []),
        gold=(5, 0),
        faith=(5, 0),
        hand=(["V-AXE#1", "V-NPR#1"], []),
    )
    assert not [a for a in R.legal_actions(s) if a.arg.startswith("V-AXE#1@")]
    assert R.parse_action("V: PLAY V-NPR#1@V13") in R.legal_actions(s)
    ok(s, "V: SAC V11", "V: PLAY V-AXE#1@V11")
    assert "V-SPR#1" in s.discard[0]


def test_RM_EX_6_no_movement_outside_reorganize():
    s = pos(gold=(3, 0), hand=(["V-SHM#1"], []))
    ok(s, "V: PLAY V-SHM#1@V21")
    bad(s, "V: RE V-SHM#1@V22")  # RM-14.8: not in the Main phase
    ok(s, "V: END")  # the Viking's empty-hand Discard step is taken as AUTO
    while R.to_act(s) == 1:  # the Anglo-Saxon turn passes without a play
        end = [a for a in R.legal_actions(s) if a.verb in ("END", "DISC") and a.arg in ("", "-")]
        ok(s, str(end[0] if end else R.legal_actions(s)[0]))
    assert s.step == "RE" and s.active == 0
    ok(s, "V: RE V-SHM#1@V22")
    assert s.cells.get("V22") == "V-SHM#1"


def test_RM_EX_9_end_phase():
    s = pos(step="DISC", cells={"V21": "V-AXE#1", "V22": "V-ARC#1"}, dmg={"V-AXE#1": 1})
    s.units["V-ARC#1"][2] = 1
    assert life_left(s, "V-AXE#1") == 1
    ok(s, "V: DISC -")
    assert s.units["V-AXE#1"] == [0, 0, 0, ""] and s.units["V-ARC#1"] == [0, 0, 0, ""]
    assert life_left(s, "V-AXE#1") == 2 and R.cur_s(s, "V-AXE#1") == 2


def test_RM_EX_7_draw_phase():
    s = pos(step="DISC", hand=(["V-AXE#1", "V-AXE#2"], []))
    ok(s, "V: DISC V-AXE#2")
    assert len(s.hand[0]) == 5 and s.active == 1


def test_RM_EX_8_reshuffle():
    s = pos(step="DISC", hand=(["V-AXE#1", "V-AXE#2"], []))
    rest = s.pile[0]
    s.pile[0], s.discard[0] = rest[:1], rest[1:11]
    s.aside[0] = rest[11:]  # park the other cards (not part of this example)
    s.deck_size[0] = 52
    R.apply(s, "V: DISC -")
    assert (len(s.hand[0]), len(s.pile[0]), len(s.discard[0])) == (5, 8, 0)


def test_RM_EX_8b_repairs_stay_in_the_discard_pile():
    """RM-15.4 (Balance): Builders and Aethelflaed are not shuffled into the new pile."""
    s = pos(step="DISC", active=1, hand=([], ["A-PEA#1", "A-PEA#2"]))
    rest = [c for c in s.pile[1] if c not in ("A-BLD#1", "A-BLD#2", "A-AEF#1")]
    s.pile[1] = rest[:1]
    s.discard[1] = ["A-BLD#1", *rest[1:9], "A-AEF#1", "A-BLD#2"]
    s.aside[1] = rest[9:]  # park the other cards (not part of this example)
    R.apply(s, "A: DISC -")
    assert (len(s.hand[1]), len(s.pile[1])) == (5, 6)
    assert sorted(s.discard[1]) == ["A-AEF#1", "A-BLD#1", "A-BLD#2"]
    assert not {"A-AEF#1", "A-BLD#1", "A-BLD#2"} & set(s.hand[1] + s.pile[1])


def test_RM_EX_8c_only_repairs_left_stops_the_draw():
    s = pos(step="DISC", active=1, hand=([], ["A-PEA#1", "A-PEA#2"]))
    rest = [c for c in s.pile[1] if c not in ("A-BLD#1", "A-AEF#1")]
    s.pile[1], s.discard[1], s.aside[1] = rest[:1], ["A-BLD#1", "A-AEF#1"], rest[1:]
    R.apply(s, "A: DISC -")
    assert len(s.hand[1]) == 3 and s.pile[1] == []  # RM-15.4: drawing stops
    assert sorted(s.discard[1]) == ["A-AEF#1", "A-BLD#1"]


def test_RM_EX_10_basic_fight():
    s = pos(step="RESOLVE", cells={"V21": "V-AXE#1", "A21": "A-PEA#1"}, dice=[2, 0])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.units["A-PEA#1"][1] == 1 and life_left(s, "V-AXE#1") == 1


def test_RM_EX_11_disadvantage():
    s = pos(step="RESOLVE", cells={"V21": "V-SHM#1", "A21": "A-ASP#1"}, dice=[2])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.units["A-ASP#1"][1] == 1 and s.units["V-SHM#1"][0] == 3


def _ex12(dice):
    cells = {"V21": "V-SHM#1", "V22": "V-HRS#1", "A21": "A-ASP#1", "A22": "A-TCV#1"}
    s = pos(step="RESOLVE", cells=cells, dice=dice)
    ok(s, "V: OPEN 2", "V: F V21>A21")
    return s


def test_RM_EX_12_stop_blocks_the_unit_behind():
    s = _ex12([0])
    assert s.units["A-ASP#1"][0] == 4 and s.units["V-SHM#1"][0] == 3
    ok(s, "V: STOP")
    bad(s, "V: F V22>A21")
    bad(s, "V: CONT")
    bad(s, "V: SG V22>AF")


def test_RM_EX_13_cover():
    # the owed cover is the only option (no Flank): the engine fights it as AUTO
    s = _ex12([1, 2])
    assert s.units["A-ASP#1"][1] == 1
    assert s.units["A-TCV#1"][0] == 4 and s.units["V-SHM#1"][1] == 1
    assert R.parse_action("V: F V22>A22") in R.legal_actions(s)


def test_RM_EX_14_both_fall():
    cells = {"V21": "V-SHM#1", "V22": "V-HRS#1", "A21": "A-SWD#1", "A22": "A-TCV#1"}
    s = pos(step="RESOLVE", cells=cells, dice=[0, 0])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.units["A-SWD#1"][1] == s.units["V-SHM#1"][1] == 1
    legal = R.legal_actions(s)
    assert R.parse_action("V: F V22>A22") in legal and R.parse_action("V: CLOSE") in legal


def test_RM_EX_15_priest_as_defender():
    s = pos(
        step="RESOLVE", cells={"V11": "V-AXE#1", "A13": "A-CMK#1", "V13": "V-ODS#1"}, dice=[0, 1, 2]
    )
    ok(s, "V: OPEN 1", "V: F V11>A13")
    assert s.units["A-CMK#1"][0] == 2 and s.units["V-AXE#1"][0] == 0
    ok(s, "V: CONT")
    assert s.units["A-CMK#1"][1] == 1
    ok(s, "V: SG V11>AF")
    assert s.strength_points[1] == 36


def test_RM_EX_16_columns():
    cells = {"V11": "V-AXE#1", "V31": "V-AXE#2", "A11": "A-PEA#1", "A31": "A-PEA#2"}
    s = pos(step="RESOLVE", cells=cells)
    ok(s, "V: OPEN 1", "V: CLOSE")
    bad(s, "V: OPEN 1")
    assert R.parse_action("V: OPEN 3") in R.legal_actions(s)


def test_RM_EX_17_reorganize():
    cells = {"V11": "V-AXE#2", "V21": "V-SPR#1", "A21": "A-TSP#1", "A31": "A-SWD#1"}
    s = pos(step="RE", cells=cells, wall=(["V-AXE#1"], []))
    bad(s, "V: RE V-AXE#1@V21 V-AXE#2@V21")
    bad(s, "V: RE V-AXE#1@V13")
    t = pos(step="RE", cells=cells, wall=(["V-AXE#1", "V-HSP#1"], []))
    bad(t, "V: RE V-SPR#1@VW")
    ok(s, "V: RE V-AXE#1@V21 V-AXE#2@V22 V-SPR#1@VW")
    assert s.cells["V21"] == "V-AXE#1" and s.wall[0] == ["V-SPR#1"]


def test_RM_EX_18_siege():
    cells = {"V21": "V-SHM#1", "V22": "V-HRS#1", "A21": "A-PEA#1"}
    s = pos(step="RESOLVE", cells=cells, dice=[1, 2, 1, 1])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.units["V-SHM#1"][0] == 3
    ok(s, "V: SG V21>AF")
    assert s.strength_points[1] == 35
    ok(s, "V: SG V22>AF")
    assert s.strength_points[1] == 30
    bad(s, "V: SG V21>AF")


def test_RM_EX_19_protection():
    cells = {"V21": "V-SPR#1", "V22": "V-VAN#1"}
    s = pos(step="RESOLVE", cells=cells, wall=([], ["A-PEA#1", "A-PEA#2"]), dice=[1, 3])
    ok(s, "V: OPEN 2", "V: SG V21>AF", "V: SG V22>AF")
    assert s.strength_points[1] == 33


def test_RM_EX_20_victory():
    s = pos(step="RESOLVE", cells={"V11": "V-RDR#1"}, sp=(40, 4), dice=[1])
    log = []
    R.apply(s, "V: OPEN 1", log)
    R.apply(s, "V: SG V11>AF", log)
    assert R.is_over(s) and R.winners(s) == [0] and s.strength_points[1] == 0
    assert "WIN" in [e[1] for e in log]


def test_RM_EX_21_shooting_the_supporter():
    cells = {"V21": "V-SHM#1", "V22": "V-ARC#1", "A21": "A-ASP#1", "A22": "A-PEA#1"}
    s = pos(step="RESOLVE", cells=cells, dice=[0, 1, 2])
    ok(s, "V: OPEN 2", "V: F V22>A22")
    assert s.units["A-PEA#1"][1] == 1 and s.units["V-ARC#1"][2] == 1
    ok(s, "V: F V21>A21")
    assert s.units["A-ASP#1"][1] == 1 and s.units["V-SHM#1"][0] == 3
    bad(s, "V: SG V22>AF")
    ok(s, "V: SG V21>AF")
    assert s.strength_points[1] == 34


def test_RM_EX_22_defending_archers():
    cells = {"V21": "V-SHM#1", "V22": "V-ARC#1", "A21": "A-SCT#1", "A22": "A-EAR#1"}
    s = pos(step="RESOLVE", cells=cells, dice=[2, 0])
    ok(s, "V: OPEN 2", "V: F V22>A21", "V: F V21>A22")
    assert s.units["A-EAR#1"][1] == 1 and s.units["V-SHM#1"][0] == 3
    assert R.parse_action("V: SG V21>AF") in R.legal_actions(s)


def test_RM_EX_23_direct_shots():
    s = pos(
        wall=([], ["A-CCH#1"]),
        cells={"A31": "A-SWD#1"},
        gold=(9, 0),
        faith=(9, 0),
        hand=(["V-ARC#1", "V-EAR#1"], []),
        dice=[3, 1],
    )
    ok(s, "V: PLAY V-ARC#1@V12 DS>AW:A-CCH#1", "V: PLAY V-EAR#1@V22 DS>A31")
    assert s.units["A-CCH#1"][1] == 1 and s.units["A-SWD#1"][1] == 1
    ok(s, "V: END")
    assert {"A-CCH#1", "A-SWD#1"} <= set(s.discard[1])


def test_RM_EX_24_direct_shot_limits():
    s = pos(
        wall=([], ["A-PEA#1"]),
        cells={"A21": "A-SWD#1"},
        gold=(9, 0),
        faith=(9, 0),
        hand=(["V-ARC#2", "V-ONG#1"], []),
        dice=[2, 3],
    )
    bad(s, "V: PLAY V-ARC#2@VW DS>A21")
    ok(s, "V: PLAY V-ONG#1@V22 DS>AF")
    assert s.strength_points[1] == 32


def test_RM_EX_25_heal():
    cells = {"V21": "V-VAN#1", "V13": "V-ODS#1", "A21": "A-SWD#1", "A31": "A-TSP#1",
             "A23": "A-CPR#1", "A13": "A-CMK#1"}  # fmt: skip
    s = pos(step="RESOLVE", cells=cells)
    for c in ("V-VAN#1", "A-SWD#1", "A-TSP#1", "A-CPR#1"):
        s.units[c][1] = 1
    ok(s, "V: EC", "V: HEAL V13:V21")
    assert s.units["V-VAN#1"][:2] == [0, 0] and "V-ODS#1" in s.discard[0]
    ok(s, "A: HEAL A13:A23", "A: HEAL A23:A21,A31")
    assert all(s.units[c][1] == 0 for c in ("A-SWD#1", "A-TSP#1"))


def test_RM_EX_26_heal_limits():
    s = pos(
        step="RESOLVE",
        cells={"A21": "A-SWD#1", "A22": "A-SEX#1", "V11": "V-AXE#1"},
        wall=(["V-ODS#1"], ["A-CCH#1"]),
    )
    s.units["A-SWD#1"][1] = s.units["A-SEX#1"][1] = 1
    ok(s, "V: EC")  # the Viking has nothing to heal: the Anglo-Saxon decides
    bad(s, "A: HEAL AW:A-CCH#1:A21,A22")
    bad(s, "A: HEAL AW:A-CCH#1:V11")
    ok(s, "A: HEAL AW:A-CCH#1:A21")


def test_RM_EX_27_spear_formation():
    cells = {"A11": "A-ASP#1", "A21": "A-ASP#2", "A31": "A-ASP#3", "V21": "V-SHM#1"}
    s = pos(step="RESOLVE", cells=cells, dice=[1])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    # the Shieldmaidens fell; nothing else can act, so the step ends and burial runs
    assert s.units["A-ASP#2"][0] == 5 and "V-SHM#1" in s.discard[0]
    assert s.cells["A21"] == "A-ASP#2"


def test_RM_EX_28_formation_break():
    cells = {"A11": "A-ASP#1", "A21": "A-ASP#2", "A31": "A-ASP#3", "V21": "V-SHM#1",
             "V11": "V-VAN#1"}  # fmt: skip
    s = pos(step="RESOLVE", cells=cells, dice=[1, 1])
    ok(s, "V: OPEN 2", "V: F V21>A21", "V: OPEN 1", "V: F V11>A11")
    assert s.units["A-ASP#1"][1] == 1
    ok(s, "V: EC")
    assert s.step == "MAIN" and "A-ASP#2" in s.discard[1] and s.cells["A31"] == "A-ASP#3"


def test_RM_EX_29_shield_wall():
    cells = {"A11": "A-SWD#1", "A21": "A-SWD#2", "A31": "A-SWD#3", "V21": "V-HRS#1"}
    s = pos(step="RESOLVE", cells=cells, dice=[1])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.units["A-SWD#2"][0] == 5 and s.units["V-HRS#1"][0] == 4
    s.active = 1
    assert R.cur_l(s, "A-SWD#1") == 4


def test_RM_EX_30_cavalry_formation():
    cells = {"V11": "V-RDR#1", "V21": "V-RDR#2", "V31": "V-RDR#3"}
    s = pos(step="RESOLVE", cells=cells, dice=[0])
    ok(s, "V: OPEN 1", "V: SG V11>AF")
    assert s.strength_points[1] == 35
    s.active = 1
    assert R.cur_s(s, "V-RDR#1") == 3


def _ex31(dice, a22=True):
    cells = {"V21": "V-HRS#1", "V22": "V-VAN#1", "A21": "A-PEA#1", "A31": "A-SCT#1"}
    if a22:
        cells["A22"] = "A-SWD#1"
    s = pos(step="RESOLVE", cells=cells, dice=dice)
    ok(s, "V: OPEN 2", "V: F V21>A21")
    return s


def test_RM_EX_31_flank():
    s = _ex31([2, 0, 1, 0])
    assert s.units["V-HRS#1"][0] == 1
    legal = R.legal_actions(s)
    assert R.parse_action("V: FL A31") in legal and R.parse_action("V: SG V21>AF") not in legal
    log = []
    R.apply(s, "V: FL A31", log)
    assert "A-SCT#1" in s.discard[1]  # fell, then (nothing left to do) buried
    assert any(e[1] == "FIGHT" and e[4] == 5 and e[5] == 3 for e in log)
    s = _ex31([2, 0, 1, 1])
    ok(s, "V: FL A31")
    assert s.units["V-HRS#1"][1] == 1
    assert R.parse_action("V: F V22>A22") in R.legal_actions(s)  # the fallen no longer blocks


def test_RM_EX_32_flank_limits():
    s = _ex31([2, 0])
    bad(s, "V: FL A11")
    bad(s, "V: FL A32")


def test_RM_EX_33_flank_or_siege():
    s = _ex31([2, 0, 1, 0, 1], a22=False)
    legal = R.legal_actions(s)
    assert R.parse_action("V: SG V21>AF") in legal and R.parse_action("V: FL A31") in legal
    ok(s, "V: FL A31", "V: SG V22>AF")


def test_RM_EX_34_looters():
    s = pos(gold=(5, 0), hand=(["V-LOO#1", "V-LOO#2"], []), tok=((4, 3), (3, 4)))
    bad(s, "V: PLAY V-LOO#2@VW")
    ok(s, "V: PLAY V-LOO#1@V31 LOCK f")
    assert s.tokens[1] == [3, 3] and s.units["V-LOO#1"][3] == "f"
    ok(s, "V: SAC V31")
    assert R.to_act(s) == 1
    ok(s, "A: RET g")
    assert s.tokens[1] == [4, 3]


def test_RM_EX_35_wall_capacity():
    s = pos(
        wall=(["V-AXE#1", "V-AXE#2"], ["A-PEA#1", "A-PEA#2", "A-CCH#1", "A-BLD#1"]),
        gold=(5, 0),
        hand=(["V-SPR#1"], []),
    )
    bad(s, "V: PLAY V-SPR#1@VW")
    assert R.protection(s, 1) == 3


def test_RM_EX_36_builders():
    s = pos(active=1, sp=(40, 33), gold=(0, 5), hand=([], ["A-BLD#1", "A-BLD#2"]))
    ok(s, "A: PLAY A-BLD#1@AW")
    assert s.strength_points[1] == 38
    ok(s, "A: PLAY A-BLD#2@AW")
    assert s.strength_points[1] == 40


def test_RM_EX_37_heroic_arrival():
    s = pos(cells={"A11": "A-SWD#1"}, gold=(9, 0), faith=(9, 0), hand=(["V-BJO#1"], []))
    assert not [a for a in R.legal_actions(s) if "V-BJO#1@VW HA" in a.arg]
    ok(s, "V: PLAY V-BJO#1@V21 HA>A11")
    assert s.units["A-SWD#1"][1] == 1


def test_RM_EX_38_castle_defenders_on_the_wall():
    s = pos(step="RESOLVE", active=1, cells={"V31": "V-AXE#1"}, wall=([], ["A-CDF#1"]), dice=[2])
    ok(s, "A: OPEN 3")
    bad(s, "A: SG AW:A-CDF#1>VF")
    ok(s, "A: F AW:A-CDF#1>V31")
    assert "V-AXE#1" in s.discard[0] and s.units["A-CDF#1"][0] == 0


def test_RM_EX_48_learning_game():
    s = R.new_game({"modules": ["L"]}, 3)
    assert s.deck_size == [40, 37] and s.strength_points == [40, 40]
    from game.core.contract import BadConfig

    for mods in (["L", "K"], ["L", "X1"]):
        with pytest.raises(BadConfig):
            R.new_game({"modules": mods}, 3)
