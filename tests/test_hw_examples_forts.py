"""HW-18 worked examples: forts, scoring and neutral clans (HW-EX-27 .. HW-EX-31)."""

from hw_positions import (
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
    start_round,
    to_act,
)

from game.core.contract import PUBLIC, BadNotation
from game.games.hadrians_wall.content import FORTHECA
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.state import OVER

# ----------------------------------------------------------------------- FortUna


def test_hw_ex_27a_fortuna_discards_another_fort():
    s = position(
        players=2, rnd=3, contested="UNA", piles={"G": ["FH2a", "NF3a"]},
        reveal={"G": "CHA", "R": "FIL"},
    )  # fmt: skip
    log = start_round(s)
    assert s.capturer == clan(s, "G")
    assert pile(s, "G") == ["FH2a", "NF3a", "UNA"]
    assert to_act(s) == "G"
    assert options(s) == {"G: UNA FH2a", "G: UNA NF3a"}
    # Rejections: discarding nothing; discarding UNA while NF3a or FH2a is held
    rejects(s, "G: UNA", BadNotation)
    rejects(s, "G: UNA -", BadNotation)
    rejects(s, "G: UNA UNA")
    rejects(s, "G: UNA NF1a")  # not in Green's pile
    act(s, log, "G: UNA FH2a")
    after = ended(log)
    assert pile(after, "G") == ["NF3a", "UNA"]
    assert RULES.clan_score(after, clan(after, "G")) == 11
    assert after.fort_discard[-1] == "FH2a"
    assert RULES.check_invariants(after) == []


