"""Stronghold played on the things themselves: an action printed on a phase card is
clicked on the card (SH-15), a mobilisation's units are moved by clicking or dragging
their token to a place and choosing how many on a count stepper (SH-13.2); the actions
played are exactly the engine's legal ones the menus offered."""

from __future__ import annotations

import pygame
import pytest
from app_helpers import click, make_app, post_click

from game.app.scenes.table import TableScene, click_path
from game.app.session import Session
from game.app.stepper import CountStepper
from game.app.view_registry import get_view
from game.core.match import Match
from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.stronghold.verbs import parse_action

RULES = get_rules("stronghold")
VIEW = get_view("stronghold")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def table_when(app, until, players: int = 2, seed: int = 3) -> TableScene:
    """A table of people at the first position of a seeded random game where
    ``until(legal actions)`` holds."""
    match = Match.new(RULES, VIEW.config(players, {}), 7, ["human"] * players)
    rng = Rng(seed)
    for _ in range(20_000):
        assert not RULES.is_over(match.state), "position not reached"
        legal = RULES.legal_actions(match.state)
        if until(legal):
            break
        match.play(legal[rng.below(len(legal))])
    else:
        raise AssertionError("position not reached")
    session = Session.load(RULES, VIEW, match.record, None, ai_pause=0.0)
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    table.refresh()
    return table


def rect_of(table, key):
    return next(i.rect for i in table.items if i.key == key)


def centre(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def moves(legal) -> dict:
    """The Invader's mobilisation moves (SH-13.2) by source, target and unit type."""
    groups: dict = {}
    for a in legal:
        if a.verb == "MOVE" and a.args[2] in "GOT":
            groups.setdefault(a.args[:3], []).append(a)
    return groups


def several(legal) -> bool:
    return any(len(g) >= 3 for g in moves(legal).values())


def test_sh_13_2_a_mobilisation_move_is_a_token_a_place_and_a_count(app):
    table = table_when(app, several)
    s = table.session
    legal = s.my_legal_actions()
    (src, dst, kind), group = max(moves(legal).items(), key=lambda kv: len(kv[1]))
    chosen = sorted(group, key=lambda a: int(a.args[3]))[1]  # two of them, not all
    path = click_path(VIEW, table.obs, chosen)
    assert path[0][0] == "unit" and path[0][2] == kind and path[1] == ("space", dst)
    click(app, rect_of(table, path[0]))  # the token of the units in their stack
    assert table.chosen == (path[0],) and path[1] in table.targets
    click(app, rect_of(table, path[1]))  # the place they go to
    stepper = table.menu
    assert isinstance(stepper, CountStepper)  # not a list of "Move N ..." lines
    # the stepper offers exactly the legal counts of this move, as the menu did
    assert sorted(map(str, stepper.actions)) == sorted(map(str, group))
    assert stepper.count == max(int(a.args[3]) for a in group)  # all that may go
    while stepper.count > int(chosen.args[3]):
        click(app, stepper.minus.rect)
    assert not stepper.minus.enabled or stepper.count > 1
    before = len(s.match.record.actions)
    click(app, stepper.go.rect)
    assert s.match.record.actions[before:] == [str(chosen)]
    assert RULES.check_invariants(s.state) == []


def test_sh_13_2_a_stack_dragged_to_a_place_moves_after_the_count(app):
    table = table_when(app, several, seed=5)
    s = table.session
    (src, dst, kind), group = max(moves(s.my_legal_actions()).items(), key=lambda kv: len(kv[1]))
    first, target = click_path(VIEW, table.obs, group[0])
    start, end = centre(rect_of(table, first)), centre(rect_of(table, target))
    post_click(app, start)  # pressed on the token
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=app.vp.point(*end), rel=(1, 1), buttons=(1, 0, 0)
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.vp.point(*end), button=1))
    app.step()
    stepper = table.menu
    assert isinstance(stepper, CountStepper), table.chosen
    top = max(group, key=lambda a: int(a.args[3]))
    before = len(s.match.record.actions)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    app.step()  # Enter plays the count shown: all that may go
    assert s.match.record.actions[before:] == [str(top)]


def test_sh_13_2_a_press_and_release_on_the_same_token_is_a_click(app):
    table = table_when(app, several, seed=5)
    s = table.session
    group = max(moves(s.my_legal_actions()).values(), key=len)
    first = click_path(VIEW, table.obs, group[0])[0]
    at = centre(rect_of(table, first))
    post_click(app, at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.vp.point(*at), button=1))
    app.step()
    assert table.chosen == (first,) and table.menu is None
    before = list(s.match.record.actions)
    post_click(app, at, button=3)  # a right click takes it back
    app.step()
    assert table.chosen == () and s.match.record.actions == before


def card_actions(legal, verbs) -> list:
    return [a for a in legal if a.verb in verbs]


def test_sh_15_the_actions_printed_on_a_phase_card_are_clicked_on_the_card(app):
    verbs = (
        "PRODUCE",
        "GIVE",
        "BUILD",
        "EQUIP",
        "TRAIN",
        "RITUAL",
        "MINOR",
        "MAJOR",
        "ORDER",
        "SECRET",
    )
    seen = set()
    for players, seed in ((2, 3), (2, 8), (3, 4), (4, 6)):
        match = Match.new(RULES, VIEW.config(players, {}), seed, ["human"] * players)
        rng = Rng(seed)
        for _ in range(600):
            if RULES.is_over(match.state):
                break
            legal = RULES.legal_actions(match.state)
            obs = RULES.observation(match.state, match.to_act())
            keys = {i.key for i in VIEW.items(obs)}
            for a in card_actions(legal, verbs):
                path = click_path(VIEW, obs, a)
                tile = path[0]
                assert tile[0] == "option" and tile in keys, (str(a), path)
                assert set(path) <= keys, (str(a), path)
                seen.add(a.verb)
            match.play(legal[rng.below(len(legal))])
    assert {"PRODUCE", "BUILD", "EQUIP", "TRAIN", "RITUAL", "MINOR", "MAJOR"} <= seen, seen


