"""The Stronghold board as data (SH-3): the single source of spaces, links and slots.

Every rule module, the invariant checker, the AI and (later) the table view read the
topology from here.  Node ids are the spec's (SH-0.6): ``CAMP``, ``GW``/``GE``,
``R1``-``R7``, ``BF``, ``S1``-``S9``, the towers ``T12`` ... ``TGE`` and the paths
``p01``-``p21``.  Interior positions of the Defender are ``CY`` (courtyard), ``BK``
(barracks), ``WT`` (watchtower), ``HG`` (Honour Guard) and ``HOSP`` (hospital).
"""

from __future__ import annotations

W, E = "W", "E"

GATHERING = ("GW", "GE")  # SH-3.1: cap 10, 2 machine spaces each
RAMPARTS = ("R1", "R2", "R3", "R4", "R5", "R6", "R7")
SECTIONS = ("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9")
TOWERS = ("T12", "T23", "T34", "TGW", "TGE", "T56", "T67", "T78", "T89")
BF = "BF"
CAMP = "CAMP"

# SH-3.11 paths: id -> (from, to); one trap space each (SH-3.1)
PATHS: dict[str, tuple[str, str]] = {
    "p01": ("GW", "R1"), "p02": ("GW", "R2"), "p03": ("GW", "R3"),
    "p04": ("GE", "R4"), "p05": ("GE", "R5"), "p06": ("GE", "R6"),
    "p07": ("R6", "R7"),
    "p08": ("R1", "S1"), "p09": ("R1", "S2"), "p10": ("R2", "S2"), "p11": ("R2", "S3"),
    "p12": ("R3", "S3"), "p13": ("R3", "S4"), "p14": ("R4", "S5"), "p15": ("R4", "S6"),
    "p16": ("R5", "S6"), "p17": ("R5", "S7"), "p18": ("R6", "S7"), "p19": ("R6", "S8"),
    "p20": ("R7", "S8"), "p21": ("R7", "S9"),
}  # fmt: skip
PATH_IDS = tuple(PATHS)
#: (from, to) -> path id, for both directions (drover moves go backwards, SH-16.5.1)
PATH_OF: dict[tuple[str, str], str] = {}
for _p, (_a, _b) in PATHS.items():
    PATH_OF[(_a, _b)] = _p
    PATH_OF[(_b, _a)] = _p

# SH-3.2 forward links out of each node (CAMP links are special: SH-13.2 step 3)
FORWARD: dict[str, tuple[str, ...]] = {
    "GW": ("R1", "R2", "R3"),
    "GE": ("R4", "R5", "R6"),
    "R1": ("S1", "S2"), "R2": ("S2", "S3"), "R3": ("S3", "S4"),
    "R4": ("S5", "S6"), "R5": ("S6", "S7"), "R6": ("S7", "S8", "R7"), "R7": ("S8", "S9"),
}  # fmt: skip

# SH-3.2.2 drover links (both directions between ramparts of a side, and back to the GP)
DROVER: dict[str, tuple[str, ...]] = {
    "R1": ("R2", "GW"), "R2": ("R1", "R3", "GW"), "R3": ("R2", "GW"),
    "R4": ("R5", "GE"), "R5": ("R4", "R6", "GE"), "R6": ("R5", "R7", "GE"), "R7": ("R6",),
}  # fmt: skip

# SH-3.2.3 rope links between wall sections (never across the barbican)
ROPE: dict[str, tuple[str, ...]] = {
    "S1": ("S2",), "S2": ("S1", "S3"), "S3": ("S2", "S4"), "S4": ("S3",),
    "S5": ("S6",), "S6": ("S5", "S7"), "S7": ("S6", "S8"), "S8": ("S7", "S9"), "S9": ("S8",),
}  # fmt: skip

