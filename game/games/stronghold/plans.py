"""Stronghold plans: whole decisions for the computer seats, as runs of single actions.

A side makes 15-40 single decisions a round (each unit move of a mobilisation step, each
hourglass of a window, each archer of a volley).  The computer searches over *plans*
instead: at a decision point ``candidate_plans`` offers a handful of good ways to play the
whole of it, each a sequence of legal single actions of the seat to act that stays within
the point (``scope``):

* an Invader phase (P1-P5, the movement or orders part of P6): the purchases, trainings,
  rituals or orders of the phase, ending with ``PASS``;
* one step of a mobilisation: its unit moves, ending with ``NEXT``;
* a Defender window: every hourglass he holds (or, with two Defenders, one purchase);
* in the Assault, the cannons, the aims of the siege machines, the archers' volley
  (``SHOOT`` ... ``HOLD``) and the goblins' fire; other Assault decisions are plans of one
  action.

People still play the single steps; a plan is only the computer's way of choosing them.
The plans of one point differ in what they do, not only in their order (plans of the same
actions count once): the rating policy's own; one for each of the three most threatened
sections, rated as if that section were the target (``focus_view``); in a Defender window
one that first keeps every attacked section from a breach (``breach_needs``, SH-19.1); in
an Invader phase passing at once or after one or two actions (each unit placed hands the
Defender an hourglass, SH-6.1); then the best-rated other first steps.  The plans are
built by the rating policy (``ai.score``) and these rules of thumb, which keep the
computer from the mistakes seen in play:

* it never declines a free shot (a siege machine's aim, the archers, goblin fire);
* the archers' volley goes to the reachable ramparts where the most Invader strength
  falls (SH-18.2.6 losses: the largest total at most the fire points);
* hourglasses are concentrated on one building action until it completes (SH-6.4): no
  new purchase is begun while a begun one worth finishing can be paid for;
* a cauldron is completed only on a section where units of its kind are or come next;
* secret orders (SH-13.6.3) are paid only in a plan that places one;
* a flipped card's special action is used (SH-14.1), and a card is flipped only for a
  special of use every round (never a transfer, no Charge! while resources are left);
* with eight or more units in the camp (SH-13.5 upkeep 3+) and a mobilisation to take,
  the movement part is not passed, and a mobilisation's camp step is not ended while
  camp units can move.

The rules of thumb on a plan's first step, a flipped card's special and the verbs a
plan must hold together are read from the verbs' rows (``Verb.thumb``, ``FIRST_RULES``,
``Verb.special``, ``Verb.plan_needs``); no verb is named in a chain here.

Everything here reads only what the seat to act may see; no randomness.
"""

from __future__ import annotations

from .ai import (
    _CAULDRONS,
    _FEEDS,
    _order_bonus,
    _view,
    cauldron_worth,
    policy_action,
    score,
)
from .assault import archer_sources, strengths
from .board import ARCHER_TARGETS, HG, RAMPART_SECTIONS, SECTIONS, SIDE_SECTIONS
from .common import SHAction, action_cost, max_under
from .content import MOBILISATION
from .invader import own
from .rules import RULES
from .state import SHState
from .verbs import HOLD, MOVE, PAY, SHOOT, SWAP, VERBS

#: the most plans offered at one decision point, and the longest plan
PLAN_WIDTH = 6
MAX_STEPS = 30
#: the decision kinds whose successive decisions by one seat form one plan
_CHAINED = frozenset({"PHASE", "WINDOW", "SHOOT", "CANNON", "AIM", "SNIPE", "FIRE"})
CAMP_MOVE_AT = 8  # camp units from which passing the movement part costs 3+ hourglasses


def scope(s: SHState) -> tuple | None:
    """The decision point the seat to act is in: a plan lasts while it is the same."""
    if s.stage == "OVER":
        return None
    p = s.pending
    d = p["kind"]
    seat = RULES.to_act(s)
    if d == "PHASE":
        mob = s.mobilisation
        if mob is not None:
            return (s.round, s.stage, "MOB", mob["limit"], mob["step"], seat)
        return (s.round, s.stage, "PHASE", p.get("step"), seat)
    if d == "WINDOW":
        return (s.round, s.stage, "WINDOW", bool(p.get("alarm")), bool(p.get("to_complete")), seat)
    if d in _CHAINED:
        return (s.round, s.stage, s.assault.get("step"), d, seat)
    return None  # one decision: a plan of one action


