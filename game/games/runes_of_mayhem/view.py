"""The Runes of Mayhem table on ``levels/runes_of_mayhem.tmx``: its items, tooltips, clicks,
prompts and set-up (the drawing is ``drawing.TableDrawing``, the cards ``faces``).

The table lies as RM-4.1 draws it: the Anglo-Saxon grid at the top (rows 3, 2, 1 down to
the no-man's-land), the Viking grid below (rows 1, 2, 3), columns 1-3 from left to right;
each side's Fortress, King and Wall on the left, its hand, piles, gold and faith cards
and module deck on the right; a module that is off has no panel and its room goes to
what is in play (``zone``).  Items are keyed ``("cell", "V21")``, ``("wall", "V")``,
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

from game.app import cards, paint, pieces
from game.app.coach import PROMPT, Step, items
from game.app.i18n import N_, _, ngettext, pgettext
from game.app.view_contract import ChartReading, Item, Prompt, SetupOption

from . import words
from .content import BASIC, CARDS, KINGS, SIDES, code, owner_of
from .drawing import TableDrawing
from .faces import card_face, card_words, stats_row
from .table_facts import current, formation
from .verbs import VERBS, as_action
from .words import card_label, card_name, card_tip, place_name, side_adj, side_full

FORMATION = {
    "SPEAR": "Spearmen formation: +1 strength, +1 life",
    "MELEE": "Shield wall: +2 life when defending",
    "CAV": "Cavalry formation: +2 strength when attacking",
}
MODULES = ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")


#: the engine's words on a list that is not a legal deck (content.deck_problem), as
#: patterns and the sentence the player reads
DECK_PROBLEMS = [
    (
        re.compile(r"a deck has exactly (?P<m>\d+) cards, not (?P<n>\d+) \((?P<rule>[^)]*)\)"),
        N_("A deck has exactly {m} cards, not {n} ({rule})."),
    ),
    (
        re.compile(r"a card is listed twice \((?P<rule>[^)]*)\)"),
        N_("A card is listed twice ({rule})."),
    ),
    (
        re.compile(r"(?P<card>\S+) is not in the \S+ pool \((?P<rule>[^)]*)\)"),
        N_("Not in this faction's pool: {card} ({rule})."),
    ),
    (
        re.compile(r"every basic unit must be in the deck: (?P<card>.+) \((?P<rule>[^)]*)\)"),
        N_("Every basic unit must be in the deck: {card} ({rule})."),
    ),
    (
        re.compile(r"all copies of (?P<card>.+) or none \((?P<rule>[^)]*)\)"),
        N_("All copies of {card} or none ({rule})."),
    ),
]


#: the engine's refusals of a set-up the set-up screen can ask for (rules.normalize_config)
CONFIG_PROBLEMS = {
    "the learning game L excludes every other module (RM-3.3)": N_(
        "The learning game (L) cannot be combined with any other module (RM-3.3)."
    ),
    "module X4 (King units) requires module K (RM-3.1)": N_(
        "Module X4 (King units) needs module K, the Kings (RM-3.1)."
    ),
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


#: the guided first turn (game.app.coach): the table's parts in order, each step
#: waiting for the move it explains, where it names verbs
GUIDE = (
    Step(
        N_(
            "Your opening hand: click cards to swap them for new ones, or keep the hand "
            "with the button under the prompt."
        ),
        items("hand"),
        ("MULL",),
    ),
    Step(N_("The two Fortresses: bring the enemy's SP down to 0 to win."), items("fort")),
    Step(
        N_("The Battlefield: 3 columns by 3 rows on each side. Units attack column by column."),
        items("cell"),
    ),
    Step(
        N_("Your gold and faith: they pay for the cards you play in the Main phase."),
        items("gold", "faith", mine=True),
    ),
    PROMPT,
)


#: the unit classes' pictures (RM-27: the class of a card; WAR is a ranged war machine)
CLASS_ICONS = {
    "SPEAR": "spears",
    "MELEE": "swordman",
    "CAV": "cavalry",
    "RANGED": "bowman",
    "WAR": "catapult",
    "PRIEST": "prayer",
    "HERO": "laurel-crown",
    "BERSERK": "barbarian",
    "LOOTER": "robber",
    "PEASANT": "farmer",
    "CASTLE": "trowel",
    "POISONER": "poison-bottle",
    "MEDIUM": "thrown-spear",
    "HOUND": "hound",
    "HUNTER": "hunting-horn",
    "KINGU": "mounted-knight",
    "KING": "crown",
}
#: each side's classes (in the order of its pieces)
SIDE_CLASSES = {
    "V": (
        "SPEAR",
        "MELEE",
        "CAV",
        "RANGED",
        "WAR",
        "PRIEST",
        "HERO",
        "BERSERK",
        "LOOTER",
        "POISONER",
        "MEDIUM",
        "HOUND",
        "KINGU",
        "KING",
    ),
    "A": (
        "SPEAR",
        "MELEE",
        "CAV",
        "RANGED",
        "WAR",
        "PRIEST",
        "HERO",
        "CASTLE",
        "PEASANT",
        "POISONER",
        "MEDIUM",
        "HOUND",
        "HUNTER",
        "KINGU",
        "KING",
    ),
}
#: RM-27.9 traps and RM-27.10 towers of the Anglo-Saxon castle
WORK_ICONS = {
    "TR-AMB": "hooded-assassin",
    "TR-CAL": "caltrops",
    "TR-DEC": "target-dummy",
    "TR-FIR": "fire",
    "TR-NET": "fishing-net",
    "TR-PIT": "spiky-pit",
    "TW-ARR": "stone-tower",
    "TW-BEA": "campfire",
    "TW-CHP": "church",
    "TW-KEEP": "castle",
    "TW-PAL": "palisade",
    "TW-WAT": "watchtower",
}
#: the game's pieces (game.app.pieces): a side's class ("V-SPEAR": the Vikings attack), a
#: mercenary of no faction (RM-27.8), the castle's traps and towers
PIECE_TABLE = {
    **{
        f"{side}-{c}": pieces.Piece(CLASS_ICONS[c], shape, side)
        for side, shape in (("V", pieces.ATTACKER), ("A", pieces.DEFENDER))
        for c in SIDE_CLASSES[side]
    },
    "MERC": pieces.Piece("crossed-swords", pieces.NEUTRAL, (112, 108, 100)),
    **{code: pieces.Piece(icon, pieces.NEUTRAL, "A") for code, icon in WORK_ICONS.items()},
}


class RMView(TableDrawing, paint.MapView):
    layout_name = "runes_of_mayhem"
    guide = GUIDE
    emblems = ("viking-helmet", "rune-stone")  # the title's, set-up's and results' pictures
    rule_prefix = "RM"  # its rule IDs
    blurb = N_("Vikings and Anglo-Saxons: bring the enemy Fortress down to 0 SP.")
    piece_table = PIECE_TABLE

    def piece_kind(self, card: str) -> str:
        """A card's or King's piece (game.app.pieces): its side and class (RM-27), a war
        machine among the ranged (WAR), a mercenary of no side (MERC, RM-27.8); "K-EDW" ->
        "A-KING"; a class without its side is the first side's, "SPEAR" -> "V-SPEAR"."""
        for side in "VA":
            if f"{side}-{card}" in PIECE_TABLE:
                return f"{side}-{card}"
        if card in KINGS:
            return f"{SIDES[KINGS[card][0]]}-KING"
        name = code(card)
        if name not in CARDS:
            raise KeyError(card)
        cls = CARDS[name][1]
        if cls == "MERC":
            return "MERC"
        side = SIDES[owner_of(card)]
        if cls == "RANGED" and "WAR" in CARDS[name][7]:
            return f"{side}-WAR"
        return f"{side}-{cls}"

    #: event kind -> sound (game.app.sound; an "ACT" event is a move)
    sounds = {
        "ACT": "card",
        "DREW": "card",
        "FIGHT": "dice",
        "SHOT": "dice",
        "HIT": "dice",
        "SIEGE": "dice",
        "TRADEROLL": "dice",
        "FALL": "fall",
        "WIN": "end",
    }

    def own_keys(self, seat) -> set:
        """A seat's items name its side by its letter too (RM-0.6)."""
        return {seat, SIDES[seat]} if seat in (0, 1) else {seat}

    # ------------------------------------------------------------------ set-up
    def setup_options(self, players: int) -> list[SetupOption]:
        onoff = [(False, _("off")), (True, _("on"))]
        out = []
        for m in MODULES:
            name, text, rule = words.MODULE_WORDS[m]
            out.append(
                SetupOption(
                    f"mod_{m}",
                    _("{m} {name}: {text} ({rule})").format(
                        m=m, name=_(name), text=_(text), rule=rule
                    ),
                    onoff,
                    False,
                )
            )
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

    def deck_refusal(self, seat: int, names, config: dict) -> str | None:
        """The engine's word on a list still being built (RM-19.2): what it breaks that no
        addition can mend (too many cards, a basic unit out, a card not in the pool), in
        the player's language; None when it is legal or only short of cards."""
        from . import content

        problem = content.draft_problem(seat, self.deck_cards(names), config.get("modules", []))
        return None if problem is None else deck_problem_words(problem)

    def deck_size(self, config: dict) -> int:
        """The cards of a legal deck (RM-19.2)."""
        from . import content

        return content.DECK_SIZE

    def deck_presets(self, seat: int, config: dict) -> list[tuple[str, str, set[str]]]:
        """Starting points for a deck: (label, tooltip, names): the base deck, and the
        engine's lists with the Poisoners in place of whole names (RM-19.2)."""
        from .rules import RULES

        base = self.deck_default(seat, config)
        out = [(_("Base deck"), _("The base deck of the rules (RM-27.3, RM-27.4)."), base)]
        try:
            state = RULES.new_game({**config, "players": 2}, 1)
            lists = RULES.deck_menu(state, seat)
        except Exception:  # noqa: BLE001 - no presets beyond the base deck then
            lists = []
        seen: set[str] = set()
        lists = [{code(c) for c in cards_} for cards_ in lists]
        # the lists that leave out names not yet left out first: a few different ones
        chosen = []
        while lists:
            best = max(lists, key=lambda names: len((base - names) - seen))
            lists.remove(best)
            seen |= base - best
            chosen.append(best)
        for names in chosen:
            out_names = " + ".join(card_name(c) for c in sorted(base - names))
            new = ", ".join(card_name(c) for c in sorted(names - base))
            out.append(
                (
                    _("{new} instead of {old}").format(new=new, old=out_names),
                    _("The base deck with {new} in place of {old} (RM-19.2.2).").format(
                        new=new, old=out_names
                    ),
                    names,
                )
            )
        return out

    def stepper(self, obs: dict, actions: list):
        """Production tokens moved from one card to the other (RM-14.2: ``Move 1 .. 6
        tokens``): their counts for the table's count stepper; None for other choices."""
        from game.app import stepper

        acts = [as_action(a) for a in actions]
        if not acts or any(not VERBS[a.verb].counted for a in acts):
            return None
        return stepper.counts_of(
            actions, lambda a: ((a := as_action(a)).side, a.verb, a.arg.split(" "))
        )

    def deck_step(self, obs: dict) -> bool:
        """The set-up step where a person builds his deck (RM-19.3): the table opens the
        deck-construction screen for it."""
        return obs.get("step") == "DECK"

    def config_problem(self, problem: str) -> str:
        return config_problem_words(problem)

    def deck_action(self, seat: int, names) -> str:
        return f"{SIDES[seat]}: DECK " + (",".join(self.deck_cards(names)) if names else "-")

    #: the deck screen's words citing the rules of deck construction (RM-19)
    deck_words = {
        "heading": N_("Deck construction: {who} (RM-19)"),
        "confirm": N_("Confirm this deck (a legal deck of {n} cards, RM-19.2)"),
        "legal": N_("A legal deck (RM-19.2): confirm it."),
        "basic": N_("A basic unit: always in the deck (RM-19.2.1)."),
        "size": N_("A deck has exactly {n} cards from the faction's pool (RM-19.2)."),
        "basics": N_(
            "Every Spearmen, Melee and Cavalry card of the pool is always in the deck (RM-19.2.1)."
        ),
        "copies": N_(
            "A name goes in or out with all its copies: a click moves them all (RM-19.2.2)."
        ),
        "secret": N_("The other player should look away: your deck is built in secret (RM-19.3)."),
    }

    def deck_face(self, w: int, h: int, name: str, unit: float):
        return card_face(w, h, name, None, None, unit)

    def deck_foot(self, h: float) -> float:
        return stats_row(h)  # the strength and life

    def deck_art(self, w: int, h: int, name: str, unit: float):
        return cards.layout(w, h, card_name(name), unit, card_words(name), stats_row(h), 0.6).art

    def seat_label(self, obs: dict, seat: int) -> str:
        """A player by his side, the subject of "Viking to play", "Anglo-Saxon wins!" (its
        own word: the side's adjective of "Viking Wall" may take another case)."""
        return pgettext("seat", "Viking") if seat == 0 else pgettext("seat", "Anglo-Saxon")

    # ------------------------------------------------------------------ places
    def zone(self, obs: dict, name: str) -> tuple:
        """A zone of the map as this game uses it: a module that is off leaves its panel
        out and its room to what is in play.  Without the Kings (K) each Fortress takes
        its King's place; without the tower deck (X7) the Anglo-Saxon piles grow into its
        row (his gold and faith cards move down); without the trap deck (X6) the Viking
        piles grow into its row (his gold and faith cards move up)."""
        x, y, w, h = self.layout.zone(name)
        mods = obs["config"].get("modules", [])
        if "K" not in mods and name in ("AF", "VF"):
            kx, ky, kw, kh = self.layout.zone(name[0] + "_king")
            top = min(y, ky)
            return (x, top, w, max(y + h, ky + kh) - top)
        if "X7" not in mods and name[:2] == "A_":
            grow = self.layout.zone("A_towers")[3] + 4
            if name in ("A_pile", "A_discard"):
                return (x, y, w, h + grow)
            if name in ("A_gold", "A_faith"):
                return (x, y + grow, w, h)
        if "X6" not in mods and name[:2] == "V_":
            grow = self.layout.zone("V_traps")[3] + 4
            if name in ("V_pile", "V_discard"):
                return (x, y - grow, w, h + grow)
            if name in ("V_gold", "V_faith"):
                return (x, y - grow, w, h)
        return (x, y, w, h)

    def _wall_rects(self, side: str, n: int, slots: int = 0) -> list[tuple]:
        """The places of ``n`` units on a Wall, laid out for ``max(n, slots)`` (its
        empty slots are drawn in the same places)."""
        x, y, w, h = self.layout.zone(side + "W")
        if n == 0:
            return []
        m = max(n, slots)
        cols = 2 if m <= 4 else 3
        rows = -(-m // cols)
        cw = (w - 8 - (cols - 1) * 4) / cols
        ch = min(112, (h - 26 - (rows - 1) * 4) / rows)
        return [
            (x + 4 + (i % cols) * (cw + 4), y + 22 + (i // cols) * (ch + 4), cw, ch)
            for i in range(n)
        ]

    def _hand_rects(self, side: str, n: int) -> list[tuple]:
        x, y, w, h = self.layout.zone(side + "_hand")
        cw, ch = 74, h - 26
        step = cw + 4 if n <= 1 else min(cw + 4, (w - 8 - cw) / (n - 1))
        return [
            (x + 4 + i * step, y + 22, cw if i == n - 1 else min(cw, step), ch) for i in range(n)
        ]

    # ------------------------------------------------------------------ items
    def items(self, obs: dict) -> list[Item]:
        """The table's hover places, in drawing order: each side's zones, the columns and
        the dice, the modules' zones, the cells, the cards of the Walls and hands, the
        towers."""
        return [
            *self._side_items(obs),
            *self._middle_items(obs),
            *self._module_items(obs),
            *self._cell_items(obs),
            *self._card_items(obs),
            *self._tower_items(obs),
        ]

    def _side_items(self, obs: dict) -> list[Item]:
        """Each side's Fortress, Wall, hand, piles, production and (K) King."""
        lay = self.layout
        out: list[Item] = []
        for p, sd in enumerate(SIDES):
            out += [
                Item(("fort", sd), self.zone(obs, sd + "F"), self._fort_tip(obs, p)),
                Item(("wall", sd), lay.zone(sd + "W"), self._wall_tip(obs, p)),
                Item(("handzone", sd), lay.zone(sd + "_hand"), self._hand_tip(obs, p)),
                Item(("pile", sd), self.zone(obs, sd + "_pile"), self._pile_tip(obs, p)),
                Item(("discard", sd), self.zone(obs, sd + "_discard"), self._discard_tip(obs, p)),
                Item(("gold", sd), self.zone(obs, sd + "_gold"), self._prod_tip(obs, p, "g")),
                Item(("faith", sd), self.zone(obs, sd + "_faith"), self._prod_tip(obs, p, "f")),
            ]
            if self._module(obs, "K"):
                out.append(Item(("king", sd), lay.zone(sd + "_king"), self._king_tip(obs, p)))
        return out

    def _middle_items(self, obs: dict) -> list[Item]:
        """The three columns and the dice tray."""
        lay = self.layout
        out = [Item(("col", c), lay.zone(f"col_{c}"), self._col_tip(obs, c)) for c in (1, 2, 3)]
        out.append(
            Item(
                ("dice",),
                lay.zone("dice"),
                _(
                    "The dice tray: the dice of the fight, siege, shot or trade the log is telling "
                    "of. A die has the faces 0, 1, 1, 2, 2, 3 (RM-27.1); a unit at a disadvantage "
                    "rolls none (RM-9.3)."
                ),
            )
        )
        return out

    def _module_items(self, obs: dict) -> list[Item]:
        """The Lodge's places and deck (X5), the traps (X6) and the towers' deck (X7)."""
        lay = self.layout
        out: list[Item] = []
        lodge = self._lodge(obs)
        if self._module(obs, "X5"):
            for i in (1, 2, 3):
                card = lodge[i - 1] if i <= len(lodge) else None
                tip = (
                    card_tip(card)
                    + "\n"
                    + _("In the Lodge: hire it for one discarded card (RM-23.3).")
                    if card
                    else _("A Lodge place: a face-up mercenary to hire (module X5, RM-23).")
                )
                out.append(Item(("lodge", i), lay.zone(f"lodge_{i}"), tip))
            out.append(Item(("lodgedeck",), lay.zone("lodge_deck"), self._lodge_deck_tip(obs)))
        if self._module(obs, "X6"):
            out.append(Item(("traps",), lay.zone("V_traps"), self._traps_tip(obs)))
        if self._module(obs, "X7"):
            out.append(Item(("towers",), lay.zone("A_towers"), self._towers_tip(obs)))
        return out

    def _cell_items(self, obs: dict) -> list[Item]:
        """The 18 cells of the board."""
        cells = [f"{sd}{col}{row}" for sd in SIDES for col in (1, 2, 3) for row in (1, 2, 3)]
        return [Item(("cell", c), self.layout.zone(c), self._cell_tip(obs, c)) for c in cells]

    def _card_items(self, obs: dict) -> list[Item]:
        """The units on both Walls, the cards of the seat's hand and, in a replay with
        every card open, of the other hand."""
        me = obs["seat"]
        out: list[Item] = []
        for p, sd in enumerate(SIDES):
            wall = obs["wall"][p]
            slots = obs.get("wall_caps", [2, 2])[p]
            for card, rect in zip(wall, self._wall_rects(sd, len(wall), slots), strict=True):
                out.append(Item(("wcard", card), rect, self._unit_tip(obs, card, sd + "W")))
        hand = obs.get("hand", [])
        for card, rect in zip(sorted(hand), self._hand_rects(SIDES[me], len(hand)), strict=True):
            out.append(Item(("hand", card), rect, card_tip(card)))
        if "open_hands" in obs:  # a replay with every card open: the other hand too
            other = obs["open_hands"][1 - me]
            for card, rect in zip(
                sorted(other), self._hand_rects(SIDES[1 - me], len(other)), strict=True
            ):
                out.append(Item(("ohand", card), rect, card_tip(card)))
        return out

    def _tower_items(self, obs: dict) -> list[Item]:
        """The towers on the board (X7)."""
        return [
            Item(
                ("tower", cell + "T"),
                self._tower_rect(obs, cell),
                self._tower_tip(obs, cell, tower),
            )
            for cell, tower in self._towers(obs).items()
        ]

    # ------------------------------------------------------------------ module data
    @staticmethod
    def _mod(obs: dict) -> dict:
        return obs.get("module_data") or {}

    def _lodge(self, obs: dict) -> list:
        return list(self._mod(obs).get("lodge") or [])

    def _towers(self, obs: dict) -> dict:
        """cell -> [tower ("?" face down to this seat), face up 0/1, SP] (X7)."""
        found = self._mod(obs).get("towers") or {}
        return (
            {c: (list(w) if isinstance(w, list | tuple) else [w, 0, 0]) for c, w in found.items()}
            if isinstance(found, dict)
            else {}
        )

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
        return _(
            "The {side} Fortress: {sp} of {limit} SP. At 0 SP its owner loses "
            "(RM-17.1). Each hit is reduced by the protection of its Wall: {n} "
            "(RM-11.4)."
        ).format(
            side=side_adj(sd), sp=obs["strength_points"][p], limit=obs["strength_limit"][p], n=prot
        )

    def _king_tip(self, obs, p) -> str:
        king = self._kings(obs)[p] if len(self._kings(obs)) > p else None
        if king:
            k, _sep, side = str(king).partition("/")
            text = _("The {side} King: {name}, side {s}: {text} (RM-18).").format(
                side=side_adj(SIDES[p]),
                name=card_name(k),
                s=side or "?",
                text=words.king_side_text(k, side) if side else "",
            )
            gone = self._mod(obs).get("king_gone")
            if isinstance(gone, list | tuple) and len(gone) > p and gone[p]:
                text += "\n" + _("Out of the game: its King unit left play (RM-22.5).")
            return text
        return _("The {side} King's place: chosen at setup (RM-18.2).").format(
            side=side_adj(SIDES[p])
        )

    def _protection(self, obs, p) -> int:
        if "protections" in obs:  # the engine's count (Palisade, RM-27.10)
            return obs["protections"][p]
        n = 0
        for c in obs["wall"][p]:
            if obs["units"][c][1]:
                continue
            keys = CARDS.get(code(c), ("",) * 8)[7]
            if "CASTLE" not in keys or code(c) == "A-BLD":
                n += 1
        return n

    def _wall_tip(self, obs, p) -> str:
        sd = SIDES[p]
        wall = obs["wall"][p]
        text = _(
            "The {side} Wall: at most {n} units (castle folk use no slot). Units "
            "there cannot attack or be attacked in combat, only shot; each living one "
            "gives 1 protection (RM-4.4, RM-11.4)."
        ).format(side=side_adj(sd), n=obs.get("wall_caps", [2, 2])[p])
        if wall:
            text += "\n" + ", ".join(card_label(c) for c in wall)
        return text

    def _hand_tip(self, obs, p) -> str:
        n = obs["hand_sizes"][p]
        text = ngettext(
            "The {side} hand: {n} card (sizes are public, RM-26.1).",
            "The {side} hand: {n} cards (sizes are public, RM-26.1).",
            n,
        ).format(side=side_adj(SIDES[p]), n=n)
        if p == obs["seat"] and "hand_limits" in obs:
            text += " " + _(
                "Your hand limit is {n} now (RM-15.3; a King or living "
                "mercenaries change it, RM-23.5)."
            ).format(n=obs["hand_limits"][p])
        return text

    def _pile_tip(self, obs, p) -> str:
        return _(
            "The {side} draw pile: {n} cards, face down. When it runs out the discard "
            "pile is shuffled into it (RM-15.4)."
        ).format(side=side_adj(SIDES[p]), n=obs["pile_sizes"][p])

    def _discard_tip(self, obs, p) -> str:
        pile = obs["discard"][p]
        text = _("The {side} discard pile: {n} cards, face up (RM-26.1).").format(
            side=side_adj(SIDES[p]), n=len(pile)
        )
        if pile:
            shown = ", ".join(card_name(c) for c in pile[-10:])
            text += "\n" + ("… " if len(pile) > 10 else "") + shown
        return text

    def _prod_tip(self, obs, p, kind: str) -> str:
        i = "gf".index(kind)
        toks = obs["tokens"][p][i]
        supply = (obs["gold"] if kind == "g" else obs["faith"])[p]
        locked = sum(
            1 for c, st in obs["units"].items() if st[3] == kind and p == 1 and c.startswith("V-")
        )
        what = _("gold") if kind == "g" else _("faith")
        text = _(
            "The {side} {what} card: {t} production tokens, each gives 1 {what} in "
            "the Production phase (RM-7.1). Supply: {s} {what}."
        ).format(side=side_adj(SIDES[p]), what=what, t=toks, s=supply)
        if locked:
            text += " " + ngettext(
                "{n} token is locked on a Looter (RM-16.9).",
                "{n} tokens are locked on Looters (RM-16.9).",
                locked,
            ).format(n=locked)
        if p == obs["seat"] and obs["step"] == "MAIN":
            text += "\n" + _("Click it to move tokens (RM-14.2).")
        return text

    def _col_tip(self, obs, c) -> str:
        cmb = obs.get("combat") or {}
        text = _(
            "Column {c}: the attacker opens a column, fights there, then closes it; "
            "each column opens once a turn (RM-10.1)."
        ).format(c=c)
        if cmb.get("open") == c:
            text += "\n" + _("Open now.")
        elif c in cmb.get("opened", []):
            text += "\n" + _("Closed for this turn.")
        return text

    def _lodge_deck_tip(self, obs) -> str:
        return _(
            "The mercenary deck: {n} cards, face down; the Lodge is refilled to 3 in "
            "every End phase (RM-23.4)."
        ).format(n=obs.get("mercenary_deck_size", 0))

    def _traps_tip(self, obs) -> str:
        text = _(
            "The Viking trap deck: {n} cards. Once a Main phase the Viking pays 1 gold "
            "and lays one face down on an empty Anglo-Saxon cell (RM-24.3); only he "
            "sees which (RM-26.1)."
        ).format(n=obs.get("trap_deck_size", 0))
        deck = self._mod(obs).get("trap_deck")
        if deck:
            text += "\n" + "\n".join(
                f"{card_name(c)}: {_(words.MODULE_CARDS[c][1])}"
                for c in deck
                if c in words.MODULE_CARDS
            )
        return text

    def _towers_tip(self, obs) -> str:
        text = _(
            "The Anglo-Saxon tower deck: {n} cards. Once a Main phase he builds one "
            "face down on his cell with a production token; it turns up at his next "
            "Production phase (RM-25.3, RM-25.4)."
        ).format(n=obs.get("tower_deck_size", 0))
        deck = self._mod(obs).get("tower_deck")
        if deck:
            text += "\n" + "\n".join(
                f"{card_name(c)}: {_(words.MODULE_CARDS[c][1])}"
                for c in deck
                if c in words.MODULE_CARDS
            )
        return text

    def _tower_tip(self, obs, cell, tower) -> str:
        name, up, sp = (list(tower) + [None, 0, 0])[:3]
        if not name or name == "?":
            return _(
                "A tower being built in {cell}: face down, its identity hidden (RM-25.7)."
            ).format(cell=cell)
        state = (
            _(
                "face up, {sp} SP: it may be besieged when no living Anglo-Saxon stands "
                "in its column (RM-25.6)"
            ).format(sp=sp)
            if up
            else _("face down: it turns up at the next Anglo-Saxon Production phase (RM-25.4)")
        )
        return f"{card_name(name)} ({cell}): {words.module_text(name)}\n{state}."

    def _unit_tip(self, obs, card: str, where: str) -> str:
        st = obs["units"].get(card, [0, 0, 0, ""])
        s, life = current(obs, card)
        head = _("{place}: {card}").format(place=place_name(where), card=card_name(card))
        lines = [head]
        if st[1]:
            lines.append(
                _("Fallen: it stays until the burial step heals or removes it (RM-9.7, RM-13).")
            )
        else:
            lines.append(
                _("Strength {s}, life {l}, damage {d}: {left} life left (RM-9.2, RM-9.5).").format(
                    s=s, l=life, d=st[0], left=max(0, life - st[0])
                )
            )
        if st[2]:
            lines.append(_("Shot token: it has made its one ranged attack (RM-12.4)."))
        if st[3]:
            lines.append(
                _("It holds a locked Anglo-Saxon {what} token (RM-16.9).").format(
                    what=_("gold") if st[3] == "g" else _("faith")
                )
            )
        cmb = obs.get("combat") or {}
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
        what = {
            "1": _("front row"),
            "2": _("support row"),
            "3": _("rear row: priests only (RM-4.3)"),
        }[row]
        text = _("{place}: empty, {what}.").format(place=place_name(cell), what=what)
        return text + self._trap_text(obs, cell)

    def _trap_text(self, obs, cell) -> str:
        traps = self._traps(obs)
        if cell not in traps:
            return ""
        trap = traps[cell]
        if trap and trap != "?":
            return "\n" + _("A Viking trap: {name}. {text} (RM-24.5)").format(
                name=card_name(trap), text=words.module_text(trap)
            )
        return "\n" + _("A hidden Viking trap lies here (RM-24.4).")

    # ------------------------------------------------------------------ actions
    def target(self, obs: dict, action) -> tuple | list | None:
        """The item(s) clicked for an action: its verb's ``target`` (verbs.py)."""
        a = as_action(action)
        return VERBS[a.verb].target(obs, a.side, a.arg)

    def action_label(self, obs: dict, action) -> str:
        return words.action_label(obs, action)

    def confirm(self, obs: dict, action) -> str | None:
        return words.confirm(obs, action)

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
    # RM-1.5, RM-1.6: the SP of each side's Fortress, turn by turn (RM-1.3)
    chart_title = N_("Fortress strength (SP) by turn")

    def chart_axis(self) -> str:
        return pgettext("runes-of-mayhem", "Turn")

    def chart_reading(self, obs: dict) -> ChartReading:
        return ChartReading(
            obs["turn"], list(obs["strength_points"]), list(SIDES), top=max(obs["strength_limit"])
        )

    def results(self, obs: dict) -> list[tuple[str, str, str]]:
        """RM-17: each side's SP against its limit, the winner and why (read from the
        open observation)."""
        rows = []
        winner, end, units = obs["winner"], obs["end"], obs["units"]
        for p, sd in enumerate(SIDES):
            score = _("{sp} of {limit} SP").format(
                sp=obs["strength_points"][p], limit=obs["strength_limit"][p]
            )
            if winner == p:
                detail = _("Wins: {why}.").format(why=_(words.END_WHY.get(end, end or "")))
            elif winner is None and end:
                detail = _("A draw: the SP ratios are equal (RM-17.3).")
            else:
                mine = [c for cell, c in obs["cells"].items() if cell[0] == sd]
                living = sum(
                    1 for c in mine + list(obs["wall"][p]) if c in units and not units[c][1]
                )
                detail = ngettext(
                    "Loses after {t} turns with {n} unit in play.",
                    "Loses after {t} turns with {n} units in play.",
                    living,
                ).format(n=living, t=obs["turn"])
            rows.append((side_full(sd), score, detail))
        return rows


VIEW = RMView()
