"""The games' rules specifications (assets/rules/<game>.md) read as structured text.

The reader shows them, the table links the rule IDs its prompts and log lines name to
them.  A spec is parsed once (and cached), by markdown-it-py (CommonMark with tables),
and its token stream laid out into blocks: headings, paragraphs, bullets,
tables, code and rules, each with its inline styles (bold, italic, code), the rule ID it
defines (``HW-9.2``, ``RM-EX-44``, ``SH-INV-3``) and whether it is [DESIGNED] content
(tagged so itself, or inside a section whose heading is).  Nothing here imports pygame.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from game import resources
from game.core.files import FileProblem

#: a rule ID (``RULE_ID``): a game's prefix (its view's ``rule_prefix``), then numbers
#: (HW-9.2.1), an example (RM-EX-44, HW-EX-7b) or an invariant (RM-INV-17)
RULE_ID_AFTER_PREFIX = r"-(EX-\d+[a-z]?|INV-\d+|\d+(?:\.\d+)*)(?![\w-])"


@lru_cache(maxsize=1)
def _prefixes() -> dict[str, str]:
    """Each game's rule-ID prefix -> the game (``PREFIX_GAME``), read from the views when
    first asked for (they import this module through game.app.glossary)."""
    from .view_registry import VIEWS, get_view

    return {get_view(g).rule_prefix: g for g in VIEWS if get_view(g).rule_prefix}


@lru_cache(maxsize=1)
def _rule_id() -> re.Pattern:
    return re.compile(rf"\b({'|'.join(_prefixes())}){RULE_ID_AFTER_PREFIX}")


def __getattr__(name: str):
    """``RULE_ID`` (the pattern of a rule ID) and ``PREFIX_GAME`` (prefix -> game), made
    from the games' views when first asked for."""
    if name == "RULE_ID":
        return _rule_id()
    if name == "PREFIX_GAME":
        return dict(_prefixes())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


PLAIN, BOLD, ITALIC, CODE = "plain", "bold", "italic", "code"
#: CommonMark with GitHub's tables; raw HTML is shown as the text it is
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def _glossary(game: str):
    """The game's glossary module (``game.games.<game>.glossary``), None without one;
    imported when first asked for (it imports game.app.glossary, which imports this)."""
    try:
        return importlib.import_module(f"game.games.{game.replace('-', '_')}.glossary")
    except ImportError:
        return None


@lru_cache(maxsize=16)
def code_words(game: str) -> dict[str, str]:
    """The codes of ``game``'s notation (a move, a step of the engine, a board space) as
    the rules' text shows them in words: its glossary module's ``CODE_WORDS``; empty for
    a game without one."""
    module = _glossary(game)
    return module.CODE_WORDS if module is not None else {}


def notation_rules(game: str) -> tuple[str, ...]:
    """The sections of ``game``'s rules that define its notation, where the codes stay
    (its glossary module's ``NOTATION_RULES``)."""
    module = _glossary(game)
    return module.NOTATION_RULES if module is not None else ()


#: a code span made of codes only: codes, and between them separators
_CODE_SEP = re.compile(r"(\s*(?:[–/,→]|\.\.\.|…)\s*)")


class _Runs:
    """The text and styled runs of a part being worded."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.spans: list[tuple[int, int, str]] = []
        self.length = 0

    def _fitted(self, chunk: str) -> str:
        """The words of a code fitted to what comes before them: an article or a noun
        said twice dropped, a sentence's first letter made capital."""
        before = self.text[-1] if self.text else ""
        noun = re.match(r"(?:the )?(\w+) ", chunk)
        if noun and re.search(rf"\b{noun.group(1)}s\s$", before):
            return chunk[noun.end() :]  # "towers `T12`": towers between sections 1 and 2
        if chunk.startswith("the ") and re.search(r"(\b[Tt]he|['’]s)\s$", before):
            return chunk[4:]  # "the `TGE` thrower", "round 10's `END_OF_ROUND`"
        if not self.spans or re.search(r"[.!?]\s+$", before):
            return chunk[0].upper() + chunk[1:]  # a sentence begins with it
        return chunk

    def put(self, chunk: str, style: str, code: str = "") -> None:
        """Add a run; ``code``: the code it words (see ``_fitted``)."""
        if not chunk:
            return
        if code:
            chunk = self._fitted(chunk)
        spans = self.spans
        if spans and spans[-1][2] == style and not code and self.text and not spans[-1][0] < 0:
            self.text[-1] += chunk  # the same run goes on
            spans[-1] = (spans[-1][0], spans[-1][1] + len(chunk), style)
        else:
            spans.append((self.length, self.length + len(chunk), style))
            self.text.append(chunk)
        self.length += len(chunk)

    def words_of(self, chunk: str, style: str, worded_style: str, words: dict[str, str]) -> None:
        """The whole words of ``chunk`` that are codes (3 letters or more: a code written
        without backticks, a flag after a move's cells) in words, the rest kept."""
        for m in re.finditer(r"\w+|\W+", chunk):
            word = m.group()
            if len(word) >= 3 and word in words:
                self.put(words[word], worded_style, word)
            else:
                self.put(word, style)

    def code_span(self, chunk: str, words: dict[str, str]) -> None:
        """A code span: codes and separators in words, or a move's verb in words and the
        rest, cells and cards, kept as code; else kept as it is."""
        pieces = _CODE_SEP.split(chunk.strip())
        if chunk.strip() in words or (len(pieces) > 1 and all(p in words for p in pieces[::2])):
            self.put("".join(words.get(p, p) for p in pieces), ITALIC, chunk)
            return
        verb, _sep, rest = chunk.partition(" ")
        if verb in words and rest.strip():
            self.put(words[verb], ITALIC, verb)
            self.put(" ", PLAIN)
            self.words_of(rest, CODE, ITALIC, words)
            return
        self.put(chunk, CODE)


