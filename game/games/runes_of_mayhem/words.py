"""Runes of Mayhem in words: engine data turned into short English for the players.

``card_label`` names a card with its strength and life ("Axemen 2/2"), ``card_tip``
explains it (class, cost, text and rule IDs, RM-27); ``place_name`` reads a place of the
notation (``V21``, ``AW:A-CCH#1``, ``VF``); ``action_label`` is the text of a button or
menu entry for one legal action; ``describe`` writes the game log from the events as the
engine emits them; ``prompt`` tells the seat deciding now what to click (with the rule
ID); ``status`` is the one-line summary.  Every visible text goes through ``_``
(game.app.i18n); no pygame here.
"""

from __future__ import annotations

from game.app.i18n import _, ngettext

from .content import CARDS, SIDES, code
from .verbs import VERBS, RMAction, as_action, parse_action

SIDE_WORDS = {"V": "Vikings", "A": "Anglo-Saxons"}
SIDE_ADJ = {"V": "Viking", "A": "Anglo-Saxon"}
CLASS_WORDS = {
    "SPEAR": "Spearmen", "MELEE": "Melee", "CAV": "Cavalry", "RANGED": "Ranged",
    "PRIEST": "Priest", "HERO": "Hero", "BERSERK": "Berserker", "LOOTER": "Looter",
    "PEASANT": "Peasant", "CASTLE": "Castle folk", "MEDIUM": "Medium-ranged",
    "HOUND": "Hound", "HUNTER": "Hunter", "POISONER": "Poisoner", "MERC": "Mercenary",
    "KING": "King unit", "KINGU": "King unit",
}  # fmt: skip
#: the class rules of RM-16 in one line each: class -> (text, rule)
CLASS_TEXT = {
    "SPEAR": (
        "Basic: beats Cavalry, beaten by Melee. Formation: +1 strength, +1 life.",
        "RM-9.3, RM-16.2",
    ),
    "MELEE": (
        "Basic: beats Spearmen, beaten by Cavalry. Shield wall: +2 life when "
        "defending in a formation.",
        "RM-9.3, RM-16.2",
    ),
    "CAV": (
        "Basic: beats Melee, beaten by Spearmen. Formation: +2 strength when attacking.",
        "RM-9.3, RM-16.2",
    ),
    "RANGED": (
        "Attacks once a turn from anywhere in its column, any target, no "
        "counterattack; at a disadvantage when defending. Direct shot when "
        "played onto the Battlefield.",
        "RM-12",
    ),
    "PRIEST": (
        "Cannot fight. Row 3 allowed. In a burial step it is sacrificed to stand fallen units up.",
        "RM-13.3, RM-16.4",
    ),
    "HERO": ("Heroic Arrival when played onto the Battlefield; always rolls.", "RM-16.6"),
    "BERSERK": ("Its ability works while it stands living on the Battlefield.", "RM-16.7"),
    "LOOTER": ("Lock: on play it takes an enemy production token; never on the Wall.", "RM-16.9"),
    "PEASANT": ("Free, no ability; useful on the Wall.", "RM-16.10"),
    "CASTLE": ("Castle folk: uses no Wall slot and keeps its ability on the Wall.", "RM-16.8"),
    "MEDIUM": (
        "Medium-ranged: attacks once a turn from row 1 or 2, any enemy in rows 1-2 "
        "of its column, no counterattack.",
        "RM-20",
    ),
    "HOUND": ("Hound: always rolls; fetched by Howl.", "RM-21"),
    "HUNTER": ("Hunter: always rolls.", "RM-21"),
    "POISONER": ("Poisoner: always rolls.", "RM-27.5.1"),
    "MERC": (
        "Mercenary: hired from the Lodge, rows 1-2 only; each living one lowers the "
        "hand limit by 1; back to the mercenary deck when it leaves play.",
        "RM-23",
    ),
    "KINGU": ("King unit: rows 1-2 only; if it leaves play the King's ability ends.", "RM-22"),
}
#: card and keyword texts (RM-27): keyword or card code -> text
KEY_TEXT = {
    "FLANK": "Flank: after beating a unit it may fight the enemy in the same row of an "
    "adjacent column (RM-16.5).",
    "WAR": "War machine: rolls two dice against a Fortress (RM-12.7).",
    "HA_UNIT4": "Heroic Arrival: 4 damage to one living enemy unit on the Battlefield.",
    "HA_DRAW2": "Heroic Arrival: draw 2 cards.",
    "HA_RANDDISC": "Heroic Arrival: the opponent discards 1 card at random.",
    "HA_FORT3": "Heroic Arrival: 3 damage to the enemy Fortress (protection applies).",
    "HA_RESTORE6": "Heroic Arrival: restore 6 SP to your Fortress.",
    "HA_COLUMN2": "Heroic Arrival: 2 damage to each living enemy unit in one column.",
    "HA_RECOVER": "Heroic Arrival: take any 1 card of your discard pile into your hand.",
    "HA_WALL2": "Heroic Arrival: 2 damage to each living unit on the enemy Wall.",
    "FRENZY": "Frenzy: +1 strength per damage token on it.",
    "HIDE": "Thick hide: takes 1 less from every source of damage.",
    "RECKLESS": "Reckless: rolls 2 dice when attacking in a fight, none when defending.",
    "LOCK": "Lock: when played onto the Battlefield it takes one Anglo-Saxon production "
    "token; never on the Wall (RM-16.9).",
    "BRACE": "Brace: while it is a supporter, the unit in front of it has +1 life.",
    "BUILD5": "Builders: protection from the Wall without a slot; on play restore 5 SP.",
    "VENOM": "Venom: a unit it damages in a fight takes 2 more.",
    "NOSIEGE": "It cannot besiege.",
    "HOWL": "Howl: when played onto the Battlefield, fetch a Hound from the draw or "
    "discard pile (RM-21.1).",
    "RALLY": "Rally: your other units in its row have +1 life.",
    "FIERCE": "+1 strength when it is the attacker in a fight.",
    "STEADY": "+1 to its counterattacks.",
    "HIREDRAW": "When hired, draw 1 card.",
    "SKIRMISH": "May fight with a living ally in front of it.",
    "A-CDF": "Castle Defenders: archers that use no Wall slot and shoot from the Wall "
    "into the open column (RM-16.8).",
    "A-CCH": "Court Chaplain: uses no Wall slot and heals from the Wall (RM-16.8).",
}
#: module content (RM-27.6 .. RM-27.10): code -> (name, text)
MODULE_CARDS = {
    "K-RAG": (
        "Ragnar Lothbrok",
        "A Sea-King (35 SP): each siege by your units deals +1. "
        "B Jarl (40 SP): your hand limit is 6.",
    ),
    "K-GUT": (
        "Guthrum",
        "A Warlord (38 SP): once a turn, when an enemy unit falls in a "
        "fight in your Combat phase, gain 1 gold. B Settler (42 SP): +1 faith in "
        "your Production phase.",
    ),
    "K-EDW": (
        "Edward the Elder",
        "A Burh-builder (36 SP): your Wall holds 3 units. "
        "B Overlord (42 SP): once a turn in your Main phase pay 2 gold to restore "
        "2 SP.",
    ),
    "K-ALF": (
        "Alfred the Great",
        "A Scholar-King (40 SP): your priests have Heal +1. "
        "B Lawgiver (44 SP): you trade with 4 dice instead of 3.",
    ),
    "KU-RAG": ("Ragnar Lothbrok", "King unit 5/7. Flank."),
    "KU-EDW": (
        "Edward the Elder",
        "King unit 4/8. Rally: your other units in his row have +1 life.",
    ),
    "M-VAR": ("Varangian Guard", "Mercenary 5/6."),
    "M-DAN": ("Danish Sellswords", "Mercenary 4/5. Flank."),
    "M-IRI": ("Irish Warband", "Mercenary 4/4. +1 strength when attacking in a fight."),
    "M-FRI": ("Frisian Marines", "Mercenary 3/5. +1 to its counterattacks."),
    "M-BRE": ("Breton Horse", "Mercenary 4/4. Flank."),
    "M-CHA": ("Hired Champion", "Mercenary 6/5. Cannot besiege."),
    "M-SWO": ("Sword-for-hire", "Mercenary 3/3. When hired, draw 1 card."),
    "M-PIC": ("Pictish Skirmishers", "Mercenary 3/4. May fight with a living ally in front of it."),
    "TR-PIT": (
        "Spiked Pit",
        "A: 3 damage to the triggering unit. B: it rolls no dice in this attack.",
    ),
    "TR-NET": (
        "Snare Net",
        "A: the attack is cancelled, the unit is done. B: −2 strength in this attack.",
    ),
    "TR-CAL": (
        "Caltrops",
        "A: 1 damage to each living Anglo-Saxon unit in the column. "
        "B: 2 damage to the triggering unit.",
    ),
    "TR-AMB": ("Ambush", "A: the Viking unit hitting back deals +2. B: the Viking gains 2 gold."),
    "TR-FIR": (
        "Fire Pit",
        "A: 4 damage to the triggering unit if Cavalry, else 2. B: 1 "
        "damage to it and to the Anglo-Saxon units in the same row of the "
        "adjacent columns.",
    ),
    "TR-DEC": (
        "Decoy Banner",
        "A: a siege or direct shot at the Viking Fortress deals no "
        "damage. B: the Anglo-Saxon loses 1 faith; the unit takes 1 damage.",
    ),
    "TW-KEEP": ("Stone Keep", "10 SP. The unit in this cell has +2 life."),
    "TW-WAT": ("Watchtower", "6 SP. The unit in this cell is never at a disadvantage."),
    "TW-ARR": ("Arrow Tower", "8 SP. The unit in this cell deals +1 damage in every fight."),
    "TW-BEA": ("Beacon", "6 SP. +1 gold in your Production phase."),
    "TW-CHP": ("Chapel", "6 SP. Your priests in this column have Heal +1."),
    "TW-PAL": ("Palisade", "8 SP. Your Fortress has +1 protection."),
}
MODULE_WORDS = {
    "K": ("Kings", "a King's lasting ability and the Fortress SP", "RM-18"),
    "X1": ("Deck construction", "52 cards built from a pool", "RM-19"),
    "X2": ("Medium-ranged units", "Javelin Throwers, Slingers", "RM-20"),
    "X3": ("Howl and Hounds", "Howl fetches a Hound", "RM-21"),
    "X4": ("King units", "Ragnar or Edward takes the field; needs K", "RM-22"),
    "X5": ("Mercenaries", "hire from the Lodge for a card", "RM-23"),
    "X6": ("Traps", "the Viking lays hidden traps", "RM-24"),
    "X7": ("Towers", "the Anglo-Saxon builds towers", "RM-25"),
    "L": ("Learning game", "smaller decks, no other module", "RM-3.3"),
}
STEP_WORDS = {
    "MULL": ("Mulligan", "RM-5.6"), "TOK": ("Production tokens", "RM-5.7"),
    "RE": ("Combat: reorganize", "RM-8"), "RESOLVE": ("Combat: resolve combats", "RM-10"),
    "BURIAL1": ("Combat: first burial", "RM-13"), "MAIN": ("Main phase", "RM-14"),
    "BURIAL2": ("Main: second burial", "RM-13"), "DISC": ("Draw phase", "RM-15"),
    "OVER": ("Game over", "RM-17"), "DECK": ("Deck construction", "RM-19"),
    "KING": ("King and side", "RM-18.2"), "TRAP": ("Trap option", "RM-24.5"),
    "PROD": ("Production: towers turn up", "RM-25.4"),
}  # fmt: skip
END_WHY = {
    "FORTRESS": "the enemy Fortress fell to 0 SP (RM-17.1)",
    "CAP": "the turn cap: the higher SP ratio wins (RM-17.3)",
    "CONCEDED": "the other side conceded (RM-17.4)",
}


