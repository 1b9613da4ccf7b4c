"""The application icon: the window's (assets/art/siege-table.svg) and the packaged
program's (.ico for Windows, .icns for macOS, made from the SVG by
tools/make_icon_files.py), and the credit of the Game-icons.net icon it is drawn from."""

from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

import app_helpers  # noqa: F401 - SDL's dummy video driver, before pygame opens anything
import pygame
import pytest

from game import resources
from game.app import app as app_module
from game.app import theme
from game.app.app import window_icon

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "assets" / "art"
sys.path.insert(0, str(ROOT / "tools"))
import make_icon_files  # noqa: E402
import pick_icons  # noqa: E402


def _close(a: tuple, b: tuple, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize("size", [16, 32, 64, 256])
def test_the_icon_draws_a_gold_tower_on_felt_at_every_size(size):
    pygame.display.init()
    icon = window_icon(size)
    assert icon.get_size() == (size, size)
    # the tower's body (the middle, low down) is the gold accent, the tile's left and right
    # edges at mid-height the felt green, and the tile's corners are rounded off (clear)
    assert _close(icon.get_at((size // 2, size * 3 // 4)), theme.ACCENT)
    for x in (1, size - 2):
        assert _close(icon.get_at((x, size // 2)), theme.FELT), (x, icon.get_at((x, size // 2)))
    assert icon.get_at((0, 0)).a < 128
    # between the battlements the felt shows through at the top: at 16 pixels too
    top = [icon.get_at((x, max(1, size * 7 // 100))) for x in range(size)]
    gold = [_close(colour, theme.ACCENT) for colour in top]
    changes = sum(1 for a, b in zip(gold, gold[1:], strict=False) if a != b)
    assert changes >= 4, top  # at least two battlements apart


def test_the_window_sets_the_icon(tmp_path, monkeypatch):
    icons = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    app = app_helpers.make_app(tmp_path)
    app.close()
    assert [icon.get_size() for icon in icons] == [(64, 64)]


def test_a_missing_icon_leaves_the_window_without_one(tmp_path, monkeypatch):
    """The icon is a nicety: without its file the window still opens."""
    icons = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    monkeypatch.setattr(
        app_module.resources, "asset", lambda *parts: tmp_path / "nothing" / Path(*parts)
    )
    app = app_helpers.make_app(tmp_path)
    try:
        assert icons == [] and app.screen.get_size() == (1280, 800)
    finally:
        app.close()


def _png_frame(data: bytes) -> pygame.Surface:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return pygame.image.load(io.BytesIO(data), "frame.png")


def _same_drawing(frame: pygame.Surface, size: int) -> None:
    """``frame`` is the SVG drawn at ``size``: the files are made from the SVG as it is now
    (a small tolerance, should another pygame-ce draw the edges a little differently)."""
    drawn = pygame.image.load_sized_svg(str(ART / "siege-table.svg"), (size, size))
    assert frame.get_size() == (size, size)
    a = pygame.image.tobytes(frame, "RGBA")
    b = pygame.image.tobytes(drawn, "RGBA")
    assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a) < 4


def test_the_windows_icon_holds_every_size_drawn_from_the_svg():
    data = (ART / "siege-table.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_icon_files.ICO_SIZES))
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        size = w or 256
        assert (h or 256) == size and planes == 1 and bits == 32
        _same_drawing(_png_frame(data[offset : offset + length]), size)
        sizes.append(size)
    assert sizes == list(make_icon_files.ICO_SIZES)


def test_the_macos_icon_holds_every_size_drawn_from_the_svg():
    data = (ART / "siege-table.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    at, kinds = 8, []
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        frame = _png_frame(data[at + 8 : at + length])
        size = dict(make_icon_files.ICNS_TYPES)[kind]
        _same_drawing(frame, size)
        kinds.append(kind)
        at += length
    assert at == len(data)
    assert kinds == [kind for kind, _ in make_icon_files.ICNS_TYPES]


def test_the_icon_files_are_what_the_tool_makes_of_the_svg():
    """Written by hand, the PNG and the containers depend only on the pixels: the same
    drawing gives the same bytes."""
    frames = {
        s: make_icon_files.png(make_icon_files.render((ART / "siege-table.svg").read_bytes(), s), s)
        for s in make_icon_files.ICO_SIZES
    }
    built = make_icon_files.ico(frames)
    assert len(built) > 6 + 16 * len(frames)
    if pygame.version.ver == "2.5.8":  # the version the committed files were drawn with
        assert built == (ART / "siege-table.ico").read_bytes()


def test_every_game_icon_used_is_credited_and_the_credits_are_linked():
    credits = (ART / "CREDITS.md").read_text(encoding="utf-8")
    assert credits == pick_icons.credits()
    svg = (ART / "siege-table.svg").read_text(encoding="utf-8")
    for name, (author, folder) in pick_icons.ICONS.items():
        assert f"Icons made by {author}" in credits
        assert f"game-icons.net/1x1/{folder}/{name}.html" in credits
    assert "CC BY 3.0" in svg and "CREDITS.md" in svg
    assert "assets/art/CREDITS.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_build_bundles_the_art_and_names_the_icon_per_platform():
    spec = (ROOT / "build" / "game.spec").read_text(encoding="utf-8")
    assert '"win32": ART / "siege-table.ico"' in spec
    assert '"darwin": ART / "siege-table.icns"' in spec
    assert '(str(ROOT / "assets"), "assets")' in spec  # assets/art goes with assets/
    assert resources.asset("art", "siege-table.svg").is_file()
