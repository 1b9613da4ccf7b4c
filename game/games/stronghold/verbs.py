"""Stronghold's verbs, each declared once: one ``Verb`` per line of the notation table.

A verb is everything the program knows of one kind of decision: its notation, its spec
IDs, the decisions that accept it, what it does to the state, its words (the menu label
and the log sentence) and what a click on the table stands for it.  The engine
(rules.py), the words (words.py) and the table (view.py) read this table; none of them
names a verb in an if/elif chain.

Every action is written ``<seat>: VERB args``.  Seats are ``I``/``D`` (2 players),
``IW``/``IE``/``D`` (3) or ``IW``/``IE``/``DW``/``DE`` (4).  Every decision is one small
action; long turns are sequences of them ending with ``PASS`` (Invader phases), ``NEXT``
(a mobilisation step), ``HOLD`` (archer fire) or a spent hourglass pool (Defender
windows).  The last column is the decision (``SHState.pending["kind"]``) that accepts it:

=====================================  ========================================  =========  ========
text                                   meaning                                   rule       decision
=====================================  ========================================  =========  ========
``I: CARD 2-3``                        keep this drawn Phase 2 card (set-up)     SH-4.3     CARD
``I: FLIP 2`` / ``I: NOFLIP``          flip the Phase 2 card for good / keep     SH-14.1    FLIP
                                       all
``I: PASS``                            end the current phase (or Phase 6         SH-5.3     PHASE
                                       movement)
``I: PRODUCE T``                       Produce Resources paying 1 troll          SH-8.3     PHASE
``IW: GIVE O 3``                       Unit Transfer: 3 orcs to the ally (3-4    SH-22.5    PHASE
                                       players)
``I: BUILD CAT R5 T``                  catapult on R5 paying 1 troll (OO = 2     SH-9.4     PHASE
                                       orcs)
``I: PRECISE R5``                      precise-shot tile on the R5 machine       SH-14.1    PHASE
``I: EQUIP BAN S3 O``                  banners on S3 paying 1 orc (GG = 2        SH-10.1    PHASE
                                       goblins)
``I: MOVEEQ S3 BAN S4``                Equipment Transfer                        SH-14.1    PHASE
``I: TRAIN QM R2 OO``                  quartermaster on R2 (GUN: a machine       SH-11.1    PHASE
                                       slot, SAB: a building, REC: ``-``)
``I: MOVETR R2 QM R3``                 Training Transfer (a saboteur: ``FG SAB   SH-14.3    PHASE
                                       WK``)
``I: RITUAL GAL S3``                   a ritual on its target (SPC/PAN: ``-``)   SH-12.2    PHASE
``I: ESCAPE GW 3``                     Escape the Knife: 3 goblins to GW         SH-14.1    PHASE
``I: MINOR`` / ``I: MAJOR``            begin a mobilisation                      SH-13.3    PHASE
``I: MOVE R6 R7 O 3``                  move 3 orcs along one link in this step   SH-13.3    PHASE
``I: NEXT``                            end this mobilisation step                SH-13.2    PHASE
``I: ROPE S2 S3 O``                    rope move                                 SH-10.1    PHASE
``I: ORDER S3 FRZ``                    the open order (FRZ EXP CAL BLF)          SH-13.6.1  PHASE
``I: SECRET`` / ``I: HIDE S3 BLF``     pay for secret orders / place one face    SH-13.6.3  PHASE
                                       down
``IW: SECRET DE``                      four players: its hourglass to the East   SH-13.6.3  PHASE
                                       Defender (SH-23.4)
``I: ALTAR GW1 S3``                    an altar's target section                 SH-9.5     PHASE
``D: STONE S3``                        the round's stone element (SH-8.4.1)      SH-8.4.1   STONE
``D: PAY FG3`` / ``D: PAY FG3 S5``     one hourglass on an action; the           SH-16.1.2  WINDOW
                                       completing one names the target
``D: DO FG3 S5``                       complete a paid-up action when a window   SH-16.1.3  WINDOW
                                       opens
``D: SPEECH``                          the Officer's speech                      SH-17.7.5  WINDOW
``D: STRIKE``                          the Warrior's Strike                      SH-17.7.6  WINDOW
``D: MOVE CY S3 S``                    move a unit (A/S/V) or a hero (OFF/WAR)   SH-17.2    WINDOW
``D: SWAP S1 A S2 S``                  swap two units of neighbouring sections   SH-17.3    WINDOW
``DW: HASTE BK2``                      the Haste tile: buy an action again       SH-23.5    WINDOW
``D: ALARM BK S4 A`` / ``D: ALARM -``  a unit called by the alarm / no more      SH-16.3    WINDOW
``D: CANNON TGW R3``                   a cannon's target                         SH-18.2.1  CANNON
``I: AIM R5 S6`` / ``I: AIM R5 -``     aim a machine / do not fire it            SH-18.2.2  AIM
``I: FIRE R5``                         the machine that fires next               SH-18.2.2  FIRE
``I: KEEP H``                          Precise Shot: keep the hit (H) or miss    SH-14.1    KEEP
                                       (M)
``I: KILL S``                          the Defender unit a hit kills             SH-18.2.3  KILL
``I: WRECK CAULDRON``                  what a hit destroys (CAULDRON MACHINE -)  SH-18.2.4  WRECK
``D: SHOOT S3 R2``                     an archer's target                        SH-18.2.6  SHOOT
``D: HOLD``                            the other archers hold their fire         SH-18.2.6  SHOOT
``I: LOSE 1G1O`` / ``D: LOSE 1A1S``    the units lost                            SH-18.5.5  LOSE
``I: SNIPE R2 S3`` / ``I: SNIPE -``    a goblin's shot / the end of goblin fire  SH-18.2.7  SNIPE
``D: SMITE 1T``                        the units the Warrior strikes down        SH-17.7.6  SMITE
``D: THROW T23 S2``                    a stone-thrower's target                  SH-18.4.2  THROW
``I: EXPLODE S6 2``                    the orcs an Orc Explosion blows up        SH-13.6    EXPLODE
``I: CALL R1 S2``                      a troll a Troll Call brings               SH-13.6    CALL
``D: HEAL 1S1V`` / ``D: HEAL -``       the units back from the hospital          SH-18.6    HEAL
``I: SPECTER GW``                      where the specter's new unit goes         SH-12.3    SPECTER
``I: DESCEND S2 O``                    the unit that steps down a siege tower    SH-9.7     DESCEND
=====================================  ========================================  =========  ========

Siege towers are written ``S2T`` (the tower on S2); machine slots are the ramparts and
``GW1``, ``GW2``, ``GE1``, ``GE2``.  Unit compositions are counts per type in type order:
``1G1O`` (Invader), ``1A1S`` (Defender).

``DECISIONS`` says which verbs each decision accepts and lists its legal actions (the
Invader's phase, the Defender's window, the Assault's single decisions).  The parts of a
``Verb`` that speak (``label``, ``sentence``) are handed ``say``, the words' kit of
words.py (``say._``, ``say.place``, ``say.count`` ...), and ``target`` is handed the
table's kit of view.py (``at.on_card``, ``at.on_back``, ``at.ritual_space`` ...): this
module imports no window code and stays on the rules side (tests/test_boundaries.py).
The parts that act (``effect``) take the state, the index of the deciding Invader or
Defender (or the seat), the arguments and the log, and call the helpers of invader.py,
defender.py and assault.py; the engine then runs the steps that need no decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.contract import PUBLIC
from game.core.notation import action_reader
from game.core.verbs import Decision as BaseDecision
from game.core.verbs import Verb as BaseVerb
from game.core.verbs import Wording, verb_parser

from . import assault, defender, invader
from .board import BF, CY, HG, OPPOSITE, SECTIONS, SLOT_GP
from .common import (
    SHAction,
    act,
    check_panic,
    comp_counts,
    comp_text,
    credit,
    emit,
    kill_invader_set,
    to_dsupply,
    to_hospital,
)
from .content import (
    DEF_TYPES,
    EQUIPMENT,
    FLIP_ACTION,
    FLIP_COST,
    INV_TYPES,
    MACHINES,
    MOBILISATION,
    ORC_OR_2GOBLINS,
    ORDER_NAMES,
    PHASE_CARDS,
    RITUALS,
    STRIKE_COST,
    TRAINING,
)
from .content import (
    PRODUCE as GAIN,
)
from .observe import Observation
from .state import SHState

__all__ = ["SHAction", "act", "comp_counts", "comp_text", "parse_action", "read_action"]


def _never(x: tuple) -> bool:
    return False


@dataclass(frozen=True, kw_only=True)
class Verb(BaseVerb):
    """One verb (game/games/README.md walks through adding one): the fields every game's
    verbs have (game.core.verbs.Verb: ``name``, ``decision`` the decision(s) that accept
    it, "PHASE" or "PHASE/WINDOW", ``rule`` the rule it breaks when it is asked for where
    it is not legal, ``shape``, ``effect``, ``label``, ``sentence``, ``target``,
    ``needs_args``: an empty composition is no composition, LOSE, SMITE, HEAL), then what
    Stronghold's have more, with the default of the others.  Its ``effect`` is called
    with (state, index of the deciding Invader / Defender or the seat, args, log), its
    ACT line already in the log, the engine then runs on; its ``label`` with (say,
    observation, action), its ``sentence`` with (say, who, action) and its ``target``
    with (the table's kit, observation, action), the items clicked in turn."""

    #: the rule it breaks at a decision that has its own (MOVE: the phase's, the window's)
    rules: dict[str, str] = field(default_factory=dict)
    confirm: bool = False  # it cannot be taken back in the round: asked again first
    #: its log line is left out where the next event already tells what happened
    quiet: Callable[[tuple], bool] = _never
    secret: bool = False  # its line is seen by the Invaders only (the Defender: an event)
    ends: bool = False  # it ends the Invader's part of a phase (PASS, SH-5.3)
    #: the action printed on a phase card it plays (SH-15), from its arguments
    card: Callable[[tuple], str] | None = None
    #: the payments it may be made with, from its first argument (SH-7.3)
    pays: Callable[[str], tuple] | None = None
    #: what the computer seats read (ai.py, plans.py): the name of its rating in
    #: ``ai.RATINGS`` ("" rates it 0); it ends a step or a turn, so the search always keeps
    #: it; it spends a Defender's hourglasses (the window's pruning always keeps it); it is
    #: a flipped card's special action (SH-14.1: a plan uses it before it passes); the name
    #: of the rule of thumb (``plans.FIRST_RULES``) on whether it may begin a plan; a verb
    #: a plan with it must also have (SECRET pays for a HIDE, SH-13.6.3)
    rating: str = ""
    closes: bool = False
    spends: bool = False
    special: bool = False
    thumb: str = ""
    plan_needs: str = ""


@dataclass(frozen=True)
class Decision(BaseDecision):
    #: its legal actions: (state, seat, the seat's name)
    options: Callable[[SHState, int, str], list[SHAction]]


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


def _avail(a: SHAction) -> str:
    """The place of the units the acting Invader drew this round (his AVAILABLE)."""
    return f"AVAIL{1 if a.who == 'IE' else 0}"


def _space(name: str) -> tuple:
    return ("space", name)


def _to_first(at, obs: Observation, a: SHAction) -> tuple:
    return ("space", a.args[0])


def _first_two(at, obs: Observation, a: SHAction) -> list:
    return [("space", a.args[0]), ("space", a.args[1])]


def _spend(verb: str):
    """The effect of an Invader's card action paid in hourglasses only: its flag."""

    def effect(s: SHState, i: int, x: tuple, log: list | None) -> None:
        s.used[i].append(verb)

    return effect


# ================================================================= set-up and flips
# ------------------------------------------------------------------ CARD (SH-4.3)
def _card(s: SHState, i: int, x: tuple, log: list | None) -> None:
    p = s.pending
    s.cards[i][str(p["phase"])] = x[0]
    p["offer"].remove(x[0])
    p["picked"] = p.get("picked", 0) + 1


def _card_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    names = [say.card_action(c) for c in PHASE_CARDS.get(x[0], ())]
    return say._("Card {card}: {actions}").format(card=x[0], actions=", ".join(names))


def _card_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    phase = x[0].split("-")[0]
    return say._("{who} keeps {card} for Phase {p} (SH-4.3).").format(
        card=say.card_text(x[0]), p=phase, who=who
    )


def _card_target(at, obs: Observation, a: SHAction) -> tuple:
    """SH-4.3: the card offered itself."""
    x = a.args
    if any(c == x[0] for c, _r in at.offered(obs)):
        return ("offer", x[0])
    return _space(f"CARD{x[0][0]}")


CARD = Verb(
    "CARD",
    "CARD",
    "SH-4.3",
    r"[2-5]-[1-5]",
    effect=_card,
    label=_card_label,
    sentence=_card_sentence,
    target=_card_target,
)


# ------------------------------------------------------------------ FLIP, NOFLIP (SH-14.1)
def _flip(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.flipped[i].append(int(x[0]))


def _noflip(s: SHState, i: int, x: tuple, log: list | None) -> None:
    return None


def _flip_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    special = say._(say.SPECIAL_NAMES[FLIP_ACTION[int(x[0])]])
    return say._("Flip the Phase {p} card ({special})").format(p=x[0], special=special)


def _flip_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    special = say._(say.SPECIAL_NAMES[FLIP_ACTION[int(x[0])]])
    return say._(
        "{who} flips the Phase {p} card for good: it now offers {special} (SH-14.1)."
    ).format(p=x[0], special=special, who=who)


def _flip_target(at, obs: Observation, a: SHAction) -> tuple:
    """SH-14.1: the card itself (its head; its actions lie on it)."""
    card = ("card", a.args[0], 1 if a.who == "IE" else 0)
    return card if obs["cards"][card[2]].get(a.args[0]) else _space(f"CARD{a.args[0]}")


FLIP = Verb(
    "FLIP",
    "FLIP",
    "SH-14.1",
    r"[1-5]",
    effect=_flip,
    label=_flip_label,
    sentence=_flip_sentence,
    target=_flip_target,
    confirm=True,
    rating="flip",
)


def _noflip_label(say, obs: Observation, a: SHAction) -> str:
    return say._("Flip no card")


def _noflip_sentence(say, who: str, a: SHAction) -> str:
    return say._("{who} flips no card.").format(who=who)


NOFLIP = Verb(
    "NOFLIP",
    "FLIP",
    "SH-14.1",
    r"",
    effect=_noflip,
    label=_noflip_label,
    sentence=_noflip_sentence,
    closes=True,
)


# ================================================================= the Invader's phases
# ------------------------------------------------------------------ PASS (SH-5.3)
def _pass(s: SHState, i: int, x: tuple, log: list | None) -> None:
    """SH-5.3 / SH-22.5: passes end the (part of the) phase once every Invader passed."""
    p = s.pending
    s.passes += 1
    if s.passes < s.n_inv:
        p["who"] = 1 - i
        return
    s.passes = 0
    p["who"] = 0
    if s.stage == "P6" and p.get("step") == "MOVE":
        p["step"] = "ORDERS"  # SH-13.1 item 3
    else:
        p["done"] = 1


def _pass_label(say, obs: Observation, a: SHAction) -> str:
    if obs.get("stage") == "P6" and (obs.get("pending") or {}).get("step") == "MOVE":
        return say._("Pass (end movement, go to orders)")
    return say._("Pass")


def _pass_sentence(say, who: str, a: SHAction) -> str:
    return say._("{who} passes.").format(who=who)


PASS = Verb(
    "PASS",
    "PHASE",
    "SH-5.3",
    r"",
    effect=_pass,
    label=_pass_label,
    sentence=_pass_sentence,
    ends=True,
    closes=True,
    thumb="pass",
)


# ------------------------------------------------------------------ PRODUCE (SH-8.3)
def _produce(s: SHState, i: int, x: tuple, log: list | None) -> None:
    extra = invader.use(s, i, 1, "PRODUCE")
    s.produced[i] = 1
    t = INV_TYPES.index(x[0])
    n = invader.pay_units(s, i, x[0])
    invader.gain_resources(s, i, GAIN[t])
    credit(s, i, n + extra, log)


def _produce_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    gain = GAIN["GOT".index(x[0])]
    return say._("Produce {res} — pay {units}{extra}").format(
        res=say.resources(gain), units=say.pay(x[0]), extra=say.extra(obs, a.who, 1, "PRODUCE")
    )


def _produce_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    gain = GAIN["GOT".index(x[0])]
    return say._("{who} produces {res} (pays {units}).").format(
        res=say.resources(gain), units=say.pay(x[0]), who=who
    )


PRODUCE = Verb(
    "PRODUCE",
    "PHASE",
    "SH-8.3",
    _INV,
    effect=_produce,
    label=_produce_label,
    sentence=_produce_sentence,
    # the card's tile, then the token of the units paid; else the resources
    target=lambda at, obs, a: at.on_card(obs, a, [("unit", _avail(a), a.args[0])]) or _space("RES"),
    card=lambda x: "PRODUCE",
    rating="produce",
)


# ------------------------------------------------------------------ GIVE (SH-22.5)
def _give(s: SHState, i: int, x: tuple, log: list | None) -> None:
    extra = invader.use(s, i, 1, "TRANSFER")
    t, n = INV_TYPES.index(x[0]), int(x[1])
    s.available[i][t] -= n
    s.available[1 - i][t] += n
    credit(s, i, 1 + extra, log)


def _give_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Give {units} to {ally} — 1 hourglass{extra}").format(
        units=say.count(int(x[1]), x[0]),
        ally=say.who_name(say.ALLY.get(a.who, a.who)),
        extra=say.extra(obs, a.who, 1, "TRANSFER"),
    )


def _give_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} gives {units} to {ally} (SH-22.5).").format(
        units=say.count(int(x[1]), x[0]), ally=say.who_name(say.ALLY.get(a.who, a.who)), who=who
    )


