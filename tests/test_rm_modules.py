"""RM-30 worked examples of the modules (RM-EX-39 .. RM-EX-47) and the module rules
they do not cover: every King ability (RM-27.6), every trap option (RM-27.9), the tower
effects (RM-27.10), hidden identities (RM-INV-15)."""

from __future__ import annotations

import json

import pytest

from game.core.contract import BadConfig
from game.core.rng import Rng
from game.games.runes_of_mayhem.content import (
    MERCS,
    TOWERS,
    TRAPS,
    deck_of,
    deck_problem,
    pool_of,
)
from game.games.runes_of_mayhem.rules import RULES as R
from game.games.runes_of_mayhem.rules import normalize_config
from tests.test_rm_examples import bad, ok, pos


def mpos(mods, kings=(None, None), lodge=None, towers=None, traps=None, **kw):
    """A hand-built position (``pos``) with modules on: the piles hold the decks of
    these modules (RM-27.5.4), mercenaries and King units come from no pile."""
    hand = kw.pop("hand", None)
    cells = kw.pop("cells", None) or {}
    s = pos(**kw)
    s.config = normalize_config({"modules": list(mods)})
    for p in (0, 1):
        s.pile[p] = [c for c in deck_of(p, False, mods) if c not in s.units]
    for cell, card in cells.items():
        s.cells[cell] = card
        s.units[card] = [0, 0, 0, ""]
        if card.startswith("M-"):
            s.module_data["mercenary_owners"][card] = "VA".index(cell[0])
        elif card[1] == "-":
            s.pile["VA".index(card[0])].remove(card)
    for p, cards in enumerate(hand or ([], [])):
        for c in cards:
            s.pile[p].remove(c)
            s.hand[p].append(c)
    for card, n in (kw.get("dmg") or {}).items():
        s.units[card][0] = n
    x = s.module_data
    x["kings"] = list(kings)
    if "X4" in mods:
        x["king_fielded"] = [int("KU-RAG" in s.units), int("KU-EDW" in s.units)]
    if "X5" in mods:
        x["lodge"] = list(lodge or ("M-VAR", "M-IRI", "M-BRE"))
        x["mercenary_deck"] = [m for m in MERCS if m not in x["lodge"] and m not in s.units]
    if "X6" in mods:
        x["traps"] = dict(traps or {})
        x["trap_deck"] = [t for t in TRAPS if t not in x["traps"].values()]
    if "X7" in mods:
        x["towers"] = {c: list(w) for c, w in (towers or {}).items()}
        x["tower_deck"] = sorted(t for t in TOWERS if t not in {w[0] for w in x["towers"].values()})
    return s.fresh()


def legal(s):
    return [str(a) for a in R.legal_actions(s)]


# ---------------------------------------------------------------- RM-3 configurations
def test_rm_3_module_combinations():
    for mods in (["K"], ["K", "X4"], ["X1", "X2", "X3", "X5", "X6", "X7"], ["L"]):
        assert normalize_config({"modules": mods})["modules"] == mods
    with pytest.raises(BadConfig, match="requires module K"):
        normalize_config({"modules": ["X4"]})
    with pytest.raises(BadConfig, match="excludes every other module"):
        normalize_config({"modules": ["L", "X5"]})
    with pytest.raises(BadConfig, match="king_pick needs module K"):
        normalize_config({"king_pick": "random"})
    with pytest.raises(BadConfig, match="choose"):
        normalize_config({"modules": ["K"], "king_pick": "dice"})
    with pytest.raises(BadConfig, match="need module X1"):
        normalize_config({"open_decklists": True})


# ---------------------------------------------------------------- K
def test_rm_ex_39_kings():
    s = R.new_game({"modules": ["K"]}, 1)
    assert s.step == "KING" and R.to_act(s) == 0
    assert legal(s) == ["V: KING K-GUT/A", "V: KING K-GUT/B", "V: KING K-RAG/A", "V: KING K-RAG/B"]
    ok(s, "V: KING K-RAG/A")
    obs = R.observation(s, 1)
    assert "K-RAG" not in json.dumps(obs)  # RM-18.2: chosen secretly
    ok(s, "A: KING K-EDW/B")
    assert (s.strength_points, s.strength_limit) == ([35, 42], [35, 42])
    assert s.step == "MULL" and len(s.hand[0]) == 5
    bad(s, "V: KING K-RAG/B")  # RM-18.3: the side is fixed for the game
    assert R.new_game({}, 1).strength_points == [40, 40]
    # Raiders siege [2] against 1 Wall unit: 3 + 2 + 1 - 1 = 5
    s = mpos(
        ["K"],
        kings=("K-RAG/A", "K-EDW/B"),
        step="RESOLVE",
        cells={"V21": "V-RDR#1"},
        wall=([], ["A-PEA#1"]),
        dice=[2],
    )
    ok(s, "V: OPEN 2", "V: SG V21>AF")
    assert s.strength_points[1] == 35


