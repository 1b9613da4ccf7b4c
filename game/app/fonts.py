"""The bundled fonts (DejaVu, see assets/fonts/LICENSE-DejaVu.txt), cached by size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import resources

FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}
SMALLEST = 6  # pixels: no text is printed smaller


@lru_cache(maxsize=256)
def font(size: int, face: str = "sans") -> pygame.font.Font:
    return pygame.font.Font(str(resources.asset("fonts", FACES[face])), max(SMALLEST, int(size)))


@lru_cache(maxsize=4096)
def text(words: str, size: int, colour: tuple, face: str = "sans") -> pygame.Surface:
    """A rendered line of text (cached: the table redraws the same words every frame)."""
    return font(size, face).render(words, True, colour)


def wrap(words: str, size: int, width: int, face: str = "sans") -> list[str]:
    """``words`` broken into lines no wider than ``width`` pixels."""
    return list(_wrapped(words, size, width, face))


@lru_cache(maxsize=4096)
def _wrapped(words: str, size: int, width: int, face: str) -> tuple[str, ...]:
    """The lines of ``wrap`` (cached: the log and the prompt are redrawn every frame)."""
    f = font(size, face)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)
