"""Game records: JSON save files written atomically, typed load errors, replay."""

import json
import os
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import RULES

from game.core.contract import GameError
from game.core.match import Match
from game.core.record import (
    FORMAT,
    VERSION,
    BadLineup,
    CorruptSave,
    ForeignSave,
    GameRecord,
    NewerSave,
    OldRules,
    SaveError,
    load_record,
    replay,
    save_record,
)
from game.core.rng import Rng

GAMES = ["secret-bids"]


def played_record(seed: int = 1, steps: int | None = None, players: int = 2) -> GameRecord:
    config = RULES.default_config(players)
    state = RULES.new_game(config, seed)
    rng = Rng(seed * 7 + 1)
    actions = []
    while not RULES.is_over(state) and (steps is None or len(actions) < steps):
        action = RULES.random_action(state, rng)
        RULES.apply(state, action)
        actions.append(str(action))
    return GameRecord("secret-bids", config, seed, actions, ["human", "ai:hard"])


def write(path, data) -> None:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


def test_json_round_trip_keeps_every_field():
    record = played_record(3)
    data = json.loads(json.dumps(record.to_json()))
    assert data["format"] == FORMAT == "siege-table-record" and data["version"] == VERSION == 1
    assert set(data) == {"format", "version", "game", "config", "seed", "seats", "actions", "rules"}
    assert data["rules"] == 1  # the toy game has no rules_version of its own
    assert GameRecord.from_json(data, GAMES) == record


def test_save_and_load(tmp_path):
    record = played_record(4)
    path = tmp_path / "game.json"
    save_record(record, path)
    assert load_record(path, GAMES) == record
    assert os.listdir(tmp_path) == ["game.json"]  # no temp file left behind


def test_save_replaces_an_older_file(tmp_path):
    path = tmp_path / "game.json"
    save_record(played_record(1, 2), path)
    save_record(played_record(1, 6), path)
    assert len(load_record(path, GAMES).actions) == 6


def test_a_failed_save_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save_record(played_record(1, 2), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError, match="No space left"):
        save_record(played_record(1, 6), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.json"]


def test_save_into_a_missing_directory_is_a_save_error(tmp_path):
    with pytest.raises(SaveError):
        save_record(played_record(1, 2), tmp_path / "nowhere" / "game.json")


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{not json",
        json.dumps(played_record(2).to_json())[:40],  # truncated
        b"\xff\xfe\x00garbage",
    ],
)
def test_unreadable_saves_are_corrupt(tmp_path, content):
    path = tmp_path / "save.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        write(path, content)
    with pytest.raises(CorruptSave):
        load_record(path, GAMES)


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(CorruptSave, match="Cannot read"):
        load_record(tmp_path / "absent.json", GAMES)


@pytest.mark.parametrize(
    "field,value",
    [
        ("seed", "12"),
        ("seed", True),
        ("config", [1, 2]),
        ("actions", "A: BID 3"),
        ("actions", ["A: BID 3", 4]),
        ("seats", [None]),
        ("game", 5),
        ("version", "1"),
    ],
)
def test_fields_of_the_wrong_type_are_corrupt(tmp_path, field, value):
    data = played_record(2).to_json()
    data[field] = value
    write(tmp_path / "s.json", data)
    with pytest.raises(CorruptSave):
        load_record(tmp_path / "s.json", GAMES)


@pytest.mark.parametrize(
    "data",
    [
        [1, 2, 3],
        {"name": "something else"},
        {"format": "other-app", "version": 1},
        "just a string",
    ],
)
def test_other_json_is_foreign(tmp_path, data):
    write(tmp_path / "s.json", json.dumps(data))
    with pytest.raises(ForeignSave):
        load_record(tmp_path / "s.json", GAMES)


def test_a_game_we_do_not_know_is_foreign(tmp_path):
    data = played_record(2).to_json()
    data["game"] = "chess"
    write(tmp_path / "s.json", data)
    with pytest.raises(ForeignSave, match="chess"):
        load_record(tmp_path / "s.json", GAMES)


def test_the_registry_games_are_known_by_default():
    data = played_record(2).to_json()
    data["game"] = "hadrians-wall"
    assert GameRecord.from_json(data).game == "hadrians-wall"
    with pytest.raises(ForeignSave):
        GameRecord.from_json(played_record(2).to_json())  # the test game is not registered


