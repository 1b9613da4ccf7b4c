"""The games' glossaries: the words a newcomer meets on a table, explained in plain words.

A game declares its glossary in ``game.games.<game>.glossary.GLOSSARY``: entries of
(names, explanation, rule ID[, pattern]), names one text or a tuple of names that share
the explanation, marked for translation (a ``Code`` of the notation is not translated).
Shown in three places, in the player's language: a Glossary section at the head of the
rules reader (``blocks``), a Glossary page of How to play (``entries``), and the table's
tooltips: a tooltip that names a term printed on the table (a name spelled with a
capital, an abbreviation, a code matched by the entry's pattern) gets its explanation
added (``annotate``).  Nothing here imports pygame.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import lru_cache

from . import i18n
from .i18n import _
from .rulebook import BOLD, PLAIN, Block, Part

MAX_NOTES = 2  # explanations a tooltip gets at most (the tooltip stays a tooltip)


class Code(str):
    """A name that is a code of the game's notation (``CAV``, ``R-CAV1``): the same in
    every language, never translated."""


@dataclass(frozen=True)
class Entry:
    names: tuple[str, ...]  # in the language shown
    text: str
    rule: str
    named: bool  # a name printed on the table (not a common word): tooltips explain it
    pattern: str = ""  # the codes it explains, when they are written by a rule

    @property
    def term(self) -> str:
        return ", ".join(self.names)

    def finder(self) -> re.Pattern:
        """Where the entry's names (or codes) stand in a text, as whole words."""
        body = self.pattern or "|".join(
            re.escape(n) for n in sorted(self.names, key=len, reverse=True)
        )
        return re.compile(rf"(?<![\w'’-])(?:{body})(?![\w'’-])")


def _module(game: str):
    """The game's glossary module (``game.games.<game>.glossary``), None without one."""
    try:
        return importlib.import_module(f"game.games.{game.replace('-', '_')}.glossary")
    except ImportError:
        return None


def source(game: str) -> tuple:
    """The game's own table (English, marked for translation); () when it has none."""
    module = _module(game)
    return tuple(module.GLOSSARY) if module is not None else ()


def howto(game: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """How to play ``game`` (its glossary module's ``HOWTO``): the goal, the lines of a
    turn and the rules to read more, English marked for translation; None without one."""
    module = _module(game)
    return module.HOWTO if module is not None else None


@i18n.on_language_change
@lru_cache(maxsize=16)
def _entries(game: str, lang: str) -> tuple[Entry, ...]:
    out = []
    for row in source(game):
        names, text, rule = row[:3]
        names = (names,) if isinstance(names, str) else tuple(names)
        named = all(n[:1].isupper() for n in names)
        shown = tuple(n if isinstance(n, Code) else _(n) for n in names)
        out.append(Entry(shown, _(text), rule, named, row[3] if len(row) > 3 else ""))
    return tuple(out)


def entries(game: str) -> tuple[Entry, ...]:
    """The glossary of ``game`` in the language shown, in the order the game gives."""
    return _entries(game, i18n.language())


@lru_cache(maxsize=16)
def _finders(game: str, lang: str) -> tuple[tuple[Entry, re.Pattern], ...]:
    return tuple((e, e.finder()) for e in _entries(game, lang) if e.named)


def lookup(game: str, word: str) -> Entry | None:
    """The entry that explains ``word`` (a name or a code as the table prints it)."""
    for entry, finder in _finders(game, i18n.language()):
        if finder.fullmatch(word):
            return entry
    return None


def notes(game: str, text: str, limit: int = MAX_NOTES) -> list[Entry]:
    """The entries of the names ``text`` mentions, in the order they first stand there
    (not those whose explanation the text already holds)."""
    found = []
    for entry, finder in _finders(game, i18n.language()):
        m = finder.search(text)
        if m and entry.text not in text:
            found.append((m.start(), entry))
    return [e for _at, e in sorted(found, key=lambda f: f[0])][:limit]


def annotate(game: str, text: str) -> str:
    """A tooltip with the explanations of the table's names it mentions added."""
    if not text:
        return text
    extra = [f"{e.term}: {e.text}" for e in notes(game, text)]
    return "\n".join([text, *extra])


def blocks(game: str) -> list[Block]:
    """The Glossary section of the rules reader: a heading and a table of term, meaning
    and rule (the rule a link), in the language shown."""
    rows = entries(game)
    if not rows:
        return []
    head = [_("Term"), _("Meaning"), _("Rule")]
    parts = [Part(t, [(0, len(t), BOLD)]) for t in head]
    for e in rows:
        parts += [
            Part(e.term, [(0, len(e.term), BOLD)]),
            Part(e.text, [(0, len(e.text), PLAIN)]),
            Part(e.rule, [(0, len(e.rule), PLAIN)]),
        ]
    title = _("Glossary")
    return [
        Block("heading", [Part(title, [(0, len(title), BOLD)])], level=2),
        Block("table", parts, columns=3),
    ]
