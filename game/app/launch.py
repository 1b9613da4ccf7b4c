"""Starting the window from the command line: play, screenshots and the self-test."""

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
from game.core.match import Match
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


def _app(size, store=None, lang: str | None = None, **kw):
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
    app = _app(size, lang=lang, **kw)
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


# ---------------------------------------------------------------------- screenshots
def picture_folder(out: str) -> Path:
    """The folder ``out``, made if missing, once a file could be written in it; BadConfig
    (one line) for a file, a path that cannot be made, or a folder that is not writable."""
    if not out.strip():
        raise BadConfig("--out names no folder")
    folder = Path(out)
    try:
        if folder.exists() and not folder.is_dir():
            raise BadConfig(f"'{clip(out)}' is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        fd, trial = tempfile.mkstemp(dir=folder, prefix=".siege-", suffix=".png")
        os.close(fd)
        os.unlink(trial)
    except (OSError, ValueError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise BadConfig(f"cannot write pictures into '{clip(out)}': {clip(reason)}") from None
    return folder


def screenshots(
    out: str,
    size: tuple[int, int] | None,
    game: str = "hadrians-wall",
    lang: str = "en",
    rm_modules: list[str] | None = None,
    ui_scale: float = 1.0,
) -> list[Path]:
    """Render every screen to PNG, headless, in ``lang`` at the text size ``ui_scale``
    (Settings.ui_scale); the Runes of Mayhem screens with the modules ``rm_modules``
    (RM-3), and its deck-construction screen when X1 is on."""
    import pygame

    from . import motion_shots
    from .replayer import Replayer
    from .save_store import SaveStore
    from .scenes.handoff import HandoffScene
    from .scenes.howto import HowToScene
    from .scenes.reader import RulesScene
    from .scenes.replay import ReplayScene
    from .scenes.results import ResultsScene
    from .scenes.resume import ContinueScene
    from .scenes.settings import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.table import TableScene
    from .scenes.title import TitleScene
    from .view_registry import get_view

    folder = picture_folder(out)  # before anything is drawn
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # silent: no sound card asked for
    store = SaveStore(Path(tempfile.mkdtemp(prefix="siege-shots-")))
    app = _app(size or (1280, 800), store=store, lang=lang, ai_pause=0.0)
    app.settings.ui_scale = ui_scale
    app.apply_settings()
    rules, view = registry.get_rules(game), get_view(game)
    paths: list[Path] = []

    def shot(name: str) -> None:
        app.draw()
        path = folder / f"{name}.png"
        try:
            pygame.image.save(app.screen, str(path))
        except (pygame.error, OSError) as e:
            raise GameError(f"cannot write {clip(path)}: {clip(e)}") from None
        paths.append(path)

    options: dict = {}  # the set-up options of the game being shot

    def session_after(actions: int, seats: list[str], until=None, seat=0) -> Session:
        match = Match.new(rules, {**view.config(len(seats), {}), **options}, 7, seats)
        agents = [make_agent("greedy", 11 + s, rules) for s in range(len(seats))]
        while not rules.is_over(match.state) and len(match.record.actions) < actions:
            if until and until(rules.observation(match.state, seat)):
                break
            seat = match.to_act()
            obs = rules.observation(match.state, seat)
            match.play(agents[seat].choose(rules, obs, rules.legal_actions(match.state)))
        return Session.load(rules, view, match.record, None, ai_pause=0.0)

    def moving(name: str, seats: list[str], start: int, want, pause: float = 0.0) -> None:
        """The table in the middle of a move's motion (motion_shots): the game played on
        from move ``start`` until a move shows ``want``, drawn at a fixed moment of it."""
        session = session_after(start, seats)
        session.ai_pause = pause  # a pause: the move's lines (and dice) one at a time
        if motion_shots.caught(app, session, want) is None:
            raise GameError(f"no move of {rules.name} shows the motion of '{name}'")
        shot(name)

    try:
        app.reset(TitleScene(app))
        shot("title")
        app.push(SetupScene(app))
        shot("setup")
        app.reset(RulesScene(app))
        shot("rules")
        reader = RulesScene(app, game)  # a search among the [DESIGNED] content
        designed = [b.rule for b in reader.book.blocks if b.designed and b.rule]
        if designed:
            reader.goto(designed[0])
        reader.search_field.value = "designed"
        reader.search("designed")
        app.reset(reader)
        shot("rules-search")
        app.reset(SettingsScene(app))
        shot("settings")
        app.reset(HowToScene(app, game))
        shot("howto")
        words = HowToScene(app, game)  # its glossary
        words.turn_page()
        app.reset(words)
        shot("glossary")
        seats = [HUMAN, "ai:easy", "ai:easy"]
        start = session_after(0, seats)
        app.reset(TableScene(app, start))
        shot("table-start")
        from .coach import offer

        first = TableScene(app, session_after(0, seats))  # a person's first game: the guide
        app.reset(first)
        app.settings.coach_seen = []
        offer(app, first)
        shot("guide")
        # the middle of a turn: warriors in the lines, forts taken
        middle = session_after(
            10_000,
            seats,
            lambda obs: obs["turn"] == 2 and sum(len(clan["line"]) for clan in obs["clans"]) >= 5,
        )
        table = TableScene(app, middle)
        app.reset(table)
        shot("table-middle")
        middle.store = store  # a game that is kept asks before leaving
        table.leave()
        shot("dialog")
        end = session_after(10_000, seats)
        app.reset(TableScene(app, end))
        shot("table-end")  # the final table: who won, and See the results
        moving("table-card-moving", seats, 0, motion_shots.travelling(("card", "back")))
        moving("table-points-rising", seats, 0, motion_shots.rising)
        app.reset(ResultsScene(app, end))
        shot("results")
        for kept in (middle, start):  # Continue: two games in progress and a damaged one
            store.autosave(kept.match.record)
        (store.autosaves_dir / "damaged.json").write_text("{")
        app.reset(TitleScene(app))
        app.push(ContinueScene(app))
        shot("continue")
        replay = ReplayScene(app, Replayer(rules, end.match.record))
        replay.go(replay.replayer.steps // 2)
        app.reset(replay)
        shot("replay")
        hot = session_after(0, [HUMAN, HUMAN])
        hot.take_screen(1)
        table = TableScene(app, hot)
        app.reset(table)
        app.push(HandoffScene(app, table))
        shot("handoff")
        # Stronghold: the Invader's set-up, the Defender's window, the Assault, the end
        rules, view = registry.get_rules("stronghold"), get_view("stronghold")
        app.reset(TableScene(app, session_after(0, [HUMAN, "ai:easy"])))
        shot("stronghold-start")
        siege = session_after(
            10_000,
            ["ai:easy", HUMAN],
            lambda obs: (
                obs["round"] >= 2 and obs["pending"]["d"] == "WINDOW" and obs["stage"] == "W6"
            ),
            1,
        )
        table = TableScene(app, siege)
        app.reset(table)
        shot("stronghold-siege")
        fight = session_after(
            10_000,
            ["ai:easy", HUMAN],
            lambda obs: (
                obs["stage"] == "ASSAULT" and obs["round"] >= 2 and obs["pending"].get("seat") == 1
            ),
            1,
        )
        app.reset(TableScene(app, fight))
        shot("stronghold-assault")
        moving(
            "stronghold-units-moving", [HUMAN, "ai:easy"], 20, motion_shots.travelling(("token",))
        )
        moving("stronghold-glory-rising", [HUMAN, "ai:easy"], 20, motion_shots.rising)
        end = session_after(10_000, [HUMAN, "ai:easy"])
        app.reset(TableScene(app, end))
        shot("stronghold-end")
        app.reset(ResultsScene(app, end))
        shot("stronghold-results")
        # Field of Glory: the draft, a battle with the person to act, the results
        rules, view = registry.get_rules("field-of-glory"), get_view("field-of-glory")
        app.reset(TableScene(app, session_after(3, [HUMAN, "ai:easy"])))
        shot("fog-draft")
        battle = session_after(
            10_000,
            [HUMAN, "ai:easy"],
            lambda obs: obs["turn"] >= 4 and obs["to_act"] == 0 and obs["combat"] is not None,
        )
        app.reset(TableScene(app, battle))
        shot("fog-battle")
        moving("fog-card-moving", [HUMAN, "ai:easy"], 20, motion_shots.travelling(("card", "back")))
        moving("fog-number-rising", [HUMAN, "ai:easy"], 20, motion_shots.rising)
        end = session_after(10_000, [HUMAN, "ai:easy"])
        app.reset(TableScene(app, end))
        shot("fog-end")
        app.reset(ResultsScene(app, end))
        shot("fog-results")
        # Runes of Mayhem: the mulligan, a combat told line by line, a Main-phase menu, the end
        rules, view = registry.get_rules("runes-of-mayhem"), get_view("runes-of-mayhem")
        options = {"modules": list(rm_modules)} if rm_modules else {}
        if "X1" in options.get("modules", ()):  # RM-19: the Viking trims his pool to 52
            from .scenes.deck import DeckScene

            config = {**view.config(2, {}), **options}
            labels = [
                view.seat_label(rules.observation(rules.new_game(config, 1), 0), s) for s in (0, 1)
            ]
            app.reset(DeckScene(app, view, config, [0], labels, lambda decks: None))
            shot("rom-deck")
        app.reset(
            TableScene(
                app, session_after(10_000, [HUMAN, "ai:easy"], lambda obs: obs["step"] == "MULL")
            )
        )
        shot("rom-start")  # the mulligan (after the decks and Kings, RM-18, RM-19)

        def after_fight(side: int | None):  # a Resolve step just after a fight (RM-10.4)
            return lambda obs: (
                obs["turn"] >= 3
                and obs["step"] == "RESOLVE"
                and (side is None or obs["active"] == side)
                and obs["cmb"].get("mode") in ("DRAWN", "WON", "COVER")
            )

        combat = session_after(10_000, [HUMAN, "ai:easy"], after_fight(0))
        if combat.is_over():  # no Viking fight: the Anglo-Saxons'
            combat = session_after(10_000, [HUMAN, "ai:easy"], after_fight(None))
        fights = [i for i, line in enumerate(combat.log) if line.event[1:2] == ("FIGHT",)]
        if fights:  # the playback stops at the last fight: its places outlined, its dice
            combat.shown, combat.shown_time, combat.ai_pause = fights[-1] + 1, 0.0, 1e9
            combat.clock = lambda: 1.0
        app.reset(TableScene(app, combat))
        shot("rom-combat")
        from game.games.runes_of_mayhem.content import CARDS, code

        def archer_to_play(obs) -> bool:  # a play with a direct shot: a menu of targets
            return (
                obs["step"] == "MAIN"
                and obs["active"] == obs["seat"] == 0
                and any(
                    CARDS[code(c)][1] == "RANGED"
                    and CARDS[code(c)][5] <= obs["gold"][0]
                    and CARDS[code(c)][6] <= obs["faith"][0]
                    for c in obs["hand"]
                )
                and obs["cells"]
            )

        main = session_after(10_000, [HUMAN, "ai:easy"], archer_to_play)
        if main.is_over():
            main = session_after(
                10_000,
                [HUMAN, "ai:easy"],
                lambda obs: obs["turn"] >= 5 and obs["step"] == "MAIN" and obs["active"] == 0,
            )
        table = TableScene(app, main)
        app.reset(table)
        clicks = [p for p, _a in table.paths]

        def going_on(p) -> int:  # the actions that end on or go on from these clicks
            return sum(1 for q in clicks if q[: len(p)] == p)

        several = sorted(
            {p for p in clicks if going_on(p) > 1},
            key=lambda p: (p[0][0] != "hand", -going_on(p), repr(p)),
        )
        if several:  # the menu of the actions that end on the same clicks
            for key in several[0]:
                spot = next(i for i in table.items if i.key == key)
                table.choose(key, (spot.rect[0] + spot.rect[2] / 2, spot.rect[1] + 10))
        shot("rom-main")
        moving("rom-card-moving", [HUMAN, "ai:easy"], 20, motion_shots.travelling(("card", "back")))
        moving("rom-sp-rising", [HUMAN, "ai:easy"], 20, motion_shots.rising)
        moving("rom-dice-rolling", [HUMAN, "ai:easy"], 20, motion_shots.rolling, pause=0.6)
        end = session_after(10_000, [HUMAN, "ai:easy"])
        app.reset(TableScene(app, end))
        shot("rom-end")
        app.reset(ResultsScene(app, end))
        shot("rom-results")
    finally:
        app.close()
    return paths


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
        cards.back(80, 120, cards.HADRIANS_WALL)
        for game in playable_games():  # every table is drawn, its map and art loaded
            rules, view = registry.get_rules(game), get_view(game)
            seats = ["random"] * rules.min_seats
            table = TableScene(
                app,
                Session.new(rules, view, view.config(len(seats), {}), 1, seats, None, ai_pause=0.0),
            )
            app.reset(table)
            app.draw()
        game = "hadrians-wall"  # the shortest game is played to its end
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
