"""The hint: the move the hard computer player would choose for the person to act.

The search runs in the computer seats' worker process (``worker.py``), never in the
window.  It is handed only what the person sees: his observation and his legal moves.
The agent (ISMCTS, ``game.core.agents``) samples its own states consistent with that
observation (``rules.determinize``, its information-set sampling), so the hint cannot
depend on an opponent's hidden cards.  Its seed comes from the game's seed and the seat,
and a level is a number of iterations: the same position gives the same hint.

This module imports no pygame: the worker imports it to run ``search``.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

from game.core.contract import Action, Observation

#: the level whose move is shown
HINT_SPEC = "ismcts:hard"
#: the outline of the hinted move's places (none of the table's other marks is violet)
COLOUR = (214, 120, 255)
#: the hint search's seed: the game's seed plus this plus the seat (not a computer seat's)
SEED_OFFSET = 7_001


def hint_seed(game_seed: int, seat: int) -> int:
    return game_seed + SEED_OFFSET + seat


def search(game: str, seed: int, obs: Observation, legal: list[str]) -> tuple[str, int, int]:
    """Runs in the worker: the hard level's move among ``legal`` (texts) for ``obs``, the
    searches that chose it and the searches in all (0 when nothing was searched: one
    move only, or a game's own search over whole plans decided)."""
    from game.core import registry
    from game.core.agents import make_agent

    rules = registry.get_rules(game)
    agent = make_agent(HINT_SPEC, seed, rules)
    actions = [rules.parse_action(text) for text in legal]
    action = agent.choose(rules, obs, actions)
    return str(action), int(agent.last_visits.get(action, 0)), int(agent.last_iterations)


def ask(game: str, seed: int, obs: Observation, legal: list[Action]) -> Future:
    """The hint's search, started in the worker process; its future (of what ``search``
    returns).  Where the pool has a worker for each of the level's trees, each tree is
    grown in its own (``worker._grow``) and their visits merged here, as the computer
    seats' are: the same answer, sooner."""
    from . import worker

    texts = [str(a) for a in legal]
    try:
        return _submit(game, seed, obs, texts)
    except BrokenProcessPool:  # the worker died: start anew, as the computer seats do
        worker.shutdown()
        return _submit(game, seed, obs, texts)


def _submit(game: str, seed: int, obs: Observation, texts: list[str]) -> Future:
    from . import worker

    trees = worker._split_trees(game, HINT_SPEC, seed) if len(texts) > 1 else 1
    pool = worker._pool()
    if trees < 2:
        return pool.submit(search, game, seed, obs, texts)
    parts = [pool.submit(worker._grow, game, HINT_SPEC, seed, obs, texts, k)
             for k in range(trees)]
    return _merged(game, seed, parts)


def _merged(game: str, seed: int, parts: list[Future]) -> Future:
    """A future of ``search``'s answer from the trees grown in ``parts``."""
    out: Future = Future()
    results: list = [None] * len(parts)
    lock = threading.Lock()

    def finish() -> tuple[str, int, int]:
        from game.core import registry
        from game.core.agents import make_agent

        rules = registry.get_rules(game)
        texts, first = results[0]
        menu = [rules.parse_action(t) for t in texts]
        if first is None:  # one move only: nothing was searched
            return str(menu[0]), 0, 0
        agent = make_agent(HINT_SPEC, seed, rules)
        action = agent.merge(menu, [r[1] for r in results])
        return str(action), int(agent.last_visits.get(action, 0)), int(agent.last_iterations)

    def arrived(k: int, future: Future) -> None:
        with lock:
            if out.done():
                return
            error = future.exception()
            if error is not None:
                out.set_exception(error)
                return
            results[k] = future.result()
            if any(r is None for r in results):
                return
            try:
                out.set_result(finish())
            except Exception as e:  # noqa: BLE001 - told on the table like the worker's
                out.set_exception(e)

    for k, part in enumerate(parts):
        part.add_done_callback(lambda f, k=k: arrived(k, f))
    return out
