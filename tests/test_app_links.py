"""Rule links in wrapped text (game.app.links): where a link is measured is where its
line is drawn, and a text too long for its box is set smaller, never under 12 px."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.app import fonts, links
from game.app.viewport import Viewport


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.init()
    yield


LINE = "The Defender receives 3 hourglasses (HW-7.2)."


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_a_link_in_a_row_lower_than_its_line_is_measured_at_the_drawn_size(size):
    vp = Viewport.fit(*size, 1.5)
    row = (0, 0, 1280, 10)  # a log row: one line, whatever its height
    ((line, _top, found),) = links.text_rows(LINE, row, 13, vp)
    assert line == LINE
    ((rect, rule),) = found
    assert rule == "HW-7.2"
    font = fonts.font(vp.font_px(13))
    assert rect[0] == pytest.approx(font.size(LINE[: LINE.index("HW")])[0] / vp.scale)


def test_a_text_too_long_for_its_box_is_set_smaller_but_not_under_12_px():
    vp = Viewport.fit(1280, 720, 1.5)
    words = " ".join(["hourglass"] * 60)
    box = (0, 0, 300, 120)
    size = links.fitted_size(words, box, 13, vp)
    assert size < 13
    assert vp.font_px(size) >= 12
    assert links.fitted_size("a short line", box, 13, vp) == 13
