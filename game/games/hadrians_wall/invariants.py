"""HW-19 engine invariants, checked after every step of fuzzed games.

``check_invariants`` returns the list of violations (empty when all hold).  Invariants
about a round's computation (HW-INV-9 .. 13, 15) are checked on the state's record of
the last round, recomputed here independently of the round procedure.
"""

from __future__ import annotations

from collections import Counter

from .content import DECK, FORT_IDS, FORTHECA, STRENGTH, TYPE
from .state import AXX, KOM, ORDERS, OVER, UNA, HWState

_DECK_COUNT = Counter(DECK)
_FORT_COUNT = Counter(FORT_IDS)


def check_invariants(s: HWState) -> list[str]:
    bad: list[str] = []
    n, p_count = s.n_clans, s.n_players
    for c in range(n):  # HW-INV-1, HW-INV-2
        zones = s.deck[c] + s.aside[c] + s.hand[c] + s.line[c] + s.discard[c]
        zones += [x for x in s.facedown[c] if x is not None]
        if Counter(zones) != _DECK_COUNT:
            bad.append(f"HW-INV-1 clan {s.colours[c]} holds {sorted(zones)}")
    forts = s.fort_deck + [f for f in s.wall if f is not None] + s.fort_discard
    for pile in s.piles:
        forts += pile
    if Counter(forts) != _FORT_COUNT:  # HW-INV-3
        bad.append(f"HW-INV-3 forts are {sorted(forts)}")
    if s.turn and len(s.fort_deck) != 18 - 6 * s.turn:
        bad.append(f"HW-INV-3 fort deck holds {len(s.fort_deck)} in turn {s.turn}")
    gone = sum(1 for f in s.wall if f is None)  # HW-INV-7: one fort leaves the wall a round
    if len(s.left_wall) != 6 * (s.turn - 1) + gone or len(set(s.left_wall)) != len(
            s.left_wall):  # fmt: skip
        bad.append(
            f"HW-INV-7 {len(s.left_wall)} forts left the wall by turn {s.turn} "
            f"with {gone} gone this turn"
        )
    if not 1 <= s.turn <= 3 or not 0 <= s.rnd <= 6:  # HW-INV-6
        bad.append(f"HW-INV-6 turn {s.turn} round {s.rnd}")
    k = s.rnd
    if s.phase == ORDERS:  # HW-INV-4, HW-INV-5, HW-INV-8 at the start of a turn
        if k != 0 or any(f is None for f in s.wall):
            bad.append("HW-INV-4 the wall is not complete during the orders phase")
        if any(s.line[c] or s.discard[c] for c in range(n)):
            bad.append("HW-INV-8 a line or discard is not empty during the orders phase")
        for c in range(n):
            done = c not in s.waiting or (c >= p_count)
            placed = [x for x in s.facedown[c] if x is not None]
            if done and (len(placed) != 6 or len(s.aside[c]) != 3 or s.hand[c]):
                bad.append(f"HW-INV-5 clan {s.colours[c]} has incomplete orders")
    elif s.phase != OVER or s.winner is not None:
        # during round k: positions k+1..6 hold forts (position k may have just left)
        if any(f is None for f in s.wall[k:]) or any(f is not None for f in s.wall[: k - 1]):
            bad.append(f"HW-INV-4 wall {s.wall} in round {k}")
        for c in range(n):
            occupied = [p for p in range(6) if s.facedown[c][p] is not None]
            if occupied != list(range(k, 6)):
                bad.append(f"HW-INV-5 clan {s.colours[c]} face-down at {occupied} in round {k}")
            if len(s.aside[c]) != 3 or s.hand[c]:
                bad.append(f"HW-INV-5 clan {s.colours[c]} set-aside/hand wrong")
            if len(s.line[c]) > k:
                bad.append(f"HW-INV-8 clan {s.colours[c]} line longer than {k}")
    if s.phase == OVER and s.winner is None and (any(f is not None for f in s.wall) or s.turn != 3):
        bad.append("HW-INV-4/6 the game ended before three full turns")
    # HW-INV-14: no player clan holds 3 FortHeca while the game runs
    for c in range(p_count):
        if sum(f in FORTHECA for f in s.piles[c]) >= 3 and s.winner != c:
            bad.append(f"HW-INV-14 clan {s.colours[c]} holds 3 FortHeca and has not won")
    if s.winner is not None and s.winner >= p_count:  # HW-INV-16
        bad.append("HW-INV-16 a neutral clan won")
    # HW-INV-17: a fort that left the wall never returns; discarded forts never in a pile
    if any(f in s.left_wall for f in s.wall if f is not None):
        bad.append("HW-INV-17 a fort came back to the wall")
    discarded = set(s.fort_discard)
    if any(f in discarded for pile in s.piles for f in pile):
        bad.append("HW-INV-17 a discarded fort is in a pile")
    bad.extend(_check_last_round(s))
    bad.extend(_check_hidden(s))
    return bad


def _check_last_round(s: HWState) -> list[str]:
    lr = s.last_round
    if not lr or "totals" not in lr:
        return []
    bad = []
    n, p_count = s.n_clans, s.n_players
    fresh, lines, totals = lr["fresh"], lr["lines"], lr["totals"]
    if any(x is None for x in fresh):  # HW-INV-6
        bad.append("HW-INV-6 a clan revealed no card")
    ttype = [TYPE[x] for x in fresh]
    # HW-INV-9: totals >= 0 and add up to the strengths in the lines
    if any(t < 0 for t in totals) or sum(totals) != sum(
        STRENGTH[x] for line in lines for x in line
    ):
        bad.append(f"HW-INV-9 totals {totals} do not add up")
    recomputed = [sum(STRENGTH[x] for x in line) for line in lines]
    seduced = lr["seduced"]
    qweens = [c for c in range(p_count) if ttype[c] == "QWN"]
    if seduced:  # HW-INV-13
        q, t, card = seduced
        if len(qweens) != 1 or q != qweens[0] or t == q or fresh[t] != card:
            bad.append(f"HW-INV-13 bad seduction {seduced}")
        recomputed[t] -= STRENGTH[card]
        recomputed[q] += STRENGTH[card]
    if recomputed != totals:
        bad.append(f"HW-INV-9 totals {totals} differ from the lines ({recomputed})")
    clash = [c for c in range(p_count) if ttype[c] == "CHA"]
    if len(clash) >= 2 and any(fresh[c] in lines[c] for c in clash):  # HW-INV-12
        bad.append("HW-INV-12 a clashed Ch'ariott stayed in a line")
    eligible = [not (c < p_count and ttype[c] == "FIL") for c in range(n)]
    if eligible != lr["eligible"]:  # HW-INV-11, HW-INV-16 (neutral Filchy is blank)
        bad.append("HW-INV-11/16 eligibility differs from the fresh Filchies")
    w = lr["capturer"]
    if w is not None:  # HW-INV-10
        others = [c for c in range(n) if eligible[c] and c != w]
        if not eligible[w] or totals[w] < 1 or any(totals[c] > totals[w] for c in others):
            bad.append(f"HW-INV-10 capturer {s.colours[w]} with totals {totals}")
        tied = [c for c in others if totals[c] == totals[w]]
        if tied and (
            not (w < p_count and ttype[w] == "ARC")
            or any(c < p_count and ttype[c] == "ARC" for c in tied)
        ):
            bad.append(f"HW-INV-10 tie at {totals[w]} broken without a lone fresh Arch'r")
        if "pile_after" in lr and lr["pile_after"] != lr["pile_before"] and s.phase != UNA:
            bad.append("HW-INV-15 FortUna changed the pile size")  # HW-INV-15
        # HW-INV-8: after R7.3 the capturer keeps at most 2 cards (Axx + KomFort)
        after_r73 = lr.get("taken") and s.phase not in (AXX, KOM, OVER)
        if w == s.capturer and after_r73 and len(s.line[w]) > 2:
            bad.append("HW-INV-8 the capturer kept more than 2 cards")
    return bad


def _check_hidden(s: HWState) -> list[str]:
    """HW-INV-18: no observation shows another clan's hidden cards or the fort deck."""
    from .observe import PRIVATE_CLAN_KEYS, observation

    bad = []
    for seat in range(s.n_players):
        obs = observation(s, seat)
        if "fort_deck" in obs:
            bad.append("HW-INV-18 the fort-deck order is visible")
        for c, entry in enumerate(obs["clans"]):
            if c != seat and PRIVATE_CLAN_KEYS & set(entry):
                bad.append(f"HW-INV-18 seat {seat} sees hidden cards of clan {c}")
    return bad
