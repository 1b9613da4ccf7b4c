"""Hadrian's Wall on the table: the captured forts as small fort cards, the end's table."""

from __future__ import annotations

import copy

import pytest
from app_helpers import drawn_texts, make_app, open_table

from game.app import i18n
from game.app.view_registry import get_view
from game.core.registry import get_rules
from game.core.rng import Rng
from game.games.hadrians_wall import view as hw_view
from game.games.hadrians_wall.content import FORTS

RULES = get_rules("hadrians-wall")
VIEW = get_view("hadrians-wall")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def _with_piles(table, piles: dict) -> dict:
    """The table showing ``piles`` (clan -> forts) as captured (a drawn observation)."""
    obs = copy.deepcopy(table.obs)
    for c, forts in piles.items():
        obs["clans"][c]["pile"] = forts
    table.obs = obs
    table.items = VIEW.items(obs)
    VIEW._kept_table = None
    return obs


def _drawn_small_forts(app, monkeypatch) -> list[tuple]:
    """The small fort cards the next frame draws: (kind, value, w, h, value px)."""
    seen = []
    real = hw_view.small_fort_card

    def spy(w, h, kind, value, px):
        seen.append((kind, value, w, h, px))
        return real(w, h, kind, value, px)

    monkeypatch.setattr(hw_view, "small_fort_card", spy)
    app.draw()
    return seen


@pytest.mark.parametrize("clans", [2, 3, 4])
def test_hw_captured_forts_lie_as_small_fort_cards_whose_values_show(app, monkeypatch, clans):
    """A clan's captured forts (HW-8.6) are small fort cards of their kind and value in a
    fanned pile under its points, each showing at least its value band (the value printed
    in 13 px type at 1280x800), inside the band's name column left of the first order
    slot; the tooltip of each names the fort, the clan's lists them with its points."""
    table = open_table(app, ["human"] + ["random"] * (clans - 1), seed=3)
    forts = list(FORTS)
    piles = {0: forts[:10], 1: forts[10:15]}
    obs = _with_piles(table, piles)
    drawn = _drawn_small_forts(app, monkeypatch)
    expected = [FORTS[f] for c in (0, 1) for f in piles[c]]
    assert sorted((k, v) for k, v, *_rest in drawn) == sorted(expected)
    assert all(px >= 13 for *_r, px in drawn)
    slot = VIEW.layout.zone("wall_1")[0]
    for c in (0, 1):
        x, y, w, h = VIEW.band(obs, c)
        items = [i for i in table.items if i.key[:2] == ("pile", c)]
        assert [i.key[2] for i in items] == piles[c]
        cw, ch = VIEW.pile_card(obs, c)
        assert ch >= 24
        for item in items:
            ix, iy, iw, ih = item.rect
            assert iw >= hw_view.PILE_STEP - 2 and ih >= hw_view.PILE_STEP - 2  # its value
            assert x + 8 < ix and ix + iw <= slot - 2 and y < iy and iy + ih <= y + h
            assert item.tooltip == hw_view.fort_text(item.key[2])
        clan_tip = next(i.tooltip for i in table.items if i.key == ("clan", c))
        points = sum(FORTS[f][1] for f in piles[c])
        assert f"{points} points" in clan_tip
        assert all(hw_view.fort_name(f) in clan_tip for f in piles[c])
        rects = [i.rect for i in items]  # the parts that show do not overlap
        for a in range(len(rects)):
            for b in range(a + 1, len(rects)):
                ax, ay, aw, ah = rects[a]
                bx, by, bw, bh = rects[b]
                assert not (ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah)


def test_hw_a_clan_band_shows_its_points_and_no_chips(app):
    """The band's words: the name and "N points"; the forts are cards (no number chips)."""
    table = open_table(app, ["human", "random", "random"], seed=3)
    obs = _with_piles(table, {0: ["NF4a", "FH2a"], 2: []})
    vp = app.vp_for(table)
    x, y, w, h = VIEW.band(obs, 0)
    column = vp.rect((x, y, 160, h))
    texts = [t for t, r in drawn_texts(app) if column.collidepoint(r.center)]
    assert "2 points" in texts
    assert not [t for t in texts if t.lstrip("-").isdigit()]  # no chips: values on cards
    assert "no forts yet" not in texts
    x, y, w, h = VIEW.band(obs, 2)
    column = vp.rect((x, y, 160, h))
    VIEW._kept_table = None
    texts = [t for t, r in drawn_texts(app) if column.collidepoint(r.center)]
    assert "0 points" in texts and "no forts yet" in texts


