"""Draw the Stronghold board: levels/stronghold.tmx and its tileset stronghold_tiles.png.

Run ``python tools/make_stronghold_map.py`` after changing the geometry below.  The map
is a 40x25 grid of 32-pixel tiles (the 1280x800 design space of the app) with one tile
layer of ground art and object layers holding one named rectangle per engine space
(``game/games/stronghold/spaces.py``: MAP_SPACES) plus the panel zones of the table.
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
from game.games.stronghold.content import ACTION_CODES  # noqa: E402
from game.games.stronghold.spaces import MAP_SPACES  # noqa: E402
from tools.tiled import noise_tile, write_tmx  # noqa: E402

TILE = 32
COLS, ROWS = 40, 25
SW = 90  # width of a wall-section column
X0 = 10
SECTION_X = {f"S{i + 1}": X0 + i * SW for i in range(4)}
SECTION_X.update({f"S{i + 5}": X0 + 5 * SW + i * SW for i in range(5)})
GATE_X = X0 + 4 * SW
#: x of the boundary each tower stands on (and the rampart opposite it faces)
TOWER_CX = {
    "T12": 100,
    "T23": 190,
    "T34": 280,
    "TGW": 370,
    "TGE": 460,
    "T56": 550,
    "T67": 640,
    "T78": 730,
    "T89": 820,
}
RAMPART_CX = {"R1": 100, "R2": 190, "R3": 280, "R4": 550, "R5": 640, "R6": 730, "R7": 820}
RAMPART_PATHS = {
    "R1": ("p08", "p09"),
    "R2": ("p10", "p11"),
    "R3": ("p12", "p13"),
    "R4": ("p14", "p15"),
    "R5": ("p16", "p17"),
    "R6": ("p18", "p19"),
    "R7": ("p20", "p21"),
}
OUTER_PATHS = {"p01": 100, "p02": 190, "p03": 280, "p04": 550, "p05": 640, "p06": 730, "p07": 775}
BUILDING_ROW = (
    ("FG", 84),
    ("WK", 84),
    ("SQ", 122),
    ("CT", 84),
    ("BK", 122),
    ("WT", 84),
    ("HS", 84),
    ("HG", 84),
)

Y_TOP, Y_TRAP1, Y_RAMP, Y_TRAP2, Y_WALL, Y_TOWER, Y_IN, Y_SIDE = (
    40,
    126,
    156,
    242,
    272,
    456,
    508,
    660,
)


def geometry() -> dict[str, list[tuple[str, tuple[int, int, int, int]]]]:
    """Object layers: name -> [(space, (x, y, w, h))]."""
    outside = [
        ("GW", (10, Y_TOP, 170, 78)),
        ("GW1", (184, Y_TOP, 56, 78)),
        ("GW2", (244, Y_TOP, 56, 78)),
        ("CAMP", (310, Y_TOP, 280, 78)),
        ("GE", (600, Y_TOP, 186, 78)),
        ("GE1", (790, Y_TOP, 56, 78)),
        ("GE2", (850, Y_TOP, 56, 78)),
    ]
    for p, cx in OUTER_PATHS.items():
        outside.append((p, (cx - 12, Y_TRAP1, 24, 24)))
    for r, cx in RAMPART_CX.items():
        outside.append((r, (cx - 42, Y_RAMP, 84, 80)))
        left, right = RAMPART_PATHS[r]
        outside.append((left, (cx - 42, Y_TRAP2, 24, 24)))
        outside.append((right, (cx + 18, Y_TRAP2, 24, 24)))
    outside.append(("BF", (GATE_X + 4, Y_RAMP, 82, 80)))
    wall = []
    for s, x in SECTION_X.items():
        wall.append((s, (x + 1, Y_WALL, SW - 2, 180)))
        if s in ("S2", "S3", "S6", "S8"):
            wall.append((f"{s}T", (x + SW - 41, Y_WALL + 4, 38, 56)))
    wall.append(("GATE", (GATE_X + 2, Y_WALL, SW - 4, 180)))
    for t, cx in TOWER_CX.items():
        wall.append((t, (cx - 28, Y_TOWER, 56, 46)))
    castle = []
    x = 10
    for b, w in BUILDING_ROW:
        castle.append((b, (x, Y_IN, w, 144)))
        codes = [c for c in ACTION_CODES if c.startswith(b)]
        for i, code in enumerate(codes):
            if len(codes) == 4:  # two rows of two
                cx, cy = x + 6 + (i % 2) * 38, Y_IN + 74 + (i // 2) * 34
            else:
                cx, cy = x + 6 + i * 38, Y_IN + 108
            castle.append((code, (cx, cy, 34, 30)))
        if b == "HS":
            castle.append(("HOSP", (x + 6, Y_IN + 22, w - 12, 44)))
        x += w + 4
    castle.append(("CY", (x, Y_IN, 910 - x, 144)))
    # the phase cards standing tall at the left, the Invader's bag, supply, resources and
    # blood and the Defender's hourglasses above, his supply, the glory, the rituals and
    # the deeds below
    side = [(f"CARD{p}", (10 + (p - 1) * 70, Y_SIDE, 66, 132)) for p in range(1, 7)]
    side += [
        ("BAG", (432, Y_SIDE, 106, 64)),
        ("SUPPLY", (542, Y_SIDE, 122, 64)),
        ("RES", (668, Y_SIDE, 56, 64)),
        ("BLOOD", (728, Y_SIDE, 56, 64)),
        ("HOURGLASS", (788, Y_SIDE, 122, 64)),
        ("DSUPPLY", (432, Y_SIDE + 68, 176, 64)),
        ("GLORY", (612, Y_SIDE + 68, 116, 64)),
        ("RITUALS", (732, Y_SIDE + 68, 84, 64)),
        ("DEEDS", (820, Y_SIDE + 68, 90, 64)),
    ]
    panel = [
        ("status", (10, 6, 920, 28)),
        ("prompt", (944, 10, 326, 290)),
        ("log", (944, 310, 326, 410)),
        ("buttons", (944, 730, 326, 60)),
    ]
    return {"outside": outside, "wall": wall, "castle": castle, "side": side, "panel": panel}


# ------------------------------------------------------------------ tile art
GRASS, GRASS2, DIRT, DIRT2, WATER, MASONRY, FLAGS, PLANKS, SLATE = range(1, 10)


def paint_tiles(rng: random.Random) -> pygame.Surface:
    sheet = pygame.Surface((TILE * 9, TILE))

    def noise(ix, base, spread, dots=140):
        return noise_tile(sheet, rng, ix, base, spread, TILE, dots)

    noise(0, (74, 104, 58), 14)
    r = noise(1, (70, 100, 56), 14)
    for _ in range(6):  # tufts
        x, y = r.x + rng.randrange(4, 28), rng.randrange(6, 28)
        pygame.draw.line(sheet, (96, 130, 70), (x, y), (x - 2, y - 5))
        pygame.draw.line(sheet, (96, 130, 70), (x, y), (x + 2, y - 5))
    noise(2, (112, 92, 64), 12)
    r = noise(3, (108, 88, 62), 12)
    for _ in range(4):
        pygame.draw.circle(
            sheet, (140, 132, 120), (r.x + rng.randrange(4, 28), rng.randrange(4, 28)), 2
        )
    r = noise(4, (46, 78, 104), 8, 60)
    for y in (8, 20):
        pygame.draw.arc(sheet, (90, 130, 160), (r.x + 2, y, 14, 6), 0.3, 2.8)
        pygame.draw.arc(sheet, (90, 130, 160), (r.x + 16, y + 4, 14, 6), 0.3, 2.8)
    r = noise(5, (120, 116, 108), 10)
    for row in range(4):  # courses of ashlar
        y = row * 8
        pygame.draw.line(sheet, (84, 80, 74), (r.x, y), (r.x + TILE, y))
        off = 0 if row % 2 else 8
        for x in range(off, TILE, 16):
            pygame.draw.line(sheet, (84, 80, 74), (r.x + x, y), (r.x + x, y + 8))
    r = noise(6, (150, 140, 120), 10)
    pygame.draw.rect(sheet, (112, 104, 90), r, 1)
    pygame.draw.line(sheet, (112, 104, 90), (r.x + 16, 0), (r.x + 16, 15))
    pygame.draw.line(sheet, (112, 104, 90), (r.x, 15), (r.x + TILE, 15))
    r = noise(7, (96, 68, 44), 8)
    for y in (0, 11, 22):
        pygame.draw.line(sheet, (66, 46, 30), (r.x, y), (r.x + TILE, y))
    noise(8, (34, 38, 44), 4, 40)
    return sheet


def ground(col: int, row: int, rng: random.Random) -> int:
    if col >= 29:
        return SLATE
    y = row * TILE
    if y < 160:
        return GRASS2 if rng.random() < 0.25 else GRASS
    if y < 256:
        return DIRT2 if rng.random() < 0.2 else DIRT
    if y < 288:
        return WATER
    if y < 512:
        return MASONRY
    if y < 672:
        return FLAGS
    return PLANKS


def write_map(out: Path) -> None:
    rng = random.Random(1009)
    pygame.display.init()
    sheet = paint_tiles(rng)
    pygame.image.save(sheet, str(out / "stronghold_tiles.png"))
    data = [[ground(c, r, rng) for c in range(COLS)] for r in range(ROWS)]
    layers = geometry()
    named = [
        name
        for objs in layers.values()
        for name, _ in objs
        if name not in ("status", "prompt", "log", "buttons")
    ]
    missing = set(MAP_SPACES) - set(named)
    extra = set(named) - set(MAP_SPACES)
    if missing or extra or len(named) != len(set(named)):
        raise SystemExit(f"map and engine disagree: missing {missing}, unknown {extra}")
    write_tmx(
        out / "stronghold.tmx",
        "stronghold",
        "stronghold",
        "stronghold_tiles.png",
        9,
        TILE,
        data,
        layers,
    )
    # the castle drawn over the tiles (tools/make_castle_art.py): its image layer is kept
    from tools.make_castle_art import OUT, H, W, add_image_layer

    add_image_layer(out / "stronghold.tmx", f"../assets/art/{OUT.name}", W, H)


def edited_in_tiled(level: Path) -> list[str]:
    """The spaces of ``level`` whose rectangles differ from geometry() (moved in Tiled):
    the map is the source of truth, so they are not overwritten without --force."""
    if not level.exists():
        return []
    from tools.make_castle_art import geometry as drawn

    now = drawn(level)
    made = {
        name: tuple(float(v) for v in rect) for objs in geometry().values() for name, rect in objs
    }
    return sorted(n for n in set(now) | set(made) if now.get(n) != made.get(n))


if __name__ == "__main__":
    moved = edited_in_tiled(ROOT / "levels" / "stronghold.tmx")
    if moved and "--force" not in sys.argv[1:]:
        raise SystemExit(
            f"error: levels/stronghold.tmx was edited (moved: {', '.join(moved)});"
            " keep it, or give --force to write this script's geometry"
        )
    write_map(ROOT / "levels")
    print("wrote levels/stronghold.tmx and levels/stronghold_tiles.png")
