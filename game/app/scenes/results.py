"""The end of a game: scores, the winner, and what next."""

from __future__ import annotations

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..session import Session
from ..widgets import Button, fitting


class ResultsScene(Scene):
    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        ui = app.ui_scale
        bw, bh, gap = min(280, 190 * ui), 48 * ui, 20
        left, y = 640 - (4 * bw + 3 * gap) / 2, 680 + 24 * (ui - 1)
        self.widgets = [
            Button((left + i * (bw + gap), y, bw, bh), label, action, tooltip=tip)
            for i, (label, action, tip) in enumerate([
                (_("Play again"), self.again, ""),
                (_("View log"), self.show_log, ""),
                (_("Replay"), self.replay, _("Step through the game from the start")),
                (_("Main menu"), self.to_title, ""),
            ])
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
        new = Session.new(s.rules, s.view, record.config, seed, record.seats, s.store,
                          ai_pause=s.ai_pause)
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
        s = self.session
        rules, state = s.rules, s.state
        winners = rules.winners(state)
        obs = s.rules.observation(state, s.viewer)
        if not winners:
            return _("Nobody wins this game.")
        names = [s.view.seat_label(obs, w) for w in winners]
        if len(names) == 1:
            return _("{name} wins!").format(name=names[0])
        return _("Shared win: {names}").format(names=", ".join(names))

    def row_rects(self, ui: float, count: int) -> list[tuple]:
        """The panels of the seats' results between the headline and the buttons: as
        tall as the UI scale wants, closer together when four seats need the room."""
        top, bottom = 240 - 30 * (ui - 1), self.widgets[0].rect[1] - 24
        step = min(96 * ui, (bottom - top) / max(1, count))
        w = min(1100, 800 + 400 * (ui - 1))
        return [(640 - w / 2, top + i * step, w, min(84 * ui, step - 12))
                for i in range(count)]

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        s = self.session
        ui = vp.ui
        paint.text(surf, vp, s.rules.title, (640, 90 - 40 * (ui - 1)), theme.FONT_BIG,
                   theme.INK_DIM, "serif", "center")
        headline = self.headline()
        paint.text(surf, vp, headline, (640, 160 - 20 * (ui - 1)),
                   fitting(vp, headline, 48, 1200, "serif"), theme.ACCENT, "serif", "center")
        rows = s.view.results(s.rules, s.state)
        big, small = theme.FONT_BIG * ui, theme.FONT_SMALL * ui
        for (who, score, detail), rect in zip(rows, self.row_rects(ui, len(rows)),
                                              strict=True):
            x, y, w, h = rect
            pad = min(12 * ui, (h - big * 1.2 - small * 1.2) / 3)
            paint.panel(surf, vp, rect, theme.PANEL, theme.PANEL_EDGE)
            right = paint.text(surf, vp, score, (x + w - 24, y + pad), theme.FONT_BIG,
                               theme.ACCENT, "bold", "topright")
            room = (right.left - vp.point(x, y)[0]) / vp.scale - 24 - 16
            paint.text(surf, vp, who, (x + 24, y + pad),
                       fitting(vp, who, theme.FONT_BIG, room, "bold"), theme.INK, "bold")
            top = pad + big * 1.25
            paint.text_in(surf, vp, detail, (x + 24, y + top, w - 48, h - top - pad / 2),
                          theme.FONT_SMALL, theme.INK_DIM)
        self.draw_widgets(surf, vp, mouse)


class LogScene(Scene):
    """Every line of a game's log, scrolled with the wheel."""

    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, lines: list[str]) -> None:
        super().__init__(app)
        self.lines = lines
        self.scroll = 0
        ui = app.ui_scale
        self.widgets = [Button((640 - 80 * ui, 774 - 44 * ui, 160 * ui, 44 * ui), _("Back"),
                               app.pop)]

    def on_back(self) -> None:
        self.app.pop()

    def on_wheel(self, inp) -> None:
        self.scroll = max(0, self.scroll + inp.dy * 3)

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        bottom = self.widgets[0].rect[1] - 14
        paint.panel(surf, vp, (140, 30, 1000, bottom - 30))
        size, step = theme.FONT_SMALL, 17 * vp.ui
        wrapped = []
        for line in self.lines:
            wrapped.extend(fonts.wrap(line, vp.size(size * vp.ui), vp.size(960)))
        rows = max(1, int((bottom - 30 - 28) // step))
        end = max(0, len(wrapped) - self.scroll)
        for i, line in enumerate(wrapped[max(0, end - rows):end]):
            paint.text(surf, vp, line, (160, 44 + i * step), size, theme.INK)
        self.draw_widgets(surf, vp, mouse)
