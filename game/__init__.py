"""Siege Table: Stronghold, Hadrian's Wall, Field of Glory and Runes of Mayhem."""

__version__ = "0.1.0"
