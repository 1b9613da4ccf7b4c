"""Scenes and the input they receive.

The app keeps a stack of scenes; the top one gets the input, and the stack is drawn
from the highest opaque scene up (a dialog is drawn over the scene below it).

What is drawn on top, one rule: modal dialog > menu > tooltip > table.  Only the top
scene is drawn with the pointer (``App.draw``): a scene under a dialog shows no hover
and no tooltip.  Within a scene, an open menu is drawn last and takes the pointer: no
tooltip is drawn while it is open (``TableScene.draw``).  The first game's guide
(``game.app.coach``) belongs to the table: drawn over it, under the tooltip and the menu.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import theme
from .viewport import Viewport


@dataclass(frozen=True)
class Input:
    """One person's input in design coordinates, made from a pygame event."""

    kind: str  # "click", "move", "wheel", "key"
    pos: tuple[float, float] | None = None
    button: int = 0  # 1 left, 3 right
    key: str = ""  # pygame key name: "escape", "backspace", "z", ...
    unicode: str = ""
    dy: int = 0
    ctrl: bool = False


class Scene:
    opaque = True
    #: laid out for the UI scale: its text grows by Settings.ui_scale (App.vp_for)
    ui_scaled = False

    def __init__(self, app) -> None:
        self.app = app
        self.widgets: list = []

    # the stack calls these
    def handle(self, inp: Input) -> None:
        if inp.kind == "click":
            for w in self.widgets:
                if w.click(inp.pos, inp.button):
                    return
            self.on_click(inp)
        elif inp.kind == "key":
            for w in self.widgets:
                if hasattr(w, "key") and w.key(inp.key, inp.unicode):
                    return
            self.on_key(inp)
        elif inp.kind == "wheel":
            self.on_wheel(inp)

    def on_click(self, inp: Input) -> None:
        pass

    def on_key(self, inp: Input) -> None:
        if inp.key == "escape":
            self.on_back()

    def on_wheel(self, inp: Input) -> None:
        pass

    def on_back(self) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf, vp: Viewport, mouse) -> None:
        surf.fill(theme.BG)
        self.draw_widgets(surf, vp, mouse)

    def draw_widgets(self, surf, vp: Viewport, mouse) -> None:
        for w in self.widgets:
            w.draw(surf, vp, mouse)

    def resumed(self) -> None:
        """Called when the scene above it is popped."""
