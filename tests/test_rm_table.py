"""Runes of Mayhem by mouse: whole games of each seat made with clicks only."""

from __future__ import annotations

import pytest
from app_helpers import (
    assert_clicks_read_apart,
    click,
    click_item,
    make_app,
    play_humans_by_mouse,
    post_click,
    run_until,
    see_results,
    widget,
)

from game.app.scenes.dialog import Dialog
from game.app.scenes.table import TableScene, click_path
from game.app.session import Session
from game.app.view_registry import get_view
from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.runes_of_mayhem import words
from game.games.runes_of_mayhem.faces import stats_row

RULES = get_rules("runes-of-mayhem")
VIEW = get_view("runes-of-mayhem")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def open_table(app, seats, seed=3, modules=()) -> TableScene:
    session = Session.new(
        RULES, VIEW, {"players": 2, "modules": list(modules)}, seed, seats, app.store, ai_pause=0.0
    )
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    return table


def play_by_clicks(app, table: TableScene, seed: int, limit: int = 4000) -> int:
    """Play every human decision (a seeded random legal one, by clicks) to the end."""
    return play_humans_by_mouse(app, table, seed, lambda: False, limit, steps=limit * 4)


@pytest.mark.parametrize(
    "seats", [["human", "random"], ["random", "human"]], ids=["vikings", "anglo-saxons"]
)
def test_rm_a_whole_game_of_each_seat_by_clicks(app, seats):
    table = open_table(app, seats, seed=5, modules=["L"])
    made = play_by_clicks(app, table, seed=11)
    s = table.session
    assert made >= 10
    assert s.is_over()
    assert RULES.check_invariants(s.state) == []
    mine = "V" if seats[0] == "human" else "A"
    verbs = {a.split(": ")[1].split()[0] for a in s.match.record.actions if a.startswith(mine)}
    assert {"MULL", "TOK", "RE", "END", "DISC"} <= verbs, verbs


def test_rm_hotseat_two_people_play_a_whole_game_handing_over_the_screen(app):
    table = open_table(app, ["human", "human"], seed=9)
    made = play_by_clicks(app, table, seed=4)
    s = table.session
    assert made > 40
    assert s.is_over()
    assert RULES.check_invariants(s.state) == []
    see_results(app, seconds=20)  # the final table, then the results on its button


def test_rm_menus_read_apart_and_every_item_has_a_tooltip_with_a_rule():
    for seed in range(3):
        state = RULES.new_game(RULES.default_config(2), seed)
        rng = Rng(seed)
        steps = 0
        while not RULES.is_over(state) and steps < 700:
            seat = RULES.to_act(state)
            obs = RULES.observation(state, seat)
            items = VIEW.items(obs)
            keys = {i.key for i in items}
            assert len(keys) == len(items)
            assert all(i.tooltip for i in items), [i.key for i in items if not i.tooltip]
            for i in items:
                if i.key[0] in (
                    "fort",
                    "wall",
                    "pile",
                    "discard",
                    "gold",
                    "faith",
                    "col",
                    "dice",
                    "handzone",
                ):
                    assert "RM-" in i.tooltip, (i.key, i.tooltip)
                if i.key[0] == "cell" and i.key[1] in obs["cells"]:
                    assert "RM-" in i.tooltip and "trength" in i.tooltip, i.tooltip
            assert_clicks_read_apart(VIEW, RULES, state, obs, keys, max_buttons=3)
            text, rule = words.prompt(obs)
            assert text and rule and rule.startswith("RM-"), (obs["step"], text, rule)
            other = words.prompt(RULES.observation(state, 1 - seat))
            assert other[0] and other[1].startswith("RM-")
            assert VIEW.status(obs)
            RULES.apply(state, RULES.random_action(state, rng))
            steps += 1


def test_rm_every_event_reads_as_english():
    log: list = []
    state = RULES.new_game(RULES.default_config(2), 2, log)
    rng = Rng(2)
    while not RULES.is_over(state):
        RULES.apply(state, RULES.random_action(state, rng), log)
    kinds = set()
    for event in log:
        text = VIEW.describe(event, ["V", "A"])
        kinds.add(event[1])
        if text is not None:
            assert text[0].isupper() or text.startswith(("—", "(")), (event, text)
            assert "=" not in text, (event, text)
            assert text != " ".join(str(v) for v in event[1:]), event
        place = VIEW.event_place(event)
        assert place is None or place[0] == "focus"
    assert {"TURN", "FIGHT", "FALL", "PROD", "WIN"} <= kinds