def side_full(side: str) -> str:
    return _(SIDE_WORDS[side]) if side in SIDE_WORDS else str(side)


def side_adj(side: str) -> str:
    return _(SIDE_ADJ[side]) if side in SIDE_ADJ else str(side)


def card_name(card: str) -> str:
    c = code(card)
    if c in CARDS:
        return _(CARDS[c][0])
    if c in MODULE_CARDS:
        return _(MODULE_CARDS[c][0])
    return c


def card_label(card: str) -> str:
    """``Axemen 2/2``."""
    c = code(card)
    if c in CARDS:
        info = CARDS[c]
        return f"{_(info[0])} {info[3]}/{info[4]}"
    return card_name(card)


def copy_label(card: str) -> str:
    """A card with its copy number, where two copies must read apart (``Axemen #2``)."""
    return f"{card_name(card)} #{card.split('#')[1]}" if "#" in card else card_name(card)


def cost_text(card: str) -> str:
    c = code(card)
    if c not in CARDS:
        return ""
    g, f = CARDS[c][5], CARDS[c][6]
    parts = ([_("{n} gold").format(n=g)] if g else []) + ([_("{n} faith").format(n=f)] if f else [])
    return " + ".join(parts) if parts else _("free")


def card_text(card: str) -> str:
    """The card's own rules text (RM-27), the class line included."""
    c = code(card)
    if c not in CARDS:
        return _(MODULE_CARDS[c][1]) if c in MODULE_CARDS else ""
    info = CARDS[c]
    lines = []
    cls = info[1]
    if cls in CLASS_TEXT:
        text, rule = CLASS_TEXT[cls]
        lines.append(f"{_(text)} ({rule})")
    for k in info[7]:
        if k.startswith("HEAL"):
            lines.append(
                _("Heal {n}: stand up to {n} of your fallen units (RM-13.3).").format(n=k[4:])
            )
        elif k in KEY_TEXT:
            lines.append(_(KEY_TEXT[k]))
    if c in KEY_TEXT:
        lines.append(_(KEY_TEXT[c]))
    return "\n".join(lines)


