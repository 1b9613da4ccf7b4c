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
    return _told(agent, agent.choose(rules, obs, actions))


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
    return worker._merged(game, HINT_SPEC, seed, parts, _told)


def _told(agent, action) -> tuple[str, int, int]:
    """The hint's answer: the move, the searches that chose it and all searches (none
    when the move was the only one)."""
    if agent is None:
        return str(action), 0, 0
    return str(action), int(agent.last_visits.get(action, 0)), int(agent.last_iterations)
