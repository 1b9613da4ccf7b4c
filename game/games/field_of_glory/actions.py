"""Field of Glory action notation (FG-20.4), one decision of FG-20.3 per action.

Every action is written ``<side>: <VERB> [args]`` with the side ``R`` or ``B``, cards by
identifier (FG-0.5) and ``-`` for "none":

==========================================  =============================================  ======
text                                        meaning                                        rule
==========================================  =============================================  ======
``R: KEEP R-HI1 R-LD1``                     keep these 2 of the 4 drafted cards             D1
``R: ADVDROP R-HI1``                        discard this unit of a column that advances     D2
``R: FLANK c2 FROM c1 LEAD R-LC2``          flank attack on c2 launched from c1            D3
``R: ENDFLANK``                             end the flank attacks                          D3
``B: RETREAT B-LI1 B-AR1`` / ``B: RETREAT -``  withdraw these units / none                  D4
``R: LOSE R-CAV2``                          the unit discarded after a full retreat         D5
``R: PLACE R-CAV1@c4 CLEAR R-HI3 R-HI4``    place a unit (clearing own units first)        D6/D7
``R: ENDPLACE``                             end placement; payment follows                  D7
``R: PAY R-LD1``                            pay with this card                             D8
``R: ASSAULT c3 LEAD R-HI1``                assault c3 led by this unit                    D6/D9
``R: ENV R-ENV1`` / ``R: ENV -``            play an Envelopment / none                     D10
``R: BONUS R-LD1`` / ``BONUS DECK``         bonus card from hand / from the deck           D11/D13
``B: BONUS NONE``                           no bonus (the defender only)                   D13
``B: FRONT B-HI1``                          the defender's front unit                      D12
``R: RESERVE R-RES1``                       Reserve: discard it, draw 3                    D6
``R: ENDACT``                               end the Actions phase                          D6
``R: DRAW3`` / ``R: DRAWCP R-LD1``          draw 3 / discard a card and draw its CP        D14
``R: DROP R-LI1``                           hand-limit discard                             D15
==========================================  =============================================  ======

Cards given as a set (``KEEP``, ``RETREAT``, ``CLEAR``) are written in the canonical
card order of FG-22.1 (the parser sorts them), so ``parse_action(str(a)) == a``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.core.contract import BadNotation
from game.core.notation import action_reader

from .content import ORDER, SIDES


class FGAction(NamedTuple):
    side: str  # "R" or "B": the deciding side
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        v, a = self.verb, self.args
        if v == "FLANK":
            return f"{self.side}: FLANK {a[0]} FROM {a[1]} LEAD {a[2]}"
        if v == "ASSAULT":
            return f"{self.side}: ASSAULT {a[0]} LEAD {a[1]}"
        if v == "PLACE":
            text = f"{self.side}: PLACE {a[0]}@{a[1]}"
            return text + (" CLEAR " + " ".join(a[2:]) if len(a) > 2 else "")
        if v in ("RETREAT", "ENV") and not a:
            return f"{self.side}: {v} -"
        return f"{self.side}: {v}" + ("".join(" " + x for x in a))


_CARD = r"[RB]-(?:HI|PH|SP|MI|LI|AR|CAV|LC|EL|LD|ENV|RES)[1-9]"
_COL = r"c[1-5]"
_SHAPES: dict[str, re.Pattern] = {
    "KEEP": re.compile(rf"({_CARD}) ({_CARD})"),
    "ADVDROP": re.compile(rf"({_CARD})"),
    "FLANK": re.compile(rf"({_COL}) FROM ({_COL}) LEAD ({_CARD})"),
    "ENDFLANK": re.compile(r""),
    "RETREAT": re.compile(rf"-|({_CARD})(?: ({_CARD}))?"),
    "LOSE": re.compile(rf"({_CARD})"),
    "PLACE": re.compile(rf"({_CARD})@({_COL})(?: CLEAR ({_CARD})(?: ({_CARD}))?)?"),
    "ENDPLACE": re.compile(r""),
    "PAY": re.compile(rf"({_CARD})"),
    "ASSAULT": re.compile(rf"({_COL}) LEAD ({_CARD})"),
    "ENV": re.compile(rf"-|({_CARD})"),
    "BONUS": re.compile(rf"({_CARD}|DECK|NONE)"),
    "FRONT": re.compile(rf"({_CARD})"),
    "RESERVE": re.compile(rf"({_CARD})"),
    "ENDACT": re.compile(r""),
    "DRAW3": re.compile(r""),
    "DRAWCP": re.compile(rf"({_CARD})"),
    "DROP": re.compile(rf"({_CARD})"),
}
VERBS = tuple(_SHAPES)
_HEAD = re.compile(r"\s*([RB])\s*:\s*([A-Z0-9]+)\s*(.*?)\s*")


def _known(text: str, cards: list[str]) -> None:
    for card in cards:
        if card not in ORDER:
            raise BadNotation(f"'{text}': no card is called {card} (FG-0.5)")


def _sorted(cards: list[str]) -> tuple:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def parse_action(text: str) -> FGAction:
    """Parse the canonical text of an action; BadNotation if it is not one."""
    if not isinstance(text, str):
        raise BadNotation(f"an action must be text, not {type(text).__name__}")
    head = _HEAD.fullmatch(text)
    if not head:
        raise BadNotation(f"'{text}' is not an action: expected '<R|B>: VERB args' (FG-20.4)")
    side, verb, rest = head.groups()
    shape = _SHAPES.get(verb)
    if shape is None:
        raise BadNotation(f"'{text}': unknown verb {verb} (one of {', '.join(_SHAPES)})")
    m = shape.fullmatch(" ".join(rest.split()))
    if not m:
        raise BadNotation(f"'{text}': bad arguments for {verb} (FG-20.4)")
    groups = [g for g in m.groups() if g is not None]
    cards = [g for g in groups if "-" in g]
    _known(text, cards)
    if verb == "KEEP":
        if groups[0] == groups[1]:
            raise BadNotation(f"'{text}': KEEP names two different cards (FG-4.3.1)")
        return FGAction(side, verb, _sorted(groups))
    if verb == "RETREAT":
        if len(groups) == 2 and groups[0] == groups[1]:
            raise BadNotation(f"'{text}': a unit retreats once")
        return FGAction(side, verb, _sorted(groups))
    if verb == "PLACE":
        clears = groups[2:]
        if len(clears) == 2 and clears[0] == clears[1]:
            raise BadNotation(f"'{text}': a unit is cleared once")
        return FGAction(side, verb, (groups[0], groups[1], *_sorted(clears)))
    return FGAction(side, verb, tuple(groups))


def side_letter(seat: int) -> str:
    return SIDES[seat]


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(FGAction, parse_action, "Field of Glory", (str, str, tuple))
