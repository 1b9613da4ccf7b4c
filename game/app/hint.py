"""The hint: the move the hard computer player would choose for the person to act, and
in one line why.

The search runs in the computer seats' worker process (``worker.submit``), never in the
window.  It is handed only what the person sees: his observation and his legal moves.
The agent (ISMCTS, ``game.core.agents``) samples its own states consistent with that
observation (``rules.determinize``, its information-set sampling), so the hint cannot
depend on an opponent's hidden cards.  Its seed comes from the game's seed and the seat,
and a level is a number of iterations: the same position gives the same hint.

Why (``explain``, run in the worker after the search): the part of the game's heuristic
(``rules.heuristic_terms``, each part named with its rule) that the chosen move gains
most over the search's runner-up, right after the move, averaged over states sampled
from the same observation.  A game that names no parts, or a move that gains in none
of them at once (its worth lies further on), is told by the share of the searches that
chose it.

This module imports no pygame: the worker imports it to run ``explain``.
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.agents.ismcts import decision_seed
from game.core.contract import Action, GameError, Observation, Term
from game.core.rng import Rng
from game.core.seeding import derive_seed

from . import worker
from .worker import Choice, Search

#: the level whose move is shown
HINT_SPEC = "ismcts:hard"
#: the hint's search is the hard level's effort, to the end: no wall-clock safety net
#: (the same position gives the same hint however busy the machine; a person who does
#: not wait plays his move, and the search is cancelled)
HINT_LEVELS = {"hard": {"safety_seconds": None}}
#: the outline of the hinted move's places (none of the table's other marks is violet)
COLOUR = (214, 120, 255)
#: the hint search's seed: the game's seed plus this plus the seat (not a computer seat's)
SEED_OFFSET = 7_001
#: states sampled from the person's observation to weigh the heuristic's parts on
SAMPLES = 8
#: moves the chosen one is weighed against where the search names no runner-up
OTHERS = 6
#: the most decisions the look ahead plays after the move (to the person's next turn)
HORIZON = 80
#: the least gain (in the game's own scale of its parts) that names a part
MIN_GAIN = 1e-6


def hint_seed(game_seed: int, seat: int) -> int:
    return game_seed + SEED_OFFSET + seat


def ask(game: str, seed: int, obs: Observation, legal: list[Action]) -> Search:
    """The hint's search (the hard level, a new agent without the clock's safety net),
    started in the worker, with
    ``explain`` run there on its choice: a ``worker.Search`` of a ``Choice`` whose
    ``extra`` is the deciding ``Term`` or None."""
    return worker.submit(game, HINT_SPEC, seed, obs, legal, then=explain, levels=HINT_LEVELS)


def search(game: str, seed: int, obs: Observation, legal: list[str]) -> Choice:
    """What ``ask`` answers, searched in this process (in one piece)."""
    return worker.run_search(game, HINT_SPEC, seed, obs, legal, then=explain, levels=HINT_LEVELS)


def line(view, obs: Observation, action: Action, choice: Choice, moves: int) -> str:
    """The hint in one line: the move and why: the heuristic's part it gains most in,
    with that part's rule (``explain``), else the share of the searches that chose it
    and the rule the move is played by."""
    from .i18n import _
    from .rulebook import rule_ids

    label = view.action_label(obs, action)
    reason = choice.extra
    if reason is not None:
        what = _(reason.words)
        why = (
            _("it gains most in {what} by your next turn")
            if reason.later
            else _("it gains most in {what}")
        ).format(what=what)
        return _("Hint: {move} \u2014 {why}").format(move=label, why=why) + f" ({reason.rule})"
    if choice.searched:
        why = _("chosen in {n} of {total} searches ({percent} %)").format(
            n=choice.chosen,
            total=choice.searched,
            percent=round(100 * choice.chosen / choice.searched),
        )
    elif moves == 1:
        why = _("the only move")
    else:
        why = _("chosen by the search over whole plans")
    text = _("Hint: {move} \u2014 {why}").format(move=label, why=why)
    rule = view.prompt(obs).rule
    if not rule_ids(label) and rule:
        text += f" ({rule})"
    return text


def explain(game: str, seed: int, obs: Observation, choice: Choice) -> Reason | None:
    """Runs in the worker: the heuristic's part (``rules.heuristic_terms``) that the
    chosen move gains most over the runner-up (the most searched other move; without
    one, the mean of a few other legal moves), summed over ``SAMPLES`` states sampled
    from ``obs``: right after each move, or where no part gains there, once the game's
    playout policy has played on to the person's next turn (the same random numbers after
    either move).  None when the game names no parts or no part gains."""
    from game.core import registry

    rules = registry.get_rules(game)
    seat = obs["seat"]
    chosen = rules.parse_action(choice.action)
    base = derive_seed(decision_seed(seed, obs), SEED_OFFSET)
    rng = Rng(base)
    others = None if choice.runner_up is None else [rules.parse_action(choice.runner_up)]
    now: dict[Term, float] = {}
    later: dict[Term, float] = {}
    for k in range(SAMPLES):
        state = rules.determinize(obs, rng)
        if others is None:
            rest = [a for a in rules.legal_actions(state) if a != chosen]
            others = [rest.pop(rng.below(len(rest))) for _ in range(min(OTHERS, len(rest)))]
        if not others:
            return None
        play = derive_seed(base, k + 1)
        mine = _after(rules, state, chosen, seat, play)
        theirs = [_after(rules, state, a, seat, play) for a in others]
        if mine is None or any(t is None for t in theirs):
            continue  # a move this sample does not allow (hidden parts it got wrong)
        _add(now, mine[0], [t[0] for t in theirs])
        _add(later, mine[1], [t[1] for t in theirs])
    for gains, ahead in ((now, False), (later, True)):
        if gains:
            term, gain = max(sorted(gains.items()), key=lambda kv: kv[1])  # first of equals
            if gain / SAMPLES > MIN_GAIN:
                return Reason(term.words, term.rule, ahead)
    return None


class Reason(NamedTuple):
    """Why the hint's move: the heuristic's part it gains most in (``Term``'s words and
    rule), and whether that gain shows only further on (at the person's next turn)."""

    words: str
    rule: str
    later: bool


def _add(gains: dict, mine: dict, theirs: list[dict]) -> None:
    for term in set(mine).union(*theirs):
        mean = sum(t.get(term, 0.0) for t in theirs) / len(theirs)
        gains[term] = gains.get(term, 0.0) + mine.get(term, 0.0) - mean


def _after(rules, state, action: Action, seat: int, seed: int) -> tuple[dict, dict] | None:
    """The heuristic's parts for ``seat`` once ``action`` is played on a copy of
    ``state``, and once the playout policy (seeded ``seed``) has then played on until
    ``seat`` is to act after another seat has (at most ``HORIZON`` decisions)."""
    after = rules.clone(state)
    try:
        rules.apply(after, action)
    except GameError:
        return None
    now = rules.heuristic_terms(after, seat)
    rng = Rng(seed)
    others_acted = False
    for _ in range(HORIZON):
        if rules.is_over(after):
            break
        to_act = rules.to_act(after)
        if to_act == seat and others_acted:
            break
        others_acted = others_acted or to_act != seat
        rules.apply(after, rules.playout_action(after, rng))
    return now, rules.heuristic_terms(after, seat)
