"""Stronghold in words: engine data turned into short English for the players.

``space_name`` names a board space; ``action_label`` is the text of a button or menu
entry for one legal action; ``action_sentence`` and ``describe`` write the game log
(``describe`` takes the events exactly as the engine emits them); ``prompt`` tells the
seat deciding now what to click; ``status`` is the one-line summary; ``tip`` explains a
piece with its rule ID.  Every visible text goes through ``_`` (game.app.i18n); no
pygame here, so the rules package and its tests can use it headless.

Seats are named by role ("the Invader", "the West Defender" ...): the engine's seat
names are role codes, and a board-game log reads best by role.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.i18n import _, ngettext, pgettext

from .board import BUILDING_NAMES, OPPOSITE, PATHS, SLOT_GP, TOWER_SECTIONS
from .common import comp_counts
from .content import (
    BUILDING_ACTIONS,
    DEED_NAMES,
    EQUIPMENT,
    MACHINES,
    ORDER_NAMES,
    PAY_UNITS,
    PHASE_CARDS,
    RITUALS,
    ROUNDS,
    TRAINING,
    base_cost,
)
from .observe import Observation
from .state import SEAT_NAMES
from .verbs import VERBS, as_action, parse_action

# ----------------------------------------------------------------- small words
_UNIT_WORDS = {  # letter -> (singular, plural) with the count
    "G": ("{n} goblin", "{n} goblins"), "O": ("{n} orc", "{n} orcs"),
    "T": ("{n} troll", "{n} trolls"), "A": ("{n} archer", "{n} archers"),
    "S": ("{n} soldier", "{n} soldiers"), "V": ("{n} veteran", "{n} veterans"),
}  # fmt: skip
_A_UNIT = {"G": "a goblin", "O": "an orc", "T": "a troll", "A": "an archer",
           "S": "a soldier", "V": "a veteran"}  # fmt: skip
_UNIT_NAME = {"G": "goblin", "O": "orc", "T": "troll", "A": "archer", "S": "soldier",
              "V": "veteran"}  # fmt: skip
_HERO = {"OFF": "the Officer", "WAR": "the Warrior"}
_HERO_NAME = {"OFF": "Officer", "WAR": "Warrior"}

_WHO = {
    "I": "the Invader",
    "D": "the Defender",
    "IW": "the West Invader",
    "IE": "the East Invader",
    "DW": "the West Defender",
    "DE": "the East Defender",
}
_WHO_CAP = {
    "I": "The Invader",
    "D": "The Defender",
    "IW": "The West Invader",
    "IE": "The East Invader",
    "DW": "The West Defender",
    "DE": "The East Defender",
}
_ALLY = {"IW": "IE", "IE": "IW", "DW": "DE", "DE": "DW"}

PHASE_NAMES = {1: "Supply", 2: "Siege machines", 3: "Equipment", 4: "Training",
               5: "Rituals", 6: "Mobilisation"}  # fmt: skip
PHASE_RULES = {1: "SH-8", 2: "SH-9", 3: "SH-10", 4: "SH-11", 5: "SH-12", 6: "SH-13"}
SPECIAL_NAMES = {"CHARGE": "Charge!", "PRECISE": "Precise Shot",
                 "ETRANSFER": "Equipment Transfer", "TTRANSFER": "Training Transfer",
                 "ESCAPE": "Escape the Knife"}  # fmt: skip
#: the phase-card actions that are not pieces (SH-15)
_CARD_ACTIONS = {"PRODUCE": "Produce Resources", "TRANSFER": "Unit Transfer",
                 "MINOR": "Minor mobilisation", "MAJOR": "Major mobilisation",
                 "OPEN": "Open order", "SECRET": "Secret orders"}  # fmt: skip

#: building actions (SH-16.3): code -> name
ACTION_NAMES = {
    "FG1": "Goblin cauldron", "FG2": "Orc cauldron", "FG3": "Troll cauldron",
    "FG4": "Cannon", "WK1": "Wooden wall", "WK2": "Platform", "WK3": "Stone-thrower",
    "WK4": "Reinforce gate", "SQ1": "Goblin trap", "SQ2": "Troll trap", "SQ3": "Sabotage",
    "CT1": "Marksmen's Blessing", "CT2": "Heavenly Glow", "BK1": "Recruit archers",
    "BK2": "Recruit soldier", "BK3": "Promote veteran", "WT1": "Lookout", "WT2": "Alarm",
    "HS1": "Extra beds",
}  # fmt: skip
#: in-sentence names of the Invader's pieces
_MACHINE_A = {"BAL": "a ballista", "CAT": "a catapult", "ALT": "an altar",
              "COV": "a cover", "RAM": "a battering-ram element", "TRE": "a trebuchet",
              "TWR": "a siege tower"}  # fmt: skip
_MACHINE_THE = {"BAL": "ballista", "CAT": "catapult", "TRE": "trebuchet", "ALT": "altar"}
_EQUIP_A = {"BAN": "banners", "LAD": "ladders", "ROP": "ropes", "TRP": "a trapdoor",
            "BRI": "a bridge", "SHD": "shields", "POI": "poison"}  # fmt: skip
_EQUIP_THE = {"BAN": "the banners", "LAD": "the ladders", "ROP": "the ropes",
              "TRP": "the trapdoor", "BRI": "the bridge", "SHD": "the shields",
              "POI": "the poison"}  # fmt: skip
_TRAIN_A = {"GUN": "a gunner", "QM": "a quartermaster", "TM": "a trench master",
            "SS": "a sharpshooter", "DRV": "a drover", "SAB": "a saboteur",
            "REC": "a recruiter"}  # fmt: skip
_TRAIN_THE = {
    "QM": "the quartermaster",
    "TM": "the trench master",
    "SS": "the sharpshooter",
    "DRV": "the drover",
    "SAB": "the saboteur",
}
_CAULDRON = {"G": "goblin cauldron", "O": "orc cauldron", "T": "troll cauldron"}
_TOWER_MACHINE = {"CAN": "cannon", "THR": "stone-thrower"}
_HIT_CARDS = {"M": "Miss", "G": "Goblin", "GO": "Goblin or Orc", "GOT": "Goblin, Orc or Troll"}
STEP_NAMES = {
    "I1": ("I.1", "Cannon fire", "SH-18.2.1"),
    "I2": ("I.2", "Siege-machine fire", "SH-18.2.2"),
    "I3": ("I.3", "Archer fire", "SH-18.2.6"),
    "I4": ("I.4", "Goblin fire", "SH-18.2.7"),
    "II1": ("II.1", "Cauldrons", "SH-18.4.1"),
    "II2": ("II.2", "Stone-throwers", "SH-18.4.2"),
    "II3": ("II.3", "Orders", "SH-18.4.3"),
    "II4": ("II.4", "Melee", "SH-18.5"),
    "II5": ("II.5", "Hospital", "SH-18.6"),
    "III": ("III", "Barbican", "SH-18.7"),
    "POST": ("", "Siege-tower units step onto the walls", "SH-18.8"),
}


def _n(singular: str, plural: str, n: int) -> str:
    return ngettext(singular, plural, n).format(n=n)


def _count(n: int, letter: str) -> str:
    one, many = _UNIT_WORDS[letter]
    return _n(one, many, n)


def _hourglasses(n: int) -> str:
    return _n("{n} hourglass", "{n} hourglasses", n)


def _resources(n: int) -> str:
    return _n("{n} resource", "{n} resources", n)


def _join(parts: list[str]) -> str:
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def _comp(text: str) -> str:
    """``1G2O`` -> "1 goblin and 2 orcs"; ``1A1S`` -> "1 archer and 1 soldier";
    ``-`` -> "nobody"."""
    if text in ("-", ""):
        return _("nobody")
    letters = "GOT" if text[-1] in "GOT" else "ASV"
    counts = comp_counts(text, letters)
    return _join([_count(n, c) for n, c in zip(counts, letters, strict=True) if n])


def units_text(comp: str) -> str:
    """A unit composition in words: ``1G2O`` -> "1 goblin and 2 orcs", ``-`` -> "nobody"."""
    return _comp(comp)


def _pay(code: str) -> str:
    """A payment code (SH-7.3): ``OO`` -> "2 orcs"."""
    counts = PAY_UNITS[code]
    return _join([_count(n, c) for n, c in zip(counts, "GOT", strict=True) if n])


def pay_text(code: str) -> str:
    """A payment code in words (SH-7.3): ``OO`` -> "2 orcs"."""
    return _pay(code)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who(who: str) -> str:
    return _(_WHO.get(who, who))


def _Who(who: str) -> str:
    return _(_WHO_CAP.get(who, who))


def _inv_who(i: int, n_players: int) -> str:
    return "I" if n_players == 2 else ("IW", "IE")[i]


def _def_who(d: int, n_players: int) -> str:
    return "D" if n_players < 4 else ("DW", "DE")[d]


def _team(side: str, n_players: int) -> str:
    if side == "I":
        return _("the Invader") if n_players == 2 else _("the Invaders")
    return _("the Defenders") if n_players == 4 else _("the Defender")


# ----------------------------------------------------------------- spaces
def space_name(node: str) -> str:
    """The name of a board space, capitalised, as on a label: ``R5`` -> "Rampart 5"."""
    if node in ("GW", "GE"):
        return _("West gathering place") if node == "GW" else _("East gathering place")
    if node in SLOT_GP:
        return _("{gp}, machine space {n}").format(gp=space_name(SLOT_GP[node]), n=node[2])
    if len(node) == 3 and node[0] == "S" and node[2] == "T":
        return _("Siege tower at wall section {n}").format(n=node[1])
    if len(node) == 2 and node[0] == "R" and node[1].isdigit():
        return _("Rampart {n}").format(n=node[1])
    if len(node) == 2 and node[0] == "S" and node[1].isdigit():
        return _("Wall section {n}").format(n=node[1])
    if node == "TGW":
        return _("Gate tower (West)")
    if node == "TGE":
        return _("Gate tower (East)")
    if node in TOWER_SECTIONS:
        return _("Tower between sections {a} and {b}").format(a=node[1], b=node[2])
    if node in PATHS:
        a, b = PATHS[node]
        return _("Path from {a} to {b}").format(a=space_name(a), b=space_name(b))
    names = {
        "BF": _("Barbican forecourt"), "CAMP": _("Camp"), "CY": _("Courtyard"),
        "BK": _("Barracks"), "WT": _("Watchtower"), "HG": _("Honour Guard"),
        "HOSP": _("Hospital"), "GATE": _("Barbican"),
    }  # fmt: skip
    if node in names:
        return names[node]
    if node in BUILDING_NAMES:
        return _(BUILDING_NAMES[node])
    return node


def short_name(node: str) -> str:
    """A compact name for labels: "Tower 2–3", "path Rampart 1–wall section 2",
    "West gathering place (1)"; otherwise ``space_name``."""
    if node in SLOT_GP:
        return _("{gp} ({n})").format(gp=space_name(SLOT_GP[node]), n=node[2])
    if len(node) == 3 and node[0] == "S" and node[2] == "T":
        return _("Siege tower, section {n}").format(n=node[1])
    if node == "TGW":
        return _("West gate tower")
    if node == "TGE":
        return _("East gate tower")
    if node in TOWER_SECTIONS:
        return _("Tower {a}–{b}").format(a=node[1], b=node[2])
    if node in PATHS:
        a, b = PATHS[node]
        return _("path {a}–{b}").format(a=space_name(a), b=place(b))
    return space_name(node)


def place(node: str) -> str:
    """The name of a space inside a sentence: "the West gathering place", "Rampart 5",
    "wall section 3", "the tower between sections 2 and 3"."""
    if node in ("GW", "GE"):
        return _("the West gathering place") if node == "GW" else _("the East gathering place")
    if node in SLOT_GP:
        return _("machine space {n} of {gp}").format(n=node[2], gp=place(SLOT_GP[node]))
    if len(node) == 3 and node[0] == "S" and node[2] == "T":
        return _("the siege tower at wall section {n}").format(n=node[1])
    if len(node) == 2 and node[0] == "R" and node[1].isdigit():
        return _("Rampart {n}").format(n=node[1])
    if len(node) == 2 and node[0] == "S" and node[1].isdigit():
        return _("wall section {n}").format(n=node[1])
    if node == "TGW":
        return _("the West gate tower")
    if node == "TGE":
        return _("the East gate tower")
    if node in TOWER_SECTIONS:
        return _("the tower between sections {a} and {b}").format(a=node[1], b=node[2])
    if node in PATHS:
        a, b = PATHS[node]
        return _("the path from {a} to {b}").format(a=place(a), b=place(b))
    names = {
        "BF": _("the barbican forecourt"), "CAMP": _("the camp"), "CY": _("the courtyard"),
        "BK": _("the barracks"), "WT": _("the watchtower"), "HG": _("the Honour Guard"),
        "HOSP": _("the hospital"), "GATE": _("the barbican"),
    }  # fmt: skip
    if node in names:
        return names[node]
    if node in BUILDING_NAMES:
        return _building(node)
    return node


def _building(code: str) -> str:
    names = {
        "FG": _("the Forge"), "WK": _("the Workshop"), "SQ": _("the Scouts' Quarters"),
        "CT": _("the Cathedral"), "BK": _("the Barracks"), "WT": _("the Watchtower"),
        "HS": _("the Hospital"), "HG": _("the Honour Guard"),
    }  # fmt: skip
    return names.get(code, code)


def _on(node: str) -> str:
    """A preposition and a place: "on Rampart 5", "at the West gathering place",
    "in the tower between ...", "into the siege tower ..."."""
    if node in ("GW", "GE", "BF", "CAMP") or node in SLOT_GP:
        return _("at {place}").format(place=place(node))
    if (
        node in TOWER_SECTIONS
        or node in ("CY", "BK", "WT", "HG", "HOSP")
        or (len(node) == 3 and node[0] == "S" and node[2] == "T")
    ):
        return _("in {place}").format(place=place(node))
    return _("on {place}").format(place=place(node))


def _short_on(node: str) -> str:
    """``_on`` with the compact names of labels."""
    if node in ("GW", "GE", "BF", "CAMP") or node in SLOT_GP:
        return _("at {place}").format(place=short_name(node))
    if node in TOWER_SECTIONS:
        return _("in {place}").format(place=short_name(node).lower())
    if node in PATHS:
        return _("on {place}").format(place=short_name(node))
    return _on(node)


def _machine_short(obs: Observation | None, slot: str) -> str:
    """ "catapult on Rampart 5", "trebuchet at East gathering place (1)"."""
    kind = (obs or {}).get("machines", {}).get(slot)
    name = _(_MACHINE_THE[kind]) if kind in _MACHINE_THE else _("machine")
    if slot in SLOT_GP:
        return _("{machine} at {place}").format(machine=name, place=short_name(slot))
    return _("{machine} on {place}").format(machine=name, place=place(slot))


def _machine_at(obs: Observation | None, slot: str) -> str:
    """ "the catapult on Rampart 5" (the kind from the observation when known)."""
    kind = (obs or {}).get("machines", {}).get(slot)
    name = _(_MACHINE_THE[kind]) if kind in _MACHINE_THE else _("machine")
    if slot in SLOT_GP:
        return _("the {machine} at {gp} (space {n})").format(
            machine=name, gp=place(SLOT_GP[slot]), n=slot[2]
        )
    return _("the {machine} on {place}").format(machine=name, place=place(slot))


def _ritual_target(code: str, target: str) -> str:
    """Where a ritual goes, in a sentence."""
    if code == "BST":
        return _("on the catapult on {place}").format(place=place(target))
    if code == "POS":
        return _("on {hero}").format(hero=_(_HERO.get(target, target)))
    if code == "FIR":
        return _("on {building}").format(building=_building(target))
    if code == "SPC":
        return _("on the hospital")
    if code == "PAN":
        return _("in the courtyard")
    if code == "ACC":
        return _("on the cauldron of {place}").format(place=place(target))
    return _("on {place}").format(place=place(target))


def _ritual_ref(ref: str) -> str:
    """A ritual tile in play, ``BST-R5`` -> "the Blood Stone on the catapult on Rampart 5"."""
    code, _sep, target = ref.partition("-")
    name = _(RITUALS[code][0]) if code in RITUALS else code
    return _("the {ritual} {where}").format(ritual=name, where=_ritual_target(code, target))


def _card_text(card: str) -> str:
    """``2-3`` -> "card 2-3 (Ballista, Siege tower, Battering-ram element, Altar)"."""
    names = [_card_action(c) for c in PHASE_CARDS.get(card, ())]
    return _("card {card} ({actions})").format(card=card, actions=", ".join(names))


def card_action_name(code: str) -> str:
    """The name of an action as printed on a phase card (SH-15)."""
    return _card_action(code)


def _card_action(code: str) -> str:
    """The name of an action as printed on a phase card (SH-15)."""
    return _("Battering ram") if code == "RAM" else _action_name(code)


def _action_name(code: str) -> str:
    for table in (MACHINES, EQUIPMENT, TRAINING, RITUALS):
        if code in table:
            return _(table[code][0])
    return _(_CARD_ACTIONS.get(code, code))


# ----------------------------------------------------------------- observation helpers
def _deciding_seat(obs: Observation) -> int | None:
    """The seat deciding now (rules.Stronghold._seat on an observation)."""
    p = obs.get("pending") or {}
    d = p.get("kind")
    if d is None or d == "OVER" or obs.get("stage") == "OVER":
        return None
    n_inv = len(obs["available"])
    if d in ("FLIP", "PHASE", "CARD"):
        return p["who"]
    if d == "WINDOW":
        if p.get("alarm"):
            return n_inv + p["alarm_defender"]
        if p.get("to_complete"):
            return n_inv + obs["payer"].get(p["to_complete"][0], 0)
        return n_inv + p["who"]
    return p["seat"]


def _seat_code(obs: Observation, seat: int) -> str:
    return SEAT_NAMES[obs["n_players"]][seat]


def _ritual_active(obs: Observation, code: str, target: str) -> bool:
    for i, (c, tgt, _owner) in enumerate(obs.get("rituals", ())):
        if c == code and tgt == target:
            return obs.get("glow") != i
    return False


def action_cost(obs: Observation, code: str) -> int:
    """SH-16.1.3 current cost of a building action, from an observation."""
    building = BUILDING_ACTIONS[code][0]
    return (
        base_cost(code, obs.get("n_players", 2))
        + (building in obs.get("saboteurs", ()))
        + _ritual_active(obs, "FIR", building)
    )


def _inv_index(who: str) -> int:
    return 1 if who == "IE" else 0


def _ally_card(obs: Observation, who: str, phase: int, code: str) -> bool:
    """SH-22.5: True when ``code`` would be taken from the ally's card (+1 hourglass)."""
    if len(obs.get("available", ())) != 2:
        return False
    i = _inv_index(who)
    key = str(phase)
    if phase in obs["flipped"][i]:
        return phase not in obs["flipped"][1 - i]
    card = obs["cards"][i].get(key)
    return not (card and code in PHASE_CARDS[card] and code not in obs["used"][i])


