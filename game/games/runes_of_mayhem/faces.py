"""A Runes of Mayhem card's face, and the print sizes the table takes where room is short
(class names, a King's ability, a Lodge keyword, a Fortress's SP)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import cards, fonts, i18n, theme
from game.app.i18n import _

from . import words
from .content import CARDS, code
from .words import card_name

SIDE_RGB = theme.SeatColours("runes-of-mayhem")  # the printed colours or colour-blind ones
CLASS_RGB = {"SPEAR": (120, 96, 60), "MELEE": (110, 60, 56), "CAV": (70, 92, 60),
             "RANGED": (64, 100, 104), "PRIEST": (118, 104, 150), "HERO": (170, 130, 40),
             "BERSERK": (140, 40, 40), "LOOTER": (96, 80, 40), "PEASANT": (110, 110, 96),
             "CASTLE": (90, 90, 110)}
#: keywords in a word or two, for the small print of a card
SHORT_KEY = {"FLANK": "Flank", "WAR": "war machine", "FRENZY": "Frenzy", "HIDE": "Thick hide",
             "RECKLESS": "Reckless", "LOCK": "Lock", "BRACE": "Brace", "BUILD5": "Builders",
             "VENOM": "Venom", "NOSIEGE": "no siege", "HOWL": "Howl", "RALLY": "Rally",
             "FIERCE": "+1 S attacking", "STEADY": "+1 counter", "HIREDRAW": "draws 1",
             "SKIRMISH": "Skirmish"}


def class_lines(text: str, size: int, room: int) -> list[pygame.Surface]:
    """A card's class name in bold within ``room`` pixels: on one line, a little smaller if
    need be; else on two, broken at a space or after a hyphen; else smaller still; else a
    long word broken with a hyphen where its first line is fullest; squeezed at the last."""

    def bold(words: str, at: int = size) -> pygame.Surface:
        return fonts.text(words, at, theme.INK_DARK, "bold")

    for at in (size, int(size * 0.9)):
        one = bold(text, at)
        if one.get_width() <= room:
            return [one]
    lines = [x.replace("- ", "-") for x in fonts.wrap(text.replace("-", "- "), size, room, "bold")]
    if len(lines) == 2 and all(bold(x).get_width() <= room for x in lines):
        return [bold(x) for x in lines]
    smaller = bold(text, int(size * 0.8))
    if smaller.get_width() <= room:
        return [smaller]
    for at in (size, int(size * 0.8)):
        for cut in range(len(text) - 3, 2, -1):
            head, tail = text[:cut] + "-", text[cut:]
            if bold(head, at).get_width() <= room and bold(tail, at).get_width() <= room:
                return [bold(head, at), bold(tail, at)]
    return [pygame.transform.smoothscale(smaller, (room, smaller.get_height()))]


def stats_row(h: float) -> int:
    """The height of a card's strength / life row, the foot of a card ``h`` high."""
    return max(12, int(h * 0.26))


def tower_label(tower) -> str:
    """A tower's marker (RM-25) as an observation shows it: its SP, else "T?" where its
    identity is hidden (a face-down tower to the Viking, RM-25.7)."""
    name, up, sp = (list(tower) + [None, 0, 0])[:3]
    return str(sp) if sp and (up or (name and name != "?")) else "T?"


def score_size(score: str, guard: str, w: float, vp) -> int:
    """The print of a Fortress's SP (18 points, less in a small window) that keeps it clear
    of its protection, printed at 12 on the right of a panel ``w`` wide (RM-11.4)."""
    room = vp.size(w - 16 - 6) - fonts.text(guard, vp.size(12), theme.INK).get_width()
    return next((n for n in (18, 16, 14) if fonts.text(
        score, vp.size(n), theme.INK, "bold").get_width() <= room), 13)


def print_size(text: str, w: float, h: float, vp) -> int:
    """The largest print (10, 9 or 8) in which ``text`` wraps within ``w`` x ``h`` (design
    units) at a line spacing of 1.15: a King's whole ability in his panel (RM-27.6)."""
    for size in (10, 9):
        if len(fonts.wrap(text, vp.size(size * vp.ui), vp.size(w))) * size * 1.15 <= h:
            return size
    return 8


