"""The rules of a game, as written in its specification: laid out, searchable, linked.

The spec (``game.app.rulebook``) is laid out once per game and window scale: headings,
bullets, bold and italic words, code and tables in columns, wrapped to the page.
[DESIGNED] content (invented for this implementation) has a violet bar at its left.
Typing searches (apostrophes and accents ignored, so "druhid" finds Dru'hid): the
matches are highlighted, Enter or › goes to the next one, Ctrl+Enter or ‹ back.  Rule
IDs in the text are links; ``open_rule`` opens the reader at a rule (a sub-rule that has
no entry of its own at the nearest enclosing one).  Drawing changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from game.core import registry

from .. import fonts, glossary, i18n, paint, theme
from ..i18n import _
from ..rulebook import BOLD, CODE, ITALIC, Rulebook, game_of, rule_ids, rulebook
from ..scene import Scene
from ..view_registry import playable_games
from ..viewport import text_scale
from ..widgets import Button, Choice, inside
from .title import draw_backdrop

PAGE = (140, 76, 1000, 694)  # the panel of the text
TEXT_X, TEXT_W = 172, 944  # the column of the text (design units)
TOP, BOTTOM = PAGE[1] + 10, PAGE[1] + PAGE[3] - 10
BODY = 14
SIZES = {1: 26, 2: 20, 3: 17}  # heading sizes by level (deeper ones: 15)
DESIGNED_INK = (176, 128, 236)  # the bar of [DESIGNED] content
CODE_INK = (150, 200, 230)
ITALIC_INK = (210, 200, 170)
LINK_INK = (120, 190, 255)
MATCH_BG = (120, 96, 30)
CURRENT_BG = (200, 140, 40)
TARGET_BG = (52, 60, 80)
TABLE_LINE = (80, 86, 96)
SEARCH_CHARS = re.compile(r"[\w'’ .\-]")


@dataclass
class Piece:
    """Text drawn at (x, row's y + dy): part ``key`` of a block from character ``start``."""

    x: float
    text: str
    size: int
    face: str
    ink: tuple
    key: tuple  # (block, part)
    start: int
    dy: float = 0.0


@dataclass
class Row:
    y: float  # top, design units from the start of the page
    h: float
    block: int
    pieces: list[Piece] = field(default_factory=list)
    links: list[tuple[float, float, float, str]] = field(default_factory=list)  # x, w, dy, ID
    bullet: tuple | None = None  # (x, text) of a list marker
    grid: tuple | None = None  # table row: (x positions of the column edges, header?)
    rule_line: bool = False
    designed: bool | None = None  # a table row's own mark (else its block's)


@dataclass
class PageLayout:
    """A rules text laid out for the reader (not a table's layout.Layout)."""

    rows: list[Row]
    height: float
    block_y: dict[int, float]


def _style(style: str, size: int, heading: bool) -> tuple[str, tuple]:
    if heading:
        return ("serif" if size >= SIZES[2] else "bold"), theme.ACCENT
    if style == BOLD:
        return "bold", theme.INK
    if style == ITALIC:
        return "sans", ITALIC_INK
    if style == CODE:
        return "sans", CODE_INK
    return "sans", theme.INK


@lru_cache(maxsize=65536)
def _width(text: str, size: int, face: str, scale: float) -> float:
    """The width of ``text`` in design units, measured with the font of the window."""
    return fonts.font(max(1, round(size * text_scale(size, scale))), face).size(text)[0] / scale


_TOKEN = re.compile(r"\S+|\s+")


def wrap_part(
    part, key, width: float, size: int, scale: float, heading=False, bold=False, ui: float = 1.0
) -> list[list[Piece]]:
    """The pieces of one part wrapped to ``width``: lines of Piece (x from 0), one piece
    per run of a style."""
    lines: list[list] = [[]]  # runs: [x, [texts], face, ink, start, end]
    x = 0.0
    space = None  # (width, position, face, ink, text) of a space before the next word
    for start, end, style in part.spans:
        face, ink = _style(BOLD if bold else style, size, heading)
        for m in _TOKEN.finditer(part.text, start, end):
            text, pos = m.group(), m.start()
            w = _width(text, size * ui, face, scale)
            if text[0].isspace():
                if lines[-1]:
                    space = (w, pos, face, ink, text)
                continue
            line = lines[-1]
            if line and x + (space[0] if space else 0.0) + w > width:
                lines.append([])
                line, x, space = lines[-1], 0.0, None
            if space:
                run = line[-1]
                if run[2] == space[2] and run[3] == space[3] and run[5] == space[1]:
                    run[1].append(space[4])
                    run[5] += len(space[4])
                x += space[0]
                space = None
            run = line[-1] if line else None
            if run and run[2] == face and run[3] == ink and run[5] == pos:
                run[1].append(text)
                run[5] += len(text)
            else:
                line.append([x, [text], face, ink, pos, pos + len(text)])
            x += w
    return [
        [Piece(r[0], "".join(r[1]), size, r[2], r[3], key, r[4]) for r in line] for line in lines
    ]


def _links(row: Row, own: str | None, scale: float, ui: float) -> None:
    """The rule IDs of a row as links (not the ID a rule's own entry begins with)."""
    for p in row.pieces:
        for start, end, rule in rule_ids(p.text):
            if rule == own:
                continue
            x = p.x + _width(p.text[:start], p.size * ui, p.face, scale)
            w = _width(p.text[start:end], p.size * ui, p.face, scale)
            row.links.append((x, w, p.dy, rule))


def layout(book: Rulebook, scale: float, ui: float = 1.0) -> PageLayout:
    """The page at a window scale and a UI scale (text ``ui`` times larger, as paint
    draws it)."""
    rows: list[Row] = []
    block_y: dict[int, float] = {}
    y = 0.0
    for b, block in enumerate(book.blocks):
        if block.kind == "rule":
            rows.append(Row(y + 6, 12, b, rule_line=True))
            block_y[b] = y
            y += 18
            continue
        if block.kind == "heading":
            size = SIZES.get(block.level, 15)
            y += size * 0.7 * ui
            block_y[b] = y
            for line in wrap_part(block.parts[0], (b, 0), TEXT_W, size, scale, heading=True, ui=ui):
                rows.append(Row(y, size * 1.35 * ui, b, line))
                y += size * 1.35 * ui
            y += 4
            continue
        block_y[b] = y
        if block.kind == "table":
            y = _table(book, b, rows, y, scale, ui) + 8
            continue
        if block.kind == "code":
            for p, part in enumerate(block.parts):
                piece = Piece(16, part.text, BODY - 1, "sans", CODE_INK, (b, p), 0)
                rows.append(Row(y, BODY * 1.3 * ui, b, [piece] if part.text.strip() else []))
                y += BODY * 1.3 * ui
            y += 8
            continue
        indent = 22 * (block.level + 1) if block.kind == "bullet" else 0
        marker = block.marker or ("•" if block.level == 0 else "◦")
        first = True
        for line in wrap_part(block.parts[0], (b, 0), TEXT_W - indent, BODY, scale, ui=ui):
            for piece in line:
                piece.x += indent
            row = Row(y, BODY * 1.4 * ui, b, line)
            if first and block.kind == "bullet":
                row.bullet = (indent - 16, marker)
            first = False
            rows.append(row)
            y += BODY * 1.4 * ui
        y += 5
    for row in rows:
        _links(row, book.blocks[row.block].rule, scale, ui)
    return PageLayout(rows, y, block_y)


def _table(book: Rulebook, b: int, rows: list[Row], y: float, scale: float, ui: float) -> float:
    """Lay a table out in columns: each column as wide as its widest cell (or, when they do
    not fit, as its longest word plus a share of the rest), cells wrapped in their column."""
    block = book.blocks[b]
    n = block.columns
    cells = block.parts
    size = BODY - 1
    natural = [0.0] * n  # a column's width unwrapped, and its longest word
    least = [0.0] * n
    for i, part in enumerate(cells):
        face = "bold" if i < n else "sans"
        natural[i % n] = max(natural[i % n], _width(part.text, size * ui, face, scale) + 16)
        for word in part.text.split():
            least[i % n] = max(least[i % n], _width(word, size * ui, face, scale) + 16)
    if sum(natural) <= TEXT_W:
        widths = natural
    else:  # every column as wide as its longest word, the rest shared by what they lack
        spare = max(0.0, TEXT_W - sum(least))
        lack = sum(natural) - sum(least) or 1.0
        widths = [lo + spare * (hi - lo) / lack for lo, hi in zip(least, natural, strict=True)]
    edges = [0.0]
    for w in widths:
        edges.append(edges[-1] + w)
    step = size * 1.35 * ui
    for r in range(len(cells) // n):
        header = r == 0
        wrapped = []
        for c in range(n):
            part = cells[r * n + c]
            wrapped.append(
                wrap_part(part, (b, r * n + c), widths[c] - 16, size, scale, bold=header, ui=ui)
            )
        height = max(len(w) for w in wrapped) * step + 6
        row = Row(y, height, b, grid=(tuple(edges), header))
        row.designed = block.designed or any("[DESIGNED" in cells[r * n + c].text for c in range(n))
        for c, lines in enumerate(wrapped):
            for k, line in enumerate(lines):
                for piece in line:
                    piece.x += edges[c] + 8
                    piece.dy = 3 + k * step
                    row.pieces.append(piece)
        rows.append(row)
        y += height
    return y


@i18n.on_language_change
@lru_cache(maxsize=8)
def shown_book(game: str, lang: str) -> Rulebook:
    """The spec of ``game`` as the reader shows it: its glossary, in the language ``lang``,
    after the title (``game.app.glossary``)."""
    book = rulebook(game)
    return Rulebook(game, book.source, glossary.blocks(game))


@lru_cache(maxsize=8)
def _page_layout(game: str, scale: float, ui: float, lang: str) -> PageLayout:
    return layout(shown_book(game, lang), scale, ui)


def page_layout(game: str, scale: float, ui: float = 1.0) -> PageLayout:
    """The laid-out spec of ``game`` at a window and UI scale, in the language shown
    (kept: it takes a moment)."""
    return _page_layout(game, scale, ui, i18n.language())


class SearchField:
    """The search words; it takes the typed letters while the reader is open."""

    def __init__(self, rect, on_change) -> None:
        self.rect = rect
        self.value = ""
        self.on_change = on_change
        self.status = ""

    def click(self, pos, button: int = 1) -> bool:
        return inside(self.rect, pos)

    def key(self, key_name: str, unicode: str) -> bool:
        if key_name == "backspace" and self.value:
            self.value = self.value[:-1]
        elif (
            unicode
            and SEARCH_CHARS.fullmatch(unicode)
            and len(self.value) < 40
            and (unicode != " " or self.value)
        ):
            self.value += unicode
        else:
            return False
        self.on_change(self.value)
        return True

    def draw(self, surf, vp, mouse) -> None:
        x, y, w, h = self.rect
        paint.panel(surf, vp, self.rect, theme.PANEL, theme.ACCENT, radius=6, width=2)
        room = w - 20 - (70 if self.status else 0)  # the words inside the field
        if self.value:
            paint.text(
                surf,
                vp,
                self.value + "|",
                (x + 10, y + h / 2),
                theme.FONT,
                theme.INK,
                anchor="midleft",
                fit=room,
            )
        else:
            paint.text(
                surf,
                vp,
                _("Type to search the rules"),
                (x + 10, y + h / 2),
                theme.FONT_SMALL,
                theme.INK_DIM,
                anchor="midleft",
                fit=room,
            )
        if self.status:
            paint.text(
                surf,
                vp,
                self.status,
                (x + w - 10, y + h / 2),
                theme.FONT_SMALL,
                theme.INK_DIM,
                anchor="midright",
            )


class RulesScene(Scene):
    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, game: str | None = None, rule: str | None = None) -> None:
        super().__init__(app)
        self.game = game or playable_games()[0]
        self.scroll = 0.0  # design units from the top of the page
        self.target: int | None = None  # the block of the rule opened (marked)
        self.history: list[tuple] = []  # (game, scroll, target) before each link followed
        self.matches: list[tuple[int, int, int, int]] = []
        self.current = -1  # the match shown
        self.choice = Choice(
            (140, 20, 380, 40),
            _("Game"),
            [(g, registry.GAMES[g][0]) for g in registry.game_names()],
            on_change=self.set_game,
        )
        self.choice.select(self.game)
        self.search_field = SearchField((530, 20, 340, 40), self.search)
        self.widgets = [
            self.choice,
            self.search_field,
            Button(
                (878, 20, 44, 40),
                "‹",
                lambda: self.next_match(-1),
                tooltip=_("Previous match (Ctrl+Enter)"),
            ),
            Button(
                (926, 20, 44, 40), "›", lambda: self.next_match(1), tooltip=_("Next match (Enter)")
            ),
            Button((980, 20, 160, 40), _("Back"), app.pop),
        ]
        if rule:
            self.goto(rule)

    # ------------------------------------------------------------------ the text
    @property
    def book(self) -> Rulebook:
        return shown_book(self.game, i18n.language())

    def layout(self, vp=None) -> PageLayout:
        vp = vp or self.app.vp
        return page_layout(self.game, vp.scale, getattr(vp, "ui", 1.0))

    def set_game(self, game) -> None:
        self.game = game
        self.scroll = 0.0
        self.target = None
        self.search(self.search_field.value)

    def max_scroll(self) -> float:
        return max(0.0, self.layout().height - (BOTTOM - TOP) + 20)

    def scroll_to(self, y: float) -> None:
        self.scroll = max(0.0, min(y, self.max_scroll()))

    def goto(self, rule: str) -> bool:
        """Show the rule ``rule`` (of this game, or of the game its prefix names) at the
        top of the page; False when the spec has no such rule."""
        game = game_of(rule, self.game)
        if game != self.game and game in registry.GAMES:
            self.game = game
            self.choice.select(game)
            self.search(self.search_field.value)
        block = self.book.resolve(rule)
        if block is None:
            return False
        self.target = block
        self.scroll_to(self.layout().block_y[block] - 3)
        return True

    def top_rule(self) -> str | None:
        """The rule of the first row wholly on the page."""
        for row in self.layout().rows:
            if row.y >= self.scroll - 1:
                return self.book.blocks[row.block].section
        return None

    # ------------------------------------------------------------------ search
    def search(self, words: str) -> None:
        self.matches = self.book.search(words) if len(words.strip()) >= 2 else []
        self.current = -1
        self.next_match(1, from_top=True)

    def next_match(self, step: int, from_top: bool = False) -> None:
        field_ = self.search_field
        if not self.matches:
            field_.status = _("no match") if len(field_.value.strip()) >= 2 else ""
            return
        lay = self.layout()
        if from_top:  # the first match from the page shown on
            ys = [self._match_y(lay, m) for m in self.matches]
            self.current = next((i for i, y in enumerate(ys) if y >= self.scroll - 1), 0)
        else:
            self.current = (self.current + step) % len(self.matches)
        y = self._match_y(lay, self.matches[self.current])
        if not self.scroll <= y <= self.scroll + (BOTTOM - TOP) - 40:
            top = next((row.y for row in lay.rows if row.y >= y - 120), y - 120)
            self.scroll_to(top - 3)  # a whole row at the top of the page
        field_.status = f"{self.current + 1}/{len(self.matches)}"

    def _match_y(self, lay: PageLayout, match) -> float:
        b, p, start, _end = match
        for row in lay.rows:
            if row.block == b:
                for piece in row.pieces:
                    if (
                        piece.key == (b, p)
                        and piece.start <= start < piece.start + len(piece.text) + 1
                    ):
                        return row.y + piece.dy
        return lay.block_y.get(b, 0.0)

    # ------------------------------------------------------------------ input
    def on_back(self) -> None:
        if self.search_field.value:
            self.search_field.value = ""
            self.search("")
        else:
            self.app.pop()

    def on_wheel(self, inp) -> None:
        self.scroll_to(self.scroll - inp.dy * 60)

    def on_key(self, inp) -> None:
        steps = {"down": 40, "up": -40, "page down": 600, "page up": -600}
        if inp.key in steps:
            self.scroll_to(self.scroll + steps[inp.key])
        elif inp.key == "home":
            self.scroll_to(0)
        elif inp.key == "end":
            self.scroll_to(self.max_scroll())
        elif inp.key in ("return", "enter", "f3"):
            self.next_match(-1 if inp.ctrl else 1)
        elif inp.key == "backspace":  # the search field is empty: back along the links
            self.go_back()
        else:
            super().on_key(inp)

    def link_at(self, pos) -> str | None:
        if pos is None or not inside(PAGE, pos):
            return None
        for row in self.layout().rows:
            top = TOP + row.y - self.scroll
            for x, w, dy, rule in row.links:
                if inside((TEXT_X + x, top + dy, w, row.h - dy if dy else row.h), pos):
                    return rule
        return None

    def on_click(self, inp) -> None:
        rule = self.link_at(inp.pos) if inp.button == 1 else None
        if rule:
            here = (self.game, self.scroll, self.target)
            if self.goto(rule):
                self.history.append(here)

    def go_back(self) -> bool:
        """Back to where the last link was followed from (Backspace)."""
        if not self.history:
            return False
        game, scroll, target = self.history.pop()
        if game != self.game:
            self.game = game
            self.choice.select(game)
            self.search(self.search_field.value)
        self.target = target
        self.scroll_to(scroll)
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 232)  # the whole window, also wider than 16:10
        paint.panel(surf, vp, PAGE)
        lay = self.layout(vp)
        old_clip = surf.get_clip()
        surf.set_clip(vp.rect((PAGE[0] + 2, TOP - 4, PAGE[2] - 4, BOTTOM - TOP + 8)))
        marks: dict[tuple, list] = {}
        for i, (b, p, start, end) in enumerate(self.matches):
            marks.setdefault((b, p), []).append((start, end, i == self.current))
        hovered = self.link_at(mouse)
        for row in lay.rows:
            top = TOP + row.y - self.scroll
            if top + row.h < TOP - 6 or top > BOTTOM + 6:
                continue
            self._draw_row(surf, vp, row, top, marks, hovered)
        surf.set_clip(old_clip)
        self._draw_scrollbar(surf, vp, lay)
        # the notes under the page, in the middle of the room left under it (a small
        # window with a large text size leaves little)
        below = PAGE[1] + PAGE[3]
        foot = below + max(0.0, (vp.top + vp.design_h - below) / 2)
        paint.text(
            surf,
            vp,
            "▌ " + _("[DESIGNED] content: invented for this implementation"),
            (PAGE[0] + 12, foot),
            theme.FONT_SMALL,
            DESIGNED_INK,
            anchor="midleft",
            fit=PAGE[2] / 2 - 12,
        )
        if self.history:
            paint.text(
                surf,
                vp,
                _("Backspace: back to where the link was"),
                (PAGE[0] + PAGE[2] - 12, foot),
                theme.FONT_SMALL,
                theme.INK_DIM,
                anchor="midright",
                fit=PAGE[2] / 2 - 24,
            )
        self.draw_widgets(surf, vp, mouse)

    def _draw_row(self, surf, vp, row: Row, top: float, marks: dict, hovered) -> None:
        block = self.book.blocks[row.block]
        ui = getattr(vp, "ui", 1.0)
        if row.block == self.target:
            paint.panel(
                surf, vp, (TEXT_X - 8, top - 1, TEXT_W + 16, row.h + 2), TARGET_BG, None, radius=0
            )
        if block.designed if row.designed is None else row.designed:
            paint.panel(surf, vp, (PAGE[0] + 10, top, 5, row.h + 5), DESIGNED_INK, None, 0)
        if row.rule_line:
            paint.panel(surf, vp, (TEXT_X, top + row.h / 2, TEXT_W, 1), TABLE_LINE, None, 0)
            return
        if row.grid is not None:
            edges, header = row.grid
            if header:
                paint.panel(
                    surf,
                    vp,
                    (TEXT_X + edges[0], top, edges[-1] - edges[0], row.h),
                    (48, 54, 62),
                    None,
                    radius=0,
                )
            paint.panel(
                surf,
                vp,
                (TEXT_X + edges[0], top + row.h - 1, edges[-1] - edges[0], 1),
                TABLE_LINE,
                None,
                radius=0,
            )
            for x in edges[1:-1]:
                paint.panel(surf, vp, (TEXT_X + x, top, 1, row.h), TABLE_LINE, None, radius=0)
        if row.bullet:
            x, marker = row.bullet
            paint.text(surf, vp, marker, (TEXT_X + x, top), BODY, theme.INK_DIM)
        for piece in row.pieces:
            for start, end, current in marks.get(piece.key, ()):
                lo, hi = max(start, piece.start), min(end, piece.start + len(piece.text))
                if lo >= hi:
                    continue
                x0 = _width(piece.text[: lo - piece.start], piece.size * ui, piece.face, vp.scale)
                w = _width(
                    piece.text[lo - piece.start : hi - piece.start],
                    piece.size * ui,
                    piece.face,
                    vp.scale,
                )
                paint.panel(
                    surf,
                    vp,
                    (TEXT_X + piece.x + x0, top + piece.dy, w, piece.size * ui * 1.25),
                    CURRENT_BG if current else MATCH_BG,
                    theme.HILITE if current else None,
                    radius=2,
                )
            paint.text(
                surf,
                vp,
                piece.text,
                (TEXT_X + piece.x, top + piece.dy),
                piece.size,
                piece.ink,
                piece.face,
            )
        for x, w, dy, rule in row.links:
            size = BODY if not row.grid else BODY - 1
            colour = theme.HILITE if rule == hovered else LINK_INK
            paint.panel(surf, vp, (TEXT_X + x, top + dy + size * ui * 1.2, w, 1), colour, None, 0)

    def _draw_scrollbar(self, surf, vp, lay: PageLayout) -> None:
        view = BOTTOM - TOP
        if lay.height <= view:
            return
        x = PAGE[0] + PAGE[2] - 12
        paint.panel(surf, vp, (x, TOP, 6, view), (50, 54, 60), None, radius=3)
        h = max(30.0, view * view / lay.height)
        y = TOP + (view - h) * self.scroll / max(1.0, self.max_scroll())
        paint.panel(surf, vp, (x, y, 6, h), theme.PANEL_EDGE, None, radius=3)


def open_rule(app, game: str, rule_id: str) -> RulesScene:
    """Push the reader of ``game`` (or of the game the ID's prefix names) at ``rule_id``."""
    scene = RulesScene(app, game_of(rule_id, game), rule=rule_id)
    app.push(scene)
    return scene
