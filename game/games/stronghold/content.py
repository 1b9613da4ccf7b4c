"""Stronghold content as data: units, pieces, costs, phase cards, building actions.

Sourced numbers come from SH-2, SH-8 .. SH-14, SH-17, SH-18; the [DESIGNED] parts are
the phase-card contents (SH-15), the building catalogue (SH-16.3), the hit deck
(SH-18.3) and the 3-4 player camp table (SH-22.6).  Unit counts are triples in the order
goblin, orc, troll (Invader) or archer, soldier, veteran (Defender).
"""

from __future__ import annotations

# ----------------------------------------------------------------- units (SH-2, SH-17.1)
G, O, T = 0, 1, 2  # Invader unit types (index in a count triple)
A, S, V = 0, 1, 2  # Defender unit types
INV_TYPES = "GOT"
DEF_TYPES = "ASV"
INV_STRENGTH = (1, 2, 3)
DEF_STRENGTH = (1, 2, 3)
INV_TOTAL = (60, 100, 40)  # SH-2.1, SH-INV-1
DEF_TOTAL = (17, 20, 4)  # SH-2.2, SH-INV-2
RESOURCES_TOTAL = 16  # SH-2.1, SH-INV-9
STONE_TOTAL, WOOD_TOTAL = 23, 3  # SH-2.2 (D-2)

# ----------------------------------------------------------------- payments (SH-7.3)
#: payment code -> units paid (goblins, orcs, trolls)
PAY_UNITS: dict[str, tuple[int, int, int]] = {
    "G": (1, 0, 0), "O": (0, 1, 0), "T": (0, 0, 1), "GG": (2, 0, 0), "OO": (0, 2, 0),
    "GGG": (3, 0, 0),
}  # fmt: skip
TROLL_OR_2ORCS = ("T", "OO")
ORC_OR_2GOBLINS = ("O", "GG")

# --------------------------------------------------------------- Phase 2 machines (SH-9.4)
#: code -> (name, resources, payment options, where)
MACHINES: dict[str, tuple[str, int, tuple[str, ...], str]] = {
    "BAL": ("Ballista", 6, TROLL_OR_2ORCS, "rampart"),
    "CAT": ("Catapult", 6, TROLL_OR_2ORCS, "rampart"),
    "ALT": ("Altar", 4, ORC_OR_2GOBLINS, "gp"),  # D-3
    "COV": ("Cover", 4, ORC_OR_2GOBLINS, "cover"),
    "RAM": ("Battering-ram element", 3, ORC_OR_2GOBLINS, "ram"),
    "TRE": ("Trebuchet", 8, TROLL_OR_2ORCS, "gp"),
    "TWR": ("Siege tower", 8, TROLL_OR_2ORCS, "siege"),
}
THROWING = ("BAL", "CAT", "TRE")  # SH-9.2
MAX_THROWING = 4
#: SH-INV-3 component counts
MACHINE_LIMIT = {"BAL": 4, "CAT": 4, "TRE": 2, "ALT": 2, "COV": 3, "RAM": 5, "TWR": 3}
DECK_HITS, DECK_MISSES = 2, 5  # SH-9.3
CARD_HITS, CARD_MISSES = 11, 25  # SH-2.1

# -------------------------------------------------------------- Phase 3 equipment (SH-10)
#: code -> (name, resources); every one costs 1 orc / 2 goblins
EQUIPMENT: dict[str, tuple[str, int]] = {
    "BAN": ("Banners", 1), "LAD": ("Ladders", 2), "ROP": ("Ropes", 2),
    "TRP": ("Trapdoor", 1),  # D-4
    "BRI": ("Bridge", 1), "SHD": ("Shields", 3), "POI": ("Poison", 1),
}  # fmt: skip
EQUIPMENT_TILES = 3  # SH-2.1: 3 tiles of each kind

# --------------------------------------------------------------- Phase 4 training (SH-11)
#: code -> (name, payment options, where)
TRAINING: dict[str, tuple[str, tuple[str, ...], str]] = {
    "GUN": ("Gunner", ("OO", "GGG"), "machine"),
    "QM": ("Quartermaster", ("OO",), "rampart"),
    "TM": ("Trench Master", ("OO",), "rampart"),
    "SS": ("Sharpshooter", ORC_OR_2GOBLINS, "rampart"),
    "DRV": ("Drover", ("OO",), "rampart"),
    "SAB": ("Saboteur", ("OO", "GGG"), "building"),
    "REC": ("Recruiter", ("GG", "OO"), "-"),
}
TRAINING_TILES = 3  # SH-2.1: 3 tiles of each kind with a tile (not gunner, recruiter)
RAMPART_TRAININGS = ("QM", "TM", "SS", "DRV")
SABOTAGE_BUILDINGS = ("FG", "WK", "SQ", "CT", "BK", "WT", "HS", "HG")

