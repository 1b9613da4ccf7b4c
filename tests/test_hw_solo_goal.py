"""Hadrian's Wall's solo goal (HW-16.6, retuned in HW-20): the lone player wins by
reaching the goal's points for the number of neutral clans, or instantly (HW-12.1); the
neutral clans' scores do not decide it.  The rules, the table's final score and the
computer player's valuation agree."""

from __future__ import annotations

import pytest

from game.core.rng import Rng
from game.games.hadrians_wall import ai
from game.games.hadrians_wall.content import SOLO_TARGET
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.state import OVER

#: forts whose values add up to a score: NF6a 6, NF6b 6, UNA 8, NF5a 5, NF5b 5, NF4a 4,
#: NF4b 4, FOK 4, NF3a 3, NF3b 3, NF3c 3, KOM 2, NF1a 1, NF1b 1 (HW-16.2)
POSITIVE = [
    "UNA",
    "NF6a",
    "NF6b",
    "NF5a",
    "NF5b",
    "NF4a",
    "NF4b",
    "FOK",
    "NF3a",
    "NF3b",
    "NF3c",
    "KOM",
    "NF1a",
    "NF1b",
]
VALUE = {
    "UNA": 8,
    "NF6a": 6,
    "NF6b": 6,
    "NF5a": 5,
    "NF5b": 5,
    "NF4a": 4,
    "NF4b": 4,
    "FOK": 4,
    "NF3a": 3,
    "NF3b": 3,
    "NF3c": 3,
    "KOM": 2,
    "NF1a": 1,
    "NF1b": 1,
}


def forts_worth(points: int, taken: set[str]) -> list[str]:
    """Forts not in ``taken`` worth exactly ``points`` (greedy from the largest, which
    the deck's 1s always complete for the sums used here)."""
    pile = []
    for fort in POSITIVE:
        if fort not in taken and VALUE[fort] <= points:
            pile.append(fort)
            taken.add(fort)
            points -= VALUE[fort]
    assert points == 0
    return pile


def finished(neutrals: int, mine: int, theirs: int) -> object:
    """A solo game played out at random, then given piles worth ``mine`` points to the
    player and ``theirs`` to the first neutral clan (the others none)."""
    state = RULES.new_game({"players": 1, "neutrals": neutrals}, 7)
    rng = Rng(3)
    while not RULES.is_over(state):
        RULES.apply(state, RULES.random_action(state, rng))
    taken: set[str] = set()
    state.piles = [forts_worth(mine, taken), forts_worth(theirs, taken)] + [
        [] for _ in range(neutrals - 1)
    ]
    state.winner = None
    assert state.phase == OVER
    return state


def test_the_goal_shrinks_with_every_neutral_clan():
    # HW-16.6: 78 divided by the number of clans, rounded up
    assert SOLO_TARGET == {1: 39, 2: 26, 3: 20}
    assert all(SOLO_TARGET[n] == -(-78 // (n + 1)) for n in SOLO_TARGET)


@pytest.mark.parametrize("neutrals", [1, 2, 3])
def test_the_solo_player_wins_at_the_goals_points_and_not_one_below(neutrals):
    goal = SOLO_TARGET[neutrals]
    assert RULES.winners(finished(neutrals, goal, 0)) == [0]
    assert RULES.winners(finished(neutrals, goal - 1, 0)) == []
    # a score above every neutral clan's is no longer enough (HW-16.6 before HW-20) ...
    assert RULES.winners(finished(neutrals, goal - 1, 1)) == []
    # ... and a neutral clan scoring more does not take the goal away
    if neutrals == 3:
        assert RULES.winners(finished(neutrals, goal, goal + 1)) == [0]


def test_an_instant_win_still_wins_the_solo_game_whatever_the_score():
    state = finished(1, 0, 10)
    state.winner = 0  # HW-12.1: three FortHeca
    assert RULES.winners(state) == [0]


@pytest.mark.parametrize("neutrals", [1, 3])
def test_the_final_score_on_the_table_crowns_the_same_clan(neutrals):
    from game.games.hadrians_wall.view import HWView

    goal = SOLO_TARGET[neutrals]
    for mine, won in ((goal, True), (goal - 1, False)):
        state = finished(neutrals, mine, 0)
        rows = HWView.standings(RULES.observation(state, 0))
        crowned = [c for c, _score, w in rows if w]
        assert crowned == ([0] if won else [])
        assert RULES.winners(state) == crowned


def test_the_computer_player_values_a_solo_game_by_the_goal():
    """The valuation is the player's score less the goal's points (HW-16.6), not his
    lead over the best neutral clan: the same score is worth the same whatever the
    neutral clans hold."""
    low, high = finished(1, 20, 0), finished(1, 20, 12)
    assert ai.heuristic(low, 0) == ai.heuristic(high, 0) < 0
    assert ai.heuristic(finished(1, 39, 0), 0) == 0.0


def test_the_final_score_of_a_solo_game_names_its_goal(tmp_path):
    """At the end of a solo game the final score says the goal's points (HW-16.6), so a
    player who outscored the neutral clans and lost reads why."""
    from app_helpers import drawn_texts, make_app, open_table

    app = make_app(tmp_path)
    try:
        table = open_table(app, ["human"], seed=4, neutrals=3)
        rng = Rng(4)
        state = table.session.state
        while not RULES.is_over(state):
            RULES.apply(state, RULES.random_action(state, rng))
        table.obs = RULES.observation(state, 0)
        table.items = table.view.items(table.obs)
        words = [t for t, _r in drawn_texts(app)]
        goal = "Solo goal: 20 points (HW-16.6)"
        assert any(w.endswith(goal) for w in words), words
        crowned = any(w.startswith("Green wins · ") for w in words)
        assert crowned == (RULES.winners(state) == [0])
    finally:
        app.close()
