"""How a Hadrian's Wall observation is drawn, and where its click targets are.

The zones come from ``levels/hadrians_wall.tmx``: the status line, the six wall
positions, one band per clan (its name, points and captured forts as a fanned pile of
small fort cards, the six order positions, the line) and the seat's own hand and
set-aside cards.  Only the observation is drawn: another clan's
face-down orders and hand are backs and counts.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import art, cards, fonts, i18n, motion, paint, pieces, theme
from game.app.coach import LOG, PROMPT, Step, items
from game.app.i18n import N_, _, ngettext, pgettext
from game.app.view_contract import ChartReading, Item, Prompt, SetupOption

from . import words
from .content import FORTS, STRENGTH, TYPE, WARRIOR_TYPES
from .observe import Observation, RoundView
from .verbs import VERBS, as_action
from .words import card_text, clan_name, fort_name, fort_text, solo_goal

#: the clans' colours as printed, and told apart under colour blindness (theme.seat_colours)
theme.palettes(
    "hadrians-wall",
    printed={"G": (52, 130, 66), "R": (176, 56, 46), "Y": (196, 150, 30), "B": (52, 92, 170)},
    colour_blind={
        "G": theme.OI_GREEN,
        "R": theme.OI_VERMILLION,
        "Y": theme.OI_ORANGE,
        "B": theme.OI_BLUE,
    },
)
CLAN_RGB = theme.SeatColours("hadrians-wall")  # the printed colours or colour-blind ones
FORT_RGB = {
    "NieFort": (110, 110, 104),
    "KomFort": (120, 96, 60),
    "Fort Fokus": (96, 72, 120),
    "FortUna": (150, 120, 30),
    "FortHeca": (60, 40, 40),
}
STONE = (200, 196, 184)
#: the cards' frame: oak, a knot in the corners, the wall on the back
FRAME = cards.Frame((92, 66, 40), (206, 176, 112), (58, 72, 60), "defensive-wall", "knot")
FORT_PIECE_RGB = (128, 124, 116)  # a fort's piece: the wall's stone
#: HW-16.1 warriors: the clans attack (shield, in the clan's colour: pass colour=);
#: HW-16.2 forts: the Roman line (disc, stone)
PIECE_TABLE = {
    **{
        kind: pieces.Piece(icon, pieces.ATTACKER, "G")
        for kind, icon in {
            "FIL": "robber",
            "QWN": "queen-crown",
            "DRU": "cowled",
            "AXX": "battle-axe",
            "ARC": "bowman",
            "SVD": "broadsword",
            "HRS": "horse-head",
            "CHA": "chariot",
        }.items()
    },
    **{
        kind: pieces.Piece(icon, pieces.DEFENDER, FORT_PIECE_RGB)
        for kind, icon in {
            "NieFort": "military-fort",
            "KomFort": "hill-fort",
            "Fort Fokus": "convergence-target",
            "FortUna": "tarot-10-wheel-of-fortune",
            "FortHeca": "castle-ruins",
        }.items()
    },
}
CARD_W, CARD_H = 78, 84  # cards in the clan bands (four clans; taller with fewer)
SLOT_STEP = 84  # order position p lies under wall fort p (HW-7.3): the same column
INFO_W = 144  # a clan band's name and counts, left of its first order slot (x + 160)
BIG_W, BIG_H = 86, 176  # cards in the hand
BANDS_TOP, BANDS_BOTTOM, BAND_GAP = 166, 572, 8  # the clans' bands share this height
LINE_LEFT, LINE_RIGHT = 170 + 6 * SLOT_STEP, 926  # a clan's line, right of its orders
PILE_TOP = 46  # a clan's captured forts, under its name and points (band-relative)
PILE_RATIO = 0.72  # a small fort card's width to its height
PILE_STEP = 20  # the least of a small fort card that shows in a pile (its value)
GOAL_W = 330  # a solo game's goal, at the right end of the status line (HW-16.6)

#: the steps of the rounds a move sets going that the table shows one after another
#: (stages.py), each resting this long (seconds at the normal speed) once its things have
#: moved: a round's start (the last one's discards gone), its cards revealed and
#: strengths (R1 .. R6), its fort taken, discarded or holding out (R7), a turn's end
STAGES = {
    "ROUND": 0.0,
    "TOTALS": 0.8,
    "CAPTURE": 0.7,
    "UNCLAIMED": 0.6,
    "HOLDS": 0.6,
    "TURN-END": 0.8,
}


#: the guided first turn (game.app.coach): the table's parts in order, each step
#: waiting for the move it explains, where it names verbs
GUIDE = (
    Step(
        N_("These are the forts under attack this turn: one round per fort, from left to right."),
        items("wall"),
    ),
    Step(
        N_("Your hand: click the card to set aside. It will not fight this turn."),
        items("hand"),
        ("ASIDE",),
    ),
    Step(
        N_(
            "Now play a card face down in each order slot: the warrior under a fort "
            "attacks that fort."
        ),
        items("slot", "fd", mine=True),
        ("PLACE",),
    ),
    PROMPT,
    LOG,
)


class HWView(paint.MapView):
    layout_name = "hadrians_wall"
    guide = GUIDE
    emblems = ("defensive-wall", "centurion-helmet")  # the title's, set-up's and results' pictures
    rule_prefix = "HW"  # its rule IDs
    blurb = N_("Caledonian clans attack the forts of Hadrian's Wall over 3 turns.")
    piece_table = PIECE_TABLE
    short_game = True  # the app's self-test plays it to its end

    def piece_kind(self, card: str) -> str:
        """A card's piece (game.app.pieces): a fort's kind (HW-16.2, "NF3a" -> "NieFort")
        or a warrior's type (HW-16.1, "ARC2" -> "ARC")."""
        if card in FORTS:
            return FORTS[card][0]
        return TYPE[card]

    #: event kind -> sound (game.app.sound; an "ACT" event is a move)
    sounds = {
        "ACT": "card",
        "REVEAL": "card",
        "TOTALS": "dice",
        "CLASH": "dice",
        "FORTUNA": "dice",
        "CAPTURE": "fall",
        "HOLDS": "fall",
        "WIN": "end",
        "END": "end",
    }

    def __init__(self) -> None:
        super().__init__()
        self._kept_table: tuple | None = None  # (observation, key, picture)
        self._colours: list[str] = []  # the clans' colours of the last items

    # ------------------------------------------------------------------ set-up
    def setup_options(self, players: int) -> list[SetupOption]:
        low = 1 if players == 1 else 0
        neutrals = [(n, str(n)) for n in range(low, 4 - players + 1)]
        return [
            SetupOption("neutrals", _("Neutral clans"), neutrals, low),
            SetupOption(
                "variant1",
                _("Variant: a fort holds out (HW-17.1)"),
                [(False, _("off")), (True, _("on"))],
                False,
            ),
            SetupOption(
                "variant2",
                _("Variant: captured forts shift (HW-17.2)"),
                [(False, _("off")), (True, _("on"))],
                False,
            ),
        ]

    def config(self, players: int, options: dict) -> dict:
        cfg = {"players": players}
        for key in ("neutrals", "variant1", "variant2"):
            if key in options:
                cfg[key] = options[key]
        return cfg

    def seat_label(self, obs: Observation, seat: int) -> str:
        return clan_name(obs["clans"][seat]["colour"])

    # ------------------------------------------------------------------ items
    def items(self, obs: Observation) -> list[Item]:
        lay = self.layout
        self._colours = [clan["colour"] for clan in obs["clans"]]  # for event_place
        items: list[Item] = [Item(("deck",), lay.zone("forts_info"), words.deck_tip(obs))]
        if obs.get("solo_goal") is not None:  # HW-16.6, in sight all game long
            items.append(Item(("goal",), self.goal_rect(), words.goal_tip(obs)))
        for i, fort in enumerate(obs["wall"]):
            rect = lay.zone(f"wall_{i + 1}")
            if fort:
                items.append(Item(("wall", fort), rect, fort_text(fort)))
            else:
                items.append(Item(("wall-empty", i), rect, ""))
        for c, clan in enumerate(obs["clans"]):
            x, y, w, h = self.band(obs, c)
            ch = self.card_h(obs)
            top = y + max(8.0, (h - ch) / 2 - 2)  # the cards in the middle of the band
            items.append(Item(("clan", c), (x, y, 150, h), words.clan_tip(obs, c)))
            for fort, rect in zip(
                clan["pile"], self.pile_rects(len(clan["pile"]), x, y, h), strict=True
            ):
                items.append(Item(("pile", c, fort), rect, fort_text(fort)))
            own = clan.get("facedown")
            for p in range(6):
                rect = (lay.zone(f"wall_{p + 1}")[0], top, CARD_W, ch)
                if own is not None and own[p]:
                    items.append(Item(("fd", c, own[p]), rect, words.facedown_tip(own[p], p)))
                elif clan["facedown_at"][p]:
                    items.append(Item(("fd", c, p), rect, words.hidden_tip()))
                else:
                    items.append(Item(("slot", c, p), rect, ""))
            line = self.line_of(obs, c)
            for card, rect in zip(line, self._line_rects(len(line), top, ch), strict=True):
                items.append(Item(("line", c, card), rect, card_text(card)))
        me = obs["clans"][obs["seat"]]
        hx, hy, hw, hh = lay.zone("hand")
        for j, card in enumerate(me.get("hand", [])):
            rect = (hx + 6 + j * (BIG_W + 6), hy + 28, BIG_W, BIG_H)
            items.append(Item(("hand", card), rect, card_text(card)))
        ax, ay, aw, ah = lay.zone("aside")
        for j, card in enumerate(me.get("aside", [])):
            rect = (ax + 2 + j * (BIG_W + 2), ay + 28, BIG_W, BIG_H)
            items.append(Item(("aside", card), rect, card_text(card)))
        fought = self.round_shown(obs)
        if fought is not None:
            items.append(
                Item(
                    ("round",),
                    (hx, hy, hw, hh),
                    words.round_tip(obs, fought, self.round_fort(obs, fought)),
                )
            )
        return items

    def goal_rect(self) -> tuple:
        """Where a solo game's goal is told: the right end of the status line."""
        x, y, w, h = self.layout.zone("status")
        return (x + w - GOAL_W, y, GOAL_W, h)

    @staticmethod
    def attacked(obs: Observation) -> int:
        """The wall position of the fort the clans fight over (HW-8), or -1 outside the
        rounds."""
        return obs["round"] - 1 if obs["phase"] not in ("ORDERS", "OVER") else -1

    @staticmethod
    def round_shown(obs: Observation) -> RoundView | None:
        """The round told where the hand lies while the clans fight (the hand is empty
        then, HW-8): the one under way or just fought this turn, else None."""
        fought = obs.get("last_round")
        if (
            obs["phase"] in ("ORDERS", "OVER")
            or not fought
            or fought.get("turn") != obs["turn"]
            or obs["clans"][obs["seat"]].get("hand")
        ):
            return None
        return fought

    @staticmethod
    def round_fort(obs: Observation, fought: RoundView) -> str | None:
        """The fort a round is fought over: on the wall still, or taken by its capturer."""
        return obs["wall"][fought["rnd"] - 1] or fought.get("taken")

    @staticmethod
    def line_of(obs: Observation, c: int) -> list[str]:
        """The warriors shown in clan ``c``'s line: its line, and once the game is over
        its line in the last round fought (the table as the game ended, HW-12)."""
        if obs["phase"] == "OVER" and obs.get("last_round"):
            return list(obs["last_round"]["lines"][c])
        return list(obs["clans"][c]["line"])

    @staticmethod
    def standings(obs: Observation) -> list[tuple[int, int, bool]]:
        """The clans by HW-12.3 (score, forts held, then fort values from the highest;
        player clans first, neutral ones never win): (clan, score, wins)."""
        clans = obs["clans"]

        def key(c: int) -> tuple:
            values = sorted((FORTS[f][1] for f in clans[c]["pile"]), reverse=True)
            return (clans[c]["player"], sum(values), len(values), values)

        order = sorted(range(len(clans)), key=key, reverse=True)
        players = [c for c in order if clans[c]["player"]]
        if obs.get("winner") is not None:
            won = {obs["winner"]}
        elif obs.get("solo_goal") is not None:  # HW-16.6: the lone clan reaches the goal
            won = {players[0]} if key(players[0])[1] >= obs["solo_goal"] else set()
        else:
            won = {c for c in players if key(c) == key(players[0])}
        return [(c, key(c)[1], c in won) for c in order]

    @staticmethod
    def line_strengths(obs: Observation) -> list[int]:
        """The strength of each clan's line as it lies (HW-8.4): the observation's totals,
        less a Qween's borrowed strength once the borrowed card has left its line (the
        table between two rounds, as a move fought in one go shows it: stages.py)."""
        totals = list(obs["totals"])
        seduced = obs.get("seduced")
        if seduced and seduced[2] not in obs["clans"][seduced[1]]["line"]:
            q, t, card = seduced
            totals[t] += STRENGTH[card]
            totals[q] -= STRENGTH[card]
        return totals

    def band(self, obs: Observation, c: int) -> tuple:
        """Clan ``c``'s band: the clans in play share the height of the four bands, so
        with fewer clans the bands and their cards grow (nothing is left empty)."""
        n = max(1, len(obs["clans"]))
        x, _y, w, _h = self.layout.zone("clan_0")
        h = (BANDS_BOTTOM - BANDS_TOP - BAND_GAP * (n - 1)) / n
        return (x, BANDS_TOP + c * (h + BAND_GAP), w, h)

    def card_h(self, obs: Observation) -> float:
        """The height of the cards in a band (order slots and the line)."""
        return min(140.0, self.band(obs, 0)[3] - 16)

    @staticmethod
    def counts_shown(h: float) -> bool:
        """A band ``h`` high has room for its "hand · aside" line under its forts (else
        the clan's tooltip tells them)."""
        return h >= 110

    def pile_card(self, obs: Observation, c: int) -> tuple[float, float]:
        """The width and height of a small fort card in clan ``c``'s pile (the last card
        shows whole)."""
        x, y, _w, h = self.band(obs, c)
        rects = self.pile_rects(len(obs["clans"][c]["pile"]), x, y, h)
        return (rects[-1][2], rects[-1][3]) if rects else (0.0, 0.0)

    @classmethod
    def pile_rects(cls, n: int, x: float, y: float, h: float) -> list[tuple]:
        """A clan's ``n`` captured forts in its band at ``x, y`` (``h`` high) as small
        cards fanned left to right under its points: one row where each card shows its
        value (``PILE_STEP`` of it at least), else rows laid over one another as far as
        the value band at each card's top shows; a rect is the part that shows (the
        whole card is ``rect[3] * PILE_RATIO`` wide, the rect of a covered card
        shorter than it)."""
        if n == 0:
            return []
        left, room = x + 14, INFO_W
        top = y + PILE_TOP
        tall = y + h - (20 if cls.counts_shown(h) else 4) - top
        best = None
        for rows in range(1, 5):
            ch = min(56.0, tall - (rows - 1) * PILE_STEP)
            if rows > 1 and ch < 24:  # a card's value band and a little of its picture
                break
            per_row = -(-n // rows)
            cw = ch * PILE_RATIO
            step = cw + 4 if per_row == 1 else min(cw + 4, (room - cw) / (per_row - 1))
            best = rows, per_row, ch, cw, step
            if step >= PILE_STEP:
                break
        rows, per_row, ch, cw, step = best
        dy = 0.0 if rows == 1 else min(ch + 4, (tall - ch) / (rows - 1))
        out = []
        for j in range(n):
            row, k = divmod(j, per_row)
            end = k == per_row - 1 or j == n - 1
            bottom_row = row == rows - 1 or j + per_row >= n  # nothing lies over its foot
            out.append(
                (
                    left + k * step,
                    top + row * dy,
                    cw if end else min(cw, step - 2),
                    ch if bottom_row else min(ch, dy - 2),
                )
            )
        return out

    @staticmethod
    def _line_rects(n: int, y: float, h: float) -> list[tuple]:
        """A line of ``n`` cards right of the orders: side by side where they fit, else
        overlapping, each showing its left part (its strength and picture) and the last
        whole; a rect is the part that shows."""
        if n == 0:
            return []
        step = (
            CARD_W + 6 if n == 1 else min(CARD_W + 6, (LINE_RIGHT - LINE_LEFT - CARD_W) / (n - 1))
        )
        return [
            (LINE_LEFT + j * step, y, CARD_W if j == n - 1 else min(CARD_W, step - 2), h)
            for j in range(n)
        ]

    # ------------------------------------------------------------------ actions
    def target(self, obs: Observation, action) -> tuple | None:
        """The item clicked for an action: its verb's ``target`` (verbs.py)."""
        a = as_action(action)
        return VERBS[a.verb].target(obs, a)

    def action_label(self, obs: Observation, action) -> str:
        return words.action_label(obs, action)

    def prompt(self, obs: Observation) -> Prompt:
        return words.prompt(obs)

    def status(self, obs: Observation) -> str:
        return words.status(obs)

    staged = True  # the rounds fought in one move are shown step by step (stage)

    @staticmethod
    def stage(event: tuple) -> float | None:
        """The seconds the table rests on the step of the rounds ``event`` tells of, or
        None: not a step of its own (stages.py).  The rounds after the last order, or
        after a decision in a round, are fought in one move; shown step by step."""
        return STAGES.get(event[1])

    def stage_obs(self, obs: Observation, event: tuple) -> Observation:
        """A round's start as the stage shows it: the engine tells of the round (its
        ROUND event) before it sets it going, so the round is shown begun (HW-8), its
        fort under attack and none of its cards revealed yet, the last round's Qween
        borrowing no more (HW-9.1.3); the heading names the round the wall's outline
        shows.  Every other stage as the engine left it."""
        if event[1] != "ROUND":
            return obs
        n = len(obs["clans"])
        begun = dict(obs)
        begun["round"], begun["phase"] = event[2], "ATTACK"
        begun["fresh"] = [None] * n
        begun["seduced"] = begun["capturer"] = begun["taken"] = None
        begun["kept"] = []
        begun["totals"] = [sum(STRENGTH[card] for card in clan["line"]) for clan in obs["clans"]]
        begun["last_round"] = {
            "turn": obs["turn"],
            "rnd": event[2],
            "fresh": [None] * n,
            "clash": [],
            "qweens": [],
        }
        return begun

    def event_place(self, event: tuple) -> tuple | None:
        """The place the newest log line tells of (the table outlines it): a captured
        fort in its captor's pile, the fort a round is fought over."""
        kind, args = event[1], event[2:]
        colours = self._colours
        if kind == "CAPTURE" and args[0] in colours:
            return ("pile", colours.index(args[0]), args[1])
        if kind == "ROUND":
            return ("wall", args[1])
        return None

    # ------------------------------------------------------------------ the log
    def describe(self, event: tuple, names: list[str]) -> str | None:
        return words.describe(event)

    # ------------------------------------------------------------------ results
    # HW-12.2: each clan's points (its forts' values), turn by turn (HW-5.1)
    chart_title = N_("Points by turn")

    def chart_axis(self) -> str:
        return pgettext("hadrians-wall", "Turn")

    def chart_reading(self, obs: Observation) -> ChartReading:
        clans = obs["clans"]
        points = [sum(FORTS[f][1] for f in clan["pile"]) for clan in clans]
        return ChartReading(obs["turn"], points, [clan["colour"] for clan in clans])

    def results(self, obs: Observation) -> list[tuple[str, str, str]]:
        """(clan, points, forts held) of every clan, players then neutrals (HW-12): the
        points of the forts in its pile (HW-12.1)."""
        rows = []
        for clan in obs["clans"]:
            label = clan_name(clan["colour"])
            if not clan["player"]:
                label += " " + _("(neutral)")
            points = sum(FORTS[f][1] for f in clan["pile"])
            forts = ", ".join(fort_name(f) for f in clan["pile"]) or _("no forts")
            rows.append((label, _("{n} points").format(n=points), forts))
        return rows

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, vp, obs: Observation, items: list[Item], marks: dict) -> None:
        """The table as the observation shows it, drawn once per observation, window size,
        palette and language over the felt the scene laid and then copied, with the
        table's marks on top."""
        key = (vp, surf.get_size(), theme.colour_blind(), i18n.language())
        kept = self._kept_table
        if kept is None or kept[0] is not obs or kept[1] != key:
            picture = surf.copy()  # the felt under the board, as the scene laid it
            self._draw_table(picture, vp, obs, items)
            self._kept_table = kept = (obs, key, picture)
        r = vp.rect((0, 0, paint.BOARD_W, 800))
        surf.blit(kept[2], r.topleft, r)
        paint.marks(surf, vp, items, marks, radius=6)
        attacked = self.attacked(obs)
        fort = ("wall", obs["wall"][attacked]) if attacked >= 0 else None
        if fort in marks or (fort and marks.get(("hover",)) == fort):
            # the attacked fort outlined: its "under attack" tag over the outline, read
            # whole (as the picture has it)
            x, y, w, h = self.layout.zone(f"wall_{attacked + 1}")
            tag = vp.rect((x + 2, y + h - 12, w - 4, 24))
            surf.blit(kept[2], tag.topleft, tag)

    def _draw_table(self, surf, vp, obs: Observation, items: list[Item]) -> None:
        lay = self.layout
        status = paint.text(
            surf, vp, self.status(obs), lay.zone("status")[:2], theme.FONT_BIG, theme.INK, "serif"
        )
        goal = words.goal_line(obs)
        if goal:  # right of the status, all game long (the rule whole in the tooltip)
            x, y, w, h = self.goal_rect()
            left = max(x, vp.to_design(status.topright)[0] + 16)
            paint.text(
                surf,
                vp,
                goal,
                (x + w, vp.to_design(status.midright)[1]),
                theme.FONT,
                theme.ACCENT,
                "bold",
                "midright",
                fit=x + w - left,
            )
        attacked = self.attacked(obs)
        self._draw_round(surf, vp, obs, attacked)
        for i in range(6):
            zone = lay.zone(f"wall_{i + 1}")
            paint.panel(
                surf,
                vp,
                zone,
                (62, 74, 64) if i != attacked else (92, 86, 52),
                theme.PANEL_EDGE,
                radius=6,
            )
            paint.text(
                surf,
                vp,
                str(i + 1),
                (zone[0] + zone[2] / 2, zone[1] + zone[3] / 2),
                theme.FONT_BIG,
                (96, 110, 98),
                "display-bold",
                "center",
            )
        seat = obs["seat"]
        for item in items:
            kind = item.key[0]
            if kind == "deck":
                self._draw_deck(surf, vp, obs, item.rect)
            elif kind == "wall":
                self._draw_fort(surf, vp, item.key[1], item.rect, big=True)
                if obs["wall"].index(item.key[1]) == attacked:
                    paint.outline(surf, vp, item.rect, theme.ACCENT, 3, 6)
                    self._attacked_tag(surf, vp, item.rect)
            elif kind == "clan":
                self._draw_clan(surf, vp, obs, item.key[1], seat)
            elif kind == "pile":
                self._draw_small_fort(
                    surf, vp, item.key[2], item.rect, self.pile_card(obs, item.key[1])
                )
            elif kind == "fd":
                if isinstance(item.key[2], str):
                    self._draw_card(
                        surf,
                        vp,
                        item.key[2],
                        obs["clans"][item.key[1]]["colour"],
                        item.rect,
                        hidden=True,
                    )
                else:
                    r = vp.rect(item.rect)
                    surf.blit(cards.back(r.w, r.h, FRAME), r)
            elif kind == "slot":
                paint.panel(surf, vp, item.rect, (50, 58, 52), (70, 80, 72), radius=5)
                paint.text(
                    surf,
                    vp,
                    str(item.key[2] + 1),
                    (item.rect[0] + item.rect[2] / 2, item.rect[1] + item.rect[3] / 2),
                    theme.FONT_BIG,
                    (90, 100, 92),
                    "display-bold",
                    anchor="center",
                )
            elif kind in ("line", "hand", "aside"):
                colour = obs["clans"][item.key[1] if kind == "line" else seat]["colour"]
                self._draw_card(surf, vp, item.key[-1], colour, item.rect)
                if (
                    kind == "line"
                    and obs["fresh"][item.key[1]] == item.key[2]
                    and obs["phase"] not in ("ORDERS", "OVER")
                ):
                    x, y, w, h = item.rect  # the fresh card of this round
                    paint.panel(surf, vp, (x, y + h + 2, w, 5), theme.ACCENT, None, radius=2)
        self._draw_own_area(surf, vp, obs)

    def _draw_round(self, surf, vp, obs: Observation, attacked: int) -> None:
        """Left of the wall: the turn and the round, the fort under attack's number."""
        x, y, w, h = rect = self.layout.zone("round_info")
        paint.panel(surf, vp, rect, theme.PANEL, theme.PANEL_EDGE, radius=6)
        r = vp.rect((x + w - 64, y + 36, 56, 56))
        emblem = art.icon("defensive-wall", r.w, (74, 82, 80))
        surf.blit(emblem, r)
        if obs["phase"] == "OVER":
            words = _("Game over")
        elif obs["phase"] == "ORDERS":
            words = _("orders")
        else:
            words = _("round {r} of 6").format(r=obs["round"])
        paint.text(
            surf, vp, words, (x + 8, y + 6), theme.FONT, theme.ACCENT, "display-bold", fit=w - 16
        )
        if attacked >= 0:  # the fort fought over, by its place on the wall
            paint.text(
                surf,
                vp,
                str(attacked + 1),
                (x + 10, y + h - 2),
                48,
                theme.INK,
                "display-bold",
                "bottomleft",
            )
            fort = obs["wall"][attacked]
            if fort:
                paint.text_in(
                    surf,
                    vp,
                    fort_name(fort),
                    (x + 8, y + 26, w - 70, 40),
                    13,
                    theme.INK_DIM,
                    "bold",
                )

    def _draw_deck(self, surf, vp, obs: Observation, rect) -> None:
        x, y, w, h = rect
        paint.panel(surf, vp, rect, theme.PANEL, theme.PANEL_EDGE, radius=6)
        n = obs["fort_deck_count"]
        for i in range(min(n, 4)):  # the deck as a small stack of backs
            r = vp.rect((x + 10 + i * 3, y + 12 - i * 2, 60, 88))
            surf.blit(cards.back(r.w, r.h, FRAME), r)
        left = x + 90
        paint.text(surf, vp, _("Fort deck"), (left, y + 6), theme.FONT_SMALL, theme.INK_DIM)
        paint.text(surf, vp, str(n), (left, y + 22), 30, theme.INK, "bold")
        paint.text(
            surf,
            vp,
            _("Discarded: {n}").format(n=len(obs["fort_discard"])),
            (left, y + 64),
            theme.FONT_SMALL,
            theme.INK_DIM,
            fit=w - 98,
        )
        if obs["fort_discard"]:
            last = obs["fort_discard"][-1]
            paint.text(
                surf,
                vp,
                _("last: {fort}").format(fort=fort_name(last)),
                (left, y + 84),
                theme.FONT_SMALL,
                theme.INK_DIM,
                fit=w - 98,
            )

    @staticmethod
    def _attacked_tag(surf, vp, rect) -> pygame.Rect:
        """ "under attack" on a tab across the foot of the attacked fort, clear of the clan
        row below it (HW-8.1); returns where the words went."""
        x, y, w, h = rect
        paint.panel(surf, vp, (x + 2, y + h - 9, w - 4, 17), theme.ACCENT, None, radius=4)
        return paint.text(
            surf,
            vp,
            _("under attack"),
            (x + w / 2, y + h - 0.5),
            12,
            theme.INK_DARK,
            "display-bold",
            "center",
            fit=w - 4,
        )

    def _draw_fort(self, surf, vp, fort: str, rect, big: bool) -> None:
        kind, value = FORTS[fort]
        r = vp.rect(rect)
        surf.blit(fort_card(r.w, r.h, kind, value, round(vp.scale, 3)), r)

    @staticmethod
    def _draw_small_fort(surf, vp, fort: str, rect, size: tuple) -> None:
        """A captured fort in its captor's pile: the part of its small card that shows."""
        kind, value = FORTS[fort]
        x, y, w, h = rect
        r = vp.rect(rect)
        full = vp.rect((x, y, *size))
        img = small_fort_card(full.w, full.h, kind, value, vp.text_px(13))
        surf.blit(img, r, pygame.Rect(0, 0, r.w, r.h))

    def _draw_card(self, surf, vp, card: str, colour: str, rect, hidden=False) -> None:
        r = vp.rect(rect)
        x, y, w, h = rect
        big = w >= BIG_W  # a hand card prints its ability; the tooltip has it always
        full = vp.rect((x, y, max(w, CARD_W), h))
        img = warrior_card(full.w, full.h, TYPE[card], CLAN_RGB[colour], big, round(vp.scale, 3))
        surf.blit(img, r, pygame.Rect(0, 0, r.w, r.h))
        if hidden:
            surf.blit(cards.veil(r.w, r.h, 90), r)
            paint.panel(surf, vp, (x + 3, y + h - 19, w - 6, 16), (30, 30, 30), None, radius=4)
            paint.text(
                surf,
                vp,
                _("face down"),
                (x + w / 2, y + h - 11),
                12,
                (255, 255, 255),
                anchor="center",
                fit=w - 8,
            )

    def _draw_clan(self, surf, vp, obs: Observation, c: int, seat: int) -> None:
        x, y, w, h = self.band(obs, c)
        clan = obs["clans"][c]
        rgb = CLAN_RGB[clan["colour"]]
        deciding = c in obs["waiting"][:1]
        edge = theme.HILITE if deciding else (theme.ACCENT if c == seat else theme.PANEL_EDGE)
        paint.panel(
            surf, vp, (x, y, w, h), (40, 48, 44), edge, radius=8, width=3 if deciding else 1
        )
        paint.panel(surf, vp, (x, y, 8, h), rgb, None, radius=4)
        label = clan_name(clan["colour"])
        if c == seat:
            label += " " + _("(you)")
        elif not clan["player"]:
            label += " " + _("(neutral)")
        name = paint.text(
            surf, vp, label, (x + 14, y + 3), theme.FONT, theme.INK, "display-bold", fit=INFO_W
        )
        row = max(y + 22, vp.to_design(name.bottomleft)[1] - 2)  # larger text: lower
        score = sum(FORTS[f][1] for f in clan["pile"])
        totals = (
            self.line_strengths(obs)
            if obs["phase"] != "OVER"
            else (obs.get("last_round") or {}).get("totals")
        )  # the last round's, at the end
        fighting = obs["phase"] != "ORDERS" and obs["round"] and totals
        points = paint.text(
            surf,
            vp,
            _("{n} points").format(n=score),
            (x + 14, row),
            theme.FONT_SMALL,
            theme.INK,
            "bold",
            fit=INFO_W * (0.45 if fighting else 1),
        )
        ch = self.card_h(obs)  # the band's first order slot: a change rises there
        slot = vp.rect((self.layout.zone("wall_1")[0], y + max(8.0, (h - ch) / 2 - 2), CARD_W, ch))
        motion.value(("points", c), score, rising_at(points, slot, 0.3))
        if fighting:
            strength = paint.text(
                surf,
                vp,
                _("strength {n}").format(n=totals[c]),
                (x + 158, row),
                theme.FONT_SMALL,
                theme.ACCENT,
                anchor="topright",
                fit=x + 152 - vp.to_design(points.topright)[0],
            )
            motion.value(("strength", c), totals[c], rising_at(strength, slot, 0.72))
        if not self.line_of(obs, c):  # the line's place, named while it is empty
            top = y + max(8.0, (h - self.card_h(obs)) / 2 - 2)
            line = (LINE_LEFT, top, LINE_RIGHT - LINE_LEFT, self.card_h(obs))
            paint.panel(surf, vp, line, (44, 52, 48), (62, 72, 66), radius=6)
            paint.text(
                surf,
                vp,
                _("line"),
                (LINE_LEFT + (LINE_RIGHT - LINE_LEFT) / 2, top + self.card_h(obs) / 2),
                theme.FONT_SMALL,
                (96, 110, 98),
                "bold",
                "center",
                fit=LINE_RIGHT - LINE_LEFT - 8,
            )
        counts = _("hand {h} · aside {a} · discard {d}").format(
            h=clan["hand_count"], a=clan["aside_count"], d=len(clan["discard"])
        )
        if fonts.font(vp.font_px(12)).size(counts)[0] > vp.size(INFO_W):  # in 12 px type:
            counts = _("hand {h} · aside {a}").format(  # the discards are in the tooltip
                h=clan["hand_count"], a=clan["aside_count"]
            )
        if not clan["pile"]:  # where its forts will lie
            paint.text(
                surf,
                vp,
                _("no forts yet"),
                (x + 14, y + PILE_TOP + 2),
                12,
                theme.INK_DIM,
                fit=INFO_W,
            )
        if self.counts_shown(h):  # else in the tooltip
            paint.text(
                surf,
                vp,
                counts,
                (x + 14, y + h - 3),
                12,
                theme.INK_DIM,
                "sans",
                "bottomleft",
                fit=INFO_W,
            )

    def _draw_own_area(self, surf, vp, obs: Observation) -> None:
        lay = self.layout
        me = obs["clans"][obs["seat"]]
        if obs["phase"] == "OVER":
            self._draw_final(surf, vp, obs)
            return
        fought = self.round_shown(obs)
        for zone, title in (("hand", _("Your hand")), ("aside", _("Set aside"))):
            if zone == "hand" and fought is not None:
                self._draw_fought(surf, vp, obs, fought)
                continue
            x, y, w, h = lay.zone(zone)
            paint.text(
                surf,
                vp,
                f"{title} — {clan_name(me['colour'])}",
                (x + 6, y + 4),
                theme.FONT_SMALL,
                theme.INK_DIM,
            )

    def _draw_fought(self, surf, vp, obs: Observation, fought: RoundView) -> None:
        """Where the empty hand lies while the clans fight: the round's fort, each clan's
        fresh card and strength, who sits out, whose Ch'ariott clashed, who captures."""
        x, y, w, h = self.layout.zone("hand")
        paint.panel(surf, vp, (x, y, w, h), theme.PANEL, theme.PANEL_EDGE, radius=8)
        fort = self.round_fort(obs, fought)
        paint.text(
            surf,
            vp,
            _("Round {k}: the clans attack {fort}.").format(
                k=fought["rnd"], fort=fort_name(fort) if fort else "—"
            ),
            (x + 12, y + 6),
            theme.FONT,
            theme.INK,
            "display-bold",
            fit=w - 24,
        )
        if fort:  # (a copy of the table's cards: motion moves the cards on the table)
            r = vp.rect((x + 12, y + 34, 96, h - 44))
            kind, value = FORTS[fort]
            surf.blit(still(fort_card(r.w, r.h, kind, value, round(vp.scale, 3))), r)
        clans = obs["clans"]
        col_w = (w - 128) / len(clans)
        totals = fought.get("totals")
        for c, card in enumerate(fought["fresh"]):
            cx = x + 122 + c * col_w
            colour = clans[c]["colour"]
            paint.panel(surf, vp, (cx, y + 36, 5, h - 46), CLAN_RGB[colour], None, radius=2)
            paint.text(
                surf,
                vp,
                clan_name(colour),
                (cx + 10, y + 34),
                theme.FONT_SMALL,
                theme.INK,
                "bold",
                fit=col_w - 14,
            )
            card_w = min(78.0, col_w - 64)
            card_h = min(h - 90, card_w * 1.8)
            if card:  # the fresh card, whole (as narrow as its column leaves it)
                r = vp.rect((cx + 10, y + 56, card_w, card_h))
                surf.blit(
                    still(
                        warrior_card(
                            r.w, r.h, TYPE[card], CLAN_RGB[colour], False, round(vp.scale, 3)
                        )
                    ),
                    r,
                )
            if totals is None:
                continue
            paint.text(
                surf,
                vp,
                str(totals[c]),
                (cx + col_w - 6, y + 54),
                26,
                theme.INK,
                "bold",
                "topright",
                fit=col_w - card_w - 20,
            )
            tags = []  # under the card: sits out, clashed, captures
            if not fought["eligible"][c]:
                tags.append(_("out"))
            if c in fought.get("clash", []) and len(fought["clash"]) >= 2:  # HW-9.8.1
                tags.append(_("clash"))
            if fought.get("capturer") == c:
                tags.append(_("captures"))
            if tags:
                won = fought.get("capturer") == c
                paint.text(
                    surf,
                    vp,
                    " · ".join(tags),
                    (cx + 10, y + 60 + card_h),
                    12,
                    theme.ACCENT if won else theme.DANGER,
                    "bold",
                    fit=col_w - 14,
                )

    def _draw_final(self, surf, vp, obs: Observation) -> None:
        """Where the hand lay: the final score (HW-12), the clans from the first, the
        winners crowned."""
        hx, hy, _hw, _hh = self.layout.zone("hand")
        ax, ay, aw, ah = self.layout.zone("aside")
        x, y, w, h = rect = (hx, hy, ax + aw - hx, ay + ah - hy)
        paint.panel(surf, vp, rect, theme.PANEL, theme.ACCENT, radius=8, width=2)
        title = paint.text(
            surf,
            vp,
            _("Final score"),
            (x + 14, y + 8),
            theme.FONT_BIG,
            theme.ACCENT,
            "display-bold",
        )
        rows = self.standings(obs)
        won = [clan_name(obs["clans"][c]["colour"]) for c, _s, w_ in rows if w_]
        words = (
            ngettext("{clans} wins", "{clans} share the win", len(won)).format(clans=", ".join(won))
            if won
            else ""
        )
        goal = solo_goal(obs)  # HW-16.6
        if goal:
            words = f"{words} · {goal}" if words else goal
        if words:
            left = vp.to_design(title.topright)[0] + 16
            paint.text(
                surf,
                vp,
                words,
                (left, y + 14),
                theme.FONT,
                theme.INK,
                "bold",
                fit=x + w - 14 - left,
            )
        step = min(40.0, (h - 52) / max(1, len(rows)))
        for i, (c, score, won) in enumerate(rows):
            clan = obs["clans"][c]
            ry = y + 48 + i * step
            paint.panel(
                surf, vp, (x + 14, ry + 4, 8, step - 8), CLAN_RGB[clan["colour"]], None, radius=3
            )
            if won:
                r = vp.rect((x + 30, ry + 2, step - 6, step - 6))
                surf.blit(art.icon("laurel-crown", r.h, theme.ACCENT), r)
            label = clan_name(clan["colour"])
            if not clan["player"]:
                label += " " + _("(neutral)")
            paint.text(
                surf,
                vp,
                label,
                (x + 34 + step, ry + step / 2),
                theme.FONT,
                theme.INK,
                "display-bold",
                "midleft",
                fit=220,
            )
            paint.text(
                surf,
                vp,
                _("{n} points").format(n=score),
                (x + 420, ry + step / 2),
                theme.FONT,
                theme.INK if won else theme.INK_DIM,
                "bold",
                "midright",
                fit=150,
            )
            forts = ngettext("{n} fort", "{n} forts", len(clan["pile"])).format(n=len(clan["pile"]))
            paint.text(
                surf,
                vp,
                forts,
                (x + 440, ry + step / 2),
                theme.FONT_SMALL,
                theme.INK_DIM,
                anchor="midleft",
                fit=70,
            )
            pile = clan["pile"]  # its forts as small cards, side by side
            ch = step - 6
            cw = ch * PILE_RATIO
            room = x + w - 14 - (x + 520)
            gap = cw + 4 if len(pile) < 2 else min(cw + 4, (room - cw) / (len(pile) - 1))
            for j, fort in enumerate(pile):
                kind, value = FORTS[fort]
                r = vp.rect((x + 520 + j * gap, ry + 3, cw, ch))
                surf.blit(small_fort_card(r.w, r.h, kind, value, vp.text_px(13)), r)


