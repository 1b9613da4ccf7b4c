"""Layouts that fill the window: no pillarbox at 16:9, the side panel at the right edge,
clicks exact through the widened design space, text not smaller at 1280x720 than at
1280x800, and the board's words growing with the text-size setting."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import (
    center,
    click,
    item,
    make_app,
    open_table,
    play_by_mouse,
    press,
    run_until,
    widget,
)

from game.app import fonts, theme
from game.app.scenes.dialog import Dialog
from game.app.scenes.replay import ReplaysScene
from game.app.scenes.saves import SavesScene
from game.app.scenes.table import TableScene
from game.app.session import HUMAN, Session
from game.app.view_registry import get_view
from game.app.viewport import Viewport
from game.core import registry
from tools.screenshots import screenshots

WIDE = [(1920, 1080), (2560, 1440), (1280, 720)]


def bare_columns(surf: pygame.Surface) -> list[int]:
    """The columns near the left and right edges (a twentieth of the width each, every
    third) drawn wholly in the plain background colour: a pillarbox's bars."""
    w, h = surf.get_size()
    edge = max(2, w // 20)
    bare = []
    for x in [*range(0, edge, 3), *range(w - edge, w, 3), w - 1]:
        column = surf.subsurface((x, 0, 1, h))
        mask = pygame.mask.from_threshold(column, theme.BG, (1, 1, 1, 255))
        if mask.count() == h:
            bare.append(x)
    return bare


def test_the_design_space_takes_the_window_shape():
    for (w, h), design_w in (
        ((1280, 800), 1280),
        ((1920, 1080), 1422.2),
        ((1280, 720), 1422.2),
        ((2560, 1440), 1422.2),
        ((2560, 1600), 1280),
    ):
        vp = Viewport.fit(w, h)
        assert vp.design_h == pytest.approx(800, abs=0.01)
        assert vp.design_w == pytest.approx(design_w, abs=0.1)
        assert vp.left == pytest.approx(-(design_w - 1280) / 2, abs=0.5)
        assert vp.rect(vp.full) == pygame.Rect(0, 0, w, h)  # the whole window, exactly
        assert vp.point(640, 400) == (w // 2, h // 2)  # the 1280x800 box in the middle
    tall = Viewport.fit(1280, 1024)  # taller than 16:10: the height grows instead
    assert tall.design_w == 1280 and tall.design_h == pytest.approx(1024)
    assert tall.rect(tall.full) == pygame.Rect(0, 0, 1280, 1024)


def test_text_keeps_its_1280x800_size_at_1280x720():
    small, full = Viewport.fit(1280, 720), Viewport.fit(1280, 800)
    assert small.scale == pytest.approx(0.9)  # the art is drawn smaller...
    for size in (12, 13, 16, 24, 56):  # ...the text read is not
        assert small.text_px(size) == full.text_px(size) == size
    assert Viewport.fit(1920, 1080).text_px(13) > 13  # and it grows in a larger window
    assert small.with_ui(1.5).font_px(13) == round(13 * 1.5)


@pytest.mark.parametrize("size", WIDE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fills_the_window(tmp_path, size):
    """No pillarbox: on every screen (title, set-up, rules, settings, how to play, the
    tables of the four games, a dialog, results, continue, replays, hand-off) the edges
    of a 16:9 window are drawn on, not left in the background colour."""
    shots = screenshots(str(tmp_path / "shots"), size)
    names = {p.stem for p in shots}
    assert {
        "title",
        "setup",
        "rules",
        "settings",
        "continue",
        "results",
        "replay",
        "table-middle",
        "stronghold-siege",
        "fog-battle",
        "rom-main",
    } <= names
    for path in shots:
        surf = pygame.image.load(str(path))
        assert surf.get_size() == size
        assert bare_columns(surf) == [], path.stem


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_load_and_replay_lists_fill_the_window(tmp_path, size):
    app = make_app(tmp_path, size)
    for scene in (SavesScene(app), ReplaysScene(app)):
        app.reset(scene)
        app.step()
        assert bare_columns(app.screen) == [], type(scene).__name__


def test_the_side_panel_keeps_to_the_right_edge_and_its_buttons_answer(tmp_path):
    app = make_app(tmp_path, (1920, 1080))
    table = open_table(app, [HUMAN, "ai:easy"])
    menu = widget(table, "Menu")
    right = app.vp.rect(menu.rect).right
    assert 1920 - 20 <= right <= 1920  # at the window's edge, not 16:10's
    assert table.zone("log")[0] > 944  # the log moved with it
    click(app, menu.rect)
    assert isinstance(app.top, Dialog)  # the click found the button where it is drawn
    press(app, pygame.K_ESCAPE)
    assert app.top is table


@pytest.mark.parametrize("game", ["hadrians-wall", "stronghold"])
def test_clicks_on_the_board_play_at_1920x1080(tmp_path, game):
    """Synthetic mouse clicks through the widened viewport play the items' actions."""
    app = make_app(tmp_path, (1920, 1080))
    rules, view = registry.get_rules(game), get_view(game)
    seats = [HUMAN] + ["ai:easy"] * (rules.min_seats - 1)
    session = Session.new(
        rules, view, view.config(len(seats), {}), 3, seats, app.store, ai_pause=0.0
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    played = 0
    for _ in range(40):
        run_until(app, lambda: session.human_to_act() or session.is_over())
        if session.is_over() or played >= 4:
            break
        on_board = [a for p, a in table.paths]
        if not on_board:  # a button's turn: play it, it is not what is tested here
            play_by_mouse(app, table, session.my_legal_actions()[0])
            continue
        action = on_board[0]
        before = len(session.match.record.actions)
        play_by_mouse(app, table, action)
        run_until(
            app,
            lambda n=before: len(session.match.record.actions) > n or table.building is not None,
        )
        built = table.building is not None
        if built:  # an action built on: Done plays it
            click(app, widget(table, table.option_buttons[0].label).rect)
        assert len(session.match.record.actions) > before
        if not built:  # the move recorded is the item's action
            assert rules.parse_action(session.match.record.actions[before]) == action
        played += 1
    assert played >= 1


def test_a_click_beside_an_item_does_not_hit_it(tmp_path):
    """The viewport's mapping is exact at 1920x1080: the middle of an item is that item,
    a point just left of the board's first column is none."""
    app = make_app(tmp_path, (1920, 1080))
    table = open_table(app, [HUMAN, "ai:easy", "ai:easy"])
    first = table.items[0]
    pos = app.vp.to_design(app.vp.point(*center(first.rect)))
    assert table.item_at(pos) is not None
    assert table.item_at(app.vp.to_design((2, 540))) is None  # the felt left of the board


def words_drawn(monkeypatch) -> list[tuple[str, int]]:
    drawn: list[tuple[str, int]] = []
    real = fonts.text

    def spy(words, size, colour, face="sans"):
        drawn.append((words, size))
        return real(words, size, colour, face)

    monkeypatch.setattr(fonts, "text", spy)
    return drawn


def board_sizes(tmp_path, monkeypatch, ui: float, size=(1280, 800)) -> dict[str, int]:
    app = make_app(tmp_path / f"ui{ui}-{size[0]}", size)
    app.settings.ui_scale = ui
    app.apply_settings()
    table = open_table(app, [HUMAN, "ai:easy", "ai:easy"])
    table.session.message = ""
    table.view._kept_table = None  # the board is kept drawn per move: draw it anew here
    drawn = words_drawn(monkeypatch)
    app.draw()  # the table: its board and its side panel
    monkeypatch.undo()
    return dict(drawn)


def test_the_text_size_setting_grows_the_words_on_the_board(tmp_path, monkeypatch):
    normal = board_sizes(tmp_path, monkeypatch, 1.0)
    large = board_sizes(tmp_path, monkeypatch, 1.5)
    status = get_view("hadrians-wall").status  # the board's own line, not the panel's
    shared = [w for w in normal if w in large]
    assert shared
    assert any(large[w] > normal[w] for w in shared)
    assert all(large[w] >= normal[w] for w in shared)
    app = make_app(tmp_path / "probe")
    table = open_table(app, [HUMAN, "ai:easy", "ai:easy"])
    line = status(table.obs)
    assert large[line] > normal[line]


def test_board_words_are_as_large_at_1280x720_as_at_1280x800(tmp_path, monkeypatch):
    full = board_sizes(tmp_path, monkeypatch, 1.0, (1280, 800))
    small = board_sizes(tmp_path, monkeypatch, 1.0, (1280, 720))
    read = [w for w, px in full.items() if px >= 12 and w in small]
    assert read
    assert all(small[w] >= full[w] for w in read), [
        (w, full[w], small[w]) for w in read if small[w] < full[w]
    ]


def test_an_item_is_clicked_where_it_is_drawn_at_2560x1440(tmp_path):
    app = make_app(tmp_path, (2560, 1440))
    table = open_table(app, [HUMAN, "ai:easy", "ai:easy"])
    legal = [k for k in table.targets]
    assert legal
    target = item(table, legal[0])
    before = table.chosen, len(table.session.match.record.actions)
    click(app, target.rect)
    assert (
        table.chosen,
        len(table.session.match.record.actions),
    ) != before or table.menu is not None


def test_a_window_taller_than_16_10_stretches_the_side_panel(tmp_path):
    """At 1280x1024 the prompt keeps to the window's top, the buttons to its foot and the
    log takes the room between; the buttons still answer clicks."""
    app = make_app(tmp_path, (1280, 1024))
    table = open_table(app, [HUMAN, "ai:easy"])
    prompt, log = app.vp.rect(table.zone("prompt")), app.vp.rect(table.zone("log"))
    menu = widget(table, "Menu")
    assert prompt.top <= 20
    assert 1024 - 30 <= app.vp.rect(menu.rect).bottom <= 1024
    assert log.h > app.vp.size(table.layout.zone("log")[3]) + 200
    click(app, menu.rect)
    assert isinstance(app.top, Dialog)
