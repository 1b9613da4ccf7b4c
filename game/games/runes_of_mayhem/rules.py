"""Runes of Mayhem rules engine (RM-1 .. RM-25: the base game, the learning variant L and
the modules K, X1 .. X7).

The engine runs every step without a decision (production, dice, falls, burial removal,
draws, the End phase) and stops when a seat must decide; a decision with a single legal
option is taken by the engine and logged as ``AUTO``.  Events are ``(visibility, KIND,
*args)`` tuples: ``PUBLIC`` (-1), a seat, or ``NOBODY`` (-2) for pile orders.

Engine readings where the spec leaves the mechanics open:

* RM-5.6 / RM-5.7 (secret, simultaneous): the Viking decides first, then the
  Anglo-Saxon; neither observation shows the other's pending choice.  The token splits
  are applied once both are made.
* RM-8.2: ``RE`` accepts any legal arrangement (given as the moved units' new places);
  the legal list offers ``RE -`` and every single move or swap (an agent's menu).
* RM-10.7: ``OPEN c`` is offered only for a column where some unit could fight or
  siege; a column with nothing left to do offers only ``CLOSE``.
* RM-14.2: the final split is all that counts, so the legal list offers one ``MOVE``
  per Main phase (any amount either way).
* RM-14.6: ``TRADE`` rolls the three dice, then ``TRADE g/f`` splits the total.
* RM-12.6, RM-16.6, RM-16.9: a direct shot is optional (``PLAY`` with or without
  ``DS>x``); Heroic Arrival with a target and Lock are taken whenever a target exists.
* RM-16.9: a Looter's freed token asks the Anglo-Saxon ``RET g|f`` at once, before any
  other decision.

Module readings (RM-18 .. RM-25):

* Setup order (RM-5): ``DECK`` (X1), then the decks are shuffled, ``KING`` (K), then the
  hands are drawn (to the hand limit, 6 with Ragnar B), then the mercenary deck is
  shuffled and the Lodge dealt (X5).  Deck and King choices are secret like the
  mulligan: the Viking first, both applied together.
* X1: ``DECK <52 ids>`` (sorted, comma-separated) or ``DECK -`` for the default deck
  (the base deck with the X2/X3 swaps).  A seat whose list is in the config entry
  ``decks`` ({"V": [...], "A": [...]}) is not asked.  Any legal list is accepted; the
  legal menu offers the default deck and the default deck with the 4 Poisoners in place
  of one or two whole names of 4 copies.  Computer seats take the first option, the
  default deck (RM-19.4).  ``content.pool_of`` and ``content.deck_problem`` are the
  pure pool and list check for a construction screen.  Without ``open_decklists`` the
  other's list is hidden; determinization builds a legal list holding every card seen.
* K: ``king_pick=random`` deals each King by the RNG at setup; the side is still chosen.
  Ragnar A's +1 applies to tower sieges as well (a siege, RM-25.6).  Guthrum A: the
  enemy unit must fall in a fight (flank and cover included), not to a direct shot.
  Edward B is the action ``RESTORE`` (2g, +2 SP), offered only below the SP limit.
* X2/X3 with X1 off: the fixed swaps of RM-27.5.4.  Howl is part of the ``PLAY`` action
  (``HOWL <hound id>``, from the draw or discard pile, or no ``HOWL``: take nothing); a
  Hound taken from the draw pile reshuffles it.  Poisoner's venom adds 2 to any fight
  damage above 0 it deals (attacking or hitting back).
* X4: ``FIELD @cell`` into an empty cell of rows 1-2; ``FIELD @cell SAC`` sacrifices the
  unit there and is offered only when no such cell is empty.  A removed King unit ends
  the King's ability (``kgone``); a fallen one keeps it until the burial removes it.
* X5: the mercenary deck's top is the end of its list; a hire discards the named card
  first.  Mercenaries are owned by the hirer (``mod.own``); their ids are ``M-XXX``.
* X6: laying, and the trap's identity, are seen by the Viking only (the ``LAY`` action is
  logged to him; everyone sees ``TRAPLAID cell``).  A triggered trap sets the step
  ``TRAP`` (the Viking's ``TRAP <trap> A|B``), then the attack resumes; a direct shot
  of an Anglo-Saxon archer played onto or behind a trap triggers it too.  Traps damage
  only living units.  Snare Net A also cancels a cover fight (the unit is done).  Fire
  Pit B hits the row of the triggering unit.
* X7: ``BUILD`` is logged to the Anglo-Saxon only (``TOWERLAID cell g|f`` for all).  At
  the start of an Anglo-Saxon turn with face-down towers the step ``PROD`` asks one
  ``FLIP <cell>T <tower> >g|f`` per tower (lowest cell first); production is then taken
  from the token counts before the flips, plus Beacons now face up.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from game.core.contract import PUBLIC, BadConfig, IllegalAction
from game.core.rng import Rng

from .actions import RMAction, make, parse_action
from .content import (
    BASIC,
    BEATS,
    CARDS,
    DIE,
    FIELD_COST,
    HAND_LIMIT,
    KING_UNIT,
    KINGS,
    LODGE,
    MERCS,
    SIDES,
    START_SP,
    TOKENS,
    TOWERS,
    TRAPS,
    TURN_CAP,
    WALL_CAP,
    code,
    cost,
    deck_of,
    deck_problem,
    heal_n,
    hero_arrival,
    is_castle,
    is_medium,
    is_priest,
    is_ranged,
    keys,
    klass,
    on_field_only,
    owner_of,
    pool_of,
)
from .state import RMState

_NEW = tuple.__new__  # an action whose text is already canonical, made without checks
_NO_EXTRA = [""]  # a play without an on-play extra (RM-14.4 (5))
NOBODY = -2
MODULES = ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")
AVAILABLE = frozenset(MODULES)
_CONFIG_KEYS = {"players", "modules", "seats", "levels", "king_pick", "decks", "open_decklists"}
CELLS = [[f"{SIDES[p]}{c}{r}" for r in (1, 2, 3) for c in (1, 2, 3)] for p in (0, 1)]
CELLS12 = [[c for c in CELLS[p] if c[2] != "3"] for p in (0, 1)]  # rows 1-2, row by row
CELLS3 = [[c for c in CELLS[p] if c[2] == "3"] for p in (0, 1)]
#: RM-27.6 the ability of each King's side: ``_ABILITY["K-RAG/A"]``
_ABILITY = {f"{k}/{x}": sides[x][1] for k, (_, sides) in KINGS.items() for x in sides}
#: (row, cell) of each column of each side, front first: ``_COLUMN[side][col]``
_COLUMN = [[[], *([(r, f"{SIDES[p]}{c}{r}") for r in (1, 2, 3)] for c in (1, 2, 3))]
           for p in (0, 1)]  # fmt: skip


def normalize_config(config: dict | None) -> dict:
    """RM-3: validate the module switches and their options."""
    config = dict(config or {})
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise BadConfig(f"unknown Runes of Mayhem options: {', '.join(sorted(unknown))}")
    if config.get("players", 2) != 2:
        raise BadConfig("Runes of Mayhem is a game for exactly 2 players (RM-1.2)")
    mods = config.get("modules", [])
    if isinstance(mods, str):
        mods = [m for m in mods.split(",") if m]
    if not isinstance(mods, list | tuple) or not all(isinstance(m, str) for m in mods):
        raise BadConfig("modules must be a list of RM-3 module codes")
    for m in mods:
        if m not in MODULES:
            raise BadConfig(f"unknown module {m!r} (RM-3.1: {', '.join(MODULES)})")
    if len(set(mods)) != len(mods):
        raise BadConfig("a module is named twice")
    if "L" in mods and len(mods) > 1:
        raise BadConfig("the learning game L excludes every other module (RM-3.3)")
    if "X4" in mods and "K" not in mods:
        raise BadConfig("module X4 (King units) requires module K (RM-3.1)")
    for m in mods:
        if m not in AVAILABLE:
            raise BadConfig(f"module {m} is not available yet in this engine")
    out = {"players": 2, "modules": sorted(mods, key=MODULES.index)}
    if "K" in mods:  # RM-18.2
        pick = config.get("king_pick", "choose")
        if pick not in ("choose", "random"):
            raise BadConfig("king_pick is 'choose' or 'random' (RM-18.2)")
        out["king_pick"] = pick
    elif "king_pick" in config:
        raise BadConfig("king_pick needs module K (RM-18.2)")
    if "X1" in mods:  # RM-19.3
        out["open_decklists"] = bool(config.get("open_decklists", False))
        decks = config.get("decks") or {}
        if not isinstance(decks, dict) or set(decks) - {"V", "A"}:
            raise BadConfig("decks maps 'V' and/or 'A' to a list of 52 card ids (RM-19)")
        out["decks"] = {}
        for sd, cards in decks.items():
            if cards is None:
                continue
            if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
                raise BadConfig(f"the {sd} deck must be a list of card ids")
            why = deck_problem(SIDES.index(sd), cards, out["modules"])
            if why:
                raise BadConfig(f"illegal {sd} deck: {why}")
            out["decks"][sd] = sorted(cards)
    elif "decks" in config or "open_decklists" in config:
        raise BadConfig("decks and open_decklists need module X1 (RM-19)")
    return out


def on(s: RMState, m: str) -> bool:
    return m in s.config["modules"]


def _emit(log: list | None, vis: int, kind: str, *args) -> None:
    if log is not None:
        log.append((vis, kind, *args))


def _forget(s: RMState, p: int, card: str) -> None:
    """``card`` left ``p``'s hand: it is no longer one the other side knows is there."""
    if card in s.known[p]:
        s.known[p].remove(card)


def owner(s: RMState, card: str) -> int:
    """The seat controlling a card: by its faction, or the hirer of a mercenary."""
    p = owner_of(card)
    return s.mod["own"][card] if p is None else p


def _field_cell(s: RMState, card: str) -> str | None:
    """The Battlefield cell ``card`` stands in, None off the field."""
    for cell, c in s.cells.items():
        if c == card:
            return cell
    return None


def cell_of(col: int, row: int, side: int) -> str:
    return f"{SIDES[side]}{col}{row}"


# ---------------------------------------------------------------- Main-phase menu parts
# The builders of ``RunesOfMayhem._main_parts``: each makes one part of the menu, in menu
# order, from what the part's count was taken from.
def _extra_kind(card: str, on_field: bool) -> str:
    """Which on-play extras a play offers (RM-14.4 (5)): a direct shot (RM-12.6), a
    Heroic Arrival target (RM-16.6), a Lock (RM-16.9), a Howl (RM-21.1), or none."""
    if is_ranged(card) and (on_field or code(card) == "A-CDF"):
        return "DS"
    if not on_field:
        return ""
    ha = hero_arrival(card)
    if ha:
        return ha if ha in ("HA_UNIT4", "HA_COLUMN2", "HA_RECOVER") else ""
    if klass(card) == "LOOTER":
        return "LOCK"
    return "HOWL" if "HOWL" in keys(card) else ""