def _extra(obs: Observation, who: str, phase: int, code: str) -> str:
    return _(", +1 hourglass") if _ally_card(obs, who, phase, code) else ""


# ----------------------------------------------------------------- labels
def action_label(obs: Observation, action) -> str:
    """A short label for one legal action, with its cost where it has one (its verb's
    ``label``, verbs.py)."""
    a = as_action(action)
    return VERBS[a.verb].label(Say, obs or {}, a)


def _lp(node: str) -> str:
    """A place inside a label: ``place`` with compact towers, paths and slots."""
    if node in TOWER_SECTIONS or node in PATHS or node in SLOT_GP:
        return short_name(node)
    return place(node)


def _wreck_label(obs: Observation, choice: str) -> str:
    todo = (obs.get("assault") or {}).get("todo") or [[None, "", ""]]
    _k, slot, target = todo[0][:3]
    if choice == "CAULDRON":
        kind = obs.get("cauldrons", {}).get(target)
        return _("Destroy the {cauldron} on {place}").format(
            cauldron=_(_CAULDRON.get(kind, "cauldron")), place=_lp(target)
        )
    if choice == "MACHINE":
        tower = OPPOSITE.get(slot, "")
        kind = obs.get("tower_machines", {}).get(tower)
        return _("Destroy the {machine} {on}").format(
            machine=_(_TOWER_MACHINE.get(kind, "machine")), on=_short_on(tower)
        )
    return _("Destroy nothing")


