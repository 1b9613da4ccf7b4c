"""Siege Table: Stronghold, Hadrian's Wall, Field of Glory and Runes of Mayhem."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.version import __version__  # noqa: E402 - one place for the version

__all__ = ["__version__"]
