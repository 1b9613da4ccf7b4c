"""The balance series' ledger: ``python -m game balance GAME --ledger FILE`` records each
finished game, a later run plays only the games it does not hold, and the figures and the
chart summed up from a ledger are those of one uninterrupted run."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.__main__ import main
from game.core import balance, ladder, registry
from game.core.contract import BadConfig

ROOT = Path(__file__).resolve().parent.parent
FG = registry.get_rules("field-of-glory")
TIMELESS = ("seconds", "ledger", "missing")


def figures(result: dict) -> dict:
    """A series' figures without what may differ from run to run (its time) or from an
    uninterrupted run (what the ledger gave)."""
    return {k: v for k, v in result.items() if k not in TIMELESS}


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


class HalfValues(type(FG)):
    """Field of Glory whose evaluation says half as much: the greedy player's
    fingerprint changes."""

    def heuristic(self, state, seat):
        return super().heuristic(state, seat) / 2


# ------------------------------------------------------------------ resuming


def test_a_series_resumes_and_sums_up_like_one_uninterrupted_run(tmp_path):
    from game.app.balance_chart import draw_chart

    book = tmp_path / "fg.jsonl"
    whole = balance.measure(FG, 7, seed=5)
    first = balance.measure(FG, 3, seed=5, ledger=str(book))
    assert first["ledger"]["played"] == 3 and first["ledger"]["reused"] == 0
    told = []
    rest = balance.measure(FG, 7, seed=5, ledger=str(book), warn=told.append)
    assert rest["ledger"]["reused"] == 3 and rest["ledger"]["played"] == 4
    assert figures(rest) == figures(whole)
    assert "field-of-glory: game 7/7 recorded" in told
    entries = lines_of(book)
    assert [e["g"] for e in entries] == list(range(7))
    one = entries[0]
    assert one["seats"] == ["greedy", "greedy"] and one["config"] == whole["config"]
    assert one["result"]["sides"] == ["Red (Carthage)", "Blue (Rome)"]
    assert len(one["result"]["course"]) == one["result"]["rounds"]
    # summed up from the ledger alone: the same figures, the same chart
    held = balance.measure(FG, 7, seed=5, ledger=str(book), play=False)
    assert held["ledger"]["played"] == 0 and held["missing"] == 0
    assert figures(held) == figures(whole)
    draw_chart([("2 players", whole)], tmp_path / "whole.png", FG.title)
    draw_chart([("2 players", held)], tmp_path / "held.png", FG.title)
    assert (tmp_path / "whole.png").read_bytes() == (tmp_path / "held.png").read_bytes()
    assert len(book.read_text().splitlines()) == 7  # nothing recorded twice


def test_two_jobs_record_the_same_games(tmp_path):
    book = tmp_path / "fg.jsonl"
    whole = balance.measure(FG, 6, seed=9)
    balance.measure(FG, 2, seed=9, ledger=str(book), jobs=2)
    both = balance.measure(FG, 6, seed=9, ledger=str(book), jobs=2)
    assert both["ledger"]["reused"] == 2 and both["ledger"]["played"] == 4
    assert figures(both) == figures(whole)
    assert sorted(e["g"] for e in lines_of(book)) == list(range(6))


def test_fewer_games_than_held_sum_up_the_first_ones(tmp_path):
    book = tmp_path / "fg.jsonl"
    balance.measure(FG, 5, seed=2, ledger=str(book))
    few = balance.measure(FG, 3, seed=2, ledger=str(book), play=False)
    assert few["played"] == 3 and few["ledger"]["reused"] == 3
    assert figures(few) == figures(balance.measure(FG, 3, seed=2))
    more = balance.measure(FG, 8, seed=2, ledger=str(book), play=False)
    assert more["played"] == 5 and more["missing"] == 3


def test_a_run_killed_mid_line_resumes(tmp_path):
    """A run killed while it writes: its games recorded stay, the line cut short is left
    out with a warning and its game played again."""
    book = tmp_path / "fg.jsonl"
    run = subprocess.Popen(
        [sys.executable, "-m", "game", "balance", "field-of-glory", "--games", "2000"]
        + ["--seed", "4", "--ledger", str(book)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and run.poll() is None:
            if book.exists() and len(book.read_text().splitlines()) >= 4:
                break
            time.sleep(0.05)
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    text = book.read_text()
    kept = text.count("\n")
    assert kept >= 4
    whole_lines = text.splitlines(keepends=True)[:kept]
    # the last game's line cut short, as a kill in the middle of a write leaves it
    book.write_text("".join(whole_lines[:-1]) + whole_lines[-1][:40])
    told = []
    games = kept + 2
    again = balance.measure(FG, games, seed=4, ledger=str(book), warn=told.append)
    assert told[0] == f"warning: ledger '{book}' line {kept}: not JSON: left out, played again"
    assert again["ledger"]["malformed"] == 1
    assert again["ledger"]["reused"] == kept - 1 and again["ledger"]["played"] == 3
    assert figures(again) == figures(balance.measure(FG, games, seed=4))


# ------------------------------------------------------------------ what is reused


def test_another_behaviour_is_stale_and_another_line_up_is_neither(tmp_path):
    book = tmp_path / "fg.jsonl"
    balance.measure(FG, 3, seed=1, ledger=str(book))
    changed = balance.measure(HalfValues(), 3, seed=1, ledger=str(book))
    assert changed["ledger"]["stale"] == 3 and changed["ledger"]["played"] == 3
    assert (
        changed["ledger"]["fingerprint"]
        != balance.measure(FG, 1, seed=1, ledger=str(book), play=False)["ledger"]["fingerprint"]
    )
    # another seed, seats or set-up: neither reused nor stale
    other_seed = balance.measure(FG, 1, seed=2, ledger=str(book))
    other_seats = balance.measure(FG, 1, seed=1, seats=["random", "greedy"], ledger=str(book))
    short = balance.measure(FG, 1, seed=1, config={"short": True}, ledger=str(book))
    for result in (other_seed, other_seats, short):
        assert result["ledger"]["reused"] == 0 and result["ledger"]["stale"] == 0
    # the old behaviour's games are still held and still counted for it
    back = balance.measure(FG, 3, seed=1, ledger=str(book))
    assert back["ledger"]["reused"] == 3 and back["ledger"]["stale"] == 3


def test_the_fingerprints_are_the_ladder_s(tmp_path):
    book = tmp_path / "fg.jsonl"
    result = balance.measure(FG, 1, seats=["greedy", "random"], ledger=str(book))
    config = result["config"]
    positions = ladder.book.fingerprint_positions(FG, [2], config)
    assert result["ledger"]["fingerprint"] == {
        "greedy": ladder.fingerprint(FG, "greedy", positions, ladder.ladder_levels()),
        "random": ladder.fingerprint(FG, "random", positions, ladder.ladder_levels()),
    }


def test_a_recheck_finds_a_game_recorded_otherwise(tmp_path):
    book = tmp_path / "fg.jsonl"
    balance.measure(FG, 4, seed=3, ledger=str(book))
    entries = lines_of(book)
    entries[2]["result"]["winning"] = list(entries[2]["result"]["sides"])  # a forged tie
    book.write_text("".join(json.dumps(e) + "\n" for e in entries))
    told = []
    checked = balance.measure(FG, 4, seed=3, ledger=str(book), recheck=4, warn=told.append)
    assert checked["ledger"]["rechecked"] == 4 and checked["ledger"]["recheck_differs"] == [2]
    assert checked["ledger"]["played"] == 0
    assert any("game 2 ended otherwise" in line for line in told)
    assert len(book.read_text().splitlines()) == 4  # a recheck records nothing
    lines = balance.report_lines(FG.title, checked)
    assert lines[-1] == "  " + ladder.book.report_line(checked["ledger"], 0)
    assert "4 played again: games 2 ended otherwise" in lines[-1]


# ------------------------------------------------------------------ malformed lines


def test_malformed_lines_are_left_out_with_one_warning(tmp_path):
    book = tmp_path / "fg.jsonl"
    balance.measure(FG, 2, seed=6, ledger=str(book))
    good = lines_of(book)
    no_scores = json.loads(json.dumps(good[0]))
    no_scores["result"]["scores"] = [1.0]
    bad_course = json.loads(json.dumps(good[1]))
    bad_course["result"]["course"] = [["x", 1]]
    ladder_line = {"game": "field-of-glory", "matchup": "easy-random", "g": 0}
    book.write_text(
        "{not json\n"
        + json.dumps(no_scores)
        + "\n"
        + json.dumps(bad_course)
        + "\n"
        + json.dumps(ladder_line)
        + "\n[1, 2]\n"
    )
    told = []
    result = balance.measure(FG, 2, seed=6, ledger=str(book), warn=told.append)
    assert (
        told[0] == f"warning: ledger '{book}' line 1: not JSON (and 4 more): left out, played again"
    )
    assert result["ledger"]["malformed"] == 5 and result["ledger"]["played"] == 2
    assert figures(result) == figures(balance.measure(FG, 2, seed=6))
    _, bad = balance.book.read_ledger(str(book), balance._entry_problem)
    assert bad == [
        "line 1: not JSON",
        "line 2: no valid 'result.scores'",
        "line 3: no valid 'result.course'",
        "line 4: no valid 'seed'",
        "line 5: not a JSON object",
    ]


def test_a_failed_game_is_recorded_and_counted_as_an_error(tmp_path, monkeypatch):
    book = tmp_path / "fg.jsonl"

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(balance, "play_one", broken)
    failed = balance.measure(FG, 2, ledger=str(book))
    monkeypatch.undo()
    held = balance.measure(FG, 2, ledger=str(book), play=False)
    assert held["errors"] == 2 and held["played"] == 0
    assert held["error_samples"] == failed["error_samples"]
    assert "boom" in held["error_samples"][0]


# ------------------------------------------------------------------ the command


def refused(argv: list[str], capsys) -> str:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own
        code = e.code
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    lines = captured.err.strip().splitlines()
    assert lines[-1].startswith("error: ") or ": error: " in lines[-1]
    assert "Traceback" not in captured.err
    return lines[-1]


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--from-ledger"], "error: --from-ledger needs --ledger FILE"),
        (["--recheck", "2"], "error: --recheck needs --ledger FILE"),
        (["--recheck", "0", "--ledger", "{tmp}/x.jsonl"], "--recheck must be from 1 to 100,000"),
        (["--ledger", "{tmp}"], "is a folder, not a file"),
        (["--ledger", "{tmp}/no/such/fg.jsonl"], "--ledger: no folder"),
        (["--ledger", "{tmp}/empty.jsonl", "--from-ledger"], "the ledger holds no game"),
    ],
)
def test_bad_ledger_command_lines_are_one_error_line(tmp_path, capsys, extra, message):
    extra = [a.replace("{tmp}", str(tmp_path)) for a in extra]
    line = refused(["balance", "field-of-glory", "--games", "2", *extra], capsys)
    assert message in line
    assert not (tmp_path / "x.jsonl").exists() and not (tmp_path / "empty.jsonl").exists()


def test_the_command_records_reports_and_warns_in_one_line(tmp_path):
    book = tmp_path / "fg.jsonl"
    book.write_text("not a balance entry\n")
    args = [sys.executable, "-m", "game", "balance", "field-of-glory", "--games", "3"]
    done = subprocess.run(
        [*args, "--ledger", str(book), "--json"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("warning")]
    assert warnings == [f"warning: ledger '{book}' line 1: not JSON: left out, played again"]
    result = json.loads(done.stdout)
    assert result["ledger"]["played"] == 3 and result["played"] == 3
    chart = tmp_path / "fg.png"
    again = subprocess.run(
        [*args, "--ledger", str(book), "--from-ledger", "--recheck", "1", "--chart", str(chart)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert again.returncode == 0, again.stderr
    assert "3 games from it, 0 played now" in again.stdout
    assert "1 malformed lines, 1 played again: the same" in again.stdout
    assert chart.stat().st_size > 0
    assert os.path.getsize(book) > 0 and len(book.read_text().splitlines()) == 4


def test_the_ledger_s_path_is_checked_before_any_game(tmp_path):
    with pytest.raises(BadConfig, match="is a folder"):
        balance.measure(FG, 1, ledger=str(tmp_path))


def test_the_background_script_advances_each_step_s_series(tmp_path):
    """tools/balance/run.sh plays each "game:line-up" step from the committed code into
    BALANCE_DIR/<game>.jsonl; run again, it plays only what is missing."""
    env = {
        **os.environ,
        "BALANCE_DIR": str(tmp_path),
        "BALANCE_SEATS": "greedy",
        "BALANCE_GAMES": "2",
        "BALANCE_JOBS": "1",
        "TMPDIR": str(tmp_path),
    }
    steps = ["field-of-glory:--players 2", "field-of-glory:--seed 3 --seats random,greedy"]
    script = str(ROOT / "tools" / "balance" / "run.sh")
    done = subprocess.run([script, *steps], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert [(r["seed"], r["seats"], r["ledger"]["played"]) for r in results] == [
        (1, ["greedy", "greedy"], 2),
        (3, ["random", "greedy"], 2),
    ]
    entries = lines_of(tmp_path / "field-of-glory.jsonl")
    assert [(e["seed"], e["g"]) for e in entries] == [(1, 0), (1, 1), (3, 0), (3, 1)]
    env["BALANCE_GAMES"] = "3"
    again = subprocess.run([script, steps[0]], env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    [result] = [json.loads(line) for line in again.stdout.splitlines() if line.startswith("{")]
    assert result["ledger"]["reused"] == 2 and result["ledger"]["played"] == 1
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("balance-code")]
