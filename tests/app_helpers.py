"""Helpers of the window tests: a headless App rooted in a temporary folder, and clicks.

Importing this module selects SDL's dummy video driver before pygame opens a window,
so the window tests run without a display.
"""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the table's sounds make no noise

import pygame  # noqa: E402 - after the video driver is chosen

from game.app.app import App, AppOptions  # noqa: E402
from game.app.save_store import SaveStore  # noqa: E402
from game.app.scenes.dialog import Dialog  # noqa: E402
from game.app.scenes.handoff import HandoffScene  # noqa: E402
from game.app.scenes.table import (  # noqa: E402
    SUMMARY_RECT,
    TableScene,
    click_path,
    pick_set,
)
from game.app.session import Session  # noqa: E402
from game.app.view_registry import VIEWS, get_view  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.games.hadrians_wall.rules import RULES  # noqa: E402

GAME = "hadrians-wall"
VIEW = get_view(GAME)


def make_app(root, size=(1280, 800), **options) -> App:
    """A window whose saves and settings live under ``root`` (never the user's folder)."""
    options.setdefault("ai_pause", 0.0)
    app = App(AppOptions(size=size, store=SaveStore(root), **options))
    app.settings.howto_seen = list(VIEWS)  # no how-to-play screen in the way of the clicks
    app.settings.coach_seen = list(VIEWS)  # nor the first game's guide
    return app


def new_session(app: App, seats: list[str], seed: int = 5, **config) -> Session:
    config = {"players": len(seats), **config}
    return Session.new(RULES, VIEW, config, seed, seats, app.store, ai_pause=0.0)


def open_table(app: App, seats: list[str], seed: int = 5, **config) -> TableScene:
    table = TableScene(app, new_session(app, seats, seed, **config))
    app.reset(table)
    app.step()
    return table


def center(rect) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def post_click(app: App, design_pos, button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.vp.point(*design_pos), button=button)
    )


def click(app: App, rect, button: int = 1) -> None:
    """Click the middle of a design-space rectangle and run one frame."""
    post_click(app, center(rect), button)
    app.step()


def press(app: App, key: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    )
    app.step()


def widget(scene, text: str):
    """The widget of ``scene`` labelled (button) or captioned (choice, field) ``text``."""
    found = [
        w
        for w in scene.widgets
        if getattr(w, "label", None) == text or getattr(w, "caption", None) == text
    ]
    assert len(found) == 1, f"{text!r} among {[getattr(w, 'label', w) for w in scene.widgets]}"
    return found[0]


def button_starting(scene, prefix: str):
    found = [w for w in scene.widgets if getattr(w, "label", "").startswith(prefix)]
    assert len(found) == 1, prefix
    return found[0]


def item(table: TableScene, key: tuple):
    found = [i for i in table.items if i.key == key]
    assert found, f"no item {key}"
    return found[0]


def click_item(app: App, table: TableScene, key: tuple, button: int = 1) -> None:
    click(app, item(table, key).rect, button)


def run_until(app: App, done, frames: int = 20_000, seconds: float = 30.0) -> int:
    """Run frames until ``done()``; the number of frames (fails past either bound)."""
    end = time.monotonic() + seconds
    for n in range(frames):
        if done():
            return n
        assert time.monotonic() < end, "timed out"
        app.step()
        time.sleep(0)  # the window sleeps between frames; so do tests, or the worker starves
    assert done(), "not done within the frame bound"
    return frames


def see_results(app: App, frames: int = 20_000, seconds: float = 60.0) -> int:
    """Run frames until the game's end shows the final table with its results button,
    then click it: the results screen (the table stays until it is asked for)."""
    from game.app.scenes.results import ResultsScene

    n = run_until(
        app,
        lambda: isinstance(app.top, TableScene) and app.top.results_button in app.top.widgets,
        frames,
        seconds,
    )
    table = app.top
    assert isinstance(table, TableScene) and table.session.is_over()
    click(app, table.results_button.rect)
    assert isinstance(app.top, ResultsScene) and app.top.session is table.session
    return n


def state_json(session: Session) -> dict:
    return session.rules.to_json(session.state)


def replayed_json(session: Session) -> dict:
    return session.rules.to_json(Match.load(session.rules, session.match.record).state)


def sessions_of(app: App) -> list[Session]:
    """Every session the scene stack can reach (tables, results, a covered table)."""
    found = []
    for scene in app.stack:
        for holder in (scene, getattr(scene, "table", None)):
            session = getattr(holder, "session", None)
            if session is not None and all(session is not s for s in found):
                found.append(session)
    return found


