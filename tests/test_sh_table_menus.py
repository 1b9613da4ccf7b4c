"""Whole seeded Stronghold games played by clicks on the table, every seat a person: each
decision is made on the things themselves (a token, a place, a tile on a card, the
units that pay), and the decisions that still needed a list menu are counted.  A menu is
left only where nothing on the table stands for the choice."""

from __future__ import annotations

import collections

import pytest
from app_helpers import click, make_app, play_by_mouse

from game.app.scenes import table as table_module
from game.app.scenes.handoff import HandoffScene
from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.registry import get_rules
from game.core.rng import Rng

RULES = get_rules("stronghold")
VIEW = get_view("stronghold")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def play_game_counting_menus(app, players: int, seed: int, limit: int = 1500):
    """Play a seeded game of people by clicks to its end (at most ``limit`` decisions):
    (decisions made, Counter of the verbs whose decision opened a list menu)."""
    opened = []

    class Counted(table_module.ActionMenu):
        def __init__(self, *args, **kw) -> None:
            super().__init__(*args, **kw)
            opened.append(self)

    real = table_module.ActionMenu
    table_module.ActionMenu = Counted
    try:
        session = Session.new(
            RULES, VIEW, {"players": players}, seed, ["human"] * players, app.store, ai_pause=0.0
        )
        table = TableScene(app, session)
        app.reset(table)
        app.step()
        rng = Rng(seed * 31 + 7)
        menus: collections.Counter = collections.Counter()
        made = 0
        for _ in range(20 * limit):
            if session.is_over() or made >= limit:
                break
            if isinstance(app.stack[-1], HandoffScene):
                click(app, (600, 400, 10, 10))
                continue
            if not (session.human_to_act() and session.to_act() == session.viewer):
                app.step()
                continue
            table.refresh()
            legal = session.my_legal_actions()
            action = legal[rng.below(len(legal))]
            before = len(session.match.record.actions)
            del opened[:]
            play_by_mouse(app, table, action)
            assert session.match.record.actions[before : before + 1] == [str(action)]
            if opened:
                menus[action.verb] += 1
            made += 1
        assert RULES.check_invariants(session.state) == []
        return made, menus
    finally:
        table_module.ActionMenu = real


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (4, 3)])
def test_sh_whole_games_by_clicks_need_a_menu_only_where_nothing_stands_for_it(app, players, seed):
    # when payments, order kinds, secret orders' hourglasses and transfers were lists,
    # these games needed one in 9 of 253, 13 of 328 and 19 of 487 decisions
    made, menus = play_game_counting_menus(app, players, seed)
    print(
        f"\n{players} players, seed {seed}: {made} decisions, "
        f"{sum(menus.values())} by a menu {dict(menus)}"
    )
    assert made > 100
    assert sum(menus.values()) == 0, dict(menus)
