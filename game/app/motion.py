"""Motion on the tables: cards and tokens travel, turn over, come and go; numbers rise.

Nothing here knows a game.  The cards (``cards.card``, ``cards.back``) and tokens
(``pieces.token``) are drawn on ``Sprite`` surfaces that say what they show (``key``: a
card's frame, band, name and picture; a back's frame; a token's picture, shape and
colour) -- the same thing at any size.  The table draws its view on a ``Canvas``, whose
``blit`` notes each sprite drawn and where (``recording``) and can leave chosen ones out
(``hiding``).  When the game moves on, ``Motion.arrive`` compares the things drawn before
with the things drawn now:

- a thing whose place changed travels there on an eased path (and grows or shrinks);
- a thing that is new comes from a thing of the old table that is gone at about its place
  (a card turned over: a back becomes a face), from a back that is gone (a card played
  from a hidden hand), from the view's draw pile, or else grows in where it lies;
- a thing that is gone fades out where it was;
- a token whose count dropped at one place while the same kind came or grew at another
  sends a token with the difference walking from the one to the other;
- a number a view reports (``value``) that changed rises from its place as "+3" or "-2".

While the things move, the view is drawn once more with them left out (the board under
them), and they are drawn over it each frame.  Motion never changes a game's state: it
reads what the view drew.  Durations follow the animation speed of the settings
(``settings.SPEEDS``: instant skips motion); ``finish`` ends it at once.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from .settings_store import SPEEDS

#: seconds at the normal speed
TRAVEL, FLIP, APPEAR, VANISH, WALK, RISE = 0.42, 0.34, 0.3, 0.26, 0.5, 1.0
ROLL, TUMBLE = 0.45, 0.07  # a die tumbles this long, showing a face this long each
STAGGER = 0.035  # seconds between the starts of things moving together
MOST = 40  # more things moving at once is a new layout, not a move: shown at once
STILL = 2  # pixels: a thing moved less stays


# ---------------------------------------------------------------------- easing
def ease_in_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_in_out_quad(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


# ---------------------------------------------------------------------- what is drawn
class Sprite(pygame.Surface):
    """A card's or a token's surface that says what it shows: ``motion_key`` (the same
    thing at every size) and ``motion_info`` (``kind``: card, back or token; a token's
    ``count`` and ``remake(count)``, the token with another count)."""

    motion_key: tuple | None = None
    motion_info: dict = {}


def sprite(size, key: tuple, **info) -> Sprite:
    """A transparent ``Sprite`` of ``size`` pixels showing ``key``."""
    surf = Sprite((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)
    surf.motion_key = key
    surf.motion_info = info
    return surf


@dataclass(eq=False)
class Drawn:
    """A sprite as a view drew it: the whole sprite's rectangle in window pixels
    (``rect``) and the part of it shown (``area``, in the sprite's pixels)."""

    key: tuple
    rect: tuple  # x, y, w, h: where the whole sprite lies
    area: tuple  # x, y, w, h: the part drawn
    sprite: pygame.Surface
    #: what lay under the part drawn before it was drawn (a surface, and where on the
    #: canvas's top surface): a kept picture leaves the sprite out by putting it back
    under: tuple | None = None

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.shown()
        return x + w / 2, y + h / 2

    def shown(self) -> tuple:
        """The rectangle of the part drawn, in window pixels."""
        x, y = self.rect[:2]
        ax, ay, aw, ah = self.area
        return (x + ax, y + ay, aw, ah)

    @property
    def kind(self) -> str:
        return self.sprite.motion_info.get("kind", "")

    @property
    def count(self) -> int:
        return self.sprite.motion_info.get("count", 1)


@dataclass
class Record:
    """What one drawing of the table showed: the sprites in drawing order and the
    numbers the view reported (key -> (number, pixel rectangle))."""

    drawn: list = field(default_factory=list)
    values: dict = field(default_factory=dict)


_recording: Record | None = None
_hidden: frozenset = frozenset()
_showing = None  # the Motion of the table being drawn (its clock, speed, hurry)
_rolls: dict = {}  # a die's key -> when it was first drawn (its table's clock)


@contextmanager
def recording():
    """Note every sprite drawn on a ``Canvas`` (and every ``value``) while inside."""
    global _recording
    before, _recording = _recording, Record()
    try:
        yield _recording
    finally:
        _recording = before


@contextmanager
def hiding(hidden):
    """Leave out of every ``Canvas`` the sprites ``(key, rect)`` in ``hidden``."""
    global _hidden
    before, _hidden = _hidden, frozenset(hidden)
    try:
        yield
    finally:
        _hidden = before


@contextmanager
def showing(table_motion):
    """The table whose board is drawn while inside (``roll`` reads its clock)."""
    global _showing
    before, _showing = _showing, table_motion
    try:
        yield
    finally:
        _showing = before


def roll(key, face, faces=(1, 2, 3, 4, 5, 6)):
    """The face to draw of a die ``key`` (a new key for each throw: the event that threw
    it and its place) that shows ``face``: for a moment after it first appears on a table
    already shown, other ``faces`` in turn (it tumbles), then ``face`` (it lands).  Off the
    table, at instant speed or hurried, ``face`` at once."""
    m = _showing
    if m is None or m.factor <= 0:
        return face
    now = m.clock()
    since = _rolls.get(key)
    if since is None:
        if len(_rolls) > 512:
            _rolls.clear()
        since = _rolls[key] = now if m.frames > 1 else -math.inf  # a table just opened: lies
    if since <= m.hurried or now - since >= ROLL * m.factor:
        return face
    faces = tuple(faces)
    step = int((now - since) / TUMBLE)
    return faces[(step * 5 + len(str(key))) % len(faces)] if faces else face


def value(key, number, rect) -> None:
    """A view's number (a score, glory, SP, a strength) and where it is printed (window
    pixels): when it changes with a move, the difference rises from there."""
    if _recording is not None and isinstance(number, int | float):
        _recording.values[key] = (number, tuple(pygame.Rect(rect)))


def _under(canvas: pygame.Surface, rect) -> tuple | None:
    """A copy of what lies at ``rect`` (pixels of the canvas's top surface) on it now."""
    top = canvas.get_abs_parent()
    r = pygame.Rect(rect).clip(top.get_rect())
    if r.w <= 0 or r.h <= 0:
        return None
    return top.subsurface(r).copy(), r.topleft


class Canvas(pygame.Surface):
    """A surface the table draws a view on: it notes the sprites drawn on it (and on its
    copies and subsurfaces, which are canvases too) and leaves out the hidden ones."""

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        key = getattr(source, "motion_key", None)
        if key is not None and (_recording is not None or _hidden):
            ox, oy = self.get_abs_offset()
            sw, sh = source.get_size()
            if isinstance(dest, pygame.Rect):
                x, y = dest.topleft
            else:
                x, y = int(dest[0]), int(dest[1])
            if area is None:
                part = (0, 0, sw, sh)
            else:
                a = pygame.Rect(area).clip(pygame.Rect(0, 0, sw, sh))
                part = (a.x, a.y, a.w, a.h)
            whole = (x + ox - part[0], y + oy - part[1], sw, sh)
            if _hidden and (key, whole) in _hidden:
                return pygame.Rect(x, y, 0, 0)
            if _recording is not None:
                _recording.drawn.append(
                    Drawn(
                        key,
                        whole,
                        part,
                        source,
                        _under(self, (whole[0] + part[0], whole[1] + part[1], part[2], part[3])),
                    )
                )
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=True):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)