GIVE = Verb(
    "GIVE",
    "PHASE",
    "SH-22.5",
    rf"{_INV} [1-3]",
    effect=_give,
    label=_give_label,
    sentence=_give_sentence,
    target=lambda at, obs, a: (
        at.on_card(obs, a, [("unit", _avail(a), a.args[0])]) or _space("CAMP")
    ),
    card=lambda x: "TRANSFER",
    rating="give",
)


# ------------------------------------------------------------------ BUILD (SH-9.4)
def _build(s: SHState, i: int, x: tuple, log: list | None) -> None:
    invader.build(s, i, x, log)


def _build_label(say, obs: Observation, a: SHAction) -> str:
    code, where, pay = a.args
    name = say._(MACHINES[code][0])
    if code == "RAM":
        head = name
    else:
        head = say._("{machine} {on}").format(machine=name, on=say.short_on(where))
    return say._("{what} — {res}, {units}{extra}").format(
        what=head,
        res=say.resources(MACHINES[code][1]),
        units=say.pay(pay),
        extra=say.extra(obs, a.who, 2, code),
    )


def _build_sentence(say, who: str, a: SHAction) -> str:
    code, where, pay = a.args
    return say._("{who} builds {machine} {on} (pays {units}).").format(
        machine=say._(say.MACHINE_A[code]), on=say.on(where), units=say.pay(pay), who=who
    )


