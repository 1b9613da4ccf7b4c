"""What one seat may see (HW-14.1, HW-14.2), and full states consistent with it.

The observation is plain data.  Other clans' set-aside, hand and face-down cards, the
fort-deck order, other clans' secret choices and Svord plans are absent from it: only
their counts (and which positions hold a face-down card) are there.
"""

from __future__ import annotations

from game.core.rng import Rng

from .content import DECK, FORT_IDS, SOLO_TARGET
from .state import FOK, HRS, ORDERS, SVD, HWState

#: keys of an observation's per-clan entries that every seat may see
PUBLIC_CLAN_KEYS = frozenset(
    {"colour", "player", "line", "discard", "pile", "facedown_at", "aside_count", "hand_count"}
)
#: keys only the owning seat finds in its own entry
PRIVATE_CLAN_KEYS = frozenset({"aside", "hand", "facedown", "choice", "svord"})


def observation(s: HWState, seat: int) -> dict:
    clans = []
    for c in range(s.n_clans):
        entry = {
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

    obs = {
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


def determinize(obs: dict, rng: Rng, rules) -> HWState:
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
