"""How a finished game counts for each seat: win shares, score margins, search rewards."""

from __future__ import annotations

from .contract import Rules, State


def win_shares(rules: Rules, state: State) -> list[float]:
    """1 for a sole winner, 1/k for each of k seats sharing the win, 0 otherwise."""
    n = len(rules.seat_names(state))
    shares = [0.0] * n
    winners = rules.winners(state)
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


def score_margins(scores: list[float]) -> list[float]:
    """Each seat's lead over its best rival, divided by the largest absolute score
    (at least 1) and clipped to [-1, 1].  A seat alone has a margin of 0."""
    if len(scores) < 2:
        return [0.0] * len(scores)
    scale = max(1.0, max(abs(v) for v in scores))
    out = []
    for seat, value in enumerate(scores):
        rival = max(v for s, v in enumerate(scores) if s != seat)
        out.append(max(-1.0, min(1.0, (value - rival) / scale)))
    return out


def terminal_rewards(rules: Rules, state: State, margin_weight: float = 0.0) -> list[float]:
    """Win share of each seat plus ``margin_weight`` times its score margin, so that
    among equal outcomes a win by more points is worth a little more."""
    shares = win_shares(rules, state)
    if not margin_weight:
        return shares
    scores = list(rules.scores(state))[: len(shares)]
    margins = score_margins(scores)
    return [w + margin_weight * m for w, m in zip(shares, margins, strict=True)]


def result_line(rules: Rules, state: State) -> str:
    """One line for a player: each seat's points and who won."""
    names = rules.seat_names(state)
    points = ", ".join(
        f"{name} {_number(v)}" for name, v in zip(names, rules.scores(state), strict=False)
    )
    if not rules.is_over(state):
        return f"Not over yet: {points}"
    winners = [names[s] for s in rules.winners(state)]
    if not winners:
        return f"Result: {points}; nobody wins"
    if len(winners) == 1:
        return f"Result: {points}; {winners[0]} wins"
    return f"Result: {points}; {', '.join(winners)} share the win"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
