"""The Assault (SH-18) and breaches (SH-19).

``run(s, log)`` plays the Assault's steps in order (SH-18.1) until a decision is needed
(it then returns False with ``s.pending`` describing it) or the Assault is over (True).
A decision is applied by ``apply`` and ``run`` goes on from where it stopped: the step
in progress and its queues live in ``s.assault``.  Engine-resolved effects are logged.

Decisions: cannon targets (I.1), machine aims and firing order, precise-shot keeps,
ballista and blood-stone kills, catapult wrecks (I.2), archer assignments and the
Invader's archer losses (I.3), goblin fire (I.4), the Warrior's strike (II.1),
stone-thrower targets (II.2), orc explosions and troll calls (II.3), melee losses
(II.4), hospital returns and specter placements (II.5), siege-tower step-down (post).
"""

from __future__ import annotations

from game.core.contract import PUBLIC

from .board import (
    ARCHER_TARGETS,
    BF,
    CANNON_TARGETS,
    CY,
    DISTANCE,
    FORWARD,
    GATHERING,
    GP_CAP,
    HOSP,
    OPPOSITE,
    PATH_OF,
    RAMPART_SECTIONS,
    RAMPARTS,
    SECTIONS,
    SIDE,
    SIDE_SECTIONS,
    SLOT_GP,
    TOWER_SECTIONS,
    TOWERS,
)
from .common import (
    SHAction,
    act,
    check_deeds,
    check_panic,
    comp_options,
    comp_text,
    def_strength,
    destroy_wall,
    emit,
    kill_invader,
    kill_invader_set,
    max_under,
    node_cap,
    ritual_active,
    section_cap,
    section_has_invader,
    section_units,
    take_glory,
    to_dsupply,
    to_hospital,
)
from .content import (
    DEF_TYPES,
    EXTRA_BEDS_RETURN,
    GATES,
    HIT_CARDS,
    HIT_DECK,
    HIT_KINDS,
    HOSPITAL_RETURN,
    INV_TYPES,
    ORDER_NEEDS,
    STRIKE_POWER,
)
from .state import SHState

STEPS = ("I1", "I2", "I3", "I4", "II1", "II2", "II3", "II4", "II5", "III", "POST")


# ----------------------------------------------------------------- seats and sides
def inv_seat(s: SHState, node: str) -> int:
    """The Invader deciding about ``node``: the one of its side (SH-22.2); the West
    Invader for the barbican forecourt and in 2 players."""
    if s.n_inv == 1:
        return 0
    return 1 if SIDE.get(node[:2] if node[:1] == "S" else node) == "E" else 0


def def_seat(s: SHState, node: str) -> int:
    """The Defender deciding about ``node`` (SH-23.2); the West one inside."""
    if s.n_def == 1:
        return s.n_inv
    return s.n_inv + (1 if SIDE.get(node) == "E" else 0)


def who(s: SHState, seat: int) -> str:
    from .state import SEAT_NAMES

    return SEAT_NAMES[s.n_players][seat]


def open_sections(s: SHState) -> tuple[str, ...]:
    """SH-21.6: the tie-break Assault is played on the sections not breached."""
    if s.tiebreak:
        return tuple(x for x in SECTIONS if x not in s.breached)
    return SECTIONS


# ----------------------------------------------------------------- decks
def draw_hit(s: SHState) -> str:
    """SH-18.3: the top card of the Defender hit deck (a random card of the pile)."""
    deck = s.hit_deck
    r = s.rng.below(sum(deck.values()))
    for kind in HIT_KINDS:
        if r < deck[kind]:
            deck[kind] -= 1
            return kind
        r -= deck[kind]
    raise AssertionError("empty hit deck")


def weakest_match(units, card: str) -> int | None:
    for t in HIT_CARDS[card]:
        if units[t]:
            return t
    return None


def draw_machine(s: SHState, slot: str) -> bool:
    """SH-9.3: reveal the top card of a machine deck; True for a hit."""
    h, m = s.decks[slot]
    return s.rng.below(h + m) < h


def draw_two(s: SHState, slot: str) -> tuple[bool, bool]:
    """The two top cards of a machine deck (Precise Shot); True for a hit."""
    h, m = s.decks[slot]
    first = s.rng.below(h + m) < h
    second = s.rng.below(h + m - 1) < (h - 1 if first else h)
    return first, second


# ----------------------------------------------------------------- the program
def start(s: SHState, log: list | None) -> None:
    s.assault = {"step": 0, "breach": 0}
    s.melees = []
    emit(log, PUBLIC, "ASSAULT", "tie-break" if s.tiebreak else s.round)


def run(s: SHState, log: list | None) -> bool:
    a = s.assault
    while a["step"] < len(STEPS):
        name = STEPS[a["step"]]
        if s.tiebreak and name == "POST":  # SH-21.6: steps I.1 through III only
            a["step"] += 1
            continue
        if not a.get("begun"):
            a["begun"] = 1
            emit(log, PUBLIC, "STEP", name)
        if not _STEP[name](s, a, log):
            check_deeds(s, log)  # SH-18.1.2: also while a step waits for a decision
            return False
        check_deeds(s, log)
        a["step"] += 1
        for key in [k for k in a if k not in ("step", "breach")]:
            del a[key]
    emit(log, PUBLIC, "STEP", "END")
    return True


def _pend(s: SHState, kind: str, seat: int, **data) -> bool:
    s.pending = {"kind": kind, "seat": seat, **data}
    return False


# ----------------------------------------------------------------- I.1 cannons
def _i1(s: SHState, a: dict, log) -> bool:
    if "queue" not in a:
        a["queue"] = sorted(
            (t for t in TOWERS if s.tower_machines.get(t) == "CAN"), key=lambda t: def_seat(s, t)
        )
    if a["queue"]:
        return _pend(s, "CANNON", def_seat(s, a["queue"][0]))
    s.hit_deck = dict(HIT_DECK)  # SH-18.2.1 reshuffle after the last cannon
    s.pending = {}
    return True


def cannon_options(s: SHState) -> list[SHAction]:
    seat = s.pending["seat"]
    w = who(s, seat)
    out = []
    for t in s.assault["queue"]:
        if def_seat(s, t) == seat:
            out += [act(w, "CANNON", t, x) for x in CANNON_TARGETS[t]]
    return out


def fire_card_at(s: SHState, node: str, card: str, log) -> None:
    units = section_units(s, node) if node in s.equipment else s.units[node]
    t = weakest_match(units, card)
    if t is not None:
        kill_invader(s, node, t)
    emit(log, PUBLIC, "HITCARD", node, card, INV_TYPES[t] if t is not None else "-")


def do_cannon(s: SHState, tower: str, target: str, log) -> None:
    s.assault["queue"].remove(tower)
    fire_card_at(s, target, draw_hit(s), log)


# ----------------------------------------------------------------- I.2 siege machines
def machine_targets(s: SHState, slot: str) -> tuple[str, ...]:
    """SH-18.2.3-5 ranges: a rampart's two path sections; a trebuchet's whole side."""
    if slot in RAMPART_SECTIONS:
        out = RAMPART_SECTIONS[slot]
    else:
        out = SIDE_SECTIONS[SIDE[SLOT_GP[slot]]]
    open_ = open_sections(s)
    return tuple(x for x in out if x in open_)


def _i2(s: SHState, a: dict, log) -> bool:
    if "to_aim" not in a:
        a["to_aim"] = [x for x in sorted(s.decks) if x not in s.sabotaged]
        a["aimed"] = {}
        a["todo"] = []
    while True:
        if a["todo"]:
            if not _work(s, a, log):
                return False
            continue
        if a["to_aim"]:
            slot = a["to_aim"][0]
            return _pend(s, "AIM", inv_seat(s, slot), slot=slot)
        queue = list(a["aimed"])
        if not queue:
            break
        seat = inv_seat(s, queue[0])
        mine = [x for x in queue if inv_seat(s, x) == seat]
        if len(mine) > 1:
            return _pend(s, "FIRE", seat)
        fire(s, mine[0], log)
    s.pending = {}
    return True


def aim_options(s: SHState) -> list[SHAction]:
    slot = s.pending["slot"]
    w = who(s, s.pending["seat"])
    return [act(w, "AIM", slot, x) for x in machine_targets(s, slot)] + [act(w, "AIM", slot, "-")]


