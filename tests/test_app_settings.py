"""The settings of the finished feel: UI scale, animation speed, sound, colour-blind seat
colours — each remembered across a restart and applied at once."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import threading
import wave
from pathlib import Path

import pytest
from app_helpers import RULES, VIEW, click, make_app, open_table, widget

from game import resources
from game.app import fonts, theme
from game.app.i18n import LANGUAGES
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene
from game.app.session import LogLine, Session
from game.app.settings_store import MAX_PAUSE, SPEEDS, Settings
from game.app.sound import NAMES, Sounds, sound_of, strongest
from game.app.view_registry import get_view, playable_games
from game.core.contract import PUBLIC


@pytest.fixture
def app(tmp_path):
    window = make_app(tmp_path / "home")
    yield window
    theme.set_colour_blind(False)
    window.close()


def open_settings(app) -> SettingsScene:
    app.reset(TitleScene(app))
    app.step()
    click(app, widget(app.top, "Settings").rect)
    assert isinstance(app.top, SettingsScene)
    return app.top


def restarted(app):
    """A new window over the same folder (the settings read anew)."""
    again = make_app(app.store.root)
    return again


# ---------------------------------------------------------------------- remembered
def test_every_new_setting_is_remembered_across_a_restart(app):
    settings = open_settings(app)
    click(app, widget(settings, "Animation speed").rect)  # normal -> fast
    click(app, widget(settings, "Size of text and panels").rect)  # 100 % -> 125 %
    click(app, widget(settings, "Sound").rect)  # on -> off
    click(app, widget(settings, "Colour-blind friendly seat colours").rect)  # off -> on
    kept = Settings.load(app.store.root)
    assert (kept.speed, kept.ui_scale, kept.sound, kept.colour_blind) == ("fast", 1.25, False, True)
    app.close()
    again = restarted(app)
    try:
        assert again.settings.speed == "fast" and again.ui_scale == 1.25
        assert again.vp.ui == 1.25 and not again.sounds.enabled and theme.colour_blind()
    finally:
        again.close()


def test_unreadable_values_fall_back_to_the_defaults(tmp_path):
    root = tmp_path / "home"
    root.mkdir()
    (root / "settings.json").write_text(
        '{"speed": "warp", "ui_scale": 7.0, "sound": 1, "howto_seen": ["stronghold", 3]}'
    )
    s = Settings.load(root)
    assert (s.speed, s.ui_scale, s.sound, s.howto_seen) == ("normal", 1.0, True, ["stronghold"])


# ---------------------------------------------------------------------- UI scale
def test_ui_scale_grows_the_text_and_the_menus_at_once(app):
    table = open_table(app, ["human", "random"], seed=5)
    vp = app.vp_for(table)
    small = fonts.wrap("x " * 400, vp.size(13 * vp.ui), vp.size(300))
    rows_small = table.log_rows(vp)
    settings = open_settings(app)
    for _ in range(2):  # 100 % -> 125 % -> 150 %
        click(app, widget(settings, "Size of text and panels").rect)
    assert app.settings.ui_scale == 1.5 and app.vp.ui == 1.5
    table = open_table(app, ["human", "random"], seed=5)
    big_vp = app.vp_for(table)
    assert big_vp.size(13 * big_vp.ui) > vp.size(13 * vp.ui)  # the font size
    assert len(fonts.wrap("x " * 400, big_vp.size(13 * big_vp.ui), big_vp.size(300))) > len(small)
    rows_big = table.log_rows(big_vp)
    if len(rows_small) > 1 and len(rows_big) > 1:
        assert rows_big[1][1][1] - rows_big[0][1][1] > rows_small[1][1][1] - rows_small[0][1][1]
    menu_actions = table.session.my_legal_actions()[:3]
    table._open_menu((100, 100), menu_actions)
    assert table.menu.buttons[0].rect[3] > 30 - 3  # taller rows
    assert app.vp_for(object()).ui == 1.0  # a screen not laid out for it keeps its size


# ---------------------------------------------------------------------- speed
def make_session(speed: str) -> tuple[Session, list]:
    now = [0.0]
    s = Session.new(
        RULES, VIEW, {"players": 2}, 5, ["human", "human"], None, ai_pause=0.6, clock=lambda: now[0]
    )
    s.speed = speed
    return s, now


def test_the_speed_sets_the_interval_of_the_log_lines():
    intervals = {speed: make_session(speed)[0].reveal_interval() for speed in SPEEDS}
    assert intervals["normal"] == pytest.approx(0.3)  # half the pause, as before
    assert intervals["slow"] > intervals["normal"] > intervals["fast"] > 0
    assert intervals["instant"] == 0
    for speed, step in (("slow", 0), ("normal", 1), ("fast", 1)):
        s, now = make_session(speed)
        s.log += [LogLine(PUBLIC, "one"), LogLine(PUBLIC, "two")]
        s.shown, s.shown_time = len(s.log) - 2, 0.0
        now[0] = 0.35  # 0.35 s after the last line: slow still waits, the others go on
        s._reveal()
        assert s.shown == len(s.log) - 2 + step, speed
    s, now = make_session("instant")
    s.log += [LogLine(PUBLIC, "one"), LogLine(PUBLIC, "two")]
    s._reveal()
    assert not s.revealing()


def test_the_speed_setting_reaches_the_table(app):
    app.settings.speed = "slow"
    table = open_table(app, ["human", "random"], seed=5)
    assert table.session.speed == "slow"


# ---------------------------------------------------------------------- sound
class FakeSound:
    def __init__(self, path: str, log: list) -> None:
        self.path, self.log = path, log

    def play(self) -> None:
        self.log.append(self.path)


class FakeMixer:
    def __init__(self) -> None:
        self.started = False
        self.heard: list[str] = []

    def get_init(self):
        return self.started

    def init(self) -> None:
        self.started = True

    def Sound(self, path: str) -> FakeSound:  # noqa: N802 - pygame's name
        return FakeSound(path, self.heard)


class BrokenMixer(FakeMixer):
    def init(self) -> None:
        raise RuntimeError("no audio device")


def test_the_sounds_exist_and_are_short_wav_files():
    for name in NAMES:
        with wave.open(str(resources.asset("sounds", f"{name}.wav"))) as f:
            assert f.getnchannels() == 1 and 0 < f.getnframes() / f.getframerate() < 1.0
    assert "CC0" in resources.asset("sounds", "LICENSE").read_text()


def test_every_game_maps_a_card_play_and_an_end_to_a_sound():
    for game in playable_games():
        kinds = get_view(game).sounds
        sounds = set(kinds.values())
        assert kinds["ACT"] == "card" and "end" in sounds and "dice" in sounds
        assert sounds <= set(NAMES)
    assert strongest(["card", "fall", "dice"]) == "fall" and strongest([None]) is None


def test_sound_on_plays_the_card_sound_of_a_card_play_and_off_plays_nothing():
    mixer = FakeMixer()
    event = (PUBLIC, "ACT", "P 1 ARC")
    on = Sounds(True, mixer)
    assert on.play(sound_of(get_view("hadrians-wall"), event))
    assert on.played == ["card"] and mixer.heard[-1].endswith("card.wav")
    off_mixer = FakeMixer()
    off = Sounds(False, off_mixer)
    assert not off.play(sound_of(get_view("hadrians-wall"), event))
    assert off.played == [] and off_mixer.heard == []
    silent = Sounds(True, BrokenMixer())  # no audio device: silence, no error
    assert not silent.play("card") and silent.played == []


def test_the_table_plays_the_sound_of_the_lines_it_shows(app):
    app.sounds = Sounds(True, FakeMixer())
    table = open_table(app, ["human", "random"], seed=5)
    s = table.session
    heard = len(app.sounds.played)
    s.log.append(LogLine(PUBLIC, "a card", (PUBLIC, "ACT", "x")))
    s.show_all()
    table.hear()
    assert app.sounds.played[heard:] == ["card"]
    app.sounds.enabled = False
    s.log.append(LogLine(PUBLIC, "a card", (PUBLIC, "ACT", "x")))
    s.show_all()
    table.hear()
    assert app.sounds.played[heard:] == ["card"]


def test_without_an_audio_device_the_window_runs_silently(app):
    app.sounds = Sounds(True, BrokenMixer())
    table = open_table(app, ["random", "random"], seed=3)
    for _ in range(30):
        app.step()
    assert app.sounds.played == [] and table.session is not None


# ---------------------------------------------------------------------- colour-blind
def test_colour_blind_changes_the_seat_colours_of_every_game(app):
    normal = {g: dict(theme.seat_colours(g)) for g in playable_games()}
    settings = open_settings(app)
    click(app, widget(settings, "Colour-blind friendly seat colours").rect)
    assert theme.colour_blind()
    for game in playable_games():
        changed = theme.seat_colours(game)
        assert changed.keys() == normal[game].keys()
        assert changed != normal[game], game
        assert set(changed.values()) <= {*theme.palettes(game)[1].values()}
    # the views read them: Hadrian's Wall's clans, Field of Glory's sides, ...
    hw = get_view("hadrians-wall")
    import game.games.field_of_glory.view as fg
    import game.games.hadrians_wall.view as hwv
    import game.games.runes_of_mayhem.faces as rm
    import game.games.stronghold.view as sh

    assert hwv.CLAN_RGB["B"] == theme.OI_BLUE and fg.SIDE_RGB["R"] == theme.OI_VERMILLION
    assert rm.SIDE_RGB["A"] == theme.OI_BLUE and sh.INV_RGB[0] == theme.OI_GREEN
    assert hw is not None
    click(app, widget(settings, "Colour-blind friendly seat colours").rect)
    assert hwv.CLAN_RGB["B"] == normal["hadrians-wall"]["B"]


def test_the_screens_that_measure_at_the_ui_scale_draw_at_it(app):
    """The reader and the replay lay out and hit-test with app.vp: they must be drawn with
    the same UI scale (App.vp_for), else a click misses the link drawn."""
    from game.app.scenes.howto import HowToScene
    from game.app.scenes.reader import RulesScene
    from game.app.scenes.replay import ReplayScene
    from game.app.scenes.setup import SetupScene
    from game.app.scenes.table import TableScene

    app.settings.ui_scale = 1.25
    app.apply_settings()
    for scene in (
        RulesScene,
        ReplayScene,
        TableScene,
        SettingsScene,
        SetupScene,
        HowToScene,
        TitleScene,
    ):
        assert scene.ui_scaled, scene.__name__
    assert app.vp_for(RulesScene(app, "stronghold")).ui == 1.25 == app.vp.ui


def test_every_screen_follows_the_ui_scale():
    """No screen keeps its size at 125 and 150 % (the lists, the results, the log, deck
    construction and the dialogs included)."""
    import importlib
    import pkgutil

    from game.app import scenes
    from game.app.scene import Scene

    found = []
    for info in pkgutil.iter_modules(scenes.__path__):
        module = importlib.import_module(f"game.app.scenes.{info.name}")
        found += [
            c
            for c in vars(module).values()
            if isinstance(c, type)
            and issubclass(c, Scene)
            and c is not Scene
            and c.__module__ == module.__name__
        ]
    assert len(found) >= 13
    assert [c.__name__ for c in found if not c.ui_scaled] == []


# ---------------------------------------------------------------------- hostile files
def hostile_settings(root, content) -> Settings:
    """Settings.load of a settings.json holding ``content`` (text, bytes, or data as
    JSON); the file is left exactly as it was."""
    root.mkdir(parents=True, exist_ok=True)
    path = root / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    before = path.read_bytes(), path.stat().st_mtime_ns
    settings = Settings.load(root)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    return settings


def usable(s: Settings) -> None:
    assert 320 <= s.width <= 7680 and 240 <= s.height <= 4320
    assert math.isfinite(s.ai_pause) and 0 <= s.ai_pause <= MAX_PAUSE
    assert s.lang in ("", *LANGUAGES) and s.speed in SPEEDS
    assert len(s.howto_seen) <= 16 and all(isinstance(g, str) for g in s.howto_seen)


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000 + "]" * 100_000,  # a RecursionError at start, before
        '{"width": 1600, "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"width": ' + "9" * 5000 + "}",  # a ValueError of int(), before
        '{"ai_pause": NaN}',
        '{"ai_pause": Infinity}',
        '{"ai_pause": 1e999}',
        b"\xff\xfe{}",
        '{"width": 1600',
        "",
        "null",
        "[1, 2]",
    ],
)
def test_a_damaged_settings_file_gives_the_defaults(tmp_path, content):
    assert hostile_settings(tmp_path / "home", content) == Settings()


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path):
    s = hostile_settings(tmp_path / "home", b'\xef\xbb\xbf{"speed": "fast", "lang": "pl"}')
    assert (s.speed, s.lang) == ("fast", "pl")


@pytest.mark.parametrize(
    "width,height",
    [(-1280, 800), (1280, -800), (0, 0), (10**9, 800), (1280, 10**9), (319, 800), (1280.5, 800)],
)
def test_a_window_size_out_of_range_gives_the_default_size(tmp_path, width, height):
    s = hostile_settings(tmp_path / "home", {"width": width, "height": height, "speed": "fast"})
    assert (s.width, s.height, s.speed) == (1280, 800, "fast")  # the rest is kept
    kept = hostile_settings(tmp_path / "other", {"width": 7680, "height": 240})
    assert (kept.width, kept.height) == (7680, 240)


@pytest.mark.parametrize("pause", ["inf", "-inf", "nan", -0.5, 10.5, 1e308, True, "0.6"])
def test_a_computer_pause_that_is_not_a_sane_number_gives_the_default(tmp_path, pause):
    text = json.dumps({"ai_pause": 0.0, "sound": False}).replace(
        "0.0", pause if pause in ("inf", "-inf", "nan") else json.dumps(pause)
    )
    text = text.replace("inf", "Infinity").replace("nan", "NaN")
    s = hostile_settings(tmp_path / "home", text)
    assert s.ai_pause == 0.6
    usable(s)


@pytest.mark.parametrize("pause", [0, 0.0, 2, 10.0])
def test_a_computer_pause_of_zero_to_ten_seconds_is_kept(tmp_path, pause):
    s = hostile_settings(tmp_path / "home", {"ai_pause": pause})
    assert s.ai_pause == pause and isinstance(s.ai_pause, float)


@pytest.mark.parametrize("lang", ["xx", "EN", "hu\n", 5, "x" * 10_000])
def test_an_unknown_language_falls_back_to_the_systems(tmp_path, lang):
    s = hostile_settings(tmp_path / "home", {"lang": lang, "speed": "slow"})
    assert (s.lang, s.speed) == ("", "slow")
    assert hostile_settings(tmp_path / "other", {"lang": "hu"}).lang == "hu"


def test_a_huge_list_of_games_shown_their_how_to_play_is_cut_short(tmp_path):
    seen = ["stronghold", "stronghold", 7, "x" * 1000] + [f"g{i}" for i in range(5000)]
    s = hostile_settings(tmp_path / "home", {"howto_seen": seen})
    assert s.howto_seen == ["stronghold"] + [f"g{i}" for i in range(15)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_settings_file_that_is_a_link_a_folder_or_a_pipe_is_ignored(tmp_path):
    for name, make in [
        ("link", lambda p: p.symlink_to(tmp_path / "good.json")),
        ("dangling", lambda p: p.symlink_to(tmp_path / "nowhere")),
        ("folder", lambda p: p.mkdir()),
        ("fifo", os.mkfifo),
    ]:
        (tmp_path / "good.json").write_text('{"speed": "fast"}')
        root = tmp_path / name
        root.mkdir()
        make(root / "settings.json")
        done: list = []
        reader = threading.Thread(
            target=lambda r=root, d=done: d.append(Settings.load(r)), daemon=True
        )
        reader.start()
        reader.join(20)
        assert done == [Settings()], name  # not blocked on the pipe; the link not followed


def test_a_huge_settings_file_is_ignored(tmp_path):
    root = tmp_path / "home"
    root.mkdir()
    with open(root / "settings.json", "wb") as f:
        f.truncate(1 << 30)  # sparse
    assert Settings.load(root) == Settings()
    assert hostile_settings(root, {"speed": "fast", "lang": "x" * 100_000}) == Settings()


def test_the_settings_are_synced_to_the_disk_before_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b)))
    Settings(speed="fast").save(tmp_path)
    folder = ["fsync"] if hasattr(os, "O_DIRECTORY") else []  # the rename made durable
    assert calls == ["fsync", "replace", *folder]
    assert Settings.load(tmp_path).speed == "fast"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_play_starts_with_an_unknown_language_in_the_settings(tmp_path):
    """Before, an unknown ``lang`` in settings.json stopped ``play`` with an error."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text('{"lang": "klingon", "width": -5, "ai_pause": 1e999}')
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIEGE_TABLE_HOME=str(home)
    )
    done = subprocess.run(
        [sys.executable, "-m", "game", "play", "--frames", "2"],
        cwd=Path(resources.__file__).parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
