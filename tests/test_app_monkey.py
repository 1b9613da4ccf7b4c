"""A seeded monkey on the window: thousands of random clicks, wheel turns and keys.

It starts at the title and wanders through every screen; now and then it seats a new
table itself (people, computers, hotseat, a finished game).  Nothing may raise, and
every game the scene stack holds must stay consistent with the rules and with the
replay of its record.
"""

from __future__ import annotations

import random
import time

import pygame
from app_helpers import RULES, VIEW, check_games, make_app, random_config, sessions_of

from game.app.scenes.results import ResultsScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.agents import make_agent
from game.core.match import Match
from game.core.registry import get_rules

SEED = 20_240_607
CLICKS = 2_000
CHECK_EVERY = 25
CTRL = pygame.KMOD_CTRL
KEYS = [
    (pygame.K_ESCAPE, "", 0),
    (pygame.K_z, "z", CTRL),
    (pygame.K_s, "s", CTRL),
    (pygame.K_RETURN, "\r", 0),
    (pygame.K_SPACE, " ", 0),
    (pygame.K_BACKSPACE, "", 0),
    (pygame.K_DOWN, "", 0),
    (pygame.K_PAGEUP, "", 0),
    (pygame.K_a, "a", 0),
    *[(getattr(pygame, f"K_{d}"), str(d), 0) for d in range(10)],
]


KINDS = ["mixed", "hotseat", "middle", "results", "computers", "middle", "finished"]
#: the games the monkey seats in turn (each with its rules and its table view)
GAMES = [
    (RULES, VIEW),
    (get_rules("stronghold"), get_view("stronghold")),
    (get_rules("field-of-glory"), get_view("field-of-glory")),
    (get_rules("runes-of-mayhem"), get_view("runes-of-mayhem")),
]
SEAT_EVERY = 250  # steps between the tables the monkey seats itself, in turn of KINDS


def seat_table(app, rng: random.Random, kind: str) -> None:
    """A table of the monkey's own choosing (fast computer seats): a new game, one in its
    middle with people to decide, or a finished one."""
    rules, view = rng.choice(GAMES)
    low = max(rules.min_seats, 1 if kind != "hotseat" else 2)
    players = rng.randint(low, min(rules.max_seats, 4 if kind != "hotseat" else 3))
    if kind in ("mixed", "middle"):
        seats = [rng.choice(["human", "random", "greedy"]) for _ in range(players)]
        seats[rng.randrange(players)] = "human"
    elif kind == "hotseat":
        seats = ["human"] * players
    else:
        seats = ["random"] * players
    config = random_config(rules.name, rng, players)
    seed = rng.randrange(1_000_000)
    if kind in ("mixed", "hotseat", "computers"):
        session = Session.new(rules, view, config, seed, seats, app.store, ai_pause=0.0)
        app.reset(TableScene(app, session))
        return
    match = Match.new(rules, config, seed, seats)
    agent = make_agent("random", seed, rules)
    length = rng.randint(10, 80) if kind == "middle" else 10_000
    while not rules.is_over(match.state) and len(match.record.actions) < length:
        obs = rules.observation(match.state, match.to_act())
        match.play(agent.choose(rules, obs, rules.legal_actions(match.state)))
    session = Session.load(rules, view, match.record, app.store, ai_pause=0.0)
    if kind == "results" and session.is_over():
        results = ResultsScene(app, session)
        app.reset(results)
        results.show_log()  # the monkey goes back from the log on its own
        return
    app.reset(TableScene(app, session))


def click_rects(scene, rng: random.Random) -> list:
    """The rectangles worth aiming at on ``scene``, the playable ones first if any."""
    playable = []
    if isinstance(scene, TableScene):
        playable = [i.rect for i in scene.items if i.key in scene.targets]
        playable += [b.rect for b in scene.option_buttons]
    if playable and rng.random() < 0.5:
        return playable
    rects = [w.rect for w in scene.widgets]
    rects += [i.rect for i in getattr(scene, "items", [])]
    return rects


