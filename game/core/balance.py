"""Balance figures of a game from seeded self-play: each side's win rate with a 95 %
Wilson interval, game length, score margins, how games ended and the average score course
by round.

Game ``i`` of a series is played from the seed ``derive_seed(seed, i)`` with the agents
of ``simulate.play_game`` (seat ``s`` seeded ``derive_seed(game_seed, s + 1)``), so a
greedy series here plays the same games as ``simulate``.  With ``jobs`` > 1 the games are
shared among processes and put back in game order before anything is summed: the figures
do not depend on the number of jobs.

A *side* is a team: in Stronghold the Invaders and the Defenders (SH-22.1, SH-23.1); in
every other game each seat is its own side.  A side wins a game when its seats are among
the winners; a win shared by k sides counts 1/k for each, and so does a game nobody
wins (a draw) between k >= 2 sides.  A lone seat (Hadrian's Wall's solo game) that does
not win has lost.

A series at a search level costs CPU hours (hard thinks up to about a second a decision),
more than one sitting: with a ledger (``measure(..., ledger=FILE)``, ``balance --ledger``,
``tools/balance/<game>.jsonl``, advanced in the background by ``tools/balance/run.sh``)
each game is appended as it ends, keyed by the players' behaviour fingerprints as in the
strength ladder (``ledger.py``, ``ladder.py``), and a later run plays only the games it
does not hold yet.  The games are played without the searches' wall-clock safety net, so
a game depends on its seed only and a series summed up from a ledger equals one
uninterrupted run (see ``Series``).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from multiprocessing import get_context

from . import ledger as book
from .agents import make_agent
from .contract import BadConfig, Rules, State
from .registry import get_rules
from .rng import Rng
from .seeding import derive_seed
from .simulate import MAX_ACTIONS, GameFailure, seat_specs

Z95 = 1.959963984540054  # two-sided 95 % quantile of the normal distribution
FAIR = (0.40, 0.60)  # a fair side's win rate of two (or a lone seat's) ...
FAIR_INTERVAL = (0.35, 0.65)  # ... and the interval it must lie in


def fair_band(sides: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The fair win rate and interval of one of ``sides`` sides: 40-60 % and 35-65 % for
    two sides (and for a lone seat against the game), the same band around the fair share
    1/k for k sides (80-120 % and 70-130 % of it: 20-30 % and 17.5-32.5 % of four)."""
    if sides <= 2:
        return FAIR, FAIR_INTERVAL
    share = 1 / sides
    return (0.8 * share, 1.2 * share), (0.7 * share, 1.3 * share)


CHUNK = 8  # games handed to a job at a time


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``wins`` may be fractional,
    a shared win counting 1/k).  (0, 1) when there is no game."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact at the ends
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


#: the seats' short names spelled out (RM-0.6, FG-0.5, HW-3.1)
SIDE_NAMES = {
    "runes-of-mayhem": {"V": "Vikings", "A": "Anglo-Saxons"},
    "field-of-glory": {"R": "Red (Carthage)", "B": "Blue (Rome)"},
    "hadrians-wall": {"G": "Green", "R": "Red", "Y": "Yellow", "B": "Blue"},
}


def sides_of(rules: Rules, state: State) -> list[str]:
    """The side of each seat: a team name where the game has teams (SH-22.1, SH-23.1),
    else the seat's, spelled out (the first seat to play first)."""
    if rules.name == "stronghold":
        return ["Invader"] * state.n_inv + ["Defender"] * state.n_def
    names = SIDE_NAMES.get(rules.name, {})
    return [names.get(seat, seat) for seat in rules.seat_names(state)]


def round_of(state: State) -> int:
    """The game's round counter (Stronghold's round, the other games' turn)."""
    value = getattr(state, "round", None)
    if value is None:
        value = getattr(state, "turn", 0)
    return int(value or 0)


def end_of(rules: Rules, state: State) -> str:
    """How the game ended, in the game's own words where it keeps them."""
    for name in ("over_reason", "end"):
        why = getattr(state, name, None)
        if isinstance(why, str) and why:
            return why
    return "winner" if rules.winners(state) else "no winner"


