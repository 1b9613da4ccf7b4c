"""Levels are efforts: the same seed in the same position makes the same choice at every
level of every game, and the window's worker gives that choice whether it grows the
search's trees in one process or in two (root parallelism)."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from game.app import worker
from game.core import registry
from game.core.agents import LEVELS, ISMCTSAgent, make_agent

GAMES = ["hadrians-wall", "field-of-glory", "runes-of-mayhem", "stronghold"]
#: the levels as they are, without the wall-clock safety net: on a machine loaded many
#: times over, a hard decision may take its 10 s, and a search it ends depends on the clock
NO_NET = {level: {"safety_seconds": None} for level in LEVELS}


def greedy_position(game: str, seed: int, steps: int):
    """The position after ``steps`` decisions of greedy play, with a real choice."""
    rules = registry.get_rules(game)
    state = rules.new_game(rules.default_config(2), seed)
    greedy = make_agent("greedy", seed, rules)
    n = 0
    while not rules.is_over(state):
        legal = rules.legal_actions(state)
        if n >= steps and len(legal) > 1:
            return rules, state
        seat = rules.to_act(state)
        rules.apply(state, greedy.choose(rules, rules.observation(state, seat), legal))
        n += 1
    raise AssertionError("the game ended before the position")


@pytest.mark.parametrize("game", GAMES)
def test_every_level_of_every_game_chooses_alike_from_the_same_seed(game):
    """Two agents of the same seed at the same level choose the same action in the same
    position, with the same effort spent; the levels set iterations, not a time."""
    rules, state = greedy_position(game, 3, 12)
    seat = rules.to_act(state)
    legal = rules.legal_actions(state)
    for level in LEVELS:
        first, second = (make_agent(f"ai:{level}", 21, rules, NO_NET) for _ in range(2))
        assert first.millis is None and first.iterations >= 1
        a = first.choose(rules, rules.observation(state, seat), legal)
        b = second.choose(rules, rules.observation(state, seat), legal)
        assert a == b and a in legal
        assert first.last_iterations == second.last_iterations
        assert first.last_visits == second.last_visits


def test_levels_grow_in_effort_in_every_game():
    for game in GAMES:
        rules = registry.get_rules(game)
        easy, medium, hard = (make_agent(f"ai:{lv}", 1, rules) for lv in ("easy", "medium",
                                                                         "hard"))
        assert easy.iterations < medium.iterations < hard.iterations, game


def _grown_apart(rules, agent: ISMCTSAgent, obs, legal, order):
    """Futures of each tree's result (as a worker returns them), resolved in ``order``."""
    parts = [Future() for _ in range(agent.trees)]
    merged = worker._merged(rules.name, "ai:medium", 8, parts)
    for k in order:
        menu = agent.menu(rules, obs, legal)
        parts[k].set_result(([str(a) for a in menu], agent.grow(rules, obs, menu, k)))
    return merged


def test_trees_merged_in_the_window_give_the_one_process_choice():
    rules, state = greedy_position("hadrians-wall", 5, 6)
    obs = rules.observation(state, rules.to_act(state))
    legal = rules.legal_actions(state)
    whole = make_agent("ai:medium", 8, rules)
    assert whole.trees == 2
    choice = whole.choose(rules, obs, legal)
    for order in ([0, 1], [1, 0]):
        merged = _grown_apart(rules, make_agent("ai:medium", 8, rules), obs, legal, order)
        assert merged.done() and merged.result() == str(choice)


def test_a_failed_tree_fails_the_merged_answer():
    parts = [Future(), Future()]
    merged = worker._merged("hadrians-wall", "ai:medium", 8, parts)
    parts[1].set_exception(RuntimeError("worker died"))
    assert isinstance(merged.exception(), RuntimeError)
    parts[0].set_result((["x"], None))  # late: ignored
    assert isinstance(merged.exception(), RuntimeError)


@pytest.mark.parametrize("cores", [1, 2])
def test_the_worker_answers_as_the_agent_does_on_one_core_or_two(monkeypatch, cores):
    """The real worker pool: two processes growing a tree each, or one growing both, give
    the choice of the agent in this process."""
    monkeypatch.setattr(worker, "cores", lambda: cores)
    worker.shutdown()
    try:
        rules, state = greedy_position("hadrians-wall", 2, 9)
        seat = rules.to_act(state)
        obs, legal = rules.observation(state, seat), rules.legal_actions(state)
        assert worker._split_trees(rules.name, "ai:medium", 4) == (2 if cores == 2 else 1)
        request = worker.AIWorker().ask(1, seat, rules.name, "ai:medium", 4, obs, legal)
        expected = make_agent("ai:medium", 4, rules).choose(rules, obs, legal)
        assert request.future.result(timeout=120) == str(expected)
    finally:
        worker.shutdown()


def test_random_and_greedy_choose_from_the_position_not_their_past():
    rules, state = greedy_position("field-of-glory", 4, 10)
    seat = rules.to_act(state)
    obs, legal = rules.observation(state, seat), rules.legal_actions(state)
    for spec in ("random", "greedy"):
        fresh, used = make_agent(spec, 6, rules), make_agent(spec, 6, rules)
        other = rules.new_game(rules.default_config(2), 9)
        other_seat = rules.to_act(other)
        used.choose(rules, rules.observation(other, other_seat), rules.legal_actions(other))
        assert fresh.choose(rules, obs, legal) == used.choose(rules, obs, legal)
