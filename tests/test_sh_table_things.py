"""Stronghold's choices made on the things that stand for them, by synthetic mouse events
(clicks and drags): the units that pay a purchase (SH-7.3), an order tile of the hand
(SH-13.6), the Defender who gets a secret order's hourglass (SH-23.4), a rope's unit
(SH-10), a siege tower's descent (SH-18.8), the alarm's unit (WT2), a hero (SH-17.7), a
flipped card's special (SH-14.1); each asserts the very action recorded."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import click, make_app, post_click

from game.app.scenes.dialog import Dialog
from game.app.scenes.table import ActionMenu, TableScene, click_path
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.match import Match
from game.core.registry import get_rules
from game.core.rng import Rng

RULES = get_rules("stronghold")
VIEW = get_view("stronghold")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def reach(
    until, players: int = 2, seed: int = 1, game_seed: int = 7, greedy: bool = False
) -> Match:
    """The first position of a seeded game of people where ``until(legal)`` holds."""
    match = Match.new(RULES, VIEW.config(players, {}), game_seed, ["human"] * players)
    rng = Rng(seed)
    for _ in range(20_000):
        assert not RULES.is_over(match.state), "position not reached"
        legal = RULES.legal_actions(match.state)
        if until(legal):
            return match
        match.play(
            RULES.greedy_action(match.state, legal, rng) if greedy else legal[rng.below(len(legal))]
        )
    raise AssertionError("position not reached")


def open_at(app, match: Match) -> TableScene:
    table = TableScene(app, Session(RULES, VIEW, match, None, ai_pause=0.0))
    app.reset(table)
    app.step()
    table.refresh()
    return table


def rect_of(table, key):
    found = [i.rect for i in table.items if i.key == key]
    assert found, key
    return found[0]


def centre(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def drag(app, table, source, target) -> None:
    """Press on ``source``'s item, move with the button held, let go on ``target``'s."""
    start, end = centre(rect_of(table, source)), centre(rect_of(table, target))
    post_click(app, start)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=app.vp.point(*end), rel=(1, 1), buttons=(1, 0, 0)
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.vp.point(*end), button=1))
    app.step()


def played(table, action) -> bool:
    return table.session.match.record.actions[-1:] == [str(action)]


def verb(name):
    return lambda legal: any(a.verb == name for a in legal)


def test_sh_7_3_the_payment_is_the_token_of_the_units_paid_for_equipment_and_training(app):
    """Equipment and training with two payments open: the last click is the token of
    the kind paid among the units drawn, no list."""

    def two_ways(legal):
        return [
            a
            for a in legal
            if a.verb in ("EQUIP", "TRAIN")
            and sum(b.args[:2] == a.args[:2] for b in legal if b.verb == a.verb) == 2
        ]

    seen = set()
    for seed in (1, 2, 3):
        table = open_at(app, reach(two_ways, seed=seed))
        action = two_ways(table.session.my_legal_actions())[-1]
        path = click_path(VIEW, table.obs, action)
        assert len(path) == 3 and path[2] == ("unit", "AVAIL0", action.args[2][0])
        for key in path[:2]:
            click(app, rect_of(table, key))
        assert table.menu is None and len(table.targets) == 2
        assert "SH-7.3" in table.prompt_texts(app.vp_for(table))[0][0]
        click(app, rect_of(table, path[2]))
        assert played(table, action)
        seen.add(action.verb)
    assert seen


def test_sh_13_6_an_open_order_is_its_action_then_a_tile_dragged_to_its_section(app):
    table = open_at(app, reach(verb("ORDER")))
    legal = table.session.my_legal_actions()
    action = [a for a in legal if a.verb == "ORDER"][-1]
    tile, order, section = click_path(VIEW, table.obs, action)
    assert tile[3] == "OPEN" and order == ("order", action.args[1])
    assert section == ("space", action.args[0])
    click(app, rect_of(table, tile))  # Open order on the Phase 6 card
    kinds = {a.args[1] for a in legal if a.verb == "ORDER"}
    assert set(table.targets) == {("order", k) for k in kinds}  # the tiles it may be
    drag(app, table, order, section)  # the tile taken from the tray onto the section
    assert played(table, action)


def test_sh_13_6_a_face_down_order_is_a_tile_of_the_hand_and_its_section(app):
    table = open_at(app, reach(verb("HIDE")))
    action = next(a for a in table.session.my_legal_actions() if a.verb == "HIDE")
    order, section = click_path(VIEW, table.obs, action)
    assert order == ("order", action.args[1])
    click(app, rect_of(table, order))
    assert section in table.targets and all(k[0] == "space" for k in table.targets)
    click(app, rect_of(table, section))
    assert played(table, action)


def test_sh_23_4_a_secret_orders_hourglass_goes_to_the_defender_whose_hourglasses_are_clicked(app):
    table = open_at(
        app, reach(lambda legal: any(a.verb == "SECRET" and a.args for a in legal), players=4)
    )
    legal = table.session.my_legal_actions()
    east = next(a for a in legal if a.verb == "SECRET" and a.args == ("DE",))
    tile, glass = click_path(VIEW, table.obs, east)
    assert glass == ("hourglass", 1)
    click(app, rect_of(table, tile))
    assert set(table.targets) == {("hourglass", 0), ("hourglass", 1)}
    assert table.menu is None
    click(app, rect_of(table, glass))
    dialog = app.stack[-1]  # it cannot be taken back later in the round: asked again
    assert isinstance(dialog, Dialog)
    click(app, next(w for w in dialog.widgets if getattr(w, "label", "") == "Yes").rect)
    assert played(table, east)


def test_sh_10_a_rope_move_is_the_units_token_dragged_to_the_next_section(app):
    table = open_at(app, reach(verb("ROPE"), seed=2))
    ropes = [a for a in table.session.my_legal_actions() if a.verb == "ROPE"]
    action = ropes[-1]
    token, section = click_path(VIEW, table.obs, action)
    assert token == ("unit", action.args[0], action.args[2])
    drag(app, table, token, section)
    assert played(table, action)


def test_sh_18_8_a_descent_is_the_token_of_the_kind_in_the_siege_tower(app):
    table = open_at(app, reach(verb("DESCEND"), players=4, seed=3, game_seed=3, greedy=True))
    options = [a for a in table.session.my_legal_actions() if a.verb == "DESCEND"]
    assert len(options) >= 2  # the kinds in the tower: no list of them
    action = options[-1]
    token = click_path(VIEW, table.obs, action)[0]
    assert token == ("unit", action.args[0] + "T", action.args[1])
    assert {click_path(VIEW, table.obs, a)[0] for a in options} <= set(table.targets)
    click(app, rect_of(table, token))
    assert played(table, action)


def test_wt2_an_alarm_move_is_the_units_token_then_the_section(app):
    match = reach(lambda legal: any(a.verb == "PAY" for a in legal))
    s = match.state  # the Watchtower's Alarm just completed (WT2): its free moves
    s.pending["alarm"], s.pending["alarm_defender"] = 3, 0
    s._legal = None
    table = open_at(app, match)
    alarm = [a for a in table.session.my_legal_actions() if a.verb == "ALARM" and a.args[0] != "-"]
    action = next(a for a in alarm if a.args[0] == "BK")
    token, place = click_path(VIEW, table.obs, action)
    assert token == ("unit", "BK", action.args[2]) and place == ("space", action.args[1])
    click(app, rect_of(table, token))
    assert place in table.targets
    click(app, rect_of(table, place))
    assert table.menu is None and played(table, action)


def test_sh_17_7_a_hero_is_dragged_to_his_place(app):
    def hero_moves(legal):
        return [a for a in legal if a.verb == "MOVE" and a.args[2] in ("OFF", "WAR")]

    table = open_at(app, reach(lambda legal: bool(hero_moves(legal))))
    action = hero_moves(table.session.my_legal_actions())[-1]
    token, place = click_path(VIEW, table.obs, action)
    assert token == ("hero", action.args[2])
    drag(app, table, token, place)
    assert played(table, action)


def test_sh_14_1_precise_shot_is_the_flipped_cards_emblem_then_the_machine(app):
    table = open_at(app, reach(verb("PRECISE")))
    action = next(a for a in table.session.my_legal_actions() if a.verb == "PRECISE")
    back, slot = click_path(VIEW, table.obs, action)
    assert back == ("special", "2", 0) and slot == ("space", action.args[0])
    click(app, rect_of(table, back))
    click(app, rect_of(table, slot))
    assert played(table, action)


@pytest.mark.parametrize("name,seed", [("MOVEEQ", 2), ("MOVETR", 4)])
def test_sh_14_1_a_transfer_is_the_emblem_then_the_piece_dragged_to_its_new_place(app, name, seed):
    table = open_at(app, reach(verb(name), seed=seed))
    moves = [a for a in table.session.my_legal_actions() if a.verb == name]
    action = moves[-1]
    back, piece, place = click_path(VIEW, table.obs, action)
    assert back[0] == "special" and place == ("space", action.args[2])
    click(app, rect_of(table, back))
    assert piece in table.targets
    drag(app, table, piece, place)
    assert not isinstance(table.menu, ActionMenu) and played(table, action)


def key(app, name: str) -> None:
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=name, scancode=0))
    app.step()


def test_sh_a_move_begun_goes_on_by_keys_or_from_the_list_of_its_moves(app):
    """Keyboard and list for those who prefer them: with a move begun, the keys 1-9 choose
    the outlined items in table order, and L lists the moves that go on from it (the
    payments of a machine, as the menu did)."""

    def two_ways(legal):
        return [
            a
            for a in legal
            if a.verb == "BUILD"
            and sum(b.args[:2] == a.args[:2] for b in legal if b.verb == "BUILD") == 2
        ]

    table = open_at(app, reach(two_ways))
    action = two_ways(table.session.my_legal_actions())[0]
    tile, place, pay = click_path(VIEW, table.obs, action)
    click(app, rect_of(table, tile))
    order = list(dict.fromkeys(i.key for i in table.items if i.key in table.targets))
    key(app, str(order.index(place) + 1))  # the place by its number
    assert table.chosen == (tile, place)
    key(app, "l")  # the list of the payments
    menu = table.menu
    assert isinstance(menu, ActionMenu)
    assert {str(a) for a in menu.actions} == {
        str(a) for a in two_ways(table.session.my_legal_actions()) if a.args[:2] == action.args[:2]
    }
    label = VIEW.action_label(table.obs, action)
    click(app, next(b for b in menu.buttons if b.label == label).rect)
    assert played(table, action)
    # by keys alone: the tile, the place and the payment by their numbers
    again = two_ways(table.session.my_legal_actions())
    assert again  # another machine may be built
    action = again[-1]
    path = click_path(VIEW, table.obs, action)
    click(app, rect_of(table, path[0]))
    for step in path[1:]:
        order = list(dict.fromkeys(i.key for i in table.items if i.key in table.targets))
        key(app, str(order.index(step) + 1))
    assert played(table, action)


def test_sh_14_1_escape_the_knife_is_the_emblem_then_the_gathering_place_and_a_count(app):
    from game.app.stepper import CountStepper

    table = open_at(app, reach(verb("ESCAPE")))
    escapes = [a for a in table.session.my_legal_actions() if a.verb == "ESCAPE"]
    action = min(escapes, key=lambda a: (a.args[0], int(a.args[1])))
    back, place = click_path(VIEW, table.obs, action)
    assert back == ("special", "5", 0) and place == ("space", action.args[0])
    click(app, rect_of(table, back))
    click(app, rect_of(table, place))
    stepper = table.menu
    same = [a for a in escapes if a.args[0] == action.args[0]]
    if len(same) > 1:  # how many on the count stepper, the fewest here
        assert isinstance(stepper, CountStepper)
        while stepper.count > int(action.args[1]):
            click(app, stepper.minus.rect)
        click(app, stepper.go.rect)
    assert played(table, action)


def test_sh_14_1_the_tip_of_charge_says_it_works_by_itself():
    from game.games.stronghold.view import special_tip

    assert "SH-14.2" in special_tip("CHARGE", False)
    assert "Click it" in special_tip("PRECISE", False)
    assert "SH-7.1" in special_tip("PRECISE", True)
