"""SH-26 engine invariants, checked after every step of fuzzed games.

``check_invariants`` returns the list of violations of one state (empty when all hold),
running the checks of ``INVARIANTS`` in order, one function per invariant (adding one is
writing its function and naming it there);
``check_transition`` adds the invariants that compare a state with the one before it
(counts that never decrease, SH-INV-3, 4, 12, 13).  The movements of the last action
(``s.moves``) are checked link by link (SH-INV-7, SH-INV-15).
"""

from __future__ import annotations

from .board import (
    BK,
    CAMP,
    DROVER,
    FORWARD,
    GATHERING,
    GP_CAP,
    HG,
    INVADER_NODES,
    PATH_OF,
    RAMPART_CAP,
    RAMPART_CAP_QM,
    RAMPARTS,
    ROPE,
    SECTIONS,
    SIDE,
    TOWERS,
    WT,
)
from .common import barracks_fit, def_cap, section_cap, section_units
from .content import (
    CARD_HITS,
    CARD_MISSES,
    DEEDS,
    DEF_GLORY_START,
    DEF_TOTAL,
    GATE_MAX,
    HIT_DECK,
    INV_GLORY_START,
    INV_TOTAL,
    MACHINE_LIMIT,
    MAX_THROWING,
    RESOURCES_TOTAL,
    SIEGE_DEED,
    SPEECH_MAX,
    STONE_TOTAL,
    THROWING,
    TROLL_DEED,
    WOOD_TOTAL,
)
from .state import SHState


def machine_counts(s: SHState) -> dict[str, int]:
    counts = {k: 0 for k in MACHINE_LIMIT}
    for kind in s.machines.values():
        counts[kind] += 1
    counts["COV"] = len(s.covers)
    counts["RAM"] = s.ram
    counts["TWR"] = len(s.siege)
    return counts


def _invader_units(s: SHState) -> list[str]:
    """SH-INV-1 each kind of Invader unit adds up to its total, none negative (SH-INV-18)."""
    bad = []
    for t in range(3):
        total = s.bag[t] + s.spent[t] + s.supply[t]
        total += sum(a[t] for a in s.available) + sum(c[t] for c in s.camp)
        total += sum(u[t] for u in s.units.values()) + sum(u[t] for u in s.siege.values())
        if t == 0:
            total += s.blood
        if total != INV_TOTAL[t]:
            bad.append(f"SH-INV-1 {'GOT'[t]} count {total} != {INV_TOTAL[t]}")
    zones = [s.bag, s.spent, s.supply, *s.available, *s.camp, *s.units.values(), *s.siege.values()]
    if any(x < 0 for z in zones for x in z) or s.blood < 0:
        bad.append("SH-INV-1/18 a negative Invader unit count")
    return bad


def _defender_units(s: SHState) -> list[str]:
    """SH-INV-2 each kind of Defender unit adds up to its total, none negative."""
    bad = []
    for t in range(3):
        total = sum(u[t] for u in s.defender_units.values()) + s.defender_supply[t]
        if total != DEF_TOTAL[t]:
            bad.append(f"SH-INV-2 {'ASV'[t]} count {total} != {DEF_TOTAL[t]}")
    if any(x < 0 for u in list(s.defender_units.values()) + [s.defender_supply] for x in u):
        bad.append("SH-INV-2 a negative Defender unit count")
    return bad


def _machines(s: SHState) -> list[str]:
    """SH-INV-3 at most 4 throwing machines, and no kind above its limit."""
    bad = []
    counts = machine_counts(s)
    if sum(counts[k] for k in THROWING) > MAX_THROWING:
        bad.append("SH-INV-3 more than 4 throwing machines")
    for k, n in counts.items():
        if n > MACHINE_LIMIT[k]:
            bad.append(f"SH-INV-3 {n} {k} on the board")
    return bad


