"""Make the title screen's backdrop, assets/art/title-backdrop.svg: a castle on its hill
against a dusk sky, a besieging camp with its engines in the dark field before it.

Deterministic: the same script writes the same bytes (the stars, ridges and the army's
spears come from a seeded ``random.Random``, the only randomness here; this is a tool,
not a rules engine).  The drawing is 1920x1080 (16:9); the title screen draws it to cover
the window (game.app.scenes.title), so a 16:10 window shows it with a little cut from
either side: everything that matters lies between x 200 and 1720.  The left third is kept
quiet (dark hills, a few tents) for the menu, the sky's top band for the title.

Only shapes pygame-ce's SVG renderer (nanosvg) draws: paths, circles, ellipses, rects,
linear and radial gradients, fill and stroke opacity.  The colours follow
assets/art/ART.md: pigment and wood, the gold of the title in the lit windows and fires.

    python tools/make_title_art.py
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "art" / "title-backdrop.svg"
W, H = 1920, 1080
HORIZON = 742  # where the far hills meet the sky
SEED = 23  # the stars, ridges and spears


def _f(x: float) -> str:
    """A number as short as it reads (two decimals at most)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def path(points, fill: str, opacity: float = 1.0, close: bool = True) -> str:
    d = "M" + " L".join(f"{_f(x)} {_f(y)}" for x, y in points) + (" Z" if close else "")
    alpha = f' fill-opacity="{_f(opacity)}"' if opacity < 1 else ""
    return f'<path d="{d}" fill="{fill}"{alpha}/>'


def ridge(rng: random.Random, y0: float, rough: float, step: float, waves) -> list:
    """A hill line across the picture: gentle waves plus a little seeded roughness,
    closed along the bottom edge."""
    pts = [(0.0, float(H))]
    x = 0.0
    while x <= W + step:
        y = y0 + sum(a * math.sin(x / length + phase) for a, length, phase in waves)
        pts.append((min(x, W), y + rng.uniform(-rough, rough)))
        x += step
    pts.append((float(W), float(H)))
    return pts


def glow(
    name: str, cx: float, cy: float, r: float, inner: str, outer: str, alpha: float
) -> list[str]:
    """A soft light: a circle filled with a radial gradient fading to nothing (the
    gradient in user space, as nanosvg draws it)."""
    return [
        f'<defs><radialGradient id="{name}" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" '
        'gradientUnits="userSpaceOnUse">'
        f'<stop offset="0" stop-color="{inner}" stop-opacity="{_f(alpha)}"/>'
        f'<stop offset="0.35" stop-color="{outer}" stop-opacity="{_f(alpha * 0.45)}"/>'
        f'<stop offset="1" stop-color="{outer}" stop-opacity="0"/>'
        "</radialGradient></defs>",
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="url(#{name})"/>',
    ]


