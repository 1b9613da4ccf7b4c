"""Strength of the computer players at fixed efforts, seeded (so they cannot flicker):
positions where the search once chose wrong must be played right at the hard level, and
short matches where a level must beat a weaker one.  The long matches are marked slow."""

from __future__ import annotations

import pytest
from fg_positions import act, options
from fg_positions import position as fg_position

from game.core import registry
from game.core.agents import LEVELS, make_agent
from game.core.seeding import derive_seed
from game.core.simulate import play_game
from game.games.field_of_glory.rules import RULES as FG
from game.games.runes_of_mayhem.rules import RULES as RM
from tests.test_rm_examples import pos as rm_position

SEEDS = (0, 1, 2)
#: the levels without the wall-clock safety net (a search it ends depends on the clock)
NO_NET = {level: {"safety_seconds": None} for level in LEVELS}


def hard_choices(rules, state, level: str = "ai:hard") -> set[str]:
    """What ``level`` plays in ``state`` from each seed of SEEDS."""
    seat = rules.to_act(state)
    legal = rules.legal_actions(state)
    obs = rules.observation(state, seat)
    return {str(make_agent(level, seed, rules, NO_NET).choose(rules, obs, legal)) for seed in SEEDS}


def _siege_position(sp: int):
    """The Viking has opened column 1, where no Anglo-Saxon unit stands: his Axemen may
    besiege the Fortress, or he may close the column or end the combat."""
    s = rm_position(
        step="RESOLVE", cells={"V11": "V-AXE#1", "V21": "V-SPR#1", "A21": "A-FYR#1"}, sp=(40, sp)
    )
    RM.apply(s, "V: OPEN 1")
    assert {str(a) for a in RM.legal_actions(s)} == {"V: SG V11>AF", "V: CLOSE", "V: EC"}
    return s


@pytest.mark.parametrize("sp", [40, 3])
def test_rm_hard_never_passes_up_a_free_siege(sp):
    """RM-11.3: a siege has no counterattack and no defender roll and never deals less
    than 0, so closing the column or ending the combat instead gives a free hit away (at
    SP 3 the siege may even end the game, RM-17.1).  Hard once passed up three free
    sieges in a game; every level takes it now."""
    s = _siege_position(sp)
    for level in ("ai:easy", "ai:medium", "ai:hard"):
        assert hard_choices(RM, s, level) == {"V: SG V11>AF"}, level


def test_fg_hard_pays_a_deployment_without_wasting_command_points():
    """FG-11.9: payment stops once the cost is reached and overpayment is lost.  A light
    infantry on plain costs 1; paying it with the 3-CP archers (the same value as the 1-CP
    archers) would waste 2 CP, as hard once did with its opening hand."""
    s = fg_position(
        hands={"R": ["R-LI2", "R-AR1", "R-AR4", "R-HI4"], "B": ["B-LI1", "B-HI2"]},
        piles={"R": ["R-MI2", "..."], "B": ["B-MI2", "..."]},
    )
    act(s, "R: PLACE R-LI2@c3", "R: ENDPLACE")
    assert s.step == "PAY" and options(s) == {"R: PAY R-AR1", "R: PAY R-AR4", "R: PAY R-HI4"}
    for level in ("ai:medium", "ai:hard"):
        assert hard_choices(FG, s, level) == {"R: PAY R-AR1"}, level


def share(game: str, spec: str, rival: str, games: int, seed: int = 2025) -> float:
    """``spec``'s win share against ``rival`` over ``games`` seeded 2-seat games, taking
    the first seat in even games and the second in odd ones."""
    rules = registry.get_rules(game)
    won = 0.0
    for g in range(games):
        seats = [spec, rival] if g % 2 == 0 else [rival, spec]
        result = play_game(
            rules, rules.default_config(2), derive_seed(seed, g), seats, levels=NO_NET
        )
        won += result.shares[g % 2]
    return won


@pytest.mark.parametrize("game", ["hadrians-wall", "field-of-glory", "runes-of-mayhem"])
def test_easy_beats_random(game):
    """The cheapest level already beats random play: 9 of 10 seeded games or more from
    either seat (Hadrian's Wall 9, the others 10 when measured)."""
    assert share(game, "ai:easy", "random", 10) >= 9


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hadrians-wall", "field-of-glory", "runes-of-mayhem"])
def test_hard_beats_random(game):
    """Hard wins at least 9 of 10 seeded games against random play, from either seat
    (Hadrian's Wall 9, Field of Glory and Runes of Mayhem 10 when measured)."""
    assert share(game, "ai:hard", "random", 10) >= 9


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hadrians-wall", "field-of-glory", "runes-of-mayhem"])
def test_hard_beats_greedy_more_often_than_it_loses(game):
    """Hard against the rule-of-thumb player, 10 seeded games from either seat (won when
    measured: Hadrian's Wall 8, Field of Glory 10, Runes of Mayhem 7)."""
    assert share(game, "ai:hard", "greedy", 10) > 5
