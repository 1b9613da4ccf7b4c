"""Hadrian's Wall heuristic for the computer seats."""

from __future__ import annotations

from .content import FORT_VALUE
from .state import HWState


def heuristic(s: HWState, seat: int) -> float:
    """Score margin over the best other clan, scaled to about [-1, 1]."""
    mine = sum(FORT_VALUE[f] for f in s.piles[seat])
    best_other = max(
        sum(FORT_VALUE[f] for f in s.piles[c]) for c in range(s.n_clans) if c != seat
    )
    return max(-1.0, min(1.0, (mine - best_other) / 20.0))
