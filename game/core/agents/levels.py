"""Computer player specs ("random", "greedy", "ismcts:hard", ...) and their budgets.

The budgets of the search levels live here, in one table.  A game may retune them with
an optional ``ai_levels`` attribute on its rules object, e.g.
``ai_levels = {"hard": {"millis": 1500}}``; the keys of a level are ISMCTSAgent options.
"""

from __future__ import annotations

from ..clip import clip
from ..contract import BadConfig, Rules
from .base import Agent
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

#: ISMCTS options of each level: iterations and/or a time budget, whichever ends first
LEVELS: dict[str, dict] = {
    "easy": {"iterations": 150, "millis": None},
    "medium": {"iterations": 5_000, "millis": 250},
    "hard": {"iterations": 20_000, "millis": 800},
}
DEFAULT_LEVEL = "medium"
GREEDY_SAMPLES = 3
SPEC_HELP = "random, greedy, ismcts:easy|medium|hard (or ai:easy|medium|hard)"


def level_options(level: str, rules: Rules | None = None, levels: dict | None = None) -> dict:
    """The ISMCTS options of ``level``: the table above, then ``rules.ai_levels``, then
    ``levels`` (each may override a part of a level)."""
    if level not in LEVELS:
        raise BadConfig(f"unknown level '{clip(level)}' (choose one of: {', '.join(LEVELS)})")
    options = dict(LEVELS[level])
    for extra in (getattr(rules, "ai_levels", None), levels):
        if extra and level in extra:
            options.update(extra[level])
    return options


def make_agent(
    spec: str, seed: int, rules: Rules | None = None, levels: dict | None = None
) -> Agent:
    """The computer player of ``spec``; BadConfig for "human" or an unknown spec."""
    kind, colon, level = spec.strip().lower().partition(":")
    if kind == "random" and not colon:
        return RandomAgent(seed)
    if kind == "greedy" and not colon:
        return GreedyAgent(seed, samples=GREEDY_SAMPLES)
    if kind in ("ismcts", "ai") and (level in LEVELS or not colon):
        return ISMCTSAgent(seed, **level_options(level or DEFAULT_LEVEL, rules, levels))
    if kind == "human" and not colon:
        raise BadConfig("'human' is not a computer player")
    if kind in ("ismcts", "ai") and not level:
        raise BadConfig(f"'{kind}:' names no level (choose one of: {', '.join(LEVELS)})")
    raise BadConfig(f"unknown player '{clip(spec)}' (use {SPEC_HELP})")
