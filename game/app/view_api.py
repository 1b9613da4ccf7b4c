"""What the table asks of each game's view (``game.games.<name>.view``).

A view turns an observation into *items*: rectangles in design coordinates, each with a
key naming the thing shown (``("hand", "ARC1")``, ``("wall", "NF3a")``) and its tooltip.
The table hit-tests the items, maps each legal action to the key it is played on
(``target``: one key, or a list of keys clicked in turn, e.g. a unit's source then its
destination), lists in a menu the actions that end on the same clicks (labelled by
``action_label``), and offers every action without a key as a button.  A view may also
have ``confirm(obs, action) -> str | None``: the question asked before an irreversible
action is played.  Drawing is a pure
function of the observation, the items and the marks the table passes in.
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


class GameView(Protocol):
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

    def results(self, rules, state) -> list[tuple[str, str, str]]:
        """(who, score, detail) rows for the results screen."""


# Optional members a view may have (the app checks with getattr):
#   stage(event) -> float | None
#       a move shown in stages (stages.py): the seconds (at the normal speed) the table
#       rests on what it shows when the engine tells of ``event``; None: no stage there
#   deck_pool / deck_default / deck_problem / deck_action
#       the deck-construction screen (scenes/deck.py), Runes of Mayhem X1
#   config_problem(message) -> str
#       the engine's refusal of a set-up (BadConfig) in the player's language
