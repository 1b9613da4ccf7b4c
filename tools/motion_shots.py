"""Tables caught in the middle of a move's motion, for the screenshots (tools/screenshots.py).

A game is played on from where it is (greedy players for every seat, the person's screen
kept) on a table whose clock stands still: the clock is set forward by hand, so a move
lands at a known time and its motion (motion.py) is drawn a chosen number of seconds
after it landed -- the same picture on every run, whatever the speed of the machine.  The
first move whose motion shows what is asked for (a card travelling, a number rising, dice
tumbling) is the one kept.  Nothing here changes how a game is played: the moves are
legal moves played by the session as any move is.
"""

from __future__ import annotations

from game.app import motion
from game.core.agents import make_agent

#: seconds between two moves played here: long enough for a move's marks, lines and
#: motion to be over before the next one lands
APART = 30.0


class Still:
    """A clock that stands until it is set forward (``now``)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def travelling(kinds: tuple = ("card", "back", "token"), part: float = 0.5):
    """Wanted: a card or a piece (of ``kinds``) travelling from one place to another;
    drawn when the one going farthest is ``part`` of its way there."""

    def want(table) -> float | None:
        going = [
            tw
            for tw in table.motion.tweens
            if tw.style == "travel" and tw.sprite.motion_info.get("kind") in kinds and _far(tw) > 40
        ]
        if not going:
            return None
        tw = max(going, key=_far)
        if tw.before is not None:  # turned over on the way: not edge-on at the middle
            return tw.delay + max(part, 0.75) * tw.duration
        return tw.delay + part * tw.duration

    return want


def rising(table, part: float = 0.4) -> float | None:
    """Wanted: a number (a score, glory, SP) rising from where it changed; drawn when
    it has risen ``part`` of its course."""
    texts = table.motion.texts
    return texts[0].delay + part * texts[0].duration if texts else None


def rolling(table, part: float = 0.6) -> float | None:
    """Wanted: dice thrown on the table (Runes of Mayhem's tray); drawn when they have
    tumbled ``part`` of their roll, before they land."""
    m = table.motion
    thrown = [since for since in motion._rolls.values() if since > m.hurried]
    if not thrown:
        return None
    return max(thrown) - m.clock() + part * motion.ROLL * m.factor


def _far(tw) -> float:
    (x0, y0, *_r0), (x1, y1, *_r1) = tw.start, tw.end
    return abs(x0 - x1) + abs(y0 - y1)


def caught(app, session, want, most: int = 400, seed: int = 31):
    """The table of ``session`` played on until a move's motion is ``want``-ed, drawn at
    the moment ``want(table)`` names (seconds after the move landed, on a still clock);
    None when none of the next ``most`` moves shows it.  Returns the table scene, on top
    of ``app``."""
    from game.app.scenes.table import TableScene

    rules = session.rules
    clock = Still()
    session.clock = clock
    session.agents = {}  # nobody moves but the players here
    table = TableScene(app, session)
    table.motion.speed = "normal"
    app.reset(table)
    table.update(0)
    app.draw()
    agents = [make_agent("greedy", seed + s, rules) for s in range(len(session.seats))]
    for _ in range(most):
        seat = session.to_act()
        if seat is None or session.is_over():
            return None
        obs = rules.observation(session.state, seat)
        action = agents[seat].choose(rules, obs, rules.legal_actions(session.state))
        table.motion.finish()  # the last move's motion and dice at their end
        motion._rolls.clear()
        clock.now += APART
        session._play(action)
        table.update(0)
        app.draw()  # the move lands: what moves is planned, the dice are thrown
        while (after := want(table)) is None and session.revealing():
            clock.now += session.reveal_interval()  # its next line told (its dice)
            table.update(0)
            app.draw()
        if after is not None:
            clock.now += after  # drawn then (not updated: a stage shown stays)
            return table
    return None
