"""Where games are kept: one autosave per game in progress, named saves, finished games.

Everything lives under the user data directory (``platformdirs``), or under
``$SIEGE_TABLE_HOME`` when set (tests, portable installs).  Files are the core's JSON game
records, written atomically.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import re
import secrets
import stat
import time
from pathlib import Path

import platformdirs

from game.core import files
from game.core.contract import GameError
from game.core.record import (
    BadLineup,
    CorruptSave,
    ForeignSave,
    GameRecord,
    NewerSave,
    OldRules,
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


#: a temp file older than this (seconds) was left by a kill during a save: another
#: window may be writing a fresh one right now, so only old ones are removed
STALE_TMP_AGE = 300


def list_games(folder: Path) -> list[Path]:
    """The game files (``*.json``) of ``folder``, newest first.  Only regular files count:
    a symlink (dangling, a loop or not), a directory or a device named ``*.json`` is not
    a game and is passed over; a folder that is missing or cannot be read lists nothing;
    a file whose time cannot be read sorts last."""
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".json") or entry.name.startswith("."):
                    continue
                try:
                    if entry.is_symlink() or not entry.is_file(follow_symlinks=False):
                        continue
                    mtime = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    continue
                found.append((mtime, entry.name, Path(folder) / entry.name))
    except OSError:
        return []
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [path for _mtime, _name, path in found]


def modified(path: Path) -> float | None:
    """When ``path`` was last written (its own time, not a link's target's), else None."""
    try:
        return path.lstat().st_mtime
    except OSError:
        return None


class SaveStore:
    """The data folder: ``autosaves/`` (one file per game in progress), ``saves/`` (the
    games saved by a person), ``finished/`` (every finished game, for replays) and the
    settings.  A new file never takes the name of one that exists."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root else data_dir()

    @property
    def autosaves_dir(self) -> Path:
        return self.root / "autosaves"

    @property
    def legacy_autosave_path(self) -> Path:
        """The single autosave of the versions before ``autosaves/``: it is moved there
        at start (``tidy``), and listed where it is if it cannot be moved."""
        return self.root / "autosave.json"

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def finished_dir(self) -> Path:
        return self.root / "finished"

    # ------------------------------------------------------------------ writing
    def write_new(self, record: GameRecord, folder: Path) -> Path:
        """Write ``record`` to a new file ``<game>_<date>_<time>[_<n>].json`` of
        ``folder``, never over a file that exists (another window may have taken the
        name a moment ago): the whole record is written under a hidden temp name, then
        linked to the first free name.  Raises SaveError (or OSError) if it cannot."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(f"Cannot write into '{folder}': {e.strerror or e}") from e
        base = f"{record.game}_{time.strftime('%Y-%m-%d_%H-%M-%S')}"
        tmp = folder / f".{base}.json.{os.getpid()}-{secrets.token_hex(4)}.tmp"
        save_record(record, tmp)
        try:
            for n in itertools.count(1):
                path = folder / (f"{base}.json" if n == 1 else f"{base}_{n}.json")
                try:
                    os.link(tmp, path)  # fails if the name is taken: nothing overwritten
                except FileExistsError:
                    continue
                except OSError:  # no hard links on this file system: reserve, then fill
                    try:
                        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
                    except FileExistsError:
                        continue
                    except OSError as e:
                        raise SaveError(f"Cannot write the save '{path}': {e.strerror or e}") from e
                    try:
                        os.replace(tmp, path)
                    except OSError as e:
                        with contextlib.suppress(OSError):
                            path.unlink()
                        raise SaveError(f"Cannot write the save '{path}': {e.strerror or e}") from e
                files.sync_directory(folder)
                return path
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
        raise AssertionError("no free name")  # not reached: the names never run out

    def autosave(self, record: GameRecord, path: Path | None = None) -> Path:
        """Keep a game in progress: in its own autosave ``path``, or in a new file of
        ``autosaves/`` when it has none yet; the path written."""
        if path is None:
            return self.write_new(record, self.autosaves_dir)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(f"Cannot write into '{path.parent}': {e.strerror or e}") from e
        save_record(record, path)
        return path

    def remove_autosave(self, path: Path | None) -> None:
        """Forget one game in progress (its own file only)."""
        if path is not None:
            path.unlink(missing_ok=True)

    def save(self, record: GameRecord, folder: Path | None = None) -> Path:
        return self.write_new(record, folder or self.saves_dir)

    def finish(self, record: GameRecord, autosave: Path | None = None) -> Path:
        """Keep a finished game for replays, and forget its own autosave ``autosave``
        (the other games in progress stay)."""
        path = self.save(record, self.finished_dir)
        with contextlib.suppress(OSError):  # kept as finished: a stale autosave is harmless
            self.remove_autosave(autosave)
        return path

    # ------------------------------------------------------------------ listing
    def list_autosaves(self) -> list[Path]:
        """The games in progress, newest first (the old single autosave among them while
        it is still where the older versions kept it)."""
        found = list_games(self.autosaves_dir)
        legacy = self.legacy_autosave_path
        if legacy in list_games(self.root):
            found.append(legacy)
            found.sort(key=lambda p: modified(p) or 0.0, reverse=True)
        return found

    def list_saves(self) -> list[Path]:
        return list_games(self.saves_dir)

    def list_finished(self) -> list[Path]:
        """The finished games kept for replays, newest first."""
        return list_games(self.finished_dir)

    # ------------------------------------------------------------------ at start
    def tidy(self, now: float | None = None, age: float = STALE_TMP_AGE) -> list[Path]:
        """At start: remove the temp files a kill during a save left behind (older than
        ``age`` seconds; a younger one may be another window's save under way), and move
        the old single autosave into ``autosaves/``.  Nothing else is touched; a file
        that cannot be removed or moved stays.  The temp files removed."""
        now = time.time() if now is None else now
        removed = []
        for folder in (self.root, self.autosaves_dir, self.saves_dir, self.finished_dir):
            try:
                with os.scandir(folder) as entries:
                    names = [e.name for e in entries]
            except OSError:
                continue
            for name in names:
                ours = (
                    name.startswith(".")
                    and name.endswith(".tmp")
                    or folder == self.root
                    and _SETTINGS_TMP.fullmatch(name)
                )
                if not ours:
                    continue
                path = folder / name
                try:
                    info = path.lstat()
                    if stat.S_ISDIR(info.st_mode) or now - info.st_mtime < age:
                        continue
                    path.unlink()
                except OSError:
                    continue
                removed.append(path)
        self._move_legacy_autosave()
        return removed

    def _move_legacy_autosave(self) -> None:
        legacy = self.legacy_autosave_path
        if legacy not in list_games(self.root):
            return
        game = "autosave"
        with contextlib.suppress(GameError, OSError, ValueError, RecursionError):
            game = load_record(legacy).game  # a damaged one moves too, listed as damaged
        when = modified(legacy) or time.time()
        base = f"{game}_{time.strftime('%Y-%m-%d_%H-%M-%S', time.localtime(when))}"
        with contextlib.suppress(OSError):
            self.autosaves_dir.mkdir(parents=True, exist_ok=True)
            for n in itertools.count(1):
                path = self.autosaves_dir / (f"{base}.json" if n == 1 else f"{base}_{n}.json")
                try:
                    os.link(legacy, path)  # never over another game in progress
                except FileExistsError:
                    continue
                except OSError:  # no hard links: a free name, then a rename
                    if path.exists():
                        continue
                    os.replace(legacy, path)
                    break
                try:
                    legacy.unlink()
                except OSError:  # it stays where it was: not listed twice
                    path.unlink()
                    raise
                break
            files.sync_directory(self.autosaves_dir)
            files.sync_directory(self.root)


#: the settings' temp files (``tempfile.mkstemp(suffix=".tmp")`` in the data folder)
_SETTINGS_TMP = re.compile(r"tmp[A-Za-z0-9_]{6,12}\.tmp")


_MOVE = re.compile(r"\baction (\d+)\b")


def _newer(error: NewerSave) -> str:
    return _("This save was made by a newer version of Siege Table. Update the game to open it.")


def _old_rules(error: OldRules) -> str:
    return _(
        "This save was played under earlier rules of its game (version {made}, now "
        "{current}): numbers were retuned for balance (see Balance in the rules), so "
        "it cannot be replayed."
    ).format(made=error.made, current=error.current)


def _foreign(error: ForeignSave) -> str:
    game = re.search(r"does not know: '([^']*)'", str(error))
    if game:
        return _("This save is of a game this version does not know ({game}).").format(
            game=game.group(1)
        )
    if " not of " in str(error):
        return _("This save is of another game.")
    return _("This file is not a Siege Table save.")


def _not_a_file(cause: files.NotAFile) -> str:
    if cause.kind == "link":
        return _("This file is a link, not a save: open the save it points to instead.")
    if cause.kind == "folder":
        return _("This is a folder, not a save.")
    return _("This is not a save file but a pipe or a device.")


def _truncated(cause: Exception) -> str:
    return _("This save is damaged or truncated: it is not a complete save file.")


#: a damaged save's cause (the file's fault, as game.core.files names it) -> its words,
#: in this order (OverLimit is a BadJSON)
_FILE_FAULTS: tuple[tuple[type | tuple[type, ...], object], ...] = (
    (
        (OSError, files.Unreadable),
        lambda cause: _("This save cannot be read: the file is missing or may not be opened."),
    ),
    (files.NotAFile, _not_a_file),
    (files.TooLarge, lambda cause: _("This file is too large to be a Siege Table save.")),
    (
        files.OverLimit,
        lambda cause: _("This save is damaged: it holds values far beyond what a save can have."),
    ),
    ((files.NotText, files.BadJSON), _truncated),
)


def _bad_entries(error: CorruptSave) -> str:
    """A save file that reads, whose entries do not make a game: its seats, the move
    that does not replay, its setup, or any other entry."""
    cause = error.__cause__
    if isinstance(error, BadLineup):
        if error.listed != error.players:
            return _(
                "This save is damaged: its number of seats ({listed}) is not its "
                "game's number of players ({players})."
            ).format(listed=error.listed, players=error.players)
        return _("This save is damaged: one of its seats is not a known player.")
    move = _MOVE.search(str(error))
    if move:
        return _("This save is damaged: move {n} cannot be replayed.").format(n=move.group(1))
    if isinstance(cause, GameError) or "setup" in str(error):
        return _("This save is damaged: its game setup is not valid.")
    return _("This save is damaged: some of its entries are missing or wrong.")


def _corrupt(error: CorruptSave) -> str:
    cause = error.__cause__
    for kinds, words in _FILE_FAULTS:
        if isinstance(cause, kinds):
            return words(cause)
    if isinstance(cause, (ValueError, RecursionError)) and not isinstance(cause, GameError):
        return _truncated(cause)
    return _bad_entries(error)


def _not_written(failed: OSError) -> str:
    """The folder itself, or the file, not written: why, in the player's words."""
    if failed.errno == errno.ENOSPC:
        reason = _("the disk is full")
    elif failed.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        reason = _("no permission to write there")
    else:  # the system's own words
        reason = failed.strerror or str(failed)
    return _("The game could not be written to the disk ({reason}).").format(reason=reason)


#: the core's save errors -> what the player reads about them
_SAVE_ERRORS: tuple[tuple[type, object], ...] = (
    (NewerSave, _newer),
    (OldRules, _old_rules),
    (ForeignSave, _foreign),
    (CorruptSave, _corrupt),
)


def problem(error: Exception) -> str:
    """What the player reads about a save that cannot be used, in the chosen language.

    The core's save errors (game.core.record) speak English and name every technical
    detail; the player is told the kind of fault (by the error's class and cause) and
    the number of the move that does not replay.  The core's words stay for the command
    line; any other error's text is shown as it is (the app's own are translated)."""
    for kind, words in _SAVE_ERRORS:
        if isinstance(error, kind):
            return words(error)
    if isinstance(error, OSError):
        return _not_written(error)
    if isinstance(error, SaveError) and isinstance(error.__cause__, OSError):
        return _not_written(error.__cause__)
    if isinstance(error, SaveError):
        return _("The game could not be saved.")
    return files.clip(error, 200)  # one line of sane length, whatever it quotes
