"""Draw the Stronghold board as a castle seen from above: assets/art/stronghold-castle.svg.

Run ``python tools/make_castle_art.py`` after moving a space in ``levels/stronghold.tmx``
(edited in Tiled, the source of truth for the geometry): the drawing is made from the
map's rectangles, so the walls, towers, gate, moat, ramparts, camp, paths and buildings
lie under the spaces the table clicks.  The map carries the drawing as its image layer
``castle`` (added here when missing; every other line of the map is kept as it is).

The drawing is deterministic (seeded noise, no clock) and made only of what pygame-ce's
SVG renderer draws (paths, polygons, circles, rects, linear gradients): no text, no
filters, no patterns.  The names on the board are not in it: the table prints them in the
language shown, on plaques.  A drawing that was changed by hand since it was made is not
overwritten unless ``--force`` is given.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.games.stronghold.board import PATHS  # noqa: E402

LEVEL = ROOT / "levels" / "stronghold.tmx"
OUT = ROOT / "assets" / "art" / "stronghold-castle.svg"
LAYER = "castle"
W, H = 936, 800  # the board, left of the table's side panel
MARK = "<!-- made by tools/make_castle_art.py; body sha256 "

# ------------------------------------------------------------------ palette (ART.md)
GRASS_HI, GRASS_LO = "#5a7a44", "#44623a"
TUFT_HI, TUFT_LO = "#6e9050", "#36522c"
EARTH, EARTH_HI, EARTH_DARK = "#8a7050", "#a08662", "#5e4a32"
BANK_TOP, BANK_SLOPE = "#94764e", "#6a5234"
STAKE, STAKE_HI, STAKE_DARK = "#6e4c2c", "#8e6c44", "#3a2818"
WATER_HI, WATER_LO, RIPPLE = "#3a6a86", "#24485e", "#6c9ab4"
STONE, STONE_HI, STONE_DARK, MORTAR = "#969288", "#b2ada2", "#605c56", "#7a766e"
FLAG, FLAG_LINE = "#8c877c", "#6c685f"
BAILEY, BAILEY_HI = "#7a6a52", "#8a7a60"
WOOD, WOOD_HI, WOOD_DARK = "#785030", "#8c6038", "#48301c"
CANVAS, CANVAS_SHADE, CANVAS_EDGE = "#ddd0ae", "#b4a684", "#6a5c44"
BANNER = ("#9a3a30", "#2e4a7a", "#c09030")
ROOFS = {  # hipped roofs of the courtyard's buildings: (light side, dark side, eave)
    "FG": ("#6a6e74", "#4e5258", "#34373c"),  # forge: slate
    "WK": ("#a8623e", "#84482c", "#5a301e"),  # workshop: tiles
    "SQ": ("#8a6a44", "#6a4e30", "#46321e"),  # scouts: shingles
    "CT": ("#7a8894", "#5c6a76", "#3c4650"),  # cathedral: lead
    "BK": ("#a4503a", "#803a2a", "#56261c"),  # barracks: tiles
    "WT": ("#86684a", "#664c34", "#443222"),  # watchtower: shingles
    "HS": ("#b0785a", "#8c5a40", "#603c2a"),  # hospital: pale tiles
    "HG": ("#984a3c", "#76362c", "#4e241e"),  # honour guard: tiles
}


def geometry(level: Path = LEVEL) -> dict[str, tuple[float, float, float, float]]:
    """Every named rectangle of the map's object layers."""
    root = ET.parse(level).getroot()
    rects = {}
    for obj in root.iter("object"):
        name = obj.get("name")
        if name:
            rects[name] = tuple(float(obj.get(k, 0)) for k in ("x", "y", "width", "height"))
    return rects


class Svg:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.defs: list[str] = []

    def add(self, tag: str, **attrs) -> None:
        text = " ".join(
            f'{k.rstrip("_").replace("_", "-")}="{_fmt(v)}"'
            for k, v in attrs.items()
            if v is not None
        )
        self.parts.append(f"<{tag} {text}/>")

    def rect(self, x, y, w, h, fill, **kw) -> None:
        self.add("rect", x=x, y=y, width=w, height=h, fill=fill, **kw)

    def poly(self, points, fill, **kw) -> None:
        self.add(
            "polygon",
            points=" ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in points),
            fill=fill,
            **kw,
        )

    def line(self, x1, y1, x2, y2, stroke, width=1.0, **kw) -> None:
        self.add(
            "line",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=stroke,
            stroke_width=width,
            stroke_linecap="round",
            **kw,
        )

    def circle(self, cx, cy, r, fill, **kw) -> None:
        self.add("circle", cx=cx, cy=cy, r=r, fill=fill, **kw)

    def path(self, d, **kw) -> None:
        self.add("path", d=d, **kw)

    def gradient(self, gid: str, top: str, bottom: str, vertical=True) -> str:
        x2, y2 = ("0", "1") if vertical else ("1", "0")
        self.defs.append(
            f'<linearGradient id="{gid}" x1="0" y1="0" x2="{x2}" y2="{y2}">'
            f'<stop offset="0" stop-color="{top}"/>'
            f'<stop offset="1" stop-color="{bottom}"/></linearGradient>'
        )
        return f"url(#{gid})"

    def text(self) -> str:
        body = "\n".join(["<defs>", *self.defs, "</defs>", *self.parts])
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
            f'viewBox="0 0 {W} {H}">\n'
        )
        tail = f"{body}\n</svg>\n"
        digest = hashlib.sha256((head + tail).encode()).hexdigest()
        return f"{head}{MARK}{digest} -->\n{tail}"


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return str(v)


