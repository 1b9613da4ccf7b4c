"""Cards drawn at runtime from content data, cached by pixel size (assets/art/ART.md, Cards).

A card is parchment in its game's frame (``Frame``: the frame's wood or metal, a gilt line
and a corner ornament of its own, the emblem on its back): the name in the display face on
a band of its side's colour, an art box with the card's Game-icons.net silhouette, its
numbers in badges of distinct shapes on the art box's corners (no two numbers can run
together), and its rules text in the reading face, no smaller than 12 design pixels (what
does not fit ends in "…": the card's tooltip has it whole).  ``card`` draws one face,
``back`` a back; both are kept per size and contents, as the tables redraw every frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import art, fonts, motion, theme

PAPER = theme.PARCHMENT
PAPER_EDGE = (120, 100, 70)
TEXT_INK = (52, 42, 32)  # the rules text on parchment
SMALLEST_TEXT = 12  # design pixels: no card text is printed smaller (ART.md)


@dataclass(frozen=True)
class Frame:
    """A game's card frame: its colour, the gilt line inside it and the ornament in its
    corners (``knot``, ``laurel`` or ``rune``), and the back's ground and emblem."""

    edge: tuple
    line: tuple
    back: tuple
    emblem: str
    ornament: str = "knot"


#: a card without a game's frame (each game's view has its own: its wood or metal, its
#: ornament and the emblem on its back)
PLAIN = Frame(PAPER_EDGE, (200, 180, 130), (70, 58, 48), "", "knot")


@dataclass(frozen=True)
class Badge:
    """A number on a card: ``value`` in a ``shape`` (circle, shield, diamond, square,
    hexagon) filled ``fill`` at a corner of the art box (``where``: tl, tr, bl, br; a second
    badge on one corner sits beside the first)."""

    value: str
    shape: str = "circle"
    fill: tuple = (60, 50, 40)
    where: str = "tl"
    ink: tuple = (255, 255, 255)


def mix(a: tuple, b: tuple, t: float) -> tuple:
    """``a`` moved ``t`` of the way to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))


def text_px(unit: float) -> int:
    """The smallest print of a card's text in pixels, ``unit`` pixels to a design pixel
    (as large as at 1280x800 down to 1280x720: Viewport.text_px)."""
    return max(fonts.SMALLEST, round(SMALLEST_TEXT * (unit if unit >= 1 else min(1.0, unit / 0.9))))


def border(w: int) -> int:
    """The frame's width on a card ``w`` pixels wide."""
    return max(2, round(w * 0.055))


def name_fit(name: str, w: int, unit: float, most: int = 3) -> tuple[int, list[str]]:
    """The name on a card ``w`` pixels wide: its pixel size and lines (``fonts.fit_name``
    in the display face, never under 12 design pixels)."""
    room = max(8, w - 2 * border(w))  # the band's width: the name may touch its ends
    floor = text_px(unit)
    size = max(round(floor / 0.8), min(round(w * 0.16), round(20 * unit)))
    return fonts.fit_name(name, size, room, "display-bold", most)