def _pay_label(obs: Observation, x: tuple) -> str:
    code = x[0]
    name = _(ACTION_NAMES[code])
    if len(x) > 1:
        return _complete_label(code, x[1], short=True) + _(" — last hourglass")
    paid = obs.get("paid", {}).get(code, 0)
    cost = action_cost(obs, code) if obs else BUILDING_ACTIONS[code][1]
    if paid + 1 >= cost:
        return _("{action} — last hourglass").format(action=name)
    return _("{action} — 1 hourglass ({paid} of {cost} paid)").format(
        action=name, paid=paid, cost=cost
    )


def _complete_label(code: str, target: str, short: bool = False) -> str:
    name = _(ACTION_NAMES[code])
    if target == "-":
        return name
    if code == "CT2":
        return _("{action} on {ritual}").format(action=name, ritual=_ritual_ref(target))
    if code == "SQ3":
        return _("Sabotage the machine on {place}").format(place=place(target))
    return _("{action} {on}").format(action=name, on=(_short_on if short else _on)(target))


# ----------------------------------------------------------------- sentences
def action_sentence(action, names: list[str] | None = None) -> str:
    """One log sentence for an action made by seat ``action.who`` (its verb's
    ``sentence``, verbs.py)."""
    a = as_action(action)
    return VERBS[a.verb].sentence(Say, _Who(a.who), a)


# ----------------------------------------------------------------- the verbs' words
class Say:
    """The words a verb's declaration (verbs.py) speaks with: ``say._(...)``,
    ``say.place(node)``, the tables of unit and action names ..."""

    _ = staticmethod(_)
    ngettext = staticmethod(ngettext)
    place = staticmethod(place)
    short_name = staticmethod(short_name)
    space_name = staticmethod(space_name)
    lp = staticmethod(_lp)
    on = staticmethod(_on)
    short_on = staticmethod(_short_on)
    comp = staticmethod(_comp)
    count = staticmethod(_count)
    hourglasses = staticmethod(_hourglasses)
    resources = staticmethod(_resources)
    pay = staticmethod(_pay)
    extra = staticmethod(_extra)
    machine_short = staticmethod(_machine_short)
    machine_at = staticmethod(_machine_at)
    building = staticmethod(_building)
    ritual_target = staticmethod(_ritual_target)
    ritual_active = staticmethod(_ritual_active)
    card_text = staticmethod(_card_text)
    card_action = staticmethod(_card_action)
    who_name = staticmethod(_who)
    Who = staticmethod(_Who)
    wreck_label = staticmethod(_wreck_label)
    pay_label = staticmethod(_pay_label)
    complete_label = staticmethod(_complete_label)
    A_UNIT = _A_UNIT
    UNIT_NAME = _UNIT_NAME
    HERO = _HERO
    HERO_NAME = _HERO_NAME
    WHO = _WHO
    ALLY = _ALLY
    ACTION_NAMES = ACTION_NAMES
    SPECIAL_NAMES = SPECIAL_NAMES
    MACHINE_A = _MACHINE_A
    EQUIP_A = _EQUIP_A
    EQUIP_THE = _EQUIP_THE
    TRAIN_A = _TRAIN_A
    TRAIN_THE = _TRAIN_THE


