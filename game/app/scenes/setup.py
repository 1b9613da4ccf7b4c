"""New game: which game, how many players, who sits where, variants and seed."""

from __future__ import annotations

import time

from game.core import registry
from game.core.contract import GameError

from .. import paint, theme
from ..i18n import _
from ..scene import Scene
from ..session import HUMAN, Session
from ..views import get_view, playable_games
from ..widgets import Button, Choice, NumberField
from . import dialog
from .howto import HowToScene, show_first_time

X, W, H, STEP = 340, 600, 40, 48


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
        self.game = games[0]
        self.players = 2
        self.seat_specs = [HUMAN, "ai:medium", "ai:medium", "ai:medium"]
        self.options: dict = {}
        self.seed = NumberField((X, 0, W, H), _("Seed"), _("random"))
        self.greeted = False
        self.build()

    @property
    def rules(self):
        return registry.get_rules(self.game)

    @property
    def view(self):
        return get_view(self.game)

    def build(self) -> None:
        rules, view = self.rules, self.view
        self.players = max(rules.min_seats, min(rules.max_seats, self.players))
        y = 110
        rows = 3 + self.players + len(view.setup_options(self.players))
        step = min(STEP, (690 - y) // rows)  # many variants: closer rows, all above Start
        h = min(H, step - 6)
        widgets: list = []
        game_choice = Choice((X, y, W, h), _("Game"),
                             [(g, registry.GAMES[g][0]) for g in playable_games()],
                             on_change=self.set_game)
        game_choice.select(self.game)
        widgets.append(game_choice)
        y += step
        players = Choice((X, y, W, h), _("Players"),
                         [(n, str(n)) for n in range(rules.min_seats, rules.max_seats + 1)],
                         on_change=self.set_players)
        players.select(self.players)
        widgets.append(players)
        y += step
        valid = {o.key for o in view.setup_options(self.players)}
        self.options = {k: v for k, v in self.options.items() if k in valid}
        names = self.seat_labels()
        for s in range(self.players):
            seat = Choice((X, y, W, h), names[s], seat_kinds(),
                          on_change=self._seat_setter(s))
            seat.select(self.seat_specs[s])
            widgets.append(seat)
            y += step
        for option in view.setup_options(self.players):
            values = [v for v, _label in option.options]
            if self.options.get(option.key) not in values:
                self.options[option.key] = option.default
            choice = Choice((X, y, W, h), option.caption, option.options,
                            on_change=self._option_setter(option.key))
            choice.select(self.options[option.key])
            widgets.append(choice)
            y += step
        self.seed.rect = (X, y, W, h)
        widgets.append(self.seed)
        widgets.append(Button((X, 700, 170, 50), _("Back"), self.app.pop, size=theme.FONT_BIG))
        widgets.append(Button((X + 185, 700, W - 370, 50), _("How to play"), self.howto,
                              size=theme.FONT_BIG - 4))
        widgets.append(Button((X + W - 170, 700, 170, 50), _("Start"), self.start,
                              size=theme.FONT_BIG))
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
            words = getattr(self.view, "config_problem", str)  # in the player's language
            dialog.message(self.app, _("Cannot start this game"), words(str(e)))
            return
        pool = getattr(self.view, "deck_pool", None)
        builders = [s for s in range(self.players) if seats[s] == HUMAN and pool
                    and pool(s, config)]
        if builders:  # the people build their decks first (RM-19)
            from .deck import DeckScene

            self.app.push(DeckScene(self.app, self.view, config, builders, self.seat_labels(),
                                    lambda decks: self._begin(config, seed, seats, decks)))
            return
        self._begin(config, seed, seats, {})

    def _begin(self, config: dict, seed: int, seats: list[str], decks: dict) -> None:
        """Seat the table; the deck lists built on the screen are the people's first
        decisions, the computer seats play their base decks (RM-19.4)."""
        from .table import TableScene

        try:
            session = Session.new(self.rules, self.view, config, seed, seats, self.app.store,
                                  ai_pause=self.app.options.ai_pause)
            while decks and session.to_act() is not None and \
                    self.rules.legal_actions(session.state)[0].verb == "DECK":
                seat = session.to_act()
                text = self.view.deck_action(seat, sorted(decks.get(seat, ())))
                session._play(self.rules.parse_action(text))
        except GameError as e:
            dialog.message(self.app, _("Cannot start this game"), str(e))
            return
        self.app.reset(TableScene(self.app, session))

    def on_back(self) -> None:
        self.app.pop()

    def on_key(self, inp) -> None:
        if inp.key in ("return", "enter"):
            self.start()
        else:
            super().on_key(inp)

    def draw(self, surf, vp, mouse) -> None:
        surf.fill(theme.BG)
        paint.text(surf, vp, _("New game"), (640, 60), 40, theme.ACCENT, "serif", "center")
        self.draw_widgets(surf, vp, mouse)
