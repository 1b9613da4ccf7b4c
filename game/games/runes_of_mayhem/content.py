"""RM-27 [DESIGNED] content as data: dice, grid, both 52-card base decks.

Each card type is ``code -> (name, class, copies, S, L, gold, faith, keywords)``.
Classes: SPEAR, MELEE, CAV (basic), RANGED, PRIEST, HERO, BERSERK, LOOTER, PEASANT,
CASTLE (castle folk; Castle Defenders are also ranged, the Court Chaplain a priest).
Keywords: FLANK, WAR (war machine), HEAL<n>, and the card's own ability code.
"""

from __future__ import annotations

SIDES = ("V", "A")  # RM-0.6: seat 0 Viking, seat 1 Anglo-Saxon
DIE = (0, 1, 1, 2, 2, 3)  # RM-27.1
COLS = (1, 2, 3)  # RM-27.2
ROWS = (1, 2, 3)
WALL_CAP = 2  # RM-4.4
HAND_LIMIT = 5  # RM-15.3
TOKENS = 7  # RM-2
START_SP = 40  # RM-1.6
START_GOLD = (0, 3)  # RM-5.8
TURN_CAP = 120  # RM-17.3
BASIC = frozenset({"SPEAR", "MELEE", "CAV"})
#: RM-9.3.2 class wheel: key beats value
BEATS = {"SPEAR": "CAV", "MELEE": "SPEAR", "CAV": "MELEE"}

CARDS: dict[str, tuple] = {
    # RM-27.3 Viking base deck
    "V-SPR": ("Spearmen", "SPEAR", 6, 2, 4, 2, 0, ()),
    "V-HSP": ("Hird Spearmen", "SPEAR", 3, 3, 5, 3, 0, ()),
    "V-AXE": ("Axemen", "MELEE", 5, 2, 2, 1, 0, ()),
    "V-SHM": ("Shieldmaidens", "MELEE", 4, 4, 4, 3, 0, ()),
    "V-VAN": ("Vanguards", "MELEE", 2, 5, 5, 4, 2, ()),
    "V-RDR": ("Raiders", "CAV", 5, 3, 3, 2, 0, ("FLANK",)),
    "V-HRS": ("Horsemen", "CAV", 4, 4, 5, 4, 0, ("FLANK",)),
    "V-ARC": ("Archers", "RANGED", 3, 2, 3, 2, 0, ()),
    "V-EAR": ("Elite Archers", "RANGED", 2, 3, 4, 3, 1, ()),
    "V-ONG": ("Onager", "RANGED", 1, 4, 3, 4, 2, ("WAR",)),
    "V-ODS": ("Odin's Sacrifice", "PRIEST", 2, 0, 3, 0, 2, ("HEAL1",)),
    "V-NPR": ("Norse Priest", "PRIEST", 2, 0, 4, 1, 3, ("HEAL2",)),
    "V-VLV": ("Völva", "PRIEST", 1, 0, 4, 1, 4, ("HEAL3",)),
    "V-BJO": ("Björn Ironside", "HERO", 1, 5, 6, 4, 3, ("HA_UNIT4",)),
    "V-LAG": ("Lagertha", "HERO", 1, 4, 5, 3, 2, ("HA_DRAW2",)),
    "V-IVR": ("Ivar the Boneless", "HERO", 1, 3, 5, 2, 3, ("HA_RANDDISC",)),
    "V-UBB": ("Ubba", "HERO", 1, 4, 4, 2, 2, ("HA_FORT3",)),
    "V-BSK": ("Berserkers", "BERSERK", 3, 3, 4, 3, 0, ("FRENZY",)),
    "V-BEA": ("Bear Warrior", "BERSERK", 1, 4, 6, 4, 1, ("HIDE",)),
    "V-WBK": ("Wild Berserker", "BERSERK", 1, 5, 3, 3, 0, ("RECKLESS",)),
    "V-LOO": ("Looters", "LOOTER", 3, 2, 3, 2, 0, ("LOCK",)),
    # RM-27.4 Anglo-Saxon base deck
    "A-TSP": ("Thegn Spearmen", "SPEAR", 3, 4, 6, 4, 0, ()),
    "A-ASP": ("Armored Spearmen", "SPEAR", 4, 3, 5, 3, 0, ()),
    "A-FYR": ("Fyrd Spearmen", "SPEAR", 2, 2, 4, 2, 0, ("BRACE",)),
    "A-SWD": ("Swordsmen", "MELEE", 5, 4, 4, 3, 0, ()),
    "A-HSC": ("Huscarls", "MELEE", 2, 5, 5, 4, 2, ()),
    "A-SEX": ("Seaxmen", "MELEE", 2, 2, 2, 1, 0, ()),
    "A-SCT": ("Scouts", "CAV", 4, 3, 3, 2, 0, ("FLANK",)),
    "A-TCV": ("Thegn Cavalry", "CAV", 2, 5, 6, 5, 1, ()),
    "A-RID": ("Riders", "CAV", 2, 4, 4, 3, 0, ()),
    "A-BOW": ("Bowmen", "RANGED", 3, 2, 3, 2, 0, ()),
    "A-EAR": ("Elite Archers", "RANGED", 2, 3, 4, 3, 1, ()),
    "A-MNG": ("Mangonel", "RANGED", 1, 4, 3, 4, 2, ("WAR",)),
    "A-CMK": ("Catholic Monk", "PRIEST", 2, 0, 3, 0, 2, ("HEAL1",)),
    "A-CPR": ("Catholic Priest", "PRIEST", 2, 0, 4, 1, 3, ("HEAL2",)),
    "A-BSH": ("Bishop", "PRIEST", 1, 0, 4, 1, 4, ("HEAL3",)),
    "A-AEF": ("Æthelflæd", "HERO", 1, 4, 5, 3, 2, ("HA_RESTORE6",)),
    "A-BYR": ("Byrhtnoth", "HERO", 1, 5, 6, 4, 3, ("HA_COLUMN2",)),
    "A-ODD": ("Odda of Devon", "HERO", 1, 3, 5, 2, 3, ("HA_RECOVER",)),
    "A-AEN": ("Æthelnoth", "HERO", 1, 4, 4, 2, 2, ("HA_WALL2",)),
    "A-CDF": ("Castle Defenders", "RANGED", 2, 2, 3, 2, 1, ("CASTLE",)),
    "A-CCH": ("Court Chaplain", "PRIEST", 2, 0, 5, 0, 3, ("CASTLE", "HEAL1")),
    "A-BLD": ("Builders", "CASTLE", 2, 1, 3, 2, 0, ("CASTLE", "BUILD5")),
    "A-PEA": ("Peasants", "PEASANT", 5, 1, 1, 0, 0, ()),
}

