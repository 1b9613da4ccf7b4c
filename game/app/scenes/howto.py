"""How to play: a game's goal, a turn in a few lines and the rules to read (the game's
``HOWTO``, in its glossary module), how to click; and its glossary: the game's own words
explained (``game.app.glossary``).

Shown the first time a game is chosen on the set-up screen (Settings.howto_seen) and
opened from the set-up screen and the table's menu at any time.  Each rule ID is a link
into the rules reader.  "Show the guide again" offers the guided first turn
(``game.app.coach``) once more.
"""

from __future__ import annotations

from game.core import registry

from .. import coach, fonts, glossary, links, paint, theme
from ..i18n import N_, _
from ..scene import Scene
from ..settings_store import Settings
from ..widgets import Button
from .title import draw_backdrop

PAGE = (70, 84, 1140, 604)  # the text's area (design units)

#: how the table is used, the same in every game
CLICKS = (
    N_(
        "Click a highlighted card or place to choose it; a move of several clicks is made "
        "one click at a time."
    ),
    N_("When several moves end on the same click, a menu lists them: click one."),
    N_("A right click or Escape takes back a half-made choice."),
    N_("Moves without a place are the buttons under the prompt."),
    N_("Skip lets the computer players move on without a pause until a person must decide."),
    N_(
        "Undo (Ctrl+Z) takes back your last move. Point at anything for its tooltip; F1 "
        "opens the rule it names."
    ),
)


def has_howto(game: str) -> bool:
    return glossary.howto(game) is not None


def mark_seen(app, game: str) -> bool:
    """Remember that ``game``'s how-to-play was shown; False if it had been already."""
    settings: Settings = app.settings
    if game in settings.howto_seen:
        return False
    settings.howto_seen.append(game)
    settings.save(app.store.root)
    return True


def show_first_time(app, game: str) -> bool:
    """Open the how-to-play of ``game`` unless it was shown before; True if opened."""
    if not has_howto(game) or not mark_seen(app, game):
        return False
    app.push(HowToScene(app, game))
    return True