def _build_target(at, obs: Observation, a: SHAction) -> tuple | list:
    x = a.args
    where = _space(f"{x[1]}T") if x[0] == "TWR" else _space(x[1])
    return at.on_card(obs, a, [where], pay=True) or where


BUILD = Verb(
    "BUILD",
    "PHASE",
    "SH-9.4",
    rf"(?:BAL|CAT|ALT|COV|RAM|TRE|TWR) (?:{_RAMP}|{_GP}|BF|{_SEC}) {_PAY}",
    effect=_build,
    label=_build_label,
    sentence=_build_sentence,
    target=_build_target,
    card=lambda x: x[0],
    pays=lambda code: MACHINES[code][2],
    rating="build",
)


# ------------------------------------------------------------------ PRECISE (SH-14.1)
def _precise(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.used[i].append("PRECISE")
    s.precise.append(x[0])
    credit(s, i, FLIP_COST["PRECISE"], log)


def _precise_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Precise Shot: {machine} — 2 hourglasses").format(
        machine=say.machine_short(obs, x[0])
    )


def _precise_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} puts a precise-shot tile on {machine} (SH-14.1).").format(
        machine=say.machine_at(None, x[0]), who=who
    )


PRECISE = Verb(
    "PRECISE",
    "PHASE",
    "SH-14.1",
    _SLOT,
    effect=_precise,
    label=_precise_label,
    sentence=_precise_sentence,
    # the emblem on the card's back, then the machine
    target=lambda at, obs, a: at.on_back(obs, a, "2", [_space(a.args[0])]) or _space(a.args[0]),
    rating="precise",
    special=True,
)


# ------------------------------------------------------------------ EQUIP (SH-10)
def _equip(s: SHState, i: int, x: tuple, log: list | None) -> None:
    code, place, pay = x
    extra = invader.use(s, i, 3, code)
    s.resources[i] -= EQUIPMENT[code][1]
    s.resource_supply += EQUIPMENT[code][1]
    n = invader.pay_units(s, i, pay)
    if code == "BRI":
        s.trapspace[place] = "BR"
    else:
        s.equipment[place].append(code)
    credit(s, i, n + extra, log)


def _equip_label(say, obs: Observation, a: SHAction) -> str:
    code, where, pay = a.args
    return say._("{equipment} {on} — {res}, {units}{extra}").format(
        equipment=say._(EQUIPMENT[code][0]),
        on=say.short_on(where),
        res=say.resources(EQUIPMENT[code][1]),
        units=say.pay(pay),
        extra=say.extra(obs, a.who, 3, code),
    )


def _equip_sentence(say, who: str, a: SHAction) -> str:
    code, where, pay = a.args
    return say._("{who} puts {equipment} {on} (pays {units}).").format(
        equipment=say._(say.EQUIP_A[code]), on=say.on(where), units=say.pay(pay), who=who
    )


EQUIP = Verb(
    "EQUIP",
    "PHASE",
    "SH-10.1",
    rf"(?:BAN|LAD|ROP|TRP|BRI|SHD|POI) (?:{_SEC}|{_PATH}) {_PAY}",
    effect=_equip,
    label=_equip_label,
    sentence=_equip_sentence,
    target=lambda at, obs, a: (
        at.on_card(obs, a, [_space(a.args[1])], pay=True) or _space(a.args[1])
    ),
    card=lambda x: x[0],
    pays=lambda code: ORC_OR_2GOBLINS,
    rating="equip",
)


# ------------------------------------------------------------------ MOVEEQ (SH-14.1)
def _moveeq(s: SHState, i: int, x: tuple, log: list | None) -> None:
    src, kind, dst = x
    s.used[i].append("ETRANSFER")
    if kind == "BRI":
        del s.trapspace[src]
        s.trapspace[dst] = "BR"
    else:
        s.equipment[src].remove(kind)
        s.equipment[dst].append(kind)
        if kind == "ROP" and src in s.ropes_used:
            s.ropes_used.remove(src)
            s.ropes_used.append(dst)
    credit(s, i, FLIP_COST["ETRANSFER"], log)


def _moveeq_label(say, obs: Observation, a: SHAction) -> str:
    src, code, dst = a.args
    return say._("Move {equipment}: {src} → {dst} — 1 hourglass").format(
        equipment=say._(EQUIPMENT[code][0]).lower(),
        src=say.short_name(src),
        dst=say.short_name(dst),
    )


def _moveeq_sentence(say, who: str, a: SHAction) -> str:
    src, code, dst = a.args
    return say._("{who} moves {equipment} from {src} to {dst} (Equipment Transfer).").format(
        equipment=say._(say.EQUIP_THE[code]), src=say.place(src), dst=say.place(dst), who=who
    )


def _moveeq_target(at, obs: Observation, a: SHAction) -> list:
    """The emblem on the card's back, the piece moved (on a section), where it goes."""
    x = a.args
    src = ("piece", x[0], x[1]) if x[0] in SECTIONS else _space(x[0])
    return at.on_back(obs, a, "3", [src, _space(x[2])]) or [_space(x[0]), _space(x[2])]


MOVEEQ = Verb(
    "MOVEEQ",
    "PHASE",
    "SH-14.1",
    rf"(?:{_SEC}|{_PATH}) (?:BAN|LAD|ROP|TRP|BRI|SHD|POI) (?:{_SEC}|{_PATH})",
    effect=_moveeq,
    label=_moveeq_label,
    sentence=_moveeq_sentence,
    target=_moveeq_target,
)


# ------------------------------------------------------------------ TRAIN (SH-11)
def _train(s: SHState, i: int, x: tuple, log: list | None) -> None:
    invader.train(s, i, x, log)


def _train_label(say, obs: Observation, a: SHAction) -> str:
    code, where, pay = a.args
    name = say._(TRAINING[code][0])
    if code == "GUN":
        head = say._("Gunner: {machine}").format(machine=say.machine_short(obs, where))
    elif code == "SAB":
        head = say._("Saboteur in {building}").format(building=say.building(where))
    elif code == "REC":
        head = say._("Recruiter (2 {units} to the camp)").format(
            units=say._("orcs") if pay == "GG" else say._("trolls")
        )
    else:
        head = say._("{training} on {place}").format(training=name, place=say.lp(where))
    return say._("{what} — {units}{extra}").format(
        what=head, units=say.pay(pay), extra=say.extra(obs, a.who, 4, code)
    )


def _train_sentence(say, who: str, a: SHAction) -> str:
    code, where, pay = a.args
    if code == "GUN":
        return say._("{who} trains a gunner for {machine} (pays {units}).").format(
            machine=say.machine_at(None, where), units=say.pay(pay), who=who
        )
    if code == "SAB":
        return say._("{who} sends a saboteur into {building} (pays {units}).").format(
            building=say.building(where), units=say.pay(pay), who=who
        )
    if code == "REC":
        return say._("{who} trains a recruiter (pays {units}).").format(units=say.pay(pay), who=who)
    return say._("{who} trains {training} on {place} (pays {units}).").format(
        training=say._(say.TRAIN_A[code]), place=say.place(where), units=say.pay(pay), who=who
    )


def _train_target(at, obs: Observation, a: SHAction) -> tuple | list:
    x = a.args
    path = at.on_card(obs, a, [_space(x[1])] if x[1] != "-" else [], pay=True)
    if path:
        return path
    return _space("CARD4") if x[0] == "REC" else _space(x[1])


TRAIN = Verb(
    "TRAIN",
    "PHASE",
    "SH-11.1",
    rf"(?:GUN|QM|TM|SS|DRV|SAB|REC) (?:{_SLOT}|{_BLD}|-) {_PAY}",
    effect=_train,
    label=_train_label,
    sentence=_train_sentence,
    target=_train_target,
    card=lambda x: x[0],
    pays=lambda code: TRAINING[code][1],
    rating="train",
)


# ------------------------------------------------------------------ MOVETR (SH-14.1)
def _movetr(s: SHState, i: int, x: tuple, log: list | None) -> None:
    src, kind, dst = x
    s.used[i].append("TTRANSFER")
    if kind == "SAB":
        s.saboteurs.remove(src)
        s.saboteurs.append(dst)
    else:
        s.training[src].remove(kind)
        s.training[dst].append(kind)
    credit(s, i, FLIP_COST["TTRANSFER"], log)


