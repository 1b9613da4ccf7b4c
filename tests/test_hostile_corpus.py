"""The hostile-input corpus (tests/hostile_inputs.py) through every door a file comes in by:
the Python loader (``load_record`` then the replay of ``Match.load``), the command line
(``replay FILE``, ``play --load FILE``) and the window (Load, Replays, Continue).

Every case ends in a clear one-line message or, for the few valid ones, in the game it
holds; no door raises anything but the game's own errors, none blocks, and no case's
file is changed by being opened.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hostile_inputs import FILES, build

from game.__main__ import main
from game.core.contract import GameError
from game.core.match import Match
from game.core.record import load_record
from game.core.registry import get_rules

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 300  # characters of a message the player reads in one line
SPECIAL = {
    "dangling-link",
    "link-loop",
    "link-to-save",
    "link-to-dev-zero",
    "folder",
    "fifo",
    "huge",
}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile") / "cases"
    cases = build(folder)
    before = {name: case.snapshot() for name, case in cases.items()}
    yield cases
    for name, case in cases.items():  # nothing any door did changed a case
        assert case.snapshot() == before[name], name


def load_and_replay(path: Path):
    record = load_record(path)
    return Match.load(get_rules(record.game), record)


def within(seconds: float, call):
    """``call()``'s result or error, run so that a read that blocks fails the test."""
    out: dict = {}

    def run():
        try:
            out["value"] = call()
        except BaseException as e:  # noqa: BLE001 - handed to the test to judge
            out["error"] = e

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the loader blocked"
    return out


def one_line(message: str) -> None:
    assert message and "\n" not in message and "\r" not in message, repr(message[:200])
    assert len(message) <= LONGEST, f"{len(message)} characters: {message[:120]}..."


def test_the_corpus_holds_every_kind_of_case(corpus):
    assert len(corpus) >= 50
    assert set(corpus) >= SPECIAL
    assert [c.name for c in corpus.values() if c.loads] == ["bom"]


@pytest.mark.parametrize("name", sorted(FILES) + sorted(SPECIAL))
def test_the_loader_refuses_each_case_with_one_line(corpus, name):
    case = corpus[name]
    out = within(30, lambda: load_and_replay(case.path))
    if case.loads:
        assert "error" not in out, out.get("error")
        assert out["value"].record.game == "hadrians-wall"
        return
    error = out.get("error")
    assert isinstance(error, GameError), f"{case.why}: {error!r}"
    one_line(str(error))


def test_the_command_line_replay_refuses_each_file_case(corpus, capsys):
    for case in corpus.values():
        if case.name in SPECIAL:
            continue
        code = main(["replay", str(case.path)])
        out, err = capsys.readouterr()
        if case.loads:
            assert code == 0 and not err, (case.name, err)
            continue
        assert code == 2, (case.name, code, err[:300])
        assert "Traceback" not in err
        one_line(err.strip())
        assert err.startswith("error: ")


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_the_command_line_refuses_links_folders_pipes_and_huge_files(corpus, name):
    done = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(corpus[name].path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr[:500]
    assert "Traceback" not in done.stderr
    one_line(done.stderr.strip())


def test_the_window_play_load_refuses_each_case(corpus, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("SIEGE_TABLE_HOME", str(tmp_path / "home"))
    for case in corpus.values():
        if case.name in SPECIAL:
            continue
        code = main(["play", "--load", str(case.path), "--frames", "2"])
        out, err = capsys.readouterr()
        if case.loads:
            assert code == 0, (case.name, err)
            continue
        assert code == 2, (case.name, err[:300])
        one_line(err.strip())
    assert not os.path.exists(tmp_path / "home" / "saves")  # nothing was kept of them


@pytest.mark.parametrize("door", ["load", "replays"])
def test_the_window_lists_and_opens_each_case_to_a_game_or_a_message(tmp_path, door):
    """The corpus among the saved games (Load) or the finished ones (Replays): the links,
    the folder and the pipe are not listed; each other case is a row whose click opens
    the game (the valid one) or a dialog of one short line; no file changes."""
    from app_helpers import click, make_app

    from game.app.scenes.dialog import Dialog
    from game.app.scenes.replay import ReplayScene, ReplaysScene
    from game.app.scenes.saves import SavesScene
    from game.app.scenes.table import TableScene
    from game.app.scenes.title import TitleScene

    app = make_app(tmp_path / "home")
    try:
        folder = app.store.saves_dir if door == "load" else app.store.finished_dir
        cases = build(folder)
        before = {name: case.snapshot() for name, case in cases.items()}
        files = sorted(
            c.path for c in cases.values() if c.path.is_file() and not c.path.is_symlink()
        )
        scene_class = SavesScene if door == "load" else ReplaysScene
        opened_class = TableScene if door == "load" else ReplayScene

        def open_list():
            app.reset(TitleScene(app))
            app.push(scene_class(app))
            app.step()
            return app.top

        listed = open_list()
        paths = listed.paths if door == "load" else [p for p, _kind in listed.entries]
        assert sorted(paths) == files
        opened = refused = 0
        for index in range(len(paths)):
            listed = open_list()
            listed.scroll(index - listed.offset)
            label, _action = listed.entry(index)
            one_line(label)
            [row] = [w for w in listed.widgets if getattr(w, "label", None) == label]
            click(app, row.rect)
            if isinstance(app.top, opened_class):
                opened += 1
            else:
                assert isinstance(app.top, Dialog), paths[index].name
                one_line(app.top.text)
                refused += 1
        assert opened == 1 and refused == len(files) - 1  # the save with a byte-order mark
        assert {name: case.snapshot() for name, case in cases.items()} == before
    finally:
        app.close()
