"""Settings: the pause after a computer move, window size, full screen, language."""

from __future__ import annotations

from .. import i18n, paint, theme
from ..i18n import _
from ..scene import Scene
from ..settings import PAUSES, SIZES, Settings
from ..widgets import Button, Choice


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.settings = Settings.load(app.store.root)
        s = self.settings
        pause = Choice((340, 200, 600, 44), _("Pause after a computer move"),
                       [(p, _("{s} s").format(s=i18n.decimal(p))) for p in PAUSES],
                       on_change=self.set_pause)
        pause.select(s.ai_pause)
        size = Choice((340, 256, 600, 44), _("Window size"),
                      [(wh, f"{wh[0]} × {wh[1]}") for wh in SIZES], on_change=self.set_size)
        size.select((s.width, s.height))
        full = Choice((340, 312, 600, 44), _("Full screen (F11)"),
                      [(False, _("off")), (True, _("on"))], on_change=self.set_fullscreen)
        full.select(s.fullscreen)
        lang = Choice((340, 368, 600, 44), _("Language"),
                      [(code, i18n.LANGUAGE_NAMES[code]) for code in i18n.LANGUAGES],
                      on_change=self.set_language)
        lang.select(i18n.language())
        self.widgets = [pause, size, full, lang,
                        Button((540, 700, 200, 48), _("Back"), app.pop)]

    def set_pause(self, value) -> None:
        self.settings.ai_pause = value
        self.app.options.ai_pause = value
        self.settings.save(self.app.store.root)

    def set_size(self, value) -> None:
        self.settings.width, self.settings.height = value
        self.settings.save(self.app.store.root)
        self.app.resize(value)

    def set_fullscreen(self, value) -> None:
        self.settings.fullscreen = value
        self.settings.save(self.app.store.root)
        self.app.toggle_fullscreen()

    def set_language(self, value) -> None:
        """Remembered, and shown at once: the title below and this screen are made anew."""
        from .title import TitleScene

        self.settings.lang = value
        self.settings.save(self.app.store.root)
        self.app.options.lang = value
        i18n.set_language(value)
        below = [TitleScene(self.app) if isinstance(scene, TitleScene) else scene
                 for scene in self.app.stack[:-1]]
        self.app.stack = [*below, SettingsScene(self.app)]

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.text(surf, vp, _("Settings"), (640, 100), 40, theme.ACCENT, "serif", "center")
        self.draw_widgets(surf, vp, mouse)
