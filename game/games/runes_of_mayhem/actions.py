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
``V: DECK V-AXE#1,...`` / ``DECK -`` an X1 deck list (``-``: the default deck)  RM-19
``V: KING K-RAG/A``                King and side                               RM-18.2
``A: FLIP A21T TW-KEEP >f``        turn a tower up, its token to faith         RM-25.4
``V: HIRE V-AXE#3 M-VAR@V31``      discard a card, hire a mercenary            RM-23.3
``V: LAY TR-PIT@A12``              lay a trap                                  RM-24.3
``V: TRAP TR-PIT A``               the option of a revealed trap               RM-24.5
``A: BUILD TW-KEEP@A21 g``         build a tower with a gold-card token        RM-25.3
``V: FIELD @V12`` (``@V12 SAC``)   the King takes the field                    RM-22.2
``A: RESTORE``                     Edward B: pay 2g, restore 2 SP              RM-27.6
``V: SG V21>A21T``                 besiege a face-up tower                     RM-25.6
``V: PLAY V-ULF#1@V21 HOWL V-WLF#2`` Howl takes a Hound                        RM-21.1
=================================  ==========================================  =========

The card lists of ``MULL``, ``RE`` and ``HEAL`` are kept in sorted order (the parser
sorts them), so ``parse_action(str(a)) == a``.  Dice are rolled by the engine and
appear in the events, never in an action.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.core.contract import BadNotation
from game.core.notation import action_reader

CARD = r"(?:[VA]-[A-Z]{3}#\d+|M-[A-Z]{3}|KU-[A-Z]{3})"
MERC = r"M-[A-Z]{3}"
KING = r"K-[A-Z]{3}/[AB]"
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
    "SG": rf"{CELL}>(?:[VA]F|A[123][123]T)",
    "HEAL": rf"-|{UNIT}:{UNIT}(?:,{UNIT})*",
    "PLAY": rf"{CARD}@(?:{CELL}|[VA]W)(?: DS>{TARGET})?(?: HA>(?:{CELL}|[123]|{CARD}))?"
    rf"(?: LOCK [gf])?(?: HOWL {CARD})?",
    "TRADE": r"|\d+/\d+",
    "MOVE": r"[gf]>[gf] [1-7]",
    "SAC": UNIT,
    "END": "",
    "RET": "[gf]",
    "DISC": rf"-|{CARD}",
    # modules (RM-18 .. RM-25)
    "DECK": rf"-|{CARD}(?:,{CARD})*",
    "KING": KING,
    "FLIP": r"A[123][123]T TW-[A-Z]{3,4} >[gf]",
    "HIRE": rf"{CARD} {MERC}@{CELL}",
    "LAY": r"TR-[A-Z]{3}@A[123][123]",
    "TRAP": r"TR-[A-Z]{3} [AB]",
    "BUILD": r"TW-[A-Z]{3,4}@A[123][123] [gf]",
    "FIELD": rf"@{CELL}(?: SAC)?",
    "RESTORE": "",
    "CONCEDE": "",  # RM-17.4
}
_RX = {verb: re.compile(f"(?:{rx})") for verb, rx in _ARG.items()}


class RMAction(NamedTuple):
    side: str  # "V" or "A"
    verb: str
    arg: str = ""  # the canonical argument text

    def __str__(self) -> str:
        return f"{self.side}: {self.verb}" + (f" {self.arg}" if self.arg else "")


def _canon(verb: str, arg: str) -> str:
    if verb in ("MULL", "DECK") and arg != "-":
        return ",".join(sorted(arg.split(",")))
    if verb == "RE" and arg != "-":
        return " ".join(sorted(arg.split(" ")))
    if verb == "HEAL" and arg != "-":
        n = 2 if arg[1] == "W" else 1
        parts = arg.split(":")
        head, rest = ":".join(parts[:n]), ":".join(parts[n:])
        return head + ":" + ",".join(sorted(rest.split(",")))
    return arg


_NEW = tuple.__new__
_CANON = frozenset({"MULL", "DECK", "RE", "HEAL"})  # the verbs whose argument has a sorted form


def make(side: str, verb: str, arg: str = "") -> RMAction:
    if verb in _CANON:
        arg = _canon(verb, arg)
    return _NEW(RMAction, (side, verb, arg))


def parse_action(text: str) -> RMAction:
    """Parse the canonical text; BadNotation for anything else.  A well-formed text may
    still be illegal (``TOK 5/5``): the engine judges that (RM-5.7)."""
    if not isinstance(text, str):
        raise BadNotation(f"not an action text: {text!r}")
    m = re.fullmatch(r"([VA]): ([A-Z]+)(?: (.+))?", text.strip())
    if not m:
        raise BadNotation(f"not a Runes of Mayhem action: {text!r}")
    side, verb, arg = m.group(1), m.group(2), m.group(3) or ""
    rx = _RX.get(verb)
    if rx is None or not rx.fullmatch(arg):
        raise BadNotation(f"bad {verb} action: {text!r} (RM-26.4)")
    return make(side, verb, arg)


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(RMAction, parse_action, "Runes of Mayhem", (str, str, str))
