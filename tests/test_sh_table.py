"""Stronghold by mouse: every decision of a round, for each role, made with clicks only."""

from __future__ import annotations

import pytest
from app_helpers import (
    click,
    click_item,
    make_app,
    play_by_mouse,
    play_humans_by_mouse,
    run_until,
)

from game.app.scenes.table import TableScene, click_path
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


def open_table(app, seats, seed=3, players=None) -> TableScene:
    config = {"players": players or len(seats)}
    session = Session.new(RULES, VIEW, config, seed, seats, app.store, ai_pause=0.0)
    table = TableScene(app, session)
    app.reset(table)
    app.step()
    return table


def play_round_by_mouse(app, table: TableScene, seed: int, rounds: int = 1) -> int:
    """Play every human decision until ``rounds`` rounds are over; the number of clicks."""
    s = table.session
    end = max(s.state.round, 1) + rounds  # the set-up belongs to round 1
    return play_humans_by_mouse(app, table, seed, lambda: s.state.round >= end, steps=4000)


@pytest.mark.parametrize(
    "seats", [["human", "random"], ["random", "human"]], ids=["invader", "defender"]
)
def test_sh_one_round_of_each_role_by_clicks(app, seats):
    table = open_table(app, seats)
    made = play_round_by_mouse(app, table, seed=11)
    s = table.session
    assert made > 5
    assert s.state.round >= 2 or s.is_over()
    assert RULES.check_invariants(s.state) == []


def test_sh_three_and_four_players_hotseat_round_by_clicks(app):
    for seats in (["human", "human", "random"], ["human", "random", "human", "human"]):
        table = open_table(app, seats, seed=7)
        made = play_round_by_mouse(app, table, seed=5)
        assert made > 5
        assert table.session.state.round >= 2 or table.session.is_over()
        assert RULES.check_invariants(table.session.state) == []


def test_sh_a_two_click_move_can_be_taken_back_with_a_right_click(app):
    table = open_table(app, ["human", "random"])
    s = table.session
    moves = []
    for _ in range(200):  # reach the first mobilisation move
        run_until(app, lambda: s.human_to_act() or s.is_over(), seconds=20)
        table.refresh()
        legal = s.my_legal_actions()
        moves = [a for a in legal if a.verb == "MOVE"]
        if moves or not legal:
            break
        pick = [a for a in legal if a.verb in ("MINOR", "PASS", "CARD", "NOFLIP")] or legal
        play_by_mouse(app, table, pick[0])
    assert moves, "no mobilisation reached"
    table.refresh()
    first = click_path(VIEW, table.obs, moves[0])[0]
    before = list(s.match.record.actions)
    click_item(app, table, first)
    assert table.chosen == (first,)
    assert all(key[0] == "space" for key in table.targets)
    click_item(app, table, first, button=3)
    assert table.chosen == () and table.menu is None
    assert s.match.record.actions == before


def test_sh_screens_show_the_board_without_errors(app):
    table = open_table(app, ["random", "random"], seed=4)
    run_until(
        app,
        lambda: len(table.session.match.record.actions) > 120 or table.session.is_over(),
        seconds=60,
    )
    surf = app.screen
    assert surf.get_size() == (1280, 800)
    # the ground art is drawn: the board's corner is not the plain felt colour
    assert surf.get_at((20, 790))[:3] != (44, 62, 48)


def test_sh_skip_lets_the_computer_seats_play_on_without_the_pause(app):
    session = Session.new(
        RULES, VIEW, {"players": 2}, 3, ["random", "human"], app.store, ai_pause=30.0
    )
    table = TableScene(app, session)
    app.reset(table)
    run_until(app, lambda: len(session.match.record.actions) >= 1, seconds=20)
    played = len(session.match.record.actions)
    assert not session.human_to_act()
    skip = [b for b in table.option_buttons if b.label.startswith("Skip")]
    assert len(skip) == 1
    click(app, skip[0].rect)
    assert session.skipping
    # with a 30 s pause, only skipping lets the Invader play on to the Defender's turn
    run_until(app, lambda: session.human_to_act(), seconds=20)
    assert len(session.match.record.actions) > played + 1
    assert not session.skipping


def test_sh_20_a_round_ends_with_its_summary_over_the_board_until_a_click(app):
    session = Session.new(
        RULES, VIEW, {"players": 2}, 4, ["random", "random"], app.store, ai_pause=0.0
    )
    table = TableScene(app, session)
    app.reset(table)
    run_until(app, lambda: session.summary is not None or session.is_over(), seconds=60)
    assert session.summary is not None, "seed 4 plays at least one whole round"
    title, text, _when = session.summary
    ended = [e for e in session.events if e[1] == "ROUND-END"]
    assert title == f"End of round {ended[0][2]}"
    assert f"Glory: Invader {ended[0][3]}, Defender {ended[0][4]}." in text
    assert "Invader losses:" in text and "Defender losses:" in text
    session.agents = {}  # nobody moves on: the summary stays until the click
    session.summary = (title, text, session.clock())
    assert table.summary_shown()
    from game.app.scenes.table import SUMMARY_RECT

    click(app, SUMMARY_RECT)
    assert session.summary is None and not table.summary_shown()


