"""What one seat may see (SH-0.5), and full states consistent with it.

Almost everything in Stronghold is public.  Bag and deck orders are not in the state at
all (draws pick at random from the counts, state.py), so the one secret is the kind of
each face-down order tile (SH-13.6.3): a Defender seat sees where such a tile lies but
not what it is, until it is revealed in step II.3 or seen through the Watchtower's
Lookout (WT1).  Both Invaders see every order (SH-22.5).  The state's RNG is never
part of an observation.

``Observation`` names every key and says in words what it holds: the keys are the state's
field names (state.FIELDS) in full words, like the keys of the decision awaited
(``pending``: its ``kind``, ``section``, ``options``, ...), of the Assault's progress and
of the mobilisation.  The computer seats seed each decision's search from a digest of the
observation's text (game.core.agents.ismcts.decision_seed), so a renamed key changes the
search's random draws, not the rules.
Unit counts are triples: ``[goblins, orcs, trolls]`` (Invader), ``[archers, soldiers,
veterans]`` (Defender); per-Invader lists are indexed West (0) then East (1), per-Defender
ones likewise.
"""

from __future__ import annotations

import marshal
from typing import TypedDict

from game.core.rng import Rng

from .common import section_units
from .content import ORDER_NEEDS, ORDER_TILES
from .state import FIELDS, SHState


class Observation(TypedDict):
    """What one seat sees of a game (``observation``): every field of the state, the kind
    of a face-down order tile blanked for a Defender (SH-0.5); the words and the view read
    this.  Each line: the key, then what it holds."""

    game: str  # "stronghold"
    seat: int  # the seat it is for (Invaders first, then Defenders)
    # --- set-up and flow
    config: dict  # the game's switches: players, cards, variants
    n_players: int  # the number of players, 2 to 4 (SH-22, SH-23)
    round: int  # the round, 1..10 (SH-1.2); 0 during the set-up
    stage: str  # the round's step: SETUP, FLIP, INCOME, P1..P6, W1..W6, ASSAULT, ENDROUND, OVER
    window: int  # the Defender's spending window 1..6 (SH-6); 0 outside windows
    passes: int  # consecutive passes in a shared 3-4 player step (SH-22.5)
    pending: dict  # the decision awaited: its "kind", and its data (who, section, ...)
    assault: dict  # the Assault's progress: its step and queues (SH-18, assault.py)
    winner: str | None  # "I" (Invaders) or "D" (Defenders) once over, else None
    over_reason: str  # why the game ended (breach, time, tie-break), "" while running
    moves: list  # the Invader movements of the last action, [from, to, type, n, how]
    flow: list  # the hourglasses held when each phase began, [stage, n] (SH-INV-10)
    melees: list  # the melees of the last Assault the walls won alone (SH-INV-20)
    # --- Invader, per Invader
    available: list[list[int]]  # each Invader's units drawn this round (SH-7.2)
    camp: list[list[int]]  # each Invader's units in his camp
    resources: list[int]  # each Invader's resource cubes (SH-7.5)
    cards: list[dict]  # each Invader's phase cards: phase "1".."6" -> card id (SH-15)
    flipped: list[list[int]]  # the phases whose card each Invader flipped (SH-14.1)
    used: list[list[str]]  # the card actions each Invader used this round (SH-7.1)
    secret: list[int]  # the secret orders each Invader paid this round (SH-13.6)
    produced: list[int]  # Produce Resources taken this round (SH-8.3)
    # --- Invader, shared
    bag: list[int]  # the units in the bag (SH-7.2)
    spent: list[int]  # the units spent on phase cards this phase (SH-7.4)
    supply: list[int]  # the Invader units in the supply (killed ones too, SH-7.6)
    blood: int  # the goblins on the blood-sacrifice space (SH-12.1)
    resource_supply: int  # the resource cubes left in the supply (SH-8.5)
    units: dict[str, list[int]]  # board node (gathering place, rampart, section, BF) -> units
    siege: dict[str, list[int]]  # section with a siege tower -> the units in it (SH-9.7)
    machines: dict[str, str]  # slot (rampart or GW1..GE2) -> BAL, CAT, TRE or ALT (SH-9)
    decks: dict[str, list[int]]  # throwing machine's slot -> its deck: [hits, misses] (SH-9.3)
    hit_supply: int  # the machine hit cards left in the supply (SH-2.4)
    miss_supply: int  # the machine miss cards left in the supply
    gunners: dict[str, int]  # machine slot -> the extra hit cards its gunners gave (SH-11)
    covers: list[str]  # the ramparts with a cover, against archer fire (SH-3, SH-9)
    ram: int  # the battering ram's elements (SH-9.6)
    gate: int  # the index of the current gate (3 once Gate 3 is destroyed)
    gates: list[int]  # each gate's strength left
    equipment: dict[str, list[str]]  # section -> its equipment tiles (SH-10)
    trapspace: dict[str, str]  # path -> "TG"/"TT" (a trap) or "BR" (a bridge) (SH-10)
    training: dict[str, list[str]]  # rampart -> its training tiles (SH-11)
    saboteurs: list[str]  # the buildings with saboteurs: their actions cost +1 (SH-11)
    rituals: list[list]  # the rituals in play this round: [code, target, owner Invader] (SH-12)
    precise: list[str]  # the machine slots with a Precise Shot tile (SH-14.1)
    sabotaged: list[str]  # the machine slots the Defender's scouts sabotaged (SH-9.8)
    altar_target: dict[str, str]  # altar slot -> the section it strengthens this round (SH-9.5)
    orders: dict[str, list]  # section -> its order tile [kind, face up, seen by the Defender]
    ropes_used: list[str]  # the sections whose rope was used this round (SH-10)
    mobilisation: dict | None  # the one in progress (SH-13.2), or None
    order_owner: dict[str, int]  # section -> the Invader who placed its order tile
    # --- Defender
    walls: dict[str, list[int]]  # section -> its wall elements [stone, wood]
    stone_supply: int  # the stone wall elements in the supply
    wood_supply: int  # the wood wall elements in the supply
    defender_units: dict[str, list[int]]  # position -> its units
    defender_supply: list[int]  # the Defender units in the supply (SH-17.5)
    heroes: dict[str, str]  # hero (OFF Officer, WAR Warrior, ...) -> the position he stands on
    cauldrons: dict[str, str]  # section -> its cauldron: G, O or T (goblin, orc, troll)
    platforms: list[str]  # the sections with a platform: room for 2 more units (SH-17.2)
    tower_machines: dict[str, str]  # tower -> CAN (cannon) or THR (stone-thrower)
    paid: dict[str, int]  # building action -> the hourglasses on it (SH-6.4)
    payer: dict[str, int]  # building action -> the Defender whose hourglasses are on it
    done: dict[str, int]  # building action -> its completions this round
    hourglasses: list[int]  # each Defender's hourglasses to spend (SH-6)
    speech: int  # the Officer's speech: Defender strength added in melee (SH-17.7)
    strike: int  # 1 when the Warrior's Strike is bought this round (SH-17.7.6)
    blessing: str | None  # the rampart the Marksmen's Blessing doubles fire on, or None
    glow: int | None  # the index in ``rituals`` of the ritual the Heavenly Glow cancels
    beds: int  # 1 when the hospital's Extra Beds are bought this round
    haste: int  # the Haste tile, 1 while unused this round (4 players, SH-23.5)
    rebuy: list[str]  # the actions the Haste tile opened again (SH-23.5)
    honour_guard_intact: int  # 1 until an honour-guard soldier leaves (SH-17.6)
    hit_deck: dict[str, int]  # the Defender hit deck: card kind -> count (SH-18.3)
    # --- glory
    glory: list[int]  # the glory of [Invaders, Defenders] (SH-21)
    glory_supply_taken: int  # the glory taken from the glory supply (SH-INV-13)
    deeds: dict[str, int]  # Glorious Deed (BLOOD, SIEGE, RUIN, TROLLS) -> 1 once earned
    ruin: int  # how often a section lost its last wall element (Ruined Walls, SH-21.3)
    ruin_tile: str | None  # the section first ruined: the ruined-wall tile lies by it
    breached: list[str]  # the places breached (the game ends after the Assault, SH-19)
    gate3_first: int  # 1 when Gate 3 fell before any breach (SH-19.4)
    tiebreak: int  # 1 during the tie-break Assault (SH-21.6)
    tiebreak_breach: int  # 1 once the Invader breached in the tie-break Assault (SH-21.6)


