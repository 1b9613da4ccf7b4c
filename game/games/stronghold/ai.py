"""Stronghold knowledge for the computer seats.

``pressure`` measures, per wall section, how far the Invader's strength on it and
within one mobilisation of it exceeds the Defender's (SH-18.5.3 strengths).  From it:

* ``score(s, action, view)`` rates one legal action of the seat to act by the rating
  its verb's row of the verb table names (``Verb.rating``, ``RATINGS``): the Invader
  pushes units, tiles and machines towards his best target section, crews the ram and
  fires at the strongest defence; the Defender spends hourglasses on the most
  threatened sections (units, walls, cauldrons), shoots at the fullest ramparts and
  keeps his walls manned.
* ``policy_action`` plays the best-rated action (ties and a share of moves at random):
  the search's playout policy.
* ``search_actions`` keeps the few best-rated actions (and the ones that end a step) for
  the search: the Defender's windows and the mobilisations offer up to a few hundred
  single moves, far too many to try each in every position (macro-action pruning).
* ``heuristic`` values a state for a seat from the best breach margin, the gate, the
  time left and the glory race.
* ``plan_choice`` is the search levels' decision: sequential halving over whole plans of
  the decision point (``plans.candidate_plans``: a phase's purchases, a mobilisation
  step, a window's hourglasses, a volley), all tried on the same fresh determinizations
  and played on by ``plans.rollout_action``; the chosen plan's later steps need no
  search.  A side makes 15-40 single decisions a round but only about 10 plan
  decisions, so each gets 5x the iterations the single steps got in the same time.
  The Defender's search values the positions it cuts off with his archers and
  cauldrons counted (``defender_heuristic``); the Invader's search is the same as
  before.

Everything here reads only what the deciding seat may see (face-down orders are not
used).
"""

from __future__ import annotations

import math

from game.core.agents.ismcts import STOP_EVERY, observation_digest
from game.core.contract import Term
from game.core.rng import Rng
from game.core.seeding import derive_seed

from .board import (
    ARCHER_TARGETS,
    DISTANCE,
    FORWARD,
    GATHERING,
    HOSP,
    RAMPART_SECTIONS,
    RAMPARTS,
    SECTIONS,
    SIDE,
    SIDE_SECTIONS,
    TOWER_SECTIONS,
)
from .common import SHAction, action_cost, comp_counts, def_strength, section_units
from .content import BUILDING_ACTIONS, ORDER_NEEDS
from .rules import RULES  # rules binds this module at its end, after RULES exists
from .state import SHState
from .verbs import MOVE, VERBS

PLAYOUT_EPSILON = 0.15
SEARCH_WIDTH = 6
#: verbs that end a step or a turn: always kept for the search (``Verb.closes``)
_ENDERS = frozenset(name for name, v in VERBS.items() if v.closes)


# ----------------------------------------------------------------- the board's balance
def section_defence(s: SHState, sec: str) -> int:
    du = s.defender_units[sec]
    d = def_strength(du) + s.walls[sec][0] + s.walls[sec][1]
    if s.heroes["OFF"] == sec:
        d += du[0] + du[1] + du[2] + s.speech
    if s.heroes["WAR"] == sec:
        d += 2
    return d


def pressure(s: SHState) -> dict[str, float]:
    """Invader strength on and near each section minus its Defender strength."""
    units = s.units
    near = dict.fromkeys(SECTIONS, 0.0)
    for r, secs in RAMPART_SECTIONS.items():
        u = units[r]
        st = u[0] + 2 * u[1] + 3 * u[2]
        if st:
            share = st / 2
            for sec in secs:
                near[sec] += share
    for gp in GATHERING:
        u = units[gp]
        st = u[0] + 2 * u[1] + 3 * u[2]
        if st:
            secs = SIDE_SECTIONS[SIDE[gp]]
            share = st / (2 * len(secs))
            for sec in secs:
                near[sec] += share
    out = {}
    siege = s.siege
    orders = s.orders
    heroes = s.heroes
    off, war = heroes["OFF"], heroes["WAR"]
    for sec in SECTIONS:
        u = units[sec]
        a = u[0] + 2 * u[1] + 3 * u[2]
        tw = siege.get(sec)
        if tw:
            a += tw[0] + 2 * tw[1] + 3 * tw[2]
        if "BAN" in s.equipment[sec]:
            a += 1
        if sec in orders:
            a += _order_bonus(s, sec)
        du = s.defender_units[sec]
        w = s.walls[sec]
        d = du[0] + 2 * du[1] + 3 * du[2] + w[0] + w[1]
        if off == sec:
            d += du[0] + du[1] + du[2] + s.speech
        if war == sec:
            d += 2
        out[sec] = a + 0.6 * near[sec] - d
    return out


