"""A game at the table: the match, its seats, the computer players and the log.

The session is the controller between the screen and the engine.  It turns a person's
chosen action into ``Match.play`` (an illegal one leaves everything unchanged and sets a
message with its rule ID), asks the worker for computer moves and plays them after a
short pause so a person can follow, autosaves after every action (in the game's own
autosave file, kept for the session's whole life: another game never writes there), and
knows whose observation the screen may show.  It does not import pygame.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from game.core.agents import make_agent
from game.core.contract import PUBLIC, Action, GameError, IllegalAction, Rules
from game.core.match import Match
from game.core.record import GameRecord, SaveError, replay

from . import i18n
from .i18n import _
from .save_store import SaveStore, problem
from .settings_store import SPEEDS
from .worker import AIWorker, Request

HUMAN = "human"
MAX_PAUSE = 10.0  # seconds: the longest a computer move stays in view
DEFAULT_PAUSE = 0.6


def steady_pause(pause) -> float:
    """A computer move's pause from anywhere (a flag, settings.json) made safe: from 0 to
    MAX_PAUSE seconds, DEFAULT_PAUSE for nan or a non-number (inf or nan would stop the
    computer seats for ever)."""
    if isinstance(pause, bool) or not isinstance(pause, int | float) or pause != pause:
        return DEFAULT_PAUSE
    return float(min(max(pause, 0.0), MAX_PAUSE))


def illegal_message(error: IllegalAction) -> str:
    """The engines' reasons are English (they name actions in the record's notation): in
    another language the table says that the move is not allowed and names the rule."""
    if i18n.language() == "en":
        return str(error)
    if error.rule:
        return _("That move is not allowed now ({rule}).").format(rule=error.rule)
    return _("That move is not allowed now.")


@dataclass
class LogLine:
    visibility: int  # PUBLIC or the only seat that may read it
    text: str
    event: tuple = ()  # the event the line tells of


class Session:
    def __init__(
        self,
        rules: Rules,
        view,
        match: Match,
        store: SaveStore | None,
        ai_pause: float = 0.6,
        clock=time.monotonic,
        autosave: Path | None = None,
    ) -> None:
        self.rules = rules
        self.view = view
        self.match = match
        self.store = store
        #: this game's own autosave: the file it was resumed from, else a new one of the
        #: store's ``autosaves/`` made at its first move; only this game writes it, and
        #: its end removes it
        self.autosave_path: Path | None = autosave
        self.ai_pause = steady_pause(ai_pause)
        self.speed = "normal"  # Settings.speed: the pause and the log lines, slower or faster
        self.clock = clock
        self.seats = list(match.record.seats) or [HUMAN] * len(rules.seat_names(match.state))
        seed = match.record.seed
        for spec in self.seats:
            if spec != HUMAN:
                make_agent(spec, 0, rules)  # BadConfig now for an unknown player
        #: computer seats: seat -> (spec, seed); the agents themselves live in the worker
        self.agents = {
            s: (spec, seed + 1 + s) for s, spec in enumerate(self.seats) if spec != HUMAN
        }
        self.worker = AIWorker() if self.agents else None
        self.pending: Request | None = None
        self.message: str = ""  # the last illegal move or problem, shown on the table
        self.last_action: Action | None = None
        self.last_time = -1e9  # when the last action was played (clock)
        self.before = None  # the state before it, for a view that shows it in stages
        self.skipping = False  # computer moves without the pause until a person decides
        #: the table's motion still running (a callable, or None): a computer's next move
        #: waits until the last one has been seen to happen, then the pause (never while
        #: skipping, or with no pause)
        self.settling = None
        self.moving_time = -1e9  # when the last move was last seen still moving (clock)
        #: log lines shown so far: the lines of a move appear one at a time (half the
        #: pause each), so a long automatic sequence (an Assault) can be followed
        self.shown = 0
        self.shown_time = -1e9
        self.log: list[LogLine] = []
        self.events: list = []  # every event of the game so far, as the rules gave them
        #: the view's summary of a stage just ended (title, text, when), shown a while
        self.summary: tuple[str, str, float] | None = None
        self.viewer = self._first_viewer()
        self.finished_path = None
        self._rebuild_log()

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(
        cls,
        rules: Rules,
        view,
        config: dict,
        seed: int,
        seats: list[str],
        store: SaveStore | None,
        **kw,
    ) -> Session:
        return cls(rules, view, Match.new(rules, config, seed, seats), store, **kw)

    @classmethod
    def load(cls, rules: Rules, view, record: GameRecord, store: SaveStore | None, **kw) -> Session:
        return cls(rules, view, Match.load(rules, record), store, **kw)

    def close(self) -> None:
        if self.worker:
            self.worker.close()

    # ------------------------------------------------------------------ seats
    @property
    def state(self):
        return self.match.state

    @property
    def human_seats(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec == HUMAN]

    def _first_viewer(self) -> int:
        humans = self.human_seats
        to_act = self.match.to_act()
        if to_act in humans:
            return to_act
        return humans[0] if humans else 0

    def to_act(self) -> int | None:
        return self.match.to_act()

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def concession(self):
        """The action by which the person to act would concede, for a game whose rules
        allow it (the ``concession`` member of the rules); None otherwise."""
        if not self.human_to_act():
            return None
        return self.rules.concession(self.state, self.to_act())

    def human_to_act(self) -> bool:
        seat = self.to_act()
        return seat is not None and self.seats[seat] == HUMAN

    def needs_handoff(self) -> bool:
        """Hotseat: a different person must take the screen before the table is shown."""
        seat = self.to_act()
        return (
            len(self.human_seats) > 1
            and seat is not None
            and self.seats[seat] == HUMAN
            and seat != self.viewer
        )

    def take_screen(self, seat: int) -> None:
        self.viewer = seat

    def observation(self) -> dict:
        return self.rules.observation(self.state, self.viewer)

    def my_legal_actions(self) -> list[Action]:
        """The actions the person in front of the screen may take now (else none)."""
        if self.human_to_act() and self.to_act() == self.viewer and not self.needs_handoff():
            return self.rules.legal_actions(self.state)
        return []

    def thinking(self) -> bool:
        return self.pending is not None

    def pause(self) -> float:
        """How long a computer move stays in view: the pause times the animation speed."""
        return steady_pause(self.ai_pause) * SPEEDS.get(self.speed, 1.0)

    def reveal_interval(self) -> float:
        """The time between two log lines of a move (0: all at once)."""
        return self.pause() / 2

    # ------------------------------------------------------------------ playing
    def play_human(self, action: Action | str) -> bool:
        """Play a person's action; False (and a message) if it is not legal now."""
        if not self.human_to_act():
            self.message = _("Wait: it is not your decision now.")
            return False
        try:
            self.shown = len(self.log)  # a person moves on: what was still to show is shown
            self._play(action)
        except IllegalAction as e:
            self.message = illegal_message(e)
            return False
        return True

    def play_decks(self, decks: dict) -> None:
        """Play the decks built on the deck screen (names per seat) as the set-up's first
        decisions, while the view's ``deck_step`` asks the seat to act for one; a seat
        without a built deck plays its base deck (RM-19.4).  Nothing without decks."""
        while decks and self.to_act() is not None:
            seat = self.to_act()
            if not self.view.deck_step(self.rules.observation(self.state, seat)):
                return
            text = self.view.deck_action(seat, sorted(decks.get(seat, ())))
            self._play(self.rules.parse_action(text))

    def _play(self, action: Action | str) -> None:
        # a view that shows a move in stages (stages.py) plays it again from a copy
        before = self.rules.clone(self.state) if self.view.staged else None
        events = self.match.play(action)
        self.message = ""
        self.last_action = self.rules.parse_action(str(action))
        self.before = before  # the state the last action was played from (or None)
        self.last_time = self.clock()
        if self.skipping and (self.human_to_act() or self.is_over()):
            self.skipping = False  # a person decides now: computer moves pause again
        self._add_events(events)
        self._keep()

    def _keep(self) -> None:
        """The autosave after a move (the finished game at the end, its autosave then
        removed); a disk that is full or cannot be written is told on the table, and the
        game goes on."""
        if not self.store:
            return
        try:
            if self.is_over():
                self.finished_path = self.store.finish(self.match.record, self.autosave_path)
            else:
                self.autosave_path = self.store.autosave(self.match.record, self.autosave_path)
        except (SaveError, OSError) as e:
            self.message = problem(e)

    def update(self) -> bool:
        """Advance the computer seats; True if an action was played."""
        self._reveal()
        if self.settling is not None and not self.skipping and self.settling():
            self.moving_time = self.clock()  # its pause in view begins when it lands
        if self.is_over():
            self.skipping = False
            return False
        if self.skipping and self.human_to_act():
            self.skipping = False
        if self.pending is not None:
            request = self.pending
            if not request.future.done():
                return False
            if self.revealing():
                return False  # the last move's lines are still being shown
            if (
                not self.skipping
                and self.pause() > 0
                and self.settling is not None
                and self.settling()
            ):
                return False  # the last move is still moving on the table
            if (
                not self.skipping
                and self.clock() - max(self.last_time, self.moving_time) < self.pause()
            ):
                return False  # answer ready: show the previous move a little longer
            self.pending = None
            if request.tag != len(self.match.record.actions) or request.seat != self.to_act():
                return False  # the game moved on (undo, load): the answer is stale
            error = request.future.exception()
            if error is not None:  # the worker failed: say so, and ask again next frame
                self.message = _("The computer player failed ({error}); trying again.").format(
                    error=error
                )
                return False
            self._play(request.future.result().action)
            return True
        seat = self.to_act()
        if seat is None or seat not in self.agents:
            return False
        obs = self.rules.observation(self.state, seat)
        legal = self.rules.legal_actions(self.state)
        tag = len(self.match.record.actions)
        spec, agent_seed = self.agents[seat]
        self.pending = self.worker.ask(tag, seat, self.rules.name, spec, agent_seed, obs, legal)
        return False

    def undo(self) -> bool:
        """Take back the last human action and the computer moves after it."""
        if not self.match.undo(self.human_seats):
            self.message = _("Nothing to undo.")
            return False
        if self.pending is not None:  # its answer would be stale: not searched on
            self.pending.future.cancel()
        self.pending = None
        self.message = ""
        self.last_action = None
        self.before = None
        self.finished_path = None
        self._rebuild_log()
        self._keep()
        if self.to_act() in self.human_seats and len(self.human_seats) == 1:
            self.viewer = self.to_act()
        return True

    def save(self) -> str:
        if not self.store:
            raise GameError(_("Saving is switched off."))
        return str(self.store.save(self.match.record))

    # ------------------------------------------------------------------ the log
    def revealing(self) -> bool:
        return self.shown < len(self.log)

    def _reveal(self) -> None:
        """Show the next waiting log line when its time has come (all at once when the
        pause is off or the computer moves are skipped)."""
        if not self.revealing():
            return
        interval = self.reveal_interval()
        if self.skipping or interval <= 0:
            self.shown = len(self.log)
            return
        now = self.clock()
        if now - self.shown_time >= interval:
            self.shown += 1
            self.shown_time = now
            while self.revealing() and self.log[self.shown].visibility not in (PUBLIC, self.viewer):
                self.shown += 1  # a line this screen may not show takes no time

    def show_all(self) -> None:
        self.shown = len(self.log)

    def focus(self):
        """The event of the newest line shown while a move's lines are still appearing
        (the table marks the place it names), else None."""
        if not self.shown or not self.revealing() and self.clock() - self.shown_time > self.pause():
            return None
        return self.log[self.shown - 1].event

    def _add_events(self, events: list, live: bool = True) -> None:
        names = self.rules.seat_names(self.state)
        for event in events:
            self.events.append(event)
            words = self.view.describe(event, names)
            if words:  # a translated line may begin with a name in lower case
                self.log.append(LogLine(event[0], words[:1].upper() + words[1:], event))
            if live:
                found = self.view.summary(event, self.events)
                if found:
                    self.summary = (found[0], found[1], self.clock())

    def _rebuild_log(self) -> None:
        self.log = []
        self.events = []
        self.summary = None
        events: list = []
        replay(self.rules, self.match.record, log=events)
        self._add_events(events, live=False)
        self.shown = len(self.log)

    def visible_log(self) -> list[str]:
        return [
            line.text for line in self.log[: self.shown] if line.visibility in (PUBLIC, self.viewer)
        ]
