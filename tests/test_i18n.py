"""Every visible string in English, Hungarian and Polish.

(a) the catalogs: every text the extraction tool finds in the code is translated in every
language, with the same placeholders and the right number of plural forms;
(b) no text reaches the screen without the catalog: the screens and the views' words are
produced under a marking "language" that brackets every translated text, and any word
outside the brackets is a string the code forgot to give to ``_``;
(c) the bundled fonts have the Hungarian and Polish letters; the screenshots come out in
every language.
"""

from __future__ import annotations

import gettext
import json
import re
import shutil
import string
import sys
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game.app import fonts, i18n
from game.core import registry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import extract_strings  # noqa: E402
import translate  # noqa: E402

LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
NPLURALS = {"hu": 2, "pl": 3}
LETTERS = "őűŐŰłżźśćńąęóŁŻŹŚĆŃĄĘÓáéíöüÁÉÍÖÜ"


@dataclass(frozen=True)
class Text:
    """One text of a Babel catalog: its gettext key, plural and translated forms."""

    key: tuple[str | None, str]  # (context, msgid)
    msgid: str
    msgid_plural: str | None
    msgstr: tuple[str, ...]
    translated: bool


def texts(catalog: Catalog) -> list[Text]:
    out = []
    for m in catalog:
        if not m.id:
            continue  # the header
        one, many = m.id if m.pluralizable else (m.id, None)
        forms = tuple(m.string) if m.pluralizable else (m.string,)
        out.append(Text((m.context, one), one, many, forms, not m.fuzzy and all(forms)))
    return out


@pytest.fixture(scope="module")
def template():
    return texts(extract_strings.extract())


def po_entries(lang: str) -> dict[tuple, Text]:
    return {t.key: t for t in texts(extract_strings.read(lang))}


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


# ------------------------------------------------------------------ (a) the catalogs
@pytest.mark.parametrize("lang", LANGS)
def test_a_every_string_of_the_code_is_translated(template, lang):
    po = po_entries(lang)
    missing = [t.msgid for t in template if t.key not in po]
    assert not missing, (
        f"{len(missing)} strings missing in {lang}.po (run "
        f"tools/extract_strings.py and translate them): {missing[:10]}"
    )
    untranslated = [t.msgid for t in template if not po[t.key].translated]
    assert not untranslated, f"{len(untranslated)} untranslated in {lang}: {untranslated[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_placeholders_and_plural_forms_match(template, lang):
    po = po_entries(lang)
    for t in template:
        e = po.get(t.key)
        if e is None:
            continue
        if t.msgid_plural is not None:
            assert e.msgid_plural == t.msgid_plural, t.msgid
            assert len(e.msgstr) == NPLURALS[lang], t.msgid
        for form in e.msgstr:
            assert fields(form) <= fields(t.msgid) | fields(t.msgid_plural or ""), (
                lang,
                t.msgid,
                form,
            )
            if form and t.msgid_plural is None:
                assert fields(form) == fields(t.msgid), (lang, t.msgid, form)


