"""How a Stronghold observation is drawn on the board of ``levels/stronghold.tmx``.

Every engine space (``spaces.MAP_SPACES``) is one rectangle of the map and one item of
the table, keyed ``("space", name)``.  An action is played on the space it names, or on
items clicked (or dragged) in turn: from, to.  Where several actions would end on the
same place, the thing that tells them apart is an item of its own and part of the path:
a unit type is the token of its kind in its stack (``unit``: a move, a rope, the alarm, a
descent from a siege tower), a hero his token (``hero``), an action printed on a phase
card its tile (``opt``) and the special on a flipped card's back its emblem
(``special``), a transfer's piece its equipment or training tile (``piece_on``), an
order its tile in the hand's tray (``order_tile``), a payment the token of the kind paid
among the units drawn (``pay_token``, only where two ways to pay are open), a
four-player secret order's hourglass the hourglasses of its Defender (``hourglass``);
how many go is the count stepper.  The table's list menu is left for actions that
nothing on the table tells apart (none in the games played by the tests).  The ground is the
castle seen from above, the map's image layer ``castle`` (assets/art/stronghold-castle.svg,
drawn by ``tools/make_castle_art.py`` from the map's rectangles), with the buildings' signs
and the places' name plaques, drawn once per window size and language.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

import pygame
import pytmx

from game import resources
from game.app import art, cards, fonts, i18n, motion, paint, pieces, stepper, theme
from game.app.coach import LOG, PROMPT, Step, targets, zones
from game.app.i18n import N_, _, language, ngettext, pgettext
from game.app.view_contract import ChartReading, Item, Prompt, SetupOption

from . import words
from .board import BUILDING_NAMES, BUILDINGS, SECTION_INV, SECTIONS, TOWERS
from .common import comp_text
from .content import (
    BUILDING_ACTIONS,
    DEED_NAMES,
    FLIP_ACTION,
    ORDER_TILES,
    PAY_UNITS,
    PHASE_CARDS,
    RITUALS,
    base_cost,
)
from .observe import Observation
from .spaces import MAP_SPACES, SIEGE_TOWER_SPACES
from .state import SEAT_NAMES
from .verbs import VERBS, as_action, parse_action

#: the unit colours, printed or colour-blind friendly (theme.seat_colours)
theme.palettes(
    "stronghold",
    printed={
        "goblin": (96, 168, 64),
        "orc": (178, 76, 52),
        "troll": (122, 104, 170),
        "archer": (72, 124, 206),
        "soldier": (176, 178, 190),
        "veteran": (214, 170, 60),
    },
    colour_blind={
        "goblin": theme.OI_GREEN,
        "orc": theme.OI_VERMILLION,
        "troll": theme.OI_PURPLE,
        "archer": theme.OI_BLUE,
        "soldier": (176, 178, 190),
        "veteran": theme.OI_YELLOW,
    },
)
INV_RGB = theme.SeatColourList("stronghold", ("goblin", "orc", "troll"))
DEF_RGB = theme.SeatColourList("stronghold", ("archer", "soldier", "veteran"))
INV_LETTERS, DEF_LETTERS = "GOT", "ASV"
PANEL_DARK = (30, 32, 36)
INK_ON_LIGHT = (24, 24, 24)
#: the kinds of game.app.pieces of the unit types, in the order of a count triple
INV_KINDS, DEF_KINDS = ("goblin", "orc", "troll"), ("archer", "soldier", "veteran")
TOKEN, TOKEN_SMALL, HERO_TOKEN = 26, 20, 20  # design pixels: units, the bag's, heroes
TOKEN_LEAST = 16  # a unit token is drawn no smaller (its badge would not read)
ORDER_TILE = 34  # design pixels of an order tile in the Invader's hand (SH-13.6)
TAG_PX = 12  # design pixels of the words on the board's small panels and tallies
#: what a trap space holds -> the tooltip of its piece
TRAP_TIPS = {"BR": ("equipment", "BRI"), "TG": ("action", "SQ1"), "TT": ("action", "SQ2")}
TRAP_PIECES = {"TG": "TG", "TT": "TT", "BR": "BRI"}  # its piece (game.app.pieces)
_SPACE_SET = frozenset(MAP_SPACES) - {"CAMP"}
#: the phase cards' frames (SH-15): red for 2 players, green for 3-4 (SH-22.5); the back
#: shows the Invader's siege tower
SH_RED = cards.Frame(theme.WOOD, (206, 176, 112), (118, 44, 36), "siege-tower", "knot")
SH_GREEN = cards.Frame(theme.WOOD, (206, 176, 112), (48, 92, 52), "siege-tower", "knot")
CARD_HEAD, CARD_FOOT = 22, 18  # design heights of a card's head band and foot line
#: the pictures of the actions printed on phase cards that are no piece, and of the
#: special actions on their backs (SH-14.1); machines, equipment and training are pieces
OPTION_ICONS = {
    "PRODUCE": "mining",
    "TRANSFER": "trade",
    "MINOR": "footsteps",
    "MAJOR": "boot-prints",
    "OPEN": "scroll-unfurled",
    "SECRET": "wax-seal",
    "BST": "rune-stone",
    "POS": "evil-eyes",
    "FIR": "fire",
    "SPC": "spectre",
    "PAN": "terror",
    "GAL": "tornado",
    "ACC": "falling-boulder",
    "CHARGE": "charging-bull",
    "PRECISE": "on-target",
    "ETRANSFER": "card-exchange",
    "TTRANSFER": "card-exchange",
    "ESCAPE": "run",
}
RITUAL_RGB, ACTION_RGB = (84, 48, 96), (110, 60, 40)  # ritual tiles; Phase 1 and 6 actions
DEED_ICONS = {"BLOOD": "drop", "SIEGE": "siege-tower", "RUIN": "castle-ruins", "TROLLS": "troll"}
RES_ICONS = {"stone": ("stone-block", (196, 190, 174)), "wood": ("wood-pile", (176, 124, 70))}
BAG_CLOTH, RES_RGB, BLOOD_RGB = (188, 164, 120), (200, 120, 70), (200, 40, 40)


def side_title(name: str) -> str:
    return {
        "BAG": _("Bag"),
        "SUPPLY": _("Supply"),
        "RES": _("Resources"),
        "BLOOD": _("Blood"),
        "RITUALS": _("Rituals"),
        "HOURGLASS": _("Hourglasses"),
        "DSUPPLY": _("Defender supply"),
        "GLORY": _("Glory"),
        "DEEDS": _("Deeds"),
    }[name]


def comp_parts(text: str) -> list[tuple[int, str]]:
    """``"2G1O"`` -> ``[(2, "G"), (1, "O")]``."""
    return [(int(n), c) for n, c in re.findall(r"([0-9]+)([A-Z])", text)]


def side_letter(i: int) -> str:
    """The letter of the West (0) or East (1) side on the strip and the plaques (SH-22)."""
    return (pgettext("compass point", "W"), pgettext("compass point", "E"))[i]


SEAT_WORDS = {
    "I": "Invader",
    "D": "Defender",
    "IW": "West Invader",
    "IE": "East Invader",
    "DW": "West Defender",
    "DE": "East Defender",
}


def sp(name: str) -> tuple:
    return ("space", name)


def chip_spots(counts, kinds, pos, width: float, height: float = 26) -> list[tuple]:
    """Where the tokens of a stack lie: ``(count, kind, x, y, size)`` of each kind present,
    as large as they fit in a grid of ``width`` x ``height`` (one row overlapping a little
    where no grid reads)."""
    x, y = pos
    here = [(n, kind) for n, kind in zip(counts, kinds, strict=False) if n]
    if not here:
        return []
    size, cols = max(
        (
            min(
                TOKEN,
                (width - 2 * (c - 1)) / c,
                (height - 2 * (-(-len(here) // c) - 1)) / -(-len(here) // c),
            ),
            -c,
        )
        for c in range(1, len(here) + 1)
    )
    cols, step = -cols, size + 2
    if size < TOKEN_LEAST:  # no grid reads: one row, overlapping a little
        size = min(TOKEN, height, width)
        cols, step = len(here), max(size * 0.55, (width - size) / max(1, len(here) - 1))
    return [
        (n, kind, x + i % cols * step, y + i // cols * (size + 2), size)
        for i, (n, kind) in enumerate(here)
    ]


def unit(place: str, letter: str) -> tuple:
    """The item of the token of unit type ``letter`` (G O T A S V) in the stack at
    ``place`` (a space; ``CAMP0``/``CAMP1``: an Invader's camp)."""
    return ("unit", place, letter)


def opt(phase: str, invader: int, code: str) -> tuple:
    """The item of action ``code`` printed on Invader ``invader``'s card of ``phase``."""
    return ("option", phase, invader, code)


def hero(name: str) -> tuple:
    """The item of the Defender's hero ``name`` (OFF, WAR) where he stands (SH-17.7)."""
    return ("hero", name)


def special(phase: str, invader: int) -> tuple:
    """The item of the special action on the back of Invader ``invader``'s flipped card
    of ``phase`` (SH-14.1)."""
    return ("special", phase, invader)


def order_tile(kind: str) -> tuple:
    """The item of an order tile (FRZ EXP CAL BLF) in the Invader's hand (SH-13.6)."""
    return ("order", kind)


def hourglass(d: int) -> tuple:
    """The item of the West (0) or East (1) Defender's hourglasses on the strip."""
    return ("hourglass", d)


def piece_on(place: str, code: str) -> tuple:
    """The item of a piece of equipment on a section or a training tile on a rampart."""
    return ("piece", place, code)


def row_spots(n: int, pos, width: float, size: float) -> list[tuple[float, float]]:
    """Where ``n`` tokens of ``size`` lie side by side from ``pos``, overlapping a little
    where ``width`` is too short for all (``SHView._row``)."""
    step = size + 2
    if n > 1 and size + step * (n - 1) > width:
        step = max(size * 0.4, (width - size) / (n - 1))
    return [(pos[0] + i * step, pos[1]) for i in range(n)]


def pay_token(obs: Observation, a) -> tuple | None:
    """SH-7.3: where the acting Invader can pay a machine, equipment or training in more
    than one way (1 troll or 2 orcs ...), the token of the kind he pays with among his
    available units; None where one payment is all he can make."""
    i = 1 if a.who == "IE" else 0
    av = obs["available"][i]
    can = [
        p for p in VERBS[a.verb].pays(a.args[0]) if all(av[t] >= PAY_UNITS[p][t] for t in range(3))
    ]
    if len(can) < 2:
        return None
    return unit(f"AVAIL{i}", a.args[-1][0])


def orders_hand(obs: Observation) -> list[tuple[str, int]]:
    """SH-13.6: the order tiles the Invaders still hold, (kind, how many), while an Invader
    looks at the orders part of his Phase 6; empty otherwise (the Defender does not see
    which tiles are left)."""
    pending = obs.get("pending") or {}
    seat = obs.get("seat")
    if (
        obs.get("stage") != "P6"
        or pending.get("step") == "MOVE"
        or obs.get("mobilisation")
        or seat is None
        or not SEAT_NAMES[obs["n_players"]][seat].startswith("I")
    ):
        return []
    hand = list(ORDER_TILES)
    for kind, *_rest in obs["orders"].values():
        if kind in hand:
            hand.remove(kind)
    return [(kind, hand.count(kind)) for kind in dict.fromkeys(hand)]


#: the phase of each action printed on a phase card (SH-15)
CODE_PHASE = {code: card[0] for card, codes in PHASE_CARDS.items() for code in codes}
#: the rule of each card action that is no piece
OPTION_RULES = {
    "PRODUCE": "SH-8.3",
    "TRANSFER": "SH-22.5",
    "MINOR": "SH-13.3",
    "MAJOR": "SH-13.3",
    "OPEN": "SH-13.6.2",
    "SECRET": "SH-13.6.3",
}


def option_tip(code: str, used: bool) -> str:
    """The tooltip of an action on a phase card: what it is and does (its rule), and
    whether it was used this round."""
    for kind in ("machine", "equipment", "training", "ritual"):
        text = words.tip(kind, code)
        if text:
            break
    else:
        text = f"{words.card_action_name(code)} ({OPTION_RULES[code]})"
    if used:
        return text + "\n" + _("Used this round (SH-7.1).")
    return text + "\n" + _("Click it to take this action.")


def special_tip(code: str, used: bool) -> str:
    """The tooltip of the special action on the back of a flipped card (SH-14.1)."""
    text = _(words.SPECIAL_NAMES[code]) + " (SH-14.1)"
    if code == "CHARGE":  # nothing to click: it draws more units in Phase 1
        return (
            text
            + "\n"
            + _("It works by itself: more units are drawn from the bag in Phase 1 (SH-14.2).")
        )
    if used:
        return text + "\n" + _("Used this round (SH-7.1).")
    return text + "\n" + _("Click it to take this action.")


#: the guided first turn (game.app.coach): the table's parts in order, each step
#: waiting for the move it explains, where it names verbs
GUIDE = (
    Step(N_("The highlighted places are where you can act now: click one."), targets, ("*",)),
    Step(
        N_(
            "The nine wall sections: the Invader must breach one, the Defender must "
            "hold them all for 10 rounds."
        ),
        zones(*(f"S{n}" for n in range(1, 10))),
    ),
    Step(
        N_(
            "The gathering places and ramparts: the Invader's troops and siege machines "
            "stand here before the Assault."
        ),
        zones("GW", "GE", *(f"R{n}" for n in range(1, 8))),
    ),
    PROMPT,
    LOG,
)


#: fixed colours of pieces that are no seat's: the Invader's machines are timber, its
#: equipment leather, its trained specialists' tiles slate; the Defender's works stone,
#: its heroes crimson; orders sealing wax
LEATHER_RGB = (96, 100, 58)
SLATE_RGB = (72, 78, 112)
HERO_RGB = (150, 40, 52)
WAX_RGB = (120, 52, 44)


def _piece_table() -> dict:
    """The game's pieces (game.app.pieces): kind -> Piece."""
    a, d, n = pieces.ATTACKER, pieces.DEFENDER, pieces.NEUTRAL
    wood, stone, piece = theme.WOOD, theme.STONE_DARK, pieces.Piece
    return {
        # units (SH-2): Invaders' goblins, orcs, trolls; Defender's archers, soldiers,
        # veterans, each in its printed colour
        "goblin": piece("goblin", a, "goblin"),
        "orc": piece("orc-head", a, "orc"),
        "troll": piece("troll", a, "troll"),
        "archer": piece("bowman", d, "archer"),
        "soldier": piece("swordman", d, "soldier"),
        "veteran": piece("crested-helmet", d, "veteran"),
        # the Invader's machines (SH-9)
        "BAL": piece("ballista", n, wood),
        "CAT": piece("catapult", n, wood),
        "TRE": piece("trebuchet", n, wood),
        "RAM": piece("siege-ram", n, wood),
        "TWR": piece("siege-tower", n, wood),
        "ALT": piece("sword-altar", n, wood),
        "COV": piece("wooden-fence", n, wood),
        # equipment (SH-10)
        "BAN": piece("tattered-banner", n, LEATHER_RGB),
        "LAD": piece("ladder", n, LEATHER_RGB),
        "ROP": piece("rope-coil", n, LEATHER_RGB),
        "TRP": piece("floor-hatch", n, LEATHER_RGB),
        "BRI": piece("wood-beam", n, LEATHER_RGB),
        "SHD": piece("round-shield", n, LEATHER_RGB),
        "POI": piece("poison-bottle", n, LEATHER_RGB),
        # training tiles (SH-11)
        "GUN": piece("gear-hammer", n, SLATE_RGB),
        "QM": piece("swap-bag", n, SLATE_RGB),
        "TM": piece("trench-spade", n, SLATE_RGB),
        "SS": piece("bullseye", n, SLATE_RGB),
        "DRV": piece("whip", n, SLATE_RGB),
        "SAB": piece("fire-bomb", n, SLATE_RGB),
        "REC": piece("hunting-horn", n, SLATE_RGB),
        # the Defender's heroes (SH-17.7)
        "OFF": piece("knight-banner", d, HERO_RGB),
        "WAR": piece("sword-brandish", d, HERO_RGB),
        # the Defender's works (SH-16.3): tower machines, cauldrons, platforms, traps
        "CAN": piece("cannon", n, stone),
        "THR": piece("stone-sphere", n, stone),
        "cauldron": piece("cauldron", n, stone),
        "platform": piece("ladders-platform", n, stone),
        "TG": piece("wolf-trap", n, stone),
        "TT": piece("spiky-pit", n, stone),
        # an order on a wall section (SH-13.6)
        "order": piece("tied-scroll", n, WAX_RGB),
    }


PIECE_TABLE = _piece_table()
#: the unit letters (content.INV_TYPES, DEF_TYPES) -> their pieces' kinds
UNIT_LETTERS = {
    "G": "goblin",
    "O": "orc",
    "T": "troll",
    "A": "archer",
    "S": "soldier",
    "V": "veteran",
}


def _is_rampart(name: str) -> bool:
    """A rampart space (R1, R2, ...)."""
    return name.startswith("R") and name[1:].isdigit()


class SHView(paint.MapView):
    layout_name = "stronghold"
    guide = GUIDE
    emblems = ("hill-fort", "siege-tower")  # the title's, set-up's and results' pictures
    rule_prefix = "SH"  # its rule IDs
    blurb = N_("The Invader storms a castle; the Defender must hold it for 10 rounds.")
    piece_table = PIECE_TABLE

    def piece_kind(self, card: str) -> str:
        """A unit letter's piece (game.app.pieces): "G" -> "goblin"."""
        return UNIT_LETTERS[card]

    #: event kind -> sound (game.app.sound; an "ACT" event is a move)
    sounds = {
        "ACT": "card",
        "DRAW": "card",
        "ASSAULT": "dice",
        "MELEE": "dice",
        "SHOT": "dice",
        "STRIKE": "dice",
        "ARCHERS": "dice",
        "CAULDRON": "dice",
        "KILLED": "fall",
        "LOSSES": "fall",
        "BREACH": "fall",
        "GATE-DOWN": "fall",
        "WRECKED": "fall",
        "END": "end",
    }

    # ------------------------------------------------------------------ set-up
    def setup_options(self, players: int) -> list[SetupOption]:
        return [
            SetupOption(
                "starter",
                _("Starter phase cards (SH-15.6)"),
                [(False, _("off")), (True, _("on"))],
                False,
            )
        ]

    def config(self, players: int, options: dict) -> dict:
        cfg = {"players": players}
        if "starter" in options:
            cfg["starter"] = bool(options["starter"])
        return cfg

    def seat_label(self, obs: Observation, seat: int) -> str:
        return _(SEAT_WORDS[SEAT_NAMES[obs["n_players"]][seat]])

    # ------------------------------------------------------------------ items
    def items(self, obs: Observation) -> list[Item]:
        """Every space, then the actions printed on the face-up phase cards (SH-15), one
        item each, over their card: a card's action is chosen by clicking it."""
        lay = self.layout
        out = [Item(sp(name), lay.zone(name), self._tip(obs, name)) for name in MAP_SPACES]
        out += self._unit_items(obs)
        out += self._piece_items(obs)
        out += self._card_items(obs)
        out += self._order_items(obs)
        return out

    def _unit_items(self, obs: Observation) -> list[Item]:
        """A unit token of each stack, and of each siege tower's rows (SH-9.7)."""
        out = []
        for place, counts, kinds, pos, width, height, tip in self._stacks(obs):
            letters = INV_LETTERS if kinds is INV_KINDS else DEF_LETTERS
            for _n, kind, x, y, size in chip_spots(counts, kinds, pos, width, height):
                out.append(Item(unit(place, letters[kinds.index(kind)]), (x, y, size, size), tip))
        for name in SIEGE_TOWER_SPACES:  # the units in a siege tower, a row each (SH-9.7)
            for _n, kind, rect, _size in self.tower_spots(obs, name):
                out.append(
                    Item(unit(name, INV_LETTERS[INV_KINDS.index(kind)]), rect, self._tip(obs, name))
                )
        return out

    def _piece_items(self, obs: Observation) -> list[Item]:
        """The heroes (SH-17.7), equipment (SH-10), training tiles (SH-11) and each
        Defender's hourglasses (SH-23)."""
        out = [
            Item(hero(name), rect, _("Officer") if name == "OFF" else _("Warrior"))
            for name, rect in self.hero_spots(obs).items()
        ]
        for name, kind, rect in self.equip_spots(obs):
            out.append(Item(piece_on(name, kind), rect, words.tip("equipment", kind)))
        for name, code, rect in self.training_spots(obs):
            out.append(Item(piece_on(name, code), rect, words.tip("training", code)))
        for d, rect in self.hourglass_spots(obs):
            out.append(
                Item(
                    hourglass(d),
                    rect,
                    _(SEAT_WORDS[("DW", "DE")[d]])
                    + "\n"
                    + self._tip(obs, "HOURGLASS").split("\n", 1)[-1],
                )
            )
        return out

    def _card_items(self, obs: Observation) -> list[Item]:
        """Each phase's chosen cards' heads and their printed actions (SH-15), a flipped
        card's special (SH-14.1) and the cards offered to keep one (SH-4.3)."""
        out = []
        for phase in "123456":
            out += self._phase_items(obs, phase)
        for phase, i, code, rect in self.special_spots(obs):
            out.append(Item(special(phase, i), rect, special_tip(code, code in obs["used"][i])))
        for card, rect in offered(obs):
            names = ", ".join(words.card_action_name(c) for c in PHASE_CARDS[card])
            out.append(
                Item(
                    ("offer", card),
                    rect,
                    _("Phase {p} card {c}: {actions}").format(p=card[0], c=card, actions=names),
                )
            )
        return out

    def _phase_items(self, obs: Observation, phase: str) -> list[Item]:
        """A phase's chosen cards' heads and the actions printed on them."""
        out = []
        for i, (x, y, w, _h) in self.card_slots(obs, phase):  # a chosen card's head
            if obs["cards"][i].get(phase):
                out.append(
                    Item(("card", phase, i), (x, y, w, CARD_HEAD), self._tip(obs, f"CARD{phase}"))
                )
        for i, code, rect in self.option_spots(obs, phase):
            out.append(Item(opt(phase, i, code), rect, option_tip(code, code in obs["used"][i])))
        return out

    def _order_items(self, obs: Observation) -> list[Item]:
        """The order tiles in hand (SH-13.6), with how many of each."""
        return [
            Item(
                order_tile(kind),
                rect,
                words.tip("order", kind)
                + "\n"
                + ngettext(
                    "{n} tile of it in your hand.", "{n} tiles of it in your hand.", n
                ).format(n=n),
            )
            for kind, n, rect in self.order_spots(obs)
        ]

    def _stacks(self, obs: Observation) -> list[tuple]:
        """The stacks of units that move by their tokens, as drawn: (place of the item,
        counts, kinds, position, width, height, tooltip) of the Invader's on gathering
        places, ramparts and sections and in each camp (SH-13.2), and of the Defender's
        on sections, towers, buildings, the courtyard and the wounded (SH-17)."""
        zone = self.layout.zone
        out = []
        for name in ("GW", "GE", *(f"R{r}" for r in range(1, 8))):
            x, y, w, h = zone(name)
            out.append(
                (
                    name,
                    obs["units"][name],
                    INV_KINDS,
                    (x + 4, y + 18),
                    w - 8,
                    TOKEN,
                    self._tip(obs, name),
                )
            )
        for name in SECTIONS:  # as _draw_section lays them out (a rope moves them, SH-10)
            x, y, w, h = zone(name)
            slot = name + "T" in SIEGE_TOWER_SPACES
            out.append(
                (
                    name,
                    obs["units"][name],
                    INV_KINDS,
                    (x + 4, y + 18),
                    44 if slot else w - 8,
                    44 if slot else TOKEN,
                    self._tip(obs, name),
                )
            )
        x, y, w, h = zone("CAMP")
        for i, camp in enumerate(obs["camp"]):
            out.append(
                (
                    f"CAMP{i}",
                    camp,
                    INV_KINDS,
                    (x + 16, y + 20 + i * 26),
                    w / 2 - 20,
                    TOKEN,
                    self._tip(obs, "CAMP"),
                )
            )
            out.append(
                (
                    f"AVAIL{i}",
                    obs["available"][i],
                    INV_KINDS,  # drawn this round
                    (x + w / 2 + 4, y + 20 + i * 26),
                    w / 2 - 8,
                    TOKEN,
                    self._tip(obs, "CAMP"),
                )
            )
        for name, counts in obs["defender_units"].items():
            x, y, w, h = zone(name)
            if name in SECTIONS:
                pos, width = (x + 4, y + 118), w - 8
            elif name.startswith("T"):
                pos, width = (x + 6, y + 14), w - 12
            elif name in ("BK", "WT", "HG"):
                pos, width = (x + 5, y + 36), w - 10
            elif name in ("CY", "HOSP"):
                pos, width = (x + 5, y + 22), w - 10
            else:
                continue
            out.append((name, counts, DEF_KINDS, pos, width, TOKEN, self._tip(obs, name)))
        return out

    def stepper(self, obs: Observation, actions: list):
        """Actions that differ only by how many units go (a mobilisation's ``Move N``,
        Escape the Knife, Unit Transfer, Orc Explosion): their counts for the table's
        count stepper."""
        return stepper.counts_of(
            actions, lambda a: tuple(parse_action(a) if isinstance(a, str) else a)
        )

    def _owner(self, obs: Observation, who: str, code: str) -> tuple | None:
        """The item of the card action ``code`` the Invader ``who`` takes: on his own card,
        or his ally's (SH-22.5) when his own does not offer it unused."""
        phase = CODE_PHASE.get(code)
        i = 1 if who == "IE" else 0
        n = len(obs["cards"])
        for j in (i, 1 - i) if n == 2 else (i,):
            card = obs["cards"][j].get(phase)
            if (
                card
                and int(phase) not in obs["flipped"][j]
                and code in PHASE_CARDS[card]
                and code not in obs["used"][j]
            ):
                return opt(phase, j, code)
        return None

    def _tip(self, obs: Observation, name: str) -> str:
        head = words.space_name(name)
        if name in BUILDING_ACTIONS:
            code = name
            need = base_cost(code, obs["n_players"])  # SH-16.3, SH-22.8
            paid = obs["paid"][code]
            return (
                words.tip("action", code)
                + "\n"
                + _("Hourglasses paid: {p} of {n}.").format(p=paid, n=need)
            )
        if name in BUILDINGS:
            return words.tip("building", name)
        if name.startswith("CARD"):
            phase = name[4:]
            head = _("Phase {p} card").format(p=phase)
            rows = []
            for i in range(obs["n_inv"] if "n_inv" in obs else len(obs["available"])):
                card = obs["cards"][i].get(phase)
                if card:
                    names = ", ".join(words.card_action_name(c) for c in PHASE_CARDS[card])
                    flipped = int(phase) in obs["flipped"][i]
                    rows.append(
                        _("Phase {p} card {c}: {actions}").format(p=phase, c=card, actions=names)
                        + (" " + _("(flipped: special action, SH-14)") if flipped else "")
                    )
            return head + "\n" + ("\n".join(rows) or _("Not chosen yet (SH-4.3)."))
        side = self._side_tip(obs, name)
        if side:
            return side_title(name) + "\n" + side
        return head + self._contents(obs, name)

    def _side_tip(self, obs: Observation, name: str) -> str:
        """What a side area holds, in words."""

        def units(counts, letters):
            return words.units_text(comp_text(counts, letters))

        if name == "BAG":
            return _("Invader units still in the bag: {u} (SH-8.1).").format(
                u=units(obs["bag"], INV_LETTERS)
            )
        if name == "SUPPLY":
            return _("Invader units in the supply: {u}; spent this round: {s} (SH-7.2).").format(
                u=units(obs["supply"], INV_LETTERS), s=units(obs["spent"], INV_LETTERS)
            )
        if name == "RES":
            return _("Resources of each Invader: {r} (SH-8.2).").format(
                r=", ".join(str(r) for r in obs["resources"])
            )
        if name == "BLOOD":
            return _(
                "Goblins on the blood-sacrifice space: {n}; 12 earn the Blood Sacrifices "
                "deed (SH-21.3)."
            ).format(n=obs["blood"])
        if name == "RITUALS":
            active = [words.tip("ritual", r[0]) for r in obs["rituals"]]
            return "\n".join(active) if active else _("No ritual this round (SH-12).")
        if name == "HOURGLASS":
            return _(
                "The Defender's hourglasses, spent in the windows after each Invader phase (SH-6)."
            )
        if name == "DSUPPLY":
            return _("Defender units in the supply: {u}; stone {s}, wood {w} (SH-2.2).").format(
                u=units(obs["defender_supply"], DEF_LETTERS),
                s=obs["stone_supply"],
                w=obs["wood_supply"],
            )
        if name == "GLORY":
            return _(
                "Glory: Invader {i}, Defender {d}. Each round without a breach moves one "
                "from the Invader to the Defender; after round 10 the Defender wins "
                "(SH-21)."
            ).format(i=obs["glory"][0], d=obs["glory"][1])
        if name == "DEEDS":
            return "\n".join(
                words.tip("deed", d) + (" ✓" if done else "") for d, done in obs["deeds"].items()
            )
        return ""

    def _contents(self, obs: Observation, name: str) -> str:
        lines = []
        inv = obs["units"].get(name) or obs["siege"].get(name[:2] if name.endswith("T") else "")
        if inv and any(inv):
            lines.append(
                _("Invader units: {u}").format(u=words.units_text(comp_text(inv, INV_LETTERS)))
            )
        dfn = obs["defender_units"].get(name)
        if dfn and any(dfn):
            lines.append(
                _("Defender units: {u}").format(u=words.units_text(comp_text(dfn, DEF_LETTERS)))
            )
        if name in TOWERS:
            lines.append(_("Two archer spaces and one machine space (SH-3.6)."))
        if name in obs["walls"]:
            stone, wood = obs["walls"][name]
            lines.append(_("Wall: {s} stone, {w} wood (SH-3.4)").format(s=stone, w=wood))
            for eq in obs["equipment"][name]:
                lines.append(words.tip("equipment", eq))
            if name in obs["cauldrons"]:
                kind = obs["cauldrons"][name]
                kind = {"G": "goblins", "O": "orcs", "T": "trolls"}.get(kind, kind)
                lines.append(_("Cauldron against {kind} (SH-16.3)").format(kind=_(kind)))
            order = obs["orders"].get(name)
            if order:
                lines.append(
                    words.tip("order", order[0]) if order[0] else _("A face-down order (SH-13.6.3)")
                )
        if name in obs["machines"]:
            lines.append(words.tip("machine", obs["machines"][name]))
        if name in obs["tower_machines"]:
            lines.append(words.tip("machine", obs["tower_machines"][name]))
        if name in obs["covers"]:
            lines.append(words.tip("machine", "COV"))
        for tr in obs["training"].get(name, []):
            lines.append(words.tip("training", tr))
        piece = obs["trapspace"].get(name)
        if piece:  # a bridge (equipment) or a trap (the Scouts' action that set it)
            kind, code = TRAP_TIPS[piece]
            lines.append(words.tip(kind, code))
        for hero, where in obs["heroes"].items():
            if where == name:
                lines.append(_("Officer") if hero == "OFF" else _("Warrior"))
        return ("\n" + "\n".join(lines)) if lines else ""

    # ------------------------------------------------------------------ actions
    def target(self, obs: Observation, action) -> tuple | list | None:
        """The item(s) clicked for an action: its verb's ``target`` (verbs.py), handed
        this view for the look-ups below."""
        a = as_action(action)
        return VERBS[a.verb].target(self, obs, a)

    # the table's kit for the verbs' targets (verbs.py)
    @staticmethod
    def offered(obs: Observation) -> list[tuple[str, tuple]]:
        """SH-4.3: the phase cards offered at set-up, with where each lies."""
        return offered(obs)

    @staticmethod
    def in_hand(obs: Observation, kind: str) -> bool:
        """SH-13.6: whether the order tiles shown in the Invader's hand hold ``kind``."""
        return any(k == kind for k, _n in orders_hand(obs))

    def on_card(self, obs: Observation, a, rest: list, pay: bool = False) -> list | None:
        """The click path of an action printed on a phase card (SH-15): its tile on the
        card, then ``rest`` (the place it goes to ...), then, with ``pay``, the token of
        the units paid where there are two ways (SH-7.3); None where no tile shows it."""
        tile = self._owner(obs, a.who, VERBS[a.verb].card(a.args))
        if tile is None:
            return None
        path = [tile, *rest]
        if pay:
            token = pay_token(obs, a)
            if token is not None:
                path.append(token)
        return path

    def on_back(self, obs: Observation, a, phase: str, rest: list) -> list | None:
        """SH-14.1: the click path of the special action on the back of the flipped card
        of ``phase``: its emblem, then ``rest``; None where the back is not shown."""
        back = special(phase, 1 if a.who == "IE" else 0)
        if not any((p, i) == back[1:] for p, i, _c, _r in self.special_spots(obs)):
            return None
        return [back, *rest]

    def ritual_space(self, obs: Observation, code: str, target: str) -> str:
        if code == "POS":
            return obs["heroes"][target]
        if code == "SPC":
            return "HOSP"
        if code == "PAN":
            return "CY"
        return target

    def ref_space(self, obs: Observation, ref: str) -> str:
        """The space a Defender action's target names (a ritual: the space it is on)."""
        if "-" in ref:
            code, target = ref.split("-", 1)
            return self.ritual_space(obs, code, target)
        return ref

    def action_label(self, obs: Observation, action) -> str:
        return words.action_label(obs, action)

    def step_prompt(self, obs: Observation, chosen: tuple, targets: dict) -> str | None:
        """What the next click chooses, where it is no place: the units that pay
        (SH-7.3), an order tile (SH-13.6), the Defender who gets an hourglass (SH-23.4);
        None for a place."""
        keys = list(targets)
        if not keys:
            return None
        if (
            all(k[0] == "unit" and k[1].startswith("AVAIL") for k in keys)
            and chosen[0][0] == "option"
            and len(chosen) > 1
        ):
            pays = "; ".join(words.pay_text(a.args[-1]) for k in keys for a in targets[k][:1])
            return _(
                "Pay with the units drawn this round: click the token of the kind you pay "
                "with ({options}) (SH-7.3; right click: cancel)."
            ).format(options=pays)
        if all(k[0] == "order" for k in keys):
            return _(
                "Click the order tile to place, then its wall section (SH-13.6; right "
                "click: cancel)."
            )
        if all(k[0] == "hourglass" for k in keys):
            return _(
                "Click the hourglasses of the Defender who gets this one (SH-23.4; right "
                "click: cancel)."
            )
        return None

    def confirm(self, obs: Observation, action) -> str | None:
        a = as_action(action)
        if not VERBS[a.verb].confirm:
            return None
        return (
            words.action_label(obs, a) + "\n" + _("This cannot be taken back later in the round.")
        )

    def prompt(self, obs: Observation) -> Prompt:
        text, rule = words.prompt(obs)
        return Prompt(text, rule)

    def status(self, obs: Observation) -> str:
        return words.status(obs)

    def describe(self, event: tuple, names: list[str]) -> str | None:
        return words.describe(event, names)

    # SH-21: the glory of the Invader and of the Defender, round by round (SH-5.1)
    chart_title = N_("Glory by round")

    def chart_axis(self) -> str:
        return pgettext("stronghold", "Round")

    def chart_reading(self, obs: Observation) -> ChartReading:
        return ChartReading(obs["round"], list(obs["glory"]), ["orc", "archer"])

    def results(self, obs: Observation) -> list[tuple[str, str, str]]:
        """SH-21: each team's glory, how the game ended, the deeds and breaches."""
        inv, dfn = obs["glory"]
        n = obs["n_players"]
        winner = obs["winner"]
        end = words.describe((0, "END", winner, obs["over_reason"], inv, dfn), []) if winner else ""
        deeds = [_(DEED_NAMES[d]) for d, done in obs["deeds"].items() if done]
        inv_detail = [
            _("Glorious deeds: {deeds}").format(deeds=", ".join(deeds))
            if deeds
            else _("No glorious deed")
        ]
        if obs["breached"]:
            inv_detail.append(
                _("Breached: {where}").format(
                    where=", ".join(words.space_name(x) for x in obs["breached"])
                )
            )
        if obs["gate"]:
            inv_detail.append(_("Gates destroyed: {n}").format(n=obs["gate"]))
        def_detail = [_("Rounds played: {r} of 10").format(r=obs["round"])]
        rows = []
        for side, glory, key, detail in (("I", inv, "I", inv_detail), ("D", dfn, "D", def_detail)):
            label = (
                _("Invaders")
                if key == "I" and n > 2
                else (_("Defenders") if key == "D" and n == 4 else _(SEAT_WORDS[side]))
            )
            if winner == key:
                detail = [end, *detail]
            rows.append((label, _("{n} glory").format(n=glory), " · ".join(detail)))
        return rows

    def event_place(self, event: tuple) -> tuple | None:
        """The space an event tells of (the first one it names), for the table to mark
        while the log shows it."""
        for arg in event[2:]:
            if isinstance(arg, str):
                name = arg.split("-", 1)[-1] if arg[:4] in ("BST-", "GAL-", "ACC-") else arg
                if name in _SPACE_SET:
                    return sp(name)
        return None

    def summary(self, event: tuple, history: list) -> tuple[str, str] | None:
        """The summary of a round when it ends (SH-20): glory, losses, deeds, gates."""
        if event[1] != "ROUND-END":
            return None
        rnd, inv, dfn = event[2], event[3], event[4]
        start = max((i for i, e in enumerate(history) if e[1] == "ROUND"), default=0)
        lost = {"I": [0, 0, 0], "D": [0, 0, 0]}
        deeds, gates = [], 0
        for e in history[start:]:
            kind = e[1]
            if kind == "KILLED":
                letter = e[3]
                side = "D" if letter in DEF_LETTERS else "I"
                lost[side][(DEF_LETTERS if side == "D" else INV_LETTERS).index(letter)] += 1
            elif kind == "LOSSES" and e[3] != "-":
                letters = DEF_LETTERS if e[3][-1] in DEF_LETTERS else INV_LETTERS
                side = "D" if letters is DEF_LETTERS else "I"
                for count, letter in comp_parts(e[3]):
                    lost[side][letters.index(letter)] += count
            elif kind == "DEED":
                deeds.append(_(DEED_NAMES[e[2]]))
            elif kind == "GATE-DOWN":
                gates += 1
        lines = [_("Glory: Invader {i}, Defender {d}.").format(i=inv, d=dfn)]
        for side, letters, text in (
            ("I", INV_LETTERS, _("Invader losses: {units}.")),
            ("D", DEF_LETTERS, _("Defender losses: {units}.")),
        ):
            comp = comp_text(lost[side], letters)
            lines.append(text.format(units=words.units_text(comp)))
        if deeds:
            lines.append(_("Glorious deeds: {deeds}.").format(deeds=", ".join(deeds)))
        if gates:
            lines.append(_("Gates destroyed: {n}.").format(n=gates))
        if rnd < 10:
            lines.append(_("No breach: the walls held this round (SH-20.3)."))
        return _("End of round {n}").format(n=rnd), "\n".join(lines)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, vp, obs: Observation, items: list[Item], marks: dict) -> None:
        """The board as the observation shows it (drawn once per observation and window
        size, then copied), with the table's marks on top."""
        self._picture.blit(
            surf,
            vp,
            obs,
            paint.board_area(vp),
            lambda picture: self._draw_board(picture, vp, obs, items),
        )
        paint.marks(surf, vp, items, marks)

    def draw_ground(self, surf, vp) -> None:
        """The castle (the map's image layer ``castle``) with the places' plaques and the
        buildings' signs, drawn once per window size and language, then copied; the
        map's tile layer where the map has no castle."""
        if castle_art(self.layout_name) is None:
            super().draw_ground(surf, vp)
            return
        board = vp.rect(paint.board_area(vp))
        ground = castle_ground(self.layout_name, vp, surf.get_size(), language())
        surf.blit(ground, board.topleft, board)

    def _draw_board(self, surf, vp, obs: Observation, items: list[Item]) -> None:
        self.draw_ground(surf, vp)
        lay = self.layout
        if castle_art(self.layout_name) is None:  # the castle's drawing shows the paths
            self._draw_links(surf, vp, lay)
        self.draw_status(surf, vp, obs)
        for item in items:  # the spaces (the tokens and card actions are drawn in them)
            if item.key[0] == "space":
                self._draw_space(surf, vp, obs, item.key[1], item.rect)
        for card, rect in offered(obs):  # SH-4.3: the cards to choose from, face up
            self._draw_card_face(
                surf,
                vp,
                card,
                rect,
                SH_GREEN if len(obs["cards"]) > 1 else SH_RED,
                _("Phase {p}").format(p=card[0]),
                (),
            )
        spots = self.order_spots(obs)
        if spots:  # SH-13.6: the order tiles in the Invader's hand, on a tray
            self._draw_orders(surf, vp, obs, spots)

    def _draw_orders(self, surf, vp, obs: Observation, spots) -> None:
        """The Invader's order tiles in hand on a tray standing over the castle above the
        Phase 6 card: each kind's tile, a count where he holds two."""
        x, y, w, h = self.tray_rect(obs)
        words = _("Orders in hand")
        need = fonts.text(words, vp.font_px(TAG_PX), theme.PARCHMENT, "bold").get_width()
        need = need / vp.scale + 16  # the heading at the player's text size
        if need > w:  # a larger text size: the tray grows to the left, its tiles stay
            x, w = x + w - need, need
        r = vp.rect((x, y, w, h))
        shadow = r.move(vp.size(3), vp.size(3))
        pygame.draw.rect(surf, (16, 12, 8), shadow, border_radius=vp.size(6))
        tray(surf, vp, (x, y, w, h))
        paint.text(
            surf,
            vp,
            words,
            (x + 8, y + 3),
            TAG_PX,
            theme.PARCHMENT,
            "bold",
            fit=w - 16,
        )
        for kind, n, rect in spots:
            order_piece(surf, vp, kind, rect, n)

    def _draw_links(self, surf, vp, lay) -> None:
        """The paths between gathering places, ramparts and sections (SH-3.2), each
        through its trap space."""
        from .board import PATHS

        colour = (150, 126, 90)
        for p, (a, b) in PATHS.items():
            tx, ty, tw, th = lay.zone(p)
            mid = (tx + tw / 2, ty + th / 2)
            for end in (a, b):
                x, y, w, h = lay.zone(end)
                anchor = (x + w / 2, y) if mid[1] < y else (x + w / 2, y + h)
                pygame.draw.line(
                    surf, colour, vp.point(*anchor), vp.point(*mid), max(1, vp.size(3))
                )

    # ---------------------------------------------------------------- spaces
    def _draw_space(self, surf, vp, obs: Observation, name: str, rect) -> None:
        """A space of the board, drawn by the first row of ``_SPACE_DRAWINGS`` that takes
        its name (a wall section's side spaces the last)."""
        for takes, draw in self._SPACE_DRAWINGS:
            if takes(obs, name):
                draw(self, surf, vp, obs, name, rect)
                return
        self._draw_side(surf, vp, obs, name, rect)

    def _draw_siege_space(self, surf, vp, obs: Observation, name, rect) -> None:
        """A siege tower's units, with the tower under them, faint."""
        x, y, w, h = rect
        if name[:2] not in obs["siege"]:
            return
        paint.panel(surf, vp, rect, (96, 70, 44), (200, 160, 100), radius=3)
        mark = art.icon(
            pieces.kind_icon("stronghold", "TWR"), vp.size(w - 4), (236, 226, 200, 70)
        )  # the siege tower, faint, under them
        surf.blit(mark, mark.get_rect(center=vp.point(x + w / 2, y + h / 2)))
        for n, kind, (rx, ry, _rw, _rh), size in self.tower_spots(obs, name):
            self._piece(surf, vp, kind, (rx, ry), size)  # a token and its count
            paint.text(
                surf,
                vp,
                str(n),
                (rx + 2 + size, ry + size / 2),
                12,
                theme.INK,
                "bold",
                "midleft",
                fit=w - size - 6,
            )

    def _draw_trap(self, surf, vp, obs: Observation, name, rect) -> None:
        """A path's trap, if one is laid there."""
        x, y, w, h = rect
        trap = obs["trapspace"].get(name)
        if trap:
            self._piece(surf, vp, TRAP_PIECES[trap], (x, y), min(w, h))

    def _draw_platform(self, surf, vp, obs: Observation, name, rect) -> None:
        """A machine's platform (the castle art): the machine, its deck and an altar's aim."""
        x, y, w, _h = rect
        m = obs["machines"].get(name)
        if not m:
            return
        self._piece(surf, vp, m, (x + w / 2 - 14, y + 13), 28)
        self._deck_line(surf, vp, obs, name, (x + w / 2, y + 42))
        if name in obs["altar_target"]:
            paint.text(
                surf,
                vp,
                "→ " + obs["altar_target"][name][1:],
                (x + w / 2, y + 56),
                11,
                theme.INK,
                "bold",
                "midtop",
                fit=w - 4,
            )

    def _draw_yard(self, surf, vp, obs: Observation, name, rect) -> None:
        """The courtyard or the hospital (named on the castle's plaques): their units, and
        the courtyard's heroes."""
        x, y, w, _h = rect
        self._chips(surf, vp, obs["defender_units"][name], DEF_RGB, (x + 5, y + 22), w - 10)
        if name == "CY":
            self._heroes_at(surf, vp, obs, name, (x + 5, y + 50), w - 10)

    def _draw_section(self, surf, vp, obs: Observation, name, rect) -> None:
        x, y, w, h = rect
        if name in obs["breached"]:  # the wall broken: rubble and a red veil
            veil = pygame.Surface(vp.rect(rect).size, pygame.SRCALPHA)
            veil.fill((*theme.DANGER, 70))
            surf.blit(veil, vp.rect(rect).topleft)
            rubble = [
                (x + 4, y + 86),
                (x + 20, y + 94),
                (x + 34, y + 84),
                (x + 52, y + 96),
                (x + 70, y + 86),
                (x + w - 4, y + 94),
                (x + w - 8, y + 110),
                (x + 50, y + 104),
                (x + 26, y + 112),
                (x + 6, y + 104),
            ]
            pygame.draw.polygon(surf, (70, 64, 58), [vp.point(*pt) for pt in rubble])
            pygame.draw.polygon(
                surf, theme.DANGER, [vp.point(*pt) for pt in rubble], max(1, vp.size(1))
            )
        cap = SECTION_INV[name] + ("LAD" in obs["equipment"][name])
        plaque(surf, vp, f"{name[1]} /{cap}", (x + 4, y + 2), 40, "topleft")
        slot = name + "T" in SIEGE_TOWER_SPACES  # its units beside the siege tower slot
        crowded = slot and all(obs["units"][name])  # three kinds: two rows of tokens
        self._chips(
            surf,
            vp,
            obs["units"][name],
            INV_RGB,
            (x + 4, y + 18),
            44 if slot else w - 8,
            height=44 if slot else TOKEN,
        )
        self._row(
            surf,
            vp,
            obs["equipment"][name],
            (x + 4, y + (64 if crowded else 50)),
            w - 8,
            18 if crowded else 24,
        )
        order = obs["orders"].get(name)
        if order:
            label = (
                words.tip("order", order[0]).split("(")[0].split(":")[0].strip()
                if order[0]
                else _("order ?")
            )
            self._tag(
                surf,
                vp,
                label,
                (x + 3, y + 80, w - 6, 15),
                (140, 60, 50) if order[1] or order[0] else (70, 50, 60),
            )
        # the wall: one brick per element (at most 5)
        stone, wood = obs["walls"][name]
        bx = x + 6
        for i in range(stone + wood):  # dressed stone blocks, then timber
            colour = (196, 190, 174) if i < stone else (150, 104, 58)
            block = vp.rect((bx + i * 15, y + 99, 13, 13))
            pygame.draw.rect(surf, colour, block, border_radius=vp.size(2))
            pygame.draw.rect(
                surf, (58, 50, 42), block, max(1, vp.size(1)), border_radius=vp.size(2)
            )
        paint.text(
            surf,
            vp,
            str(stone + wood),
            (x + w - 5, y + 98),
            14,
            theme.INK_DARK,
            "display-bold",
            "topright",
        )
        # the Defender side
        self._chips(surf, vp, obs["defender_units"][name], DEF_RGB, (x + 4, y + 118), w - 8)
        self._works_at(surf, vp, obs, name, (x + 4, y + 152), w - 8)

    def _draw_outer(self, surf, vp, obs: Observation, name, rect) -> None:
        x, y, w, h = rect
        gp = name in ("GW", "GE")  # named on the castle's plaques
        self._chips(surf, vp, obs["units"][name], INV_RGB, (x + 4, y + 18), w - 8)
        if name == "BF":
            self._tag(
                surf,
                vp,
                _("ram {n}/5").format(n=obs["ram"]),
                (x + 4, y + 60, w - 8, 15),
                (88, 64, 44),
            )
            return
        if gp:
            return
        m = obs["machines"].get(name)
        if m:
            self._deck_line(surf, vp, obs, name, (x + w - 4, y + 3), "topright", w - 30)
        tiles = [m] if m else []  # the machine, its cover, the training tiles (SH-9, 11)
        tiles += ["COV"] * (name in obs["covers"]) + list(obs["training"].get(name, []))
        self._row(surf, vp, tiles, (x + 4, y + 48), w - 8, 26)

    def _deck_line(
        self, surf, vp, obs: Observation, slot: str, pos, anchor="midtop", room=None
    ) -> None:
        """The machine's deck (SH-9.3): hit cards ✓ and miss cards ✗ left in it; within
        ``room`` (a design width) when given."""
        deck = obs["decks"].get(slot)
        if deck:  # on a dark strip: the castle's ground under it is light
            words_ = f"{deck[0]}✓ {deck[1]}✗"
            img = fonts.text(words_, vp.font_px(TAG_PX), theme.INK, "bold")
            width = min(img.get_width(), vp.size(room)) if room else img.get_width()
            r = pygame.Rect(0, 0, width + vp.size(6), img.get_height())
            setattr(r, anchor, vp.point(*pos))
            strip = pygame.Surface(r.size, pygame.SRCALPHA)
            strip.fill((20, 16, 12, 150))
            surf.blit(
                strip,
                r.move(
                    vp.size(3)
                    if anchor == "topright"
                    else -vp.size(3)
                    if anchor == "topleft"
                    else 0,
                    0,
                ),
            )
            paint.text(surf, vp, words_, pos, TAG_PX, theme.INK, "bold", anchor=anchor, fit=room)

    def _draw_camp(self, surf, vp, obs: Observation, _name, rect) -> None:
        x, y, w, h = rect
        # named on the castle's plaques: the camp, and its units available
        n = len(obs["available"])
        for i in range(n):
            row = y + 20 + i * 26
            if n == 2:
                paint.text(surf, vp, side_letter(i), (x + 4, row + 2), 12, theme.ACCENT, "bold")
            self._chips(surf, vp, obs["camp"][i], INV_RGB, (x + 16, row), w / 2 - 20)
            self._chips(surf, vp, obs["available"][i], INV_RGB, (x + w / 2 + 4, row), w / 2 - 8)

    def _draw_gate(self, surf, vp, obs: Observation, _name, rect) -> None:
        x, y, w, h = rect
        for i, res in enumerate(obs["gates"]):  # three doors of planks in the passage
            gy = y + 24 + i * 48
            down = i < obs["gate"]
            door = vp.rect((x + 8, gy, w - 16, 42))
            if down:  # broken: a few planks left on the cobbles
                for k, (px, py, pw) in enumerate(
                    ((x + 12, gy + 8, 24), (x + 44, gy + 16, 22), (x + 20, gy + 28, 30))
                ):
                    pygame.draw.line(
                        surf,
                        (96, 66, 40),
                        vp.point(px, py + k),
                        vp.point(px + pw, py + 4 - k),
                        max(1, vp.size(4)),
                    )
                paint.text(
                    surf, vp, _("down"), (x + w / 2, gy + 21), 12, theme.DANGER, "bold", "center"
                )
                continue
            pygame.draw.rect(
                surf,
                (118, 80, 46) if i == obs["gate"] else (100, 70, 42),
                door,
                border_radius=vp.size(3),
            )
            for k in range(1, 5):  # the planks
                px = x + 8 + k * (w - 16) / 5
                pygame.draw.line(
                    surf,
                    (70, 46, 26),
                    vp.point(px, gy + 1),
                    vp.point(px, gy + 41),
                    max(1, vp.size(1)),
                )
            for by in (gy + 8, gy + 34):  # iron bands
                pygame.draw.line(
                    surf,
                    (52, 52, 56),
                    vp.point(x + 9, by),
                    vp.point(x + w - 9, by),
                    max(1, vp.size(3)),
                )
            pygame.draw.rect(surf, (40, 28, 18), door, max(1, vp.size(2)), border_radius=vp.size(3))
            plaque(surf, vp, str(res), (x + w / 2, gy + 12), 30, size=16)

    def _draw_tower(self, surf, vp, obs: Observation, name, rect) -> None:
        x, y, w, h = rect
        # the round tower is the castle's drawing; the tooltip names it
        self._chips(surf, vp, obs["defender_units"][name], DEF_RGB, (x + 6, y + 14), w - 12)
        m = obs["tower_machines"].get(name)
        if m:
            self._piece(surf, vp, m, (x + w - 22, y + 2), 20)

    def _draw_building(self, surf, vp, obs: Observation, name, rect) -> None:
        x, y, w, h = rect
        bad = name in obs["sabotaged"] or name in obs["saboteurs"]
        if bad:  # the roof and its name plaque are the castle's drawing
            pygame.draw.rect(
                surf, theme.DANGER, vp.rect(rect), max(2, vp.size(2)), border_radius=vp.size(3)
            )
        if name in ("BK", "WT", "HG"):
            self._chips(surf, vp, obs["defender_units"][name], DEF_RGB, (x + 5, y + 36), w - 10)
        if bad:
            self._tag(surf, vp, _("saboteur"), (x + 5, y + 83, w - 10, 15), (140, 44, 36))

    def _draw_action(self, surf, vp, obs: Observation, code, rect) -> None:
        x, y, w, h = rect
        need = base_cost(code, obs["n_players"])  # SH-16.3, SH-22.8
        paid = obs["paid"][code]
        done = obs["done"][code]
        paint.panel(
            surf, vp, rect, (226, 214, 186) if not done else (150, 170, 130), (90, 74, 50), radius=4
        )
        paint.text(surf, vp, code[2:], (x + 3, y + 1), TAG_PX, INK_ON_LIGHT, "bold", fit=w / 2)
        paint.text(
            surf,
            vp,
            f"{paid}/{need}",
            (x + w / 2, y + h - 2),
            12,
            INK_ON_LIGHT,
            "bold",
            "midbottom",
            fit=w - 4,
        )

    def _draw_side(self, surf, vp, obs: Observation, name, rect) -> None:
        """The lower strip: the phase cards as cards, the bag as a bag with the units it
        holds, the supplies as pieces, resources, blood and hourglasses as their icons with
        their numbers, glory as two banners, rituals and deeds as their tiles."""
        if name.startswith("CARD"):
            self._draw_phase_cards(surf, vp, obs, name[4:])
            return
        x, y, w, h = rect
        tray(surf, vp, rect)
        if name == "BAG":  # the cloth bag, the units in it beside it
            img = art.icon("powder-bag", vp.size(h - 14), BAG_CLOTH)
            surf.blit(img, img.get_rect(midleft=vp.point(x + 2, y + h / 2)))
            self._counts_column(
                surf, vp, obs["bag"], INV_KINDS, (x + h - 12, y + 3), (w - h + 8, h - 6)
            )
        elif name in ("SUPPLY", "DSUPPLY"):
            self._title(surf, vp, side_title(name), (x + 5, y + 2), w - 10)
            top = y + 4 + vp.text_h(TAG_PX) * 1.15
            if name == "SUPPLY":
                self._counts_row(
                    surf, vp, obs["supply"], INV_KINDS, (x + 4, top), (w - 8, y + h - 3 - top)
                )
                return
            row = (y + h - 3 - top) / 2
            self._counts_row(
                surf, vp, obs["defender_supply"], DEF_KINDS, (x + 4, top), (w - 8, row)
            )
            self._counts_row(
                surf,
                vp,
                (obs["stone_supply"], obs["wood_supply"]),
                ("stone", "wood"),
                (x + 4, top + row),
                (w * 0.6, row),
            )
        elif name in ("RES", "BLOOD", "HOURGLASS"):
            icon, colour = {
                "RES": ("cubes", RES_RGB),
                "BLOOD": ("drop", BLOOD_RGB),
                "HOURGLASS": ("hourglass", theme.ACCENT),
            }[name]
            value = {
                "RES": " · ".join(str(r) for r in obs["resources"]),
                "BLOOD": f"{obs['blood']}/12",
                "HOURGLASS": " · ".join(str(n) for n in obs["hourglasses"]),
            }[name]
            if name == "HOURGLASS" and len(obs["hourglasses"]) > 1:  # SH-23: each Defender's
                for d, (hx, hy, hw, hh) in self.hourglass_spots(obs):
                    img = art.icon(icon, vp.size(hh - 22), colour)
                    surf.blit(img, img.get_rect(midtop=vp.point(hx + hw / 2, hy + 2)))
                    paint.text(
                        surf,
                        vp,
                        f"{side_letter(d)} {obs['hourglasses'][d]}",
                        (hx + hw / 2, hy + hh),
                        15,
                        colour,
                        "display-bold",
                        "midbottom",
                        fit=hw - 4,
                    )
                return
            if name == "HOURGLASS":  # the hourglass and its number beside it
                img = art.icon(icon, vp.size(h - 10), colour)
                surf.blit(img, img.get_rect(midleft=vp.point(x + 8, y + h / 2)))
                paint.text(
                    surf,
                    vp,
                    value,
                    (x + (h - 2 + w) / 2, y + h / 2),
                    30,
                    colour,
                    "display-bold",
                    "center",
                    fit=w - h - 2,
                )
                return
            big = 15 if len(value) <= 5 else TAG_PX
            line = vp.text_h(big) * 1.2
            size = max(14, h - 8 - line)
            img = art.icon(icon, vp.size(size), colour)
            surf.blit(img, img.get_rect(midtop=vp.point(x + w / 2, y + 3)))
            paint.text(
                surf,
                vp,
                value,
                (x + w / 2, y + h - 2),
                big,
                theme.INK,
                "bold",
                "midbottom",
                fit=w - 6,
            )
        elif name == "GLORY":
            self._draw_glory(surf, vp, obs, rect)
        elif name == "RITUALS":
            self._title(surf, vp, side_title(name), (x + 5, y + 2), w - 10)
            top = y + 4 + vp.text_h(TAG_PX) * 1.15
            codes = [r[0] for r in obs["rituals"]]
            if not codes:
                paint.text(
                    surf,
                    vp,
                    "—",
                    (x + w / 2, (top + y + h) / 2),
                    15,
                    theme.INK_DIM,
                    "bold",
                    "center",
                )
            self._tiles(surf, vp, codes, (x + 4, top), (w - 8, y + h - 3 - top))
        elif name == "DEEDS":
            self._title(surf, vp, side_title(name), (x + 5, y + 2), w - 10)
            top = y + 4 + vp.text_h(TAG_PX) * 1.15
            deeds = list(obs["deeds"].items())  # in two rows of two
            size = min((w - 10) / 2, (y + h - 5 - top) / 2)
            left = x + w / 2 - size - 1
            for i, (deed, done) in enumerate(deeds):
                spot = (left + i % 2 * (size + 2), top + i // 2 * (size + 2), size, size)
                self._deed(surf, vp, deed, done, spot)

    #: which drawing a board space gets: (takes(obs, name), draw), the first that takes it
    _SPACE_DRAWINGS = (
        (lambda obs, name: name in SECTIONS, _draw_section),
        (lambda obs, name: name in SIEGE_TOWER_SPACES, _draw_siege_space),
        (lambda obs, name: name.startswith("p"), _draw_trap),
        (lambda obs, name: name in ("GW", "GE", "BF") or _is_rampart(name), _draw_outer),
        (lambda obs, name: name in ("GW1", "GW2", "GE1", "GE2"), _draw_platform),
        (lambda obs, name: name == "CAMP", _draw_camp),
        (lambda obs, name: name == "GATE", _draw_gate),
        (lambda obs, name: name in obs["defender_units"] and name.startswith("T"), _draw_tower),
        (lambda obs, name: name in BUILDINGS, _draw_building),
        (lambda obs, name: name in BUILDING_ACTIONS, _draw_action),
        (lambda obs, name: name in ("CY", "HOSP"), _draw_yard),
    )

    def _title(self, surf, vp, title: str, pos, room: float) -> None:
        """A panel's title in 12 px type, in the regular face where the bold is too
        wide."""
        face = (
            "bold"
            if fonts.font(vp.font_px(TAG_PX), "bold").size(title)[0] <= vp.size(room)
            else "sans"
        )
        paint.text(surf, vp, title, pos, TAG_PX, theme.INK_DIM, face, fit=room)

    def _counts_column(self, surf, vp, counts, kinds, pos, box) -> None:
        """Tokens of ``kinds`` one above the other, each with its count beside it (zero
        too), as large as the box's height allows."""
        x, y = pos
        w, h = box
        size = min(TOKEN_SMALL, (h - 2 * (len(kinds) - 1)) / len(kinds))
        for i, (n, kind) in enumerate(zip(counts, kinds, strict=False)):
            top = y + i * (h - size) / max(1, len(kinds) - 1)
            self._piece(surf, vp, kind, (x, top), size)
            paint.text(
                surf,
                vp,
                str(n),
                (x + size + 3, top + size / 2),
                TAG_PX,
                theme.INK,
                "bold",
                "midleft",
                fit=w - size - 3,
            )

    def _counts_row(self, surf, vp, counts, kinds, pos, box) -> None:
        """Tokens (or the stone and wood icons) side by side, each with its count beside it
        (zero too), spread across the box."""
        x, y = pos
        w, h = box
        font = fonts.font(vp.font_px(TAG_PX), "bold")
        wide = [font.size(str(n))[0] / vp.scale + 2 for n in counts]
        size = max(11, min(TOKEN_SMALL, h - 2, (w - sum(wide)) / len(kinds) - 4))
        gap = max(0, w - sum(wide) - (size + 2) * len(kinds)) / len(kinds)
        cx = x
        for n, kind, room in zip(counts, kinds, wide, strict=False):
            if kind in ("stone", "wood"):
                icon = art.icon(RES_ICONS[kind][0], vp.size(size), RES_ICONS[kind][1])
                surf.blit(icon, icon.get_rect(topleft=vp.point(cx, y + (h - size) / 2)))
            else:
                self._piece(surf, vp, kind, (cx, y + (h - size) / 2), size)
            paint.text(
                surf, vp, str(n), (cx + size + 2, y + h / 2), TAG_PX, theme.INK, "bold", "midleft"
            )
            cx += size + 2 + room + gap

    def _tiles(self, surf, vp, codes, pos, box) -> None:
        """Rituals' tiles (or any option tiles) in rows within the box."""
        x, y = pos
        w, h = box
        if not codes:
            return
        size = min(22, h)
        per_row = max(1, int((w + 2) // (size + 2)))
        rows = -(-len(codes) // per_row)
        if rows * (size + 2) - 2 > h:  # too many for the box: smaller, in two rows
            size = (h - 2) / 2
            per_row = max(1, int((w + 2) // (size + 2)))
        for i, code in enumerate(codes):
            spot = (x + i % per_row * (size + 2), y + i // per_row * (size + 2), size, size)
            option_tile(surf, vp, code, spot)

    def _deed(self, surf, vp, deed: str, done: bool, rect) -> None:
        """A glorious deed's tile (SH-21.3): its picture bright once done, dim before."""
        r = vp.rect(rect)
        pygame.draw.rect(surf, (120, 96, 40) if done else (44, 36, 28), r, border_radius=vp.size(3))
        pygame.draw.rect(
            surf,
            theme.ACCENT if done else (96, 84, 66),
            r,
            max(1, vp.size(1)),
            border_radius=vp.size(3),
        )
        img = art.icon(
            DEED_ICONS[deed], max(4, r.w - vp.size(4)), theme.HILITE if done else (150, 138, 116)
        )
        surf.blit(img, img.get_rect(center=r.center))

    def _draw_glory(self, surf, vp, obs: Observation, rect) -> None:
        """Glory (SH-21) as two banners: the Invader's in his goblins' colour with a
        shield, the Defender's in his archers' with a disc, each with its glory."""
        x, y, w, h = rect
        inv, dfn = obs["glory"]
        half = (w - 12) / 2
        for i, (value, colour, kind) in enumerate(
            ((inv, INV_RGB[1], "goblin"), (dfn, DEF_RGB[0], "archer"))
        ):
            bx = x + 4 + i * (half + 4)
            banner(surf, vp, (bx, y + 3, half, h - 6), colour)
            self._piece(surf, vp, kind, (bx + 3, y + 6), 16)
            motion.value(
                ("glory", i),
                value,
                paint.text(  # glory won rises from here
                    surf,
                    vp,
                    str(value),
                    (bx + half / 2 + 8, y + h / 2 - 2),
                    24,
                    theme.INK,
                    "display-bold",
                    "center",
                    fit=half - 22,
                ),
            )

    # ----------------------------------------------------------- phase cards
    def card_slots(self, obs: Observation, phase: str) -> list[tuple[int, tuple]]:
        """Where each Invader's card of ``phase`` lies (SH-15): the whole place in 2
        players, the West Invader's above the East one's in 3-4 (SH-22.5)."""
        x, y, w, h = self.layout.zone(f"CARD{phase}")
        n = len(obs["cards"])
        if n == 1:
            return [(0, (x, y, w, h))]
        half = (h - 4) / 2
        return [(i, (x, y + i * (half + 4), w, half)) for i in range(n)]

    def option_spots(self, obs: Observation, phase: str) -> list[tuple[int, str, tuple]]:
        """(Invader, action, rectangle) of every action printed on the face-up cards of
        ``phase``: a grid of tiles (two columns) between the card's head and foot."""
        out = []
        for i, (x, y, w, h) in self.card_slots(obs, phase):
            card = obs["cards"][i].get(phase)
            if card is None or int(phase) in obs["flipped"][i]:
                continue
            out += [(i, code, rect) for code, rect in card_grid((x, y, w, h), card)]
        return out

    def special_spots(self, obs: Observation) -> list[tuple[str, int, str, tuple]]:
        """(phase, Invader, special action, rectangle) of the special action printed on the
        back of every flipped card (SH-14.1): its emblem, under the card's head."""
        out = []
        for phase in "12345":
            for i, (x, y, w, h) in self.card_slots(obs, phase):
                if obs["cards"][i].get(phase) and int(phase) in obs["flipped"][i]:
                    out.append(
                        (phase, i, FLIP_ACTION[int(phase)], (x, y + CARD_HEAD, w, h - CARD_HEAD))
                    )
        return out

    def hero_spots(self, obs: Observation) -> dict[str, tuple]:
        """Where each hero's token lies (SH-17.7): on his section in the row of its works
        (``_works_at``), or in the courtyard (``_heroes_at``)."""
        zone = self.layout.zone
        out = {}
        for name, at in sorted(obs["heroes"].items()):
            if at in SECTIONS:
                x, y, w, h = zone(at)
                here = [n for n, a in sorted(obs["heroes"].items()) if a == at]
                works = len(here) + (at in obs["cauldrons"]) + (at in obs["platforms"])
                hx, hy = row_spots(works, (x + 4, y + 152), w - 8, 22)[here.index(name)]
                out[name] = (hx, hy, 22, 22)
            elif at == "CY":
                x, y, w, h = zone("CY")
                k = [n for n, a in sorted(obs["heroes"].items()) if a == "CY"].index(name)
                out[name] = (x + 5 + k * (HERO_TOKEN + 2), y + 50, HERO_TOKEN, HERO_TOKEN)
        return out

    def tower_spots(self, obs: Observation, name: str) -> list[tuple[int, str, tuple, float]]:
        """(count, kind, row, token size) of the Invader units in the siege tower at
        ``name`` (``S2T``), one row each: the token and its count beside it."""
        sec = name[:2]
        if sec not in obs["siege"]:
            return []
        x, y, w, h = self.layout.zone(name)
        here = [(n, k) for n, k in zip(obs["siege"][sec], INV_KINDS, strict=True) if n]
        row = min(TOKEN, (h - 4) / max(1, len(here)))
        size = min(row - 1, 20)
        return [
            (n, kind, (x + 2, y + 2 + i * row, w - 4, size), size)
            for i, (n, kind) in enumerate(here)
        ]

    def equip_spots(self, obs: Observation) -> list[tuple[str, str, tuple]]:
        """(section, equipment, rectangle) of the equipment lying on each section (SH-10),
        as ``_draw_section`` lays it out."""
        out = []
        for name in SECTIONS:
            kinds = obs["equipment"][name]
            if not kinds:
                continue
            x, y, w, h = self.layout.zone(name)
            crowded = name + "T" in SIEGE_TOWER_SPACES and all(obs["units"][name])
            size = 18 if crowded else 24
            spots = row_spots(len(kinds), (x + 4, y + (64 if crowded else 50)), w - 8, size)
            out += [
                (name, kind, (ex, ey, size, size))
                for kind, (ex, ey) in zip(kinds, spots, strict=True)
            ]
        return out

    def training_spots(self, obs: Observation) -> list[tuple[str, str, tuple]]:
        """(rampart, training, rectangle) of the specialists' tiles on each rampart (SH-11),
        after its machine and cover as ``_draw_outer`` lays them out."""
        out = []
        for r in range(1, 8):
            name = f"R{r}"
            trained = list(obs["training"].get(name, []))
            if not trained:
                continue
            x, y, w, h = self.layout.zone(name)
            before = (name in obs["machines"]) + (name in obs["covers"])
            spots = row_spots(before + len(trained), (x + 4, y + 48), w - 8, 26)[before:]
            out += [
                (name, code, (tx, ty, 26, 26))
                for code, (tx, ty) in zip(trained, spots, strict=True)
            ]
        return out

    def hourglass_spots(self, obs: Observation) -> list[tuple[int, tuple]]:
        """With two Defenders (SH-23): each one's hourglasses, the West's left half of
        the strip's hourglass place and the East's right half."""
        if len(obs["hourglasses"]) < 2:
            return []
        x, y, w, h = self.layout.zone("HOURGLASS")
        half = (w - 6) / 2
        return [(d, (x + 3 + d * half, y + 2, half, h - 4)) for d in range(2)]

    def order_spots(self, obs: Observation) -> list[tuple[str, int, tuple]]:
        """(kind, how many, rectangle) of the order tiles in the Invader's hand while he
        places orders (SH-13.6): a tray standing over the castle above the Phase 6 card."""
        hand = orders_hand(obs)
        if not hand:
            return []
        x, y, w, h = self.tray_rect(obs)
        return [
            (kind, n, (x + 8 + k * (ORDER_TILE + 6), y + 20, ORDER_TILE, ORDER_TILE))
            for k, (kind, n) in enumerate(hand)
        ]

    def tray_rect(self, obs: Observation) -> tuple:
        """The order tray's place: over the castle, ending above the Phase 6 card."""
        x, y, w, h = self.layout.zone("CARD6")
        n = len(orders_hand(obs))
        heading = len(_("Orders in hand")) * TAG_PX * 0.64  # bold letters' mean width
        width = max(16 + n * ORDER_TILE + (n - 1) * 6, heading + 20)  # its heading fits
        return (x + w - width, y - ORDER_TILE - 38, width, ORDER_TILE + 28)

    def _draw_card_face(
        self, surf, vp, card: str, rect, frame, label: str, used, spots=None
    ) -> None:
        """A phase card face up: parchment in its frame, ``label`` on its head band, its
        actions as tiles (``used`` ones veiled), the card's number at the foot of a tall
        card."""
        x, y, w, h = rect
        r = vp.rect(rect)
        plate, _inner = cards.plate(r.w, r.h, frame, theme.PARCHMENT)
        surf.blit(plate, r)
        tall = h > 90
        head = CARD_HEAD if tall else CARD_HEAD - 2
        band = vp.rect((x + 3, y + 3, w - 6, head - 2))
        pygame.draw.rect(surf, frame.back, band, border_radius=vp.size(2))
        paint.text(
            surf,
            vp,
            label,
            (x + w / 2, y + 2 + head / 2),
            TAG_PX,
            theme.INK,
            "display-bold",
            "center",
            fit=w - 8,
        )
        if tall and len(card) > 1:
            paint.text(
                surf,
                vp,
                card,
                (x + w / 2, y + h - 3 - CARD_FOOT / 2),
                TAG_PX,
                INK_ON_LIGHT,
                "display-bold",
                "center",
                fit=w - 8,
            )
        for code, spot in card_grid(rect, card) if spots is None else spots:
            option_tile(surf, vp, code, spot, code in used)

    def _draw_phase_cards(self, surf, vp, obs: Observation, phase: str) -> None:
        two = len(obs["cards"]) > 1
        frame = SH_GREEN if two else SH_RED
        spots = self.option_spots(obs, phase)
        for i, (x, y, w, h) in self.card_slots(obs, phase):
            r = vp.rect((x, y, w, h))
            card = obs["cards"][i].get(phase)
            if card is None:  # not chosen yet (SH-4.3): the deck's back
                surf.blit(cards.back(r.w, r.h, frame), r)
                continue
            flipped = int(phase) in obs["flipped"][i]
            if flipped:  # SH-14.1: the back's special action
                back = replace(frame, emblem=OPTION_ICONS[FLIP_ACTION[int(phase)]])
                surf.blit(cards.back(r.w, r.h, back), r)
                paint.text(
                    surf, vp, "↺", (x + w - 5, y + 3), TAG_PX, theme.HILITE, "bold", "topright"
                )
                continue
            label = f"{side_letter(i)} · {card}" if two else _("Phase {p}").format(p=phase)
            self._draw_card_face(
                surf,
                vp,
                card,
                (x, y, w, h),
                frame,
                label,
                obs["used"][i],
                [(c, spot) for j, c, spot in spots if j == i],
            )

    # ---------------------------------------------------------------- pieces
    def _chips(self, surf, vp, counts, colours, pos, width, vertical=False, height=TOKEN) -> None:
        """Unit counts as tokens (game.app.pieces): each kind's silhouette on its side's
        shield or disc with the count in a badge, zero left out, as large as they fit in
        a grid of ``width`` x ``height`` (overlapping a little in one row where none
        fits)."""
        x, y = pos
        kinds = INV_KINDS if colours is INV_RGB else DEF_KINDS
        for n, kind, cx, cy, size in chip_spots(counts, kinds, pos, width, height):
            self._piece(surf, vp, kind, (cx, cy), size, n)

    def _piece(self, surf, vp, kind: str, pos, size: float, count: int = 1) -> pygame.Rect:
        """The token of ``kind`` (a unit, machine, equipment, tile, hero or marker of
        pieces.PIECES) at ``pos``, ``size`` design pixels square."""
        img = pieces.token("stronghold", kind, vp.size(size), count)
        r = img.get_rect(topleft=vp.point(*pos))
        surf.blit(img, r)
        return r

    def _row(self, surf, vp, kinds, pos, width: float, size: float) -> None:
        """Tokens of ``kinds`` (machines, equipment, tiles) side by side from ``pos``,
        overlapping a little where ``width`` is too short for all."""
        for kind, at in zip(kinds, row_spots(len(kinds), pos, width, size), strict=True):
            self._piece(surf, vp, kind, at, size)

    def _works_at(self, surf, vp, obs: Observation, name: str, pos, width: float) -> None:
        """The heroes on wall section ``name`` (SH-17.7) and the Defender's works on it: a
        cauldron with the unit type it scalds, a platform (SH-16.3)."""
        here = [hero for hero, at in sorted(obs["heroes"].items()) if at == name]
        works = (
            here
            + ["cauldron"] * (name in obs["cauldrons"])
            + ["platform"] * (name in obs["platforms"])
        )
        self._row(surf, vp, works, pos, width, 22)
        kind = UNIT_LETTERS.get(obs["cauldrons"].get(name, ""))
        if kind:  # the cauldron's unit type on its lower right corner
            step = min(24, (width - 22) / max(1, len(works) - 1))
            at = pos[0] + here.__len__() * step + 12, pos[1] + 11
            self._piece(surf, vp, kind, at, 13)

    def _heroes_at(self, surf, vp, obs: Observation, where: str, pos, width: float) -> None:
        """The heroes standing at ``where`` (SH-17.7) as tokens, side by side from ``pos``
        across ``width``."""
        x, y = pos
        here = [hero for hero, at in sorted(obs["heroes"].items()) if at == where]
        for i, hero in enumerate(here):
            self._piece(surf, vp, hero, (x + i * (HERO_TOKEN + 2), y), HERO_TOKEN)

    def _tag(self, surf, vp, label: str, rect, colour) -> None:
        """``label`` on a small panel in 12 px type: where it is too long for the panel,
        in two lines (the panel grown upwards, its foot kept), and a panel too narrow for
        one word grown as wide as that word, about its middle."""
        x, y, w, h = rect
        px = vp.font_px(TAG_PX)
        lines = fonts.wrap(label, px, vp.size(w - 4), "bold")
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        widest = max(fonts.font(px, "bold").size(line)[0] for line in lines) / vp.scale + 6
        if widest > w:
            x, w = x + w / 2 - widest / 2, widest
        step = vp.text_h(TAG_PX)
        tall = max(h, step * len(lines) + 1)
        y, h = y + h - tall, tall
        paint.panel(surf, vp, (x, y, w, h), colour, (230, 220, 200), radius=3)
        top = y + h / 2 - step * len(lines) / 2
        for i, line in enumerate(lines):
            paint.text(
                surf,
                vp,
                line,
                (x + w / 2, top + i * step),
                TAG_PX,
                theme.INK,
                "bold",
                "midtop",
                fit=w - 4,
            )


# ---------------------------------------------------------------------- the castle
#: the sign on each building's roof (a Game-icons.net silhouette, assets/art/CREDITS.md)
BUILDING_ICONS = {
    "FG": "anvil",
    "WK": "hammer-nails",
    "SQ": "spyglass",
    "CT": "church",
    "BK": "medieval-barracks",
    "WT": "watchtower",
    "HS": "hospital-cross",
    "HG": "guards",
    "CY": "well",
}
PLAQUE_INK = theme.INK_DARK


@lru_cache(maxsize=4)
def castle_art(layout_name: str) -> str | None:
    """The drawing (assets/art/<name>.svg) of the map's image layer ``castle``, or None."""
    try:
        tmx = pytmx.TiledMap(str(resources.level(f"{layout_name}.tmx")))
    except Exception:  # noqa: BLE001 - no castle: the map's tiles are drawn
        return None
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledImageLayer) and layer.name == "castle":
            source = str(getattr(layer, "source", "") or "")
            name = source.replace("\\", "/").rsplit("/", 1)[-1]
            if name.endswith(".svg") and resources.asset("art", name).is_file():
                return name[:-4]
    return None


@i18n.on_language_change
@lru_cache(maxsize=2)
def castle_ground(layout_name: str, vp, size: tuple[int, int], lang: str) -> pygame.Surface:
    """The window-sized picture of the castle: the drawing at the board's pixel size, the
    signs on the roofs and the plaques naming the places in ``lang`` (the key)."""
    surf = pygame.Surface(size)
    surf.fill(theme.BG)
    board = vp.rect((0, 0, paint.BOARD_W, 800))
    surf.blit(art.picture(castle_art(layout_name), board.w, board.h), board.topleft)
    paint.mirror_out(surf, board, vp.rect(paint.board_area(vp)))  # the field goes on
    zone = VIEW.layout.zone
    for code, icon in BUILDING_ICONS.items():
        x, y, w, h = zone(code)
        centre, r = {
            "FG": ((x + w / 2, y + 52), 19),
            "WK": ((x + w / 2, y + 52), 19),
            "SQ": ((x + w / 2, y + 72), 22),
            "CT": ((x + w / 2, y + 72), 22),
            "HS": ((x + w - 20, y + h - 22), 15),
            "CY": ((x + w / 2, y + h - 32), 22),
        }.get(code, ((x + w / 2, y + 90), 16))
        sign(surf, vp, icon, centre, r)
    names = {
        "GW": _("West gathering place"),
        "GE": _("East gathering place"),
        "CAMP": _("Camp"),
        "BF": _("Forecourt"),
        "GATE": _("Gate"),
        "CY": _("Courtyard"),
        "HOSP": _("Wounded"),
    }
    names.update({b: _(n) for b, n in BUILDING_NAMES.items()})
    for name, words_ in names.items():
        x, y, w, h = zone(name)
        if name in ("GW", "GE", "CAMP"):
            plaque(
                surf,
                vp,
                words_,
                (x + 5, y + 2),
                w / 2 - 10 if name == "CAMP" else w - 30,
                "topleft",
            )
        else:
            plaque(surf, vp, words_, (x + w / 2, y + 2), w - 6)
    x, y, w, h = zone("CAMP")
    plaque(surf, vp, _("available"), (x + w / 2 + 4, y + 2), w / 2 - 10, "topleft")
    for r in range(1, 8):
        x, y, w, h = zone(f"R{r}")
        plaque(surf, vp, str(r), (x + 8, y + 3), 20, "topleft")
    return surf


def card_grid(rect, card: str) -> list[tuple[str, tuple]]:
    """(action, rectangle) of the actions printed on ``card`` lying in ``rect``: a grid of
    tiles (two columns) between the card's head and foot."""
    x, y, w, h = rect
    codes = PHASE_CARDS[card]
    tall = h > 90
    head, foot = (CARD_HEAD, CARD_FOOT) if tall else (CARD_HEAD - 2, 2)
    room = h - head - foot - 4
    size = min(28, (w - 9) / 2, (room - 3) / 2)
    cols = min(2, len(codes))
    rows = -(-len(codes) // cols)
    grid_h = rows * (size + 3) - 3
    top = y + 2 + head + (room - grid_h) / 2
    left = x + (w - cols * (size + 3) + 3) / 2
    return [
        (code, (left + k % cols * (size + 3), top + k // cols * (size + 3), size, size))
        for k, code in enumerate(codes)
    ]


def offered(obs: Observation) -> list[tuple[str, tuple]]:
    """SH-4.3: the phase cards offered to keep at set-up, with where each lies: standing
    in a row over the castle above the place of its phase."""
    pending = obs.get("pending") or {}
    if obs.get("stage") != "SETUP" or pending.get("kind") != "CARD":
        return []
    x, y, w, h = VIEW.layout.zone(f"CARD{pending['phase']}")
    cards_ = pending["offer"]
    left = min(x, 920 - len(cards_) * (w + 8))
    return [(card, (left + k * (w + 8), y - h - 10, w, h)) for k, card in enumerate(cards_)]


def tray(surf, vp, rect) -> None:
    """A wooden tray sunk into the table's rim, where the strip's pieces lie."""
    r = vp.rect(rect)
    pygame.draw.rect(surf, (46, 32, 20), r, border_radius=vp.size(5))
    pygame.draw.rect(surf, (150, 110, 70), r, max(1, vp.size(1)), border_radius=vp.size(5))
    pygame.draw.line(
        surf,
        (28, 20, 12),
        (r.x + vp.size(4), r.y + vp.size(1.5)),
        (r.right - vp.size(4), r.y + vp.size(1.5)),
        max(1, vp.size(2)),
    )


def banner(surf, vp, rect, colour) -> None:
    """A hanging banner in ``colour``: a pole, the cloth with a swallow tail, a dark
    rim."""
    x, y, w, h = rect
    cloth = [
        (x + 2, y + 4),
        (x + w - 2, y + 4),
        (x + w - 2, y + h),
        (x + w / 2, y + h - 8),
        (x + 2, y + h),
    ]
    pts = [vp.point(*pt) for pt in cloth]
    pygame.draw.line(
        surf, theme.WOOD_DARK, vp.point(x, y + 3), vp.point(x + w, y + 3), max(1, vp.size(3))
    )
    pygame.draw.polygon(surf, tuple(int(c * 0.75) for c in colour[:3]), pts)
    pygame.draw.polygon(surf, (24, 18, 12), pts, max(1, vp.size(1)))


@lru_cache(maxsize=256)
def _tile(code: str, px: int, used: bool, palette: bool) -> pygame.Surface:
    """An action's tile ``px`` pixels square (its piece, or its icon on a square in the
    colour of its kind), veiled with a tick once the action is used this round; kept per
    colour palette (``palette``)."""
    if code in PIECE_TABLE:
        img = pieces.token("stronghold", code, px).copy()
    else:
        img = pygame.Surface((px, px), pygame.SRCALPHA)
        colour = RITUAL_RGB if code in RITUALS else ACTION_RGB
        r = max(2, px // 6)
        pygame.draw.rect(img, colour, (0, 0, px, px), border_radius=r)
        pygame.draw.rect(img, (24, 18, 12), (0, 0, px, px), max(1, px // 14), border_radius=r)
        icon = art.icon(OPTION_ICONS[code], int(px * 0.72), theme.PARCHMENT)
        img.blit(icon, icon.get_rect(center=(px / 2, px / 2)))
    if used:  # SH-7.1: each action once per round
        veil = pygame.Surface((px, px), pygame.SRCALPHA)
        veil.fill((30, 26, 22, 150))
        img.blit(veil, (0, 0))
        w = max(2, px // 8)
        pygame.draw.lines(
            img,
            theme.OK,
            False,
            [(px * 0.2, px * 0.55), (px * 0.42, px * 0.78), (px * 0.82, px * 0.25)],
            w,
        )
    return img


#: the picture of each order tile (SH-13.6): the unit type it needs, a mask for a bluff
ORDER_ICONS = {"FRZ": "goblin", "EXP": "orc-head", "CAL": "troll", "BLF": "domino-mask"}


@lru_cache(maxsize=64)
def _order_img(kind: str, px: int, count: int) -> pygame.Surface:
    """An order tile ``px`` pixels square: sealing wax with the picture of its kind, its
    count in a badge where there are two."""
    img = pygame.Surface((px, px), pygame.SRCALPHA)
    r = max(2, px // 6)
    pygame.draw.rect(img, WAX_RGB, (0, 0, px, px), border_radius=r)
    pygame.draw.rect(img, (24, 18, 12), (0, 0, px, px), max(1, px // 14), border_radius=r)
    icon = art.icon(ORDER_ICONS[kind], int(px * 0.7), theme.PARCHMENT)
    img.blit(icon, icon.get_rect(center=(px / 2, px / 2)))
    if count > 1:
        badge = max(15, px * 0.42)  # its count 12 px at least, as every word
        centre = (px - badge / 2, px - badge / 2)
        pygame.draw.circle(img, (24, 18, 12), centre, badge / 2)
        text = fonts.text(str(count), max(12, int(badge * 0.8)), theme.PARCHMENT, "bold")
        img.blit(text, text.get_rect(center=centre))
    return img


def order_piece(surf, vp, kind: str, rect, count: int = 1) -> None:
    """An order tile of ``kind`` in ``rect`` (design units)."""
    r = vp.rect(rect)
    surf.blit(_order_img(kind, r.w, count), r)


def option_tile(surf, vp, code: str, rect, used: bool = False) -> None:
    """The tile of an action printed on a phase card (or of a ritual) in ``rect``."""
    r = vp.rect(rect)
    img = _tile(code, r.w, used, theme.colour_blind())
    surf.blit(img, r)


def plaque(
    surf, vp, words_: str, pos, room: float, anchor: str = "midtop", size: int = 12
) -> pygame.Rect:
    """A place's name on a small parchment plaque (display face), at most ``room`` wide
    (design units): in two lines where one would be wider, printed smaller only where a
    line still is."""
    px = vp.font_px(size)
    pad = vp.size(4)
    room_px = vp.size(room) - 2 * pad
    lines = [words_]
    if fonts.text(words_, px, PLAQUE_INK, "display").get_width() > room_px and " " in words_:
        cut = min(
            (i for i, c in enumerate(words_) if c == " "), key=lambda i: abs(2 * i - len(words_))
        )
        lines = [words_[:cut], words_[cut + 1 :]]
    imgs = [fonts.text(line, px, PLAQUE_INK, "display") for line in lines]
    # printed smaller where too wide, but never under its size at 100 % text: a word
    # that cannot be broken widens its plaque instead
    least = max(
        fonts.text(line, vp.text_px(size), PLAQUE_INK, "display").get_width() for line in lines
    )
    inner = max(min(max(img.get_width() for img in imgs), room_px), least)
    step = imgs[0].get_height() * 0.85
    box = pygame.Rect(
        0, 0, inner + 2 * pad, round(imgs[0].get_height() + step * (len(lines) - 1)) + vp.size(1)
    )
    setattr(box, anchor, vp.point(*pos))
    shadow = box.move(vp.size(1.5), vp.size(1.5))
    pygame.draw.rect(surf, (20, 16, 12), shadow, border_radius=vp.size(3))
    pygame.draw.rect(surf, theme.PARCHMENT, box, border_radius=vp.size(3))
    pygame.draw.rect(surf, theme.WOOD_DARK, box, max(1, vp.size(1)), border_radius=vp.size(3))
    for i, line in enumerate(lines):
        centre = (box.centerx, box.centery + (i - (len(lines) - 1) / 2) * step)
        paint.text(
            surf,
            vp,
            line,
            vp.to_design(centre),
            size,
            PLAQUE_INK,
            "display",
            "center",
            fit=inner / vp.scale,
        )
    return box


def sign(surf, vp, icon: str, centre, radius: float) -> None:
    """A building's sign: its icon dark on a round parchment plate with a wooden rim."""
    c = vp.point(*centre)
    r = vp.size(radius)
    pygame.draw.circle(surf, (20, 16, 12), (c[0] + vp.size(2), c[1] + vp.size(2)), r)
    pygame.draw.circle(surf, (222, 208, 176), c, r)
    pygame.draw.circle(surf, theme.WOOD_DARK, c, r, max(1, vp.size(2)))
    img = art.icon(icon, int(r * 1.3), (70, 46, 26))
    surf.blit(img, img.get_rect(center=c))


VIEW = SHView()
