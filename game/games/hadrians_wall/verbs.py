"""Hadrian's Wall's verbs, each declared once: one ``Verb`` per line of the notation table.

A verb is everything the program knows of one kind of decision of the HW-14.3 decision
catalogue: its notation, its spec IDs, which instances are legal, what it does to the
state, its words (the menu label and the log sentence) and what a click on the table
stands for it.  The engine (rules.py), the words (words.py) and the table (view.py) read
this table; none of them names a verb in an if/elif chain.

Every action is written ``<clan>: <VERB> [args]`` with the clan's colour letter:

=============================  ==============================================  =========
text                           meaning                                         rule
=============================  ==============================================  =========
``G: ASIDE FIL``               set aside one card of the 7 in hand             HW-7.2
``G: PLACE 3 ARC1``            lay a card face down at the next free position   HW-7.3
``G: QWN R-CHA``               Qween target: Red's fresh Ch'ariott              HW-9.1.2
``G: DRU NF6a`` / ``G: DRU -`` take a later fort / take the contested one       HW-9.2.2
``G: AXX KEEP`` / ``G: AXX -`` keep the fresh Axx in the line or not            HW-9.4
``G: KOM FIL`` / ``G: KOM -``  KomFort: keep this weakest card / keep none      HW-10.2
``G: UNA FH2a``                FortUna: discard this fort from the pile         HW-10.4
``G: FOK DRU``                 Fort Fokus: discard this line card               HW-10.3
``G: HRS DRU``                 Horsie: discard this line card                   HW-9.7.2
``G: SVD -``                   Svord: leave the face-down cards as they are     HW-9.3.1
``G: SVD 4 CHA``               Svord: put this face-down card at position 4     HW-9.3.1
=============================  ==============================================  =========

Placement and the Svord rearrangement go position by position from the left, so any
one-to-one assignment is reachable and each step offers at most 6 options.  A decision
with a single legal option is made by the engine and logged.

``DECISIONS`` says which verb each decision step accepts (``step_of``: the phase, the
orders split in their two steps), with the rule a wrong action breaks and the decision's
name in the HW-14.3 catalogue.  The parts of a ``Verb`` that speak (``label``,
``sentence``) are handed ``say``, the words' kit of words.py (``say._``, ``say.card``,
``say.title``, ``say.fort``, ``say.clan``): this module imports no window code and stays
on the rules side (tests/test_boundaries.py).  The parts that act (``effect``) are handed
the engine, whose steps (the capture, the keeps, the rounds) they call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.core.contract import PUBLIC
from game.core.notation import action_reader
from game.core.verbs import Decision as BaseDecision
from game.core.verbs import Verb as BaseVerb
from game.core.verbs import Wording, verb_parser

from .content import COLOURS, DECK, FORT_IDS, FORTS, STRENGTH, TYPE
from .observe import Observation
from .state import AXX, DRU, FOK, HRS, KOM, ORDERS, QWN, SVD, UNA, HWState


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


@dataclass(frozen=True, kw_only=True)
class Verb(BaseVerb):
    """One verb (game/games/README.md walks through adding one): the fields every game's
    verbs have (game.core.verbs.Verb: ``name``, ``decision`` the step of ``DECISIONS``
    that accepts it, ``rule`` the rule of that decision (HW-14.3), cited for a wrong
    action there, ``shape`` whose groups give ``a`` and ``b``, ``effect``, ``label``,
    ``sentence``, ``target``), then what Hadrian's Wall's have more, with the default of
    the others.  Its ``effect`` is called with (engine, state, action, log) and goes on
    with the rounds (R10) when they need no decision; it returns True, or a ``checks``
    verb returns False instead, having changed nothing, when the action is not legal now.
    Its ``label`` is called with (say, observation, action), its ``sentence`` with (say,
    clan name, action) and its ``target`` with (observation, action)."""

    #: its legal instances at its decision: (state, clan, colour letter), in menu order
    options: Callable[[HWState, int, str], list[HWAction]]
    #: its line is seen by its own clan only until all are in (HW-14.1, HW-8.5.1)
    secret: bool = False
    #: its effect checks the action itself: the frequent decisions (the orders and the
    #: Svord steps, nine of ten in a game) are not looked for in a list of legal actions
    checks: bool = False
    #: draws one of its options as ``rng.choice(options(...))`` would, without making the
    #: list: (engine, state, clan, rng); None: from the list
    draw: Callable[[Any, HWState, int, Any], HWAction] | None = None


@dataclass(frozen=True)
class Decision(BaseDecision):
    name: str  # its row of the HW-14.3 decision catalogue

    @property
    def verb(self) -> str:
        """The one verb it accepts."""
        return self.verbs[0]


# ------------------------------------------------------------------ the actions, made once
# Every action is made once (actions are immutable, and the same object compares equal at
# once): verb -> colour -> argument for the one-argument decisions (a card, a fort, "-",
# "KEEP", a Qween target "R-CHA"), verb -> colour -> wall index -> card for the placements
# and Svord moves.
POSITION = ("1", "2", "3", "4", "5", "6")  # wall index -> position text (HW-6.1)
_ARGS = (*DECK, *FORT_IDS, "-", "KEEP", *(f"{k}-{x}" for k in COLOURS for x in DECK))
ONE = {
    verb: {col: {x: HWAction(col, verb, x, "") for x in _ARGS} for col in COLOURS}
    for verb in ("ASIDE", QWN, DRU, AXX, KOM, UNA, FOK, HRS, SVD)
}
AT = {
    verb: {
        col: [{x: HWAction(col, verb, pos, x) for x in DECK} for pos in POSITION] for col in COLOURS
    }
    for verb in ("PLACE", SVD)
}
_AFTER = tuple(tuple(range(k, 6)) for k in range(7))  # round k -> the wall indexes after it


# ------------------------------------------------------------------ the option rules
def qween_targets(s: HWState, q: int) -> list[int]:
    """HW-9.1.2: another clan's fresh card still in its owner's line after R2."""
    line, fresh = s.line, s.fresh
    targets = []  # (loops rather than comprehensions here: cheaper for a few items)
    for t in range(len(line)):
        if t != q and line[t] and line[t][-1] == fresh[t]:
            targets.append(t)
    return targets


def komfort_options(s: HWState, c: int) -> list[str]:
    """HW-10.2: the lowest-strength cards among those the capturer would discard."""
    kept = s.kept
    rest = []
    low = None
    for x in s.line[c]:
        if x not in kept:
            rest.append(x)
            if low is None or STRENGTH[x] < low:
                low = STRENGTH[x]
    lowest = []
    for x in rest:
        if STRENGTH[x] == low:
            lowest.append(x)
    return lowest


def fortuna_options(s: HWState, c: int) -> list[str]:
    """HW-10.4: another fort of the pile; FortUna itself only if there is none."""
    others = []
    for f in s.piles[c]:
        if f != "UNA":
            others.append(f)
    return others or ["UNA"]


def horsie_options(s: HWState, c: int) -> list[str]:
    """HW-9.7.2: a line card other than this Horsie, else the Horsie, else none."""
    horse = s.fresh[c]
    others = []
    for x in s.line[c]:
        if x != horse:
            others.append(x)
    if others:
        return others
    return [horse] if horse in s.line[c] else []


def svord_positions(s: HWState, c: int) -> tuple[int, ...] | list[int]:
    """HW-9.3.1: the positions after this round's that still hold a face-down card."""
    facedown = s.facedown[c]
    # every one of them (HW-INV-5); card ids are true, so all() finds a None without
    # comparing each card to it
    if all(facedown[s.rnd :]):
        return _AFTER[s.rnd]
    return [p for p in range(s.rnd, 6) if facedown[p] is not None]


