"""A guided first turn: a coach points at the table's parts in order, one sentence each.

The first time a person starts a game of a kind (``Settings.coach_seen``), the table gets
a coach (``offer``).  Each step names a part of the table the view draws (its items of a
kind, the places to click now, a zone of its map, a part of the side panel), rings it and
shows a bubble beside it with one translated sentence, "Next" and "Skip the guide".  A
step may wait for the move it explains (a verb of the game's notation): playing it goes
on to the next step; Next always does.  Escape or "Skip the guide" ends the guide; "Show
the guide again" on How to play offers it once more.  Each game's view gives its steps
(``guide``, built of the ``Step`` and anchors here) and what a seat's own items and a
move's verb are (``own_keys``, ``action_verb``).

The coach only reads the table: it never plays, never changes the state, and never
covers the part it points at (its bubble stands beside it).  It is drawn above the table
and under the tooltip, the menus and the dialogs (the layers of ``game.app.scene``), and
it takes only the clicks on its own bubble.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import fonts, paint, theme
from .i18n import N_, _
from .view_registry import VIEWS, get_view
from .widgets import Button, inside

TEXT = theme.FONT_SMALL + 1  # the bubble's words (design size; 14 px at 1280x800)
BUBBLE_W = 330
PAD = 12
GAP = 14  # between the ring round the part and the bubble
RING = (120, 214, 255)  # not the yellow of the places to click


@dataclass(frozen=True)
class Step:
    text: str  # marked with N_, translated when shown
    anchor: Callable  # (table scene) -> the design rectangles of the part it points at
    verbs: tuple[str, ...] = ()  # the moves that go on to the next step ("*": any move)


# ------------------------------------------------------------------ where a step points
def _seat_keys(scene) -> set:
    return scene.view.own_keys(scene.obs.get("seat"))


def items(*kinds: str, mine: bool = False) -> Callable:
    """The items of these kinds (the first word of their keys); ``mine``: the seat's own."""

    def rects(scene) -> list[tuple]:
        own = _seat_keys(scene) if mine else None
        return [
            i.rect
            for i in scene.items
            if i.key[0] in kinds and (own is None or (len(i.key) > 1 and i.key[1] in own))
        ]

    return rects


def clickable(scene) -> set:
    """The keys of the items the person may click now: the next places of a move, the
    items of a choice made by picking several (``TableScene.picks``)."""
    keys = set(scene.targets)
    for picked, _action in getattr(scene, "picks", ()):
        keys |= set(picked)
    return keys


def targets(scene) -> list[tuple]:
    """The places the person may click now (the highlighted ones); the prompt when the
    moves are its buttons."""
    keys = clickable(scene)
    return [i.rect for i in scene.items if i.key in keys] or panel("prompt")(scene)


def first(*anchors: Callable) -> Callable:
    """The first of these parts that is on the table now."""

    def rects(scene) -> list[tuple]:
        for anchor in anchors:
            found = anchor(scene)
            if found:
                return found
        return []

    return rects


def zones(*names: str) -> Callable:
    """Zones of the view's map (levels/<game>.tmx)."""

    def rects(scene) -> list[tuple]:
        out = []
        for name in names:
            try:
                out.append(tuple(scene.view.layout.zone(name)))
            except (KeyError, AttributeError, ValueError):
                continue
        return out

    return rects


def panel(name: str) -> Callable:
    """A part of the side panel: "prompt", "log" or "buttons"."""
    return lambda scene: [tuple(scene.zone(name))]


PROMPT = Step(
    N_(
        "The prompt says what to do now, with its rule. Point at anything on the "
        "table for its tooltip; F1 opens the rule it names."
    ),
    panel("prompt"),
)
LOG = Step(
    N_(
        "The log tells every move, yours and the other side's. Click a rule ID in it "
        "to read that rule."
    ),
    panel("log"),
)


def has_guide(game: str) -> bool:
    return game in VIEWS and bool(get_view(game).guide)