def card_tip(card: str) -> str:
    c = code(card)
    if c not in CARDS:
        return f"{card_name(card)}\n{card_text(card)}".strip()
    info = CARDS[c]
    head = _("{name} — {cls}, strength {s}, life {l}, cost {cost} (RM-2.1)").format(
        name=_(info[0]),
        cls=_(CLASS_WORDS.get(info[1], info[1])),
        s=info[3],
        l=info[4],
        cost=cost_text(card),
    )
    text = card_text(card)
    return head + ("\n" + text if text else "")


def place_name(place: str) -> str:
    """A place of the notation in words: ``V21`` -> "Viking column 2, row 1"."""
    if ":" in place:
        wall, card = place.split(":", 1)
        return _("{card} on the {side} Wall").format(card=card_name(card), side=side_adj(wall[0]))
    if len(place) == 2 and place[1] == "W":
        return _("the {side} Wall").format(side=side_adj(place[0]))
    if len(place) == 2 and place[1] == "F":
        return _("the {side} Fortress").format(side=side_adj(place[0]))
    if len(place) == 4 and place.endswith("T"):
        return _("the tower in {cell}").format(cell=place[:3])
    if len(place) == 3 and place[0] in "VA" and place[1:].isdigit():
        return _("{side} column {c}, row {r}").format(
            side=side_adj(place[0]), c=place[1], r=place[2]
        )
    return card_name(place) if "-" in place else place


