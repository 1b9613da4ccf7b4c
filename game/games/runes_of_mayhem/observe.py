"""What one seat may see (RM-26.1) and determinization from it (RM-28.3).

The observation is the state's data with the hidden parts absent: the other hand (only
its size), both draw piles (only sizes), the other seat's pending mulligan and token
choice, the RNG and any forced dice.
"""

from __future__ import annotations

from game.core.rng import Rng

from .content import deck_of
from .state import RMState

_HIDDEN = ("hand", "pile", "aside", "pending_tok", "dice")


def observation(s: RMState, seat: int) -> dict:
    data = s.to_json()
    del data["rng"]
    for k in _HIDDEN:
        del data[k]
    data["seat"] = seat
    data["hand"] = list(s.hand[seat])
    data["hand_sizes"] = [len(h) for h in s.hand]
    data["pile_sizes"] = [len(p) for p in s.pile]
    data["aside_sizes"] = [len(a) for a in s.aside]
    data["my_pending_tok"] = s.pending_tok[seat]
    data["pending_made"] = [t is not None for t in s.pending_tok]
    return data


def determinize(obs: dict, rng: Rng) -> RMState:
    seat = obs["seat"]
    data = {k: v for k, v in obs.items() if k not in ("seat", "hand_sizes", "pile_sizes",
                                                      "aside_sizes", "my_pending_tok",
                                                      "pending_made", "hand")}  # fmt: skip
    learning = "L" in obs["config"]["modules"]
    hands, piles = [[], []], [[], []]
    for p in (0, 1):
        seen = set(obs["discard"][p]) | set(obs["wall"][p])
        seen |= {c for c in obs["cells"].values()}
        if p == seat:
            seen |= set(obs["hand"])
        unseen = [c for c in deck_of(p, learning) if c not in seen]
        rng.shuffle(unseen)
        if p == seat:
            hands[p] = list(obs["hand"])
        else:
            n = obs["hand_sizes"][p]
            hands[p], unseen = unseen[:n], unseen[n:]
        piles[p] = unseen
    data["hand"], data["pile"] = hands, piles
    data["aside"] = [[], []]
    pend = [None, None]
    pend[seat] = obs["my_pending_tok"]
    if obs["pending_made"][1 - seat]:
        pend[1 - seat] = [3, 4]
    data["pending_tok"] = pend
    data["dice"] = []
    data["rng"] = rng.next64()
    return RMState.from_json(data)
