"""The few widgets the menus and the table need: buttons, choices and a number field.

They are drawn in design coordinates through the viewport, so they scale with the window
and stay sharp, and all their words come from the translation catalogs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from . import fonts, paint, theme
from .viewport import Viewport


def fitting(vp: Viewport, words: str, size: float, width: float, face: str = "sans") -> float:
    """``size``, made smaller when ``words`` would be wider than ``width`` at the UI scale
    (a long word on a small button at 150 %)."""
    drawn = fonts.font(vp.font_px(size), face).size(words)[0]
    room = vp.size(width)
    return size if drawn <= room or not drawn else size * room / drawn * 0.97


def two_line_size(
    vp: Viewport, words: str, size: float, width: float, height: float
) -> float | None:
    """The largest size up to ``size`` (12 px at least) at which ``words`` take two lines
    of ``width`` that fit in ``height``; None when there is none."""
    while vp.font_px(size) >= 12:
        if (
            vp.text_h(size) * 2.25 <= height
            and len(fonts.wrap(words, vp.font_px(size), vp.size(width))) <= 2
        ):
            return size
        size -= 0.5
    return None


def inside(rect, pos) -> bool:
    x, y, w, h = rect
    return pos is not None and x <= pos[0] < x + w and y <= pos[1] < y + h


@dataclass
class Button:
    rect: tuple
    label: str
    on_click: Callable[[], None] | None = None
    enabled: bool = True
    tooltip: str = ""
    size: int = theme.FONT
    selected: bool = False

    def hit(self, pos) -> bool:
        return inside(self.rect, pos)

    def click(self, pos, button: int = 1) -> bool:
        if self.enabled and self.hit(pos) and button == 1 and self.on_click:
            self.on_click()
            return True
        return False

    def draw(self, surf, vp: Viewport, mouse) -> None:
        if not self.enabled:
            colour = theme.BUTTON_OFF
        elif self.hit(mouse):
            colour = theme.BUTTON_HOVER
        else:
            colour = theme.BUTTON
        edge = theme.ACCENT if self.selected else theme.PANEL_EDGE
        paint.panel(surf, vp, self.rect, colour, edge, radius=6, width=2 if self.selected else 1)
        ink = theme.INK if self.enabled else theme.INK_DIM
        x, y, w, h = self.rect
        size = fitting(vp, self.label, self.size, w - 10)
        if vp.font_px(size) < min(vp.font_px(self.size), 13) and " " in self.label:
            two = two_line_size(vp, self.label, self.size, w - 10, h)
            if two is not None and two > size:
                # a long label on a narrow button (a long language, a large text size):
                # two lines, larger than one line shrunk below what can be read
                paint.text_in(
                    surf,
                    vp,
                    self.label,
                    (x + 5, y, w - 10, h),
                    two,
                    ink,
                    align="center",
                    spacing=1.05,
                    valign="middle",
                )
                return
        paint.text(surf, vp, self.label, (x + w / 2, y + h / 2), size, ink, anchor="center")


@dataclass
class Choice:
    """A labelled value that steps through its options on a click (right click: back)."""

    rect: tuple
    caption: str
    options: list[tuple[object, str]]
    index: int = 0
    on_change: Callable[[object], None] | None = None
    enabled: bool = True

    @property
    def value(self):
        return self.options[self.index][0]

    def select(self, value) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                return

    def hit(self, pos) -> bool:
        return inside(self.rect, pos)

    def click(self, pos, button: int = 1) -> bool:
        if not (self.enabled and self.hit(pos)) or button not in (1, 3):
            return False
        step = 1 if button == 1 else -1
        self.index = (self.index + step) % len(self.options)
        if self.on_change:
            self.on_change(self.value)
        return True

    def draw(self, surf, vp: Viewport, mouse) -> None:
        x, y, w, h = self.rect
        hover = self.enabled and self.hit(mouse)
        if not self.enabled:
            colour = theme.BUTTON_OFF
        else:
            colour = theme.BUTTON_HOVER if hover else theme.BUTTON
        paint.panel(surf, vp, self.rect, colour, theme.PANEL_EDGE, radius=6)
        ink = theme.INK if self.enabled else theme.INK_DIM
        label = f"‹ {self.options[self.index][1]} ›"
        size = fitting(vp, label, theme.FONT, w * 0.6)
        right = paint.text(surf, vp, label, (x + w - 12, y + h / 2), size, ink, anchor="midright")
        if self.caption:  # what room the value leaves (a long variant's name at 150 %)
            room = (right.left - vp.point(x, y)[0]) / vp.scale - 24
            paint.text(
                surf,
                vp,
                self.caption,
                (x + 12, y + h / 2),
                fitting(vp, self.caption, theme.FONT_SMALL, room),
                theme.INK_DIM,
                anchor="midleft",
            )


@dataclass
class NumberField:
    """Digits typed after a click; empty means 'none'."""

    rect: tuple
    caption: str
    placeholder: str
    value: str = ""
    focused: bool = False
    max_len: int = 9
    chars: str = field(default="0123456789")

    def hit(self, pos) -> bool:
        return inside(self.rect, pos)

    def click(self, pos, button: int = 1) -> bool:
        self.focused = self.hit(pos)
        return self.focused

    def key(self, key_name: str, unicode: str) -> bool:
        if not self.focused:
            return False
        if key_name == "backspace":
            self.value = self.value[:-1]
        elif unicode and unicode in self.chars and len(self.value) < self.max_len:
            self.value += unicode
        else:
            return False
        return True

    def draw(self, surf, vp: Viewport, mouse) -> None:
        x, y, w, h = self.rect
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        paint.panel(surf, vp, self.rect, theme.PANEL, edge, radius=6, width=2)
        paint.text(
            surf,
            vp,
            self.caption,
            (x + 12, y + h / 2),
            theme.FONT_SMALL,
            theme.INK_DIM,
            anchor="midleft",
        )
        shown = self.value + ("|" if self.focused else "")
        ink = theme.INK if self.value or self.focused else theme.INK_DIM
        paint.text(
            surf,
            vp,
            shown or self.placeholder,
            (x + w - 12, y + h / 2),
            theme.FONT,
            ink,
            anchor="midright",
        )
