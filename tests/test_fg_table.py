"""Field of Glory by mouse: the draft and whole games of each seat made with clicks only."""

from __future__ import annotations

import pytest
from app_helpers import assert_clicks_read_apart, make_app, play_humans_by_mouse, run_until

from game.app.scenes.table import TableScene
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.field_of_glory import words

RULES = get_rules("field-of-glory")
VIEW = get_view("field-of-glory")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def open_table(app, seats, seed=3, **config) -> TableScene:
    session = Session.new(
        RULES, VIEW, {"players": 2, **config}, seed, seats, app.store, ai_pause=0.0
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    return table


def play_by_clicks(app, table: TableScene, seed: int, turns: int = 1000, limit: int = 3000) -> int:
    """Play every human decision (a random legal one, by clicks) until the game is over or
    ``turns`` turns are played; the number of actions clicked."""
    s = table.session
    return play_humans_by_mouse(
        app, table, seed, lambda: s.state.turn > turns, limit, steps=limit * 4
    )


@pytest.mark.parametrize("seats", [["human", "random"], ["random", "human"]], ids=["red", "blue"])
def test_fg_a_whole_game_of_each_seat_by_clicks(app, seats):
    table = open_table(app, seats, seed=5)
    made = play_by_clicks(app, table, seed=11)
    s = table.session
    assert made >= 12  # at least the twelve draft choices
    assert s.is_over()
    assert RULES.check_invariants(s.state) == []
    verbs = {a.split(": ")[1].split()[0] for a in s.match.record.actions}
    assert {"KEEP", "PLACE", "PAY", "DRAW3"} & verbs


def test_fg_hotseat_two_people_play_a_whole_game_handing_over_the_screen(app):
    table = open_table(app, ["human", "human"], seed=9, short=True)
    made = play_by_clicks(app, table, seed=4)
    s = table.session
    assert made > 24  # both drafts and every turn
    assert s.is_over()
    assert RULES.check_invariants(s.state) == []


def test_fg_menus_read_apart_and_every_item_has_a_tooltip():
    for seed in range(4):
        state = RULES.new_game(RULES.default_config(2), seed)
        rng = Rng(seed)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)
            obs = RULES.observation(state, seat)
            items = VIEW.items(obs)
            keys = {i.key for i in items}
            assert all(i.tooltip for i in items), [i.key for i in items if not i.tooltip]
            assert_clicks_read_apart(VIEW, RULES, state, obs, keys, max_buttons=3)
            text, rule = words.prompt(obs)
            assert text and rule and rule.startswith("FG-"), (obs["step"], text, rule)
            assert VIEW.status(obs)
            RULES.apply(state, RULES.random_action(state, rng))


def test_fg_every_event_reads_as_english():
    log: list = []
    state = RULES.new_game({"players": 2, "historical": True}, 2, log)
    rng = Rng(2)
    while not RULES.is_over(state):
        RULES.apply(state, RULES.random_action(state, rng), log)
    kinds = set()
    for event in log:
        text = VIEW.describe(event, ["R", "B"])
        kinds.add(event[1])
        if text is not None:
            assert "FG-" in text or text[0].isupper() or text.startswith("—"), (event, text)
            assert "=" not in text, (event, text)
            assert text != " ".join(str(v) for v in event[1:]), event
    assert {"TURN", "DRAWN", "END"} <= kinds


def test_fg_tooltips_cite_the_numbers_and_rules_of_cards():
    tip = words.card_tip("R-HI3")
    assert "MC 4 · CV 4 · CP 2 · WP 2 · VP 3" in tip and "(FG-22.2)" in tip
    assert "Libyan veterans" in tip
    assert "FG-15" in words.card_tip("B-ENV1") and "FG-17" in words.card_tip("B-RES2")
    assert "Scipio" in words.card_tip("B-LD1")
    # a card is named by its title, as printed on it (FG-22.6), in the log and the labels
    assert words.card_label("R-CAV3") == "Spanish and Gallic horse"
    assert words.card_label("B-LD1") == "Scipio"
    assert (
        words.action_label({}, "R: KEEP R-HI3 R-CAV3")
        == "Keep Libyan veterans + Spanish and Gallic horse"
    )