# ---------------------------------------------------------------- Phase 5 rituals (SH-12)
#: code -> (name, goblins, target kind)
RITUALS: dict[str, tuple[str, int, str]] = {
    "BST": ("Blood Stone", 2, "catapult"),
    "POS": ("Possession", 1, "hero"),
    "FIR": ("Fire", 1, "building"),
    "SPC": ("Specters", 1, "hospital"),
    "PAN": ("Panic", 2, "courtyard"),  # D-5
    "GAL": ("Gale", 1, "section"),
    "ACC": ("Accident", 3, "cauldron"),
}
RITUAL_TILES = {"BST": 2, "POS": 1, "FIR": 2, "SPC": 1, "PAN": 1, "GAL": 2, "ACC": 1}  # D-9
FIRE_BUILDINGS = ("FG", "WK", "SQ", "CT", "BK", "WT", "HS")

# ----------------------------------------------------------------- orders (SH-13.6)
ORDER_TILES = ("FRZ", "EXP", "CAL", "BLF", "BLF")
ORDER_NAMES = {"FRZ": "Goblin Frenzy", "EXP": "Orc Explosion", "CAL": "Troll Call",
               "BLF": "Bluff"}  # fmt: skip
ORDER_NEEDS = {"FRZ": G, "EXP": O, "CAL": T, "BLF": None}  # required unit type on the section

# ----------------------------------------------------------------- Phase 6 (SH-13.3, 13.5)
MOBILISATION = {"MINOR": (5, 3), "MAJOR": (7, 5)}  # limit L, hourglasses
QM_BONUS = 2
#: camp upkeep: (lowest count, hourglasses), highest threshold first
CAMP_RED = ((12, 6), (8, 3), (4, 1), (0, 0))  # SH-13.5
CAMP_GREEN = ((9, 6), (6, 3), (3, 1), (0, 0))  # SH-22.6 [DESIGNED]


def camp_upkeep(units: int, green: bool = False) -> int:
    for low, hourglasses in CAMP_GREEN if green else CAMP_RED:
        if units >= low:
            return hourglasses
    return 0


# ---------------------------------------------------------------- phase cards (SH-15)
#: card id -> actions printed on it
PHASE_CARDS: dict[str, tuple[str, ...]] = {
    "1": ("PRODUCE",),
    "1G": ("PRODUCE", "TRANSFER"),  # green Phase 1 card (SH-22.5)
    "2-1": ("BAL", "CAT", "COV", "RAM"),
    "2-2": ("CAT", "TRE", "ALT", "COV"),
    "2-3": ("BAL", "TWR", "RAM", "ALT"),
    "2-4": ("TRE", "TWR", "COV", "BAL"),
    "2-5": ("CAT", "RAM", "TWR", "ALT"),
    "3-1": ("BAN", "LAD", "SHD", "BRI"),
    "3-2": ("ROP", "TRP", "POI", "BAN"),
    "3-3": ("LAD", "SHD", "POI", "ROP"),
    "3-4": ("TRP", "BRI", "BAN", "SHD"),
    "3-5": ("POI", "LAD", "ROP", "BRI"),
    "4-1": ("QM", "SS", "TM", "GUN"),
    "4-2": ("DRV", "SAB", "REC", "SS"),
    "4-3": ("GUN", "QM", "SAB", "DRV"),
    "4-4": ("TM", "REC", "GUN", "SAB"),
    "4-5": ("SS", "DRV", "QM", "REC"),
    "5-1": ("BST", "GAL", "FIR", "POS"),
    "5-2": ("PAN", "SPC", "ACC", "BST"),
    "5-3": ("GAL", "POS", "PAN", "FIR"),
    "5-4": ("ACC", "BST", "SPC", "GAL"),
    "5-5": ("FIR", "POS", "ACC", "PAN"),
    "6": ("MINOR", "MAJOR", "OPEN", "SECRET"),
}
PHASE_DECKS = {p: tuple(f"{p}-{i}" for i in range(1, 6)) for p in (2, 3, 4, 5)}
STARTER = {2: "2-1", 3: "3-1", 4: "4-1", 5: "5-1"}  # SH-15.6
#: SH-14.1 the special action on the back of each phase's cards
FLIP_ACTION = {1: "CHARGE", 2: "PRECISE", 3: "ETRANSFER", 4: "TTRANSFER", 5: "ESCAPE"}
FLIP_COST = {"CHARGE": 0, "PRECISE": 2, "ETRANSFER": 1, "TTRANSFER": 1, "ESCAPE": 1}
PRECISE_TILES = 2

