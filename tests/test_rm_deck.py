"""Runes of Mayhem deck construction (X1, RM-19) by mouse: the pool and the deck as cards,
a click moves all copies of a name, the limits are kept as the deck is built, presets
are starting points, and the game starts with exactly the deck built."""

from __future__ import annotations

import pytest
from app_helpers import assert_widgets_fit, click, drawn_texts, make_app, run_until

from game.app import i18n
from game.app.scenes.deck import DeckScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.registry import get_rules
from game.games.runes_of_mayhem.content import CARDS, code
from game.games.runes_of_mayhem.words import card_name

RULES = get_rules("runes-of-mayhem")
VIEW = get_view("runes-of-mayhem")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()
    i18n.set_language("en")


def from_setup(app, seats, **options) -> DeckScene:
    setup = SetupScene(app)
    app.reset(setup)
    setup.set_game("runes-of-mayhem")
    setup.options.update(mod_X1=True, **options)
    setup.seat_specs[:2] = seats
    setup.build()
    setup.start()
    app.step()
    deck = app.stack[-1]
    assert isinstance(deck, DeckScene)
    return deck


def printed_sizes(app) -> list[tuple[str, int]]:
    """The words the next frame prints and their pixel sizes (the card faces drawn
    anew: their caches are emptied first)."""
    from game.app import cards, fonts
    from game.games.runes_of_mayhem import faces

    cards.clear()
    faces.card_face.cache_clear()
    app.stack[-1]._kept = None  # the screen drawn anew, not copied from the last frame
    seen = []
    text = fonts.text

    def spy(words, px, *args, **kw):
        seen.append((words, px))
        return text(words, px, *args, **kw)

    fonts.text = spy
    try:
        app.draw()
    finally:
        fonts.text = text
    return [(w, px) for w, px in seen if w.strip()]


def cards_of(names) -> list[str]:
    return sorted(f"{c}#{i}" for c in names for i in range(1, CARDS[c][2] + 1))


def test_a_legal_deck_built_by_clicks_is_the_deck_the_game_starts_with(app):
    deck = from_setup(app, ["human", "ai:easy"])
    assert deck.seat == 0 and deck.count() == 52 and deck.problem() is None
    assert "V-POI" not in deck.chosen  # the base deck first (RM-27.3): the Poisoner in the pool
    pool_area, deck_area = deck.areas()
    assert deck.rects["V-POI"][0] < deck_area[0] <= deck.rects["V-ARC"][0]  # pool | deck
    for name in ("V-ARC", "V-ONG"):  # 3 + 1 cards out: 48 (short, not broken)
        click(app, deck.rects[name])
        assert name not in deck.chosen and deck.rects[name][0] < deck_area[0]
    assert deck.count() == 48 and deck.note == ""
    assert not deck.done_button.enabled  # not yet a deck (RM-19.2)
    click(app, deck.rects["V-POI"])  # all 4 Poisoners in (RM-19.2.2)
    assert deck.count() == 52 and deck.problem() is None and deck.done_button.enabled
    chosen = set(deck.chosen)
    click(app, deck.done_button.rect)
    app.step()
    table = app.stack[-1]
    assert isinstance(table, TableScene)
    first = table.session.match.record.actions[0]
    assert first == "V: DECK " + ",".join(cards_of(chosen))
    state = table.session.state
    assert sorted(state.pile[0] + state.hand[0] + state.aside[0]) == cards_of(chosen)


