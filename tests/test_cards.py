"""Cards as cards (assets/art/ART.md, Cards): every game's frame and back, the numbers in
badges that never run together, names and rules text no smaller than 12 px at 1280x800,
faces kept per size, and Hadrian's Wall's orders under the forts they attack (HW-7.3)."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.app import art, cards, fonts, i18n  # noqa: E402
from game.core import registry  # noqa: E402
from game.games.field_of_glory.view import FRAME as FG_FRAME  # noqa: E402
from game.games.hadrians_wall.view import FRAME as HW_FRAME  # noqa: E402
from game.games.runes_of_mayhem.faces import FRAME as RM_FRAME  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield
    i18n.set_language("en")


def _disjoint(spots) -> bool:
    """No two badges (centre, radius) overlap: their numbers cannot run together."""
    for i, (_b, (x, y), r) in enumerate(spots):
        for _c, (u, v), s in spots[i + 1 :]:
            if (x - u) ** 2 + (y - v) ** 2 < (r + s - 1) ** 2:
                return False
    return True


def _rm_cases():
    from game.games.runes_of_mayhem.content import CARDS
    from game.games.runes_of_mayhem.faces import card_badges, card_words, stats_row
    from game.games.runes_of_mayhem.words import card_name

    for code in CARDS:
        for w, h in ((74, 108), (100, 106)):  # a hand card, a card in a cell
            yield (
                "RM",
                code,
                w,
                h,
                card_name(code),
                card_badges(code),
                bool(card_words(code)),
                stats_row(h),
                0.6,
            )


def _fg_cases():
    from game.games.field_of_glory.content import CTYPE, IS_UNIT, card_name
    from game.games.field_of_glory.view import HAND_H, HAND_W, UNIT_H, UNIT_W, card_badges

    for card in CTYPE:
        yield "FG", card, UNIT_W, UNIT_H, i18n._(card_name(card)), card_badges(card), False, 0, 0.34
        yield (
            "FG",
            card,
            HAND_W,
            HAND_H,
            i18n._(card_name(card)),
            card_badges(card),
            True,
            True if IS_UNIT[card] else 0,
            0.34,
        )


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_card_numbers_stand_in_separate_badges_inside_the_card(lang):
    """Every number of every Field of Glory and Runes of Mayhem card, at its sizes at
    1280x800, is a badge of its own: no two overlap (the old foot read "0/41g3f"), each
    lies inside the card, and its digits print at 12 px or more."""
    i18n.set_language(lang)
    checked = 0
    for cases in (_rm_cases(), _fg_cases()):
        for game, card, w, h, name, badges, text, foot, share in cases:
            if not badges:
                continue
            foot_h = foot if foot is not True else True
            if any(b.where in ("fl", "fr") for b in badges) and not foot:
                foot_h = 2 * cards.badge_radius(w, 1.0) + 4
            lay = cards.layout(w, h, name, 1.0, text, foot_h, share)
            spots = cards.badge_spots(lay, badges, w, 1.0)
            assert len(spots) == len(badges)
            assert _disjoint(spots), (game, card, w, spots)
            for badge, (x, y), r in spots:
                assert r <= x <= w - r and r <= y <= h - r, (game, card, badge, (x, y, r))
                assert 2 * r >= fonts.font(12, "bold").size(badge.value)[0], (card, badge)
            checked += 1
    assert checked > 150


def test_every_game_has_its_own_frame_and_a_back_with_its_emblem():
    frames = (HW_FRAME, FG_FRAME, RM_FRAME)
    assert len({f.edge for f in frames}) == 3 and len({f.ornament for f in frames}) == 3
    assert len({f.emblem for f in frames}) == 3
    for frame in frames:
        assert frame.emblem in art.icon_names()
        back = cards.back(60, 88, frame)
        assert back is cards.back(60, 88, frame)  # kept: the tables draw it every frame
        assert back.get_at((1, 44))[:3] == frame.edge  # the frame round the back
        centre = {tuple(back.get_at((x, y)))[:3] for x in range(22, 38) for y in range(36, 52)}
        assert frame.back in centre and len(centre) > 2  # the emblem on the ground


def test_rules_text_prints_at_12_px_and_a_cut_text_ends_in_an_ellipsis():
    words = "Negative points; a player holding 3 of the 4 wins at once (HW-10.5)."
    size, lines = cards.text_fit(words, 70, 200, 1.0)
    assert size == 12 and " ".join(lines) == words
    size, lines = cards.text_fit(words, 70, 30, 1.0)
    assert size == 12 and len(lines) == 2 and lines[-1].endswith("…")
    assert all(fonts.font(12).size(x)[0] <= 70 for x in lines)
    size, lines = cards.text_fit("Bónuszkártyaként vagy húzásra", 60, 200, 1.0)
    assert all(fonts.font(12).size(x)[0] <= 60 for x in lines)  # a long word hyphenated
    assert " ".join(lines).replace("- ", "") == "Bónuszkártyaként vagy húzásra"
    assert cards.text_fit(words, 70, 30, 1.5)[0] == 18  # 12 design pixels at 1920x1200


def test_a_card_face_is_drawn_once_per_size_and_contents():
    badge = (cards.Badge("5", "circle", (60, 40, 30), "tl"),)
    one = cards.card(
        86,
        176,
        HW_FRAME,
        (52, 130, 66),
        "Arch'r",
        "bowman",
        badge,
        "Wins a tie for the top (HW-9.5).",
    )
    assert one is cards.card(
        86,
        176,
        HW_FRAME,
        (52, 130, 66),
        "Arch'r",
        "bowman",
        badge,
        "Wins a tie for the top (HW-9.5).",
    )
    other = cards.card(
        86,
        176,
        HW_FRAME,
        (52, 130, 66),
        "Arch'r",
        "bowman",
        (cards.Badge("6", "circle", (60, 40, 30), "tl"),),
        "Wins a tie for the top (HW-9.5).",
    )
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(other, "RGBA")


def test_hw_7_3_each_order_position_stands_under_the_fort_it_attacks():
    """Position p of every clan's orders lies in the column of wall fort p, the line right
    of the orders, inside the clan's band; with fewer clans the bands and cards grow."""
    from game.app.view_registry import get_view

    rules, view = registry.get_rules("hadrians-wall"), get_view("hadrians-wall")
    heights = {}
    for players, neutrals in ((1, 1), (1, 2), (4, 0)):
        state = rules.new_game({"players": players, "neutrals": neutrals}, 3)
        obs = rules.observation(state, 0)
        items = view.items(obs)
        walls = {i + 1: view.layout.zone(f"wall_{i + 1}") for i in range(6)}
        n = len(obs["clans"])
        for c in range(n):
            bx, by, bw, bh = view.band(obs, c)
            slots = sorted(
                (it.key[2], it.rect)
                for it in items
                if it.key[:2] == ("slot", c) or it.key[:2] == ("fd", c)
            )
            assert len(slots) == 6
            for p, (x, y, w, h) in enumerate(r for _p, r in slots):
                wx, _wy, ww, _wh = walls[p + 1]
                assert (x, w) == (wx, ww), (c, p)
                assert by <= y and y + h <= by + bh
        bands = [view.band(obs, c) for c in range(n)]
        assert all(a[1] + a[3] < b[1] for a, b in zip(bands, bands[1:], strict=False))
        heights[n] = view.card_h(obs)
    assert heights[2] > heights[3] > heights[4] >= 78