# ----------------------------------------------------------------- the log
def describe(event: tuple, names: list[str]) -> str | None:
    """A log line for one engine event ``(visibility, KIND, *args)``; None when the
    event is not worth a line (an action whose result the next event tells, an event
    nobody reads).  A malformed event is an error of the engine and raises."""
    kind, x = event[1], event[2:]
    n_players = len(names) if names else 2
    if kind == "ACT":
        a = parse_action(x[0])
        if VERBS[a.verb].quiet(a.args):
            return None
        return action_sentence(a, names)
    fn = _EVENTS.get(kind)
    return fn(x, n_players) if fn else None


def _ev_setup(x, n):
    return _("A new game of Stronghold for {n} players.").format(n=x[0])


def _ev_offer(x, n):
    cards = [_card_text(c) for c in str(x[1]).split()]
    return _("Phase {p} cards on offer: {cards} (SH-4.3).").format(p=x[0], cards="; ".join(cards))


def _ev_round(x, n):
    return _("— Round {r} of {total} —").format(r=x[0], total=ROUNDS)


def _ev_phase(x, n):
    k = int(x[0])
    return _("Phase {k}: {name} ({rule}).").format(
        k=k, name=pgettext("phase", PHASE_NAMES[k]), rule=PHASE_RULES[k]
    )


def _ev_draw(x, n):
    who = _Who(_inv_who(int(x[0]), n))
    if x[1] == "-":
        return _("{who} draws nothing: the bag is empty (SH-8.1).").format(who=who)
    return _("{who} draws {units} from the bag (SH-8.1).").format(who=who, units=_comp(x[1]))


def _ev_built(x, n):
    code, target = x[0], x[1]
    if code in MACHINES:
        return None  # the action's own line said it
    if code in ("FG1", "FG2", "FG3"):
        return _("A {cauldron} is placed on {place}.").format(
            cauldron=_(_CAULDRON[BUILDING_ACTIONS[code][3]]), place=place(target)
        )
    if code in ("FG4", "WK3"):
        return _("A {machine} is mounted {on}.").format(
            machine=_(_TOWER_MACHINE[BUILDING_ACTIONS[code][3]]), on=_on(target)
        )
    texts = {
        "WK1": _("A wooden wall element is added to {place}."),
        "WK2": _("A platform is built on {place}: 2 more Defender spaces (SH-16.3)."),
        "WK4": _("The gate is reinforced: +2 resistance, up to 9 (SH-16.3)."),
        "SQ1": _("A goblin trap is laid on {place}."),
        "SQ2": _("A troll trap is laid on {place}."),
        "SQ3": _("Scouts sabotage the machine on {place}: it will not fire this round (SH-16.3)."),
        "CT1": _(
            "Marksmen's Blessing on {place}: archer fire at it is doubled this round (SH-16.3)."
        ),
        "BK1": _("Archers are recruited into the barracks."),
        "BK2": _("A soldier is recruited into the barracks."),
        "BK3": _("A soldier in the barracks is promoted to veteran."),
        "WT1": _("Lookout: the Defender sees every face-down order (SH-16.3)."),
        "WT2": _("Alarm: up to 3 units may rush from the interior to the walls (SH-16.3)."),
        "HS1": _("Extra beds: 3 units will return from the hospital this round (SH-18.6)."),
    }
    if code == "CT2":
        return _("Heavenly Glow cancels {ritual} for this round (SH-16.3).").format(
            ritual=_ritual_ref(target)
        )
    return texts[code].format(place=place(target)) if code in texts else None


def _ev_hourglass(x, n):
    k = int(x[1])
    return ngettext("{who} receives {n} hourglass.", "{who} receives {n} hourglasses.", k).format(
        who=_Who(_def_who(int(x[0]), n)), n=k
    )


def _ev_assault(x, n):
    if x[0] == "tie-break":
        return _("— Tie-break Assault: one more Assault decides the game (SH-21.6) —")
    return _("— The Assault of round {r} (SH-18) —").format(r=x[0])


def _ev_step(x, n):
    if x[0] == "END":
        return _("The Assault is over.")
    number, name, rule = STEP_NAMES[x[0]]
    if not number:
        return _("{name} ({rule}).").format(name=_(name), rule=rule)
    return _("Assault step {number}: {name} ({rule}).").format(
        number=number, name=_(name), rule=rule
    )


def _ev_hitcard(x, n):
    node, card, killed = x
    card_name = _(_HIT_CARDS.get(card, card))
    if card == "M":
        return _("Hit card “{card}” at {place}: no effect.").format(
            place=place(node), card=card_name
        )
    if killed == "-":
        return _("Hit card “{card}” at {place}: no matching unit there (SH-18.3).").format(
            place=place(node), card=card_name
        )
    return _("Hit card “{card}” at {place}: {unit} dies (SH-18.3).").format(
        place=place(node), card=card_name, unit=_(_A_UNIT[killed])
    )


def _ev_machine(x, n):
    slot, target, hit = x
    if hit == "HIT":
        return _("{machine} hits {target}!").format(
            machine=_cap(_machine_at(None, slot)), target=place(target)
        )
    return _("{machine} misses {target}.").format(
        machine=_cap(_machine_at(None, slot)), target=place(target)
    )


def _ev_wrecked(x, n):
    where, piece = x
    if piece in _TOWER_MACHINE:
        return _("The {machine} {on} is destroyed.").format(
            machine=_(_TOWER_MACHINE[piece]), on=_on(where)
        )
    return _("The {cauldron} on {place} is destroyed.").format(
        cauldron=_(_CAULDRON.get(piece, "cauldron")), place=place(where)
    )


def _ev_killed(x, n):
    node, unit = x
    if unit in "ASV":
        return _("{unit} {on} is killed (to the Defender's supply, SH-17.5).").format(
            unit=_cap(_(_A_UNIT[unit])), on=_on(node)
        )
    return _("{unit} {on} is killed.").format(unit=_cap(_(_A_UNIT[unit])), on=_on(node))


def _ev_shot(x, n):
    return _("Archer fire kills {units} {on}.").format(units=_comp(x[1]), on=_on(x[0]))


def _ev_archers(x, n):
    if not int(x[1]):
        return _("Archers fire at {target}, but its cover stops every arrow (SH-18.2.6).").format(
            target=place(x[0])
        )
    return _("Archers fire at {target} with firepower {f} (SH-18.2.6).").format(
        target=place(x[0]), f=x[1]
    )


def _ev_accident(x, n):
    sec, unit, k = x[0], x[1], int(x[2])
    if not k:
        return _("Accident on {place}: the cauldron hurts nobody (SH-12).").format(place=place(sec))
    return _(
        "Accident on {place}: the cauldron burns {units} of the Defender instead (SH-12)."
    ).format(place=place(sec), units=_count(k, unit))


def _ev_cauldron(x, n):
    sec, kind, k = x[0], x[1], int(x[2])
    name = _(_CAULDRON[kind])
    if not k:
        return _("The {cauldron} on {place} finds no {unit} (SH-18.4.1).").format(
            cauldron=name, place=place(sec), unit=_(_UNIT_NAME[kind])
        )
    return _("The {cauldron} on {place} kills {units} (SH-18.4.1).").format(
        cauldron=name, place=place(sec), units=_count(k, kind)
    )


def _ev_strike(x, n):
    return _("The Warrior strikes on {place}: {units} killed (SH-17.7.6).").format(
        place=place(x[0]), units=_comp(x[1])
    )


def _ev_reveal(x, n):
    return _("Order revealed on {place}: {order}.").format(
        place=place(x[0]), order=_(ORDER_NAMES[x[1]])
    )


