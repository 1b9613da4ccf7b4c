"""Rule IDs in any text on the screen, drawn as links (coloured, underlined).

Whatever a screen shows (a prompt, a log line, an illegal-move message, a tooltip) is
wrapped as usual; every rule ID (``HW-9.2``, ``RM-EX-44``) found in the wrapped lines
is a link with a rectangle in design units.  The same pure function serves the drawing
and the hit test, so a click lands on the link drawn.
"""

from __future__ import annotations

from . import fonts, paint, theme
from .rulebook import rule_ids
from .widgets import inside

LINK_INK = (120, 190, 255)
LINK_HOVER = theme.HILITE


def fitted_size(
    words: str, rect, size: float, vp, face: str = "sans", spacing: float = 1.2
) -> float:
    """``size``, or smaller (never under 12 px) when ``words`` wrapped in ``rect`` would
    need more lines than its height holds (a long prompt at 150 % text or in Polish)."""
    w, h = rect[2], rect[3]
    while vp.font_px(size) > 12:
        lines = fonts.wrap(words, vp.font_px(size), vp.size(w), face)
        if len(lines) <= max(1, int(h // (vp.text_h(size) * spacing))):
            break  # every line is drawn (text_rows draws one line at least)
        size -= 0.5
    return size


def text_rows(
    words: str, rect, size: float, vp, face: str = "sans", spacing: float = 1.2
) -> list[tuple[str, float, list[tuple[tuple, str]]]]:
    """The lines of ``words`` wrapped in ``rect`` (as many as fit, at ``fitted_size``):
    (line, top, links), each link a (design rectangle, rule ID)."""
    x, y, w, h = rect
    size = fitted_size(words, rect, size, vp, face, spacing)
    lines = fonts.wrap(words, vp.font_px(size), vp.size(w), face)
    step = vp.text_h(size) * spacing
    lines = lines[: max(1, int(h // step))]
    font = fonts.font(vp.font_px(size), face)
    rows = []
    for i, line in enumerate(lines):
        top = y + i * step
        links = []
        for start, end, rule in rule_ids(line):
            left = x + font.size(line[:start])[0] / vp.scale
            width = font.size(line[start:end])[0] / vp.scale
            links.append(((left, top, width, vp.text_h(size) * 1.25), rule))
        rows.append((line, top, links))
    return rows


def draw_links(surf, vp, line: str, links, size: int, bg, mouse, face: str = "sans") -> None:
    """Draw the links of a line already drawn: the ID again in the link colour over ``bg``
    (the colour behind the text), underlined; the one under the mouse brighter."""
    for (lx, ly, lw, lh), rule in links:
        ink = LINK_HOVER if mouse is not None and inside((lx, ly, lw, lh), mouse) else LINK_INK
        if bg is not None:
            paint.panel(surf, vp, (lx, ly, lw, lh), bg, None, radius=0)
        paint.text(surf, vp, rule, (lx, ly), size, ink, face)
        paint.panel(surf, vp, (lx, ly + vp.text_h(size) * 1.18, lw, 1), ink, None, radius=0)


def draw_text(
    surf,
    vp,
    words: str,
    rect,
    size: int = theme.FONT_SMALL,
    colour=theme.INK,
    bg=theme.PANEL,
    mouse=None,
    face: str = "sans",
    spacing: float = 1.2,
) -> int:
    """``paint.text_in`` with the rule IDs as links; the number of lines drawn."""
    rows = text_rows(words, rect, size, vp, face, spacing)
    size = fitted_size(words, rect, size, vp, face, spacing)
    for line, top, links in rows:
        paint.text(surf, vp, line, (rect[0], top), size, colour, face)
        draw_links(surf, vp, line, links, size, bg, mouse, face)
    return len(rows)


def link_at(
    words: str, rect, size: int, vp, pos, face: str = "sans", spacing: float = 1.2
) -> str | None:
    """The rule ID drawn by ``draw_text`` under ``pos``, if any."""
    if pos is None or not words:
        return None
    for _line, _top, links in text_rows(words, rect, size, vp, face, spacing):
        for r, rule in links:
            if inside(r, pos):
                return rule
    return None


def tip_box(surf, vp, mouse, text: str) -> None:
    """A tooltip: ``text`` (links and rule IDs as in ``draw_text``) in a framed box beside
    the pointer, kept inside the window; the table and the replay draw theirs with it."""
    width = 300 * vp.ui
    lines = sum(
        len(fonts.wrap(part, vp.font_px(theme.FONT_SMALL), vp.size(width - 20)))
        for part in text.split("\n")
    )
    height = 16 + lines * 16 * vp.text_h(theme.FONT_SMALL) / theme.FONT_SMALL
    tx = min(mouse[0] + 16, vp.right - width - 4)
    ty = min(mouse[1] + 16, vp.bottom - height - 4)
    paint.panel(surf, vp, (tx, ty, width, height), (24, 26, 30), theme.ACCENT, radius=6)
    draw_text(
        surf,
        vp,
        text,
        (tx + 10, ty + 8, width - 20, height - 8),
        theme.FONT_SMALL,
        theme.INK,
        (24, 26, 30),
        None,
        spacing=16 / theme.FONT_SMALL,
    )  # links scale the step by vp.ui
