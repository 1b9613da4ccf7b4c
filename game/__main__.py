"""Command line of Siege Table: ``python -m game [command] ...``.

Commands: play (the window, the default), demo, simulate, bench, replay, puzzles, screenshots,
selftest (also ``--selftest``); ``--version`` prints the version.  Any error about the
game, its set-up, a number out of range (see ``LIMITS``) or a save is reported on one line
(``error: ...``, at most 300 characters) with exit code 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

from game.core import registry
from game.core.agents import make_agent
from game.core.agents.levels import SPEC_HELP
from game.core.bench import BENCH_GAMES, PLAYOUTS, POSITIONS, bench
from game.core.clip import clip, one_line
from game.core.contract import PUBLIC, BadConfig, GameError, Rules
from game.core.match import Match
from game.core.outcome import result_line
from game.core.record import load_record, save_record
from game.core.simulate import seat_specs, simulate
from game.version import __version__

LANGS = ("en", "hu", "pl")  # game.app.i18n.LANGUAGES (not imported: no app code here)
DEMO_NOTICE = "A text demo between computer players (the window is 'python -m game play')."
VERSION_LINE = f"Siege Table {__version__}"

SEED_RANGE = (0, 2**63 - 1)
MAX_PLAYERS = 64  # before the game's own seat range is asked: no list of a billion seats
MAX_PAUSE = 10.0  # seconds a computer move may stay in view (the settings offer up to 2)
#: command -> option -> (smallest, largest) value accepted; anything else is refused
LIMITS: dict[str, dict[str, tuple[float, float]]] = {
    "play": {
        "seed": SEED_RANGE,
        "players": (1, MAX_PLAYERS),
        "frames": (1, 10**9),
        "pause": (0.0, MAX_PAUSE),
    },
    "demo": {"seed": SEED_RANGE, "players": (1, MAX_PLAYERS)},
    "simulate": {"games": (1, 1_000_000), "seed": SEED_RANGE, "players": (1, MAX_PLAYERS)},
    "bench": {
        "games": (1, 100_000),
        "jobs": (1, 64),
        "playouts": (1, 1_000_000),
        "positions": (1, 100_000),
        "seed": SEED_RANGE,
        "recheck": (1, 100_000),
    },
    "balance": {
        "games": (1, 100_000),
        "jobs": (1, 64),
        "seed": SEED_RANGE,
        "players": (1, MAX_PLAYERS),
        "neutrals": (0, MAX_PLAYERS),
        "recheck": (1, 100_000),
    },
}


class Parser(argparse.ArgumentParser):
    """argparse, its error line cut short: a 100 MB argument is not echoed in full."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(2, one_line(f"{self.prog}: error: {message}") + "\n")


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def check_limits(args: argparse.Namespace) -> None:
    """BadConfig for a number option out of its range in ``LIMITS`` (nan and inf too) and
    for an empty game name (which would otherwise mean the default game)."""
    game = getattr(args, "game", None)
    if game is not None and not game.strip():
        raise BadConfig(f"the game's name is empty (choose one of: {', '.join(registry.GAMES)})")
    for name, (low, high) in LIMITS.get(args.command, {}).items():
        value = getattr(args, name, None)
        if value is None:
            continue
        if (isinstance(value, float) and not math.isfinite(value)) or not low <= value <= high:
            raise BadConfig(
                f"--{name} must be from {_number(low)} to {_number(high)}, not {clip(value)}"
            )


def _seats(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",")]
    if not all(seats):
        raise argparse.ArgumentTypeError(f"'{clip(text)}' is not a comma-separated list of players")
    if len(seats) > MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"{len(seats):,} players named (at most {MAX_PLAYERS})")
    return seats


#: ``--modules all``: every Runes of Mayhem module that can be combined (RM-3.2; not L)
ALL_MODULES = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]
MODULES_HELP = "Runes of Mayhem modules, e.g. K,X1,X5 or all (default: the base game)"