def _machine_cards(s: SHState) -> list[str]:
    """SH-INV-4 the machine cards add up, each deck beside its machine."""
    bad = []
    hits = sum(d[0] for d in s.decks.values()) + s.hit_supply
    misses = sum(d[1] for d in s.decks.values()) + s.miss_supply
    if hits != CARD_HITS or misses != CARD_MISSES:
        bad.append(f"SH-INV-4 cards {hits} hit / {misses} miss")
    if s.hit_supply < 0 or s.miss_supply < 0:  # SH-2.4: no card taken that is not there
        bad.append(f"SH-INV-4 supply {s.hit_supply} hit / {s.miss_supply} miss")
    for slot, deck in s.decks.items():
        if s.machines.get(slot) not in THROWING:
            bad.append(f"SH-INV-4 a deck without its machine at {slot}")
        if deck[0] != 2 + s.gunners.get(slot, 0) or not 0 <= deck[1] <= 5:
            bad.append(f"SH-INV-4 deck {slot} holds {deck}")
    return bad


def _defender_pieces(s: SHState) -> list[str]:
    """SH-INV-8 stone and wood add up; at most 3 of each cauldron, machine, trap and
    platform (SH-INV-6: one platform a place)."""
    bad = []
    stone = sum(w[0] for w in s.walls.values()) + s.stone_supply
    wood = sum(w[1] for w in s.walls.values()) + s.wood_supply
    if stone != STONE_TOTAL or wood != WOOD_TOTAL or s.stone_supply < 0 or s.wood_supply < 0:
        bad.append(f"SH-INV-8 stone {stone} wood {wood}")
    for kind in "GOT":
        if sum(1 for k in s.cauldrons.values() if k == kind) > 3:
            bad.append(f"SH-INV-8 more than 3 {kind} cauldrons")
    for kind in ("CAN", "THR"):
        if sum(1 for k in s.tower_machines.values() if k == kind) > 3:
            bad.append(f"SH-INV-8 more than 3 {kind}")
    for kind in ("TG", "TT"):
        if sum(1 for k in s.trapspace.values() if k == kind) > 3:
            bad.append(f"SH-INV-8 more than 3 traps {kind}")
    if len(s.platforms) > 3 or len(set(s.platforms)) != len(s.platforms):
        bad.append("SH-INV-8/6 platforms")
    return bad


def _resources(s: SHState) -> list[str]:
    """SH-INV-9 the resources and their supply add up, none negative."""
    if (
        sum(s.resources) + s.resource_supply != RESOURCES_TOTAL
        or min(s.resources + [s.resource_supply]) < 0
    ):
        return [f"SH-INV-9 resources {s.resources} + supply {s.resource_supply}"]
    return []


def _once_per_round(s: SHState) -> list[str]:
    """SH-INV-11 card actions, building actions and hero actions at most as often as a
    round allows."""
    bad = []
    for used in s.used:
        if len(set(used)) != len(used):
            bad.append(f"SH-INV-11 a card action used twice: {used}")
    limit = 2 if s.n_def == 2 else 1
    if any(n > limit for n in s.done.values()):
        bad.append("SH-INV-11 a building action completed too often")
    if s.speech > SPEECH_MAX or s.strike > 1:
        bad.append("SH-INV-11 hero actions")
    return bad


def _gates(s: SHState) -> list[str]:
    """SH-INV-12 the gate index and damage; no round after Gate 3 fell."""
    bad = []
    if not 0 <= s.gate <= 3 or (s.gate < 3 and s.gates[s.gate] > GATE_MAX):
        bad.append(f"SH-INV-12 gate {s.gate} {s.gates}")
    if s.gate == 3 and s.stage not in ("ASSAULT", "OVER"):
        bad.append("SH-INV-12 a round goes on after Gate 3 fell")
    return bad


