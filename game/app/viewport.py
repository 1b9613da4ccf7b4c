"""Logical coordinates (a 1280x800 design space) to window pixels and back.

The design space takes the window's shape: its height stays 800 and its width grows to
``800 * w / h`` for a window wider than 16:10 (a taller window grows the height instead),
one scale for both axes, the 1280x800 box in the middle.  What lies outside that box
(``left`` < 0 and ``right`` > 1280, or ``top`` and ``bottom``) is drawn too: a scene
centred on 640 is centred on the window, and a scene fills ``full`` (its backdrop) and
anchors its panels to ``right`` -- no pillarbox.  Drawing scales every rectangle and
font size by the viewport, so the table is sharp at any window size (nothing is drawn at
one size and stretched); text keeps its 1280x800 size down to 1280x720 (``text_px``).
``ui`` is the player's UI scale (Settings.ui_scale): the text drawn through ``paint``
and ``links`` grows by it, and the screens that lay out their panels by it (menus, the
table's side panel and log, the board's words) read it here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

DESIGN_W, DESIGN_H = 1280, 800


def text_scale(n: float, scale: float) -> float:
    """Pixels to a design pixel of a text of design size ``n`` at the window scale
    ``scale``: ``scale``, but no less than 1 down to scale 0.9 (1280x720) for a text of
    12 or more, and shrinking from there (``Viewport.text_px``)."""
    if scale >= 1 or n < 12:
        return scale
    return min(1.0, scale / 0.9)


@dataclass(frozen=True)
class Viewport:
    width: int
    height: int
    scale: float
    ox: int
    oy: int
    ui: float = 1.0

    @classmethod
    def fit(cls, width: int, height: int, ui: float = 1.0) -> Viewport:
        scale = min(width / DESIGN_W, height / DESIGN_H)
        ox = round((width - DESIGN_W * scale) / 2)
        oy = round((height - DESIGN_H * scale) / 2)
        return cls(width, height, scale, ox, oy, ui)

    # the design space the window shows (the 1280x800 box in its middle)
    @property
    def design_w(self) -> float:
        return self.width / self.scale

    @property
    def design_h(self) -> float:
        return self.height / self.scale

    @property
    def left(self) -> float:
        """The design x of the window's left edge (0 or less)."""
        return -self.ox / self.scale

    @property
    def top(self) -> float:
        return -self.oy / self.scale

    @property
    def right(self) -> float:
        return self.left + self.design_w

    @property
    def bottom(self) -> float:
        return self.top + self.design_h

    @property
    def full(self) -> tuple[float, float, float, float]:
        """The whole window in design coordinates."""
        return self.left, self.top, self.design_w, self.design_h

    @property
    def extra_w(self) -> float:
        """Design units the window is wider than 1280 on each side of the box."""
        return max(0.0, -self.left)

    def with_ui(self, ui: float) -> Viewport:
        return self if ui == self.ui else replace(self, ui=ui)

    def rect(self, r) -> pygame.Rect:
        x, y, w, h = r
        left = round(self.ox + x * self.scale)
        top = round(self.oy + y * self.scale)
        return pygame.Rect(
            left, top, round(self.ox + (x + w) * self.scale) - left,
            round(self.oy + (y + h) * self.scale) - top,
        )  # fmt: skip

    def point(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def size(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def _text_scale(self, n: float) -> float:
        return text_scale(n, self.scale)

    def text_px(self, n: float) -> int:
        """Pixels of a font of design size ``n`` (the UI scale already applied): scaled as
        everything else, except that in a window smaller than 1280x800 down to 1280x720
        (scale 0.9) a text of 12 design pixels or more keeps its 1280x800 size, and shrinks
        only below that (so 13 px text is never drawn at 12 px at 1280x720)."""
        return max(1, round(n * self._text_scale(n)))

    def text_h(self, size: float) -> float:
        """The design size the text of design size ``size`` is drawn at, the UI scale
        applied: ``size * ui``, more in a window under 1280x800 (``text_px``); lines are
        stepped by it."""
        n = size * self.ui
        return n * self._text_scale(n) / self.scale

    def font_px(self, size: float) -> int:
        """Pixels of the text of design size ``size`` at the UI scale (``text_px``)."""
        return self.text_px(size * self.ui)

    def to_design(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale
