"""Computer players: legal choices from observations only, budgets, levels, strength."""

import copy
import json
import time

import pytest
from toygame import RULES, Bid, SecretBids

from game.core.agents import (
    LEVELS,
    GreedyAgent,
    ISMCTSAgent,
    RandomAgent,
    level_options,
    make_agent,
)
from game.core.contract import BadConfig
from game.core.outcome import score_margins, terminal_rewards, win_shares
from game.core.rng import Rng
from game.core.simulate import play_game

FAST = {"iterations": 40, "millis": None}


def agents(seed: int):
    return [RandomAgent(seed), GreedyAgent(seed, samples=2), ISMCTSAgent(seed, iterations=80)]


def position(seed: int, steps: int, players: int = 2):
    state = RULES.new_game(RULES.default_config(players), seed)
    rng = Rng(seed)
    for _ in range(steps):
        RULES.apply(state, RULES.random_action(state, rng))
    return state


def decisive_position():
    """The last round of a 2-round game: A has bid (secretly) for prize 2; B holds 1 and
    the top card 6.  A won prize 1, so B wins the game with 6 and loses it with 1."""
    return RULES.from_json(
        {
            "players": 2,
            "rounds": 2,
            "hands": [[], [1, 6]],
            "bids": [4, None],
            "prizes": [],
            "prize": 2,
            "won": [[1], []],
            "history": [[1, [5, 2]]],
            "rng": 1,
        }
    )


@pytest.mark.parametrize("steps", [0, 1, 4, 7, 12])
def test_every_agent_chooses_a_legal_action_and_leaves_the_observation_alone(steps):
    state = position(steps + 1, steps, players=3)
    seat = RULES.to_act(state)
    obs = RULES.observation(state, seat)
    frozen = copy.deepcopy(obs)
    legal = RULES.legal_actions(state)
    for agent in agents(steps):
        assert agent.choose(RULES, obs, legal) in legal
        assert obs == frozen


def hidden_variants(seed: int, steps: int):
    """Two true states that differ in hidden cards but look the same to the seat to act."""
    state = position(seed, steps)
    seat = RULES.to_act(state)
    obs = RULES.observation(state, seat)
    for i in range(50):
        other = RULES.determinize(obs, Rng(1000 + i))
        if RULES.to_json(other)["hands"] != RULES.to_json(state)["hands"]:
            return seat, state, other
    raise AssertionError("no second state with the same observation")


@pytest.mark.parametrize("seed,steps", [(1, 1), (2, 3), (3, 5), (4, 6)])
def test_agents_see_only_the_observation(seed, steps):
    seat, state, other = hidden_variants(seed, steps)
    assert RULES.observation(state, seat) == RULES.observation(other, seat)
    assert RULES.legal_actions(state) == RULES.legal_actions(other)
    for a, b in zip(agents(seed), agents(seed), strict=True):
        pick_a = a.choose(RULES, RULES.observation(state, seat), RULES.legal_actions(state))
        pick_b = b.choose(RULES, RULES.observation(other, seat), RULES.legal_actions(other))
        assert pick_a == pick_b


class PeekingRules(SecretBids):
    """Refuses every call that hands it the true state of the game under test."""

    def __init__(self, forbidden) -> None:
        self.forbidden = forbidden

    def _guard(self, state) -> None:
        assert state is not self.forbidden, "an agent reached the true state"

    def apply(self, state, action, log=None):
        self._guard(state)
        return super().apply(state, action, log)

    def clone(self, state):
        self._guard(state)
        return super().clone(state)

    def heuristic(self, state, seat):
        self._guard(state)
        return super().heuristic(state, seat)

    def legal_actions(self, state):
        self._guard(state)
        return super().legal_actions(state)


def test_agents_work_on_their_own_determinizations():
    state = position(6, 3)
    spy = PeekingRules(state)
    obs = spy.observation(state, spy.to_act(state))
    legal = SecretBids.legal_actions(spy, state)
    for agent in agents(6):
        assert agent.choose(spy, obs, legal) in legal


