"""Headless series of games between computer seats, checking the invariants as they go."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .agents import make_agent
from .clip import clip
from .contract import BadConfig, Rules
from .outcome import win_shares
from .rng import Rng
from .seeding import derive_seed

MAX_ACTIONS = 100_000  # a game still running after this many actions counts as an error
SAMPLES = 5  # messages kept of each kind
#: with the checks on, about one decision in this many is also tried as a concession, on a
#: copy, where the rules let the seat to act concede (see ``concession`` in the contract);
#: a try costs about two checked decisions (a copy, the concession, the checks)
CONCEDE_ONE_IN = 16


@dataclass
class GameResult:
    shares: list[float]  # win share of each seat
    scores: list[float]
    actions: int
    violations: list[str] = field(default_factory=list)  # "action N: message"
    cap_hits: int = 0  # the computer seats' searches ended by the wall-clock safety net


class GameFailure(Exception):
    """A game of a series stopped on an exception; ``actions`` were played before it."""

    def __init__(self, actions: int, error: BaseException) -> None:
        super().__init__(f"action {actions + 1}: {type(error).__name__}: {error}")
        self.actions = actions
        self.error = error


def seat_specs(
    seats: list[str], players: int | None = None, rules: Rules | None = None
) -> list[str]:
    """One spec per seat: a single spec stands for every seat.  With ``rules``, the number
    of seats must be one the game takes (checked before the list is built)."""
    if not seats:
        raise BadConfig("name at least one player (e.g. random)")
    n = len(seats) if players is None else players
    if n < 1:
        raise BadConfig("a game needs at least one seat")
    if rules is not None:
        check_seat_count(rules, n)
    if len(seats) == 1:
        return seats * n
    if len(seats) != n:
        raise BadConfig(f"{len(seats)} players named for {n} seats")
    return list(seats)


def check_seat_count(rules: Rules, n: int) -> None:
    """BadConfig unless ``rules`` takes ``n`` players."""
    low, high = rules.min_seats, rules.max_seats
    if not low <= n <= high:
        takes = f"exactly {low}" if low == high else f"{low} to {high}"
        raise BadConfig(f"{rules.title} takes {takes} players, not {clip(n)}")


def play_game(
    rules: Rules,
    config: dict,
    seed: int,
    seats: list[str],
    check: bool = False,
    levels: dict | None = None,
    max_actions: int = MAX_ACTIONS,
) -> GameResult:
    """Play one game to the end.  "random" seats draw with ``rules.random_action``; the
    others are ``make_agent(spec)`` players fed observations.  With ``check``, the
    invariants are checked after the set-up and after every action.  Any exception is
    raised again as GameFailure.

    With ``check``, at decisions drawn by their own seeded RNG (so the game itself is played
    as without checks) the seat to act also concedes on a copy of the state, where the
    rules let it (``concession``), and the copy is checked (``concession_problems``)."""
    actions = 0
    try:
        state = rules.new_game(config, seed)
        dice = Rng(derive_seed(seed, 0))
        probe = Rng(derive_seed(seed, 0, 1))
        agents = {
            s: make_agent(spec, derive_seed(seed, s + 1), rules, levels)
            for s, spec in enumerate(seats)
            if spec != "random"
        }
        violations = []
        if check:
            violations += [f"action 0: {m}" for m in rules.check_invariants(state)]
        while not rules.is_over(state):
            if actions >= max_actions:
                raise RuntimeError(f"the game did not end after {max_actions} actions")
            seat = rules.to_act(state)
            if seat is None:
                raise RuntimeError("no seat is to act but the game is not over")
            if check and probe.below(CONCEDE_ONE_IN) == 0:
                violations += [
                    f"action {actions}: {seat_name(rules, state, seat)} concedes: {m}"
                    for m in concession_problems(rules, state, seat)
                ]
            agent = agents.get(seat)
            if agent is None:
                action = rules.random_action(state, dice)
            else:
                obs = rules.observation(state, seat)
                action = agent.choose(rules, obs, rules.legal_actions(state))
            rules.apply(state, action)
            actions += 1
            if check:
                violations += [f"action {actions}: {m}" for m in rules.check_invariants(state)]
        hits = sum(getattr(agent, "cap_hits", 0) for agent in agents.values())
        return GameResult(
            win_shares(rules, state), list(rules.scores(state)), actions, violations, hits
        )
    except Exception as e:
        raise GameFailure(actions, e) from e


def seat_name(rules: Rules, state, seat: int) -> str:
    names = rules.seat_names(state)
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def concession_problems(rules: Rules, state, seat: int) -> list[str]:
    """Let ``seat`` concede on a copy of ``state``, where the rules allow it now
    (``rules.concession``), and return what is wrong with the result: the game's own
    invariant violations, a game that goes on, a conceding seat among the winners.
    ``state`` is not changed."""
    action = rules.concession(state, seat)
    if action is None:
        return []
    copy = rules.clone(state)
    rules.apply(copy, action)
    problems = list(rules.check_invariants(copy))
    if not rules.is_over(copy) or rules.to_act(copy) is not None:
        problems.append("the game goes on after the concession")
    elif seat in rules.winners(copy):
        problems.append("the seat that conceded is among the winners")
    return problems


def simulate(
    rules: Rules,
    games: int,
    seed: int,
    seats: list[str],
    players: int | None = None,
    check: bool = True,
    levels: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
    config: dict | None = None,
) -> dict:
    """Play ``games`` games of ``rules.default_config(players or len(seats))`` (updated
    with ``config``, e.g. ``{"modules": [...]}``); game ``i`` uses the seed
    ``derive_seed(seed, i)``.  A failing game is counted and skipped.

    Returns game, games, seats, seed, seconds, games_per_s, wins (per seat, a k-way
    shared win counting 1/k), draws (games nobody won), mean_scores, actions,
    invariant_violations and errors (counts), violation_samples and error_samples.
    """
    if games < 0:
        raise BadConfig("the number of games cannot be negative")
    specs = seat_specs(seats, players, rules)
    n = len(specs)
    for spec in specs:
        if spec != "random":
            make_agent(spec, 0, rules, levels)  # BadConfig for an unknown player
    extra, config = config, {**rules.default_config(n), **(config or {})}
    if extra:
        rules.new_game(config, 0)  # BadConfig now rather than an error in every game
    wins = [0.0] * n
    score_sums = [0.0] * n
    draws = finished = total_actions = violations = errors = 0
    violation_samples: list[str] = []
    error_samples: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        game_seed = derive_seed(seed, i)
        try:
            result = play_game(rules, config, game_seed, specs, check, levels)
        except GameFailure as e:
            errors += 1
            total_actions += e.actions
            if len(error_samples) < SAMPLES:
                error_samples.append(f"game {i} (seed {game_seed}), {e}")
        else:
            finished += 1
            total_actions += result.actions
            for s in range(n):
                wins[s] += result.shares[s]
                score_sums[s] += result.scores[s]
            draws += not any(result.shares)
            violations += len(result.violations)
            for message in result.violations[: SAMPLES - len(violation_samples)]:
                violation_samples.append(f"game {i} (seed {game_seed}), {message}")
        if progress is not None:
            progress(i + 1, games)
    seconds = time.perf_counter() - start
    return {
        "game": rules.name,
        "games": games,
        "seats": specs,
        "seed": seed,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 2) if seconds > 0 else 0.0,
        "wins": wins,
        "draws": draws,
        "mean_scores": [round(v / finished, 3) if finished else 0.0 for v in score_sums],
        "actions": total_actions,
        "invariant_violations": violations,
        "errors": errors,
        "violation_samples": violation_samples,
        "error_samples": error_samples,
    }
