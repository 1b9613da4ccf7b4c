"""The former home of Stronghold's notation, kept for the modules that still import from
here: the verbs, their notation and ``parse_action`` are in verbs.py, the action record
``SHAction`` in common.py."""

from __future__ import annotations

from .common import SHAction, act, comp_counts, comp_text
from .verbs import VERBS, parse_action, read_action

__all__ = ["VERBS", "SHAction", "act", "comp_counts", "comp_text", "parse_action", "read_action"]
