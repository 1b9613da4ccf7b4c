"""RM-27 [DESIGNED] content as data: dice, grid, both 52-card base decks.

Each card type is ``code -> (name, class, copies, S, L, gold, faith, keywords)``.
Classes: SPEAR, MELEE, CAV (basic), RANGED, PRIEST, HERO, BERSERK, LOOTER, PEASANT,
CASTLE (castle folk; Castle Defenders are also ranged, the Court Chaplain a priest).
Keywords: FLANK, WAR (war machine), HEAL<n>, and the card's own ability code.
Module content (RM-27.5 .. RM-27.10): the expansion cards (``EXPANSION``), Kings, King
units ``KU-RAG`` / ``KU-EDW``, the 8 mercenaries ``M-...`` (one copy each, no ``#n``),
traps ``TR-...`` and towers ``TW-...``.
"""

from __future__ import annotations

from functools import cache, lru_cache

SIDES = ("V", "A")  # RM-0.6: seat 0 Viking, seat 1 Anglo-Saxon
#: the version of the designed numbers (records name it, game.core.record): 2 since the
#: Balance section of the rules (RM-15.4: the repair cards are not reshuffled)
RULES_VERSION = 2
#: RM-15.4 [DESIGNED, Balance]: cards that restore Fortress SP stay in the discard pile
#: when it becomes the new draw pile
REPAIR_CARDS = ("A-BLD", "A-AEF")
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
    # RM-27.5.1 Poisoner (X1 pool); RM-27.5.2 X2; RM-27.5.3 X3
    "V-POI": ("Poisoner", "POISONER", 4, 1, 2, 1, 1, ("VENOM", "NOSIEGE")),
    "A-POI": ("Poisoner", "POISONER", 4, 1, 2, 1, 1, ("VENOM", "NOSIEGE")),
    "V-JAV": ("Javelin Throwers", "MEDIUM", 3, 3, 3, 2, 1, ()),
    "A-SLG": ("Slingers", "MEDIUM", 3, 2, 4, 2, 1, ()),
    "V-ULF": ("Ulfhednar", "BERSERK", 2, 4, 4, 3, 1, ("HOWL",)),
    "V-WLF": ("Wolves", "HOUND", 3, 3, 2, 1, 0, ()),
    "A-HNT": ("Huntsmen", "HUNTER", 2, 3, 4, 2, 1, ("HOWL",)),
    "A-HHD": ("Hunting Hounds", "HOUND", 3, 3, 2, 1, 0, ()),
    # RM-27.7 King units (X4)
    "KU-RAG": ("Ragnar Lothbrok", "KINGU", 1, 5, 7, 2, 2, ("FLANK",)),
    "KU-EDW": ("Edward the Elder", "KINGU", 1, 4, 8, 2, 2, ("RALLY",)),
    # RM-27.8 mercenaries (X5)
    "M-VAR": ("Varangian Guard", "MERC", 1, 5, 6, 0, 0, ()),
    "M-DAN": ("Danish Sellswords", "MERC", 1, 4, 5, 0, 0, ("FLANK",)),
    "M-IRI": ("Irish Warband", "MERC", 1, 4, 4, 0, 0, ("FIERCE",)),
    "M-FRI": ("Frisian Marines", "MERC", 1, 3, 5, 0, 0, ("STEADY",)),
    "M-BRE": ("Breton Horse", "MERC", 1, 4, 4, 0, 0, ("FLANK",)),
    "M-CHA": ("Hired Champion", "MERC", 1, 6, 5, 0, 0, ("NOSIEGE",)),
    "M-SWO": ("Sword-for-hire", "MERC", 1, 3, 3, 0, 0, ("HIREDRAW",)),
    "M-PIC": ("Pictish Skirmishers", "MERC", 1, 3, 4, 0, 0, ("SKIRMISH",)),
}

