"""Drawing helpers in design coordinates.  They only draw on the surface they are given."""

from __future__ import annotations

import pygame

from . import fonts, theme
from .layout import ground, load_layout
from .view_contract import ViewBase
from .viewport import DESIGN_H, DESIGN_W, Viewport

BOARD_W = 936  # the board, left of the side panel (prompt, log, buttons)
PANEL_W = DESIGN_W - BOARD_W  # the side panel's column, at the window's right edge
#: the widest line scaled down: pygame-ce 2.5.8's smoothscale aborts the whole process on a
#: source about 131,000 pixels wide (a 20,000-letter line); a wider one is cut first
SCALED_WIDTH = 32_000


def panel_dx(vp: Viewport) -> float:
    """How far right of its 1280x800 place the table's side panel is drawn: it keeps to
    the window's right edge where the window is wider than 16:10."""
    return vp.right - DESIGN_W


def panel_shift(vp: Viewport) -> tuple[float, float, float]:
    """Where the table's side panel goes in this window: (how far right, how far down its
    top, how much taller its log) of its 1280x800 place (``panel_zone``)."""
    return panel_dx(vp), vp.top, vp.design_h - DESIGN_H


def panel_zone(shift: tuple[float, float, float], name: str, rect) -> tuple:
    """A zone of the side panel placed by ``panel_shift``: at the window's right edge; in
    a window taller than 16:10 the prompt at its top, the buttons at its foot and the
    log as tall as the room between."""
    dx, top, grow = shift
    x, y, w, h = rect
    if name == "buttons":
        return x + dx, y + top + grow, w, h
    if name == "log":
        return x + dx, y + top, w, h + grow
    return x + dx, y + top, w, h


def board_area(vp: Viewport) -> tuple[float, float, float, float]:
    """The design rectangle of the board: the whole window left of the side panel.  The
    board's 936x800 layout lies in its middle; its ground fills all of it."""
    return vp.left, vp.top, BOARD_W + panel_dx(vp) - vp.left, vp.design_h


def board_vp(vp: Viewport) -> Viewport:
    """The viewport a game's board is drawn with: its words grow with the text-size
    setting, by its square root (125 % -> 112 %, 150 % -> 122 %), as their places keep
    their size; a word wider than its place is printed narrower there (``fit``)."""
    return vp.with_ui(round(vp.ui**0.5, 4))


def mirror_out(surf: pygame.Surface, inner: pygame.Rect, area: pygame.Rect) -> None:
    """Fill ``area`` (pixels) outside ``inner``, where a ground picture is drawn, with
    that picture mirrored at its edges: the ground goes on to the window's edges with no
    seam and no bar."""
    area = area.clip(surf.get_rect())
    inner = inner.clip(area)
    if not inner.w or not inner.h:
        return
    for width, left, src_x in (
        (inner.left - area.left, area.left, inner.left),
        (area.right - inner.right, inner.right, None),
    ):
        width = min(width, inner.w)
        if width > 0:
            x = src_x if src_x is not None else inner.right - width
            strip = surf.subsurface((x, inner.top, width, inner.h))
            surf.blit(pygame.transform.flip(strip, True, False), (left, inner.top))
    for height, top, src_y in (
        (inner.top - area.top, area.top, inner.top),
        (area.bottom - inner.bottom, inner.bottom, None),
    ):
        height = min(height, inner.h)
        if height > 0:
            y = src_y if src_y is not None else inner.bottom - height
            strip = surf.subsurface((area.left, y, area.w, height))
            surf.blit(pygame.transform.flip(strip, False, True), (area.left, top))


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


def text(
    surf,
    vp: Viewport,
    words: str,
    pos,
    size=theme.FONT,
    colour=theme.INK,
    face="sans",
    anchor="topleft",
    fit: float | None = None,
) -> pygame.Rect:
    """One line of ``words``; with ``fit`` (a design width) the line is printed smaller
    where it would be wider than that (a long word in a small window or language)."""
    img = fonts.text(words, vp.font_px(size), colour, face)
    if fit is not None and img.get_width() > vp.size(fit):
        img = _narrowed(words, vp.font_px(size), vp.size(fit), colour, face)
    r = img.get_rect(**{anchor: vp.point(*pos)})
    surf.blit(img, r)
    return r


