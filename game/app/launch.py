"""Starting the window from the command line: play and the self-test (the screenshots
are made by tools/screenshots.py)."""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from game.core import registry
from game.core.agents import make_agent
from game.core.clip import clip
from game.core.contract import BadConfig, GameError
from game.core.record import load_record
from game.core.simulate import check_seat_count

from .session import HUMAN, Session


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise BadConfig(f"'{clip(text)}' is not a window size like 1280x800") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise BadConfig(f"window size {w}x{h} is out of range")
    return w, h


def check_seats(seats: list[str], rules) -> list[str]:
    out = []
    for spec in seats:
        spec = spec.strip().lower()
        if spec != HUMAN:
            make_agent(spec, 0, rules)  # BadConfig for an unknown player
        out.append(spec)
    return out


def check_lang(lang: str | None) -> str | None:
    from .i18n import LANGUAGES

    if lang is not None and lang not in LANGUAGES:
        raise BadConfig(f"unknown language '{clip(lang)}' (one of: {', '.join(LANGUAGES)})")
    return lang


def make_app(size, store=None, lang: str | None = None, **kw):
    """The window of ``size`` (None: the settings') in ``lang`` (None: the settings' or
    the system's), keeping games in ``store``."""
    from .app import App, AppOptions
    from .i18n import system_language
    from .save_store import SaveStore
    from .settings_store import Settings

    store = store or SaveStore()
    settings = Settings.load(store.root)
    if size is None:
        size = (settings.width, settings.height)
    kw.setdefault("ai_pause", settings.ai_pause)
    kw["lang"] = check_lang(lang) or check_lang(settings.lang or None) or system_language()
    return App(AppOptions(size=size, store=store, **kw))


def plan_table(
    game: str | None,
    seats: list[str] | None,
    seed: int | None,
    players: int | None,
    load: str | None,
    extra: dict | None = None,
) -> Callable[..., Session]:
    """Everything about a table asked for on the command line checked before the window
    opens (the game, the seats and their number, the options, the save): returns
    ``start(app)``, which sets the table's session up in the window."""
    from .view_registry import get_view, playable_games

    record = None
    if load:
        record = load_record(load)
        game = record.game
    elif game is None:
        game = playable_games()[0]
    elif not game.strip():
        raise BadConfig(f"--game names no game (choose one of: {', '.join(playable_games())})")
    if game not in playable_games():
        raise registry.UnknownGame(
            f"{registry.GAMES[game][0]} has no table yet"
            if game in registry.GAMES
            else f"unknown game '{clip(game)}' (choose one of: {', '.join(playable_games())})"
        )
    rules = registry.get_rules(game)
    view = get_view(game)
    if record is not None:
        return lambda app: Session.load(
            rules, view, record, app.store, ai_pause=app.options.ai_pause
        )
    seats = check_seats(seats or [HUMAN] + ["ai:medium"] * ((players or 2) - 1), rules)
    n = players if players is not None else len(seats)
    check_seat_count(rules, n)
    if len(seats) == 1 and n > 1:
        seats = seats * n
    if len(seats) != n:
        raise BadConfig(f"{len(seats)} seats given for {n} players")
    config = {**view.config(n, {}), **(extra or {})}  # e.g. {"modules": [...]} (--modules)
    seed = seed if seed is not None else int.from_bytes(os.urandom(3), "big")
    rules.new_game(config, seed)  # BadConfig now (e.g. modules that cannot be combined)
    return lambda app: Session.new(
        rules, view, config, seed, seats, app.store, ai_pause=app.options.ai_pause
    )


def check_pause(pause: float) -> float:
    """``pause`` (seconds a computer move stays in view) if it is from 0 to MAX_PAUSE."""
    from .session import MAX_PAUSE

    if not (math.isfinite(pause) and 0 <= pause <= MAX_PAUSE):
        raise BadConfig(
            f"a computer move's pause must be from 0 to {MAX_PAUSE:g} seconds, not {clip(pause)}"
        )
    return pause


