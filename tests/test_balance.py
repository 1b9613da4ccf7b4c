"""Balance figures from seeded self-play (``python -m game balance``): the interval maths,
determinism whatever the number of jobs, the JSON shape, the chart and bad arguments."""

import json
import math

import pytest

from game.__main__ import main
from game.core import registry
from game.core.balance import LINEUPS, measure, summarize, wilson

RM = registry.get_rules("runes-of-mayhem")


# ------------------------------------------------------------------ Wilson interval


@pytest.mark.parametrize(
    "wins, n, low, high",
    [
        (5, 10, 0.2366, 0.7634),  # symmetric around one half
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Statistics in Medicine 17, method 3
        (1, 10, 0.0179, 0.4042),
        (200, 400, 0.4512, 0.5488),
    ],
)
def test_wilson_interval_on_known_values(wins, n, low, high):
    got = wilson(wins, n)
    assert got[0] == pytest.approx(low, abs=6e-5)
    assert got[1] == pytest.approx(high, abs=6e-5)
    # the bounds are the roots of (p - wins/n)**2 = z**2 p (1 - p) / n
    z2, phat = 1.959963984540054**2, wins / n
    for bound in got:
        assert (bound - phat) ** 2 == pytest.approx(z2 * bound * (1 - bound) / n)


def test_wilson_interval_at_the_ends_and_without_games():
    z2 = 1.959963984540054**2
    assert wilson(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))  # closed form at p = 0
    assert wilson(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)  # ... and at p = 1
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(2.5, 5)  # a shared win counts a half: p = 0.5
    assert low + high == pytest.approx(1.0)


def test_summary_counts_a_draw_as_a_share_and_a_team_once():
    game = {
        "sides": ["Invader", "Invader", "Defender"],
        "scores": [3, 3, 9],
        "actions": 10,
        "rounds": 2,
        "end": "round 10",
        "course": [[5, 5, 6], [3, 3, 9]],
    }
    results = [
        {**game, "winning": ["Defender"]},
        {**game, "winning": ["Defender", "Invader"], "end": "tie"},
        "boom",
    ]
    summary = summarize("stronghold", results)
    sides = {s["side"]: s for s in summary["sides"]}
    assert summary["played"] == 2 and summary["errors"] == 1
    assert sides["Defender"]["wins"] == 1.5 and sides["Invader"]["wins"] == 0.5
    assert sides["Defender"]["win_rate"] == 0.75
    assert sides["Defender"]["mean_margin"] == 6 and sides["Invader"]["mean_margin"] == -6
    assert sides["Invader"]["course"] == [5, 3]
    assert summary["endings"] == {"round 10: Defender": 1, "tie: Invader + Defender": 1}


# ------------------------------------------------------------------ the series


def _without_time(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "seconds"}


def test_figures_do_not_depend_on_the_number_of_jobs():
    one = measure(RM, 6, seed=3, jobs=1)
    two = measure(RM, 6, seed=3, jobs=2)
    assert _without_time(one) == _without_time(two)
    assert one["played"] == 6 and one["errors"] == 0
    assert sum(s["wins"] for s in one["sides"]) == pytest.approx(6)  # draws shared too
    other = measure(RM, 6, seed=4, jobs=1)
    assert _without_time(other) != _without_time(one)  # the seed does change the games


def test_every_lineup_of_the_table_sets_up():
    for game, _label, players, config in LINEUPS:
        rules = registry.get_rules(game)
        rules.new_game({**rules.default_config(players), **config}, 1)