def test_greedy_and_search_find_the_winning_bid_random_does_not_always():
    state = decisive_position()
    obs = RULES.observation(state, 1)
    legal = RULES.legal_actions(state)
    assert legal == [Bid("B", 1), Bid("B", 6)]
    for seed in range(5):
        assert GreedyAgent(seed, samples=1).choose(RULES, obs, legal) == Bid("B", 6)
        assert ISMCTSAgent(seed, iterations=40).choose(RULES, obs, legal) == Bid("B", 6)
    random_picks = {RandomAgent(seed).choose(RULES, obs, legal) for seed in range(20)}
    assert random_picks == set(legal)


def test_greedy_breaks_ties_with_its_own_rng():
    # a first bid in the first round: every card leaves the score at 0 after one ply
    state = RULES.new_game({"players": 2, "rounds": 1}, 3)
    state.hands = [[1, 2], [3, 4]]  # two cards each (the invariants do not matter here)
    legal = RULES.legal_actions(state)
    obs = RULES.observation(state, RULES.to_act(state))

    class Flat(SecretBids):
        def heuristic(self, state, seat):
            return 0.0

    picks = {GreedyAgent(seed, samples=1).choose(Flat(), obs, legal) for seed in range(20)}
    assert picks == set(legal)


def test_ismcts_iteration_budget_and_visit_counts():
    state = position(9, 2, players=3)
    obs = RULES.observation(state, RULES.to_act(state))
    legal = RULES.legal_actions(state)
    agent = ISMCTSAgent(1, iterations=123)
    choice = agent.choose(RULES, obs, legal)
    assert agent.last_iterations == 123
    assert sum(agent.last_visits.values()) == 123
    assert set(agent.last_visits) == set(legal)
    assert agent.last_visits[choice] == max(agent.last_visits.values())


def test_ismcts_time_budget():
    state = position(9, 0)
    obs = RULES.observation(state, RULES.to_act(state))
    agent = ISMCTSAgent(1, millis=40, early_stop=False)
    start = time.perf_counter()
    agent.choose(RULES, obs, RULES.legal_actions(state))
    elapsed = time.perf_counter() - start
    assert 0.035 < elapsed < 0.5
    assert agent.last_iterations > 10


def test_ismcts_early_stop_keeps_the_choice_of_the_full_search():
    stopped_early = 0
    for turn in range(4):
        state = position(9, turn)
        obs = RULES.observation(state, RULES.to_act(state))
        legal = RULES.legal_actions(state)
        full = ISMCTSAgent(turn, iterations=600, early_stop=False)
        quick = ISMCTSAgent(turn, iterations=600)
        assert quick.choose(RULES, obs, legal) == full.choose(RULES, obs, legal)
        assert quick.last_iterations <= full.last_iterations == 600
        stopped_early += quick.last_iterations < 600
    assert stopped_early >= 1


def test_ismcts_stops_at_whichever_budget_ends_first():
    state = position(9, 0)
    obs = RULES.observation(state, RULES.to_act(state))
    agent = ISMCTSAgent(1, iterations=30, millis=10_000)
    start = time.perf_counter()
    agent.choose(RULES, obs, RULES.legal_actions(state))
    assert agent.last_iterations == 30 and time.perf_counter() - start < 2


def test_ismcts_with_a_rollout_depth_uses_the_heuristic():
    calls = []

    class Counting(SecretBids):
        def heuristic(self, state, seat):
            calls.append(seat)
            return super().heuristic(state, seat)

    state = position(2, 0)
    obs = RULES.observation(state, RULES.to_act(state))
    agent = ISMCTSAgent(3, iterations=50, rollout_depth=1)
    assert agent.choose(Counting(), obs, RULES.legal_actions(state)) in RULES.legal_actions(state)
    assert calls
    calls.clear()
    ISMCTSAgent(3, iterations=50).choose(Counting(), obs, RULES.legal_actions(state))
    assert not calls