def play_one(
    rules: Rules, config: dict, game_seed: int, specs: list[str], levels: dict | None = None
) -> dict:
    """One game to the end, as ``simulate.play_game`` plays it (no checks): its sides'
    outcome, scores, length, ending and score at the end of every round."""
    state = rules.new_game(config, game_seed)
    dice = Rng(derive_seed(game_seed, 0))
    agents = {
        s: make_agent(spec, derive_seed(game_seed, s + 1), rules, levels)
        for s, spec in enumerate(specs)
        if spec != "random"
    }
    course: list[list[float]] = []  # scores at the end of rounds 1, 2, ...
    last_round = round_of(state)
    actions = 0
    while not rules.is_over(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"the game did not end after {MAX_ACTIONS} actions")
        seat = rules.to_act(state)
        agent = agents.get(seat)
        if agent is None:
            action = rules.random_action(state, dice)
        else:
            action = agent.choose(rules, rules.observation(state, seat), rules.legal_actions(state))
        rules.apply(state, action)
        actions += 1
        now = round_of(state)
        if now != last_round:  # rounds ended: the score as the next one begins
            after = list(rules.scores(state))
            while len(course) < max(0, now - 1):
                course.append(after)
            last_round = now
    scores = list(rules.scores(state))
    if not course or round_of(state) > len(course):
        course.append(scores)
    sides = sides_of(rules, state)
    winners = rules.winners(state)
    return {
        "sides": sides,
        "winning": sorted({sides[s] for s in winners}),
        "scores": scores,
        "actions": actions,
        "rounds": max(1, round_of(state)),
        "end": end_of(rules, state),
        "course": course,
    }


def _task(task: tuple, rules: Rules | None = None) -> tuple[int, dict | str, float]:
    """One game of a series: (its index, its outcome or why it failed, CPU seconds)."""
    name, config, seed, specs, levels, i = task
    rules = rules or get_rules(name)
    t0 = time.process_time()
    try:
        outcome: dict | str = play_one(rules, config, derive_seed(seed, i), specs, levels)
    except Exception as e:  # noqa: BLE001 - a failing game is counted, not fatal
        outcome = str(GameFailure(0, e))
    return i, outcome, time.process_time() - t0


def neutral_config(rules: Rules, players: int, neutrals: int) -> dict:
    """Hadrian's Wall's set-up with ``neutrals`` neutral clans (HW-16), the clans'
    colours in the printed order."""
    if rules.name != "hadrians-wall":
        raise BadConfig(f"--neutrals applies to hadrians-wall only, not to {rules.name}")
    return {"neutrals": neutrals, "colours": list("GRYB"[: max(0, players + neutrals)])}


def lineup(
    rules: Rules,
    players: int | None = None,
    seats: list[str] | None = None,
    config: dict | None = None,
) -> tuple[dict, list[str]]:
    """The full set-up and one player spec per seat; BadConfig for anything wrong (the
    set-up is tried once, so a forbidden combination is refused before any game)."""
    seats = seats or ["greedy"]
    n = (
        players
        if players is not None
        else (len(seats) if len(seats) > 1 else rules.min_seats if rules.min_seats > 1 else 2)
    )
    specs = seat_specs(seats, n, rules)
    for spec in specs:
        if spec == "human":
            raise BadConfig("balance is measured between computer players, not 'human'")
        if spec != "random":
            make_agent(spec, 0, rules)
    full = {**rules.default_config(n), **(config or {})}
    rules.new_game(full, 0)
    return full, specs


def measure(
    rules: Rules,
    games: int,
    seed: int = 1,
    players: int | None = None,
    seats: list[str] | None = None,
    config: dict | None = None,
    jobs: int = 1,
    levels: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
    ledger: str | None = None,
    warn: Callable[[str], None] | None = None,
    play: bool = True,
    recheck: int = 0,
) -> dict:
    """Play ``games`` seeded games and sum them up (see the module's text).  ``levels``
    overrides the levels' efforts (as in ``make_agent``); the wall-clock safety net is off
    unless ``levels`` sets one, so that a game depends on its seed only.  With ``ledger``
    (a file, see ``Series``) the games it holds are not played again, each game played is
    appended to it as it ends, and ``warn`` is told of the malformed lines, the
    fingerprinting and each game recorded; ``play`` False sums up only what it holds;
    ``recheck`` games it holds are played again and must end as recorded."""
    if games < 1:
        raise BadConfig("the number of games must be at least 1")
    book.check_use(ledger, play, recheck)
    full, specs = lineup(rules, players, seats, config)
    series = Series(rules, games, seed, full, specs, book.without_safety_net(levels))
    start = time.perf_counter()
    if ledger is not None:
        series.read(ledger, warn)
    again = book.recheck_indices(sorted(series.results), recheck)
    fresh = [i for i in range(games if play else 0) if i not in series.results]
    tasks = [series.task(i) for i in again + fresh]
    done = 0

    def record(i: int, outcome: dict | str, cpu: float) -> None:
        nonlocal done
        series.record(i, outcome, cpu, i in again, ledger, warn)
        done += 1
        if progress is not None:
            progress(done, len(tasks))

    if jobs > 1 and len(tasks) > 1:
        # one game at a time with a ledger: a game is recorded as soon as it ends
        chunk = 1 if ledger is not None else CHUNK
        with get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
            for i, outcome, cpu in pool.imap_unordered(_task, tasks, chunksize=chunk):
                record(i, outcome, cpu)
    else:
        for task in tasks:
            record(*_task(task, rules))
    held = sorted(series.results)
    if not held:
        raise BadConfig(f"the ledger holds no game of this line-up of {rules.name} to sum up")
    summary = summarize(rules.name, [series.results[i][0] for i in held], held)
    summary.update(
        {
            "game": rules.name,
            "config": full,
            "seats": specs,
            "seed": seed,
            "games": games,
            "seconds": round(time.perf_counter() - start, 2),
        }
    )
    if ledger is not None:
        summary["missing"] = games - len(held)
        summary["ledger"] = {
            "file": ledger,
            "reused": series.reused,
            "played": len(fresh),
            "stale": series.stale,
            "malformed": len(series.bad),
            "rechecked": len(again),
            "recheck_differs": sorted(series.differ),
            "fingerprint": series.prints,
            "cpu_s": round(sum(series.results[i][1] for i in held), 2),
        }
    return summary


