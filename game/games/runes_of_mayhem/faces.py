"""A Runes of Mayhem card's face (its picture, name, costs, class and keywords in short,
strength and life), the height of its stats row and a tower's marker."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import cards, i18n, pieces, theme
from game.app.i18n import _

from . import words
from .content import CARDS, code
from .words import card_name

#: the sides' colours as printed, and told apart under colour blindness (theme.seat_colours)
theme.palettes(
    "runes-of-mayhem",
    printed={"V": (150, 52, 40), "A": (44, 78, 150)},
    colour_blind={"V": theme.OI_VERMILLION, "A": theme.OI_BLUE},
)
SIDE_RGB = theme.SeatColours("runes-of-mayhem")  # the printed colours or colour-blind ones
#: the cards' frame: iron, a rune's cross-stroke in the corners, a rune stone on the back
FRAME = cards.Frame((62, 60, 64), (178, 168, 150), (44, 40, 46), "rune-stone", "rune")
#: keywords in a word or two, for the small print of a card
SHORT_KEY = {
    "FLANK": "Flank",
    "WAR": "war machine",
    "FRENZY": "Frenzy",
    "HIDE": "Thick hide",
    "RECKLESS": "Reckless",
    "LOCK": "Lock",
    "BRACE": "Brace",
    "BUILD5": "Builders",
    "VENOM": "Venom",
    "NOSIEGE": "no siege",
    "HOWL": "Howl",
    "RALLY": "Rally",
    "FIERCE": "+1 S attacking",
    "STEADY": "+1 counter",
    "HIREDRAW": "draws 1",
    "SKIRMISH": "Skirmish",
}


def stats_row(h: float) -> int:
    """The height of a card's strength / life row, the foot of a card ``h`` high."""
    return max(12, int(h * 0.26))


def tower_label(tower) -> str:
    """A tower's marker (RM-25) as an observation shows it: its SP, else "T?" where its
    identity is hidden (a face-down tower to the Viking, RM-25.7)."""
    name, up, sp = (list(tower) + [None, 0, 0])[:3]
    return str(sp) if sp and (up or (name and name != "?")) else "T?"


#: the pictures of the cards that differ from their class's (game.app.pieces)
CARD_ICON = {
    "V-AXE": "battle-axe",
    "V-SHM": "round-shield",
    "V-VAN": "battle-axe",
    "A-SCT": "cloaked-figure-on-horseback",
    "A-TCV": "mounted-knight",
    "A-RID": "mounted-knight",
    "V-ONG": "catapult",
    "A-MNG": "trebuchet",
    "V-ODS": "rune-stone",
    "V-NPR": "rune-stone",
    "V-VLV": "rune-stone",
    "V-BJO": "viking-helmet",
    "V-LAG": "viking-helmet",
    "V-IVR": "viking-helmet",
    "V-UBB": "viking-helmet",
    "A-SLG": "sling",
    "V-ULF": "hound",
    "M-BRE": "cavalry",
    "M-PIC": "sling",
}
STRENGTH_RGB, LIFE_RGB = (128, 44, 36), (48, 104, 62)  # strength: a circle; life: a shield
GOLD_BADGE, FAITH_BADGE = (176, 132, 40), (92, 116, 176)  # costs: a hexagon, a diamond
UP_INK, DOWN_INK = (176, 255, 176), (255, 176, 164)  # a value above or below the card's


def card_icon(card: str) -> str:
    if code(card) in CARD_ICON:
        return CARD_ICON[code(card)]
    try:
        return pieces.kind_icon("runes-of-mayhem", card)
    except KeyError:
        return "crossed-swords"


def card_words(card: str) -> str:
    """A card's class and keywords in short, printed under its picture (its tooltip has
    them whole)."""
    info = CARDS.get(code(card))
    if not info:
        return ""
    short = [_(words.CLASS_WORDS.get(info[1], info[1]))]
    if info[1] == "RANGED":
        short.append(_("direct shot"))
    for k in info[7]:
        if k.startswith("HEAL"):
            short.append(_("Heal {n}").format(n=k[4:]))
        elif k.startswith("HA_"):
            short.append(_("Heroic Arrival"))
        elif k in SHORT_KEY:
            short.append(_(SHORT_KEY[k]))
    if "CASTLE" in info[7]:
        short.append(_("castle folk"))
    return " · ".join(short)


def card_badges(card: str, s: int | None = None, life: int | None = None) -> tuple:
    """A card's badges: strength and life in the foot, its costs on its picture."""
    info = CARDS.get(code(card))
    badges = []
    if info:
        s0, l0 = info[3], info[4]
        s = s0 if s is None else s
        life = l0 if life is None else life
        badges.append(
            cards.Badge(
                str(s),
                "circle",
                STRENGTH_RGB,
                "fl",
                UP_INK if s > s0 else DOWN_INK if s < s0 else (255, 255, 255),
            )
        )
        badges.append(
            cards.Badge(
                str(life),
                "shield",
                LIFE_RGB,
                "fl",
                UP_INK if life > l0 else DOWN_INK if life < l0 else (255, 255, 255),
            )
        )
        if info[5] or not info[6]:
            badges.append(cards.Badge(str(info[5]), "hexagon", GOLD_BADGE, "tr"))
        if info[6]:
            badges.append(cards.Badge(str(info[6]), "diamond", FAITH_BADGE, "tr"))
    return tuple(badges)


@i18n.on_language_change
@theme.on_palette_change
@lru_cache(maxsize=1024)
def card_face(
    w: int, h: int, card: str, s: int | None = None, life: int | None = None, unit: float = 1.0
) -> pygame.Surface:
    """A card ``w`` x ``h`` pixels in the iron frame: its name on its side's band, its
    picture with its gold (a hexagon) and faith (a diamond) cost, its class and keywords
    where there is room, and in the foot its strength (a circle) and life (a shield).
    ``s`` and ``life`` are its values in play (printed lighter where above the card's,
    redder where below)."""
    side = card[0] if card[0] in SIDE_RGB else "A"
    band = SIDE_RGB[side] if not card.startswith(("M-", "KU-")) else (96, 90, 70)
    badges = card_badges(card, s, life)
    return cards.card(
        w,
        h,
        FRAME,
        band,
        card_name(card),
        card_icon(card),
        badges,
        card_words(card),
        "",
        unit,
        art_share=0.6,
        foot_h=stats_row(h),
    )