def _legal(s: SHState) -> list[SHAction]:
    return RULES._cached_legal(s)


def _best(s: SHState, legal: list[SHAction], view: dict) -> SHAction:
    """The best-rated action, the first in the legal order on a tie (deterministic)."""
    best, top = None, -1e18
    for a in legal:
        v = score(s, a, view)
        if v > top + 1e-9:
            best, top = a, v
    return best


def extend(
    s: SHState, steps: list[SHAction], key, rule=None, focus: str | None = None
) -> tuple[SHAction, ...]:
    """``steps`` played on a copy of ``s``, then the best-rated action (or ``rule``'s
    choice) while the decision point stays ``key``; every step is legal in turn.  With
    ``focus`` the ratings see that section as the most threatened one (``focus_view``)."""
    c = RULES.clone(s)
    out: list[SHAction] = []
    for a in steps:
        if a not in _legal(c):
            break
        RULES.apply(c, a)
        out.append(a)
        if scope(c) != key:
            return tuple(out)
    while len(out) < MAX_STEPS and scope(c) == key and key is not None:
        legal = _legal(c)
        back = {(a.args[1], a.args[0], a.args[2]) for a in out if _dmove(a)}
        if back:  # no defender is sent back where the plan took him from
            legal = [a for a in legal if not _dmove(a) or a.args not in back] or legal
        a = rule(c, legal, focus) if rule is not None else None
        if a is None:
            a = _best(c, legal, focus_view(c, focus))
        RULES.apply(c, a)
        out.append(a)
    return tuple(out)


def _dmove(a: SHAction) -> bool:
    return a.verb == MOVE.name and len(a.args) == 3


#: how much more threatened a plan's focus section looks to the ratings
FOCUS_BONUS = 5.0


def focus_view(s: SHState, focus: str | None) -> dict:
    """The ratings' view of ``s`` (``ai._view``); with ``focus``, that section's threat
    raised by FOCUS_BONUS and made the Invader's target: the Invader's moves, equipment
    and machines go there, the Defender's units, walls and cauldrons too."""
    view = _view(s)
    if focus is None:
        return view
    p = dict(view["p"])
    p[focus] = p[focus] + FOCUS_BONUS
    return {"p": p, "target": focus}


def focus_sections(s: SHState, n: int = 3) -> list[str]:
    """The ``n`` sections a plan may concentrate on: the most threatened ones the seat to
    act can reach (the Invader: those of his side)."""
    p = _view(s)["p"]
    seat = RULES.to_act(s)
    side = s.inv_side(seat) if s.is_invader(seat) else s.def_side(seat - s.n_inv)
    secs = [x for x in p if side is None or x in SIDE_SECTIONS[side]]
    return sorted(secs, key=lambda x: (-p[x], x))[:n]


def _dedupe(plans) -> list[tuple[SHAction, ...]]:
    """The plans without repeats; two plans of the same actions in another order are
    one plan (the first kept): they end in the same position."""
    seen, out = set(), []
    for p in plans:
        sig = tuple(sorted(map(str, p)))
        if p and sig not in seen:
            seen.add(sig)
            out.append(p)
    return out