def _order_bonus(s: SHState, sec: str) -> float:
    """SH-13.6 orders as Invader strength on their section: Goblin Frenzy makes each
    goblin there worth 3, Orc Explosion takes down walls (a stone and all wood per orc).
    A face-down tile counts as the determinization drew it."""
    kind = s.orders[sec][0]
    if kind == "FRZ":
        return 2.0 * section_units(s, sec)[0]
    if kind == "EXP":
        orcs = section_units(s, sec)[1]
        stone, wood = s.walls[sec]
        return min(orcs, stone) + (wood if orcs else 0)
    return 0.0


def target_section(s: SHState, side: str | None = None) -> str:
    p = pressure(s)
    secs = SECTIONS if side is None else SIDE_SECTIONS[side]
    return max(secs, key=lambda x: p[x])


# ----------------------------------------------------------------- action scores
def score(s: SHState, a: SHAction, view: dict) -> float:
    """How good ``a`` looks to the seat to act (higher is better)."""
    verb = a.verb
    args = a.args
    f = _SCORE.get(verb)
    return f(s, args, view) if f else 0.0


def _view(s: SHState) -> dict:
    p = pressure(s)
    best = max(SECTIONS, key=lambda x: p[x])
    return {"p": p, "target": best}


def _pay_cost(args_pay: str) -> float:
    return {"G": 0.3, "GG": 0.2, "O": 0.2, "OO": 0.0, "T": -0.4, "GGG": 0.1}.get(args_pay, 0)


def _s_build(s, args, v):
    code, place, pay = args
    tgt = v["target"]
    base = {"RAM": 3.0, "TWR": 2.0, "CAT": 2.2, "BAL": 1.8, "TRE": 1.6, "ALT": 1.2, "COV": 0.6}[
        code
    ]
    if code in ("CAT", "BAL") and tgt in RAMPART_SECTIONS[place]:
        base += 1.0
    if code == "TWR" and place == tgt:
        base += 1.0
    return base + _pay_cost(pay)


def _s_equip(s, args, v):
    code, place, pay = args
    base = {"BAN": 1.5, "LAD": 1.2, "SHD": 1.2, "POI": 0.8, "ROP": 0.4, "TRP": 0.6, "BRI": 0.3}[
        code
    ]
    if place == v["target"]:
        base += 1.0
    return base + _pay_cost(pay)


def _s_train(s, args, v):
    code, place, pay = args
    return {"GUN": 1.2, "QM": 0.8, "TM": 0.6, "SS": 0.6, "DRV": 0.4, "SAB": 1.0, "REC": 1.1}[
        code
    ] + _pay_cost(pay)


def _s_ritual(s, args, v):
    code, target = args
    base = {"BST": 0.8, "POS": 0.6, "FIR": 0.7, "SPC": 0.3, "PAN": 0.3, "GAL": 0.7, "ACC": 1.0}[
        code
    ]
    if target == v["target"]:
        base += 0.8
    return base


def _s_move(s, args, v):
    if len(args) == 3:  # a Defender move
        return _s_dmove(s, args[0], args[1], args[2], v)
    src, dst, t, n = args
    n = int(n)
    tgt = v["target"]
    if dst == "BF":
        return 1.0 + 0.3 * n if sum(s.units["BF"]) < 2 * s.ram else -1.0
    sec = dst[:2] if dst[0] == "S" else None
    if sec:
        return 2.0 + 0.4 * n + (1.0 if sec == tgt else 0.0)
    if src == "CAMP":
        return 1.0 + 0.3 * n + (0.5 if SIDE[dst] == SIDE[tgt] else 0.0)
    if dst not in FORWARD.get(src, ()):  # a drover move back or sideways
        return -0.5
    d0 = DISTANCE.get((src, tgt))
    d1 = DISTANCE.get((dst, tgt))
    closer = d0 is not None and d1 is not None and d1 < d0
    return 1.0 + 0.3 * n + (0.8 if closer else 0.0)


