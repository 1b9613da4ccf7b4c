"""Direct manipulation on a table: a count stepper on the place a stack goes to, and a
stack dragged from its place to another.

A move whose actions differ only by how many units go (``Move 1 orc`` ... ``Move 5
orcs``) is not a list: the view's ``stepper(obs, actions)`` gives ``[(count, action)]``
and the table shows ``CountStepper`` beside the place clicked, ``-  N  +`` and a button
that plays the move of that count (the largest at first).  It has the ``buttons``,
``rect`` and ``draw`` of a menu, so the table treats it as one: it is drawn over any
tooltip, a right click or Escape takes it back.

A drag is two clicks: the press on a stack that may be moved chooses it, the release on
a highlighted place chooses that place (``release``); while the button is held the
stack follows the pointer (``draw_drag``).
"""

from __future__ import annotations

import pygame

from . import fonts, paint, theme
from .i18n import _
from .widgets import Button

ROW = 34  # design height of the stepper's rows (times the UI scale)
DRAG_FROM = 8  # design units the pointer moves before a press becomes a drag


def counts_of(actions: list, parse) -> list[tuple[int, object]] | None:
    """``[(count, action)]`` in increasing count when ``actions`` (at least two) are the
    same action but for their last argument, a number (``parse`` reads an action's
    ``(who, verb, args)``); None otherwise."""
    if len(actions) < 2:
        return None
    read = [parse(a) for a in actions]
    who, verb, args = read[0]
    out = []
    for action, (w, v, a) in zip(actions, read, strict=True):
        if (w, v, a[:-1]) != (who, verb, args[:-1]) or not a or not a[-1].isdigit():
            return None
        out.append((int(a[-1]), action))
    out.sort(key=lambda pair: pair[0])
    return out if len({n for n, _a in out}) == len(out) else None


class CountStepper:
    """How many go: ``-``, the count, ``+`` and the move of that count."""

    def __init__(self, scene, pos, counts: list[tuple[int, object]]) -> None:
        self.scene = scene
        self.counts = counts
        self.actions = [a for _n, a in counts]
        self.at = len(counts) - 1  # all that may go, at first
        ui = scene.app.ui_scale
        vp = scene.app.vp.with_ui(ui)
        view, obs = scene.view, scene.obs
        labels = [view.action_label(obs, a) for a in self.actions]
        font = fonts.font(vp.font_px(theme.FONT_SMALL))
        widest = max(font.size(t)[0] for t in labels) / vp.scale
        w = min(vp.design_w - 20, max(260 * ui, widest + 40))
        row = ROW * ui
        h = 30 * ui + 2 * row + 12
        x = min(max(vp.left + 4, pos[0] + 12), vp.right - w - 4)
        y = min(max(vp.top + 4, pos[1] + 12), vp.bottom - h - 4)
        self.rect = (x, y, w, h)
        top = y + 28 * ui
        side = row * 1.4
        self.minus = Button(
            (x + w / 2 - side * 1.6, top, side, row - 4),
            "−",
            self.less,
            size=theme.FONT,
            tooltip=_("One fewer"),
        )
        self.plus = Button(
            (x + w / 2 + side * 0.6, top, side, row - 4),
            "+",
            self.more,
            size=theme.FONT,
            tooltip=_("One more"),
        )
        self.go = Button(
            (x + 6, top + row, w - 12, row - 4), labels[self.at], self.play, size=theme.FONT_SMALL
        )
        self.labels = labels
        self.buttons = [self.minus, self.plus, self.go]
        self._enable()

    @property
    def hint(self) -> str:
        """What the prompt says while the stepper is open."""
        return _("Choose how many with - and +, then click the move (right click: cancel).")

    @property
    def count(self) -> int:
        return self.counts[self.at][0]

    @property
    def action(self):
        return self.counts[self.at][1]

    def _enable(self) -> None:
        self.minus.enabled = self.at > 0
        self.plus.enabled = self.at < len(self.counts) - 1
        self.go.label = self.labels[self.at]

    def less(self) -> None:
        self.at = max(0, self.at - 1)
        self._enable()

    def more(self) -> None:
        self.at = min(len(self.counts) - 1, self.at + 1)
        self._enable()

    def set_count(self, n: int) -> bool:
        """The count ``n`` chosen (a key typed); False when no move has it."""
        for i, (m, _a) in enumerate(self.counts):
            if m == n:
                self.at = i
                self._enable()
                return True
        return False

    def play(self) -> None:
        self.scene.play(self.action)

    def key(self, name: str) -> bool:
        """Keyboard: + and - (or the arrows) step, a digit picks a count, Enter plays."""
        if name in ("+", "=", "right", "up", "[+]"):
            self.more()
        elif name in ("-", "left", "down", "[-]"):
            self.less()
        elif name in ("return", "enter"):
            self.play()
        elif len(name) == 1 and name.isdigit():
            return self.set_count(int(name))
        else:
            return False
        return True

    def draw(self, surf, vp, mouse) -> None:
        paint.panel(surf, vp, self.rect, (24, 26, 30), theme.ACCENT, radius=6, width=2)
        x, y, w, h = self.rect
        paint.text(
            surf,
            vp,
            _("How many? (right click: cancel)"),
            (x + 10, y + 7),
            theme.FONT_SMALL,
            theme.INK_DIM,
            fit=w - 20,
        )
        for b in self.buttons:
            b.draw(surf, vp, mouse)
        mx, my, mw, mh = self.minus.rect
        px = self.plus.rect[0]
        paint.text(
            surf,
            vp,
            str(self.count),
            ((mx + mw + px) / 2, my + mh / 2),
            theme.FONT_BIG,
            theme.HILITE,
            "display-bold",
            "center",
        )


# ---------------------------------------------------------------------- dragging
def release(scene, inp) -> None:
    """The button let go: over a highlighted item other than the one pressed, that item
    is the next click of the path begun by the press (a drag)."""
    pressed, scene.pressed = getattr(scene, "pressed", None), None
    if pressed is None or scene.menu is not None:
        return
    key, start = pressed
    if abs(inp.pos[0] - start[0]) + abs(inp.pos[1] - start[1]) < DRAG_FROM:
        return  # a click, not a drag: the stack stays chosen
    item = scene.item_at(inp.pos)
    if (
        item is not None
        and item.key != key
        and item.key in scene.targets
        and scene.chosen
        and scene.chosen[-1] == key
    ):
        scene.choose(item.key, inp.pos)


def draw_drag(scene, surf, vp, mouse) -> None:
    """While a chosen stack is dragged: its picture under the pointer, half seen."""
    pressed = getattr(scene, "pressed", None)
    if pressed is None or mouse is None or not pygame.mouse.get_pressed()[0]:
        return
    key, start = pressed
    if (
        abs(mouse[0] - start[0]) + abs(mouse[1] - start[1]) < DRAG_FROM
        or not scene.chosen
        or scene.chosen[-1] != key
    ):
        return
    item = next((i for i in scene.items if i.key == key), None)
    if item is None:
        return
    board = paint.board_vp(vp)
    r = board.rect(item.rect).clip(surf.get_rect())
    if r.w < 2 or r.h < 2:
        return
    ghost = surf.subsurface(r).copy()
    ghost.set_alpha(190)
    surf.blit(ghost, ghost.get_rect(center=vp.point(*mouse)))
