"""The verb machinery the four games share (game/core/verbs.py): the ``Verb`` base, the
``Decision`` record and the reader of an action's text, each game keeping its own head
pattern, its action type and its error wording.

The messages below are those each game gave before its reader was the shared one (its
notation: FG-20.4, RM-26.4, the notation tables of Hadrian's Wall's and Stronghold's
verbs.py), written out, so that a change of the reader that changes a word a player
reads fails here."""

from __future__ import annotations

import importlib
import random

import pytest

from game.core.contract import BadNotation
from game.core.registry import get_rules
from game.core.verbs import Decision, Verb, Wording, no_target, verb_parser

PACKAGES = {
    "field-of-glory": ("field_of_glory", "FGAction"),
    "hadrians-wall": ("hadrians_wall", "HWAction"),
    "stronghold": ("stronghold", "SHAction"),
    "runes-of-mayhem": ("runes_of_mayhem", "RMAction"),
}

FG_VERBS = (
    "KEEP, ADVDROP, FLANK, ENDFLANK, RETREAT, LOSE, PLACE, ENDPLACE, PAY, ASSAULT, ENV, BONUS, "
    "FRONT, RESERVE, ENDACT, DRAW3, DRAWCP, DROP"
)
HW_VERBS = "ASIDE, PLACE, QWN, DRU, AXX, KOM, UNA, FOK, HRS, SVD"
FG_HEAD = "is not an action: expected '<R|B>: VERB args' (FG-20.4)"
HW_HEAD = "is not an action: expected '<G|R|Y|B>: VERB args'"
SH_HEAD = "is not an action: expected '<seat>: VERB args'"

