"""Hadrian's Wall rules engine: the turn and round state machine (HW-5 .. HW-13).

The engine runs every step that needs no decision on its own (wall building, shuffles,
neutral clans, reveals, totals, outcomes) and stops when a player clan must decide
(HW-14.3).  A decision with a single legal option is taken by the engine and logged.
Simultaneous decisions (orders, Fort Fokus, Horsie, Svord; HW-5.3, HW-8.5.1) are asked
one clan at a time in seat order; each choice stays secret until all are in.
"""

from __future__ import annotations

from game.core.contract import PUBLIC, BadConfig, IllegalAction, RulesBase, Term
from game.core.rng import Rng

from . import observe
from .content import (
    COLOURS,
    DECK,
    FORT_IDS,
    FORT_VALUE,
    FORTHECA,
    INSTANT_WIN_FORTHECA,
    SOLO_TARGET,
    STRENGTH,
    TURNS,
    TYPE,
)
from .invariants import check_invariants
from .state import ATTACK, AXX, DRU, FOK, HRS, KOM, ORDERS, OVER, QWN, SVD, UNA, UNSET, HWState
from .verbs import (
    DECISIONS,
    VERBS,
    HWAction,
    fortuna_options,
    horsie_options,
    komfort_options,
    parse_action,
    qween_targets,
    read_action,
    step_of,
    svord_positions,
)

NOBODY = -2  # visibility of an event no seat may read (the fort deck, neutral deals)
# A deck holds one card of each warrior type but the Arch'r (HW-2.1), and such a card's id
# is its type code: ``card == "CHA"`` is ``TYPE[card] == "CHA"``, and ``"CHA" in cards``
# finds a Ch'ariott among them without a loop.
# the fresh cards that start a step of a round, one bit each: a round gathers the bits of
# its fresh cards once and tests them instead of searching the list for each step
_FIL, _QWN, _HRS, _SVD, _CHA = 1, 2, 4, 8, 16
_KIND = {card: {"FIL": _FIL, "QWN": _QWN, "HRS": _HRS, "SVD": _SVD, "CHA": _CHA}.get(card, 0)
         for card in DECK}  # fmt: skip
_CONFIG_KEYS = frozenset({"players", "neutrals", "colours", "variant1", "variant2"})
_COLOUR_SET = frozenset(COLOURS)
# fort -> its value if positive, else a value no positive fort beats at its end of the
# wall: the wall's ends are found by min() and max() (HW-6.3); fort ids are unique
_LOW_KEY = {f: v if v > 0 else 99 for f, v in FORT_VALUE.items()}.__getitem__
_HIGH_KEY = {f: v if v > 0 else -99 for f, v in FORT_VALUE.items()}.__getitem__


def normalize_config(config: dict) -> dict:
    """Validate a line-up (HW-3.1) and fill defaults; BadConfig if it is not legal."""
    if not isinstance(config, dict):
        raise BadConfig("the game configuration must be a mapping")
    if not _CONFIG_KEYS.issuperset(config):
        unknown = set(config) - _CONFIG_KEYS
        raise BadConfig(f"unknown Hadrian's Wall option(s): {', '.join(sorted(unknown))}")
    players = config.get("players", 2)
    neutrals = config.get("neutrals", 1 if players == 1 else 0)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise BadConfig("Hadrian's Wall takes 1 to 4 players (HW-3.1)")
    if (not isinstance(neutrals, int) or isinstance(neutrals, bool) or neutrals < 0
            or not 2 <= players + neutrals <= 4):  # fmt: skip
        raise BadConfig(
            f"{players} player(s) and {neutrals} neutral clan(s) is not a legal line-up: "
            "there must be 2 to 4 clans in all (HW-3.1)"
        )
    n = players + neutrals
    colours = config.get("colours") or list(COLOURS[:n])
    if (
        not isinstance(colours, list)
        or len(colours) != n
        or len(set(colours)) != n
        or not _COLOUR_SET.issuperset(colours)
    ):
        raise BadConfig(f"colours must be {n} different letters of G, R, Y, B (HW-3.1)")
    variant1 = config.get("variant1", False)
    if not isinstance(variant1, bool):
        raise BadConfig("variant1 must be true or false (HW-17)")
    variant2 = config.get("variant2", False)
    if not isinstance(variant2, bool):
        raise BadConfig("variant2 must be true or false (HW-17)")
    return {"players": players, "neutrals": neutrals, "colours": list(colours),
            "variant1": variant1, "variant2": variant2}  # fmt: skip