def svord_step(s: HWState, c: int) -> tuple[bool, int, list[str]]:
    """HW-9.3.1: the Svord step of clan ``c``: whether it may still leave the cards as
    they are (before its first move only), the wall index to fill next, and the
    face-down cards not placed yet."""
    plan = s.svord.get(c)
    facedown = s.facedown[c]
    positions = svord_positions(s, c)
    rest = []
    if not plan:
        for p in positions:
            rest.append(facedown[p])
        return True, positions[0], rest
    for p in positions:
        if facedown[p] not in plan:
            rest.append(facedown[p])
    return False, positions[len(plan)], rest


def step_of(s: HWState, c: int) -> str:
    """The decision step (a key of ``DECISIONS``) clan ``c`` is asked for: the phase, the
    orders in two steps, setting aside until 3 cards are aside (HW-7.2), then placing."""
    ph = s.phase
    if ph == ORDERS:
        return "ASIDE" if len(s.aside[c]) < 3 else "PLACE"
    return ph


def _names(say, a: HWAction) -> str:
    """A menu entry naming the fort or the warrior (a place in the orders by its number)."""
    names = [
        say.fort(x) if x in FORTS else say.title(x) if x in TYPE else x
        for x in (a.a, a.b)
        if x and x != "-"
    ]
    return ", ".join(names) or str(a)