# ----------------------------------------------------------- income (SH-8, SH-22.4)
DRAW = {2: 14, 3: 10, 4: 10}
DRAW_CHARGE = {2: 16, 3: 12, 4: 12}  # SH-14.2
INCOME_RESOURCES = 5
START_RESOURCES = {2: 5, 3: 3, 4: 3}  # D-15
PRODUCE = (1, 2, 3)  # resources for a goblin / orc / troll (SH-8.3)
DEF_START_HOURGLASSES = 4  # SH-4.4
ROUNDS = 10

# ------------------------------------------------------ Defender buildings (SH-16.3)
#: the version of the designed numbers (records name it, game.core.record): 2 since the
#: Balance section of the rules (every building action costs 4 hourglasses more)
RULES_VERSION = 2
#: code -> (building, base cost, target kind, piece kind or None); each base cost is the
#: first design's + 4 (SH-16.3, Balance: the Defender won 97 % of greedy self-play)
BUILDING_ACTIONS: dict[str, tuple[str, int, str, str | None]] = {
    "FG1": ("FG", 7, "cauldron", "G"),
    "FG2": ("FG", 7, "cauldron", "O"),
    "FG3": ("FG", 8, "cauldron", "T"),
    "FG4": ("FG", 8, "tower", "CAN"),
    "WK1": ("WK", 6, "wall", None),
    "WK2": ("WK", 7, "platform", None),
    "WK3": ("WK", 8, "tower", "THR"),
    "WK4": ("WK", 7, "-", None),
    "SQ1": ("SQ", 6, "trap", "G"),
    "SQ2": ("SQ", 7, "trap", "T"),
    "SQ3": ("SQ", 7, "sabotage", None),
    "CT1": ("CT", 7, "rampart", None),
    "CT2": ("CT", 7, "ritual", None),
    "BK1": ("BK", 6, "-", None),
    "BK2": ("BK", 6, "-", None),
    "BK3": ("BK", 7, "-", None),
    "WT1": ("WT", 6, "-", None),
    "WT2": ("WT", 6, "-", None),
    "HS1": ("HS", 6, "-", None),
}
ACTION_CODES = tuple(BUILDING_ACTIONS)
#: SH-22.8 [DESIGNED, Balance]: with 3 players the one Defender receives the hourglasses of
#: both Invaders (SH-22.3), and each building action costs him this many more
SOLO_DEFENDER_EXTRA = 1


def base_cost(code: str, players: int) -> int:
    """SH-16.3 base cost of a building action in a game of ``players`` (SH-22.8)."""
    return BUILDING_ACTIONS[code][1] + (SOLO_DEFENDER_EXTRA if players == 3 else 0)


CAULDRONS_PER_TYPE = 3
TOWER_MACHINES = {"CAN": 3, "THR": 3}
TRAPS_PER_TYPE = 3
PLATFORMS = 3
GATE_START, GATE_MAX, GATES = 6, 9, 3  # D-1, SH-18.7.3
RAM_MAX = 5
SPEECH_MAX = 3  # SH-17.7.5
STRIKE_COST, STRIKE_POWER = 3, 3  # SH-17.7.6
ALARM_UNITS = 3
HOSPITAL_RETURN, EXTRA_BEDS_RETURN = 2, 3

# ----------------------------------------------------------- hit deck (SH-18.3)
#: card -> the Invader unit types it may kill, weakest first
HIT_CARDS = {"M": (), "G": (G,), "GO": (G, O), "GOT": (G, O, T)}
HIT_DECK = {"M": 2, "G": 2, "GO": 1, "GOT": 1}
HIT_KINDS = ("M", "G", "GO", "GOT")

# ----------------------------------------------------------- glory (SH-4.1, SH-19, SH-21)
INV_GLORY_START, DEF_GLORY_START = 10, 4
DEEDS = ("BLOOD", "SIEGE", "RUIN", "TROLLS")
DEED_NAMES = {"BLOOD": "Blood Sacrifices", "SIEGE": "Great Siege", "RUIN": "Ruined Walls",
              "TROLLS": "Troll Assault"}  # fmt: skip
BLOOD_DEED = 12
SIEGE_DEED = 7
RUIN_DEED = 2
TROLL_DEED = 4
HONOUR_GUARD_ROUND = 6  # SH-20.4
