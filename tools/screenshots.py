"""Every screen of the program rendered to PNG files, headless.

    python tools/screenshots.py --out shots [--size 1920x1080] [--lang hu]
        [--modules all] [--text-size 150]

(``python -m game screenshots`` in a source checkout runs this too.)  It prints the path of
each picture.  The Runes of Mayhem screens are played with the modules ``--modules``
(RM-3), with its deck-construction screen when X1 is on.  The pictures of a move in
motion are caught at a fixed moment of it (motion_shots.py), so every run draws the same
pictures.  A tool of the source checkout, not part of the program: the tests and the
README's pictures use it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core import registry  # noqa: E402
from game.core.agents import make_agent  # noqa: E402
from game.core.clip import clip  # noqa: E402
from game.core.contract import BadConfig, GameError  # noqa: E402
from game.core.match import Match  # noqa: E402


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
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise BadConfig(f"cannot write pictures into '{clip(out)}': {clip(reason)}") from None
    return folder


class Camera:
    """The window the pictures are taken of, the game being shot and the pictures taken."""

    def __init__(self, folder: Path, size, lang: str, ui_scale: float) -> None:
        from game.app.launch import make_app
        from game.app.save_store import SaveStore

        self.folder = folder
        self.store = SaveStore(Path(tempfile.mkdtemp(prefix="siege-shots-")))
        self.app = make_app(size or (1280, 800), store=self.store, lang=lang, ai_pause=0.0)
        self.app.settings.ui_scale = ui_scale
        self.app.apply_settings()
        self.paths: list[Path] = []
        self.options: dict = {}  # the set-up options of the game being shot
        self.use("hadrians-wall")

    def use(self, game: str, options: dict | None = None) -> None:
        """Shoot ``game`` from now on, set up with ``options``."""
        from game.app.view_registry import get_view

        self.rules, self.view = registry.get_rules(game), get_view(game)
        self.options = options or {}

    def shot(self, name: str, scene=None) -> None:
        """The window (with ``scene`` alone on it, if given) saved as ``name``.png."""
        import pygame

        if scene is not None:
            self.app.reset(scene)
        self.app.draw()
        path = self.folder / f"{name}.png"
        try:
            pygame.image.save(self.app.screen, str(path))
        except (pygame.error, OSError) as e:
            raise GameError(f"cannot write {clip(path)}: {clip(e)}") from None
        self.paths.append(path)

    def session_after(self, actions: int, seats: list[str], until=None, seat=0):
        """A session of the game played by greedy players for ``actions`` actions, or
        until ``until(observation of seat)`` holds."""
        from game.app.session import Session

        rules = self.rules
        config = {**self.view.config(len(seats), {}), **self.options}
        match = Match.new(rules, config, 7, seats)
        agents = [make_agent("greedy", 11 + s, rules) for s in range(len(seats))]
        while not rules.is_over(match.state) and len(match.record.actions) < actions:
            if until and until(rules.observation(match.state, seat)):
                break
            seat = match.to_act()
            obs = rules.observation(match.state, seat)
            match.play(agents[seat].choose(rules, obs, rules.legal_actions(match.state)))
        return Session.load(rules, self.view, match.record, None, ai_pause=0.0)

    def table(self, session):
        from game.app.scenes.table import TableScene

        return TableScene(self.app, session)

    def moving(self, name: str, seats: list[str], start: int, want, pause: float = 0.0) -> None:
        """The table in the middle of a move's motion (motion_shots): the game played on
        from move ``start`` until a move shows ``want``, drawn at a fixed moment of it."""
        from tools import motion_shots

        session = self.session_after(start, seats)
        session.ai_pause = pause  # a pause: the move's lines (and dice) one at a time
        if motion_shots.caught(self.app, session, want) is None:
            raise GameError(f"no move of {self.rules.name} shows the motion of '{name}'")
        self.shot(name)

    def the_end(self, prefix: str, seats: list[str]) -> None:
        """The final table (who won, and See the results) and the results screen."""
        from game.app.scenes.results import ResultsScene

        end = self.session_after(10_000, seats)
        self.shot(f"{prefix}end", self.table(end))
        self.shot(f"{prefix}results", ResultsScene(self.app, end))


def menus(cam: Camera, game: str) -> None:
    """The title, set-up, rules (and a search in them), settings, how-to and glossary."""
    from game.app.scenes.howto import HowToScene
    from game.app.scenes.reader import RulesScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.setup import SetupScene
    from game.app.scenes.title import TitleScene

    app = cam.app
    cam.shot("title", TitleScene(app))
    app.push(SetupScene(app))
    cam.shot("setup")
    cam.shot("rules", RulesScene(app))
    reader = RulesScene(app, game)  # a search among the [DESIGNED] content
    designed = [b.rule for b in reader.book.blocks if b.designed and b.rule]
    if designed:
        reader.goto(designed[0])
    reader.search_field.value = "designed"
    reader.search("designed")
    cam.shot("rules-search", reader)
    cam.shot("settings", SettingsScene(app))
    cam.shot("howto", HowToScene(app, game))
    words = HowToScene(app, game)  # its glossary
    words.turn_page()
    cam.shot("glossary", words)


def hadrians_wall(cam: Camera) -> None:
    """A table at the start, the guide, the middle of a turn, a dialog, the end, moves in
    motion, the results, Continue, a replay and the hand-off between two people."""
    from game.app.coach import offer
    from game.app.replayer import Replayer
    from game.app.scenes.handoff import HandoffScene
    from game.app.scenes.replay import ReplayScene
    from game.app.scenes.results import ResultsScene
    from game.app.scenes.resume import ContinueScene
    from game.app.scenes.title import TitleScene
    from game.app.session import HUMAN
    from tools import motion_shots

    app, store = cam.app, cam.store
    cam.use("hadrians-wall")
    seats = [HUMAN, "ai:easy", "ai:easy"]
    start = cam.session_after(0, seats)
    cam.shot("table-start", cam.table(start))
    first = cam.table(cam.session_after(0, seats))  # a person's first game: the guide
    app.reset(first)
    app.settings.coach_seen = []
    offer(app, first)
    cam.shot("guide")
    # the middle of a turn: warriors in the lines, forts taken
    middle = cam.session_after(
        10_000,
        seats,
        lambda obs: obs["turn"] == 2 and sum(len(clan["line"]) for clan in obs["clans"]) >= 5,
    )
    table = cam.table(middle)
    cam.shot("table-middle", table)
    middle.store = store  # a game that is kept asks before leaving
    table.leave()
    cam.shot("dialog")
    end = cam.session_after(10_000, seats)
    cam.shot("table-end", cam.table(end))  # the final table: who won, and See the results
    cam.moving("table-card-moving", seats, 0, motion_shots.travelling(("card", "back")))
    cam.moving("table-points-rising", seats, 0, motion_shots.rising)
    cam.shot("results", ResultsScene(app, end))
    for kept in (middle, start):  # Continue: two games in progress and a damaged one
        store.autosave(kept.match.record)
    (store.autosaves_dir / "damaged.json").write_text("{")
    app.reset(TitleScene(app))
    app.push(ContinueScene(app))
    cam.shot("continue")
    replay = ReplayScene(app, Replayer(cam.rules, end.match.record))
    replay.go(replay.replayer.steps // 2)
    cam.shot("replay", replay)
    hot = cam.session_after(0, [HUMAN, HUMAN])
    hot.take_screen(1)
    table = cam.table(hot)
    app.reset(table)
    app.push(HandoffScene(app, table))
    cam.shot("handoff")


def stronghold(cam: Camera) -> None:
    """The Invader's set-up, the Defender's window, the Assault, moves in motion, the end."""
    from game.app.session import HUMAN
    from tools import motion_shots

    cam.use("stronghold")
    person_first, person_second = [HUMAN, "ai:easy"], ["ai:easy", HUMAN]
    cam.shot("stronghold-start", cam.table(cam.session_after(0, person_first)))
    siege = cam.session_after(
        10_000,
        person_second,
        lambda obs: (
            obs["round"] >= 2 and obs["pending"]["kind"] == "WINDOW" and obs["stage"] == "W6"
        ),
        1,
    )
    cam.shot("stronghold-siege", cam.table(siege))
    fight = cam.session_after(
        10_000,
        person_second,
        lambda obs: (
            obs["stage"] == "ASSAULT" and obs["round"] >= 2 and obs["pending"].get("seat") == 1
        ),
        1,
    )
    cam.shot("stronghold-assault", cam.table(fight))
    cam.moving("stronghold-units-moving", person_first, 20, motion_shots.travelling(("token",)))
    cam.moving("stronghold-glory-rising", person_first, 20, motion_shots.rising)
    cam.the_end("stronghold-", person_first)


def field_of_glory(cam: Camera) -> None:
    """The draft, a battle with the person to act, moves in motion, the end."""
    from game.app.session import HUMAN
    from tools import motion_shots

    cam.use("field-of-glory")
    seats = [HUMAN, "ai:easy"]
    cam.shot("fog-draft", cam.table(cam.session_after(3, seats)))
    battle = cam.session_after(
        10_000,
        seats,
        lambda obs: obs["turn"] >= 4 and obs["to_act"] == 0 and obs["combat"] is not None,
    )
    cam.shot("fog-battle", cam.table(battle))
    cam.moving("fog-card-moving", seats, 20, motion_shots.travelling(("card", "back")))
    cam.moving("fog-number-rising", seats, 20, motion_shots.rising)
    cam.the_end("fog-", seats)


def runes_of_mayhem(cam: Camera, modules: list[str] | None) -> None:
    """The deck screen (X1), the mulligan, a combat told line by line, a Main-phase menu,
    moves in motion, the end."""
    from game.app.session import HUMAN
    from tools import motion_shots

    cam.use("runes-of-mayhem", {"modules": list(modules)} if modules else {})
    seats = [HUMAN, "ai:easy"]
    if "X1" in cam.options.get("modules", ()):  # RM-19: the Viking trims his pool to 52
        rom_deck(cam)
    start = cam.session_after(10_000, seats, lambda obs: obs["step"] == "MULL")
    cam.shot("rom-start", cam.table(start))  # the mulligan (after the decks and Kings)
    cam.shot("rom-combat", cam.table(rom_combat(cam, seats)))
    table = cam.table(rom_main(cam, seats))
    cam.app.reset(table)
    open_a_menu(table)
    cam.shot("rom-main")
    cam.moving("rom-card-moving", seats, 20, motion_shots.travelling(("card", "back")))
    cam.moving("rom-sp-rising", seats, 20, motion_shots.rising)
    cam.moving("rom-dice-rolling", seats, 20, motion_shots.rolling, pause=0.6)
    cam.the_end("rom-", seats)


def rom_deck(cam: Camera) -> None:
    from game.app.scenes.deck import DeckScene

    rules, view = cam.rules, cam.view
    config = {**view.config(2, {}), **cam.options}
    labels = [view.seat_label(rules.observation(rules.new_game(config, 1), 0), s) for s in (0, 1)]
    cam.shot("rom-deck", DeckScene(cam.app, view, config, [0], labels, lambda decks: None))


def rom_combat(cam: Camera, seats: list[str]):
    """A Resolve step just after a fight (RM-10.4), its playback stopped at the fight:
    its places outlined, its dice."""

    def after_fight(side: int | None):
        return lambda obs: (
            obs["turn"] >= 3
            and obs["step"] == "RESOLVE"
            and (side is None or obs["active"] == side)
            and obs["combat"].get("mode") in ("DRAWN", "WON", "COVER")
        )

    combat = cam.session_after(10_000, seats, after_fight(0))
    if combat.is_over():  # no Viking fight: the Anglo-Saxons'
        combat = cam.session_after(10_000, seats, after_fight(None))
    fights = [i for i, line in enumerate(combat.log) if line.event[1:2] == ("FIGHT",)]
    if fights:
        combat.shown, combat.shown_time, combat.ai_pause = fights[-1] + 1, 0.0, 1e9
        combat.clock = lambda: 1.0
    return combat


def rom_main(cam: Camera, seats: list[str]):
    """The Viking's Main phase with a direct shot to play (a menu of targets), else any
    Main phase of his from turn 5."""
    from game.games.runes_of_mayhem.content import CARDS, code

    def archer_to_play(obs) -> bool:
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

    main = cam.session_after(10_000, seats, archer_to_play)
    if main.is_over():
        main = cam.session_after(
            10_000,
            seats,
            lambda obs: obs["turn"] >= 5 and obs["step"] == "MAIN" and obs["active"] == 0,
        )
    return main


def open_a_menu(table) -> None:
    """Click the way to the menu of the actions that end on the same clicks (the one most
    actions go on from, a hand card's first), if there is one."""
    clicks = [p for p, _a in table.paths]

    def going_on(p) -> int:  # the actions that end on or go on from these clicks
        return sum(1 for q in clicks if q[: len(p)] == p)

    several = sorted(
        {p for p in clicks if going_on(p) > 1},
        key=lambda p: (p[0][0] != "hand", -going_on(p), repr(p)),
    )
    if several:
        for key in several[0]:
            spot = next(i for i in table.items if i.key == key)
            table.choose(key, (spot.rect[0] + spot.rect[2] / 2, spot.rect[1] + 10))


def screenshots(
    out: str,
    size: tuple[int, int] | None,
    game: str = "hadrians-wall",
    lang: str = "en",
    rm_modules: list[str] | None = None,
    ui_scale: float = 1.0,
) -> list[Path]:
    """Render every screen to PNG, headless, in ``lang`` at the text size ``ui_scale``
    (Settings.ui_scale); the menus' screens of ``game``; the Runes of Mayhem screens with
    the modules ``rm_modules`` (RM-3), and its deck-construction screen when X1 is on."""
    folder = picture_folder(out)  # before anything is drawn
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # silent: no sound card asked for
    cam = Camera(folder, size, lang, ui_scale)
    try:
        menus(cam, game)
        hadrians_wall(cam)
        stronghold(cam)
        field_of_glory(cam)
        runes_of_mayhem(cam, rm_modules)
    finally:
        cam.app.close()
    return cam.paths


def rm_modules(text: str | None) -> list[str] | None:
    """The Runes of Mayhem modules of ``--modules`` (BadConfig for a forbidden
    combination, before any screen is drawn)."""
    if text is None:
        return None
    from game.__main__ import _modules_config

    rules = registry.get_rules("runes-of-mayhem")
    config = {**rules.default_config(2), **_modules_config(rules.name, text)}
    rules.new_game(config, 1)
    return config["modules"]


def main(argv=None) -> int:
    from game.app.i18n import LANGUAGES
    from game.app.launch import parse_size

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="screenshots", help="folder for the PNG files")
    ap.add_argument("--size", help="window size, e.g. 1920x1080")
    ap.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the screens")
    ap.add_argument("--modules", help="Runes of Mayhem modules (RM-3), e.g. all or K,X1")
    ap.add_argument(
        "--text-size",
        type=int,
        choices=(100, 125, 150),
        default=100,
        help="text size in per cent, as in the Settings",
    )
    args = ap.parse_args(argv)
    try:
        size = parse_size(args.size) if args.size else None
        for path in screenshots(
            args.out,
            size,
            lang=args.lang,
            rm_modules=rm_modules(args.modules),
            ui_scale=args.text_size / 100,
        ):
            print(path)
    except GameError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