@pytest.mark.parametrize("lang", LANGS)
def test_a_the_catalog_is_used_with_and_without_a_compiled_mo(lang, tmp_path):
    """Babel's .mo (the build's) and the .po polib reads in memory (a source tree without an
    up-to-date .mo) give every text, context and plural form the same translation."""
    po = extract_strings.po_path(lang)
    mo = tmp_path / "x.mo"
    with mo.open("wb") as f:
        write_mo(f, extract_strings.read(lang))
    with open(mo, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    loaded = i18n.po_translation(po.read_text(encoding="utf-8"))
    entries = texts(extract_strings.read(lang))
    assert len(entries) > 1000
    for e in entries:
        ctx, msgid = e.key
        if e.msgid_plural is None:
            got = {
                t.gettext(msgid) if ctx is None else t.pgettext(ctx, msgid)
                for t in (compiled, loaded)
            }
            assert got == {e.msgstr[0]}, e.key
        else:
            for n in (1, 2, 5, 22):
                got = {
                    t.ngettext(msgid, e.msgid_plural, n)
                    if ctx is None
                    else t.npgettext(ctx, msgid, e.msgid_plural, n)
                    for t in (compiled, loaded)
                }
                assert len(got) == 1 and got <= set(e.msgstr), (e.key, n, got)
    try:
        i18n.set_language(lang)
        assert i18n._("New game") != "New game"
        assert i18n.ngettext("{n} hourglass", "{n} hourglasses", 5) != "{n} hourglasses"
    finally:
        i18n.set_language("en")
    assert i18n._("New game") == "New game"


def test_a_polish_has_three_plural_forms():
    try:
        i18n.set_language("pl")
        forms = {i18n.ngettext("{n} hourglass", "{n} hourglasses", n) for n in (1, 2, 5)}
        assert len(forms) == 3
    finally:
        i18n.set_language("en")


def test_a_the_merge_keeps_translations_adds_new_texts_and_drops_old_ones(tmp_path, monkeypatch):
    """Babel's update as the extraction tool runs it: a translation kept, a new text empty
    (no fuzzy guess from a similar old one), a text the code no longer has dropped."""
    monkeypatch.setattr(extract_strings, "LOCALE", tmp_path)
    old = Catalog(locale="hu", fuzzy=False)
    old.add("New game", "Új játék")
    old.add("The wall holds", "A fal kitart")
    old.add(("{n} turn", "{n} turns"), ("{n} forduló", "{n} forduló"), context="clock")
    extract_strings.write(extract_strings.po_path("hu"), old)
    template = Catalog(fuzzy=False)
    template.add("New game")
    template.add("The wall holds!")
    template.add(("{n} turn", "{n} turns"), context="clock")
    merged = extract_strings.merge(template, "hu")
    assert [(m.context, m.id, m.string or "") for m in merged if m.id] == [
        (None, "New game", "Új játék"),
        (None, "The wall holds!", ""),
        ("clock", ("{n} turn", "{n} turns"), ("{n} forduló", "{n} forduló")),
    ]
    assert extract_strings.missing(merged) == ["The wall holds!"]
    assert not any(m.fuzzy for m in merged)


def test_a_a_catalog_is_rewritten_only_when_more_than_its_date_changes(tmp_path):
    path = tmp_path / "x.pot"
    one = Catalog(fuzzy=False, creation_date=1_000_000_000)
    one.add("New game")
    extract_strings.write(path, one)
    first = path.read_bytes()
    two = Catalog(fuzzy=False, creation_date=1_500_000_000)
    two.add("New game")
    extract_strings.write(path, two)
    assert path.read_bytes() == first
    two.add("Continue")
    extract_strings.write(path, two)
    assert b'msgid "Continue"' in path.read_bytes()


def test_a_translate_fills_texts_plurals_and_contexts_from_json(tmp_path, monkeypatch, capsys):
    """tools/translate.py: the JSON's texts filled in both languages, a text with a context
    keyed "context\\u0004text", a wrong number of plural forms and an unknown text
    reported and left out."""
    for lang in LANGS:
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy(extract_strings.po_path(lang), tmp_path / lang / "LC_MESSAGES")
    monkeypatch.setattr(extract_strings, "LOCALE", tmp_path)
    monkeypatch.setattr(translate, "LOCK", tmp_path / "lock")
    before = po_entries("pl")[(None, "{n} hourglass")].msgstr
    words = {
        "New game": {"hu": "Egy új játék", "pl": "Nowa partia"},
        "{n} hourglass": {"hu": ["{n} homokóra!", "{n} homokóra!"], "pl": ["{n} klepsydra"]},
        "No such text here": {"hu": "Nincs", "pl": "Nie ma"},
    }
    phase = next(t for t in texts(extract_strings.extract()) if t.key[0] == "phase")
    words["phase\x04" + phase.msgid] = {"hu": "Fázis X", "pl": "Faza X"}
    (tmp_path / "words.json").write_text(json.dumps(words), encoding="utf-8")
    translate.main([str(tmp_path / "words.json")])
    out = capsys.readouterr().out
    assert "pl: '{n} hourglass' needs 3 forms, got 1" in out
    assert "not in the code: 'No such text here'" in out
    hu, pl = po_entries("hu"), po_entries("pl")
    assert hu[(None, "New game")].msgstr == ("Egy új játék",)
    assert pl[(None, "New game")].msgstr == ("Nowa partia",)
    assert hu[(None, "{n} hourglass")].msgstr == ("{n} homokóra!", "{n} homokóra!")
    assert pl[(None, "{n} hourglass")].msgstr == before  # left as it was
    assert hu[phase.key].msgstr == ("Fázis X",) and pl[phase.key].msgstr == ("Faza X",)


def test_a_the_system_locale_chooses_the_language(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert i18n.system_language() == "hu"
    monkeypatch.setenv("LANGUAGE", "pl_PL:en")
    assert i18n.system_language() == "pl"
    monkeypatch.setenv("LANGUAGE", "de_DE")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "en"


# ------------------------------------------------------- (b) nothing outside the catalog
OPEN, CLOSE = "⟦", "⟧"


def mark(text: str) -> str:
    """Every word of ``text`` in brackets (a line cut from a paragraph stays marked); the
    placeholders are left for the values put in them."""
    parts = re.split(r"(\{[^}]*\}|\s+)", text)
    return "".join(
        p if not p or p.startswith("{") or p.isspace() else OPEN + p + CLOSE for p in parts
    )


class Marking(gettext.NullTranslations):
    """A "language" that brackets every word that went through the catalog, and keeps the
    texts asked for (each must be in the catalog: a name translated from a table the
    extraction tool does not know is missing in every language)."""

    def __init__(self):
        super().__init__()
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message):
        self.asked.add((None, message))
        return mark(message)

    def ngettext(self, msgid1, msgid2, n):
        self.asked.add((None, msgid1))
        return mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context, message):
        self.asked.add((context, message))
        return mark(message)