def test_json_output_has_every_figure(capsys, tmp_path):
    chart = tmp_path / "rm.png"
    code = main(
        [
            "balance",
            "runes-of-mayhem",
            "--games",
            "3",
            "--seed",
            "2",
            "--json",
            "--chart",
            str(chart),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert {
        "game",
        "config",
        "seats",
        "seed",
        "games",
        "seconds",
        "played",
        "errors",
        "sides",
        "draws",
        "length",
        "endings",
    } <= set(data)
    assert data["game"] == "runes-of-mayhem" and data["seats"] == ["greedy", "greedy"]
    assert [s["side"] for s in data["sides"]] == ["Vikings", "Anglo-Saxons"]
    for side in data["sides"]:
        assert {
            "side",
            "wins",
            "win_rate",
            "interval",
            "fair",
            "mean_score",
            "mean_margin",
            "course",
        } <= set(side)
        low, high = side["interval"]
        assert 0 <= low <= side["win_rate"] <= high <= 1
        assert len(side["course"]) >= 1
    assert sum(data["endings"].values()) == 3
    assert data["length"]["min_actions"] <= data["length"]["mean_actions"]
    import pygame

    picture = pygame.image.load(str(chart))
    assert picture.get_width() == 1200 and picture.get_height() > 400


def test_text_output_names_each_side_with_its_interval(capsys):
    assert (
        main(["balance", "hadrians-wall", "--players", "2", "--neutrals", "1", "--games", "4"]) == 0
    )
    out = capsys.readouterr().out
    assert "Green: wins" in out and "Red: wins" in out and "95 % interval" in out
    assert "'neutrals': 1" in out


# ------------------------------------------------------------------ bad arguments


def refused(argv: list[str], capsys) -> str:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own: usage, then the error
        code = e.code
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    line = captured.err.strip().splitlines()[-1]
    assert "error: " in line and "Traceback" not in captured.err
    return line


@pytest.mark.parametrize(
    "argv, words",
    [
        (["stronghold", "--games", "0"], "--games must be from 1 to 100,000, not 0"),
        (["stronghold", "--games", "3", "--jobs", "0"], "--jobs must be from 1 to 64, not 0"),
        (
            ["stronghold", "--games", "3", "--players", "5"],
            "Stronghold takes 2 to 4 players, not 5",
        ),
        (["stronghold", "--games", "3", "--neutrals", "1"], "--neutrals applies to hadrians-wall"),
        (["stronghold", "--games", "3", "--modules", "K"], "--modules applies to runes-of-mayhem"),
        (["stronghold", "--games", "3", "--seats", "human"], "between computer players"),
        (["stronghold", "--games", "3", "--seats", "ai:silly"], "'ai:silly'"),
        (["stronghold", "--games", "3", "--chart", "x.txt"], "--chart names a PNG file"),
        (["stronghold", "--games", "3", "--chart", "/no/such/x.png"], "--chart: no folder"),
        (
            ["hadrians-wall", "--games", "3", "--players", "2", "--neutrals", "5"],
            "is not a legal line-up",
        ),
        (["runes-of-mayhem", "--games", "3", "--modules", "L,K"], "L"),
        (["chess", "--games", "3"], "unknown game 'chess'"),
        (["stronghold"], "--games"),  # required
        (["stronghold", "--games", "nan"], "invalid int value"),
    ],
)
def test_bad_arguments_are_one_error_line(capsys, argv, words):
    assert words in refused(["balance", *argv], capsys)


def test_a_failing_game_is_counted_and_the_exit_code_says_so(capsys, monkeypatch):
    from game.core import balance

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(balance, "play_one", broken)
    assert main(["balance", "field-of-glory", "--games", "2"]) == 1
    out = capsys.readouterr().out
    assert "errors: 2" in out and "boom" in out


def _even_game(winner: str) -> dict:
    """One game of two sides A and B, won by ``winner``, with nothing else to tell."""
    return {
        "sides": ["A", "B"],
        "winning": [winner],
        "scores": [0, 0],
        "actions": 1,
        "rounds": 1,
        "end": "e",
        "course": [[0, 0]],
    }


def test_the_fair_mark_follows_the_rate_and_the_interval():
    fair = summarize("x", [_even_game(w) for w in "AB" * 200])
    assert all(s["fair"] for s in fair["sides"])
    small = summarize(
        "x", [_even_game(w) for w in "AB" * 5]
    )  # 50 % but an interval wider than 35-65 %
    assert not any(s["fair"] for s in small["sides"])
    assert math.isclose(small["sides"][0]["win_rate"], 0.5)


def test_the_fair_band_of_k_sides_is_around_one_kth():
    from game.core.balance import fair_band

    assert fair_band(2) == ((0.40, 0.60), (0.35, 0.65))
    assert fair_band(1) == fair_band(2)  # a lone seat against the game: a coin's chances
    (low, high), (edge_low, edge_high) = fair_band(4)
    assert (low, high) == pytest.approx((0.20, 0.30))
    assert (edge_low, edge_high) == pytest.approx((0.175, 0.325))
    even = summarize(
        "x",
        [
            {
                "sides": list("ABCD"),
                "winning": [w],
                "scores": [0] * 4,
                "actions": 1,
                "rounds": 1,
                "end": "e",
                "course": [[0] * 4],
            }
            for w in "ABCD" * 150
        ],
    )
    assert all(s["fair"] and s["win_rate"] == 0.25 for s in even["sides"])
    lopsided = summarize(
        "x",
        [
            {
                "sides": list("ABCD"),
                "winning": [w],
                "scores": [0] * 4,
                "actions": 1,
                "rounds": 1,
                "end": "e",
                "course": [[0] * 4],
            }
            for w in ("A" * 21 + "B" * 13 + "C" * 13 + "D" * 13) * 10
        ],
    )
    assert [s["fair"] for s in lopsided["sides"]] == [False, True, True, True]


def test_a_draw_counts_a_share_for_each_side_but_a_lone_seat_that_fails_has_lost():
    game = {
        "sides": ["Red", "Blue"],
        "scores": [1, 1],
        "actions": 5,
        "rounds": 1,
        "end": "EXHAUSTION",
        "course": [[1, 1]],
    }
    summary = summarize("field-of-glory", [{**game, "winning": []}, {**game, "winning": ["Red"]}])
    assert [s["wins"] for s in summary["sides"]] == [1.5, 0.5] and summary["draws"] == 1
    solo = {
        "sides": ["Green"],
        "scores": [9],
        "actions": 5,
        "rounds": 3,
        "end": "no winner",
        "course": [[9]],
    }
    summary = summarize("hadrians-wall", [{**solo, "winning": []}, {**solo, "winning": ["Green"]}])
    assert summary["sides"][0]["wins"] == 1 and summary["sides"][0]["win_rate"] == 0.5
