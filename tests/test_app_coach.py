"""The guided first turn (game.app.coach): shown at a person's first game of a kind and
never again (Settings.coach_seen), a step at a time on the part of the table it names;
it goes on when the person plays the move it explains or clicks Next, ends on Escape or
"Skip the guide", never covers the part it points at, never changes the game, and is
drawn over the table but under the tooltip and the menus.  Its words are 12 px or more
and inside the window at 1280x800, in English, Hungarian and Polish."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import center, click, make_app, press

from game.app import coach, i18n
from game.app.scene import Input
from game.app.scenes.howto import HowToScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.settings_store import Settings
from game.app.view_registry import get_view, playable_games
from game.app.widgets import fitting
from game.core.registry import get_rules

LANGS = ("en", "hu", "pl")


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def first_time_app(tmp_path, size=(1280, 800), lang="en"):
    app = make_app(tmp_path, size, lang=lang)
    app.settings.coach_seen = []  # a person who never played
    return app


def start(app, game: str) -> TableScene:
    """Start a new game of ``game`` on the set-up screen (a person against the computer)."""
    setup = SetupScene(app)
    app.reset(setup)
    setup.set_game(game)
    setup.seat_specs[1] = "ai:easy"
    setup.start()
    app.step()
    table = app.top
    assert isinstance(table, TableScene)
    return table


def table_with_guide(app, game: str) -> TableScene:
    session = Session.new(
        get_rules(game),
        get_view(game),
        {"players": 2},
        3,
        ["human", "ai:easy"],
        app.store,
        ai_pause=0.0,
    )
    table = TableScene(app, session)
    app.reset(table)
    assert coach.offer(app, table)
    app.step()
    return table


def test_the_guide_shows_at_the_first_game_and_not_at_the_second(tmp_path):
    app = first_time_app(tmp_path)
    table = start(app, "hadrians-wall")
    assert table.coach is not None and not table.coach.done
    assert table.coach.layout(table, app.vp_for(table)) is not None  # on the screen
    assert "hadrians-wall" in Settings.load(app.store.root).coach_seen  # remembered
    again = start(app, "hadrians-wall")
    assert again.coach is None
    other = start(app, "field-of-glory")  # another game: its own first time
    assert other.coach is not None


def test_the_guide_goes_on_with_next_and_with_the_move_it_explains(tmp_path):
    app = first_time_app(tmp_path)
    table = start(app, "hadrians-wall")
    guide = table.coach
    moves = len(table.session.match.record.actions)
    shown = guide.layout(table, app.vp_for(table))
    assert shown["at"] == 0  # the forts of the wall
    click(app, guide.next_button.rect)
    assert guide.at == 1
    assert len(table.session.match.record.actions) == moves  # Next plays nothing
    shown = guide.layout(table, app.vp_for(table))
    hand = [i for i in table.items if i.key[0] == "hand"]
    assert shown["target"] == coach.union([i.rect for i in hand])
    click(app, hand[0].rect)  # the move it explains: set this card aside (HW-7.2)
    assert table.session.match.record.actions[moves:], "the click played the move"
    assert str(table.session.match.record.actions[moves]).split(":")[1].split()[0] == "ASIDE"
    assert guide.at == 2  # on to the order slots
    click(app, next(i for i in table.items if i.key[0] == "hand").rect)  # PLACE
    assert guide.at == 3


def test_escape_or_skip_ends_the_guide_and_nothing_else(tmp_path):
    app = first_time_app(tmp_path)
    table = start(app, "hadrians-wall")
    press(app, pygame.K_ESCAPE)
    assert table.coach.done and app.top is table  # not the "Leave the table?" dialog
    assert table.coach.layout(table, app.vp_for(table)) is None
    press(app, pygame.K_ESCAPE)  # now Escape is the table's again
    assert app.top is not table
    app2 = first_time_app(tmp_path / "two")
    table2 = start(app2, "runes-of-mayhem")
    moves = len(table2.session.match.record.actions)
    table2.coach.layout(table2, app2.vp_for(table2))
    click(app2, table2.coach.skip_button.rect)
    assert table2.coach.done
    assert len(table2.session.match.record.actions) == moves


def test_show_the_guide_again_from_how_to_play(tmp_path):
    app = first_time_app(tmp_path)
    table = start(app, "stronghold")
    table.coach.skip()
    howto = HowToScene(app, "stronghold")
    app.push(howto)
    app.step()
    assert howto.guide_button.enabled
    click(app, howto.guide_button.rect)
    assert not table.coach.done and table.coach.at == 0  # the table below: its guide again
    app.pop()
    app.step()
    assert table.coach.layout(table, app.vp_for(table)) is not None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", playable_games())
def test_every_step_is_readable_in_the_window_and_beside_its_part(tmp_path, game, lang):
    app = first_time_app(tmp_path, lang=lang)
    i18n.set_language(lang)
    table = table_with_guide(app, game)
    guide = table.coach
    vp = app.vp_for(table)
    seen = 0
    while not guide.done:
        shown = guide.layout(table, vp)
        assert shown is not None, guide.at
        seen += 1
        assert vp.font_px(coach.TEXT) >= 12 and vp.font_px(coach.TEXT - 2) >= 12
        screen = app.screen.get_rect()
        for rect in (
            shown["bubble"],
            shown["text"],
            guide.next_button.rect,
            guide.skip_button.rect,
        ):
            assert screen.contains(vp.rect(rect)), (shown["words"], rect)
        x, y, w, h = shown["bubble"]
        for button in (guide.next_button, guide.skip_button):
            bx, by, bw, bh = button.rect
            assert x <= bx and bx + bw <= x + w and y <= by and by + bh <= y + h
            label = fitting(vp, button.label, button.size, bw - 10)  # as Button draws it
            assert vp.font_px(label) >= 12, (button.label, label)
        assert coach._overlap(shown["bubble"], shown["target"]) == 0  # never over it
        assert len(shown["lines"]) * vp.text_h(coach.TEXT) * 1.25 <= shown["text"][3]
        guide.next(shown["at"])
    assert 4 <= seen <= 6


def test_the_guide_is_over_the_table_and_under_the_tooltip_and_the_menu(tmp_path, monkeypatch):
    app = first_time_app(tmp_path)
    table = table_with_guide(app, "hadrians-wall")
    order = []
    monkeypatch.setattr(table.coach, "draw", lambda *a: order.append("coach"))
    real_tip = table.draw_tooltip
    monkeypatch.setattr(table, "draw_tooltip", lambda *a: (order.append("tooltip"), real_tip(*a)))
    real_board = table.draw_board
    monkeypatch.setattr(table, "draw_board", lambda *a: (order.append("table"), real_board(*a)))
    hand = next(i for i in table.items if i.key[0] == "hand")
    table._open_menu(center(hand.rect), table.session.my_legal_actions()[:2])
    real_menu = table.menu.draw
    monkeypatch.setattr(table.menu, "draw", lambda *a: (order.append("menu"), real_menu(*a)))
    app.step()
    assert order == ["table", "coach", "tooltip", "menu"]
    # with the menu open, the bubble takes no click: its Next is not pressed
    shown = table.coach.layout(table, app.vp_for(table))
    at = table.coach.at
    table.handle(Input("click", center(table.coach.next_button.rect), 1))
    assert table.coach.at == at and shown is not None


@pytest.mark.parametrize(
    "game, verb", [("field-of-glory", "KEEP"), ("runes-of-mayhem", "MULL"), ("stronghold", None)]
)
def test_the_first_step_goes_on_when_its_move_is_played_by_mouse(tmp_path, game, verb):
    """The draft's Keep (cards picked, then Confirm), the mulligan, Stronghold's first
    click on a highlighted place: each played by clicks beside the guide's bubble."""
    from app_helpers import play_by_mouse

    app = first_time_app(tmp_path)
    table = start(app, game)
    for _ in range(200):
        if table.session.human_to_act() and table.session.my_legal_actions():
            break
        app.step()
    guide = table.coach
    assert guide.current(table)[0] == 0
    legal = [
        a
        for a in table.session.my_legal_actions()
        if verb is None or str(a).split(":")[-1].split()[0] == verb
    ]
    moves = len(table.session.match.record.actions)
    play_by_mouse(app, table, legal[0])
    assert len(table.session.match.record.actions) > moves  # the move was played
    assert guide.at == 1 and not guide.done


def test_the_guide_is_the_views_and_a_view_without_one_offers_none(monkeypatch):
    """Each game's view gives its steps (``guide``); ViewBase's default, none, offers no
    guide and no "Show the guide again"."""
    for game in playable_games():
        assert coach.has_guide(game) and coach.Coach(game).steps is get_view(game).guide
    view = get_view("field-of-glory")
    monkeypatch.setattr(view, "guide", ())
    assert not coach.has_guide("field-of-glory") and coach.Coach("field-of-glory").done


def test_a_step_waits_for_the_verb_of_the_move_and_a_seat_owns_its_side_letter():
    """The verb is the notation's first word after the seat, also where a Runes of Mayhem
    place has a colon in it (RM-26.4); a Runes of Mayhem seat's items carry its side's
    letter (RM-0.6)."""
    rm, rules = get_view("runes-of-mayhem"), get_rules("runes-of-mayhem")
    assert rm.action_verb(rules.parse_action("V: MULL -")) == "MULL"
    assert rm.action_verb("V: SAC VW:V-RDR#4") == "SAC"
    assert rm.own_keys(0) == {0, "V"} and rm.own_keys(1) == {1, "A"}
    assert get_view("hadrians-wall").own_keys(2) == {2}
