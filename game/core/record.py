"""The game record: everything needed to rebuild a game, and its JSON save file.

A record is the game's name, its configuration, the seed and the canonical text of every
action played, the version of the game's rules numbers it was played under (``rules``:
a game whose designed numbers were retuned raises its ``rules_version``, and a record of
another version is refused with ``OldRules``, since its actions would replay a different
game or none), plus the seat line-up (``"human"``, ``"ai:hard"``, ``"random"``, ...) for
the app.  Replaying the actions from ``new_game(config, seed)`` gives back the same game
bit for bit, so saves, undo, the move log and the replay viewer all come from it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from . import files, registry
from .contract import BadConfig, GameError, Rules, State

FORMAT = "siege-table-record"
VERSION = 1

#: what a save may hold (the longest random game of any game is ~1,100 actions of at most
#: 40 characters, a 21 kB file): anything beyond is a damaged or hostile file
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_ACTIONS = 50_000
MAX_ACTION_CHARS = 1_000
MAX_NAME_CHARS = 40  # a game name, a seat's player ("human", "ismcts:hard")
MAX_SEATS = 8
MAX_CONFIG_CHARS = 10_000  # the set-up as JSON text
SAVE_LIMITS = files.Limits(depth=16, string=MAX_ACTION_CHARS, items=MAX_ACTIONS + 10_000, digits=40)


class SaveError(GameError):
    """A save file cannot be used."""


class CorruptSave(SaveError):
    """Unreadable, truncated or not JSON, fields of the wrong type, or actions that do
    not replay legally."""


class ForeignSave(SaveError):
    """Valid JSON, but not a save of this app, or a save of a game it does not know."""


class NewerSave(SaveError):
    """A save written by a newer version of the record format."""


class OldRules(SaveError):
    """A save made under another version of its game's rules numbers (``made``; the
    game's are now ``current``): its actions do not replay the game it was."""

    def __init__(self, message: str, made: int, current: int) -> None:
        super().__init__(message)
        self.made = made
        self.current = current


def rules_version(game: str) -> int:
    """The version of ``game``'s rules numbers: its rules object's ``rules_version`` (1
    by default, see RulesBase), 1 for a game this version does not build."""
    try:
        rules = registry.get_rules(game)
    except GameError:
        return 1
    return int(rules.rules_version)


def replays_under(game: str, made: int, config: object) -> bool:
    """Whether a record of ``game`` made under rules version ``made`` with the set-up
    ``config`` replays the game it was: made under the current version, or under an
    older one whose retuning left this set-up alone (the rules object's
    ``replays_version(made, config)``, e.g. a change to the solo game only)."""
    current = rules_version(game)
    if made == current:
        return True
    try:
        rules = registry.get_rules(game)
    except GameError:
        return False
    return bool(_is_int(made) and made < current and rules.replays_version(made, config))


class BadLineup(CorruptSave):
    """The save lists more or fewer seats than its game has players, or a seat's player
    is unknown; ``listed`` and ``players`` are the two counts."""

    def __init__(self, message: str, listed: int, players: int) -> None:
        super().__init__(message)
        self.listed = listed
        self.players = players


