"""bench's text: each game's figures as lines (``python -m game bench GAME``)."""

from game.__main__ import _bench_lines
from game.core.registry import get_rules

FG = get_rules("field-of-glory")


def figures(**more) -> dict:
    return {
        "apply_us_median": 5.04,
        "playouts_per_s": 1253.76,
        "playout_decisions": 75.6,
        "decision_ms": {
            "greedy": {"p50": 0.084, "p95": 0.122, "iterations_p50": None},
            "hard": {
                "p50": 370.113,
                "p95": 773.961,
                "iterations_p5": 320,
                "iterations_p50": 320,
                "iterations_per_s": 809,
                "cap_hits": 0,
            },
        },
        "win_rate": {"hard_vs_random": 1.0, "hard_vs_greedy": None},
        "win_rate_by_seat": {"hard_vs_random": [1.0, None]},
        "safety_hits": {"hard_vs_random": 2},
        "games": 4,
        **more,
    }


def test_a_game_s_figures_read_as_lines():
    seats = FG.seat_names(FG.new_game(FG.default_config(2), 0))
    assert _bench_lines(FG, figures()) == [
        FG.title,
        "  apply: 5.0 us (median)",
        "  random playouts: 1253.8 per second (76 decisions a game)",
        "  greedy decision: CPU p50 0.1 ms, p95 0.1 ms",
        "  hard decision: CPU p50 370.1 ms, p95 774.0 ms; iterations p5 320, p50 320 "
        "(809 per CPU second); safety-cap hits 0",
        "  hard vs random: 100.0 % over 4 games; safety-net hits 2",
        f"    as {seats[0]}: 100.0 %",  # a seat with no game is left out
        "  hard vs greedy: n/a (no 2-seat game) over 4 games",
    ]


def test_the_table_s_frames_close_the_lines():
    frames = {
        "frame_size": "1920x1080",
        "frame_ms_median": 6.9,
        "frame_ms_p95": 15.4,
        "motion_ms_median": None,
        "thinking_level": "ai:hard",
        "thinking_fps": 37.7,
    }
    lines = _bench_lines(FG, figures(frames=frames))
    assert lines[-2:] == [
        "  table frame at 1920x1080: median 6.9 ms, p95 15.4 ms",
        "  window while ai:hard thinks: 37.7 fps",
    ]
    moving = {**frames, "motion_ms_median": 7.7, "motion_ms_p95": 18.0, "motion_frames": 906}
    assert _bench_lines(FG, figures(frames=moving))[-2] == (
        "  table frame with motion running: median 7.7 ms, p95 18.0 ms (906 frames)"
    )
