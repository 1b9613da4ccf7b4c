"""Hadrian's Wall knowledge for the computer seats.

``policy_action`` is a fast rule-of-thumb player used in playouts; it reads only what
the deciding clan may see (its own cards and the public table).  Its rules were kept
only where they measured better than a random choice over 1500+ games against random
seats (set-aside: Filchy 67 % wins, Qween 34 %).  ``heuristic`` values a
full (possibly determinized) state for one seat: it plays the rest of the current turn
with that policy for every clan and measures the score margin at the end of the turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.core.agents.ismcts import decision_seed
from game.core.contract import Term
from game.core.rng import Rng

from .content import FORT_VALUE, FORTHECA, SOLO_TARGET, STRENGTH

# rules.py imports this module once RULES exists (at its end), and this import finds it
# there whichever of the two modules is imported first; bound once (an import on every
# call cost the playouts time)
from .rules import RULES
from .state import AXX, DRU, FOK, HRS, KOM, ORDERS, OVER, QWN, SVD, UNA, HWState
from .verbs import (
    AT,
    ONE,
    HWAction,
    fortuna_options,
    horsie_options,
    komfort_options,
    qween_targets,
    step_of,
    svord_positions,
)

#: share of random moves in search playouts (variety across playouts of one sample)
PLAYOUT_EPSILON = 0.2


def _aside_choice(s: HWState, c: int) -> str:
    """Set the Filchy aside: measured against random play, keeping the strength (and
    the Qween above all) is worth more than keeping a dodge for a FortHeca."""
    hand = s.hand[c]
    return "FIL" if "FIL" in hand else min(hand, key=STRENGTH.__getitem__)


def _aside(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    return ONE["ASIDE"][col][_aside_choice(s, c)]


def _place(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    # placement at random: no fixed placement rule measured better than chance
    return AT["PLACE"][col][s.facedown[c].index(None)][rng.choice(s.hand[c])]


def _qween(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    """Seduce the strongest fresh card."""
    t = max(qween_targets(s, c), key=lambda t: STRENGTH[s.fresh[t]])
    return ONE[QWN][col][f"{s.colours[t]}-{s.fresh[t]}"]


def _druhid(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    """Take the most valuable fort still on the wall."""
    options = [f for f in s.wall[s.rnd - 1 :] if f is not None]
    best = max(options, key=FORT_VALUE.__getitem__)
    return ONE[DRU][col]["-" if best == s.wall[s.rnd - 1] else best]


def _axx(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    return ONE[AXX][col]["KEEP"]


def _komfort(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    return ONE[KOM][col][komfort_options(s, c)[0]]


def _fortuna(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    return ONE[UNA][col][min(fortuna_options(s, c), key=FORT_VALUE.__getitem__)]


def _fokus(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    return ONE[FOK][col][min(s.line[c], key=STRENGTH.__getitem__)]


def _horsie(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    return ONE[HRS][col][min(horsie_options(s, c), key=STRENGTH.__getitem__)]


def _svord(s: HWState, c: int, col: str, rng: Rng) -> HWAction:
    """Keep the order; once a rearrangement is begun, finish it in order."""
    plan = s.svord.get(c)
    if not plan:
        return ONE[SVD][col]["-"]
    positions = svord_positions(s, c)
    p = positions[len(plan)]
    rest = [s.facedown[c][q] for q in positions if s.facedown[c][q] not in plan]
    card = s.facedown[c][p] if s.facedown[c][p] in rest else rest[0]
    return AT[SVD][col][p][card]


#: the policy's choice at each decision step of the verb table (verbs.DECISIONS)
POLICY: dict[str, Callable[[HWState, int, str, Rng], HWAction]] = {
    "ASIDE": _aside,
    "PLACE": _place,
    QWN: _qween,
    DRU: _druhid,
    AXX: _axx,
    KOM: _komfort,
    FOK: _fokus,
    UNA: _fortuna,
    HRS: _horsie,
    SVD: _svord,
}


def policy_action(s: HWState, rng: Rng, epsilon: float = 0.0) -> HWAction:
    """A sensible action for ``s.waiting[0]``; with probability ``epsilon`` a random one."""
    if epsilon and rng.random() < epsilon:
        return RULES.random_action(s, rng)
    c = s.waiting[0]
    return POLICY[step_of(s, c)](s, c, s.colours[c], rng)


def _margin(s: HWState, seat: int) -> float:
    """The seat's score less the best other player's, or less the solo goal's points
    (HW-16.6): the neutral clans' scores do not decide a solo game."""
    scores = [sum(FORT_VALUE[f] for f in pile) for pile in s.piles]
    if s.n_players == 1:
        return scores[seat] - SOLO_TARGET[s.n_clans - 1]
    return scores[seat] - max(scores[c] for c in range(s.n_players) if c != seat)


