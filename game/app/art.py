"""The table's pictures: the vector art under assets/art drawn at the window's real size.

Every picture is an SVG (see assets/art/ART.md for the art direction): the Game-icons.net
silhouettes in ``assets/art/icons`` (white, tinted here in any colour; chosen and credited
by tools/pick_icons.py) and the drawings of the games.  pygame-ce renders an SVG at the
pixel size asked for (``pygame.image.load_sized_svg``), so a piece is as sharp at
2560x1440 as at 1280x720; every size and colour drawn is cached, as the table redraws the
same pieces every frame.  A picture that is missing or cannot be drawn is an empty
(transparent) surface: the table never stops for its art.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import resources


def icon_names() -> list[str]:
    """Every icon shipped in assets/art/icons (by name, without .svg)."""
    folder = resources.asset("art", "icons")
    return sorted(p.stem for p in folder.glob("*.svg")) if folder.is_dir() else []


@lru_cache(maxsize=64)
def _white(name: str, size: int) -> pygame.Surface:
    try:
        path = resources.asset("art", "icons", f"{name}.svg")
        return pygame.image.load_sized_svg(str(path), (size, size))
    except (OSError, pygame.error, FileNotFoundError):
        return pygame.Surface((size, size), pygame.SRCALPHA)


@lru_cache(maxsize=1024)
def icon(name: str, size: int, colour: tuple = (255, 255, 255)) -> pygame.Surface:
    """Icon ``name`` (assets/art/icons/<name>.svg) as a ``size`` x ``size`` pixel
    silhouette in ``colour`` (RGB or RGBA) on a transparent ground."""
    size = max(1, int(size))
    out = _white(name, size).copy()
    rgba = tuple(colour) + (255,) * (4 - len(colour))
    out.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
    return out


@lru_cache(maxsize=64)
def picture(name: str, width: int, height: int) -> pygame.Surface:
    """The drawing assets/art/<name>.svg (its own colours) at ``width`` x ``height``."""
    width, height = max(1, int(width)), max(1, int(height))
    try:
        return pygame.image.load_sized_svg(
            str(resources.asset("art", f"{name}.svg")), (width, height)
        )
    except (OSError, pygame.error, FileNotFoundError):
        return pygame.Surface((width, height), pygame.SRCALPHA)


def clear() -> None:
    """Forget every drawn size (the window's size changed a lot, or a test wants fresh)."""
    _white.cache_clear()
    icon.cache_clear()
    picture.cache_clear()
