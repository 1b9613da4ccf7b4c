"""Hadrian's Wall action notation (HW-14.3 decision catalogue).

Every decision is one small action, written ``<clan>: <VERB> [args]``:

=============================  ==============================================  =========
text                           meaning                                         rule
=============================  ==============================================  =========
``G: ASIDE FIL``               set aside one card of the 7 in hand             HW-7.2
``G: PLACE 3 ARC1``            lay a card face down at the next free position   HW-7.2/7.3
``G: QWN R-CHA``               Qween target: Red's fresh Ch'ariott              HW-9.1
``G: DRU NF6a`` / ``G: DRU -`` take a later fort / take the contested one       HW-9.2
``G: AXX KEEP`` / ``G: AXX -`` keep the fresh Axx in the line or not            HW-9.4
``G: KOM FIL`` / ``G: KOM -``  KomFort: keep this weakest card / keep none      HW-10.2
``G: UNA FH2a``                FortUna: discard this fort from the pile         HW-10.4
``G: FOK DRU``                 Fort Fokus: discard this line card               HW-10.3
``G: HRS DRU``                 Horsie: discard this line card                   HW-9.7
``G: SVD -``                   Svord: leave the face-down cards as they are     HW-9.3
``G: SVD 4 CHA``               Svord: put this face-down card at position 4     HW-9.3
=============================  ==============================================  =========

Placement and the Svord rearrangement go position by position from the left, so any
one-to-one assignment is reachable and each step offers at most 6 options.  A decision
with a single legal option is made by the engine and logged.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.core.contract import BadNotation
from game.core.notation import action_reader

from .content import COLOURS, DECK, FORTS


class HWAction(NamedTuple):
    clan: str  # colour letter of the deciding clan
    verb: str
    a: str = ""
    b: str = ""

    def __str__(self) -> str:
        text = f"{self.clan}: {self.verb}"
        if self.a:
            text += " " + self.a
        if self.b:
            text += " " + self.b
        return text


_CARD = "|".join(DECK)
_FORT = "|".join(FORTS)
_COLOUR = "".join(COLOURS)
_SHAPES: dict[str, re.Pattern] = {
    "ASIDE": re.compile(rf"({_CARD})()"),
    "PLACE": re.compile(rf"([1-6]) ({_CARD})"),
    "QWN": re.compile(rf"([{_COLOUR}]-(?:{_CARD}))()"),
    "DRU": re.compile(rf"({_FORT}|-)()"),
    "AXX": re.compile(r"(KEEP|-)()"),
    "KOM": re.compile(rf"({_CARD}|-)()"),
    "UNA": re.compile(rf"({_FORT})()"),
    "FOK": re.compile(rf"({_CARD})()"),
    "HRS": re.compile(rf"({_CARD})()"),
    "SVD": re.compile(rf"(-)()|([1-6]) ({_CARD})"),
}
_HEAD = re.compile(rf"\s*([{_COLOUR}])\s*:\s*([A-Z]+)\s*(.*?)\s*")


def parse_action(text: str) -> HWAction:
    """Parse the canonical text of an action; BadNotation if it is not one."""
    if not isinstance(text, str):
        raise BadNotation(f"an action must be text, not {type(text).__name__}")
    head = _HEAD.fullmatch(text)
    if not head:
        raise BadNotation(f"'{text}' is not an action: expected '<G|R|Y|B>: VERB args'")
    clan, verb, rest = head.groups()
    shape = _SHAPES.get(verb)
    if shape is None:
        raise BadNotation(f"'{text}': unknown verb {verb} (one of {', '.join(_SHAPES)})")
    m = shape.fullmatch(" ".join(rest.split()))
    if not m:
        raise BadNotation(f"'{text}': bad arguments for {verb}")
    groups = [g for g in m.groups() if g is not None]
    a, b = (groups + ["", ""])[:2]
    return HWAction(clan, verb, a, b)


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(HWAction, parse_action, "Hadrian's Wall", (str, str, str, str))