#: cards outside the base decks (RM-27.5)
EXPANSION = frozenset({"V-POI", "A-POI", "V-JAV", "A-SLG", "V-ULF", "V-WLF", "A-HNT", "A-HHD"})
X2_CARDS = frozenset({"V-JAV", "A-SLG"})
X3_CARDS = frozenset({"V-ULF", "V-WLF", "A-HNT", "A-HHD"})
#: RM-27.5.4 fixed swaps when X1 is off: names out of the base deck
SWAP_OUT = {
    "X2": frozenset({"V-ARC", "A-BOW"}),
    "X3": frozenset({"V-BSK", "V-BEA", "V-WBK", "A-PEA"}),
}
MERCS = ("M-VAR", "M-DAN", "M-IRI", "M-FRI", "M-BRE", "M-CHA", "M-SWO", "M-PIC")
LODGE = 3  # RM-23.2
#: RM-27.6 kings: code -> faction seat, {side: (SP, ability)}
KINGS = {
    "K-RAG": (0, {"A": (35, "SIEGE1"), "B": (40, "HAND6")}),
    "K-GUT": (0, {"A": (38, "FELLGOLD"), "B": (42, "FAITH1")}),
    "K-EDW": (1, {"A": (36, "WALL3"), "B": (42, "RESTORE")}),
    "K-ALF": (1, {"A": (40, "HEAL1"), "B": (44, "TRADE4")}),
}
KING_UNIT = {"K-RAG": "KU-RAG", "K-EDW": "KU-EDW"}  # RM-22.1
FIELD_COST = (2, 2)  # RM-27.7
#: RM-27.9 trap deck, RM-27.10 tower deck (code -> printed SP)
TRAPS = ("TR-AMB", "TR-CAL", "TR-DEC", "TR-FIR", "TR-NET", "TR-PIT")
TOWERS = {"TW-ARR": 8, "TW-BEA": 6, "TW-CHP": 6, "TW-KEEP": 10, "TW-PAL": 8, "TW-WAT": 6}

#: RM-3.3 learning game: codes removed from each deck
LEARNING_OUT = frozenset(
    {"V-BJO", "V-LAG", "V-IVR", "V-UBB", "V-BSK", "V-BEA", "V-WBK", "V-LOO",
     "A-AEF", "A-BYR", "A-ODD", "A-AEN", "A-CDF", "A-CCH", "A-BLD", "A-PEA"}
)  # fmt: skip


def code(card: str) -> str:
    """``V-AXE#3`` -> ``V-AXE``."""
    c = _CODE.get(card)
    return c if c is not None else card.split("#", 1)[0]


def copies(c: str) -> list[str]:
    return [f"{c}#{i}" for i in range(1, CARDS[c][2] + 1)]


def deck_of(side: int, learning: bool = False, modules=()) -> list[str]:
    """The base deck of RM-27.3 / RM-27.4 (RM-3.3 under L), as copy ids, with the fixed
    swaps of RM-27.5.4 for X2 / X3 (used when X1 is off, and as X1's default list)."""
    prefix = SIDES[side] + "-"
    out_names = set(LEARNING_OUT) if learning else set()
    extra = set()
    for m, cards in (("X2", X2_CARDS), ("X3", X3_CARDS)):
        if m in modules:
            out_names |= SWAP_OUT[m]
            extra |= cards
    out = []
    for c in CARDS:
        if c.startswith(prefix) and c not in out_names and (c not in EXPANSION or c in extra):
            out += copies(c)
    return out


def pool_of(side: int, modules=()) -> list[str]:
    """RM-19.1 the X1 construction pool: base 52 + 4 Poisoners + the X2 / X3 cards on."""
    prefix = SIDES[side] + "-"
    out = []
    for c in CARDS:
        if not c.startswith(prefix):
            continue
        if c in X2_CARDS and "X2" not in modules or c in X3_CARDS and "X3" not in modules:
            continue
        out += copies(c)
    return out


DECK_SIZE = 52  # RM-19.2


def deck_problem(side: int, cards, modules=()) -> str | None:
    """RM-19.2 / RM-19.4: None for a legal X1 deck list, else the broken condition."""
    return _deck_problem(side, tuple(cards), tuple(modules))


