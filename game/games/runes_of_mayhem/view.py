"""How a Runes of Mayhem observation is drawn on ``levels/runes_of_mayhem.tmx``.

The table lies as RM-4.1 draws it: the Anglo-Saxon grid at the top (rows 3, 2, 1 down to
the no-man's-land), the Viking grid below (rows 1, 2, 3), columns 1-3 from left to right;
each side's Fortress, King and Wall on the left, its hand, piles, gold and faith cards
and module deck on the right.  Items are keyed ``("cell", "V21")``, ``("wall", "V")``,
``("wcard", card)`` (a unit on a Wall), ``("fort", "V")``, ``("hand", card)`` (the own
hand), ``("handzone", side)``, ``("pile", side)``, ``("discard", side)``, ``("gold",
side)``, ``("faith", side)``, ``("king", side)``, ``("col", c)`` (a column marker),
``("dice",)``, ``("lodge", i)``, ``("lodgedeck",)``, ``("traps",)``, ``("towers",)`` and
``("tower", "A21T")``.  A play is clicked as the hand card, its place, then its direct
shot, Heroic Arrival or Lock target; a fight as the attacker, then its target; a move of
the Reorganize step as the unit, then its new place.  Only the observation is drawn: the
other hand is backs and a count, the draw piles are counts.  The log's playback names
places: the newest line's place is outlined and its dice shown in the tray.
"""

from __future__ import annotations

import re
from functools import lru_cache
from types import SimpleNamespace

import pygame

from game.app import cards, fonts, i18n, paint, theme
from game.app.i18n import N_, _, ngettext, pgettext
from game.app.layout import ground
from game.app.view_api import Item, Prompt, SetupOption

from . import words
from .actions import parse_action
from .content import BASIC, CARDS, SIDES, code, klass
from .rules_board import split_heal
from .words import card_label, card_name, card_tip, place_name, side_adj, side_full

SIDE_RGB = theme.SeatColours("runes-of-mayhem")  # the printed colours or colour-blind ones
CLASS_RGB = {"SPEAR": (120, 96, 60), "MELEE": (110, 60, 56), "CAV": (70, 92, 60),
             "RANGED": (64, 100, 104), "PRIEST": (118, 104, 150), "HERO": (170, 130, 40),
             "BERSERK": (140, 40, 40), "LOOTER": (96, 80, 40), "PEASANT": (110, 110, 96),
             "CASTLE": (90, 90, 110)}
GOLD_RGB, FAITH_RGB = (196, 150, 56), (126, 150, 200)
FORMATION = {"SPEAR": "Spearmen formation: +1 strength, +1 life",
             "MELEE": "Shield wall: +2 life when defending",
             "CAV": "Cavalry formation: +2 strength when attacking"}
CONFIRM = {"SAC"}
MODULES = ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")
#: keywords in a word or two, for the small print of a card
SHORT_KEY = {"FLANK": "Flank", "WAR": "war machine", "FRENZY": "Frenzy", "HIDE": "Thick hide",
             "RECKLESS": "Reckless", "LOCK": "Lock", "BRACE": "Brace", "BUILD5": "Builders",
             "VENOM": "Venom", "NOSIEGE": "no siege", "HOWL": "Howl", "RALLY": "Rally",
             "FIERCE": "+1 S attacking", "STEADY": "+1 counter", "HIREDRAW": "draws 1",
             "SKIRMISH": "Skirmish"}


def _ground(w: int, h: int) -> pygame.Surface:
    return ground("runes_of_mayhem", w, h)


def place_key(place: str) -> tuple:
    """The item of a place of the notation."""
    if ":" in place:
        return ("wcard", place.split(":", 1)[1])
    if len(place) == 2 and place[1] == "W":
        return ("wall", place[0])
    if len(place) == 2 and place[1] == "F":
        return ("fort", place[0])
    if len(place) == 4 and place.endswith("T"):
        return ("tower", place)
    return ("cell", place)


def _rules():
    from .rules import RULES

    return RULES


def current(obs: dict, card: str) -> tuple[int, int]:
    """RM-9.2 current strength and life of a unit in play, as the engine counts them."""
    info = CARDS.get(code(card))
    base = (info[3], info[4]) if info else (0, 0)
    try:
        s = SimpleNamespace(**obs)
        rules = _rules()
        return rules.cur_s(s, card), rules.cur_l(s, card)
    except Exception:  # noqa: BLE001 - a field the engine reads that this view lacks
        return base


def formation(obs: dict, side: int, row: int) -> str | None:
    """RM-16.2: the class of a full row of basic units of one class."""
    cls = None
    for col in (1, 2, 3):
        c = obs["cells"].get(f"{SIDES[side]}{col}{row}")
        if c is None or c not in obs["u"] and code(c) not in CARDS:
            return None
        k = klass(c) if code(c) in CARDS else None
        if k not in BASIC or (cls is not None and k != cls):
            return None
        cls = k
    return cls


#: the engine's words on a list that is not a legal deck (content.deck_problem), as
#: patterns and the sentence the player reads
DECK_PROBLEMS = [
    (re.compile(r"a deck has exactly (?P<m>\d+) cards, not (?P<n>\d+) \((?P<rule>[^)]*)\)"),
     N_("A deck has exactly {m} cards, not {n} ({rule}).")),
    (re.compile(r"a card is listed twice \((?P<rule>[^)]*)\)"),
     N_("A card is listed twice ({rule}).")),
    (re.compile(r"(?P<card>\S+) is not in the \S+ pool \((?P<rule>[^)]*)\)"),
     N_("Not in this faction's pool: {card} ({rule}).")),
    (re.compile(r"every basic unit must be in the deck: (?P<card>.+) \((?P<rule>[^)]*)\)"),
     N_("Every basic unit must be in the deck: {card} ({rule}).")),
    (re.compile(r"all copies of (?P<card>.+) or none \((?P<rule>[^)]*)\)"),
     N_("All copies of {card} or none ({rule}).")),
]


#: the engine's refusals of a set-up the set-up screen can ask for (rules.normalize_config)
CONFIG_PROBLEMS = {
    "the learning game L excludes every other module (RM-3.3)":
        N_("The learning game (L) cannot be combined with any other module (RM-3.3)."),
    "module X4 (King units) requires module K (RM-3.1)":
        N_("Module X4 (King units) needs module K, the Kings (RM-3.1)."),
}


def config_problem_words(problem: str) -> str:
    """The engine's refusal of a set-up in the chosen language (its own words when they
    are not known here)."""
    sentence = CONFIG_PROBLEMS.get(problem)
    return _(sentence) if sentence else problem


def deck_problem_words(problem: str) -> str:
    """The engine's reason against a deck list in the chosen language (its own words
    when they are not known here)."""
    for pattern, sentence in DECK_PROBLEMS:
        m = pattern.fullmatch(problem)
        if m:
            found = m.groupdict()
            if "card" in found:
                name = found["card"]
                found["card"] = card_name(name) if code(name) in CARDS else _(name)
            return _(sentence).format(**found)
    return problem


def _fitted(text: str, size: int, room: int) -> list[pygame.Surface]:
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