def test_rm_tooltips_cite_card_numbers_text_and_rules():
    tip = words.card_tip("V-BJO#1")
    assert "strength 5, life 6" in tip and "4 damage" in tip and "RM-16.6" in tip
    assert "RM-16.5" in words.card_tip("V-RDR#2")
    assert "Heal 2" in words.card_tip("A-CPR#1")
    assert words.card_label("V-AXE#3") == "Axemen 2/2"
    assert words.place_name("A21") == "Anglo-Saxon column 2, row 1"


def test_rm_results_name_sp_and_why(app):
    state = RULES.new_game(RULES.default_config(2), 8)
    rng = Rng(4)
    while not RULES.is_over(state):
        RULES.apply(state, RULES.random_action(state, rng))
    rows = VIEW.results(RULES.open_observation(state))
    assert [r[0] for r in rows] == ["Vikings", "Anglo-Saxons"]
    for p, row in enumerate(rows):
        assert row[1] == f"{state.strength_points[p]} of {state.strength_limit[p]} SP"
    if state.winner is not None:
        assert rows[state.winner][2].startswith("Wins")
        assert "RM-17" in rows[state.winner][2]


def test_rm_17_4_the_person_to_act_concedes_from_the_table_menu(app):
    table = open_table(app, ["human", "random"], seed=5)
    click(app, table.menu_button.rect)
    assert isinstance(app.top, Dialog)
    click(app, widget(app.top, "Concede").rect)
    click(app, widget(app.top, "Concede").rect)  # "Concede?" asked once more
    run_until(app, lambda: RULES.is_over(table.session.state))
    state = table.session.state
    assert RULES.winners(state) == [1] and state.end == "CONCEDED"
    assert str(table.session.match.record.actions[-1]) == "V: CONCEDE"
    rows = VIEW.results(RULES.open_observation(state))
    assert "conceded (RM-17.4)" in rows[1][2]


def test_rm_17_4_only_a_person_concedes_and_only_at_his_decision(app):
    session = Session.new(
        RULES, VIEW, {"players": 2, "modules": []}, 5, ["random", "human"], app.store, ai_pause=0.0
    )
    assert session.to_act() == 0 and session.concession() is None  # the computer decides
    hand = ",".join(sorted(session.state.hand[0])[:1])
    session.match.play(f"V: MULL {hand}")
    assert str(session.concession()) == "A: CONCEDE"


def test_rm_the_view_offers_the_modules_and_the_engine_judges_them():
    keys = [o.key for o in VIEW.setup_options(2)]
    assert keys == [f"mod_{m}" for m in ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")]
    assert all("(RM-" in o.caption for o in VIEW.setup_options(2))
    assert VIEW.config(2, {}) == {"players": 2, "modules": []}
    assert VIEW.config(2, {"mod_L": True})["modules"] == ["L"]
    RULES.new_game(VIEW.config(2, {"mod_L": True}), 1)


def test_rm_screens_draw_at_two_sizes_without_errors(tmp_path):
    for size in ((1280, 800), (1920, 1080)):
        a = make_app(tmp_path / f"{size[0]}", size=size)
        try:
            table = open_table(a, ["random", "random"], seed=6)
            run_until(
                a,
                lambda t=table: len(t.session.match.record.actions) > 80 or t.session.is_over(),
                seconds=60,
            )
            for item in table.items[::7]:  # tooltips over the board
                x, y, w, h = item.rect
                a.mouse = (x + w / 2, y + h / 2)
                a.draw()
            assert a.screen.get_size() == size
        finally:
            a.close()


def test_rm_set_up_screen_offers_each_module_and_shows_the_engines_refusal(app):
    from game.app.scenes.dialog import Dialog
    from game.app.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.reset(setup)
    setup.set_game("runes-of-mayhem")
    captions = [getattr(w, "caption", "") for w in setup.widgets]
    for m in ("K ", "X1 ", "X4 ", "X5 ", "X6 ", "X7 ", "L "):
        assert any(c.startswith(m) for c in captions), m
    choices = [w for w in setup.widgets if type(w).__name__ != "GameTile"]  # not the tiles
    assert all(w.rect[1] + w.rect[3] <= 700 for w in choices if w.rect[1] < 700)  # of the left
    # column (down to the window's foot): the choices end above the buttons
    setup.options["mod_X4"] = True  # X4 needs K (RM-3.1)
    setup.build()
    setup.start()
    app.step()
    assert isinstance(app.stack[-1], Dialog)
    assert "X4" in app.stack[-1].text and "RM-3.1" in app.stack[-1].text
    assert not any(isinstance(s, TableScene) for s in app.stack)


ALL_MODULES = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]


