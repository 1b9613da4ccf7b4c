"""The results screen's chart of a game's course: its series are the values of the game
replayed from its record at each round's end (SH-21 glory, HW-12.2 points, FG-19.3 terrain
held, RM-1.5 Fortress SP), read by the game's view from the open observation once when the
screen opens; a game whose view reads no chart shows none."""

from __future__ import annotations

import re

import pytest
from app_helpers import assert_widgets_fit, click, drawn_texts, make_app, widget

from game.app import i18n, theme
from game.app.scenes import results as results_scene
from game.app.scenes.results import ResultsScene, game_course
from game.app.scenes.title import TitleScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core import registry
from game.core.agents import make_agent
from game.core.match import Match
from game.core.record import GameRecord, replay
from game.games.hadrians_wall.content import FORT_VALUE

#: the game, its seats, and what its chart reads from the engine's own JSON of a state:
#: (the round or turn counter, the value of each row of the results)
READ = {
    "stronghold": (2, lambda j: j["round"], lambda j: j["glory"]),
    "hadrians-wall": (
        3,
        lambda j: j["turn"],
        lambda j: [sum(FORT_VALUE[f] for f in pile) for pile in j["piles"]],
    ),
    "field-of-glory": (
        2,
        lambda j: j["turn"],
        lambda j: [j["control"].count("R"), j["control"].count("B")],
    ),
    "runes-of-mayhem": (2, lambda j: j["turn"], lambda j: j["strength_points"]),
}


def finished(game: str, seed: int = 7) -> GameRecord:
    """A whole game of ``game`` between greedy players."""
    rules, view = registry.get_rules(game), get_view(game)
    players = READ[game][0]
    seats = ["human"] + ["ai:easy"] * (players - 1)
    match = Match.new(rules, view.config(players, {}), seed, seats)
    agents = [make_agent("greedy", 11 + s, rules) for s in range(players)]
    while not rules.is_over(match.state):
        seat = match.to_act()
        legal = rules.legal_actions(match.state)
        match.play(agents[seat].choose(rules, rules.observation(match.state, seat), legal))
    return match.record


@pytest.fixture
def app(tmp_path):
    window = make_app(tmp_path / "home")
    window.reset(TitleScene(window))
    yield window
    window.close()
    i18n.set_language("en")


def results_of(app, record: GameRecord) -> ResultsScene:
    rules = registry.get_rules(record.game)
    session = Session.load(rules, get_view(record.game), record, None, ai_pause=0.0)
    scene = ResultsScene(app, session)
    app.reset(scene)
    app.step()
    return scene


@pytest.mark.parametrize("game", list(READ))
def test_the_chart_is_the_record_replayed_at_each_rounds_end(app, game):
    record = finished(game)
    rules = registry.get_rules(game)
    _players, clock, read = READ[game]
    scene = results_of(app, record)
    course = scene.course
    view = scene.session.view
    assert course is not None and course.title == view.chart_title
    rounds = [r for r, _step, _values in course.points]
    assert rounds == list(range(len(rounds))) and len(rounds) >= 3  # the start, every round
    steps = [step for _r, step, _values in course.points]
    assert steps == sorted(steps) and steps[-1] == len(record.actions)
    for rnd, step, values in course.points:
        state = rules.to_json(replay(rules, record, step))
        assert values == read(state), (game, rnd, step)  # the replay's values at that step
        if 0 < step < len(record.actions):  # a round's end: the counter moved on here
            before, after = clock(rules.to_json(replay(rules, record, step - 1))), clock(state)
            if rnd >= 1:
                assert before <= rnd < after, (rnd, before, after)
            else:  # the start of round 1: the set-up just ended
                assert before < 1 <= after, (before, after)
    assert rounds[-1] == clock(rules.to_json(replay(rules, record)))
    # the last point is the final score the rows print
    rows = scene.session.view.results(rules.open_observation(scene.session.state))
    assert [int(re.search(r"-?\d+", score).group()) for _who, score, _d in rows] == course.points[
        -1
    ][2]
    assert len(course.colours) == len(rows) == len(set(course.colours))
    assert set(course.colours) <= set(theme.seat_colours(game))


def test_the_series_differ_from_round_to_round_as_the_game_went(app):
    """Not one value copied along: Stronghold's glory and Runes of Mayhem's SP change."""
    for game in ("stronghold", "runes-of-mayhem"):
        course = results_of(app, finished(game)).course
        firsts = {tuple(values) for _r, _s, values in course.points}
        assert len(firsts) >= 3, game


def test_the_chart_is_read_once_and_kept_while_drawing(app, monkeypatch):
    scene = results_of(app, finished("runes-of-mayhem"))
    kept = scene._chart
    assert kept is not None

    def never(*args, **kw):
        raise AssertionError("the course replayed while drawing")

    monkeypatch.setattr(results_scene, "game_course", never)
    monkeypatch.setattr(results_scene.ChartPainter, "paint", never)
    for _ in range(3):
        app.step()
    assert scene._chart is kept


def test_the_chart_shows_its_title_axis_and_legend_inside_the_window(app):
    for game in READ:
        scene = results_of(app, finished(game, seed=3))
        assert_widgets_fit(app, scene)
        scene._chart = None  # drawn anew, words and all
        words = [w for w, _rect in drawn_texts(app)]
        view = scene.session.view
        assert view.chart_title in words and view.chart_axis() in words
        rows = scene.session.view.results(scene.session.rules.open_observation(scene.session.state))
        for who, _score, _detail in rows:
            assert words.count(who) == 2, who  # its row and the chart's legend
        last = scene.course.points[-1][0]
        assert "0" in words and str(last) in words or last > 12


def test_a_game_without_a_series_shows_no_chart(app, monkeypatch):
    record = finished("field-of-glory")
    monkeypatch.setattr(get_view("field-of-glory"), "chart_title", None)  # ViewBase's default
    scene = results_of(app, record)
    assert scene.course is None and scene._chart is None
    words = [w for w, _rect in drawn_texts(app)]
    assert "Terrain cards held by turn" not in words
    rects = scene.row_rects(1.0, 2)
    assert rects[0][2] >= 800  # the rows across the screen
    click(app, widget(scene, "Main menu").rect)
    assert isinstance(app.top, TitleScene)


def test_no_chart_for_a_game_not_past_its_set_up_or_a_record_that_does_not_replay():
    rules = registry.get_rules("stronghold")
    fresh = GameRecord("stronghold", {"players": 2}, 4, [], ["human", "human"])
    assert game_course(rules, get_view("stronghold"), fresh, 2) is None  # only the start
    record = finished("hadrians-wall")
    hw_rules, hw_view = registry.get_rules("hadrians-wall"), get_view("hadrians-wall")
    assert game_course(hw_rules, hw_view, record, 3) is not None
    assert game_course(hw_rules, hw_view, record, 4) is None  # rows differ
    broken = GameRecord(
        record.game, record.config, record.seed, record.actions[:5] + ["NONSENSE"], record.seats
    )
    assert game_course(hw_rules, hw_view, broken, 3) is None


def test_a_view_without_the_chart_members_has_no_chart():
    """ViewBase's defaults: no title and no reading, so no course to draw."""
    from game.app.view_contract import ViewBase

    class Plain(ViewBase):
        pass

    assert Plain.chart_title is None and Plain().chart_reading({"turn": 3}) is None
    record = finished("field-of-glory")
    assert game_course(registry.get_rules("field-of-glory"), Plain(), record, 2) is None
    assert game_course(registry.get_rules("field-of-glory"), get_view("field-of-glory"), record, 2)
