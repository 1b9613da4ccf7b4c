"""What Hadrian's Wall's stages show (game/app/stages.py, the view's stage_obs): at a
round's start the heading, the status and the round's panel name the round begun, whose
fort is outlined (HW-8), not the round just fought; the points and strengths that change
between two stages rise where they cover no words and no card (the band's first order
slot, empty once the clans fight), not over the clan's name."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import make_app

from game.app import i18n, motion, paint, stages
from game.core.rng import Rng
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.view import HWView


def staged_move(players: int, seed: int):
    """(observation before, stages) of the first move of a random game whose stages
    show at least two rounds begun and a fort captured."""
    view = HWView()
    state = RULES.new_game({"players": players}, seed)
    rng = Rng(seed)
    while not RULES.is_over(state):
        action = RULES.random_action(state, rng)
        seat = RULES.to_act(state)
        before = RULES.clone(state)
        found, _events = stages.trail(
            RULES, view, before, action, lambda s, seat=seat: RULES.observation(s, seat)
        )
        kinds = [st.event[1] for st in found]
        if kinds.count("ROUND") >= 2 and "CAPTURE" in kinds:
            return RULES.observation(before, seat), found
        RULES.apply(state, action)
    raise AssertionError("no move fought two rounds with a capture")


def drawn(app, view, obs) -> tuple[list, dict]:
    """The words the view draws for ``obs`` (with their pixels) and the numbers it
    reports to motion (key -> (number, pixels))."""
    seen = []
    text = paint.text

    def spy(surf, vp, words, *args, **kw):
        rect = text(surf, vp, words, *args, **kw)
        seen.append((words, rect))
        return rect

    surf = pygame.Surface(app.screen.get_size())
    board = paint.board_vp(app.vp)
    paint.text = spy
    try:
        with motion.recording() as record:
            view._kept_table = None
            view.draw(surf, board, obs, view.items(obs), {})
    finally:
        paint.text = text
    return seen, record.values


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_a_rounds_start_names_the_round_begun_and_its_fort(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    try:
        view = HWView()
        _before, found = staged_move(3, 5)
        begun = [st for st in found if st.event[1] == "ROUND"]
        assert len(begun) >= 2
        for st in begun:
            k, fort = st.event[2], st.event[3]
            obs = st.obs
            words = [w for w, _r in drawn(app, view, obs)[0]]
            heading = view.describe(st.event, [])  # the log's line of the round begun
            assert heading in words  # over the round's panel
            assert view.status(obs) == words[0]  # the status line names the round
            assert i18n._("round {r} of 6").format(r=k) in view.status(obs)
            assert view.event_place(st.event) == ("wall", fort) == ("wall", obs["wall"][k - 1])
            assert view.attacked(obs) == k - 1  # the fort tagged "under attack"
            tip = next(i for i in view.items(obs) if i.key == ("round",)).tooltip
            assert tip.startswith(heading)
    finally:
        app.close()
        i18n.set_language("en")


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 7)])
def test_the_numbers_that_change_rise_over_nothing_to_read(tmp_path, players, seed):
    for size, scale in [(s, t) for s in ((1280, 800), (1920, 1080)) for t in (1.0, 1.5)]:
        app = make_app(tmp_path / f"{size[0]}-{scale}", size=size)
        try:
            app.settings.ui_scale = scale  # larger words: larger numbers rising
            app.apply_settings()
            view = HWView()
            board = paint.board_vp(app.vp)
            before, found = staged_move(players, seed)
            shown = [before] + [st.obs for st in found]
            risen = 0
            for old, new in zip(shown, shown[1:], strict=False):
                _words, old_values = drawn(app, view, old)
                words, values = drawn(app, view, new)
                items = view.items(new)
                tweens = motion.rising(old_values, values, 1.0)
                risen += len(tweens)
                for tw in tweens:
                    swept = pygame.Rect(tw.start).union(pygame.Rect(tw.end))
                    for w, r in words:  # no words under its way (a slot's faint number aside)
                        assert w.isdigit() or not swept.colliderect(r), (w, r, swept)
                    for item in items:  # no card, fort or pile under it
                        if item.key[0] != "slot":
                            assert not swept.colliderect(board.rect(item.rect)), item.key
                starts = [pygame.Rect(tw.start) for tw in tweens]  # and never on each other
                assert not any(a.colliderect(b) for a in starts for b in starts if a is not b)
            assert risen >= 2  # a capture's points and a round's strengths did rise
        finally:
            app.close()
