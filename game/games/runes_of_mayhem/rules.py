"""Runes of Mayhem rules engine (RM-1 .. RM-25: the base game, the learning variant L and
the modules K, X1 .. X7).

The engine runs every step without a decision (production, dice, falls, burial removal,
draws, the End phase) and stops when a seat must decide; a decision with a single legal
option is taken by the engine and logged as ``AUTO``.  Events are ``(visibility, KIND,
*args)`` tuples: ``PUBLIC`` (-1), a seat, or ``NOBODY`` (-2) for pile orders.

``RunesOfMayhem`` is put together from one part per phase: ``rules_board`` (cells, current
strength and life, damage and falls, draws, units leaving play), ``rules_combat``
(Reorganize, Resolve combats, Burial) and ``rules_main`` (the Main phase, its module
actions, on-play effects, traps).  This module holds the set-up, the core contract, the
menu of each step and the turn sequence.

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

from game.core.contract import PUBLIC, BadConfig, IllegalAction, RulesBase, Term
from game.core.rng import Rng

from .actions import RMAction, make, parse_action, read_action
from .content import (
    BASIC,
    FIELD_COST,
    KINGS,
    LODGE,
    MERCS,
    RULES_VERSION,
    SIDES,
    START_SP,
    TOKENS,
    TOWERS,
    TRAPS,
    TURN_CAP,
    code,
    deck_of,
    deck_problem,
    keys,
    klass,
    pool_of,
)
from .rules_board import dice_text, emit, forget, on, split_heal
from .rules_combat import CombatRules
from .rules_main import MainRules
from .state import RMState

NOBODY = -2
MODULES = ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")
AVAILABLE = frozenset(MODULES)
_CONFIG_KEYS = {"players", "modules", "seats", "levels", "king_pick", "decks", "open_decklists"}


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
        s.mod = {"decks": [None, None], "dpend": [None, None], "kings": [None, None],
                 "kpend": [None, None], "dealt": [None, None], "kgone": [0, 0],
                 "fielded": [0, 0], "own": {}, "mdeck": [], "lodge": [], "traps": {},
                 "tdeck": [], "towers": {}, "wdeck": [], "flip": None, "tp": None}  # fmt: skip
        emit(log, PUBLIC, "GAME", f"seed={seed}", "mods=" + (",".join(mods) or "-"))
        if "K" in mods and cfg["king_pick"] == "random":  # RM-18.2: dealt by the RNG,
            for p in (0, 1):  # face down until the decks are built (RM-5 steps 2-3)
                mine = sorted(k for k, v in KINGS.items() if v[0] == p)
                s.mod["dealt"][p] = mine[s.rng.below(len(mine))]
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

    @staticmethod
    def _show_dealt(s: RMState, log: list | None) -> None:
        """RM-18.2: the Kings dealt at random are turned up once the decks are known."""
        for p in (0, 1):
            if s.mod["dealt"][p]:
                emit(log, PUBLIC, "DEALT", SIDES[p], s.mod["dealt"][p])

    def _deal(self, s: RMState, log: list | None) -> None:
        """RM-5.2 .. RM-5.5 once the decks are known."""
        mods = s.config["modules"]
        if s.mod:
            self._show_dealt(s, log)
        for p in (0, 1):  # RM-5.2
            cards = s.mod["decks"][p] or deck_of(p, "L" in mods, mods)
            s.mod["decks"][p] = sorted(cards)
            cards = list(cards)
            s.deck_size[p] = len(cards)
            s.rng.shuffle(cards)
            s.pile[p] = cards
            emit(log, PUBLIC, "SHUF", SIDES[p])
            emit(log, NOBODY, "ORDER", SIDES[p], *cards[::-1])
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
            emit(log, PUBLIC, "SHUF", "M")
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
        return [state.sp[p] / state.limit[p] for p in (0, 1)]

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
        if s._legal is None and s.step == "MAIN" and not s.ret_pending and roll is None:
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
        if action.verb == "CONCEDE":  # RM-17.4: at any of his decision points
            state._picked = None
            if log is not None:
                log.append((PUBLIC, "ACT", str(action)))
            state.last["conceded_in"] = state.step  # a set-up left where it stood (RM-INV-1)
            self._game_over(state, 1 - who, "CONCEDED", log)
            self._settle(state, log)
            return
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

    def deck_menu(self, s: RMState, p: int) -> list[list[str]]:
        """A few legal X1 lists for an agent's menu: the default deck with the Poisoners
        in place of one or two whole names of four copies (RM-19.2)."""
        return [list(d) for d in _deck_menu(p, tuple(s.config["modules"]))]

    # ---------------------------------------------------------------- doing
    def _do(self, s: RMState, a: RMAction, log: list | None) -> None:
        s._legal = None
        v, arg = a.verb, a.arg
        me = "VA".index(a.side)
        if s.step == "MAIN" and v != "MOVE":
            s.main["moved"] = False  # RM-14.2: moves in a row are one move
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
        if v == "MULL":  # RM-5.6: both set aside in secret; then both draw, Viking first
            aside = [] if arg == "-" else arg.split(",")
            for c in aside:
                s.hand[me].remove(c)
            s.aside[me] = aside
            if me == 0:
                s.setup_seat = 1
                return
            for p in (0, 1):
                if s.mulled[p] < 0:  # (a Viking mulligan already made in an older save)
                    self._mulligan(s, p, log)
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
            emit(log, PUBLIC, "TOKENS", *toks)
            self._start_turn(s, 0, log)
            return
        if v == "RE":
            if arg != "-":
                self._arrange(s, me, arg)
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
            emit(log, PUBLIC, "HEALED", head, *rest.split(","))
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
                emit(log, PUBLIC, "TRADEROLL", dice_text(dice), sum(dice))
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
                forget(s, me, arg)
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
            x["dpend"][me] = (
                deck_of(me, False, s.config["modules"]) if arg == "-" else (arg.split(","))
            )
            if None in x["dpend"]:
                s.setup_seat = x["dpend"].index(None)
                return
            x["decks"], x["dpend"] = x["dpend"], [None, None]
            emit(log, PUBLIC, "DECKS", "built")
            for p in (0, 1):
                emit(log, PUBLIC if s.config.get("open_decklists") else p,
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
            emit(log, PUBLIC, "KINGS", *(f"{SIDES[p]}={x['kings'][p]}" for p in (0, 1)))
            self._deal_hands(s, log)
            return
        if v == "FLIP":  # RM-25.4
            cell, tw, ret = arg.split(" ")
            x["towers"][cell[:-1]][1] = 1
            s.tok[1]["gf".index(ret[1])] += 1
            emit(log, PUBLIC, "FLIP", cell, tw, ret)
            if not any(not w[1] for w in x["towers"].values()):
                toks, x["flip"] = x["flip"], None
                self._produce(s, 1, toks, log)
            return
        if v == "HIRE":  # RM-23.3
            h, rest = arg.split(" ")
            merc, cell = rest.split("@")
            s.hand[me].remove(h)
            forget(s, me, h)
            s.discard[me].append(h)
            x["lodge"].remove(merc)
            x["own"][merc] = me
            s.u[merc] = [0, 0, 0, ""]
            s.cells[cell] = merc
            s.main["hired"] = True
            emit(log, PUBLIC, "HIRED", SIDES[me], merc, cell)
            if "HIREDRAW" in keys(merc):
                self._draw(s, me, 1, log)
            return
        if v == "LAY":  # RM-24.3
            tr, cell = arg.split("@")
            s.gold[0] -= 1
            x["tdeck"].remove(tr)
            x["traps"][cell] = tr
            s.main["laid"] = True
            emit(log, PUBLIC, "TRAPLAID", cell)
            return
        if v == "BUILD":  # RM-25.3
            rest, tokc = arg.split(" ")
            tw, cell = rest.split("@")
            s.tok[1]["gf".index(tokc)] -= 1
            x["wdeck"].remove(tw)
            x["towers"][cell] = [tw, 0, TOWERS[tw]]
            s.main["built"] = True
            emit(log, PUBLIC, "TOWERLAID", cell, tokc)
            return
        if v == "FIELD":  # RM-22.2, RM-22.3
            cell = arg.split(" ")[0][1:]
            if 2 * s.sp[me] > s.limit[me]:
                s.gold[me] -= FIELD_COST[0]
                s.faith[me] -= FIELD_COST[1]
            if arg.endswith("SAC"):
                old = s.cells[cell]
                emit(log, PUBLIC, "SACRIFICED", cell)
                self._leave(s, old)
            ku = self.king_unit(s, me)
            s.u[ku] = [0, 0, 0, ""]
            s.cells[cell] = ku
            x["fielded"][me] = 1
            s.main["fielded"] = True
            emit(log, PUBLIC, "FIELDED", SIDES[me], ku, cell)
            self._falls(s, log)
            return
        if v == "RESTORE":  # RM-27.6 Edward B
            s.gold[me] -= 2
            s.sp[me] = min(s.limit[me], s.sp[me] + 2)
            s.main["restored"] = True
            emit(log, PUBLIC, "RESTORED", SIDES[me], s.sp[me])
            return
        raise AssertionError(a)

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
        emit(log, PUBLIC, "PROD", SIDES[p], f"+{g}g", f"+{f}f")
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


RULES = RunesOfMayhem()

# The computer-player hooks above call into ai.py, which imports this module: it is bound
# here, once, after RULES exists (an import inside each hook ran on every playout step).
from . import ai as _ai  # noqa: E402
