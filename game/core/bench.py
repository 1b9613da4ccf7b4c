"""Speed and strength figures of one game's engine and computer players."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from multiprocessing import get_context

from .agents import ISMCTSAgent, make_agent
from .contract import Rules, State
from .registry import get_rules
from .rng import Rng
from .seeding import derive_seed
from .simulate import play_game

BENCH_GAMES = 200  # seeded 2-seat games of each strength match-up
PLAYOUTS = 500  # random games timed for the apply and playout figures
POSITIONS = 40  # positions each computer player is timed on
DECIDERS = {
    "greedy": "greedy",
    "easy": "ismcts:easy",
    "medium": "ismcts:medium",
    "hard": "ismcts:hard",
}
MATCHES = {
    "hard_vs_random": ("ismcts:hard", "random"),
    "hard_vs_greedy": ("ismcts:hard", "greedy"),
}


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def apply_micros(
    rules: Rules, playouts: int = PLAYOUTS, seed: int = 1, config: dict | None = None
) -> float:
    """Median time of one ``apply`` in microseconds, over random playouts."""
    times: list[int] = []
    clock = time.perf_counter_ns
    for i in range(playouts):
        state = rules.new_game(_config(rules, config), derive_seed(seed, i))
        rng = Rng(derive_seed(seed, i, 1))
        while not rules.is_over(state):
            action = rules.random_action(state, rng)
            t0 = clock()
            rules.apply(state, action)
            times.append(clock() - t0)
    return statistics.median(times) / 1000 if times else 0.0


def playouts_per_second(
    rules: Rules, playouts: int = PLAYOUTS, seed: int = 2, config: dict | None = None
) -> float:
    """Random games played from the set-up to the end per second (no invariant checks)."""
    return playout_figures(rules, playouts, seed, config)[0]


def playout_figures(
    rules: Rules, playouts: int = PLAYOUTS, seed: int = 2, config: dict | None = None
) -> tuple[float, float]:
    """Random games played from the set-up to the end: games per second, and the mean
    number of decisions in a game (games differ in length from one game to another)."""
    config = _config(rules, config)
    decisions = 0
    start = time.perf_counter()
    for i in range(playouts):
        state = rules.new_game(config, derive_seed(seed, i))
        rng = Rng(derive_seed(seed, i, 1))
        while not rules.is_over(state):
            rules.apply(state, rules.random_action(state, rng))
            decisions += 1
    seconds = time.perf_counter() - start
    return (playouts / seconds if seconds > 0 else 0.0), decisions / max(1, playouts)


def sample_positions(
    rules: Rules,
    count: int = POSITIONS,
    seed: int = 3,
    config: dict | None = None,
    player: str = "random",
) -> list[State]:
    """Positions awaiting a real choice (two legal actions or more), one drawn uniformly
    from each of ``count`` games of ``player`` against itself ("random" draws with
    ``rules.random_action``; "greedy" games are nearer to real ones, which random games
    of some games are many times longer than)."""
    config = _config(rules, config)
    positions = []
    for i in range(count):
        state = rules.new_game(config, derive_seed(seed, i))
        rng = Rng(derive_seed(seed, i, 1))
        agent = None if player == "random" else make_agent(player, derive_seed(seed, i, 2), rules)
        seen = []
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            if len(legal) > 1:
                seen.append(rules.clone(state))
            if agent is None:
                action = rules.random_action(state, rng)
            else:
                action = agent.choose(rules, rules.observation(state, rules.to_act(state)), legal)
            rules.apply(state, action)
        if seen:
            positions.append(seen[rng.below(len(seen))])
    return positions


def decision_figures(
    rules: Rules, spec: str, positions: list[State], seed: int = 4, levels: dict | None = None
) -> dict:
    """``spec``'s decisions on ``positions``: p50 and p95 of the CPU time of a decision
    in milliseconds (``time.process_time``: the figure of one idle core, whatever else
    the machine runs), p5 and p50 of the search iterations of a decision (None for a
    player that does not search), the iterations per CPU second over all the decisions,
    and ``cap_hits``, the searches ended by the wall-clock safety net."""
    agent = make_agent(spec, seed, rules, levels)
    searches = isinstance(agent, ISMCTSAgent)
    times: list[float] = []
    iterations: list[float] = []
    for state in positions:
        obs = rules.observation(state, rules.to_act(state))
        legal = rules.legal_actions(state)
        t0 = time.process_time()
        agent.choose(rules, obs, legal)
        times.append((time.process_time() - t0) * 1000)
        if searches and agent.last_iterations:  # (not where one action was left to grow)
            iterations.append(agent.last_iterations)
    figures: dict = {
        "p50": 0.0,
        "p95": 0.0,
        "iterations_p5": None,
        "iterations_p50": None,
        "iterations_per_s": None,
        "cap_hits": agent.cap_hits if searches else 0,
    }
    if times:
        figures["p50"] = round(percentile(times, 50), 3)
        figures["p95"] = round(percentile(times, 95), 3)
    if iterations:
        figures["iterations_p5"] = percentile(iterations, 5)
        figures["iterations_p50"] = percentile(iterations, 50)
        seconds = sum(times) / 1000
        figures["iterations_per_s"] = round(sum(iterations) / seconds) if seconds > 0 else None
    return figures


def decision_millis(
    rules: Rules, spec: str, positions: list[State], seed: int = 4, levels: dict | None = None
) -> dict:
    """p50 and p95 in CPU milliseconds of ``spec``'s decisions on ``positions``."""
    figures = decision_figures(rules, spec, positions, seed, levels)
    return {"p50": figures["p50"], "p95": figures["p95"]}


