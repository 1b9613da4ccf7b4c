"""The window from the command line: play, screenshots and the self-test, headless."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import registry
from game.core.match import Match
from game.core.record import load_record

ROOT = Path(__file__).resolve().parent.parent
SCREENS = [
    "title",
    "setup",
    "rules",
    "rules-search",
    "settings",
    "howto",
    "glossary",
    "table-start",
    "guide",
    "table-middle",
    "dialog",
    "table-end",
    "table-card-moving",
    "table-points-rising",
    "results",
    "continue",
    "replay",
    "handoff",
    "stronghold-start",
    "stronghold-siege",
    "stronghold-assault",
    "stronghold-units-moving",
    "stronghold-glory-rising",
    "stronghold-end",
    "stronghold-results",
    "fog-draft",
    "fog-battle",
    "fog-card-moving",
    "fog-number-rising",
    "fog-end",
    "fog-results",
    "rom-start",
    "rom-combat",
    "rom-main",
    "rom-card-moving",
    "rom-sp-rising",
    "rom-dice-rolling",
    "rom-end",
    "rom-results",
]
STATS_KEYS = {"frames", "median_ms", "p95_ms", "game_over", "actions"}


def run(tmp_path: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m game ...`` with no display, its saves and temporary files in tmp_path."""
    scratch = tmp_path / "tmp"
    scratch.mkdir(exist_ok=True)
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SIEGE_TABLE_HOME=str(tmp_path / "home"),
        TMPDIR=str(scratch),
    )
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def json_line(stdout: str) -> dict:
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1, stdout
    return json.loads(lines[0])


def one_error_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def test_play_between_computers_to_the_end_prints_the_frame_figures(tmp_path):
    done = run(
        tmp_path,
        "play",
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
    )
    assert done.returncode == 0, done.stderr
    stats = json_line(done.stdout)
    assert set(stats) == STATS_KEYS
    assert stats["game_over"] is True and stats["actions"] > 0
    assert 0 < stats["frames"] < 20_000  # it stopped at the end, not at the frame bound
    assert 0 < stats["median_ms"] <= stats["p95_ms"]
    # the finished game is kept in the home folder given, and nothing is left to continue
    home = tmp_path / "home"
    [kept] = list((home / "finished").glob("*.json"))
    record = load_record(kept)
    assert record.seats == ["random", "random"] and record.seed == 3
    assert len(record.actions) == stats["actions"]
    rules = registry.get_rules(record.game)
    assert rules.is_over(Match.load(rules, record).state)  # it replays to the end
    assert not (home / "autosave.json").exists()
    assert list((home / "autosaves").iterdir()) == []  # its own autosave went with its end


def test_play_stops_after_the_frames_asked_while_a_person_decides(tmp_path):
    done = run(
        tmp_path,
        "play",
        "--seats",
        "human,random",
        "--seed",
        "3",
        "--pause",
        "0",
        "--frames",
        "30",
        "--stats",
    )
    assert done.returncode == 0, done.stderr
    stats = json_line(done.stdout)
    assert set(stats) == STATS_KEYS
    assert stats["frames"] == 30 and stats["game_over"] is False
    assert stats["actions"] == 0  # the person sets aside first, and nobody clicked


@pytest.mark.parametrize("size", [None, (960, 600)])
def test_screenshots_render_every_screen_at_the_window_size(tmp_path, size):
    out = tmp_path / "shots"
    args = ["screenshots", "--out", str(out)]
    if size:
        args += ["--size", f"{size[0]}x{size[1]}"]
    done = run(tmp_path, *args)
    assert done.returncode == 0, done.stderr
    listed = [Path(line) for line in done.stdout.split()]
    assert listed == [out / f"{name}.png" for name in SCREENS]
    digests = set()
    for path in listed:
        assert path.stat().st_size > 0
        image = pygame.image.load(str(path))
        assert image.get_size() == (size or (1280, 800)), path.name
        w, h = image.get_size()
        colours = {
            tuple(image.get_at((x * w // 48, y * h // 48))) for x in range(48) for y in range(48)
        }
        assert len(colours) > 2, f"{path.name} is nearly blank"
        digests.add(hashlib.sha256(path.read_bytes()).hexdigest())
    assert len(digests) == len(SCREENS)  # ten different pictures


def test_screenshots_with_modules_show_the_deck_screen_and_the_modules(tmp_path):
    out = tmp_path / "shots"
    done = run(tmp_path, "screenshots", "--out", str(out), "--modules", "all")
    assert done.returncode == 0, done.stderr
    names = [Path(line).stem for line in done.stdout.split()]
    rom = SCREENS.index("rom-start")
    assert names == SCREENS[:rom] + ["rom-deck"] + SCREENS[rom:]  # RM-19 before the table
    plain = tmp_path / "plain"
    done = run(tmp_path, "screenshots", "--out", str(plain))
    for name in ("rom-start", "rom-main"):  # the Lodge, towers and Kings are on the table
        assert (out / f"{name}.png").read_bytes() != (plain / f"{name}.png").read_bytes()
    for name in ("title", "table-middle", "stronghold-siege"):  # other games as they were
        assert (out / f"{name}.png").read_bytes() == (plain / f"{name}.png").read_bytes()


def test_selftest_plays_a_game_and_says_ok(tmp_path):
    done = run(tmp_path, "--selftest")
    assert done.returncode == 0, done.stderr
    report = json_line(done.stdout)
    assert report["selftest"] == "ok" and report["game"] == "hadrians-wall"
    assert report["actions"] > 0 and report["frames"] > 0
    assert not (tmp_path / "home").exists()  # the self-test leaves the player's folder alone


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "--size", "12"], "'12' is not a window size"),
        (["--size", "100x100"], "out of range"),
        (["screenshots", "--size", "12"], "'12' is not a window size"),
        (["screenshots", "--modules", "L,X1"], "excludes every other module (RM-3.3)"),
        (["play", "--seats", "human,wizard"], "unknown player 'wizard'"),
        (["play", "--seats", "human,random", "--players", "3"], "2 seats given for 3 players"),
    ],
)
def test_a_bad_window_option_is_one_error_line(tmp_path, args, words):
    done = run(tmp_path, *args, timeout=60)
    assert done.returncode == 2
    assert words in one_error_line(done)
    assert "Traceback" not in done.stderr and "{" not in done.stdout


