"""Runes of Mayhem rules: the Main phase (RM-14) with the module actions (RM-22 .. RM-25),
on-play effects (RM-12.6, RM-16, RM-21.1) and traps (RM-24)."""

from __future__ import annotations

from functools import cache

from game.core.contract import PUBLIC

from .content import (
    KING_UNIT,
    SIDES,
    code,
    cost,
    hero_arrival,
    is_medium,
    is_ranged,
    keys,
    klass,
)
from .rules_board import (
    CELLS3,
    CELLS12,
    BoardRules,
    dice_text,
    emit,
    forget,
    on,
    owner,
    place_facts,
)
from .state import RMState
from .verbs import DECISIONS, VERBS, RMAction, make, new_action, parse_action

_NO_EXTRA = [""]  # a play without an on-play extra (RM-14.4 (5))


def _extra_kind(card: str, on_field: bool) -> str:
    """Which on-play extras a play offers (RM-14.4 (5)): a direct shot (RM-12.6), a
    Heroic Arrival target (RM-16.6), a Lock (RM-16.9), a Howl (RM-21.1), or none."""
    if is_ranged(card) and (on_field or code(card) == "A-CDF"):
        return "DS"
    if not on_field:
        return ""
    ha = hero_arrival(card)
    if ha:
        return ha if ha in ("HA_UNIT4", "HA_COLUMN2", "HA_RECOVER") else ""
    if klass(card) == "LOOTER":
        return "LOCK"
    return "HOWL" if "HOWL" in keys(card) else ""


def _no_shot(kind: str) -> str:
    """``kind`` without the direct shot: a ranged card that attacked this turn, left the
    field and came back to hand is played again without one (RM-12.4, RM-INV-10)."""
    return "" if kind == "DS" else kind


@cache
def _play_facts(card: str) -> tuple[int, int, bool, bool, bool, str, str]:
    """What playing ``card`` takes (RM-14.4, RM-14.5): its gold and faith, whether row 3
    is open to it (a priest), whether the Wall is, whether it needs no Wall slot (castle
    folk), and the kinds of its extras on the field and on the Wall."""
    g, f = cost(card)
    wall, priest, castle = place_facts(card)
    return g, f, priest, wall, castle, _extra_kind(card, True), _extra_kind(card, False)


# ---------------------------------------------------------------- Main-phase menu parts
# The builders of ``MainRules.main_parts``: each makes one part of the menu, in menu
# order, from what the part's count was taken from (or its k-th action only).
def _plays(sd: str, card: str, places: list[tuple[list[str], list[str]]], k: int = -1):
    """RM-14.4 the plays of one card, by place, then extra; the ``k``-th only when given."""
    if k < 0:
        return [new_action(RMAction, (sd, "PLAY", f"{card}@{d}{e}"))
                for dests, extras in places for d in dests for e in extras]  # fmt: skip
    for dests, extras in places:
        n = len(extras)
        if k < len(dests) * n:
            return new_action(RMAction, (sd, "PLAY", f"{card}@{dests[k // n]}{extras[k % n]}"))
        k -= len(dests) * n
    raise IndexError(k)


