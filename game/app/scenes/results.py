"""The end of a game: scores, the winner, the game's course as a chart, and what next.

The chart is read from the record: the game is replayed once when the screen opens (the
state is always the replay of its record), and at each round's end (or turn's, as each
game counts) the view's ``chart_reading`` of the open observation gives the values: glory
in Stronghold, points in Hadrian's Wall, terrain cards held in Field of Glory, the
Fortress's SP in Runes of Mayhem.  A game whose view reads no chart, or a record that does
not replay, shows no chart rather than a wrong one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.contract import GameError
from game.core.record import GameRecord

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..session import Session
from ..widgets import Button, fitting
from .title import WoodButton, draw_backdrop, draw_icon, emblem


@dataclass
class Course:
    """A game's course as its chart draws it: ``points`` are (round, action count, one
    value per series); round 0 is the start of round 1."""

    title: str  # N_: what is drawn, by what (the view's chart_title)
    axis: Callable[[], str]  # the unit of the x axis, in the game's own words
    points: list[tuple[int, int, list]]
    colours: list[str]  # keys of theme.seat_colours, one per series
    top: float  # the largest value the scale must hold
    bottom: float  # the smallest (0, or below where a value is negative: HW-12.2 FortHeca)


def game_course(rules, view, record: GameRecord, series: int) -> Course | None:
    """The course of ``record``'s game, replayed once: the view's ``chart_reading`` of the
    open observation at the start of round 1 and at the end of every round played (the
    last one where the game ended in it).  None where the view reads no chart, the game
    did not reach its first round, the values are not one per series (``series``: the
    rows of the results), or the record does not replay."""
    if view.chart_title is None:
        return None
    try:
        state = rules.new_game(record.config, record.seed)
        actions = [rules.parse_action(text) for text in record.actions]
        points: list[tuple[int, int, list]] = []
        reading = view.chart_reading(rules.open_observation(state))
        now = reading.clock
        if now >= 1:
            points.append((0, 0, reading.values))
        crossed = 0
        for step, action in enumerate(actions, 1):
            rules.apply(state, action)
            reading = view.chart_reading(rules.open_observation(state))
            before, now = now, reading.clock
            if now > before:
                if before < 1:  # the set-up is over: the start of round 1
                    points.append((0, step, reading.values))
                points += [(r, step, reading.values) for r in range(max(1, before), now)]
                crossed = step
        if now >= 1 and crossed != len(actions):  # the round the game ended in
            points.append((now, len(actions), reading.values))
        colours, top = reading.colours, reading.top
    except (GameError, ValueError, TypeError, KeyError, AttributeError):
        return None
    if len(points) < 2 or any(len(v) != series for _r, _s, v in points) or len(colours) != series:
        return None
    top = max([top, 1, *(v for _r, _s, values in points for v in values)])
    bottom = min([0, *(v for _r, _s, values in points for v in values)])
    return Course(view.chart_title, view.chart_axis, points, colours, top, bottom)


def _nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 ... that divides ``span`` into at most ``most``."""
    step = 1
    while span / step > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return step


#: the shape of each series' marks, so the lines read apart without their colours
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square")


