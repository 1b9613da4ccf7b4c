"""Drawing the Runes of Mayhem table (``TableDrawing``, the drawing half of ``RMView``):
the grids, Fortresses, Kings, Walls, hands, piles, production cards, the Lodge and
the module decks, the dice tray and the playback's outline."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import art, cards, fonts, i18n, paint, pieces, theme
from game.app.i18n import _, ngettext
from game.app.view_api import Item

from . import words
from .content import CARDS, SIDES, code
from .faces import (
    LIFE_RGB,
    SHORT_KEY,
    SIDE_RGB,
    STRENGTH_RGB,
    card_face,
    card_icon,
    keyword_lines,
    score_size,
    stats_row,
    tower_label,
)
from .table_facts import current, formation, place_key
from .words import card_label, card_name, side_adj

GOLD_RGB, FAITH_RGB = (196, 150, 56), (126, 150, 200)


class TableDrawing:
    """The drawing of ``RMView``: it reads the view's layout, places and module data
    (``_mod``, ``_lodge``, ``_towers``, ``_traps``, ``_kings``, ``_protection``)."""

    def draw(self, surf, vp, obs: dict, items: list[Item], marks: dict) -> None:
        if getattr(self, "_drawn_in", None) != i18n.language():  # anew in another language
            self._picture, self._drawn_in = paint.Picture(), i18n.language()
        self._picture.blit(surf, vp, obs, paint.board_area(vp),
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
        self.draw_ground(surf, vp)
        self.draw_status(surf, vp, obs)
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
                   "bold", fit=rect[2] - 16)

    def _draw_fort(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "F")
        self._box(surf, vp, rect, _("{side} Fortress").format(side=side_adj(sd)), SIDE_RGB[sd])
        sp, limit = obs["sp"][p], obs["limit"][p]
        score = _("{sp} / {limit} SP").format(sp=sp, limit=limit)
        guard = _("protection {n}").format(n=self._protection(obs, p))
        size = score_size(score, guard, w, vp)
        drawn = paint.text(surf, vp, guard, (x + w - 8, y + 25), 12, theme.INK,
                           anchor="topright", fit=w * 0.45)
        paint.text(surf, vp, score, (x + 8, y + 21 + (18 - size) / 2), size, theme.INK, "bold",
                   fit=vp.to_design(drawn.topleft)[0] - x - 14)
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
        if king:  # the King's card: his portrait, name and side, his ability in short
            r = vp.rect(rect)
            surf.blit(king_plate(r.w, r.h), r)
            k, _sep, side = str(king).partition("/")
            pic = vp.rect((x + 5, y + 8, 40, 40))
            surf.blit(art.icon("throne-king", pic.w, (70, 70, 70) if out else SIDE_RGB[sd]), pic)
            left = x + 48
            paint.text(surf, vp, _("King {name} · {s}").format(name=card_name(k), s=side),
                       (left, y + 4), 13, (110, 100, 90) if out else theme.INK_DARK,
                       "display-bold", fit=x + w - 6 - left)
            text = _("out of the game") if out else words.king_side_text(k, side)
            size, lines = cards.text_fit(text, vp.size(x + w - 6 - left), vp.size(h - 22),
                                         vp.scale)  # the whole in his tooltip
            for i, line in enumerate(lines):
                img = fonts.text(line, size, cards.TEXT_INK)
                surf.blit(img, vp.point(left, y + 22 + i * 13.8))
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
                    face = card_face(full.w, full.h, item.key[1], None, None,
                                     round(vp.scale, 3))
                    surf.blit(face, r, pygame.Rect(0, 0, r.w, r.h))
            return
        step = 60 if n <= 1 else min(60, (w - 16 - 56) / (n - 1))
        for i in range(n):
            r = vp.rect((x + 8 + i * step, y + 26, 56, 80))
            surf.blit(cards.back(r.w, r.h, cards.RUNES_OF_MAYHEM), r)

    def _draw_piles(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "_pile")
        self._box(surf, vp, rect, _("Draw pile"), SIDE_RGB[sd])
        r = vp.rect((x + w - 40, y + 8, 30, 42))
        surf.blit(cards.back(r.w, r.h, cards.RUNES_OF_MAYHEM), r)
        paint.text(surf, vp, str(obs["pile_sizes"][p]), (x + 8, y + h - 4), 22, theme.INK,
                   "bold", "bottomleft")
        x, y, w, h = rect = self.layout.zone(sd + "_discard")
        pile = obs["discard"][p]
        self._box(surf, vp, rect, _("Discard: {n}").format(n=len(pile)), SIDE_RGB[sd])
        if pile:
            paint.text(surf, vp, _("top: {card}").format(card=card_label(pile[-1])),
                       (x + 8, y + h - 6), 12, theme.INK, anchor="bottomleft", fit=w - 16)

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
        img = fonts.text(label, vp.font_px(12), (255, 220, 200), "bold")
        tw = min(w - (36 if under_unit else 4), img.get_width() / vp.scale + 26)
        th = 16 if under_unit else 18
        top = y + h - stats_row(h) - th - 2 if under_unit else y + h - 20
        paint.panel(surf, vp, (x + 2, top, tw, th), (110, 30, 30), (230, 120, 90), radius=4)
        pic = vp.rect((x + 4, top + 1, th - 2, th - 2))  # the trap's jaws
        icon = "wolf-trap"
        if known and ("runes-of-mayhem", trap) in pieces.PIECES:
            icon = pieces.kind_icon("runes-of-mayhem", trap)
        surf.blit(art.icon(icon, pic.w, (255, 200, 180)), pic)
        paint.text(surf, vp, label, (x + 2 + th + (tw - th) / 2, top + th / 2), 12,
                   (255, 220, 200), "bold", "center", fit=tw - th - 4)

    def _tower_mark(self, surf, vp, rect, tower) -> None:
        """A tower (RM-25): its SP on a light marker face up; face down a dark marker, with
        the SP for its builder, who knows it, and "T?" for the Viking (RM-25.7)."""
        x, y, w, h = rect
        up = (list(tower) + [None, 0])[1]
        label = tower_label(tower)
        ground = (120, 112, 100) if up else (60, 58, 56)
        paint.panel(surf, vp, rect, ground, (230, 220, 200), radius=4, width=2)
        name = (list(tower) + [None])[0]  # the tower's picture under its SP, where known
        pic = vp.rect((x + 2, y + 2, min(w, h) - 4, min(w, h) - 4))
        kind = name if ("runes-of-mayhem", name) in pieces.PIECES else "TW-WAT"
        surf.blit(art.icon(pieces.kind_icon("runes-of-mayhem", kind), pic.w,
                           cards.mix(ground, (255, 255, 255), 0.25)), pic)
        paint.text(surf, vp, label, (x + w / 2, y + h / 2), 12, theme.INK, "bold", "center",
                   fit=w - 2)

    def _draw_unit(self, surf, vp, obs, card: str, rect) -> None:
        x, y, w, h = rect
        r = vp.rect(rect)
        st = obs["u"].get(card, [0, 0, 0, ""])
        s, life = current(obs, card) if CARDS.get(code(card)) else (None, None)
        surf.blit(card_face(r.w, r.h, card, s, life, round(vp.scale, 3)), r)
        cmb = obs.get("cmb") or {}
        if st[0] and not st[1]:  # damage tokens, low on the right clear of the costs
            cx, cy = x + w - 15, y + h - stats_row(h) - 13
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
            paint.text(surf, vp, text, (x + 4 + tw / 2, ty + 7.5), 12, theme.INK_DARK, "bold",
                       "center", fit=tw - 4)
            ty -= 17
        if st[1]:  # fallen: turned sideways (RM-9.7)
            surf.blit(cards.veil(r.w, r.h, 150), r)
            img = fonts.text(_("FALLEN"), vp.font_px(15), (255, 200, 190), "bold")
            img = pygame.transform.rotate(img, 30)
            surf.blit(img, img.get_rect(center=r.center))

    def _draw_lodge(self, surf, vp, obs) -> None:
        lodge = self._lodge(obs)
        on = self._module(obs, "X5")
        for i in (1, 2, 3):
            x, y, w, h = rect = self.layout.zone(f"lodge_{i}")
            card = lodge[i - 1] if i <= len(lodge) else None
            if card:  # a mercenary's card, lying sideways in the Lodge (RM-23)
                r = vp.rect(rect)
                surf.blit(lodge_plate(r.w, r.h, card_icon(card)), r)
            else:
                paint.panel(surf, vp, rect, (44, 40, 36), (160, 140, 90) if on else (80, 74, 64),
                            radius=6)
            if card:
                paint.text_in(surf, vp, card_name(card), (x + 6, y + 3, w - 12, 28), 11,
                              theme.INK_DARK, "bold", spacing=1.05)
                info = CARDS.get(code(card))
                stats_w = 0.0
                if info:  # strength in a circle, life in a shield, as on every card
                    rad = vp.size(8)
                    for j, (value, shape, fill) in enumerate(
                            ((info[3], "circle", STRENGTH_RGB), (info[4], "shield", LIFE_RGB))):
                        cx, cy = vp.point(x + 11 + j * 16, y + h - 12)
                        cards.draw_badge(surf, cards.Badge(str(value), shape, fill), (cx, cy),
                                         rad, vp.scale)
                    stats_w = vp.size(26)  # the room the two badges take (to x + 35)
                keys = [SHORT_KEY[k] for k in (info[7] if info else ()) if k in SHORT_KEY]
                if keys:  # beside the stats
                    size, lines = keyword_lines(_(keys[0]), int((w - 15) * vp.scale - stats_w), vp)
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
                surf.blit(cards.back(r.w, r.h, cards.RUNES_OF_MAYHEM), r)
            seen = self._mod(obs).get("tdeck" if module == "X6" else "wdeck") or []
            text = ngettext("{n} card", "{n} cards", n).format(n=n)
            if seen:
                text += ": " + ", ".join(card_name(c) for c in seen)
            paint.text_in(surf, vp, text, (x + 8, y + 22, w - 110, h - 24), 11, theme.INK)


@lru_cache(maxsize=16)
def king_plate(w: int, h: int) -> pygame.Surface:
    """A King's card lying beside his Fortress: parchment in the iron frame."""
    return cards.plate(w, h, cards.RUNES_OF_MAYHEM, cards.PAPER)[0]


@lru_cache(maxsize=64)
def lodge_plate(w: int, h: int, icon: str) -> pygame.Surface:
    """A mercenary's card in the Lodge: parchment in the iron frame, its picture faint
    behind its name."""
    surf = king_plate(w, h).copy()
    side = int(h * 0.8)
    img = art.icon(icon, side, cards.mix(cards.PAPER, (60, 50, 40), 0.22))
    surf.blit(img, img.get_rect(midright=(w - cards.border(min(w, h)) - 2, h // 2)))
    return surf


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
