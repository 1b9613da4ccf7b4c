"""The window: one loop, the only reader of the pygame event queue, and the scene stack."""

from __future__ import annotations

import contextlib
import statistics
import time
from dataclasses import dataclass, field

import pygame

from game import resources

from . import fonts, i18n, theme, worker
from .save_store import SaveStore
from .scene import Input, Scene
from .session import steady_pause
from .settings_store import Settings
from .sound import Sounds
from .viewport import Viewport

FPS = 60
DEFAULT_SIZE = (1280, 800)


def window_icon(size: int = 64) -> pygame.Surface:
    """The application icon, assets/art/siege-table.svg, drawn at ``size`` pixels (the
    packaged program's .ico and .icns are made from the same SVG: tools/make_icon_files.py)."""
    path = resources.asset("art", "siege-table.svg")
    return pygame.image.load_sized_svg(str(path), (size, size))


@dataclass
class AppOptions:
    size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool = False
    ai_pause: float = 0.6  # seconds a computer move stays in view before the next one
    store: SaveStore | None = None
    frames: int | None = None  # quit after this many frames
    lang: str = "en"
    fps: int = FPS
    quit_when_over: bool = False  # all-computer demo runs: stop at the results
    extra: dict = field(default_factory=dict)


class App:
    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        self.options.ai_pause = steady_pause(self.options.ai_pause)  # never inf or nan
        i18n.set_language(self.options.lang)
        pygame.display.init()  # the mixer is started by Sounds on the first sound, if it can
        pygame.font.init()
        pygame.display.set_caption("Siege Table")
        with contextlib.suppress(OSError, pygame.error):  # a nicety: no icon still plays
            pygame.display.set_icon(window_icon())
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if self.options.fullscreen else 0)
        self.screen = pygame.display.set_mode(self.options.size, flags)
        self.store = self.options.store or SaveStore()
        self.store.tidy()  # a kill's stale temp files; the old single autosave moved
        #: the remembered settings the window applies itself: UI scale, sound, colours
        self.settings = Settings.load(self.store.root)
        self.sounds = Sounds(self.settings.sound)
        self.apply_settings()
        self.vp = Viewport.fit(*self.screen.get_size(), self.ui_scale)
        self.windowed_size = self.options.size  # the window's size out of full screen
        self.stack: list[Scene] = []
        self.mouse: tuple[float, float] | None = None
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_ms: list[float] = []
        self.frames = 0

    def apply_settings(self) -> None:
        """Take ``self.settings`` in at once: the UI scale, sound, the seat colours."""
        self.ui_scale = self.settings.ui_scale
        self.sounds.enabled = self.settings.sound
        theme.set_colour_blind(self.settings.colour_blind)
        if hasattr(self, "vp"):
            self.vp = self.vp.with_ui(self.ui_scale)

    def vp_for(self, scene) -> Viewport:
        """The viewport ``scene`` draws with: the UI scale only for the screens laid out
        for it (``Scene.ui_scaled``)."""
        return self.vp if getattr(scene, "ui_scaled", False) else self.vp.with_ui(1.0)

    # ------------------------------------------------------------------ scene stack
    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self) -> Scene:
        scene = self.stack.pop()
        if self.stack:
            self.top.resumed()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop()
        self.stack.append(scene)

    def reset(self, scene: Scene) -> None:
        """Back to a single scene (e.g. the title), closing what was open."""
        for old in self.stack:
            close = getattr(old, "close", None)
            if close:
                close()
        self.stack = [scene]

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ events
    def to_input(self, event) -> Input | None:
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return Input("click", self.vp.to_design(event.pos), button=event.button)
        if t == pygame.MOUSEBUTTONUP and event.button == 1:  # the end of a drag
            return Input("release", self.vp.to_design(event.pos), button=1)
        if t == pygame.MOUSEMOTION:
            self.mouse = self.vp.to_design(event.pos)
            return Input("move", self.mouse)
        if t == pygame.MOUSEWHEEL:
            return Input("wheel", self.mouse, dy=event.y)
        if t == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            return Input(
                "key",
                self.mouse,
                key=pygame.key.name(event.key),
                unicode=getattr(event, "unicode", ""),
                ctrl=ctrl,
            )
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.vp = Viewport.fit(*self.screen.get_size(), self.ui_scale)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        inp = self.to_input(event)
        if inp and self.stack and inp.kind != "move":
            self.top.handle(inp)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:  # not every video driver can toggle: open the window anew
            if pygame.display.is_fullscreen():
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:
                self.windowed_size = self.screen.get_size()
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.screen = pygame.display.get_surface()
        self.vp = Viewport.fit(*self.screen.get_size(), self.ui_scale)

    def resize(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.vp = Viewport.fit(*size, self.ui_scale)

    # ------------------------------------------------------------------ the loop
    def draw(self) -> None:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        top = len(self.stack) - 1
        for i in range(start, top + 1):
            scene = self.stack[i]
            # the layers: a scene under another (a dialog) is drawn without the pointer,
            # so nothing under a dialog shows a hover or a tooltip through it (scene.py)
            scene.draw(self.screen, self.vp_for(scene), self.mouse if i == top else None)

    def step(self, dt: float = 1 / FPS) -> None:
        """One frame: read every pending event, update the top scene, draw."""
        t0 = time.perf_counter()
        for event in pygame.event.get():  # the only place that reads the event queue
            self.handle_event(event)
        if self.stack:
            self.top.update(dt)
        if self.stack:
            self.draw()
        pygame.display.flip()
        self.frame_ms.append((time.perf_counter() - t0) * 1000)
        self.frames += 1
        if not self.stack:
            self.running = False

    def run(self) -> dict:
        dt = 1 / self.options.fps
        while self.running:
            self.step(dt)
            if self.options.frames is not None and self.frames >= self.options.frames:
                break
            dt = self.clock.tick(self.options.fps) / 1000
        return self.stats()

    def stats(self) -> dict:
        ms = sorted(self.frame_ms) or [0.0]
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        return {
            "frames": self.frames,
            "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(p95, 3),
        }

    def close(self) -> None:
        for scene in self.stack:
            close = getattr(scene, "close", None)
            if close:
                close()
        self.stack = []
        worker.shutdown()
        pygame.quit()
        fonts.font.cache_clear()  # quitting pygame ends these fonts: a next window reloads them
