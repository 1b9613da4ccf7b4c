"""Stronghold knowledge for the computer seats (placeholder until tuned)."""

from __future__ import annotations

import math

from game.core.rng import Rng

from .state import SHState


def policy_action(s: SHState, rng: Rng):
    from .rules import RULES

    return RULES.random_action(s, rng)


def heuristic(s: SHState, seat: int) -> float:
    inv, dfn = s.glory
    v = math.tanh((inv - dfn) / 6.0)
    return v if s.is_invader(seat) else -v