def test_rm_with_every_module_menus_read_apart_and_module_items_have_tips():
    seen_kinds = set()
    for seed in range(2):
        state = RULES.new_game({"players": 2, "modules": ALL_MODULES}, seed)
        rng = Rng(seed)
        steps = 0
        while not RULES.is_over(state) and steps < 600:
            seat = RULES.to_act(state)
            for viewer in (seat, 1 - seat):
                obs = RULES.observation(state, viewer)
                items = VIEW.items(obs)
                assert all(i.tooltip for i in items), [i.key for i in items if not i.tooltip]
                seen_kinds |= {i.key[0] for i in items}
            obs = RULES.observation(state, seat)
            keys = {i.key for i in VIEW.items(obs)}
            assert_clicks_read_apart(VIEW, RULES, state, obs, keys)
            text, rule = words.prompt(obs)
            assert text and rule.startswith("RM-"), (obs["step"], text)
            RULES.apply(state, RULES.random_action(state, rng))
            steps += 1
    assert {"lodge", "traps", "towers", "king"} <= seen_kinds


def test_rm_every_module_event_reads_as_english():
    log: list = []
    for seed in range(3):
        state = RULES.new_game({"players": 2, "modules": ALL_MODULES}, seed, log)
        rng = Rng(seed)
        while not RULES.is_over(state):
            RULES.apply(state, RULES.random_action(state, rng), log)
    for event in log:
        text = VIEW.describe(event, ["V", "A"])
        if text is not None:
            assert text != " ".join(str(v) for v in event[1:]), event
            assert "=" not in text, (event, text)
            assert ".." not in text, (event, text)  # a King's text ends a log line once


def test_rm_a_game_with_the_modules_by_clicks(app):
    modules = ["K", "X4", "X5", "X6", "X7"]
    table = open_table(app, ["human", "human"], seed=12, modules=modules)
    made = play_by_clicks(app, table, seed=8)
    s = table.session
    assert made > 20 and s.is_over()
    assert RULES.check_invariants(s.state) == []


@pytest.mark.parametrize(
    "seats", [["human", "greedy"], ["greedy", "human"]], ids=["vikings", "anglo-saxons"]
)
def test_rm_a_whole_game_with_every_module_by_clicks_against_the_computer(app, seats):
    table = open_table(app, seats, seed=21, modules=ALL_MODULES)
    made = play_by_clicks(app, table, seed=6)
    s = table.session
    assert made > 10 and s.is_over()
    assert RULES.check_invariants(s.state) == []
    mine = "V" if seats[0] == "human" else "A"
    verbs = {a.split(": ")[1].split()[0] for a in s.match.record.actions if a.startswith(mine)}
    assert {"DECK", "KING", "END"} <= verbs, verbs  # the set-up's choices and Main phases


def test_rm_cards_show_the_engines_current_strength_and_life():
    from game.games.runes_of_mayhem.table_facts import current

    modules = ["K", "X4", "X5", "X6", "X7"]
    for config in ({"players": 2}, {"players": 2, "modules": modules}):
        state = RULES.new_game(config, 3)
        rng = Rng(3)
        while not RULES.is_over(state):
            for seat in (0, 1):
                obs = RULES.observation(state, seat)
                for card in obs["units"]:
                    assert current(obs, card) == (
                        RULES.cur_s(state, card),
                        RULES.cur_l(state, card),
                    ), card
            RULES.apply(state, RULES.random_action(state, rng))


def test_rm_all_cards_open_shows_both_hands_traps_and_towers():
    state = RULES.new_game({"players": 2, "modules": ALL_MODULES}, 3)
    rng = Rng(3)
    while not (
        state.module_data["traps"] and any(not w[1] for w in state.module_data["towers"].values())
    ):
        assert not RULES.is_over(state)
        RULES.apply(state, RULES.greedy_action(state, RULES.legal_actions(state), rng))
    opened = RULES.open_observation(state)
    assert opened["open_hands"] == [list(h) for h in state.hand]
    assert opened["module_data"]["traps"] == state.module_data["traps"]  # no "?" left
    assert [w[0] for w in opened["module_data"]["towers"].values()] == [
        w[0] for w in state.module_data["towers"].values()
    ]
    me = opened["seat"]
    other = {i.key[1] for i in VIEW.items(opened) if i.key[0] == "ohand"}
    assert other == set(state.hand[1 - me]) and other
    # a seat's own view keeps them hidden
    seen = RULES.observation(state, 1)
    assert "open_hands" not in seen and "?" in seen["module_data"]["traps"].values()