# ------------------------------------------------------------------ the version
def test_version_is_printed_from_its_one_place(tmp_path):
    import tomllib

    from game.version import __version__

    done = run(tmp_path, "--version", timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"Siege Table {__version__}\n"
    assert __version__.count(".") == 2 and all(p.isdigit() for p in __version__.split("."))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    attr = project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "game.version.__version__"
    import game

    assert game.__version__ == __version__


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_title_shows_the_version_in_the_window_corner(tmp_path, monkeypatch, size):
    """Only the version is drawn in the window's bottom-right corner: at 1920x1080 that
    corner is outside the 16:10 design area, so nothing else could be there."""
    sys.path.insert(0, str(ROOT / "tests"))
    from app_helpers import make_app

    from game.app.scenes import title

    def corner(version: str) -> list:
        monkeypatch.setattr(title, "__version__", version)
        app = make_app(tmp_path, size=size)
        try:
            app.reset(title.TitleScene(app))
            app.draw()
            w, h = app.screen.get_size()
            corner = app.screen.subsurface((w - 90, h - 30, 90, 30))
            return [corner.get_at((x, y))[:3] for x in range(90) for y in range(30)]
        finally:
            app.close()

    def inked(version: str) -> int:
        """The corner's pixels the version changes (the backdrop under it is the same)."""
        return sum(a != b for a, b in zip(blank, corner(version), strict=True))

    blank = corner("")
    assert inked("0.1.0") > 20
    assert inked("9.99.999") > inked("0.1.0")  # a longer version: more of the corner inked


# ------------------------------------------------------------------ untrusted text drawn
LONG_TEXT_SCRIPT = r"""
import sys
sys.path.insert(0, "tests")
from pathlib import Path
from app_helpers import make_app
from game.app import fonts, paint
from game.app.scenes.dialog import Dialog, message

app = make_app(Path(sys.argv[1]))
long = "W" * 200_000
message(app, long, long)
app.draw()
dialog = app.top
assert isinstance(dialog, Dialog) and len(dialog.title) <= 120 and len(dialog.text) <= 600
message(app, "a\nb" * 100_000 + "\x00\ud800", ("line\n" * 100_000) + "\x00 \udfff")
app.draw()
assert app.top.text.count("\n") <= 7 and "\x00" not in app.top.text
words = "x" * 200_000
paint.text(app.screen, app.vp, words, (10, 10), 30, fit=300)
paint.text(app.screen, app.vp, "\x00\ud800" + words, (10, 10), 72)
paint.text_in(app.screen, app.vp, " ".join([words] * 3) + "\n" * 50_000, (0, 0, 600, 400))
assert len(fonts.wrap(words, 16, 400)) == 1 and len(fonts.wrap(words, 16, 400)[0]) <= 20_000
print("drawn")
"""


def test_a_dialog_with_200000_characters_draws_without_dying(tmp_path):
    """pygame-ce aborts the process on a line of some 20,000 characters (and raises on a
    NUL or a lone surrogate): every drawn text is bounded first.  In a process of its own,
    so a native abort is a failure here, not the end of the test run."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", LONG_TEXT_SCRIPT, str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("drawn")


def test_drawable_text_is_bounded_and_clean():
    from game.app.fonts import LINE_CHARS, drawable

    assert drawable("abc") == "abc"
    cut = drawable("y" * 50_000)
    assert len(cut) == LINE_CHARS and cut.endswith("…")
    assert drawable("a\x00b") == "a\ufffdb"
    drawable("\ud800x").encode("utf-8")  # a lone surrogate no longer breaks the encoding


# ------------------------------------------------------------------ a computer move's pause
@pytest.mark.parametrize(
    "pause, kept",
    [(float("inf"), 10.0), (float("nan"), 0.6), (-3.0, 0.0), (1e300, 10.0), (1.2, 1.2)],
)
def test_a_pause_from_anywhere_never_stops_the_computer_seats(tmp_path, pause, kept):
    """A pause of inf or nan (a flag, settings.json) would leave a computer move on screen
    for ever: the window and the table keep it from 0 to 10 seconds."""
    sys.path.insert(0, str(ROOT / "tests"))
    from app_helpers import RULES, VIEW, make_app

    from game.app.session import Session

    app = make_app(tmp_path, ai_pause=pause)
    try:
        assert app.options.ai_pause == kept
        session = Session.new(
            RULES, VIEW, VIEW.config(2, {}), 3, ["human", "human"], None, ai_pause=pause
        )
        assert session.pause() == kept
        session.ai_pause = pause  # set afterwards, by anyone
        assert session.pause() == kept
    finally:
        app.close()


def test_a_nan_pause_in_the_settings_file_is_not_taken(tmp_path):
    from game.app import launch
    from game.app.save_store import SaveStore

    (tmp_path / "settings.json").write_text('{"ai_pause": NaN, "lang": "en"}', encoding="utf-8")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = launch.make_app((640, 400), store=SaveStore(tmp_path))
    try:
        assert app.options.ai_pause == 0.6
    finally:
        app.close()
