"""The one seeded random number generator of a game.

A game state owns exactly one ``Rng``; every shuffle, deal and random placement of the
rules engines draws from it, so the same seed plus the same decisions replays the same
game bit for bit.  The generator is SplitMix64: its whole state is one 64-bit integer,
which makes it trivial to clone and to store in a JSON save.

Output ``k`` (counted from 1) of a generator in state ``s`` is ``mix(s + k * GOLDEN)``,
so a shuffle that needs several outputs computes them all at once: the states are laid
side by side in one big integer, 128 bits apart, and each step of the mix is done once
for all of them (``_outputs``).  The outputs are exactly those of repeated ``next64``.
"""

from __future__ import annotations

import struct

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_WIDE = 4  # from this many outputs on, ``_outputs`` computes them side by side


class _Lanes:
    """Constants to run the mix on ``k`` states at once, each in a 128-bit lane (its
    64-bit value in the low half, so that a product by a 64-bit constant stays in it)."""

    __slots__ = ("ones", "steps", "mask", "unpack", "size")

    def __init__(self, k: int) -> None:
        self.ones = sum(1 << (128 * i) for i in range(k))  # 1 in every lane
        self.steps = sum((((i + 1) * _GOLDEN) & _MASK) << (128 * i) for i in range(k))
        self.mask = self.ones * _MASK  # the low 64 bits of every lane
        self.unpack = struct.Struct("<" + "Q8x" * k).unpack  # the low half of each lane
        self.size = 16 * k


_LANES: dict[int, _Lanes] = {}


def _outputs(state: int, k: int) -> tuple[int, ...] | list[int]:
    """The next ``k`` outputs of a generator in ``state`` (the state is not changed)."""
    if k < _WIDE:
        out = []
        for _ in range(k):
            state = s = (state + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            out.append(z ^ (z >> 31))
        return out
    lanes = _LANES.get(k)
    if lanes is None:
        lanes = _LANES[k] = _Lanes(k)
    mask = lanes.mask
    x = (state * lanes.ones + lanes.steps) & mask  # lane i: state + (i + 1) * GOLDEN
    # each shift pulls the next lane's low bits into this lane's high half: masked off
    # before the product, or ignored at the end
    x = (((x ^ (x >> 30)) & mask) * _MIX1) & mask
    x = (((x ^ (x >> 27)) & mask) * _MIX2) & mask
    x ^= x >> 31
    return lanes.unpack(x.to_bytes(lanes.size, "little"))


class Rng:
    """SplitMix64 generator with the few helpers the engines need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        self.state = s = (self.state + _GOLDEN) & _MASK  # next64(), inlined
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place: from the end, the item at index i swaps with
        the one at ``(next64() * (i + 1)) >> 64``."""
        i = len(items)
        if i < 2:
            return
        draws = _outputs(self.state, i - 1)
        self.state = (self.state + (i - 1) * _GOLDEN) & _MASK
        for r in draws:
            j = (r * i) >> 64  # the item at i - 1 swaps with the one at j
            i -= 1
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state})"
