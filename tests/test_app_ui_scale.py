"""The list, results, log and deck screens at the UI scale: at 150 % in a 1280x800 and a
1920x1080 window, in English, Hungarian and Polish, their buttons read apart and lie in
the window, every word drawn stays on the screen, and a click does what it did."""

from __future__ import annotations

import pytest
from app_helpers import RULES, VIEW, assert_widgets_fit, click, make_app, widget

from game.app import i18n
from game.app.scenes.deck import DeckScene
from game.app.scenes.replay import ReplayScene, ReplaysScene
from game.app.scenes.results import LogScene, ResultsScene
from game.app.scenes.saves import SavesScene, list_layout, stamp_of
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.match import Match
from game.core.record import save_record
from game.core.rng import Rng

SIZES = [(1280, 800), (1920, 1080)]
LANGS = ["en", "hu", "pl"]


@pytest.fixture(scope="module")
def finished():
    """A four-clan game of Hadrian's Wall played to its end (the most result rows)."""
    rng = Rng(3)
    match = Match.new(RULES, VIEW.config(4, {}), 3, ["human"] * 4)
    while not RULES.is_over(match.state):
        legal = RULES.legal_actions(match.state)
        match.play(legal[rng.below(len(legal))])
    return match.record


@pytest.fixture(
    params=[(size, lang) for size in SIZES for lang in LANGS],
    ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}",
)
def app(request, tmp_path):
    size, lang = request.param
    window = make_app(tmp_path / "home", size=size, lang=lang)
    window.settings.ui_scale = 1.5
    window.apply_settings()
    window.reset(TitleScene(window))
    yield window
    window.close()
    i18n.set_language("en")


def show(app, scene):
    app.push(scene)
    app.step()
    assert app.top is scene
    assert scene.ui_scaled and app.vp_for(scene).ui == 1.5
    assert_widgets_fit(app, scene)
    return scene


def keep(record, folder, count: int, month: int) -> None:
    """``count`` copies of ``record`` in ``folder``, one a day from the 10th of ``month``."""
    folder.mkdir(parents=True)
    for i in range(count):
        save_record(record, folder / f"hadrians-wall_2026-{month:02d}-{i + 10}_12-00-00.json")


def test_the_list_keeps_its_rows_and_back_button_at_100_percent():
    lay = list_layout(1.0, 600, 3)
    assert lay["rows"] == 10 and lay["row"](0) == (340, 120, 600, 48)
    assert lay["back"] == (560, 730, 160, 44) and lay["scroll"] is None


def test_saves_at_150_percent_scroll_and_a_click_loads(app, finished):
    keep(finished, app.store.saves_dir, 12, month=1)
    saves = show(app, SavesScene(app))
    rows = [w for w in saves.widgets if w.label.startswith("Hadrian's Wall")]
    assert 3 <= len(rows) < 12 == len(saves.paths)  # fewer, taller rows ...
    down = widget(saves, "▼")
    click(app, down.rect)  # ... and the others a click away
    assert saves.offset > 0
    assert_widgets_fit(app, saves)
    last = [w for w in saves.widgets if w.label.startswith("Hadrian's Wall")][-1]
    assert last.label.endswith(stamp_of(saves.paths[-1]))
    click(app, widget(saves, "▲").rect)
    assert saves.offset == 0
    click(app, [w for w in saves.widgets if w.label.startswith("Hadrian's Wall")][0].rect)
    assert isinstance(app.top, TableScene)
    assert app.top.session.match.record.actions == finished.actions


def test_an_empty_list_says_so_on_the_screen(app):
    show(app, SavesScene(app))
    show(app, ReplaysScene(app))


def test_replays_at_150_percent_and_a_click_opens_one(app, finished):
    keep(finished, app.store.finished_dir, 9, month=2)
    replays = show(app, ReplaysScene(app))
    click(app, widget(replays, "▼").rect)
    assert replays.offset > 0
    assert_widgets_fit(app, replays)
    click(app, replays.widgets[1].rect)
    assert isinstance(app.top, ReplayScene)


