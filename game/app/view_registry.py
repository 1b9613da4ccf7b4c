"""The view of each game that has one (``game.games.<name>.view.VIEW``)."""

from __future__ import annotations

import importlib

from game.core import registry

VIEWS = {
    "hadrians-wall": "game.games.hadrians_wall.view",
    "stronghold": "game.games.stronghold.view",
    "field-of-glory": "game.games.field_of_glory.view",
    "runes-of-mayhem": "game.games.runes_of_mayhem.view",
}


def playable_games() -> list[str]:
    """Games with rules and a table, in menu order."""
    return [g for g in registry.built_games() if g in VIEWS]


def get_view(game: str):
    return importlib.import_module(VIEWS[game]).VIEW
