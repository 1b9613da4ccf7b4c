"""HW-18 worked examples: the optional variants (HW-EX-32, HW-EX-33)."""

import pytest
from hw_positions import act, clan, ended, lines, options, pile, position, start_round, to_act

from game.core.contract import PUBLIC
from game.games.hadrians_wall.rules import RULES

# ------------------------------------------------------ variant 1: the fort holds out

EX32_WALL = {3: "NF4a", 4: "NF5a", 5: "FH1", 6: "NF6a"}


@pytest.mark.parametrize(
    ("reveal", "eligible"),
    [
        ({"G": "AXX", "R": "AXX"}, [True, True]),  # a tie for the top
        ({"G": "ARC1", "R": "ARC1"}, [True, True]),  # an Arch'r clash (as in HW-EX-20)
        ({"G": "FIL", "R": "FIL"}, [False, False]),  # no eligible clan (HW-EX-22b)
    ],
    ids=["tie", "archr-clash", "all-filchy"],
)
def test_hw_ex_32_variant_1_fort_holds_out(reveal, eligible):
    s = position(players=2, rnd=3, wall=EX32_WALL, reveal=reveal, variant1=True)
    log = start_round(s)
    after = ended(log)
    assert after.last_round["capturer"] is None
    assert after.last_round["eligible"] == eligible
    # NF4a -> 4, NF5a -> 5, FH1 -> 6; NF6a is pushed off the wall into the discard
    assert after.wall == [None, None, None, "NF4a", "NF5a", "FH1"]
    assert after.fort_discard[-1] == "NF6a"
    assert "NF4a" not in after.fort_discard and all(p == [] for p in after.piles)
    assert (PUBLIC, "HOLDS", "NF4a", "NF6a") in log
    # round 4 is fought over NF4a
    assert (PUBLIC, "ROUND", 4, "NF4a") in log
    assert lines(after) == {"G": [reveal["G"]], "R": [reveal["R"]]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_32_variant_1_round_6():
    s = position(
        players=2, rnd=6, contested="NF6a", reveal={"G": "FIL", "R": "FIL"}, variant1=True,
    )  # fmt: skip
    wall_before = s.wall[:]
    log = start_round(s)
    after = ended(log)  # the turn ends after round 6
    assert wall_before[5] == "NF6a"
    assert after.last_round["capturer"] is None
    assert after.wall == [None] * 6
    assert after.fort_discard[-1] == "NF6a"
    assert (PUBLIC, "HOLDS", "NF6a", "NF6a") in log
    assert (PUBLIC, "TURN-END", 1) in log


# ------------------------------------------------------ variant 2: Dru'hid with a shift

EX15_WALL = {1: "NF1a", 2: "NF3a", 3: "FH3", 4: "NF5a", 5: "NF4a", 6: "NF6a"}


def ex33_decision():
    """The HW-EX-15 position under variant 2, at Green's Dru'hid choice."""
    s = position(
        players=2, rnd=3, wall=EX15_WALL, lines={"G": ["ARC1"], "R": ["FIL"]},
        piles={"G": ["NF1a"], "R": ["NF3a"]}, reveal={"G": "DRU", "R": "AXX"},
        variant2=True,
    )  # fmt: skip
    log = start_round(s)
    assert s.last_round["totals"] == [8, 5]
    assert to_act(s) == "G"
    assert options(s) == {"G: DRU -", "G: DRU NF5a", "G: DRU NF4a", "G: DRU NF6a"}
    return s, log


def test_hw_ex_33a_variant_2_shift():
    s, log = ex33_decision()
    act(s, log, "G: DRU NF6a")
    after = ended(log)
    assert pile(after, "G") == ["NF1a", "NF6a"]
    # FH3, NF5a and NF4a move from positions 3, 4, 5 to 4, 5, 6; position 3 is empty
    assert after.wall == [None, None, None, "FH3", "NF5a", "NF4a"]
    assert (PUBLIC, "ROUND", 4, "FH3") in log  # round 4 is fought over FH3
    assert lines(after) == {"G": [], "R": ["FIL", "AXX"]}
    assert after.discard[clan(after, "G")][-2:] == ["ARC1", "DRU"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_33b_variant_2_next_fort():
    s, log = ex33_decision()
    act(s, log, "G: DRU NF5a")
    after = ended(log)
    assert pile(after, "G") == ["NF1a", "NF5a"]
    assert after.wall == [None, None, None, "FH3", "NF4a", "NF6a"]  # as the base swap
    assert (PUBLIC, "ROUND", 4, "FH3") in log
    assert RULES.check_invariants(after) == []


def test_hw_0_6_every_random_outcome_is_logged_and_read_only_by_whom_it_concerns():
    from game.games.hadrians_wall.content import FORT_IDS
    from game.games.hadrians_wall.rules import NOBODY

    log = []
    s = RULES.new_game({"players": 2, "neutrals": 1}, 3, log)
    order = [e for e in log if e[1] == "ORDER"]
    assert order == [(NOBODY, "ORDER", "forts", *order[0][3:])]
    assert sorted(order[0][3:]) == sorted(FORT_IDS)  # the whole deck, from its top
    assert list(order[0][3:9]) == sorted(s.wall, key=order[0][3:].index)  # drawn first
    deals = {e[2]: e for e in log if e[1] == "DEALT"}
    assert set(deals) == set(s.colours)
    for c, colour in enumerate(s.colours):
        seen, cards = deals[colour][0], list(deals[colour][3:])
        if c < s.n_players:  # the clan's own player reads his 2 random set-asides (HW-7.2)
            assert seen == c and cards[:2] == s.aside[c] and cards[2:] == s.hand[c]
        else:  # a neutral clan's face-down orders and set-aside: no seat (HW-14.1)
            assert seen == NOBODY and cards == s.facedown[c] + s.aside[c]
    assert not any(e[0] == PUBLIC and e[1] in ("DEALT", "ORDER") for e in log)
