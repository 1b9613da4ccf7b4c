"""Field of Glory property tests: the FG-26 invariants after every step of randomly
played games, replay determinism, JSON and notation round trips, refused actions, the
information model (FG-20.1) and determinization.

``FG_FUZZ_GAMES=3000 pytest -m slow tests/test_fg_properties.py`` plays thousands.
"""

from __future__ import annotations

import json
import os

import pytest

from game.core.contract import BadConfig, BadNotation, IllegalAction
from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.field_of_glory import ai
from game.games.field_of_glory.content import (
    CP,
    HISTORICAL_DECK,
    MC,
    STANDARD_DECK,
    TERRAIN_IDS,
    VP,
)
from game.games.field_of_glory.invariants import check_transition
from game.games.field_of_glory.observe import PRIVATE_SIDE_KEYS
from game.games.field_of_glory.rules import RULES
from game.games.field_of_glory.verbs import VERBS

VARIANTS = [
    {},
    {"historical": True},
    {"short": True},
    {"open_hands": True},
    {"historical": True, "short": True},
]


def play_checked(config: dict, seed: int, policy: float | None = None) -> tuple[list[str], int]:
    """One game (random, or the FG-24 policy with a random share), every invariant
    checked after every step."""
    rng = Rng(seed * 7919 + 1)
    state = RULES.new_game(config, seed)
    violations = RULES.check_invariants(state)
    steps = 0
    while not RULES.is_over(state) and not violations:
        before = state.clone()
        if policy is None:
            action = RULES.random_action(state, rng)
        else:
            action = ai.policy_action(state, rng, policy)
        RULES.apply(state, action)
        steps += 1
        violations = RULES.check_invariants(state) + check_transition(before, state)
        violations = [f"step {steps} {action}: {v}" for v in violations]
    return violations, steps


def test_fg_22_1_deck_totals():
    for deck in STANDARD_DECK:
        units = [c for c in deck if c in MC]
        assert len(deck) == 48 and len(units) == 38
        assert sum(CP[c] for c in deck) == 107
        assert sum(MC[c] for c in units) == 100
        assert sum(VP[c] for c in deck) == 76
    for deck in HISTORICAL_DECK:  # FG-23.2: 48 cards, 38 units, CP 107
        assert len(deck) == 48 and len(set(deck)) == 48
        assert len([c for c in deck if c in MC]) == 38
        assert sum(CP[c] for c in deck) == 107
    assert sum(MC[c] for c in HISTORICAL_DECK[1] if c in MC) == 89
    assert sum(MC[c] for c in HISTORICAL_DECK[0] if c in MC) == 91


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_fg_inv_1_to_19_hold_in_random_games(k):
    steps = 0
    for i in range(40):
        violations, n = play_checked(VARIANTS[k], seed=1000 * k + i)
        assert violations == [], (VARIANTS[k], i, violations[:5])
        steps += n
    assert steps > 1500


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_fg_invariants_hold_in_policy_games(k):
    """Policy games last longer (exhaustion ends, reshuffles, routs, Envelopments)."""
    for i in range(14):
        violations, _ = play_checked(VARIANTS[k], seed=5000 + 100 * k + i, policy=0.25)
        assert violations == [], (VARIANTS[k], i, violations[:5])


@pytest.mark.slow
def test_fg_inv_thousands_of_random_games():
    n = int(os.environ.get("FG_FUZZ_GAMES", "1500"))
    for i in range(n):
        violations, _ = play_checked(VARIANTS[i % len(VARIANTS)], seed=10_000 + i,
                                     policy=None if i % 2 else 0.3)  # fmt: skip
        assert violations == [], (i, violations[:5])


def record_game(config: dict, seed: int, policy_seed: int) -> tuple[list[str], list, dict]:
    rng = Rng(policy_seed)
    state = RULES.new_game(config, seed)
    actions, log = [], []
    while not RULES.is_over(state):
        action = ai.policy_action(state, rng, 0.3)
        actions.append(str(action))
        RULES.apply(state, action, log)
    return actions, log, RULES.to_json(state)


def test_fg_inv_19_same_seed_and_decisions_replay_identically():
    actions, log, final = record_game({}, seed=42, policy_seed=5)
    log0: list = []
    state = RULES.new_game({}, 42, log0)
    log2: list = []
    for text in actions:
        RULES.apply(state, RULES.parse_action(text), log2)
    assert log2 == log
    assert RULES.to_json(state) == final
    other, _, _ = record_game({}, seed=43, policy_seed=5)
    assert other != actions


