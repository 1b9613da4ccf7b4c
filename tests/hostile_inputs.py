"""A corpus of hostile save files: each case writes one file (or link, folder, FIFO) that
the program must refuse with a clear one-line message, changing nothing, or (the few
marked ``loads``) open as the game it is.

The cases are built, not committed as files: a symlink loop, a FIFO or a sparse file of
several hundred megabytes cannot live in git, and every case stays readable here beside
the reason it is hostile.  ``build(folder)`` writes them all into ``folder`` and returns
``{name: Case}``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.core.match import Match
from game.core.registry import get_rules
from game.core.rng import Rng

#: a game of each kind, a few moves in: the base that most cases spoil
BASES = {"hadrians-wall": 2, "stronghold": 2, "field-of-glory": 2, "runes-of-mayhem": 2}


def base_record(game: str = "hadrians-wall", moves: int = 6) -> dict:
    rules = get_rules(game)
    players = BASES[game]
    seats = ["human"] * players
    match = Match.new(rules, rules.default_config(players), 3, seats)
    rng = Rng(11)
    while len(match.record.actions) < moves and not rules.is_over(match.state):
        match.play(rules.random_action(match.state, rng))
    return match.record.to_json()


def _json(data) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _spoil(**changes) -> Callable[[], bytes]:
    def make() -> bytes:
        data = base_record()
        data.update(changes)
        return _json(data)

    return make


def _text(text: str) -> Callable[[], bytes]:
    return lambda: text.encode("utf-8")


def _raw(data: bytes) -> Callable[[], bytes]:
    return lambda: data


def _with(edit: Callable[[dict], None], game: str = "hadrians-wall") -> Callable[[], bytes]:
    def make() -> bytes:
        data = base_record(game)
        edit(data)
        return _json(data)

    return make


def _fewer_seats(data: dict) -> None:
    data["seats"] = data["seats"][:1]


def _more_seats(data: dict) -> None:
    data["seats"] = data["seats"] + ["human", "human", "human"]


def _illegal_move(data: dict) -> None:
    data["actions"] = data["actions"][:3] + ["G: PLACE 9 NOWHERE"] + data["actions"][3:]


def _garbage_moves(data: dict) -> None:
    data["actions"] = ["\x00\x1b[2J" * 5] * 3


def _deep(depth: int) -> bytes:
    return (
        '{"format": "siege-table-record", "version": 1, "game": "hadrians-wall", '
        '"seed": 1, "seats": [], "actions": [], "config": ' + "[" * depth + "]" * depth + "}"
    ).encode()


def _big_int(where: str) -> Callable[[], bytes]:
    digits = "7" * 5_000

    def make() -> bytes:
        data = base_record()
        text = json.dumps(data)
        if where == "seed":
            return text.replace(f'"seed": {data["seed"]}', f'"seed": {digits}').encode()
        if where == "version":
            return text.replace('"version": 1', f'"version": {digits}').encode()
        return text.replace('"config": {', f'"config": {{"x": {digits}, ').encode()

    return make


@dataclass
class Case:
    name: str
    why: str
    path: Path
    loads: bool = False  # a valid save in a form the program accepts

    def snapshot(self) -> tuple:
        """What the case is on disk (to check that nothing changed it)."""
        st = os.lstat(self.path)
        if self.path.is_symlink():
            return ("link", os.readlink(self.path))
        if self.path.is_dir():
            return ("dir", sorted(os.listdir(self.path)))
        if not self.path.is_file():
            return ("special", st.st_mode)
        if st.st_size > 10_000_000:
            return ("big", st.st_size, st.st_mtime_ns)
        return ("file", self.path.read_bytes())


#: name -> (why it is hostile, how to make its bytes); special files are built below
FILES: dict[str, tuple[str, Callable[[], bytes]]] = {
    "empty": ("an empty file", _raw(b"")),
    "truncated": ("a save cut off in the middle", lambda: _json(base_record())[:70]),
    "not-json": ("text that is not JSON", _text("Siege Table save, honest\n")),
    "binary": ("random bytes, not UTF-8", _raw(bytes(range(256)) * 4)),
    "utf16": ("a save in UTF-16", lambda: json.dumps(base_record()).encode("utf-16")),
    "array": ("a JSON list", _text("[1, 2, 3]")),
    "string": ("a JSON string", _text('"hello"')),
    "null": ("JSON null", _text("null")),
    "foreign": ("another program's JSON", _text('{"name": "Settlers", "turn": 3}')),
    "newer": ("a save of a newer format", _spoil(version=99)),
    "version-text": ("a version that is text", _spoil(version="1")),
    "version-bool": ("a version that is true", _spoil(version=True)),
    "unknown-game": ("a game this version does not know", _spoil(game="chess")),
    "long-game-name": ("a game name of 100,000 characters", _spoil(game="x" * 100_000)),
    "control-game-name": (
        "a game name with escapes and new lines",
        _spoil(game="hadrians\n\x1b[31mwall\r"),
    ),
    "long-seat-name": ("a seat of 100,000 characters", _spoil(seats=["human", "h" * 100_000])),
    "unknown-seat": ("a seat nobody can play", _spoil(seats=["human", "ai:ultra"])),
    "empty-seat-spec": ("a computer seat with no level", _spoil(seats=["human", "ismcts:"])),
    "many-seats": ("ten thousand seats", _spoil(seats=["human"] * 10_000)),
    "fewer-seats": ("fewer seats than its game has players", _with(_fewer_seats)),
    "more-seats": ("more seats than its game has players", _with(_more_seats)),
    "fewer-seats-stronghold": (
        "a Stronghold save with one seat",
        _with(_fewer_seats, "stronghold"),
    ),
    "fewer-seats-fog": (
        "a Field of Glory save with one seat",
        _with(_fewer_seats, "field-of-glory"),
    ),
    "fewer-seats-rom": (
        "a Runes of Mayhem save with one seat",
        _with(_fewer_seats, "runes-of-mayhem"),
    ),
    "seed-float": ("a seed that is a fraction", _spoil(seed=1.5)),
    "seed-bool": ("a seed that is true", _spoil(seed=True)),
    "seed-nan": (
        "a seed that is NaN",
        lambda: _json(base_record()).replace(b'"seed": 3', b'"seed": NaN'),
    ),
    "seed-infinity": (
        "a seed that is Infinity",
        lambda: _json(base_record()).replace(b'"seed": 3', b'"seed": Infinity'),
    ),
    "seed-negative-huge": ("a seed below any range", _spoil(seed=-(10**300))),
    "big-int-seed": ("a seed of 5,000 digits", _big_int("seed")),
    "big-int-version": ("a version of 5,000 digits", _big_int("version")),
    "big-int-config": ("an integer of 5,000 digits in the set-up", _big_int("config")),
    "deep-config": ("a set-up nested 100,000 deep", lambda: _deep(100_000)),
    "deep-config-small": ("a set-up nested 2,000 deep", lambda: _deep(2_000)),
    "config-list": ("a set-up that is a list", _spoil(config=[1, 2])),
    "config-unknown": (
        "a set-up with an unknown switch",
        _spoil(config={"players": 2, "dragons": True}),
    ),
    "config-players-huge": ("a set-up for 10**12 players", _spoil(config={"players": 10**12})),
    "actions-not-list": ("moves that are not a list", _spoil(actions="G: PASS")),
    "actions-numbers": ("moves that are numbers", _spoil(actions=[1, 2, 3])),
    "illegal-move": ("a move that is not legal where it stands", _with(_illegal_move)),
    "garbage-moves": ("moves of control characters", _with(_garbage_moves)),
    "long-move": ("a move of a million characters", _spoil(actions=["G: " + "A" * 1_000_000])),
    "many-moves": ("a million moves", _spoil(actions=["G: PASS"] * 1_000_000)),
    "bom": (
        "a valid save with a UTF-8 byte-order mark",
        lambda: b"\xef\xbb\xbf" + _json(base_record()),
    ),
}

LOADS = {"bom"}


def build(folder: Path) -> dict[str, Case]:
    folder.mkdir(parents=True, exist_ok=True)
    cases: dict[str, Case] = {}
    for name, (why, make) in FILES.items():
        path = folder / f"{name}.json"
        path.write_bytes(make())
        cases[name] = Case(name, why, path, loads=name in LOADS)
    good = folder.parent / f"{folder.name}-good.json"  # outside the folder: not a case
    good.write_bytes(_json(base_record()))
    special = {
        "dangling-link": ("a link to nothing", lambda p: p.symlink_to(folder / "nowhere")),
        "link-loop": ("a link to itself", lambda p: p.symlink_to(p)),
        "link-to-save": ("a link to a real save", lambda p: p.symlink_to(good)),
        "link-to-dev-zero": ("a link to an endless file", lambda p: p.symlink_to("/dev/zero")),
        "folder": ("a folder named like a save", lambda p: p.mkdir()),
        "fifo": ("a named pipe nobody writes", lambda p: os.mkfifo(p)),
        "huge": ("a save of 600 MB (sparse)", _sparse),
    }
    for name, (why, make) in special.items():
        path = folder / f"{name}.json"
        make(path)
        cases[name] = Case(name, why, path)
    return cases


def _sparse(path: Path) -> None:
    with open(path, "wb") as f:
        f.write(b'{"format": "siege-table-record", "game": "')
        f.truncate(600 * 1024 * 1024)
