"""Field of Glory in words: engine data turned into short English for the players.

``card_label`` names a card by its title as printed on it ("Libyan veterans",
"Hannibal"), ``card_tip`` explains it with its
numbers and special rules (FG-22); ``action_label`` is the text of a button or menu entry
for one legal action; ``describe`` writes the game log from the events exactly as the
engine emits them; ``prompt`` tells the seat deciding now what to click (with the rule
ID); ``status`` is the one-line summary.  Every visible text goes through ``_``
(game.app.i18n); no pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.i18n import _, ngettext

from .content import (
    COLUMNS,
    CP,
    CTYPE,
    CV,
    IS_UNIT,
    MC,
    SIDES,
    VP,
    WP,
    card_name,
)
from .observe import Observation
from .verbs import VERBS, FGAction, as_action, parse_action

SIDE_WORDS = {"R": "Red", "B": "Blue"}
SIDE_FULL = {"R": "Red (Carthage)", "B": "Blue (Rome)"}
TYPE_WORDS = {
    "HI": "Heavy infantry", "PH": "Phalanx", "SP": "Spearmen", "MI": "Medium infantry",
    "LI": "Light infantry", "AR": "Archers", "CAV": "Cavalry", "LC": "Light cavalry",
    "EL": "Elephants", "LD": "Leader", "ENV": "Envelopment", "RES": "Reserve",
}  # fmt: skip
#: FG-22.2 special modifiers, FG-15 / FG-17 effects: type -> (text, rule)
SPECIAL = {
    "HI": ("+1 when the enemy lead is medium infantry", "FG-22.2"),
    "PH": ("+1 if its partner is a phalanx; +1 when the enemy lead is cavalry", "FG-22.2"),
    "SP": ("+2 when the enemy lead is cavalry", "FG-22.2"),
    "MI": ("+1 in difficult terrain (forest, marsh)", "FG-22.2"),
    "LI": ("+2 when the enemy lead is elephants", "FG-22.2"),
    "AR": (
        "+1 when the enemy lead is cavalry or elephants; may share a column with any unit",
        "FG-22.2, FG-11.4",
    ),
    "CAV": ("+1 when the enemy lead is light infantry or archers", "FG-22.2"),
    "LC": ("+1 when it leads a flank attack", "FG-22.2"),
    "EL": (
        "+2 when the enemy lead is cavalry; losing it routs a card from the deck",
        "FG-22.2, FG-16",
    ),
    "LD": ("Command points only: spend it to pay, as a bonus card or to draw", "FG-22.4"),
    "ENV": (
        "In an assault (step A3): +1 for each own unit of MC 3 or less in an adjacent "
        "column free of enemy units",
        "FG-15",
    ),
    "RES": ("Action: discard it and draw 3 cards", "FG-17"),
}
TERRAIN_WORDS = {"PLN": "Plain", "FOR": "Forest", "HIL": "Hill", "MAR": "Marsh"}
TERRAIN_TEXT = {
    "PLN": ("No effect.", "FG-14.6"),
    "FOR": (
        "Difficult: deploying here costs +1. A unit leading here: heavy infantry, "
        "phalanx, spearmen, cavalry and elephants −2; light infantry +1.",
        "FG-14.2",
    ),
    "HIL": ("The defender's lead unit gets +1.", "FG-14.4"),
    "MAR": (
        "Difficult: deploying here costs +1. A unit leading here: cavalry, light cavalry "
        "and elephants −2; phalanx −1.",
        "FG-14.5",
    ),
}
STEP_PHASE = {
    "ADVDROP": ("Advance", "FG-8"), "FLANK": ("Flank attacks", "FG-9"),
    "ACT": ("Actions", "FG-10"), "PLACE": ("Deploy", "FG-11"), "PAY": ("Deploy", "FG-11"),
    "DRAW": ("Draw", "FG-18"), "DROP": ("Draw", "FG-18"),
}  # fmt: skip
DISCARD_WHY = {
    "advance": "after the Advance (FG-8.2)", "retreat": "retreating (FG-12.5)",
    "full-retreat": "after the full retreat (FG-12.6)", "clear": "cleared (FG-11.5)",
    "pay": "as payment (FG-11.9)", "reserve": "for the Reserve (FG-17)",
    "draw": "to draw its CP (FG-18.1)", "hand-limit": "for the hand limit (FG-18.2)",
    "bonus": "the bonus card (FG-12.10)", "envelopment": "the Envelopment (FG-15.5)",
    "tie": "in the tie (FG-13.6)", "winner": "the victor's second unit (FG-13.4)",
}  # fmt: skip
#: discards the line of the action that causes them tells already
SAID_BY_ACTION = frozenset(
    {"advance", "retreat", "full-retreat", "clear", "pay", "reserve", "draw", "hand-limit"}
)
END_WHY = {
    "CHECK": "controls 3 terrain cards at the start of the turn (FG-7)",
    "EXHAUSTION": "both decks are run through twice (FG-19.2)",
    "SHORT": "both shuffle cards have left First Shuffle (short game, FG-23.3)",
}
PART_WORDS = {
    "cv": "CV",
    "bonus": "bonus",
    "support": "support",
    "terrain": "terrain",
    "special": "special",
    "flank": "flank",
    "env": "envelopment",
}


# ----------------------------------------------------------------- small words
def side_word(letter: str) -> str:
    return _(SIDE_WORDS[letter])


def side_full(letter: str) -> str:
    return _(SIDE_FULL[letter])


def card_label(card: str) -> str:
    """A card's title, the name printed on it: "Libyan veterans", "Hannibal" (copies of
    a type share it; where they differ, the CP tells them apart: ``card_cp``)."""
    return _(card_name(card))


def card_cp(card: str) -> str:
    return _("{card} (CP {cp})").format(card=card_label(card), cp=CP[card])


def terrain_name(terrain: str) -> str:
    return _(TERRAIN_WORDS[terrain[:3]])


def col_word(col: str | int) -> str:
    return COLUMNS[col] if isinstance(col, int) else col


def card_tip(card: str) -> str:
    """The card's name, its numbers and its special rules with their rule IDs."""
    code = CTYPE[card]
    head = f"{_(card_name(card))} ({card}) — {_(TYPE_WORDS[code])}"
    if IS_UNIT[card]:
        nums = _("MC {mc} · CV {cv} · CP {cp} · WP {wp} · VP {vp} (FG-22.1)").format(
            mc=MC[card], cv=CV[card], cp=CP[card], wp=WP[card], vp=VP[card]
        )
    else:
        nums = _("CP {cp} · VP {vp} (FG-22.5)").format(cp=CP[card], vp=VP[card])
    text, rule = SPECIAL[code]
    lines = [head, nums, f"{_(text)} ({rule})"]
    if IS_UNIT[card]:
        lines.append(
            _("Deploy cost: MC, + WP on a wing (c1, c5), + 1 in difficult terrain (FG-11.7).")
        )
    return "\n".join(lines)


