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

from .. import paint, theme
from ..i18n import _
from ..scene import Scene
from ..widgets import Button
from . import dialog

DECK_SIZE = 52
ROW_H, ROWS, COL_W = 34, 14, 400


class DeckScene(Scene):
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

    def build(self) -> None:
        widgets = []
        for i, (c, name, n, basic, tip) in enumerate(self.pool):
            col, row = divmod(i, ROWS)
            x, y = 40 + col * (COL_W + 10), 110 + row * ROW_H
            inside = c in self.chosen
            mark = "■" if inside else "□"
            label = f"{mark}  {name} ×{n}" + ("  · " + _("always in") if basic else "")
            b = Button((x, y, COL_W, ROW_H - 4), label, self._toggler(c),
                       enabled=not basic, tooltip=tip, size=theme.FONT_SMALL,
                       selected=inside)
            widgets.append(b)
        last = self.index == len(self.seats) - 1
        self.done_button = Button((940, 700, 300, 50),
                                  _("Start the game") if last else _("Next player"),
                                  self.done, enabled=self.problem() is None,
                                  size=theme.FONT_BIG)
        widgets += [
            Button((40, 700, 240, 50), _("Back"), self.app.pop, size=theme.FONT_BIG),
            Button((300, 700, 300, 50), _("The base deck"), self.reset, size=theme.FONT_BIG),
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
        surf.fill(theme.BG)
        paint.text(surf, vp, _("Deck construction: {who} (RM-19)").format(
            who=self.labels[self.seat]), (640, 40), 30, theme.ACCENT, "serif", "center")
        paint.text(surf, vp, _("Click a name to take all its copies in or out. Basic units "
                               "are always in; a deck has exactly {n} cards.").format(
            n=DECK_SIZE), (640, 78), theme.FONT_SMALL, theme.INK_DIM, anchor="center")
        n = self.count()
        problem = self.problem()
        x = 860
        paint.text(surf, vp, _("{n} of {m} cards").format(n=n, m=DECK_SIZE), (x, 120),
                   theme.FONT_BIG, theme.OK if problem is None else theme.DANGER, "bold")
        paint.text_in(surf, vp, problem or _("A legal deck (RM-19.2)."),
                      (x, 160, 380, 200), theme.FONT_SMALL,
                      theme.DANGER if problem else theme.INK)
        if len(self.seats) > 1:
            paint.text_in(surf, vp, _("Hotseat: the other player looks away; his turn "
                                      "follows."), (x, 380, 380, 80), theme.FONT_SMALL,
                          theme.INK_DIM)
        self.draw_widgets(surf, vp, mouse)
        for w in self.widgets:
            if isinstance(w, Button) and w.hit(mouse) and w.tooltip:
                tx = min(mouse[0] + 16, 1280 - 324)
                ty = min(mouse[1] + 16, 800 - 140)
                paint.panel(surf, vp, (tx, ty, 320, 130), (24, 26, 30), theme.ACCENT, radius=6)
                paint.text_in(surf, vp, w.tooltip, (tx + 10, ty + 8, 300, 118),
                              theme.FONT_SMALL, theme.INK)
