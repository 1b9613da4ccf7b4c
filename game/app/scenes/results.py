"""The end of a game: scores, the winner, and what next."""

from __future__ import annotations

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..session import Session
from ..widgets import Button


class ResultsScene(Scene):
    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.widgets = [
            Button((235, 680, 190, 48), _("Play again"), self.again),
            Button((445, 680, 190, 48), _("View log"), self.show_log),
            Button((655, 680, 190, 48), _("Replay"), self.replay,
                   tooltip=_("Step through the game from the start")),
            Button((865, 680, 190, 48), _("Main menu"), self.to_title),
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

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        s = self.session
        paint.text(surf, vp, s.rules.title, (640, 90), theme.FONT_BIG, theme.INK_DIM, "serif",
                   "center")
        paint.text(surf, vp, self.headline(), (640, 160), 48, theme.ACCENT, "serif", "center")
        rows = s.view.results(s.rules, s.state)
        for i, (who, score, detail) in enumerate(rows):
            y = 240 + i * 96
            paint.panel(surf, vp, (240, y, 800, 84), theme.PANEL, theme.PANEL_EDGE)
            paint.text(surf, vp, who, (264, y + 12), theme.FONT_BIG, theme.INK, "bold")
            paint.text(surf, vp, score, (1016, y + 12), theme.FONT_BIG, theme.ACCENT, "bold",
                       "topright")
            paint.text_in(surf, vp, detail, (264, y + 48, 752, 34), theme.FONT_SMALL,
                          theme.INK_DIM)
        self.draw_widgets(surf, vp, mouse)


class LogScene(Scene):
    """Every line of a game's log, scrolled with the wheel."""

    def __init__(self, app, lines: list[str]) -> None:
        super().__init__(app)
        self.lines = lines
        self.scroll = 0
        self.widgets = [Button((560, 730, 160, 44), _("Back"), app.pop)]

    def on_back(self) -> None:
        self.app.pop()

    def on_wheel(self, inp) -> None:
        self.scroll = max(0, self.scroll + inp.dy * 3)

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.panel(surf, vp, (140, 30, 1000, 680))
        wrapped = []
        for line in self.lines:
            wrapped.extend(fonts.wrap(line, vp.size(theme.FONT_SMALL), vp.size(960)))
        rows = 38
        end = max(0, len(wrapped) - self.scroll)
        for i, line in enumerate(wrapped[max(0, end - rows):end]):
            paint.text(surf, vp, line, (160, 44 + i * 17), theme.FONT_SMALL, theme.INK)
        self.draw_widgets(surf, vp, mouse)
