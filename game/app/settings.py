"""The player's settings, kept as JSON beside the saves."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

PAUSES = (0.2, 0.6, 1.2, 2.0)
SIZES = ((1280, 800), (1600, 1000), (1920, 1080))
UI_SCALES = (1.0, 1.25, 1.5)
#: animation speed -> how long a log line and a computer move stay, times the pause
SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}


@dataclass
class Settings:
    ai_pause: float = 0.6
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    lang: str = ""  # "" until chosen: the system locale's language (i18n.system_language)
    ui_scale: float = 1.0  # text and panels of the menus, the side panel and the log
    speed: str = "normal"  # one of SPEEDS
    sound: bool = True
    colour_blind: bool = False  # seat colours told apart under deuteranopia/protanopia
    howto_seen: list = field(default_factory=list)  # games whose how-to-play was shown

    @classmethod
    def load(cls, root: Path) -> Settings:
        """The saved settings; defaults when missing or unreadable (never an error)."""
        try:
            data = json.loads((root / "settings.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        settings = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if type(value) is type(getattr(settings, f.name)):
                    setattr(settings, f.name, value)
        if settings.speed not in SPEEDS:
            settings.speed = "normal"
        if settings.ui_scale not in UI_SCALES:
            settings.ui_scale = 1.0
        settings.howto_seen = [g for g in settings.howto_seen if isinstance(g, str)]
        return settings

    def save(self, root: Path) -> None:
        root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=root, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(asdict(self), f, indent=1)
            os.replace(tmp, root / "settings.json")
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