def draft_problem(side: int, cards, modules=()) -> str | None:
    """RM-19.2 for a list still being built: what it breaks that no addition can mend (more
    than 52 cards, a basic unit left out, a name split, a card not in the pool); None for a
    list that is legal or only short of 52 cards."""
    cards = tuple(cards)
    return _deck_problem(side, cards, tuple(modules), max(0, DECK_SIZE - len(cards)))


@lru_cache(maxsize=64)  # a game's two lists are checked again after every step (RM-INV-18)
def _deck_problem(side: int, cards: tuple, modules: tuple, short: int = 0) -> str | None:
    """``short``: the cards a list still being built may lack (``draft_problem``)."""
    cards = list(cards)
    pool = pool_of(side, modules)
    if not DECK_SIZE - short <= len(cards) <= DECK_SIZE:
        return f"a deck has exactly {DECK_SIZE} cards, not {len(cards)} (RM-19.2)"
    if len(set(cards)) != len(cards):
        return "a card is listed twice (RM-19.2)"
    strange = sorted(set(cards) - set(pool))
    if strange:
        return f"{strange[0]} is not in the {SIDES[side]} pool (RM-19.1)"
    have = set(cards)
    for c in dict.fromkeys(code(x) for x in pool):
        n = sum(1 for x in copies(c) if x in have)
        if CARDS[c][1] in BASIC and n != CARDS[c][2]:
            return f"every basic unit must be in the deck: {CARDS[c][0]} (RM-19.2.1)"
        if 0 < n < CARDS[c][2]:
            return f"all copies of {CARDS[c][0]} or none (RM-19.2.2)"
    return None


def owner_of(card: str) -> int | None:
    """The seat of a faction card or King unit; None for a mercenary."""
    if card in _OWNER:
        return _OWNER[card]
    return _owner(card)


def _owner(card: str) -> int | None:
    if card[1] == "-" and card[0] in "VA":
        return 0 if card[0] == "V" else 1
    if card.startswith("KU-"):
        return 0 if card == "KU-RAG" else 1
    return None


def _info(card: str) -> tuple:
    info = _INFO.get(card)
    return info if info is not None else CARDS[code(card)]


def klass(card: str) -> str:
    info = _INFO.get(card)
    return (info if info is not None else CARDS[code(card)])[1]


def keys(card: str) -> tuple:
    info = _INFO.get(card)
    return (info if info is not None else CARDS[code(card)])[7]


def heal_n(card: str) -> int:
    for k in keys(card):
        if k.startswith("HEAL"):
            return int(k[4:])
    return 0


def cost(card: str) -> tuple[int, int]:
    info = _info(card)
    return info[5], info[6]


def is_castle(card: str) -> bool:
    return "CASTLE" in keys(card)


def is_priest(card: str) -> bool:
    return klass(card) == "PRIEST"


def is_ranged(card: str) -> bool:
    return klass(card) == "RANGED"


def is_medium(card: str) -> bool:
    return klass(card) == "MEDIUM"


def on_field_only(card: str) -> bool:
    """Mercenaries and King units: rows 1-2 only, never a Wall (RM-14.5)."""
    return klass(card) in ("MERC", "KINGU")


def hero_arrival(card: str) -> str | None:
    for k in keys(card):
        if k.startswith("HA_"):
            return k
    return None


@cache
def value(card: str) -> float:
    """RM-28.1 card value."""
    _, cls, _, s, life, _, _, kw = CARDS[code(card)]
    bonus = 0.0
    if "FLANK" in kw:
        bonus += 1
    if "HOWL" in kw:
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


# every card id of the game -> its code, its line of CARDS and its faction's seat (the
# lookups above are the engine's most frequent calls)
_CODE: dict[str, str] = {}
_INFO: dict[str, tuple] = {}
_OWNER: dict[str, int | None] = {}
for _c, _line in CARDS.items():
    for _id in [_c, *copies(_c)]:
        _CODE[_id], _INFO[_id] = _c, _line
for _id in _CODE:
    _OWNER[_id] = _owner(_id)