def test_fg_results_name_terrain_vp_and_why():
    state = RULES.new_game(RULES.default_config(2), 8)
    rng = Rng(4)
    while not RULES.is_over(state):
        RULES.apply(state, RULES.random_action(state, rng))
    rows = VIEW.results(RULES.open_observation(state))
    assert [r[0] for r in rows] == ["Red (Carthage)", "Blue (Rome)"]
    for p, row in enumerate(rows):
        assert row[1] == f"{state.control.count('RB'[p])} terrain · {RULES.vp_total(state, p)} VP"
    if state.winner is not None:
        assert rows[state.winner][2].startswith("Wins")


def test_fg_the_view_offers_the_variants_of_fg_23():
    keys = [o.key for o in VIEW.setup_options(2)]
    assert keys == ["historical", "short", "open_hands"]
    cfg = VIEW.config(2, {"historical": True, "short": False, "open_hands": True})
    assert RULES.default_config(2) | cfg == cfg
    RULES.new_game(cfg, 1)


def test_fg_screens_draw_at_two_sizes_without_errors(tmp_path):
    for size in ((1280, 800), (1920, 1080)):
        a = make_app(tmp_path / f"{size[0]}", size=size)
        try:
            table = open_table(a, ["random", "random"], seed=6, open_hands=True)
            run_until(
                a,
                lambda t=table: len(t.session.match.record.actions) > 60 or t.session.is_over(),
                seconds=60,
            )
            a.draw()
            assert a.screen.get_size() == size
        finally:
            a.close()


def _battle_table(app, seed: int = 3) -> TableScene:
    """A hotseat table in turn 3 or later (the draft over, cards on the line)."""
    session = Session.new(
        RULES, VIEW, {"players": 2}, seed, ["human", "human"], app.store, ai_pause=0.0
    )
    rng = Rng(seed)
    while session.state.turn < 3 and not session.is_over():
        legal = RULES.legal_actions(session.state)
        assert session.play_human(legal[rng.below(len(legal))])
    table = TableScene(app, session)
    app.reset(table)
    return table


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_fg_0_5_control_badges_and_pile_words_stay_in_their_boxes_at_960x600(tmp_path, lang):
    """The terrain's control word ("neutralny") fits its badge and every pile panel's words
    fit the panel, in a small window, in each language."""
    from app_helpers import drawn_texts

    from game.app import i18n

    app = make_app(tmp_path, size=(960, 600))
    i18n.set_language(lang)
    try:
        table = _battle_table(app)
        vp = app.vp_for(table)
        drawn = drawn_texts(app)
        lay = VIEW.layout
        control = {i18n._("neutral"), i18n._("Red"), i18n._("Blue")}
        badges = [vp.rect(VIEW.control_badge(lay.zone(f"c{i + 1}_terrain"))) for i in range(5)]
        labels = [(words, r) for words, r in drawn if words in control]
        assert len(labels) == 5
        for words, r in labels:
            assert any(b.contains(r) for b in badges), (words, r, badges)
        panels = [vp.rect(lay.zone(z)) for z in ("opp_pile", "opp_discard", "opp_victory",
                                                    "own_pile", "own_discard", "own_victory",
                                                    "own_box")]  # fmt: skip
        inside = 0
        for words, r in drawn:
            for p in panels:
                if p.collidepoint(r.center):
                    assert p.contains(r), (words, r, p)
                    inside += 1
        assert inside >= 3 * len(panels)  # a title, a number and a line in each
    finally:
        i18n.set_language("en")
        app.close()


def test_fg_special_rules_print_on_hand_cards_at_12_px_whole_or_ending_in_an_ellipsis(app):
    """A hand card's special rule prints at 12 px at 1280x800 (never smaller: ART.md),
    under its picture and within the card; where the room cannot hold it, its last line
    ends in "…" (the tooltip has it whole). In English most rules print whole."""
    from game.app import fonts, i18n
    from game.games.field_of_glory.content import CTYPE
    from game.games.field_of_glory.view import HAND_H, HAND_W, rule_print

    w, h = HAND_W, HAND_H  # 1280x800: one pixel per design unit
    whole_en = cut_en = 0
    for lang in ("en", "hu", "pl"):
        i18n.set_language(lang)
        try:
            for card, kind in CTYPE.items():
                if kind not in words.SPECIAL:
                    continue
                text = " ".join(i18n._(words.SPECIAL[kind][0]).split())
                room, at, lines = rule_print(w, h, card)
                assert at == 12, (lang, card, at)
                assert h / 3 < room.top and room.bottom <= h - 8 and room.w >= w * 0.8, room
                assert len(lines) >= 1 and (len(lines) - 1) * int(at * 1.15) + at * 1.2 <= room.h, (
                    lang,
                    card,
                    lines,
                )
                assert all(fonts.font(at).size(x)[0] <= room.w for x in lines), (lang, card)
                whole = " ".join(lines).replace("- ", "") == text  # a long word hyphenated
                assert whole or lines[-1].endswith("…"), (lang, card, lines)
                if lang == "en":
                    whole_en += whole
                    cut_en += not whole
        finally:
            i18n.set_language("en")
    assert whole_en > cut_en, (whole_en, cut_en)


