"""Runes of Mayhem action notation (RM-26.4), one decision of RM-26.3 per action.

Every action is written ``<side>: <VERB> [args]`` with the side ``V`` or ``A``:

=================================  ==========================================  =========
text                               meaning                                     rule
=================================  ==========================================  =========
``V: MULL V-VAN#1,V-ONG#1``        mulligan these cards (``MULL -``: none)     RM-5.6
``V: TOK 4/3``                     token split gold/faith                      RM-5.7
``V: RE V-AXE#1@V21 V-SPR#1@VW``   new places of the moved units (``RE -``)    RM-8.2
``V: OPEN 2`` / ``CLOSE`` / ``EC``  open / close a column, end the step         RM-10.1
``V: F V21>A21``                   fight (``AW:A-CDF#1>V31`` from the Wall)    RM-10.2
``V: CONT`` / ``STOP`` / ``COV``   continue, stop, fight the owed cover        RM-10.4
``V: FL A31``                      flank fight against A31                     RM-16.5
``V: SG V21>AF``                   siege                                       RM-11
``V: HEAL V13:V21,V22``            heal (``HEAL -``: no more heals)            RM-13.3
``V: PLAY V-ARC#1@V12 DS>A21``     play a card; extras ``DS>x`` ``HA>x``       RM-14.4
                                   ``LOCK g|f``
``A: TRADE`` then ``A: TRADE 3/2``  roll three dice, then split the total      RM-14.6
``V: MOVE g>f 2``                  move production tokens                      RM-14.2
``V: SAC V11``                     sacrifice a unit (``VW:V-SPR#1`` on a Wall) RM-14.7
``V: END``                         end the Main phase                          RM-14.1
``A: RET g``                       a freed token goes to the gold card         RM-16.9
``V: DISC V-AXE#2`` / ``DISC -``   discard step                                RM-15.1
=================================  ==========================================  =========

The card lists of ``MULL``, ``RE`` and ``HEAL`` are kept in sorted order (the parser
sorts them), so ``parse_action(str(a)) == a``.  Dice are rolled by the engine and
appear in the events, never in an action.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.core.contract import BadNotation

CARD = r"[VA]-[A-Z]{3}#\d+"
CELL = r"[VA][123][123]"
UNIT = rf"(?:{CELL}|[VA]W:{CARD})"
TARGET = rf"(?:{UNIT}|[VA]F)"
_ARG = {
    "MULL": rf"-|{CARD}(?:,{CARD})*",
    "TOK": r"[0-7]/[0-7]",
    "RE": rf"-|{CARD}@(?:{CELL}|[VA]W)(?: {CARD}@(?:{CELL}|[VA]W))*",
    "OPEN": r"[123]",
    "CLOSE": "",
    "EC": "",
    "F": rf"{UNIT}>{UNIT}",
    "CONT": "",
    "STOP": "",
    "COV": "",
    "FL": CELL,
    "SG": rf"{CELL}>[VA]F",
    "HEAL": rf"-|{UNIT}:{UNIT}(?:,{UNIT})*",
    "PLAY": rf"{CARD}@(?:{CELL}|[VA]W)(?: DS>{TARGET})?(?: HA>(?:{CELL}|[123]|{CARD}))?"
    r"(?: LOCK [gf])?",
    "TRADE": r"|\d+/\d+",
    "MOVE": r"[gf]>[gf] [1-7]",
    "SAC": UNIT,
    "END": "",
    "RET": "[gf]",
    "DISC": rf"-|{CARD}",
}
_RX = {verb: re.compile(f"(?:{rx})") for verb, rx in _ARG.items()}


class RMAction(NamedTuple):
    side: str  # "V" or "A"
    verb: str
    arg: str = ""  # the canonical argument text

    def __str__(self) -> str:
        return f"{self.side}: {self.verb}" + (f" {self.arg}" if self.arg else "")


def _canon(verb: str, arg: str) -> str:
    if verb == "MULL" and arg != "-":
        return ",".join(sorted(arg.split(",")))
    if verb == "RE" and arg != "-":
        return " ".join(sorted(arg.split(" ")))
    if verb == "HEAL" and arg != "-":
        n = 2 if arg[1] == "W" else 1
        parts = arg.split(":")
        head, rest = ":".join(parts[:n]), ":".join(parts[n:])
        return head + ":" + ",".join(sorted(rest.split(",")))
    return arg


def make(side: str, verb: str, arg: str = "") -> RMAction:
    return RMAction(side, verb, _canon(verb, arg))


def parse_action(text: str) -> RMAction:
    """Parse the canonical text; BadNotation for anything else."""
    if not isinstance(text, str):
        raise BadNotation(f"not an action text: {text!r}")
    m = re.fullmatch(r"([VA]): ([A-Z]+)(?: (.+))?", text.strip())
    if not m:
        raise BadNotation(f"not a Runes of Mayhem action: {text!r}")
    side, verb, arg = m.group(1), m.group(2), m.group(3) or ""
    rx = _RX.get(verb)
    if rx is None or not rx.fullmatch(arg):
        raise BadNotation(f"bad {verb} action: {text!r} (RM-26.4)")
    if verb == "TOK" and sum(map(int, arg.split("/"))) > 7:
        pass  # legal notation; the engine rejects the split (RM-5.7)
    return make(side, verb, arg)