def test_fg_notation_parses_back_for_every_legal_action():
    rng = Rng(11)
    verbs = set()
    for seed in range(30):
        state = RULES.new_game(VARIANTS[seed % len(VARIANTS)], seed)
        while not RULES.is_over(state):
            for action in RULES.legal_actions(state):
                assert RULES.parse_action(str(action)) == action, str(action)
                verbs.add(action.verb)
            RULES.apply(state, ai.policy_action(state, rng, 0.5))
    assert verbs >= set(VERBS) - {"LOSE", "FRONT"}


def test_fg_notation_canonical_forms():
    a = RULES.parse_action("R: KEEP R-LD1 R-HI1")
    assert str(a) == "R: KEEP R-HI1 R-LD1" and a == RULES.parse_action(str(a))
    for text in ("R: FLANK c2 FROM c1 LEAD R-LC2", "R: PLACE R-CAV1@c4 CLEAR R-HI3 R-HI4",
                 "B: BONUS B-LD1", "B: RETREAT -", "R: ENV -", "B: BONUS NONE",
                 "R: BONUS DECK", "R: ASSAULT c3 LEAD R-HI1", "R: DRAWCP R-LD1",
                 "R: PLACE R-LC1@c5", "B: RETREAT B-LI1 B-AR1"):  # fmt: skip
        assert str(RULES.parse_action(text)) == text
        assert RULES.parse_action("  " + text.replace(" ", "  ") + " ") == RULES.parse_action(text)


@pytest.mark.parametrize(
    "text",
    ["", "KEEP R-HI1 R-LD1", "R KEEP R-HI1 R-LD1", "R: KEEP R-HI1", "R: KEEP R-LD1 R-LD1",
     "R: KEEP R-HI1 R-LD1 R-LI2", "G: ENDACT", "R: FLY", "R: PLACE R-HI1 c3",
     "R: PLACE R-HI1@c6", "R: BONUS R-XX1", "R: ASSAULT c3", "R: DRAWCP", "R: ENDACT now",
     "R: RETREAT R-HI1 R-HI1", "R: PLACE R-HI9@c3"],
)  # fmt: skip
def test_fg_bad_notation_is_refused(text):
    with pytest.raises(BadNotation):
        RULES.parse_action(text)
    state = RULES.new_game({}, 1)
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, text)
    assert RULES.to_json(state) == before


def test_fg_out_of_turn_and_illegal_actions_leave_the_state_unchanged():
    rng = Rng(2)
    state = RULES.new_game({}, 7)
    checked = 0
    while not RULES.is_over(state) and checked < 300:
        me = RULES.seat_names(state)[RULES.to_act(state)]
        other = "B" if me == "R" else "R"
        before = RULES.to_json(state)
        for text in (f"{other}: ENDACT", f"{other}: DRAW3", f"{me}: ENDPLACE",
                     f"{me}: PAY R-LD1", f"{other}: BONUS NONE"):  # fmt: skip
            action = RULES.parse_action(text)
            if action in RULES.legal_actions(state):
                continue
            with pytest.raises(IllegalAction) as err:
                RULES.apply(state, action)
            assert err.value.rule and err.value.rule.startswith("FG-")
            assert RULES.to_json(state) == before
        RULES.apply(state, RULES.random_action(state, rng))
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    "config",
    [{"players": 3}, {"players": 1}, {"players": True}, {"colours": ["R"]},
     {"short": "yes"}, {"historical": 1}, "fast", None],
)  # fmt: skip
def test_fg_bad_config_is_refused(config):
    with pytest.raises(BadConfig):
        RULES.new_game(config, 1)


def test_fg_bad_seed_is_refused():
    with pytest.raises(BadConfig):
        RULES.new_game({}, "seed")


def test_fg_registered():
    rules = get_rules("field-of-glory")
    assert rules is RULES
    assert rules.default_config(2) == {"players": 2, "historical": False, "short": False,
                                       "open_hands": False}  # fmt: skip
    with pytest.raises(BadConfig):
        rules.default_config(3)


