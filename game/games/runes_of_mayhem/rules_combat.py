"""Runes of Mayhem rules: Reorganize (RM-8), Resolve combats (RM-9 .. RM-12, RM-20, RM-25.6)
and the Burial phases (RM-13)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from game.core.contract import PUBLIC

from .content import (
    BASIC,
    BEATS,
    SIDES,
    code,
    heal_n,
    is_castle,
    is_medium,
    is_priest,
    is_ranged,
    keys,
    klass,
    on_field_only,
)
from .rules_board import CELLS, BoardRules, cell_of, dice_text, emit, owner, place_facts
from .state import RMState
from .verbs import VERBS, RMAction, make, new_action


@cache
def _fight_facts(card: str) -> tuple[bool, bool, bool, bool, bool]:
    """How a unit takes part in Resolve combats: a priest (neither fights nor besieges,
    RM-10.2), ranged, medium-ranged (RM-10.2, RM-20.2), a skirmisher (RM-27.8) and one
    that never besieges (NOSIEGE)."""
    kw = keys(card)
    return is_priest(card), is_ranged(card), is_medium(card), "SKIRMISH" in kw, "NOSIEGE" in kw


def _pair(one: str, two: str) -> str:
    """A swap's two moves in canonical (sorted) order."""
    return f"{one} {two}" if one < two else f"{two} {one}"


class _ReLine:
    """A side's line at Reorganize (RM-8.2): where each unit stands, where it may stand
    (RM-4.3, RM-4.4, RM-16.9, RM-23.7, RM-22.3) and the Wall's slots taken and held."""

    __slots__ = ("cap", "cur", "facts", "slot_of", "slots", "spots", "wall", "wall_side")

    def __init__(self, s: RMState, me: int, cap: int) -> None:
        sd = SIDES[me]
        self.wall_side = wall_side = sd + "W"
        cur = {c: cell for cell, c in s.cells.items() if cell[0] == sd}
        for c in s.wall[me]:
            cur[c] = wall_side
        self.cur = cur
        self.cap = cap
        self.slots = sum(1 for c in s.wall[me] if not is_castle(c))
        self.facts = facts = {c: place_facts(c) for c in cur}
        self.wall = wall = sorted(s.wall[me])
        self.slot_of = {w: 0 if facts[w][2] else 1 for w in wall}  # castle folk take no slot
        cells = s.cells
        self.spots = [(d, cells.get(d), d[2] == "3") for d in CELLS[me]]  # (cell, unit, row 3)

    def fits(self, card: str, dest: str) -> bool:
        wall, priest, _ = self.facts[card]
        return wall if dest == self.wall_side else dest[2] != "3" or priest

    def to_cells(self, c: str) -> list[str]:
        """c's moves to an empty cell and its swaps with a unit that sorts after it (a
        swap is listed under the unit that sorts first)."""
        here = self.cur[c]
        _, c_priest, c_castle = self.facts[c]
        c_slot = 0 if c_castle else 1  # a castle folk unit takes no Wall slot
        off_wall = c_slot if here == self.wall_side else 0  # the slot a move off the Wall frees
        empty_ok = self.slots - off_wall <= self.cap
        out = []
        for d, occupant, row3 in self.spots:
            if d == here or (row3 and not c_priest):
                continue
            if occupant is None:
                if empty_ok:
                    out.append(f"{c}@{d}")
            elif occupant > c and self._swap_fits(c_slot, occupant, here):
                out.append(_pair(f"{c}@{d}", f"{occupant}@{here}"))
        return out

    def _swap_fits(self, c_slot: int, occupant: str, here: str) -> bool:
        if not self.fits(occupant, here):
            return False
        o_slot = 0 if self.facts[occupant][2] else 1
        return self.slots + (o_slot - c_slot if here == self.wall_side else 0) <= self.cap

    def onto_wall(self, c: str) -> list[str]:
        """From a cell onto the Wall (last of the places), or a swap with a Wall unit that
        sorts after it."""
        here = self.cur[c]
        c_wall, _, c_castle = self.facts[c]
        d = self.wall_side
        if here == d or not c_wall:
            return []
        c_slot = 0 if c_castle else 1
        out = []
        if self.slots + c_slot <= self.cap:
            out.append(f"{c}@{d}")
        for w in self.wall:
            if w > c and self.fits(w, here) and self.slots + c_slot - self.slot_of[w] <= self.cap:
                out.append(_pair(f"{c}@{d}", f"{w}@{here}"))
        return out


