"""Runes of Mayhem's verbs, each declared once: one ``Verb`` per verb of the notation table.

A verb is everything the program knows of one kind of decision (RM-26.3, RM-26.4): its
notation, its spec IDs, when it is legal and which instances are, what it does to the
state, its words (the menu label, which is also its log line) and what a click on the
table stands for it.  The engine (rules.py and its parts rules_board, rules_combat,
rules_main), the words (words.py), the table (view.py) and the computer seats (ai.py:
which rule of thumb looks at a verb, and when, and what the search grows) read this
table; none of them names a verb in an if/elif chain.

Every action is written ``<side>: <VERB> [args]`` with the side ``V`` or ``A``:

=====================================  ==========================================  =========
text                                   meaning                                     rule
=====================================  ==========================================  =========
``V: MULL V-ONG#1,V-VAN#1``            mulligan these cards (``MULL -``: none)     RM-5.6
``V: TOK 4/3``                         token split gold/faith                      RM-5.7
``V: RE V-AXE#1@V21 V-SPR#1@VW``       new places of the moved units (``RE -``)    RM-8.2
``V: OPEN 2`` / ``CLOSE`` / ``EC``     open / close a column, end the step         RM-10.1
``V: F V21>A21``                       fight (``AW:A-CDF#1>V31`` from the Wall)    RM-10.2
``V: CONT`` / ``STOP`` / ``COV``       continue, stop, fight the owed cover        RM-10.4
``V: FL A31``                          flank fight against A31                     RM-16.5
``V: SG V21>AF``                       siege                                       RM-11
``V: HEAL V13:V21,V22``                heal (``HEAL -``: no more heals)            RM-13.3
``V: PLAY V-ARC#1@V12 DS>A21``         play a card; extras ``DS>x`` ``HA>x``       RM-14.4
                                       ``LOCK g|f``
``A: TRADE`` then ``A: TRADE 3/2``     roll three dice, then split the total       RM-14.6
``V: MOVE g>f 2``                      move production tokens                      RM-14.2
``V: SAC V11``                         sacrifice a unit (``VW:V-SPR#1`` on a Wall) RM-14.7
``V: END``                             end the Main phase                          RM-14.1
``A: RET g``                           a freed token goes to the gold card         RM-16.9
``V: DISC V-AXE#2`` / ``DISC -``       discard step                                RM-15.1
``V: DECK V-AXE#1,...`` / ``DECK -``   an X1 deck list (``-``: the default deck)   RM-19
``V: KING K-RAG/A``                    King and side                               RM-18.2
``A: FLIP A21T TW-KEEP >f``            turn a tower up, its token to faith         RM-25.4
``V: HIRE V-AXE#3 M-VAR@V31``          discard a card, hire a mercenary            RM-23.3
``V: LAY TR-PIT@A12``                  lay a trap                                  RM-24.3
``V: TRAP TR-PIT A``                   the option of a revealed trap               RM-24.5
``A: BUILD TW-KEEP@A21 g``             build a tower with a gold-card token        RM-25.3
``V: FIELD @V12`` (``@V12 SAC``)       the King takes the field                    RM-22.2
``A: RESTORE``                         Edward B: pay 2g, restore 2 SP              RM-27.6
``V: SG V21>A21T``                     besiege a face-up tower                     RM-25.6
``V: PLAY V-ULF#1@V21 HOWL V-WLF#2``   Howl takes a Hound                          RM-21.1
``V: CONCEDE``                         concede the game                            RM-17.4
=====================================  ==========================================  =========

The card lists of ``MULL``, ``DECK``, ``RE`` and ``HEAL`` are kept in sorted order (the
parser sorts them), so ``parse_action(str(a)) == a``.  Dice are rolled by the engine and
appear in the events, never in an action.

``DECISIONS`` says which verbs each decision step (``RMState.step``, RM-6.2) accepts, in
the order of its legal actions; a freed Looter token (``RET``, RM-16.9) is asked before
any step.  The parts of a ``Verb`` that speak (``label``, ``confirm``) are handed ``say``,
the words' kit of words.py (``say._``, ``say.ngettext``, ``say.card_name``, ...): this
module imports no window code and stays on the rules side (tests/test_boundaries.py).
The parts that act (``effect``, ``options``, ``part``) are handed the engine, whose steps
(draws, fights, falls) they call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from game.core.contract import PUBLIC
from game.core.notation import action_reader
from game.core.verbs import Decision as BaseDecision
from game.core.verbs import Verb as BaseVerb
from game.core.verbs import Wording, verb_parser

from .content import (
    CARDS,
    FIELD_COST,
    KING_UNIT,
    KINGS,
    SIDES,
    TOKENS,
    TOWERS,
    code,
    deck_of,
    deck_problem,
    keys,
)
from .rules_board import ABILITY, CELLS, CELLS12, dice_text, emit, forget, split_heal
from .state import RMState

CARD = r"(?:[VA]-[A-Z]{3}#\d+|M-[A-Z]{3}|KU-[A-Z]{3})"
MERC = r"M-[A-Z]{3}"
KING = r"K-[A-Z]{3}/[AB]"
CELL = r"[VA][123][123]"
UNIT = rf"(?:{CELL}|[VA]W:{CARD})"
TARGET = rf"(?:{UNIT}|[VA]F)"

#: an action whose text is already canonical, made without checks: the menus of the Main
#: phase make thousands a playout (see ``make``): about 3,000 calls a random playout at
#: 0.097 against 0.204 us for ``RMAction(...)`` (timeit, Python 3.11); measured with every
#: call made plain instead: random playouts 3 % and apply 4 % more CPU time (150
#: playouts, five pairs alternated, medians 1.653 s against 1.609 s)
new_action = tuple.__new__


class RMAction(NamedTuple):
    side: str  # "V" or "A"
    verb: str
    arg: str = ""  # the canonical argument text

    def __str__(self) -> str:
        return f"{self.side}: {self.verb}" + (f" {self.arg}" if self.arg else "")


@dataclass(frozen=True, kw_only=True)
class Verb(BaseVerb):
    """One verb (game/games/README.md walks through adding one): the fields every game's
    verbs have (game.core.verbs.Verb: ``name``, ``decision`` the RM-6.2 step(s) that
    accept it, "BURIAL1/BURIAL2", "*" any, ``rule``, ``shape`` of its argument text,
    ``effect``, ``label``, ``target``; no ``sentence``: the label is also the log line),
    then what Runes of Mayhem's have more, with the default of the others.  Its
    ``effect`` is called with (engine, state, seat, argument, log), the engine then
    settles; its ``label`` with (say, observation or None, side, argument) and its
    ``target`` with (observation, side, argument), the items clicked in turn."""

    #: its legal instances at a decision that accepts it: (engine, state, seat, side)
    options: Callable[[Any, RMState, int, str], list[RMAction]] | None = None
    #: its part of the Main-phase menu (RM-14): (engine, state, seat, side, menu facts,
    #: parts); appends ``(verb, size, make, args)`` (rules_main.MainRules.main_parts)
    part: Callable[..., None] | None = None
    #: the sorted form of its argument (a set of cards listed in one order), or None
    canon: Callable[[str], str] | None = None
    #: its arguments are checked rather than looked up in the menu (any legal line, any
    #: legal deck list): (engine, state, seat, action) -> the reason it is refused, or None
    check: Callable[[Any, RMState, int, RMAction], str | None] | None = None
    check_rule: str = ""  # the rule a refusal of ``check`` cites
    secret: bool = False  # its log line is seen by its side only (RM-26.1)
    confirm: Callable[[Any, dict, str], str] | None = None  # asked before it: (say, obs, arg)
    #: the module it needs (RM-3) and what it takes, for a refusal (RM-18 .. RM-25)
    module: str | None = None
    needs: str = ""
    #: why an instance is refused at a decision that may accept the verb:
    #: (state, action) -> (reason, rule), or None: the decision's own rule
    why: Callable[[RMState, RMAction], tuple[str, str] | None] | None = None
    #: a Main-phase action after which a token move is a new move (all but MOVE, RM-14.2)
    ends_move: bool = True
    #: whether an instance is in the Main-phase menu, told without making the menu (a
    #: play or a sacrifice is looked at alone): (engine, state, seat, argument), or None
    in_menu: Callable[[Any, RMState, int, str], bool] | None = None
    #: a whole arrangement the table builds a move at a time (the contract's ``build_on``)
    stepwise: bool = False
    #: its instances differ by a count only (tokens moved): the table offers a stepper
    counted: bool = False
    # what the computer seats (ai.py, RM-28) make of it
    #: where the rule of thumb looks at it among a decision's verbs (lowest first, its
    #: ``thumb`` asked, else its first instance taken); None: never taken in the Main
    #: phase (its menu part left unmade)
    rank: int | None = None
    #: the rule of thumb that picks one of its instances or passes (ai.THUMBS), "": none
    thumb: str = ""
    #: the rule of thumb reads its Main-phase menu part's facts, not the actions made
    #: (a hire: hand, Lodge and free cells, dozens of actions)
    thumb_facts: bool = False
    #: what the search grows in the Main phase (RM-28.3): "ranked" the best few by
    #: placement, "all" every instance, "best" the rule of thumb's; "" only the policy's
    searched: str = ""
    siege: bool = False  # a siege: no counterattack and no defender roll (RM-11.3)
    #: it gives up an attack not made yet (close, stop, end the combat): not grown where a
    #: siege is free (RM-11.3)
    passes: bool = False

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(self.decision.split("/"))


@dataclass(frozen=True)
class Decision(BaseDecision):
    #: its legal actions when the verbs' options are not simply listed one verb after
    #: the other (engine method name); "" lists the options of ``verbs`` in order
    menu: str = ""
    refusal: str = ""  # the reason given for any refused action here, "" the default


# ------------------------------------------------------------------ reading the observation
def place_key(place: str) -> tuple:
    """The table item of a place of the notation: ``V21``, ``VW``, ``VW:card``, ``VF``,
    ``A21T``."""
    if ":" in place:
        return ("wcard", place.split(":", 1)[1])
    if len(place) == 2 and place[1] == "W":
        return ("wall", place[0])
    if len(place) == 2 and place[1] == "F":
        return ("fort", place[0])
    if len(place) == 4 and place.endswith("T"):
        return ("tower", place)
    return ("cell", place)


def _unit_key(obs: dict, card: str) -> tuple:
    """The item of a unit in play: its cell, or its card on a Wall."""
    for cell, c in obs["cells"].items():
        if c == card:
            return ("cell", cell)
    return ("wcard", card)


def _front(obs: dict, side: str, col) -> str | None:
    """The first living unit of ``side`` in column ``col``."""
    if not col:
        return None
    for r in (1, 2, 3):
        c = obs["cells"].get(f"{side}{col}{r}")
        if c and not obs["units"][c][1]:
            return c
    return None


def _mod(obs: dict) -> dict:
    return obs.get("module_data") or {}


def _lodge(obs: dict) -> list:
    return list(_mod(obs).get("lodge") or [])


def _traps(obs: dict) -> dict:
    """cell -> trap ("?" to the Anglo-Saxon) (X6)."""
    found = _mod(obs).get("traps") or {}
    return dict(found) if isinstance(found, dict) else {}


def _foe(sd: str) -> str:
    return "A" if sd == "V" else "V"


def _to_place(obs: dict, sd: str, dest: str) -> tuple:
    """A place a card goes to: the own Wall or a cell."""
    return ("wall", sd) if dest.endswith("W") else ("cell", dest)


def _none_or(dash: Callable[[str], Any]):
    """A target that is a button for ``-`` (none) and ``dash(arg)`` otherwise."""
    return lambda obs, sd, x: None if x == "-" else dash(x)


def _one(sd: str, verb: str, k: int = -1):
    """A Main-phase part of a single action."""
    one = new_action(RMAction, (sd, verb, ""))
    return one if k >= 0 else [one]


def _many(sd: str, verb: str, args: list[str], k: int = -1):
    """A Main-phase part of one action per argument."""
    if k >= 0:
        return new_action(RMAction, (sd, verb, args[k]))
    return [new_action(RMAction, (sd, verb, a)) for a in args]


# ------------------------------------------------------------------ MULL (RM-5.6)
def _mull_options(eng, s: RMState, me: int, sd: str) -> list[RMAction]:
    hand = sorted(s.hand[me])
    out = [make(sd, "MULL", "-")]
    for k in range(1, len(hand) + 1):
        out += [make(sd, "MULL", ",".join(c)) for c in combinations(hand, k)]
    return out


def _mull(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    """RM-5.6: both set aside in secret; then both draw, Viking first."""
    aside = [] if arg == "-" else arg.split(",")
    for c in aside:
        s.hand[me].remove(c)
    s.aside[me] = aside
    if me == 0:
        s.setup_seat = 1
        return
    for p in (0, 1):
        if s.mulled[p] < 0:  # (a Viking mulligan already made in an older save)
            eng._mulligan(s, p, log)
    s.step, s.setup_seat = "TOK", 0


def _mull_label(say, obs, sd: str, x: str) -> str:
    if x == "-":
        return say._("Keep this hand (no mulligan)")
    n = len(x.split(","))
    return say.ngettext(
        "Set aside {cards} and draw {n} new card", "Set aside {cards} and draw {n} new cards", n
    ).format(cards=", ".join(say.copy_label(c) for c in x.split(",")), n=n)


def _sorted_list(arg: str) -> str:
    return arg if arg == "-" else ",".join(sorted(arg.split(",")))


MULL = Verb(
    "MULL",
    "MULL",
    "RM-5.6",
    rf"-|{CARD}(?:,{CARD})*",
    effect=_mull,
    label=_mull_label,
    options=_mull_options,
    target=_none_or(lambda x: [("hand", c) for c in x.split(",")]),
    canon=_sorted_list,
    secret=True,
)


# ------------------------------------------------------------------ TOK (RM-5.7)
def _tok(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    g, f = map(int, arg.split("/"))
    s.pending_tokens[me] = [g, f]
    if me == 0:
        s.setup_seat = 1
        return
    s.tokens = s.pending_tokens
    s.pending_tokens = [None, None]
    toks = (f"{SIDES[p]}={t[0]}/{t[1]}" for p, t in enumerate(s.tokens))
    emit(log, PUBLIC, "TOKENS", *toks)
    eng._start_turn(s, 0, log)


def _tok_label(say, obs, sd: str, x: str) -> str:
    g, f = x.split("/")
    return say.ngettext(
        "{g} token on gold, {f} on faith", "{g} tokens on gold, {f} on faith", int(g)
    ).format(g=g, f=f)


TOK = Verb(
    "TOK",
    "TOK",
    "RM-5.7",
    r"[0-7]/[0-7]",
    effect=_tok,
    label=_tok_label,
    options=lambda eng, s, me, sd: [
        make(sd, "TOK", f"{g}/{TOKENS - g}") for g in range(TOKENS + 1)
    ],
    target=lambda obs, sd, x: ("gold", sd),
    secret=True,
)


# ------------------------------------------------------------------ RE (RM-8.2)
def _re(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    if arg != "-":
        eng._arrange(s, me, arg)
    s.step = "RESOLVE"
    s.combat = {
        "open": 0,
        "opened": [],
        "mode": "IDLE",
        "attacker": None,
        "target": None,
        "target_row": 0,
        "done": [],
        "sieged": [],
        "flanked": [],
    }


def _place_of(obs: dict | None, card: str) -> str | None:
    """Where ``card`` stands in ``obs``: its cell, or ``VW`` / ``AW`` on a Wall."""
    if not obs:
        return None
    for cell, c in obs.get("cells", {}).items():
        if c == card:
            return cell
    for side, wall in zip("VA", obs.get("wall") or ([], []), strict=False):
        if card in wall:
            return side + "W"
    return None


def _re_label(say, obs, sd: str, x: str) -> str:
    if x == "-":
        return say._("No change: keep the arrangement")
    moves = [p.split("@") for p in x.split(" ")]
    if len(moves) == 2 and moves[0][1] != moves[1][1] and not moves[0][1].endswith("W"):
        (c1, d1), (c2, d2) = moves
        if _place_of(obs, c1) == d2 and _place_of(obs, c2) == d1:  # each to the other's
            return say._("Swap {a} ({pa}) with {b} ({pb})").format(
                a=say.card_name(c1), pa=d2, b=say.card_name(c2), pb=d1
            )
    return "; ".join(
        say._("Move {card} to {place}").format(card=say.card_name(c), place=say.place_name(d))
        for c, d in moves
    )


def _re_target(obs: dict, sd: str, x: str) -> list | None:
    if x == "-":
        return None
    moves = [p.split("@") for p in x.split(" ")]
    if len(moves) == 2:  # a swap: a unit that goes to a cell, then that cell
        card, dest = moves[0] if not moves[0][1].endswith("W") else moves[1]
        return [_unit_key(obs, card), ("cell", dest)]
    card, dest = moves[0]
    return [_unit_key(obs, card), _to_place(obs, sd, dest)]


def _re_check(eng, s: RMState, me: int, a: RMAction) -> str | None:
    """Any legal arrangement is accepted, not only the menu's."""
    menu = s._legal
    return None if menu and a in menu else eng._check_re(s, a)


