"""Hotseat: the table is covered until the next person takes the screen."""

from __future__ import annotations

from .. import paint, theme
from ..i18n import _
from ..scene import Scene
from .title import draw_backdrop


class HandoffScene(Scene):
    ui_scaled = True

    opaque = True  # nothing of the table shows through

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        session = table.session
        self.seat = session.to_act()
        obs = session.rules.observation(session.state, self.seat)  # only its name is used
        self.name = session.view.seat_label(obs, self.seat)

    def on_click(self, inp) -> None:
        self.take()

    def on_key(self, inp) -> None:
        if inp.key in ("return", "enter", "space"):
            self.take()

    def take(self) -> None:
        self.table.session.take_screen(self.seat)
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 215)  # the whole window, also wider than 16:10
        paint.text(
            surf,
            vp,
            _("Pass to {name}").format(name=self.name),
            (640, 340),
            theme.FONT_TITLE,
            theme.ACCENT,
            "serif",
            "center",
        )
        paint.text(
            surf,
            vp,
            _("{name}, click when ready.").format(name=self.name),
            (640, 420),
            theme.FONT_BIG,
            theme.INK,
            anchor="center",
        )
        paint.text(
            surf,
            vp,
            _("The other players should look away: your cards are shown next."),
            (640, 470),
            theme.FONT,
            theme.INK_DIM,
            anchor="center",
        )
