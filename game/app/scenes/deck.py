"""Deck construction before a game (Runes of Mayhem module X1, RM-19): each person at
the screen trims his faction's pool to a legal deck, name by name.

The view of the game knows the pool and asks the engine whether a list is legal
(``deck_pool``, ``deck_default``, ``deck_problem``); the scene only toggles names and
counts cards.  Basic units are always in (RM-19.2.1); every copy of a name goes in or out
together (RM-19.2.2).  When every person has built a deck, ``on_done`` receives the
chosen names per seat.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..widgets import Button, fitting
from . import dialog
from .title import draw_backdrop

DECK_SIZE = 52
ROW_H, COLUMNS, LEFT = 34, 2, 40


class DeckScene(Scene):
    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, view, config: dict, seats: list[int], labels: list[str],
                 on_done: Callable[[dict], None]) -> None:
        super().__init__(app)
        self.view = view
        self.config = config
        self.seats = list(seats)
        self.labels = labels
        self.on_done = on_done
        self.decks: dict[int, set[str]] = {}
        self.index = 0
        self.start_seat()

    @property
    def seat(self) -> int:
        return self.seats[self.index]

    def start_seat(self) -> None:
        self.pool = self.view.deck_pool(self.seat, self.config)
        self.chosen = set(self.view.deck_default(self.seat, self.config)) & \
            {c for c, *_rest in self.pool}
        self.build()

    def count(self) -> int:
        return sum(n for c, _name, n, _basic, _tip in self.pool if c in self.chosen)

    def problem(self) -> str | None:
        return self.view.deck_problem(self.seat, sorted(self.chosen), self.config)

    def panel_x(self) -> float:
        """The left edge of the count and the deck's problem on the right: narrower at a
        larger UI scale, so that the names keep wide columns."""
        return 860 + 80 * (self.app.ui_scale - 1)

    def intro(self) -> str:
        return _("Click a name to take all its copies in or out. Basic units are always "
                 "in; a deck has exactly {n} cards.").format(n=DECK_SIZE)

    def intro_lines(self, ui: float) -> int:
        """The lines of the intro under the heading (measured a little narrower than it
        is drawn, so that it never takes a line more than the room left for it)."""
        return len(fonts.wrap(self.intro(), round(theme.FONT_SMALL * ui * 4), 1150 * 4))

    def list_top(self, ui: float) -> float:
        """Below the heading and the intro."""
        return max(110, 70 + self.intro_lines(ui) * theme.FONT_SMALL * ui * 1.2 + 14)

    def build(self) -> None:
        ui = self.app.ui_scale
        widgets = []
        bh = 50 + 20 * (ui - 1)
        by = 750 - bh
        top = self.list_top(ui)
        per_column = max(1, -(-len(self.pool) // COLUMNS))
        step = min(ROW_H * ui, (by - 12 - top) / per_column)
        col_w = (self.panel_x() - 20 - LEFT - (COLUMNS - 1) * 10) / COLUMNS
        for i, (c, name, n, basic, tip) in enumerate(self.pool):
            col, row = divmod(i, per_column)
            x, y = LEFT + col * (col_w + 10), top + row * step
            inside = c in self.chosen
            mark = "■" if inside else "□"
            label = f"{mark}  {name} ×{n}" + ("  · " + _("always in") if basic else "")
            b = Button((x, y, col_w, step - 4), label, self._toggler(c),
                       enabled=not basic, tooltip=tip, size=theme.FONT_SMALL,
                       selected=inside)
            widgets.append(b)
        last = self.index == len(self.seats) - 1
        wide = 300 + 60 * (ui - 1)
        self.done_button = Button((1240 - wide, by, wide, bh),
                                  _("Start the game") if last else _("Next player"),
                                  self.done, enabled=self.problem() is None,
                                  size=theme.FONT_BIG)
        widgets += [
            Button((LEFT, by, 240, bh), _("Back"), self.app.pop, size=theme.FONT_BIG),
            Button((LEFT + 260, by, wide + 40 * (ui - 1), bh), _("The base deck"), self.reset,
                   size=theme.FONT_BIG),
            self.done_button,
        ]
        self.widgets = widgets

    def _toggler(self, c: str):
        def toggle():
            self.chosen ^= {c}
            self.build()
        return toggle

    def reset(self) -> None:
        self.start_seat()

    def done(self) -> None:
        if self.problem() is not None:
            return
        self.decks[self.seat] = set(self.chosen)
        if self.index < len(self.seats) - 1:
            self.index += 1
            self.start_seat()
            dialog.message(self.app, _("Next player"), _(
                "Pass the screen to the {who} player: his deck is built in secret "
                "(RM-19.3).").format(who=self.labels[self.seat]))
            return
        self.app.pop()
        self.on_done(self.decks)

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 225)  # the whole window, also wider than 16:10
        ui = vp.ui
        heading = _("Deck construction: {who} (RM-19)").format(who=self.labels[self.seat])
        paint.text(surf, vp, heading, (640, 40), fitting(vp, heading, 30, 1240, "serif"),
                   theme.ACCENT, "serif", "center")
        paint.text_in(surf, vp, self.intro(),
                      (40, 70, 1200, (self.intro_lines(ui) + 0.5) * theme.FONT_SMALL * ui * 1.2),
                      theme.FONT_SMALL, theme.INK_DIM, align="center")
        n = self.count()
        problem = self.problem()
        x = self.panel_x()
        w = 1240 - x
        top = self.list_top(ui)
        count = _("{n} of {m} cards").format(n=n, m=DECK_SIZE)
        paint.text(surf, vp, count, (x, top + 10), fitting(vp, count, theme.FONT_BIG, w, "bold"),
                   theme.OK if problem is None else theme.DANGER, "bold")
        used = paint.text_in(surf, vp, problem or _("A legal deck (RM-19.2)."),
                             (x, top + 10 + 40 * ui, w, 200 * ui), theme.FONT_SMALL,
                             theme.DANGER if problem else theme.INK)
        if len(self.seats) > 1:
            y = top + 10 + 40 * ui + used * theme.FONT_SMALL * ui * 1.2 + 24 * ui
            paint.text_in(surf, vp, _("Hotseat: the other player looks away; his turn "
                                      "follows."), (x, y, w, 80 * ui), theme.FONT_SMALL,
                          theme.INK_DIM)
        self.draw_widgets(surf, vp, mouse)
        for b in self.widgets:
            if isinstance(b, Button) and b.hit(mouse) and b.tooltip:
                tw = 320 * ui
                lines = fonts.wrap(b.tooltip, vp.font_px(theme.FONT_SMALL), vp.size(tw - 20))
                th = 16 + len(lines) * vp.text_h(theme.FONT_SMALL) * 1.2
                tx = min(mouse[0] + 16, vp.right - tw - 4)
                ty = min(mouse[1] + 16, 800 - th - 4)
                paint.panel(surf, vp, (tx, ty, tw, th), (24, 26, 30), theme.ACCENT, radius=6)
                paint.text_in(surf, vp, b.tooltip, (tx + 10, ty + 8, tw - 20, th - 8),
                              theme.FONT_SMALL, theme.INK)