def win_rate(
    rules: Rules,
    spec: str,
    rival: str,
    games: int = BENCH_GAMES,
    seed: int = 5,
    levels: dict | None = None,
    progress: Callable[[str], None] | None = None,
    jobs: int = 1,
    by_seat: list | None = None,
    config: dict | None = None,
    safety_hits: list | None = None,
) -> float:
    """Mean win share of ``spec`` against ``rival`` over ``games`` seeded 2-seat games,
    ``spec`` taking the first seat in even games and the second in odd ones.  With
    ``jobs`` > 1 the games are shared out among that many processes (registered games
    only); each game is the same whichever process plays it.  ``by_seat``, if given, is
    filled with ``spec``'s mean share from the first seat and from the second (the two
    sides of an asymmetric game), and ``safety_hits`` with the number of the games'
    searches (both players') that the wall-clock safety net ended: the levels are bounded
    by their effort, the net only catches a search on a stalled machine, and a hit is
    counted and reported, as the ladder does."""
    tasks = [(rules.name, spec, rival, derive_seed(seed, g), g % 2, levels, config)
             for g in range(games)]  # fmt: skip

    def tell(g: int, won: float) -> None:
        _report(progress, rules.name, spec, rival, g, games, won)

    if jobs > 1:
        with get_context("spawn").Pool(jobs) as pool:
            total, hits, seat_won, seat_games = _summed(pool.imap(_match_game, tasks), tell)
    else:
        outcomes = (_match_game(task, rules) for task in tasks)
        total, hits, seat_won, seat_games = _summed(outcomes, tell)
    if safety_hits is not None:
        safety_hits[:] = [hits]
    if by_seat is not None:
        by_seat[:] = [
            round(w / n, 4) if n else None for w, n in zip(seat_won, seat_games, strict=True)
        ]
    return total / games if games else 0.0


def _summed(outcomes, tell: Callable[[int, float], None]) -> tuple:
    """The games' (share, safety-net hits) in game order summed: (the shares, the hits,
    the shares won from each seat, the games from each seat); ``tell`` hears of each game
    as it is summed (its index and the shares so far)."""
    total, hits = 0.0, 0
    seat_won, seat_games = [0.0, 0.0], [0, 0]
    for g, (share, game_hits) in enumerate(outcomes):
        total += share
        hits += game_hits
        seat_won[g % 2] += share
        seat_games[g % 2] += 1
        tell(g, total)
    return total, hits, seat_won, seat_games