def test_sh_21_results_name_the_winner_the_deeds_and_the_rounds():
    rules = RULES
    state = rules.new_game(rules.default_config(2), 8)
    rng = Rng(4)
    while not rules.is_over(state):
        rules.apply(state, rules.random_action(state, rng))
    rows = VIEW.results(rules.open_observation(state))
    assert [r[0] for r in rows] == ["Invader", "Defender"]
    assert rows[0][1] == f"{state.glory[0]} glory" and rows[1][1] == f"{state.glory[1]} glory"
    winner_row = rows[0] if state.winner == "I" else rows[1]
    assert "victory" in winner_row[2].lower() or "wins" in winner_row[2].lower()
    assert f"Rounds played: {state.round} of 10" in rows[1][2]


def test_sh_every_space_has_a_tooltip_and_pieces_cite_their_rule():
    rules = RULES
    state = rules.new_game(rules.default_config(2), 8)
    rng = Rng(4)
    for _ in range(150):
        rules.apply(state, rules.random_action(state, rng))
    obs = rules.observation(state, 1)
    tips = {item.key[1]: item.tooltip for item in VIEW.items(obs)}
    assert all(tips.values()), [k for k, v in tips.items() if not v]
    for code in (
        "FG",
        "WK",
        "SQ",
        "CT",
        "BK",
        "WT",
        "HS",
        "HG",
        "FG1",
        "WK3",
        "HS1",
        "GLORY",
        "BAG",
        "DEEDS",
        "HOURGLASS",
    ):
        assert "(SH-" in tips[code], (code, tips[code])
    assert "Phase 1 card" in tips["CARD1"]


def test_sh_18_the_lines_of_a_move_appear_one_at_a_time_and_mark_their_place(app):
    now = [100.0]
    session = Session.new(RULES, VIEW, {"players": 2}, 3, ["human", "human"], None, ai_pause=1.0)
    session.clock = lambda: now[0]
    # play until one move brings several lines (the Invader's pass into a new phase)
    for _ in range(200):
        before = len(session.log)
        legal = session.rules.legal_actions(session.state)
        pick = [a for a in legal if a.verb in ("PASS", "NOFLIP", "CARD")] or legal
        session.viewer = session.to_act()
        assert session.play_human(pick[0])
        if len(session.log) - before >= 3:
            break
    added = len(session.log) - before
    assert added >= 3 and session.revealing()
    shown = [len(session.visible_log())]
    for _ in range(added):
        session.update()
        shown.append(session.shown)
        now[0] += 0.5  # half the pause: the next line
    assert shown[1:] == list(range(before + 1, before + added + 1))
    assert not session.revealing()
    event = session.focus()
    assert event == session.log[-1].event
    # the skip button's effect: everything at once
    session.shown = before
    session.show_all()
    assert session.shown == len(session.log)


def test_sh_event_place_names_the_space_an_event_tells_of():
    assert VIEW.event_place((0, "BREACH", "S4", 2)) == ("space", "S4")
    assert VIEW.event_place((0, "KILLED", "R5", "G")) == ("space", "R5")
    assert VIEW.event_place((0, "PHASE", 3)) is None


def drawn_pieces(app) -> list[tuple[str, int, object]]:
    """The tokens (game.app.pieces) the next frame draws on the board: kind, count and
    the pixels they cover."""
    seen = []
    piece = VIEW._piece

    def spy(surf, vp, kind, pos, size, count=1):
        rect = piece(surf, vp, kind, pos, size, count)
        seen.append((kind, count, rect))
        return rect

    VIEW._picture = type(VIEW._picture)()  # the board is drawn anew, not copied
    VIEW._piece = spy
    try:
        app.draw()
    finally:
        del VIEW._piece
    return seen


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_sh_17_7_heroes_and_machine_decks_stay_in_their_spaces_at_960x600(tmp_path, lang):
    """Each hero's token lies on the section he stands on (the Warrior's was drawn beyond
    his section's edge), and a rampart's ballista deck (hits ✓ / misses ✗) is clear of
    the ballista's token, in a small window."""
    from app_helpers import drawn_texts

    from game.app import i18n

    app = make_app(tmp_path, size=(960, 600))
    i18n.set_language(lang)
    try:
        session = Session.new(
            RULES, VIEW, {"players": 2}, 3, ["human", "human"], app.store, ai_pause=0.0
        )
        s = session.state
        s.machines["R1"], s.decks["R1"] = "BAL", [3, 5]  # as SH-9 builds one
        table = TableScene(app, session)
        app.reset(table)
        vp = app.vp_for(table)
        drawn = drawn_texts(app)
        tokens = drawn_pieces(app)
        lay = VIEW.layout
        for hero, at in s.heroes.items():
            rects = [r for kind, _n, r in tokens if kind == hero]
            assert len(rects) == 1, hero
            assert vp.rect(lay.zone(at)).contains(rects[0]), (hero, at)
        ballista = [r for kind, _n, r in tokens if kind == "BAL"]
        deck = [r for words, r in drawn if words == "3✓ 5✗"]
        assert len(ballista) == 1 and len(deck) == 1
        assert not ballista[0].colliderect(deck[0])
        assert vp.rect(lay.zone("R1")).contains(deck[0])
        assert vp.rect(lay.zone("R1")).contains(ballista[0])
    finally:
        i18n.set_language("en")
        app.close()


