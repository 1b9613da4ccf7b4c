"""RM-31 engine invariants (base game), checked by the property fuzz."""

from __future__ import annotations

from .content import TOKENS, WALL_CAP, is_castle, is_priest, klass
from .state import RMState


def check_invariants(s: RMState, rules) -> list[str]:
    out: list[str] = []
    for p in (0, 1):
        in_play = [c for c in s.u if (c[0] == "V") == (p == 0)]
        n = len(s.pile[p]) + len(s.hand[p]) + len(in_play) + len(s.discard[p]) + len(s.aside[p])
        if n != s.deck_size[p]:
            out.append(f"RM-INV-1: side {p} holds {n} cards, not {s.deck_size[p]}")
        every = s.pile[p] + s.hand[p] + in_play + s.discard[p] + s.aside[p]
        if len(set(every)) != len(every):
            out.append(f"RM-INV-1: side {p} has a card in two places")
        slots = sum(1 for c in s.wall[p] if not is_castle(c))
        if slots > WALL_CAP:
            out.append(f"RM-INV-3: wall {p} holds {slots} slot units")
        if any(klass(c) == "LOOTER" for c in s.wall[p]):
            out.append("RM-INV-2: a Looter on a Wall")
        if s.step not in ("MULL", "TOK"):
            locked = sum(1 for c, st in s.u.items() if st[3]) if p == 1 else 0
            tot = sum(s.tok[p]) + locked + (s.ret_pending if p == 1 else 0)
            if tot != TOKENS:
                out.append(f"RM-INV-4: side {p} has {tot} tokens")
            if min(s.tok[p]) < 0:
                out.append("RM-INV-4: a negative token count")
        if s.gold[p] < 0 or s.faith[p] < 0:
            out.append(f"RM-INV-5: side {p} supply is negative")
        if not 0 <= s.sp[p] <= s.limit[p]:
            out.append(f"RM-INV-6: SP {s.sp[p]} out of 0..{s.limit[p]}")
        if s.sp[p] == 0 and s.step != "OVER":
            out.append("RM-INV-6: a Fortress is at 0 but the game goes on")
    cells_seen = set()
    for cell, c in s.cells.items():
        if c in cells_seen or c not in s.u:
            out.append(f"RM-INV-2: bad cell {cell}")
        cells_seen.add(c)
        if cell[2] == "3" and not is_priest(c):
            out.append(f"RM-INV-2: non-priest {c} in row 3")
        if cell[0] != c[0]:
            out.append(f"RM-INV-2: {c} on the wrong side")
    for c, st in s.u.items():
        if rules.loc(s, c) is None:
            out.append(f"RM-INV-2: {c} in play but nowhere")
        if st[1] and st[0]:
            out.append(f"RM-INV-7: fallen {c} carries tokens")
        if not st[1] and st[0] and st[0] >= rules.cur_l(s, c):
            out.append(f"RM-INV-7: {c} should have fallen")
        if st[3] and (st[1] or klass(c) != "LOOTER"):
            out.append(f"RM-INV-14: {c} holds a token")
    last = s.last
    at_start = last.get("turn_start") and s.step == "RE"
    if at_start and any(st[0] or st[1] or st[2] for st in s.u.values()):
        out.append("RM-INV-8: tokens or fallen units at the start of a turn")
    if s.step == "DISC" and any(st[1] for st in s.u.values()):
        out.append("RM-INV-9: a fallen unit after the burial")
    if last.get("bad_siege"):
        out.append("RM-INV-12: a siege with a living enemy in the column")
    for u in last.get("attackers", []):
        if (u[0] == "V") != (s.active == 0):
            out.append("RM-INV-11: a passive unit attacked")
    c = s.cmb
    if c:
        if len(set(c["opened"])) != len(c["opened"]):
            out.append("RM-INV-10: a column opened twice")
        if len(set(c["sieged"])) != len(c["sieged"]):
            out.append("RM-INV-10: a unit besieged twice")
        if set(c["sieged"]) & set(c["flanked"]):
            out.append("RM-INV-10: a unit besieged after flanking")
    if s.main and s.main.get("played") and s.main.get("traded"):
        out.append("RM-INV-13: a card play and a trade in one Main phase")
    return out
