"""The strength ladder: each level against the one below it, from every seat or side and
every player count, with 95 % Wilson intervals.

A match-up pits a *tested* player against a *rival* (easy against random, medium against
easy, hard against medium, hard against greedy).  Its games are shared evenly among the
game's *layouts*: every player count from 2 to the game's largest, and at each count every
way of giving the tested player about half the sides.  A side is a team where the game has
teams (Stronghold's Invaders and Defenders, SH-22.1, SH-23.1: the tested player takes
every seat of one side, then of the other) and a seat in every other game (Hadrian's
Wall at 3 players: the tested player in one seat against two rivals, and in two seats
against one, each seat in turn; at 4 players two seats against two; each choice is
followed by its complement, so that any two games in a row of a count are fair).  So a tested player
no stronger than its rival wins half the games, whatever the game and layout.

Game ``g`` of a match-up is played from the seed ``derive_seed(seed, g)`` in layout
``g``'s turn (the player counts in turn, and at each count its layouts in turn), with the
agents of ``simulate.play_game``.  The tested side's result in a game is the win share of
its seats (a win shared by k seats counts 1/k each); a game nobody wins counts a half.
With ``jobs`` > 1 the games are shared among processes and summed in game order: the
figures do not depend on the number of jobs.  CPU time is each game's own process time.

Ladder games are played without the searches' wall-clock safety net (``safety_seconds``
None for every level, as the hint does): a net that ends a search on a busy machine
makes the game depend on the machine, and the ladder runs for hours beside other work.
Hits are still counted (``safety_hits``) for a caller who sets a net in ``levels``.

The ledger (``ledger``, a JSON Lines file, e.g. ``tools/ladder/<game>.jsonl`` in the
repository).  Why: the full ladder is many hours of CPU time per game, more than one
sitting on one machine, and a measurement that must finish in one go is never finished.
So each game is recorded as one line when it ends (appended and synced at once, so a
killed run loses only the games in flight), and a run with the ledger plays only the
games of indices ``0 .. games-1`` it does not hold yet and sums up all of them
(``play=False``: sums up what it holds, playing nothing).  This is sound because game
``g`` depends only on the seed, ``g`` and the two players (see above): games played in
any sittings, processes and order sum to the figures of one uninterrupted run (all
but the CPU time).

Why a behaviour fingerprint: an entry may be reused only while the players still play as
they did, and the code changes between sittings.  Keying entries by a hash of the code
would throw hours of games away at every refactor; keying them by nothing would mix
games of an old AI into the figures of a new one.  So each entry is keyed by a
*behaviour fingerprint* of the tested player and of the rival (``fingerprint``: 16 hex
digits of a SHA-256 of their options and, on a few fixed seeded positions of the game,
their choices with the search's visit counts and iterations and the game's value of each
legal action's result), computed at the start of a run in a few seconds of CPU time at
the effort the games use.  A change to the rules, the evaluation, the playout policy or
the effort almost always shows in those numbers, and the old entries are then reported
as stale and left out (they stay in the file); a change that plays the same keeps them.
The fingerprint is a sample: a change that shows only in positions it does not reach goes
unseen.  A malformed line (a merge conflict, a hand edit, a line cut short) is left out
with one line of warning and its game is played again.  Entries are plain JSON, one game
a line, so a ledger's history reads in ``git log -p``.  The fingerprint and the ledger
file's handling are shared with the balance series' ledger (``ledger.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from multiprocessing import get_context

from . import ledger as book
from .balance import sides_of, wilson
from .clip import clip
from .contract import BadConfig, Rules, State
from .ledger import (  # noqa: F401 - the ledger's shared parts, under the ladder's names
    FINGERPRINT_POSITIONS,
    FINGERPRINT_SEED,
    LEDGER_BYTES,
    append_entry,
    check_ledger_path,
    fingerprint,
)
from .ledger import same_config as _same_config
from .registry import get_rules
from .seeding import derive_seed
from .simulate import play_game

LADDER_GAMES = 200  # seeded games of each match-up

#: name -> (tested player, rival, the win rate the tested player must reach)
MATCHUPS: dict[str, tuple[str, str, float]] = {
    "easy-random": ("ismcts:easy", "random", 0.90),
    "medium-easy": ("ismcts:medium", "ismcts:easy", 0.65),
    "hard-medium": ("ismcts:hard", "ismcts:medium", 0.65),
    "hard-greedy": ("ismcts:hard", "greedy", 0.85),
}


def matchup_names(text: str | None) -> list[str]:
    """The match-ups named in a comma-separated list (all of them for None, in the
    ladder's order); BadConfig for an unknown one."""
    if text is None:
        return list(MATCHUPS)
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not names:
        raise BadConfig(f"name a match-up (choose from: {', '.join(MATCHUPS)})")
    for name in names:
        if name not in MATCHUPS:
            raise BadConfig(f"unknown match-up '{clip(name)}' (choose from: {', '.join(MATCHUPS)})")
    return [n for n in MATCHUPS if n in names]


def layouts(rules: Rules, config: dict | None = None) -> list[tuple[int, tuple[int, ...], str]]:
    """Every layout of a match-up: (players, the tested player's seats, a label), by
    player count and then by the tested player's sides, as the games take them in turn
    (see ``layout_of``)."""
    found = []
    for players in range(max(2, rules.min_seats), rules.max_seats + 1):
        full = {**rules.default_config(players), **(config or {})}
        sides = sides_of(rules, rules.new_game(full, 0))
        names = list(dict.fromkeys(sides))
        if len(names) < 2:
            continue
        seen: set[tuple[str, ...]] = set()
        for half in combinations(names, len(names) // 2):
            rest = tuple(n for n in names if n not in half)
            for chosen in (half, rest):  # each choice followed by its complement
                if chosen not in seen:
                    seen.add(chosen)
                    seats = tuple(s for s, side in enumerate(sides) if side in chosen)
                    found.append((players, seats, f"{players}p " + "+".join(chosen)))
    if not found:
        raise BadConfig(f"{rules.title} has no game of two sides or more to measure")
    return found


def layout_of(g: int, plan: list[tuple[int, tuple[int, ...], str]]) -> int:
    """The layout (index in ``plan``) of game ``g``: the player counts in turn, and at each
    count its layouts in turn."""
    counts = list(dict.fromkeys(p for p, _, _ in plan))
    players = counts[g % len(counts)]
    mine = [i for i, (p, _, _) in enumerate(plan) if p == players]
    return mine[(g // len(counts)) % len(mine)]


def side_result(shares: list[float], seats: tuple[int, ...]) -> float:
    """The tested side's result from every seat's win share: its seats' shares summed, or
    a half when nobody won."""
    return sum(shares[s] for s in seats) if any(shares) else 0.5


def ladder_levels(levels: dict | None = None) -> dict:
    """The level overrides of ladder games: ``levels`` (as in ``make_agent``), with the
    wall-clock safety net off for every level unless ``levels`` sets one."""
    return book.without_safety_net(levels)


def _game(task: tuple, rules: Rules | None = None) -> tuple[int, float, float, int]:
    """One game: (game index, the tested side's result, CPU seconds, safety-net hits)."""
    name, g, seed, players, seats, tested, rival, config, levels = task
    rules = rules or get_rules(name)
    specs = [tested if s in seats else rival for s in range(players)]
    full = {**rules.default_config(players), **(config or {})}
    t0 = time.process_time()
    game = play_game(rules, full, derive_seed(seed, g), specs, levels=levels)
    cpu = time.process_time() - t0
    return g, side_result(game.shares, seats), cpu, game.cap_hits


# ------------------------------------------------------------------ fingerprints


def fingerprint_positions(rules: Rules, plan: list, config: dict | None = None) -> list[State]:
    """The fixed positions the agents are fingerprinted on (``ledger.fingerprint_positions``)
    at the plan's player counts in turn."""
    counts = list(dict.fromkeys(p for p, _, _ in plan))
    return book.fingerprint_positions(rules, counts, config)


def matchup_fingerprints(
    rules: Rules, name: str, config: dict | None = None, levels: dict | None = None
) -> dict:
    """{"tested": ..., "rival": ...}: the fingerprints of match-up ``name``'s two players
    at the efforts of ladder games (``ladder_levels(levels)``)."""
    tested, rival, _ = MATCHUPS[name]
    positions = fingerprint_positions(rules, layouts(rules, config), config)
    levels = ladder_levels(levels)
    return {
        "tested": fingerprint(rules, tested, positions, levels),
        "rival": fingerprint(rules, rival, positions, levels),
    }


# ------------------------------------------------------------------ the ledger

ENTRY_KEYS = {
    "game": str,
    "matchup": str,
    "seed": int,
    "g": int,
    "layout": str,
    "result": (int, float),
    "cpu_s": (int, float),
    "safety_hits": int,
    "fingerprint": dict,
}


def _entry_problem(entry) -> str | None:
    if missing := book.key_problem(entry, ENTRY_KEYS):
        return missing
    if not 0 <= entry["result"] <= 1 or entry["g"] < 0 or entry["cpu_s"] < 0:
        return "a value out of range"
    prints = entry["fingerprint"]
    if not all(isinstance(prints.get(k), str) for k in ("tested", "rival")):
        return "no valid 'fingerprint'"
    if not isinstance(entry.get("config"), (dict, type(None))):
        return "no valid 'config'"
    return None


def read_ledger(path: str) -> tuple[list[dict], list[str]]:
    """The entries of ledger ``path`` (none if it does not exist yet), and a description
    of each malformed line ("line N: why"), which is left out."""
    return book.read_ledger(path, _entry_problem)


@dataclass
class _Matchup:
    """One match-up's fixed facts: the game, the match-up's name, how many games from
    which seed, the set-up, the layouts the games take in turn and the levels' efforts."""

    rules: Rules
    name: str
    games: int
    seed: int
    config: dict | None
    plan: list
    levels: dict

    @property
    def tested(self) -> str:
        return MATCHUPS[self.name][0]

    @property
    def rival(self) -> str:
        return MATCHUPS[self.name][1]

    def layout(self, g: int) -> tuple[int, tuple[int, ...], str]:
        """Game ``g``'s layout: (players, the tested player's seats, its label)."""
        return self.plan[layout_of(g, self.plan)]

    def task(self, g: int) -> tuple:
        """What ``_game`` plays game ``g`` from."""
        players, seats, _ = self.layout(g)
        m = self
        return (m.rules.name, g, m.seed, players, seats, m.tested, m.rival, m.config, m.levels)


@dataclass
class _Held:
    """What a ledger holds of a match-up: each fresh game's (result, CPU seconds,
    safety-net hits) by game index (and their count before any game is played), the
    fingerprints they were checked against, the stale entries' count and the malformed
    lines' descriptions."""

    results: dict[int, tuple[float, float, int]] = field(default_factory=dict)
    prints: dict | None = None
    stale: int = 0
    bad: list[str] = field(default_factory=list)
    reused: int = 0  # the games held before any is played


def _read_held(
    m: _Matchup,
    ledger: str,
    progress: Callable[[str], None] | None,
    warn: Callable[[str], None] | None,
) -> _Held:
    """The games of ``m`` ledger ``ledger`` holds for the players' fingerprints of now
    (computed here, told to ``progress``); ``warn`` is told of the malformed lines."""
    check_ledger_path(ledger)
    entries, bad = read_ledger(ledger)
    if bad and warn is not None:
        warn(book.malformed_warning(ledger, bad))
    if progress is not None:
        progress(f"{m.rules.name}: {m.name}: fingerprinting {m.tested} and {m.rival}")
    held = _Held(prints=matchup_fingerprints(m.rules, m.name, m.config, m.levels), bad=bad)
    for e in entries:
        if not (
            e["game"] == m.rules.name
            and e["matchup"] == m.name
            and e["seed"] == m.seed
            and _same_config(e.get("config"), m.config)
        ):
            continue
        g = e["g"]
        fresh = e["fingerprint"] == held.prints and (g >= m.games or e["layout"] == m.layout(g)[2])
        if not fresh:
            held.stale += 1
        elif g < m.games and g not in held.results:
            held.results[g] = (float(e["result"]), float(e["cpu_s"]), e["safety_hits"])
    held.reused = len(held.results)
    return held


def _plan_games(m: _Matchup, held: dict, play: bool, recheck: int) -> tuple[list[int], list]:
    """The games to play: ``recheck`` of those ``held`` (spread over them) again, then,
    when ``play``, each of ``0 .. games-1`` not held; returns (the rechecked indices, the
    tasks of all)."""
    done = sorted(held)
    again = book.recheck_indices(done, recheck)
    fresh = [g for g in range(m.games if play else 0) if g not in held]
    return again, [m.task(g) for g in again + fresh]


class _Tally:
    """The games' results as they end: a new game is summed, appended to the ledger and
    told to ``progress``; a game played again to check the ledger is only compared with
    the ledger's (a difference told to ``warn`` and kept in ``differ``)."""

    def __init__(
        self,
        m: _Matchup,
        held: _Held,
        again: list[int],
        ledger: str | None,
        progress: Callable[[str], None] | None,
        warn: Callable[[str], None] | None,
    ) -> None:
        self.m, self.prints, self.again = m, held.prints, again
        self.ledger, self.progress, self.warn = ledger, progress, warn
        self.results = held.results
        self.won = sum(r for r, _, _ in self.results.values())
        self.differ: list[int] = []

    def record(self, g: int, result: float, cpu: float, hits: int) -> None:
        m = self.m
        if g in self.again:  # played again to check the ledger: not recorded twice
            if result != self.results[g][0]:
                self.differ.append(g)
                if self.warn is not None:
                    self.warn(
                        f"warning: {m.rules.name}: {m.name}: game {g} ended {result:g} now but "
                        f"{self.results[g][0]:g} in the ledger, with the same fingerprints: "
                        "the ledger's games of this match-up may be stale"
                    )
            return
        self.results[g] = (result, cpu, hits)
        self.won += result
        if self.ledger is not None:
            append_entry(self.ledger, self.entry(g, result, cpu, hits))
        if self.progress is not None:
            self.progress(
                f"{m.rules.name}: {m.name}: game {len(self.results)}/{m.games}, {self.won:g} won"
            )

    def entry(self, g: int, result: float, cpu: float, hits: int) -> dict:
        """Game ``g``'s line of the ledger."""
        m = self.m
        return {
            "game": m.rules.name,
            "matchup": m.name,
            "tested": m.tested,
            "rival": m.rival,
            "seed": m.seed,
            "config": m.config or None,
            "g": g,
            "layout": m.layout(g)[2],
            "result": result,
            "cpu_s": round(cpu, 3),
            "safety_hits": hits,
            "fingerprint": self.prints,
        }


def _play(rules: Rules, tasks: list, jobs: int, record: Callable[..., None]) -> None:
    """Play ``tasks`` (in ``jobs`` processes where more than one), each game's outcome
    given to ``record`` as it ends."""
    if jobs > 1 and len(tasks) > 1:
        with get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
            for done in pool.imap_unordered(_game, tasks):
                record(*done)
    else:
        for task in tasks:
            record(*_game(task, rules))


def _report(m: _Matchup, tally: _Tally, held: _Held, played: int, ledger: str | None) -> dict:
    """The match-up's figures from every game held and played (``summary``), with the
    safety net's hits, the games missing and, with a ledger, what it gave and took."""
    done = sorted(tally.results)
    if not done:
        raise BadConfig(f"the ledger holds no game of {m.name} of {m.rules.name} to sum up")
    ordered = [tally.results[g] for g in done]
    figures = summary(m.rules.name, m.name, m.plan, [(r, c) for r, c, _ in ordered], m.seed, done)
    figures["safety_hits"] = sum(h for _, _, h in ordered)
    figures["missing"] = m.games - len(done)
    if ledger is not None:
        figures["ledger"] = {
            "file": ledger,
            "reused": held.reused,
            "played": played,
            "stale": held.stale,
            "malformed": len(held.bad),
            "rechecked": len(tally.again),
            "recheck_differs": sorted(tally.differ),
            "fingerprint": held.prints,
            "cpu_s": figures["cpu_s"],
        }
    return figures


def play_matchup(
    rules: Rules,
    name: str,
    games: int = LADDER_GAMES,
    seed: int = 1,
    jobs: int = 1,
    config: dict | None = None,
    progress: Callable[[str], None] | None = None,
    levels: dict | None = None,
    ledger: str | None = None,
    warn: Callable[[str], None] | None = None,
    play: bool = True,
    recheck: int = 0,
) -> dict:
    """Play match-up ``name`` over ``games`` games (see the module's text) and sum it up:
    the tested player's win rate, its 95 % interval, whether the target is met (and
    whether the whole interval is on one side of it), the CPU time of a game, the
    safety net's hits, and the same figures player count by player count and layout by
    layout.  ``levels`` overrides the levels' efforts (as in ``make_agent``).  With
    ``ledger`` (a file), the games it holds for the same fingerprints are not played
    again, each game played is appended to it as it ends, and ``warn`` is told in one
    line of the malformed lines left out.  With ``play`` False (and a ledger) no game is
    played: the figures are those of the games of ``0 .. games-1`` the ledger holds, and
    ``missing`` says how many it lacks.  ``recheck`` games the ledger holds (spread over
    them) are played again and must end as recorded: a game that does not is told to
    ``warn`` and listed (``recheck_differs``), a change the fingerprint did not catch."""
    if games < 1:
        raise BadConfig("the number of games must be at least 1")
    if name not in MATCHUPS:
        raise KeyError(name)
    m = _Matchup(rules, name, games, seed, config, layouts(rules, config), ladder_levels(levels))
    held = _Held() if ledger is None else _read_held(m, ledger, progress, warn)
    book.check_use(ledger, play, recheck)
    again, tasks = _plan_games(m, held.results, play, recheck)
    tally = _Tally(m, held, again, ledger, progress, warn)
    _play(rules, tasks, jobs, tally.record)
    return _report(m, tally, held, len(tasks) - len(again), ledger)


def _figures(results: list[tuple[float, float]], target: float) -> dict:
    """The figures of games' (result, CPU seconds) against the ``target`` win rate."""
    won, n, cpu = sum(r for r, _ in results), len(results), sum(c for _, c in results)
    low, high = wilson(won, n)
    rate = won / n if n else 0.0
    return {
        "games": n,
        "won": round(won, 4),
        "win_rate": round(rate, 4),
        "interval": [round(low, 4), round(high, 4)],
        "target": target,
        "met": rate >= target,
        "sure": low >= target if rate >= target else high < target,
        "cpu_s_per_game": round(cpu / n, 3) if n else 0.0,
    }


def _part(results: list, groups: list, group, target: float, keys: tuple[str, ...]) -> dict:
    """The figures named ``keys`` of the games of ``results`` in ``group`` (``groups``
    gives each game's), or an empty dict where there is none."""
    mine = [result for result, of in zip(results, groups, strict=True) if of == group]
    if not mine:
        return {}
    part = _figures(mine, target)
    return {key: part[key] for key in keys}


def summary(
    game: str,
    name: str,
    plan: list,
    results: list[tuple[float, float]],
    seed: int = 1,
    indices: list[int] | None = None,
) -> dict:
    """The figures of match-up ``name`` from its games' (result, CPU seconds) in game
    order; ``indices`` are their game indices where they are not 0, 1, 2, ..."""
    tested, rival, target = MATCHUPS[name]
    index = list(range(len(results))) if indices is None else indices
    figures = _figures(results, target)
    layout_at = [layout_of(g, plan) for g in index]
    players_at = [plan[i][0] for i in layout_at]
    by_layout = []
    for i, (_, _, label) in enumerate(plan):
        part = _part(results, layout_at, i, target, ("games", "win_rate", "interval"))
        if part:
            by_layout.append({"layout": label, **part})
    by_players = []
    for players in dict.fromkeys(p for p, _, _ in plan):
        keys = ("games", "win_rate", "interval", "cpu_s_per_game")
        part = _part(results, players_at, players, target, keys)
        if part:
            by_players.append({"players": players, **part})
    return {
        "game": game,
        "matchup": name,
        "tested": tested,
        "rival": rival,
        "seed": seed,
        **figures,
        "cpu_s": round(sum(c for _, c in results), 2),
        "by_players": by_players,
        "by_layout": by_layout,
    }


def ladder(
    rules: Rules,
    games: int = LADDER_GAMES,
    seed: int = 1,
    jobs: int = 1,
    names: list[str] | None = None,
    config: dict | None = None,
    progress: Callable[[str], None] | None = None,
    ledger: str | None = None,
    warn: Callable[[str], None] | None = None,
    play: bool = True,
    recheck: int = 0,
) -> list[dict]:
    """Every match-up of ``names`` (all by default), one summary each (with ``ledger``
    and ``play``, see ``play_matchup``)."""
    return [
        play_matchup(
            rules,
            name,
            games,
            seed,
            jobs,
            config,
            progress,
            ledger=ledger,
            warn=warn,
            play=play,
            recheck=recheck,
        )
        for name in (names or list(MATCHUPS))
    ]


def report_lines(title: str, results: list[dict]) -> list[str]:
    """The ladder as lines of text for the terminal."""
    lines = [f"{title}: strength ladder (95 % Wilson intervals)"]
    for r in results:
        low, high = r["interval"]
        verdict = ("met" if r["met"] else "not met") + (
            " (the whole interval)" if r["sure"] else ""
        )
        lines.append(
            f"  {r['matchup']}: {100 * r['win_rate']:.1f} % "
            f"(interval {100 * low:.1f}-{100 * high:.1f} %) over {r['games']} games; "
            f"target {100 * r['target']:.0f} % {verdict}; "
            f"{r['cpu_s_per_game']:.2f} CPU s a game; "
            f"safety-net hits {r.get('safety_hits', 0)}"
        )
        if len(r["by_players"]) > 1:
            lines.append(
                "    "
                + ", ".join(
                    f"{p['players']} players {100 * p['win_rate']:.1f} % "
                    f"({100 * p['interval'][0]:.1f}-{100 * p['interval'][1]:.1f} %) of {p['games']}"
                    for p in r["by_players"]
                )
            )
        lines.append(
            "    "
            + ", ".join(
                f"{p['layout']} {100 * p['win_rate']:.0f} % of {p['games']}" for p in r["by_layout"]
            )
        )
        if r.get("ledger"):
            lines.append("    " + book.report_line(r["ledger"], r.get("missing", 0)))
    return lines
