"""Computer seats think here, off the window's thread.

One worker thread runs one decision at a time; the window polls the future every frame
and keeps drawing meanwhile.  A request carries a tag (the number of actions played when
it was asked) so an answer that arrives after an undo or a load is dropped.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from game.core.contract import Action, Observation, Rules


@dataclass
class Request:
    tag: int
    seat: int
    future: Future


class AIWorker:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-seat")

    def ask(self, tag: int, seat: int, agent, rules: Rules, obs: Observation,
            legal: list[Action]) -> Request:
        return Request(tag, seat, self._pool.submit(agent.choose, rules, obs, legal))

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
