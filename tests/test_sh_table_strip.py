"""Stronghold's lower strip: the phase cards as cards with their actions as tiles, the bag,
supplies, resources, blood, hourglasses, glory, rituals and deeds as pictures with their
numbers; at every text size and window size nothing in it overlaps or leaves its place."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from app_helpers import drawn_texts, make_app

from game.app import i18n, paint
from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.match import Match
from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.stronghold import view as sh_view
from game.games.stronghold.content import PHASE_CARDS

ROOT = Path(__file__).resolve().parent.parent
RULES = get_rules("stronghold")
VIEW = get_view("stronghold")
STRIP = (
    "CARD1",
    "CARD2",
    "CARD3",
    "CARD4",
    "CARD5",
    "CARD6",
    "BAG",
    "SUPPLY",
    "RES",
    "BLOOD",
    "HOURGLASS",
    "DSUPPLY",
    "GLORY",
    "RITUALS",
    "DEEDS",
)


def match_in_round(players: int, rnd: int, seed: int = 3) -> Match:
    """A game of random moves stopped in round ``rnd`` at its Phase 6 (every card chosen,
    some actions used, some cards flipped)."""
    match = Match.new(RULES, VIEW.config(players, {}), 7, ["human"] * players)
    rng = Rng(seed)
    while not RULES.is_over(match.state) and (match.state.round < rnd or match.state.stage != "P6"):
        match.play(RULES.random_action(match.state, rng))
    return match


def drawn_strip(app, table) -> tuple[list[tuple[str, pygame.Rect]], object]:
    """The words the next frame draws with the board's viewport, the picture drawn anew."""
    VIEW._picture = type(VIEW._picture)()
    seen = drawn_texts(app)
    return seen, paint.board_vp(app.vp_for(table))


def overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.clip(b).w > 1 and a.clip(b).h > 1


WINDOWS = [
    ((1280, 800), 1.0),
    ((1280, 800), 1.25),
    ((1280, 800), 1.5),
    ((1280, 720), 1.5),
    ((1280, 720), 1.0),
    ((1920, 1080), 1.25),
    ((2560, 1440), 1.5),
]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    ("size", "ui"), WINDOWS, ids=[f"{s[0]}x{s[1]}-{int(u * 100)}" for s, u in WINDOWS]
)
@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_the_strip_words_and_tiles_stay_apart_inside_their_places(
    tmp_path, players, size, ui, lang
):
    app = make_app(tmp_path, size=size)
    app.settings.ui_scale = ui
    app.apply_settings()
    i18n.set_language(lang)
    try:
        match = match_in_round(players, 3)
        session = Session.load(RULES, VIEW, match.record, None, ai_pause=0.0)
        table = TableScene(app, session)
        app.reset(table)
        seen, vp = drawn_strip(app, table)
        zones = {name: vp.rect(VIEW.layout.zone(name)) for name in STRIP}
        strip = zones["CARD1"].unionall(list(zones.values()))
        words = [(w, r) for w, r in seen if r.colliderect(strip) and w.strip()]
        assert len(words) > 12, words
        for w, r in words:  # each word inside one place of the strip
            assert any(z.inflate(2, 2).contains(r) for z in zones.values()), (w, r)
        for i, (w1, r1) in enumerate(words):
            for w2, r2 in words[i + 1 :]:
                assert not overlap(r1, r2), (w1, r1, w2, r2)
        obs = table.obs
        tiles = [
            (i, code, vp.rect(rect))
            for p in "123456"
            for i, code, rect in VIEW.option_spots(obs, p)
        ]
        assert tiles, "no phase card face up in round 3"
        for _i, code, r in tiles:  # the tiles: under the card's head, apart from words
            assert any(z.contains(r) for z in zones.values()), code
            for w, wr in words:
                assert not overlap(r, wr), (code, r, w, wr)
        for k, (_i, c1, r1) in enumerate(tiles):
            for _j, c2, r2 in tiles[k + 1 :]:
                assert not overlap(r1, r2), (c1, c2)
    finally:
        i18n.set_language("en")
        app.close()


def test_every_action_printed_on_a_phase_card_has_its_tile():
    """Each action of SH-15 (and each special action of SH-14.1) is drawn as a piece or
    a credited icon."""
    codes = {code for actions in PHASE_CARDS.values() for code in actions}
    from game.app import pieces

    for code in codes:
        assert ("stronghold", code) in pieces.PIECES or code in sh_view.OPTION_ICONS, code
    credits = (ROOT / "assets" / "art" / "CREDITS.md").read_text(encoding="utf-8")
    for icon in {*sh_view.OPTION_ICONS.values(), *sh_view.DEED_ICONS.values()}:
        assert (ROOT / "assets" / "art" / "icons" / f"{icon}.svg").is_file(), icon
        assert f"/{icon}.html>" in credits, icon
