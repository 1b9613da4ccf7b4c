"""What one seat may see (HW-14.1, HW-14.2), and full states consistent with it.

The observation is plain data.  Other clans' set-aside, hand and face-down cards, the
fort-deck order, other clans' secret choices and Svord plans are absent from it: only
their counts (and which positions hold a face-down card) are there.

``Observation`` and its parts say what every key holds.  The computer seats seed each
decision's search from a digest of the observation's text
(game.core.agents.ismcts.decision_seed), so a renamed key changes the search's choices.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from game.core.rng import Rng

from .content import DECK, FORT_IDS, SOLO_TARGET
from .state import FOK, HRS, ORDERS, SVD, HWState

#: keys of an observation's per-clan entries that every seat may see
PUBLIC_CLAN_KEYS = frozenset(
    {"colour", "player", "line", "discard", "pile", "facedown_at", "aside_count", "hand_count"}
)
#: keys only the owning seat finds in its own entry
PRIVATE_CLAN_KEYS = frozenset({"aside", "hand", "facedown", "choice", "svord"})


class ClanView(TypedDict):
    """One clan's entry of ``Observation.clans`` (warrior cards by id, ``ARC1``)."""

    colour: str  # the clan's colour letter (content.COLOURS)
    player: bool  # a player's clan (True) or a neutral one (HW-13)
    line: list[str]  # its face-up warriors, in reveal order (HW-8.2)
    discard: list[str]  # the clan's discard pile, face up
    pile: list[str]  # the forts it captured, in order (HW-8.6)
    facedown_at: list[bool]  # which wall positions 1..6 hold its face-down order
    aside_count: int  # the number of cards it set aside (HW-7.1)
    hand_count: int  # the number of cards in its hand
    aside: NotRequired[list[str]]  # its set-aside cards: the own clan's entry only
    hand: NotRequired[list[str]]  # its hand: the own clan's only
    facedown: NotRequired[list[str | None]]  # its face-down order per position: own only
    choice: NotRequired[str | None]  # its secret simultaneous choice (HW-8.5.1): own only
    svord: NotRequired[list[str]]  # its Svord plan, cards for positions k+1.. (R9): own only


class RoundView(TypedDict, total=False):
    """The record of the last round fought (``Observation.last_round``, HWState.last_round):
    what R1 .. R3 told, then what later steps added once done."""

    turn: int  # the turn it was fought in (HW-5.1)
    rnd: int  # the round k, 1..6
    fresh: list[str | None]  # each clan's card revealed in it
    clash: list[int]  # the player clans whose fresh card is a Ch'ariott (R2)
    qweens: list[int]  # the player clans whose fresh card is a Qween (R3)
    lines: list[list[str]]  # each clan's line once R4 .. R6 are done
    seduced: list | None  # [clan, card] the Qween took (R3), or None
    eligible: list[bool]  # which clans may capture it: not a fresh Filchy (R4, HW-9.6)
    totals: list[int]  # each clan's total, its attack value (R5, HW-8.4)
    capturer: int | None  # the clan that captured the fort (R6), or None
    taken: str | None  # the fort it captured (R7.1)
    pile_before: int  # the number of forts in the capturer's pile before its capture
    pile_after: int  # the number of forts in its pile after FortUna's discard (R7.4)


class Observation(TypedDict):
    """What one seat sees of a game (``observation``); the words and the view read this."""

    game: str  # "hadrians-wall"
    seat: int  # the seat it is for (a player clan, 0 .. n_players-1)
    config: dict  # the line-up ("colours") and variant switches
    n_players: int  # the player clans; the clans after them are neutral (HW-13)
    turn: int  # the turn 1..3 (HW-5.1)
    round: int  # the round k 1..6 of the attack phase; 0 during orders
    phase: str  # the decision awaited (state.py: ORDERS, QWN, ...), ATTACK or OVER
    waiting: list[int]  # the clans still to decide in this step, in seat order
    deciders: list[int]  # the clans asked to decide in this step
    wall: list[str | None]  # the fort at each wall position 1..6 (None: none)
    fort_deck_count: int  # the number of forts left in the fort deck
    fort_discard: list[str]  # the discarded forts
    left_wall: list[str]  # every fort that has left the wall (HW-INV-17)
    fresh: list[str | None]  # each clan's card revealed this round
    seduced: list | None  # [clan, card] the Qween took this round (R3), or None
    capturer: int | None  # the clan that captured this round's fort (R6), or None
    taken: str | None  # the fort it captured
    kept: list[str]  # the cards the capturer keeps in R7.3
    totals: list[int]  # each clan's total this round (HW-8.4); zeros during orders
    winner: int | None  # the instant winner (HW-12.1), or None
    last_round: RoundView | None  # the record of the last round fought, or None
    clans: list[ClanView]  # every clan, the player clans first
    solo_goal: NotRequired[int]  # the points the lone player needs (HW-16.6): solo only