def test_rm_3_forbidden_set_up_refused_in_the_players_language(app):
    # the set-up screen's refusal of L with another module (RM-3.3) and of X4 without K
    # (RM-3.1) reads in Hungarian; a refusal not known here keeps the engine's words
    from game.app import i18n
    from game.app.scenes.dialog import Dialog
    from game.app.scenes.setup import SetupScene
    from game.games.runes_of_mayhem.view import config_problem_words

    try:
        i18n.set_language("hu")
        texts = []
        for on in (("mod_L", "mod_K"), ("mod_X4",)):
            setup = SetupScene(app)
            app.reset(setup)
            setup.set_game("runes-of-mayhem")
            for key in on:
                setup.options[key] = True
            setup.build()
            setup.start()
            app.step()
            assert isinstance(app.stack[-1], Dialog)
            assert not any(isinstance(sc, TableScene) for sc in app.stack)
            texts.append(app.stack[-1].text)
        assert texts[0].startswith("A tanulójáték (L)") and "RM-3.3" in texts[0]
        assert texts[1].startswith("Az X4 modulhoz") and "RM-3.1" in texts[1]
        assert config_problem_words("something new") == "something new"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_rm_card_faces_fit_their_names_and_lodge_cards_tell_their_ability(app, lang):
    import pygame

    from game.app import cards, fonts, i18n
    from game.games.runes_of_mayhem.content import CARDS

    i18n.set_language(lang)
    try:
        for code in CARDS:  # every name whole on a hand card and on a cell's, 12 px or more
            name = words.card_name(code)
            for w in (74, 100):
                size, lines = cards.name_fit(name, w, 1.0)
                assert size >= 12 and 1 <= len(lines) <= 3, (code, size, lines)
                font = fonts.font(size, "display-bold")
                assert all(
                    font.size(x)[0] <= (w - 2 * cards.border(w)) * fonts.SQUEEZE for x in lines
                ), (code, lines)
                assert " ".join(lines).replace("- ", "") == name, (code, lines)
        # RM-23 the Lodge: a mercenary's plate is too small for its keyword at 12 px
        # beside its stats; its tooltip gives the whole ability
        obs = RULES.observation(RULES.new_game({"players": 2, "modules": ["X5"]}, 1), 0)
        lodge = obs["module_data"]["lodge"]
        tips = {i.key: i.tooltip for i in VIEW.items(obs)}
        assert lodge
        for i, card in enumerate(lodge, 1):
            assert words.card_text(card) in tips[("lodge", i)], (card, lang)
    finally:
        i18n.set_language("en")
        pygame.event.clear()


def test_rm_25_a_tower_under_a_unit_is_marked_clear_of_its_name_and_stats():
    state = None
    for seed in range(40):  # a game where a unit comes to stand on a tower's cell
        s = RULES.new_game({"players": 2, "modules": ["X7"]}, seed)
        rng = Rng(seed)
        while not RULES.is_over(s) and state is None:
            if any(c in s.cells for c in s.module_data["towers"]):
                state = s
            else:
                RULES.apply(s, RULES.random_action(s, rng))
        if state is not None:
            break
    assert state is not None
    obs = RULES.observation(state, 0)
    items = {i.key: i.rect for i in VIEW.items(obs)}
    lay = VIEW.layout
    for cell in state.module_data["towers"]:
        x, y, w, h = lay.zone(cell)
        tx, ty, tw, th = items[("tower", cell + "T")]
        inside = x <= tx and tx + tw <= x + w and y <= ty and ty + th <= y + h
        assert inside, cell
        if cell in state.cells:  # below the name and class lines, above the stats row
            assert ty >= y + h * 0.4 and ty + th <= y + h - stats_row(h), cell
        else:
            assert (tx, ty, tw, th) == lay.zone(cell + "T")


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_rm_27_6_each_kings_ability_prints_at_12_px_in_his_panel_and_whole_in_its_tooltip(
    app, lang
):
    """A King's card beside his Fortress prints his ability at 12 px (ART.md) in the room
    right of his portrait, whole or ending in "…"; his tooltip has it whole (RM-27.6)."""
    from game.app import cards, fonts, i18n
    from game.games.runes_of_mayhem.content import KINGS

    i18n.set_language(lang)
    try:
        for side in ("A", "V"):
            x, y, w, h = VIEW.layout.zone(f"{side}_king")
            room_w, room_h = app.vp.size(w - 6 - 48), app.vp.size(h - 22)
            for king, (_, sides) in KINGS.items():
                for s in sides:
                    text = words.king_side_text(king, s)
                    size, lines = cards.text_fit(text, room_w, room_h, app.vp.scale)
                    assert size == 12 and lines, (king, s)
                    assert 13.8 * (len(lines) - 1) + size <= room_h + 2, (king, s, lines)
                    assert all(fonts.font(size).size(x)[0] <= room_w for x in lines)
                    assert " ".join(lines) == " ".join(text.split()) or lines[-1].endswith("…"), (
                        king,
                        s,
                        lines,
                    )
        obs = RULES.observation(RULES.new_game({"players": 2, "modules": ["K"]}, 2), 0)
        tips = {i.key: i.tooltip for i in VIEW.items(obs)}
        for p, sd in enumerate(("V", "A")):
            king, _sep, s = str(obs["module_data"]["kings"][p]).partition("/")
            if s:
                assert words.king_side_text(king, s) in tips[("king", sd)]
    finally:
        i18n.set_language("en")