def test_a_newer_version_is_refused_with_a_clear_message(tmp_path):
    data = played_record(2).to_json()
    data["version"] = 3
    data["actions"] = {"a new": "layout"}  # a newer format may change the fields
    write(tmp_path / "s.json", data)
    with pytest.raises(NewerSave) as info:
        load_record(tmp_path / "s.json", GAMES)
    assert str(info.value) == (
        "This save was made by a newer version (format 3); this version reads up to 1"
    )


def test_the_error_family():
    for error in (CorruptSave, ForeignSave, NewerSave):
        assert issubclass(error, SaveError) and issubclass(SaveError, GameError)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63), players=st.sampled_from([2, 3]))
def test_replay_rebuilds_the_game_bit_for_bit(seed, players):
    config = RULES.default_config(players)
    state = RULES.new_game(config, seed)
    rng = Rng(seed)
    record = GameRecord("secret-bids", config, seed)
    snapshots = [RULES.to_json(state)]
    while not RULES.is_over(state):
        action = RULES.random_action(state, rng)
        RULES.apply(state, action)
        record.actions.append(str(action))
        snapshots.append(RULES.to_json(state))
    assert RULES.to_json(replay(RULES, record)) == snapshots[-1]
    for upto in (0, len(snapshots) // 2, len(snapshots) - 1):
        assert RULES.to_json(replay(RULES, record, upto)) == snapshots[upto]


def test_replay_collects_the_events():
    record = played_record(6)
    log = []
    replay(RULES, record, log=log)
    kinds = [event[1] for event in log]
    assert kinds.count("REVEAL") == 5 and kinds[-1] == "OVER"


def test_an_illegal_stored_action_is_corrupt_and_named():
    record = played_record(5, 6)
    record.actions[3] = record.actions[2]  # the same seat again, or a card already spent
    with pytest.raises(CorruptSave, match=r"action 4 \("):
        replay(RULES, record)


def test_an_unparseable_stored_action_is_corrupt_and_named():
    record = played_record(5, 6)
    record.actions[0] = "A: JUMP"
    with pytest.raises(CorruptSave, match="action 1 "):
        replay(RULES, record)


def test_a_bad_stored_setup_is_corrupt():
    record = played_record(5, 2)
    record.config = {"players": 9}
    with pytest.raises(CorruptSave, match="setup"):
        replay(RULES, record)


def test_replaying_with_the_rules_of_another_game_is_refused():
    record = played_record(5, 2)
    record.game = "hadrians-wall"
    with pytest.raises(ForeignSave):
        replay(RULES, record)


def test_messages_are_one_line(tmp_path):
    cases = [
        ("", GAMES),
        ('{"format": "siege-table-record", "version": 7}', GAMES),
        ("[]", GAMES),
    ]
    for content, games in cases:
        write(tmp_path / "s.json", content)
        with pytest.raises(SaveError) as info:
            load_record(tmp_path / "s.json", games)
        assert "\n" not in str(info.value) and str(info.value)


def test_a_record_whose_seats_do_not_fit_its_game_is_damaged():
    record = played_record(5, 4)  # two players, two seats
    assert Match.load(RULES, record).record.seats == ["human", "ai:hard"]
    for seats in (["human"], ["human", "random", "random"]):
        with pytest.raises(BadLineup, match=f"lists {len(seats)} seats for a game of 2 "):
            Match.load(RULES, replace(record, seats=seats))
    with pytest.raises(BadLineup, match="unknown"):
        Match.load(RULES, replace(record, seats=["human", "ai:impossible"]))
    assert Match.load(RULES, replace(record, seats=[])).state is not None  # all people


def test_a_message_never_echoes_a_long_name_or_a_line_break(tmp_path):
    path = tmp_path / ("n\n" + "a" * 200 + ".json")
    with pytest.raises(CorruptSave) as info:
        load_record(path, GAMES)
    text = str(info.value)
    assert text.startswith("Cannot read the save '") and "\n" not in text
    assert len(text) < 200 and "…" in text
    record = played_record(5, 2)
    record.actions[1] = "A: BID " + "9" * 900
    with pytest.raises(CorruptSave) as info:
        replay(RULES, record)
    assert len(str(info.value)) < 400 and "9" * 100 not in str(info.value)


def test_a_save_with_a_byte_order_mark_loads(tmp_path):
    record = played_record(4)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record.to_json()).encode("utf-8"))
    assert load_record(path, GAMES) == record


# ------------------------------------------------------------------ rules versions


def _stronghold_record(version: int | None = None) -> dict:
    from game.core import registry

    rules = registry.get_rules("stronghold")
    data = GameRecord("stronghold", rules.default_config(2), 5).to_json()
    if version is None:
        del data["rules"]
    else:
        data["rules"] = version
    return data


