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


def _side_cards(s: RMState, rules, setup: str | None, p: int) -> list[str]:
    """RM-INV-1 a side's cards are its deck, each in one place."""
    out = []
    in_play = [c for c in s.units if owner_of(c) == p and not on_field_only(c)]
    n = len(s.pile[p]) + len(s.hand[p]) + len(in_play) + len(s.discard[p]) + len(s.aside[p])
    if n != s.deck_size[p] and setup != "DECK":  # the decks are dealt after DECK
        out.append(f"RM-INV-1: side {p} holds {n} cards, not {s.deck_size[p]}")
    every = s.pile[p] + s.hand[p] + in_play + s.discard[p] + s.aside[p]
    if len(set(every)) != len(every):
        out.append(f"RM-INV-1: side {p} has a card in two places")
    return out


def _wall_slots(s: RMState, rules, setup: str | None, p: int) -> list[str]:
    """RM-INV-3 a Wall holds no more slot units than its capacity."""
    slots = sum(1 for c in s.wall[p] if not is_castle(c))
    edward_a = s.module_data["kings"][p] == "K-EDW/A"  # units stay when Edward's card is gone
    if slots > (3 if edward_a else rules.wall_cap(s, p)):
        return [f"RM-INV-3: wall {p} holds {slots} slot units"]
    return []


def _no_looter_on_wall(s: RMState, rules, setup: str | None, p: int) -> list[str]:
    """RM-INV-2 no Looter on a Wall."""
    if any(klass(c) == "LOOTER" for c in s.wall[p]):
        return ["RM-INV-2: a Looter on a Wall"]
    return []


def _side_tokens(s: RMState, rules, setup: str | None, p: int) -> list[str]:
    """RM-INV-4 a side's production tokens (with the locked ones, the towers' and those to
    return) are its 7, none negative; checked once the set-up has split them."""
    if setup is not None or s.turn <= 0:  # the tokens are split at the end of set-up
        return []
    out = []
    locked = sum(1 for c, st in s.units.items() if st[3]) if p == 1 else 0
    towers = sum(1 for w in s.module_data["towers"].values() if not w[1]) if p == 1 else 0
    tot = sum(s.tokens[p]) + locked + towers + (s.tokens_to_return if p == 1 else 0)
    if tot != TOKENS:
        out.append(f"RM-INV-4: side {p} has {tot} tokens")
    if min(s.tokens[p]) < 0:
        out.append("RM-INV-4: a negative token count")
    return out


def _supplies(s: RMState, rules, setup: str | None, p: int) -> list[str]:
    """RM-INV-5 no negative gold or faith."""
    if s.gold[p] < 0 or s.faith[p] < 0:
        return [f"RM-INV-5: side {p} supply is negative"]
    return []


def _strength(s: RMState, rules, setup: str | None, p: int) -> list[str]:
    """RM-INV-6 a Fortress's SP within 0..its limit; the game ends at 0."""
    out = []
    if not 0 <= s.strength_points[p] <= s.strength_limit[p]:
        out.append(f"RM-INV-6: SP {s.strength_points[p]} out of 0..{s.strength_limit[p]}")
    if s.strength_points[p] == 0 and s.step != "OVER":
        out.append("RM-INV-6: a Fortress is at 0 but the game goes on")
    return out


