"""Runes of Mayhem rules engine (RM-1 .. RM-25: the base game, the learning variant L and
the modules K, X1 .. X7).

The engine runs every step without a decision (production, dice, falls, burial removal,
draws, the End phase) and stops when a seat must decide; a decision with a single legal
option is taken by the engine and logged as ``AUTO``.  Events are ``(visibility, KIND,
*args)`` tuples: ``PUBLIC`` (-1), a seat, or ``NOBODY`` (-2) for pile orders.

``RunesOfMayhem`` is put together from one part per phase: ``rules_board`` (cells, current
strength and life, damage and falls, draws, units leaving play), ``rules_combat``
(Reorganize, Resolve combats, Burial) and ``rules_main`` (the Main phase, its module
actions, on-play effects, traps).  This module holds the set-up, the core contract and the
turn sequence; what each verb is, when it is legal and what it does is its declaration in
``verbs.py``, which the engine looks up (``verbs.VERBS``, ``verbs.DECISIONS``).

Engine readings where the spec leaves the mechanics open:

* RM-5.6 / RM-5.7 (secret, simultaneous): the Viking decides first, then the
  Anglo-Saxon; neither observation shows the other's pending choice.  The mulligans
  (the Viking's cards set aside unseen) and the token splits are applied once both are
  made, the Viking's first.
* RM-8.2: ``RE`` accepts any legal arrangement (given as the moved units' new places);
  the legal list offers ``RE -`` and every single move or swap (an agent's menu).  "No
  change" is ``RE -``: a unit listed at the place it stands is refused, it is no move.
* RM-10.7: ``OPEN c`` is offered only for a column where some unit could fight or
  siege; a column with nothing left to do offers only ``CLOSE``.
* RM-14.2: ``MOVE`` moves any amount either way, and again after any other action of
  the Main phase (a play, a sacrifice, a returned token...); moves in a row are one move,
  so every split is reachable at every moment of the phase.
* RM-14.6: ``TRADE`` rolls the three dice, then ``TRADE g/f`` splits the total.
* RM-12.6, RM-16.6, RM-16.9: a direct shot and a Lock are optional (``PLAY`` with or
  without ``DS>x`` / ``LOCK g|f``); Heroic Arrival with a target is taken whenever a
  target exists.
* RM-12.4 over RM-12.6: a ranged card that has attacked this turn, then left the field
  and came back to hand (sacrificed, then taken back by Odda of Devon), is played again
  without a direct shot: the card is the unit, and it attacks once a turn (RM-INV-10).
* RM-16.9: a Looter's freed token asks the Anglo-Saxon ``RET g|f`` at once, before any
  other decision.
* RM-17.4: ``CONCEDE`` is accepted at any decision of the seat to act and ends the game
  for the other side; it is not among the legal actions, which hold the game's moves
  (computer players never concede).  Conceded during the set-up, the game ends with the
  set-up where it stood (no deck dealt before the X1 lists, no trap or tower deck before
  the Kings); the invariants judge it so.  RM-17.1: a freed token still to be returned
  stays so when the game ends (nothing pending is resolved).

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
  the King's ability (``king_gone``); a fallen one keeps it until the burial removes it.
* X5: the mercenary deck's top is the end of its list; a hire discards the named card
  first.  Mercenaries are owned by the hirer (``module_data["mercenary_owners"]``);
  their ids are ``M-XXX``.
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

from game.core.contract import PUBLIC, BadConfig, IllegalAction, RulesBase, Term
from game.core.rng import Rng

from .content import (
    BASIC,
    KINGS,
    LODGE,
    MERCS,
    RULES_VERSION,
    SIDES,
    START_SP,
    TOWERS,
    TRAPS,
    TURN_CAP,
    code,
    deck_of,
    deck_problem,
    klass,
    pool_of,
)
from .observe import Observation, determinize, observation
from .rules_board import emit, on
from .rules_combat import CombatRules
from .rules_main import MainRules
from .state import RMState
from .verbs import DECISIONS, VERBS, RMAction, make, parse_action, read_action

NOBODY = -2
MODULES = ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")
AVAILABLE = frozenset(MODULES)
_CONFIG_KEYS = {"players", "modules", "seats", "levels", "king_pick", "decks", "open_decklists"}


def _modules(config: dict) -> list[str]:
    """RM-3.1 and RM-3.3: the module codes a config names (a list or "K,X4"), checked."""
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
    return mods


def _king_options(config: dict, out: dict) -> None:
    """RM-18.2: how the King is picked, with module K only."""
    if "K" in out["modules"]:
        pick = config.get("king_pick", "choose")
        if pick not in ("choose", "random"):
            raise BadConfig("king_pick is 'choose' or 'random' (RM-18.2)")
        out["king_pick"] = pick
    elif "king_pick" in config:
        raise BadConfig("king_pick needs module K (RM-18.2)")


def _deck(side: str, cards, modules: list[str]) -> list[str]:
    """RM-19: one side's own deck, checked and sorted."""
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise BadConfig(f"the {side} deck must be a list of card ids")
    why = deck_problem(SIDES.index(side), cards, modules)
    if why:
        raise BadConfig(f"illegal {side} deck: {why}")
    return sorted(cards)


