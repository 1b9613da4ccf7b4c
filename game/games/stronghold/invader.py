"""The Invader's phases (SH-7 .. SH-14): what he may do and what it does.

``legal(s, i)`` lists the actions of Invader ``i`` in the current phase (the phase is
``s.stage``, "P1" .. "P6"); ``apply(s, i, a, log)`` carries one of them out.  Phase 6 is
split into its movement part (mobilisations, rope moves) and its orders part (SH-13.1);
a mobilisation is a run of single ``MOVE`` decisions and ``NEXT`` between its three
steps (SH-13.2).  Costs paid in units come from ``AVAILABLE`` (SH-7.3, SH-INV-18) and go
to ``SPENT`` until the phase ends (SH-7.4, D-12); ritual goblins go to the blood space.
"""

from __future__ import annotations

from game.core.contract import PUBLIC

from .board import (
    BF,
    DROVER,
    FORWARD,
    GATHERING,
    GP_CAP,
    GP_SLOTS,
    PATH_IDS,
    PATH_OF,
    RAMPARTS,
    ROPE,
    SIDE,
    SIDE_SECTIONS,
    SIEGE_SLOTS,
)
from .common import (
    SHAction,
    act,
    credit,
    emit,
    node_cap,
    section_cap,
    section_units,
)
from .content import (
    EQUIPMENT,
    EQUIPMENT_TILES,
    FIRE_BUILDINGS,
    FLIP_ACTION,
    INV_TYPES,
    MACHINE_LIMIT,
    MACHINES,
    MAX_THROWING,
    MOBILISATION,
    ORDER_NEEDS,
    ORDER_TILES,
    PAY_UNITS,
    PHASE_CARDS,
    PRECISE_TILES,
    QM_BONUS,
    RITUAL_TILES,
    RITUALS,
    THROWING,
    TRAINING,
    TRAINING_TILES,
)
from .state import SHState

GOT = (0, 1, 2)


# ----------------------------------------------------------------- availability
def card_options(s: SHState, i: int, phase: int) -> list[tuple[str, int]]:
    """SH-7.1 / SH-22.5: (action, card owner) pairs Invader ``i`` may still take in
    ``phase``: his own face-up card first, then his ally's (1 extra hourglass)."""
    out: list[tuple[str, int]] = []
    key = str(phase)
    for j in (i, 1 - i) if s.n_inv == 2 else (i,):
        if phase in s.flipped[j]:
            continue
        card = s.cards[j].get(key)
        if card is None:
            continue
        used = s.used[j]
        for code in PHASE_CARDS[card]:
            if code not in used and all(code != c for c, _ in out):
                out.append((code, j))
    return out


def special_available(s: SHState, i: int, phase: int) -> bool:
    """SH-14.1: the back of a flipped card, once per round."""
    return phase in s.flipped[i] and FLIP_ACTION[phase] not in s.used[i]


def affordable(s: SHState, i: int, options) -> list[str]:
    av = s.available[i]
    return [p for p in options if all(av[t] >= PAY_UNITS[p][t] for t in GOT)]


def own(s: SHState, i: int, node: str) -> bool:
    """SH-22.2: a side-bound target must be on the acting Invader's side."""
    return s.n_inv == 1 or SIDE[node] == ("W", "E")[i]


def throwing_count(s: SHState) -> int:
    return sum(1 for k in s.machines.values() if k in THROWING)


def machine_count(s: SHState, kind: str) -> int:
    if kind == "COV":
        return len(s.covers)
    if kind == "RAM":
        return s.ram
    if kind == "TWR":
        return len(s.siege)
    return sum(1 for k in s.machines.values() if k == kind)


def ram_built_this_round(s: SHState) -> bool:
    """SH-9.6 (D-14): at most one ram element per round, for both Invaders together."""
    return any("RAM" in used for used in s.used)


def equipment_count(s: SHState, kind: str) -> int:
    if kind == "BRI":
        return sum(1 for v in s.trapspace.values() if v == "BR")
    return sum(kind in e for e in s.equipment.values())


def orders_in_hand(s: SHState) -> list[str]:
    hand = list(ORDER_TILES)
    for kind, _up, _seen in s.orders.values():
        hand.remove(kind)
    return hand


