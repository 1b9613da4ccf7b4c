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
        easy, medium, hard = (make_agent(f"ai:{lv}", 1, rules) for lv in ("easy", "medium", "hard"))
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
    rules, state = greedy_position("field-of-glory", 5, 6)
    obs = rules.observation(state, rules.to_act(state))
    legal = rules.legal_actions(state)
    whole = make_agent("ai:medium", 8, rules)
    assert whole.trees == 2
    choice = whole.choose(rules, obs, legal)
    in_one = worker.run_search(rules.name, "ai:medium", 8, obs, [str(a) for a in legal], levels={})
    assert in_one.action == str(choice)
    assert (in_one.chosen, in_one.searched) == (whole.last_visits[choice], whole.last_iterations)
    runner = max((a for a in legal if a != choice), key=lambda a: whole.last_visits.get(a, 0))
    assert in_one.runner_up == str(runner) and 0 < whole.last_visits[runner] <= in_one.chosen
    for order in ([0, 1], [1, 0]):
        merged = _grown_apart(rules, make_agent("ai:medium", 8, rules), obs, legal, order)
        assert merged.done() and merged.result() == in_one


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
        rules, state = greedy_position("field-of-glory", 2, 9)
        seat = rules.to_act(state)
        obs, legal = rules.observation(state, seat), rules.legal_actions(state)
        assert worker._split_trees(rules.name, "ai:medium", 4) == (2 if cores == 2 else 1)
        request = worker.AIWorker().ask(1, seat, rules.name, "ai:medium", 4, obs, legal)
        expected = make_agent("ai:medium", 4, rules).choose(rules, obs, legal)
        assert request.future.result(timeout=120).action == str(expected)
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


def test_a_stopped_search_ends_within_a_few_iterations():
    """``ISMCTSAgent.stop``: asked every STOP_EVERY iterations of each tree; True ends it
    (what a cancelled search does in the worker)."""
    from game.core.agents.ismcts import STOP_EVERY

    rules, state = greedy_position("field-of-glory", 2, 9)
    obs, legal = rules.observation(state, rules.to_act(state)), rules.legal_actions(state)
    full = make_agent("ai:hard", 4, rules, NO_NET)
    full.choose(rules, obs, legal)
    asked = []
    stopped = make_agent("ai:hard", 4, rules, NO_NET)
    stopped.stop = lambda: asked.append(1) or True
    stopped.choose(rules, obs, legal)
    assert stopped.last_iterations == STOP_EVERY * stopped.trees == len(asked) * STOP_EVERY
    assert full.last_iterations > 4 * stopped.last_iterations


def test_a_cancelled_search_is_stopped_in_the_worker_and_its_answer_dropped(monkeypatch):
    """The flags the window shares with its workers: a search whose number is flagged
    ends at its next look (``run_search`` here, as in a worker); ``Search.cancel`` flags
    it, and the search answers nothing any more."""
    from game.core.agents.ismcts import STOP_EVERY

    rules, state = greedy_position("field-of-glory", 2, 9)
    obs, legal = rules.observation(state, rules.to_act(state)), rules.legal_actions(state)
    texts = [str(a) for a in legal]
    stops = [0] * worker.STOP_SLOTS
    monkeypatch.setattr(worker, "_STOPS", stops)
    whole = worker.run_search(rules.name, "ai:hard", 4, obs, texts, ident=70, levels=NO_NET)
    pending: Future = Future()
    search = worker.Search(70, pending)
    assert not search.done()
    search.cancel()
    assert stops[70 % worker.STOP_SLOTS] == 70 and pending.cancelled()
    assert search.done() and search.cancelled and search.exception() is None
    cut = worker.run_search(rules.name, "ai:hard", 4, obs, texts, ident=70, levels=NO_NET)
    assert cut.searched == 2 * STOP_EVERY < whole.searched
    other = worker.run_search(rules.name, "ai:hard", 4, obs, texts, ident=71, levels=NO_NET)
    assert other == whole  # another search is not stopped


def test_the_pool_drops_a_cancelled_search_and_ends_it(monkeypatch):
    """The real worker pool (one core, one worker): a hard search cancelled as it is
    handed over never answers, and its task either never runs or ends within a few
    iterations; the next search is answered in full."""
    from concurrent.futures import CancelledError

    from game.core.agents.ismcts import STOP_EVERY

    monkeypatch.setattr(worker, "cores", lambda: 1)
    worker.shutdown()
    try:
        rules, state = greedy_position("field-of-glory", 2, 9)
        obs, legal = rules.observation(state, rules.to_act(state)), rules.legal_actions(state)
        whole = worker.run_search(
            rules.name, "ai:hard", 4, obs, [str(a) for a in legal], levels=NO_NET
        )
        search = worker.submit(rules.name, "ai:hard", 4, obs, legal, levels=NO_NET)
        search.cancel()
        assert search.done() and search.cancelled
        task = search._future
        try:
            cut = task.result(timeout=120)
        except CancelledError:
            cut = None  # never begun
        assert cut is None or cut.searched <= 2 * STOP_EVERY < whole.searched
        again = worker.submit(rules.name, "ai:hard", 4, obs, legal, levels=NO_NET)
        assert again.result(timeout=120) == whole
    finally:
        worker.shutdown()


def test_a_stopped_orders_search_of_hadrians_wall_ends_at_once():
    """Hadrian's Wall searches a seat's orders whole (HW-7.2, HW-7.3; ``plan_choice``): a
    search nobody waits for any more (``stop``) ends before its next swap is tried, as
    a tree search ends within STOP_EVERY iterations, so a cancelled hint or an undo
    never leaves a worker busy with it."""
    from game.core.agents.ismcts import STOP_EVERY

    rules, state = greedy_position("hadrians-wall", 2, 9)
    obs, legal = rules.observation(state, rules.to_act(state)), rules.legal_actions(state)
    assert obs["phase"] == "ORDERS"
    full = make_agent("ai:hard", 4, rules, NO_NET)
    full.choose(rules, obs, legal)
    asked = []
    stopped = make_agent("ai:hard", 4, rules, NO_NET)
    stopped.stop = lambda: asked.append(1) or True
    stopped.choose(rules, obs, legal)
    assert asked and 0 < stopped.last_iterations <= STOP_EVERY
    assert stopped.carry is None  # no plan kept from a search whose answer is dropped
    assert full.last_iterations > 100 * stopped.last_iterations
