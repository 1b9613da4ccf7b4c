"""Where games are kept: the autosave, named saves and finished games.

Everything lives under the user data directory (``platformdirs``), or under
``$SIEGE_TABLE_HOME`` when set (tests, portable installs).  Files are the core's JSON game
records, written atomically.
"""

from __future__ import annotations

import errno
import os
import re
import time
from pathlib import Path

import platformdirs

from game.core.contract import GameError
from game.core.record import (
    CorruptSave,
    ForeignSave,
    GameRecord,
    NewerSave,
    SaveError,
    load_record,
    save_record,
)

from .i18n import _

APP_DIR = "siege-table"


def data_dir() -> Path:
    home = os.environ.get("SIEGE_TABLE_HOME")
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir(APP_DIR, appauthor=False))


class SaveStore:
    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root else data_dir()

    @property
    def autosave_path(self) -> Path:
        return self.root / "autosave.json"

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def finished_dir(self) -> Path:
        return self.root / "finished"

    def autosave(self, record: GameRecord) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        save_record(record, self.autosave_path)

    def has_autosave(self) -> bool:
        return self.autosave_path.exists()

    def load_autosave(self) -> GameRecord:
        return load_record(self.autosave_path)

    def clear_autosave(self) -> None:
        self.autosave_path.unlink(missing_ok=True)

    def save(self, record: GameRecord, folder: Path | None = None) -> Path:
        folder = folder or self.saves_dir
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
        path = folder / f"{record.game}_{stamp}.json"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{record.game}_{stamp}_{n}.json"
        save_record(record, path)
        return path

    def finish(self, record: GameRecord) -> Path:
        """Keep a finished game for replays, and forget the autosave."""
        path = self.save(record, self.finished_dir)
        self.clear_autosave()
        return path

    def list_saves(self) -> list[Path]:
        if not self.saves_dir.exists():
            return []
        return sorted(self.saves_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)

    def list_finished(self) -> list[Path]:
        """The finished games kept for replays, newest first."""
        if not self.finished_dir.exists():
            return []
        return sorted(self.finished_dir.glob("*.json"), key=lambda p: p.stat().st_mtime,
                      reverse=True)


_MOVE = re.compile(r"\baction (\d+)\b")


def problem(error: Exception) -> str:
    """What the player reads about a save that cannot be used, in the chosen language.

    The core's save errors (game.core.record) speak English and name every technical
    detail; the player is told the kind of fault (by the error's class and cause) and
    the number of the move that does not replay.  The core's words stay for the command
    line; any other error's text is shown as it is (the app's own are translated)."""
    cause = error.__cause__
    if isinstance(error, NewerSave):
        return _("This save was made by a newer version of Siege Table. Update the game to "
                 "open it.")
    if isinstance(error, ForeignSave):
        game = re.search(r"does not know: '([^']*)'", str(error))
        if game:
            return _("This save is of a game this version does not know ({game}).").format(
                game=game.group(1))
        if " not of " in str(error):
            return _("This save is of another game.")
        return _("This file is not a Siege Table save.")
    if isinstance(error, CorruptSave):
        move = _MOVE.search(str(error))
        if isinstance(cause, OSError):
            return _("This save cannot be read: the file is missing or may not be opened.")
        if isinstance(cause, (ValueError, RecursionError)) and not isinstance(cause, GameError):
            return _("This save is damaged or truncated: it is not a complete save file.")
        if move:
            return _("This save is damaged: move {n} cannot be replayed.").format(
                n=move.group(1))
        if isinstance(cause, GameError) or "setup" in str(error):
            return _("This save is damaged: its game setup is not valid.")
        return _("This save is damaged: some of its entries are missing or wrong.")
    if isinstance(error, OSError) or isinstance(error, SaveError) and \
            isinstance(cause, OSError):  # the folder itself, or the file, not written
        failed = error if isinstance(error, OSError) else cause
        if failed.errno == errno.ENOSPC:
            reason = _("the disk is full")
        elif failed.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            reason = _("no permission to write there")
        else:  # the system's own words
            reason = failed.strerror or str(failed)
        return _("The game could not be written to the disk ({reason}).").format(
            reason=reason)
    if isinstance(error, SaveError):
        return _("The game could not be saved.")
    return str(error)
