"""Every space the Stronghold table shows, named as the engine names it.

The board topology is ``board.py`` (SH-3); this list adds what the printed board shows
around it: the gate tower, the siege-tower slots, the buildings' action spaces (SH-16)
and the side areas (camp, unit bag, supply, resources, phase cards, rituals, hourglass
track, glory track, deeds).  ``levels/stronghold.tmx`` has exactly one object for each
of these names (checked by tests/test_sh_map.py); the map holds geometry and art only.
"""

from __future__ import annotations

from .board import (
    BF,
    BUILDINGS,
    CAMP,
    CY,
    GATHERING,
    GP_SLOTS,
    HOSP,
    PATH_IDS,
    RAMPARTS,
    SECTIONS,
    SIEGE_SLOTS,
    TOWERS,
)
from .content import ACTION_CODES

GATE = "GATE"  # the barbican's three gates (SH-3.1)
SIEGE_TOWER_SPACES = tuple(f"{s}T" for s in SIEGE_SLOTS)  # SH-3.9, written S2T in actions
MACHINE_SPACES = tuple(x for gp in GATHERING for x in GP_SLOTS[gp])
PHASE_CARD_SPACES = tuple(f"CARD{p}" for p in range(1, 7))  # SH-15: one per phase
#: side areas: Invader bag, supply, spent units, resources, blood space, rituals;
#: Defender hourglasses, supply (units, stone, wood), glory track and deeds
SIDE_AREAS = (
    "BAG",
    "SUPPLY",
    "RES",
    "BLOOD",
    "RITUALS",
    "HOURGLASS",
    "DSUPPLY",
    "GLORY",
    "DEEDS",
) + PHASE_CARD_SPACES

MAP_SPACES: tuple[str, ...] = (
    GATHERING
    + MACHINE_SPACES
    + (CAMP,)
    + PATH_IDS
    + RAMPARTS
    + (BF, GATE)
    + SECTIONS
    + SIEGE_TOWER_SPACES
    + TOWERS
    + BUILDINGS
    + (CY, HOSP)
    + ACTION_CODES
    + SIDE_AREAS
)