# ------------------------------------------------------------------ the ledger

#: an entry's keys and their types (and of its game's outcome, ``result``)
ENTRY_KEYS = {
    "game": str,
    "seed": int,
    "g": int,
    "game_seed": int,
    "config": dict,
    "seats": list,
    "fingerprint": dict,
    "cpu_s": (int, float),
}
RESULT_KEYS = {
    "sides": list,
    "winning": list,
    "scores": list,
    "actions": int,
    "rounds": int,
    "end": str,
    "course": list,
}


def _numbers(row) -> bool:
    return isinstance(row, list) and all(book.valid(v, (int, float)) for v in row)


def _result_problem(result) -> str | None:
    """Why a recorded outcome cannot be summed up, or None."""
    if isinstance(result, str):  # a game that failed, counted as an error
        return None
    if not isinstance(result, dict):
        return "no valid 'result'"
    if missing := book.key_problem(result, RESULT_KEYS, "result."):
        return missing
    sides, scores = result["sides"], result["scores"]
    if not sides or not all(isinstance(x, str) for x in sides + result["winning"]):
        return "no valid 'result.sides'"
    if not set(result["winning"]) <= set(sides):
        return "no valid 'result.winning'"
    if len(scores) != len(sides) or not _numbers(scores):
        return "no valid 'result.scores'"
    if not all(_numbers(row) and len(row) == len(sides) for row in result["course"]):
        return "no valid 'result.course'"
    if result["actions"] < 0 or result["rounds"] < 0:
        return "a value out of range"
    return None


def _entry_problem(entry) -> str | None:
    """Why a ledger line is not an entry of a balance series, or None."""
    if missing := book.key_problem(entry, ENTRY_KEYS):
        return missing
    if entry["g"] < 0 or entry["cpu_s"] < 0:
        return "a value out of range"
    if not all(isinstance(v, str) for v in entry["seats"]):
        return "no valid 'seats'"
    prints = entry["fingerprint"]
    if not all(isinstance(prints.get(spec), str) for spec in entry["seats"]):
        return "no valid 'fingerprint'"
    return _result_problem(entry.get("result"))