def test_a_click_that_would_break_a_limit_is_refused_and_changes_nothing(app):
    deck = from_setup(app, ["human", "ai:easy"])
    before, rects = set(deck.chosen), dict(deck.rects)
    click(app, deck.rects["V-POI"])  # 56 cards: more than a deck holds (RM-19.2)
    assert deck.chosen == before and deck.rects == rects and deck.count() == 52
    assert "Poisoner" in deck.note and "52" in deck.note and "\n" not in deck.note
    click(app, deck.rects["V-SPR"])  # a basic unit stays in (RM-19.2.1)
    assert deck.chosen == before and "Spearmen" in deck.note and "RM-19.2.1" in deck.note
    deck._kept = None  # the screen drawn anew, not copied from the last frame
    words = [w for w, _r in drawn_texts(app)]
    assert deck.note in words  # the reason is on the screen, in one line
    click(app, deck.rects["V-ARC"])  # a valid click: the refusal no longer holds
    assert deck.note == "" and "V-ARC" not in deck.chosen


def test_a_preset_fills_the_deck_and_the_base_deck_brings_it_back(app):
    deck = from_setup(app, ["human", "ai:easy"])
    presets = VIEW.deck_presets(0, deck.config)
    assert len(presets) > 3 and deck.preset_buttons
    label, _tip, names = presets[1]
    button = [b for b in deck.preset_buttons if b.label == label][0]
    click(app, button.rect)
    assert deck.chosen == names and "V-POI" in names and deck.problem() is None
    assert all(deck.rects[c][0] >= deck.areas()[1][0] for c in names)  # on the deck's side
    assert button.label in [b.label for b in deck.preset_buttons if b.selected]
    click(app, deck.preset_buttons[0].rect)  # the base deck
    assert deck.chosen == VIEW.deck_default(0, deck.config)


def test_two_people_build_in_turn_with_the_screen_covered_between_them(app):
    deck = from_setup(app, ["human", "human"], mod_K=True)
    click(app, deck.rects["V-ARC"])
    click(app, deck.rects["V-ONG"])
    click(app, deck.rects["V-POI"])
    viking = set(deck.chosen)
    click(app, deck.done_button.rect)
    assert deck.cover and deck.seat == 1  # the Anglo-Saxon's pool not yet shown
    words = " ".join(w for w, _r in drawn_texts(app))
    assert "Anglo-Saxon" in words and "Poisoner" not in words
    click(app, deck.done_button.rect)  # a click on the cover only takes the screen
    assert not deck.cover and deck.seat == 1 and app.stack[-1] is deck
    assert all(c.startswith("A-") for c in deck.rects)
    click(app, deck.done_button.rect)
    app.step()
    table = app.stack[-1]
    assert isinstance(table, TableScene)
    acts = table.session.match.record.actions
    assert acts[0] == "V: DECK " + ",".join(cards_of(viking))
    assert acts[1] == "A: DECK " + ",".join(cards_of(VIEW.deck_default(1, deck.config)))
    assert table.session.state.step == "KING"


def test_a_table_at_the_deck_step_opens_the_deck_screen_for_its_person(app):
    """Play again, a loaded game or the command line: the deck is built on the screen,
    not chosen from a list; Back shows the table with a button to build it."""
    session = Session.new(
        RULES,
        VIEW,
        {"players": 2, "modules": ["X1"]},
        4,
        ["ai:easy", "human"],
        app.store,
        ai_pause=0.0,
    )
    table = TableScene(app, session)
    app.reset(table)
    run_until(app, lambda: isinstance(app.stack[-1], DeckScene))
    deck = app.stack[-1]
    assert isinstance(deck, DeckScene) and deck.seat == 1
    click(app, [w for w in deck.widgets if w.label == "Back"][0].rect)
    assert app.stack[-1] is table
    app.step()
    assert app.stack[-1] is table  # not opened again by itself
    opener = [b for b in table.option_buttons if b.label == "Build your deck…"]
    assert len(opener) == 1
    click(app, opener[0].rect)
    deck = app.stack[-1]
    assert isinstance(deck, DeckScene)
    for name in ("A-CMK", "A-CDF", "A-POI"):  # 2 + 2 out, 4 Poisoners in
        click(app, deck.rects[name])
    assert deck.problem() is None
    chosen = set(deck.chosen)
    click(app, deck.done_button.rect)
    assert app.stack[-1] is table
    assert session.match.record.actions[1] == "A: DECK " + ",".join(cards_of(chosen))