def unit_at(obs: dict | None, place: str) -> str:
    """The unit a place names, with its place: "Axemen (V21)"."""
    if ":" in place:
        return _("{card} (Wall)").format(card=card_name(place.split(":", 1)[1]))
    card = (obs or {}).get("cells", {}).get(place) if obs else None
    if card:
        return f"{card_name(card)} ({place})"
    if len(place) == 2:
        return place_name(place)
    return place


def _cards(arg: str) -> str:
    return ", ".join(card_name(c) for c in arg.split(","))


def module_text(card: str) -> str:
    """The text of a module card (a King, trap or tower), translated."""
    return _(MODULE_CARDS.get(card, ("", ""))[1])


class Say:
    """The words a verb's declaration (verbs.py) speaks with: ``say._(...)``."""

    _ = staticmethod(_)
    ngettext = staticmethod(ngettext)
    card_name = staticmethod(card_name)
    copy_label = staticmethod(copy_label)
    cost_text = staticmethod(cost_text)
    place_name = staticmethod(place_name)
    unit_at = staticmethod(unit_at)
    module_text = staticmethod(module_text)

    @staticmethod
    def deck_label(side: str, cards: list, modules) -> str:
        return deck_label(side, cards, modules)

    @staticmethod
    def king_side_text(k: str, side: str) -> str:
        return king_side_text(k, side)