#: margin points of a player clan holding two FortHeca while a FortHeca is still to come
#: (in the fort deck or on the wall): a third one wins at once (HW-12.1), so the clan is
#: worth ``FORTHECA_CHANCE`` more to itself and ``FORTHECA_THREAT`` less to every rival.
#: A turn's end does not see it otherwise; half the games easy lost against random seats
#: were lost so (12 of 25 in 90 games; 9 of 15 with a threat of 6, 4 of 8 with 12)
FORTHECA_THREAT = 12.0
FORTHECA_CHANCE = 3.0


def _fortheca_threats(s: HWState) -> list[int]:
    """The player clans holding two FortHeca while one is still to come (none once the
    game is over)."""
    if s.phase == OVER:
        return []
    holders = [c for c in range(s.n_players) if len(FORTHECA.intersection(s.piles[c])) == 2]
    if not holders:
        return holders
    for f in s.fort_deck:
        if f in FORTHECA:
            return holders
    for f in s.wall:
        if f in FORTHECA:
            return holders
    return []


def _value_margin(s: HWState, seat: int, threats: list[int]) -> float:
    """``_margin`` with the FortHeca threats (``_fortheca_threats``) counted in."""
    m = _margin(s, seat)
    for c in threats:
        m += FORTHECA_CHANCE if c == seat else -FORTHECA_THREAT
    return m


def _turn_played(s: HWState, rng: Rng | None) -> HWState:
    """``s`` once the policy has played out the current turn (a copy)."""
    if s.phase != OVER:
        s = s.clone()
        rng = rng or Rng(s.rng.state ^ 0x5EED)
        turn = s.turn
        while s.phase != OVER and s.turn == turn:
            RULES._do(s, policy_action(s, rng), None)
    return s


def heuristic(s: HWState, seat: int, rng: Rng | None = None) -> float:
    """Value in (-1, 1) of ``s`` for ``seat``: the score margin after the policy plays
    out the current turn (an instant win or loss counts as the extreme)."""
    s = _turn_played(s, rng)
    if s.winner is not None:
        return 1.0 if s.winner == seat else -1.0
    return math.tanh(_value_margin(s, seat, _fortheca_threats(s)) / 10.0)


def heuristic_values(s: HWState) -> list[float]:
    """``heuristic`` of every player seat, the turn played out once for them all."""
    s = _turn_played(s, None)
    seats = range(s.n_players)
    if s.winner is not None:
        return [1.0 if s.winner == seat else -1.0 for seat in seats]
    threats = _fortheca_threats(s)
    return [math.tanh(_value_margin(s, seat, threats) / 10.0) for seat in seats]


