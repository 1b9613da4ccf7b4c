"""The pieces of every game: one token per unit kind (assets/art/ART.md, "Pieces").

A token is a shape in its side's colour with a dark rim, the kind's Game-icons.net
silhouette on it and, when it stands for more than one unit, its count in a badge at the
lower right.  The **shape** tells the side apart as well as the colour does, so the
colour-blind palette and a grey print still read:

- attackers (Stronghold's Invaders, Hadrian's Wall's clans, Runes of Mayhem's Vikings,
  Field of Glory's Carthage): a heater shield pointing down;
- defenders (Stronghold's Defender, the Anglo-Saxons, Rome, Hadrian's Wall's forts): a
  round disc;
- machines, equipment, tiles and markers of either side and neutral pieces: a square with
  cut corners.

Each game's view names its kinds (``piece_table``: kind -> ``Piece(icon, side,
colour)``, where ``colour`` is a key of ``theme.seat_colours(game)``, the piece repainted
with the colour-blind palette, or a fixed RGB: a machine's wood, a wall's stone) and
what kind a card or unit id of the game stands for (``piece_kind``); ``PIECES`` is every
game's table in one, ``(game, kind) -> Piece``.  ``token`` draws a piece at any pixel
size (cached; the cache is emptied when the palette changes), ``kind_icon`` names the icon
of a kind or unit type (for card art) and ``card_kind`` the kind of a card or unit id.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pygame

from . import art, fonts, motion, theme

ATTACKER, DEFENDER, NEUTRAL = "attacker", "defender", "neutral"
#: the token shape of each side
SHAPES = {ATTACKER: "shield", DEFENDER: "disc", NEUTRAL: "square"}
RIM = (22, 18, 14)


class Piece(NamedTuple):
    icon: str  # a name of assets/art/icons (credited in assets/art/CREDITS.md)
    side: str  # ATTACKER, DEFENDER or NEUTRAL: the token's shape
    colour: str | tuple  # a key of theme.seat_colours(game), or a fixed RGB


def _all() -> dict[tuple[str, str], Piece]:
    """Every kind of every game's view (its ``piece_table``), built when first asked for
    (the views import this module)."""
    from .view_registry import VIEWS, get_view

    return {(game, kind): p for game in VIEWS for kind, p in get_view(game).piece_table.items()}


_PIECES: dict[tuple[str, str], Piece] = {}


def _table() -> dict[tuple[str, str], Piece]:
    if not _PIECES:
        _PIECES.update(_all())
    return _PIECES


def __getattr__(name: str):
    """``PIECES``: every unit kind (and piece-like marker) of every game,
    ``(game, kind) -> Piece``, read from the games' views when first asked for."""
    if name == "PIECES":
        return _table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def kinds(game: str) -> list[str]:
    """Every kind of ``game`` that has a piece, in the table's order."""
    return [k for g, k in _table() if g == game]


def icons() -> set[str]:
    """Every icon name the pieces use."""
    return {p.icon for p in _table().values()}


def _resolve(game: str, kind: str) -> tuple[str, str]:
    """The key of ``PIECES`` for ``kind``: itself, or the kind the game's view says a card
    or unit id (or a letter, or a unit type without its side) stands for."""
    if (game, kind) in _table():
        return game, kind
    from .view_registry import VIEWS, get_view

    if game not in VIEWS:
        raise KeyError(game)
    return game, get_view(game).piece_kind(kind)  # the game's own ids: its view knows them


def piece(game: str, kind: str) -> Piece:
    return _table()[_resolve(game, kind)]


def kind_icon(game: str, kind: str) -> str:
    """The icon name of ``kind`` (a kind of ``PIECES``, a unit type such as ``"CAV"`` or
    ``"PRIEST"``, or a card or unit id: see ``card_kind``), for card art and pieces."""
    return piece(game, kind).icon


def card_kind(game: str, card: str) -> str:
    """The kind of ``PIECES`` a card or unit id stands for: ``"R-HI3"`` -> ``"R-HI"``,
    ``"V-ONG#1"`` -> ``"V-WAR"``, ``"ARC2"`` -> ``"ARC"``, ``"NF3a"`` -> ``"NieFort"``,
    ``"K-EDW"`` -> ``"A-KING"``, ``"G"`` -> ``"goblin"``.  KeyError for an unknown id."""
    return _resolve(game, card)[1]


def colour_of(game: str, kind: str, colour=None) -> tuple:
    """The RGB of ``kind``'s token: ``colour`` (an RGB or a seat-colour key of the game)
    or the piece's own, read through ``theme.seat_colours`` at each call."""
    want = piece(game, kind).colour if colour is None else colour
    if isinstance(want, str):
        return tuple(theme.seat_colours(game)[want])
    return tuple(want)[:3]


def token(game: str, kind: str, size_px: int, count: int = 1, colour=None) -> pygame.Surface:
    """The token of ``kind`` of ``game``, ``size_px`` pixels square, with ``count`` in a
    badge when it is more than 1; ``colour`` (an RGB or a seat-colour key, e.g. a clan's
    ``"R"``) repaints it.  Cached; do not draw on the surface returned."""
    p = piece(game, kind)
    return _token(
        p.icon,
        SHAPES[p.side],
        max(8, int(size_px)),
        max(0, int(count)),
        colour_of(game, kind, colour),
    )