def _said(s: HWState, a: HWAction, log: list | None, secret: bool = False) -> None:
    """The decision's line in the log: public, or its clan's until all are in."""
    if log is not None:
        log.append((s.waiting[0] if secret else PUBLIC, "ACT", str(a)))


def _go_on(eng, s: HWState, stopped: bool, log: list | None) -> bool:
    """After a decision of a round: the next rounds (R10) unless a step stopped the engine."""
    if not stopped:
        eng._begin_round(s, log)
    return True


def _own_record(s: HWState) -> None:
    """The rest of the round completes its record (taken, pile_before, pile_after): a
    copy of its own, as a clone of the state waiting here shares the record."""
    record = s._round
    if record:
        s._round = record[:] if type(record) is list else dict(record)


# ------------------------------------------------------------------ ASIDE (HW-7.2)
def _aside_options(s: HWState, c: int, col: str) -> list[HWAction]:
    one = ONE["ASIDE"][col]
    return [one[x] for x in s.hand[c]]


_ASIDE_ONE = ONE["ASIDE"]  # (bound once: a look-up fewer on the playouts' path)


def _aside_draw(eng, s: HWState, c: int, rng) -> HWAction:
    hand = s.hand[c]
    return _ASIDE_ONE[s.colours[c]][hand[rng.below(len(hand))]]