def _s_dmove(s, src, dst, unit, v):
    p = v["p"]
    if unit in ("OFF", "WAR"):
        return (p.get(dst, -3) - p.get(src, -3)) * 0.3
    src_sec = src in p
    dst_sec = dst in p
    if src == "HG":
        return -3.0
    if dst_sec and not src_sec:
        return 1.5 + 0.4 * p[dst]
    if dst_sec and src_sec:
        return 0.4 * (p[dst] - p[src]) - 0.3
    if src_sec and not dst_sec:
        if dst[0] == "T" and unit == "A":
            return 0.3 * max((p[x] for x in TOWER_SECTIONS[dst]), default=0) - 0.5 * p[src]
        return -1.0 - 0.4 * max(p[src], 0.0)  # a calm wall is held, not thinned out
    if dst[0] == "T":  # interior -> tower
        return 0.6
    if dst in ("BK", "WT"):
        return -0.6
    return -0.4


def _s_pay(s, args, v):
    code = args[0]
    tgt = args[1] if len(args) > 1 else None
    p = v["p"]
    base = {
        "FG1": 1.2,
        "FG2": 1.3,
        "FG3": 1.3,
        "FG4": 1.0,
        "WK1": 1.6,
        "WK2": 1.0,
        "WK3": 0.9,
        "WK4": 0.8,
        "SQ1": 0.7,
        "SQ2": 0.8,
        "SQ3": 1.0,
        "CT1": 0.9,
        "CT2": 0.8,
        "BK1": 0.9,
        "BK2": 1.0,
        "BK3": 0.8,
        "WT1": 0.1,
        "WT2": 0.7,
        "HS1": 0.3,
    }[code]
    if code == "WK4" and s.ram:
        base += 1.0
    paid = s.paid[code]
    if paid and not s.done[code]:  # SH-6.4: finish what was begun before a new one
        base += 0.8 + 0.5 * paid / action_cost(s, code)
    if code in _CAULDRONS:  # only where its kind attacks (SH-16.3)
        table = v.get("cauldrons")
        if table is None:
            table = v["cauldrons"] = _cauldron_table(s)
        worth = table[code][tgt if tgt in p else None]
        base += 0.6 * worth - (1.5 if worth <= 0 else 0.0)
    if tgt in p:
        base += 0.3 * p[tgt]
    elif tgt and tgt[0] == "T" and tgt in TOWER_SECTIONS:
        base += 0.2 * max(p[x] for x in TOWER_SECTIONS[tgt])
    elif tgt and tgt[0] == "R":
        u = s.units.get(tgt)
        base += 0.2 * sum(u) if u else 0
    return base


def _s_aim(s, args, v):
    slot, tgt = args
    if tgt == "-":
        return -1.0
    kind = s.machines.get(slot)
    if kind == "BAL":
        return sum(s.defender_units[tgt]) + 0.2 * sum(section_units(s, tgt))
    return min(sum(s.walls[tgt]), 3) + (tgt in s.cauldrons) + 0.3 * sum(s.defender_units[tgt])


def _s_shoot(s, args, v):
    tgt = args[1]
    if tgt in s.covers:
        return -1.0
    u = s.units[tgt]
    return -1.0 if not sum(u) else 1.0 + 0.2 * (u[0] + 2 * u[1] + 3 * u[2])


def _s_cannon(s, args, v):
    u = s.units[args[1]]
    return u[0] * 1.0 + u[1] * 0.6 + u[2] * 0.2


def _s_throw(s, args, v):
    u = section_units(s, args[1])
    return u[0] * 1.0 + u[1] * 0.6 + u[2] * 0.3


def _s_lose(s, args, v):
    text = args[0]
    if s.pending.get("side") == "D":
        c = comp_counts(text, "ASV")
        return -(c[2] * 1.5 + c[1] * 0.7 + c[0] * 0.2)
    c = comp_counts(text, "GOT")
    return -(c[2] * 1.1 + c[1] * 0.5 + c[0] * 0.1)


def _s_heal(s, args, v):
    c = comp_counts(args[0], "ASV")
    return c[0] + 2 * c[1] + 3 * c[2]


def _s_smite(s, args, v):
    c = comp_counts(args[0], "GOT")
    return c[0] + 2 * c[1] + 3 * c[2]


def _s_snipe(s, args, v):
    if args[0] == "-":
        return 0.0
    return 1.0 if s.defender_units[args[1]][0] else -1.0


def _s_kill(s, args, v):
    return {"A": 1.0, "S": 2.0, "V": 3.0}[args[0]]


def _s_order(s, args, v):
    sec, kind = args
    u = section_units(s, sec)
    return {"FRZ": 0.5 * u[0], "EXP": 0.5 * sum(s.walls[sec]), "CAL": 1.0, "BLF": 0.1}[kind] + (
        0.5 if sec == v["target"] else 0.0
    )


#: the ratings of the verbs' actions by their name in the verb table (``Verb.rating``)
RATINGS = {
    "build": _s_build, "equip": _s_equip, "train": _s_train, "ritual": _s_ritual,
    "move": _s_move, "pay": _s_pay, "aim": _s_aim, "shoot": _s_shoot,
    "cannon": _s_cannon, "throw": _s_throw, "lose": _s_lose, "heal": _s_heal,
    "smite": _s_smite, "snipe": _s_snipe, "kill": _s_kill, "order": _s_order,
    "produce": lambda s, a, v: {"G": 1.0, "O": 0.6, "T": 0.1}[a[0]],
    "precise": lambda s, a, v: 0.6,
    "escape": lambda s, a, v: 0.5 + 0.2 * int(a[1]),
    "major": lambda s, a, v: 3.0 if _movable(s) else -1.0,
    "minor": lambda s, a, v: 2.5 if _movable(s) else -1.0,
    "next": lambda s, a, v: 0.5,
    "rope": lambda s, a, v: 0.6 if a[1] == v["target"] else 0.1,
    "altar": lambda s, a, v: 2.0 + (1.0 if a[1] == v["target"] else 0.0),
    "secret": lambda s, a, v: 0.1 if _hide_room(s) else -1.0,
    "stone": lambda s, a, v: v["p"][a[0]],
    "speech": lambda s, a, v: 0.5 + 0.3 * v["p"].get(s.heroes["OFF"], -3),
    "strike": lambda s, a, v: 2.0 if sum(section_units(s, s.heroes["WAR"])
                                         if s.heroes["WAR"] in v["p"] else (0,)) else 0.2,
    "alarm": lambda s, a, v: -0.5 if a[0] == "-" else 1.5 + 0.4 * v["p"].get(a[1], 0),
    "keep": lambda s, a, v: 1.0 if a[0] == "H" else 0.0,
    "wreck": lambda s, a, v: {"MACHINE": 1.5, "CAULDRON": 1.0, "-": 0.0}[a[0]],
    "explode": lambda s, a, v: min(int(a[1]), sum(s.walls[a[0]]))
    - 0.5 * max(0, int(a[1]) - sum(s.walls[a[0]])),
    "specter": lambda s, a, v: -sum(s.units[a[0]]) * 0.1,
    "descend": lambda s, a, v: "GOT".index(a[1]),
    "flip": lambda s, a, v: -0.5,
    "give": lambda s, a, v: -0.5,
    "swap": lambda s, a, v: -0.2,
}  # fmt: skip
#: the rating of each verb's actions, from the verb table
_SCORE = {name: RATINGS[v.rating] for name, v in VERBS.items() if v.rating}


def _hide_room(s: SHState) -> bool:
    """SH-13.6.3: a section of the seat's side without an order and with a unit that
    can take one of the order tiles in hand (secret orders are paid only to place one)."""
    from .invader import orders_in_hand, own

    i = s.pending.get("who", 0)
    hand = set(orders_in_hand(s))
    for sec in SECTIONS:
        if sec in s.orders or not own(s, i, sec):
            continue
        u = section_units(s, sec)
        if any((u[ORDER_NEEDS[k]] if ORDER_NEEDS[k] is not None else sum(u)) for k in hand):
            return True
    return False


