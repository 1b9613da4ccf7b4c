"""Hadrian's Wall in words: engine data turned into short English for the players.

``card_name`` and ``card_title`` name a warrior (with its strength), ``fort_name`` a fort
with its value; ``card_text`` and ``fort_text`` explain them (HW-16.1, HW-16.2);
``action_label`` is the text of a button or menu entry for one legal action and
``action_sentence`` its log line (both from its verb's declaration, verbs.py);
``describe`` writes the game log from the events exactly as the engine emits them;
``prompt`` tells the clan deciding now what to click (with the rule ID); ``status`` is
the one-line summary; the ``*_tip`` functions are the table's tooltips.  Every visible
text goes through ``_`` (game.app.i18n); no pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.i18n import _, ngettext, pgettext
from game.app.view_contract import Prompt

from .content import COLOUR_NAMES, FORT_TEXT, FORTS, STRENGTH, TYPE, WARRIOR_TYPES
from .observe import Observation, RoundView
from .rules import NOBODY
from .verbs import VERBS, HWAction, as_action, parse_action

#: the rule of each phase (HW-14.4), named by the prompt of a clan waiting for another
PHASE_RULES = {
    "ORDERS": "HW-7",
    "QWN": "HW-9.1.2",
    "DRU": "HW-9.2",
    "AXX": "HW-9.4",
    "KOM": "HW-10.2",
    "UNA": "HW-10.4",
    "FOK": "HW-10.3",
    "HRS": "HW-9.7",
    "SVD": "HW-9.3",
    "ATTACK": "HW-8",
    "OVER": "HW-12",
}


# ----------------------------------------------------------------- names
def clan_name(letter: str) -> str:
    return pgettext("clan", COLOUR_NAMES[letter])


def card_name(card: str) -> str:
    return _(WARRIOR_TYPES[TYPE[card]][0])


def card_title(card: str) -> str:
    return f"{card_name(card)} ({STRENGTH[card]})"


def card_text(card: str) -> str:
    name, strength, ability = WARRIOR_TYPES[TYPE[card]]
    word = _("strength")  # outside the f-string, where Babel's extractor reads it
    return f"{_(name)} — {word} {strength}\n{_(ability)}"


def fort_name(fort: str) -> str:
    kind, value = FORTS[fort]
    return f"{_(kind)} {value}"


def fort_text(fort: str) -> str:
    kind, value = FORTS[fort]
    word = _("value")  # outside the f-string, where Babel's extractor reads it
    return f"{_(kind)} — {word} {value}\n{_(FORT_TEXT[kind])}"


# ----------------------------------------------------------------- tooltips
def deck_tip(obs: Observation) -> str:
    return _("Fort deck: {n} cards. Discarded forts: {d}.").format(
        n=obs["fort_deck_count"], d=len(obs["fort_discard"])
    )


def clan_tip(obs: Observation, c: int) -> str:
    clan = obs["clans"][c]
    who = _("player") if clan["player"] else _("neutral clan (HW-13)")
    forts = ", ".join(fort_name(f) for f in clan["pile"]) or _("none")
    return _(
        "{name}, {who}. Forts captured: {forts} — {n} points. Hand: {h}, set "
        "aside: {a}, discarded warriors: {d}."
    ).format(
        name=clan_name(clan["colour"]),
        who=who,
        forts=forts,
        n=sum(FORTS[f][1] for f in clan["pile"]),
        h=clan["hand_count"],
        a=clan["aside_count"],
        d=len(clan["discard"]),
    )


def solo_goal(obs: Observation) -> str | None:
    """The goal of a solo game, told with the final score (HW-16.6); None with two
    players or more."""
    goal = obs.get("solo_goal")
    return None if goal is None else _("Solo goal: {n} points (HW-16.6)").format(n=goal)


def goal_line(obs: Observation) -> str | None:
    """The goal of a solo game in short, on the status line all game long (HW-16.6; the
    tooltip says it whole); None with two players or more."""
    goal = obs.get("solo_goal")
    return None if goal is None else _("Goal: {n} points (HW-16.6)").format(n=goal)


def goal_tip(obs: Observation) -> str:
    """How a solo game is won (HW-16.6, HW-12.1), and the lone player's points so far."""
    clans = obs["clans"]
    neutrals = sum(1 for clan in clans if not clan["player"])
    player = next(clan for clan in clans if clan["player"])
    rule = ngettext(
        "Solo goal (HW-16.6): at least {n} points at the end of the game against "
        "{k} neutral clan, or three FortHeca held at once (HW-12.1). The neutral "
        "clan's points do not count.",
        "Solo goal (HW-16.6): at least {n} points at the end of the game against "
        "{k} neutral clans, or three FortHeca held at once (HW-12.1). The neutral "
        "clans' points do not count.",
        neutrals,
    ).format(n=obs["solo_goal"], k=neutrals)
    have = _("{clan} has {n} points.").format(
        clan=clan_name(player["colour"]), n=sum(FORTS[f][1] for f in player["pile"])
    )
    return f"{rule}\n{have}"


