"""The Defender's spending windows (SH-6, SH-16, SH-17).

In a window the Defender spends his hourglasses one decision at a time: an hourglass on
a building action (the completing one names the target), the Officer's speech, the
Warrior's strike, a unit or hero move, a swap (and in 4 players the Haste tile).
``legal(s, d)`` lists them for Defender ``d``; ``apply`` carries one out.  The
completion of an already paid-up action when a window opens (SH-16.1.3) is the ``DO``
decision; the Alarm's free moves (WT2) are ``ALARM`` decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.core.contract import PUBLIC

from .board import (
    BK,
    CY,
    DEF_LINKS,
    HERO_LINKS,
    HG,
    PATH_IDS,
    RAMPARTS,
    ROPE,
    SECTIONS,
    SIDE,
    TOWERS,
    WT,
)
from .common import (
    SHAction,
    act,
    action_cost,
    barracks_fit,
    check_panic,
    def_fits,
    emit,
    possessed,
    ritual_active,
)
from .content import (
    ACTION_CODES,
    ALARM_UNITS,
    BUILDING_ACTIONS,
    CAULDRONS_PER_TYPE,
    DEF_TYPES,
    GATE_MAX,
    GATES,
    PLATFORMS,
    SPEECH_MAX,
    STRIKE_COST,
    TOWER_MACHINES,
    TRAPS_PER_TYPE,
)
from .state import SHState

MAX_WALL = 5


def d_who(s: SHState, d: int) -> str:
    return "D" if s.n_def == 1 else ("DW", "DE")[d]


def mine(s: SHState, d: int, node: str) -> bool:
    """SH-23.2: a Defender acts on his own side (and inside the fortress)."""
    return len(s.hourglasses) == 1 or SIDE.get(node) in (None, ("W", "E")[d])


def ritual_ref(r) -> str:
    return f"{r[0]}-{r[1]}"


# ----------------------------------------------------------------- building actions
def action_open(s: SHState, code: str, d: int) -> bool:
    """SH-16.1.1 not used this round (or opened again by Haste, SH-23.5); SH-23.4 no
    hourglass of the ally on it."""
    if s.done[code] and code not in s.rebuy:
        return False
    if s.done[code] >= 2:
        return False
    payer = s.payer.get(code)
    if s.done[code] and payer is not None and payer != d:
        return False  # SH-23.5: reopened by Haste for the Defender who used it only
    return not (s.paid[code] and payer is not None and payer != d)


class Work(NamedTuple):
    """One kind of building action (SH-16.3): where its effect may go now and what it
    does when the action completes (SH-6.4)."""

    #: (state, Defender, piece): the targets; ``["-"]`` for an action without a target,
    #: empty when the effect is not legal now
    targets: Callable[[SHState, int, str | None], list[str]]
    #: (state, target, piece, Defender, log)
    effect: Callable[[SHState, str, str | None, int, list | None], None]


def _if(ok: bool) -> list[str]:
    return ["-"] if ok else []


def _cauldron_targets(s: SHState, d: int, piece) -> list[str]:
    if sum(1 for k in s.cauldrons.values() if k == piece) >= CAULDRONS_PER_TYPE:
        return []  # SH-2.4 component exhaustion (SH-EX-2)
    return [x for x in SECTIONS if x not in s.cauldrons and mine(s, d, x)]


def _tower_targets(s: SHState, d: int, piece) -> list[str]:
    if sum(1 for k in s.tower_machines.values() if k == piece) >= TOWER_MACHINES[piece]:
        return []
    return [t for t in TOWERS if t not in s.tower_machines and mine(s, d, t)]


def _wall_targets(s: SHState, d: int, piece) -> list[str]:
    if not s.wood_supply:
        return []
    return [x for x in SECTIONS if sum(s.walls[x]) < MAX_WALL and mine(s, d, x)]


def _platform_targets(s: SHState, d: int, piece) -> list[str]:
    if len(s.platforms) >= PLATFORMS:
        return []
    return [x for x in SECTIONS if x not in s.platforms and mine(s, d, x)]


def _trap_targets(s: SHState, d: int, piece) -> list[str]:
    kind_code = "T" + piece
    if sum(1 for v in s.trapspace.values() if v == kind_code) >= TRAPS_PER_TYPE:
        return []
    return [p for p in PATH_IDS if p not in s.trapspace and mine(s, d, p)]


def _sabotage_targets(s: SHState, d: int, piece) -> list[str]:
    return [
        r
        for r in RAMPARTS
        if s.machines.get(r) in ("BAL", "CAT") and r not in s.sabotaged and mine(s, d, r)
    ]


def _wall(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    s.wood_supply -= 1
    s.walls[target][1] += 1


def _ritual(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    s.glow = next(i for i, r in enumerate(s.rituals) if ritual_ref(r) == target)
    check_panic(s, log)


def _recruit_archers(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    u = s.defender_units[BK]
    for _ in range(2):
        if s.defender_supply[0] and barracks_fit(u[0] + 1, u[1], u[2]):
            s.defender_supply[0] -= 1
            u[0] += 1


def _recruit_soldier(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    s.defender_supply[1] -= 1
    s.defender_units[BK][1] += 1


def _promote(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    u = s.defender_units[BK]
    u[1] -= 1
    s.defender_supply[1] += 1
    u[2] += 1
    s.defender_supply[2] -= 1


def _reveal(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    for order in s.orders.values():
        order[2] = 1


def _alarm(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    s.pending["alarm"] = ALARM_UNITS
    s.pending["alarm_defender"] = d


def _reinforce(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    s.gates[s.gate] = min(GATE_MAX, s.gates[s.gate] + 2)


def _beds(s: SHState, target: str, piece, d: int, log: list | None) -> None:
    s.beds = 1


def _barracks(s: SHState) -> list[int]:
    return s.defender_units[BK]


def _promote_targets(s: SHState, d: int, piece) -> list[str]:
    """BK3: a soldier of the barracks becomes a veteran where the barracks hold him."""
    u = s.defender_units[BK]
    return _if(u[1] > 0 and s.defender_supply[2] > 0 and barracks_fit(u[0], u[1] - 1, u[2] + 1))


#: the building actions by their kind (content.BUILDING_ACTIONS), those without a
#: target by their code
WORKS: dict[str, Work] = {
    "cauldron": Work(_cauldron_targets, lambda s, x, piece, d, log: s.cauldrons.update({x: piece})),
    "tower": Work(_tower_targets, lambda s, x, piece, d, log: s.tower_machines.update({x: piece})),
    "wall": Work(_wall_targets, _wall),
    "platform": Work(_platform_targets, lambda s, x, piece, d, log: s.platforms.append(x)),
    "trap": Work(_trap_targets, lambda s, x, piece, d, log: s.trapspace.update({x: "T" + piece})),
    "sabotage": Work(_sabotage_targets, lambda s, x, piece, d, log: s.sabotaged.append(x)),
    "rampart": Work(
        lambda s, d, piece: [] if s.blessing else [r for r in RAMPARTS if mine(s, d, r)],
        lambda s, x, piece, d, log: setattr(s, "blessing", x),
    ),
    "ritual": Work(
        lambda s, d, piece: [] if s.glow is not None else [ritual_ref(r) for r in s.rituals],
        _ritual,
    ),
    "WK4": Work(lambda s, d, piece: _if(s.gate < GATES and s.gates[s.gate] < GATE_MAX), _reinforce),
    "BK1": Work(
        lambda s, d, piece: _if(s.defender_supply[0] > 0 and barracks_fit(*_plus(_barracks(s), 0))),
        _recruit_archers,
    ),
    "BK2": Work(
        lambda s, d, piece: _if(s.defender_supply[1] > 0 and barracks_fit(*_plus(_barracks(s), 1))),
        _recruit_soldier,
    ),
    "BK3": Work(_promote_targets, _promote),
    "WT1": Work(lambda s, d, piece: _if(sum(s.defender_units[WT]) > 0), _reveal),
    "WT2": Work(lambda s, d, piece: ["-"], _alarm),
    "HS1": Work(lambda s, d, piece: _if(not s.beds), _beds),
}


def _plus(u: list[int], t: int) -> tuple[int, int, int]:
    """The barracks' units with one more of type ``t``."""
    return (u[0] + (t == 0), u[1] + (t == 1), u[2] + (t == 2))