# ------------------------------------------------------------------ pieces of the drawing
def speckle(svg: Svg, rng, box, colours, n, size=(1.0, 2.4), opacity=0.35) -> None:
    """``n`` small specks (diamonds) of ``colours`` over ``box``: one path per colour."""
    x, y, w, h = box
    specks: dict[str, list[str]] = {c: [] for c in colours}
    for _ in range(n):
        cx, cy, r = x + rng.uniform(0, w), y + rng.uniform(0, h), rng.uniform(*size)
        specks[rng.choice(colours)].append(
            f"M{cx - r:.1f} {cy:.1f}l{r:.1f} {-r:.1f}l{r:.1f} {r:.1f}l{-r:.1f} {r:.1f}z"
        )
    for colour, parts in specks.items():
        if parts:
            svg.path("".join(parts), fill=colour, fill_opacity=opacity)


def tufts(svg: Svg, rng, box, n) -> None:
    x, y, w, h = box
    blades: dict[str, list[str]] = {TUFT_HI: [], TUFT_LO: []}
    for _ in range(n):
        tx, ty = x + rng.uniform(0, w), y + rng.uniform(4, h)
        blades[rng.choice((TUFT_HI, TUFT_LO))].append(
            f"M{tx - 2.5:.1f} {ty - 4:.1f}L{tx:.1f} {ty:.1f}L{tx + 2.5:.1f} {ty - 4.5:.1f}"
            f"M{tx:.1f} {ty:.1f}L{tx + 0.3:.1f} {ty - 5:.1f}"
        )
    for colour, parts in blades.items():
        svg.path(
            "".join(parts),
            fill="none",
            stroke=colour,
            stroke_width=0.9,
            stroke_linecap="round",
            stroke_opacity=0.8,
        )


def merlons(svg: Svg, x0, x1, y, depth=6.0, size=7.0, gap=5.0, fill=STONE_HI) -> None:
    """A crenellated parapet along y from x0 to x1 (merlons of ``size`` with gaps)."""
    svg.rect(x0, y + depth - 2.5, x1 - x0, 2.5, STONE_DARK)
    x = x0
    while x + size <= x1 + 0.1:
        svg.rect(x, y, size, depth, fill, stroke=STONE_DARK, stroke_width=0.8)
        x += size + gap


def ring_merlons(svg: Svg, cx, cy, r, n=14, size=5.5) -> None:
    for i in range(n):
        a = 2 * math.pi * i / n
        mx, my = cx + r * math.cos(a), cy + r * math.sin(a)
        svg.add(
            "rect",
            x=mx - size / 2,
            y=my - size / 2,
            width=size,
            height=size,
            fill=STONE_HI,
            stroke=STONE_DARK,
            stroke_width=0.8,
            transform=f"rotate({math.degrees(a):.1f} {mx:.1f} {my:.1f})",
        )


def ashlar(svg: Svg, rng, box, course=6.0, block=(9, 16), colour=MORTAR) -> None:
    """Courses of dressed stone: mortar lines over a stone fill."""
    x, y, w, h = box
    lines = []
    row = 0
    cy = y + course
    while cy < y + h - 0.5:
        lines.append(f"M{x:.1f} {cy:.1f}H{x + w:.1f}")
        cy += course
    cy = y
    while cy < y + h - 0.5:
        bx = x + (rng.uniform(*block) / 2 if row % 2 else 0)
        while bx < x + w - 2:
            bx += rng.uniform(*block)
            if bx < x + w - 2:
                lines.append(f"M{bx:.1f} {cy:.1f}V{min(cy + course, y + h):.1f}")
        cy += course
        row += 1
    svg.path("".join(lines), fill="none", stroke=colour, stroke_width=0.7, stroke_opacity=0.8)


def flagstones(svg: Svg, rng, box, cell=(10, 16), colour=FLAG_LINE) -> None:
    x, y, w, h = box
    lines = []
    cy = y
    while cy < y + h - 2:
        step = rng.uniform(*cell)
        ny = min(y + h, cy + step)
        lines.append(f"M{x:.1f} {ny:.1f}H{x + w:.1f}")
        bx = x + rng.uniform(0, cell[1])
        while bx < x + w - 3:
            lines.append(f"M{bx:.1f} {cy:.1f}V{ny:.1f}")
            bx += rng.uniform(*cell) * 1.3
        cy = ny
    svg.path("".join(lines), fill="none", stroke=colour, stroke_width=0.7, stroke_opacity=0.7)


