"""Hadrian's Wall property tests: HW-19 invariants over randomly played games, replay
determinism (HW-INV-19), JSON round trip, determinization and bad input.

``make test`` plays a few hundred games; ``HW_FUZZ_GAMES=5000 make test-all`` (or
``pytest -m slow``) plays thousands.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.contract import BadConfig, BadNotation, IllegalAction
from game.core.rng import Rng
from game.games.hadrians_wall.rules import RULES

LINEUPS = [(1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (4, 0)]


def config(players: int, neutrals: int, v1: bool = False, v2: bool = False) -> dict:
    return {"players": players, "neutrals": neutrals, "variant1": v1, "variant2": v2}


def play_checked(cfg: dict, seed: int) -> tuple[list[str], int]:
    """Play one random game, checking every invariant after every step."""
    rng = Rng(seed * 7919 + 1)
    state = RULES.new_game(cfg, seed)
    violations = RULES.check_invariants(state)
    steps = 0
    while not RULES.is_over(state) and not violations:
        RULES.apply(state, RULES.random_action(state, rng))
        steps += 1
        violations = RULES.check_invariants(state)
    return violations, steps


def test_hw_inv_1_to_18_hold_in_random_games_of_every_lineup_and_variant():
    games = 0
    for i in range(240):
        players, neutrals = LINEUPS[i % len(LINEUPS)]
        cfg = config(players, neutrals, v1=bool(i & 1), v2=bool(i & 2))
        violations, steps = play_checked(cfg, seed=i)
        assert violations == [], (cfg, i, violations)
        assert steps > 0
        games += 1
    assert games == 240


@pytest.mark.slow
def test_hw_inv_thousands_of_random_games():
    n = int(os.environ.get("HW_FUZZ_GAMES", "3000"))
    for i in range(n):
        players, neutrals = LINEUPS[i % len(LINEUPS)]
        cfg = config(players, neutrals, v1=bool(i & 1), v2=bool(i & 2))
        violations, _ = play_checked(cfg, seed=10_000 + i)
        assert violations == [], (cfg, i, violations)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lineup=st.sampled_from(LINEUPS),
    seed=st.integers(min_value=0, max_value=2**63),
    v1=st.booleans(),
    v2=st.booleans(),
)
def test_hw_invariants_hypothesis(lineup, seed, v1, v2):
    violations, _ = play_checked(config(*lineup, v1, v2), seed)
    assert violations == []


def record_game(cfg: dict, seed: int, policy_seed: int) -> tuple[list[str], list, dict]:
    rng = Rng(policy_seed)
    state = RULES.new_game(cfg, seed)
    actions, log = [], []
    while not RULES.is_over(state):
        action = RULES.random_action(state, rng)
        actions.append(str(action))
        RULES.apply(state, action, log)
    return actions, log, RULES.to_json(state)


@pytest.mark.parametrize("lineup", [(2, 0), (1, 2), (3, 1), (4, 0)])
def test_hw_inv_19_same_seed_and_decisions_replay_identically(lineup):
    cfg = config(*lineup, v1=True)
    actions, log, final = record_game(cfg, seed=42, policy_seed=5)
    state = RULES.new_game(cfg, 42)
    log2: list = []
    for text in actions:
        RULES.apply(state, RULES.parse_action(text), log2)
    assert log2 == log
    assert RULES.to_json(state) == final
    # a different seed gives a different game
    other, _, _ = record_game(cfg, seed=43, policy_seed=5)
    assert other != actions


def test_hw_notation_parses_back_for_every_legal_action():
    rng = Rng(11)
    seen_verbs = set()
    for seed in range(60):
        state = RULES.new_game(config(*LINEUPS[seed % len(LINEUPS)]), seed)
        while not RULES.is_over(state):
            for action in RULES.legal_actions(state):
                assert RULES.parse_action(str(action)) == action
                seen_verbs.add(action.verb)
            RULES.apply(state, RULES.random_action(state, rng))
    assert seen_verbs == {
        "ASIDE", "PLACE", "QWN", "DRU", "AXX", "KOM", "UNA", "FOK", "HRS", "SVD",
    }  # fmt: skip


def test_hw_state_json_round_trip_at_every_step_continues_identically():
    rng = Rng(3)
    state = RULES.new_game(config(3, 1, v2=True), 9)
    while not RULES.is_over(state):
        text = json.dumps(RULES.to_json(state))
        copy = RULES.from_json(json.loads(text))
        assert RULES.to_json(copy) == RULES.to_json(state)
        assert RULES.legal_actions(copy) == RULES.legal_actions(state)
        action = RULES.random_action(state, rng)
        RULES.apply(state, action)
        RULES.apply(copy, action)
        assert RULES.to_json(copy) == RULES.to_json(state)


def test_hw_clone_is_independent():
    rng = Rng(4)
    state = RULES.new_game(config(2, 1), 4)
    before = RULES.to_json(state)
    copy = RULES.clone(state)
    while not RULES.is_over(copy):
        RULES.apply(copy, RULES.random_action(copy, rng))
    assert RULES.to_json(state) == before


def test_hw_14_determinize_is_consistent_with_the_observation():
    """HW-14.2: a determinized state shows the seat exactly what it saw."""
    rng = Rng(21)
    checked = 0
    for seed in range(40):
        state = RULES.new_game(config(*LINEUPS[seed % len(LINEUPS)], v1=seed % 2 == 0), seed)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            obs = RULES.observation(state, seat)
            sample = RULES.determinize(obs, rng)
            assert RULES.observation(sample, seat) == obs
            assert RULES.check_invariants(sample) == []
            assert RULES.legal_actions(sample) == RULES.legal_actions(state)
            checked += 1
            RULES.apply(state, RULES.random_action(state, rng))
    assert checked > 1000


def test_hw_14_1_observation_hides_other_clans_cards():
    state = RULES.new_game(config(2, 1), 5)
    obs = RULES.observation(state, 0)
    assert "fort_deck" not in obs and obs["fort_deck_count"] == 12
    mine, theirs, neutral = obs["clans"]
    assert len(mine["hand"]) == 7 and len(mine["aside"]) == 2
    for other in (theirs, neutral):
        assert not {"hand", "aside", "facedown", "choice", "svord"} & set(other)
    assert neutral["facedown_at"] == [True] * 6 and neutral["aside_count"] == 3
    assert theirs["hand_count"] == 7 and theirs["aside_count"] == 2


# --- bad input: a clear typed error, nothing changed ------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "hello", "G PLACE 1 FIL", "G: PLACE 7 FIL", "G: PLACE 1 XYZ", "Q: ASIDE FIL",
     "G: JUMP", "G: ASIDE", "G: QWN CHA", 42, None],
)  # fmt: skip
def test_hw_malformed_action_text_is_rejected_and_changes_nothing(text):
    state = RULES.new_game(config(2, 0), 1)
    before = RULES.to_json(state)
    with pytest.raises(BadNotation):
        RULES.apply(state, text)
    assert RULES.to_json(state) == before


def test_hw_action_out_of_turn_is_rejected_with_the_rule_and_changes_nothing():
    state = RULES.new_game(config(2, 0), 1)
    before = RULES.to_json(state)
    card = state.hand[1][0]
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, f"R: ASIDE {card}")
    assert "G" in str(err.value) and err.value.rule == "HW-14.3"
    not_in_hand = next(x for x in ("FIL", "QWN", "DRU") if x not in state.hand[0])
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, f"G: ASIDE {not_in_hand}")
    assert err.value.rule == "HW-7.2"
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, f"G: PLACE 1 {state.hand[0][0]}")  # must set aside first
    assert err.value.rule == "HW-7.2"
    assert RULES.to_json(state) == before


@pytest.mark.parametrize(
    "cfg",
    [{"players": 0}, {"players": 5}, {"players": 4, "neutrals": 1}, {"players": 1},
     {"players": 1, "neutrals": 0}, {"players": 2, "colours": ["G", "G"]},
     {"players": 2, "variant1": "yes"}, {"players": 2, "bogus": 1}, "two players",
     {"players": True}, {"players": 2, "neutrals": True}],
)  # fmt: skip
def test_hw_3_1_illegal_lineups_are_refused(cfg):
    if cfg == {"players": 1} and cfg["players"] is not True:  # (True == 1 in Python)
        # one player alone gets a neutral clan by default (HW-3.1: a solo needs one)
        assert RULES.new_game(cfg, 1).n_clans == 2
        return
    with pytest.raises(BadConfig):
        RULES.new_game(cfg, 1)


def test_hw_3_1_a_seed_is_an_integer_not_a_truth_value():
    with pytest.raises(BadConfig):
        RULES.new_game({"players": 2}, True)


def test_hw_inv_7_the_check_sees_a_round_where_no_fort_or_two_left_the_wall():
    from game.core.rng import Rng

    s = RULES.new_game({"players": 2, "variant1": True, "variant2": True}, 5)
    rng = Rng(9)
    while s.rnd < 3 and not RULES.is_over(s):
        RULES.apply(s, RULES.random_action(s, rng))
    assert RULES.check_invariants(s) == []
    for tamper in (lambda t: t.left_wall.pop(), lambda t: t.left_wall.append("X")):
        t = RULES.clone(s)
        tamper(t)
        assert any(v.startswith("HW-INV-7") for v in RULES.check_invariants(t))
