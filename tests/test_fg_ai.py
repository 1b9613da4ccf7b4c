"""Field of Glory computer players (FG-24): the greedy policy, the evaluation, the search
pruning and the search levels."""

from __future__ import annotations

from fg_positions import position

from game.core.agents import make_agent
from game.core.rng import Rng
from game.core.simulate import simulate
from game.games.field_of_glory import ai
from game.games.field_of_glory.rules import RULES


def test_fg_24_2_policy_always_picks_a_legal_action():
    rng = Rng(1)
    for seed in range(20):
        s = RULES.new_game({"historical": seed % 2 == 1}, seed)
        while not RULES.is_over(s):
            legal = RULES.legal_actions(s)
            a = RULES.greedy_action(s, legal, rng)
            assert a in legal
            pruned = RULES.search_actions(s, legal)
            assert pruned and set(pruned) <= set(legal)
            RULES.apply(s, a)
            assert -1.0 <= RULES.heuristic(s, 0) <= 1.0


def test_fg_24_2_draft_keeps_the_two_best_scored_cards():
    s = RULES.new_game({}, 2)
    group = s.group[0]
    choice = ai.policy_action(s, Rng(1))
    weight = {c: ai.CP[c] + ai._DRAFT_WEIGHT[ai.CTYPE[c]] for c in group}
    best = sorted(group, key=lambda c: (-weight[c], c))[:2]
    assert set(choice.args) == set(best)


def test_fg_24_2_attacker_bonus_is_the_cheapest_card_that_wins():
    s = position(
        cols={"c3": (["R-HI1"], ["B-MI1"])},
        hands={"R": ["R-LD1", "R-HI4", "R-LI1"], "B": ["B-LI1"]},
        discards={"B": ["B-LD1", "B-LD2", "B-LD3", "B-LD4"]},
    )  # fmt: skip
    RULES.apply(s, "R: ASSAULT c3 LEAD R-HI1")
    # margin 5 - 3 = 2, the best unseen Blue card is CP 4: CP 3 or more is needed;
    # of R-HI4 (val 4 + 3 = 7) and R-LD1 (val 5) the Leader is worth less to keep
    assert str(ai.policy_action(s, Rng(1))) == "R: BONUS R-LD1"
    s.hand[0].remove("R-LD1")
    s.fresh()
    assert str(ai.policy_action(s, Rng(1))) == "R: BONUS R-HI4"


def test_fg_24_3_heuristic_prefers_terrain():
    a = position(control="RRNNN", hands={"R": ["R-LI1"], "B": ["B-LI1"]})
    b = position(control="NNNBB", hands={"R": ["R-LI1"], "B": ["B-LI1"]})
    assert ai.heuristic(a, 0) > 0 > ai.heuristic(b, 0)
    assert ai.heuristic(a, 1) < 0


def test_fg_greedy_beats_random():
    result = simulate(RULES, 60, 3, ["greedy", "random"], check=False)
    assert result["wins"][0] >= 50 and result["errors"] == 0


def test_fg_search_levels_choose_legal_actions():
    s = RULES.new_game({}, 4)
    rng = Rng(2)
    while s.turn < 3:
        RULES.apply(s, ai.policy_action(s, rng, 0.2))
    agent = make_agent("ismcts:easy", 1, RULES)
    seat = RULES.to_act(s)
    legal = RULES.legal_actions(s)
    assert agent.choose(RULES, RULES.observation(s, seat), legal) in legal