def test_a_new_record_names_its_games_rules_version(monkeypatch):
    from game.core import registry
    from game.core.record import rules_version

    rules = registry.get_rules("stronghold")
    monkeypatch.setattr(rules, "rules_version", 7, raising=False)
    assert rules_version("stronghold") == 7
    assert GameRecord("stronghold", {"players": 2}, 1).to_json()["rules"] == 7
    assert rules_version("no-such-game") == 1  # a game without versions is at 1


def test_a_record_of_other_rules_is_refused_in_one_line(monkeypatch, tmp_path):
    from game.app.save_store import problem
    from game.core import registry
    from game.core.record import OldRules

    rules = registry.get_rules("stronghold")
    monkeypatch.setattr(rules, "rules_version", 3, raising=False)
    for made, data in [
        (2, _stronghold_record(2)),
        (1, _stronghold_record(None)),
        (4, _stronghold_record(4)),
    ]:
        write(tmp_path / "old.json", data)
        with pytest.raises(OldRules) as info:
            load_record(tmp_path / "old.json")
        message = str(info.value)
        assert "\n" not in message and len(message) < 300
        assert f"version {made} of the stronghold rules, which are now version 3" in message
        assert (info.value.made, info.value.current) == (made, 3)
        assert "version" in problem(info.value) and str(made) in problem(info.value)
    write(tmp_path / "now.json", _stronghold_record(3))
    assert load_record(tmp_path / "now.json").rules == 3


@pytest.mark.parametrize("bad", [0, -1, "2", 1.5, True, None, [2]])
def test_a_bad_rules_version_is_a_damaged_save(tmp_path, bad):
    data = _stronghold_record(1)
    data["rules"] = bad
    write(tmp_path / "bad.json", data)
    with pytest.raises(CorruptSave, match="rules version"):
        load_record(tmp_path / "bad.json")


def test_a_save_from_before_the_balance_changes_is_refused_by_replay(tmp_path, capsys):
    """Stronghold's and Runes of Mayhem's designed numbers were retuned (rules version 2,
    SH-16.3 and RM-15.4 in their Balance sections): a save without a rules version is of
    version 1 and does not replay the game it was."""
    from game.__main__ import main
    from game.core import registry

    for game in ("stronghold", "runes-of-mayhem"):
        rules = registry.get_rules(game)
        assert rules.rules_version == 2
        data = GameRecord(game, rules.default_config(2), 3).to_json()
        assert data["rules"] == 2
        del data["rules"]
        write(tmp_path / "old.json", data)
        assert main(["replay", str(tmp_path / "old.json")]) == 2
        err = capsys.readouterr().err.strip()
        assert err == (
            f"error: This save was played under version 1 of the {game} rules, "
            "which are now version 2 (see Balance in the rules): it cannot be "
            "replayed"
        )


def test_only_a_solo_hadrians_wall_save_from_before_its_solo_goal_is_refused(tmp_path, capsys):
    """Hadrian's Wall's rules version 2 gave the solo goal its points (HW-16.6, HW-20):
    a version-1 solo save would end with another verdict and is refused in one line; a
    version-1 save of 2 to 4 players plays and ends as before and still replays, as do
    its puzzles (made without a version)."""
    from game.__main__ import main
    from game.core import registry
    from game.core.puzzles import load_set

    rules = registry.get_rules("hadrians-wall")
    assert rules.rules_version == 2
    for players, status in ((1, 2), (2, 0), (3, 0), (4, 0)):
        data = GameRecord("hadrians-wall", rules.default_config(players), 3).to_json()
        assert data["rules"] == 2
        write(tmp_path / "new.json", data)
        assert main(["replay", str(tmp_path / "new.json")]) == 0  # today's: every line-up
        capsys.readouterr()
        del data["rules"]
        write(tmp_path / "old.json", data)
        assert main(["replay", str(tmp_path / "old.json")]) == status, players
        err = capsys.readouterr().err.strip()
        if players == 1:
            assert err == (
                "error: This save was played under version 1 of the hadrians-wall "
                "rules, which are now version 2 (see Balance in the rules): it "
                "cannot be replayed"
            )
        else:
            assert err == ""
    with pytest.raises(OldRules):  # a version this one does not know is not accepted
        GameRecord.from_json(
            {**GameRecord("hadrians-wall", rules.default_config(2), 3).to_json(), "rules": 3}
        )
    puzzles = load_set("hadrians-wall")
    assert puzzles and all(p.record.rules == 1 for p in puzzles)
