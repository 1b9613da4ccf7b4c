"""What one seat may see (SH-0.5), and full states consistent with it.

Almost everything in Stronghold is public.  Bag and deck orders are not in the state at
all (draws pick at random from the counts, state.py), so the one secret is the kind of
each face-down order tile (SH-13.6.3): a Defender seat sees where such a tile lies but
not what it is, until it is revealed in step II.3 or seen through the Watchtower's
Lookout (WT1).  Both Invaders see every order (SH-22.5).  The state's RNG is never
part of an observation.
"""

from __future__ import annotations

import marshal

from game.core.rng import Rng

from .common import section_units
from .content import ORDER_NEEDS, ORDER_TILES
from .state import FIELDS, SHState


def observation(s: SHState, seat: int, everything: bool = False) -> dict:
    """What ``seat`` may see; ``everything``: every order tile too (replays with all
    cards open)."""
    data = marshal.loads(marshal.dumps({f: getattr(s, f) for f in FIELDS}))
    if not everything and not s.is_invader(seat):
        for order in data["orders"].values():
            if not order[1] and not order[2]:
                order[0] = None  # hidden: the Defender knows only where it lies
    data["game"] = "stronghold"
    data["seat"] = seat
    return data


def determinize(obs: dict, rng: Rng) -> SHState:
    """A full state consistent with ``obs``: hidden order kinds drawn from the tiles
    the seat has not seen, preferring kinds whose unit type is on the section."""
    data = marshal.loads(marshal.dumps({f: obs[f] for f in FIELDS}))
    data["rng"] = rng.next64()
    s = SHState.from_json(data)
    hidden = sorted(sec for sec, o in s.orders.items() if o[0] is None)
    if hidden:
        pool = list(ORDER_TILES)
        for o in s.orders.values():
            if o[0] is not None:
                pool.remove(o[0])
        best = None
        for _ in range(12):
            rng.shuffle(pool)
            picks = pool[: len(hidden)]
            if all(_fits(s, sec, kind) for sec, kind in zip(hidden, picks, strict=True)):
                best = picks
                break
            best = best or picks
        for sec, kind in zip(hidden, best, strict=True):
            s.orders[sec][0] = kind
    return s


def _fits(s: SHState, sec: str, kind: str) -> bool:
    need = ORDER_NEEDS[kind]
    units = section_units(s, sec)
    return (units[need] if need is not None else sum(units)) > 0
