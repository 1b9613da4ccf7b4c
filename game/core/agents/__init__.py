"""Computer players written once for every game: they see observations, never states."""

from .base import Agent
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .levels import LEVELS, level_options, make_agent
from .random_agent import RandomAgent

__all__ = [
    "LEVELS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "level_options",
    "make_agent",
]
