"""Building Hadrian's Wall positions for the worked examples (HW-18).

``position()`` makes a state at the start of round k with given lines, fresh cards,
later face-down cards, wall and piles; the remaining cards fill the set-asides and
warrior discards so that the HW-19 invariants hold.  ``RoundLog`` is a log that keeps a
copy of the state at the end of each round (after R9), before the engine goes on.
``rejects()`` checks that an action is refused and leaves the state untouched.
"""

from __future__ import annotations

import json
from unittest import mock

import pytest

from game.core.contract import PUBLIC, BadNotation, IllegalAction
from game.games.hadrians_wall.content import COLOURS, DECK, FORT_IDS
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.state import ORDERS, OVER, QWN, HWState


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
    colours: list[str] | None = None,
    turn: int = 1,
) -> HWState:
    """State just before round ``rnd`` of turn ``turn`` is revealed (phase ORDERS done).

    ``colours`` are the clans' letters in seat order (players first, then neutrals);
    by default the first letters of G, R, Y, B.  Forts neither on the wall nor in a pile
    fill the fort deck (18 - 6 * turn cards) and then the fort discard.
    """
    lines = lines or {}
    reveal = reveal or {}
    later = later or {}
    piles = piles or {}
    n = players + neutrals
    colours = list(colours or COLOURS[:n])
    s = RULES.new_game(
        {
            "players": players, "neutrals": neutrals, "colours": colours,
            "variant1": variant1, "variant2": variant2,
        },
        seed,
    )  # fmt: skip
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
    assert len(free) >= 18 - 6 * turn, "too many forts in the piles for this turn"
    s.fort_deck = free[: 18 - 6 * turn]
    s.fort_discard = free[18 - 6 * turn :]
    s.left_wall = list(s.fort_discard) + sorted(held)
    s.turn = turn
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
        # a round is revealed and not over yet: true when the log starts at a decision
        # within a round (e.g. on a clone), false on a ``position`` or orders state
        self._revealed = state.phase not in (ORDERS, OVER) and bool(state.waiting)

    def append(self, event: tuple) -> None:
        if event[0] == PUBLIC and event[1] == "REVEAL":
            self._revealed = True
        elif event[0] == PUBLIC and event[1] in ("ROUND", "TURN-END") and self._revealed:
            self.after_round.append(self.state.clone())
            self._revealed = False
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


def forced_qween(state: HWState) -> RoundLog:
    """Reveal the round like ``start_round`` but stop at the Qween decision even when it
    has a single option (the engine takes such a decision itself), so that its options
    and rejections can be checked.  Applying the Qween action then resumes the round."""
    log = RoundLog(state)
    with mock.patch.object(RULES, "_resolve_round"):  # R1 .. R3 only
        RULES._begin_round(state, log)
    assert state.seduced, "no Qween with a single target this round"
    q = state.seduced[0]
    state.seduced = None
    state.phase = QWN
    state.waiting = [q]
    state.deciders = [q]
    del log[-1]  # the engine's own ACT for the forced choice
    return log


def snapshot(state: HWState) -> str:
    return json.dumps(RULES.to_json(state), sort_keys=True)


def rejects(state: HWState, text: str, error: type[IllegalAction] = IllegalAction) -> None:
    """``text`` is refused with ``error`` (IllegalAction or BadNotation) and the state is
    left exactly as it was (HW-0.3 cannot; the core contract)."""
    before = snapshot(state)
    with pytest.raises(error) as caught:
        RULES.apply(state, text, [])
    if error is IllegalAction:  # a well-formed action that the rules refuse
        assert not isinstance(caught.value, BadNotation), caught.value
    assert snapshot(state) == before, f"{text!r} changed the state"


def options(state: HWState) -> set[str]:
    """The legal actions of the clan to act, as text."""
    return {str(a) for a in RULES.legal_actions(state)}


def to_act(state: HWState) -> str | None:
    """The colour of the clan whose decision is awaited."""
    seat = RULES.to_act(state)
    return None if seat is None else state.colours[seat]


def discarded(before: HWState, after: HWState, colour: str) -> list[str]:
    """The warriors ``colour`` discarded between two states of one turn, in order."""
    c = clan(before, colour)
    old = before.discard[c]
    assert after.discard[c][: len(old)] == old
    return after.discard[c][len(old) :]


def pile(state: HWState, colour: str) -> list[str]:
    return state.piles[clan(state, colour)]
