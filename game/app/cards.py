"""Card faces drawn at runtime from content data, cached by pixel size.

A face is a rounded card with a coloured head band, a value badge, a name and a text;
the same painter serves every card game's view.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import fonts, theme

PAPER = (238, 228, 204)
PAPER_EDGE = (120, 100, 70)
BACK = (70, 58, 48)
BACK_PATTERN = (98, 82, 66)


@lru_cache(maxsize=1024)
def face(w: int, h: int, band: tuple, value: str, name: str, body: str,
         paper: tuple = PAPER) -> pygame.Surface:
    """A card face ``w`` x ``h`` pixels."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, paper, (0, 0, w, h), border_radius=radius)
    band_h = max(8, int(h * 0.26))
    pygame.draw.rect(surf, band, (0, 0, w, band_h), border_top_left_radius=radius,
                     border_top_right_radius=radius)
    pygame.draw.rect(surf, PAPER_EDGE, (0, 0, w, h), max(1, w // 60), border_radius=radius)
    # value badge in the band, name beside it
    size = max(9, int(band_h * 0.7))
    val = fonts.text(value, size, (255, 255, 255), "bold")
    pad = max(3, w // 20)
    surf.blit(val, val.get_rect(midleft=(pad, band_h // 2)))
    if body:
        name_size = max(7, int(min(band_h * 0.42, w / max(6, len(name)) * 1.55)))
        nm = fonts.text(name, name_size, (255, 255, 255), "bold")
        left = pad * 2 + val.get_width()
        if nm.get_width() > w - left - pad:
            nm = pygame.transform.smoothscale(nm, (max(1, w - left - pad), nm.get_height()))
        surf.blit(nm, nm.get_rect(midleft=(left, band_h // 2)))
    if not body and h > band_h * 2:  # a small card: the name large on the paper
        size = max(8, min(int(w / 5.2), int(h / 6)))
        words = fonts.wrap(name, size, w - 2 * pad, "bold")[:2]
        top = band_h + (h - band_h - len(words) * size * 1.15) / 2
        for i, line in enumerate(words):
            img = fonts.text(line, size, theme.INK_DARK, "bold")
            surf.blit(img, img.get_rect(midtop=(w // 2, int(top + i * size * 1.15))))
    if body and h > band_h * 2:
        body_size = max(7, int(w / 9.5))
        lines = fonts.wrap(body, body_size, w - 2 * pad)
        y = band_h + pad
        step = int(body_size * 1.2)
        for line in lines:
            if y + step > h - pad:
                break
            img = fonts.text(line, body_size, theme.INK_DARK)
            surf.blit(img, (pad, y))
            y += step
    return surf


@lru_cache(maxsize=64)
def back(w: int, h: int, edge: tuple = PAPER_EDGE) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, BACK, (0, 0, w, h), border_radius=radius)
    inset = max(3, w // 10)
    pygame.draw.rect(surf, BACK_PATTERN, (inset, inset, w - 2 * inset, h - 2 * inset),
                     max(1, w // 30), border_radius=radius)
    pygame.draw.line(surf, BACK_PATTERN, (inset, inset), (w - inset, h - inset), max(1, w // 30))
    pygame.draw.line(surf, BACK_PATTERN, (w - inset, inset), (inset, h - inset), max(1, w // 30))
    pygame.draw.rect(surf, edge, (0, 0, w, h), max(1, w // 30), border_radius=radius)
    return surf


@lru_cache(maxsize=16)
def veil(w: int, h: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, alpha))
    return surf