def fire_options(s: SHState) -> list[SHAction]:
    seat = s.pending["seat"]
    w = who(s, seat)
    return [act(w, "FIRE", x) for x in s.assault["aimed"] if inv_seat(s, x) == seat]


def fire(s: SHState, slot: str, log) -> None:
    """SH-18.2.2: reveal the machine's card (two with Precise Shot) and apply it."""
    a = s.assault
    target = a["aimed"].pop(slot)
    deck = s.decks[slot]
    if slot in s.precise and deck[0] + deck[1] >= 2:  # SH-14.1 Precise Shot
        first, second = draw_two(s, slot)
        if first != second:
            a["todo"].append(["KEEP", slot, target])
            return
        hit = first  # two alike: one is applied, the other shuffled back
    else:
        hit = draw_machine(s, slot)
    resolve_card(s, slot, target, hit, log)


def resolve_card(s: SHState, slot: str, target: str, hit: bool, log) -> None:
    """SH-9.3.1: a miss leaves the deck for the card supply; a hit is shuffled back."""
    a = s.assault
    kind = s.machines[slot]
    emit(log, PUBLIC, "MACHINE", slot, target, "HIT" if hit else "MISS")
    if not hit:
        s.decks[slot][1] -= 1
        s.miss_supply += 1
        return
    if kind == "BAL":  # SH-18.2.3
        a["todo"] += [["KILL", slot, target], ["INVKILL", target]]
    elif kind == "CAT":  # SH-18.2.4
        if sum(s.walls[target]):
            destroy_wall(s, target, 1, True, log)
        else:
            a["todo"].append(["WRECK", slot, target])
        if ritual_active(s, "BST", slot):
            a["todo"].append(["KILL", slot, target])
    else:  # SH-18.2.5 trebuchet
        if sum(s.walls[target]):
            destroy_wall(s, target, 1, True, log)
        elif target in s.cauldrons:
            emit(log, PUBLIC, "WRECKED", target, s.cauldrons.pop(target))


def _work(s: SHState, a: dict, log) -> bool:
    """Resolve queued effects of I.2, pausing for the Invader's choices."""
    item = a["todo"][0]
    kind = item[0]
    if kind == "KEEP":
        return _pend(s, "KEEP", inv_seat(s, item[1]))
    if kind == "KILL":
        units = s.defender_units[item[2]]
        types = [t for t in (0, 1, 2) if units[t]]
        if len(types) > 1:
            return _pend(s, "KILL", inv_seat(s, item[1]))
        if types:
            to_dsupply(s, item[2], [int(t == types[0]) for t in (0, 1, 2)])
            emit(log, PUBLIC, "KILLED", item[2], DEF_TYPES[types[0]])
    elif kind == "INVKILL":
        units = section_units(s, item[1])
        for t in (2, 1, 0):
            if units[t]:
                kill_invader(s, item[1], t)
                emit(log, PUBLIC, "KILLED", item[1], INV_TYPES[t])
                break
    elif kind == "WRECK":
        if len(wreck_choices(s, item[1], item[2])) > 1:
            return _pend(s, "WRECK", inv_seat(s, item[1]))
    elif kind == "ALOSE":
        if len(item[2]) > 1:
            return _pend(s, "LOSE", inv_seat(s, item[1]), node=item[1])
        kill_invader_set(s, item[1], item[2][0])
        emit(log, PUBLIC, "SHOT", item[1], comp_text(item[2][0], INV_TYPES))
    elif kind == "SPEC":
        gps = specter_places(s, item[1], item[2])
        if len(gps) > 1:
            return _pend(s, "SPECTER", item[2])
        place_specter(s, item[1], gps[0] if gps else None, log)
    a["todo"].pop(0)
    return True


def wreck_choices(s: SHState, slot: str, target: str) -> list[str]:
    out = []
    if target in s.cauldrons:
        out.append("CAULDRON")
    if OPPOSITE[slot] in s.tower_machines:
        out.append("MACHINE")
    return out + ["-"]


def keep_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    return [act(w, "KEEP", "H"), act(w, "KEEP", "M")]


def kill_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    units = s.defender_units[s.assault["todo"][0][2]]
    return [act(w, "KILL", DEF_TYPES[t]) for t in (0, 1, 2) if units[t]]


def wreck_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    _k, slot, target = s.assault["todo"][0]
    return [act(w, "WRECK", x) for x in wreck_choices(s, slot, target)]