def action_label(obs: dict | None, action) -> str:
    """The words of one action (a button or a menu line; also the log): its verb's
    ``label`` (verbs.py)."""
    a = as_action(action)
    return VERBS[a.verb].label(Say, obs, a.side, a.arg)


def confirm(obs: dict, action) -> str | None:
    """The question asked before an action is played, if its verb asks one."""
    a = as_action(action)
    ask = VERBS[a.verb].confirm
    return ask(Say, obs, a.arg) if ask is not None else None


def deck_label(side: str, cards: list, modules) -> str:
    """A deck list by its difference from the base deck (RM-19)."""
    from . import content

    try:
        base = {code(c) for c in content.deck_of(SIDES.index(side), False, modules)}
    except TypeError:  # an engine without the module decks
        base = {code(c) for c in content.deck_of(SIDES.index(side))}
    names = {code(c) for c in cards}
    out = sorted(card_name(c) for c in base - names)
    added = sorted(card_name(c) for c in names - base)
    if not out and not added:
        return _("The base deck, listed")
    parts = []
    if out:
        parts.append(_("without {names}").format(names=", ".join(out)))
    if added:
        parts.append(_("with {names}").format(names=", ".join(added)))
    return _("Deck {parts}").format(parts="; ".join(parts))


def king_side_text(k: str, side: str) -> str:
    text = module_text(k)
    a, _sep, b = text.partition(" B ")
    return (a[2:] if a.startswith("A ") else a) if side == "A" else b


def decider(obs: dict) -> int | None:
    """The seat to decide (RM-6.1), read from the observation as the engine reads it."""
    try:
        from types import SimpleNamespace

        from .rules import RULES

        return RULES.decider(SimpleNamespace(**obs))
    except Exception:  # noqa: BLE001 - an engine that reads a field this view lacks
        pass
    step = obs["step"]
    if step == "OVER":
        return None
    if obs.get("tokens_to_return"):
        return 1
    if step in ("MULL", "TOK"):
        return obs["setup_seat"]
    if step in ("BURIAL1", "BURIAL2"):
        return obs["heal_seat"]
    return obs["active"]


def _main_prompt(obs: dict) -> tuple[str, str]:
    roll = (obs.get("main") or {}).get("roll")
    if roll is not None:
        return _(
            "Trade: split the {n} of the roll between gold and faith: click your gold card."
        ).format(n=roll), "RM-14.6"
    return _(
        "Main phase: click a card in your hand, then its place; or trade, move "
        "tokens (click a production card), sacrifice (click a unit), or end."
    ), "RM-14"


def _burial_prompt(obs: dict) -> tuple[str, str]:
    return _(
        "Burial: click one of your priests, then the fallen units it heals (it is "
        "sacrificed); or no more heals. Then the fallen leave play."
    ), "RM-13.3"


#: what the deciding seat is asked in each mode of the combats' resolution (RM-10)
RESOLVE_PROMPTS = {
    "IDLE": lambda c: (
        _("Resolve combats: click a column marker to open that column, or end the combats."),
        "RM-10.1",
    ),
    "COL": lambda c: (
        _(
            "Column {c} is open: click an attacker, then its target (the enemy "
            "Fortress to besiege), or close the column."
        ).format(c=c["open"]),
        "RM-10.2",
    ),
    "COVER": lambda c: (
        _(
            "Cover: the winner must fight the supporter behind the fallen unit "
            "(click it), or flank."
        ),
        "RM-10.4",
    ),
    "WON": lambda c: (
        _(
            "The enemy unit fell: click the next enemy to continue, the Fortress "
            "to besiege, an adjacent enemy to flank, or stop."
        ),
        "RM-10.4",
    ),
    "DRAWN": lambda c: (
        _("Both units survived: click the enemy to fight it again, or stop."),
        "RM-10.4",
    ),
}
RESOLVE_PROMPTS["FLANK"] = RESOLVE_PROMPTS["DRAWN"]


