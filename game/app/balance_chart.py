"""The balance chart, drawn headless with pygame: each side's win rate with its 95 %
interval against the fair band (40-60 %, interval inside 35-65 %), and the average score
course by round.  One chart may hold several line-ups (``python -m game balance --chart``
draws one; the README's charts hold every line-up of a game, before and after tuning).

The chart is a developer's figure written to a file, like the command's own output, so
its words are English and not translated.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.core.balance import fair_band

from . import fonts

WIDTH = 1200
BACKGROUND = (250, 247, 240)
INK = (40, 36, 32)
FAINT = (150, 145, 135)
BAND = (214, 234, 214)  # 40-60 %
EDGE = (236, 244, 230)  # 35-65 %
PALETTE = [
    (178, 58, 48),
    (44, 92, 160),
    (60, 140, 70),
    (200, 150, 30),
    (120, 70, 150),
    (40, 150, 160),
    (150, 90, 50),
    (90, 90, 90),
]
ROW = 26  # height of one side's bar
GAP = 14  # between line-ups


def _text(
    surface: pygame.Surface,
    words: str,
    x: int,
    y: int,
    size: int = 15,
    colour: tuple = INK,
    face: str = "sans",
    right: bool = False,
) -> int:
    image = fonts.text(words, size, colour, face)
    surface.blit(image, (x - image.get_width() if right else x, y))
    return image.get_width()


def draw_chart(entries: list[tuple[str, dict]], path: str | os.PathLike, title: str) -> Path:
    """Write the chart of ``entries`` (a label and a ``balance.measure`` result each) to
    the PNG file ``path`` and return its path."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    rows = sum(len(result["sides"]) for _, result in entries)
    bars_height = rows * ROW + len(entries) * (GAP + 20)
    course_height = 300
    height = 70 + bars_height + 60 + course_height + 40 + 22 * _legend_rows(entries)
    surface = pygame.Surface((WIDTH, height))
    surface.fill(BACKGROUND)
    _text(surface, title, 24, 16, 26, face="display-bold")
    _text(
        surface,
        "win rate with 95 % interval; fair (green): 40-60 %, interval inside "
        "35-65 % (for k sides: 80-120 % and 70-130 % of 1/k)",
        24,
        48,
        14,
        FAINT,
    )
    left, right, top = 330, WIDTH - 40, 80
    span = right - left

    def x_of(rate: float) -> int:
        return left + round(span * rate)

    y = top
    for _label, result in entries:  # each line-up's fair band (1/k of k sides)
        (low, high), (edge_low, edge_high) = fair_band(len(result["sides"]))
        rows_height = 20 + ROW * len(result["sides"]) + GAP
        pygame.draw.rect(
            surface, EDGE, (x_of(edge_low), y, x_of(edge_high) - x_of(edge_low), rows_height)
        )
        pygame.draw.rect(surface, BAND, (x_of(low), y, x_of(high) - x_of(low), rows_height))
        y += rows_height
    for tick in range(0, 101, 10):
        x = x_of(tick / 100)
        pygame.draw.line(surface, FAINT if tick != 50 else INK, (x, top), (x, top + bars_height), 1)
        _text(surface, f"{tick} %", x - 14, top + bars_height + 4, 12, FAINT)
    y = top
    colours = {}
    for label, result in entries:
        _text(surface, f"{label} ({result['played']} games)", 24, y + 2, 15, face="bold")
        y += 20
        for side in result["sides"]:
            colour = colours.setdefault(side["side"], PALETTE[len(colours) % len(PALETTE)])
            _text(surface, side["side"], left - 12, y + 4, 14, right=True)
            rate = side["win_rate"]
            low, high = side["interval"]
            pygame.draw.rect(surface, colour, (left, y + 6, max(1, x_of(rate) - left), ROW - 12))
            mid = y + ROW // 2
            pygame.draw.line(surface, INK, (x_of(low), mid), (x_of(high), mid), 2)
            for end in (low, high):
                pygame.draw.line(surface, INK, (x_of(end), mid - 6), (x_of(end), mid + 6), 2)
            words = f"{100 * rate:.1f} %"
            if x_of(high) + 8 + fonts.text(words, 13, INK).get_width() <= right:
                _text(surface, words, x_of(high) + 8, y + 5, 13)
            else:  # no room after the interval: before it
                _text(surface, words, x_of(low) - 8, y + 5, 13, right=True)
            y += ROW
        y += GAP
    _draw_course(surface, entries, top + bars_height + 50, course_height, colours)
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def _legend_rows(entries: list[tuple[str, dict]]) -> int:
    lines = sum(len(result["sides"]) for _, result in entries)
    return (lines + 2) // 3


def _draw_course(
    surface: pygame.Surface, entries: list[tuple[str, dict]], top: int, height: int, colours: dict
) -> None:
    _text(
        surface,
        "average score at the end of each round (a game that ended early keeps its final score)",
        24,
        top - 26,
        14,
        FAINT,
    )
    left, right = 80, WIDTH - 40
    courses = [(label, side) for label, result in entries for side in result["sides"]]
    longest = max((len(side["course"]) for _, side in courses), default=0)
    values = [v for _, side in courses for v in side["course"]] or [0.0]
    low, high = min(0.0, min(values)), max(values)
    if high <= low:
        high = low + 1
    pygame.draw.rect(surface, (255, 255, 255), (left, top, right - left, height))
    pygame.draw.rect(surface, FAINT, (left, top, right - left, height), 1)

    def point(k: int, v: float) -> tuple[int, int]:
        x = left + (right - left) * (k / max(1, longest - 1))
        return round(x), round(top + height - (v - low) / (high - low) * height)

    for step in range(5):
        v = low + (high - low) * step / 4
        _, y = point(0, v)
        pygame.draw.line(surface, (230, 228, 222), (left, y), (right, y), 1)
        _text(surface, f"{v:.3g}", left - 8, y - 8, 12, FAINT, right=True)
    for k in range(longest):
        x, _ = point(k, low)
        _text(surface, str(k + 1), x - 4, top + height + 4, 12, FAINT)
    legend = []
    for n, (label, side) in enumerate(courses):
        colour = colours.get(side["side"], PALETTE[n % len(PALETTE)])
        width = 1 if label.endswith("before") else 3
        line = [point(k, v) for k, v in enumerate(side["course"])]
        if len(line) > 1:
            pygame.draw.lines(surface, colour, False, line, width)
        for p in line:
            pygame.draw.circle(surface, colour, p, 2 + width // 2)
        legend.append((f"{side['side']} - {label}", colour, width))
    y = top + height + 26
    for n, (words, colour, width) in enumerate(legend):
        x = 24 + (n % 3) * 390
        pygame.draw.line(surface, colour, (x, y + 9), (x + 26, y + 9), width + 1)
        _text(surface, words, x + 32, y, 13)
        if n % 3 == 2:
            y += 22
