"""The Stronghold game state: plain lists, dicts, strings and integers, one seeded RNG.

Unit counts are triples: ``[goblins, orcs, trolls]`` for the Invader and ``[archers,
soldiers, veterans]`` for the Defender.  Invader units are anonymous: every unit is in
exactly one zone of SH-7.2 (bag, available, spent, camp, board node, siege tower,
supply, blood space), held as counts.  Decks (the machine decks of SH-9.3 and the
Defender hit deck of SH-18.3) are held as the counts of each card kind: a draw picks a
card at random from the counts with the state's RNG, which is the same as drawing the
top card of a shuffled deck and leaves no hidden order in the state (SH-0.5).

Seats: 2 players ``I`` (Invader) and ``D`` (Defender); 3 players ``IW``, ``IE``, ``D``;
4 players ``IW``, ``IE``, ``DW``, ``DE`` (SH-22, SH-23).  Invader index 0 is the West
Invader (the only one in 2 players), Defender index 0 the West Defender.

``clone`` copies every field with ``marshal`` (all fields are JSON-like data), so the
state stays one flat list of plain values that ``to_json`` hands out as is.  The legal
actions of a state are kept once computed (``_legal``, not part of the data); the
engine drops them whenever it changes the state, and so must any code that edits a
state by hand (the test position builders do).
"""

from __future__ import annotations

import marshal

from game.core.rng import Rng

from .board import (
    BK,
    CY,
    GP_SLOTS,
    HG,
    HOSP,
    INVADER_NODES,
    PATH_IDS,
    RAMPARTS,
    SECTIONS,
    START_HEROES,
    START_INTERIOR,
    START_SECTION_UNITS,
    START_WALL,
    TOWERS,
    WT,
)
from .content import (
    ACTION_CODES,
    CARD_HITS,
    CARD_MISSES,
    DEEDS,
    DEF_GLORY_START,
    DEF_TOTAL,
    GATE_START,
    GATES,
    HIT_DECK,
    INV_GLORY_START,
    INV_TOTAL,
    RESOURCES_TOTAL,
    START_RESOURCES,
    STONE_TOTAL,
    WOOD_TOTAL,
)

SEAT_NAMES = {2: ["I", "D"], 3: ["IW", "IE", "D"], 4: ["IW", "IE", "DW", "DE"]}

#: every field of the state, in JSON order (all plain data but ``rng``)
FIELDS = (
    # set-up and flow
    "config", "n_players", "round", "stage", "window", "passes", "pending",
    "assault", "winner", "over_reason", "moves", "flow", "melees",
    # Invader, per Invader (lists indexed by Invader 0 = West, 1 = East)
    "available", "camp", "resources", "cards", "flipped", "used", "secret", "produced",
    # Invader, shared
    "bag", "spent", "supply", "blood", "resource_supply", "units", "siege", "machines",
    "decks", "hit_supply", "miss_supply", "gunners", "covers", "ram", "gate", "gates",
    "equipment", "trapspace", "training", "saboteurs", "rituals", "precise", "sabotaged",
    "altar_target", "orders", "ropes_used", "mobilisation", "order_owner",
    # Defender
    "walls", "stone_supply", "wood_supply", "defender_units", "defender_supply", "heroes",
    "cauldrons", "platforms", "tower_machines", "paid", "payer", "done", "hourglasses",
    "speech", "strike", "blessing", "glow", "beds", "haste", "rebuy",
    "honour_guard_intact", "hit_deck",
    # glory
    "glory", "glory_supply_taken", "deeds", "ruin", "ruin_tile", "breached", "gate3_first",
    "tiebreak", "tiebreak_breach",
)  # fmt: skip


