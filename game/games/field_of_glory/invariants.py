"""FG-26 engine invariants, checked on a state (``check_invariants``) and between two
consecutive states (``check_transition``) by the property tests and the simulator.

FG-INV-9 is checked as the reading in the rules module: after a combat the loser (both
sides after a tie) has no participating unit left, and after an assault (or a flank
attack launched from its target) at least one side has no unit in the column.
"""

from __future__ import annotations

from .content import CP, CTYPE, IS_UNIT, MC, SIDE_OF, SIDES, TERRAIN_IDS, VP, deck_of
from .state import ASIDE, FIRST, OVER, SECOND

_SHUF_RANK = {FIRST: 0, SECOND: 1, ASIDE: 2}


def _compatible(types: list[str]) -> bool:
    if len(types) <= 1:
        return True
    a, b = types
    return a == b or "AR" in types or {a, b} == {"LI", "EL"}


def _side_cards(s, rules, p: int) -> list[str]:
    """FG-INV-1 a side holds its 48 cards (those in the combat's slots counted)."""
    hist = s.config["historical"]
    cb = s.combat
    zones = [s.hand[p], s.pile[p], s.discard[p], s.vp[1 - p], s.box[p], s.group[p], s.kept[p]]
    zones.extend(s.units[p])
    cards = [c for z in zones for c in z]
    if cb is not None:
        for key in ("abonus", "dbonus", "env"):
            owner = s.active if key != "dbonus" else 1 - s.active
            if owner == p and cb[key]:
                cards.append(cb[key])
    deck = deck_of(p, hist)
    if len(cards) != 48 or set(cards) != set(deck):
        return [f"FG-INV-1: {SIDES[p]} holds {len(cards)} cards, not its 48"]
    return []


def _after_the_draft(s, rules, p: int) -> list[str]:
    """FG-INV-2 after the set-up the box holds 24 cards and nothing is drafted; FG-INV-7
    the draw pile holds at most 24."""
    if s.turn <= 0:
        return []
    out = []
    side = SIDES[p]
    if len(s.box[p]) != 24:
        out.append(f"FG-INV-2: {side}'s box holds {len(s.box[p])} cards")
    if len(s.pile[p]) > 24:
        out.append(f"FG-INV-7: {side}'s draw pile holds {len(s.pile[p])}")
    if s.group[p] or s.kept[p]:
        out.append(f"FG-INV-2: {side} still drafting after the set-up")
    return out


def _own_zones(s, rules, p: int) -> list[str]:
    """FG-INV-3 a victory pile holds enemy cards only, a side's zones its own only."""
    out = []
    side = SIDES[p]
    for c in s.vp[p]:
        if SIDE_OF[c] == p:
            out.append(f"FG-INV-3: {side}'s victory pile holds its own {c}")
    for z in (s.hand[p], s.pile[p], s.discard[p], s.box[p], *s.units[p]):
        for c in z:
            if SIDE_OF[c] != p:
                out.append(f"FG-INV-3: {c} in a zone of {side}")
    return out


def _columns(s, rules, p: int) -> list[str]:
    """FG-INV-4 at most 2 units a column, of compatible types."""
    out = []
    side = SIDES[p]
    for k, col in enumerate(s.units[p]):
        if len(col) > 2 or not all(IS_UNIT[u] for u in col):
            out.append(f"FG-INV-4: {side} c{k + 1} holds {col}")
        elif not _compatible([CTYPE[u] for u in col]):
            out.append(f"FG-INV-4: {side} c{k + 1} pairs {col}")
    return out


def _shuffle_card(s, rules, p: int) -> list[str]:
    """FG-INV-6 the shuffle card tells the number of reshuffles."""
    if s.shuf[p] not in _SHUF_RANK or s.reshuffles[p] != _SHUF_RANK[s.shuf[p]]:
        return [f"FG-INV-6: {SIDES[p]} shuffle card {s.shuf[p]} after {s.reshuffles[p]} reshuffles"]
    return []


