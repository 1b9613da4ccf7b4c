"""Draw the Field of Glory table: levels/field_of_glory.tmx and levels/fog_tiles.png.

Run ``python tools/make_fog_map.py`` after changing the geometry below.  The map is a
40x25 grid of 32-pixel tiles (the 1280x800 design space of the app) with one tile layer
of ground art and object layers of named rectangles: the opponent's band (hand, draw
pile with the shuffle card, discard and victory piles), the five columns ``c1``..``c5``
(the opponent's units, the terrain card with its control marker, the own units), the
combat panel, the own piles, the own hand and the panel zones of the table.  The art is
painted here from seeded noise, so the files can be made again at will.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.tiled import noise_tile, write_tmx  # noqa: E402

TILE = 32
COLS, ROWS = 40, 25
COL_X0, COL_W, COL_STEP = 10, 176, 184  # the five columns of the battlefield
Y_BAND, Y_OPP, Y_TER, Y_OWN, Y_INFO, Y_HAND = 40, 100, 226, 296, 424, 548
UNIT_H, TER_H = 122, 66


def geometry() -> dict[str, list[tuple[str, tuple[int, int, int, int]]]]:
    """Object layers: name -> [(zone, (x, y, w, h))]."""
    band = [
        ("opp_hand", (10, Y_BAND, 180, 54)),
        ("opp_pile", (196, Y_BAND, 230, 54)),
        ("opp_discard", (432, Y_BAND, 244, 54)),
        ("opp_victory", (682, Y_BAND, 244, 54)),
    ]
    field = []
    for i in range(5):
        x = COL_X0 + i * COL_STEP
        field += [
            (f"c{i + 1}_opp", (x, Y_OPP, COL_W, UNIT_H)),
            (f"c{i + 1}_terrain", (x, Y_TER, COL_W, TER_H)),
            (f"c{i + 1}_own", (x, Y_OWN + 2, COL_W, UNIT_H)),
        ]
    info = [
        ("combat", (10, Y_INFO, 544, 118)),
        ("own_pile", (562, Y_INFO, 180, 56)),
        ("own_discard", (746, Y_INFO, 180, 56)),
        ("own_victory", (562, Y_INFO + 62, 180, 56)),
        ("own_box", (746, Y_INFO + 62, 180, 56)),
    ]
    hand = [("hand", (10, Y_HAND, 916, 244))]
    panel = [
        ("status", (10, 6, 920, 28)),
        ("prompt", (944, 10, 326, 290)),
        ("log", (944, 310, 326, 410)),
        ("buttons", (944, 730, 326, 60)),
    ]
    return {"band": band, "field": field, "info": info, "hand": hand, "panel": panel}


# ------------------------------------------------------------------ tile art
GRASS, GRASS2, EARTH, SLATE, TABLE = range(1, 6)


def paint_tiles(rng: random.Random) -> pygame.Surface:
    sheet = pygame.Surface((TILE * 5, TILE))

    def noise(ix, base, spread, dots=140):
        return noise_tile(sheet, rng, ix, base, spread, TILE, dots)

    noise(0, (62, 86, 56), 10)
    r = noise(1, (60, 84, 54), 10)
    for _ in range(5):  # tufts
        x, y = r.x + rng.randrange(4, 28), rng.randrange(6, 28)
        pygame.draw.line(sheet, (84, 112, 66), (x, y), (x - 2, y - 5))
        pygame.draw.line(sheet, (84, 112, 66), (x, y), (x + 2, y - 5))
    noise(2, (92, 78, 58), 10)
    noise(3, (34, 38, 44), 4, 40)
    r = noise(4, (70, 52, 38), 8)  # the wooden table under the hand
    for y in (0, 11, 22):
        pygame.draw.line(sheet, (52, 38, 28), (r.x, y), (r.x + TILE, y))
    return sheet


def ground(col: int, row: int, rng: random.Random) -> int:
    if col >= 29:
        return SLATE
    y = row * TILE
    if y < Y_OPP - 4 or y >= Y_INFO:
        return TABLE
    if Y_TER - 8 <= y < Y_TER + TER_H - 8:
        return EARTH
    return GRASS2 if rng.random() < 0.25 else GRASS


def write_map(out: Path) -> None:
    rng = random.Random(2011)
    pygame.display.init()
    sheet = paint_tiles(rng)
    pygame.image.save(sheet, str(out / "fog_tiles.png"))
    data = [[ground(c, r, rng) for c in range(COLS)] for r in range(ROWS)]
    layers = geometry()
    named = [name for objs in layers.values() for name, _ in objs]
    if len(named) != len(set(named)):
        raise SystemExit("two zones share a name")
    write_tmx(
        out / "field_of_glory.tmx",
        "field-of-glory",
        "field_of_glory",
        "fog_tiles.png",
        5,
        TILE,
        data,
        layers,
    )


if __name__ == "__main__":
    write_map(ROOT / "levels")
    print("wrote levels/field_of_glory.tmx and levels/fog_tiles.png")
