"""Layout faults a person met, each at 100/125/150 % text and in English, Hungarian and
Polish where words are drawn: every one of them is measured on the real scenes."""

from __future__ import annotations

import os
import re

import pytest
from app_helpers import click, make_app, widget

from game.app import i18n, paint
from game.app.rulebook import CODE, code_words, notation_rules, rulebook
from game.app.scenes.dialog import Dialog
from game.app.scenes.settings import SettingsScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.session import Session
from game.app.view_registry import get_view, playable_games
from game.core.registry import get_rules

LANGS = ("en", "hu", "pl")
SCALES = (1.0, 1.25, 1.5)


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def scaled_app(tmp_path, lang="en", ui=1.0, size=(1280, 800)):
    app = make_app(tmp_path, size, lang=lang)
    app.settings.ui_scale = ui
    app.apply_settings()
    return app


def table_of(app, game: str, seats=("human", "random")) -> TableScene:
    session = Session.new(
        get_rules(game), get_view(game), {"players": 2}, 3, list(seats), app.store, ai_pause=5.0
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    return table


def within(inner, outer) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow + 1e-6 and y + h <= oy + oh + 1e-6


# ---------------------------------------------------------------- the leave dialog
@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ui", SCALES)
def test_the_leave_dialog_holds_its_buttons(tmp_path, lang, ui, size):
    """Runes of Mayhem's "Leave the table?" has four buttons (Leave, Concede, How to play,
    Cancel): each lies inside the box, its label as wide as the button at most."""
    app = scaled_app(tmp_path, lang, ui, size)
    table = table_of(app, "runes-of-mayhem", ("human", "human"))
    assert table.session.concession() is not None
    click(app, table.menu_button.rect)
    box = app.top
    assert isinstance(box, Dialog) and len(box.widgets) == 4
    vp = app.vp_for(box)
    x, y, w, h = box.rect
    assert vp.left <= x and x + w <= vp.right
    for b in box.widgets:
        assert within(b.rect, box.rect), (b.label, b.rect, box.rect)
    for a, b in zip(box.widgets, box.widgets[1:], strict=False):
        assert a.rect[0] + a.rect[2] <= b.rect[0]  # side by side, not over each other
    app.close()


# ---------------------------------------------------------------- plurals
def test_one_token_on_gold_is_singular():
    from game.games.runes_of_mayhem import words

    assert words.action_label(None, "V: TOK 1/6") == "1 token on gold, 6 on faith"
    assert words.action_label(None, "V: TOK 4/3") == "4 tokens on gold, 3 on faith"


# ---------------------------------------------------------------- the saved dialog
@pytest.mark.parametrize("lang", LANGS)
def test_the_saved_dialog_names_the_game_not_a_path(tmp_path, lang):
    app = scaled_app(tmp_path, lang)
    table = table_of(app, "stronghold")
    click(app, table.save_button.rect)
    box = app.top
    assert isinstance(box, Dialog)
    saved = app.store.list_saves()
    assert len(saved) == 1
    assert saved[0].stem in box.text  # its short name
    assert str(tmp_path) not in box.text and os.sep not in box.text and ".json" not in box.text
    app.close()


# ---------------------------------------------------------------- the window size
def open_settings(app) -> SettingsScene:
    app.reset(TitleScene(app))
    app.step()
    click(app, widget(app.top, "Settings").rect)
    assert isinstance(app.top, SettingsScene)
    return app.top


@pytest.mark.parametrize("size", [(1440, 900), (1600, 1000)])
def test_the_window_size_setting_shows_the_real_size(tmp_path, size):
    app = make_app(tmp_path, size)
    choice = widget(open_settings(app), "Window size")
    assert choice.value == size
    assert choice.options[choice.index][1] == f"{size[0]} × {size[1]}"
    app.close()


# ---------------------------------------------------------------- the last game chosen
def test_a_new_game_starts_from_the_game_chosen_last(tmp_path):
    app = make_app(tmp_path)
    setup = SetupScene(app)
    app.reset(setup)
    app.step()
    first = setup.game
    other = [g for g in playable_games() if g != first][-1]
    click(app, setup.tile(other).rect)
    assert setup.game == other
    assert SetupScene(app).game == other  # the next new game, this window
    app.close()
    again = make_app(tmp_path)  # and after the program was closed
    assert SetupScene(again).game == other
    again.close()


# ---------------------------------------------------------------- the rules' words
def test_the_rules_show_moves_in_words_not_their_codes():
    book = rulebook("field-of-glory")
    codes = code_words("field-of-glory")
    prose = [
        b
        for b in book.blocks
        if b.kind != "code" and b.section not in notation_rules("field-of-glory")
    ]
    for block in prose:
        for part in block.parts:
            shown = [part.text[s:e] for s, e, style in part.spans if style == CODE]
            assert not set(shown) & set(codes), (block.section, shown)
    rule = book.blocks[book.resolve("FG-10.1")]
    text = " ".join(p.text for p in rule.parts)
    assert "ENDACT" not in text and "End the actions" in text
    notation = book.blocks[book.resolve("FG-20.4")]  # the notation itself keeps its codes
    assert "ENDACT" in " ".join(p.text for p in notation.parts)


# ---------------------------------------------------------------- terrain in words
TYPE_CODE = re.compile(r"\b(HI|PH|SP|MI|LI|AR|CAV|LC|EL)\b")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ui", SCALES)
def test_terrain_is_told_in_words_and_fits_its_card(tmp_path, monkeypatch, lang, ui):
    from game.games.field_of_glory import words

    app = scaled_app(tmp_path, lang, ui)
    for terrain in ("FOR1", "MAR1", "HIL1", "PLN1"):
        tip = words.terrain_tip(terrain, "N", 2)
        assert not TYPE_CODE.search(tip.split("\n")[1]), tip
    table = table_of(app, "field-of-glory")
    drawn = []
    real = paint.text

    def spy(surf, vp, text, pos, size=paint.theme.FONT, *args, **kwargs):
        drawn.append((text, pos, size, vp))
        return real(surf, vp, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(paint, "text", spy)
    difficult = i18n._("difficult; heavy foot, cavalry, elephants −2; light inf. +1")
    for kind in ("FOR1", "MAR1"):  # the difficult ones, across the field
        table.obs = {**table.obs, "terrain": [kind] * 5}
        drawn.clear()
        table.draw(app.screen, app.vp_for(table), None)
        zones = [table.layout.zone(f"c{i + 1}_terrain") for i in range(5)]
        for i, (zx, zy, _zw, zh) in enumerate(zones):  # the effect: lines under the title
            lines = [
                text for text, (px, py), *_rest in drawn if px == zx + 8 and zy + 25 <= py < zy + zh
            ]
            assert lines and lines[0].split()[0] == difficult.split()[0], (kind, lines)
            for text in lines:
                assert not TYPE_CODE.search(text), text
            if lines[-1].endswith("…"):  # cut at 12 px: the tooltip tells the whole effect
                whole = i18n._(words.TERRAIN_TEXT[kind[:3]][0])
                assert whole in words.terrain_tip(kind, "N", i), (kind, lines)
    app.close()


# ---------------------------------------------------------------- the thinking head
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ui", SCALES)
def test_a_computer_thinking_stays_in_the_prompt_panel(tmp_path, monkeypatch, lang, ui):
    app = scaled_app(tmp_path, lang, ui)
    for game in playable_games():
        table = table_of(app, game, ("random", "human"))
        if table.session.human_to_act():
            continue
        drawn = []
        real = paint.text

        def spy(surf, vp, words, *args, _real=real, _drawn=drawn, **kwargs):
            r = _real(surf, vp, words, *args, **kwargs)
            _drawn.append((words, r))
            return r

        monkeypatch.setattr(paint, "text", spy)
        vp = app.vp_for(table)
        table.draw_prompt(app.screen, vp)
        monkeypatch.setattr(paint, "text", real)
        head, rect = drawn[0]
        assert i18n._("{name} (computer) is thinking…").split("{name}")[1] in head
        zone = vp.rect(table.zone("prompt"))
        assert zone.left <= rect.left and rect.right <= zone.right, (game, head)
    app.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ui", SCALES)
def test_a_wing_terrain_title_stays_clear_of_its_wing_label(tmp_path, monkeypatch, lang, ui):
    app = scaled_app(tmp_path, lang, ui)
    table = table_of(app, "field-of-glory")
    table.obs = {**table.obs, "terrain": ["FOR1", "MAR1", "HIL1", "PLN1", "FOR2"]}
    drawn = []
    real = paint.text

    def spy(surf, vp, text, *args, **kwargs):
        rect = real(surf, vp, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(paint, "text", spy)
    table.draw(app.screen, app.vp_for(table), None)
    wings = [r for text, r in drawn if text == i18n._("wing")]
    assert len(wings) == 2
    for wing, column in zip(wings, (0, 4), strict=True):
        title = [r for text, r in drawn if text.startswith(f"c{column + 1} · ")]
        assert title and title[0].right <= wing.left, (lang, ui, title, wing)
    app.close()