@i18n.on_language_change
@theme.on_palette_change
@lru_cache(maxsize=512)
def warrior_card(w: int, h: int, kind: str, rgb: tuple, big: bool, unit: float) -> pygame.Surface:
    """A warrior card ``w`` x ``h`` pixels in its clan's colour (HW-16.1): its strength
    in a round badge, its name, its picture, and on a big card its ability (kept per size
    and language: the table redraws it every frame)."""
    name, strength, ability = WARRIOR_TYPES[kind]
    badge = cards.Badge(str(strength), "circle", cards.mix(rgb, (0, 0, 0), 0.3), "tl")
    return cards.card(
        w,
        h,
        FRAME,
        rgb,
        _(name),
        pieces.kind_icon("hadrians-wall", kind),
        (badge,),
        _(ability) if big else "",
        "",
        unit,
        art_share=0.36,
    )


def rising_at(words: pygame.Rect, slot: pygame.Rect, share: float) -> pygame.Rect:
    """Where a clan's changed points or strength (``words``, drawn) rise from as "+n" or
    "-n" (motion.value): in the band's first order slot, ``share`` of its height down,
    over nothing to read (its order is revealed once the clans fight, HW-8, and the
    numbers change only then) rather than over the clan's name above the words; as tall
    as the words, the size the number is drawn at."""
    r = pygame.Rect(words)
    r.center = (slot.centerx, round(slot.top + share * slot.h))
    return r