def candidate_plans(s: SHState, width: int = PLAN_WIDTH) -> list[tuple[SHAction, ...]]:
    """A handful of whole plans for the seat to act (the first is the rating policy's
    own), each legal step by step; a single action each outside chained points."""
    legal = _legal(s)
    if not legal:
        return []
    key = scope(s)
    d = s.pending["kind"]
    if d == "FLIP":
        return [(a,) for a in legal if VERBS[a.verb].closes or flip_useful(s, int(a.args[0]))]
    if d == "SHOOT":
        return _volleys(s, key, width)
    view = _view(s)
    ranked = sorted(((score(s, a, view), -i, a) for i, a in enumerate(legal)), reverse=True)
    firsts = [a for _v, _i, a in ranked]
    firsts = [a for a in firsts if _first_ok(s, a, legal)] or firsts
    if key is None:
        return [(a,) for a in firsts[:width]]
    rule = _rule
    if d == "WINDOW" and not s.pending.get("alarm") and not s.pending.get("to_complete"):
        rule = _concentrate
        # SH-6.4: a begun action the hourglasses in hand complete is completed first
        firsts = [a for a in firsts if _completes(s, a)] or firsts
    plans = [extend(s, [firsts[0]], key, rule)]  # the rating policy's own
    focus_rule = _finish if rule is _concentrate else rule
    plans += [extend(s, [], key, focus_rule, sec) for sec in focus_sections(s)]
    if d == "WINDOW" and rule is _concentrate:
        plans.insert(1, extend(s, [], key, _hold))
        plans.insert(2, extend(s, [], key, _hold_win))
        plans += [extend(s, [a], key, _concentrate) for a in firsts if a.verb == PAY.name][:2]
    if d == "PHASE" and s.mobilisation is None:
        plans += _shorter(s, plans[0], legal)
    plans += [extend(s, [a], key, focus_rule) for a in firsts[1:width]]
    plans = [p for p in _dedupe(plans) if _plan_ok(s, p)] or plans
    return _dedupe(plans)[:width]


def _shorter(s: SHState, plan: tuple[SHAction, ...], legal: list[SHAction]):
    """An Invader phase played shorter: every unit he places hands the Defender an
    hourglass (SH-6.1), so passing after one or two of the plan's actions, or at once, is
    a plan of its own."""
    pass_ = next((a for a in legal if VERBS[a.verb].ends), None)
    if pass_ is None or not _first_ok(s, pass_, legal):
        return []
    out = [(pass_,)]
    for n in (1, 2):
        if len(plan) > n + 1:
            out.append(extend(s, list(plan[:n]) + [pass_], scope(s)))
    return out


# ----------------------------------------------------------------- rules of thumb
def _first_ok(s: SHState, a: SHAction, legal: list[SHAction]) -> bool:
    """Whether ``a`` may begin a plan at all: the rule of thumb its verb names
    (``Verb.thumb``, ``FIRST_RULES``), if any."""
    rule = FIRST_RULES.get(VERBS[a.verb].thumb)
    return rule(s, a, legal) if rule is not None else True


def _free_shot(s: SHState, a: SHAction, legal: list[SHAction]) -> bool:
    """A free shot is never declined (SH-18.2.2)."""
    return a.args[1] != "-" or len(legal) == 1


def _goblin_fire(s: SHState, a: SHAction, legal: list[SHAction]) -> bool:
    """SH-18.2.7: goblin fire does not end while an archer is in reach."""
    return a.args[0] != "-" or not any(
        x.args[0] != "-" and s.defender_units[x.args[1]][0] for x in legal
    )


def _pass(s: SHState, a: SHAction, legal: list[SHAction]) -> bool:
    """A full camp is mobilised (SH-13.5 upkeep); the flipped card's special is used."""
    if s.stage == "P6" and s.pending.get("step") == "MOVE":
        return not _must_mobilise(s, legal)
    return not any(VERBS[x.verb].special for x in legal)


def _purchase(s: SHState, a: SHAction, legal: list[SHAction]) -> bool:
    """SH-6.4: a begun purchase is finished first; SH-16.3: a cauldron goes where its
    kind is."""
    if not s.paid[a.args[0]]:
        return not _begun_payable(s, legal)
    if len(a.args) > 1 and a.args[0] in _CAULDRONS:
        return cauldron_worth(s, a.args[0], a.args[1]) > 0
    return True


def _camp_step(s: SHState, a: SHAction, legal: list[SHAction]) -> bool:
    """A mobilisation's camp step is not ended while camp units can move."""
    if s.mobilisation is not None and s.mobilisation["step"] == 3:
        return all(x.verb == a.verb for x in legal)
    return True


