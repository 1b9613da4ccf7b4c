"""One autosave per game in progress: nothing is lost by playing another game.

Every game in progress has its own file in ``autosaves/``; a finished game removes only
its own; Continue lists them all (game, seats, moves, when), resumes the chosen one
exactly and deletes one when asked; the old single ``autosave.json`` still loads; the
lists pass over symlinks and directories named ``*.json``; a kill's stale temp files are
removed at start.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import sys
import time
import types
from pathlib import Path

import pytest
from app_helpers import (
    RULES,
    VIEW,
    assert_widgets_fit,
    click,
    click_item,
    make_app,
    new_session,
    open_table,
    replayed_json,
    run_until,
    see_results,
    state_json,
    widget,
)

from game.app import i18n
from game.app.save_store import SaveStore, list_games, problem
from game.app.scenes.dialog import Dialog
from game.app.scenes.replay import ReplaysScene
from game.app.scenes.resume import ContinueScene, label_of, read, seat_words
from game.app.scenes.saves import SavesScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.core.match import Match
from game.core.record import GameRecord, SaveError, load_record, save_record

HOME = "home"


@pytest.fixture
def app(tmp_path):
    window = make_app(tmp_path / HOME)
    yield window
    window.close()
    i18n.set_language("en")


def open_title(app) -> TitleScene:
    app.reset(TitleScene(app))
    app.step()
    return app.top


def hand(table: TableScene) -> list[str]:
    return table.obs["clans"][table.session.viewer]["hand"]


def person_plays(app, table: TableScene, moves: int) -> None:
    """The person at the screen sets aside cards by clicks (Hadrian's Wall, HW-4)."""
    for _ in range(moves):
        click_item(app, table, ("hand", hand(table)[0]))


def record_after(moves: int, seed: int, seats=("human", "human")) -> GameRecord:
    """A Hadrian's Wall record of ``moves`` first legal actions (no window)."""
    match = Match.new(RULES, VIEW.config(len(seats), {}), seed, list(seats))
    for _ in range(moves):
        match.play(RULES.legal_actions(match.state)[0])
    return match.record


def leave_to_title(app) -> TitleScene:
    app.reset(TitleScene(app))
    app.step()
    return app.top


def open_continue(app) -> ContinueScene:
    title = open_title(app)
    assert widget(title, "Continue").enabled
    click(app, widget(title, "Continue").rect)
    listed = app.top
    assert isinstance(listed, ContinueScene)
    return listed


def rows(scene: ContinueScene) -> list:
    """The entry buttons of the list, top to bottom (each among the scene's widgets)."""
    assert all(any(b is w for w in scene.widgets) for b in scene.row_buttons)
    return scene.row_buttons


def deletes(scene: ContinueScene) -> list:
    """The Delete buttons, one beside each entry."""
    found = [w for w in scene.widgets if w.label == i18n._("Delete")]
    assert [id(b) for b in scene.delete_buttons] == [id(w) for w in found]
    return found


# ---------------------------------------------------------------------- no game is lost


def test_a_computer_only_game_finishing_on_the_command_line_leaves_a_persons_game(tmp_path):
    """The reproduction: a person leaves a game, ``play --exit-at-end`` between computers
    plays another to its end in the same folder; the person's game is still there."""
    import subprocess

    home = tmp_path / HOME
    window = make_app(home)
    try:
        table = open_table(window, ["human", "human"], seed=4)
        person_plays(window, table, 3)
        mine = table.session.autosave_path
        kept = mine.read_bytes()
        state = state_json(table.session)
    finally:
        window.close()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SIEGE_TABLE_HOME=str(home))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "play",
            "--game",
            "hadrians-wall",
            "--seats",
            "random,random",
            "--seed",
            "3",
            "--pause",
            "0",
            "--exit-at-end",
            "--frames",
            "20000",
            "--stats",
        ],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert '"game_over": true' in done.stdout
    assert len(list((home / "finished").glob("*.json"))) == 1  # the computers' game ended
    assert mine.read_bytes() == kept  # and the person's is as it was left
    assert SaveStore(home).list_autosaves() == [mine]

    again = make_app(home)
    try:
        listed = open_continue(again)
        [row] = rows(listed)
        click(again, row.rect)
        assert isinstance(again.top, TableScene) and state_json(again.top.session) == state
    finally:
        again.close()