def test_play_again_builds_the_deck_anew(app):
    session = Session.new(
        RULES,
        VIEW,
        {"players": 2, "modules": ["X1"]},
        4,
        ["human", "ai:easy"],
        app.store,
        ai_pause=0.0,
    )
    session._play("V: DECK -")
    results = ResultsScene(app, session)
    app.reset(results)
    results.again()
    run_until(app, lambda: isinstance(app.stack[-1], DeckScene))
    assert app.stack[-1].seat == 0


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_the_screen_reads_at_every_size_and_language(tmp_path, size, lang):
    """Every card inside its area and apart, every word at 12 px or more and inside the
    window, the buttons apart and inside the 1280x800 box, at 100 % and 150 %."""
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        for ui in (1.0, 1.5):
            app.settings.ui_scale = ui
            app.apply_settings()
            config = {"players": 2, "modules": ["X1", "X2", "X3"]}
            deck = DeckScene(app, VIEW, config, [1], ["A", "B"], lambda d: None)
            app.reset(deck)
            app.step()
            for c in list(deck.rects)[9:14]:  # a few out: both areas hold cards
                click(app, deck.rects[c])
            rects = list(deck.rects.values())
            assert len(rects) == len(deck.pool) == 27
            for area in deck.areas():
                ax, ay, aw, ah = area
                assert ax >= app.vp.left and ax + aw <= app.vp.right and ay + ah <= 800
            for i, (x, y, w, h) in enumerate(rects):
                assert w >= 60 and h > w  # cards, not chips
                for x2, y2, w2, h2 in rects[i + 1 :]:
                    assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
            assert_widgets_fit(app, deck)
            vp = app.vp_for(deck)
            x, y, w, h = deck.rects[code("A-SWD")]
            app.mouse = (x + w / 2, y + h / 2)  # its tooltip's words are drawn too
            sizes = printed_sizes(app)
            name = card_name("A-SWD")
            assert any(name in words for words, _px in sizes)  # the cards' words too
            small = [(words, px) for words, px in sizes if px < vp.text_px(12)]
            assert not small, small
    finally:
        app.close()
        i18n.set_language("en")


def test_a_moved_card_travels_to_its_side_at_the_animation_speed(app):
    config = {"players": 2, "modules": ["X1"]}
    for speed, moving in (("normal", True), ("instant", False)):
        app.settings.speed = speed
        deck = DeckScene(app, VIEW, config, [0], ["A", "B"], lambda d: None)
        app.reset(deck)
        app.step()
        start = deck.rects["V-ARC"]
        click(app, deck.rects["V-ARC"])
        assert deck.rects["V-ARC"] != start  # its place on the pool's side
        assert ("V-ARC" in deck.slides) is moving
        if moving:  # drawn on its way from where it was, then at its place
            shown = deck.shown_rect("V-ARC", deck.slides["V-ARC"][1] + 0.5 * deck.slide_time())
            assert shown not in (start, deck.rects["V-ARC"])
            assert deck.shown_rect("V-ARC", 1e12) == deck.rects["V-ARC"]
            assert "V-ARC" not in deck.slides


def test_enter_confirms_a_legal_deck_only(app):
    import pygame
    from app_helpers import press

    done = []
    deck = DeckScene(app, VIEW, {"players": 2, "modules": ["X1"]}, [0], ["A", "B"], done.append)
    app.reset(deck)
    app.step()
    click(app, deck.rects["V-ARC"])  # 49 cards: not a deck
    press(app, pygame.K_RETURN)
    assert not done and app.stack[-1] is deck
    click(app, deck.rects["V-ARC"])
    press(app, pygame.K_RETURN)
    assert done and done[0][0] == VIEW.deck_default(0, deck.config)
