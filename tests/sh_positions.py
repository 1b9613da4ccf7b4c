"""Building Stronghold positions for the worked examples (SH-25).

``bare()`` is a game set up with the starter cards whose board is cleared: no Defender
unit on a section or tower, no wall element, heroes in the courtyard, no hourglass
("everything not mentioned is empty", SH-25).  Pieces are then put where an example
wants them, always taken from (and counted against) the supplies, so the SH-26
invariants keep holding.  ``at_phase``, ``at_window`` and ``assault_from`` put the
engine at a step; ``SnapLog`` keeps a copy of the state at the start of every Assault
step, so an example can look at the board right after the step it is about.
"""

from __future__ import annotations

import json

import pytest

from game.core.contract import BadNotation, IllegalAction
from game.games.stronghold import assault
from game.games.stronghold.board import CY, SECTIONS, TOWERS
from game.games.stronghold.rules import RULES
from game.games.stronghold.state import SHState


def fresh(s: SHState) -> SHState:
    s._legal = None
    return s


def bare(players: int = 2, seed: int = 1, rnd: int = 1) -> SHState:
    s = RULES.new_game({"players": players, "starter": True}, seed)
    for pos in SECTIONS + TOWERS:
        take_def(s, pos, *s.defender_units[pos])
    for sec in SECTIONS:
        s.stone_supply += s.walls[sec][0]
        s.wood_supply += s.walls[sec][1]
        s.walls[sec] = [0, 0]
    s.heroes = {"OFF": CY, "WAR": CY}
    s.hourglasses = [0] * s.n_def
    s.round = rnd
    return fresh(s)


def put_inv(s: SHState, node: str, g: int = 0, o: int = 0, t: int = 0) -> None:
    """Units from the bag onto a node (``S2T`` = the siege tower on S2, ``CAMP``)."""
    for k, n in enumerate((g, o, t)):
        assert s.bag[k] >= n
        s.bag[k] -= n
        if node == "CAMP":
            s.camp[0][k] += n
        elif node.endswith("T") and node[0] == "S":
            s.siege.setdefault(node[:2], [0, 0, 0])[k] += n
        else:
            s.units[node][k] += n
    fresh(s)


def set_avail(s: SHState, g: int = 0, o: int = 0, t: int = 0, i: int = 0) -> None:
    for k, n in enumerate((g, o, t)):
        s.bag[k] += s.available[i][k] - n
        s.available[i][k] = n
    fresh(s)


def put_def(s: SHState, pos: str, a: int = 0, so: int = 0, v: int = 0) -> None:
    for k, n in enumerate((a, so, v)):
        assert s.defender_supply[k] >= n
        s.defender_supply[k] -= n
        s.defender_units[pos][k] += n
    fresh(s)


def take_def(s: SHState, pos: str, a: int = 0, so: int = 0, v: int = 0) -> None:
    for k, n in enumerate((a, so, v)):
        s.defender_units[pos][k] -= n
        s.defender_supply[k] += n


def wall(s: SHState, sec: str, stone: int = 0, wood: int = 0) -> None:
    s.stone_supply += s.walls[sec][0] - stone
    s.wood_supply += s.walls[sec][1] - wood
    s.walls[sec] = [stone, wood]
    fresh(s)


def machine(s: SHState, kind: str, slot: str, deck: tuple[int, int] = (2, 5)) -> None:
    """A machine already built; a throwing machine with ``deck`` = (hits, misses)."""
    if kind in ("BAL", "CAT", "TRE", "ALT"):
        s.machines[slot] = kind
    if kind in ("BAL", "CAT", "TRE"):
        s.decks[slot] = [2, deck[1]]
        s.hit_supply -= 2
        s.miss_supply -= deck[1]
        extra = deck[0] - 2
        if extra:
            s.decks[slot][0] += extra
            s.hit_supply -= extra
            s.gunners[slot] = extra
    elif kind == "COV":
        s.covers.append(slot)
    elif kind == "TWR":
        s.siege.setdefault(slot, [0, 0, 0])
    elif kind == "RAM":
        s.ram += 1
    fresh(s)


def ritual(s: SHState, code: str, target: str, owner: int = 0) -> None:
    s.rituals.append([code, target, owner])
    fresh(s)


def at_phase(s: SHState, phase: int, res: int | None = None, step: str = "MOVE") -> SHState:
    """The Invader to act in ``phase`` (its set-up already done)."""
    s.stage = f"P{phase}"
    s.pending = {"kind": "PHASE", "who": 0}
    if phase == 6:
        s.pending["step"] = step
    s.passes = 0
    if res is not None:
        s.resource_supply += s.resources[0] - res
        s.resources[0] = res
    return fresh(s)


def at_window(s: SHState, k: int, hg: int, d: int = 0) -> SHState:
    """Defender window ``k`` already open with ``hg`` hourglasses."""
    s.stage = f"W{k}"
    s.window = k
    s.hourglasses[d] = hg
    s.pending = {"kind": "WINDOW", "who": d, "to_complete": [], "alarm": 0}
    return fresh(s)


class SnapLog(list):
    """A log that keeps a copy of the state at the start of every Assault step (the
    ``STEP`` events), keyed by the step's name, and at the end of the Assault."""

    def __init__(self, state: SHState) -> None:
        super().__init__()
        self.state = state
        self.at: dict[str, SHState] = {}

    def append(self, event: tuple) -> None:
        if event[1] == "STEP":
            self.at[event[2]] = self.state.clone()
        super().append(event)


def assault_from(
    s: SHState, step: str = "I1", decisions: list[str] | None = None, hold: bool = True
) -> SnapLog:
    """Run the Assault from ``step`` on; ``decisions`` are applied in order when the
    engine stops; archer fire is held (``HOLD``) when no decision is scripted."""
    s.stage = "ASSAULT"
    s.assault = {"step": assault.STEPS.index(step), "breach": 0}
    s.pending = {}
    s.flow = []
    fresh(s)
    log = SnapLog(s)
    RULES._run(s, log)
    todo = list(decisions or [])
    while s.stage == "ASSAULT":
        if todo:
            RULES.apply(s, todo.pop(0), log)
        elif hold and s.pending.get("kind") == "SHOOT":
            RULES.apply(s, f"{RULES.seat_names(s)[RULES.to_act(s)]}: HOLD", log)
        else:
            break
    return log


def snapshot(s: SHState) -> str:
    return json.dumps(RULES.to_json(s), sort_keys=True)


def rejects(s: SHState, text: str, error: type[IllegalAction] = IllegalAction) -> IllegalAction:
    """``text`` is refused with ``error`` and the state is left exactly as it was."""
    before = snapshot(s)
    with pytest.raises(error) as caught:
        RULES.apply(s, text, [])
    if error is IllegalAction:
        assert not isinstance(caught.value, BadNotation), caught.value
    assert snapshot(s) == before, f"{text!r} changed the state"
    return caught.value


def options(s: SHState) -> set[str]:
    return {str(a) for a in RULES.legal_actions(s)}


def play(s: SHState, *texts: str, log: list | None = None) -> list:
    log = [] if log is None else log
    for text in texts:
        RULES.apply(s, text, log)
    return log


def events(log: list, kind: str) -> list[tuple]:
    return [e[2:] for e in log if e[1] == kind]


def clean(s: SHState) -> list[str]:
    return RULES.check_invariants(s)