def test_rm_a_side_as_a_player_reads_in_the_nominative_in_polish():
    from game.app import i18n

    obs = RULES.observation(RULES.new_game({"players": 2, "modules": []}, 1), 0)
    i18n.set_language("pl")
    try:  # "Anglosas wygrywa!", "Ruch: Wiking"; the Wall stays "Mur Anglosasów"
        assert [VIEW.seat_label(obs, s) for s in (0, 1)] == ["Wiking", "Anglosas"]
        assert i18n._("{name} wins!").format(name=VIEW.seat_label(obs, 1)) == "Anglosas wygrywa!"
        assert words.side_adj("A") == "Anglosasów"
        i18n.set_language("hu")
        assert [VIEW.seat_label(obs, s) for s in (0, 1)] == ["Viking", "Angolszász"]
    finally:
        i18n.set_language("en")
    assert [VIEW.seat_label(obs, s) for s in (0, 1)] == ["Viking", "Anglo-Saxon"]


def test_rm_24_a_trap_under_a_unit_is_labelled_clear_of_its_stats(app):
    session = None
    for seed in range(60):  # a game where a unit comes to stand on a trapped cell (RM-24)
        match_state = RULES.new_game({"players": 2, "modules": ["X6"]}, seed)
        rng = Rng(seed)
        actions = []
        while not RULES.is_over(match_state):
            if any(c in match_state.cells for c in match_state.module_data["traps"]):
                session = Session.new(
                    RULES,
                    VIEW,
                    {"players": 2, "modules": ["X6"]},
                    seed,
                    ["human", "human"],
                    app.store,
                    ai_pause=0.0,
                )
                for a in actions:
                    session._play(a)
                break
            a = RULES.random_action(match_state, rng)
            actions.append(a)
            RULES.apply(match_state, a)
        if session is not None:
            break
    assert session is not None
    app.reset(TableScene(app, session))
    app.draw()
    state = session.state
    trapped = [c for c in state.module_data["traps"] if c in state.cells]
    assert trapped
    for cell in trapped:
        x, y, w, h = VIEW.layout.zone(cell)
        row_h = stats_row(h)  # the unit's strength / life row
        r = app.vp.rect((x + 2, y + h - row_h, w - 4, row_h - 2))
        pixels = {
            tuple(app.screen.get_at((i, j)))[:3]
            for i in range(r.x, r.right)
            for j in range(r.y, r.bottom)
        }
        assert (110, 30, 30) not in pixels, cell  # the trap label's red
        r = app.vp.rect((x + 2, y + h - row_h - 18, 40, 16))  # just above it: the label
        pixels = {
            tuple(app.screen.get_at((i, j)))[:3]
            for i in range(r.x, r.right)
            for j in range(r.y, r.bottom)
        }
        assert (110, 30, 30) in pixels, cell


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_rm_11_4_a_fortress_shows_its_sp_clear_of_its_protection_at_every_size(app, lang):
    """The Fortress as drawn: its SP (the widest figures, 44 / 44) fitted to the panel's
    width, inside the panel and clear of its protection (the shield and its words), with
    the King's panel beside it (K) and without (the Fortress takes its place)."""
    import pygame

    from game.app import i18n, paint
    from game.app.viewport import Viewport

    i18n.set_language(lang)
    try:
        for modules in ([], ["K"]):
            state = RULES.new_game({"players": 2, "modules": modules}, 3)
            obs = RULES.observation(state, 0)
            obs["strength_points"], obs["strength_limit"], obs["protections"] = (
                [44, 44],
                [44, 44],
                [3, 3],
            )
            score = i18n._("{sp} / {limit} SP").format(sp=44, limit=44)
            for size in ((1280, 720), (1280, 800), (1920, 1080), (2560, 1440)):
                vp = Viewport.fit(*size)
                seen = []
                text = paint.text

                def spy(surf, vp_, words, *args, _text=text, _seen=seen, **kw):
                    rect = _text(surf, vp_, words, *args, **kw)
                    _seen.append((words, rect))
                    return rect

                paint.text = spy
                try:
                    VIEW._draw_fort(pygame.Surface(size), vp, obs, 1)
                finally:
                    paint.text = text
                panel = vp.rect(VIEW.zone(obs, "AF"))
                sp = [r for w, r in seen if w == score]
                guard = [r for w, r in seen if w != score and ("3" in w)]
                assert len(sp) == 1 and guard, (modules, size, seen)
                assert panel.contains(sp[0]), (modules, size, sp[0], panel)
                assert sp[0].h >= vp.text_px(13), (modules, size, sp[0])  # not squeezed
                for r in guard:
                    assert not sp[0].colliderect(r), (modules, size, sp[0], r)
                    assert panel.contains(r), (modules, size, r, panel)
                if "K" in modules:  # beside the shield on the right
                    assert sp[0].right <= vp.point(panel_right(VIEW, obs) - 30, 0)[0] + 1
    finally:
        i18n.set_language("en")


