"""Write a Tiled map: one tileset image, one ground tile layer and object layers of named
rectangles (the zones and spaces a table asks for by name).  Used by the map makers."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr


def write_tmx(
    path: Path,
    game: str,
    tileset: str,
    image: str,
    tiles: int,
    tile: int,
    ground: list[list[int]],
    layers: dict[str, list[tuple[str, tuple]]],
) -> None:
    """``ground`` rows of tile ids (1-based in ``image``, a strip of ``tiles`` tiles of
    ``tile`` pixels); ``layers`` maps each object layer to its (name, (x, y, w, h))."""
    rows, cols = len(ground), len(ground[0])
    count = sum(len(objs) for objs in layers.values())
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{cols}" height="{rows}" tilewidth="{tile}" '
        f'tileheight="{tile}" infinite="0" nextlayerid="{len(layers) + 2}" '
        f'nextobjectid="{count + 1}">',
        " <properties>",
        f'  <property name="game" value="{game}"/>',
        " </properties>",
        f' <tileset firstgid="1" name="{tileset}" tilewidth="{tile}" tileheight="{tile}" '
        f'tilecount="{tiles}" columns="{tiles}">',
        f'  <image source="{image}" width="{tile * tiles}" height="{tile}"/>',
        " </tileset>",
        f' <layer id="1" name="ground" width="{cols}" height="{rows}">',
        '  <data encoding="csv">',
        ",\n".join(",".join(str(v) for v in row) for row in ground),
        "</data>",
        " </layer>",
    ]
    oid = 1
    for lid, (layer, objs) in enumerate(layers.items(), start=2):
        lines.append(f' <objectgroup id="{lid}" name="{layer}">')
        for name, (x, y, w, h) in objs:
            lines.append(
                f'  <object id="{oid}" name={quoteattr(name)} x="{x}" y="{y}" '
                f'width="{w}" height="{h}"/>'
            )
            oid += 1
        lines.append(" </objectgroup>")
    lines.append("</map>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def noise_tile(sheet, rng, ix: int, base: tuple, spread: int, tile: int, dots: int = 140):
    """Paint tile ``ix`` of a tileset strip: ``base`` colour speckled with ``dots`` 2-pixel
    dots up to ``spread`` lighter or darker (seeded ``rng``); its rectangle."""
    import pygame

    r = pygame.Rect(ix * tile, 0, tile, tile)
    sheet.fill(base, r)
    for _ in range(dots):
        d = rng.randint(-spread, spread)
        colour = tuple(max(0, min(255, c + d)) for c in base)
        sheet.fill(colour, (r.x + rng.randrange(tile), rng.randrange(tile), 2, 2))
    return r
