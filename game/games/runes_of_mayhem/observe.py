"""What one seat may see (RM-26.1) and determinization from it (RM-28.3).

The observation is the state's data with the hidden parts absent: the other hand (only
its size), both draw piles (only sizes), the other seat's pending mulligan, token, King
and deck choices, the RNG and any forced dice; with modules also the order of the
mercenary deck (X5), the other's deck list under X1 unless ``open_decklists`` (RM-19.3),
face-down trap identities and the trap deck for the Anglo-Saxon (X6), face-down tower
identities (and their SP, printed per tower) and the tower deck for the Viking (X7)
(RM-INV-15).  Hidden identities read ``?``.  ``known`` stays: the hand cards both sides
saw taken (a howled Hound, RM-21.1), which the guess of the other hand then always holds.

``Observation`` and its parts say what every key holds; the keys are full names, those
of the state's fields (state.py) and of its combat and module records.  The computer
seats seed each decision's search from a digest of the observation's text
(game.core.agents.ismcts.decision_seed), so a renamed key changes the search's choices.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from game.core.rng import Rng

from .content import (
    CARDS,
    KINGS,
    MERCS,
    TOWERS,
    TRAPS,
    code,
    copies,
    deck_of,
    klass,
    owner_of,
    pool_of,
)
from .state import RMState

_HIDDEN = ("hand", "pile", "aside", "pending_tokens", "dice")
_EXTRA = (
    "seat",
    "hand_sizes",
    "pile_sizes",
    "aside_sizes",
    "my_pending_tokens",
    "pending_tokens_made",
    "hand",
    "mercenary_deck_size",
    "pending_kings_made",
    "pending_decks_made",
    "trap_deck_size",
    "tower_deck_size",
    "hand_limits",
    "protections",
    "wall_caps",
    "open_hands",
)


class CombatView(TypedDict, total=False):
    """The Resolve-combats state (RM-10.8, ``Observation["combat"]``); empty outside it."""

    open: int  # the column open now (1..3), 0 none
    opened: list[int]  # the columns opened this turn (each once, RM-10.1)
    mode: str  # IDLE, COL (a column open), DRAWN, COVER, WON, FLANK (RM-10.4)
    attacker: str | None  # the unit attacking now
    target: str | None  # the unit it fights again (DRAWN, FLANK) or must fight (COVER)
    target_row: int  # the target row: the row of the unit last beaten (the flank's, RM-16.5)
    done: list[str]  # the units that cannot attack again this turn (RM-10.6)
    sieged: list[str]  # the units that besieged this turn
    flanked: list[str]  # the units that made their flank fight this turn
    guthrum_gold: int  # 1 once Guthrum A's gold was taken this turn (RM-27.6)


class TrapTrigger(TypedDict):
    """A trap revealed by an Anglo-Saxon attack, waiting for the Viking's option (RM-24.5,
    ``ModuleView["trap_trigger"]``)."""

    queue: list[str]  # the queue of trap cells still to resolve, the first asked now
    action: str  # the action the traps hold (an action's text, or ``DS card>target``)
    attacker: str  # the attacking unit
    trap_option: dict  # the trap option's changes to the attack (RM-27.9)
    step: str  # the step the attack resumes in


class ModuleView(TypedDict, total=False):
    """The module data (RM-18 .. RM-25, ``Observation["module_data"]``), the hidden parts blanked;
    empty without modules."""

    decks: list[list[str] | None]  # each side's deck list (X1), None where hidden
    pending_decks: list[list[str] | None]  # the deck lists pending: the own chosen, not yet shown
    kings: list[str | None]  # each side's King and side, ``K-RAG/A``, once revealed (K)
    pending_kings: list[str | None]  # the Kings pending: the own chosen, not yet shown
    dealt_kings: list[str | None]  # the Kings dealt at random (``king_pick=random``)
    king_gone: list[int]  # 1 when the side's King unit left play (RM-22.5)
    king_fielded: list[int]  # 1: the side's King took the field (RM-22.2)
    mercenary_owners: dict[str, int]  # the owner of each mercenary in play: its hirer's seat (X5)
    mercenary_deck: list[str]  # the mercenary deck: always empty here (``mercenary_deck_size``)
    lodge: list[str]  # the mercenaries for hire (RM-23.4)
    traps: dict[str, str]  # cell -> trap, ``?`` to the Anglo-Saxon until revealed (X6)
    trap_deck: list[str]  # the trap deck the Viking lays from (empty to the Anglo-Saxon)
    towers: dict[str, list]  # cell -> [tower, face up 0/1, SP], ``?``/None to the Viking
    tower_deck: list[str]  # the tower deck the Anglo-Saxon builds from (empty to the Viking)
    production_owed: list[int] | None  # the production owed while towers turn up (RM-25.4)
    trap_trigger: TrapTrigger | None  # the trap trigger waiting for its option (RM-24.5)
    trap_option: dict | None  # the trap option in force while an attack resumes


class Observation(TypedDict):
    """What one seat sees of a game (``observation``): the state's data (state.py) with
    the hidden parts absent or blanked, counts in their place; the words and the table
    read this."""

    config: dict  # the game's modules and options (RM-3)
    step: str  # the decision awaited (verbs.DECISIONS) or OVER
    turn: int  # the turn (0 during the set-up)
    active: int  # the seat whose turn it is: 0 Viking, 1 Anglo-Saxon
    seat: int  # the seat it is for
    hand: list[str]  # this seat's hand
    hand_sizes: list[int]  # both hands' sizes (public, RM-26.1)
    pile_sizes: list[int]  # both draw piles' sizes
    aside_sizes: list[int]  # the cards each side set aside in its mulligan (RM-5.6)
    discard: list[list[str]]  # both discard piles, face up, top last
    wall: list[list[str]]  # the units on each side's Wall (RM-4.4)
    gold: list[int]  # each side's gold
    faith: list[int]  # each side's faith
    tokens: list[list[int]]  # each side's production tokens: [on gold, on faith] (RM-7.1)
    strength_points: list[int]  # each Fortress's strength points
    strength_limit: list[int]  # each Fortress's SP limit (RM-1.6, a King's SP)
    cells: dict[str, str]  # cell (``V21``) -> the card standing there
    units: dict[str, list]  # card in play -> [damage, fallen, shot, locked token]
    setup_seat: int  # the seat deciding a set-up step (MULL, TOK, DECK, KING)
    my_pending_tokens: list[int] | None  # this seat's secret token split (RM-5.7)
    pending_tokens_made: list[bool]  # which sides made their token split
    mulled: list[int]  # the cards each side set aside, once both chose (-1 before)
    combat: CombatView  # the Resolve-combats state (RM-10.8)
    main: dict  # the Main-phase flags: played, traded, roll, moved, hired, laid, ...
    heal_seat: int  # the seat deciding a burial step (RM-13.2)
    tokens_to_return: int  # freed Looter tokens the Anglo-Saxon still returns (RM-16.9)
    winner: int | None  # the winning seat once over (None: running, or a draw)
    end: str | None  # why it ended: FORTRESS, CAP, CONCEDED (RM-17)
    last: dict  # what the last step did (the invariants' checks)
    deck_size: list[int]  # each side's deck size (RM-19)
    module_data: ModuleView  # the module data, hidden parts blanked
    known: list[list[str]]  # hand cards both sides saw taken (RM-21.1)
    hand_limits: list[int]  # each side's hand limit now (RM-15.3, RM-23.5)
    protections: list[int]  # each Wall's protection now (RM-11.4)
    wall_caps: list[int]  # each Wall's slots (RM-4.4)
    mercenary_deck_size: NotRequired[int]  # the mercenary deck's size (X5)
    trap_deck_size: NotRequired[int]  # the trap deck's size (X6)
    tower_deck_size: NotRequired[int]  # the tower deck's size (X7)
    pending_kings_made: NotRequired[list[bool]]  # which sides chose their King (K)
    pending_decks_made: NotRequired[list[bool]]  # which sides chose their deck list (X1)
    open_hands: NotRequired[list[list[str]]]  # both hands, in a replay with all cards open


def _lists_open(s_config: dict) -> bool:
    return "X1" not in s_config["modules"] or bool(s_config.get("open_decklists"))


def _hide_modules(s: RMState, data: dict, seat: int) -> None:
    """The module data ``seat`` may see: the other's pending King and deck, its deck list
    unless open (X1, RM-19.3), the mercenary, trap and tower decks as sizes (X5, X6, X7),
    face-down traps to the Anglo-Saxon and face-down towers to the Viking (RM-26.1)."""
    x = data["module_data"]
    other = 1 - seat
    data["pending_kings_made"] = [k is not None for k in x["pending_kings"]]
    data["pending_decks_made"] = [d is not None for d in x["pending_decks"]]
    x["pending_kings"][other] = None
    x["pending_decks"][other] = None
    if "X1" not in s.config["modules"]:
        x["decks"] = [None, None]  # the base lists: public and rebuilt from the config
    elif not _lists_open(s.config):
        x["decks"][other] = None
        data["config"].get("decks", {}).pop("VA"[other], None)
    if s.step == "DECK":  # RM-19.3: the decks are built before the Kings are seen
        x["dealt_kings"] = [None, None]
    data["mercenary_deck_size"] = len(x["mercenary_deck"])
    x["mercenary_deck"] = []
    data["trap_deck_size"] = len(x["trap_deck"])
    data["tower_deck_size"] = len(x["tower_deck"])
    if seat == 1:  # RM-24.2, RM-26.1
        shown = set((x.get("trap_trigger") or {}).get("queue", []))  # revealed by a trigger
        x["traps"] = {cell: tr if cell in shown else "?" for cell, tr in x["traps"].items()}
        x["trap_deck"] = []
    if seat == 0:  # RM-25.7, RM-26.1: the cell only (its SP would name the tower)
        for w in x["towers"].values():
            if not w[1]:
                w[0], w[2] = "?", None
        x["tower_deck"] = []


def observation(s: RMState, seat: int) -> Observation:
    """What ``seat`` may see, but the public figures the engine adds (``hand_limits``,
    ``protections``, ``wall_caps``: rules.RunesOfMayhem.observation)."""
    data = s.to_json()
    del data["rng"]
    for k in _HIDDEN:
        del data[k]
    data["seat"] = seat
    data["hand"] = list(s.hand[seat])
    data["hand_sizes"] = [len(h) for h in s.hand]
    data["pile_sizes"] = [len(p) for p in s.pile]
    data["aside_sizes"] = [len(a) for a in s.aside]
    if s.step == "MULL" and seat == 1 and s.mulled[0] < 0:  # RM-5.6: the Viking's choice
        data["hand_sizes"][0] += data["aside_sizes"][0]  # is secret until both have made
        data["aside_sizes"][0] = 0  # theirs
    mine = s.pending_tokens[seat]
    data["my_pending_tokens"] = list(mine) if mine is not None else None  # a copy
    data["pending_tokens_made"] = [t is not None for t in s.pending_tokens]
    if data["module_data"]:
        _hide_modules(s, data, seat)
    return data


def guess_deck(p: int, seen: set, modules) -> list[str]:
    """A legal deck of seat ``p`` holding every card seen (RM-19.2): the default deck's
    names first, the Poisoner or expansion names only when seen."""
    default = {code(c) for c in deck_of(p, False, modules)}
    names = list(dict.fromkeys(code(c) for c in pool_of(p, modules)))
    need = {n for n in names if CARDS[n][1] in ("SPEAR", "MELEE", "CAV")}
    need |= {code(c) for c in seen}
    rest = [n for n in names if n not in need]
    rest.sort(key=lambda n: (n not in default, names.index(n)))
    target = 52 - sum(CARDS[n][2] for n in need)
    best: dict[int, list[str]] = {0: []}
    for n in rest:  # subset sum, earlier (preferred) names first
        k = CARDS[n][2]
        for total, chosen in list(best.items()):
            if total + k <= target and total + k not in best:
                best[total + k] = chosen + [n]
    chosen = need | set(best.get(target, []))
    if target not in best:
        return deck_of(p, False, modules)
    return sorted(c for n in chosen for c in copies(n))


def _seen(obs: Observation, p: int, seat: int) -> tuple[set[str], list[str]]:
    """The cards of ``p`` the seat sees (discard, wall, board, its own hand) and those of
    the other's hand both sides saw taken (RM-21.1: a howled Hound, shown)."""
    seen = set(obs["discard"][p]) | set(obs["wall"][p])
    seen |= {c for c in obs["cells"].values() if owner_of(c) == p and klass(c) != "KINGU"}
    known = obs["known"][p] if p != seat else []
    seen |= set(obs["hand"]) if p == seat else set(known)
    return seen, known


