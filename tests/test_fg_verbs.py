"""Field of Glory's table of verbs (verbs.py): each verb declared once, and read from there.

The table agrees with the notation table of FG-20.4 in its docstring and with the
decisions of FG-20.3; a verb asked for at another decision is refused with the verb's
own rule; the engine, the words and the view name no verb in a comparison (the if/elif
chains on verb names are gone, and stay gone)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.core.contract import IllegalAction
from game.games.field_of_glory import verbs
from game.games.field_of_glory.rules import RULES
from game.games.field_of_glory.verbs import DECISIONS, VERBS, parse_action

PACKAGE = Path(verbs.__file__).parent
#: the rows of the notation table in verbs.py's docstring: (examples, decisions)
ROWS = [
    (re.findall(r"``([^`]+)``", line), line.split()[-1])
    for line in verbs.__doc__.splitlines()
    if line.startswith("``") and re.fullmatch(r"D\d+(/D\d+)*", line.split()[-1])
]


def test_fg_every_verb_answers_a_decision_and_every_decision_names_verbs():
    """FG-20.3: each decision step accepts declared verbs; each verb is accepted somewhere."""
    accepted = {v for d in DECISIONS.values() for v in d.verbs}
    assert accepted == set(VERBS)
    for step, decision in DECISIONS.items():
        assert decision.verbs, step
        assert re.fullmatch(r"FG-\d+(\.\d+)*", decision.rule), step
    for name, verb in VERBS.items():
        assert verb.name == name
        assert re.fullmatch(r"FG-\d+(\.\d+)*", verb.rule), name
        assert re.fullmatch(r"D\d+(/D\d+)*", verb.decision), name


def test_fg_the_notation_table_lists_every_verb_with_its_decision():
    """FG-20.4: the docstring's table and the declarations say the same."""
    listed = set()
    for examples, decisions in ROWS:
        for text in examples:
            name = text.split(":")[-1].split()[0]
            listed.add(name)
            assert set(decisions.split("/")) <= set(VERBS[name].decision.split("/")), text
            if ":" in text:  # a whole action: it reads and writes back as it is
                assert str(parse_action(text)) == text
    assert listed == set(VERBS)


@pytest.mark.parametrize("name", sorted(set(VERBS) - {"KEEP"}))
def test_fg_a_verb_asked_at_another_decision_cites_its_own_rule(name):
    """At the draft (D1) only KEEP is taken; any other verb is refused with its rule and
    the state is left as it was."""
    state = RULES.new_game(RULES.default_config(2), 3)
    assert state.step == "KEEP" and RULES.to_act(state) == 0
    text = next(
        t
        for examples, _d in ROWS
        for t in examples
        if ":" in t and t.split(":")[1].split()[0] == name
    )
    action = parse_action("R:" + text.split(":", 1)[1])
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, action)
    assert caught.value.rule == VERBS[name].rule
    assert RULES.to_json(state) == before


def test_fg_a_wrong_placement_cites_the_rule_it_breaks():
    """FG-11.2 / FG-11.3: PLACE's own check names the rule (not the decision's)."""
    state = RULES.new_game(RULES.default_config(2), 5)
    while state.step != "ACT":
        RULES.apply(state, RULES.legal_actions(state)[0])
    me = RULES.to_act(state)
    side = "RB"[me]
    foreign = next(c for c in verbs.ORDER if c.startswith(side) and c not in state.hand[me])
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, f"{side}: PLACE {foreign}@c3")
    assert caught.value.rule == "FG-11.2"
    leader = next((c for c in state.hand[me] if "-LD" in c), None)
    if leader is not None:
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, f"{side}: PLACE {leader}@c3")
        assert caught.value.rule == "FG-11.3"


def _names_a_verb(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in VERBS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_verb(e) for e in node.elts)
    return False


@pytest.mark.parametrize("module", ["rules", "words", "view"])
def test_fg_the_engine_words_and_view_compare_no_verb_name(module):
    """A verb's legality, effect, words and click live in its declaration: these modules
    look a verb up in the table and never test ``.verb`` against a verb's name."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(x, ast.Attribute) and x.attr == "verb" for x in sides) and any(
                _names_a_verb(x) for x in sides
            ):
                found.append(node.lineno)
    assert found == []
