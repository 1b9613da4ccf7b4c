"""The Runes of Mayhem map (levels/runes_of_mayhem.tmx) names every place of the engine."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytmx
from app_helpers import assert_apart_or_nested

from game.games.runes_of_mayhem.content import SIDES
from game.games.runes_of_mayhem.rules_board import CELLS

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "runes_of_mayhem.tmx"
BOARD_LAYERS = ("grid", "towers", "middle", "sides")
#: RM-0.6 places: the cells, Walls, Fortresses and tower spots (A21T)
ENGINE = (
    [c for side in CELLS for c in side] + ["VW", "AW", "VF", "AF"] + [f"{c}T" for c in CELLS[1]]
)
#: RM-4.5 the off-board zones of each side, the shared module zones, the column markers
ZONES = [
    f"{s}_{z}" for s in SIDES for z in ("hand", "pile", "discard", "gold", "faith", "king")
] + [
    "V_traps",
    "A_towers",
    "lodge_1",
    "lodge_2",
    "lodge_3",
    "lodge_deck",
    "dice",
    "col_1",
    "col_2",
    "col_3",
]


def _objects(layer_names=BOARD_LAYERS):
    tmx = pytmx.TiledMap(str(LEVEL))
    return [
        (layer.name, obj)
        for layer in tmx.objectgroups
        if layer.name in layer_names
        for obj in layer
    ]


def test_rm_4_every_engine_place_has_exactly_one_map_object():
    names = Counter(obj.name for _, obj in _objects())
    assert sorted(n for n, k in names.items() if k > 1) == []
    assert set(ENGINE) - set(names) == set()
    assert set(ZONES) - set(names) == set()
    assert set(names) - set(ENGINE) - set(ZONES) == set()


def test_rm_4_the_grids_face_each_other_row_1_at_the_no_mans_land():
    rects = {obj.name: (obj.x, obj.y, obj.width, obj.height) for _, obj in _objects()}
    for col in (1, 2, 3):
        a = [rects[f"A{col}{r}"][1] for r in (1, 2, 3)]
        v = [rects[f"V{col}{r}"][1] for r in (1, 2, 3)]
        assert a[0] > a[1] > a[2] and v[0] < v[1] < v[2]  # row 1 is the front row
        assert a[0] < rects[f"col_{col}"][1] < v[0]
        assert rects[f"A{col}1"][0] == rects[f"V{col}1"][0] == rects[f"col_{col}"][0]
    assert rects["A11"][0] < rects["A21"][0] < rects["A31"][0]  # 1-3 left to right (RM-4.1)


def test_rm_4_places_lie_on_the_board_and_overlap_only_where_nested():
    rects = {obj.name: (obj.x, obj.y, obj.width, obj.height) for _, obj in _objects()}
    inside = {f"{c}T": c for c in CELLS[1]}  # a tower stands on its cell (X7)
    for name, (x, y, w, h) in rects.items():
        assert x >= 0 and x + w <= 936 and y >= 36 and y + h <= 800, name

    assert_apart_or_nested(rects, inside)


def test_the_map_has_the_table_panel_zones_and_a_ground_layer():
    tmx = pytmx.TiledMap(str(LEVEL))
    panel = {obj.name for _, obj in _objects(("panel",))}
    assert panel == {"status", "prompt", "log", "buttons"}
    ground = tmx.get_layer_by_name("ground")
    assert isinstance(ground, pytmx.TiledTileLayer)
    assert all(gid for _, _, gid in ground.iter_data())
