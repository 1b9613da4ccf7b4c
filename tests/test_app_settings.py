"""The settings of the finished feel: UI scale, animation speed, sound, colour-blind seat
colours — each remembered across a restart and applied at once."""

from __future__ import annotations

import wave

import pytest
from app_helpers import RULES, VIEW, click, make_app, open_table, widget

from game import resources
from game.app import fonts, theme
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene
from game.app.session import LogLine, Session
from game.app.settings import SPEEDS, Settings
from game.app.sound import NAMES, SOUNDS, Sounds, sound_of, strongest
from game.app.views import get_view, playable_games
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
    assert (kept.speed, kept.ui_scale, kept.sound, kept.colour_blind) == \
        ("fast", 1.25, False, True)
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
    (root / "settings.json").write_text('{"speed": "warp", "ui_scale": 7.0, "sound": 1, '
                                        '"howto_seen": ["stronghold", 3]}')
    s = Settings.load(root)
    assert (s.speed, s.ui_scale, s.sound, s.howto_seen) == ("normal", 1.0, True,
                                                             ["stronghold"])


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
    assert len(fonts.wrap("x " * 400, big_vp.size(13 * big_vp.ui), big_vp.size(300))) > \
        len(small)
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
    s = Session.new(RULES, VIEW, {"players": 2}, 5, ["human", "human"], None,
                    ai_pause=0.6, clock=lambda: now[0])
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
        sounds = set(SOUNDS[game].values())
        assert SOUNDS[game]["ACT"] == "card" and "end" in sounds and "dice" in sounds
        assert sounds <= set(NAMES)
    assert strongest(["card", "fall", "dice"]) == "fall" and strongest([None]) is None


def test_sound_on_plays_the_card_sound_of_a_card_play_and_off_plays_nothing():
    mixer = FakeMixer()
    event = (PUBLIC, "ACT", "P 1 ARC")
    on = Sounds(True, mixer)
    assert on.play(sound_of("hadrians-wall", event))
    assert on.played == ["card"] and mixer.heard[-1].endswith("card.wav")
    off_mixer = FakeMixer()
    off = Sounds(False, off_mixer)
    assert not off.play(sound_of("hadrians-wall", event))
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
        assert set(changed.values()) <= {*theme.COLOUR_BLIND_COLOURS[game].values()}
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
    for scene in (RulesScene, ReplayScene, TableScene, SettingsScene, SetupScene, HowToScene,
                  TitleScene):
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
        found += [c for c in vars(module).values() if isinstance(c, type) and
                  issubclass(c, Scene) and c is not Scene and c.__module__ == module.__name__]
    assert len(found) >= 13
    assert [c.__name__ for c in found if not c.ui_scaled] == []
