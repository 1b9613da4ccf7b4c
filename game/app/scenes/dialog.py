"""A message or a question over the scene below it."""

from __future__ import annotations

from collections.abc import Callable

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..widgets import Button, fitting

W, H = 560, 240
TITLE_CHARS = 120  # a dialog's title at most (a save's name may be 100,000 characters)
TEXT_CHARS = 600  # its message at most
TEXT_LINES = 8  # lines of its message at most (the box holds about four)


def bounded(title: str, text: str) -> tuple[str, str]:
    """The title on one line and the message in a few lines, both cut short (with an
    ellipsis) and drawable: a dialog may tell of untrusted text (a damaged save)."""
    title = " ".join(fonts.drawable(title, TITLE_CHARS * 4).split())
    title = fonts.drawable(title, TITLE_CHARS)
    lines = fonts.drawable(text, TEXT_CHARS).split("\n")
    if len(lines) > TEXT_LINES:
        lines = [*lines[: TEXT_LINES - 1], lines[TEXT_LINES - 1] + " …"]
    return title, "\n".join(lines)


class Dialog(Scene):
    opaque = False
    ui_scaled = True

    def __init__(
        self,
        app,
        title: str,
        text: str,
        buttons: list[tuple[str, Callable[[], None] | None]] | None = None,
    ) -> None:
        super().__init__(app)
        self.title, self.text = bounded(title, text)
        grow = 1 + 0.6 * (app.ui_scale - 1)  # larger at a larger UI scale
        buttons = buttons or [(_("OK"), None)]
        n = len(buttons)
        bw, bh = 160 * grow, 40 * grow
        gap = 16
        # as wide as its row of buttons (four at 150 %), never wider than the window's
        # 1280 design units; narrower buttons where even that is not enough
        w = min(1280 - 40, max(W * grow, n * bw + (n - 1) * gap + 48))
        bw = min(bw, (w - 48 - (n - 1) * gap) / n)
        h = H * grow
        self.rect = ((1280 - w) / 2, (800 - h) / 2, w, h)
        x, y, w, h = self.rect
        left = x + (w - len(buttons) * bw - (len(buttons) - 1) * gap) / 2
        for i, (label, action) in enumerate(buttons):
            self.widgets.append(
                Button(
                    (left + i * (bw + gap), y + h - 20 - bh, bw, bh), label, self._closer(action)
                )
            )

    def _closer(self, action):
        def run():
            self.app.pop()
            if action:
                action()

        return run

    def on_back(self) -> None:
        self.app.pop()

    def on_key(self, inp) -> None:
        if inp.key in ("escape", "return", "enter"):
            # Enter takes the first button, Escape the last (the safe one)
            index = 0 if inp.key != "escape" else -1
            self.widgets[index].on_click()

    def draw(self, surf, vp, mouse) -> None:
        paint.shade(surf, vp, None, 150)
        x, y, w, h = self.rect
        paint.panel(surf, vp, self.rect, theme.PANEL, theme.ACCENT, radius=10, width=2)
        paint.text(
            surf,
            vp,
            self.title,
            (x + 24, y + 18),
            fitting(vp, self.title, theme.FONT_BIG, w - 48, "serif"),
            theme.INK,
            "serif",
        )
        top = 24 + theme.FONT_BIG * vp.ui * 1.6  # below the title, as large as it is drawn
        bottom = self.widgets[0].rect[1] - y - 8  # above the buttons
        paint.text_in(
            surf, vp, self.text, (x + 24, y + top, w - 48, bottom - top), theme.FONT, theme.INK
        )
        self.draw_widgets(surf, vp, mouse)


def message(app, title: str, text: str) -> None:
    app.push(Dialog(app, title, text))


def confirm(app, title: str, text: str, yes_label: str, on_yes: Callable[[], None]) -> None:
    app.push(Dialog(app, title, text, [(yes_label, on_yes), (_("Cancel"), None)]))
