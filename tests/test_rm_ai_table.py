"""RM-28: the computer seats read the table of verbs (verbs.py): which rule of thumb looks
at a verb and when (``Verb.rank``, ``Verb.thumb``), what the search grows in the Main
phase (``Verb.searched``), what passes up a free siege (``Verb.passes``, RM-11.3)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.rng import Rng
from game.games.runes_of_mayhem import ai
from game.games.runes_of_mayhem.rules import RULES as R
from game.games.runes_of_mayhem.verbs import DECISIONS, VERBS
from tests.test_rm_examples import pos


def test_every_rule_of_thumb_a_verb_names_exists_and_every_one_is_named():
    named = {v.thumb for v in VERBS.values() if v.thumb}
    assert named == set(ai.THUMBS)
    for v in VERBS.values():
        assert not v.thumb or v.rank is not None, v.name  # a rule is looked at in its rank
        assert v.searched in ("", "ranked", "all", "best"), v.name
    # every verb of the combats is looked at by the rule of thumb (RM-28.2)
    assert all(VERBS[n].rank is not None for n in DECISIONS["RESOLVE"].verbs)
    # of the Main phase, all but the token moves and sacrifices it never takes
    unranked = {n for n in DECISIONS["MAIN"].verbs if VERBS[n].rank is None}
    assert unranked == {"MOVE", "SAC"}


def _free_siege():
    """RM-11.3: the Viking's Axemen in column 1 with no living enemy before them."""
    s = pos(step="RESOLVE", cells={"V11": "V-AXE#1", "V21": "V-AXE#2", "A21": "A-PEA#1"})
    R.apply(s, "V: OPEN 1")
    return s


def test_a_free_siege_is_not_passed_up_by_the_verbs_that_pass():
    s = _free_siege()
    legal = R.legal_actions(s)
    assert {a.verb for a in legal} == {"SG", "CLOSE", "EC"}
    kept = ai.search_actions(R, s, legal)
    assert kept and all(VERBS[a.verb].siege for a in kept)
    assert str(ai.policy_action(R, s, None, 0.0)) == "V: SG V11>AF"


def test_the_rank_of_a_verb_decides_the_rule_of_thumb(monkeypatch):
    """Ranked before the siege, closing the column is what the rule of thumb takes: the
    order is the table's, not the policy's."""
    s = _free_siege()
    close = dataclasses.replace(VERBS["CLOSE"], rank=5)
    ranked = tuple(
        sorted([close, *(v for v in ai._RANKED if v.name != "CLOSE")], key=lambda v: v.rank)
    )
    monkeypatch.setattr(ai, "_RANKED", ranked)
    assert str(ai.policy_action(R, s, None, 0.0)) == "V: CLOSE"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_search_grows_the_main_phase_by_the_table(seed):
    """In a Main phase the search keeps the ranked plays (at most SEARCH_PLAYS), every
    trade and END, and the policy's own choice (RM-28.3)."""
    s = R.new_game({"modules": []}, seed)
    rng = Rng(seed)
    met = 0
    while not R.is_over(s) and met < 5:
        legal = R.legal_actions(s)
        main = s.step == "MAIN" and not s.tokens_to_return and s.main.get("roll") is None
        if main and len(legal) > 5:
            met += 1
            kept = ai.search_actions(R, s, legal)
            plays = [a for a in kept if VERBS[a.verb].searched == "ranked"]
            pick = ai.policy_action(R, s, None, 0.0)
            assert len([a for a in plays if a != pick]) <= ai.SEARCH_PLAYS
            assert all(a in kept for a in legal if VERBS[a.verb].searched == "all")
            assert pick in kept
            assert not any(a.verb in ("MOVE", "SAC") and a != pick for a in kept)
        R.apply(s, R.random_action(s, rng))
    assert met
