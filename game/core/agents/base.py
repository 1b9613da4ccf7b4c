"""What every computer player offers."""

from __future__ import annotations

from typing import Protocol

from ..contract import Action, Observation, Rules


class Agent(Protocol):
    """Chooses one of ``legal`` from what its seat may see.

    ``obs`` is ``rules.observation(state, seat)`` (its ``"seat"`` key names the seat) and
    ``legal`` is ``rules.legal_actions(state)``; an agent never receives the true state and
    never changes ``obs``.
    """

    def choose(self, rules: Rules, obs: Observation, legal: list[Action]) -> Action: ...
