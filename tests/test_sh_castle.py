"""The Stronghold board drawn as a castle: the drawing is made from the map's spaces, the
map carries it, and the table names every place on a plaque inside the place."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import pytmx
from app_helpers import make_app

from game.app import i18n, paint, theme
from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.registry import get_rules
from game.games.stronghold import view as sh_view
from game.games.stronghold.board import BUILDING_NAMES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import make_castle_art  # noqa: E402

RULES = get_rules("stronghold")
VIEW = get_view("stronghold")


def test_the_castle_drawing_is_the_one_made_from_the_map_as_it_is():
    """Walls, towers, ramparts, paths and buildings lie under the spaces the table clicks:
    the drawing shipped is exactly the one the tool makes from the map's rectangles now
    (a space moved in Tiled needs ``tools/make_castle_art.py`` run again)."""
    shipped = make_castle_art.OUT.read_text(encoding="utf-8")
    assert make_castle_art.draw(make_castle_art.geometry()).text() == shipped
    assert not make_castle_art.hand_edited(shipped)
    assert make_castle_art.hand_edited(shipped.replace("#969288", "#969289", 1))


def test_the_map_carries_the_castle_as_its_image_layer_and_the_table_draws_it():
    tmx = pytmx.TiledMap(str(ROOT / "levels" / "stronghold.tmx"))
    layers = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledImageLayer)]
    assert [layer.name for layer in layers] == ["castle"]
    assert (ROOT / "levels" / layers[0].source).resolve() == make_castle_art.OUT
    assert sh_view.castle_art("stronghold") == make_castle_art.OUT.stem


def test_every_building_sign_is_a_credited_icon():
    credits = (ROOT / "assets" / "art" / "CREDITS.md").read_text(encoding="utf-8")
    assert set(sh_view.BUILDING_ICONS) == set(BUILDING_NAMES) | {"CY"}
    for icon in sh_view.BUILDING_ICONS.values():
        assert (ROOT / "assets" / "art" / "icons" / f"{icon}.svg").is_file(), icon
        assert f"/{icon}.html>" in credits, icon


def display_texts(app) -> list[tuple[str, object]]:
    """The words the next frame prints in the display face (the plaques' face), with the
    pixels they cover."""
    seen = []
    text = paint.text

    def spy(surf, vp, words, pos, size=theme.FONT, colour=theme.INK, face="sans", *args, **kw):
        rect = text(surf, vp, words, pos, size, colour, face, *args, **kw)
        if face == "display":
            seen.append((words, rect))
        return rect

    paint.text = spy
    try:
        app.draw()
    finally:
        paint.text = text
    return seen


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_every_named_place_has_its_name_on_a_plaque_inside_it(tmp_path, lang, size):
    app = make_app(tmp_path, size=size)
    i18n.set_language(lang)
    try:
        session = Session.new(
            RULES, VIEW, {"players": 2}, 3, ["human", "human"], app.store, ai_pause=0.0
        )
        table = TableScene(app, session)
        app.reset(table)
        VIEW._picture = type(VIEW._picture)()  # the board and its ground drawn anew
        sh_view.castle_ground.cache_clear()
        drawn = display_texts(app)
        vp = app.vp_for(table)
        names = {
            "GW": "West gathering place",
            "GE": "East gathering place",
            "CAMP": "Camp",
            "BF": "Forecourt",
            "GATE": "Gate",
            "CY": "Courtyard",
            "HOSP": "Wounded",
            **BUILDING_NAMES,
        }
        for place, english in names.items():
            name = i18n._(english)
            box = vp.rect(VIEW.layout.zone(place)).inflate(2, 2)
            inside = [words for words, rect in drawn if box.contains(rect)]
            # one line, or two lines in the order drawn
            runs = inside + [f"{a} {b}" for a, b in zip(inside, inside[1:], strict=False)]
            assert name in runs, (place, name, inside)
    finally:
        i18n.set_language("en")
        app.close()