def test_a_computer_game_ending_in_the_window_removes_only_its_own_autosave(app):
    person = new_session(app, ["human", "human"], seed=4)
    table = TableScene(app, person)
    app.reset(table)
    app.step()
    person_plays(app, table, 2)
    mine = person.autosave_path
    kept = mine.read_bytes()

    robots = open_table(app, ["random", "random"], seed=3)  # the person went elsewhere
    session = robots.session
    run_until(app, lambda: session.autosave_path is not None)
    theirs = session.autosave_path
    assert theirs != mine and sorted(app.store.list_autosaves()) == sorted([mine, theirs])
    see_results(app, seconds=90)
    assert session.is_over() and session.finished_path.exists()
    assert not theirs.exists()  # the finished game's own autosave went with its end ...
    assert app.store.list_autosaves() == [mine] and mine.read_bytes() == kept  # ... only


def test_a_new_game_never_overwrites_another_even_in_the_same_second(app):
    first = new_session(app, ["human", "human"], seed=1)
    second = new_session(app, ["human", "human"], seed=1)  # the same game, the same start
    for s in (first, second):
        s.play_human(RULES.legal_actions(s.state)[0])
    a, b = first.autosave_path, second.autosave_path
    assert a != b and a.parent == b.parent == app.store.autosaves_dir
    assert a.name.startswith("hadrians-wall_") and b.name.startswith("hadrians-wall_")
    second.play_human(RULES.legal_actions(second.state)[0])
    assert load_record(a).actions == first.match.record.actions  # untouched by the second
    assert load_record(b).actions == second.match.record.actions
    assert len(load_record(b).actions) == len(load_record(a).actions) + 1
    # a named save does not take a name either: two saves in the same second
    p1, p2 = app.store.save(first.match.record), app.store.save(first.match.record)
    assert p1 != p2 and p1.exists() and p2.exists()


def test_without_hard_links_new_names_are_still_never_taken(app, monkeypatch):
    """Some file systems (FAT on a memory stick) have no hard links: the name is
    reserved first, then filled, and still no file is written over."""

    def no_links(src, dst, *a, **kw):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    records = [record_after(n, seed=2) for n in (1, 2, 3)]
    paths = [app.store.autosave(r) for r in records]
    assert len(set(paths)) == 3
    assert [len(load_record(p).actions) for p in paths] == [1, 2, 3]
    assert not [p for p in app.store.autosaves_dir.iterdir() if p.name.endswith(".tmp")]


def test_a_finished_game_removes_only_its_own_file(app):
    store = app.store
    others = [store.autosave(record_after(n, seed=n)) for n in (1, 2)]
    before = {p: p.read_bytes() for p in others}
    own = store.autosave(record_after(3, seed=3))
    kept = store.finish(record_after(4, seed=3), own)
    assert kept.parent == store.finished_dir and load_record(kept).actions
    assert not own.exists()
    assert sorted(store.list_autosaves()) == sorted(others)
    assert {p: p.read_bytes() for p in others} == before
    store.finish(record_after(5, seed=3))  # a game that never had an autosave
    assert sorted(store.list_autosaves()) == sorted(others)


def test_undo_writes_on_in_the_games_own_file(app):
    table = open_table(app, ["human", "human"], seed=5)
    session = table.session
    person_plays(app, table, 2)
    own = session.autosave_path
    played = list(session.match.record.actions)
    click(app, table.undo_button.rect)
    assert session.match.record.actions == played[:-1]
    assert session.autosave_path == own and app.store.list_autosaves() == [own]
    assert load_record(own).actions == played[:-1]
    assert replayed_json(session) == state_json(session)


# ---------------------------------------------------------------------- Continue


