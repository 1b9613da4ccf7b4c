"""Untrusted text cut short before it is printed or drawn (a 100 MB game name in an error
line, a save's seat names in a dialog)."""

from __future__ import annotations

import re

ELLIPSIS = "…"
NAME = 80  # characters of a file name, game name or player spec quoted in a message
LINE = 300  # characters of a whole error line


#: what a one-line message never shows as it is: control characters, line and paragraph
#: separators, and the halves of a surrogate pair a JSON text may hold alone
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def clip(text: object, most: int = NAME) -> str:
    """``text`` as a string of at most ``most`` characters, cut with an ellipsis, its
    control characters (line breaks too) shown as ``?``."""
    words = text if isinstance(text, str) else str(text)
    if len(words) > most:
        words = words[: max(0, most - 1)] + ELLIPSIS
    return _CONTROL.sub("?", words)


def one_line(text: object, most: int = LINE) -> str:
    """``text`` on one line (runs of white space as one space), at most ``most``
    characters long."""
    words = text if isinstance(text, str) else str(text)
    return clip(" ".join(words[: most * 4].split()), most)