def facedown_tip(card: str, p: int) -> str:
    """One of the seat's own face-down orders, at wall index ``p``."""
    return card_text(card) + "\n" + _("Face down at position {p}").format(p=p + 1)


def hidden_tip() -> str:
    """Another clan's face-down order."""
    return _("A face-down order")


def round_tip(obs: Observation, fought: RoundView, fort: str | None) -> str:
    """The round under way or just fought (``fought``, its record), over ``fort``."""
    lines = [
        _("Round {k}: the clans attack {fort}.").format(
            k=fought["rnd"], fort=fort_name(fort) if fort else "—"
        )
    ]
    for c, card in enumerate(fought["fresh"]):
        name = clan_name(obs["clans"][c]["colour"])
        line = f"{name}: {card_title(card)}" if card else name
        if "totals" in fought:
            line += " — " + _("strength {n}").format(n=fought["totals"][c])
        lines.append(line)
    return "\n".join(lines) + " (HW-8)"


# ----------------------------------------------------------------- the verbs' words
class Say:
    """The words a verb's declaration (verbs.py) speaks with: ``say._(...)``."""

    _ = staticmethod(_)
    card = staticmethod(card_name)
    title = staticmethod(card_title)
    fort = staticmethod(fort_name)
    clan = staticmethod(clan_name)


def action_label(obs: Observation, action) -> str:
    """The words on the button or menu line of one action (its verb's ``label``)."""
    a = as_action(action)
    return VERBS[a.verb].label(Say, obs, a)


def action_sentence(a: HWAction) -> str:
    """The log line of an action (its verb's ``sentence``)."""
    return VERBS[a.verb].sentence(Say, clan_name(a.clan), a)


# ----------------------------------------------------------------- prompt and status
def _asked() -> dict[str, str]:
    """What the clan deciding is asked, for each decision step but the orders."""
    return {
        "QWN": _("Your Qween borrows a fresh card's strength: click another clan's fresh card."),
        "DRU": _(
            "Your Dru'hid may take a later fort on the wall instead: click it, or "
            "take the contested fort."
        ),
        "AXX": _("Keep your fresh Axx in the line?"),
        "KOM": _("KomFort: click the weakest warrior to keep, or keep none."),
        "UNA": _("FortUna: click one of your other forts to discard."),
        "FOK": _("Fort Fokus: click one of your line cards to discard."),
        "HRS": _("Horsie: your clan failed to capture; click another line card to discard."),
        "SVD": _(
            "Svord: rearrange your face-down orders. Click the card for the next "
            "position, or leave them."
        ),
    }


def prompt(obs: Observation) -> Prompt:
    phase = obs["phase"]
    rule = PHASE_RULES.get(phase)
    if phase == "OVER":
        return Prompt(_("The game is over."), "HW-12")
    if not obs["waiting"]:
        return Prompt(_("The round is being fought."), rule)
    actor = obs["waiting"][0]
    name = clan_name(obs["clans"][actor]["colour"])
    if actor != obs["seat"]:
        return Prompt(_("Waiting for {name}.").format(name=name), rule)
    me = obs["clans"][actor]
    if phase == "ORDERS":
        if len(me.get("aside", [])) < 3:
            return Prompt(
                _("Set aside one card of your hand: it will not fight this turn."), "HW-7.2"
            )
        pos = me["facedown"].index(None) + 1
        return Prompt(
            _("Choose the warrior for position {p}: it attacks fort {p}.").format(p=pos),
            "HW-7.3",
        )
    return Prompt(_asked().get(phase, phase), rule)


def status(obs: Observation) -> str:
    if obs["phase"] == "OVER":
        return _("Game over")
    rnd = obs["round"]
    where = _("orders") if obs["phase"] == "ORDERS" else _("round {r} of 6").format(r=rnd)
    return _("Turn {t} of 3 — {where}").format(t=obs["turn"], where=where)


# ----------------------------------------------------------------- the log
def _dealt(seen: int, args: tuple) -> str:
    """HW-0.6: a clan's random set-aside (its own player reads it)."""
    if seen == NOBODY:  # a neutral clan's deal, seen in a replay with all open
        return _(
            "{clan} places six warriors face down at random and sets aside {cards} (HW-7.5)."
        ).format(clan=clan_name(args[0]), cards=", ".join(card_title(c) for c in args[7:10]))
    return _("{clan} sets aside {cards} at random (HW-7.2).").format(
        clan=clan_name(args[0]), cards=", ".join(card_title(c) for c in args[1:3])
    )