def _work(code: str) -> tuple[Work, str | None]:
    _b, _cost, kind, piece = BUILDING_ACTIONS[code]
    return WORKS[code if kind == "-" else kind], piece


def targets(s: SHState, code: str, d: int) -> list[str]:
    """SH-16.1.2: where the effect of ``code`` may go now (``["-"]`` for an action
    without a target; empty when the effect is not legal)."""
    work, piece = _work(code)
    return work.targets(s, d, piece)


def complete(s: SHState, code: str, target: str, d: int, log: list | None) -> None:
    """SH-6.4: the action resolves at once and is used for the rest of the round."""
    s.done[code] += 1
    if code in s.rebuy:
        s.rebuy.remove(code)
    emit(log, PUBLIC, "BUILT", code, target)
    work, piece = _work(code)
    work.effect(s, target, piece, d, log)


def paid_up(s: SHState) -> list[str]:
    """SH-16.1.3: actions fully paid and unused when a window opens."""
    return [
        c
        for c in ACTION_CODES
        if s.paid[c]
        and s.paid[c] >= action_cost(s, c)
        and (not s.done[c] or c in s.rebuy)
        and s.done[c] < 2
    ]


# ----------------------------------------------------------------- legal actions
def controls_hero(s: SHState, d: int, hero: str) -> bool:
    """SH-23.2: a hero is controlled by the Defender of the side where he stands."""
    return mine(s, d, s.heroes[hero])


