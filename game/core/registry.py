"""Game names and the rules object of each game that is built."""

from __future__ import annotations

import importlib

from .clip import clip
from .contract import Rules, UnknownGame

#: every game of the app, in menu order: name -> (title, module path or None if not built)
GAMES: dict[str, tuple[str, str | None]] = {
    "stronghold": ("Stronghold", "game.games.stronghold.rules"),
    "hadrians-wall": ("Hadrian's Wall", "game.games.hadrians_wall.rules"),
    "field-of-glory": ("Field of Glory: The Card Game", "game.games.field_of_glory.rules"),
    "runes-of-mayhem": ("Runes of Mayhem", "game.games.runes_of_mayhem.rules"),
}


def game_names() -> list[str]:
    return list(GAMES)


def built_games() -> list[str]:
    return [name for name, (_, module) in GAMES.items() if module]


def get_rules(name: str) -> Rules:
    """The rules object of ``name``; UnknownGame if unknown or not built yet."""
    if name not in GAMES:
        raise UnknownGame(f"unknown game '{clip(name)}' (choose one of: {', '.join(GAMES)})")
    title, module = GAMES[name]
    if module is None:
        raise UnknownGame(f"{title} is not playable yet")
    return importlib.import_module(module).RULES
