"""The player's settings, kept as JSON beside the saves."""

from __future__ import annotations

import contextlib
import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.core import files

from .i18n import LANGUAGES

PAUSES = (0.2, 0.6, 1.2, 2.0)
MAX_PAUSE = 10.0  # seconds: a longer computer pause reads as a hung game
#: the window sizes ``launch.parse_size`` accepts (pixels)
WIDTHS = (320, 7680)
HEIGHTS = (240, 4320)
MAX_SEEN = 16  # games remembered as shown their how-to-play (and their guide)
MAX_BYTES = 64 * 1024  # the file: a damaged or hostile one larger still gives the defaults
#: what the file may hold; each value is then checked on its own (a bad one is replaced
#: by its default, the others kept)
LIMITS = files.Limits(depth=8, string=MAX_BYTES, items=20_000, digits=12)
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
    coach_seen: list = field(default_factory=list)  # games whose first-turn guide was shown
    last_game: str = ""  # the game last chosen on the set-up screen ("" none yet)

    @classmethod
    def load(cls, root: Path) -> Settings:
        """The saved settings; defaults when missing or unreadable, and for each value
        that is missing, of the wrong type or out of range (never an error).  The file is
        read through the core's bounded reader: a link, a folder, a pipe, a huge or deeply
        nested file is ignored like a damaged one."""
        settings = cls()
        try:
            data = files.read_json(root / "settings.json", MAX_BYTES, LIMITS)
        except files.FileProblem:
            return settings
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            value = data.get(f.name)
            if type(value) is type(getattr(settings, f.name)):
                setattr(settings, f.name, value)
        pause = data.get("ai_pause")
        if (
            isinstance(pause, (int, float))
            and not isinstance(pause, bool)
            and math.isfinite(pause)
            and 0 <= pause <= MAX_PAUSE
        ):
            settings.ai_pause = float(pause)
        else:
            settings.ai_pause = cls.ai_pause
        if not (
            WIDTHS[0] <= settings.width <= WIDTHS[1] and HEIGHTS[0] <= settings.height <= HEIGHTS[1]
        ):
            settings.width, settings.height = cls.width, cls.height
        if settings.lang not in LANGUAGES:
            settings.lang = ""  # the system's language
        if settings.speed not in SPEEDS:
            settings.speed = "normal"
        if settings.ui_scale not in UI_SCALES:
            settings.ui_scale = 1.0
        for name in ("howto_seen", "coach_seen"):
            seen = []
            for game in getattr(settings, name):
                if (
                    isinstance(game, str)
                    and len(game) <= 40
                    and game not in seen
                    and len(seen) < MAX_SEEN
                ):
                    seen.append(game)
            setattr(settings, name, seen)
        if len(settings.last_game) > 40:
            settings.last_game = ""  # not a game's name (the set-up screen checks it too)
        return settings

    def save(self, root: Path) -> None:
        """Write the settings atomically: a temp file beside them, flushed and synced to
        the disk, then renamed over ``settings.json`` (a failure leaves the old file)."""
        root.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # the old file stays; the settings still apply
            files.write_atomic(root / "settings.json", json.dumps(asdict(self), indent=1))