def test_two_games_in_progress_are_listed_and_each_resumes_exactly(app, tmp_path):
    a = open_table(app, ["human", "human"], seed=6)
    person_plays(app, a, 2)
    state_a, path_a = state_json(a.session), a.session.autosave_path
    b = open_table(app, ["human", "ai:easy", "ai:easy"], seed=7, players=3)
    b.session.agents = {}  # hold the computers still: the person's game only
    person_plays(app, b, 1)
    state_b, path_b = state_json(b.session), b.session.autosave_path
    os.utime(path_a, (time.time() - 3600, time.time() - 3600))  # a: played an hour ago
    app.close()

    again = make_app(tmp_path / HOME)
    try:
        listed = open_continue(again)
        labels = [r.label for r in rows(listed)]
        assert [e.path for e in listed.entries] == [path_b, path_a]  # newest first
        assert labels[0].startswith("Hadrian's Wall  ·  Human, 2 × Computer — easy  ·  1 move")
        assert labels[1].startswith("Hadrian's Wall  ·  2 × Human  ·  2 moves  ·  ")
        assert labels[1].endswith(
            time.strftime("%Y-%m-%d %H:%M", time.localtime(path_a.stat().st_mtime))
        )
        for path, state, row in ((path_b, state_b, 0), (path_a, state_a, 1)):
            listed = open_continue(again)
            click(again, rows(listed)[row].rect)
            session = again.top.session
            assert isinstance(again.top, TableScene) and session.autosave_path == path
            assert state_json(session) == state == replayed_json(session)
            assert session.match.record.actions == load_record(path).actions
            assert len(again.stack) == 1
    finally:
        again.close()


def test_continue_is_disabled_with_no_game_in_progress_and_says_so_when_emptied(app):
    title = open_title(app)
    assert not widget(title, "Continue").enabled
    click(app, widget(title, "Continue").rect)
    assert app.top is title  # a disabled button does nothing
    app.store.autosave(record_after(2, seed=1))
    title = open_title(app)
    assert widget(title, "Continue").enabled


def test_delete_asks_first_then_removes_only_that_game(app):
    store = app.store
    older = store.autosave(record_after(1, seed=1))
    os.utime(older, (time.time() - 60, time.time() - 60))
    newer = store.autosave(record_after(2, seed=2))
    listed = open_continue(app)
    title = app.stack[0]
    assert [e.path for e in listed.entries] == [newer, older]

    click(app, deletes(listed)[1].rect)  # the older one's Delete ...
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Delete this game?"
    assert "1 move" in ask.text
    click(app, widget(ask, "Cancel").rect)  # ... cancelled: nothing changes
    assert app.top is listed and older.exists() and newer.exists()

    click(app, deletes(listed)[1].rect)
    click(app, widget(app.top, "Delete").rect)  # ... confirmed
    assert app.top is listed and not older.exists() and newer.exists()
    assert [e.path for e in listed.entries] == [newer] and len(rows(listed)) == 1

    click(app, deletes(listed)[0].rect)
    click(app, widget(app.top, "Delete").rect)
    assert listed.entries == [] and rows(listed) == [] and not newer.exists()
    click(app, widget(listed, "Back").rect)
    assert app.top is title and not widget(title, "Continue").enabled


def test_a_damaged_autosave_is_listed_with_its_reason_and_can_be_deleted(app):
    folder = app.store.autosaves_dir
    good = app.store.autosave(record_after(2, seed=1))
    bad = folder / "hadrians-wall_2024-01-02_03-04-05.json"
    bad.write_text('{"format": "siege-table-record", "vers')
    foreign = folder / "notes.json"
    foreign.write_text('{"shopping": ["milk"]}')
    listed = open_continue(app)
    labels = {e.path: label_of(e) for e in listed.entries}
    assert labels[bad].startswith("Damaged (") and "damaged" in labels[bad]
    assert labels[foreign].startswith("Damaged (") and "not a Siege Table save" in labels[foreign]
    assert labels[good].startswith("Hadrian's Wall")
    [row] = [w for w in rows(listed) if w.label == labels[bad]]
    click(app, row.rect)
    assert isinstance(app.top, Dialog) and app.top.title == "Cannot continue"
    assert "damaged" in app.top.text
    click(app, app.top.widgets[0].rect)
    assert app.top is listed and bad.exists()  # looking changes nothing
    index = [e.path for e in listed.entries].index(bad)
    click(app, deletes(listed)[index].rect)
    click(app, widget(app.top, "Delete").rect)
    assert not bad.exists() and good.exists() and foreign.exists()