# SH-3.3 sides
SIDE: dict[str, str] = {}
for _n in ("GW", "R1", "R2", "R3", "S1", "S2", "S3", "S4", "T12", "T23", "T34", "TGW"):
    SIDE[_n] = W
for _n in ("GE", "R4", "R5", "R6", "R7", "S5", "S6", "S7", "S8", "S9",
           "TGE", "T56", "T67", "T78", "T89"):  # fmt: skip
    SIDE[_n] = E
for _p, (_a, _b) in PATHS.items():
    SIDE[_p] = SIDE[_a]
GP_OF_SIDE = {W: "GW", E: "GE"}

# SH-3.4 wall sections: base Invader spaces, siege-tower slot, flanking towers
SECTION_INV = {"S1": 4, "S2": 5, "S3": 5, "S4": 4, "S5": 4, "S6": 5, "S7": 5, "S8": 5, "S9": 4}
SECTION_DEF = 4  # +2 with a platform (SH-3.4, WK2)
SIEGE_SLOTS = ("S2", "S3", "S6", "S8")  # SH-3.9
SECTION_TOWERS: dict[str, tuple[str, ...]] = {
    "S1": ("T12",), "S2": ("T12", "T23"), "S3": ("T23", "T34"), "S4": ("T34", "TGW"),
    "S5": ("TGE", "T56"), "S6": ("T56", "T67"), "S7": ("T67", "T78"), "S8": ("T78", "T89"),
    "S9": ("T89",),
}  # fmt: skip
GATE_ADJACENT = ("S4", "S5")
MAX_WALL = 5  # SH-3.4.2

# SH-3.5 ramparts: the tower opposite each one
OPPOSITE: dict[str, str] = {
    "R1": "T12", "R2": "T23", "R3": "T34", "R4": "T56", "R5": "T67", "R6": "T78", "R7": "T89",
}  # fmt: skip
RAMPART_CAP, RAMPART_CAP_QM, GP_CAP = 7, 9, 10  # SH-13.4
#: the two sections on a rampart's paths (ballista/catapult/sharpshooter range, SH-3.7)
RAMPART_SECTIONS: dict[str, tuple[str, str]] = {
    r: tuple(t for t in FORWARD[r] if t in SECTION_INV)
    for r in RAMPARTS  # type: ignore
}

# SH-3.6 towers: chain, flanked sections, archer and cannon targets
TOWER_CHAIN = {W: ("T12", "T23", "T34", "TGW"), E: ("TGE", "T56", "T67", "T78", "T89")}
FORTIFIED = ("TGW", "TGE")
TOWER_SECTIONS: dict[str, tuple[str, ...]] = {t: () for t in TOWERS}
for _s, _ts in SECTION_TOWERS.items():
    for _t in _ts:
        TOWER_SECTIONS[_t] += (_s,)
ARCHER_TARGETS: dict[str, tuple[str, ...]] = {
    # towers (SH-3.6) and sections (SH-3.7)
    "T12": ("R1", "R2"), "T23": ("R1", "R2", "R3"), "T34": ("R2", "R3"), "TGW": ("R3", "BF"),
    "TGE": ("BF", "R4"), "T56": ("R4", "R5"), "T67": ("R4", "R5", "R6"),
    "T78": ("R5", "R6", "R7"), "T89": ("R6", "R7"),
    "S1": ("R1",), "S2": ("R1", "R2"), "S3": ("R2", "R3"), "S4": ("R3", "BF"),
    "S5": ("BF", "R4"), "S6": ("R4", "R5"), "S7": ("R5", "R6"), "S8": ("R6", "R7"),
    "S9": ("R7",),
}  # fmt: skip
_CANNON_W = ("R1", "R2", "R3", "GW")
_CANNON_E = ("R4", "R5", "R6", "R7", "GE")
CANNON_TARGETS: dict[str, tuple[str, ...]] = {
    t: (_CANNON_W if SIDE[t] == W else _CANNON_E) + (("BF",) if t in FORTIFIED else ())
    for t in TOWERS
}
TOWER_ARCHERS = 2  # SH-3.6: 2 archer spaces, archers only