def _resolve_prompt(obs: dict) -> tuple[str, str]:
    c = obs["combat"]
    words = RESOLVE_PROMPTS.get(c.get("mode"))
    return words(c) if words is not None else (obs["step"], "RM-6.1")


#: what the deciding seat is asked at each step, when it is the seat at the screen
PROMPTS = {
    "DECK": lambda obs: (
        _("Deck construction: choose your deck list (52 cards from your pool)."),
        "RM-19",
    ),
    "KING": lambda obs: (
        _(
            "Kings: click your King's place beside your Fortress and choose a King "
            "and its side (its SP and ability)."
        ),
        "RM-18.2",
    ),
    "TRAP": lambda obs: (
        _("A Viking trap is revealed: click its cell and choose option A or B."),
        "RM-24.5",
    ),
    "PROD": lambda obs: (
        _(
            "Your tower turns face up: click it and choose the production card its "
            "token goes back to."
        ),
        "RM-25.4",
    ),
    "MULL": lambda obs: (
        _(
            "Mulligan: click the cards to set aside, from left to right (each click "
            "adds one), or keep this hand. You draw as many new cards."
        ),
        "RM-5.6",
    ),
    "TOK": lambda obs: (
        _("Split your 7 production tokens between gold and faith: click your gold card."),
        "RM-5.7",
    ),
    "RE": lambda obs: (
        _(
            "Reorganize: click one of your units, then its new cell or your Wall (a "
            "unit there swaps places); or keep the arrangement."
        ),
        "RM-8.2",
    ),
    "RESOLVE": _resolve_prompt,
    "BURIAL1": _burial_prompt,
    "BURIAL2": _burial_prompt,
    "MAIN": _main_prompt,
    "DISC": lambda obs: (
        _("Draw phase: click a card to discard it, or none; then you draw up to your hand limit."),
        "RM-15.1",
    ),
}


def prompt(obs: dict) -> tuple[str, str]:
    """What the deciding seat is asked now, and the rule (``PROMPTS`` by step)."""
    step = obs["step"]
    seat = decider(obs)
    if seat is None:
        return _("The game is over."), "RM-17"
    mine = seat == obs["seat"]
    if obs.get("tokens_to_return"):
        text = _(
            "A Looter's token is free again: click the gold or the faith card it goes back to."
        )
        return (text if mine else _("The Anglo-Saxons return a freed token.")), "RM-16.9"
    if not mine:
        what, rule = STEP_WORDS.get(step, (step, "RM-6.1"))
        who = side_full(SIDES[seat])
        return _("Waiting for the {who}: {what}.").format(who=who, what=_(what)), rule
    words = PROMPTS.get(step)
    return words(obs) if words is not None else (step, "RM-6.1")


def status(obs: dict) -> str:
    step = obs["step"]
    what, rule = STEP_WORDS.get(step, (step, ""))
    if obs["turn"] == 0:
        return _("Setup · {what} ({rule})").format(what=_(what), rule=rule)
    return _("Turn {t} · {who} · {what} ({rule})").format(
        t=obs["turn"], who=side_full(SIDES[obs["active"]]), what=_(what), rule=rule
    )


def _dice_text(d: str) -> str:
    return d.strip("[]").replace(",", " + ") if d not in ("-", "") else _("no die")


def describe(event: tuple, names: list[str] | None = None) -> str | None:
    """The log line of one engine event (None: not shown)."""
    text = _describe(event)
    return text[:1].upper() + text[1:] if text else text


def _game(args: tuple) -> str:
    mods = args[1].split("=", 1)[1] if len(args) > 1 else "-"
    return _("A new game of Runes of Mayhem; modules: {m}.").format(
        m=mods if mods != "-" else _("none")
    )


def _shuffled(args: tuple) -> str:
    if args[0] == "M":
        return _("The mercenary deck is shuffled (RM-23.2).")
    return _("The {who} shuffle their draw pile.").format(who=side_full(args[0]))


