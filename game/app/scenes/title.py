"""The title screen: new game, continue, load, rules, settings, quit."""

from __future__ import annotations

from game.core import registry
from game.core.contract import GameError
from game.version import __version__

from .. import paint, theme
from ..i18n import _
from ..saves import problem
from ..scene import Scene
from ..session import Session
from ..views import get_view, playable_games
from ..widgets import Button
from . import dialog


def open_record(app, record, autosave=None) -> bool:
    """Seat a saved game at the table; a bad save shows why and changes nothing.  A game
    resumed from its autosave ``autosave`` goes on writing there; any other one gets its
    own autosave at its first move."""
    from .table import TableScene

    try:
        if record.game not in playable_games():
            raise GameError(_("{game} cannot be played in this version yet.").format(
                game=registry.GAMES[record.game][0]))
        rules = registry.get_rules(record.game)
        session = Session.load(rules, get_view(record.game), record, app.store,
                               ai_pause=app.options.ai_pause, autosave=autosave)
    except GameError as e:
        dialog.message(app, _("Cannot open this game"), problem(e))
        return False
    app.reset(TableScene(app, session))
    return True


class TitleScene(Scene):
    ui_scaled = True

    def __init__(self, app) -> None:
        super().__init__(app)
        x, w, h = 490, 300, 48
        entries = [
            (_("New game"), self.new_game, True),
            (_("Continue"), self.continue_game, bool(app.store.list_autosaves())),
            (_("Load"), self.load, True),
            (_("Replays"), self.replays, True),
            (_("Rules"), self.rules, True),
            (_("Settings"), self.settings, True),
            (_("Quit"), app.quit, True),
        ]
        self.widgets = [
            Button((x, 300 + i * 60, w, h), label, action, enabled, size=theme.FONT_BIG)
            for i, (label, action, enabled) in enumerate(entries)
        ]

    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def continue_game(self) -> None:
        """The games in progress, to resume one (or delete one)."""
        from .resume import ContinueScene

        self.app.push(ContinueScene(self.app))

    def load(self) -> None:
        from .saves import SavesScene

        self.app.push(SavesScene(self.app))

    def replays(self) -> None:
        from .replay import ReplaysScene

        self.app.push(ReplaysScene(self.app))

    def rules(self) -> None:
        from .reader import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def on_back(self) -> None:
        self.app.quit()

    def resumed(self) -> None:
        self.widgets[1].enabled = bool(self.app.store.list_autosaves())

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.text(surf, vp, "Siege Table", (640, 150), 72, theme.ACCENT, "serif", "center")
        names = " · ".join(title for title, _module in registry.GAMES.values())
        paint.text(surf, vp, names, (640, 230), theme.FONT, theme.INK_DIM, anchor="center")
        w, h = surf.get_size()  # the window's corner, also where it is wider than 16:10
        corner = vp.to_design((w - vp.size(12), h - vp.size(10)))
        paint.text(surf, vp, _("Version {version}").format(version=__version__), corner,
                   theme.FONT_SMALL, theme.INK_DIM, anchor="bottomright")
        self.draw_widgets(surf, vp, mouse)