def test_fg_card_names_fit_their_cards_in_every_language_a_little_smaller_or_hyphenated(app):
    """A name wider than its card prints up to a fifth smaller, at most a tenth narrower,
    or with a long word broken by a hyphen ("könnyűlovas- / ság"); it was squeezed to
    any width before. Its words all show, in at most three lines."""
    from game.app import cards, fonts, i18n
    from game.games.field_of_glory.content import CTYPE, card_name
    from game.games.field_of_glory.view import HAND_H, HAND_W, UNIT_H, UNIT_W, name_print

    hyphenated = set()
    for lang in ("en", "hu", "pl"):
        i18n.set_language(lang)
        try:
            for scale in (0.75, 1.0, 1.5):  # 960x600, 1280x800, 1920x1200
                for w, h, big in ((UNIT_W, UNIT_H, False), (HAND_W, HAND_H, True)):
                    w, h = int(w * scale), int(h * scale)
                    room = w - 2 * cards.border(w)  # the name band's width
                    for card in CTYPE:
                        name = i18n._(card_name(card))
                        size, lines = name_print(w, h, card, big)
                        assert size >= 12 * scale - 1  # never under 12 px at 1280x800
                        assert 1 <= len(lines) <= 3
                        font = fonts.font(size, "display-bold")  # names in the display face
                        assert all(font.size(x)[0] <= room * fonts.SQUEEZE for x in lines)
                        joined = " ".join(lines).replace("- ", "")
                        assert joined == name, (lang, scale, lines)
                        if any(x.endswith("-") for x in lines):
                            hyphenated.add(name)
        finally:
            i18n.set_language("en")
    assert "Szövetséges könnyűlovasság" in hyphenated


def _draft_table(app) -> TableScene:
    """Red's draft at the screen, its first group dealt (FG-4.3)."""
    table = open_table(app, ["human", "random"], seed=4)
    assert table.obs["step"] == "KEEP"
    return table


def test_fg_4_3_1_the_draft_is_two_clicks_on_the_cards_and_confirm_no_menu(app):
    """The two cards to keep are clicked on the table (in either order), stand up and say
    "keep"; Confirm plays the KEEP of exactly that pair (FG-4.3.1), the action the old
    menu line played; no menu opens at any click."""
    from app_helpers import click, click_item

    table = _draft_table(app)
    s = table.session
    group = table.obs["sides"][0]["group"]
    assert {i.key for i in table.items if i.key[0] == "group"} == {("group", c) for c in group}
    first, second = group[2], group[0]  # clicked against the canonical order
    click_item(app, table, ("group", first))
    assert table.menu is None and table.picked == (("group", first),)
    confirm = table.option_buttons[-1]
    assert not confirm.enabled and confirm.label == "Choose 1 more"
    click_item(app, table, ("group", second))
    assert table.menu is None
    assert set(table.picked) == {("group", first), ("group", second)}
    marks = table.marks(None)
    assert marks[("group", first)] == marks[("group", second)] == "chosen"
    expected = next(a for a in s.my_legal_actions() if set(a.args) == {first, second})
    confirm = table.option_buttons[-1]
    assert confirm.enabled and confirm.label == VIEW.action_label(table.obs, expected)
    assert s.match.record.actions == []
    click(app, confirm.rect)
    assert s.match.record.actions == [str(expected)]
    assert sorted(s.state.kept[0]) == sorted([first, second])
    assert table.menu is None


def test_fg_draft_a_second_click_puts_a_card_back_and_a_third_card_replaces_the_first(app):
    from app_helpers import click, click_item

    table = _draft_table(app)
    a, b, c, _d = table.obs["sides"][0]["group"]
    click_item(app, table, ("group", a))
    click_item(app, table, ("group", a))  # put back
    assert table.picked == ()
    click_item(app, table, ("group", a))
    click_item(app, table, ("group", b))
    click_item(app, table, ("group", c))  # a pair at most: the oldest gives way
    assert table.picked == (("group", b), ("group", c))
    click(app, (200, 60, 4, 4), button=3)  # right click: the picks taken back
    assert table.picked == ()
    assert table.session.match.record.actions == []
    assert table.menu is None


