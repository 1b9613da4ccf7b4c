"""The computer player that picks any legal action."""

from __future__ import annotations

from ..contract import Action, Observation, Rules
from ..rng import Rng


class RandomAgent:
    """Uniform over the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, rules: Rules, obs: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)
