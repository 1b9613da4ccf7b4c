"""The Field of Glory game state: plain lists, dicts, strings and integers, one RNG.

Sides are seat indexes: 0 is Red, 1 is Blue (FG-0.5).  Columns ``c1``..``c5`` are list
indexes 0..4.  A draw pile's top card is the end of its list.  Per side (index 0/1):

* ``hand``, ``pile`` (draw pile), ``discard``, ``vp`` (the victory pile: the
  *opponent's* cards this side destroyed), ``box`` (cards rejected in the draft),
  ``units[side][col]`` (the side's units in each column), ``shuf`` (the shuffle card:
  ``FIRST``, ``SECOND`` or ``ASIDE``);
* during the draft: ``pile`` holds the cards not yet drafted, ``group`` the current
  four, ``kept`` the cards kept so far (FG-4.3).

``step`` is the decision awaited (FG-20.3): ``KEEP`` D1, ``ADVDROP`` D2, ``FLANK`` D3,
``RETREAT`` D4, ``LOSE`` D5, ``ACT`` D6, ``PLACE`` D7, ``PAY`` D8, ``ENV`` D10,
``ABONUS`` D11, ``FRONT`` D12, ``DBONUS`` D13, ``DRAW`` D14, ``DROP`` D15, or ``OVER``.
``combat`` describes the assault or flank attack under way, ``deploy`` the Deploy
action under way, ``last`` a record of the last combat, deployment and end of game
(for the invariants, FG-26).

``clone`` copies the fields with ``marshal`` (they are all JSON-like).  The legal
actions of a state are kept once computed (``_legal``, not part of the data); the
engine drops them whenever it changes the state, and so must code that edits a state
by hand (the test position builders call ``fresh``).
"""

from __future__ import annotations

import marshal

from game.core.rng import Rng

from .content import MC

FIRST, SECOND, ASIDE = "FIRST", "SECOND", "ASIDE"
NEXT_SHUFFLE = {FIRST: SECOND, SECOND: ASIDE}

#: decision steps (FG-20.3) and who takes them: True = the defender (non-active)
DEFENDER_STEPS = frozenset({"RETREAT", "FRONT", "DBONUS"})
OVER = "OVER"


def emit(log: list | None, vis: int, kind: str, *args) -> None:
    """Log an event ``(visibility, KIND, *args)`` where a log is kept."""
    if log is not None:
        log.append((vis, kind, *args))


def envelopment_count(s: FGState, side: int, col: int) -> int:
    """FG-15.2: own units of MC <= 3 in adjacent columns free of enemy units."""
    n = 0
    enemy = s.units[1 - side]
    for c in (col - 1, col + 1):
        if 0 <= c <= 4 and not enemy[c]:
            for u in s.units[side][c]:
                if MC[u] <= 3:
                    n += 1
    return n


_FIELDS = (
    "config", "terrain", "control", "hidden_terrain",
    "hand", "pile", "discard", "vp", "box", "units", "shuf", "group", "kept",
    "drafter", "turn", "active", "first", "step", "advance", "pairs", "used",
    "combat", "deploy", "reshuffles", "winner", "end", "last",
)  # fmt: skip


class FGState:
    """Everything about one game of Field of Glory."""

    __slots__ = (*_FIELDS, "rng", "_legal")

    def __init__(self, config: dict, seed: int) -> None:
        self.config = config  # validated switches (never mutated)
        self.rng = Rng(seed)
        self.terrain: list[str] = []  # the 5 placed terrain cards, c1..c5
        self.control: list[str] = ["N"] * 5  # "R", "B" or "N" (FG-0.5)
        self.hidden_terrain: list[str] = []  # the 4 unused cards (nobody sees them)
        self.hand: list[list[str]] = [[], []]
        self.pile: list[list[str]] = [[], []]
        self.discard: list[list[str]] = [[], []]
        self.vp: list[list[str]] = [[], []]
        self.box: list[list[str]] = [[], []]
        self.units: list[list[list[str]]] = [[[] for _ in range(5)] for _ in range(2)]
        self.shuf: list[str] = [FIRST, FIRST]
        self.group: list[list[str]] = [[], []]
        self.kept: list[list[str]] = [[], []]
        self.drafter = 0  # the side drafting during the KEEP step
        self.turn = 0  # 1, 2, 3 ... over the whole game (FG-6.1)
        self.active = 0
        self.first = 0
        self.step = "KEEP"
        self.advance: list[int] = []  # P2 columns still owing an ADVDROP (FG-8.4)
        self.pairs: list[list[int]] = []  # P3 snapshot: [target, flanking column]
        self.used: list[int] = []  # P3 targets attacked this phase (FG-9.3)
        self.combat: dict | None = None
        self.deploy: dict | None = None
        self.reshuffles = [0, 0]
        self.winner: int | None = None  # 0 / 1; None while running or for a draw
        self.end: str | None = None  # "CHECK", "EXHAUSTION" or "SHORT" once over
        self.last: dict = {}  # the last combat, deployment and end (for FG-26)
        self._legal: list | None = None

    # ----------------------------------------------------------------- helpers
    @property
    def over(self) -> bool:
        return self.step == OVER

    def decider(self) -> int | None:
        """The seat whose decision is awaited (FG-6.4, FG-20.3)."""
        step = self.step
        if step == OVER:
            return None
        if step == "KEEP":
            return self.drafter
        if step in DEFENDER_STEPS:
            return 1 - self.active
        return self.active

    def drawable(self, side: int) -> bool:
        """FG-5.6."""
        return bool(self.pile[side]) or (self.shuf[side] != ASIDE and bool(self.discard[side]))

    def fresh(self) -> FGState:
        self._legal = None
        return self

    # ----------------------------------------------------------------- copies
    def clone(self) -> FGState:
        c = FGState.__new__(FGState)
        values = marshal.loads(marshal.dumps(tuple(getattr(self, f) for f in _FIELDS)))
        for name, value in zip(_FIELDS, values, strict=True):
            setattr(c, name, value)
        c.config = self.config
        c.rng = Rng(self.rng.state)
        c._legal = self._legal
        return c

    def to_json(self) -> dict:
        data = {name: getattr(self, name) for name in _FIELDS}
        data = marshal.loads(marshal.dumps(data))
        data["rng"] = self.rng.state
        return data

    @classmethod
    def from_json(cls, data: dict) -> FGState:
        s = cls.__new__(cls)
        for name in _FIELDS:
            setattr(s, name, marshal.loads(marshal.dumps(data[name])))
        s.rng = Rng(int(data["rng"]))
        s._legal = None
        return s
