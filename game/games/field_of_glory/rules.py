"""Field of Glory: The Card Game rules engine (FG-1 .. FG-23) behind the core contract.

The engine runs every step that needs no decision (terrain, shuffles, deals, the Check,
control changes of the Advance, the flank snapshot, reveals, strengths, outcomes, routs,
draws, the end checks) and stops when a seat must decide (FG-20.3).  A decision with a
single legal option is taken by the engine and logged as ``AUTO`` (FG-20.5: "steps
without a choice are applied automatically and logged"); so are D4 without an eligible
unit (``RETREAT -``), D5 and D12 with one unit, D10 without a playable Envelopment.

Events are tuples ``(visibility, KIND, *args)``: ``PUBLIC``, a seat (0 Red, 1 Blue) for
what only that side sees (its draft groups, draws, own bonus card), or ``NOBODY`` (-2)
for the order of a shuffled pile, logged for replays only (FG-0.6, FG-20.1).

Engine readings where the spec leaves the mechanics open:

* FG-4.3 (simultaneous draft): Red makes its 12 ``KEEP`` choices, then Blue; neither
  sees the other's groups, so the order changes nothing (FG-20.3 D1 allows it).  Both
  48-card shuffles are made at set-up, before any choice, in the order of FG-0.6.
* FG-8.4: every column of the Advance changes control first, then the ``ADVDROP``
  decisions are asked in column order.
* FG-9 / FG-INV-9: after a flank attack launched from a side column L != T that the
  defender wins or ties, the attacker's units in T (not involved, FG-9.8) stay, so both
  sides may still have units in T (FG-EX-12 (b)).  The invariant is checked as "the
  loser (both sides in a tie) has no participating unit left".
* FG-20.3 D4: a subset of eligible units is one action (``RETREAT a b``), so at most
  4 options; ``RETREAT -`` is the empty subset.
* FG-20.3 D7: every clear set that leaves the column legal (FG-11.4) is offered,
  including clearing units the placement did not need to clear (FG-11.5).
* FG-20.3 D1: ``KEEP`` names the two kept cards in canonical order; either written order
  parses to the same action.
* FG-19.3 scores: ``scores`` gives each seat its terrain cards controlled plus a
  hundredth of its victory-pile VP, so the order of the scores is the order of FG-19.3
  (an instant winner holds 3 or more terrain cards, FG-7).
* FG-23.1 solo play is a line-up (a computer seat), not a switch.
"""

from __future__ import annotations

from game.core.contract import PUBLIC, BadConfig, IllegalAction, RulesBase, Term
from game.core.rng import Rng

from . import observe
from .content import (
    COLUMNS,
    CP,
    CTYPE,
    CV,
    HAND_LIMIT,
    HILL_DEFENDER,
    OTHER_PREFERENCE,
    PLAIN_PREFERENCE,
    SIDES,
    TERRAIN_IDS,
    TERRAIN_MOD,
    VP,
    deck_of,
    is_difficult,
    special_mod,
)
from .invariants import check_invariants
from .state import ASIDE, FIRST, NEXT_SHUFFLE, OVER, FGState, envelopment_count
from .state import emit as _emit
from .verbs import DECISIONS, VERBS, FGAction, parse_action, read_action

NOBODY = -2  # visibility of events no seat may read (pile orders, unused terrain)
_CONFIG_KEYS = {"players", "historical", "short", "open_hands"}
OPENING_HAND = 9  # FG-4.4


def normalize_config(config: dict) -> dict:
    """Validate the switches (FG-1.2 two players, FG-23 variants); BadConfig if wrong."""
    if not isinstance(config, dict):
        raise BadConfig("the game configuration must be a mapping")
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise BadConfig(f"unknown Field of Glory option(s): {', '.join(sorted(unknown))}")
    players = config.get("players", 2)
    if players != 2 or isinstance(players, bool):
        raise BadConfig("Field of Glory is for exactly 2 players (FG-1.2)")
    out = {"players": 2}
    for key in ("historical", "short", "open_hands"):
        value = config.get(key, False)
        if not isinstance(value, bool):
            raise BadConfig(f"{key} must be true or false (FG-23)")
        out[key] = value
    return out