# SH-3.7 machine ranges: machine slots are ramparts (ballista/catapult) and GP slots
GP_SLOTS: dict[str, tuple[str, str]] = {"GW": ("GW1", "GW2"), "GE": ("GE1", "GE2")}
SLOT_GP = {slot: gp for gp, slots in GP_SLOTS.items() for slot in slots}
SIDE_SECTIONS = {W: ("S1", "S2", "S3", "S4"), E: ("S5", "S6", "S7", "S8", "S9")}
for _slot, _gp in SLOT_GP.items():
    SIDE[_slot] = SIDE[_gp]

# SH-3.8 Defender positions and links (1 hourglass per unit per link)
CY, BK, WT, HG, HOSP = "CY", "BK", "WT", "HG", "HOSP"
INTERIOR = (CY, BK, WT, HG)  # the hospital is entered only by casualties
DEF_POSITIONS = SECTIONS + TOWERS + INTERIOR + (HOSP,)
DEF_LINKS: dict[str, tuple[str, ...]] = {}
for _s in SECTIONS:
    DEF_LINKS[_s] = ROPE[_s] + SECTION_TOWERS[_s] + INTERIOR
for _t in TOWERS:
    DEF_LINKS[_t] = TOWER_SECTIONS[_t] + INTERIOR
for _i in INTERIOR:
    DEF_LINKS[_i] = SECTIONS + TOWERS + tuple(x for x in INTERIOR if x != _i)
DEF_LINKS[HOSP] = ()
# SH-17.7.4 hero links: neighbour section of the same side, section <-> courtyard
HERO_LINKS: dict[str, tuple[str, ...]] = {s: ROPE[s] + (CY,) for s in SECTIONS}
HERO_LINKS[CY] = SECTIONS
# SH-16.2 barracks typed spaces: archer-only, any, soldier-only, veteran-only
BARRACKS_SPACES = {"archer": 3, "any": 2, "soldier": 2, "veteran": 1}

# SH-3.10 initial Defender placement
START_SECTION_UNITS = (1, 1, 0)  # archer, soldier, veteran on every section
START_WALL = 2  # stone elements per section
START_INTERIOR = {BK: (4, 1, 0), WT: (1, 0, 0), HG: (0, 2, 0)}
START_HEROES = {"OFF": "S3", "WAR": "S7"}

# SH-0.6 / SH-16 building codes
BUILDINGS = ("FG", "WK", "SQ", "CT", "BK", "WT", "HS", "HG")
BUILDING_NAMES = {
    "FG": "Forge", "WK": "Workshop", "SQ": "Scouts' Quarters", "CT": "Cathedral",
    "BK": "Barracks", "WT": "Watchtower", "HS": "Hospital", "HG": "Honour Guard",
}  # fmt: skip

# every board node an Invader unit may stand on (SH-7.2 BOARD; siege towers separately)
INVADER_NODES = GATHERING + RAMPARTS + SECTIONS + (BF,)


def invader_side_ok(node: str, side: str | None) -> bool:
    """SH-1.5 / SH-22.2: ``node`` may be used by an Invader of ``side`` (None = both)."""
    return side is None or SIDE.get(node, side) == side


def forward_distance(start: str, goal: str) -> int | None:
    """Forward links (SH-3.2) from ``start`` to the section ``goal``; None if unreachable.
    Used by Troll Call (SH-13.6)."""
    if start == goal:
        return 0
    best = None
    for nxt in FORWARD.get(start, ()):
        d = forward_distance(nxt, goal)
        if d is not None and (best is None or d + 1 < best):
            best = d + 1
    return best


DISTANCE: dict[tuple[str, str], int | None] = {
    (n, s): forward_distance(n, s) for n in GATHERING + RAMPARTS for s in SECTIONS
}