def _ev_order_void(x, n):
    return _(
        "The {order} on {place} is removed without effect: no unit it needs is "
        "left there (SH-13.6.1)."
    ).format(order=_(ORDER_NAMES[x[1]]), place=place(x[0]))


def _ev_explosion(x, n):
    k = int(x[1])
    return ngettext(
        "Orc Explosion on {place}: {n} orc blows up part of the wall (SH-13.6).",
        "Orc Explosion on {place}: {n} orcs blow up part of the wall (SH-13.6).",
        k,
    ).format(place=place(x[0]), n=k)


def _ev_trap(x, n):
    path, unit, k = x[0], x[1], int(x[2])
    trap = _("goblin trap") if unit == "G" else _("troll trap")
    return _("A {trap} on {path} kills {units} (SH-16.5).").format(
        trap=trap, path=place(path), units=_count(k, unit)
    )


def _ev_called(x, n):
    return _("Troll Call: a troll moves from {src} to {dst} (SH-13.6).").format(
        src=place(x[0]), dst=place(x[1])
    )


def _ev_poison(x, n):
    return _("Poison on {place}: an archer goes to the hospital (SH-18.5.2).").format(
        place=place(x[0])
    )


def _ev_melee(x, n):
    return _("Melee on {place}: Invader {a} against Defender {d}.").format(
        place=place(x[0]), a=x[1], d=x[2]
    )


def _ev_losses(x, n):
    comp = str(x[1])
    if comp != "-" and comp[-1] in "ASV":
        return _("On {place} the Defender loses {units} (to the hospital, SH-18.5.5).").format(
            place=place(x[0]), units=_comp(comp)
        )
    return _("On {place} the Invader loses {units} (SH-18.5.5).").format(
        place=place(x[0]), units=_comp(comp)
    )


def _ev_shields(x, n):
    return _("Shields save the attackers on {place}: no losses (SH-18.5.4).").format(
        place=place(x[0])
    )


def _ev_frenzy(x, n):
    k = int(x[1])
    return ngettext(
        "Goblin Frenzy on {place}: {n} frenzied goblin dies (SH-13.6).",
        "Goblin Frenzy on {place}: {n} frenzied goblins die (SH-13.6).",
        k,
    ).format(place=place(x[0]), n=k)


def _ev_breach(x, n):
    return _(
        "Breach at {place}! The game ends after this Assault; the side with more "
        "glory wins (SH-19)."
    ).format(place=place(x[0]))


def _ev_hospital(x, n):
    if x[0] == "-":
        return None
    return _("Back from the hospital to the courtyard: {units} (SH-18.6).").format(
        units=_comp(x[0])
    )


def _ev_specter(x, n):
    was = {"G": "an archer", "O": "a soldier", "T": "a veteran"}
    return _("Specters: {dead} rises again as {unit} at {place} (SH-12).").format(
        dead=_(was[x[0]]), unit=_(_A_UNIT[x[0]]), place=place(x[1])
    )


def _ev_ram(x, n):
    return _("The battering ram strikes Gate {g}: resistance −{e} (SH-18.7).").format(
        g=x[0], e=x[1]
    )


def _ev_gate_down(x, n):
    g = int(x[0])
    if g >= 3:
        return _("Gate 3 falls: the barbican is breached! (SH-19.2)")
    return _("Gate {g} is destroyed! The ram moves on to Gate {next} (SH-18.7.2).").format(
        g=g, next=g + 1
    )


_GLORY_WHY = {
    "breach": "for the breach (SH-19.4)",
    "leftover": "for a breach with 4 or more points to spare (SH-19.4)",
    "gate 1": "for destroying Gate 1 (SH-19.4)",
    "gate 2": "for destroying Gate 2 (SH-19.4)",
    "gate 3": "for destroying Gate 3 (SH-19.4)",
    "gate 3 first": "because Gate 3 was the first breach (SH-19.4)",
    "tie-break": "for the tie-break Assault (SH-21.6)",
    "time": "for the passage of time (SH-20.3)",
    "honour guard": "for the Honour Guard (SH-20.4)",
}


def _ev_glory(x, n):
    side, k, why = x[0], int(x[1]), _(_GLORY_WHY.get(x[2], x[2]))
    team = _cap(_team(side, n))
    if side == "I" and n > 2 or side == "D" and n == 4:
        return _("{team} gain {k} glory {why}.").format(team=team, k=k, why=why)
    return _("{team} gains {k} glory {why}.").format(team=team, k=k, why=why)


def _ev_deed(x, n):
    return _(
        "Glorious deed: {deed}! A glory tile passes from the Defender to the Invader (SH-21.3)."
    ).format(deed=_(DEED_NAMES[x[0]]))


def _ev_wall(x, n):
    name, stone, wood = space_name(x[0]), int(x[1]), int(x[2])
    if not stone + wood:
        return _("{place} is hit: no wall element left.").format(place=name)
    if wood:
        return _("{place} is hit: {stone} stone and {wood} wood left.").format(
            place=name, stone=stone, wood=wood
        )
    return ngettext(
        "{place} is hit: {n} stone element left.", "{place} is hit: {n} stone elements left.", stone
    ).format(place=name, n=stone)


def _ev_ruined(x, n):
    return _("{place} lies in ruins (Ruined Walls, SH-21.3).").format(place=space_name(x[0]))


def _ev_panic(x, n):
    return _("Panic in the courtyard: {unit} dies (SH-12.4).").format(unit=_(_A_UNIT[x[0]]))


def _ev_recruited(x, n):
    k = int(x[1])
    if not k:
        return _("The recruiter finds no {unit} in the supply (SH-11.1).").format(
            unit=_(_UNIT_NAME[x[0]])
        )
    return _("The recruiter brings {units} to the camp (SH-11.1).").format(units=_count(k, x[0]))


def _ev_hidden_order(x, n):
    return _("A face-down order is placed on {place} (SH-13.6.3).").format(place=place(x[0]))


def _ev_stuck(x, n):
    k = int(x[1])
    return ngettext(
        "{who} cannot spend {n} hourglass: it goes back to the supply (SH-6.5).",
        "{who} cannot spend {n} hourglasses: they go back to the supply (SH-6.5).",
        k,
    ).format(who=_Who(_def_who(int(x[0]), n)), n=k)


def _ev_stone_lost(x, n):
    return _("No stone element can be placed this round (SH-8.4.1).")


def _ev_round_end(x, n):
    return _("End of round {r}. Glory: Invader {i}, Defender {d} (SH-20).").format(
        r=x[0], i=x[1], d=x[2]
    )


def _ev_end(x, n):
    winner, reason, inv, dfn = x
    team = _team(winner, n)
    if reason == "round 10":
        return _("The fortress held for {total} rounds: victory for {team} (SH-20.5).").format(
            total=ROUNDS, team=team
        )
    if reason == "tie-break breach":
        return _("Breach in the tie-break Assault: victory for {team} (SH-21.6).").format(team=team)
    if reason == "tie-break held":
        return _("The walls hold in the tie-break Assault: victory for {team} (SH-21.6).").format(
            team=team
        )
    return _("Victory for {team}, {a} glory to {b} (SH-21.5).").format(
        team=team, a=inv if winner == "I" else dfn, b=dfn if winner == "I" else inv
    )


