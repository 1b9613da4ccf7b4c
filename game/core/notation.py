"""One way in for an action, whether ``apply`` is given its text or an action value.

The contract lets ``apply`` take an action or its canonical text.  Both go through the
game's ``parse_action``: a value is written out (``str``) and parsed, and it is taken only
if it is exactly what its text parses to (same type, equal fields, the same text back).
So a value built by hand that the notation does not allow (a cell that does not exist, a
list out of its sorted order, a number where text belongs, a field missing), an action of
another game, and anything else (None, an int, a plain tuple, a dict) is refused with
BadNotation, as its text would be, before the state is touched.

The values a game makes itself (its legal actions) are canonical: once one has been read,
it is remembered (by identity, and by value once its field types are checked), so the
playouts of the computer players pay a look-up, not a parse, for each action they apply.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from .contract import BadNotation

#: the longest action text any game writes is a deck list of some 500 characters
MAX_TEXT = 4096
MEMO = 1 << 16  # canonical values remembered per game before the memory starts afresh
_TEXT = {str}
_MISS = object()


def action_reader(
    cls: type, parse: Callable[[str], Any], game: str, types: tuple[type, ...]
) -> Callable[[Any], Any]:
    """``read(action, legal=())``: the canonical action ``apply`` plays for ``action`` (a
    ``cls`` value or its text), or BadNotation.  ``types`` are the types of the fields of a
    canonical ``cls`` value (``str``, ``int``, or ``tuple`` for a tuple of texts).  A value
    of those types equal to one of ``legal`` (the legal actions the engine made, when it
    has them at hand) is not parsed: the engine's own actions are canonical (the contract;
    every game's property tests check it).  ``read.vouch(a)`` notes ``a``, drawn by the
    engine's ``random_action``, as read: the playouts then pay one identity test."""
    lists = tuple(i for i, t in enumerate(types) if t is tuple)
    known: dict[int, Any] = {}  # id -> a value read before (kept, so its id stays its own)
    values: set = set()  # the canonical values read before
    drawn = [_MISS]  # the action the engine's random_action drew last

    def from_text(text: str) -> Any:
        if len(text) > MAX_TEXT:
            raise BadNotation(f"not a {game} action: a text of {len(text)} characters")
        return parse(text)

    def read(action: Any, legal: Collection = ()) -> Any:
        if action is drawn[0] or known.get(id(action), _MISS) is action:  # (immutable)
            return action
        if type(action) is not cls:
            if isinstance(action, str):
                return from_text(str.__str__(action))  # a subclass as plain text
            raise BadNotation(f"not a {game} action: {type(action).__name__}")
        _check_fields(action, cls, game, types, lists)
        if action not in values:  # (plain fields: equal means the same value)
            if action not in legal:  # the game's own legal actions are canonical already
                _check_canonical(action, cls, game, from_text)
            _remember(action, values, known)
        return action

    def vouch(action: Any) -> Any:
        """``action``, an action the engine drew from its own legal actions, noted as
        the one ``read`` will meet next (the playouts' draw-then-apply)."""
        drawn[0] = action
        return action

    read.vouch = vouch  # type: ignore[attr-defined]
    return read


def _remember(action: Any, values: set, known: dict[int, Any]) -> None:
    """Note ``action`` as canonical: by value, and by identity (the engines that keep
    their actions meet it again); each memory starts afresh when full (``MEMO``)."""
    if len(values) >= MEMO:
        values.clear()
    values.add(action)
    if len(known) >= MEMO:
        known.clear()
    known[id(action)] = action


def _check_fields(
    action: Any, cls: type, game: str, types: tuple[type, ...], lists: tuple[int, ...]
) -> None:
    """BadNotation unless the fields of ``action`` (a ``cls``) are of ``types``, its
    lists (the fields at ``lists``) of texts only."""
    if tuple(map(type, action)) != types:
        raise BadNotation(
            f"not a {game} action: a {cls.__name__} whose fields are not {_names(types)}"
        )
    for i in lists:
        if not {*map(type, action[i])} <= _TEXT:
            raise BadNotation(
                f"not a {game} action: a {cls.__name__} with a list of other things than texts"
            )


def _check_canonical(action: Any, cls: type, game: str, from_text: Callable[[str], Any]) -> None:
    """BadNotation unless ``action`` is exactly what its text reads as (same type, equal
    fields, the same text back)."""
    try:
        text = str(action)
    except (ValueError, TypeError, IndexError, KeyError, AttributeError) as e:
        raise BadNotation(
            f"not a {game} action: this {cls.__name__} cannot be written ({type(e).__name__})"
        ) from None
    parsed = from_text(text)
    if parsed != action or str(parsed) != text:
        raise BadNotation(
            f"not a {game} action in its canonical form: "
            f"{_short(text)!r} (it reads as {_short(str(parsed))!r})"
        )


def _names(types: tuple[type, ...]) -> str:
    return "(" + ", ".join("texts" if t is tuple else t.__name__ for t in types) + ")"


def _short(text: str, n: int = 80) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."