def test_rm_18_2_random_kings():
    s = R.new_game({"modules": ["K"], "king_pick": "random"}, 4)
    dealt = s.module_data["dealt_kings"]
    assert legal(s) == [f"V: KING {dealt[0]}/A", f"V: KING {dealt[0]}/B"]
    assert (
        R.new_game({"modules": ["K"], "king_pick": "random"}, 4).module_data["dealt_kings"] == dealt
    )


def test_rm_27_6_ragnar_b_hand_limit_6():
    s = mpos(["K"], kings=("K-RAG/B", None), step="DISC", hand=(["V-AXE#1"], []))
    assert R.hand_limit(s, 0) == 6
    ok(s, "V: DISC -")
    assert len(s.hand[0]) == 6


def test_rm_27_6_guthrum_a_gold_once_per_turn():
    s = mpos(
        ["K"],
        kings=("K-GUT/A", None),
        step="RESOLVE",
        dice=[2, 0, 2, 0],
        cells={"V11": "V-SHM#1", "V31": "V-SHM#2", "A11": "A-PEA#1", "A31": "A-PEA#2"},
    )
    ok(s, "V: OPEN 1", "V: F V11>A11")
    assert s.gold[0] == 1
    ok(s, "V: CLOSE", "V: OPEN 3", "V: F V31>A31")
    assert s.gold[0] == 1


def test_rm_27_6_guthrum_b_faith():
    s = mpos(["K"], kings=("K-GUT/B", None), step="DISC", active=1, tok=((4, 3), (4, 3)))
    s.heal_seat = 1
    R._start_turn(s, 0, None)
    assert (s.gold[0], s.faith[0]) == (4, 4)


def test_rm_27_6_edward_a_wall_of_3():
    s = mpos(
        ["K"],
        kings=(None, "K-EDW/A"),
        active=1,
        gold=(0, 3),
        wall=([], ["A-PEA#1", "A-PEA#2"]),
        hand=([], ["A-PEA#3", "A-PEA#4"]),
    )
    ok(s, "A: PLAY A-PEA#3@AW")
    assert "A: PLAY A-PEA#4@AW" not in legal(s)
    assert R.protection(s, 1) == 3


def test_rm_27_6_edward_b_restore():
    s = mpos(["K"], kings=(None, "K-EDW/B"), active=1, gold=(0, 5), sp=(40, 30))
    ok(s, "A: RESTORE")
    assert (s.gold[1], s.strength_points[1]) == (3, 32)
    bad(s, "A: RESTORE")  # once per turn
    s = mpos(["K"], kings=(None, "K-EDW/B"), active=1, gold=(0, 5), sp=(40, 40))
    bad(s, "A: RESTORE")  # not above the limit


def test_rm_27_6_alfred_a_heal_plus_1():
    cells = {"A13": "A-CMK#1", "A21": "A-SWD#1", "A31": "A-SWD#2"}
    s = mpos(["K"], kings=(None, "K-ALF/A"), step="BURIAL1", cells=cells)
    s.units["A-SWD#1"][1] = s.units["A-SWD#2"][1] = 1
    s.heal_seat = 1
    ok(s, "A: HEAL A13:A21,A31")
    assert s.units["A-SWD#1"][1] == s.units["A-SWD#2"][1] == 0


def test_rm_27_6_alfred_b_trades_with_4_dice():
    s = mpos(["K"], kings=(None, "K-ALF/B"), active=1, dice=[1, 1, 1, 3])
    ok(s, "A: TRADE")
    assert s.main["roll"] == 6


# ---------------------------------------------------------------- X1
def _without(deck, *names, add=()):
    return [c for c in deck if c.split("#")[0] not in names] + list(add)


def test_rm_ex_40_deck_construction():
    base = deck_of(0)
    jav = [f"V-JAV#{i}" for i in range(1, 4)]
    poi = [f"V-POI#{i}" for i in range(1, 5)]
    assert len(pool_of(0)) == 56
    assert deck_problem(0, _without(base, "V-LOO", "V-UBB", add=poi)) is None
    assert deck_problem(0, _without(base, "V-NPR", "V-VLV", "V-UBB", add=poi)) is None
    no_axe = _without(base, "V-AXE", "V-UBB", "V-LAG", add=poi + jav)
    assert "basic unit must be in the deck: Axemen" in deck_problem(0, no_axe, ["X2"])
    three = _without(base, "V-LOO", add=poi[:3])
    assert "all copies of Poisoner" in deck_problem(0, three)
    assert "53" in deck_problem(0, base + ["V-POI#1"])
    one_priest = [c for c in base if c != "V-NPR#1"] + ["V-POI#1"]
    assert "all copies of Norse Priest" in deck_problem(0, one_priest)
    with pytest.raises(BadConfig, match="all copies of Norse Priest"):
        R.new_game({"modules": ["X1"], "decks": {"V": one_priest}}, 1)