def _draw(args: tuple) -> str:
    n = int(args[1])
    return ngettext("The {who} draw {n} card.", "The {who} draw {n} cards.", n).format(
        who=side_full(args[0]), n=n
    )


def _acted(args: tuple, auto: bool = False) -> str:
    try:
        a: RMAction = parse_action(args[0])
    except Exception:  # noqa: BLE001 - an action of a module this table does not know
        return str(args[0])
    what = action_label(None, a).removesuffix(".")  # a King's text ends in its own
    text = _("{who}: {what}.").format(who=side_full(a.side), what=what)
    return _("(the only choice) {text}").format(text=text) if auto else text


def _mulligan(args: tuple) -> str:
    n = int(args[1])
    return ngettext(
        "The {who} set {n} card aside (mulligan, RM-5.6).",
        "The {who} set {n} cards aside (mulligan, RM-5.6).",
        n,
    ).format(who=side_full(args[0]), n=n)


def _tokens(args: tuple) -> str:
    parts = []
    for tok in args:
        side, split = tok.split("=")
        g, f = split.split("/")
        parts.append(_("{who} {g} gold, {f} faith").format(who=side_full(side), g=g, f=f))
    return _("Production tokens revealed: {parts} (RM-5.7).").format(parts="; ".join(parts))


def _fight(args: tuple) -> str:
    u, t = args[0].split(">")
    att, dfn = args[1].split("|")
    return _("Fight: {u} against {t}; dice {a} | {d}; {hu} damage dealt, {ht} back (RM-9).").format(
        u=place_name(u),
        t=place_name(t),
        a=_dice_text(att),
        d=_dice_text(dfn),
        hu=args[2],
        ht=args[3],
    )


def _siege(args: tuple) -> str:
    u, t = args[0].split(">")
    return _("Siege: {u} against {t}; dice {d}, hit {n} before protection (RM-11).").format(
        u=place_name(u), t=place_name(t), d=_dice_text(args[1]), n=args[2]
    )


def _win(args: tuple) -> str:
    why = _(END_WHY.get(args[1], args[1]))
    if args[0] == "-":
        return _("A draw: {why}.").format(why=why)
    return _("The {who} win: {why}.").format(who=side_full(args[0]), why=why)


#: the log lines of the base game's events, from the event's values after its kind
#: (the modules' are ``MODULE_EVENTS``)
EVENTS = {
    "GAME": _game,
    "ORDER": lambda args: None,
    "SHUF": _shuffled,
    "DRAW": _draw,
    "DREW": lambda args: _("You drew: {cards}.").format(
        cards=", ".join(card_name(c) for c in args[1:])
    ),
    "ACT": _acted,
    "AUTO": lambda args: _acted(args, auto=True),
    "MULLIGAN": _mulligan,
    "TOKENS": _tokens,
    "TURN": lambda args: _("— Turn {t}: the {who} —").format(t=args[0][1:], who=side_full(args[1])),
    "PROD": lambda args: _("The {who} produce {g} gold and {f} faith (RM-7.1).").format(
        who=side_full(args[0]), g=args[1][1:-1], f=args[2][1:-1]
    ),
    "FIGHT": _fight,
    "FALL": lambda args: _("{place} falls (RM-9.6).").format(place=place_name(args[0])),
    "HIT": lambda args: _("{fort} takes {n} damage: {sp} SP left (RM-11.3).").format(
        fort=place_name(args[0]), n=args[1], sp=args[2]
    ),
    "SIEGE": _siege,
    "SHOT": lambda args: _("Direct shot at {t}: dice {d}, hit {n} (RM-12.6).").format(
        t=place_name(args[0]), d=_dice_text(args[1]), n=args[2]
    ),
    "HEALED": lambda args: _("{p} is sacrificed and heals {units} (RM-13.3).").format(
        p=place_name(args[0]), units=", ".join(place_name(x) for x in args[1:])
    ),
    "RM": lambda args: _("{place} leaves play (RM-13.4).").format(place=place_name(args[0])),
    "TRADEROLL": lambda args: _("Trade roll: {d}, {n} in all (RM-14.6).").format(
        d=_dice_text(args[0]), n=args[1]
    ),
    "DISCARDED": lambda args: _("The {who} lose {card} at random (Ivar the Boneless).").format(
        who=side_full(args[0]), card=card_name(args[1])
    ),
    "WIN": _win,
}


