"""A seeded monkey started in every screen of the window.

The screens are found in the package (every ``Scene`` class of ``game.app.scenes``), so a
new screen no case seats fails ``test_every_screen_has_a_monkey_case``.  Each case seats
its screen directly (a table of each game at its set-up, in its middle with a person to
decide, handed over in hotseat, finished; the menus, the lists of kept games, a replay,
the results, a dialog, deck construction...) and sends it a seeded stream of mixed
events: mouse motion, left, right and middle clicks at random points and on the
screen's own widgets and items (mostly the ones that do something), the wheel, keys,
typed text, window resizes from 320x240 to 3840x2160 and focus changes.  Quitting or
closing never ends the run: the case's screen is seated again, as it is when the monkey
has wandered off it for a while.

Nothing may raise; every game the scene stack holds stays consistent with its rules
and equal to the replay of its record; nothing is written outside the temporary home.
A default run sends ``EVENTS`` events over all the cases, ``-m slow`` sends
``SLOW_EVENTS``; with ``-s`` both print the events sent to each screen.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import inspect
import pkgutil
import random
import time
import traceback
from collections import Counter, deque
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pytest
from app_helpers import check_games, make_app, random_config

import game.app.scenes as scenes_package
from game.app import i18n, theme
from game.app.scene import Scene
from game.app.scenes import dialog
from game.app.scenes.howto import HowToScene
from game.app.scenes.reader import RulesScene
from game.app.scenes.replay import ReplaysScene, open_replay
from game.app.scenes.results import ResultsScene
from game.app.scenes.saves import SavesScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.session import Session
from game.app.settings_store import SPEEDS, UI_SCALES
from game.app.view_registry import get_view
from game.core.agents import make_agent
from game.core.match import Match
from game.core.record import save_record
from game.core.registry import get_rules

SEED = 20_250_611
EVENTS = 4_000  # over all the cases in a default run
SLOW_EVENTS = 100_000
CHECK_EVERY = 25  # frames between two checks of the games
AWAY = 30  # frames off the case's screen before it is seated again
GAMES = ("hadrians-wall", "stronghold", "field-of-glory", "runes-of-mayhem")
#: the screen classes never shown themselves (a base of the list screens)
BASES = {"ListScene"}
HOSTILE = True  # the hostile corpus (tests/hostile_inputs.py) among the kept games

# ---------------------------------------------------------------------- the screens


def scene_classes() -> dict[str, type]:
    """Every screen class defined in the package game.app.scenes, by name."""
    found = {}
    for info in pkgutil.iter_modules(scenes_package.__path__):
        module = importlib.import_module(f"{scenes_package.__name__}.{info.name}")
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, Scene)
                and obj.__module__ == module.__name__
            ):
                found[name] = obj
    return found


# ---------------------------------------------------------------------- games to seat


def players_of(game: str, rng: random.Random, hotseat: bool = False) -> int:
    rules = get_rules(game)
    low = max(rules.min_seats, 2 if hotseat else 1)
    return rng.randint(low, min(rules.max_seats, 3 if hotseat else 4))


@lru_cache(maxsize=64)
def _played(game: str, seed: int, seats: tuple, length: int, stop_at_person: bool):
    rules = get_rules(game)
    rng = random.Random(seed)
    config = random_config(game, rng, len(seats))
    match = Match.new(rules, config, seed, list(seats))
    agent = make_agent("random", seed, rules)
    while not rules.is_over(match.state):
        seat = match.to_act()
        if len(match.record.actions) >= length and (
            not stop_at_person or seat is not None and seats[seat] == "human"
        ):
            break
        obs = rules.observation(match.state, seat)
        match.play(agent.choose(rules, obs, rules.legal_actions(match.state)))
    return match.record


def played(
    game: str, seed: int, seats: list[str], length: int = 100_000, stop_at_person: bool = False
):
    """The record of a game of random moves, ``length`` moves long (then up to a
    person's decision) or to its end; a fresh copy each time (a session plays on it)."""
    return copy.deepcopy(_played(game, seed, tuple(seats), length, stop_at_person))


def mid_game(game: str, rng: random.Random, seats: list[str]):
    """A record in its middle with a person to decide (a few tries for a game that does
    not end first)."""
    rules = get_rules(game)
    for _ in range(6):
        record = played(game, rng.randrange(10_000), seats, rng.randint(8, 90), True)
        match = Match.load(rules, record)
        if not rules.is_over(match.state):
            return record
    return record


def session_of(app, game: str, record) -> Session:
    return Session.load(get_rules(game), get_view(game), record, app.store, ai_pause=0.0)


def seats_with_a_person(rng: random.Random, players: int) -> list[str]:
    seats = [rng.choice(["human", "random", "greedy"]) for _ in range(players)]
    seats[rng.randrange(players)] = "human"
    return seats


# ---------------------------------------------------------------------- the cases


@dataclass(frozen=True)
class Case:
    name: str
    scene: str  # the class name of the screen seated
    seat: object  # (app, rng) -> None: seats the screen on top of the app


def seat_title(app, rng) -> None:
    app.reset(TitleScene(app))


def seat_title_continue(app, rng) -> None:
    """The title with a game to continue (the autosave a person's move leaves)."""
    game = rng.choice(GAMES)
    rules = get_rules(game)
    seats = seats_with_a_person(rng, players_of(game, rng))
    session = session_of(app, game, mid_game(game, rng, seats))
    legal = session.my_legal_actions()
    if legal:
        session.play_human(rng.choice(legal))
    session.close()
    assert rules.check_invariants(session.state) == []
    app.reset(TitleScene(app))


def over_title(scene_of):
    def seat(app, rng) -> None:
        app.reset(TitleScene(app))
        app.push(scene_of(app, rng))

    return seat


def seat_replay(game: str):
    def seat(app, rng) -> None:
        app.reset(TitleScene(app))
        app.push(ReplaysScene(app))
        seats = ["random"] * players_of(game, rng)
        record = played(game, rng.randrange(10_000), seats, rng.choice([40, 100_000]))
        open_replay(app, record, at_end=rng.random() < 0.5)

    return seat


def finished_session(app, game: str, rng) -> Session:
    seats = ["random"] * players_of(game, rng)
    seats[0] = rng.choice(["human", "random"])
    return session_of(app, game, played(game, rng.randrange(10_000), seats))


def seat_results(game: str):
    def seat(app, rng) -> None:
        app.reset(ResultsScene(app, finished_session(app, game, rng)))

    return seat


def seat_log(app, rng) -> None:
    results = ResultsScene(app, finished_session(app, rng.choice(GAMES), rng))
    app.reset(results)
    results.show_log()


def seat_table(game: str, kind: str):
    """A table of ``game``: at its set-up, in its middle with a person to decide,
    covered for the next person in hotseat, or finished."""

    def seat(app, rng) -> None:
        rules, view = get_rules(game), get_view(game)
        if kind == "setup":
            players = players_of(game, rng)
            session = Session.new(
                rules,
                view,
                random_config(game, rng, players),
                rng.randrange(1_000_000),
                seats_with_a_person(rng, players),
                app.store,
                ai_pause=0.0,
            )
        elif kind == "middle":
            seats = seats_with_a_person(rng, players_of(game, rng))
            session = session_of(app, game, mid_game(game, rng, seats))
        elif kind == "finished":
            session = finished_session(app, game, rng)
        else:  # hotseat: people only, moves made till the screen waits for the next one
            for _ in range(10):
                seats = ["human"] * players_of(game, rng, hotseat=True)
                session = session_of(app, game, mid_game(game, rng, seats))
                for _ in range(60):
                    legal = session.my_legal_actions()
                    if session.needs_handoff() or not legal:
                        break
                    session.play_human(rng.choice(legal))
                if session.needs_handoff():
                    break
                session.close()
        table = TableScene(app, session)
        app.reset(table)
        app.step()
        if kind == "hotseat":
            assert session.needs_handoff(), game

    return seat


def seat_deck(hotseat: bool):
    """Deck construction (Runes of Mayhem X1, RM-19), reached from the set-up screen."""

    def seat(app, rng) -> None:
        app.reset(TitleScene(app))
        setup = SetupScene(app)
        app.push(setup)
        setup.set_game("runes-of-mayhem")
        setup.options.update(mod_X1=True, mod_K=rng.random() < 0.5)
        setup.seat_specs[:2] = ["human", "human" if hotseat else "random"]
        setup.build()
        setup.start()

    return seat


def seat_message(app, rng) -> None:
    app.reset(TitleScene(app))
    dialog.message(app, "Cannot open this game", "x " * rng.randint(1, 400))


def seat_leave(app, rng) -> None:
    """The table's menu (Leave, Concede, How to play, Cancel) over a game in its middle."""
    seat_table(rng.choice(GAMES), "middle")(app, rng)
    app.top.leave()


def seat_saved(app, rng) -> None:
    """The word that a game was saved, over its table."""
    seat_table(rng.choice(GAMES), "middle")(app, rng)
    app.top.save()


def seat_continue(app, rng) -> None:
    """The list of games in progress, reached by the title's Continue: two games a
    person left, and a damaged autosave."""
    seat_title_continue(app, rng)
    seat_title_continue(app, rng)
    folder = getattr(app.store, "autosaves_dir", None)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "field-of-glory_2025-03-01_10-00-00.json").write_text('{"game": [')
    title = TitleScene(app)
    app.reset(title)
    title.continue_game()