_CAULDRONS = ("FG1", "FG2", "FG3")


def cauldron_worth(s: SHState, code: str, sec: str) -> float:
    """A cauldron of ``code``'s kind on ``sec``: the strength of that kind it would kill
    there (a goblin cauldron every goblin, the others one unit, SH-16.3), the units one
    link away (its ramparts) counted at half."""
    t = "GOT".index(BUILDING_ACTIONS[code][3])
    on = section_units(s, sec)[t]
    near = sum(s.units[r][t] for r in _FEEDS[sec])
    n = on + 0.5 * near
    return n if t == 0 else min(1.0, n) * (t + 1)


def _cauldron_table(s: SHState) -> dict:
    """``cauldron_worth`` of each cauldron on each section, and (None) on the best free
    one."""
    units = s.units
    rows: dict = {code: {} for code in _CAULDRONS}
    for sec in SECTIONS:
        on = section_units(s, sec)
        feeds = _FEEDS[sec]
        for t, code in enumerate(_CAULDRONS):
            n = on[t] + 0.5 * sum(units[r][t] for r in feeds)
            rows[code][sec] = n if t == 0 else min(1.0, n) * (t + 1)
    for row in rows.values():
        row[None] = max((row[x] for x in SECTIONS if x not in s.cauldrons), default=0.0)
    return rows


def best_cauldron_place(s: SHState, code: str) -> float:
    return max(
        (cauldron_worth(s, code, sec) for sec in SECTIONS if sec not in s.cauldrons), default=0.0
    )


def _movable(s: SHState) -> bool:
    i = s.pending.get("who", 0)
    if sum(s.camp[i]):
        return True
    return any(sum(s.units[n]) for n in GATHERING + RAMPARTS)


# ----------------------------------------------------------------- policy and pruning
#: a Defender's spending, always kept in his window (``Verb.spends``)
_KEEP_ALWAYS = frozenset(name for name, v in VERBS.items() if v.spends)


def candidates(s: SHState, legal: list[SHAction], view: dict) -> list[SHAction]:
    """The actions worth rating.  In a Defender window only unit moves that reinforce
    one of the three most threatened sections (or a tower next to one) are kept with
    the purchases and hero actions: the other moves thin the walls out."""
    if s.pending.get("kind") != "WINDOW" or len(legal) < 40:
        return legal
    p = view["p"]
    top = sorted(p, key=p.__getitem__, reverse=True)[:3]
    near = set(top)
    for sec in top:
        near.update(x for x in TOWER_SECTIONS if sec in TOWER_SECTIONS[x])
    out = [
        a
        for a in legal
        if a.verb in _KEEP_ALWAYS
        or (a.verb == MOVE.name and a.args[1] in near and a.args[0] not in top)
    ]
    return out or legal


def ranked(s: SHState, legal: list[SHAction]) -> list[tuple[float, int, SHAction]]:
    view = _view(s)
    pool = candidates(s, legal, view)
    return sorted(((score(s, a, view), -i, a) for i, a in enumerate(pool)), reverse=True)


def policy_action(s: SHState, rng: Rng, epsilon: float = PLAYOUT_EPSILON) -> SHAction:
    """The best-rated legal action (ties at random); a random one with ``epsilon``."""
    legal = RULES._cached_legal(s)
    if len(legal) == 1:
        return legal[0]
    if epsilon and rng.random() < epsilon:
        return legal[rng.below(len(legal))]
    view = _view(s)
    best = -math.inf
    top: list[SHAction] = []
    for a in candidates(s, legal, view):
        v = score(s, a, view)
        if v > best + 1e-9:
            best, top = v, [a]
        elif v > best - 1e-9:
            top.append(a)
    return top[rng.below(len(top))] if len(top) > 1 else top[0]


def search_actions(s: SHState, legal: list[SHAction]) -> list[SHAction]:
    """SEARCH_WIDTH best-rated actions plus those that end a step, in ``legal`` order."""
    if len(legal) <= SEARCH_WIDTH:
        return legal
    keep = {a for _v, _i, a in ranked(s, legal)[:SEARCH_WIDTH]}
    return [a for a in legal if a in keep or a.verb in _ENDERS]


