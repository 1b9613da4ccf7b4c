"""Short sounds of the table (assets/sounds, made by tools/make_sounds.py), optional.

Each game's view maps its event kinds to a sound (``sounds``); the table asks ``sound_of``
for the events of the log lines it reveals and plays the strongest one.
The mixer is optional: when it cannot start (no audio device, a dummy driver) or a file
cannot be read, the game runs silently and nothing is raised.
"""

from __future__ import annotations

from game import resources

#: the sounds, weakest first: of the events that appear together only the last is heard
NAMES = ("card", "dice", "fall", "end")


def sound_of(view, event: tuple) -> str | None:
    """The sound of one event ``(visibility, KIND, ...)`` of the game of ``view`` (its
    ``sounds``), if it has one."""
    if len(event) < 2:
        return None
    return view.sounds.get(event[1])


def strongest(names) -> str | None:
    """Of the sounds due at once, the one heard (a game's end over a fall over dice)."""
    found = [n for n in names if n in NAMES]
    return max(found, key=NAMES.index) if found else None


class Sounds:
    """The loaded sounds; ``play`` does nothing when sound is off or the mixer is out.

    ``mixer`` is pygame.mixer by default; the tests pass a fake one."""

    def __init__(self, enabled: bool = True, mixer=None) -> None:
        self.enabled = enabled
        self.mixer = mixer
        self.loaded: dict[str, object] | None = None  # None: not tried yet
        self.played: list[str] = []  # what was played, newest last (for the tests)

    def _load(self) -> dict:
        if self.loaded is not None:
            return self.loaded
        self.loaded = {}
        try:
            mixer = self.mixer
            if mixer is None:
                import pygame

                mixer = pygame.mixer
            if not mixer.get_init():
                mixer.init()
            for name in NAMES:
                path = resources.asset("sounds", f"{name}.wav")
                if path.exists():
                    self.loaded[name] = mixer.Sound(str(path))
        except Exception:  # noqa: BLE001 - no audio device or no mixer: silence
            self.loaded = {}
        return self.loaded

    def play(self, name: str | None) -> bool:
        """Play ``name``; True if a sound was started."""
        if not name or not self.enabled:
            return False
        sound = self._load().get(name)
        if sound is None:
            return False
        try:
            sound.play()
        except Exception:  # noqa: BLE001 - a mixer that failed later: silence
            return False
        self.played.append(name)
        return True
