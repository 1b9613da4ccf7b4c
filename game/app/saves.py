"""Where games are kept: the autosave, named saves and finished games.

Everything lives under the user data directory (``platformdirs``), or under
``$SIEGE_TABLE_HOME`` when set (tests, portable installs).  Files are the core's JSON game
records, written atomically.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

from game.core.record import GameRecord, load_record, save_record

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