def _wall_problem(card: str) -> str | None:
    """Why card may not stand on the Wall, if it may not."""
    if klass(card) == "LOOTER":
        return "a Looter never stands on the Wall (RM-16.9)"
    if on_field_only(card):
        return f"{card} never stands on the Wall (RM-23.7, RM-22.3)"
    return None


def _line_problem(place: dict[str, str], cap: int) -> str | None:
    """What is wrong with a side's whole line (card -> place), if anything (RM-4.3,
    RM-4.4)."""
    taken: set = set()
    wall = 0
    for card, where in place.items():
        if where.endswith("W"):
            problem = _wall_problem(card)
            if problem:
                return problem
            if not is_castle(card):
                wall += 1
            continue
        if where in taken:
            return f"two units in {where} (RM-4.3)"
        taken.add(where)
        if where[2] == "3" and not is_priest(card):
            return f"row 3 holds priests only: {card} (RM-4.3)"
    if wall > cap:
        return f"the Wall holds at most {cap} units (RM-4.4)"
    return None


class CombatRules(BoardRules):
    """Reorganize, Resolve combats and Burial."""

    # ---------------------------------------------------------------- reorganize
    def _re_menu(self, s: RMState, me: int) -> list[RMAction]:
        """RM-8.2 menu: keep the line, or one move or swap that ``_check_re`` accepts
        (checked here only for the cards that move: the rest of the line is legal)."""
        sd = SIDES[me]
        out = [make(sd, "RE", "-")]
        line = _ReLine(s, me, self.wall_cap(s, me))
        args = []
        for c in sorted(line.cur):
            args += line.to_cells(c)
            if line.facts[c][0] and line.cur[c] != line.wall_side:  # may go onto the Wall
                args += line.onto_wall(c)
        return out + [new_action(RMAction, (sd, "RE", arg)) for arg in args]

    def _arrange(self, s: RMState, me: int, arg: str) -> None:
        """Put ``me``'s units where an ``RE`` argument says (RM-8.2)."""
        moves = [p.split("@") for p in arg.split(" ")]
        for card, _ in moves:
            where = self.loc(s, card)
            if where.endswith("W"):
                s.wall[me].remove(card)
            else:
                del s.cells[where]
        for card, dest in moves:
            if dest.endswith("W"):
                s.wall[me].append(card)
            else:
                s.cells[dest] = card

    def build_on(self, s: RMState, a: RMAction) -> tuple[RMState, list] | None:
        """RM-8.2 a whole arrangement made a move at a time (the engine still takes it as
        one action): for a legal ``RE`` arrangement ``a``, a copy of ``s`` with the line as
        ``a`` leaves it (the step still Reorganize) and ``(step, whole)`` for each move or
        swap ``step`` of that line, ``whole`` being ``a`` and ``step`` as one arrangement of
        the line at the start.  A ``whole`` that puts every unit back is left out.  None
        for ``RE -`` and any other action."""
        if (
            not isinstance(a, RMAction)
            or not VERBS[a.verb].stepwise
            or a.arg == "-"
            or s.step != "RE"
            or s.tokens_to_return
            or self.decider(s) != "VA".index(a.side)
            or self._check_re(s, a)
        ):
            return None
        me = "VA".index(a.side)
        start = {c: self.loc(s, c) for c in s.units if owner(s, c) == me}
        shown = s.clone()
        self._arrange(shown, me, a.arg)
        shown._legal = None
        moves = dict(p.split("@") for p in a.arg.split(" "))
        out = []
        for step in self._re_menu(shown, me)[1:]:
            whole = dict(moves)
            whole.update(p.split("@") for p in step.arg.split(" "))
            parts = [f"{c}@{d}" for c, d in whole.items() if start[c] != d]
            if parts:
                out.append((step, make(a.side, "RE", " ".join(parts))))
        return shown, out

    def _check_re(self, s: RMState, a: RMAction) -> str | None:
        me = "VA".index(a.side)
        if a.arg == "-":
            return None
        moves: dict[str, str] = {}
        for part in a.arg.split(" "):
            card, dest = part.split("@")
            problem = self._re_part_problem(s, a, me, moves, card, dest)
            if problem:
                return problem
            moves[card] = dest
        place = {c: self.loc(s, c) for c in s.units if owner(s, c) == me}
        place.update(moves)
        return _line_problem(place, self.wall_cap(s, me))

    def _re_part_problem(
        self, s: RMState, a: RMAction, me: int, moves: dict, card: str, dest: str
    ) -> str | None:
        """What is wrong with one move of an ``RE`` argument, if anything (RM-8.2)."""
        if card in moves:
            return f"{card} is placed twice"
        if card not in s.units or owner(s, card) != me:
            return f"{card} is not a unit of yours in play"
        if dest[0] != a.side:
            return "units stay on their own side"
        if self.loc(s, card) == dest:  # "no change" is RE - (RM-8.2), not a move in place
            return f"{card} already stands in {dest}: list only the units that move"
        return None

    # ---------------------------------------------------------------- resolve combats
    def _fights_in(self, s: RMState, me: int, col: int, foe: list | None = None) -> list:
        """(attacker, target) cards of every legal F in an open column (RM-10.2); ``foe``
        the living enemies of the column (``column_units``), when already known."""
        c = s.combat
        out = []
        if foe is None:
            foe = self.column_units(s, 1 - me, col)
        if not foe:
            return out
        mine = self.column_units(s, me, col, alive=False)
        blocked = False
        for _r, u in mine:
            st = s.units[u]
            if st[1]:
                continue
            priest, ranged, medium, skirmish, _ = _fight_facts(u)
            ok = not priest and u not in c["done"]
            if ranged or medium:  # RM-10.2, RM-20.2
                if ok and not st[2]:
                    reach = foe if ranged else [x for x in foe if x[0] < 3]
                    out += [(u, t) for _, t in reach]
                blocked = True
                continue
            if ok and (not blocked or skirmish):  # RM-27.8 Pictish
                out.append((u, foe[0][1]))
            blocked = True
        for u in s.wall[me]:  # RM-16.8 Castle Defenders from the Wall
            if (
                code(u) == "A-CDF"
                and s.units[u][1] == 0
                and not s.units[u][2]
                and u not in c["done"]
            ):
                out += [(u, t) for _, t in foe]
        return out

    def _can_siege(self, s: RMState, u: str) -> bool:
        priest, ranged, medium, _, nosiege = _fight_facts(u)
        if priest or nosiege:  # NOSIEGE: Poisoner, Hired Champion
            return False
        c = s.combat
        if u in c["done"] or u in c["sieged"] or u in c["flanked"]:
            return False
        return not ((ranged or medium) and s.units[u][2])

    def _sieges_in(self, s: RMState, me: int, col: int, foe: list | None = None) -> list[str]:
        """The units that may besiege in a column with no living enemy (RM-11.1)."""
        if foe is None:
            foe = self.column_units(s, 1 - me, col)
        if foe:
            return []
        return [u for _r, u in self.column_units(s, me, col) if self._can_siege(s, u)]

    def _siege_targets(self, s: RMState, me: int, col: int) -> list[str]:
        """RM-25.6: the Fortress or a face-up tower in the column."""
        out = [f"{SIDES[1 - me]}F"]
        for r in (1, 2, 3):
            cell = cell_of(col, r, 1 - me)
            if self.tower_up(s, cell):
                out.append(cell + "T")
        return out

    def _flank_targets(self, s: RMState, me: int, u: str, row: int) -> list[str]:
        if "FLANK" not in keys(u) or u in s.combat["flanked"]:
            return []
        col = s.combat["open"]
        out = []
        for c2 in (col - 1, col + 1):
            if 1 <= c2 <= 3:
                t = s.cells.get(cell_of(c2, row, 1 - me))
                if t and s.units[t][1] == 0:
                    out.append(cell_of(c2, row, 1 - me))
        return out

    def _resolve_legal(self, s: RMState, me: int) -> list[RMAction]:
        """RM-10: the options of each mode of Resolve combats (WON the last)."""
        return self._RESOLVE_MODES.get(s.combat["mode"], CombatRules._won_options)(self, s, me)

    def _idle_options(self, s: RMState, me: int) -> list[RMAction]:
        """No column open: open one where a fight or a siege is possible, or end combats."""
        sd = SIDES[me]
        out = []
        for col in (1, 2, 3):
            if col in s.combat["opened"]:
                continue
            foe = self.column_units(s, 1 - me, col)
            if self._fights_in(s, me, col, foe) or self._sieges_in(s, me, col, foe):
                out.append(make(sd, "OPEN", str(col)))
        return out + [make(sd, "EC")]

    def _column_options(self, s: RMState, me: int) -> list[RMAction]:
        """A column open: a fight (RM-10.2) or a siege (RM-11.1), close it or end combats."""
        sd = SIDES[me]
        col = s.combat["open"]
        name = self.uname
        fights = self._fights_in(s, me, col)
        out = [make(sd, "F", f"{name(s, u)}>{name(s, t)}") for u, t in fights]
        out += [make(sd, "SG", f"{self.loc(s, u)}>{x}")
                for u in self._sieges_in(s, me, col)
                for x in self._siege_targets(s, me, col)]  # fmt: skip
        if not out:
            return [make(sd, "CLOSE")]
        return out + [make(sd, "CLOSE"), make(sd, "EC")]

    def _cover_options(self, s: RMState, me: int) -> list[RMAction]:
        """Cover owed (RM-10.4): give it, or flank (RM-20)."""
        sd = SIDES[me]
        c = s.combat
        out = [make(sd, "COV")]
        out += [
            make(sd, "FL", t) for t in self._flank_targets(s, me, c["attacker"], c["target_row"])
        ]
        return out

    def _go_on_options(self, s: RMState, me: int) -> list[RMAction]:
        """A drawn fight or a flank made: the attacker goes on, stops, or the column closes."""
        sd = SIDES[me]
        return [make(sd, "CONT"), make(sd, "STOP"), make(sd, "CLOSE"), make(sd, "EC")]

    def _won_options(self, s: RMState, me: int) -> list[RMAction]:
        """A fight won: go on against the next enemy or besiege (RM-11, RM-25.6), flank."""
        sd = SIDES[me]
        c = s.combat
        col, u = c["open"], c["attacker"]
        out = []
        if self.column_units(s, 1 - me, col):
            out.append(make(sd, "CONT"))
        elif u not in c["sieged"] and "NOSIEGE" not in keys(u):
            here = self.loc(s, u)
            out += [make(sd, "SG", f"{here}>{x}") for x in self._siege_targets(s, me, col)]
        out += [make(sd, "FL", t) for t in self._flank_targets(s, me, u, c["target_row"])]
        if not out:  # RM-10.7: the winner has nothing left (a unit that never besieges):
            return [make(sd, "STOP")]  # it is done; closing or ending is offered after
        return out + [make(sd, "STOP"), make(sd, "CLOSE"), make(sd, "EC")]

    #: the options of each mode of Resolve combats
    _RESOLVE_MODES = {
        "IDLE": _idle_options,
        "COL": _column_options,
        "COVER": _cover_options,
        "DRAWN": _go_on_options,
        "FLANK": _go_on_options,
        "WON": _won_options,
    }

    def _fight(self, s: RMState, u: str, t: str, log: list | None) -> None:
        """RM-9: one fight of attacking ``u`` against defending ``t``."""
        tm = (
            s.module_data.get("trap_option") or {}
        )  # a trap option in force for this attack (RM-27.9)
        counter = not is_ranged(u) and not is_medium(u) and not is_priest(t)
        ucell, tcell = self.loc(s, u), self.loc(s, t)
        nu, nt = self._dice_counts(s, u, t, ucell, tcell, counter, tm)
        du = [self.roll(s) for _ in range(nu)]
        dt = [self.roll(s) for _ in range(nt)]
        hit_t, hit_u = self._hits(s, u, t, ucell, tcell, counter, tm, sum(du), sum(dt))
        uname, tname = self.uname(s, u), self.uname(s, t)
        if is_ranged(u) or is_medium(u):
            s.last.setdefault("ranged", []).append(u)  # RM-INV-10
        self._damage(s, t, hit_t)
        if counter:
            self._damage(s, u, hit_u)
        rolls = dice_text(du) + "|" + (dice_text(dt) if counter else "-")
        emit(log, PUBLIC, "FIGHT", f"{uname}>{tname}", rolls, hit_t, hit_u)
        s.last["fights"] = s.last.get("fights", 0) + 1
        self._falls(s, log)
        self._guthrum_gold(s, owner(s, u), t, log)

    def _dice_counts(
        self, s: RMState, u: str, t: str, ucell: str, tcell: str, counter: bool, tm: dict
    ) -> tuple[int, int]:
        """RM-9.3: the dice the attacker and the defender roll (none at a combat
        disadvantage: the basic classes' triangle, a ranged defender, lifted in a Watchtower,
        RM-27.10; none for the attacker under a trap's option, two for a reckless one; none
        for a defender who does not hit back or is reckless)."""
        cu, ct = klass(u), klass(t)
        u_dis = t_dis = False
        if cu in BASIC and ct in BASIC and cu != ct:
            if BEATS[cu] == ct:
                t_dis = True
            elif BEATS[ct] == cu:
                u_dis = True
        if is_ranged(t):
            t_dis = True
        if self.tower_up(s, ucell) == "TW-WAT":  # RM-27.10 Watchtower
            u_dis = False
        if self.tower_up(s, tcell) == "TW-WAT":
            t_dis = False
        nu = 0 if u_dis or tm.get("nodice") else (2 if "RECKLESS" in keys(u) else 1)
        nt = 0 if (t_dis or not counter or "RECKLESS" in keys(t)) else 1
        return nu, nt

    def _hits(
        self,
        s: RMState,
        u: str,
        t: str,
        ucell: str,
        tcell: str,
        counter: bool,
        tm: dict,
        u_dice: int,
        t_dice: int,
    ) -> tuple[int, int]:
        """RM-9.4: the damage the attacker deals and the counterattack's (keywords, Arrow
        towers RM-27.10, a trap's option RM-27.9, the Poisoner RM-27.5.1)."""
        hit_t = max(0, self.cur_s(s, u) + tm.get("str", 0)) + u_dice
        hit_t += ("FIERCE" in keys(u)) + (self.tower_up(s, ucell) == "TW-ARR")
        hit_u = 0
        if counter:
            hit_u = self.cur_s(s, t) + t_dice + ("STEADY" in keys(t)) + tm.get("amb", 0)
            hit_u += self.tower_up(s, tcell) == "TW-ARR"
        if "VENOM" in keys(u) and hit_t > 0:  # RM-27.5.1 Poisoner
            hit_t += 2
        if "VENOM" in keys(t) and hit_u > 0:
            hit_u += 2
        return hit_t, hit_u

    def _guthrum_gold(self, s: RMState, me: int, t: str, log: list | None) -> None:
        """RM-27.6 Guthrum A: the first enemy felled in a turn gives 1 gold."""
        if s.units[t][1] and self.king(s, me) == "FELLGOLD" and not s.combat.get("guthrum_gold"):
            s.combat["guthrum_gold"] = 1  # RM-27.6 Guthrum A: once per turn
            s.gold[me] += 1
            emit(log, PUBLIC, "KINGGOLD", SIDES[me], "+1g")

    def _after_fight(self, s: RMState, u: str, t: str, t_cell: str, flank: bool) -> None:
        """RM-10.4 outcome table."""
        c = s.combat
        me = owner(s, u)
        if flank:
            if s.units[u][1] or s.units[t][1]:
                self._done(s, u)
            else:
                c.update(mode="FLANK", attacker=u, target=t)
            return
        if s.units[u][1]:
            self._done(s, u)
            return
        if is_ranged(u) or is_medium(u):  # RM-12.4, RM-20.4
            s.units[u][2] = 1
            self._done(s, u)
            return
        if not s.units[t][1]:
            c.update(mode="DRAWN", attacker=u, target=t)
            return
        trow = int(t_cell[2])
        c["target_row"] = trow
        if trow == 1:
            sup = s.cells.get(t_cell[:2] + "2")
            if sup and s.units[sup][1] == 0:
                c.update(mode="COVER", attacker=u, target=sup)
                return
        c.update(mode="WON", attacker=u, target=None)
        _ = me

    def _done(self, s: RMState, u: str | None) -> None:
        c = s.combat
        if u and u not in c["done"]:
            c["done"].append(u)
        c.update(mode="COL", attacker=None, target=None)

    def _siege(self, s: RMState, u: str, target: str, log: list | None) -> None:
        """RM-11.3 against the Fortress, RM-25.6 against a face-up tower."""
        tm = s.module_data.get("trap_option") or {}
        me = owner(s, u)
        c = s.combat
        if self.column_units(s, 1 - me, c["open"]):
            s.last["bad_siege"] = True  # RM-INV-12
        n = 0 if tm.get("nodice") else (2 if "WAR" in keys(u) else 1)
        dice = [self.roll(s) for _ in range(n)]
        raw = max(0, self.cur_s(s, u) + tm.get("str", 0)) + sum(dice)
        if self.king(s, me) == "SIEGE1":  # RM-27.6 Ragnar A
            raw += 1
        emit(log, PUBLIC, "SIEGE", f"{self.loc(s, u)}>{target}", dice_text(dice), raw)
        c["sieged"].append(u)
        if is_ranged(u) or is_medium(u):
            s.units[u][2] = 1
            s.last.setdefault("ranged", []).append(u)  # RM-INV-10
        self._done(s, u)
        if target.endswith("T"):
            w = s.module_data["towers"][target[:-1]]
            w[2] = max(0, w[2] - raw)
            emit(log, PUBLIC, "TOWER", target, w[0], w[2])
            if w[2] == 0:  # destroyed: back to the tower deck at full SP
                del s.module_data["towers"][target[:-1]]
                s.module_data["tower_deck"].append(w[0])
                s.module_data["tower_deck"].sort()
                emit(log, PUBLIC, "RAZED", target, w[0])
            return
        if tm.get("nofort"):  # Decoy Banner A
            emit(log, PUBLIC, "HIT", SIDES[1 - me] + "F", 0, s.strength_points[1 - me])
            return
        self._hit_fortress(s, 1 - me, raw, log)

    # ---------------------------------------------------------------- burial
    def _healers(self, s: RMState, p: int) -> list[str]:
        out = []
        for card, st in s.units.items():
            if owner(s, card) != p or st[1] or not heal_n(card):
                continue
            where = self.loc(s, card)
            if where.endswith("W") and code(card) != "A-CCH":
                continue
            out.append(card)
        return sorted(out)

    def _heal_legal(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        fallen = sorted(
            self.uname(s, c) for c, st in s.units.items() if owner(s, c) == me and st[1]
        )
        out = [make(sd, "HEAL", "-")]
        if not fallen:
            return out
        for pr in self._healers(s, me):
            pn = self.uname(s, pr)
            for k in range(1, min(self.heal_of(s, pr), len(fallen)) + 1):
                out += [make(sd, "HEAL", f"{pn}:{','.join(t)}") for t in combinations(fallen, k)]
        return out

    def _burial_remove(self, s: RMState, log: list | None) -> None:
        """RM-13.4, RM-13.5."""
        while True:
            gone = [c for c, st in s.units.items() if st[1]]
            if not gone:
                return
            for card in gone:
                emit(log, PUBLIC, "RM", self.uname(s, card))
                self._leave(s, card)
            self._falls(s, log)

    def _open_burial(self, s: RMState, log: list | None) -> None:
        """RM-13.2: active player heals first, then the passive one."""
        s.heal_seat = s.active
        if not any(st[1] for st in s.units.values()):
            self._after_burial(s, log)
            return
        if len(self._heal_legal(s, s.active)) > 1:
            return
        s.heal_seat = 1 - s.active
        if len(self._heal_legal(s, s.heal_seat)) > 1:
            return
        self._burial_remove(s, log)
        self._after_burial(s, log)

    def _after_burial(self, s: RMState, log: list | None) -> None:
        s.heal_seat = s.active
        if s.step == "BURIAL1":
            s.step = "MAIN"
            s.main = {"played": False, "traded": False, "roll": None}
        elif s.step == "BURIAL2":
            s.step = "DISC"