def test_sh_units_machines_and_equipment_are_drawn_as_their_pieces(tmp_path):
    """Every unit on the board is a token of its kind with its count (no chip of letters):
    the camp's, a section's, a tower's; a rampart's machine, cover and training tiles, a
    section's equipment, cauldron and platform, a trap and a bridge on their paths, each
    inside its space."""
    from game.app import pieces

    app = make_app(tmp_path)
    try:
        session = Session.new(
            RULES, VIEW, {"players": 2}, 3, ["human", "human"], app.store, ai_pause=0.0
        )
        s = session.state
        s.units["S4"] = [2, 1, 3]
        s.machines["R2"], s.decks["R2"] = "CAT", [2, 5]
        s.covers.append("R2")
        s.training.setdefault("R2", []).append("QM")
        s.equipment["S4"] += ["LAD", "SHD"]
        s.cauldrons["S5"] = "O"
        s.platforms.append("S5")
        s.trapspace["p09"], s.trapspace["p10"] = "TG", "BR"
        s.siege["S2"] = [1, 2, 1]  # a siege tower holding all three kinds (SH-9)
        s.units["S3"] = [2, 1, 1]  # beside the siege tower slot of S3
        table = TableScene(app, session)
        app.reset(table)
        vp = app.vp_for(table)
        tokens = drawn_pieces(app)
        lay = VIEW.layout

        def inside(kind, where, count=None):
            found = [
                r
                for k, n, r in tokens
                if k == kind
                and vp.rect(lay.zone(where)).contains(r)
                and (count is None or n == count)
            ]
            assert found, (kind, where, count)

        inside("goblin", "S4", 2)
        inside("orc", "S4", 1)
        inside("troll", "S4", 3)
        for kind in ("CAT", "COV", "QM"):
            inside(kind, "R2")
        for kind in ("LAD", "SHD"):
            inside(kind, "S4")
        for kind in ("cauldron", "orc", "platform"):
            inside(kind, "S5")
        inside("TG", "p09")
        inside("BRI", "p10")
        for kind in ("goblin", "orc", "troll"):  # each with its count beside it
            inside(kind, "S2T")
        slot = vp.rect(lay.zone("S3T"))
        for kind, n in (("goblin", 2), ("orc", 1), ("troll", 1)):
            inside(kind, "S3", n)
            assert not any(k == kind and n == c and slot.colliderect(r) for k, c, r in tokens), (
                kind
            )  # clear of the siege tower slot
        for where, units in s.defender_units.items():
            for kind, n in zip(("archer", "soldier", "veteran"), units, strict=True):
                if n and where in lay.zones:
                    inside(kind, where, n)
        for kind, n in zip(("goblin", "orc", "troll"), s.camp[0], strict=True):
            if n:
                inside(kind, "CAMP", n)
        assert all((("stronghold", k) in pieces.PIECES) for k, _n, _r in tokens)
    finally:
        app.close()


def test_sh_11_1_a_ramparts_cover_has_a_tip():
    """A rampart's cover and training tiles are tokens (see the test above); the
    rampart's tooltip names the cover."""
    state = RULES.new_game({"players": 2}, 3)
    state.covers.append("R2")  # as SH-9 builds one
    obs = RULES.observation(state, 0)
    tip = next(i.tooltip for i in VIEW.items(obs) if i.rect == VIEW.layout.zone("R2"))
    assert "Cover" in tip and "SH-" in tip


def test_sh_a_long_status_line_stays_on_its_strip_at_960x600(tmp_path):
    """The four-player status line in Polish (round, game over, glory, both Invaders'
    hourglasses) ran on under the side panel; it now prints smaller on its strip."""
    from app_helpers import drawn_texts

    from game.app import i18n

    app = make_app(tmp_path, size=(960, 600))
    i18n.set_language("pl")
    try:
        session = Session.new(
            RULES, VIEW, {"players": 4}, 5, ["human"] * 4, app.store, ai_pause=0.0
        )
        rng = Rng(5)
        while not session.is_over():
            legal = RULES.legal_actions(session.state)
            session.play_human(legal[rng.below(len(legal))])
        table = TableScene(app, session)
        app.reset(table)
        status = VIEW.status(RULES.observation(session.state, 0))
        assert len(status) > 90
        rects = [r for words, r in drawn_texts(app) if words == status]
        assert len(rects) == 1
        assert app.vp_for(table).rect(VIEW.layout.zone("status")).contains(rects[0])
    finally:
        i18n.set_language("en")
        app.close()
