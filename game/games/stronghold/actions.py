"""Stronghold action notation: ``<seat>: VERB args``.

Seats are ``I``/``D`` (2 players), ``IW``/``IE``/``D`` (3) or ``IW``/``IE``/``DW``/``DE``
(4).  Every decision is one small action; long turns are sequences of them ending with
``PASS`` (Invader phases), ``NEXT`` (a mobilisation step), ``HOLD`` (archer fire) or a
spent hourglass pool (Defender windows).

Invader (phases, SH-8 .. SH-14)

=================================  ==============================================  ========
``I: CARD 2-3``                    keep this drawn Phase 2 card (set-up)            SH-4.3
``I: FLIP 2`` / ``I: NOFLIP``      flip the Phase 2 card for good / keep all cards  SH-14.1
``I: PASS``                        end the current phase (or Phase 6 movement)      SH-5.3
``I: PRODUCE T``                   Produce Resources paying 1 troll                 SH-8.3
``IW: GIVE O 3``                   Unit Transfer: 3 orcs to the ally (3-4 players)  SH-22.5
``I: BUILD CAT R5 T``              catapult on R5 paying 1 troll (OO = 2 orcs)      SH-9.4
``I: PRECISE R5``                  precise-shot tile on the R5 machine              SH-14.1
``I: EQUIP BAN S3 O``              banners on S3 paying 1 orc (GG = 2 goblins)      SH-10
``I: MOVEEQ S3 BAN S4``            Equipment Transfer                               SH-14.1
``I: TRAIN QM R2 OO``              quartermaster on R2 (GUN: a machine slot,        SH-11
                                   SAB: a building, REC: ``-``)
``I: MOVETR R2 QM R3``             Training Transfer (a saboteur: ``FG SAB WK``)    SH-14.1
``I: RITUAL GAL S3``               a ritual on its target (SPC/PAN: ``-``)           SH-12
``I: ESCAPE GW 3``                 Escape the Knife: 3 goblins to GW                SH-14.1
``I: MINOR`` / ``I: MAJOR``        begin a mobilisation                             SH-13.3
``I: MOVE R6 R7 O 3``              move 3 orcs along one link in this step          SH-13.2
``I: NEXT``                        end this mobilisation step                       SH-13.2
``I: ROPE S2 S3 O``                rope move                                        SH-10
``I: ORDER S3 FRZ``                the open order (FRZ EXP CAL BLF)                  SH-13.6
``I: SECRET`` / ``I: HIDE S3 BLF`` pay for secret orders / place one face down      SH-13.6
``IW: SECRET DE``                  four players: its hourglass to the East Defender  SH-23.4
``I: ALTAR GW1 S3``                an altar's target section                        SH-9.5
=================================  ==============================================  ========

Siege towers are written ``S2T`` (the tower on S2); machine slots are the ramparts and
``GW1``, ``GW2``, ``GE1``, ``GE2``.  Unit compositions are counts per type in type order:
``1G1O`` (Invader), ``1A1S`` (Defender).

Assault (SH-18): Invader ``AIM R5 S6`` / ``AIM R5 -``, ``FIRE R5``, ``KEEP H|M``, ``KILL
S``, ``WRECK CAULDRON|MACHINE|-``, ``LOSE 1G1O``, ``SNIPE R2 S3`` / ``SNIPE -``,
``EXPLODE S6 2``, ``CALL R1 S2``, ``SPECTER GW``, ``DESCEND S2 O``; Defender ``CANNON
TGW R3``, ``SHOOT S3 R2``, ``HOLD``, ``SMITE 1T``, ``THROW T23 S2``, ``LOSE 1A1S``, ``HEAL
1V1S``.

Defender (windows, SH-6, SH-16, SH-17): ``D: STONE S3`` (round income), ``D: PAY FG3``
(one hourglass; the completing one names the target: ``D: PAY FG3 S5``), ``D: DO FG3 S5``
(complete a paid-up action when a window opens), ``D: SPEECH``, ``D: STRIKE``, ``D: MOVE
CY S3 S`` (unit A/S/V or hero OFF/WAR), ``D: SWAP S1 A S2 S``, ``DW: HASTE BK2``,
``D: ALARM BK S4 A`` / ``D: ALARM -``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.core.contract import BadNotation
from game.core.notation import action_reader


class SHAction(NamedTuple):
    who: str
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        if self.args:
            return f"{self.who}: {self.verb} {' '.join(self.args)}"
        return f"{self.who}: {self.verb}"


def act(who: str, verb: str, *args: str) -> SHAction:
    return tuple.__new__(SHAction, (who, verb, args))


_SEC = r"S[1-9]"
_RAMP = r"R[1-7]"
_GP = r"G[WE]"
_SLOT = r"(?:R[1-7]|G[WE][12])"
_TOWER = r"(?:T12|T23|T34|TGW|TGE|T56|T67|T78|T89)"
_PATH = r"p(?:0[1-9]|1[0-9]|2[01])"
_BLD = r"(?:FG|WK|SQ|CT|BK|WT|HS|HG)"
_CODE = r"(?:FG[1-4]|WK[1-4]|SQ[1-3]|CT[12]|BK[1-3]|WT[12]|HS1)"
_INV = r"[GOT]"
_PAY = r"(?:G|O|T|GG|OO|GGG)"
_N = r"[1-9][0-9]?"
_NODE = rf"(?:{_GP}|{_RAMP}|{_SEC}|BF|CAMP|S[2368]T)"
_DPOS = rf"(?:{_SEC}|{_TOWER}|CY|BK|WT|HG|HOSP)"
_DUNIT = r"(?:A|S|V|OFF|WAR)"
_ICOMP = r"(?:(?:[1-9][0-9]?G)?(?:[1-9][0-9]?O)?(?:[1-9][0-9]?T)?)"
_DCOMP = r"(?:(?:[1-9][0-9]?A)?(?:[1-9][0-9]?S)?(?:[1-9][0-9]?V)?)"
_RITREF = rf"(?:BST-{_SLOT}|POS-(?:OFF|WAR)|FIR-{_BLD}|SPC-HOSP|PAN-CY|GAL-{_SEC}|ACC-{_SEC})"
_TARGET = rf"(?:{_SEC}|{_TOWER}|{_PATH}|{_SLOT}|{_RITREF}|-)"

_SHAPES: dict[str, str] = {
    "CARD": r"[2-5]-[1-5]",
    "FLIP": r"[1-5]",
    "NOFLIP": r"",
    "PASS": r"",
    "PRODUCE": _INV,
    "GIVE": rf"{_INV} [1-3]",
    "BUILD": rf"(?:BAL|CAT|ALT|COV|RAM|TRE|TWR) (?:{_RAMP}|{_GP}|BF|{_SEC}) {_PAY}",
    "PRECISE": _SLOT,
    "EQUIP": rf"(?:BAN|LAD|ROP|TRP|BRI|SHD|POI) (?:{_SEC}|{_PATH}) {_PAY}",
    "MOVEEQ": rf"(?:{_SEC}|{_PATH}) (?:BAN|LAD|ROP|TRP|BRI|SHD|POI) (?:{_SEC}|{_PATH})",
    "TRAIN": rf"(?:GUN|QM|TM|SS|DRV|SAB|REC) (?:{_SLOT}|{_BLD}|-) {_PAY}",
    "MOVETR": rf"(?:{_RAMP} (?:QM|TM|SS|DRV) {_RAMP}|{_BLD} SAB {_BLD})",
    "RITUAL": rf"(?:BST {_SLOT}|POS (?:OFF|WAR)|FIR {_BLD}|SPC -|PAN -|GAL {_SEC}|ACC {_SEC})",
    "ESCAPE": rf"{_GP} [1-3]",
    "MINOR": r"",
    "MAJOR": r"",
    "NEXT": r"",
    "MOVE": rf"(?:{_NODE} {_NODE} {_INV} {_N}|{_DPOS} {_DPOS} {_DUNIT})",
    "ROPE": rf"{_SEC} {_SEC} {_INV}",
    "ORDER": rf"{_SEC} (?:FRZ|EXP|CAL|BLF)",
    "SECRET": r"(?:DW|DE)?",  # four players: the Defender who gets its hourglass
    "HIDE": rf"{_SEC} (?:FRZ|EXP|CAL|BLF)",
    "ALTAR": rf"G[WE][12] {_SEC}",
    "AIM": rf"{_SLOT} (?:{_SEC}|-)",
    "FIRE": _SLOT,
    "KEEP": r"[HM]",
    "KILL": r"[ASV]",
    "WRECK": r"(?:CAULDRON|MACHINE|-)",
    "LOSE": rf"(?:{_ICOMP}|{_DCOMP}|-)",
    "SNIPE": rf"(?:{_RAMP} (?:{_SEC}|{_TOWER})|-)",
    "EXPLODE": rf"{_SEC} {_N}",
    "CALL": rf"(?:{_GP}|{_RAMP}) (?:{_RAMP}|{_SEC})",
    "SPECTER": _GP,
    "DESCEND": rf"{_SEC} {_INV}",
    "STONE": _SEC,
    "PAY": rf"{_CODE}(?: {_TARGET})?",
    "DO": rf"{_CODE} {_TARGET}",
    "SPEECH": r"",
    "STRIKE": r"",
    "SWAP": rf"{_DPOS} [ASV] {_DPOS} [ASV]",
    "HASTE": _CODE,
    "ALARM": rf"(?:(?:CY|BK|WT) (?:{_SEC}|{_TOWER}) [ASV]|-)",
    "CANNON": rf"{_TOWER} (?:{_RAMP}|{_GP}|BF)",
    "SHOOT": rf"(?:{_SEC}|{_TOWER}) (?:{_RAMP}|BF)",
    "HOLD": r"",
    "SMITE": _ICOMP,
    "THROW": rf"{_TOWER} {_SEC}",
    "HEAL": rf"(?:{_DCOMP}|-)",
}
VERBS = tuple(_SHAPES)
_COMPILED = {v: re.compile(p) for v, p in _SHAPES.items()}
_HEAD = re.compile(r"\s*(I|D|IW|IE|DW|DE)\s*:\s*([A-Z]+)((?:\s+\S+)*)\s*")


def parse_action(text: str) -> SHAction:
    """Parse the canonical text of an action; BadNotation if it is not one."""
    if not isinstance(text, str):
        raise BadNotation(f"an action must be text, not {type(text).__name__}")
    head = _HEAD.fullmatch(text)
    if not head:
        raise BadNotation(f"'{text}' is not an action: expected '<seat>: VERB args'")
    who, verb, rest = head.groups()
    shape = _COMPILED.get(verb)
    if shape is None:
        raise BadNotation(f"'{text}': unknown verb {verb}")
    args = tuple(rest.split())
    if not shape.fullmatch(" ".join(args)) or (
        verb in ("LOSE", "SMITE", "HEAL") and args in ((), ("",))
    ):
        raise BadNotation(f"'{text}': bad arguments for {verb}")
    return act(who, verb, *args)


# ----------------------------------------------------------------- compositions
def comp_text(counts, letters: str) -> str:
    """``(1, 2, 0)`` with ``"GOT"`` -> ``"1G2O"``; all zero -> ``"-"``."""
    text = "".join(f"{n}{c}" for n, c in zip(counts, letters, strict=True) if n)
    return text or "-"


_COMP_PART = re.compile(r"([0-9]+)([A-Z])")


def comp_counts(text: str, letters: str) -> list[int]:
    counts = [0, 0, 0]
    if text == "-":
        return counts
    for n, c in _COMP_PART.findall(text):
        counts[letters.index(c)] = int(n)
    return counts


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(SHAction, parse_action, "Stronghold", (str, str, tuple))
