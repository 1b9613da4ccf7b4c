"""Helpers shared by the Stronghold rule modules: the action record (its notation and
the verbs are in verbs.py), capacities, kills, hourglasses, glory,
deeds, panic and ritual look-ups.  Every function takes the state first and changes it
in place; events go to an optional log as ``(visibility, KIND, *args)``."""

from __future__ import annotations

import re
from typing import NamedTuple

from game.core.contract import PUBLIC

from .board import (
    BK,
    CY,
    GATHERING,
    GP_CAP,
    HOSP,
    RAMPART_CAP,
    RAMPART_CAP_QM,
    SECTION_DEF,
    SECTION_INV,
    SECTIONS,
    TOWERS,
    WT,
)
from .content import (
    BLOOD_DEED,
    BUILDING_ACTIONS,
    DEF_STRENGTH,
    RUIN_DEED,
    SIEGE_DEED,
    TROLL_DEED,
    base_cost,
)
from .state import SHState


class SHAction(NamedTuple):
    """One decision, ``<seat>: VERB args`` (the notation of verbs.py)."""

    who: str
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        if self.args:
            return f"{self.who}: {self.verb} {' '.join(self.args)}"
        return f"{self.who}: {self.verb}"


def act(who: str, verb: str, *args: str) -> SHAction:
    # made without NamedTuple's argument handling: 0.171 against 0.251 us a call for
    # ``SHAction(who, verb, args)`` (timeit, Python 3.11), about 8,200 calls a random
    # playout (every legal action); measured with the plain call instead: random
    # playouts and apply 3 % more CPU time (150 playouts, five pairs alternated, medians
    # 1.152 s against 1.115 s)
    return tuple.__new__(SHAction, (who, verb, args))


def comp_text(counts, letters: str) -> str:
    """``(1, 2, 0)`` with ``"GOT"`` -> ``"1G2O"``; all zero -> ``"-"``."""
    text = "".join(f"{n}{c}" for n, c in zip(counts, letters, strict=True) if n)
    return text or "-"


_COMP_PART = re.compile(r"([0-9]+)([A-Z])")


def comp_counts(text: str, letters: str) -> list[int]:
    """``"1G2O"`` with ``"GOT"`` -> ``[1, 2, 0]``; ``"-"`` -> all zero."""
    counts = [0, 0, 0]
    if text == "-":
        return counts
    for n, c in _COMP_PART.findall(text):
        counts[letters.index(c)] = int(n)
    return counts


def emit(log: list | None, vis: int, *event) -> None:
    if log is not None:
        log.append((vis, *event))


# ----------------------------------------------------------------- Invader units
def section_units(s: SHState, sec: str) -> list[int]:
    """Invader units on a section, its siege tower included (SH-3.4.1)."""
    u = s.units[sec]
    t = s.siege.get(sec)
    return [u[0] + t[0], u[1] + t[1], u[2] + t[2]] if t else u[:]


def section_has_invader(s: SHState, sec: str) -> bool:
    t = s.siege.get(sec)
    return sum(s.units[sec]) > 0 or (t is not None and sum(t) > 0)


def section_cap(s: SHState, sec: str) -> int:
    """SH-3.4.1 normal Invader spaces: base + 1 with a ladder (the siege tower's 3 spaces
    are a separate pool, SH-9.9)."""
    return SECTION_INV[sec] + ("LAD" in s.equipment[sec])


def node_cap(s: SHState, node: str) -> int:
    """SH-13.4 capacities of the normal spaces of a node."""
    if node in GATHERING:
        return GP_CAP
    if node[0] == "R":
        return RAMPART_CAP_QM if "QM" in s.training[node] else RAMPART_CAP
    if node[0] == "S":
        return section_cap(s, node)
    return 2 * s.ram  # BF


def strength(units) -> int:
    return units[0] + 2 * units[1] + 3 * units[2]


def kill_invader(s: SHState, node: str, t: int, n: int = 1) -> int:
    """Kill up to ``n`` units of type ``t`` on ``node`` (normal spaces first, then its
    siege tower) to the supply (SH-7.6); the number killed."""
    killed = 0
    u = s.units[node]
    k = min(n, u[t])
    u[t] -= k
    killed += k
    tower = s.siege.get(node)
    if killed < n and tower:
        k = min(n - killed, tower[t])
        tower[t] -= k
        killed += k
    s.supply[t] += killed
    return killed


