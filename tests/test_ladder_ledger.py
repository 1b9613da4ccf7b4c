"""The strength ladder's ledger: ``python -m game bench GAME --ladder --ledger FILE``
records each finished game, and a later run plays only the games it does not hold."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from toygame import RULES, Bid, SecretBids

from game.core import ladder, ledger
from game.core.agents import make_agent
from game.core.contract import BadConfig
from game.core.registry import get_rules

ROOT = Path(__file__).resolve().parent.parent
FAST = {
    "easy": {"iterations": 6, "trees": 1},
    "medium": {"iterations": 12, "trees": 1},
    "hard": {"iterations": 24, "trees": 1},
}
FIGURES = ("games", "won", "win_rate", "interval", "met", "sure", "by_layout")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def same_figures(a: dict, b: dict) -> None:
    for key in FIGURES:
        assert a[key] == b[key], key
    assert [(p["players"], p["games"], p["win_rate"]) for p in a["by_players"]] == [
        (p["players"], p["games"], p["win_rate"]) for p in b["by_players"]
    ]


class LowBids(SecretBids):
    """The same game whose search plays its playouts out with the lowest card: the
    searching players play differently, greedy (which does not play out) the same."""

    def playout_action(self, state, rng):
        seat = self.to_act(state)
        return Bid("ABC"[seat], state.hands[seat][0])


# ------------------------------------------------------------------ resuming


def test_a_ledger_run_resumes_and_sums_up_like_one_uninterrupted_run(tmp_path):
    book = tmp_path / "ladder.jsonl"
    whole = ladder.play_matchup(RULES, "hard-greedy", games=10, levels=FAST)
    first = ladder.play_matchup(RULES, "hard-greedy", games=4, levels=FAST, ledger=str(book))
    assert first["ledger"]["played"] == 4 and first["ledger"]["reused"] == 0
    assert [e["g"] for e in lines_of(book)] == [0, 1, 2, 3]  # one line a game, as it ends
    rest = ladder.play_matchup(RULES, "hard-greedy", games=10, levels=FAST, ledger=str(book))
    assert rest["ledger"]["reused"] == 4 and rest["ledger"]["played"] == 6
    assert sorted(e["g"] for e in lines_of(book)) == list(range(10))
    same_figures(rest, whole)
    # a third run plays nothing and says the same
    again = ladder.play_matchup(RULES, "hard-greedy", games=10, levels=FAST, ledger=str(book))
    assert again["ledger"]["played"] == 0 and again["ledger"]["reused"] == 10
    same_figures(again, whole)
    assert len(lines_of(book)) == 10
    # each entry tells its game: layout, result, CPU time, the safety net's hits
    plan = ladder.layouts(RULES)
    for e in lines_of(book):
        assert e["layout"] == plan[ladder.layout_of(e["g"], plan)][2]
        assert e["matchup"] == "hard-greedy" and e["seed"] == 1 and e["safety_hits"] == 0
        assert e["tested"] == "ismcts:hard" and e["rival"] == "greedy"
        assert e["fingerprint"] == rest["ledger"]["fingerprint"]
    assert sum(e["result"] for e in lines_of(book)) == pytest.approx(whole["won"])


def test_a_run_killed_while_writing_loses_only_that_game(tmp_path):
    book = tmp_path / "ladder.jsonl"
    whole = ladder.play_matchup(RULES, "easy-random", games=6, levels=FAST)
    ladder.play_matchup(RULES, "easy-random", games=6, levels=FAST, ledger=str(book))
    text = book.read_text()
    book.write_text(text[: len(text) - 40])  # the last line cut short, no newline
    told = []
    resumed = ladder.play_matchup(
        RULES, "easy-random", games=6, levels=FAST, ledger=str(book), warn=told.append
    )
    assert told == [f"warning: ledger '{book}' line 6: not JSON: left out, played again"]
    assert resumed["ledger"]["reused"] == 5 and resumed["ledger"]["played"] == 1
    assert resumed["ledger"]["malformed"] == 1
    same_figures(resumed, whole)
    # the new entry starts a line of its own after the cut one
    lines = book.read_text().splitlines()
    assert len(lines) == 7 and json.loads(lines[-1])["g"] == 5


def test_the_ledger_does_not_depend_on_the_number_of_jobs(tmp_path):
    rules = get_rules("field-of-glory")
    book = tmp_path / "fg.jsonl"
    one = ladder.play_matchup(rules, "easy-random", games=4, jobs=1, levels=FAST)
    ladder.play_matchup(rules, "easy-random", games=2, jobs=2, levels=FAST, ledger=str(book))
    two = ladder.play_matchup(rules, "easy-random", games=4, jobs=2, levels=FAST, ledger=str(book))
    assert two["ledger"]["reused"] == 2 and two["ledger"]["played"] == 2
    same_figures(two, one)


def test_the_games_a_ledger_holds_are_summed_up_without_playing(tmp_path):
    book = tmp_path / "ladder.jsonl"
    whole = ladder.play_matchup(RULES, "hard-greedy", games=8, levels=FAST, ledger=str(book))
    entries = lines_of(book)
    kept = [e for e in entries if e["g"] not in (1, 4, 5)]  # as if 3 games were never played
    book.write_text("".join(json.dumps(e) + "\n" for e in kept))
    held = ladder.play_matchup(
        RULES, "hard-greedy", games=8, levels=FAST, ledger=str(book), play=False
    )
    assert held["games"] == 5 and held["missing"] == 3 and held["ledger"]["played"] == 0
    assert held["won"] == pytest.approx(sum(e["result"] for e in kept))
    plan = ladder.layouts(RULES)
    by_layout = {p["layout"]: p["games"] for p in held["by_layout"]}
    for label in by_layout:
        assert by_layout[label] == sum(
            1 for e in kept if plan[ladder.layout_of(e["g"], plan)][2] == label
        )
    assert len(lines_of(book)) == 5  # nothing played, nothing added
    line = ladder.report_lines("Bids", [held])[-1]
    assert line == "    " + ledger.report_line(held["ledger"], 3)
    assert "3 of the 8 games not played yet" in line
    assert whole["missing"] == 0
    with pytest.raises(BadConfig, match="holds no game of medium-easy"):
        ladder.play_matchup(RULES, "medium-easy", games=8, ledger=str(book), play=False)


def test_the_ledger_line_is_one_wording_for_the_ladder_and_the_balance_series():
    held = {
        "file": "x.jsonl",
        "reused": 5,
        "played": 2,
        "cpu_s": 12.5,
        "stale": 3,
        "malformed": 1,
        "rechecked": 2,
        "recheck_differs": [4, 6],
        "fingerprint": {"tested": "aa", "rival": "bb"},
    }
    assert ledger.report_line(held, 3) == (
        "ledger x.jsonl: 5 games from it, 2 played now, 12.5 CPU s in all, 3 stale (played "
        "by players that play differently now), 1 malformed lines, 3 of the 10 games not "
        "played yet, 2 played again: games 4, 6 ended otherwise; fingerprints tested aa, "
        "rival bb"
    )
    quiet = {**held, "stale": 0, "malformed": 0, "rechecked": 0, "recheck_differs": []}
    quiet["fingerprint"] = {"greedy": "cc", "random": "dd"}  # the balance series' players
    assert ledger.report_line(quiet, 0) == (
        "ledger x.jsonl: 5 games from it, 2 played now, 12.5 CPU s in all; "
        "fingerprints greedy cc, random dd"
    )
    checked = {**quiet, "rechecked": 1}
    assert ledger.report_line(checked, 0).endswith(
        ", 1 played again: the same; fingerprints greedy cc, random dd"
    )


# ------------------------------------------------------------------ fingerprints


def test_a_changed_search_makes_its_entries_stale(tmp_path):
    book = tmp_path / "ladder.jsonl"
    old = ladder.play_matchup(RULES, "hard-greedy", games=6, levels=FAST, ledger=str(book))
    new = ladder.play_matchup(LowBids(), "hard-greedy", games=6, levels=FAST, ledger=str(book))
    before, after = old["ledger"]["fingerprint"], new["ledger"]["fingerprint"]
    assert before["tested"] != after["tested"] and before["rival"] == after["rival"]
    assert new["ledger"]["stale"] == 6 and new["ledger"]["reused"] == 0
    assert new["ledger"]["played"] == 6
    assert "6 stale" in "\n".join(ladder.report_lines("Secret Bids", [new]))
    # both kinds stay in the ledger; each run counts only its own
    assert len(lines_of(book)) == 12
    back = ladder.play_matchup(RULES, "hard-greedy", games=6, levels=FAST, ledger=str(book))
    assert back["ledger"]["reused"] == 6 and back["ledger"]["stale"] == 6
    same_figures(back, old)


class HalfValues(SecretBids):
    """The same game whose heuristic says half as much: greedy's choices may not change on
    a few positions, but its values do."""

    def heuristic(self, state, seat):
        return super().heuristic(state, seat) / 2


def test_a_changed_evaluation_changes_greedy_s_fingerprint():
    positions = ladder.fingerprint_positions(RULES, ladder.layouts(RULES))
    assert len(positions) == ladder.FINGERPRINT_POSITIONS
    before = ladder.fingerprint(RULES, "greedy", positions)
    assert ladder.fingerprint(RULES, "greedy", positions) == before
    assert ladder.fingerprint(HalfValues(), "greedy", positions) != before
    # the random player does not look at values
    assert ladder.fingerprint(HalfValues(), "random", positions) == ladder.fingerprint(
        RULES, "random", positions
    )


def test_another_effort_is_another_player(tmp_path):
    book = tmp_path / "ladder.jsonl"
    ladder.play_matchup(RULES, "medium-easy", games=4, levels=FAST, ledger=str(book))
    slower = {**FAST, "easy": {"iterations": 7, "trees": 1}}
    rerun = ladder.play_matchup(RULES, "medium-easy", games=4, levels=slower, ledger=str(book))
    assert rerun["ledger"]["stale"] == 4 and rerun["ledger"]["played"] == 4
    # another seed or match-up is neither reused nor stale
    other = ladder.play_matchup(
        RULES, "medium-easy", games=2, seed=2, levels=FAST, ledger=str(book)
    )
    assert other["ledger"]["reused"] == 0 and other["ledger"]["stale"] == 0


def test_a_tampered_entry_is_stale_and_its_game_played_again(tmp_path):
    book = tmp_path / "ladder.jsonl"
    whole = ladder.play_matchup(RULES, "hard-greedy", games=4, levels=FAST, ledger=str(book))
    entries = lines_of(book)
    entries[2]["fingerprint"]["rival"] = "0" * 16
    entries[2]["result"] = 0.25  # a result no agent of these would have had
    book.write_text("".join(json.dumps(e) + "\n" for e in entries))
    rerun = ladder.play_matchup(RULES, "hard-greedy", games=4, levels=FAST, ledger=str(book))
    assert rerun["ledger"]["stale"] == 1 and rerun["ledger"]["played"] == 1
    assert lines_of(book)[-1]["g"] == 2
    same_figures(rerun, whole)


def test_games_played_again_must_end_as_recorded(tmp_path):
    book = tmp_path / "ladder.jsonl"
    whole = ladder.play_matchup(RULES, "hard-greedy", games=6, levels=FAST, ledger=str(book))
    told = []
    checked = ladder.play_matchup(
        RULES, "hard-greedy", games=6, levels=FAST, ledger=str(book), recheck=3, warn=told.append
    )
    assert checked["ledger"]["rechecked"] == 3 and checked["ledger"]["recheck_differs"] == []
    assert checked["ledger"]["played"] == 0 and checked["ledger"]["reused"] == 6
    assert told == [] and len(lines_of(book)) == 6  # nothing recorded twice
    same_figures(checked, whole)
    assert "3 played again: the same" in ladder.report_lines("Bids", [checked])[-1]
    # a game whose record the players would no longer give, under the same fingerprints
    entries = lines_of(book)
    [second] = [e for e in entries if e["g"] == 2]  # games 0, 2 and 4 are played again
    second["result"] = 0.25
    book.write_text("".join(json.dumps(e) + "\n" for e in entries))
    told = []
    suspect = ladder.play_matchup(
        RULES, "hard-greedy", games=6, levels=FAST, ledger=str(book), recheck=3, warn=told.append
    )
    assert suspect["ledger"]["recheck_differs"] == [2]
    assert len(told) == 1 and told[0].startswith("warning: secret-bids: hard-greedy: game 2 ")
    assert "in the ledger, with the same fingerprints" in told[0]
    assert "games 2 ended otherwise" in ladder.report_lines("Bids", [suspect])[-1]


def test_fingerprints_are_the_same_in_another_process():
    rules = get_rules("field-of-glory")
    here = ladder.matchup_fingerprints(rules, "easy-random", levels=FAST)
    assert here["tested"] != here["rival"]
    code = (
        "import json; from game.core import ladder; from game.core.registry import get_rules; "
        f"print(json.dumps(ladder.matchup_fingerprints(get_rules('field-of-glory'), "
        f"'easy-random', levels={FAST!r})))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == here


# ------------------------------------------------------------------ the safety net


def test_ladder_games_run_without_the_safety_net_and_count_its_hits(tmp_path):
    levels = ladder.ladder_levels(FAST)
    assert all(levels[lv]["safety_seconds"] is None for lv in ("easy", "medium", "hard"))
    assert levels["hard"]["iterations"] == 24
    assert make_agent("ismcts:hard", 1, RULES, levels).safety_seconds is None
    calm = ladder.play_matchup(RULES, "hard-greedy", games=2, levels=FAST)
    assert calm["safety_hits"] == 0
    # a net set by the caller is kept, and its hits counted in the figures and the ledger
    book = tmp_path / "ladder.jsonl"
    netted = {**FAST, "hard": {"iterations": 24, "trees": 1, "safety_seconds": 0.0}}
    hit = ladder.play_matchup(RULES, "hard-greedy", games=2, levels=netted, ledger=str(book))
    assert hit["safety_hits"] > 0
    assert sum(e["safety_hits"] for e in lines_of(book)) == hit["safety_hits"]
    assert f"safety-net hits {hit['safety_hits']}" in ladder.report_lines("Bids", [hit])[1]


# ------------------------------------------------------------------ malformed ledgers


def test_malformed_lines_are_told_in_one_line_and_their_games_played(tmp_path):
    book = tmp_path / "ladder.jsonl"
    whole = ladder.play_matchup(RULES, "easy-random", games=4, levels=FAST, ledger=str(book))
    good = book.read_text().splitlines()
    broken = json.loads(good[1])
    broken["result"] = 3
    missing = json.loads(good[2])
    del missing["fingerprint"]
    book.write_text(
        "\n".join(
            [good[0], "<<<<<<< HEAD", json.dumps(broken), "[1, 2]", json.dumps(missing), good[3]]
        )
        + "\n"
    )
    told = []
    rerun = ladder.play_matchup(
        RULES, "easy-random", games=4, levels=FAST, ledger=str(book), warn=told.append
    )
    assert told == [
        f"warning: ledger '{book}' line 2: not JSON (and 3 more): left out, played again"
    ]
    assert rerun["ledger"]["malformed"] == 4
    assert rerun["ledger"]["reused"] == 2 and rerun["ledger"]["played"] == 2
    same_figures(rerun, whole)
    _, bad = ladder.read_ledger(str(book))
    assert bad == [
        "line 2: not JSON",
        "line 3: a value out of range",
        "line 4: not a JSON object",
        "line 5: no valid 'fingerprint'",
    ]


def test_the_command_tells_a_malformed_line_and_goes_on(tmp_path):
    book = tmp_path / "fg.jsonl"
    book.write_text("not a ladder entry\n")
    args = ["bench", "field-of-glory", "--ladder", "--matchups", "easy-random", "--games", "1"]
    done = run(*args, "--ledger", str(book), "--json")
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("warning")]
    assert warnings == [f"warning: ledger '{book}' line 1: not JSON: left out, played again"]
    [only] = json.loads(done.stdout)["ladder"]
    assert only["ledger"]["played"] == 1 and only["games"] == 1
    lines = book.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["g"] == 0
    again = run(*args, "--ledger", str(book))
    assert again.returncode == 0, again.stderr
    entry = json.loads(lines[1])
    prints = entry["fingerprint"]
    assert (
        f"ledger {book}: 1 games from it, 0 played now, {round(entry['cpu_s'], 2):g} CPU s "
        f"in all, 1 malformed lines; fingerprints tested {prints['tested']}, "
        f"rival {prints['rival']}"
    ) in again.stdout


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--ledger", "{tmp}"], "is a folder, not a file"),
        (["--ledger", "{tmp}/no/such/ledger.jsonl"], "--ledger: no folder"),
    ],
)
def test_a_bad_ledger_path_is_one_error_line(tmp_path, extra, message):
    extra = [a.replace("{tmp}", str(tmp_path)) for a in extra]
    done = run("bench", "field-of-glory", "--ladder", "--games", "1", *extra)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert done.stdout == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["--ladder", "--from-ledger"], "--from-ledger needs --ledger FILE"),
        (["--ladder", "--recheck", "2"], "--recheck needs --ledger FILE"),
        (["--ladder", "--recheck", "0"], "--recheck must be from 1 to 100,000, not 0"),
        (["--recheck", "2"], "--recheck applies to the ladder only (add --ladder)"),
        (["--from-ledger"], "--from-ledger applies to the ladder only (add --ladder)"),
    ],
)
def test_ledger_options_without_what_they_need_are_one_error_line(args, message):
    done = run("bench", "field-of-glory", *args)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"error: {message}"]
    assert done.stdout == ""


def test_a_ledger_without_the_ladder_is_one_error_line(tmp_path):
    done = run("bench", "field-of-glory", "--ledger", str(tmp_path / "x.jsonl"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --ledger applies to the ladder only (add --ladder)"
    ]
    assert not (tmp_path / "x.jsonl").exists()


def test_the_background_script_advances_each_step_s_match_up(tmp_path):
    """tools/ladder/run.sh plays each "game:matchup" step from the committed code into
    LADDER_DIR/<game>.jsonl, heading each with a line; run again, it plays only what is
    missing, and leaves no copy of the code behind."""
    env = {
        **os.environ,
        "LADDER_DIR": str(tmp_path),
        "LADDER_GAMES": "2",
        "LADDER_JOBS": "1",
        "TMPDIR": str(tmp_path),
    }
    script = str(ROOT / "tools" / "ladder" / "run.sh")
    step = "field-of-glory:easy-random"
    done = subprocess.run([script, step], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    heads = [line for line in done.stdout.splitlines() if line.startswith("===")]
    assert len(heads) == 1 and heads[0].endswith(" field-of-glory easy-random")
    [result] = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    [only] = result["ladder"]
    assert only["matchup"] == "easy-random" and only["ledger"]["played"] == 2
    assert [e["g"] for e in lines_of(tmp_path / "field-of-glory.jsonl")] == [0, 1]
    env["LADDER_GAMES"] = "3"
    again = subprocess.run([script, step], env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    [result] = [json.loads(line) for line in again.stdout.splitlines() if line.startswith("{")]
    assert result["ladder"][0]["ledger"]["reused"] == 2
    assert result["ladder"][0]["ledger"]["played"] == 1
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("ladder-code")]