def move_cost(s: SHState, dst: str) -> int:
    """SH-17.2: 1 hourglass, +1 onto a section with Gale (D-18)."""
    return 2 if dst in s.equipment and ritual_active(s, "GAL", dst) else 1


def can_spend(s: SHState, d: int) -> bool:
    """SH-6.5 without listing every option: True when a move to the courtyard (always
    open, never under Gale) or a hero move is possible; else the full list decides."""
    if s.hourglasses[d] <= 0:
        return False
    for pos, u in s.defender_units.items():
        if pos != CY and pos != "HOSP" and (u[0] or u[1] or u[2]) and mine(s, d, pos):
            return True
    if any(p != CY and mine(s, d, p) for p in s.heroes.values()):
        return True
    return bool(legal(s, d))


def legal(s: SHState, d: int) -> list[SHAction]:
    who = d_who(s, d)
    hg = s.hourglasses[d]
    out: list[SHAction] = []
    if hg <= 0:
        return out
    for code in ACTION_CODES:
        if not action_open(s, code, d):
            continue
        paid, cost = s.paid[code], action_cost(s, code)
        if paid >= cost:
            continue
        if paid + 1 < cost:
            out.append(act(who, "PAY", code))
            continue
        tg = targets(s, code, d)
        if tg == ["-"]:
            out.append(act(who, "PAY", code))
        else:
            out += [act(who, "PAY", code, x) for x in tg]
    if s.speech < SPEECH_MAX and not possessed(s, "OFF") and controls_hero(s, d, "OFF"):
        out.append(act(who, "SPEECH"))
    if (
        not s.strike
        and hg >= STRIKE_COST
        and not possessed(s, "WAR")
        and controls_hero(s, d, "WAR")
    ):
        out.append(act(who, "STRIKE"))
    out += unit_moves(s, d, who, hg)
    if s.haste and s.n_def == 2:
        for code in ACTION_CODES:
            if (
                s.done[code] == 1
                and s.payer.get(code) == 1 - d
                and code not in s.rebuy
                and targets(s, code, d)
            ):
                out.append(act(who, "HASTE", code))
    return out


_NO = (False, False, False)
_YES = (True, True, True)


def accepts(s: SHState, d: int, hg: int) -> dict[str, tuple[bool, bool, bool]]:
    """Per position: whether one more archer / soldier / veteran may enter it now
    (SH-17.2 capacities and costs, SH-16.2 barracks spaces, SH-23.2 sides)."""
    du = s.defender_units
    gale = _gale(s) if s.rituals else ()
    out = dict.fromkeys(DEF_LINKS, _NO)
    one = len(s.hourglasses) == 1
    for sec in SECTIONS:
        if not (one or mine(s, d, sec)) or (sec in gale and hg < 2):
            continue
        u = du[sec]
        if u[0] + u[1] + u[2] < 4 + 2 * (sec in s.platforms):
            out[sec] = _YES
    for tw in TOWERS:
        if (one or mine(s, d, tw)) and sum(du[tw]) < 2:
            out[tw] = (True, False, False)
    a, so, v = du[BK]
    out[BK] = (barracks_fit(a + 1, so, v), barracks_fit(a, so + 1, v), barracks_fit(a, so, v + 1))
    if not sum(du[WT]):
        out[WT] = _YES
    out[CY] = _YES
    return out


def _gale(s: SHState) -> set[str]:
    return {x for c, x, _ in s.rituals if c == "GAL" and ritual_active(s, "GAL", x)}