def _glory(s: SHState) -> list[str]:
    """SH-INV-13 the glory adds up; the Invader's is never negative."""
    bad = []
    if sum(s.glory) != INV_GLORY_START + DEF_GLORY_START + s.glory_supply_taken:
        bad.append(f"SH-INV-13 glory {s.glory} with {s.glory_supply_taken} from the supply")
    if s.glory[0] < 0:
        bad.append("SH-INV-13 negative Invader glory")
    return bad


def _time(s: SHState) -> list[str]:
    """SH-INV-14 the round is 0 only in the set-up, at most 10; nothing after a breach."""
    bad = []
    if not 0 <= s.round <= 10 or (s.round == 0 and s.stage != "SETUP"):
        bad.append(f"SH-INV-14 round {s.round}")
    if s.breached and s.stage not in ("ASSAULT", "OVER"):
        bad.append("SH-INV-14 the game goes on after a breach")
    return bad


def _round_limited(s: SHState) -> list[str]:
    """SH-INV-16 no round-limited piece is left at the start of a round."""
    leftovers = (
        s.rituals
        or s.orders
        or s.precise
        or s.blessing
        or s.glow is not None
        or s.sabotaged
        or any(sum(a) for a in s.available)
        or sum(s.spent)
    )
    if s.stage == "FLIP" and leftovers:
        return ["SH-INV-16 round-limited pieces left at the start of a round"]
    return []


def _hit_deck(s: SHState) -> list[str]:
    """SH-INV-17 the hit deck holds its cards, and is full outside steps I.1 and II.2."""
    bad = []
    deck = s.hit_deck
    if any(deck[k] < 0 or deck[k] > HIT_DECK[k] for k in HIT_DECK):
        bad.append(f"SH-INV-17 hit deck {deck}")
    in_fire = s.stage == "ASSAULT" and s.assault.get("step") in (0, 5)
    if not in_fire and deck != HIT_DECK:
        bad.append("SH-INV-17 the hit deck is not full outside steps I.1 and II.2")
    return bad


def _blood_space(s: SHState) -> list[str]:
    """SH-INV-19 fewer than 12 goblins on the blood space."""
    if s.blood >= 12:
        return [f"SH-INV-19 {s.blood} goblins on the blood space"]
    return []


def _walls_never_kill(s: SHState) -> list[str]:
    """SH-INV-20 walls alone never kill (frenzied goblins always die)."""
    bad = []
    for rec in s.melees:
        if len(rec) == 4:
            _sec, before, frenzy, after = rec
            lost = [before[t] - after[t] for t in range(3)]
            if lost[1] or lost[2] or (lost[0] and not frenzy):
                bad.append(f"SH-INV-20 walls alone killed Invader units on {rec[0]}")
    return bad


def check_invariants(s: SHState) -> list[str]:
    """Every violation of the state invariants (``INVARIANTS``, in order); empty when all hold."""
    bad: list[str] = []
    for check in INVARIANTS:
        bad += check(s)
    return bad


def _invader_capacities(s: SHState) -> list[str]:
    """SH-INV-5 the Invader's places hold no more than their capacity."""
    bad = []
    for gp in GATHERING:
        if sum(s.units[gp]) > GP_CAP:
            bad.append(f"SH-INV-5 {gp} holds {sum(s.units[gp])}")
    for r in RAMPARTS:
        cap = RAMPART_CAP_QM if "QM" in s.training[r] else RAMPART_CAP
        if sum(s.units[r]) > cap:
            bad.append(f"SH-INV-5 {r} holds {sum(s.units[r])}")
    return bad


def _section_capacities(s: SHState) -> list[str]:
    """SH-INV-5 the wall sections (both sides), siege towers and battering ram."""
    bad = []
    for sec in SECTIONS:
        if sum(s.units[sec]) > section_cap(s, sec):
            bad.append(f"SH-INV-5 {sec} holds {sum(s.units[sec])} Invader units")
        if sum(s.defender_units[sec]) > def_cap(s, sec):
            bad.append(f"SH-INV-5 {sec} holds {sum(s.defender_units[sec])} Defender units")
    for sec, tower in s.siege.items():
        if sum(tower) > 3:
            bad.append(f"SH-INV-5 siege tower {sec} holds {sum(tower)}")
    if sum(s.units["BF"]) > 2 * s.ram:
        bad.append("SH-INV-5 BF crew above 2 per element")
    return bad


