"""Field of Glory knowledge for the computer seats (FG-24).

``policy_action`` is the FG-24.2 greedy policy, one rule per decision point; it reads
only what the deciding side may see (its own hand, the public table, and counts):
the expected enemy bonus ``eb`` is worked out from the cards of the enemy not seen in
public zones (FG-24.1).  It is the greedy level (``greedy_action``) and, with a random
share, the playout policy of the search.  ``heuristic`` is the FG-24.3 evaluation.
``search_actions`` prunes the placements, payments and bonus cards the search grows
(FG-24.4 action abstraction).
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.core.contract import Term
from game.core.rng import Rng

from .content import CP, CTYPE, CV, IS_UNIT, MC, SIDES, VP, deck_of, placement_cost
from .rules import RULES, envelopment_count, lead_addends
from .state import ASIDE, FIRST, OVER, FGState
from .verbs import DECISIONS, VERBS, FGAction

PLAYOUT_EPSILON = 0.1  # share of random moves in search playouts
SEARCH_PLACEMENTS = 6  # placements the search grows at a D6/D7 decision

_DRAFT_WEIGHT = {"LD": 4, "HI": 3, "PH": 3, "CAV": 3, "EL": 3, "LC": 3, "SP": 2, "MI": 2,
                 "RES": 2, "ENV": 1, "AR": 1, "LI": 1}  # fmt: skip


# ----------------------------------------------------------------- FG-24.1 helpers
def val(card: str) -> int:
    """FG-24.1 card value: CP for Leaders and action cards, else CV + VP (+2 if MC <= 1)."""
    if not IS_UNIT[card]:
        return CP[card]
    return CV[card] + VP[card] + (2 if MC[card] <= 1 else 0)


def unseen_enemy(s: FGState, me: int) -> list[str]:
    """The enemy's cards not in a public zone (his units, discard, my victory pile)."""
    op = 1 - me
    seen = set(s.discard[op])
    seen.update(s.vp[me])
    for col in s.units[op]:
        seen.update(col)
    if s.combat is not None and s.combat["env"] and s.active == op:
        seen.add(s.combat["env"])
    return [c for c in deck_of(op, s.config["historical"]) if c not in seen]


def expected_bonus(s: FGState, me: int) -> int:
    """FG-24.1 ``eb``: what the enemy may add as a bonus card (cautious)."""
    op = 1 - me
    if not s.hand[op] and not s.drawable(op):
        return 0
    unseen = unseen_enemy(s, me)
    if any(CTYPE[c] == "LD" for c in unseen):
        return 5
    return max((CP[c] for c in unseen), default=0)


def threat(s: FGState, p: int) -> int:
    """FG-24.1 ``thr``: terrain held plus columns p would take at his next Advance."""
    own, foe = s.units[p], s.units[1 - p]
    letter = SIDES[p]
    n = 0
    for c in range(5):
        if s.control[c] == letter or (own[c] and not foe[c]):
            n += 1
    return n


def vis(s: FGState, side: int, lead: str, units: list[str], enemy: str, col: int,
        attacker: bool, flank: bool = False, env: int = 0) -> int:  # fmt: skip
    """FG-24.1 visible strength: FG-13.1 without the bonus card."""
    partner = next((u for u in units if u != lead), None)
    return _visible(lead, partner, enemy, s.terrain[col], attacker, flank, env)


@lru_cache(maxsize=1 << 16)
def _visible(lead: str, partner: str | None, enemy: str, terrain: str, attacker: bool,
             flank: bool, env: int) -> int:  # fmt: skip
    """The sum of FG-13.1's addends without a bonus card (a pure function of its
    arguments: remembered, as the playouts ask for the same few again and again)."""
    return sum(lead_addends(lead, partner, enemy, terrain, attacker, flank, 0, env).values())


def best_front(s: FGState, d: int, col: int, lead: str, lc: int, flank: bool) -> int:
    """The defender's best visible strength in ``col`` against ``lead`` (and the
    attacker's strength given that front)."""
    units = s.units[d][col]
    if not units:
        return -99
    return max(vis(s, d, u, units, lead, col, False, flank) for u in units)