def badge(count: int, size_px: int) -> pygame.Surface:
    """The count badge of a ``size_px`` token (also for a count beside a token)."""
    return _badge(int(count), max(8, int(size_px)))


SS = 4  # supersampling of the shapes (smoothscaled down: smooth edges at 20 px)


def _shape_points(shape: str, s: float, inset: float) -> list[tuple[float, float]] | None:
    """The outline of ``shape`` in an ``s``-pixel square, ``inset`` pixels inside it
    (a disc is drawn as a circle: None)."""
    if shape == "disc":
        return None
    lo, hi = inset + s * 0.04, s - inset - s * 0.04
    if shape == "square":
        cut = (hi - lo) * 0.22
        return [
            (lo + cut, lo),
            (hi - cut, lo),
            (hi, lo + cut),
            (hi, hi - cut),
            (hi - cut, hi),
            (lo + cut, hi),
            (lo, hi - cut),
            (lo, lo + cut),
        ]
    # a heater shield: a flat top with small rounded shoulders, straight sides down to
    # the middle, then two curves meeting in a point at the bottom
    left, right = lo + s * 0.04, hi - s * 0.04
    top, side_end, tip = lo + s * 0.01, s * 0.50, hi
    mid = s / 2
    pts = [
        (left, top + s * 0.05),
        (left + s * 0.05, top),
        (right - s * 0.05, top),
        (right, top + s * 0.05),
        (right, side_end),
    ]
    steps = 12
    for i in range(1, steps + 1):  # right curve: quadratic Bezier to the tip
        t = i / steps
        cx, cy = right, s * 0.80
        x = (1 - t) ** 2 * right + 2 * (1 - t) * t * cx + t * t * mid
        y = (1 - t) ** 2 * side_end + 2 * (1 - t) * t * cy + t * t * tip
        pts.append((x, y))
    for i in range(1, steps):  # left curve back up
        t = i / steps
        cx, cy = left, s * 0.80
        x = (1 - t) ** 2 * mid + 2 * (1 - t) * t * cx + t * t * left
        y = (1 - t) ** 2 * tip + 2 * (1 - t) * t * cy + t * t * side_end
        pts.append((x, y))
    return pts


def _fill(surf: pygame.Surface, shape: str, s: float, inset: float, colour) -> None:
    pts = _shape_points(shape, s, inset)
    if pts is None:
        pygame.draw.circle(surf, colour, (s / 2, s / 2), s * 0.47 - inset)
    else:
        pygame.draw.polygon(surf, colour, pts)


def _ink(rgb: tuple) -> tuple:
    """The icon's colour on a token of ``rgb``: cream, or dark on a light token (the
    soldiers' grey, the veterans' gold), so the silhouette always reads."""
    lum = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return theme.INK_DARK if lum > 150 else theme.INK


@theme.on_palette_change
@lru_cache(maxsize=2048)
def _token(icon: str, shape: str, size: int, count: int, rgb: tuple) -> pygame.Surface:
    big = size * SS
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    rim = max(SS * 1.2, big * 0.075)
    _fill(layer, shape, big, 0, RIM)
    _fill(layer, shape, big, rim, rgb)
    # a slightly darker lower band, as a painted token catches the light from above
    shade = pygame.Surface((big, big), pygame.SRCALPHA)
    _fill(shade, shape, big, rim, (0, 0, 0, 40))
    shade.fill((0, 0, 0, 0), (0, 0, big, int(big * 0.58)))
    layer.blit(shade, (0, 0))
    # a token says what it is, at any size and count (motion.py)
    out = motion.sprite(
        (size, size),
        ("token", icon, shape, rgb),
        kind="token",
        count=count,
        remake=lambda n: _token(icon, shape, size, max(0, int(n)), rgb),
    )
    pygame.transform.smoothscale(layer, (size, size), out)
    if shape == "shield":
        isz, centre = round(size * 0.56), (size * 0.5, size * 0.44)
    elif shape == "disc":
        isz, centre = round(size * 0.62), (size * 0.5, size * 0.5)
    else:
        isz, centre = round(size * 0.64), (size * 0.5, size * 0.5)
    img = art.icon(icon, max(4, isz), _ink(rgb))
    out.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
    if count > 1:
        b = _badge(count, size)
        out.blit(b, b.get_rect(bottomright=(size, size)))
    return out


@lru_cache(maxsize=256)
def _badge(count: int, size: int) -> pygame.Surface:
    """``count`` on a parchment pill with a dark rim, about half a token high."""
    px = max(12, round(size * 0.46))  # 12 px at least (on a 26 px token), never smaller
    label = fonts.text(str(count), px, theme.INK_DARK, "bold")
    h = max(label.get_height() - 2, round(size * 0.5))  # the digits' line over the rim
    w = max(h, label.get_width() + h // 2)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = h // 2
    pygame.draw.rect(out, RIM, out.get_rect(), border_radius=radius)
    pygame.draw.rect(
        out, theme.PARCHMENT, out.get_rect().inflate(-2, -2), border_radius=max(1, radius - 1)
    )
    out.blit(label, label.get_rect(center=(w / 2, h / 2 + 0.5)))
    return out