def worded(part: Part, words: dict[str, str]) -> Part:
    """``part`` with its code spans that are codes of the notation shown in words, in
    italics: a bare code (``ENDACT`` -> "End the actions"), codes and separators
    (``R1/R2/R3 → GW``), or a move written whole (``SG V21>AF [1]``: its verb in words,
    the rest, cells and cards, kept as code)."""
    runs = _Runs()
    for start, end, style in part.spans:
        chunk = part.text[start:end]
        if style != CODE:  # a code written without its backticks: its whole word
            runs.words_of(chunk, style, style, words)
        else:
            runs.code_span(chunk, words)
    return Part("".join(runs.text), runs.spans)


@dataclass
class Part:
    """One run of text of a block (a paragraph, a table cell, a line of code)."""

    text: str
    spans: list[tuple[int, int, str]]  # (start, end, style), covering the text


@dataclass
class Block:
    kind: str  # "heading", "para", "bullet", "table", "code", "rule"
    parts: list[Part] = field(default_factory=list)
    level: int = 0  # heading level (1-6), bullet depth (0-)
    marker: str = ""  # a numbered bullet's "3."
    rule: str | None = None  # the rule ID this block defines
    section: str | None = None  # the ID of the rule it belongs to (itself or enclosing)
    designed: bool = False
    columns: int = 0  # table: cells per row (parts are row-major; the first row heads it)


def inline(source: str) -> Part:
    """Markdown emphasis, strong and code spans of one line: the plain text and its styles."""
    return _part(_MARKDOWN.parseInline(source)[0].children or [])


def _part(tokens: list[Token]) -> Part:
    """The text of an inline token stream and its styles: code, else bold (strong,
    whatever it holds), else italic (emphasis); a line break is a space, a link its text."""
    text: list[str] = []
    spans: list[tuple[int, int, str]] = []
    length = 0
    depth = {BOLD: 0, ITALIC: 0}
    for token in tokens:
        kind = token.type
        if kind in ("strong_open", "strong_close", "em_open", "em_close"):
            depth[BOLD if kind.startswith("strong") else ITALIC] += (
                1 if kind.endswith("open") else -1
            )
            continue
        if kind in ("softbreak", "hardbreak"):
            chunk, style = " ", PLAIN
        elif kind == "code_inline":
            chunk, style = token.content, CODE
        else:  # text, an escaped character, a link's text (its open and close are empty)
            chunk, style = token.content, PLAIN
        if not chunk:
            continue
        if style == PLAIN:
            style = BOLD if depth[BOLD] else ITALIC if depth[ITALIC] else PLAIN
        if spans and spans[-1][2] == style:
            spans[-1] = (spans[-1][0], length + len(chunk), style)
        else:
            spans.append((length, length + len(chunk), style))
        text.append(chunk)
        length += len(chunk)
    return Part("".join(text), spans)


def fold(text: str) -> tuple[str, list[int]]:
    """``text`` for searching: lower case, no accents, no apostrophes (Dru'hid = Druhid),
    with the index in ``text`` of every folded character."""
    out, where = [], []
    for i, ch in enumerate(text):
        if ch in "'’`ʼ":
            continue
        for c in unicodedata.normalize("NFKD", ch):
            if not unicodedata.combining(c):
                out.append(c.lower())
                where.append(i)
    return "".join(out), where