class Series:
    """One line-up's series with its ledger: the fixed facts (game, number of games,
    seed, full set-up, the seats' players, the levels' efforts), each game's (outcome,
    CPU seconds) by index as the ledger holds it or as it is played, and what the ledger
    gave: the players' fingerprints of now, the stale entries (the same line-up and seed
    played by players that play otherwise now: reported, never counted), the malformed
    lines, and the games a recheck found ending otherwise.

    A ledger entry (one line) is one game: the game's name, the series' seed, the full
    set-up, the seats' players and their fingerprints, the game's index ``g`` and seed,
    its CPU seconds and its ``result``: what ``play_one`` returns (the sides, who won,
    the scores, the length, how it ended, the score course by round), or why it failed.
    That is all ``summarize`` reads, so a series summed up from a ledger has the figures
    (and the chart) of one uninterrupted run.  The fingerprints are those of the ladder
    (``ledger.fingerprint``) on three positions of the line-up's own set-up.
    """

    def __init__(
        self, rules: Rules, games: int, seed: int, config: dict, specs: list[str], levels: dict
    ) -> None:
        self.rules, self.games, self.seed = rules, games, seed
        self.config, self.specs, self.levels = config, specs, levels
        self.results: dict[int, tuple[dict | str, float]] = {}
        self.prints: dict[str, str] | None = None
        self.stale = 0
        self.reused = 0
        self.bad: list[str] = []
        self.differ: list[int] = []

    def task(self, i: int) -> tuple:
        """What ``_task`` plays game ``i`` from."""
        return (self.rules.name, self.config, self.seed, self.specs, self.levels, i)

    def fingerprints(self) -> dict[str, str]:
        """Each of the seats' players' behaviour fingerprint, by its spec."""
        positions = book.fingerprint_positions(self.rules, [len(self.specs)], self.config)
        return {
            spec: book.fingerprint(self.rules, spec, positions, self.levels)
            for spec in dict.fromkeys(self.specs)
        }

    def read(self, ledger: str, warn: Callable[[str], None] | None) -> None:
        """Take the games of this series that ``ledger`` holds for the players'
        fingerprints of now (computed here)."""
        book.check_ledger_path(ledger)
        entries, self.bad = book.read_ledger(ledger, _entry_problem)
        if self.bad and warn is not None:
            warn(book.malformed_warning(ledger, self.bad))
        if warn is not None:
            warn(f"{self.rules.name}: fingerprinting {', '.join(dict.fromkeys(self.specs))}")
        self.prints = self.fingerprints()
        for e in entries:
            if not (
                e["game"] == self.rules.name
                and e["seed"] == self.seed
                and e["seats"] == self.specs
                and book.same_config(e["config"], self.config)
            ):
                continue
            i = e["g"]
            fresh = {s: e["fingerprint"][s] for s in self.specs} == self.prints
            fresh = fresh and e["game_seed"] == derive_seed(self.seed, i)
            if not fresh:
                self.stale += 1
            elif i < self.games and i not in self.results:
                self.results[i] = (e["result"], float(e["cpu_s"]))
        self.reused = len(self.results)

    def record(
        self,
        i: int,
        outcome: dict | str,
        cpu: float,
        again: bool,
        ledger: str | None,
        warn: Callable[[str], None] | None,
    ) -> None:
        """Game ``i`` has ended: summed and appended to ``ledger``, or (``again``: played
        again to check the ledger) compared with the ledger's."""
        name = self.rules.name
        if again:
            if outcome != self.results[i][0]:
                self.differ.append(i)
                if warn is not None:
                    warn(
                        f"warning: {name}: game {i} ended otherwise now than in the ledger, "
                        "with the same fingerprints: the ledger's games of this line-up "
                        "may be stale"
                    )
            return
        self.results[i] = (outcome, cpu)
        if ledger is not None:
            book.append_entry(ledger, self.entry(i, outcome, cpu))
            if warn is not None:
                warn(f"{name}: game {len(self.results)}/{self.games} recorded")

    def entry(self, i: int, outcome: dict | str, cpu: float) -> dict:
        """Game ``i``'s line of the ledger."""
        return {
            "game": self.rules.name,
            "seed": self.seed,
            "config": self.config,
            "seats": self.specs,
            "fingerprint": self.prints,
            "g": i,
            "game_seed": derive_seed(self.seed, i),
            "cpu_s": round(cpu, 3),
            "result": outcome,
        }


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def summarize(game: str, results: list[dict | str], indices: list[int] | None = None) -> dict:
    """The figures of a series from its games' results in game order (a string is a
    game that failed); ``indices`` are their game indices where they are not 0, 1, 2 ..."""
    index = list(range(len(results))) if indices is None else indices
    played = [r for r in results if isinstance(r, dict)]
    errors = [f"game {i}: {r}" for i, r in zip(index, results, strict=True) if isinstance(r, str)]
    names: list[str] = []
    for r in played:
        for side in r["sides"]:
            if side not in names:
                names.append(side)
    n = len(played)
    wins = dict.fromkeys(names, 0.0)
    scores: dict[str, list[float]] = {name: [] for name in names}
    margins: dict[str, list[float]] = {name: [] for name in names}
    endings: Counter = Counter()
    longest = max((len(r["course"]) for r in played), default=0)
    course: dict[str, list[float]] = {name: [0.0] * longest for name in names}
    for r in played:
        for side in r["winning"]:
            wins[side] += 1 / len(r["winning"])
        sides_here = list(dict.fromkeys(r["sides"]))
        if not r["winning"] and len(sides_here) > 1:  # a draw: a share for every side
            for side in sides_here:
                wins[side] += 1 / len(sides_here)
        first = {}
        for seat, side in enumerate(r["sides"]):
            first.setdefault(side, seat)
        for side, seat in first.items():
            mine = r["scores"][seat]
            scores[side].append(mine)
            rivals = [r["scores"][s] for other, s in first.items() if other != side]
            if rivals:
                margins[side].append(mine - max(rivals))
            line = r["course"] + [r["scores"]] * (longest - len(r["course"]))
            for k, row in enumerate(line):
                course[side][k] += row[seat] / n
        winning = [side for side in names if side in r["winning"]]  # in seat order
        winner = " + ".join(winning) if winning else "nobody"
        endings[f"{r['end']}: {winner}"] += 1
    sides = []
    (fair_low, fair_high), (edge_low, edge_high) = fair_band(len(names))
    for name in names:
        low, high = wilson(wins[name], n)
        rate = wins[name] / n if n else 0.0
        sides.append(
            {
                "side": name,
                "wins": round(wins[name], 3),
                "win_rate": round(rate, 4),
                "interval": [round(low, 4), round(high, 4)],
                "fair": fair_low <= rate <= fair_high and edge_low <= low and high <= edge_high,
                "mean_score": _mean(scores[name]),
                "mean_margin": _mean(margins[name]) if margins[name] else None,
                "course": [round(v, 3) for v in course[name]],
            }
        )
    lengths = [r["actions"] for r in played]
    rounds = [r["rounds"] for r in played]
    return {
        "played": n,
        "errors": len(errors),
        "error_samples": errors[:5],
        "sides": sides,
        "draws": sum(1 for r in played if not r["winning"]),
        "length": {
            "mean_actions": _mean(lengths),
            "min_actions": min(lengths, default=0),
            "max_actions": max(lengths, default=0),
            "mean_rounds": _mean(rounds),
        },
        "endings": dict(sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def report_lines(title: str, result: dict) -> list[str]:
    """The figures as lines of text for the terminal."""
    config = {k: v for k, v in result["config"].items() if k not in ("colours",)}
    lines = [
        f"{title}: {result['played']} games ({', '.join(result['seats'])}), "
        f"seed {result['seed']}, {result['seconds']:.1f} s",
        f"  set-up: {config}",
    ]
    for side in result["sides"]:
        low, high = side["interval"]
        margin = side["mean_margin"]
        lines.append(
            f"  {side['side']}: wins {100 * side['win_rate']:.1f} % "
            f"(95 % interval {100 * low:.1f}-{100 * high:.1f} %"
            f"{', fair' if side['fair'] else ''}), mean score {side['mean_score']:g}"
            + ("" if margin is None else f", mean margin {margin:+g}")
        )
    length = result["length"]
    lines.append(
        f"  length: {length['mean_actions']:g} actions "
        f"({length['min_actions']}-{length['max_actions']}), "
        f"{length['mean_rounds']:g} rounds"
    )
    lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in result["endings"].items()))
    if result["errors"]:
        lines.append(f"  errors: {result['errors']}")
        lines += [f"    {m}" for m in result["error_samples"]]
    if result.get("ledger"):
        lines.append("  " + book.report_line(result["ledger"], result.get("missing", 0)))
    return lines