def test_hw_the_kept_board_is_drawn_once_per_observation_and_anew_in_another_language(tmp_path):
    """The Hadrian's Wall board is drawn once per observation and copied on the next
    frames (its words are not drawn again), and drawn anew after a language switch."""
    import sys

    sys.path.insert(0, os.path.dirname(__file__))
    from app_helpers import drawn_texts, make_app, open_table

    app = make_app(tmp_path)
    try:
        table = open_table(app, ["human", "random", "random"], seed=4)
        first = drawn_texts(app)
        assert not any(words == i18n._("Fort deck") for words, _r in first)  # copied
        i18n.set_language("hu")
        again = [words for words, _r in drawn_texts(app)]
        assert "Erődpakli" in again  # the fort deck's title in Hungarian
        assert table.view._kept_table[1][-1] == "hu"
    finally:
        i18n.set_language("en")
        app.close()


@pytest.mark.parametrize(
    "game, word", [("field-of-glory", "Húzópakli"), ("runes-of-mayhem", "Húzópakli")]
)
def test_a_kept_card_table_is_drawn_anew_in_another_language(tmp_path, game, word):
    """Field of Glory's and Runes of Mayhem's boards are kept per observation; a language
    switch over the table draws them anew (they showed the old language until a move)."""
    import sys

    sys.path.insert(0, os.path.dirname(__file__))
    from app_helpers import drawn_texts, make_app

    from game.app.scenes.table import TableScene
    from game.app.session import Session
    from game.app.view_registry import get_view

    app = make_app(tmp_path)
    try:
        rules = registry.get_rules(game)
        session = Session.new(
            rules, get_view(game), {"players": 2}, 3, ["human", "human"], app.store, ai_pause=0.0
        )
        app.reset(TableScene(app, session))
        app.draw()
        assert not any(w == word for w, _r in drawn_texts(app))  # kept: not drawn again
        i18n.set_language("hu")
        assert any(w == word for w, _r in drawn_texts(app))
    finally:
        i18n.set_language("en")
        app.close()