def sky(rng: random.Random) -> list[str]:
    out = [
        f'<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="{H}" '
        'gradientUnits="userSpaceOnUse">'
        '<stop offset="0" stop-color="#0f1430"/>'
        '<stop offset="0.38" stop-color="#28284e"/>'
        '<stop offset="0.55" stop-color="#5b3a5c"/>'
        '<stop offset="0.64" stop-color="#a4555a"/>'
        '<stop offset="0.7" stop-color="#e08a4c"/>'
        '<stop offset="0.75" stop-color="#f4c46a"/>'
        '<stop offset="1" stop-color="#f4c46a"/>'
        "</linearGradient></defs>",
        f'<rect width="{W}" height="{H}" fill="url(#sky)"/>',
        *glow("sun", 1330, HORIZON - 20, 460, "#ffe3a0", "#ffb060", 0.8),
        f'<circle cx="1330" cy="{HORIZON - 28}" r="58" fill="#ffe4a8"/>',
    ]
    for _ in range(170):  # stars, thinning towards the glow of the horizon
        x, y = rng.uniform(0, W), rng.uniform(0, 1) ** 1.6 * 430
        r = rng.choice((0.9, 1.1, 1.3, 1.6, 2.1))
        alpha = max(0.15, min(0.95, rng.uniform(0.4, 1.0) - y / 700))
        out.append(
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="#f4eedc" '
            f'fill-opacity="{_f(alpha)}"/>'
        )
    # a thin crescent moon high on the left
    out.append('<path d="M330 110 A50 50 0 0 0 330 210 A62 62 0 0 1 330 110 Z" fill="#f1e8c8"/>')
    for cx, cy, rx, alpha in (
        (520, 560, 360, 0.2),
        (1010, 604, 480, 0.24),
        (1600, 575, 280, 0.18),
        (300, 640, 300, 0.2),
        (760, 655, 320, 0.16),
    ):  # streaks of lit cloud, in puffs
        for _ in range(5):
            dx, w = rng.uniform(-0.6, 0.6) * rx, rng.uniform(0.25, 0.55) * rx
            out.append(
                f'<ellipse cx="{_f(cx + dx)}" cy="{_f(cy + rng.uniform(-6, 6))}" '
                f'rx="{_f(w)}" ry="{_f(rng.uniform(4, 10))}" fill="#f6b07a" '
                f'fill-opacity="{_f(alpha)}"/>'
            )
    return out


def hills(rng: random.Random) -> list[str]:
    far = ridge(rng, HORIZON - 24, 2.5, 24, ((22, 190, 0.4), (12, 70, 1.3)))
    mid = ridge(rng, HORIZON + 26, 2.0, 28, ((18, 260, 2.0), (9, 95, 0.2)))
    return [path(far, "#6a4660"), path(mid, "#432f47")]


def castle_hill() -> list[str]:
    """The castle's hill: a broad mound, flat where the castle stands (x 960 to 1700),
    falling away smoothly on either side."""
    pts = [(760.0, float(H))]
    for i in range(0, 73):
        x = 760 + i * (1960 - 760) / 72
        off = max(0.0, abs(x - 1330) - 370) / 260  # 0 on the castle's ground
        pts.append((x, 718 + 110 * (1 - math.cos(min(off, 1.0) * math.pi)) / 2))
    pts.append((1960.0, float(H)))
    return [path(pts, "#2a1f30")]


def crenels(
    x0: float, x1: float, y: float, merlon: float = 14, gap: float = 10, height: float = 14
) -> list:
    """The top edge of a wall from x0 to x1 at y with its merlons, left to right."""
    pts = []
    x = x0
    while x < x1 - 1:
        right = min(x + merlon, x1)
        pts += [(x, y - height), (right, y - height), (right, y)]
        x = right + gap
        pts.append((min(x, x1), y))
    return pts


def tower(x: float, w: float, top: float, base: float, roof: float | None, ink: str) -> list[str]:
    """A square tower from ``top`` down to ``base`` with merlons, or a conical roof of
    height ``roof``."""
    if roof:
        pts = [
            (x - 6, top),
            (x + w / 2, top - roof),
            (x + w + 6, top),
            (x + w, top),
            (x + w, base),
            (x, base),
            (x, top),
        ]
    else:
        pts = [(x, base), (x, top)] + crenels(x, x + w, top, 11, 8, 12) + [(x + w, base)]
    return [path(pts, ink)]


def banner(x: float, y: float, colour: str, flip: bool = False) -> list[str]:
    """A pole and a swallow-tailed banner blowing right (or left)."""
    s = -1 if flip else 1
    return [
        f'<path d="M{_f(x)} {_f(y)} L{_f(x)} {_f(y - 58)}" stroke="#17121c" stroke-width="3"/>',
        path(
            [
                (x, y - 58),
                (x + s * 40, y - 52),
                (x + s * 30, y - 44),
                (x + s * 42, y - 36),
                (x, y - 38),
            ],
            colour,
        ),
    ]