class HowToScene(Scene):
    ui_scaled = True

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.page = 0  # 0 how to play; 1, 2, ... the glossary's pages
        self.page_button = Button(
            (70, 708, 250, 48),
            _("Glossary"),
            self.turn_page,
            tooltip=_("The game's own words explained"),
        )
        self.guide_button = Button(
            (960, 708, 250, 48),
            _("Show the guide again"),
            self.guide_again,
            tooltip=_("The guided first turn shows at this game's table again"),
        )
        self.widgets = [self.page_button, Button((540, 708, 200, 48), _("Close"), app.pop)]
        if coach.has_guide(game):
            self.widgets.append(self.guide_button)
        self._pages: dict = {}  # (viewport's scale, UI scale, language) -> glossary pages
        self.update_buttons()

    def on_back(self) -> None:
        self.app.pop()

    def update_buttons(self) -> None:
        pages = len(self.glossary_pages(self.app.vp_for(self)))
        if self.page == 0:
            self.page_button.label = _("Glossary")
        elif self.page < pages:
            self.page_button.label = _("Glossary, page {n} of {m}").format(n=self.page + 1, m=pages)
        else:
            self.page_button.label = _("How to play")
        self.guide_button.enabled = self.game in self.app.settings.coach_seen

    def turn_page(self) -> None:
        """How to play -> the glossary (page by page) -> How to play."""
        pages = len(self.glossary_pages(self.app.vp_for(self)))
        self.page = (self.page + 1) % (pages + 1)
        self.update_buttons()

    def guide_again(self) -> None:
        coach.show_again(self.app, self.game)
        self.update_buttons()

    def title(self) -> str:
        name = registry.GAMES[self.game][0]
        if self.page:
            return _("Glossary: {game}").format(game=name)
        return _("How to play: {game}").format(game=name)

    def sections(self) -> list[tuple[str, list[str]]]:
        """(heading, paragraphs) in the language shown."""
        goal, turn, rules = glossary.howto(self.game)
        return [
            (_("Goal"), [_(goal)]),
            (_("A turn"), ["• " + _(line) for line in turn]),
            (_("At the table"), ["• " + _(line) for line in CLICKS]),
            (
                _("Read more"),
                [_("The rules: {rules} (click a rule to read it).").format(rules=", ".join(rules))],
            ),
        ]

    @staticmethod
    def entry_words(entry) -> str:
        return f"{entry.term}: {entry.text} ({entry.rule})"

    def terms(self) -> dict[str, str]:
        """A glossary row's words -> its term (drawn in the accent colour)."""
        return {self.entry_words(e): e.term for e in glossary.entries(self.game)}

    def glossary_pages(self, vp) -> list[list[tuple[str, list[str]]]]:
        """The glossary as pages of two columns, at the UI scale as far as a page holds
        it (never smaller than 12 px): as few pages as hold every entry."""
        key = (vp.scale, vp.ui, glossary.i18n.language())
        if key not in self._pages:
            words = [self.entry_words(e) for e in glossary.entries(self.game)]
            pages = []
            for n in range(1, len(words) + 1):
                per = -(-len(words) // n)
                chunks = [words[i : i + per] for i in range(0, len(words), per)]
                pages = [self._glossary_sections(c) for c in chunks]
                if all(self._fits(vp, p) for p in pages):
                    break
            self._pages[key] = pages
        return self._pages[key]

    @staticmethod
    def _glossary_sections(words: list[str]) -> list[tuple[str, list[str]]]:
        half = -(-len(words) // 2)
        return [(_("Glossary"), words[:half]), ("", words[half:])]

    def _fits(self, vp, sections) -> bool:
        ui = vp.ui
        while ui >= self.least_ui(vp):
            if self._rows(vp.with_ui(ui), sections, 1) is not None:
                return True
            ui = round(ui - 0.05, 2)
        return False

    @staticmethod
    def least_ui(vp) -> float:
        """The smallest UI scale the words may shrink to: 12 px on the screen."""
        ui = 0.7
        while vp.with_ui(ui).font_px(theme.FONT) < 12 and ui < vp.ui:
            ui = round(ui + 0.05, 2)
        return ui

    def rows(self, vp) -> list[tuple[str, tuple, int, str]]:
        """What is drawn: (words, design rectangle, size, face), in two columns (the goal
        and a turn; the table and the rules; or the glossary's entries).  The text grows
        with the UI scale as far as the page holds it."""
        if self.page:
            pages = self.glossary_pages(vp)
            sections, split, least = pages[min(self.page, len(pages)) - 1], 1, self.least_ui(vp)
        else:
            sections, split, least = self.sections(), 2, 0.7
        ui = vp.ui
        while True:
            rows = self._rows(vp.with_ui(ui), sections, split)
            if rows is not None or ui <= least:
                return rows or []
            ui = round(ui - 0.05, 2)

    def _rows(self, vp, sections, split: int) -> list[tuple[str, tuple, int, str]] | None:
        """The rows at ``vp``'s scale, ``sections[:split]`` in the left column; None when
        they do not fit the page."""
        x0, top, width, h = PAGE
        bottom = top + h
        col_w = (width - 40) / 2
        size, head = theme.FONT, theme.FONT + 3
        out = []
        for column, part in enumerate((sections[:split], sections[split:])):
            x, y = x0 + column * (col_w + 40), top
            for heading, paragraphs in part:
                if heading:
                    out.append((heading, (x, y, col_w, head * vp.ui * 1.4), head, "bold"))
                y += head * vp.ui * 1.5
                for words in paragraphs:
                    rect = (x + 14, y, col_w - 14, bottom - y)
                    lines = fonts.wrap(words, vp.font_px(size), vp.size(col_w - 14))
                    y += len(lines) * vp.text_h(size) * 1.2 + 3 * vp.ui
                    if y > bottom:
                        return None
                    out.append((words, rect, size, "sans"))
                y += 10 * vp.ui
        return [(words, rect, size, face, vp.ui) for words, rect, size, face in out]

    def on_click(self, inp) -> None:
        vp = self.app.vp_for(self)
        for words, rect, size, face, ui in self.rows(vp):
            rule = links.link_at(words, rect, size, vp.with_ui(ui), inp.pos, face)
            if rule:
                from .reader import open_rule

                open_rule(self.app, self.game, rule)
                return

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 232)  # the whole window, also wider than 16:10
        paint.text(surf, vp, self.title(), (640, 44), 30, theme.ACCENT, "serif", "center")
        terms = self.terms() if self.page else {}
        for words, rect, size, face, ui in self.rows(vp):
            colour = theme.ACCENT if face == "bold" else theme.INK
            at = vp.with_ui(ui)
            links.draw_text(surf, at, words, rect, size, colour, theme.BG, mouse, face)
            if words in terms:  # the term over itself, in colour (on as many lines as it is)
                rest = terms[words] + ":"
                shown = links.fitted_size(words, rect, size, at, face)
                for line, top, _links in links.text_rows(words, rect, size, at, face):
                    part = rest if line.startswith(rest) else line if rest.startswith(line) else ""
                    if part:
                        paint.text(surf, at, part, (rect[0], top), shown, theme.ACCENT, face)
                    rest = rest[len(part) :].lstrip()
                    if not part or not rest:
                        break
        self.draw_widgets(surf, vp, mouse)
