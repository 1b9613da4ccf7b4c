"""The Hadrian's Wall game state: plain lists and strings, one seeded RNG.

Clans are numbered 0 .. n-1: player clans first (they are the seats 0 .. P-1), then the
neutral clans (HW-13).  Warrior cards are named by their id in the clan deck (``ARC1``);
which clan owns a card follows from the zone it lies in (HW-INV-2).  Wall positions
1..6 are list indices 0..5.
"""

from __future__ import annotations

from game.core.rng import Rng

#: phases (HW-14.4); each one but OVER waits for a decision of ``waiting[0]``
ORDERS = "ORDERS"  # HW-7: set aside one card, then place one card per position
ATTACK = "ATTACK"  # a round is being resolved by the engine (no decision pending)
QWN = "QWN"  # R3 Qween target
DRU = "DRU"  # R7.1 Dru'hid fort
AXX = "AXX"  # R7.3 Axx keep
KOM = "KOM"  # R7.3 KomFort keep
UNA = "UNA"  # R7.4 FortUna discard
FOK = "FOK"  # R7.4 Fort Fokus discards (simultaneous)
HRS = "HRS"  # R8 Horsie discards (simultaneous)
SVD = "SVD"  # R9 Svord rearrangements (simultaneous, private)
OVER = "OVER"

_LIST_FIELDS = ("fort_deck", "wall", "fort_discard", "left_wall", "waiting", "deciders")
_CLAN_FIELDS = ("piles", "deck", "aside", "hand", "facedown", "line", "discard")


#: the engine's record of a round (``HWState._round``) is a list of these, in this order;
#: a field not known yet (a later step of the round) holds UNSET.  clash, qweens and
#: eligible follow from the fresh cards, so they are made with the mapping only.
ROUND_FIELDS = (
    "turn", "rnd", "fresh", "lines", "seduced", "totals", "capturer", "taken",
    "pile_before", "pile_after",
)  # fmt: skip
UNSET = object()


def round_record(r: list, p_count: int) -> dict:
    """The mapping of a round's record kept as a list (``ROUND_FIELDS``)."""
    turn, rnd, fresh, lines, seduced, totals, capturer, taken, pile_before, pile_after = r
    record = {
        "turn": turn,
        "rnd": rnd,
        "fresh": fresh[:],
        # R2 / R3: the player clans' fresh Ch'ariotts and Qweens (neutral ones are blank)
        "clash": [c for c in range(p_count) if fresh[c] == "CHA"],
        "qweens": [c for c in range(p_count) if fresh[c] == "QWN"],
    }
    if lines is not UNSET:  # R4 .. R6 are done
        record["lines"] = lines
        record["seduced"] = seduced
        record["eligible"] = [c >= p_count or x != "FIL" for c, x in enumerate(fresh)]
        record["totals"] = totals
        record["capturer"] = capturer
    if taken is not UNSET:
        record["taken"] = taken
        record["pile_before"] = pile_before
    if pile_after is not UNSET:
        record["pile_after"] = pile_after
    return record