def place_terrain(draws: list[str]) -> list[str]:
    """FG-4.1: the 5 drawn terrain cards, in draw order, to their columns."""
    cols: list[str | None] = [None] * 5
    for t in draws:
        prefs = PLAIN_PREFERENCE if t.startswith("PLN") else OTHER_PREFERENCE
        for c in prefs:
            if cols[c] is None:
                cols[c] = t
                break
    return cols  # type: ignore[return-value]


def lead_addends(
    lead: str,
    partner: str | None,
    enemy: str,
    terrain: str,
    attacker: bool,
    flank: bool,
    bonus_cp: int,
    env: int,
) -> dict:
    """FG-13.1: the addends of one side's strength.  ``partner`` is the other
    participating unit of the side (None without support), ``enemy`` the enemy lead."""
    code = CTYPE[lead]
    kind = terrain[:3]
    ter = TERRAIN_MOD[kind].get(code, 0)
    if kind == "HIL" and not attacker:
        ter += HILL_DEFENDER  # FG-14.4
    spec = special_mod(
        code,
        CTYPE[enemy],
        CTYPE[partner] if partner else None,
        is_difficult(terrain),
        attacker and flank,
    )
    return {
        "cv": CV[lead],
        "bonus": bonus_cp,
        "support": 1 if partner else 0,
        "terrain": ter,
        "special": spec,
        "flank": 2 if attacker and flank else 0,
        "env": env if attacker and not flank else 0,
    }


def flank_pairs(s: FGState, side: int) -> list[list[int]]:
    """FG-9.1: every flank pair [T, F] of ``side``, in column order."""
    own, foe = s.units[side], s.units[1 - side]
    pairs = []
    for t in range(5):
        if not (own[t] and foe[t]):
            continue
        for f in (t - 1, t + 1):
            if not 0 <= f <= 4 or not own[f] or foe[f]:
                continue
            away = 2 * f - t
            if 0 <= away <= 4 and foe[away]:
                continue
            pairs.append([t, f])
    return pairs


_drawn = read_action.vouch  # random_action's draw, not read again by apply
#: each decision's option makers and each verb's effect, looked up once per step
_OPTIONS = {step: tuple(VERBS[v].options for v in d.verbs) for step, d in DECISIONS.items()}
_EFFECTS = {name: verb.effect for name, verb in VERBS.items()}