def _title_lines() -> list[str]:
    """The games' names and the two lines a name is broken into on a tile (its first
    words, its last words), longest first."""
    runs = set()
    for title, _module in registry.GAMES.values():
        words = title.split()
        runs |= {" ".join(words[:i]) for i in range(1, len(words) + 1)}
        runs |= {" ".join(words[i:]) for i in range(len(words))}
    return sorted(runs, key=len, reverse=True)


#: words that are the same in every language: names of the program and the games (whole or
#: broken into lines), the languages' own names, rule references and the codes of the
#: record's notation
ALLOWED = re.compile(
    r"Siege Table|English|Magyar|Polski|"
    + "|".join(re.escape(line) for line in _title_lines())
    + r"|\b[A-Z]+(-[A-Z0-9.]+)+[a-z]?\b|\b[A-Z0-9.]{1,4}\b|\b[0-9]+[a-z]?\b"
)


def outside(text: str) -> str:
    """The parts of ``text`` outside the brackets (a line cut from a bracketed paragraph
    may begin inside one: what comes before an unopened closing bracket is inside)."""
    depth, out = 0, []
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            if depth:
                depth -= 1
            else:
                out = []
        elif depth == 0:
            out.append(ch)
    return "".join(out)


#: the abbreviations of the games' numbers are words of each language (MC: MK, KR ...)
ABBREVIATIONS = re.compile(r"\b(MC|CP|CV|WP|VP|SP)\b")


def leak(text: str) -> str | None:
    if ABBREVIATIONS.search(outside(text)):
        return ABBREVIATIONS.search(outside(text)).group()
    rest = ALLOWED.sub(" ", outside(text))
    return rest.strip() if re.search(r"[A-Za-z]{2,}", rest) else None


@pytest.fixture
def marking(monkeypatch, template):
    """The marking language; at the end, every text asked for must be in the template."""
    language = Marking()
    monkeypatch.setattr(i18n, "load_translation", lambda lang: language)
    i18n.set_language("en")
    yield
    monkeypatch.undo()
    i18n.set_language("en")
    known = {t.key for t in template}
    unknown = sorted(text for key in language.asked - known for text in [key[1]] if text.strip())
    assert not unknown, (
        f"{len(unknown)} texts are translated at run time but missing from "
        f"the catalog (add their table to TABLES in tools/extract_strings.py "
        f"or mark them with N_): {unknown[:30]}"
    )