def castle() -> list[str]:
    ink = "#1a1421"
    out: list[str] = []
    wall_top, base = 560, 720
    out.append(
        path([(1010, base), (1010, wall_top)] + crenels(1010, 1660, wall_top) + [(1660, base)], ink)
    )
    out += tower(1228, 130, 388, base, None, ink)  # the keep
    out += tower(1250, 40, 330, 400, 46, ink)  # its turret
    for x, top, roof in (
        (975, 470, 70),
        (1130, 500, 58),
        (1390, 482, 64),
        (1540, 506, 56),
        (1640, 458, 74),
    ):
        out += tower(x, 62, top, base, roof, ink)
    out += banner(1270, 284, "#b0382e")
    for x, top, roof in ((975, 470, 70), (1640, 458, 74)):
        out += banner(x + 31, top - roof, "#e2b448", flip=x < 1200)
    windows = [
        (1255, 430),
        (1305, 430),
        (1255, 480),
        (1305, 480),
        (1158, 548),
        (1418, 530),
        (1003, 520),
        (1668, 512),
        (1568, 560),
        (1278, 360),
    ]
    for x, y in windows:
        out.append(
            f'<rect x="{x}" y="{y}" width="8" height="15" rx="4" fill="#ffc45c" '
            'fill-opacity="0.9"/>'
        )
    # the gate: an arch with the light of the courtyard behind the portcullis
    out.append(
        '<path d="M1258 720 L1258 662 A34 34 0 0 1 1326 662 L1326 720 Z" '
        'fill="#ffb04a" fill-opacity="0.55"/>'
    )
    for gx in range(1266, 1326, 12):
        out.append(f'<path d="M{gx} 646 L{gx} 720" stroke="{ink}" stroke-width="3"/>')
    return out


def field(rng: random.Random) -> list[str]:
    near = ridge(rng, 842, 1.5, 32, ((16, 300, 0.7), (8, 110, 2.2)))
    front = ridge(rng, 930, 1.5, 36, ((20, 340, 1.9), (7, 120, 0.5)))
    return [
        '<defs><linearGradient id="ground" x1="0" y1="900" x2="0" y2="1080" '
        'gradientUnits="userSpaceOnUse">'
        '<stop offset="0" stop-color="#1c1620"/><stop offset="1" stop-color="#08070a"/>'
        "</linearGradient></defs>",
        path(near, "#1d1822"),
        path(front, "url(#ground)"),
    ]


def tent(x: float, base: float, w: float, h: float, lit: bool) -> list[str]:
    out = [
        path([(x - w / 2, base), (x, base - h), (x + w / 2, base)], "#231c26"),
        f'<path d="M{_f(x)} {_f(base - h - 14)} L{_f(x)} {_f(base)}" stroke="#231c26" '
        'stroke-width="3"/>',
    ]
    if lit:
        out.append(
            path([(x - w * 0.12, base), (x, base - h * 0.45), (x + w * 0.12, base)], "#ffae4e", 0.8)
        )
    return out


def fire(x: float, y: float) -> list[str]:
    return [
        *glow(f"fire{_f(x)}", x, y - 8, 70, "#ffd080", "#ff9040", 0.7),
        path(
            [(x - 9, y), (x - 3, y - 22), (x + 1, y - 12), (x + 5, y - 28), (x + 10, y)], "#ffc45c"
        ),
        path([(x - 4, y), (x, y - 12), (x + 4, y)], "#fff0c0"),
    ]


def trebuchet(x: float, base: float) -> list[str]:
    ink = "#16121a"
    lines = [
        (x - 60, base, x, base - 120),
        (x + 60, base, x, base - 120),
        (x - 70, base, x + 70, base),
        (x - 150, base - 210, x + 48, base - 78),
        (x - 150, base - 210, x - 150, base - 150),
    ]
    out = [
        f'<path d="M{_f(a)} {_f(b)} L{_f(c)} {_f(d)}" stroke="{ink}" stroke-width="7" '
        'stroke-linecap="round"/>'
        for a, b, c, d in lines
    ]
    out.append(f'<rect x="{_f(x + 30)}" y="{_f(base - 92)}" width="40" height="36" fill="{ink}"/>')
    return out