def marker(surf, shape: str, centre, r: int, colour) -> None:
    x, y = centre
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "triangle":
        points = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
    elif shape == "diamond":
        points = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
    else:  # a circle a pixel wider than the square, to look as large
        pygame.draw.circle(surf, colour, centre, r + 1)
        pygame.draw.circle(surf, theme.INK_DARK, centre, r + 1, max(1, r // 3))
        return
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, theme.INK_DARK, points, max(1, r // 3))


def headline(s: Session) -> str:
    """Who won the finished game of ``s``, in a line ("Red wins!")."""
    rules, state = s.rules, s.state
    winners = rules.winners(state)
    obs = s.rules.observation(state, s.viewer)
    if not winners:
        return _("Nobody wins this game.")
    names = [s.view.seat_label(obs, w) for w in winners]
    if len(names) == 1:
        return _("{name} wins!").format(name=names[0])
    return _("Shared win: {names}").format(names=", ".join(names))


class ResultsScene(Scene):
    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        rows = session.view.results(session.rules.open_observation(session.state))
        #: the game's course, replayed from its record once, here (never while drawing)
        self.course = game_course(session.rules, session.view, session.match.record, len(rows))
        self._chart: tuple | None = None  # (viewport, rect, surface) of the chart drawn
        ui = app.ui_scale
        bw, bh, gap = min(280, 190 * ui), 48 * ui, 20
        left, y = 640 - (4 * bw + 3 * gap) / 2, 690 + 16 * (ui - 1)
        self.widgets = [
            WoodButton(
                (left + i * (bw + gap), y, bw, bh), label, action, tooltip=tip, size=theme.FONT
            )
            for i, (label, action, tip) in enumerate(
                [
                    (_("Play again"), self.again, ""),
                    (_("View log"), self.show_log, ""),
                    (_("Replay"), self.replay, _("Step through the game from the start")),
                    (_("Main menu"), self.to_title, ""),
                ]
            )
        ]
        if app.options.quit_when_over:
            app.quit()

    def close(self) -> None:
        self.session.close()

    def again(self) -> None:
        from .table import TableScene

        s = self.session
        record = s.match.record
        seed = (record.seed * 7919 + 1) % 1_000_000_007
        new = Session.new(
            s.rules, s.view, record.config, seed, record.seats, s.store, ai_pause=s.ai_pause
        )
        self.app.reset(TableScene(self.app, new))

    def replay(self) -> None:
        from .replay import open_replay

        open_replay(self.app, self.session.match.record, at_end=True)

    def show_log(self) -> None:
        self.session.show_all()
        self.app.push(LogScene(self.app, self.session.visible_log()))

    def to_title(self) -> None:
        from .title import TitleScene

        self.app.reset(TitleScene(self.app))

    def on_back(self) -> None:
        self.to_title()

    def headline(self) -> str:
        return headline(self.session)

    def row_rects(self, ui: float, count: int) -> list[tuple]:
        """The panels of the seats' results between the headline and the buttons, left
        of the chart (across the screen when there is no chart): as tall as the UI scale
        wants, closer together when four seats need the room."""
        top, bottom = 170 + 10 * (ui - 1), self.widgets[0].rect[1] - 22
        step = min(124 * ui, (bottom - top) / max(1, count))
        if self.course is None:
            w = min(1100, 800 + 400 * (ui - 1))
            x = 640 - w / 2
        else:
            x, w = 40, 400
        return [(x, top + i * step, w, min(112 * ui, step - 12)) for i in range(count)]

    def chart_rect(self) -> tuple:
        top = 170 + 10 * (self.app.ui_scale - 1)
        return (464, top, 1240 - 464, self.widgets[0].rect[1] - 22 - top)

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 215)
        s = self.session
        self.draw_heading(surf, vp)
        rows = s.view.results(s.rules.open_observation(s.state))
        colours = theme.seat_colours(s.rules.name)
        for i, (row, rect) in enumerate(zip(rows, self.row_rects(vp.ui, len(rows)), strict=True)):
            self.draw_row(surf, vp, i, row, rect, colours)
        if self.course is not None:
            self.draw_chart(surf, vp, rows)
        self.draw_widgets(surf, vp, mouse)

    def draw_heading(self, surf, vp) -> None:
        """The game's title between its emblems, and the headline (who won)."""
        ui = vp.ui
        game = self.session.rules.name
        name = paint.text(
            surf,
            vp,
            self.session.rules.title,
            (640, 46),
            26 / ui**0.5,
            theme.INK_DIM,
            "display",
            "center",
        )
        for side, x in ((emblem(game), name.left), (emblem(game, True), name.right)):
            gap = (-1 if side == emblem(game) else 1) * vp.size(30 * ui**0.5)
            draw_icon(
                surf, vp, side, vp.to_design((x + gap, name.centery)), 30 / ui**0.5, theme.ACCENT
            )
        headline = self.headline()
        paint.text(
            surf,
            vp,
            headline,
            (640, 110 - 6 * (ui - 1)),
            fitting(vp, headline, 52 / ui**0.5, 1200, "display-bold"),
            theme.ACCENT,
            "display-bold",
            "center",
        )

    def draw_row(self, surf, vp, i: int, row: tuple, rect: tuple, colours: dict) -> None:
        """A seat's panel: its mark in the chart (if any), its name, score and detail."""
        who, score, detail = row
        ui = vp.ui
        big = theme.FONT_BIG * ui
        small = theme.FONT_SMALL * ui
        x, y, w, h = rect
        pad = min(12 * ui, (h - big * 1.2 - small * 1.2) / 3)
        paint.panel(surf, vp, rect, theme.PANEL, theme.PANEL_EDGE)
        left = x + 16
        if self.course is not None:  # the row's mark in the chart, as in its legend
            r = vp.size(7 * ui)
            at = vp.point(x + 16 + 8 * ui, y + pad + big * 0.6)
            marker(
                surf,
                MARKERS[i % len(MARKERS)],
                at,
                r,
                colours.get(self.course.colours[i], theme.INK),
            )
            left = x + 16 + 22 * ui
        top = pad + big * 1.25
        if self.draw_name_and_score(surf, vp, who, score, rect, left, pad):
            top += big * 1.15
        paint.text_in(
            surf,
            vp,
            detail,
            (x + 16, y + top, w - 32, h - top - pad / 2),
            theme.FONT_SMALL,
            theme.INK_DIM,
        )

    def draw_name_and_score(self, surf, vp, who, score, rect, left, pad) -> bool:
        """A seat's name at ``left`` and its score at the right of its panel, on one line
        if they share it at a size that can be read, else the score under the name
        (True)."""
        x, y, w, _h = rect
        big = theme.FONT_BIG * vp.ui
        score_w = fonts.font(vp.font_px(theme.FONT_BIG), "bold").size(score)[0] / vp.scale
        room = x + w - 16 - score_w - left - 14
        if fitting(vp, who, theme.FONT_BIG, room, "bold") < theme.FONT_BIG * 0.75:
            # the name and the score do not share a line at this text size: the score
            # goes under the name, both at a size that can be read
            paint.text(
                surf,
                vp,
                who,
                (left, y + pad),
                fitting(vp, who, theme.FONT_BIG, x + w - 16 - left, "bold"),
                theme.INK,
                "bold",
            )
            paint.text(
                surf,
                vp,
                score,
                (x + w - 16, y + pad + big * 1.15),
                fitting(vp, score, theme.FONT_BIG, w - 32, "bold"),
                theme.ACCENT,
                "bold",
                "topright",
            )
            return True
        paint.text(
            surf, vp, score, (x + w - 16, y + pad), theme.FONT_BIG, theme.ACCENT, "bold", "topright"
        )
        paint.text(
            surf,
            vp,
            who,
            (left, y + pad),
            fitting(vp, who, theme.FONT_BIG, room, "bold"),
            theme.INK,
            "bold",
        )
        return False

    def draw_chart(self, surf, vp, rows) -> None:
        """The chart, drawn once per window size and copied on every frame."""
        rect = self.chart_rect()
        kept = self._chart
        if kept is None or kept[0] != vp or kept[1] != rect:
            r = vp.rect(rect)
            picture = pygame.Surface(r.size, pygame.SRCALPHA)
            local = vp.__class__(
                r.w, r.h, vp.scale, round(-rect[0] * vp.scale), round(-rect[1] * vp.scale), vp.ui
            )
            ChartPainter(
                self.course,
                [who for who, _s, _d in rows],
                theme.seat_colours(self.session.rules.name),
            ).paint(picture, local, rect)
            self._chart = kept = (vp, rect, picture)
        surf.blit(kept[2], vp.rect(rect).topleft)


class ChartPainter:
    """Draws a ``Course`` on parchment in a wooden frame: its title, a legend, the axes with
    their numbers, and a line per series in its seat colour with its own marks."""

    def __init__(self, course: Course, labels: list[str], colours) -> None:
        self.course = course
        self.labels = labels
        self.colours = [colours.get(key, theme.INK_DARK) for key in course.colours]

    def paint(self, surf, vp, rect) -> None:
        x, y, w, h = rect
        ui = vp.ui
        r = vp.rect(rect)
        pygame.draw.rect(surf, theme.WOOD_DARK, r, border_radius=vp.size(10))
        pygame.draw.rect(
            surf, theme.WOOD, r.inflate(-vp.size(6), -vp.size(6)), border_radius=vp.size(8)
        )
        pygame.draw.rect(
            surf, theme.PARCHMENT, r.inflate(-vp.size(16), -vp.size(16)), border_radius=vp.size(6)
        )
        top = y + 18
        paint.text(
            surf,
            vp,
            _(self.course.title),
            (x + w / 2, top),
            22,
            theme.INK_DARK,
            "display-bold",
            "midtop",
            fit=w - 40,
        )
        top += 22 * ui * 1.3
        top = self.legend(surf, vp, x + 24, top, w - 48) + 6
        self.plot(surf, vp, (x + 24, top, w - 48, y + h - 14 - top))

    def legend(self, surf, vp, x, y, w) -> float:
        """The series' marks and names in rows across the chart; the y below them."""
        ui = vp.ui
        size = theme.FONT_SMALL
        line = size * ui * 1.6
        cx, cy = x, y
        for i, label in enumerate(self.labels):
            width = 22 * ui + fonts.font(vp.font_px(size)).size(label)[0] / vp.scale + 18
            if cx > x and cx + width > x + w:
                cx, cy = x, cy + line
            marker(
                surf,
                MARKERS[i % len(MARKERS)],
                vp.point(cx + 8 * ui, cy + line / 2 - 2),
                vp.size(6 * ui),
                self.colours[i],
            )
            paint.text(
                surf,
                vp,
                label,
                (cx + 20 * ui, cy + line / 2 - 2),
                size,
                theme.INK_DARK,
                anchor="midleft",
                fit=max(40, w - 22 * ui),
            )
            cx += width
        return cy + line

    def plot(self, surf, vp, rect) -> None:
        x, y, w, h = rect
        ui = vp.ui
        course = self.course
        small = theme.FONT_SMALL
        last = course.points[-1][0]
        ystep = _nice_step(course.top - course.bottom, 6)
        ymax = math.ceil(course.top / ystep) * ystep
        ymin = math.floor(course.bottom / ystep) * ystep
        label_w = (
            max(fonts.font(vp.font_px(small)).size(str(int(k)))[0] for k in (ymin, ymax)) / vp.scale
            + 10
        )
        px, pw = x + label_w, w - label_w - 8
        ph = h - small * ui * 3.2  # room under the plot: the rounds' numbers, the axis name
        py = y + 10  # a line at the scale's top keeps its marks inside
        ph -= 10

        def at(rnd: float, value: float) -> tuple[int, int]:
            return vp.point(
                px + pw * rnd / max(1, last), py + ph - ph * (value - ymin) / (ymax - ymin)
            )

        grid, axis = (214, 200, 168), theme.WOOD_DARK
        for k in range(int(ymin), int(ymax) + 1, ystep):
            left, right = at(0, k), at(last, k)
            pygame.draw.line(surf, grid if k else axis, left, right, max(1, vp.size(1)))
            paint.text(
                surf,
                vp,
                str(k),
                (px - 6, vp.to_design(left)[1]),
                small,
                theme.INK_DARK,
                anchor="midright",
            )
        pygame.draw.line(surf, axis, at(0, ymin), at(0, ymax), max(1, vp.size(1.5)))
        tick_w = fonts.font(vp.font_px(small)).size(str(last) + "00")[0] / vp.scale
        xstep = _nice_step(last, max(1, int(pw // tick_w)))
        for rnd in range(0, last + 1, xstep):
            foot = at(rnd, ymin)
            pygame.draw.line(surf, axis, foot, (foot[0], foot[1] + vp.size(4)), max(1, vp.size(1)))
            paint.text(
                surf,
                vp,
                str(rnd),
                (vp.to_design(foot)[0], py + ph + 6),
                small,
                theme.INK_DARK,
                anchor="midtop",
            )
        paint.text(
            surf,
            vp,
            course.axis(),
            (px + pw / 2, py + ph + 6 + small * ui * 1.4),
            small,
            theme.INK_DARK,
            "bold",
            "midtop",
        )
        n = len(self.colours)
        width = max(2, vp.size(3))
        for i, colour in enumerate(self.colours):
            nudge = (i - (n - 1) / 2) * vp.size(2.5)  # equal values still show every line
            spots = [
                (at(rnd, values[i])[0] + nudge, at(rnd, values[i])[1])
                for rnd, _step, values in course.points
            ]
            pygame.draw.lines(surf, theme.INK_DARK, False, spots, width + 2)
            pygame.draw.lines(surf, colour, False, spots, width)
            for spot in spots:
                marker(surf, MARKERS[i % len(MARKERS)], spot, vp.size(4.5 * ui), colour)


class LogScene(Scene):
    """Every line of a game's log, scrolled with the wheel."""

    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, lines: list[str]) -> None:
        super().__init__(app)
        self.lines = lines
        self.scroll = 0
        ui = app.ui_scale
        self.widgets = [
            Button((640 - 80 * ui, 774 - 44 * ui, 160 * ui, 44 * ui), _("Back"), app.pop)
        ]

    def on_back(self) -> None:
        self.app.pop()

    def on_wheel(self, inp) -> None:
        self.scroll = max(0, self.scroll + inp.dy * 3)

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 225)  # the whole window, also wider than 16:10
        bottom = self.widgets[0].rect[1] - 14
        paint.panel(surf, vp, (140, 30, 1000, bottom - 30))
        size, step = theme.FONT_SMALL, 17 * vp.text_h(theme.FONT_SMALL) / theme.FONT_SMALL
        wrapped = []
        for line in self.lines:
            wrapped.extend(fonts.wrap(line, vp.font_px(size), vp.size(960)))
        rows = max(1, int((bottom - 30 - 28) // step))
        end = max(0, len(wrapped) - self.scroll)
        for i, line in enumerate(wrapped[max(0, end - rows) : end]):
            paint.text(surf, vp, line, (160, 44 + i * step), size, theme.INK)
        self.draw_widgets(surf, vp, mouse)