def test_b_every_text_on_the_screens_went_through_the_catalog(marking, monkeypatch, tmp_path):
    from game.app.scenes import reader
    from tools.screenshots import screenshots

    drawn: list[str] = []
    text, wrap = fonts.text, fonts.wrap
    in_rules = []  # the rules reader stays English (assets/rules/*.md): not checked
    rules_draw = reader.RulesScene.draw

    def rules_spy(self, *args):
        in_rules.append(True)
        try:
            return rules_draw(self, *args)
        finally:
            in_rules.pop()

    def wrap_spy(words, *args):
        if words.strip() and not in_rules:
            drawn.append(words)
        return wrap(words, *args)

    def text_spy(words, *args):
        if not in_rules:
            drawn.append(words)
        return text(words, *args)

    monkeypatch.setattr(reader.RulesScene, "draw", rules_spy)
    monkeypatch.setattr(fonts, "wrap", wrap_spy)
    monkeypatch.setattr(fonts, "text", text_spy)
    monkeypatch.setenv("SIEGE_TABLE_HOME", str(tmp_path / "home"))
    screenshots(str(tmp_path / "shots"), None)
    leaks = sorted({f"{leak(t)!r} in {t!r}" for t in drawn if leak(t)})
    assert not leaks, f"{len(leaks)} texts drawn without the catalog:\n" + "\n".join(leaks)


def test_b_the_views_words_go_through_the_catalog(marking):
    """Prompts, statuses, labels, tooltips and log lines of whole games of every table."""
    from game.app.view_registry import get_view, playable_games
    from game.core.agents import make_agent
    from game.core.match import Match

    leaks: set[str] = set()

    def check(text) -> None:
        if isinstance(text, str) and leak(text):
            leaks.add(f"{leak(text)!r} in {text!r}")

    for game in playable_games():
        rules, view = registry.get_rules(game), get_view(game)
        for option in view.setup_options(rules.min_seats):
            check(option.caption)
            for _value, label in option.options:
                check(label)
        for seed in (1, 2):
            seats = ["greedy"] * rules.min_seats
            match = Match.new(rules, view.config(len(seats), {}), seed, seats)
            agents = [make_agent("greedy", seed + s, rules) for s in range(len(seats))]
            names = [
                view.seat_label(rules.observation(match.state, s), s) for s in range(len(seats))
            ]
            steps = 0
            while not rules.is_over(match.state) and steps < 400:
                seat = match.to_act()
                obs = rules.observation(match.state, seat)
                legal = rules.legal_actions(match.state)
                prompt = view.prompt(obs)
                check(prompt.text)
                check(view.status(obs))
                for s in range(len(seats)):
                    check(view.seat_label(obs, s))
                if steps % 5 == 0:
                    for it in view.items(obs):
                        check(it.tooltip)
                for a in legal:
                    check(view.action_label(obs, a))
                action = agents[seat].choose(rules, obs, legal)
                for event in match.play(action):
                    check(view.describe(event, names))
                steps += 1
            if rules.is_over(match.state):
                for row in view.results(rules.open_observation(match.state)):
                    for cell in row:
                        check(cell)
    assert not leaks, f"{len(leaks)} texts without the catalog:\n" + "\n".join(sorted(leaks))


# ------------------------------------------------------------- (c) fonts and screenshots
@pytest.mark.parametrize("face", sorted(fonts.FACES))
def test_c_the_bundled_fonts_have_the_hungarian_and_polish_letters(face):
    pygame.font.init()
    font = fonts.font(20, face)
    for letter, metrics in zip(LETTERS, font.metrics(LETTERS), strict=True):
        assert metrics is not None and metrics[4] > 0, (face, letter)


@pytest.mark.parametrize("lang", LANGS)
def test_c_screenshots_in_every_language(lang, tmp_path, monkeypatch):
    from tools.screenshots import screenshots

    monkeypatch.setenv("SIEGE_TABLE_HOME", str(tmp_path / "home"))
    try:
        paths = screenshots(str(tmp_path / lang), None, lang=lang)
        assert i18n.language() == lang and i18n._("New game") != "New game"
    finally:
        i18n.set_language("en")
    assert len(paths) >= 15 and all(p.stat().st_size > 1000 for p in paths)