def test_results_and_log_at_150_percent(app, finished):
    session = Session.load(RULES, VIEW, finished, None, ai_pause=0.0)
    results = show(app, ResultsScene(app, session))
    rects = results.row_rects(1.5, 4)
    assert all(r[1] + r[3] <= results.widgets[0].rect[1] for r in rects)
    assert all(a[1] + a[3] < b[1] for a, b in zip(rects, rects[1:], strict=False))
    click(app, widget(results, i18n._("View log")).rect)
    log = app.top
    assert isinstance(log, LogScene)
    assert_widgets_fit(app, log)
    click(app, widget(log, i18n._("Back")).rect)
    assert app.top is results
    click(app, widget(results, i18n._("Main menu")).rect)
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1


def test_deck_construction_at_150_percent(app):
    view = get_view("runes-of-mayhem")
    config = {"players": 2, "modules": ["X1"]}
    done = []
    deck = show(app, DeckScene(app, view, config, [0, 1], ["A", "B"], done.append))
    before = set(deck.chosen)
    click(app, deck.rects["V-ARC"])  # a name out ...
    assert deck.chosen != before and not deck.done_button.enabled
    problem = deck.problem()  # the engine's reason, in the language of the screen
    assert problem == i18n._("A deck has exactly {m} cards, not {n} ({rule}).").format(
        m=52, n=deck.count(), rule="RM-19.2"
    )
    assert_widgets_fit(app, deck)
    click(app, deck.rects["V-ARC"])  # ... and in
    assert deck.chosen == before and deck.done_button.enabled
    click(app, deck.done_button.rect)
    assert deck.cover and deck.seat == 1  # the screen covered for the next person
    click(app, (640, 400, 1, 1))
    assert app.top is deck and not deck.cover
    assert_widgets_fit(app, deck)
    click(app, deck.done_button.rect)
    assert done and set(done[0]) == {0, 1}


def test_a_dialog_about_a_bad_save_keeps_its_words_inside_at_150_percent(app):
    from app_helpers import drawn_texts

    from game.app.save_store import problem
    from game.app.scenes import dialog
    from game.core.record import NewerSave

    app.push(SavesScene(app))
    dialog.message(app, i18n._("Cannot open this game"), problem(NewerSave("format 9")))
    box = app.top
    assert_widgets_fit(app, box)
    panel = app.vp_for(box).rect(box.rect)
    stack, app.stack = app.stack, [box]  # the words of the dialog alone
    try:
        words = drawn_texts(app)
    finally:
        app.stack = stack
    assert len(words) >= 3  # the title, the message, OK
    for w, r in words:
        assert panel.contains(r), (w, r, panel)
    click(app, box.widgets[0].rect)
    assert isinstance(app.top, SavesScene)


def test_a_line_given_a_width_prints_smaller_to_fit_it_and_no_smaller_than_need_be(tmp_path):
    from game.app import fonts, paint
    from game.app.viewport import Viewport

    app = make_app(tmp_path, size=(960, 600))
    try:
        surf = app.screen
        for ui in (1.0, 1.5):
            vp = Viewport.fit(960, 600, ui)
            words = "Keveréskártya: Első keverés"
            wide = paint.text(surf, vp, words, (0, 0), 12)
            assert paint.text(surf, vp, words, (0, 0), 12, fit=400) == wide  # room enough
            room = wide.w / vp.scale * 0.8  # a design width four fifths of the line's
            narrow = paint.text(surf, vp, words, (0, 0), 12, fit=room)
            assert narrow.w <= vp.size(room) < wide.w
            px = vp.size(12 * ui)
            while fonts.font(px).size(words)[0] > vp.size(room):
                px -= 1
            assert narrow.w == fonts.font(px).size(words)[0]  # the largest size that fits
            tiny = paint.text(surf, vp, words, (0, 0), 12, fit=20)  # below the smallest size
            assert tiny.w <= vp.size(20)
    finally:
        app.close()
