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


def _clan_cards(s: HWState) -> list[str]:
    """HW-INV-1, HW-INV-2 each clan holds its 9 cards, each in one zone."""
    bad = []
    for c in range(s.n_clans):
        zones = s.deck[c] + s.aside[c] + s.hand[c] + s.line[c] + s.discard[c]
        zones += [x for x in s.facedown[c] if x is not None]
        if Counter(zones) != _DECK_COUNT:
            bad.append(f"HW-INV-1 clan {s.colours[c]} holds {sorted(zones)}")
    return bad


def _forts(s: HWState) -> list[str]:
    """HW-INV-3 the forts are the 18, the fort deck loses 6 a turn."""
    bad = []
    forts = s.fort_deck + [f for f in s.wall if f is not None] + s.fort_discard
    for pile in s.piles:
        forts += pile
    if Counter(forts) != _FORT_COUNT:
        bad.append(f"HW-INV-3 forts are {sorted(forts)}")
    if s.turn and len(s.fort_deck) != 18 - 6 * s.turn:
        bad.append(f"HW-INV-3 fort deck holds {len(s.fort_deck)} in turn {s.turn}")
    return bad


def _left_wall(s: HWState) -> list[str]:
    """HW-INV-7 one fort leaves the wall a round, each once."""
    gone = sum(1 for f in s.wall if f is None)
    left = s.left_wall
    if len(left) != 6 * (s.turn - 1) + gone or len(set(left)) != len(left):
        return [
            f"HW-INV-7 {len(s.left_wall)} forts left the wall by turn {s.turn} "
            f"with {gone} gone this turn"
        ]
    return []


def _time(s: HWState) -> list[str]:
    """HW-INV-6 turn 1..3, round 0..6."""
    if not 1 <= s.turn <= 3 or not 0 <= s.rnd <= 6:
        return [f"HW-INV-6 turn {s.turn} round {s.rnd}"]
    return []


def _orders_phase(s: HWState) -> list[str]:
    """HW-INV-4, HW-INV-5, HW-INV-8 at the start of a turn (the orders phase): the wall
    complete, lines and discards empty, each clan done with its orders fully ordered."""
    bad = []
    n = s.n_clans
    if s.rnd != 0 or any(f is None for f in s.wall):
        bad.append("HW-INV-4 the wall is not complete during the orders phase")
    if any(s.line[c] or s.discard[c] for c in range(n)):
        bad.append("HW-INV-8 a line or discard is not empty during the orders phase")
    for c in range(n):
        done = c not in s.waiting or (c >= s.n_players)
        placed = [x for x in s.facedown[c] if x is not None]
        if done and (len(placed) != 6 or len(s.aside[c]) != 3 or s.hand[c]):
            bad.append(f"HW-INV-5 clan {s.colours[c]} has incomplete orders")
    return bad


def _round_phase(s: HWState) -> list[str]:
    """HW-INV-4, HW-INV-5, HW-INV-8 during round k: positions k+1..6 hold forts (position
    k may have just left), the face-down cards are those of rounds k+1..6, lines hold at
    most k cards."""
    bad = []
    k = s.rnd
    if any(f is None for f in s.wall[k:]) or any(f is not None for f in s.wall[: k - 1]):
        bad.append(f"HW-INV-4 wall {s.wall} in round {k}")
    for c in range(s.n_clans):
        occupied = [p for p in range(6) if s.facedown[c][p] is not None]
        if occupied != list(range(k, 6)):
            bad.append(f"HW-INV-5 clan {s.colours[c]} face-down at {occupied} in round {k}")
        if len(s.aside[c]) != 3 or s.hand[c]:
            bad.append(f"HW-INV-5 clan {s.colours[c]} set-aside/hand wrong")
        if len(s.line[c]) > k:
            bad.append(f"HW-INV-8 clan {s.colours[c]} line longer than {k}")
    return bad


def _phase(s: HWState) -> list[str]:
    """HW-INV-4, HW-INV-5, HW-INV-8 in the orders phase or during a round (not once the
    game is over without a winner)."""
    if s.phase == ORDERS:
        return _orders_phase(s)
    if s.phase != OVER or s.winner is not None:
        return _round_phase(s)
    return []


def _full_game(s: HWState) -> list[str]:
    """HW-INV-4, HW-INV-6 a game without a winner ends after three full turns."""
    if s.phase == OVER and s.winner is None and (any(f is not None for f in s.wall) or s.turn != 3):
        return ["HW-INV-4/6 the game ended before three full turns"]
    return []


def _forthecas(s: HWState) -> list[str]:
    """HW-INV-14 no player clan holds 3 FortHeca while the game runs."""
    bad = []
    for c in range(s.n_players):
        if sum(f in FORTHECA for f in s.piles[c]) >= 3 and s.winner != c:
            bad.append(f"HW-INV-14 clan {s.colours[c]} holds 3 FortHeca and has not won")
    return bad


def _winner_is_a_player(s: HWState) -> list[str]:
    """HW-INV-16 a neutral clan never wins."""
    if s.winner is not None and s.winner >= s.n_players:
        return ["HW-INV-16 a neutral clan won"]
    return []