def still(card: pygame.Surface) -> pygame.Surface:
    """``card`` as a picture motion does not follow (a view of it is no sprite of its
    own): the round's panel shows copies of cards that lie on the table."""
    return card.subsurface(card.get_rect())


@i18n.on_language_change
@lru_cache(maxsize=256)
def small_fort_card(w: int, h: int, kind: str, value: int, px: int) -> pygame.Surface:
    """A captured fort's small card ``w`` x ``h`` pixels: the oak frame, a band of its
    kind's colour with its value at the left in ``px``-pixel bold type (what shows in a
    fanned pile) and its picture under it.  To motion it is the fort's card on the wall
    (its ``motion_key``): a captured fort travels from the wall to its captor's pile."""
    surf, inner = cards.plate(w, h, FRAME, STONE)
    surf.motion_key = (
        "card",
        FRAME,
        FORT_RGB[kind],
        _(kind),
        pieces.kind_icon("hadrians-wall", kind),
    )
    surf.motion_info = {"kind": "card"}
    band = pygame.Rect(inner.left, inner.top, inner.w, min(inner.h - 2, round(px * 1.3)))
    fill = (150, 40, 36) if value < 0 else FORT_RGB[kind]
    pygame.draw.rect(
        surf,
        fill,
        band,
        border_top_left_radius=max(2, w // 10),
        border_top_right_radius=max(2, w // 10),
    )
    number = fonts.text(str(value), px, (255, 255, 255), "bold")
    surf.blit(number, number.get_rect(midleft=(inner.left + max(2, px // 5), band.centery)))
    side = min(inner.w - 2, inner.h - band.h - 2)
    if side >= 6:  # its picture, where the card is tall enough
        icon = art.icon(pieces.kind_icon("hadrians-wall", kind), side, FORT_RGB[kind])
        surf.blit(icon, icon.get_rect(midtop=(inner.centerx, band.bottom + 1)))
    return surf


@i18n.on_language_change
@lru_cache(maxsize=128)
def fort_card(w: int, h: int, kind: str, value: int, unit: float) -> pygame.Surface:
    """A fort card on the wall (HW-16.2): its value on a shield, its name, picture and
    effect (in the tooltip whole)."""
    fill = (150, 40, 36) if value < 0 else (70, 66, 60)
    badge = cards.Badge(str(value), "shield", fill, "tl")
    return cards.card(
        w,
        h,
        FRAME,
        FORT_RGB[kind],
        _(kind),
        pieces.kind_icon("hadrians-wall", kind),
        (badge,),
        "",
        "",
        unit,
        STONE,
    )


VIEW = HWView()