def _match_game(task: tuple, rules: Rules | None = None) -> tuple[float, int]:
    """One game: the win share of ``spec``'s seat, and the safety net's hits."""
    name, spec, rival, seed, mine, levels, config = task
    rules = rules or get_rules(name)
    seats = [spec, rival] if mine == 0 else [rival, spec]
    config = {**rules.default_config(2), **(config or {})}
    game = play_game(rules, config, seed, seats, levels=levels)
    return game.shares[mine], game.cap_hits


def _report(progress, name: str, spec: str, rival: str, g: int, games: int, won: float):
    if progress is not None:
        progress(f"{name}: {spec} vs {rival}: game {g + 1}/{games}, {won:g} won")


def bench(
    rules: Rules,
    games: int = BENCH_GAMES,
    playouts: int = PLAYOUTS,
    positions: int = POSITIONS,
    seed: int = 1,
    levels: dict | None = None,
    progress: Callable[[str], None] | None = None,
    jobs: int = 1,
    config: dict | None = None,
) -> dict:
    """Every figure of ``rules`` (its default config updated with ``config``):
    apply_us_median, playouts_per_s and playout_decisions (a random game's mean length in
    decisions), decision_ms (of greedy, easy, medium and hard, on positions of greedy
    games: the CPU time of a decision p50/p95, the search iterations of a decision p5/p50,
    iterations per CPU second and the safety net's hits; see ``decision_figures``),
    win_rate (hard
    against random and against greedy, None when the game has no 2-seat line-up),
    win_rate_by_seat (the same from the first seat and from the second) and safety_hits
    (the searches of those games the wall-clock safety net ended, None without them)."""
    say = progress or (lambda _message: None)
    start = time.perf_counter()
    say(f"{rules.name}: timing apply and random playouts")
    per_s, decisions = playout_figures(rules, playouts, derive_seed(seed, 2), config)
    result: dict = {
        "game": rules.name,
        "apply_us_median": round(apply_micros(rules, playouts, derive_seed(seed, 1), config), 3),
        "playouts_per_s": round(per_s, 2),
        "playout_decisions": round(decisions, 1),
    }
    say(f"{rules.name}: drawing {positions} positions from greedy games")
    sampled = sample_positions(rules, positions, derive_seed(seed, 3), config, "greedy")
    result["decision_ms"] = {}
    for name, spec in DECIDERS.items():
        say(f"{rules.name}: timing {spec} on {len(sampled)} positions")
        result["decision_ms"][name] = decision_figures(
            rules, spec, sampled, derive_seed(seed, 4), levels
        )
    result["win_rate"] = {}
    result["win_rate_by_seat"] = {}
    result["safety_hits"] = {}
    two_seats = rules.min_seats <= 2 <= rules.max_seats
    for name, (spec, rival) in MATCHES.items():
        sides: list = [None, None]
        hits: list = [None]
        result["win_rate"][name] = (
            round(
                win_rate(
                    rules,
                    spec,
                    rival,
                    games,
                    derive_seed(seed, 5),
                    levels,
                    progress,
                    jobs,
                    sides,
                    config,
                    hits,
                ),
                4,
            )
            if two_seats
            else None
        )
        result["win_rate_by_seat"][name] = sides
        result["safety_hits"][name] = hits[0]
    result["games"] = games if two_seats else 0
    result["seconds"] = round(time.perf_counter() - start, 3)
    return result


def _config(rules: Rules, config: dict | None) -> dict:
    return {**rules.default_config(_seats(rules)), **(config or {})}


def _seats(rules: Rules) -> int:
    """The seat count the figures are measured at: 2 when the game allows it."""
    return 2 if rules.min_seats <= 2 <= rules.max_seats else rules.min_seats