_EVENTS = {
    "SETUP": _ev_setup, "OFFER": _ev_offer, "ROUND": _ev_round, "PHASE": _ev_phase,
    "DRAW": _ev_draw, "BUILT": _ev_built, "HOURGLASS": _ev_hourglass,
    "ASSAULT": _ev_assault, "STEP": _ev_step, "HITCARD": _ev_hitcard,
    "MACHINE": _ev_machine, "WRECKED": _ev_wrecked, "KILLED": _ev_killed, "SHOT": _ev_shot,
    "ARCHERS": _ev_archers, "ACCIDENT": _ev_accident, "CAULDRON": _ev_cauldron,
    "STRIKE": _ev_strike, "REVEAL": _ev_reveal, "ORDER-VOID": _ev_order_void,
    "EXPLOSION": _ev_explosion, "TRAP": _ev_trap, "CALLED": _ev_called,
    "POISON": _ev_poison, "MELEE": _ev_melee, "LOSSES": _ev_losses, "SHIELDS": _ev_shields,
    "FRENZY": _ev_frenzy, "BREACH": _ev_breach, "HOSPITAL": _ev_hospital,
    "SPECTER": _ev_specter, "RAM": _ev_ram, "GATE-DOWN": _ev_gate_down,
    "GLORY": _ev_glory, "DEED": _ev_deed, "WALL": _ev_wall, "RUINED": _ev_ruined,
    "PANIC": _ev_panic, "RECRUITED": _ev_recruited, "HIDDEN-ORDER": _ev_hidden_order,
    "STUCK": _ev_stuck, "STONE-LOST": _ev_stone_lost, "ROUND-END": _ev_round_end,
    "END": _ev_end,
}  # fmt: skip
#: every event kind the engine emits
EVENT_KINDS = frozenset(_EVENTS) | {"ACT"}


# ----------------------------------------------------------------- prompts
def prompt(obs: Observation) -> tuple[str, str | None]:
    """What the seat deciding now must do (text, rule ID); "Waiting for ..." for the
    other seats."""
    n = obs.get("n_players", 2)
    if obs.get("stage") == "OVER" or (obs.get("pending") or {}).get("kind") in (None, "OVER"):
        winner = obs.get("winner")
        if winner in ("I", "D"):
            return _("The game is over: victory for {team}.").format(
                team=_team(winner, n)
            ), "SH-21.5"
        return _("The game is over."), "SH-21.5"
    seat = _deciding_seat(obs)
    text, rule = _decision(obs, seat)
    if seat != obs.get("seat"):
        return _("Waiting for {who}.").format(who=_who(_seat_code(obs, seat))), rule
    return text, rule


def _decision(obs: Observation, seat: int) -> tuple[str, str | None]:
    p = obs["pending"]
    d = p["kind"]
    n_inv = len(obs["available"])
    if d == "FLIP":
        return _(
            "Round {r}: you may flip one of your Phase 1–5 cards for good to use the "
            "special action on its back, or flip none."
        ).format(r=obs["round"]), "SH-14.1"
    if d == "CARD":
        return _("Set-up: keep one of the Phase {p} cards on offer.").format(
            p=p["phase"]
        ), "SH-4.3" if n_inv == 1 else "SH-22.3"
    if d == "STONE":
        return _(
            "Place this round's stone element: click a wall section with fewer than 5 elements."
        ), "SH-8.4.1" if len(obs["hourglasses"]) == 1 else "SH-23.3"
    if d == "PHASE":
        return _phase_prompt(obs, seat)
    if d == "WINDOW":
        return _window_prompt(obs, seat - n_inv)
    return _assault_prompt(obs, d, p)


def _phase_prompt(obs: Observation, seat: int) -> tuple[str, str | None]:
    k = int(obs["stage"][1])
    if k == 1:
        if len(obs["available"]) == 2:
            return _(
                "Phase 1 — Supply: produce resources with one unit, give units to your "
                "ally, or Pass."
            ), "SH-8.3"
        return _("Phase 1 — Supply: produce resources with one unit, or Pass."), "SH-8.3"
    if k == 2:
        return _(
            "Phase 2 — Siege machines: click a rampart, a gathering place, the barbican "
            "forecourt or a siege-tower slot to build there, or Pass."
        ), "SH-9.4"
    if k == 3:
        return _(
            "Phase 3 — Equipment: click a wall section or path to equip it, or Pass."
        ), "SH-10.1"
    if k == 4:
        return _(
            "Phase 4 — Training: click a rampart, a machine or a building to train there, or Pass."
        ), "SH-11.1"
    if k == 5:
        return _("Phase 5 — Rituals: click the target of a ritual, or Pass."), "SH-12"
    mob = obs.get("mobilisation")
    if mob:
        kind = _("Minor mobilisation") if mob["kind"] == "MINOR" else _("Major mobilisation")
        texts = {
            1: _(
                "{kind}, step 1 of 3: move units from the ramparts towards the walls (up to "
                "{L} out of each rampart), then end the step."
            ),
            2: _(
                "{kind}, step 2 of 3: move units from the gathering places to the ramparts "
                "(up to {L} out of each), then end the step."
            ),
            3: _(
                "{kind}, step 3 of 3: move units from the camp to the gathering places, the "
                "barbican forecourt, a siege tower or a trapdoor (up to {L} per side), then "
                "end the step."
            ),
        }
        return texts[mob["step"]].format(kind=kind, L=mob["limit"]), "SH-13.2"
    if (obs.get("pending") or {}).get("step") == "MOVE":
        return _(
            "Phase 6 — Mobilisation: begin a minor or major mobilisation, use ropes, "
            "or Pass to go on to the orders."
        ), "SH-13.1"
    return _(
        "Phase 6 — Orders: an open order is its action on your card, then a tile of your "
        "hand and its wall section; a face-down one (once paid) is a tile and its "
        "section. Choose altar targets, or Pass."
    ), "SH-13.6"


def _window_prompt(obs: Observation, dd: int) -> tuple[str, str | None]:
    p = obs["pending"]
    if p.get("alarm"):
        k = int(p["alarm"])
        return ngettext(
            "Alarm: move {n} more unit from the courtyard, barracks or watchtower "
            "to a wall section or tower, or end the alarm.",
            "Alarm: move up to {n} units from the courtyard, barracks or "
            "watchtower to wall sections or towers, or end the alarm.",
            k,
        ).format(n=k), "SH-16.3"
    if p.get("to_complete"):
        return _("{action} is paid up: choose where it goes.").format(
            action=_(ACTION_NAMES[p["to_complete"][0]])
        ), "SH-16.1.3"
    hg = obs["hourglasses"][dd]
    return ngettext(
        "Defender window {k}: spend your {n} hourglass on a building action, a "
        "hero action or a move.",
        "Defender window {k}: spend your {n} hourglasses on building actions, "
        "hero actions or moves, one at a time.",
        hg,
    ).format(k=obs.get("window", ""), n=hg), "SH-6.2"


def _todo(obs: Observation) -> list:
    """The Assault's first pending hit or shot: [kind, node, place]."""
    a = obs.get("assault") or {}
    return (a.get("todo") or [[None, None, None]])[0]


def _lose_prompt(obs: Observation, p: dict) -> tuple[str, str]:
    """Units lost: after a lost melee (SH-18.5.5) or to archer fire (SH-18.2.6)."""
    if "options" in p:
        return _("You lost the melee on {place}: choose which units you lose.").format(
            place=place(p["section"])
        ), "SH-18.5.5"
    return _("Archer fire on {place}: choose which of your units die.").format(
        place=place(p.get("node", _todo(obs)[1]))
    ), "SH-18.2.6"


