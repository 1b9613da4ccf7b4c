"""The typed observation records of Hadrian's Wall and Stronghold say what an observation
holds: every key the engine hands a seat is declared there, every required key is there,
and every value has the declared type (HW-14.1, SH-0.5), at every step of random games."""

from __future__ import annotations

import types
import typing
from typing import NotRequired, Union

import pytest

from game.core.rng import Rng
from game.games.hadrians_wall import observe as hw_observe
from game.games.hadrians_wall.rules import RULES as HW
from game.games.stronghold import observe as sh_observe
from game.games.stronghold.rules import RULES as SH
from game.games.stronghold.state import FIELDS


def conforms(value, hint, path: str = "obs") -> None:
    """Assert that ``value`` has the type ``hint`` (TypedDicts checked key by key)."""
    if typing.get_origin(hint) is NotRequired:
        hint = typing.get_args(hint)[0]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if typing.is_typeddict(hint):
        assert isinstance(value, dict), path
        hints = typing.get_type_hints(hint, include_extras=True)
        required = {k for k, h in hints.items() if typing.get_origin(h) is not NotRequired}
        if hint.__total__:
            assert required <= set(value), (path, sorted(required - set(value)))
        assert set(value) <= set(hints), (path, sorted(set(value) - set(hints)))
        for key, item in value.items():
            conforms(item, hints[key], f"{path}[{key!r}]")
    elif origin in (Union, types.UnionType):
        for arm in args:
            try:
                conforms(value, arm, path)
                return
            except AssertionError:
                continue
        raise AssertionError((path, value, hint))
    elif hint is type(None):
        assert value is None, path
    elif origin is list:
        assert isinstance(value, list), path
        for i, item in enumerate(value):
            conforms(item, args[0], f"{path}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), path
        for key, item in value.items():
            conforms(key, args[0], f"{path} key")
            conforms(item, args[1], f"{path}[{key!r}]")
    elif hint is int:
        assert type(value) is int, (path, value)
    else:
        assert isinstance(value, hint), (path, value, hint)


def test_the_checker_refuses_a_missing_an_undeclared_and_a_mistyped_key():
    obs = HW.observation(HW.new_game({"players": 2, "neutrals": 1}, 3), 0)
    conforms(obs, hw_observe.Observation)
    for broken in (
        {k: v for k, v in obs.items() if k != "wall"},
        {**obs, "walls": obs["wall"]},
        {**obs, "turn": "1"},
        {**obs, "clans": [{**obs["clans"][0], "hand_count": None}, *obs["clans"][1:]]},
    ):
        with pytest.raises(AssertionError):
            conforms(broken, hw_observe.Observation)


@pytest.mark.parametrize("players,neutrals", [(1, 2), (2, 1), (3, 0), (4, 0)])
def test_hw_every_observation_is_an_observation_record(players, neutrals):
    cfg = {"players": players, "neutrals": neutrals, "variant1": True, "variant2": True}
    for seed in (1, 2):
        s, rng = HW.new_game(cfg, seed), Rng(seed)
        while True:
            for seat in range(players):
                obs = HW.observation(s, seat)
                conforms(obs, hw_observe.Observation)
                own = obs["clans"][seat]
                assert set(own) >= hw_observe.PRIVATE_CLAN_KEYS  # HW-14.1
                for c, entry in enumerate(obs["clans"]):
                    assert c == seat or not hw_observe.PRIVATE_CLAN_KEYS & set(entry)
            if HW.is_over(s):
                break
            HW.apply(s, HW.random_action(s, rng))


def test_sh_the_record_declares_exactly_the_state_fields():
    hints = typing.get_type_hints(sh_observe.Observation)
    assert list(hints) == ["game", "seat", *FIELDS]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sh_every_observation_is_an_observation_record(players):
    s, rng = SH.new_game({"players": players, "starter": False}, players), Rng(players)
    for _ in range(300):  # the set-up, the first rounds' phases and windows
        for seat in range(players):
            conforms(SH.observation(s, seat), sh_observe.Observation)
        if SH.is_over(s):
            break
        SH.apply(s, SH.random_action(s, rng))