def build_wall(row: list[str]) -> list[str]:
    """HW-6.3 .. HW-6.7: lowest positive fort to the left end, highest to the right."""
    left = min(row, key=_LOW_KEY)  # the leftmost of the lowest positive (HW-6.3)
    right = max(reversed(row), key=_HIGH_KEY)  # the rightmost of the highest
    assert left != right  # HW-6.6
    wall = row[:]
    wall.remove(left)
    wall.remove(right)
    wall.insert(0, left)
    wall.append(right)
    return wall


def neutral_pick(cards: list[str]) -> str:
    """HW-16.4: the lowest strength; between equals the one revealed earliest."""
    return min(cards, key=STRENGTH.__getitem__)  # min() keeps the first of equals


def line_totals(line: list[list[str]]) -> list[int]:
    """HW-8.4: the strength of each clan's line."""
    totals = []
    for cards in line:
        total = 0
        for card in cards:
            total += STRENGTH[card]
        totals.append(total)
    return totals


def fresh_kinds(fresh: list) -> int:
    """The ``_KIND`` bits of the fresh cards."""
    kinds = 0
    for card in fresh:
        if card is not None:
            kinds |= _KIND[card]
    return kinds


def _capturer(totals: list[int], fresh: list[str], p_count: int, filchy: int) -> int | None:
    """R4 eligibility: a player's fresh Filchy sits out (HW-9.6); R6: the one eligible
    clan with the highest total captures, a lone Arch'r among tied leaders breaking the
    tie (HW-8.7, HW-9.5); None when nobody does.  ``filchy``: whether a Filchy is fresh."""
    w = None
    best = None
    tie = False
    for c, total in enumerate(totals):
        if filchy and c < p_count and fresh[c] == "FIL":
            continue
        if best is None or total > best:
            w, best, tie = c, total, False
        elif total == best:
            tie = True
    if tie:  # (an Arch'r is no Filchy: eligible)
        archers = [c for c in range(p_count) if totals[c] == best and TYPE[fresh[c]] == "ARC"]
        w = archers[0] if len(archers) == 1 else None
    return w


def _record_totals(
    s: HWState,
    record: list | dict | None,
    lines: list[list[str]] | None,
    totals: list[int],
    w: int | None,
) -> None:
    """The round's record (``record``, else a copy of the state's) given the lines,
    the seduction, the eligible clans, the totals and the capturer; kept as the
    state's.  (A function, not a static method of the engine: its call at every round
    looks nothing up on the engine.)"""
    if record is None:
        record = s._round
        record = record[:] if type(record) is list else dict(record or {})
    if type(record) is list:
        record[3] = lines  # ROUND_FIELDS
        record[4] = s.seduced
        record[5] = totals
        record[6] = w
    else:
        p_count = s.n_players
        record["lines"] = lines
        record["seduced"] = s.seduced
        record["eligible"] = [c >= p_count or x != "FIL" for c, x in enumerate(s.fresh)]
        record["totals"] = totals
        record["capturer"] = w
    s._round = record


_drawn = read_action.vouch  # random_action's draw, not read again by apply
#: each decision step's options and draw, each verb's effect, looked up once per step
_OPTIONS = {step: VERBS[d.verb].options for step, d in DECISIONS.items()}
_DRAWS = {step: VERBS[d.verb].draw for step, d in DECISIONS.items()}
_DRAW_ASIDE, _DRAW_PLACE = _DRAWS["ASIDE"], _DRAWS["PLACE"]  # the orders' two steps


def _listed(effect):
    """The effect of a verb that does not check its action itself (verbs.Verb.checks):
    made only if the action is one of the legal actions."""

    def made(eng, s: HWState, a: HWAction, log: list | None) -> bool:
        return a in eng.legal_actions(s) and effect(eng, s, a, log)

    return made


#: each verb's effect, made only if legal: the checking verbs' own, the others wrapped
#: once here (not a test of ``checks`` at every apply).  With the end of a round written
#: in ``_horsie`` and the other shortcuts of ``random_action``, verbs._place_draw and
#: verbs._place: apply 2.5 % less CPU time, random playouts 4 % less (6,000 games, ten
#: runs alternated, medians 2.846 against 2.920 microseconds an apply, 1.159 s against
#: 1.209 s of playouts; each step alone is within the runs' spread of about 2 %)
_MAKES = {
    name: verb.effect if verb.checks else _listed(verb.effect) for name, verb in VERBS.items()
}


