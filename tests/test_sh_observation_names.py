"""Stronghold's state and observation (SH-0.5) name every key in full words: the decision
awaited (``pending``), the Assault's progress (SH-18) and the mobilisation (SH-13.2) too.

Only the names changed: tools/behaviour_digest.py stronghold --no-ai dumped 4,795,759
lines before and after the renaming; its 12,488 observation lines, their keys renamed
(``SHORT`` to the new names, by where each key sits), equal the new dump line for line,
and every other line (legal actions, choices, events, the words in en/hu/pl, the items
and their tooltips, the results) is the same."""

from __future__ import annotations

import json

from game.core.rng import Rng
from game.games.stronghold.rules import RULES as SH
from game.games.stronghold.state import FIELDS

#: the short names the state, the observation and their inner records had
SHORT = {
    "avail", "res", "res_supply", "equip", "dunits", "dsupply", "tmachines", "hg",
    "hg_intact", "hitdeck", "tb_breach", "mob", "d", "k", "sec", "opts", "do", "alarm_who",
    "L", "in", "aim",
}  # fmt: skip


def named(obs: dict) -> set[str]:
    """The keys of an observation and of its decision, Assault and mobilisation records
    (not the places, actions and cards that key its maps)."""
    out = set(obs) | set(obs["pending"]) | set(obs["assault"])
    if obs["mobilisation"]:
        out |= set(obs["mobilisation"])
    return out


def test_every_key_of_the_observation_and_the_state_is_a_full_name():
    """Random games of 2, 3 and 4 players: no short name anywhere, and the records that
    had short keys were seen under their new ones."""
    assert not set(FIELDS) & SHORT
    seen: set[str] = set()
    for players in (2, 3, 4):
        s, rng = SH.new_game({"players": players}, players), Rng(players)
        while not SH.is_over(s):
            for seat in range(players):
                keys = named(SH.observation(s, seat))
                assert not keys & SHORT, (players, sorted(keys & SHORT))
                seen |= keys
            state = SH.to_json(s)
            assert not (set(state) | set(state["pending"]) | set(state["assault"])) & SHORT
            SH.apply(s, SH.random_action(s, rng))
    # the decision's kind, a window's paid-up actions, an Assault step begun, the
    # machines still to aim, a mobilisation's limit
    assert {"kind", "to_complete", "begun", "to_aim", "limit"} <= seen


def test_the_observation_shows_each_value_under_its_full_name():
    s, rng = SH.new_game({"players": 4}, 5), Rng(5)
    while s.round < 3:
        SH.apply(s, SH.random_action(s, rng))
    for seat in range(4):
        obs = SH.observation(s, seat)
        assert obs["available"] == s.available and obs["resources"] == s.resources
        assert obs["resource_supply"] == s.resource_supply
        assert obs["equipment"] == s.equipment and obs["tower_machines"] == s.tower_machines
        assert obs["defender_units"] == s.defender_units
        assert obs["defender_supply"] == s.defender_supply
        assert obs["hourglasses"] == s.hourglasses and len(obs["hourglasses"]) == 2
        assert obs["honour_guard_intact"] == s.honour_guard_intact
        assert obs["hit_deck"] == s.hit_deck and obs["tiebreak_breach"] == s.tiebreak_breach
        assert obs["pending"] == s.pending and obs["pending"]["kind"]
    # the state is held in memory; its JSON round trip (replay, undo) keeps every name
    back = SH.from_json(json.loads(json.dumps(SH.to_json(s))))
    assert SH.to_json(back) == SH.to_json(s)
    assert SH.observation(back, 0) == SH.observation(s, 0)