def seat_setup(app, rng) -> None:
    app.reset(TitleScene(app))
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game(rng.choice(GAMES))


CASES = [
    Case("title", "TitleScene", seat_title),
    Case("title with a game to continue", "TitleScene", seat_title_continue),
    Case("set-up", "SetupScene", seat_setup),
    *[
        Case(f"how to play {g}", "HowToScene", over_title(lambda app, rng, g=g: HowToScene(app, g)))
        for g in GAMES
    ],
    Case(
        "rules reader",
        "RulesScene",
        over_title(lambda app, rng: RulesScene(app, rng.choice(GAMES))),
    ),
    Case("settings", "SettingsScene", over_title(lambda app, rng: SettingsScene(app))),
    Case("load", "SavesScene", over_title(lambda app, rng: SavesScene(app))),
    Case("replays", "ReplaysScene", over_title(lambda app, rng: ReplaysScene(app))),
    *[Case(f"replay of {g}", "ReplayScene", seat_replay(g)) for g in GAMES],
    *[Case(f"results of {g}", "ResultsScene", seat_results(g)) for g in GAMES],
    Case("log of a finished game", "LogScene", seat_log),
    Case("message", "Dialog", seat_message),
    Case("leave the table", "Dialog", seat_leave),
    Case("saved", "Dialog", seat_saved),
    Case("deck against a computer", "DeckScene", seat_deck(False)),
    Case("deck in hotseat", "DeckScene", seat_deck(True)),
    *(
        [Case("continue", "ContinueScene", seat_continue)]  # the games in progress
        if "ContinueScene" in scene_classes()
        else []
    ),
    *[
        Case(
            f"{g} {kind}",
            "HandoffScene" if kind == "hotseat" else "TableScene",
            seat_table(g, kind),
        )
        for g in GAMES
        for kind in ("setup", "middle", "hotseat", "finished")
    ],
]