def observation(s: SHState, seat: int, everything: bool = False) -> Observation:
    """What ``seat`` may see; ``everything``: every order tile too (replays with all
    cards open)."""
    data = marshal.loads(marshal.dumps({f: getattr(s, f) for f in FIELDS}))
    if not everything and not s.is_invader(seat):
        for order in data["orders"].values():
            if not order[1] and not order[2]:
                order[0] = None  # hidden: the Defender knows only where it lies
    data["game"] = "stronghold"
    data["seat"] = seat
    return data


def determinize(obs: Observation, rng: Rng) -> SHState:
    """A full state consistent with ``obs``: hidden order kinds drawn from the tiles
    the seat has not seen, preferring kinds whose unit type is on the section."""
    data = marshal.loads(marshal.dumps({f: obs[f] for f in FIELDS}))
    data["rng"] = rng.next64()
    s = SHState.from_json(data)
    hidden = sorted(sec for sec, o in s.orders.items() if o[0] is None)
    if hidden:
        pool = list(ORDER_TILES)
        for o in s.orders.values():
            if o[0] is not None:
                pool.remove(o[0])
        best = None
        for _ in range(12):
            rng.shuffle(pool)
            picks = pool[: len(hidden)]
            if all(_fits(s, sec, kind) for sec, kind in zip(hidden, picks, strict=True)):
                best = picks
                break
            best = best or picks
        for sec, kind in zip(hidden, best, strict=True):
            s.orders[sec][0] = kind
    return s


def _fits(s: SHState, sec: str, kind: str) -> bool:
    need = ORDER_NEEDS[kind]
    units = section_units(s, sec)
    return (units[need] if need is not None else sum(units)) > 0
