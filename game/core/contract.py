"""The engine contract every game implements.

Agents, game records, the simulator, the invariant fuzzer and the window's controller
are written once against this protocol.  A rules object is stateless: all state lives
in the ``State`` value it creates, which is plain data that round-trips through JSON.

Seats are integers ``0 .. n_seats-1``: the participants that take decisions (humans or
computer players).  Parts of a game that decide by a fixed policy or by chance (neutral
clans, shuffles, dice) are resolved by the engine itself with the state's seeded RNG and
never appear as a seat to act.

Actions are small immutable values with a canonical text form: ``str(action)`` gives
the spec's notation (prefixed by the seat's short name, e.g. ``"G: PLACE 1 ARC1"``) and
``rules.parse_action(text)`` gives back an equal action.  Logs, saves, replays and tests
speak that text.

Events are tuples ``(visibility, kind, *args)`` appended to a caller's list by
``apply``: ``visibility`` is ``-1`` for a public event or the seat number that alone may
see it.  ``kind`` is a short upper-case key, the args are strings and integers.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .rng import Rng

Action = Any  # a game's hashable action value; str(action) is its canonical text
State = Any  # a game's state object (plain data, JSON round-trip via to_json/from_json)
Observation = dict  # what one seat may see: plain JSON-able data, hidden parts absent
Event = tuple  # (visibility, kind, *args)

PUBLIC = -1


class GameError(Exception):
    """Base of every error the engines and records raise on bad input."""


class IllegalAction(GameError):
    """The action is not legal in this state (out of turn, wrong phase, not allowed).

    Raised before anything is changed: the state is left exactly as it was.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class BadNotation(IllegalAction):
    """The action text does not parse as this game's notation."""


class BadConfig(GameError):
    """The game configuration is not a legal line-up or has unknown switches."""


class UnknownGame(GameError):
    """The game name is not one of the four games, or the game is not built yet."""


@runtime_checkable
class Rules(Protocol):
    """One per game; stateless.  The members below every game must have; the optional
    ones, with the defaults a game without them gets, are RulesBase's (every game's rules
    class inherits it)."""

    name: str  # "hadrians-wall"
    title: str  # "Hadrian's Wall"
    min_seats: int
    max_seats: int

    def default_config(self, seats: int) -> dict: ...

    def new_game(self, config: dict, seed: int, log: list | None = None) -> State:
        """Validate ``config`` (BadConfig) and set the game up with ``Rng(seed)``;
        events of the set-up (shuffles made public, first deals) go to ``log``."""

    def seat_names(self, state: State) -> list[str]:
        """Short names of the seats, in seat order (the prefix of the notation)."""

    def to_act(self, state: State) -> int | None:
        """The seat whose decision is awaited; None once the game is over."""

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the seat to act (empty once the game is over), in an
        order that depends only on what that seat can see (agents rely on it)."""

    def random_action(self, state: State, rng: Rng) -> Action:
        """One legal action drawn uniformly (a fast path for playouts)."""

    def apply(self, state: State, action: Action | str, log: list | None = None) -> None:
        """Play ``action`` (an action or its canonical text) in place, and run the
        engine until the next decision.

        Raises IllegalAction (state untouched) when the action is not legal now.
        Appends events to ``log`` when a list is given.
        """

    def parse_action(self, text: str) -> Action:
        """Parse the canonical text; raises BadNotation."""

    def observation(self, state: State, seat: int) -> Observation:
        """What ``seat`` may see, with the key ``"seat"`` naming it.  Hidden
        information is absent, not masked."""

    def determinize(self, obs: Observation, rng: Rng) -> State:
        """A full state consistent with ``obs``, hidden parts sampled with ``rng``.

        Used by ISMCTS: it must read nothing but the observation.  The new state's
        own RNG is seeded from ``rng``, so samples differ in their future chance too.
        """

    def is_over(self, state: State) -> bool: ...

    def scores(self, state: State) -> list[float]:
        """Points of each seat (final once the game is over)."""

    def winners(self, state: State) -> list[int]:
        """The winning seats once over (several share a win; empty = nobody won)."""

    def clone(self, state: State) -> State: ...

    def to_json(self, state: State) -> dict: ...

    def from_json(self, data: dict) -> State: ...

    def check_invariants(self, state: State) -> list[str]:
        """The spec's invariants that hold after every step; returns violations."""

    def heuristic(self, state: State, seat: int) -> float:
        """Value of a (full or determinized) state for ``seat``, roughly in [-1, 1]."""

    def describe_event(self, event: Event) -> str:
        """Canonical one-line text of an event, for logs and replays."""


class Term(NamedTuple):
    """A named part of a game's heuristic: plain English words (a noun phrase the window
    translates, e.g. "terrain held") and the rule it comes from (e.g. "FG-7")."""

    words: str
    rule: str


