"""Runes of Mayhem's state and observation (RM-26.1) name every key in full words: the
combat (RM-10.8), the module data (RM-18 .. RM-25) and a trap trigger (RM-24.5) too.

Only the names changed: tools/behaviour_digest.py runes-of-mayhem --games 1 dumped
951,893 lines before and after the renaming; its 7,200 observation lines, their keys
renamed (``SHORT`` to the new names, by where each key sits), equal the new dump line for
line, and every other line (legal actions, the search's menu, choices, events, the words
in en/hu/pl, the items and their tooltips, the results) is the same."""

from __future__ import annotations

import json

from game.core.rng import Rng
from game.games.runes_of_mayhem.rules import RULES as R

ALL = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]
#: the short names the state and the observation had
SHORT = {
    "u", "cmb", "mod", "tok", "sp", "limit", "pending_tok", "ret_pending", "my_pending_tok",
    "pending_made", "kpend_made", "dpend_made", "mdeck_size", "tdeck_size", "wdeck_size",
    "t", "trow", "gut", "dpend", "kpend", "dealt", "kgone", "own", "mdeck", "tdeck", "wdeck",
    "flip", "tp", "tm", "q", "act",
}  # fmt: skip


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def named(obs: dict) -> set[str]:
    """The keys of an observation, but the cards' and cells' names that key its maps."""
    out = set(obs)
    out |= keys(obs["combat"]) | set(obs["module_data"])
    trigger = obs["module_data"].get("trap_trigger")
    if trigger:
        out |= set(trigger)
    return out


def test_every_key_of_the_observation_and_the_state_is_a_full_name():
    """Random games with every module until a trap trigger waits for the Viking's option
    (RM-24.5): no short name anywhere, and each record holds its values under the new
    names."""
    seen_trigger = seen_combat = 0
    for seed in range(40):
        s = R.new_game({"modules": ALL}, seed)
        rng = Rng(seed)
        while not R.is_over(s) and s.turn < 12:
            for seat in (0, 1):
                obs = R.observation(s, seat)
                assert not named(obs) & SHORT, (seed, named(obs) & SHORT)
            state = R.to_json(s)
            assert not (set(state) | set(state["module_data"])) & SHORT
            if s.step == "TRAP":  # the trap trigger, to the Viking and the Anglo-Saxon
                seen_trigger += 1
                trigger = s.module_data["trap_trigger"]
                assert set(trigger) == {"queue", "action", "attacker", "trap_option", "step"}
                assert trigger["attacker"] in s.units and trigger["queue"]
                shown = R.observation(s, 1)["module_data"]
                assert shown["traps"][trigger["queue"][0]] != "?"  # revealed (RM-24.5)
            if s.step == "RESOLVE" and s.combat.get("attacker"):
                seen_combat += 1
                cb = R.observation(s, 0)["combat"]
                assert cb["attacker"] in s.units and cb["target_row"] in (0, 1, 2, 3)
            R.apply(s, R.random_action(s, rng))
        if seen_trigger and seen_combat:
            break
    assert seen_trigger and seen_combat


def test_the_observation_shows_each_value_under_its_full_name():
    s = R.new_game({"modules": ["K", "X5", "X6", "X7"]}, 3)
    rng = Rng(3)
    while s.turn < 4:
        R.apply(s, R.random_action(s, rng))
    for seat in (0, 1):
        obs = R.observation(s, seat)
        assert obs["tokens"] == s.tokens and obs["units"] == s.units
        assert obs["strength_points"] == s.strength_points
        assert obs["strength_limit"] == s.strength_limit
        assert obs["tokens_to_return"] == s.tokens_to_return
        assert obs["pending_tokens_made"] == [t is not None for t in s.pending_tokens]
        x = obs["module_data"]
        assert x["mercenary_owners"] == s.module_data["mercenary_owners"]
        assert x["king_gone"] == s.module_data["king_gone"]
        assert obs["mercenary_deck_size"] == len(s.module_data["mercenary_deck"])
        assert x["mercenary_deck"] == []  # its order is hidden (RM-26.1)
        assert obs["trap_deck_size"] == len(s.module_data["trap_deck"])
        assert obs["tower_deck_size"] == len(s.module_data["tower_deck"])
    # the state is held in memory; its JSON round trip (replay, undo) keeps every name
    back = R.from_json(json.loads(json.dumps(R.to_json(s))))
    assert R.to_json(back) == R.to_json(s)
    assert R.observation(back, 0) == R.observation(s, 0)