@dataclass
class GameRecord:
    game: str
    config: dict
    seed: int
    actions: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    format: str = FORMAT
    version: int = VERSION
    rules: int = 0  # the game's rules version; 0: the current one (set at creation)

    def __post_init__(self) -> None:
        if not self.rules:
            self.rules = rules_version(self.game)

    def to_json(self) -> dict:
        return {
            "format": self.format,
            "version": self.version,
            "game": self.game,
            "rules": self.rules,
            "config": self.config,
            "seed": self.seed,
            "seats": list(self.seats),
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: object, games: list[str] | None = None) -> GameRecord:
        """Check ``data`` and build the record; ``games`` are the known game names
        (default: every game of the registry).  Raises ForeignSave, NewerSave or
        CorruptSave."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ForeignSave("This file is not a Siege Table save")
        version = data.get("version")
        if not _is_int(version) or version < 1:
            raise CorruptSave("This save is damaged: its format version is missing or invalid")
        if version > VERSION:
            raise NewerSave(
                f"This save was made by a newer version (format {version}); "
                f"this version reads up to {VERSION}"
            )
        game, config, seed = data.get("game"), data.get("config"), data.get("seed")
        seats, actions = data.get("seats", []), data.get("actions")
        problems = []
        if not _is_name(game):
            problems.append("game name")
        if not _is_config(config):
            problems.append("game setup")
        if not _is_int(seed):
            problems.append("seed")
        if not _is_str_list(seats, MAX_SEATS, MAX_NAME_CHARS) or "" in seats:
            problems.append("seats")
        if not _is_str_list(actions, MAX_ACTIONS, MAX_ACTION_CHARS):
            problems.append("action list")
        if problems:
            raise CorruptSave(f"This save is damaged: bad {', '.join(problems)}")
        known = registry.game_names() if games is None else games
        if game not in known:
            raise ForeignSave(
                f"This save is of a game this version does not know: '{files.clip(game)}'"
            )
        made = data.get("rules", 1)  # saves from before rules versions: version 1
        if not _is_int(made) or made < 1:
            raise CorruptSave("This save is damaged: its rules version is missing or invalid")
        current = rules_version(game)
        if not replays_under(game, made, config):
            raise OldRules(
                f"This save was played under version {made} of the {game} rules, "
                f"which are now version {current} (see Balance in the rules): "
                "it cannot be replayed",
                made,
                current,
            )
        return cls(game, config, seed, list(actions), list(seats), FORMAT, version, made)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str_list(value: object, most: int, chars: int) -> bool:
    """A list of at most ``most`` strings of at most ``chars`` characters."""
    return (
        isinstance(value, list)
        and len(value) <= most
        and all(isinstance(x, str) and len(x) <= chars for x in value)
    )


def _is_name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS


def _is_config(value: object) -> bool:
    """A set-up: an object of plain JSON data, not too large."""
    if not isinstance(value, dict):
        return False
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return len(text) <= MAX_CONFIG_CHARS


def save_record(record: GameRecord, path: str | os.PathLike) -> None:
    """Write ``record`` as JSON atomically (files.write_atomic: a temp file in the same
    directory, flushed and synced, then renamed over ``path``).  Raises SaveError if it
    cannot be written."""
    path = Path(path)
    text = json.dumps(record.to_json(), indent=1, ensure_ascii=False) + "\n"
    try:
        files.write_atomic(path, text)
    except OSError as e:
        raise SaveError(f"Cannot write the save '{path}': {e.strerror or e}") from e


def load_record(path: str | os.PathLike, games: list[str] | None = None) -> GameRecord:
    """Read a save written by ``save_record``.  The actions are checked by ``replay``
    (or ``Match.load``), which needs the rules of the game.

    The file goes through ``files.read_json`` within the limits of a save: a link, a
    folder, a pipe or a device, a file too large, not UTF-8 or not JSON, or beyond the
    limits is a CorruptSave whose cause is the file's problem.  Nothing is written."""
    try:
        data = files.read_json(path, MAX_SAVE_BYTES, SAVE_LIMITS)
    except files.Unreadable as e:
        raise CorruptSave(f"Cannot read the save {files.quoted(path)}: {e.reason}") from e
    except files.FileProblem as e:
        raise CorruptSave(f"This save cannot be used: {e}") from e
    return GameRecord.from_json(data, games)


def check_lineup(rules: Rules, record: GameRecord, state: State) -> None:
    """The record's seats fit its game (``state`` one of its states): as many as the
    game's players (none listed: every seat is a person's), each "human" or a computer
    player this version knows.  BadLineup otherwise."""
    from .agents import make_agent  # the agents need the record's neighbours, not it

    players = len(rules.seat_names(state))
    listed = len(record.seats)
    if listed and listed != players:
        raise BadLineup(
            f"This save is damaged: it lists {listed} seats for a game of {players} players",
            listed,
            players,
        )
    for spec in record.seats:
        if spec != "human":
            try:
                if spec.endswith(":"):  # "ismcts:" names no level
                    raise BadConfig(f"no level after '{files.clip(spec)}'")
                make_agent(spec, 0, rules)
            except BadConfig as e:
                raise BadLineup(
                    f"This save is damaged: a seat's player is unknown ('{files.clip(spec)}')",
                    listed,
                    players,
                ) from e


#: what a game's set-up check may let slip on a set-up of the wrong shape (a list where a
#: name belongs): read from a file, it is a damaged save all the same
_SETUP_SLIPS = (TypeError, ValueError, KeyError, IndexError, AttributeError)


def replay(
    rules: Rules,
    record: GameRecord,
    upto: int | None = None,
    log: list | None = None,
    actors: list[int] | None = None,
) -> State:
    """The state after the first ``upto`` actions of ``record`` (all when None).

    Events go to ``log`` when given; the seat that played each action is appended to
    ``actors`` when given.

    Raises CorruptSave naming the action number when a stored action does not parse or
    is not legal, or when the stored setup is not valid; ForeignSave when ``rules`` are
    not those of the record's game.
    """
    if record.game != rules.name:
        raise ForeignSave(f"This save is a game of {files.clip(record.game)}, not of {rules.name}")
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise ValueError(f"upto={upto} is outside 0..{len(record.actions)}")
    actions = record.actions if upto is None else record.actions[:upto]
    try:
        state = rules.new_game(record.config, record.seed, log)
    except (BadConfig, *_SETUP_SLIPS) as e:
        raise CorruptSave(
            f"This save is damaged: its game setup is not valid ({files.clip(e, 160)})"
        ) from e
    for number, text in enumerate(actions, 1):
        if actors is not None:
            actors.append(rules.to_act(state))
        try:
            rules.apply(state, rules.parse_action(text), log)
        except GameError as e:
            raise CorruptSave(
                f"This save is damaged: action {number} ('{files.clip(text)}') cannot be "
                f"replayed: {files.clip(e, 160)}"
            ) from e
    return state