def _movetr_label(say, obs: Observation, a: SHAction) -> str:
    src, code, dst = a.args
    if code == "SAB":
        return say._("Move saboteur: {src} → {dst} — 1 hourglass").format(
            src=say.short_name(src), dst=say.short_name(dst)
        )
    return say._("Move {training}: {src} → {dst} — 1 hourglass").format(
        training=say._(TRAINING[code][0]).lower(), src=say.short_name(src), dst=say.short_name(dst)
    )


def _movetr_sentence(say, who: str, a: SHAction) -> str:
    src, code, dst = a.args
    if code == "SAB":
        src_name, dst_name = say.building(src), say.building(dst)
    else:
        src_name, dst_name = say.place(src), say.place(dst)
    return say._("{who} moves {training} from {src} to {dst} (Training Transfer).").format(
        training=say._(say.TRAIN_THE[code]), src=src_name, dst=dst_name, who=who
    )


def _movetr_target(at, obs: Observation, a: SHAction) -> list:
    """The emblem on the card's back, the specialist's tile (a saboteur: his building),
    where he goes."""
    x = a.args
    src = ("piece", x[0], x[1]) if x[1] != "SAB" else _space(x[0])
    return at.on_back(obs, a, "4", [src, _space(x[2])]) or [_space(x[0]), _space(x[2])]


MOVETR = Verb(
    "MOVETR",
    "PHASE",
    "SH-14.3",
    rf"(?:{_RAMP} (?:QM|TM|SS|DRV) {_RAMP}|{_BLD} SAB {_BLD})",
    effect=_movetr,
    label=_movetr_label,
    sentence=_movetr_sentence,
    target=_movetr_target,
)


# ------------------------------------------------------------------ RITUAL (SH-12)
def _ritual(s: SHState, i: int, x: tuple, log: list | None) -> None:
    code, target = x
    extra = invader.use(s, i, 5, code)
    n = invader.pay_units(s, i, "G" * RITUALS[code][1], ritual=True)
    s.rituals.append([code, {"SPC": "HOSP", "PAN": "CY"}.get(code, target), i])
    credit(s, i, n + extra, log)
    if code == "PAN":
        check_panic(s, log)  # SH-12.4: checked the moment the tile is placed


def _ritual_label(say, obs: Observation, a: SHAction) -> str:
    code, target = a.args
    return say._("{ritual} {where} — {goblins}{extra}").format(
        ritual=say._(RITUALS[code][0]),
        where=say.ritual_target(code, target),
        goblins=say.count(RITUALS[code][1], "G"),
        extra=say.extra(obs, a.who, 5, code),
    )


def _ritual_sentence(say, who: str, a: SHAction) -> str:
    code, target = a.args
    return say._("{who} performs {ritual} {where}, sacrificing {goblins}.").format(
        ritual=say._(RITUALS[code][0]),
        where=say.ritual_target(code, target),
        goblins=say.count(RITUALS[code][1], "G"),
        who=who,
    )


def _ritual_target(at, obs: Observation, a: SHAction) -> tuple | list:
    code, target = a.args
    where = _space(at.ritual_space(obs, code, target))
    return at.on_card(obs, a, [where] if target != "-" else []) or where


RITUAL = Verb(
    "RITUAL",
    "PHASE",
    "SH-12.2",
    rf"(?:BST {_SLOT}|POS (?:OFF|WAR)|FIR {_BLD}|SPC -|PAN -|GAL {_SEC}|ACC {_SEC})",
    effect=_ritual,
    label=_ritual_label,
    sentence=_ritual_sentence,
    target=_ritual_target,
    card=lambda x: x[0],
    rating="ritual",
)


# ------------------------------------------------------------------ ESCAPE (SH-14.1)
def _escape(s: SHState, i: int, x: tuple, log: list | None) -> None:
    gp, n = x[0], int(x[1])
    s.used[i].append("ESCAPE")
    s.supply[0] -= n
    s.units[gp][0] += n
    credit(s, i, FLIP_COST["ESCAPE"], log)


def _escape_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Escape the Knife: {goblins} to {place} — 1 hourglass").format(
        goblins=say.count(int(x[1]), "G"), place=say.short_name(x[0])
    )


def _escape_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} uses Escape the Knife: {goblins} from the supply to {place}.").format(
        goblins=say.count(int(x[1]), "G"), place=say.place(x[0]), who=who
    )


ESCAPE = Verb(
    "ESCAPE",
    "PHASE",
    "SH-14.1",
    rf"{_GP} [1-3]",
    effect=_escape,
    label=_escape_label,
    sentence=_escape_sentence,
    # the emblem on the card's back, then the gathering place (how many: the stepper)
    target=lambda at, obs, a: at.on_back(obs, a, "5", [_space(a.args[0])]) or _space(a.args[0]),
    rating="escape",
    special=True,
)


# ------------------------------------------------------------------ MINOR, MAJOR (SH-13.3)
def _mobilise(kind: str):
    """The effect of beginning a minor or major mobilisation: its limit, its cost."""

    def effect(s: SHState, i: int, x: tuple, log: list | None) -> None:
        extra = invader.use(s, i, 6, kind)
        L, cost = MOBILISATION[kind]
        s.mobilisation = {
            "kind": kind,
            "limit": L,
            "step": 1,
            "left": {},
            "arrived": {},
            "camp": {"W": 0, "E": 0, BF: 0},
            "trapdoors": [],
            "sprung": [],
        }
        credit(s, i, cost + extra, log)

    return effect


def _mobilisation_label(say, obs: Observation, a: SHAction, name: str) -> str:
    limit, cost = MOBILISATION[a.verb]
    return say._("{mobilisation} (up to {L}) — {hg}{extra}").format(
        mobilisation=name, L=limit, hg=say.hourglasses(cost), extra=say.extra(obs, a.who, 6, a.verb)
    )


MINOR = Verb(
    "MINOR",
    "PHASE",
    "SH-13.3",
    r"",
    effect=_mobilise("MINOR"),
    label=lambda say, obs, a: _mobilisation_label(say, obs, a, say._("Minor mobilisation")),
    sentence=lambda say, who, a: say._("{who} begins a minor mobilisation (SH-13.3).").format(
        who=who
    ),
    target=lambda at, obs, a: at.on_card(obs, a, []),
    card=lambda x: "MINOR",
    rating="minor",
)
MAJOR = Verb(
    "MAJOR",
    "PHASE",
    "SH-13.3",
    r"",
    effect=_mobilise("MAJOR"),
    label=lambda say, obs, a: _mobilisation_label(say, obs, a, say._("Major mobilisation")),
    sentence=lambda say, who, a: say._("{who} begins a major mobilisation (SH-13.3).").format(
        who=who
    ),
    target=lambda at, obs, a: at.on_card(obs, a, []),
    confirm=True,
    card=lambda x: "MAJOR",
    rating="major",
)


# ------------------------------------------------------------------ MOVE (SH-13.2, SH-17.2)
def _move(s: SHState, i: int, x: tuple, log: list | None) -> None:
    """An Invader's mobilisation move (4 arguments: a count of one type) or a Defender's
    move of one unit or hero in a window."""
    if len(x) == 4:
        invader.move(s, i, x, log)
        return
    src, dst, unit = x
    s.hourglasses[i] -= defender.move_cost(s, dst)
    if unit in ("OFF", "WAR"):
        s.heroes[unit] = dst
        return
    t = DEF_TYPES.index(unit)
    s.defender_units[src][t] -= 1
    s.defender_units[dst][t] += 1
    if src == HG:
        s.honour_guard_intact = 0  # SH-17.6
    if dst == CY:
        check_panic(s, log)


def _move_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    if len(x) == 4:
        return say._("Move {units}: {src} → {dst}").format(
            units=say.count(int(x[3]), x[2]), src=say.short_name(x[0]), dst=say.short_name(x[1])
        )
    src, dst, unit = x
    what = say._(say.HERO_NAME[unit]) if unit in say.HERO_NAME else say._(say.UNIT_NAME[unit])
    text = say._("Move {unit}: {src} → {dst}").format(
        unit=what, src=say.short_name(src), dst=say.short_name(dst)
    )
    if len(obs.get("hourglasses") or ()) and obs.get("pending", {}).get("kind") == "WINDOW":
        if say.ritual_active(obs, "GAL", dst):  # SH-17.2: a move costs 1 hourglass
            text += say._(" — 2 hourglasses (Gale)")
        else:
            text += say._(" — 1 hourglass")
    return text


def _move_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if len(x) == 4:
        return say._("{who} moves {units} from {src} to {dst}.").format(
            units=say.count(int(x[3]), x[2]), src=say.place(x[0]), dst=say.place(x[1]), who=who
        )
    src, dst, unit = x
    what = say._(say.HERO[unit]) if unit in say.HERO else say._(say.A_UNIT[unit])
    return say._("{who} moves {unit} from {src} to {dst}.").format(
        unit=what, src=say.place(src), dst=say.place(dst), who=who
    )


def _move_target(at, obs: Observation, a: SHAction) -> list:
    """SH-17.7: the hero, then his place; else the token of the units that move (from
    the camp: the acting Invader's), then the place (a count: the stepper)."""
    x = a.args
    if x[2] in ("OFF", "WAR"):
        return [("hero", x[2]), _space(x[1])]
    src = f"CAMP{1 if a.who == 'IE' else 0}" if x[0] == "CAMP" else x[0]
    return [("unit", src, x[2]), _space(x[1])]