def test_rm_19_deck_decisions_and_open_lists():
    mine = sorted(_without(deck_of(0), "V-LOO", "V-UBB", add=[f"V-POI#{i}" for i in range(1, 5)]))
    s = R.new_game({"modules": ["X1"], "decks": {"V": mine}}, 2)
    assert s.step == "DECK" and R.to_act(s) == 1  # the Viking list came with the config
    assert "V-POI" not in json.dumps(R.observation(s, 1))
    bad(s, "A: DECK " + ",".join(deck_of(1)[:51]))  # 51 cards
    ok(s, "A: DECK -")
    assert s.step == "MULL" and s.module_data["decks"][0] == mine and s.deck_size == [52, 52]
    assert "V-POI" not in json.dumps(R.observation(s, 1)["module_data"])  # lists are secret
    s = R.new_game({"modules": ["X1"], "open_decklists": True, "decks": {"V": mine}}, 2)
    ok(s, "A: DECK -")
    assert "V-POI#1" in R.observation(s, 1)["module_data"]["decks"][0]


def test_rm_19_2_deck_menu_lists_are_legal_and_each_game_gets_its_own():
    for mods in (["X1"], ["X1", "X2", "X3"]):
        s = R.new_game({"modules": mods}, 3)
        for p in (0, 1):
            menu = R.deck_menu(s, p)
            assert menu and all(deck_problem(p, d, mods) is None for d in menu)
            assert all(any(c.split("#")[0].endswith("-POI") for c in d) for d in menu)
            menu[0].clear()  # the lists are the caller's own: the next game's are whole
            assert R.deck_menu(R.new_game({"modules": mods}, 4), p)[0] == R.deck_menu(s, p)[0]
            assert len(R.deck_menu(s, p)[0]) == 52


def test_rm_22_3_taking_the_field_sacrifices_only_a_living_unit():
    # rows 1-2 full; the Bowmen, played onto a trapped cell, fall to the Spiked Pit
    cells = {"A11": "A-PEA#1", "A21": "A-PEA#2", "A31": "A-PEA#3", "A22": "A-PEA#4",
             "A32": "A-PEA#5", "V21": "V-AXE#1"}  # fmt: skip
    s = mpos(["K", "X4", "X6"], kings=(None, "K-EDW/A"), active=1, cells=cells, gold=(0, 4),
             faith=(0, 2), hand=([], ["A-BOW#1"]), traps={"A12": "TR-PIT"})  # fmt: skip
    ok(s, "A: PLAY A-BOW#1@A12 DS>V21")
    ok(s, "V: TRAP TR-PIT A")
    assert s.units["A-BOW#1"][1] == 1 and s.step == "MAIN"
    fields = [a for a in legal(s) if " FIELD " in a]
    assert fields == [f"A: FIELD @{c} SAC" for c in ("A11", "A21", "A31", "A22", "A32")]
    bad(s, "A: FIELD @A12 SAC")  # a fallen unit is not sacrificed (RM-14.7)


# ---------------------------------------------------------------- X2, X3
def test_rm_27_5_4_fixed_swaps():
    v = deck_of(0, False, ["X2", "X3"])
    a = deck_of(1, False, ["X2", "X3"])
    assert len(v) == len(a) == 52
    assert "V-JAV#3" in v and "V-ARC#1" not in v and "V-WLF#3" in v and "V-BSK#1" not in v
    assert "A-SLG#1" in a and "A-BOW#1" not in a and "A-HHD#3" in a and "A-PEA#1" not in a
    s = R.new_game({"modules": ["X2", "X3"]}, 1)
    assert sorted(s.pile[0] + s.hand[0]) == sorted(v)


def test_rm_ex_41_medium_ranged():
    # X2 swaps the Bowmen out of the deck (RM-27.5.4): Elite Archers 3/4 stand in for them
    cells = {
        "V21": "V-SHM#1",
        "V22": "V-JAV#1",
        "A21": "A-SWD#1",
        "A22": "A-EAR#1",
        "A23": "A-CMK#1",
    }
    s = mpos(["X2"], step="RESOLVE", cells=cells, dice=[1])
    ok(s, "V: OPEN 2")
    assert "V: F V22>A23" not in legal(s) and "V: F V22>A21" in legal(s)
    ok(s, "V: F V22>A22")
    assert s.units["A-EAR#1"][1] == 1 and s.units["V-JAV#1"] == [0, 0, 1, ""]
    bad(s, "V: F V22>A21")


