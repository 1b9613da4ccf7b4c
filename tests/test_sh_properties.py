"""Stronghold property tests: the SH-26 invariants after every step of randomly played
games, replay determinism, JSON and notation round trips, refused actions, the
information model (SH-0.5) and determinization.

The default run plays a few hundred steps-worth of games of each line-up;
``SH_FUZZ_GAMES=2000 pytest -m slow`` plays thousands.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.contract import BadConfig, BadNotation, IllegalAction
from game.core.rng import Rng
from game.games.stronghold.invariants import check_transition
from game.games.stronghold.rules import RULES


def play_checked(players: int, seed: int, starter: bool = False) -> tuple[list[str], int]:
    """One random game, every invariant checked after every step."""
    rng = Rng(seed * 7919 + 1)
    state = RULES.new_game({"players": players, "starter": starter}, seed)
    violations = RULES.check_invariants(state)
    steps = 0
    while not RULES.is_over(state) and not violations:
        before = state.clone()
        action = RULES.random_action(state, rng)
        RULES.apply(state, action)
        steps += 1
        violations = RULES.check_invariants(state) + check_transition(before, state)
        violations = [f"step {steps} {action}: {v}" for v in violations]
    return violations, steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sh_inv_1_to_20_hold_in_random_games(players):
    steps = 0
    for i in range(12):
        violations, n = play_checked(players, seed=100 * players + i, starter=i % 3 == 0)
        assert violations == [], (players, i, violations[:5])
        steps += n
    assert steps > 500


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_sh_inv_thousands_of_random_games(players):
    n = int(os.environ.get("SH_FUZZ_GAMES", "600"))
    for i in range(n):
        violations, _ = play_checked(players, seed=10_000 + i, starter=i % 4 == 0)
        assert violations == [], (players, i, violations[:5])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**63), starter=st.booleans())
def test_sh_invariants_hypothesis(players, seed, starter):
    violations, _ = play_checked(players, seed, starter)
    assert violations == []


def record_game(players: int, seed: int, policy_seed: int) -> tuple[list[str], list, dict]:
    rng = Rng(policy_seed)
    state = RULES.new_game({"players": players}, seed)
    actions, log = [], []
    while not RULES.is_over(state):
        action = RULES.random_action(state, rng)
        actions.append(str(action))
        RULES.apply(state, action, log)
    return actions, log, RULES.to_json(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sh_0_4_same_seed_and_decisions_replay_identically(players):
    actions, log, final = record_game(players, seed=42, policy_seed=5)
    state = RULES.new_game({"players": players}, 42)
    log2: list = []
    for text in actions:
        RULES.apply(state, RULES.parse_action(text), log2)
    assert log2 == log
    assert RULES.to_json(state) == final
    other, _, _ = record_game(players, seed=43, policy_seed=5)
    assert other != actions


def test_sh_notation_parses_back_for_every_legal_action():
    rng = Rng(11)
    verbs = set()
    for seed in range(24):
        state = RULES.new_game({"players": 2 + seed % 3}, seed)
        while not RULES.is_over(state):
            for action in RULES.legal_actions(state):
                assert RULES.parse_action(str(action)) == action, str(action)
                verbs.add(action.verb)
            RULES.apply(state, RULES.random_action(state, rng))
    assert {
        "CARD",
        "FLIP",
        "PASS",
        "BUILD",
        "EQUIP",
        "TRAIN",
        "RITUAL",
        "MINOR",
        "MAJOR",
        "MOVE",
        "NEXT",
        "PAY",
        "SHOOT",
        "HOLD",
        "STONE",
        "AIM",
    } <= verbs


@pytest.mark.parametrize("players", [2, 4])
def test_sh_state_json_round_trip_at_every_step_continues_identically(players):
    rng = Rng(3)
    state = RULES.new_game({"players": players}, 9)
    while not RULES.is_over(state):
        text = json.dumps(RULES.to_json(state))
        copy = RULES.from_json(json.loads(text))
        assert RULES.to_json(copy) == RULES.to_json(state)
        assert RULES.legal_actions(copy) == RULES.legal_actions(state)
        action = RULES.random_action(state, rng)
        RULES.apply(state, action)
        RULES.apply(copy, action)
        assert RULES.to_json(copy) == RULES.to_json(state)


def test_sh_clone_is_independent():
    rng = Rng(4)
    state = RULES.new_game({"players": 3}, 4)
    before = RULES.to_json(state)
    copy = RULES.clone(state)
    while not RULES.is_over(copy):
        RULES.apply(copy, RULES.random_action(copy, rng))
    assert RULES.to_json(state) == before


# --- information model (SH-0.5) ----------------------------------------------------


def test_sh_0_5_observation_hides_face_down_orders_from_the_defender():
    from sh_positions import at_phase, bare, play, put_inv

    s = bare()
    put_inv(s, "S3", g=2)
    put_inv(s, "S6", o=1)
    at_phase(s, 6, step="ORDERS")
    play(s, "I: SECRET", "I: HIDE S3 FRZ", "I: ORDER S6 EXP")
    inv, dfn = RULES.observation(s, 0), RULES.observation(s, 1)
    assert "rng" not in inv and "rng" not in dfn
    assert inv["orders"]["S3"][0] == "FRZ" and dfn["orders"]["S3"][0] is None
    assert dfn["orders"]["S6"][0] == "EXP"  # the open order is public
    assert "FRZ" not in json.dumps(dfn["orders"])
    # every determinization shows the Defender exactly what he saw
    rng = Rng(1)
    kinds = set()
    for _ in range(30):
        sample = RULES.determinize(dfn, rng)
        assert RULES.observation(sample, 1) == dfn
        kinds.add(sample.orders["S3"][0])
        assert RULES.check_invariants(sample) == []
    assert kinds <= {"FRZ", "BLF", "CAL"} and "FRZ" in kinds
    # the Watchtower's Lookout shows them (WT1)
    s.orders["S3"][2] = 1
    assert RULES.observation(s, 1)["orders"]["S3"][0] == "FRZ"


def test_sh_determinize_is_consistent_with_the_observation():
    rng = Rng(21)
    checked = 0
    for seed in range(6):
        state = RULES.new_game({"players": 2 + seed % 3}, seed)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            obs = RULES.observation(state, seat)
            sample = RULES.determinize(obs, rng)
            assert RULES.observation(sample, seat) == obs
            assert RULES.legal_actions(sample) == RULES.legal_actions(state)
            checked += 1
            RULES.apply(state, RULES.random_action(state, rng))
    assert checked > 500


# --- bad input: a clear typed error, nothing changed ------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "hello", "I PASS", "X: PASS", "I: JUMP", "I: FLIP 7", "I: BUILD CAT R9 T",
     "I: MOVE R1 S1 Q 1", "D: PAY XX1", "I: LOSE", "I: LOSE 1A1G", 42, None],
)  # fmt: skip
def test_sh_malformed_action_text_is_rejected_and_changes_nothing(text):
    state = RULES.new_game({"players": 2}, 1)
    before = RULES.to_json(state)
    with pytest.raises(BadNotation):
        RULES.apply(state, text)
    assert RULES.to_json(state) == before


def test_sh_illegal_actions_are_refused_with_a_rule_and_change_nothing():
    rng = Rng(8)
    state = RULES.new_game({"players": 2}, 8)
    refused = 0
    while not RULES.is_over(state) and refused < 200:
        seat = RULES.to_act(state)
        other = RULES.seat_names(state)[1 - seat if seat < 2 else 0]
        before = RULES.to_json(state)
        with pytest.raises(IllegalAction) as err:
            RULES.apply(state, f"{other}: PASS")
        assert err.value.rule == "SH-5.1"
        me = RULES.seat_names(state)[seat]
        for text in (f"{me}: PAY WK4 S3", f"{me}: BUILD TRE GW GG", f"{me}: CANNON T12 BF"):
            if text not in {str(a) for a in RULES.legal_actions(state)}:
                with pytest.raises(IllegalAction) as err:
                    RULES.apply(state, text)
                assert err.value.rule and err.value.rule.startswith("SH-")
                refused += 1
        assert RULES.to_json(state) == before
        RULES.apply(state, RULES.random_action(state, rng))
    assert refused > 50


@pytest.mark.parametrize(
    "cfg",
    [{"players": 1}, {"players": 5}, {"players": "2"}, {"players": 2, "starter": "yes"},
     {"players": 2, "bogus": 1}, "two players"],
)  # fmt: skip
def test_sh_1_1_illegal_lineups_are_refused(cfg):
    with pytest.raises(BadConfig):
        RULES.new_game(cfg, 1)
