"""Every game reads an action VALUE exactly as it reads its text (game.core.notation).

Random action objects, not only parsed text, are given to ``apply`` in positions of each
game (the four games and the test game Secret Bids): wrong seats, wrong kinds, garbage or
non-text fields, out-of-range numbers, fields out of their canonical order, other games'
actions, actions legal in another position, ints, None, tuples, dicts, objects whose every
method raises.  Each is refused with a GameError and the state's ``to_json`` unchanged, or
it is taken, and then it is a value of the game's own type whose text reads back as the
very same value and is taken as well, leaving the same state.  Legal actions still apply.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toygame import RULES as BIDS

from game.core.contract import GameError
from game.core.registry import get_rules
from game.core.rng import Rng

GAMES = ["hadrians-wall", "stronghold", "field-of-glory", "runes-of-mayhem", "secret-bids"]
RM_ALL = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]


def rules_of(game: str):
    return BIDS if game == "secret-bids" else get_rules(game)


def configs(game: str) -> list[dict]:
    r = rules_of(game)
    base = r.default_config(2)
    if game == "runes-of-mayhem":  # the set-up decisions of the modules too (RM-18, RM-19)
        return [base, {**base, "modules": RM_ALL}, {**base, "modules": ["K", "X1", "X6"]}]
    if game == "hadrians-wall":
        return [base, r.default_config(4)]
    return [base]


@cache
def positions(game: str) -> tuple:
    """Positions of random games, from the set-up to the end (the ended one included)."""
    r = rules_of(game)
    out = []
    for i, config in enumerate(configs(game)):
        for seed in range(2):
            s = r.new_game(config, seed + 10 * i)
            rng = Rng(seed + 99)
            step = 0
            while True:
                if step in (0, 1, 2, 3, 5, 8, 13, 30, 60, 120, 250) or r.is_over(s):
                    out.append(r.clone(s))
                if r.is_over(s):
                    break
                r.apply(s, r.random_action(s, rng))
                step += 1
    return tuple(out)


@cache
def legal_pool(game: str) -> tuple:
    r = rules_of(game)
    return tuple(a for s in positions(game) for a in r.legal_actions(s))


@cache
def words(game: str) -> tuple:
    """The tokens of the game's notation, from its legal actions: near misses are built
    of them."""
    return tuple(sorted({w for a in legal_pool(game) for w in str(a).replace(",", " ").split()}))


class Bomb:
    """An object every method of which raises."""

    def _boom(self, *args, **kwargs):
        raise RuntimeError("boom")

    __str__ = __repr__ = __eq__ = __hash__ = __iter__ = __len__ = __format__ = _boom


class Text(str):
    """Text that compares equal to anything (a hostile field)."""

    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


class Plain(str):
    """A str subclass, otherwise plain text."""


def garbage_field():
    return st.one_of(
        st.text(max_size=12),
        st.text(alphabet="VARBGYIDWE:-@#>,/ 0123456789", max_size=12),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.just(10**5000),  # more digits than int -> str allows
        st.none(),
        st.booleans(),
        st.floats(allow_nan=True),
        st.lists(st.text(max_size=4), max_size=3),
        st.tuples(st.text(max_size=4), st.integers()),
        st.tuples(),
        st.binary(max_size=4),
        st.builds(Bomb),
        st.builds(Text, st.text(max_size=4)),
        st.just("x" * 100_000),
    )


def hostile(game: str):
    """A strategy of things ``apply`` may be given, given a position ``s`` and its rules."""
    r = rules_of(game)
    cls = type(legal_pool(game)[0])
    others = [g for g in GAMES if g != game]

    def value(fields):
        return tuple.__new__(cls, tuple(fields))

    def mutated(a, i, new):
        fields = list(a)
        fields[i % len(fields)] = new
        return value(fields)

    def parsed(text):
        try:
            return r.parse_action(text)
        except GameError:
            return text

    legal = st.sampled_from(legal_pool(game))
    near_text = st.builds(
        lambda a, i, w: " ".join(str(a).split()[:i] + [w] + str(a).split()[i + 1 :]),
        legal,
        st.integers(0, 6),
        st.sampled_from(words(game) + ("99", "0", "-1", "V99", "")),
    )
    return st.one_of(
        legal,  # legal somewhere (maybe here)
        legal.map(str),
        near_text,
        near_text.map(parsed),  # a value the notation allows, legal or not
        st.builds(mutated, legal, st.integers(0, 5), garbage_field()),
        st.builds(mutated, legal, st.integers(0, 5), st.sampled_from(words(game))),
        st.builds(
            mutated,
            legal,
            st.just(0),
            st.sampled_from(["V", "A", "R", "B", "G", "Y", "I", "D", "DW", "C", "Z"]),
        ),
        st.builds(lambda a, i: mutated(a, i, Plain(a[i % len(a)])), legal, st.integers(0, 5)),
        st.builds(lambda a: mutated(a, len(a) - 1, " " + str(a[-1])), legal),
        st.lists(garbage_field(), max_size=5).map(value),  # any arity, any fields
        legal.map(tuple),  # a plain tuple equal to a legal action
        legal.map(lambda a: a._asdict()),
        legal.map(list),
        legal.map(lambda a: str(a).encode()),
        st.sampled_from(others).flatmap(lambda g: st.sampled_from(legal_pool(g))),
        st.sampled_from(others).flatmap(lambda g: st.sampled_from(legal_pool(g)).map(str)),
        garbage_field(),
        st.builds(Bomb),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    )


def check_one(game: str, s, action) -> bool:
    """Give ``action`` to ``apply`` on a copy of ``s``; True when it was taken."""
    r = rules_of(game)
    copy = r.clone(s)
    before = json.dumps(r.to_json(copy), sort_keys=True, default=str)
    try:
        r.apply(copy, action)
    except GameError:
        assert json.dumps(r.to_json(copy), sort_keys=True, default=str) == before
        return False
    # taken: the game's own type, in its canonical form, and its text is taken the same way
    legal_type = type(legal_pool(game)[0])
    text = action if isinstance(action, str) else str(action)
    if not isinstance(action, str):
        assert type(action) is legal_type
        assert r.parse_action(text) == action and str(r.parse_action(text)) == text
    twin = r.clone(s)
    r.apply(twin, r.parse_action(text))
    assert json.dumps(r.to_json(twin), sort_keys=True, default=str) == json.dumps(
        r.to_json(copy), sort_keys=True, default=str
    )
    assert r.check_invariants(copy) == []
    return True


@pytest.mark.parametrize("game", GAMES)
def test_random_action_objects_are_refused_unchanged_or_taken_as_their_text(game):
    pool = positions(game)

    seen = {True: 0, False: 0}

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data):
        s = data.draw(st.sampled_from(pool), label="position")
        seen[check_one(game, s, data.draw(hostile(game), label="action"))] += 1

    run()
    assert seen[False] > 100 and seen[True] > 0  # refusals, and legal actions taken


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_action_objects_long_run(game):
    pool = positions(game)

    seen = {True: 0, False: 0}

    @settings(max_examples=5000, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data):
        s = data.draw(st.sampled_from(pool), label="position")
        seen[check_one(game, s, data.draw(hostile(game), label="action"))] += 1

    run()
    print(f"{game}: {seen[False]} refused, {seen[True]} taken")
    assert seen[False] > 2000 and seen[True] > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_object_is_taken_and_reads_back_as_itself(game):
    r = rules_of(game)
    taken = 0
    for s in positions(game):
        for a in r.legal_actions(s):
            assert r.parse_action(str(a)) == a
            assert check_one(game, s, a)
            assert check_one(game, s, str(a))
            taken += 1
    assert taken > 40


@pytest.mark.parametrize("game", GAMES)
def test_the_hostile_kinds_are_refused_in_every_position(game):
    """A fixed list of the kinds, each in every position: none is taken."""
    a = legal_pool(game)[0]
    cls = type(a)
    kinds = [
        None,
        0,
        1,
        True,
        2.5,
        (),
        tuple(a),
        list(a),
        a._asdict(),
        str(a).encode(),
        Bomb(),
        Text("x"),
        object(),
        cls,
        "",
        "x" * 100_000,
        tuple.__new__(cls, ()),
        tuple.__new__(cls, (*a, "extra")),
        tuple.__new__(cls, tuple(Text(f) if isinstance(f, str) else f for f in a)),
        tuple.__new__(cls, tuple(None for _ in a)),
        tuple.__new__(cls, tuple(10**5000 for _ in a)),
    ]
    kinds += [legal_pool(g)[-1] for g in GAMES if g != game]  # other games' actions
    for s in positions(game):
        for k in kinds:
            assert not check_one(game, s, k), k if not isinstance(k, Bomb) else "Bomb"


# --- the invariant fuzzer reaches Concede (RM-17.4) -------------------------------------


class Spy:
    """Runes of Mayhem, noting the step of each concession the fuzzer tries; ``broken``
    makes a conceded game fail its invariants."""

    def __init__(self, broken: bool = False) -> None:
        self.rules = get_rules("runes-of-mayhem")
        self.broken = broken
        self.steps: dict[str, int] = {}

    def __getattr__(self, name):
        return getattr(self.rules, name)

    def concession(self, state, seat):
        self.steps[state.step] = self.steps.get(state.step, 0) + 1
        return self.rules.concession(state, seat)

    def check_invariants(self, state):
        out = self.rules.check_invariants(state)
        return out + ["conceded"] if self.broken and state.end == "CONCEDED" else out


def test_rm_17_4_the_fuzzer_concedes_at_every_kind_of_decision_and_changes_no_game():
    from game.core.simulate import simulate

    spy = Spy()
    config = {"modules": RM_ALL}
    checked = simulate(spy, 30, 5, ["random"], 2, config=config)
    assert checked["invariant_violations"] == 0 and checked["errors"] == 0
    # set-up (X1 decks, Kings, mulligans, tokens) and play: every kind of decision point
    assert {"DECK", "KING", "MULL", "TOK", "RE", "RESOLVE", "MAIN", "DISC"} <= set(spy.steps)
    plain = simulate(get_rules("runes-of-mayhem"), 30, 5, ["random"], 2, check=False, config=config)
    assert (checked["wins"], checked["actions"]) == (plain["wins"], plain["actions"])


def test_rm_17_4_the_fuzzer_reports_a_concession_that_breaks_the_invariants():
    from game.core.simulate import simulate

    result = simulate(Spy(broken=True), 3, 5, ["random"], 2)
    assert result["invariant_violations"] > 0 and result["errors"] == 0
    assert all("concedes: conceded" in m for m in result["violation_samples"])