# ----------------------------------------------------------------- legal actions
def legal(s: SHState, i: int) -> list[SHAction]:
    """The Invader's options in the phase under way (SH-7), ``PASS`` last (SH-5.3)."""
    who = s_who(s, i)
    p = int(s.stage[1])
    if p == 6:
        return _legal_p6(s, i, who)
    out: list[SHAction] = []
    _PHASE_OPTIONS[p](s, i, who, card_options(s, i, p), out)
    out.append(act(who, "PASS"))
    return out


def _legal_p1(s: SHState, i: int, who: str, options, out: list[SHAction]) -> None:
    """SH-8: Produce Resources, Unit Transfer."""
    av = s.available[i]
    for code, _owner in options:
        if code == "PRODUCE":
            if s.produced[i] or 1 in s.flipped[i]:  # SH-8.3 once, on either card;
                continue  # SH-14.1 Charge!: no Produce Resources, not even the ally's
            out += [act(who, "PRODUCE", INV_TYPES[t]) for t in GOT if av[t]]
        elif code == "TRANSFER":
            for t in GOT:
                out += [act(who, "GIVE", INV_TYPES[t], str(n)) for n in range(1, min(3, av[t]) + 1)]


def _legal_p2(s: SHState, i: int, who: str, options, out: list[SHAction]) -> None:
    """SH-9: siege machines; SH-14.1 Precise Shot."""
    for code, _owner in options:
        _name, cost, pays, _where = MACHINES[code]
        if s.resources[i] < cost:
            continue
        pays = affordable(s, i, pays)
        if not pays:
            continue
        for place in machine_places(s, i, code):
            out += [act(who, "BUILD", code, place, pay) for pay in pays]
    if special_available(s, i, 2) and len(s.precise) < PRECISE_TILES:
        out += [
            act(who, "PRECISE", slot)
            for slot in sorted(s.decks)
            if slot not in s.precise and own(s, i, slot)
        ]


def _legal_p3(s: SHState, i: int, who: str, options, out: list[SHAction]) -> None:
    """SH-10: equipment; SH-14.1 Equipment Transfer."""
    for code, _owner in options:
        if s.resources[i] < EQUIPMENT[code][1] or equipment_count(s, code) >= EQUIPMENT_TILES:
            continue
        pays = affordable(s, i, ("O", "GG"))
        for place in equipment_places(s, i, code):
            out += [act(who, "EQUIP", code, place, pay) for pay in pays]
    if special_available(s, i, 3):
        out += _equipment_transfers(s, i, who)


def _legal_p4(s: SHState, i: int, who: str, options, out: list[SHAction]) -> None:
    """SH-11: training; SH-14.1 Training Transfer."""
    for code, _owner in options:
        _name, pays, _where = TRAINING[code]
        pays = affordable(s, i, pays)
        if not pays:
            continue
        for place in training_places(s, i, code):
            out += [act(who, "TRAIN", code, place, pay) for pay in pays]
    if special_available(s, i, 4):
        out += _training_transfers(s, i, who)


def _legal_p5(s: SHState, i: int, who: str, options, out: list[SHAction]) -> None:
    """SH-12: rituals; SH-14.1 Escape the Knife."""
    for code, _owner in options:
        if s.available[i][0] < RITUALS[code][1]:
            continue
        if sum(1 for r in s.rituals if r[0] == code) >= RITUAL_TILES[code]:
            continue
        out += [act(who, "RITUAL", code, tgt) for tgt in ritual_targets(s, i, code)]
    if special_available(s, i, 5) and s.supply[0]:
        for gp in GATHERING:
            if own(s, i, gp):
                room = GP_CAP - sum(s.units[gp])
                out += [
                    act(who, "ESCAPE", gp, str(n)) for n in range(1, min(3, s.supply[0], room) + 1)
                ]


#: the options of Phases 1 to 5 (Phase 6 has its movement and its orders: _legal_p6)
_PHASE_OPTIONS = {1: _legal_p1, 2: _legal_p2, 3: _legal_p3, 4: _legal_p4, 5: _legal_p5}


def s_who(s: SHState, i: int) -> str:
    return "I" if s.n_inv == 1 else ("IW", "IE")[i]


