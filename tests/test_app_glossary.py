"""The glossary: every game's own words explained in plain words, in English, Hungarian
and Polish, shown in the rules reader, on How to play and in the table's tooltips; and
every name or abbreviation the tables draw (warriors, forts, troop types, card numbers,
machines, cells) has its entry."""

from __future__ import annotations

import random
import re

import pytest
from app_helpers import make_app

from game.app import fonts, glossary, i18n, paint
from game.app.rulebook import rulebook
from game.app.scenes.howto import HowToScene
from game.app.scenes.reader import RulesScene
from game.app.view_registry import get_view, playable_games
from game.core.registry import get_rules

LANGS = ("en", "hu", "pl")
GAMES = playable_games()
#: a name the tables print that a newcomer cannot guess: an abbreviation (MC, SzB, CAV),
#: a card's code (R-CAV1), a cell (V21), a name with a capital or an apostrophe inside
#: (NieFort, Arch'r; not a possessive's "'s")
UPPER = "A-ZÁÉÍÓÖŐÚÜŰĄĆĘŁŃŚŹŻ"
LOWER = "a-záéíóöőúüűąćęłńóśźż"
JARGON = re.compile(
    rf"(?<![\w'’-])(?:[{UPPER}][{LOWER}]?[{UPPER}]{{1,3}}|[RB]-[A-Z]+\d|[VA][1-3][1-3]"
    rf"|[{UPPER}][{LOWER}]+[{UPPER}][{LOWER}]+|[{UPPER}][{LOWER}]*['’](?!s\b)[{LOWER}]+)"
    rf"(?![\w'’-])"
)
#: words of that shape that are not the games' jargon
PLAIN = {"II", "III", "IV", "VI", "OK", "SH", "HW", "FG", "RM", "EX", "INV"}


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("glossary"))
    yield app


def drawn_words(app, game: str, monkeypatch) -> str:
    """Every text the table of ``game`` draws or puts in a tooltip over a game of random
    moves (both seats' views, every so many moves)."""
    seen: list[str] = []
    for module, name in ((paint, "text"), (fonts, "text"), (fonts, "wrap"), (fonts, "fit_name")):
        real = getattr(module, name)

        def spy(words, *args, _real=real, **kwargs):
            seen.append(str(words))
            return _real(words, *args, **kwargs)

        def spy_paint(surf, vp, words, *args, _real=real, **kwargs):
            seen.append(str(words))
            return _real(surf, vp, words, *args, **kwargs)

        monkeypatch.setattr(module, name, spy_paint if module is paint else spy)
    rules, view = get_rules(game), get_view(game)
    rng = random.Random(7)
    state = rules.new_game({"players": 2}, 7)
    for step in range(240):
        if rules.to_act(state) is None:
            break
        if step % 24 == 0:
            for seat in (0, 1):
                obs = rules.observation(state, seat)
                items = view.items(obs)
                seen += [i.tooltip for i in items]
                view.draw(app.screen, paint.board_vp(app.vp), obs, items, {})
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    monkeypatch.undo()
    return "\n".join(seen)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_name_a_table_draws_has_its_glossary_entry(app, monkeypatch, game, lang):
    i18n.set_language(lang)
    text = drawn_words(app, game, monkeypatch)
    names = {m.group() for m in JARGON.finditer(text)} - PLAIN
    names |= {
        n
        for n in map(i18n._, content_names(game))  # Ballista, Goblin Frenzy ...
        if re.search(rf"(?<![\w'’-]){re.escape(n)}(?![\w'’-])", text)
    }
    assert len(names) >= 4, names  # the table drew its names
    missing = sorted(n for n in names if glossary.lookup(game, n) is None)
    assert not missing, (game, lang, missing)


