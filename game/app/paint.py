"""Drawing helpers in design coordinates.  They only draw on the surface they are given."""

from __future__ import annotations

import pygame

from . import fonts, theme
from .viewport import Viewport


def panel(surf, vp: Viewport, rect, colour=theme.PANEL, edge=theme.PANEL_EDGE, radius=8, width=1):
    r = vp.rect(rect)
    pygame.draw.rect(surf, colour, r, border_radius=vp.size(radius))
    if edge:
        pygame.draw.rect(surf, edge, r, max(1, vp.size(width)), border_radius=vp.size(radius))
    return r


def shade(surf, vp: Viewport, rect=None, alpha=160):
    r = vp.rect(rect) if rect else surf.get_rect()
    veil = pygame.Surface(r.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surf.blit(veil, r.topleft)


def text(surf, vp: Viewport, words: str, pos, size=theme.FONT, colour=theme.INK,
         face="sans", anchor="topleft") -> pygame.Rect:
    img = fonts.text(words, vp.size(size), colour, face)
    r = img.get_rect(**{anchor: vp.point(*pos)})
    surf.blit(img, r)
    return r


def text_in(surf, vp: Viewport, words: str, rect, size=theme.FONT, colour=theme.INK,
            face="sans", align="left", spacing=1.2, valign="top") -> int:
    """Wrapped text inside ``rect``; returns the number of lines drawn."""
    x, y, w, h = rect
    lines = fonts.wrap(words, vp.size(size), vp.size(w), face)
    step = size * spacing
    max_lines = max(1, int(h // step))
    lines = lines[:max_lines]
    if valign == "middle":
        y += (h - step * len(lines)) / 2
    for i, line in enumerate(lines):
        if align == "center":
            text(surf, vp, line, (x + w / 2, y + i * step), size, colour, face, "midtop")
        else:
            text(surf, vp, line, (x, y + i * step), size, colour, face)
    return len(lines)


def outline(surf, vp: Viewport, rect, colour=theme.HILITE, width=3, radius=8):
    pygame.draw.rect(surf, colour, vp.rect(rect).inflate(vp.size(4), vp.size(4)),
                     max(1, vp.size(width)), border_radius=vp.size(radius))