def _forts_never_return(s: HWState) -> list[str]:
    """HW-INV-17 a fort that left the wall never returns; discarded forts never in a pile."""
    bad = []
    if any(f in s.left_wall for f in s.wall if f is not None):
        bad.append("HW-INV-17 a fort came back to the wall")
    discarded = set(s.fort_discard)
    if any(f in discarded for pile in s.piles for f in pile):
        bad.append("HW-INV-17 a discarded fort is in a pile")
    return bad


def _check_last_round(s: HWState) -> list[str]:
    """HW-INV-6, 8 .. 13, 15, 16 on the record of the last round, when it is complete."""
    lr = s.last_round
    if not lr or "totals" not in lr:
        return []
    return _last_round_totals(s, lr) + _last_round_eligible(s, lr) + _last_round_capture(s, lr)


def _last_round_totals(s: HWState, lr) -> list[str]:
    """HW-INV-6 every clan revealed a card; HW-INV-9 the totals are those of the lines
    (HW-INV-13 with the seduced card moved by a lone Qween)."""
    bad = []
    fresh, lines, totals = lr["fresh"], lr["lines"], lr["totals"]
    if any(x is None for x in fresh):
        bad.append("HW-INV-6 a clan revealed no card")
    ttype = [TYPE[x] for x in fresh]
    if any(t < 0 for t in totals) or sum(totals) != sum(
        STRENGTH[x] for line in lines for x in line
    ):
        bad.append(f"HW-INV-9 totals {totals} do not add up")
    recomputed = [sum(STRENGTH[x] for x in line) for line in lines]
    seduced = lr["seduced"]
    qweens = [c for c in range(s.n_players) if ttype[c] == "QWN"]
    if seduced:
        q, t, card = seduced
        if len(qweens) != 1 or q != qweens[0] or t == q or fresh[t] != card:
            bad.append(f"HW-INV-13 bad seduction {seduced}")
        recomputed[t] -= STRENGTH[card]
        recomputed[q] += STRENGTH[card]
    if recomputed != totals:
        bad.append(f"HW-INV-9 totals {totals} differ from the lines ({recomputed})")
    return bad


def _eligible(s: HWState, fresh: list) -> list[bool]:
    """R4: a player's fresh Filchy sits out (HW-9.6); a neutral one is blank (HW-13.4)."""
    p_count = s.n_players
    return [not (c < p_count and TYPE[fresh[c]] == "FIL") for c in range(s.n_clans)]


def _last_round_eligible(s: HWState, lr) -> list[str]:
    """HW-INV-12 clashed Ch'ariotts leave the lines; HW-INV-11, HW-INV-16 eligibility."""
    bad = []
    fresh, lines = lr["fresh"], lr["lines"]
    clash = [c for c in range(s.n_players) if TYPE[fresh[c]] == "CHA"]
    if len(clash) >= 2 and any(fresh[c] in lines[c] for c in clash):
        bad.append("HW-INV-12 a clashed Ch'ariott stayed in a line")
    if _eligible(s, fresh) != lr["eligible"]:
        bad.append("HW-INV-11/16 eligibility differs from the fresh Filchies")
    return bad


def _last_round_capture(s: HWState, lr) -> list[str]:
    """HW-INV-10 the capturer is the eligible clan with the highest total (a tie broken
    by a lone fresh Arch'r); HW-INV-15 FortUna keeps the pile size; HW-INV-8 the
    capturer keeps at most 2 cards after R7.3."""
    w = lr["capturer"]
    if w is None:
        return []
    bad = []
    p_count = s.n_players
    fresh, totals = lr["fresh"], lr["totals"]
    eligible = _eligible(s, fresh)
    others = [c for c in range(s.n_clans) if eligible[c] and c != w]
    if not eligible[w] or totals[w] < 1 or any(totals[c] > totals[w] for c in others):
        bad.append(f"HW-INV-10 capturer {s.colours[w]} with totals {totals}")
    tied = [c for c in others if totals[c] == totals[w]]
    arc = [c < p_count and TYPE[fresh[c]] == "ARC" for c in range(s.n_clans)]
    if tied and (not arc[w] or any(arc[c] for c in tied)):
        bad.append(f"HW-INV-10 tie at {totals[w]} broken without a lone fresh Arch'r")
    if "pile_after" in lr and lr["pile_after"] != lr["pile_before"] and s.phase != UNA:
        bad.append("HW-INV-15 FortUna changed the pile size")
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


#: the invariants, each one function (its HW-INV IDs in its docstring);
#: ``check_invariants`` lists their violations in this order
INVARIANTS = (
    _clan_cards,  # HW-INV-1, HW-INV-2
    _forts,  # HW-INV-3
    _left_wall,  # HW-INV-7
    _time,  # HW-INV-6
    _phase,  # HW-INV-4, HW-INV-5, HW-INV-8
    _full_game,  # HW-INV-4, HW-INV-6
    _forthecas,  # HW-INV-14
    _winner_is_a_player,  # HW-INV-16
    _forts_never_return,  # HW-INV-17
    _check_last_round,  # HW-INV-6, 8 .. 13, 15, 16
    _check_hidden,  # HW-INV-18
)


def check_invariants(s: HWState) -> list[str]:
    """Every violation of the invariants (empty when all hold)."""
    bad: list[str] = []
    for check in INVARIANTS:
        bad += check(s)
    return bad
