"""Hadrian's Wall's table of verbs (verbs.py): each verb declared once, and read from there.

The table agrees with the decision catalogue of HW-14.3 and with the notation table in its
docstring; a verb asked for at another decision is refused with the rule of the decision
awaited, the state left as it was; a verb's log line is seen by the clans HW-14.1 says;
the engine, the words and the view name no verb in a comparison (the if/elif chains on
verb names are gone, and stay gone)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.core.contract import PUBLIC, IllegalAction
from game.core.rng import Rng
from game.games.hadrians_wall import verbs
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.verbs import DECISIONS, VERBS, parse_action, step_of

PACKAGE = Path(verbs.__file__).parent
SPEC = Path(__file__).resolve().parent.parent / "assets" / "rules" / "hadrians_wall.md"
RULE_ID = r"HW-\d+(\.\d+)*"
#: the rows of the notation table in verbs.py's docstring: (examples, rule)
ROWS = [
    (re.findall(r"``([^`]+)``", line), line.split()[-1])
    for line in verbs.__doc__.splitlines()
    if line.startswith("``") and re.fullmatch(RULE_ID, line.split()[-1])
]
#: one example action of each verb, from the notation table
EXAMPLE = {}
for _examples, _rule in ROWS:
    for _text in _examples:
        EXAMPLE.setdefault(parse_action(_text).verb, _text)
LINEUPS = [(1, 1), (2, 0), (3, 1), (4, 0)]


def _catalogue() -> list[str]:
    """The Decision column of the HW-14.3 decision catalogue in the rules spec."""
    text = SPEC.read_text(encoding="utf-8")
    table = text[text.index("**HW-14.3 Decision catalogue.**") : text.index("**HW-14.4")]
    rows = [line.split("|")[1].strip() for line in table.splitlines() if line.startswith("|")]
    return [r for r in rows if r and r != "Decision" and not set(r) <= {"-"}]


def _steps(seeds=range(6)):
    """(state, step) at each decision of random games of every line-up."""
    for players, neutrals in LINEUPS:
        for seed in seeds:
            state = RULES.new_game({"players": players, "neutrals": neutrals}, seed)
            rng = Rng(seed)
            while not RULES.is_over(state):
                yield state, step_of(state, state.waiting[0])
                RULES.apply(state, RULES.random_action(state, rng))


def test_hw_every_decision_of_the_catalogue_has_one_declared_verb():
    """HW-14.3: each decision of the catalogue is a step of DECISIONS with a declared
    verb, each verb answers a decision, and both cite the same rule."""
    assert sorted(d.name for d in DECISIONS.values()) == sorted(_catalogue())
    assert {d.verb for d in DECISIONS.values()} == set(VERBS)
    for step, decision in DECISIONS.items():
        assert re.fullmatch(RULE_ID, decision.rule), step
        assert VERBS[decision.verb].rule == decision.rule, step
    for name, verb in VERBS.items():
        assert verb.name == name
        re.compile(verb.shape)


def test_hw_the_notation_table_lists_every_verb_with_its_rule():
    """The docstring's notation table and the declarations say the same; every example
    reads and writes back as it is."""
    listed = set()
    for examples, rule in ROWS:
        for text in examples:
            action = parse_action(text)
            listed.add(action.verb)
            assert VERBS[action.verb].rule == rule, text
            assert str(action) == text
    assert listed == set(VERBS)


def test_hw_every_legal_action_is_of_the_verb_its_step_accepts():
    """HW-14.3: the legal options of a decision are instances of its verb, each one read
    back from its text, labelled and placed by the verb's declaration."""
    seen = set()
    for state, step in _steps(range(3)):
        seen.add(step)
        accepted = DECISIONS[step].verb
        for action in RULES.legal_actions(state):
            assert action.verb == accepted, (step, action)
            assert parse_action(str(action)) == action
    assert seen == set(DECISIONS)  # every decision step was met


def test_hw_every_clickable_action_is_an_item_of_the_table():
    """A verb's ``target`` names an item the table shows the clan deciding (its hand, its
    line, the wall, its pile, its face-down orders, another clan's fresh card), so a click
    on it plays the action; the verbs without one (AXX, a "-") are buttons."""
    from game.app import i18n
    from game.app.view_registry import get_view

    view = get_view("hadrians-wall")
    i18n.set_language("en")
    clicked = set()
    for state, _step in _steps(range(2)):
        obs = RULES.observation(state, state.waiting[0])
        keys = {item.key for item in view.items(obs)}
        for action in RULES.legal_actions(state):
            assert view.action_label(obs, action)
            target = view.target(obs, action)
            if target is None:
                assert action.a in ("-", "KEEP"), action
            else:
                assert target in keys, (str(action), target)
                clicked.add(action.verb)
    assert clicked == set(VERBS) - {"AXX"}


def test_hw_a_verb_asked_at_another_decision_cites_the_decision_awaited():
    """At every decision step met, an example of each other verb, made by the clan to act,
    is refused with the rule of the decision awaited (HW-7.2 .. HW-10.4), and the state is
    left as it was."""
    tried = set()
    for state, step in _steps(range(2)):
        clan = state.colours[state.waiting[0]]
        for name, text in EXAMPLE.items():
            if name == DECISIONS[step].verb or (step, name) in tried:
                continue
            tried.add((step, name))
            action = parse_action(f"{clan}:{text.split(':', 1)[1]}")
            before = RULES.to_json(state)
            with pytest.raises(IllegalAction) as caught:
                RULES.apply(state, action)
            assert caught.value.rule == DECISIONS[step].rule, (step, text)
            assert RULES.to_json(state) == before
    assert {step for step, _name in tried} == set(DECISIONS)


def test_hw_a_secret_verb_is_logged_for_its_clan_only():
    """HW-14.1: a clan's set-aside and placement, its Svord moves and its Fort Fokus and
    Horsie discards (secret until every clan is in, HW-8.5.1) are seen by that clan; the
    other decisions by everyone."""
    kinds = set()
    for players, neutrals in LINEUPS:
        for seed in range(4):
            log: list = []
            state = RULES.new_game({"players": players, "neutrals": neutrals}, seed, log)
            rng = Rng(seed)
            while not RULES.is_over(state):
                RULES.apply(state, RULES.random_action(state, rng), log)
            for event in log:
                if event[1] == "ACT":
                    a = parse_action(event[2])
                    kinds.add(a.verb)
                    owner = state.colours.index(a.clan)
                    assert event[0] == (owner if VERBS[a.verb].secret else PUBLIC), event
    assert {"ASIDE", "PLACE", "SVD"} <= kinds


def _names_a_verb(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in VERBS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_verb(e) for e in node.elts)
    return False


def _is_a_verb(node: ast.expr) -> bool:
    """An action's verb: ``a.verb``, or a name it was unpacked to (``clan, verb, x, y = a``)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "verb"
    return isinstance(node, ast.Name) and node.id in ("verb", "v")


@pytest.mark.parametrize("module", ["rules", "words", "view"])
def test_hw_the_engine_words_and_view_compare_no_verb_name(module):
    """A verb's legality, effect, words and click live in its declaration: these modules
    look a verb up in the table and never test ``.verb`` against a verb's name."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_a_verb(x) for x in sides) and any(_names_a_verb(x) for x in sides):
                found.append(node.lineno)
        # (a mapping keyed by verb names, the old labels' table, is a chain too)
        if isinstance(node, ast.Dict) and any(
            isinstance(k, ast.Tuple) and _names_a_verb(k) for k in node.keys
        ):
            found.append(node.lineno)
    assert found == []
