"""A game in progress: the rules, its record and the current state, kept in step."""

from __future__ import annotations

import json
from dataclasses import replace

from .contract import Action, Event, Rules, State
from .record import GameRecord, check_lineup, replay


class Match:
    """The state always equals the replay of the record's actions.

    Build it with ``Match.new`` or ``Match.load`` (which checks a record by replaying it).
    """

    def __init__(self, rules: Rules, record: GameRecord, state: State, actors: list[int]):
        self.rules = rules
        self.record = record
        self.state = state
        self._actors = actors  # the seat that played each action of the record

    @classmethod
    def new(cls, rules: Rules, config: dict, seed: int, seats: list[str] | None = None) -> Match:
        """A fresh game (BadConfig if ``config`` is not a legal set-up)."""
        state = rules.new_game(config, seed)
        config = json.loads(json.dumps(config))  # the record owns a plain-data copy
        record = GameRecord(rules.name, config, seed, [], list(seats or []))
        return cls(rules, record, state, [])

    @classmethod
    def load(cls, rules: Rules, record: GameRecord) -> Match:
        """The game of ``record`` after all its actions; CorruptSave if they do not replay,
        BadLineup (a CorruptSave) if its seats do not fit its game.  The one way a saved
        game is opened: the command line, Load, Continue."""
        record = replace(record, actions=list(record.actions), seats=list(record.seats))
        state, actors = _replay_with_actors(rules, record, len(record.actions))
        check_lineup(rules, record, state)
        return cls(rules, record, state, actors)

    def to_act(self) -> int | None:
        return self.rules.to_act(self.state)

    def actor(self, number: int) -> int:
        """The seat that played action ``number`` (0-based) of the record."""
        return self._actors[number]

    def play(self, action: Action | str) -> list[Event]:
        """Play an action (or its text) and record it; returns the events it caused.

        IllegalAction (or BadNotation) leaves the state and the record as they were.
        """
        if isinstance(action, str):
            action = self.rules.parse_action(action)
        seat = self.rules.to_act(self.state)
        events: list[Event] = []
        self.rules.apply(self.state, action, events)
        self.record.actions.append(str(action))
        self._actors.append(seat)
        return events

    def undo(self, human_seats: set[int] | list[int] | None = None) -> bool:
        """Take back the last action of a human seat and every action played after it.

        ``human_seats`` defaults to the seats listed as ``"human"`` in the record.
        Returns False (and changes nothing) when no human action is left to take back.
        """
        if human_seats is None:
            human_seats = {s for s, spec in enumerate(self.record.seats) if spec == "human"}
        human_seats = set(human_seats)
        last = next(
            (i for i in range(len(self._actors) - 1, -1, -1) if self._actors[i] in human_seats),
            None,
        )
        if last is None:
            return False
        state, actors = _replay_with_actors(self.rules, self.record, last)
        self.state = state
        self._actors = actors
        del self.record.actions[last:]
        return True


def _replay_with_actors(rules: Rules, record: GameRecord, upto: int) -> tuple[State, list[int]]:
    actors: list[int] = []
    return replay(rules, record, upto, actors=actors), actors