@cache
def _play_facts(card: str) -> tuple[int, int, bool, bool, bool, str, str]:
    """What playing ``card`` takes (RM-14.4, RM-14.5): its gold and faith, whether row 3
    is open to it (a priest), whether the Wall is, whether it needs no Wall slot (castle
    folk), and the kinds of its extras on the field and on the Wall."""
    g, f = cost(card)
    wall, priest, castle = _place_facts(card)
    return g, f, priest, wall, castle, _extra_kind(card, True), _extra_kind(card, False)


@cache
def _place_facts(card: str) -> tuple[bool, bool, bool]:
    """Where ``card`` may stand (RM-4.3, RM-4.4): on a Wall at all (not a Looter, RM-16.9,
    a mercenary, RM-23.7, or a King unit, RM-22.3), in row 3 (a priest), and on a Wall
    without taking a slot (castle folk)."""
    wall = klass(card) != "LOOTER" and not on_field_only(card)
    return wall, is_priest(card), is_castle(card)


@cache
def _fight_facts(card: str) -> tuple[bool, bool, bool, bool, bool]:
    """How a unit takes part in Resolve combats: a priest (neither fights nor besieges,
    RM-10.2), ranged, medium-ranged (RM-10.2, RM-20.2), a skirmisher (RM-27.8) and one
    that never besieges (NOSIEGE)."""
    kw = keys(card)
    return is_priest(card), is_ranged(card), is_medium(card), "SKIRMISH" in kw, "NOSIEGE" in kw


def _plays(sd: str, card: str, places: list[tuple[list[str], list[str]]], k: int = -1):
    """RM-14.4 the plays of one card, by place, then extra; the ``k``-th only when given."""
    if k < 0:
        return [_NEW(RMAction, (sd, "PLAY", f"{card}@{d}{e}"))
                for dests, extras in places for d in dests for e in extras]  # fmt: skip
    for dests, extras in places:
        n = len(extras)
        if k < len(dests) * n:
            return _NEW(RMAction, (sd, "PLAY", f"{card}@{dests[k // n]}{extras[k % n]}"))
        k -= len(dests) * n
    raise IndexError(k)


def _sacs(sd: str, mine: list[tuple[str, str]], k: int = -1):
    """RM-14.7, by card: ``mine`` holds (card, its cell or ``VW:card``)."""
    if k >= 0:
        return _NEW(RMAction, (sd, "SAC", sorted(mine)[k][1]))
    return [_NEW(RMAction, (sd, "SAC", name)) for _, name in sorted(mine)]


def _one(sd: str, verb: str, k: int = -1):
    return _NEW(RMAction, (sd, verb, "")) if k >= 0 else [_NEW(RMAction, (sd, verb, ""))]


def _many(sd: str, verb: str, args: list[str], k: int = -1):
    if k >= 0:
        return _NEW(RMAction, (sd, verb, args[k]))
    return [_NEW(RMAction, (sd, verb, a)) for a in args]


def _moves(sd: str, gt: int, ft: int, k: int = -1):
    """RM-14.2: one move of any amount either way."""
    if k >= 0:
        return _NEW(RMAction, (sd, "MOVE", f"g>f {k + 1}" if k < gt else f"f>g {k - gt + 1}"))
    return _many(sd, "MOVE", [f"g>f {n}" for n in range(1, gt + 1)]
                 + [f"f>g {n}" for n in range(1, ft + 1)])  # fmt: skip


def _hires(sd: str, hand: list[str], lodge: list[str], free: list[str], k: int = -1):
    if k >= 0:
        k, c = divmod(k, len(free))
        h, merc = divmod(k, len(lodge))
        return _NEW(RMAction, (sd, "HIRE", f"{hand[h]} {lodge[merc]}@{free[c]}"))
    return _many(sd, "HIRE", [f"{h} {merc}@{c}" for h in hand for merc in lodge for c in free])


def _lays(sd: str, traps: list[str], spots: list[str], k: int = -1):
    if k >= 0:
        tr, c = divmod(k, len(spots))
        return _NEW(RMAction, (sd, "LAY", f"{traps[tr]}@{spots[c]}"))
    return _many(sd, "LAY", [f"{tr}@{c}" for tr in traps for c in spots])


def _builds(sd: str, towers: list[str], paid: list[str], spots: list[str], k: int = -1):
    if k >= 0:
        k, c = divmod(k, len(spots))
        tw, gf = divmod(k, len(paid))
        return _NEW(RMAction, (sd, "BUILD", f"{towers[tw]}@{spots[c]} {paid[gf]}"))
    return _many(sd, "BUILD", [f"{tw}@{c} {gf}" for tw in towers for gf in paid for c in spots])