@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
@pytest.mark.parametrize("size, ui", [((1280, 720), 1.0), ((1280, 800), 1.5), ((1920, 1080), 1.0)])
def test_hw_band_words_stay_in_the_name_column_and_clear_of_the_forts(tmp_path, lang, size, ui):
    """The name, the points and the counts of each band lie in its name column, above
    or below its pile of forts and left of the first order slot, at each window size,
    text size and language."""
    app = make_app(tmp_path, size=size)
    app.settings.ui_scale = ui
    app.apply_settings()
    i18n.set_language(lang)
    try:
        table = open_table(app, ["human", "random", "random", "random"], seed=5)
        forts = list(FORTS)
        obs = _with_piles(table, {0: forts[:8], 1: forts[8:11], 2: forts[11:12]})
        vp = app.vp_for(table)
        from game.app import paint

        bvp = paint.board_vp(vp)
        drawn = drawn_texts(app)
        slot = bvp.rect(VIEW.layout.zone("wall_1"))
        for c in range(4):
            x, y, w, h = VIEW.band(obs, c)
            column = bvp.rect((x, y, 160, h))
            words = [(t, r) for t, r in drawn if column.collidepoint(r.center)]
            assert len(words) >= 2, (lang, c)
            piles = [bvp.rect(i.rect) for i in table.items if i.key[:2] == ("pile", c)]
            for t, r in words:
                assert r.right <= slot.left, (lang, c, t, r)
                assert column.top <= r.top and r.bottom <= column.bottom + 1, (lang, c, t, r)
                assert not any(r.colliderect(p.inflate(-2, -2)) for p in piles), (lang, c, t)
    finally:
        i18n.set_language("en")
        app.close()


def test_hw_12_the_end_table_keeps_the_last_round_and_names_the_winners():
    """Once the game is over the lines of the last round stay on the table (with its
    strengths) and the final score ranks the clans as HW-12.3 does: the crowned ones
    are the rules' winners."""
    checked = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = RULES.new_game({"players": players, "neutrals": 0}, seed)
        rng = Rng(seed)
        while not RULES.is_over(state):
            RULES.apply(state, RULES.random_action(state, rng))
        obs = RULES.observation(state, 0)
        rows = VIEW.standings(obs)
        assert sorted(c for c, _s, won in rows if won) == sorted(RULES.winners(state))
        assert [s for _c, s, _w in rows] == sorted((s for _c, s, _w in rows), reverse=True)
        last = obs.get("last_round")
        if last:
            items = VIEW.items(obs)
            for c in range(players):
                shown = [i.key[2] for i in items if i.key[:2] == ("line", c)]
                assert shown == list(last["lines"][c])
            checked += 1
    assert checked >= 6


def test_hw_8_while_the_clans_fight_the_empty_hand_tells_the_round(app):
    """In the attack phase (the hand is empty: six orders, three set aside) the hand's
    place shows the round: its fort, each clan's fresh card and, once they are added up,
    each clan's strength and who captures (HW-8.5)."""
    from app_helpers import new_session

    from game.app.scenes.table import TableScene

    session = new_session(app, ["human", "human", "human"], seed=6)
    rng = Rng(6)
    while True:
        obs = RULES.observation(session.state, 0)
        fought = obs.get("last_round") or {}
        if (
            obs["phase"] not in ("ORDERS", "OVER")
            and "totals" in fought
            and fought.get("turn") == obs["turn"]
        ):
            break
        assert not RULES.is_over(session.state)
        legal = RULES.legal_actions(session.state)
        assert session.play_human(legal[rng.below(len(legal))])
    table = TableScene(app, session)
    app.reset(table)
    obs = table.obs
    assert obs["clans"][obs["seat"]]["hand"] == []
    assert VIEW.round_shown(obs) == fought
    hand = VIEW.layout.zone("hand")
    spot = [i for i in table.items if i.key == ("round",)]
    assert len(spot) == 1 and spot[0].rect == hand
    assert f"Round {fought['rnd']}" in spot[0].tooltip
    vp = app.vp_for(table)
    from game.app import paint

    zone = paint.board_vp(vp).rect(hand)
    VIEW._kept_table = None
    texts = [t for t, r in drawn_texts(app) if zone.colliderect(r)]
    for c, total in enumerate(fought["totals"]):
        assert str(total) in texts, (c, total, texts)
    if fought.get("capturer") is not None:
        assert any("captures" in t for t in texts)
    assert any(t.startswith(f"Round {fought['rnd']}: the clans attack") for t in texts)


def test_hw_8_6_a_capture_in_the_log_outlines_the_fort_in_its_captors_pile():
    """The newest line "X captures F" names the place the table outlines: F in X's
    pile, an item of the table once it is captured; a round's line names its fort."""
    log: list = []
    state = RULES.new_game({"players": 3, "neutrals": 0}, 2, log)
    rng = Rng(2)
    captures = 0
    while not RULES.is_over(state) and captures < 5:
        start = len(log)
        RULES.apply(state, RULES.random_action(state, rng), log)
        obs = RULES.observation(state, 0)
        keys = {i.key for i in VIEW.items(obs)}
        for event in log[start:]:
            place = VIEW.event_place(event)
            if event[1] == "CAPTURE":
                c = [cl["colour"] for cl in obs["clans"]].index(event[2])
                assert place == ("pile", c, event[3])
                if event[3] in obs["clans"][c]["pile"]:  # (FortUna may take it away)
                    assert place in keys
                captures += 1
            elif event[1] == "ROUND":
                assert place == ("wall", event[3])
    assert captures >= 3
