"""Stronghold rules engine: set-up (SH-4), the round state machine (SH-5), glory and
the winner (SH-20, SH-21), the 3- and 4-player variants as configuration (SH-22,
SH-23), behind the core contract.

The engine runs every step that needs no decision (draws, income, upkeep, the Assault's
automatic effects, end of round) and stops when a seat must decide.  ``s.stage`` is the
step of the round (``SETUP``, ``FLIP``, ``INCOME``, ``P1`` .. ``P6``, ``W1`` .. ``W6``,
``ASSAULT``, ``ENDROUND``, ``OVER``); ``s.pending`` describes the decision awaited.
Each step function is re-entrant: it returns True when its step is over and False when
it waits for a decision.

Engine readings where the spec leaves the mechanics of one decision open:

* SH-13.2.4: the moves of a mobilisation step are made one decision at a time (any
  number of units of one type along one link), and capacities hold after every such
  move; this forbids only a simultaneous exchange between two full nodes.
* SH-18.5.5 / SH-3.4.1: killed Invader units leave a section's normal spaces before its
  siege tower (the post-Assault step-down then has more room).
* SH-17.3: swaps are offered between neighbouring sections; a section-tower swap would
  exchange two archers (towers hold archers only) and change nothing.
* SH-18.2.1: every cannon fires; SH-18.2.7: a goblin may fire at a target without an
  archer (nothing happens), ``SNIPE -`` ends goblin fire.
* SH-9.5: an altar without a chosen target adds nothing that round.
* SH-22/23: decisions about a node are taken by the player of its side (the West one
  for the barbican forecourt and the fortress interior: hospital returns, archers of the
  interior); specters go to the ritual owner's gathering place; in 4 players the
  hourglass of secret orders goes to the Defender the Invader names (``SECRET DW``); the 4
  starting hourglasses are shared 2 + 2; with the starter option the East Invader takes
  the x-2 cards of Phases 2-5.
* SH-16.1.3: a paid-up action completes when a window opens; if it needs a target the
  Defender names it (``DO``) before spending.
"""

from __future__ import annotations

from game.core.contract import PUBLIC, BadConfig, IllegalAction, RulesBase, Term
from game.core.rng import Rng

from . import assault, defender, invader, observe
from .board import SECTIONS, SIDE_SECTIONS
from .common import SHAction, check_deeds, emit, take_glory
from .content import (
    DEF_START_HOURGLASSES,
    DRAW,
    DRAW_CHARGE,
    HONOUR_GUARD_ROUND,
    INCOME_RESOURCES,
    INV_TYPES,
    PHASE_DECKS,
    ROUNDS,
    RULES_VERSION,
    STARTER,
)
from .invariants import check_invariants
from .state import SEAT_NAMES, SHState
from .verbs import DECISIONS, VERBS, parse_action, play, read_action, rule_of

_CONFIG_KEYS = {"players", "starter"}
_ROUND = ("FLIP", "INCOME", "P1", "W1", "P2", "W2", "P3", "W3", "P4", "W4", "P5", "W5",
          "P6", "W6", "ASSAULT", "ENDROUND")  # fmt: skip
_NEXT = {a: b for a, b in zip(_ROUND, _ROUND[1:], strict=False)}
_NEXT["SETUP"] = "FLIP"


def normalize_config(config: dict) -> dict:
    """Validate a line-up (SH-1.1) and fill defaults; BadConfig if it is not legal."""
    if not isinstance(config, dict):
        raise BadConfig("the game configuration must be a mapping")
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise BadConfig(f"unknown Stronghold option(s): {', '.join(sorted(unknown))}")
    players = config.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise BadConfig("Stronghold takes 2 to 4 players (SH-1.1)")
    starter = config.get("starter", False)
    if not isinstance(starter, bool):
        raise BadConfig("starter must be true or false (SH-15.6)")
    return {"players": players, "starter": starter}