class MainRules(BoardRules):
    """The Main phase, its module actions and traps."""

    # ---------------------------------------------------------------- main phase
    def _dests(self, s: RMState, me: int, card: str, free=None) -> list[str]:
        """The places ``card`` may be played to (RM-14.5); ``free`` = the empty cells of
        rows 1-2 and of row 3 and whether the Wall has a slot, when already known."""
        if free is None:
            free = self._free(s, me)
        rows12, row3, slot = free
        _, _, priest, wall, castle, _, _ = _play_facts(card)
        out = rows12 + row3 if priest else list(rows12)
        if wall and (slot or castle):
            out.append(SIDES[me] + "W")
        return out

    def _free(self, s: RMState, me: int) -> tuple[list[str], list[str], bool]:
        cells = s.cells
        return (
            [c for c in CELLS12[me] if c not in cells],
            [c for c in CELLS3[me] if c not in cells],
            self._wall_slot(s, me),
        )

    def _wall_slot(self, s: RMState, me: int) -> bool:
        """Whether ``me``'s Wall has a free slot (RM-4.4; castle folk take none)."""
        used = 0
        for c in s.wall[me]:
            used += not place_facts(c)[2]
        return used < self.wall_cap(s, me)

    def _main_legal(self, s: RMState, me: int, only: RMAction | None = None) -> list[RMAction]:
        """RM-14 the Main-phase menu; with ``only``, just the parts that could hold that
        action (its verb), in the same order."""
        m = s.main
        if m.get("roll") is not None:
            r = m["roll"]
            return [make(SIDES[me], "TRADE", f"{g}/{r - g}") for g in range(r + 1)]
        out = []
        verb = only.verb if only is not None else None
        for _, _, make_part, args in self.main_parts(s, me, verb):
            out += make_part(*args)
        return out

    @staticmethod
    def _main_pick(parts: list, k: int) -> RMAction:
        """The ``k``-th action of a menu given by its parts (``main_parts``), making only
        that action."""
        for _, n, make_part, args in parts:
            if k < n:
                return make_part(*args, k)
            k -= n
        raise IndexError(k)

    def main_parts(self, s: RMState, me: int, verb: str | None = None) -> list:
        """The Main-phase menu (no trade roll pending) as ``(verb, size, make, args)`` parts
        in menu order, only those of ``verb`` if given; ``make(*args)`` makes the part's
        actions, ``make(*args, k)`` its ``k``-th one only, and ``size`` is counted without
        making them, so a random pick makes one action (RM-14).  Each verb's ``part``
        (verbs.py) adds its own, in the order of ``verbs.DECISIONS["MAIN"]``."""
        sd = SIDES[me]
        parts: list = []
        cells = s.cells
        facts = (sorted(s.hand[me]), [c for c in CELLS12[me] if c not in cells])  # as ``_free``
        for name, part, module in _MAIN_PARTS:
            if (verb is None or verb == name) and (module is None or s.module_data):
                part(self, s, me, sd, facts, parts)
        return parts

    def _play_parts(self, s: RMState, me: int, sd: str, facts: tuple, parts: list) -> None:
        """RM-14.4 the plays, by card in hand (sorted), each card's places and extras."""
        if s.main.get("traded"):
            return
        hand, rows12 = facts
        cells = s.cells
        slot = self._wall_slot(s, me)
        row3 = [c for c in CELLS3[me] if c not in cells]
        gold, faith = s.gold[me], s.faith[me]
        rows123, on_wall = rows12 + row3, [sd + "W"]
        extras = {"": _NO_EXTRA}  # RM-14.4 (5): by the card's effect and place kind
        shot = s.last.get("ranged", ())
        for card in hand:
            g, f, priest, wall, castle, on_field, at_wall = _play_facts(card)
            if g > gold or f > faith:
                continue
            if card in shot:  # RM-12.4: it has attacked this turn already
                on_field, at_wall = _no_shot(on_field), _no_shot(at_wall)
            places, n = [], 0  # the Wall, if open, after the field (``_dests``)
            field = rows123 if priest else rows12
            if field:
                ex = extras.get(on_field)
                if ex is None:
                    ex = extras[on_field] = self._extras_of(s, me, on_field)
                places.append((field, ex))
                n = len(field) * len(ex)
            if wall and (slot or castle):
                ex = extras.get(at_wall)
                if ex is None:
                    ex = extras[at_wall] = self._extras_of(s, me, at_wall)
                places.append((on_wall, ex))
                n += len(ex)
            if n:
                parts.append(("PLAY", n, _plays, (sd, card, places)))

    @staticmethod
    def _main_has_choice(s: RMState) -> bool:
        """RM-14: a Main phase certainly offers END and something else (a trade, a token
        move or a sacrifice), so its menu need not be made before someone asks."""
        if s.step != "MAIN" or s.tokens_to_return:
            return False
        m, me = s.main, s.active
        if m.get("roll") is not None:
            return False
        if not m.get("played") and not m.get("traded"):
            return True
        if not m.get("moved") and s.tokens[me] != [0, 0]:
            return True
        sd, u = SIDES[me], s.units
        for cell, c in s.cells.items():
            if cell[0] == sd and not u[c][1]:
                return True
        return any(not u[c][1] for c in s.wall[me])

    def _is_legal(self, s: RMState, a: RMAction) -> bool:
        """``a in legal_actions(s)``, without making the whole Main-phase menu."""
        if s._legal is not None or s.step != "MAIN" or s.tokens_to_return:
            return a in self._cached(s)
        me, m = s.active, s.main
        if m.get("roll") is not None:
            return a in self._main_legal(s, me)
        in_menu = VERBS[a.verb].in_menu  # a check without making the menu, if any
        if in_menu is not None:
            return in_menu(self, s, me, a.arg)
        return a in self._main_legal(s, me, a)

    def _may_play(self, s: RMState, me: int, arg: str) -> bool:
        """A ``PLAY`` in the Main-phase menu: one card, one place, the menu's part for it
        (RM-14.4)."""
        if s.main.get("traded"):
            return False
        head, _, extra = arg.partition(" ")
        card, _, dest = head.partition("@")
        if card not in s.hand[me]:
            return False
        g, f = cost(card)
        if g > s.gold[me] or f > s.faith[me] or dest not in self._dests(s, me, card):
            return False
        return (" " + extra if extra else "") in self._extras(s, me, card, dest)

    def _may_sacrifice(self, s: RMState, me: int, arg: str) -> bool:
        """A ``SAC`` in the Main-phase menu: a living unit of his, named as it stands
        (RM-14.7)."""
        card = self.by_name(s, arg)
        return (
            card is not None
            and card in s.units
            and not s.units[card][1]
            and owner(s, card) == me
            and self.uname(s, card) == arg
        )

    def king_unit(self, s: RMState, p: int) -> str | None:
        """The King unit seat ``p`` may field under X4 (RM-22.1), if any."""
        if not on(s, "X4") or not s.module_data["kings"][p]:
            return None
        return KING_UNIT.get(s.module_data["kings"][p][:5])  # K-RAG/A -> K-RAG

    def _extras(self, s: RMState, me: int, card: str, dest: str) -> list[str]:
        """The on-play extras a play of ``card`` to ``dest`` may carry (RM-14.4 (5))."""
        kind = _extra_kind(card, not dest.endswith("W"))
        if card in s.last.get("ranged", ()):  # RM-12.4: it has attacked this turn already
            kind = _no_shot(kind)
        return self._extras_of(s, me, kind)

    def _extras_of(self, s: RMState, me: int, kind: str) -> list[str]:
        """The extras of one kind of play (``_extra_kind``), each with its leading space;
        ``""`` is the play without one."""
        foe = 1 - me
        if kind == "DS":  # RM-12.6
            targets = [
                cell for cell, c in s.cells.items() if owner(s, c) == foe and s.units[c][1] == 0
            ]
            targets += [f"{SIDES[foe]}W:{c}" for c in s.wall[foe] if s.units[c][1] == 0]
            return [""] + [f" DS>{t}" for t in sorted(targets)] + [f" DS>{SIDES[foe]}F"]
        if kind == "HA_UNIT4":  # RM-16.6
            t = sorted(x for x, c in s.cells.items() if owner(s, c) == foe and not s.units[c][1])
            return [f" HA>{x}" for x in t] or [""]
        if kind == "HA_COLUMN2":
            return [f" HA>{col}" for col in (1, 2, 3)]
        if kind == "HA_RECOVER":
            return [f" HA>{x}" for x in sorted(set(s.discard[me]))] or [""]
        if kind == "LOCK":  # RM-16.9
            return [""] + [f" LOCK {x}" for x, n in zip("gf", s.tokens[foe], strict=True) if n > 0]
        if kind == "HOWL":  # RM-21.1: from the draw or discard pile
            hounds = sorted(c for c in s.pile[me] + s.discard[me] if klass(c) == "HOUND")
            return [""] + [f" HOWL {h}" for h in hounds]
        return [""]

    def _play(self, s: RMState, me: int, arg: str, log: list | None) -> None:
        """RM-14.4 a card played: paid, put in its place, then its extras (a direct shot,
        a Heroic Arrival, a Lock, a Howl) and a Fortress repair."""
        parts = arg.split(" ")
        card, dest = parts[0].split("@")
        g, f = cost(card)
        s.gold[me] -= g
        s.faith[me] -= f
        s.hand[me].remove(card)
        if s.known[me]:
            forget(s, me, card)
        s.units[card] = [0, 0, 0, ""]
        if dest.endswith("W"):
            s.wall[me].append(card)
        else:
            s.cells[dest] = card
        s.main["played"] = True
        if (
            len(parts) == 1
            and (dest.endswith("W") or hero_arrival(card) is None)
            and "BUILD5" not in keys(card)
        ):  # no shot, arrival, lock, howl or repair
            self._falls(s, log)
            return
        ds = next((x[3:] for x in parts[1:] if x.startswith("DS>")), None)
        if ds and self._played_shot(s, card, ds, log):
            return
        ha = hero_arrival(card) if not dest.endswith("W") else None
        arrival = ARRIVALS.get(ha)
        if arrival is not None:
            tgt = next((x[3:] for x in parts[1:] if x.startswith("HA>")), None)
            if arrival(self, s, me, tgt, log):
                return
        self._lock_repair_howl(s, me, card, parts, log)
        self._falls(s, log)

    def _played_shot(self, s: RMState, card: str, ds: str, log: list | None) -> bool:
        """RM-12.6 the direct shot of a card played; True when it stops the play (a trap
        revealed, RM-24.5, or the game over)."""
        s.units[card][2] = 1
        if self._trap_trigger(s, card, f"DS {card}>{ds}", log):
            return True  # RM-24.5: the shot waits for the Viking's trap option
        self._shoot(s, card, ds, log)
        return s.step == "OVER"

    def _lock_repair_howl(self, s: RMState, me: int, card: str, parts: list, log) -> None:
        """A Looter's Lock (RM-16.9), a Fortress repair (BUILD5) and a Howl (RM-21.1)."""
        foe = 1 - me
        lock = next((x for x in parts[1:] if x in ("g", "f")), None)
        if "LOCK" in parts and lock:
            i = "gf".index(lock)
            s.tokens[foe][i] -= 1
            s.units[card][3] = lock
        if "BUILD5" in keys(card):
            s.strength_points[me] = min(s.strength_limit[me], s.strength_points[me] + 5)
        if "HOWL" in parts:  # RM-21.1
            hound = parts[parts.index("HOWL") + 1]
            src = s.pile[me] if hound in s.pile[me] else s.discard[me]
            src.remove(hound)
            s.hand[me].append(hound)
            s.known[me].append(hound)  # shown as it is taken (RM-21.1)
            emit(log, PUBLIC, "HOWLED", SIDES[me], hound)
            if src is s.pile[me]:
                s.rng.shuffle(s.pile[me])
                emit(log, PUBLIC, "SHUF", SIDES[me])

    def _shoot(self, s: RMState, card: str, tgt: str, log: list | None) -> None:
        """RM-12.6 a direct shot (the shot token is already on the unit)."""
        tm = s.module_data.get("trap_option") or {}
        foe = 1 - owner(s, card)
        s.last.setdefault("ranged", []).append(card)  # RM-INV-10
        if tgt.endswith("F"):
            n = 0 if tm.get("nodice") else (2 if "WAR" in keys(card) else 1)
            dice = [self.roll(s) for _ in range(n)]
            raw = max(0, self.cur_s(s, card) + tm.get("str", 0)) + sum(dice)
            emit(log, PUBLIC, "SHOT", tgt, dice_text(dice), raw)
            if tm.get("nofort"):  # Decoy Banner A
                emit(log, PUBLIC, "HIT", tgt, 0, s.strength_points[foe])
                return
            self._hit_fortress(s, foe, raw, log)
            return
        t = self.by_name(s, tgt)
        if t is None or s.units[t][1]:
            return  # the target is gone (it cannot be: traps hurt Anglo-Saxons only)
        dice = [] if tm.get("nodice") else [self.roll(s)]
        raw = max(0, self.cur_s(s, card) + tm.get("str", 0)) + sum(dice)
        emit(log, PUBLIC, "SHOT", tgt, dice_text(dice), raw)
        self._damage(s, t, raw)
        self._falls(s, log)

    # ---------------------------------------------------------------- traps (X6)
    def _trap_trigger(self, s: RMState, u: str, act: str, log: list | None) -> bool:
        """RM-24.5: an Anglo-Saxon attack from or behind a trap reveals it first."""
        if not on(s, "X6") or s.active != 1 or owner(s, u) != 1 or not s.module_data["traps"]:
            return False
        cell = self.loc(s, u)
        if not cell or cell.endswith("W"):  # RM-24.7
            return False
        q = [f"A{cell[1]}{r}" for r in range(int(cell[2]), 0, -1)]
        q = [x for x in q if x in s.module_data["traps"]]
        if not q:
            return False
        for x in q:
            emit(log, PUBLIC, "REVEAL", x, s.module_data["traps"][x])
        s.module_data["trap_trigger"] = {
            "queue": q,
            "action": act,
            "attacker": u,
            "trap_option": {},
            "step": s.step,
        }
        s.step = "TRAP"
        return True

    def _trap_option(self, s: RMState, opt: str, log: list | None) -> None:
        """RM-27.9: apply the chosen option (``TRAP_OPTIONS``), the card back into the trap
        deck; after the last trap of the queue, the attack goes on (or does not)."""
        tp = s.module_data["trap_trigger"]
        cell = tp["queue"].pop(0)
        tr = s.module_data["traps"].pop(cell)
        s.module_data["trap_deck"].append(tr)
        s.module_data["trap_deck"].sort()
        sprung = _Sprung(self, s, cell, tp["attacker"], tp["trap_option"])
        effect = TRAP_OPTIONS.get((tr, "A" if opt == "A" else "B"))  # any other is B
        if effect is not None:
            effect(sprung)
        emit(log, PUBLIC, "TRAPPED", cell, tr, opt)
        self._falls(s, log)
        if tp["queue"]:
            return
        s.module_data["trap_trigger"] = None
        s.step = tp["step"]
        self._after_traps(s, tp["attacker"], tp["trap_option"], tp["action"], log)

    def _after_traps(self, s: RMState, u: str, tm: dict, act: str, log: list | None) -> None:
        """RM-24.5 the attack that revealed the traps, with their options, unless its unit
        fell or the attack was cancelled."""
        if s.units.get(u, [0, 1])[1] or tm.get("cancel"):  # the attack does not happen
            if tm.get("cancel") and u in s.units and (is_ranged(u) or is_medium(u)):
                s.units[u][2] = 1
            if s.step == "RESOLVE" and not act.startswith("DS "):
                self._done(s, u)
            return
        s.module_data["trap_option"] = tm
        try:
            if act.startswith("DS "):
                card, tgt = act[3:].split(">")
                self._shoot(s, card, tgt, log)
                if s.step != "OVER":
                    self._falls(s, log)
            else:
                a = parse_action(act)  # the attack resumed, the trap passed (verbs.py)
                VERBS[a.verb].effect(self, s, 1, a.arg, log, checked=True)
        finally:
            s.module_data["trap_option"] = None