RE = Verb(
    "RE",
    "RE",
    "RM-8.2",
    rf"-|{CARD}@(?:{CELL}|[VA]W)(?: {CARD}@(?:{CELL}|[VA]W))*",
    effect=_re,
    label=_re_label,
    options=lambda eng, s, me, sd: eng._re_menu(s, me),
    target=_re_target,
    canon=lambda arg: arg if arg == "-" else " ".join(sorted(arg.split(" "))),
    check=_re_check,
    check_rule="RM-8.2",
    stepwise=True,
)


# ------------------------------------------------------------------ Resolve combats (RM-10)
def _open(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    c = s.combat
    c["open"] = int(arg)
    c["opened"].append(int(arg))
    c["mode"] = "COL"


OPEN = Verb(
    "OPEN",
    "RESOLVE",
    "RM-10.1",
    r"[123]",
    effect=_open,
    label=lambda say, obs, sd, x: say._("Open column {c}").format(c=x),
    target=lambda obs, sd, x: ("col", int(x)),
    rank=70,
    thumb="open",
)


def _close(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    c = s.combat
    if c.get("attacker"):
        eng._done(s, c["attacker"])
    c.update(open=0, mode="IDLE", attacker=None, target=None)


def _close_label(say, obs, sd: str, x: str) -> str:
    cmb = (obs or {}).get("combat") or {}
    if cmb.get("open"):
        return say._("Close column {c}").format(c=cmb["open"])
    return say._("Close the column")


CLOSE = Verb(
    "CLOSE",
    "RESOLVE",
    "RM-10.1",
    "",
    effect=_close,
    label=_close_label,
    rank=80,
    passes=True,
)


def _end_combats(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    _close(eng, s, me, arg, log)
    s.step = "BURIAL1"
    eng._open_burial(s, log)


EC = Verb(
    "EC",
    "RESOLVE",
    "RM-10.1",
    "",
    effect=_end_combats,
    label=lambda say, obs, sd, x: say._("End the combats"),
    rank=90,
    passes=True,
)


def _stop(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    eng._done(s, s.combat["attacker"])


STOP = Verb(
    "STOP",
    "RESOLVE",
    "RM-10.4",
    "",
    effect=_stop,
    label=lambda say, obs, sd, x: say._("Stop: this unit is done"),
    rank=50,
    passes=True,
)


def _attack(name: str, attacker: Callable[[Any, RMState, str], str], strike: Callable[..., None]):
    """The effect of an attack (RM-9 .. RM-11): a trap behind the attacker is revealed
    first and the attack waits for the Viking's option (RM-24.5), unless ``checked``
    (the attack resumed after it, ``rules_main._trap_option``)."""

    def effect(eng, s: RMState, me: int, arg: str, log: list | None, checked=False) -> None:
        u = attacker(eng, s, arg)
        text = f"{SIDES[me]}: {name}" + (f" {arg}" if arg else "")  # the action's text
        if not checked and eng._trap_trigger(s, u, text, log):
            return
        strike(eng, s, me, u, arg, log)

    return effect


def _fight_strike(eng, s: RMState, me: int, u: str, arg: str, log: list | None) -> None:
    un, tn = arg.split(">")
    t = eng.by_name(s, tn)
    s.last["attackers"] = s.last.get("attackers", []) + [u]
    eng._fight(s, u, t, log)
    eng._after_fight(s, u, t, tn, False)


def _fight_label(say, obs, sd: str, x: str) -> str:
    u, t = x.split(">")
    return say._("{u} fights {t}").format(u=say.unit_at(obs, u), t=say.unit_at(obs, t))


F = Verb(
    "F",
    "RESOLVE",
    "RM-10.2",
    rf"{UNIT}>{UNIT}",
    effect=_attack("F", lambda eng, s, x: eng.by_name(s, x.split(">")[0]), _fight_strike),
    label=_fight_label,
    target=lambda obs, sd, x: [place_key(p) for p in x.split(">")],
    why=lambda s, a: (
        (f"{a.arg} is not a legal fight now", "RM-10.2") if s.step == "RESOLVE" else None
    ),
    rank=60,
    thumb="fight",
)


def _again_strike(eng, s: RMState, me: int, u: str, arg: str, log: list | None) -> None:
    """The attacker fights on: the next enemy after a win, the same one after a draw or
    a flank fight, the supporter owed as cover (RM-10.4)."""
    c = s.combat
    flank = c["mode"] == "FLANK"
    if c["mode"] == "WON":
        t = eng.column_units(s, 1 - me, c["open"])[0][1]
    else:
        t = c["target"]
    tn = eng.loc(s, t)
    eng._fight(s, u, t, log)
    eng._after_fight(s, u, t, tn, flank)


def _cont_target(obs: dict, sd: str, x: str) -> tuple | None:
    cmb = obs.get("combat") or {}
    t = cmb.get("target")
    if cmb.get("mode") == "WON" or not t:
        t = _front(obs, _foe(sd), cmb.get("open"))
    return _unit_key(obs, t) if t else None


def _cov_target(obs: dict, sd: str, x: str) -> tuple | None:
    t = (obs.get("combat") or {}).get("target")
    return _unit_key(obs, t) if t else None


def _the_attacker(eng, s: RMState, x: str) -> str:
    return s.combat["attacker"]


CONT = Verb(
    "CONT",
    "RESOLVE",
    "RM-10.4",
    "",
    effect=_attack("CONT", _the_attacker, _again_strike),
    label=lambda say, obs, sd, x: say._("Fight again: continue the attack"),
    target=_cont_target,
    rank=40,
    thumb="continue",
)
COV = Verb(
    "COV",
    "RESOLVE",
    "RM-10.4",
    "",
    effect=_attack("COV", _the_attacker, _again_strike),
    label=lambda say, obs, sd, x: say._("Fight the supporter (cover, RM-10.4)"),
    target=_cov_target,
    rank=20,
    thumb="cover",
)


def _flank_strike(eng, s: RMState, me: int, u: str, arg: str, log: list | None) -> None:
    t = s.cells[arg]
    s.combat["flanked"].append(u)
    eng._fight(s, u, t, log)
    eng._after_fight(s, u, t, arg, True)


FL = Verb(
    "FL",
    "RESOLVE",
    "RM-16.5",
    CELL,
    effect=_attack("FL", _the_attacker, _flank_strike),
    label=lambda say, obs, sd, x: say._("Flank: fight {t}").format(t=say.unit_at(obs, x)),
    target=lambda obs, sd, x: ("cell", x),
    rank=30,
    thumb="flank",
)


def _siege_why(s: RMState, a: RMAction) -> tuple[str, str] | None:
    if s.step != "RESOLVE":
        return None
    if a.arg.endswith("T"):
        return "only a face-up tower in a column without living enemies", "RM-25.6"
    return f"{a.arg} is not a legal siege now", "RM-11.1"


SG = Verb(
    "SG",
    "RESOLVE",
    "RM-11.1",
    rf"{CELL}>(?:[VA]F|A[123][123]T)",
    effect=_attack(
        "SG",
        lambda eng, s, x: s.cells[x.split(">")[0]],
        lambda eng, s, me, u, x, log: eng._siege(s, u, x.split(">")[1], log),
    ),
    label=lambda say, obs, sd, x: say._("{u} besieges {fort}").format(
        u=say.unit_at(obs, x.split(">")[0]), fort=say.place_name(x.split(">")[1])
    ),
    target=lambda obs, sd, x: [place_key(p) for p in x.split(">")],
    why=_siege_why,
    rank=10,
    thumb="siege",
    siege=True,
)


# ------------------------------------------------------------------ HEAL (RM-13.3)
def _heal(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    if arg == "-":
        if s.heal_seat == s.active:
            s.heal_seat = 1 - s.active
            if len(eng._heal_legal(s, s.heal_seat)) > 1:
                return
        eng._burial_remove(s, log)
        eng._after_burial(s, log)
        return
    head, rest = split_heal(arg)
    pr = eng.by_name(s, head)
    targets = [eng.by_name(s, n) for n in rest.split(",")]
    emit(log, PUBLIC, "HEALED", head, *rest.split(","))
    eng._leave(s, pr)
    for t in targets:
        s.units[t][0] = s.units[t][1] = 0


def _heal_label(say, obs, sd: str, x: str) -> str:
    if x == "-":
        return say._("No more heals")
    head, rest = split_heal(x)
    return say._("{priest} heals {units}").format(
        priest=say.unit_at(obs, head), units=", ".join(say.unit_at(obs, n) for n in rest.split(","))
    )


def _heal_canon(arg: str) -> str:
    if arg == "-":
        return arg
    n = 2 if arg[1] == "W" else 1
    parts = arg.split(":")
    head, rest = ":".join(parts[:n]), ":".join(parts[n:])
    return head + ":" + ",".join(sorted(rest.split(",")))


def _heal_target(obs: dict, sd: str, x: str) -> list | None:
    if x == "-":
        return None
    head, rest = split_heal(x)
    return [place_key(head)] + [place_key(n) for n in rest.split(",")]


HEAL = Verb(
    "HEAL",
    "BURIAL1/BURIAL2",
    "RM-13.3",
    rf"-|{UNIT}:{UNIT}(?:,{UNIT})*",
    effect=_heal,
    label=_heal_label,
    options=lambda eng, s, me, sd: eng._heal_legal(s, me),
    target=_heal_target,
    canon=_heal_canon,
)


# ------------------------------------------------------------------ PLAY (RM-14.4)
def _play_label(say, obs, sd: str, x: str) -> str:
    parts = x.split(" ")
    card, dest = parts[0].split("@")
    text = say._("Play {card} on {place} ({cost})").format(
        card=say.card_name(card), place=say.place_name(dest), cost=say.cost_text(card)
    )
    rest = parts[1:]
    extra = ""
    i = 0
    while i < len(rest):
        p = rest[i]
        if p.startswith("DS>"):
            extra += " · " + say._("direct shot at {t}").format(t=say.unit_at(obs, p[3:]))
        elif p.startswith("HA>"):
            t = p[3:]
            if t.isdigit():
                extra += " · " + say._("Heroic Arrival on column {c}").format(c=t)
            elif "-" in t:
                extra += " · " + say._("take back {card}").format(card=say.copy_label(t))
            else:
                extra += " · " + say._("Heroic Arrival on {t}").format(t=say.unit_at(obs, t))
        elif p == "HOWL" and i + 1 < len(rest):
            extra += " · " + say._("Howl: take {card}").format(card=say.copy_label(rest[i + 1]))
            i += 1
        elif p == "LOCK" and i + 1 < len(rest):
            extra += " · " + (
                say._("lock a gold token") if rest[i + 1] == "g" else say._("lock a faith token")
            )
            i += 1
        i += 1
    if not extra and (CARDS.get(code(card), ("",) * 2)[1] == "RANGED") and not dest.endswith("W"):
        extra = " · " + say._("no direct shot")
    return text + extra


def _play_target(obs: dict, sd: str, x: str) -> list:
    """The hand card, its place, then its direct shot, Heroic Arrival, Lock or Howl."""
    parts = x.split(" ")
    card, dest = parts[0].split("@")
    foe = _foe(sd)
    path = [("hand", card), _to_place(obs, sd, dest)]
    rest = parts[1:]
    for i, p in enumerate(rest):
        if p.startswith("DS>"):
            path.append(place_key(p[3:]))
        elif p.startswith("HA>"):
            t = p[3:]
            path.append(
                ("col", int(t)) if t.isdigit() else ("discard", sd) if "-" in t else place_key(t)
            )
        elif p == "LOCK" and i + 1 < len(rest):
            path.append(("gold" if rest[i + 1] == "g" else "faith", foe))
        elif p == "HOWL" and i + 1 < len(rest):
            path.append(
                ("discard", sd) if rest[i + 1] in obs["discard"]["VA".index(sd)] else ("pile", sd)
            )
    return path


def _play_why(s: RMState, a: RMAction) -> tuple[str, str] | None:
    if s.step != "MAIN":
        return None
    if s.main.get("traded"):
        return "a trade was made this Main phase: no card play", "RM-14.3"
    return f"{a.arg} cannot be played now (cost or destination)", "RM-14.4"


PLAY = Verb(
    "PLAY",
    "MAIN",
    "RM-14",
    rf"{CARD}@(?:{CELL}|[VA]W)(?: DS>{TARGET})?(?: HA>(?:{CELL}|[123]|{CARD}))?"
    rf"(?: LOCK [gf])?(?: HOWL {CARD})?",
    effect=lambda eng, s, me, arg, log: eng._play(s, me, arg, log),
    label=_play_label,
    part=lambda eng, s, me, sd, facts, parts: eng._play_parts(s, me, sd, facts, parts),
    target=_play_target,
    why=_play_why,
    in_menu=lambda eng, s, me, arg: eng._may_play(s, me, arg),
    rank=60,
    thumb="play",
    searched="ranked",
)


# ------------------------------------------------------------------ TRADE (RM-14.6)
def _trade(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    if not arg:
        n = 4 if eng.king(s, me) == "TRADE4" else 3  # RM-27.6 Alfred B
        dice = [eng.roll(s) for _ in range(n)]
        s.main["roll"] = sum(dice)
        s.main["traded"] = True
        emit(log, PUBLIC, "TRADEROLL", dice_text(dice), sum(dice))
    else:
        g, f = map(int, arg.split("/"))
        s.gold[me] += g
        s.faith[me] += f
        s.main["roll"] = None


def _trade_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    m = s.main
    if not m.get("played") and not m.get("traded"):
        parts.append(("TRADE", 1, _one, (sd, "TRADE")))


def _trade_label(say, obs, sd: str, x: str) -> str:
    if not x:
        return say._("Trade: roll three dice for gold and faith")
    g, f = x.split("/")
    return say._("Take {g} gold and {f} faith").format(g=g, f=f)


def _trade_why(s: RMState, a: RMAction) -> tuple[str, str] | None:
    if s.step != "MAIN":
        return None
    if s.main.get("played"):
        return "a card was played this Main phase: no trade", "RM-14.3"
    return "that trade split does not match the roll", "RM-14.6"


TRADE = Verb(
    "TRADE",
    "MAIN",
    "RM-14",
    r"|\d+/\d+",
    effect=_trade,
    label=_trade_label,
    part=_trade_part,
    target=lambda obs, sd, x: ("gold", sd) if x else None,
    why=_trade_why,
    rank=70,
    searched="all",
)


# ------------------------------------------------------------------ MOVE (RM-14.2)
def _move(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    d, n = arg.split(" ")
    n = int(n)
    i = "gf".index(d[0])
    s.tokens[me][i] -= n
    s.tokens[me][1 - i] += n
    s.main["moved"] = True


def _moves(sd: str, gt: int, ft: int, k: int = -1):
    """RM-14.2: one move of any amount either way."""
    if k >= 0:
        return new_action(RMAction, (sd, "MOVE", f"g>f {k + 1}" if k < gt else f"f>g {k - gt + 1}"))
    return _many(sd, "MOVE", [f"g>f {n}" for n in range(1, gt + 1)]
                 + [f"f>g {n}" for n in range(1, ft + 1)])  # fmt: skip


def _move_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    if not s.main.get("moved"):  # moves in a row are one move
        gt, ft = s.tokens[me]
        if gt + ft:
            parts.append(("MOVE", gt + ft, _moves, (sd, gt, ft)))


def _move_label(say, obs, sd: str, x: str) -> str:
    d, n = x.split(" ")
    n = int(n)
    if d == "g>f":
        return say.ngettext(
            "Move {n} token from gold to faith", "Move {n} tokens from gold to faith", n
        ).format(n=n)
    return say.ngettext(
        "Move {n} token from faith to gold", "Move {n} tokens from faith to gold", n
    ).format(n=n)


MOVE = Verb(
    "MOVE",
    "MAIN",
    "RM-14",
    r"[gf]>[gf] [1-7]",
    effect=_move,
    label=_move_label,
    part=_move_part,
    target=lambda obs, sd, x: ("gold", sd) if x.startswith("g") else ("faith", sd),
    ends_move=False,
    counted=True,
)


# ------------------------------------------------------------------ SAC (RM-14.7)
def _sac(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    card = eng.by_name(s, arg)
    eng._leave(s, card)
    eng._falls(s, log)


def _sacs(sd: str, mine: list[tuple[str, str]], k: int = -1):
    """RM-14.7, by card: ``mine`` holds (card, its cell or ``VW:card``)."""
    if k >= 0:
        return new_action(RMAction, (sd, "SAC", sorted(mine)[k][1]))
    return [new_action(RMAction, (sd, "SAC", name)) for _, name in sorted(mine)]


def _sac_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    """His living units, on his side and his Wall."""
    u = s.units
    mine = [(c, cell) for cell, c in s.cells.items() if cell[0] == sd and not u[c][1]]
    if s.wall[me]:
        mine += [(c, f"{sd}W:{c}") for c in s.wall[me] if not u[c][1]]
    if mine:
        parts.append(("SAC", len(mine), _sacs, (sd, mine)))


SAC = Verb(
    "SAC",
    "MAIN",
    "RM-14",
    UNIT,
    effect=_sac,
    label=lambda say, obs, sd, x: say._("Sacrifice {u}").format(u=say.unit_at(obs, x)),
    part=_sac_part,
    in_menu=lambda eng, s, me, arg: eng._may_sacrifice(s, me, arg),
    target=lambda obs, sd, x: place_key(x),
    confirm=lambda say, obs, x: say._(
        "Sacrifice {unit}? It goes to your discard pile (RM-14.7)."
    ).format(unit=say.unit_at(obs, x)),
)


# ------------------------------------------------------------------ END (RM-14.1)
def _end(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    s.step = "BURIAL2"
    eng._open_burial(s, log)


END = Verb(
    "END",
    "MAIN",
    "RM-14",
    "",
    effect=_end,
    label=lambda say, obs, sd, x: say._("End the Main phase"),
    part=lambda eng, s, me, sd, facts, parts: parts.append(("END", 1, _one, (sd, "END"))),
    in_menu=lambda eng, s, me, arg: arg == "",
    rank=80,
    searched="all",
)


# ------------------------------------------------------------------ RET (RM-16.9)
def _ret(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    s.tokens[1]["gf".index(arg)] += 1
    s.tokens_to_return -= 1


RET = Verb(
    "RET",
    "RET",
    "RM-16.9",
    "[gf]",
    effect=_ret,
    label=lambda say, obs, sd, x: (
        say._("The freed token goes to the gold card")
        if x == "g"
        else say._("The freed token goes to the faith card")
    ),
    options=lambda eng, s, me, sd: [make("A", "RET", "g"), make("A", "RET", "f")],
    target=lambda obs, sd, x: ("gold", "A") if x == "g" else ("faith", "A"),
)


# ------------------------------------------------------------------ DISC (RM-15.1)
def _disc(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    if arg != "-":
        s.hand[me].remove(arg)
        forget(s, me, arg)
        s.discard[me].append(arg)
    limit = eng.hand_limit(s, me)  # RM-15.2, RM-23.5
    before = len(s.hand[me])
    if limit > before:
        eng._draw(s, me, limit - before, log)
    drawn = [me, before, limit, len(s.hand[me])]
    eng._end_turn(s, log)
    s.last["drawn"] = drawn  # checked by RM-INV-17


DISC = Verb(
    "DISC",
    "DISC",
    "RM-15.1",
    rf"-|{CARD}",
    effect=_disc,
    label=lambda say, obs, sd, x: (
        say._("Discard nothing, draw up to the limit")
        if x == "-"
        else say._("Discard {card}, draw up to the limit").format(card=say.copy_label(x))
    ),
    options=lambda eng, s, me, sd: (
        [make(sd, "DISC", "-")] + [make(sd, "DISC", c) for c in sorted(s.hand[me])]
    ),
    target=_none_or(lambda x: ("hand", x)),
)


# ------------------------------------------------------------------ DECK (X1, RM-19)
def _deck(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    """RM-19.3: secret until both have built."""
    x = s.module_data
    x["pending_decks"][me] = (
        deck_of(me, False, s.config["modules"]) if arg == "-" else (arg.split(","))
    )
    if None in x["pending_decks"]:
        s.setup_seat = x["pending_decks"].index(None)
        return
    x["decks"], x["pending_decks"] = x["pending_decks"], [None, None]
    emit(log, PUBLIC, "DECKS", "built")
    for p in (0, 1):
        emit(log, PUBLIC if s.config.get("open_decklists") else p,
              "DECK", SIDES[p], ",".join(sorted(x["decks"][p])))  # fmt: skip
    eng._deal(s, log)


def _deck_check(eng, s: RMState, me: int, a: RMAction) -> str | None:
    """Any legal list (RM-19.2), not only the menu's."""
    if a.arg == "-":
        return None
    return deck_problem(me, a.arg.split(","), s.config["modules"])


DECK = Verb(
    "DECK",
    "DECK",
    "RM-19.3",
    rf"-|{CARD}(?:,{CARD})*",
    effect=_deck,
    label=lambda say, obs, sd, x: (
        say._("Play the base deck")
        if x == "-"
        else say.deck_label(sd, x.split(","), (obs or {}).get("config", {}).get("modules", []))
    ),
    options=lambda eng, s, me, sd: (
        [make(sd, "DECK", "-")] + [make(sd, "DECK", ",".join(d)) for d in eng.deck_menu(s, me)]
    ),
    canon=_sorted_list,
    check=_deck_check,
    check_rule="RM-19.4",
    secret=True,
    why=lambda s, a: ("deck lists are given before setup only", "RM-19.3"),
)


# ------------------------------------------------------------------ KING (K, RM-18.2)
def _king(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    """RM-18.2: both sides revealed together."""
    x = s.module_data
    x["pending_kings"][me] = arg
    if me == 0:
        s.setup_seat = 1
        return
    x["kings"], x["pending_kings"] = x["pending_kings"], [None, None]
    for p in (0, 1):
        name, side = x["kings"][p].split("/")
        s.strength_points[p] = s.strength_limit[p] = KINGS[name][1][side][0]
    emit(log, PUBLIC, "KINGS", *(f"{SIDES[p]}={x['kings'][p]}" for p in (0, 1)))
    eng._deal_hands(s, log)


def _king_options(eng, s: RMState, me: int, sd: str) -> list[RMAction]:
    dealt = s.module_data["dealt_kings"][me]
    kings = [dealt] if dealt else sorted(k for k, v in KINGS.items() if v[0] == me)
    return [make(sd, "KING", f"{k}/{x}") for k in kings for x in "AB"]


def _king_label(say, obs, sd: str, x: str) -> str:
    k, side = x.split("/")
    return say._("{king}, side {s}: {text}").format(
        king=say.card_name(k), s=side, text=say.king_side_text(k, side)
    )


KING = Verb(
    "KING",
    "KING",
    "RM-18.2",
    KING,
    effect=_king,
    label=_king_label,
    options=_king_options,
    target=lambda obs, sd, x: ("king", sd),
    secret=True,
    why=lambda s, a: ("Kings and sides are chosen at setup only, once (RM-18.3)", "RM-18.2"),
)


# ------------------------------------------------------------------ FLIP (X7, RM-25.4)
def _flip(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    x = s.module_data
    cell, tw, ret = arg.split(" ")
    x["towers"][cell[:-1]][1] = 1
    s.tokens[1]["gf".index(ret[1])] += 1
    emit(log, PUBLIC, "FLIP", cell, tw, ret)
    if not any(not w[1] for w in x["towers"].values()):
        toks, x["production_owed"] = x["production_owed"], None
        eng._produce(s, 1, toks, log)


def _flip_options(eng, s: RMState, me: int, sd: str) -> list[RMAction]:
    """The lowest face-down tower first."""
    cell = min(c for c, w in s.module_data["towers"].items() if not w[1])
    tw = s.module_data["towers"][cell][0]
    return [make(sd, "FLIP", f"{cell}T {tw} >{x}") for x in "gf"]


def _flip_label(say, obs, sd: str, x: str) -> str:
    cell, tower, dest = x.split(" ")
    return say._("Turn up the {tower} in {cell}; its token goes to the {card} card").format(
        tower=say.card_name(tower),
        cell=cell[:3],
        card=say._("gold") if dest == ">g" else say._("faith"),
    )


FLIP = Verb(
    "FLIP",
    "PROD",
    "RM-25.4",
    r"A[123][123]T TW-[A-Z]{3,4} >[gf]",
    effect=_flip,
    label=_flip_label,
    options=_flip_options,
    target=lambda obs, sd, x: ("tower", x.split(" ")[0]),
    why=lambda s, a: (
        "towers are turned up in the Anglo-Saxon Production phase",
        "RM-25.4",
    ),
)


# ------------------------------------------------------------------ HIRE (X5, RM-23.3)
def _hire(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    x = s.module_data
    h, rest = arg.split(" ")
    merc, cell = rest.split("@")
    s.hand[me].remove(h)
    forget(s, me, h)
    s.discard[me].append(h)
    x["lodge"].remove(merc)
    x["mercenary_owners"][merc] = me
    s.units[merc] = [0, 0, 0, ""]
    s.cells[cell] = merc
    s.main["hired"] = True
    emit(log, PUBLIC, "HIRED", SIDES[me], merc, cell)
    if "HIREDRAW" in keys(merc):
        eng._draw(s, me, 1, log)


def _hires(sd: str, hand: list[str], lodge: list[str], free: list[str], k: int = -1):
    if k >= 0:
        k, c = divmod(k, len(free))
        h, merc = divmod(k, len(lodge))
        return new_action(RMAction, (sd, "HIRE", f"{hand[h]} {lodge[merc]}@{free[c]}"))
    return _many(sd, "HIRE", [f"{h} {merc}@{c}" for h in hand for merc in lodge for c in free])


def _hire_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    """A card in hand, a Lodge mercenary, an empty cell of rows 1-2."""
    hand, free = facts
    x = s.module_data
    if "X5" in s.config["modules"] and not s.main.get("hired") and hand and x["lodge"] and free:
        lodge = sorted(x["lodge"])
        n = len(hand) * len(lodge) * len(free)
        parts.append(("HIRE", n, _hires, (sd, hand, lodge, free)))


def _hire_label(say, obs, sd: str, x: str) -> str:
    card, rest = x.split(" ")
    merc, cell = rest.split("@")
    return say._("Discard {card}, hire {merc} into {cell}").format(
        card=say.copy_label(card), merc=say.card_name(merc), cell=cell
    )


def _hire_target(obs: dict, sd: str, x: str) -> list | None:
    card, rest = x.split(" ")
    merc, cell = rest.split("@")
    lodge = _lodge(obs)
    if merc not in lodge:
        return None
    return [("hand", card), ("lodge", lodge.index(merc) + 1), ("cell", cell)]


HIRE = Verb(
    "HIRE",
    "MAIN",
    "RM-23.3",
    rf"{CARD} {MERC}@{CELL}",
    effect=_hire,
    label=_hire_label,
    part=_hire_part,
    target=_hire_target,
    module="X5",
    needs="a hire needs X5, a card in hand, a Lodge mercenary and an empty cell of rows 1-2; "
    "once per Main phase",
    rank=30,
    thumb="hire",
    thumb_facts=True,
    searched="best",
)


# ------------------------------------------------------------------ LAY (X6, RM-24.3)
def _lay(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    x = s.module_data
    tr, cell = arg.split("@")
    s.gold[0] -= 1
    x["trap_deck"].remove(tr)
    x["traps"][cell] = tr
    s.main["laid"] = True
    emit(log, PUBLIC, "TRAPLAID", cell)


def _lays(sd: str, traps: list[str], spots: list[str], k: int = -1):
    if k >= 0:
        tr, c = divmod(k, len(spots))
        return new_action(RMAction, (sd, "LAY", f"{traps[tr]}@{spots[c]}"))
    return _many(sd, "LAY", [f"{tr}@{c}" for tr in traps for c in spots])


def _lay_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    x = s.module_data
    if "X6" in s.config["modules"] and me == 0 and not s.main.get("laid") and s.gold[0] >= 1:
        towers, traps = x["towers"], x["traps"]
        spots = [c for c in CELLS[1] if c not in s.cells and c not in towers
                 and c not in traps]  # fmt: skip
        if spots and x["trap_deck"]:
            kinds = sorted(set(x["trap_deck"]))
            parts.append(("LAY", len(kinds) * len(spots), _lays, (sd, kinds, spots)))


LAY = Verb(
    "LAY",
    "MAIN",
    "RM-24.3",
    r"TR-[A-Z]{3}@A[123][123]",
    effect=_lay,
    label=lambda say, obs, sd, x: say._("Lay the {trap} on {cell} (1 gold)").format(
        trap=say.card_name(x.split("@")[0]), cell=x.split("@")[1]
    ),
    part=_lay_part,
    target=lambda obs, sd, x: [("traps",), ("cell", x.split("@")[1])],
    secret=True,
    module="X6",
    needs="a trap is laid by the Viking for 1 gold, once per Main phase, on an Anglo-Saxon "
    "cell with no unit, tower or trap",
    rank=40,
    thumb="lay",
)


# ------------------------------------------------------------------ TRAP (X6, RM-24.5)
def _trap(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    eng._trap_option(s, arg.split(" ")[1], log)


def _trap_options(eng, s: RMState, me: int, sd: str) -> list[RMAction]:
    tr = s.module_data["traps"][s.module_data["trap_trigger"]["queue"][0]]
    return [make("V", "TRAP", f"{tr} A"), make("V", "TRAP", f"{tr} B")]


def _trap_label(say, obs, sd: str, x: str) -> str:
    trap, opt = x.split(" ")
    text = say.module_text(trap)
    part = [t.strip() for t in text.replace("B:", "|").replace("A:", "").split("|")]
    chosen = part[0] if opt == "A" else part[-1]
    return say._("{trap}, option {o}: {text}").format(trap=say.card_name(trap), o=opt, text=chosen)


def _trap_target(obs: dict, sd: str, x: str) -> tuple | None:
    """The trap being revealed (RM-24.5)."""
    tp = _mod(obs).get("trap_trigger") or {}
    queue = tp.get("queue") if isinstance(tp, dict) else None
    cell = queue[0] if queue else None
    return ("cell", cell) if cell in _traps(obs) else None


TRAP = Verb(
    "TRAP",
    "TRAP",
    "RM-24.5",
    r"TR-[A-Z]{3} [AB]",
    effect=_trap,
    label=_trap_label,
    options=_trap_options,
    target=_trap_target,
    why=lambda s, a: ("no trap is waiting for its option", "RM-24.5"),
)


# ------------------------------------------------------------------ BUILD (X7, RM-25.3)
def _build(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    x = s.module_data
    rest, tokc = arg.split(" ")
    tw, cell = rest.split("@")
    s.tokens[1]["gf".index(tokc)] -= 1
    x["tower_deck"].remove(tw)
    x["towers"][cell] = [tw, 0, TOWERS[tw]]
    s.main["built"] = True
    emit(log, PUBLIC, "TOWERLAID", cell, tokc)


def _builds(sd: str, towers: list[str], paid: list[str], spots: list[str], k: int = -1):
    if k >= 0:
        k, c = divmod(k, len(spots))
        tw, gf = divmod(k, len(paid))
        return new_action(RMAction, (sd, "BUILD", f"{towers[tw]}@{spots[c]} {paid[gf]}"))
    return _many(sd, "BUILD", [f"{tw}@{c} {gf}" for tw in towers for gf in paid for c in spots])


def _build_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    x = s.module_data
    if "X7" in s.config["modules"] and me == 1 and not s.main.get("built") and x["tower_deck"]:
        towers, traps = x["towers"], x["traps"]
        spots = [c for c in CELLS[1] if c not in towers and c not in traps]
        gt, ft = s.tokens[1]
        paid = [gf for gf, n in (("g", gt), ("f", ft)) if n > 0]
        if spots and paid:
            kinds = sorted(set(x["tower_deck"]))
            n = len(kinds) * len(paid) * len(spots)
            parts.append(("BUILD", n, _builds, (sd, kinds, paid, spots)))


def _build_label(say, obs, sd: str, x: str) -> str:
    tower, rest = x.split("@")
    cell, tok = rest.split(" ")
    return say._("Build the {tower} on {cell} with a {what} token").format(
        tower=say.card_name(tower), cell=cell, what=say._("gold") if tok == "g" else say._("faith")
    )


BUILD = Verb(
    "BUILD",
    "MAIN",
    "RM-25.3",
    r"TW-[A-Z]{3,4}@A[123][123] [gf]",
    effect=_build,
    label=_build_label,
    part=_build_part,
    target=lambda obs, sd, x: [("towers",), ("cell", x.split("@")[1].split(" ")[0])],
    secret=True,
    module="X7",
    needs="a tower is built by the Anglo-Saxon once per Main phase with a token of that "
    "card, on a cell with no trap or tower",
    rank=50,
    thumb="build",
)


# ------------------------------------------------------------------ FIELD (X4, RM-22.2)
def _field(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    """RM-22.2, RM-22.3."""
    cell = arg.split(" ")[0][1:]
    if 2 * s.strength_points[me] > s.strength_limit[me]:
        s.gold[me] -= FIELD_COST[0]
        s.faith[me] -= FIELD_COST[1]
    if arg.endswith("SAC"):
        old = s.cells[cell]
        emit(log, PUBLIC, "SACRIFICED", cell)
        eng._leave(s, old)
    ku = eng.king_unit(s, me)
    s.units[ku] = [0, 0, 0, ""]
    s.cells[cell] = ku
    s.module_data["king_fielded"][me] = 1
    s.main["fielded"] = True
    emit(log, PUBLIC, "FIELDED", SIDES[me], ku, cell)
    eng._falls(s, log)


def _working_king(s: RMState, me: int) -> str | None:
    """The King of ``me`` while his King unit has not left play (RM-22.5)."""
    k = s.module_data["kings"][me]  # K-RAG/A
    return None if not k or s.module_data["king_gone"][me] else k


def _field_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    """RM-22.1, RM-22.2: into an empty cell of rows 1-2, or over a living unit there
    (RM-22.3 with RM-14.7) when none is empty."""
    k = _working_king(s, me)
    if not k or "X4" not in s.config["modules"] or s.module_data["king_fielded"][me]:
        return
    if not KING_UNIT.get(k[:5]):
        return
    free_pay = 2 * s.strength_points[me] <= s.strength_limit[me]
    if free_pay or (s.gold[me] >= FIELD_COST[0] and s.faith[me] >= FIELD_COST[1]):
        free = facts[1]
        if free:
            args = [f"@{c}" for c in free]
        else:
            args = [f"@{c} SAC" for c in CELLS12[me] if not s.units[s.cells[c]][1]]
        if args:
            parts.append(("FIELD", len(args), _many, (sd, "FIELD", args)))


def _field_label(say, obs, sd: str, x: str) -> str:
    cell = x[1:].split(" ")[0]
    if x.endswith("SAC"):
        return say._("The King takes the field in {cell}, sacrificing the unit there").format(
            cell=cell
        )
    return say._("The King takes the field in {cell}").format(cell=cell)


FIELD = Verb(
    "FIELD",
    "MAIN",
    "RM-22.2",
    rf"@{CELL}(?: SAC)?",
    effect=_field,
    label=_field_label,
    part=_field_part,
    target=lambda obs, sd, x: [("king", sd), ("cell", x[1:].split(" ")[0])],
    module="X4",
    needs="the King takes the field once per game for 2g 2f (free at half SP or less) into "
    "an empty cell of rows 1-2, or with SAC when none is empty",
    rank=10,
    thumb="field",
)


# ------------------------------------------------------------------ RESTORE (K, RM-27.6)
def _restore(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    s.gold[me] -= 2
    s.strength_points[me] = min(s.strength_limit[me], s.strength_points[me] + 2)
    s.main["restored"] = True
    emit(log, PUBLIC, "RESTORED", SIDES[me], s.strength_points[me])


def _restore_part(eng, s: RMState, me: int, sd: str, facts, parts: list) -> None:
    """Edward B: once per turn, 2 gold, below the SP limit."""
    k = _working_king(s, me)
    if (k and ABILITY[k] == "RESTORE" and not s.main.get("restored") and s.gold[me] >= 2
            and s.strength_points[me] < s.strength_limit[me]):  # fmt: skip
        parts.append(("RESTORE", 1, _one, (sd, "RESTORE")))


RESTORE = Verb(
    "RESTORE",
    "MAIN",
    "RM-27.6",
    "",
    effect=_restore,
    label=lambda say, obs, sd, x: say._("Pay 2 gold to restore 2 SP (Overlord)"),
    part=_restore_part,
    module="K",
    needs="only Edward B restores, once per turn, 2g, below the limit",
    rank=20,
    thumb="restore",
)


# ------------------------------------------------------------------ CONCEDE (RM-17.4)
def _concede(eng, s: RMState, me: int, arg: str, log: list | None) -> None:
    s.last["conceded_in"] = s.step  # a set-up left where it stood (RM-INV-1)
    eng._game_over(s, 1 - me, "CONCEDED", log)


CONCEDE = Verb(
    "CONCEDE",
    "*",
    "RM-17.4",
    "",
    effect=_concede,
    label=lambda say, obs, sd, x: say._("Concede the game (RM-17.4)"),
)


# ------------------------------------------------------------------ the tables
#: every verb by its name, in the order of the notation table
VERBS: dict[str, Verb] = {v.name: v for v in (
    MULL, TOK, RE, OPEN, CLOSE, EC, F, CONT, STOP, COV, FL, SG, HEAL, PLAY, TRADE, MOVE,
    SAC, END, RET, DISC, DECK, KING, FLIP, HIRE, LAY, TRAP, BUILD, FIELD, RESTORE,
    CONCEDE)}  # fmt: skip

#: the verbs each decision accepts (RM-26.3), in the order of its legal actions; ``RET``
#: is the freed token's question (RM-16.9), asked before the step's own
DECISIONS: dict[str, Decision] = {
    "RET": Decision(("RET",), "RM-16.9"),
    "DECK": Decision(("DECK",), "RM-6.2"),
    "KING": Decision(("KING",), "RM-6.2"),
    "MULL": Decision(("MULL",), "RM-5.6"),
    "TOK": Decision(
        ("TOK",), "RM-5.7", refusal="the 7 tokens must be split between gold and faith"
    ),
    "PROD": Decision(("FLIP",), "RM-6.2"),
    "RE": Decision(("RE",), "RM-8.2"),
    #: by the combat's mode (RM-10.8): the engine's ``_resolve_legal``
    "RESOLVE": Decision(
        ("OPEN", "F", "SG", "COV", "FL", "CONT", "STOP", "CLOSE", "EC"),
        "RM-10.8",
        "_resolve_legal",
    ),
    "TRAP": Decision(("TRAP",), "RM-6.2"),
    "BURIAL1": Decision(("HEAL",), "RM-13.3"),
    "BURIAL2": Decision(("HEAL",), "RM-13.3"),
    #: by the verbs' parts, or the trade roll's split (RM-14): ``_main_legal``
    "MAIN": Decision(
        ("PLAY", "TRADE", "MOVE", "SAC", "HIRE", "LAY", "BUILD", "FIELD", "RESTORE", "END"),
        "RM-14",
        "_main_legal",
    ),
    "DISC": Decision(("DISC",), "RM-15.1"),
}

#: the sorted form of each verb that has one (``make``)
_CANONS = {name: v.canon for name, v in VERBS.items() if v.canon is not None}


def make(side: str, verb: str, arg: str = "") -> RMAction:
    canon = _CANONS.get(verb)
    if canon is not None:
        arg = canon(arg)
    return new_action(RMAction, (side, verb, arg))


#: parse the canonical text; BadNotation for anything else.  A well-formed text may
#: still be illegal (``TOK 5/5``): the engine judges that (RM-5.7).  The text is read
#: with white space around it cut off and the spaces inside as they are.
parse_action: Callable[[str], RMAction] = verb_parser(
    VERBS,
    r"\s*([VA]): ([A-Z]+)(?: (.*\S))?\s*",
    lambda side, verb, arg, groups, text: make(side, verb.name, arg),
    Wording(
        not_text="not an action text: {text!r}",
        not_action="not a Runes of Mayhem action: {text!r}",
        unknown="bad {verb} action: {text!r} (RM-26.4)",
        bad_args="bad {verb} action: {text!r} (RM-26.4)",
    ),
    spaces=False,
)


def as_action(action: RMAction | str) -> RMAction:
    """An action, from itself or its text (the words and the table are given either)."""
    return parse_action(action) if isinstance(action, str) else action


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(RMAction, parse_action, "Runes of Mayhem", (str, str, str))
