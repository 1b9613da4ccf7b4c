"""Continue: the games in progress, newest first; a click resumes one, Delete forgets one.

Every game in progress has its own autosave (``SaveStore.autosaves_dir``).  Each line
says which game it is, who sits at it, how many moves were played and when it was last
played, read from the record alone (nothing is replayed to list it).  A file that cannot
be read is listed as damaged with the reason, and may be deleted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from game.core import registry
from game.core.contract import GameError
from game.core.record import CorruptSave, GameRecord, load_record

from .. import paint, theme
from ..i18n import _, ngettext
from ..save_store import modified, problem
from ..widgets import Button, fitting
from . import dialog
from .saves import ListScene, list_layout, scroll_buttons
from .title import draw_backdrop

#: at most this many kinds of seat are named on a line, and this many letters of a
#: computer player a save names (a save may name anything)
MAX_KINDS = 4
MAX_NAME = 24
#: where the columns of a row begin (game, seats, moves, when), in parts of its width
COLUMNS = (0.0, 0.30, 0.64, 0.79)


@dataclass
class InProgress:
    """One game in progress as listed: its file, when it was last written, and its
    record, or why it cannot be read."""

    path: Path
    when: float | None
    record: GameRecord | None = None
    reason: str = ""


def read(path: Path) -> InProgress:
    """The listing of one autosave: the record (without replaying it) or the reason."""
    entry = InProgress(path, modified(path))
    try:
        entry.record = load_record(path)
    except GameError as e:
        entry.reason = problem(e)
    except (ValueError, RecursionError, MemoryError) as e:  # never a crash for a list
        error = CorruptSave(str(e))
        error.__cause__ = e
        entry.reason = problem(error)
    return entry


def short(name: str) -> str:
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def seat_words(seats: list[str]) -> str:
    """Who sits at the game: ``Human, 2 × Computer — easy``."""
    from .setup import seat_kinds

    kinds = dict(seat_kinds())
    counts: dict[str, int] = {}
    for spec in seats:
        if spec in kinds:
            label = kinds[spec]
        else:
            label = _("Computer ({name})").format(name=short(spec))
        if label not in counts and len(counts) == MAX_KINDS:
            counts["…"] = 1
            break
        counts[label] = counts.get(label, 0) + 1
    return ", ".join(
        label if n == 1 else _("{n} × {who}").format(n=n, who=label) for label, n in counts.items()
    )


def when_words(when: float | None) -> str:
    if when is None:
        return "?"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(when))


def columns_of(entry: InProgress) -> tuple[str, ...]:
    """What a row shows in its columns: the game, who sits at it, the number of moves and
    when it was last played; one text for a file that cannot be read."""
    record = entry.record
    if record is None:
        return (
            _("Damaged ({when}): {reason}").format(
                when=when_words(entry.when), reason=entry.reason
            ),
        )
    game = registry.GAMES[record.game][0] if record.game in registry.GAMES else short(record.game)
    n = len(record.actions)
    moves = ngettext("{n} move", "{n} moves", n).format(n=n)
    return game, seat_words(record.seats) or "?", moves, when_words(entry.when)


def label_of(entry: InProgress) -> str:
    """The entry's one line."""
    return "  ·  ".join(columns_of(entry))


@dataclass
class Row(Button):
    """A button that shows its entry in columns, left-aligned so that rows read as a
    table (``label`` is the whole line); a damaged entry's row has a red edge."""

    columns: tuple = ()
    warn: bool = False
    shared: float | None = None  # the size all rows of the list are drawn at

    def places(self) -> list[tuple[str, float, float]]:
        """Each column's words, where it begins and its room (design units)."""
        x, _y, w, _h = self.rect
        pad = 14
        inner = w - 2 * pad
        columns = self.columns or (self.label,)
        starts = [x + pad + f * inner for f in COLUMNS[: len(columns)]] + [x + pad + inner]
        return [
            (words, starts[i], starts[i + 1] - starts[i] - (16 if i < len(columns) - 1 else 0))
            for i, words in enumerate(columns)
        ]

    def fit(self, vp) -> float:
        """The largest size (to ``self.size``) at which every column fits its room."""
        return min(fitting(vp, words, self.size, room) for words, _x, room in self.places())

    def draw(self, surf, vp, mouse) -> None:
        colour = theme.BUTTON_HOVER if self.enabled and self.hit(mouse) else theme.BUTTON
        edge = theme.DANGER if self.warn else theme.PANEL_EDGE
        paint.panel(surf, vp, self.rect, colour, edge, radius=6, width=2 if self.warn else 1)
        x, y, w, h = self.rect
        places = self.places()
        for i, (words, left, room) in enumerate(places):
            last = i == len(places) - 1
            size = min(self.shared or self.size, fitting(vp, words, self.size, room))
            if last and len(places) > 1:  # the time, to the right edge
                paint.text(
                    surf, vp, words, (left + room, y + h / 2), size, theme.INK, anchor="midright"
                )
            else:
                paint.text(
                    surf,
                    vp,
                    words,
                    (left, y + h / 2),
                    size,
                    theme.INK if i == 0 else theme.INK_DIM,
                    anchor="midleft",
                )


