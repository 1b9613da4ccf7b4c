"""Seeds derived from a master seed, so that every game of a series can be replayed alone."""

from __future__ import annotations

from .rng import Rng

_MASK = (1 << 63) - 1


def derive_seed(seed: int, *keys: int) -> int:
    """A seed in [0, 2**63) mixed from ``seed`` and the integer ``keys`` (order matters)."""
    value = Rng(seed).next64()
    for key in keys:
        value = Rng(value ^ (key & ((1 << 64) - 1))).next64()
    return value & _MASK
