"""Field of Glory [DESIGNED] content (FG-22) as data: the army deck, the special
modifiers, the terrain deck, names, and the historical armies of FG-23.2.

A card is named side + type + copy number (FG-0.5): ``R-HI3``, ``B-LD2``.  The tables
below hold every card id of both sides (the standard 48 of each side and the cards the
historical armies add), so one lookup gives a card's fields whatever the line-up.
"""

from __future__ import annotations

SIDES = ("R", "B")  # seat 0 is Red (Carthage), seat 1 is Blue (Rome) (FG-0.5)
COLUMNS = ("c1", "c2", "c3", "c4", "c5")
WINGS = (0, 4)  # c1 and c5 (FG-0.4)

UNIT_TYPES = ("HI", "PH", "SP", "MI", "LI", "AR", "CAV", "LC", "EL")
OTHER_TYPES = ("LD", "ENV", "RES")
#: FG-22.1: type -> (MC, CV, WP, VP, CP of copies 1, 2, ...); None for non-units
UNIT_STATS: dict[str, tuple[int, int, int, int]] = {
    "HI": (4, 4, 2, 3),
    "PH": (4, 4, 2, 3),
    "SP": (3, 3, 1, 2),
    "MI": (2, 3, 1, 2),
    "LI": (1, 1, 0, 1),
    "AR": (2, 2, 0, 1),
    "CAV": (3, 3, 0, 2),
    "LC": (0, 1, 0, 1),
    "EL": (5, 5, 1, 3),
}
COPY_CP: dict[str, tuple[int, ...]] = {
    "HI": (1, 2, 2, 3, 3),
    "PH": (1, 2, 2, 3),
    "SP": (1, 2, 2, 3),
    "MI": (1, 2, 2, 3, 3),
    "LI": (1, 2, 2, 3),
    "AR": (1, 2, 2, 3),
    "CAV": (1, 2, 3, 3, 4),
    "LC": (1, 2, 2, 3),
    "EL": (1, 2, 3),
    "LD": (5, 5, 5, 5),
    "ENV": (1, 1, 1),
    "RES": (1, 1, 1),
}
TYPE_ORDER = UNIT_TYPES + OTHER_TYPES

#: FG-23.2 historical armies: side -> [(removed, added, CP kept)]
HISTORICAL: dict[str, list[tuple[str, str, int]]] = {
    "B": [
        ("PH1", "HI6", 1), ("PH2", "HI7", 2), ("PH3", "SP5", 2), ("PH4", "SP6", 3),
        ("EL1", "LI5", 1), ("EL2", "MI6", 2), ("EL3", "CAV6", 3),
    ],
    "R": [("HI4", "LC5", 3), ("HI5", "MI6", 3), ("SP4", "LC6", 3)],
}  # fmt: skip

# --------------------------------------------------------------------- card tables
CTYPE: dict[str, str] = {}  # card -> type code
CP: dict[str, int] = {}
MC: dict[str, int] = {}  # units only (printed move cost)
CV: dict[str, int] = {}
WP: dict[str, int] = {}
VP: dict[str, int] = {}  # every card (0 for Leaders and action cards, FG-22.5)
SIDE_OF: dict[str, int] = {}  # card -> 0 (Red) / 1 (Blue)
ORDER: dict[str, int] = {}  # canonical order of all card ids (notation, sorting)


def _add(side: int, code: str, copy: int, cp: int) -> str:
    card = f"{SIDES[side]}-{code}{copy}"
    CTYPE[card] = code
    CP[card] = cp
    SIDE_OF[card] = side
    if code in UNIT_STATS:
        MC[card], CV[card], WP[card], VP[card] = UNIT_STATS[code]
    else:
        VP[card] = 0
    ORDER[card] = len(ORDER)
    return card


#: side index -> the standard 48-card deck in FG-22.1 order
STANDARD_DECK: tuple[tuple[str, ...], tuple[str, ...]] = tuple(  # type: ignore[assignment]
    tuple(_add(side, code, k + 1, cp) for code in TYPE_ORDER for k, cp in enumerate(COPY_CP[code]))
    for side in range(2)
)


def _historical(side: int) -> tuple[str, ...]:
    prefix = SIDES[side] + "-"
    swaps = {prefix + old: prefix + new for old, new, _ in HISTORICAL[SIDES[side]]}
    for _old, new, cp in HISTORICAL[SIDES[side]]:
        code = new.rstrip("0123456789")
        _add(side, code, int(new[len(code) :]), cp)
    return tuple(swaps.get(c, c) for c in STANDARD_DECK[side])