@pytest.mark.parametrize("config", [{}, {"historical": True, "short": True}])
def test_fg_state_json_round_trip_at_every_step_continues_identically(config):
    rng = Rng(3)
    state = RULES.new_game(config, 9)
    while not RULES.is_over(state):
        text = json.dumps(RULES.to_json(state))
        copy = RULES.from_json(json.loads(text))
        assert RULES.to_json(copy) == RULES.to_json(state)
        assert RULES.legal_actions(copy) == RULES.legal_actions(state)
        action = ai.policy_action(state, rng, 0.3)
        RULES.apply(state, action)
        RULES.apply(copy, action)
        assert RULES.to_json(copy) == RULES.to_json(state)


def test_fg_clone_is_independent():
    rng = Rng(4)
    state = RULES.new_game({}, 5)
    for _ in range(60):
        RULES.apply(state, RULES.random_action(state, rng))
    copy = RULES.clone(state)
    before = RULES.to_json(state)
    while not RULES.is_over(copy):
        RULES.apply(copy, RULES.random_action(copy, rng))
    assert RULES.to_json(state) == before


def _hidden_ids(state, seat: int) -> set[str]:
    """Card ids the seat must not find in its observation (FG-INV-18)."""
    op = 1 - seat
    hidden = set(state.hand[op]) | set(state.box[op]) | set(state.group[op])
    hidden |= set(state.kept[op])
    cb = state.combat
    if cb is not None:
        key = "abonus" if op == state.active else "dbonus"
        if cb[key]:
            hidden.add(cb[key])
    public = set(state.discard[op]) | set(state.vp[seat])
    for col in state.units[op]:
        public |= set(col)
    return hidden - public


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _strings(v)] + list(map(str, value))
    if isinstance(value, list | tuple):
        return [x for v in value for x in _strings(v)]
    return []


def test_fg_inv_18_observation_hides_what_it_must_and_determinize_agrees():
    rng = Rng(8)
    positions = 0
    for seed in range(12):
        state = RULES.new_game({}, seed)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            for viewer in (0, 1):
                obs = RULES.observation(state, viewer)
                json.dumps(obs)
                # (``last`` is history: a unit seen retreating may be back in a hand)
                words = set(_strings({k: v for k, v in obs.items() if k != "last"}))
                assert not (words & _hidden_ids(state, viewer)), state.step
                assert not (words & set(state.hidden_terrain))  # the unused terrain
                own, other = obs["sides"][viewer], obs["sides"][1 - viewer]
                assert not (set(other) & PRIVATE_SIDE_KEYS)
                assert "pile" not in own  # no order of any draw pile
                if state.pile[viewer] and "pile_set" in own:
                    assert sorted(own["pile_set"]) == sorted(state.pile[viewer])
                if positions % 3 == 0:
                    world = RULES.determinize(obs, rng)
                    assert RULES.check_invariants(world) == []
                    assert RULES.observation(world, viewer) == obs
                    if viewer == seat:
                        assert RULES.legal_actions(world) == RULES.legal_actions(state)
            positions += 1
            RULES.apply(state, ai.policy_action(state, rng, 0.3))
    assert positions > 500


def test_fg_23_4_open_hands_shows_hands_and_piles():
    state = RULES.new_game({"open_hands": True}, 3)
    rng = Rng(1)
    while state.turn == 0:
        RULES.apply(state, RULES.random_action(state, rng))
    obs = RULES.observation(state, 0)
    assert obs["sides"][1]["hand"] == state.hand[1]
    assert obs["sides"][1]["pile"] == state.pile[1]
    world = RULES.determinize(obs, rng)
    assert world.hand == state.hand and world.pile == state.pile


def test_fg_determinize_deals_the_unused_terrain_from_the_other_four():
    state = RULES.new_game({}, 12)
    world = RULES.determinize(RULES.observation(state, 0), Rng(1))
    assert sorted(world.hidden_terrain + world.terrain) == sorted(TERRAIN_IDS)
    assert world.terrain == state.terrain


def test_fg_games_end_by_check_and_by_exhaustion():
    ends = set()
    for seed in range(40):
        rng = Rng(seed)
        state = RULES.new_game({}, seed)
        while not RULES.is_over(state):
            RULES.apply(state, ai.policy_action(state, rng, 0.05))
        ends.add(state.end)
        assert state.turn <= 82
    assert ends == {"CHECK", "EXHAUSTION"}