class HadriansWall(RulesBase):
    """The Hadrian's Wall rules (HW-1 .. HW-17) behind the core contract."""

    name = "hadrians-wall"
    title = "Hadrian's Wall"
    min_seats = 1
    max_seats = 4
    #: game.core.record: a save names it.  Version 2 gave the solo goal its points
    #: (HW-16.6, Balance in HW-20); a game of 2 to 4 players plays and ends as before
    rules_version = 2
    #: efforts (iterations per decision, game.core.agents.levels): a playout stops at once
    #: and the heuristic plays out the current turn (the turns share only the captured
    #: forts, HW-11.2), so hard decides in well under a second of CPU time (p95); the
    #: orders are searched whole with six times a level's iterations, 6000 at most
    #: (ai.ORDERS_SHARE, ai.ORDERS_MOST); no
    #: bonus for the margin of a finished game, so an instant win (HW-12.1) is never
    #: traded for a bigger score
    ai_levels = {
        "easy": {"iterations": 120, "rollout_depth": 0, "margin_weight": 0.0},
        "medium": {"iterations": 1000, "rollout_depth": 0, "margin_weight": 0.0},
        "hard": {"iterations": 4000, "rollout_depth": 0, "margin_weight": 0.0},
    }

    @staticmethod
    def replays_version(made: int, config: object) -> bool:
        """A record of rules version ``made`` with the set-up ``config`` still replays
        the game it was: version 1 differs from 2 only in the solo goal (HW-20)."""
        return made == 1 and isinstance(config, dict) and config.get("players", 2) != 1

    # ---------------------------------------------------------------- set-up
    def default_config(self, seats: int) -> dict:
        return normalize_config({"players": seats})

    def new_game(self, config: dict, seed: int, log: list | None = None) -> HWState:
        cfg = normalize_config(config)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadConfig("the seed must be an integer")
        s = HWState(cfg, cfg["colours"], cfg["players"], seed)
        s.fort_deck = list(FORT_IDS)
        s.rng.shuffle(s.fort_deck)  # HW-4.2
        if log is not None:  # HW-0.6: every random outcome logged, this one for no seat
            log.append((NOBODY, "ORDER", "forts", *s.fort_deck[::-1]))
        for c in range(s.n_clans):
            s.deck[c] = list(DECK)  # HW-4.1
        self._start_turn(s, log)
        return s

    def seat_names(self, state: HWState) -> list[str]:
        return state.colours[: state.n_players]

    # ---------------------------------------------------------------- contract
    def to_act(self, state: HWState) -> int | None:
        return state.waiting[0] if state.waiting and state.phase != OVER else None

    def is_over(self, state: HWState) -> bool:
        return state.phase == OVER

    def clone(self, state: HWState) -> HWState:
        return state.clone()

    def to_json(self, state: HWState) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> HWState:
        return HWState.from_json(data)

    def parse_action(self, text: str) -> HWAction:
        return parse_action(text)

    def observation(self, state: HWState, seat: int) -> observe.Observation:
        return observe.observation(state, seat)

    def determinize(self, obs: observe.Observation, rng: Rng) -> HWState:
        return observe.determinize(obs, rng, self)

    def check_invariants(self, state: HWState) -> list[str]:
        return check_invariants(state)

    def heuristic(self, state: HWState, seat: int) -> float:
        return _ai.heuristic(state, seat)

    def heuristic_terms(self, state: HWState, seat: int) -> dict[Term, float]:
        return _ai.heuristic_terms(state, seat)

    def heuristic_values(self, state: HWState) -> list[float]:
        return _ai.heuristic_values(state)

    def playout_action(self, state: HWState, rng: Rng) -> HWAction:
        return _ai.policy_action(state, rng, _ai.PLAYOUT_EPSILON)

    def plan_choice(
        self, obs: observe.Observation, legal: list[HWAction], agent
    ) -> HWAction | None:
        """A computer seat's orders (HW-7.2, HW-7.3) searched as a whole at their first
        decision and played out at the next ones (ai.plan_choice); None elsewhere."""
        return _ai.plan_choice(obs, legal, agent)

    def describe_event(self, event: tuple) -> str:
        return " ".join(str(x) for x in event[1:])

    def legal_actions(self, s: HWState) -> list[HWAction]:
        """The options of the verb the decision awaited accepts (verbs.DECISIONS)."""
        if s.phase == OVER or not s.waiting:
            return []
        c = s.waiting[0]
        return _OPTIONS[step_of(s, c)](s, c, s.colours[c])

    def random_action(self, state: HWState, rng: Rng) -> HWAction:
        """The same draw as ``rng.choice(self.legal_actions(state))``; the frequent
        decisions (orders, Svord: their verbs' ``draw``) are drawn without the list."""
        waiting = state.waiting
        if waiting:
            c = waiting[0]
            ph = state.phase
            # step_of written out: a call fewer at 8 of 10 draws; with the next free
            # position searched in verbs._place_draw itself, random playouts take 2 %
            # less CPU time (6,000 playouts, three runs alternated: medians 1.166 s
            # against 1.188 s)
            if ph == ORDERS:
                draw = _DRAW_ASIDE if len(state.aside[c]) < 3 else _DRAW_PLACE
            else:
                draw = _DRAWS.get(ph)  # (None at OVER)
            if draw is not None:
                return draw(self, state, c, rng)
        return _drawn(rng.choice(self.legal_actions(state)))

    def apply(self, state: HWState, action: HWAction | str, log: list | None = None) -> None:
        action = read_action(action)  # BadNotation for anything its text would not be
        # the verbs that check an action themselves make it in one go (verbs.Verb.checks)
        if not _MAKES[action.verb](self, state, action, log):
            raise IllegalAction(*self._why_illegal(state, action))

    # ---------------------------------------------------------------- results
    def scores(self, state: HWState) -> list[float]:
        """HW-12.2: the sum of the values of the forts held, per seat."""
        return [float(self.clan_score(state, c)) for c in range(state.n_players)]

    @staticmethod
    def clan_score(state: HWState, clan: int) -> int:
        return sum(FORT_VALUE[f] for f in state.piles[clan])

    def winners(self, state: HWState) -> list[int]:
        """HW-12.1, HW-12.3 (tie-breaks), HW-16.5, HW-16.6 (solo goal)."""
        if state.winner is not None:
            return [state.winner]
        if state.phase != OVER:
            return []
        if state.n_players == 1:  # HW-16.6: the solo goal's points (Balance, HW-20)
            return [0] if self.clan_score(state, 0) >= SOLO_TARGET[state.n_clans - 1] else []
        keys = [self.rank_key(state, c) for c in range(state.n_players)]
        best = max(keys)
        return [c for c, k in enumerate(keys) if k == best]

    def rank_key(self, state: HWState, clan: int) -> tuple:
        """HW-12.3: score, forts held, then fort values from the highest (HW-16.5)."""
        values = sorted((FORT_VALUE[f] for f in state.piles[clan]), reverse=True)
        return (self.clan_score(state, clan), len(values), values)

    # ---------------------------------------------------------------- helpers
    def _why_illegal(self, s: HWState, a: HWAction) -> tuple[str, str | None]:
        if s.phase == OVER:
            return "the game is over", "HW-12"
        actor = s.colours[s.waiting[0]]
        if a.clan != actor:
            return f"it is {actor}'s decision, not {a.clan}'s", "HW-14.3"
        rule = DECISIONS[step_of(s, s.waiting[0])].rule  # the step awaited names the rule
        options = ", ".join(str(x) for x in self.legal_actions(s))
        return f"{a} is not allowed now; the options are: {options}", rule

    # the option rules are plain functions (cheaper to call); these names are kept
    _qween_targets = staticmethod(qween_targets)
    _komfort_options = staticmethod(komfort_options)
    _fortuna_options = staticmethod(fortuna_options)
    _horsie_options = staticmethod(horsie_options)
    _svord_positions = staticmethod(svord_positions)

    # ---------------------------------------------------------------- turn
    def _start_turn(self, s: HWState, log: list | None) -> None:
        """HW-6 wall, then HW-7 orders (the random part)."""
        s.turn += 1
        s.rnd = 0
        forts = s.fort_deck
        row = forts[:-7:-1]  # draw positions 1..6 from the top of the deck (HW-6.1)
        del forts[-6:]
        s.wall = build_wall(row)
        if log is not None:
            log.append((PUBLIC, "TURN", s.turn))
            log.append((PUBLIC, "WALL", " ".join(s.wall)))
        shuffle = s.rng.shuffle
        p_count = s.n_players
        for c, cards in enumerate(s.deck):
            shuffle(cards)
            s.deck[c] = []
            if c < p_count:  # HW-7.2: 2 at random aside, 7 in hand
                s.aside[c] = cards[:2]
                s.hand[c] = cards[2:]
            else:  # HW-7.5: 6 random cards at random positions, 3 aside
                s.facedown[c] = cards[:6]
                s.aside[c] = cards[6:]
            if log is not None:  # HW-0.6: the clan's own set-aside; a neutral's for no seat
                log.append((c if c < p_count else NOBODY, "DEALT", s.colours[c], *cards))
        s.phase = ORDERS
        s.waiting = list(range(p_count))
        s.deciders = list(s.waiting)

    def _end_turn(self, s: HWState, log: list | None) -> None:
        """HW-11: every warrior returns to its deck; after turn 3, the game ends."""
        if log is not None:
            log.append((PUBLIC, "TURN-END", s.turn))
        n = len(s.colours)
        # (an empty zone is left in place: the same state, one list fewer to make)
        for c in range(n):
            s.deck[c] = list(DECK)
            s.aside[c] = []
            if s.hand[c]:
                s.hand[c] = []
            if s.line[c]:
                s.line[c] = []
            s.discard[c] = []
            if any(s.facedown[c]):  # (after six rounds every card has been revealed)
                s.facedown[c] = [None] * 6
        s.fresh = [None] * n
        s.seduced = None
        s.capturer = None
        s.taken = None
        if s.kept:
            s.kept = []
        if s.turn >= TURNS:
            s.phase = OVER
            s.waiting = []
            s.deciders = []
            if log is not None:
                scores = (f"{s.colours[c]}={self.clan_score(s, c)}" for c in range(n))
                log.append((PUBLIC, "END", " ".join(scores)))
            return
        self._start_turn(s, log)

    # ---------------------------------------------------------------- round
    # Each step of a round returns True when it stops the engine (a decision is awaited
    # or the game is over) and False when the round is over (after R9); the rounds go on
    # one after the other in ``_begin_round`` (R10), without a call per step left open.
    def _begin_round(self, s: HWState, log: list | None) -> None:
        """The next rounds of the turn, each one R1 reveal, R2 Ch'ariott clash, R3 Qween,
        then ``_resolve_round``, until a decision is awaited; after the sixth, HW-11."""
        reveal, resolve = self._reveal, self._resolve_round  # (looked up once a turn)
        while s.rnd < 6:  # R10
            record, totals, lines, kinds = reveal(s, log)
            if kinds & (_CHA | _QWN) and self._clash_and_qween(s, log, totals, lines):
                return
            if resolve(s, log, record, totals, lines, kinds):
                return
        self._end_turn(s, log)

    def _reveal(self, s: HWState, log: list | None) -> tuple[list, list[int], list, int]:
        """A round begins: R1, with the line totals (R5), the lines' copies for the round's
        record and the kinds of fresh cards; returns them with the round's record."""
        facedowns, line = s.facedown, s.line
        i = s.rnd  # the wall index of round k = i + 1
        if log is not None:
            log.append((PUBLIC, "ROUND", i + 1, s.wall[i]))
        s.phase = ATTACK
        s.rnd = k = i + 1
        s.seduced = s.capturer = s.taken = None
        if s.kept:  # an empty list left in place is the same state
            s.kept = []
        if s.choices:  # (secret choices and Svord plans are never seen from outside)
            s.choices = {}
        if s.svord:
            s.svord = {}
        # a new list of fresh cards each round (never changed in place): the record shares it
        s.fresh = fresh = []
        totals = []
        lines = []
        kinds = 0
        for c, facedown in enumerate(facedowns):
            cards = line[c]
            card = facedown[i]
            facedown[i] = None
            cards.append(card)
            fresh.append(card)
            kinds |= _KIND[card]
            total = 0
            for card in cards:
                total += STRENGTH[card]
            totals.append(total)
            lines.append(cards[:])
        if log is not None:
            revealed = " ".join(f"{s.colours[c]}-{fresh[c]}" for c in range(len(fresh)))
            log.append((PUBLIC, "REVEAL", k, s.wall[i], revealed))
        # the round's record (ROUND_FIELDS), R4 .. R7 to come
        s._round = record = [s.turn, k, fresh, UNSET, UNSET, UNSET, UNSET, UNSET, UNSET,
                             UNSET]  # fmt: skip
        return record, totals, lines, kinds

    def _clash_and_qween(
        self, s: HWState, log: list | None, totals: list[int], lines: list[list[str]]
    ) -> bool:
        """R2 two or more fresh Ch'ariotts clash (HW-9.8.1); R3 a lone fresh Qween seduces
        (HW-9.1.1).  True when the Qween's choice is awaited.  Neutral Ch'ariotts and
        Qweens are blank (HW-13.4)."""
        fresh = s.fresh
        chariots = []
        qweens = []
        for c in range(s.n_players):
            if fresh[c] == "CHA":
                chariots.append(c)
            elif fresh[c] == "QWN":
                qweens.append(c)
        if len(chariots) >= 2:
            self._clash(s, log, chariots, totals, lines)
        return len(qweens) == 1 and self._qween(s, log, qweens[0])

    def _clash(self, s: HWState, log: list | None, chariots: list[int], totals, lines) -> None:
        """R2, HW-9.8.1: the clashed Ch'ariotts leave the lines for the discards."""
        line = s.line
        for c in chariots:
            line[c].pop()
            lines[c].pop()
            totals[c] -= STRENGTH["CHA"]
            s.discard[c].append("CHA")
        if log is not None:
            clash = " ".join(s.colours[c] for c in chariots)
            log.append((PUBLIC, "CLASH", clash))

    def _qween(self, s: HWState, log: list | None, q: int) -> bool:
        """R3, HW-9.1.1: the lone fresh Qween's target, taken at once when there is only
        one (HW-9.1.2); True when the Qween's clan must choose among several."""
        targets = qween_targets(s, q)
        if len(targets) > 1:
            s.phase = QWN
            s.waiting = [q]
            s.deciders = [q]
            return True
        if targets:  # the only target must be taken (HW-9.1.2)
            t = targets[0]
            fresh = s.fresh
            s.seduced = [q, t, fresh[t]]
            if log is not None:
                act = f"{s.colours[q]}: QWN {s.colours[t]}-{fresh[t]}"
                log.append((PUBLIC, "ACT", act))
        return False

    def _resolve_round(
        self,
        s: HWState,
        log: list | None,
        record: list | None = None,
        totals: list[int] | None = None,
        lines: list[list[str]] | None = None,
        kinds: int | None = None,
    ) -> bool:
        """R4 eligibility, R5 totals, R6 outcome, then R7 or R7'.  ``record`` is the round's
        record just begun by R1 .. R3, with the line totals before the Qween, copies of
        the lines and the kinds of fresh cards; after the Qween decision the state's record
        is copied instead (a clone of the state waiting for it shares it) and the rest is
        counted again."""
        # (a record read from a saved game or an observation is a mapping: see HWState)
        p_count, fresh = s.n_players, s.fresh
        if totals is None:
            totals = line_totals(s.line)
            lines = [cards[:] for cards in s.line]
            kinds = fresh_kinds(fresh)
        seduced = s.seduced
        if seduced:  # HW-9.1.3: the seduced card's strength moved
            q, t, card = seduced
            totals[t] -= STRENGTH[card]
            totals[q] += STRENGTH[card]
        w = _capturer(totals, fresh, p_count, kinds & _FIL)
        _record_totals(s, record, lines, totals, w)
        if log is not None:
            shown = (
                f"{s.colours[c]}={totals[c]}"
                + ("" if c >= p_count or fresh[c] != "FIL" else "(out)")
                for c in range(len(fresh))
            )
            log.append((PUBLIC, "TOTALS", " ".join(shown)))
        if w is None:
            self._unclaimed(s, log)
            return self._horsie(s, log)
        s.capturer = w
        if w < p_count and fresh[w] == "DRU" and s.rnd < 6:  # R7.1, HW-9.2
            s.phase = DRU
            s.waiting = [w]
            s.deciders = [w]
            return True
        return self._capture(s, None, log)

    @staticmethod
    def totals(s: HWState) -> list[int]:
        """HW-8.4 / HW-9.1.3: line strengths, the seduced card's strength moved."""
        totals = line_totals(s.line)
        if s.seduced:
            q, t, card = s.seduced
            totals[t] -= STRENGTH[card]
            totals[q] += STRENGTH[card]
        return totals

    def _unclaimed(self, s: HWState, log: list | None) -> None:
        """R7' (base) or HW-17.1 (variant 1: the fort holds out)."""
        i = s.rnd - 1
        if s.config["variant1"]:
            pushed = s.wall[5]
            s.wall[i + 1 : 6] = s.wall[i:5]
            s.wall[i] = None
            s.fort_discard.append(pushed)
            s.left_wall.append(pushed)
            if log is not None:
                log.append((PUBLIC, "HOLDS", s.wall[i + 1] if i < 5 else pushed, pushed))
        else:
            fort = s.wall[i]
            s.wall[i] = None
            s.fort_discard.append(fort)
            s.left_wall.append(fort)
            if log is not None:
                log.append((PUBLIC, "UNCLAIMED", fort))

    def _capture(self, s: HWState, chosen: str | None, log: list | None) -> bool:
        """R7.1 fort taken (HW-9.2.3 swap / HW-17.2 shift), R7.2 pile and instant win,
        then R7.3: the Axx keep, the KomFort keep, the line discarded."""
        w, i, wall = s.capturer, s.rnd - 1, s.wall
        fort = wall[i]  # the contested fort
        if chosen is not None:
            j = wall.index(chosen)
            if s.config["variant2"]:  # HW-17.2
                wall[i + 1 : j + 1] = wall[i:j]
            else:  # HW-9.2.3
                wall[j] = fort
            fort = chosen
        wall[i] = None
        s.taken = fort
        s.left_wall.append(fort)
        pile = s.piles[w]
        record = s._round
        if type(record) is list:
            record[7] = fort  # ROUND_FIELDS: taken, pile_before
            record[8] = len(pile)
        else:
            record["taken"] = fort
            record["pile_before"] = len(pile)
        pile.append(fort)
        if log is not None:
            log.append((PUBLIC, "CAPTURE", s.colours[w], fort))
        line = s.line
        if w < s.n_players:
            # HW-12.1 / R7.2: a pile gains a FortHeca only by its capture, and the third
            # ends the game at once; fort ids are unique, so the intersection counts them
            if fort in FORTHECA and len(FORTHECA.intersection(pile)) >= INSTANT_WIN_FORTHECA:
                s.winner = w
                s.phase = OVER
                s.waiting = []
                s.deciders = []
                if log is not None:
                    log.append((PUBLIC, "WIN", s.colours[w], "three FortHeca"))
                return True
            # R7.3, HW-9.4: a fresh Axx still in the line ("AXX" is the deck's one Axx)
            if s.fresh[w] == "AXX" and "AXX" in line[w]:
                s.phase = AXX
                s.waiting = [w]
                s.deciders = [w]
                return True
        if fort == "KOM":
            return self._komfort(s, log)
        return self._discard_line(s, log)

    def _komfort(self, s: HWState, log: list | None) -> bool:
        """R7.3 KomFort keep (HW-10.2, after the Axx keep: HW-9.4.4)."""
        w = s.capturer
        if s.taken == "KOM" and komfort_options(s, w):
            if w < s.n_players:
                s.phase = KOM
                s.waiting = [w]
                s.deciders = [w]
                return True
            keep = neutral_pick([x for x in s.line[w] if x not in s.kept])  # HW-16.4
            s.kept.append(keep)
            if log is not None:
                log.append((PUBLIC, "KEEP", s.colours[w], keep))
        return self._discard_line(s, log)

    def _discard_line(self, s: HWState, log: list | None) -> bool:
        """R7.3 the capturer discards its line but for the kept cards (HW-8.6)."""
        w, kept, line = s.capturer, s.kept, s.line
        gone = line[w]
        if kept:
            line[w] = [x for x in gone if x in kept]
            gone = [x for x in gone if x not in kept]
        else:
            line[w] = []
        s.discard[w].extend(gone)
        if log is not None:
            log.append((PUBLIC, "DISCARD", s.colours[w], " ".join(gone) or "-"))
        seduced = s.seduced
        if seduced and seduced[0] == w:  # HW-9.1.5
            _, t, card = seduced
            line[t].remove(card)
            s.discard[t].append(card)
            if log is not None:
                log.append((PUBLIC, "DISCARD", s.colours[t], card))
        taken = s.taken
        if taken == "FOK":
            return self._fokus(s, log)
        if taken == "UNA":
            return self._fortuna(s, log)
        return self._horsie(s, log)

    def _fortuna(self, s: HWState, log: list | None) -> bool:
        """R7.4 FortUna (HW-10.4)."""
        w = s.capturer
        options = fortuna_options(s, w)
        if w < s.n_players and len(options) > 1:
            s.phase = UNA
            s.waiting = [w]
            s.deciders = [w]
            return True
        # neutral policy (HW-16.4): lowest value, earliest captured; else forced
        self._drop_fort(s, min(options, key=FORT_VALUE.__getitem__), log)
        return self._horsie(s, log)

    def _drop_fort(self, s: HWState, fort: str, log: list | None) -> None:
        w = s.capturer
        s.piles[w].remove(fort)
        s.fort_discard.append(fort)
        record = s._round
        if type(record) is list:
            record[9] = len(s.piles[w])  # ROUND_FIELDS: pile_after
        else:
            record["pile_after"] = len(s.piles[w])
        if log is not None:
            log.append((PUBLIC, "FORTUNA", s.colours[w], fort))

    def _fokus(self, s: HWState, log: list | None) -> bool:
        """R7.4 Fort Fokus (HW-10.3): every clan with a line discards one card."""
        return self._simultaneous(s, FOK, log)

    def _horsie(self, s: HWState, log: list | None) -> bool:
        """R8 Horsie (HW-9.7) for every clan but the capturer."""
        if "HRS" in s.fresh:  # the card id of a deck's one Horsie (HW-2.1)
            return self._simultaneous(s, HRS, log)
        # no fresh Horsie: the step is empty (what collect_choices and _apply_choices
        # would leave), straight on to R9.  Here and to the end of the round an empty
        # container is replaced only if it is not empty already: left in place it is the
        # same state, and an emptied one is never filled again.
        if s.choices:
            s.choices = {}
        if "SVD" in s.fresh:  # the card id of a deck's one Svord (HW-2.1)
            return self._svord(s, log)
        # no Svord step either: the round is over, as the two steps would leave it
        # (written here, not in a function of its own: a call fewer at 6 rounds of 10)
        if s.svord:
            s.svord = {}
        if s.waiting:
            s.waiting = []
        if s.deciders:
            s.deciders = []
        return False

    def _simultaneous(self, s: HWState, step: str, log: list | None) -> bool:
        """A step in which several clans discard a line card at once (HW-8.5.1)."""
        self.collect_choices(s, step)
        if s.waiting:
            s.phase = step
            return True
        return self._finish_simultaneous(s, step, log)

    def _finish_simultaneous(self, s: HWState, step: str, log: list | None) -> bool:
        """Apply every secret choice of the step together, then go on to the next step."""
        self._apply_choices(s, "FOKUS" if step == FOK else "HORSIE", log)
        if step == FOK:
            return self._horsie(s, log)
        return self._svord(s, log)

    def collect_choices(self, s: HWState, step: str) -> None:
        """Set up a simultaneous step: neutral (HW-16.4) and forced choices are made at
        once; player clans with a real choice are queued in seat order."""
        s.choices = choices = {}
        s.waiting = waiting = []
        fokus = step == FOK
        for c in range(len(s.colours)):
            if fokus:
                options = s.line[c]
            elif c != s.capturer and TYPE[s.fresh[c]] == "HRS":
                options = horsie_options(s, c)
            else:
                continue
            if not options:
                continue
            if c >= s.n_players or len(options) == 1:
                choices[c] = neutral_pick(options)
            else:
                waiting.append(c)
        s.deciders = list(waiting)

    def _apply_choices(self, s: HWState, what: str, log: list | None) -> None:
        for c in sorted(s.choices):
            card = s.choices[c]
            s.line[c].remove(card)
            s.discard[c].append(card)
            if log is not None:
                log.append((PUBLIC, what, s.colours[c], card))
        s.choices = {}
        s.deciders = []

    def _svord(self, s: HWState, log: list | None) -> bool:
        """R9 Svord (HW-9.3): player clans with a fresh Svord and 2+ face-down cards."""
        if s.svord:
            s.svord = {}
        fresh = s.fresh
        if "SVD" in fresh:  # the card id of a deck's one Svord (HW-2.1)
            waiting = []
            for c in range(s.n_players):
                if fresh[c] == "SVD" and len(svord_positions(s, c)) >= 2:
                    waiting.append(c)
            if waiting:
                s.phase = SVD
                s.waiting = waiting
                s.deciders = waiting[:]
                return True
        if s.waiting:
            s.waiting = []
        if s.deciders:
            s.deciders = []
        return False

    def _apply_svord(self, s: HWState, log: list | None) -> None:
        for c in sorted(s.svord):
            plan = s.svord[c]
            if plan:
                positions = svord_positions(s, c)
                assert len(positions) == len(plan)  # a whole new order (HW-9.3.1)
                facedown = s.facedown[c]
                for k, p in enumerate(positions):
                    facedown[p] = plan[k]
                if log is not None:
                    log.append((c, "SVORD", s.colours[c], " ".join(plan)))
            if log is not None:
                log.append((PUBLIC, "SVORD-USED" if plan else "SVORD-KEPT", s.colours[c]))
        s.svord = {}
        s.deciders = []

    # ---------------------------------------------------------------- decisions
    def _do(self, s: HWState, a: HWAction, log: list | None) -> None:
        """Apply one legal decision of ``s.waiting[0]`` (its verb's effect, verbs.py) and
        continue the engine."""
        VERBS[a.verb].effect(self, s, a, log)


RULES = HadriansWall()

# The computer-player hooks above call into ai.py, which imports this module: it is bound
# here, once, after RULES exists (an import inside each hook ran on every playout step).
from . import ai as _ai  # noqa: E402