class RulesBase:
    """The optional members of the contract with their defaults: every game's rules class
    inherits this and overrides the members it has.  Each default gives the behaviour of
    a game without that member, so the core and the app call them all plainly."""

    #: the version of the game's rules numbers (game.core.record: a save names it and
    #: is refused under another unless ``replays_version`` accepts it)
    rules_version: int = 1

    #: per-level overrides of the ISMCTS options (game.core.agents.levels):
    #: ``{"hard": {"iterations": 4000}}``; read only, never changed in place
    ai_levels: Mapping[str, Mapping[str, Any]] = MappingProxyType({})

    def replays_version(self, made: int, config: object) -> bool:
        """Whether a record made under the older rules version ``made`` with the set-up
        ``config`` still replays the game it was (a retuning that left this set-up
        alone).  The default: never (every older record is refused)."""
        return False

    def heuristic_terms(self, state: State, seat: int) -> dict[Term, float]:
        """The heuristic's value for ``seat`` split into its named parts, each in
        ``seat``'s favour (his own less his opponents'), in one scale (their sum orders
        positions as ``heuristic`` does); the hint names the part that decided between
        two moves.  The default names none: {} (the hint then tells the search's
        share)."""
        return {}

    def heuristic_values(self, state: State) -> list[float]:
        """``heuristic`` of every seat at once, in seat order (the search values the end
        of each playout this way; a game may give a faster way to the same values).  The
        default: ``heuristic`` of each seat."""
        return [self.heuristic(state, seat) for seat in range(len(self.seat_names(state)))]

    def playout_action(self, state: State, rng: Rng) -> Action:
        """A fast, sensible legal action for the seat to act (ISMCTS playouts, the hint's
        look ahead); it reads only what that seat may see.  The default:
        ``random_action``."""
        return self.random_action(state, rng)

    def search_actions(self, state: State, legal: list[Action]) -> list[Action]:
        """The subset of ``legal`` (in its order) the search should grow, for positions
        with too many actions to try each; it reads only what the seat to act may see.
        The default: all of ``legal`` (the same list)."""
        return legal

    def plan_choice(self, obs: Observation, legal: list[Action], agent: Any) -> Action | None:
        """A game's own search over whole plans (runs of single actions of the seat to
        act, e.g. every move of a step) for an ISMCTS ``agent`` (its seed, iterations,
        rollout depth): the first step of the plan it chooses, later steps of that plan
        at the following decisions without a new search; None leaves the decision to the
        agent's own search.  People still play single actions.  The default: None (a
        game that overrides it is searched in one piece, see ``overrides``)."""
        return None

    def greedy_action(self, state: State, legal: list[Action], rng: Rng) -> Action | None:
        """The game's own one-step rule-of-thumb player (the spec's heuristic policy),
        used by the greedy level instead of a one-ply look-ahead on ``heuristic`` where
        that look-ahead cannot see the worth of a move (an investment that pays off rounds
        later); ``state`` is a determinization of the deciding seat's observation.  The
        default: None (the greedy level then looks one ply ahead)."""
        return None

    def concession(self, state: State, seat: int) -> Action | None:
        """The action by which ``seat`` concedes, where the game's rules let a player
        concede (None when it is not his decision); ``apply`` takes it like a move, as a
        legal action of that seat wherever the rules allow it.  The default: None (the
        game has no concession).

        It is not listed by ``legal_actions`` all the same: that list is the menu every
        computer player draws from (random seats, the greedy level, ISMCTS trees and
        playouts), and a concession in it would be drawn like any move, so random
        playouts would end at random, searches would weigh conceding, and every seeded
        game, figure and digest would change; a computer player never concedes.  The
        table offers it in its menu to the person to act, and the invariant fuzzer
        (game.core.simulate) reaches it at every kind of decision point: at decisions
        drawn by its own seeded RNG it concedes on a copy of the state and checks the
        copy (its invariants, the end, the winners)."""
        return None

    def build_on(self, state: State, action: Action) -> tuple[State, list] | None:
        """For an action a person may build on before it is played (a line arranged a
        move at a time, still played as one action): a copy of ``state`` as the action
        would leave it for the player still deciding, and ``(step, whole)`` pairs,
        ``step`` an action of that copy (clicked on its items) and ``whole`` the action it
        builds, a legal action of ``state``; None for an action that is played as it is.
        The table shows the copy and offers the steps until the person plays the whole.
        The default: None (every action is played as it is)."""
        return None

    def open_observation(self, state: State) -> Observation:
        """Everything on the table face up (hands, face-down cards, hidden identities), in
        the format of ``observation`` with ``"seat"`` naming the seat to act (or 0): the
        "all cards open" point of view of replays and the results screen.  Deck orders
        stay hidden.  The default: every seat's observation merged into the seat to
        act's (``merge_views``), whose hand a view shows as its own."""
        to_act = self.to_act(state)
        seat = 0 if to_act is None else to_act
        obs = self.observation(state, seat)
        for other in range(len(self.seat_names(state))):
            if other != seat:
                obs = merge_views(obs, self.observation(state, other))
        return obs


def overrides(rules: object, name: str) -> bool:
    """Whether ``rules`` gives its own ``name`` instead of RulesBase's default (a game
    with its own ``plan_choice`` is searched in one piece; tools that tell a game's own
    pruning apart)."""
    for klass in type(rules).__mro__:
        if name in vars(klass):
            return klass is not RulesBase
    return False


def merge_views(a, b):
    """Two seats' observations as one: what either may see (a's values where both do)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for key, value in b.items():
            if key != "seat":
                out[key] = merge_views(a[key], value) if key in a else value
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [merge_views(x, y) for x, y in zip(a, b, strict=True)]
    if a is None or a == "?":
        return b
    return a