def terrain_tip(terrain: str, control: str, col: int) -> str:
    text, rule = TERRAIN_TEXT[terrain[:3]]
    who = (
        _("neutral")
        if control == "N"
        else _("controlled by {side}").format(side=side_full(control))
    )
    wing = " " + _("A wing: units pay their WP here (FG-11.7).") if col in (0, 4) else ""
    return (
        f"{COLUMNS[col]} — {terrain_name(terrain)} ({terrain}), {who} (FG-0.4)\n"
        f"{_(text)} ({rule}){wing}"
    )


def _cards(cards) -> str:
    return " + ".join(card_label(c) for c in cards)


# ----------------------------------------------------------------- the verbs' words
class Say:
    """The words a verb's declaration (verbs.py) speaks with: ``say._(...)``."""

    _ = staticmethod(_)
    ngettext = staticmethod(ngettext)
    card = staticmethod(card_label)
    card_cp = staticmethod(card_cp)
    cards = staticmethod(_cards)


def action_label(obs: Observation, action) -> str:
    """The words on the button or menu line of one action."""
    a = as_action(action)
    return VERBS[a.verb].label(Say, obs, a.args)


def action_sentence(a: FGAction) -> str:
    """The log line of an action (its verb's ``sentence``)."""
    return VERBS[a.verb].sentence(Say, side_word(a.side), a.args)


def confirm(action) -> str | None:
    """The question asked before an action is played, if its verb asks one."""
    a = as_action(action)
    ask = VERBS[a.verb].confirm
    return ask(Say) if ask is not None else None


