"""How to play: shown once when a game is first chosen, reachable from the set-up screen
and the table's menu, in every language, with its rule IDs as links into the reader."""

from __future__ import annotations

import pytest
from app_helpers import click, make_app, open_table, widget

from game.app import i18n
from game.app.glossary import howto
from game.app.scenes.dialog import Dialog
from game.app.scenes.howto import CLICKS, PAGE, HowToScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.title import TitleScene
from game.app.settings_store import Settings
from game.app.view_registry import playable_games
from game.core import registry


@pytest.fixture
def app(tmp_path):
    window = make_app(tmp_path / "home")
    window.settings.howto_seen = []  # a first start: nothing shown yet
    yield window
    i18n.set_language("en")
    window.close()


def to_setup(app) -> SetupScene:
    app.reset(TitleScene(app))
    app.step()
    click(app, widget(app.top, "New game").rect)
    setup = app.stack[1]
    assert isinstance(setup, SetupScene)
    return setup


def test_every_game_has_a_goal_a_turn_and_rules_to_read():
    for game in playable_games():
        goal, turn, rules = howto(game)
        assert goal and 5 <= len(turn) <= 8 and rules
        assert all(r.split("-")[0] == rules[0].split("-")[0] for r in rules), game
    assert any("Skip" in line for line in CLICKS) and any("Undo" in line for line in CLICKS)
    assert any("right click" in line for line in CLICKS)


def test_shown_the_first_time_a_game_is_chosen_and_not_the_second(app):
    setup = to_setup(app)
    app.step()  # the game chosen when the screen opens: its first time
    assert isinstance(app.top, HowToScene) and app.top.game == setup.game
    first = setup.game
    click(app, widget(app.top, "Close").rect)
    assert app.top is setup
    app.step()
    assert app.top is setup  # not again
    other = [g for g in playable_games() if g != first][0]
    click(app, widget(setup, registry.GAMES[other][0]).rect)  # the game's tile
    assert setup.game == other
    assert isinstance(app.top, HowToScene) and app.top.game == other
    app.pop()
    click(app, widget(setup, registry.GAMES[first][0]).rect)
    assert app.top is setup and setup.game == first
    click(app, widget(setup, registry.GAMES[other][0]).rect)
    assert app.top is setup and setup.game == other
    # remembered across a restart
    root = app.store.root
    assert set(Settings.load(root).howto_seen) == {first, other}
    again = make_app(root)
    try:
        again.settings = Settings.load(root)  # as read at a start (the helper skips them all)
        setup = to_setup(again)
        again.step()
        assert again.top is setup
    finally:
        again.close()


def test_reachable_from_the_set_up_screen_and_the_table_menu(app):
    app.settings.howto_seen = list(playable_games())
    setup = to_setup(app)
    app.step()
    assert app.top is setup
    click(app, widget(setup, "How to play").rect)
    assert isinstance(app.top, HowToScene) and app.top.game == setup.game
    click(app, widget(app.top, "Close").rect)
    table = open_table(app, ["human", "random"], seed=5)
    click(app, table.menu_button.rect)
    assert isinstance(app.top, Dialog)
    click(app, widget(app.top, "How to play").rect)
    assert isinstance(app.top, HowToScene) and app.top.game == "hadrians-wall"
    click(app, widget(app.top, "Close").rect)
    assert app.top is table


def test_a_rule_id_opens_the_rules_reader(app):
    scene = HowToScene(app, "stronghold")
    app.push(scene)
    app.step()
    vp = app.vp_for(scene)
    from game.app import links

    for words, rect, size, face, ui in scene.rows(vp):
        found = links.text_rows(words, rect, size, vp.with_ui(ui), face)
        hits = [(r, rule) for _line, _top, ls in found for r, rule in ls]
        if hits:
            (x, y, w, h), rule = hits[0]
            click(app, (x, y, w, h))
            assert type(app.top).__name__ == "RulesScene"
            return
    raise AssertionError("no rule link")


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
@pytest.mark.parametrize("ui", [1.0, 1.5])
def test_renders_in_every_language_within_the_page(app, lang, ui):
    i18n.set_language(lang)
    app.settings.ui_scale = ui
    app.apply_settings()
    for game in playable_games():
        scene = HowToScene(app, game)
        app.reset(scene)
        app.step()
        vp = app.vp_for(scene)
        rows = scene.rows(vp)
        headings = [words for words, _r, _s, face, _ui in rows if face == "bold"]
        assert len(headings) == 4, (lang, ui, game, headings)  # every section fits
        assert min(row[4] for row in rows) >= min(ui, 1.25)  # grown, as far as it fits
        x, y, w, h = PAGE
        from game.app import links

        for words, rect, size, face, shown in rows:
            lines = links.text_rows(words, rect, size, vp.with_ui(shown), face)
            whole = links.text_rows(words, (*rect[:3], 10_000), size, vp.with_ui(shown), face)
            assert len(lines) == len(whole), (lang, game, words)  # nothing cut off
            assert lines[-1][1] + size * shown * 1.2 <= y + h + 1, (lang, game)
        if lang != "en":
            assert scene.title() != f"How to play: {game}"