def _modules_config(game: str | None, text: str | None) -> dict | None:
    """``--modules`` as a config override, for runes-of-mayhem only."""
    if text is None:
        return None
    if game != "runes-of-mayhem":
        raise BadConfig(
            f"--modules applies to runes-of-mayhem only, not to {clip(game) if game else 'no game'}"
        )
    if text.strip().lower() == "all":
        return {"modules": list(ALL_MODULES)}
    return {"modules": [m.strip().upper() for m in text.split(",") if m.strip()]}


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(registry.game_names())
    parser = Parser(
        prog="python -m game", description="Siege Table: four historical games on one table."
    )
    parser.add_argument("--version", action="version", version=VERSION_LINE)
    sub = parser.add_subparsers(dest="command", metavar="command")
    _play_options(sub.add_parser("play", help="open the game window (the default command)"), games)
    _demo_options(sub.add_parser("demo", help="a text game between computer players"), games)
    _screenshots_options(
        sub.add_parser("screenshots", help="render every screen to PNG files, headless")
    )
    sub.add_parser("selftest", help="check the installation: assets, maps, one game")
    _simulate_options(
        sub.add_parser("simulate", help="play many games between computer players"), games
    )
    _bench_options(sub.add_parser("bench", help="speed and strength figures of a game"), games)
    _balance_options(
        sub.add_parser("balance", help="win rates of each side from seeded self-play"), games
    )
    rep = sub.add_parser("replay", help="replay a saved game")
    rep.add_argument("file")
    _puzzles_options(
        sub.add_parser("puzzles", help="how many of the puzzle positions each level solves"),
        games,
    )
    return parser


def _play_options(play: argparse.ArgumentParser, games: str) -> None:
    play.add_argument("--game", help=f"go straight to a table of: {games}")
    play.add_argument("--seats", type=_seats, help="human, " + SPEC_HELP)
    play.add_argument("--players", type=int, help="number of seats")
    play.add_argument("--seed", type=int, help="seed of the set-up (default: random)")
    play.add_argument("--size", help="window size, e.g. 1920x1080")
    play.add_argument("--load", metavar="FILE", help="open a saved game")
    play.add_argument("--frames", type=int, help="quit after this many frames")
    play.add_argument(
        "--pause", type=float, help=f"seconds each computer move stays in view (0 to {MAX_PAUSE:g})"
    )
    play.add_argument("--exit-at-end", action="store_true", help="quit when the game ends")
    play.add_argument(
        "--lang", choices=LANGS, help="language (default: the settings', else the system's)"
    )
    play.add_argument("--modules", help=MODULES_HELP)
    play.add_argument(
        "--stats",
        action="store_true",
        help="print frames, median_ms, p95_ms, game_over, actions as JSON at exit",
    )


def _demo_options(demo: argparse.ArgumentParser, games: str) -> None:
    demo.add_argument("--game", help=f"one of: {games} (default: the first playable)")
    demo.add_argument("--seats", type=_seats, default=["ai:easy"], help=SPEC_HELP)
    demo.add_argument("--players", type=int, help="number of seats")
    demo.add_argument("--seed", type=int, help="seed of the set-up (default: from the clock)")
    demo.add_argument("--save", metavar="FILE", help="write the game record to FILE")
    demo.add_argument("--modules", help=MODULES_HELP)


def _screenshots_options(shots: argparse.ArgumentParser) -> None:
    shots.add_argument("--out", default="screenshots", help="folder for the PNG files")
    shots.add_argument("--size", help="window size, e.g. 1920x1080")
    shots.add_argument("--lang", choices=LANGS, default="en", help="language of the screens")
    shots.add_argument("--modules", help=MODULES_HELP + " for the Runes of Mayhem screens")
    shots.add_argument(
        "--text-size",
        type=int,
        choices=(100, 125, 150),
        default=100,
        help="text size in per cent, as in the Settings",
    )


def _simulate_options(sim: argparse.ArgumentParser, games: str) -> None:
    sim.add_argument("game", help=games)
    sim.add_argument("--games", type=int, default=100, help="games to play (1 to 1,000,000)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the series (0 to 2**63-1)")
    sim.add_argument(
        "--seats",
        type=_seats,
        default=["random"],
        help=f"one player per seat, or one for every seat: {SPEC_HELP}",
    )
    sim.add_argument(
        "--players", type=int, help="number of seats (default: as many as --seats, or 2)"
    )
    sim.add_argument("--modules", help=MODULES_HELP)
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    sim.add_argument("--json", action="store_true", help="end with the figures as one JSON line")


