"""Runes of Mayhem's table of verbs (verbs.py): each verb declared once, and read from there.

The table agrees with the notation table of RM-26.4 in its docstring and with the
decisions of RM-6.2 / RM-26.3; a verb asked for at a decision that does not take it is
refused with the rule its declaration names, the state untouched; every legal action of
seeded games belongs to a verb its decision accepts, reads back from its text and has
words and a click; the engine, the words and the view name no verb in a comparison (the
if/elif chains on verb names are gone, and stay gone)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.core.contract import IllegalAction
from game.core.rng import Rng
from game.games.runes_of_mayhem import verbs
from game.games.runes_of_mayhem.rules import RULES
from game.games.runes_of_mayhem.verbs import DECISIONS, VERBS, parse_action
from game.games.runes_of_mayhem.view import VIEW

PACKAGE = Path(verbs.__file__).parent
RULE = re.compile(r"RM-\d+(\.\d+)*")
#: the rows of the notation table in verbs.py's docstring: (examples, rule)
ROWS = [
    (re.findall(r"``([^`]+)``", line), line.split()[-1])
    for line in verbs.__doc__.splitlines()
    if line.startswith("``") and RULE.fullmatch(line.split()[-1])
]
#: the item kinds of the table (view.py's docstring)
ITEM_KINDS = {"cell", "wall", "wcard", "fort", "hand", "handzone", "pile", "discard", "gold",
              "faith", "king", "col", "dice", "lodge", "lodgedeck", "traps", "towers",
              "tower"}  # fmt: skip
MODULES = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]


def test_rm_every_verb_answers_a_decision_and_every_decision_names_verbs():
    """RM-6.2, RM-26.3: each decision accepts declared verbs; each verb (but CONCEDE,
    accepted at any decision, RM-17.4) is accepted where its declaration says."""
    accepted = {v for d in DECISIONS.values() for v in d.verbs}
    assert accepted == set(VERBS) - {"CONCEDE"}
    for step, decision in DECISIONS.items():
        assert decision.verbs, step
        assert RULE.fullmatch(decision.rule), step
        if decision.menu:
            assert callable(getattr(RULES, decision.menu)), step
        else:
            assert all(VERBS[v].options is not None for v in decision.verbs), step
    for name, verb in VERBS.items():
        assert verb.name == name
        assert RULE.fullmatch(verb.rule), name
        if name != "CONCEDE":
            assert all(name in DECISIONS[step].verbs for step in verb.steps), name
        assert (verb.part is not None) == ("MAIN" in verb.steps), name
    assert VERBS["CONCEDE"].decision == "*"


def test_rm_the_notation_table_lists_every_verb_and_reads_back():
    """RM-26.4: the docstring's table and the declarations say the same; each whole
    action in it reads and writes back as it is."""
    listed = set()
    for examples, _rule in ROWS:
        for text in examples:
            name = text.split(":")[-1].split()[0]
            if name in VERBS:
                listed.add(name)
            if re.match(r"[VA]: ", text) and "..." not in text:
                assert str(parse_action(text)) == text
    assert listed == set(VERBS)


def test_rm_a_list_written_in_another_order_reads_as_the_sorted_one():
    """The card lists of MULL, DECK, RE and HEAL are sets: one text each (RM-26.4)."""
    for text, canon in (
        ("V: MULL V-ONG#1,V-AXE#1", "V: MULL V-AXE#1,V-ONG#1"),
        ("V: RE V-SPR#1@VW V-AXE#1@V21", "V: RE V-AXE#1@V21 V-SPR#1@VW"),
        ("V: HEAL V13:V22,V21", "V: HEAL V13:V21,V22"),
    ):
        assert str(parse_action(text)) == canon
        assert VERBS[parse_action(text).verb].canon is not None


def _first_decision():
    state = RULES.new_game(RULES.default_config(2), 3)
    assert state.step == "MULL" and RULES.to_act(state) == 0
    return state


def _example(name: str) -> str:
    """The notation table's first example of ``name``, as the Viking's action."""
    for examples, _r in ROWS:
        for t in examples:
            text = t.split(": ", 1)[1] if re.match(r"[VA]: ", t) else t
            if text.split()[0] == name and "..." not in text:
                return "V: " + text
    raise AssertionError(name)


@pytest.mark.parametrize("name", sorted(set(VERBS) - {"MULL", "CONCEDE"}))
def test_rm_a_verb_asked_at_another_decision_is_refused_with_its_declared_rule(name):
    """At the Viking's mulligan (RM-5.6) only MULL (and CONCEDE, RM-17.4) is taken; any
    other verb is refused, citing its module (RM-3) or its own reason, else the mulligan's
    rule, and the state is left as it was."""
    state = _first_decision()
    action = parse_action(_example(name))
    before = RULES.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, action)
    verb = VERBS[name]
    if verb.module is not None:
        expected = "RM-3"  # no module is on in the base game
    elif verb.why is not None and verb.why(state, action) is not None:
        expected = verb.why(state, action)[1]
    else:
        expected = DECISIONS["MULL"].rule
    assert caught.value.rule == expected
    assert RULES.to_json(state) == before


def test_rm_a_module_verb_outside_the_main_phase_cites_rm_14_9():
    """RM-14.9: with its module on, a module action is a Main-phase action."""
    state = RULES.new_game({"modules": ["X5", "X6", "X7"]}, 3)
    assert state.step == "MULL"
    for name in ("HIRE", "LAY", "BUILD"):
        action = parse_action(_example(name))
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, action)
        assert caught.value.rule == "RM-14.9", name


@pytest.mark.parametrize("modules", [[], MODULES])
def test_rm_every_legal_action_is_a_verb_of_its_decision_with_words_and_a_click(modules):
    """Over seeded random games: each legal action's verb is one its decision accepts
    (RM-26.3), its text reads back (RM-26.4), it has a label and its click target names
    items of the table."""
    from game.app import i18n

    i18n.set_language("en")
    seen = set()
    for seed in range(3):
        s = RULES.new_game({"modules": modules}, seed)
        rng = Rng(seed)
        for _ in range(150):
            if RULES.is_over(s):
                break
            step = "RET" if s.tokens_to_return else s.step
            obs = RULES.observation(s, RULES.to_act(s))
            for a in RULES.legal_actions(s):
                assert a.verb in DECISIONS[step].verbs, (step, str(a))
                assert parse_action(str(a)) == a
                assert VIEW.action_label(obs, a)
                target = VIEW.target(obs, a)
                for item in (
                    [] if target is None else [target] if isinstance(target, tuple) else target
                ):
                    assert item[0] in ITEM_KINDS, (str(a), target)
                seen.add(a.verb)
            RULES.apply(s, RULES.random_action(s, rng))
    assert {"MULL", "TOK", "RE", "OPEN", "EC", "PLAY", "END", "DISC", "HEAL"} <= seen


def test_rm_the_secret_verbs_are_logged_to_their_side_only():
    """RM-26.1: the mulligan and the token split are seen by their own side only."""
    state = _first_decision()
    log: list = []
    RULES.apply(state, "V: MULL -", log)
    assert [e for e in log if e[1] == "ACT"] == [(0, "ACT", "V: MULL -")]
    assert VERBS["MULL"].secret and VERBS["TOK"].secret and not VERBS["PLAY"].secret


def _names_a_verb(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in VERBS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_verb(e) for e in node.elts)
    return False


def _is_verb(node: ast.expr) -> bool:
    """``a.verb``, or a name bound to one (``v = a.verb``, ``verb``)."""
    return (isinstance(node, ast.Attribute) and node.attr == "verb") or (
        isinstance(node, ast.Name) and node.id in ("v", "verb")
    )


@pytest.mark.parametrize(
    "module",
    ["rules", "rules_board", "rules_combat", "rules_main", "words", "view", "drawing", "faces",
     "table_facts"],
)  # fmt: skip
def test_rm_the_engine_words_and_view_compare_no_verb_name(module):
    """A verb's legality, effect, words and click live in its declaration: these modules
    look a verb up in the table and never test a verb against a verb's name."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_verb(x) for x in sides) and any(_names_a_verb(x) for x in sides):
                found.append(node.lineno)
    assert found == []
