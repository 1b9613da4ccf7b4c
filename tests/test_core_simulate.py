"""Headless series of games: results, seeds, invariant violations and errors."""

import pytest
from toygame import RULES, SecretBids

from game.core.contract import BadConfig
from game.core.seeding import derive_seed
from game.core.simulate import GameFailure, play_game, seat_specs, simulate

KEYS = {"game", "games", "seconds", "games_per_s", "wins", "invariant_violations", "errors"}


def test_result_keys_and_totals():
    result = simulate(RULES, 50, 1, ["random"], players=3)
    assert set(result) >= KEYS
    assert result["game"] == "secret-bids" and result["games"] == 50
    assert result["seats"] == ["random"] * 3 and len(result["wins"]) == 3
    assert result["invariant_violations"] == 0 and result["errors"] == 0
    assert sum(result["wins"]) == pytest.approx(50)  # shared wins are split
    assert result["draws"] == 0
    assert all(w > 5 for w in result["wins"])
    assert result["games_per_s"] > 0 and result["actions"] == 50 * 15


class Friendly(SecretBids):
    """Everybody shares the win, except that nobody wins when the last prize is even."""

    def winners(self, state):
        if not self.is_over(state) or state.history[-1][0] % 2 == 0:
            return []
        return list(range(state.players))


def test_shared_wins_count_a_fraction_and_draws_are_counted():
    result = simulate(Friendly(), 60, 3, ["random"], players=3)
    assert result["draws"] > 0
    assert result["wins"] == pytest.approx([(60 - result["draws"]) / 3] * 3)


def test_the_same_seed_gives_the_same_series_and_another_seed_another():
    a = simulate(RULES, 30, 5, ["random", "greedy"])
    b = simulate(RULES, 30, 5, ["random", "greedy"])
    c = simulate(RULES, 30, 6, ["random", "greedy"])
    assert (a["wins"], a["mean_scores"]) == (b["wins"], b["mean_scores"])
    assert (a["wins"], a["mean_scores"]) != (c["wins"], c["mean_scores"])


def test_each_game_can_be_replayed_alone_from_its_derived_seed():
    config = RULES.default_config(2)
    result = simulate(RULES, 4, 9, ["random"], players=2)
    alone = [play_game(RULES, config, derive_seed(9, i), ["random"] * 2) for i in range(4)]
    assert [sum(g.shares[0] for g in alone), sum(g.shares[1] for g in alone)] == result["wins"]
    assert len({derive_seed(9, i) for i in range(100)}) == 100


def test_computer_seats_play_through_observations():
    result = simulate(RULES, 6, 2, ["greedy", "ismcts:easy"], levels={"easy": {"iterations": 20}})
    assert result["errors"] == 0 and sum(result["wins"]) == pytest.approx(6)


class Leaky(SecretBids):
    """Reports a broken invariant whenever a prize of 5 has just been won."""

    def check_invariants(self, state):
        return ["prize 5 was won"] if state.history and state.history[-1][0] == 5 else []


def test_invariant_violations_are_counted_with_game_and_action():
    result = simulate(Leaky(), 10, 1, ["random"], players=2)
    assert result["invariant_violations"] > 0 and result["errors"] == 0
    sample = result["violation_samples"][0]
    assert sample.startswith("game 0 ") and "action " in sample and "prize 5 was won" in sample
    assert len(result["violation_samples"]) <= 5
    unchecked = simulate(Leaky(), 10, 1, ["random"], players=2, check=False)
    assert unchecked["invariant_violations"] == 0


class Crashing(SecretBids):
    """Fails in the third round of games whose first prize is odd."""

    def apply(self, state, action, log=None):
        if len(state.history) == 2 and state.history[0][0] % 2:
            raise KeyError("boom")
        return super().apply(state, action, log)


def test_errors_are_counted_and_the_series_goes_on():
    result = simulate(Crashing(), 20, 1, ["random"], players=2)
    assert 0 < result["errors"] < 20
    assert sum(result["wins"]) == pytest.approx(20 - result["errors"])
    assert "KeyError" in result["error_samples"][0] and "action 5" in result["error_samples"][0]


class Endless(SecretBids):
    def is_over(self, state):
        return False

    def to_act(self, state):
        return 0

    def random_action(self, state, rng):
        return "A: BID 1"

    def apply(self, state, action, log=None):
        pass


def test_a_game_that_never_ends_is_an_error():
    with pytest.raises(GameFailure, match="did not end"):
        play_game(Endless(), {"players": 2}, 1, ["random", "random"], max_actions=50)


def test_seat_specs():
    assert seat_specs(["random"], 3) == ["random"] * 3
    assert seat_specs(["random", "greedy"]) == ["random", "greedy"]
    with pytest.raises(BadConfig):
        seat_specs(["random", "greedy"], 3)
    with pytest.raises(BadConfig):
        seat_specs([])


@pytest.mark.parametrize(
    "seats,players", [(["random"], 4), (["random"], 1), (["random", "wizard"], None)]
)
def test_bad_line_ups_fail_before_any_game(seats, players):
    with pytest.raises(BadConfig):
        simulate(RULES, 5, 1, seats, players)