def _bench_options(ben: argparse.ArgumentParser, games: str) -> None:
    ben.add_argument("game", nargs="?", help=f"{games} (default: every playable game)")
    ben.add_argument(
        "--games", type=int, default=BENCH_GAMES, help="games of each match-up (1 to 100,000)"
    )
    ben.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes sharing the match-up games (1 to 64, default 1)",
    )
    ben.add_argument(
        "--playouts", type=int, default=PLAYOUTS, help="random games timed (1 to 1,000,000)"
    )
    ben.add_argument(
        "--positions",
        type=int,
        default=POSITIONS,
        help="positions each computer player is timed on (1 to 100,000)",
    )
    ben.add_argument("--seed", type=int, default=1)
    ben.add_argument("--json", action="store_true", help="one JSON object per game and line")
    ben.add_argument("--no-frames", action="store_true", help="skip the window's frame times")
    ben.add_argument("--modules", help=MODULES_HELP)
    ben.add_argument(
        "--ladder",
        action="store_true",
        help="the strength ladder instead: each level against the one below, "
        "from every seat and player count, with 95 %% intervals",
    )
    ben.add_argument(
        "--matchups",
        help="with --ladder: some of easy-random, medium-easy, "
        "hard-medium, hard-greedy (default: all)",
    )
    _ledger_options(
        ben,
        "with --ladder: a JSON Lines file of finished games; each game is added as it "
        "ends, and the games it holds (for agents that still play the same) are not played again",
    )


def _balance_options(bal: argparse.ArgumentParser, games: str) -> None:
    bal.add_argument("game", help=games)
    bal.add_argument("--games", type=int, required=True, help="games to play (1 to 100,000)")
    bal.add_argument("--players", type=int, help="number of seats (default: 2, or --seats)")
    bal.add_argument("--neutrals", type=int, help="hadrians-wall: neutral clans (HW-16)")
    bal.add_argument("--modules", help=MODULES_HELP)
    bal.add_argument(
        "--seats",
        type=_seats,
        default=["greedy"],
        help=f"one player per seat, or one for every seat: {SPEC_HELP}",
    )
    bal.add_argument("--seed", type=int, default=1, help="seed of the series (0 to 2**63-1)")
    bal.add_argument(
        "--jobs", type=int, default=1, help="processes (1 to 64; the figures do not depend on it)"
    )
    bal.add_argument("--json", action="store_true", help="the figures as one JSON object")
    bal.add_argument("--chart", metavar="PATH", help="also draw the chart to this PNG file")
    _ledger_options(
        bal,
        "a JSON Lines file of finished games (e.g. tools/balance/GAME.jsonl); each game "
        "is added as it ends, and the games it holds (for players that still play the same) "
        "are not played again",
    )


def _ledger_options(parser: argparse.ArgumentParser, ledger_help: str) -> None:
    """--ledger (with ``ledger_help``), --from-ledger and --recheck: bench --ladder's and
    balance's."""
    parser.add_argument("--ledger", metavar="FILE", help=ledger_help)
    parser.add_argument(
        "--from-ledger",
        action="store_true",
        help="with --ledger: play no game, only sum up the games the ledger holds",
    )
    parser.add_argument(
        "--recheck",
        type=int,
        metavar="N",
        help="with --ledger: also play N of the games it holds again and check they end "
        "as recorded",
    )


def _puzzles_options(puz: argparse.ArgumentParser, games: str) -> None:
    puz.add_argument("game", nargs="?", help=f"{games} (default: every game)")
    puz.add_argument(
        "--level", help="greedy, random, easy, medium or hard (default: greedy, medium and hard)"
    )
    puz.add_argument("--json", action="store_true", help="the scores as one JSON object")


def _number_of_seats(seats: list[str], players: int | None) -> int:
    if players is not None:
        return players
    return len(seats) if len(seats) > 1 else 2


def cmd_simulate(args: argparse.Namespace) -> int:
    rules = registry.get_rules(args.game)
    seats = seat_specs(args.seats, _number_of_seats(args.seats, args.players), rules)
    for spec in seats:
        if spec != "random":
            make_agent(spec, 0, rules)  # BadConfig for an unknown player
    config = _modules_config(args.game, args.modules)
    if config:  # modules that cannot be combined: refused before any game
        rules.new_game({**rules.default_config(len(seats)), **config}, 0)
    result = simulate(rules, args.games, args.seed, seats, check=not args.no_check, config=config)
    print(
        f"{rules.title}: {result['games']} games in {result['seconds']:.2f} s "
        f"({result['games_per_s']:.1f} games/s)"
    )
    finished = result["games"] - result["errors"]
    for s, (spec, wins) in enumerate(zip(result["seats"], result["wins"], strict=True)):
        share = 100 * wins / finished if finished else 0.0
        print(f"  seat {s + 1} ({spec}): {wins:g} wins ({share:.1f} %)")
    print(f"  invariant violations: {result['invariant_violations']}, errors: {result['errors']}")
    for message in result["violation_samples"] + result["error_samples"]:
        print(f"    {message}")
    if args.json:
        print(json.dumps(result))
    return 1 if result["invariant_violations"] or result["errors"] else 0