def _deck(obs: Observation, x: dict | None, p: int, seen: set[str]) -> list[str]:
    """The deck ``p`` plays: its own deck when the seat knows it, else one guessed from
    what it saw (X1, RM-19.3), else the deck of the modules (kept in the module data)."""
    mods = obs["config"]["modules"]
    learning = "L" in mods
    if x and x["decks"][p] is None and obs["step"] != "DECK":
        if "X1" in mods:
            x["decks"][p] = guess_deck(p, seen, mods)
        else:
            x["decks"][p] = sorted(deck_of(p, learning, mods))
    return x["decks"][p] if x and x["decks"][p] else deck_of(p, learning, mods)


def _deal(obs: Observation, x: dict | None, rng: Rng) -> tuple[list, list]:
    """Both sides' hands and draw piles: the cards the seat cannot see dealt at random,
    the other's hand holding the cards known to be in it (none while decks are chosen)."""
    seat = obs["seat"]
    hands: list[list[str]] = [[], []]
    piles: list[list[str]] = [[], []]
    for p in (0, 1):
        seen, known = _seen(obs, p, seat)
        unseen = [c for c in _deck(obs, x, p, seen) if c not in seen]
        rng.shuffle(unseen)
        if p == seat:
            hands[p] = list(obs["hand"])
        else:
            n = obs["hand_sizes"][p] - len(known)
            hands[p], unseen = list(known) + unseen[:n], unseen[n:]
        piles[p] = unseen
        if obs["step"] == "DECK":
            hands[p], piles[p] = [], []
    return hands, piles


