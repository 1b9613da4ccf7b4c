"""A move shown in stages, and a view's board drawn with its motion.

One move may do much: the last order of a Hadrian's Wall turn has the clans fight six
rounds, fort after fort, before anyone decides again.  Shown as one change of the table,
it would all move at once.  A view that wants such a move followed step by step names
the events after which the table is shown a while (its optional ``stage(event)``:
seconds to rest there at the normal speed, or None); ``trail`` plays the move once more
on a copy of the state before it, with a log that notes the seat's observation each
time the engine tells of one of those events (what the engine has done by then; the
view's ``stage_obs`` may show the step begun where the engine tells of a step before it
takes it), and ``Staging`` shows those observations one after another -- each one's
motion (motion.py) ended, then its rest -- before the table as the move left it.  A view
without ``stage`` has no stages: every move is one change.

Nothing here changes a game: the move is played again on a copy, and only what a seat
may see of it is kept.  The animation speed of the settings governs the rests (instant:
no stages at all); ``finish`` ends the stages at once (Skip, a click, Space).

``Board`` draws a view's board with its motion: the table and the replay draw the same
way, so a move moves the same in both.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from game.core.contract import PUBLIC

from . import motion, paint


@dataclass
class Stage:
    obs: dict  # what the seat saw then
    hold: float  # seconds it stays after its motion, at the normal speed
    event: tuple  # the event it was noted at (the table marks the place it tells of)
    told: int  # how many of the move's events were told by then (its own included)


class _Noting(list):
    """A log that notes a stage when the view names the event told (what the seat saw
    then, as the view's ``shows(obs, event)`` shows the step the event tells of)."""

    def __init__(self, hold_of, see, shows) -> None:
        super().__init__()
        self.hold_of = hold_of
        self.see = see
        self.shows = shows
        self.stages: list[Stage] = []

    def append(self, event) -> None:
        hold = self.hold_of(event)
        if hold is not None:
            # the state goes on changing: a copy of it now
            obs = self.shows(copy.deepcopy(self.see()), event)
            if not self.stages or self.stages[-1].obs != obs:  # nothing new: no stage
                self.stages.append(Stage(obs, float(hold), event, len(self) + 1))
        super().append(event)

    def extend(self, events) -> None:
        for event in events:
            self.append(event)


def trail(rules, view, before, action, see) -> tuple[list[Stage], list]:
    """The stages of ``action`` played from the state ``before`` (played on a copy), as
    ``see(state)`` shows a state, and the move's events; no stages for a view that is not
    ``staged`` or when there is no state before."""
    if not view.staged or before is None or action is None:
        return [], []
    state = rules.clone(before)
    log = _Noting(view.stage, lambda: see(state), view.stage_obs)
    rules.apply(state, action, log)
    return log.stages, list(log)


def held_lines(view, events: list, told: int, names: list[str], reads) -> int:
    """The log lines of ``events`` after the first ``told`` that a point of view reads
    (``reads(event)``): held back while an earlier stage is shown."""
    return sum(1 for e in events[told:] if reads(e) and view.describe(e, names))


class Staging:
    """The stages of the last move, shown one after another over ``motion``."""

    def __init__(self, table_motion: motion.Motion) -> None:
        self.motion = table_motion
        self.stages: list[Stage] = []
        self.events: list = []  # the move's events
        self.at = -1  # the stage shown; -1: none (the table as the game stands)
        self.since: float | None = None  # when the stage shown stopped moving
        self._held: dict = {}  # (stage, point of view) -> its held log lines

    def start(self, stages: list[Stage], events: list | None = None) -> None:
        """Show ``stages`` from the first (none at the instant speed)."""
        if self.motion.factor <= 0:
            stages = []
        self.stages = list(stages)
        self.events = list(events or [])
        self.at = 0 if self.stages else -1
        self.since = None

    def busy(self) -> bool:
        """A stage is shown: the table as the game stands is still to come."""
        return self.at >= 0

    def current(self) -> Stage | None:
        return self.stages[self.at] if self.at >= 0 else None

    def obs(self) -> dict | None:
        """The observation of the stage shown, or None (the game as it stands)."""
        stage = self.current()
        return stage.obs if stage is not None else None

    def event(self):
        """The event of the stage shown, or None."""
        stage = self.current()
        return stage.event if stage is not None else None

    def advance(self) -> bool:
        """On to the next stage (or the table as the game stands) once the one shown has
        stopped moving and rested its time; True when what is shown changed."""
        stage = self.current()
        if stage is None:
            return False
        m = self.motion
        if m.busy() or m.animate_next:  # moving, or its drawing not made yet
            self.since = None
            return False
        now = m.clock()
        if self.since is None:
            self.since = now
        if now - self.since < stage.hold * m.factor:
            return False
        self.at += 1
        self.since = None
        if self.at >= len(self.stages):
            self.at = -1
            self.stages = []
        m.expect(True)
        return True

    def finish(self) -> bool:
        """No more stages: the table as the game stands, at once; True if stages were
        still to show."""
        busy = self.busy()
        self.at = -1
        self.stages = []
        self.since = None
        return busy

    def held(self, view, names: list[str], seat=None) -> int:
        """The log lines of the move told after the stage shown (0 when none is) that the
        point of view ``seat`` reads (None: every line)."""
        stage = self.current()
        if stage is None:
            return 0
        key = (self.at, id(stage), seat)
        if key not in self._held:
            if len(self._held) > 8:
                self._held.clear()
            self._held[key] = held_lines(view, self.events, stage.told, names, reads_as(seat))
        return self._held[key]


def reads_as(seat):
    """Whether the point of view ``seat`` reads an event (None or "open": every one)."""
    if seat is None or seat == "open":
        return lambda event: True
    return lambda event: event[0] in (PUBLIC, seat)


class Board:
    """A view's board drawn with its motion.  A new observation is drawn on a
    ``motion.Canvas`` that notes where its cards and tokens are; when they moved since
    the last one, the board is drawn again without them (as it is drawn each frame
    until they have arrived) and motion draws them.  ``sides(surface, vp)`` lays the
    felt under the board; ``source(key)`` tells an item new cards are dealt from."""

    def __init__(self, table_motion: motion.Motion, sides, source) -> None:
        self.motion = table_motion
        self.sides = sides
        self.source = source
        self.canvas: motion.Canvas | None = None

    def draw(self, surf, vp, view, obs: dict, items: list, marks: dict) -> None:
        with motion.showing(self.motion):  # a die the view draws rolls on this table
            self._draw(surf, vp, view, obs, items, marks)

    def _draw(self, surf, vp, view, obs, items, marks) -> None:
        board, m = paint.board_vp(vp), self.motion
        where = (board, surf.get_size())
        if m.stale(obs, where):
            canvas = self._canvas(surf)
            self.sides(canvas, vp)
            with motion.recording() as record:
                view.draw(canvas, board, obs, items, marks)
            m.sources = [board.rect(i.rect) for i in items if self.source(i.key)]
            if m.arrive(record, obs, where):
                self._base(canvas, vp, board, view, items, marks)
            surf.blit(canvas, (0, 0))
        elif m.busy():
            canvas = self._canvas(surf)
            self._base(canvas, vp, board, view, items, marks)
            surf.blit(canvas, (0, 0))
        else:
            self.sides(surf, vp)
            view.draw(surf, board, obs, items, marks)
        m.draw(surf, vp.rect(paint.board_area(vp)))

    def _base(self, canvas, vp, board, view, items, marks) -> None:
        """The board without the things in motion."""
        self.sides(canvas, vp)
        with motion.hiding(self.motion.hidden):
            view.draw(canvas, board, self.motion.base_obs, items, marks)

    def _canvas(self, surf) -> motion.Canvas:
        if self.canvas is None or self.canvas.get_size() != surf.get_size():
            self.canvas = motion.Canvas(surf.get_size(), 0, surf)
        return self.canvas
