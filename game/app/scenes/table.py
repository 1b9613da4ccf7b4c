"""The table: a game's view, the prompt with its options, the log and the game buttons.

Clicks on the view's items become actions through ``view.target``: an action is played
on one item, or on a path of items clicked in turn (a unit's source, then its
destination).  When several actions end on the same clicks, a menu lists them with their
costs; an action with no item is offered as a button under the prompt.  Only the legal
actions of the person at the screen are highlighted and playable; any other click
explains what is asked (with the rule ID) and changes nothing.  A right click or Escape
takes back a half-made choice.  An action the game lets a person build on (its rules'
``build_on``: a line arranged a move at a time) is not played at once: the board shows
it, further steps build on it, and "Done" plays the whole of it.
"""

from __future__ import annotations

from pathlib import Path

from game.core.contract import PUBLIC

from .. import fonts, hint, links, motion, paint, stages, stepper, theme
from ..i18n import _, ngettext
from ..rulebook import rule_ids
from ..save_store import problem
from ..scene import Scene
from ..session import Session
from ..sound import sound_of, strongest
from ..view_contract import CHOSEN, HINT, HOVER, LAST, LEGAL
from ..widgets import Button, inside
from . import dialog

LOG_SIZE = 13
LOG_STEP = 17
MENU_W, MENU_ROW = 330, 30
MENU_MAX_W = 620  # the widest menu column (design units)
MENU_ROWS = 16  # rows of one menu column
MAX_BUTTONS = 3  # actions without an item shown as buttons under the prompt
HINT_W = 100  # the Hint button's width, at the log's heading (times the UI scale)
SUMMARY_RECT = (228, 270, 480, 230)  # the summary of a stage just ended, over the board
SUMMARY_SECONDS = 8.0
SIDE, SIDE_EDGE = (22, 25, 29), (58, 50, 38)  # the side panel's column and its edge


def click_path(view, obs: dict, action) -> tuple | None:
    """The keys of the items ``action`` is played on, in click order (None: a button)."""
    target = view.target(obs, action)
    if target is None:
        return None
    return tuple(target) if isinstance(target, list) else (target,)


def pick_set(view, obs: dict, action) -> frozenset | None:
    """The items ``action`` is chosen by as a set (the view's ``picks``): clicked in any
    order, a second click taking one back, then played with the Confirm button; None for
    an action chosen by its click path or a button."""
    found = view.picks(obs, action)
    return None if found is None else frozenset(found)


def motion_source(key: tuple) -> bool:
    """An item a new card is dealt from when nothing gone from the table says where it
    came from: a draw pile or a deck (``("pile", seat)``, ``("deck",)``, ``("lodgedeck",)``)."""
    return bool(key) and (key[0] in ("deck", "lodgedeck") or key[0] == "pile" and len(key) == 2)


