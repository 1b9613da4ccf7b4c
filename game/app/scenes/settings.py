"""Settings: the pause after a computer move, the animation speed, the UI scale, window
size, full screen, language, sound and colour-blind friendly seat colours.  Each one is
remembered (settings.json) and applied at once."""

from __future__ import annotations

from .. import i18n, paint, theme
from ..i18n import _
from ..scene import Scene
from ..settings_store import PAUSES, SIZES, SPEEDS, UI_SCALES
from ..widgets import Button, Choice
from .title import draw_backdrop

X, W, H, STEP, TOP = 340, 600, 44, 54, 150


def speed_names() -> dict[str, str]:
    names = {"slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "instant": _("instant")}
    return {speed: names[speed] for speed in SPEEDS}


class SettingsScene(Scene):
    ui_scaled = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.settings = s = app.settings
        off_on = [(False, _("off")), (True, _("on"))]
        rows = [
            (
                _("Pause after a computer move"),
                [(p, _("{s} s").format(s=i18n.decimal(p))) for p in PAUSES],
                s.ai_pause,
                self.set_pause,
            ),
            (_("Animation speed"), list(speed_names().items()), s.speed, self.set_speed),
            (
                _("Size of text and panels"),
                [(u, _("{p} %").format(p=round(u * 100))) for u in UI_SCALES],
                s.ui_scale,
                self.set_ui_scale,
            ),
            (
                _("Window size"),
                [(wh, f"{wh[0]} × {wh[1]}") for wh in self.sizes()],
                tuple(app.screen.get_size()),
                self.set_size,
            ),
            (_("Full screen (F11)"), off_on, s.fullscreen, self.set_fullscreen),
            (
                _("Language"),
                [(code, i18n.LANGUAGE_NAMES[code]) for code in i18n.LANGUAGES],
                i18n.language(),
                self.set_language,
            ),
            (_("Sound"), off_on, s.sound, self.set_sound),
            (
                _("Colour-blind friendly seat colours"),
                off_on,
                s.colour_blind,
                self.set_colour_blind,
            ),
        ]
        self.widgets = []
        for i, (caption, options, value, setter) in enumerate(rows):
            choice = Choice((X, TOP + i * STEP, W, H), caption, options, on_change=setter)
            choice.select(value)
            self.widgets.append(choice)
        self.widgets.append(Button((540, 700, 200, 48), _("Back"), app.pop))

    def sizes(self) -> list[tuple[int, int]]:
        """The sizes offered, with the window's real size among them (a window made
        larger by hand, or full screen, shows its own size, not 1280 × 800)."""
        now = tuple(self.app.screen.get_size())
        return sorted({*SIZES, now})

    def save(self) -> None:
        self.settings.save(self.app.store.root)
        self.app.apply_settings()

    def set_pause(self, value) -> None:
        self.settings.ai_pause = value
        self.app.options.ai_pause = value
        self.save()

    def set_speed(self, value) -> None:
        self.settings.speed = value
        self.save()

    def set_ui_scale(self, value) -> None:
        self.settings.ui_scale = value
        self.save()

    def set_size(self, value) -> None:
        self.settings.width, self.settings.height = value
        self.save()
        self.app.resize(value)

    def set_fullscreen(self, value) -> None:
        self.settings.fullscreen = value
        self.save()
        self.app.toggle_fullscreen()

    def set_sound(self, value) -> None:
        self.settings.sound = value
        self.save()
        self.app.sounds.play("card" if value else None)  # a sample of what is switched on

    def set_colour_blind(self, value) -> None:
        self.settings.colour_blind = value
        self.save()

    def set_language(self, value) -> None:
        """Remembered, and shown at once: the title below and this screen are made anew."""
        from .title import TitleScene

        self.settings.lang = value
        self.save()
        self.app.options.lang = value
        i18n.set_language(value)
        below = [
            TitleScene(self.app) if isinstance(scene, TitleScene) else scene
            for scene in self.app.stack[:-1]
        ]
        self.app.stack = [*below, SettingsScene(self.app)]

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 215)  # the whole window, also wider than 16:10
        paint.text(surf, vp, _("Settings"), (640, 80), 40, theme.ACCENT, "serif", "center")
        self.draw_widgets(surf, vp, mouse)
