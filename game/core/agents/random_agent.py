"""The computer player that picks any legal action."""

from __future__ import annotations

from ..contract import Action, Observation, Rules
from ..rng import Rng
from .ismcts import decision_seed


class RandomAgent:
    """Uniform over the legal actions, drawn from its seed and the observation
    (``decision_seed``): the same seed in the same position makes the same choice."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, rules: Rules, obs: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return Rng(decision_seed(self.seed, obs)).choice(legal)