def test_fg_draft_cards_are_drawn_large_and_a_picked_card_stands_up(app):
    """The group's four cards lie in the draft panel, each larger than a hand card; a
    picked card is drawn higher than the others (its place in the item keeps both)."""
    table = _draft_table(app)
    group = [i for i in table.items if i.key[0] == "group"]
    assert len(group) == 4
    for item in group:
        x, y, w, h = VIEW.card_rect(item, False)
        assert w > 100 and h > 204  # a hand card is 100 x 204
    rest = VIEW.card_rect(group[0], False)
    up = VIEW.card_rect(group[0], True)
    assert up[1] < rest[1] and up[3] == rest[3]
    keys = [i.key for i in table.items]
    assert ("kept",) in keys and ("combat",) not in keys  # the draft takes the combat's room


def test_fg_every_choice_with_a_card_on_the_table_is_a_click_on_it_not_a_menu():
    """Over whole random games, no click ever ends in a menu: each legal action is a
    click path of its own, a pick set of its own, or a button (FG-4.3, FG-11.5, FG-12.5)."""
    from game.app.scenes.table import click_path, pick_set

    for seed in range(3):
        state = RULES.new_game(RULES.default_config(2), seed)
        rng = Rng(seed)
        picked = 0
        while not RULES.is_over(state):
            obs = RULES.observation(state, RULES.to_act(state))
            paths = []
            for a in RULES.legal_actions(state):
                if pick_set(VIEW, obs, a) is not None:
                    picked += 1
                    continue
                path = click_path(VIEW, obs, a)
                if path is not None:
                    paths.append(path)
            for p in paths:  # no path is the start of another, none is there twice
                assert sum(q[: len(p)] == p for q in paths) == 1, (obs["step"], p)
            RULES.apply(state, RULES.random_action(state, rng))
        assert picked >= 12 * 6  # at least the draft's groups of each side


def test_fg_12_5_the_units_that_retreat_are_clicked_on_the_table_then_confirmed(app):
    """The defender picks its retreating units on the battlefield (no menu); Confirm
    first offers to stand (no unit picked), then names the units picked, and plays the
    RETREAT of exactly them (FG-12.5)."""
    from app_helpers import click, click_item

    for seed in range(60):
        session = Session.new(
            RULES, VIEW, {"players": 2}, seed, ["human", "human"], app.store, ai_pause=0.0
        )
        rng = Rng(seed)
        while not session.is_over() and not (
            session.state.step == "RETREAT" and len(RULES.legal_actions(session.state)) > 2
        ):
            legal = RULES.legal_actions(session.state)
            session.play_human(legal[rng.below(len(legal))])
        if not session.is_over():
            break
    else:
        pytest.fail("no retreat with a choice of units")
    session.take_screen(RULES.to_act(session.state))
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    legal = session.my_legal_actions()
    both = max(legal, key=lambda a: len(a.args))
    assert len(both.args) == 2
    stand = table.option_buttons[-1]
    assert stand.enabled and stand.label == "Stand: retreat no unit"
    first, second = both.args
    click_item(app, table, ("unit", second))
    click_item(app, table, ("unit", first))
    assert table.menu is None
    assert table.marks(None)[("unit", first)] == "chosen"
    confirm = table.option_buttons[-1]
    assert confirm.label == VIEW.action_label(table.obs, both)
    before = len(session.match.record.actions)
    click(app, confirm.rect)
    assert session.match.record.actions[before] == str(both)


def test_fg_the_draft_is_played_by_keyboard_too(app):
    """The number keys pick the draft's cards from the left (again: put back) and Enter
    confirms: the same KEEP as the clicks."""
    import pygame
    from app_helpers import press

    table = _draft_table(app)
    s = table.session
    group = table.obs["sides"][0]["group"]
    press(app, pygame.K_1, "1")
    press(app, pygame.K_2, "2")
    press(app, pygame.K_2, "2")  # put back
    press(app, pygame.K_3, "3")
    assert set(table.picked) == {("group", group[0]), ("group", group[2])}
    press(app, pygame.K_RETURN)
    expected = {group[0], group[2]}
    assert len(s.match.record.actions) == 1
    assert set(s.match.record.actions[0].split()[2:]) == expected
