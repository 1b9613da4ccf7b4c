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
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import combinations
from multiprocessing import get_context

from .balance import sides_of, wilson
from .clip import clip
from .contract import BadConfig, Rules
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


def _game(task: tuple, rules: Rules | None = None) -> tuple[int, float, float]:
    """One game: (game index, the tested side's result, CPU seconds)."""
    name, g, seed, players, seats, tested, rival, config, levels = task
    rules = rules or get_rules(name)
    specs = [tested if s in seats else rival for s in range(players)]
    full = {**rules.default_config(players), **(config or {})}
    t0 = time.process_time()
    shares = play_game(rules, full, derive_seed(seed, g), specs, levels=levels).shares
    cpu = time.process_time() - t0
    return g, side_result(shares, seats), cpu


def play_matchup(
    rules: Rules,
    name: str,
    games: int = LADDER_GAMES,
    seed: int = 1,
    jobs: int = 1,
    config: dict | None = None,
    progress: Callable[[str], None] | None = None,
    levels: dict | None = None,
) -> dict:
    """Play match-up ``name`` over ``games`` games (see the module's text) and sum it up:
    the tested player's win rate, its 95 % interval, whether the target is met (and
    whether the whole interval is on one side of it), the CPU time of a game, and the same
    figures player count by player count and layout by layout.  ``levels`` overrides the
    levels' efforts (as in ``make_agent``)."""
    if games < 1:
        raise BadConfig("the number of games must be at least 1")
    tested, rival, target = MATCHUPS[name]
    plan = layouts(rules, config)
    tasks = []
    for g in range(games):
        players, seats, _ = plan[layout_of(g, plan)]
        tasks.append((rules.name, g, seed, players, seats, tested, rival, config, levels))
    results: list[tuple[float, float]] = [(0.0, 0.0)] * games
    won = 0.0

    def tell(g: int) -> None:
        if progress is not None:
            progress(f"{rules.name}: {name}: game {g + 1}/{games}, {won:g} won")

    if jobs > 1 and games > 1:
        with get_context("spawn").Pool(min(jobs, games)) as pool:
            for g, result, cpu in pool.imap(_game, tasks):
                results[g] = (result, cpu)
                won += result
                tell(g)
    else:
        for task in tasks:
            g, result, cpu = _game(task, rules)
            results[g] = (result, cpu)
            won += result
            tell(g)
    return summary(rules.name, name, plan, results, seed)


def _figures(won: float, n: int, cpu: float, target: float) -> dict:
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


def summary(
    game: str, name: str, plan: list, results: list[tuple[float, float]], seed: int = 1
) -> dict:
    """The figures of match-up ``name`` from its games' (result, CPU seconds) in game
    order."""
    tested, rival, target = MATCHUPS[name]
    figures = _figures(sum(r for r, _ in results), len(results), sum(c for _, c in results), target)
    by_layout = []
    for i, (_, _, label) in enumerate(plan):
        mine = [results[g] for g in range(len(results)) if layout_of(g, plan) == i]
        if mine:
            part = _figures(sum(r for r, _ in mine), len(mine), sum(c for _, c in mine), target)
            by_layout.append(
                {
                    "layout": label,
                    "games": part["games"],
                    "win_rate": part["win_rate"],
                    "interval": part["interval"],
                }
            )
    by_players = []
    for players in dict.fromkeys(p for p, _, _ in plan):
        mine = [results[g] for g in range(len(results)) if plan[layout_of(g, plan)][0] == players]
        if mine:
            part = _figures(sum(r for r, _ in mine), len(mine), sum(c for _, c in mine), target)
            by_players.append(
                {
                    "players": players,
                    "games": part["games"],
                    "win_rate": part["win_rate"],
                    "interval": part["interval"],
                    "cpu_s_per_game": part["cpu_s_per_game"],
                }
            )
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
) -> list[dict]:
    """Every match-up of ``names`` (all by default), one summary each."""
    return [
        play_matchup(rules, name, games, seed, jobs, config, progress)
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
            f"{r['cpu_s_per_game']:.2f} CPU s a game"
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
    return lines