def test_an_autosave_changed_after_listing_is_read_afresh_when_resumed(app):
    path = app.store.autosave(record_after(1, seed=1))
    listed = open_continue(app)
    app.store.autosave(record_after(3, seed=1), path)  # another window played on
    click(app, rows(listed)[0].rect)
    assert isinstance(app.top, TableScene)
    assert len(app.top.session.match.record.actions) == 3


def test_an_autosave_spoiled_after_listing_shows_why_and_the_list_is_read_again(app):
    path = app.store.autosave(record_after(1, seed=1))
    listed = open_continue(app)
    path.write_text("{")
    click(app, rows(listed)[0].rect)
    assert isinstance(app.top, Dialog) and app.top.title == "Cannot continue"
    assert "damaged" in app.top.text
    click(app, app.top.widgets[0].rect)
    assert app.top is listed and label_of(listed.entries[0]).startswith("Damaged (")


def test_a_save_naming_anything_as_seats_reads_in_one_short_line(app):
    long_name = "x" * 100_000
    record = record_after(1, seed=1)
    record.seats = [long_name, "ai:hard", "ismcts:500", "random", "greedy", "human"]
    words = seat_words(record.seats)
    assert len(words) < 200 and "x" * 23 + "…" in words and words.endswith("…")
    assert seat_words(["ai:easy"] * 3 + ["human"]) == "3 × Computer — easy, Human"
    path = app.store.autosave(record)
    assert len(label_of(read(path))) < 250


def test_the_continue_list_fits_at_150_percent_in_every_language(tmp_path):
    for size in ((1280, 800), (1920, 1080)):
        for lang in ("en", "hu", "pl"):
            window = make_app(tmp_path / f"{size[0]}{lang}", size=size, lang=lang)
            try:
                window.settings.ui_scale = 1.5
                window.apply_settings()
                record = record_after(
                    40, seed=1, seats=("human", "ai:medium", "ai:medium", "ai:hard")
                )
                window.store.autosave(record)
                (window.store.autosaves_dir / "bad.json").write_bytes(b"\xff")
                window.reset(TitleScene(window))
                listed = ContinueScene(window)
                window.push(listed)
                window.step()
                labels = [w.label for w in rows(listed)]
                assert (
                    len(labels) == 2
                    and i18n._("Damaged ({when}): {reason}")[:5] in labels[0] + labels[1]
                )
                # the Delete buttons read alike on purpose (one a row): told apart here
                marked = [
                    dataclasses.replace(w, label=w.label + "\u200b" * i)
                    for i, w in enumerate(listed.widgets)
                ]
                assert_widgets_fit(window, types.SimpleNamespace(widgets=marked, ui_scaled=True))
            finally:
                window.close()
                i18n.set_language("en")


# ---------------------------------------------------------------------- the old autosave


def test_the_old_single_autosave_is_moved_at_start_listed_and_resumed(tmp_path):
    home = tmp_path / HOME
    home.mkdir()
    record = record_after(3, seed=8)
    save_record(record, home / "autosave.json")
    then = time.time() - 7200
    os.utime(home / "autosave.json", (then, then))
    window = make_app(home)  # the start moves it, under its game's name and time
    try:
        assert not (home / "autosave.json").exists()
        [moved] = window.store.list_autosaves()
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S", time.localtime(then))
        assert moved.name == f"hadrians-wall_{stamp}.json"
        listed = open_continue(window)
        click(window, rows(listed)[0].rect)
        session = window.top.session
        assert session.match.record.actions == record.actions
        assert session.autosave_path == moved
        session.play_human(RULES.legal_actions(session.state)[0])
        assert window.store.list_autosaves() == [moved]  # it goes on in its own file
        assert len(load_record(moved).actions) == 4
    finally:
        window.close()


def test_the_old_autosave_that_cannot_be_moved_is_listed_where_it_is(tmp_path):
    home = tmp_path / HOME
    home.mkdir()
    save_record(record_after(2, seed=8), home / "autosave.json")
    store = SaveStore(home)  # not started: nothing moved yet
    newer = store.autosave(record_after(1, seed=9))
    os.utime(home / "autosave.json", (time.time() - 60, time.time() - 60))
    assert store.list_autosaves() == [newer, home / "autosave.json"]


