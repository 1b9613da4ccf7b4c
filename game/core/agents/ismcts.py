"""Single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search".
One tree is grown from the searching seat's observation.  Every iteration samples a full
state consistent with that observation (``rules.determinize``), walks down the tree
considering only the children whose actions are legal in that sample, picks among them by
UCB1 with availability counts, adds one node, plays the game out (with the game's
``playout_action``: at random by default) and credits the outcome to every node
on the path, each from the point of view of the seat that acted there.

Effort, not time: a search runs a number of iterations (each one a fresh
determinization), so a level plays the same on a slow or a busy machine.  Its random
numbers come from the agent's seed and the observation (``decision_seed``), never from
the clock or from earlier decisions: the same seed in the same position makes the same
choice, after an undo or a load too.

Root parallelism: the iterations are shared among ``trees`` independent trees, each with
its own random stream derived from the decision's seed; their root visit counts are
summed (``merge``, which does not depend on the order the trees come in).  The trees may
be grown one after the other or in separate processes (``grow``): the answer is the same.

A wall-clock cap (``safety_seconds``, generous) stays only as a safety net for a machine
far slower than planned; a search that hits it is counted (``cap_hits``) and logged.

Each tree stops early once its most visited move cannot be overtaken in the iterations
it has left: the choice is the same, the wait is shorter.

A search nobody waits for any more (a hint asked for before the person moved) is ended by
its ``stop`` callable, asked every ``STOP_EVERY`` iterations: what it found so far is
returned, to be dropped.

A game whose single steps are too fine to search may override (contract.RulesBase)
``plan_choice(obs, legal, agent) -> Action | None``: its own search over whole plans with
this agent's effort, or None where the ordinary search should decide.  What it keeps
for the seat's next decisions (the rest of a chosen plan) goes in ``agent.carry``, plain
picklable data that means nothing outside the game: a caller that searches a seat's
decisions in several processes hands it back in with the next decision.

A game whose heuristic values every seat in one go may define
``heuristic_values(state) -> list`` (``heuristic(state, seat)`` of each seat, in seat
order): where a playout stops before the end, the search then asks it once instead of
once per seat.

A game whose positions offer too many actions to try each one may override
``search_actions(state, legal) -> list`` (a subset of ``legal`` in its order, reading only
what the seat to act may see): the tree then grows only those (macro-action pruning).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..contract import Action, Observation, Rules
from ..outcome import terminal_rewards
from ..rng import Rng
from ..seeding import derive_seed

#: the wall-clock safety net of one decision, in seconds (a level is an effort; this only
#: ends a search on a machine many times slower than the levels were tuned on)
SAFETY_SECONDS = 10.0

log = logging.getLogger("game.ai")

#: searches ended by the safety net in this process (every agent), for ``bench``
cap_hits_total = 0
#: how often (in iterations) a tree asks its agent's ``stop`` whether to end at once
STOP_EVERY = 16


def observation_digest(obs: Observation) -> int:
    """A 64-bit digest of an observation's content (the same in every process and run:
    Python's own ``hash`` of text is salted per process)."""
    try:
        text = json.dumps(obs, sort_keys=True, separators=(",", ":"), default=repr)
    except TypeError:  # keys of mixed types cannot be sorted: their order is the game's
        text = json.dumps(obs, separators=(",", ":"), default=repr)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")


def decision_seed(seed: int, obs: Observation) -> int:
    """The seed of one decision: the agent's seed mixed with what its seat sees."""
    return derive_seed(seed, observation_digest(obs))


@dataclass
class TreeResult:
    """What tree ``tree`` found: visits and total reward of each menu action (by index),
    the iterations run and whether the safety net ended it."""

    tree: int
    visits: list[int]
    totals: list[float]
    iterations: int
    capped: bool


class _Node:
    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here (-1 at the root)
        self.visits = 0
        self.avail = 1  # iterations in which this node's action was legal when looked at
        self.total = 0.0  # sum of the rewards of ``seat``
        self.children: dict[Action, _Node] = {}