# ----------------------------------------------------------------- state value
def _st(u) -> int:
    return u[0] + 2 * u[1] + 3 * u[2]


def margins(s: SHState, assets: bool = False) -> list[float]:
    """Per section: the Invader strength that can fight there, discounted by distance
    (on it 1, one link away 0.8, on its gathering place 0.5, in the camp or just drawn
    0.3), minus the Defender strength there and a share of his reserve inside.  With
    ``assets`` (the Defender's own search) his pieces that kill before the melee count
    too: the archers that reach a rampart take strength off it (SH-18.2.6) and a
    cauldron its kind off its section (SH-18.4.1)."""
    units = s.units
    ramp = {r: _st(units[r]) for r in RAMPARTS}
    if assets:
        fire = archer_fire(s)
        ramp = {r: max(0.0, v - fire.get(r, 0.0)) for r, v in ramp.items()}
    gp = {side: _st(units[GP]) for side, GP in (("W", "GW"), ("E", "GE"))}
    camp = sum(_st(c) for c in s.camp) + sum(_st(a) for a in s.available)
    inside = 0.3 * min(12, sum(_st(s.defender_units[p]) for p in ("CY", "BK", "WT")))
    out = []
    for sec in SECTIONS:
        a = _st(section_units(s, sec)) + ("BAN" in s.equipment[sec])
        if sec in s.orders:
            a += _order_bonus(s, sec)
        if assets and sec in s.cauldrons:
            a -= _cauldron_kill(s, sec)
        a += 0.8 * sum(ramp[r] for r in _FEEDS[sec])
        a += 0.5 * gp[SIDE[sec]] + 0.3 * camp
        out.append(a - section_defence(s, sec) - inside)
    return out


_FEEDS = {sec: tuple(r for r in RAMPARTS if sec in RAMPART_SECTIONS[r]) for sec in SECTIONS}
SECTION_SET = frozenset(SECTIONS)


def archer_fire(s: SHState) -> dict[str, float]:
    """Per rampart, the Defender's archers that can shoot at it in the next Assault
    (SH-18.2.6: in towers, and on sections without Invader units), each archer's shot
    shared among the manned ramparts it reaches."""
    out: dict[str, float] = {}
    units = s.units
    for pos, targets in ARCHER_TARGETS.items():
        n = s.defender_units[pos][0]
        if not n or (pos in SECTION_SET and sum(section_units(s, pos))):
            continue
        manned = [r for r in targets if r in units and sum(units[r]) and r not in s.covers]
        for r in manned:
            out[r] = out.get(r, 0.0) + n / len(manned)
    return out


def _cauldron_kill(s: SHState, sec: str) -> float:
    """The strength the cauldron on ``sec`` kills of the units that can fight there
    (SH-18.4.1: a goblin cauldron every goblin, the others one orc or troll); those one
    link away counted at 0.8 as in ``margins``."""
    t = "GOT".index(s.cauldrons[sec])
    n = section_units(s, sec)[t] + 0.8 * sum(s.units[r][t] for r in _FEEDS[sec])
    return n if t == 0 else min(1.0, n) * (t + 1)


def invader_value(s: SHState) -> float:
    """Roughly the Invader's prospects in [-1, 1]."""
    if s.stage == "OVER":
        return 1.0 if s.winner == "I" else -1.0
    return max(-0.95, min(0.95, sum(_invader_parts(s))))


#: the parts of ``invader_value``, named for the hint (in the order of ``_invader_parts``)
HINT_TERMS = (
    Term("the odds of a breach at the weakest sections", "SH-19"),
    Term("the ram against the gates", "SH-18.7"),
    Term("glory", "SH-21"),
    Term("siege machines", "SH-9"),
    Term("defenders in the hospital", "SH-18"),
    Term("the Defender's hourglasses", "SH-6"),
    Term("rounds left", "SH-20"),
)
WIN_TERM = Term("winning the siege", "SH-21")


def heuristic_terms(s: SHState, seat: int) -> dict[Term, float]:
    """``heuristic`` of ``seat`` in its named parts; a finished game: its end."""
    sign = 1.0 if s.is_invader(seat) else -1.0
    if s.stage == "OVER":
        return {WIN_TERM: sign * (1.0 if s.winner == "I" else -1.0)}
    return {term: sign * v for term, v in zip(HINT_TERMS, _invader_parts(s), strict=True)}


