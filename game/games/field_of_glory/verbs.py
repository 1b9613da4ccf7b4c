"""Field of Glory's verbs, each declared once: one ``Verb`` per line of the notation table.

A verb is everything the program knows of one kind of decision (FG-20.3, FG-20.4): its
notation, its spec IDs, when it is legal and which instances are, what it does to the
state, its words (the menu label and the log sentence) and what a click on the table
stands for it.  The engine (rules.py), the words (words.py), the table (view.py) and the
computer seats (ai.py) read this table; none of them names a verb in an if/elif chain.

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

``DECISIONS`` says which verbs each decision step (``FGState.step``) accepts, in the
order their options are listed.  The parts of a ``Verb`` that speak (``label``,
``sentence``, ``confirm``) are handed ``say``, the words' kit of words.py (``say._``,
``say.ngettext``, ``say.card``, ``say.card_cp``, ``say.cards``): this module imports no
window code and stays on the rules side (tests/test_boundaries.py).  The parts that act
(``effect``) are handed the engine, whose steps (draws, discards, combat) they call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.core.contract import PUBLIC, BadNotation
from game.core.notation import action_reader
from game.core.verbs import Decision, Wording, verb_parser
from game.core.verbs import Verb as BaseVerb

from .content import (
    COLUMNS,
    CP,
    CTYPE,
    HAND_LIMIT,
    IS_UNIT,
    MC,
    ORDER,
    SIDES,
    WINGS,
    WP,
    is_difficult,
    placement_cost,
)
from .state import FGState, emit, envelopment_count

#: a legal action made without NamedTuple's argument handling: half the time of
#: ``FGAction(...)`` (timeit, Python 3.11: 0.106 against 0.194 us a call), about 590
#: calls a random playout (the Actions phase lists 13 placements on average at every
#: step); measured with every call made plain instead: random playouts 4 % and apply 12 %
#: more CPU time (1,000 playouts, five pairs alternated, medians 0.706 s against 0.677 s)
_new = tuple.__new__
_CARD = r"[RB]-(?:HI|PH|SP|MI|LI|AR|CAV|LC|EL|LD|ENV|RES)[1-9]"
_COL = r"c[1-5]"


class FGAction(NamedTuple):
    side: str  # "R" or "B": the deciding side
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        verb = VERBS.get(self.verb)
        if verb is None:  # (a value built by hand: its text is refused when read)
            return f"{self.side}: {self.verb}" + "".join(" " + x for x in self.args)
        return f"{self.side}: {verb.write(self.args)}"


@dataclass(frozen=True, kw_only=True)
class Verb(BaseVerb):
    """One verb (game/games/README.md walks through adding one): the fields every game's
    verbs have (game.core.verbs.Verb: ``name``, ``decision`` the FG-20.3 decision(s) it
    answers, "D6/D7", ``rule``, ``shape``, ``effect``, ``label``, ``sentence``,
    ``target``), then what Field of Glory's have more, with the default of the others.
    Its ``effect`` is called with (engine, state, seat, args, log), the engine then
    settles (FG-20.5); its ``label`` with (say, observation, args), its ``sentence`` with
    (say, who, args) and its ``target`` with (seat, args)."""

    #: appends its legal instances at a decision that accepts it to the legal list:
    #: (state, seat, side letter, legal list)
    options: Callable[[FGState, int, str, list[FGAction]], None]
    #: its arguments in the notation; None: the verb and its arguments, "-" for none
    notation: Callable[[tuple], str] | None = None
    #: its arguments from the groups its shape matched (a set sorted, a card once), or
    #: None: as matched
    read: Callable[[str, list], tuple] | None = None
    picks: str | None = None  # chosen by clicking these items (its args), then confirming
    confirm: Callable[[Any], str] | None = None  # the question asked before it: (say)
    private: Callable[[tuple], bool] = lambda x: False  # its line is seen by its side only
    quiet_none: bool = False  # its "none" taken by the engine (AUTO) goes unsaid
    by_cp: bool = False  # it spends a card for its CP: the search grows one per CP value
    #: the rule an illegal instance breaks where the decision accepts the verb
    why: Callable[[FGState, int, tuple], str] | None = None

    def write(self, args: tuple) -> str:
        if self.notation is not None:
            return f"{self.name} {self.notation(args)}"
        return self.name + "".join(" " + x for x in args)


def _sorted(cards: list[str]) -> tuple:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def _to_hand(seat: int, x: tuple) -> tuple:
    return ("hand", x[0])


def _to_unit(seat: int, x: tuple) -> tuple:
    return ("unit", x[0])


def _to_pile(seat: int, x: tuple) -> tuple:
    return ("pile", seat)


def _set_or_none(x: tuple) -> str:
    """The arguments of a verb whose empty set is written ``-``."""
    return " ".join(x) if x else "-"


def _one(verb: str, cards: Callable[[FGState, int], list[str]]):
    """The options of a verb that names one card of ``cards(state, seat)``."""

    def options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
        for c in cards(s, me):
            out.append(_new(FGAction, (side, verb, (c,))))

    return options


def _alone(verb: str):
    """The options of a verb without arguments: always exactly one."""

    def options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
        out.append(_new(FGAction, (side, verb, ())))

    return options


def _hand(s: FGState, me: int) -> list[str]:
    return s.hand[me]


def _combat(kind: str, col: int, launch: int, lead: str) -> dict:
    return {
        "kind": kind, "col": col, "launch": launch, "lead": lead, "env": None,
        "abonus": None, "asrc": None, "dbonus": None, "dsrc": None, "front": None,
        "retreated": [],
    }  # fmt: skip


# ------------------------------------------------------------------ D1 KEEP (FG-4.3)
def _keep_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    g = s.group[me]
    for i in range(len(g)):
        for j in range(i + 1, len(g)):
            pair = (g[i], g[j]) if ORDER[g[i]] < ORDER[g[j]] else (g[j], g[i])
            out.append(_new(FGAction, (side, "KEEP", pair)))


def _keep_read(text: str, groups: list) -> tuple:
    if groups[0] == groups[1]:
        raise BadNotation(f"'{text}': KEEP names two different cards (FG-4.3.1)")
    return _sorted(groups)


def _keep(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    g = s.group[me]
    s.kept[me].extend(x)
    s.box[me].extend(c for c in g if c not in x)
    s.group[me] = []
    if s.pile[me]:
        eng._deal_group(s, log)
    elif me == 0:
        emit(log, PUBLIC, "DRAFTED", "R")
        s.drafter = 1
        eng._deal_group(s, log)
    else:
        emit(log, PUBLIC, "DRAFTED", "B")
        eng._opening(s, log)


KEEP = Verb(
    "KEEP",
    "D1",
    "FG-4.3",
    rf"({_CARD}) ({_CARD})",
    options=_keep_options,
    effect=_keep,
    label=lambda say, obs, x: say._("Keep {a} + {b}").format(a=say.card(x[0]), b=say.card(x[1])),
    sentence=lambda say, who, x: say._("{who} keeps {a} and {b}.").format(
        who=who, a=say.card(x[0]), b=say.card(x[1])
    ),
    read=_keep_read,
    picks="group",
    private=lambda x: True,  # the draft is secret (FG-20.1)
)


# ------------------------------------------------------------------ D2 ADVDROP (FG-8.2)
def _advdrop(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    col = s.advance.pop(0)
    s.units[me][col].remove(x[0])
    eng._discard(s, me, x[0], log, "advance")
    if not s.advance:
        eng._start_flank(s, log)


ADVDROP = Verb(
    "ADVDROP",
    "D2",
    "FG-8.2",
    rf"({_CARD})",
    options=_one("ADVDROP", lambda s, me: s.units[me][s.advance[0]]),
    effect=_advdrop,
    label=lambda say, obs, x: say._("Discard {card}").format(card=say.card(x[0])),
    sentence=lambda say, who, x: say._("{who} discards {card} after the Advance.").format(
        who=who, card=say.card(x[0])
    ),
    target=_to_unit,
)


# ------------------------------------------------------------------ D3 FLANK, ENDFLANK (FG-9)
def _flank_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    if s.hand[me] or s.drawable(me):  # FG-9.4
        launches: dict[int, list[int]] = {}
        for t, f in s.pairs:
            if t not in s.used:
                launches.setdefault(t, [t]).append(f)
        for t, cols in launches.items():
            for lc in sorted(cols):
                for u in s.units[me][lc]:
                    out.append(_new(FGAction, (side, "FLANK", (COLUMNS[t], COLUMNS[lc], u))))


def _flank(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    t, lc = COLUMNS.index(x[0]), COLUMNS.index(x[1])
    s.used.append(t)
    s.combat = _combat("FLANK", t, lc, x[2])
    eng._to_retreat(s, log)


FLANK = Verb(
    "FLANK",
    "D3",
    "FG-9",
    rf"({_COL}) FROM ({_COL}) LEAD ({_CARD})",
    options=_flank_options,
    effect=_flank,
    label=lambda say, obs, x: say._("Flank attack on {t} from {l}, led by {card}").format(
        t=x[0], l=x[1], card=say.card(x[2])
    ),
    sentence=lambda say, who, x: say._(
        "{who} attacks {t} in the flank from {l}, led by {card}."
    ).format(who=who, t=x[0], l=x[1], card=say.card(x[2])),
    notation=lambda x: f"{x[0]} FROM {x[1]} LEAD {x[2]}",
    target=lambda seat, x: [("unit", x[2]), ("col", COLUMNS.index(x[0]))],
)


def _endflank(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.step = "ACT"


ENDFLANK = Verb(
    "ENDFLANK",
    "D3",
    "FG-9.3",
    r"",
    options=_alone("ENDFLANK"),
    effect=_endflank,
    label=lambda say, obs, x: say._("End the flank attacks"),
    sentence=lambda say, who, x: say._("{who} ends the flank attacks.").format(who=who),
)


# ------------------------------------------------------------------ D4 RETREAT (FG-12.5)
def _retreat_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    cb = s.combat
    lead_mc = MC[cb["lead"]]
    elig = [u for u in s.units[me][cb["col"]] if MC[u] < lead_mc]
    out.append(_new(FGAction, (side, "RETREAT", ())))
    for u in elig:
        out.append(_new(FGAction, (side, "RETREAT", (u,))))
    if len(elig) == 2:
        a, b = elig
        pair = (a, b) if ORDER[a] < ORDER[b] else (b, a)
        out.append(_new(FGAction, (side, "RETREAT", pair)))


def _retreat_read(text: str, groups: list) -> tuple:
    if len(groups) == 2 and groups[0] == groups[1]:
        raise BadNotation(f"'{text}': a unit retreats once")
    return _sorted(groups)


def _retreat(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    cb = s.combat
    for u in x:
        s.units[me][cb["col"]].remove(u)
        cb["retreated"].append(u)
        eng._discard(s, me, u, log, "retreat")
    eng._after_retreat(s, log)


def _retreat_label(say, obs: dict, x: tuple) -> str:
    if not x:
        return say._("Stand: retreat no unit")
    return say._("Retreat {cards}").format(cards=say.cards(x))


def _retreat_sentence(say, who: str, x: tuple) -> str:
    if not x:
        return say._("{who} stands: no unit retreats.").format(who=who)
    return say._("{who} retreats {cards}.").format(who=who, cards=say.cards(x))


RETREAT = Verb(
    "RETREAT",
    "D4",
    "FG-12.5",
    rf"-|({_CARD})(?: ({_CARD}))?",
    options=_retreat_options,
    effect=_retreat,
    label=_retreat_label,
    sentence=_retreat_sentence,
    notation=_set_or_none,
    read=_retreat_read,
    picks="unit",
    quiet_none=True,
)


# ------------------------------------------------------------------ D5 LOSE (FG-12.6)
def _lose(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.units[me][s.combat["launch"]].remove(x[0])
    eng._discard(s, me, x[0], log, "full-retreat")
    eng._finish_combat(s, log, {"outcome": "RETREAT"})


LOSE = Verb(
    "LOSE",
    "D5",
    "FG-12.6",
    rf"({_CARD})",
    options=_one("LOSE", lambda s, me: s.units[me][s.combat["launch"]]),
    effect=_lose,
    label=lambda say, obs, x: say._("Lose {card}").format(card=say.card(x[0])),
    sentence=lambda say, who, x: say._("{who} loses {card}.").format(who=who, card=say.card(x[0])),
    target=_to_unit,
)


# ------------------------------------------------------------------ D6/D7 PLACE (FG-11)
def compatible(types: list[str]) -> bool:
    """FG-11.4: at most 2 units; two of one type, LI + EL, or any pair with an AR."""
    if len(types) <= 1:
        return True
    if len(types) > 2:
        return False
    a, b = types
    return a == b or a == "AR" or b == "AR" or {a, b} == {"LI", "EL"}


def _place_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    """FG-11.2 .. FG-11.8: every legal placement (with its clear sets)."""
    cost_so_far = s.deploy["cost"] if s.step == "PLACE" else 0  # D7: the Deploy under way
    hand = s.hand[me]
    total = 0
    for c in hand:
        total += CP[c]
    units = s.units[me]
    rough = [1 if is_difficult(t) else 0 for t in s.terrain]  # FG-11.7, per column
    for card in hand:
        if not IS_UNIT[card]:
            continue  # FG-11.3
        left = total - CP[card]
        code = CTYPE[card]
        base, wing = MC[card], MC[card] + WP[card]
        for col in range(5):
            # placement_cost(card, col, terrain), worked out once per column here
            cost = cost_so_far + (wing if col in WINGS else base) + rough[col]
            if left < cost:
                continue  # FG-11.8
            own = units[col]
            n = len(own)
            if n == 0:
                out.append(_new(FGAction, (side, "PLACE", (card, COLUMNS[col]))))
                continue
            types = [CTYPE[u] for u in own]
            # clear sets: none, each one, both (FG-11.5), the column legal after (FG-11.6)
            if n == 1:
                if compatible([types[0], code]):
                    out.append(_new(FGAction, (side, "PLACE", (card, COLUMNS[col]))))
                out.append(_new(FGAction, (side, "PLACE", (card, COLUMNS[col], own[0]))))
                continue
            a, b = own
            if compatible([types[1], code]):
                out.append(_new(FGAction, (side, "PLACE", (card, COLUMNS[col], a))))
            if compatible([types[0], code]):
                out.append(_new(FGAction, (side, "PLACE", (card, COLUMNS[col], b))))
            pair = (a, b) if ORDER[a] < ORDER[b] else (b, a)
            out.append(_new(FGAction, (side, "PLACE", (card, COLUMNS[col], *pair))))


def _place_read(text: str, groups: list) -> tuple:
    clears = groups[2:]
    if len(clears) == 2 and clears[0] == clears[1]:
        raise BadNotation(f"'{text}': a unit is cleared once")
    return (groups[0], groups[1], *_sorted(clears))


def _place_why(s: FGState, me: int, x: tuple) -> str:
    card, col = x[0], x[1]
    if card not in s.hand[me]:
        return "FG-11.2"
    if not IS_UNIT[card]:
        return "FG-11.3"
    c = COLUMNS.index(col)
    clears = x[2:]
    if any(u not in s.units[me][c] for u in clears):
        return "FG-11.5"
    rest = [CTYPE[u] for u in s.units[me][c] if u not in clears]
    if not compatible([*rest, CTYPE[card]]):
        return "FG-11.4"
    return "FG-11.8"


def _place(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    card, col = x[0], COLUMNS.index(x[1])
    if s.deploy is None:
        s.deploy = {"placed": [], "cost": 0, "paid": 0, "last": 0}
    units = s.units[me][col]
    for u in x[2:]:
        units.remove(u)
        eng._discard(s, me, u, log, "clear")
    s.hand[me].remove(card)
    units.append(card)
    cost = placement_cost(card, col, s.terrain[col])
    s.deploy["placed"].append([card, col, cost])
    s.deploy["cost"] += cost
    s.step = "PLACE"


def _place_label(say, obs: dict, x: tuple) -> str:
    col = COLUMNS.index(x[1])
    cost = placement_cost(x[0], col, obs["terrain"][col])
    text = say._("Place {card} in {col} ({n} CP)").format(card=say.card(x[0]), col=x[1], n=cost)
    if len(x) > 2:
        text += " " + say._("clearing {cards}").format(cards=say.cards(x[2:]))
    return text


def _place_sentence(say, who: str, x: tuple) -> str:
    text = say._("{who} places {card} in {col}").format(who=who, card=say.card(x[0]), col=x[1])
    if len(x) > 2:
        text += " " + say._("clearing {cards}").format(cards=say.cards(x[2:]))
    return text + "."


def _place_target(seat: int, x: tuple) -> list:
    """Into the column, or over the one unit of yours it clears (FG-11.5)."""
    if len(x) == 3:
        return [("hand", x[0]), ("unit", x[2])]
    return [("hand", x[0]), ("col", COLUMNS.index(x[1]))]  # clearing none or both


PLACE = Verb(
    "PLACE",
    "D6/D7",
    "FG-10.1",
    rf"({_CARD})@({_COL})(?: CLEAR ({_CARD})(?: ({_CARD}))?)?",
    options=_place_options,
    effect=_place,
    label=_place_label,
    sentence=_place_sentence,
    notation=lambda x: f"{x[0]}@{x[1]}" + (" CLEAR " + " ".join(x[2:]) if len(x) > 2 else ""),
    read=_place_read,
    target=_place_target,
    why=_place_why,
)


def _endplace(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    if s.deploy["cost"] > 0:
        s.step = "PAY"
    else:
        eng._end_deploy(s)


ENDPLACE = Verb(
    "ENDPLACE",
    "D7",
    "FG-11.10",
    r"",
    options=_alone("ENDPLACE"),
    effect=_endplace,
    label=lambda say, obs, x: say._("End placement: pay {n} CP").format(
        n=(obs.get("deploy") or {}).get("cost", 0)
    ),
    sentence=lambda say, who, x: say._("{who} ends the placement.").format(who=who),
)


# ------------------------------------------------------------------ D8 PAY (FG-11.9)
def _pay(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    card = x[0]
    s.hand[me].remove(card)
    eng._discard(s, me, card, log, "pay")
    d = s.deploy
    d["paid"] += CP[card]
    d["last"] = CP[card]
    if d["paid"] >= d["cost"]:
        eng._end_deploy(s)  # FG-11.9: payment stops at once


PAY = Verb(
    "PAY",
    "D8",
    "FG-11.9",
    rf"({_CARD})",
    options=_one("PAY", _hand),
    effect=_pay,
    label=lambda say, obs, x: say._("Pay with {card}").format(card=say.card_cp(x[0])),
    sentence=lambda say, who, x: say._("{who} pays with {card}.").format(
        who=who, card=say.card_cp(x[0])
    ),
    target=_to_hand,
    by_cp=True,
)


# ------------------------------------------------------------------ D6/D9 ASSAULT (FG-12)
def _assault_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    if s.hand[me] or s.drawable(me):  # FG-12.1
        own, foe = s.units[me], s.units[1 - me]
        for c in range(5):
            if own[c] and foe[c]:
                for u in own[c]:
                    out.append(_new(FGAction, (side, "ASSAULT", (COLUMNS[c], u))))


def _assault(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    c = COLUMNS.index(x[0])
    s.combat = _combat("ASSAULT", c, c, x[1])
    s.step = "ENV"


ASSAULT = Verb(
    "ASSAULT",
    "D6/D9",
    "FG-10.1",
    rf"({_COL}) LEAD ({_CARD})",
    options=_assault_options,
    effect=_assault,
    label=lambda say, obs, x: say._("Assault {col} led by {card}").format(
        col=x[0], card=say.card(x[1])
    ),
    sentence=lambda say, who, x: say._("{who} assaults {col} led by {card}.").format(
        who=who, col=x[0], card=say.card(x[1])
    ),
    notation=lambda x: f"{x[0]} LEAD {x[1]}",
    target=lambda seat, x: [("unit", x[1]), ("col", COLUMNS.index(x[0]))],
)


# ------------------------------------------------------------------ D10 ENV (FG-15)
def _env_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    hand = s.hand[me]
    out.append(_new(FGAction, (side, "ENV", ())))
    if len(hand) > 1 or s.drawable(me):  # FG-15.1: A4 must keep an option
        for c in hand:
            if CTYPE[c] == "ENV":
                out.append(_new(FGAction, (side, "ENV", (c,))))


def _env(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    if x:
        s.hand[me].remove(x[0])
        s.combat["env"] = x[0]
        emit(log, PUBLIC, "ENVELOP", SIDES[me], x[0], envelopment_count(s, me, s.combat["col"]))
    s.step = "ABONUS"


ENV = Verb(
    "ENV",
    "D10",
    "FG-15.1",
    rf"-|({_CARD})",
    options=_env_options,
    effect=_env,
    label=lambda say, obs, x: (
        say._("Play {card}").format(card=say.card(x[0])) if x else say._("No Envelopment")
    ),
    sentence=lambda say, who, x: (
        say._("{who} plays an Envelopment.").format(who=who)
        if x
        else say._("{who} plays no Envelopment.").format(who=who)
    ),
    notation=_set_or_none,
    target=lambda seat, x: ("hand", x[0]) if x else None,
    quiet_none=True,
)


# ------------------------------------------------------------------ D11/D13 BONUS (FG-12.4)
def _bonus_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    for c in s.hand[me]:
        out.append(_new(FGAction, (side, "BONUS", (c,))))
    if s.drawable(me):
        out.append(_new(FGAction, (side, "BONUS", ("DECK",))))
    if s.step == "DBONUS":
        out.append(_new(FGAction, (side, "BONUS", ("NONE",))))


def _bonus(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    eng._bonus(s, me, x[0], log)


def _bonus_label(say, obs: dict, x: tuple) -> str:
    if x[0] == "DECK":
        return say._("Bonus: the top card of your deck")
    if x[0] == "NONE":
        return say._("No bonus card")
    return say._("Bonus: {card}, +{n}").format(card=say.card(x[0]), n=CP[x[0]])


def _bonus_sentence(say, who: str, x: tuple) -> str:
    if x[0] == "DECK":
        return say._("{who} commits the top card of the deck as a bonus.").format(who=who)
    if x[0] == "NONE":
        return say._("{who} commits no bonus card.").format(who=who)
    return say._("{who} commits {card} as a bonus.").format(who=who, card=say.card_cp(x[0]))


def _bonus_target(seat: int, x: tuple) -> tuple | None:
    if x[0] == "DECK":
        return ("pile", seat)
    if x[0] == "NONE":
        return None
    return ("hand", x[0])


BONUS = Verb(
    "BONUS",
    "D11/D13",
    "FG-12.4",
    rf"({_CARD}|DECK|NONE)",
    options=_bonus_options,
    effect=_bonus,
    label=_bonus_label,
    sentence=_bonus_sentence,
    target=_bonus_target,
    private=lambda x: x[0] not in ("DECK", "NONE"),  # a card from the hand, face down
    by_cp=True,
)


# ------------------------------------------------------------------ D12 FRONT (FG-12.7)
def _front(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.combat["front"] = x[0]
    s.step = "DBONUS"


FRONT = Verb(
    "FRONT",
    "D12",
    "FG-12.7",
    rf"({_CARD})",
    options=_one("FRONT", lambda s, me: s.units[me][s.combat["col"]]),
    effect=_front,
    label=lambda say, obs, x: say._("{card} in front").format(card=say.card(x[0])),
    sentence=lambda say, who, x: say._("{who} puts {card} in front.").format(
        who=who, card=say.card(x[0])
    ),
    target=_to_unit,
)


# ------------------------------------------------------------------ D6 RESERVE (FG-17)
def _reserve_options(s: FGState, me: int, side: str, out: list[FGAction]) -> None:
    for c in s.hand[me]:
        if CTYPE[c] == "RES":
            out.append(_new(FGAction, (side, "RESERVE", (c,))))


def _reserve(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.hand[me].remove(x[0])
    eng._discard(s, me, x[0], log, "reserve")
    eng._draw_into_hand(s, me, 3, log)  # FG-17.1


RESERVE = Verb(
    "RESERVE",
    "D6",
    "FG-10.1",
    rf"({_CARD})",
    options=_reserve_options,
    effect=_reserve,
    label=lambda say, obs, x: say._("Reserve: discard {card}, draw 3").format(card=say.card(x[0])),
    sentence=lambda say, who, x: say._("{who} plays a Reserve.").format(who=who),
    target=_to_hand,
)


# ------------------------------------------------------------------ D6 ENDACT (FG-10.1)
def _endact(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.step = "DRAW"


ENDACT = Verb(
    "ENDACT",
    "D6",
    "FG-10.1",
    r"",
    options=_alone("ENDACT"),
    effect=_endact,
    label=lambda say, obs, x: say._("End the actions: to the Draw phase"),
    sentence=lambda say, who, x: say._("{who} ends the actions.").format(who=who),
    confirm=lambda say: say._(
        "End the Actions phase? You go on to the Draw phase and cannot "
        "deploy or assault again this turn (FG-10.1)."
    ),
)


# ------------------------------------------------------------------ D14 DRAW3, DRAWCP (FG-18.1)
def _draw3(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    eng._draw_into_hand(s, me, 3, log)
    eng._after_draw(s, log)


DRAW3 = Verb(
    "DRAW3",
    "D14",
    "FG-18.1",
    r"",
    options=_alone("DRAW3"),
    effect=_draw3,
    label=lambda say, obs, x: say._("Draw 3 cards"),
    sentence=lambda say, who, x: say._("{who} chooses to draw 3 cards (FG-18.1).").format(who=who),
    target=_to_pile,  # the draw pile stands for it
)


def _drawcp(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.hand[me].remove(x[0])
    eng._discard(s, me, x[0], log, "draw")
    eng._draw_into_hand(s, me, CP[x[0]], log)
    eng._after_draw(s, log)


DRAWCP = Verb(
    "DRAWCP",
    "D14",
    "FG-18.1",
    rf"({_CARD})",
    options=_one("DRAWCP", _hand),
    effect=_drawcp,
    label=lambda say, obs, x: say.ngettext(
        "Discard {card}, draw {n} card", "Discard {card}, draw {n} cards", CP[x[0]]
    ).format(card=say.card(x[0]), n=CP[x[0]]),
    sentence=lambda say, who, x: say._("{who} discards {card} to draw {n}.").format(
        who=who, card=say.card_cp(x[0]), n=CP[x[0]]
    ),
    target=_to_hand,
    by_cp=True,
)


# ------------------------------------------------------------------ D15 DROP (FG-18.2)
def _drop(eng, s: FGState, me: int, x: tuple, log: list | None) -> None:
    s.hand[me].remove(x[0])
    eng._discard(s, me, x[0], log, "hand-limit")
    if len(s.hand[me]) <= HAND_LIMIT:
        eng._end_turn(s, log)


DROP = Verb(
    "DROP",
    "D15",
    "FG-18.2",
    rf"({_CARD})",
    options=_one("DROP", _hand),
    effect=_drop,
    label=lambda say, obs, x: say._("Discard {card} (hand limit)").format(card=say.card(x[0])),
    sentence=lambda say, who, x: say._("{who} discards {card} for the hand limit.").format(
        who=who, card=say.card(x[0])
    ),
    target=_to_hand,
    by_cp=True,
)


# ------------------------------------------------------------------ the tables
#: every verb by its name, in the order of the notation table
VERBS: dict[str, Verb] = {v.name: v for v in (
    KEEP, ADVDROP, FLANK, ENDFLANK, RETREAT, LOSE, PLACE, ENDPLACE, PAY, ASSAULT, ENV, BONUS,
    FRONT, RESERVE, ENDACT, DRAW3, DRAWCP, DROP)}  # fmt: skip

#: the verbs each decision step accepts (FG-20.3), in the order of its legal actions
DECISIONS: dict[str, Decision] = {
    "KEEP": Decision(("KEEP",), "FG-4.3.1"),  # D1
    "ADVDROP": Decision(("ADVDROP",), "FG-8.2"),  # D2
    "FLANK": Decision(("FLANK", "ENDFLANK"), "FG-9.4"),  # D3
    "RETREAT": Decision(("RETREAT",), "FG-12.5"),  # D4
    "LOSE": Decision(("LOSE",), "FG-12.6"),  # D5
    "ACT": Decision(("PLACE", "ASSAULT", "RESERVE", "ENDACT"), "FG-10.1"),  # D6
    "PLACE": Decision(("PLACE", "ENDPLACE"), "FG-11.8"),  # D7
    "PAY": Decision(("PAY",), "FG-11.9"),  # D8
    "ENV": Decision(("ENV",), "FG-15.1"),  # D10
    "ABONUS": Decision(("BONUS",), "FG-12.4"),  # D11
    "FRONT": Decision(("FRONT",), "FG-12.7"),  # D12
    "DBONUS": Decision(("BONUS",), "FG-12.7"),  # D13
    "DRAW": Decision(("DRAW3", "DRAWCP"), "FG-18.1"),  # D14
    "DROP": Decision(("DROP",), "FG-18.2"),  # D15
}


def _make(side: str, verb: Verb, arg: str, groups: list, text: str) -> FGAction:
    """The action of a text whose verb and arguments were read (game.core.verbs): each
    card named must exist (FG-0.5); the verb's ``read`` sorts a set, refuses a repeat."""
    for card in groups:
        if "-" in card and card not in ORDER:
            raise BadNotation(f"'{text}': no card is called {card} (FG-0.5)")
    return FGAction(side, verb.name, verb.read(text, groups) if verb.read else tuple(groups))


#: parse the canonical text of an action; BadNotation if it is not one
parse_action: Callable[[str], FGAction] = verb_parser(
    VERBS,
    r"\s*([RB])\s*:\s*([A-Z0-9]+)\s*(.*?)\s*",
    _make,
    Wording(
        not_action="'{text}' is not an action: expected '<R|B>: VERB args' (FG-20.4)",
        bad_args="'{text}': bad arguments for {verb} (FG-20.4)",
    ),
)


def as_action(action: FGAction | str) -> FGAction:
    """An action, from itself or its text (the words and the table are given either)."""
    return parse_action(action) if isinstance(action, str) else action


#: what ``apply`` plays for an action or its text: one check for both (game.core.notation)
read_action = action_reader(FGAction, parse_action, "Field of Glory", (str, str, tuple))