def panel_right(view, obs) -> float:
    x, _y, w, _h = view.zone(obs, "AF")
    return x + w


def test_rm_10_a_units_tags_sit_above_its_stats_clear_of_its_ability_text(app):
    from game.app import theme

    session = Session.new(
        RULES, VIEW, {"players": 2, "modules": []}, 4, ["human", "human"], app.store, ai_pause=0.0
    )
    rng = Rng(4)
    while not (session.state.step == "RESOLVE" and session.state.combat.get("attacker")):
        legal = RULES.legal_actions(session.state)
        assert session.play_human(legal[rng.below(len(legal))])
    app.reset(TableScene(app, session))
    app.draw()
    attacker = session.state.combat["attacker"]  # tagged "attacking" (RM-10.4)
    cell = next(c for c, card in session.state.cells.items() if card == attacker)
    x, y, w, h = VIEW.layout.zone(cell)
    rows = {
        j
        for i in range(int(x), int(x + w))
        for j in range(int(y), int(y + h))
        if tuple(app.screen.get_at(app.vp.point(i, j)))[:3] == theme.ACCENT[:3]
    }
    assert rows  # the tag is drawn
    assert min(rows) >= y + h * 0.55 and max(rows) < y + h - stats_row(h), cell


def test_rm_25_7_a_face_down_tower_shows_its_sp_to_its_builder_only():
    from game.games.runes_of_mayhem.faces import tower_label

    state = RULES.new_game({"players": 2, "modules": ["X7"]}, 3)
    rng = Rng(3)
    while not any(not w[1] for w in state.module_data["towers"].values()):  # one being built
        RULES.apply(state, RULES.random_action(state, rng))
    cell = next(c for c, w in state.module_data["towers"].items() if not w[1])
    sp = state.module_data["towers"][cell][2]
    viking, builder = (RULES.observation(state, p)["module_data"]["towers"][cell] for p in (0, 1))
    assert tower_label(viking) == "T?" and tower_label(builder) == str(sp)
    while not state.module_data["towers"][cell][1]:  # to its Production phase (RM-25.4)
        RULES.apply(state, RULES.random_action(state, rng))
    up = RULES.observation(state, 0)["module_data"]["towers"][cell]
    assert tower_label(up) == str(state.module_data["towers"][cell][2])  # face up: to both sides


def test_rm_8_2_a_person_arranges_several_units_then_plays_the_whole_line(app):
    table = open_table(app, ["human", "random"], seed=5, modules=["L"])
    s = table.session

    def ready():  # the Viking reorganizes with two units or more on the Battlefield
        st = s.state
        return (st.step == "RE" and s.to_act() == 0 and not st.tokens_to_return
                and sum(1 for c in st.cells if c[0] == "V") >= 2)  # fmt: skip

    play_humans_by_mouse(app, table, 11, ready, limit=4000, steps=16000)
    assert ready()
    table.refresh()
    before = list(s.match.record.actions)
    start = dict(s.state.cells)

    def click_step(step):
        for key in click_path(table.view, table.obs, step):
            assert key in table.targets, (str(step), key)
            click_item(app, table, key)

    first = next(a for a in s.my_legal_actions() if a.arg != "-" and " " not in a.arg
                 and not a.arg.endswith("W"))  # fmt: skip
    click_step(first)
    assert table.building == first and s.match.record.actions == before  # not played yet
    card, dest = first.arg.split("@")
    assert table.obs["cells"][dest] == card  # the board shows the line being built
    step, whole = next((st, w) for st, w in table.built[1] if card not in st.arg)
    click_step(step)
    assert table.building == whole and len(whole.arg.split(" ")) >= 2
    assert s.match.record.actions == before
    click(app, widget(table, "Start again").rect)  # every move not yet played taken back
    assert table.building is None and table.obs["cells"] == s.observation()["cells"]
    click_step(first)
    click_step(step)
    post_click(app, (100, 100), button=3)  # a right click takes them back too
    app.step()
    assert table.building is None
    click_step(first)
    click_step(step)
    click(app, widget(table, "Done: play these moves").rect)
    assert s.match.record.actions[len(before)] == str(whole)
    assert s.state.step != "RE" or s.to_act() != 0
    for part in whole.arg.split(" "):
        c, d = part.split("@")
        assert d.endswith("W") and c in s.state.wall[0] or s.state.cells.get(d) == c
    assert s.state.cells != start


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_rm_15_the_top_of_each_discard_pile_stays_in_its_panel_at_960x600(tmp_path, lang):
    from app_helpers import drawn_texts

    from game.app import i18n
    from game.games.runes_of_mayhem.content import deck_of

    small = make_app(tmp_path, size=(960, 600))
    i18n.set_language(lang)
    try:
        table = open_table(small, ["human", "human"], seed=3)
        s = table.session.state
        top = words.card_label
        obs = RULES.observation(s, 0)
        for p, side in enumerate("VA"):
            # the base game: no trap or tower deck, so each discard pile has their row too
            # (view.zone) and shows its top card's face beside its name
            zone = small.vp.rect(VIEW.zone(obs, f"{side}_discard"))
            assert zone.h > small.vp.size(VIEW.layout.zone(f"{side}_discard")[3] + 40)
            title = i18n._("Discard: {n}").format(n=1)
            for card in sorted({c.split("#")[0] + "#1" for c in deck_of(p)}):
                s.discard[p] = [card]
                table._cache_key = None
                table.refresh()
                seen = drawn_texts(small)
                inside = [t for t, r in seen if zone.contains(r) and t != title]
                line = i18n._("top: {card}").format(card=top(card))
                assert " ".join(inside) == line, (lang, card, inside, zone)
    finally:
        i18n.set_language("en")
        small.close()