def keyword_lines(text: str, room: int, vp) -> tuple[int, list[str]]:
    """A Lodge card's keyword beside its stats, ``room`` pixels wide: its design size and
    lines, two at most, smaller where one line would run into the stats."""
    for size in (9, 8, 7):
        lines = fonts.wrap(text, vp.size(size), room, "bold")
        if len(lines) <= 2 and all(
                fonts.text(x, vp.size(size), theme.INK_DARK, "bold").get_width() <= room
                for x in lines):  # fmt: skip
            return size, lines
    return 7, lines[:2]


@i18n.on_language_change
@theme.on_palette_change
@lru_cache(maxsize=512)
def card_face(w: int, h: int, card: str) -> pygame.Surface:
    """A card ``w`` x ``h`` pixels without its strength and life: the side band with the
    name, the class and cost line and the keyword in small print."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, cards.PAPER, (0, 0, w, h), border_radius=radius)
    band_h = max(10, int(h * 0.19))
    side = card[0] if card[0] in SIDE_RGB else "A"
    band = SIDE_RGB[side] if not card.startswith(("M-", "KU-")) else (96, 90, 70)
    pygame.draw.rect(surf, band, (0, 0, w, band_h), border_top_left_radius=radius,
                     border_top_right_radius=radius)
    pygame.draw.rect(surf, cards.PAPER_EDGE, (0, 0, w, h), max(1, w // 60), border_radius=radius)
    pad = max(3, w // 16)
    name = fonts.text(card_name(card), max(8, int(band_h * 0.62)), (255, 255, 255), "bold")
    if name.get_width() > w - 2 * pad:
        name = pygame.transform.smoothscale(name, (w - 2 * pad, name.get_height()))
    surf.blit(name, name.get_rect(midleft=(pad, band_h // 2)))
    info = CARDS.get(code(card))
    small = max(7, int(h * 0.095))
    y = band_h + max(2, pad // 2)
    if info:
        cls = _(words.CLASS_WORDS.get(info[1], info[1]))
        pygame.draw.rect(surf, CLASS_RGB.get(info[1], (90, 90, 90)),
                         (pad, y + 1, max(4, pad), small), border_radius=2)
        x = pad * 2 + max(4, pad) - pad + 2
        for line in class_lines(cls, small, w - x - max(2, pad // 2)):
            surf.blit(line, (x, y))
            y += int(small * 1.25)
        text = [k for k in info[7] if k not in ("CASTLE",)]
        short = []
        for k in text:
            if k.startswith("HEAL"):
                short.append(_("Heal {n}").format(n=k[4:]))
            elif k == "FLANK":
                short.append(_("Flank"))
            elif k == "WAR":
                short.append(_("war machine"))
            elif k.startswith("HA_"):
                short.append(_("Heroic Arrival"))
            elif k in SHORT_KEY:
                short.append(_(SHORT_KEY[k]))
        if info[1] == "RANGED":
            short.insert(0, _("direct shot"))
        if "CASTLE" in info[7]:
            short.append(_("castle folk"))
        body = max(7, int(h * 0.085))
        for line in fonts.wrap(", ".join(short), body, w - 2 * pad)[:2]:
            surf.blit(fonts.text(line, body, (80, 64, 50)), (pad, y))
            y += int(body * 1.15)
    # the strength / life row
    row_h = stats_row(h)
    pygame.draw.rect(surf, (224, 210, 180), (1, h - row_h - 1, w - 2, row_h),
                     border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    if info:
        cost = ((_("{n}g").format(n=info[5]) if info[5] else "")  # gold, faith initials
                + (_("{n}f").format(n=info[6]) if info[6] else "")) or "0"
        ct = fonts.text(cost, max(7, int(row_h * (0.5 if w >= 90 else 0.4))), (120, 80, 20),
                        "bold")
        surf.blit(ct, ct.get_rect(midright=(w - pad, h - row_h // 2 - 1)))
    return surf
