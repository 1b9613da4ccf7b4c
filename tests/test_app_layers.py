"""What is drawn on top, one rule: modal dialog > menu > tooltip > table.

The real scenes are driven headless with synthetic mouse events; what is drawn is read
from the draw calls (every tooltip's words go through ``links.draw_text``).
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from app_helpers import center, click, make_app, widget

from game.app import links
from game.app.scenes.dialog import Dialog
from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.registry import get_rules


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


@pytest.fixture
def drawn(monkeypatch):
    """The words of every text block drawn through links.draw_text, frame after frame."""
    words: list[str] = []
    real = links.draw_text

    def spy(surf, vp, text, *args, **kwargs):
        words.append(text)
        return real(surf, vp, text, *args, **kwargs)

    monkeypatch.setattr(links, "draw_text", spy)
    return words


def open_game(app, game: str) -> TableScene:
    session = Session.new(
        get_rules(game),
        get_view(game),
        {"players": 2},
        3,
        ["human", "random"],
        app.store,
        ai_pause=0.0,
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    return table


def move(app, design_pos) -> None:
    """The mouse moved to ``design_pos``; one frame drawn."""
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=app.vp.point(*design_pos), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.step()


def tooltip_drawn(drawn: list[str], tip: str) -> bool:
    return any(text.startswith(tip) for text in drawn)


def menu_keys(table: TableScene) -> list[tuple]:
    """The items whose click ends on several actions: a menu opens on them."""
    ending = Counter(path for path, _action in table.paths if len(path) == 1)
    return [path[0] for path, n in ending.items() if n > 1]


def menu_spot(table: TableScene):
    """An item with a tooltip beside which a menu opens: one whose click opens it, else
    a card of the Field of Glory draft (picked on the table, no menu of its own), else a
    place to click with a tooltip (Stronghold's phase cards are picked on the table)."""
    keys = (
        menu_keys(table)
        or [i.key for i in table.items if i.key[0] == "group"]
        or [i.key for i in table.items if i.tooltip and i.key in table.targets]
    )
    assert keys, "no menu opens here"
    return [i for i in table.items if i.key == keys[0]][0]


def open_menu(app, table: TableScene, spot) -> None:
    """A menu open beside ``spot``: its own, by a click, or the list of every legal
    action (as a "Choose…" button opens it) where a click on it opens none."""
    if spot.key in menu_keys(table):
        click(app, spot.rect)
    else:
        x, y, w, h = spot.rect
        table._open_menu((x + w, y), table.session.my_legal_actions())
        app.step()
    assert table.menu is not None


# the choice menus of the issue: a Stronghold phase card and Field of Glory's draft; both
# are picked on the table now, so a list of their choices is opened over them
@pytest.mark.parametrize("game", ["field-of-glory", "stronghold"])
def test_no_tooltip_is_drawn_over_an_open_menu(app, drawn, game):
    table = open_game(app, game)
    spot = menu_spot(table)
    tip = spot.tooltip
    assert tip
    pos = center(spot.rect)
    move(app, pos)  # no menu: the item's tooltip is drawn (the test can fail)
    assert tooltip_drawn(drawn, tip)
    open_menu(app, table, spot)
    x, y, w, h = table.menu.rect
    assert not (x <= pos[0] < x + w and y <= pos[1] < y + h)  # the mouse is off the menu
    drawn.clear()
    move(app, pos)  # the item under the mouse has a tooltip; the menu is open beside it
    assert not tooltip_drawn(drawn, tip)
    assert table.tooltip_at(pos) == ""
    # nor any other item's: the mouse over every item with a tooltip, the menu still open
    for other in table.items:
        if other.tooltip:
            drawn.clear()
            move(app, center(other.rect))
            assert table.menu is not None
            assert not tooltip_drawn(drawn, other.tooltip), other.key
    click(app, (x + w / 2, y + 2, 1, 1), button=3)  # right click: the menu is taken back
    assert table.menu is None
    drawn.clear()
    move(app, pos)
    assert tooltip_drawn(drawn, tip)


def test_the_menu_is_drawn_after_the_tooltip(app, monkeypatch):
    """The order within the table: the board, the panel, a tooltip, then a menu."""
    table = open_game(app, "field-of-glory")
    calls: list[str] = []
    monkeypatch.setattr(table, "draw_tooltip", lambda *a: calls.append("tooltip"))
    spot = menu_spot(table)
    open_menu(app, table, spot)
    monkeypatch.setattr(table.menu, "draw", lambda *a: calls.append("menu"))
    calls.clear()
    move(app, center(spot.rect))
    assert calls == ["tooltip", "menu"]


def test_no_tooltip_of_the_table_shows_through_a_dialog(app, drawn):
    table = open_game(app, "field-of-glory")
    save = table.save_button
    move(app, center(save.rect))
    assert tooltip_drawn(drawn, save.tooltip)  # without a dialog it is drawn
    click(app, widget(table, "Menu").rect)  # "Leave the table?" over the table
    assert isinstance(app.top, Dialog)
    for button in (save, table.undo_button, *table.option_buttons):
        if button.tooltip:
            drawn.clear()
            move(app, center(button.rect))
            assert not tooltip_drawn(drawn, button.tooltip), button.label
    for spot in table.items:  # nor the board's
        if spot.tooltip:
            drawn.clear()
            move(app, center(spot.rect))
            assert not tooltip_drawn(drawn, spot.tooltip), spot.key
    assert isinstance(app.top, Dialog)


def test_the_saved_message_hides_the_tooltip_of_the_save_button(app, drawn):
    table = open_game(app, "stronghold")
    click(app, table.save_button.rect)
    assert isinstance(app.top, Dialog)
    drawn.clear()
    move(app, center(table.save_button.rect))
    assert not tooltip_drawn(drawn, table.save_button.tooltip)


def test_with_a_menu_open_the_prompt_says_what_the_menu_asks(app):
    table = open_game(app, "field-of-glory")
    vp = app.vp_for(table)
    open_menu(app, table, menu_spot(table))
    prompt = table.prompt_texts(vp)[0][0]
    assert "Choose in the list" in prompt
    assert "highlighted places" not in prompt
    assert table.view.prompt(table.obs).text in prompt  # what the game asks, still said


def test_a_refusal_is_cleared_by_the_next_valid_click(app):
    table = open_game(app, "field-of-glory")
    s = table.session
    key = menu_spot(table).key  # a card of the draft: a click on it picks it
    picked = {k for items, _a in table.picks for k in items}
    other = [i for i in table.items if i.key not in table.targets and i.key not in picked][0]
    click(app, other.rect)  # not a choice now: refused, with a message
    assert s.message
    before = len(s.match.record.actions)
    click(app, [i for i in table.items if i.key == key][0].rect)  # valid: picked
    assert table.picked == (key,)
    assert s.message == ""
    assert len(s.match.record.actions) == before
    assert len(table.prompt_texts(app.vp_for(table))) == 1  # no message drawn