def _deck_options(config: dict, out: dict) -> None:
    """RM-19.3: the open decklists and the sides' own decks, with module X1 only."""
    if "X1" not in out["modules"]:
        if "decks" in config or "open_decklists" in config:
            raise BadConfig("decks and open_decklists need module X1 (RM-19)")
        return
    out["open_decklists"] = bool(config.get("open_decklists", False))
    decks = config.get("decks") or {}
    if not isinstance(decks, dict) or set(decks) - {"V", "A"}:
        raise BadConfig("decks maps 'V' and/or 'A' to a list of 52 card ids (RM-19)")
    out["decks"] = {
        side: _deck(side, cards, out["modules"])
        for side, cards in decks.items()
        if cards is not None
    }


def normalize_config(config: dict | None) -> dict:
    """RM-3: validate the module switches and their options."""
    config = dict(config or {})
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise BadConfig(f"unknown Runes of Mayhem options: {', '.join(sorted(unknown))}")
    if config.get("players", 2) != 2:
        raise BadConfig("Runes of Mayhem is a game for exactly 2 players (RM-1.2)")
    mods = _modules(config)
    out = {"players": 2, "modules": sorted(mods, key=MODULES.index)}
    _king_options(config, out)
    _deck_options(config, out)
    return out


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


_drawn = read_action.vouch  # random_action's draw, not read again by apply


