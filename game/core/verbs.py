"""The verb machinery every game shares: the ``Verb`` and ``Decision`` records and the
reader of an action's text.

Each game's ``verbs.py`` declares its verbs, one ``Verb`` each (its own subclass adds what
that game's verbs have more: their legal instances, their words' other parts, ...), the
decisions that accept them (``Decision``, or a subclass), and makes its ``parse_action``
with ``verb_parser``.  An action's text is read the same way in every game:

1. it must be text;
2. the game's head pattern splits it into the deciding seat, the verb's word and the rest;
3. the verb is looked up by its word;
4. the rest, its runs of white space read as one space (unless the game reads it as it
   is), must match the verb's ``shape``, and must not be empty where the verb
   ``needs_args``;
5. the game's ``make`` builds the action from the seat, the verb, the argument text and
   the groups the shape matched (and may still refuse it: a card that does not exist, a
   card named twice).

Each step refuses with BadNotation in the game's own words (``Wording``).  The reader is
not on the playouts' path: ``apply`` takes the engine's own actions without parsing them
(game.core.notation).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass
from typing import Any

from .contract import BadNotation


def no_target(*_: Any) -> None:
    """The default ``target``: no item of the table stands for the verb (a button)."""
    return None


@dataclass(frozen=True)
class Verb:
    """One verb of a game (game/games/README.md walks through adding one): what the
    verbs of every game have.  A game's ``Verb`` subclass adds its own fields (keyword
    only) and says with what its ``effect``, ``label``, ``sentence`` and ``target`` are
    called."""

    name: str  # the word of the notation
    decision: str  # the decision step(s) that accept it, "D6/D7"
    rule: str  # the rule it breaks when it is asked for at another decision
    shape: str  # a regular expression of its argument text (``verb_parser``)
    _: KW_ONLY
    effect: Callable[..., Any]  # what it does to the state
    label: Callable[..., str]  # its menu line, spoken through the words' kit ``say``
    #: its log line, spoken through ``say``; None: the game logs the label
    sentence: Callable[..., str] | None = None
    #: the item(s) of the table a click on stands for it; None: the menu or a button
    target: Callable[..., Any] = no_target
    needs_args: bool = False  # an empty argument text is refused, whatever its shape


@dataclass(frozen=True)
class Decision:
    """One decision step: the verbs it accepts.  A game's subclass adds what its
    decisions have more (their legal actions, their name in the catalogue, ...)."""

    verbs: tuple[str, ...]  # the verbs it accepts, in the order of its legal actions
    rule: str  # the rule an action of another verb breaks there


@dataclass(frozen=True)
class Wording:
    """A game's words for a text that is not one of its actions.  Each is a ``str.format``
    template of ``text`` (what was given: ``{text!r}`` for its repr), ``kind`` (its type's
    name), ``verb`` (the word read as the verb) and ``verbs`` (every verb, comma-separated).
    """

    not_text: str = "an action must be text, not {kind}"  # not a str at all
    not_action: str = "'{text}' is not an action"  # the head pattern does not match
    unknown: str = "'{text}': unknown verb {verb} (one of {verbs})"  # no such verb
    bad_args: str = "'{text}': bad arguments for {verb}"  # the arguments miss the shape


def verb_parser(
    verbs: Mapping[str, Verb],
    head: str,
    make: Callable[[str, Any, str, list[str], str], Any],
    wording: Wording,
    *,
    spaces: bool = True,
) -> Callable[[str], Any]:
    """``parse_action(text)``: the action ``text`` is the canonical text of, or BadNotation.

    ``head`` is a regular expression matched against the whole text, whose three groups
    are the seat, the verb's word and the rest (None for none); with ``spaces`` the rest's
    runs of white space count as one space and its ends are trimmed.  ``make(seat, verb,
    arg, groups, text)`` builds the action: ``verb`` is the ``Verb``, ``arg`` the argument
    text its shape matched and ``groups`` the shape's groups that took part in the match.
    """
    shapes = {name: (re.compile(v.shape), v) for name, v in verbs.items()}
    listed = ", ".join(shapes)
    split = re.compile(head).fullmatch

    def parse_action(text: str) -> Any:
        if not isinstance(text, str):
            raise BadNotation(wording.not_text.format(text=text, kind=type(text).__name__))
        found = split(text)
        if found is None:
            raise BadNotation(wording.not_action.format(text=text))
        seat, word, rest = found.groups()
        known = shapes.get(word)
        if known is None:
            raise BadNotation(wording.unknown.format(text=text, verb=word, verbs=listed))
        shape, verb = known
        arg = rest or ""
        if spaces:
            arg = " ".join(arg.split())
        args = shape.fullmatch(arg)
        if args is None or (verb.needs_args and not arg):
            raise BadNotation(wording.bad_args.format(text=text, verb=word))
        return make(seat, verb, arg, [g for g in args.groups() if g is not None], text)

    return parse_action