def test_a_single_legal_action_is_taken_at_once():
    state = position(1, 8)  # the last round: one card left to bid
    legal = RULES.legal_actions(state)
    assert len(legal) == 1
    agent = ISMCTSAgent(1, iterations=10_000)
    assert agent.choose(RULES, RULES.observation(state, RULES.to_act(state)), legal) == legal[0]
    assert agent.last_iterations == 0


def test_no_budget_or_no_legal_action_is_an_error():
    with pytest.raises(ValueError):
        ISMCTSAgent(1)
    with pytest.raises(ValueError):
        RandomAgent(1).choose(RULES, {"seat": 0}, [])


def test_win_shares_and_rewards():
    state = decisive_position()
    RULES.apply(state, Bid("B", 1))  # A takes prize 2 as well: 3 to 0
    assert win_shares(RULES, state) == [1.0, 0.0]
    assert terminal_rewards(RULES, state, 0.1) == pytest.approx([1.1, -0.1])
    tied = decisive_position()
    tied.won = [[1], [1]]
    tied.prize = None
    tied.history.append((2, [4, 4]))
    assert win_shares(RULES, tied) == [0.5, 0.5]
    assert score_margins([3.0, 1.0, 1.0]) == pytest.approx([2 / 3, -2 / 3, -2 / 3])
    assert score_margins([5.0]) == [0.0]


def test_bigger_wins_are_worth_more():
    small, big = decisive_position(), decisive_position()
    small.won, big.won = [[2], [1]], [[2, 1], []]
    for s in (small, big):
        s.prize = None
    assert terminal_rewards(RULES, big, 0.05)[0] > terminal_rewards(RULES, small, 0.05)[0] > 1


def test_make_agent_specs():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    easy = make_agent("ismcts:easy", 1)
    assert isinstance(easy, ISMCTSAgent) and easy.iterations == LEVELS["easy"]["iterations"]
    for level in LEVELS:
        a, b = make_agent(f"ai:{level}", 1), make_agent(f"ismcts:{level}", 1)
        assert (a.iterations, a.trees) == (b.iterations, b.trees)
        assert a.millis is None  # a level is an effort, never a time budget
    assert (
        make_agent("ai:hard", 1).iterations
        > make_agent("ai:medium", 1).iterations
        > make_agent("ai:easy", 1).iterations
    )
    for bad in ["human", "ismcts:insane", "minimax", "random:hard", ""]:
        with pytest.raises(BadConfig):
            make_agent(bad, 1)


def test_levels_can_be_retuned_by_the_rules_and_by_the_caller():
    class Tuned(SecretBids):
        ai_levels = {"hard": {"iterations": 1234, "rollout_depth": 4}}

    options = level_options("hard", Tuned())
    assert options["iterations"] == 1234 and options["rollout_depth"] == 4
    assert options["trees"] == LEVELS["hard"]["trees"]
    agent = make_agent("ai:hard", 1, Tuned(), levels={"hard": {"iterations": 5}})
    assert agent.iterations == 5 and agent.rollout_depth == 4
    assert LEVELS["hard"]["iterations"] != 1234  # the table itself is untouched


def test_search_beats_random_and_greedy():
    def share(spec: str, rival: str, games: int) -> float:
        total = 0.0
        for g in range(games):
            seats = [spec, rival] if g % 2 == 0 else [rival, spec]
            result = play_game(RULES, {"players": 2}, g, seats, levels={"easy": FAST})
            total += result.shares[g % 2]
        return total / games

    assert share("ismcts:easy", "random", 100) > 0.58
    assert share("ismcts:easy", "greedy", 100) > 0.58


