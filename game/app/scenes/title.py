"""The title screen: new game, continue, load, rules, settings, quit.

Composed over a painted backdrop (assets/art/title-backdrop.svg, made by
tools/make_title_art.py: a castle at dusk, a besieging camp before it), drawn to cover
the window at its real size; the name in the display face, the menu as wooden buttons in
the quiet left third so the castle shows, the four games by their emblems along the foot.
The set-up and results screens share the backdrop (veiled), the buttons and the emblems.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.core import registry
from game.core.contract import GameError
from game.version import __version__

from .. import art, fonts, paint, theme
from ..i18n import _
from ..save_store import problem
from ..scene import Scene
from ..session import Session
from ..view_contract import ViewBase
from ..view_registry import VIEWS, get_view, playable_games
from ..widgets import Button, fitting
from . import dialog

BACKDROP = "title-backdrop"  # assets/art/title-backdrop.svg
BACKDROP_SIZE = (1920, 1080)  # its drawing's size (16:9), covered to any window
WOOD_LIGHT = (150, 106, 64)  # a wooden button under the mouse


def open_record(app, record, autosave=None) -> bool:
    """Seat a saved game at the table; a bad save shows why and changes nothing.  A game
    resumed from its autosave ``autosave`` goes on writing there; any other one gets its
    own autosave at its first move."""
    from .table import TableScene

    try:
        if record.game not in playable_games():
            raise GameError(
                _("{game} cannot be played in this version yet.").format(
                    game=registry.GAMES[record.game][0]
                )
            )
        rules = registry.get_rules(record.game)
        session = Session.load(
            rules,
            get_view(record.game),
            record,
            app.store,
            ai_pause=app.options.ai_pause,
            autosave=autosave,
        )
    except GameError as e:
        dialog.message(app, _("Cannot open this game"), problem(e))
        return False
    app.reset(TableScene(app, session))
    return True


@lru_cache(maxsize=8)
def _backdrop(width: int, height: int, veil: int) -> pygame.Surface:
    """The backdrop covering a ``width`` x ``height`` window (its middle kept, the rest
    cut), darkened by a black veil of alpha ``veil``; drawn once per size."""
    bw, bh = BACKDROP_SIZE
    scale = max(width / bw, height / bh)
    cw, ch = max(width, round(bw * scale)), max(height, round(bh * scale))
    picture = art.picture(BACKDROP, cw, ch)
    out = pygame.Surface((width, height))
    out.fill(theme.BG)
    out.blit(picture, ((width - cw) // 2, (height - ch) // 2))
    if veil:
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((*theme.BG, veil))
        out.blit(shade, (0, 0))
    return out


@lru_cache(maxsize=32)
def shadow(width: int, height: int, radius: int, alpha: int = 110) -> pygame.Surface:
    """A soft dark rounded rectangle to lift a button or a tile off the backdrop."""
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(out, (0, 0, 0, alpha), out.get_rect(), border_radius=radius)
    return out


def draw_backdrop(surf: pygame.Surface, veil: int = 0) -> None:
    """The painted backdrop over the whole window (also where it is wider than the
    1280x800 design), behind a veil of ``veil`` (0-255) for a screen full of words."""
    surf.blit(_backdrop(*surf.get_size(), veil), (0, 0))


def emblem(game: str, second: bool = False) -> str:
    """The name of ``game``'s emblem icon (or its second picture): its view's ``emblems``."""
    pair = get_view(game).emblems if game in VIEWS else ViewBase.emblems
    return pair[1 if second else 0]


def draw_icon(surf, vp, name: str, centre, size: float, colour) -> pygame.Rect:
    """Icon ``name`` of ``size`` design pixels (times the UI scale) centred on ``centre``."""
    img = art.icon(name, vp.size(size * vp.ui), colour)
    r = img.get_rect(center=vp.point(*centre))
    surf.blit(img, r)
    return r


@dataclass
class WoodButton(Button):
    """A menu button as a wooden plank (assets/art/ART.md): a lighter plank under the
    mouse, a dark one when it cannot be used, its word in parchment."""

    face: str = "bold"

    def draw(self, surf, vp, mouse) -> None:
        r = vp.rect(self.rect)
        radius = vp.size(7)
        lift = max(1, vp.size(3))
        surf.blit(shadow(r.w, r.h, radius), r.move(lift, lift))
        hover = self.enabled and self.hit(mouse)
        wood = WOOD_LIGHT if hover else theme.WOOD if self.enabled else theme.WOOD_DARK
        pygame.draw.rect(surf, wood, r, border_radius=radius)
        grain = tuple(max(0, c - 14) for c in wood)  # the plank's lower half, a shade darker
        pygame.draw.rect(
            surf,
            grain,
            (r.x, r.centery, r.w, r.h - r.h // 2),
            border_bottom_left_radius=radius,
            border_bottom_right_radius=radius,
        )
        light = tuple(min(255, c + 40) for c in wood)
        pygame.draw.line(
            surf,
            light,
            (r.x + radius, r.y + lift),
            (r.right - radius, r.y + lift),
            max(1, vp.size(1.5)),
        )
        edge = theme.HILITE if hover or self.selected else theme.WOOD_DARK
        pygame.draw.rect(surf, edge, r, max(1, vp.size(2)), border_radius=radius)
        ink = theme.PARCHMENT if self.enabled else theme.INK_DIM
        x, y, w, h = self.rect
        paint.text(
            surf,
            vp,
            self.label,
            (x + w / 2, y + h / 2),
            fitting(vp, self.label, self.size, w - 16, self.face),
            ink,
            self.face,
            "center",
        )


class TitleScene(Scene):
    ui_scaled = True

    def __init__(self, app) -> None:
        super().__init__(app)
        x, w, h = 80, 300, 48
        entries = [
            (_("New game"), self.new_game, True),
            (_("Continue"), self.continue_game, bool(app.store.list_autosaves())),
            (_("Load"), self.load, True),
            (_("Replays"), self.replays, True),
            (_("Rules"), self.rules, True),
            (_("Settings"), self.settings, True),
            (_("Quit"), app.quit, True),
        ]
        self.widgets = [
            WoodButton((x, 250 + i * 62, w, h), label, action, enabled, size=theme.FONT_BIG - 2)
            for i, (label, action, enabled) in enumerate(entries)
        ]

    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def continue_game(self) -> None:
        """The games in progress, to resume one (or delete one)."""
        from .resume import ContinueScene

        self.app.push(ContinueScene(self.app))

    def load(self) -> None:
        from .saves import SavesScene

        self.app.push(SavesScene(self.app))

    def replays(self) -> None:
        from .replay import ReplaysScene

        self.app.push(ReplaysScene(self.app))

    def rules(self) -> None:
        from .reader import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def on_back(self) -> None:
        self.app.quit()

    def resumed(self) -> None:
        self.widgets[1].enabled = bool(self.app.store.list_autosaves())

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf)
        self.draw_name(surf, vp)
        self.draw_games(surf, vp)
        w, h = surf.get_size()  # the window's corner, also where it is wider than 16:10
        corner = vp.to_design((w - vp.size(12), h - vp.size(10)))
        paint.text(
            surf,
            vp,
            _("Version {version}").format(version=__version__),
            corner,
            theme.FONT_SMALL,
            theme.INK_DIM,
            anchor="bottomright",
        )
        self.draw_widgets(surf, vp, mouse)

    @staticmethod
    def draw_name(surf, vp) -> None:
        """ "Siege Table" in the display face, gold over a soft shadow, in the sky (as
        large at every UI scale: it is a picture more than a word to read)."""
        size = 92 / vp.ui
        shadow = fonts.text("Siege Table", vp.font_px(size), (8, 8, 16), "display-bold")
        shadow = shadow.copy()
        shadow.set_alpha(150)
        r = shadow.get_rect(center=vp.point(640, 104))
        surf.blit(shadow, r.move(vp.size(3), vp.size(4)))
        paint.text(
            surf, vp, "Siege Table", (640, 104), size, theme.ACCENT, "display-bold", "center"
        )
        line = _("Four games of sieges and battles")
        paint.text(
            surf,
            vp,
            line,
            (640, 168 + 10 * (vp.ui - 1)),
            22,
            theme.PARCHMENT,
            "display",
            "center",
            fit=900,
        )

    @staticmethod
    def draw_games(surf, vp) -> None:
        """The four games along the foot of the window: each one's emblem and name."""
        size, icon = 19, 30
        entries = [(emblem(g), title) for g, (title, _module) in registry.GAMES.items()]
        gap, pad = 34, 8  # between two games, between an emblem and its name
        widths = [
            vp.size(icon * vp.ui)
            + vp.size(pad)
            + fonts.font(vp.font_px(size), "display").size(title)[0]
            for _e, title in entries
        ]
        total = sum(widths) + vp.size(gap) * (len(entries) - 1)
        room = vp.size(1160)
        if total > room:  # a large UI scale: the line smaller, never wider than the window
            size, icon = size * room / total, icon * room / total
            widths = [w * room / total for w in widths]
            total = room
        x = vp.point(640, 0)[0] - total / 2
        y = 746 - 16 * (vp.ui - 1)
        for (name, title), width in zip(entries, widths, strict=True):
            left = vp.to_design((x, 0))[0]
            mark = draw_icon(surf, vp, name, (left + icon * vp.ui / 2, y), icon, theme.ACCENT)
            paint.text(
                surf,
                vp,
                title,
                (vp.to_design((mark.right + vp.size(pad), 0))[0], y),
                size,
                theme.PARCHMENT,
                "display",
                "midleft",
            )
            x += width + vp.size(gap)