def _acted(x: tuple, auto: bool = False) -> str | None:
    a = parse_action(x[0])
    if auto and not a.args and VERBS[a.verb].quiet_none:
        return None  # no choice was there: nothing happened
    return action_sentence(a)


def _terrain(x: tuple) -> str:
    return _("Terrain of {col}: {terrain} (FG-4.1).").format(col=x[0], terrain=terrain_name(x[1]))


def _shuffle(x: tuple) -> str:
    if x[1] == "draft":
        return _("{who} shuffles the {n} army cards for the draft (FG-4.3).").format(
            who=side_word(x[0]), n=x[2]
        )
    return _("{who} shuffles the {n} kept cards into the draw pile (FG-4.4).").format(
        who=side_word(x[0]), n=x[2]
    )


def _group(x: tuple) -> str:
    return _("{who} draws a group: {cards}.").format(
        who=side_word(x[0]), cards=", ".join(map(card_label, x[1:]))
    )


def _drawn(x: tuple) -> str:
    n = x[1]
    return ngettext("{who} draws {n} card.", "{who} draws {n} cards.", n).format(
        who=side_word(x[0]), n=n
    )


def _pairs(x: tuple) -> str:
    pairs = ", ".join(_("{t} from {f}").format(t=p.split("<")[0], f=p.split("<")[1]) for p in x)
    return _("Flank pairs: {pairs} (FG-9.1).").format(pairs=pairs)


def _control(x: tuple) -> str:
    if x[2] == "N":
        return _("The terrain of {col} becomes neutral.").format(col=x[0])
    return _("{who} takes control of {col}.").format(who=side_word(x[2]), col=x[0])


def _discard(x: tuple) -> str | None:
    if x[2] in SAID_BY_ACTION:
        return None  # the action's own line told it
    why = DISCARD_WHY.get(x[2], x[2])
    return _("{who} discards {card}, {why}.").format(
        who=side_word(x[0]), card=card_label(x[1]), why=_(why)
    )


def _strength(x: tuple) -> str:
    return _("{who}'s strength: {n} ({parts}).").format(
        who=side_word(x[0]), n=x[1], parts=parts_text(x[2])
    )


def _outcome(x: tuple) -> str:
    if x[0] == "TIE":
        return _("A tie in {col}: both sides discard their units (FG-13.6).").format(col=x[1])
    if x[0] == "ATTACKER":
        return _("The attacker wins in {col}.").format(col=x[1])
    return _("The defender wins in {col}.").format(col=x[1])


def _rout(x: tuple) -> str:
    if x[1] == "-":
        return _("Elephants rout {who}: the deck is empty (FG-16.3).").format(who=side_word(x[0]))
    return _("Elephants rout {who}: {card} goes to the enemy (FG-16).").format(
        who=side_word(x[0]), card=card_label(x[1])
    )


def _reshuffle(x: tuple) -> str:
    state = {"SECOND": _("Second Shuffle"), "ASIDE": _("set aside")}.get(x[1], x[1])
    return _("{who} reshuffles {n} discarded cards; shuffle card: {state} (FG-5.4).").format(
        who=side_word(x[0]), n=x[2], state=state
    )


