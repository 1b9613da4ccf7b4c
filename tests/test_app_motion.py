"""Motion on the tables (game/app/motion.py): cards and tokens travel between the places
two drawings show them at, at the animation speed of the settings; Skip, a click and Space
finish it; a computer's next move waits for it; the game's end stays on the table until
the results are asked for; and motion never changes the game."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from app_helpers import (
    Clock,
    click,
    drawn_texts,
    make_app,
    play_by_mouse,
    post_click,
    press,
    replayed_json,
    state_json,
    widget,
)

from game.app import cards, motion, paint, pieces
from game.app.scenes.results import ResultsScene
from game.app.scenes.table import TableScene
from game.app.session import HUMAN, Session
from game.app.view_registry import get_view
from game.core import registry
from game.games.field_of_glory.view import FRAME as FG_FRAME
from game.games.hadrians_wall.view import FRAME as HW_FRAME
from game.games.runes_of_mayhem.faces import FRAME as RM_FRAME


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def paced_step(app) -> None:
    """One frame, then a short sleep as the window's frame pacing gives: the computer
    seats' answers come from a worker process, on the real clock, not the test's."""
    app.step()
    time.sleep(0.002)


def table_of(
    app, game: str, seats: list[str], clock, seed: int = 5, pause: float = 0.6
) -> TableScene:
    rules, view = registry.get_rules(game), get_view(game)
    session = Session.new(
        rules,
        view,
        view.config(len(seats), {}),
        seed,
        seats,
        app.store,
        ai_pause=pause,
        clock=clock,
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    return table


def spy_puts(monkeypatch) -> list:
    """Every sprite motion draws: (tween, pixel rectangle)."""
    calls, now = [], []
    draw, put = motion.draw_tween, motion._put

    def drawing(surf, tw, t):
        now.append(tw)
        try:
            draw(surf, tw, t)
        finally:
            now.pop()

    def putting(surf, img, rect, alpha=255):
        calls.append((now[-1] if now else None, tuple(rect)))
        put(surf, img, rect, alpha)

    monkeypatch.setattr(motion, "draw_tween", drawing)
    monkeypatch.setattr(motion, "_put", putting)
    return calls


def snapshot(session) -> str:
    """The game's state as text (the rules' JSON may share the state's own lists)."""
    return json.dumps(state_json(session), sort_keys=True)