# ----------------------------------------------------------------- I.3 archers
def archer_sources(s: SHState, seat: int) -> dict[str, int]:
    """SH-18.2.6: archers in towers, and on sections holding no Invader unit."""
    used = s.assault["used"]
    out = {}
    for pos in TOWERS + SECTIONS:
        if def_seat(s, pos) != seat:
            continue
        n = s.defender_units[pos][0] - used.get(pos, 0)
        if n > 0 and not (pos in s.equipment and section_has_invader(s, pos)):
            out[pos] = n
    return out


def _i3(s: SHState, a: dict, log) -> bool:
    if "shots" not in a:
        a["shots"] = {}
        a["used"] = {}
        a["seats"] = list(range(s.n_inv, s.n_inv + s.n_def))
        a["todo"] = []
    while a["seats"]:
        seat = a["seats"][0]
        if archer_sources(s, seat):
            return _pend(s, "SHOOT", seat)
        a["seats"].pop(0)
    if "resolved" not in a:
        a["resolved"] = 1
        for target in RAMPARTS + (BF,):
            n = a["shots"].get(target, 0)
            if not n:
                continue
            fp = n * (2 if s.blessing == target else 1)
            if target in s.covers:
                fp = 0  # SH-18.2.6 cover (D-11), the blessing too
            double = "TM" in s.training.get(target, ())
            values = (2, 4, 6) if double else (1, 2, 3)
            options = max_under(s.units[target], fp, values)
            emit(log, PUBLIC, "ARCHERS", target, fp)
            if options != [[0, 0, 0]]:
                a["todo"].append(["ALOSE", target, options])
    while a["todo"]:
        if not _work(s, a, log):
            return False
    s.pending = {}
    return True


def shoot_options(s: SHState) -> list[SHAction]:
    seat = s.pending["seat"]
    w = who(s, seat)
    out = []
    for pos in archer_sources(s, seat):
        out += [act(w, "SHOOT", pos, x) for x in ARCHER_TARGETS[pos]]
    return out + [act(w, "HOLD")]


def lose_options(s: SHState) -> list[SHAction]:
    p = s.pending
    w = who(s, p["seat"])
    if "options" in p:  # melee
        letters = INV_TYPES if p["side"] == "I" else DEF_TYPES
        return [act(w, "LOSE", comp_text(c, letters)) for c in p["options"]]
    item = s.assault["todo"][0]
    return [act(w, "LOSE", comp_text(c, INV_TYPES)) for c in item[2]]


# ----------------------------------------------------------------- I.4 goblin fire
def goblin_targets(s: SHState, rampart: str) -> list[str]:
    """SH-18.2.7: a path section with no Invader unit, or the opposite tower."""
    open_ = open_sections(s)
    out = [x for x in RAMPART_SECTIONS[rampart] if x in open_ and not section_has_invader(s, x)]
    return out + [OPPOSITE[rampart]]


def _i4(s: SHState, a: dict, log) -> bool:
    if "fired" not in a:
        a["fired"] = {}
        a["seats"] = list(range(s.n_inv))
    while a["seats"]:
        if snipe_sources(s, a["seats"][0]):
            return _pend(s, "SNIPE", a["seats"][0])
        a["seats"].pop(0)
    s.pending = {}
    return True


def snipe_sources(s: SHState, seat: int) -> list[str]:
    fired = s.assault["fired"]
    return [
        r
        for r in RAMPARTS
        if "SS" in s.training[r] and inv_seat(s, r) == seat and s.units[r][0] > fired.get(r, 0)
    ]


def snipe_options(s: SHState) -> list[SHAction]:
    seat = s.pending["seat"]
    w = who(s, seat)
    out = []
    for r in snipe_sources(s, seat):
        out += [act(w, "SNIPE", r, x) for x in goblin_targets(s, r)]
    return out + [act(w, "SNIPE", "-")]


