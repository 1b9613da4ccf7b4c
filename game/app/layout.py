"""Table layouts drawn in Tiled: one object layer names the zones of a screen.

``levels/<name>.tmx`` is a 1280x800 map; each rectangle object of its object layers is a
zone (``wall_1``, ``hand``, ``log``, ...) in design coordinates.  The layout is edited in
Tiled; the code only asks for zones by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pytmx

from game import resources
from game.core.files import FileProblem


class LayoutError(Exception):
    """A table layout is missing or lacks a zone the screen needs."""


@dataclass(frozen=True)
class Layout:
    """A table's zones, read from levels/<name>.tmx (cards.CardLayout places a card's parts,
    reader.PageLayout a rules text)."""

    name: str
    width: int
    height: int
    zones: dict[str, tuple[float, float, float, float]]

    def zone(self, name: str) -> tuple[float, float, float, float]:
        try:
            return self.zones[name]
        except KeyError:
            raise LayoutError(f"levels/{self.name}.tmx has no zone '{name}'") from None


@lru_cache(maxsize=16)
def load_layout(name: str) -> Layout:
    path = resources.level(f"{name}.tmx")
    try:  # a regular file of a sane size (pytmx then parses it from its name)
        resources.text(path)
    except FileProblem as e:
        raise LayoutError(f"table layout: {e}") from e
    tmx = pytmx.TiledMap(str(path))
    zones = {}
    for obj in tmx.objects:
        if obj.name:
            zones[obj.name] = (float(obj.x), float(obj.y), float(obj.width), float(obj.height))
    width = tmx.width * tmx.tilewidth
    height = tmx.height * tmx.tileheight
    return Layout(name, width, height, zones)


@lru_cache(maxsize=8)
def ground(name: str, w: int, h: int):
    """The tile layers of ``levels/<name>.tmx`` (the table's ground art), drawn at the
    map's size and scaled to ``w`` x ``h`` pixels; kept per size."""
    import pygame

    tmx = pytmx.load_pygame(str(resources.level(f"{name}.tmx")))
    full = pygame.Surface((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                full.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))
    if (w, h) == full.get_size():
        return full
    return pygame.transform.smoothscale(full, (w, h))