def _revealed(seen: int, args: tuple) -> str:
    shown = []
    for part in args[2].split():
        colour, card = part.split("-", 1)
        shown.append(f"{clan_name(colour)} {card_title(card)}")
    return _("Revealed: {cards}").format(cards=", ".join(shown))


def _totals(seen: int, args: tuple) -> str:
    parts = []
    for part in args[0].split():
        colour, value = part.split("=")
        out = value.endswith("(out)")
        value = value.removesuffix("(out)")
        parts.append(f"{clan_name(colour)} {value}" + (f" ({_('out')})" if out else ""))
    return _("Strength: {totals}").format(totals=", ".join(parts))


def _cards_gone(kind: str) -> Callable[[int, tuple], str | None]:
    """The line of a keep or discard event of several cards."""

    def line(seen: int, args: tuple) -> str | None:
        cards_ = [card_name(c) for part in args[1:] for c in str(part).split() if c != "-"]
        if not cards_:
            return None
        verb = {
            "KEEP": _("{clan} keeps {cards}."),
            "DISCARD": _("{clan} discards {cards}."),
            "FOKUS": _("{clan} discards {cards} (Fort Fokus)."),
            "HORSIE": _("{clan} discards {cards} (Horsie)."),
        }[kind]
        return verb.format(clan=clan_name(args[0]), cards=", ".join(cards_))

    return line


def _final(seen: int, args: tuple) -> str:
    parts = []
    for part in args[0].split():
        colour, value = part.split("=")
        parts.append(f"{clan_name(colour)} {value}")
    return _("Final score: {scores}").format(scores=", ".join(parts))


#: the log line of each kind of event: (visibility, arguments) -> line, or None
EVENTS: dict[str, Callable[[int, tuple], str | None]] = {
    "ACT": lambda seen, x: action_sentence(parse_action(x[0])),
    "TURN": lambda seen, x: _("— Turn {n} —").format(n=x[0]),
    "ORDER": lambda seen, x: None,  # the fort deck's order, read by no seat (HW-0.6)
    "DEALT": _dealt,
    "WALL": lambda seen, x: _("The wall: {forts}").format(
        forts=", ".join(fort_name(f) for f in x[0].split())
    ),
    "ORDERS": lambda seen, x: _("{clan} has given its orders.").format(clan=clan_name(x[0])),
    "ROUND": lambda seen, x: _("Round {k}: the clans attack {fort}.").format(
        k=x[0], fort=fort_name(x[1])
    ),
    "REVEAL": _revealed,
    "CLASH": lambda seen, x: _("Ch'ariotts clash and are discarded: {clans} (HW-9.8)").format(
        clans=", ".join(clan_name(c) for c in x[0].split())
    ),
    "TOTALS": _totals,
    "CAPTURE": lambda seen, x: _("{clan} captures {fort}.").format(
        clan=clan_name(x[0]), fort=fort_name(x[1])
    ),
    "UNCLAIMED": lambda seen, x: _("Nobody captures {fort}; it is discarded (HW-8).").format(
        fort=fort_name(x[0])
    ),
    "HOLDS": lambda seen, x: _("The fort holds out; {fort} leaves the wall (HW-17.1).").format(
        fort=fort_name(x[1])
    ),
    "WIN": lambda seen, x: _("{clan} holds three FortHeca and wins at once (HW-12.1)!").format(
        clan=clan_name(x[0])
    ),
    **{kind: _cards_gone(kind) for kind in ("KEEP", "DISCARD", "FOKUS", "HORSIE")},
    "FORTUNA": lambda seen, x: _("{clan} discards {fort} from its forts (FortUna).").format(
        clan=clan_name(x[0]), fort=fort_name(x[1])
    ),
    "SVORD": lambda seen, x: _("{clan}'s new orders: {cards}").format(
        clan=clan_name(x[0]), cards=", ".join(card_name(c) for c in x[1].split())
    ),
    "SVORD-USED": lambda seen, x: _("{clan}'s Svord rearranges its orders.").format(
        clan=clan_name(x[0])
    ),
    "SVORD-KEPT": lambda seen, x: _("{clan} keeps its orders.").format(clan=clan_name(x[0])),
    "TURN-END": lambda seen, x: _("Turn {n} ends: every warrior returns to its clan.").format(
        n=x[0]
    ),
    "END": _final,
}


def describe(event: tuple) -> str | None:
    """One log line for an engine event, or None for events nobody reads."""
    line = EVENTS.get(event[1])
    if line is None:
        return " ".join(str(x) for x in event[1:])
    return line(event[0], event[2:])
