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
    assert result["safety_hits"] == {"hard_vs_random": 0, "hard_vs_greedy": 0}
    assert "game 2/2" in captured.err


def test_bench_text_reports_the_safety_nets_hits_of_each_match(toy, capsys):
    assert main(["bench", "--games", "2", "--playouts", "3", "--positions", "2"]) == 0
    out = capsys.readouterr().out
    assert "hard vs random: " in out and "hard vs greedy: " in out
    for line in out.splitlines():
        if line.strip().startswith("hard vs "):
            assert line.endswith("over 2 games; safety-net hits 0"), line


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


# ------------------------------------------------------------------ hostile command lines

HW, FG, SH, RM = "hadrians-wall", "field-of-glory", "stronghold", "runes-of-mayhem"
LONG = "x" * 200_000  # a 200,000-character name: never echoed in full
SEED_END = 2**63  # seeds are from 0 to 2**63 - 1
S, B, D, P, SC, R = "simulate", "bench", "demo", "play", "screenshots", "replay"

#: command lines that mean nothing: each is refused with exit status 2 and one line
#: (``error: ...``, or argparse's usage and error line), never a traceback, never a window
HOSTILE = [
    # simulate: the number of games, seats and seeds
    [S, HW, "--games", "0"],
    [S, HW, "--games", "-1"],
    [S, HW, "--games", "-5"],
    [S, HW, "--games", "1000001"],
    [S, HW, "--games", str(10**12)],
    [S, HW, "--games", "many"],
    [S, HW, "--games", ""],
    [S, HW, "--games", "1.5"],
    [S, HW, "--games", "9" * 5000],
    [S, HW, "--games"],
    [S, HW, "--players", "10000000000000"],
    [S, HW, "--players", "0"],
    [S, HW, "--players", "-3"],
    [S, HW, "--players", "65"],
    [S, HW, "--players", "5"],
    [S, FG, "--players", "3"],
    [S, FG, "--players", "1"],
    [S, SH, "--players", "5"],
    [S, SH, "--players", "1"],
    [S, HW, "--seed", str(SEED_END)],
    [S, HW, "--seed", "-1"],
    [S, HW, "--seed", str(10**40)],
    [S, HW, "--seed", "abc"],
    [S, HW, "--seats", "ismcts:"],
    [S, HW, "--seats", "ai:"],
    [S, HW, "--seats", "random:"],
    [S, HW, "--seats", "greedy:"],
    [S, HW, "--seats", "ismcts:ultra"],
    [S, HW, "--seats", ""],
    [S, HW, "--seats", ","],
    [S, HW, "--seats", "random,,random"],
    [S, HW, "--seats", "human"],
    [S, HW, "--seats", "wizard"],
    [S, HW, "--seats", LONG],
    [S, HW, "--seats", "random," * 70],
    [S, FG, "--seats", "random,random,random"],
    [S, RM, "--seats", "random,greedy,random"],
    [S, ""],
    [S, "   "],
    [S, "nosuch"],
    [S, LONG],
    [S],
    [S, HW, "--modules", "X1"],
    [S, RM, "--modules", "L,X1"],
    [S, RM, "--modules", "ZZ"],
    # bench: games, jobs, playouts, positions
    [B, HW, "--games", "0"],
    [B, HW, "--games", "-1"],
    [B, HW, "--games", "100001"],
    [B, HW, "--jobs", "0"],
    [B, HW, "--jobs", "-4"],
    [B, HW, "--jobs", "65"],
    [B, HW, "--jobs", "100000"],
    [B, HW, "--playouts", "0"],
    [B, HW, "--playouts", "-1"],
    [B, HW, "--playouts", str(10**7)],
    [B, HW, "--positions", "0"],
    [B, HW, "--positions", "-1"],
    [B, HW, "--positions", str(10**6)],
    [B, HW, "--seed", "-1"],
    [B, ""],
    [B, "nosuch"],
    [B, LONG],
    [B, "--modules", "X1"],
    [B, "--games", "0"],
    # demo
    [D, "--game", ""],
    [D, "--game", "nosuch"],
    [D, "--game", LONG],
    [D, "--game", FG, "--seats", "random,random,random"],
    [D, "--game", FG, "--players", "5"],
    [D, "--game", FG, "--players", "10000000000000"],
    [D, "--game", HW, "--players", "0"],
    [D, "--seats", "ismcts:"],
    [D, "--seats", "human"],
    [D, "--seats", "human,random"],
    [D, "--seed", "-1"],
    [D, "--seed", str(SEED_END)],
    [D, "--game", HW, "--modules", "X1"],
    # play (the window): nothing opens
    [P, "--game", ""],
    [P, "--game", " "],
    [P, "--game", "nosuch"],
    [P, "--game", LONG],
    [P, "--game", FG, "--seats", "human,ai:easy,ai:easy"],
    [P, "--game", RM, "--players", "3"],
    [P, "--game", SH, "--players", "1"],
    [P, "--game", HW, "--players", "5"],
    [P, "--players", "0"],
    [P, "--players", "10000000000000"],
    [P, "--players", "-1"],
    [P, "--seats", "ismcts:"],
    [P, "--seats", "human,wizard"],
    [P, "--seats", ""],
    [P, "--seats", "human,random", "--players", "3"],
    [P, "--seats", "human:"],
    [P, "--frames", "0"],
    [P, "--frames", "-1"],
    [P, "--frames", str(10**10)],
    [P, "--pause", "inf"],
    [P, "--pause", "nan"],
    [P, "--pause", "-inf"],
    [P, "--pause", "-1"],
    [P, "--pause", "1e300"],
    [P, "--pause", "11"],
    [P, "--pause", "fast"],
    [P, "--size", "garbage"],
    [P, "--size", "0x0"],
    [P, "--size", "12"],
    [P, "--size", "1e3x1e3"],
    [P, "--size", "100000x100000"],
    [P, "--size", LONG],
    [P, "--lang", "xx"],
    [P, "--lang", LONG],
    [P, "--seed", "-1"],
    [P, "--seed", str(2**64)],
    [P, "--game", HW, "--modules", "X1"],
    [P, "--game", RM, "--modules", "L,X1"],
    [P, "--load", "/nonexistent/save.json"],
    [P, "--load", "/etc/passwd"],
    [P, "--load", "/proc"],
    [P, "--load", "/dev/null"],
    [P, "--load", LONG],
    ["--pause", "nan"],
    ["--frames", "0"],
    ["--game", ""],
    ["--bogus"],
    # screenshots: a folder that cannot be written, refused before anything is drawn
    [SC, "--out", "/proc/nope/x"],
    [SC, "--out", "/etc/passwd"],
    [SC, "--out", "/proc"],
    [SC, "--out", ""],
    [SC, "--out", "/dev/null"],
    [SC, "--out", LONG],
    [SC, "--size", "12"],
    [SC, "--lang", "xx"],
    [SC, "--modules", "L,X1"],
    # replay and the rest
    [R, "/nonexistent.json"],
    [R, "/etc/passwd"],
    [R, "/proc"],
    [R, "/dev/null"],
    [R, LONG],
    [R],
    ["nosuchcommand"],
    ["selftest", "--extra"],
    ["--selftest", "now"],
]


