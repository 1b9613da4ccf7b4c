"""The window's worker and a game's search over whole plans (Stronghold, ai.plan_choice):
a seat's decisions may be searched in either worker process, so the rest of a plan it
chose comes back with the answer (``Choice.carry``) and goes in with the seat's next
question; no process keeps anything that changes an answer."""

from __future__ import annotations

from concurrent.futures import Future

from sh_positions import at_phase, bare, put_inv

from game.app import worker
from game.games.stronghold import plans
from game.games.stronghold.rules import RULES

GAME = "stronghold"
SPEC = "ai:hard"
#: a small effort: a new agent made for each search, as in a worker that never saw the seat
LEVELS = {"hard": {"iterations": 16, "rollout_depth": 6, "trees": 1}}


def mobilisation():
    """Round 1, Phase 6: the Invader has taken the major mobilisation and is at its
    first step, with units to move on several ramparts (a plan of several moves)."""
    s = bare()
    put_inv(s, "GW", g=6, o=2)
    put_inv(s, "R2", g=3)
    put_inv(s, "R5", o=2)
    put_inv(s, "R6", g=2, t=1)
    at_phase(s, 6)
    s.mobilisation = None
    RULES.apply(s, "I: MAJOR")
    return s


def ask(s, carry=None) -> worker.Choice:
    seat = RULES.to_act(s)
    legal = [str(a) for a in RULES.legal_actions(s)]
    obs = RULES.observation(s, seat)
    return worker.run_search(GAME, SPEC, 5, obs, legal, levels=LEVELS, carry=carry)


def play_point(s, carried: bool) -> tuple[list[str], int]:
    """The seat plays its decision point, each decision by a new agent (another
    process), handed the last answer's carry or not; the moves and the searches."""
    key = plans.scope(s)
    moves, searches, carry = [], 0, None
    while plans.scope(s) == key:
        choice = ask(s, carry if carried else None)
        searches += choice.searched > 0
        carry = choice.carry
        RULES.apply(s, choice.action)
        moves.append(choice.action)
    return moves, searches


def test_a_plan_chosen_in_one_process_is_played_on_in_another():
    s = mobilisation()
    first = ask(s)
    assert first.searched > 0 and first.carry is not None  # a plan with more steps
    after = RULES.clone(s)
    RULES.apply(after, first.action)
    second = ask(after, first.carry)
    assert second.searched == 0  # no new search: the plan's next step
    expected_next = first.carry[1][0]
    assert second.action == str(expected_next)
    alone = ask(after)  # the same question without the carry: searched anew
    assert alone.searched > 0


def test_with_the_carry_the_point_is_searched_once_and_played_as_in_one_process():
    carried, searched = play_point(mobilisation(), carried=True)
    assert searched == 1 and len(carried) >= 3
    # one agent in one process (its plan kept on the agent) plays the same moves
    from game.core.agents import make_agent

    s = mobilisation()
    agent = make_agent(SPEC, 5, RULES, LEVELS)
    key = plans.scope(s)
    alone = []
    while plans.scope(s) == key:
        seat = RULES.to_act(s)
        a = agent.choose(RULES, RULES.observation(s, seat), RULES.legal_actions(s))
        RULES.apply(s, a)
        alone.append(str(a))
    assert alone == carried
    _without, searches = play_point(mobilisation(), carried=False)
    assert searches > 1  # without the carry every decision is a new search


def test_a_carry_for_another_position_is_not_followed():
    """After an undo the seat sees another position than its plan expected: searched
    anew (the carry is checked against what the seat sees)."""
    s = mobilisation()
    first = ask(s)
    other = next(a for a in RULES.legal_actions(s) if a.verb == "MOVE" and str(a) != first.action)
    RULES.apply(s, other)
    again = ask(s, first.carry)
    assert again.searched > 0


def test_the_table_hands_a_seat_its_last_answers_carry(monkeypatch):
    """``AIWorker.ask``: the carry of the seat's last answer goes in with its next
    question; none after a cancelled search, and none from another seat's."""
    handed = []

    def fake_submit(game, spec, seed, obs, legal, then=None, levels=None, carry=None):
        handed.append(carry)
        done: Future = Future()
        done.set_result(worker.Choice(str(legal[0]), carry=("plan", len(handed))))
        return worker.Search(len(handed), done)

    monkeypatch.setattr(worker, "submit", fake_submit)
    s = mobilisation()
    obs, legal = RULES.observation(s, 0), RULES.legal_actions(s)
    table = worker.AIWorker()
    table.ask(1, 0, GAME, SPEC, 5, obs, legal)
    table.ask(2, 0, GAME, SPEC, 5, obs, legal)
    table.ask(3, 1, GAME, SPEC, 6, obs, legal)  # another seat: its own
    cancelled = table.ask(4, 0, GAME, SPEC, 5, obs, legal)
    cancelled.future.cancel()  # an undo
    table.ask(5, 0, GAME, SPEC, 5, obs, legal)
    assert handed == [None, ("plan", 1), None, ("plan", 2), None]


def test_a_cancelled_plan_search_ends_in_the_worker(monkeypatch):
    """``Search.cancel`` flags the search for the workers (a hint nobody waits for): the
    plan search ends at its next look and carries no plan; another search is whole."""
    from game.core.agents.ismcts import STOP_EVERY

    stops = [0] * worker.STOP_SLOTS
    monkeypatch.setattr(worker, "_STOPS", stops)
    s = mobilisation()
    obs, legal = RULES.observation(s, 0), [str(a) for a in RULES.legal_actions(s)]
    levels = {"hard": {"iterations": 96, "rollout_depth": 6, "trees": 1}}
    worker.Search(80, Future()).cancel()
    assert stops[80 % worker.STOP_SLOTS] == 80
    cut = worker.run_search(GAME, SPEC, 5, obs, legal, ident=80, levels=levels)
    whole = worker.run_search(GAME, SPEC, 5, obs, legal, ident=81, levels=levels)
    assert cut.searched == STOP_EVERY and cut.carry is None
    assert whole.searched > 4 * STOP_EVERY and whole.carry is not None
