"""New game: which game (a picture tile each), how many players, who sits where,
variants and seed."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from game.core import registry
from game.core.contract import GameError

from .. import fonts, glossary, i18n, paint, theme
from ..i18n import _, ngettext
from ..scene import Scene
from ..session import HUMAN, Session
from ..view_registry import get_view, playable_games
from ..widgets import Choice, NumberField, inside
from . import dialog
from .howto import HowToScene, show_first_time
from .title import WoodButton, draw_backdrop, draw_icon, emblem, shadow

X, W, H, STEP = 500, 740, 40, 48  # the column of choices, right of the tiles
TILES = (40, 92, 420, 682)  # the column of the games' tiles: x, y, width, height
BUTTONS_Y = 712
PARCHMENT_DIM = (212, 200, 170)  # a tile not chosen
BLURB = theme.FONT_SMALL + 1  # the size of a tile's line about its game


def players_text(rules) -> str:
    """How many play ``rules``' game: "2 players", "2–4 players"."""
    low, high = rules.min_seats, rules.max_seats
    if low == high:
        return ngettext("{n} player", "{n} players", low).format(n=low)
    return _("{low}–{high} players").format(low=low, high=high)


@dataclass
class GameTile:
    """A game on the set-up screen: its emblems, name, players and one line about it; a
    click chooses it, the chosen one is outlined in gold."""

    rect: tuple
    game: str
    label: str  # the game's name (the tests find a tile by it, as a button by its label)
    players: str
    blurb: str
    on_click: Callable[[str], None] | None = None
    selected: bool = False
    enabled: bool = True
    _kept: tuple | None = field(default=None, repr=False, compare=False)

    def hit(self, pos) -> bool:
        return inside(self.rect, pos)

    def click(self, pos, button: int = 1) -> bool:
        if self.enabled and self.hit(pos) and button == 1 and self.on_click:
            self.on_click(self.game)
            return True
        return False

    def layout(self, vp) -> tuple[float, int, list[str], float, tuple]:
        """The art box's side, the name's pixel size and lines, the width of the words right
        of the box and the rectangle of the line about the game: the largest box whose
        words then fit the tile (a large UI scale or a long language makes the box smaller,
        then the name one line, then the line about the game runs under the box)."""
        x, y, w, h = self.rect
        name_px = vp.size(26 * min(vp.ui, 1.2))  # a name grows less than the words to read
        line = vp.text_h(BLURB) * 1.2
        side = h - 28
        for box, most, wide in (
            (side, 2, False),
            (0.8 * side, 2, False),
            (0.62 * side, 2, False),
            (0.62 * side, 1, False),
            (0.5 * side, 1, True),
        ):
            room = w - 14 - box - 14 - 16
            if most == 1:  # the whole name on one line, printed narrower where need be
                size, lines = name_px, [self.label]
            else:
                size, lines = fonts.fit_name(
                    self.label, name_px, vp.size(room), "display-bold", most
                )
            top = y + 12 + size / vp.scale * 1.08 * len(lines) + 4 + theme.FONT_SMALL * vp.ui * 1.5
            blurb = (x + 14 + box + 14, top, room)
            if wide:
                blurb = (x + 14, max(top, y + 14 + box + 6), w - 30)
            rows = fonts.wrap(self.blurb, vp.font_px(BLURB), vp.size(blurb[2]))
            if blurb[1] + line * len(rows) <= y + h - 8:
                break
        return box, size, lines, room, (*blurb[:2], blurb[2], y + h - 8 - blurb[1])

    def draw(self, surf, vp, mouse) -> None:
        """The tile as drawn last while the window, the choice, the mouse's being over it
        and the language stay the same (drawn anew only when one changes)."""
        hover = self.hit(mouse)
        key = (vp, self.selected, hover, i18n.language(), self.blurb)
        kept = self._kept
        if kept is None or kept[0] != key:
            r = vp.rect(self.rect)
            margin = vp.size(8)
            picture = pygame.Surface((r.w + 2 * margin, r.h + 2 * margin), pygame.SRCALPHA)
            local = replace(
                vp,
                width=picture.get_width(),
                height=picture.get_height(),
                ox=vp.ox - r.x + margin,
                oy=vp.oy - r.y + margin,
            )
            self.paint(picture, local, hover)
            self._kept = kept = (key, picture, (r.x - margin, r.y - margin))
        surf.blit(kept[1], kept[2])

    def paint(self, surf, vp, hover: bool) -> None:
        x, y, w, h = self.rect
        r = vp.rect(self.rect)
        radius = vp.size(8)
        surf.blit(shadow(r.w, r.h, radius, 120), r.move(vp.size(3), vp.size(4)))
        frame = theme.WOOD if self.selected or hover else theme.WOOD_DARK
        pygame.draw.rect(surf, frame, r, border_radius=radius)
        face = theme.PARCHMENT if self.selected or hover else PARCHMENT_DIM
        pygame.draw.rect(
            surf, face, r.inflate(-vp.size(10), -vp.size(10)), border_radius=vp.size(5)
        )
        box, name, lines, room, blurb = self.layout(vp)
        bx, by = x + 14, y + 14
        pygame.draw.rect(surf, theme.FELT, vp.rect((bx, by, box, box)), border_radius=vp.size(6))
        pygame.draw.rect(
            surf,
            theme.WOOD_DARK,
            vp.rect((bx, by, box, box)),
            max(1, vp.size(2)),
            border_radius=vp.size(6),
        )
        big = box * 0.7 / vp.ui  # the pictures keep to their box at every UI scale
        draw_icon(
            surf, vp, emblem(self.game), (bx + box * 0.44, by + box * 0.44), big, theme.ACCENT
        )
        draw_icon(
            surf,
            vp,
            emblem(self.game, True),
            (bx + box * 0.78, by + box * 0.78),
            box * 0.34 / vp.ui,
            theme.PARCHMENT,
        )
        left = bx + box + 14
        top = y + 12
        step = name / vp.scale * 1.08
        for i, line in enumerate(lines):
            paint.text(
                surf,
                vp,
                line,
                (left, top + i * step),
                name / vp.scale / vp.ui,
                theme.INK_DARK,
                "display-bold",
                fit=room,
            )
        top += step * len(lines) + 4
        paint.text(
            surf, vp, self.players, (left, top), theme.FONT_SMALL, theme.WOOD_DARK, "bold", fit=room
        )
        paint.text_in(surf, vp, self.blurb, blurb, BLURB, theme.INK_DARK)
        if self.selected:
            paint.outline(surf, vp, self.rect, theme.HILITE, 3, 9)


