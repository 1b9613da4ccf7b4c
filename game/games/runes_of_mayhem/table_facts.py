"""What the Runes of Mayhem table reads off an observation: the item of a place of the
notation, a unit's current strength and life, a row's formation."""

from __future__ import annotations

from types import SimpleNamespace

from .content import BASIC, CARDS, SIDES, code, klass


def _rules():
    from .rules import RULES

    return RULES


def current(obs: dict, card: str) -> tuple[int, int]:
    """RM-9.2 current strength and life of a unit in play, as the engine counts them."""
    info = CARDS.get(code(card))
    base = (info[3], info[4]) if info else (0, 0)
    try:
        s = SimpleNamespace(**obs)
        rules = _rules()
        return rules.cur_s(s, card), rules.cur_l(s, card)
    except Exception:  # noqa: BLE001 - a field the engine reads that this view lacks
        return base


def formation(obs: dict, side: int, row: int) -> str | None:
    """RM-16.2: the class of a full row of basic units of one class."""
    cls = None
    for col in (1, 2, 3):
        c = obs["cells"].get(f"{SIDES[side]}{col}{row}")
        if c is None or c not in obs["units"] and code(c) not in CARDS:
            return None
        k = klass(c) if code(c) in CARDS else None
        if k not in BASIC or (cls is not None and k != cls):
            return None
        cls = k
    return cls
