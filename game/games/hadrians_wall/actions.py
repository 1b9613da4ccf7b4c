"""The action notation now lives with the verbs (verbs.py); these names stay importable
from here for the computer seats' module (ai.py) until it imports them from verbs.py."""

from .verbs import HWAction, parse_action, read_action

__all__ = ["HWAction", "parse_action", "read_action"]
