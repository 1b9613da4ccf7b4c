"""HW-18 worked examples: warrior abilities (HW-EX-11 .. HW-EX-26)."""

from hw_positions import (
    RoundLog,
    act,
    clan,
    discarded,
    ended,
    forced_qween,
    lines,
    options,
    pile,
    position,
    rejects,
    snapshot,
    start_round,
    to_act,
)

from game.core.contract import PUBLIC, BadNotation
from game.games.hadrians_wall.observe import PRIVATE_CLAN_KEYS
from game.games.hadrians_wall.rules import RULES

# ------------------------------------------------------------------------- Qween


def ex11_position():
    return position(
        players=2, lines={"G": ["ARC1"], "R": ["AXX"]}, contested="NF5a",
        reveal={"G": "QWN", "R": "CHA"},
    )  # fmt: skip


def test_hw_ex_11_qween_captures_and_takes_target():
    s = ex11_position()
    before = s.clone()
    log = start_round(s)
    # one Ch'ariott: no clash; the only target is R-CHA, so the engine takes it
    assert (PUBLIC, "ACT", "G: QWN R-CHA") in log
    after = ended(log)
    assert after.last_round["lines"] == [["ARC1", "QWN"], ["AXX", "CHA"]]
    assert after.last_round["seduced"] == [clan(after, "G"), clan(after, "R"), "CHA"]
    assert after.last_round["totals"] == [15, 4]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["NF5a"]
    assert discarded(before, after, "G") == ["ARC1", "QWN"]
    assert discarded(before, after, "R") == ["CHA"]
    assert lines(after) == {"G": [], "R": ["AXX"]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_11_qween_rejections():
    s = ex11_position()
    log = forced_qween(s)  # the Qween decision the engine takes itself, held open
    assert to_act(s) == "G"
    assert options(s) == {"G: QWN R-CHA"}
    # Rejections: choosing no target; targeting R-AXX (revealed in an earlier round)
    rejects(s, "G: QWN -", BadNotation)
    rejects(s, "G: QWN", BadNotation)
    rejects(s, "G: QWN R-AXX")
    rejects(s, "G: QWN G-ARC1")  # the Qween's own clan
    act(s, log, "G: QWN R-CHA")
    # the same round as when the engine takes the choice itself (HW-14.3); only the
    # name of the last paused step differs
    auto = ended(start_round(ex11_position()))
    held = ended(log)
    assert held.phase == "QWN" and auto.phase == "ATTACK"
    held.phase = auto.phase
    assert snapshot(held) == snapshot(auto)


def test_hw_ex_12_failed_seduction():
    s = position(
        players=3, lines={"G": [], "R": [], "Y": ["SVD", "CHA"]},
        wall={3: "NF3b", 4: "NF4a"},
        reveal={"G": "QWN", "R": "ARC1", "Y": "HRS"},
        later={"G": {4: "AXX"}, "R": {4: "DRU"}, "Y": {4: "FIL"}},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert to_act(s) == "G"
    assert options(s) == {"G: QWN R-ARC1", "G: QWN Y-HRS"}
    rejects(s, "G: QWN Y-SVD")  # revealed in an earlier round
    rejects(s, "G: QWN -", BadNotation)
    cross = s.clone()
    act(s, log, "G: QWN R-ARC1")
    one = ended(log, 0)
    assert one.last_round["seduced"] == [0, 1, "ARC1"]
    assert one.last_round["totals"] == [7, 0, 21]
    assert one.last_round["capturer"] == clan(one, "Y")
    assert pile(one, "Y") == ["NF3b"]
    assert discarded(before, one, "Y") == ["SVD", "CHA", "HRS"]  # its Horsie is silent
    assert discarded(before, one, "G") == [] and discarded(before, one, "R") == []
    assert lines(one) == {"G": ["QWN"], "R": ["ARC1"], "Y": []}
    assert RULES.check_invariants(one) == []
    # next round: Gold's Filchy makes it ineligible; Red captures NF4a with a fresh
    # Dru'hid, whose choice it declines (the example takes the contested fort)
    assert s.rnd == 4 and to_act(s) == "R"
    assert options(s) == {"R: DRU -"} | {f"R: DRU {f}" for f in s.wall[4:]}
    act(s, log, "R: DRU -")
    two = ended(log, 1)
    assert two.last_round["fresh"] == ["AXX", "DRU", "FIL"]
    assert two.last_round["eligible"] == [True, True, False]
    assert two.last_round["totals"][:2] == [6, 8]
    assert two.last_round["capturer"] == clan(two, "R")
    assert pile(two, "R") == ["NF4a"]
    assert discarded(one, two, "R") == ["ARC1", "DRU"]
    assert lines(two) == {"G": ["QWN", "AXX"], "R": [], "Y": ["FIL"]}
    assert RULES.check_invariants(two) == []
    # cross-check: had Green targeted Y-HRS, Gold would still capture (9, 5, 14)
    # and Y-HRS would leave with Gold's line
    log2 = RoundLog(cross)
    act(cross, log2, "G: QWN Y-HRS")
    alt = ended(log2, 0)
    assert alt.last_round["seduced"] == [0, 2, "HRS"]
    assert alt.last_round["totals"] == [9, 5, 14]
    assert alt.last_round["capturer"] == clan(alt, "Y")
    assert discarded(before, alt, "Y") == ["SVD", "CHA", "HRS"]
    assert lines(alt) == {"G": ["QWN"], "R": ["ARC1"], "Y": []}


def test_hw_ex_13_two_qweens():
    s = position(
        players=2, lines={"G": ["ARC1"], "R": ["DRU"]}, contested="NF3a",
        reveal={"G": "QWN", "R": "QWN"},
    )  # fmt: skip
    log = start_round(s)
    after = ended(log)
    assert after.last_round["seduced"] is None
    assert not any(e[1] == "ACT" for e in log if "QWN" in str(e))
    assert after.last_round["totals"] == [7, 5]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["NF3a"]
    assert lines(after) == {"G": [], "R": ["DRU", "QWN"]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_14_qween_after_a_clash():
    s = position(
        players=3, lines={"G": [], "R": ["ARC1"], "Y": []}, contested="NF3a",
        reveal={"G": "QWN", "R": "CHA", "Y": "CHA"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    assert after.last_round["seduced"] is None  # R2 left the Qween no target
    assert after.last_round["totals"] == [2, 5, 0]
    assert after.last_round["capturer"] == clan(after, "R")
    assert pile(after, "R") == ["NF3a"]
    assert lines(after) == {"G": ["QWN"], "R": [], "Y": []}
    assert discarded(before, after, "R") == ["CHA", "ARC1"]
    assert discarded(before, after, "Y") == ["CHA"]
    assert discarded(before, after, "G") == []
    assert RULES.check_invariants(after) == []


# ------------------------------------------------------------ Dru'hid and Svord

EX15_WALL = {1: "NF1a", 2: "NF3a", 3: "FH3", 4: "NF5a", 5: "NF4a", 6: "NF6a"}


def ex15_position(red="AXX", wall=None, later=None, variant2=False):
    return position(
        players=2, rnd=3, wall=wall or EX15_WALL, lines={"G": ["ARC1"], "R": ["FIL"]},
        piles={"G": ["NF1a"], "R": ["NF3a"]},  # rounds 1 and 2, already resolved
        reveal={"G": "DRU", "R": red}, later=later, variant2=variant2,
    )  # fmt: skip


def dru_decision(s):
    """Reveal the HW-EX-15 round; Green must make the Dru'hid choice."""
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [8, 5]
    assert s.capturer == clan(s, "G")
    assert to_act(s) == "G"
    return before, log


def test_hw_ex_15a_druhid_takes_later_fort():
    s = ex15_position()
    before, log = dru_decision(s)
    assert options(s) == {"G: DRU -", "G: DRU NF5a", "G: DRU NF4a", "G: DRU NF6a"}
    act(s, log, "G: DRU NF6a")
    after = ended(log)
    assert after.last_round["taken"] == "NF6a"
    assert pile(after, "G") == ["NF1a", "NF6a"]
    assert after.wall == [None, None, None, "NF5a", "NF4a", "FH3"]
    assert discarded(before, after, "G") == ["ARC1", "DRU"]
    assert lines(after) == {"G": [], "R": ["FIL", "AXX"]}  # Red's Axx is silent
    assert "FH3" not in after.fort_discard and "FH3" not in after.left_wall
    assert RULES.check_invariants(after) == []


def test_hw_ex_15b_druhid_takes_next_fort():
    s = ex15_position()
    before, log = dru_decision(s)
    act(s, log, "G: DRU NF5a")
    after = ended(log)
    assert pile(after, "G") == ["NF1a", "NF5a"]
    assert after.wall == [None, None, None, "FH3", "NF4a", "NF6a"]
    assert discarded(before, after, "G") == ["ARC1", "DRU"]
    assert lines(after) == {"G": [], "R": ["FIL", "AXX"]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_15c_druhid_declined():
    s = ex15_position()
    before, log = dru_decision(s)
    act(s, log, "G: DRU -")
    after = ended(log)
    assert after.last_round["taken"] == "FH3"
    assert pile(after, "G") == ["NF1a", "FH3"]
    assert RULES.clan_score(after, clan(after, "G")) == 1 - 3
    assert after.wall == [None, None, None, "NF5a", "NF4a", "NF6a"]
    assert discarded(before, after, "G") == ["ARC1", "DRU"]
    assert lines(after) == {"G": [], "R": ["FIL", "AXX"]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_15d_druhid_takes_fort_fokus():
    s = ex15_position(wall={**EX15_WALL, 5: "FOK"})
    before, log = dru_decision(s)
    assert options(s) == {"G: DRU -", "G: DRU NF5a", "G: DRU FOK", "G: DRU NF6a"}
    act(s, log, "G: DRU FOK")
    # FH3 moves to position 5; Fort Fokus: Green's line is empty, only Red discards
    assert s.wall == [None, None, None, "NF5a", "FH3", "NF6a"]
    assert pile(s, "G") == ["NF1a", "FOK"]
    assert lines(s) == {"G": [], "R": ["FIL", "AXX"]}
    assert to_act(s) == "R"
    assert s.deciders == [clan(s, "R")]
    assert options(s) == {"R: FOK FIL", "R: FOK AXX"}
    rejects(s, "G: FOK DRU")  # Green is unaffected
    act(s, log, "R: FOK FIL")
    after = ended(log)
    assert lines(after) == {"G": [], "R": ["AXX"]}
    assert discarded(before, after, "R") == ["FIL"]
    assert discarded(before, after, "G") == ["ARC1", "DRU"]
    assert after.wall == [None, None, None, "NF5a", "FH3", "NF6a"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_15_druhid_rejections():
    s = ex15_position()
    dru_decision(s)
    # Rejections: NF1a or NF3a (already resolved, now in piles), a fort from the deck
    rejects(s, "G: DRU NF1a")
    rejects(s, "G: DRU NF3a")
    rejects(s, f"G: DRU {s.fort_deck[-1]}")
    rejects(s, f"G: DRU {s.fort_deck[0]}")
    rejects(s, "R: DRU NF6a")  # not Red's decision


def test_hw_ex_16_svord_after_a_swap():
    s = ex15_position(red="SVD", later={"R": {4: "QWN", 5: "ARC1", 6: "CHA"}})
    g, r = clan(s, "G"), clan(s, "R")
    start = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [8, 7]
    assert to_act(s) == "G"
    act(s, log, "G: DRU NF6a")
    assert s.wall == [None, None, None, "NF5a", "NF4a", "FH3"]
    # R9: Red's Svord
    assert to_act(s) == "R"
    assert options(s) == {"R: SVD -", "R: SVD 4 QWN", "R: SVD 4 ARC1", "R: SVD 4 CHA"}
    # Rejections: a card to position 3 or earlier; moving a line card
    rejects(s, "R: SVD 3 CHA")
    rejects(s, "R: SVD 1 QWN")
    rejects(s, "R: SVD 4 FIL")
    rejects(s, "R: SVD 4 SVD")
    act(s, log, "R: SVD 4 CHA")
    # Rejections: two cards at one position (4 is taken; CHA is already placed)
    rejects(s, "R: SVD 4 ARC1")
    rejects(s, "R: SVD 5 CHA")
    assert options(s) == {"R: SVD 5 ARC1", "R: SVD 5 QWN"}
    assert not PRIVATE_CLAN_KEYS & set(RULES.observation(s, g)["clans"][r])
    act(s, log, "R: SVD 5 ARC1")  # QWN has one place left: position 6
    after = ended(log)
    assert after.facedown[r] == [None, None, None, "CHA", "ARC1", "QWN"]
    assert after.facedown[g] == start.facedown[g][:2] + [None] + start.facedown[g][3:]
    assert after.wall == [None, None, None, "NF5a", "NF4a", "FH3"]
    assert pile(after, "G") == ["NF1a", "NF6a"]
    assert lines(after) == {"G": [], "R": ["FIL", "SVD"]}
    # Green's view shows only that Red used its Svord
    seen = RULES.observation(after, g)["clans"][r]
    assert not PRIVATE_CLAN_KEYS & set(seen)
    assert seen["facedown_at"] == [False, False, False, True, True, True]
    assert (PUBLIC, "SVORD-USED", "R") in log
    for event in log:
        if event[0] in (PUBLIC, g):
            assert "SVD 4" not in str(event) and event[1] != "SVORD", event
    assert (r, "SVORD", "R", "CHA ARC1 QWN") in log
    assert RULES.check_invariants(after) == []


# ------------------------------------------------------------------------- Axx


def test_hw_ex_17_axx_kept_then_carried():
    s = position(
        players=2, lines={"G": ["FIL"], "R": []}, rnd=2, wall={2: "NF3a", 3: "NF4a"},
        reveal={"G": "AXX", "R": "DRU"}, later={"G": {3: "ARC1"}, "R": {3: "SVD"}},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [5, 3]
    assert s.capturer == clan(s, "G")
    assert to_act(s) == "G"
    assert options(s) == {"G: AXX KEEP", "G: AXX -"}
    act(s, log, "G: AXX KEEP")
    one = ended(log, 0)
    assert pile(one, "G") == ["NF3a"]
    assert lines(one) == {"G": ["AXX"], "R": ["DRU"]}
    assert discarded(before, one, "G") == ["FIL"]
    assert RULES.check_invariants(one) == []
    # next round: 9 vs 9; only Green's Arch'r is fresh; the old Axx cannot be kept,
    # so the next decision is Red's Svord
    assert s.rnd == 3
    assert s.last_round["totals"] == [9, 9]
    assert s.capturer == clan(s, "G")
    assert to_act(s) == "R"
    assert all(a.verb == "SVD" for a in RULES.legal_actions(s))
    act(s, log, "R: SVD -")
    two = ended(log, 1)
    assert two.last_round["capturer"] == clan(two, "G")
    assert pile(two, "G") == ["NF3a", "NF4a"]
    assert discarded(one, two, "G") == ["AXX", "ARC1"]
    assert lines(two) == {"G": [], "R": ["DRU", "SVD"]}
    assert RULES.check_invariants(two) == []


def test_hw_ex_18_axx_meets_fort_fokus():
    s = position(
        players=3, lines={"G": [], "R": ["DRU"], "Y": []}, rnd=2, contested="FOK",
        reveal={"G": "AXX", "R": "CHA", "Y": "CHA"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [4, 3, 0]
    assert s.capturer == clan(s, "G")
    assert to_act(s) == "G"
    assert options(s) == {"G: AXX KEEP", "G: AXX -"}
    act(s, log, "G: AXX KEEP")
    after = ended(log)
    assert pile(after, "G") == ["FOK"]
    assert (PUBLIC, "DISCARD", "G", "-") in log  # the Axx was kept in R7.3 ...
    assert (PUBLIC, "FOKUS", "G", "AXX") in log  # ... and lost to Fort Fokus
    assert (PUBLIC, "FOKUS", "R", "DRU") in log
    assert not any(e[1] == "FOKUS" and e[2] == "Y" for e in log)
    assert lines(after) == {"G": [], "R": [], "Y": []}
    assert discarded(before, after, "G") == ["AXX"]
    assert discarded(before, after, "R") == ["CHA", "DRU"]
    assert discarded(before, after, "Y") == ["CHA"]
    assert RULES.check_invariants(after) == []


def ex19_position():
    return position(
        players=2, lines={"G": ["FIL", "DRU"], "R": []}, rnd=3, contested="KOM",
        reveal={"G": "AXX", "R": "SVD"},
    )  # fmt: skip


def ex19_axx_decision():
    s = ex19_position()
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [8, 6]
    assert s.capturer == clan(s, "G") and s.taken == "KOM"
    assert to_act(s) == "G"
    assert options(s) == {"G: AXX KEEP", "G: AXX -"}
    return s, before, log


def test_hw_ex_19a_axx_with_komfort():
    s, before, log = ex19_axx_decision()
    act(s, log, "G: AXX KEEP")
    assert to_act(s) == "G"
    assert options(s) == {"G: KOM -", "G: KOM FIL"}
    # (c) Rejection: keeping DRU under KomFort (it is not the weakest)
    rejects(s, "G: KOM DRU")
    rejects(s, "G: KOM AXX")  # already kept by its own ability
    act(s, log, "G: KOM FIL")
    assert to_act(s) == "R"  # Red's Svord (R9)
    act(s, log, "R: SVD -")
    after = ended(log)
    assert pile(after, "G") == ["KOM"]
    assert lines(after) == {"G": ["FIL", "AXX"], "R": ["SVD"]}
    assert discarded(before, after, "G") == ["DRU"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_19b_axx_declined_with_komfort():
    s, before, log = ex19_axx_decision()
    act(s, log, "G: AXX -")
    assert to_act(s) == "G"
    assert options(s) == {"G: KOM -", "G: KOM FIL"}  # FIL is the weakest of the three
    rejects(s, "G: KOM DRU")
    rejects(s, "G: KOM AXX")
    act(s, log, "G: KOM FIL", "R: SVD -")
    after = ended(log)
    assert lines(after) == {"G": ["FIL"], "R": ["SVD"]}
    assert discarded(before, after, "G") == ["DRU", "AXX"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_19d_komfort_tie_for_the_weakest():
    s = position(
        players=2, lines={"G": ["ARC1", "ARC2"], "R": []}, rnd=3, contested="KOM",
        reveal={"G": "CHA", "R": "AXX"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [18, 4]
    assert to_act(s) == "G"
    assert options(s) == {"G: KOM -", "G: KOM ARC1", "G: KOM ARC2"}
    rejects(s, "G: KOM CHA")
    act(s, log, "G: KOM ARC2")
    after = ended(log)
    assert lines(after) == {"G": ["ARC2"], "R": ["AXX"]}
    assert discarded(before, after, "G") == ["ARC1", "CHA"]
    assert RULES.check_invariants(after) == []


# ----------------------------------------------------------------------- Arch'r


def test_hw_ex_20_archr_clash():
    s = position(
        players=3, lines={"G": ["DRU"], "R": ["DRU"], "Y": []}, rnd=2, contested="NF5b",
        reveal={"G": "ARC1", "R": "ARC1", "Y": "AXX"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [8, 8, 4]
    assert after.last_round["capturer"] is None
    assert after.fort_discard[-1] == "NF5b" and after.wall[1] is None
    assert all(p == [] for p in after.piles)
    assert lines(after) == {"G": ["DRU", "ARC1"], "R": ["DRU", "ARC1"], "Y": ["AXX"]}
    assert all(discarded(before, after, col) == [] for col in "GRY")
    assert RULES.check_invariants(after) == []


def test_hw_ex_21_three_way_tie_one_fresh_archr():
    s = position(
        players=3, lines={"G": ["DRU"], "R": [], "Y": ["ARC2"]}, rnd=2, contested="NF4a",
        reveal={"G": "ARC1", "R": "CHA", "Y": "DRU"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [8, 8, 8]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["NF4a"]
    assert lines(after) == {"G": [], "R": ["CHA"], "Y": ["ARC2", "DRU"]}
    assert discarded(before, after, "G") == ["DRU", "ARC1"]
    assert RULES.check_invariants(after) == []


# ------------------------------------------------------ Filchy, Horsie, Ch'ariott


def test_hw_ex_22a_filchy_dodges_fortheca():
    s = position(
        players=2, lines={"G": ["CHA"], "R": []}, rnd=2, contested="FH3",
        reveal={"G": "FIL", "R": "ARC1"},
    )  # fmt: skip
    log = start_round(s)
    after = ended(log)
    assert after.last_round["eligible"] == [False, True]
    assert after.last_round["totals"] == [9, 5]
    assert after.last_round["capturer"] == clan(after, "R")
    assert pile(after, "R") == ["FH3"] and pile(after, "G") == []
    assert lines(after) == {"G": ["CHA", "FIL"], "R": []}
    assert RULES.totals(after)[clan(after, "G")] == 9  # carried to the next round
    assert RULES.check_invariants(after) == []


def test_hw_ex_22b_all_filchy():
    s = position(players=2, rnd=1, contested="NF1a", reveal={"G": "FIL", "R": "FIL"})
    log = start_round(s)
    after = ended(log)
    assert after.last_round["eligible"] == [False, False]
    assert after.last_round["capturer"] is None
    assert after.fort_discard[-1] == "NF1a" and after.wall[0] is None
    assert lines(after) == {"G": ["FIL"], "R": ["FIL"]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_23_horsie_loses():
    s = position(
        players=2, lines={"G": ["ARC1", "DRU"], "R": ["CHA", "SVD"]}, contested="NF6a",
        reveal={"G": "HRS", "R": "ARC1"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [15, 19]
    assert s.capturer == clan(s, "R")
    assert lines(s)["R"] == []
    assert discarded(before, s, "R") == ["CHA", "SVD", "ARC1"]
    # R8: Green must discard ARC1 or DRU
    assert to_act(s) == "G"
    assert options(s) == {"G: HRS ARC1", "G: HRS DRU"}
    # Rejection: discarding the HRS while ARC1 or DRU is still in the line
    rejects(s, "G: HRS HRS")
    act(s, log, "G: HRS DRU")
    after = ended(log)
    assert pile(after, "R") == ["NF6a"]
    assert lines(after) == {"G": ["ARC1", "HRS"], "R": []}
    assert discarded(before, after, "G") == ["DRU"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_24a_horsie_alone():
    s = position(
        players=2, lines={"G": [], "R": ["ARC1"]}, rnd=2, contested="NF3a",
        reveal={"G": "HRS", "R": "SVD"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [7, 11]
    assert s.capturer == clan(s, "R")
    assert (PUBLIC, "HORSIE", "G", "HRS") in log  # forced: its only line card
    assert to_act(s) == "R"  # Red's Svord
    act(s, log, "R: SVD -")
    after = ended(log)
    assert lines(after) == {"G": [], "R": []}
    assert discarded(before, after, "G") == ["HRS"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_24b_horsie_in_a_tie():
    s = position(
        players=2, lines={"G": ["DRU"], "R": ["SVD"]}, contested="NF3a",
        reveal={"G": "HRS", "R": "AXX"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [10, 10]
    assert after.last_round["capturer"] is None
    assert after.fort_discard[-1] == "NF3a"
    assert discarded(before, after, "G") == ["DRU"]
    assert lines(after) == {"G": ["HRS"], "R": ["SVD", "AXX"]}
    assert RULES.check_invariants(after) == []


def ex25_position():
    return position(
        players=2, lines={"G": ["ARC1"], "R": ["DRU"]}, contested="NF4a",
        reveal={"G": "QWN", "R": "HRS"},
    )  # fmt: skip


def test_hw_ex_25_horsie_taken_by_capturing_qween():
    s = ex25_position()
    before = s.clone()
    log = start_round(s)
    assert (PUBLIC, "ACT", "G: QWN R-HRS") in log
    after = ended(log)
    assert after.last_round["seduced"] == [0, 1, "HRS"]
    assert after.last_round["totals"] == [14, 3]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["NF4a"]
    assert discarded(before, after, "G") == ["ARC1", "QWN"]
    # R-HRS goes with Green's capture; then R8 still costs Red its DRU
    assert discarded(before, after, "R") == ["HRS", "DRU"]
    assert lines(after) == {"G": [], "R": []}
    assert RULES.check_invariants(after) == []
    # the Qween's only option is R-HRS
    s2 = ex25_position()
    forced_qween(s2)
    assert to_act(s2) == "G" and options(s2) == {"G: QWN R-HRS"}
    rejects(s2, "G: QWN R-DRU")
    rejects(s2, "G: QWN -", BadNotation)


def test_hw_ex_26a_lone_chariott():
    s = position(players=2, rnd=1, contested="NF1a", reveal={"G": "CHA", "R": "SVD"})
    log = start_round(s)
    assert s.last_round["totals"] == [8, 6]
    assert s.capturer == clan(s, "G")
    assert to_act(s) == "R"  # Red's Svord
    act(s, log, "R: SVD -")
    after = ended(log)
    assert pile(after, "G") == ["NF1a"]
    assert lines(after) == {"G": [], "R": ["SVD"]}
    assert after.discard[clan(after, "G")] == ["CHA"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_26b_chariott_clash():
    s = position(players=2, rnd=1, contested="NF1a", reveal={"G": "CHA", "R": "CHA"})
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [0, 0]
    assert after.last_round["capturer"] is None
    assert after.fort_discard[-1] == "NF1a"
    assert lines(after) == {"G": [], "R": []}
    assert after.discard == [["CHA"], ["CHA"]]
    assert RULES.check_invariants(after) == []


def test_hw_ex_26c_three_chariotts_and_a_filchy():
    s = position(
        players=4, lines={"G": ["DRU"], "R": [], "Y": ["ARC1"], "B": []}, rnd=2,
        contested="NF3a", reveal={"G": "CHA", "R": "CHA", "Y": "CHA", "B": "FIL"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    assert after.last_round["clash"] == [0, 1, 2]
    assert after.last_round["eligible"] == [True, True, True, False]
    assert after.last_round["totals"] == [3, 0, 5, 1]
    assert after.last_round["capturer"] == clan(after, "Y")
    assert pile(after, "Y") == ["NF3a"]
    assert lines(after) == {"G": ["DRU"], "R": [], "Y": [], "B": ["FIL"]}
    assert discarded(before, after, "G") == ["CHA"]
    assert discarded(before, after, "R") == ["CHA"]
    assert discarded(before, after, "Y") == ["CHA", "ARC1"]
    assert discarded(before, after, "B") == []
    assert RULES.check_invariants(after) == []
