"""Replays: any finished or saved game, stepped forward and back.

``ReplaysScene`` lists the finished games (kept by the table when a game ends) and the
saved ones, newest first.  ``ReplayScene`` shows the table view of one position, the log
up to it, and what was asked there; ◀ ▶ (or Left and Right) step, |◀ ▶| (Home, End)
jump to the start and the end, Page Up and Page Down step by ten.  The point of view is
any seat (what that seat saw, its log lines included) or all cards open.  Rule IDs in
the log and the prompt are links to the rules.

A step on moves the table as it moved when the move was played (the same motion and
stages as the table's, at the animation speed of the settings; a click on the board or
Space ends it at once); a step back, a jump or another point of view shows the position
at once.
"""

from __future__ import annotations

import time

from game.core import registry
from game.core.contract import PUBLIC, GameError
from game.core.record import load_record

from .. import fonts, links, motion, paint, stages, theme
from ..i18n import _
from ..replayer import OPEN, Replayer
from ..save_store import problem
from ..scene import Scene
from ..view_contract import HOVER, LAST
from ..view_registry import get_view, playable_games
from ..widgets import Button, Choice, inside
from . import dialog
from .saves import ListScene, game_of, stamp_of
from .table import draw_sides, motion_source
from .title import draw_backdrop

LOG_SIZE = 13
LOG_STEP = 17


class ReplaysScene(ListScene):
    """The games that can be replayed: finished ones, then saved ones."""

    width = 700

    def __init__(self, app) -> None:
        super().__init__(app)
        store = app.store
        self.entries = [(path, _("Finished")) for path in store.list_finished()]
        self.entries += [(path, _("Saved")) for path in store.list_saves()]
        self.rebuild()

    def entry_count(self) -> int:
        return len(self.entries)

    def entry(self, i: int) -> tuple[str, object]:
        path, kind = self.entries[i]
        label = _("{kind}: {name}   —   {when}").format(
            kind=kind, name=game_of(path), when=stamp_of(path)
        )
        return label, self._opener(path)

    def _opener(self, path):
        return lambda: open_replay(self.app, path)

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 215)  # the whole window, also wider than 16:10
        paint.text(surf, vp, _("Replays"), (640, 60), 36, theme.ACCENT, "serif", "center")
        if not self.entries:
            paint.text_in(
                surf,
                vp,
                _("No finished or saved games yet."),
                (140, 280, 1000, 200),
                theme.FONT_BIG,
                theme.INK_DIM,
                align="center",
            )
        self.draw_widgets(surf, vp, mouse)


def open_replay(app, path_or_record, at_end: bool = False) -> ReplayScene | None:
    """Push the replay of a record (or of the record file at a path), at its start or its
    end; a file that cannot be replayed shows why and changes nothing."""
    try:
        record = path_or_record
        if not hasattr(record, "actions"):
            record = load_record(path_or_record)
        if record.game not in playable_games():
            raise GameError(
                _("{game} cannot be played in this version yet.").format(
                    game=registry.GAMES[record.game][0]
                )
            )
        scene = ReplayScene(app, Replayer(registry.get_rules(record.game), record))
    except GameError as e:
        dialog.message(app, _("Cannot open this game"), problem(e))
        return None
    if at_end:
        scene.go(scene.replayer.steps)
    app.push(scene)
    return scene