def kill_invader_set(s: SHState, node: str, counts) -> None:
    for t in range(3):
        if counts[t]:
            kill_invader(s, node, t, counts[t])


def comp_options(have, need: int, values=(1, 2, 3)) -> list[list[int]]:
    """SH-18.5.5 minimal sets: every composition (x, y, z) <= ``have`` whose value total
    is T*, the smallest total >= ``need``; all of ``have`` if even that falls short."""
    best = None
    found: list[list[int]] = []
    for x in range(have[0] + 1):
        for y in range(have[1] + 1):
            for z in range(have[2] + 1):
                total = x * values[0] + y * values[1] + z * values[2]
                if total < need:
                    continue
                if best is None or total < best:
                    best, found = total, [[x, y, z]]
                elif total == best:
                    found.append([x, y, z])
    return found or [list(have)]


def max_under(have, cap: int, values=(1, 2, 3)) -> list[list[int]]:
    """SH-18.2.6 archer losses: compositions with the largest total <= ``cap``."""
    best = 0
    found: list[list[int]] = [[0, 0, 0]]
    for x in range(have[0] + 1):
        for y in range(have[1] + 1):
            for z in range(have[2] + 1):
                total = x * values[0] + y * values[1] + z * values[2]
                if total > cap or total == 0:
                    continue
                if total > best:
                    best, found = total, [[x, y, z]]
                elif total == best:
                    found.append([x, y, z])
    return found


# ----------------------------------------------------------------- Defender units
def def_cap(s: SHState, pos: str) -> int:
    if pos in SECTION_INV:
        return SECTION_DEF + 2 * (pos in s.platforms)
    if pos in TOWERS:
        return 2
    if pos == WT:
        return 1
    return 1 << 30  # courtyard, hospital (the barracks are checked by type)


def barracks_fit(a: int, so: int, v: int) -> bool:
    """SH-16.2: 3 archer-only, 2 any, 2 soldier-only, 1 veteran-only spaces."""
    return max(0, a - 3) + max(0, so - 2) + max(0, v - 1) <= 2


def def_fits(s: SHState, pos: str, add) -> bool:
    """True if ``pos`` can hold its Defender units plus ``add`` (a triple)."""
    u = s.defender_units[pos]
    if pos == BK:
        return barracks_fit(u[0] + add[0], u[1] + add[1], u[2] + add[2])
    if pos in TOWERS and (add[1] or add[2]):
        return False
    return sum(u) + sum(add) <= def_cap(s, pos)


def def_strength(units) -> int:
    return units[0] * DEF_STRENGTH[0] + units[1] * DEF_STRENGTH[1] + units[2] * DEF_STRENGTH[2]


def to_hospital(s: SHState, pos: str, counts) -> None:
    """SH-17.5 melee casualties go to the hospital."""
    u, h = s.defender_units[pos], s.defender_units[HOSP]
    for i in range(3):
        u[i] -= counts[i]
        h[i] += counts[i]


def to_dsupply(s: SHState, pos: str, counts) -> None:
    """SH-17.5 ranged casualties go to the Defender supply."""
    u = s.defender_units[pos]
    for i in range(3):
        u[i] -= counts[i]
        s.defender_supply[i] += counts[i]


# ----------------------------------------------------------------- rituals
def ritual_index(s: SHState, code: str, target: str | None = None) -> int | None:
    for i, (c, tgt, _owner) in enumerate(s.rituals):
        if c == code and (target is None or tgt == target):
            return i
    return None


def ritual_active(s: SHState, code: str, target: str | None = None) -> bool:
    """A ritual tile in play and not cancelled by Heavenly Glow (CT2)."""
    i = ritual_index(s, code, target)
    return i is not None and s.glow != i


def possessed(s: SHState, hero: str) -> bool:
    """SH-17.7.7: a Possession on the hero (Heavenly Glow lifts the ban)."""
    return ritual_active(s, "POS", hero)


