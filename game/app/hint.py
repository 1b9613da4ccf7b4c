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
    action = agent.choose(rules, obs, actions)
    return str(action), int(agent.last_visits.get(action, 0)), int(agent.last_iterations)


def ask(game: str, seed: int, obs: Observation, legal: list[Action]) -> Future:
    """The hint's search, started in the worker process; its future."""
    from . import worker

    texts = [str(a) for a in legal]
    try:
        return worker._pool().submit(search, game, seed, obs, texts)
    except BrokenProcessPool:  # the worker died: start anew, as the computer seats do
        worker.shutdown()
        return worker._pool().submit(search, game, seed, obs, texts)
