"""What the table asks of each game's view (``game.games.<name>.view``).

A view turns an observation into *items*: rectangles in design coordinates, each with a
key naming the thing shown (``("hand", "ARC1")``, ``("wall", "NF3a")``) and its tooltip.
The table hit-tests the items, maps each legal action to the key it is played on
(``target``: one key, or a list of keys clicked in turn, e.g. a unit's source then its
destination), lists in a menu the actions that end on the same clicks (labelled by
``action_label``), and offers every action without a key as a button.  A view may also
have the optional members of ``ViewBase`` (the question asked before an irreversible
action, a move shown in stages, ...).  Drawing is a pure function of the observation, the
items and the marks the table passes in; a view reads observations only (the results
screen too: the finished game's open observation).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

#: marks the table puts on items when drawing
LEGAL = "legal"  # a legal target of the person at the screen
HOVER = "hover"  # under the mouse
LAST = "last"  # what the last move touched (fades after it)
CHOSEN = "chosen"  # clicked already, on the way to an action of several clicks
HINT = "hint"  # a place of the move the Hint shows (the hard level's choice)


@dataclass(frozen=True)
class Item:
    key: tuple
    rect: tuple  # design coordinates (x, y, w, h)
    tooltip: str = ""


@dataclass(frozen=True)
class SetupOption:
    key: str
    caption: str
    options: list  # [(value, label)]
    default: object = None


@dataclass
class Prompt:
    text: str
    rule: str | None = None
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ChartReading:
    """What a game's results chart reads from one open observation (``chart_reading``):
    ``clock`` the round (or turn) being played, ``values`` one number per row of the view's
    ``results`` (in their order), ``colours`` the key of each in ``theme.seat_colours``,
    ``top`` a fixed top of the scale (0: the values' largest)."""

    clock: int
    values: list
    colours: list[str]
    top: float = 0


class GameView(Protocol):
    """The members every game's view must have; the optional ones, with the defaults a
    game without them gets, are ViewBase's (every game's view inherits it, through
    paint.MapView)."""

    layout_name: str

    def setup_options(self, players: int) -> list[SetupOption]: ...

    def config(self, players: int, options: dict) -> dict: ...

    def seat_label(self, obs: dict, seat: int) -> str: ...

    def items(self, obs: dict) -> list[Item]: ...

    def target(self, obs: dict, action) -> tuple | list[tuple] | None: ...

    def action_label(self, obs: dict, action) -> str: ...

    def prompt(self, obs: dict) -> Prompt: ...

    def status(self, obs: dict) -> str: ...

    def describe(self, event: tuple, names: list[str]) -> str | None: ...

    def draw(self, surf, vp, obs: dict, items: list[Item], marks: dict) -> None: ...

    def results(self, obs: dict) -> list[tuple[str, str, str]]:
        """(who, score, detail) rows for the results screen, read from the finished
        game's open observation (``rules.open_observation``: every card face up)."""


class ViewBase:
    """The optional members of a view with their defaults: each default is what the table
    does for a game without that member, so the app calls them all plainly."""

    #: the table shows a move in stages (stages.py): it plays each move again from a copy
    #: and asks ``stage`` of every event; False: a move is shown at once
    staged: bool = False

    def stage(self, event: tuple) -> float | None:
        """A move shown in stages: the seconds (at the normal speed) the table rests on
        what it shows when the engine tells of ``event``; None: no stage there (the
        default, asked only where ``staged``)."""
        return None

    def stage_obs(self, obs: dict, event: tuple) -> dict:
        """What the stage noted at ``event`` shows, from ``obs``: the seat's observation
        when the engine told of it.  An engine that tells of a step before it takes it (a
        round begun) may have its view show the step begun; the default: ``obs``."""
        return obs

    def event_place(self, event: tuple) -> tuple | None:
        """The item key of the place ``event`` tells of, for the table to mark while its
        log line is new; None (the default): no place."""
        return None

    def summary(self, event: tuple, history: list) -> tuple[str, str] | None:
        """(title, text) of a summary the table shows for a while when the engine tells
        of ``event`` (``history``: every event so far); None (the default): none."""
        return None

    def confirm(self, obs: dict, action) -> str | None:
        """The question asked before an irreversible ``action`` is played; None (the
        default): played at once."""
        return None

    def picks(self, obs: dict, action) -> frozenset | None:
        """The item keys ``action`` is chosen by as a set (clicked in any order, then
        confirmed); None (the default): chosen by its click path or a button."""
        return None

    def stepper(self, obs: dict, actions: list) -> list | None:
        """For actions that end on the same clicks and differ only by how many go:
        ``[(count, action)]`` for the table's count stepper; None (the default): their
        menu."""
        return None

    def step_prompt(self, obs: dict, chosen: tuple, targets: dict) -> str | None:
        """What the prompt says the next click chooses, after the clicks ``chosen`` (with
        ``targets`` the keys still to click); None (the default): the table's words."""
        return None

    #: the game's emblem and its second picture (icons of assets/icons from Game-icons.net,
    #: tools/pick_icons.py) on the title, set-up and results screens; the default: a tower
    emblems: tuple[str, str] = ("white-tower", "white-tower")

    #: one line about the game on its set-up tile (marked with N_, drawn translated);
    #: empty (the default): none
    blurb: str = ""

    #: the prefix of the game's rule IDs ("HW" of HW-9.2), found in any text as links to
    #: its rules (game.app.rulebook); empty (the default): none
    rule_prefix: str = ""

    #: the game's pieces (game.app.pieces): kind -> pieces.Piece, one token per unit kind
    #: and piece-like marker; empty (the default): none
    piece_table: dict = {}

    def piece_kind(self, card: str) -> str:
        """The kind of the game's ``piece_table`` a card or unit id (or another name of a
        kind: a letter, a unit type without its side) stands for, asked where it is no kind
        of the table itself; KeyError (the default) for none."""
        raise KeyError(card)

    #: the game the app's self-test (``python -m game --selftest``) plays to its end,
    #: easy against easy: a short one (the first game that says so); False: the default
    short_game: bool = False

    #: the guided first turn (game.app.coach): coach.Step of the table's parts in order;
    #: empty (the default): no guide
    guide: tuple = ()

    #: the table's sounds (game.app.sound): event kind -> the name of a sound (an "ACT"
    #: event is a move: a card or a piece put down); empty (the default): silence
    sounds: dict[str, str] = {}

    def own_keys(self, seat) -> set:
        """The words in the second place of an item's key that name ``seat``'s own things
        (a guide step's ``items(..., mine=True)``); the default: the seat's number."""
        return {seat}

    def action_verb(self, action) -> str:
        """The verb of ``action`` (a guide step waits for a verb): the default, the first
        word of its notation after the seat ("G: ASIDE DRU": ASIDE)."""
        return str(action).split(": ", 1)[-1].split()[0]

    #: the results screen's chart of the game's course: its title (marked with N_, drawn
    #: translated); None (the default): no chart, the results across the screen
    chart_title: str | None = None

    def chart_axis(self) -> str:
        """The unit of the chart's x axis in the game's own words ("Round", "Turn")."""
        return ""

    def chart_reading(self, obs: dict) -> ChartReading | None:
        """What the results chart reads from the open observation ``obs`` of the game
        replayed from its record (read at each round's end, as ``clock`` counts); None
        (the default): no chart."""
        return None

    def config_problem(self, problem: str) -> str:
        """The engine's refusal of a set-up (BadConfig) in the player's language; the
        default: the engine's English words."""
        return problem

    # the deck-construction screen (scenes/deck.py), Runes of Mayhem X1: asked only of a
    # game whose ``deck_pool`` offers cards
    def deck_pool(self, seat: int, config: dict) -> list[tuple[str, str, int, bool, str]]:
        """The seat's pool: (name code, name, copies, always in, tooltip); empty (the
        default) when the game builds no decks."""
        return []

    def deck_step(self, obs: dict) -> bool:
        """The set-up step where a person builds a deck: the table opens the deck screen
        for it (and the set-up plays the decks built before the game); False (the
        default): no such step."""
        return False

    def deck_default(self, seat: int, config: dict) -> set[str]:
        """The names of the seat's base deck."""
        return set()

    def deck_problem(self, seat: int, names, config: dict) -> str | None:
        """What makes the list ``names`` no legal deck, in the player's language; None
        when it is one."""
        return None

    def deck_refusal(self, seat: int, names, config: dict) -> str | None:
        """What a list still being built breaks that no addition can mend; None when it
        is legal or only short of cards."""
        return None

    def deck_size(self, config: dict) -> int:
        """The cards of a legal deck."""
        return 0

    def deck_presets(self, seat: int, config: dict) -> list[tuple[str, str, set[str]]]:
        """Starting points for a deck: (label, tooltip, names)."""
        return []

    #: the deck screen's words that cite the game's rules of deck construction, by their
    #: place (marked with N_, shown translated): "heading" ({who}), "confirm" (the
    #: confirm button's tooltip, {n} cards), "legal" (under a legal deck), "basic" (a
    #: basic unit's tooltip), the counters' rules "size" ({n}), "basics" and "copies",
    #: and "secret" (the screen that hides the deck from the other player)
    deck_words: dict[str, str] = {}

    def deck_face(self, w: int, h: int, name: str, unit: float):
        """The face of the card ``name`` of a pool, ``w`` x ``h`` pixels (``unit`` pixels
        to a design pixel): a pygame Surface."""
        raise NotImplementedError("a game with a deck step draws its cards")

    def deck_foot(self, h: float) -> float:
        """The height of the foot line (the strength and life) of a deck card ``h`` high,
        in the same units, where the screen puts the count of its copies."""
        return 0

    def deck_art(self, w: int, h: int, name: str, unit: float):
        """The art box (a pygame Rect in the card's pixels) of the card ``name`` ``w`` x
        ``h`` pixels, whose free top left corner shows a basic unit's lock."""
        raise NotImplementedError("a game with a deck step draws its cards")

    def deck_action(self, seat: int, names) -> str:
        """The action text that plays the deck ``names`` for ``seat`` (empty: the base
        deck), at the set-up step ``deck_step``."""
        raise NotImplementedError("a game with a deck step says how a deck is played")