# ------------------------------------------------------------- (d) choosing the language
def test_d_the_language_chosen_in_the_settings_shows_at_once_and_is_remembered(tmp_path):
    from app_helpers import click, make_app, widget

    from game.app import launch
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.title import TitleScene
    from game.app.settings_store import Settings

    app = make_app(tmp_path, lang="en")
    try:
        app.reset(TitleScene(app))
        app.push(SettingsScene(app))
        app.step()
        choice = widget(app.top, "Language")
        while choice.value != "pl":
            click(app, choice.rect)
            app.step()
            choice = widget(app.top, i18n._("Language"))
        assert i18n.language() == "pl" and Settings.load(tmp_path).lang == "pl"
        assert isinstance(app.stack[0], TitleScene) and isinstance(app.top, SettingsScene)
        widget(app.top, "Język")  # the settings are shown anew in Polish ...
        app.pop()
        widget(app.top, "Nowa gra")  # ... and so is the title below them
    finally:
        app.close()
        i18n.set_language("en")
    # the next start speaks Polish; the command line's --lang wins over the settings
    app = launch.make_app((640, 400), store=app.store)
    try:
        assert app.options.lang == "pl" and i18n.language() == "pl"
    finally:
        app.close()
    app = launch.make_app((640, 400), store=app.store, lang="hu")
    try:
        assert i18n.language() == "hu" and i18n._("New game") == "Új játék"
    finally:
        app.close()
        i18n.set_language("en")


def rom_face(card):
    from game.games.runes_of_mayhem.faces import card_face

    return card_face, (120, 168, card)


def fog_face(card):
    from game.games.field_of_glory.view import card_face

    return card_face, (120, 168, card, True)


@pytest.mark.parametrize(
    "face, card", [(rom_face, "V-SPR"), (rom_face, "A-SWD"), (fog_face, "R-HI1")]
)
def test_d_a_card_face_drawn_before_a_language_switch_is_drawn_anew(face, card):
    """The views keep their card faces (lru_cache); a face drawn in English must not stay
    on the table after the switch to Hungarian (i18n.on_language_change)."""
    card_face, args = face(card)
    pygame.font.init()
    try:
        i18n.set_language("en")
        english = card_face(*args)
        assert card_face(*args) is english  # kept while the language stays
        i18n.set_language("hu")
        hungarian = card_face(*args)
        assert hungarian is not english
        assert pygame.image.tobytes(hungarian, "RGBA") != pygame.image.tobytes(english, "RGBA")
        card_face.cache_clear()
        fresh = card_face(*args)
        assert pygame.image.tobytes(hungarian, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    finally:
        i18n.set_language("en")
    again = card_face(*args)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(english, "RGBA")


TRANSLATING = {
    "_",
    "ngettext",
    "pgettext",
    "card_name",
    "card_label",
    "card_tip",
    "place_name",
    "side_full",
    "side_adj",
}


def test_d_every_kept_drawing_that_translates_is_emptied_on_a_language_switch():
    """An lru_cache over a function that asks the catalog (directly or through a game's
    words) is decorated with i18n.on_language_change."""
    import ast

    missing = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            names = {ast.unparse(d).split("(")[0] for d in node.decorator_list}
            if not names & {"lru_cache", "functools.lru_cache", "cache", "functools.cache"}:
                continue
            calls = {
                c.func.id if isinstance(c.func, ast.Name) else getattr(c.func, "attr", "")
                for c in ast.walk(node)
                if isinstance(c, ast.Call)
            }
            if calls & TRANSLATING and "i18n.on_language_change" not in names:
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not missing, missing


def test_d_without_a_choice_the_system_language_is_used(tmp_path, monkeypatch):
    from game.app import launch
    from game.app.save_store import SaveStore

    monkeypatch.setattr(i18n, "system_language", lambda: "hu")
    app = launch.make_app((640, 400), store=SaveStore(tmp_path))
    try:
        assert app.options.lang == "hu" and i18n._("Settings") == "Beállítások"
    finally:
        app.close()
        i18n.set_language("en")


def test_d_the_command_line_takes_a_language(tmp_path):
    from test_app_cli import run

    done = run(tmp_path, "screenshots", "--out", str(tmp_path / "pl"), "--lang", "pl")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "pl" / "title.png").exists()
    done = run(tmp_path, "play", "--lang", "hu", "--frames", "3")
    assert done.returncode == 0, done.stderr
    done = run(tmp_path, "play", "--lang", "de", "--frames", "3")
    assert done.returncode == 2 and "--lang" in done.stderr
