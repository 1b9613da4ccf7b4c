"""Stronghold's table of verbs (verbs.py): each verb declared once, and read from there.

The table agrees with the notation table in its docstring and with the decisions the
engine awaits; every rule it cites is in the rules spec; a verb asked for at another
decision is refused with the verb's own rule; the engine, the phase modules, the words
and the view name no verb in a comparison (the if/elif chains on verb names are gone,
and stay gone)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game import resources
from game.core.contract import PUBLIC, IllegalAction
from game.core.rng import Rng
from game.games.stronghold import assault, verbs
from game.games.stronghold.rules import RULES
from game.games.stronghold.state import SEAT_NAMES
from game.games.stronghold.verbs import DECISIONS, VERBS, parse_action, rule_of

PACKAGE = Path(verbs.__file__).parent
SPEC = resources.asset("rules", "stronghold.md").read_text(encoding="utf-8")
#: the rows of the notation table in verbs.py's docstring: (examples, rule, decisions)
ROWS = [
    (re.findall(r"``([^`]+)``", line), line.split()[-2], line.split()[-1])
    for line in verbs.__doc__.splitlines()
    if line.startswith("``") and re.fullmatch(r"SH-[\d.]+", line.split()[-2])
]
RULE_ID = r"SH-\d+(\.\d+)*"


def _in_spec(rule: str) -> bool:
    return re.search(re.escape(rule) + r"(?![\d])", SPEC) is not None


def test_sh_every_verb_answers_a_decision_and_every_decision_names_verbs():
    """Each decision accepts declared verbs; each verb is accepted where it says."""
    accepted = {v for d in DECISIONS.values() for v in d.verbs}
    assert accepted == set(VERBS)
    assert set(assault.OPTIONS) <= set(DECISIONS)  # every Assault decision (SH-18)
    for step, decision in DECISIONS.items():
        assert decision.verbs, step
        assert re.fullmatch(RULE_ID, decision.rule) and _in_spec(decision.rule), step
    for name, verb in VERBS.items():
        assert verb.name == name
        assert {d for d, dec in DECISIONS.items() if name in dec.verbs} >= set(
            verb.decision.split("/")
        ), name
        for rule in (verb.rule, *verb.rules.values()):
            assert re.fullmatch(RULE_ID, rule) and _in_spec(rule), (name, rule)


def test_sh_the_notation_table_lists_every_verb_with_its_rule_and_decision():
    """The docstring's table and the declarations say the same; every example reads
    and writes back as it is."""
    listed = set()
    for examples, rule, decision in ROWS:
        for text in examples:
            if ":" not in text:
                continue  # an argument named in the meaning
            a = parse_action(text)
            listed.add(a.verb)
            assert decision in VERBS[a.verb].decision.split("/"), text
            assert rule in (VERBS[a.verb].rule, *VERBS[a.verb].rules.values()), text
            assert str(a) == text
    assert listed == set(VERBS)


def _example(name: str) -> str:
    return next(
        t for examples, _r, _d in ROWS for t in examples if t.split(": ")[-1].split()[0] == name
    )


@pytest.mark.parametrize("name", sorted(set(VERBS) - {"CARD"}))
def test_sh_a_verb_asked_at_another_decision_cites_its_own_rule(name):
    """At the set-up's card choice (SH-4.3) only CARD is taken; any other verb is refused
    with its rule and the state is left as it was."""
    state = RULES.new_game(RULES.default_config(2), 3)
    assert state.pending["kind"] == "CARD"
    who = SEAT_NAMES[2][RULES.to_act(state)]
    action = parse_action(f"{who}: " + _example(name).split(": ", 1)[1])
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, action)
    assert caught.value.rule == VERBS[name].rules.get("CARD", VERBS[name].rule)
    assert caught.value.rule == rule_of("CARD", action)
    assert RULES.to_json(state) == before


def _first_state_where(verb: str, players: int, games: int = 60):
    """A random game's first state where ``verb`` is legal, with its legal instance."""
    for seed in range(games):
        state = RULES.new_game(RULES.default_config(players), seed)
        rng = Rng(seed)
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            found = [a for a in legal if a.verb == verb]
            if found:
                return state, found[0]
            RULES.apply(state, rng.choice(legal))
    raise AssertionError(f"no {verb} in {games} random games")


def test_sh_a_face_down_order_is_seen_by_the_invaders_and_only_its_place_by_the_defender():
    """SH-13.6.3 / SH-22.5: HIDE's line goes to each Invader, the Defender gets where the
    tile lies (one event, not a public line taken back)."""
    for players in (2, 3):
        state, hide = _first_state_where("HIDE", players)
        log: list = []
        RULES.apply(state, hide, log)
        acts = [e for e in log if e[1] == "ACT"]
        assert acts == [(seat, "ACT", str(hide)) for seat in range(state.n_inv)]
        assert (PUBLIC, "HIDDEN-ORDER", hide.args[0]) in log
        assert state.orders[hide.args[0]] == [hide.args[1], 0, 0]


def test_sh_move_is_refused_with_the_rule_of_the_decision_it_was_asked_at():
    """MOVE answers two decisions: outside a mobilisation it breaks SH-13.3 (the Invader
    phases), in a window SH-17.2 (the Defender's moves)."""
    state, _major = _first_state_where("MAJOR", 2)
    move = parse_action("I: MOVE CAMP GW G 1")
    assert move not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, move)
    assert caught.value.rule == "SH-13.3"
    state, _speech = _first_state_where("PAY", 2)
    move = parse_action("D: MOVE HOSP S1 OFF")
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, move)
    assert caught.value.rule == "SH-17.2"


def _verb_names(tree: ast.AST) -> set[str]:
    """The local names bound to a verb (``v = a.verb``, ``v, x = a.verb, a.args``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            pairs = []
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs += zip(target.elts, node.value.elts, strict=False)
                else:
                    pairs.append((target, node.value))
            for target, value in pairs:
                if (
                    isinstance(target, ast.Name)
                    and isinstance(value, ast.Attribute)
                    and value.attr == "verb"
                ):
                    names.add(target.id)
    return names


def _names_a_verb(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in VERBS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_verb(e) for e in node.elts)
    return False


@pytest.mark.parametrize("module", ["rules", "invader", "assault", "defender", "words", "view"])
def test_sh_the_engine_words_and_view_compare_no_verb_name(module):
    """A verb's legality, effect, words and click live in its declaration: these modules
    look a verb up in the table and never test a verb against a verb's name."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    bound = _verb_names(tree)

    def is_verb(x: ast.expr) -> bool:
        return (isinstance(x, ast.Attribute) and x.attr == "verb") or (
            isinstance(x, ast.Name) and x.id in bound
        )

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(is_verb(x) for x in sides) and any(_names_a_verb(x) for x in sides):
                found.append(node.lineno)
    assert found == []


def test_sh_the_ast_check_finds_a_verb_chain():
    """The check above would see the chains it keeps out."""
    tree = ast.parse("def f(a):\n    v, x = a.verb, a.args\n    if v == 'HIDE':\n        pass\n")
    assert _verb_names(tree) == {"v"}
    compare = next(n for n in ast.walk(tree) if isinstance(n, ast.Compare))
    assert _names_a_verb(compare.comparators[0])
