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

from game.core.contract import Term
from game.core.rng import Rng

from .actions import HWAction
from .content import FORT_VALUE, SOLO_TARGET, STRENGTH

# rules.py imports this module once RULES exists (at its end), and this import finds it
# there whichever of the two modules is imported first; bound once (an import on every
# call cost the playouts time)
from .rules import RULES
from .state import AXX, DRU, FOK, HRS, KOM, OVER, QWN, SVD, UNA, HWState
from .verbs import (
    AT,
    ONE,
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
    return math.tanh(_margin(s, seat) / 10.0)


def heuristic_values(s: HWState) -> list[float]:
    """``heuristic`` of every player seat, the turn played out once for them all."""
    s = _turn_played(s, None)
    seats = range(s.n_players)
    if s.winner is not None:
        return [1.0 if s.winner == seat else -1.0 for seat in seats]
    return [math.tanh(_margin(s, seat) / 10.0) for seat in seats]


#: the parts of ``heuristic``, named for the hint
HINT_TERMS = (Term("points of the captured forts", "HW-12"),)
MARGIN_TERM = HINT_TERMS[0]
WIN_TERM = Term("winning the game", "HW-12.1")


def heuristic_terms(s: HWState, seat: int) -> dict[Term, float]:
    """``heuristic``'s margin in its named parts: the game won or lost at the end of the
    turn, else the points of the forts then held (less the best rival's)."""
    s = _turn_played(s, None)
    if s.winner is not None:
        return {WIN_TERM: 100.0 if s.winner == seat else -100.0, MARGIN_TERM: 0.0}
    return {WIN_TERM: 0.0, MARGIN_TERM: float(_margin(s, seat))}
