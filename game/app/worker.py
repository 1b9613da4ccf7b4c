"""Computer seats think here, in a worker process beside the window.

The search is pure Python: in a thread it would compete with the window for the
interpreter lock and the frame rate would drop while a computer seat thinks.  One
worker process (spawned, so it imports no pygame) serves every table; the agents live
there, one per seat, keyed by their spec and seed.  The window polls the future every
frame.  A request carries a tag (the number of actions played when it was asked) so an
answer that arrives after an undo or a load is dropped.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from game.core.contract import Action, Observation

_POOL: ProcessPoolExecutor | None = None
_AGENTS: dict = {}  # in the worker: (game, spec, seed) -> agent


def _choose(game: str, spec: str, seed: int, obs: Observation, legal: list[str]) -> str:
    """Runs in the worker: the agent of that seat chooses one of ``legal`` (texts)."""
    from game.core import registry
    from game.core.agents import make_agent

    rules = registry.get_rules(game)
    key = (game, spec, seed)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, seed, rules)
    actions = [rules.parse_action(text) for text in legal]
    return str(agent.choose(rules, obs, actions))


def _pool() -> ProcessPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _POOL


def shutdown() -> None:
    """Stop the worker process (at the window's exit)."""
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None


@dataclass
class Request:
    tag: int
    seat: int
    future: Future


class AIWorker:
    def ask(self, tag: int, seat: int, game: str, spec: str, seed: int, obs: Observation,
            legal: list[Action]) -> Request:
        texts = [str(a) for a in legal]
        try:
            future = _pool().submit(_choose, game, spec, seed, obs, texts)
        except BrokenProcessPool:  # the worker died (killed, out of memory): start anew
            shutdown()
            future = _pool().submit(_choose, game, spec, seed, obs, texts)
        return Request(tag, seat, future)

    def close(self) -> None:
        """A table closes; the shared worker stays for the next one."""
