"""The engine contract, shared by every game: pure Python, no pygame, no I/O beyond JSON."""

from .contract import (
    PUBLIC,
    BadConfig,
    BadNotation,
    GameError,
    IllegalAction,
    Rules,
    UnknownGame,
)
from .registry import built_games, game_names, get_rules
from .rng import Rng

__all__ = [
    "PUBLIC",
    "BadConfig",
    "BadNotation",
    "GameError",
    "IllegalAction",
    "Rng",
    "Rules",
    "UnknownGame",
    "built_games",
    "game_names",
    "get_rules",
]