def _cells(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-2 each unit on a Battlefield cell is in play, on its side, once, and only
    priests in row 3 (RM-4.1)."""
    out = []
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
    return out


def _units(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-2 a unit in play is somewhere; RM-INV-7 its damage tokens (none once fallen,
    fewer than its L alive); RM-INV-14 only a living Looter holds a production token."""
    out = []
    for c, st in s.units.items():
        if rules.loc(s, c) is None:
            out.append(f"RM-INV-2: {c} in play but nowhere")
        if st[1] and st[0]:
            out.append(f"RM-INV-7: fallen {c} carries tokens")
        if not st[1] and st[0] and st[0] >= rules.cur_l(s, c):
            out.append(f"RM-INV-7: {c} should have fallen")
        if st[3] and (st[1] or klass(c) != "LOOTER"):
            out.append(f"RM-INV-14: {c} holds a token")
    return out


def _turn_start(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-8 no tokens and no fallen units at the start of a turn."""
    at_start = s.last.get("turn_start") and s.step == "RE"
    if at_start and any(st[0] or st[1] or st[2] for st in s.units.values()):
        return ["RM-INV-8: tokens or fallen units at the start of a turn"]
    return []


def _burial(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-9 no fallen unit after the burial."""
    if s.step == "DISC" and any(st[1] for st in s.units.values()):
        return ["RM-INV-9: a fallen unit after the burial"]
    return []


def _siege(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-12 no siege with a living enemy in the column."""
    return (
        ["RM-INV-12: a siege with a living enemy in the column"] if s.last.get("bad_siege") else []
    )


def _attackers_active(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-11 only the active side's units attack."""
    out = []
    for u in s.last.get("attackers", []):
        p = owner_of(u)
        p = s.module_data["mercenary_owners"].get(u, s.active) if p is None else p
        if p != s.active:
            out.append("RM-INV-11: a passive unit attacked")
    return out


def _once_a_turn(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-10 a ranged unit shoots, a column opens, a unit is besieged or flanked at
    most once, and never besieged after flanking."""
    out = []
    shots = s.last.get("ranged", [])
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
    return out


def _one_main_action(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-13 a card play or a trade in a Main phase, not both."""
    if s.main and s.main.get("played") and s.main.get("traded"):
        return ["RM-INV-13: a card play and a trade in one Main phase"]
    return []


# ---------------------------------------------------------------- the modules' invariants
def _field_only_off_wall(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-2 a field-only unit (a Mercenary, a King) never on a Wall."""
    return [f"RM-INV-2: {c} on a Wall" for p in (0, 1) for c in s.wall[p] if on_field_only(c)]


def _mercenaries(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-1 the 8 mercenaries (deck, Lodge, in play), each in play with an owner."""
    out = []
    x = s.module_data
    in_play = [c for c in s.units if klass(c) == "MERC"]
    if sorted(x["mercenary_deck"] + x["lodge"] + in_play) != (
        sorted(MERCS) if x["mercenary_deck"] or x["lodge"] or in_play else []
    ):
        out.append("RM-INV-1: the mercenaries are not 8")
    if sorted(x["mercenary_owners"]) != sorted(in_play):
        out.append("RM-INV-1: a mercenary in play without an owner")
    return out


def _traps_and_towers(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-1 the 6 traps (X6) and the 6 towers (X7), once laid out."""
    out = []
    x = s.module_data
    laid_out = setup not in ("DECK", "KING")  # RM-5 step 4: after the decks and Kings
    if "X6" in s.config["modules"] and laid_out:
        laid = list(x["traps"].values())
        if sorted(x["trap_deck"] + laid) != sorted(TRAPS):
            out.append("RM-INV-1: the traps are not 6")
    if "X7" in s.config["modules"] and laid_out:
        built = [w[0] for w in x["towers"].values()]
        if sorted(x["tower_deck"] + built) != sorted(TOWERS):
            out.append("RM-INV-1: the towers are not 6")
    return out


def _trap_and_tower_cells(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-16 traps and towers on Anglo-Saxon cells, one a cell; a tower's SP."""
    out = []
    x = s.module_data
    for cell, tr in x["traps"].items():
        if cell[0] != "A" or cell in x["towers"] or tr not in TRAPS:
            out.append(f"RM-INV-16: trap {tr} on {cell}")
    for cell, (tw, up, sp) in x["towers"].items():
        if cell[0] != "A":
            out.append(f"RM-INV-16: tower on {cell}")
        if not 0 <= sp <= TOWERS[tw] or (not up and sp != TOWERS[tw]):
            out.append(f"RM-INV-16: tower {tw} has SP {sp}")
    return out


def _king_fielded(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-13 a King takes the field once, and is in play only after taking it."""
    out = []
    x = s.module_data
    fielded = x["king_fielded"]
    if fielded[0] + fielded[1] and any(f > 1 for f in fielded):
        out.append("RM-INV-13: the King took the field twice")
    for c in (c for c in s.units if klass(c) == "KINGU"):
        if not x["king_fielded"][owner_of(c)] or x["king_gone"][owner_of(c)]:
            out.append(f"RM-INV-13: {c} in play without taking the field")
    return out


def _hand_drawn(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-17 a draw fills the hand to the limit: the King's base less the living
    mercenaries."""
    d = s.last.get("drawn")
    if not d:
        return []
    out = []
    x = s.module_data
    p, before, limit, after = d
    if after != max(before, limit) and (s.pile[p] or s.discard[p]):
        out.append(f"RM-INV-17: hand {after} after drawing (before {before}, limit {limit})")
    mercs = sum(1 for c, o in x["mercenary_owners"].items() if o == p and s.units[c][1] == 0)
    base = 6 if rules.king(s, p) == "HAND6" else 5
    if limit != base - mercs and s.step != "OVER":
        out.append("RM-INV-17: hand limit is not base - living mercenaries")
    return out


def _deck_lists(s: RMState, rules, setup: str | None) -> list[str]:
    """RM-INV-18 the X1 deck lists keep the deck-building rules (RM-19)."""
    out = []
    if "X1" in s.config["modules"] and setup != "DECK":
        for p in (0, 1):
            why = deck_problem(p, s.module_data["decks"][p] or [], s.config["modules"])
            if why:
                out.append(f"RM-INV-18: deck {p}: {why}")
    return out


#: the invariants, each one function (its RM-INV ID in its docstring); ``check_invariants``
#: runs the modules' ones, then each side's for side 0 and side 1, then the board's, and
#: lists their violations in that order
MODULE_INVARIANTS = (
    _field_only_off_wall,  # RM-INV-2
    _mercenaries,  # RM-INV-1
    _traps_and_towers,  # RM-INV-1
    _trap_and_tower_cells,  # RM-INV-16
    _king_fielded,  # RM-INV-13
    _hand_drawn,  # RM-INV-17
    _deck_lists,  # RM-INV-18
)
SIDE_INVARIANTS = (
    _side_cards,  # RM-INV-1
    _wall_slots,  # RM-INV-3
    _no_looter_on_wall,  # RM-INV-2
    _side_tokens,  # RM-INV-4
    _supplies,  # RM-INV-5
    _strength,  # RM-INV-6
)
BOARD_INVARIANTS = (
    _cells,  # RM-INV-2
    _units,  # RM-INV-2, RM-INV-7, RM-INV-14
    _turn_start,  # RM-INV-8
    _burial,  # RM-INV-9
    _siege,  # RM-INV-12
    _attackers_active,  # RM-INV-11
    _once_a_turn,  # RM-INV-10
    _one_main_action,  # RM-INV-13
)


def check_invariants(s: RMState, rules) -> list[str]:
    """Every violation of the invariants (empty when all hold)."""
    out: list[str] = []
    setup = setup_step(s)
    for check in MODULE_INVARIANTS:
        out += check(s, rules, setup)
    for p in (0, 1):
        for side_check in SIDE_INVARIANTS:
            out += side_check(s, rules, setup, p)
    for check in BOARD_INVARIANTS:
        out += check(s, rules, setup)
    return out