def machine_places(s: SHState, i: int, code: str) -> list[str]:
    """SH-9.4 placements of a new machine (SH-9.2 throwing limit, SH-INV-3 counts)."""
    if machine_count(s, code) >= MACHINE_LIMIT[code]:
        return []
    if code in THROWING and throwing_count(s) >= MAX_THROWING:
        return []
    if code in THROWING and (s.hit_supply < 2 or s.miss_supply < 5):
        return []  # SH-2.4, SH-9.3: its deck of 2 hit and 5 miss cards must be in supply
    if code in ("BAL", "CAT"):
        return [r for r in RAMPARTS if r not in s.machines and own(s, i, r)]
    if code in ("TRE", "ALT"):
        return [
            gp
            for gp in GATHERING
            if own(s, i, gp) and any(slot not in s.machines for slot in GP_SLOTS[gp])
        ]
    if code == "COV":
        return [r for r in RAMPARTS if r not in s.covers and own(s, i, r)]
    if code == "RAM":
        return [] if ram_built_this_round(s) else [BF]
    return [x for x in SIEGE_SLOTS if x not in s.siege and own(s, i, x)]  # TWR


def equipment_places(s: SHState, i: int, code: str) -> list[str]:
    """SH-10.1: a section with room for a tile of a new type; a bridge on an empty
    trap space."""
    if code == "BRI":
        return [p for p in PATH_IDS if p not in s.trapspace and own(s, i, p)]
    return [x for x, e in s.equipment.items() if len(e) < 2 and code not in e and own(s, i, x)]


def training_places(s: SHState, i: int, code: str) -> list[str]:
    """SH-11.1 placements."""
    if code == "GUN":
        return [slot for slot in sorted(s.decks) if own(s, i, slot)] if s.hit_supply else []
    if code == "REC":
        return ["-"]
    if code == "SAB":
        if len(s.saboteurs) >= TRAINING_TILES:
            return []
        return [b for b in FIRE_BUILDINGS if b not in s.saboteurs]
    if sum(code in t for t in s.training.values()) >= TRAINING_TILES:
        return []
    return [r for r, t in s.training.items() if len(t) < 2 and code not in t and own(s, i, r)]


def ritual_targets(s: SHState, i: int, code: str) -> list[str]:
    """SH-12 targets; SH-12.2 at most one ritual tile per target."""
    taken = {r[1] for r in s.rituals if r[0] == code}
    if code == "BST":
        out = [x for x, k in s.machines.items() if k == "CAT" and own(s, i, x)]
        return [x for x in sorted(out) if x not in taken]
    if code == "POS":
        return [
            h
            for h in ("OFF", "WAR")
            if h not in taken and (s.heroes[h] == "CY" or own(s, i, s.heroes[h]))
        ]
    if code == "FIR":
        return [b for b in FIRE_BUILDINGS if b not in taken]
    if code in ("SPC", "PAN"):
        return [] if taken else ["-"]
    if code == "GAL":
        return [x for x in s.equipment if x not in taken and own(s, i, x)]
    return [x for x in sorted(s.cauldrons) if x not in taken and own(s, i, x)]  # ACC


def _equipment_transfers(s: SHState, i: int, who: str) -> list[SHAction]:
    """SH-14.1 Equipment Transfer: one tile to another legal place on the same side."""
    out = []
    for src, tiles in s.equipment.items():
        if not own(s, i, src):
            continue
        for kind in tiles:
            if kind == "LAD" and sum(s.units[src]) > section_cap(s, src) - 1:
                continue  # a unit stands on the ladder's extra space
            for dst, e in s.equipment.items():
                if dst != src and SIDE[dst] == SIDE[src] and len(e) < 2 and kind not in e:
                    out.append(act(who, "MOVEEQ", src, kind, dst))
    for path, v in s.trapspace.items():
        if v != "BR" or not own(s, i, path):
            continue
        for dst in PATH_IDS:
            if dst not in s.trapspace and SIDE[dst] == SIDE[path]:
                out.append(act(who, "MOVEEQ", path, "BRI", dst))
    return out