def test_rm_ex_42_howl():
    s = mpos(["X3"], gold=(6, 0), faith=(2, 0), hand=(["V-ULF#1", "V-ULF#2"], []))
    s.pile[0].remove("V-WLF#2")
    s.discard[0].append("V-WLF#2")
    assert "V: PLAY V-ULF#1@VW HOWL V-WLF#2" not in legal(s)
    log = []
    R.apply(s, "V: PLAY V-ULF#1@V21 HOWL V-WLF#2", log)
    assert "V-WLF#2" in s.hand[0] and ("HOWLED" in [e[1] for e in log])
    assert all(e[0] == -1 for e in log if e[1] == "HOWLED")  # shown to the opponent
    log = []
    R.apply(s, "V: PLAY V-ULF#2@V31 HOWL V-WLF#1", log)  # from the draw pile
    assert "V-WLF#1" in s.hand[0] and log[-1][1:] == ("SHUF", "V")
    assert R.check_invariants(s) == []


def test_rm_21_1_howled_hound_known_to_the_other_side():
    # the Hound a Howl takes is shown: the Anglo-Saxon's view holds it in the Viking hand,
    # its guesses of that hand always do, and it is forgotten once it leaves the hand
    s = mpos(["X3"], gold=(12, 0), faith=(2, 0), hand=(["V-ULF#1", "V-ULF#2"], []))
    s.pile[0].remove("V-WLF#2")
    s.discard[0].append("V-WLF#2")
    R.apply(s, "V: PLAY V-ULF#1@V21 HOWL V-WLF#2")
    obs = R.observation(s, 1)
    assert obs["known"] == [["V-WLF#2"], []] and obs["hand"] == []  # its own hand: empty
    for seed in range(20):
        guess = R.determinize(R.observation(s, 1), Rng(seed))
        assert "V-WLF#2" in guess.hand[0] and len(guess.hand[0]) == len(s.hand[0])
        assert "V-WLF#2" not in guess.pile[0] + guess.discard[0]
    R.apply(s, "V: PLAY V-ULF#2@V31 HOWL V-WLF#1")
    assert s.known[0] == ["V-WLF#2", "V-WLF#1"]
    s.main["played"] = False
    s.fresh()
    R.apply(s, "V: PLAY V-WLF#2@V22")
    assert s.known[0] == ["V-WLF#1"] and R.observation(s, 1)["known"][0] == ["V-WLF#1"]
    assert R.check_invariants(s) == []


# ---------------------------------------------------------------- X4
def test_rm_ex_43_king_unit():
    cells = {f"V{c}{r}": f"V-SPR#{(r - 1) * 3 + c}" for c in (1, 2, 3) for r in (1, 2)}
    s = mpos(["K", "X4"], kings=("K-RAG/A", None), cells=cells, sp=(15, 40))
    s.strength_limit[0] = 35
    s.fresh()
    assert "V: FIELD @V13" not in legal(s)
    bad(s, "V: FIELD @V13")
    ok(s, "V: FIELD @V12 SAC")
    assert s.cells["V12"] == "KU-RAG" and "V-SPR#4" in s.discard[0]
    assert (R.cur_s(s, "KU-RAG"), R.cur_l(s, "KU-RAG")) == (5, 7) and s.gold[0] == 0
    bad(s, "V: FIELD @V12 SAC")
    ok(s, "V: SAC V12")  # the King card leaves the game (RM-22.5)
    assert R.king(s, 0) is None and s.strength_limit[0] == 35
    s = mpos(["K", "X4"], kings=("K-RAG/A", None), gold=(2, 0), faith=(2, 0))
    ok(s, "V: FIELD @V21")
    assert (s.gold[0], s.faith[0]) == (0, 0)
    s = mpos(["K", "X4"], kings=("K-GUT/A", None), gold=(2, 0), faith=(2, 0))
    assert not [a for a in legal(s) if "FIELD" in a]  # RM-22.1


def test_rm_27_7_edward_rallies_his_row():
    s = mpos(["K", "X4"], kings=(None, "K-EDW/A"), active=1, cells={"A11": "A-SWD#1"}, sp=(40, 18))
    s.strength_limit[1] = 36
    ok(s, "A: FIELD @A21")
    assert R.cur_l(s, "A-SWD#1") == 5 and R.cur_l(s, "KU-EDW") == 8


