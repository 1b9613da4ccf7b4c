"""Deck construction before a game (Runes of Mayhem module X1, RM-19): each person at the
screen builds his deck out of his faction's pool, card by card.

The pool's names lie on the left as cards, the deck on the right; a click on a card
moves all its copies across (RM-19.2.2).  Basic units are always in (RM-19.2.1).  The
counters over the cards show the construction limits; an addition or removal the engine
refuses (too many cards, a basic unit out) changes nothing and says why in one line.
Presets of the rules are starting points ("Start from: ...").  The view of the game knows
the pool and asks the engine whether a list is legal (``deck_pool``, ``deck_default``,
``deck_problem``, ``deck_refusal``, ``deck_size``, ``deck_presets``); the scene only
moves names and counts cards.  People build one after the other, the screen covered
between them (RM-19.3: in secret).  When every person has built a deck, ``on_done``
receives the chosen names per seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from .. import fonts, i18n, links, paint, theme
from ..i18n import _, ngettext
from ..scene import Scene
from ..widgets import Button, fitting, inside
from .title import draw_backdrop

GAP = 8  # design pixels between cards
SLIDE = 0.3  # seconds a card takes to cross to the other side (at the normal speed)
CARD_RATIO = 1.4  # a card's height to its width
HEAD_Y, COUNTERS_Y = 12, 56


class DeckScene(Scene):
    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(
        self,
        app,
        view,
        config: dict,
        seats: list[int],
        labels: list[str],
        on_done: Callable[[dict], None],
        on_back: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.view = view
        self.config = config
        self.seats = list(seats)
        self.labels = labels
        self.on_done = on_done
        self.back = on_back
        self.decks: dict[int, set[str]] = {}
        self.index = 0
        self.cover = False  # the screen covered until the next person takes it
        self.note = ""  # the last refusal, one line
        self._shape = None
        self.slides: dict[str, tuple[tuple, float]] = {}  # a card crossing: (from, since)
        self.start_seat()

    @property
    def seat(self) -> int:
        return self.seats[self.index]

    # ------------------------------------------------------------------ the deck
    def start_seat(self) -> None:
        self.pool = self.view.deck_pool(self.seat, self.config)
        self.copies = {c: n for c, _name, n, _basic, _tip in self.pool}
        self.names = {c: name for c, name, _n, _basic, _tip in self.pool}
        self.basic = {c for c, _name, _n, basic, _tip in self.pool if basic}
        self.tips = {c: tip for c, _name, _n, _basic, tip in self.pool}
        self.size = self.view.deck_size(self.config)
        self.presets = self.view.deck_presets(self.seat, self.config)
        self.chosen = set(self.view.deck_default(self.seat, self.config)) & set(self.copies)
        self.note = ""
        self.build()

    def count(self) -> int:
        return sum(self.copies[c] for c in self.chosen)

    def problem(self) -> str | None:
        return self.view.deck_problem(self.seat, sorted(self.chosen), self.config)

    def in_deck(self, c: str) -> bool:
        return c in self.chosen

    def move(self, c: str) -> bool:
        """All copies of ``c`` into the deck or out of it; refused with the engine's reason
        (and nothing changed) where the list would break a limit no later move mends."""
        after = self.chosen ^ {c}
        why = self.view.deck_refusal(self.seat, sorted(after), self.config)
        if why is not None:
            n = self.copies[c]
            self.note = (
                _("{name} ×{n} cannot go in: {why}")
                if c not in self.chosen
                else _("{name} ×{n} cannot go out: {why}")
            ).format(name=self.names[c], n=n, why=why)
            return False
        self.chosen = after
        self.note = ""
        self.build(slide=True)
        return True

    def start_from(self, names: set[str]) -> None:
        """A preset as the deck (the presets are legal lists of the engine)."""
        self.chosen = set(names) & set(self.copies)
        self.note = ""
        self.build(slide=True)

    # ------------------------------------------------------------------ layout
    def frame(self) -> tuple[float, float, float, float]:
        """The window's design area, a margin inside."""
        vp = self.app.vp
        return vp.left + 20, vp.top + 10, vp.design_w - 40, vp.design_h - 20

    def rows(self) -> dict[str, float]:
        """The heights of the bands from the top: heading, counters, cards, presets,
        message, buttons (the text ones grow with the UI scale)."""
        ui = self.app.ui_scale
        x, y, w, h = self.frame()
        head = y + 4
        counters = head + 36 * ui
        cards = counters + 28 * ui + 10
        bh = 44 + 16 * (ui - 1)
        buttons = y + h - bh
        note = buttons - 8 - 20 * ui
        presets = note - 6 - (30 + 8 * (ui - 1))
        return {
            "head": head,
            "counters": counters,
            "cards": cards,
            "presets": presets,
            "note": note,
            "buttons": buttons,
            "bh": bh,
        }

    def areas(self) -> tuple[tuple, tuple]:
        """The pool's area on the left and the deck's on the right, each as wide as the
        cards it may hold need (the deck may hold every name, the pool every name that
        is not a basic unit)."""
        x, _y, w, _h = self.frame()
        rows = self.rows()
        top = rows["cards"] + 24 * self.app.ui_scale  # under the area's title
        bottom = rows["presets"] - 10
        n_deck, n_pool = len(self.pool), max(1, len(self.pool) - len(self.basic))
        split = (w - 24) * n_pool / (n_pool + n_deck)
        return (x, top, split, bottom - top), (x + split + 24, top, w - split - 24, bottom - top)

    @staticmethod
    def grid(area, n: int) -> tuple[float, float, int]:
        """The largest cards that lay ``n`` cards in ``area``: (width, height, columns)."""
        _x, _y, w, h = area
        best = (0.0, 0.0, 1)
        for cols in range(1, max(1, n) + 1):
            rows = -(-max(1, n) // cols)
            cw = min((w - (cols - 1) * GAP) / cols, ((h - (rows - 1) * GAP) / rows) / CARD_RATIO)
            if cw > best[0]:
                best = (cw, cw * CARD_RATIO, cols)
        return best

    def card_rects(self) -> dict[str, tuple]:
        """Each name's card: in the pool's area when out of the deck, else in the deck's,
        in the pool's order (RM-19.1)."""
        pool_area, deck_area = self.areas()
        out = {}
        for area, names in (
            (pool_area, [c for c, *_r in self.pool if c not in self.chosen]),
            (deck_area, [c for c, *_r in self.pool if c in self.chosen]),
        ):
            capacity = (
                len(self.pool) if area is deck_area else max(1, len(self.pool) - len(self.basic))
            )
            cw, ch, cols = self.grid(area, capacity)
            for i, c in enumerate(names):
                row, col = divmod(i, cols)
                out[c] = (area[0] + col * (cw + GAP), area[1] + row * (ch + GAP), cw, ch)
        return out

    def build(self, slide: bool = False) -> None:
        """Lay the screen out; with ``slide`` the cards that changed sides travel there
        (eased, at the animation speed of the settings; instant: at once)."""
        ui = self.app.ui_scale
        vp = self.app.vp
        self._shape = (vp.width, vp.height, ui)
        x, w = 20, 1240  # the buttons in the 1280x800 box, the cards in the whole window
        rows = self.rows()
        bh, by = rows["bh"], rows["buttons"]
        now = time.monotonic()
        shown = {c: self.shown_rect(c, now) for c in getattr(self, "rects", {})}
        self.rects = self.card_rects()
        self.slides = {
            c: (shown[c], now)
            for c in self.rects
            if slide and c in shown and shown[c] != self.rects[c] and self.slide_time() > 0
        }
        last = self.index == len(self.seats) - 1
        wide = 260 + 60 * (ui - 1)
        self.done_button = Button(
            (x + w - wide, by, wide, bh),
            _("Start the game") if last else _("Next player"),
            self.done,
            enabled=self.problem() is None,
            size=theme.FONT_BIG,
            tooltip=self.words("confirm").format(n=self.size),
        )
        widgets = [
            Button((x, by, 200 + 40 * (ui - 1), bh), _("Back"), self.on_back, size=theme.FONT_BIG)
        ]
        # the presets: "Start from:" and as many as the row holds, the base deck first
        label = _("Start from:")
        px = x + fonts.font(vp.font_px(theme.FONT_SMALL), "bold").size(label)[0] / vp.scale + 12
        ph = 30 + 8 * (ui - 1)
        self.preset_buttons = []
        for name, tip, names in self.presets:
            tw = fonts.font(vp.font_px(theme.FONT_SMALL)).size(name)[0] / vp.scale + 24
            if px + tw > x + w:
                break
            b = Button(
                (px, rows["presets"], tw, ph),
                name,
                self._starter(names),
                tooltip=tip,
                size=theme.FONT_SMALL,
                selected=set(names) & set(self.copies) == self.chosen,
            )
            self.preset_buttons.append(b)
            px += tw + 10
        self.widgets = widgets + self.preset_buttons + [self.done_button]

    def slide_time(self) -> float:
        from ..settings_store import SPEEDS

        return SLIDE * SPEEDS.get(getattr(self.app.settings, "speed", "normal"), 1.0)

    def shown_rect(self, c: str, now: float) -> tuple:
        """Where card ``c`` is drawn now: on its way to its place, or there."""
        from ..motion import ease_in_out_cubic, lerp

        rect = self.rects[c]
        if c not in self.slides:
            return rect
        start, since = self.slides[c]
        t = (now - since) / max(1e-6, self.slide_time())
        if t >= 1:
            del self.slides[c]
            return rect
        e = ease_in_out_cubic(t)
        return tuple(lerp(a, b, e) for a, b in zip(start, rect, strict=True))

    def _starter(self, names: set[str]):
        return lambda: self.start_from(names)

    # ------------------------------------------------------------------ input
    def handle(self, inp) -> None:
        if self.cover:
            if inp.kind == "click" or inp.kind == "key" and inp.key in ("return", "enter", "space"):
                self.cover = False
            return
        super().handle(inp)

    def on_click(self, inp) -> None:
        if inp.button != 1:
            return
        for c, rect in self.rects.items():
            if inside(rect, inp.pos):
                self.move(c)
                return

    def on_key(self, inp) -> None:
        if inp.key in ("return", "enter"):
            self.done()  # Confirm, for a legal deck
        else:
            super().on_key(inp)

    def on_back(self) -> None:
        if self.back is not None:
            self.back()
        else:
            self.app.pop()

    def update(self, dt: float) -> None:
        vp = self.app.vp
        if self._shape != (vp.width, vp.height, self.app.ui_scale):
            self.build()  # the window or the text size changed: lay out anew

    def done(self) -> None:
        if self.problem() is not None:
            return
        self.decks[self.seat] = set(self.chosen)
        if self.index < len(self.seats) - 1:
            self.index += 1
            self.start_seat()
            self.cover = True  # the next person's pool only once he has the screen
            return
        self.app.pop()
        self.on_done(self.decks)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, vp, mouse) -> None:
        """The screen: what only a move or the window changes is drawn once and kept
        (``_kept``), the pointer's outline, the buttons and a tooltip every frame."""
        if self.cover:
            draw_backdrop(surf, 225)
            self.draw_cover(surf, vp)
            return
        key = (
            surf.get_size(),
            vp,
            frozenset(self.chosen),
            self.note,
            self.index,
            i18n.language(),
            theme.colour_blind(),
        )
        kept = getattr(self, "_kept", None)
        if self.slides or kept is None or kept[0] != key:
            layer = pygame.Surface(surf.get_size())
            self.draw_kept(layer, vp)
            kept = None if self.slides else (key, layer)  # a card in motion: every frame
            self._kept = kept
            surf.blit(layer, (0, 0))
        else:
            surf.blit(kept[1], (0, 0))
        hover = next(
            (c for c, rect in self.rects.items() if c not in self.slides and inside(rect, mouse)),
            None,
        )
        if hover is not None:
            paint.outline(
                surf,
                vp,
                self.rects[hover],
                theme.HILITE if hover not in self.basic else theme.INK_DIM,
                3,
                6,
            )
        self.draw_widgets(surf, vp, mouse)
        self.draw_tips(surf, vp, mouse, hover)

    def draw_kept(self, surf, vp) -> None:
        """Everything but the pointer's marks: backdrop, heading, counters, the two sides
        and their cards, the presets' caption and the line on the deck."""
        draw_backdrop(surf, 225)  # the whole window, also wider than 16:10
        ui = vp.ui
        x, _y, w, _h = self.frame()
        rows = self.rows()
        heading = self.words("heading").format(who=self.labels[self.seat])
        paint.text(
            surf,
            vp,
            heading,
            (x + w / 2, rows["head"]),
            fitting(vp, heading, 28, w, "display-bold"),
            theme.ACCENT,
            "display-bold",
            "midtop",
        )
        self.draw_counters(surf, vp, rows["counters"])
        pool_area, deck_area = self.areas()
        n_out = len(self.pool) - len(self.chosen)
        for area, title in (
            (
                pool_area,
                ngettext(
                    "Pool: {n} name out of the deck", "Pool: {n} names out of the deck", n_out
                ).format(n=n_out),
            ),
            (
                deck_area,
                ngettext("Deck: {n} name", "Deck: {n} names", len(self.chosen)).format(
                    n=len(self.chosen)
                ),
            ),
        ):
            ax, ay, aw, ah = area
            paint.panel(
                surf,
                vp,
                (ax - 6, ay - 26 * ui, aw + 12, ah + 26 * ui + 6),
                (30, 32, 36),
                theme.PANEL_EDGE,
                radius=8,
            )
            paint.text(
                surf,
                vp,
                title,
                (ax, ay - 24 * ui),
                fitting(vp, title, theme.FONT_SMALL, aw, "bold"),
                theme.INK,
                "bold",
            )
        self.draw_hint(surf, vp, pool_area)
        unit = round(vp.scale, 3)
        now = time.monotonic()
        for c in sorted(self.rects, key=lambda c: c in self.slides):  # crossing: on top
            rect = self.shown_rect(c, now)
            r = vp.rect(rect)
            surf.blit(self.view.deck_face(r.w, r.h, c, unit), r)
            self.draw_count(surf, vp, rect, c)
        paint.text(
            surf,
            vp,
            _("Start from:"),
            (20, rows["presets"] + (30 + 8 * (ui - 1)) / 2),
            theme.FONT_SMALL,
            theme.INK_DIM,
            "bold",
            "midleft",
        )
        problem = self.problem()
        line = (
            self.note
            or (problem if problem and self.count() != self.size else "")
            or (self.words("legal") if problem is None else problem)
        )
        paint.text(
            surf,
            vp,
            line,
            (x + w / 2, rows["note"]),
            fitting(vp, line, theme.FONT_SMALL, w),
            theme.DANGER if self.note or problem else theme.OK,
            "bold",
            "midtop",
        )

    def words(self, place: str) -> str:
        """The game's words at ``place`` of the screen (its view's ``deck_words``: they
        cite its rules), in the player's language; empty where it has none."""
        text = self.view.deck_words.get(place, "")
        return _(text) if text else ""

    def draw_tips(self, surf, vp, mouse, hover) -> None:
        """The tooltip of the button, counter or card under the pointer."""
        tip = next((b.tooltip for b in self.widgets if b.hit(mouse) and b.tooltip), None) or next(
            (
                rule
                for (_w, _k, rule), rect in zip(self.counters(), self.counter_rects(), strict=True)
                if inside(rect, mouse)
            ),
            None,
        )
        if tip is None and hover is not None:
            tip = self.tips.get(hover, "")
            if hover in self.basic:
                tip += "\n" + self.words("basic")
            else:
                n = self.copies[hover]
                tip += "\n" + (
                    ngettext(
                        "Click: its {n} copy out of the deck.",
                        "Click: all {n} copies out of the deck.",
                        n,
                    )
                    if hover in self.chosen
                    else ngettext(
                        "Click: its {n} copy into the deck.",
                        "Click: all {n} copies into the deck.",
                        n,
                    )
                ).format(n=n)
        if tip:
            self.draw_tip(surf, vp, tip, mouse)

    def draw_hint(self, surf, vp, area) -> None:
        """How to build, in the room under the pool's cards."""
        ax, ay, aw, ah = area
        out = [r for c, r in self.rects.items() if c not in self.chosen]
        top = max((r[1] + r[3] for r in out), default=ay) + 16
        words = _(
            "Click a card to move all its copies to the other side. Basic units "
            "(locked) always stay in the deck."
        )
        if ay + ah - top >= 3 * vp.text_h(theme.FONT_SMALL) * 1.2:
            paint.text_in(
                surf,
                vp,
                words,
                (ax + 10, top, aw - 20, ay + ah - top),
                theme.FONT_SMALL,
                theme.INK_DIM,
                align="center",
            )

    def counters(self) -> list[tuple[str, bool, str]]:
        """The construction limits as counters: (words, kept, the rule in full)."""
        n = self.count()
        basics = sum(self.copies[c] for c in self.basic)
        basics_in = sum(self.copies[c] for c in self.basic if c in self.chosen)
        return [
            (
                _("Cards: {n} / {m}").format(n=n, m=self.size),
                n == self.size,
                self.words("size").format(n=self.size),
            ),
            (
                _("Basic units: {n} / {m}").format(n=basics_in, m=basics),
                basics_in == basics,
                self.words("basics"),
            ),
            (
                _("All copies or none"),
                True,
                self.words("copies"),
            ),
        ]

    def counter_rects(self) -> list[tuple]:
        x, _y, w, _h = self.frame()
        n = len(self.counters())
        each = (w - 10 * (n - 1)) / n
        y = self.rows()["counters"]
        return [(x + i * (each + 10), y, each, 28 * self.app.ui_scale) for i in range(n)]

    def draw_counters(self, surf, vp, y) -> None:
        for i, ((words, kept, _tip), rect) in enumerate(
            zip(self.counters(), self.counter_rects(), strict=True)
        ):
            rx, ry, each, h = rect
            paint.panel(
                surf,
                vp,
                rect,
                (28, 40, 32) if kept else (52, 30, 28),
                theme.OK if kept else theme.DANGER,
                radius=6,
            )
            if i == 0:  # the deck's fill as a bar under the words
                share = min(1.0, self.count() / self.size)
                paint.panel(
                    surf,
                    vp,
                    (rx + 2, ry + h - 5, (each - 4) * share, 3),
                    theme.OK if kept else theme.ACCENT,
                    theme.OK if kept else theme.ACCENT,
                    radius=1,
                )
            paint.text(
                surf,
                vp,
                words,
                (rx + each / 2, ry + h / 2),
                theme.FONT_SMALL,
                theme.INK,
                "bold",
                "center",
                fit=each - 12,
            )

    def draw_count(self, surf, vp, rect, c: str) -> None:
        """The copies of a name in its card's foot, right of its strength and life, and a
        lock on the picture of a basic unit (always in, RM-19.2.1)."""
        x, y, w, h = rect
        foot = self.view.deck_foot(h)
        cy = y + h - w * 0.055 - foot / 2
        img = fonts.text(f"×{self.copies[c]}", vp.text_px(13), theme.INK, "bold")
        pw, ph = img.get_width() / vp.scale + 8, min(foot - 4, 20)
        box = (x + w - w * 0.055 - pw - 3, cy - ph / 2, pw, ph)
        paint.panel(surf, vp, box, (40, 36, 34), (40, 36, 34), radius=6)
        surf.blit(img, img.get_rect(center=vp.rect(box).center))
        if c in self.basic:  # on the picture's free top left corner (costs: top right)
            from .. import art

            r = vp.rect(rect)
            picture = self.view.deck_art(r.w, r.h, c, round(vp.scale, 3))
            side = vp.size(18)
            centre = (r.x + picture.x + side // 2 + 2, r.y + picture.y + side // 2 + 2)
            pygame.draw.circle(surf, (40, 36, 34), centre, side // 2 + 1)
            icon = art.icon("padlock", int(side * 0.7), theme.PARCHMENT)
            surf.blit(icon, icon.get_rect(center=centre))

    def draw_tip(self, surf, vp, tip: str, mouse) -> None:
        """The tooltip's box, as the table and the replay draw theirs (its rule IDs
        shown as links)."""
        links.tip_box(surf, vp, mouse, tip)

    def draw_cover(self, surf, vp) -> None:
        who = self.labels[self.seat]
        paint.text(
            surf,
            vp,
            _("Pass to {name}").format(name=who),
            (640, 340),
            theme.FONT_TITLE,
            theme.ACCENT,
            "serif",
            "center",
        )
        paint.text(
            surf,
            vp,
            _("{name}, click when ready.").format(name=who),
            (640, 420),
            theme.FONT_BIG,
            theme.INK,
            anchor="center",
        )
        words = self.words("secret")
        paint.text(
            surf,
            vp,
            words,
            (640, 470),
            fitting(vp, words, theme.FONT, 1200),
            theme.INK_DIM,
            anchor="center",
        )