def _training_transfers(s: SHState, i: int, who: str) -> list[SHAction]:
    """SH-14.1 Training Transfer (SH-14.3: no quartermaster off a rampart above 7)."""
    out = []
    for src, tiles in s.training.items():
        if not own(s, i, src):
            continue
        for kind in tiles:
            if kind == "QM" and sum(s.units[src]) > 7:
                continue
            for dst, t in s.training.items():
                if dst != src and SIDE[dst] == SIDE[src] and len(t) < 2 and kind not in t:
                    out.append(act(who, "MOVETR", src, kind, dst))
    for b in s.saboteurs:
        out += [
            act(who, "MOVETR", b, "SAB", dst) for dst in FIRE_BUILDINGS if dst not in s.saboteurs
        ]
    return out


# ----------------------------------------------------------------- Phase 6 options
def _rope_moves(s: SHState, i: int, who: str) -> list[SHAction]:
    """SH-10.2 / SH-3.2.3: a unit climbs a rope to a rope-linked section with room."""
    out = []
    for sec, tiles in s.equipment.items():
        if "ROP" not in tiles or sec in s.ropes_used or not own(s, i, sec):
            continue
        u = s.units[sec]
        for nb in ROPE[sec]:
            if sum(s.units[nb]) < section_cap(s, nb):
                out += [act(who, "ROPE", sec, nb, INV_TYPES[t]) for t in GOT if u[t]]
    return out


def _move_step(s: SHState, i: int, who: str) -> list[SHAction]:
    """The movement part of Phase 6 (SH-13.1): a mobilisation begun, or a rope climbed."""
    out = [act(who, code) for code, _owner in card_options(s, i, 6) if code in MOBILISATION]
    return out + _rope_moves(s, i, who)


def _order_placements(s: SHState, i: int, who: str, open_ok: bool, kinds: list) -> list:
    """SH-13.6: an order of a kind in hand on an own section whose units can carry it,
    open (ORDER) or hidden under a Secret Orders card (HIDE)."""
    out = []
    for sec in s.equipment:
        if sec in s.orders or not own(s, i, sec):
            continue
        units = section_units(s, sec)
        for kind in kinds:
            need = ORDER_NEEDS[kind]
            if (units[need] if need is not None else sum(units)) > 0:
                if open_ok:
                    out.append(act(who, "ORDER", sec, kind))
                if s.secret[i]:
                    out.append(act(who, "HIDE", sec, kind))
    return out


def _secret_options(s: SHState, i: int, who: str) -> list[SHAction]:
    """SH-13.6 Secret Orders (SH-23.4: with two Defenders the Invaders choose whose)."""
    if s.n_def == 2:
        return [act(who, "SECRET", "DW"), act(who, "SECRET", "DE")]
    return [act(who, "SECRET")]


def _altar_options(s: SHState, i: int, who: str) -> list[SHAction]:
    """SH-9.5: an own altar not yet aimed picks a section of its side."""
    out = []
    for slot, kind in sorted(s.machines.items()):
        if kind == "ALT" and slot not in s.altar_target and own(s, i, slot):
            out += [act(who, "ALTAR", slot, sec) for sec in SIDE_SECTIONS[SIDE[slot]]]
    return out


def _orders_step(s: SHState, i: int, who: str) -> list[SHAction]:
    """The orders part of Phase 6 (SH-13.6): orders placed, Secret Orders, altars aimed."""
    options = [c for c, _ in card_options(s, i, 6)]
    hand = orders_in_hand(s)
    open_ok = "OPEN" in options and not any("OPEN" in u for u in s.used)
    out = []
    if open_ok or s.secret[i]:
        out += _order_placements(s, i, who, open_ok, sorted(set(hand)))
    if "SECRET" in options and not s.secret[i] and hand:
        out += _secret_options(s, i, who)
    return out + _altar_options(s, i, who)


def _legal_p6(s: SHState, i: int, who: str) -> list[SHAction]:
    if s.mobilisation is not None:
        return mob_moves(s, i, who) + [act(who, "NEXT")]
    if s.pending.get("step") == "MOVE":
        out = _move_step(s, i, who)
    else:
        out = _orders_step(s, i, who)
    out.append(act(who, "PASS"))
    return out