def content_names(game: str) -> list[str]:
    """The names of the game's content the tables print (its cards, forts, troop types,
    units, machines), in English."""
    if game == "hadrians-wall":
        from game.games.hadrians_wall.content import FORT_TEXT, WARRIOR_TYPES

        return [n for n, _s, _t in WARRIOR_TYPES.values()] + list(FORT_TEXT)
    if game == "field-of-glory":
        from game.games.field_of_glory.content import OTHER_TYPES, UNIT_TYPES

        return [*UNIT_TYPES, *OTHER_TYPES, "MC", "CV", "CP", "WP", "VP", "R-CAV1"]
    if game == "runes-of-mayhem":
        return [
            "SP",
            "Fortress",
            "Wall",
            "Battlefield",
            "A21",
            "Spearmen",
            "Melee",
            "Cavalry",
            "Ranged",
            "Priest",
            "Flank",
            "Heroic Arrival",
            "Lock",
        ]
    from game.games.stronghold.board import BUILDING_NAMES
    from game.games.stronghold.content import EQUIPMENT, MACHINES, ORDER_NAMES, RITUALS, TRAINING

    return (
        [v[0] for table in (MACHINES, EQUIPMENT, TRAINING, RITUALS) for v in table.values()]
        + list(ORDER_NAMES.values())
        + list(BUILDING_NAMES.values())
        + ["Officer", "Warrior", "Rampart", "Camp"]
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_games_names_are_explained_in_every_language(game, lang):
    i18n.set_language(lang)
    for name in content_names(game):
        shown = i18n._(name)
        entry = glossary.lookup(game, shown)
        assert entry is not None, (game, lang, name, shown)
        assert len(entry.text) > 20


@pytest.mark.parametrize("game", GAMES)
def test_each_entry_is_translated_and_names_a_rule_of_its_game(game):
    english = {e.term: e.text for e in glossary.entries(game)}
    assert 12 <= len(english) <= 25, len(english)
    book = rulebook(game)
    for entry in glossary.entries(game):
        assert book.resolve(entry.rule) is not None, entry.rule
    for lang in ("hu", "pl"):
        i18n.set_language(lang)
        for entry, en in zip(glossary.entries(game), english.values(), strict=True):
            assert entry.text != en, (lang, entry.term)


def test_a_tooltip_naming_a_term_gets_its_explanation_and_others_do_not():
    tip = "NieFort — value 3\nPoints only (HW-10.6)."
    shown = glossary.annotate("hadrians-wall", tip)
    assert shown.startswith(tip) and "NieFort: An ordinary fort" in shown
    assert glossary.annotate("hadrians-wall", "A face-down order") == "A face-down order"
    fg = glossary.annotate(
        "field-of-glory",
        "Numidian horse (R-LC4) — Light cavalry\nMC 0 · CV 1 · CP 1 · WP 0 · VP 1 (FG-22.1)",
    )
    assert "move cost" in fg and "side (R Red, B Blue)" in fg
    assert fg.count("\n") == 3  # two notes at most
    i18n.set_language("hu")
    hu = glossary.annotate("field-of-glory", "MK 0 · HÉ 1 · PP 1 · SzB 0 · GyP 1")
    assert "mozgásköltség" in hu


def test_the_table_tooltip_shows_the_explanation(tmp_path, monkeypatch):
    """Pointing at a fort of the wall: its tooltip, then what its kind means."""
    import pygame
    from app_helpers import center, open_table

    from game.app import links

    app = make_app(tmp_path)
    table = open_table(app, ["human", "ai:easy"])
    wall = next(i for i in table.items if i.key[0] == "wall")
    texts = []
    real = links.draw_text

    def spy(surf, vp, words, *args, **kwargs):
        texts.append(words)
        return real(surf, vp, words, *args, **kwargs)

    monkeypatch.setattr(links, "draw_text", spy)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=app.vp.point(*center(wall.rect)), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.step()
    kind = wall.tooltip.split(" — ")[0]
    entry = glossary.lookup("hadrians-wall", kind)
    assert any(t.startswith(wall.tooltip) and f"\n{kind}: {entry.text}" in t for t in texts), texts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_reader_and_how_to_play_show_the_glossary(tmp_path, game, lang):
    app = make_app(tmp_path, lang=lang)
    i18n.set_language(lang)
    reader = RulesScene(app, game)
    app.reset(reader)
    app.step()
    heads = [b for b in reader.book.blocks[:4] if b.kind == "heading"]
    assert any(b.parts[0].text == i18n._("Glossary") for b in heads)
    table = next(b for b in reader.book.blocks if b.kind == "table")
    cells = [p.text for p in table.parts]
    for entry in glossary.entries(game):
        assert entry.term in cells and entry.text in cells and entry.rule in cells
    howto = HowToScene(app, game)
    app.reset(howto)
    howto.turn_page()
    app.step()
    vp = app.vp_for(howto)
    shown = []
    for _page in range(len(howto.glossary_pages(vp))):
        rows = howto.rows(vp)
        assert rows
        for words, rect, size, _face, ui in rows:
            assert vp.with_ui(ui).font_px(size) >= 12  # readable
            assert rect[1] + rect[3] <= 800 and rect[0] + rect[2] <= vp.right
            shown.append(words)
        howto.turn_page()
    for entry in glossary.entries(game):
        assert any(entry.term in w and entry.text in w for w in shown), entry.term
    assert howto.page == 0  # round again to How to play