def fill_home(app, rng: random.Random) -> None:
    """Kept games to list, load and replay: finished and saved games of every game and a
    damaged save."""
    store = app.store
    store.finished_dir.mkdir(parents=True, exist_ok=True)
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    for i, game in enumerate(GAMES):
        seats = ["random"] * players_of(game, rng)
        save_record(
            played(game, 100 + i, seats),
            store.finished_dir / f"{game}_2025-01-0{i + 1}_10-00-00.json",
        )
        seats[0] = "human"
        save_record(
            mid_game(game, rng, seats), store.saves_dir / f"{game}_2025-02-0{i + 1}_10-00-00.json"
        )
    (store.saves_dir / "stronghold_2025-03-01_10-00-00.json").write_text('{"game": "str')
    if HOSTILE:  # the hostile saves among them, and among the games in progress
        import hostile_inputs

        for folder in (store.saves_dir, store.finished_dir, getattr(store, "autosaves_dir", None)):
            if folder is not None:
                hostile_inputs.build(folder)


# ---------------------------------------------------------------------- the events

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT
KEYS = [
    (pygame.K_ESCAPE, "", 0),
    (pygame.K_RETURN, "\r", 0),
    (pygame.K_KP_ENTER, "\r", 0),
    (pygame.K_RETURN, "\r", CTRL),
    (pygame.K_z, "z", CTRL),
    (pygame.K_s, "s", CTRL),
    (pygame.K_F1, "", 0),
    (pygame.K_F3, "", 0),
    (pygame.K_F11, "", 0),
    (pygame.K_TAB, "\t", 0),
    (pygame.K_LEFT, "", 0),
    (pygame.K_RIGHT, "", 0),
    (pygame.K_UP, "", 0),
    (pygame.K_DOWN, "", 0),
    (pygame.K_PAGEUP, "", 0),
    (pygame.K_PAGEDOWN, "", 0),
    (pygame.K_HOME, "", 0),
    (pygame.K_END, "", 0),
    (pygame.K_BACKSPACE, "\b", 0),
    (pygame.K_SPACE, " ", 0),
    (pygame.K_DELETE, "", 0),
    *[(getattr(pygame, f"K_{c}"), c, 0) for c in "aehrsxz"],
    (pygame.K_a, "A", SHIFT),
    (pygame.K_o, "ő", 0),
    (pygame.K_e, "€", 0),
    *[(getattr(pygame, f"K_{d}"), str(d), 0) for d in range(10)],
]
TEXTS = ["a", "Z", "7", " ", "ő", "ł", "€", "漢", "🙂", "HW-9", "a" * 60, "\x00"]
SIZES = [
    (320, 240),
    (640, 400),
    (800, 600),
    (1024, 768),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (1280, 300),
    (400, 1000),
]
WINDOW_EVENTS = [
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWLEAVE,
    pygame.WINDOWENTER,
    pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWHIDDEN,
    pygame.WINDOWSHOWN,
]