def _narrowed(words: str, px: int, room: int, colour, face: str) -> pygame.Surface:
    """``words`` at the largest pixel size below ``px`` that fits ``room`` pixels; at the
    smallest size a still wider line is scaled down to ``room``."""
    img = fonts.text(words, px, colour, face)
    px = max(fonts.SMALLEST, min(px - 1, int(px * room / img.get_width())))
    img = fonts.text(words, px, colour, face)
    while img.get_width() > room and px > fonts.SMALLEST:
        px -= 1
        img = fonts.text(words, px, colour, face)
    if img.get_width() > room:
        w, h = img.get_size()
        if w > SCALED_WIDTH:  # smoothscale aborts the process on a source this wide
            w = SCALED_WIDTH
            img = img.subsurface((0, 0, w, h))
        img = pygame.transform.smoothscale(img, (max(1, room), max(1, h * room // w)))
    return img


def text_in(
    surf,
    vp: Viewport,
    words: str,
    rect,
    size=theme.FONT,
    colour=theme.INK,
    face="sans",
    align="left",
    spacing=1.2,
    valign="top",
) -> int:
    """Wrapped text inside ``rect``, a point or two smaller where a word is wider than the
    rect (printed no smaller than that); returns the number of lines drawn."""
    x, y, w, h = rect
    lines = fonts.wrap(words, vp.font_px(size), vp.size(w), face)
    for smaller in (size - 1, size - 2):
        font = fonts.font(vp.font_px(size), face)
        if max(font.size(line)[0] for line in lines) <= vp.size(w):
            break
        size = smaller
        lines = fonts.wrap(words, vp.font_px(size), vp.size(w), face)
    step = vp.text_h(size) * spacing
    max_lines = max(1, int(h // step))
    lines = lines[:max_lines]
    if valign == "middle":
        y += (h - step * len(lines)) / 2
    for i, line in enumerate(lines):
        if align == "center":
            text(surf, vp, line, (x + w / 2, y + i * step), size, colour, face, "midtop", w)
        else:
            text(surf, vp, line, (x, y + i * step), size, colour, face, fit=w)
    return len(lines)


def outline(surf, vp: Viewport, rect, colour=theme.HILITE, width=3, radius=8):
    pygame.draw.rect(
        surf,
        colour,
        vp.rect(rect).inflate(vp.size(4), vp.size(4)),
        max(1, vp.size(width)),
        border_radius=vp.size(radius),
    )


class Picture:
    """A drawing kept while the observation it shows, the window size and the seat
    colours (theme.colour_blind) stay the same: a busy board is drawn once per move and
    copied on every frame.  The last few drawings are kept: the board a move left, the
    same board without the things in motion (drawn under them until they arrive), and the
    one before.

    A board drawn while the table notes its sprites (``motion.recording``) keeps where
    each was drawn and what lay under it; the same board with some of them left out
    (``motion.hiding``: the things in motion) is made from it by putting back what lay
    under them, not drawn again."""

    KEEP = 3

    def __init__(self) -> None:
        #: (observation, viewport, size, palette, hidden, surface, sprites drawn, numbers
        #: reported), newest first
        self._kept: list[tuple] = []

    def blit(self, surf, vp: Viewport, obs: dict, area, draw) -> None:
        """Copy ``area`` (design coordinates) of the picture of ``obs`` onto ``surf``;
        ``draw(surface)`` paints the picture when it is not kept yet."""
        from . import motion

        palette, size, hidden = theme.colour_blind(), surf.get_size(), motion._hidden
        found = self._find(obs, vp, size, palette, hidden, same=lambda o: o is obs)
        if found is None and hidden:  # the board drawn already, less the things in motion
            whole = self._find(
                obs, vp, size, palette, frozenset(), same=lambda o: o is obs or o == obs
            )
            if whole is not None and whole[6] is not None:
                found = (
                    obs,
                    vp,
                    size,
                    palette,
                    hidden,
                    *_left_out(whole[5], whole[6], hidden),
                    whole[7],
                )
        record = motion._recording
        if found is None:
            picture = type(surf)(size)  # a motion.Canvas notes what is drawn
            first = len(record.drawn) if record is not None else 0
            values = dict(record.values) if record is not None else {}
            draw(picture)
            drawn = list(record.drawn[first:]) if record is not None else None
            values = (
                {k: v for k, v in record.values.items() if values.get(k) != v}
                if record is not None
                else {}
            )
            found = (obs, vp, size, palette, hidden, picture, drawn, values)
        elif record is not None and found[6] is not None:  # what it showed, as if drawn now
            record.drawn.extend(found[6])
            record.values.update(found[7])
        self._kept = [found, *(k for k in self._kept if k is not found)][: self.KEEP]
        r = vp.rect(area)
        surf.blit(found[5], r.topleft, r)

    def _find(self, obs, vp, size, palette, hidden, same) -> tuple | None:
        for kept in self._kept:
            if (
                kept[1] == vp
                and kept[2] == size
                and kept[3] == palette
                and kept[4] == hidden
                and same(kept[0])
            ):
                return kept
        return None


def _left_out(picture: pygame.Surface, drawn: list, hidden) -> tuple:
    """A copy of ``picture`` without its sprites ``drawn`` (motion.Drawn, in drawing
    order) that are ``hidden`` (``(key, rect)``): what lay under each put back, the last
    drawn first, then the sprites drawn after it over that place drawn again there; and
    the sprites it still shows."""
    out = picture.copy()
    gone = [i for i, d in enumerate(drawn) if (d.key, d.rect) in hidden]
    put = pygame.Surface.blit  # the canvas's own blit would note these as drawn
    for i in reversed(gone):
        under = drawn[i].under
        if under is not None:
            put(out, under[0], under[1])
    clip = out.get_clip()
    kept = []
    for j, d in enumerate(drawn):
        if (d.key, d.rect) in hidden:
            continue
        kept.append(d)
        shown = pygame.Rect(d.shown())
        for i in gone:
            if i > j:
                break
            under = drawn[i].under
            if under is None:
                continue
            spot = shown.clip(pygame.Rect(under[1], under[0].get_size()))
            if spot.w > 0 and spot.h > 0:
                out.set_clip(spot)
                put(out, d.sprite, (d.rect[0] + d.area[0], d.rect[1] + d.area[1]), d.area)
    out.set_clip(clip)
    return out, kept


def marks(
    surf, vp: Viewport, items, marks_: dict, rect_of=lambda item: item.rect, radius: int = 5
) -> None:
    """The table's marks on the items: legal targets, the clicks made on the way to an
    action, what the last move touched, and the item under the mouse."""
    from .hint import COLOUR as HINT_COLOUR
    from .view_contract import CHOSEN, HINT, HOVER, LAST, LEGAL

    hover_key = marks_.get(("hover",))
    for item in items:
        mark = marks_.get(item.key)
        rect = rect_of(item)
        if mark == LEGAL:
            outline(surf, vp, rect, theme.HILITE, 2, radius)
        elif mark == CHOSEN:
            outline(surf, vp, rect, (120, 220, 255), 3, radius)
        elif mark == LAST:
            outline(surf, vp, rect, theme.OK, 3, radius)
        elif mark == HINT:
            outline(surf, vp, rect, HINT_COLOUR, 4, radius)
        if mark == HOVER or hover_key == item.key:
            outline(surf, vp, rect, (255, 255, 255), 2, radius)


class MapView(ViewBase):
    """The common part of a table drawn on a Tiled map (``levels/<layout_name>.tmx``):
    the map's layout and the kept picture of the last board drawn, with the optional
    members of a view (ViewBase)."""

    layout_name = ""

    def __init__(self) -> None:
        self._picture = Picture()

    @property
    def layout(self):
        return load_layout(self.layout_name)

    def draw_ground(self, surf, vp: Viewport) -> None:
        """The map's ground art under the board, left of the side panel, going on
        (mirrored) to the window's edges where the window is wider than 16:10."""
        full = vp.rect((0, 0, DESIGN_W, DESIGN_H))
        board = vp.rect((0, 0, BOARD_W, DESIGN_H))
        surf.blit(
            ground(self.layout_name, full.w, full.h),
            board.topleft,
            pygame.Rect(0, 0, board.w, board.h),
        )
        # the maps' last tile column (from x 928) is the panel's dark edge, not ground
        mirror_out(surf, vp.rect((0, 0, 928, DESIGN_H)), vp.rect(board_area(vp)))

    def draw_status(self, surf, vp: Viewport, obs: dict) -> pygame.Rect:
        """The status line (the view's ``status``) on its dark strip, the layout's zone,
        printed smaller where it is longer than the strip."""
        zone = self.layout.zone("status")
        panel(surf, vp, zone, (20, 22, 26), None, radius=6)
        return text(
            surf,
            vp,
            self.status(obs),
            (zone[0] + 10, zone[1] + 5),
            theme.FONT,
            theme.INK,
            "bold",
            fit=zone[2] - 20,
        )
