"""Every word the window draws, at 1280x800 in English, Hungarian and Polish (and at
1280x720 with 150 % text, 1920x1080 with 125 %, 2560x1440): no text is
drawn under 12 px, and no text leaves its box.

The screens are those of ``python -m game screenshots`` (``tools/screenshots.py``):
title, set-up, rules (and a search), settings, how-to, Hadrian's Wall at its start, in
the middle of a turn, with a dialog, at its end, its results, Continue, a replay, a
hand-over; Stronghold's set-up, the Defender's window, a menu, the Assault, its end and
results; Field of Glory's draft, a battle, its end and results; Runes of Mayhem's
mulligan, a combat, a Main-phase menu, its end and results; and every table in the middle
of a move's motion (a card or a piece travelling, a number rising, dice rolling).  They
are drawn in a child process (fresh caches, and the spies below stay out of the other
tests), which records every text drawn:

- ``fonts.text`` is the one place a line of text is rendered (``paint.text``,
  ``paint.text_in``, the cards, plaques and tags all call it): the spy notes the words,
  the font's pixel size and face of each surface it returns;
- ``pygame.Surface`` (and the window, through ``pygame.display.set_mode``) is replaced by
  a subclass whose ``blit`` notes where such a surface is drawn (unclipped: its position
  and size) and on what surface (the window, a kept board picture, a card);
- ``paint.text`` with ``fit`` (a width), ``paint.text_in`` (a rectangle) and the widgets
  (buttons, choices, number fields: their rectangles) are boxes a caller asks its words
  to stay in: the spy notes the box of the lines they draw; a card's words are drawn on
  the card's own picture, whose edges are their box.

A text a screen only measures (and then draws smaller, or not at all) is not counted:
only surfaces that are blitted are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SMALLEST = 12  # pixels, at 1280x800 (issue: "rules text at least 12 px at 1280x800")
TOLERANCE = 1  # pixels a text may stand over its box's edge (antialiasing, rounding)
#: (words, pixel size) drawn smaller than 12 px on purpose, each with its reason; none now
EXCEPTIONS: dict[tuple[str, int], str] = {}


def record(
    out: str, lang: str, size: tuple[int, int] = (1280, 800), ui_scale: float = 1.0
) -> list[dict]:
    """Draw every screen at ``size`` and text size ``ui_scale`` in ``lang`` into ``out``
    and return every text drawn:
    its words, pixel size, face, where it was drawn (x, y, w, h), the size of the surface
    it was drawn on, the box it was asked to stay in (or None) and the code that made it."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import traceback

    import pygame

    from game.app import fonts, paint, widgets
    from tools.screenshots import screenshots

    base = pygame.Surface
    made: dict[int, tuple] = {}  # id of a text surface -> (surface, words, px, face, where)
    boxes: list = [None]  # the box of the paint call being run (innermost last)
    drawn: list[dict] = []

    class Spied(base):
        def blit(self, source, dest, area=None, special_flags=0):
            info = made.get(id(source))
            if info is not None and info[0] is source:
                pos = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest[:2])
                size = pygame.Rect(area).size if area is not None else source.get_size()
                drawn.append(
                    {
                        "words": info[1],
                        "px": info[2],
                        "face": info[3],
                        "rect": [int(pos[0]), int(pos[1]), *size],
                        "surface": list(self.get_size()),
                        "box": boxes[-1],
                        "where": info[4],
                    }
                )
            return base.blit(self, source, dest, area, special_flags)

    real_text, real_paint_text, real_text_in = fonts.text, paint.text, paint.text_in

    def text(words, size, colour, face="sans"):
        img = real_text(words, size, colour, face)
        stack = [
            f"{Path(f.filename).relative_to(ROOT)}:{f.lineno}"
            for f in traceback.extract_stack(limit=8)[:-1]
            if f.filename.startswith(str(ROOT / "game"))
            and not f.filename.endswith(("fonts.py", "paint.py"))
        ]
        made[id(img)] = (
            img,
            words,
            max(fonts.SMALLEST, int(size)),
            face,
            stack[-1] if stack else "?",
        )
        return img

    def paint_text(
        surf,
        vp,
        words,
        pos,
        size=paint.theme.FONT,
        colour=paint.theme.INK,
        face="sans",
        anchor="topleft",
        fit=None,
    ):
        if fit is None or boxes[-1] is not None:  # inside text_in: its box counts
            return real_paint_text(surf, vp, words, pos, size, colour, face, anchor, fit)
        x, y = vp.point(*pos)
        w = vp.size(fit)
        left = (
            x - w // 2
            if anchor in ("center", "midtop", "midbottom")
            else x - w
            if anchor in ("topright", "midright", "bottomright")
            else x
        )
        boxes.append([left, None, w, None])  # a width only: the line's height is its own
        try:
            return real_paint_text(surf, vp, words, pos, size, colour, face, anchor, fit)
        finally:
            boxes.pop()

    def text_in(surf, vp, words, rect, *args, **kw):
        boxes.append(list(vp.rect(rect)))
        try:
            return real_text_in(surf, vp, words, rect, *args, **kw)
        finally:
            boxes.pop()

    real_set_mode = pygame.display.set_mode

    def set_mode(size=(0, 0), flags=0, *args, **kw):
        window = real_set_mode(size, flags, *args, **kw)
        return Spied(window.get_size())

    def boxed(cls) -> None:  # a widget's words stay on the widget
        real_draw = cls.draw

        def draw(self, surf, vp, *args, **kw):
            boxes.append(list(vp.rect(self.rect)))
            try:
                return real_draw(self, surf, vp, *args, **kw)
            finally:
                boxes.pop()

        cls.draw = draw

    for widget in (widgets.Button, widgets.Choice, widgets.NumberField):
        boxed(widget)
    real_save = pygame.image.save
    named = [0]  # the texts up to this one are named after the screen they were drawn for

    def save(surface, path, *args):
        for t in drawn[named[0] :]:
            t["screen"] = Path(path).stem
        named[0] = len(drawn)
        return real_save(surface, path, *args)

    fonts.text, paint.text, paint.text_in = text, paint_text, text_in
    pygame.Surface, pygame.display.set_mode, pygame.image.save = Spied, set_mode, save
    screenshots(out, size, lang=lang, ui_scale=ui_scale)
    for t in drawn:
        t["window"] = [*size, ui_scale]
    return drawn[: named[0]]