# ----------------------------------------------------------------- II.1 cauldrons
def _ii1(s: SHState, a: dict, log) -> bool:
    if "cauldrons" not in a:
        a["cauldrons"] = 1
        for sec in open_sections(s):
            kind = s.cauldrons.get(sec)
            if kind is None or not section_has_invader(s, sec):
                continue
            t = "GOT".index(kind)
            if ritual_active(s, "ACC", sec):  # SH-12 Accident
                du = s.defender_units[sec]
                k = du[0] if t == 0 else min(1, du[t])
                if k:
                    to_hospital(s, sec, [k if x == t else 0 for x in (0, 1, 2)])
                emit(log, PUBLIC, "ACCIDENT", sec, DEF_TYPES[t], k)
                continue
            units = section_units(s, sec)
            k = units[0] if t == 0 else min(1, units[t])
            if k:
                kill_invader(s, sec, t, k)
            emit(log, PUBLIC, "CAULDRON", sec, kind, k)
        war = s.heroes["WAR"]
        if (
            s.strike
            and war in s.equipment
            and war in open_sections(s)
            and section_has_invader(s, war)
        ):
            options = smite_choices(s, war)
            if len(options) > 1:
                return _pend(s, "SMITE", def_seat(s, war), section=war)
            kill_invader_set(s, war, options[0])
            emit(log, PUBLIC, "STRIKE", war, comp_text(options[0], INV_TYPES))
    s.pending = {}
    return True


def smite_choices(s: SHState, sec: str) -> list[tuple[int, int, int]]:
    """SH-17.7.6: units of total base strength at most 3."""
    u = section_units(s, sec)
    out = []
    for x in range(min(u[0], 3) + 1):
        for y in range(min(u[1], 1) + 1):
            for z in range(min(u[2], 1) + 1):
                if 0 < x + 2 * y + 3 * z <= STRIKE_POWER:
                    out.append((x, y, z))
    return out


def smite_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    return [
        act(w, "SMITE", comp_text(c, INV_TYPES)) for c in smite_choices(s, s.pending["section"])
    ]


# ----------------------------------------------------------------- II.2 stone-throwers
def _ii2(s: SHState, a: dict, log) -> bool:
    if "queue" not in a:
        a["queue"] = sorted(
            (t for t in TOWERS if s.tower_machines.get(t) == "THR"), key=lambda t: def_seat(s, t)
        )
    open_ = open_sections(s)
    while a["queue"]:
        tower = a["queue"][0]
        options = [x for x in TOWER_SECTIONS[tower] if x in open_]
        if len(options) > 1:
            return _pend(s, "THROW", def_seat(s, tower), tower=tower)
        a["queue"].pop(0)
        if options:
            fire_card_at(s, options[0], draw_hit(s), log)
    s.hit_deck = dict(HIT_DECK)  # SH-18.3 reshuffled after II.2
    s.pending = {}
    return True


def throw_options(s: SHState) -> list[SHAction]:
    tower = s.pending["tower"]
    w = who(s, s.pending["seat"])
    return [act(w, "THROW", tower, x) for x in TOWER_SECTIONS[tower] if x in open_sections(s)]


# ----------------------------------------------------------------- II.3 orders
def _order_valid(s: SHState, sec: str) -> bool:
    kind = s.orders[sec][0]
    need = ORDER_NEEDS[kind]
    units = section_units(s, sec)
    return (units[need] if need is not None else sum(units)) > 0


def _ii3(s: SHState, a: dict, log) -> bool:
    if "orders" not in a:
        for sec in sorted(s.orders):
            order = s.orders[sec]
            if not order[1]:
                order[1] = order[2] = 1
                emit(log, PUBLIC, "REVEAL", sec, order[0])
        for sec in sorted(s.orders):  # SH-13.6.1 removed without effect
            if not _order_valid(s, sec):
                emit(log, PUBLIC, "ORDER-VOID", sec, s.orders[sec][0])
                del s.orders[sec]
                s.order_owner.pop(sec, None)
        a["orders"] = [
            x
            for x in sorted(s.orders)
            if s.orders[x][0] in ("EXP", "CAL") and x in open_sections(s)
        ]
    while a["orders"]:
        sec = a["orders"][0]
        if sec not in s.orders or not _order_valid(s, sec):
            a["orders"].pop(0)
            continue
        kind = s.orders[sec][0]
        seat = inv_seat(s, sec)
        if kind == "EXP":
            return _pend(s, "EXPLODE", seat, section=sec)
        calls = troll_calls(s, sec)
        if len(calls) > 1:
            return _pend(s, "CALL", seat, section=sec)
        a["orders"].pop(0)
        if calls:
            do_call(s, calls[0][0], calls[0][1], log)
    s.pending = {}
    return True