PANELS = {
    "fort",
    "king",
    "wall",
    "handzone",
    "pile",
    "discard",
    "gold",
    "faith",
    "col",
    "dice",
    "lodge",
    "lodgedeck",
    "traps",
    "towers",
    "cell",
}


@pytest.mark.parametrize(
    "modules",
    [[], ["K"], ["X5"], ["X6"], ["X7"], ALL_MODULES],
    ids=["base", "K", "X5", "X6", "X7", "all"],
)
def test_rm_3_panels_only_for_modules_in_play_and_their_room_to_what_is(modules):
    """RM-3: a module that is off has no panel on the table; the panels that are drawn lie
    apart on the board, and a module's room goes to the Fortress (K) or the piles (X6,
    X7) of its side."""
    obs = RULES.observation(RULES.new_game({"players": 2, "modules": modules}, 2), 0)
    items = [i for i in VIEW.items(obs) if i.key[0] in PANELS]
    kinds = {i.key[0] for i in items}
    for kind, module in (
        ("king", "K"),
        ("lodge", "X5"),
        ("lodgedeck", "X5"),
        ("traps", "X6"),
        ("towers", "X7"),
    ):
        assert (kind in kinds) == (module in modules), (kind, modules)
    lay = VIEW.layout
    for i, a in enumerate(items):
        ax, ay, aw, ah = a.rect
        assert ax >= 0 and ax + aw <= 936 and ay >= 0 and ay + ah <= 800, a.key
        for b in items[i + 1 :]:
            bx, by, bw, bh = b.rect
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a.key, b.key)
    rects = {i.key: i.rect for i in items}
    for sd in "VA":  # without Kings the Fortress spans its own and its King's place
        fort, king = lay.zone(sd + "F"), lay.zone(sd + "_king")
        top, bottom = min(fort[1], king[1]), max(fort[1] + fort[3], king[1] + king[3])
        assert rects[("fort", sd)] == (
            fort if "K" in modules else (fort[0], top, fort[2], bottom - top)
        ), sd
    for sd, deck, module in (("A", "A_towers", "X7"), ("V", "V_traps", "X6")):
        spans = [rects[(k, sd)] for k in ("pile", "discard", "gold", "faith")]
        low = min(r[1] for r in spans)
        high = max(r[1] + r[3] for r in spans)
        d = lay.zone(deck)
        if module in modules:  # the deck's own row
            assert d[1] >= high or d[1] + d[3] <= low, sd
        else:  # the piles and cards fill the deck's row too
            assert low <= d[1] and high >= d[1] + d[3], sd
            assert rects[("pile", sd)][3] > lay.zone(sd + "_pile")[3] + 40, sd


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_rm_board_words_lie_apart_at_150_percent(tmp_path, size):
    """At the largest text size the board's words grow where their panel has the room
    and never run into each other: a panel's title and its figure (Fortress and SP, a
    pile and its count, a column and its state, the Lodge's deck and its count, a unit's
    two tags) stay apart, in all three languages, with every panel drawn."""
    import traceback

    import pygame

    from game.app import i18n, paint
    from game.core.agents import make_agent
    from game.core.match import Match

    for lang in ("en", "hu", "pl"):
        app = make_app(tmp_path / lang, size=size, lang=lang)
        app.settings.ui_scale = 1.5
        app.apply_settings()
        try:
            for modules in (["K", "X2", "X3", "X4", "X5", "X6"], ["K", "X5", "X7"], []):
                match = Match.new(
                    RULES, {"players": 2, "modules": modules}, 7, ["human", "ai:easy"]
                )
                agents = [make_agent("greedy", 11 + s, RULES) for s in range(2)]
                while not RULES.is_over(match.state):
                    obs = RULES.observation(match.state, 0)
                    if obs["turn"] >= 7 and obs["step"] == "MAIN" and obs["active"] == 0:
                        break
                    seat = match.to_act()
                    obs = RULES.observation(match.state, seat)
                    match.play(agents[seat].choose(RULES, obs, RULES.legal_actions(match.state)))
                session = Session.load(RULES, VIEW, match.record, None, ai_pause=0.0)
                app.reset(TableScene(app, session))
                app.step()
                seen = []
                text = paint.text

                def spy(surf, vp, words, *args, _text=text, _seen=seen, **kw):
                    rect = _text(surf, vp, words, *args, **kw)
                    stack = traceback.extract_stack(limit=8)[:-1]
                    board = any("runes_of_mayhem" in f.filename for f in stack)
                    if board and stack[-1].name != "text_in" and words.strip():
                        _seen.append((words, pygame.Rect(rect)))
                    return rect

                VIEW._picture = paint.Picture()  # the board drawn anew, seen by the spy
                paint.text = spy
                try:
                    app.draw()
                finally:
                    paint.text = text
                assert len(seen) > 30
                for i, (w1, r1) in enumerate(seen):
                    for w2, r2 in seen[i + 1 :]:
                        assert not r1.colliderect(r2.inflate(-2, -2)), (lang, modules, w1, w2)
        finally:
            app.close()
            i18n.set_language("en")