def siege_tower(x: float, base: float) -> list[str]:
    ink = "#17121b"
    w0, w1, h = 84, 62, 250
    out = [
        path(
            [
                (x - w0 / 2, base),
                (x - w1 / 2, base - h),
                (x + w1 / 2, base - h),
                (x + w0 / 2, base),
            ],
            ink,
        )
    ]
    out += [
        path(
            [(x, base - h - 8)] + crenels(x - w1 / 2, x + w1 / 2, base - h, 10, 7, 10)[1:],
            ink,
            close=False,
        )
    ]
    out.append(f'<circle cx="{_f(x - 26)}" cy="{_f(base - 2)}" r="14" fill="{ink}"/>')
    out.append(f'<circle cx="{_f(x + 26)}" cy="{_f(base - 2)}" r="14" fill="{ink}"/>')
    out.append(
        path(
            [
                (x + w1 / 2, base - h + 30),
                (x + w1 / 2 + 60, base - h + 10),
                (x + w1 / 2 + 62, base - h + 18),
                (x + w1 / 2, base - h + 42),
            ],
            ink,
        )
    )
    return out


def army(rng: random.Random, x0: float, x1: float, y: float) -> list[str]:
    """A crowd of helmets and raised spears along the near ridge."""
    out = []
    x = x0
    while x < x1:
        top = y - rng.uniform(42, 70)
        lean = rng.uniform(-6, 6)
        out.append(
            f'<path d="M{_f(x)} {_f(y)} L{_f(x + lean)} {_f(top)}" stroke="#120e15" '
            'stroke-width="2.2"/>'
        )
        out.append(
            path([(x + lean - 3, top + 2), (x + lean, top - 9), (x + lean + 3, top + 2)], "#120e15")
        )
        out.append(f'<ellipse cx="{_f(x + 4)}" cy="{_f(y - 18)}" rx="7" ry="9" fill="#120e15"/>')
        x += rng.uniform(9, 17)
    return out


def vignette() -> list[str]:
    return [
        f'<defs><radialGradient id="vignette" cx="{W / 2}" cy="{H * 0.45}" r="{W * 0.62}" '
        'gradientUnits="userSpaceOnUse">'
        '<stop offset="0.6" stop-color="#000000" stop-opacity="0"/>'
        '<stop offset="1" stop-color="#000000" stop-opacity="0.6"/>'
        "</radialGradient></defs>",
        f'<rect width="{W}" height="{H}" fill="url(#vignette)"/>',
    ]


def backdrop() -> str:
    rng = random.Random(SEED)
    parts = [
        "<!-- The title screen's backdrop: a castle at dusk under siege. Made by "
        "tools/make_title_art.py; edit the script, not this file. -->"
    ]
    parts += sky(rng)
    parts += hills(rng)
    parts += castle_hill()
    parts += castle()
    parts += field(rng)
    for x, base, w, h, lit in (
        (260, 905, 120, 78, True),
        (400, 900, 96, 64, False),
        (530, 912, 130, 86, True),
        (120, 915, 90, 60, False),
        (690, 905, 104, 70, True),
    ):
        parts += tent(x, base, w, h, lit)
    parts += banner(330, 862, "#b0382e")
    parts += banner(610, 868, "#5a8a3c")
    parts += fire(460, 935)
    parts += fire(640, 932)
    parts += trebuchet(770, 905)
    parts += siege_tower(900, 872)
    parts += army(rng, 560, 960, 986)
    parts += army(rng, 1120, 1560, 1010)
    parts += vignette()
    body = "\n".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}">\n{body}\n</svg>\n'
    )


def main(argv: list[str]) -> int:
    OUT.write_text(backdrop(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