def live_and_other_rects(scene) -> tuple[list, list]:
    """The rectangles of ``scene`` worth aiming at: those that do something (enabled
    widgets, the table's playable items and menu lines), and the others."""
    live, other = [], []
    for w in scene.widgets:
        (live if getattr(w, "enabled", True) else other).append(w.rect)
    items = getattr(scene, "items", [])
    if isinstance(scene, TableScene):
        live += [i.rect for i in items if i.key in scene.targets]
        other += [i.rect for i in items if i.key not in scene.targets]
        if scene.menu is not None:
            live += [b.rect for b in scene.menu.buttons] * 3
    else:
        other += [i.rect for i in items]
    return live, other


def link_rects(app, scene) -> list:
    """Where the rule IDs drawn as links are on ``scene`` (the reader's page, the
    how-to-play, the prompt and the log of a table or a replay)."""
    from game.app import links
    from game.app.scenes import reader, replay, table

    vp = app.vp_for(scene)
    texts = []  # (words, rect, size, viewport, face)
    if isinstance(scene, RulesScene):
        out = []
        for row in scene.layout().rows:
            top = reader.TOP + row.y - scene.scroll
            if reader.TOP <= top <= reader.BOTTOM - row.h:
                out += [
                    (reader.TEXT_X + x, top + dy, w, row.h - dy if dy else row.h)
                    for x, w, dy, _rule in row.links
                ]
        return out
    if isinstance(scene, HowToScene):
        texts = [
            (words, rect, size, vp.with_ui(ui), face)
            for words, rect, size, face, ui in scene.rows(vp)
        ]
    elif isinstance(scene, (TableScene, replay.ReplayScene)):
        if isinstance(scene, TableScene):
            texts = [
                (words, rect, theme.FONT_SMALL, vp, "sans")
                for words, rect, _ink in scene.prompt_texts(vp)
            ]
        else:
            texts = [(scene.prompt_text(), scene.prompt_rect(), theme.FONT_SMALL, vp, "sans")]
        texts += [
            (line, (x, y, 1280, table.LOG_STEP * vp.ui), table.LOG_SIZE, vp, "sans")
            for line, (x, y), _ink in scene.log_rows(vp)
        ]
    return [
        r
        for words, rect, size, v, face in texts
        for _line, _top, found in links.text_rows(words, rect, size, v, face)
        for r, _rule in found
    ]


