"""Field of Glory's observation (FG-20.1, FG-20.2) speaks in full words; the state keeps its
short names, which are those of the saved games, so a game saved before still loads and is
shown the same."""

from __future__ import annotations

import json

from fg_positions import act, position

from game.games.field_of_glory.observe import BONUS_KEYS, COMBAT_KEYS
from game.games.field_of_glory.rules import RULES

SHORT = {"vp", "shuf", "pairs", "used", "end", "col", "launch", "env", "asrc", "dsrc"}


def assault_with_bonus():
    """Red assaults c3 with an Envelopment (FG-15) and commits R-LD3 from the hand (FG-12.3);
    Blue still to retreat."""
    s = position(
        cols={"c3": (["R-HI1"], ["B-HI1"])}, terrain={"c3": "PLN2"},
        hands={"R": ["R-LD3", "R-ENV3"], "B": ["B-LD4"]}, vps={"R": ["B-LI1"]},
    )  # fmt: skip
    act(s, "R: ASSAULT c3 LEAD R-HI1", "R: ENV R-ENV3", "R: BONUS R-LD3")
    return s


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_the_observation_names_every_key_in_full_words():
    s = assault_with_bonus()
    for seat in (0, 1):
        obs = RULES.observation(s, seat)
        assert not (keys({k: v for k, v in obs.items() if k != "last"}) & SHORT), seat
        assert obs["flank_pairs"] == s.pairs and obs["flanks_made"] == s.used
        assert obs["end_reason"] is None
        for p, side in enumerate(obs["sides"]):
            assert side["victory_pile"] == s.vp[p] and side["shuffle_card"] == s.shuf[p]
        cb = obs["combat"]
        assert cb["column"] == 2 == cb["launch_column"] and cb["lead"] == "R-HI1"
        assert cb["attacker_bonus_from"] == "HAND" and cb["envelopment"] == "R-ENV3"
        # the bonus card is its owner's to see (FG-20.1)
        assert ("attacker_bonus" in cb) == (seat == 0)
    assert RULES.observation(s, 0)["combat"]["attacker_bonus"] == "R-LD3"
    assert set(COMBAT_KEYS.values()) | set(BONUS_KEYS.values()) <= set(s.combat)


def test_a_state_saved_with_the_short_names_loads_and_is_observed_the_same():
    s = assault_with_bonus()
    saved = json.loads(json.dumps(RULES.to_json(s)))
    # the save keeps the state's names
    assert saved["vp"] == [["B-LI1"], []] and saved["combat"]["asrc"] == "HAND"
    loaded = RULES.from_json(saved)
    for seat in (0, 1):
        assert RULES.observation(loaded, seat) == RULES.observation(s, seat)
    assert RULES.legal_actions(loaded) == RULES.legal_actions(s)