#: the log line of each kind of engine event, from the event's values after its kind
#: (None: not shown); ``describe`` reads it
EVENT_WORDS: dict[str, Callable[[tuple], str | None]] = {
    "ACT": _acted,
    "AUTO": lambda x: _acted(x, auto=True),
    "ORDER": lambda x: None,
    "TERRAIN": _terrain,
    "SHUFFLE": _shuffle,
    "GROUP": _group,
    "DRAFTED": lambda x: _("{who} has finished the draft.").format(who=side_word(x[0])),
    "DRAW": lambda x: _("{who} draws {card}.").format(who=side_word(x[0]), card=card_label(x[1])),
    "DRAWN": _drawn,
    "FIRST": lambda x: _("{who} plays first (FG-4.5).").format(who=side_full(x[0])),
    "TURN": lambda x: _("— Turn {n}: {who} —").format(n=x[0], who=side_full(x[1])),
    "PAIRS": _pairs,
    "CONTROL": _control,
    "DISCARD": _discard,
    "ENVELOP": lambda x: _("{who} plays an Envelopment: +{n} (FG-15).").format(
        who=side_word(x[0]), n=x[2]
    ),
    "BONUS-CARD": lambda x: _("{who}'s bonus card from the deck: {card}.").format(
        who=side_word(x[0]), card=card_cp(x[1])
    ),
    "BONUS-FROM": lambda x: _("{who}'s bonus card comes from the hand.").format(
        who=side_word(x[0])
    ),
    "FULL-RETREAT": lambda x: _("Full retreat from {col} (FG-12.6).").format(col=x[0]),
    "REVEAL": lambda x: _("{who} reveals {card}.").format(who=side_word(x[0]), card=card_cp(x[1])),
    "STRENGTH": _strength,
    "OUTCOME": _outcome,
    "SCORED": lambda x: _("{who} destroys {card}: {n} VP.").format(
        who=side_word(x[0]), card=card_label(x[1]), n=VP[x[1]]
    ),
    "ROUT": _rout,
    "FAILED": lambda x: _("{who} cannot draw: the draw fails (FG-5.5).").format(
        who=side_word(x[0])
    ),
    "RESHUFFLE": _reshuffle,
    "END": lambda x: end_sentence(x[0], x[1]),
}


def describe(event: tuple, names: list[str] | None = None) -> str | None:
    """One log line for an engine event (``EVENT_WORDS``), or None for events nobody reads;
    an event of no known kind is shown as its values."""
    words = EVENT_WORDS.get(event[1])
    if words is None:
        return " ".join(str(v) for v in event[1:])
    return words(event[2:])


def end_sentence(why: str, result: str) -> str:
    if result == "DRAW":
        return _("The game ends: {why}; it is a draw (FG-19.3).").format(why=_(END_WHY[why]))
    return _("{who} wins: {why}.").format(who=side_full(result), why=_(END_WHY[why]))


def parts_text(parts: str) -> str:
    out = []
    for part in parts.split():
        key, value = part.split("=")
        n = int(value)
        out.append(f"{_(PART_WORDS.get(key, key))} {n:+d}" if key != "cv" else f"{_('CV')} {n}")
    return ", ".join(out)


# ----------------------------------------------------------------- prompt, status
def phase_of(obs: Observation) -> tuple[str, str]:
    step = obs["step"]
    cb = obs.get("combat")
    if step == "KEEP":
        return _("Draft"), "FG-4.3"
    if step == "OVER":
        return _("Game over"), "FG-19"
    if cb is not None:
        return (_("Flank attack"), "FG-9") if cb["kind"] == "FLANK" else (_("Assault"), "FG-12")
    name, rule = STEP_PHASE.get(step, (step, ""))
    return _(name), rule


def _keep_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "Draft, group {k} of 12: click the 2 cards to keep (click again to put one "
        "back), then confirm. The other 2 go to the box for good."
    ).format(k=me["kept_count"] // 2 + 1)


def _advdrop_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _("Advance: you took {col}, where you have two units. Click the one to discard.").format(
        col=COLUMNS[obs["advance"][0]]
    )


def _flank_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "Flank attacks: click the lead unit (in the target or a flanking column), "
        "then the target's terrain card; or end the flank attacks."
    )


def _retreat_prompt(obs: Observation, me: dict, cb: dict) -> str:
    lead = cb["lead"]
    return _(
        "{card} (MC {mc}) attacks {col}. Your units of lower MC there may retreat "
        "to the discard: click those that retreat, then confirm; or stand."
    ).format(card=card_label(lead), mc=MC[lead], col=COLUMNS[cb["column"]])


def _lose_prompt(obs: Observation, me: dict, cb: dict) -> str:
    return _(
        "Full retreat: the enemy left {col}. Click the unit of yours there that is discarded."
    ).format(col=COLUMNS[cb["launch_column"]])


def _act_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "Actions: deploy (click a unit in your hand, then a terrain card, or a unit "
        "of yours it replaces), "
        "assault (click your unit in a contested column, then its terrain card), "
        "play a Reserve from your hand, or end the actions."
    )


def _place_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "Deploy: the placements cost {n} CP so far. Place another unit (hand card, "
        "then terrain card, or a unit of yours it replaces) or end the placement and "
        "pay."
    ).format(n=obs["deploy"]["cost"])