# ------------------------------------------------------------------ the orders as a whole
#: the search over whole orders (``plan_choice``) plays the turn out this many times the
#: agent's iterations per decision: the orders are six decisions (the set-aside and five
#: placements) searched at the first of them; at most ``ORDERS_MOST`` times, so that
#: hard's orders take well under a second of CPU time (about 0.1 ms a turn at 4 players)
#:
#: Measured and not kept (the ladder's seeds and layouts, medium against easy and hard
#: against greedy, the same games with and without; this code: medium 57.0 % of 135,
#: hard 69.8 % of 63).  In the search's own model, 6000 turns beat easy's 720 by only
#: 0.06 of a turn's value (24 positions, 300 fresh worlds each), and restarting the
#: climb from random orders (three of 1800) did no better than one climb of 6000.  The
#: rivals' orders: easy's searched orders rank the cards by the forts only loosely
#: (rank correlation 0.40, a card at the place ``rank_orders`` gives it 27 % of the
#: time) and greedy's not at all (-0.01), so the random orders of a determinization
#: are the right model of greedy; ranked rivals did worse (medium 50.0 % against 55.0 %
#: of 20 games, hard 54.5 % against 63.6 % of 11).  A rival holding a FortHeca with
#: enough on the wall for a third (HW-12.1) taken, in half the worlds, as setting its
#: strongest cards against them: medium 60.0 % of 135 (paired +3.0 +- 6.5 points, 12
#: games better, 8 worse), hard 69.8 % of 63 (5 better, 5 worse).  The last turn
#: valued by the game's result instead of the margin: medium 56.0 % against 56.0 % of
#: 25, hard 57.1 % against 71.4 % of 14.
ORDERS_SHARE = 6
ORDERS_MOST = 6000
#: the worlds each orders are first tried on in a pass; doubled after a pass that finds
#: nothing better, so that the closer calls get the more worlds
ORDERS_WORLDS = 8
#: the iterations of an agent without an iteration budget (a time budget only)
PLAN_ITERATIONS = 120


def rank_orders(s: HWState, c: int) -> list[str]:
    """The orders the search starts from: the policy's set-aside (if still to make),
    then the cards in hand for the free positions from the left, the weaker card at the
    less valuable fort (HW-7.2, HW-7.3)."""
    hand = list(s.hand[c])
    orders = []
    if len(s.aside[c]) < 3:
        aside = _aside_choice(s, c)
        hand.remove(aside)
        orders.append(aside)
    free = [p for p in range(6) if s.facedown[c][p] is None]
    by_value = sorted(free, key=lambda p: FORT_VALUE[s.wall[p]])
    at = dict(zip(by_value, sorted(hand, key=STRENGTH.__getitem__), strict=True))
    return orders + [at[p] for p in free]


def _orders_value(world: HWState, c: int, orders: list[str], aside: bool, rng: Rng) -> float:
    """Clan ``c``'s value of ``world`` once it gives ``orders`` (its set-aside first if
    ``aside``, then its cards for the free positions from the left) and the policy plays
    out the turn: an instant win or loss counts as the extreme, else the margin."""
    s = world.clone()
    col = s.colours[c]
    turn = s.turn
    do = RULES._do
    cards = orders
    if aside:
        do(s, ONE["ASIDE"][col][orders[0]], None)
        cards = orders[1:]
    place = AT["PLACE"][col]
    p = s.facedown[c].index(None)
    for card in cards[:-1]:  # (the engine places the last card)
        do(s, place[p][card], None)
        p += 1
    while s.phase != OVER and s.turn == turn:
        do(s, policy_action(s, rng), None)
    if s.winner is not None:
        return 1.0 if s.winner == c else -1.0
    return math.tanh(_value_margin(s, c, _fortheca_threats(s)) / 10.0)


