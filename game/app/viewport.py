"""Logical coordinates (a 1280x800 design space) to window pixels and back.

Scenes lay themselves out in the design space; drawing scales every rectangle and font
size by the viewport, so the table is sharp at any window size (nothing is drawn at one
size and stretched).  ``ui`` is the player's UI scale (Settings.ui_scale): the text drawn
through ``paint`` and ``links`` grows by it, and the screens that lay out their panels by
it (menus, the table's side panel and log) read it here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

DESIGN_W, DESIGN_H = 1280, 800


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

    def to_design(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale
