"""The cost of a move's motion on the table, and the tables caught in mid-motion.

- A board is drawn once per move: the board without the things in motion (drawn under
  them on every frame until they arrive) is made from the board just drawn by putting
  back what lay under them (``paint.Picture``), the same pixels as a drawing without
  them; the board after the motion is the one kept from the move's first frame.
- A token that walks to a stack shows the stack's old count until it arrives; a number
  that changes with a move where nothing travels rises from the move's moment.
- ``motion_shots`` stops a table at a fixed moment of a move's motion (a still clock):
  the same picture every time, with the thing in motion on its way.
- The frame bench times moves that move, frame by frame at 60 a second
  (``bench_frames``).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import motion, paint  # noqa: E402
from game.app.launch import make_app  # noqa: E402
from game.app.save_store import SaveStore  # noqa: E402
from game.app.session import HUMAN, Session  # noqa: E402
from game.app.view_registry import get_view  # noqa: E402
from game.core import registry  # noqa: E402
from game.core.agents import make_agent  # noqa: E402
from game.core.match import Match  # noqa: E402
from tools import motion_shots  # noqa: E402


@pytest.fixture
def app(tmp_path):
    window = make_app((1280, 800), store=SaveStore(tmp_path / "saves"), lang="en", ai_pause=0.0)
    yield window
    window.close()


def played(game: str, moves: int) -> Session:
    """A two-seat game (a person and a computer seat) after ``moves`` greedy moves."""
    rules, view = registry.get_rules(game), get_view(game)
    match = Match.new(rules, view.config(2, {}), 7, [HUMAN, "ai:easy"])
    agents = [make_agent("greedy", 11 + s, rules) for s in range(2)]
    while len(match.record.actions) < moves and not rules.is_over(match.state):
        seat = match.to_act()
        obs = rules.observation(match.state, seat)
        match.play(agents[seat].choose(rules, obs, rules.legal_actions(match.state)))
    return Session.load(rules, view, match.record, None, ai_pause=0.0)


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels of ``a`` and ``b`` differ by more than a trace."""
    one, two = pygame.Surface.copy(a), pygame.Surface.copy(b)
    one.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    two.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    one.blit(two, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    close = pygame.transform.threshold(None, one, (0, 0, 0), (24, 24, 24), set_behavior=0)
    return one.get_width() * one.get_height() - close


def board_drawer(view):
    return getattr(view, "_draw_board", None) or view._draw_table


@pytest.mark.parametrize("game", ["stronghold", "field-of-glory", "runes-of-mayhem"])
def test_the_board_under_the_things_in_motion_is_the_board_drawn_without_them(app, game):
    table = motion_shots.caught(app, played(game, 20), motion_shots.travelling())
    assert table is not None
    m, view = table.motion, table.view
    assert m.hidden and m.busy()
    kept = {k[4]: k[5] for k in view._picture._kept}
    under, whole = kept[m.hidden], kept[frozenset()]
    board = paint.board_vp(app.vp)
    view._picture._kept = []  # the same board drawn anew, the things in motion left out
    with motion.hiding(m.hidden):
        view._picture.blit(
            motion.Canvas(app.screen.get_size()),
            board,
            m.base_obs,
            paint.board_area(board),
            lambda picture: board_drawer(view)(picture, board, m.base_obs, table.items),
        )
    drawn = view._picture._kept[0][5]
    assert differing(under, drawn) == 0
    assert differing(whole, drawn) > 100  # the things in motion are really left out


def test_a_move_draws_its_board_once(app, monkeypatch):
    """Stronghold: its board is drawn on the frame a move lands, and not again while its
    things travel, nor when they have arrived."""
    session = played("stronghold", 20)
    table = motion_shots.caught(app, session, motion_shots.travelling(("token",)))
    assert table is not None
    view = table.view
    drawings = []
    real = view._draw_board
    monkeypatch.setattr(view, "_draw_board", lambda *a: (drawings.append(1), real(*a)))
    clock = session.clock
    for _ in range(30):  # the motion's frames, to its end
        clock.now += 0.05
        app.step()
    assert not table.motion.active()
    assert drawings == []
    table.motion.finish()
    rules = session.rules
    agents = [make_agent("greedy", 5 + s, rules) for s in range(2)]
    landed = moving = 0
    while landed < 4:  # more moves that walk units: one drawing each
        seat = session.to_act()
        obs = rules.observation(session.state, seat)
        clock.now += 30
        session._play(agents[seat].choose(rules, obs, rules.legal_actions(session.state)))
        drawings.clear()
        app.step()
        assert drawings == [1]
        if not table.motion.busy():
            continue
        landed += 1
        while table.motion.busy():
            clock.now += 0.05
            app.step()
            moving += 1
        app.step()
        assert drawings == [1], "drawn again while its things moved or after"
    assert moving > 8


def record_of(*drawn) -> motion.Record:
    return motion.Record(drawn=list(drawn))


def token(count: int, rect) -> motion.Drawn:
    sprite = motion.sprite(
        (26, 26),
        ("token", "bowman"),
        kind="token",
        count=count,
        remake=lambda n: motion.sprite((26, 26), ("token", "bowman"), kind="token", count=n),
    )
    return motion.Drawn(("token", "bowman"), rect, (0, 0, 26, 26), sprite)


def test_a_stack_shows_its_old_count_until_the_token_walking_to_it_arrives():
    old = record_of(token(1, (100, 100, 26, 26)), token(1, (400, 300, 26, 26)))
    new = record_of(token(2, (400, 300, 26, 26)))
    tweens, hidden = motion.plan(old, new, 1.0)
    walk = next(t for t in tweens if t.style == "travel")
    hold = next(t for t in tweens if t.style == "hold")
    assert walk.start[:2] == (100, 100) and walk.end[:2] == (400, 300)
    assert hold.delay == pytest.approx(walk.delay + walk.duration)  # not before it arrives
    assert hold.before is not None and hold.before.motion_info["count"] == 1
    assert (("token", "bowman"), (400, 300, 26, 26)) in hidden


def test_a_number_rises_from_the_move_even_when_nothing_travels(app):
    now = [100.0]
    m = motion.Motion(lambda: now[0])
    place, still = (10, 10, 40, 20), (200, 200, 26, 26)
    m.arrive(motion.Record([token(1, still)], {("glory", 0): (4, place)}), {}, "here")
    now[0] = 500.0  # a long while later, nothing moved since
    m.expect(True)
    m.arrive(motion.Record([token(1, still)], {("glory", 0): (5, place)}), {}, "here")
    assert not m.tweens
    assert len(m.texts) == 1 and m.now() == 0
    now[0] += 0.3
    assert m.active()  # still rising


def test_a_table_caught_in_motion_is_the_same_picture_every_time(app):
    pictures = []
    for _ in range(2):
        table = motion_shots.caught(
            app, played("field-of-glory", 20), motion_shots.travelling(("card", "back"))
        )
        assert table is not None
        t = table.motion.now()
        going = [
            tw
            for tw in table.motion.tweens
            if tw.style == "travel" and tw.delay < t < tw.delay + tw.duration
        ]
        assert going  # a card on its way, neither where it was nor where it goes
        app.draw()
        pictures.append(pygame.Surface.copy(app.screen))
    assert differing(*pictures) == 0


def test_dice_are_caught_tumbling(app):
    session = played("runes-of-mayhem", 20)
    session.ai_pause = 0.6
    table = motion_shots.caught(app, session, motion_shots.rolling)
    assert table is not None
    m = table.motion
    thrown = [since for since in motion._rolls.values() if since > m.hurried]
    assert thrown and 0 < m.clock() - max(thrown) < motion.ROLL


def test_the_frame_bench_times_moves_that_move(app):
    from tools import bench_frames

    rules, view = registry.get_rules("stronghold"), get_view("stronghold")
    moving, landing = bench_frames._motion_frames(
        app, rules, view, [HUMAN, "ai:easy"], moves=3, frames=0
    )
    assert len(landing) >= 3
    # each move that moved: its frames at 60 a second, a walk or a rise of a third of a
    # second at least, to its end
    assert len(moving) >= 3 * 0.3 * bench_frames.FPS