class ContinueScene(ListScene):
    """The games in progress: a click on one resumes it; Delete (asked first) removes
    its autosave."""

    width = 1040

    def __init__(self, app) -> None:
        super().__init__(app)
        self.read_entries()
        self.rebuild()

    def read_entries(self) -> None:
        self.entries = [read(path) for path in self.app.store.list_autosaves()]

    def entry_count(self) -> int:
        return len(self.entries)

    def entry(self, i: int) -> tuple[str, object]:
        entry = self.entries[i]
        return label_of(entry), lambda: self.resume(entry)

    def rebuild(self) -> None:
        count = self.entry_count()
        ui = self.app.ui_scale
        lay = list_layout(ui, self.width, count)
        self.rows = lay["rows"]
        self.widgets = [Button(lay["back"], _("Back"), self.app.pop)]
        gap, wide = 8 * ui, 110 * ui
        #: the entries shown, top to bottom, and the Delete button beside each
        self.row_buttons: list[Button] = []
        self.delete_buttons: list[Button] = []
        for i in range(self.offset, min(count, self.offset + self.rows)):
            label, action = self.entry(i)
            x, y, w, h = lay["row"](i - self.offset)
            self.row_buttons.append(
                Row(
                    (x, y, w - wide - gap, h),
                    label,
                    action,
                    size=theme.FONT,
                    columns=columns_of(self.entries[i]),
                    warn=self.entries[i].record is None,
                )
            )
            self.delete_buttons.append(
                Button(
                    (x + w - wide, y, wide, h),
                    _("Delete"),
                    self._deleter(self.entries[i]),
                    size=theme.FONT,
                )
            )
            self.widgets += self.row_buttons[-1:] + self.delete_buttons[-1:]
        self.widgets += scroll_buttons(lay, self.offset, count, self.scroll)

    def resume(self, entry: InProgress) -> None:
        """Seat the game again, read afresh (another window may have played on); it goes
        on writing to the same autosave."""
        from .title import open_record

        if entry.record is None:
            dialog.message(self.app, _("Cannot continue"), entry.reason)
            return
        try:
            record = load_record(entry.path)
        except GameError as e:
            dialog.message(self.app, _("Cannot continue"), problem(e))
            self.refresh()
            return
        open_record(self.app, record, autosave=entry.path)

    def _deleter(self, entry: InProgress):
        def ask():
            if entry.record is None:
                text = _("This damaged autosave ({when}) is deleted for good.").format(
                    when=when_words(entry.when)
                )
            else:
                text = _("The game in progress is deleted for good:\n{game}").format(
                    game=label_of(entry)
                )
            dialog.confirm(
                self.app, _("Delete this game?"), text, _("Delete"), lambda: self.delete(entry)
            )

        return ask

    def delete(self, entry: InProgress) -> None:
        try:
            self.app.store.remove_autosave(entry.path)
        except OSError as e:
            dialog.message(
                self.app,
                _("Not deleted"),
                _("The file could not be deleted ({reason}).").format(reason=e.strerror or e),
            )
        self.refresh()

    def refresh(self) -> None:
        self.read_entries()
        self.offset = max(0, min(self.offset, self.entry_count() - self.rows))
        self.rebuild()

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 215)  # the whole window, also wider than 16:10
        paint.text(surf, vp, _("Games in progress"), (640, 60), 36, theme.ACCENT, "serif", "center")
        if not self.entries:
            paint.text_in(
                surf,
                vp,
                _("No games in progress."),
                (140, 280, 1000, 200),
                theme.FONT_BIG,
                theme.INK_DIM,
                align="center",
            )
        games = [row for row in self.row_buttons if not row.warn]
        shared = min((row.fit(vp) for row in games), default=None)
        for row in games:  # the columns read as a table: one size for every row
            row.shared = shared
        self.draw_widgets(surf, vp, mouse)
