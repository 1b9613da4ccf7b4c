"""A move that does much, shown in stages (game/app/stages.py): Hadrian's Wall's rounds
after the last order, fort by fort, at the table and in the replay; a click, Space or
the button shows the rest at once; the instant speed has none; and stages, like all
motion, never change the game or its record."""

from __future__ import annotations

import dataclasses
import json
import time

import pygame
import pytest
from app_helpers import (
    Clock,
    click,
    make_app,
    play_by_mouse,
    post_click,
    press,
    replayed_json,
    state_json,
)

from game.app import paint
from game.app.replayer import Replayer
from game.app.scenes.replay import ReplayScene
from game.app.scenes.table import TableScene
from game.app.session import HUMAN, Session
from game.app.view_registry import get_view
from game.core import registry

GAME = "hadrians-wall"


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def snapshot(session) -> str:
    return json.dumps(state_json(session), sort_keys=True)


def to_the_last_order(app, clock, seed: int = 5) -> TableScene:
    """A table of Hadrian's Wall where the computer's clan orders first and the person
    then gives his orders by clicks, up to the last one (HW-7.3): the rounds it sets
    going (HW-8) are being shown."""
    rules, view = registry.get_rules(GAME), get_view(GAME)
    session = Session.new(
        rules,
        view,
        view.config(2, {}),
        seed,
        ["random", HUMAN],
        app.store,
        ai_pause=0.3,
        clock=clock,
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    for _ in range(5000):
        if table.staging.busy() and len(table.staging.stages) >= 3:
            return table
        if session.human_to_act():
            play_by_mouse(app, table, session.my_legal_actions()[0])
        else:  # the computer's orders come from the worker, on the real clock
            clock.t += 0.05
            app.step()
            time.sleep(0.002)
    raise AssertionError("the rounds were never shown in stages")


def colours(obs) -> list[str]:
    return [clan["colour"] for clan in obs["clans"]]


def pixel(app, rect) -> tuple:
    return tuple(paint.board_vp(app.vp).rect(rect))


def test_the_rounds_after_the_last_order_are_shown_fort_by_fort(app):
    clock = Clock()
    table = to_the_last_order(app, clock)
    s = table.session
    stages = list(table.staging.stages)
    played, state = len(s.match.record.actions), snapshot(s)
    kinds = [st.event[1] for st in stages]
    events = table.staging.events

    def fought(stage) -> int:  # the round under way when the stage was noted
        return max(e[2] for e in events[: stage.told] if e[1] == "ROUND")

    rounds = [fought(st) for st in stages if st.event[1] == "TOTALS"]
    assert rounds[0] == 1 and rounds == list(range(1, len(rounds) + 1))  # in order (HW-8)
    assert len(rounds) >= 2 and {"CAPTURE", "UNCLAIMED"} & set(kinds)
    shown, frames, seen_at = [], 0, {}
    before_obs, before_items = None, None
    while table.staging.busy():
        frames += 1
        assert frames < 3000
        at, obs, items = table.staging.at, table.obs, table.items
        if not shown or shown[-1] != at:  # a stage just came: what it shows
            shown.append(at)
            seen_at[at] = clock.t
            stage = stages[at]
            kind = stage.event[1]
            # the round fought, its number shown; a round's start shows the round begun
            # (the engine tells of it first), its fort marked and none of its cards yet
            assert obs["round"] == obs["last_round"]["rnd"] == fought(stage)
            if kind == "ROUND":
                assert obs["wall"][fought(stage) - 1] == stage.event[3]
                assert obs["fresh"] == obs["last_round"]["fresh"] == [None] * len(obs["clans"])
            assert obs is stage.obs
            app.step()  # its first frame: drawn, compared with the last stage
            record = table.motion.record
            if kind == "TOTALS":  # the strengths in the bands are the round's (HW-8.4)
                for part in stage.event[2].split():
                    colour, value = part.split("=")
                    c = colours(obs).index(colour)
                    assert record.values[("strength", c)][0] == int(value.split("(")[0])
                rows = " ".join(line for line, _p, _c in table.log_rows(app.vp))
                said = table.view.describe(stage.event, s.rules.seat_names(s.state))
                assert " ".join(rows.split()).endswith(" ".join(said.split()))  # the newest
            if kind == "CAPTURE":  # the fort travels from the wall to its captor's pile
                captor = colours(obs).index(stage.event[2])
                fort = stage.event[3]
                wall = next(i for i in before_items if i.key == ("wall", fort))
                pile = next(i for i in items if i.key == ("pile", captor, fort))
                moving = [
                    tw
                    for tw in table.motion.tweens
                    if tw.start == pixel(app, wall.rect) and tw.style == "travel"
                ]
                assert moving, [(tw.style, tw.start) for tw in table.motion.tweens]
                px, py, pw, ph = pixel(app, pile.rect)
                ex, ey = moving[0].end[:2]
                assert (ex, ey) == (px, py)  # it lands where the pile shows it
                assert table.motion.texts  # and the points rise
                assert before_obs["clans"][captor]["pile"] + [fort] == obs["clans"][captor]["pile"]
            before_obs, before_items = obs, items
        assert snapshot(s) == state and len(s.match.record.actions) == played
        clock.t += 0.04
        app.step()
    assert shown == list(range(len(stages)))  # every stage, in turn, none left out
    for at in range(1, len(stages)):  # each one stayed its rest at least
        assert seen_at[at] - seen_at[at - 1] >= stages[at - 1].hold - 1e-9
    assert table.obs == s.observation() and snapshot(s) == state
    assert replayed_json(s) == state_json(s)


def test_a_click_on_the_board_space_or_the_button_show_the_rest_at_once(app):
    clock = Clock()
    table = to_the_last_order(app, clock)
    s = table.session
    played = len(s.match.record.actions)
    clock.t += 0.05
    app.step()
    assert table.staging.busy() and table.staging.obs() is table.obs
    post_click(app, (400, 300))  # on the board: the rest at once, nothing chosen
    app.step()
    assert not table.staging.busy() and not table.motion.busy()
    assert table.obs == s.observation() and len(s.match.record.actions) == played
    app.step()
    assert not table.motion.tweens  # shown at once, not moved to

    for hurry in ("space", "button"):
        clock = Clock()
        table = to_the_last_order(app, clock, seed=7)
        assert [b.label for b in table.option_buttons] == ["Show the rest at once"]
        if hurry == "space":
            press(app, pygame.K_SPACE, " ")
        else:
            click(app, table.option_buttons[0].rect)
        assert not table.staging.busy() and table.obs == table.session.observation()


def test_at_instant_speed_a_move_has_no_stages(app):
    app.settings.speed = "instant"
    clock = Clock()
    rules, view = registry.get_rules(GAME), get_view(GAME)
    session = Session.new(
        rules, view, view.config(2, {}), 5, ["random", HUMAN], app.store, ai_pause=0.3, clock=clock
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    rounds = 0
    for _ in range(3000):
        if session.match.state.rnd:
            rounds += 1
            break
        assert not table.staging.busy()
        if session.human_to_act():
            play_by_mouse(app, table, session.my_legal_actions()[0])
        else:
            clock.t += 0.05
            app.step()
            time.sleep(0.002)
    assert rounds and not table.staging.busy() and table.obs == session.observation()


def test_stages_never_change_the_game_or_its_replay(app):
    """The same seeded computer game of Hadrian's Wall, with motion and at instant speed:
    the same moves and states; the replay of each is the same."""
    records, kept = {}, {}
    for speed in ("normal", "instant"):
        app.settings.speed = speed
        clock = Clock()
        rules, view = registry.get_rules(GAME), get_view(GAME)
        s = Session.new(
            rules,
            view,
            view.config(2, {}),
            3,
            ["random", "random"],
            app.store,
            ai_pause=0.05,
            clock=clock,
        )
        table = TableScene(app, s)
        app.reset(table)
        app.step()
        staged = frames = 0
        while len(s.match.record.actions) < 40 and not s.is_over():
            frames += 1
            assert frames < 20_000
            busy, state = table.staging.busy(), snapshot(s)
            clock.t += 0.05
            app.step()
            assert snapshot(s) == state or not busy  # a stage shown changes nothing
            staged += busy
            time.sleep(0.002)
        assert (staged > 20) == (speed == "normal")
        records[speed] = list(s.match.record.actions[:40])
        kept[speed] = dataclasses.replace(s.match.record, actions=records[speed])
        assert replayed_json(s) == state_json(s)
    assert records["normal"] == records["instant"]
    rules = registry.get_rules(GAME)
    finals = {}
    for speed in ("normal", "instant"):  # the replay of it: the same positions either way
        app.settings.speed = speed
        clock = Clock()
        scene = ReplayScene(app, Replayer(rules, kept[speed]), seat=0, clock=clock)
        app.reset(scene)
        app.step()
        seen = []
        for step in range(1, len(records[speed]) + 1):
            press(app, pygame.K_RIGHT)
            for _ in range(400):
                if not (scene.staging.busy() or scene.motion.busy()):
                    break
                clock.t += 0.05
                app.step()
            assert scene.step == step and scene.obs == scene.replayer.observation(step, 0)
            seen.append(json.dumps(scene.obs, sort_keys=True))
        finals[speed] = seen
    assert finals["normal"] == finals["instant"]


def test_a_step_on_in_the_replay_moves_as_the_table_did(app):
    clock = Clock()
    table = to_the_last_order(app, clock)
    s = table.session
    staged_move = len(s.match.record.actions)
    at_table = [st.obs for st in table.staging.stages]
    s.show_all()
    replayer = Replayer(s.rules, s.match.record)
    clock = Clock()
    scene = ReplayScene(app, replayer, seat=1, clock=clock)
    app.reset(scene)
    app.step()
    mine = next(i for i, seat in enumerate(replayer.actors, 1) if seat == 1)
    scene.go(mine - 1)
    app.step()
    press(app, pygame.K_RIGHT)  # a plain move: a card set aside, moved from the hand
    clock.t += 0.05
    app.step()
    assert scene.step == mine and not scene.staging.busy()
    hand = [i for i in scene.items if i.key[0] == "aside"]
    assert any(
        tw.end == pixel(app, hand[-1].rect) and tw.start != tw.end for tw in scene.motion.tweens
    ), scene.motion.tweens  # it travels there
    scene.go(staged_move - 1)
    app.step()
    assert not scene.motion.tweens  # a jump: at once
    press(app, pygame.K_RIGHT)  # the last order: the rounds in stages, as at the table
    assert [st.obs for st in scene.staging.stages] == at_table
    shown = []
    for _ in range(3000):
        if not scene.staging.busy():
            break
        if not shown or shown[-1] != scene.staging.at:
            shown.append(scene.staging.at)
            assert scene.obs is scene.staging.stages[scene.staging.at].obs
        clock.t += 0.04
        app.step()
    assert shown == list(range(len(at_table)))
    assert scene.obs == replayer.observation(staged_move, 1)
    press(app, pygame.K_LEFT)  # a step back: at once
    assert not scene.staging.busy()
    app.step()
    assert not scene.motion.tweens and scene.obs == replayer.observation(staged_move - 1, 1)
    press(app, pygame.K_RIGHT)  # on again, then a click on the table: the rest at once
    assert scene.staging.busy()
    post_click(app, (400, 300))
    app.step()
    assert not scene.staging.busy() and not scene.motion.busy()
    assert scene.obs == replayer.observation(staged_move, 1)


def test_a_move_played_again_for_its_stages_tells_what_the_game_told(app):
    """``trail`` plays the move on a copy: the same events as the game's own, the state
    before it untouched; a view without ``stage`` (Field of Glory) has none."""
    from game.app import stages
    from game.core.match import Match

    rules, view = registry.get_rules(GAME), get_view(GAME)
    match = Match.new(rules, view.config(2, {}), 5, ["random", "random"])
    from game.core.agents import make_agent

    agents = [make_agent("random", 9 + s, rules) for s in range(2)]
    staged = 0
    while not rules.is_over(match.state) and len(match.record.actions) < 80:
        seat = match.to_act()
        action = agents[seat].choose(
            rules, rules.observation(match.state, seat), rules.legal_actions(match.state)
        )
        before = json.dumps(rules.to_json(match.state), sort_keys=True)
        found, told = stages.trail(
            rules, view, match.state, action, lambda state: rules.observation(state, 0)
        )
        assert json.dumps(rules.to_json(match.state), sort_keys=True) == before
        events = match.play(action)
        assert told == list(events)
        staged += bool(found)
        for stage in found:
            assert view.stage(stage.event) is not None and told[stage.told - 1] == stage.event
    assert staged >= 3
    fg = registry.get_rules("field-of-glory")
    state = fg.new_game(get_view("field-of-glory").config(2, {}), 1)
    assert stages.trail(
        fg,
        get_view("field-of-glory"),
        state,
        fg.legal_actions(state)[0],
        lambda s: fg.observation(s, 0),
    ) == ([], [])


def test_hotseat_the_rounds_are_shown_to_the_last_to_order_before_the_hand_off(app):
    from game.app.scenes.handoff import HandoffScene

    clock = Clock()
    rules, view = registry.get_rules(GAME), get_view(GAME)
    session = Session.new(
        rules, view, view.config(2, {}), 5, [HUMAN, HUMAN], app.store, ai_pause=0.3, clock=clock
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    for _ in range(400):
        if table.staging.busy() and len(table.staging.stages) >= 3 and session.needs_handoff():
            break
        if isinstance(app.top, HandoffScene):
            click(app, (600, 600, 20, 20))
            continue
        play_by_mouse(app, table, session.my_legal_actions()[0])
    mover = session.viewer
    assert table.staging.busy() and session.needs_handoff() and table.obs["seat"] == mover
    frames = 0
    while table.staging.busy():
        frames += 1
        assert frames < 3000 and app.top is table  # nobody else is called yet
        clock.t += 0.05
        app.step()
    app.step()
    assert isinstance(app.top, HandoffScene) and app.top.seat == session.to_act() != mover