def _describe(event: tuple) -> str | None:
    """The log line of an event: the base game's (``EVENTS``), a module's
    (``MODULE_EVENTS``), or the event's values for one of no known kind."""
    kind, args = event[1], event[2:]
    words = EVENTS.get(kind)
    if words is not None:
        return words(args)
    if kind in MODULE_EVENTS:
        return MODULE_EVENTS[kind](*args)
    return " ".join(str(x) for x in event[1:]).replace("=", ": ")


def _tok_card(ret: str) -> str:
    return _("gold") if ret.strip(">") == "g" else _("faith")


#: the log lines of the module events (RM-18 .. RM-25)
MODULE_EVENTS = {
    "DEALT": lambda side, king: _("The {who} are dealt {king} (RM-18.2).").format(
        who=side_full(side), king=card_name(king)
    ),
    "KINGS": lambda *kings: _("Kings revealed: {kings} (RM-18.2).").format(
        kings="; ".join(
            _("{who} {king}, side {s}").format(
                who=side_full(k.split("=")[0]),
                king=card_name(k.split("=")[1].split("/")[0]),
                s=k.split("/")[-1],
            )
            for k in kings
        )
    ),
    "DECKS": lambda *a: _("Both deck lists are made (RM-19.3)."),
    "DECK": lambda side, cards: ngettext(
        "The {who} play a deck of {n} card (RM-19).",
        "The {who} play a deck of {n} cards (RM-19).",
        len(cards.split(",")),
    ).format(who=side_full(side), n=len(cards.split(","))),
    "FIELDED": lambda side, ku, cell: _("{king} takes the field in {cell} (RM-22.2).").format(
        king=card_name(ku), cell=cell
    ),
    "FLIP": lambda cell, tw, ret: _(
        "The {tower} in {cell} turns face up; its token goes to the {card} card (RM-25.4)."
    ).format(tower=card_name(tw), cell=cell[:3], card=_tok_card(ret)),
    "HIRED": lambda side, merc, cell: _("The {who} hire {merc} into {cell} (RM-23.3).").format(
        who=side_full(side), merc=card_name(merc), cell=cell
    ),
    "HOWLED": lambda side, hound: _("The {who} howl and take {card} (RM-21.1).").format(
        who=side_full(side), card=card_name(hound)
    ),
    "KINGGOLD": lambda side, *a: _("The {who} gain 1 gold from their King (RM-27.6).").format(
        who=side_full(side)
    ),
    "LODGE": lambda *mercs: _("The Lodge is filled: {names} (RM-23.4).").format(
        names=", ".join(card_name(m) for m in mercs)
    ),
    "RAZED": lambda target, tw: _("The {tower} in {cell} is destroyed (RM-25.6).").format(
        tower=card_name(tw), cell=target[:3]
    ),
    "TOWER": lambda target, tw, sp: _("The {tower} in {cell} has {sp} SP left (RM-25.6).").format(
        tower=card_name(tw), cell=target[:3], sp=sp
    ),
    "RESTORED": lambda side, sp: _("The {who} restore their Fortress to {sp} SP.").format(
        who=side_full(side), sp=sp
    ),
    "REVEAL": lambda cell, trap: _("A trap is revealed in {cell}: {trap} (RM-24.5).").format(
        cell=cell, trap=card_name(trap)
    ),
    "SACRIFICED": lambda cell: _("{place} is sacrificed (RM-14.7).").format(place=place_name(cell)),
    "TOWERLAID": lambda cell, *a: _("A tower is built face down in {cell} (RM-25.3).").format(
        cell=cell
    ),
    "TRAPLAID": lambda cell: _("A trap is laid face down on {cell} (RM-24.3).").format(cell=cell),
    "TRAPPED": lambda cell, trap, opt: _("{trap} in {cell}: option {o} (RM-24.5).").format(
        trap=card_name(trap), cell=cell, o=opt
    ),
}