def _act(s: FGState, verb: str, *args) -> FGAction:
    return FGAction(SIDES[s.decider()], verb, tuple(args))


# ----------------------------------------------------------------- FG-24.2 policy
def policy_action(s: FGState, rng: Rng, epsilon: float = 0.0) -> FGAction:
    """The FG-24.2 choice of the seat to act; with probability ``epsilon`` a random one."""
    legal = RULES._cached(s)
    if len(legal) == 1:
        return legal[0]
    if epsilon and rng.random() < epsilon:
        return legal[rng.below(len(legal))]
    choice = _choose(s, legal)
    return choice if choice is not None and choice in legal else legal[0]


def _choose(s: FGState, legal: list[FGAction]) -> FGAction | None:
    """The FG-24.2 rule of the decision awaited (``POLICY``), or None."""
    rule = POLICY.get(s.step)
    return rule(s, s.decider(), legal) if rule is not None else None


def _keep(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    kept_ph = any(CTYPE[c] == "PH" for c in s.kept[me])

    def score(c: str) -> tuple:
        w = CP[c] + _DRAFT_WEIGHT[CTYPE[c]] + (2 if CTYPE[c] == "PH" and kept_ph else 0)
        return (-w, c)

    best = sorted(s.group[me], key=score)[:2]
    return next(a for a in legal if set(a.args) == set(best))


def _advdrop(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    units = s.units[me][s.advance[0]]
    worst = min(units, key=lambda u: (CV[u], VP[u]))
    return _act(s, "ADVDROP", worst)


def _lose(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    return min(legal, key=lambda a: CV[a.args[0]])


def _front(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    cb = s.combat
    units = s.units[me][cb["col"]]
    flank = cb["kind"] == "FLANK"
    best = max(units, key=lambda u: vis(s, me, u, units, cb["lead"], cb["col"], False, flank))
    return _act(s, "FRONT", best)


def _place_more(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    return _act(s, "ENDPLACE")  # one unit per Deploy action


def _draw(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    hand = s.hand[me]
    mine, theirs = s.control.count(SIDES[me]), s.control.count(SIDES[1 - me])
    if mine > theirs and len(hand) <= 6:
        leaders = [c for c in hand if CTYPE[c] == "LD"]
        if leaders:
            return _act(s, "DRAWCP", leaders[0])
    if mine < theirs and len(hand) >= 7:
        ones = [c for c in hand if CP[c] == 1]
        if ones:
            return _act(s, "DRAWCP", min(ones, key=val))
    return _act(s, "DRAW3")


def _drop(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    return _act(s, "DROP", min(s.hand[me], key=lambda c: (val(c), CP[c])))


def _margin_of(s: FGState, me: int, col: int, lc: int, lead: str, flank: bool,
               env: int = 0) -> int:  # fmt: skip
    """Visible margin of the attacker's ``lead`` from ``lc`` on ``col``."""
    d = 1 - me
    own = s.units[me][lc]
    dunits = s.units[d][col]
    best = -99
    for f in dunits:  # the defender fronts his best unit
        att = vis(s, me, lead, own, f, col, True, flank, env)
        dv = vis(s, d, f, dunits, lead, col, False, flank)
        best = max(best, dv - att)
    return -best


def _flank(s: FGState, me: int, legal: list[FGAction]) -> FGAction | None:
    eb = expected_bonus(s, me)
    top = max((CP[c] for c in s.hand[me]), default=0)
    best, best_m = None, -99
    for a in legal:
        if a.verb != "FLANK":
            continue
        t, lc = int(a.args[0][1]) - 1, int(a.args[1][1]) - 1
        m = _margin_of(s, me, t, lc, a.args[2], True)
        if m > best_m:
            best, best_m = a, m
    if best is not None and (best_m + top - eb >= 1 or best_m >= 3):
        return best
    return _act(s, "ENDFLANK")


def _retreat(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    cb = s.combat
    col = cb["col"]
    units = s.units[me][col]
    full = max(legal, key=lambda a: len(a.args))
    if cb["kind"] == "ASSAULT" and s.control[col] == SIDES[me] and len(full.args) == len(units):
        return full  # control stays; the attacker loses a unit and a card
    a = s.active
    lead = cb["lead"]
    flank = cb["kind"] == "FLANK"
    att = vis(s, a, lead, s.units[a][cb["launch"]], units[0], col, True, flank,
              envelopment_count(s, a, col) if cb["env"] else 0)  # fmt: skip
    own = max(vis(s, me, u, units, lead, col, False, flank) for u in units)
    top = max((CP[c] for c in s.hand[me]), default=0)
    if own + top <= att + 3:
        return full
    return legal[0]  # RETREAT -


def _envelop(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    cb = s.combat
    n = envelopment_count(s, me, cb["col"])
    if len(legal) > 1 and n >= 1:
        m = _margin_of(s, me, cb["col"], cb["launch"], cb["lead"], False)
        eb = expected_bonus(s, me)
        if n >= 2 or (m - eb <= 0 < m + n - eb + 1):
            return legal[1]
    return legal[0]


def _attack_bonus(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    cb = s.combat
    flank = cb["kind"] == "FLANK"
    env = envelopment_count(s, me, cb["col"]) if cb["env"] else 0
    m = _margin_of(s, me, cb["col"], cb["launch"], cb["lead"], flank, env)
    eb = expected_bonus(s, me)
    hand = s.hand[me]
    good = [c for c in hand if m + CP[c] >= eb + 1]
    if good:
        return _act(s, "BONUS", min(good, key=lambda c: (val(c), CP[c])))
    deck = _act(s, "BONUS", "DECK")
    if deck in legal and all(CP[c] <= 2 for c in hand):
        return deck
    if hand:
        return _act(s, "BONUS", max(hand, key=lambda c: (CP[c], -val(c))))
    return deck


def _defend_bonus(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    cb = s.combat
    a = s.active
    col = cb["col"]
    flank = cb["kind"] == "FLANK"
    units = s.units[me][col]
    front = cb["front"]
    env = envelopment_count(s, a, col) if cb["env"] else 0
    att = vis(s, a, cb["lead"], s.units[a][cb["launch"]], front, col, True, flank, env)
    own = vis(s, me, front, units, cb["lead"], col, False, flank)
    hand = s.hand[me]
    good = [c for c in hand if own + CP[c] > att + 3]
    if good:
        return _act(s, "BONUS", min(good, key=lambda c: (val(c), CP[c])))
    if hand and any(VP[u] >= 3 or CTYPE[u] == "EL" for u in units):
        return _act(s, "BONUS", max(hand, key=lambda c: (CP[c], -val(c))))
    return _act(s, "BONUS", "NONE")


def _pay(s: FGState, me: int, legal: list[FGAction]) -> FGAction:
    d = s.deploy
    left = d["cost"] - d["paid"]
    hand = s.hand[me]
    finish = [c for c in hand if CP[c] >= left]
    if finish:
        return _act(s, "PAY", min(finish, key=lambda c: (CP[c] - left + val(c), c)))
    return _act(s, "PAY", min(hand, key=lambda c: (val(c) - CP[c], c)))


def rate_placement(s: FGState, me: int, a: FGAction, thr: int | None = None) -> float:
    """How useful a placement looks (FG-24.2 D6 defend / expand); ``thr`` is
    ``threat(s, 1 - me)`` where the caller has it already."""
    card, col = a.args[0], int(a.args[1][1]) - 1
    clears = a.args[2:]
    own, foe = s.units[me][col], s.units[1 - me][col]
    letter = SIDES[me]
    code = CTYPE[card]
    cost = placement_cost(card, col, s.terrain[col])
    score = 0.3 * CV[card] - 0.6 * cost - 2.5 * len(clears)
    kept = [u for u in own if u not in clears]
    if foe and not kept:
        score += 4.0 + (2.0 if s.control[col] != letter else 0.0)  # block his advance
        if (threat(s, 1 - me) if thr is None else thr) >= 3:
            score += 6.0
    elif not foe and not kept:
        score += 3.0 if s.control[col] != letter else -2.0
        if code in ("CAV", "LC") and col in (0, 4):
            score += 1.0
        if code in ("HI", "PH") and col in (1, 2, 3):
            score += 1.0
    elif foe and kept:
        score += 1.5  # support for an assault
    else:
        score -= 4.0  # a second unopposed unit is discarded at the Advance (FG-8.2)
    return score


def _action(s: FGState, me: int, legal: list[FGAction]) -> FGAction | None:
    eb = expected_bonus(s, me)
    hand = s.hand[me]
    top = max((CP[c] for c in hand), default=0)
    # 1) defend / 2) assault
    best_assault, best_m = None, -99.0
    for a in legal:
        if a.verb != "ASSAULT":
            continue
        col = int(a.args[0][1]) - 1
        lead = a.args[1]
        m = _margin_of(s, me, col, col, lead, False)
        foe = s.units[1 - me][col]
        can_retreat = any(MC[u] < MC[lead] for u in foe)
        two = len(s.units[me][col]) == 2
        score = m + top - eb
        if can_retreat:
            score -= 1.5
        if score >= 1 or (two and score >= -1):
            if s.control[col] == SIDES[1 - me]:
                score += 2
            if score > best_m:
                best_assault, best_m = a, score
    thr = threat(s, 1 - me)
    placements = [a for a in legal if a.verb == "PLACE"]
    if placements:  # each rated once: the first of the best, as max() picks it
        rates = [rate_placement(s, me, a, thr) for a in placements]
        top_rate = max(rates)
        best = placements[rates.index(top_rate)]
    if thr >= 3 and placements and top_rate > 6:
        return best
    if best_assault is not None:
        return best_assault
    # 3) expand, keeping a card of CP >= 3 for a bonus
    if placements:
        rest = [c for c in hand if c != best.args[0]]
        col = int(best.args[1][1]) - 1
        cost = placement_cost(best.args[0], col, s.terrain[col])
        keeps_big = any(CP[c] >= 3 for c in rest) or cost == 0
        if top_rate > 0.5 and keeps_big:
            return best
    # 4) reserve
    if len(hand) <= 4:
        for a in legal:
            if a.verb == "RESERVE":
                return a
    return _act(s, "ENDACT")


#: the FG-24.2 rule of each decision step (verbs.DECISIONS): (state, seat, legal actions)
POLICY = {
    "KEEP": _keep, "ADVDROP": _advdrop, "FLANK": _flank, "RETREAT": _retreat, "LOSE": _lose,
    "FRONT": _front, "ENV": _envelop, "ABONUS": _attack_bonus, "DBONUS": _defend_bonus,
    "ACT": _action, "PLACE": _place_more, "PAY": _pay, "DRAW": _draw, "DROP": _drop,
}  # fmt: skip


# ----------------------------------------------------------------- search pruning
#: the decisions that accept a placement, and those whose cards are spent for their CP
_PLACING = frozenset(step for step, d in DECISIONS.items() if "PLACE" in d.verbs)
_BY_CP = frozenset(step for step, d in DECISIONS.items() if any(VERBS[v].by_cp for v in d.verbs))


def search_actions(s: FGState, legal: list[FGAction]) -> list[FGAction]:
    """FG-24.4: a few placements, the lowest-value card of each CP value for payments,
    bonus cards, draws and hand-limit discards; everything else as it is.  A payment
    never overpays for nothing (FG-11.9: overpayment is lost): of the cards that finish
    the payment, one with more CP is grown only if it is worth less to keep."""
    step = s.step
    me = s.decider()
    if step == "PAY":
        legal = _thrifty_payments(s, legal)
    if len(legal) <= 6:
        return legal
    if step in _PLACING:
        places = [a for a in legal if a.verb == "PLACE"]
        if len(places) <= SEARCH_PLACEMENTS:
            return legal
        thr = threat(s, 1 - me)
        ranked = sorted(places, key=lambda a: -rate_placement(s, me, a, thr))
        keep = set(ranked[:SEARCH_PLACEMENTS])
        return [a for a in legal if a.verb != "PLACE" or a in keep]
    if step in _BY_CP:
        best: dict[int, FGAction] = {}
        out = []
        for a in legal:
            card = a.args[0] if a.args else None
            if card is None or card in ("DECK", "NONE"):
                out.append(a)
                continue
            k = CP[card]
            if k not in best or val(card) < val(best[k].args[0]):
                best[k] = a
        keep = set(best.values())
        return [a for a in legal if a in keep or a in out]
    return legal


def _thrifty_payments(s: FGState, legal: list[FGAction]) -> list[FGAction]:
    """The payments of ``legal`` (PAY card) without those that overpay more than another
    finishing card of no higher value: paying the 3-CP card where the 1-CP card of the
    same value finishes the payment loses 2 CP and keeps the worse card."""
    d = s.deploy
    left = d["cost"] - d["paid"]
    finishers = [a.args[0] for a in legal if CP[a.args[0]] >= left]

    def dominated(c: str) -> bool:
        return CP[c] >= left and any(
            o != c and CP[o] <= CP[c] and val(o) <= val(c) and (CP[o], val(o)) != (CP[c], val(c))
            for o in finishers
        )

    return [a for a in legal if not dominated(a.args[0])] or legal


# ----------------------------------------------------------------- FG-24.3 evaluation
#: the parts of the FG-24.3 score, named for the hint (in the order of ``_parts``)
HINT_TERMS = (
    Term("terrain held", "FG-7"),
    Term("a third terrain card within reach", "FG-7.1"),
    Term("the combat value of the units on the battlefield", "FG-3.1"),
    Term("command points in hand", "FG-3.1"),
    Term("victory points", "FG-19.3"),
)
WIN_TERM = Term("winning the battle", "FG-19")


def _parts(s: FGState, p: int, late: bool) -> tuple[float, ...]:
    """The FG-24.3 score of ``p`` in its parts (``HINT_TERMS``)."""
    terrain = s.control.count(SIDES[p])
    cv = sum(CV[u] for col in s.units[p] for u in col)
    hand_cp = sum(CP[c] for c in s.hand[p])
    vp = sum(VP[c] for c in s.vp[p])
    tw, vw = (14.0, 0.8) if late else (10.0, 0.3)
    return tw * terrain, 6.0 * (threat(s, p) >= 3), cv, 0.4 * hand_cp, vw * vp


def _score(s: FGState, p: int, late: bool) -> float:
    return sum(_parts(s, p, late))


def _late(s: FGState) -> bool:
    return FIRST not in s.shuf or ASIDE in s.shuf


def heuristic(s: FGState, seat: int) -> float:
    """FG-24.3 score margin for ``seat``, squashed into (-1, 1); a finished game is
    +-1 (0 for a draw)."""
    if s.step == OVER:
        if s.winner is None:
            return 0.0
        return 1.0 if s.winner == seat else -1.0
    late = _late(s)
    margin = _score(s, seat, late) - _score(s, 1 - seat, late)
    return math.tanh(margin / 40.0)


def heuristic_terms(s: FGState, seat: int) -> dict[Term, float]:
    """The FG-24.3 margin of ``seat`` in its named parts; a finished game: its end."""
    if s.step == OVER:
        won = 0.0 if s.winner is None else (1000.0 if s.winner == seat else -1000.0)
        return {WIN_TERM: won}
    late = _late(s)
    mine, theirs = _parts(s, seat, late), _parts(s, 1 - seat, late)
    return {term: a - b for term, a, b in zip(HINT_TERMS, mine, theirs, strict=True)}