@cache
def _deck_menu(p: int, mods: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``RunesOfMayhem.deck_menu``, the same for every game with these modules."""
    base = deck_of(p, False, mods)
    poi = [c for c in pool_of(p, mods) if code(c) == SIDES[p] + "-POI"]
    names: dict[str, int] = {}
    for c in base:
        if klass(c) not in BASIC:
            names[code(c)] = names.get(code(c), 0) + 1
    out = []
    for k in (1, 2):
        for combo in combinations(sorted(names), k):
            if sum(names[n] for n in combo) == len(poi):
                out.append(tuple(sorted([c for c in base if code(c) not in combo] + poi)))
    return tuple(out[:12])


class RunesOfMayhem:
    """The Runes of Mayhem rules behind the core contract."""

    name = "runes-of-mayhem"
    title = "Runes of Mayhem"
    min_seats = 2
    max_seats = 2
    # RM-28.3: playouts run about to the end of the opponent's next turn (30 decisions)
    ai_levels = {
        "easy": {"iterations": 60, "millis": 40, "rollout_depth": 20},
        "medium": {"iterations": 1000, "millis": 250, "rollout_depth": 30},
        "hard": {"iterations": 4000, "millis": 800, "rollout_depth": 30},
    }

    # ---------------------------------------------------------------- set-up
    def default_config(self, seats: int) -> dict:
        return normalize_config({"players": seats})

    def new_game(self, config: dict, seed: int, log: list | None = None) -> RMState:
        cfg = normalize_config(config)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadConfig("the seed must be an integer")
        s = RMState(cfg, seed)
        mods = cfg["modules"]
        s.mod = {"decks": [None, None], "dpend": [None, None], "kings": [None, None],
                 "kpend": [None, None], "dealt": [None, None], "kgone": [0, 0],
                 "fielded": [0, 0], "own": {}, "mdeck": [], "lodge": [], "traps": {},
                 "tdeck": [], "towers": {}, "wdeck": [], "flip": None, "tp": None}  # fmt: skip
        _emit(log, PUBLIC, "GAME", f"seed={seed}", "mods=" + (",".join(mods) or "-"))
        if "K" in mods and cfg["king_pick"] == "random":  # RM-18.2: dealt by the RNG
            for p in (0, 1):
                mine = sorted(k for k, v in KINGS.items() if v[0] == p)
                s.mod["dealt"][p] = mine[s.rng.below(len(mine))]
                _emit(log, PUBLIC, "DEALT", SIDES[p], s.mod["dealt"][p])
        if "X1" in mods:  # RM-19.3: lists from the config, the others decided now
            for p in (0, 1):
                given = cfg["decks"].get(SIDES[p])
                if given:
                    s.mod["dpend"][p] = list(given)
            if None in s.mod["dpend"]:
                s.step, s.setup_seat = "DECK", s.mod["dpend"].index(None)
                self._settle(s, log)
                return s
            s.mod["decks"] = s.mod["dpend"]
            s.mod["dpend"] = [None, None]
        self._deal(s, log)
        self._settle(s, log)
        return s

    def _deal(self, s: RMState, log: list | None) -> None:
        """RM-5.2 .. RM-5.5 once the decks are known."""
        mods = s.config["modules"]
        for p in (0, 1):  # RM-5.2
            cards = s.mod["decks"][p] or deck_of(p, "L" in mods, mods)
            s.mod["decks"][p] = sorted(cards)
            cards = list(cards)
            s.deck_size[p] = len(cards)
            s.rng.shuffle(cards)
            s.pile[p] = cards
            _emit(log, PUBLIC, "SHUF", SIDES[p])
            _emit(log, NOBODY, "ORDER", SIDES[p], *cards[::-1])
            s.sp[p] = s.limit[p] = START_SP  # RM-1.6
        s.gold, s.faith = [0, 3], [0, 0]  # RM-5.8
        if "K" in mods:
            s.step, s.setup_seat = "KING", 0
            return
        self._deal_hands(s, log)

    def _deal_hands(self, s: RMState, log: list | None) -> None:
        for p in (0, 1):  # RM-5.5
            self._draw(s, p, self.hand_limit(s, p), log)
        if on(s, "X5"):  # RM-23.2
            deck = list(MERCS)
            s.rng.shuffle(deck)
            s.mod["mdeck"] = deck
            _emit(log, PUBLIC, "SHUF", "M")
            self._refill_lodge(s, log)
        if on(s, "X6"):  # RM-24.2
            s.mod["tdeck"] = list(TRAPS)
        if on(s, "X7"):  # RM-25.2: free choice later, so the order plays no part
            s.mod["wdeck"] = sorted(TOWERS)
        s.step, s.setup_seat = "MULL", 0

    def _refill_lodge(self, s: RMState, log: list | None) -> None:
        """RM-23.4: the Lodge back to 3 from the top of the mercenary deck."""
        lodge, deck = s.mod["lodge"], s.mod["mdeck"]
        new = []
        while len(lodge) < LODGE and deck:
            new.append(deck.pop())
            lodge.append(new[-1])
        if new:
            _emit(log, PUBLIC, "LODGE", *new)

    def seat_names(self, state: RMState) -> list[str]:
        return list(SIDES)

    # ---------------------------------------------------------------- contract
    def to_act(self, state: RMState) -> int | None:
        return self.decider(state)

    @staticmethod
    def decider(s: RMState) -> int | None:
        if s.step == "OVER":
            return None
        if s.ret_pending:
            return 1
        if s.step == "TRAP":
            return 0  # RM-24.5: the Viking picks the trap option
        if s.step in ("MULL", "TOK", "DECK", "KING"):
            return s.setup_seat
        if s.step in ("BURIAL1", "BURIAL2"):
            return s.heal_seat
        return s.active

    def is_over(self, state: RMState) -> bool:
        return state.step == "OVER"

    def clone(self, state: RMState) -> RMState:
        return state.clone()

    def to_json(self, state: RMState) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> RMState:
        return RMState.from_json(data)

    def parse_action(self, text: str) -> RMAction:
        return parse_action(text)

    def observation(self, state: RMState, seat: int) -> dict:
        from .observe import observation

        obs = observation(state, seat)
        # public figures the table shows: RM-15.3 / RM-23.5, RM-11.4, RM-4.4
        obs["hand_limits"] = [self.hand_limit(state, p) for p in (0, 1)]
        obs["protections"] = [self.protection(state, p) for p in (0, 1)]
        obs["wall_caps"] = [self.wall_cap(state, p) for p in (0, 1)]
        return obs

    def open_observation(self, state: RMState) -> dict:
        """Everything on the table face up (replays' "all cards open", see the contract):
        the seat to act's observation with both hands, every trap and tower, and the
        secret King and deck choices; draw orders stay hidden."""
        seat = self.decider(state)
        obs = self.observation(state, 0 if seat is None else seat)
        obs["open_hands"] = [list(h) for h in state.hand]
        x, full = obs["mod"], state.mod
        if x:
            x["traps"] = dict(full["traps"])
            x["towers"] = {c: list(w) for c, w in full["towers"].items()}
            x["kpend"] = list(full["kpend"])
            x["dpend"] = [list(d) if d is not None else None for d in full["dpend"]]
        return obs

    def determinize(self, obs: dict, rng: Rng) -> RMState:
        from .observe import determinize

        return determinize(obs, rng)

    def check_invariants(self, state: RMState) -> list[str]:
        from .invariants import check_invariants

        return check_invariants(state, self)

    def heuristic(self, state: RMState, seat: int) -> float:
        from .ai import heuristic

        return heuristic(state, seat)

    def playout_action(self, state: RMState, rng: Rng) -> RMAction:
        from .ai import PLAYOUT_EPS, policy_action

        return policy_action(self, state, rng, PLAYOUT_EPS)

    def greedy_action(self, state: RMState, legal: list, rng: Rng) -> RMAction:
        from .ai import policy_action

        a = policy_action(self, state, rng, 0.0)
        return a if a in legal else rng.choice(legal)

    def search_actions(self, state: RMState, legal: list) -> list:
        from .ai import search_actions

        return search_actions(self, state, legal)

    def describe_event(self, event: tuple) -> str:
        return " ".join(str(x) for x in event[1:])

    def scores(self, state: RMState) -> list[float]:
        return [state.sp[p] / state.limit[p] for p in (0, 1)]

    def winners(self, state: RMState) -> list[int]:
        if state.step != "OVER" or state.winner is None:
            return []
        return [state.winner]

    def legal_actions(self, state: RMState) -> list[RMAction]:
        return self._cached(state)[:]

    def random_action(self, state: RMState, rng: Rng) -> RMAction:
        s = state
        roll = s.main.get("roll")
        if s._legal is None and s.step == "MAIN" and not s.ret_pending and roll is None:
            parts = self._main_parts(s, s.active)  # the menu counted, one action made (RM-14)
            s._picked = self._main_pick(parts, rng.below(sum([p[1] for p in parts])))
            return s._picked  # drawn from the menu: ``apply`` need not check it again
        legal = self._cached(state)
        return legal[rng.below(len(legal))]

    def apply(self, state: RMState, action: RMAction | str, log: list | None = None) -> None:
        if not isinstance(action, RMAction):
            action = parse_action(action)
        who = self.decider(state)
        if who is None:
            raise IllegalAction("the game is over", "RM-17.1")
        if action.side != SIDES[who]:
            raise IllegalAction(f"it is {SIDES[who]}'s decision, not {action.side}'s", "RM-6.1")
        if action.verb == "RE" and state.step == "RE" and not state.ret_pending:
            menu = state._legal  # any legal arrangement is accepted, not only the menu's
            why = None if menu and action in menu else self._check_re(state, action)
            if why:
                raise IllegalAction(why, "RM-8.2")
        elif action.verb == "DECK" and state.step == "DECK" and action.arg != "-":
            why = deck_problem(who, action.arg.split(","), state.config["modules"])
            if why:
                raise IllegalAction(why, "RM-19.4")
        elif action is not state._picked and not self._is_legal(state, action):
            raise IllegalAction(*self._why_illegal(state, action))
        state._picked = None
        state.last.pop("drawn", None)  # RM-INV-17 looks at the last Draw step only
        if log is not None:
            secret = action.verb in ("MULL", "TOK", "DECK", "KING", "LAY", "BUILD")  # RM-26.1
            log.append((who if secret else PUBLIC, "ACT", str(action)))
        self._do(state, action, log)
        self._settle(state, log)

    # ---------------------------------------------------------------- legal actions
    def _cached(self, s: RMState) -> list[RMAction]:
        if s._legal is None:
            s._legal = self._legal(s)
        return s._legal

    def _settle(self, s: RMState, log: list | None) -> None:
        while s.step != "OVER":
            if self._main_has_choice(s):
                s._legal = None  # made when asked (``_cached``)
                return
            legal = self._legal(s)
            if len(legal) != 1:
                s._legal = legal
                return
            if log is not None:
                log.append((PUBLIC, "AUTO", str(legal[0])))
            self._do(s, legal[0], log)
        s._legal = []

    def _why_illegal(self, s: RMState, a: RMAction) -> tuple[str, str]:
        step, v = s.step, a.verb
        if s.ret_pending:
            return "a freed production token must be returned first", "RM-16.9"
        rules = {
            "MULL": "RM-5.6", "TOK": "RM-5.7", "RE": "RM-8.2", "RESOLVE": "RM-10.8",
            "BURIAL1": "RM-13.3", "BURIAL2": "RM-13.3", "MAIN": "RM-14", "DISC": "RM-15.1",
        }  # fmt: skip
        rule = rules.get(step, "RM-6.2")
        mod_rules = {
            "HIRE": ("X5", "a hire needs X5, a card in hand, a Lodge mercenary and an empty "
                           "cell of rows 1-2; once per Main phase", "RM-23.3"),
            "LAY": ("X6", "a trap is laid by the Viking for 1 gold, once per Main phase, on "
                          "an Anglo-Saxon cell with no unit, tower or trap", "RM-24.3"),
            "BUILD": ("X7", "a tower is built by the Anglo-Saxon once per Main phase with a "
                            "token of that card, on a cell with no trap or tower", "RM-25.3"),
            "FIELD": ("X4", "the King takes the field once per game for 2g 2f (free at half "
                            "SP or less) into an empty cell of rows 1-2, or with SAC when "
                            "none is empty", "RM-22.2"),
            "RESTORE": ("K", "only Edward B restores, once per turn, 2g, below the limit",
                        "RM-27.6"),
        }  # fmt: skip
        if v in mod_rules:
            m, why, rule = mod_rules[v]
            if m not in s.config["modules"]:
                return f"{v} needs module {m}", "RM-3"
            if step != "MAIN":
                return f"{v} is a Main-phase action", "RM-14.9"
            return why, rule
        if v == "TRAP":
            return "no trap is waiting for its option", "RM-24.5"
        if v == "KING":
            return "Kings and sides are chosen at setup only, once (RM-18.3)", "RM-18.2"
        if v == "DECK":
            return "deck lists are given before setup only", "RM-19.3"
        if v == "FLIP":
            return "towers are turned up in the Anglo-Saxon Production phase", "RM-25.4"
        if step == "RESOLVE" and v == "SG" and a.arg.endswith("T"):
            return "only a face-up tower in a column without living enemies", "RM-25.6"
        if step == "MAIN":
            if v == "TRADE" and s.main.get("played"):
                return "a card was played this Main phase: no trade", "RM-14.3"
            if v == "PLAY" and s.main.get("traded"):
                return "a trade was made this Main phase: no card play", "RM-14.3"
            if v == "PLAY":
                return f"{a.arg} cannot be played now (cost or destination)", "RM-14.4"
            if v == "TRADE":
                return "that trade split does not match the roll", "RM-14.6"
        if step == "RESOLVE" and v in ("F", "SG"):
            return f"{a.arg} is not a legal {'fight' if v == 'F' else 'siege'} now", (
                "RM-10.2" if v == "F" else "RM-11.1"
            )
        if step == "TOK":
            return "the 7 tokens must be split between gold and faith", "RM-5.7"
        return f"{a} is not legal in step {step}", rule

    def _legal(self, s: RMState) -> list[RMAction]:
        step = s.step
        if step == "OVER":
            return []
        if s.ret_pending:
            return [make("A", "RET", "g"), make("A", "RET", "f")]
        if step == "TRAP":  # RM-24.5
            tr = s.mod["traps"][s.mod["tp"]["q"][0]]
            return [make("V", "TRAP", f"{tr} A"), make("V", "TRAP", f"{tr} B")]
        me = self.decider(s)
        sd = SIDES[me]
        if step == "DECK":
            return [make(sd, "DECK", "-")] + [make(sd, "DECK", ",".join(d))
                                              for d in self.deck_menu(s, me)]  # fmt: skip
        if step == "KING":
            dealt = s.mod["dealt"][me]
            kings = [dealt] if dealt else sorted(k for k, v in KINGS.items() if v[0] == me)
            return [make(sd, "KING", f"{k}/{x}") for k in kings for x in "AB"]
        if step == "PROD":  # RM-25.4
            cell = min(c for c, w in s.mod["towers"].items() if not w[1])
            tw = s.mod["towers"][cell][0]
            return [make(sd, "FLIP", f"{cell}T {tw} >{x}") for x in "gf"]
        if step == "MULL":
            hand = sorted(s.hand[me])
            out = [make(sd, "MULL", "-")]
            for k in range(1, len(hand) + 1):
                out += [make(sd, "MULL", ",".join(c)) for c in combinations(hand, k)]
            return out
        if step == "TOK":
            return [make(sd, "TOK", f"{g}/{TOKENS - g}") for g in range(TOKENS + 1)]
        if step == "RE":
            return self._re_menu(s, me)
        if step == "RESOLVE":
            return self._resolve_legal(s, me)
        if step in ("BURIAL1", "BURIAL2"):
            return self._heal_legal(s, me)
        if step == "MAIN":
            return self._main_legal(s, me)
        if step == "DISC":
            return [make(sd, "DISC", "-")] + [make(sd, "DISC", c) for c in sorted(s.hand[me])]
        raise AssertionError(step)

    # ---------------------------------------------------------------- board helpers
    @staticmethod
    def loc(s: RMState, card: str) -> str | None:
        for cell, c in s.cells.items():
            if c == card:
                return cell
        p = owner_of(card)
        if p is not None and card in s.wall[p]:
            return SIDES[p] + "W"
        return None

    def uname(self, s: RMState, card: str) -> str:
        where = self.loc(s, card)
        return f"{where}:{card}" if where and where.endswith("W") else str(where)

    @staticmethod
    def by_name(s: RMState, name: str) -> str | None:
        if ":" in name:
            w, card = name.split(":", 1)
            return card if card in s.wall["VA".index(w[0])] else None
        return s.cells.get(name)

    @staticmethod
    def living(s: RMState, card: str) -> bool:
        return s.u[card][1] == 0

    def column_units(self, s: RMState, side: int, col: int, alive: bool = True) -> list:
        """(row, card) of ``side`` in column ``col``, front first."""
        cells, u = s.cells, s.u
        out = []
        for r, name in _COLUMN[side][col]:
            c = cells.get(name)
            if c and (not alive or u[c][1] == 0):
                out.append((r, c))
        return out

    @staticmethod
    def formation(s: RMState, side: int, row: int) -> str | None:
        """RM-16.2: the class of a full row of basic units of one class."""
        cls = None
        for col in (1, 2, 3):
            c = s.cells.get(cell_of(col, row, side))
            if c is None:
                return None
            k = klass(c)
            if k not in BASIC or (cls is not None and k != cls):
                return None
            cls = k
        return cls

    def cur_s(self, s: RMState, card: str) -> int:
        """RM-9.2 current strength."""
        info = CARDS[code(card)]
        val = info[3]
        cell = _field_cell(s, card)
        if cell is None or s.u[card][1]:
            return val
        p = owner(s, card)
        form = self.formation(s, p, int(cell[2]))
        if form == "SPEAR":
            val += 1
        elif form == "CAV" and s.active == p:
            val += 2
        if "FRENZY" in info[7]:
            val += s.u[card][0]
        return max(0, val)

    def cur_l(self, s: RMState, card: str) -> int:
        """RM-9.2 current life."""
        info = CARDS[code(card)]
        val = info[4]
        cell = _field_cell(s, card)
        if cell is None:
            return val
        p = owner(s, card)
        form = self.formation(s, p, int(cell[2]))
        if form == "SPEAR":
            val += 1
        elif form == "MELEE" and s.active != p:
            val += 2
        if cell[2] == "1":  # Fyrd Spearmen: Brace (RM-27.4)
            sup = s.cells.get(cell[:2] + "2")
            if sup and "BRACE" in keys(sup) and s.u[sup][1] == 0:
                val += 1
        if self.tower_up(s, cell) == "TW-KEEP":  # RM-27.10
            val += 2
        if card != "KU-EDW":  # RM-27.7 Rally
            for col in (1, 2, 3):
                e = s.cells.get(cell[0] + str(col) + cell[2])
                if e == "KU-EDW" and s.u[e][1] == 0:
                    val += 1
        return val

    # ---------------------------------------------------------------- module helpers
    @staticmethod
    def owner(s: RMState, card: str) -> int:
        return owner(s, card)

    @staticmethod
    def king(s: RMState, p: int) -> str | None:
        """The working King ability of seat ``p`` (RM-27.6), None without one."""
        k = s.mod["kings"][p] if s.mod else None
        if not k or s.mod["kgone"][p]:
            return None
        return _ABILITY[k]

    def hand_limit(self, s: RMState, p: int) -> int:
        """RM-15.3, RM-23.5: 5 (6 with Ragnar B) minus his living mercenaries."""
        base = 6 if self.king(s, p) == "HAND6" else HAND_LIMIT
        mercs = sum(1 for c, o in s.mod["own"].items() if o == p and s.u[c][1] == 0)
        return base - mercs

    def wall_cap(self, s: RMState, p: int) -> int:
        return 3 if self.king(s, p) == "WALL3" else WALL_CAP  # RM-27.6 Edward A

    @staticmethod
    def tower_up(s: RMState, cell: str) -> str | None:
        """The face-up tower in ``cell`` (RM-25.4), if any."""
        w = s.mod["towers"].get(cell) if s.mod else None
        return w[0] if w and w[1] else None

    def heal_of(self, s: RMState, card: str) -> int:
        """Heal n with Alfred A and the Chapel (RM-27.6, RM-27.10)."""
        n = heal_n(card)
        if not n:
            return 0
        p = owner(s, card)
        if self.king(s, p) == "HEAL1":
            n += 1
        cell = self.loc(s, card)
        if cell and not cell.endswith("W"):
            for r in (1, 2, 3):
                if self.tower_up(s, f"A{cell[1]}{r}") == "TW-CHP" and p == 1:
                    n += 1
        return n

    def deck_menu(self, s: RMState, p: int) -> list[list[str]]:
        """A few legal X1 lists for an agent's menu: the default deck with the Poisoners
        in place of one or two whole names of four copies (RM-19.2)."""
        return [list(d) for d in _deck_menu(p, tuple(s.config["modules"]))]

    def protection(self, s: RMState, side: int) -> int:
        """RM-11.4 (+1 for a face-up Palisade, RM-27.10)."""
        n = sum(1 for w in s.mod.get("towers", {}).values() if w[1] and w[0] == "TW-PAL")
        n = n if side == 1 else 0
        for c in s.wall[side]:
            if s.u[c][1] == 0 and (not is_castle(c) or code(c) == "A-BLD"):
                n += 1
        return n

    def roll(self, s: RMState) -> int:
        if s.dice:
            return s.dice.pop(0)
        return DIE[s.rng.below(6)]

    # ---------------------------------------------------------------- damage
    def _damage(self, s: RMState, card: str, n: int) -> None:
        if "HIDE" in keys(card):  # Bear Warrior (RM-27.3)
            n = max(0, n - 1)
        s.u[card][0] += n

    def _falls(self, s: RMState, log: list | None) -> None:
        """RM-9.6 continuous state check."""
        changed = True
        while changed:
            changed = False
            for card, st in s.u.items():
                if st[1] == 0 and st[0] > 0 and st[0] >= self.cur_l(s, card):
                    st[1], st[0], st[2] = 1, 0, 0
                    changed = True
                    _emit(log, PUBLIC, "FALL", self.uname(s, card))
                    if st[3]:  # RM-16.9: the token goes back at once
                        st[3] = ""
                        s.ret_pending += 1

    def _hit_fortress(self, s: RMState, side: int, raw: int, log: list | None) -> int:
        dmg = max(0, raw - self.protection(s, side))
        s.sp[side] = max(0, s.sp[side] - dmg)
        _emit(log, PUBLIC, "HIT", SIDES[side] + "F", dmg, s.sp[side])
        if s.sp[side] == 0 and s.step != "OVER":
            self._game_over(s, 1 - side, "FORTRESS", log)
        return dmg

    def _game_over(self, s: RMState, winner: int | None, why: str, log: list | None) -> None:
        s.step, s.winner, s.end = "OVER", winner, why
        s.ret_pending = 0
        _emit(log, PUBLIC, "WIN", SIDES[winner] if winner is not None else "-", why)

    # ---------------------------------------------------------------- cards
    def _draw(self, s: RMState, p: int, n: int, log: list | None) -> int:
        drawn = []
        for _ in range(n):
            if not s.pile[p]:
                if not s.discard[p]:
                    break
                s.pile[p] = s.discard[p]  # RM-15.4
                s.discard[p] = []
                s.rng.shuffle(s.pile[p])
                _emit(log, PUBLIC, "SHUF", SIDES[p])
            drawn.append(s.pile[p].pop())
        s.hand[p] += drawn
        if drawn:
            _emit(log, PUBLIC, "DRAW", SIDES[p], len(drawn))
            _emit(log, p, "DREW", SIDES[p], *drawn)
        return len(drawn)

    def _leave(self, s: RMState, card: str) -> None:
        """A unit leaves play to its owner's discard pile (RM-13.4, RM-14.7)."""
        p = owner(s, card)
        where = self.loc(s, card)
        if where is None:
            return
        if where.endswith("W"):
            s.wall[p].remove(card)
        else:
            del s.cells[where]
        st = s.u.pop(card)
        if st[3]:
            s.ret_pending += 1
        if klass(card) == "MERC":  # RM-23.6: to the bottom of the mercenary deck
            del s.mod["own"][card]
            s.mod["mdeck"].insert(0, card)
        elif klass(card) == "KINGU":  # RM-22.5: the King card leaves the game
            s.mod["kgone"][p] = 1
        else:
            s.discard[p].append(card)

    # ---------------------------------------------------------------- reorganize
    def _re_menu(self, s: RMState, me: int) -> list[RMAction]:
        """RM-8.2 menu: keep the line, or one move or swap that ``_check_re`` accepts
        (checked here only for the cards that move: the rest of the line is legal)."""
        sd = SIDES[me]
        out = [make(sd, "RE", "-")]
        wall_side = sd + "W"
        spots = [*CELLS[me], wall_side]
        cur = {c: cell for cell, c in s.cells.items() if cell[0] == sd}
        for c in s.wall[me]:
            cur[c] = wall_side
        cap = self.wall_cap(s, me)
        slots = sum(1 for c in s.wall[me] if not is_castle(c))
        cells = s.cells
        facts = {c: _place_facts(c) for c in cur}  # RM-4.3, RM-4.4, RM-16.9, RM-23.7, RM-22.3

        def fits(card: str, dest: str) -> bool:
            wall, priest, _ = facts[card]
            return wall if dest == wall_side else dest[2] != "3" or priest

        for c in sorted(cur):
            here = cur[c]
            c_wall, c_priest, c_castle = facts[c]
            c_slot = 0 if c_castle else 1  # a castle folk unit takes no Wall slot
            off_wall = c_slot if here == wall_side else 0  # the slot a move off the Wall frees
            for d in spots:
                if d == here:
                    continue
                if d == wall_side:
                    if not c_wall or slots + c_slot - off_wall > cap:
                        continue
                    arg = f"{c}@{d}"
                elif (occupant := cells.get(d)) is None:
                    if (d[2] == "3" and not c_priest) or slots - off_wall > cap:
                        continue
                    arg = f"{c}@{d}"
                elif occupant > c:
                    if (d[2] == "3" and not c_priest) or not fits(occupant, here):
                        continue
                    o_slot = 0 if facts[occupant][2] else 1
                    if slots + (o_slot - c_slot if here == wall_side else 0) > cap:
                        continue
                    one, two = f"{c}@{d}", f"{occupant}@{here}"
                    arg = f"{one} {two}" if one < two else f"{two} {one}"  # canonical (sorted)
                else:
                    continue
                out.append(_NEW(RMAction, (sd, "RE", arg)))
        return out

    def _check_re(self, s: RMState, a: RMAction) -> str | None:
        me = "VA".index(a.side)
        if a.arg == "-":
            return None
        moves = {}
        for part in a.arg.split(" "):
            card, dest = part.split("@")
            if card in moves:
                return f"{card} is placed twice"
            if card not in s.u or owner(s, card) != me:
                return f"{card} is not a unit of yours in play"
            if dest[0] != a.side:
                return "units stay on their own side"
            moves[card] = dest
        place = {c: self.loc(s, c) for c in s.u if owner(s, c) == me}
        place.update(moves)
        taken: set = set()
        wall = 0
        for card, where in place.items():
            if where.endswith("W"):
                if klass(card) == "LOOTER":
                    return "a Looter never stands on the Wall (RM-16.9)"
                if on_field_only(card):
                    return f"{card} never stands on the Wall (RM-23.7, RM-22.3)"
                if not is_castle(card):
                    wall += 1
                continue
            if where in taken:
                return f"two units in {where} (RM-4.3)"
            taken.add(where)
            if where[2] == "3" and not is_priest(card):
                return f"row 3 holds priests only: {card} (RM-4.3)"
        cap = self.wall_cap(s, me)
        if wall > cap:
            return f"the Wall holds at most {cap} units (RM-4.4)"
        return None

    # ---------------------------------------------------------------- resolve combats
    def _fights_in(self, s: RMState, me: int, col: int, foe: list | None = None) -> list:
        """(attacker, target) cards of every legal F in an open column (RM-10.2); ``foe``
        the living enemies of the column (``column_units``), when already known."""
        c = s.cmb
        out = []
        if foe is None:
            foe = self.column_units(s, 1 - me, col)
        if not foe:
            return out
        mine = self.column_units(s, me, col, alive=False)
        blocked = False
        for _r, u in mine:
            st = s.u[u]
            if st[1]:
                continue
            priest, ranged, medium, skirmish, _ = _fight_facts(u)
            ok = not priest and u not in c["done"]
            if ranged or medium:  # RM-10.2, RM-20.2
                if ok and not st[2]:
                    reach = foe if ranged else [x for x in foe if x[0] < 3]
                    out += [(u, t) for _, t in reach]
                blocked = True
                continue
            if ok and (not blocked or skirmish):  # RM-27.8 Pictish
                out.append((u, foe[0][1]))
            blocked = True
        for u in s.wall[me]:  # RM-16.8 Castle Defenders from the Wall
            if code(u) == "A-CDF" and s.u[u][1] == 0 and not s.u[u][2] and u not in c["done"]:
                out += [(u, t) for _, t in foe]
        return out

    def _can_siege(self, s: RMState, u: str) -> bool:
        priest, ranged, medium, _, nosiege = _fight_facts(u)
        if priest or nosiege:  # NOSIEGE: Poisoner, Hired Champion
            return False
        c = s.cmb
        if u in c["done"] or u in c["sieged"] or u in c["flanked"]:
            return False
        return not ((ranged or medium) and s.u[u][2])

    def _sieges_in(self, s: RMState, me: int, col: int, foe: list | None = None) -> list[str]:
        """The units that may besiege in a column with no living enemy (RM-11.1)."""
        if foe is None:
            foe = self.column_units(s, 1 - me, col)
        if foe:
            return []
        return [u for _r, u in self.column_units(s, me, col) if self._can_siege(s, u)]

    def _siege_targets(self, s: RMState, me: int, col: int) -> list[str]:
        """RM-25.6: the Fortress or a face-up tower in the column."""
        out = [f"{SIDES[1 - me]}F"]
        for r in (1, 2, 3):
            cell = cell_of(col, r, 1 - me)
            if self.tower_up(s, cell):
                out.append(cell + "T")
        return out

    def _flank_targets(self, s: RMState, me: int, u: str, row: int) -> list[str]:
        if "FLANK" not in keys(u) or u in s.cmb["flanked"]:
            return []
        col = s.cmb["open"]
        out = []
        for c2 in (col - 1, col + 1):
            if 1 <= c2 <= 3:
                t = s.cells.get(cell_of(c2, row, 1 - me))
                if t and s.u[t][1] == 0:
                    out.append(cell_of(c2, row, 1 - me))
        return out

    def _resolve_legal(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        c = s.cmb
        mode = c["mode"]
        if mode == "IDLE":
            out = []
            for col in (1, 2, 3):
                if col in c["opened"]:
                    continue
                foe = self.column_units(s, 1 - me, col)
                if self._fights_in(s, me, col, foe) or self._sieges_in(s, me, col, foe):
                    out.append(make(sd, "OPEN", str(col)))
            return out + [make(sd, "EC")]
        col = c["open"]
        if mode == "COL":
            name = self.uname
            fights = self._fights_in(s, me, col)
            out = [make(sd, "F", f"{name(s, u)}>{name(s, t)}") for u, t in fights]
            out += [make(sd, "SG", f"{self.loc(s, u)}>{x}")
                    for u in self._sieges_in(s, me, col)
                    for x in self._siege_targets(s, me, col)]  # fmt: skip
            if not out:
                return [make(sd, "CLOSE")]
            return out + [make(sd, "CLOSE"), make(sd, "EC")]
        u = c["u"]
        if mode == "COVER":
            out = [make(sd, "COV")]
            out += [make(sd, "FL", t) for t in self._flank_targets(s, me, u, c["trow"])]
            return out
        tail = [make(sd, "STOP"), make(sd, "CLOSE"), make(sd, "EC")]
        if mode in ("DRAWN", "FLANK"):
            return [make(sd, "CONT")] + tail
        # WON
        out = []
        if self.column_units(s, 1 - me, col):
            out.append(make(sd, "CONT"))
        elif u not in c["sieged"] and "NOSIEGE" not in keys(u):
            here = self.loc(s, u)
            out += [make(sd, "SG", f"{here}>{x}") for x in self._siege_targets(s, me, col)]
        out += [make(sd, "FL", t) for t in self._flank_targets(s, me, u, c["trow"])]
        return out + tail

    def _fight(self, s: RMState, u: str, t: str, log: list | None) -> None:
        """RM-9: one fight of attacking ``u`` against defending ``t``."""
        tm = s.mod.get("tm") or {}  # a trap option in force for this attack (RM-27.9)
        cu, ct = klass(u), klass(t)
        counter = not is_ranged(u) and not is_medium(u) and not is_priest(t)
        u_dis = t_dis = False
        if cu in BASIC and ct in BASIC and cu != ct:
            if BEATS[cu] == ct:
                t_dis = True
            elif BEATS[ct] == cu:
                u_dis = True
        if is_ranged(t):
            t_dis = True
        ucell, tcell = self.loc(s, u), self.loc(s, t)
        if self.tower_up(s, ucell) == "TW-WAT":  # RM-27.10 Watchtower
            u_dis = False
        if self.tower_up(s, tcell) == "TW-WAT":
            t_dis = False
        nu = 0 if u_dis or tm.get("nodice") else (2 if "RECKLESS" in keys(u) else 1)
        nt = 0 if (t_dis or not counter or "RECKLESS" in keys(t)) else 1
        du = [self.roll(s) for _ in range(nu)]
        dt = [self.roll(s) for _ in range(nt)]
        hit_t = max(0, self.cur_s(s, u) + tm.get("str", 0)) + sum(du)
        hit_t += ("FIERCE" in keys(u)) + (self.tower_up(s, ucell) == "TW-ARR")
        hit_u = 0
        if counter:
            hit_u = self.cur_s(s, t) + sum(dt) + ("STEADY" in keys(t)) + tm.get("amb", 0)
            hit_u += self.tower_up(s, tcell) == "TW-ARR"
        if "VENOM" in keys(u) and hit_t > 0:  # RM-27.5.1 Poisoner
            hit_t += 2
        if "VENOM" in keys(t) and hit_u > 0:
            hit_u += 2
        uname, tname = self.uname(s, u), self.uname(s, t)
        if is_ranged(u) or is_medium(u):
            s.last.setdefault("ranged", []).append(u)  # RM-INV-10
        self._damage(s, t, hit_t)
        if counter:
            self._damage(s, u, hit_u)
        rolls = _dice(du) + "|" + (_dice(dt) if counter else "-")
        _emit(log, PUBLIC, "FIGHT", f"{uname}>{tname}", rolls, hit_t, hit_u)
        s.last["fights"] = s.last.get("fights", 0) + 1
        self._falls(s, log)
        me = owner(s, u)
        if s.u[t][1] and self.king(s, me) == "FELLGOLD" and not s.cmb.get("gut"):
            s.cmb["gut"] = 1  # RM-27.6 Guthrum A: once per turn
            s.gold[me] += 1
            _emit(log, PUBLIC, "KINGGOLD", SIDES[me], "+1g")

    def _after_fight(self, s: RMState, u: str, t: str, t_cell: str, flank: bool) -> None:
        """RM-10.4 outcome table."""
        c = s.cmb
        me = owner(s, u)
        if flank:
            if s.u[u][1] or s.u[t][1]:
                self._done(s, u)
            else:
                c.update(mode="FLANK", u=u, t=t)
            return
        if s.u[u][1]:
            self._done(s, u)
            return
        if is_ranged(u) or is_medium(u):  # RM-12.4, RM-20.4
            s.u[u][2] = 1
            self._done(s, u)
            return
        if not s.u[t][1]:
            c.update(mode="DRAWN", u=u, t=t)
            return
        trow = int(t_cell[2])
        c["trow"] = trow
        if trow == 1:
            sup = s.cells.get(t_cell[:2] + "2")
            if sup and s.u[sup][1] == 0:
                c.update(mode="COVER", u=u, t=sup)
                return
        c.update(mode="WON", u=u, t=None)
        _ = me

    def _done(self, s: RMState, u: str | None) -> None:
        c = s.cmb
        if u and u not in c["done"]:
            c["done"].append(u)
        c.update(mode="COL", u=None, t=None)

    def _siege(self, s: RMState, u: str, target: str, log: list | None) -> None:
        """RM-11.3 against the Fortress, RM-25.6 against a face-up tower."""
        tm = s.mod.get("tm") or {}
        me = owner(s, u)
        c = s.cmb
        if self.column_units(s, 1 - me, c["open"]):
            s.last["bad_siege"] = True  # RM-INV-12
        n = 0 if tm.get("nodice") else (2 if "WAR" in keys(u) else 1)
        dice = [self.roll(s) for _ in range(n)]
        raw = max(0, self.cur_s(s, u) + tm.get("str", 0)) + sum(dice)
        if self.king(s, me) == "SIEGE1":  # RM-27.6 Ragnar A
            raw += 1
        _emit(log, PUBLIC, "SIEGE", f"{self.loc(s, u)}>{target}", _dice(dice), raw)
        c["sieged"].append(u)
        if is_ranged(u) or is_medium(u):
            s.u[u][2] = 1
            s.last.setdefault("ranged", []).append(u)  # RM-INV-10
        self._done(s, u)
        if target.endswith("T"):
            w = s.mod["towers"][target[:-1]]
            w[2] = max(0, w[2] - raw)
            _emit(log, PUBLIC, "TOWER", target, w[0], w[2])
            if w[2] == 0:  # destroyed: back to the tower deck at full SP
                del s.mod["towers"][target[:-1]]
                s.mod["wdeck"].append(w[0])
                s.mod["wdeck"].sort()
                _emit(log, PUBLIC, "RAZED", target, w[0])
            return
        if tm.get("nofort"):  # Decoy Banner A
            _emit(log, PUBLIC, "HIT", SIDES[1 - me] + "F", 0, s.sp[1 - me])
            return
        self._hit_fortress(s, 1 - me, raw, log)

    # ---------------------------------------------------------------- burial
    def _healers(self, s: RMState, p: int) -> list[str]:
        out = []
        for card, st in s.u.items():
            if owner(s, card) != p or st[1] or not heal_n(card):
                continue
            where = self.loc(s, card)
            if where.endswith("W") and code(card) != "A-CCH":
                continue
            out.append(card)
        return sorted(out)

    def _heal_legal(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        fallen = sorted(self.uname(s, c) for c, st in s.u.items() if owner(s, c) == me and st[1])
        out = [make(sd, "HEAL", "-")]
        if not fallen:
            return out
        for pr in self._healers(s, me):
            pn = self.uname(s, pr)
            for k in range(1, min(self.heal_of(s, pr), len(fallen)) + 1):
                out += [make(sd, "HEAL", f"{pn}:{','.join(t)}") for t in combinations(fallen, k)]
        return out

    def _burial_remove(self, s: RMState, log: list | None) -> None:
        """RM-13.4, RM-13.5."""
        while True:
            gone = [c for c, st in s.u.items() if st[1]]
            if not gone:
                return
            for card in gone:
                _emit(log, PUBLIC, "RM", self.uname(s, card))
                self._leave(s, card)
            self._falls(s, log)

    # ---------------------------------------------------------------- main phase
    def _dests(self, s: RMState, me: int, card: str, free=None) -> list[str]:
        """The places ``card`` may be played to (RM-14.5); ``free`` = the empty cells of
        rows 1-2 and of row 3 and whether the Wall has a slot, when already known."""
        if free is None:
            free = self._free(s, me)
        rows12, row3, slot = free
        _, _, priest, wall, castle, _, _ = _play_facts(card)
        out = rows12 + row3 if priest else list(rows12)
        if wall and (slot or castle):
            out.append(SIDES[me] + "W")
        return out

    def _free(self, s: RMState, me: int) -> tuple[list[str], list[str], bool]:
        cells = s.cells
        rows12 = [c for c in CELLS12[me] if c not in cells]
        row3 = [c for c in CELLS3[me] if c not in cells]
        used = len([c for c in s.wall[me] if not _place_facts(c)[2]])  # castle folk: no slot
        return rows12, row3, used < self.wall_cap(s, me)

    def _main_legal(self, s: RMState, me: int, only: RMAction | None = None) -> list[RMAction]:
        """RM-14 the Main-phase menu; with ``only``, just the parts that could hold that
        action (its verb), in the same order."""
        m = s.main
        if m.get("roll") is not None:
            r = m["roll"]
            return [make(SIDES[me], "TRADE", f"{g}/{r - g}") for g in range(r + 1)]
        out = []
        verb = only.verb if only is not None else None
        for _, _, make_part, args in self._main_parts(s, me, verb):
            out += make_part(*args)
        return out

    @staticmethod
    def _main_pick(parts: list, k: int) -> RMAction:
        """The ``k``-th action of a menu given by its parts (``_main_parts``), making only
        that action."""
        for _, n, make_part, args in parts:
            if k < n:
                return make_part(*args, k)
            k -= n
        raise IndexError(k)

    def _main_parts(self, s: RMState, me: int, verb: str | None = None) -> list:
        """The Main-phase menu (no trade roll pending) as ``(verb, size, make, args)`` parts
        in menu order, only those of ``verb`` if given; ``make(*args)`` makes the part's
        actions, ``make(*args, k)`` its ``k``-th one only, and ``size`` is counted without
        making them, so a random pick makes one action (RM-14)."""
        sd = SIDES[me]
        m = s.main
        parts = []
        hand = sorted(s.hand[me])
        cells, u = s.cells, s.u
        rows12, row3, slot = self._free(s, me)
        if not m.get("traded") and verb in (None, "PLAY"):  # RM-14.4 plays, by card in hand
            gold, faith = s.gold[me], s.faith[me]
            rows123, on_wall = rows12 + row3, [sd + "W"]
            extras = {"": _NO_EXTRA}  # RM-14.4 (5): by the card's effect and place kind
            for card in hand:
                g, f, priest, wall, castle, on_field, at_wall = _play_facts(card)
                if g > gold or f > faith:
                    continue
                places, n = [], 0  # the Wall, if open, after the field (``_dests``)
                field = rows123 if priest else rows12
                if field:
                    ex = extras.get(on_field)
                    if ex is None:
                        ex = extras[on_field] = self._extras_of(s, me, on_field)
                    places.append((field, ex))
                    n = len(field) * len(ex)
                if wall and (slot or castle):
                    ex = extras.get(at_wall)
                    if ex is None:
                        ex = extras[at_wall] = self._extras_of(s, me, at_wall)
                    places.append((on_wall, ex))
                    n += len(ex)
                if n:
                    parts.append(("PLAY", n, _plays, (sd, card, places)))
        if not m.get("played") and not m.get("traded") and verb in (None, "TRADE"):
            parts.append(("TRADE", 1, _one, (sd, "TRADE")))
        if not m.get("moved") and verb in (None, "MOVE"):
            gt, ft = s.tok[me]
            if gt + ft:
                parts.append(("MOVE", gt + ft, _moves, (sd, gt, ft)))
        if verb in (None, "SAC"):  # RM-14.7: his living units, on his side and his Wall
            mine = [(c, cell) for cell in CELLS[me] if (c := cells.get(cell)) and not u[c][1]]
            mine += [(c, f"{sd}W:{c}") for c in s.wall[me] if not u[c][1]]
            if mine:
                parts.append(("SAC", len(mine), _sacs, (sd, mine)))
        if verb not in ("PLAY", "TRADE", "MOVE", "SAC", "END") and s.mod:
            self._module_parts(s, me, parts, hand, rows12)
        if verb in (None, "END"):
            parts.append(("END", 1, _one, (sd, "END")))
        return parts

    @staticmethod
    def _main_has_choice(s: RMState) -> bool:
        """RM-14: a Main phase certainly offers END and something else (a trade, a token
        move or a sacrifice), so its menu need not be made before someone asks."""
        if s.step != "MAIN" or s.ret_pending or s.main.get("roll") is not None:
            return False
        m, me = s.main, s.active
        if not m.get("played") and not m.get("traded"):
            return True
        if not m.get("moved") and s.tok[me][0] + s.tok[me][1] > 0:
            return True
        sd, u = SIDES[me], s.u
        return any(cell[0] == sd and not u[c][1] for cell, c in s.cells.items()) or any(
            not u[c][1] for c in s.wall[me])  # fmt: skip

    def _is_legal(self, s: RMState, a: RMAction) -> bool:
        """``a in legal_actions(s)``, without making the whole Main-phase menu."""
        if s._legal is not None or s.step != "MAIN" or s.ret_pending:
            return a in self._cached(s)
        me, m = s.active, s.main
        if m.get("roll") is not None:
            return a in self._main_legal(s, me)
        v = a.verb
        if v == "END":
            return a.arg == ""
        if v == "PLAY":  # one card, one place: the menu's part for it
            if m.get("traded"):
                return False
            head, _, extra = a.arg.partition(" ")
            card, _, dest = head.partition("@")
            if card not in s.hand[me]:
                return False
            g, f = cost(card)
            if g > s.gold[me] or f > s.faith[me] or dest not in self._dests(s, me, card):
                return False
            return (" " + extra if extra else "") in self._extras(s, me, card, dest)
        if v == "SAC":
            card = self.by_name(s, a.arg)
            return (card is not None and card in s.u and not s.u[card][1]
                    and owner(s, card) == me and self.uname(s, card) == a.arg)
        return a in self._main_legal(s, me, a)

    def _module_parts(self, s: RMState, me: int, parts: list, hand: list, free: list) -> None:
        """RM-14.9 once-per-Main-phase module actions (not card plays, RM-14.3), as parts
        of the Main-phase menu (``_main_parts``); ``hand`` sorted, ``free`` the empty cells
        of rows 1-2."""
        sd, m, x, mods = SIDES[me], s.main, s.mod, s.config["modules"]
        if "X5" in mods and not m.get("hired") and hand and x["lodge"] and free:
            lodge = sorted(x["lodge"])  # RM-23.3: a card in hand, a Lodge mercenary, a cell
            n = len(hand) * len(lodge) * len(free)
            parts.append(("HIRE", n, _hires, (sd, hand, lodge, free)))
        if "X6" in mods and me == 0 and not m.get("laid") and s.gold[0] >= 1:  # RM-24.3
            towers, traps = x["towers"], x["traps"]
            spots = [c for c in CELLS[1] if c not in s.cells and c not in towers
                     and c not in traps]  # fmt: skip
            if spots and x["tdeck"]:
                kinds = sorted(set(x["tdeck"]))
                parts.append(("LAY", len(kinds) * len(spots), _lays, (sd, kinds, spots)))
        if "X7" in mods and me == 1 and not m.get("built") and x["wdeck"]:  # RM-25.3
            towers, traps = x["towers"], x["traps"]
            spots = [c for c in CELLS[1] if c not in towers and c not in traps]
            gt, ft = s.tok[1]
            paid = [gf for gf, n in (("g", gt), ("f", ft)) if n > 0]
            if spots and paid:
                kinds = sorted(set(x["wdeck"]))
                n = len(kinds) * len(paid) * len(spots)
                parts.append(("BUILD", n, _builds, (sd, kinds, paid, spots)))
        k = x["kings"][me]  # K-RAG/A
        if not k or x["kgone"][me]:
            return
        if "X4" in mods and not x["fielded"][me] and KING_UNIT.get(k[:5]):  # RM-22.1, RM-22.2
            free_pay = 2 * s.sp[me] <= s.limit[me]
            if free_pay or (s.gold[me] >= FIELD_COST[0] and s.faith[me] >= FIELD_COST[1]):
                args = [f"@{c}" for c in free] if free else [f"@{c} SAC" for c in CELLS12[me]]
                parts.append(("FIELD", len(args), _many, (sd, "FIELD", args)))
        if (_ABILITY[k] == "RESTORE" and not m.get("restored") and s.gold[me] >= 2
                and s.sp[me] < s.limit[me]):  # RM-27.6 Edward B  # fmt: skip
            parts.append(("RESTORE", 1, _one, (sd, "RESTORE")))

    def king_unit(self, s: RMState, p: int) -> str | None:
        """The King unit seat ``p`` may field under X4 (RM-22.1), if any."""
        if not on(s, "X4") or not s.mod["kings"][p]:
            return None
        return KING_UNIT.get(s.mod["kings"][p][:5])  # K-RAG/A -> K-RAG

    def _extras(self, s: RMState, me: int, card: str, dest: str) -> list[str]:
        """The on-play extras a play of ``card`` to ``dest`` may carry (RM-14.4 (5))."""
        return self._extras_of(s, me, _extra_kind(card, not dest.endswith("W")))

    def _extras_of(self, s: RMState, me: int, kind: str) -> list[str]:
        """The extras of one kind of play (``_extra_kind``), each with its leading space;
        ``""`` is the play without one."""
        foe = 1 - me
        if kind == "DS":  # RM-12.6
            targets = [cell for cell, c in s.cells.items() if owner(s, c) == foe and s.u[c][1] == 0]
            targets += [f"{SIDES[foe]}W:{c}" for c in s.wall[foe] if s.u[c][1] == 0]
            return [""] + [f" DS>{t}" for t in sorted(targets)] + [f" DS>{SIDES[foe]}F"]
        if kind == "HA_UNIT4":  # RM-16.6
            t = sorted(x for x, c in s.cells.items() if owner(s, c) == foe and not s.u[c][1])
            return [f" HA>{x}" for x in t] or [""]
        if kind == "HA_COLUMN2":
            return [f" HA>{col}" for col in (1, 2, 3)]
        if kind == "HA_RECOVER":
            return [f" HA>{x}" for x in sorted(set(s.discard[me]))] or [""]
        if kind == "LOCK":  # RM-16.9
            return [f" LOCK {x}" for x, n in zip("gf", s.tok[foe], strict=True) if n > 0] or [""]
        if kind == "HOWL":  # RM-21.1: from the draw or discard pile
            hounds = sorted(c for c in s.pile[me] + s.discard[me] if klass(c) == "HOUND")
            return [""] + [f" HOWL {h}" for h in hounds]
        return [""]

    def _play(self, s: RMState, me: int, arg: str, log: list | None) -> None:
        parts = arg.split(" ")
        card, dest = parts[0].split("@")
        g, f = cost(card)
        s.gold[me] -= g
        s.faith[me] -= f
        s.hand[me].remove(card)
        if s.known[me]:
            _forget(s, me, card)
        s.u[card] = [0, 0, 0, ""]
        if dest.endswith("W"):
            s.wall[me].append(card)
        else:
            s.cells[dest] = card
        s.main["played"] = True
        if len(parts) == 1 and (dest.endswith("W") or hero_arrival(card) is None) \
                and "BUILD5" not in keys(card):  # no shot, arrival, lock, howl or repair
            self._falls(s, log)
            return
        foe = 1 - me
        ds = next((x[3:] for x in parts[1:] if x.startswith("DS>")), None)
        if ds:  # RM-12.6
            s.u[card][2] = 1
            if self._trap_trigger(s, card, f"DS {card}>{ds}", log):
                return  # RM-24.5: the shot waits for the Viking's trap option
            self._shoot(s, card, ds, log)
            if s.step == "OVER":
                return
        ha = hero_arrival(card) if not dest.endswith("W") else None
        tgt = next((x[3:] for x in parts[1:] if x.startswith("HA>")), None)
        if ha == "HA_UNIT4" and tgt:
            self._damage(s, s.cells[tgt], 4)
        elif ha == "HA_DRAW2":
            self._draw(s, me, 2, log)
        elif ha == "HA_RANDDISC" and s.hand[foe]:
            lost = s.hand[foe].pop(s.rng.below(len(s.hand[foe])))
            _forget(s, foe, lost)
            s.discard[foe].append(lost)
            _emit(log, PUBLIC, "DISCARDED", SIDES[foe], lost)
        elif ha == "HA_FORT3":
            self._hit_fortress(s, foe, 3, log)
            if s.step == "OVER":
                return
        elif ha == "HA_RESTORE6":
            s.sp[me] = min(s.limit[me], s.sp[me] + 6)
        elif ha == "HA_COLUMN2" and tgt:
            for _r, t in self.column_units(s, foe, int(tgt)):
                self._damage(s, t, 2)
        elif ha == "HA_RECOVER" and tgt:
            s.discard[me].remove(tgt)
            s.hand[me].append(tgt)
            s.known[me].append(tgt)  # taken openly from the discard pile
        elif ha == "HA_WALL2":
            for t in s.wall[foe]:
                if s.u[t][1] == 0:
                    self._damage(s, t, 2)
        lock = next((x for x in parts[1:] if x in ("g", "f")), None)
        if "LOCK" in parts and lock:
            i = "gf".index(lock)
            s.tok[foe][i] -= 1
            s.u[card][3] = lock
        if "BUILD5" in keys(card):
            s.sp[me] = min(s.limit[me], s.sp[me] + 5)
        if "HOWL" in parts:  # RM-21.1
            hound = parts[parts.index("HOWL") + 1]
            src = s.pile[me] if hound in s.pile[me] else s.discard[me]
            src.remove(hound)
            s.hand[me].append(hound)
            s.known[me].append(hound)  # shown as it is taken (RM-21.1)
            _emit(log, PUBLIC, "HOWLED", SIDES[me], hound)
            if src is s.pile[me]:
                s.rng.shuffle(s.pile[me])
                _emit(log, PUBLIC, "SHUF", SIDES[me])
        self._falls(s, log)

    def _shoot(self, s: RMState, card: str, tgt: str, log: list | None) -> None:
        """RM-12.6 a direct shot (the shot token is already on the unit)."""
        tm = s.mod.get("tm") or {}
        foe = 1 - owner(s, card)
        s.last.setdefault("ranged", []).append(card)  # RM-INV-10
        if tgt.endswith("F"):
            n = 0 if tm.get("nodice") else (2 if "WAR" in keys(card) else 1)
            dice = [self.roll(s) for _ in range(n)]
            raw = max(0, self.cur_s(s, card) + tm.get("str", 0)) + sum(dice)
            _emit(log, PUBLIC, "SHOT", tgt, _dice(dice), raw)
            if tm.get("nofort"):  # Decoy Banner A
                _emit(log, PUBLIC, "HIT", tgt, 0, s.sp[foe])
                return
            self._hit_fortress(s, foe, raw, log)
            return
        t = self.by_name(s, tgt)
        if t is None or s.u[t][1]:
            return  # the target is gone (it cannot be: traps hurt Anglo-Saxons only)
        dice = [] if tm.get("nodice") else [self.roll(s)]
        raw = max(0, self.cur_s(s, card) + tm.get("str", 0)) + sum(dice)
        _emit(log, PUBLIC, "SHOT", tgt, _dice(dice), raw)
        self._damage(s, t, raw)
        self._falls(s, log)

    # ---------------------------------------------------------------- traps (X6)
    def _trap_trigger(self, s: RMState, u: str, act: str, log: list | None) -> bool:
        """RM-24.5: an Anglo-Saxon attack from or behind a trap reveals it first."""
        if not on(s, "X6") or s.active != 1 or owner(s, u) != 1 or not s.mod["traps"]:
            return False
        cell = self.loc(s, u)
        if not cell or cell.endswith("W"):  # RM-24.7
            return False
        q = [f"A{cell[1]}{r}" for r in range(int(cell[2]), 0, -1)]
        q = [x for x in q if x in s.mod["traps"]]
        if not q:
            return False
        for x in q:
            _emit(log, PUBLIC, "REVEAL", x, s.mod["traps"][x])
        s.mod["tp"] = {"q": q, "act": act, "u": u, "tm": {}, "step": s.step}
        s.step = "TRAP"
        return True

    def _trap_option(self, s: RMState, opt: str, log: list | None) -> None:
        """RM-27.9: apply the chosen option, the card back into the trap deck."""
        tp = s.mod["tp"]
        cell = tp["q"].pop(0)
        tr = s.mod["traps"].pop(cell)
        s.mod["tdeck"].append(tr)
        s.mod["tdeck"].sort()
        u, tm = tp["u"], tp["tm"]
        ucell = self.loc(s, u)
        alive = [c for c in s.cells.values() if owner(s, c) == 1 and s.u[c][1] == 0]

        def hurt(c: str, n: int) -> None:
            if c in s.u and s.u[c][1] == 0:  # a fallen unit takes nothing (RM-9.7)
                self._damage(s, c, n)
        if tr == "TR-PIT":
            if opt == "A":
                hurt(u, 3)
            else:
                tm["nodice"] = 1
        elif tr == "TR-NET":
            if opt == "A":
                tm["cancel"] = 1
            else:
                tm["str"] = tm.get("str", 0) - 2
        elif tr == "TR-CAL":
            if opt == "A":
                for c in alive:
                    if self.loc(s, c)[1] == cell[1]:
                        hurt(c, 1)
            else:
                hurt(u, 2)
        elif tr == "TR-AMB":
            if opt == "A":
                tm["amb"] = tm.get("amb", 0) + 2
            else:
                s.gold[0] += 2
        elif tr == "TR-FIR":
            if opt == "A":
                hurt(u, 4 if klass(u) == "CAV" else 2)
            else:
                hurt(u, 1)
                for c in alive:
                    w = self.loc(s, c)
                    if w[2] == ucell[2] and abs(int(w[1]) - int(ucell[1])) == 1:
                        hurt(c, 1)
        elif tr == "TR-DEC":
            if opt == "A":
                tm["nofort"] = 1
            else:
                s.faith[1] = max(0, s.faith[1] - 1)
                hurt(u, 1)
        _emit(log, PUBLIC, "TRAPPED", cell, tr, opt)
        self._falls(s, log)
        if tp["q"]:
            return
        s.mod["tp"] = None
        s.step = tp["step"]
        act = tp["act"]
        if s.u.get(u, [0, 1])[1] or tm.get("cancel"):  # the attack does not happen
            if tm.get("cancel") and u in s.u and (is_ranged(u) or is_medium(u)):
                s.u[u][2] = 1
            if s.step == "RESOLVE" and not act.startswith("DS "):
                self._done(s, u)
            return
        s.mod["tm"] = tm
        try:
            if act.startswith("DS "):
                card, tgt = act[3:].split(">")
                self._shoot(s, card, tgt, log)
                if s.step != "OVER":
                    self._falls(s, log)
            else:
                self._do_resolve(s, 1, parse_action(act), log, checked=True)
        finally:
            s.mod["tm"] = None

    # ---------------------------------------------------------------- doing
    def _do(self, s: RMState, a: RMAction, log: list | None) -> None:
        s._legal = None
        v, arg = a.verb, a.arg
        me = "VA".index(a.side)
        if v == "RET":
            s.tok[1]["gf".index(arg)] += 1
            s.ret_pending -= 1
            return
        if v == "TRAP":
            self._trap_option(s, arg.split(" ")[1], log)
            return
        if v in ("DECK", "KING", "FLIP", "HIRE", "LAY", "BUILD", "FIELD", "RESTORE"):
            self._do_module(s, me, a, log)
            return
        if v == "MULL":
            aside = [] if arg == "-" else arg.split(",")
            for c in aside:
                s.hand[me].remove(c)
            s.aside[me] = aside
            s.mulled[me] = len(aside)
            _emit(log, PUBLIC, "MULLIGAN", SIDES[me], len(aside))
            self._draw(s, me, len(aside), log)
            if aside:
                s.pile[me] += aside
                s.aside[me] = []
                s.rng.shuffle(s.pile[me])
                _emit(log, PUBLIC, "SHUF", SIDES[me])
            if me == 0:
                s.setup_seat = 1
            else:
                s.step, s.setup_seat = "TOK", 0
            return
        if v == "TOK":
            g, f = map(int, arg.split("/"))
            s.pending_tok[me] = [g, f]
            if me == 0:
                s.setup_seat = 1
                return
            s.tok = s.pending_tok
            s.pending_tok = [None, None]
            toks = (f"{SIDES[p]}={t[0]}/{t[1]}" for p, t in enumerate(s.tok))
            _emit(log, PUBLIC, "TOKENS", *toks)
            self._start_turn(s, 0, log)
            return
        if v == "RE":
            if arg != "-":
                moves = [p.split("@") for p in arg.split(" ")]
                for card, _ in moves:
                    where = self.loc(s, card)
                    if where.endswith("W"):
                        s.wall[me].remove(card)
                    else:
                        del s.cells[where]
                for card, dest in moves:
                    if dest.endswith("W"):
                        s.wall[me].append(card)
                    else:
                        s.cells[dest] = card
            s.step = "RESOLVE"
            s.cmb = {"open": 0, "opened": [], "mode": "IDLE", "u": None, "t": None, "trow": 0,
                     "done": [], "sieged": [], "flanked": []}  # fmt: skip
            return
        if s.step == "RESOLVE":
            self._do_resolve(s, me, a, log)
            return
        if v == "HEAL":
            if arg == "-":
                if s.heal_seat == s.active:
                    s.heal_seat = 1 - s.active
                    if len(self._heal_legal(s, s.heal_seat)) > 1:
                        return
                self._burial_remove(s, log)
                self._after_burial(s, log)
                return
            head, rest = split_heal(arg)
            pr = self.by_name(s, head)
            targets = [self.by_name(s, n) for n in rest.split(",")]
            _emit(log, PUBLIC, "HEALED", head, *rest.split(","))
            self._leave(s, pr)
            for t in targets:
                s.u[t][0] = s.u[t][1] = 0
            return
        if v == "PLAY":
            self._play(s, me, arg, log)
            return
        if v == "TRADE":
            if not arg:
                n = 4 if self.king(s, me) == "TRADE4" else 3  # RM-27.6 Alfred B
                dice = [self.roll(s) for _ in range(n)]
                s.main["roll"] = sum(dice)
                s.main["traded"] = True
                _emit(log, PUBLIC, "TRADEROLL", _dice(dice), sum(dice))
            else:
                g, f = map(int, arg.split("/"))
                s.gold[me] += g
                s.faith[me] += f
                s.main["roll"] = None
            return
        if v == "MOVE":
            d, n = arg.split(" ")
            n = int(n)
            i = "gf".index(d[0])
            s.tok[me][i] -= n
            s.tok[me][1 - i] += n
            s.main["moved"] = True
            return
        if v == "SAC":
            card = self.by_name(s, arg)
            self._leave(s, card)
            self._falls(s, log)
            return
        if v == "END":
            s.step = "BURIAL2"
            self._open_burial(s, log)
            return
        if v == "DISC":
            if arg != "-":
                s.hand[me].remove(arg)
                _forget(s, me, arg)
                s.discard[me].append(arg)
            limit = self.hand_limit(s, me)  # RM-15.2, RM-23.5
            before = len(s.hand[me])
            if limit > before:
                self._draw(s, me, limit - before, log)
            drawn = [me, before, limit, len(s.hand[me])]
            self._end_turn(s, log)
            s.last["drawn"] = drawn  # checked by RM-INV-17
            return
        raise AssertionError(a)

    def _do_module(self, s: RMState, me: int, a: RMAction, log: list | None) -> None:
        v, arg, x = a.verb, a.arg, s.mod
        if v == "DECK":  # RM-19.3: secret until both have built
            x["dpend"][me] = deck_of(me, False, s.config["modules"]) if arg == "-" else (
                arg.split(","))
            if None in x["dpend"]:
                s.setup_seat = x["dpend"].index(None)
                return
            x["decks"], x["dpend"] = x["dpend"], [None, None]
            _emit(log, PUBLIC, "DECKS", "built")
            for p in (0, 1):
                _emit(log, PUBLIC if s.config.get("open_decklists") else p,
                      "DECK", SIDES[p], ",".join(sorted(x["decks"][p])))  # fmt: skip
            self._deal(s, log)
            if s.step == "MULL":
                return
            return
        if v == "KING":  # RM-18.2: both sides revealed together
            x["kpend"][me] = arg
            if me == 0:
                s.setup_seat = 1
                return
            x["kings"], x["kpend"] = x["kpend"], [None, None]
            for p in (0, 1):
                name, side = x["kings"][p].split("/")
                s.sp[p] = s.limit[p] = KINGS[name][1][side][0]
            _emit(log, PUBLIC, "KINGS", *(f"{SIDES[p]}={x['kings'][p]}" for p in (0, 1)))
            self._deal_hands(s, log)
            return
        if v == "FLIP":  # RM-25.4
            cell, tw, ret = arg.split(" ")
            x["towers"][cell[:-1]][1] = 1
            s.tok[1]["gf".index(ret[1])] += 1
            _emit(log, PUBLIC, "FLIP", cell, tw, ret)
            if not any(not w[1] for w in x["towers"].values()):
                toks, x["flip"] = x["flip"], None
                self._produce(s, 1, toks, log)
            return
        if v == "HIRE":  # RM-23.3
            h, rest = arg.split(" ")
            merc, cell = rest.split("@")
            s.hand[me].remove(h)
            _forget(s, me, h)
            s.discard[me].append(h)
            x["lodge"].remove(merc)
            x["own"][merc] = me
            s.u[merc] = [0, 0, 0, ""]
            s.cells[cell] = merc
            s.main["hired"] = True
            _emit(log, PUBLIC, "HIRED", SIDES[me], merc, cell)
            if "HIREDRAW" in keys(merc):
                self._draw(s, me, 1, log)
            return
        if v == "LAY":  # RM-24.3
            tr, cell = arg.split("@")
            s.gold[0] -= 1
            x["tdeck"].remove(tr)
            x["traps"][cell] = tr
            s.main["laid"] = True
            _emit(log, PUBLIC, "TRAPLAID", cell)
            return
        if v == "BUILD":  # RM-25.3
            rest, tokc = arg.split(" ")
            tw, cell = rest.split("@")
            s.tok[1]["gf".index(tokc)] -= 1
            x["wdeck"].remove(tw)
            x["towers"][cell] = [tw, 0, TOWERS[tw]]
            s.main["built"] = True
            _emit(log, PUBLIC, "TOWERLAID", cell, tokc)
            return
        if v == "FIELD":  # RM-22.2, RM-22.3
            cell = arg.split(" ")[0][1:]
            if 2 * s.sp[me] > s.limit[me]:
                s.gold[me] -= FIELD_COST[0]
                s.faith[me] -= FIELD_COST[1]
            if arg.endswith("SAC"):
                old = s.cells[cell]
                _emit(log, PUBLIC, "SACRIFICED", cell)
                self._leave(s, old)
            ku = self.king_unit(s, me)
            s.u[ku] = [0, 0, 0, ""]
            s.cells[cell] = ku
            x["fielded"][me] = 1
            s.main["fielded"] = True
            _emit(log, PUBLIC, "FIELDED", SIDES[me], ku, cell)
            self._falls(s, log)
            return
        if v == "RESTORE":  # RM-27.6 Edward B
            s.gold[me] -= 2
            s.sp[me] = min(s.limit[me], s.sp[me] + 2)
            s.main["restored"] = True
            _emit(log, PUBLIC, "RESTORED", SIDES[me], s.sp[me])
            return
        raise AssertionError(a)

    def _do_resolve(
        self, s: RMState, me: int, a: RMAction, log: list | None, checked: bool = False
    ) -> None:
        c = s.cmb
        v, arg = a.verb, a.arg
        if v == "TRAP":
            self._trap_option(s, arg.split(" ")[1], log)
            return
        if v == "OPEN":
            c["open"] = int(arg)
            c["opened"].append(int(arg))
            c["mode"] = "COL"
            return
        if v in ("CLOSE", "EC"):
            if c.get("u"):
                self._done(s, c["u"])
            c.update(open=0, mode="IDLE", u=None, t=None)
            if v == "EC":
                s.step = "BURIAL1"
                self._open_burial(s, log)
            return
        if v == "STOP":
            self._done(s, c["u"])
            return
        # an attack: F, CONT, COV, FL or SG (RM-24.5 may reveal a trap first)
        if v == "F":
            u = self.by_name(s, arg.split(">")[0])
        elif v == "SG":
            u = s.cells[arg.split(">")[0]]
        else:
            u = c["u"]
        if not checked and self._trap_trigger(s, u, str(a), log):
            return
        if v == "F":
            un, tn = arg.split(">")
            t = self.by_name(s, tn)
            s.last["attackers"] = s.last.get("attackers", []) + [u]
            self._fight(s, u, t, log)
            self._after_fight(s, u, t, tn, False)
        elif v in ("CONT", "COV"):
            flank = c["mode"] == "FLANK"
            if c["mode"] == "WON":
                t = self.column_units(s, 1 - me, c["open"])[0][1]
            else:
                t = c["t"]
            tn = self.loc(s, t)
            self._fight(s, u, t, log)
            self._after_fight(s, u, t, tn, flank)
        elif v == "FL":
            t = s.cells[arg]
            c["flanked"].append(u)
            self._fight(s, u, t, log)
            self._after_fight(s, u, t, arg, True)
        elif v == "SG":
            self._siege(s, u, arg.split(">")[1], log)
        else:
            raise AssertionError(a)

    def _open_burial(self, s: RMState, log: list | None) -> None:
        """RM-13.2: active player heals first, then the passive one."""
        s.heal_seat = s.active
        if not any(st[1] for st in s.u.values()):
            self._after_burial(s, log)
            return
        if len(self._heal_legal(s, s.active)) > 1:
            return
        s.heal_seat = 1 - s.active
        if len(self._heal_legal(s, s.heal_seat)) > 1:
            return
        self._burial_remove(s, log)
        self._after_burial(s, log)

    def _after_burial(self, s: RMState, log: list | None) -> None:
        s.heal_seat = s.active
        if s.step == "BURIAL1":
            s.step = "MAIN"
            s.main = {"played": False, "traded": False, "moved": False, "roll": None}
        elif s.step == "BURIAL2":
            s.step = "DISC"

    def _start_turn(self, s: RMState, p: int, log: list | None) -> None:
        s.turn += 1
        s.active = p
        _emit(log, PUBLIC, "TURN", f"T{s.turn}", SIDES[p])
        s.last = {"turn_start": True}
        s.cmb, s.main = {}, {}
        if p == 1 and any(not w[1] for w in s.mod.get("towers", {}).values()):
            s.mod["flip"] = list(s.tok[p])  # RM-7.2: towers are flipped first
            s.step = "PROD"
            return
        self._produce(s, p, s.tok[p], log)

    def _produce(self, s: RMState, p: int, toks: list, log: list | None) -> None:
        """RM-7.1, RM-7.2: tokens first, then King and tower bonuses."""
        g, f = toks
        if p == 1:
            g += sum(1 for w in s.mod.get("towers", {}).values() if w[1] and w[0] == "TW-BEA")
        if self.king(s, p) == "FAITH1":  # Guthrum B
            f += 1
        s.gold[p] += g
        s.faith[p] += f
        _emit(log, PUBLIC, "PROD", SIDES[p], f"+{g}g", f"+{f}f")
        s.step = "RE"

    def _end_turn(self, s: RMState, log: list | None) -> None:
        """RM-15.6."""
        for st in s.u.values():
            st[0] = st[2] = 0
        self._falls(s, log)
        if on(s, "X5"):  # RM-23.4
            self._refill_lodge(s, log)
        if s.turn >= TURN_CAP:  # RM-17.3
            a = s.sp[0] * s.limit[1]
            b = s.sp[1] * s.limit[0]
            self._game_over(s, 0 if a > b else 1 if b > a else None, "CAP", log)
            return
        self._start_turn(s, 1 - s.active, log)


def split_heal(arg: str) -> tuple[str, str]:
    """``AW:A-CCH#1:A21,VW:..`` -> (priest name, target names)."""
    n = 2 if arg[1] == "W" else 1
    parts = arg.split(":")
    return ":".join(parts[:n]), ":".join(parts[n:])


def _dice(d: list[int]) -> str:
    return "[" + ",".join(map(str, d)) + "]" if d else "-"


RULES = RunesOfMayhem()
