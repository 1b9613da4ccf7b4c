"""The Runes of Mayhem state: plain lists, dicts, strings and integers, one RNG.

Seats: 0 Viking, 1 Anglo-Saxon (RM-0.6).  Per side (index 0/1): ``hand``, ``pile`` (draw
pile, top = end of list), ``discard``, ``aside`` (mulligan set-aside), ``wall`` (card
ids), ``gold``, ``faith``, ``tokens`` ([gold card, faith card] production tokens),
``strength_points`` and ``strength_limit`` (the Fortress's SP and SP limit), ``known``
(the cards of the hand the other side saw go there: a howled Hound, RM-21.1, or a card
taken back from the discard pile).  ``cells`` maps a cell name (``V21``) to the card
standing there; ``units`` maps every card in play to ``[damage tokens, fallen 0/1, shot
token 0/1, locked token '', 'g' or 'f']``.  ``step`` is the decision awaited (RM-6.2):
MULL, TOK, RE, RESOLVE, BURIAL1, MAIN, BURIAL2, DISC, OVER.  ``combat`` is the
Resolve-combats state (RM-10.8: ``attacker``, ``target``, ``target_row``, ...),
``main`` the Main-phase flags, ``tokens_to_return`` the freed Looter tokens the
Anglo-Saxon still returns (RM-16.9), ``dice`` a queue of forced die faces (tests only;
empty in play).  ``module_data`` holds the module data (RM-18 .. RM-25): ``decks``
(each side's deck list), ``pending_decks`` / ``pending_kings`` (secret deck and King
choices), ``kings`` (``K-RAG/A`` or None), ``dealt_kings`` (kings dealt at random),
``king_gone`` (King card out of the game, RM-22.5), ``king_fielded``,
``mercenary_owners`` (mercenary in play -> seat), ``mercenary_deck`` (top = end) and
``lodge``, ``traps`` (cell -> trap) and ``trap_deck``, ``towers`` (cell -> [tower, face
up 0/1, SP]) and ``tower_deck``, ``production_owed`` (production owed while towers are
turned, RM-25.4), ``trap_trigger`` (a trap trigger waiting for the Viking's option,
RM-24.5: ``queue``, ``action``, ``attacker``, ``trap_option``, ``step``) and
``trap_option`` (the option in force while the attack resumes).

The state lives in memory only: a save is a record (config, seed, actions) replayed, so
the field names are free to say what they hold.  observe.py says what every key of the
observation holds.
"""

from __future__ import annotations

import marshal

from game.core.rng import Rng

_FIELDS = (
    "config",
    "step",
    "turn",
    "active",
    "hand",
    "pile",
    "discard",
    "aside",
    "wall",
    "gold",
    "faith",
    "tokens",
    "strength_points",
    "strength_limit",
    "cells",
    "units",
    "setup_seat",
    "pending_tokens",
    "mulled",
    "combat",
    "main",
    "heal_seat",
    "tokens_to_return",
    "winner",
    "end",
    "dice",
    "last",
    "deck_size",
    "module_data",
    "known",
)


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
        self.tokens = [[0, 0], [0, 0]]
        self.strength_points = [40, 40]
        self.strength_limit = [40, 40]
        self.cells: dict[str, str] = {}
        self.units: dict[str, list] = {}
        self.setup_seat = 0
        self.pending_tokens: list = [None, None]
        self.mulled = [-1, -1]  # cards set aside, once both have chosen (public, RM-5.6)
        self.combat: dict = {}
        self.main: dict = {}
        self.heal_seat = 0
        self.tokens_to_return = 0
        self.winner: int | None = None
        self.end: str | None = None
        self.dice: list[int] = []
        self.last: dict = {}
        self.deck_size = [52, 52]
        self.module_data: dict = {}
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