def random_pos(app, rng: random.Random, aim: float) -> tuple[int, int]:
    """A point in the window: on a rectangle of the screen with odds ``aim`` (the live
    ones mostly, a link now and then), else anywhere (off the window now and then)."""
    width, height = app.screen.get_size()
    if app.stack and rng.random() < aim:
        live, other = live_and_other_rects(app.top)
        if rng.random() < 0.15:
            live = link_rects(app, app.top) or live
        rects = live if live and (rng.random() < 0.85 or not other) else other
        if rects:
            x, y, w, h = rng.choice(rects)
            vp = app.vp_for(app.top)
            return vp.point(x + rng.random() * w, y + rng.random() * h)
    if rng.random() < 0.02:
        return rng.choice([(-5, -5), (width + 3, height // 2), (width, height)])
    return rng.randrange(max(1, width)), rng.randrange(max(1, height))


def random_event(app, rng: random.Random) -> pygame.event.Event:
    """One event of the mix; a resize also resizes the window as the system would."""
    r = rng.random()
    E = pygame.event.Event
    if r < 0.50:
        button = rng.choices([1, 3, 2, 4, 5], [80, 12, 4, 2, 2])[0]
        return E(pygame.MOUSEBUTTONDOWN, pos=random_pos(app, rng, 0.75), button=button)
    if r < 0.53:
        return E(pygame.MOUSEBUTTONUP, pos=random_pos(app, rng, 0.3), button=rng.choice([1, 3]))
    if r < 0.63:
        return E(pygame.MOUSEMOTION, pos=random_pos(app, rng, 0.6), rel=(1, 1), buttons=(0, 0, 0))
    if r < 0.69:
        return E(pygame.MOUSEWHEEL, x=0, y=rng.choice([-10, -3, -1, 1, 2, 5]), flipped=False)
    if r < 0.88:
        key, text, mod = rng.choice(KEYS)
        kind = pygame.KEYDOWN if rng.random() < 0.9 else pygame.KEYUP
        return E(kind, key=key, unicode=text, mod=mod, scancode=0)
    if r < 0.93:
        return E(pygame.TEXTINPUT, text=rng.choice(TEXTS))
    if r < 0.955:
        w, h = (
            rng.choice(SIZES)
            if rng.random() < 0.7
            else (rng.randint(320, 3840), rng.randint(240, 2160))
        )
        if rng.random() < 0.8:  # the window did change; else a stale event
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
        return E(
            rng.choice([pygame.VIDEORESIZE, pygame.WINDOWRESIZED]), size=(w, h), w=w, h=h, x=w, y=h
        )
    if r < 0.995:
        if rng.random() < 0.3:
            return E(pygame.ACTIVEEVENT, gain=rng.choice([0, 1]), state=rng.choice([1, 2, 6]))
        return E(rng.choice(WINDOW_EVENTS))
    return E(pygame.QUIT)


# ---------------------------------------------------------------------- the run


@dataclass
class Tally:
    events: Counter  # screen class -> events sent to it
    seated: Counter  # case -> times seated
    failures: list  # (case, trace, last events)
    checked: int = 0


def shake_settings(app, rng: random.Random) -> None:
    """Now and then another language, UI scale, animation speed or seat colours, as the
    settings screen would set them (the screen seated next is made with them)."""
    if rng.random() < 0.7:
        return
    settings = app.settings
    settings.ui_scale = rng.choice(UI_SCALES)
    settings.speed = rng.choice(list(SPEEDS))
    settings.colour_blind = rng.random() < 0.3
    settings.lang = rng.choice(i18n.LANGUAGES)
    i18n.set_language(settings.lang)
    app.apply_settings()


def seat_case(app, case: Case, rng: random.Random, tally: Tally) -> None:
    app.running = True
    app.options.ai_pause = 0.0
    shake_settings(app, rng)
    case.seat(app, rng)
    tally.seated[case.name] += 1
    assert type(app.top).__name__ == case.scene, (case.name, type(app.top).__name__)


def run_case(app, case: Case, rng: random.Random, budget: int, tally: Tally):
    """Seat ``case`` and send it ``budget`` events; the app to go on with (a new one
    after a failure, which is tallied)."""
    seat_case(app, case, rng, tally)
    sent = frames = away = 0
    last: deque = deque(maxlen=12)
    while sent < budget:
        try:
            if not app.running or not app.stack or away > AWAY:
                seat_case(app, case, rng, tally)  # Quit and Escape never end the run
                away = 0
            app.options.ai_pause = 0.0  # tables started on the set-up screen play briskly
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                where = type(app.top).__name__ if app.stack else "-"
                event = random_event(app, rng)
                last.append((where, pygame.event.event_name(event.type), event.dict))
                pygame.event.post(event)
                tally.events[where] += 1
                sent += 1
            app.step()
            frames += 1
            away = 0 if app.stack and type(app.top).__name__ == case.scene else away + 1
            if frames % CHECK_EVERY == 0:
                tally.checked += check_games(app, f"{case.name}, frame {frames}")
            time.sleep(0)  # the window sleeps between frames; so does the monkey
        except Exception:  # noqa: BLE001 - tallied, and the run goes on in a new window
            tally.failures.append((case.name, traceback.format_exc(), list(last)))
            home = app.store.root
            with contextlib.suppress(Exception):  # the window is replaced anyway
                app.close()
            app = make_app(home)
            try:
                seat_case(app, case, rng, tally)
            except Exception:  # noqa: BLE001
                tally.failures.append((case.name, traceback.format_exc(), []))
                return app
    try:
        tally.checked += check_games(app, f"{case.name}, the end")
    except AssertionError:
        tally.failures.append((case.name, traceback.format_exc(), list(last)))
    return app


def monkey(tmp_path, monkeypatch, total: int, cases=CASES) -> Tally:
    home = tmp_path / "home"
    elsewhere = tmp_path / "elsewhere"  # where a write outside the store would land
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(elsewhere / var.lower()))
    monkeypatch.setenv("SIEGE_TABLE_HOME", str(home))
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # nor in the working folder
    rng = random.Random(SEED)
    app = make_app(home)
    tally = Tally(Counter(), Counter(), [])
    try:
        fill_home(app, rng)
        each = max(1, total // len(cases))
        for i, case in enumerate(cases):
            budget = each + (total - each * len(cases) if i == len(cases) - 1 else 0)
            app = run_case(app, case, random.Random(f"{SEED}:{case.name}"), budget, tally)
    finally:
        app.close()
        i18n.set_language("en")  # the monkey may have chosen another language or colours
        theme.set_colour_blind(False)
    assert not any(elsewhere.rglob("*")), sorted(map(str, elsewhere.rglob("*")))
    return tally


def report(tally: Tally, seconds: float) -> str:
    lines = [
        f"monkey in every screen: {sum(tally.events.values())} events, "
        f"{len(tally.failures)} failures, {tally.checked} games checked, "
        f"{sum(tally.seated.values())} seatings, {seconds:.1f} s"
    ]
    lines += [f"  {name:14} {n:7}" for name, n in tally.events.most_common()]
    for case, trace, last in tally.failures[:5]:
        lines += [f"--- {case}", *[f"    {e}" for e in last[-4:]], trace]
    return "\n".join(lines)


def assert_monkey(tally: Tally, total: int, seconds: float) -> None:
    text = report(tally, seconds)
    print(text)
    assert not tally.failures, text
    assert sum(tally.events.values()) >= total and tally.checked > 0
    shown = set(scene_classes()) - BASES
    assert set(tally.events) >= shown, shown - set(tally.events)


# ---------------------------------------------------------------------- the tests


def test_every_screen_has_a_monkey_case():
    """A screen added to the package and seated by no case fails here."""
    classes = scene_classes()
    assert {"TitleScene", "TableScene", "Dialog", "DeckScene", "ReplayScene"} <= set(classes)
    assert set(classes) >= BASES
    missing = set(classes) - BASES - {case.scene for case in CASES}
    assert not missing, f"screens no monkey case seats: {sorted(missing)}"


def test_the_events_reach_the_screens_as_sent(tmp_path):
    """The mix holds every kind of event the issue names, and a resize changes the
    window the app draws on."""
    app = make_app(tmp_path / "home")
    try:
        app.reset(TitleScene(app))
        rng = random.Random(1)
        kinds = Counter()
        for _ in range(3000):
            event = random_event(app, rng)
            kinds[event.type] += 1
            if event.type == pygame.MOUSEBUTTONDOWN:
                kinds[("button", event.button)] += 1
        for kind in (
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
            pygame.KEYDOWN,
            pygame.TEXTINPUT,
            pygame.VIDEORESIZE,
            pygame.WINDOWRESIZED,
            pygame.WINDOWFOCUSLOST,
            ("button", 1),
            ("button", 2),
            ("button", 3),
        ):
            assert kinds[kind] > 0, kind
        pygame.event.clear()
        pygame.display.set_mode((320, 240), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(320, 240), w=320, h=240))
        app.step()
        assert app.vp.width == 320 and app.vp.scale == 0.25
    finally:
        app.close()


def test_the_monkey_tallies_a_crash_and_goes_on(tmp_path, monkeypatch):
    """A screen that raises is caught in the act: the failure is tallied with its trace
    and the events before it, and the run goes on in a new window."""

    def broken(self, inp):
        raise RuntimeError("a broken screen")

    monkeypatch.setattr(HowToScene, "on_click", broken)
    case = next(c for c in CASES if c.scene == "HowToScene")
    tally = monkey(tmp_path, monkeypatch, 300, [case])
    assert tally.failures, report(tally, 0)
    assert all("a broken screen" in trace for _case, trace, _last in tally.failures)
    assert all(last for _case, _trace, last in tally.failures)
    assert sum(tally.events.values()) >= 300
    assert tally.seated[case.name] > len(tally.failures)


def test_the_monkey_in_every_screen_breaks_nothing(tmp_path, monkeypatch):
    start = time.process_time()
    tally = monkey(tmp_path, monkeypatch, EVENTS)
    assert_monkey(tally, EVENTS, time.process_time() - start)
    assert all(tally.seated[case.name] for case in CASES)


@pytest.mark.slow
def test_the_monkey_in_every_screen_breaks_nothing_100_000_events(tmp_path, monkeypatch):
    start = time.process_time()
    tally = monkey(tmp_path, monkeypatch, SLOW_EVENTS)
    assert_monkey(tally, SLOW_EVENTS, time.process_time() - start)