def text_fit(text: str, width: int, height: float, unit: float) -> tuple[int, list[str]]:
    """A card's rules ``text`` in ``width`` x ``height`` pixels: its pixel size (12 design
    pixels, 13 where the card is roomy) and the lines that fit, the last ending in "…" where
    the text is cut (the tooltip has it whole)."""
    size = text_px(unit)
    step = int(size * 1.15)
    room = max(0, int((height - size * 1.2) // step) + 1) if height >= size * 1.2 else 0
    lines = fonts.wrap(_hyphenated(text, size, width), size, width)
    lines = _joined(lines)  # a broken word's pieces never share a line: it is too wide
    if len(lines) <= room:
        return size, lines
    if room == 0:
        return size, []
    lines = lines[:room]
    last = lines[-1].split(" ")
    font = fonts.font(size)
    while len(last) > 1 and font.size(" ".join(last) + "…")[0] > width:
        last.pop()
    end = " ".join(last).rstrip(",;:-")
    while len(end) > 1 and font.size(end + "…")[0] > width:  # one long word: cut short
        end = end[:-1]
    lines[-1] = end + "…"
    return size, lines


def _hyphenated(text: str, size: int, width: int) -> str:
    """``text`` with each word wider than ``width`` broken into pieces that fit, each but
    the last ending in a hyphen (marked to stay at the end of its line)."""
    font = fonts.font(size)
    out = []
    for word in text.split(" "):
        while font.size(word)[0] > width and len(word) > 6:
            cut = next(
                (k for k in range(len(word) - 3, 2, -1) if font.size(word[:k] + "-")[0] <= width), 3
            )
            out.append(word[:cut] + "-\u00ad")
            word = word[cut:]
        out.append(word)
    return " ".join(out)


def _joined(lines: list[str]) -> list[str]:
    """The wrapped lines with a broken word's hyphen mark taken off."""
    return [line.replace("\u00ad", "") for line in lines]


def badge_radius(w: int, unit: float) -> int:
    return max(round(11 * unit), min(round(w * 0.14), round(16 * unit)))


def _shape(surf, shape: str, centre, r: int, fill, rim) -> None:
    cx, cy = centre
    rim_w = max(1, r // 7)
    if shape == "circle":
        pygame.draw.circle(surf, fill, centre, r)
        pygame.draw.circle(surf, rim, centre, r, rim_w)
        return
    if shape == "square":
        rect = pygame.Rect(0, 0, 2 * r - 2, 2 * r - 2)
        rect.center = centre
        pygame.draw.rect(surf, fill, rect, border_radius=max(2, r // 3))
        pygame.draw.rect(surf, rim, rect, rim_w, border_radius=max(2, r // 3))
        return
    if shape == "diamond":
        pts = [(cx, cy - r - 1), (cx + r + 1, cy), (cx, cy + r + 1), (cx - r - 1, cy)]
    elif shape == "shield":
        pts = [
            (cx - r, cy - r),
            (cx + r, cy - r),
            (cx + r, cy + r * 0.15),
            (cx, cy + r * 1.12),
            (cx - r, cy + r * 0.15),
        ]
    else:  # hexagon
        pts = [
            (cx - r * 0.5, cy - r * 0.9),
            (cx + r * 0.5, cy - r * 0.9),
            (cx + r, cy),
            (cx + r * 0.5, cy + r * 0.9),
            (cx - r * 0.5, cy + r * 0.9),
            (cx - r, cy),
        ]
    pygame.draw.polygon(surf, fill, pts)
    pygame.draw.polygon(surf, rim, pts, rim_w)


def draw_badge(surf, badge: Badge, centre, r: int, unit: float) -> None:
    """One badge with its number centred, printed smaller (never under 12 design pixels)
    where a long number would leave its shape."""
    _shape(surf, badge.shape, centre, r, badge.fill, mix(badge.fill, (0, 0, 0), 0.55))
    size = max(text_px(unit), round(r * 1.15))
    img = fonts.text(badge.value, size, badge.ink, "bold")
    while img.get_width() > 2 * r - 2 and size > text_px(unit):
        size -= 1
        img = fonts.text(badge.value, size, badge.ink, "bold")
    dy = -r * 0.08 if badge.shape == "shield" else 0
    surf.blit(img, img.get_rect(center=(centre[0], round(centre[1] + dy))))


def _ornament(surf, frame: Frame, rect: pygame.Rect, b: int) -> None:
    """The frame's corner ornaments, one in each corner of ``rect`` (the paper)."""
    s = max(2, b)
    for cx, cy in (
        (rect.left, rect.top),
        (rect.right - 1, rect.top),
        (rect.left, rect.bottom - 1),
        (rect.right - 1, rect.bottom - 1),
    ):
        if frame.ornament == "laurel":  # two leaves
            pygame.draw.circle(surf, frame.line, (cx, cy), max(2, s * 3 // 4))
        elif frame.ornament == "rune":  # a rune's cross-stroke
            pygame.draw.line(surf, frame.line, (cx - s, cy - s), (cx + s, cy + s), max(1, s // 2))
            pygame.draw.line(surf, frame.line, (cx + s, cy - s), (cx - s, cy + s), max(1, s // 2))
        else:  # a knot: a small diamond
            pygame.draw.polygon(
                surf, frame.line, [(cx, cy - s), (cx + s, cy), (cx, cy + s), (cx - s, cy)]
            )


def plate(w: int, h: int, frame: Frame, paper: tuple) -> tuple[pygame.Surface, pygame.Rect]:
    """A card's ground ``w`` x ``h`` pixels: ``paper`` in ``frame`` with its gilt line;
    returns it and the rect inside the frame (a card lying sideways has the frame of one
    standing as wide as it is high)."""
    surf = motion.Sprite((w, h), pygame.SRCALPHA)  # a card says what it is (motion.py)
    radius = max(3, min(w, h) // 10)
    b = border(min(w, h))
    pygame.draw.rect(surf, frame.edge, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(
        surf, mix(frame.edge, (0, 0, 0), 0.45), (0, 0, w, h), max(1, b // 3), border_radius=radius
    )
    inner = pygame.Rect(b, b, w - 2 * b, h - 2 * b)
    pygame.draw.rect(surf, paper, inner, border_radius=max(2, radius - b))
    pygame.draw.rect(surf, frame.line, inner.inflate(2, 2), 1, border_radius=max(2, radius - b))
    return surf, inner


@dataclass(frozen=True)
class CardLayout:
    """Where the parts of a card go, in its pixels (not a table's layout.Layout)."""

    inner: pygame.Rect  # the parchment inside the frame
    band: pygame.Rect  # the name band
    name_size: int
    name_lines: tuple
    art: pygame.Rect  # the art box
    text: pygame.Rect  # the rules text (empty without one)
    foot: pygame.Rect  # the foot line (empty without one)


def layout(
    w: int,
    h: int,
    name: str,
    unit: float = 1.0,
    text: str | bool = False,
    foot: bool | int = False,
    art_share: float = 0.0,
) -> CardLayout:
    """The parts of a card ``w`` x ``h`` pixels (see ``card``); ``foot`` is True for a
    foot line or the foot's height in pixels.  Given the ``text`` itself, the art box
    takes the room the text leaves (up to two thirds of the card under its name)."""
    b = border(w)
    inner = pygame.Rect(b, b, w - 2 * b, h - 2 * b)
    pad = max(2, round(3 * unit))
    size, lines = name_fit(name, w, unit)
    band = pygame.Rect(
        inner.left, inner.top, inner.w, int(len(lines) * size * 1.08) + max(3, round(4 * unit))
    )
    foot_h = foot if foot is not True and foot else int(text_px(unit) * 1.3) if foot else 0
    foot_rect = pygame.Rect(inner.left, inner.bottom - foot_h, inner.w, foot_h)
    top = band.bottom + pad
    bottom = inner.bottom - foot_h - pad
    below = bottom - top
    art_h = max(int(below * (art_share or 0.5)), min(below, round(50 * unit))) if text else below
    if isinstance(text, str) and text:  # the room the whole text needs, no more
        px = text_px(unit)
        rows = len(fonts.wrap(_hyphenated(text, px, inner.w - 2 * pad), px, inner.w - 2 * pad))
        need = (rows - 1) * int(px * 1.15) + px * 1.2 + pad
        art_h = max(art_h, min(int(below * 0.66), int(below - need)))
    art = pygame.Rect(inner.left + pad, top, inner.w - 2 * pad, max(4, art_h))
    text_rect = (
        pygame.Rect(
            inner.left + pad, art.bottom + pad, inner.w - 2 * pad, max(0, bottom - art.bottom - pad)
        )
        if text
        else pygame.Rect(inner.left, art.bottom, 0, 0)
    )
    return CardLayout(inner, band, size, tuple(lines), art, text_rect, foot_rect)


@lru_cache(maxsize=2048)
def card(
    w: int,
    h: int,
    frame: Frame,
    band: tuple,
    name: str,
    icon: str,
    badges: tuple = (),
    text: str = "",
    foot: str = "",
    unit: float = 1.0,
    paper: tuple = PAPER,
    art_share: float = 0.0,
    foot_h: int = 0,
) -> pygame.Surface:
    """A card face ``w`` x ``h`` pixels (``unit`` pixels to a design pixel): ``name`` on a
    ``band``-coloured band, the ``icon`` in the art box with the ``badges`` on its corners,
    the rules ``text`` under it and a ``foot`` line at the bottom.  ``art_share`` (0: half)
    is the art box's part of the room under the band when there is a text.  Badges at
    ``fl`` and ``fr`` stand in a row in the foot (``foot_h`` pixels high, or their height),
    from its left and from its right."""
    surf, inner = plate(w, h, frame, paper)
    surf.motion_key = ("card", frame, band, name, icon)  # the same card at any size
    surf.motion_info = {"kind": "card"}
    if any(b.where in ("fl", "fr") for b in badges) and not foot_h:
        foot_h = 2 * badge_radius(w, unit) + 4
    lay = layout(w, h, name, unit, text, foot_h or bool(foot), art_share)
    corner = max(2, w // 10 - 2)
    pygame.draw.rect(
        surf, band, lay.band, border_top_left_radius=corner, border_top_right_radius=corner
    )
    size = lay.name_size
    room = inner.w
    y = lay.band.top + (lay.band.h - len(lay.name_lines) * int(size * 1.08)) // 2
    for line in lay.name_lines:
        img = fonts.text(line, size, PAPER, "display-bold")
        if img.get_width() > room:
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surf.blit(img, img.get_rect(midtop=(inner.centerx, y)))
        y += int(size * 1.08)
    if lay.foot.h:
        pygame.draw.rect(
            surf,
            mix(paper, band, 0.12),
            lay.foot,
            border_bottom_left_radius=corner,
            border_bottom_right_radius=corner,
        )
    if foot:
        img = fonts.text(foot, text_px(unit), TEXT_INK, "bold")
        if img.get_width() > inner.w - 4:
            img = pygame.transform.smoothscale(img, (inner.w - 4, img.get_height()))
        surf.blit(img, img.get_rect(center=lay.foot.center))
    _art_box(surf, lay.art, band, icon, paper)
    for badge, centre, radius in badge_spots(lay, badges, w, unit):
        draw_badge(surf, badge, centre, radius, unit)
    if text:
        tsize, tlines = text_fit(text, lay.text.w, lay.text.h, unit)
        ty = lay.text.top
        for line in tlines:
            surf.blit(fonts.text(line, tsize, TEXT_INK), (lay.text.left, ty))
            ty += int(tsize * 1.15)
    return surf


def badge_spots(lay: CardLayout, badges: tuple, w: int, unit: float) -> list[tuple]:
    """Where ``card`` draws each badge: (badge, centre, radius).  Badges on the art box's
    corners (two on one corner side by side) shrink where one stands above another on a
    short art box; badges in the foot stand in a row."""
    pad = max(2, round(3 * unit))
    art_rect = lay.art
    r = badge_radius(w, unit)
    in_foot = [b for b in badges if b.where in ("fl", "fr")]
    on_art = [b for b in badges if b not in in_foot]
    if any(b.where.startswith("t") for b in on_art) and any(
        b.where.startswith("b") for b in on_art
    ):  # two badges above one another
        r = max(text_px(unit) - 1, min(r, art_rect.h // 4 + 1))
    out = []
    if in_foot:
        fr = max(text_px(unit) // 2 + 2, min(badge_radius(w, unit), lay.foot.h // 2 - 1))
        x = {"fl": lay.foot.left + pad, "fr": lay.foot.right - pad}
        for badge in in_foot:
            step = 2 * fr + max(1, pad // 2)
            cx = x[badge.where] + (fr if badge.where == "fl" else -fr)
            x[badge.where] += step if badge.where == "fl" else -step
            out.append((badge, (cx, lay.foot.centery), fr))
    used: dict[str, int] = {}
    for badge in on_art:
        k = used.get(badge.where, 0)
        used[badge.where] = k + 1
        left = badge.where.endswith("l")
        cx = art_rect.left + r - pad // 2 if left else art_rect.right - r + pad // 2
        cx += (1 if left else -1) * k * (2 * r + 1)
        cy = (
            art_rect.top + r - pad // 2
            if badge.where.startswith("t")
            else art_rect.bottom - r + pad // 2
        )
        out.append((badge, (cx, cy), r))
    return out


def _art_box(surf, rect: pygame.Rect, band: tuple, icon: str, paper: tuple) -> None:
    """The art box: a ground washed in the band's colour with the icon in its dark."""
    ground = mix(paper, band, 0.28)
    pygame.draw.rect(surf, ground, rect, border_radius=max(2, rect.w // 14))
    glow = rect.inflate(-rect.w // 5, -rect.h // 5)
    pygame.draw.ellipse(surf, mix(ground, paper, 0.55), glow)
    pygame.draw.rect(surf, mix(band, (0, 0, 0), 0.35), rect, 1, border_radius=max(2, rect.w // 14))
    if icon:
        side = int(min(rect.w, rect.h) * 0.86)
        if side >= 6:
            img = art.icon(icon, side, mix(band, (20, 16, 12), 0.55))
            surf.blit(img, img.get_rect(center=rect.center))


@lru_cache(maxsize=64)
def back(w: int, h: int, frame: Frame = PLAIN) -> pygame.Surface:
    """A card's back: the game's frame round its ground, a gilt line and its emblem."""
    surf, inner = plate(w, h, frame, frame.back)
    surf.motion_key = ("back", frame)  # any back of the game
    surf.motion_info = {"kind": "back"}
    b = border(w)
    inset = inner.inflate(-2 * b, -2 * b)
    if inset.w > 6 and inset.h > 6:
        pygame.draw.rect(
            surf,
            mix(frame.back, frame.line, 0.45),
            inset,
            max(1, b // 2),
            border_radius=max(2, w // 12),
        )
    _ornament(surf, frame, inner, b)
    if frame.emblem:
        side = int(min(inset.w, inset.h) * 0.8)
        if side >= 6:
            img = art.icon(frame.emblem, side, mix(frame.back, frame.line, 0.7))
            surf.blit(img, img.get_rect(center=inner.center))
    return surf


@lru_cache(maxsize=16)
def veil(w: int, h: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, alpha))
    return surf


def clear() -> None:
    """Forget every drawn card (the seat colours or the language changed)."""
    card.cache_clear()
    back.cache_clear()