def test_moving_the_old_autosave_never_takes_a_games_name(tmp_path):
    home = tmp_path / HOME
    home.mkdir()
    save_record(record_after(2, seed=8), home / "autosave.json")
    when = os.stat(home / "autosave.json").st_mtime
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S", time.localtime(when))
    store = SaveStore(home)
    taken = store.autosaves_dir / f"hadrians-wall_{stamp}.json"
    store.autosaves_dir.mkdir()
    save_record(record_after(5, seed=1), taken)
    store.tidy()
    assert len(load_record(taken).actions) == 5
    moved = store.autosaves_dir / f"hadrians-wall_{stamp}_2.json"
    assert len(load_record(moved).actions) == 2 and not (home / "autosave.json").exists()


def test_a_damaged_old_autosave_is_moved_too_and_listed_as_damaged(tmp_path):
    home = tmp_path / HOME
    home.mkdir()
    (home / "autosave.json").write_text("not json")
    store = SaveStore(home)
    store.tidy()
    [moved] = store.list_autosaves()
    assert moved.name.startswith("autosave_") and moved.read_text() == "not json"
    assert "damaged" in read(moved).reason


# ---------------------------------------------------------------------- hostile folders


def hostile(folder: Path) -> dict:
    """Entries named *.json that are no games: a dangling symlink, a symlink loop, a
    symlink to a real save, a directory, a pipe; and one unreadable real file."""
    folder.mkdir(parents=True, exist_ok=True)
    real = folder.parent / f"outside-{folder.name}.json"
    save_record(record_after(1, seed=1), real)
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "link.json").symlink_to(real)
    (folder / "dir.json").mkdir()
    os.mkfifo(folder / "pipe.json")
    locked = folder / "hadrians-wall_2024-05-06_07-08-09.json"
    save_record(record_after(2, seed=2), locked)
    locked.chmod(0)
    return {"locked": locked}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="symlinks and pipes: POSIX")
def test_symlinks_directories_and_pipes_named_json_are_passed_over_in_every_list(app):
    store = app.store
    locked = [
        hostile(folder)["locked"]
        for folder in (store.saves_dir, store.finished_dir, store.autosaves_dir)
    ]
    try:
        assert store.list_saves() == [locked[0]]
        assert store.list_finished() == [locked[1]]
        assert store.list_autosaves() == [locked[2]]
        assert list_games(store.root / "missing") == []
        title = open_title(app)
        click(app, widget(title, "Load").rect)
        assert isinstance(app.top, SavesScene) and app.top.paths == [locked[0]]
        app.pop()
        click(app, widget(title, "Replays").rect)
        assert isinstance(app.top, ReplaysScene)
        assert [p for p, _kind in app.top.entries] == [locked[1], locked[0]]
        app.pop()
        listed = open_continue(app)
        [entry] = listed.entries
        if os.geteuid() != 0:  # root reads any file
            assert "cannot be read" in label_of(entry)
            click(app, rows(listed)[0].rect)
            assert isinstance(app.top, Dialog) and "cannot be read" in app.top.text
    finally:
        for path in locked:
            path.chmod(0o644)


def test_a_file_where_a_folder_should_be_lists_nothing(app):
    store = app.store
    store.root.mkdir(parents=True, exist_ok=True)
    for folder in (store.saves_dir, store.finished_dir, store.autosaves_dir):
        folder.write_text("not a folder")
    assert store.list_saves() == store.list_finished() == store.list_autosaves() == []
    title = open_title(app)
    assert not widget(title, "Continue").enabled
    with pytest.raises(SaveError) as caught:
        store.autosave(record_after(1, seed=1))
    assert "could not be written" in problem(caught.value)


# ---------------------------------------------------------------------- stale temp files


