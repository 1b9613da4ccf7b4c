"""The test game keeps the engine contract, so the core tests stand on solid ground."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import RULES, Bid

from game.core.contract import PUBLIC, BadConfig, BadNotation, IllegalAction, Rules
from game.core.rng import Rng


def random_game(seed: int, players: int = 2, steps: int | None = None):
    state = RULES.new_game(RULES.default_config(players), seed)
    rng = Rng(seed + 1)
    played = 0
    while not RULES.is_over(state) and (steps is None or played < steps):
        RULES.apply(state, RULES.random_action(state, rng))
        played += 1
    return state


def test_satisfies_the_protocol():
    assert isinstance(RULES, Rules)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), players=st.sampled_from([2, 3]))
def test_random_games_keep_every_invariant_and_round_trip(seed, players):
    state = RULES.new_game(RULES.default_config(players), seed)
    rng = Rng(seed)
    while True:
        assert RULES.check_invariants(state) == []
        data = json.loads(json.dumps(RULES.to_json(state)))
        assert RULES.to_json(RULES.from_json(data)) == RULES.to_json(state)
        if RULES.is_over(state):
            break
        legal = RULES.legal_actions(state)
        action = RULES.random_action(state, rng)
        assert action in legal
        assert RULES.parse_action(str(action)) == action
        RULES.apply(state, action)
    assert RULES.legal_actions(state) == [] and RULES.to_act(state) is None
    assert RULES.winners(state)
    assert sum(RULES.scores(state)) <= 15


def test_same_seed_same_setup_and_different_seeds_differ():
    a = RULES.to_json(RULES.new_game({"players": 2}, 7))
    assert a == RULES.to_json(RULES.new_game({"players": 2}, 7))
    assert a != RULES.to_json(RULES.new_game({"players": 2}, 8))


def test_canonical_text_and_bad_notation():
    assert str(Bid("A", 3)) == "A: BID 3"
    assert RULES.parse_action("  B :BID   12 ") == Bid("B", 12)
    for garbage in ["", "A BID 3", "A: BID", "A: BID x", "Z: BID 3", "A: PASS", None]:
        with pytest.raises(BadNotation):
            RULES.parse_action(garbage)


def test_illegal_action_leaves_the_state_untouched():
    state = RULES.new_game({"players": 2}, 3)
    before = RULES.to_json(state)
    seat = RULES.to_act(state)
    other = "B" if seat == 0 else "A"
    not_held = next(c for c in range(1, 13) if c not in state.hands[seat])
    for action in [Bid(other, state.hands[1 - seat][0]), Bid("AB"[seat], not_held), "A: BID 1"]:
        with pytest.raises(IllegalAction):
            RULES.apply(state, action)
        assert RULES.to_json(state) == before


def test_bad_config():
    for config in [{"players": 4}, {"players": 2, "rounds": 0}, {"colour": 1}, []]:
        with pytest.raises(BadConfig):
            RULES.new_game(config, 1)


def test_a_pending_bid_is_absent_from_the_other_seats_observation():
    state = RULES.new_game({"players": 2}, 11)
    first = RULES.to_act(state)
    card = state.hands[first][0]
    log = []
    RULES.apply(state, Bid("AB"[first], card), log)
    second = RULES.to_act(state)
    assert second != first
    assert RULES.observation(state, first)["my_bid"] == card
    theirs = RULES.observation(state, second)
    assert theirs["my_bid"] is None and theirs["bid_made"][first] is True
    assert (first, "BID", "AB"[first], card) in log
    assert all(e[0] != PUBLIC or card not in e[2:] for e in log)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), steps=st.integers(0, 14), players=st.sampled_from([2, 3]))
def test_determinize_is_consistent_with_the_observation(seed, steps, players):
    state = random_game(seed, players, steps)
    for seat in range(players):
        obs = RULES.observation(state, seat)
        world = RULES.determinize(obs, Rng(seed ^ seat))
        assert RULES.observation(world, seat) == obs
        assert RULES.check_invariants(world) == []


def test_determinize_samples_the_hidden_parts():
    state = random_game(5, 2, 1)
    obs = RULES.observation(state, RULES.to_act(state))
    worlds = {json.dumps(RULES.to_json(RULES.determinize(obs, Rng(i)))) for i in range(20)}
    assert len(worlds) > 5


def test_clone_is_independent():
    state = random_game(9, 3, 4)
    copy = RULES.clone(state)
    RULES.apply(copy, RULES.random_action(copy, Rng(1)))
    assert RULES.to_json(copy) != RULES.to_json(state)
    assert RULES.check_invariants(state) == []


def test_invariants_catch_a_corrupted_state():
    state = random_game(4, 2, 3)
    state.hands[0].append(state.hands[1][0])
    assert RULES.check_invariants(state)


def test_heuristic_is_bounded_and_prefers_the_leader():
    sole_winners = 0
    for seed in range(10):
        state = random_game(seed, 2)
        values = [RULES.heuristic(state, s) for s in range(2)]
        assert all(-1 <= v <= 1 for v in values)
        leader = RULES.winners(state)
        if len(leader) == 1:
            sole_winners += 1
            assert values[leader[0]] > 0 > values[1 - leader[0]]
    assert sole_winners >= 5
