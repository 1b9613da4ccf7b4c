"""The title screen over its painted backdrop: every button still reaches its screen by a
click, at 100 and 150 % and in every language, and the backdrop covers the whole window."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import assert_widgets_fit, click, drawn_texts, make_app, widget

from game.app import i18n
from game.app.scenes.reader import RulesScene
from game.app.scenes.replay import ReplaysScene
from game.app.scenes.resume import ContinueScene
from game.app.scenes.saves import SavesScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.title import TitleScene, WoodButton, emblem
from game.app.view_registry import playable_games
from game.core import registry
from game.core.match import Match
from game.games.hadrians_wall.rules import RULES


@pytest.fixture(
    params=[("en", 1.0, (1280, 800)), ("hu", 1.5, (1920, 1080)), ("pl", 1.25, (1280, 720))],
    ids=lambda p: f"{p[0]}-{p[1]}",
)
def app(request, tmp_path):
    lang, ui, size = request.param
    window = make_app(tmp_path / "home", size=size, lang=lang)
    window.settings.ui_scale = ui
    window.apply_settings()
    yield window
    window.close()
    i18n.set_language("en")


def title(app) -> TitleScene:
    app.reset(TitleScene(app))
    app.step()
    return app.top


def test_every_button_of_the_title_reaches_its_screen(app):
    screens = [
        ("New game", SetupScene),
        ("Load", SavesScene),
        ("Replays", ReplaysScene),
        ("Rules", RulesScene),
        ("Settings", SettingsScene),
    ]
    for label, scene in screens:
        scr = title(app)
        assert_widgets_fit(app, scr)
        button = widget(scr, i18n._(label))
        assert isinstance(button, WoodButton) and button.enabled
        click(app, button.rect)
        assert isinstance(app.top, scene) and app.stack[0] is scr, label
    scr = title(app)
    assert not widget(scr, i18n._("Continue")).enabled  # nothing to continue yet
    click(app, widget(scr, i18n._("Continue")).rect)
    assert app.top is scr
    app.store.autosave(Match.new(RULES, {"players": 2}, 3, ["human", "ai:easy"]).record)
    scr = title(app)
    click(app, widget(scr, i18n._("Continue")).rect)
    assert isinstance(app.top, ContinueScene)
    scr = title(app)
    click(app, widget(scr, i18n._("Quit")).rect)
    assert not app.running


def test_the_title_names_every_game_and_keeps_its_version_line(app):
    title(app)
    words = [w for w, _rect in drawn_texts(app)]
    assert "Siege Table" in words
    for game in registry.GAMES:
        assert registry.GAMES[game][0] in words
    assert any(w.startswith(i18n._("Version {version}").split("{")[0]) for w in words)
    # every game has emblems of its own (its view's), not ViewBase's tower
    pictures = [(emblem(g), emblem(g, True)) for g in playable_games()]
    assert len(set(pictures)) == len(pictures) and ("white-tower",) * 2 not in pictures


def test_the_backdrop_covers_the_window_beyond_the_design(app):
    """No bare ground at the window's edges: the painting reaches every corner (also in a
    window wider than 16:10), and it is not one flat colour."""
    title(app)
    app.draw()
    screen = app.screen
    w, h = screen.get_size()
    corners = [
        screen.get_at((x, y))[:3] for x, y in ((2, 2), (w - 3, 2), (2, h // 2), (w - 3, h // 2))
    ]
    bg = (28, 34, 30)
    assert all(c != bg for c in corners), corners
    column = {screen.get_at((w // 2, y))[:3] for y in range(0, h, max(1, h // 40))}
    assert len(column) > 10  # the sky's colours, the hills, the field
    assert pygame.Rect(0, 0, w, h) == screen.get_rect()
