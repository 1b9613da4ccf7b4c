"""The rules reader shows the notation's codes as words outside the sections that define
the notation (FG-20.4, RM-0.6, RM-26.4, HW-0.5, SH-0.6 and SH-3's own tables of node IDs):
moves (``CLOSE``, ``ENDACT``), the engine's steps (``PHASE_1``, ``ORDERS``) and board
spaces (``CAMP``, ``TGE``), for all four games."""

from __future__ import annotations

import re

import pytest

from game.app.rulebook import (
    CODE,
    Part,
    code_words,
    inline,
    notation_rules,
    rulebook,
    worded,
)
from game.core import registry
from game.games.runes_of_mayhem.verbs import VERBS as RM_VERBS

GAMES = registry.game_names()


def shown(book):
    """(block, style, text) of every run the reader shows outside the notation."""
    for block in book.blocks:
        if block.kind == "code" or block.section in notation_rules(book.game):
            continue
        for part in block.parts:
            for start, end, style in part.spans:
                yield block, style, part.text[start:end]


@pytest.mark.parametrize("game", GAMES)
def test_no_code_of_the_notation_is_shown_outside_the_notation(game):
    words = code_words(game)
    assert words, game  # every game has its table of codes
    codes = re.compile(
        r"(?<![\w-])("
        + "|".join(sorted(map(re.escape, words), key=len, reverse=True))
        + r")(?![\w-])"
    )
    found = []
    for block, style, text in shown(rulebook(game)):
        for m in codes.finditer(text):
            # a code span never holds a code; a code of 3 letters or more is never
            # written as it is (R1, EC, F are also ordinary words and labels of steps)
            if style == CODE or len(m.group()) >= 3:
                found.append((block.section, m.group(), text[:50]))
    assert not found, found[:10]


@pytest.mark.parametrize(
    "game, rule, code, words",
    [
        ("runes-of-mayhem", "RM-EX-13", "CLOSE", "Close the column"),
        ("runes-of-mayhem", "RM-EX-12", "STOP", "Stop"),
        ("runes-of-mayhem", "RM-6.2", "BURIAL1", "First burial"),
        ("stronghold", "SH-7.3", "CAMP", "the camp"),
        ("stronghold", "SH-18.2.7", "TGE", "the East gate tower"),
        ("stronghold", "SH-5.4", "END_OF_ROUND", "round 10's end of the round"),
        ("hadrians-wall", "HW-14.4", "ORDERS", "Orders"),
        ("field-of-glory", "FG-10.1", "ENDACT", "End the actions"),
    ],
)
def test_a_rule_tells_the_code_in_words(game, rule, code, words):
    book = rulebook(game)
    block = book.blocks[book.resolve(rule)]
    text = " ".join(p.text for p in block.parts)
    assert words in text and not re.search(rf"\b{code}\b", text), text


@pytest.mark.parametrize(
    "game, rule, code",
    [
        ("runes-of-mayhem", "RM-26.4", "CLOSE"),
        ("stronghold", "SH-0.6", "TGE"),
        ("hadrians-wall", "HW-0.5", "FOK"),
        ("field-of-glory", "FG-20.4", "ENDACT"),
    ],
)
def test_the_notation_itself_keeps_its_codes(game, rule, code):
    book = rulebook(game)
    i = book.resolve(rule)
    text = " ".join(p.text for b in book.blocks[i : i + 8] for p in b.parts)
    assert code in text


def test_every_move_of_runes_of_mayhem_has_its_words():
    """A move the rules may name is in the table (RM-26.4's verbs)."""
    missing = set(RM_VERBS) - set(code_words("runes-of-mayhem")) - {"RESTORE", "CONCEDE"}
    assert not missing


def test_a_move_written_whole_keeps_its_cells_and_an_article_is_not_doubled():
    words = code_words("stronghold")
    part = worded(inline("the `TGE` thrower and `R1/R2/R3 → GW`"), words)
    assert (
        part.text == "the East gate tower thrower and Rampart 1/Rampart 2/Rampart 3 → "
        "the West gathering place"
    )
    rm = worded(inline("then `SG V21>AF [1]` ends it"), code_words("runes-of-mayhem"))
    assert rm.text == "then Siege V21>AF [1] ends it"
    cells = [rm.text[s:e] for s, e, style in rm.spans if style == CODE]
    assert cells == ["V21>AF [1]"]
    assert isinstance(rm, Part) and rm.spans[-1][1] == len(rm.text)


@pytest.mark.parametrize("game", GAMES)
def test_the_page_the_reader_lays_out_shows_no_code(game, tmp_path):
    """What the reader draws (its laid-out rows, the glossary included): outside the
    notation's sections and code blocks, no code of 3 letters or more (CLOSE, CAMP,
    TGE, ENDACT), and no code at all where the rules wrote one as code."""
    from app_helpers import make_app

    from game.app.scenes.reader import page_layout, shown_book

    make_app(tmp_path)  # the fonts the page is measured with
    words = code_words(game)
    long_codes = re.compile(
        r"(?<![\w-])("
        + "|".join(sorted((re.escape(w) for w in words if len(w) >= 3), key=len, reverse=True))
        + r")(?![\w-])"
    )
    book = shown_book(game, "en")
    found = []
    for row in page_layout(game, 1.0).rows:
        block = book.blocks[row.block]
        if block.kind == "code" or block.section in notation_rules(game):
            continue
        for piece in row.pieces:
            found += [(block.section, m.group()) for m in long_codes.finditer(piece.text)]
    assert not found, found[:10]