def _invader_parts(s: SHState, assets: bool = False) -> tuple[float, ...]:
    """``invader_value`` of a game not over, in its parts (``HINT_TERMS``); ``assets`` as
    in ``margins``."""
    m = sorted(margins(s, assets), reverse=True)
    left = max(0, 10 - s.round) + (1 if s.stage != "ENDROUND" else 0)
    crew = sum(s.units["BF"])
    ram = min(s.ram, crew // 2) + 0.5 * s.ram
    gates = sum(s.gates[s.gate :]) if s.gate < 3 else 0
    gate = (ram * min(left, 4) - gates) / 6.0
    machines = sum(1 for k in s.machines.values() if k != "ALT") + 0.5 * len(s.siege)
    glory = (s.glory[0] - s.glory[1]) / 6.0
    hosp = _st(s.defender_units[HOSP])
    return (
        0.5 * math.tanh((m[0] + 0.3 * m[1]) / 8.0),
        0.15 * math.tanh(gate),
        0.1 * math.tanh(glory),
        0.05 * math.tanh(machines / 3.0),
        0.05 * math.tanh(hosp / 6.0),
        -0.05 * math.tanh(sum(s.hourglasses) / 6.0),
        -0.2 * (1.0 - left / 10.0),
    )


def heuristic(s: SHState, seat: int) -> float:
    v = invader_value(s)
    return v if s.is_invader(seat) else -v


def defender_heuristic(s: SHState, seat: int) -> float:
    """``heuristic`` of a Defender seat as his own plan search values a position: his
    archers and cauldrons count (``margins`` with ``assets``), so the plans that man the
    towers or build a cauldron are not valued as if those pieces did nothing until the
    Assault is played out."""
    if s.stage == "OVER":
        return heuristic(s, seat)
    return -max(-0.95, min(0.95, sum(_invader_parts(s, True))))


# ----------------------------------------------------------------- the search over plans
#: iterations of a plan decision for an agent without an iteration budget, and the
#: playout length after a plan when the agent sets none
PLAN_ITERATIONS = 200
PLAN_ROLLOUT = 40


def plan_choice(obs: dict, legal: list[SHAction], agent) -> SHAction | None:
    """The search over plans (``plans.candidate_plans``) for an ISMCTS agent: at a
    decision point the plans are tried on fresh determinizations of ``obs`` (each
    iteration plays one plan's steps, then the playout policy up to the agent's rollout
    depth, and credits the outcome to the plan; ``_search_plans``), and the first step of
    the best plan is played; its further steps are played at the following
    decisions without a new search, each only where the seat sees exactly what the plan
    expected there (after an undo, a load or a chance event, a new search).  The plan's
    rest is kept in ``agent.carry`` (plain data: the window's worker hands it back with
    the answer and in again with the seat's next decision, which another process may
    search).  Iterations: the agent's own budget per decision (``agent.iterations``), its
    clock only as a safety net; a search ended by ``agent.stop`` (its answer not wanted)
    keeps no plan.  None where nothing is to be searched (the agent's own search
    decides)."""
    from . import plans as P

    seat = obs["seat"]
    digest = observation_digest(obs)
    memo = getattr(agent, "carry", None)
    agent.carry = None
    agent.plan_step = False
    if _is_plan_memo(memo) and memo[0][0] == digest and memo[1][0] in legal:
        expected, rest = memo
        if len(rest) > 1:
            agent.carry = (expected[1:], rest[1:])
        agent.last_iterations = 0
        agent.plan_step = True
        return rest[0]
    rng = Rng(derive_seed(getattr(agent, "seed", 0), digest))
    world = RULES.determinize(obs, rng)
    options = [p for p in P.candidate_plans(world) if p[0] in legal]
    if not options:
        return None
    if len(options) == 1:
        agent.last_iterations = 0
        best = options[0]
    else:
        best = _search_plans(RULES, obs, options, agent, rng, defender=not world.is_invader(seat))
    if len(best) > 1 and not getattr(agent, "stopped", False):
        agent.carry = (_expected(world, seat, best), best[1:])
    return best[0]


def _is_plan_memo(memo) -> bool:
    """Whether ``memo`` (the agent's ``carry``, maybe handed back from another process)
    is a plan's rest as ``plan_choice`` keeps it: the digests expected before its steps
    and the steps."""
    return (
        isinstance(memo, tuple)
        and len(memo) == 2
        and isinstance(memo[0], tuple | list)
        and isinstance(memo[1], tuple | list)
        and len(memo[0]) == len(memo[1]) > 0
    )


def _expected(world: SHState, seat: int, plan: tuple) -> tuple[int, ...]:
    """The digests of what ``seat`` will see before each later step of ``plan``."""
    state = RULES.clone(world)
    out = []
    for a in plan[:-1]:
        RULES.apply(state, a)
        out.append(observation_digest(RULES.observation(state, seat)))
    return tuple(out)


#: whether the Defender's plan search values positions with ``defender_heuristic``
DEFENDER_ASSETS = True


def _search_plans(
    rules, obs: dict, options: list[tuple], agent, rng: Rng, defender: bool = False
) -> tuple:
    """Sequential halving over the plans with common random numbers: in each round every
    plan still in is tried on the same fresh determinizations (each with the same random
    stream for its playout), so the plans are compared on the same worlds and the same
    luck; after each round the worse half is dropped; the plan with the best mean reward
    over its worlds is chosen (the earlier in ``options`` on a tie).  The rounds share the
    agent's iterations.  The agent's ``stop`` (a search nobody waits for any more) is
    asked every ``STOP_EVERY`` iterations and ends the search at once
    (``agent.stopped``)."""
    import time

    from game.core.outcome import terminal_rewards

    seat = obs["seat"]
    budget = agent.iterations or PLAN_ITERATIONS
    depth = agent.rollout_depth if agent.rollout_depth is not None else PLAN_ROLLOUT
    start = time.perf_counter()
    deadline = None if agent.millis is None else start + agent.millis / 1000
    safety = getattr(agent, "safety_seconds", None)  # the wall-clock safety net, counted
    if safety is not None:
        deadline = start + safety if deadline is None else min(deadline, start + safety)
    margin = agent.margin_weight
    stop = getattr(agent, "stop", None)
    agent.stopped = False
    determinize, apply, legal_of = rules.determinize, rules.apply, rules._cached_legal
    from .plans import rollout_action as playout

    value = defender_heuristic if defender and DEFENDER_ASSETS else heuristic
    k = len(options)
    visits = [0] * k
    total = [0.0] * k
    alive = list(range(k))
    rounds = max(1, math.ceil(math.log2(k)))
    done = 0
    capped = False
    for r in range(rounds):
        share = (budget - done) // (rounds - r)
        worlds = max(1, share // len(alive))
        for _w in range(worlds):
            world_seed = rng.next64()
            for j in alive:
                wrng = Rng(world_seed)
                state = determinize(obs, wrng)
                for a in options[j]:
                    if state.stage == "OVER" or a not in legal_of(state):
                        break
                    apply(state, a)
                n = 0
                while state.stage != "OVER" and n < depth:
                    apply(state, playout(state, wrng))
                    n += 1
                if state.stage == "OVER":
                    reward = terminal_rewards(rules, state, margin)[seat]
                else:
                    reward = (value(state, seat) + 1.0) / 2.0
                visits[j] += 1
                total[j] += reward
                done += 1
                if stop is not None and done % STOP_EVERY == 0 and stop():
                    agent.stopped = True
                    break
            if agent.stopped:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                capped = True
                break
        alive.sort(key=lambda x: (-total[x] / max(visits[x], 1), x))
        if capped:
            agent.cap_hits = getattr(agent, "cap_hits", 0) + 1
        if capped or agent.stopped:
            break
        if r < rounds - 1:
            alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
    agent.last_iterations = done
    agent.last_means = [total[j] / max(visits[j], 1) for j in range(k)]
    agent.last_visits = {}
    for plan, v in zip(options, visits, strict=True):  # a first step: its best plan's
        agent.last_visits[plan[0]] = max(agent.last_visits.get(plan[0], 0), v)
    best = min(alive, key=lambda x: (-total[x] / max(visits[x], 1), x))
    return options[best]