def centre(rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def drawn_now(table: TableScene) -> list:
    """The sprites the view draws for the observation shown, noted on a canvas."""
    canvas = motion.Canvas(table.app.screen.get_size())
    with motion.recording() as record:
        table.view.draw(canvas, paint.board_vp(table.app.vp), dict(table.obs), table.items, {})
    return record.drawn


def first_card_move(table: TableScene):
    """The first tween of the table's motion that carries a card between two places."""
    for tw in table.motion.tweens:
        if (
            tw.style == "travel"
            and tw.before is None
            and getattr(tw.sprite, "motion_key", ("",))[0] == "card"
            and abs(centre(tw.start)[0] - centre(tw.end)[0])
            + abs(centre(tw.start)[1] - centre(tw.end)[1])
            > 40
        ):
            return tw
    return None


def test_a_card_played_travels_through_the_places_between_and_lands_on_its_own(app, monkeypatch):
    clock = Clock()
    table = table_of(app, "hadrians-wall", [HUMAN, "random"], clock)
    s = table.session
    before = snapshot(s)
    play_by_mouse(app, table, s.my_legal_actions()[0])  # a card from the hand (HW-7.2)
    assert snapshot(s) != before
    tw = first_card_move(table)
    assert tw is not None, [t.style for t in table.motion.tweens]
    assert table.motion.busy() and (tw.sprite.motion_key, tw.end) in table.motion.hidden
    calls = spy_puts(monkeypatch)
    start, end = centre(tw.start), centre(tw.end)
    way = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    seen = []
    for _k in range(4):  # four frames on its way
        clock.t += (tw.delay + tw.duration) / 5
        app.step()
        seen += [r for t, r in calls if t is tw]
        calls.clear()
    assert len(seen) == 4
    for rect in seen:  # each between where it was and where it goes, none at either end
        c = centre(rect)
        from_start = ((c[0] - start[0]) ** 2 + (c[1] - start[1]) ** 2) ** 0.5
        to_end = ((c[0] - end[0]) ** 2 + (c[1] - end[1]) ** 2) ** 0.5
        assert from_start > 2 and to_end > 2 and from_start < way + 80, (rect, tw.end)
    gone = [((c[0] - start[0]) ** 2 + (c[1] - start[1]) ** 2) ** 0.5 for c in map(centre, seen)]
    assert gone == sorted(gone)  # always on, never back
    clock.t += 5
    app.step()
    assert not table.motion.busy() and not table.motion.hidden and not calls
    assert any(d.key == tw.sprite.motion_key and d.rect == tw.end for d in drawn_now(table))


def test_at_instant_speed_every_card_is_at_its_place_at_once(app, monkeypatch):
    app.settings.speed = "instant"
    clock = Clock()
    table = table_of(app, "hadrians-wall", [HUMAN, "random"], clock)
    calls = spy_puts(monkeypatch)
    s = table.session
    drawn = {(d.key, d.rect) for d in drawn_now(table)}
    play_by_mouse(app, table, s.my_legal_actions()[0])
    app.step()
    assert not table.motion.tweens and not table.motion.hidden and not calls
    now = {(d.key, d.rect) for d in drawn_now(table)}
    assert now != drawn  # the card did move: shown at its new place in the first frame
    assert {(d.key, d.rect) for d in table.motion.record.drawn} == now


def test_skip_a_click_and_space_finish_the_motion_at_once(app):
    clock = Clock()
    table = table_of(app, "hadrians-wall", [HUMAN, "random"], clock)
    s = table.session
    play_by_mouse(app, table, s.my_legal_actions()[0])
    assert table.motion.busy()
    post_click(app, (640, 4))  # a click on nothing in particular
    app.step()
    assert not table.motion.busy() and not table.motion.hidden
    s.undo()  # again, and Space this time
    app.step()
    play_by_mouse(app, table, s.my_legal_actions()[0])
    assert table.motion.busy()
    press(app, pygame.K_SPACE, " ")
    assert not table.motion.busy()
    for _ in range(30):  # the person's moves until the computer is to act, then Skip
        play_by_mouse(app, table, s.my_legal_actions()[0])
        if not s.human_to_act():
            break
    assert table.motion.busy() and not s.human_to_act()
    click(app, widget(table, "Skip to the next decision of a person").rect)
    assert not table.motion.busy() and s.skipping


def test_a_computer_move_waits_for_the_last_one_to_be_seen_and_the_end_for_the_click(app):
    app.settings.speed = "fast"
    clock = Clock()
    table = table_of(app, "hadrians-wall", ["random", "random"], clock, seed=3, pause=0.05)
    s = table.session
    moved_while_busy, animated, frames = 0, 0, 0
    while not (app.top is table and table.results_button in table.widgets):
        frames += 1
        assert frames < 20_000, "the game did not end"
        clock.t += 0.03
        busy, moves = table.motion.busy(), len(s.match.record.actions)
        paced_step(app)
        if busy and len(s.match.record.actions) > moves:
            moved_while_busy += 1  # a move played while the last one was still moving
        animated += bool(table.motion.tweens)
    assert s.is_over() and animated > 20 and moved_while_busy == 0
    for _ in range(30):  # the final table stays, however long it is looked at
        clock.t += 1
        app.step()
    assert app.top is table and isinstance(table, TableScene)
    from game.app.scenes.results import headline

    words = headline(s)
    assert "wins" in words or "Nobody" in words or "Shared" in words
    assert any(text == words for text, _r in drawn_texts(app))  # the banner says who won
    click(app, table.results_button.rect)
    assert isinstance(app.top, ResultsScene) and app.top.session is s


def test_the_results_open_by_themselves_only_for_a_run_that_exits_at_the_end(tmp_path):
    app = make_app(tmp_path, quit_when_over=True)
    try:
        clock = Clock()
        table = table_of(app, "hadrians-wall", ["random", "random"], clock, seed=3, pause=0.0)
        s = table.session
        for _ in range(20_000):
            if isinstance(app.top, ResultsScene):
                break
            clock.t += 0.05
            paced_step(app)
        assert s.is_over() and isinstance(app.top, ResultsScene) and not app.running
    finally:
        app.close()


def test_motion_never_changes_the_game(app):
    """The same seeded computer game, with motion and at instant speed: the same moves
    and states; drawing frames in the middle of a motion changes nothing."""
    records = {}
    for speed in ("normal", "instant"):
        app.settings.speed = speed
        clock = Clock()
        table = table_of(app, "field-of-glory", ["random", "random"], clock, seed=2, pause=0.05)
        s = table.session
        frames = moving = 0
        while len(s.match.record.actions) < 25 and not s.is_over():
            frames += 1
            assert frames < 20_000
            clock.t += 0.01
            busy, state = table.motion.busy(), snapshot(s)
            app.step()
            assert snapshot(s) == state or not busy  # a frame of motion changes nothing
            moving += busy
            clock.t += 0.04
            paced_step(app)
        assert (moving > 10) == (speed == "normal")
        records[speed] = list(s.match.record.actions[:25])
        assert replayed_json(s) == state_json(s)
    assert records["normal"] == records["instant"]


# ---------------------------------------------------------------------- what moves how
def drawn(sprite, rect, area=None) -> motion.Drawn:
    w, h = sprite.get_size()
    return motion.Drawn(sprite.motion_key, (*rect, w, h), area or (0, 0, w, h), sprite)


def record(*things) -> motion.Record:
    return motion.Record(list(things))


def test_a_token_count_moved_from_one_place_to_another_walks_there(app):
    five = pieces.token("stronghold", "goblin", 30, 5)
    three = pieces.token("stronghold", "goblin", 30, 3)
    two = pieces.token("stronghold", "goblin", 30, 2)
    old = record(drawn(five, (100, 100)))
    new = record(drawn(three, (100, 100)), drawn(two, (400, 300)))
    tweens, hidden = motion.plan(old, new, 1.0)
    walks = [t for t in tweens if t.style == "travel"]
    assert len(walks) == 1
    walk = walks[0]
    assert centre(walk.start) == centre((100, 100, 30, 30))
    assert centre(walk.end) == centre((400, 300, 30, 30))
    assert walk.sprite.motion_info["count"] == 2  # the two that left, walking
    assert (two.motion_key, (400, 300, 30, 30)) in hidden  # shown when they arrive
    assert (three.motion_key, (100, 100, 30, 30)) not in hidden  # three stay at once


def test_a_back_that_becomes_a_face_at_its_place_turns_over(app):
    face = cards.card(70, 100, RM_FRAME, (90, 40, 40), "Berserker", "barbarian")
    back = cards.back(70, 100, RM_FRAME)
    tweens, hidden = motion.plan(record(drawn(back, (50, 60))), record(drawn(face, (50, 60))), 1.0)
    [flip] = tweens
    assert flip.before is back and flip.sprite is face and flip.start == flip.end
    assert hidden == {(face.motion_key, (50, 60, 70, 100))}


def test_a_card_from_a_hidden_hand_comes_from_the_back_that_left_it(app):
    face = cards.card(70, 100, FG_FRAME, (40, 40, 90), "Hastati", "roman-shield")
    back = cards.back(18, 26, FG_FRAME)
    old = record(drawn(back, (20, 20)), drawn(back, (29, 20)))
    new = record(drawn(back, (20, 20)), drawn(face, (300, 400)))
    [tw] = motion.plan(old, new, 1.0)[0]
    assert tw.before is back and tw.start == (29, 20, 18, 26) and tw.end == (300, 400, 70, 100)


def test_a_number_that_changed_rises_from_its_place(app):
    old, new = motion.Record(), motion.Record()
    old.values[("glory", 0)] = (3, (10, 10, 40, 20))
    new.values[("glory", 0)] = (5, (10, 10, 40, 20))
    [rise] = motion.rising(old.values, new.values, 1.0)
    assert rise.style == "text" and rise.end[1] < rise.start[1]


def test_a_die_thrown_on_a_table_tumbles_then_lands_on_its_face():
    clock = Clock()
    table_motion = motion.Motion(clock)
    table_motion.frames = 5  # a table already shown
    with motion.showing(table_motion):
        seen = set()
        for _ in range(6):
            seen.add(motion.roll(("FIGHT", 0, 0), 3, (0, 1, 2, 3)))
            clock.t += motion.ROLL / 6
        assert len(seen) > 1  # it tumbled
        clock.t += 0.01
        assert motion.roll(("FIGHT", 0, 0), 3, (0, 1, 2, 3)) == 3  # and landed
        thrown = [motion.roll(("FIGHT", 0, 1), 2, (0, 1, 2, 3))]  # a new die: thrown now
        clock.t += motion.TUMBLE
        thrown.append(motion.roll(("FIGHT", 0, 1), 2, (0, 1, 2, 3)))
        assert thrown != [2, 2]
        table_motion.finish()  # a click: at once on its face
        assert motion.roll(("FIGHT", 0, 1), 2, (0, 1, 2, 3)) == 2
        table_motion.speed = "instant"
        assert motion.roll(("FIGHT", 1, 0), 1, (0, 1, 2, 3)) == 1
    fresh = motion.Motion(clock)  # a table just opened: its dice lie already
    with motion.showing(fresh):
        assert motion.roll(("FIGHT", 2, 0), 1, (0, 1, 2, 3)) == 1
    assert motion.roll(("FIGHT", 3, 0), 2) == 2  # off any table


def test_a_computer_move_stays_in_view_for_the_pause_after_it_has_landed(app):
    clock = Clock()
    table = table_of(app, "hadrians-wall", ["random", "random"], clock, seed=3, pause=0.5)
    s = table.session
    landed, checked, was_busy = None, 0, False
    for _ in range(3000):
        if checked >= 5:
            break
        moves = len(s.match.record.actions)
        clock.t += 0.05
        paced_step(app)
        busy = table.motion.busy()
        if len(s.match.record.actions) > moves:  # a move: after its last one landed + pause
            if landed is not None:
                assert clock.t - landed >= 0.5 - 1e-9, (clock.t, landed)
                checked += 1
            landed = None
        elif was_busy and not busy:
            landed = clock.t - 0.05  # landed within the last frame
        was_busy = busy
    assert checked >= 5


def test_what_is_revealed_turns_over_before_the_rest_moves(app):
    face = cards.card(70, 100, HW_FRAME, (40, 120, 40), "Horsie", "horse-head")
    fort = cards.card(70, 100, HW_FRAME, (120, 120, 110), "NieFort", "military-fort")
    back = cards.back(70, 100, HW_FRAME)
    old = record(drawn(back, (300, 300)), drawn(fort, (300, 50)))
    new = record(drawn(face, (300, 300)), drawn(fort, (40, 400)))  # revealed; fort taken
    tweens, _hidden = motion.plan(old, new, 1.0)
    [flip] = [t for t in tweens if t.before is back]
    [taken] = [t for t in tweens if t.sprite is fort]
    assert taken.delay >= flip.delay + flip.duration * 0.75
