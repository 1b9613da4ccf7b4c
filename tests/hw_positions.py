"""Building Hadrian's Wall positions for the worked examples (HW-18).

``position()`` makes a state at the start of round k with given lines, fresh cards,
later face-down cards, wall and piles; the remaining cards fill the set-asides and
warrior discards so that the HW-19 invariants hold.  ``RoundLog`` is a log that keeps a
copy of the state at the end of each round (after R9), before the engine goes on.
"""

from __future__ import annotations

from game.core.contract import PUBLIC
from game.games.hadrians_wall.content import COLOURS, DECK, FORT_IDS
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.state import HWState


def position(
    players: int = 2,
    neutrals: int = 0,
    lines: dict[str, list[str]] | None = None,
    reveal: dict[str, str] | None = None,
    later: dict[str, dict[int, str]] | None = None,
    wall: dict[int, str] | None = None,
    contested: str | None = None,
    rnd: int | None = None,
    piles: dict[str, list[str]] | None = None,
    variant1: bool = False,
    variant2: bool = False,
    seed: int = 1,
) -> HWState:
    """State just before round ``rnd`` is revealed (phase ORDERS done)."""
    lines = lines or {}
    reveal = reveal or {}
    later = later or {}
    piles = piles or {}
    s = RULES.new_game(
        {"players": players, "neutrals": neutrals, "variant1": variant1, "variant2": variant2},
        seed,
    )
    n = players + neutrals
    colours = list(COLOURS[:n])
    if rnd is None:
        rnd = max([len(v) for v in lines.values()] + [0]) + 1
    k = rnd
    for c, col in enumerate(colours):
        line = list(lines.get(col, []))
        fd: list[str | None] = [None] * 6
        if col in reveal:
            fd[k - 1] = reveal[col]
        for pos, card in later.get(col, {}).items():
            fd[pos - 1] = card
        used = set(line) | {x for x in fd if x}
        rest = [x for x in DECK if x not in used]
        for p in range(k - 1, 6):
            if fd[p] is None:
                fd[p] = rest.pop(0)
        s.aside[c] = rest[:3]
        s.discard[c] = rest[3:]
        assert len(s.discard[c]) + len(line) == k - 1, f"{col}: too many cards for round {k}"
        s.line[c] = line
        s.facedown[c] = fd
        s.hand[c] = []
        s.deck[c] = []
        s.piles[c] = list(piles.get(col, []))
        s.fresh[c] = line[-1] if line else None
    # the wall: given positions, the contested fort, the rest from unused forts
    wall = dict(wall or {})
    if contested:
        wall[k] = contested
    held = {f for pile in piles.values() for f in pile}
    free = [f for f in FORT_IDS if f not in held and f not in wall.values()]
    s.wall = [None] * 6
    for p in range(k, 7):
        s.wall[p - 1] = wall.get(p) or free.pop(0)
    s.fort_deck = free[: 12]
    s.fort_discard = free[12:]
    s.left_wall = list(s.fort_discard) + sorted(held)
    s.turn = 1
    s.rnd = k - 1
    s.waiting = []
    s.deciders = []
    return s


class RoundLog(list):
    """A log that snapshots the state at the end of every round (after R9)."""

    def __init__(self, state: HWState) -> None:
        super().__init__()
        self.state = state
        self.after_round: list[HWState] = []

    def append(self, event: tuple) -> None:
        if event[0] == PUBLIC and event[1] in ("ROUND", "TURN-END") and self.state.rnd:
            self.after_round.append(self.state.clone())
        super().append(event)


def start_round(state: HWState) -> RoundLog:
    """Reveal the round prepared by ``position`` and run it to the first decision."""
    log = RoundLog(state)
    RULES._begin_round(state, log)
    return log


def act(state: HWState, log: RoundLog, *texts: str) -> None:
    for text in texts:
        RULES.apply(state, text, log)


def ended(log: RoundLog, index: int = 0) -> HWState:
    """The state after R9 of the ``index``-th round played under this log."""
    return log.after_round[index]


def clan(state: HWState, colour: str) -> int:
    return state.colours.index(colour)


def lines(state: HWState) -> dict[str, list[str]]:
    return {state.colours[c]: state.line[c] for c in range(state.n_clans)}