#: (language, window, text size): the three languages at 1280x800, then the smallest
#: window with the largest text, a 16:9 window at 125 % and the largest window
WINDOWS = [
    ("en", "1280x800", 100),
    ("hu", "1280x800", 100),
    ("pl", "1280x800", 100),
    ("pl", "1280x720", 150),
    ("hu", "1920x1080", 125),
    ("en", "2560x1440", 100),
]


@pytest.fixture(scope="module", params=WINDOWS, ids=["-".join(map(str, w)) for w in WINDOWS])
def drawn(request, tmp_path_factory) -> list[dict]:
    lang, size, scale = request.param
    out = tmp_path_factory.mktemp(f"shots-{lang}-{size}-{scale}")
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, __file__, str(out), lang, size, str(scale)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    texts = json.loads((out / "texts.json").read_text(encoding="utf-8"))
    assert len(texts) > 1000  # every screen drew its words
    return texts


def show(texts: list[dict]) -> str:
    """The texts, one line each with the code that drew them, for a failure's message."""
    return "\n".join(
        sorted(
            {
                f"{t['screen']}, {t['where']}: {t['words'][:40]!r} {t['px']} px "
                f"{t['rect']} in {t['box'] or t['surface']}"
                for t in texts
            }
        )
    )


def test_every_screen_is_drawn(drawn):
    screens = {t["screen"] for t in drawn}
    assert {
        "title",
        "setup",
        "rules",
        "settings",
        "howto",
        "table-middle",
        "results",
        "replay",
        "dialog",
        "continue",
        "stronghold-siege",
        "stronghold-assault",
        "fog-draft",
        "fog-battle",
        "rom-start",
        "rom-combat",
        "rom-main",
        # mid-motion (motion_shots): a thing travelling, a number rising, dice rolling,
        # and the final tables with their banner
        "table-card-moving",
        "table-points-rising",
        "stronghold-units-moving",
        "stronghold-glory-rising",
        "fog-card-moving",
        "fog-number-rising",
        "fog-end",
        "rom-card-moving",
        "rom-sp-rising",
        "rom-dice-rolling",
        "rom-end",
    } <= screens