def action_cost(s: SHState, code: str) -> int:
    """SH-16.1.3 current cost: base (SH-16.3, SH-22.8) + saboteur + fire on the building."""
    building = BUILDING_ACTIONS[code][0]
    return (
        base_cost(code, s.n_players) + (building in s.saboteurs) + ritual_active(s, "FIR", building)
    )


# ----------------------------------------------------------------- hourglasses
def facing_defender(s: SHState, inv: int) -> int:
    """SH-23.4: each Defender receives hourglasses only from the Invader on his side."""
    return inv if s.n_def == 2 else 0


def credit(s: SHState, inv: int, n: int, log: list | None) -> None:
    """SH-6.1 / SH-7.7: ``n`` hourglasses from Invader ``inv`` to the Defender."""
    if n:
        d = facing_defender(s, inv)
        s.hourglasses[d] += n
        emit(log, PUBLIC, "HOURGLASS", d, n)


# ----------------------------------------------------------------- glory and deeds
def take_glory(s: SHState, side: int, n: int, log: list | None, why: str) -> None:
    """Glory from the supply to the Invader (side 0) or Defender (side 1), SH-2.4.2."""
    s.glory[side] += n
    s.glory_supply_taken += n
    emit(log, PUBLIC, "GLORY", "ID"[side], n, why)


def deed(s: SHState, name: str, log: list | None) -> None:
    """SH-21.3: the Invader takes the deed's tile from the Defender's area."""
    s.deeds[name] = 1
    s.glory[0] += 1
    s.glory[1] -= 1
    emit(log, PUBLIC, "DEED", name)


def check_deeds(s: SHState, log: list | None) -> bool:
    """SH-18.1.2 / SH-21.3: award every deed whose condition holds now; True if one
    was awarded."""
    d = s.deeds
    before = s.glory[0]
    if not d["BLOOD"] and s.blood >= BLOOD_DEED:
        deed(s, "BLOOD", log)
        s.supply[0] += s.blood
        s.blood = 0
    if not d["SIEGE"] or not d["TROLLS"]:
        units, siege = s.units, s.siege
        held = trolls = 0
        for sec in SECTIONS:
            u = units[sec]
            t = siege.get(sec)
            if t:
                held += (u[0] + u[1] + u[2] + t[0] + t[1] + t[2]) > 0
                tr = u[2] + t[2]
            else:
                held += (u[0] + u[1] + u[2]) > 0
                tr = u[2]
            if tr > trolls:
                trolls = tr
        if not d["SIEGE"] and held >= SIEGE_DEED:
            deed(s, "SIEGE", log)
        if not d["TROLLS"] and trolls >= TROLL_DEED:
            deed(s, "TROLLS", log)
    if not d["RUIN"] and s.ruin >= RUIN_DEED:
        deed(s, "RUIN", log)
    return s.glory[0] != before


def destroy_wall(s: SHState, sec: str, stone: int, all_wood: bool, log: list | None) -> None:
    """Remove wall elements by an Invader effect; count Ruined Walls (SH-21.3)."""
    w = s.walls[sec]
    if not w[0] + w[1]:
        return
    k = min(stone, w[0])
    w[0] -= k
    s.stone_supply += k
    if all_wood:
        s.wood_supply += w[1]
        w[1] = 0
    emit(log, PUBLIC, "WALL", sec, w[0], w[1])
    if not w[0] + w[1]:
        s.ruin += 1
        if s.ruin_tile is None:
            s.ruin_tile = sec
        emit(log, PUBLIC, "RUINED", sec)


def check_panic(s: SHState, log: list | None) -> None:
    """SH-12.4 Panic: while more than 1 Defender unit is in the courtyard, the weakest
    one there dies (to the supply)."""
    if not ritual_active(s, "PAN"):
        return
    cy = s.defender_units[CY]
    while cy[0] + cy[1] + cy[2] > 1:
        t = 0 if cy[0] else (1 if cy[1] else 2)
        cy[t] -= 1
        s.defender_supply[t] += 1
        emit(log, PUBLIC, "PANIC", "ASV"[t])