#: game -> (text or other value, the action's fields or the BadNotation message)
CASES = {
    "field-of-glory": [
        ("R: KEEP R-LD1 R-HI1", ("R", "KEEP", ("R-HI1", "R-LD1"))),  # sorted (FG-22.1)
        (" B :  RETREAT   B-LI1 B-AR1 ", ("B", "RETREAT", ("B-LI1", "B-AR1"))),
        ("R: RETREAT -", ("R", "RETREAT", ())),
        ("B: BONUS NONE", ("B", "BONUS", ("NONE",))),
        ("R: FLANK c2 FROM c1 LEAD R-LC2", ("R", "FLANK", ("c2", "c1", "R-LC2"))),
        ("R: FLANK c2  FROM c1 LEAD R-LC2\t", ("R", "FLANK", ("c2", "c1", "R-LC2"))),
        (
            "R: PLACE R-CAV1@c4 CLEAR R-HI4 R-HI3",
            ("R", "PLACE", ("R-CAV1", "c4", "R-HI3", "R-HI4")),
        ),
        ("R: KEEP R-HI1 R-HI1", "'R: KEEP R-HI1 R-HI1': KEEP names two different cards (FG-4.3.1)"),
        ("R: DROP R-HI9", "'R: DROP R-HI9': no card is called R-HI9 (FG-0.5)"),
        ("R: DROP X-HI1", "'R: DROP X-HI1': bad arguments for DROP (FG-20.4)"),
        ("R: ZZZ", f"'R: ZZZ': unknown verb ZZZ (one of {FG_VERBS})"),
        ("R: END", f"'R: END': unknown verb END (one of {FG_VERBS})"),
        ("R:", f"'R:' {FG_HEAD}"),
        ("r: ENDACT", f"'r: ENDACT' {FG_HEAD}"),
        ("R ENDACT", f"'R ENDACT' {FG_HEAD}"),
        ("R: ENDACT X", "'R: ENDACT X': bad arguments for ENDACT (FG-20.4)"),
        ("R: FLANK c2 FROM c1", "'R: FLANK c2 FROM c1': bad arguments for FLANK (FG-20.4)"),
        (None, "an action must be text, not NoneType"),
        (5, "an action must be text, not int"),
        (["R: ENDACT"], "an action must be text, not list"),
    ],
    "hadrians-wall": [
        ("G: ASIDE FIL", ("G", "ASIDE", "FIL", "")),
        ("  R :  PLACE  3   ARC1 ", ("R", "PLACE", "3", "ARC1")),
        ("Y: SVD -", ("Y", "SVD", "-", "")),
        ("B: SVD 4 CHA", ("B", "SVD", "4", "CHA")),
        ("G: QWN R-CHA", ("G", "QWN", "R-CHA", "")),
        ("G: DRU -", ("G", "DRU", "-", "")),
        ("G: SVD 4", "'G: SVD 4': bad arguments for SVD"),
        ("G: ASIDE", "'G: ASIDE': bad arguments for ASIDE"),
        ("G: ASIDE FIL FIL", "'G: ASIDE FIL FIL': bad arguments for ASIDE"),
        ("Q: ASIDE FIL", f"'Q: ASIDE FIL' {HW_HEAD}"),
        ("G ASIDE FIL", f"'G ASIDE FIL' {HW_HEAD}"),
        ("g: ASIDE FIL", f"'g: ASIDE FIL' {HW_HEAD}"),
        ("G: ZZZ", f"'G: ZZZ': unknown verb ZZZ (one of {HW_VERBS})"),
        (None, "an action must be text, not NoneType"),
        (2.5, "an action must be text, not float"),
    ],
    "stronghold": [
        ("I: PASS", ("I", "PASS", ())),
        ("I:PASS", ("I", "PASS", ())),
        (" IW :  GIVE   O 3 ", ("IW", "GIVE", ("O", "3"))),
        ("D: LOSE 1A1S", ("D", "LOSE", ("1A1S",))),
        ("I: LOSE 1G1O", ("I", "LOSE", ("1G1O",))),
        ("I: CARD 2-3", ("I", "CARD", ("2-3",))),
        ("D: HEAL -", ("D", "HEAL", ("-",))),
        ("D: LOSE -", ("D", "LOSE", ("-",))),
        ("D: LOSE", "'D: LOSE': bad arguments for LOSE"),  # no composition (needs_args)
        ("D: SMITE", "'D: SMITE': bad arguments for SMITE"),
        ("I: CARD 2-9", "'I: CARD 2-9': bad arguments for CARD"),
        ("I: PASSX", "'I: PASSX': unknown verb PASSX"),
        ("I: ZZZ", "'I: ZZZ': unknown verb ZZZ"),
        ("X: PASS", f"'X: PASS' {SH_HEAD}"),
        ("I PASS", f"'I PASS' {SH_HEAD}"),
        ("I: ", f"'I: ' {SH_HEAD}"),
        (None, "an action must be text, not NoneType"),
        (b"I: PASS", "an action must be text, not bytes"),
    ],
    "runes-of-mayhem": [
        ("V: END", ("V", "END", "")),
        ("  A: END\n", ("A", "END", "")),
        ("V: END\u2003", ("V", "END", "")),
        ("V: TOK 4/3", ("V", "TOK", "4/3")),
        ("V: MOVE g>f 2", ("V", "MOVE", "g>f 2")),
        ("V: MULL V-VAN#1,V-ONG#1", ("V", "MULL", "V-ONG#1,V-VAN#1")),  # sorted
        ("V: MULL -", ("V", "MULL", "-")),
        ("V:  END", "not a Runes of Mayhem action: 'V:  END'"),
        ("V:END", "not a Runes of Mayhem action: 'V:END'"),
        ("V: END\tX", "not a Runes of Mayhem action: 'V: END\\tX'"),
        ("v: END", "not a Runes of Mayhem action: 'v: END'"),
        ("V: MOVE g>f  2", "bad MOVE action: 'V: MOVE g>f  2' (RM-26.4)"),  # spaces as given
        ("V: ZZZ", "bad ZZZ action: 'V: ZZZ' (RM-26.4)"),
        ("V: TOK", "bad TOK action: 'V: TOK' (RM-26.4)"),
        ("V: END X", "bad END action: 'V: END X' (RM-26.4)"),
        (None, "not an action text: None"),
        (b"V: END", "not an action text: b'V: END'"),
    ],
}


def _verbs(game: str):
    return importlib.import_module(f"game.games.{PACKAGES[game][0]}.verbs")


@pytest.mark.parametrize(
    ("game", "given", "expected"),
    [(game, given, expected) for game, cases in CASES.items() for given, expected in cases],
)
def test_each_game_reads_a_text_into_its_action_or_refuses_it_in_its_own_words(
    game, given, expected
):
    """The notation of each game (FG-20.4, HW-14.3, RM-26.4): a well-formed text gives the
    game's own action type; anything else BadNotation with the game's message, the same
    from the verbs module, the rules object and, for a text, ``apply``'s reader."""
    verbs, rules = _verbs(game), get_rules(game)
    if isinstance(expected, tuple):
        action = verbs.parse_action(given)
        assert type(action).__name__ == PACKAGES[game][1]
        assert tuple(action) == expected
        assert verbs.parse_action(str(action)) == action  # canonical text read back
        assert rules.parse_action(given) == action
        assert verbs.read_action(given) == action
        return
    readers = [verbs.parse_action, rules.parse_action]
    if isinstance(given, str):
        readers.append(verbs.read_action)  # (a value of another type: game.core.notation)
    for read in readers:
        with pytest.raises(BadNotation) as caught:
            read(given)
        assert str(caught.value) == expected


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_legal_action_of_a_random_game_reads_back_as_itself(game):
    """``parse_action(str(a)) == a`` for each legal action of two seeded random games,
    also with white space around the text; the head alone (the verb's word cut off) and
    an unknown verb are refused in the game's words, naming the text."""
    verbs = _verbs(game)
    rules = get_rules(game)
    met = 0
    for seed in (1, 2):
        state = rules.new_game(rules.default_config(2), seed)
        pick = random.Random(seed)
        for _ in range(120):
            if rules.is_over(state):
                break
            legal = rules.legal_actions(state)
            for action in legal:
                text = str(action)
                assert verbs.parse_action(text) == action, text
                assert verbs.parse_action(f"  {text} \n") == action, text
                met += 1
            rules.apply(state, pick.choice(legal))
    assert met > 100
    seat = text.split(":")[0]
    for wrong in (f"{seat}: QQQQ", f"{seat}:"):
        with pytest.raises(BadNotation) as caught:
            verbs.parse_action(wrong)
        assert f"'{wrong}'" in str(caught.value)