def _tell(message: str) -> None:
    """A line of progress or warning on stderr, at once."""
    print(message, file=sys.stderr, flush=True)


def _refuse_options(args: argparse.Namespace, options: tuple[str, ...], why: str) -> None:
    """BadConfig for the first of ``options`` (argument names) that is given: "--name
    ``why``"."""
    for option in options:
        if getattr(args, option) not in (None, False):
            raise BadConfig(f"--{option.replace('_', '-')} {why}")


def cmd_bench(args: argparse.Namespace) -> int:
    """bench: each game's speed and strength figures, or with --ladder the ladder."""
    if args.ladder:
        return cmd_ladder(args)
    ladder_only = ("matchups", "ledger", "from_ledger", "recheck")
    _refuse_options(args, ladder_only, "applies to the ladder only (add --ladder)")
    names = [args.game] if args.game else registry.built_games()
    rules_list = [registry.get_rules(name) for name in names]
    config = _modules_config(args.game, args.modules)
    for rules in rules_list:
        result = _bench_game(rules, args, config)
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            print("\n".join(_bench_lines(rules, result)))
    return 0


def _bench_game(rules: Rules, args: argparse.Namespace, config: dict | None) -> dict:
    """bench's figures of one game, with the table's frame times unless --no-frames (or
    the game has no table, or the frame tool is not there)."""
    result = bench(
        rules,
        args.games,
        args.playouts,
        args.positions,
        args.seed,
        progress=_tell,
        jobs=args.jobs,
        config=config,
    )
    frames = None if args.no_frames or not _has_table(rules.name) else _tool("bench_frames")
    if frames is not None:
        _tell(f"{rules.name}: timing the table's frames")
        result["frames"] = frames.frame_bench(rules.name)
    return result


def _bench_lines(rules: Rules, result: dict) -> list[str]:
    """bench's figures of one game as lines of text: speed, decisions, match-ups, frames."""
    lines = [
        f"{rules.title}",
        f"  apply: {result['apply_us_median']:.1f} us (median)",
        f"  random playouts: {result['playouts_per_s']:.1f} per second "
        f"({result['playout_decisions']:.0f} decisions a game)",
    ]
    for name, t in result["decision_ms"].items():
        line = f"  {name} decision: CPU p50 {t['p50']:.1f} ms, p95 {t['p95']:.1f} ms"
        if t.get("iterations_p50") is not None:
            line += (
                f"; iterations p5 {t['iterations_p5']:g}, p50 {t['iterations_p50']:g}"
                f" ({t['iterations_per_s']} per CPU second)"
                f"; safety-cap hits {t['cap_hits']}"
            )
        lines.append(line)
    for name, rate in result["win_rate"].items():
        lines += _matchup_lines(rules, result, name, rate)
    return lines + _frame_lines(result.get("frames"))


def _matchup_lines(rules: Rules, result: dict, name: str, rate: float | None) -> list[str]:
    """A bench match-up's win rate (with the safety net's hits), then seat by seat."""
    shown = "n/a (no 2-seat game)" if rate is None else f"{100 * rate:.1f} %"
    hits = result.get("safety_hits", {}).get(name)
    net = "" if hits is None else f"; safety-net hits {hits}"
    lines = [f"  {name.replace('_', ' ')}: {shown} over {result['games']} games{net}"]
    sides = result.get("win_rate_by_seat", {}).get(name)
    if rate is not None and sides:
        names = rules.seat_names(rules.new_game(rules.default_config(2), 0))
        lines.append(
            "    "
            + ", ".join(
                f"as {n}: {100 * r:.1f} %"
                for n, r in zip(names, sides, strict=False)
                if r is not None
            )
        )
    return lines