#: every Defender unit move as a ready action: seat name -> (src, type) -> [(dst, action)]
_MOVES: dict[str, dict[tuple[str, int], tuple]] = {
    who: {
        (src, t): tuple(
            (dst, act(who, "MOVE", src, dst, DEF_TYPES[t])) for dst in links if dst != HG
        )
        for src, links in DEF_LINKS.items()
        for t in (0, 1, 2)
    }
    for who in ("D", "DW", "DE")
}


def _troop_moves(s: SHState, d: int, who: str, hg: int) -> list[SHAction]:
    """SH-17.2: one unit to a linked position that accepts one more of its type."""
    out = []
    append = out.append
    du = s.defender_units
    ok = accepts(s, d, hg)
    one = len(s.hourglasses) == 1
    table = _MOVES[who]
    for src in DEF_LINKS:
        u = du[src]
        if not (u[0] or u[1] or u[2]) or not (one or mine(s, d, src)):
            continue
        for t in (0, 1, 2):
            if u[t]:
                for dst, action in table[(src, t)]:
                    if ok[dst][t]:
                        append(action)
    return out


def _hero_moves(s: SHState, d: int, who: str, hg: int, gale: set[str]) -> list[SHAction]:
    """A hero to a linked own place no other hero holds (the courtyard takes both); a
    Gale section only with 2 hourglasses or more."""
    out = []
    holders = set(s.heroes.values())
    for hero in ("OFF", "WAR"):
        src = s.heroes[hero]
        if not mine(s, d, src):
            continue
        for dst in HERO_LINKS[src]:
            if (dst == CY or dst not in holders) and mine(s, d, dst):
                if dst in gale and hg < 2:
                    continue
                out.append(act(who, "MOVE", src, dst, hero))
    return out


#: every Defender swap as a ready action (SH-17.3): seat name -> (section, its neighbour
#: after it) -> ((type given, type taken, action), ...)
_SWAPS: dict[str, dict[tuple[str, str], tuple]] = {
    who: {
        (a, b): tuple(
            (x, y, act(who, "SWAP", a, DEF_TYPES[x], b, DEF_TYPES[y]))
            for x in (0, 1, 2)
            for y in (0, 1, 2)
            if y != x
        )
        for a in SECTIONS
        for b in ROPE[a]
        if not b < a
    }
    for who in ("D", "DW", "DE")
}


def _swap_moves(s: SHState, d: int, who: str, gale: set[str]) -> list[SHAction]:
    """SH-17.3 swaps between neighbouring sections (a tower holds archers only, so a
    section-tower swap would exchange two archers and change nothing)."""
    out = []
    du = s.defender_units
    swaps = _SWAPS[who]
    for a in SECTIONS:
        if a in gale or not mine(s, d, a):
            continue
        ua = du[a]
        for b in ROPE[a]:
            if b < a or b in gale or not mine(s, d, b):
                continue
            ub = du[b]
            out += [action for x, y, action in swaps[(a, b)] if ua[x] and ub[y]]
    return out


def unit_moves(s: SHState, d: int, who: str, hg: int) -> list[SHAction]:
    """SH-17.2 / SH-17.3: the Defender's unit moves, hero moves and swaps."""
    out = _troop_moves(s, d, who, hg)
    gale = _gale(s)
    out += _hero_moves(s, d, who, hg, gale)
    out += _swap_moves(s, d, who, gale)
    return out


_ONE = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def alarm_moves(s: SHState, d: int) -> list[SHAction]:
    """WT2: up to 3 units from the courtyard, barracks or watchtower to sections or
    towers; a Gale section costs 1 hourglass from the hand."""
    who = d_who(s, d)
    out = []
    for src in (CY, BK, WT):
        u = s.defender_units[src]
        for dst in SECTIONS + TOWERS:
            if not mine(s, d, dst):
                continue
            if move_cost(s, dst) > 1 and s.hourglasses[d] < 1:
                continue
            for t in (0, 1, 2):
                if u[t] and def_fits(s, dst, _ONE[t]):
                    out.append(act(who, "ALARM", src, dst, DEF_TYPES[t]))
    out.append(act(who, "ALARM", "-"))
    return out


def do_options(s: SHState, d: int) -> list[SHAction]:
    """SH-16.1.3: the first paid-up action waiting to complete, with each target."""
    code = s.pending["to_complete"][0]
    return [act(d_who(s, d), "DO", code, x) for x in targets(s, code, d)]