MOVE = Verb(
    "MOVE",
    "PHASE/WINDOW",
    "SH-18.1",
    rf"(?:{_NODE} {_NODE} {_INV} {_N}|{_DPOS} {_DPOS} {_DUNIT})",
    effect=_move,
    label=_move_label,
    sentence=_move_sentence,
    target=_move_target,
    rules={"PHASE": "SH-13.3", "WINDOW": "SH-17.2"},
    rating="move",
)


# ------------------------------------------------------------------ NEXT (SH-13.2)
def _next(s: SHState, i: int, x: tuple, log: list | None) -> None:
    m = s.mobilisation
    m["step"] += 1
    m["sprung"] = []
    if m["step"] > 3:
        s.mobilisation = None


NEXT = Verb(
    "NEXT",
    "PHASE",
    "SH-13.2",
    r"",
    effect=_next,
    label=lambda say, obs, a: say._("End this mobilisation step"),
    sentence=lambda say, who, a: say._("{who} ends this mobilisation step.").format(who=who),
    quiet=lambda x: True,
    rating="next",
    closes=True,
    thumb="camp_step",
)


# ------------------------------------------------------------------ ROPE (SH-10)
def _rope(s: SHState, i: int, x: tuple, log: list | None) -> None:
    src, dst, t = x[0], x[1], INV_TYPES.index(x[2])
    s.ropes_used.append(src)
    s.units[src][t] -= 1
    s.units[dst][t] += 1
    s.moves.append([src, dst, t, 1, "rope"])


def _rope_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Rope: 1 {unit}, {src} → {dst}").format(
        unit=say._(say.UNIT_NAME[x[2]]), src=say.short_name(x[0]), dst=say.short_name(x[1])
    )


def _rope_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} sends {unit} along the ropes from {src} to {dst}.").format(
        unit=say._(say.A_UNIT[x[2]]), src=say.place(x[0]), dst=say.place(x[1]), who=who
    )


ROPE = Verb(
    "ROPE",
    "PHASE",
    "SH-10.1",
    rf"{_SEC} {_SEC} {_INV}",
    effect=_rope,
    label=_rope_label,
    sentence=_rope_sentence,
    # the token of the unit that climbs, then the section
    target=lambda at, obs, a: [("unit", a.args[0], a.args[2]), _space(a.args[1])],
    rating="rope",
)


# ------------------------------------------------------------------ ORDER (SH-13.6.1)
def _order(s: SHState, i: int, x: tuple, log: list | None) -> None:
    extra = invader.use(s, i, 6, "OPEN")
    s.orders[x[0]] = [x[1], 1, 1]
    s.order_owner[x[0]] = i
    credit(s, i, extra, log)


def _order_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Open order: {order} on {place}").format(
        order=say._(ORDER_NAMES[x[1]]), place=say.lp(x[0])
    )


def _order_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} gives an open order on {place}: {order}.").format(
        place=say.place(x[0]), order=say._(ORDER_NAMES[x[1]]), who=who
    )


def _order_target(at, obs: Observation, a: SHAction) -> tuple | list:
    """SH-13.6: the card's tile, the order tile (while the hand shows it), its section."""
    x = a.args
    tile = [("order", x[1])] if at.in_hand(obs, x[1]) else []
    return at.on_card(obs, a, [*tile, _space(x[0])]) or _space(x[0])


ORDER = Verb(
    "ORDER",
    "PHASE",
    "SH-13.6.1",
    rf"{_SEC} (?:FRZ|EXP|CAL|BLF)",
    effect=_order,
    label=_order_label,
    sentence=_order_sentence,
    target=_order_target,
    card=lambda x: "OPEN",
    rating="order",
)


# ------------------------------------------------------------------ SECRET (SH-13.6.3, SH-23.4)
def _secret(s: SHState, i: int, x: tuple, log: list | None) -> None:
    extra = invader.use(s, i, 6, "SECRET")
    s.secret[i] = 1
    if x:  # SH-23.4: its hourglass to the Defender the Invaders chose, the extra
        d = ("DW", "DE").index(x[0])  # one of an ally's card to the facing one
        s.hourglasses[d] += 1
        emit(log, PUBLIC, "HOURGLASS", d, 1)
        credit(s, i, extra, log)
    else:
        credit(s, i, 1 + extra, log)


def _secret_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    if x:  # four players: the hourglass goes to the Defender chosen
        return say._("Secret orders — 1 hourglass to {who}{extra}").format(
            who=say._(say.WHO[x[0]]), extra=say.extra(obs, a.who, 6, "SECRET")
        )
    return say._("Secret orders — 1 hourglass{extra}").format(
        extra=say.extra(obs, a.who, 6, "SECRET")
    )


def _secret_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if x:
        return say._("{who} pays for secret orders, the hourglass to {to} (SH-23.4).").format(
            to=say._(say.WHO[x[0]]), who=who
        )
    return say._("{who} pays for secret orders (SH-13.6.3).").format(who=who)


def _secret_target(at, obs: Observation, a: SHAction) -> list | None:
    """The card's tile, then (four players) the hourglasses of the Defender who gets it."""
    x = a.args
    return at.on_card(obs, a, [("hourglass", ("DW", "DE").index(x[0]))] if x else [])


SECRET = Verb(
    "SECRET",
    "PHASE",
    "SH-13.6.3",
    r"(?:DW|DE)?",  # four players: the Defender who gets its hourglass
    effect=_secret,
    label=_secret_label,
    sentence=_secret_sentence,
    target=_secret_target,
    confirm=True,
    card=lambda x: "SECRET",
    rating="secret",
    plan_needs="HIDE",
)


# ------------------------------------------------------------------ HIDE (SH-13.6.3)
def _hide(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.orders[x[0]] = [x[1], 0, 0]
    s.order_owner[x[0]] = i
    emit(log, PUBLIC, "HIDDEN-ORDER", x[0])  # the Defender sees only where it lies


def _hide_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Face-down order: {order} on {place}").format(
        order=say._(ORDER_NAMES[x[1]]), place=say.lp(x[0])
    )


def _hide_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} places {order} face down on {place}.").format(
        order=say._(ORDER_NAMES[x[1]]), place=say.place(x[0]), who=who
    )


def _hide_target(at, obs: Observation, a: SHAction) -> tuple | list:
    """SH-13.6: the tile, then its section."""
    x = a.args
    return [("order", x[1]), _space(x[0])] if at.in_hand(obs, x[1]) else _space(x[0])


HIDE = Verb(
    "HIDE",
    "PHASE",
    "SH-13.6.3",
    rf"{_SEC} (?:FRZ|EXP|CAL|BLF)",
    effect=_hide,
    label=_hide_label,
    sentence=_hide_sentence,
    target=_hide_target,
    secret=True,  # the tile is face down; both Invaders see every order (SH-22.5)
    rating="order",
)


# ------------------------------------------------------------------ ALTAR (SH-9.5)
def _altar(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.altar_target[x[0]] = x[1]


def _altar_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Altar (space {n}): +1 strength on {place}").format(n=x[0][2], place=say.lp(x[1]))


def _altar_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who}'s altar at {gp} gives +1 strength to {place} this round (SH-9.5).").format(
        gp=say.place(SLOT_GP.get(x[0], x[0])), place=say.place(x[1]), who=who
    )


ALTAR = Verb(
    "ALTAR",
    "PHASE",
    "SH-9.5",
    rf"G[WE][12] {_SEC}",
    effect=_altar,
    label=_altar_label,
    sentence=_altar_sentence,
    target=_first_two,
    rating="altar",
)


# ================================================================= the Defender's windows
# ------------------------------------------------------------------ STONE (SH-8.4.1)
def _stone(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.stone_supply -= 1
    s.walls[x[0]][0] += 1
    s.pending["done"] = 1


def _stone_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Stone element on {place}").format(place=say.lp(x[0]))


def _stone_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} adds a stone element to {place} (SH-8.4.1).").format(
        place=say.place(x[0]), who=who
    )


STONE = Verb(
    "STONE",
    "STONE",
    "SH-8.4.1",
    _SEC,
    effect=_stone,
    label=_stone_label,
    sentence=_stone_sentence,
    target=_to_first,
    rating="stone",
)


# ------------------------------------------------------------------ PAY, DO (SH-16.1)
def _pay(s: SHState, d: int, x: tuple, log: list | None) -> None:
    code = x[0]
    s.hourglasses[d] -= 1
    s.paid[code] += 1
    s.payer[code] = d
    if s.paid[code] >= defender.action_cost(s, code):
        defender.complete(s, code, x[1] if len(x) > 1 else "-", d, log)


def _do(s: SHState, d: int, x: tuple, log: list | None) -> None:
    s.pending["to_complete"].remove(x[0])
    defender.complete(s, x[0], x[1], d, log)


def _building_target(at, obs: Observation, a: SHAction) -> list:
    """The action's space in its building, then the place its target names."""
    x = a.args
    path = [_space(x[0])]
    if len(x) > 1 and x[1] != "-":
        path.append(_space(at.ref_space(obs, x[1])))
    return path


def _pay_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say.pay_label(obs, x)


def _pay_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} puts 1 hourglass on {action} ({building}).").format(
        action=say._(say.ACTION_NAMES[x[0]]), building=say.space_name(x[0][:2]), who=who
    )