def test_sh_15_clicking_the_minor_mobilisation_on_the_phase_6_card_begins_it(app):
    table = table_when(app, lambda legal: any(a.verb == "MINOR" for a in legal))
    s = table.session
    minor = next(a for a in s.my_legal_actions() if a.verb == "MINOR")
    tile = click_path(VIEW, table.obs, minor)
    assert len(tile) == 1 and tile[0][0] == "option" and tile[0][3] == "MINOR"
    assert all(b.label != VIEW.action_label(table.obs, minor) for b in table.option_buttons)
    before = len(s.match.record.actions)
    click(app, rect_of(table, tile[0]))
    assert s.match.record.actions[before:] == [str(minor)]


def test_sh_9_a_machine_is_chosen_on_the_card_then_its_place_then_the_units_that_pay(app):
    table = table_when(app, lambda legal: any(a.verb == "BUILD" for a in legal), seed=1)
    s = table.session
    legal = s.my_legal_actions()
    builds = [a for a in legal if a.verb == "BUILD"]
    build = max(builds, key=lambda a: sum(b.args[:2] == a.args[:2] for b in builds))
    same = [b for b in builds if b.args[:2] == build.args[:2]]  # its payments
    assert len(same) == 2  # 1 troll or 2 orcs (SH-9.4): both affordable here
    path = click_path(VIEW, table.obs, build)
    tile, place, pay = path
    click(app, rect_of(table, tile))  # the machine on the Phase 2 card
    assert table.chosen == (tile,)
    places = set(table.targets)
    assert place in places and all(k[0] == "space" for k in places)
    click(app, rect_of(table, place))
    # SH-7.3: the payment is the token of the kind paid among the units available, no menu
    assert table.menu is None
    assert set(table.targets) == {("unit", "AVAIL0", b.args[2][0]) for b in same}
    assert pay == ("unit", "AVAIL0", build.args[2][0])
    before = len(s.match.record.actions)
    click(app, rect_of(table, pay))
    assert s.match.record.actions[before:] == [str(build)]


def test_sh_7_3_a_purchase_with_one_payment_open_is_played_on_its_place(app):
    """Where the Invader can pay one way only, no click on his units is asked for."""

    def alone(legal):
        buys = [a for a in legal if a.verb in ("BUILD", "EQUIP", "TRAIN") and a.args[1] != "-"]
        return [a for a in buys if sum(b.args[:2] == a.args[:2] for b in buys) == 1]

    table = table_when(app, alone, seed=2)
    s = table.session
    buy = alone(s.my_legal_actions())[0]
    tile, place = click_path(VIEW, table.obs, buy)
    click(app, rect_of(table, tile))
    before = len(s.match.record.actions)
    click(app, rect_of(table, place))
    assert s.match.record.actions[before:] == [str(buy)]


def test_sh_the_stepper_is_offered_only_for_counts_of_one_move():
    obs = {}
    acts = [
        parse_action(t) for t in ("I: MOVE R6 R7 O 1", "I: MOVE R6 R7 O 2", "I: MOVE R6 R7 O 3")
    ]
    assert [n for n, _a in VIEW.stepper(obs, acts)] == [1, 2, 3]
    mixed = [*acts, parse_action("I: MOVE R6 R7 G 1")]
    assert VIEW.stepper(obs, mixed) is None  # two unit types: not one count
    pays = [parse_action("I: BUILD CAT R5 T"), parse_action("I: BUILD CAT R5 OO")]
    assert VIEW.stepper(obs, pays) is None


def test_sh_4_3_a_phase_card_is_kept_by_clicking_it_among_those_offered(app):
    table = table_when(app, lambda legal: any(a.verb == "CARD" for a in legal))
    s = table.session
    offer = [a for a in s.my_legal_actions() if a.verb == "CARD"]
    assert len(offer) >= 2
    keys = [click_path(VIEW, table.obs, a) for a in offer]
    assert all(
        len(k) == 1 and k[0] == ("offer", a.args[0]) for k, a in zip(keys, offer, strict=True)
    )
    rects = [rect_of(table, k[0]) for k in keys]  # face up side by side, apart
    assert all(not pygame.Rect(a).colliderect(b) for a, b in zip(rects, rects[1:], strict=False))
    before = len(s.match.record.actions)
    click(app, rects[-1])
    assert s.match.record.actions[before:] == [str(offer[-1])]


def test_sh_8_3_produce_resources_is_its_tile_then_the_token_of_the_unit_paid(app):
    table = table_when(app, lambda legal: sum(a.verb == "PRODUCE" for a in legal) >= 2)
    s = table.session
    produce = [a for a in s.my_legal_actions() if a.verb == "PRODUCE"]
    action = produce[-1]
    tile, token = click_path(VIEW, table.obs, action)
    assert tile[0] == "option" and tile[3] == "PRODUCE"
    assert token == ("unit", "AVAIL0", action.args[0])  # among the units drawn (SH-8.1)
    click(app, rect_of(table, tile))
    assert set(table.targets) == {("unit", "AVAIL0", a.args[0]) for a in produce}
    before = len(s.match.record.actions)
    click(app, rect_of(table, token))
    assert s.match.record.actions[before:] == [str(action)]
