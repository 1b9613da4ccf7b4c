"""Drawing the Runes of Mayhem table (``TableDrawing``, the drawing half of ``RMView``):
the grids, Fortresses, Kings, Walls, hands, piles, production cards, the Lodge and
the module decks, the dice tray and the playback's outline."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import art, cards, fonts, i18n, motion, paint, pieces, theme
from game.app.i18n import _, ngettext
from game.app.view_contract import Item
from game.app.widgets import fitting

from . import words
from .content import CARDS, SIDES, code
from .faces import (
    FRAME,
    LIFE_RGB,
    SIDE_RGB,
    STRENGTH_RGB,
    card_face,
    card_icon,
    stats_row,
    tower_label,
)
from .table_facts import current, formation
from .verbs import place_key
from .words import card_label, card_name, side_adj

GOLD_RGB, FAITH_RGB = (196, 150, 56), (126, 150, 200)


class TableDrawing:
    """The drawing of ``RMView``: it reads the view's layout, places and module data
    (``_mod``, ``_lodge``, ``_towers``, ``_traps``, ``_kings``, ``_protection``)."""

    def draw(self, surf, vp, obs: dict, items: list[Item], marks: dict) -> None:
        if getattr(self, "_drawn_in", None) != i18n.language():  # anew in another language
            self._picture, self._drawn_in = paint.Picture(), i18n.language()
        self._picture.blit(
            surf,
            vp,
            obs,
            paint.board_area(vp),
            lambda picture: self._draw_table(picture, vp, obs, items),
        )
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
        if kind in (
            "FALL",
            "RM",
            "SHOT",
            "HIT",
            "TOWER",
            "RAZED",
            "REVEAL",
            "TRAPLAID",
            "TOWERLAID",
            "TRAPPED",
            "SACRIFICED",
            "FLIP",
        ):
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
        paint.panel(
            surf, vp, (x, y, w, h), (40, 34, 28), (140, 120, 90), radius=6, width=2 if focus else 1
        )
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
        paint.text(surf, vp, caption, (x + 8, y + 3), 12, theme.INK_DIM, "bold", fit=w - 16)
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
            for k, face in enumerate(group):  # thrown: it tumbles, then lands (motion)
                _die(
                    surf,
                    vp,
                    (dx, y + 22, 24, 24),
                    motion.roll((focus, j, k), face, (0, 1, 2, 3)),
                    (236, 226, 200) if j == 0 else (200, 210, 236),
                )
                dx += 28

    def _draw_table(self, surf, vp, obs: dict, items: list[Item]) -> None:
        self.draw_ground(surf, vp)
        self.draw_status(surf, vp, obs)
        self._draw_fields(surf, vp)
        for p in (0, 1):
            self._draw_fort(surf, vp, obs, p)
            if self._module(obs, "K"):
                self._draw_king(surf, vp, obs, p)
            self._draw_wall(surf, vp, obs, p)
            self._draw_hand(surf, vp, obs, p, items)
            self._draw_piles(surf, vp, obs, p)
            self._draw_prod(surf, vp, obs, p)
        self._draw_columns(surf, vp, obs)
        self._draw_grid(surf, vp, obs)
        if self._module(obs, "X5"):
            self._draw_lodge(surf, vp, obs)
        self._draw_decks(surf, vp, obs)
        for item in items:
            if item.key[0] == "wcard":
                self._draw_unit(surf, vp, obs, item.key[1], item.rect)

    def _box(self, surf, vp, rect, title: str, colour) -> None:
        paint.panel(surf, vp, rect, (28, 30, 34), colour, radius=6, width=2)
        paint.text(
            surf,
            vp,
            title,
            (rect[0] + 8, rect[1] + 4),
            theme.FONT_SMALL,
            theme.INK_DIM,
            "bold",
            fit=rect[2] - 16,
        )

    def _draw_fort(self, surf, vp, obs, p) -> None:
        """A Fortress as a fortress: its picture on its side's colour, its SP in large
        figures, its protection on a shield and its strength as a battlement that
        crumbles as it falls (RM-11, RM-17.1)."""
        sd = SIDES[p]
        x, y, w, h = rect = self.zone(obs, sd + "F")
        r = vp.rect(rect)  # dark masonry in the side's colour
        surf.blit(fort_ground(r.w, r.h, SIDE_RGB[sd], round(vp.scale, 3)), r)
        sp, limit = obs["strength_points"][p], obs["strength_limit"][p]
        tall = h > 100  # the King's place too (no module K): a larger picture
        side = 70 if tall else h - 12
        top = y + 24 if tall else y + 6
        pic = vp.rect((x + 8, top, side, side))
        surf.blit(
            art.icon(
                "castle" if sd == "A" else "hill-fort",
                pic.w,
                cards.mix(SIDE_RGB[sd], (235, 225, 205), 0.35),
            ),
            pic,
        )
        left = x + 14 + side
        title = _("{side} Fortress").format(side=side_adj(sd))
        if tall:
            named = paint.text(
                surf,
                vp,
                title,
                (x + 8, y + 4),
                fit_h(vp, 15, 20),
                theme.INK,
                "display-bold",
                fit=w - 16,
            )
        else:
            named = paint.text(
                surf,
                vp,
                title,
                (left, y + 4),
                fit_h(vp, 13, 16),
                theme.INK,
                "display-bold",
                fit=x + w - 6 - left,
            )
        under = bottom_of(vp, named)  # the SP under the name, whatever the text size
        score = _("{sp} / {limit} SP").format(sp=sp, limit=limit)
        guard = str(self._protection(obs, p))
        if tall:  # the SP large, the protection on a shield below it, named
            sy = max(top + 2, under)
            motion.value(
                ("sp", p),
                sp,
                paint.text(  # damage to the Fortress rises here
                    surf,
                    vp,
                    score,
                    (left, sy),
                    fit_h(vp, 24, top + 34 - sy),
                    theme.INK,
                    "bold",
                    fit=x + w - 8 - left,
                ),
            )
            shield = vp.rect((left, top + 36, 24, 24))
            paint.text(
                surf,
                vp,
                _("protection {n}").format(n=guard),
                (left + 28, top + 48),
                fit_h(vp, 12, 24),
                theme.INK,
                anchor="midleft",
                fit=x + w - 36 - left,
            )
        else:
            sy = max(y + 20, under)
            motion.value(
                ("sp", p),
                sp,
                paint.text(  # damage to the Fortress rises here
                    surf,
                    vp,
                    score,
                    (left, sy),
                    fit_h(vp, 18, y + h - 17 - sy),
                    theme.INK,
                    "bold",
                    fit=x + w - 36 - left,
                ),
            )
            shield = vp.rect((x + w - 30, y + 21, 24, 24))
        surf.blit(art.icon("round-shield", shield.w, (150, 146, 136)), shield)
        c = vp.to_design(shield.center)
        paint.text(surf, vp, guard, c, 12, theme.INK_DARK, "bold", "center")
        bar = (x + 8 if tall else left, y + h - 16, x + w - 16 - (0 if tall else left - x - 8), 10)
        self._battlement(
            surf, vp, bar, sp / max(1, limit), theme.OK if 2 * sp > limit else theme.DANGER
        )

    @staticmethod
    def _battlement(surf, vp, rect, share: float, colour) -> None:
        """A strength bar drawn as a wall top: merlons standing for the share kept."""
        x, y, w, h = rect
        n = max(4, int(w // 9))
        step = w / n
        kept = round(n * max(0.0, min(1.0, share)))
        paint.panel(surf, vp, (x, y + h * 0.45, w, h * 0.55), (60, 30, 30), None, radius=2)
        if share > 0:
            paint.panel(
                surf, vp, (x, y + h * 0.45, w * min(1.0, share), h * 0.55), colour, None, radius=2
            )
        for i in range(n):
            fill = colour if i < kept else (70, 40, 40)
            paint.panel(surf, vp, (x + i * step + 1, y, step * 0.6, h * 0.55), fill, None, radius=1)

    def _draw_king(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "_king")
        kings = self._kings(obs)
        king = kings[p] if len(kings) > p else None
        gone = self._mod(obs).get("king_gone")
        out = isinstance(gone, list | tuple) and len(gone) > p and gone[p]
        if king:  # the King's card: his portrait, name and side, his ability in short
            r = vp.rect(rect)
            surf.blit(king_plate(r.w, r.h), r)
            k, _sep, side = str(king).partition("/")
            pic = vp.rect((x + 5, y + 8, 40, 40))
            surf.blit(art.icon("throne-king", pic.w, (70, 70, 70) if out else SIDE_RGB[sd]), pic)
            left = x + 48
            paint.text(
                surf,
                vp,
                _("King {name} · {s}").format(name=card_name(k), s=side),
                (left, y + 4),
                13,
                (110, 100, 90) if out else theme.INK_DARK,
                "display-bold",
                fit=x + w - 6 - left,
            )
            text = _("out of the game") if out else words.king_side_text(k, side)
            size, lines = cards.text_fit(
                text, vp.size(x + w - 6 - left), vp.size(h - 22), vp.scale
            )  # the whole in his tooltip
            for i, line in enumerate(lines):
                img = fonts.text(line, size, cards.TEXT_INK)
                surf.blit(img, vp.point(left, y + 22 + i * 13.8))
        else:
            paint.text(
                surf,
                vp,
                _("King: chosen at setup"),
                (x + 8, y + h / 2),
                12,
                theme.INK_DIM,
                anchor="midleft",
            )  # drawn with module K only

    def _draw_wall(self, surf, vp, obs, p) -> None:
        """A Wall as a stone wall: courses of stone under its battlements, a niche per
        slot (RM-4.4; castle folk use none), its units standing in them."""
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "W")
        r = vp.rect(rect)
        surf.blit(wall_stone(r.w, r.h, round(vp.scale, 3)), r)
        used = sum(1 for c in obs["wall"][p] if "CASTLE" not in CARDS.get(code(c), ("",) * 8)[7])
        cap = obs.get("wall_caps", [2, 2])[p]  # 3 with Edward A (RM-27.6)
        n = len(obs["wall"][p])
        for slot in self._wall_rects(sd, cap, max(cap, n))[n:]:
            paint.panel(surf, vp, slot, (38, 36, 34), (120, 116, 108), radius=6, width=1)
            c = (slot[0] + slot[2] / 2, slot[1] + slot[3] / 2)
            pic = vp.rect((c[0] - 16, c[1] - 16, 32, 32))
            surf.blit(art.icon("guards", pic.w, (74, 72, 68)), pic)
        paint.panel(surf, vp, (x + 4, y + 5, w - 8, 16), (44, 42, 40), None, radius=4)
        paint.text(
            surf,
            vp,
            _("{side} Wall · {n}/{cap} slots").format(side=side_adj(sd), n=used, cap=cap),
            (x + w / 2, y + 13),
            12,
            theme.INK,
            "bold",
            "center",
            fit=w - 12,
        )

    def _draw_hand(self, surf, vp, obs, p, items) -> None:
        sd = SIDES[p]
        x, y, w, h = rect = self.layout.zone(sd + "_hand")
        mine = p == obs["seat"]
        n = obs["hand_sizes"][p]
        self._box(
            surf,
            vp,
            rect,
            (_("Your hand: {n} cards") if mine else _("{side} hand: {n} cards")).format(
                n=n, side=side_adj(sd)
            ),
            SIDE_RGB[sd],
        )
        if mine or "open_hands" in obs:
            kind = "hand" if mine else "ohand"
            for item in items:
                if item.key[0] == kind:
                    r = vp.rect(item.rect)
                    full = vp.rect((item.rect[0], item.rect[1], 74, item.rect[3]))
                    face = card_face(full.w, full.h, item.key[1], None, None, round(vp.scale, 3))
                    surf.blit(face, r, pygame.Rect(0, 0, r.w, r.h))
            return
        for cx, cy, cw, ch in self._hand_rects(sd, n):  # backs as large as his cards
            r = vp.rect((cx, cy, 74, ch))
            shown = vp.rect((cx, cy, cw, ch))
            surf.blit(
                cards.back(r.w, r.h, FRAME),
                shown,
                pygame.Rect(0, 0, shown.w, shown.h),
            )

    def _draw_piles(self, surf, vp, obs, p) -> None:
        """The draw pile as a stack of backs with its count; the discard pile with its
        top card's name, and its face where the pile has the room (a module deck off)."""
        sd = SIDES[p]
        x, y, w, h = rect = self.zone(obs, sd + "_pile")
        self._box(surf, vp, rect, _("Draw pile"), SIDE_RGB[sd])
        n = obs["pile_sizes"][p]
        ch = min(h - 16, 96)
        cw = ch * 0.7
        for i in range(min(3, max(1, n // 8 + 1)) if n else 0):
            r = vp.rect((x + w - cw - 10 - i * 3, y + (h - ch) / 2 + 2 - i * 2, cw, ch))
            surf.blit(cards.back(r.w, r.h, FRAME), r)
        paint.text(
            surf,
            vp,
            str(n),
            (x + 8, y + h - 3),
            fit_h(vp, 28 if h > 100 else 22, h - 7 - line_h(vp, theme.FONT_SMALL)),
            theme.INK,
            "bold",
            "bottomleft",
        )  # under its title
        x, y, w, h = rect = self.zone(obs, sd + "_discard")
        pile = obs["discard"][p]
        self._box(surf, vp, rect, _("Discard: {n}").format(n=len(pile)), SIDE_RGB[sd])
        if not pile:
            return
        room = w - 16
        if h > 100:  # the top card face up
            ch = h - 12
            cw = min(74, ch * 0.7)
            r = vp.rect((x + w - cw - 6, y + 6, cw, ch))
            surf.blit(card_face(r.w, r.h, pile[-1], None, None, round(vp.scale, 3)), r)
            room = w - cw - 20
        paint.text_in(
            surf,
            vp,
            _("top: {card}").format(card=card_label(pile[-1])),
            (x + 8, y + 24, room, h - 28),
            12,
            theme.INK,
            valign="top",
        )

    def _draw_prod(self, surf, vp, obs, p) -> None:
        sd = SIDES[p]
        pending = obs["step"] == "TOK" or (obs["turn"] == 0)
        for kind, colour, label in (("g", GOLD_RGB, _("Gold")), ("f", FAITH_RGB, _("Faith"))):
            zone = sd + ("_gold" if kind == "g" else "_faith")
            x, y, w, h = rect = self.zone(obs, zone)
            paint.panel(surf, vp, rect, (36, 34, 30), colour, radius=6, width=2)
            i = "gf".index(kind)
            toks = obs["tokens"][p][i]
            if pending and p == obs["seat"] and obs.get("my_pending_tokens"):
                toks = obs["my_pending_tokens"][i]
            supply = (obs["gold"] if kind == "g" else obs["faith"])[p]
            shown = paint.text(
                surf,
                vp,
                _("supply {n}").format(n=supply),
                (x + w - 8, y + 4),
                theme.FONT_SMALL,
                theme.INK,
                "bold",
                "topright",
            )
            room = vp.to_design(shown.topleft)[0] - 8 - (x + 8)  # its title left of it
            title = _("{what} card").format(what=label)
            if vp.font_px(fitting(vp, title, theme.FONT_SMALL, room, "bold")) < 12:
                title = label  # a narrow panel (a long language, a large text size)
            paint.text(surf, vp, title, (x + 8, y + 4), theme.FONT_SMALL, colour, "bold", fit=room)
            if pending and not toks:
                paint.text(
                    surf, vp, _("tokens: chosen at setup"), (x + 8, y + 30), 12, theme.INK_DIM
                )
            for t in range(toks):
                cx, cy = x + 16 + t * 24, y + 40
                pygame.draw.circle(surf, colour, vp.point(cx, cy), vp.size(9))
                pygame.draw.circle(
                    surf, (40, 30, 20), vp.point(cx, cy), vp.size(9), max(1, vp.size(1))
                )
            locked = [c for c, st in obs["units"].items() if st[3] == kind] if p == 1 else []
            if locked:
                paint.text(
                    surf,
                    vp,
                    _("+{n} locked").format(n=len(locked)),
                    (x + w - 8, y + h - 6),
                    12,
                    theme.DANGER,
                    "bold",
                    "bottomright",
                )

    def _draw_fields(self, surf, vp) -> None:
        """The two battlefields (RM-4.1): the Anglo-Saxon field above, the Viking field
        below, each a meadow within a bank of earth; no-man's-land between them."""
        lay = self.layout
        for sd in SIDES:
            x0, y0, _w, _h = lay.zone(f"{sd}13" if sd == "A" else f"{sd}11")
            x1, y1, w1, h1 = lay.zone(f"{sd}31" if sd == "A" else f"{sd}33")
            rect = (x0 - 4, y0 - 4, x1 + w1 - x0 + 8, y1 + h1 - y0 + 8)
            r = vp.rect(rect)
            surf.blit(field(r.w, r.h, SIDE_RGB[sd], round(vp.scale, 3)), r)
        x0, y0, _w, h = lay.zone("col_1")  # no-man's-land, under the Lodge too
        x1, _y, w1, _h = lay.zone("lodge_deck")
        r = vp.rect((x0 - 4, y0 - 4, x1 + w1 - x0 + 8, h + 4))
        surf.blit(mud(r.w, r.h), r)

    def _draw_columns(self, surf, vp, obs) -> None:
        """The column markers as banners on no-man's-land: raised and red when the column
        is open, behind a lowered gate when it is closed for the turn (RM-10.1)."""
        cmb = obs.get("combat") or {}
        for c in (1, 2, 3):
            x, y, w, h = self.layout.zone(f"col_{c}")
            is_open = cmb.get("open") == c
            closed = c in cmb.get("opened", []) and not is_open
            cloth = (150, 40, 32) if is_open else (58, 54, 50) if closed else (112, 86, 52)
            r = vp.rect((x + 8, y + 2, w - 16, h - 4))
            surf.blit(banner(r.w, r.h, cloth, is_open), r)
            if closed:  # a portcullis let down over it
                surf.blit(portcullis(r.w, r.h), r)
            state = _("open") if is_open else _("closed") if closed else ""
            room = (h - 16) / 2 if state else h - 16  # its name and its state, one line each
            paint.text(
                surf,
                vp,
                _("Column {c}").format(c=c),
                (x + w / 2, y + 6),
                fit_h(vp, 14, room),
                theme.INK,
                "display-bold",
                "midtop",
                fit=w - 24,
            )
            if state:
                paint.text(
                    surf,
                    vp,
                    state,
                    (x + w / 2, y + h - 10),
                    fit_h(vp, 12, room),
                    theme.HILITE if is_open else theme.INK,
                    "bold",
                    "midbottom",
                    fit=w - 18,
                )

    def _draw_grid(self, surf, vp, obs) -> None:
        lay = self.layout
        cmb = obs.get("combat") or {}
        traps = self._traps(obs)
        for p, sd in enumerate(SIDES):
            for col in (1, 2, 3):
                for row in (1, 2, 3):
                    cell = f"{sd}{col}{row}"
                    rect = lay.zone(cell)
                    x, y, w, h = rect
                    in_open = cmb.get("open") == col
                    r = vp.rect(rect)  # a place on the field, its role faint on the grass
                    surf.blit(place_mark(r.w, r.h, in_open), r)
                    side = int(min(r.w, r.h) * 0.42)
                    img = art.icon(ROW_ICON[row], side, (190, 200, 160, 56))
                    surf.blit(img, img.get_rect(center=(r.centerx, r.centery + r.h // 12)))
                    paint.text(surf, vp, cell, (x + 6, y + 4), 12, (150, 170, 130))
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
        paint.text(
            surf,
            vp,
            label,
            (x + 2 + th + (tw - th) / 2, top + th / 2),
            12,
            (255, 220, 200),
            "bold",
            "center",
            fit=tw - th - 4,
        )

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
        surf.blit(
            art.icon(
                pieces.kind_icon("runes-of-mayhem", kind),
                pic.w,
                cards.mix(ground, (255, 255, 255), 0.25),
            ),
            pic,
        )
        paint.text(
            surf, vp, label, (x + w / 2, y + h / 2), 12, theme.INK, "bold", "center", fit=w - 2
        )

    def _draw_unit(self, surf, vp, obs, card: str, rect) -> None:
        x, y, w, h = rect
        r = vp.rect(rect)
        st = obs["units"].get(card, [0, 0, 0, ""])
        s, life = current(obs, card) if CARDS.get(code(card)) else (None, None)
        surf.blit(card_face(r.w, r.h, card, s, life, round(vp.scale, 3)), r)
        cmb = obs.get("combat") or {}
        if st[0] and not st[1]:  # damage tokens, low on the right clear of the costs
            cx, cy = x + w - 15, y + h - stats_row(h) - 13
            pygame.draw.circle(surf, (190, 40, 30), vp.point(cx, cy), vp.size(12))
            paint.text(surf, vp, f"-{st[0]}", (cx, cy), 12, (255, 255, 255), "bold", "center")
        tags = []
        if st[2]:
            tags.append((_("shot"), (60, 110, 160)))
        if st[3]:
            tags.append(
                (
                    _("locks {what}").format(what=_("gold") if st[3] == "g" else _("faith")),
                    GOLD_RGB if st[3] == "g" else FAITH_RGB,
                )
            )
        if card == cmb.get("attacker"):
            tags.append((_("attacking"), theme.ACCENT))
        elif card == cmb.get("target"):
            tags.append((_("target"), (220, 120, 60)))
        elif card in cmb.get("done", []):
            tags.append((_("done"), (110, 110, 110)))
        cell = next((k for k, v in obs["cells"].items() if v == card), None)
        form = formation(obs, "VA".index(cell[0]), int(cell[2])) if cell else None
        if form:
            tags.append(
                (
                    {
                        "SPEAR": _("formation +1/+1"),
                        "MELEE": _("shield wall"),
                        "CAV": _("formation +2 S"),
                    }[form],
                    (230, 200, 90),
                )
            )
        # the tags sit on the card's empty lower half, above its stats row and above a
        # tower's or trap's marker there, clear of the ability text (``card_face``)
        ty = y + h - stats_row(h) - 17
        if cell and (cell in self._towers(obs) or cell in self._traps(obs)):
            ty -= 18
        tw = w - 8 - (30 if st[0] and not st[1] else 0)
        size = fit_h(vp, 12, 15)  # a tag's words as large as its band holds
        th = max(15.0, line_h(vp, size))
        ty += 15 - th
        for text, colour in tags[:2]:
            paint.panel(surf, vp, (x + 4, ty, tw, th), colour, None, radius=4)
            face = (
                "bold"
                if fonts.font(vp.font_px(size), "bold").size(text)[0] <= vp.size(tw - 4)
                else "sans"
            )  # "attacking" beside a damage token: 12 px
            paint.text(
                surf,
                vp,
                text,
                (x + 4 + tw / 2, ty + th / 2),
                size,
                theme.INK_DARK,
                face,
                "center",
                fit=tw - 4,
            )
            ty -= th + 2
        if st[1]:  # fallen: turned sideways (RM-9.7)
            surf.blit(cards.veil(r.w, r.h, 150), r)
            img = fonts.text(_("FALLEN"), vp.font_px(15), (255, 200, 190), "bold")
            img = pygame.transform.rotate(img, 30)
            surf.blit(img, img.get_rect(center=r.center))

    def _draw_lodge(self, surf, vp, obs) -> None:
        lodge = self._lodge(obs)  # drawn with module X5 only
        for i in (1, 2, 3):
            x, y, w, h = rect = self.layout.zone(f"lodge_{i}")
            card = lodge[i - 1] if i <= len(lodge) else None
            if card:  # a mercenary's card, lying sideways in the Lodge (RM-23)
                r = vp.rect(rect)
                surf.blit(lodge_plate(r.w, r.h, card_icon(card)), r)
            else:
                paint.panel(surf, vp, rect, (44, 40, 36), (160, 140, 90), radius=6)
            if card:
                paint.text_in(
                    surf,
                    vp,
                    card_name(card),
                    (x + 6, y + 3, w - 12, 30),
                    fit_h(vp, 12, 14),
                    theme.INK_DARK,
                    "bold",
                    spacing=1.0,
                )
                info = CARDS.get(code(card))
                if info:  # strength in a circle, life in a shield, as on every card (its
                    rad = vp.size(8)  # keyword, too small beside them, is in its tooltip)
                    for j, (value, shape, fill) in enumerate(
                        ((info[3], "circle", STRENGTH_RGB), (info[4], "shield", LIFE_RGB))
                    ):
                        cx, cy = vp.point(x + 11 + j * 16, y + h - 12)
                        cards.draw_badge(
                            surf, cards.Badge(str(value), shape, fill), (cx, cy), rad, vp.scale
                        )
            else:
                paint.text(
                    surf, vp, _("Lodge"), (x + w / 2, y + h / 2), 12, theme.INK_DIM, anchor="center"
                )
        x, y, w, h = rect = self.layout.zone("lodge_deck")
        paint.panel(surf, vp, rect, (44, 40, 36), (160, 140, 90), radius=6)
        named = paint.text(
            surf,
            vp,
            _("Mercenaries"),
            (x + w / 2, y + 4),
            fit_h(vp, 12, 18),
            theme.INK_DIM,
            anchor="midtop",
            fit=w - 8,
        )
        paint.text(
            surf,
            vp,
            str(obs.get("mercenary_deck_size", 0)),
            (x + w / 2, y + h - 3),
            fit_h(vp, 18, y + h - 3 - bottom_of(vp, named)),
            theme.INK,
            "bold",
            "midbottom",
        )

    def _draw_decks(self, surf, vp, obs) -> None:
        for zone, module, title in (
            ("V_traps", "X6", _("Viking trap deck (X6)")),
            ("A_towers", "X7", _("Anglo-Saxon tower deck (X7)")),
        ):
            if not self._module(obs, module):
                continue  # its room went to the piles (``zone``)
            x, y, w, h = rect = self.layout.zone(zone)
            paint.panel(surf, vp, rect, (34, 32, 30), (150, 120, 80), radius=6)
            named = paint.text(
                surf,
                vp,
                title,
                (x + 8, y + 4),
                fit_h(vp, theme.FONT_SMALL, 18),
                theme.INK,
                "bold",
                fit=w - 16,
            )
            top = max(y + 21, bottom_of(vp, named))
            size = fit_h(vp, 12, (y + h - 2 - top) / 2)  # two lines of names where they fit
            lines = max(1, int((y + h - 2 - top) // (vp.text_h(size) * 1.1)))
            n = int(obs.get("trap_deck_size" if module == "X6" else "tower_deck_size", 0) or 0)
            for i in range(min(6, n)):
                r = vp.rect((x + w - 40 - i * 14, y + 8, 30, 44))
                surf.blit(cards.back(r.w, r.h, FRAME), r)
            seen = self._mod(obs).get("trap_deck" if module == "X6" else "tower_deck") or []
            count = ngettext("{n} card", "{n} cards", n).format(n=n)
            room = w - 16 - 14 * min(6, n) - 30
            names = [card_name(c) for c in seen]
            text = count
            for k in range(len(names), 0, -1):  # as many names as two lines hold (all in
                tried = count + ": " + ", ".join(names[:k]) + (", …" if k < len(names) else "")
                if len(fonts.wrap(tried, vp.font_px(size), vp.size(room))) <= lines:
                    text = tried  # (all in its tooltip)
                    break
            paint.text_in(
                surf, vp, text, (x + 8, top, room, y + h - 2 - top), size, theme.INK, spacing=1.1
            )


def line_h(vp, size: float) -> float:
    """The design height of a line of text of design size ``size`` at the UI scale."""
    return vp.text_h(size) * LINE


def fit_h(vp, size: float, room: float) -> float:
    """``size``, smaller where a line of it at the UI scale would be taller than ``room``
    design pixels: a larger text size grows the board's words where their panel has the
    room, never past its edge, and never under 12 pixels."""
    if line_h(vp, size) <= room:
        return size
    return max(12 / vp.ui, size * room / line_h(vp, size))


def bottom_of(vp, rect) -> float:
    """The design y under a text ``paint.text`` drew (its pixel rectangle)."""
    return vp.to_design(rect.bottomleft)[1]


LINE = 1.17  # a line's height to its font size (the reading faces)


#: the role of a row of cells, as a faint picture on its grass (RM-4.3)
ROW_ICON = {1: "crossed-swords", 2: "round-shield", 3: "prayer"}


def _noise(i: int, j: int, seed: int) -> float:
    """A fixed value in [0, 1) for a point of a texture (no random numbers: the same
    texture every time)."""
    n = (i * 374761393 + j * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((n ^ (n >> 16)) & 0xFFFF) / 65536


def _mottle(w: int, h: int, base: tuple, spread: int, seed: int, cell: int = 10):
    """A surface of ``base`` colour mottled by fixed noise, ``cell`` pixels a patch."""
    gw, gh = max(2, w // cell + 2), max(2, h // cell + 2)
    small = pygame.Surface((gw, gh))
    for i in range(gw):
        for j in range(gh):
            d = int((_noise(i, j, seed) - 0.5) * 2 * spread)
            small.set_at((i, j), tuple(max(0, min(255, c + d)) for c in base))
    return pygame.transform.smoothscale(small, (max(1, w), max(1, h)))


@lru_cache(maxsize=8)
def field(w: int, h: int, colour: tuple, unit: float) -> pygame.Surface:
    """A side's battlefield: a meadow in a bank of earth edged in the side's colour."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    bank = max(3, int(5 * unit))
    rad = max(4, int(10 * unit))
    pygame.draw.rect(surf, (78, 62, 40), (0, 0, w, h), border_radius=rad)
    grass = _mottle(w - 2 * bank, h - 2 * bank, (58, 78, 44), 12, w + h, max(6, int(9 * unit)))
    for k in range(w * h // 900):  # blades of grass
        gx, gy = int(_noise(k, 1, 7) * grass.get_width()), int(_noise(k, 2, 7) * grass.get_height())
        tone = (74, 96, 56) if k % 2 else (46, 64, 36)
        pygame.draw.line(grass, tone, (gx, gy), (gx + int(2 * unit), gy - int(4 * unit)))
    mask = pygame.Surface(grass.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad - 2)
    grass = grass.convert_alpha() if pygame.display.get_surface() else grass
    out = pygame.Surface(grass.get_size(), pygame.SRCALPHA)
    out.blit(grass, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(out, (bank, bank))
    pygame.draw.rect(
        surf,
        cards.mix(colour, (40, 30, 20), 0.35),
        (0, 0, w, h),
        max(2, int(2 * unit)),
        border_radius=rad,
    )
    return surf


@lru_cache(maxsize=8)
def mud(w: int, h: int) -> pygame.Surface:
    """No-man's-land between the fields: trampled earth."""
    return _mottle(w, h, (74, 60, 42), 14, 3, max(4, h // 6))


@lru_cache(maxsize=32)
def place_mark(w: int, h: int, lit: bool) -> pygame.Surface:
    """A place on a field: a patch of trodden grass (lit when its column is open); its
    row's picture is drawn faint on it."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 14)
    pygame.draw.rect(
        surf, (200, 170, 90, 60) if lit else (0, 0, 0, 34), surf.get_rect(), border_radius=rad
    )
    pygame.draw.rect(surf, (190, 200, 150, 70), surf.get_rect(), max(1, w // 60), border_radius=rad)
    return surf


@lru_cache(maxsize=16)
def banner(w: int, h: int, cloth: tuple, raised: bool) -> pygame.Surface:
    """A column's banner: a cloth on a pole with a swallow tail, in its state's colour."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pole = max(2, h // 14)
    pygame.draw.rect(surf, (90, 70, 44), (0, 0, w, pole), border_radius=pole // 2)
    notch = h // 5
    pts = [
        (pole, pole),
        (w - pole, pole),
        (w - pole, h - 1),
        (w // 2, h - 1 - notch),
        (pole, h - 1),
    ]
    pygame.draw.polygon(surf, cloth, pts)
    pygame.draw.polygon(
        surf, cards.mix(cloth, (255, 230, 170), 0.45 if raised else 0.2), pts, max(1, h // 26)
    )
    return surf


@lru_cache(maxsize=8)
def portcullis(w: int, h: int) -> pygame.Surface:
    """A lowered gate over a closed column's banner."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    bar = max(1, w // 40)
    for i in range(1, 7):
        x = i * w // 7
        pygame.draw.line(surf, (30, 28, 26, 150), (x, 0), (x, h - 1), bar)
    for j in (h // 3, 2 * h // 3):
        pygame.draw.line(surf, (30, 28, 26, 150), (0, j), (w - 1, j), bar)
    return surf


@lru_cache(maxsize=8)
def wall_stone(w: int, h: int, unit: float) -> pygame.Surface:
    """A Wall seen from the field: courses of grey stone under merlons."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    top = max(3, int(6 * unit))
    body = _mottle(w, h - top, (96, 92, 86), 10, 11, max(4, int(8 * unit)))
    course = max(6, int(13 * unit))
    stone = max(12, int(26 * unit))
    for row, y in enumerate(range(0, h - top, course)):
        pygame.draw.line(body, (62, 60, 56), (0, y), (w, y), 1)
        for x in range((row % 2) * stone // 2, w, stone):
            pygame.draw.line(body, (62, 60, 56), (x, y), (x, y + course), 1)
    surf.blit(body, (0, top))
    merlon = max(8, int(16 * unit))
    for x in range(0, w, merlon * 2):
        pygame.draw.rect(surf, (110, 106, 100), (x + merlon // 2, 0, merlon, top + 1))
    pygame.draw.rect(
        surf,
        (150, 146, 136),
        (0, top, w, h - top),
        max(1, int(2 * unit)),
        border_radius=max(2, int(4 * unit)),
    )
    return surf


@lru_cache(maxsize=8)
def fort_ground(w: int, h: int, colour: tuple, unit: float) -> pygame.Surface:
    """A Fortress's panel: dark masonry under a veil, edged in its side's colour."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, int(6 * unit))
    stone = wall_stone(w, h, unit).copy()
    stone.fill((0, 0, 0, 0), (0, 0, w, max(3, int(6 * unit)) + 1))  # no merlons here
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((26, 24, 22, 205))
    stone.blit(veil, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
    pygame.draw.rect(surf, (30, 28, 26), surf.get_rect(), border_radius=rad)
    stone.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(stone, (0, 0))
    pygame.draw.rect(surf, colour, surf.get_rect(), max(1, int(2 * unit)), border_radius=rad)
    return surf


@lru_cache(maxsize=16)
def king_plate(w: int, h: int) -> pygame.Surface:
    """A King's card lying beside his Fortress: parchment in the iron frame."""
    return cards.plate(w, h, FRAME, cards.PAPER)[0]


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
        pygame.draw.circle(
            surf,
            (30, 24, 20),
            vp.point(cx + dx * w * 0.27, cy + dy * h * 0.27),
            max(1, vp.size(2.6)),
        )
