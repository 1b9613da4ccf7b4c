"""The command line: ``python -m game``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import toygame

from game.__main__ import DEMO_NOTICE, main
from game.core import registry
from game.core.record import load_record, save_record

ROOT = Path(__file__).resolve().parent.parent
FAST = {
    "easy": {"iterations": 10, "millis": None},
    "medium": {"iterations": 15, "millis": None},
    "hard": {"iterations": 20, "millis": None},
}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: ")
    return lines[0]


# ------------------------------------------------------------------ error paths


def test_simulating_an_unknown_game_is_one_error_line():
    done = run("simulate", "chess", "--games", "3")
    assert done.returncode == 2
    assert "unknown game 'chess'" in one_error_line(done.stderr)
    assert done.stdout.strip() == ""


def test_an_unknown_game_is_one_error_line():
    done = run("bench", "chess")
    assert done.returncode == 2
    assert "unknown game 'chess'" in one_error_line(done.stderr)
    assert done.stdout.strip() == ""


def test_a_bad_save_is_one_error_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "siege-table-record", "version": 1, "game": "hadrians-wall"')
    done = run("replay", str(path))
    assert done.returncode == 2
    assert "damaged" in one_error_line(done.stderr)
    assert "Traceback" not in done.stderr


def test_bad_arguments_exit_with_code_2():
    done = run("simulate", "hadrians-wall", "--games", "many")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr


# ------------------------------------------------------------------ with the test game


@pytest.fixture
def toy(monkeypatch):
    """The test game as the only registered game."""
    monkeypatch.setattr(registry, "GAMES", {"secret-bids": ("Secret Bids", "toygame")})
    monkeypatch.setattr(toygame.RULES, "ai_levels", FAST, raising=False)
    return toygame.RULES


def last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


def test_simulate_json(toy, capsys):
    assert main(["simulate", "secret-bids", "--games", "12", "--seed", "4", "--json"]) == 0
    out = capsys.readouterr().out
    result = last_json(out)
    keys = {"game", "games", "seconds", "games_per_s", "wins", "invariant_violations", "errors"}
    assert keys <= set(result)
    assert result["game"] == "secret-bids" and result["games"] == 12
    assert len(result["wins"]) == 2 and sum(result["wins"]) == pytest.approx(12)
    assert result["invariant_violations"] == 0 and result["errors"] == 0
    assert "games/s" in out


def test_simulate_seats_and_players(toy, capsys):
    assert main(["simulate", "secret-bids", "--games", "4", "--players", "3", "--json"]) == 0
    assert len(last_json(capsys.readouterr().out)["wins"]) == 3
    args = ["simulate", "secret-bids", "--games", "4", "--seats", "greedy,ai:easy,random"]
    assert main([*args, "--json"]) == 0
    result = last_json(capsys.readouterr().out)
    assert result["seats"] == ["greedy", "ai:easy", "random"] and len(result["wins"]) == 3


def test_simulate_same_seed_same_output(toy, capsys):
    main(["simulate", "secret-bids", "--games", "20", "--seed", "8", "--json"])
    first = last_json(capsys.readouterr().out)
    main(["simulate", "secret-bids", "--games", "20", "--seed", "8", "--json"])
    assert last_json(capsys.readouterr().out)["wins"] == first["wins"]


@pytest.mark.parametrize(
    "args",
    [
        ["--seats", "random,random,random,random"],
        ["--players", "5"],
        ["--seats", "random,wizard"],
        ["--seats", "random,greedy", "--players", "3"],
        ["--seats", "human"],
        ["--games", "-1"],
    ],
)
def test_simulate_bad_line_ups(toy, capsys, args):
    assert main(["simulate", "secret-bids", "--games", "3", *args]) == 2
    captured = capsys.readouterr()
    one_error_line(captured.err)
    assert captured.out == ""


def test_simulate_exit_code_reports_broken_invariants(toy, monkeypatch, capsys):
    monkeypatch.setattr(toy, "check_invariants", lambda state: ["always broken"], raising=False)
    assert main(["simulate", "secret-bids", "--games", "2", "--json"]) == 1
    result = last_json(capsys.readouterr().out)
    assert result["invariant_violations"] == 2 * 11  # the set-up and each of the 10 bids


def test_bench_json_one_line_per_game(toy, capsys):
    assert main(["bench", "--json", "--games", "2", "--playouts", "3", "--positions", "2"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["game"] == "secret-bids" and result["games"] == 2
    assert {"apply_us_median", "playouts_per_s", "decision_ms", "win_rate"} <= set(result)
    assert "game 2/2" in captured.err


def test_play_demo_saves_a_record_that_replays(toy, capsys, tmp_path):
    path = tmp_path / "demo.json"
    args = ["demo", "--game", "secret-bids", "--seed", "5", "--seats", "random,greedy"]
    assert main([*args, "--save", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == DEMO_NOTICE
    assert any(line.strip() == "A has bid" for line in out)
    result = next(line for line in out if line.startswith("Result: "))
    record = load_record(path)
    assert record.game == "secret-bids" and record.seed == 5
    assert record.seats == ["random", "greedy"] and len(record.actions) == 10

    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[-1] == result
    assert replayed[1].strip() == f"1. {record.actions[0]}"


def test_demo_without_a_game_plays_the_first_game(toy, capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == DEMO_NOTICE and out[-1].startswith("Result: ")


def test_replay_refuses_a_record_whose_actions_do_not_replay(toy, capsys, tmp_path):
    path = tmp_path / "demo.json"
    main(["demo", "--game", "secret-bids", "--seed", "5", "--save", str(path)])
    capsys.readouterr()
    record = load_record(path)
    record.actions[6] = "A: BID 99"
    save_record(record, path)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert "action 7" in one_error_line(captured.err)
    assert captured.out == ""
