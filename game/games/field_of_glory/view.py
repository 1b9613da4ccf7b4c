"""How a Field of Glory observation is drawn on ``levels/field_of_glory.tmx``.

The seat at the screen sits at the bottom: its units under each terrain card, its hand
and piles below; the opponent's units above the terrain cards and its counts in the top
band.  Items are keyed ``("hand", card)``, ``("unit", card)``, ``("col", i)`` (a terrain
card), ``("group", card)`` (a card of the draft group), ``("kept",)`` (the cards kept in
the draft), ``("pile", seat)`` (a draw pile), and the information zones
``("discard", seat)``, ``("victory", seat)``, ``("box", seat)``, ``("opphand", seat)``,
``("combat",)``.  A placement is two clicks (the hand card, then the terrain card, or the
unit of yours there that it replaces), so is an attack (the lead unit, then the target's
terrain card).  The draft and the retreat are choices of several cards (``picks``): the
two cards to keep, the units to retreat, clicked on the table and then confirmed; "none"
choices are buttons.  Only the observation is drawn: the opponent's hand and the draw
piles are counts.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from game.app import art, cards, fonts, i18n, motion, paint, pieces, theme
from game.app.coach import LOG, PROMPT, Step, first, items, zones
from game.app.i18n import N_, _, ngettext, pgettext
from game.app.view_contract import CHOSEN, ChartReading, Item, Prompt, SetupOption

from . import words
from .content import COLUMNS, CP, CTYPE, CV, IS_UNIT, MC, SIDE_OF, SIDES, VP, WP, card_name
from .observe import Observation
from .verbs import VERBS, as_action
from .words import card_label, card_tip, side_full

#: the sides' colours as printed, and told apart under colour blindness (theme.seat_colours)
theme.palettes(
    "field-of-glory",
    printed={"R": (168, 50, 42), "B": (46, 84, 158), "N": (120, 120, 112)},
    colour_blind={"R": theme.OI_VERMILLION, "B": theme.OI_BLUE, "N": (120, 120, 112)},
)
SIDE_RGB = theme.SeatColours("field-of-glory")  # the printed colours or colour-blind ones
TERRAIN_RGB = {
    "PLN": (150, 160, 96),
    "FOR": (52, 98, 56),
    "HIL": (150, 122, 80),
    "MAR": (78, 112, 110),
}
UNIT_W, UNIT_H = 84, 118  # a unit on the battlefield
HAND_W, HAND_H = 100, 204  # a card in the hand
DRAFT = (10, 424, 916, 368)  # the draft: its group's four cards large, the cards kept
DRAFT_W, DRAFT_H, DRAFT_GAP = 150, 280, 14  # a card of the group
LIFT = 16  # a picked card of the group stands this much higher
KEPT_X = 18 + 4 * (DRAFT_W + DRAFT_GAP) + 2  # the list of the cards kept, right of them
SHUF_WORDS = {"FIRST": "First Shuffle", "SECOND": "Second Shuffle", "ASIDE": "set aside"}


TERRAIN_ICON = {"PLN": "wheat", "FOR": "pine-tree", "HIL": "hills", "MAR": "swamp"}
#: the cards' frame: bronze, laurels in the corners, an eagle on the back
FRAME = cards.Frame((128, 92, 46), (232, 206, 140), (92, 40, 34), "eagle-emblem", "laurel")
#: the unit types' pictures (FG-22.1) and the other cards' (Leader, Envelopment, Reserve)
TYPE_ICONS = {
    "HI": "roman-shield",
    "PH": "pikeman",
    "SP": "spears",
    "MI": "swordman",
    "LI": "sling",
    "AR": "bowman",
    "CAV": "cavalry",
    "LC": "cloaked-figure-on-horseback",
    "EL": "elephant",
    "LD": "laurel-crown",
    "ENV": "encirclement",
    "RES": "rally-the-troops",
}
#: the game's pieces (game.app.pieces): a side's unit type, "R-HI"; Carthage came to Italy
PIECE_TABLE = {
    f"{side}-{t}": pieces.Piece(icon, shape, side)
    for side, shape in (("R", pieces.ATTACKER), ("B", pieces.DEFENDER))
    for t, icon in TYPE_ICONS.items()
}
CP_RGB = (196, 150, 56)  # command points: a gold diamond
MC_RGB = (96, 86, 72)  # movement cost: a square


def _unit(w: int, big: bool) -> float:
    """Pixels to a design pixel of a card ``w`` pixels wide (its size at 1280x800)."""
    return w / (HAND_W if big else UNIT_W)


def name_print(w: int, h: int, card: str, big: bool) -> tuple[int, list[str]]:
    """The name on a card ``w`` x ``h`` pixels: its pixel size and lines (two at most, a
    little smaller or with a long word hyphenated where it is wider than the card)."""
    return cards.name_fit(_(card_name(card)), w, _unit(w, big))


def rule_print(w: int, h: int, card: str) -> tuple[pygame.Rect, int, list[str]]:
    """The special rule of a big card ``w`` x ``h`` pixels as printed under its picture:
    where it goes, its pixel size (12 at 1280x800) and lines, the last ending in "…" where
    it is cut (the tooltip has it whole)."""
    unit = _unit(w, True)
    text = _(words.SPECIAL[CTYPE[card]][0])
    lay = cards.layout(w, h, _(card_name(card)), round(unit, 3), text, IS_UNIT[card], 0.34)
    return (lay.text, *cards.text_fit(text, lay.text.w, lay.text.h, round(unit, 3)))


@lru_cache(maxsize=16)
def effect_lines(vp, words_: str, w: float, h: float, size: int = 12) -> tuple[int, list]:
    """A terrain's effect in words on its card (``w`` x ``h`` design units): the size
    (``size``, 12 px at 1280x800: never smaller) and the lines that hold it; where they
    are more than the card holds, the last line shown ends in "…" (the terrain's tooltip
    has it whole)."""
    lines = fonts.wrap(words_, vp.font_px(size), vp.size(w))
    rows = max(1, int(h // (vp.text_h(size) * EFFECT_STEP)))
    if len(lines) <= rows:
        return size, lines
    last = cut(vp, lines[rows - 1] + " " + lines[rows], size, w)
    return size, [*lines[: rows - 1], last]


def cut(vp, words_: str, size: int, w: float) -> str:
    """``words_`` as a line ``w`` design units wide holds it at ``size``: cut after its
    last word that fits, with "…" (the item's tooltip has the whole line)."""
    font = fonts.font(vp.font_px(size))
    if font.size(words_)[0] <= vp.size(w):
        return words_
    while words_ and font.size(words_.rstrip(" ,;:") + "…")[0] > vp.size(w):
        words_ = words_.rsplit(" ", 1)[0] if " " in words_ else words_[:-1]
    return words_.rstrip(" ,;:") + "…"


EFFECT_STEP = 0.95  # a terrain effect's line step, in its text's height (tight: 4 lines)


def terrain_card(w: int, h: int, kind: str) -> pygame.Surface:
    """A terrain card ``w`` x ``h`` pixels lying sideways: its ground's colour in the
    bronze frame, its picture (wheat, pine, hills, swamp) faint on the left of its
    control badge."""
    surf, inner = cards.plate(w, h, FRAME, TERRAIN_RGB[kind])
    side = inner.h - 2
    img = art.icon(TERRAIN_ICON[kind], side, cards.mix(TERRAIN_RGB[kind], (255, 255, 255), 0.22))
    surf.blit(img, img.get_rect(midright=(inner.right - round(w * 0.38), inner.centery)))
    return surf


def card_badges(card: str) -> tuple:
    """A card's numbers: a unit's CV (circle), CP (gold diamond) and MC (square); another
    card's CP."""
    if not IS_UNIT[card]:
        return (cards.Badge(str(CP[card]), "diamond", CP_RGB, "tl"),)
    side = SIDE_RGB[card[0]]
    return (
        cards.Badge(str(CV[card]), "circle", cards.mix(side, (0, 0, 0), 0.3), "tl"),
        cards.Badge(str(CP[card]), "diamond", CP_RGB, "tr"),
        cards.Badge(str(MC[card]), "square", MC_RGB, "bl"),
    )


@i18n.on_language_change
@theme.on_palette_change
@lru_cache(maxsize=512)
def card_face(w: int, h: int, card: str, big: bool) -> pygame.Surface:
    """A card ``w`` x ``h`` pixels in its side's colour: the name, the type's picture, CV
    in a round badge and CP in a gold diamond (a leader, envelopment or reserve card: CP
    only), MC in a square; a big card adds its special rule and its WP and VP."""
    unit = _unit(w, big)
    kind = CTYPE[card]
    side = SIDE_RGB[card[0]]
    badges = card_badges(card)
    foot = _("WP {wp} · VP {vp}").format(wp=WP[card], vp=VP[card]) if big and IS_UNIT[card] else ""
    text = _(words.SPECIAL[kind][0]) if big and kind in words.SPECIAL else ""
    face = cards.card(
        w,
        h,
        FRAME,
        side,
        _(card_name(card)),
        pieces.kind_icon("field-of-glory", kind),
        badges,
        text,
        foot,
        round(unit, 3),
        art_share=0.34,
    )
    return face


#: the guided first turn (game.app.coach): the table's parts in order, each step
#: waiting for the move it explains, where it names verbs
GUIDE = (
    Step(
        N_(
            "The draft: keep 2 of these 4 cards, the other 2 go to the box. Your deck is "
            "built this way, 24 cards."
        ),
        items("group"),
        ("KEEP",),
    ),
    Step(
        N_(
            "The battlefield: five terrain cards. Control 3 of them at the start of your "
            "turn and you win."
        ),
        items("col"),
    ),
    Step(
        N_(
            "Your cards: those you keep in the draft become your deck; later your draw, "
            "discard and victory piles lie here."
        ),
        first(items("kept"), zones("own_pile", "own_discard", "own_victory")),
    ),
    PROMPT,
    LOG,
)


class FGView(paint.MapView):
    layout_name = "field_of_glory"
    guide = GUIDE
    emblems = ("crossed-swords", "knight-banner")  # the title's, set-up's and results' pictures
    rule_prefix = "FG"  # its rule IDs
    blurb = N_("Two armies of the Punic Wars fight over five terrain cards.")
    piece_table = PIECE_TABLE

    def piece_kind(self, card: str) -> str:
        """A card's piece (game.app.pieces): its side and unit type (FG-22.1), "R-HI3" ->
        "R-HI"; a unit type without its side is the first side's, "HI" -> "R-HI"."""
        for side in "RB":
            if f"{side}-{card}" in PIECE_TABLE:
                return f"{side}-{card}"
        if card not in CTYPE:
            raise KeyError(card)
        return f"{SIDES[SIDE_OF[card]]}-{CTYPE[card]}"

    #: event kind -> sound (game.app.sound; an "ACT" event is a move)
    sounds = {
        "ACT": "card",
        "DRAW": "card",
        "REVEAL": "card",
        "STRENGTH": "dice",
        "OUTCOME": "dice",
        "ROUT": "fall",
        "CONTROL": "fall",
        "END": "end",
    }

    # ------------------------------------------------------------------ set-up
    def setup_options(self, players: int) -> list[SetupOption]:
        onoff = [(False, _("off")), (True, _("on"))]
        return [
            SetupOption("historical", _("Historical armies (FG-23.2)"), onoff, False),
            SetupOption("short", _("Short game (FG-23.3)"), onoff, False),
            SetupOption("open_hands", _("Open hands (FG-23.4)"), onoff, False),
        ]

    def config(self, players: int, options: dict) -> dict:
        cfg = {"players": 2}
        for key in ("historical", "short", "open_hands"):
            if key in options:
                cfg[key] = bool(options[key])
        return cfg

    def seat_label(self, obs: Observation, seat: int) -> str:
        return side_full(SIDES[seat])

    # ------------------------------------------------------------------ places
    @staticmethod
    def _pair_rects(zone, n: int) -> list[tuple]:
        x, y, w, h = zone
        top = y + (h - UNIT_H) / 2
        if n <= 1:
            return [(x + (w - UNIT_W) / 2, top, UNIT_W, UNIT_H)] * n
        gap = (w - 2 * UNIT_W) / 3
        return [(x + gap, top, UNIT_W, UNIT_H), (x + 2 * gap + UNIT_W, top, UNIT_W, UNIT_H)]

    @staticmethod
    def _hand_size(n: int) -> tuple[int, int]:
        """Cards of a hand of ``n``: one row of big cards, or two rows of small ones."""
        return (HAND_W, HAND_H) if n <= 9 else (UNIT_W, 104)

    def _hand_rects(self, n: int) -> list[tuple]:
        x, y, w, h = self.layout.zone("hand")
        cw, ch = self._hand_size(n)
        rows = 1 if n <= 9 else 2
        per_row = -(-n // rows)
        step = cw + 6 if per_row <= 1 else min(cw + 6, (w - 16 - cw) / (per_row - 1))
        out = []
        for i in range(n):
            row, k = divmod(i, per_row)
            last = k == per_row - 1 or i == n - 1
            out.append(
                (x + 8 + k * step, y + 28 + row * (ch + 8), cw if last else min(cw, step), ch)
            )
        return out

    @staticmethod
    def _group_rects(n: int) -> list[tuple]:
        """The draft group's cards, side by side under the draft's title; each rect has
        room above the card for it to stand up when picked."""
        x, y, w, h = DRAFT
        return [
            (x + 8 + i * (DRAFT_W + DRAFT_GAP), y + 30, DRAFT_W, DRAFT_H + LIFT) for i in range(n)
        ]

    @staticmethod
    def card_rect(item: Item, picked: bool) -> tuple:
        """Where a card of the draft group is drawn: raised when it is picked."""
        x, y, w, h = item.rect
        return (x, y if picked else y + LIFT, w, h - LIFT)

    # ------------------------------------------------------------------ items
    def items(self, obs: Observation) -> list[Item]:
        lay = self.layout
        me = obs["seat"]
        opp = 1 - me
        sides = obs["sides"]
        out: list[Item] = [
            Item(("opphand", opp), lay.zone("opp_hand"), self._hand_tip(obs, opp)),
            Item(("pile", opp), lay.zone("opp_pile"), self._pile_tip(obs, opp)),
            Item(("discard", opp), lay.zone("opp_discard"), self._discard_tip(obs, opp)),
            Item(("victory", opp), lay.zone("opp_victory"), self._victory_tip(obs, opp)),
        ]
        own = sides[me]
        drafting = obs["step"] == "KEEP" and bool(own.get("group"))
        if not drafting:  # in the draft, its cards take the room of these
            out += [
                Item(("pile", me), lay.zone("own_pile"), self._pile_tip(obs, me)),
                Item(("discard", me), lay.zone("own_discard"), self._discard_tip(obs, me)),
                Item(("victory", me), lay.zone("own_victory"), self._victory_tip(obs, me)),
                Item(("box", me), lay.zone("own_box"), self._box_tip(obs, me)),
                Item(("combat",), lay.zone("combat"), self._combat_tip(obs)),
            ]
        for i in range(5):
            out.append(
                Item(
                    ("col", i),
                    lay.zone(f"c{i + 1}_terrain"),
                    words.terrain_tip(obs["terrain"][i], obs["control"][i], i),
                )
            )
            for seat, zone in ((opp, f"c{i + 1}_opp"), (me, f"c{i + 1}_own")):
                units = sides[seat]["units"][i]
                for card, rect in zip(
                    units, self._pair_rects(lay.zone(zone), len(units)), strict=True
                ):
                    out.append(Item(("unit", card), rect, self._unit_tip(obs, card, i)))
        if drafting:
            for card, rect in zip(own["group"], self._group_rects(len(own["group"])), strict=True):
                out.append(
                    Item(
                        ("group", card),
                        rect,
                        card_tip(card)
                        + "\n"
                        + _(
                            "Click to keep it (click again: not). Keep 2 of the 4 and confirm; the "
                            "other 2 go to the box (FG-4.3.1)."
                        ),
                    )
                )
            x, y, w, h = DRAFT
            out.append(Item(("kept",), (KEPT_X, y, x + w - KEPT_X, h), self._draft_tip(obs)))
        else:
            hand = own.get("hand", [])
            for card, rect in zip(hand, self._hand_rects(len(hand)), strict=True):
                out.append(Item(("hand", card), rect, card_tip(card)))
        return out

    # ------------------------------------------------------------------ tooltips
    def _hand_tip(self, obs, seat) -> str:
        e = obs["sides"][seat]
        text = _("{who}'s hand: {n} cards.").format(who=side_full(SIDES[seat]), n=e["hand_count"])
        if "hand" in e:
            text += "\n" + ", ".join(card_label(c) for c in e["hand"]) + " " + _("(open hands)")
        return text + " " + _("Hand sizes are public (FG-20.1).")

    def _pile_tip(self, obs, seat) -> str:
        e = obs["sides"][seat]
        state = _(SHUF_WORDS[e["shuffle_card"]])
        text = _(
            "{who}'s draw pile: {n} cards. Shuffle card: {state}; reshuffles so far: {r} (FG-5.4)."
        ).format(who=side_full(SIDES[seat]), n=e["pile_count"], state=state, r=e["reshuffles"])
        if seat == obs["seat"] and obs["step"] in ("ABONUS", "DBONUS"):
            text += "\n" + _("Click it to take the top card as your bonus (FG-12.4).")
        if seat == obs["seat"] and obs["step"] == "DRAW":
            text += "\n" + _("Click it to draw 3 cards (FG-18.1).")
        if "pile_set" in e:
            text += "\n" + _("Its cards (order unknown): {cards}").format(
                cards=", ".join(card_label(c) for c in e["pile_set"]) or _("none")
            )
        return text

    def _discard_tip(self, obs, seat) -> str:
        e = obs["sides"][seat]
        listed = ", ".join(card_label(c) for c in e["discard"][-12:])
        more = "… " if len(e["discard"]) > 12 else ""
        return _("{who}'s discard pile: {n} cards, face up (FG-5.2).").format(
            who=side_full(SIDES[seat]), n=len(e["discard"])
        ) + ("\n" + more + listed if listed else "")

    def _victory_tip(self, obs, seat) -> str:
        e = obs["sides"][seat]
        vp = sum(VP[c] for c in e["victory_pile"])
        listed = ", ".join(card_label(c) for c in e["victory_pile"])
        return _(
            "{who}'s victory pile: {n} enemy cards, {vp} VP. VP decide only when the "
            "terrain is tied at the end (FG-19.3)."
        ).format(who=side_full(SIDES[seat]), n=len(e["victory_pile"]), vp=vp) + (
            "\n" + listed if listed else ""
        )

    def _box_tip(self, obs, seat) -> str:
        e = obs["sides"][seat]
        return _("The box: {n} cards rejected in the draft, out of the game (FG-4.3).").format(
            n=e["box_count"]
        )

    def _draft_tip(self, obs) -> str:
        own = obs["sides"][obs["seat"]]
        kept = ", ".join(card_cp(c) for c in own.get("kept", [])) or _("none")
        return _(
            "Kept in the draft so far ({n} of 24): {cards}. They are shuffled into your "
            "draw pile when the draft ends (FG-4.4). In the box, out of the game: "
            "{box}."
        ).format(n=own["kept_count"], cards=kept, box=own["box_count"])

    def _unit_tip(self, obs, card: str, col: int) -> str:
        text = card_tip(card)
        cb = obs.get("combat")
        if cb:
            if card == cb["lead"]:
                text += "\n" + _("Leads the attack.")
            elif card == cb["front"]:
                text += "\n" + _("The defender's front unit (FG-12.7).")
            if (
                obs["step"] == "RETREAT"
                and obs["to_act"] == obs["seat"]
                and col == cb["column"]
                and card in obs["sides"][obs["seat"]]["units"][col]
            ):
                text += "\n" + _(
                    "Click it to retreat it (again: it stays), then confirm (FG-12.5)."
                )
        elif (
            obs["step"] in ("ACT", "PLACE")
            and obs["to_act"] == obs["seat"]
            and card in obs["sides"][obs["seat"]]["units"][col]
        ):
            text += "\n" + _(
                "To replace it, click a unit of your hand, then this one: it is "
                "discarded as the new one is placed (FG-11.5)."
            )
        return f"{COLUMNS[col]}: " + text

    def _combat_tip(self, obs) -> str:
        cb = obs.get("combat")
        if cb is None:
            return _(
                "The combat panel: the assault or flank attack under way, else the "
                "last one (FG-20.6)."
            )
        return "\n".join(self._combat_lines(obs))

    # ------------------------------------------------------------------ actions
    def target(self, obs: Observation, action) -> tuple | list | None:
        """The item(s) clicked for an action: its verb's ``target`` (verbs.py)."""
        a = as_action(action)
        return VERBS[a.verb].target(SIDES.index(a.side), a.args)

    def picks(self, obs: Observation, action) -> frozenset | None:
        """The draft's pair (FG-4.3.1) and the units that retreat (FG-12.5; none:
        stand) are chosen by clicking the cards themselves, then confirming."""
        a = as_action(action)
        kind = VERBS[a.verb].picks
        return frozenset((kind, c) for c in a.args) if kind else None

    def action_label(self, obs: Observation, action) -> str:
        return words.action_label(obs, action)

    def confirm(self, obs: Observation, action) -> str | None:
        return words.confirm(action)

    def prompt(self, obs: Observation) -> Prompt:
        text, rule = words.prompt(obs)
        return Prompt(text, rule)

    def status(self, obs: Observation) -> str:
        return words.status(obs)

    def describe(self, event: tuple, names: list[str]) -> str | None:
        return words.describe(event, names)

    def event_place(self, event: tuple) -> tuple | None:
        """The terrain card an event tells of (its first column)."""
        for arg in event[2:]:
            if isinstance(arg, str) and arg in COLUMNS:
                return ("col", COLUMNS.index(arg))
        return None

    def summary(self, event: tuple, history: list) -> tuple[str, str] | None:
        """A combat's strengths and outcome (FG-13), shown when it is decided."""
        if event[1] != "OUTCOME":
            return None
        lines = []
        for e in history[-8:]:
            if e[1] in ("REVEAL", "STRENGTH", "ENVELOP"):
                lines.append(words.describe(e))
        lines.append(words.describe(event))
        return _("Combat in {col}").format(col=event[3]), "\n".join(lines)

    # ------------------------------------------------------------------ results
    # FG-19.3: the terrain cards each side controls, turn by turn (FG-6.1)
    chart_title = N_("Terrain cards held by turn")

    def chart_axis(self) -> str:
        return pgettext("field-of-glory", "Turn")

    def chart_reading(self, obs: Observation) -> ChartReading:
        held = [obs["control"].count(side) for side in SIDES]
        return ChartReading(obs["turn"], held, list(SIDES), top=len(obs["control"]))

    def results(self, obs: Observation) -> list[tuple[str, str, str]]:
        """FG-19: each side's terrain cards and VP, the winner and why (read from the
        open observation)."""
        rows = []
        for p in (0, 1):
            side = obs["sides"][p]
            terrain = obs["control"].count(SIDES[p])
            vp = sum(VP[c] for c in side["victory_pile"])
            score = _("{t} terrain · {vp} VP").format(t=terrain, vp=vp)
            if obs["winner"] == p:
                detail = _("Wins: {why}.").format(why=_(words.END_WHY[obs["end_reason"]]))
                if obs["end_reason"] != "CHECK":
                    detail += " " + _("More terrain cards, then more VP decide (FG-19.3).")
            elif obs["winner"] is None and obs["end_reason"]:
                detail = _("A draw: terrain and VP are tied (FG-19.3).")
            else:
                detail = _("Victory pile: {cards}. Shuffle card: {s}.").format(
                    cards=_enemy_cards(len(side["victory_pile"])),
                    s=_(SHUF_WORDS[side["shuffle_card"]]),
                )
            rows.append((side_full(SIDES[p]), score, detail))
        return rows

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, vp, obs: Observation, items: list[Item], marks: dict) -> None:
        """The table as the observation shows it (drawn once per observation and window
        size, then copied; anew in another language), with the table's marks on top."""
        if getattr(self, "_drawn_in", None) != i18n.language():
            self._picture, self._drawn_in = paint.Picture(), i18n.language()
        self._picture.blit(
            surf,
            vp,
            obs,
            paint.board_area(vp),
            lambda picture: self._draw_table(picture, vp, obs, items),
        )
        picked = {k for k, m in marks.items() if m == CHOSEN and k[0] == "group"}
        self._draw_group(surf, vp, items, picked)
        paint.marks(surf, vp, items, marks, lambda item: self._shown_rect(item, picked), 6)
        if obs["step"] == "RETREAT":  # the units picked to retreat say so
            for item in items:
                if item.key[0] == "unit" and marks.get(item.key) == CHOSEN:
                    self._tag(surf, vp, item.rect, _("retreats"))

    def _draw_group(self, surf, vp, items: list[Item], picked: set) -> None:
        """The draft group's cards, drawn each frame: a picked card stands up with "keep"
        under it; once two are picked the others are veiled, "to the box"."""
        group = [i for i in items if i.key[0] == "group"]
        full = len(picked) >= 2
        for item in group:
            up = item.key in picked
            x, y, w, h = rect = self.card_rect(item, up)
            r = vp.rect(rect)
            surf.blit(card_face(r.w, r.h, item.key[1], True), r)
            if full and not up:
                surf.blit(cards.veil(r.w, r.h, 120), r)
            tag, colour = (
                (_("keep"), theme.ACCENT)
                if up
                else (_("to the box"), theme.INK_DIM)
                if full
                else ("", None)
            )
            if tag:
                paint.text(
                    surf,
                    vp,
                    tag,
                    (x + w / 2, item.rect[1] + item.rect[3] + 6),
                    theme.FONT_SMALL,
                    colour,
                    "bold",
                    "midtop",
                    fit=w,
                )

    def _shown_rect(self, item: Item, picked=frozenset()) -> tuple:
        if item.key[0] == "group":
            return self.card_rect(item, item.key in picked)
        if item.key[0] == "hand":
            x, y, _w, h = item.rect
            return (x, y, UNIT_W if h < HAND_H else HAND_W, h)
        return item.rect

    def _draw_table(self, surf, vp, obs: Observation, items: list[Item]) -> None:
        self.draw_ground(surf, vp)
        self.draw_status(surf, vp, obs)
        me, opp = obs["seat"], 1 - obs["seat"]
        self._draw_band(surf, vp, obs, opp)
        self._draw_columns(surf, vp, obs)
        for item in items:
            kind = item.key[0]
            if kind == "unit":
                self._draw_unit(surf, vp, obs, item.key[1], item.rect)
        own = obs["sides"][me]
        if obs["step"] == "KEEP" and own.get("group"):
            self._draw_draft(surf, vp, obs)
            return
        self._draw_combat(surf, vp, obs)
        self._draw_own_info(surf, vp, obs, me)
        self._draw_hand(surf, vp, obs, items)

    def _draw_draft(self, surf, vp, obs) -> None:
        """The draft (FG-4.3) where the combat, the own piles and the hand lie later: its
        title, the group's place (its cards are drawn over it each frame) and the cards
        kept so far, by type with their number."""
        x, y, w, h = DRAFT
        own = obs["sides"][obs["seat"]]
        rgb = SIDE_RGB[SIDES[obs["seat"]]]
        paint.panel(surf, vp, DRAFT, (28, 30, 34), rgb, radius=8, width=2)
        paint.text(
            surf,
            vp,
            _("Draft, group {k} of 12: keep 2 of these 4 cards").format(
                k=own["kept_count"] // 2 + 1
            ),
            (x + 10, y + 6),
            theme.FONT,
            theme.INK,
            "display-bold",
            fit=KEPT_X - x - 24,
        )
        kx, kw = KEPT_X, x + w - KEPT_X - 8
        paint.panel(surf, vp, (kx, y + 8, kw, h - 16), (36, 38, 42), theme.PANEL_EDGE, radius=6)
        paint.text(
            surf,
            vp,
            _("Kept: {n} of 24").format(n=own["kept_count"]),
            (kx + 10, y + 14),
            theme.FONT_SMALL,
            theme.INK,
            "bold",
            fit=kw - 20,
        )
        kinds: dict[str, list[str]] = {}
        for card in own.get("kept", []):
            kinds.setdefault(CTYPE[card], []).append(card)
        row = 24
        for i, kept in enumerate(kinds.values()):
            ry = y + 38 + i * row
            if ry + row > y + h - 30:
                break
            icon = art.icon(pieces.kind_icon("field-of-glory", kept[0]), vp.size(18), rgb)
            surf.blit(icon, vp.point(kx + 8, ry + 1))
            count = paint.text(
                surf,
                vp,
                f"×{len(kept)}",
                (kx + kw - 8, ry + 2),
                theme.FONT_SMALL,
                theme.ACCENT,
                "bold",
                "topright",
            )
            room = (vp.to_design(count.topleft)[0]) - kx - 38
            names = ", ".join(dict.fromkeys(_(card_name(c)) for c in kept))  # the leaders
            paint.text(
                surf,
                vp,
                names,
                (kx + 30, ry + 2),
                theme.FONT_SMALL,
                theme.INK,
                "display-bold",
                fit=room,
            )
        paint.text(
            surf,
            vp,
            _("In the box: {n}").format(n=own["box_count"]),
            (kx + 10, y + h - 14),
            theme.FONT_SMALL,
            theme.INK_DIM,
            anchor="bottomleft",
            fit=kw - 20,
        )

    def _info(self, surf, vp, rect, title: str, value: str, sub: str, colour) -> None:
        x, y, w, h = rect
        paint.panel(surf, vp, rect, (28, 30, 34), colour, radius=6, width=2)
        value_at = paint.text(
            surf, vp, value, (x + w - 8, y + 3), 20, theme.INK, "bold", "topright"
        )
        number = re.match(r"-?\d+", value)  # a pile's count or VP: its change rises here
        if number:
            motion.value(("info", tuple(rect)), int(number.group()), value_at)
        room = vp.to_design(value_at.topleft)[0] - x - 14  # the title ends before the value
        paint.text(
            surf,
            vp,
            cut(vp, title, 12, room),
            (x + 8, y + 4),
            theme.FONT_SMALL,
            theme.INK_DIM,
            fit=room,
        )  # never under 12 px: cut, the tooltip tells
        paint.text(
            surf,
            vp,
            cut(vp, sub, 12, w - 16),
            (x + 8, y + h - 6),
            12,
            theme.INK,
            anchor="bottomleft",
            fit=w - 16,
        )  # cut in 12 px: the tooltip has it whole

    def _draw_band(self, surf, vp, obs, seat) -> None:
        lay = self.layout
        e = obs["sides"][seat]
        side = SIDES[seat]
        rgb = SIDE_RGB[side]
        x, y, w, h = lay.zone("opp_hand")
        paint.panel(surf, vp, (x, y, w, h), (28, 30, 34), rgb, radius=6, width=2)
        paint.text(surf, vp, side_full(side), (x + 8, y + 4), theme.FONT_SMALL, theme.INK, "bold")
        n = e["hand_count"]
        for i in range(min(n, 12)):
            r = vp.rect((x + 8 + i * 9, y + 24, 18, 26))
            surf.blit(cards.back(r.w, r.h, FRAME), r)
        paint.text(
            surf,
            vp,
            _("hand {n}").format(n=n),
            (x + w - 8, y + h - 6),
            theme.FONT_SMALL,
            theme.INK,
            "bold",
            "bottomright",
        )
        piles = (
            ("opp_pile", _("Draw pile")),
            ("opp_discard", _("Discard pile")),
            ("opp_victory", _("Victory pile")),
        )
        self._draw_piles(surf, vp, e, rgb, piles)

    def _draw_piles(self, surf, vp, e: dict, rgb, piles) -> None:
        """A side's draw, discard and victory piles, each in its ``(zone, heading)`` of
        ``piles``: its count (the victory pile's VP) and a line about it."""
        top = e["discard"][-1] if e["discard"] else None
        told = (
            (
                str(e["pile_count"]),
                _("Shuffle card: {s}").format(s=_(SHUF_WORDS[e["shuffle_card"]])),
            ),
            (
                str(len(e["discard"])),
                _("top: {card}").format(card=card_label(top)) if top else _("empty"),
            ),
            (
                _("{n} VP").format(n=sum(VP[c] for c in e["victory_pile"])),
                _enemy_cards(len(e["victory_pile"])),
            ),
        )
        for (zone, heading), (value, line) in zip(piles, told, strict=True):
            self._info(surf, vp, self.layout.zone(zone), heading, value, line, rgb)

    def _draw_own_info(self, surf, vp, obs, seat) -> None:
        lay = self.layout
        e = obs["sides"][seat]
        rgb = SIDE_RGB[SIDES[seat]]
        piles = (
            ("own_pile", _("Your draw pile")),
            ("own_discard", _("Your discard")),
            ("own_victory", _("Your victory pile")),
        )
        self._draw_piles(surf, vp, e, rgb, piles)
        self._info(
            surf,
            vp,
            lay.zone("own_box"),
            _("Box (out of game)"),
            str(e["box_count"]),
            _("kept in the draft: {n}").format(n=e["kept_count"])
            if obs["step"] == "KEEP"
            else _("rejected in the draft"),
            rgb,
        )

    @staticmethod
    def control_badge(zone) -> tuple:
        """Where a column's control badge (FG-0.5: R, B or N) goes in its terrain
        ``zone``: wide enough for "neutralny" or "Niebieski" in a 960x600 window, and in
        12 px at 1280x720 with the text at 150 %."""
        x, y, w, h = zone
        return x + w - 76, y + 24, 70, 36

    def _draw_columns(self, surf, vp, obs) -> None:
        lay = self.layout
        cb = obs.get("combat")
        me = obs["seat"]
        for i in range(5):
            fighting = cb is not None and cb["column"] == i
            launch = (
                cb is not None and cb["launch_column"] == i and cb["launch_column"] != cb["column"]
            )
            for zone in (f"c{i + 1}_opp", f"c{i + 1}_own"):
                edge = theme.ACCENT if fighting else (120, 200, 230) if launch else (70, 84, 70)
                if zone.endswith("_own") and i in obs["advance"] and obs["step"] == "ADVDROP":
                    edge = theme.HILITE
                paint.panel(
                    surf,
                    vp,
                    lay.zone(zone),
                    (40, 56, 42),
                    edge,
                    radius=8,
                    width=3 if fighting or launch else 1,
                )
            t = obs["terrain"][i]
            x, y, w, h = lay.zone(f"c{i + 1}_terrain")
            kind = t[:3]
            r = vp.rect((x, y, w, h))  # a terrain card lying across the field (FG-0.5)
            surf.blit(terrain_card(r.w, r.h, kind), r)
            title = f"{COLUMNS[i]} · {words.terrain_name(t)}"
            room = w - 16  # the title as wide as the card leaves it (beside "wing")
            if i in (0, 4):
                wing = paint.text(
                    surf,
                    vp,
                    _("wing"),
                    (x + w - 8, y + 7),
                    theme.FONT_SMALL,
                    (255, 240, 200),
                    "bold",
                    "topright",
                )
                room = (wing.left - vp.point(x, y)[0]) / vp.scale - 14
            paint.text(
                surf, vp, title, (x + 8, y + 5), theme.FONT, (255, 255, 255), "bold", fit=room
            )
            eff = {
                "PLN": _("no effect"),  # in words, not type codes (the tooltip: whole)
                "FOR": _("difficult; heavy foot, cavalry, elephants −2; light inf. +1"),
                "HIL": _("defender +1"),
                "MAR": _("difficult; cavalry, light cav., elephants −2; phalanx −1"),
            }[kind]
            cx, cy, cw, ch = self.control_badge((x, y, w, h))
            size, lines = effect_lines(vp, eff, cx - x - 10, 40)
            for n, line in enumerate(lines):
                paint.text(
                    surf,
                    vp,
                    line,
                    (x + 8, y + 25 + n * vp.text_h(size) * EFFECT_STEP),
                    size,
                    (245, 245, 235),
                    fit=cx - x - 10,
                )
            ctrl = obs["control"][i]
            paint.panel(surf, vp, (cx, cy, cw, ch), SIDE_RGB[ctrl], (255, 255, 255), radius=5)
            label = {"N": _("neutral"), "R": _("Red"), "B": _("Blue")}[ctrl]
            arrow = "" if ctrl == "N" else ("▼" if SIDES.index(ctrl) == me else "▲")
            paint.text(
                surf, vp, arrow or "—", (cx + cw / 2, cy + 2), 14, (255, 255, 255), "bold", "midtop"
            )
            face = (
                "bold"
                if fonts.font(vp.font_px(12), "bold").size(label)[0] <= vp.size(cw - 4)
                else "sans"
            )  # "neutralny" in 12 px: the regular face
            paint.text(
                surf,
                vp,
                label,
                (cx + cw / 2, cy + ch - 2),
                12,
                (255, 255, 255),
                face,
                "midbottom",
                fit=cw - 4,
            )

    def _draw_unit(self, surf, vp, obs, card: str, rect) -> None:
        r = vp.rect(rect)
        surf.blit(card_face(r.w, r.h, card, False), r)
        cb = obs.get("combat")
        tag = ""
        if cb is not None:
            if card == cb["lead"]:
                tag = _("LEAD")
            elif card == cb["front"]:
                tag = _("FRONT")
        if tag:
            self._tag(surf, vp, rect, tag)

    @staticmethod
    def _tag(surf, vp, rect, tag: str) -> None:
        """A unit's tag (LEAD, FRONT, retreats) on a band across its picture."""
        x, y, w, h = rect
        paint.panel(surf, vp, (x + 3, y + h - 44, w - 6, 18), theme.ACCENT, None, radius=4)
        face = (
            "bold" if fonts.font(vp.font_px(12), "bold").size(tag)[0] <= vp.size(w - 9) else "sans"
        )  # "PROWADZI" in 12 px: the regular face
        paint.text(
            surf, vp, tag, (x + w / 2, y + h - 35), 12, theme.INK_DARK, face, "center", fit=w - 9
        )  # 12 px at 1280x720 too

    def _combat_lines(self, obs) -> list[str]:
        cb = obs["combat"]
        me = obs["seat"]
        active = obs["active"]
        att, dfn = SIDES[active], SIDES[1 - active]
        col = COLUMNS[cb["column"]]
        if cb["kind"] == "FLANK":
            head = _("Flank attack by {who} on {col} from {l} (+2, FG-9.7)").format(
                who=words.side_word(att), col=col, l=COLUMNS[cb["launch_column"]]
            )
        else:
            head = _("Assault by {who} on {col} (FG-12)").format(who=words.side_word(att), col=col)
        lines = [head]
        lead = cb["lead"]
        text = _("Attacker leads {card} (CV {cv}, MC {mc})").format(
            card=card_label(lead), cv=CV[lead], mc=MC[lead]
        )
        if cb["envelopment"]:
            text += " · " + _("Envelopment")
        lines.append(text)
        lines.append(
            _("Attacker's bonus: {b}").format(b=self._bonus_text(cb, "attacker", active == me))
        )
        front = cb["front"]
        text = (
            _("Defender's front: {card}").format(card=card_label(front))
            if front
            else _("Defender's front: not chosen yet")
        )
        if cb["retreated"]:
            text += " · " + _("retreated: {cards}").format(
                cards=", ".join(card_label(c) for c in cb["retreated"])
            )
        lines.append(text)
        lines.append(
            _("Defender's bonus: {b}").format(b=self._bonus_text(cb, "defender", active != me))
        )
        del dfn
        return lines

    @staticmethod
    def _bonus_text(cb, who: str, mine: bool) -> str:
        card = cb.get(who + "_bonus")
        src = cb[who + "_bonus_from"]
        if card:
            return _("{card} (+{n}, from {src})").format(
                card=card_label(card), n=CP[card], src=_("hand") if src == "HAND" else _("deck")
            )
        if src == "HAND":
            return _("face down, from the hand")
        if src == "DECK":
            return _("face down, from the deck")
        if src == "NONE":
            return _("none")
        return _("not chosen yet")

    def _draw_combat(self, surf, vp, obs) -> None:
        zone = self.layout.zone("combat")
        x, y, w, h = zone
        cb = obs.get("combat")
        paint.panel(
            surf,
            vp,
            zone,
            (28, 30, 34),
            theme.ACCENT if cb else theme.PANEL_EDGE,
            radius=8,
            width=2 if cb else 1,
        )
        if cb is not None:
            lines = self._combat_lines(obs)
            paint.text(surf, vp, lines[0], (x + 10, y + 6), theme.FONT_SMALL, theme.ACCENT, "bold")
            for i, line in enumerate(lines[1:]):
                paint.text(surf, vp, line, (x + 10, y + 28 + i * 21), theme.FONT_SMALL, theme.INK)
            return
        last = (obs.get("last") or {}).get("combat")
        paint.text(surf, vp, _("Combat"), (x + 10, y + 6), theme.FONT_SMALL, theme.INK_DIM, "bold")
        if not last:
            paint.text_in(
                surf,
                vp,
                _(
                    "No combat yet. Assault a column where both sides have "
                    "units (FG-12) or attack an outflanked one (FG-9)."
                ),
                (x + 10, y + 30, w - 20, h - 36),
                theme.FONT_SMALL,
                theme.INK_DIM,
            )
            return
        col = COLUMNS[last["col"]]
        kind = _("flank attack") if last["kind"] == "FLANK" else _("assault")
        out = {
            "ATTACKER": _("the attacker won"),
            "DEFENDER": _("the defender won"),
            "TIE": _("a tie"),
            "RETREAT": _("a full retreat"),
        }[last["outcome"]]
        paint.text(
            surf,
            vp,
            _("Last combat: {kind} on {col}, {out}").format(kind=kind, col=col, out=out),
            (x + 10, y + 28),
            theme.FONT_SMALL,
            theme.INK,
        )
        if "att" in last:
            for i, (who, total, parts) in enumerate(
                ((_("Attacker"), last["att"], last["ap"]), (_("Defender"), last["def"], last["dp"]))
            ):
                text = " ".join(f"{k}={v}" for k, v in parts.items() if v or k == "cv")
                paint.text(
                    surf,
                    vp,
                    f"{who} {total}: " + words.parts_text(text),
                    (x + 10, y + 50 + i * 21),
                    theme.FONT_SMALL,
                    theme.INK_DIM,
                )

    def _draw_hand(self, surf, vp, obs, items) -> None:
        x, y, w, h = self.layout.zone("hand")
        me = obs["seat"]
        own = obs["sides"][me]
        hand = own.get("hand", [])
        paint.text(
            surf,
            vp,
            _("Your hand: {n} cards — {who}").format(n=len(hand), who=side_full(SIDES[me])),
            (x + 8, y + 4),
            theme.FONT,
            theme.INK,
            "bold",
        )
        total = sum(CP[c] for c in hand)
        paint.text(
            surf,
            vp,
            _("CP in hand: {n}").format(n=total),
            (x + w - 8, y + 6),
            theme.FONT_SMALL,
            theme.INK_DIM,
            anchor="topright",
        )
        for item in items:
            if item.key[0] == "hand":
                r = vp.rect(self._shown_rect(item))
                surf.blit(card_face(r.w, r.h, item.key[1], item.rect[3] >= HAND_H), r)


def _enemy_cards(n: int) -> str:
    return ngettext("{n} enemy card", "{n} enemy cards", n).format(n=n)


def card_cp(card: str) -> str:
    return words.card_cp(card)


VIEW = FGView()
