"""Runes of Mayhem rules: the cells, where units stand and what they are worth now, the
Kings' and towers' effects on them, damage and falls (RM-9.6), draws and units leaving play
(RM-13.4, RM-15.4): what every phase of ``rules`` stands on."""

from __future__ import annotations

from functools import cache

from game.core.contract import PUBLIC

from .content import (
    BASIC,
    CARDS,
    DIE,
    HAND_LIMIT,
    KINGS,
    REPAIR_CARDS,
    SIDES,
    WALL_CAP,
    code,
    heal_n,
    is_castle,
    is_priest,
    keys,
    klass,
    on_field_only,
    owner_of,
)
from .state import RMState

CELLS = [[f"{SIDES[p]}{c}{r}" for r in (1, 2, 3) for c in (1, 2, 3)] for p in (0, 1)]
CELLS12 = [[c for c in CELLS[p] if c[2] != "3"] for p in (0, 1)]  # rows 1-2, row by row
CELLS3 = [[c for c in CELLS[p] if c[2] == "3"] for p in (0, 1)]
#: RM-27.6 the ability of each King's side: ``ABILITY["K-RAG/A"]``
ABILITY = {f"{k}/{x}": sides[x][1] for k, (_, sides) in KINGS.items() for x in sides}
#: (row, cell) of each column of each side, front first: ``COLUMN[side][col]``
COLUMN = [[[], *([(r, f"{SIDES[p]}{c}{r}") for r in (1, 2, 3)] for c in (1, 2, 3))]
           for p in (0, 1)]  # fmt: skip


def on(s: RMState, m: str) -> bool:
    return m in s.config["modules"]


def emit(log: list | None, vis: int, kind: str, *args) -> None:
    if log is not None:
        log.append((vis, kind, *args))


def forget(s: RMState, p: int, card: str) -> None:
    """``card`` left ``p``'s hand: it is no longer one the other side knows is there."""
    if card in s.known[p]:
        s.known[p].remove(card)


def owner(s: RMState, card: str) -> int:
    """The seat controlling a card: by its faction, or the hirer of a mercenary."""
    p = owner_of(card)
    return s.module_data["mercenary_owners"][card] if p is None else p


def field_cell(s: RMState, card: str) -> str | None:
    """The Battlefield cell ``card`` stands in, None off the field."""
    for cell, c in s.cells.items():
        if c == card:
            return cell
    return None


def cell_of(col: int, row: int, side: int) -> str:
    return f"{SIDES[side]}{col}{row}"


def split_heal(arg: str) -> tuple[str, str]:
    """``AW:A-CCH#1:A21,VW:..`` -> (priest name, target names)."""
    n = 2 if arg[1] == "W" else 1
    parts = arg.split(":")
    return ":".join(parts[:n]), ":".join(parts[n:])


def dice_text(d: list[int]) -> str:
    return "[" + ",".join(map(str, d)) + "]" if d else "-"


@cache
def place_facts(card: str) -> tuple[bool, bool, bool]:
    """Where ``card`` may stand (RM-4.3, RM-4.4): on a Wall at all (not a Looter, RM-16.9,
    a mercenary, RM-23.7, or a King unit, RM-22.3), in row 3 (a priest), and on a Wall
    without taking a slot (castle folk)."""
    wall = klass(card) != "LOOTER" and not on_field_only(card)
    return wall, is_priest(card), is_castle(card)


