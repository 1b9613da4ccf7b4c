"""Make the packaged program's icon files from assets/art/siege-table.svg:

- assets/art/siege-table.ico  (Windows: 16, 24, 32, 48, 64, 128 and 256 pixels)
- assets/art/siege-table.icns (macOS: 16 to 1024 pixels)

Each frame is the SVG drawn at its size by pygame-ce (SDL_image's SVG renderer, so each
size is drawn from the vector, not scaled from a bitmap) and stored as PNG in both files,
which Windows (Vista and later) and macOS (10.7 and later) read.  The PNGs are encoded
here (zlib, no time stamps) and the containers written by hand, so the same SVG and
pygame-ce give the same bytes.  ``--preview DIR`` also writes the frames as PNG files to
look at.  Run from the project root: ``python tools/make_icon_files.py``.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "assets" / "art"
SVG = ART / "siege-table.svg"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: the PNG-holding icon types of an .icns and the size of each
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512@2x
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),  # 16@2x .. 256@2x
)


def render(svg: bytes, size: int) -> bytes:
    """The SVG drawn at ``size`` x ``size``: RGBA bytes, row by row."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    surface = pygame.image.load_sized_svg(io.BytesIO(svg), (size, size))
    if surface.get_size() != (size, size):
        raise SystemExit(f"error: the SVG drew at {surface.get_size()}, not {size}x{size}")
    return pygame.image.tobytes(surface, "RGBA")


def png(rgba: bytes, size: int) -> bytes:
    """A PNG of ``size`` x ``size`` RGBA pixels (8 bits, no filter, no ancillary chunks)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    stride = 4 * size
    raw = b"".join(b"\0" + rgba[y * stride : (y + 1) * stride] for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def ico(frames: dict[int, bytes]) -> bytes:
    """An .ico of PNG images: ICONDIR, one ICONDIRENTRY per size, then the PNGs."""
    sizes = sorted(frames)
    out = [struct.pack("<HHH", 0, 1, len(sizes))]
    offset = 6 + 16 * len(sizes)
    for size in sizes:
        side = 0 if size >= 256 else size  # 0 stands for 256
        out.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(frames[size]), offset))
        offset += len(frames[size])
    out.extend(frames[size] for size in sizes)
    return b"".join(out)


def icns(frames: dict[int, bytes]) -> bytes:
    """An .icns of PNG images: 'icns', the total length, then (type, length, PNG) each."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(frames[size])) + frames[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preview", type=Path, help="also write each frame as DIR/icon-N.png")
    args = parser.parse_args(argv)
    svg = SVG.read_bytes()
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    frames = {size: png(render(svg, size), size) for size in sizes}
    outputs = {
        ART / "siege-table.ico": ico({s: frames[s] for s in ICO_SIZES}),
        ART / "siege-table.icns": icns(frames),
    }
    if args.preview:
        args.preview.mkdir(parents=True, exist_ok=True)
        for size, data in frames.items():
            outputs[args.preview / f"icon-{size}.png"] = data
    for path, data in outputs.items():
        path.write_bytes(data)
        print(f"wrote {path} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