def _camp_dest_side(dst: str) -> str:
    """SH-13.3: the camp allowance a destination counts against."""
    if dst == BF:
        return BF
    return SIDE[dst[:2]] if dst[0] == "S" else SIDE[dst]


def _moves_of(who: str, src: str, dst: str, top: int, have) -> list[SHAction]:
    """One MOVE of 1 up to top units of each type (have: how many of each may go)."""
    return [
        act(who, "MOVE", src, dst, INV_TYPES[t], str(n))
        for t in GOT
        for n in range(1, min(top, have[t]) + 1)
    ]


def _camp_dests(s: SHState, i: int, m: dict) -> list[tuple[str, int]]:
    """SH-13.3: the places camp units may go to, each with its room."""
    units = s.units
    dests = [(gp, GP_CAP - sum(units[gp])) for gp in GATHERING if own(s, i, gp)]
    if s.ram:
        dests.append((BF, 2 * s.ram - sum(units[BF])))
    dests += [(sec + "T", 3 - sum(tower)) for sec, tower in s.siege.items() if own(s, i, sec)]
    dests += [
        (sec, min(1, section_cap(s, sec) - sum(units[sec])))
        for sec, tiles in s.equipment.items()
        if "TRP" in tiles and sec not in m["trapdoors"] and own(s, i, sec)
    ]
    return dests


def _camp_moves(s: SHState, i: int, who: str, m: dict) -> list[SHAction]:
    """SH-13.3: step 3, units from the camp, within each side's allowance."""
    camp = s.camp[i]
    if not any(camp):
        return []
    out = []
    for dst, room in _camp_dests(s, i, m):
        top = min(room, m["limit"] - m["camp"][_camp_dest_side(dst)])
        if top > 0:
            out += _moves_of(who, "CAMP", dst, top, camp)
    return out


def _source_limit(s: SHState, m: dict, src: str, step: int) -> int:
    """SH-13.2 / SH-13.4: how many units may still leave src in this step."""
    bonus = QM_BONUS if step == 1 and "QM" in s.training[src] else 0
    return m["limit"] + bonus - m["left"].get(src, 0)


def _forward_dests(s: SHState, src: str, step: int) -> tuple[str, ...]:
    """SH-13.2: where src's units may go (a Drover adds his places in step 1)."""
    dests = FORWARD[src]
    if step == 1 and "DRV" in s.training[src]:
        dests = dests + tuple(d for d in DROVER[src] if d not in dests)
    return dests


def _forward_moves(s: SHState, i: int, who: str, m: dict, step: int) -> list[SHAction]:
    """SH-13.2 / SH-13.4: steps 1 and 2, units forward from the ramparts or gathering places."""
    out = []
    units = s.units
    for src in RAMPARTS if step == 1 else GATHERING:
        u = units[src]
        if not own(s, i, src) or not u[0] + u[1] + u[2]:
            continue
        limit = _source_limit(s, m, src, step)
        if limit <= 0:
            continue
        arrived = m["arrived"].get(src, (0, 0, 0))
        have = (u[0] - arrived[0], u[1] - arrived[1], u[2] - arrived[2])
        for dst in _forward_dests(s, src, step):
            top = min(node_cap(s, dst) - sum(units[dst]), limit)
            if top > 0:
                out += _moves_of(who, src, dst, top, have)
    return out


def mob_moves(s: SHState, i: int, who: str) -> list[SHAction]:
    """SH-13.2 / SH-13.3 / SH-13.4: the single moves allowed in this step."""
    m = s.mobilisation
    step = m["step"]
    if step == 3:
        return _camp_moves(s, i, who, m)
    return _forward_moves(s, i, who, m, step)


# ----------------------------------------------------------------- effects
def pay_units(s: SHState, i: int, pay: str, ritual: bool = False) -> int:
    """SH-7.3 / SH-7.4: units from AVAILABLE to SPENT (ritual goblins to the blood
    space, or to the supply once Blood Sacrifices is earned, SH-12.1)."""
    counts = PAY_UNITS[pay]
    av = s.available[i]
    for t in GOT:
        av[t] -= counts[t]
        if ritual:
            if s.deeds["BLOOD"]:
                s.supply[t] += counts[t]
            else:
                s.blood += counts[t]
        else:
            s.spent[t] += counts[t]
    return sum(counts)