#: the prompt of each decision of the Assault: decision -> (obs, pending) -> (words, rule)
_ASSAULT_PROMPTS: dict[str, Callable[[Observation, dict], tuple[str, str | None]]] = {
    "CANNON": lambda obs, p: (
        _(
            "Assault I.1 — Cannon fire: choose the target of a cannon (a rampart, a "
            "gathering place or the barbican forecourt)."
        ),
        "SH-18.2.1",
    ),
    "AIM": lambda obs, p: (
        _("Assault I.2 — Aim {machine} at a wall section in range, or do not fire it.").format(
            machine=_machine_at(obs, p["slot"])
        ),
        "SH-18.2.2",
    ),
    "FIRE": lambda obs, p: (
        _("Assault I.2 — Choose which of your machines fires next."),
        "SH-18.2.2",
    ),
    "KEEP": lambda obs, p: (
        _("Precise Shot: you drew a hit and a miss; keep one of them."),
        "SH-14.1",
    ),
    "KILL": lambda obs, p: (
        _("Hit! Choose which Defender unit on {place} dies.").format(place=place(_todo(obs)[2])),
        "SH-18.2.3",
    ),
    "WRECK": lambda obs, p: (
        _(
            "Catapult hit on {place}, which has no wall left: destroy its cauldron or "
            "the machine in the opposite tower, or nothing."
        ).format(place=place(_todo(obs)[2])),
        "SH-18.2.4",
    ),
    "SHOOT": lambda obs, p: (
        _(
            "Assault I.3 — Archer fire: aim each archer that may shoot at a rampart or "
            "the barbican forecourt, then Hold fire."
        ),
        "SH-18.2.6",
    ),
    "LOSE": _lose_prompt,
    "SNIPE": lambda obs, p: (
        _(
            "Assault I.4 — Goblin fire: choose a target for a sharpshooter's goblin, or "
            "end goblin fire."
        ),
        "SH-18.2.7",
    ),
    "SMITE": lambda obs, p: (
        _("Warrior's Strike on {place}: choose units of total strength up to 3 to kill.").format(
            place=place(p["section"])
        ),
        "SH-17.7.6",
    ),
    "THROW": lambda obs, p: (
        _("Assault II.2 — The stone-thrower {on} fires: choose the wall section to hit.").format(
            on=_on(p["tower"])
        ),
        "SH-18.4.2",
    ),
    "EXPLODE": lambda obs, p: (
        _("Orc Explosion on {place}: choose how many orcs explode.").format(
            place=place(p["section"])
        ),
        "SH-13.6",
    ),
    "CALL": lambda obs, p: (
        _("Troll Call on {place}: choose which troll moves one link closer.").format(
            place=place(p["section"])
        ),
        "SH-13.6",
    ),
    "HEAL": lambda obs, p: (
        _(
            "Hospital: choose the {k} units that return to the courtyard; the others "
            "go to the supply."
        ).format(k=p["to_return"]),
        "SH-18.6",
    ),
    "SPECTER": lambda obs, p: (
        _("Specters: choose the gathering place for the new unit."),
        "SH-12.3",
    ),
    "DESCEND": lambda obs, p: (
        _(
            "The siege tower on {place} is crowded: choose which unit steps down onto the wall."
        ).format(place=place(p["section"])),
        "SH-9.7",
    ),
}


def _assault_prompt(obs: Observation, d: str, p: dict) -> tuple[str, str | None]:
    """The prompt of an Assault decision and its rule (``_ASSAULT_PROMPTS``)."""
    prompt = _ASSAULT_PROMPTS.get(d)
    if prompt is None:
        return _("Decide."), None
    return prompt(obs, p)


# ----------------------------------------------------------------- status line
def status(obs: Observation) -> str:
    """ "Round 3 of 10 — Phase 2: Siege machines · Glory: Invader 4, Defender 6 ·
    Hourglasses 3"."""
    stage = obs.get("stage", "")
    n = obs.get("n_players", 2)
    if stage == "OVER":
        where = _("Game over")
        if obs.get("winner") in ("I", "D"):
            where = _("Game over: victory for {team}").format(team=_team(obs["winner"], n))
    elif stage == "SETUP":
        where = _("Set-up")
    elif stage == "FLIP":
        where = _("Start of round")
    elif stage == "INCOME":
        where = _("Income")
    elif stage[:1] == "P":
        k = int(stage[1])
        where = _("Phase {k}: {name}").format(k=k, name=pgettext("phase", PHASE_NAMES[k]))
    elif stage[:1] == "W":
        where = _("Defender window {k}").format(k=stage[1])
    elif stage == "ASSAULT":
        where = _("Tie-break Assault") if obs.get("tiebreak") else _("Assault")
    else:
        where = _("End of round")
    parts = []
    rnd = obs.get("round", 0)
    if rnd and stage not in ("SETUP",):
        parts.append(_("Round {r} of {total} — {where}").format(r=rnd, total=ROUNDS, where=where))
    else:
        parts.append(where)
    inv, dfn = obs.get("glory", (0, 0))
    parts.append(_("Glory: Invader {i}, Defender {d}").format(i=inv, d=dfn))
    hg = obs.get("hourglasses", [0])
    if len(hg) == 2:
        parts.append(_("Hourglasses: West {w}, East {e}").format(w=hg[0], e=hg[1]))
    else:
        parts.append(_("Hourglasses {n}").format(n=hg[0]))
    return " · ".join(parts)


