"""Single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search".
One tree is grown from the searching seat's observation.  Every iteration samples a full
state consistent with that observation (``rules.determinize``), walks down the tree
considering only the children whose actions are legal in that sample, picks among them by
UCB1 with availability counts, adds one node, plays the game out (with the game's
``playout_action`` if it has one, else at random) and credits the outcome to every node
on the path, each from the point of view of the seat that acted there.

The search stops early once the most visited move cannot be overtaken in the budget
that is left: the choice is the same, the wait is shorter.

A game whose positions offer too many actions to try each one may define
``search_actions(state, legal) -> list`` (a subset of ``legal`` in its order, reading only
what the seat to act may see): the tree then grows only those (macro-action pruning).
"""

from __future__ import annotations

import math
import time

from ..contract import Action, Observation, Rules
from ..outcome import terminal_rewards
from ..rng import Rng


class _Node:
    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here (-1 at the root)
        self.visits = 0
        self.avail = 1  # iterations in which this node's action was legal when looked at
        self.total = 0.0  # sum of the rewards of ``seat``
        self.children: dict[Action, _Node] = {}


class ISMCTSAgent:
    """Search for ``iterations`` iterations and/or ``millis`` milliseconds, whichever
    runs out first (at least one iteration).

    ``rollout_depth`` caps a playout (the game's heuristic values where it stops);
    ``margin_weight`` adds that share of the normalized score margin to a win share, so
    a bigger win is preferred; ``exploration`` is the UCB1 constant.
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
    ) -> None:
        if iterations is None and millis is None:
            raise ValueError("ISMCTS needs a budget: iterations and/or millis")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.millis = millis
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.margin_weight = margin_weight
        self.early_stop = early_stop
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}

    def choose(self, rules: Rules, obs: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_iterations = 0
        self.last_visits = {}
        if len(legal) == 1:
            return legal[0]
        root = _Node(-1)
        prune = getattr(rules, "search_actions", None)
        if prune is not None:
            legal = prune(rules.determinize(obs, self.rng), legal) or legal
            if len(legal) == 1:
                return legal[0]
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        done = 0
        start = time.perf_counter()
        while True:
            self._iterate(rules, obs, legal, root)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if self.early_stop and done % 32 == 0 and self._decided(root, done, start, deadline):
                break
        self.last_iterations = done
        self.last_visits = {a: c.visits for a, c in root.children.items()}
        return max(root.children, key=lambda a: (root.children[a].visits, root.children[a].total))

    def _decided(self, root: _Node, done: int, start: float, deadline: float | None) -> bool:
        """True when the runner-up cannot catch the most visited move any more."""
        left = math.inf if self.iterations is None else self.iterations - done
        if deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - start, 1e-9)
            left = min(left, rate * max(deadline - now, 0.0) * 1.1)
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        return len(visits) >= 2 and visits[0] - visits[1] > left

    def _iterate(self, rules: Rules, obs: Observation, legal: list[Action], root: _Node) -> None:
        rng = self.rng
        state = rules.determinize(obs, rng)
        node = root
        path = [root]
        options: list[Action] | None = legal
        prune = getattr(rules, "search_actions", None)
        # selection and expansion
        while not rules.is_over(state):
            if options is None:
                options = rules.legal_actions(state)
                if prune is not None:
                    options = prune(state, options)
            children = node.children
            untried = [a for a in options if a not in children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(rules.to_act(state))
                rules.apply(state, action)
                children[action] = child
                path.append(child)
                break
            c = self.exploration
            best_score = -math.inf
            for a in options:
                child = children[a]
                child.avail += 1
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score, best_action, best_child = score, a, child
            rules.apply(state, best_action)
            node = best_child
            path.append(node)
            options = None
        # playout
        depth = 0
        limit = self.rollout_depth
        playout = getattr(rules, "playout_action", None) or rules.random_action
        while not rules.is_over(state) and (limit is None or depth < limit):
            rules.apply(state, playout(state, rng))
            depth += 1
        if rules.is_over(state):
            rewards = terminal_rewards(rules, state, self.margin_weight)
        else:
            rewards = [
                (rules.heuristic(state, s) + 1.0) / 2.0 for s in range(len(rules.seat_names(state)))
            ]
        # backpropagation
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.total += rewards[n.seat]