class Rulebook:
    def __init__(self, game: str, source: str, head: list[Block] | None = None) -> None:
        """``head``: blocks shown after the spec's title (the glossary, in the player's
        language)."""
        self.game = game
        self.prefix = prefix_of(game)
        self.blocks: list[Block] = parse(source)
        if head:
            at = (
                1
                if self.blocks and self.blocks[0].kind == "heading" and self.blocks[0].level == 1
                else 0
            )
            self.blocks[at:at] = head
        self.source = source
        words, notation = code_words(game), notation_rules(game)
        for block in self.blocks:
            if words and block.kind != "code" and block.section not in notation:
                block.parts = [worded(part, words) for part in block.parts]
        self.anchors: dict[str, int] = {}
        for i, block in enumerate(self.blocks):
            if block.rule and block.rule not in self.anchors:
                self.anchors[block.rule] = i
        self._folded: dict[tuple[int, int], tuple[str, list[int]]] = {}

    def resolve(self, rule_id: str) -> int | None:
        """The block that defines ``rule_id``, or the nearest enclosing rule's block
        (HW-9.2.1 -> HW-9.2, HW-EX-7b -> HW-EX-7); None when no such rule is here."""
        rule = rule_id.strip().rstrip(".")
        while rule:
            if rule in self.anchors:
                return self.anchors[rule]
            if re.search(r"\.\d+$", rule):
                rule = rule.rsplit(".", 1)[0]
            elif re.search(r"EX-\d+[a-z]$", rule):
                rule = rule[:-1]
            else:
                return None
        return None

    def search(self, query: str) -> list[tuple[int, int, int, int]]:
        """Every match of ``query`` (case, accents and apostrophes ignored) as
        (block, part, start, end) in reading order."""
        needle = fold(query.strip())[0]
        if not needle:
            return []
        found = []
        for b, block in enumerate(self.blocks):
            for p, part in enumerate(block.parts):
                key = (b, p)
                if key not in self._folded:
                    self._folded[key] = fold(part.text)
                hay, where = self._folded[key]
                at = hay.find(needle)
                while at >= 0:
                    found.append((b, p, where[at], where[at + len(needle) - 1] + 1))
                    at = hay.find(needle, at + len(needle))
        return found


class _Layout:
    """The state of laying out one spec's token stream: the headings and bullets the
    next block is under, the list item whose first paragraph is to come, the table
    being read.  Each kind of token has its method in ``_TOKENS``."""

    def __init__(self, source: str) -> None:
        self.blocks: list[Block] = []
        self.headings: list[tuple[int, bool, str | None]] = []  # (level, designed, rule)
        self.designed_bullet: int | None = None  # depth of the [DESIGNED] bullet continued
        self.rule_bullets: list[tuple[int, str]] = []  # (depth, ID) of rule-defining bullets
        self.lines = source.splitlines()
        self.items: list[int] = []  # the depths of the list items the token is in
        self.item: str | None = None  # the marker of an item whose first paragraph is to come
        self.row: list[Part] = []
        self.table: list[list[Part]] = []

    def section(self) -> tuple[bool, str | None]:
        """Whether a heading above is [DESIGNED], and the rule of the nearest that has one."""
        designed = any(d for _level, d, _r in self.headings)
        rule = next((r for _level, _d, r in reversed(self.headings) if r), None)
        return designed, rule

    def _designed(self, block: Block, own: bool) -> bool:
        """Whether a block is [DESIGNED] itself (a bullet also when under such a bullet);
        keeps the depth of the [DESIGNED] bullet that deeper bullets continue."""
        if block.kind != "bullet":
            self.designed_bullet = None
        elif self.designed_bullet is not None and block.level > self.designed_bullet:
            own = True
        elif own:
            self.designed_bullet = block.level
        else:
            self.designed_bullet = None
        return own

    def _bullet_rule(self, block: Block, enclosing: str | None) -> str | None:
        """The rule a block is under: a bullet under a rule's bullet belongs to that rule."""
        if block.kind != "bullet":
            self.rule_bullets.clear()
            return enclosing
        while self.rule_bullets and self.rule_bullets[-1][0] >= block.level:
            self.rule_bullets.pop()
        if block.rule:
            self.rule_bullets.append((block.level, block.rule))
        elif self.rule_bullets:
            return self.rule_bullets[-1][1]
        return enclosing

    def add(self, block: Block) -> None:
        text = " ".join(p.text for p in block.parts)
        m = _rule_id().match(text.lstrip("[ "))
        block.rule = m.group(0) if m and block.kind in ("heading", "para", "bullet") else None
        in_designed, enclosing = self.section()
        own = "[DESIGNED" in text and block.kind != "table"  # a table's rows are marked
        block.designed = self._designed(block, own) or in_designed
        enclosing = self._bullet_rule(block, enclosing)  # keeps the rule bullets too
        block.section = block.rule or enclosing
        self.blocks.append(block)

    def list_item_open(self, tokens: list[Token], i: int) -> None:
        # an item in an item is one deeper; an outermost one indented (sub-rules after a
        # table that ended their rule's list) two spaces a level
        token = tokens[i]
        line = self.lines[token.map[0]] if token.map else ""
        depth = self.items[-1] + 1 if self.items else (len(line) - len(line.lstrip())) // 2
        self.items.append(depth)
        self.item = f"{token.info}{token.markup}" if token.info else ""

    def list_item_close(self, tokens: list[Token], i: int) -> None:
        self.items.pop()
        self.item = None  # an empty item: no bullet

    def heading_open(self, tokens: list[Token], i: int) -> None:
        level = int(tokens[i].tag[1])
        part = _part(tokens[i + 1].children or [])
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        rid = _rule_id().match(part.text)
        self.headings.append((level, "[DESIGNED" in part.text, rid.group(0) if rid else None))
        self.add(Block("heading", [part], level=level))

    def paragraph_open(self, tokens: list[Token], i: int) -> None:
        part = _part(tokens[i + 1].children or [])
        if self.item is not None:
            self.add(Block("bullet", [part], level=self.items[-1], marker=self.item))
            self.item = None
        else:
            self.add(Block("para", [part]))

    def code(self, tokens: list[Token], i: int) -> None:
        code = [line.rstrip() for line in tokens[i].content.rstrip("\n").split("\n")]
        self.add(Block("code", [Part(c, [(0, len(c), CODE)]) for c in code]))
        self.item = None

    def hr(self, tokens: list[Token], i: int) -> None:
        self.add(Block("rule"))

    def tr_open(self, tokens: list[Token], i: int) -> None:
        self.row = []

    def cell_open(self, tokens: list[Token], i: int) -> None:
        self.row.append(_part(tokens[i + 1].children or []))

    def tr_close(self, tokens: list[Token], i: int) -> None:
        self.table.append(self.row)

    def table_close(self, tokens: list[Token], i: int) -> None:
        width = max(len(r) for r in self.table)
        parts = [r[c] if c < len(r) else inline("") for r in self.table for c in range(width)]
        self.add(Block("table", parts, columns=width))
        self.table = []