def _pay_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    d = obs["deploy"]
    return _("Pay {n} more CP: click a card of your hand to discard (no change is given).").format(
        n=d["cost"] - d["paid"]
    )


def _env_prompt(obs: Observation, me: dict, cb: dict) -> str:
    return _(
        "You may play an Envelopment from your hand (+1 per own unit of MC 3 or "
        "less beside {col}, in a column free of enemies)."
    ).format(col=COLUMNS[cb["column"]])


def _abonus_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "Commit a bonus card face down: click a card of your hand or your draw "
        "pile. Its CP adds to your strength."
    )


def _front_prompt(obs: Observation, me: dict, cb: dict) -> str:
    return _("Two of your units defend {col}: click the one in front (it leads).").format(
        col=COLUMNS[cb["column"]]
    )


def _dbonus_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "You may commit a bonus card face down: click a card of your hand or your "
        "draw pile, or take none."
    )


def _draw_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _(
        "Draw phase: click your draw pile to draw 3 cards, or a card of your hand "
        "to discard it and draw as many cards as its CP."
    )


def _drop_prompt(obs: Observation, me: dict, cb: dict | None) -> str:
    return _("Hand limit: you hold {n} cards; click one to discard until you hold 9.").format(
        n=len(me.get("hand", []))
    )


#: the step the seat at the screen is asked to play -> (its prompt, with the obs, the
#: seat's side and the combat; the rule it cites)
PROMPTS: dict[str, tuple[Callable[[Observation, dict, dict | None], str], str]] = {
    "KEEP": (_keep_prompt, "FG-4.3"),
    "ADVDROP": (_advdrop_prompt, "FG-8.2"),
    "FLANK": (_flank_prompt, "FG-9.4"),
    "RETREAT": (_retreat_prompt, "FG-12.5"),
    "LOSE": (_lose_prompt, "FG-12.6"),
    "ACT": (_act_prompt, "FG-10.1"),
    "PLACE": (_place_prompt, "FG-11.8"),
    "PAY": (_pay_prompt, "FG-11.9"),
    "ENV": (_env_prompt, "FG-15.1"),
    "ABONUS": (_abonus_prompt, "FG-12.4"),
    "FRONT": (_front_prompt, "FG-12.7"),
    "DBONUS": (_dbonus_prompt, "FG-12.7"),
    "DRAW": (_draw_prompt, "FG-18.1"),
    "DROP": (_drop_prompt, "FG-18.2"),
}


def prompt(obs: Observation) -> tuple[str, str | None]:
    """What the seat at the screen is asked now, and the rule."""
    step = obs["step"]
    seat = obs["seat"]
    if step == "OVER":
        return end_sentence(
            obs["end_reason"], SIDES[obs["winner"]] if obs["winner"] is not None else "DRAW"
        ), "FG-19"
    actor = obs["to_act"]
    if actor != seat:
        phase, rule = phase_of(obs)
        return _("Waiting for {who}: {phase}.").format(
            who=side_full(SIDES[actor]), phase=phase
        ), rule
    me = obs["sides"][seat]
    if step not in PROMPTS:
        return step, None
    words, rule = PROMPTS[step]
    return words(obs, me, obs.get("combat")), rule


def status(obs: Observation) -> str:
    """Turn, phase, who acts, terrain and VP of both sides."""
    phase, _rule = phase_of(obs)
    terrain = [obs["control"].count(s) for s in SIDES]
    vp = [sum(VP[c] for c in e["victory_pile"]) for e in obs["sides"]]
    score = _("terrain R {r} · B {b} — VP R {vr} · B {vb}").format(
        r=terrain[0], b=terrain[1], vr=vp[0], vb=vp[1]
    )
    if obs["step"] == "KEEP":
        return _("Draft — {who} chooses — {score}").format(
            who=side_word(SIDES[obs["to_act"]]), score=score
        )
    if obs["step"] == "OVER":
        return _("Game over after turn {t} — {score}").format(t=obs["turn"], score=score)
    return _("Turn {t} — {who}: {phase} — {score}").format(
        t=obs["turn"], who=side_full(SIDES[obs["active"]]), phase=phase, score=score
    )