class RunesOfMayhem(CombatRules, MainRules, RulesBase):
    """The Runes of Mayhem rules behind the core contract."""

    name = "runes-of-mayhem"
    title = "Runes of Mayhem"
    min_seats = 2
    max_seats = 2
    # RM-28.3: playouts run about to the end of the opponent's next turn (30 decisions);
    # efforts (iterations per decision): hard decides in under a second of CPU time (p95)
    # on one core, medium in about a quarter of it
    rules_version = RULES_VERSION  # game.core.record: a save names it
    ai_levels = {
        "easy": {"iterations": 20, "rollout_depth": 20},
        "medium": {"iterations": 75, "rollout_depth": 30},
        "hard": {"iterations": 300, "rollout_depth": 30},
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
        s.module_data = {
            "decks": [None, None],
            "pending_decks": [None, None],
            "kings": [None, None],
            "pending_kings": [None, None],
            "dealt_kings": [None, None],
            "king_gone": [0, 0],
            "king_fielded": [0, 0],
            "mercenary_owners": {},
            "mercenary_deck": [],
            "lodge": [],
            "traps": {},
            "trap_deck": [],
            "towers": {},
            "tower_deck": [],
            "production_owed": None,
            "trap_trigger": None,
        }
        emit(log, PUBLIC, "GAME", f"seed={seed}", "mods=" + (",".join(mods) or "-"))
        if "K" in mods and cfg["king_pick"] == "random":  # RM-18.2: dealt by the RNG,
            for p in (0, 1):  # face down until the decks are built (RM-5 steps 2-3)
                mine = sorted(k for k, v in KINGS.items() if v[0] == p)
                s.module_data["dealt_kings"][p] = mine[s.rng.below(len(mine))]
        if "X1" in mods:  # RM-19.3: lists from the config, the others decided now
            for p in (0, 1):
                given = cfg["decks"].get(SIDES[p])
                if given:
                    s.module_data["pending_decks"][p] = list(given)
            if None in s.module_data["pending_decks"]:
                s.step, s.setup_seat = "DECK", s.module_data["pending_decks"].index(None)
                self._settle(s, log)
                return s
            s.module_data["decks"] = s.module_data["pending_decks"]
            s.module_data["pending_decks"] = [None, None]
        self._deal(s, log)
        self._settle(s, log)
        return s

    @staticmethod
    def _show_dealt(s: RMState, log: list | None) -> None:
        """RM-18.2: the Kings dealt at random are turned up once the decks are known."""
        for p in (0, 1):
            if s.module_data["dealt_kings"][p]:
                emit(log, PUBLIC, "DEALT", SIDES[p], s.module_data["dealt_kings"][p])

    def _deal(self, s: RMState, log: list | None) -> None:
        """RM-5.2 .. RM-5.5 once the decks are known."""
        mods = s.config["modules"]
        if s.module_data:
            self._show_dealt(s, log)
        for p in (0, 1):  # RM-5.2
            cards = s.module_data["decks"][p] or deck_of(p, "L" in mods, mods)
            s.module_data["decks"][p] = sorted(cards)
            cards = list(cards)
            s.deck_size[p] = len(cards)
            s.rng.shuffle(cards)
            s.pile[p] = cards
            emit(log, PUBLIC, "SHUF", SIDES[p])
            emit(log, NOBODY, "ORDER", SIDES[p], *cards[::-1])
            s.strength_points[p] = s.strength_limit[p] = START_SP  # RM-1.6
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
            s.module_data["mercenary_deck"] = deck
            emit(log, PUBLIC, "SHUF", "M")
            self._refill_lodge(s, log)
        if on(s, "X6"):  # RM-24.2
            s.module_data["trap_deck"] = list(TRAPS)
        if on(s, "X7"):  # RM-25.2: free choice later, so the order plays no part
            s.module_data["tower_deck"] = sorted(TOWERS)
        s.step, s.setup_seat = "MULL", 0

    def _refill_lodge(self, s: RMState, log: list | None) -> None:
        """RM-23.4: the Lodge back to 3 from the top of the mercenary deck."""
        lodge, deck = s.module_data["lodge"], s.module_data["mercenary_deck"]
        new = []
        while len(lodge) < LODGE and deck:
            new.append(deck.pop())
            lodge.append(new[-1])
        if new:
            emit(log, PUBLIC, "LODGE", *new)

    def seat_names(self, state: RMState) -> list[str]:
        return list(SIDES)

    # ---------------------------------------------------------------- contract
    def to_act(self, state: RMState) -> int | None:
        return self.decider(state)

    @staticmethod
    def decider(s: RMState) -> int | None:
        if s.step == "OVER":
            return None
        if s.tokens_to_return:
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

    def observation(self, state: RMState, seat: int) -> Observation:
        obs = observation(state, seat)
        # public figures the table shows: RM-15.3 / RM-23.5, RM-11.4, RM-4.4
        obs["hand_limits"] = [self.hand_limit(state, p) for p in (0, 1)]
        obs["protections"] = [self.protection(state, p) for p in (0, 1)]
        obs["wall_caps"] = [self.wall_cap(state, p) for p in (0, 1)]
        return obs

    def open_observation(self, state: RMState) -> Observation:
        """Everything on the table face up (replays' "all cards open", see the contract):
        the seat to act's observation with both hands, every trap and tower, and the
        secret King and deck choices; draw orders stay hidden."""
        seat = self.decider(state)
        obs = self.observation(state, 0 if seat is None else seat)
        obs["open_hands"] = [list(h) for h in state.hand]
        x, full = obs["module_data"], state.module_data
        if x:
            x["traps"] = dict(full["traps"])
            x["towers"] = {c: list(w) for c, w in full["towers"].items()}
            x["pending_kings"] = list(full["pending_kings"])
            x["pending_decks"] = [list(d) if d is not None else None for d in full["pending_decks"]]
        return obs

    def determinize(self, obs: Observation, rng: Rng) -> RMState:
        return determinize(obs, rng)

    def check_invariants(self, state: RMState) -> list[str]:
        from .invariants import check_invariants

        return check_invariants(state, self)

    def heuristic(self, state: RMState, seat: int) -> float:
        return _ai.heuristic(state, seat)

    def heuristic_terms(self, state: RMState, seat: int) -> dict[Term, float]:
        return _ai.heuristic_terms(state, seat)

    def playout_action(self, state: RMState, rng: Rng) -> RMAction:
        return _ai.policy_action(self, state, rng, _ai.PLAYOUT_EPS)

    def greedy_action(self, state: RMState, legal: list, rng: Rng) -> RMAction:
        a = _ai.policy_action(self, state, rng, 0.0)
        return a if a in legal else rng.choice(legal)

    def search_actions(self, state: RMState, legal: list) -> list:
        return _ai.search_actions(self, state, legal)

    def describe_event(self, event: tuple) -> str:
        return " ".join(str(x) for x in event[1:])

    def scores(self, state: RMState) -> list[float]:
        return [state.strength_points[p] / state.strength_limit[p] for p in (0, 1)]

    def winners(self, state: RMState) -> list[int]:
        if state.step != "OVER" or state.winner is None:
            return []
        return [state.winner]

    def concession(self, state: RMState, seat: int) -> RMAction | None:
        """RM-17.4: the action by which ``seat`` concedes, at his decisions only."""
        return make(SIDES[seat], "CONCEDE") if self.decider(state) == seat else None

    def legal_actions(self, state: RMState) -> list[RMAction]:
        return self._cached(state)[:]

    def random_action(self, state: RMState, rng: Rng) -> RMAction:
        s = state
        roll = s.main.get("roll")
        if s._legal is None and s.step == "MAIN" and not s.tokens_to_return and roll is None:
            parts = self.main_parts(s, s.active)  # the menu counted, one action made (RM-14)
            s._picked = self._main_pick(parts, rng.below(sum([p[1] for p in parts])))
            return _drawn(s._picked)  # drawn from the menu: ``apply`` need not check it
        legal = self._cached(state)
        return _drawn(legal[rng.below(len(legal))])

    def apply(self, state: RMState, action: RMAction | str, log: list | None = None) -> None:
        # BadNotation for anything its text would not be (the engine's menu is not parsed)
        action = read_action(action, state._legal or (state._picked,))
        who = self.decider(state)
        if who is None:
            raise IllegalAction("the game is over", "RM-17.1")
        if action.side != SIDES[who]:
            raise IllegalAction(f"it is {SIDES[who]}'s decision, not {action.side}'s", "RM-6.1")
        verb = VERBS[action.verb]
        if verb.decision == "*":  # RM-17.4: CONCEDE, at any of his decision points
            state._picked = None
            if log is not None:
                log.append((PUBLIC, "ACT", str(action)))
            verb.effect(self, state, who, action.arg, log)
            self._settle(state, log)
            return
        if verb.check is not None and state.step in verb.steps and not state.tokens_to_return:
            why = verb.check(self, state, who, action)  # any legal line or deck list
            if why:
                raise IllegalAction(why, verb.check_rule)
        elif action is not state._picked and not self._is_legal(state, action):
            raise IllegalAction(*self._why_illegal(state, action))
        state._picked = None
        state.last.pop("drawn", None)  # RM-INV-17 looks at the last Draw step only
        if log is not None:  # RM-26.1: a secret choice is logged to its side only
            log.append((who if verb.secret else PUBLIC, "ACT", str(action)))
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
        """The reason and rule of a refused action: the verb's own (verbs.py), else the
        decision's."""
        if s.tokens_to_return:
            return "a freed production token must be returned first", "RM-16.9"
        step, verb = s.step, VERBS[a.verb]
        decision = DECISIONS.get(step)
        if verb.module is not None:  # RM-18 .. RM-25
            if verb.module not in s.config["modules"]:
                return f"{a.verb} needs module {verb.module}", "RM-3"
            if step != "MAIN":
                return f"{a.verb} is a Main-phase action", "RM-14.9"
            return verb.needs, verb.rule
        why = verb.why(s, a) if verb.why is not None else None
        if why is not None:
            return why
        if decision is not None and decision.refusal:
            return decision.refusal, decision.rule
        return f"{a} is not legal in step {step}", decision.rule if decision else "RM-6.2"

    def _legal(self, s: RMState) -> list[RMAction]:
        """The legal actions of the decision awaited (verbs.DECISIONS): the menu of its
        verbs' options in order, or the decision's own menu."""
        step = s.step
        if step == "OVER":
            return []
        decision = DECISIONS["RET" if s.tokens_to_return else step]
        me = self.decider(s)
        sd = SIDES[me]
        if decision.menu:
            return getattr(self, decision.menu)(s, me)
        out: list[RMAction] = []
        for name in decision.verbs:
            out += VERBS[name].options(self, s, me, sd)
        return out

    def deck_menu(self, s: RMState, p: int) -> list[list[str]]:
        """A few legal X1 lists for an agent's menu: the default deck with the Poisoners
        in place of one or two whole names of four copies (RM-19.2)."""
        return [list(d) for d in _deck_menu(p, tuple(s.config["modules"]))]

    # ---------------------------------------------------------------- doing
    def _do(self, s: RMState, a: RMAction, log: list | None) -> None:
        """The verb's effect (verbs.py); the caller settles what follows."""
        s._legal = None
        verb = VERBS[a.verb]
        if s.step == "MAIN" and verb.ends_move:
            s.main["moved"] = False  # RM-14.2: moves in a row are one move
        verb.effect(self, s, "VA".index(a.side), a.arg, log)

    def _mulligan(self, s: RMState, p: int, log: list | None) -> None:
        """RM-5.6: the cards set aside are shown by number, replaced from the draw pile,
        then shuffled back into it."""
        aside = s.aside[p]
        s.mulled[p] = len(aside)
        emit(log, PUBLIC, "MULLIGAN", SIDES[p], len(aside))
        self._draw(s, p, len(aside), log)
        if aside:
            s.pile[p] += aside
            s.aside[p] = []
            s.rng.shuffle(s.pile[p])
            emit(log, PUBLIC, "SHUF", SIDES[p])

    def _start_turn(self, s: RMState, p: int, log: list | None) -> None:
        s.turn += 1
        s.active = p
        emit(log, PUBLIC, "TURN", f"T{s.turn}", SIDES[p])
        s.last = {"turn_start": True}
        s.combat, s.main = {}, {}
        if p == 1 and any(not w[1] for w in s.module_data.get("towers", {}).values()):
            s.module_data["production_owed"] = list(s.tokens[p])  # RM-7.2: towers are flipped first
            s.step = "PROD"
            return
        self._produce(s, p, s.tokens[p], log)

    def _produce(self, s: RMState, p: int, toks: list, log: list | None) -> None:
        """RM-7.1, RM-7.2: tokens first, then King and tower bonuses."""
        g, f = toks
        if p == 1:
            g += sum(
                1 for w in s.module_data.get("towers", {}).values() if w[1] and w[0] == "TW-BEA"
            )
        if self.king(s, p) == "FAITH1":  # Guthrum B
            f += 1
        s.gold[p] += g
        s.faith[p] += f
        emit(log, PUBLIC, "PROD", SIDES[p], f"+{g}g", f"+{f}f")
        s.step = "RE"

    def _end_turn(self, s: RMState, log: list | None) -> None:
        """RM-15.6."""
        for st in s.units.values():
            st[0] = st[2] = 0
        self._falls(s, log)
        if on(s, "X5"):  # RM-23.4
            self._refill_lodge(s, log)
        if s.turn >= TURN_CAP:  # RM-17.3
            a = s.strength_points[0] * s.strength_limit[1]
            b = s.strength_points[1] * s.strength_limit[0]
            self._game_over(s, 0 if a > b else 1 if b > a else None, "CAP", log)
            return
        self._start_turn(s, 1 - s.active, log)


RULES = RunesOfMayhem()

# The computer-player hooks above call into ai.py, which imports this module: it is bound
# here, once, after RULES exists (an import inside each hook ran on every playout step).
from . import ai as _ai  # noqa: E402
