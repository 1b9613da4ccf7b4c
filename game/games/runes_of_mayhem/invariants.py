"""RM-31 engine invariants (base game and modules), checked by the property fuzz."""

from __future__ import annotations

from .content import (
    MERCS,
    TOKENS,
    TOWERS,
    TRAPS,
    deck_problem,
    is_castle,
    is_priest,
    klass,
    on_field_only,
    owner_of,
)
from .state import RMState

_SETUP = ("MULL", "TOK", "DECK", "KING")
#: the cells of both Battlefields (RM-4.1): 3 columns x 3 rows a side
_CELLS = frozenset(f"{sd}{col}{row}" for sd in "VA" for col in "123" for row in "123")


def setup_step(s: RMState) -> str | None:
    """The set-up step (RM-5, RM-18.2, RM-19.3) the game stands at, or was conceded in
    (RM-17.4: the game is over with the set-up where it stood); None once it is done."""
    step = s.last.get("conceded_in", s.step) if s.step == "OVER" else s.step
    return step if step in _SETUP else None


def check_invariants(s: RMState, rules) -> list[str]:
    out: list[str] = []
    setup = setup_step(s)
    out += _module_invariants(s, rules, setup)
    for p in (0, 1):
        in_play = [c for c in s.units if owner_of(c) == p and not on_field_only(c)]
        n = len(s.pile[p]) + len(s.hand[p]) + len(in_play) + len(s.discard[p]) + len(s.aside[p])
        if n != s.deck_size[p] and setup != "DECK":  # the decks are dealt after DECK
            out.append(f"RM-INV-1: side {p} holds {n} cards, not {s.deck_size[p]}")
        every = s.pile[p] + s.hand[p] + in_play + s.discard[p] + s.aside[p]
        if len(set(every)) != len(every):
            out.append(f"RM-INV-1: side {p} has a card in two places")
        slots = sum(1 for c in s.wall[p] if not is_castle(c))
        edward_a = s.module_data["kings"][p] == "K-EDW/A"  # units stay when Edward's card is gone
        if slots > (3 if edward_a else rules.wall_cap(s, p)):
            out.append(f"RM-INV-3: wall {p} holds {slots} slot units")
        if any(klass(c) == "LOOTER" for c in s.wall[p]):
            out.append("RM-INV-2: a Looter on a Wall")
        if setup is None and s.turn > 0:  # the tokens are split at the end of set-up
            locked = sum(1 for c, st in s.units.items() if st[3]) if p == 1 else 0
            towers = sum(1 for w in s.module_data["towers"].values() if not w[1]) if p == 1 else 0
            tot = sum(s.tokens[p]) + locked + towers + (s.tokens_to_return if p == 1 else 0)
            if tot != TOKENS:
                out.append(f"RM-INV-4: side {p} has {tot} tokens")
            if min(s.tokens[p]) < 0:
                out.append("RM-INV-4: a negative token count")
        if s.gold[p] < 0 or s.faith[p] < 0:
            out.append(f"RM-INV-5: side {p} supply is negative")
        if not 0 <= s.strength_points[p] <= s.strength_limit[p]:
            out.append(f"RM-INV-6: SP {s.strength_points[p]} out of 0..{s.strength_limit[p]}")
        if s.strength_points[p] == 0 and s.step != "OVER":
            out.append("RM-INV-6: a Fortress is at 0 but the game goes on")
    cells_seen = set()
    for cell, c in s.cells.items():
        if cell not in _CELLS:
            out.append(f"RM-INV-2: {c} in {cell}, not a cell of the Battlefield (RM-4.1)")
            continue
        if c in cells_seen or c not in s.units:
            out.append(f"RM-INV-2: bad cell {cell}")
        cells_seen.add(c)
        if cell[2] == "3" and not is_priest(c):
            out.append(f"RM-INV-2: non-priest {c} in row 3")
        if "VA".index(cell[0]) != rules.owner(s, c):
            out.append(f"RM-INV-2: {c} on the wrong side")
        if on_field_only(c) and cell[2] == "3":
            out.append(f"RM-INV-2: {c} in row 3")
    for c, st in s.units.items():
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
    if at_start and any(st[0] or st[1] or st[2] for st in s.units.values()):
        out.append("RM-INV-8: tokens or fallen units at the start of a turn")
    if s.step == "DISC" and any(st[1] for st in s.units.values()):
        out.append("RM-INV-9: a fallen unit after the burial")
    if last.get("bad_siege"):
        out.append("RM-INV-12: a siege with a living enemy in the column")
    for u in last.get("attackers", []):
        p = owner_of(u)
        p = s.module_data["mercenary_owners"].get(u, s.active) if p is None else p
        if p != s.active:
            out.append("RM-INV-11: a passive unit attacked")
    shots = last.get("ranged", [])
    if len(set(shots)) != len(shots):
        out.append("RM-INV-10: a ranged or medium-ranged unit attacked twice in a turn")
    c = s.combat
    if c:
        if len(set(c["opened"])) != len(c["opened"]):
            out.append("RM-INV-10: a column opened twice")
        if len(set(c["sieged"])) != len(c["sieged"]):
            out.append("RM-INV-10: a unit besieged twice")
        if len(set(c["flanked"])) != len(c["flanked"]):
            out.append("RM-INV-10: a unit flanked twice")
        if set(c["sieged"]) & set(c["flanked"]):
            out.append("RM-INV-10: a unit besieged after flanking")
    if s.main and s.main.get("played") and s.main.get("traded"):
        out.append("RM-INV-13: a card play and a trade in one Main phase")
    return out