class FieldOfGlory(RulesBase):
    """The Field of Glory rules (FG-1 .. FG-23) behind the core contract."""

    name = "field-of-glory"
    title = "Field of Glory: The Card Game"
    min_seats = 2
    max_seats = 2
    #: efforts (iterations per decision): hard decides in under a second of CPU time (p95)
    #: on one core, medium in about a quarter of it
    ai_levels = {
        "easy": {"iterations": 20, "rollout_depth": 40},
        "medium": {"iterations": 80, "rollout_depth": 60},
        "hard": {"iterations": 320, "rollout_depth": 80},
    }

    # ---------------------------------------------------------------- set-up
    def default_config(self, seats: int) -> dict:
        return normalize_config({"players": seats})

    def new_game(self, config: dict, seed: int, log: list | None = None) -> FGState:
        cfg = normalize_config(config)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadConfig("the seed must be an integer")
        s = FGState(cfg, seed)
        rng = s.rng
        order = list(TERRAIN_IDS)
        rng.shuffle(order)  # FG-0.6 (1) terrain
        draws = order[::-1][:5]  # the top card is the end of the list
        s.terrain = place_terrain(draws)
        s.hidden_terrain = order[:4]
        _emit(log, NOBODY, "ORDER", "terrain", *order[::-1])
        for c, t in enumerate(s.terrain):
            _emit(log, PUBLIC, "TERRAIN", COLUMNS[c], t)
        for side in (0, 1):  # FG-0.6 (2), (3): the 48-card shuffles
            cards = list(deck_of(side, cfg["historical"]))
            rng.shuffle(cards)
            s.pile[side] = cards
            _emit(log, PUBLIC, "SHUFFLE", SIDES[side], "draft", 48)
            _emit(log, NOBODY, "ORDER", SIDES[side], *cards[::-1])
        s.step = "KEEP"
        s.drafter = 0
        self._deal_group(s, log)
        self._settle(s, log)
        return s

    def seat_names(self, state: FGState) -> list[str]:
        return list(SIDES)

    # ---------------------------------------------------------------- contract
    def to_act(self, state: FGState) -> int | None:
        return state.decider()

    def is_over(self, state: FGState) -> bool:
        return state.step == OVER

    def clone(self, state: FGState) -> FGState:
        return state.clone()

    def to_json(self, state: FGState) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> FGState:
        return FGState.from_json(data)

    def parse_action(self, text: str) -> FGAction:
        return parse_action(text)

    def observation(self, state: FGState, seat: int) -> dict:
        return observe.observation(state, seat)

    def open_observation(self, state: FGState) -> dict:
        seat = self.to_act(state)
        return observe.observation(state, 0 if seat is None else seat, everything=True)

    def determinize(self, obs: dict, rng: Rng) -> FGState:
        return observe.determinize(obs, rng)

    def check_invariants(self, state: FGState) -> list[str]:
        return check_invariants(state, self)

    def heuristic(self, state: FGState, seat: int) -> float:
        return _ai.heuristic(state, seat)

    def heuristic_terms(self, state: FGState, seat: int) -> dict[Term, float]:
        return _ai.heuristic_terms(state, seat)

    def playout_action(self, state: FGState, rng: Rng) -> FGAction:
        return _ai.policy_action(state, rng, _ai.PLAYOUT_EPSILON)

    def greedy_action(self, state: FGState, legal: list[FGAction], rng: Rng) -> FGAction:
        """The greedy level: the FG-24.2 rule of each decision, no random share."""
        action = _ai.policy_action(state, rng, 0.0)
        return legal[legal.index(action)] if action in legal else rng.choice(legal)

    def search_actions(self, state: FGState, legal: list[FGAction]) -> list[FGAction]:
        return _ai.search_actions(state, legal)

    def describe_event(self, event: tuple) -> str:
        return " ".join(str(x) for x in event[1:])

    def scores(self, state: FGState) -> list[float]:
        """FG-19.3 order: terrain cards controlled, then victory-pile VP / 100."""
        return [
            float(state.control.count(SIDES[p])) + self.vp_total(state, p) / 100 for p in (0, 1)
        ]

    @staticmethod
    def vp_total(state: FGState, side: int) -> int:
        """FG-INV-16: the VP of the cards in ``side``'s victory pile."""
        return sum(VP[c] for c in state.vp[side])

    def winners(self, state: FGState) -> list[int]:
        if state.step != OVER or state.winner is None:
            return []
        return [state.winner]

    def legal_actions(self, state: FGState) -> list[FGAction]:
        return self._cached(state)[:]

    def random_action(self, state: FGState, rng: Rng) -> FGAction:
        legal = self._cached(state)
        return _drawn(legal[rng.below(len(legal))])

    def apply(self, state: FGState, action: FGAction | str, log: list | None = None) -> None:
        action = read_action(action, state._legal or ())  # BadNotation as for its text
        if action not in self._cached(state):
            raise IllegalAction(*self._why_illegal(state, action))
        if log is not None:  # (the text is made only for a log)
            log.append((self._visibility(state, action), "ACT", str(action)))
        self._do(state, action, log)
        self._settle(state, log)

    # ---------------------------------------------------------------- legal actions
    # The legal actions are kept on the state (``_legal``, set anew by ``_settle`` after
    # every action, None in a fresh or loaded state) so that random_action and apply's
    # check do not list them again: listed afresh on every ask instead, random playouts
    # take 71 % more CPU time and apply 43 % more (1,000 playouts, five pairs
    # alternated, medians 1.161 s against 0.677 s)
    def _cached(self, s: FGState) -> list[FGAction]:
        legal = s._legal
        if legal is None:
            s._legal = legal = self._legal(s)
        return legal

    def _settle(self, s: FGState, log: list | None) -> None:
        """Take every decision that has a single option (FG-20.5), then stop."""
        while s.step != OVER:
            legal = self._legal(s)
            if len(legal) != 1:
                s._legal = legal
                return
            if log is not None:
                log.append((self._visibility(s, legal[0]), "AUTO", str(legal[0])))
            self._do(s, legal[0], log)
        s._legal = []

    @staticmethod
    def _visibility(s: FGState, a: FGAction) -> int:
        """The draft and a bonus card from hand are seen by their owner only (FG-20.1)."""
        return SIDES.index(a.side) if VERBS[a.verb].private(a.args) else PUBLIC

    def _legal(self, s: FGState) -> list[FGAction]:
        """The options of the verbs the decision awaited accepts (verbs.DECISIONS)."""
        step = s.step
        if step == OVER:
            return []
        me = s.decider()
        side = SIDES[me]
        out: list[FGAction] = []
        for options in _OPTIONS[step]:
            options(s, me, side, out)
        return out

    # ---------------------------------------------------------------- errors
    def _why_illegal(self, s: FGState, a: FGAction) -> tuple[str, str | None]:
        if s.step == OVER:
            return "the game is over", "FG-19"
        me = s.decider()
        if a.side != SIDES[me]:
            return f"it is {SIDES[me]}'s decision, not {a.side}'s", "FG-6.4"
        decision = DECISIONS[s.step]
        verb, rule = VERBS[a.verb], decision.rule
        if a.verb not in decision.verbs:
            return f"{a.verb} is not allowed now (awaiting {s.step})", verb.rule
        if verb.why is not None:
            rule = verb.why(s, me, a.args)
        return f"{a} is not allowed now", rule

    # ---------------------------------------------------------------- cards
    def _draw1(self, s: FGState, side: int, log: list | None) -> str | None:
        """FG-5.3 DRAW1: the top card, after a reshuffle event if the pile is empty."""
        pile = s.pile[side]
        if not pile:
            if s.shuf[side] == ASIDE:
                _emit(log, PUBLIC, "FAILED", SIDES[side])
                return None
            self._reshuffle(s, side, log)
            pile = s.pile[side]
            if not pile:
                _emit(log, PUBLIC, "FAILED", SIDES[side])
                return None
        return pile.pop()

    def _reshuffle(self, s: FGState, side: int, log: list | None) -> None:
        """FG-5.4: the shuffle card advances; the discard pile becomes the draw pile."""
        s.shuf[side] = NEXT_SHUFFLE[s.shuf[side]]
        s.reshuffles[side] += 1
        cards = s.discard[side]
        s.discard[side] = []
        s.rng.shuffle(cards)
        s.pile[side] = cards
        _emit(log, PUBLIC, "RESHUFFLE", SIDES[side], s.shuf[side], len(cards))
        _emit(log, NOBODY, "ORDER", SIDES[side], *cards[::-1])

    def _draw_into_hand(self, s: FGState, side: int, n: int, log: list | None) -> int:
        """FG-5.5: up to ``n`` cards; the first failed draw cancels the rest."""
        got = 0
        for _ in range(n):
            card = self._draw1(s, side, log)
            if card is None:
                break
            s.hand[side].append(card)
            got += 1
            _emit(log, side, "DRAW", SIDES[side], card)
        _emit(log, PUBLIC, "DRAWN", SIDES[side], got)
        return got

    @staticmethod
    def _discard(s: FGState, side: int, card: str, log: list | None, why: str) -> None:
        s.discard[side].append(card)
        _emit(log, PUBLIC, "DISCARD", SIDES[side], card, why)

    def _set_control(self, s: FGState, col: int, new: str, log: list | None) -> None:
        old = s.control[col]
        if old != new:
            s.control[col] = new
            _emit(log, PUBLIC, "CONTROL", COLUMNS[col], old, new)

    # ---------------------------------------------------------------- draft
    def _deal_group(self, s: FGState, log: list | None) -> None:
        """FG-4.3 (3): the top 4 cards of the drafter's pile."""
        side = s.drafter
        pile = s.pile[side]
        group = [pile.pop() for _ in range(4)]
        s.group[side] = group
        _emit(log, side, "GROUP", SIDES[side], *group)

    def _opening(self, s: FGState, log: list | None) -> None:
        """FG-4.4, FG-4.5: shuffle the kept cards, shuffle card FIRST, 9 cards each."""
        for side in (0, 1):
            cards = s.kept[side]
            s.kept[side] = []
            s.rng.shuffle(cards)
            s.pile[side] = cards
            s.shuf[side] = FIRST
            _emit(log, PUBLIC, "SHUFFLE", SIDES[side], "kept", len(cards))
            _emit(log, NOBODY, "ORDER", SIDES[side], *cards[::-1])
        for side in (0, 1):
            for _ in range(OPENING_HAND):
                card = s.pile[side].pop()
                s.hand[side].append(card)
                _emit(log, side, "DRAW", SIDES[side], card)
            _emit(log, PUBLIC, "DRAWN", SIDES[side], OPENING_HAND)
        s.first = s.rng.below(2)  # FG-0.6 (6)
        _emit(log, PUBLIC, "FIRST", SIDES[s.first])
        s.active = 1 - s.first
        self._start_turn(s, log)

    # ---------------------------------------------------------------- turn
    def _start_turn(self, s: FGState, log: list | None) -> None:
        """FG-6: a new turn for the other player: P1 Check, P2 Advance, then P3."""
        s.turn += 1
        s.active = me = 1 - s.active
        _emit(log, PUBLIC, "TURN", s.turn, SIDES[me])
        # P1 Check (FG-7)
        if s.control.count(SIDES[me]) >= 3:
            self._game_over(s, me, "CHECK", log)
            return
        # P2 Advance (FG-8)
        own, foe = s.units[me], s.units[1 - me]
        s.advance = []
        for c in range(5):
            if own[c] and not foe[c]:
                self._set_control(s, c, SIDES[me], log)  # FG-8.1
                if len(own[c]) == 2:
                    s.advance.append(c)  # FG-8.2, FG-8.4
        if s.advance:
            s.step = "ADVDROP"
            return
        self._start_flank(s, log)

    def _start_flank(self, s: FGState, log: list | None) -> None:
        """FG-9.2: record every flank pair when P3 begins."""
        s.pairs = flank_pairs(s, s.active)
        s.used = []
        if s.pairs:
            _emit(log, PUBLIC, "PAIRS", *(f"{COLUMNS[t]}<{COLUMNS[f]}" for t, f in s.pairs))
            s.step = "FLANK"
        else:
            s.step = "ACT"

    def _end_turn(self, s: FGState, log: list | None) -> None:
        """FG-6.3, FG-19.2, FG-23.3: the end-of-game check, then the next turn."""
        s.pairs = []
        s.used = []
        if s.config.get("short"):
            done = FIRST not in s.shuf
        else:
            done = s.shuf[0] == ASIDE and s.shuf[1] == ASIDE
        if done:
            self._game_over(s, self._exhaustion_winner(s), "SHORT" if s.config.get("short")
                            else "EXHAUSTION", log)  # fmt: skip
            return
        self._start_turn(s, log)

    def _exhaustion_winner(self, s: FGState) -> int | None:
        """FG-19.3: more terrain cards, then more VP, else a draw."""
        t = [s.control.count("R"), s.control.count("B")]
        if t[0] != t[1]:
            return 0 if t[0] > t[1] else 1
        v = [self.vp_total(s, 0), self.vp_total(s, 1)]
        if v[0] != v[1]:
            return 0 if v[0] > v[1] else 1
        return None

    def _game_over(self, s: FGState, winner: int | None, why: str, log: list | None) -> None:
        s.step = OVER
        s.winner = winner
        s.end = why
        s.combat = None
        s.deploy = None
        s.last = dict(s.last)
        s.last["end"] = {
            "why": why, "turn": s.turn, "active": s.active,
            "terrain": [s.control.count("R"), s.control.count("B")],
            "shuf": s.shuf[:],
        }  # fmt: skip
        result = SIDES[winner] if winner is not None else "DRAW"
        _emit(log, PUBLIC, "END", why, result,
              f"R={s.control.count('R')}/{self.vp_total(s, 0)}VP",
              f"B={s.control.count('B')}/{self.vp_total(s, 1)}VP")  # fmt: skip

    # ---------------------------------------------------------------- actions
    def _do(self, s: FGState, a: FGAction, log: list | None) -> None:
        """The verb's effect (verbs.py); the caller settles what follows (FG-20.5)."""
        s._legal = None
        _EFFECTS[a.verb](self, s, SIDES.index(a.side), a.args, log)

    def _end_deploy(self, s: FGState) -> None:
        d = s.deploy
        s.last = dict(s.last)
        s.last["deploy"] = [d["cost"], d["paid"], d["last"]]
        s.deploy = None
        s.step = "ACT"

    def _after_draw(self, s: FGState, log: list | None) -> None:
        if len(s.hand[s.active]) > HAND_LIMIT:
            s.step = "DROP"  # FG-18.2
        else:
            self._end_turn(s, log)

    # ---------------------------------------------------------------- combat
    def _bonus(self, s: FGState, me: int, what: str, log: list | None) -> None:
        """FG-12.4 / FG-12.7: commit a bonus card face down (from hand or deck)."""
        cb = s.combat
        key = "abonus" if me == s.active else "dbonus"
        if what == "NONE":
            cb["dsrc"] = "NONE"
        elif what == "DECK":
            card = self._draw1(s, me, log)  # drawable: never fails
            cb[key] = card
            cb[key[0] + "src"] = "DECK"
            _emit(log, me, "BONUS-CARD", SIDES[me], card)
        else:
            s.hand[me].remove(what)
            cb[key] = what
            cb[key[0] + "src"] = "HAND"
            _emit(log, PUBLIC, "BONUS-FROM", SIDES[me], "HAND")
        if key == "dbonus":
            self._resolve(s, log)
        elif cb["kind"] == "FLANK":
            self._to_front(s, log)  # FG-9.7: the bonus comes after the retreat
        else:
            self._to_retreat(s, log)

    def _to_retreat(self, s: FGState, log: list | None) -> None:
        """A5 / FG-9.5: the defender may retreat units of lower MC than the lead."""
        s.step = "RETREAT"

    def _after_retreat(self, s: FGState, log: list | None) -> None:
        cb = s.combat
        d = 1 - s.active
        if s.units[d][cb["col"]]:
            if cb["kind"] == "FLANK":
                s.step = "ABONUS"
            else:
                self._to_front(s, log)
            return
        _emit(log, PUBLIC, "FULL-RETREAT", COLUMNS[cb["col"]])
        if cb["kind"] == "FLANK":  # FG-9.6: the attack ends, nothing else happens
            self._finish_combat(s, log, {"outcome": "RETREAT"})
            return
        # A6: bonus and Envelopment discarded; one unit of C lost (D5)
        a = s.active
        self._discard(s, a, cb["abonus"], log, "bonus")
        cb["abonus"] = cb["asrc"] = None  # face up in the discard pile now (FG-20.1)
        if cb["env"]:
            self._discard(s, a, cb["env"], log, "envelopment")
            cb["env"] = None
        s.step = "LOSE"

    def _to_front(self, s: FGState, log: list | None) -> None:
        s.step = "FRONT"  # D12: with one unit the engine takes it (AUTO)

    def _resolve(self, s: FGState, log: list | None) -> None:
        """A8 .. A10 (FG-12.8 .. FG-12.10, FG-13)."""
        cb = s.combat
        a, d = s.active, 1 - s.active
        t, lc = cb["col"], cb["launch"]
        flank = cb["kind"] == "FLANK"
        att_units = s.units[a][lc]
        def_units = s.units[d][t]
        lead, front = cb["lead"], cb["front"]
        terrain = s.terrain[t]
        for side, key in ((a, "abonus"), (d, "dbonus")):
            if cb[key]:
                _emit(log, PUBLIC, "REVEAL", SIDES[side], cb[key])
        att_partner = next((u for u in att_units if u != lead), None)
        def_partner = next((u for u in def_units if u != front), None)
        env = envelopment_count(s, a, t) if cb["env"] else 0  # FG-15.3: taken at A8
        ap = lead_addends(lead, att_partner, front, terrain, True, flank,
                          CP[cb["abonus"]], env)  # fmt: skip
        dp = lead_addends(front, def_partner, lead, terrain, False, flank,
                          CP[cb["dbonus"]] if cb["dbonus"] else 0, 0)  # fmt: skip
        at, dt = sum(ap.values()), sum(dp.values())
        _emit(log, PUBLIC, "STRENGTH", SIDES[a], at, _parts(ap))
        _emit(log, PUBLIC, "STRENGTH", SIDES[d], dt, _parts(dp))
        record = {"outcome": "", "att": at, "def": dt, "ap": ap, "dp": dp}
        if at == dt:  # FG-13.6
            record["outcome"] = "TIE"
            _emit(log, PUBLIC, "OUTCOME", "TIE", COLUMNS[t])
            for u in list(att_units):
                att_units.remove(u)
                self._discard(s, a, u, log, "tie")
            for u in list(def_units):
                def_units.remove(u)
                self._discard(s, d, u, log, "tie")
            self._set_control(s, t, "N", log)
        else:
            att_won = at > dt
            winner, loser = (a, d) if att_won else (d, a)
            record["outcome"] = "ATTACKER" if att_won else "DEFENDER"
            _emit(log, PUBLIC, "OUTCOME", record["outcome"], COLUMNS[t])
            lost = def_units if att_won else att_units
            elephant = False
            for u in list(lost):  # FG-13.3
                lost.remove(u)
                s.vp[winner].append(u)
                elephant = elephant or CTYPE[u] == "EL"
                _emit(log, PUBLIC, "SCORED", SIDES[winner], u)
            if elephant:  # FG-16
                card = self._draw1(s, loser, log)
                if card is not None:
                    s.vp[winner].append(card)
                _emit(log, PUBLIC, "ROUT", SIDES[loser], card or "-")
            keep = lead if att_won else front
            extra = att_units if att_won else def_units
            for u in list(extra):  # FG-13.4 / FG-13.5: the one that did not lead
                if u != keep:
                    extra.remove(u)
                    self._discard(s, winner, u, log, "winner")
            if att_won:
                self._set_control(s, t, SIDES[a], log)
            elif s.control[t] == SIDES[a]:
                self._set_control(s, t, "N", log)
        self._finish_combat(s, log, record)

    def _finish_combat(self, s: FGState, log: list | None, record: dict) -> None:
        """A10: bonus and Envelopment cards to their owners' discards; next step."""
        cb = s.combat
        a = s.active
        if cb["abonus"]:
            self._discard(s, a, cb["abonus"], log, "bonus")
        if cb["dbonus"]:
            self._discard(s, 1 - a, cb["dbonus"], log, "bonus")
        if cb["env"]:
            self._discard(s, a, cb["env"], log, "envelopment")
        record.update(kind=cb["kind"], col=cb["col"], launch=cb["launch"], lead=cb["lead"],
                      front=cb["front"], retreated=cb["retreated"][:])  # fmt: skip
        s.last = dict(s.last)
        s.last["combat"] = record
        s.combat = None
        s.step = "FLANK" if cb["kind"] == "FLANK" else "ACT"


def _parts(p: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in p.items() if v or k == "cv")


RULES = FieldOfGlory()

# The computer-player hooks above call into ai.py, which imports this module: it is bound
# here, once, after RULES exists (an import inside each hook ran on every playout step).
from . import ai as _ai  # noqa: E402