PAY = Verb(
    "PAY",
    "WINDOW",
    "SH-16.1.2",
    rf"{_CODE}(?: {_TARGET})?",
    effect=_pay,
    label=_pay_label,
    sentence=_pay_sentence,
    target=_building_target,
    rating="pay",
    spends=True,
    thumb="purchase",
)


def _do_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say.complete_label(x[0], x[1], short=True)


def _do_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} completes {action}.").format(action=say.complete_label(x[0], x[1]), who=who)


DO = Verb(
    "DO",
    "WINDOW",
    "SH-16.1.3",
    rf"{_CODE} {_TARGET}",
    effect=_do,
    label=_do_label,
    sentence=_do_sentence,
    target=_building_target,
    quiet=lambda x: True,
    rating="pay",
    spends=True,
)


# ------------------------------------------------------------------ SPEECH, STRIKE (SH-17.7)
def _speech(s: SHState, d: int, x: tuple, log: list | None) -> None:
    s.hourglasses[d] -= 1
    s.speech += 1


def _strike(s: SHState, d: int, x: tuple, log: list | None) -> None:
    s.hourglasses[d] -= STRIKE_COST
    s.strike = 1


def _speech_label(say, obs: Observation, a: SHAction) -> str:
    return say._("Officer's speech (+1 strength) — 1 hourglass")


def _speech_sentence(say, who: str, a: SHAction) -> str:
    return say._(
        "{who} buys a speech from the Officer: +1 strength on his section (SH-17.7.5)."
    ).format(who=who)


SPEECH = Verb(
    "SPEECH",
    "WINDOW",
    "SH-17.7.5",
    r"",
    effect=_speech,
    label=_speech_label,
    sentence=_speech_sentence,
    confirm=True,
    rating="speech",
    spends=True,
)


def _strike_label(say, obs: Observation, a: SHAction) -> str:
    return say._("Warrior's Strike — {hg}").format(hg=say.hourglasses(STRIKE_COST))


def _strike_sentence(say, who: str, a: SHAction) -> str:
    return say._("{who} buys the Warrior's Strike (SH-17.7.6).").format(who=who)


STRIKE = Verb(
    "STRIKE",
    "WINDOW",
    "SH-17.7.6",
    r"",
    effect=_strike,
    label=_strike_label,
    sentence=_strike_sentence,
    confirm=True,
    rating="strike",
    spends=True,
)


# ------------------------------------------------------------------ SWAP (SH-17.3)
def _swap(s: SHState, d: int, x: tuple, log: list | None) -> None:
    a1, u1, b1, u2 = x
    tx, ty = DEF_TYPES.index(u1), DEF_TYPES.index(u2)
    s.hourglasses[d] -= 1
    s.defender_units[a1][tx] -= 1
    s.defender_units[b1][tx] += 1
    s.defender_units[b1][ty] -= 1
    s.defender_units[a1][ty] += 1


def _swap_label(say, obs: Observation, a: SHAction) -> str:
    a1, t1, b1, t2 = a.args
    return say._("Swap: {u1} on section {a} ↔ {u2} on section {b} — 1 hourglass").format(
        u1=say._(say.UNIT_NAME[t1]), a=a1[1], u2=say._(say.UNIT_NAME[t2]), b=b1[1]
    )


def _swap_sentence(say, who: str, a: SHAction) -> str:
    a1, t1, b1, t2 = a.args
    return say._("{who} swaps {u1} on {a} with {u2} on {b}.").format(
        u1=say._(say.A_UNIT[t1]),
        a=say.place(a1),
        u2=say._(say.A_UNIT[t2]),
        b=say.place(b1),
        who=who,
    )


SWAP = Verb(
    "SWAP",
    "WINDOW",
    "SH-17.3",
    rf"{_DPOS} [ASV] {_DPOS} [ASV]",
    effect=_swap,
    label=_swap_label,
    sentence=_swap_sentence,
    # SH-17: the two units' tokens
    target=lambda at, obs, a: [("unit", a.args[0], a.args[1]), ("unit", a.args[2], a.args[3])],
    rating="swap",
)


# ------------------------------------------------------------------ HASTE (SH-23.5)
def _haste(s: SHState, d: int, x: tuple, log: list | None) -> None:
    code = x[0]
    s.haste = 0
    s.paid[code] = 0
    s.payer[code] = d  # SH-23.5: the other Defender buys it again (nothing paid yet)
    s.rebuy.append(code)


def _haste_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Haste: reopen {action}").format(action=say._(say.ACTION_NAMES[x[0]]))


def _haste_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._(
        "{who} uses the Haste tile: {action} can be bought again this round (SH-23.5)."
    ).format(action=say._(say.ACTION_NAMES[x[0]]), who=who)


HASTE = Verb(
    "HASTE",
    "WINDOW",
    "SH-23.5",
    _CODE,
    effect=_haste,
    label=_haste_label,
    sentence=_haste_sentence,
    target=_to_first,
    spends=True,
)


# ------------------------------------------------------------------ ALARM (SH-16.3 WT2)
def _alarm(s: SHState, d: int, x: tuple, log: list | None) -> None:
    if x[0] == "-":
        s.pending["alarm"] = 0
        return
    src, dst, unit = x
    t = DEF_TYPES.index(unit)
    s.hourglasses[d] -= defender.move_cost(s, dst) - 1
    s.defender_units[src][t] -= 1
    s.defender_units[dst][t] += 1
    s.pending["alarm"] -= 1


def _alarm_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    if x[0] == "-":
        return say._("End the alarm")
    return say._("Alarm: {unit}, {src} → {dst}").format(
        unit=say._(say.UNIT_NAME[x[2]]), src=say.short_name(x[0]), dst=say.short_name(x[1])
    )


def _alarm_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if x[0] == "-":
        return say._("{who} ends the alarm.").format(who=who)
    return say._("Alarm! {who} sends {unit} from {src} to {dst}.").format(
        unit=say._(say.A_UNIT[x[2]]), src=say.place(x[0]), dst=say.place(x[1]), who=who
    )


ALARM = Verb(
    "ALARM",
    "WINDOW",
    "SH-16.3",
    rf"(?:(?:CY|BK|WT) (?:{_SEC}|{_TOWER}) [ASV]|-)",
    effect=_alarm,
    label=_alarm_label,
    sentence=_alarm_sentence,
    # WT2: the token of the unit called, then where it goes
    target=lambda at, obs, a: (
        None if a.args[0] == "-" else [("unit", a.args[0], a.args[2]), _space(a.args[1])]
    ),
    rating="alarm",
    spends=True,
)


# ================================================================= the Assault (SH-18)
# ------------------------------------------------------------------ CANNON (SH-18.2.1)
def _cannon(s: SHState, i: int, x: tuple, log: list | None) -> None:
    assault.do_cannon(s, x[0], x[1], log)


def _cannon_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Cannon {on} fires at {target}").format(on=say.short_on(x[0]), target=say.lp(x[1]))


def _cannon_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} fires the cannon {on} at {target}.").format(
        on=say.on(x[0]), target=say.place(x[1]), who=who
    )


CANNON = Verb(
    "CANNON",
    "CANNON",
    "SH-18.2.1",
    rf"{_TOWER} (?:{_RAMP}|{_GP}|BF)",
    effect=_cannon,
    label=_cannon_label,
    sentence=_cannon_sentence,
    target=_first_two,
    rating="cannon",
)


# ------------------------------------------------------------------ AIM, FIRE (SH-18.2.2)
def _aim(s: SHState, i: int, x: tuple, log: list | None) -> None:
    a = s.assault
    slot = a["to_aim"].pop(0)
    if x[1] != "-":
        a["aimed"][slot] = x[1]


def _fire(s: SHState, i: int, x: tuple, log: list | None) -> None:
    assault.fire(s, x[0], log)


def _aim_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    if x[1] == "-":
        return say._("Do not fire the {machine}").format(machine=say.machine_short(obs, x[0]))
    return say._("Aim the {machine} at {target}").format(
        machine=say.machine_short(obs, x[0]), target=say.lp(x[1])
    )


def _aim_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if x[1] == "-":
        return say._("{who} does not fire {machine}.").format(
            machine=say.machine_at(None, x[0]), who=who
        )
    return say._("{who} aims {machine} at {target}.").format(
        machine=say.machine_at(None, x[0]), target=say.place(x[1]), who=who
    )


AIM = Verb(
    "AIM",
    "AIM",
    "SH-18.2.2",
    rf"{_SLOT} (?:{_SEC}|-)",
    effect=_aim,
    label=_aim_label,
    sentence=_aim_sentence,
    target=lambda at, obs, a: (
        [_space(a.args[0])] if a.args[1] == "-" else [_space(a.args[0]), _space(a.args[1])]
    ),
    rating="aim",
    thumb="free_shot",
)


def _fire_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Fire the {machine} next").format(machine=say.machine_short(obs, x[0]))


def _fire_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} fires {machine}.").format(machine=say.machine_at(None, x[0]), who=who)


FIRE = Verb(
    "FIRE",
    "FIRE",
    "SH-18.2.2",
    _SLOT,
    effect=_fire,
    label=_fire_label,
    sentence=_fire_sentence,
    target=_to_first,
)


# ------------------------------------------------------------------ KEEP (SH-14.1)
def _keep(s: SHState, i: int, x: tuple, log: list | None) -> None:
    _k, slot, target = s.assault["todo"].pop(0)
    assault.resolve_card(s, slot, target, x[0] != "M", log)


