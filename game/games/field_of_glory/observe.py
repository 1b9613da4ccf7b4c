"""What one seat may see (FG-20.1, FG-20.2), and full states consistent with it.

The observation is plain data under full-word keys (the state keeps its short names, which
are also those of the saved games: COMBAT_KEYS and the side entries map one to the other,
so no save changes).  Absent from it: the opponent's hand, box, draft groups,
kept cards and face-down bonus card (only their counts and the bonus card's source),
the order of every draw pile (the owner gets the *set* of his own draw pile, which he
can work out anyway), and the 4 unused terrain cards (FG-INV-18).  With the open-hands
variant (FG-23.4) both hands, both draw piles in order and both bonus cards are shown.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from game.core.rng import Rng

from .content import ORDER, SIDES, TERRAIN_IDS, deck_of
from .state import FGState

#: keys of a side's entry every seat sees
PUBLIC_SIDE_KEYS = frozenset(
    {"side", "hand_count", "pile_count", "discard", "victory_pile", "box_count",
     "shuffle_card", "units", "kept_count", "group_count", "reshuffles"}
)  # fmt: skip
#: keys only the owner finds in his own entry (and everyone with open hands)
PRIVATE_SIDE_KEYS = frozenset({"hand", "box", "kept", "group", "pile_set", "pile"})
#: the public keys of ``Observation.combat`` -> the keys of the state's ``combat``
COMBAT_KEYS = {
    "kind": "kind",
    "column": "col",
    "launch_column": "launch",
    "lead": "lead",
    "envelopment": "env",
    "attacker_bonus_from": "asrc",
    "defender_bonus_from": "dsrc",
    "front": "front",
    "retreated": "retreated",
}
#: the bonus cards' keys (observation -> state), shown to their owner (or all open)
BONUS_KEYS = {"attacker_bonus": "abonus", "defender_bonus": "dbonus"}


class SideView(TypedDict):
    """One side's entry of ``Observation.sides`` (cards by identifier, FG-0.5)."""

    side: str  # "R" (Red, Carthage) or "B" (Blue, Rome)
    hand_count: int  # the number of cards in hand (public, FG-20.1)
    pile_count: int  # the number of cards in the draw pile
    discard: list[str]  # the discard pile, face up, its top last (FG-5.2)
    victory_pile: list[str]  # the enemy cards this side destroyed (FG-13.3)
    box_count: int  # the number of cards rejected in the draft (FG-4.3)
    shuffle_card: str  # "FIRST", "SECOND" or "ASIDE" (FG-5.4)
    units: list[list[str]]  # the side's units in each column c1..c5
    kept_count: int  # the number of cards kept so far in the draft
    group_count: int  # the number of cards of the draft group in front of it
    reshuffles: int  # how often the discard pile became the draw pile
    hand: NotRequired[list[str]]  # the hand: its owner's, or both with open hands (FG-23.4)
    box: NotRequired[list[str]]  # the box: its owner's only
    kept: NotRequired[list[str]]  # the draft's kept cards: its owner's only
    group: NotRequired[list[str]]  # the draft group: its owner's only
    pile_set: NotRequired[list[str]]  # its owner's draw pile, in card order (no order)
    pile: NotRequired[list[str]]  # the draw pile in order, top last: open hands only


class CombatView(TypedDict):
    """The assault or flank attack under way (``Observation.combat``)."""

    kind: str  # "ASSAULT" or "FLANK"
    column: int  # the target column, 0..4
    launch_column: int  # the column the attack comes from (the target itself for an assault)
    lead: str  # the attacker's lead unit
    envelopment: str | None  # the Envelopment card played (FG-15), or None
    attacker_bonus_from: str | None  # the attacker's bonus card: "HAND", "DECK" or None
    defender_bonus_from: str | None  # the defender's: "HAND", "DECK", "NONE" or None
    front: str | None  # the defender's front unit (FG-12.7), once chosen
    retreated: list[str]  # the defender's units that retreated (FG-12.5)
    attacker_bonus: NotRequired[str | None]  # the card: to its owner, or all with open hands
    defender_bonus: NotRequired[str | None]  # the defender's bonus card: likewise


