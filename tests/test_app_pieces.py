"""The pieces (game.app.pieces, assets/art/ART.md "Pieces"): every unit kind of every game
has a token, the tokens of one game are told apart by icon or shape (not by colour
alone), the sides by shape, in both palettes; every icon is shipped and credited."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import art, pieces, theme  # noqa: E402
from game.app.view_registry import VIEWS  # noqa: E402
from game.games.field_of_glory import content as fg  # noqa: E402
from game.games.field_of_glory.view import TYPE_ICONS  # noqa: E402
from game.games.hadrians_wall import content as hw  # noqa: E402
from game.games.runes_of_mayhem import content as rm  # noqa: E402
from game.games.stronghold import board as sh_board  # noqa: E402
from game.games.stronghold import content as sh  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GREY = (128, 128, 128)
GAMES = tuple(VIEWS)  # every game with a table


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    theme.set_colour_blind(False)


def game_kinds() -> dict[str, list[str]]:
    """Every unit kind (and piece on the board) each game's content names, as the ids the
    content uses; each must have a piece through ``pieces.card_kind``."""
    return {
        "stronghold": [
            *sh.INV_TYPES,
            *sh.DEF_TYPES,
            *sh.MACHINES,
            *sh.EQUIPMENT,
            *sh.TRAINING,
            *sh.TOWER_MACHINES,
            *sh_board.START_HEROES,
            "TG",
            "TT",
            "cauldron",
            "platform",
            "order",
        ],
        "hadrians-wall": [*hw.WARRIOR_TYPES, *hw.DECK, *hw.FORTS],
        "field-of-glory": list(fg.ALL_CARDS),
        "runes-of-mayhem": [
            *rm.CARDS,
            *(c for code in rm.CARDS for c in rm.copies(code)),
            *rm.TRAPS,
            *rm.TOWERS,
            *rm.KINGS,
        ],
    }


def test_every_unit_kind_of_every_game_has_a_piece():
    for game, ids in game_kinds().items():
        assert ids
        for card in ids:
            kind = pieces.card_kind(game, card)
            assert (game, kind) in pieces.PIECES, (game, card)
            assert pieces.kind_icon(game, card) == pieces.PIECES[game, kind].icon
    # the unit types by themselves, without a side, name their icon too (card art)
    for t in fg.UNIT_TYPES:
        assert pieces.kind_icon("field-of-glory", t) == TYPE_ICONS[t]
    assert pieces.kind_icon("runes-of-mayhem", "PRIEST") == "prayer"
    assert pieces.kind_icon("runes-of-mayhem", "V-ONG#1") == "catapult"  # a war machine
    assert pieces.kind_icon("stronghold", "G") == pieces.kind_icon("stronghold", "goblin")
    assert pieces.card_kind("runes-of-mayhem", "K-EDW") == "A-KING"
    assert pieces.card_kind("runes-of-mayhem", "M-VAR") == "MERC"
    assert pieces.card_kind("hadrians-wall", "NF3a") == "NieFort"
    with pytest.raises(KeyError):
        pieces.card_kind("runes-of-mayhem", "V-NOPE")
    with pytest.raises(KeyError):
        pieces.token("stronghold", "dragon", 20)


def test_every_kind_of_the_table_is_one_of_the_game():
    """No piece stands for a kind the game does not have (a typo in the table)."""
    named = {game: {pieces.card_kind(game, c) for c in ids} for game, ids in game_kinds().items()}
    for game in GAMES:
        assert set(pieces.kinds(game)) == named[game], game


@pytest.mark.parametrize("size", [20, 32, 64])
@pytest.mark.parametrize("game", GAMES)
def test_the_pieces_of_a_game_differ_by_icon_or_shape(game, size):
    """Drawn in one colour, no two kinds of a game look the same: they differ by their
    silhouette or their token's shape, never by colour alone."""
    seen: dict[bytes, str] = {}
    for kind in pieces.kinds(game):
        surf = pieces.token(game, kind, size, colour=GREY)
        assert surf.get_size() == (size, size)
        key = pygame.image.tobytes(surf, "RGBA")
        assert key not in seen, f"{game}: {kind} looks like {seen.get(key)} at {size} px"
        seen[key] = kind


def _mask(surf: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surf, 127)


@pytest.mark.parametrize("size", [20, 48])
def test_the_sides_have_different_shapes(size):
    """Attackers are shields, defenders discs, machines and markers cut squares: the
    alpha masks of the three differ by a good part of the token, and every token of a
    side has its side's mask whatever its icon or colour."""
    masks = {}
    for (game, kind), p in pieces.PIECES.items():
        m = _mask(pieces.token(game, kind, size))
        if p.side in masks:
            assert m.overlap_area(masks[p.side], (0, 0)) == m.count() == masks[p.side].count(), (
                game,
                kind,
            )
        else:
            masks[p.side] = m
    assert set(masks) == {pieces.ATTACKER, pieces.DEFENDER, pieces.NEUTRAL}
    area = size * size
    sides = list(masks)
    for i, a in enumerate(sides):
        for b in sides[i + 1 :]:
            ma, mb = masks[a], masks[b]
            differ = ma.count() + mb.count() - 2 * ma.overlap_area(mb, (0, 0))
            assert differ > 0.04 * area, (a, b, differ)
    # opposite sides of each game are told apart by shape (Stronghold's goblin and
    # archer, a clan and a fort, Carthage and Rome, Vikings and Anglo-Saxons)
    for game, a, d in (
        ("stronghold", "goblin", "archer"),
        ("hadrians-wall", "AXX", "NieFort"),
        ("field-of-glory", "R-HI", "B-HI"),
        ("runes-of-mayhem", "V-SPEAR", "A-SPEAR"),
    ):
        ma = _mask(pieces.token(game, a, size))
        md = _mask(pieces.token(game, d, size))
        assert ma.count() != md.count() or ma.overlap_area(md, (0, 0)) < ma.count()