def _aside(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-7.2: set one card of the hand aside (checked here)."""
    waiting = s.waiting
    if s.phase != ORDERS or not waiting:
        return False
    c = waiting[0]
    clan, _verb, x, y = a
    aside = s.aside[c]
    if clan != s.colours[c] or len(aside) >= 3 or y:
        return False
    hand = s.hand[c]
    try:  # (the card is looked for once: ``index`` fails where ``in`` is false)
        j = hand.index(x)
    except ValueError:
        return False
    if log is not None:
        log.append((c, "ACT", str(a)))
    del hand[j]
    aside.append(x)
    return True


ASIDE = Verb(
    "ASIDE",
    "ASIDE",
    "HW-7.2",
    rf"({'|'.join(DECK)})()",
    options=_aside_options,
    effect=_aside,
    label=lambda say, obs, a: _names(say, a),
    sentence=lambda say, clan, a: say._("{clan} sets aside {card}.").format(
        clan=clan, card=say.card(a.a)
    ),
    target=lambda obs, a: ("hand", a.a),
    secret=True,
    checks=True,
    draw=_aside_draw,
)


# ------------------------------------------------------------------ PLACE (HW-7.3)
def _place_options(s: HWState, c: int, col: str) -> list[HWAction]:
    at = AT["PLACE"][col][s.facedown[c].index(None)]
    return [at[x] for x in s.hand[c]]


# HW-7.3: the next free position from the left.  The positions fill from the left and the
# cards neither in the hand (``size``: 1 to 6 of them) nor set aside are placed
# (HW-INV-1), so it is found without comparing every card to None (``6 - size``), and
# searched for in any other state.  The three lines are written out in the draw and in
# the check (a function of their own cost a call at each of the two, at seven of ten
# decisions of a game: see ``_place``).
_PLACE_AT = AT["PLACE"]  # (bound once: a look-up fewer on the playouts' path)


def _place_draw(eng, s: HWState, c: int, rng) -> HWAction:
    hand = s.hand[c]
    size = len(hand)
    card = hand[rng.below(size)]
    facedown = s.facedown[c]
    i = 6 - size  # the next free position (see above)
    if facedown[i] is not None or i and facedown[i - 1] is None:
        i = facedown.index(None)
    return _PLACE_AT[s.colours[c]][i][card]


def _place(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-7.3: lay a card face down at the next free position, checked here (False, and
    nothing changed, if ``a`` is not such a placement of ``s.waiting[0]``); the engine
    places the last card, and after the last clan's orders the rounds begin.  (Checked
    and made in one function: a check of its own cost a call at two of three decisions of
    a game, 0.1 microseconds a placement: with the round's record written by a function
    and the round's steps looked up once a turn (rules.py), apply takes 3 % less CPU time,
    random playouts 5 % less: 6,000 games, three runs alternated, medians 2.832 against
    2.917 microseconds an apply, 1.144 s against 1.199 s of playouts.)"""
    waiting = s.waiting
    if s.phase != ORDERS or not waiting:
        return False
    c = waiting[0]
    clan, _verb, x, y = a
    if clan != s.colours[c] or len(s.aside[c]) < 3:
        return False
    hand = s.hand[c]
    facedown = s.facedown[c]
    i = 6 - len(hand)  # the next free position (see above)
    if facedown[i] is not None or i and facedown[i - 1] is None:
        i = facedown.index(None)
    if x != POSITION[i] or y not in hand:
        return False
    if log is not None:
        log.append((c, "ACT", str(a)))
    hand.remove(y)
    facedown[i] = y
    if len(hand) < 2:  # a single option left: the engine places the last card
        _last_placed(eng, s, c, log)
    return True


def _last_placed(eng, s: HWState, c: int, log: list | None) -> None:
    """The engine places the clan's last card (its one option), and its orders are given."""
    hand = s.hand[c]
    if hand:
        if log is not None:
            log.append((c, "ACT", f"{s.colours[c]}: PLACE 6 {hand[0]}"))
        s.facedown[c][5] = hand.pop()
    _orders_given(eng, s, log)


def _orders_given(eng, s: HWState, log: list | None) -> None:
    """The clan to act has placed its last card: the next clan's orders, or the rounds."""
    waiting = s.waiting
    c = waiting.pop(0)
    if log is not None:
        log.append((PUBLIC, "ORDERS", s.colours[c]))
    if not waiting:
        eng._begin_round(s, log)


PLACE = Verb(
    "PLACE",
    "PLACE",
    "HW-7.3",
    rf"([1-6]) ({'|'.join(DECK)})",
    options=_place_options,
    effect=_place,
    label=lambda say, obs, a: _names(say, a),
    sentence=lambda say, clan, a: say._("{clan} orders {card} to position {p}.").format(
        clan=clan, card=say.card(a.b), p=a.a
    ),
    target=lambda obs, a: ("hand", a.b),
    secret=True,
    checks=True,
    draw=_place_draw,
)


# ------------------------------------------------------------------ QWN (HW-9.1)
def _qwn_options(s: HWState, c: int, col: str) -> list[HWAction]:
    one = ONE[QWN][col]
    return [one[f"{s.colours[t]}-{s.fresh[t]}"] for t in qween_targets(s, c)]


def _qwn(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-9.1.3: the seduced card's strength moves to the Qween's clan; R4 on."""
    _said(s, a, log)
    t = s.colours.index(a.a[0])
    s.seduced = [s.waiting[0], t, a.a[2:]]
    s.waiting = []
    return _go_on(eng, s, eng._resolve_round(s, log), log)


def _qwn_target(obs: Observation, a: HWAction) -> tuple:
    colours = [cl["colour"] for cl in obs["clans"]]
    return ("line", colours.index(a.a[0]), a.a[2:])


QWN_VERB = Verb(
    QWN,
    QWN,
    "HW-9.1.2",
    rf"([{''.join(COLOURS)}]-(?:{'|'.join(DECK)}))()",
    options=_qwn_options,
    effect=_qwn,
    label=lambda say, obs, a: _names(say, a),
    sentence=lambda say, clan, a: say._("{clan}'s Qween borrows {other}'s {card}.").format(
        clan=clan, other=say.clan(a.a[0]), card=say.title(a.a[2:])
    ),
    target=_qwn_target,
)


# ------------------------------------------------------------------ DRU (HW-9.2)
def _dru_options(s: HWState, c: int, col: str) -> list[HWAction]:
    one = ONE[DRU][col]
    options = [one["-"]]
    for f in s.wall[s.rnd :]:
        if f is not None:
            options.append(one[f])
    return options


def _dru(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-9.2.3: the fort chosen is captured (R7.1 on)."""
    _said(s, a, log)
    _own_record(s)
    s.waiting = []
    return _go_on(eng, s, eng._capture(s, None if a.a == "-" else a.a, log), log)


DRU_VERB = Verb(
    DRU,
    DRU,
    "HW-9.2.2",
    rf"({'|'.join(FORTS)}|-)()",
    options=_dru_options,
    effect=_dru,
    label=lambda say, obs, a: say._("Take the contested fort") if a.a == "-" else _names(say, a),
    sentence=lambda say, clan, a: (
        say._("{clan} takes the contested fort.").format(clan=clan)
        if a.a == "-"
        else say._("{clan}'s Dru'hid takes {fort} instead.").format(clan=clan, fort=say.fort(a.a))
    ),
    target=lambda obs, a: ("wall", a.a) if a.a != "-" else None,
)


# ------------------------------------------------------------------ AXX (HW-9.4)
def _axx_options(s: HWState, c: int, col: str) -> list[HWAction]:
    one = ONE[AXX][col]
    return [one["KEEP"], one["-"]]


def _axx(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-9.4.1: the fresh Axx stays in the line or not; then KomFort (HW-9.4.4)."""
    _said(s, a, log)
    _own_record(s)
    c = s.waiting[0]
    s.waiting = []
    if a.a == "KEEP":
        s.kept.append(s.fresh[c])
    return _go_on(eng, s, eng._komfort(s, log), log)


AXX_VERB = Verb(
    AXX,
    AXX,
    "HW-9.4",
    r"(KEEP|-)()",
    options=_axx_options,
    effect=_axx,
    label=lambda say, obs, a: (
        say._("Keep the Axx in the line") if a.a == "KEEP" else say._("Let the Axx go")
    ),
    sentence=lambda say, clan, a: (
        say._("{clan} keeps its Axx in the line.").format(clan=clan)
        if a.a == "KEEP"
        else say._("{clan} lets its Axx go.").format(clan=clan)
    ),
)


# ------------------------------------------------------------------ KOM (HW-10.2)
def _kom_options(s: HWState, c: int, col: str) -> list[HWAction]:
    one = ONE[KOM][col]
    return [one["-"], *map(one.__getitem__, komfort_options(s, c))]


def _kom(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-10.2: the card kept, then the rest of the line discarded (R7.3)."""
    _said(s, a, log)
    _own_record(s)
    s.waiting = []
    if a.a != "-":
        s.kept.append(a.a)
    return _go_on(eng, s, eng._discard_line(s, log), log)


KOM_VERB = Verb(
    KOM,
    KOM,
    "HW-10.2",
    rf"({'|'.join(DECK)}|-)()",
    options=_kom_options,
    effect=_kom,
    label=lambda say, obs, a: say._("Keep no warrior") if a.a == "-" else _names(say, a),
    sentence=lambda say, clan, a: (
        say._("{clan} keeps no warrior (KomFort).").format(clan=clan)
        if a.a == "-"
        else say._("{clan} keeps {card} (KomFort).").format(clan=clan, card=say.card(a.a))
    ),
    target=lambda obs, a: ("line", obs["seat"], a.a) if a.a != "-" else None,
)


# ------------------------------------------------------------------ UNA (HW-10.4)
def _una_options(s: HWState, c: int, col: str) -> list[HWAction]:
    return list(map(ONE[UNA][col].__getitem__, fortuna_options(s, c)))


def _una(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """HW-10.4: the fort leaves the pile; R8 on."""
    _said(s, a, log)
    _own_record(s)
    s.waiting = []
    eng._drop_fort(s, a.a, log)
    return _go_on(eng, s, eng._horsie(s, log), log)


UNA_VERB = Verb(
    UNA,
    UNA,
    "HW-10.4",
    rf"({'|'.join(FORTS)})()",
    options=_una_options,
    effect=_una,
    label=lambda say, obs, a: _names(say, a),
    sentence=lambda say, clan, a: say._("{clan} chooses {fort} to discard (FortUna).").format(
        clan=clan, fort=say.fort(a.a)
    ),
    target=lambda obs, a: ("pile", obs["seat"], a.a),
)


# ------------------------------------------------------------------ FOK, HRS (HW-10.3, 9.7)
def _fok_options(s: HWState, c: int, col: str) -> list[HWAction]:
    return list(map(ONE[FOK][col].__getitem__, s.line[c]))


def _hrs_options(s: HWState, c: int, col: str) -> list[HWAction]:
    return list(map(ONE[HRS][col].__getitem__, horsie_options(s, c)))


def _secret_discard(step: str):
    """The effect of one clan's secret discard: kept until every clan has chosen, then
    all made together (HW-8.5.1)."""

    def effect(eng, s: HWState, a: HWAction, log: list | None) -> bool:
        _said(s, a, log, secret=True)
        s.choices[s.waiting[0]] = a.a
        s.waiting.pop(0)
        return _go_on(eng, s, bool(s.waiting) or eng._finish_simultaneous(s, step, log), log)

    return effect


def _discard_sentence(say, clan: str, a: HWAction) -> str:
    return say._("{clan} chooses {card} to discard.").format(clan=clan, card=say.card(a.a))


def _own_line(obs: Observation, a: HWAction) -> tuple:
    return ("line", obs["seat"], a.a)


FOK_VERB = Verb(
    FOK,
    FOK,
    "HW-10.3",
    rf"({'|'.join(DECK)})()",
    options=_fok_options,
    effect=_secret_discard(FOK),
    label=lambda say, obs, a: _names(say, a),
    sentence=_discard_sentence,
    target=_own_line,
    secret=True,
)

HRS_VERB = Verb(
    HRS,
    HRS,
    "HW-9.7.2",
    rf"({'|'.join(DECK)})()",
    options=_hrs_options,
    effect=_secret_discard(HRS),
    label=lambda say, obs, a: _names(say, a),
    sentence=_discard_sentence,
    target=_own_line,
    secret=True,
)


# ------------------------------------------------------------------ SVD (HW-9.3)
def _svd_options(s: HWState, c: int, col: str) -> list[HWAction]:
    may_keep, i, rest = svord_step(s, c)
    moves = AT[SVD][col][i]
    options = [ONE[SVD][col]["-"]] if may_keep else []
    for x in rest:
        options.append(moves[x])
    return options


def _svd_draw(eng, s: HWState, c: int, rng) -> HWAction:
    may_keep, i, rest = svord_step(s, c)
    col = s.colours[c]
    if may_keep:  # the options: leave them, then each card left
        k = rng.below(1 + len(rest))
        return ONE[SVD][col]["-"] if k == 0 else AT[SVD][col][i][rest[k - 1]]
    return AT[SVD][col][i][rest[rng.below(len(rest))]]


def _svd_checked(s: HWState, a: HWAction) -> tuple | None:
    """HW-9.3.1: one Svord step of ``s.waiting[0]`` (one of the options of
    ``svord_step``): (clan, its plan so far, the positions, its face-down cards), or None
    if ``a`` is not one."""
    waiting = s.waiting
    if s.phase != SVD or not waiting:
        return None
    c = waiting[0]
    clan, _verb, x, y = a
    if clan != s.colours[c]:
        return None
    plan = s.svord.get(c)
    positions = svord_positions(s, c)
    facedown = s.facedown[c]
    if x == "-":  # leave the cards as they are: only before the first move
        if plan or y:
            return None
    elif (
        x != POSITION[positions[len(plan) if plan else 0]]
        or y not in facedown[s.rnd :]  # the face-down cards are those at ``positions``
        or (plan and y in plan)
    ):
        return None
    return c, plan, positions, facedown


def _svd(eng, s: HWState, a: HWAction, log: list | None) -> bool:
    """One Svord step, checked here; after the last clan's plan the plans are made and
    R10 follows."""
    checked = _svd_checked(s, a)
    if checked is None:
        return False
    c, plan, positions, facedown = checked
    if log is not None:
        log.append((c, "ACT", str(a)))
    if plan is None:
        plan = s.svord[c] = []
    if a.a != "-":
        plan.append(a.b)
        if len(plan) == len(positions) - 1:  # the last card has one place left
            for p in positions:
                if facedown[p] not in plan:
                    plan.append(facedown[p])
                    break
    if a.a == "-" or len(plan) == len(positions):
        waiting = s.waiting
        waiting.pop(0)
        if not waiting:
            eng._apply_svord(s, log)
            eng._begin_round(s, log)  # R10
    return True


SVD_VERB = Verb(
    SVD,
    SVD,
    "HW-9.3.1",
    rf"(-)()|([1-6]) ({'|'.join(DECK)})",
    options=_svd_options,
    effect=_svd,
    label=lambda say, obs, a: (
        say._("Leave the orders as they are") if a.a == "-" else _names(say, a)
    ),
    sentence=lambda say, clan, a: (
        say._("{clan} leaves its orders as they are.").format(clan=clan)
        if a.a == "-"
        else say._("{clan} moves {card} to position {p}.").format(
            clan=clan, card=say.card(a.b), p=a.a
        )
    ),
    target=lambda obs, a: ("fd", obs["seat"], a.b) if a.a != "-" else None,
    secret=True,
    checks=True,
    draw=_svd_draw,
)


# ------------------------------------------------------------------ the tables
#: every verb by its name, in the order of the notation table
VERBS: dict[str, Verb] = {v.name: v for v in (
    ASIDE, PLACE, QWN_VERB, DRU_VERB, AXX_VERB, KOM_VERB, UNA_VERB, FOK_VERB, HRS_VERB,
    SVD_VERB)}  # fmt: skip

#: the verb each decision step (``step_of``) accepts, in the order of HW-14.3
DECISIONS: dict[str, Decision] = {
    "ASIDE": Decision(("ASIDE",), "HW-7.2", "card to set aside"),
    "PLACE": Decision(("PLACE",), "HW-7.3", "placement"),
    QWN: Decision((QWN,), "HW-9.1.2", "Qween target"),
    DRU: Decision((DRU,), "HW-9.2.2", "Dru'hid fort"),
    AXX: Decision((AXX,), "HW-9.4", "Axx keep"),
    KOM: Decision((KOM,), "HW-10.2", "KomFort keep"),
    FOK: Decision((FOK,), "HW-10.3", "Fort Fokus discard"),
    UNA: Decision((UNA,), "HW-10.4", "FortUna discard"),
    HRS: Decision((HRS,), "HW-9.7.2", "Horsie discard"),
    SVD: Decision((SVD,), "HW-9.3.1", "Svord rearrangement"),
}


def _make(clan: str, verb: Verb, arg: str, groups: list, text: str) -> HWAction:
    """The action of a text whose verb and arguments were read (game.core.verbs): the
    shape's groups give ``a`` and ``b``."""
    a, b = (groups + ["", ""])[:2]
    return HWAction(clan, verb.name, a, b)


#: parse the canonical text of an action; BadNotation if it is not one
parse_action: Callable[[str], HWAction] = verb_parser(
    VERBS,
    rf"\s*([{''.join(COLOURS)}])\s*:\s*([A-Z]+)\s*(.*?)\s*",
    _make,
    Wording(not_action="'{text}' is not an action: expected '<G|R|Y|B>: VERB args'"),
)


def as_action(action: HWAction | str) -> HWAction:
    """An action, from itself or its text (the words and the table are given either)."""
    return parse_action(str(action)) if isinstance(action, str) else action


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(HWAction, parse_action, "Hadrian's Wall", (str, str, str, str))