def palisade(svg: Svg, x0, x1, y, height=9.0) -> None:
    """A row of sharpened stakes seen from above and a little from the front."""
    svg.rect(x0, y + height * 0.45, x1 - x0, 2, STAKE_DARK)
    x = x0
    while x + 4 <= x1:
        svg.poly(
            [(x, y + height), (x, y + 2.5), (x + 2, y), (x + 4, y + 2.5), (x + 4, y + height)],
            STAKE,
            stroke=STAKE_DARK,
            stroke_width=0.7,
        )
        svg.line(x + 1.2, y + 3, x + 1.2, y + height - 1, STAKE_HI, 0.8)
        x += 4.6


def tent(svg: Svg, cx, cy, w, h, stripe=None) -> None:
    """A ridge tent from above: two canvas slopes and a shadow."""
    svg.rect(cx - w / 2 + 2, cy - h / 2 + 3, w, h, "#000000", fill_opacity=0.22, rx=1.5)
    svg.rect(cx - w / 2, cy - h / 2, w, h / 2, CANVAS, stroke=CANVAS_EDGE, stroke_width=0.8)
    svg.rect(cx - w / 2, cy, w, h / 2, CANVAS_SHADE, stroke=CANVAS_EDGE, stroke_width=0.8)
    svg.line(cx - w / 2, cy, cx + w / 2, cy, CANVAS_EDGE, 1.2)
    if stripe:
        svg.rect(cx - w / 2 + w * 0.2, cy - h / 2, w * 0.12, h, stripe, fill_opacity=0.85)
        svg.rect(cx + w / 2 - w * 0.32, cy - h / 2, w * 0.12, h, stripe, fill_opacity=0.85)
    svg.line(cx - w / 2 - 2, cy, cx - w / 2, cy, CANVAS_EDGE, 1.2)
    svg.line(cx + w / 2, cy, cx + w / 2 + 2, cy, CANVAS_EDGE, 1.2)


def round_tent(svg: Svg, cx, cy, r, stripe) -> None:
    svg.circle(cx + 2, cy + 3, r, "#000000", fill_opacity=0.22)
    svg.circle(cx, cy, r, CANVAS, stroke=CANVAS_EDGE, stroke_width=0.8)
    for i in range(8):
        a = 2 * math.pi * i / 8
        svg.line(cx, cy, cx + r * math.cos(a), cy + r * math.sin(a), CANVAS_EDGE, 0.6)
    svg.path(
        f"M{cx:.1f} {cy:.1f}L{cx + r:.1f} {cy:.1f}A{r:.1f} {r:.1f} 0 0 1 {cx:.1f} {cy + r:.1f}Z",
        fill=CANVAS_SHADE,
        fill_opacity=0.8,
    )
    svg.circle(cx, cy, 2.2, stripe)


def banner(svg: Svg, x, y, colour, flip=False) -> None:
    """A pole and its pennant, seen from above and slanted by the wind."""
    d = -1 if flip else 1
    svg.circle(x + 1.5, y + 2, 2.6, "#000000", fill_opacity=0.25)
    svg.line(x, y, x, y - 16, WOOD_DARK, 1.6)
    svg.poly(
        [(x, y - 16), (x + 12 * d, y - 13), (x + 8 * d, y - 10.5), (x + 12 * d, y - 8), (x, y - 8)],
        colour,
        stroke=STAKE_DARK,
        stroke_width=0.6,
    )
    svg.circle(x, y - 16.5, 1.3, "#d8b050")


def campfire(svg: Svg, cx, cy) -> None:
    for i in range(7):
        a = 2 * math.pi * i / 7
        svg.circle(
            cx + 5 * math.cos(a),
            cy + 5 * math.sin(a),
            1.7,
            "#8c8880",
            stroke="#4a4640",
            stroke_width=0.5,
        )
    svg.circle(cx, cy, 3.6, "#3a2a1c")
    svg.poly([(cx - 3, cy + 2), (cx, cy - 5), (cx + 3, cy + 2)], "#e08a30")
    svg.poly([(cx - 1.5, cy + 1.5), (cx, cy - 2.5), (cx + 1.5, cy + 1.5)], "#f4d070")


