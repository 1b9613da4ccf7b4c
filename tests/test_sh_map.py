"""The Stronghold map (levels/stronghold.tmx) and the engine's board name the same spaces."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytmx
from app_helpers import assert_apart_or_nested

from game.games.stronghold import board
from game.games.stronghold.spaces import MAP_SPACES

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "stronghold.tmx"
BOARD_LAYERS = ("outside", "wall", "castle", "side")


def _objects(layer_names=BOARD_LAYERS):
    tmx = pytmx.TiledMap(str(LEVEL))
    return [
        (layer.name, obj)
        for layer in tmx.objectgroups
        if layer.name in layer_names
        for obj in layer
    ]


def test_sh_3_every_engine_space_has_exactly_one_map_object():
    names = Counter(obj.name for _, obj in _objects())
    assert sorted(n for n, k in names.items() if k > 1) == []
    assert set(MAP_SPACES) - set(names) == set()


def test_sh_3_every_map_object_names_a_known_space():
    unknown = [obj.name for _, obj in _objects() if obj.name not in MAP_SPACES]
    assert unknown == []


def test_sh_3_the_engine_topology_is_all_on_the_map():
    spaces = set(MAP_SPACES)
    for node in board.INVADER_NODES + board.TOWERS + board.PATH_IDS + board.DEF_POSITIONS:
        assert node in spaces, node
    for a, b in board.PATHS.values():
        assert a in spaces and b in spaces


def test_sh_3_spaces_lie_on_the_board_and_do_not_overlap_their_neighbours():
    rects = {obj.name: (obj.x, obj.y, obj.width, obj.height) for _, obj in _objects()}
    for name, (x, y, w, h) in rects.items():
        assert x >= 0 and x + w <= 936 and y >= 0 and y + h <= 800, name
    inside = {f"{s}T": s for s in board.SIEGE_SLOTS}  # a siege tower stands on its section
    inside.update(
        {
            code: code[:2]
            for code in MAP_SPACES
            if code[:2] in board.BUILDINGS and code[2:].isdigit()
        }
    )
    inside["HOSP"] = "HS"

    assert_apart_or_nested(rects, inside)


def test_the_map_has_the_table_panel_zones_and_a_ground_layer():
    tmx = pytmx.TiledMap(str(LEVEL))
    panel = {obj.name for _, obj in _objects(("panel",))}
    assert panel == {"status", "prompt", "log", "buttons"}
    ground = tmx.get_layer_by_name("ground")
    assert isinstance(ground, pytmx.TiledTileLayer)
    assert all(gid for _, _, gid in ground.iter_data())
