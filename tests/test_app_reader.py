"""The rules reader: the specs laid out, searched, marked, and opened at a rule ID from the
table's prompt, messages, log and tooltips."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from app_helpers import center, click, make_app, open_table, press

from game.app import links
from game.app.rulebook import CODE, ITALIC, PREFIX_GAME, RULE_ID, parse, rulebook
from game.app.scenes.reader import RulesScene, open_rule
from game.app.scenes.title import TitleScene
from game.app.session import LogLine
from game.core.contract import PUBLIC

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = list(PREFIX_GAME.values())


@pytest.fixture
def app(tmp_path):
    window = make_app(tmp_path / "home")
    window.reset(TitleScene(window))
    yield window
    window.close()


def spec(game: str) -> str:
    return (ROOT / "assets" / "rules" / (game.replace("-", "_") + ".md")).read_text("utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_of_the_spec_resolves_to_a_place_on_the_page(app, game):
    book = rulebook(game)
    scene = RulesScene(app, game)
    lay = scene.layout()
    prefix = book.prefix
    named = {m.group(0) for m in RULE_ID.finditer(spec(game)) if m.group(1) == prefix}
    assert len(named) > 150 and len(book.anchors) > 150
    for rule in sorted(named):
        block = book.resolve(rule)
        assert block is not None, rule
        assert block in lay.block_y, rule
    for rule in list(book.anchors)[::7]:  # opened at a rule: that rule is on top
        assert scene.goto(rule)
        if scene.scroll < scene.max_scroll():
            assert scene.top_rule() == rule, rule
    # a sub-rule without an entry of its own: the nearest enclosing rule
    assert book.resolve(prefix + "-1.99.3") == book.resolve(prefix + "-1")
    assert book.resolve(prefix + "-999") is None


def test_the_rule_ids_the_games_name_all_resolve():
    """Every rule ID in the code (prompts, log words, illegal-move reasons) has its place."""
    for path in (ROOT / "game").rglob("*.py"):
        for m in RULE_ID.finditer(path.read_text("utf-8")):
            assert rulebook(PREFIX_GAME[m.group(1)]).resolve(m.group(0)) is not None, (
                path.name,
                m.group(0),
            )


def test_sub_ids_and_example_letters_fall_back():
    hw = rulebook("hadrians-wall")
    assert hw.blocks[hw.resolve("HW-9.2")].rule == "HW-9.2"
    assert hw.blocks[hw.resolve("HW-9.2.1")].rule == "HW-9.2.1"
    assert hw.resolve("HW-9.2.9") == hw.resolve("HW-9.2")
    assert hw.resolve("HW-EX-7b") == hw.resolve("HW-EX-7") is not None
    rm = rulebook("runes-of-mayhem")
    for rule in ("RM-23.5", "RM-EX-44", "RM-INV-17"):
        assert rm.blocks[rm.resolve(rule)].rule == rule


def test_markdown_is_laid_out_not_shown_raw(app):
    scene = RulesScene(app, "hadrians-wall")
    lay = scene.layout()
    texts = [p.text for row in lay.rows for p in row.pieces]
    assert not any(t.startswith(("# ", "##", "|")) or "**" in t for t in texts)
    faces = {p.face for row in lay.rows for p in row.pieces}
    assert {"serif", "bold", "sans"} <= faces
    assert any(row.grid for row in lay.rows) and any(row.bullet for row in lay.rows)
    assert all(p.x >= 0 for row in lay.rows for p in row.pieces)


def test_the_spec_markdown_is_read_as_commonmark():
    source = "\n".join(
        [
            "- **SH-1.1 Slots.** S2, S3. *Why: `S8` is kept as code, not shown in backticks.*",
            "",
            "| Step | What |",
            "|---|---|",
            "| R1 | a \\| b |",
            "",
            "  - SH-1.1.1 a sub-rule after the table that ended its rule's list",
            "  3. a numbered sub-rule",
            "-",
            "A paragraph with \\*stars\\* and a [link](https://example.org).",
        ]
    )
    blocks = parse(source)
    assert [(b.kind, b.level, b.marker) for b in blocks] == [
        ("bullet", 0, ""),
        ("table", 0, ""),
        ("bullet", 1, ""),
        ("bullet", 1, "3."),
        ("para", 0, ""),
    ]  # the empty item makes no bullet
    why = blocks[0].parts[0]
    assert [(why.text[a:e], style) for a, e, style in why.spans][-3:] == [
        ("Why: ", ITALIC),
        ("S8", CODE),
        (" is kept as code, not shown in backticks.", ITALIC),
    ]
    assert [p.text for p in blocks[1].parts] == ["Step", "What", "R1", "a | b"]
    assert (blocks[0].rule, blocks[2].rule) == ("SH-1.1", "SH-1.1.1")
    assert blocks[4].parts[0].text == "A paragraph with *stars* and a link."


@pytest.mark.parametrize("game", GAMES)
def test_designed_content_is_marked(app, game):
    book = rulebook(game)
    marked = [b for b in book.blocks if b.designed]
    assert marked
    for block in book.blocks:
        text = " ".join(p.text for p in block.parts)
        if "[DESIGNED" in text and block.kind != "table":
            assert block.designed, text[:60]
    heading = next(
        (b for b in book.blocks if b.kind == "heading" and "[DESIGNED]" in b.parts[0].text), None
    )
    if heading is not None:  # its whole section is marked
        i = book.blocks.index(heading)
        for block in book.blocks[i + 1 :]:
            if block.kind == "heading" and block.level <= heading.level:
                break
            assert block.designed


def test_typing_searches_ignoring_apostrophes_and_enter_steps_through(app):
    scene = open_rule(app, "hadrians-wall", "HW-1")
    for ch in "druhid":
        press(app, getattr(pygame, f"K_{ch}"), ch)
    assert scene.search_field.value == "druhid"
    assert len(scene.matches) > 5 and scene.current >= 0
    b, p, start, end = scene.matches[scene.current]
    assert scene.book.blocks[b].parts[p].text[start:end] == "Dru'hid"
    first = scene.current
    press(app, pygame.K_RETURN, "\r")
    assert scene.current == (first + 1) % len(scene.matches)
    press(app, pygame.K_RETURN, "\r", pygame.KMOD_CTRL)
    assert scene.current == first
    y = scene._match_y(scene.layout(), scene.matches[scene.current])
    assert scene.scroll <= y <= scene.scroll + 690  # the match is on the page
    press(app, pygame.K_ESCAPE)  # Escape clears the search first, then leaves
    assert scene.search_field.value == "" and not scene.matches and app.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_search_finds_the_lodge_and_says_when_nothing_matches(app):
    scene = open_rule(app, "runes-of-mayhem", "RM-1")
    for ch in "Lodge":
        press(app, getattr(pygame, f"K_{ch.lower()}"), ch)
    assert len(scene.matches) >= 5 and scene.search_field.status.endswith(f"/{len(scene.matches)}")
    scene.search("zzqqx")
    assert not scene.matches and scene.search_field.status == "no match"
    assert rulebook("runes-of-mayhem").search("völva") == rulebook("runes-of-mayhem").search(
        "VOLVA"
    )


def test_a_link_in_the_reader_jumps_to_its_rule(app):
    scene = open_rule(app, "hadrians-wall", "HW-16.1")
    app.step()
    lay = scene.layout()
    from game.app.scenes.reader import TEXT_X, TOP

    for row in lay.rows:
        top = TOP + row.y - scene.scroll
        if row.links and TOP < top < 700:
            x, w, dy, rule = row.links[0]
            break
    before = scene.scroll
    click(app, (TEXT_X + x, top + dy, w, 14))
    assert (
        scene.top_rule()
        == rulebook("hadrians-wall").blocks[rulebook("hadrians-wall").resolve(rule)].rule
    )
    press(app, pygame.K_BACKSPACE)  # back to where the link was followed from
    assert scene.scroll == before and app.top is scene


def prompt_link(table):
    for words, rect, _colour in table.prompt_texts(table.app.vp):
        for _line, _top, found in links.text_rows(words, rect, 13, table.app.vp):
            if found:
                return found[0]
    return None


def test_a_rule_id_in_the_table_prompt_opens_the_reader_at_it(app):
    table = open_table(app, ["human", "ai:easy"])
    rect, rule = prompt_link(table)
    assert rule.startswith("HW-")
    click(app, rect)
    reader = app.top
    assert isinstance(reader, RulesScene) and reader.game == "hadrians-wall"
    book = reader.book  # the spec with the glossary after its title
    assert reader.target == book.resolve(rule)
    assert (
        book.blocks[reader.target].rule
        == rulebook("hadrians-wall").blocks[rulebook("hadrians-wall").resolve(rule)].rule
    )
    press(app, pygame.K_ESCAPE)
    assert app.top is table


def test_an_illegal_move_message_and_a_log_line_link_their_rules(app):
    table = open_table(app, ["human", "ai:easy"])
    s = table.session
    s.message = "That move is not allowed now (HW-9.2.7)."
    texts = table.prompt_texts(app.vp)
    assert texts[-1][0] == s.message
    found = [
        f for _l, _t, fs in links.text_rows(texts[-1][0], texts[-1][1], 13, app.vp) for f in fs
    ]
    assert found[0][1] == "HW-9.2.7"  # no entry of its own: HW-9.2
    click(app, found[0][0])
    assert isinstance(app.top, RulesScene)
    assert app.top.target == app.top.book.resolve("HW-9.2")
    app.pop()
    s.log.append(LogLine(PUBLIC, "Ch'ariotts clash and are discarded: Red, Green (HW-9.8)"))
    s.shown = len(s.log)
    line, pos, _colour = table.log_rows(app.vp)[-1]
    [(rect, rule)] = links.text_rows(line, (*pos, 1280, 17), 13, app.vp)[0][2]
    assert rule == "HW-9.8"
    click(app, rect)
    assert isinstance(app.top, RulesScene)
    assert app.top.target == app.top.book.resolve("HW-9.8")


def test_f1_opens_the_rule_of_the_tooltip_or_of_the_prompt(app):
    table = open_table(app, ["human", "ai:easy"])
    press(app, pygame.K_F1)  # the mouse is nowhere: the prompt's rule
    assert isinstance(app.top, RulesScene)
    assert app.top.target == app.top.book.resolve(table.view.prompt(table.obs).rule)
    app.pop()
    tipped = [i for i in table.items if RULE_ID.search(i.tooltip)]
    if tipped:
        item = tipped[0]
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION,
                pos=app.vp.point(*center(item.rect)),
                rel=(0, 0),
                buttons=(0, 0, 0),
            )
        )
        app.step()
        press(app, pygame.K_F1)
        rule = RULE_ID.search(item.tooltip).group(0)
        assert app.top.target == app.top.book.resolve(rule)


def test_drawing_the_reader_changes_nothing(app):
    scene = open_rule(app, "stronghold", "SH-18.2.1")
    scene.search("glory")
    before = (scene.scroll, scene.current, scene.target, list(scene.matches))
    for _ in range(3):
        app.draw()
    assert (scene.scroll, scene.current, scene.target, list(scene.matches)) == before