def explode_options(s: SHState) -> list[SHAction]:
    sec = s.pending["section"]
    w = who(s, s.pending["seat"])
    n = section_units(s, sec)[1]
    return [act(w, "EXPLODE", sec, str(k)) for k in range(1, n + 1)]


def do_explode(s: SHState, sec: str, n: int, log) -> None:
    """SH-13.6 Orc Explosion: per orc, 1 stone and all wood are destroyed."""
    kill_invader(s, sec, 1, n)
    emit(log, PUBLIC, "EXPLOSION", sec, n)
    for _ in range(n):
        destroy_wall(s, sec, 1, True, log)


def troll_calls(s: SHState, sec: str) -> list[tuple[str, str]]:
    """SH-13.6 Troll Call: a troll on a GP or rampart crosses one forward link that
    brings it one link closer to ``sec``, to a node with room."""
    out = []
    for node in GATHERING + RAMPARTS:
        if not s.units[node][2]:
            continue
        d = DISTANCE[(node, sec)]
        if d is None:
            continue
        for nxt in FORWARD[node]:
            d2 = 0 if nxt == sec else DISTANCE.get((nxt, sec))
            if d2 is not None and d2 == d - 1 and sum(s.units[nxt]) < node_cap(s, nxt):
                out.append((node, nxt))
    return out


def call_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    return [act(w, "CALL", a, b) for a, b in troll_calls(s, s.pending["section"])]


def do_call(s: SHState, src: str, dst: str, log) -> None:
    s.units[src][2] -= 1
    path = PATH_OF[(src, dst)]
    s.moves.append([src, dst, 2, 1, "call"])
    if s.trapspace.get(path) == "TT":  # SH-16.5.2: a troll trap kills the called troll
        del s.trapspace[path]
        s.supply[2] += 1
        emit(log, PUBLIC, "TRAP", path, "T", 1)
        return
    s.units[dst][2] += 1
    emit(log, PUBLIC, "CALLED", src, dst)


# ----------------------------------------------------------------- II.4 melee
def strengths(s: SHState, sec: str) -> tuple[int, int, int, bool]:
    """SH-18.5.3: A, D, D_units and whether Goblin Frenzy acts."""
    u = section_units(s, sec)
    frenzy = s.orders.get(sec, ("",))[0] == "FRZ" and u[0] > 0
    atk = u[0] * (3 if frenzy else 1) + 2 * u[1] + 3 * u[2]
    atk += "BAN" in s.equipment[sec]
    atk += sum(1 for slot, x in s.altar_target.items() if x == sec and slot in s.machines)
    du = s.defender_units[sec]
    d_units = def_strength(du)
    dfn = d_units + sum(s.walls[sec])
    if s.heroes["OFF"] == sec:
        dfn += sum(du) + s.speech
    if s.heroes["WAR"] == sec:
        dfn += 2
    return atk, dfn, d_units, frenzy


def _ii4(s: SHState, a: dict, log) -> bool:
    if "secs" not in a:
        a["secs"] = [x for x in open_sections(s) if section_has_invader(s, x)]
    while a["secs"]:
        sec = a["secs"][0]
        if not melee(s, sec, log):
            return False
        a["secs"].pop(0)
    s.pending = {}
    return True