class Observation(TypedDict):
    """What one seat sees of a game (``observation``); the words and the view read this."""

    game: str  # "field-of-glory"
    seat: int  # the seat it is for: 0 Red, 1 Blue
    config: dict  # the switches of the game (FG-23 variants)
    terrain: list[str]  # the terrain card of each column c1..c5
    control: list[str]  # who controls each column's terrain: "R", "B" or "N" (neutral)
    turn: int  # the turn, counted over the whole game (0 in the draft)
    active: int  # the seat whose turn it is
    first: int  # the seat that played first (FG-4.5)
    step: str  # the decision awaited (verbs.DECISIONS) or "OVER"
    to_act: int | None  # the seat deciding now (None once over)
    drafter: int  # the seat drafting during the KEEP step
    advance: list[int]  # the Advance's columns still owing an ADVDROP (FG-8.4)
    flank_pairs: list[list[int]]  # the pairs [target, flanking column] of this turn (FG-9.2)
    flanks_made: list[int]  # the flank targets attacked this turn (FG-9.3)
    combat: CombatView | None  # the combat under way, or None
    deploy: dict | None  # the Deploy action under way: placed, cost, paid, last (FG-11)
    winner: int | None  # the winning seat once over (None: running, or a draw)
    end_reason: str | None  # why it ended: "CHECK", "EXHAUSTION" or "SHORT"
    last: dict | None  # the last combat, deployment and end (the combat panel, FG-20.6)
    sides: list[SideView]  # both sides, Red first


def observation(s: FGState, seat: int, everything: bool = False) -> Observation:
    """What ``seat`` may see; ``everything``: both sides' hidden cards too (replays with all
    cards open), the order of the draw piles still hidden."""
    open_hands = bool(s.config.get("open_hands"))
    sides = []
    for p in (0, 1):
        entry = {
            "side": SIDES[p],
            "hand_count": len(s.hand[p]),
            "pile_count": len(s.pile[p]),
            "discard": s.discard[p][:],
            "victory_pile": s.vp[p][:],
            "box_count": len(s.box[p]),
            "shuffle_card": s.shuf[p],
            "units": [u[:] for u in s.units[p]],
            "kept_count": len(s.kept[p]),
            "group_count": len(s.group[p]),
            "reshuffles": s.reshuffles[p],
        }
        if p == seat or open_hands or everything:
            entry["hand"] = s.hand[p][:]
        if p == seat or everything:
            entry["box"] = s.box[p][:]
            entry["kept"] = s.kept[p][:]
            entry["group"] = s.group[p][:]
            if s.turn > 0:  # after the draft: the cards of the own draw pile, no order
                entry["pile_set"] = sorted(s.pile[p], key=ORDER.__getitem__)
        if open_hands and s.turn > 0:
            entry["pile"] = s.pile[p][:]
        sides.append(entry)
    combat = None
    cb = s.combat
    if cb is not None:
        combat = {k: (cb[v][:] if k == "retreated" else cb[v]) for k, v in COMBAT_KEYS.items()}
        for key, owner in (("attacker_bonus", s.active), ("defender_bonus", 1 - s.active)):
            if owner == seat or open_hands or everything:
                combat[key] = cb[BONUS_KEYS[key]]
    return {
        "game": "field-of-glory",
        "seat": seat,
        "config": dict(s.config),
        "terrain": s.terrain[:],
        "control": s.control[:],
        "turn": s.turn,
        "active": s.active,
        "first": s.first,
        "step": s.step,
        "to_act": s.decider(),
        "drafter": s.drafter,
        "advance": s.advance[:],
        "flank_pairs": [p[:] for p in s.pairs],
        "flanks_made": s.used[:],
        "combat": combat,
        "deploy": _copy(s.deploy),
        "winner": s.winner,
        "end_reason": s.end,
        "last": _copy(s.last),
        "sides": sides,
    }


def _copy(value):
    import marshal

    return marshal.loads(marshal.dumps(value)) if value is not None else None