#: the rules of thumb on whether an action may begin a plan, by the name its verb gives
#: (``Verb.thumb``)
FIRST_RULES = {
    "free_shot": _free_shot,
    "goblin_fire": _goblin_fire,
    "pass": _pass,
    "purchase": _purchase,
    "camp_step": _camp_step,
}


def flip_useful(s: SHState, phase: int) -> bool:
    """SH-14.1: a card is flipped for good, so only for a special the Invader can use
    every round from now on: never a transfer (3, 4); Charge! (1) once no resources are
    left to gain; Precise Shot (2) with a throwing machine of his own; Escape the Knife
    (5) while the supply holds three goblins."""
    i = RULES.to_act(s)
    if phase == 1:
        return s.resource_supply == 0
    if phase == 2:
        return any(own(s, i, slot) for slot in s.decks)
    if phase == 5:
        return s.supply[0] >= 3
    return False


def _begun_payable(s: SHState, legal: list[SHAction]) -> bool:
    """A purchase begun and not complete that the seat can go on paying for, and that
    is still worth something (ai.score)."""
    view = None
    for x in legal:
        if x.verb == PAY.name and s.paid[x.args[0]] and not s.done[x.args[0]]:
            view = view or _view(s)
            if score(s, x, view) > 0:
                return True
    return False


def _must_mobilise(s: SHState, legal: list[SHAction]) -> bool:
    i = RULES.to_act(s)
    return sum(s.camp[i]) >= CAMP_MOVE_AT and any(x.verb in MOBILISATION for x in legal)


def _rule(s: SHState, legal: list[SHAction], focus: str | None = None) -> SHAction | None:
    """The plan's next step where a rule of thumb overrides the rating."""
    ok = [a for a in legal if _first_ok(s, a, legal)] or legal
    special = [a for a in ok if VERBS[a.verb].special]
    return _best(s, special or ok, focus_view(s, focus))


def _concentrate(s: SHState, legal: list[SHAction], focus: str | None = None) -> SHAction | None:
    """In a window: go on paying for an action begun and not complete (SH-6.4)."""
    started = [code for code, n in s.paid.items() if n and not s.done[code]]
    if started:
        view = focus_view(s, focus)
        pays = [
            a
            for a in legal
            if a.verb == PAY.name and a.args[0] in started and score(s, a, view) > 0
        ]
        if pays:
            return _best(s, pays, view)
    return _rule(s, legal, focus)


def _completes(s: SHState, a: SHAction, view: dict | None = None) -> bool:
    """Whether ``a`` pays for a begun action, worth something, that the hourglasses in
    hand can complete (SH-6.4)."""
    if a.verb != PAY.name or not s.paid[a.args[0]] or s.done[a.args[0]]:
        return False
    left = s.hourglasses[RULES.to_act(s) - s.n_inv]
    return (
        action_cost(s, a.args[0]) - s.paid[a.args[0]] <= left and score(s, a, view or _view(s)) > 0
    )


def _finish(s: SHState, legal: list[SHAction], focus: str | None = None) -> SHAction | None:
    """In a window: complete a begun action the hourglasses in hand can complete (SH-6.4),
    then play by the ratings."""
    view = focus_view(s, focus)
    pays = [a for a in legal if _completes(s, a, view)]
    if pays:
        return _best(s, pays, view)
    return _rule(s, legal, focus)


_UNIT_STRENGTH = {"A": 1, "S": 2, "V": 3}


def breach_needs(s: SHState, win: bool = False) -> dict[str, float]:
    """Per section the Invader attacks: how far his strength exceeds what the Defender
    there can absorb without a breach (SH-19.1: a breach when A - D > D_units, so each
    unit of strength sent there counts twice).  Positive: a breach as things stand.  An
    Orc Explosion's walls count as lost (SH-18.4.3); before window 6 the units on the
    ramparts that feed the section count too (they can step on in the mobilisation).
    With ``win``: how far from winning the melee (SH-18.5.4: A - D; positive or nought,
    the Defender loses units worth the advantage, or kills nothing)."""
    out = {}
    late = s.stage == "W6" or s.stage == "ASSAULT"
    for sec in SECTIONS:
        atk, dfn, d_units, _frenzy = strengths(s, sec)
        if sec in s.orders and s.orders[sec][0] == "EXP":
            atk += _order_bonus(s, sec)
        if not late:
            atk += sum(
                sum(s.units[r][k] * (k + 1) for k in range(3)) / len(RAMPART_SECTIONS[r])
                for r in _FEEDS[sec]
            )
        if atk:
            out[sec] = atk - dfn - (0 if win else d_units)
    return out


