"""The version of Siege Table, in one place: ``python -m game --version``, the title screen
and the package metadata (pyproject.toml reads it) all take it from here.  The packaged
program has no package metadata, so nothing asks importlib.metadata for it."""

__version__ = "0.1.0"