def random_event(app, rng: random.Random) -> pygame.event.Event:
    width, height = app.screen.get_size()
    anywhere = (rng.randrange(width), rng.randrange(height))
    r = rng.random()
    if r < 0.74:
        rects = click_rects(app.top, rng) if app.stack else []
        pos = anywhere
        if rects and rng.random() < 0.5:
            x, y, w, h = rng.choice(rects)
            pos = app.vp.point(x + rng.random() * w, y + rng.random() * h)
        button = 1 if rng.random() < 0.8 else 3
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    if r < 0.82:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 2]))
    if r < 0.88:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=anywhere, rel=(0, 0), buttons=(0, 0, 0))
    key, text, mod = rng.choice(KEYS)
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0)


#: the title's buttons the monkey clicks in turn on its detours (what a walk of random
#: clicks reaches only by luck: a computer game's pace depends on the machine's load):
#: Load, Replays, Rules, Settings, New game (by place: the monkey may change the language)
DETOURS = [2, 3, 4, 5, 0]


def title_detour(app, n: int) -> None:
    """Back to the title (as Leave does) and a click on one of its buttons, in turn."""
    app.reset(TitleScene(app))
    x, y, w, h = app.top.widgets[DETOURS[n % len(DETOURS)]].rect
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.vp.point(x + w / 2, y + h / 2), button=1)
    )
    app.step()


def test_monkey_clicks_through_every_screen_without_breaking_a_game(tmp_path):
    rng = random.Random(SEED)
    app = make_app(tmp_path / "home")
    app.reset(TitleScene(app))
    seen: set[str] = set()
    clicks = steps = restarts = checked = 0
    reach: dict = {}  # session -> (actions when first seen, actions when last seen)
    start = time.monotonic()
    try:
        while clicks < CLICKS:
            if not app.running or not app.stack:
                app.running = True
                app.reset(TitleScene(app))
                restarts += 1
            app.options.ai_pause = 0.0  # tables started on the set-up screen play briskly
            if steps and steps % SEAT_EVERY == 0:
                seat_table(app, rng, KINDS[steps // SEAT_EVERY % len(KINDS)])
            elif steps % SEAT_EVERY == SEAT_EVERY // 2:
                title_detour(app, steps // SEAT_EVERY)
            elif rng.random() < 0.003:
                seat_table(app, rng, rng.choice(KINDS))
            seen.add(type(app.top).__name__)
            for _ in range(rng.choice([1, 1, 1, 2])):
                event = random_event(app, rng)
                clicks += event.type == pygame.MOUSEBUTTONDOWN
                pygame.event.post(event)
            where = f"step {steps} on {type(app.top).__name__}"
            app.step()
            steps += 1
            # every screen the walk has put on the stack (the results under their log, a
            # table under its dialog); each screen's own events are the monkey of
            # tests/test_app_monkey_scenes.py, which starts in every one of them
            seen.update(type(scene).__name__ for scene in app.stack)
            for session in sessions_of(app):
                first, _last = reach.get(session, (len(session.match.record.actions), 0))
                reach[session] = (first, len(session.match.record.actions))
            if steps % CHECK_EVERY == 0:
                checked += check_games(app, where)
            time.sleep(0)  # the window sleeps between frames; so does the monkey
        check_games(app, "the end")
    finally:
        app.close()
    seconds = time.monotonic() - start
    assert clicks >= CLICKS and checked > 0
    every_screen = {
        "TitleScene",
        "SetupScene",
        "TableScene",
        "HandoffScene",
        "ResultsScene",
        "Dialog",
        "SavesScene",
        "RulesScene",
        "SettingsScene",
        "LogScene",
    }
    assert seen >= every_screen, (seen, restarts)
    played = sum(last - first for first, last in reach.values())
    assert played >= 50, played  # the games moved on, by clicks and by computer seats
    assert {s.rules.name for s in reach} >= {
        "hadrians-wall",
        "stronghold",
        "field-of-glory",
        "runes-of-mayhem",
    }
    print(f"monkey: {clicks} clicks, {steps} frames, {seconds:.1f} s")