def _frame_lines(frames: dict | None) -> list[str]:
    """The table's frame times (bench without --no-frames)."""
    if not frames:
        return []
    lines = [
        f"  table frame at {frames['frame_size']}: median {frames['frame_ms_median']}"
        f" ms, p95 {frames['frame_ms_p95']} ms"
    ]
    if frames.get("motion_ms_median") is not None:
        lines.append(
            f"  table frame with motion running: median "
            f"{frames['motion_ms_median']} ms, p95 {frames['motion_ms_p95']} ms "
            f"({frames['motion_frames']} frames)"
        )
    lines.append(f"  window while {frames['thinking_level']} thinks: {frames['thinking_fps']} fps")
    return lines


def cmd_ladder(args: argparse.Namespace) -> int:
    from game.core import ladder

    matchups = ladder.matchup_names(args.matchups)
    names = [args.game] if args.game else registry.built_games()
    rules_list = [registry.get_rules(name) for name in names]
    config = _modules_config(args.game, args.modules)
    for rules in rules_list:
        ladder.layouts(rules, config)  # a set-up that cannot be played: before any game
    if args.ledger is not None:
        ladder.check_ledger_path(args.ledger)
    else:
        _refuse_options(args, ("from_ledger", "recheck"), "needs --ledger FILE")
    for rules in rules_list:
        results = ladder.ladder(
            rules,
            args.games,
            args.seed,
            args.jobs,
            matchups,
            config,
            _tell,
            ledger=args.ledger,
            warn=_tell,
            play=not args.from_ledger,
            recheck=args.recheck or 0,
        )
        if args.json:
            print(json.dumps({"game": rules.name, "ladder": results}), flush=True)
        else:
            print("\n".join(ladder.report_lines(rules.title, results)), flush=True)
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    from game.core import balance

    rules = registry.get_rules(args.game)
    config = dict(_modules_config(args.game, args.modules) or {})
    if args.neutrals is not None:
        players = args.players if args.players is not None else 1
        config.update(balance.neutral_config(rules, players, args.neutrals))
    if args.chart is not None and not args.chart.lower().endswith(".png"):
        raise BadConfig(f"--chart names a PNG file (….png), not '{clip(args.chart)}'")
    if args.chart is not None and not os.path.isdir(os.path.dirname(args.chart) or "."):
        raise BadConfig(f"--chart: no folder '{clip(os.path.dirname(args.chart))}'")
    if args.ledger is not None:
        from game.core.ledger import check_ledger_path

        check_ledger_path(args.ledger)
    else:
        _refuse_options(args, ("from_ledger", "recheck"), "needs --ledger FILE")
    result = balance.measure(
        rules,
        args.games,
        args.seed,
        args.players,
        args.seats,
        config or None,
        args.jobs,
        ledger=args.ledger,
        warn=_tell,
        play=not args.from_ledger,
        recheck=args.recheck or 0,
    )
    if args.chart is not None:
        from game.app.balance_chart import draw_chart

        label = ", ".join(
            f"{k} {v}"
            for k, v in result["config"].items()
            if k not in ("colours",) and v not in (False, [])
        )
        try:
            draw_chart([(label, result)], args.chart, rules.title)
        except (OSError, ValueError, RuntimeError) as e:  # pygame.error: RuntimeError
            raise BadConfig(f"cannot write the chart '{clip(args.chart)}': {e}") from e
    if args.json:
        print(json.dumps(result))
    else:
        print("\n".join(balance.report_lines(rules.title, result)))
    return 1 if result["errors"] else 0