def melee(s: SHState, sec: str, log) -> bool:
    """SH-18.5.4 one melee; False when the loser must choose his losses."""
    if "POI" in s.equipment[sec] and s.defender_units[sec][0]:  # SH-18.5.2 (D-6)
        to_hospital(s, sec, (1, 0, 0))
        emit(log, PUBLIC, "POISON", sec)
    atk, dfn, d_units, frenzy = strengths(s, sec)
    du = s.defender_units[sec]
    emit(log, PUBLIC, "MELEE", sec, atk, dfn)
    if atk > dfn:
        adv = atk - dfn
        if adv > d_units:
            to_hospital(s, sec, du[:])
            breach(s, sec, adv - d_units, log)
        else:
            options = comp_options(du, adv)
            if len(options) > 1:
                return _pend(s, "LOSE", def_seat(s, sec), section=sec, side="D", options=options)
            to_hospital(s, sec, options[0])
            emit(log, PUBLIC, "LOSSES", sec, comp_text(options[0], DEF_TYPES))
    elif dfn > atk:
        hero = s.heroes["OFF"] == sec or s.heroes["WAR"] == sec
        u = section_units(s, sec)
        if (not sum(du) and not hero) or dfn - sum(s.walls[sec]) == 0:
            # SH-18.5.4 walls alone never kill (SH-EX-15, SH-EX-16); checked by SH-INV-20
            s.melees.append([sec, section_units(s, sec), 1 if frenzy else 0])
        elif "SHD" in s.equipment[sec] and atk + sum(u) >= dfn:
            emit(log, PUBLIC, "SHIELDS", sec)
        else:
            if frenzy:
                _frenzy_dies(s, sec, log)
            u = section_units(s, sec)
            a3 = strengths(s, sec)[0] + (sum(u) if "SHD" in s.equipment[sec] else 0)
            loss = dfn - a3
            if loss > 0:
                options = comp_options(u, loss)
                if len(options) > 1:
                    return _pend(
                        s, "LOSE", inv_seat(s, sec), section=sec, side="I", options=options
                    )
                kill_invader_set(s, sec, options[0])
                emit(log, PUBLIC, "LOSSES", sec, comp_text(options[0], INV_TYPES))
    end_melee(s, sec, log)
    return True


def end_melee(s: SHState, sec: str, log) -> None:
    """Frenzied goblins die after every melee (SH-13.6)."""
    if s.orders.get(sec, ("",))[0] == "FRZ" and section_units(s, sec)[0]:
        _frenzy_dies(s, sec, log)
    if s.melees and s.melees[-1][0] == sec and len(s.melees[-1]) == 3:
        s.melees[-1].append(section_units(s, sec))


def _frenzy_dies(s: SHState, sec: str, log) -> None:
    n = section_units(s, sec)[0]
    kill_invader(s, sec, 0, n)
    emit(log, PUBLIC, "FRENZY", sec, n)


def breach(s: SHState, sec: str, leftover: int, log) -> None:
    """SH-19.1 / SH-19.4 wall breach and its glory (none in the tie-break, SH-21.6)."""
    s.assault["breach"] = 1
    emit(log, PUBLIC, "BREACH", sec, leftover)
    if s.tiebreak:
        s.tiebreak_breach = 1
        return
    take_glory(s, 0, 3 if not s.breached else 1, log, "breach")
    if leftover >= 4:
        take_glory(s, 0, 1, log, "leftover")
    s.breached.append(sec)


# ----------------------------------------------------------------- II.5 hospital
def _ii5(s: SHState, a: dict, log) -> bool:
    if "heal" not in a:
        a["heal"] = 1
        a["todo"] = []
        h = s.defender_units[HOSP]
        k = EXTRA_BEDS_RETURN if s.beds else HOSPITAL_RETURN
        if sum(h) > k:
            return _pend(s, "HEAL", def_seat(s, CY), to_return=k)
        heal(s, h[:], log)
    while a["todo"]:
        if not _work(s, a, log):
            return False
    check_panic(s, log)
    s.pending = {}
    return True


def heal_choices(s: SHState, k: int) -> list[tuple[int, int, int]]:
    h = s.defender_units[HOSP]
    return [
        (x, y, k - x - y)
        for x in range(min(h[0], k) + 1)
        for y in range(min(h[1], k - x) + 1)
        if k - x - y <= h[2]
    ]


def heal_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    return [
        act(w, "HEAL", comp_text(c, DEF_TYPES)) for c in heal_choices(s, s.pending["to_return"])
    ]


def heal(s: SHState, counts, log) -> None:
    """SH-18.6: the chosen units to the courtyard, the others to the supply or, under
    Specters, to the Invader (SH-12, SH-12.3)."""
    h = s.defender_units[HOSP]
    cy = s.defender_units[CY]
    for t in (0, 1, 2):
        h[t] -= counts[t]
        cy[t] += counts[t]
    emit(log, PUBLIC, "HOSPITAL", comp_text(counts, DEF_TYPES))
    spc = ritual_index_active(s, "SPC")
    for t in (0, 1, 2):
        n = h[t]
        h[t] = 0
        s.defender_supply[t] += n
        if spc is not None:
            owner = s.rituals[spc][2]
            s.assault["todo"] += [["SPEC", t, owner]] * n