# ---------------------------------------------------------------- X5
def test_rm_ex_44_mercenaries():
    s = mpos(["X5"], hand=(["V-AXE#3", "V-SPR#1"], []), cells={"V21": "V-SHM#1"}, dice=[1, 1, 1])
    ok(s, "V: TRADE", "V: TRADE 3/0")
    ok(s, "V: HIRE V-AXE#3 M-VAR@V31")  # trading and hiring in one Main phase
    assert s.cells["V31"] == "M-VAR" and "V-AXE#3" in s.discard[0]
    assert s.module_data["lodge"] == ["M-IRI", "M-BRE"] and R.hand_limit(s, 0) == 4
    assert not [a for a in legal(s) if "HIRE" in a]
    bad(s, "V: HIRE V-SPR#1 M-IRI@V11")  # a second hire
    s = mpos(["X5"], hand=(["V-AXE#3"], []))
    bad(s, "V: HIRE V-AXE#3 M-VAR@V33")  # row 3
    s = mpos(["X5"])
    assert not [a for a in legal(s) if "HIRE" in a]  # an empty hand
    # hand limit 4 with one mercenary: holding 2, he draws 2; the Lodge refills to 3
    s = mpos(
        ["X5"],
        step="DISC",
        cells={"V31": "M-VAR"},
        hand=(["V-AXE#1", "V-AXE#2"], []),
        lodge=("M-IRI", "M-BRE"),
    )
    ok(s, "V: DISC -")
    assert len(s.hand[0]) == 4 and len(s.module_data["lodge"]) == 3
    # removed: to the bottom of the mercenary deck, the limit is 5 again
    s.active, s.step = 0, "MAIN"
    s.main = {"played": False, "traded": False, "roll": None}
    s.fresh()
    ok(s, "V: SAC V31")
    assert s.module_data["mercenary_deck"][0] == "M-VAR" and R.hand_limit(s, 0) == 5


def test_rm_27_8_mercenary_texts():
    s = mpos(["X5"], hand=(["V-AXE#1"], []), lodge=("M-SWO", "M-IRI", "M-PIC"))
    n = len(s.pile[0])
    ok(s, "V: HIRE V-AXE#1 M-SWO@V11")  # when hired, draw 1
    assert len(s.hand[0]) == 1 and len(s.pile[0]) == n - 1
    # Pictish Skirmishers fight past a living ally; Irish Warband +1 as attacker
    s = mpos(
        ["X5"],
        step="RESOLVE",
        cells={
            "V21": "V-SHM#1",
            "V22": "M-PIC",
            "V31": "M-IRI",
            "A21": "A-SWD#1",
            "A31": "A-SWD#2",
        },
        dice=[0, 0],
        lodge=("M-VAR", "M-BRE", "M-DAN"),
    )
    ok(s, "V: OPEN 2")
    assert "V: F V22>A21" in legal(s)
    ok(s, "V: CLOSE", "V: OPEN 3", "V: F V31>A31")
    assert "A-SWD#2" in s.discard[1]  # 4 + 1 + 0 = 5 >= 4


# ---------------------------------------------------------------- X6
def test_rm_ex_45_traps():
    s = mpos(["X6"], gold=(2, 0), cells={"A11": "A-PEA#1"})
    bad(s, "V: LAY TR-PIT@A11")  # occupied
    log = []
    R.apply(s, "V: LAY TR-PIT@A12", log)
    assert s.gold[0] == 1 and s.module_data["traps"] == {"A12": "TR-PIT"}
    assert all("TR-PIT" not in str(e) for e in log if e[0] != 0)
    bad(s, "V: LAY TR-NET@A13")  # one per turn
    assert "TR-PIT" not in json.dumps(R.observation(s, 1))  # RM-INV-15
    s = mpos(["X6"], gold=(0, 0))
    bad(s, "V: LAY TR-PIT@A12")  # no gold
    # the Anglo-Saxon moves Swordsmen onto it: nothing is revealed
    s = mpos(
        ["X6"],
        step="RE",
        active=1,
        cells={"A21": "A-SWD#1", "V11": "V-AXE#1"},
        traps={"A12": "TR-PIT"},
    )
    ok(s, "A: RE A-SWD#1@A12")
    assert s.step == "RESOLVE" and s.module_data["traps"] == {"A12": "TR-PIT"}
    s.dice = [1, 0]
    ok(s, "A: OPEN 1")
    R.apply(s, "A: F A12>V11")
    assert s.step == "TRAP" and R.to_act(s) == 0 and not s.units["A-SWD#1"][0]  # before dice
    assert legal(s) == ["V: TRAP TR-PIT A", "V: TRAP TR-PIT B"]
    log = []
    R.apply(s, "V: TRAP TR-PIT A", log)
    # Swordsmen took 3 (1 life left), then the fight went on
    kinds = [e[1] for e in log]
    assert kinds.index("TRAPPED") < kinds.index("FIGHT")
    assert next(e for e in log if e[1] == "FIGHT")[2:] == ("A12>V11", "[1]|[0]", 5, 2)
    assert "TR-PIT" in s.module_data["trap_deck"] and not s.module_data["traps"]
    # a Viking attack on A12 never reveals it
    s = mpos(
        ["X6"],
        step="RESOLVE",
        cells={"A12": "A-SWD#1", "V11": "V-SHM#1"},
        traps={"A12": "TR-PIT"},
        dice=[3, 0],
    )
    ok(s, "V: OPEN 1", "V: F V11>A12")
    assert s.module_data["traps"] == {"A12": "TR-PIT"} and "A-SWD#1" in s.discard[1]