def test_hw_ex_27b_fortuna_alone_discards_itself():
    s = position(
        players=2, lines={"G": ["ARC1"], "R": []}, rnd=2, contested="UNA",
        reveal={"G": "CHA", "R": "FIL"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)
    assert after.last_round["capturer"] == clan(after, "G")
    assert (PUBLIC, "FORTUNA", "G", "UNA") in log  # forced: FortUna is its only fort
    assert pile(after, "G") == []
    assert after.fort_discard[-1] == "UNA"
    assert discarded(before, after, "G") == ["ARC1", "CHA"]  # the line goes all the same
    assert lines(after) == {"G": [], "R": ["FIL"]}
    assert RULES.check_invariants(after) == []


# ---------------------------------------------------------------------- FortHeca


def test_hw_ex_28a_fortheca_instant_win():
    s = position(
        players=2, rnd=4, contested="FH3", piles={"G": ["FH1", "FH2a", "NF5a"]},
        lines={"G": ["ARC1", "DRU"], "R": ["FIL", "QWN"]}, reveal={"G": "AXX", "R": "HRS"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert s.last_round["totals"] == [12, 10]
    assert s.last_round["capturer"] == clan(s, "G")
    # Green holds 3 FortHeca and wins at once
    assert pile(s, "G") == ["FH1", "FH2a", "NF5a", "FH3"]
    assert s.phase == OVER and RULES.is_over(s)
    assert s.winner == clan(s, "G")
    assert RULES.winners(s) == [clan(s, "G")]
    assert RULES.to_act(s) is None and RULES.legal_actions(s) == []
    # nothing after R7.2: no Axx choice, no line discard, no Horsie, no further round
    assert log[-1] == (PUBLIC, "WIN", "G", "three FortHeca")
    assert lines(s) == {"G": ["ARC1", "DRU", "AXX"], "R": ["FIL", "QWN", "HRS"]}
    assert s.discard == before.discard
    assert s.rnd == 4 and s.wall[3] is None and s.wall[4:] == before.wall[4:]
    assert s.facedown == [fd[:3] + [None] + fd[4:] for fd in before.facedown]
    assert log.after_round == []
    rejects(s, "G: AXX KEEP")
    rejects(s, "R: HRS FIL")
    assert RULES.check_invariants(s) == []


def test_hw_ex_28b_neutral_three_forthecas_play_on():
    s = position(
        players=1, neutrals=1, colours=["G", "B"], rnd=3, contested="FH2b",
        piles={"B": ["FH1", "FH2a"]}, reveal={"G": "FIL", "B": "AXX"},
    )  # fmt: skip
    log = start_round(s)
    after = ended(log)
    assert after.last_round["capturer"] == clan(after, "B")
    assert pile(after, "B") == ["FH1", "FH2a", "FH2b"]
    assert after.winner is None and after.phase != OVER
    assert not RULES.is_over(s) and s.winner is None and RULES.winners(s) == []
    assert s.rnd > 3  # play goes on
    assert RULES.check_invariants(after) == []


def test_hw_ex_28c_fortuna_sheds_a_fortheca():
    s = position(
        players=2, rnd=3, contested="UNA", piles={"G": ["FH1", "FH2a"]},
        reveal={"G": "CHA", "R": "FIL"},
    )  # fmt: skip
    log = start_round(s)
    assert to_act(s) == "G"
    assert options(s) == {"G: UNA FH1", "G: UNA FH2a"}
    act(s, log, "G: UNA FH1")
    after = ended(log)
    assert pile(after, "G") == ["FH2a", "UNA"]
    assert sum(f in FORTHECA for f in pile(after, "G")) == 1
    assert after.fort_discard[-1] == "FH1"
    assert after.winner is None and after.phase != OVER
    assert RULES.check_invariants(after) == []


def test_hw_ex_28d_druhid_takes_third_fortheca():
    s = position(
        players=2, rnd=3, wall={3: "NF3a", 5: "FH3"}, piles={"G": ["FH1", "FH2a"]},
        lines={"G": ["ARC1", "ARC2"]}, reveal={"G": "DRU", "R": "FIL"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    assert to_act(s) == "G"
    assert "G: DRU FH3" in options(s)
    act(s, log, "G: DRU FH3")
    assert pile(s, "G") == ["FH1", "FH2a", "FH3"]
    assert s.phase == OVER and s.winner == clan(s, "G")
    assert RULES.winners(s) == [clan(s, "G")] and RULES.to_act(s) is None
    assert log[-1] == (PUBLIC, "WIN", "G", "three FortHeca")
    assert "FH3" not in s.wall and "NF3a" in s.wall  # the contested fort was not taken
    assert lines(s)["G"] == ["ARC1", "ARC2", "DRU"]  # no line discard after R7.2
    assert s.discard == before.discard
    assert RULES.check_invariants(s) == []


# ---------------------------------------------------------------- final scoring


def finished(piles: dict[str, list[str]], players: int, neutrals: int = 0, colours=None):
    s = RULES.new_game({"players": players, "neutrals": neutrals, "colours": colours}, 1)
    s.phase = OVER
    s.waiting = []
    s.piles = [list(piles.get(col, [])) for col in s.colours]
    return s


def test_hw_ex_29a_final_scoring_strongest_fort():
    s = finished({"G": ["NF6a", "NF5a", "FH1"], "R": ["NF4a", "NF3a", "NF3b"],
                  "Y": ["UNA", "FH2a"]}, players=3)  # fmt: skip
    assert RULES.scores(s) == [10, 10, 6]
    assert RULES.winners(s) == [clan(s, "G")]


def test_hw_ex_29b_final_scoring_shared_win():
    s = finished({"G": ["NF5a", "NF4a", "NF1a"], "R": ["NF5b", "NF4b", "NF1b"],
                  "Y": ["NF6a", "FOK"]}, players=3)  # fmt: skip
    assert RULES.scores(s) == [10, 10, 10]
    assert RULES.winners(s) == [clan(s, "G"), clan(s, "R")]


def test_hw_ex_29c_final_scoring_second_fort():
    s = finished({"G": ["NF6a", "NF3a", "NF1a"], "R": ["NF6b", "NF5a", "FH1"]}, players=2)
    assert RULES.scores(s) == [10, 10]
    assert RULES.winners(s) == [clan(s, "R")]


def test_hw_ex_29d_final_scoring_neutral_never_wins():
    s = finished({"G": ["NF3a"], "R": ["FH1"], "B": ["UNA", "NF6a"]},
                 players=2, neutrals=1, colours=["G", "R", "B"])  # fmt: skip
    assert RULES.scores(s) == [3, -1]
    assert RULES.clan_score(s, clan(s, "B")) == 14
    assert RULES.winners(s) == [clan(s, "G")]


# ---------------------------------------------------------------- neutral clans


def neutral(lines=None, reveal=None, contested="NF3a", rnd=None):
    """Player Green against neutral Blue (HW-EX-30)."""
    return position(
        players=1, neutrals=1, colours=["G", "B"], lines=lines, reveal=reveal,
        contested=contested, rnd=rnd,
    )  # fmt: skip


def test_hw_ex_30a_neutral_chariott_is_blank():
    s = neutral(reveal={"G": "CHA", "B": "CHA"})
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [8, 8]
    assert after.last_round["capturer"] is None
    assert after.fort_discard[-1] == "NF3a"
    assert lines(after) == {"G": ["CHA"], "B": ["CHA"]}
    assert after.discard == [[], []]
    assert RULES.check_invariants(after) == []


def test_hw_ex_30b_neutral_archr_is_blank():
    s = neutral(reveal={"G": "ARC1", "B": "ARC1"})
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [5, 5]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["NF3a"]
    assert lines(after) == {"G": [], "B": ["ARC1"]}
    assert RULES.check_invariants(after) == []


def test_hw_ex_30c_neutral_filchy_is_blank():
    s = neutral(reveal={"G": "QWN", "B": "FIL"})
    log = start_round(s)
    assert (PUBLIC, "ACT", "G: QWN B-FIL") in log
    after = ended(log)
    assert after.last_round["eligible"] == [True, True]
    assert after.last_round["seduced"] == [0, 1, "FIL"]
    assert after.last_round["totals"] == [3, 0]
    assert after.last_round["capturer"] == clan(after, "G")
    assert after.discard == [["QWN"], ["FIL"]]
    assert lines(after) == {"G": [], "B": []}
    assert RULES.check_invariants(after) == []
    # Green must target B-FIL: it is the only option
    s2 = neutral(reveal={"G": "QWN", "B": "FIL"})
    forced_qween(s2)
    assert to_act(s2) == "G" and options(s2) == {"G: QWN B-FIL"}
    rejects(s2, "G: QWN -", BadNotation)


def test_hw_ex_30d_neutral_qween_is_blank():
    s = neutral(lines={"G": [], "B": ["DRU"]}, rnd=2, reveal={"G": "QWN", "B": "QWN"})
    before = s.clone()
    log = start_round(s)
    assert (PUBLIC, "ACT", "G: QWN B-QWN") in log
    after = ended(log)
    assert after.last_round["seduced"] == [0, 1, "QWN"]
    assert after.last_round["totals"] == [4, 3]
    assert after.last_round["capturer"] == clan(after, "G")
    assert discarded(before, after, "B") == ["QWN"]
    assert lines(after) == {"G": [], "B": ["DRU"]}
    assert RULES.check_invariants(after) == []
    s2 = neutral(lines={"G": [], "B": ["DRU"]}, rnd=2, reveal={"G": "QWN", "B": "QWN"})
    forced_qween(s2)
    assert to_act(s2) == "G" and options(s2) == {"G: QWN B-QWN"}
    rejects(s2, "G: QWN B-DRU")


def test_hw_ex_30e_neutral_axx_is_blank():
    s = neutral(reveal={"G": "DRU", "B": "AXX"})
    log = start_round(s)
    after = ended(log)
    assert after.last_round["totals"] == [3, 4]
    assert after.last_round["capturer"] == clan(after, "B")
    assert pile(after, "B") == ["NF3a"]
    assert after.discard[clan(after, "B")] == ["AXX"]
    assert lines(after) == {"G": ["DRU"], "B": []}
    round_1 = log[: next(i for i, e in enumerate(log) if e[1:3] == ("ROUND", 2))]
    assert [e[1] for e in round_1] == ["ROUND", "REVEAL", "TOTALS", "CAPTURE", "DISCARD"]
    assert RULES.check_invariants(after) == []


def test_hw_ex_31_neutral_horsie_and_fort_fokus():
    s = position(
        players=2, neutrals=1, colours=["G", "R", "B"], rnd=3, contested="FOK",
        lines={"G": ["CHA", "SVD"], "R": [], "B": ["ARC1", "DRU"]},
        reveal={"G": "ARC1", "R": "AXX", "B": "HRS"},
    )  # fmt: skip
    before = s.clone()
    log = start_round(s)
    after = ended(log)  # no decision: Red's discard is forced, Blue follows the policy
    assert after.last_round["totals"] == [19, 4, 15]
    assert after.last_round["capturer"] == clan(after, "G")
    assert pile(after, "G") == ["FOK"]
    assert discarded(before, after, "G") == ["CHA", "SVD", "ARC1"]
    events = [e[1:] for e in log if e[1] in ("FOKUS", "HORSIE")]
    assert events == [("FOKUS", "R", "AXX"), ("FOKUS", "B", "DRU"), ("HORSIE", "B", "ARC1")]
    assert discarded(before, after, "R") == ["AXX"]
    assert discarded(before, after, "B") == ["DRU", "ARC1"]
    assert lines(after) == {"G": [], "R": [], "B": ["HRS"]}
    assert RULES.check_invariants(after) == []