def search_orders(obs: dict, budget: int, rng: Rng, stop=None) -> tuple[list[str], bool, int]:
    """The seat's best orders found in about ``budget`` turns played out: a hill climb
    from ``rank_orders`` over the swaps of two of its cards (the set-aside card
    included).  Each pass tries the orders and every swap of them on the same fresh
    determinizations of ``obs``, each with the same random stream (common random
    numbers), and moves to the best swap that does better; a pass that finds none tries
    again on twice the worlds.  Returns (the orders, whether they begin with the
    set-aside, the turns played out); ``stop`` (asked before each swap is tried and after
    each pass) ends it early."""
    c = obs["seat"]
    determinize = RULES.determinize
    orders = rank_orders(determinize(obs, rng), c)
    aside = len(obs["clans"][c]["aside"]) < 3
    n = len(orders)
    swaps = [(i, j) for i in range(n) for j in range(i + 1, n)]
    per = len(swaps) + 1
    k = max(1, min(ORDERS_WORLDS, budget // per))
    used = 0
    while used + per * k <= budget:
        worlds = [determinize(obs, rng) for _ in range(k)]
        seeds = [rng.next64() for _ in range(k)]
        best_value = sum(
            _orders_value(w, c, orders, aside, Rng(x)) for w, x in zip(worlds, seeds, strict=True)
        )
        best = None
        for tried_swaps, (i, j) in enumerate(swaps):
            if stop is not None and stop():  # a search nobody waits for ends at once
                return orders, aside, used + k * (1 + tried_swaps)
            tried = orders[:]
            tried[i], tried[j] = tried[j], tried[i]
            value = sum(
                _orders_value(w, c, tried, aside, Rng(x))
                for w, x in zip(worlds, seeds, strict=True)
            )
            if value > best_value + 1e-9:
                best, best_value = tried, value
        used += per * k
        if best is None:
            k *= 2
        else:
            orders = best
        if stop is not None and stop():
            break
    return orders, aside, used


def plan_choice(obs: dict, legal: list[HWAction], agent) -> HWAction | None:
    """The orders searched as a whole (``search_orders``) at the seat's first orders
    decision of a turn, their first step played; the next steps are played at the
    following decisions without a new search, each only where the seat's hand is the one
    the orders expected there (after an undo or a load, a new search).  The rest is kept
    in ``agent.carry`` (plain data, handed back by the window's worker).  None outside
    the orders: the agent's own search decides."""
    if obs["phase"] != ORDERS:
        return None
    c = obs["seat"]
    own = obs["clans"][c]
    col = own["colour"]
    memo = getattr(agent, "carry", None)
    agent.carry = None
    agent.last_visits = {}
    key = (obs["turn"], tuple(obs["wall"]), tuple(sorted(own["hand"])))
    if isinstance(memo, tuple) and len(memo) == 2 and memo[0] == key and memo[1]:
        rest = list(memo[1])
        action = AT["PLACE"][col][own["facedown"].index(None)].get(rest[0])
        if action in legal:
            _carry(agent, obs, own, rest)
            agent.last_iterations = 0
            return action
    budget = min((agent.iterations or PLAN_ITERATIONS) * ORDERS_SHARE, ORDERS_MOST)
    stop = getattr(agent, "stop", None)
    orders, aside, used = search_orders(obs, budget, Rng(decision_seed(agent.seed, obs)), stop)
    agent.last_iterations = used
    if aside:
        action = ONE["ASIDE"][col][orders[0]]
    else:
        action = AT["PLACE"][col][own["facedown"].index(None)][orders[0]]
    if not (stop is not None and stop()):
        _carry(agent, obs, own, orders)
    return action


def _carry(agent, obs: dict, own: dict, orders: list[str]) -> None:
    """Keep in ``agent.carry`` the cards of ``orders`` after its first, with the hand
    the seat will then hold, where a decision of the seat is left to make with them."""
    hand = list(own["hand"])
    hand.remove(orders[0])
    rest = orders[1:]
    if len(rest) >= 2:  # (the engine places the last card)
        agent.carry = ((obs["turn"], tuple(obs["wall"]), tuple(sorted(hand))), tuple(rest))


#: the parts of ``heuristic``, named for the hint
HINT_TERMS = (
    Term("points of the captured forts", "HW-12"),
    Term("two FortHeca held, a third still to come", "HW-12.1"),
)
MARGIN_TERM, FORTHECA_TERM = HINT_TERMS
WIN_TERM = Term("winning the game", "HW-12.1")


def heuristic_terms(s: HWState, seat: int) -> dict[Term, float]:
    """``heuristic``'s margin in its named parts: the game won or lost at the end of the
    turn, else the points of the forts then held (less the best rival's) and the
    FortHeca threats (``_fortheca_threats``)."""
    s = _turn_played(s, None)
    if s.winner is not None:
        won = 100.0 if s.winner == seat else -100.0
        return {WIN_TERM: won, MARGIN_TERM: 0.0, FORTHECA_TERM: 0.0}
    margin = _margin(s, seat)
    threat = _value_margin(s, seat, _fortheca_threats(s)) - margin
    return {WIN_TERM: 0.0, MARGIN_TERM: float(margin), FORTHECA_TERM: float(threat)}