def _trapped(trap, opt, cells=None, dice=(0, 0)):
    cells = cells or {"A12": "A-SCT#1", "V11": "V-HSP#1", "A22": "A-SWD#1"}
    s = mpos(["X6"], step="RESOLVE", active=1, cells=cells, traps={"A12": trap}, dice=list(dice))
    ok(s, "A: OPEN 1")
    R.apply(s, "A: F A12>V11")
    ok(s, f"V: TRAP {trap} {opt}")
    return s


@pytest.mark.parametrize(
    "trap,opt,check",
    [
        ("TR-PIT", "B", lambda s: s.units["V-HSP#1"][0] == 3),  # no dice for the Scouts
        ("TR-NET", "A", lambda s: s.units["V-HSP#1"][0] == 0 and "A-SCT#1" in s.combat["done"]),
        ("TR-NET", "B", lambda s: s.units["V-HSP#1"][0] == 1),  # 3 - 2 + 0
        ("TR-CAL", "A", lambda s: s.units["A-CMK#1"][0] == 1),
        ("TR-CAL", "B", lambda s: s.units["A-SCT#1"][1] == 1),
        ("TR-AMB", "A", lambda s: s.units["A-SCT#1"][1] == 1),  # 3 + 2 from the Hird Spearmen
        ("TR-AMB", "B", lambda s: s.gold[0] == 2),
        ("TR-FIR", "A", lambda s: s.units["A-SCT#1"][1] == 1),  # 4 to cavalry
        ("TR-FIR", "B", lambda s: s.units["A-SWD#1"][0] == 1),
        ("TR-DEC", "B", lambda s: s.units["A-SCT#1"][1] == 1),  # 1 + the fight's 3 >= 3
    ],
)
def test_rm_27_9_trap_options(trap, opt, check):
    cells = {"A12": "A-SCT#1", "V11": "V-HSP#1", "A22": "A-SWD#1"}
    if trap == "TR-CAL" and opt == "A":
        cells = {"A12": "A-SCT#1", "V11": "V-HSP#1", "A13": "A-CMK#1"}
    s = _trapped(trap, opt, cells=cells, dice=(0, 0))
    assert check(s), (s.units, s.gold)
    assert R.check_invariants(s) == []


def test_rm_27_9_decoy_banner_saves_the_fortress():
    s = mpos(
        ["X6"],
        step="RESOLVE",
        active=1,
        cells={"A11": "A-SWD#1"},
        traps={"A11": "TR-DEC"},
        dice=[3],
    )
    ok(s, "A: OPEN 1")
    R.apply(s, "A: SG A11>VF")
    ok(s, "V: TRAP TR-DEC A")
    assert s.strength_points[0] == 40 and "A-SWD#1" in s.combat["sieged"]


def test_rm_24_5_direct_shot_from_a_trap_cell():
    s = mpos(
        ["X6"],
        active=1,
        gold=(0, 2),
        hand=([], ["A-BOW#1"]),
        cells={"V21": "V-AXE#1"},
        traps={"A12": "TR-NET"},
    )
    R.apply(s, "A: PLAY A-BOW#1@A12 DS>V21")
    assert s.step == "TRAP"
    ok(s, "V: TRAP TR-NET A")
    assert s.step == "MAIN" and s.units["V-AXE#1"][0] == 0 and s.units["A-BOW#1"][2] == 1