# ----------------------------------------------------------------- tooltips
_TIPS: dict[str, dict[str, str]] = {
    "machine": {
        "BAL": "Ballista: 6 resources and 1 troll or 2 orcs, on a rampart. A hit kills 1 "
        "Defender unit of your choice on the target section, and the strongest "
        "Invader unit there (SH-18.2.3).",
        "CAT": "Catapult: 6 resources and 1 troll or 2 orcs, on a rampart. A hit destroys 1 "
        "stone and every wood element on the target section; on a bare section it "
        "may destroy the cauldron or the machine in the opposite tower (SH-18.2.4).",
        "ALT": "Altar: 4 resources and 1 orc or 2 goblins, at a gathering place. Each round "
        "it gives +1 Invader strength to one wall section of its side (SH-9.5).",
        "COV": "Cover: 4 resources and 1 orc or 2 goblins, on a rampart. Archer fire and the "
        "Marksmen's Blessing have no effect on that rampart (SH-9.4).",
        "RAM": "Battering-ram element: 3 resources and 1 orc or 2 goblins, at most one per "
        "round. Each element crewed by 2 units in the barbican forecourt takes 1 "
        "off the gate's resistance in every Assault (SH-18.7).",
        "TRE": "Trebuchet: 8 resources and 1 troll or 2 orcs, at a gathering place. A hit "
        "on any wall section of its side destroys 1 stone and all wood, or the "
        "cauldron of a bare section (SH-18.2.5).",
        "TWR": "Siege tower: 8 resources and 1 troll or 2 orcs, on wall section 2, 3, 6 or "
        "8. Its 3 extra spaces are filled straight from the camp (SH-9.7).",
        "CAN": "Cannon (Forge): in Assault step I.1 it draws a hit card against a rampart "
        "or gathering place of its side (SH-18.2.1).",
        "THR": "Stone-thrower (Workshop): in Assault step II.2 it draws a hit card against "
        "a wall section next to its tower (SH-18.4.2).",
    },
    "equipment": {
        "BAN": "Banners: 1 resource and 1 orc or 2 goblins. +1 Invader strength in the "
        "melee on this section (SH-10.1).",
        "LAD": "Ladders: 2 resources and 1 orc or 2 goblins. One more Invader space on this "
        "section (SH-10.1).",
        "ROP": "Ropes: 2 resources and 1 orc or 2 goblins. Once per round in Phase 6, move "
        "1 unit from this section to a neighbouring section (SH-10.1).",
        "TRP": "Trapdoor: 1 resource and 1 orc or 2 goblins. In each mobilisation, 1 unit "
        "may go from the camp straight onto this section (SH-10.1).",
        "BRI": "Bridge: 1 resource and 1 orc or 2 goblins, on a path. No trap can ever be "
        "laid on that path (SH-10.1).",
        "SHD": "Shields: 3 resources and 1 orc or 2 goblins. When you lose the melee here, "
        "you lose nothing if your strength plus your number of units reaches the "
        "Defender's (SH-18.5.4).",
        "POI": "Poison: 1 resource and 1 orc or 2 goblins. When a melee starts here, 1 "
        "archer goes to the hospital before strengths are counted (SH-18.5.2).",
    },
    "training": {
        "GUN": "Gunner: 2 orcs or 3 goblins. Adds 1 hit card to the deck of one of your "
        "ballistas, catapults or trebuchets (SH-11.1).",
        "QM": "Quartermaster: 2 orcs. Each mobilisation may move 2 more units out of this "
        "rampart, and it holds 9 units instead of 7 (SH-11.1).",
        "TM": "Trench Master: 2 orcs. During archer fire, the units on this rampart count "
        "double strength (SH-18.2.6).",
        "SS": "Sharpshooter: 1 orc or 2 goblins. In Assault step I.4 every goblin on this "
        "rampart may shoot an archer (SH-18.2.7).",
        "DRV": "Drover: 2 orcs. Units on this rampart may move to a neighbouring rampart "
        "or back towards the gathering place (SH-3.2.2).",
        "SAB": "Saboteur: 2 orcs or 3 goblins. Every Defender action in that building costs "
        "1 more hourglass (SH-16.1.3).",
        "REC": "Recruiter: 2 goblins or 2 orcs. Puts 2 orcs (goblins paid) or 2 trolls "
        "(orcs paid) from the supply into the camp (SH-11.1).",
    },
    "ritual": {
        "BST": "Blood Stone: 2 goblins, on a catapult. If it hits this round it also kills "
        "1 Defender unit of your choice on the target section (SH-12).",
        "POS": "Possession: 1 goblin, on a hero. He cannot buy his special action this round "
        "(SH-17.7.7).",
        "FIR": "Fire: 1 goblin, on a building. Every Defender action there costs 1 more "
        "hourglass this round (SH-12).",
        "SPC": "Specters: 1 goblin, on the hospital. In step II.5, Defender units that would "
        "go to the supply come back as Invader units on a gathering place (SH-12.3).",
        "PAN": "Panic: 2 goblins, on the courtyard. While more than 1 Defender unit is in "
        "the courtyard, the weakest one there dies (SH-12.4).",
        "GAL": "Gale: 1 goblin, on a wall section. Defender units there cannot swap, and "
        "moving onto it costs 1 more hourglass (SH-12).",
        "ACC": "Accident: 3 goblins, on a cauldron. In step II.1 it kills the matching "
        "Defender units instead of Invaders (SH-12.5).",
    },
    "order": {
        "FRZ": "Goblin Frenzy: the goblins on this section have strength 3 in this round's "
        "melee, and all of them die after it (SH-13.6).",
        "EXP": "Orc Explosion: in step II.3, each orc you sacrifice here destroys 1 stone "
        "and all wood (SH-13.6).",
        "CAL": "Troll Call: in step II.3, one troll on the board must move one link closer "
        "to this section (SH-13.6).",
        "BLF": "Bluff: no effect; it only keeps the Defender guessing (SH-13.6).",
    },
    "action": {
        "FG1": "Goblin cauldron (Forge, 7 hourglasses, 8 with 3 players): on a wall section; in "
        "step II.1 it kills every goblin there (SH-16.3).",
        "FG2": "Orc cauldron (Forge, 7 hourglasses, 8 with 3 players): on a wall section; in "
        "step II.1 it kills 1 orc there (SH-16.3).",
        "FG3": "Troll cauldron (Forge, 8 hourglasses, 9 with 3 players): on a wall section; in "
        "step II.1 it kills 1 troll there (SH-16.3).",
        "FG4": "Cannon (Forge, 8 hourglasses, 9 with 3 players): in a tower; fires at ramparts "
        "and gathering places in step I.1 (SH-16.3).",
        "WK1": "Wooden wall (Workshop, 6 hourglasses, 7 with 3 players): 1 wood element on a "
        "section with fewer than 5 elements (SH-16.3).",
        "WK2": "Platform (Workshop, 7 hourglasses, 8 with 3 players): 2 more Defender spaces on "
        "a section, for good (SH-16.3).",
        "WK3": "Stone-thrower (Workshop, 8 hourglasses, 9 with 3 players): in a tower; hits a "
        "neighbouring section in step II.2 (SH-16.3).",
        "WK4": "Reinforce gate (Workshop, 7 hourglasses, 8 with 3 players): the current gate's "
        "resistance +2, up to 9 (SH-16.3).",
        "SQ1": "Goblin trap (Scouts' Quarters, 6 hourglasses, 7 with 3 players): on a path; "
        "kills every goblin crossing it in one step (SH-16.5).",
        "SQ2": "Troll trap (Scouts' Quarters, 7 hourglasses, 8 with 3 players): on a path; kills "
        "one troll crossing it (SH-16.5).",
        "SQ3": "Sabotage (Scouts' Quarters, 7 hourglasses, 8 with 3 players): a ballista or "
        "catapult does not fire in this round's Assault (SH-16.3).",
        "CT1": "Marksmen's Blessing (Cathedral, 7 hourglasses, 8 with 3 players): archer fire at "
        "one rampart is doubled this round, unless it has a cover (SH-16.3).",
        "CT2": "Heavenly Glow (Cathedral, 7 hourglasses, 8 with 3 players): one ritual in play "
        "has no effect for the rest of the round (SH-16.3).",
        "BK1": "Recruit archers (Barracks, 6 hourglasses, 7 with 3 players): up to 2 archers "
        "from the supply into the barracks (SH-16.3).",
        "BK2": "Recruit soldier (Barracks, 6 hourglasses, 7 with 3 players): 1 soldier from the "
        "supply into the barracks (SH-16.3).",
        "BK3": "Promote veteran (Barracks, 7 hourglasses, 8 with 3 players): a soldier in the "
        "barracks becomes a veteran (SH-16.3).",
        "WT1": "Lookout (Watchtower, 6 hourglasses, 7 with 3 players): needs a unit in the "
        "watchtower; see every face-down order (SH-16.3).",
        "WT2": "Alarm (Watchtower, 6 hourglasses, 7 with 3 players): move up to 3 units from the "
        "interior to sections or towers for free (SH-16.3).",
        "HS1": "Extra beds (Hospital, 6 hourglasses, 7 with 3 players): 3 units return from the "
        "hospital this round instead of 2 (SH-16.3).",
    },
    "building": {
        "FG": "Forge: goblin, orc and troll cauldrons, and cannons (SH-16.3).",
        "WK": "Workshop: wooden walls, platforms, stone-throwers and gate reinforcement (SH-16.3).",
        "SQ": "Scouts' Quarters: goblin and troll traps, and sabotage of a ballista or "
        "catapult (SH-16.3).",
        "CT": "Cathedral: the Marksmen's Blessing and the Heavenly Glow (SH-16.3).",
        "BK": "Barracks: recruit archers or a soldier, promote a veteran; 8 unit spaces (SH-16.2).",
        "WT": "Watchtower: Lookout and Alarm; room for 1 unit (SH-16.3).",
        "HS": "Hospital: melee casualties wait here; in step II.5, 2 of them (3 with Extra "
        "beds) return to the courtyard (SH-18.6).",
        "HG": "Honour Guard: from round 6, +1 glory a round for the Defender while its two "
        "soldiers have never moved (SH-20.4).",
    },
    "deed": {
        "BLOOD": "Blood Sacrifices: 12 goblins on the blood-sacrifice space. The Invader "
        "takes 1 glory from the Defender (SH-21.3).",
        "SIEGE": "Great Siege: Invader units on 7 wall sections at once. The Invader takes "
        "1 glory from the Defender (SH-21.3).",
        "RUIN": "Ruined Walls: twice, an Invader effect removes the last wall element of a "
        "section. The Invader takes 1 glory from the Defender (SH-21.3).",
        "TROLLS": "Troll Assault: 4 trolls on one wall section. The Invader takes 1 glory "
        "from the Defender (SH-21.3).",
    },
}


def tip(kind: str, code: str) -> str:
    """Tooltip of a piece: its name, what it does and its rule ID; "" if unknown."""
    text = _TIPS.get(kind, {}).get(code)
    return _(text) if text else ""