def hipped_roof(svg: Svg, rng, box, colours) -> None:
    """A hipped roof from above: two long slopes (light and dark), the hips at the ends,
    rows of tiles parallel to the eaves."""
    light, dark, eave = colours
    x, y, w, h = box
    svg.rect(x + 3, y + 4, w, h, "#000000", fill_opacity=0.3, rx=2)
    svg.rect(x, y, w, h, eave, rx=1.5)
    x, y, w, h = x + 2, y + 2, w - 4, h - 4
    if h >= w:  # the ridge runs up and down
        d = w / 2
        cx = x + w / 2
        left = [(x, y), (cx, y + d), (cx, y + h - d), (x, y + h)]
        right = [(x + w, y), (cx, y + d), (cx, y + h - d), (x + w, y + h)]
        svg.poly(left, light)
        svg.poly(right, dark)
        svg.poly([(x, y), (x + w, y), (cx, y + d)], _mix(light, dark))
        svg.poly([(x, y + h), (x + w, y + h), (cx, y + h - d)], _mix(dark, "#000000", 0.25))
        rows = []
        for i in range(1, int(d // 4)):
            off = i * 4
            rows.append(f"M{x + off:.1f} {y + off:.1f}V{y + h - off:.1f}")
            rows.append(f"M{x + w - off:.1f} {y + off:.1f}V{y + h - off:.1f}")
            rows.append(f"M{x + off:.1f} {y + off:.1f}H{x + w - off:.1f}")
            rows.append(f"M{x + off:.1f} {y + h - off:.1f}H{x + w - off:.1f}")
        svg.path("".join(rows), fill="none", stroke=eave, stroke_width=0.6, stroke_opacity=0.55)
        svg.line(cx, y + d, cx, y + h - d, _mix(light, "#ffffff", 0.25), 1.6)
        for a, b in ((x, y), (x + w, y)):
            svg.line(a, b, cx, y + d, _mix(light, "#ffffff", 0.2), 1.1)
        for a, b in ((x, y + h), (x + w, y + h)):
            svg.line(a, b, cx, y + h - d, _mix(light, "#ffffff", 0.2), 1.1)
    # weathering: a few darker and lighter tiles
    tiles: dict[str, list[str]] = {eave: [], _mix(light, "#ffffff", 0.2): []}
    for _ in range(int(w * h / 90)):
        tiles[rng.choice(list(tiles))].append(
            f"M{x + rng.uniform(1, w - 4):.1f} {y + rng.uniform(1, h - 3):.1f}h3v2h-3z"
        )
    for colour, parts in tiles.items():
        svg.path("".join(parts), fill=colour, fill_opacity=0.35)


def _mix(a: str, b: str, t: float = 0.5) -> str:
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(p + (q - p) * t):02x}" for p, q in zip(ca, cb, strict=True))


def tree(svg: Svg, rng, cx, cy, r) -> None:
    """A tree's crown from above: a shadow, overlapping leafy lobes, a lit side."""
    lobes = [
        (
            cx + rng.uniform(-r, r) * 0.45,
            cy + rng.uniform(-r, r) * 0.45,
            r * rng.uniform(0.55, 0.75),
        )
        for _ in range(5)
    ]
    for lx, ly, lr in lobes:
        svg.circle(lx + r * 0.35, ly + r * 0.45, lr, "#000000", fill_opacity=0.2)
    for lx, ly, lr in lobes:
        svg.circle(lx, ly, lr, rng.choice(("#2f4a26", "#34522a", "#2a4222")))
    for lx, ly, lr in lobes:
        svg.circle(lx - lr * 0.25, ly - lr * 0.3, lr * 0.55, "#4e7038", fill_opacity=0.55)


def round_tower(svg: Svg, rng, cx, cy, r) -> None:
    svg.circle(cx + 3, cy + 4, r + 1, "#000000", fill_opacity=0.3)
    svg.circle(cx, cy, r, STONE, stroke=STONE_DARK, stroke_width=1.2)
    svg.circle(cx, cy, r - 5.5, FLAG, stroke=STONE_DARK, stroke_width=1)
    lines = []
    for i in range(6):
        a = 2 * math.pi * (i + 0.5) / 6
        lines.append(
            f"M{cx + (r - 5.5) * math.cos(a):.1f} {cy + (r - 5.5) * math.sin(a):.1f}"
            f"L{cx + 5 * math.cos(a):.1f} {cy + 5 * math.sin(a):.1f}"
        )
    svg.path("".join(lines), fill="none", stroke=FLAG_LINE, stroke_width=0.7)
    svg.circle(cx, cy, 5, FLAG_LINE, fill_opacity=0.5)
    ring_merlons(svg, cx, cy, r - 2.6, n=max(10, int(r * 0.8)), size=4.6)


# ------------------------------------------------------------------ the board
def draw(rects: dict, seed: int = 1209) -> Svg:
    rng = random.Random(seed)
    svg = Svg()
    R = rects

    def bottom(name):
        x, y, w, h = R[name]
        return y + h

    wall_top = R["S1"][1]  # 272: the foot of the wall, outside
    wall_bottom = bottom("S1")  # 452: the inner face of the wall walk
    parapet = wall_top + 92  # the crenellated outer face of the curtain wall
    moat_top = bottom("R1") + 2
    inner_bottom = bottom("FG") + 4
    gate = R["GATE"]
    forecourt = R["BF"]

    # the table's wood under everything, the field, the berm, the bailey
    svg.rect(0, 0, W, H, svg.gradient("wood", WOOD, WOOD_DARK))
    svg.rect(0, 0, W, moat_top + 4, svg.gradient("field", GRASS_HI, GRASS_LO))
    speckle(svg, rng, (0, 0, W, moat_top), (TUFT_HI, TUFT_LO, "#7a8a50"), 500)
    tufts(svg, rng, (0, 0, W, moat_top), 420)
    svg.rect(0, wall_top - 3, W, parapet - wall_top + 3, svg.gradient("berm", "#7c7058", "#6a5e48"))
    speckle(
        svg,
        rng,
        (0, wall_top, W, parapet - wall_top),
        ("#9a8e76", "#544a3a", "#8a8270"),
        520,
        (0.8, 2.0),
        0.5,
    )
    for _ in range(70):  # rocks fallen at the foot of the wall
        rx, ry = rng.uniform(4, W - 4), rng.uniform(wall_top + 30, parapet - 4)
        r = rng.uniform(1.6, 3.6)
        svg.add(
            "ellipse", cx=rx + 0.8, cy=ry + 1, rx=r * 1.3, ry=r, fill="#3e382e", fill_opacity=0.5
        )
        svg.add(
            "ellipse",
            cx=rx,
            cy=ry,
            rx=r * 1.3,
            ry=r,
            fill=rng.choice(("#8e887a", "#a09a8a", "#7a7466")),
        )
    tufts(svg, rng, (0, wall_top + 2, W, 16), 60)
    # where a siege tower is rolled up to the wall: trodden ground and wheel ruts
    for name in sorted(R):
        if len(name) == 3 and name[0] == "S" and name[2] == "T":
            x, y, w, h = R[name]
            svg.rect(x, y, w, h, "#5e5240", fill_opacity=0.55, rx=3)
            svg.rect(
                x + 1,
                y + 1,
                w - 2,
                h - 2,
                "none",
                stroke="#3e3428",
                stroke_width=1,
                stroke_dasharray="4 3",
                rx=3,
            )
            for rx in (x + 8, x + w - 8):
                svg.line(rx, y + 4, rx, y + h + 30, "#3e3428", 2.2, stroke_opacity=0.6)
    svg.rect(
        0, wall_bottom, W, inner_bottom - wall_bottom, svg.gradient("bailey", BAILEY_HI, BAILEY)
    )
    speckle(
        svg,
        rng,
        (0, wall_bottom, W, inner_bottom - wall_bottom),
        ("#9a8a70", "#5e5040", "#8a8072"),
        600,
        (0.8, 2.2),
        0.45,
    )
    # the board's wooden rim below the castle: planks
    planks = []
    py = inner_bottom + 2
    while py < H:
        planks.append(f"M0 {py:.1f}H{W}")
        py += 22
    svg.path("".join(planks), fill="none", stroke=WOOD_DARK, stroke_width=1.4)
    grain = []
    for _ in range(90):
        gx, gy = rng.uniform(0, W), rng.uniform(inner_bottom + 4, H)
        grain.append(f"M{gx:.1f} {gy:.1f}h{rng.uniform(20, 70):.1f}")
    svg.path("".join(grain), fill="none", stroke=WOOD_HI, stroke_width=0.8, stroke_opacity=0.5)
    svg.rect(0, inner_bottom - 1, W, 4, WOOD_DARK)

    # the moat, with its banks
    svg.rect(0, moat_top, W, wall_top - moat_top, svg.gradient("moat", WATER_HI, WATER_LO))
    svg.rect(0, moat_top - 2, W, 3, EARTH_DARK)
    svg.rect(0, wall_top - 2, W, 3, "#4a4234")
    ripples = []
    for _ in range(110):
        rx, ry = rng.uniform(0, W), rng.uniform(moat_top + 4, wall_top - 4)
        ripples.append(f"M{rx:.1f} {ry:.1f}q3 -2.2 6 0t6 0")
    svg.path("".join(ripples), fill="none", stroke=RIPPLE, stroke_width=0.8, stroke_opacity=0.6)

    # the paths: trodden earth from each place through its trap space
    def anchor(name, mid_y):
        x, y, w, h = R[name]
        return (x + w / 2, y) if mid_y < y else (x + w / 2, y + h)

    for width, colour in ((13, EARTH_DARK), (10, EARTH), (4, EARTH_HI)):
        d = []
        for p, (a, b) in PATHS.items():
            tx, ty, tw, th = R[p]
            mid = (tx + tw / 2, ty + th / 2)
            for end in (a, b):
                ax, ay = anchor(end, mid[1])
                d.append(f"M{ax:.1f} {ay:.1f}L{mid[0]:.1f} {mid[1]:.1f}")
        svg.path(
            "".join(d),
            fill="none",
            stroke=colour,
            stroke_width=width,
            stroke_linecap="round",
            stroke_linejoin="round",
            stroke_opacity=0.9 if width > 4 else 0.6,
        )
    # the trap spaces: squares of bare earth (fords across the moat near the wall)
    for p in PATHS:
        x, y, w, h = R[p]
        if y + h > moat_top:  # a causeway across the moat
            svg.rect(x - 1, moat_top - 2, w + 2, wall_top - moat_top + 4, EARTH_DARK)
            svg.rect(x + 1, moat_top - 2, w - 2, wall_top - moat_top + 4, EARTH)
        svg.rect(x, y, w, h, EARTH_DARK, rx=3)
        svg.rect(x + 2, y + 2, w - 4, h - 4, "#76603f", rx=2)
        speckle(svg, rng, (x + 2, y + 2, w - 4, h - 4), ("#a08662", "#4e3e2a"), 6, (0.8, 1.6), 0.7)

    # the gathering places: clearings with banners and a fire; machine platforms
    for gp, colour in (("GW", BANNER[0]), ("GE", BANNER[1])):
        x, y, w, h = R[gp]
        svg.rect(x + 1, y + 1, w - 2, h - 2, "#8a8254", rx=14, fill_opacity=0.55)
        svg.rect(x + 4, y + 4, w - 8, h - 8, "#9a8a5c", rx=12, fill_opacity=0.45)
        speckle(
            svg, rng, (x + 6, y + 6, w - 12, h - 12), ("#6a5a3c", "#b0a070"), 40, (0.8, 1.8), 0.6
        )
        tent(svg, x + w - 46, y + 34, 24, 15, colour)
        tent(svg, x + w - 66, y + 60, 22, 14, None)
        campfire(svg, x + w - 16, y + h - 14)
        banner(svg, x + w - 10, y + 22, colour, flip=True)
        banner(svg, x + 8, y + h - 4, colour)
    for slot in ("GW1", "GW2", "GE1", "GE2"):
        x, y, w, h = R[slot]
        px, py, pw, ph = x + 4, y + 14, w - 8, h - 20
        svg.rect(px + 2, py + 3, pw, ph, "#000000", fill_opacity=0.25)
        svg.rect(px, py, pw, ph, WOOD, stroke=WOOD_DARK, stroke_width=1.2)
        svg.path(
            "".join(f"M{px:.1f} {py + i * ph / 6:.1f}H{px + pw:.1f}" for i in range(1, 6)),
            fill="none",
            stroke=WOOD_DARK,
            stroke_width=0.7,
        )
        for bx in (px + 3, px + pw - 3):
            svg.line(bx, py + 1, bx, py + ph - 1, STAKE_DARK, 2)
        for cx, cy in ((px, py), (px + pw, py), (px, py + ph), (px + pw, py + ph)):
            svg.circle(cx, cy, 2.2, STAKE_DARK)
    # the camp: tents, banners and fires on the grass
    x, y, w, h = R["CAMP"]
    svg.rect(x + 1, y + 1, w - 2, h - 2, "#7e7a50", rx=10, fill_opacity=0.45)
    spots = [
        (x + 24, y + 62, 26, 16, BANNER[0]),
        (x + 60, y + 64, 22, 14, None),
        (x + 100, y + 60, 26, 16, BANNER[2]),
        (x + 178, y + 62, 26, 16, BANNER[1]),
        (x + 218, y + 64, 22, 14, None),
        (x + 256, y + 60, 26, 16, BANNER[0]),
    ]
    for tx, ty, tw, th, stripe in spots:
        tent(svg, tx, ty, tw, th, stripe)
    round_tent(svg, x + w / 2 - 2, y + 58, 12, BANNER[0])
    banner(svg, x + w / 2 - 2, y + 40, BANNER[2])
    campfire(svg, x + 160, y + 70)
    for bx in (x + 6, x + w - 8):
        banner(svg, bx, y + h - 2, BANNER[0], flip=bx > x + w / 2)

    # the ramparts: raised banks of earth with a palisade facing the wall
    for r in ("R1", "R2", "R3", "R4", "R5", "R6", "R7"):
        x, y, w, h = R[r]
        svg.poly(
            [(x - 2, y + h + 2), (x + 4, y + 6), (x + w - 4, y + 6), (x + w + 2, y + h + 2)],
            "#000000",
            fill_opacity=0.25,
        )
        svg.poly([(x, y + h), (x + 5, y + 2), (x + w - 5, y + 2), (x + w, y + h)], BANK_SLOPE)
        svg.poly(
            [(x + 3, y + h - 8), (x + 7, y + 5), (x + w - 7, y + 5), (x + w - 3, y + h - 8)],
            svg.gradient(f"bank{r}", _mix(BANK_TOP, "#ffffff", 0.12), BANK_TOP),
        )
        speckle(
            svg, rng, (x + 8, y + 8, w - 16, h - 20), ("#6a5234", "#b09470"), 30, (0.7, 1.6), 0.6
        )
        hach = []
        for i in range(int(w // 5)):
            hx = x + 4 + i * 5
            hach.append(f"M{hx:.1f} {y + h - 7:.1f}l0 6")
        svg.path("".join(hach), fill="none", stroke="#4e3a24", stroke_width=0.7, stroke_opacity=0.7)
        palisade(svg, x + 4, x + w - 4, y + h - 12)
    # copses in the field where no place lies
    free = [
        (0, R["R1"][1] - 4, R["R1"][0] - 4, moat_top - R["R1"][1]),
        (
            bottom_right := R["R7"][0] + R["R7"][2] + 4,
            R["R7"][1] - 4,
            W - bottom_right,
            moat_top - R["R7"][1],
        ),
        (
            R["R3"][0] + R["R3"][2] + 6,
            R["R3"][1],
            forecourt[0] - R["R3"][0] - R["R3"][2] - 16,
            moat_top - R["R3"][1] - 6,
        ),
        (
            forecourt[0] + forecourt[2] + 10,
            R["R4"][1],
            R["R4"][0] - forecourt[0] - forecourt[2] - 16,
            moat_top - R["R4"][1] - 6,
        ),
    ]
    for fx, fy, fw, fh in free:
        if fw < 14 or fh < 14:
            continue
        for _ in range(max(1, int(fw * fh / 900))):
            r = rng.uniform(7, 11)
            tree(
                svg,
                rng,
                fx + rng.uniform(r, max(r + 0.1, fw - r)),
                fy + rng.uniform(r, max(r + 0.1, fh - r)),
                r,
            )
    # the barbican: the forecourt walled in front of the gate, a bridge over the moat
    x, y, w, h = forecourt
    svg.rect(x, y, w, h, FLAG)
    flagstones(svg, rng, (x, y, w, h))
    svg.rect(x + 2, y + 4, w - 4, h - 8, "#000000", fill_opacity=0.08)
    svg.rect(x - 4, y - 4, 8, h + 4, STONE, stroke=STONE_DARK, stroke_width=1)
    svg.rect(x + w - 4, y - 4, 8, h + 4, STONE, stroke=STONE_DARK, stroke_width=1)
    svg.rect(x - 4, y - 4, w * 0.32, 8, STONE, stroke=STONE_DARK, stroke_width=1)
    svg.rect(x + w * 0.68 + 4, y - 4, w * 0.32, 8, STONE, stroke=STONE_DARK, stroke_width=1)
    for cx in (x, x + w):
        svg.rect(cx - 7, y - 7, 14, 14, STONE_HI, stroke=STONE_DARK, stroke_width=1.2)
    bx0, bx1 = gate[0] + 20, gate[0] + gate[2] - 20
    svg.rect(bx0 + 2, y + h - 2, bx1 - bx0, wall_top - y - h + 6, "#000000", fill_opacity=0.3)
    svg.rect(
        bx0, y + h - 4, bx1 - bx0, wall_top - y - h + 6, WOOD, stroke=WOOD_DARK, stroke_width=1.2
    )
    svg.path(
        "".join(
            f"M{bx0 + i * 5:.1f} {y + h - 3:.1f}V{wall_top + 1:.1f}"
            for i in range(1, int((bx1 - bx0) // 5) + 1)
        ),
        fill="none",
        stroke=WOOD_DARK,
        stroke_width=0.8,
    )
    for chain_x in (bx0 + 2, bx1 - 2):
        svg.line(chain_x, wall_top - 2, chain_x, y + h - 2, "#3c3c3c", 1.1)

    # the curtain wall: the wall walk (the Defender's side) behind a crenellated parapet
    svg.rect(0, parapet, W, wall_bottom - parapet, svg.gradient("walk", STONE_HI, STONE))
    ashlar(svg, rng, (0, parapet + 8, W, wall_bottom - parapet - 8), course=7.5)
    svg.rect(0, parapet + 4, W, 5, STONE_DARK)
    merlons(svg, 0, W, parapet - 3, depth=8, size=8, gap=6)
    svg.rect(0, wall_bottom - 3, W, 4, STONE_DARK)
    # buttresses at the foot of the wall outside
    for sx in range(6, W, 45):
        svg.poly(
            [
                (sx, parapet - 2),
                (sx + 3, parapet - 10),
                (sx + 9, parapet - 10),
                (sx + 12, parapet - 2),
            ],
            "#6e6a62",
            fill_opacity=0.7,
        )
    # cross walls and turrets between the sections
    bounds = sorted(
        {round(R[f"S{i}"][0] + R[f"S{i}"][2] + 1) for i in range(1, 9)}
        - {round(gate[0] - 1), round(gate[0] + gate[2] + 1)}
    )
    for bx in bounds:
        if gate[0] - 4 < bx < gate[0] + gate[2] + 4:
            continue
        svg.rect(
            bx - 3, parapet, 6, wall_bottom - parapet, STONE_HI, stroke=STONE_DARK, stroke_width=0.9
        )
        svg.rect(bx - 9, parapet - 12, 18, 20, STONE, stroke=STONE_DARK, stroke_width=1.1)
        merlons(svg, bx - 9, bx + 9, parapet - 14, depth=5, size=4.5, gap=2.25)
    # the gatehouse: two flanking towers, the passage and its portcullis grooves
    gx, gy, gw, gh = gate
    svg.rect(gx, gy, gw, gh, STONE, stroke=STONE_DARK, stroke_width=1.4)
    ashlar(svg, rng, (gx, gy, gw, gh), course=7.5)
    px0, px1 = gx + 8, gx + gw - 8
    svg.rect(px0, gy, px1 - px0, gh, svg.gradient("passage", "#5c5448", "#6e6656"))
    flagstones(svg, rng, (px0, gy, px1 - px0, gh), cell=(8, 13), colour="#48423a")
    for gy2 in (gy + 20, gy + 68, gy + 116, gy + 164):
        svg.rect(px0, gy2, px1 - px0, 3, "#2e2a26")
    for cx in (gx + 4, gx + gw - 4):
        round_tower(svg, rng, cx, gy + 4, 17)
    merlons(svg, gx + 18, gx + gw - 18, gy - 6, depth=6, size=6, gap=4)

    # the bailey: the towers behind the wall, the buildings, the courtyard
    for t in ("T12", "T23", "T34", "TGW", "TGE", "T56", "T67", "T78", "T89"):
        x, y, w, h = R[t]
        cx, cy = x + w / 2, y + h / 2
        svg.rect(
            cx - 7, wall_bottom - 4, 14, cy - wall_bottom, STONE, stroke=STONE_DARK, stroke_width=1
        )
        round_tower(svg, rng, cx, cy, w / 2 - 1)
    for b, colours in ROOFS.items():
        x, y, w, h = R[b]
        hipped_roof(svg, rng, (x + 1, y + 1, w - 2, h - 2), colours)
    # the hospital's ward: linen beds under an open cloister
    x, y, w, h = R["HOSP"]
    svg.rect(x - 2, y - 2, w + 4, h + 4, "#5e4636", rx=3)
    svg.rect(x, y, w, h, "#d8ccb0", rx=2)
    for i in range(4):
        bx = x + 5 + i * (w - 10) / 4
        svg.rect(
            bx,
            y + h - 20,
            (w - 10) / 4 - 4,
            16,
            "#f0e8d8",
            stroke="#9a8a70",
            stroke_width=0.7,
            rx=1.5,
        )
        svg.rect(bx + 1, y + h - 19, (w - 10) / 4 - 6, 4, "#b8c8d8")
    # the courtyard: flagstones round a well
    x, y, w, h = R["CY"]
    svg.rect(x + 2, y + 3, w, h, "#000000", fill_opacity=0.2, rx=3)
    svg.rect(x, y, w, h, FLAG, stroke=STONE_DARK, stroke_width=1.4, rx=3)
    flagstones(svg, rng, (x + 1, y + 1, w - 2, h - 2))
    wx, wy = x + w / 2, y + h - 30
    svg.circle(wx + 2, wy + 3, 15, "#000000", fill_opacity=0.25)
    svg.circle(wx, wy, 15, STONE, stroke=STONE_DARK, stroke_width=1.2)
    svg.circle(wx, wy, 9.5, "#1e3442", stroke=STONE_DARK, stroke_width=1)
    svg.circle(wx - 2.5, wy - 2.5, 3, WATER_HI, fill_opacity=0.6)
    svg.line(wx - 17, wy, wx + 17, wy, WOOD_DARK, 2.2)
    for cx in (wx - 17, wx + 17):
        svg.circle(cx, wy, 2.4, WOOD)
    return svg


# ------------------------------------------------------------------ the files
def hand_edited(text: str) -> bool:
    """A drawing not made here, or changed since: the hash of its text (without the line
    that records it) is not the one recorded."""
    m = re.search(re.escape(MARK) + r"([0-9a-f]{64}) -->\n", text)
    if m is None:
        return True
    rest = text[: m.start()] + text[m.end() :]
    return hashlib.sha256(rest.encode()).hexdigest() != m.group(1)


def add_image_layer(level: Path, source: str, width: int, height: int) -> bool:
    """Give the map an image layer ``castle`` showing ``source`` (after its tile layer),
    leaving every other line of the map as it is; False when it has one already."""
    text = level.read_text(encoding="utf-8")
    if re.search(rf'<imagelayer [^>]*name="{LAYER}"', text):
        return False
    ids = [int(i) for i in re.findall(r'<(?:layer|objectgroup|imagelayer) id="(\d+)"', text)]
    nxt = int(re.search(r'nextlayerid="(\d+)"', text).group(1))
    lid = max([nxt, *[i + 1 for i in ids]])
    layer = (
        f' <imagelayer id="{lid}" name="{LAYER}">\n'
        f'  <image source="{source}" width="{width}" height="{height}"/>\n'
        f" </imagelayer>\n"
    )
    end = text.index("</layer>") + len("</layer>\n")
    text = text[:end] + layer + text[end:]
    text = re.sub(r'nextlayerid="\d+"', f'nextlayerid="{lid + 1}"', text, count=1)
    level.write_text(text, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--force",
        action="store_true",
        help="overwrite the drawing even where it was changed by hand",
    )
    args = ap.parse_args(argv)
    if OUT.exists() and hand_edited(OUT.read_text(encoding="utf-8")) and not args.force:
        print(
            f"error: {OUT.relative_to(ROOT)} was changed by hand since it was made; "
            "keep the change or give --force",
            file=sys.stderr,
        )
        return 2
    OUT.write_text(draw(geometry()).text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    if add_image_layer(LEVEL, f"../assets/art/{OUT.name}", W, H):
        print(f"added the image layer '{LAYER}' to {LEVEL.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
