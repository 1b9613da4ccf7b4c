"""One tooltip box in the program: the deck screen (Runes of Mayhem's X1, RM-19) draws the
tooltip of the card under the pointer in the box the table and the replay draw theirs in
(links.tip_box): as wide as theirs at every text size, inside the window, its words in it
and its rule IDs drawn as links."""

from __future__ import annotations

import pytest
from app_helpers import make_app, open_table

from game.app import i18n, links, paint, theme
from game.app.scenes.deck import DeckScene
from game.app.view_registry import get_view

TIP_FILL = (24, 26, 30)


def tip_boxes(app) -> tuple[list, list]:
    """The tooltip boxes (pixels) and the rule IDs drawn as links in the next frame."""
    boxes, found = [], []
    panel, draw_links = paint.panel, links.draw_links

    def panel_spy(surf, vp, rect, colour=theme.PANEL, edge=theme.PANEL_EDGE, *args, **kw):
        r = panel(surf, vp, rect, colour, edge, *args, **kw)
        if colour == TIP_FILL and edge == theme.ACCENT:
            boxes.append(r)
        return r

    def links_spy(surf, vp, line, rules, *args, **kw):
        found.extend(rule for _r, rule in rules)
        return draw_links(surf, vp, line, rules, *args, **kw)

    paint.panel, links.draw_links = panel_spy, links_spy
    try:
        app.draw()
    finally:
        paint.panel, links.draw_links = panel, draw_links
    return boxes, found


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_deck_screen_tooltip_is_the_tables_box(tmp_path, lang):
    for size in ((1280, 800), (1920, 1080)):
        for scale in (1.0, 1.5):
            app = make_app(tmp_path / f"{size[0]}-{scale}", size=size, lang=lang)
            try:
                app.settings.ui_scale = scale
                app.apply_settings()
                table = open_table(app, ["human", "human"], seed=4)
                fort = next(i for i in table.items if i.key[0] == "wall")
                x, y, w, h = fort.rect
                app.mouse = (x + w / 2, y + h / 2)
                table_boxes, _rules = tip_boxes(app)
                assert len(table_boxes) == 1
                view = get_view("runes-of-mayhem")
                config = {"players": 2, "modules": ["X1"]}
                deck = DeckScene(app, view, config, [0], ["A", "B"], lambda d: None)
                app.reset(deck)
                app.step()
                basic = next(c for c in deck.rects if c in deck.basic)  # its tip names RM-19.2.1
                x, y, w, h = deck.rects[basic]
                app.mouse = (x + w / 2, y + h / 2)
                boxes, rules = tip_boxes(app)
                assert len(boxes) == 1
                assert boxes[0].w == table_boxes[0].w  # the table's width, at this text size
                assert app.screen.get_rect().contains(boxes[0])
                assert "RM-19.2.1" in rules  # a link, as on the table
            finally:
                app.close()
                i18n.set_language("en")