def _pending_tokens(obs: Observation) -> list:
    """The seat's own pending tokens; any pair for the other's when it has chosen."""
    seat = obs["seat"]
    pend = [None, None]
    pend[seat] = obs["my_pending_tokens"]
    if obs["pending_tokens_made"][1 - seat]:
        pend[1 - seat] = [3, 4]
    return pend


def _other_choices(obs: Observation, x: dict) -> None:
    """The other's chosen King (K) and deck (X1), hidden until revealed: any legal one."""
    other = 1 - obs["seat"]
    if obs["pending_kings_made"][other]:
        k = x["dealt_kings"][other] or min(k for k, v in KINGS.items() if v[0] == other)
        x["pending_kings"][other] = f"{k}/A"
    if obs["pending_decks_made"][other]:
        x["pending_decks"][other] = deck_of(other, False, obs["config"]["modules"])


def _mercenaries(obs: Observation, x: dict, rng: Rng) -> None:
    """X5: the mercenary deck, shuffled from those neither in play nor in the lodge."""
    in_play = {c for c in obs["cells"].values() if klass(c) == "MERC"}
    if x["lodge"] or in_play or obs["mercenary_deck_size"]:
        rest = [m for m in MERCS if m not in in_play and m not in x["lodge"]]
        rng.shuffle(rest)
        x["mercenary_deck"] = rest