# ---------------------------------------------------------------- Heroic Arrivals (RM-16.6)
# Each returns True when it ends the game (the play stops there).
def _arrive_unit4(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    if tgt:
        eng._damage(s, s.cells[tgt], 4)
    return False


def _arrive_draw2(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    eng._draw(s, me, 2, log)
    return False


def _arrive_randdisc(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    foe = 1 - me
    if s.hand[foe]:
        lost = s.hand[foe].pop(s.rng.below(len(s.hand[foe])))
        forget(s, foe, lost)
        s.discard[foe].append(lost)
        emit(log, PUBLIC, "DISCARDED", SIDES[foe], lost)
    return False


def _arrive_fort3(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    eng._hit_fortress(s, 1 - me, 3, log)
    return s.step == "OVER"


def _arrive_restore6(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    s.strength_points[me] = min(s.strength_limit[me], s.strength_points[me] + 6)
    return False


def _arrive_column2(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    if tgt:
        for _r, t in eng.column_units(s, 1 - me, int(tgt)):
            eng._damage(s, t, 2)
    return False


def _arrive_recover(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    if tgt:
        s.discard[me].remove(tgt)
        s.hand[me].append(tgt)
        s.known[me].append(tgt)  # taken openly from the discard pile
    return False


def _arrive_wall2(eng: MainRules, s: RMState, me: int, tgt: str | None, log) -> bool:
    for t in s.wall[1 - me]:
        if s.units[t][1] == 0:
            eng._damage(s, t, 2)
    return False


#: what each Heroic Arrival does when its card is played on the field
ARRIVALS = {
    "HA_UNIT4": _arrive_unit4,
    "HA_DRAW2": _arrive_draw2,
    "HA_RANDDISC": _arrive_randdisc,
    "HA_FORT3": _arrive_fort3,
    "HA_RESTORE6": _arrive_restore6,
    "HA_COLUMN2": _arrive_column2,
    "HA_RECOVER": _arrive_recover,
    "HA_WALL2": _arrive_wall2,
}


# ---------------------------------------------------------------- trap options (RM-27.9)
class _Sprung:
    """A trap just revealed: the attacker ``u`` and its cell, the attack's modifiers
    ``tm`` the options write, and the Anglo-Saxon units alive when it was sprung."""

    def __init__(self, eng: MainRules, s: RMState, cell: str, u: str, tm: dict) -> None:
        self.eng, self.s, self.cell, self.u, self.tm = eng, s, cell, u, tm
        self.ucell = eng.loc(s, u)
        self.alive = [c for c in s.cells.values() if owner(s, c) == 1 and s.units[c][1] == 0]

    def hurt(self, c: str, n: int) -> None:
        if c in self.s.units and self.s.units[c][1] == 0:  # a fallen unit takes nothing (RM-9.7)
            self.eng._damage(self.s, c, n)


def _pit_b(t: _Sprung) -> None:
    t.tm["nodice"] = 1


def _net_a(t: _Sprung) -> None:
    t.tm["cancel"] = 1


def _net_b(t: _Sprung) -> None:
    t.tm["str"] = t.tm.get("str", 0) - 2


def _caltrops_a(t: _Sprung) -> None:
    for c in t.alive:
        if t.eng.loc(t.s, c)[1] == t.cell[1]:
            t.hurt(c, 1)


def _ambush_a(t: _Sprung) -> None:
    t.tm["amb"] = t.tm.get("amb", 0) + 2


def _ambush_b(t: _Sprung) -> None:
    t.s.gold[0] += 2


def _fire_b(t: _Sprung) -> None:
    t.hurt(t.u, 1)
    for c in t.alive:
        w = t.eng.loc(t.s, c)
        if w[2] == t.ucell[2] and abs(int(w[1]) - int(t.ucell[1])) == 1:
            t.hurt(c, 1)


def _decoy_a(t: _Sprung) -> None:
    t.tm["nofort"] = 1


def _decoy_b(t: _Sprung) -> None:
    t.s.faith[1] = max(0, t.s.faith[1] - 1)
    t.hurt(t.u, 1)


#: what each trap's option A or B does to the attack or the Anglo-Saxons (RM-27.9)
TRAP_OPTIONS = {
    ("TR-PIT", "A"): lambda t: t.hurt(t.u, 3),
    ("TR-PIT", "B"): _pit_b,
    ("TR-NET", "A"): _net_a,
    ("TR-NET", "B"): _net_b,
    ("TR-CAL", "A"): _caltrops_a,
    ("TR-CAL", "B"): lambda t: t.hurt(t.u, 2),
    ("TR-AMB", "A"): _ambush_a,
    ("TR-AMB", "B"): _ambush_b,
    ("TR-FIR", "A"): lambda t: t.hurt(t.u, 4 if klass(t.u) == "CAV" else 2),
    ("TR-FIR", "B"): _fire_b,
    ("TR-DEC", "A"): _decoy_a,
    ("TR-DEC", "B"): _decoy_b,
}


#: each Main-phase verb's part of the menu, in menu order: (verb, part, module)
_MAIN_PARTS = tuple((n, VERBS[n].part, VERBS[n].module) for n in DECISIONS["MAIN"].verbs)
