"""HW-18 worked examples: building the wall and the orders phase (HW-EX-1 .. HW-EX-5)."""

from hw_positions import options, rejects, to_act

from game.core.contract import PUBLIC
from game.core.rng import Rng
from game.games.hadrians_wall.content import DECK, FORT_IDS
from game.games.hadrians_wall.observe import PRIVATE_CLAN_KEYS
from game.games.hadrians_wall.rules import RULES, build_wall
from game.games.hadrians_wall.state import ORDERS


def test_hw_ex_1_wall_basic():
    row = ["NF5a", "FH2a", "NF3a", "UNA", "NF1a", "KOM"]
    assert build_wall(row) == ["NF1a", "NF5a", "FH2a", "NF3a", "KOM", "UNA"]


def test_hw_ex_2_wall_ties_at_both_ends():
    row = ["NF6a", "NF3a", "FH1", "NF3b", "NF6b", "NF4a"]
    assert build_wall(row) == ["NF3a", "NF6a", "FH1", "NF3b", "NF4a", "NF6b"]


def test_hw_ex_3_wall_four_forthecas_equal_positives():
    row = ["FH1", "NF4a", "FH2a", "FOK", "FH3", "FH2b"]
    assert build_wall(row) == ["NF4a", "FH1", "FH2a", "FH3", "FH2b", "FOK"]


def test_hw_ex_4a_wall_ends_on_the_wrong_sides():
    row = ["NF6a", "NF4a", "NF5a", "FH3", "NF3a", "NF1a"]
    assert build_wall(row) == ["NF1a", "NF4a", "NF5a", "FH3", "NF3a", "NF6a"]


def test_hw_ex_4b_wall_already_in_order():
    row = ["NF1a", "FH1", "NF3a", "KOM", "NF5a", "UNA"]
    assert build_wall(row) == row


# HW-EX-5: seed 103 makes Green's shuffle put HRS and ARC2 on top (its 2 random
# set-asides, HW-7.2); Red is a second player so that the orders phase is still open
# when Green is done, and Blue is neutral.
EX5_CONFIG = {"players": 2, "neutrals": 1, "colours": ["G", "R", "B"]}
EX5_SEED = 103


def test_hw_ex_5_orders_phase():
    s = RULES.new_game(EX5_CONFIG, EX5_SEED)
    g, r, b = 0, 1, 2
    # the RNG outcome, replayed: fort-deck shuffle, then each clan's warrior shuffle
    rng = Rng(EX5_SEED)
    forts = list(FORT_IDS)
    rng.shuffle(forts)
    shuffled = []
    for _ in range(3):
        cards = list(DECK)
        rng.shuffle(cards)
        shuffled.append(cards)
    assert s.wall == build_wall([forts.pop() for _ in range(6)])
    assert shuffled[g][:2] == ["HRS", "ARC2"]

    # Expect: HRS and ARC2 set aside face down; the other 7 in the hand
    assert s.phase == ORDERS
    assert s.aside[g] == ["HRS", "ARC2"]
    assert sorted(s.hand[g]) == sorted(["FIL", "QWN", "DRU", "AXX", "ARC1", "SVD", "CHA"])
    assert s.deck[g] == []
    assert to_act(s) == "G"
    assert options(s) == {f"G: ASIDE {x}" for x in s.hand[g]}

    # Rejections: keeping all 7 cards (placing before setting one aside); setting
    # aside HRS (it is not in the hand)
    rejects(s, "G: PLACE 1 ARC1")
    rejects(s, "G: ASIDE HRS")
    rejects(s, "G: ASIDE ARC2")

    log: list = []
    RULES.apply(s, "G: ASIDE FIL", log)
    assert to_act(s) == "G"
    assert options(s) == {f"G: PLACE 1 {x}" for x in s.hand[g]}
    rejects(s, "G: ASIDE CHA")  # a fourth set-aside: that would keep only 5 cards
    rejects(s, "G: PLACE 2 ARC1")  # position 1 would stay empty
    RULES.apply(s, "G: PLACE 1 ARC1", log)
    rejects(s, "G: PLACE 1 CHA")  # two cards at position 1
    rejects(s, "G: PLACE 3 CHA")  # position 2 would stay empty
    rejects(s, "G: PLACE 2 ARC1")  # ARC1 is already placed
    for text in ("G: PLACE 2 CHA", "G: PLACE 3 DRU", "G: PLACE 4 AXX"):
        RULES.apply(s, text, log)
    rejects(s, "G: PLACE 6 QWN")  # position 5 would stay empty
    rejects(s, "G: PLACE 4 SVD")  # two cards at position 4
    RULES.apply(s, "G: PLACE 5 SVD", log)
    # the last card has a single place: the engine lays it and logs it for Green only
    assert (g, "ACT", "G: PLACE 6 QWN") in log
    assert (PUBLIC, "ORDERS", "G") in log
    assert not any(e[0] not in (g, PUBLIC) for e in log)
    assert not any(e[0] == PUBLIC and e[1] == "ACT" for e in log)

    # Expect: set-aside {HRS, ARC2, FIL}; one Green card at each position; deck empty
    assert sorted(s.aside[g]) == ["ARC2", "FIL", "HRS"]
    assert s.facedown[g] == ["ARC1", "CHA", "DRU", "AXX", "SVD", "QWN"]
    assert s.hand[g] == [] and s.deck[g] == []
    # ... visible to Green only
    mine = RULES.observation(s, g)["clans"][g]
    assert sorted(mine["aside"]) == ["ARC2", "FIL", "HRS"]
    assert mine["facedown"] == ["ARC1", "CHA", "DRU", "AXX", "SVD", "QWN"]
    seen_by_red = RULES.observation(s, r)["clans"][g]
    assert not PRIVATE_CLAN_KEYS & set(seen_by_red)
    assert seen_by_red["aside_count"] == 3
    assert seen_by_red["facedown_at"] == [True] * 6
    # Green is done; it is Red's turn to give orders and Green may not act again
    assert to_act(s) == "R"
    assert s.phase == ORDERS
    rejects(s, "G: ASIDE ARC1")

    # Neutral Blue: 6 cards dealt and placed in RNG order, 3 set aside, no decision
    assert s.facedown[b] == shuffled[b][:6]
    assert s.aside[b] == shuffled[b][6:]
    assert s.hand[b] == [] and s.deck[b] == []
    assert s.deciders == [g, r] and b not in s.waiting
    assert RULES.check_invariants(s) == []