class ISMCTSAgent:
    """Search for ``iterations`` iterations in all (shared among ``trees`` trees), and
    for at most ``millis`` milliseconds if a time budget is given (levels give none: a
    time budget makes the choice depend on the machine).

    ``rollout_depth`` caps a playout (the game's heuristic values where it stops);
    ``margin_weight`` adds that share of the normalized score margin to a win share, so
    a bigger win is preferred; ``exploration`` is the UCB1 constant; ``safety_seconds``
    is the wall-clock safety net of a decision.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        millis: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        margin_weight: float = 0.05,
        early_stop: bool = True,
        trees: int = 1,
        safety_seconds: float | None = SAFETY_SECONDS,
    ) -> None:
        if iterations is None and millis is None:
            raise ValueError("ISMCTS needs a budget: iterations and/or millis")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if trees < 1:
            raise ValueError("trees must be at least 1")
        self.seed = seed
        self.iterations = iterations
        self.millis = millis
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.margin_weight = margin_weight
        self.early_stop = early_stop
        self.trees = trees if iterations is None else max(1, min(trees, iterations))
        self.safety_seconds = safety_seconds
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}
        self.cap_hits = 0  # decisions the safety net ended
        #: asked now and then while a tree grows: True ends the search at once (its
        #: answer is not wanted any more); None never ends one
        self.stop: Callable[[], bool] | None = None
        #: what the game's ``plan_choice`` keeps between this seat's decisions (opaque)
        self.carry: object = None

    # ------------------------------------------------------------------ one decision
    def choose(self, rules: Rules, obs: Observation, legal: list[Action]) -> Action:
        self.last_iterations = 0
        self.last_visits = {}
        if len(legal) > 1:
            action = rules.plan_choice(obs, legal, self)  # a game's search over whole plans
            if action is not None:
                return action
        menu = self.menu(rules, obs, legal)
        if len(menu) == 1:
            return menu[0]
        start = time.perf_counter()
        results = [self.grow(rules, obs, menu, k, start) for k in range(self.trees)]
        return self.merge(menu, results)

    def menu(self, rules: Rules, obs: Observation, legal: list[Action]) -> list[Action]:
        """The actions the trees grow: ``legal``, or the game's ``search_actions`` of it
        (drawn on a determinization of the decision's own stream, the same for every
        tree)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return list(legal)
        rng = Rng(derive_seed(decision_seed(self.seed, obs), 0))
        legal = rules.search_actions(rules.determinize(obs, rng), legal) or legal
        return list(legal)

    def tree_iterations(self, tree: int) -> int | None:
        """Tree ``tree``'s share of the iterations (the first trees take the remainder)."""
        if self.iterations is None:
            return None
        share, extra = divmod(self.iterations, self.trees)
        return share + (tree < extra)

    def grow(
        self,
        rules: Rules,
        obs: Observation,
        menu: list[Action],
        tree: int,
        start: float | None = None,
    ) -> TreeResult:
        """Grow tree ``tree`` (of ``self.trees``) on ``menu``; ``start`` is when the
        decision began (the safety net counts from it)."""
        global cap_hits_total
        rng = Rng(derive_seed(decision_seed(self.seed, obs), tree + 1))
        now = time.perf_counter
        began = now()
        start = began if start is None else start
        deadline = None if self.millis is None else began + self.millis / 1000
        cap = None if self.safety_seconds is None else start + self.safety_seconds
        budget = self.tree_iterations(tree)
        stop = self.stop
        root = _Node(-1)
        done = 0
        capped = False
        while True:
            self._iterate(rules, obs, menu, root, rng)
            done += 1
            if budget is not None and done >= budget:
                break
            if stop is not None and done % STOP_EVERY == 0 and stop():
                break
            t = now()
            if deadline is not None and t >= deadline:
                break
            if cap is not None and t >= cap:
                capped = True
                break
            if (
                self.early_stop
                and done % 32 == 0
                and self._decided(root, done, budget, began, deadline)
            ):
                break
        if capped:
            self.cap_hits += 1
            cap_hits_total += 1
            log.warning(
                "%s: search stopped by the %g s safety net after %d of %s iterations",
                rules.name,
                self.safety_seconds,
                done,
                budget,
            )
        children = root.children
        visits = [children[a].visits if a in children else 0 for a in menu]
        totals = [children[a].total if a in children else 0.0 for a in menu]
        return TreeResult(tree, visits, totals, done, capped)

    def merge(self, menu: list[Action], results: list[TreeResult]) -> Action:
        """The most visited action over every tree (then the best total reward, then the
        first in ``menu``); sums are taken in tree order, so the trees may have been grown
        and handed in in any order or place."""
        results = sorted(results, key=lambda r: r.tree)
        self.last_iterations = sum(r.iterations for r in results)
        visits = [sum(r.visits[i] for r in results) for i in range(len(menu))]
        totals = [math.fsum(r.totals[i] for r in results) for i in range(len(menu))]
        self.last_visits = {a: v for a, v in zip(menu, visits, strict=True) if v}
        best = max(range(len(menu)), key=lambda i: (visits[i], totals[i], -i))
        return menu[best]

    # ------------------------------------------------------------------ the search
    def _decided(
        self, root: _Node, done: int, budget: int | None, start: float, deadline: float | None
    ) -> bool:
        """True when the runner-up cannot catch the most visited move any more."""
        left = math.inf if budget is None else budget - done
        if deadline is not None:
            t = time.perf_counter()
            rate = done / max(t - start, 1e-9)
            left = min(left, rate * max(deadline - t, 0.0) * 1.1)
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        return len(visits) >= 2 and visits[0] - visits[1] > left

    def _iterate(
        self, rules: Rules, obs: Observation, legal: list[Action], root: _Node, rng: Rng
    ) -> None:
        state = rules.determinize(obs, rng)
        node = root
        path = [root]
        options: list[Action] | None = legal
        prune = rules.search_actions
        is_over = rules.is_over
        apply = rules.apply
        # selection and expansion
        while not is_over(state):
            if options is None:
                options = prune(state, rules.legal_actions(state))
            children = node.children
            untried = [a for a in options if a not in children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(rules.to_act(state))
                apply(state, action)
                children[action] = child
                path.append(child)
                break
            c = self.exploration
            best_score = -math.inf
            log_ = math.log
            sqrt = math.sqrt
            for a in options:
                child = children[a]
                child.avail += 1
                v = child.visits
                score = child.total / v + c * sqrt(log_(child.avail) / v)
                if score > best_score:
                    best_score, best_action, best_child = score, a, child
            apply(state, best_action)
            node = best_child
            path.append(node)
            options = None
        # playout
        depth = 0
        limit = self.rollout_depth
        playout = rules.playout_action
        if limit is None:
            while not is_over(state):
                apply(state, playout(state, rng))
        else:
            while depth < limit and not is_over(state):
                apply(state, playout(state, rng))
                depth += 1
        if is_over(state):
            rewards = terminal_rewards(rules, state, self.margin_weight)
        else:  # every seat's heuristic at once (RulesBase.heuristic_values)
            rewards = [(v + 1.0) / 2.0 for v in rules.heuristic_values(state)]
        # backpropagation
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.total += rewards[n.seat]
