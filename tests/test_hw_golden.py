"""The golden replay check (tools/hw_golden.py): thousands of seeded games of every
line-up and variant replay to the same actions, states, logs and results."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import hw_golden  # noqa: E402


@pytest.mark.slow
def test_hw_golden_games_replay_identically():
    assert hw_golden.golden() == hw_golden.EXPECTED


def test_hw_golden_check_plays_every_lineup_and_variant():
    configs = {tuple(sorted(hw_golden._config(i).items())) for i in range(36)}
    assert len(configs) == 36
