"""A recorded game, position by position: what the replay screen steps through.

The positions are rebuilt from the record (config, seed and actions, as the core's
``replay`` does), in one pass that keeps a copy every ``every`` steps and the events of
each step; any position is then the nearest kept copy plus at most ``every - 1``
actions, so stepping back is as quick as stepping on.  It does not import pygame.
"""

from __future__ import annotations

from game.core.contract import PUBLIC, GameError, Rules
from game.core.record import CorruptSave, ForeignSave, GameRecord, check_lineup

OPEN = "open"  # the point of view with every card face up


class Replayer:
    def __init__(self, rules: Rules, record: GameRecord, every: int = 16) -> None:
        if record.game != rules.name:
            raise ForeignSave(f"This save is a game of {record.game}, not of {rules.name}")
        self.rules = rules
        self.record = record
        self.every = max(1, every)
        self.actions = []
        for i, text in enumerate(record.actions, 1):
            try:
                self.actions.append(rules.parse_action(text))
            except GameError as e:
                raise CorruptSave(
                    f"This save is damaged: action {i} ('{text}') cannot be read: {e}"
                ) from e
        self.steps = len(self.actions)
        self.events: list[list] = []  # events[0]: the set-up; events[i]: of action i
        self.actors: list[int | None] = []  # the seat that played action i (1-based: i-1)
        self._kept: dict[int, object] = {}
        log: list = []
        try:
            state = rules.new_game(record.config, record.seed, log)
        except GameError as e:
            raise CorruptSave(f"This save is damaged: its game setup is not valid ({e})") from e
        check_lineup(rules, record, state)  # the seats as Match.load checks them
        self.events.append(log)
        self._kept[0] = rules.clone(state)
        for i, action in enumerate(self.actions, 1):
            log = []
            self.actors.append(rules.to_act(state))
            try:
                rules.apply(state, action, log)
            except GameError as e:
                raise CorruptSave(
                    f"This save is damaged: action {i} ('{action}') cannot be replayed: {e}"
                ) from e
            self.events.append(log)
            if i % self.every == 0:
                self._kept[i] = rules.clone(state)
        self._kept[self.steps] = state
        self._last: tuple[int, object] = (self.steps, rules.clone(state))  # never a kept one
        self.seats = len(rules.seat_names(state))

    def state_at(self, step: int):
        """The state after the first ``step`` actions (the replayer's own copy: read it,
        never change it)."""
        step = max(0, min(step, self.steps))
        last_step, last = self._last
        if step in self._kept:
            return self._kept[step]
        if last_step <= step and step - last_step < self.every:
            start, state = last_step, last  # straight on from the position shown last
        else:
            start = max(k for k in self._kept if k <= step)
            state = self.rules.clone(self._kept[start])
        for action in self.actions[start:step]:
            self.rules.apply(state, action)
        self._last = (step, state)
        return state

    def observation(self, step: int, seat) -> dict:
        """What ``seat`` saw after ``step`` actions; OPEN: everything face up."""
        return self.seen(self.state_at(step), seat)

    def seen(self, state, seat) -> dict:
        """What ``seat`` sees of ``state``; OPEN: everything face up."""
        if seat == OPEN:
            return self.rules.open_observation(state)
        return self.rules.observation(state, seat)

    def log_events(self, step: int, seat) -> list[tuple]:
        """The events told up to ``step`` that ``seat`` may read (OPEN: all of them)."""
        return [
            e
            for events in self.events[: step + 1]
            for e in events
            if seat == OPEN or e[0] in (PUBLIC, seat)
        ]