def test_colour_blind_palette_repaints_and_keeps_kinds_apart():
    printed = {key: pygame.image.tobytes(pieces.token(*key, 32), "RGBA") for key in pieces.PIECES}
    theme.set_colour_blind(True)
    assert pieces._token.cache_info().currsize == 0  # the palette change emptied the cache
    blind = {key: pygame.image.tobytes(pieces.token(*key, 32), "RGBA") for key in pieces.PIECES}
    changed = 0
    for key, p in pieces.PIECES.items():
        seat = isinstance(p.colour, str)
        printed_rgb = theme.palettes(key[0])[0][p.colour] if seat else None
        blind_rgb = theme.palettes(key[0])[1][p.colour] if seat else None
        if seat and printed_rgb != blind_rgb:
            assert blind[key] != printed[key], key
            changed += 1
        elif not seat:
            assert blind[key] == printed[key], key  # a machine's wood stays wood
    assert changed >= 40
    for game in GAMES:
        mine = [blind[(g, k)] for g, k in pieces.PIECES if g == game]
        assert len(set(mine)) == len(mine), game
    # goblin, orc and troll, and archer and veteran, still differ in colour as well
    rgb = {k: pieces.colour_of("stronghold", k) for k in ("goblin", "orc", "troll")}
    assert len(set(rgb.values())) == 3
    theme.set_colour_blind(False)
    assert (
        pygame.image.tobytes(pieces.token("stronghold", "goblin", 32), "RGBA")
        == printed["stronghold", "goblin"]
    )


def test_tokens_show_the_icon_the_colour_and_the_count():
    one = pieces.token("stronghold", "troll", 40)
    three = pieces.token("stronghold", "troll", 40, 3)
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(three, "RGBA")
    # the badge sits at the lower right: the upper half is the same
    top = (0, 0, 40, 18)
    assert pygame.image.tobytes(one.subsurface(top), "RGBA") == pygame.image.tobytes(
        three.subsurface(top), "RGBA"
    )
    assert pieces.token("stronghold", "troll", 40, 1) is one  # cached
    assert pieces.token("stronghold", "troll", 40, 0) is not None
    # the seat colour fills the token; a clan's colour by its key repaints a warrior
    assert _near(one.get_at((7, 14))[:3], pieces.colour_of("stronghold", "troll"))
    red = pieces.token("hadrians-wall", "AXX", 40, colour="R")
    green = pieces.token("hadrians-wall", "AXX", 40, colour="G")
    assert pygame.image.tobytes(red, "RGBA") != pygame.image.tobytes(green, "RGBA")
    assert _near(red.get_at((7, 14))[:3], theme.palettes("hadrians-wall")[0]["R"])
    # every token carries a silhouette that covers a good part of its icon box
    for p in pieces.PIECES.values():
        icon = art.icon(p.icon, 32)
        assert pygame.mask.from_surface(icon, 127).count() > 32 * 32 * 0.08, p.icon


def _near(a, b, tol=40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def _credited() -> set[str]:
    text = (ROOT / "assets" / "art" / "CREDITS.md").read_text(encoding="utf-8")
    return set(re.findall(r"game-icons\.net/1x1/[a-z0-9-]+/([a-z0-9-]+)\.html", text))


def test_every_icon_file_is_credited_and_every_piece_icon_shipped():
    files = {p.stem for p in (ROOT / "assets" / "art" / "icons").glob("*.svg")}
    assert files, "no icons shipped"
    credited = _credited()
    assert files <= credited, sorted(files - credited)
    missing = pieces.icons() - files
    assert not missing, sorted(missing)
    assert pieces.icons() <= set(art.icon_names())
    spec = importlib.util.spec_from_file_location("pick_icons", ROOT / "tools" / "pick_icons.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert files == set(tool.ICONS), sorted(files ^ set(tool.ICONS))
    assert credited == set(tool.ICONS)  # CREDITS.md lists exactly the icons shipped


def test_a_kept_board_is_drawn_anew_in_the_colour_blind_palette(tmp_path):
    """The Stronghold board is kept between moves (paint.Picture); switching the palette
    in the settings repaints its pieces at once, not at the next move."""
    from app_helpers import make_app

    from game.app.scenes.table import TableScene
    from game.app.session import Session
    from game.app.view_registry import get_view
    from game.core import registry

    rules, view = registry.get_rules("stronghold"), get_view("stronghold")
    app = make_app(tmp_path)
    try:
        session = Session.new(
            rules, view, {"players": 2}, 3, ["human", "human"], app.store, ai_pause=0.0
        )
        app.reset(TableScene(app, session))
        app.step()
        printed = pygame.image.tobytes(app.screen, "RGB")
        app.step()
        assert pygame.image.tobytes(app.screen, "RGB") == printed  # nothing else moves
        app.settings.colour_blind = True
        app.apply_settings()
        app.step()
        assert pygame.image.tobytes(app.screen, "RGB") != printed
    finally:
        app.close()