class Reached(Exception):
    """A command line got past every check to the work itself."""


@pytest.fixture
def guarded(monkeypatch, tmp_path):
    """The work of every command replaced by a check of what it was given (all in range),
    which then raises Reached: no game is played and no window opens."""
    import game.__main__ as cli
    from game.app import launch

    def in_range(rules, seats: int, seed: int) -> None:
        assert rules.min_seats <= seats <= rules.max_seats
        assert 0 <= seed < SEED_END

    def simulate(rules, games, seed, seats, **_kw):
        assert 1 <= games <= 1_000_000
        in_range(rules, len(seats), seed)
        raise Reached("simulate")

    def bench(rules, games, playouts, positions, seed, **kw):
        assert 1 <= games <= 100_000 and 1 <= playouts <= 10**6 and 1 <= positions <= 10**5
        assert 1 <= kw["jobs"] <= 64 and 0 <= seed < SEED_END
        raise Reached("bench")

    class Match:
        @staticmethod
        def new(rules, config, seed, seats):
            in_range(rules, len(seats), seed)
            raise Reached("demo")

        @staticmethod
        def load(rules, record):
            raise Reached("replay")

    def app(size, store=None, lang=None, **kw):
        assert size is None or (320 <= size[0] <= 7680 and 240 <= size[1] <= 4320)
        assert 0 <= kw.get("ai_pause", 0) <= 10 and (kw.get("frames") or 1) >= 1
        raise Reached("window")

    def selftest():
        raise Reached("selftest")

    monkeypatch.setattr(cli, "simulate", simulate)
    monkeypatch.setattr(cli, "bench", bench)
    monkeypatch.setattr(cli, "Match", Match)
    monkeypatch.setattr(launch, "make_app", app)
    monkeypatch.setattr(launch, "selftest", selftest)
    monkeypatch.setenv("SIEGE_TABLE_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # a relative --out lands here


def refusal(argv: list[str], capsys) -> str:
    """Run ``main(argv)``; assert it is refused in one bounded error line (after
    argparse's usage, for argparse's own errors) with nothing on stdout; the line."""
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse: usage, then "prog: error: ..."
        code = e.code
    captured = capsys.readouterr()
    assert code == 2, (argv[:4], captured.err[:500])
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    if lines[0].startswith("usage:"):
        assert ": error: " in lines[-1] and not lines[-1].startswith("usage")
        line = lines[-1]
    else:
        assert len(lines) == 1 and lines[0].startswith("error: "), captured.err[:500]
        line = lines[0]
    assert len(line) <= 307 and LONG[:1000] not in line
    return line


@pytest.mark.parametrize("argv", HOSTILE, ids=lambda argv: " ".join(a[:24] for a in argv))
def test_a_hostile_command_line_is_refused_in_one_line(guarded, capsys, argv):
    refusal(argv, capsys)


@pytest.mark.parametrize(
    "argv, words",
    [
        ([S, HW, "--games", "0"], "--games must be from 1 to 1,000,000, not 0"),
        ([S, HW, "--players", "10000000000000"], "--players must be from 1 to 64"),
        ([S, HW, "--seed", "-1"], "--seed must be from 0 to 9,223,372,036,854,775,807"),
        ([B, HW, "--jobs", "0"], "--jobs must be from 1 to 64, not 0"),
        ([B, HW, "--positions", "-1"], "--positions must be from 1 to 100,000, not -1"),
        ([S, HW, "--seats", "ismcts:"], "'ismcts:' names no level (choose one of: easy, medium"),
        ([S, HW, "--seats", "random:"], "unknown player 'random:'"),
        (
            [S, FG, "--seats", "random,random,random"],
            "Field of Glory: The Card Game takes exactly 2 players, not 3",
        ),
        ([D, "--game", FG, "--players", "5"], "takes exactly 2 players, not 5"),
        ([P, "--game", FG, "--seats", "human,ai:easy,ai:easy"], "takes exactly 2 players, not 3"),
        ([P, "--game", SH, "--players", "1"], "Stronghold takes 2 to 4 players, not 1"),
        ([P, "--game", ""], "the game's name is empty"),
        ([B, ""], "the game's name is empty"),
        ([P, "--game", "nosuch"], "unknown game 'nosuch' (choose one of: stronghold,"),
        ([P, "--pause", "inf"], "--pause must be from 0 to 10, not inf"),
        ([P, "--pause", "nan"], "--pause must be from 0 to 10, not nan"),
        ([P, "--frames", "0"], "--frames must be from 1 to 1,000,000,000, not 0"),
        ([SC, "--out", "/etc/passwd"], "'/etc/passwd' is not a folder"),
        ([SC, "--out", "/proc/nope/x"], "cannot write pictures into '/proc/nope/x'"),
        ([SC, "--out", "/proc"], "cannot write pictures into '/proc'"),
    ],
)
def test_a_refusal_says_why(guarded, capsys, argv, words):
    assert words in refusal(argv, capsys)


def test_a_long_name_is_cut_in_the_error_line(guarded, capsys):
    line = refusal([P, "--game", LONG], capsys)
    assert "'" + "x" * 79 + "…'" in line and "x" * 81 not in line
    assert line.endswith(
        "(choose one of: stronghold, hadrians-wall, field-of-glory, runes-of-mayhem)"
    )
    line = refusal([S, HW, "--seats", LONG], capsys)
    assert len(line) <= 307 and "x" * 81 not in line


def test_an_error_line_is_at_most_300_characters(guarded, capsys, monkeypatch):
    import game.__main__ as cli
    from game.core.contract import BadConfig

    def long_error(args):
        raise BadConfig("word " * 100_000)

    monkeypatch.setitem(cli.COMMANDS, "selftest", long_error)
    line = refusal(["selftest"], capsys)
    assert len(line) == len("error: ") + 300 and line.endswith("…")


def test_command_lines_in_range_reach_their_work(guarded, capsys):
    """The limits are not too tight: the extremes that are allowed pass every check."""
    for argv, work in [
        ([S, HW, "--games", "1000000", "--seed", str(SEED_END - 1)], "simulate"),
        ([S, HW, "--players", "1", "--games", "1", "--seed", "0"], "simulate"),
        ([S, SH, "--seats", "random,greedy,ai:easy,ismcts:hard"], "simulate"),
        (
            [B, HW, "--games", "100000", "--jobs", "64", "--playouts", "1", "--positions", "1"],
            "bench",
        ),
        ([D, "--game", FG, "--seats", "ai:easy,random"], "demo"),
        ([P, "--game", FG, "--seats", "human,ai:easy", "--pause", "10", "--frames", "1"], "window"),
        ([P, "--game", HW, "--players", "1", "--pause", "0"], "window"),
        ([P, "--players", "3"], "window"),
        ([P, "--game", RM, "--modules", "all"], "window"),
        (["--size", "1920x1080"], "window"),
        ([SC, "--out", "shots"], "window"),
        (["--selftest"], "selftest"),
    ]:
        with pytest.raises(Reached, match=work):
            main(argv)
            pytest.fail(f"{argv} did not reach its work: {capsys.readouterr().err}")
    assert capsys.readouterr().err == ""


def test_random_command_lines_are_refused_in_one_line_or_in_range(guarded, capsys):
    """Command lines put together from the hostile pieces: each is refused in one line
    or reaches its work with every number in range (the guard checks that)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    values = [
        "0",
        "-1",
        "1",
        "2",
        "3",
        "5",
        "65",
        "nan",
        "inf",
        "1e300",
        "",
        " ",
        "x",
        "ismcts:",
        "ai:easy",
        "random,random,random",
        "human,ai:easy",
        HW,
        FG,
        "L,X1",
        "all",
        "/proc",
        "/etc/passwd",
        "12",
        "1280x800",
        str(SEED_END),
        LONG[:5000],
    ]
    options = [
        "--games",
        "--players",
        "--seed",
        "--seats",
        "--jobs",
        "--playouts",
        "--positions",
        "--frames",
        "--pause",
        "--size",
        "--lang",
        "--game",
        "--modules",
        "--out",
        "--load",
    ]
    commands = [[S, HW], [S, FG], [S], [B, HW], [B], [D], [P], [SC], []]
    option = st.tuples(st.sampled_from(options), st.sampled_from(values)).map(list)

    @settings(
        max_examples=300,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(st.sampled_from(commands), st.lists(option, max_size=4))
    def check(command, pairs):
        argv = [*command, *(word for pair in pairs for word in pair)]
        try:
            refusal(argv, capsys)
        except Reached:
            capsys.readouterr()

    check()


def test_a_few_hostile_command_lines_in_a_process_of_their_own(tmp_path):
    for argv, words in [
        ([S, HW, "--players", "10000000000000"], "--players must be from 1 to 64"),
        ([SC, "--out", "/etc/passwd"], "is not a folder"),
        ([P, "--game", "y" * 100_000], "unknown game 'yyy"),
        ([P, "--pause", "nan"], "--pause must be"),
        ([B, HW, "--jobs", "0"], "--jobs must be"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "game", *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            env={
                **__import__("os").environ,
                "SDL_VIDEODRIVER": "dummy",
                "SIEGE_TABLE_HOME": str(tmp_path),
            },
        )
        assert done.returncode == 2, (argv[:3], done.stderr[:300])
        line = one_error_line(done.stderr)
        assert words in line and len(line) <= 307 and done.stdout == ""