def _vp_and_hand(s, rules, p: int) -> list[str]:
    """FG-INV-7 no negative VP (FG-INV-16: the score is derived), at most 9 cards in
    hand out of the side's turn."""
    out = []
    side = SIDES[p]
    vp_total = sum(VP[c] for c in s.vp[p])
    if vp_total < 0:
        out.append(f"FG-INV-7: negative VP for {side}")
    out_of_turn = s.turn > 0 and p != s.active and s.step != OVER
    if out_of_turn and len(s.hand[p]) > 9 and s.step != "KEEP":
        out.append(f"FG-INV-7: {side} holds {len(s.hand[p])} cards out of its turn")
    return out


def _terrain(s, rules) -> list[str]:
    """FG-INV-5 5 terrain cards placed and 4 unused; each controlled by R, B or nobody."""
    out = []
    if (
        len(s.terrain) != 5
        or len(s.hidden_terrain) != 4
        or sorted(s.terrain + s.hidden_terrain) != sorted(TERRAIN_IDS)
    ):
        out.append("FG-INV-5: the terrain cards are not 5 placed + 4 unused")
    if any(c not in ("R", "B", "N") for c in s.control) or len(s.control) != 5:
        out.append(f"FG-INV-5: control {s.control}")
    return out


_COMBAT_STEPS = ("RETREAT", "LOSE", "ENV", "ABONUS", "FRONT", "DBONUS")


def _combat(s, rules) -> list[str]:
    """FG-INV-9 the combat slots are empty outside a combat; FG-INV-10, FG-INV-15 the
    last combat's record."""
    out = []
    cb = s.combat
    if cb is None and s.step in _COMBAT_STEPS:
        out.append(f"FG-INV-9: step {s.step} without a combat")
    if cb is not None and s.step not in _COMBAT_STEPS:
        out.append(f"FG-INV-9: a combat is open at step {s.step}")
    last = s.last.get("combat")
    if last is not None:
        out.extend(_check_combat(last))
    return out


def _turn_bound(s, rules) -> list[str]:
    """FG-INV-11 the game ends by turn 82."""
    return [f"FG-INV-11: turn {s.turn}"] if s.turn > 82 else []


def _flank_targets(s, rules) -> list[str]:
    """FG-INV-13 each flank target used once, and only targets of the pairs."""
    targets = {t for t, _ in s.pairs}
    if len(set(s.used)) != len(s.used) or not set(s.used) <= targets:
        return [f"FG-INV-13: targets used {s.used} of {s.pairs}"]
    return []


def _payment(s, rules) -> list[str]:
    """FG-INV-14 a deployment is paid in full with no card too many; a Deploy action is
    open only while placing and paying."""
    out = []
    dep = s.last.get("deploy")
    if dep is not None:
        cost, paid, last_cp = dep
        if cost > 0 and (paid < cost or paid - last_cp >= cost):
            out.append(f"FG-INV-14: cost {cost}, paid {paid}, last card {last_cp}")
        if cost == 0 and paid:
            out.append("FG-INV-14: a free deployment was paid for")
    if s.deploy is not None and s.step not in ("PLACE", "PAY"):
        out.append(f"FG-INV-14: a Deploy action open at step {s.step}")
    return out


def _ended(s, legal: list) -> list[str]:
    """FG-INV-12 no legal action after the end; FG-INV-17 the end has its result."""
    out = []
    if legal:
        out.append("FG-INV-12: legal actions after the end")
    end = s.last.get("end")
    if end is None:
        out.append("FG-INV-17: the game ended without a result")
    elif end["why"] == "CHECK":
        if s.winner != end["active"] or end["terrain"][s.winner] < 3:
            out.append("FG-INV-17: an instant win without 3 terrain cards")
    elif end["why"] == "EXHAUSTION" and end["shuf"] != [ASIDE, ASIDE]:
        out.append("FG-INV-17: an exhaustion end before both shuffle cards are aside")
    return out


def _running(s, legal: list) -> list[str]:
    """FG-INV-12 a legal action and someone to act while the game runs; FG-INV-17 no
    winner yet."""
    out = []
    if not legal:
        out.append(f"FG-INV-12: no legal action at step {s.step}")
    if s.decider() is None:
        out.append("FG-INV-12: nobody to act")
    if s.winner is not None:
        out.append("FG-INV-17: a winner while the game runs")
    return out


