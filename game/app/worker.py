"""Computer seats think here, in a worker process beside the window.

The search is pure Python: in a thread it would compete with the window for the
interpreter lock and the frame rate would drop while a computer seat thinks.  One
worker process (spawned, so it imports no pygame) serves every table; the agents live
there, one per seat, keyed by their spec and seed.  The window polls the future every
frame.  A request carries a tag (the number of actions played when it was asked) so an
answer that arrives after an undo or a load is dropped.

The worker ends with the window, however the window ends: a normal exit shuts the pool
down, and if the window is killed (SIGKILL, a crash, the task manager) a watch thread in
the worker sees it and ends the worker too (``_exit_with_parent``).  Nothing else is left:
the multiprocessing resource tracker (POSIX) exits by itself once the last process holding
its pipe, the worker, is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
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


def _exit_with_parent() -> None:
    """Runs in the worker as it starts (the pool's initializer): a daemon thread waits for
    the window's process to end and then ends the worker at once.

    A pool worker would otherwise wait forever for its next task: it holds both ends of
    its own task queue, so the queue never reads end-of-file.  What it waits on is the
    parent's sentinel that the "spawn" start method gives every child
    (``multiprocessing.parent_process()``): on Windows a handle of the parent process,
    signalled when it exits; on Linux and macOS the read end of a pipe whose write end
    only the parent holds, which reads end-of-file when the parent is gone, however it
    ended.  The same holds in the frozen program, where ``freeze_support()`` starts the
    worker the same way."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not started by multiprocessing: nothing to watch
        return

    def watch() -> None:
        parent.join()  # returns when the parent has ended
        os._exit(0)  # no clean-up to run: every answer the worker owed has no reader now

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _pool() -> ProcessPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_exit_with_parent)
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