def _module_invariants(s: RMState, rules, setup: str | None) -> list[str]:
    out: list[str] = []
    x = s.module_data
    for p in (0, 1):
        for c in s.wall[p]:
            if on_field_only(c):
                out.append(f"RM-INV-2: {c} on a Wall")
    in_play = [c for c in s.units if klass(c) == "MERC"]
    if sorted(x["mercenary_deck"] + x["lodge"] + in_play) != (
        sorted(MERCS) if x["mercenary_deck"] or x["lodge"] or in_play else []
    ):
        out.append("RM-INV-1: the mercenaries are not 8")
    if sorted(x["mercenary_owners"]) != sorted(in_play):
        out.append("RM-INV-1: a mercenary in play without an owner")
    laid_out = setup not in ("DECK", "KING")  # RM-5 step 4: after the decks and Kings
    if "X6" in s.config["modules"] and laid_out:
        laid = list(x["traps"].values())
        if sorted(x["trap_deck"] + laid) != sorted(TRAPS):
            out.append("RM-INV-1: the traps are not 6")
    if "X7" in s.config["modules"] and laid_out:
        built = [w[0] for w in x["towers"].values()]
        if sorted(x["tower_deck"] + built) != sorted(TOWERS):
            out.append("RM-INV-1: the towers are not 6")
    for cell, tr in x["traps"].items():  # RM-INV-16
        if cell[0] != "A" or cell in x["towers"] or tr not in TRAPS:
            out.append(f"RM-INV-16: trap {tr} on {cell}")
    for cell, (tw, up, sp) in x["towers"].items():
        if cell[0] != "A":
            out.append(f"RM-INV-16: tower on {cell}")
        if not 0 <= sp <= TOWERS[tw] or (not up and sp != TOWERS[tw]):
            out.append(f"RM-INV-16: tower {tw} has SP {sp}")
    m = s.main or {}
    if s.module_data["king_fielded"][0] + s.module_data["king_fielded"][1] and any(
        f > 1 for f in s.module_data["king_fielded"]
    ):  # fmt: skip
        out.append("RM-INV-13: the King took the field twice")
    kus = [c for c in s.units if klass(c) == "KINGU"]
    for c in kus:
        if not x["king_fielded"][owner_of(c)] or x["king_gone"][owner_of(c)]:
            out.append(f"RM-INV-13: {c} in play without taking the field")
    _ = m
    d = s.last.get("drawn")  # RM-INV-17
    if d:
        p, before, limit, after = d
        if after != max(before, limit) and (s.pile[p] or s.discard[p]):
            out.append(f"RM-INV-17: hand {after} after drawing (before {before}, limit {limit})")
        mercs = sum(1 for c, o in x["mercenary_owners"].items() if o == p and s.units[c][1] == 0)
        base = 6 if rules.king(s, p) == "HAND6" else 5
        if limit != base - mercs and s.step != "OVER":
            out.append("RM-INV-17: hand limit is not base - living mercenaries")
    if "X1" in s.config["modules"] and setup != "DECK":  # RM-INV-18
        for p in (0, 1):
            why = deck_problem(p, x["decks"][p] or [], s.config["modules"])
            if why:
                out.append(f"RM-INV-18: deck {p}: {why}")
    return out