def test_no_text_is_drawn_under_12_px(drawn):
    """At 1280x800 (the issue's floor), and at every other window: a smaller window keeps
    text of 12 px at its size, a larger window or text size only grows it."""
    small = [
        t
        for t in drawn
        if t["px"] < SMALLEST and (t["words"], t["px"]) not in EXCEPTIONS and t["words"].strip()
    ]
    assert not small, "text under 12 px:\n" + show(small)
    if drawn[0].get("window", [1280, 800, 1.0]) == [1280, 800, 1.0]:
        assert any(t["px"] == SMALLEST for t in drawn)  # the spy sees the smallest text too
    else:  # larger windows and texts grow it
        assert min(t["px"] for t in drawn) < 2 * SMALLEST


def inside(rect, box) -> bool:
    x, y, w, h = rect
    bx, by, bw, bh = box
    if x < bx - TOLERANCE or x + w > bx + bw + TOLERANCE:
        return False
    return by is None or (y >= by - TOLERANCE and y + h <= by + bh + TOLERANCE)


def test_text_drawn_in_a_box_ends_inside_it(drawn):
    boxed = [t for t in drawn if t["box"]]
    assert len(boxed) > 100
    out = [t for t in boxed if not inside(t["rect"], t["box"])]
    assert not out, "text outside its box:\n" + show(out)


def test_no_text_runs_outside_the_window_or_the_picture_it_is_drawn_on(drawn):
    window = drawn[0].get("window", [1280, 800])[:2]
    assert any(t["surface"] == window for t in drawn)
    out = [t for t in drawn if not inside(t["rect"], (0, 0, *t["surface"]))]
    assert not out, "text outside its surface:\n" + show(out)


def test_the_spies_see_a_word_too_small_and_a_line_outside_its_box(tmp_path):
    """The checks can fail: a 10 px word and a line wider than its text_in box."""
    texts = [
        {
            "words": "3",
            "px": 10,
            "face": "bold",
            "rect": [0, 0, 6, 12],
            "surface": [1280, 800],
            "box": None,
            "where": "x",
            "screen": "title",
        },
        {
            "words": "a long line",
            "px": 12,
            "face": "sans",
            "rect": [10, 10, 90, 14],
            "surface": [1280, 800],
            "box": [10, 10, 60, 40],
            "where": "y",
            "screen": "title",
        },
        {
            "words": "cut",
            "px": 12,
            "face": "sans",
            "rect": [1270, 10, 30, 14],
            "surface": [1280, 800],
            "box": None,
            "where": "z",
            "screen": "title",
        },
    ]
    with pytest.raises(AssertionError, match="under 12 px"):
        test_no_text_is_drawn_under_12_px(texts)
    with pytest.raises(AssertionError, match="outside its box"):
        test_text_drawn_in_a_box_ends_inside_it(texts * 120)
    with pytest.raises(AssertionError, match="outside its surface"):
        test_no_text_runs_outside_the_window_or_the_picture_it_is_drawn_on(texts)


if __name__ == "__main__":  # the child: python tests/test_app_text_sizes.py OUT LANG WxH %
    folder, language = sys.argv[1], sys.argv[2]
    w, h = (int(n) for n in sys.argv[3].split("x"))
    result = record(folder, language, (w, h), int(sys.argv[4]) / 100)
    Path(folder, "texts.json").write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")