# ---------------------------------------------------------------- X7
def test_rm_ex_46_towers():
    s = mpos(["X7", "X6"], active=1, tok=((4, 3), (4, 3)), hand=([], ["A-PEA#1"]))
    log = []
    R.apply(s, "A: BUILD TW-KEEP@A21 g", log)
    assert s.tokens[1] == [3, 3] and s.module_data["towers"]["A21"] == ["TW-KEEP", 0, 10]
    assert all("TW-KEEP" not in str(e) for e in log if e[0] != 1)
    assert "TW-KEEP" not in json.dumps(R.observation(s, 0))  # RM-INV-15
    assert R.observation(s, 0)["module_data"]["towers"]["A21"] == ["?", 0, None]  # SP 10 is a Keep
    assert R.observation(s, 1)["module_data"]["towers"]["A21"] == ["TW-KEEP", 0, 10]
    d = R.determinize(R.observation(s, 0), Rng(1))
    assert d.module_data["towers"]["A21"][0] in TOWERS and R.check_invariants(d) == []
    bad(s, "A: BUILD TW-BEA@A31 g")  # one per turn
    # RM-25.8: no trap on a tower cell
    s.active, s.step = 0, "MAIN"
    s.gold[0] = 3
    s.fresh()
    assert "V: LAY TR-PIT@A21" not in legal(s)
    # next Anglo-Saxon Production: the tower turns up, its token produces nothing yet
    s = mpos(["X7"], step="DISC", tok=((4, 3), (3, 3)), towers={"A21": ["TW-KEEP", 0, 10]})
    s.gold[1] = s.faith[1] = 0
    ok(s, "V: DISC -")
    assert s.step == "PROD" and R.to_act(s) == 1
    ok(s, "A: FLIP A21T TW-KEEP >f")
    assert s.tokens[1] == [3, 4] and (s.gold[1], s.faith[1]) == (3, 3)
    # siege on the tower: raw hit, no protection; another unit may pick the Fortress
    s = mpos(
        ["X7"],
        step="RESOLVE",
        cells={"V21": "V-HRS#1", "V22": "V-SHM#1"},
        wall=([], ["A-PEA#1"]),
        towers={"A21": ["TW-KEEP", 1, 10]},
        dice=[2, 1],
    )
    ok(s, "V: OPEN 2", "V: SG V21>A21T")
    assert s.module_data["towers"]["A21"] == ["TW-KEEP", 1, 4]
    assert "V: SG V22>AF" in legal(s)
    ok(s, "V: SG V22>AF")
    assert s.strength_points[1] == 40 - (4 + 1 - 1)
    s = mpos(
        ["X7"],
        step="RESOLVE",
        cells={"V21": "V-HRS#1"},
        towers={"A21": ["TW-KEEP", 0, 10]},
        tok=((4, 3), (3, 3)),
    )
    ok(s, "V: OPEN 2")
    bad(s, "V: SG V21>A21T")  # face down
    s = mpos(["X7"], gold=(2, 0), hand=(["V-ARC#1"], []), towers={"A21": ["TW-KEEP", 1, 10]})
    assert not [a for a in legal(s) if "DS>A21" in a]  # no direct shot at a tower


def test_rm_ex_47_unit_inside_a_tower():
    s = mpos(
        ["X7"],
        step="RESOLVE",
        cells={"V21": "V-HRS#1", "V22": "V-HSP#1", "A21": "A-SWD#1"},
        wall=([], ["A-PEA#1", "A-PEA#2"]),
        towers={"A21": ["TW-KEEP", 1, 10]},
        dice=[3],
    )
    assert R.cur_l(s, "A-SWD#1") == 6
    ok(s, "V: OPEN 2")
    bad(s, "V: SG V21>A21T")  # a living unit stands in the column
    s.cells.pop("A21")
    s.units.pop("A-SWD#1")
    s.discard[1].append("A-SWD#1")
    s.fresh()
    ok(s, "V: SG V21>A21T")
    assert s.module_data["towers"]["A21"][2] == 10 - 7  # the two Peasants protect only the Fortress


def test_rm_27_10_tower_effects():
    # Watchtower: the archer inside defends with a die; Arrow Tower: +1 damage
    s = mpos(
        ["X7"],
        step="RESOLVE",
        cells={"V21": "V-SHM#1", "A21": "A-BOW#1"},
        towers={"A21": ["TW-WAT", 1, 6]},
        dice=[0, 3],
    )
    log = []
    R.apply(s, "V: OPEN 2")
    R.apply(s, "V: F V21>A21", log)
    assert log[1][2:] == ("V21>A21", "[0]|[3]", 4, 5)
    s = mpos(
        ["X7"],
        step="RESOLVE",
        cells={"V21": "V-SHM#1", "A21": "A-SWD#1"},
        towers={"A21": ["TW-ARR", 1, 8]},
        dice=[0, 0],
    )
    log = []
    R.apply(s, "V: OPEN 2")
    R.apply(s, "V: F V21>A21", log)
    assert log[1][2:] == ("V21>A21", "[0]|[0]", 4, 5)  # the Swordsmen deal 4 + 1
    # Palisade +1 protection, Beacon +1 gold, Chapel Heal +1
    s = mpos(["X7"], towers={"A33": ["TW-PAL", 1, 8], "A31": ["TW-BEA", 1, 6]})
    assert R.protection(s, 1) == 1
    s = mpos(["X7"], cells={"A13": "A-CMK#1"}, towers={"A11": ["TW-CHP", 1, 6]})
    assert R.heal_of(s, "A-CMK#1") == 2