def _overlap(a: tuple, b: tuple) -> float:
    """The area two design rectangles share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def union(rects: list[tuple]) -> tuple | None:
    if not rects:
        return None
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return (x0, y0, x1 - x0, y1 - y0)


class Coach:
    """The guide of one table; ``done`` once it has ended (skipped or through)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.steps = get_view(game).guide if game in VIEWS else ()
        self.at = 0
        self.done = not self.steps
        self.next_button = Button((0, 0, 0, 0), _("Next"), self.next, size=TEXT)
        self.skip_button = Button((0, 0, 0, 0), _("Skip the guide"), self.skip, size=TEXT)

    def current(self, scene) -> tuple[int, tuple] | None:
        """The step shown and the part it points at: the first step from the one reached
        whose part is on the table now (a part not there, the hand of a person who has
        played all its cards, is passed over); None when the guide is over."""
        if self.done or scene.session.is_over():
            return None
        for at in range(self.at, len(self.steps)):
            target = union(self.steps[at].anchor(scene))
            if target is not None:
                return at, target
        return None

    def next(self, at: int | None = None) -> None:
        """On to the step after ``at`` (the one shown; else the one reached)."""
        self.at = (self.at if at is None else at) + 1
        if self.at >= len(self.steps):
            self.done = True

    def skip(self) -> None:
        self.done = True

    def played(self, scene, action) -> None:
        """The person played ``action``: the step shown, if it waited for it, is over."""
        now = self.current(scene)
        if now is None or not self.steps[now[0]].verbs:
            return
        verbs = self.steps[now[0]].verbs
        verb = scene.view.action_verb(action)
        if "*" in verbs or verb in verbs:
            self.next(now[0])

    # ------------------------------------------------------------------ input
    def handle(self, scene, inp) -> bool:
        """Take the person's input when it is the guide's: Escape, a click on the bubble;
        True when taken (nothing else happens then)."""
        if self.done or inp.kind not in ("key", "click"):
            return False
        shown = self.layout(scene, scene.app.vp_for(scene))
        if shown is None:  # nothing of it on the screen: the input is the table's
            return False
        if inp.kind == "key":
            if inp.key == "escape":
                self.skip()
                return True
            return False
        for button in (self.next_button, self.skip_button):
            if button.click(inp.pos, inp.button):
                return True
        return inside(shown["bubble"], inp.pos) and not inside(shown["target"], inp.pos)

    # ------------------------------------------------------------------ layout
    def layout(self, scene, vp) -> dict | None:
        """Where the step is drawn: the part pointed at ("target"), the bubble, its words
        and buttons (design rectangles); None when there is nothing to show (the guide
        is over, the game too, or the part is not on the table now)."""
        now = self.current(scene)
        if now is None:
            return None
        at, target = now
        words = _(self.steps[at].text)
        ui = vp.ui
        width = BUBBLE_W * ui
        lines = fonts.wrap(words, vp.font_px(TEXT), vp.size(width - 2 * PAD))
        step_h = vp.text_h(TEXT) * 1.25
        head = vp.text_h(TEXT - 2) * 1.5
        row = max(30.0, vp.text_h(TEXT) * 2.1)
        height = PAD + head + len(lines) * step_h + 8 + row + PAD
        bubble = self._place(scene, vp, target, width, height)
        x, y, w, h = bubble
        half = (w - 2 * PAD - 8) / 2
        self.skip_button.rect = (x + PAD, y + h - PAD - row, half, row)
        self.next_button.rect = (x + PAD + half + 8, y + h - PAD - row, half, row)
        self.next_button.label = _("Next") if at < len(self.steps) - 1 else _("Done")
        self.skip_button.label = _("Skip the guide")  # in the language shown now
        self.next_button.on_click = lambda: self.next(at)
        return {
            "target": target,
            "bubble": bubble,
            "words": words,
            "at": at,
            "counter": _("Guide {n} of {m}").format(n=at + 1, m=len(self.steps)),
            "head": (x + PAD, y + PAD, w - 2 * PAD, head),
            "text": (x + PAD, y + PAD + head, w - 2 * PAD, len(lines) * step_h + 4),
            "lines": lines,
        }

    @staticmethod
    def _place(scene, vp, target, w: float, h: float) -> tuple:
        """The bubble beside the part: below it, above, left or right of it (or in a
        corner of the board), in the window and never over the part; of these places the
        first that hides the fewest places the person may click now."""
        tx, ty, tw, th = target
        left, top, right, bottom = vp.left + 6, vp.top + 6, vp.right - 6, vp.bottom - 6
        cx = min(max(left, tx + tw / 2 - w / 2), right - w)
        cy = min(max(top, ty + th / 2 - h / 2), bottom - h)
        bx, by, bw, bh = paint.board_area(vp)
        places = [
            (cx, ty + th + GAP),
            (cx, ty - GAP - h),
            (tx - GAP - w, cy),
            (tx + tw + GAP, cy),
            (bx + 10, by + bh - h - 10),
            (bx + bw - w - 10, by + bh - h - 10),
            (bx + 10, by + 40),
            (bx + bw - w - 10, by + 40),
        ]
        keys = clickable(scene)
        spots = [i.rect for i in scene.items if i.key in keys]
        spots += [b.rect for b in getattr(scene, "option_buttons", ())]
        best, least = None, None
        for x, y in places:
            rect = (x, y, w, h)
            if not (left <= x and x + w <= right and top <= y and y + h <= bottom) or _overlap(
                rect, target
            ):
                continue
            hidden = sum(_overlap(rect, r) for r in spots)
            if least is None or hidden < least:
                best, least = rect, hidden
            if hidden == 0:
                break
        if best is not None:
            return best
        # no room beside it (a part as large as the board): inside it, in a corner
        x = min(max(left, tx + 10), right - w)
        y = min(max(top, ty + th - h - 10), bottom - h)
        return (x, y, w, h)

    # ------------------------------------------------------------------ drawing
    def draw(self, scene, surf, vp, mouse) -> None:
        shown = self.layout(scene, vp)
        if shown is None:
            return
        paint.outline(surf, vp, shown["target"], RING, width=3, radius=8)
        x, y, w, h = shown["bubble"]
        self._draw_pointer(surf, vp, shown["bubble"], shown["target"])
        paint.panel(surf, vp, shown["bubble"], (30, 30, 36), RING, radius=10, width=2)
        hx, hy, hw, _hh = shown["head"]
        paint.text(surf, vp, shown["counter"], (hx, hy), TEXT - 2, RING, "bold", fit=hw)
        tx, ty, tw, _th = shown["text"]
        step = vp.text_h(TEXT) * 1.25
        for i, line in enumerate(shown["lines"]):
            paint.text(surf, vp, line, (tx, ty + i * step), TEXT, theme.INK, fit=tw)
        self.skip_button.draw(surf, vp, mouse)
        self.next_button.draw(surf, vp, mouse)

    @staticmethod
    def _draw_pointer(surf, vp, bubble, target) -> None:
        """A line from the bubble's edge to the ring, when they stand apart."""
        x, y, w, h = bubble
        tx, ty, tw, th = target
        start = (
            (min(max(tx + tw / 2, x + 16), x + w - 16), y if ty + th <= y else y + h)
            if ty + th <= y or ty >= y + h
            else (x if tx + tw <= x else x + w, min(max(ty + th / 2, y + 16), y + h - 16))
        )
        end = (min(max(start[0], tx), tx + tw), min(max(start[1], ty), ty + th))
        if abs(end[0] - start[0]) + abs(end[1] - start[1]) < 4:
            return
        pygame.draw.line(surf, RING, vp.point(*start), vp.point(*end), max(2, vp.size(3)))
        pygame.draw.circle(surf, RING, vp.point(*end), max(3, vp.size(5)))


def offer(app, table) -> bool:
    """Give ``table`` its guide if this is the person's first game of its kind (and a
    person plays at it); remembered at once.  True when the guide starts."""
    session = table.session
    game = session.rules.name
    settings = app.settings
    if (
        not has_guide(game)
        or game in settings.coach_seen
        or not session.human_seats
        or session.is_over()
    ):
        return False
    settings.coach_seen.append(game)
    settings.save(app.store.root)
    table.coach = Coach(game)
    return True


def show_again(app, game: str) -> None:
    """Offer the guide of ``game`` once more: at its table if one is open, else at the
    next game of it."""
    from .scenes.table import TableScene

    settings = app.settings
    if game in settings.coach_seen:
        settings.coach_seen.remove(game)
        settings.save(app.store.root)
    for scene in app.stack:
        if isinstance(scene, TableScene) and scene.session.rules.name == game:
            offer(app, scene)