def seat_kinds() -> list[tuple[str, str]]:
    return [
        (HUMAN, _("Human")),
        ("ai:easy", _("Computer — easy")),
        ("ai:medium", _("Computer — medium")),
        ("ai:hard", _("Computer — hard")),
    ]


class SetupScene(Scene):
    ui_scaled = True

    def __init__(self, app) -> None:
        super().__init__(app)
        games = playable_games()
        last = app.settings.last_game  # a new game starts from the game chosen last time
        self.game = last if last in games else games[0]
        self.players = 2
        self.seat_specs = [HUMAN, "ai:medium", "ai:medium", "ai:medium"]
        self.options: dict = {}
        self.seed = NumberField((X, 0, W, H), _("Seed"), _("random"))
        self.tiles = self.make_tiles()
        self.greeted = False
        self.build()

    @property
    def rules(self):
        return registry.get_rules(self.game)

    @property
    def view(self):
        return get_view(self.game)

    def make_tiles(self) -> list[GameTile]:
        """A tile per playable game, in the column left of the choices."""
        games = playable_games()
        x, y, w, h = TILES
        gap = 14
        tall = (h - gap * (len(games) - 1)) / max(1, len(games))
        return [
            GameTile(
                (x, y + i * (tall + gap), w, tall),
                g,
                registry.GAMES[g][0],
                players_text(registry.get_rules(g)),
                _(get_view(g).blurb) if get_view(g).blurb else "",  # its game in one line
                self.choose_game,
            )
            for i, g in enumerate(games)
        ]

    def tile(self, game: str) -> GameTile:
        return next(t for t in self.tiles if t.game == game)

    def choose_game(self, game: str) -> None:
        """A tile clicked: that game chosen (the same one again changes nothing)."""
        if game != self.game:
            self.set_game(game)

    def build(self) -> None:
        rules, view = self.rules, self.view
        self.players = max(rules.min_seats, min(rules.max_seats, self.players))
        for tile in self.tiles:
            tile.selected = tile.game == self.game
        y = TILES[1]
        rows = 2 + self.players + len(view.setup_options(self.players))
        step = min(STEP, (BUTTONS_Y - 20 - y) // rows)  # many variants: closer rows
        h = min(H, step - 6)
        widgets: list = list(self.tiles)
        players = Choice(
            (X, y, W, h),
            _("Players"),
            [(n, str(n)) for n in range(rules.min_seats, rules.max_seats + 1)],
            on_change=self.set_players,
        )
        players.select(self.players)
        widgets.append(players)
        y += step
        valid = {o.key for o in view.setup_options(self.players)}
        self.options = {k: v for k, v in self.options.items() if k in valid}
        names = self.seat_labels()
        for s in range(self.players):
            seat = Choice((X, y, W, h), names[s], seat_kinds(), on_change=self._seat_setter(s))
            seat.select(self.seat_specs[s])
            widgets.append(seat)
            y += step
        for option in view.setup_options(self.players):
            values = [v for v, _label in option.options]
            if self.options.get(option.key) not in values:
                self.options[option.key] = option.default
            choice = Choice(
                (X, y, W, h),
                option.caption,
                option.options,
                on_change=self._option_setter(option.key),
            )
            choice.select(self.options[option.key])
            widgets.append(choice)
            y += step
        self.seed.rect = (X, y, W, h)
        widgets.append(self.seed)
        widgets.append(
            WoodButton((X, BUTTONS_Y, 170, 50), _("Back"), self.app.pop, size=theme.FONT_BIG - 2)
        )
        widgets.append(
            WoodButton(
                (X + 185, BUTTONS_Y, W - 370, 50),
                _("How to play"),
                self.howto,
                size=theme.FONT_BIG - 4,
            )
        )
        widgets.append(
            WoodButton(
                (X + W - 170, BUTTONS_Y, 170, 50),
                _("Start"),
                self.start,
                size=theme.FONT_BIG - 2,
                selected=True,
            )
        )
        self.widgets = widgets

    def seat_labels(self) -> list[str]:
        try:
            cfg = self.view.config(self.players, self.options)
            state = self.rules.new_game(cfg, 1)
            obs = self.rules.observation(state, 0)
            return [self.view.seat_label(obs, s) for s in range(self.players)]
        except GameError:
            return [_("Seat {n}").format(n=s + 1) for s in range(self.players)]

    def set_game(self, game) -> None:
        self.game = game
        if self.app.settings.last_game != game:  # remembered for the next new game
            self.app.settings.last_game = game
            self.app.settings.save(self.app.store.root)
        self.options = {}
        self.build()
        show_first_time(self.app, game)

    def howto(self) -> None:
        self.app.push(HowToScene(self.app, self.game))

    def update(self, dt: float) -> None:
        """The game chosen when the screen opens is chosen too: its first time shows how
        to play (once the screen is on top)."""
        if not self.greeted and self.app.top is self:
            self.greeted = True
            show_first_time(self.app, self.game)

    def set_players(self, n) -> None:
        self.players = n
        self.build()

    def _seat_setter(self, s: int):
        def set_seat(spec):
            self.seat_specs[s] = spec

        return set_seat

    def _option_setter(self, key: str):
        def set_option(value):
            self.options[key] = value
            self.build()

        return set_option

    def start(self) -> None:
        seed = int(self.seed.value) if self.seed.value else time.time_ns() % 1_000_000
        config = self.view.config(self.players, self.options)
        seats = self.seat_specs[: self.players]
        try:
            self.rules.new_game(config, seed)  # the engine's word on the variants first
        except GameError as e:
            words = self.view.config_problem(str(e))  # in the player's language
            dialog.message(self.app, _("Cannot start this game"), words)
            return
        builders = [
            s for s in range(self.players) if seats[s] == HUMAN and self.view.deck_pool(s, config)
        ]
        if builders:  # the people build their decks first (RM-19)
            from .deck import DeckScene

            self.app.push(
                DeckScene(
                    self.app,
                    self.view,
                    config,
                    builders,
                    self.seat_labels(),
                    lambda decks: self._begin(config, seed, seats, decks),
                )
            )
            return
        self._begin(config, seed, seats, {})

    def _begin(self, config: dict, seed: int, seats: list[str], decks: dict) -> None:
        """Seat the table; the deck lists built on the screen are the people's first
        decisions, the computer seats play their base decks (RM-19.4)."""
        from .table import TableScene

        try:
            session = Session.new(
                self.rules,
                self.view,
                config,
                seed,
                seats,
                self.app.store,
                ai_pause=self.app.options.ai_pause,
            )
            session.play_decks(decks)
        except GameError as e:
            dialog.message(self.app, _("Cannot start this game"), str(e))
            return
        table = TableScene(self.app, session)
        self.app.reset(table)
        from ..coach import offer

        offer(self.app, table)  # a person's first game of this kind: the guide

    def on_back(self) -> None:
        self.app.pop()

    def on_key(self, inp) -> None:
        if inp.key in ("return", "enter"):
            self.start()
        else:
            super().on_key(inp)

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 205)
        paint.text(
            surf,
            vp,
            _("New game"),
            (640, 50),
            40 / vp.ui**0.5,
            theme.ACCENT,
            "display-bold",
            "center",
        )
        self.draw_widgets(surf, vp, mouse)
        self.draw_goal(surf, vp)

    def draw_goal(self, surf, vp) -> None:
        """The chosen game's goal on a parchment note under the choices, where they leave
        the room for it."""
        x, y, w, h = self.seed.rect
        top, bottom = y + h + 18, BUTTONS_Y - 18
        goal = (glossary.howto(self.game) or ("",))[0]
        if not goal or bottom - top < 96 * vp.ui:
            return
        pad, size = 16, theme.FONT
        lines = fonts.wrap(_(goal), vp.font_px(size), vp.size(w - 2 * pad))
        tall = min(bottom - top, pad * 2 + 26 * vp.ui + len(lines) * vp.text_h(size) * 1.25)
        rect = (x, top, w, tall)
        paint.panel(surf, vp, rect, theme.WOOD_DARK, None, radius=8)
        paint.panel(surf, vp, (x + 4, top + 4, w - 8, tall - 8), theme.PARCHMENT, None, radius=6)
        paint.text(
            surf,
            vp,
            _("Goal"),
            (x + pad, top + pad - 4),
            20 / vp.ui**0.5,
            theme.INK_DARK,
            "display-bold",
        )
        head = 26 * vp.ui
        paint.text_in(
            surf,
            vp,
            _(goal),
            (x + pad, top + pad + head - 4, w - 2 * pad, tall - 2 * pad - head + 4),
            size,
            theme.INK_DARK,
        )