# ---------------------------------------------------------------- hidden information
def test_rm_inv_15_hidden_identities_and_determinize():
    mods = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]
    s = R.new_game({"modules": mods}, 5)
    rng = Rng(5)
    for _ in range(400):
        if R.is_over(s):
            break
        seat = R.to_act(s)
        obs = R.observation(s, seat)
        if s.step != "TRAP":
            shown = json.dumps(obs["module_data"]["traps"]) if seat == 1 else ""
            assert not any(t in shown for t in TRAPS)
        if seat == 0:
            for cell, w in s.module_data["towers"].items():
                assert w[1] or w[0] not in json.dumps(obs)
                assert w[1] or obs["module_data"]["towers"][cell] == ["?", 0, None]  # not its SP
        assert (
            "mercenary_deck" not in obs["module_data"] or obs["module_data"]["mercenary_deck"] == []
        )
        d = R.determinize(obs, Rng(7))
        assert R.check_invariants(d) == []
        assert R.legal_actions(d) == R.legal_actions(s)
        R.apply(s, R.random_action(s, rng))


def test_rm_26_observation_shows_the_table_figures():
    # a face-up Palisade (RM-27.10), Edward A's Wall of 3 (RM-27.6), a living mercenary
    # lowering the Viking hand limit (RM-23.5): each seat sees the engine's figures
    s = mpos(
        ["K", "X5", "X7"],
        kings=(None, "K-EDW/A"),
        cells={"V21": "M-VAR"},
        towers={"A33": ["TW-PAL", 1, 8]},
    )
    for seat in (0, 1):
        obs = R.observation(s, seat)
        assert obs["protections"] == [0, 1]
        assert obs["wall_caps"] == [2, 3]
        assert obs["hand_limits"] == [4, 5]
        assert (
            R.to_json(R.determinize(obs, Rng(1)))["strength_points"]
            == R.to_json(s)["strength_points"]
        )


def test_rm_19_3_random_kings_are_seen_only_once_both_decks_are_built():
    cfg = {"modules": ["K", "X1"], "king_pick": "random"}
    log = []
    s = R.new_game(cfg, 11, log)
    dealt = list(s.module_data["dealt_kings"])
    assert s.step == "DECK" and None not in dealt
    assert [e for e in log if e[1] == "DEALT"] == []
    for seat in (0, 1):  # RM-19.3: decks are built before setup step 3 deals the Kings
        obs = R.observation(s, seat)
        assert obs["module_data"]["dealt_kings"] == [None, None]
        assert not any(k.split("/")[0] in json.dumps(obs) for k in dealt)
    R.apply(s, "V: DECK -", log)
    assert R.observation(s, 1)["module_data"]["dealt_kings"] == [None, None]
    R.apply(s, "A: DECK -", log)
    assert [e[2:] for e in log if e[1] == "DEALT"] == [("V", dealt[0]), ("A", dealt[1])]
    assert s.step == "KING" and legal(s) == [f"V: KING {dealt[0]}/A", f"V: KING {dealt[0]}/B"]
    assert R.observation(s, 1)["module_data"]["dealt_kings"] == dealt
    # without X1 the Kings are turned up at once, from the same deal
    log = []
    s = R.new_game({"modules": ["K"], "king_pick": "random"}, 11, log)
    assert s.module_data["dealt_kings"] == dealt
    assert [e[2:] for e in log if e[1] == "DEALT"] == [("V", dealt[0]), ("A", dealt[1])]


def test_rm_10_7_a_winner_that_never_besieges_is_done_and_the_step_ends_on_its_own():
    # the Hired Champion beats the last enemy in column 2 and cannot besiege (RM-27.8);
    # no unit has anything left anywhere, so the step ends without a pointless choice
    s = mpos(["X5"], step="RESOLVE", cells={"V21": "M-CHA", "A21": "A-PEA#1"}, dice=[0, 0])
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.step != "RESOLVE"
    # with another unit still able to besiege, the Champion is done and the rest remains
    s = mpos(["X5"], step="RESOLVE", cells={"V21": "M-CHA", "V22": "V-AXE#1", "A21": "A-PEA#1"},
             dice=[0, 0])  # fmt: skip
    ok(s, "V: OPEN 2", "V: F V21>A21")
    assert s.step == "RESOLVE" and s.combat["mode"] == "COL"
    assert legal(s) == ["V: SG V22>AF", "V: CLOSE", "V: EC"]
