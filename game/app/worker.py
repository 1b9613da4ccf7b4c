"""Computer seats think here, in a worker process beside the window.

The search is pure Python: in a thread it would compete with the window for the
interpreter lock and the frame rate would drop while a computer seat thinks.  One
worker process (spawned, so it imports no pygame) serves every table; the agents live
there, one per seat, keyed by their spec and seed.  The window polls the future every
frame.  A request carries a tag (the number of actions played when it was asked) so an
answer that arrives after an undo or a load is dropped.

One door: ``submit`` starts a search of a level on a decision (the computer seats' moves
through ``AIWorker.ask``, the table's hint through ``hint.ask``) and gives back a
``Search``: polled by the window (``done``), read once done (``result``: a ``Choice``),
and cancelled when its answer is not wanted any more (``cancel``: the answer is dropped,
a search not begun never runs, and a running one ends within a few iterations, told by a
flag the workers share with the window, ``_STOPS``).  A search may carry a ``then``: a
function run in the worker on the choice (the hint's reason), its answer in
``Choice.extra``.

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
import itertools
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace

from game.core.contract import Action, Observation

_POOL: ProcessPoolExecutor | None = None
_AGENTS: dict = {}  # in the worker: (game, spec, seed) -> agent
#: the searches cancelled lately, shared by the window and its workers: search ``n`` is
#: cancelled when ``_STOPS[n % STOP_SLOTS] == n`` (in the window: the pool's array; in a
#: worker: the same memory, handed to it as it starts)
STOP_SLOTS = 64
_STOPS = None
_IDS = itertools.count(1)


@dataclass(frozen=True)
class Choice:
    """A search's answer: the chosen action (its text), the iterations that chose it and
    the iterations in all (0 when nothing was searched: one move only, or a game's own
    search over whole plans decided), the most chosen other action (text, or None),
    what the search's ``then`` said of the choice (None without one), and what the
    agent carries to the seat's next decision (``ISMCTSAgent.carry``: opaque, handed
    back in by ``AIWorker.ask``)."""

    action: str
    chosen: int = 0
    searched: int = 0
    runner_up: str | None = None
    extra: object = None
    carry: object = None


def _told(agent, action, menu) -> Choice:
    """The choice of ``agent`` (None: nothing was searched) among ``menu``."""
    visits = {} if agent is None or not agent.last_iterations else agent.last_visits
    if not visits.get(action):
        return Choice(str(action))
    others = [a for a in menu if a != action and visits.get(a, 0)]
    runner = max(others, key=lambda a: visits[a], default=None)  # the first of equals
    return Choice(
        str(action),
        int(visits.get(action, 0)),
        int(agent.last_iterations),
        None if runner is None else str(runner),
    )


def _stopper(ident: int) -> Callable[[], bool] | None:
    stops = _STOPS
    if stops is None or not ident:
        return None
    slot = ident % STOP_SLOTS
    return lambda: stops[slot] == ident


def _then(then: Callable | None, game: str, seed: int, obs: Observation, choice: Choice) -> Choice:
    if then is None:
        return choice
    return replace(choice, extra=then(game, seed, obs, choice))


def run_search(
    game: str,
    spec: str,
    seed: int,
    obs: Observation,
    legal: list[str],
    ident: int = 0,
    then: Callable | None = None,
    levels: dict | None = None,
    carry: object = None,
) -> Choice:
    """The search ``submit`` runs in the worker (or any process): the level ``spec`` of
    that seat (its agent kept between decisions, or a new one with ``levels``) chooses
    one of ``legal`` (texts), ended early when search ``ident`` is cancelled; then
    ``then``.  The agent starts from ``carry`` (what its previous answer carried; never
    from what this process kept, so any worker answers alike) and its answer carries
    what it keeps for the next decision."""
    from game.core import registry
    from game.core.agents import ISMCTSAgent

    rules = registry.get_rules(game)
    agent = _agent(rules, game, spec, seed, levels)
    actions = [rules.parse_action(text) for text in legal]
    if not isinstance(agent, ISMCTSAgent):  # random, greedy: nothing searched
        return _then(then, game, seed, obs, Choice(str(agent.choose(rules, obs, actions))))
    agent.stop = _stopper(ident)
    agent.carry = carry
    try:
        action = agent.choose(rules, obs, actions)
    finally:
        agent.stop = None
    told = replace(_told(agent, action, actions), carry=agent.carry)
    agent.carry = None
    return _then(then, game, seed, obs, told)


def _grow(
    game: str,
    spec: str,
    seed: int,
    obs: Observation,
    legal: list[str],
    tree: int,
    ident: int = 0,
    levels: dict | None = None,
) -> tuple[list[str], object]:
    """Runs in a worker: grows tree ``tree`` of the search level ``spec`` on this decision;
    returns the menu the trees grow (texts) and the tree's result (None when the menu
    holds one action: nothing to search)."""
    from game.core import registry

    rules = registry.get_rules(game)
    agent = _agent(rules, game, spec, seed, levels)
    actions = [rules.parse_action(text) for text in legal]
    menu = agent.menu(rules, obs, actions)
    texts = [str(a) for a in menu]
    if len(menu) == 1:
        return texts, None
    agent.stop = _stopper(ident)
    try:
        return texts, agent.grow(rules, obs, menu, tree)
    finally:
        agent.stop = None


def _agent(rules, game: str, spec: str, seed: int, levels: dict | None = None):
    """The agent the worker keeps for that seat, or a new one with ``levels`` (overrides
    of the level's options, ``make_agent``'s)."""
    from game.core.agents import make_agent

    if levels is not None:
        return make_agent(spec, seed, rules, levels)
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
    from game.core.contract import overrides

    rules = registry.get_rules(game)
    if overrides(rules, "plan_choice"):
        return 1  # the game's own search over plans runs in one piece
    agent = make_agent(spec, seed, rules)
    if not isinstance(agent, ISMCTSAgent) or agent.iterations is None:
        return 1
    return agent.trees if agent.trees <= _workers() else 1


def _merged(game: str, spec: str, seed: int, parts: list[Future]) -> Future:
    """A future of the ``Choice`` made by merging the trees of ``parts`` (``_grow``'s
    answers, in any order)."""
    out: Future = Future()
    results: list = [None] * len(parts)
    left = [len(parts)]
    lock = threading.Lock()

    def finish() -> Choice:
        from game.core import registry
        from game.core.agents import make_agent

        rules = registry.get_rules(game)
        texts = results[0][0]
        menu = [rules.parse_action(t) for t in texts]
        if results[0][1] is None:
            return Choice(texts[0])
        agent = make_agent(spec, seed, rules)
        return _told(agent, agent.merge(menu, [r[1] for r in results]), menu)

    def arrived(k: int, future: Future) -> None:
        with lock:
            if out.done():
                return
            if future.cancelled():
                out.cancel()
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


class Search:
    """A search started by ``submit``: ``done`` polled by the window, ``result`` (a
    ``Choice``) once done, ``cancel`` when its answer is not wanted any more."""

    def __init__(
        self, ident: int, future: Future, parts: list[Future] = (), then: tuple | None = None
    ) -> None:
        self.ident = ident
        self.cancelled = False
        self._future = future  # the choice (merged from ``parts`` where trees grew apart)
        self._parts = list(parts)
        self._then = then  # (then, game, seed, obs): still to run on the merged choice
        self._final: Future | None = None if then is not None else future

    def _advance(self) -> None:
        """Where the trees grew apart: once merged, the ``then`` is handed to a worker
        (from the window's thread, never from a callback of the pool)."""
        if self._final is None and self._future.done() and not self.cancelled:
            if self._future.cancelled() or self._future.exception() is not None:
                self._final = self._future
                return
            then, game, seed, obs = self._then
            self._final = _submit_task(_then, then, game, seed, obs, self._future.result())

    def done(self) -> bool:
        if self.cancelled:
            return True
        self._advance()
        return self._final is not None and self._final.done()

    def result(self, timeout: float | None = None) -> Choice:
        if self.cancelled:
            raise RuntimeError("the search was cancelled")
        self._future.result(timeout)
        self._advance()
        return self._final.result(timeout)

    def exception(self, timeout: float | None = None) -> BaseException | None:
        if self.cancelled:
            return None
        error = self._future.exception(timeout)
        if error is not None:
            return error
        self._advance()
        return self._final.exception(timeout)

    def cancel(self) -> None:
        """Its answer is not wanted: dropped; the tasks not begun never run, and the
        running ones end within a few iterations (``ISMCTSAgent.stop``)."""
        if self.cancelled:
            return
        self.cancelled = True
        if _STOPS is not None:
            _STOPS[self.ident % STOP_SLOTS] = self.ident
        for f in (*self._parts, self._future, self._final):
            if f is not None:
                f.cancel()


def submit(
    game: str,
    spec: str,
    seed: int,
    obs: Observation,
    legal: list[Action],
    then: Callable | None = None,
    levels: dict | None = None,
    carry: object = None,
) -> Search:
    """Start the search of level ``spec`` (seeded ``seed``) for the seat that sees ``obs``
    among ``legal``, in the worker; the trees of the level grow one per worker where the
    pool has a worker for each (merged in the window: the same answer as one piece).
    ``then(game, seed, obs, choice)``, a module-level function, is run in the worker on
    the choice (``Choice.extra``); ``levels`` (overrides of the level's options, as
    ``make_agent`` takes them) searches with a new agent so made, not the one the worker
    keeps for that seat; ``carry`` is what the seat's previous answer carried
    (``Choice.carry``).  A worker that died is started anew."""
    texts = [str(a) for a in legal]
    trees = _split_trees(game, spec, seed) if len(texts) > 1 else 1
    ident = next(_IDS)
    try:
        return _start(ident, game, spec, seed, obs, texts, trees, then, levels, carry)
    except BrokenProcessPool:  # the worker died (killed, out of memory): start anew
        shutdown()
        return _start(ident, game, spec, seed, obs, texts, trees, then, levels, carry)


def _start(
    ident: int,
    game: str,
    spec: str,
    seed: int,
    obs: Observation,
    texts: list[str],
    trees: int,
    then: Callable | None,
    levels: dict | None,
    carry: object = None,
) -> Search:
    if trees < 2:
        future = _submit_task(run_search, game, spec, seed, obs, texts, ident, then, levels, carry)
        return Search(ident, future)
    parts = [
        _submit_task(_grow, game, spec, seed, obs, texts, k, ident, levels) for k in range(trees)
    ]
    merged = _merged(game, spec, seed, parts)
    return Search(ident, merged, parts, None if then is None else (then, game, seed, obs))


def _submit_task(fn: Callable, *args) -> Future:
    return _pool().submit(fn, *args)


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


def _start_worker(stops=None) -> None:
    """Runs in each worker as it starts (the pool's initializer): the cancelled searches'
    flags shared with the window, a lower priority than the window's, then the watch on
    the window (``_exit_with_parent``)."""
    global _STOPS
    _STOPS = stops
    with contextlib.suppress(AttributeError, OSError):  # Windows has no nice
        os.nice(WORKER_NICENESS)
    _exit_with_parent()


def _workers() -> int:
    """Workers of the pool: two where a second core can grow a second tree."""
    return 2 if cores() >= 2 else 1


def _pool() -> ProcessPoolExecutor:
    global _POOL, _STOPS
    if _POOL is None:
        context = multiprocessing.get_context("spawn")
        _STOPS = context.Array("q", STOP_SLOTS, lock=False)
        _POOL = ProcessPoolExecutor(
            max_workers=_workers(),
            mp_context=context,
            initializer=_start_worker,
            initargs=(_STOPS,),
        )
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
    future: Search  # of a Choice


class AIWorker:
    """The computer seats of one table.  A seat's decisions may be searched by either
    worker process, so what its agent keeps between decisions (``Choice.carry``: the rest
    of a plan it chose) comes back with each answer and goes in with its next question."""

    def __init__(self) -> None:
        self._last: dict[tuple, Search] = {}  # (game, seat, spec, seed) -> its last search

    def ask(
        self,
        tag: int,
        seat: int,
        game: str,
        spec: str,
        seed: int,
        obs: Observation,
        legal: list[Action],
    ) -> Request:
        """A computer seat's move: the search of its level, by ``submit``, handed what the
        seat's last answer carried (nothing after a cancelled or failed search)."""
        key = (game, seat, spec, seed)
        search = submit(game, spec, seed, obs, legal, carry=self._carried(key))
        self._last[key] = search
        return Request(tag, seat, search)

    def _carried(self, key: tuple) -> object:
        last = self._last.get(key)
        if last is None or last.cancelled or not last.done() or last.exception() is not None:
            return None
        return last.result().carry

    def close(self) -> None:
        """A table closes; the shared worker stays for the next one."""
        self._last.clear()
