"""The rules of a game, as written in its specification, scrolled with the wheel."""

from __future__ import annotations

from functools import lru_cache

from game import resources
from game.core import registry

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..views import playable_games
from ..widgets import Button, Choice


@lru_cache(maxsize=8)
def rules_text(game: str) -> list[str]:
    path = resources.asset("rules", game.replace("-", "_") + ".md")
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return [_("The rules of this game are missing from this installation.")]


class RulesScene(Scene):
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.game = game or playable_games()[0]
        self.scroll = 0
        choice = Choice((140, 20, 600, 40), _("Game"),
                        [(g, registry.GAMES[g][0]) for g in registry.game_names()],
                        on_change=self.set_game)
        choice.select(self.game)
        self.widgets = [choice, Button((980, 20, 160, 40), _("Back"), app.pop)]
        self._wrapped: tuple | None = None

    def set_game(self, game) -> None:
        self.game = game
        self.scroll = 0

    def on_back(self) -> None:
        self.app.pop()

    def on_wheel(self, inp) -> None:
        self.move(-inp.dy * 3)

    def move(self, rows: int) -> None:
        total = len(self._wrapped[1]) if self._wrapped else 0
        self.scroll = max(0, min(self.scroll + rows, max(0, total - 40)))

    def on_key(self, inp) -> None:
        steps = {"down": 1, "up": -1, "page down": 30, "page up": -30}
        if inp.key in steps:
            self.move(steps[inp.key])
        else:
            super().on_key(inp)

    def lines(self, vp) -> list[tuple[str, str]]:
        key = (self.game, vp.scale)
        if self._wrapped and self._wrapped[0] == key:
            return self._wrapped[1]
        out = []
        for raw in rules_text(self.game):
            face = "bold" if raw.startswith("#") else "sans"
            text = raw.lstrip("#").strip() if raw.startswith("#") else raw
            for line in fonts.wrap(text, vp.size(theme.FONT_SMALL), vp.size(960), face) or [""]:
                out.append((line, face))
        self._wrapped = (key, out)
        return out

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.panel(surf, vp, (140, 76, 1000, 710))
        lines = self.lines(vp)
        rows = 40
        start = min(self.scroll, max(0, len(lines) - rows))
        for i, (line, face) in enumerate(lines[start:start + rows]):
            ink = theme.ACCENT if face == "bold" else theme.INK
            paint.text(surf, vp, line, (160, 88 + i * 17), theme.FONT_SMALL, ink, face)
        self.draw_widgets(surf, vp, mouse)
