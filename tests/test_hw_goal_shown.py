"""Hadrian's Wall's solo goal in sight all game long (HW-16.6, retuned in HW-20): the
observation of a solo game carries the goal's points (a game of several players has no
such key, so its observations, and the computer seats' seeds drawn from them, are as
before), and the table tells it at the right end of the status line, with the rule whole
in its tooltip, in every language, at both window sizes and text sizes, never over the
status and never squeezed."""

from __future__ import annotations

import pytest
from app_helpers import drawn_texts, make_app, open_table

from game.app import fonts, i18n, paint, theme
from game.core.rng import Rng
from game.games.hadrians_wall.content import FORTS, SOLO_TARGET
from game.games.hadrians_wall.rules import RULES
from game.games.hadrians_wall.view import HWView


def played(config: dict, until, seed: int = 3):
    """A game of ``config`` played at random until ``until(state)`` holds."""
    state = RULES.new_game(config, seed)
    rng = Rng(seed)
    while not until(state):
        assert not RULES.is_over(state), "the game ended before the wanted moment"
        RULES.apply(state, RULES.random_action(state, rng))
    return state


@pytest.mark.parametrize("neutrals", [1, 2, 3])
def test_a_solo_observation_carries_the_goal_for_the_number_of_neutral_clans(neutrals):
    state = played({"players": 1, "neutrals": neutrals}, lambda s: s.turn == 2)
    assert (
        RULES.observation(state, 0)["solo_goal"]
        == SOLO_TARGET[neutrals]
        == -(-78 // (neutrals + 1))
    )
    assert RULES.open_observation(state)["solo_goal"] == SOLO_TARGET[neutrals]


@pytest.mark.parametrize("players,neutrals", [(2, 0), (2, 1), (3, 1), (4, 0)])
def test_a_game_of_several_players_has_no_goal_in_its_observation(players, neutrals):
    state = played({"players": players, "neutrals": neutrals}, lambda s: s.turn == 2)
    for seat in range(players):
        assert "solo_goal" not in RULES.observation(state, seat)  # (its digest unchanged)
    assert "goal" not in {item.key[0] for item in HWView().items(RULES.observation(state, 0))}


def goal_and_status(app, table, obs) -> tuple:
    """The words of the goal and of the status drawn for ``obs``, with their pixels."""
    table.obs = obs
    table.items = table.view.items(obs)
    texts = drawn_texts(app)
    goal = i18n._("Goal: {n} points (HW-16.6)").format(n=obs["solo_goal"])
    status = table.view.status(obs)
    found_goal = [r for w, r in texts if w == goal]
    found_status = [r for w, r in texts if w == status]
    return found_goal, found_status, texts


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_the_goal_is_on_the_table_of_a_solo_game_all_game_long_in_every_language(tmp_path, lang):
    for size in ((1280, 800), (1920, 1080)):
        for scale in (1.0, 1.5):
            app = make_app(tmp_path / f"{lang}{size[0]}{scale}", size=size, lang=lang)
            try:
                app.settings.ui_scale = scale
                app.apply_settings()
                table = open_table(app, ["human"], seed=4, neutrals=3)
                config = {"players": 1, "neutrals": 3}
                moments = [  # the orders, a round fought (the longest status), the end
                    played(config, lambda s: s.turn == 2),
                    played(config, lambda s: s.phase not in ("ORDERS", "OVER") and s.rnd >= 4),
                    played(config, RULES.is_over),
                ]
                board = paint.board_vp(app.vp)
                right = board.point(930, 0)[0]  # the board's right edge (the status zone's)
                for state in moments:
                    obs = RULES.observation(state, 0)
                    goal, status, texts = goal_and_status(app, table, obs)
                    assert len(goal) == 1 and status, [w for w, _r in texts]
                    g, s = goal[0], status[0]  # the status line is drawn first
                    assert not g.colliderect(s)  # apart from the status ...
                    assert g.left > s.right and g.right <= right + 1  # ... right of it
                    assert g.centery == pytest.approx(s.centery, abs=2)  # on its line
                    words = i18n._("Goal: {n} points (HW-16.6)").format(n=20)
                    whole = fonts.text(words, board.font_px(theme.FONT), theme.ACCENT, "bold")
                    assert g.w == whole.get_width()  # never squeezed
                    tips = [i for i in table.items if i.key == ("goal",)]
                    assert len(tips) == 1
                    tip = tips[0].tooltip
                    assert "HW-16.6" in tip and "HW-12.1" in tip and "20" in tip
                    assert board.rect(tips[0].rect).contains(g)  # the tooltip is over it
            finally:
                app.close()
                i18n.set_language("en")


def test_a_game_of_two_players_tells_no_goal(tmp_path):
    app = make_app(tmp_path)
    try:
        open_table(app, ["human", "human"], seed=4)
        words = [w for w, _r in drawn_texts(app)]
        assert words and not any("HW-16.6" in w for w in words)
    finally:
        app.close()


def test_the_goal_tooltip_names_the_neutral_clans_and_the_players_points():
    state = played({"players": 1, "neutrals": 1}, lambda s: s.turn == 2 and s.piles[0])
    obs = RULES.observation(state, 0)
    points = sum(FORTS[fort][1] for fort in obs["clans"][0]["pile"])
    tip = next(i for i in HWView().items(obs) if i.key == ("goal",)).tooltip
    assert tip.startswith("Solo goal (HW-16.6): at least 39 points")
    assert "against 1 neutral clan," in tip and "three FortHeca" in tip
    assert tip.endswith(f"Green has {points} points.")