HISTORICAL_DECK = (_historical(0), _historical(1))
ALL_CARDS = tuple(ORDER)
for _deck in (*STANDARD_DECK, *HISTORICAL_DECK):
    assert len(_deck) == 48 and all(CP[c] >= 1 for c in _deck)  # FG-2.2, FG-18.3

IS_UNIT = {c: CTYPE[c] in UNIT_STATS for c in ALL_CARDS}


def deck_of(side: int, historical: bool) -> tuple[str, ...]:
    """The 48 army cards of ``side`` (FG-2.2, or FG-23.2 with historical armies)."""
    return HISTORICAL_DECK[side] if historical else STANDARD_DECK[side]


# --------------------------------------------------------------------- terrain (FG-22.3)
TERRAIN_IDS = ("PLN1", "PLN2", "PLN3", "PLN4", "FOR1", "FOR2", "HIL1", "HIL2", "MAR1")
TERRAIN_NAMES = {"PLN": "plain", "FOR": "forest", "HIL": "hill", "MAR": "marsh"}
DIFFICULT = frozenset({"FOR", "MAR"})  # FG-14.3
PLAIN_PREFERENCE = (2, 1, 3, 0, 4)  # FG-4.1: c3, c2, c4, c1, c5
OTHER_PREFERENCE = (0, 4, 1, 3, 2)  # FG-4.1: c1, c5, c2, c4, c3
#: FG-14.2, FG-14.5: terrain kind -> lead unit type -> modifier (hill: FG-14.4, defender)
TERRAIN_MOD: dict[str, dict[str, int]] = {
    "PLN": {},
    "FOR": {"HI": -2, "PH": -2, "SP": -2, "CAV": -2, "EL": -2, "LI": 1},
    "HIL": {},
    "MAR": {"CAV": -2, "LC": -2, "EL": -2, "PH": -1},
}
HILL_DEFENDER = 1
HAND_LIMIT = 9  # FG-18.2


def terrain_kind(terrain: str) -> str:
    return terrain[:3]


def is_difficult(terrain: str) -> bool:
    return terrain[:3] in DIFFICULT


def placement_cost(card: str, col: int, terrain: str) -> int:
    """FG-11.7: MC, plus WP on a wing, plus 1 in difficult terrain."""
    cost = MC[card]
    if col in WINGS:
        cost += WP[card]
    if terrain[:3] in DIFFICULT:
        cost += 1
    return cost


# --------------------------------------------------------------------- specials (FG-22.2)
#: type -> {enemy lead type: modifier}
VERSUS: dict[str, dict[str, int]] = {
    "HI": {"MI": 1},
    "PH": {"CAV": 1},
    "SP": {"CAV": 2},
    "LI": {"EL": 2},
    "AR": {"CAV": 1, "EL": 1},
    "CAV": {"LI": 1, "AR": 1},
    "EL": {"CAV": 2},
}


def special_mod(
    code: str, enemy: str, partner: str | None, difficult: bool, flank_attacker: bool
) -> int:
    """FG-22.2: the modifiers printed on a lead unit of type ``code``."""
    mod = VERSUS.get(code, {}).get(enemy, 0)
    partner_ph = code == "PH" and partner == "PH"
    if partner_ph or (code == "MI" and difficult) or (code == "LC" and flank_attacker):
        mod += 1
    return mod


# --------------------------------------------------------------------- names (display)
LEADER_NAMES = {
    "R-LD1": "Hannibal", "R-LD2": "Hasdrubal", "R-LD3": "Mago", "R-LD4": "Maharbal",
    "B-LD1": "Scipio", "B-LD2": "Fabius", "B-LD3": "Marcellus", "B-LD4": "Aemilius Paullus",
}  # fmt: skip
SIDE_NAMES = ("Carthage", "Rome")
TYPE_NAMES: dict[str, tuple[str, str]] = {  # FG-22.6: (Red, Blue)
    "HI": ("Libyan veterans", "Legionaries"),
    "PH": ("Libyan phalanx", "Italiote Greek phalanx"),
    "SP": ("African spearmen", "Triarii"),
    "MI": ("Spanish scutarii", "Allied Italian foot"),
    "LI": ("Balearic slingers", "Velites"),
    "AR": ("Mercenary archers", "Cretan archers"),
    "CAV": ("Spanish and Gallic horse", "Roman and allied horse"),
    "LC": ("Numidian horse", "Allied light horse"),
    "EL": ("African elephants", "Allied elephants"),
    "LD": ("Leader", "Leader"),
    "ENV": ("Envelopment", "Envelopment"),
    "RES": ("Reserve", "Reserve"),
}


def card_name(card: str) -> str:
    """A display name: the Leader's name or the side's name of the type."""
    if card in LEADER_NAMES:
        return LEADER_NAMES[card]
    return TYPE_NAMES[CTYPE[card]][SIDE_OF[card]]