def check_games(app: App, where: str) -> int:
    """Every game the scene stack holds is consistent with its rules and equal to the
    replay of its record; the number of games checked."""
    sessions = sessions_of(app)
    for session in sessions:
        problems = session.rules.check_invariants(session.state)
        assert problems == [], f"{where}: {problems}"
        assert replayed_json(session) == state_json(session), f"{where}: replay differs"
    return len(sessions)


def play_by_mouse(app: App, table: TableScene, action) -> None:
    """Make ``action`` with clicks: its items in turn (or, picked as a set, each of them
    and Confirm), then its line in a menu if one opens, or its button (possibly inside
    the menu of a "Choose…" button), and "Done" where the
    action is built on before it is played; a summary over the board is clicked away
    first, a confirmation answered Yes."""
    view = table.view
    if table.staging.busy():  # the last move still shown in stages: Space shows the rest
        press(app, pygame.K_SPACE, " ")
    if table.summary_shown():
        click(app, SUMMARY_RECT)
    if getattr(action, "verb", "") == "DECK":  # Runes of Mayhem X1: on its own screen
        if type(app.stack[-1]).__name__ != "DeckScene":
            opener = [b for b in table.option_buttons if b.on_click == table.open_deck]
            click(app, opener[0].rect)
        build_deck_by_clicks(app, app.stack[-1], action.arg)
        return
    label = view.action_label(table.obs, action)
    picks = pick_set(view, table.obs, action)
    path = click_path(view, table.obs, action)
    if picks is not None:  # its items picked in turn, then Confirm (which names it)
        for key in sorted(picks):
            click_item(app, table, key)
        assert set(table.picked) == set(picks), (str(action), table.picked)
        confirm = [b for b in table.option_buttons if b.label == label]
        assert len(confirm) == 1, (label, [b.label for b in table.option_buttons])
        click(app, confirm[0].rect)
    elif path is None:
        buttons = [b for b in table.option_buttons if b.label == label]
        if buttons:
            click(app, buttons[0].rect)
        else:
            assert len(table.option_buttons) == 1, [b.label for b in table.option_buttons]
            click(app, table.option_buttons[0].rect)
    else:
        for key in path:
            assert key in table.targets, (str(action), key, list(table.targets)[:8])
            click_item(app, table, key)
    if (
        path is not None
        and table.menu is None
        and table.again() is not None
        and str(table.again()) == str(action)
    ):  # it ends where others go on: click it again
        click_item(app, table, path[-1])
    if table.menu is not None and hasattr(table.menu, "set_count"):  # a count stepper
        stepper = table.menu
        count = next(n for n, a in stepper.counts if str(a) == str(action))
        while stepper.count != count:  # its - and + buttons, then the move
            click(app, (stepper.plus if stepper.count < count else stepper.minus).rect)
        click(app, stepper.go.rect)
    elif table.menu is not None:
        lines = [b for b in table.menu.buttons if b.label == label]
        labels = [b.label for b in table.menu.buttons]
        assert len(set(labels)) == len(labels), f"two menu lines read alike: {labels}"
        assert len(lines) == 1, (str(action), label, labels)
        click(app, lines[0].rect)
    if table.building is not None:  # an action built on before it is played: play it
        assert str(table.building) == str(action), (str(table.building), str(action))
        done = [b for b in table.option_buttons if b.label.startswith("Done")]
        click(app, done[0].rect)
    top = app.stack[-1]
    if isinstance(top, Dialog):  # the confirm of an irreversible step
        yes = [w for w in top.widgets if getattr(w, "label", "") == "Yes"]
        click(app, yes[0].rect)


def build_deck_by_clicks(app: App, deck, cards: str) -> None:
    """Build the deck list ``cards`` (copy ids, comma-separated; "-" the base deck) on the
    deck-construction screen ``deck`` by clicks on its cards (the names to take out
    first, then those to put in) and confirm it."""
    from game.games.runes_of_mayhem.content import code

    names = (
        deck.view.deck_default(deck.seat, deck.config)
        if cards == "-"
        else {code(c) for c in cards.split(",")}
    )
    for c in sorted(deck.chosen - names) + sorted(names - deck.chosen):
        click(app, deck.rects[c])
    assert deck.chosen == names, (sorted(deck.chosen ^ names), deck.note)
    click(app, deck.done_button.rect)


def play_humans_by_mouse(
    app: App, table: TableScene, seed: int, done, limit: int = 3000, steps: int = 12_000
) -> int:
    """Make every decision of the people at ``table`` (a seeded random legal one, by
    clicks, checking that exactly it was recorded; hand-off screens clicked through)
    until ``done()`` or the game's end; the number of actions clicked."""
    from game.core.rng import Rng

    rng = Rng(seed)
    s = table.session
    made = 0
    for _ in range(steps):
        if s.is_over() or done() or made >= limit:
            break
        if isinstance(app.stack[-1], HandoffScene):
            click(app, (600, 400, 10, 10))
            continue
        if s.human_to_act() and s.to_act() == s.viewer:
            table.refresh()
            legal = s.my_legal_actions()
            action = legal[rng.below(len(legal))]
            before = len(s.match.record.actions)
            play_by_mouse(app, table, action)
            assert s.match.record.actions[before : before + 1] == [str(action)], str(action)
            made += 1
        else:
            app.step()
            pygame.time.wait(0)
    return made