def _hold(s: SHState, legal: list[SHAction], focus: str | None = None) -> SHAction | None:
    """In a window: first the unit moves that keep a section the Invader attacks from
    being breached (the weakest unit that closes the gap, from where it is not needed),
    then the window's rule; no unit leaves a section it is needed on."""
    need = breach_needs(s)
    best = hold_move(s, legal, need)
    if best is not None:
        return best
    keep = [a for a in legal if not (_dmove(a) and a.args[0] in need and need[a.args[0]] > -3)]
    return _finish(s, keep or legal, focus)


def _hold_win(s: SHState, legal: list[SHAction], focus: str | None = None) -> SHAction | None:
    """In a window: as ``_hold``, then the moves that make the Defender win the melees
    he can win (``breach_needs`` with ``win``): a melee lost without a breach still
    costs him units worth the advantage, round after round (SH-18.5.4), and one won
    kills the attackers."""
    need = breach_needs(s)
    best = hold_move(s, legal, need)
    if best is None:
        best = hold_move(s, legal, breach_needs(s, win=True), win=True)
    return best if best is not None else _hold(s, legal, focus)


def hold_move(
    s: SHState, legal: list[SHAction], need: dict | None = None, win: bool = False
) -> SHAction | None:
    """The unit move or swap that most closes a breach gap (``breach_needs``; with
    ``win``, a gap to winning the melee, where a unit counts once), or None.  A swap
    (SH-17.3) reaches a section that is full: an archer there for a soldier next to it.
    The Honour Guard's soldiers go only where no other unit closes a gap (SH-20.4: the
    guard earns a glory a round from round 6 while it never moved; a breach ends the
    game at once), and never only to win a melee."""
    if need is None:
        need = breach_needs(s, win)
    if not any(v >= 0 for v in need.values()):
        return None
    moves = [a for a in legal if _dmove(a) or a.verb == SWAP.name]
    best = _closing(s, [a for a in moves if a.args[0] != HG], need, win)
    if best is None and not win:
        best = _closing(s, [a for a in moves if a.args[0] == HG], need, win)
    return best


def _as_move(a: SHAction) -> tuple[str, str, int]:
    """A unit move or swap as (the position that loses strength, the section that gains
    it, the strength moved).  SH-17.3: a swap of two units of neighbouring sections moves
    the difference of their strengths from one section to the other, and no unit count."""
    if a.verb == SWAP.name:
        sa, xa, sb, xb = a.args
        delta = _UNIT_STRENGTH[xb] - _UNIT_STRENGTH[xa]  # what ``sa`` gains
        return (sb, sa, delta) if delta > 0 else (sa, sb, -delta)
    src, dst, unit = a.args
    return src, dst, -1 if unit in ("OFF", "WAR") else _UNIT_STRENGTH[unit]


def _closing(s: SHState, moves: list[SHAction], need: dict, win: bool) -> SHAction | None:
    twice = 1 if win else 2
    best, top = None, 0.0
    for a in moves:
        src, dst, strength = _as_move(a)
        if dst not in need or need[dst] < 0:
            continue
        if strength > 0:  # a unit, or a swap: its strength counts twice (SH-19.1)
            fix = twice * strength
        elif a.args[2] == "OFF":
            fix = sum(s.defender_units[dst])
        else:  # the Warrior
            fix = 2
        gain = min(fix, need[dst] + 1)
        if src in need:
            gain -= max(0.0, need[src] + fix + 1) - max(0.0, need[src] + 1)
        gain -= 0.05 * fix + (0.1 if src in SECTIONS else 0.0)
        if gain > top + 1e-9:
            best, top = a, gain
    return best