def _legal_and_winner(s, rules) -> list[str]:
    """FG-INV-12 legal actions, FG-INV-17 the winner."""
    legal = rules.legal_actions(s)
    return _ended(s, legal) if s.step == OVER else _running(s, legal)


#: the invariants, each one function (its FG-INV IDs in its docstring); ``check_invariants``
#: runs each side's for side 0 and side 1, then the board's, and lists their violations
#: in that order
SIDE_INVARIANTS = (
    _side_cards,  # FG-INV-1
    _after_the_draft,  # FG-INV-2, FG-INV-7
    _own_zones,  # FG-INV-3
    _columns,  # FG-INV-4
    _shuffle_card,  # FG-INV-6
    _vp_and_hand,  # FG-INV-7
)
BOARD_INVARIANTS = (
    _terrain,  # FG-INV-5
    _combat,  # FG-INV-9, FG-INV-10, FG-INV-15
    _turn_bound,  # FG-INV-11
    _flank_targets,  # FG-INV-13
    _payment,  # FG-INV-14
    _legal_and_winner,  # FG-INV-12, FG-INV-17
)


def check_invariants(s, rules) -> list[str]:
    """Every violation of the invariants (empty when all hold)."""
    out: list[str] = []
    for p in (0, 1):
        for side_check in SIDE_INVARIANTS:
            out += side_check(s, rules, p)
    for check in BOARD_INVARIANTS:
        out += check(s, rules)
    return out


def _check_combat(r: dict) -> list[str]:
    out = []
    if r["outcome"] in ("ATTACKER", "DEFENDER", "TIE"):
        for key, parts in (("att", r["ap"]), ("def", r["dp"])):
            if sum(parts.values()) != r[key]:  # FG-INV-10
                out.append(f"FG-INV-10: {key} strength {r[key]} is not {parts}")
        if not 0 <= r["ap"]["env"] <= 4 or (r["kind"] == "FLANK" and r["ap"]["env"]):
            out.append(f"FG-INV-10: Envelopment term {r['ap']['env']}")
        if r["dp"]["flank"] or r["dp"]["env"] or (r["kind"] == "ASSAULT" and r["ap"]["flank"]):
            out.append("FG-INV-10: a flank or Envelopment term out of place")
    lead_mc = MC[r["lead"]]
    for u in r["retreated"]:  # FG-INV-15
        if MC[u] >= lead_mc:
            out.append(f"FG-INV-15: {u} retreated from {r['lead']}")
    return out


def check_transition(before, after) -> list[str]:
    """FG-INV-6 (shuffle cards move forward), FG-INV-8 (control changes), FG-INV-16
    (victory piles only grow), FG-INV-2 (the box never changes after the draft)."""
    out = []
    for p in (0, 1):
        if _SHUF_RANK[after.shuf[p]] < _SHUF_RANK[before.shuf[p]]:
            out.append(f"FG-INV-6: {SIDES[p]}'s shuffle card went back")
        if after.vp[p][: len(before.vp[p])] != before.vp[p]:
            out.append(f"FG-INV-16: {SIDES[p]}'s victory pile lost cards")
        if before.turn > 0 and sorted(before.box[p]) != sorted(after.box[p]):
            out.append(f"FG-INV-2: {SIDES[p]}'s box changed")
        if before.shuf[p] == ASIDE and len(after.pile[p]) > len(before.pile[p]):
            out.append(f"FG-INV-6: {SIDES[p]}'s pile grew after its shuffle card was aside")
    if before.turn == after.turn and before.step != OVER:
        active = SIDES[before.active]
        for c in range(5):
            old, new = before.control[c], after.control[c]
            if old != new and new not in (active, "N"):  # FG-INV-8
                out.append(f"FG-INV-8: c{c + 1} {old} -> {new} in {active}'s turn")
    return out


__all__ = ["check_invariants", "check_transition", "CP"]