class ReplayScene(Scene):
    ui_scaled = True  # laid out at the UI scale (Settings.ui_scale)

    def __init__(self, app, replayer: Replayer, seat=0, clock=time.monotonic) -> None:
        super().__init__(app)
        #: a step on moves as the table moved (motion.py, stages.py)
        self.motion = motion.Motion(clock, app.settings.speed)
        self.staging = stages.Staging(self.motion)
        self.board = stages.Board(self.motion, draw_sides, motion_source)
        self.replayer = replayer
        self.rules = replayer.rules
        self.view = get_view(replayer.record.game)
        self.layout = self.view.layout
        self.step = 0
        self.seat = seat
        self.log_scroll = 0
        self._shown: tuple | None = None  # (step, seat) of obs and items
        self.obs: dict = {}
        self.items: list = []
        self.touched: set = set()  # the items the last move was played on
        self._lines: dict = {}  # (step, seat) -> log lines
        self.show()
        px, py, pw, _ph = self.layout.zone("prompt")
        options = [
            (s, self.view.seat_label(self.replayer.observation(0, s), s))
            for s in range(replayer.seats)
        ] + [(OPEN, _("All cards open"))]
        self.choice = Choice(
            (px + 10, py + 34, pw - 20, 36), _("View"), options, on_change=self.set_seat
        )
        self.choice.select(seat)
        bw = (pw - 20 - 3 * 6) / 4
        steps = [
            ("|◀", lambda: self.go(0), _("The start (Home)")),
            ("◀", lambda: self.go(self.step - 1), _("One step back (Left)")),
            ("▶", lambda: self.go(self.step + 1), _("One step on (Right)")),
            ("▶|", lambda: self.go(self.replayer.steps), _("The end (End)")),
        ]
        self.step_buttons = [
            Button((px + 10 + i * (bw + 6), py + 78, bw, 36), label, act, tooltip=tip)
            for i, (label, act, tip) in enumerate(steps)
        ]
        bx, by, bw2, _bh = self.layout.zone("buttons")
        self.widgets = [
            self.choice,
            *self.step_buttons,
            Button((bx, by + 10, bw2, 40), _("Back"), app.pop),
        ]
        #: the widgets at their 1280x800 places, with the zone each goes with
        self._placed = [(w, w.rect, "prompt") for w in self.widgets[:-1]] + [
            (self.widgets[-1], self.widgets[-1].rect, "buttons")
        ]
        self.shift = (0.0, 0.0, 0.0)  # where the side panel is (paint.panel_shift)
        self.follow_window()

    def zone(self, name: str) -> tuple:
        """A zone of the side panel (prompt, log, buttons), at the window's right edge."""
        return paint.panel_zone(self.shift, name, self.layout.zone(name))

    def follow_window(self) -> None:
        """The side panel to the window's right edge after the window's shape changed."""
        shift = paint.panel_shift(self.app.vp)
        if shift != self.shift:
            self.shift = shift
            for w, rect, zone in self._placed:
                w.rect = paint.panel_zone(shift, zone, rect)

    # ------------------------------------------------------------------ position
    def show(self) -> None:
        key = (self.step, self.seat, self.staging.at)
        if key == self._shown:
            return
        self._shown = key
        staged = self.staging.obs()  # a stage of the move stepped on, before the rest
        self.obs = staged if staged is not None else self.replayer.observation(self.step, self.seat)
        self.items = self.view.items(self.obs)
        self.touched = self._touched()

    def _touched(self) -> set:
        """The items the last move was played on (marked), as its player clicked them."""
        if self.step == 0:
            return set()
        actor = self.replayer.actors[self.step - 1]
        if actor is None:
            return set()
        from .table import click_path

        before = self.replayer.observation(self.step - 1, actor)
        try:
            path = click_path(self.view, before, self.replayer.actions[self.step - 1])
        except (KeyError, IndexError, ValueError, TypeError):
            return set()  # a view that cannot place it on the board: nothing marked
        keys = {item.key for item in self.items}
        return {key for key in path or () if key in keys}

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves: one step on moves the table as the
        move did (its stages first), any other step shows it at once."""
        step = max(0, min(step, self.replayer.steps))
        on = step == self.step + 1
        self.step = step
        self.log_scroll = 0
        self.motion.expect(on)
        if on:
            r = self.replayer
            self.staging.start(
                *stages.trail(
                    self.rules,
                    self.view,
                    r.state_at(step - 1),
                    r.actions[step - 1],
                    lambda state, seat=self.seat: r.seen(state, seat),
                )
            )
        else:
            self.staging.finish()
        self.show()

    def set_seat(self, seat) -> None:
        self.seat = seat
        self.choice.select(seat)
        self.hurry()
        self.show()

    def hurry(self) -> None:
        """The motion and the stages of the step shown at an end: the position at once."""
        self.motion.finish()
        if self.staging.finish():
            self.show()
            self.motion.expect(False)

    def log_lines(self) -> list[str]:
        """The log up to this step, as the point of view may read it."""
        key = (self.step, self.seat)
        if key not in self._lines:
            state = self.replayer.state_at(self.step)
            names = self.rules.seat_names(state)
            lines = []
            for event in self.replayer.log_events(self.step, self.seat):
                words = self.view.describe(event, names)
                if not words:
                    continue
                words = words[:1].upper() + words[1:]
                if self.seat == OPEN and event[0] != PUBLIC:  # whose secret it was
                    words = _("{name}, unseen by the others: {line}").format(
                        name=self.view.seat_label(self.obs, event[0]), line=words
                    )
                lines.append(words)
            if len(self._lines) > 64:
                self._lines.clear()
            self._lines[key] = lines
        return self._lines[key]

    def prompt_text(self) -> str:
        if self.step == 0:
            head = _("The set-up.")
        else:
            actor = self.replayer.actors[self.step - 1]
            who = self.view.seat_label(self.obs, actor) if actor is not None else ""
            if self.seat in (OPEN, actor):
                head = _("Move {n} ({who}): {action}.").format(
                    n=self.step, who=who, action=self.move_words(self.step, actor)
                )
            else:  # the notation may name what this seat did not see: the log tells
                head = _("Move {n}: {who} played.").format(n=self.step, who=who)
        if self.rules.is_over(self.replayer.state_at(self.step)) and not self.staging.busy():
            return head + " " + _("The game is over.")
        prompt = self.view.prompt(self.obs)
        rule = f" ({prompt.rule})" if prompt.rule else ""
        return f"{head} {prompt.text}{rule}"

    def move_words(self, step: int, actor) -> str:
        """Move ``step`` as the table's menus word it, seen by the seat that made it; its
        notation where the view has no words for it."""
        text = self.replayer.record.actions[step - 1]
        try:
            action = self.rules.parse_action(text)
            seat = actor if actor is not None else 0
            words = self.view.action_label(self.replayer.observation(step - 1, seat), action)
        except GameError:
            return text
        return words.removesuffix(".") or text

    def prompt_rect(self) -> tuple:
        x, y, w, h = self.zone("prompt")
        return (x + 12, y + 124, w - 24, max(20, h - 130))

    # ------------------------------------------------------------------ input
    def on_key(self, inp) -> None:
        moves = {"right": 1, "left": -1, "page down": 10, "page up": -10}
        if inp.key == "space":
            self.hurry()
        elif inp.key in moves:
            self.go(self.step + moves[inp.key])
        elif inp.key == "home":
            self.go(0)
        elif inp.key == "end":
            self.go(self.replayer.steps)
        else:
            super().on_key(inp)

    def on_back(self) -> None:
        self.app.pop()

    def on_wheel(self, inp) -> None:
        if inside(self.zone("log"), inp.pos):
            self.log_scroll = max(0, self.log_scroll + inp.dy)

    def link_at(self, pos) -> str | None:
        vp = self.app.vp
        rule = links.link_at(self.prompt_text(), self.prompt_rect(), theme.FONT_SMALL, vp, pos)
        if rule:
            return rule
        for line, (x, y), _colour in self.log_rows(vp):
            step = LOG_STEP * getattr(vp, "ui", 1.0)
            for r, found in links.text_rows(line, (x, y, 1280, step), LOG_SIZE, vp)[0][2]:
                if inside(r, pos):
                    return found
        return None

    def update(self, dt: float) -> None:
        self.follow_window()
        if self.staging.advance():  # the next stage of the move stepped on
            self.show()

    def resumed(self) -> None:
        self.motion.speed = self.app.settings.speed

    def on_click(self, inp) -> None:
        rule = self.link_at(inp.pos) if inp.button == 1 else None
        if rule:
            from .reader import open_rule

            open_rule(self.app, self.rules.name, rule)
        elif inp.button == 1:  # a click on the table: the motion at its end
            self.hurry()

    # ------------------------------------------------------------------ drawing
    def log_rows(self, vp) -> list[tuple[str, tuple, tuple]]:
        x, y, w, h = self.zone("log")
        step = LOG_STEP * vp.text_h(LOG_SIZE) / LOG_SIZE  # the UI scale: text that larger
        rows = int((h - 32) // step)
        entries = self.log_lines()
        fresh = (
            sum(
                1
                for e in self.replayer.events[self.step]
                if self.seat == OPEN or e[0] in (PUBLIC, self.seat)
            )
            if self.step
            else 0
        )
        if self.staging.busy():  # the lines of the move after the stage shown: later
            held = self.staging.held(
                self.view, self.rules.seat_names(self.replayer.state_at(self.step)), self.seat
            )
            entries = entries[: max(0, len(entries) - held)]
            fresh = max(0, fresh - held)
        lines: list[tuple[str, bool]] = []
        for i in range(len(entries) - 1, -1, -1):
            newest = i >= len(entries) - fresh
            lines[:0] = [
                (line, newest)
                for line in fonts.wrap(entries[i], vp.font_px(LOG_SIZE), vp.size(w - 24))
            ]
            if len(lines) >= rows + self.log_scroll:
                break
        scroll = min(self.log_scroll, max(0, len(lines) - rows))
        end = max(0, len(lines) - scroll)
        return [
            (line, (x + 12, y + 26 + i * step), theme.INK if new else theme.INK_DIM)
            for i, (line, new) in enumerate(lines[max(0, end - rows) : end])
        ]

    def draw(self, surf, vp, mouse) -> None:
        self.follow_window()
        hovered = None
        for item in reversed(self.items):
            if inside(item.rect, mouse):
                hovered = item
                break
        marks = {key: LAST for key in self.touched}
        event = self.staging.event()
        if event is not None:  # the place the stage shown tells of
            key = self.view.event_place(event)
            if key is not None:
                marks[key] = LAST
        if hovered is not None and hovered.tooltip and hovered.key not in marks:
            marks[hovered.key] = HOVER
        # the felt, the side panel's column (the whole window) and the board, moving
        self.board.draw(surf, vp, self.view, self.obs, self.items, marks)
        zone = self.zone("prompt")
        x, y, w, h = zone
        paint.panel(surf, vp, zone, theme.PANEL, theme.PANEL_EDGE)
        head = _("Replay: step {step} of {steps}").format(step=self.step, steps=self.replayer.steps)
        paint.text(surf, vp, head, (x + 12, y + 8), theme.FONT, theme.ACCENT, "bold", fit=w - 24)
        links.draw_text(
            surf,
            vp,
            self.prompt_text(),
            self.prompt_rect(),
            theme.FONT_SMALL,
            theme.INK,
            theme.PANEL,
            mouse,
        )
        lx, ly, lw, lh = self.zone("log")
        paint.panel(surf, vp, (lx, ly, lw, lh), theme.PANEL, theme.PANEL_EDGE)
        paint.text(surf, vp, _("Log"), (lx + 12, ly + 6), theme.FONT_SMALL, theme.INK_DIM, "bold")
        for line, pos, colour in self.log_rows(vp):
            paint.text(surf, vp, line, pos, LOG_SIZE, colour)
            found = links.text_rows(
                line, (*pos, 1280, LOG_STEP * getattr(vp, "ui", 1.0)), LOG_SIZE, vp
            )[0][2]
            links.draw_links(surf, vp, line, found, LOG_SIZE, theme.PANEL, mouse)
        self.draw_widgets(surf, vp, mouse)
        tip = ""
        for wdg in self.widgets:
            if isinstance(wdg, Button) and wdg.hit(mouse):
                tip = wdg.tooltip
        if not tip and hovered is not None:
            from ..glossary import annotate  # the game's names it mentions, explained

            tip = annotate(self.rules.name, hovered.tooltip)
        if tip and mouse is not None:
            self.draw_tip(surf, vp, mouse, tip)

    def draw_tip(self, surf, vp, mouse, text: str) -> None:
        links.tip_box(surf, vp, mouse, text)
