"""Runes of Mayhem rules engine (RM-1 .. RM-17, base game and the learning variant L).

The engine runs every step without a decision (production, dice, falls, burial removal,
draws, the End phase) and stops when a seat must decide; a decision with a single legal
option is taken by the engine and logged as ``AUTO``.  Events are ``(visibility, KIND,
*args)`` tuples: ``PUBLIC`` (-1), a seat, or ``NOBODY`` (-2) for pile orders.

Engine readings where the spec leaves the mechanics open:

* RM-5.6 / RM-5.7 (secret, simultaneous): the Viking decides first, then the
  Anglo-Saxon; neither observation shows the other's pending choice.  The token splits
  are applied once both are made.
* RM-8.2: ``RE`` accepts any legal arrangement (given as the moved units' new places);
  the legal list offers ``RE -`` and every single move or swap (an agent's menu).
* RM-10.7: ``OPEN c`` is offered only for a column where some unit could fight or
  siege; a column with nothing left to do offers only ``CLOSE``.
* RM-14.2: the final split is all that counts, so the legal list offers one ``MOVE``
  per Main phase (any amount either way).
* RM-14.6: ``TRADE`` rolls the three dice, then ``TRADE g/f`` splits the total.
* RM-12.6, RM-16.6, RM-16.9: a direct shot is optional (``PLAY`` with or without
  ``DS>x``); Heroic Arrival with a target and Lock are taken whenever a target exists.
* RM-16.9: a Looter's freed token asks the Anglo-Saxon ``RET g|f`` at once, before any
  other decision.
"""

from __future__ import annotations

from itertools import combinations

from game.core.contract import PUBLIC, BadConfig, IllegalAction
from game.core.rng import Rng

from .actions import RMAction, make, parse_action
from .content import (
    BASIC,
    BEATS,
    CARDS,
    DIE,
    HAND_LIMIT,
    SIDES,
    START_SP,
    TOKENS,
    TURN_CAP,
    WALL_CAP,
    code,
    cost,
    deck_of,
    heal_n,
    hero_arrival,
    is_castle,
    is_priest,
    is_ranged,
    keys,
    klass,
)
from .state import RMState

NOBODY = -2
MODULES = ("K", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "L")
AVAILABLE = frozenset({"L"})
_CONFIG_KEYS = {"players", "modules", "seats", "levels"}
CELLS = [[f"{SIDES[p]}{c}{r}" for r in (1, 2, 3) for c in (1, 2, 3)] for p in (0, 1)]


def normalize_config(config: dict | None) -> dict:
    """RM-3: validate the module switches."""
    config = dict(config or {})
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise BadConfig(f"unknown Runes of Mayhem options: {', '.join(sorted(unknown))}")
    if config.get("players", 2) != 2:
        raise BadConfig("Runes of Mayhem is a game for exactly 2 players (RM-1.2)")
    mods = config.get("modules", [])
    if isinstance(mods, str):
        mods = [m for m in mods.split(",") if m]
    if not isinstance(mods, list | tuple) or not all(isinstance(m, str) for m in mods):
        raise BadConfig("modules must be a list of RM-3 module codes")
    for m in mods:
        if m not in MODULES:
            raise BadConfig(f"unknown module {m!r} (RM-3.1: {', '.join(MODULES)})")
    if len(set(mods)) != len(mods):
        raise BadConfig("a module is named twice")
    if "L" in mods and len(mods) > 1:
        raise BadConfig("the learning game L excludes every other module (RM-3.3)")
    if "X4" in mods and "K" not in mods:
        raise BadConfig("module X4 (King units) requires module K (RM-3.1)")
    for m in mods:
        if m not in AVAILABLE:
            raise BadConfig(f"module {m} is not available yet in this engine")
    out = {"players": 2, "modules": sorted(mods, key=MODULES.index)}
    return out


def _emit(log: list | None, vis: int, kind: str, *args) -> None:
    if log is not None:
        log.append((vis, kind, *args))


def side_of(card: str) -> int:
    return 0 if card[0] == "V" else 1


def cell_of(col: int, row: int, side: int) -> str:
    return f"{SIDES[side]}{col}{row}"