class ActionMenu:
    """The actions that end on the same clicks, as a list of buttons near the click."""

    def __init__(self, scene, pos, actions: list) -> None:
        self.actions = actions
        view, obs = scene.view, scene.obs
        ui = scene.app.ui_scale  # the UI scale: taller rows, wider columns
        labels = [view.action_label(obs, a) for a in actions]
        vp = scene.app.vp.with_ui(ui)  # the window's edges in design units (16:9 too)
        font = fonts.font(vp.font_px(theme.FONT_SMALL))  # the labels as they are drawn
        widest = max((font.size(t)[0] for t in labels), default=0) / vp.scale
        col_w = min(MENU_MAX_W * ui, max(MENU_W * ui, widest + 28))  # design units
        per_column = max(4, min(MENU_ROWS, int((vp.design_h - 50) // (MENU_ROW * ui))))
        columns = 1 + (len(actions) - 1) // per_column
        col_w = min(col_w, (vp.design_w - 26) // columns)  # every column on the screen
        rows = min(len(actions), per_column)
        row = MENU_ROW * ui
        w, h = col_w * columns + 8, rows * row + 34 * ui
        x = min(max(vp.left + 4, pos[0] + 8), vp.right - w - 4)
        y = min(max(vp.top + 4, pos[1] + 8), vp.bottom - h - 4)
        self.rect = (x, y, w, h)
        self.buttons = [
            Button(
                (
                    x + 4 + (i // per_column) * col_w,
                    y + 30 * ui + (i % per_column) * row,
                    col_w - 4,
                    row - 3,
                ),
                labels[i],
                scene._player(a),
                size=theme.FONT_SMALL,
            )
            for i, a in enumerate(actions)
        ]

    def draw(self, surf, vp, mouse) -> None:
        paint.panel(surf, vp, self.rect, (24, 26, 30), theme.ACCENT, radius=6, width=2)
        x, y, w, h = self.rect
        paint.text(
            surf,
            vp,
            _("Choose (right click: cancel)"),
            (x + 10, y + 8),
            theme.FONT_SMALL,
            theme.INK_DIM,
        )
        for b in self.buttons:
            b.draw(surf, vp, mouse)


def menu_for(scene, pos, actions: list):
    """The menu of the actions that end on the same clicks: a count stepper where the
    view says they differ only by how many go (its ``stepper``), else their list."""
    counts = scene.view.stepper(scene.obs, actions)
    return stepper.CountStepper(scene, pos, counts) if counts else ActionMenu(scene, pos, actions)


def draw_sides(surf, vp) -> None:
    """The table's two sides over the whole window: the felt of the board (as wide as the
    window leaves it) and the side panel's column at the right edge."""
    board = paint.board_area(vp)
    paint.panel(surf, vp, board, theme.FELT, None, radius=0)
    column = (board[0] + board[2], vp.top, vp.right - board[0] - board[2], vp.design_h)
    paint.panel(surf, vp, column, SIDE, None, radius=0)
    paint.panel(surf, vp, (column[0], vp.top, 2, vp.design_h), SIDE_EDGE, None, radius=0)


#: the table's keys (the digits 1-9 aside): key -> (Ctrl: held, not held or either
#: (None), what it does)
TABLE_KEYS = {
    "f1": (None, lambda table, inp: table._help_key(inp)),
    "escape": (None, lambda table, inp: table._escape_key()),
    "h": (False, lambda table, inp: table.ask_hint()),
    "z": (True, lambda table, inp: table.undo()),
    "s": (True, lambda table, inp: table.save()),
    "l": (False, lambda table, inp: table._list_key(inp)),
    "return": (None, lambda table, inp: table._confirm_key()),
    "enter": (None, lambda table, inp: table._confirm_key()),
}


class TableScene(Scene):
    ui_scaled = True  # the side panel, the log, the menus and the words on the board

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self._summary_at = SUMMARY_RECT  # where the last stage's summary was drawn
        session.speed = app.settings.speed
        self.heard = session.shown  # the log lines whose sounds were played
        self.ended = session.is_over()  # the end's sound played
        self.view = session.view
        self.layout = self.view.layout
        self.log_scroll = 0  # lines scrolled back from the newest
        self.over_since: float | None = None  # when the end was shown (motion done)
        self._cache_key = None
        self._shown_key = None  # the key of the observation shown (refresh)
        #: the table's motion (motion.py): a computer's next move waits for its last one's
        self.motion = motion.Motion(session.clock, app.settings.speed)
        #: a move that did much shown in stages (the view's ``stage``), then as it stands
        self.staging = stages.Staging(self.motion)
        session.settling = lambda: self.motion.busy() or self.staging.busy()
        self.board = stages.Board(self.motion, draw_sides, motion_source)
        self.results_button = Button(
            (0, 0, 0, 0), _("See the results"), self.open_results, size=theme.FONT
        )
        self.obs: dict = {}
        self.items: list = []
        self.paths: list[tuple[tuple, object]] = []  # (click path, action)
        self.chosen: tuple = ()  # the items clicked so far on the way to an action
        self.picks: list[tuple[frozenset, object]] = []  # (items picked, action): pick_set
        self.picked: tuple = ()  # the items picked so far, oldest first
        self.targets: dict[tuple, list] = {}  # next item to click -> actions through it
        self.menu: ActionMenu | None = None
        self.coach = None  # the guide of a person's first game (game.app.coach.offer)
        self.option_buttons: list[Button] = []
        self.building = None  # an action being built on before it is played (build_on)
        self.deck_opened: int | None = None  # the move the deck screen was last opened at
        self.built: tuple = (None, [], -1)  # its state shown, its steps, the move it is at
        #: where the side panel is in this window (paint.panel_shift)
        self.shift = paint.panel_shift(app.vp)
        self.undo_button = Button(
            (0, 0, 0, 0), _("Undo"), self.undo, tooltip=_("Take back your last move (Ctrl+Z)")
        )
        self.save_button = Button(
            (0, 0, 0, 0), _("Save"), self.save, tooltip=_("Save the game (Ctrl+S)")
        )
        self.menu_button = Button((0, 0, 0, 0), _("Menu"), self.leave)
        self.hint_button = Button(
            (0, 0, 0, 0),
            _("Hint"),
            self.ask_hint,
            tooltip=_("Show the move the hard computer player would choose (H)"),
            size=theme.FONT_SMALL,
        )
        self.hint = None  # (action, its click path or picks, the line that says why)
        self.hint_pending = None  # (moves played when asked, seat, future): hint.ask
        self.place_buttons()
        if session.is_over() and not session.revealing():  # a finished game: its end
            self.over_since = session.clock()
        self.refresh()

    def zone(self, name: str) -> tuple:
        """A zone of the side panel (prompt, log, buttons), at the window's right edge."""
        return paint.panel_zone(self.shift, name, self.layout.zone(name))

    def place_buttons(self) -> None:
        bx, by, bw, bh = self.zone("buttons")
        third = (bw - 16) / 3
        for i, b in enumerate((self.undo_button, self.save_button, self.menu_button)):
            b.rect = (bx + i * (third + 8), by + 10, third, 40)
        lx, ly, lw, _lh = self.zone("log")  # Hint: under the prompt, right of "Log"
        ui = self.app.ui_scale
        self.hint_button.rect = (lx + lw - 6 - HINT_W * ui, ly + 4, HINT_W * ui, 20 * ui)

    def follow_window(self) -> None:
        """The side panel to the window's right edge after the window's shape changed."""
        shift = paint.panel_shift(self.app.vp)
        if shift != self.shift:
            self.shift = shift
            self.place_buttons()
            self._cache_key = None
            self.refresh()

    def close(self) -> None:
        self.session.close()

    # ------------------------------------------------------------------ state
    def refresh(self) -> None:
        """Recompute what the screen shows when the game or the viewer changed."""
        s = self.session
        moves = len(s.match.record.actions)
        legal = s.my_legal_actions()
        if self.building is not None and (self.built[2] != moves or not legal):
            self.building = None  # the game moved on (an undo, a load): start again
        key = (moves, s.viewer, s.needs_handoff(), str(self.building), self.staging.at)
        if key == self._cache_key:
            return
        self.hint = None  # a move played, an undo, another viewer: the hint is gone
        self._show_change(key)
        staged = self.staging.obs()  # a stage of the last move, shown before the rest
        if staged is not None:
            legal = []  # nothing to choose on a table that is not the game's yet
        self._observe(staged)
        buttons = self._sort_choices(legal)
        self.chosen = ()
        self.menu = None
        self._narrow()
        self.option_buttons = self._option_buttons(buttons, legal, staged)
        if self.picks:  # above the other buttons: Confirm what is picked
            self.option_buttons.append(self._confirm_button(len(self.option_buttons)))
        if self.over_since is not None:  # the end shown: the results when asked for
            px, py, pw, ph = self.zone("prompt")
            self.results_button.rect = (px + 10, py + ph - 52, pw - 20, 44)
            self.option_buttons = [self.results_button]
        self.widgets = [*self.option_buttons, self.undo_button, self.save_button, self.menu_button]
        if self.over_since is None:  # the end's banner takes the prompt: no hint then
            self.widgets.insert(0, self.hint_button)
        self.undo_button.enabled = bool(s.human_seats) and not s.is_over()
        self.hint_button.enabled = bool(legal) and self.building is None

    def _show_change(self, key: tuple) -> None:
        """The table's ``key`` (moves, viewer, hand-off, steps built, stage) changed: one
        move is shown stage by stage and set in motion, another view of the game at once."""
        s = self.session
        old = self._shown_key
        # (the same viewer: a move that calls the next person to the screen is shown to
        # its maker first, its stages included, then the hand-off covers the table)
        moved = old is not None and old[1] == key[1] and not s.skipping
        if moved and key[0] == old[0] + 1 and self.building is None:  # one move: its stages
            self.staging.start(
                *stages.trail(
                    s.rules,
                    self.view,
                    s.before,
                    s.last_action,
                    lambda state: s.rules.observation(state, s.viewer),
                )
            )
            key = (*key[:4], self.staging.at)
        elif old is None or key[:2] != old[:2] or key[3] != old[3]:  # another view: at once
            self.staging.finish()
        self._cache_key = self._shown_key = key
        # a move (or a step built on, or a stage of a move) moves the things; a new
        # viewer, an undo, a load show the table at once
        self.motion.expect(
            moved and key[0] >= old[0] and old != key and not (key[2] and not self.staging.busy())
        )  # (a move the hand-off covers: no motion)

    def _observe(self, staged) -> None:
        """The observation shown (a stage of the last move, the steps built on, else the
        game's) and its items."""
        s = self.session
        if staged is not None:
            self.obs = staged
        elif self.building is None:
            self.obs = s.observation()
        else:
            self.obs = s.rules.observation(self.built[0], s.viewer)
        self.items = self.view.items(self.obs)

    def _sort_choices(self, legal: list) -> list:
        """The choices open (the legal actions, or the steps of the moves built on) sorted
        into items to pick then Confirm (``picks``), click paths over the board
        (``paths``) and the rest, returned: buttons."""
        self.paths = []
        self.picks = []
        self.picked = ()
        buttons = []
        steps = self.built[1]
        for step, action in steps if self.building is not None else [(a, a) for a in legal]:
            items = pick_set(self.view, self.obs, step) if self.building is None else None
            if items is not None:  # chosen by picking its items, then Confirm
                self.picks.append((items, action))
                continue
            path = click_path(self.view, self.obs, step)
            if path is None:
                buttons.append(action)
            else:
                self.paths.append((path, action))
        return buttons

    def _option_buttons(self, buttons: list, legal: list, staged) -> list[Button]:
        """The buttons under the prompt: the steps built on's Done and Start again, Skip
        while computers play, Show the rest of a move, the deck screen's, a menu of many
        actions, else one button per action."""
        s = self.session
        if self.building is not None:
            return self._building_buttons(self.building)
        if not buttons and not self.paths and s.agents and not s.is_over() and not s.human_to_act():
            return [self._skip_button()]  # the computer seats play on: let them hurry
        if staged is not None:  # the rest of the move at once
            return [self._hurry_button()]
        if legal and self.view.deck_step(self.obs):
            return [  # X1: the deck is built on its own screen (RM-19)
                Button(
                    self._prompt_row(0),
                    _("Build your deck…"),
                    self.open_deck,
                    size=theme.FONT_SMALL,
                )
            ]
        if len(buttons) > MAX_BUTTONS:  # too many for the prompt: one button opens a menu
            px, py, _pw, _ph = self.zone("prompt")
            pos = (px - MENU_W - 16, py)
            return [
                Button(
                    self._prompt_row(0),
                    _("Choose… ({n} options)").format(n=len(buttons)),
                    lambda: self._open_menu(pos, buttons),
                    size=theme.FONT_SMALL,
                )
            ]
        return [
            Button(
                self._prompt_row(i),
                self.view.action_label(self.obs, a),
                self._player(a),
                size=theme.FONT_SMALL,
            )
            for i, a in enumerate(reversed(buttons))
        ]

    def _prompt_row(self, row: int) -> tuple:
        """The rect of a button under the prompt, ``row`` 0 the lowest."""
        px, py, pw, ph = self.zone("prompt")
        return (px + 10, py + ph - 46 - row * 46, pw - 20, 38)

    def _building_buttons(self, done) -> list[Button]:
        """Done (plays the steps built on) and Start again."""
        px, py, pw, ph = self.zone("prompt")
        return [
            Button(
                (px + 10, py + ph - 92, pw - 20, 38),
                _("Done: play these moves"),
                lambda: self._commit(done),
                size=theme.FONT_SMALL,
                tooltip=self.view.action_label(self.obs, done),
            ),
            Button(
                self._prompt_row(0),
                _("Start again"),
                self.start_again,
                size=theme.FONT_SMALL,
                tooltip=_("Take back the moves not yet played (right click)"),
            ),
        ]

    def _skip_button(self) -> Button:
        return Button(
            self._prompt_row(0),
            _("Skip to the next decision of a person"),
            self.skip,
            tooltip=_("Computer moves follow without the pause until a person has to decide"),
            size=theme.FONT_SMALL,
            enabled=not self.session.skipping,
        )

    def _hurry_button(self) -> Button:
        return Button(
            self._prompt_row(0),
            _("Show the rest at once"),
            self.hurry,
            tooltip=_("The table as this move left it (a click on the board or Space does it too)"),
            size=theme.FONT_SMALL,
        )

    def _confirm_button(self, below: int) -> Button:
        """The button that plays the action whose items are the ones picked (it says
        what it plays), or says how many items are still to be picked."""
        px, py, pw, ph = self.zone("prompt")
        rect = (px + 10, py + ph - 46 - below * 46, pw - 20, 38)
        picked = frozenset(self.picked)
        match = [a for items, a in self.picks if items == picked]
        if match:
            return Button(
                rect,
                self.view.action_label(self.obs, match[0]),
                self._player(match[0]),
                size=theme.FONT_SMALL,
                tooltip=_("Play this choice (Enter; right click: pick again)"),
            )
        more = min(
            (len(items) - len(picked) for items, _a in self.picks if picked < items), default=0
        )
        return Button(
            rect,
            ngettext("Choose {n} more", "Choose {n} more", more).format(n=more),
            lambda: None,
            size=theme.FONT_SMALL,
            enabled=False,
            tooltip=_(
                "Click the highlighted cards, or press their numbers (1, 2, …) from the left."
            ),
        )

    def pick(self, key: tuple) -> None:
        """Pick an item of a pick set, or take it back if it was picked; where no action
        has it with all those picked, the oldest picks give way (a third card of a pair
        replaces the first)."""
        self.session.message = ""  # a valid click: the last refusal no longer holds
        if key in self.picked:
            picked = tuple(k for k in self.picked if k != key)
        else:
            picked = (*self.picked, key)
            while picked and not any(frozenset(picked) <= items for items, _a in self.picks):
                picked = picked[1:]
        self.picked = picked
        self._repick()

    def _repick(self) -> None:
        """The Confirm button anew for the items picked."""
        button = self._confirm_button(len(self.option_buttons) - 1)
        self.widgets = [button if w is self.option_buttons[-1] else w for w in self.widgets]
        self.option_buttons[-1] = button

    def _narrow(self) -> None:
        """The items that may be clicked next, given the items chosen so far."""
        n = len(self.chosen)
        self.targets = {}
        for path, action in self.paths:
            if len(path) > n and path[:n] == self.chosen:
                self.targets.setdefault(path[n], []).append(action)

    def choose(self, key: tuple, pos) -> None:
        """One more item of a click path: play the action it completes, or ask which."""
        chosen = self.chosen + (key,)
        n = len(chosen)
        ending = [a for p, a in self.paths if p == chosen]
        going_on = any(len(p) > n and p[:n] == chosen for p, _ in self.paths)
        if len(ending) == 1 and not going_on:
            self.play(ending[0])
            return
        self.session.message = ""  # a valid click: the last refusal no longer holds
        self.chosen = chosen
        self._narrow()
        # one action ends here and others go on: no menu, a second click on the same
        # item plays it (``again``); several: a menu of them
        self.menu = menu_for(self, pos, ending) if len(ending) > 1 else None

    def skip(self) -> None:
        self.motion.finish()
        self.hurry()
        self.session.skipping = True
        self.session.show_all()
        for b in self.option_buttons:
            b.enabled = False

    def hurry(self) -> bool:
        """The stages of the last move at an end: the table as the game stands, at once;
        True if stages were still to show."""
        if not self.staging.finish():
            return False
        self.refresh()
        self.motion.expect(False)
        return True

    def _open_menu(self, pos, actions: list) -> None:
        self.session.message = ""  # a valid click: the last refusal no longer holds
        self.chosen = ()
        self._narrow()
        self.menu = ActionMenu(self, pos, actions)

    def start_again(self) -> None:
        """Drop the action being built on: the board as the game stands."""
        self.building = None
        self.refresh()

    def again(self):
        """The one action that ends on the items chosen so far while others go on from
        them: a second click on the last item chosen plays it (no menu of one line)."""
        if not self.chosen or self.menu is not None:
            return None
        ending = [a for p, a in self.paths if p == self.chosen]
        return ending[0] if len(ending) == 1 else None

    def cancel(self, building: bool = False) -> bool:
        """Take back a half-made choice (with ``building``, else the action being built
        on); False when there was none."""
        if self.picked and not self.chosen and self.menu is None:
            self.picked = ()
            self._repick()
            return True
        if not self.chosen and self.menu is None:
            if building and self.building is not None:
                self.start_again()
                return True
            return False
        self.chosen = ()
        self.menu = None
        self._narrow()
        return True

    def _player(self, action):
        return lambda: self.play(action)

    def play(self, action) -> None:
        if self.coach is not None:
            self.coach.played(self, action)  # the step that waited for this move is over
        built = self.session.rules.build_on(self.session.state, action)
        if built is not None:  # built on before it is played: shown, not yet played
            self.session.message = ""  # a valid step: the last refusal no longer holds
            self.menu = None
            self.building = action
            self.built = (*built, len(self.session.match.record.actions))
            self.refresh()
            return
        question = self.view.confirm(self.obs, action)
        self.menu = None
        if question:
            dialog.confirm(
                self.app, _("Are you sure?"), question, _("Yes"), lambda: self._commit(action)
            )
            return
        self._commit(action)

    def _commit(self, action) -> None:
        self.building = None
        if self.session.play_human(action):
            self.log_scroll = 0
        self._cache_key = None
        self.refresh()

    def ask_hint(self) -> None:
        """Start the hard level's search for the person to act, from his observation only
        (``hint.py``); the move is outlined when it answers (``poll_hint``)."""
        s = self.session
        legal = s.my_legal_actions()
        if not legal or self.building is not None or s.is_over():
            return
        moves = len(s.match.record.actions)
        if self.hint_pending is not None and self.hint_pending[0] == moves:
            return  # its search is on
        seat = s.viewer
        obs = s.rules.observation(s.state, seat)
        seed = hint.hint_seed(s.match.record.seed, seat)
        self.hint = None
        self.hint_pending = (moves, seat, hint.ask(s.rules.name, seed, obs, legal))

    def poll_hint(self) -> None:
        """The hint's answer, once its search is done, if the game has not moved on."""
        pending = self.hint_pending
        if pending is None:
            return
        moves, seat, search = pending
        s = self.session
        legal = s.my_legal_actions()
        if moves != len(s.match.record.actions) or seat != s.viewer or not legal:
            self.hint_pending = None  # a move was played meanwhile: the answer is stale
            search.cancel()  # dropped, and its search ended in the worker
            return
        if not search.done():
            return
        self.hint_pending = None
        error = search.exception()
        if error is not None:
            s.message = _("No hint: the search failed ({error}).").format(error=error)
            return
        choice = search.result()
        action = s.rules.parse_action(choice.action)
        self.hint = (
            action,
            self.hint_keys(action),
            hint.line(self.view, self.obs, action, choice, len(legal)),
        )

    def hint_keys(self, action) -> tuple:
        """The items the hinted move is played on (its click path or its picks)."""
        picks = pick_set(self.view, self.obs, action)
        if picks is not None:
            return tuple(picks)
        return click_path(self.view, self.obs, action) or ()

    def undo(self) -> None:
        if not self.undo_button.enabled:  # Ctrl+Z too: nothing is taken back after the end
            return
        self.session.undo()
        self.refresh()

    def save(self) -> None:
        try:
            path = self.session.save()
        except Exception as e:  # noqa: BLE001 - any failure to write is shown, not raised
            dialog.message(self.app, _("Not saved"), problem(e))
            return
        name = Path(path).stem  # where, in words: the file's folder is the program's own
        dialog.message(
            self.app,
            _("Saved"),
            _(
                "The game is saved as \u201c{name}\u201d among your saved games: Load on the title "
                "screen opens it."
            ).format(name=fonts.drawable(name, 40)),
        )

    def leave(self) -> None:
        """The table's menu: leave the table (the game kept is said so), how to play."""
        from .howto import HowToScene
        from .title import TitleScene

        def to_title():
            self.app.reset(TitleScene(self.app))

        if self.session.is_over():
            text = _("The game is over.")
        elif self.session.store:
            text = _("The game is saved automatically: Continue on the title screen resumes it.")
        else:
            text = _("This game is not saved: leaving the table ends it.")
        game = self.session.rules.name
        choices = [
            (_("Leave"), to_title),
            (_("How to play"), lambda: self.app.push(HowToScene(self.app, game))),
            (_("Cancel"), None),
        ]
        concede = self.session.concession()
        if concede is not None:  # the rules let the person to act concede
            choices.insert(
                1,
                (
                    _("Concede"),
                    lambda: dialog.confirm(
                        self.app,
                        _("Concede?"),
                        _("The game ends at once: the other side wins."),
                        _("Concede"),
                        lambda: self._commit(concede),
                    ),
                ),
            )
        self.app.push(dialog.Dialog(self.app, _("Leave the table?"), text, choices))

    # ------------------------------------------------------------------ input
    def item_at(self, pos):
        """The item under ``pos``: the topmost one that may be clicked now, else the
        topmost (a token on a place lies over it: a click on it chooses the place when
        only the place is asked for)."""
        under = [item for item in reversed(self.items) if inside(item.rect, pos)]
        return next(
            (item for item in under if item.key in self.targets), under[0] if under else None
        )

    def handle(self, inp) -> None:
        self.follow_window()
        if inp.kind == "release":  # the end of a drag: the place it ends on is chosen
            stepper.release(self, inp)
            return
        if inp.kind == "key" and hasattr(self.menu, "key") and self.menu.key(inp.key):
            return  # a count stepper's keys
        if inp.kind == "click" or inp.kind == "key" and inp.key == "space":
            self.motion.finish()  # the things in motion at their places at once
            hit = [
                w
                for w in self.widgets
                if inp.kind == "click" and isinstance(w, Button) and w.hit(inp.pos)
            ]
            if self.hurry() and not any(w in self.widgets for w in hit):
                return  # the stages of a move at an end: that click chose nothing else
        if inp.kind == "click" and self.menu is not None:
            for b in self.menu.buttons:
                if b.click(inp.pos, inp.button):
                    return
        if self.coach is not None and self.menu is None and self.coach.handle(self, inp):
            return  # its bubble's buttons, or Escape: the guide's, nothing else happens
        super().handle(inp)

    def summary_shown(self) -> bool:
        s = self.session
        return s.summary is not None and s.clock() - s.summary[2] < SUMMARY_SECONDS

    def on_click(self, inp) -> None:
        if self.summary_shown() and inside(self._summary_at, inp.pos):
            self.session.summary = None  # a click puts the summary away
            return
        rule = self.link_at(inp.pos) if inp.button == 1 else None
        if rule:  # a rule ID in the prompt, a message or the log: its rule in the reader
            self.open_rule(rule)
            return
        if inp.button == 3:
            self.hint = None
            self.cancel(building=True)
            return
        item = self.item_at(inp.pos)
        if item is None or inp.button != 1:
            self.cancel()
            return
        if self.menu is None and any(item.key in items for items, _a in self.picks):
            self.pick(item.key)
            return
        if (
            item.key == (self.chosen or (None,))[-1]
            and item.key not in self.targets
            and self.again() is not None
        ):
            self.play(self.again())  # the same item again: the action that ends there
            return
        if item.key in self.targets:
            self.menu = None
            self.pressed = (item.key, inp.pos)  # a drag may begin
            self.choose(item.key, inp.pos)
            return
        if self.cancel():
            return
        s = self.session
        if s.is_over():
            return
        if not s.human_to_act() or s.to_act() != s.viewer:
            seat = s.to_act()
            if seat is not None:
                s.message = _("Wait: {name} is deciding.").format(
                    name=self.view.seat_label(self.obs, seat)
                )
            return
        prompt = self.view.prompt(self.obs)
        rule = f" ({prompt.rule})" if prompt.rule else ""
        s.message = _("That is not a choice now. {prompt}{rule}").format(
            prompt=prompt.text, rule=rule
        )

    def link_at(self, pos) -> str | None:
        """The rule ID drawn as a link under ``pos`` (prompt, message, log), if any."""
        vp = self.app.vp_for(self)
        for words, rect, _colour in self.prompt_texts(vp):
            rule = links.link_at(words, rect, theme.FONT_SMALL, vp, pos)
            if rule:
                return rule
        for line, (x, y), _colour in self.log_rows(vp):
            for r, rule in links.text_rows(line, (x, y, 1280, LOG_STEP * vp.ui), LOG_SIZE, vp)[0][
                2
            ]:
                if inside(r, pos):
                    return rule
        return None

    def help_rule(self, pos) -> str | None:
        """F1: the first rule named by the tooltip under the mouse, else the prompt's."""
        tip = self.tooltip_at(pos)
        found = rule_ids(tip) if tip else []
        if found:
            return found[0][2]
        return self.view.prompt(self.obs).rule

    def open_rule(self, rule: str) -> None:
        from .reader import open_rule

        open_rule(self.app, self.session.rules.name, rule)

    def on_key(self, inp) -> None:
        if len(inp.key) == 1 and inp.key in "123456789":
            self._number_key(int(inp.key), inp.pos)
            return
        ctrl, act = TABLE_KEYS.get(inp.key, (None, None))
        if act is not None and ctrl in (None, bool(inp.ctrl)):
            act(self, inp)

    def _help_key(self, inp) -> None:
        """F1: the rule of the tooltip under the mouse, else the prompt's, in the reader."""
        rule = self.help_rule(inp.pos)
        if rule:
            self.open_rule(rule)

    def _escape_key(self) -> None:
        """Escape: the hint put away, else the move begun taken back, else the table left."""
        if self.hint is not None:
            self.hint = None
        elif not self.cancel(building=True):
            self.leave()

    def _number_key(self, n: int, pos) -> None:
        """1-9: a move begun, the n-th outlined item (in table order); items to pick, the
        n-th of them."""
        if self.chosen and self.menu is None:
            keys = list(dict.fromkeys(i.key for i in self.items if i.key in self.targets))
            if n <= len(keys):
                self.choose(keys[n - 1], pos or (200, 200))
        elif self.picks and self.menu is None:
            keys = [
                i.key
                for i in self.items  # the keys pick the items in table order
                if any(i.key in items for items, _a in self.picks)
            ]
            if n <= len(keys):
                self.pick(keys[n - 1])

    def _list_key(self, inp) -> None:
        """L: the moves that go on from the items chosen, listed."""
        if not self.chosen or self.menu is not None:
            return
        again = self.again()
        actions = {
            str(a): a
            for a in [
                *([again] if again is not None else []),
                *(a for acts in self.targets.values() for a in acts),
            ]
        }
        actions = list(actions.values())
        if actions:
            self.menu = ActionMenu(self, inp.pos or (200, 200), actions)

    def _confirm_key(self) -> None:
        """Enter: Confirm the items picked."""
        if not self.picks:
            return
        confirm = self.option_buttons[-1]
        if confirm.enabled and confirm.on_click:
            confirm.on_click()

    def on_wheel(self, inp) -> None:
        if inside(self.zone("log"), inp.pos):
            self.log_scroll = max(0, self.log_scroll + inp.dy)

    # ------------------------------------------------------------------ frame
    def hear(self) -> None:
        """Play the sound of the log lines shown since the last frame (the strongest of
        them) and a game's end once."""
        s = self.session
        self.heard = min(self.heard, s.shown)  # an undo made the log anew
        names = [
            sound_of(s.view, line.event)
            for line in s.log[self.heard : s.shown]
            if line.visibility in (PUBLIC, s.viewer)
        ]
        self.heard = s.shown
        if s.is_over() and not s.revealing() and not self.ended:
            self.ended = True
            names.append("end")
        self.app.sounds.play(strongest(names))

    def open_deck(self) -> None:
        """The deck-construction screen for the person to act (RM-19); its list is played
        as his decision."""
        from .deck import DeckScene

        s, seat = self.session, self.session.viewer
        self.deck_opened = len(s.match.record.actions)
        labels = [self.view.seat_label(self.obs, i) for i in range(len(s.match.record.seats))]

        def built(decks: dict) -> None:
            self._commit(self.view.deck_action(seat, sorted(decks[seat])))

        self.app.push(DeckScene(self.app, self.view, self.obs["config"], [seat], labels, built))

    def update(self, dt: float) -> None:
        self.follow_window()
        s = self.session
        if s.update():
            self.log_scroll = 0
        self.hear()
        self.staging.advance()  # the next stage of a move, when the last has been seen
        if self.staging.busy():  # its lines are told (and heard) with the stage shown
            s.shown = max(
                s.shown, len(s.log) - self.staging.held(self.view, s.rules.seat_names(s.state))
            )
        self.refresh()
        self.poll_hint()
        if s.needs_handoff() and not self.staging.busy():  # (the stages seen first)
            from .handoff import HandoffScene

            self.app.push(HandoffScene(self.app, self))
            return
        if self.deck_opened != len(s.match.record.actions) and any(
            b.on_click == self.open_deck for b in self.option_buttons
        ):
            self.open_deck()  # once per decision: Back shows the table and its button
            return
        if s.is_over():
            if s.revealing():
                return  # the last lines are still being shown
            if self.motion.busy() or self.staging.busy():
                return  # the last move is still moving
            now = s.clock()
            if self.over_since is None:  # the final table, its banner and the button
                self.over_since = now
                self._cache_key = None
                self.refresh()
            if self.app.options.quit_when_over and now - self.over_since >= max(
                0.8, s.ai_pause
            ):  # an all-computer demo run stops at the results
                self.open_results()

    def open_results(self) -> None:
        """The results screen, when the player asks for it from the final table."""
        from .results import ResultsScene

        self.app.replace(ResultsScene(self.app, self.session))

    def resumed(self) -> None:
        self.session.speed = self.app.settings.speed
        self.motion.speed = self.app.settings.speed
        self.place_buttons()  # the UI scale may have changed (the Hint button's size)
        self._cache_key = None
        self.refresh()

    def marks(self, mouse) -> dict:
        marks = {key: LEGAL for key in self.targets}
        for key in self.chosen:
            marks[key] = CHOSEN
        for items, _a in self.picks:
            for key in items:
                marks[key] = CHOSEN if key in self.picked else LEGAL
        if self.hint is not None and not self.chosen and not self.picked:
            for key in self.hint[1]:  # the hinted move's places (until a click is made)
                marks[key] = HINT
        s = self.session
        if s.last_action is not None and s.clock() - s.last_time < max(1.2, 2 * s.ai_pause):
            for key in click_path(self.view, self.obs, s.last_action) or ():
                if key not in marks:
                    marks[key] = LAST
        event = self.staging.event() if self.staging.busy() else s.focus()
        key = self.view.event_place(event) if event else None
        if key is not None and key not in marks:
            marks[key] = LAST  # the place the newest log line tells of
        hovered = self.item_at(mouse) if mouse else None
        if hovered is not None:
            if hovered.key in self.targets or marks.get(hovered.key) in (LEGAL, CHOSEN):
                marks[("hover",)] = hovered.key
            elif hovered.key not in marks and hovered.tooltip:
                marks[hovered.key] = HOVER
        return marks

    def draw(self, surf, vp, mouse) -> None:
        self.follow_window()
        self.draw_board(surf, vp, mouse)
        stepper.draw_drag(self, surf, vp, mouse)  # a stack dragged
        if self.summary_shown():
            self.draw_summary(surf, vp)
        self.draw_prompt(surf, vp, mouse)
        self.draw_log(surf, vp, mouse)
        self.draw_widgets(surf, vp, mouse)
        self.draw_hint(surf, vp)
        if self.coach is not None:  # the guide: over the table, under tooltip and menu
            self.coach.draw(self, surf, vp, mouse)
        self.draw_tooltip(surf, vp, mouse)  # none while a menu is open (tooltip_at)
        if self.menu is not None:  # the layers (scene.py): a menu over any tooltip
            self.menu.draw(surf, vp, mouse)

    def draw_hint(self, surf, vp) -> None:
        """The hinted move's button outlined in the hint's colour, for a move played by a
        button (its places on the board are the views' HINT marks)."""
        if self.hint is None:
            return
        label = self.view.action_label(self.obs, self.hint[0])
        for b in self.option_buttons:
            if b.label == label:
                paint.outline(surf, vp, b.rect, hint.COLOUR, 3, 6)

    def draw_board(self, surf, vp, mouse) -> None:
        """The felt and the view's board, with the things in motion over it (the shown
        stage of a move while there is one: stages.py)."""
        self.board.draw(surf, vp, self.view, self.obs, self.items, self.marks(mouse))

    def draw_end(self, surf, vp) -> None:
        """The game's end beside the final table (nothing of it hidden): who won, on a
        banner over the results button at the foot of the prompt."""
        from .results import headline

        x, y, w, h = self.zone("prompt")
        words = headline(self.session)
        size = theme.FONT_BIG * 1.3
        while size > theme.FONT and fonts.font(vp.font_px(size), "display-bold").size(words)[
            0
        ] > vp.size(w - 40):
            size -= 1
        tall = vp.text_h(size) * 1.5
        banner = (x + 10, y + h - 60 - tall, w - 20, tall)
        paint.panel(surf, vp, banner, (60, 46, 22), theme.ACCENT, radius=6, width=2)
        paint.text(
            surf,
            vp,
            words,
            (x + w / 2, banner[1] + tall / 2),
            size,
            theme.ACCENT,
            "display-bold",
            "center",
            fit=w - 40,
        )

    def prompt_texts(self, vp) -> list[tuple[str, tuple, tuple]]:
        """The prompt's texts as drawn: (words, design rectangle, colour), the prompt
        itself, then the message of an illegal move if there is one."""
        x, y, w, h = self.zone("prompt")
        prompt = self.view.prompt(self.obs)
        text = prompt.text + (f" ({prompt.rule})" if prompt.rule else "")
        if getattr(self.menu, "hint", None):  # what a count stepper asks
            text += "\n" + self.menu.hint
        elif self.menu is not None:  # what the menu asks, not the places under it
            text += "\n" + (
                _(
                    "Choose in the list, or click one of the highlighted places "
                    "(right click: cancel)."
                )
                if self.targets
                else _("Choose in the list (right click: cancel).")
            )
        elif self.chosen and self.again() is not None:
            text = _(
                "Now click one of the highlighted places, or the one just chosen again "
                "for: {action} (right click: cancel)."
            ).format(action=self.view.action_label(self.obs, self.again()))
        elif self.chosen:  # what the view says the next click chooses, if it says
            text = self.view.step_prompt(self.obs, self.chosen, self.targets) or _(
                "Now click one of the highlighted places (right click: cancel)."
            )
        elif self.building is not None:
            text += "\n" + _("Go on, or click Done to play these moves (its tip lists them).")
        if self.chosen and self.menu is None:  # the keys for those who prefer them
            text += "\n" + _("Keys: 1-9 choose an outlined thing, L lists the moves from here.")
        room = h - 40 - 46 * len(self.option_buttons) - 60 * (self.over_since is not None)
        head = max(34.0, 10 + vp.text_h(theme.FONT) * 1.3)  # under the heading's line
        rect = (x + 12, y + head, w - 24, max(20, room - 6 - head))
        texts = [(text, rect, theme.INK)]
        message = self.session.message
        if message:
            rows = links.text_rows(text, rect, theme.FONT_SMALL, vp)
            size = links.fitted_size(text, rect, theme.FONT_SMALL, vp)
            top = rows[-1][1] + vp.text_h(size) * 1.2 + 4
            texts.append((message, (x + 12, top, w - 24, max(18, y + room - top)), theme.DANGER))
        if self.hint is not None:
            line = self.hint[2]
        elif self.hint_pending is not None:
            line = _("Hint: the hard computer player is thinking\u2026")
        else:
            line = ""
        if line:  # the hint's line under the rest, in the hint's colour
            words, last, _colour = texts[-1]
            rows = links.text_rows(words, last, theme.FONT_SMALL, vp)
            size = links.fitted_size(words, last, theme.FONT_SMALL, vp)
            top = rows[-1][1] + vp.text_h(size) * 1.2 + 4
            texts.append((line, (x + 12, top, w - 24, max(18, y + room - top)), hint.COLOUR))
        return texts

    def draw_prompt(self, surf, vp, mouse=None) -> None:
        zone = self.zone("prompt")
        x, y, w, h = zone
        paint.panel(surf, vp, zone, theme.PANEL, theme.PANEL_EDGE)
        s = self.session
        seat = s.to_act()
        if self.staging.busy():  # a stage of the last move: where the game was then
            head = self.view.status(self.obs)
        elif s.is_over():
            head = _("Game over")
        elif seat is None:
            head = ""
        elif s.seats[seat] == "human":
            head = _("{name} to play").format(name=self.view.seat_label(self.obs, seat))
        else:
            head = _("{name} (computer) is thinking…").format(
                name=self.view.seat_label(self.obs, seat)
            )
        paint.text(surf, vp, head, (x + 12, y + 8), theme.FONT, theme.ACCENT, "bold", fit=w - 24)
        for words, rect, colour in self.prompt_texts(vp):
            links.draw_text(surf, vp, words, rect, theme.FONT_SMALL, colour, theme.PANEL, mouse)
        if self.over_since is not None:
            self.draw_end(surf, vp)

    def summary_rect(self, vp) -> tuple:
        """SUMMARY_RECT, taller where the summary's lines need more room (a long language
        or a larger text size), down to the window's foot at most."""
        x, y, w, h = SUMMARY_RECT
        text = self.session.summary[1]
        lines = len(fonts.wrap(text, vp.font_px(theme.FONT_SMALL), vp.size(w - 48)))
        need = 100 + lines * vp.text_h(theme.FONT_SMALL) * 1.35  # a line's gap over the foot
        return (x, y, w, max(h, min(need, 790 - y)))

    def draw_summary(self, surf, vp) -> None:
        title, text, _when = self.session.summary
        x, y, w, h = self._summary_at = self.summary_rect(vp)
        paint.panel(surf, vp, (x, y, w, h), (24, 26, 30), theme.ACCENT, radius=10, width=2)
        paint.text(
            surf, vp, title, (x + w / 2, y + 14), theme.FONT_BIG, theme.ACCENT, "serif", "midtop"
        )
        paint.text_in(
            surf,
            vp,
            text,
            (x + 24, y + 56, w - 48, h - 90),
            theme.FONT_SMALL,
            theme.INK,
            spacing=1.35,
        )
        paint.text(
            surf,
            vp,
            _("Click to close"),
            (x + w / 2, y + h - 12),
            theme.FONT_SMALL,
            theme.INK_DIM,
            anchor="midbottom",
        )

    def log_rows(self, vp) -> list[tuple[str, tuple, tuple]]:
        """The log lines shown: (line, design position, colour), the newest entry bright."""
        x, y, w, h = self.zone("log")
        px = vp.font_px(LOG_SIZE)
        step = LOG_STEP * vp.text_h(LOG_SIZE) / LOG_SIZE
        rows = int((h - 32 * vp.ui) // step)
        entries = self.session.visible_log()
        if self.staging.busy():  # the lines of the move after the stage shown: later
            s = self.session
            told = sum(1 for line in s.log if line.visibility in (PUBLIC, s.viewer))
            held = self.staging.held(self.view, s.rules.seat_names(s.state), s.viewer)
            entries = entries[: max(0, told - held)]
        lines: list[tuple[str, bool]] = []  # the newest lines, wrapped from the end back
        for i in range(len(entries) - 1, -1, -1):
            newest = i == len(entries) - 1
            lines[:0] = [(line, newest) for line in fonts.wrap(entries[i], px, vp.size(w - 24))]
            if len(lines) >= rows + self.log_scroll:
                break
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - rows))
        end = max(0, len(lines) - self.log_scroll)
        shown = lines[max(0, end - rows) : end]
        return [
            (line, (x + 12, y + 26 * vp.ui + i * step), theme.INK if newest else theme.INK_DIM)
            for i, (line, newest) in enumerate(shown)
        ]

    def draw_log(self, surf, vp, mouse=None) -> None:
        zone = self.zone("log")
        x, y, w, h = zone
        paint.panel(surf, vp, zone, theme.PANEL, theme.PANEL_EDGE)
        paint.text(surf, vp, _("Log"), (x + 12, y + 6), theme.FONT_SMALL, theme.INK_DIM, "bold")
        for line, pos, colour in self.log_rows(vp):
            paint.text(surf, vp, line, pos, LOG_SIZE, colour)
            found = links.text_rows(line, (*pos, 1280, LOG_STEP * vp.ui), LOG_SIZE, vp)[0][2]
            links.draw_links(surf, vp, line, found, LOG_SIZE, theme.PANEL, mouse)

    def tooltip_at(self, mouse) -> str:
        """The tooltip under ``mouse``; none while a menu is open (a tooltip would hide
        its options)."""
        if mouse is None or self.menu is not None:
            return ""
        for w in self.widgets:
            if isinstance(w, Button) and w.hit(mouse):
                return w.tooltip
        item = self.item_at(mouse)
        return item.tooltip if item else ""

    def draw_tooltip(self, surf, vp, mouse) -> None:
        text = self.tooltip_at(mouse)
        if not text:
            return
        from ..glossary import annotate  # the game's names it mentions, explained

        text = annotate(self.session.rules.name, text)
        found = rule_ids(text)
        if found:  # the rule it names opens with F1
            text += "\n" + _("F1: the rule {rule}").format(rule=found[0][2])
        links.tip_box(surf, vp, mouse, text)