def _tool(name: str):
    """The module ``tools/<name>.py`` of the source checkout (the screenshots, the frame
    bench: tools for working on the program, not part of it); None where the program runs
    without its sources (the built program)."""
    import importlib

    root = Path(__file__).resolve().parent.parent
    if not (root / "tools" / f"{name}.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    return importlib.import_module(f"tools.{name}")


def _has_table(game: str) -> bool:
    from game.app.view_registry import VIEWS

    return game in VIEWS


def _print_events(rules: Rules, match: Match, events: list) -> None:
    names = match.rules.seat_names(match.state)
    for event in events:
        who = "" if event[0] == PUBLIC else f"[{names[event[0]]} only] "
        print(f"       {who}{rules.describe_event(event)}")


def cmd_play(args: argparse.Namespace) -> int:
    from game.app import launch

    size = launch.parse_size(args.size) if args.size else None
    return launch.play(
        args.game,
        args.seats,
        args.seed,
        args.players,
        size,
        args.load,
        args.frames,
        args.stats,
        args.pause,
        args.exit_at_end,
        args.lang,
        config=_modules_config(args.game, args.modules),
    )


def cmd_screenshots(args: argparse.Namespace) -> int:
    """tools/screenshots.py, in a source checkout."""
    from game.app import launch

    tool = _tool("screenshots")
    if tool is None:
        raise BadConfig("the screenshots are made from the program's sources: tools/screenshots.py")
    size = launch.parse_size(args.size) if args.size else None
    modules = tool.rm_modules(args.modules)  # a forbidden combination: before any screen
    for path in tool.screenshots(
        args.out, size, lang=args.lang, rm_modules=modules, ui_scale=args.text_size / 100
    ):
        print(path)
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    from game.app import launch

    return launch.selftest()


def cmd_demo(args: argparse.Namespace) -> int:
    name = args.game or next(iter(registry.built_games()), None)
    if name is None:
        raise BadConfig("no game is playable yet")
    rules = registry.get_rules(name)
    seats = seat_specs(args.seats, _number_of_seats(args.seats, args.players), rules)
    if "human" in seats:
        raise BadConfig("the text demo has computer players only")
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000
    config = {**rules.default_config(len(seats)), **(_modules_config(name, args.modules) or {})}
    agents = [make_agent(spec, seed + 1 + s, rules) for s, spec in enumerate(seats)]
    match = Match.new(rules, config, seed, seats)
    print(DEMO_NOTICE)  # once the line-up is checked: a refusal prints nothing but its line
    names = rules.seat_names(match.state)
    lineup = ", ".join(f"{n} = {spec}" for n, spec in zip(names, seats, strict=False))
    print(f"{rules.title}, seed {seed}: {lineup}")
    while not rules.is_over(match.state):
        seat = match.to_act()
        obs = rules.observation(match.state, seat)
        action = agents[seat].choose(rules, obs, rules.legal_actions(match.state))
        events = match.play(action)
        print(f"{len(match.record.actions):4}. {action}")
        # the action itself comes back as an event: print only what followed from it
        _print_events(rules, match, [e for e in events if e[1:] != ("ACT", str(action))])
    print(result_line(rules, match.state))
    if args.save:
        save_record(match.record, args.save)
        print(f"Saved to {args.save}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    rules = registry.get_rules(record.game)
    final = Match.load(rules, record)  # checks every action before anything is shown
    match = Match.new(rules, record.config, record.seed, record.seats)
    print(f"{rules.title}, seed {record.seed}: {len(record.actions)} actions")
    for number, text in enumerate(record.actions, 1):
        events = match.play(text)
        print(f"{number:4}. {text}")
        _print_events(rules, match, events)
    print(result_line(rules, final.state))
    return 0


def cmd_puzzles(args: argparse.Namespace) -> int:
    from game.core import puzzles

    games = registry.game_names()
    if args.game is not None and args.game not in games:
        raise BadConfig(f"unknown game '{clip(args.game)}' (choose one of: {', '.join(games)})")
    if args.level is not None and args.level not in puzzles.PLAYERS:
        raise BadConfig(
            f"unknown level '{clip(args.level)}' (choose one of: {', '.join(puzzles.PLAYERS)})"
        )
    players = [args.level] if args.level else list(puzzles.DEFAULT_PLAYERS)
    chosen = [args.game] if args.game else games
    for game in chosen:
        if not puzzles.puzzle_files(game):
            raise BadConfig(
                f"no puzzles of {game} in {puzzles.PUZZLE_DIR / game} "
                "(they come with the source tree)"
            )
    scores = {g: puzzles.score(g, players) for g in chosen}
    if args.json:
        print(json.dumps(scores, indent=1))
        return 0
    for game, per in scores.items():
        print(game + ": " + ", ".join(f"{p} {s['solved']}/{s['total']}" for p, s in per.items()))
    return 0


COMMANDS = {
    "puzzles": cmd_puzzles,
    "play": cmd_play,
    "demo": cmd_demo,
    "simulate": cmd_simulate,
    "bench": cmd_bench,
    "balance": cmd_balance,
    "replay": cmd_replay,
    "screenshots": cmd_screenshots,
    "selftest": cmd_selftest,
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--selftest"]:  # the packaged program's check
        argv = ["selftest"]
    if argv == ["--version"]:
        print(VERSION_LINE)
        return 0
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
        argv = ["play", *argv]  # options without a command are the window's
    args = build_parser().parse_args(argv)
    if args.command is None:
        args = build_parser().parse_args(["play"])
    try:
        check_limits(args)
        return COMMANDS[args.command](args)
    except GameError as e:
        print("error: " + one_line(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())