def _defender_capacities(s: SHState) -> list[str]:
    """SH-INV-5 the towers, barracks, watchtower and Honour Guard."""
    bad = []
    for t in TOWERS:
        u = s.defender_units[t]
        if u[1] or u[2] or u[0] > 2:
            bad.append(f"SH-INV-5 tower {t} holds {u}")
    if not barracks_fit(*s.defender_units[BK]):
        bad.append(f"SH-INV-5 barracks {s.defender_units[BK]}")
    if sum(s.defender_units[WT]) > 1:
        bad.append("SH-INV-5 watchtower above 1")
    hg = s.defender_units[HG]
    if hg[0] or hg[2] or hg[1] > 2 or (s.honour_guard_intact and hg[1] != 2):
        bad.append(f"SH-INV-5 Honour Guard {hg}")
    return bad


def _tile_slots(s: SHState) -> list[str]:
    """SH-INV-6 at most 2 different tiles a section or rampart, 5 wall elements a section."""
    bad = []
    for sec, tiles in s.equipment.items():
        if len(tiles) > 2 or len(set(tiles)) != len(tiles):
            bad.append(f"SH-INV-6 equipment on {sec}: {tiles}")
        if sum(s.walls[sec]) > 5:
            bad.append(f"SH-INV-6 {sum(s.walls[sec])} wall elements on {sec}")
    for r, tiles in s.training.items():
        if len(tiles) > 2 or len(set(tiles)) != len(tiles):
            bad.append(f"SH-INV-6 training on {r}: {tiles}")
    return bad


def _one_a_place(s: SHState) -> list[str]:
    """SH-INV-6 one cover a rampart, saboteur a building, ritual a target, hero a section."""
    bad = []
    if len(set(s.covers)) != len(s.covers):
        bad.append("SH-INV-6 two covers on a rampart")
    if len(set(s.saboteurs)) != len(s.saboteurs):
        bad.append("SH-INV-6 two saboteurs on a building")
    fires = [r[1] for r in s.rituals if r[0] == "FIR"]
    targets = [(r[0], r[1]) for r in s.rituals]
    if len(set(fires)) != len(fires) or len(set(targets)) != len(targets):
        bad.append("SH-INV-6 two rituals on one target")
    heroes = [p for p in s.heroes.values() if p != "CY"]
    if len(set(heroes)) != len(heroes):
        bad.append("SH-INV-6 two heroes on one section")
    return bad


def _invader_nodes(s: SHState) -> list[str]:
    """SH-INV-7 Invader units stand on the Invader's nodes only."""
    return [f"SH-INV-7 Invader units on {node}" for node in s.units if node not in INVADER_NODES]


def _moves(s: SHState) -> list[str]:
    """SH-INV-7 sides and SH-INV-15 forward movement, for the last action's moves."""
    bad = []
    for src, dst, _t, _n, how in s.moves:
        if how == "mob" or how == "call":
            ok = (dst in FORWARD.get(src, ()) and (src, dst) in PATH_OF) or (
                how == "mob" and dst in DROVER.get(src, ()) and "DRV" in s.training[src]
            )
        elif how == "rope":
            ok = dst in ROPE[src]
        elif how == "camp":
            ok = src == CAMP and (dst in ("GW", "GE", "BF") or dst[:2] in SECTIONS)
        elif how == "descend":
            ok = src == dst + "T"
        else:
            ok = False
        if not ok:
            bad.append(f"SH-INV-15 movement {src}->{dst} by {how}")
        a, b = (
            SIDE.get(src[:2] if src[0] == "S" else src),
            SIDE.get(dst[:2] if dst[0] == "S" else dst),
        )
        if a and b and a != b:
            bad.append(f"SH-INV-7 movement {src}->{dst} crosses sides")
    return bad