def _score_size(score: str, guard: str, w: float, vp) -> int:
    """The print of a Fortress's SP (18 points, less in a small window) that keeps it clear
    of its protection, printed at 12 on the right of a panel ``w`` wide (RM-11.4)."""
    room = vp.size(w - 16 - 6) - fonts.text(guard, vp.size(12), theme.INK).get_width()
    return next((n for n in (18, 16, 14) if fonts.text(
        score, vp.size(n), theme.INK, "bold").get_width() <= room), 13)


def _print_size(text: str, w: float, h: float, vp) -> int:
    """The largest print (10, 9 or 8) in which ``text`` wraps within ``w`` x ``h`` (design
    units) at a line spacing of 1.15: a King's whole ability in his panel (RM-27.6)."""
    for size in (10, 9):
        if len(fonts.wrap(text, vp.size(size * vp.ui), vp.size(w))) * size * 1.15 <= h:
            return size
    return 8


def _beside(text: str, room: int, vp) -> tuple[int, list[str]]:
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
        for line in _fitted(cls, small, w - x - max(2, pad // 2)):
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


class RMView(paint.MapView):
    layout_name = "runes_of_mayhem"

    # ------------------------------------------------------------------ set-up
    def setup_options(self, players: int) -> list[SetupOption]:
        onoff = [(False, _("off")), (True, _("on"))]
        out = []
        for m in MODULES:
            name, text, rule = words.MODULE_WORDS[m]
            out.append(SetupOption(f"mod_{m}", _("{m} {name}: {text} ({rule})").format(
                m=m, name=_(name), text=_(text), rule=rule), onoff, False))
        return out

    def config(self, players: int, options: dict) -> dict:
        return {"players": 2, "modules": [m for m in MODULES if options.get(f"mod_{m}")]}

    # ------------------------------------------------------------------ X1 deck lists
    def deck_pool(self, seat: int, config: dict) -> list[tuple[str, str, int, bool, str]]:
        """RM-19.1: the seat's pool by name, (name code, name, copies, always in (a basic
        unit, RM-19.2.1), tooltip); empty when the engine builds no decks."""
        from . import content

        pool_of = getattr(content, "pool_of", None)
        if pool_of is None or "X1" not in config.get("modules", []):
            return []
        out = []
        for c in dict.fromkeys(code(x) for x in pool_of(seat, config["modules"])):
            info = CARDS[c]
            out.append((c, card_name(c), info[2], info[1] in BASIC, card_tip(c)))
        return out

    def deck_default(self, seat: int, config: dict) -> set[str]:
        """The names of the base deck (RM-27.5.4 swaps included)."""
        from . import content

        try:
            cards_ = content.deck_of(seat, False, config.get("modules", []))
        except TypeError:
            cards_ = content.deck_of(seat)
        return {code(c) for c in cards_}

    def deck_cards(self, names) -> list[str]:
        return sorted(f"{c}#{i}" for c in names for i in range(1, CARDS[c][2] + 1))

    def deck_problem(self, seat: int, names, config: dict) -> str | None:
        """The engine's word on a list (RM-19.4): None when it is a legal deck."""
        from . import content

        check = getattr(content, "deck_problem", None)
        if check is None:
            return None
        problem = check(seat, self.deck_cards(names), config.get("modules", []))
        return None if problem is None else deck_problem_words(problem)

    def config_problem(self, problem: str) -> str:
        return config_problem_words(problem)

    def deck_action(self, seat: int, names) -> str:
        return f"{SIDES[seat]}: DECK " + (",".join(self.deck_cards(names)) if names else "-")

    def seat_label(self, obs: dict, seat: int) -> str:
        """A player by his side, the subject of "Viking to play", "Anglo-Saxon wins!" (its
        own word: the side's adjective of "Viking Wall" may take another case)."""
        return pgettext("seat", "Viking") if seat == 0 else pgettext("seat", "Anglo-Saxon")

    # ------------------------------------------------------------------ places
    def _wall_rects(self, side: str, n: int) -> list[tuple]:
        x, y, w, h = self.layout.zone(side + "W")
        if n == 0:
            return []
        cols = 2 if n <= 4 else 3
        rows = -(-n // cols)
        cw = (w - 8 - (cols - 1) * 4) / cols
        ch = min(112, (h - 26 - (rows - 1) * 4) / rows)
        return [(x + 4 + (i % cols) * (cw + 4), y + 22 + (i // cols) * (ch + 4), cw, ch)
                for i in range(n)]

    def _hand_rects(self, side: str, n: int) -> list[tuple]:
        x, y, w, h = self.layout.zone(side + "_hand")
        cw, ch = 74, h - 26
        step = cw + 4 if n <= 1 else min(cw + 4, (w - 8 - cw) / (n - 1))
        return [(x + 4 + i * step, y + 22, cw if i == n - 1 else min(cw, step), ch)
                for i in range(n)]

    # ------------------------------------------------------------------ items
    def items(self, obs: dict) -> list[Item]:
        lay = self.layout
        me = obs["seat"]
        out: list[Item] = []
        for p, sd in enumerate(SIDES):
            out += [
                Item(("fort", sd), lay.zone(sd + "F"), self._fort_tip(obs, p)),
                Item(("king", sd), lay.zone(sd + "_king"), self._king_tip(obs, p)),
                Item(("wall", sd), lay.zone(sd + "W"), self._wall_tip(obs, p)),
                Item(("handzone", sd), lay.zone(sd + "_hand"), self._hand_tip(obs, p)),
                Item(("pile", sd), lay.zone(sd + "_pile"), self._pile_tip(obs, p)),
                Item(("discard", sd), lay.zone(sd + "_discard"), self._discard_tip(obs, p)),
                Item(("gold", sd), lay.zone(sd + "_gold"), self._prod_tip(obs, p, "g")),
                Item(("faith", sd), lay.zone(sd + "_faith"), self._prod_tip(obs, p, "f")),
            ]
        for c in (1, 2, 3):
            out.append(Item(("col", c), lay.zone(f"col_{c}"), self._col_tip(obs, c)))
        out.append(Item(("dice",), lay.zone("dice"), _(
            "The dice tray: the dice of the fight, siege, shot or trade the log is telling "
            "of. A die has the faces 0, 1, 1, 2, 2, 3 (RM-27.1); a unit at a disadvantage "
            "rolls none (RM-9.3).")))
        lodge = self._lodge(obs)
        for i in (1, 2, 3):
            card = lodge[i - 1] if i <= len(lodge) else None
            tip = card_tip(card) + "\n" + _("In the Lodge: hire it for one discarded card "
                                            "(RM-23.3).") if card else _(
                "A Lodge place: a face-up mercenary to hire (module X5, RM-23).")
            out.append(Item(("lodge", i), lay.zone(f"lodge_{i}"), tip))
        out.append(Item(("lodgedeck",), lay.zone("lodge_deck"), self._lodge_deck_tip(obs)))
        out.append(Item(("traps",), lay.zone("V_traps"), self._traps_tip(obs)))
        out.append(Item(("towers",), lay.zone("A_towers"), self._towers_tip(obs)))
        for sd in SIDES:
            for col in (1, 2, 3):
                for row in (1, 2, 3):
                    cell = f"{sd}{col}{row}"
                    out.append(Item(("cell", cell), lay.zone(cell), self._cell_tip(obs, cell)))
        for p, sd in enumerate(SIDES):
            wall = obs["wall"][p]
            for card, rect in zip(wall, self._wall_rects(sd, len(wall)), strict=True):
                out.append(Item(("wcard", card), rect, self._unit_tip(obs, card, sd + "W")))
        hand = obs.get("hand", [])
        for card, rect in zip(sorted(hand), self._hand_rects(SIDES[me], len(hand)),
                              strict=True):
            out.append(Item(("hand", card), rect, card_tip(card)))
        if "open_hands" in obs:  # a replay with every card open: the other hand too
            other = obs["open_hands"][1 - me]
            for card, rect in zip(sorted(other), self._hand_rects(SIDES[1 - me], len(other)),
                                  strict=True):
                out.append(Item(("ohand", card), rect, card_tip(card)))
        for cell, tower in self._towers(obs).items():
            out.append(Item(("tower", cell + "T"), self._tower_rect(obs, cell),
                            self._tower_tip(obs, cell, tower)))
        return out

    # ------------------------------------------------------------------ module data
    @staticmethod
    def _mod(obs: dict) -> dict:
        return obs.get("mod") or {}

    def _lodge(self, obs: dict) -> list:
        return list(self._mod(obs).get("lodge") or [])

    def _towers(self, obs: dict) -> dict:
        """cell -> [tower ("?" face down to this seat), face up 0/1, SP] (X7)."""
        found = self._mod(obs).get("towers") or {}
        return {c: (list(w) if isinstance(w, list | tuple) else [w, 0, 0])
                for c, w in found.items()} if isinstance(found, dict) else {}

    def _traps(self, obs: dict) -> dict:
        """cell -> trap ("?" to the Anglo-Saxon) (X6)."""
        found = self._mod(obs).get("traps") or {}
        return dict(found) if isinstance(found, dict) else {}

    def _kings(self, obs: dict) -> list:
        kings = self._mod(obs).get("kings")
        return list(kings) if isinstance(kings, list | tuple) else [None, None]

    @staticmethod
    def _module(obs: dict, m: str) -> bool:
        return m in obs["config"].get("modules", [])

    # ------------------------------------------------------------------ tooltips
    def _fort_tip(self, obs, p) -> str:
        sd = SIDES[p]
        prot = self._protection(obs, p)
        return _("The {side} Fortress: {sp} of {limit} SP. At 0 SP its owner loses "
                 "(RM-17.1). Each hit is reduced by the protection of its Wall: {n} "
                 "(RM-11.4).").format(side=side_adj(sd), sp=obs["sp"][p], limit=obs["limit"][p],
                                      n=prot)

    def _king_tip(self, obs, p) -> str:
        king = self._kings(obs)[p] if len(self._kings(obs)) > p else None
        if king:
            k, _sep, side = str(king).partition("/")
            text = _("The {side} King: {name}, side {s}: {text} (RM-18).").format(
                side=side_adj(SIDES[p]), name=card_name(k), s=side or "?",
                text=words.king_side_text(k, side) if side else "")
            gone = self._mod(obs).get("kgone")
            if isinstance(gone, list | tuple) and len(gone) > p and gone[p]:
                text += "\n" + _("Out of the game: its King unit left play (RM-22.5).")
            return text
        if self._module(obs, "K"):
            return _("The {side} King's place: chosen at setup (RM-18.2).").format(
                side=side_adj(SIDES[p]))
        return _("The {side} King's place beside the Fortress: Kings are module K "
                 "(RM-18); without them each Fortress has 40 SP.").format(
            side=side_adj(SIDES[p]))

    def _protection(self, obs, p) -> int:
        if "protections" in obs:  # the engine's count (Palisade, RM-27.10)
            return obs["protections"][p]
        n = 0
        for c in obs["wall"][p]:
            if obs["u"][c][1]:
                continue
            keys = CARDS.get(code(c), ("",) * 8)[7]
            if "CASTLE" not in keys or code(c) == "A-BLD":
                n += 1
        return n

    def _wall_tip(self, obs, p) -> str:
        sd = SIDES[p]
        wall = obs["wall"][p]
        text = _("The {side} Wall: at most {n} units (castle folk use no slot). Units "
                 "there cannot attack or be attacked in combat, only shot; each living one "
                 "gives 1 protection (RM-4.4, RM-11.4).").format(
            side=side_adj(sd), n=obs.get("wall_caps", [2, 2])[p])
        if wall:
            text += "\n" + ", ".join(card_label(c) for c in wall)
        return text

    def _hand_tip(self, obs, p) -> str:
        n = obs["hand_sizes"][p]
        text = ngettext("The {side} hand: {n} card (sizes are public, RM-26.1).",
                        "The {side} hand: {n} cards (sizes are public, RM-26.1).", n).format(
            side=side_adj(SIDES[p]), n=n)
        if p == obs["seat"] and "hand_limits" in obs:
            text += " " + _("Your hand limit is {n} now (RM-15.3; a King or living "
                            "mercenaries change it, RM-23.5).").format(n=obs["hand_limits"][p])
        return text

    def _pile_tip(self, obs, p) -> str:
        return _("The {side} draw pile: {n} cards, face down. When it runs out the discard "
                 "pile is shuffled into it (RM-15.4).").format(side=side_adj(SIDES[p]),
                                                              n=obs["pile_sizes"][p])

    def _discard_tip(self, obs, p) -> str:
        pile = obs["discard"][p]
        text = _("The {side} discard pile: {n} cards, face up (RM-26.1).").format(
            side=side_adj(SIDES[p]), n=len(pile))
        if pile:
            shown = ", ".join(card_name(c) for c in pile[-10:])
            text += "\n" + ("… " if len(pile) > 10 else "") + shown
        return text

    def _prod_tip(self, obs, p, kind: str) -> str:
        i = "gf".index(kind)
        toks = obs["tok"][p][i]
        supply = (obs["gold"] if kind == "g" else obs["faith"])[p]
        locked = sum(1 for c, st in obs["u"].items() if st[3] == kind and p == 1
                     and c.startswith("V-"))
        what = _("gold") if kind == "g" else _("faith")
        text = _("The {side} {what} card: {t} production tokens, each gives 1 {what} in "
                 "the Production phase (RM-7.1). Supply: {s} {what}.").format(
            side=side_adj(SIDES[p]), what=what, t=toks, s=supply)
        if locked:
            text += " " + ngettext("{n} token is locked on a Looter (RM-16.9).",
                                   "{n} tokens are locked on Looters (RM-16.9).", locked).format(
                n=locked)
        if p == obs["seat"] and obs["step"] == "MAIN":
            text += "\n" + _("Click it to move tokens (RM-14.2).")
        return text

    def _col_tip(self, obs, c) -> str:
        cmb = obs.get("cmb") or {}
        text = _("Column {c}: the attacker opens a column, fights there, then closes it; "
                 "each column opens once a turn (RM-10.1).").format(c=c)
        if cmb.get("open") == c:
            text += "\n" + _("Open now.")
        elif c in cmb.get("opened", []):
            text += "\n" + _("Closed for this turn.")
        return text

    def _lodge_deck_tip(self, obs) -> str:
        if not self._module(obs, "X5"):
            return _("The mercenary deck and its Lodge of 3 face-up cards: module X5 "
                     "(RM-23), not in this game.")
        return _("The mercenary deck: {n} cards, face down; the Lodge is refilled to 3 in "
                 "every End phase (RM-23.4).").format(n=obs.get("mdeck_size", 0))

    def _traps_tip(self, obs) -> str:
        if not self._module(obs, "X6"):
            return _("The Viking trap deck: module X6 (RM-24), not in this game.")
        text = _("The Viking trap deck: {n} cards. Once a Main phase the Viking pays 1 gold "
                 "and lays one face down on an empty Anglo-Saxon cell (RM-24.3); only he "
                 "sees which (RM-26.1).").format(n=obs.get("tdeck_size", 0))
        deck = self._mod(obs).get("tdeck")
        if deck:
            text += "\n" + "\n".join(f"{card_name(c)}: {_(words.MODULE_CARDS[c][1])}"
                                     for c in deck if c in words.MODULE_CARDS)
        return text

    def _towers_tip(self, obs) -> str:
        if not self._module(obs, "X7"):
            return _("The Anglo-Saxon tower deck: module X7 (RM-25), not in this game.")
        text = _("The Anglo-Saxon tower deck: {n} cards. Once a Main phase he builds one "
                 "face down on his cell with a production token; it turns up at his next "
                 "Production phase (RM-25.3, RM-25.4).").format(n=obs.get("wdeck_size", 0))
        deck = self._mod(obs).get("wdeck")
        if deck:
            text += "\n" + "\n".join(f"{card_name(c)}: {_(words.MODULE_CARDS[c][1])}"
                                     for c in deck if c in words.MODULE_CARDS)
        return text

    def _tower_tip(self, obs, cell, tower) -> str:
        name, up, sp = (list(tower) + [None, 0, 0])[:3]
        if not name or name == "?":
            return _("A tower being built in {cell}: face down, its identity hidden "
                     "(RM-25.7).").format(cell=cell)
        state = _("face up, {sp} SP: it may be besieged when no living Anglo-Saxon stands "
                  "in its column (RM-25.6)").format(sp=sp) if up else \
            _("face down: it turns up at the next Anglo-Saxon Production phase (RM-25.4)")
        return f"{card_name(name)} ({cell}): {_(words.MODULE_CARDS.get(name, ('', ''))[1])}" \
            f"\n{state}."

    def _unit_tip(self, obs, card: str, where: str) -> str:
        st = obs["u"].get(card, [0, 0, 0, ""])
        s, life = current(obs, card)
        head = _("{place}: {card}").format(place=place_name(where), card=card_name(card))
        lines = [head]
        if st[1]:
            lines.append(_("Fallen: it stays until the burial step heals or removes it "
                           "(RM-9.7, RM-13)."))
        else:
            lines.append(_("Strength {s}, life {l}, damage {d}: {left} life left "
                           "(RM-9.2, RM-9.5).").format(s=s, l=life, d=st[0],
                                                       left=max(0, life - st[0])))
        if st[2]:
            lines.append(_("Shot token: it has made its one ranged attack (RM-12.4)."))
        if st[3]:
            lines.append(_("It holds a locked Anglo-Saxon {what} token (RM-16.9).").format(
                what=_("gold") if st[3] == "g" else _("faith")))
        cmb = obs.get("cmb") or {}
        if card in cmb.get("done", []):
            lines.append(_("Done: it cannot attack again this turn (RM-10.6)."))
        lines.append(card_tip(card))
        return "\n".join(lines)

    def _cell_tip(self, obs, cell) -> str:
        card = obs["cells"].get(cell)
        if card:
            text = self._unit_tip(obs, card, cell)
            form = formation(obs, "VA".index(cell[0]), int(cell[2]))
            if form:
                text += "\n" + _(FORMATION[form]) + " (RM-16.2)"
            return text + self._trap_text(obs, cell)
        row = cell[2]
        what = {"1": _("front row"), "2": _("support row"),
                "3": _("rear row: priests only (RM-4.3)")}[row]
        text = _("{place}: empty, {what}.").format(place=place_name(cell), what=what)
        return text + self._trap_text(obs, cell)

    def _trap_text(self, obs, cell) -> str:
        traps = self._traps(obs)
        if cell not in traps:
            return ""
        trap = traps[cell]
        if trap and trap != "?":
            return "\n" + _("A Viking trap: {name}. {text} (RM-24.5)").format(
                name=card_name(trap), text=_(words.MODULE_CARDS.get(trap, ("", ""))[1]))
        return "\n" + _("A hidden Viking trap lies here (RM-24.4).")

    # ------------------------------------------------------------------ actions
    def target(self, obs: dict, action) -> tuple | list | None:
        a = parse_action(action) if isinstance(action, str) else action
        v, x = a.verb, a.arg
        me = a.side
        foe = "A" if me == "V" else "V"
        cmb = obs.get("cmb") or {}
        if v == "MULL":
            return None if x == "-" else [("hand", c) for c in x.split(",")]
        if v == "TOK":
            return ("gold", me)
        if v == "RE":
            if x == "-":
                return None
            moves = [p.split("@") for p in x.split(" ")]
            if len(moves) == 2:  # a swap: a unit that goes to a cell, then that cell
                card, dest = moves[0] if not moves[0][1].endswith("W") else moves[1]
                return [self._unit_key(obs, card), ("cell", dest)]
            card, dest = moves[0]
            return [self._unit_key(obs, card),
                    ("wall", me) if dest.endswith("W") else ("cell", dest)]
        if v == "OPEN":
            return ("col", int(x))
        if v == "F":
            u, t = x.split(">")
            return [place_key(u), place_key(t)]
        if v == "SG":
            u, t = x.split(">")
            return [place_key(u), place_key(t)]
        if v == "CONT":
            t = cmb.get("t")
            if cmb.get("mode") == "WON" or not t:
                t = self._front(obs, foe, cmb.get("open"))
            return self._unit_key(obs, t) if t else None
        if v == "COV":
            t = cmb.get("t")
            return self._unit_key(obs, t) if t else None
        if v == "FL":
            return ("cell", x)
        if v == "HEAL":
            if x == "-":
                return None

            head, rest = split_heal(x)
            return [place_key(head)] + [place_key(n) for n in rest.split(",")]
        if v == "PLAY":
            parts = x.split(" ")
            card, dest = parts[0].split("@")
            path = [("hand", card), ("wall", me) if dest.endswith("W") else ("cell", dest)]
            rest = parts[1:]
            for i, p in enumerate(rest):
                if p.startswith("DS>"):
                    path.append(place_key(p[3:]))
                elif p.startswith("HA>"):
                    t = p[3:]
                    path.append(("col", int(t)) if t.isdigit() else
                                ("discard", me) if "-" in t else place_key(t))
                elif p == "LOCK" and i + 1 < len(rest):
                    path.append(("gold" if rest[i + 1] == "g" else "faith", foe))
                elif p == "HOWL" and i + 1 < len(rest):
                    path.append(("discard", me) if rest[i + 1] in obs["discard"]["VA".index(me)]
                                else ("pile", me))
            return path
        if v == "TRADE":
            return ("gold", me) if x else None
        if v == "MOVE":
            return ("gold", me) if x.startswith("g") else ("faith", me)
        if v == "SAC":
            return place_key(x)
        if v == "RET":
            return ("gold", "A") if x == "g" else ("faith", "A")
        if v == "DISC":
            return None if x == "-" else ("hand", x)
        if v == "KING":
            return ("king", me)
        if v == "HIRE":
            card, rest = x.split(" ")
            merc, cell = rest.split("@")
            lodge = self._lodge(obs)
            if merc not in lodge:
                return None
            return [("hand", card), ("lodge", lodge.index(merc) + 1), ("cell", cell)]
        if v == "LAY":
            return [("traps",), ("cell", x.split("@")[1])]
        if v == "BUILD":
            return [("towers",), ("cell", x.split("@")[1].split(" ")[0])]
        if v == "FIELD":
            return [("king", me), ("cell", x[1:].split(" ")[0])]
        if v == "FLIP":
            return ("tower", x.split(" ")[0])
        if v == "TRAP":
            tp = self._mod(obs).get("tp") or {}
            queue = tp.get("q") if isinstance(tp, dict) else None
            cell = queue[0] if queue else None  # the trap being revealed (RM-24.5)
            return ("cell", cell) if cell in self._traps(obs) else None
        return None

    @staticmethod
    def _unit_key(obs, card: str) -> tuple:
        for cell, c in obs["cells"].items():
            if c == card:
                return ("cell", cell)
        return ("wcard", card)

    @staticmethod
    def _front(obs, side: str, col) -> str | None:
        if not col:
            return None
        for r in (1, 2, 3):
            c = obs["cells"].get(f"{side}{col}{r}")
            if c and not obs["u"][c][1]:
                return c
        return None

    def action_label(self, obs: dict, action) -> str:
        return words.action_label(obs, action)

    def confirm(self, obs: dict, action) -> str | None:
        a = parse_action(action) if isinstance(action, str) else action
        if a.verb not in CONFIRM:
            return None
        return _("Sacrifice {unit}? It goes to your discard pile (RM-14.7).").format(
            unit=words.unit_at(obs, a.arg))

    def prompt(self, obs: dict) -> Prompt:
        text, rule = words.prompt(obs)
        return Prompt(text, rule)

    def status(self, obs: dict) -> str:
        return words.status(obs)

    def describe(self, event: tuple, names: list[str]) -> str | None:
        return words.describe(event, names)

    def event_place(self, event: tuple) -> tuple | None:
        """The newest log line as a mark: its kind and arguments (the places it names are
        outlined, its dice shown in the tray)."""
        if len(event) < 2 or event[1] in ("ORDER", "GAME", "DREW"):
            return None
        return ("focus",) + tuple(str(x) for x in event[1:])

    # ------------------------------------------------------------------ results
    def results(self, rules, state) -> list[tuple[str, str, str]]:
        rows = []
        for p, sd in enumerate(SIDES):
            score = _("{sp} of {limit} SP").format(sp=state.sp[p], limit=state.limit[p])
            if state.winner == p:
                detail = _("Wins: {why}.").format(why=_(words.END_WHY.get(state.end,
                                                                          state.end or "")))
            elif state.winner is None and state.end:
                detail = _("A draw: the SP ratios are equal (RM-17.3).")
            else:
                mine = [c for cell, c in state.cells.items() if cell[0] == sd]
                living = sum(1 for c in mine + list(state.wall[p])
                             if c in state.u and not state.u[c][1])
                detail = ngettext("Loses after {t} turns with {n} unit in play.",
                                  "Loses after {t} turns with {n} units in play.", living).format(
                    n=living, t=state.turn)
            rows.append((side_full(sd), score, detail))
        return rows

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, vp, obs: dict, items: list[Item], marks: dict) -> None:
        self._picture.blit(surf, vp, obs, (0, 0, 936, 800),
                           lambda picture: self._draw_table(picture, vp, obs, items))
        focus = next((k for k in marks if k and k[0] == "focus"), None)
        self._draw_dice(surf, vp, focus)
        if focus is not None:
            rects = {i.key: i.rect for i in items}
            for place in self._focus_places(focus):
                rect = rects.get(place_key(place))
                if rect:
                    paint.outline(surf, vp, rect, theme.OK, 3, 6)
        paint.marks(surf, vp, items, marks, radius=6)

    @staticmethod
    def _focus_places(focus: tuple) -> list[str]:
        kind, args = focus[1], focus[2:]
        if kind in ("FIGHT", "SIEGE"):
            return args[0].split(">")
        if kind in ("FALL", "RM", "SHOT", "HIT", "TOWER", "RAZED", "REVEAL", "TRAPLAID",
                    "TOWERLAID", "TRAPPED", "SACRIFICED", "FLIP"):
            return [args[0]]
        if kind in ("HIRED", "FIELDED"):
            return [args[2]]
        if kind == "HEALED":
            return list(args)
        if kind in ("ACT", "AUTO"):
            text = args[0].split(": ", 1)[-1]
            parts = text.split(" ", 1)
            if len(parts) < 2:
                return []
            out = []
            for token in parts[1].replace(">", " ").replace(",", " ").replace(":", " ").split():
                token = token.split("@")[-1]
                if len(token) in (2, 3) and token[0] in "VA" and token[1:].isalnum():
                    out.append(token)
            return out
        return []

    def _draw_dice(self, surf, vp, focus) -> None:
        x, y, w, h = self.layout.zone("dice")
        paint.panel(surf, vp, (x, y, w, h), (40, 34, 28), (140, 120, 90), radius=6,
                    width=2 if focus else 1)
        rolls: list[list[int]] = []
        caption = _("Dice tray (RM-27.1)")
        if focus is not None:
            kind, args = focus[1], focus[2:]
            if kind == "FIGHT":
                rolls = [_parse_dice(d) for d in args[1].split("|")]
                caption = _("Fight: {a} | {d}").format(a=args[2], d=args[3])
            elif kind in ("SIEGE", "SHOT"):
                rolls = [_parse_dice(args[1])]
                caption = _("Hit {n}").format(n=args[2])
            elif kind == "TRADEROLL":
                rolls = [_parse_dice(args[0])]
                caption = _("Trade: {n}").format(n=args[1])
        paint.text(surf, vp, caption, (x + 8, y + 4), 11, theme.INK_DIM, "bold")
        if not rolls:
            for i, face in enumerate((0, 1, 2, 3)):
                _die(surf, vp, (x + 10 + i * 30, y + 22, 24, 24), face, (120, 110, 96))
            return
        dx = x + 10
        for j, group in enumerate(rolls):
            if j:
                paint.text(surf, vp, "|", (dx + 2, y + 34), 18, theme.INK, "bold", "midleft")
                dx += 14
            if not group:
                paint.text(surf, vp, "—", (dx + 4, y + 34), 14, theme.INK_DIM, anchor="midleft")
                dx += 24
            for face in group:
                _die(surf, vp, (dx, y + 22, 24, 24), face,
                     (236, 226, 200) if j == 0 else (200, 210, 236))
                dx += 28

    def _draw_table(self, surf, vp, obs: dict, items: list[Item]) -> None:
        full = vp.rect((0, 0, 1280, 800))
        board = vp.rect((0, 0, 936, 800))
        surf.blit(_ground(full.w, full.h), board.topleft, pygame.Rect(0, 0, board.w, board.h))
        lay = self.layout
        zone = lay.zone("status")
        paint.panel(surf, vp, zone, (20, 22, 26), None, radius=6)
        paint.text(surf, vp, self.status(obs), (zone[0] + 10, zone[1] + 5), theme.FONT,
                   theme.INK, "bold")
        for p in (0, 1):
            self._draw_fort(surf, vp, obs, p)
            self._draw_king(surf, vp, obs, p)
            self._draw_wall(surf, vp, obs, p)
            self._draw_hand(surf, vp, obs, p, items)
            self._draw_piles(surf, vp, obs, p)
            self._draw_prod(surf, vp, obs, p)
        self._draw_columns(surf, vp, obs)
        self._draw_grid(surf, vp, obs)
        self._draw_lodge(surf, vp, obs)
        self._draw_decks(surf, vp, obs)
        for item in items:
            if item.key[0] == "wcard":
                self._draw_unit(surf, vp, obs, item.key[1], item.rect)

    def _box(self, surf, vp, rect, title: str, colour) -> None:
        paint.panel(surf, vp, rect, (28, 30, 34), colour, radius=6, width=2)
        paint.text(surf, vp, title, (rect[0] + 8, rect[1] + 4), theme.FONT_SMALL, theme.INK_DIM,
                   "bold")

    def _draw_fort(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "F")
        self._box(surf, vp, rect, _("{side} Fortress").format(side=side_adj(sd)), SIDE_RGB[sd])
        sp, limit = obs["sp"][p], obs["limit"][p]
        score = _("{sp} / {limit} SP").format(sp=sp, limit=limit)
        guard = _("protection {n}").format(n=self._protection(obs, p))
        size = _score_size(score, guard, w, vp)
        paint.text(surf, vp, score, (x + 8, y + 21 + (18 - size) / 2), size, theme.INK, "bold")
        paint.text(surf, vp, guard, (x + w - 8, y + 25), 12, theme.INK, anchor="topright")
        bar = (x + 8, y + h - 14, w - 16, 8)
        paint.panel(surf, vp, bar, (60, 30, 30), None, radius=3)
        if sp > 0:
            paint.panel(surf, vp, (bar[0], bar[1], bar[2] * sp / max(1, limit), bar[3]),
                        theme.OK if 2 * sp > limit else theme.DANGER, None, radius=3)

    def _draw_king(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "_king")
        kings = self._kings(obs)
        king = kings[p] if len(kings) > p else None
        gone = self._mod(obs).get("kgone")
        out = isinstance(gone, list | tuple) and len(gone) > p and gone[p]
        paint.panel(surf, vp, rect, (44, 38, 28) if king else (34, 32, 30),
                    (190, 160, 80) if king and not out else (70, 70, 70), radius=6)
        if king:
            k, _sep, side = str(king).partition("/")
            paint.text(surf, vp, _("King {name} · {s}").format(name=card_name(k), s=side),
                       (x + 8, y + 4), 12, theme.INK_DIM if out else theme.ACCENT, "bold")
            text = _("out of the game") if out else words.king_side_text(k, side)
            paint.text_in(surf, vp, text, (x + 8, y + 20, w - 16, h - 20),
                          _print_size(text, w - 16, h - 22, vp), theme.INK, spacing=1.15)
        else:
            paint.text(surf, vp, _("King: chosen at setup") if self._module(obs, "K")
                       else _("No King (module K)"), (x + 8, y + h / 2), 12,
                       theme.INK_DIM, anchor="midleft")

    def _draw_wall(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        rect = self.layout.zone(sd + "W")
        paint.panel(surf, vp, rect, (70, 68, 64), (150, 146, 136), radius=4, width=2)
        x, y, w, h = rect
        for i in range(0, int(w), 20):  # battlements
            paint.panel(surf, vp, (x + i + 2, y + 2, 12, 6), (110, 106, 100), None, radius=1)
        used = sum(1 for c in obs["wall"][p] if "CASTLE" not in CARDS.get(code(c), ("",) * 8)[7])
        cap = obs.get("wall_caps", [2, 2])[p]  # 3 with Edward A (RM-27.6)
        paint.text(surf, vp, _("{side} Wall · {n}/{cap} slots").format(
            side=side_adj(sd), n=used, cap=cap), (x + 8, y + 8), 12, theme.INK, "bold")

    def _draw_hand(self, surf, vp, obs, p, items) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "_hand")
        mine = p == obs["seat"]
        n = obs["hand_sizes"][p]
        self._box(surf, vp, rect, (_("Your hand: {n} cards") if mine else
                                   _("{side} hand: {n} cards")).format(n=n, side=side_adj(sd)),
                  SIDE_RGB[sd])
        if mine or "open_hands" in obs:
            kind = "hand" if mine else "ohand"
            for item in items:
                if item.key[0] == kind:
                    r = vp.rect(item.rect)
                    full = vp.rect((item.rect[0], item.rect[1], 74, item.rect[3]))
                    face = card_face(full.w, full.h, item.key[1])
                    surf.blit(face, r, pygame.Rect(0, 0, r.w, r.h))
                    self._stats(surf, vp, (item.rect[0], item.rect[1], 74, item.rect[3]),
                                item.key[1], None, r.w < full.w - 2)
            return
        step = 60 if n <= 1 else min(60, (w - 16 - 56) / (n - 1))
        for i in range(n):
            r = vp.rect((x + 8 + i * step, y + 26, 56, 80))
            surf.blit(cards.back(r.w, r.h), r)

    def _draw_piles(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "_pile")
        self._box(surf, vp, rect, _("Draw pile"), SIDE_RGB[sd])
        r = vp.rect((x + w - 40, y + 8, 30, 42))
        surf.blit(cards.back(r.w, r.h), r)
        paint.text(surf, vp, str(obs["pile_sizes"][p]), (x + 8, y + h - 4), 22, theme.INK,
                   "bold", "bottomleft")
        x, y, w, h = rect = self.layout.zone(sd + "_discard")
        pile = obs["discard"][p]
        self._box(surf, vp, rect, _("Discard: {n}").format(n=len(pile)), SIDE_RGB[sd])
        if pile:
            paint.text(surf, vp, _("top: {card}").format(card=card_label(pile[-1])),
                       (x + 8, y + h - 6), 12, theme.INK, anchor="bottomleft")

    def _draw_prod(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        pending = obs["step"] == "TOK" or (obs["turn"] == 0)
        for kind, colour, label in (("g", GOLD_RGB, _("Gold")), ("f", FAITH_RGB, _("Faith"))):
            zone = sd + ("_gold" if kind == "g" else "_faith")
            x, y, w, h = rect = self.layout.zone(zone)
            paint.panel(surf, vp, rect, (36, 34, 30), colour, radius=6, width=2)
            i = "gf".index(kind)
            toks = obs["tok"][p][i]
            if pending and p == obs["seat"] and obs.get("my_pending_tok"):
                toks = obs["my_pending_tok"][i]
            supply = (obs["gold"] if kind == "g" else obs["faith"])[p]
            paint.text(surf, vp, _("{what} card").format(what=label), (x + 8, y + 4),
                       theme.FONT_SMALL, colour, "bold")
            paint.text(surf, vp, _("supply {n}").format(n=supply), (x + w - 8, y + 4),
                       theme.FONT_SMALL, theme.INK, "bold", "topright")
            if pending and not toks:
                paint.text(surf, vp, _("tokens: chosen at setup"), (x + 8, y + 30), 12,
                           theme.INK_DIM)
            for t in range(toks):
                cx, cy = x + 16 + t * 24, y + 40
                pygame.draw.circle(surf, colour, vp.point(cx, cy), vp.size(9))
                pygame.draw.circle(surf, (40, 30, 20), vp.point(cx, cy), vp.size(9),
                                   max(1, vp.size(1)))
            locked = [c for c, st in obs["u"].items() if st[3] == kind] if p == 1 else []
            if locked:
                paint.text(surf, vp, _("+{n} locked").format(n=len(locked)),
                           (x + w - 8, y + h - 6), 12, theme.DANGER, "bold", "bottomright")

    def _draw_columns(self, surf, vp, obs) -> None:
        cmb = obs.get("cmb") or {}
        for c in (1, 2, 3):
            x, y, w, h = rect = self.layout.zone(f"col_{c}")
            is_open = cmb.get("open") == c
            closed = c in cmb.get("opened", []) and not is_open
            fill = (120, 90, 40) if is_open else (48, 44, 40) if closed else (70, 60, 46)
            paint.panel(surf, vp, rect, fill, theme.ACCENT if is_open else (150, 130, 100),
                        radius=8, width=3 if is_open else 1)
            paint.text(surf, vp, _("Column {c}").format(c=c), (x + w / 2, y + 6), 14,
                       theme.INK, "bold", "midtop")
            state = _("open") if is_open else _("closed") if closed else ""
            if state:
                paint.text(surf, vp, state, (x + w / 2, y + h - 5), 12,
                           theme.HILITE if is_open else theme.INK_DIM, "bold", "midbottom")

    def _draw_grid(self, surf, vp, obs) -> None:
        lay = self.layout
        cmb = obs.get("cmb") or {}
        traps = self._traps(obs)
        for p, sd in enumerate(SIDES):
            for col in (1, 2, 3):
                for row in (1, 2, 3):
                    cell = f"{sd}{col}{row}"
                    rect = lay.zone(cell)
                    x, y, w, h = rect
                    in_open = cmb.get("open") == col
                    paint.panel(surf, vp, rect, (84, 74, 44) if in_open else (52, 66, 46),
                                (96, 110, 80), radius=6)
                    paint.text(surf, vp, cell, (x + w / 2, y + h / 2 - 8), 14, (120, 140, 110),
                               "bold", "center")
                    hint = _("priests") if row == 3 else _("front") if row == 1 else ""
                    if hint:
                        paint.text(surf, vp, hint, (x + w / 2, y + h / 2 + 10), 11,
                                   (110, 126, 100), anchor="center")
                    card = obs["cells"].get(cell)
                    if card:
                        self._draw_unit(surf, vp, obs, card, rect)
                    if cell in traps:
                        self._trap_mark(surf, vp, rect, traps[cell], bool(card))
            for row in (1, 2):
                form = formation(obs, p, row)
                if form:
                    self._formation(surf, vp, sd, row, form)
        for cell, tower in self._towers(obs).items():
            self._tower_mark(surf, vp, self._tower_rect(obs, cell), tower)

    def _tower_rect(self, obs: dict, cell: str) -> tuple:
        """Where a tower's marker goes (RM-25): the corner of its cell, or low on the left
        of the unit standing there, clear of its name, stats, tags and damage."""
        corner = self.layout.zone(cell + "T")
        if not obs["cells"].get(cell):
            return corner
        x, y, w, h = self.layout.zone(cell)
        row_h = stats_row(h)
        th = min(corner[3], 16)
        return (x + 4, y + h - row_h - th - 2, max(corner[2], 30), th)

    def _formation(self, surf, vp, sd, row, form) -> None:
        """A frame around a formation row (its members carry its name, RM-16.2)."""
        lay = self.layout
        x0, y0, _w, h = lay.zone(f"{sd}1{row}")
        x1, _y, w1, _h = lay.zone(f"{sd}3{row}")
        paint.outline(surf, vp, (x0, y0, x1 + w1 - x0, h), (230, 200, 90), 2, 8)

    def _trap_mark(self, surf, vp, rect, trap, under_unit: bool = False) -> None:
        """A trap's label (RM-24) at the foot of its cell, or, under a unit, above the
        unit's stats row and left of its damage (a cell never holds a tower too)."""
        x, y, w, h = rect
        known = trap and trap != "?"
        label = card_name(trap) if known else _("trap")
        img = fonts.text(label, vp.size(10), (255, 220, 200), "bold")
        tw = min(w - (36 if under_unit else 4), img.get_width() / vp.scale + 10)
        th = 16 if under_unit else 18
        top = y + h - stats_row(h) - th - 2 if under_unit else y + h - 20
        paint.panel(surf, vp, (x + 2, top, tw, th), (110, 30, 30), (230, 120, 90), radius=4)
        paint.text(surf, vp, label, (x + 2 + tw / 2, top + th / 2), 10, (255, 220, 200), "bold",
                   "center")

    def _tower_mark(self, surf, vp, rect, tower) -> None:
        """A tower (RM-25): its SP on a light marker face up; face down a dark marker, with
        the SP for its builder, who knows it, and "T?" for the Viking (RM-25.7)."""
        x, y, w, h = rect
        up = (list(tower) + [None, 0])[1]
        label = tower_label(tower)
        paint.panel(surf, vp, rect, (120, 112, 100) if up else (60, 58, 56), (230, 220, 200),
                    radius=4, width=2)
        paint.text(surf, vp, label, (x + w / 2, y + h / 2), 11 if label == "T?" else 12,
                   theme.INK, "bold", "center")

    def _stats(self, surf, vp, rect, card, st, narrow: bool, obs=None) -> None:
        """The strength and life row of a card, current values when it is in play."""
        x, y, w, h = rect
        info = CARDS.get(code(card))
        if not info:
            return
        s, life = info[3], info[4]
        if obs is not None:
            s, life = current(obs, card)
        row_h = stats_row(h)
        size = max(11, int(row_h * (0.72 if w >= 90 else 0.6)))
        sc = (30, 120, 40) if s > info[3] else (160, 40, 30) if s < info[3] else theme.INK_DARK
        lc = (30, 120, 40) if life > info[4] else theme.INK_DARK
        cy = y + h - row_h / 2 - 1
        paint.text(surf, vp, f"{s}", (x + 6, cy), size, sc, "bold", "midleft")
        paint.text(surf, vp, "/", (x + 6 + size * 0.75, cy), size - 2, (120, 100, 80), "bold",
                   "midleft")
        if not narrow:
            paint.text(surf, vp, f"{life}", (x + 6 + size * 1.25, cy), size, lc, "bold",
                       "midleft")
        else:
            paint.text(surf, vp, f"{life}", (x + 6 + size * 1.25, cy), size, lc, "bold",
                       "midleft")

    def _draw_unit(self, surf, vp, obs, card: str, rect) -> None:
        x, y, w, h = rect
        r = vp.rect(rect)
        surf.blit(card_face(r.w, r.h, card), r)
        st = obs["u"].get(card, [0, 0, 0, ""])
        self._stats(surf, vp, rect, card, st, False, obs)
        cmb = obs.get("cmb") or {}
        if st[0] and not st[1]:  # damage tokens
            cx, cy = x + w - 15, y + h * 0.5
            pygame.draw.circle(surf, (190, 40, 30), vp.point(cx, cy), vp.size(12))
            paint.text(surf, vp, f"-{st[0]}", (cx, cy), 12, (255, 255, 255), "bold", "center")
        tags = []
        if st[2]:
            tags.append((_("shot"), (60, 110, 160)))
        if st[3]:
            tags.append((_("locks {what}").format(what=_("gold") if st[3] == "g"
                                                  else _("faith")),
                         GOLD_RGB if st[3] == "g" else FAITH_RGB))
        if card == cmb.get("u"):
            tags.append((_("attacking"), theme.ACCENT))
        elif card == cmb.get("t"):
            tags.append((_("target"), (220, 120, 60)))
        elif card in cmb.get("done", []):
            tags.append((_("done"), (110, 110, 110)))
        cell = next((k for k, v in obs["cells"].items() if v == card), None)
        form = formation(obs, "VA".index(cell[0]), int(cell[2])) if cell else None
        if form:
            tags.append(({"SPEAR": _("formation +1/+1"), "MELEE": _("shield wall"),
                          "CAV": _("formation +2 S")}[form], (230, 200, 90)))
        # the tags sit on the card's empty lower half, above its stats row and above a
        # tower's or trap's marker there, clear of the ability text (``card_face``)
        ty = y + h - stats_row(h) - 17
        if cell and (cell in self._towers(obs) or cell in self._traps(obs)):
            ty -= 18
        tw = w - 8 - (30 if st[0] and not st[1] else 0)
        for text, colour in tags[:2]:
            paint.panel(surf, vp, (x + 4, ty, tw, 15), colour, None, radius=4)
            paint.text(surf, vp, text, (x + 4 + tw / 2, ty + 7.5), 10, theme.INK_DARK, "bold",
                       "center")
            ty -= 17
        if st[1]:  # fallen: turned sideways (RM-9.7)
            surf.blit(cards.veil(r.w, r.h, 150), r)
            img = fonts.text(_("FALLEN"), vp.size(15), (255, 200, 190), "bold")
            img = pygame.transform.rotate(img, 30)
            surf.blit(img, img.get_rect(center=r.center))

    def _draw_lodge(self, surf, vp, obs) -> None:
        lodge = self._lodge(obs)
        on = self._module(obs, "X5")
        for i in (1, 2, 3):
            x, y, w, h = rect = self.layout.zone(f"lodge_{i}")
            card = lodge[i - 1] if i <= len(lodge) else None
            paint.panel(surf, vp, rect, (226, 214, 186) if card else (44, 40, 36),
                        (160, 140, 90) if on else (80, 74, 64), radius=6)
            if card:
                paint.text_in(surf, vp, card_name(card), (x + 6, y + 3, w - 12, 28), 11,
                              theme.INK_DARK, "bold", spacing=1.05)
                info = CARDS.get(code(card))
                stats_w = 0.0
                if info:
                    stats = f"{info[3]}/{info[4]}"
                    paint.text(surf, vp, stats, (x + 6, y + h - 3), 15, theme.INK_DARK, "bold",
                               "bottomleft")
                    stats_w = fonts.text(stats, vp.size(15), theme.INK_DARK, "bold").get_width()
                keys = [SHORT_KEY[k] for k in (info[7] if info else ()) if k in SHORT_KEY]
                if keys:  # beside the stats
                    size, lines = _beside(_(keys[0]), int((w - 15) * vp.scale - stats_w), vp)
                    for i, line in enumerate(reversed(lines)):
                        paint.text(surf, vp, line, (x + w - 5, y + h - 5 - (size + 1) * i),
                                   size, (120, 80, 20), "bold", "bottomright")
            else:
                paint.text(surf, vp, _("Lodge"), (x + w / 2, y + h / 2), 12,
                           theme.INK_DIM if on else (100, 96, 88), anchor="center")
        x, y, w, h = rect = self.layout.zone("lodge_deck")
        paint.panel(surf, vp, rect, (44, 40, 36), (160, 140, 90) if on else (80, 74, 64),
                    radius=6)
        if on:
            paint.text(surf, vp, _("Mercenaries"), (x + w / 2, y + 6), 10, theme.INK_DIM,
                       anchor="midtop")
            paint.text(surf, vp, str(obs.get("mdeck_size", 0)), (x + w / 2, y + h - 4), 18,
                       theme.INK, "bold", "midbottom")
        else:
            paint.text(surf, vp, _("X5 off"), (x + w / 2, y + h / 2), 11, theme.INK_DIM,
                       anchor="center")

    def _draw_decks(self, surf, vp, obs) -> None:
        for zone, module, title in (("V_traps", "X6", _("Viking trap deck (X6)")),
                                    ("A_towers", "X7", _("Anglo-Saxon tower deck (X7)"))):
            x, y, w, h = rect = self.layout.zone(zone)
            on = self._module(obs, module)
            paint.panel(surf, vp, rect, (34, 32, 30), (150, 120, 80) if on else (70, 66, 60),
                        radius=6)
            paint.text(surf, vp, title, (x + 8, y + 4), theme.FONT_SMALL,
                       theme.INK if on else theme.INK_DIM, "bold")
            if not on:
                paint.text(surf, vp, _("not in this game"), (x + 8, y + 26), 12,
                           theme.INK_DIM)
                continue
            n = int(obs.get("tdeck_size" if module == "X6" else "wdeck_size", 0) or 0)
            for i in range(min(6, n)):
                r = vp.rect((x + w - 40 - i * 14, y + 8, 30, 44))
                surf.blit(cards.back(r.w, r.h), r)
            seen = self._mod(obs).get("tdeck" if module == "X6" else "wdeck") or []
            text = ngettext("{n} card", "{n} cards", n).format(n=n)
            if seen:
                text += ": " + ", ".join(card_name(c) for c in seen)
            paint.text_in(surf, vp, text, (x + 8, y + 22, w - 110, h - 24), 11, theme.INK)


def _parse_dice(text: str) -> list[int]:
    text = text.strip()
    if text in ("-", ""):
        return []
    return [int(v) for v in text.strip("[]").split(",") if v.strip().isdigit()]


PIPS = {0: (), 1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1))}


def _die(surf, vp, rect, face: int, colour) -> None:
    x, y, w, h = rect
    paint.panel(surf, vp, rect, colour, (40, 30, 20), radius=5)
    cx, cy = x + w / 2, y + h / 2
    if face == 0:
        paint.text(surf, vp, "0", (cx, cy), 12, (60, 50, 40), "bold", "center")
        return
    for dx, dy in PIPS.get(face, ()):
        pygame.draw.circle(surf, (30, 24, 20), vp.point(cx + dx * w * 0.27, cy + dy * h * 0.27),
                           max(1, vp.size(2.6)))


VIEW = RMView()