def _keep_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Keep the hit card") if x[0] == "H" else say._("Keep the miss card")


def _keep_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if x[0] == "H":
        return say._("{who} keeps the hit card (Precise Shot).").format(who=who)
    return say._("{who} keeps the miss card (Precise Shot).").format(who=who)


KEEP = Verb(
    "KEEP",
    "KEEP",
    "SH-14.1",
    r"[HM]",
    effect=_keep,
    label=_keep_label,
    sentence=_keep_sentence,
    quiet=lambda x: True,
    rating="keep",
)


# ------------------------------------------------------------------ KILL (SH-18.2.3)
def _kill(s: SHState, i: int, x: tuple, log: list | None) -> None:
    item = s.assault["todo"].pop(0)
    t = DEF_TYPES.index(x[0])
    to_dsupply(s, item[2], [int(k == t) for k in (0, 1, 2)])
    emit(log, PUBLIC, "KILLED", item[2], x[0])


def _kill_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Kill {unit}").format(unit=say._(say.A_UNIT[x[0]]))


def _kill_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} chooses {unit} to kill.").format(unit=say._(say.A_UNIT[x[0]]), who=who)


KILL = Verb(
    "KILL",
    "KILL",
    "SH-18.2.3",
    r"[ASV]",
    effect=_kill,
    label=_kill_label,
    sentence=_kill_sentence,
    quiet=lambda x: True,
    rating="kill",
)


# ------------------------------------------------------------------ WRECK (SH-18.2.4)
def _wreck(s: SHState, i: int, x: tuple, log: list | None) -> None:
    _k, slot, target = s.assault["todo"].pop(0)
    if x[0] == "CAULDRON":
        emit(log, PUBLIC, "WRECKED", target, s.cauldrons.pop(target))
    elif x[0] == "MACHINE":
        tower = OPPOSITE[slot]
        emit(log, PUBLIC, "WRECKED", tower, s.tower_machines.pop(tower))


def _wreck_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say.wreck_label(obs, x[0])


def _wreck_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if x[0] == "CAULDRON":
        return say._("{who} destroys the cauldron.").format(who=who)
    if x[0] == "MACHINE":
        return say._("{who} destroys the machine in the opposite tower.").format(who=who)
    return say._("{who} destroys nothing.").format(who=who)


WRECK = Verb(
    "WRECK",
    "WRECK",
    "SH-18.2.4",
    r"(?:CAULDRON|MACHINE|-)",
    effect=_wreck,
    label=_wreck_label,
    sentence=_wreck_sentence,
    quiet=lambda x: x[0] != "-",  # the WRECKED event tells it
    rating="wreck",
)


# ------------------------------------------------------------------ SHOOT, HOLD (SH-18.2.6)
def _shoot(s: SHState, i: int, x: tuple, log: list | None) -> None:
    a = s.assault
    src, target = x
    a["used"][src] = a["used"].get(src, 0) + 1
    a["shots"][target] = a["shots"].get(target, 0) + 1


def _hold(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.assault["seats"].pop(0)


def _shoot_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Archer {on} shoots at {target}").format(
        on=say.short_on(x[0]), target=say.lp(x[1])
    )


def _shoot_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} aims an archer {on} at {target}.").format(
        on=say.on(x[0]), target=say.place(x[1]), who=who
    )


SHOOT = Verb(
    "SHOOT",
    "SHOOT",
    "SH-18.2.6",
    rf"(?:{_SEC}|{_TOWER}) (?:{_RAMP}|BF)",
    effect=_shoot,
    label=_shoot_label,
    sentence=_shoot_sentence,
    target=_first_two,
    rating="shoot",
)


def _hold_label(say, obs: Observation, a: SHAction) -> str:
    return say._("Hold fire")


def _hold_sentence(say, who: str, a: SHAction) -> str:
    return say._("{who}'s other archers hold their fire.").format(who=who)


HOLD = Verb(
    "HOLD",
    "SHOOT",
    "SH-18.2.6",
    r"",
    effect=_hold,
    label=_hold_label,
    sentence=_hold_sentence,
    closes=True,
)


# ------------------------------------------------------------------ LOSE (SH-18.5.5)
def _lose(s: SHState, i: int, x: tuple, log: list | None) -> None:
    """The losses of a melee (a side's units, then the melee ends) or of a shot."""
    p, a = s.pending, s.assault
    if "options" in p:
        sec = p["section"]
        if p["side"] == "D":
            to_hospital(s, sec, comp_counts(x[0], DEF_TYPES))
        else:
            kill_invader_set(s, sec, comp_counts(x[0], INV_TYPES))
        emit(log, PUBLIC, "LOSSES", sec, x[0])
        assault.end_melee(s, sec, log)
        a["secs"].pop(0)
    else:
        item = a["todo"].pop(0)
        kill_invader_set(s, item[1], comp_counts(x[0], INV_TYPES))
        emit(log, PUBLIC, "SHOT", item[1], x[0])


def _lose_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Lose {units}").format(units=say.comp(x[0]))


def _lose_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} loses {units}.").format(units=say.comp(x[0]), who=who)


LOSE = Verb(
    "LOSE",
    "LOSE",
    "SH-18.5.5",
    rf"(?:{_ICOMP}|{_DCOMP}|-)",
    effect=_lose,
    label=_lose_label,
    sentence=_lose_sentence,
    quiet=lambda x: True,
    needs_args=True,
    rating="lose",
)


# ------------------------------------------------------------------ SNIPE (SH-18.2.7)
def _snipe(s: SHState, i: int, x: tuple, log: list | None) -> None:
    a = s.assault
    if x[0] == "-":
        a["seats"].pop(0)
        return
    r, target = x
    a["fired"][r] = a["fired"].get(r, 0) + 1
    if s.defender_units[target][0]:
        to_dsupply(s, target, (1, 0, 0))
        emit(log, PUBLIC, "KILLED", target, "A")


def _snipe_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    if x[0] == "-":
        return say._("End goblin fire")
    return say._("Goblin on {src} fires at {target}").format(src=say.lp(x[0]), target=say.lp(x[1]))


def _snipe_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    if x[0] == "-":
        return say._("{who} ends goblin fire.").format(who=who)
    return say._("{who}'s goblin on {src} fires at {target}.").format(
        src=say.place(x[0]), target=say.place(x[1]), who=who
    )


SNIPE = Verb(
    "SNIPE",
    "SNIPE",
    "SH-18.2.7",
    rf"(?:{_RAMP} (?:{_SEC}|{_TOWER})|-)",
    effect=_snipe,
    label=_snipe_label,
    sentence=_snipe_sentence,
    target=lambda at, obs, a: None if a.args[0] == "-" else _first_two(at, obs, a),
    rating="snipe",
    thumb="goblin_fire",
)


# ------------------------------------------------------------------ SMITE (SH-17.7.6)
def _smite(s: SHState, i: int, x: tuple, log: list | None) -> None:
    kill_invader_set(s, s.pending["section"], comp_counts(x[0], INV_TYPES))
    emit(log, PUBLIC, "STRIKE", s.pending["section"], x[0])


def _smite_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Strike down {units}").format(units=say.comp(x[0]))


def _smite_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who}'s Warrior strikes down {units}.").format(units=say.comp(x[0]), who=who)


SMITE = Verb(
    "SMITE",
    "SMITE",
    "SH-17.7.6",
    _ICOMP,
    effect=_smite,
    label=_smite_label,
    sentence=_smite_sentence,
    quiet=lambda x: True,
    needs_args=True,
    rating="smite",
)


# ------------------------------------------------------------------ THROW (SH-18.4.2)
def _throw(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.assault["queue"].pop(0)
    assault.fire_card_at(s, x[1], assault.draw_hit(s), log)


def _throw_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Stone-thrower fires at {target}").format(target=say.lp(x[1]))


def _throw_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who}'s stone-thrower {on} fires at {target}.").format(
        on=say.on(x[0]), target=say.place(x[1]), who=who
    )


THROW = Verb(
    "THROW",
    "THROW",
    "SH-18.4.2",
    rf"{_TOWER} {_SEC}",
    effect=_throw,
    label=_throw_label,
    sentence=_throw_sentence,
    target=_first_two,
    rating="throw",
)


# ------------------------------------------------------------------ EXPLODE, CALL (SH-13.6)
def _explode(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.assault["orders"].pop(0)
    assault.do_explode(s, x[0], int(x[1]), log)


def _call(s: SHState, i: int, x: tuple, log: list | None) -> None:
    s.assault["orders"].pop(0)
    assault.do_call(s, x[0], x[1], log)


def _explode_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Explode {orcs} on {place}").format(
        orcs=say.count(int(x[1]), "O"), place=say.lp(x[0])
    )


def _explode_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} blows up {orcs} on {place}.").format(
        orcs=say.count(int(x[1]), "O"), place=say.place(x[0]), who=who
    )


EXPLODE = Verb(
    "EXPLODE",
    "EXPLODE",
    "SH-13.6",
    rf"{_SEC} {_N}",
    effect=_explode,
    label=_explode_label,
    sentence=_explode_sentence,
    target=_to_first,
    quiet=lambda x: True,
    rating="explode",
)


def _call_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Call a troll: {src} → {dst}").format(
        src=say.short_name(x[0]), dst=say.short_name(x[1])
    )