def assert_clicks_read_apart(view, rules, state, obs, keys, max_buttons=None) -> None:
    """Every legal action's click path (or pick set) ends on items of the table, no two
    actions picked by the same items; the actions ending on
    the same clicks (a menu) and the buttons have distinct labels (at most
    ``max_buttons`` buttons when given)."""
    ends: dict = {}
    buttons = []
    picks: dict = {}
    for a in rules.legal_actions(state):
        items = pick_set(view, obs, a)
        if items is not None:  # picked on the table, then confirmed: the items tell it
            assert items <= keys, (str(a), items)
            assert items not in picks, (str(a), str(picks.get(items)))
            picks[items] = a
            continue
        path = click_path(view, obs, a)
        if path is None:
            buttons.append(view.action_label(obs, a))
            continue
        assert set(path) <= keys, (str(a), path)
        ends.setdefault(path, []).append(view.action_label(obs, a))
    for path, labels in ends.items():
        assert len(set(labels)) == len(labels), (path, labels)
    assert len(set(buttons)) == len(buttons), buttons
    if max_buttons is not None:
        assert len(buttons) <= max_buttons, buttons


def assert_apart_or_nested(rects: dict, inside: dict) -> None:
    """No two map rectangles overlap, except a small one lying wholly in its ``inside``
    one."""

    def overlap(a, b):
        ax, ay, aw, ah = a
        bx, by, bw, bh = b
        return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah

    names = sorted(rects)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if inside.get(a) == b or inside.get(b) == a:
                continue
            assert not overlap(rects[a], rects[b]), (a, b)
    for small, big in inside.items():
        x, y, w, h = rects[small]
        bx, by, bw, bh = rects[big]
        assert bx <= x and x + w <= bx + bw and by <= y and y + h <= by + bh, small


def drawn_texts(app: App) -> list[tuple[str, pygame.Rect]]:
    """The words drawn by the next frame of the window with the pixels they cover."""
    from game.app import paint

    seen = []
    text = paint.text

    def spy(surf, vp, words, *args, **kw):
        rect = text(surf, vp, words, *args, **kw)
        seen.append((words, rect))
        return rect

    paint.text = spy
    try:
        app.draw()
    finally:
        paint.text = text
    return seen


def assert_widgets_fit(app: App, scene) -> None:
    """The clickable widgets of ``scene`` read apart and lie in the window: inside the
    1280x800 design space, no two overlapping, no two buttons with the same label, no
    label drawn smaller than at 100 % (a long word at 150 % may shrink to its button, not
    below its size at 100 %); every word of the next frame lies inside the window."""
    from game.app.widgets import fitting

    vp = app.vp_for(scene)
    rects = [w.rect for w in scene.widgets]
    for x, y, w, h in rects:
        assert x >= 0 and y >= 0 and x + w <= 1280 and y + h <= 800, (x, y, w, h)
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            apart = (
                a[0] + a[2] <= b[0]
                or b[0] + b[2] <= a[0]
                or a[1] + a[3] <= b[1]
                or b[1] + b[3] <= a[1]
            )
            assert apart, (a, b)
    labels = [w.label for w in scene.widgets if hasattr(w, "label")]
    assert len(set(labels)) == len(labels), labels
    for w in scene.widgets:
        if hasattr(w, "label") and hasattr(w, "size"):
            size = fitting(vp, w.label, w.size, w.rect[2] - 10) * vp.ui
            assert size >= w.size * 0.99, (w.label, size, w.size)
            assert vp.size(w.size * vp.ui) * 1.25 <= vp.rect(w.rect).height + 2, w.label
    window = app.screen.get_rect()
    for words, rect in drawn_texts(app):
        assert window.contains(rect), (words, rect, window)


def random_config(game: str, rng, players: int) -> dict:
    """A set-up of ``game`` for ``players`` with its options drawn by ``rng`` (the
    defaults where the engine refuses the combination drawn)."""
    from game.core.contract import GameError
    from game.core.registry import get_rules

    rules, view = get_rules(game), get_view(game)
    options = {
        option.key: rng.choice([v for v, _label in option.options])
        for option in view.setup_options(players)
    }
    config = view.config(players, options)
    try:
        rules.new_game(config, 0)
    except GameError:  # a combination of variants the engine refuses: the defaults
        config = view.config(players, {})
    return config


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t
