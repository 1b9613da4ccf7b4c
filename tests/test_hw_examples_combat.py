"""HW-18 worked examples: the source example and basic combat (HW-EX-6 .. HW-EX-10)."""

from hw_positions import (
    RoundLog,
    act,
    clan,
    discarded,
    ended,
    lines,
    options,
    pile,
    position,
    start_round,
    to_act,
)

from game.games.hadrians_wall.rules import RULES


def test_hw_ex_6_source_example_round_1():
    s = position(
        players=3, rnd=1,
        wall={1: "NF1a", 2: "KOM", 3: "FH2a", 4: "NF3a", 5: "NF5a", 6: "UNA"},
        reveal={"G": "ARC1", "R": "DRU", "Y": "HRS"},
        later={"G": {2: "CHA"}, "R": {2: "CHA"}, "Y": {2: "ARC1"}},
    )  # fmt: skip
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [5, 3, 7]
    assert after.piles[clan(after, "Y")] == ["NF1a"]
    assert lines(after) == {"G": ["ARC1"], "R": ["DRU"], "Y": []}
    assert after.discard[clan(after, "Y")][-1] == "HRS"
    assert RULES.check_invariants(after) == []


def ex6_position():
    return position(
        players=3, rnd=1,
        wall={1: "NF1a", 2: "KOM", 3: "FH2a", 4: "NF3a", 5: "NF5a", 6: "UNA"},
        reveal={"G": "ARC1", "R": "DRU", "Y": "HRS"},
        later={"G": {2: "CHA"}, "R": {2: "CHA"}, "Y": {2: "ARC1"}},
    )  # fmt: skip


def test_hw_ex_7_source_example_round_2():
    s = ex6_position()
    log = start_round(s)  # round 1 (HW-EX-6) needs no decision; round 2 stops at KomFort
    first = ended(log, 0)
    assert lines(first) == {"G": ["ARC1"], "R": ["DRU"], "Y": []}
    # round 2: the contested fort is KOM; both Ch'ariotts clash in R2
    assert s.rnd == 2 and s.taken == "KOM"
    assert s.fresh == ["CHA", "CHA", "ARC1"]
    assert s.last_round["clash"] == [0, 1]
    assert s.last_round["totals"] == [5, 3, 5]
    assert s.capturer == clan(s, "Y")  # G and Y tie at 5; only Gold's Arch'r is fresh
    assert to_act(s) == "Y"
    assert options(s) == {"Y: KOM -", "Y: KOM ARC1"}
    decline = s.clone()
    act(s, log, "Y: KOM ARC1")
    after = ended(log, 1)
    assert after.last_round["capturer"] == clan(after, "Y")
    assert after.last_round["taken"] == "KOM"
    assert lines(after) == {"G": ["ARC1"], "R": ["DRU"], "Y": ["ARC1"]}
    assert {col: sorted(after.discard[clan(after, col)]) for col in "GRY"} == {
        "G": ["CHA"], "R": ["CHA"], "Y": ["HRS"],
    }  # fmt: skip
    assert pile(after, "Y") == ["NF1a", "KOM"]
    assert pile(after, "G") == [] and pile(after, "R") == []
    assert after.wall[:2] == [None, None] and "KOM" not in after.fort_discard
    assert RULES.check_invariants(after) == []

    # Gold declines the KomFort keep instead
    log2 = RoundLog(decline)
    act(decline, log2, "Y: KOM -")
    alt = ended(log2, 0)
    assert lines(alt) == {"G": ["ARC1"], "R": ["DRU"], "Y": []}
    assert sorted(alt.discard[clan(alt, "Y")]) == ["ARC1", "HRS"]
    assert pile(alt, "Y") == ["NF1a", "KOM"]
    assert RULES.check_invariants(alt) == []


def test_hw_ex_8_lines_add_up():
    s = position(
        players=2, rnd=1, wall={1: "NF1a", 2: "NF3a"},
        reveal={"G": "ARC1", "R": "DRU"}, later={"G": {2: "ARC2"}, "R": {2: "ARC1"}},
    )  # fmt: skip
    log = start_round(s)
    one, two = ended(log, 0), ended(log, 1)
    # round 1: 5 vs 3, Green captures NF1a
    assert one.last_round["totals"] == [5, 3]
    assert one.last_round["capturer"] == clan(one, "G")
    assert pile(one, "G") == ["NF1a"]
    assert lines(one) == {"G": [], "R": ["DRU"]}
    assert one.discard[clan(one, "G")] == ["ARC1"]
    # round 2: G 5, R 3 + 5 = 8, Red captures NF3a (no tie, so no Arch'r matters)
    assert two.last_round["fresh"] == ["ARC2", "ARC1"]
    assert two.last_round["totals"] == [5, 8]
    assert two.last_round["capturer"] == clan(two, "R")
    assert pile(two, "R") == ["NF3a"] and pile(two, "G") == ["NF1a"]
    assert lines(two) == {"G": ["ARC2"], "R": []}
    assert two.discard[clan(two, "R")] == ["DRU", "ARC1"]
    assert two.wall[:2] == [None, None]
    assert RULES.check_invariants(one) == [] and RULES.check_invariants(two) == []


def test_hw_ex_9_tie_for_the_top():
    s = position(
        players=2, lines={"G": ["DRU"], "R": ["FIL"]}, contested="NF4a",
        reveal={"G": "AXX", "R": "SVD"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    # 7 vs 7, no fresh Arch'r: unclaimed; Red's Svord is the only decision (R9)
    assert s.last_round["totals"] == [7, 7]
    assert s.last_round["capturer"] is None
    assert to_act(s) == "R"
    red_facedown = [x for x in s.facedown[clan(s, "R")] if x]
    assert options(s) == {"R: SVD -"} | {f"R: SVD 3 {x}" for x in red_facedown}
    act(s, log, "R: SVD -")
    after = ended(log)
    assert after.capturer is None
    assert after.fort_discard[-1] == "NF4a"
    assert after.wall[1] is None and "NF4a" not in after.wall
    assert pile(after, "G") == [] and pile(after, "R") == []
    assert lines(after) == {"G": ["DRU", "AXX"], "R": ["FIL", "SVD"]}
    assert discarded(before, after, "G") == [] and discarded(before, after, "R") == []
    red_before = before.facedown[clan(before, "R")]
    assert after.facedown[clan(after, "R")] == red_before[:1] + [None] + red_before[2:]
    assert RULES.check_invariants(after) == []


def test_hw_ex_10_lower_tie_ignored():
    s = position(
        players=3, lines={"G": [], "R": ["FIL"], "Y": []}, rnd=2, contested="NF3b",
        reveal={"G": "CHA", "R": "DRU", "Y": "AXX"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    # a lone Ch'ariott does not clash: it stays in the line and counts 8
    assert after.last_round["lines"][clan(after, "G")] == ["CHA"]
    assert after.last_round["totals"] == [8, 4, 4]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["NF3b"]
    assert lines(after) == {"G": [], "R": ["FIL", "DRU"], "Y": ["AXX"]}
    assert discarded(before, after, "G") == ["CHA"]
    assert discarded(before, after, "R") == [] and discarded(before, after, "Y") == []
    assert RULES.check_invariants(after) == []