def _flow(s: SHState) -> list[str]:
    """SH-INV-10: the Defender holds no hourglass when Phases 2-6 and the Assault
    begin, and only the round income (+4 in round 1) when Phase 1 begins."""
    bad = []
    for stage, held in s.flow:
        if stage == "P1":
            expected = 2 + (4 if s.round == 1 else 0)
            if held != expected:
                bad.append(f"SH-INV-10 {held} hourglasses when Phase 1 began")
        elif held:
            bad.append(f"SH-INV-10 {held} hourglasses when {stage} began")
    return bad


def _deeds(s: SHState) -> list[str]:
    """SH-INV-13 (SH-21.3) deeds are awarded the moment their condition holds."""
    bad = []
    occupied = 0
    trolls = 0
    for sec in SECTIONS:
        u = section_units(s, sec)
        occupied += sum(u) > 0
        trolls = max(trolls, u[2])
    if occupied >= SIEGE_DEED and not s.deeds["SIEGE"]:
        bad.append("SH-INV-13 Great Siege not awarded")
    if trolls >= TROLL_DEED and not s.deeds["TROLLS"]:
        bad.append("SH-INV-13 Troll Assault not awarded")
    if s.ruin >= 2 and not s.deeds["RUIN"]:
        bad.append("SH-INV-13 Ruined Walls not awarded")
    if set(s.deeds) != set(DEEDS) or any(v not in (0, 1) for v in s.deeds.values()):
        bad.append("SH-INV-13 deed marks")
    return bad


#: the state invariants, each one function named for what it checks (its SH-INV ID in its
#: docstring); ``check_invariants`` lists their violations in this order
INVARIANTS = (
    _invader_units,  # SH-INV-1, SH-INV-18
    _defender_units,  # SH-INV-2
    _machines,  # SH-INV-3
    _machine_cards,  # SH-INV-4
    _invader_capacities,  # SH-INV-5
    _section_capacities,  # SH-INV-5
    _defender_capacities,  # SH-INV-5
    _tile_slots,  # SH-INV-6
    _one_a_place,  # SH-INV-6
    _invader_nodes,  # SH-INV-7
    _moves,  # SH-INV-15, SH-INV-7
    _defender_pieces,  # SH-INV-8
    _resources,  # SH-INV-9
    _flow,  # SH-INV-10
    _once_per_round,  # SH-INV-11
    _gates,  # SH-INV-12
    _glory,  # SH-INV-13
    _time,  # SH-INV-14
    _round_limited,  # SH-INV-16
    _hit_deck,  # SH-INV-17
    _blood_space,  # SH-INV-19
    _deeds,  # SH-INV-13 (SH-21.3)
    _walls_never_kill,  # SH-INV-20
)


def check_transition(before: SHState, after: SHState) -> list[str]:
    """Invariants between two successive states of one game."""
    bad = []
    b, a = machine_counts(before), machine_counts(after)
    if any(a[k] < b[k] for k in b):
        bad.append(f"SH-INV-3 a machine count decreased: {b} -> {a}")
    for slot, deck in before.decks.items():
        if after.decks[slot][1] > deck[1]:
            bad.append(f"SH-INV-4 the miss count of {slot} rose")
    if after.gate < before.gate:
        bad.append("SH-INV-12 the gate index decreased")
    if any(before.deeds[d] > after.deeds[d] for d in DEEDS):
        bad.append("SH-INV-13 a deed was taken back")
    if after.round < before.round:
        bad.append("SH-INV-14 the round went back")
    if (
        before.stage == "P1"
        and after.stage == "P1"
        and sum(after.resources) - sum(before.resources) > 8
    ):
        bad.append("SH-INV-9 more than 8 resources gained in one Phase 1")
    return bad
