"""The bundled fonts, cached by size: DejaVu Sans for every text that is read (sans, bold;
assets/fonts/LICENSE-DejaVu.txt) and Linux Libertine for display (titles, card names,
headings: display, display-bold, and serif for the screens' and dialogs' headings;
assets/fonts/LICENSE-LinuxLibertine.txt).  Which face
goes where is the art direction's (assets/art/ART.md).

Every text the window draws goes through ``text`` or ``wrap`` here, which bound it first
(``drawable``): pygame-ce aborts the whole process on a line of some 20,000 characters
(a save's name, a seat), and refuses a NUL or a lone surrogate with an exception.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import resources

FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "LinLibertine_RB.otf",  # headings of screens and dialogs: the display face
    "display": "LinLibertine_RZ.otf",  # Linux Libertine Semibold
    "display-bold": "LinLibertine_RB.otf",  # Linux Libertine Bold
}
SMALLEST = 6  # pixels: no text is printed smaller
SQUEEZE = 1.1  # a card's name may be up to this much wider than its room, printed narrower
LINE_CHARS = 2_000  # characters of one drawn line at most (the rest cut with an ellipsis)
WRAP_CHARS = 20_000  # characters of a wrapped text at most (a rules paragraph is ~5,000)
NAME_CHARS = 200  # characters of a card's name at most


def drawable(words: str, most: int = LINE_CHARS) -> str:
    """``words`` as pygame can draw them: at most ``most`` characters (cut with an
    ellipsis), a NUL or a lone surrogate (from a JSON escape) shown as a replacement
    character."""
    if not isinstance(words, str):
        words = str(words)
    if len(words) > most:
        words = words[: max(0, most - 1)] + "…"
    if "\x00" in words:
        words = words.replace("\x00", "\ufffd")
    try:
        words.encode("utf-8")
    except UnicodeEncodeError:
        words = words.encode("utf-8", "replace").decode("utf-8")
    return words


@lru_cache(maxsize=256)
def font(size: int, face: str = "sans") -> pygame.font.Font:
    return pygame.font.Font(str(resources.asset("fonts", FACES[face])), max(SMALLEST, int(size)))


@lru_cache(maxsize=4096)
def text(words: str, size: int, colour: tuple, face: str = "sans") -> pygame.Surface:
    """A rendered line of text (cached: the table redraws the same words every frame),
    bounded by ``drawable``."""
    return font(size, face).render(drawable(words), True, colour)


def wrap(words: str, size: int, width: int, face: str = "sans") -> list[str]:
    """``words`` broken into lines no wider than ``width`` pixels."""
    return list(_wrapped(words, size, width, face))


@lru_cache(maxsize=4096)
def _wrapped(words: str, size: int, width: int, face: str) -> tuple[str, ...]:
    """The lines of ``wrap`` (cached: the log and the prompt are redrawn every frame)."""
    f = font(size, face)
    words = drawable(words, WRAP_CHARS)
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


def fit_name(
    words: str, size: int, width: int, face: str = "bold", most: int = 3
) -> tuple[int, list[str]]:
    """A name on a card ``width`` pixels wide in at most ``most`` lines: at ``size``, or
    up to a fifth smaller, where every line then fits (or fits printed at most
    ``SQUEEZE`` narrower, which the caller does); else at the smallest of those
    sizes with each word too long broken by a hyphen (three letters at least on either
    side), if that still takes at most ``most`` lines.  Returns the size and the lines."""
    words = drawable(words, NAME_CHARS)
    smallest = max(SMALLEST, int(size * 0.8))
    for at in sorted({size, max(smallest, int(size * 0.9)), smallest}, reverse=True):
        lines = wrap(words, at, width, face)
        f = font(at, face)
        if len(lines) <= most and all(f.size(line)[0] <= width * SQUEEZE for line in lines):
            return at, lines
    f = font(smallest, face)
    pieces = []
    for word in words.split():
        while f.size(word)[0] > width and len(word) > 3:
            cut = next(
                (k for k in range(len(word) - 3, 2, -1) if f.size(word[:k] + "-")[0] <= width), 3
            )  # 3 letters a side
            pieces.append(word[:cut] + "-")
            word = word[cut:]
        pieces.append(word)
    lines, line = [], ""
    for piece in pieces:  # a line ending in a broken word's hyphen takes nothing more
        if not line:
            line = piece
        elif line.endswith("-") or f.size(f"{line} {piece}")[0] > width:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}"
    lines.append(line)
    if len(lines) > most:  # no room to break: the lines as wrapped (the caller squeezes)
        return smallest, wrap(words, smallest, width, face)[:most]
    return smallest, lines
