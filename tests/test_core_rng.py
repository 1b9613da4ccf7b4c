"""The seeded generator: SplitMix64 outputs, and the draws of below() and shuffle(),
stay exactly those of the plain one-output-at-a-time formula (saved games replay)."""

from __future__ import annotations

import pytest

from game.core.rng import Rng

_MASK = (1 << 64) - 1


class PlainSplitMix64:
    """The reference: one output at a time, straight from the definition."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]


def test_splitmix64_known_first_outputs():
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]  # fmt: skip


@pytest.mark.parametrize("seed", [0, 1, 42, _MASK, _MASK - 5, 0x9E3779B97F4A7C15, 2**63 + 7])
def test_draws_match_the_plain_formula(seed):
    rng, plain = Rng(seed), PlainSplitMix64(seed)
    for size in list(range(0, 40)) + [9, 18, 9, 9, 100]:
        mine, theirs = list(range(size)), list(range(size))
        rng.shuffle(mine)
        plain.shuffle(theirs)
        assert mine == theirs and rng.state == plain.state
        for n in (1, 2, 7, 9, 2**40 + 3):
            assert rng.below(n) == plain.below(n)
        assert rng.next64() == plain.next64()
    assert rng.state == plain.state


def test_below_refuses_an_empty_range_without_drawing():
    rng = Rng(5)
    with pytest.raises(ValueError):
        rng.below(0)
    assert rng.state == 5
