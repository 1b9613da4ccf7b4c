"""Draw the Runes of Mayhem table: levels/runes_of_mayhem.tmx and levels/rom_tiles.png.

Run ``python tools/make_rom_map.py`` after changing the geometry below.  The map is a
40x25 grid of 32-pixel tiles (the 1280x800 design space of the app) with one tile layer
of ground art and object layers of named rectangles, one per place of the engine
(RM-4): the two 3x3 grids facing each other (the Anglo-Saxon rows 3, 2, 1 from the top,
the no-man's-land with the column markers, the Viking rows 1, 2, 3 below), a tower spot
nested in every Anglo-Saxon cell (X7, ``A21T``), each side's Wall, Fortress and King
beside its grid, its hand, draw pile, discard pile and gold and faith cards on the other
side, the trap deck (X6, Viking) and the tower deck (X7, Anglo-Saxon), the mercenary
Lodge (X5) and the dice tray in the no-man's-land, and the panel zones of the table.
The art is painted here from seeded noise, so the files can be made again at will.
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
GX0, CELL_W, CELL_STEP = 216, 100, 106  # the three columns of the grids
CELL_H, ROW_STEP = 106, 110
Y_TOP, Y_MID, Y_V = 40, 370, 430  # Anglo-Saxon row 3, no-man's-land, Viking row 1
LEFT_X, LEFT_W = 8, 200  # Fortress, King, Wall
RIGHT_X, RIGHT_W = 536, 392  # hand, piles, production, module deck
TOWER = 30  # the tower spot in the corner of an Anglo-Saxon cell


def cell_rect(side: str, col: int, row: int) -> tuple[int, int, int, int]:
    x = GX0 + (col - 1) * CELL_STEP
    y = Y_TOP + (3 - row) * ROW_STEP if side == "A" else Y_V + (row - 1) * ROW_STEP
    return (x, y, CELL_W, CELL_H)


def geometry() -> dict[str, list[tuple[str, tuple[int, int, int, int]]]]:
    """Object layers: name -> [(place, (x, y, w, h))]."""
    grid, towers = [], []
    for side in "AV":
        for col in (1, 2, 3):
            for row in (1, 2, 3):
                grid.append((f"{side}{col}{row}", cell_rect(side, col, row)))
    for col in (1, 2, 3):
        for row in (1, 2, 3):
            x, y, w, _h = cell_rect("A", col, row)
            towers.append((f"A{col}{row}T", (x + w - TOWER - 2, y + 2, TOWER, TOWER)))
    mid = [(f"col_{c}", (GX0 + (c - 1) * CELL_STEP, Y_MID + 4, CELL_W, 52)) for c in (1, 2, 3)]
    mid.append(("dice", (LEFT_X, Y_MID + 4, LEFT_W, 52)))
    lodge = [(f"lodge_{i}", (RIGHT_X + (i - 1) * 98, Y_MID + 4, 94, 52)) for i in (1, 2, 3)]
    lodge.append(("lodge_deck", (RIGHT_X + 3 * 98, Y_MID + 4, RIGHT_W - 3 * 98, 52)))
    # the Anglo-Saxon side at the top, the Viking side mirrored at the bottom
    a_left = [
        ("AF", (LEFT_X, 40, LEFT_W, 64)),
        ("A_king", (LEFT_X, 108, LEFT_W, 60)),
        ("AW", (LEFT_X, 172, LEFT_W, 194)),
    ]
    v_left = [
        ("VW", (LEFT_X, 430, LEFT_W, 194)),
        ("V_king", (LEFT_X, 628, LEFT_W, 60)),
        ("VF", (LEFT_X, 692, LEFT_W, 64)),
    ]
    half = (RIGHT_W - 6) // 2
    a_right = [
        ("A_hand", (RIGHT_X, 40, RIGHT_W, 134)),
        ("A_pile", (RIGHT_X, 178, half, 58)),
        ("A_discard", (RIGHT_X + half + 6, 178, half, 58)),
        ("A_gold", (RIGHT_X, 240, half, 62)),
        ("A_faith", (RIGHT_X + half + 6, 240, half, 62)),
        ("A_towers", (RIGHT_X, 306, RIGHT_W, 60)),
    ]
    v_right = [
        ("V_traps", (RIGHT_X, 430, RIGHT_W, 60)),
        ("V_gold", (RIGHT_X, 494, half, 62)),
        ("V_faith", (RIGHT_X + half + 6, 494, half, 62)),
        ("V_pile", (RIGHT_X, 560, half, 58)),
        ("V_discard", (RIGHT_X + half + 6, 560, half, 58)),
        ("V_hand", (RIGHT_X, 622, RIGHT_W, 134)),
    ]
    panel = [
        ("status", (8, 6, 920, 28)),
        ("prompt", (944, 10, 326, 290)),
        ("log", (944, 310, 326, 410)),
        ("buttons", (944, 730, 326, 60)),
    ]
    return {
        "grid": grid,
        "towers": towers,
        "middle": mid + lodge,
        "sides": a_left + v_left + a_right + v_right,
        "panel": panel,
    }


# ------------------------------------------------------------------ tile art
GRASS, GRASS2, MUD, STONE, WOOD, SLATE = range(1, 7)


def paint_tiles(rng: random.Random) -> pygame.Surface:
    sheet = pygame.Surface((TILE * 6, TILE))

    def noise(ix, base, spread, dots=140):
        return noise_tile(sheet, rng, ix, base, spread, TILE, dots)

    noise(0, (66, 84, 52), 10)
    r = noise(1, (64, 82, 50), 10)
    for _ in range(5):  # heather tufts
        x, y = r.x + rng.randrange(4, 28), rng.randrange(6, 28)
        pygame.draw.line(sheet, (96, 104, 70), (x, y), (x - 2, y - 5))
        pygame.draw.line(sheet, (96, 104, 70), (x, y), (x + 2, y - 5))
    noise(2, (88, 72, 54), 12)  # the trampled no-man's-land
    r = noise(3, (92, 92, 88), 8)  # flagstones behind the Wall
    pygame.draw.line(sheet, (70, 70, 68), (r.x, 15), (r.x + TILE, 15))
    pygame.draw.line(sheet, (70, 70, 68), (r.x + 10, 0), (r.x + 10, 15))
    pygame.draw.line(sheet, (70, 70, 68), (r.x + 24, 15), (r.x + 24, TILE))
    r = noise(4, (74, 54, 38), 8)  # the wooden table of the cards
    for y in (0, 11, 22):
        pygame.draw.line(sheet, (54, 38, 28), (r.x, y), (r.x + TILE, y))
    noise(5, (34, 38, 44), 4, 40)
    return sheet


def ground(col: int, row: int, rng: random.Random) -> int:
    x, y = col * TILE, row * TILE
    if x >= 936:
        return SLATE
    if x < GX0 - 4:
        return STONE
    if x >= RIGHT_X - 4:
        return WOOD
    if Y_MID - 6 <= y < Y_V - 6:
        return MUD
    return GRASS2 if rng.random() < 0.25 else GRASS


def write_map(out: Path) -> None:
    rng = random.Random(793)
    pygame.display.init()
    sheet = paint_tiles(rng)
    pygame.image.save(sheet, str(out / "rom_tiles.png"))
    data = [[ground(c, r, rng) for c in range(COLS)] for r in range(ROWS)]
    layers = geometry()
    named = [name for objs in layers.values() for name, _ in objs]
    if len(named) != len(set(named)):
        raise SystemExit("two places share a name")
    write_tmx(
        out / "runes_of_mayhem.tmx",
        "runes-of-mayhem",
        "runes_of_mayhem",
        "rom_tiles.png",
        6,
        TILE,
        data,
        layers,
    )


if __name__ == "__main__":
    write_map(ROOT / "levels")
    print("wrote levels/runes_of_mayhem.tmx and levels/rom_tiles.png")