class BoardRules:
    """The board and state helpers of the Runes of Mayhem rules."""

    # ---------------------------------------------------------------- board helpers
    @staticmethod
    def loc(s: RMState, card: str) -> str | None:
        for cell, c in s.cells.items():
            if c == card:
                return cell
        p = owner_of(card)
        if p is not None and card in s.wall[p]:
            return SIDES[p] + "W"
        return None

    def uname(self, s: RMState, card: str) -> str:
        where = self.loc(s, card)
        return f"{where}:{card}" if where and where.endswith("W") else str(where)

    @staticmethod
    def by_name(s: RMState, name: str) -> str | None:
        if ":" in name:
            w, card = name.split(":", 1)
            return card if card in s.wall["VA".index(w[0])] else None
        return s.cells.get(name)

    @staticmethod
    def living(s: RMState, card: str) -> bool:
        return s.units[card][1] == 0

    def column_units(self, s: RMState, side: int, col: int, alive: bool = True) -> list:
        """(row, card) of ``side`` in column ``col``, front first."""
        cells, u = s.cells, s.units
        out = []
        for r, name in COLUMN[side][col]:
            c = cells.get(name)
            if c and (not alive or u[c][1] == 0):
                out.append((r, c))
        return out

    @staticmethod
    def formation(s: RMState, side: int, row: int) -> str | None:
        """RM-16.2: the class of a full row of basic units of one class."""
        cls = None
        for col in (1, 2, 3):
            c = s.cells.get(cell_of(col, row, side))
            if c is None:
                return None
            k = klass(c)
            if k not in BASIC or (cls is not None and k != cls):
                return None
            cls = k
        return cls

    def cur_s(self, s: RMState, card: str) -> int:
        """RM-9.2 current strength."""
        info = CARDS[code(card)]
        val = info[3]
        cell = field_cell(s, card)
        if cell is None or s.units[card][1]:
            return val
        p = owner(s, card)
        form = self.formation(s, p, int(cell[2]))
        if form == "SPEAR":
            val += 1
        elif form == "CAV" and s.active == p:
            val += 2
        if "FRENZY" in info[7]:
            val += s.units[card][0]
        return max(0, val)

    def cur_l(self, s: RMState, card: str) -> int:
        """RM-9.2 current life."""
        info = CARDS[code(card)]
        val = info[4]
        cell = field_cell(s, card)
        if cell is None:
            return val
        p = owner(s, card)
        form = self.formation(s, p, int(cell[2]))
        if form == "SPEAR":
            val += 1
        elif form == "MELEE" and s.active != p:
            val += 2
        if cell[2] == "1":  # Fyrd Spearmen: Brace (RM-27.4)
            sup = s.cells.get(cell[:2] + "2")
            if sup and "BRACE" in keys(sup) and s.units[sup][1] == 0:
                val += 1
        if self.tower_up(s, cell) == "TW-KEEP":  # RM-27.10
            val += 2
        if card != "KU-EDW":  # RM-27.7 Rally
            for col in (1, 2, 3):
                e = s.cells.get(cell[0] + str(col) + cell[2])
                if e == "KU-EDW" and s.units[e][1] == 0:
                    val += 1
        return val

    # ---------------------------------------------------------------- module helpers
    @staticmethod
    def owner(s: RMState, card: str) -> int:
        return owner(s, card)

    @staticmethod
    def king(s: RMState, p: int) -> str | None:
        """The working King ability of seat ``p`` (RM-27.6), None without one."""
        k = s.module_data["kings"][p] if s.module_data else None
        if not k or s.module_data["king_gone"][p]:
            return None
        return ABILITY[k]

    def hand_limit(self, s: RMState, p: int) -> int:
        """RM-15.3, RM-23.5: 5 (6 with Ragnar B) minus his living mercenaries."""
        base = 6 if self.king(s, p) == "HAND6" else HAND_LIMIT
        mercs = sum(
            1 for c, o in s.module_data["mercenary_owners"].items() if o == p and s.units[c][1] == 0
        )
        return base - mercs

    def wall_cap(self, s: RMState, p: int) -> int:
        return 3 if self.king(s, p) == "WALL3" else WALL_CAP  # RM-27.6 Edward A

    @staticmethod
    def tower_up(s: RMState, cell: str) -> str | None:
        """The face-up tower in ``cell`` (RM-25.4), if any."""
        w = s.module_data["towers"].get(cell) if s.module_data else None
        return w[0] if w and w[1] else None

    def heal_of(self, s: RMState, card: str) -> int:
        """Heal n with Alfred A and the Chapel (RM-27.6, RM-27.10)."""
        n = heal_n(card)
        if not n:
            return 0
        p = owner(s, card)
        if self.king(s, p) == "HEAL1":
            n += 1
        cell = self.loc(s, card)
        if cell and not cell.endswith("W"):
            for r in (1, 2, 3):
                if self.tower_up(s, f"A{cell[1]}{r}") == "TW-CHP" and p == 1:
                    n += 1
        return n

    def protection(self, s: RMState, side: int) -> int:
        """RM-11.4 (+1 for a face-up Palisade, RM-27.10)."""
        n = sum(1 for w in s.module_data.get("towers", {}).values() if w[1] and w[0] == "TW-PAL")
        n = n if side == 1 else 0
        for c in s.wall[side]:
            if s.units[c][1] == 0 and (not is_castle(c) or code(c) == "A-BLD"):
                n += 1
        return n

    def roll(self, s: RMState) -> int:
        if s.dice:
            return s.dice.pop(0)
        return DIE[s.rng.below(6)]

    # ---------------------------------------------------------------- damage
    def _damage(self, s: RMState, card: str, n: int) -> None:
        if "HIDE" in keys(card) and card not in s.wall[0] and card not in s.wall[1]:
            n = max(0, n - 1)  # Bear Warrior (RM-27.3): not on a Wall (RM-16.3)
        s.units[card][0] += n

    def _falls(self, s: RMState, log: list | None) -> None:
        """RM-9.6 continuous state check."""
        changed = True
        while changed:
            changed = False
            for card, st in s.units.items():
                if st[1] == 0 and st[0] > 0 and st[0] >= self.cur_l(s, card):
                    st[1], st[0], st[2] = 1, 0, 0
                    changed = True
                    emit(log, PUBLIC, "FALL", self.uname(s, card))
                    if st[3]:  # RM-16.9: the token goes back at once
                        st[3] = ""
                        s.tokens_to_return += 1

    def _hit_fortress(self, s: RMState, side: int, raw: int, log: list | None) -> int:
        dmg = max(0, raw - self.protection(s, side))
        s.strength_points[side] = max(0, s.strength_points[side] - dmg)
        emit(log, PUBLIC, "HIT", SIDES[side] + "F", dmg, s.strength_points[side])
        if s.strength_points[side] == 0 and s.step != "OVER":
            self._game_over(s, 1 - side, "FORTRESS", log)
        return dmg

    def _game_over(self, s: RMState, winner: int | None, why: str, log: list | None) -> None:
        s.step, s.winner, s.end = "OVER", winner, why  # nothing pending is resolved (RM-17.1):
        # a freed token not yet returned stays free (RM-16.9, counted by RM-INV-4)
        emit(log, PUBLIC, "WIN", SIDES[winner] if winner is not None else "-", why)

    # ---------------------------------------------------------------- cards
    def _draw(self, s: RMState, p: int, n: int, log: list | None) -> int:
        drawn = []
        for _ in range(n):
            if not s.pile[p]:
                # RM-15.4: the discard pile becomes the draw pile, but for the repair
                # cards (Builders, Aethelflaed), which stay in it
                fresh = [c for c in s.discard[p] if code(c) not in REPAIR_CARDS]
                if not fresh:
                    break
                s.discard[p] = [c for c in s.discard[p] if code(c) in REPAIR_CARDS]
                s.pile[p] = fresh
                s.rng.shuffle(s.pile[p])
                emit(log, PUBLIC, "SHUF", SIDES[p])
            drawn.append(s.pile[p].pop())
        s.hand[p] += drawn
        if drawn:
            emit(log, PUBLIC, "DRAW", SIDES[p], len(drawn))
            emit(log, p, "DREW", SIDES[p], *drawn)
        return len(drawn)

    def _leave(self, s: RMState, card: str) -> None:
        """A unit leaves play to its owner's discard pile (RM-13.4, RM-14.7)."""
        p = owner(s, card)
        where = self.loc(s, card)
        if where is None:
            return
        if where.endswith("W"):
            s.wall[p].remove(card)
        else:
            del s.cells[where]
        st = s.units.pop(card)
        if st[3]:
            s.tokens_to_return += 1
        if klass(card) == "MERC":  # RM-23.6: to the bottom of the mercenary deck
            del s.module_data["mercenary_owners"][card]
            s.module_data["mercenary_deck"].insert(0, card)
        elif klass(card) == "KINGU":  # RM-22.5: the King card leaves the game
            s.module_data["king_gone"][p] = 1
        else:
            s.discard[p].append(card)
