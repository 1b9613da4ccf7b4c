"""Stronghold computer players: the playout policy, search pruning and heuristic."""

from __future__ import annotations

import pytest

from game.core.agents import ISMCTSAgent, make_agent
from game.core.rng import Rng
from game.core.simulate import play_game
from game.games.stronghold import ai
from game.games.stronghold.rules import RULES


def positions(n: int, seed: int = 5):
    """Random positions of random 2- to 4-player games."""
    rng = Rng(seed)
    out = []
    for g in range(n):
        s = RULES.new_game({"players": 2 + g % 3}, seed + g)
        for _ in range(rng.below(400)):
            if RULES.is_over(s):
                break
            RULES.apply(s, RULES.random_action(s, rng))
        if not RULES.is_over(s):
            out.append(s)
    return out


def test_sh_policy_and_pruning_offer_legal_actions_only():
    rng = Rng(1)
    for s in positions(30):
        legal = RULES.legal_actions(s)
        assert RULES.playout_action(s, rng) in legal
        kept = RULES.search_actions(s, legal)
        assert kept and set(kept) <= set(legal)
        assert kept == [a for a in legal if a in kept]  # in the legal order
        assert len(kept) <= ai.SEARCH_WIDTH + 3
        for seat in range(len(RULES.seat_names(s))):
            assert -1.0 <= RULES.heuristic(s, seat) <= 1.0


def test_sh_heuristic_sides_are_opposite_and_a_won_game_is_extreme():
    s = positions(1)[0]
    assert RULES.heuristic(s, 0) == pytest.approx(-RULES.heuristic(s, s.n_inv))
    s.stage, s.winner = "OVER", "I"
    assert RULES.heuristic(s, 0) == 1.0 and RULES.heuristic(s, s.n_inv) == -1.0


def test_sh_the_playout_policy_beats_random_play_on_both_sides():
    """Every game as the Invader; as the Defender at least 18 of 20, since the building
    actions cost 4 more (SH-16.3, Balance) and a random Invader now breaches now and then."""
    wins, lost = [0, 0], []
    for g in range(40):
        mine = g % 2
        s = RULES.new_game({"players": 2}, 300 + g)
        rng = Rng(g)
        while not RULES.is_over(s):
            if RULES.to_act(s) == mine:
                RULES.apply(s, ai.policy_action(s, rng, 0.0))
            else:
                RULES.apply(s, RULES.random_action(s, rng))
        won = RULES.winners(s) == [mine]
        wins[mine] += won
        if not won:
            lost.append((g, s.winner, s.over_reason))
    assert wins[0] == 20 and wins[1] >= 18, lost


def test_sh_search_chooses_the_first_step_of_a_candidate_plan():
    from game.games.stronghold import plans

    agent = ISMCTSAgent(3, iterations=30, rollout_depth=8, trees=1)
    for s in positions(6, seed=9):
        seat = RULES.to_act(s)
        legal = RULES.legal_actions(s)
        choice = agent.choose(RULES, RULES.observation(s, seat), legal)
        assert choice in {p[0] for p in plans.candidate_plans(s)}


def test_sh_greedy_and_search_players_choose_legal_actions_and_finish_games():
    greedy = make_agent("greedy", 1, RULES)
    for s in positions(4, seed=12):
        legal = RULES.legal_actions(s)
        assert greedy.choose(RULES, RULES.observation(s, RULES.to_act(s)), legal) in legal
    fast = {"easy": {"iterations": 6, "rollout_depth": 4}}
    result = play_game(RULES, {"players": 2}, 7, ["ismcts:easy", "random"], levels=fast)
    assert result.shares == [1.0, 0.0] and result.actions > 20


