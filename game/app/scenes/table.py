"""The table: a game's view, the prompt with its options, the log and the game buttons.

Clicks on the view's items become actions through ``view.target``; an action with no
item is offered as a button under the prompt.  Only the legal actions of the person at
the screen are highlighted and playable; any other click explains what is asked (with
the rule ID) and changes nothing.
"""

from __future__ import annotations

from .. import fonts, paint, theme
from ..i18n import _
from ..scene import Scene
from ..session import Session
from ..view_api import HOVER, LAST, LEGAL
from ..widgets import Button, inside
from . import dialog

LOG_SIZE = 13
LOG_STEP = 17


class TableScene(Scene):
    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.view = session.view
        self.layout = self.view.layout
        self.log_scroll = 0  # lines scrolled back from the newest
        self.over_since: float | None = None
        self._cache_key = None
        self.obs: dict = {}
        self.items: list = []
        self.targets: dict[tuple, list] = {}
        self.option_buttons: list[Button] = []
        bx, by, bw, bh = self.layout.zone("buttons")
        third = (bw - 16) / 3
        self.undo_button = Button((bx, by + 10, third, 40), _("Undo"), self.undo,
                                  tooltip=_("Take back your last move (Ctrl+Z)"))
        self.save_button = Button((bx + third + 8, by + 10, third, 40), _("Save"), self.save,
                                  tooltip=_("Save the game (Ctrl+S)"))
        self.menu_button = Button((bx + 2 * (third + 8), by + 10, third, 40), _("Menu"),
                                  self.leave)
        self.refresh()

    def close(self) -> None:
        self.session.close()

    # ------------------------------------------------------------------ state
    def refresh(self) -> None:
        """Recompute what the screen shows when the game or the viewer changed."""
        s = self.session
        key = (len(s.match.record.actions), s.viewer, s.needs_handoff())
        if key == self._cache_key:
            return
        self._cache_key = key
        self.obs = s.observation()
        self.items = self.view.items(self.obs)
        self.targets = {}
        buttons = []
        for action in s.my_legal_actions():
            target = self.view.target(self.obs, action)
            if target is None:
                buttons.append(action)
            else:
                self.targets.setdefault(target, []).append(action)
        px, py, pw, ph = self.layout.zone("prompt")
        self.option_buttons = [
            Button((px + 10, py + ph - 46 - i * 46, pw - 20, 38),
                   self.view.action_label(self.obs, a), self._player(a), size=theme.FONT_SMALL)
            for i, a in enumerate(reversed(buttons))
        ]
        self.widgets = [*self.option_buttons, self.undo_button, self.save_button,
                        self.menu_button]
        self.undo_button.enabled = bool(s.human_seats) and not s.is_over()

    def _player(self, action):
        return lambda: self.play(action)

    def play(self, action) -> None:
        if self.session.play_human(action):
            self.log_scroll = 0
        self.refresh()

    def undo(self) -> None:
        if not self.undo_button.enabled:  # Ctrl+Z too: nothing is taken back after the end
            return
        self.session.undo()
        self.refresh()

    def save(self) -> None:
        try:
            path = self.session.save()
        except Exception as e:  # noqa: BLE001 - any failure to write is shown, not raised
            dialog.message(self.app, _("Not saved"), str(e))
            return
        dialog.message(self.app, _("Saved"), _("The game was saved as {path}").format(path=path))

    def leave(self) -> None:
        from .title import TitleScene

        def to_title():
            self.app.reset(TitleScene(self.app))

        if self.session.is_over() or not self.session.store:
            to_title()
            return
        dialog.confirm(self.app, _("Leave the table?"),
                       _("The game is saved automatically: Continue on the title screen "
                         "resumes it."), _("Leave"), to_title)

    # ------------------------------------------------------------------ input
    def item_at(self, pos):
        for item in reversed(self.items):
            if inside(item.rect, pos):
                return item
        return None

    def on_click(self, inp) -> None:
        item = self.item_at(inp.pos)
        if item is None or inp.button != 1:
            return
        actions = self.targets.get(item.key)
        if actions:
            self.play(actions[0])
            return
        s = self.session
        if s.is_over():
            return
        if not s.human_to_act() or s.to_act() != s.viewer:
            seat = s.to_act()
            if seat is not None:
                s.message = _("Wait: {name} is deciding.").format(
                    name=self.view.seat_label(self.obs, seat))
            return
        prompt = self.view.prompt(self.obs)
        rule = f" ({prompt.rule})" if prompt.rule else ""
        s.message = _("That is not a choice now. {prompt}{rule}").format(prompt=prompt.text,
                                                                          rule=rule)

    def on_key(self, inp) -> None:
        if inp.key == "escape":
            self.leave()
        elif inp.ctrl and inp.key == "z":
            self.undo()
        elif inp.ctrl and inp.key == "s":
            self.save()

    def on_wheel(self, inp) -> None:
        if inside(self.layout.zone("log"), inp.pos):
            self.log_scroll = max(0, self.log_scroll + inp.dy)

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        s = self.session
        if s.update():
            self.log_scroll = 0
        self.refresh()
        if s.needs_handoff():
            from .handoff import HandoffScene

            self.app.push(HandoffScene(self.app, self))
            return
        if s.is_over():
            now = s.clock()
            if self.over_since is None:
                self.over_since = now
            if now - self.over_since >= max(0.8, s.ai_pause):
                from .results import ResultsScene

                self.app.replace(ResultsScene(self.app, s))

    def resumed(self) -> None:
        self._cache_key = None
        self.refresh()

    def marks(self, mouse) -> dict:
        marks = {key: LEGAL for key in self.targets}
        s = self.session
        if s.last_action is not None and s.clock() - s.last_time < max(1.2, 2 * s.ai_pause):
            key = self.view.target(self.obs, s.last_action)
            if key is not None and key not in marks:
                marks[key] = LAST
        hovered = self.item_at(mouse) if mouse else None
        if hovered is not None:
            if hovered.key in self.targets:
                marks[("hover",)] = hovered.key
            elif hovered.key not in marks and hovered.tooltip:
                marks[hovered.key] = HOVER
        return marks

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.panel(surf, vp, (0, 0, 936, 800), theme.FELT, None, radius=0)
        self.view.draw(surf, vp, self.obs, self.items, self.marks(mouse))
        self.draw_prompt(surf, vp)
        self.draw_log(surf, vp)
        self.draw_widgets(surf, vp, mouse)
        self.draw_tooltip(surf, vp, mouse)

    def draw_prompt(self, surf, vp) -> None:
        zone = self.layout.zone("prompt")
        x, y, w, h = zone
        paint.panel(surf, vp, zone, theme.PANEL, theme.PANEL_EDGE)
        s = self.session
        seat = s.to_act()
        if s.is_over():
            head = _("Game over")
        elif seat is None:
            head = ""
        elif s.seats[seat] == "human":
            head = _("{name} to play").format(name=self.view.seat_label(self.obs, seat))
        else:
            head = _("{name} (computer) is thinking…").format(
                name=self.view.seat_label(self.obs, seat))
        paint.text(surf, vp, head, (x + 12, y + 8), theme.FONT, theme.ACCENT, "bold")
        prompt = self.view.prompt(self.obs)
        text = prompt.text + (f" ({prompt.rule})" if prompt.rule else "")
        room = h - 40 - 46 * len(self.option_buttons)
        used = paint.text_in(surf, vp, text, (x + 12, y + 34, w - 24, max(20, room - 40)),
                             theme.FONT_SMALL, theme.INK)
        if s.message:
            top = y + 38 + used * 16
            paint.text_in(surf, vp, s.message, (x + 12, top, w - 24, max(18, y + room - top)),
                          theme.FONT_SMALL, theme.DANGER)

    def draw_log(self, surf, vp) -> None:
        zone = self.layout.zone("log")
        x, y, w, h = zone
        paint.panel(surf, vp, zone, theme.PANEL, theme.PANEL_EDGE)
        paint.text(surf, vp, _("Log"), (x + 12, y + 6), theme.FONT_SMALL, theme.INK_DIM, "bold")
        px = vp.size(LOG_SIZE)
        lines: list[tuple[str, bool]] = []
        entries = self.session.visible_log()
        for i, entry in enumerate(entries):
            newest = i == len(entries) - 1
            for line in fonts.wrap(entry, px, vp.size(w - 24)):
                lines.append((line, newest))
        rows = int((h - 32) // LOG_STEP)
        end = max(0, len(lines) - self.log_scroll)
        shown = lines[max(0, end - rows):end]
        for i, (line, newest) in enumerate(shown):
            paint.text(surf, vp, line, (x + 12, y + 26 + i * LOG_STEP), LOG_SIZE,
                       theme.INK if newest else theme.INK_DIM)

    def draw_tooltip(self, surf, vp, mouse) -> None:
        if mouse is None:
            return
        text = ""
        for w in self.widgets:
            if isinstance(w, Button) and w.hit(mouse):
                text = w.tooltip
                break
        else:
            item = self.item_at(mouse)
            text = item.tooltip if item else ""
        if not text:
            return
        width = 300
        lines = sum(len(fonts.wrap(part, vp.size(theme.FONT_SMALL), vp.size(width - 20)))
                    for part in text.split("\n"))
        height = 16 + lines * 16
        tx = min(mouse[0] + 16, 1280 - width - 4)
        ty = min(mouse[1] + 16, 800 - height - 4)
        paint.panel(surf, vp, (tx, ty, width, height), (24, 26, 30), theme.ACCENT, radius=6)
        paint.text_in(surf, vp, text, (tx + 10, ty + 8, width - 20, height - 8),
                      theme.FONT_SMALL, theme.INK, spacing=16 / theme.FONT_SMALL)