def _call_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} calls a troll from {src} to {dst}.").format(
        src=say.place(x[0]), dst=say.place(x[1]), who=who
    )


CALL = Verb(
    "CALL",
    "CALL",
    "SH-13.6",
    rf"(?:{_GP}|{_RAMP}) (?:{_RAMP}|{_SEC})",
    effect=_call,
    label=_call_label,
    sentence=_call_sentence,
    target=_first_two,
    quiet=lambda x: True,
)


# ------------------------------------------------------------------ HEAL (SH-18.6)
def _heal(s: SHState, i: int, x: tuple, log: list | None) -> None:
    assault.heal(s, comp_counts(x[0], DEF_TYPES), log)


def _heal_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    if x[0] == "-":
        return say._("Return nobody")
    return say._("Return {units} to the courtyard").format(units=say.comp(x[0]))


def _heal_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} brings {units} back from the hospital.").format(
        units=say.comp(x[0]), who=who
    )


HEAL = Verb(
    "HEAL",
    "HEAL",
    "SH-18.6",
    rf"(?:{_DCOMP}|-)",
    effect=_heal,
    label=_heal_label,
    sentence=_heal_sentence,
    quiet=lambda x: True,
    needs_args=True,
    rating="heal",
)


# ------------------------------------------------------------------ SPECTER (SH-12.3)
def _specter(s: SHState, i: int, x: tuple, log: list | None) -> None:
    item = s.assault["todo"].pop(0)
    assault.place_specter(s, item[1], x[0], log)


def _specter_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("New unit to {place}").format(place=say.lp(x[0]))


def _specter_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} places the specter at {place}.").format(place=say.place(x[0]), who=who)


SPECTER = Verb(
    "SPECTER",
    "SPECTER",
    "SH-12.3",
    _GP,
    effect=_specter,
    label=_specter_label,
    sentence=_specter_sentence,
    target=_to_first,
    quiet=lambda x: True,
    rating="specter",
)


# ------------------------------------------------------------------ DESCEND (SH-9.7)
def _descend(s: SHState, i: int, x: tuple, log: list | None) -> None:
    assault.descend(s, x[0], INV_TYPES.index(x[1]), 1)


def _descend_label(say, obs: Observation, a: SHAction) -> str:
    x = a.args
    return say._("Step {unit} down onto {place}").format(
        unit=say._(say.A_UNIT[x[1]]), place=say.lp(x[0])
    )


def _descend_sentence(say, who: str, a: SHAction) -> str:
    x = a.args
    return say._("{who} steps {unit} down from the siege tower onto {place}.").format(
        unit=say._(say.A_UNIT[x[1]]), place=say.place(x[0]), who=who
    )


DESCEND = Verb(
    "DESCEND",
    "DESCEND",
    "SH-9.7",
    rf"{_SEC} {_INV}",
    effect=_descend,
    label=_descend_label,
    sentence=_descend_sentence,
    # the token of the units coming down the siege tower
    target=lambda at, obs, a: ("unit", f"{a.args[0]}T", a.args[1]),
    rating="descend",
)


# ================================================================= the tables
#: every verb by its name, in the order of the notation table
VERBS: dict[str, Verb] = {v.name: v for v in (
    CARD, FLIP, NOFLIP, PASS, PRODUCE, GIVE, BUILD, PRECISE, EQUIP, MOVEEQ, TRAIN, MOVETR,
    RITUAL, ESCAPE, MINOR, MAJOR, MOVE, NEXT, ROPE, ORDER, SECRET, HIDE, ALTAR, STONE, PAY,
    DO, SPEECH, STRIKE, SWAP, HASTE, ALARM, CANNON, AIM, FIRE, KEEP, KILL, WRECK, SHOOT,
    HOLD, LOSE, SNIPE, SMITE, THROW, EXPLODE, CALL, HEAL, SPECTER, DESCEND)}  # fmt: skip


def _flip_options(s: SHState, seat: int, who: str) -> list[SHAction]:
    options = [act(who, "FLIP", str(x)) for x in range(1, 6) if x not in s.flipped[seat]]
    return [*options, act(who, "NOFLIP")]


def _window_options(s: SHState, seat: int, who: str) -> list[SHAction]:
    """SH-6.3: the Defender's spending; an Alarm's moves (WT2) and the completion of a
    paid-up action (SH-16.1.3) come first."""
    d = seat - s.n_inv
    p = s.pending
    if p.get("alarm"):
        return defender.alarm_moves(s, d)
    if p.get("to_complete"):
        return defender.do_options(s, d)
    return defender.legal(s, d)


def _assault(kind: str) -> Callable[[SHState, int, str], list[SHAction]]:
    options = assault.OPTIONS[kind]
    return lambda s, seat, who: options(s)


_PHASE_VERBS = ("PASS", "PRODUCE", "GIVE", "BUILD", "PRECISE", "EQUIP", "MOVEEQ", "TRAIN",
                "MOVETR", "RITUAL", "ESCAPE", "MINOR", "MAJOR", "MOVE", "NEXT", "ROPE", "ORDER",
                "SECRET", "HIDE", "ALTAR")  # fmt: skip
_WINDOW_VERBS = ("PAY", "DO", "SPEECH", "STRIKE", "MOVE", "SWAP", "HASTE", "ALARM")

#: the verbs each decision (``SHState.pending["kind"]``) accepts, its rule and its options
DECISIONS: dict[str, Decision] = {
    "CARD": Decision(("CARD",), "SH-4.3", lambda s, seat, who: [
        act(who, "CARD", c) for c in s.pending["offer"]]),
    "FLIP": Decision(("FLIP", "NOFLIP"), "SH-14.1", _flip_options),
    "PHASE": Decision(_PHASE_VERBS, "SH-7.1", lambda s, seat, who: invader.legal(s, seat)),
    "STONE": Decision(("STONE",), "SH-8.4.1", lambda s, seat, who: [
        act(who, "STONE", x) for x in SECTIONS if sum(s.walls[x]) < 5]),
    "WINDOW": Decision(_WINDOW_VERBS, "SH-6.3", _window_options),
    "CANNON": Decision(("CANNON",), "SH-18.2.1", _assault("CANNON")),
    "AIM": Decision(("AIM",), "SH-18.2.2", _assault("AIM")),
    "FIRE": Decision(("FIRE",), "SH-18.2.2", _assault("FIRE")),
    "KEEP": Decision(("KEEP",), "SH-14.1", _assault("KEEP")),
    "KILL": Decision(("KILL",), "SH-18.2.3", _assault("KILL")),
    "WRECK": Decision(("WRECK",), "SH-18.2.4", _assault("WRECK")),
    "SHOOT": Decision(("SHOOT", "HOLD"), "SH-18.2.6", _assault("SHOOT")),
    "LOSE": Decision(("LOSE",), "SH-18.5.5", _assault("LOSE")),
    "SNIPE": Decision(("SNIPE",), "SH-18.2.7", _assault("SNIPE")),
    "SMITE": Decision(("SMITE",), "SH-17.7.6", _assault("SMITE")),
    "THROW": Decision(("THROW",), "SH-18.4.2", _assault("THROW")),
    "EXPLODE": Decision(("EXPLODE",), "SH-13.6", _assault("EXPLODE")),
    "CALL": Decision(("CALL",), "SH-13.6", _assault("CALL")),
    "HEAL": Decision(("HEAL",), "SH-18.6", _assault("HEAL")),
    "SPECTER": Decision(("SPECTER",), "SH-12.3", _assault("SPECTER")),
    "DESCEND": Decision(("DESCEND",), "SH-9.7", _assault("DESCEND")),
}  # fmt: skip


def rule_of(decision: str, a: SHAction) -> str:
    """The rule an action refused at ``decision`` breaks: its verb's, or the one its
    verb names for that decision."""
    verb = VERBS[a.verb]
    return verb.rules.get(decision, verb.rule)


def play(s: SHState, i: int, a: SHAction, log: list | None) -> None:
    """Play a legal action: its ACT line to the log (public, or each Invader's for a
    secret one), then its verb's effect."""
    verb = VERBS[a.verb]
    if log is not None:
        if verb.secret:
            for seat in range(s.n_inv):  # both Invaders see every order (SH-22.5)
                log.append((seat, "ACT", str(a)))
        else:
            log.append((PUBLIC, "ACT", str(a)))
    verb.effect(s, i, a.args, log)


def _make(who: str, verb: Verb, arg: str, groups: list, text: str) -> SHAction:
    """The action of a text whose verb and arguments were read (game.core.verbs): its
    arguments are the words of the argument text."""
    return act(who, verb.name, *arg.split())


#: parse the canonical text of an action; BadNotation if it is not one
parse_action: Callable[[str], SHAction] = verb_parser(
    VERBS,
    r"\s*(I|D|IW|IE|DW|DE)\s*:\s*([A-Z]+)((?:\s+\S+)*)\s*",
    _make,
    Wording(
        not_action="'{text}' is not an action: expected '<seat>: VERB args'",
        unknown="'{text}': unknown verb {verb}",
    ),
)


def as_action(action: SHAction | str) -> SHAction:
    """An action, from itself or its text (the words and the table are given either)."""
    return parse_action(action) if isinstance(action, str) else action


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(SHAction, parse_action, "Stronghold", (str, str, tuple))