#: the token kinds that make or shape a block -> the _Layout method that reads them
_TOKENS = {
    "list_item_open": _Layout.list_item_open,
    "list_item_close": _Layout.list_item_close,
    "heading_open": _Layout.heading_open,
    "paragraph_open": _Layout.paragraph_open,
    "fence": _Layout.code,
    "code_block": _Layout.code,
    "hr": _Layout.hr,
    "tr_open": _Layout.tr_open,
    "th_open": _Layout.cell_open,
    "td_open": _Layout.cell_open,
    "tr_close": _Layout.tr_close,
    "table_close": _Layout.table_close,
}


def parse(source: str) -> list[Block]:
    """The blocks of a spec, laid out from markdown-it-py's CommonMark token stream (with
    GitHub's tables): a list item's first paragraph is a bullet at its list's depth, its
    further paragraphs plain ones; every block knows its rule and section."""
    layout = _Layout(source)
    tokens = _MARKDOWN.parse(source)
    for i, token in enumerate(tokens):
        read = _TOKENS.get(token.type)
        if read is not None:
            read(layout, tokens, i)
    return layout.blocks


@lru_cache(maxsize=8)
def rulebook(game: str) -> Rulebook:
    """The parsed spec of ``game`` (cached); an empty book when the file is missing or
    cannot be used (a link, too large, not UTF-8: see ``resources.text``)."""
    path = resources.asset("rules", game.replace("-", "_") + ".md")
    try:
        source = resources.text(path)
    except FileProblem:
        source = ""
    return Rulebook(game, source)


def prefix_of(game: str) -> str:
    """The prefix of ``game``'s rule IDs ("HW"); empty for a game without one."""
    return next((prefix for prefix, g in _prefixes().items() if g == game), "")


def game_of(rule_id: str, default: str | None = None) -> str | None:
    """The game whose spec a rule ID belongs to (by its prefix)."""
    m = _rule_id().match(rule_id)
    return _prefixes().get(m.group(1), default) if m else default


def rule_ids(text: str) -> list[tuple[int, int, str]]:
    """The rule IDs ``text`` names: (start, end, ID)."""
    return [(m.start(), m.end(), m.group(0)) for m in _rule_id().finditer(text)]
