"""Where the app's files are: one helper that works from the source tree and frozen.

Assets (fonts, images, sounds) live in ``assets/`` and Tiled maps in ``levels/`` beside
the ``game`` package; in the PyInstaller build both are bundled next to the program and
``sys._MEIPASS`` names that folder.
"""

from __future__ import annotations

import sys
from pathlib import Path


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