def test_sh_greedy_level_invests_and_marches_as_the_rating_policy_does():
    """The greedy level plays the game's rated choices (greedy_action): a one-ply look at
    the heuristic never built, equipped or mobilised."""
    from game.core.agents import make_agent
    from game.core.registry import get_rules

    rules = get_rules("stronghold")
    state = rules.new_game(rules.default_config(2), 21)
    agents = [make_agent("greedy", 1, rules), make_agent("greedy", 2, rules)]
    verbs = set()
    while not rules.is_over(state) and state.round <= 3:
        seat = rules.to_act(state)
        action = agents[seat].choose(
            rules, rules.observation(state, seat), rules.legal_actions(state)
        )
        if seat == 0:
            verbs.add(action.verb)
        rules.apply(state, action)
    assert {"MOVE", "MINOR"} <= verbs or {"MOVE", "MAJOR"} <= verbs
    assert verbs & {"BUILD", "EQUIP", "TRAIN"}


def test_sh_the_defenders_search_values_his_archers_and_cauldrons():
    """Three orcs on R2 (they reach S2 and S3).  The shared heuristic sees no use in two
    archers in tower T23 (they only leave the reserve); the Defender's own plan search
    counts what they shoot off R2 in the next Assault (SH-18.2.6), and an orc cauldron on
    each of S2 and S3 (SH-18.4.1), so it values both above the archers in the courtyard.
    The Invader's heuristic is not changed by it."""
    from sh_positions import at_window, bare, fresh, put_def, put_inv

    def position(archers_at: str):
        s = bare()
        put_inv(s, "R2", o=3)
        put_def(s, "S2", so=1)
        put_def(s, "S3", so=1)
        put_def(s, archers_at, a=2)
        return at_window(s, 1, hg=1)

    court, tower = position("CY"), position("T23")
    assert ai.archer_fire(tower) == {"R2": 2.0} and ai.archer_fire(court) == {}
    assert ai.heuristic(tower, 1) < ai.heuristic(court, 1)
    assert ai.defender_heuristic(tower, 1) > ai.defender_heuristic(court, 1)
    armed = position("CY")
    armed.cauldrons.update({"S2": "O", "S3": "O"})
    fresh(armed)
    assert ai.heuristic(armed, 1) == ai.heuristic(court, 1)
    assert ai.defender_heuristic(armed, 1) > ai.defender_heuristic(court, 1)
    assert ai.heuristic(armed, 0) == -ai.heuristic(armed, 1)


def test_sh_the_computer_reads_its_verbs_from_the_verb_table():
    """ai.py and plans.py keep no chain on verb names: a verb's rating, whether the
    search always keeps it (it ends a step, SH-5.3, SH-13.2, SH-18.2.6), whether a
    Defender's window keeps it among the rated moves (a purchase or a hero's action,
    SH-6.3), whether it is a flipped card's special (SH-14.1) and the rule of thumb on a
    plan's first step are read from its row of the verb table; every name a row gives
    is one the computer knows, and on the positions of random games the search keeps
    every action the table says it must."""
    from game.games.stronghold import plans
    from game.games.stronghold.verbs import VERBS

    for v in VERBS.values():
        assert not v.thumb or v.thumb in plans.FIRST_RULES, v.name
        assert not v.plan_needs or v.plan_needs in VERBS, v.name
    assert {v.rating for v in VERBS.values() if v.rating} == set(ai.RATINGS)  # none left over
    assert {v.name for v in VERBS.values() if v.special} == {"PRECISE", "ESCAPE"}
    seen = {"closes": 0, "spends": 0}
    for s in positions(12, seed=8):
        legal = RULES.legal_actions(s)
        kept = set(ai.search_actions(s, legal))
        for a in legal:
            if VERBS[a.verb].closes:
                assert a in kept, a
                seen["closes"] += len(legal) > ai.SEARCH_WIDTH
        if s.pending.get("kind") == "WINDOW" and len(legal) >= 40:
            rated = set(ai.candidates(s, legal, ai._view(s)))
            for a in legal:
                if VERBS[a.verb].spends:
                    assert a in rated, a
                    seen["spends"] += 1
    assert seen["closes"] and seen["spends"]  # both were put to the test