# ------------------------------------------------------------------ the reader itself
def _effect(*args) -> None:
    return None


def _label(*args) -> str:
    return "label"


TOY = {
    "GO": Verb("GO", "MOVE", "T-1", r"([a-c])(?: ([1-3]))?", effect=_effect, label=_label),
    "END": Verb("END", "MOVE", "T-2", "", effect=_effect, label=_label),
    "LOSE": Verb("LOSE", "LOSS", "T-3", r"[0-9]*", effect=_effect, label=_label, needs_args=True),
}
HEAD = r"\s*([XY])\s*:\s*([A-Z]+)\s*(.*?)\s*"


def _made(seat, verb, arg, groups, text):
    return (seat, verb.name, arg, tuple(groups))


def test_the_reader_goes_head_verb_shape_then_the_game_makes_the_action():
    """The seat, the verb and the argument text (its white space made single spaces) reach
    ``make`` with the groups that took part in the match only."""
    parse = verb_parser(TOY, HEAD, _made, Wording())
    assert parse("X: GO a 2") == ("X", "GO", "a 2", ("a", "2"))
    assert parse(" Y :GO   b ") == ("Y", "GO", "b", ("b",))
    assert parse("X: END") == ("X", "END", "", ())
    assert parse("X: LOSE 12") == ("X", "LOSE", "12", ())


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (7, "an action must be text, not int"),
        ("Z: GO a", "'Z: GO a' is not an action"),
        ("X: RUN", "'X: RUN': unknown verb RUN (one of GO, END, LOSE)"),
        ("X: GO d", "'X: GO d': bad arguments for GO"),
        ("X: END now", "'X: END now': bad arguments for END"),
        ("X: LOSE", "'X: LOSE': bad arguments for LOSE"),  # its shape allows "", needs_args not
    ],
)
def test_the_reader_refuses_each_step_in_the_default_words(given, message):
    parse = verb_parser(TOY, HEAD, _made, Wording())
    with pytest.raises(BadNotation) as caught:
        parse(given)
    assert str(caught.value) == message


def test_a_game_words_its_refusals_and_may_read_its_arguments_as_given():
    """A game's ``Wording`` templates see the text (``!r`` for its repr), its type's
    name, the verb and the list of verbs; ``spaces=False`` keeps the arguments' spaces."""
    words = Wording(
        not_text="no text: {text!r} ({kind})",
        not_action="not ours: {text!r}",
        unknown="{verb}? try {verbs}",
        bad_args="bad {verb}: {text!r}",
    )
    parse = verb_parser(TOY, r"\s*([XY]): ([A-Z]+)(?: (.*\S))?\s*", _made, words, spaces=False)
    assert parse("X: GO a 2 ") == ("X", "GO", "a 2", ("a", "2"))
    assert parse("X: END") == ("X", "END", "", ())
    for given, message in [
        (None, "no text: None (NoneType)"),
        ("X:GO a", "not ours: 'X:GO a'"),
        ("X: FLY", "FLY? try GO, END, LOSE"),
        ("X: GO a  2", "bad GO: 'X: GO a  2'"),
    ]:
        with pytest.raises(BadNotation) as caught:
            parse(given)
        assert str(caught.value) == message


def test_the_base_records_carry_what_every_game_has():
    """A verb without a target is a button (``no_target``, whatever its arguments); a
    decision names its verbs and its rule; both are frozen."""
    go = TOY["GO"]
    assert go.target is no_target and go.target(1, "x", None) is None
    assert go.sentence is None and not go.needs_args
    decision = Decision(("GO", "END"), "T-1")
    assert decision.verbs == ("GO", "END") and decision.rule == "T-1"
    with pytest.raises(AttributeError):
        decision.rule = "T-2"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Verb("GO", "MOVE", "T-1", "", _effect, _label)  # type: ignore[misc]  # keywords only