def test_rm_12_6_a_play_without_its_direct_shot_is_a_second_click_on_its_place(app):
    """Archers played onto the Battlefield may shoot (RM-12.6): after the card and its
    place the targets are highlighted, and a second click on the place plays it without
    a shot; no menu of one line covers the board."""
    from game.core.agents import make_agent
    from game.core.match import Match
    from game.games.runes_of_mayhem.content import CARDS, code

    def archer_to_play(obs) -> bool:
        return (
            obs["step"] == "MAIN"
            and obs["active"] == obs["seat"] == 0
            and any(
                CARDS[code(c)][1] == "RANGED"
                and CARDS[code(c)][5] <= obs["gold"][0]
                and CARDS[code(c)][6] <= obs["faith"][0]
                for c in obs["hand"]
            )
            and obs["cells"]
        )

    match = Match.new(RULES, {"players": 2, "modules": []}, 7, ["human", "ai:easy"])
    agents = [make_agent("greedy", 11 + s, RULES) for s in range(2)]
    while not archer_to_play(RULES.observation(match.state, 0)):
        assert not RULES.is_over(match.state)
        seat = match.to_act()
        obs = RULES.observation(match.state, seat)
        match.play(agents[seat].choose(RULES, obs, RULES.legal_actions(match.state)))
    session = Session.load(RULES, VIEW, match.record, app.store, ai_pause=0.0)
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    plays = [
        str(a)
        for a in session.my_legal_actions()
        if str(a).startswith("V: PLAY ")
        and CARDS[code(str(a).split()[2].split("@")[0])][1] == "RANGED"
        and not str(a).split("@")[1].endswith("W")
    ]
    plain = next(a for a in plays if " " not in a.split("@")[1])
    card, place = plain.split()[2].split("@")
    assert any(a.startswith(plain + " DS>") for a in plays)  # a shot may follow
    click_item(app, table, ("hand", card))
    click_item(app, table, ("cell", place))
    assert table.menu is None and str(table.again()) == plain
    assert ("fort", "A") in table.targets  # the shots' targets highlighted
    assert "again" in table.prompt_texts(app.vp_for(table))[0][0]
    before = len(session.match.record.actions)
    click_item(app, table, ("cell", place))
    assert session.match.record.actions[before:] == [plain]


def test_rm_14_2_tokens_moved_are_counted_on_a_stepper_not_listed():
    """Clicking a production card offers "Move 1 .. n tokens" (RM-14.2): the view gives
    them to the table's count stepper; other choices stay a list."""
    moves = [f"V: MOVE g>f {n}" for n in (3, 1, 2)]
    assert [(n, str(a)) for n, a in VIEW.stepper({}, moves)] == [
        (1, "V: MOVE g>f 1"),
        (2, "V: MOVE g>f 2"),
        (3, "V: MOVE g>f 3"),
    ]
    assert VIEW.stepper({}, ["V: MOVE g>f 1", "V: MOVE f>g 1"]) is None
    assert VIEW.stepper({}, ["V: PLAY V-SPR#1@V11", "V: PLAY V-SPR#1@V12"]) is None