# ---------------------------------------------------------------------- what moves
@dataclass
class Tween:
    """One thing in motion: ``sprite`` from ``start`` to ``end`` (whole-sprite pixel
    rectangles; ``area`` the part shown at the end), after ``delay`` for ``duration``
    seconds.  ``before`` is a sprite shown first and turned over into ``sprite`` (a
    flip); ``style``: travel, appear, vanish, hold (``before`` until ``delay``, then
    nothing: the thing itself), or text (a rising number, ``sprite`` its words)."""

    sprite: pygame.Surface
    start: tuple
    end: tuple
    duration: float
    delay: float = 0.0
    style: str = "travel"
    before: pygame.Surface | None = None
    area: tuple | None = None
    arc: float = 0.0  # pixels the path bows up in its middle

    def done(self, t: float) -> bool:
        return t >= self.delay + self.duration


def _distance(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _centre(rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def _same_place(a: Drawn, b: Drawn, slack: float) -> bool:
    return _distance(a.centre, b.centre) <= slack


class Motion:
    """The motion of one table: the last drawing compared with the next, the things in
    motion and the board drawn without them."""

    def __init__(self, clock, speed: str = "normal") -> None:
        self.clock = clock
        self.speed = speed
        self.record: Record | None = None  # the last full drawing of the table
        self.drawn_of = None  # (observation, viewport, size) of that drawing
        self.animate_next = False  # the next drawing is of a move: compare it
        self.tweens: list[Tween] = []
        self.texts: list[Tween] = []  # rising numbers: never wait for them
        self.started = 0.0
        self.hidden: frozenset = frozenset()  # drawn by the tweens until they end
        self.base_obs: dict | None = None  # the observation drawn without them
        self.sources: list[tuple] = []  # pixel rectangles of draw piles
        self.frames = 0  # boards drawn (a die on the first one lies already)
        self.hurried = -math.inf  # when the motion was last finished at once

    # -------------------------------------------------------------- state
    @property
    def factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    def now(self) -> float:
        return self.clock() - self.started

    def busy(self) -> bool:
        """Things still moving (a computer's next move waits for them)."""
        if not self.tweens:
            return False
        t = self.now()
        if all(tw.done(t) for tw in self.tweens):
            self._end()
            return False
        return True

    def active(self) -> bool:
        """Anything drawn by motion now (moving things or rising numbers)."""
        busy = self.busy()
        if self.texts and all(tw.done(self.now()) for tw in self.texts):
            self.texts = []
        return busy or bool(self.texts)

    def finish(self) -> None:
        """Every motion to its end at once (Skip, a click, Space)."""
        self._end()
        self.texts = []
        self.hurried = self.clock()

    def _end(self) -> None:
        self.tweens = []
        self.hidden = frozenset()
        self.base_obs = None

    def expect(self, animate: bool) -> None:
        """The table shows a new observation: a move (``animate``) or another view of
        the game (a new viewer, an undo, a load), which is shown at once."""
        self.animate_next = animate and self.factor > 0
        if not self.animate_next:
            self.finish()

    def stale(self, obs, where) -> bool:
        """The last drawing is not of ``obs`` at ``where`` (the viewport and size)."""
        return self.drawn_of is None or self.drawn_of[0] is not obs or self.drawn_of[1] != where

    # -------------------------------------------------------------- comparing
    def arrive(self, record: Record, obs, where) -> bool:
        """The drawing ``record`` of ``obs`` is the table now: compare it with the last
        one (if it shows a move at the same place) and set things in motion; True when
        the board must be drawn again without the things in motion (``hidden``)."""
        old, same_place = self.record, self.drawn_of is not None and self.drawn_of[1] == where
        animate = self.animate_next and same_place and old is not None
        self.animate_next = False
        self.record, self.drawn_of = record, (obs, where)
        self._end()  # the last move's motion gives way to this one's
        self.texts = []
        if not animate or not old.drawn or not record.drawn or self.factor <= 0:
            return False
        tweens, hidden = plan(old, record, self.factor, self.sources)
        self.texts = rising(old.values, record.values, self.factor)
        self.started = self.clock()  # the numbers rise from now, things moving or not
        if not tweens:
            return False
        self.tweens = tweens
        self.hidden = frozenset(hidden)
        self.base_obs = dict(obs) if isinstance(obs, dict) else obs
        return bool(self.hidden)

    # -------------------------------------------------------------- drawing
    def draw(self, surf: pygame.Surface, clip=None) -> None:
        """The things in motion (and rising numbers) over the board."""
        self.frames += 1
        if not self.tweens and not self.texts:
            return
        t = self.now()
        old_clip = surf.get_clip()
        if clip is not None:
            surf.set_clip(clip)
        for tw in (*self.tweens, *self.texts):
            draw_tween(surf, tw, t)
        surf.set_clip(old_clip)


def plan(old: Record, new: Record, factor: float, sources=()) -> tuple[list, set]:
    """The tweens from the drawing ``old`` to ``new`` and the things of ``new`` they
    draw until they end (``(key, rect)``)."""
    changes = _compare(old, new)
    if len(changes.moves) + len(changes.came) > MOST:
        return [], set()
    planned = _Plan(factor)
    planned.travel(changes.moves)
    planned.turn_over(changes)
    planned.deal(changes, sources)
    planned.walk(changes)
    planned.appear(changes.came)
    planned.turns_first()
    planned.vanish(changes.gone)
    return planned.tweens, planned.hidden


@dataclass
class _Changes:
    """What became of the things of one drawing in the next."""

    moves: list[tuple[Drawn, Drawn]] = field(default_factory=list)  # (old, new) elsewhere
    came: list[Drawn] = field(default_factory=list)  # new, from nothing of its kind
    gone: list[Drawn] = field(default_factory=list)  # old, gone
    grew: list[tuple[Drawn, Drawn]] = field(default_factory=list)  # tokens: count rose
    fell: list[tuple[Drawn, int]] = field(default_factory=list)  # tokens: (old, by how much)


def _by_key(drawn) -> dict[tuple, list[Drawn]]:
    out: dict[tuple, list[Drawn]] = {}
    for d in drawn:
        out.setdefault(d.key, []).append(d)
    return out


def _compare(old: Record, new: Record) -> _Changes:
    """The things of ``old`` and ``new`` paired kind by kind: those at the same place
    stay (a token's count may change), the others go to the nearest of their kind."""
    before, after = _by_key(old.drawn), _by_key(new.drawn)
    changes = _Changes()
    for key in set(before) | set(after):
        olds, news = list(before.get(key, ())), list(after.get(key, ()))
        _stay(olds, news, changes)
        used_o, used_n = set(), set()
        for i, j in _nearest_pairs(olds, news):
            used_o.add(i)
            used_n.add(j)
            changes.moves.append((olds[i], news[j]))
        changes.came += [d for j, d in enumerate(news) if j not in used_n]
        changes.gone += [o for i, o in enumerate(olds) if i not in used_o]
    return changes


def _stay(olds: list[Drawn], news: list[Drawn], changes: _Changes) -> None:
    """Takes the things that stay out of ``olds`` and ``news`` (the same place), noting
    the tokens whose count rose or dropped."""
    for d in list(news):
        match = next((o for o in olds if o.rect == d.rect), None) or next(
            (o for o in olds if _same_place(o, d, STILL) and o.rect[2:] == d.rect[2:]), None
        )
        if match is None:
            continue
        olds.remove(match)
        news.remove(d)
        if d.kind == "token" and d.count > match.count:
            changes.grew.append((match, d))
        elif d.kind == "token" and d.count < match.count:
            changes.fell.append((match, match.count - d.count))


def _nearest_pairs(olds: list[Drawn], news: list[Drawn]) -> list[tuple[int, int]]:
    """Indexes (old, new) paired nearest first, each thing in one pair at most."""
    pairs = sorted(
        (_distance(o.centre, d.centre), i, j)
        for i, o in enumerate(olds)
        for j, d in enumerate(news)
    )
    used_o, used_n = set(), set()
    out = []
    for _dist, i, j in pairs:
        if i in used_o or j in used_n:
            continue
        used_o.add(i)
        used_n.add(j)
        out.append((i, j))
    return out


class _Plan:
    """The tweens planned so far, the things of the new drawing they hide, and the order
    in which things start (each a little after the one before)."""

    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.tweens: list[Tween] = []
        self.hidden: set = set()
        self.order = 0

    def later(self) -> float:
        self.order += 1
        return min(8, self.order - 1) * STAGGER * self.factor

    def travel(self, moves: list[tuple[Drawn, Drawn]]) -> None:
        """A thing whose place changed travels there."""
        for o, d in sorted(moves, key=lambda m: m[1].rect[1::-1]):
            far = _distance(o.centre, d.centre)
            self.tweens.append(
                Tween(
                    d.sprite,
                    o.rect,
                    d.rect,
                    _travel(far, self.factor),
                    self.later(),
                    area=d.area,
                    arc=min(60.0, far * 0.18),
                )
            )
            self.hidden.add((d.key, d.rect))

    def turn_over(self, changes: _Changes) -> None:
        """A new thing at the place of one gone: turned over (a back's face, a card
        changed)."""
        came, gone = changes.came, changes.gone
        for d in list(came):
            if d.kind not in ("card", "back"):
                continue
            slack = max(STILL * 3, min(d.rect[2], d.rect[3]) * 0.3)
            was = [o for o in gone if o.kind in ("card", "back") and _same_place(o, d, slack)]
            if was:
                o = was[0]
                gone.remove(o)
                came.remove(d)
                self.tweens.append(
                    Tween(
                        d.sprite,
                        o.rect,
                        d.rect,
                        FLIP * self.factor,
                        self.later(),
                        style="travel",
                        before=o.sprite,
                        area=d.area,
                    )
                )
                self.hidden.add((d.key, d.rect))

    def deal(self, changes: _Changes, sources) -> None:
        """A new card from a back gone (a card from a hidden hand), else from a draw
        pile (the nearest of ``sources``)."""
        came, gone = changes.came, changes.gone
        for d in list(came):
            if d.kind not in ("card", "back"):
                continue
            backs = [o for o in gone if o.kind == "back"] if d.kind == "card" else []
            if backs:
                o = min(backs, key=lambda b: _distance(b.centre, d.centre))
                gone.remove(o)
                self.tweens.append(self._from_back(o, d))
            elif sources:
                src = min(sources, key=lambda r: _distance(_centre(r), d.centre))
                self.tweens.append(self._from_pile(src, d))
            else:
                continue
            came.remove(d)
            self.hidden.add((d.key, d.rect))

    def _from_back(self, o: Drawn, d: Drawn) -> Tween:
        far = _distance(o.centre, d.centre)
        return Tween(
            d.sprite,
            o.rect,
            d.rect,
            _travel(far, self.factor) * 1.15,
            self.later(),
            before=o.sprite,
            area=d.area,
            arc=min(60.0, far * 0.18),
        )

    def _from_pile(self, src, d: Drawn) -> Tween:
        w, h = d.rect[2], d.rect[3]
        cx, cy = _centre(src)
        start = (cx - w * 0.35, cy - h * 0.35, w * 0.7, h * 0.7)
        far = _distance((cx, cy), d.centre)
        return Tween(
            d.sprite,
            start,
            d.rect,
            _travel(far, self.factor) * 1.1,
            self.later() + 0.05 * self.factor,
            area=d.area,
            arc=min(60.0, far * 0.18),
        )

    def walk(self, changes: _Changes) -> None:
        """Tokens: a count that dropped here and came or grew there walks from here to
        there."""
        came, gone, fell = changes.came, changes.gone, changes.fell
        takers = [(None, d, d.count) for d in came if d.kind == "token"] + [
            (o, d, d.count - o.count) for o, d in changes.grew
        ]
        for was, d, n in takers:
            givers = [(o, k) for o, k in fell if o.key == d.key and k > 0] + [
                (o, o.count) for o in gone if o.key == d.key and o.kind == "token"
            ]
            if not givers:
                continue
            o, k = min(givers, key=lambda g: _distance(g[0].centre, d.centre))
            moved = min(n, k)
            for i, (f, left) in enumerate(fell):
                if f is o:
                    fell[i] = (f, left - moved)
            if moved >= o.count and any(g is o for g in gone):
                gone.remove(o)
            self._walker(o, d, moved, was)
            if was is None:
                came.remove(d)

    def _walker(self, o: Drawn, d: Drawn, moved: int, was: Drawn | None) -> None:
        """``moved`` tokens walking from ``o`` to ``d``; ``d`` shows its old self
        (``was``, else nothing) until they arrive."""
        remake = d.sprite.motion_info.get("remake")
        walker = remake(moved) if remake else d.sprite
        far = _distance(o.centre, d.centre)
        start = _sized(o.rect, walker.get_size())
        end = _sized(d.rect, walker.get_size())
        delay = self.later()
        walk = _travel(far, self.factor) * WALK / TRAVEL
        self.tweens.append(Tween(walker, start, end, walk, delay, arc=min(40.0, far * 0.12)))
        hold = was.sprite if was is not None else None
        self.tweens.append(
            Tween(
                d.sprite, d.rect, d.rect, 0.0, delay + walk, style="hold", before=hold, area=d.area
            )
        )
        self.hidden.add((d.key, d.rect))

    def appear(self, came: list[Drawn]) -> None:
        """A thing from nowhere grows in where it lies."""
        for d in came:
            self.tweens.append(
                Tween(
                    d.sprite,
                    d.rect,
                    d.rect,
                    APPEAR * self.factor,
                    self.later(),
                    style="appear",
                    area=d.area,
                )
            )
            self.hidden.add((d.key, d.rect))

    def turns_first(self) -> None:
        """What is revealed turns over first; then things go where it sent them."""
        turned = [
            t
            for t in self.tweens
            if t.before is not None and t.start == t.end and t.style == "travel"
        ]  # a hold waits for its walker: not a turn
        if turned and len(turned) < len(self.tweens):
            lag = max(t.delay + t.duration for t in turned) * 0.85
            for t in self.tweens:
                if not any(t is u for u in turned):
                    t.delay += lag

    def vanish(self, gone: list[Drawn]) -> None:
        """A thing gone fades where it was."""
        for o in gone:
            if o.kind in ("token", "card", "back"):
                self.tweens.append(
                    Tween(
                        o.sprite,
                        o.rect,
                        o.rect,
                        VANISH * self.factor,
                        0.0,
                        style="vanish",
                        area=o.area,
                    )
                )


def _sized(rect, size) -> tuple:
    """``size`` about the centre of ``rect``."""
    cx, cy = _centre(rect)
    return (cx - size[0] / 2, cy - size[1] / 2, size[0], size[1])


def _travel(pixels: float, factor: float) -> float:
    """A journey's seconds: longer for a longer way, within bounds."""
    return (TRAVEL * 0.75 + TRAVEL * 0.5 * min(1.0, pixels / 900)) * factor


def rising(before: dict, after: dict, factor: float) -> list[Tween]:
    """A rising "+n" or "-n" for each number that changed."""
    from . import fonts, theme

    out = []
    for key, (number, rect) in after.items():
        if key not in before or before[key][0] == number:
            continue
        change = number - before[key][0]
        words = ("+" if change > 0 else "\u2212") + (f"{abs(change):g}")
        size = max(24, min(44, int(rect[3] * 1.3)))
        ink = theme.OK if change > 0 else theme.DANGER
        img = fonts.text(words, size, ink, "bold")
        rim = fonts.text(words, size, (16, 12, 8), "bold")
        surf = pygame.Surface((img.get_width() + 4, img.get_height() + 4), pygame.SRCALPHA)
        for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
            surf.blit(rim, (dx, dy))  # a dark rim: it reads on any ground
        surf.blit(img, (2, 2))
        start = _sized(rect, surf.get_size())
        end = (start[0], start[1] - max(24, rect[3] * 1.6), start[2], start[3])
        out.append(Tween(surf, start, end, RISE * factor, 0.1 * factor, style="text"))
    return out


# ---------------------------------------------------------------------- one frame
def _part(surf: pygame.Surface, area) -> pygame.Surface:
    if area is None:
        return surf
    a = pygame.Rect(area).clip(surf.get_rect())
    if a.size == surf.get_size() or a.w <= 0 or a.h <= 0:
        return surf
    return surf.subsurface(a)


def _scaled(surf: pygame.Surface, w: float, h: float) -> pygame.Surface | None:
    w, h = round(w), round(h)
    if w < 1 or h < 1:
        return None
    if (w, h) == surf.get_size():
        return surf
    return pygame.transform.smoothscale(surf, (w, h))


def draw_tween(surf: pygame.Surface, tw: Tween, t: float) -> None:
    """``tw`` as it is ``t`` seconds after its motion began."""
    if tw.style == "hold":
        _draw_hold(surf, tw, t)
    elif t < tw.delay:
        _draw_waiting(surf, tw)
    else:
        p = 1.0 if tw.duration <= 0 else min(1.0, (t - tw.delay) / tw.duration)
        DRAW_STYLES.get(tw.style, _draw_travel)(surf, tw, p)


def _draw_hold(surf: pygame.Surface, tw: Tween, t: float) -> None:
    """``before`` until the delay is over, then the thing itself."""
    if t < tw.delay and tw.before is not None:
        _put(surf, _part(tw.before, None), tw.end)
    elif t >= tw.delay:
        _put(surf, _part(tw.sprite, tw.area), _shown_rect(tw.end, tw.area))


def _draw_waiting(surf: pygame.Surface, tw: Tween) -> None:
    """Before its motion begins: a thing that vanishes or travels stays where it was."""
    if tw.style in ("vanish",):
        _put(surf, _part(tw.sprite, tw.area), _shown_rect(tw.start, tw.area))
    elif tw.style == "travel":  # waiting its turn where it was
        first = tw.before if tw.before is not None else tw.sprite
        _put(surf, first, tw.start)


def _draw_vanish(surf: pygame.Surface, tw: Tween, p: float) -> None:
    if p >= 1:
        return
    img = _part(tw.sprite, tw.area)
    r = _shown_rect(tw.start, tw.area)
    k = 1 - 0.15 * ease_in_out_quad(p)
    _put(surf, img, _sized(r, (r[2] * k, r[3] * k)), 255 * (1 - ease_in_out_quad(p)))


def _draw_appear(surf: pygame.Surface, tw: Tween, p: float) -> None:
    e = ease_out_cubic(p)
    r = _shown_rect(tw.end, tw.area)
    k = 0.55 + 0.45 * e
    _put(
        surf,
        _part(tw.sprite, tw.area),
        _sized(r, (r[2] * k, r[3] * k)),
        255 * min(1.0, e * 1.6),
    )


def _draw_text(surf: pygame.Surface, tw: Tween, p: float) -> None:
    e = ease_out_cubic(p)
    r = tuple(lerp(a, b, e) for a, b in zip(tw.start, tw.end, strict=True))
    _put(surf, tw.sprite, r, 255 * (1 - max(0.0, (p - 0.6) / 0.4)))


def _draw_travel(surf: pygame.Surface, tw: Tween, p: float) -> None:
    """On its way (and a flip on the way when there is a ``before``)."""
    e = ease_in_out_cubic(p)
    x, y, w, h = (lerp(a, b, e) for a, b in zip(tw.start, tw.end, strict=True))
    y -= math.sin(math.pi * e) * tw.arc
    if p >= 1:
        _put(surf, _part(tw.sprite, tw.area), _shown_rect(tw.end, tw.area))
        return
    img = tw.sprite
    squeeze = 1.0
    if tw.before is not None:
        if e < 0.5:
            img = tw.before
            squeeze = 1 - 2 * e
        else:
            squeeze = 2 * e - 1
    if tw.area is not None and img is tw.sprite:  # the part shown grows to the end's
        sw, sh = img.get_size()
        ax, ay, aw, ah = tw.area
        fw, fh = lerp(1.0, aw / sw, e), lerp(1.0, ah / sh, e)
        img = _part(img, (0, 0, max(1, round(sw * fw)), max(1, round(sh * fh))))
        w, h = w * fw, h * fh
    cx = x + w / 2
    w = max(1.0, w * squeeze)
    _put(surf, img, (cx - w / 2, y, w, h))


#: how a tween of each style is drawn once its motion began (any other: travel)
DRAW_STYLES = {"vanish": _draw_vanish, "appear": _draw_appear, "text": _draw_text}


def _shown_rect(rect, area) -> tuple:
    if area is None:
        return rect
    return (rect[0] + area[0], rect[1] + area[1], area[2], area[3])


def _put(surf: pygame.Surface, img: pygame.Surface, rect, alpha: float = 255) -> None:
    img = _scaled(img, rect[2], rect[3])
    if img is None:
        return
    if alpha < 255:
        if alpha <= 0:
            return
        img = img.copy()
        img.set_alpha(int(alpha))
    surf.blit(img, (round(rect[0]), round(rect[1])))
