"""Computer player specs ("random", "greedy", "ismcts:hard", ...) and their efforts.

A level is an effort, not a time: a number of search iterations per decision (each one a
fresh determinization of the hidden information), shared among ``trees`` root-parallel
trees.  It plays the same on a slow or a busy machine, and the same seed in the same
position makes the same choice.  The default efforts live here, in one table; a game
retunes them with an optional ``ai_levels`` attribute on its rules object, e.g.
``ai_levels = {"hard": {"iterations": 1500, "rollout_depth": 40}}`` (the keys of a level
are ISMCTSAgent options).  The efforts are chosen so that hard decides within about a
second of CPU time (p95) on one core of an ordinary machine, medium in about a quarter of
that; a wall-clock safety net (ISMCTSAgent ``safety_seconds``) only ends a search on a
machine far slower than that, and is counted when it does.
"""

from __future__ import annotations

from ..clip import clip
from ..contract import BadConfig, Rules
from .base import Agent
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

#: ISMCTS options of each level: iterations per decision, and the trees they are shared
#: among (the window grows a second tree in a second process when a core is free)
LEVELS: dict[str, dict] = {
    "easy": {"iterations": 120, "trees": 1},
    "medium": {"iterations": 500, "trees": 2},
    "hard": {"iterations": 2_000, "trees": 2},
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
    for extra in (rules.ai_levels if rules is not None else None, levels):
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
