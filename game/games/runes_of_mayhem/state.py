"""The Runes of Mayhem state: plain lists, dicts, strings and integers, one RNG.

Seats: 0 Viking, 1 Anglo-Saxon (RM-0.6).  Per side (index 0/1): ``hand``, ``pile`` (draw
pile, top = end of list), ``discard``, ``aside`` (mulligan set-aside), ``wall`` (card
ids), ``gold``, ``faith``, ``tok`` ([gold card, faith card] production tokens), ``sp``,
``limit``, ``known`` (the cards of the hand the other side saw go there: a howled Hound,
RM-21.1, or a card taken back from the discard pile).  ``cells`` maps a cell name
(``V21``) to the card standing there; ``u`` maps every card in play to ``[damage tokens,
fallen 0/1, shot token 0/1, locked token '', 'g' or 'f']``.  ``step`` is the decision
awaited (RM-6.2): MULL, TOK, RE, RESOLVE, BURIAL1, MAIN, BURIAL2, DISC, OVER.  ``cmb`` is
the Resolve-combats state (RM-10.8), ``main`` the Main-phase flags, ``dice`` a queue of
forced die faces (tests only; empty in play).  ``mod`` holds the module data (RM-18 ..
RM-25): ``decks`` (each side's deck list), ``dpend`` / ``kpend`` (secret deck and King
choices), ``kings`` (``K-RAG/A`` or None), ``dealt`` (kings dealt at random), ``kgone``
(King card out of the game, RM-22.5), ``fielded``, ``own`` (mercenary in play -> seat),
``mdeck`` (top = end) and ``lodge``, ``traps`` (cell -> trap) and ``tdeck``, ``towers``
(cell -> [tower, face up 0/1, SP]) and ``wdeck``, ``flip`` (production owed while towers
are turned, RM-25.4), ``tp`` (a trap trigger waiting for the Viking's option, RM-24.5).

The names are short and stay so: they are the keys of the state's JSON and of the
observation, whose text seeds the computer seats' searches (observe.py says what every
key holds, and why a renamed key would change the computer seats' choices).
"""

from __future__ import annotations

import marshal

from game.core.rng import Rng

_FIELDS = (
    "config", "step", "turn", "active", "hand", "pile", "discard", "aside", "wall",
    "gold", "faith", "tok", "sp", "limit", "cells", "u", "setup_seat", "pending_tok",
    "mulled", "cmb", "main", "heal_seat", "ret_pending", "winner", "end", "dice", "last",
    "deck_size", "mod", "known",
)  # fmt: skip


class RMState:
    __slots__ = (*_FIELDS, "rng", "_legal", "_picked")

    def __init__(self, config: dict, seed: int) -> None:
        self.config = config
        self.rng = Rng(seed)
        self.step = "MULL"
        self.turn = 0
        self.active = 0
        self.hand: list[list[str]] = [[], []]
        self.pile: list[list[str]] = [[], []]
        self.discard: list[list[str]] = [[], []]
        self.aside: list[list[str]] = [[], []]
        self.wall: list[list[str]] = [[], []]
        self.gold = [0, 3]
        self.faith = [0, 0]
        self.tok = [[0, 0], [0, 0]]
        self.sp = [40, 40]
        self.limit = [40, 40]
        self.cells: dict[str, str] = {}
        self.u: dict[str, list] = {}
        self.setup_seat = 0
        self.pending_tok: list = [None, None]
        self.mulled = [-1, -1]  # cards set aside, once both have chosen (public, RM-5.6)
        self.cmb: dict = {}
        self.main: dict = {}
        self.heal_seat = 0
        self.ret_pending = 0
        self.winner: int | None = None
        self.end: str | None = None
        self.dice: list[int] = []
        self.last: dict = {}
        self.deck_size = [52, 52]
        self.mod: dict = {}
        self.known: list[list[str]] = [[], []]  # hand cards the other side saw taken
        self._legal: list | None = None  # the legal actions, once made
        self._picked = None  # a Main-phase action random_action drew from the menu

    def fresh(self) -> RMState:
        self._legal = self._picked = None
        return self

    def clone(self) -> RMState:
        c = RMState.__new__(RMState)
        values = marshal.loads(marshal.dumps(tuple(getattr(self, f) for f in _FIELDS)))
        for name, value in zip(_FIELDS, values, strict=True):
            setattr(c, name, value)
        c.rng = Rng(self.rng.state)
        c._legal = self._legal
        c._picked = None
        return c

    def to_json(self) -> dict:
        data = marshal.loads(marshal.dumps({name: getattr(self, name) for name in _FIELDS}))
        data["rng"] = self.rng.state
        return data

    @classmethod
    def from_json(cls, data: dict) -> RMState:
        s = cls.__new__(cls)
        for name in _FIELDS:
            setattr(s, name, marshal.loads(marshal.dumps(data[name])))
        s.rng = Rng(int(data["rng"]))
        s._legal = s._picked = None
        return s
