"""The one-ply computer player: the action whose result the game's heuristic likes best,
or the game's own rule-of-thumb player where it has one (``greedy_action``)."""

from __future__ import annotations

from ..contract import Action, Observation, Rules
from ..outcome import terminal_rewards
from ..rng import Rng
from .ismcts import decision_seed


def state_value(rules: Rules, state, seat: int) -> float:
    """``rules.heuristic`` of a running game, or in [-1, 1] from the win share of a
    finished one (a sole win is 1, a loss -1)."""
    if rules.is_over(state):
        return 2.0 * terminal_rewards(rules, state)[seat] - 1.0
    return rules.heuristic(state, seat)


class GreedyAgent:
    """Tries every legal action on ``samples`` determinizations of the observation
    (the same ones for every action) and keeps the best mean value; ties are broken at
    random.  Its random numbers come from its seed and the observation (``decision_seed``):
    the same seed in the same position makes the same choice."""

    def __init__(self, seed: int = 0, samples: int = 3) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.seed = seed
        self.samples = samples

    def choose(self, rules: Rules, obs: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        seat = obs["seat"]
        rng = Rng(decision_seed(self.seed, obs))
        own = rules.greedy_action(rules.determinize(obs, rng), legal, rng)
        if own is not None:  # the game's own rule-of-thumb player chose
            return own
        rng = Rng(decision_seed(self.seed, obs))  # the look-ahead's draws from the start
        worlds = [rules.determinize(obs, rng) for _ in range(self.samples)]
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            total = 0.0
            for world in worlds:
                state = rules.clone(world)
                rules.apply(state, action)
                total += state_value(rules, state, seat)
            value = total / len(worlds)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return rng.choice(best)