_drawn = read_action.vouch  # random_action's draw, not read again by apply


class Stronghold(RulesBase):
    """The Stronghold rules (SH-1 .. SH-23) behind the core contract."""

    name = "stronghold"
    title = "Stronghold"
    min_seats = 2
    max_seats = 4
    #: search efforts: iterations per plan decision (ai.plan_choice: a side makes 15-40
    #: single decisions a round but only 5-10 plan decisions; the steps of a chosen plan
    #: need no search); playouts stop ``rollout_depth`` decisions after the plan and the
    #: heuristic values the position there (a full game is 500+ decisions).  Hard takes
    #: about 0.7 s of CPU a plan decision (p95 under 1 s) on one core.
    rules_version = RULES_VERSION  # game.core.record: a save names it
    ai_levels = {
        "easy": {"iterations": 30, "rollout_depth": 10, "trees": 1},
        "medium": {"iterations": 80, "rollout_depth": 20, "trees": 1},
        "hard": {"iterations": 200, "rollout_depth": 30, "trees": 1},
    }

    # ---------------------------------------------------------------- set-up
    def default_config(self, seats: int) -> dict:
        return normalize_config({"players": seats})

    def new_game(self, config: dict, seed: int, log: list | None = None) -> SHState:
        cfg = normalize_config(config)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadConfig("the seed must be an integer")
        s = SHState(cfg, seed)
        players = cfg["players"]
        if players == 2 or players == 3:  # SH-4.4
            s.hourglasses[0] = DEF_START_HOURGLASSES
        else:  # [engine] 4 players: the 4 starting hourglasses are shared 2 + 2
            s.hourglasses = [DEF_START_HOURGLASSES // 2] * 2
        green = players > 2
        for i in range(s.n_inv):
            s.cards[i] = {"1": "1G" if green else "1", "6": "6"}
        s.stage = "SETUP"
        s.pending = {}
        emit(log, PUBLIC, "SETUP", players)
        self._run(s, log)
        return s

    def seat_names(self, state: SHState) -> list[str]:
        return list(SEAT_NAMES[state.n_players])

    # ---------------------------------------------------------------- contract
    def to_act(self, state: SHState) -> int | None:
        if state.stage == "OVER":
            return None
        return self._seat(state)

    def is_over(self, state: SHState) -> bool:
        return state.stage == "OVER"

    def clone(self, state: SHState) -> SHState:
        return state.clone()

    def to_json(self, state: SHState) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> SHState:
        return SHState.from_json(data)

    def parse_action(self, text: str) -> SHAction:
        return parse_action(text)

    def observation(self, state: SHState, seat: int) -> observe.Observation:
        return observe.observation(state, seat)

    def open_observation(self, state: SHState) -> observe.Observation:
        seat = self.to_act(state)
        return observe.observation(state, 0 if seat is None else seat, everything=True)

    def determinize(self, obs: observe.Observation, rng: Rng) -> SHState:
        return observe.determinize(obs, rng)

    def check_invariants(self, state: SHState) -> list[str]:
        return check_invariants(state)

    def heuristic(self, state: SHState, seat: int) -> float:
        return _ai.heuristic(state, seat)

    def heuristic_terms(self, state: SHState, seat: int) -> dict[Term, float]:
        return _ai.heuristic_terms(state, seat)

    def playout_action(self, state: SHState, rng: Rng) -> SHAction:
        return _ai.policy_action(state, rng)

    def greedy_action(self, state: SHState, legal: list[SHAction], rng: Rng) -> SHAction:
        """The greedy level: the best-rated action (ai.score), no random share.  A
        one-ply look-ahead on the heuristic never builds, equips or mobilises: what a
        machine or a march is worth shows only rounds later."""
        action = _ai.policy_action(state, rng, epsilon=0.0)
        return legal[legal.index(action)]

    def plan_choice(
        self, obs: observe.Observation, legal: list[SHAction], agent
    ) -> SHAction | None:
        """The search over whole plans (a mobilisation step, a phase's purchases, a
        window's hourglasses, a volley) instead of single steps: see ai.plan_choice."""
        return _ai.plan_choice(obs, legal, agent)

    def search_actions(self, state: SHState, legal: list[SHAction]) -> list[SHAction]:
        return _ai.search_actions(state, legal)

    def describe_event(self, event: tuple) -> str:
        return " ".join(str(x) for x in event[1:])

    def scores(self, state: SHState) -> list[float]:
        """SH-21: each seat's team glory."""
        inv, dfn = state.glory
        return [float(inv)] * state.n_inv + [float(dfn)] * state.n_def

    def winners(self, state: SHState) -> list[int]:
        """SH-21.5: the seats of the winning team once the game is over."""
        if state.stage != "OVER" or state.winner is None:
            return []
        if state.winner == "I":
            return list(range(state.n_inv))
        return list(range(state.n_inv, state.n_inv + state.n_def))

    # ---------------------------------------------------------------- decisions
    def _seat(self, s: SHState) -> int:
        p = s.pending
        d = p["kind"]
        if d in ("FLIP", "PHASE", "CARD"):
            return p["who"]
        if d == "WINDOW":
            if p.get("alarm"):
                return s.n_inv + p["alarm_defender"]
            if p.get("to_complete"):
                return s.n_inv + s.payer.get(p["to_complete"][0], 0)
            return s.n_inv + p["who"]
        return p["seat"]

    def legal_actions(self, s: SHState) -> list[SHAction]:
        return self._cached_legal(s)[:]  # a copy: the kept list must not be changed

    def _cached_legal(self, s: SHState) -> list[SHAction]:
        # kept on the state (``_legal``, reset by apply, a copy and a load) so that
        # apply's check does not list random_action's options again: listed afresh on
        # every ask instead, random playouts take 61 % more CPU time (150 playouts, five
        # pairs alternated, medians 1.800 s against 1.115 s)
        cached = s._legal
        if cached is None:
            s._legal = cached = self._legal_actions(s)
        return cached

    def _legal_actions(self, s: SHState) -> list[SHAction]:
        """The options of the decision awaited (verbs.DECISIONS)."""
        if s.stage == "OVER":
            return []
        seat = self._seat(s)
        return DECISIONS[s.pending["kind"]].options(s, seat, SEAT_NAMES[s.n_players][seat])

    def random_action(self, state: SHState, rng: Rng) -> SHAction:
        return _drawn(rng.choice(self._cached_legal(state)))

    def apply(self, state: SHState, action: SHAction | str, log: list | None = None) -> None:
        action = read_action(action, state._legal or ())  # BadNotation as for its text
        s = state
        if s.stage == "OVER":
            raise IllegalAction("the game is over", "SH-21.5")
        seat = self._seat(s)
        who = SEAT_NAMES[s.n_players][seat]
        if action.who != who:
            raise IllegalAction(f"it is {who}'s decision, not {action.who}'s", "SH-5.1")
        if action not in self._cached_legal(s):
            rule = rule_of(s.pending["kind"], action)
            raise IllegalAction(f"{action} is not allowed now", rule)
        s.moves = []
        s._legal = None
        self._do(s, seat, action, log)
        check_deeds(s, log)  # SH-18.1.2: after every change (the Assault: every step)
        self._run(s, log)
        check_deeds(s, log)  # e.g. a Troll Call before a decision in the same step

    def _do(self, s: SHState, seat: int, a: SHAction, log: list | None) -> None:
        """Play an action (its verb's effect, verbs.py), then what the decision it
        answers does after it."""
        p = s.pending
        d = p["kind"]
        if d == "PHASE":
            self._phase_action(s, seat, a, log)
        elif d == "WINDOW":
            dd = seat - s.n_inv
            alarm = p.get("alarm")
            busy = alarm or p.get("to_complete")
            play(s, dd, a, log)
            ended = alarm and not p.get("alarm") and not p.get("to_complete")  # the Alarm's moves
            if (not busy or ended) and s.n_def == 2 and s.hourglasses[1 - dd] > 0 \
                    and not p.get("alarm"):  # fmt: skip
                p["who"] = 1 - dd  # SH-23.6 alternate single purchases (with their moves)
        else:
            play(s, seat, a, log)
            if d == "FLIP":
                p["who"] += 1  # the next Invader flips or not (SH-14.1)
            elif d not in ("CARD", "STONE"):
                s.pending = {}  # an Assault decision: the Assault goes on

    def _phase_action(self, s: SHState, i: int, a: SHAction, log: list | None) -> None:
        """SH-5.3 / SH-22.5: one Invader action; passes end the (part of the) phase, any
        other action outside a mobilisation hands the turn to the ally."""
        play(s, i, a, log)
        if VERBS[a.verb].ends or s.mobilisation is not None:
            return
        s.passes = 0
        if s.n_inv == 2:
            s.pending["who"] = 1 - i

    # ---------------------------------------------------------------- the machine
    def _run(self, s: SHState, log: list | None) -> None:
        while s.stage != "OVER":
            if not self._step(s, log):
                return
            s.stage = "FLIP" if s.stage == "ENDROUND" else _NEXT[s.stage]
            s.pending = {}

    def _step(self, s: SHState, log: list | None) -> bool:
        st = s.stage
        if st[0] == "P":
            return self._phase(s, int(st[1]), log)
        if st[0] == "W":
            return self._window(s, int(st[1]), log)
        if st == "SETUP":
            return self._setup_cards(s, log)
        if st == "FLIP":
            return self._flip(s, log)
        if st == "INCOME":
            return self._income(s, log)
        if st == "ASSAULT":
            return self._assault(s, log)
        if st == "ENDROUND":
            self._end_round(s, log)
            return s.stage != "OVER"
        raise AssertionError(f"unknown stage {st}")

    def _setup_cards(self, s: SHState, log: list | None) -> bool:
        """SH-4.3 / SH-22.3: the phase cards of Phases 2-5."""
        p = s.pending
        if s.config["starter"]:  # SH-15.6; [engine] the East Invader takes the x-2 cards
            for i in range(s.n_inv):
                for phase, card in STARTER.items():
                    s.cards[i][str(phase)] = card if i == 0 else f"{phase}-2"
            return True
        while True:
            if not p:
                p.update(phase=2, who=0, picked=0, offer=self._offer(s, 2, log))
            if p["picked"] >= s.n_inv:
                if p["phase"] == 5:
                    return True
                nxt = p["phase"] + 1
                p.clear()
                p.update(phase=nxt, who=0, picked=0, offer=self._offer(s, nxt, log))
            p["kind"] = "CARD"
            p["who"] = p["picked"]
            return False

    def _offer(self, s: SHState, phase: int, log: list | None) -> list[str]:
        deck = list(PHASE_DECKS[phase])
        s.rng.shuffle(deck)
        offer = sorted(deck[: 2 if s.n_inv == 1 else 3])
        emit(log, PUBLIC, "OFFER", phase, " ".join(offer))
        return offer

    def _flip(self, s: SHState, log: list | None) -> bool:
        """SH-5.1 step 0 / SH-14.1: each Invader may flip one card."""
        p = s.pending
        if not p:
            s.round += 1
            s.flow = []
            emit(log, PUBLIC, "ROUND", s.round)
            p.update(kind="FLIP", who=0)
        while p["who"] < s.n_inv:
            if len(s.flipped[p["who"]]) < 5:
                return False
            p["who"] += 1
        return True

    def _income(self, s: SHState, log: list | None) -> bool:
        """SH-8.4 / SH-22.4 / SH-23.3: hourglasses and one stone element."""
        p = s.pending
        if not p:
            for d in range(s.n_def):
                s.hourglasses[d] += 2 if s.n_def == 1 else 1
            p["kind"] = "STONE"
            if not s.stone_supply or all(sum(s.walls[x]) >= 5 for x in SECTIONS):
                emit(log, PUBLIC, "STONE-LOST")
                return True
            p["seat"] = s.n_inv + self._stone_chooser(s)
        return bool(p.get("done"))

    @staticmethod
    def _stone_chooser(s: SHState) -> int:
        """SH-23.3: the Defender whose side has fewer wall elements (West on a tie)."""
        if s.n_def == 1:
            return 0
        west = sum(sum(s.walls[x]) for x in SIDE_SECTIONS["W"])
        east = sum(sum(s.walls[x]) for x in SIDE_SECTIONS["E"])
        return 1 if east < west else 0

    def _phase(self, s: SHState, phase: int, log: list | None) -> bool:
        p = s.pending
        if not p:
            s.flow.append([s.stage, sum(s.hourglasses)])
            emit(log, PUBLIC, "PHASE", phase)
            if phase == 1:
                self._supply(s, log)
            elif phase == 6:
                for i in range(s.n_inv):  # SH-13.1 item 1
                    av = s.available[i]
                    for t in range(3):
                        s.camp[i][t] += av[t]
                        av[t] = 0
            p.update(kind="PHASE", who=0)
            if phase == 6:
                p["step"] = "MOVE"
            s.passes = 0
        if not p.get("done"):
            return False
        for t in range(3):  # SH-7.4 (D-12): spent units go to the supply
            s.supply[t] += s.spent[t]
            s.spent[t] = 0
        if phase == 6:  # SH-13.5 / SH-22.6 camp upkeep
            from .common import credit
            from .content import camp_upkeep

            for i in range(s.n_inv):
                n = sum(s.camp[i])
                credit(s, i, camp_upkeep(n, green=s.n_inv == 2), log)
        return True

    def _supply(self, s: SHState, log: list | None) -> None:
        """SH-8.1 / SH-8.2 / SH-22.7 / SH-8.5: draws and base income."""
        wants = [(DRAW_CHARGE if 1 in s.flipped[i] else DRAW)[s.n_players] for i in range(s.n_inv)]
        bag = s.bag
        if sum(bag) >= sum(wants):
            order = [i for i in range(s.n_inv) for _ in range(wants[i])]
        else:  # alternate one unit at a time, West first
            order = []
            left = wants[:]
            while sum(left):
                for i in range(s.n_inv):
                    if left[i]:
                        order.append(i)
                        left[i] -= 1
        for i in order:
            total = bag[0] + bag[1] + bag[2]
            if not total:
                break
            r = s.rng.below(total)
            t = 0 if r < bag[0] else (1 if r < bag[0] + bag[1] else 2)
            bag[t] -= 1
            s.available[i][t] += 1
        for i in range(s.n_inv):
            emit(
                log,
                PUBLIC,
                "DRAW",
                i,
                "".join(f"{n}{INV_TYPES[t]}" for t, n in enumerate(s.available[i]) if n) or "-",
            )
        takers = [i for i in range(s.n_inv) if 1 not in s.flipped[i]]  # Charge! (SH-14.1)
        if len(takers) == 2 and s.resource_supply < 2 * INCOME_RESOURCES:
            half = s.resource_supply // 2
            shares = [s.resource_supply - half, half]  # West takes the odd cube
        else:
            shares = [INCOME_RESOURCES] * s.n_inv
        for i in takers:
            invader.gain_resources(s, i, shares[i])

    def _window(self, s: SHState, k: int, log: list | None) -> bool:
        """SH-6: the Defender spends every hourglass he holds."""
        p = s.pending
        if not p:
            s.window = k
            p.update(kind="WINDOW", who=0, to_complete=[], alarm=0)
            for code in defender.paid_up(s):  # SH-16.1.3 completion at window start
                d = s.payer.get(code, 0)
                tg = defender.targets(s, code, d)
                if tg == ["-"] and code != "WT2":
                    defender.complete(s, code, "-", d, log)
                elif tg:
                    p["to_complete"].append(code)
        while True:
            if p["alarm"]:
                return False
            if p["to_complete"]:
                code = p["to_complete"][0]
                if defender.targets(s, code, s.payer.get(code, 0)):
                    return False
                p["to_complete"].pop(0)
                continue
            holders = [d for d in range(s.n_def) if s.hourglasses[d] > 0]
            if not holders:
                s.window = 0
                return True
            if p["who"] not in holders:
                p["who"] = holders[0]
            if defender.can_spend(s, p["who"]):
                return False
            emit(log, PUBLIC, "STUCK", p["who"], s.hourglasses[p["who"]])  # SH-6.5
            s.hourglasses[p["who"]] = 0

    def _assault(self, s: SHState, log: list | None) -> bool:
        if not s.assault:
            s.flow.append(["ASSAULT", sum(s.hourglasses)])
            assault.start(s, log)
        while True:
            if not assault.run(s, log):
                return False
            if s.tiebreak:  # SH-21.6
                if s.tiebreak_breach:
                    take_glory(s, 0, 1, log, "tie-break")
                    self._end_game(s, "I", "tie-break breach", log)
                else:
                    take_glory(s, 1, 1, log, "tie-break")
                    self._end_game(s, "D", "tie-break held", log)
                return False
            if not s.assault["breach"]:
                s.assault = {}
                return True
            inv, dfn = s.glory
            if inv != dfn:  # SH-21.5
                self._end_game(s, "I" if inv > dfn else "D", "breach", log)
                return False
            s.tiebreak = 1
            assault.start(s, log)

    def _end_game(self, s: SHState, winner: str, reason: str, log: list | None) -> None:
        s.winner = winner
        s.over_reason = reason
        s.stage = "OVER"
        s.pending = {"kind": "OVER"}
        emit(log, PUBLIC, "END", winner, reason, s.glory[0], s.glory[1])

    def _end_round(self, s: SHState, log: list | None) -> None:
        """SH-20: clean-up, passage of time, Honour Guard, round 10."""
        s.rituals = []
        s.glow = None
        s.orders = {}
        s.order_owner = {}
        s.precise = []
        s.blessing = None
        s.sabotaged = []
        s.altar_target = {}
        s.haste = 1 if s.n_def == 2 else 0
        s.rebuy = []
        s.used = [[] for _ in range(s.n_inv)]
        s.secret = [0] * s.n_inv
        s.produced = [0] * s.n_inv
        s.ropes_used = []
        for code, n in s.done.items():  # SH-20.2
            if n:
                s.paid[code] = 0
                s.payer.pop(code, None)
                s.done[code] = 0
        s.speech = 0
        s.strike = 0
        s.beds = 0
        if s.glory[0] > 0:  # SH-20.3: one tile moves from the Invader to the Defender
            s.glory[0] -= 1
            s.glory[1] += 1
        else:  # no tile left on the Invader's area: the Defender takes one from the supply
            take_glory(s, 1, 1, log, "time")
        if s.round >= HONOUR_GUARD_ROUND and s.honour_guard_intact:  # SH-20.4
            take_glory(s, 1, 1, log, "honour guard")
        emit(log, PUBLIC, "ROUND-END", s.round, s.glory[0], s.glory[1])
        if s.round >= ROUNDS:  # SH-20.5
            self._end_game(s, "D", "round 10", log)


RULES = Stronghold()

# The computer-player hooks above call into ai.py, which imports this module: it is bound
# here, once, after RULES exists (an import inside each hook ran on every playout step).
from . import ai as _ai  # noqa: E402