def determinize(obs: Observation, rng: Rng) -> FGState:
    """A full state consistent with ``obs``: every card the seat cannot see is dealt at
    random from the cards of its owner that are not seen elsewhere (FG-24.4)."""
    s = FGState(obs["config"], rng.next64())
    s.terrain = obs["terrain"][:]
    s.control = obs["control"][:]
    hidden = [t for t in TERRAIN_IDS if t not in s.terrain]
    rng.shuffle(hidden)
    s.hidden_terrain = hidden
    _public_into(s, obs)
    for p, e in enumerate(obs["sides"]):
        _deal_side(s, obs, p, e, rng)
    return s


def _public_into(s: FGState, obs: Observation) -> None:
    """The turn, the step, the combat and each side's open zones, as the seat saw them."""
    s.turn, s.active, s.first = obs["turn"], obs["active"], obs["first"]
    s.step, s.drafter = obs["step"], obs["drafter"]
    s.advance = obs["advance"][:]
    s.pairs = [p[:] for p in obs["flank_pairs"]]
    s.used = obs["flanks_made"][:]
    s.deploy = _copy(obs["deploy"])
    s.winner, s.end = obs["winner"], obs["end_reason"]
    s.last = _copy(obs["last"]) or {}
    cb = obs["combat"]
    if cb is not None:
        s.combat = {v: (cb[k][:] if k == "retreated" else cb[k]) for k, v in COMBAT_KEYS.items()}
        for key, state_key in BONUS_KEYS.items():
            s.combat[state_key] = cb.get(key)
    for p, e in enumerate(obs["sides"]):
        s.discard[p] = e["discard"][:]
        s.vp[p] = e["victory_pile"][:]
        s.units[p] = [u[:] for u in e["units"]]
        s.shuf[p] = e["shuffle_card"]
        s.reshuffles[p] = e["reshuffles"]


def _seen_cards(s: FGState, obs: Observation, p: int, e: dict) -> tuple[set, dict]:
    """The cards of side p the seat sees somewhere, and the hidden-zone contents it knows."""
    seen = set(s.discard[p])
    seen.update(s.vp[1 - p])
    for col in s.units[p]:
        seen.update(col)
    cb = obs["combat"]
    if cb is not None and p == s.active and cb["envelopment"]:
        seen.add(cb["envelopment"])
    known = {}
    for key in ("hand", "box", "kept", "group", "pile"):
        if key in e:
            known[key] = e[key][:]
            seen.update(e[key])
    return seen, known


def _bonus_hidden(s: FGState, p: int, seen: set) -> str | None:
    """The combat bonus key of side p when its card was played unseen (from the hand or the
    deck); a seen bonus card is added to ``seen``."""
    if s.combat is None:
        return None
    bonus_key = "abonus" if p == s.active else "dbonus"
    if s.combat[bonus_key] is not None:
        seen.add(s.combat[bonus_key])
    elif s.combat["asrc" if bonus_key == "abonus" else "dsrc"] in ("HAND", "DECK"):
        return bonus_key
    return None


def _deal_side(s: FGState, obs: Observation, p: int, e: dict, rng: Rng) -> None:
    """Side p's hidden cards dealt at random from those of its deck the seat does not see."""
    seen, known = _seen_cards(s, obs, p, e)
    bonus_key = _bonus_hidden(s, p, seen)
    unseen = [c for c in deck_of(p, obs["config"]["historical"]) if c not in seen]
    rng.shuffle(unseen)
    if bonus_key:
        s.combat[bonus_key] = unseen.pop()
    for key, count in (("hand", e["hand_count"]), ("box", e["box_count"]),
                       ("kept", e["kept_count"]), ("group", e["group_count"])):  # fmt: skip
        if key in known:
            setattr_zone(s, key, p, known[key])
        else:
            setattr_zone(s, key, p, [unseen.pop() for _ in range(count)])
    if "pile" in known:
        s.pile[p] = known["pile"]
    else:
        assert len(unseen) == e["pile_count"], (len(unseen), e["pile_count"])
        s.pile[p] = unseen  # a random order of the unseen rest


def setattr_zone(s: FGState, key: str, side: int, cards: list[str]) -> None:
    getattr(s, key)[side] = cards
