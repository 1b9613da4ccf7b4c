"""Computer seats think here, in a worker process beside the window.

The search is pure Python: in a thread it would compete with the window for the
interpreter lock and the frame rate would drop while a computer seat thinks.  One
worker process (spawned, so it imports no pygame) serves every table; the agents live
there, one per seat, keyed by their spec and seed.  The window polls the future every
frame.  A request carries a tag (the number of actions played when it was asked) so an
answer that arrives after an undo or a load is dropped.

Root parallelism: a search level shares its iterations among independent trees
(``ISMCTSAgent.trees``).  When the machine has a second core, the pool has two workers and
each tree of a decision is grown in its own (``_grow``); the window merges their root visit
counts (``ISMCTSAgent.merge``, which does not depend on the order the trees come in).  With
one core the one worker grows the trees one after the other (``_choose``): the answer is
the same either way, as each tree's random stream comes from the seed and the position.

The worker ends with the window, however the window ends: a normal exit shuts the pool
down, and if the window is killed (SIGKILL, a crash, the task manager) a watch thread in
the worker sees it and ends the worker too (``_exit_with_parent``).  Nothing else is left:
the multiprocessing resource tracker (POSIX) exits by itself once the last process holding
its pipe, the worker, is gone.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from game.core.contract import Action, Observation

_POOL: ProcessPoolExecutor | None = None
_AGENTS: dict = {}  # in the worker: (game, spec, seed) -> agent


def _choose(game: str, spec: str, seed: int, obs: Observation, legal: list[str]) -> str:
    """Runs in the worker: the agent of that seat chooses one of ``legal`` (texts)."""
    from game.core import registry

    rules = registry.get_rules(game)
    agent = _agent(rules, game, spec, seed)
    actions = [rules.parse_action(text) for text in legal]
    return str(agent.choose(rules, obs, actions))


def _grow(game: str, spec: str, seed: int, obs: Observation, legal: list[str],
          tree: int) -> tuple[list[str], object]:
    """Runs in a worker: grows tree ``tree`` of the search level ``spec`` on this decision;
    returns the menu the trees grow (texts) and the tree's result (None when the menu
    holds one action: nothing to search)."""
    from game.core import registry

    rules = registry.get_rules(game)
    agent = _agent(rules, game, spec, seed)
    actions = [rules.parse_action(text) for text in legal]
    menu = agent.menu(rules, obs, actions)
    texts = [str(a) for a in menu]
    if len(menu) == 1:
        return texts, None
    return texts, agent.grow(rules, obs, menu, tree)


def _agent(rules, game: str, spec: str, seed: int):
    from game.core.agents import make_agent

    key = (game, spec, seed)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, seed, rules)
    return agent


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _split_trees(game: str, spec: str, seed: int) -> int:
    """How many trees of ``spec``'s decisions to grow in separate workers: its ``trees``
    when the pool has a worker for each, else 1 (the one worker grows them all)."""
    if _workers() < 2:
        return 1
    from game.core import registry
    from game.core.agents import ISMCTSAgent, make_agent

    rules = registry.get_rules(game)
    if getattr(rules, "plan_choice", None) is not None:
        return 1  # the game's own search over plans runs in one piece
    agent = make_agent(spec, seed, rules)
    if not isinstance(agent, ISMCTSAgent) or agent.iterations is None:
        return 1
    return agent.trees if agent.trees <= _workers() else 1


def _action_text(_agent, action) -> str:
    return str(action)


def _merged(game: str, spec: str, seed: int, parts: list[Future],
            tell: Callable = _action_text) -> Future:
    """A future of what ``tell(agent, action)`` says of the action chosen by merging the
    trees of ``parts`` (the agent is None when there was one move only, nothing searched);
    by default the action's text."""
    out: Future = Future()
    results: list = [None] * len(parts)
    left = [len(parts)]
    lock = threading.Lock()

    def finish() -> None:
        from game.core import registry
        from game.core.agents import make_agent

        rules = registry.get_rules(game)
        texts = results[0][0]
        menu = [rules.parse_action(t) for t in texts]
        if results[0][1] is None:
            return tell(None, menu[0])
        agent = make_agent(spec, seed, rules)
        return tell(agent, agent.merge(menu, [r[1] for r in results]))

    def arrived(k: int, future: Future) -> None:
        with lock:
            if out.done():
                return
            error = future.exception()
            if error is not None:
                out.set_exception(error)
                return
            results[k] = future.result()
            left[0] -= 1
            if left[0]:
                return
            try:
                out.set_result(finish())
            except Exception as e:  # noqa: BLE001 - handed to the window like a worker's
                out.set_exception(e)

    for k, part in enumerate(parts):
        part.add_done_callback(lambda f, k=k: arrived(k, f))
    return out


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


#: how much lower than the window the workers run (POSIX nice): two searches on two cores
#: would otherwise take the window's share of the processor, and its frames with it
WORKER_NICENESS = 5


def _start_worker() -> None:
    """Runs in each worker as it starts (the pool's initializer): a lower priority than
    the window's, then the watch on the window (``_exit_with_parent``)."""
    with contextlib.suppress(AttributeError, OSError):  # Windows has no nice
        os.nice(WORKER_NICENESS)
    _exit_with_parent()


def _workers() -> int:
    """Workers of the pool: two where a second core can grow a second tree."""
    return 2 if cores() >= 2 else 1


def _pool() -> ProcessPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=_workers(),
                                    mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_start_worker)
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
        trees = _split_trees(game, spec, seed) if len(texts) > 1 else 1
        try:
            future = self._submit(game, spec, seed, obs, texts, trees)
        except BrokenProcessPool:  # the worker died (killed, out of memory): start anew
            shutdown()
            future = self._submit(game, spec, seed, obs, texts, trees)
        return Request(tag, seat, future)

    @staticmethod
    def _submit(game: str, spec: str, seed: int, obs: Observation, texts: list[str],
                trees: int) -> Future:
        pool = _pool()
        if trees < 2:
            return pool.submit(_choose, game, spec, seed, obs, texts)
        parts = [pool.submit(_grow, game, spec, seed, obs, texts, k) for k in range(trees)]
        return _merged(game, spec, seed, parts)

    def close(self) -> None:
        """A table closes; the shared worker stays for the next one."""