#: RM-3.3 learning game: codes removed from each deck
LEARNING_OUT = frozenset(
    {"V-BJO", "V-LAG", "V-IVR", "V-UBB", "V-BSK", "V-BEA", "V-WBK", "V-LOO",
     "A-AEF", "A-BYR", "A-ODD", "A-AEN", "A-CDF", "A-CCH", "A-BLD", "A-PEA"}
)  # fmt: skip


def code(card: str) -> str:
    """``V-AXE#3`` -> ``V-AXE``."""
    return card.split("#", 1)[0]


def deck_of(side: int, learning: bool = False) -> list[str]:
    """The base deck of RM-27.3 / RM-27.4 (RM-3.3 under L), as copy ids."""
    prefix = SIDES[side] + "-"
    out = []
    for c, info in CARDS.items():
        if c.startswith(prefix) and not (learning and c in LEARNING_OUT):
            out += [f"{c}#{i}" for i in range(1, info[2] + 1)]
    return out


def klass(card: str) -> str:
    return CARDS[code(card)][1]


def keys(card: str) -> tuple:
    return CARDS[code(card)][7]


def heal_n(card: str) -> int:
    for k in keys(card):
        if k.startswith("HEAL"):
            return int(k[4:])
    return 0


def cost(card: str) -> tuple[int, int]:
    info = CARDS[code(card)]
    return info[5], info[6]


def is_castle(card: str) -> bool:
    return "CASTLE" in keys(card)


def is_priest(card: str) -> bool:
    return klass(card) == "PRIEST"


def is_ranged(card: str) -> bool:
    return klass(card) == "RANGED"


def hero_arrival(card: str) -> str | None:
    for k in keys(card):
        if k.startswith("HA_"):
            return k
    return None


def value(card: str) -> float:
    """RM-28.1 card value."""
    _, cls, _, s, life, _, _, kw = CARDS[code(card)]
    bonus = 0.0
    if "FLANK" in kw:
        bonus += 1
    if cls == "RANGED":
        bonus += 1.5 + (1 if "WAR" in kw else 0)
    bonus += 2 * heal_n(card)
    if cls == "HERO":
        bonus += 2
    if "LOCK" in kw:
        bonus += 2
    if "CASTLE" in kw:
        bonus += 1
    return s + life / 2 + bonus