def use(s: SHState, i: int, phase: int, code: str) -> int:
    """Mark a card action used (SH-7.1); the extra hourglass of an ally's card."""
    for c, owner in card_options(s, i, phase):
        if c == code:
            s.used[owner].append(code)
            return 1 if owner != i else 0
    raise AssertionError(f"{code} is not available")


def gain_resources(s: SHState, i: int, n: int) -> int:
    """SH-8.5: never more than the cubes left in the supply."""
    k = min(n, s.resource_supply)
    s.resource_supply -= k
    s.resources[i] += k
    return k


def build(s: SHState, i: int, args, log: list | None) -> None:
    """SH-9: pay, place the machine (a throwing machine gets its 2 hit + 5 miss deck)."""
    code, place, pay = args
    extra = use(s, i, 2, code)
    cost = MACHINES[code][1]
    s.resources[i] -= cost
    s.resource_supply += cost
    n = pay_units(s, i, pay)
    if code in ("BAL", "CAT"):
        s.machines[place] = code
    elif code in ("TRE", "ALT"):
        slot = next(x for x in GP_SLOTS[place] if x not in s.machines)
        s.machines[slot] = code
        place = slot
    elif code == "COV":
        s.covers.append(place)
    elif code == "RAM":
        s.ram += 1
    else:  # TWR
        s.siege[place] = [0, 0, 0]
    if code in THROWING:
        s.decks[place] = [2, 5]
        s.hit_supply -= 2
        s.miss_supply -= 5
    emit(log, PUBLIC, "BUILT", code, place)
    credit(s, i, n + extra, log)


def train(s: SHState, i: int, args, log: list | None) -> None:
    """SH-11 training effects."""
    code, place, pay = args
    extra = use(s, i, 4, code)
    n = pay_units(s, i, pay)
    if code == "GUN":
        s.decks[place][0] += 1
        s.hit_supply -= 1
        s.gunners[place] = s.gunners.get(place, 0) + 1
    elif code == "SAB":
        s.saboteurs.append(place)
    elif code == "REC":
        t = 1 if pay == "GG" else 2  # goblins paid -> 2 orcs; orcs paid -> 2 trolls
        k = min(2, s.supply[t])
        s.supply[t] -= k
        s.camp[i][t] += k
        emit(log, PUBLIC, "RECRUITED", INV_TYPES[t], k)
    else:
        s.training[place].append(code)
    credit(s, i, n + extra, log)


def move(s: SHState, i: int, args, log: list | None) -> None:
    """One mobilisation move of ``n`` units of a type along one link (SH-13.2);
    traps on the path crossed trigger (SH-16.5)."""
    src, dst, t, n = args[0], args[1], INV_TYPES.index(args[2]), int(args[3])
    m = s.mobilisation
    if src == "CAMP":
        s.camp[i][t] -= n
        m["camp"][_camp_dest_side(dst)] += n
        if dst.endswith("T") and dst[0] == "S":
            s.siege[dst[:2]][t] += n
        else:
            s.units[dst][t] += n
            if dst[0] == "S":
                m["trapdoors"].append(dst)
            else:
                m["arrived"].setdefault(dst, [0, 0, 0])[t] += n
        s.moves.append([src, dst, t, n, "camp"])
        return
    s.units[src][t] -= n
    m["left"][src] = m["left"].get(src, 0) + n
    path = PATH_OF.get((src, dst))  # a drover move between ramparts uses no path
    trap = s.trapspace.get(path) if path else None
    killed = 0
    if t == 0 and (trap == "TG" or path in m["sprung"]):
        killed = n  # SH-16.5.2: every goblin crossing in this step dies
        if trap == "TG":
            del s.trapspace[path]
            m["sprung"].append(path)
    elif t == 2 and trap == "TT":
        killed = 1
        del s.trapspace[path]
    if killed:
        s.supply[t] += killed
        emit(log, PUBLIC, "TRAP", path, INV_TYPES[t], killed)
    arrived = n - killed
    s.units[dst][t] += arrived
    m["arrived"].setdefault(dst, [0, 0, 0])[t] += arrived
    s.moves.append([src, dst, t, n, "mob"])