class RunesOfMayhem:
    """The Runes of Mayhem rules behind the core contract."""

    name = "runes-of-mayhem"
    title = "Runes of Mayhem"
    min_seats = 2
    max_seats = 2
    ai_levels = {
        "easy": {"iterations": 60, "millis": 40, "rollout_depth": 40},
        "medium": {"iterations": 300, "millis": 150, "rollout_depth": 60},
        "hard": {"iterations": 1000, "millis": 400, "rollout_depth": 80},
    }

    # ---------------------------------------------------------------- set-up
    def default_config(self, seats: int) -> dict:
        return normalize_config({"players": seats})

    def new_game(self, config: dict, seed: int, log: list | None = None) -> RMState:
        cfg = normalize_config(config)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadConfig("the seed must be an integer")
        s = RMState(cfg, seed)
        learning = "L" in cfg["modules"]
        _emit(log, PUBLIC, "GAME", f"seed={seed}", "mods=" + (",".join(cfg["modules"]) or "-"))
        for p in (0, 1):  # RM-5.2
            cards = deck_of(p, learning)
            s.deck_size[p] = len(cards)
            s.rng.shuffle(cards)
            s.pile[p] = cards
            _emit(log, PUBLIC, "SHUF", SIDES[p])
            _emit(log, NOBODY, "ORDER", SIDES[p], *cards[::-1])
            s.sp[p] = s.limit[p] = START_SP  # RM-1.6
        s.gold, s.faith = [0, 3], [0, 0]  # RM-5.8
        for p in (0, 1):  # RM-5.5
            self._draw(s, p, HAND_LIMIT, log)
        s.step, s.setup_seat = "MULL", 0
        self._settle(s, log)
        return s

    def seat_names(self, state: RMState) -> list[str]:
        return list(SIDES)

    # ---------------------------------------------------------------- contract
    def to_act(self, state: RMState) -> int | None:
        return self.decider(state)

    @staticmethod
    def decider(s: RMState) -> int | None:
        if s.step == "OVER":
            return None
        if s.ret_pending:
            return 1
        if s.step in ("MULL", "TOK"):
            return s.setup_seat
        if s.step in ("BURIAL1", "BURIAL2"):
            return s.heal_seat
        return s.active

    def is_over(self, state: RMState) -> bool:
        return state.step == "OVER"

    def clone(self, state: RMState) -> RMState:
        return state.clone()

    def to_json(self, state: RMState) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> RMState:
        return RMState.from_json(data)

    def parse_action(self, text: str) -> RMAction:
        return parse_action(text)

    def observation(self, state: RMState, seat: int) -> dict:
        from .observe import observation

        return observation(state, seat)

    def determinize(self, obs: dict, rng: Rng) -> RMState:
        from .observe import determinize

        return determinize(obs, rng)

    def check_invariants(self, state: RMState) -> list[str]:
        from .invariants import check_invariants

        return check_invariants(state, self)

    def heuristic(self, state: RMState, seat: int) -> float:
        from .ai import heuristic

        return heuristic(state, seat)

    def playout_action(self, state: RMState, rng: Rng) -> RMAction:
        from .ai import policy_action

        return policy_action(self, state, rng, 0.1)

    def greedy_action(self, state: RMState, legal: list, rng: Rng) -> RMAction:
        from .ai import policy_action

        a = policy_action(self, state, rng, 0.0)
        return a if a in legal else rng.choice(legal)

    def describe_event(self, event: tuple) -> str:
        return " ".join(str(x) for x in event[1:])

    def scores(self, state: RMState) -> list[float]:
        return [state.sp[p] / state.limit[p] for p in (0, 1)]

    def winners(self, state: RMState) -> list[int]:
        if state.step != "OVER" or state.winner is None:
            return []
        return [state.winner]

    def legal_actions(self, state: RMState) -> list[RMAction]:
        return self._cached(state)[:]

    def random_action(self, state: RMState, rng: Rng) -> RMAction:
        legal = self._cached(state)
        return legal[rng.below(len(legal))]

    def apply(self, state: RMState, action: RMAction | str, log: list | None = None) -> None:
        if not isinstance(action, RMAction):
            action = parse_action(action)
        who = self.decider(state)
        if who is None:
            raise IllegalAction("the game is over", "RM-17.1")
        if action.side != SIDES[who]:
            raise IllegalAction(f"it is {SIDES[who]}'s decision, not {action.side}'s", "RM-6.1")
        if action.verb == "RE" and state.step == "RE" and not state.ret_pending:
            why = self._check_re(state, action)
            if why:
                raise IllegalAction(why, "RM-8.2")
        elif action not in self._cached(state):
            raise IllegalAction(*self._why_illegal(state, action))
        _emit(log, PUBLIC if action.verb not in ("MULL", "TOK") else who, "ACT", str(action))
        self._do(state, action, log)
        self._settle(state, log)

    # ---------------------------------------------------------------- legal actions
    def _cached(self, s: RMState) -> list[RMAction]:
        if s._legal is None:
            s._legal = self._legal(s)
        return s._legal

    def _settle(self, s: RMState, log: list | None) -> None:
        while s.step != "OVER":
            legal = self._legal(s)
            if len(legal) != 1:
                s._legal = legal
                return
            _emit(log, PUBLIC, "AUTO", str(legal[0]))
            self._do(s, legal[0], log)
        s._legal = []

    def _why_illegal(self, s: RMState, a: RMAction) -> tuple[str, str]:
        step, v = s.step, a.verb
        if s.ret_pending:
            return "a freed production token must be returned first", "RM-16.9"
        rules = {
            "MULL": "RM-5.6", "TOK": "RM-5.7", "RE": "RM-8.2", "RESOLVE": "RM-10.8",
            "BURIAL1": "RM-13.3", "BURIAL2": "RM-13.3", "MAIN": "RM-14", "DISC": "RM-15.1",
        }  # fmt: skip
        rule = rules.get(step, "RM-6.2")
        if step == "MAIN":
            if v == "TRADE" and s.main.get("played"):
                return "a card was played this Main phase: no trade", "RM-14.3"
            if v == "PLAY" and s.main.get("traded"):
                return "a trade was made this Main phase: no card play", "RM-14.3"
            if v == "PLAY":
                return f"{a.arg} cannot be played now (cost or destination)", "RM-14.4"
            if v == "TRADE":
                return "that trade split does not match the roll", "RM-14.6"
        if step == "RESOLVE" and v in ("F", "SG"):
            return f"{a.arg} is not a legal {'fight' if v == 'F' else 'siege'} now", (
                "RM-10.2" if v == "F" else "RM-11.1"
            )
        if step == "TOK":
            return "the 7 tokens must be split between gold and faith", "RM-5.7"
        return f"{a} is not legal in step {step}", rule

    def _legal(self, s: RMState) -> list[RMAction]:
        step = s.step
        if step == "OVER":
            return []
        if s.ret_pending:
            return [make("A", "RET", "g"), make("A", "RET", "f")]
        me = self.decider(s)
        sd = SIDES[me]
        if step == "MULL":
            hand = sorted(s.hand[me])
            out = [make(sd, "MULL", "-")]
            for k in range(1, len(hand) + 1):
                out += [make(sd, "MULL", ",".join(c)) for c in combinations(hand, k)]
            return out
        if step == "TOK":
            return [make(sd, "TOK", f"{g}/{TOKENS - g}") for g in range(TOKENS + 1)]
        if step == "RE":
            return self._re_menu(s, me)
        if step == "RESOLVE":
            return self._resolve_legal(s, me)
        if step in ("BURIAL1", "BURIAL2"):
            return self._heal_legal(s, me)
        if step == "MAIN":
            return self._main_legal(s, me)
        if step == "DISC":
            return [make(sd, "DISC", "-")] + [make(sd, "DISC", c) for c in sorted(s.hand[me])]
        raise AssertionError(step)

    # ---------------------------------------------------------------- board helpers
    @staticmethod
    def loc(s: RMState, card: str) -> str | None:
        for cell, c in s.cells.items():
            if c == card:
                return cell
        p = side_of(card)
        if card in s.wall[p]:
            return SIDES[p] + "W"
        return None

    def uname(self, s: RMState, card: str) -> str:
        where = self.loc(s, card)
        return f"{where}:{card}" if where and where.endswith("W") else str(where)

    @staticmethod
    def by_name(s: RMState, name: str) -> str | None:
        if ":" in name:
            w, card = name.split(":", 1)
            return card if card in s.wall["VA".index(w[0])] else None
        return s.cells.get(name)

    @staticmethod
    def living(s: RMState, card: str) -> bool:
        return s.u[card][1] == 0

    def column_units(self, s: RMState, side: int, col: int, alive: bool = True) -> list:
        """(row, card) of ``side`` in column ``col``, front first."""
        out = []
        for r in (1, 2, 3):
            c = s.cells.get(cell_of(col, r, side))
            if c and (not alive or s.u[c][1] == 0):
                out.append((r, c))
        return out

    @staticmethod
    def formation(s: RMState, side: int, row: int) -> str | None:
        """RM-16.2: the class of a full row of basic units of one class."""
        cls = None
        for col in (1, 2, 3):
            c = s.cells.get(cell_of(col, row, side))
            if c is None:
                return None
            k = klass(c)
            if k not in BASIC or (cls is not None and k != cls):
                return None
            cls = k
        return cls

    def cur_s(self, s: RMState, card: str) -> int:
        """RM-9.2 current strength."""
        info = CARDS[code(card)]
        val = info[3]
        cell = next((k for k, v in s.cells.items() if v == card), None)
        if cell is None or s.u[card][1]:
            return val
        p = side_of(card)
        form = self.formation(s, p, int(cell[2]))
        if form == "SPEAR":
            val += 1
        elif form == "CAV" and s.active == p:
            val += 2
        if "FRENZY" in info[7]:
            val += s.u[card][0]
        return max(0, val)

    def cur_l(self, s: RMState, card: str) -> int:
        """RM-9.2 current life."""
        info = CARDS[code(card)]
        val = info[4]
        cell = next((k for k, v in s.cells.items() if v == card), None)
        if cell is None:
            return val
        p = side_of(card)
        form = self.formation(s, p, int(cell[2]))
        if form == "SPEAR":
            val += 1
        elif form == "MELEE" and s.active != p:
            val += 2
        if cell[2] == "1":  # Fyrd Spearmen: Brace (RM-27.4)
            sup = s.cells.get(cell[:2] + "2")
            if sup and "BRACE" in keys(sup) and s.u[sup][1] == 0:
                val += 1
        return val

    def protection(self, s: RMState, side: int) -> int:
        """RM-11.4."""
        n = 0
        for c in s.wall[side]:
            if s.u[c][1] == 0 and (not is_castle(c) or code(c) == "A-BLD"):
                n += 1
        return n

    def roll(self, s: RMState) -> int:
        if s.dice:
            return s.dice.pop(0)
        return DIE[s.rng.below(6)]

    # ---------------------------------------------------------------- damage
    def _damage(self, s: RMState, card: str, n: int) -> None:
        if "HIDE" in keys(card):  # Bear Warrior (RM-27.3)
            n = max(0, n - 1)
        s.u[card][0] += n

    def _falls(self, s: RMState, log: list | None) -> None:
        """RM-9.6 continuous state check."""
        changed = True
        while changed:
            changed = False
            for card, st in s.u.items():
                if st[1] == 0 and st[0] > 0 and st[0] >= self.cur_l(s, card):
                    st[1], st[0], st[2] = 1, 0, 0
                    changed = True
                    _emit(log, PUBLIC, "FALL", self.uname(s, card))
                    if st[3]:  # RM-16.9: the token goes back at once
                        st[3] = ""
                        s.ret_pending += 1

    def _hit_fortress(self, s: RMState, side: int, raw: int, log: list | None) -> int:
        dmg = max(0, raw - self.protection(s, side))
        s.sp[side] = max(0, s.sp[side] - dmg)
        _emit(log, PUBLIC, "HIT", SIDES[side] + "F", dmg, s.sp[side])
        if s.sp[side] == 0 and s.step != "OVER":
            self._game_over(s, 1 - side, "FORTRESS", log)
        return dmg

    def _game_over(self, s: RMState, winner: int | None, why: str, log: list | None) -> None:
        s.step, s.winner, s.end = "OVER", winner, why
        s.ret_pending = 0
        _emit(log, PUBLIC, "WIN", SIDES[winner] if winner is not None else "-", why)

    # ---------------------------------------------------------------- cards
    def _draw(self, s: RMState, p: int, n: int, log: list | None) -> int:
        drawn = []
        for _ in range(n):
            if not s.pile[p]:
                if not s.discard[p]:
                    break
                s.pile[p] = s.discard[p]  # RM-15.4
                s.discard[p] = []
                s.rng.shuffle(s.pile[p])
                _emit(log, PUBLIC, "SHUF", SIDES[p])
            drawn.append(s.pile[p].pop())
        s.hand[p] += drawn
        if drawn:
            _emit(log, PUBLIC, "DRAW", SIDES[p], len(drawn))
            _emit(log, p, "DREW", SIDES[p], *drawn)
        return len(drawn)

    def _leave(self, s: RMState, card: str) -> None:
        """A unit leaves play to its owner's discard pile (RM-13.4, RM-14.7)."""
        p = side_of(card)
        where = self.loc(s, card)
        if where is None:
            return
        if where.endswith("W"):
            s.wall[p].remove(card)
        else:
            del s.cells[where]
        st = s.u.pop(card)
        if st[3]:
            s.ret_pending += 1
        s.discard[p].append(card)

    # ---------------------------------------------------------------- reorganize
    def _re_menu(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        out = [make(sd, "RE", "-")]
        mine = [c for c in s.u if side_of(c) == me]
        spots = [c for c in CELLS[me]] + [sd + "W"]
        cur = {c: self.loc(s, c) for c in mine}
        for c in sorted(mine):
            for d in spots:
                if d == cur[c]:
                    continue
                occupant = s.cells.get(d) if not d.endswith("W") else None
                if occupant is None:
                    arg = f"{c}@{d}"
                elif occupant > c:
                    arg = f"{c}@{d} {occupant}@{cur[c]}"
                else:
                    continue
                a = make(sd, "RE", arg)
                if not self._check_re(s, a):
                    out.append(a)
        return out

    def _check_re(self, s: RMState, a: RMAction) -> str | None:
        me = "VA".index(a.side)
        if a.arg == "-":
            return None
        moves = {}
        for part in a.arg.split(" "):
            card, dest = part.split("@")
            if card in moves:
                return f"{card} is placed twice"
            if card not in s.u or side_of(card) != me:
                return f"{card} is not a unit of yours in play"
            if dest[0] != a.side:
                return "units stay on their own side"
            moves[card] = dest
        place = {c: self.loc(s, c) for c in s.u if side_of(c) == me}
        place.update(moves)
        taken: set = set()
        wall = 0
        for card, where in place.items():
            if where.endswith("W"):
                if klass(card) == "LOOTER":
                    return "a Looter never stands on the Wall (RM-16.9)"
                if not is_castle(card):
                    wall += 1
                continue
            if where in taken:
                return f"two units in {where} (RM-4.3)"
            taken.add(where)
            if where[2] == "3" and not is_priest(card):
                return f"row 3 holds priests only: {card} (RM-4.3)"
        if wall > WALL_CAP:
            return f"the Wall holds at most {WALL_CAP} units (RM-4.4)"
        return None

    # ---------------------------------------------------------------- resolve combats
    def _fights_in(self, s: RMState, me: int, col: int) -> list[tuple[str, str]]:
        """(attacker name, target name) of every legal F in an open column."""
        c = s.cmb
        out = []
        foe = self.column_units(s, 1 - me, col)
        if not foe:
            return out
        mine = self.column_units(s, me, col, alive=False)
        blocked = False
        for _r, u in mine:
            st = s.u[u]
            if st[1]:
                continue
            ok = u not in c["done"] and not is_priest(u)
            if is_ranged(u):
                if ok and not st[2]:
                    out += [(self.uname(s, u), self.uname(s, t)) for _, t in foe]
                blocked = True
                continue
            if ok and not blocked:
                out.append((self.uname(s, u), self.uname(s, foe[0][1])))
            blocked = True
        for u in s.wall[me]:  # RM-16.8 Castle Defenders from the Wall
            if code(u) == "A-CDF" and s.u[u][1] == 0 and not s.u[u][2] and u not in c["done"]:
                out += [(self.uname(s, u), self.uname(s, t)) for _, t in foe]
        return out

    def _sieges_in(self, s: RMState, me: int, col: int) -> list[str]:
        c = s.cmb
        if self.column_units(s, 1 - me, col):
            return []
        out = []
        for _r, u in self.column_units(s, me, col):
            if u in c["done"] or u in c["sieged"] or u in c["flanked"] or is_priest(u):
                continue
            if is_ranged(u) and s.u[u][2]:
                continue
            out.append(u)
        return out

    def _flank_targets(self, s: RMState, me: int, u: str, row: int) -> list[str]:
        if "FLANK" not in keys(u) or u in s.cmb["flanked"]:
            return []
        col = s.cmb["open"]
        out = []
        for c2 in (col - 1, col + 1):
            if 1 <= c2 <= 3:
                t = s.cells.get(cell_of(c2, row, 1 - me))
                if t and s.u[t][1] == 0:
                    out.append(cell_of(c2, row, 1 - me))
        return out

    def _resolve_legal(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        c = s.cmb
        mode = c["mode"]
        if mode == "IDLE":
            out = []
            for col in (1, 2, 3):
                if col in c["opened"]:
                    continue
                c["open"] = col
                if self._fights_in(s, me, col) or self._sieges_in(s, me, col):
                    out.append(make(sd, "OPEN", str(col)))
                c["open"] = 0
            return out + [make(sd, "EC")]
        col = c["open"]
        if mode == "COL":
            out = [make(sd, "F", f"{u}>{t}") for u, t in self._fights_in(s, me, col)]
            out += [make(sd, "SG", f"{self.loc(s, u)}>{SIDES[1 - me]}F")
                    for u in self._sieges_in(s, me, col)]  # fmt: skip
            if not out:
                return [make(sd, "CLOSE")]
            return out + [make(sd, "CLOSE"), make(sd, "EC")]
        u = c["u"]
        if mode == "COVER":
            out = [make(sd, "COV")]
            out += [make(sd, "FL", t) for t in self._flank_targets(s, me, u, c["trow"])]
            return out
        tail = [make(sd, "STOP"), make(sd, "CLOSE"), make(sd, "EC")]
        if mode in ("DRAWN", "FLANK"):
            return [make(sd, "CONT")] + tail
        # WON
        out = []
        if self.column_units(s, 1 - me, col):
            out.append(make(sd, "CONT"))
        elif u not in c["sieged"]:
            out.append(make(sd, "SG", f"{self.loc(s, u)}>{SIDES[1 - me]}F"))
        out += [make(sd, "FL", t) for t in self._flank_targets(s, me, u, c["trow"])]
        return out + tail

    def _fight(self, s: RMState, u: str, t: str, log: list | None) -> None:
        """RM-9: one fight of attacking ``u`` against defending ``t``."""
        cu, ct = klass(u), klass(t)
        counter = not is_ranged(u) and not is_priest(t)
        u_dis = t_dis = False
        if cu in BASIC and ct in BASIC and cu != ct:
            if BEATS[cu] == ct:
                t_dis = True
            elif BEATS[ct] == cu:
                u_dis = True
        if is_ranged(t):
            t_dis = True
        nu = 0 if u_dis else (2 if "RECKLESS" in keys(u) else 1)
        nt = 0 if (t_dis or not counter or "RECKLESS" in keys(t)) else 1
        du = [self.roll(s) for _ in range(nu)]
        dt = [self.roll(s) for _ in range(nt)]
        hit_t = self.cur_s(s, u) + sum(du)
        hit_u = self.cur_s(s, t) + sum(dt) if counter else 0
        uname, tname = self.uname(s, u), self.uname(s, t)
        self._damage(s, t, hit_t)
        if counter:
            self._damage(s, u, hit_u)
        rolls = _dice(du) + "|" + (_dice(dt) if counter else "-")
        _emit(log, PUBLIC, "FIGHT", f"{uname}>{tname}", rolls, hit_t, hit_u)
        s.last["fights"] = s.last.get("fights", 0) + 1
        self._falls(s, log)

    def _after_fight(self, s: RMState, u: str, t: str, t_cell: str, flank: bool) -> None:
        """RM-10.4 outcome table."""
        c = s.cmb
        me = side_of(u)
        if flank:
            if s.u[u][1] or s.u[t][1]:
                self._done(s, u)
            else:
                c.update(mode="FLANK", u=u, t=t)
            return
        if s.u[u][1]:
            self._done(s, u)
            return
        if is_ranged(u):
            s.u[u][2] = 1
            self._done(s, u)
            return
        if not s.u[t][1]:
            c.update(mode="DRAWN", u=u, t=t)
            return
        trow = int(t_cell[2])
        c["trow"] = trow
        if trow == 1:
            sup = s.cells.get(t_cell[:2] + "2")
            if sup and s.u[sup][1] == 0:
                c.update(mode="COVER", u=u, t=sup)
                return
        c.update(mode="WON", u=u, t=None)
        _ = me

    def _done(self, s: RMState, u: str | None) -> None:
        c = s.cmb
        if u and u not in c["done"]:
            c["done"].append(u)
        c.update(mode="COL", u=None, t=None)

    def _siege(self, s: RMState, u: str, log: list | None) -> None:
        me = side_of(u)
        c = s.cmb
        if self.column_units(s, 1 - me, c["open"]):
            s.last["bad_siege"] = True  # RM-INV-12
        n = 2 if "WAR" in keys(u) else 1
        dice = [self.roll(s) for _ in range(n)]
        raw = self.cur_s(s, u) + sum(dice)
        _emit(log, PUBLIC, "SIEGE", f"{self.loc(s, u)}>{SIDES[1 - me]}F", _dice(dice), raw)
        c["sieged"].append(u)
        if is_ranged(u):
            s.u[u][2] = 1
        self._done(s, u)
        self._hit_fortress(s, 1 - me, raw, log)

    # ---------------------------------------------------------------- burial
    def _healers(self, s: RMState, p: int) -> list[str]:
        out = []
        for card, st in s.u.items():
            if side_of(card) != p or st[1] or not heal_n(card):
                continue
            where = self.loc(s, card)
            if where.endswith("W") and code(card) != "A-CCH":
                continue
            out.append(card)
        return sorted(out)

    def _heal_legal(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        fallen = sorted(self.uname(s, c) for c, st in s.u.items() if side_of(c) == me and st[1])
        out = [make(sd, "HEAL", "-")]
        if not fallen:
            return out
        for pr in self._healers(s, me):
            pn = self.uname(s, pr)
            for k in range(1, min(heal_n(pr), len(fallen)) + 1):
                out += [make(sd, "HEAL", f"{pn}:{','.join(t)}") for t in combinations(fallen, k)]
        return out

    def _burial_remove(self, s: RMState, log: list | None) -> None:
        """RM-13.4, RM-13.5."""
        while True:
            gone = [c for c, st in s.u.items() if st[1]]
            if not gone:
                return
            for card in gone:
                _emit(log, PUBLIC, "RM", self.uname(s, card))
                self._leave(s, card)
            self._falls(s, log)

    # ---------------------------------------------------------------- main phase
    def _dests(self, s: RMState, me: int, card: str) -> list[str]:
        out = []
        rows = (1, 2, 3) if is_priest(card) else (1, 2)
        for r in rows:
            for col in (1, 2, 3):
                cell = cell_of(col, r, me)
                if cell not in s.cells:
                    out.append(cell)
        if klass(card) != "LOOTER":
            used = sum(1 for c in s.wall[me] if not is_castle(c))
            if is_castle(card) or used < WALL_CAP:
                out.append(SIDES[me] + "W")
        return out

    def _main_legal(self, s: RMState, me: int) -> list[RMAction]:
        sd = SIDES[me]
        m = s.main
        if m.get("roll") is not None:
            r = m["roll"]
            return [make(sd, "TRADE", f"{g}/{r - g}") for g in range(r + 1)]
        out = []
        if not m.get("traded"):
            seen = set()
            for card in sorted(s.hand[me]):
                g, f = cost(card)
                if g > s.gold[me] or f > s.faith[me]:
                    continue
                for d in self._dests(s, me, card):
                    for extra in self._extras(s, me, card, d):
                        a = make(sd, "PLAY", f"{card}@{d}{extra}")
                        if a not in seen:
                            seen.add(a)
                            out.append(a)
        if not m.get("played") and not m.get("traded"):
            out.append(make(sd, "TRADE"))
        if not m.get("moved"):
            gt, ft = s.tok[me]
            out += [make(sd, "MOVE", f"g>f {n}") for n in range(1, gt + 1)]
            out += [make(sd, "MOVE", f"f>g {n}") for n in range(1, ft + 1)]
        for card, st in sorted(s.u.items()):
            if side_of(card) == me and not st[1]:
                out.append(make(sd, "SAC", self.uname(s, card)))
        out.append(make(sd, "END"))
        return out

    def _extras(self, s: RMState, me: int, card: str, dest: str) -> list[str]:
        foe = 1 - me
        on_field = not dest.endswith("W")
        out = [""]
        if is_ranged(card) and (on_field or code(card) == "A-CDF"):  # RM-12.6
            targets = [cell for cell, c in s.cells.items() if side_of(c) == foe and s.u[c][1] == 0]
            targets += [f"{SIDES[foe]}W:{c}" for c in s.wall[foe] if s.u[c][1] == 0]
            out += [f" DS>{t}" for t in sorted(targets)] + [f" DS>{SIDES[foe]}F"]
            return out
        ha = hero_arrival(card)
        if ha and on_field:  # RM-16.6
            if ha == "HA_UNIT4":
                t = sorted(x for x, c in s.cells.items() if side_of(c) == foe and not s.u[c][1])
                return [f" HA>{x}" for x in t] or [""]
            if ha == "HA_COLUMN2":
                return [f" HA>{col}" for col in (1, 2, 3)]
            if ha == "HA_RECOVER":
                return [f" HA>{x}" for x in sorted(set(s.discard[me]))] or [""]
            return [""]
        if klass(card) == "LOOTER" and on_field:  # RM-16.9
            lk = [f" LOCK {x}" for x, n in zip("gf", s.tok[foe], strict=True) if n > 0]
            return lk or [""]
        return out

    def _play(self, s: RMState, me: int, arg: str, log: list | None) -> None:
        parts = arg.split(" ")
        card, dest = parts[0].split("@")
        g, f = cost(card)
        s.gold[me] -= g
        s.faith[me] -= f
        s.hand[me].remove(card)
        s.u[card] = [0, 0, 0, ""]
        if dest.endswith("W"):
            s.wall[me].append(card)
        else:
            s.cells[dest] = card
        s.main["played"] = True
        foe = 1 - me
        for extra in parts[1:]:
            if extra.startswith("DS>"):  # RM-12.6
                tgt = extra[3:]
                s.u[card][2] = 1
                if tgt.endswith("F"):
                    n = 2 if "WAR" in keys(card) else 1
                    dice = [self.roll(s) for _ in range(n)]
                    raw = self.cur_s(s, card) + sum(dice)
                    _emit(log, PUBLIC, "SHOT", tgt, _dice(dice), raw)
                    self._hit_fortress(s, foe, raw, log)
                    if s.step == "OVER":
                        return
                else:
                    t = self.by_name(s, tgt)
                    dice = [self.roll(s)]
                    raw = self.cur_s(s, card) + sum(dice)
                    _emit(log, PUBLIC, "SHOT", tgt, _dice(dice), raw)
                    self._damage(s, t, raw)
                    self._falls(s, log)
            elif extra.startswith("HA>") or extra == "":
                pass
        ha = hero_arrival(card) if not dest.endswith("W") else None
        tgt = next((x[3:] for x in parts[1:] if x.startswith("HA>")), None)
        if ha == "HA_UNIT4" and tgt:
            self._damage(s, s.cells[tgt], 4)
        elif ha == "HA_DRAW2":
            self._draw(s, me, 2, log)
        elif ha == "HA_RANDDISC" and s.hand[foe]:
            lost = s.hand[foe].pop(s.rng.below(len(s.hand[foe])))
            s.discard[foe].append(lost)
            _emit(log, PUBLIC, "DISCARDED", SIDES[foe], lost)
        elif ha == "HA_FORT3":
            self._hit_fortress(s, foe, 3, log)
            if s.step == "OVER":
                return
        elif ha == "HA_RESTORE6":
            s.sp[me] = min(s.limit[me], s.sp[me] + 6)
        elif ha == "HA_COLUMN2" and tgt:
            for _r, t in self.column_units(s, foe, int(tgt)):
                self._damage(s, t, 2)
        elif ha == "HA_RECOVER" and tgt:
            s.discard[me].remove(tgt)
            s.hand[me].append(tgt)
        elif ha == "HA_WALL2":
            for t in s.wall[foe]:
                if s.u[t][1] == 0:
                    self._damage(s, t, 2)
        lock = next((x for x in parts[1:] if x in ("g", "f")), None)
        if "LOCK" in parts and lock:
            i = "gf".index(lock)
            s.tok[foe][i] -= 1
            s.u[card][3] = lock
        if "BUILD5" in keys(card):
            s.sp[me] = min(s.limit[me], s.sp[me] + 5)
        self._falls(s, log)

    # ---------------------------------------------------------------- doing
    def _do(self, s: RMState, a: RMAction, log: list | None) -> None:
        s._legal = None
        v, arg = a.verb, a.arg
        me = "VA".index(a.side)
        if v == "RET":
            s.tok[1]["gf".index(arg)] += 1
            s.ret_pending -= 1
            return
        if v == "MULL":
            aside = [] if arg == "-" else arg.split(",")
            for c in aside:
                s.hand[me].remove(c)
            s.aside[me] = aside
            s.mulled[me] = len(aside)
            _emit(log, PUBLIC, "MULLIGAN", SIDES[me], len(aside))
            self._draw(s, me, len(aside), log)
            if aside:
                s.pile[me] += aside
                s.aside[me] = []
                s.rng.shuffle(s.pile[me])
                _emit(log, PUBLIC, "SHUF", SIDES[me])
            if me == 0:
                s.setup_seat = 1
            else:
                s.step, s.setup_seat = "TOK", 0
            return
        if v == "TOK":
            g, f = map(int, arg.split("/"))
            s.pending_tok[me] = [g, f]
            if me == 0:
                s.setup_seat = 1
                return
            s.tok = s.pending_tok
            s.pending_tok = [None, None]
            toks = (f"{SIDES[p]}={t[0]}/{t[1]}" for p, t in enumerate(s.tok))
            _emit(log, PUBLIC, "TOKENS", *toks)
            self._start_turn(s, 0, log)
            return
        if v == "RE":
            if arg != "-":
                moves = [p.split("@") for p in arg.split(" ")]
                for card, _ in moves:
                    where = self.loc(s, card)
                    if where.endswith("W"):
                        s.wall[me].remove(card)
                    else:
                        del s.cells[where]
                for card, dest in moves:
                    if dest.endswith("W"):
                        s.wall[me].append(card)
                    else:
                        s.cells[dest] = card
            s.step = "RESOLVE"
            s.cmb = {"open": 0, "opened": [], "mode": "IDLE", "u": None, "t": None, "trow": 0,
                     "done": [], "sieged": [], "flanked": []}  # fmt: skip
            return
        if s.step == "RESOLVE":
            self._do_resolve(s, me, a, log)
            return
        if v == "HEAL":
            if arg == "-":
                if s.heal_seat == s.active:
                    s.heal_seat = 1 - s.active
                    if len(self._heal_legal(s, s.heal_seat)) > 1:
                        return
                self._burial_remove(s, log)
                self._after_burial(s, log)
                return
            head, rest = split_heal(arg)
            pr = self.by_name(s, head)
            targets = [self.by_name(s, n) for n in rest.split(",")]
            _emit(log, PUBLIC, "HEALED", head, *rest.split(","))
            self._leave(s, pr)
            for t in targets:
                s.u[t][0] = s.u[t][1] = 0
            return
        if v == "PLAY":
            self._play(s, me, arg, log)
            return
        if v == "TRADE":
            if not arg:
                n = 3
                dice = [self.roll(s) for _ in range(n)]
                s.main["roll"] = sum(dice)
                s.main["traded"] = True
                _emit(log, PUBLIC, "TRADEROLL", _dice(dice), sum(dice))
            else:
                g, f = map(int, arg.split("/"))
                s.gold[me] += g
                s.faith[me] += f
                s.main["roll"] = None
            return
        if v == "MOVE":
            d, n = arg.split(" ")
            n = int(n)
            i = "gf".index(d[0])
            s.tok[me][i] -= n
            s.tok[me][1 - i] += n
            s.main["moved"] = True
            return
        if v == "SAC":
            card = self.by_name(s, arg)
            self._leave(s, card)
            self._falls(s, log)
            return
        if v == "END":
            s.step = "BURIAL2"
            self._open_burial(s, log)
            return
        if v == "DISC":
            if arg != "-":
                s.hand[me].remove(arg)
                s.discard[me].append(arg)
            need = HAND_LIMIT - len(s.hand[me])  # RM-15.2
            if need > 0:
                self._draw(s, me, need, log)
            self._end_turn(s, log)
            return
        raise AssertionError(a)

    def _do_resolve(self, s: RMState, me: int, a: RMAction, log: list | None) -> None:
        c = s.cmb
        v, arg = a.verb, a.arg
        if v == "OPEN":
            c["open"] = int(arg)
            c["opened"].append(int(arg))
            c["mode"] = "COL"
        elif v in ("CLOSE", "EC"):
            if c.get("u"):
                self._done(s, c["u"])
            c.update(open=0, mode="IDLE", u=None, t=None)
            if v == "EC":
                s.step = "BURIAL1"
                self._open_burial(s, log)
        elif v == "STOP":
            self._done(s, c["u"])
        elif v == "F":
            un, tn = arg.split(">")
            u, t = self.by_name(s, un), self.by_name(s, tn)
            s.last["attackers"] = s.last.get("attackers", []) + [u]
            self._fight(s, u, t, log)
            self._after_fight(s, u, t, tn, False)
        elif v in ("CONT", "COV"):
            u = c["u"]
            flank = c["mode"] == "FLANK"
            if c["mode"] == "WON":
                t = self.column_units(s, 1 - me, c["open"])[0][1]
            else:
                t = c["t"]
            tn = self.loc(s, t)
            self._fight(s, u, t, log)
            self._after_fight(s, u, t, tn, flank)
        elif v == "FL":
            u = c["u"]
            t = s.cells[arg]
            c["flanked"].append(u)
            self._fight(s, u, t, log)
            self._after_fight(s, u, t, arg, True)
        elif v == "SG":
            un = arg.split(">")[0]
            self._siege(s, s.cells[un], log)
        else:
            raise AssertionError(a)

    def _open_burial(self, s: RMState, log: list | None) -> None:
        """RM-13.2: active player heals first, then the passive one."""
        s.heal_seat = s.active
        if not any(st[1] for st in s.u.values()):
            self._after_burial(s, log)
            return
        if len(self._heal_legal(s, s.active)) > 1:
            return
        s.heal_seat = 1 - s.active
        if len(self._heal_legal(s, s.heal_seat)) > 1:
            return
        self._burial_remove(s, log)
        self._after_burial(s, log)

    def _after_burial(self, s: RMState, log: list | None) -> None:
        s.heal_seat = s.active
        if s.step == "BURIAL1":
            s.step = "MAIN"
            s.main = {"played": False, "traded": False, "moved": False, "roll": None}
        elif s.step == "BURIAL2":
            s.step = "DISC"

    def _start_turn(self, s: RMState, p: int, log: list | None) -> None:
        s.turn += 1
        s.active = p
        _emit(log, PUBLIC, "TURN", f"T{s.turn}", SIDES[p])
        g, f = s.tok[p]  # RM-7.1
        s.gold[p] += g
        s.faith[p] += f
        _emit(log, PUBLIC, "PROD", SIDES[p], f"+{g}g", f"+{f}f")
        s.last = {"turn_start": True}
        s.cmb, s.main = {}, {}
        s.step = "RE"

    def _end_turn(self, s: RMState, log: list | None) -> None:
        """RM-15.6."""
        for st in s.u.values():
            st[0] = st[2] = 0
        self._falls(s, log)
        if s.turn >= TURN_CAP:  # RM-17.3
            a = s.sp[0] * s.limit[1]
            b = s.sp[1] * s.limit[0]
            self._game_over(s, 0 if a > b else 1 if b > a else None, "CAP", log)
            return
        self._start_turn(s, 1 - s.active, log)


def split_heal(arg: str) -> tuple[str, str]:
    """``AW:A-CCH#1:A21,VW:..`` -> (priest name, target names)."""
    n = 2 if arg[1] == "W" else 1
    parts = arg.split(":")
    return ":".join(parts[:n]), ":".join(parts[n:])


def _dice(d: list[int]) -> str:
    return "[" + ",".join(map(str, d)) + "]" if d else "-"


RULES = RunesOfMayhem()