class SHState:
    """Everything about one game of Stronghold (see the module docstring)."""

    __slots__ = FIELDS + ("rng", "_legal")

    def __init__(self, config: dict, seed: int) -> None:
        players = config["players"]
        n_inv = 1 if players == 2 else 2
        n_def = 2 if players == 4 else 1
        self.rng = Rng(seed)
        self._legal = None  # the legal actions of this exact state, once computed
        self.config = config
        self.n_players = players
        self.round = 0
        self.stage = "SETUP"  # the decision awaited (see rules.STAGES)
        self.window = 0  # Defender window 1..6 (SH-6), 0 outside windows
        self.passes = 0  # consecutive passes in a shared 3-4 player step (SH-22.5)
        self.pending: dict = {}  # data of the decision awaited
        self.assault: dict = {}  # the Assault's progress (SH-18)
        self.winner: str | None = None  # "I" or "D" once the game is over
        self.over_reason = ""
        self.moves: list = []  # Invader movements of the last action (SH-INV-15)
        self.flow: list = []  # Defender hourglasses when each phase began (SH-INV-10)
        self.melees: list = []  # melees of the last Assault the walls won alone (SH-INV-20)
        # --- Invader, per Invader
        self.available = [[0, 0, 0] for _ in range(n_inv)]
        self.camp = [[0, 0, 0] for _ in range(n_inv)]
        self.resources = [START_RESOURCES[players]] * n_inv
        self.cards: list[dict] = [{} for _ in range(n_inv)]  # phase "1".."6" -> card id
        self.flipped: list[list[int]] = [[] for _ in range(n_inv)]
        self.used: list[list[str]] = [[] for _ in range(n_inv)]  # card actions used
        self.secret = [0] * n_inv  # secret orders paid this round
        self.produced = [0] * n_inv  # Produce Resources taken this round (SH-8.3)
        # --- Invader, shared
        self.bag = list(INV_TOTAL)
        self.spent = [0, 0, 0]
        self.supply = [0, 0, 0]
        self.blood = 0
        self.resource_supply = RESOURCES_TOTAL - sum(self.resources)
        self.units = {n: [0, 0, 0] for n in INVADER_NODES}
        self.siege: dict[str, list[int]] = {}  # section with a siege tower -> its units
        self.machines: dict[str, str] = {}  # slot (rampart or GW1..GE2) -> BAL/CAT/TRE/ALT
        self.decks: dict[str, list[int]] = {}  # throwing machine slot -> [hits, misses]
        self.hit_supply = CARD_HITS
        self.miss_supply = CARD_MISSES
        self.gunners: dict[str, int] = {}  # slot -> extra hit cards (SH-11)
        self.covers: list[str] = []
        self.ram = 0
        self.gate = 0  # index of the current gate (3 once Gate 3 is destroyed)
        self.gates = [GATE_START] * GATES
        self.equipment: dict[str, list[str]] = {s: [] for s in SECTIONS}
        self.trapspace: dict[str, str] = {}  # path -> "TG" / "TT" (traps) or "BR" (bridge)
        self.training: dict[str, list[str]] = {r: [] for r in RAMPARTS}
        self.saboteurs: list[str] = []
        self.rituals: list[list] = []  # [code, target, owner Invader]
        self.precise: list[str] = []
        self.sabotaged: list[str] = []
        self.altar_target: dict[str, str] = {}
        self.orders: dict[str, list] = {}  # section -> [kind, face up, seen by Defender]
        self.order_owner: dict[str, int] = {}  # section -> Invader who placed it
        self.ropes_used: list[str] = []
        self.mobilisation: dict | None = None  # the mobilisation in progress (SH-13.2)
        # --- Defender
        self.walls = {s: [START_WALL, 0] for s in SECTIONS}  # [stone, wood]
        self.stone_supply = STONE_TOTAL - START_WALL * len(SECTIONS)
        self.wood_supply = WOOD_TOTAL
        self.defender_units = {p: [0, 0, 0] for p in SECTIONS + TOWERS + (CY, BK, WT, HG, HOSP)}
        for s in SECTIONS:
            self.defender_units[s] = list(START_SECTION_UNITS)
        for p, units in START_INTERIOR.items():
            self.defender_units[p] = list(units)
        placed = [sum(u[i] for u in self.defender_units.values()) for i in range(3)]
        self.defender_supply = [DEF_TOTAL[i] - placed[i] for i in range(3)]
        self.heroes = dict(START_HEROES)
        self.cauldrons: dict[str, str] = {}
        self.platforms: list[str] = []
        self.tower_machines: dict[str, str] = {}
        self.paid = {code: 0 for code in ACTION_CODES}
        self.payer: dict[str, int] = {}  # action -> Defender whose hourglasses are on it
        self.done = {code: 0 for code in ACTION_CODES}  # completions this round
        self.hourglasses = [0] * n_def
        self.speech = 0
        self.strike = 0
        self.blessing: str | None = None
        self.glow: int | None = None  # index in ``rituals`` of the glowed ritual
        self.beds = 0
        self.haste = 1 if players == 4 else 0
        self.rebuy: list[str] = []  # actions opened again by the Haste tile (SH-23.5)
        self.honour_guard_intact = 1
        self.hit_deck = dict(HIT_DECK)  # cards in the draw pile
        # --- glory
        self.glory = [INV_GLORY_START, DEF_GLORY_START]
        self.glory_supply_taken = 0
        self.deeds = {d: 0 for d in DEEDS}
        self.ruin = 0
        self.ruin_tile: str | None = None
        self.breached: list[str] = []  # sections breached (the game ends after)
        self.gate3_first = 0
        self.tiebreak = 0
        self.tiebreak_breach = 0

    # ------------------------------------------------------------------ seats
    @property
    def n_inv(self) -> int:
        return len(self.available)

    @property
    def n_def(self) -> int:
        return len(self.hourglasses)

    def inv_seat(self, i: int) -> int:
        return i

    def def_seat(self, d: int) -> int:
        return self.n_inv + d

    def is_invader(self, seat: int) -> bool:
        return seat < self.n_inv

    def inv_side(self, i: int) -> str | None:
        """The side an Invader is bound to (SH-22.2); None in 2 players."""
        return None if self.n_inv == 1 else ("W", "E")[i]

    def def_side(self, d: int) -> str | None:
        return None if self.n_def == 1 else ("W", "E")[d]

    # ------------------------------------------------------------------ copies
    def clone(self) -> SHState:
        c = SHState.__new__(SHState)
        values = marshal.loads(marshal.dumps([getattr(self, f) for f in FIELDS]))
        for f, v in zip(FIELDS, values, strict=True):
            setattr(c, f, v)
        c.rng = Rng(self.rng.state)
        c._legal = None
        return c

    def to_json(self) -> dict:
        data = {f: getattr(self, f) for f in FIELDS}
        data = marshal.loads(marshal.dumps(data))
        data["rng"] = self.rng.state
        return data

    @classmethod
    def from_json(cls, data: dict) -> SHState:
        s = cls.__new__(cls)
        values = marshal.loads(marshal.dumps([data[f] for f in FIELDS]))
        for f, v in zip(FIELDS, values, strict=True):
            setattr(s, f, v)
        s.rng = Rng(int(data["rng"]))
        s._legal = None
        return s


# every slot an Invader machine can take (ramparts: ballista/catapult; GP slots)
MACHINE_SLOTS = RAMPARTS + tuple(x for slots in GP_SLOTS.values() for x in slots)
ALL_PATHS = PATH_IDS