def ritual_index_active(s: SHState, code: str) -> int | None:
    for i, r in enumerate(s.rituals):
        if r[0] == code and s.glow != i:
            return i
    return None


def specter_places(s: SHState, t: int, owner: int) -> list[str]:
    if not s.supply[t]:
        return []
    gps = GATHERING if s.n_inv == 1 else (GATHERING[owner],)
    return [gp for gp in gps if sum(s.units[gp]) < GP_CAP]


def specter_options(s: SHState) -> list[SHAction]:
    w = who(s, s.pending["seat"])
    item = s.assault["todo"][0]
    return [act(w, "SPECTER", gp) for gp in specter_places(s, item[1], item[2])]


def place_specter(s: SHState, t: int, gp: str | None, log) -> None:
    if gp is None:
        return
    s.supply[t] -= 1
    s.units[gp][t] += 1
    emit(log, PUBLIC, "SPECTER", INV_TYPES[t], gp)


# ----------------------------------------------------------------- III barbican
def _iii(s: SHState, a: dict, log) -> bool:
    if s.gate >= GATES:
        return True
    crew = sum(s.units[BF])
    e = min(s.ram, crew // 2)  # SH-18.7.1
    if e:
        emit(log, PUBLIC, "RAM", s.gate + 1, e)
    while e > 0 and s.gate < GATES:
        r = s.gates[s.gate]
        if e < r:
            s.gates[s.gate] = r - e
            break
        e -= r  # SH-18.7.2 carry-over to the next gate
        s.gates[s.gate] = 0
        s.gate += 1
        emit(log, PUBLIC, "GATE-DOWN", s.gate)
        if s.tiebreak:
            if s.gate == GATES:
                s.tiebreak_breach = 1
                s.assault["breach"] = 1
            continue
        take_glory(s, 0, 1, log, f"gate {s.gate}")
        if s.gate == GATES:  # SH-19.2 / SH-19.4
            s.assault["breach"] = 1
            if not s.breached:
                s.gate3_first = 1
                take_glory(s, 0, 2, log, "gate 3 first")
    return True


# ----------------------------------------------------------------- post-Assault
def _post(s: SHState, a: dict, log) -> bool:
    """SH-9.7 / SH-18.8: siege-tower units step onto their section's normal spaces."""
    for sec in sorted(s.siege):
        tower = s.siege[sec]
        while sum(tower):
            free = section_cap(s, sec) - sum(s.units[sec])
            if free <= 0:
                break
            types = [t for t in (0, 1, 2) if tower[t]]
            if sum(tower) <= free:
                for t in types:
                    descend(s, sec, t, tower[t])
                break
            if len(types) > 1:
                return _pend(s, "DESCEND", inv_seat(s, sec), section=sec)
            descend(s, sec, types[0], free)
    s.pending = {}
    return True


def descend(s: SHState, sec: str, t: int, n: int) -> None:
    s.siege[sec][t] -= n
    s.units[sec][t] += n
    s.moves.append([sec + "T", sec, t, n, "descend"])


def descend_options(s: SHState) -> list[SHAction]:
    sec = s.pending["section"]
    w = who(s, s.pending["seat"])
    return [act(w, "DESCEND", sec, INV_TYPES[t]) for t in (0, 1, 2) if s.siege[sec][t]]


_STEP = {
    "I1": _i1,
    "I2": _i2,
    "I3": _i3,
    "I4": _i4,
    "II1": _ii1,
    "II2": _ii2,
    "II3": _ii3,
    "II4": _ii4,
    "II5": _ii5,
    "III": _iii,
    "POST": _post,
}

OPTIONS = {
    "CANNON": cannon_options, "AIM": aim_options, "FIRE": fire_options,
    "KEEP": keep_options, "KILL": kill_options, "WRECK": wreck_options,
    "SHOOT": shoot_options, "LOSE": lose_options, "SNIPE": snipe_options,
    "SMITE": smite_options, "THROW": throw_options, "EXPLODE": explode_options,
    "CALL": call_options, "HEAL": heal_options, "SPECTER": specter_options,
    "DESCEND": descend_options,
}  # fmt: skip
