"""Building Field of Glory positions by hand for the tests: the worked examples of FG-25
and other set-ups.

``position`` lays out the columns, terrain, control, hands, piles, discards, victory
piles and shuffle cards an example names; every card of a side not named goes to its
box (up to 24 cards) and then to the first zone the example leaves open (draw pile,
discard pile, hand), so the card-conservation invariants keep holding.  A pile given as
``["R-AR4", "..."]`` names its top cards only (the rest goes below them); when every
zone is named, the rest goes to the box too (a test position may overfill it).

``act`` plays a list of actions; an action the engine has just taken by itself (a
single-option decision, FG-20.5) is skipped, so a script may spell out forced steps.  The engine is
put at the Actions phase (P4) of the active side's turn, or at the start of that turn
with ``begin_turn``.
"""

from __future__ import annotations

from game.games.field_of_glory.content import COLUMNS, SIDES, TERRAIN_IDS, deck_of
from game.games.field_of_glory.rules import RULES
from game.games.field_of_glory.state import ASIDE, FIRST, SECOND, FGState

DEFAULT_TERRAIN = {"c1": "PLN1", "c2": "PLN2", "c3": "PLN3", "c4": "PLN4", "c5": "HIL1"}
_RESHUFFLES = {FIRST: 0, SECOND: 1, ASIDE: 2}


def position(
    cols: dict | None = None,
    terrain: dict | None = None,
    control: dict | str | None = None,
    active: str = "R",
    hands: dict | None = None,
    piles: dict | None = None,
    discards: dict | None = None,
    vps: dict | None = None,
    shuf: dict | None = None,
    turn: int = 5,
    config: dict | None = None,
    seed: int = 1,
) -> FGState:
    """A position at P4 of ``active``'s turn.

    ``cols`` maps ``"c3"`` to ``(red units, blue units)``; ``terrain`` maps columns to
    terrain ids (the rest from DEFAULT_TERRAIN); ``control`` maps columns to ``R``/``B``
    (or is a 5-letter string such as ``"RRNRB"``); ``piles`` list cards from the top.
    """
    s = RULES.new_game(config or {}, seed)
    placed = dict(terrain or {})
    spare = [t for t in TERRAIN_IDS if t not in placed.values()]
    for c in COLUMNS:
        if c not in placed:
            default = DEFAULT_TERRAIN[c]
            placed[c] = default if default in spare else spare[0]
            spare.remove(placed[c])
    s.terrain = [placed[c] for c in COLUMNS]
    assert len(set(s.terrain)) == 5, s.terrain
    s.hidden_terrain = [t for t in TERRAIN_IDS if t not in s.terrain]
    if isinstance(control, str):
        s.control = list(control)
    else:
        s.control = ["N"] * 5
        for c, who in (control or {}).items():
            s.control[COLUMNS.index(c)] = who
    for p in (0, 1):
        s.units[p] = [[] for _ in range(5)]
    for c, (red, blue) in (cols or {}).items():
        s.units[0][COLUMNS.index(c)] = list(red)
        s.units[1][COLUMNS.index(c)] = list(blue)
    s.vp = [list((vps or {}).get("R", [])), list((vps or {}).get("B", []))]
    for p, letter in enumerate(SIDES):
        hand = (hands or {}).get(letter)
        pile = (piles or {}).get(letter)
        disc = (discards or {}).get(letter)
        more = bool(pile) and pile[-1] == "..."
        if more:
            pile = pile[:-1]
        named = set(hand or []) | set(pile or []) | set(disc or [])
        for col in s.units[p]:
            named.update(col)
        named.update(s.vp[1 - p])
        rest = [c for c in deck_of(p, s.config["historical"]) if c not in named]
        s.box[p] = rest[:24]
        rest = rest[24:]
        if pile is None or more:
            pile, rest = list(pile or []) + rest, []
        elif disc is None:
            disc, rest = rest, []
        elif hand is None:
            hand, rest = rest, []
        s.box[p] += rest
        s.hand[p] = list(hand or [])
        s.pile[p] = list(pile or [])[::-1]  # top of the pile = end of the list
        s.discard[p] = list(disc or [])
        s.group[p] = []
        s.kept[p] = []
        s.shuf[p] = (shuf or {}).get(letter, FIRST)
        s.reshuffles[p] = _RESHUFFLES[s.shuf[p]]
    s.turn = turn
    s.active = SIDES.index(active)
    s.first = 0
    s.step = "ACT"
    s.advance, s.pairs, s.used = [], [], []
    s.combat = s.deploy = None
    s.last = {}
    s.winner = s.end = None
    return s.fresh()


def begin_turn(s: FGState, log: list | None = None) -> FGState:
    """Run the active side's turn from P1 (Check, Advance, flank snapshot)."""
    s.active = 1 - s.active
    s.turn -= 1
    RULES._start_turn(s, log)
    RULES._settle(s, log)
    return s


def act(s: FGState, *texts: str, log: list | None = None) -> FGState:
    auto: list[str] = []
    for text in texts:
        if text in auto and text not in options(s):
            auto.remove(text)
            continue  # the engine took this forced step itself
        events: list = []
        RULES.apply(s, text, events)
        if log is not None:
            log.extend(events)
        auto = [e[2] for e in events if e[1] == "AUTO"]
    return s


def options(s: FGState) -> set[str]:
    return {str(a) for a in RULES.legal_actions(s)}


def begin_flank(s: FGState, log: list | None = None) -> FGState:
    """Put the engine at the start of P3 (the flank snapshot) of the active side."""
    RULES._start_flank(s, log)
    RULES._settle(s, log)
    return s
