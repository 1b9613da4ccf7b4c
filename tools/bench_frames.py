"""Frame-time figures of the table: drawing a busy table, and the frame rate while a
computer seat thinks on the worker (``python -m game bench`` in a source checkout; a tool
of the sources, not part of the built program)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from game.app.session import HUMAN, Session
from game.core import registry
from game.core.agents import make_agent
from game.core.match import Match

#: actions played before the busy table is timed, and by which computer player (random
#: Stronghold Invaders crowd the board faster than rating ones)
BUSY = {
    "hadrians-wall": (60, "greedy"),
    "stronghold": (150, "random"),
    "runes-of-mayhem": (50, "greedy"),
}


def _mid_game(rules, view, seats: list[str]) -> Session:
    actions, player = BUSY.get(rules.name, (60, "greedy"))
    match = Match.new(rules, view.config(len(seats), {}), 7, seats)
    agents = [make_agent(player, 11 + s, rules) for s in range(len(seats))]
    while not rules.is_over(match.state) and len(match.record.actions) < actions:
        seat = match.to_act()
        obs = rules.observation(match.state, seat)
        match.play(agents[seat].choose(rules, obs, rules.legal_actions(match.state)))
    return Session.load(rules, view, match.record, None, ai_pause=0.0)


#: moves that set something in motion, and frames of motion, timed at least; moves
#: played at most to find them
MOVING, FRAMES, AHEAD = 12, 900, 300
#: the frame rate the table's clock goes on at: each frame shows the motion 1/60 s on
#: from the last, as in play (paced at 60 fps), however long it takes to draw
FPS = 60


def _motion_frames(
    app, rules, view, seats: list[str], moves: int = MOVING, frames: int = FRAMES
) -> tuple[list[float], list[float]]:
    """The frame times of the busy table while its next moves (played by greedy
    players) are shown at the normal animation speed, the table's clock going on 1/60 s
    a frame, until ``moves`` of them have set something in motion and ``frames`` frames
    of motion have been drawn (at most ``AHEAD`` moves played): the frames drawn while
    things move (a move's things travelling, its numbers rising), each such move's first
    frame (its board drawn anew and compared with the last) included; and the first
    frame of every move played (the frame a move lands on, whether anything moves or
    not)."""
    from game.app.scenes.table import TableScene
    from tools.motion_shots import APART, Still

    session = _mid_game(rules, view, seats)
    agents = [make_agent("greedy", 31 + s, rules) for s in range(len(seats))]
    session.agents = {}
    session.clock = clock = Still()  # the motion's time: 1/60 s a frame
    app.settings.speed = "normal"
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    moving: list[float] = []
    landing: list[float] = []
    moved = played = 0
    match = session.match
    while (
        (moved < moves or len(moving) < frames)
        and played < AHEAD
        and not rules.is_over(match.state)
    ):
        seat = match.to_act()
        obs = rules.observation(match.state, seat)
        clock.now += APART  # the last move long seen
        session._play(agents[seat].choose(rules, obs, rules.legal_actions(match.state)))
        played += 1
        t0 = time.perf_counter()
        app.step()
        first = (time.perf_counter() - t0) * 1000
        landing.append(first)
        if not table.motion.active():
            continue  # nothing moved: a payment, a pass
        moved += 1
        moving.append(first)
        for _ in range(10 * FPS):  # to its end (ten seconds at most)
            clock.now += 1 / FPS
            t0 = time.perf_counter()
            app.step()
            moving.append((time.perf_counter() - t0) * 1000)
            if not table.motion.active():
                break
    moving.sort()
    landing.sort()
    return moving, landing


def _spread(times: list[float], name: str) -> dict:
    """The median and 95th percentile of sorted ``times`` and how many, as ``name_...``."""
    return {
        f"{name}_ms_median": round(statistics.median(times), 3) if times else None,
        f"{name}_ms_p95": round(times[int(0.95 * (len(times) - 1))], 3) if times else None,
        f"{name}_frames": len(times),
    }


def frame_bench(
    game: str,
    size=(1920, 1080),
    frames: int = 300,
    think_seconds: float = 3.0,
    level: str = "ai:hard",
) -> dict:
    """Median and p95 frame time of the table at ``size``: a busy table under the mouse
    (``frame_ms``), the frames of its next moves that set things in motion
    (``motion_ms``: ``_motion_frames``) and the frame every move lands on
    (``landing_ms``); and frames per second while a ``level`` computer seat thinks (the
    window paced at 60 fps as in play)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # silent: no sound card asked for
    from game.app.app import App, AppOptions
    from game.app.save_store import SaveStore
    from game.app.scenes.table import TableScene
    from game.app.view_registry import get_view

    rules, view = registry.get_rules(game), get_view(game)
    store = SaveStore(Path(tempfile.mkdtemp(prefix="siege-bench-")))
    app = App(AppOptions(size=size, store=store, ai_pause=0.0))
    try:
        # 1. a busy table, the mouse moving over it (hover marks and tooltips drawn)
        seats = [HUMAN] + ["ai:easy"] * (rules.max_seats - 1)
        session = _mid_game(rules, view, seats)
        session.agents = {}  # nobody moves: only drawing is timed
        table = TableScene(app, session)
        app.reset(table)
        times = []
        items = table.items
        for i in range(frames):
            x, y, w, h = items[i % len(items)].rect
            app.mouse = (x + w / 2, y + h / 2)
            t0 = time.perf_counter()
            app.step()
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        moving, landing = _motion_frames(app, rules, view, seats)
        # 2. the window's frame rate while a computer seat thinks
        seats = [level] + ["random"] * (rules.max_seats - 1)
        thinking = Session.new(
            rules, view, view.config(len(seats), {}), 5, seats, None, ai_pause=0.0
        )
        app.reset(TableScene(app, thinking))
        think_frames = 0
        think_time = 0.0
        decisions = 0
        end = time.perf_counter() + think_seconds
        last = time.perf_counter()
        while time.perf_counter() < end:
            was_thinking = thinking.thinking()
            app.step()
            app.clock.tick(60)
            now = time.perf_counter()
            if was_thinking and thinking.thinking():
                think_frames += 1
                think_time += now - last
            elif was_thinking:
                decisions += 1
            last = now
        return {
            "frame_size": f"{size[0]}x{size[1]}",
            "frame_ms_median": round(statistics.median(times), 3),
            "frame_ms_p95": round(times[int(0.95 * (len(times) - 1))], 3),
            **_spread(moving, "motion"),
            **_spread(landing, "landing"),
            "thinking_fps": round(think_frames / think_time, 1) if think_time else None,
            "thinking_seconds": round(think_time, 2),
            "thinking_level": level,
        }
    finally:
        app.close()
