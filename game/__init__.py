"""Siege Table: Stronghold, Hadrian's Wall, Field of Glory and Runes of Mayhem."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
