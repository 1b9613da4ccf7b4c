"""Where the app's files are: one helper that works from the source tree and frozen.

Assets (fonts, images, sounds) live in ``assets/`` and Tiled maps in ``levels/`` beside
the ``game`` package; in the PyInstaller build both are bundled next to the program and
``sys._MEIPASS`` names that folder.  Text files among them (the rules specs, the
translations) are read through the core's bounded reader (``text``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.core import files

#: the largest text asset read (the longest rules spec is ~115 kB)
MAX_TEXT_BYTES = 2 * 1024 * 1024


def root() -> Path:
    """The folder holding ``assets/`` and ``levels/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    return root().joinpath("assets", *parts)


def level(name: str) -> Path:
    return root().joinpath("levels", name)


def text(path: Path, limit: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of an asset file: a regular file (no link, folder or device) of at
    most ``limit`` bytes; files.FileProblem (a GameError) otherwise."""
    return files.read_text(path, limit)