def rollout_action(s: SHState, rng) -> SHAction:
    """The search's playout policy: ``ai.policy_action``, but in the Defender's last
    window before the Assault a move that keeps an attacked section from a breach comes
    first (the rated moves go to the most threatened section whether or not it can be
    held, so the playouts breached walls a Defender would have held)."""
    if s.stage == "W6" and s.pending.get("kind") == "WINDOW" and not s.pending.get("alarm"):
        a = hold_move(s, _legal(s))
        if a is not None:
            return a
    return policy_action(s, rng)


def _plan_ok(s: SHState, plan: tuple[SHAction, ...]) -> bool:
    """Every verb a step's verb needs is in the plan too (``Verb.plan_needs``: no secret
    orders paid without one placed, SH-13.6.3)."""
    verbs = {a.verb for a in plan}
    return all(VERBS[v].plan_needs in verbs for v in verbs if VERBS[v].plan_needs)


# ----------------------------------------------------------------- the archers' volley
def kill_value(s: SHState, target: str, shots: int) -> int:
    """SH-18.2.6: the Invader strength ``shots`` archers kill on ``target``."""
    if not shots or target in s.covers:
        return 0
    fp = shots * (2 if s.blessing == target else 1)
    values = (2, 4, 6) if "TM" in s.training.get(target, ()) else (1, 2, 3)
    best = max_under(s.units[target], fp, values)[0]
    return best[0] + 2 * best[1] + 3 * best[2]


def _volleys(s: SHState, key, width: int) -> list[tuple[SHAction, ...]]:
    """Allocations of the archers: the most killed first, then each reachable target
    taken first, then holding fire only where no shot can kill anything."""
    seat = RULES.to_act(s)
    who = _legal(s)[-1].who
    sources = archer_sources(s, seat)
    targets = sorted({t for pos in sources for t in ARCHER_TARGETS[pos]})
    worth = {t: sum(s.units[t]) and t not in s.covers for t in targets}
    out = [_allocate(s, sources, who, None)]
    firsts = sorted(
        (t for t in targets if worth[t]),
        key=lambda t: -(s.units[t][0] + 2 * s.units[t][1] + 3 * s.units[t][2]),
    )
    out += [_allocate(s, sources, who, t) for t in firsts]
    if not any(worth.values()):
        out.append((SHAction(who, HOLD.name, ()),))
    plans = []
    for p in _dedupe(out):
        if p:
            plans.append(extend(s, list(p), key))
    return _dedupe(plans)[:width]


def _allocate(s: SHState, sources: dict, who: str, first: str | None):
    """Archer shots one at a time to the target that gains most (a pair of shots counts
    at half each, so an orc behind a lone archer's reach is still worth two); with
    ``first`` every archer that reaches it shoots there first."""
    left = dict(sources)
    shots: dict[str, int] = {}
    out: list[SHAction] = []

    def gain(t: str) -> float:
        k = shots.get(t, 0)
        v0 = kill_value(s, t, k)
        return max(kill_value(s, t, k + 1) - v0, (kill_value(s, t, k + 2) - v0) / 2 - 0.01)

    if first is not None:
        for pos in sorted(left):
            while left[pos] and first in ARCHER_TARGETS[pos] and gain(first) > 0:
                out.append(SHAction(who, SHOOT.name, (pos, first)))
                shots[first] = shots.get(first, 0) + 1
                left[pos] -= 1
    while True:
        best, top = None, 0.0
        for pos in sorted(left):
            if not left[pos]:
                continue
            for t in ARCHER_TARGETS[pos]:
                g = gain(t)
                reach = sum(1 for p in left if left[p] and t in ARCHER_TARGETS[p])
                if g > top + 1e-9 and (
                    reach > 1
                    or kill_value(s, t, shots.get(t, 0) + 1) > kill_value(s, t, shots.get(t, 0))
                ):
                    best, top = (pos, t), g
        if best is None:
            break
        pos, t = best
        out.append(SHAction(who, SHOOT.name, (pos, t)))
        shots[t] = shots.get(t, 0) + 1
        left[pos] -= 1
    if any(left.values()) or not out:
        out.append(SHAction(who, HOLD.name, ()))
    return tuple(out)
