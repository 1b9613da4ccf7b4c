"""The saved games, newest first; a click loads one."""

from __future__ import annotations

import time

from game.core.contract import GameError
from game.core.record import load_record

from .. import paint, theme
from ..i18n import _
from ..saves import problem
from ..scene import Scene
from ..widgets import Button
from . import dialog

ROWS = 10


class SavesScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.paths = app.store.list_saves()
        self.widgets = [Button((560, 730, 160, 44), _("Back"), app.pop)]
        for i, path in enumerate(self.paths[:ROWS]):
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            label = f"{path.stem}   —   {stamp}"
            self.widgets.append(Button((340, 120 + i * 58, 600, 48), label,
                                       self._loader(path), size=theme.FONT))

    def _loader(self, path):
        def load():
            from .title import open_record

            try:
                record = load_record(path)
            except GameError as e:
                dialog.message(self.app, _("Cannot open this game"), problem(e))
                return
            open_record(self.app, record)
        return load

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.text(surf, vp, _("Load a game"), (640, 60), 36, theme.ACCENT, "serif", "center")
        if not self.paths:
            paint.text(surf, vp, _("No saved games yet: use Save at the table."), (640, 300),
                       theme.FONT_BIG, theme.INK_DIM, anchor="center")
        self.draw_widgets(surf, vp, mouse)