def play(
    game: str | None,
    seats: list[str] | None,
    seed: int | None,
    players: int | None,
    size: tuple[int, int] | None,
    load: str | None,
    frames: int | None,
    stats: bool,
    pause: float | None = None,
    exit_at_end: bool = False,
    lang: str | None = None,
    config: dict | None = None,
) -> int:
    from .scenes.table import TableScene
    from .scenes.title import TitleScene

    if frames is not None and frames < 1:
        raise BadConfig(f"the number of frames must be at least 1, not {clip(frames)}")
    kw = {"frames": frames, "quit_when_over": exit_at_end}
    if pause is not None:
        kw["ai_pause"] = check_pause(pause)
    start = None
    if game is not None or seats or load or players is not None:
        start = plan_table(game, seats, seed, players, load, config)  # before the window
    app = make_app(size, lang=lang, **kw)
    try:
        if start is not None:
            app.reset(TableScene(app, start(app)))
        else:
            app.reset(TitleScene(app))
        result = app.run()
        if stats:
            session = current_session(app)
            result["game_over"] = bool(session and session.is_over())
            result["actions"] = len(session.match.record.actions) if session else 0
            print(json.dumps(result), flush=True)
    finally:
        app.close()
    return 0


def current_session(app) -> Session | None:
    for scene in reversed(app.stack):
        session = getattr(scene, "session", None)
        if session is not None:
            return session
    return None


# ---------------------------------------------------------------------- self-test
def selftest() -> int:
    """Load every asset and map, then play one all-computer game in the window loop."""
    import wave

    import pygame

    from game import resources

    from . import cards
    from .app import App, AppOptions, window_icon
    from .fonts import FACES, font
    from .layout import LayoutError, load_layout
    from .save_store import SaveStore
    from .scenes.table import TableScene
    from .sound import NAMES as SOUND_NAMES
    from .view_registry import get_view, playable_games

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # silent: no sound card asked for
    store = SaveStore(Path(tempfile.mkdtemp(prefix="siege-selftest-")))
    app = App(
        AppOptions(size=(1280, 800), store=store, ai_pause=0.0, quit_when_over=True, frames=20_000)
    )
    try:
        try:
            for face_name in FACES:
                font(16, face_name).render("Siege Table ő ű ł ż", True, (0, 0, 0))
            for game in playable_games():
                load_layout(get_view(game).layout_name)
            for game in registry.game_names():  # every game's rules text is bundled
                path = resources.asset("rules", game.replace("-", "_") + ".md")
                if not path.read_text(encoding="utf-8").strip():
                    raise GameError(f"the rules text {path} is empty")
            for name in SOUND_NAMES:  # the sounds are bundled (played only if a mixer starts)
                with wave.open(str(resources.asset("sounds", f"{name}.wav"))) as f:
                    f.getnframes()
            window_icon()  # the application icon is bundled and draws
        except (OSError, LayoutError, pygame.error, wave.Error) as e:
            raise GameError(f"self-test failed: {e}") from e
        cards.card(80, 120, cards.PLAIN, (10, 20, 30), "Test", "white-tower", text="text")
        cards.back(80, 120)
        for game in playable_games():  # every table is drawn, its map and art loaded
            rules, view = registry.get_rules(game), get_view(game)
            seats = ["random"] * rules.min_seats
            table = TableScene(
                app,
                Session.new(rules, view, view.config(len(seats), {}), 1, seats, None, ai_pause=0.0),
            )
            app.reset(table)
            app.draw()
        game = next(g for g in playable_games() if get_view(g).short_game)  # to its end
        rules, view = registry.get_rules(game), get_view(game)
        session = Session.new(
            rules, view, view.config(2, {}), 1, ["ai:easy", "ai:easy"], store, ai_pause=0.0
        )
        app.reset(TableScene(app, session))
        app.run()
        if not session.is_over():
            raise GameError("the self-test game did not finish")
        print(
            json.dumps(
                {
                    "selftest": "ok",
                    "game": game,
                    "frames": app.frames,
                    "actions": len(session.match.record.actions),
                }
            )
        )
    finally:
        app.close()
        pygame.quit()
    return 0