def test_observations_handed_to_agents_are_plain_json():
    state = position(3, 3)
    obs = RULES.observation(state, RULES.to_act(state))
    assert json.loads(json.dumps(obs)) == obs


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_same_seed_in_the_same_position_makes_the_same_choice(level):
    """A level is an effort: its random numbers come from the seed and the observation,
    not from the clock or from the decisions the agent made before."""
    for steps in (0, 2, 5):
        state = position(11 + steps, steps, players=3)
        obs = RULES.observation(state, RULES.to_act(state))
        legal = RULES.legal_actions(state)
        a, b = make_agent(f"ai:{level}", 7), make_agent(f"ai:{level}", 7)
        first = a.choose(RULES, obs, legal)
        visits, iterations = dict(a.last_visits), a.last_iterations
        # b has decided elsewhere first: its choice here is the same all the same
        other = position(99, 3, players=3)
        b.choose(RULES, RULES.observation(other, RULES.to_act(other)), RULES.legal_actions(other))
        assert b.choose(RULES, obs, legal) == first
        assert (b.last_visits, b.last_iterations) == (visits, iterations)
        assert a.choose(RULES, copy.deepcopy(obs), legal) == first  # asked again: the same


def test_decision_seeds_differ_by_seed_and_by_observation():
    from game.core.agents.ismcts import decision_seed, observation_digest

    a, b = position(1, 1), position(1, 3)
    obs_a, obs_b = (RULES.observation(s, RULES.to_act(s)) for s in (a, b))
    assert observation_digest(obs_a) == observation_digest(copy.deepcopy(obs_a))
    assert observation_digest(obs_a) != observation_digest(obs_b)
    assert decision_seed(1, obs_a) != decision_seed(2, obs_a)
    assert decision_seed(1, obs_a) != decision_seed(1, obs_b)


def test_trees_grown_apart_and_merged_in_any_order_give_the_same_answer():
    """Root parallelism: each tree grown by its own agent (as in another process) and the
    results merged in either order give exactly the choice and the visit counts of one
    agent growing the trees one after the other."""
    state = position(4, 1, players=3)
    obs = RULES.observation(state, RULES.to_act(state))
    legal = RULES.legal_actions(state)
    whole = ISMCTSAgent(5, iterations=301, trees=2, early_stop=False)
    choice = whole.choose(RULES, obs, legal)
    assert whole.last_iterations == 301
    parts = []
    for tree in (1, 0):
        agent = ISMCTSAgent(5, iterations=301, trees=2, early_stop=False)
        menu = agent.menu(RULES, obs, legal)
        parts.append(agent.grow(RULES, obs, menu, tree))
    assert [p.iterations for p in parts] == [150, 151]  # the first tree takes the rest
    for order in (parts, parts[::-1]):
        merger = ISMCTSAgent(5, iterations=301, trees=2)
        assert merger.merge(menu, order) == choice
        assert merger.last_visits == whole.last_visits
    # the two trees drew different random streams
    assert parts[0].visits != parts[1].visits or parts[0].totals != parts[1].totals


def test_the_safety_net_ends_a_search_and_is_counted(caplog):
    from game.core.agents import ismcts

    state = position(9, 0)
    obs = RULES.observation(state, RULES.to_act(state))
    before = ismcts.cap_hits_total
    agent = ISMCTSAgent(1, iterations=10**9, early_stop=False, safety_seconds=0.02)
    with caplog.at_level("WARNING", logger="game.ai"):
        assert agent.choose(RULES, obs, RULES.legal_actions(state)) in RULES.legal_actions(state)
    assert 0 < agent.last_iterations < 10**9
    assert agent.cap_hits == 1 and ismcts.cap_hits_total == before + 1
    assert "safety net" in caplog.text
    # a search within its effort is not counted
    ISMCTSAgent(1, iterations=50).choose(RULES, obs, RULES.legal_actions(state))
    assert ismcts.cap_hits_total == before + 1
