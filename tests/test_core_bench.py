"""Speed and strength figures."""

import pytest
from toygame import RULES, SecretBids

from game.core.bench import bench, percentile, playout_figures, sample_positions, win_rate
from game.core.rng import Rng
from game.core.seeding import derive_seed

FAST = {
    "easy": {"iterations": 10, "millis": None},
    "medium": {"iterations": 20, "millis": None},
    "hard": {"iterations": 40, "millis": None},
}


def test_percentile_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 95) == 95
    assert percentile([3.0], 95) == 3.0
    assert percentile([5.0, 1.0], 50) == 1.0 and percentile([5.0, 1.0], 51) == 5.0


def test_bench_reports_every_figure_and_its_progress():
    messages = []
    result = bench(RULES, games=6, playouts=10, positions=4, levels=FAST, progress=messages.append)
    assert result["game"] == "secret-bids"
    assert 0 < result["apply_us_median"] < 1000
    assert result["playouts_per_s"] > 10
    assert result["playout_decisions"] >= 1
    assert set(result["decision_ms"]) == {"greedy", "easy", "medium", "hard"}
    for figures in result["decision_ms"].values():
        assert 0 <= figures["p50"] <= figures["p95"]
        assert figures["cap_hits"] == 0
    hard = result["decision_ms"]["hard"]
    # the effort of a search level: 40 iterations, fewer where a tree stopped early
    assert 1 <= hard["iterations_p5"] <= hard["iterations_p50"] <= 40
    assert result["decision_ms"]["greedy"]["iterations_p50"] is None
    assert set(result["win_rate"]) == {"hard_vs_random", "hard_vs_greedy"}
    assert all(0 <= r <= 1 for r in result["win_rate"].values())
    assert result["games"] == 6
    assert result["safety_hits"] == {"hard_vs_random": 0, "hard_vs_greedy": 0}
    assert any("game 6/6" in m for m in messages)


def test_more_effort_is_more_iterations():
    result = bench(RULES, games=0, playouts=2, positions=6, levels=FAST)
    figures = result["decision_ms"]
    assert figures["easy"]["iterations_p50"] < figures["hard"]["iterations_p50"]


def test_win_rate_swaps_seats_and_credits_the_right_one():
    class FirstSeatWins(SecretBids):
        def winners(self, state):
            return [0] if self.is_over(state) else []

    sides: list = []
    assert win_rate(FirstSeatWins(), "random", "random", games=10, by_seat=sides) == pytest.approx(
        0.5
    )
    assert sides == [1.0, 0.0]  # the first seat wins every game, whoever sits there
    assert win_rate(RULES, "ismcts:hard", "random", games=20, levels=FAST) > 0.5


def test_games_without_two_seats_have_no_win_rate():
    class Trio(SecretBids):
        min_seats = 3

    result = bench(Trio(), games=4, playouts=2, positions=1, levels=FAST)
    assert result["win_rate"] == {"hard_vs_random": None, "hard_vs_greedy": None}
    assert result["safety_hits"] == {"hard_vs_random": None, "hard_vs_greedy": None}
    assert result["games"] == 0


def test_sampled_positions_await_a_decision():
    positions = sample_positions(RULES, 8)
    assert len(positions) == 8
    assert all(len(RULES.legal_actions(p)) > 1 for p in positions)
    assert len({len(p.history) for p in positions}) > 1


def test_playout_figures_count_the_decisions_of_the_random_games():
    """The mean length of the timed random games, as counted by playing the same seeds."""
    per_s, mean = playout_figures(RULES, 5, seed=7)
    lengths = []
    for i in range(5):
        state = RULES.new_game(RULES.default_config(2), derive_seed(7, i))
        rng = Rng(derive_seed(7, i, 1))
        n = 0
        while not RULES.is_over(state):
            RULES.apply(state, RULES.random_action(state, rng))
            n += 1
        lengths.append(n)
    assert per_s > 0
    assert mean == sum(lengths) / 5 and min(lengths) >= 1


def test_the_safety_net_is_counted_where_it_ends_a_search():
    """The levels are bounded by their effort; a wall-clock net that ends searches is
    counted in the match's figures, not hidden in them."""
    calm: list = []
    win_rate(RULES, "ismcts:hard", "random", games=4, levels=FAST, safety_hits=calm)
    assert calm == [0]
    netted = {**FAST, "hard": {"iterations": 40, "millis": None, "safety_seconds": 0.0}}
    hit: list = []
    win_rate(RULES, "ismcts:hard", "random", games=4, levels=netted, safety_hits=hit)
    assert hit[0] > 0