#: the line-ups measured for the rulebooks' Balance sections and the README: game, label,
#: players, set-up changes
LINEUPS: list[tuple[str, str, int, dict]] = [
    ("stronghold", "2 players", 2, {}),
    ("stronghold", "3 players", 3, {}),
    ("stronghold", "4 players", 4, {}),
    ("runes-of-mayhem", "base game", 2, {"modules": []}),
    ("runes-of-mayhem", "Kings (K)", 2, {"modules": ["K"]}),
    (
        "runes-of-mayhem",
        "all modules",
        2,
        {"modules": ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]},
    ),
    ("hadrians-wall", "1 player, 1 neutral", 1, {"neutrals": 1, "colours": list("GR")}),
    ("hadrians-wall", "1 player, 2 neutrals", 1, {"neutrals": 2, "colours": list("GRY")}),
    ("hadrians-wall", "1 player, 3 neutrals", 1, {"neutrals": 3, "colours": list("GRYB")}),
    ("hadrians-wall", "2 players", 2, {}),
    ("hadrians-wall", "2 players, 1 neutral", 2, {"neutrals": 1, "colours": list("GRY")}),
    ("hadrians-wall", "2 players, 2 neutrals", 2, {"neutrals": 2, "colours": list("GRYB")}),
    ("hadrians-wall", "3 players", 3, {}),
    ("hadrians-wall", "3 players, 1 neutral", 3, {"neutrals": 1, "colours": list("GRYB")}),
    ("hadrians-wall", "4 players", 4, {}),
    ("field-of-glory", "2 players", 2, {}),
]