class HWState:
    """Everything about one game of Hadrian's Wall."""

    __slots__ = (
        "config", "colours", "n_players", "rng", "turn", "rnd", "phase",
        "fort_deck", "wall", "fort_discard", "left_wall",
        "piles", "deck", "aside", "hand", "facedown", "line", "discard",
        "fresh", "seduced", "capturer", "taken", "kept",
        "waiting", "deciders", "choices", "svord",
        "winner", "_round",
    )  # fmt: skip

    def __init__(self, config: dict, colours: list[str], n_players: int, seed: int) -> None:
        n = len(colours)
        self.config = config  # validated line-up and variant switches (never mutated)
        self.colours = colours  # clan index -> colour letter (never mutated)
        self.n_players = n_players  # clans 0..P-1 are players, the rest neutral
        self.rng = Rng(seed)
        self.turn = 0  # 1..3 (HW-5.1)
        self.rnd = 0  # round k 1..6 of the attack phase; 0 during orders
        self.phase = ORDERS
        self.fort_deck: list[str] = []  # top of the deck is the end of the list
        self.wall: list[str | None] = [None] * 6
        self.fort_discard: list[str] = []
        self.left_wall: list[str] = []  # every fort that has left the wall (HW-INV-17)
        self.piles: list[list[str]] = []  # captured forts, in order
        self.deck: list[list[str]] = []
        self.aside: list[list[str]] = []
        self.hand: list[list[str]] = []
        self.facedown: list[list[str | None]] = []  # positions 1..6
        self.line: list[list[str]] = []  # in reveal order
        self.discard: list[list[str]] = []
        for _ in range(n):  # one of each zone per clan (a loop is cheaper than 7 copies)
            self.piles.append([])
            self.deck.append([])
            self.aside.append([])
            self.hand.append([])
            self.facedown.append([None] * 6)
            self.line.append([])
            self.discard.append([])
        self.fresh: list[str | None] = [None] * n  # card revealed this round
        self.seduced: list | None = None  # [clan, card] taken by the Qween this round
        self.capturer: int | None = None  # capturer of this round
        self.taken: str | None = None  # the fort it captured (C)
        self.kept: list[str] = []  # cards the capturer keeps in R7.3
        self.waiting: list[int] = []  # clans still to decide in this step, seat order
        self.deciders: list[int] = []  # clans asked to decide in this step (public)
        self.choices: dict[int, str] = {}  # secret simultaneous choices (HW-8.5.1)
        self.svord: dict[int, list[str]] = {}  # Svord plans: cards for positions k+1..
        self.winner: int | None = None  # instant winner (HW-12.1)
        self._round: list | dict | None = None  # the last round's record: see last_round

    @property
    def n_clans(self) -> int:
        return len(self.colours)

    @property
    def last_round(self) -> dict | None:
        """The record of the last round, for invariants, observations and tests: turn,
        rnd, fresh, clash, qweens (R1 .. R3); lines, seduced, eligible, totals, capturer
        (R4 .. R6); taken, pile_before (R7.1); pile_after (FortUna).  The engine keeps it
        in a cheaper shape (``ROUND_FIELDS``) and the mapping is made when asked for."""
        record = self._round
        if type(record) is list:
            return round_record(record, self.n_players)
        return record

    @last_round.setter
    def last_round(self, record: dict | None) -> None:
        self._round = record

    def clone(self) -> HWState:
        c = HWState.__new__(HWState)
        c.config = self.config
        c.colours = self.colours
        c.n_players = self.n_players
        c.rng = Rng(self.rng.state)
        c.turn = self.turn
        c.rnd = self.rnd
        c.phase = self.phase
        c.fort_deck = self.fort_deck[:]
        c.wall = self.wall[:]
        c.fort_discard = self.fort_discard[:]
        c.left_wall = self.left_wall[:]
        c.piles, c.deck, c.aside, c.hand = [], [], [], []
        c.facedown, c.line, c.discard = [], [], []
        for k in range(len(self.colours)):  # every clan zone copied (one loop for all)
            c.piles.append(self.piles[k][:])
            c.deck.append(self.deck[k][:])
            c.aside.append(self.aside[k][:])
            c.hand.append(self.hand[k][:])
            c.facedown.append(self.facedown[k][:])
            c.line.append(self.line[k][:])
            c.discard.append(self.discard[k][:])
        c.fresh = self.fresh[:]
        c.seduced = self.seduced[:] if self.seduced else None
        c.capturer = self.capturer
        c.taken = self.taken
        c.kept = self.kept[:]
        c.waiting = self.waiting[:]
        c.deciders = self.deciders[:]
        c.choices = dict(self.choices)
        c.svord = {k: v[:] for k, v in self.svord.items()} if self.svord else {}
        c.winner = self.winner
        c._round = self._round  # replaced, never mutated, after a round
        return c

    # --- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict:
        data = {
            "config": self.config,
            "colours": self.colours,
            "n_players": self.n_players,
            "rng": self.rng.state,
            "turn": self.turn,
            "rnd": self.rnd,
            "phase": self.phase,
            "fresh": self.fresh,
            "seduced": self.seduced,
            "capturer": self.capturer,
            "taken": self.taken,
            "kept": self.kept,
            "choices": {str(k): v for k, v in self.choices.items()},
            "svord": {str(k): v for k, v in self.svord.items()},
            "winner": self.winner,
            "last_round": self.last_round,
        }
        for name in _LIST_FIELDS + _CLAN_FIELDS:
            data[name] = getattr(self, name)
        return data

    @classmethod
    def from_json(cls, data: dict) -> HWState:
        s = cls.__new__(cls)
        s.config = data["config"]
        s.colours = list(data["colours"])
        s.n_players = int(data["n_players"])
        s.rng = Rng(int(data["rng"]))
        s.turn = int(data["turn"])
        s.rnd = int(data["rnd"])
        s.phase = str(data["phase"])
        s.fresh = list(data["fresh"])
        s.seduced = list(data["seduced"]) if data["seduced"] else None
        s.capturer = data["capturer"]
        s.taken = data["taken"]
        s.kept = list(data["kept"])
        s.choices = {int(k): v for k, v in data["choices"].items()}
        s.svord = {int(k): list(v) for k, v in data["svord"].items()}
        s.winner = data["winner"]
        s._round = data["last_round"]
        for name in _LIST_FIELDS:
            setattr(s, name, list(data[name]))
        for name in _CLAN_FIELDS:
            setattr(s, name, [list(zone) for zone in data[name]])
        return s
