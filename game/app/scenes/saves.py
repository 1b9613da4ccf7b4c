"""The saved games, newest first; a click loads one."""

from __future__ import annotations

import re
import time

from game.core import registry
from game.core.contract import GameError
from game.core.record import load_record

from .. import paint, theme
from ..i18n import _
from ..save_store import problem
from ..scene import Scene
from ..widgets import Button
from . import dialog
from .title import draw_backdrop

_STAMP = re.compile(r"(\d{4}-\d\d-\d\d)_(\d\d)-(\d\d)-(\d\d)(?:_(\d+))?$")


def stamp_of(path) -> str:
    """When a kept game was written: the time in its name (the store names files
    <game>_<date>_<time>[_<n>]), else the file's time; to the second, so that two games
    kept in the same minute read apart."""
    m = _STAMP.search(path.stem)
    if m:
        day, hh, mm, ss, n = m.groups()
        return f"{day} {hh}:{mm}:{ss}" + (f" ({n})" if n else "")
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(path.stat().st_mtime))
    except OSError:
        return "?"


def game_of(path) -> str:
    """The game a kept file holds, by its name (the store names files <game>_<date>...);
    the file's name when it is not one of the store's."""
    game = path.stem.split("_")[0]
    return registry.GAMES[game][0] if game in registry.GAMES else path.stem


def list_layout(ui: float, width: float, count: int) -> dict:
    """Where a list screen (the saves, the replays) puts its rows at the UI scale ``ui``:
    the rows under the heading, their number, the Back button at the foot and, when
    ``count`` entries do not all fit, the two scroll buttons beside the rows."""
    w = min(1100, width * ui)
    x = (1280 - w) / 2
    h, step = 48 * ui, 58 * ui
    top = 100 + 20 * ui
    back_h = 44 * ui
    back_y = 774 - back_h
    rows = max(1, int((back_y - 16 - top + step - h) // step))
    out = {
        "row": lambda i: (x, top + i * step, w, h),
        "rows": rows,
        "back": (640 - 80 * ui, back_y, 160 * ui, back_h),
        "scroll": None,
    }
    if count > rows:
        side = 44 * ui
        out["scroll"] = (
            (x + w + 12, top, side, side),
            (x + w + 12, top + (rows - 1) * step + h - side, side, side),
        )
    return out


def scroll_buttons(lay: dict, offset: int, count: int, on_scroll) -> list[Button]:
    """The ▲ ▼ buttons of a list that scrolls (the mouse wheel does the same)."""
    if lay["scroll"] is None:
        return []
    up, down = lay["scroll"]
    return [
        Button(up, "▲", lambda: on_scroll(-lay["rows"]), enabled=offset > 0),
        Button(down, "▼", lambda: on_scroll(lay["rows"]), enabled=offset + lay["rows"] < count),
    ]


class ListScene(Scene):
    """A list of kept games that scrolls (the saves, the replays): ``rebuild`` lays out
    ``rows`` entries from ``offset``."""

    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)
    offset = 0
    rows = 1
    width = 600  # the rows' width at 100 %

    def entry_count(self) -> int:
        raise NotImplementedError

    def entry(self, i: int) -> tuple[str, object]:
        """The label of entry ``i`` and what a click on it does."""
        raise NotImplementedError

    def rebuild(self) -> None:
        count = self.entry_count()
        lay = list_layout(self.app.ui_scale, self.width, count)
        self.rows = lay["rows"]
        self.widgets = [Button(lay["back"], _("Back"), self.app.pop)]
        for i in range(self.offset, min(count, self.offset + self.rows)):
            label, action = self.entry(i)
            self.widgets.append(Button(lay["row"](i - self.offset), label, action, size=theme.FONT))
        self.widgets += scroll_buttons(lay, self.offset, count, self.scroll)

    def scroll(self, rows: int) -> None:
        top = max(0, self.entry_count() - self.rows)
        self.offset = max(0, min(top, self.offset + rows))
        self.rebuild()

    def on_wheel(self, inp) -> None:
        self.scroll(-inp.dy)


class SavesScene(ListScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.paths = app.store.list_saves()
        self.rebuild()

    def entry_count(self) -> int:
        return len(self.paths)

    def entry(self, i: int) -> tuple[str, object]:
        path = self.paths[i]
        return f"{game_of(path)}   —   {stamp_of(path)}", self._loader(path)

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
        draw_backdrop(surf, 215)  # the whole window, also wider than 16:10
        paint.text(surf, vp, _("Load a game"), (640, 60), 36, theme.ACCENT, "serif", "center")
        if not self.paths:
            paint.text_in(
                surf,
                vp,
                _("No saved games yet: use Save at the table."),
                (140, 280, 1000, 200),
                theme.FONT_BIG,
                theme.INK_DIM,
                align="center",
            )
        self.draw_widgets(surf, vp, mouse)