def test_stale_temp_files_are_removed_at_start_and_fresh_ones_kept(tmp_path):
    home = tmp_path / HOME
    store = SaveStore(home)
    old, fresh, others = [], [], []
    long_ago = time.time() - 3600
    for folder in (home, store.saves_dir, store.finished_dir, store.autosaves_dir):
        folder.mkdir(parents=True, exist_ok=True)
        stale = folder / ".hadrians-wall_2024-01-01_00-00-00.json.k2j4h1.tmp"
        stale.write_text("{")
        os.utime(stale, (long_ago, long_ago))
        old.append(stale)
        now = folder / ".autosave.json.x8y7z6.tmp"  # another window writing right now
        now.write_text("{")
        fresh.append(now)
        mine = folder / "notes.tmp"  # not a temp file of ours
        mine.write_text("keep")
        os.utime(mine, (long_ago, long_ago))
        others.append(mine)
    settings_tmp = home / "tmpa1b2c3d4.tmp"
    settings_tmp.write_text("{")
    os.utime(settings_tmp, (long_ago, long_ago))
    old.append(settings_tmp)
    hidden_dir = home / ".cache.tmp"
    hidden_dir.mkdir()
    os.utime(hidden_dir, (long_ago, long_ago))

    window = make_app(home)  # the start tidies
    try:
        assert [p for p in old if p.exists()] == []
        assert all(p.exists() for p in fresh + others) and hidden_dir.is_dir()
    finally:
        window.close()


def test_tidy_returns_what_it_removed_and_leaves_the_games(tmp_path):
    store = SaveStore(tmp_path / HOME)
    game = store.autosave(record_after(1, seed=1))
    stale = store.autosaves_dir / f".{game.name}.abc123.tmp"
    stale.write_text("{")
    assert store.tidy() == []  # young: perhaps being written now
    assert store.tidy(now=time.time() + 600) == [stale]
    assert not stale.exists() and game.exists() and store.list_autosaves() == [game]


def test_many_games_in_progress_scroll_and_the_last_resumes(app):
    now = time.time()
    paths = []
    for n in range(14):
        path = app.store.autosave(record_after(n + 1, seed=n))
        os.utime(path, (now - n * 60, now - n * 60))  # n minutes ago: the list's order
        paths.append(path)
    listed = open_continue(app)
    assert [e.path for e in listed.entries] == paths
    assert len(rows(listed)) < 14  # not all fit ...
    while widget(listed, "▼").enabled:  # ... the rest are a click away
        click(app, widget(listed, "▼").rect)
    last = rows(listed)[-1]
    assert "14 moves" in last.label
    click(app, last.rect)
    assert isinstance(app.top, TableScene)
    assert app.top.session.autosave_path == paths[-1]
    assert app.top.session.match.record.actions == load_record(paths[-1]).actions


def test_the_hostile_corpus_as_autosaves_lists_in_short_lines_and_opens_to_a_message(app):
    """Every hostile file of tests/hostile_inputs.py put among the autosaves: the links,
    the folder and the pipe are passed over; every other file is a line of the list no
    longer than a line (the words of a hostile file bounded), and a click on it opens
    the game (the few valid ones) or says why not; no file is changed."""
    from hostile_inputs import build

    cases = build(app.store.autosaves_dir)
    before = {name: case.snapshot() for name, case in cases.items()}
    files = {
        case.path for case in cases.values() if case.path.is_file() and not case.path.is_symlink()
    }
    listed = open_continue(app)
    assert {e.path for e in listed.entries} == files
    for entry in listed.entries:
        words = label_of(entry)
        assert len(words) < 300 and "\n" not in words, (entry.path.name, words[:400])
    opened = refused = 0
    for index, entry in enumerate(list(listed.entries)):
        listed = open_continue(app)
        listed.scroll(index - listed.offset)
        shown = listed.entries[listed.offset : listed.offset + len(rows(listed))]
        [row] = [r for r, e in zip(rows(listed), shown, strict=True) if e.path == entry.path]
        click(app, row.rect)
        if isinstance(app.top, TableScene):
            opened += 1
            assert app.top.session.autosave_path == entry.path
        else:
            assert isinstance(app.top, Dialog), entry.path.name
            assert len(app.top.text) < 300 and app.top.title in (
                "Cannot continue",
                "Cannot open this game",
            )
            refused += 1
    assert opened + refused == len(files) and refused >= len(files) - 3
    assert {name: case.snapshot() for name, case in cases.items()} == before