def observation(s: HWState, seat: int) -> Observation:
    clans: list[ClanView] = []
    for c in range(s.n_clans):
        entry: ClanView = {
            "colour": s.colours[c],
            "player": c < s.n_players,
            "line": s.line[c][:],
            "discard": s.discard[c][:],
            "pile": s.piles[c][:],
            "facedown_at": [x is not None for x in s.facedown[c]],
            "aside_count": len(s.aside[c]),
            "hand_count": len(s.hand[c]),
        }
        if c == seat:
            entry["aside"] = s.aside[c][:]
            entry["hand"] = s.hand[c][:]
            entry["facedown"] = s.facedown[c][:]
            entry["choice"] = s.choices.get(c)
            entry["svord"] = s.svord.get(c, [])[:]
        clans.append(entry)
    from .rules import HadriansWall  # the totals rule lives with the round procedure

    obs: Observation = {
        "game": "hadrians-wall",
        "seat": seat,
        "config": s.config,
        "n_players": s.n_players,
        "turn": s.turn,
        "round": s.rnd,
        "phase": s.phase,
        "waiting": s.waiting[:],
        "deciders": s.deciders[:],
        "wall": s.wall[:],
        "fort_deck_count": len(s.fort_deck),
        "fort_discard": s.fort_discard[:],
        "left_wall": s.left_wall[:],
        "fresh": s.fresh[:],
        "seduced": s.seduced[:] if s.seduced else None,
        "capturer": s.capturer,
        "taken": s.taken,
        "kept": s.kept[:],
        "totals": HadriansWall.totals(s) if s.rnd else [0] * s.n_clans,
        "winner": s.winner,
        "last_round": s.last_round,
        "clans": clans,
    }
    if s.n_players == 1:  # HW-16.6: the points the lone player needs (Balance, HW-20)
        obs["solo_goal"] = SOLO_TARGET[s.n_clans - 1]
    return obs


def determinize(obs: Observation, rng: Rng, rules) -> HWState:
    """A full state consistent with ``obs``; the unseen cards dealt at random."""
    seat = obs["seat"]
    cfg = obs["config"]
    s = HWState(cfg, cfg["colours"], obs["n_players"], rng.next64())
    s.turn, s.rnd, s.phase = obs["turn"], obs["round"], obs["phase"]
    s.wall = obs["wall"][:]
    s.fort_discard = obs["fort_discard"][:]
    s.left_wall = obs["left_wall"][:]
    s.fresh = obs["fresh"][:]
    s.seduced = obs["seduced"][:] if obs["seduced"] else None
    s.capturer, s.taken, s.kept = obs["capturer"], obs["taken"], obs["kept"][:]
    s.winner = obs["winner"]
    s.last_round = obs["last_round"]
    s.waiting = obs["waiting"][:]
    s.deciders = obs["deciders"][:]
    seen_forts = set(s.wall) | set(s.fort_discard)
    for c, entry in enumerate(obs["clans"]):
        s.piles[c] = entry["pile"][:]
        s.line[c] = entry["line"][:]
        s.discard[c] = entry["discard"][:]
        seen_forts.update(s.piles[c])
        if c == seat:
            s.aside[c] = entry["aside"][:]
            s.hand[c] = entry["hand"][:]
            s.facedown[c] = entry["facedown"][:]
            continue
        public = set(s.line[c]) | set(s.discard[c])
        unseen = [x for x in DECK if x not in public]
        rng.shuffle(unseen)
        fd: list[str | None] = [None] * 6
        for p, present in enumerate(entry["facedown_at"]):
            if present:
                fd[p] = unseen.pop()
        s.facedown[c] = fd
        s.aside[c] = [unseen.pop() for _ in range(entry["aside_count"])]
        s.hand[c] = [unseen.pop() for _ in range(entry["hand_count"])]
        s.deck[c] = unseen  # empty during a turn
    deck = [f for f in FORT_IDS if f not in seen_forts]
    rng.shuffle(deck)
    s.fort_deck = deck
    own = obs["clans"][seat]
    if s.phase in (FOK, HRS):
        # re-derive the public neutral and forced choices, keep ours, and give the
        # other clans that have already chosen a random legal choice
        waiting = s.waiting
        rules.collect_choices(s, s.phase)
        for c in list(s.waiting):
            if c in waiting:
                continue
            if c == seat:
                s.choices[c] = own["choice"]
            else:
                options = s.line[c] if s.phase == FOK else rules._horsie_options(s, c)
                s.choices[c] = rng.choice(options)
        s.waiting = waiting[:]
        s.deciders = obs["deciders"][:]
    elif s.phase == SVD:
        for c in s.deciders:
            if c == seat:
                s.svord[c] = own["svord"][:]
            elif c not in s.waiting:
                s.svord[c] = []  # its hidden order is already random here
    elif s.phase == ORDERS:
        pass  # every unseen card, placed or in hand, is already dealt at random
    return s