def _traps(obs: Observation, x: dict, rng: Rng) -> None:
    """X6, for the Anglo-Saxon: the face-down traps and the trap deck dealt at random."""
    if x["traps"]:
        free = [t for t in TRAPS if t not in x["traps"].values()]
        rng.shuffle(free)
        for cell in sorted(x["traps"]):
            if x["traps"][cell] == "?":
                x["traps"][cell] = free.pop()
        x["trap_deck"] = sorted(free)
    elif obs.get("trap_deck_size"):
        x["trap_deck"] = list(TRAPS)


def _towers(x: dict, rng: Rng) -> None:
    """X7, for the Viking: the face-down towers (and their SP) and the tower deck dealt
    at random."""
    up = {w[0] for w in x["towers"].values() if w[1]}
    free = [t for t in sorted(TOWERS) if t not in up]
    rng.shuffle(free)
    for cell in sorted(x["towers"]):
        w = x["towers"][cell]
        if not w[1]:
            w[0] = free.pop()
            w[2] = TOWERS[w[0]]
    x["tower_deck"] = sorted(free)


def determinize(obs: Observation, rng: Rng) -> RMState:
    """A full state consistent with ``obs``: the cards the seat cannot see dealt at
    random from those of their owner not seen elsewhere (RM-28.3)."""
    seat = obs["seat"]
    data = {k: v for k, v in obs.items() if k not in _EXTRA}
    x = data["module_data"]
    data["hand"], data["pile"] = _deal(obs, x, rng)
    data["aside"] = [[], []]
    data["pending_tokens"] = _pending_tokens(obs)
    data["dice"] = []
    if x:
        _other_choices(obs, x)
        _mercenaries(obs, x, rng)
        if seat == 1:
            _traps(obs, x, rng)
        else:
            _towers(x, rng)
    data["rng"] = rng.next64()
    return RMState.from_json(data)
