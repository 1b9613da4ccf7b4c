"""RM-28 computer-player knowledge: the heuristic and the rule-of-thumb policy."""

from __future__ import annotations

from functools import lru_cache

from game.core.contract import Term
from game.core.rng import Rng

from .content import (
    BASIC,
    BEATS,
    CARDS,
    DIE,
    KINGS,
    SIDES,
    code,
    cost,
    is_castle,
    is_medium,
    is_priest,
    is_ranged,
    keys,
    klass,
    value,
)
from .rules_board import split_heal
from .verbs import VERBS, make

TRADE_WORTH = 4.5  # RM-28.2: a trade's expectancy, the least a play must be worth

SEARCH_PLAYS = 4  # card plays the search looks at in a Main phase (RM-28.3 macro-actions)
SEARCH_RE = 3  # reorganizations besides keeping the line
PLAYOUT_EPS = 0.05  # share of random moves in the search's playouts


#: the parts of the RM-28.3 evaluation, named for the hint (in the order of ``_parts``)
HINT_TERMS = (
    Term("the fortresses' structure points", "RM-1.5"),
    Term("the worth of the units on the board", "RM-28.3"),
    Term("cards in hand", "RM-28.3"),
    Term("gold and faith", "RM-28.3"),
)
WIN_TERM = Term("taking the enemy fortress", "RM-17")


def _parts(s, seat: int) -> tuple[float, float, float, float]:
    """The RM-28.3 evaluation of ``seat`` in its parts (``HINT_TERMS``), his own less
    his opponent's."""
    o = 1 - seat
    sp = (
        s.strength_points[seat] / s.strength_limit[seat]
        - s.strength_points[o] / s.strength_limit[o]
    )
    board = 0.0
    own = s.module_data.get("mercenary_owners", {}) if s.module_data else {}
    for c, st in s.units.items():
        v = value(c) * (0 if st[1] else 1)
        side = own.get(c, 0 if c[0] == "V" or c == "KU-RAG" else 1)
        board += v if side == seat else -v
    hand = len(s.hand[seat]) - len(s.hand[o])
    inc = (s.gold[seat] + s.faith[seat]) - (s.gold[o] + s.faith[o])
    return 100 * sp, 0.8 * board, 1.5 * hand, 0.3 * inc


def heuristic(s, seat: int) -> float:
    """RM-28.3 evaluation, squashed into [-1, 1]."""
    if s.step == "OVER":
        return 0.0 if s.winner is None else (1.0 if s.winner == seat else -1.0)
    return max(-1.0, min(1.0, sum(_parts(s, seat)) / 100))


def heuristic_terms(s, seat: int) -> dict[Term, float]:
    """The RM-28.3 evaluation of ``seat`` in its named parts; a finished game: its end."""
    if s.step == "OVER":
        return {WIN_TERM: 0.0 if s.winner is None else (100.0 if s.winner == seat else -100.0)}
    return dict(zip(HINT_TERMS, _parts(s, seat), strict=True))


#: the cell names of each side's columns and rows, front first: ``_LINES[side][0|1][i]``
_LINES = {
    sd: ([[f"{sd}{c}{r}" for r in "123"] for c in "123"],
         [[f"{sd}{c}{r}" for c in "123"] for r in "123"])
    for sd in "VA"
}  # fmt: skip


def _front_in(cells: dict, u: dict, column: list[str]) -> str | None:
    """The front-most living unit in ``column`` (cell names, front first) of ``cells``."""
    for k in column:
        c = cells.get(k)
        if c is not None and not u[c][1]:
            return c
    return None


def _fronts(s, side: str) -> list[str | None]:
    """The front-most living unit of each column of ``side`` (V or A)."""
    return [_front_in(s.cells, s.units, column) for column in _LINES[side][0]]


def arrangement_score(s, me: int, moves: dict[str, str], foes: list | None = None) -> float:
    """RM-28.2 reorganize: +2 per column whose front beats the enemy front on the class
    wheel, -2 where it is beaten, +3 per formation, +1 per ranged unit in row 2 behind a
    living ally; ``moves`` maps moved cards to their new places; ``foes`` the enemy
    fronts (``_fronts``) when already known."""
    side = "VA"[me]
    cells = {k: c for k, c in s.cells.items() if k[0] == side and c not in moves}
    for c, where in moves.items():
        if not where.endswith("W"):
            cells[where] = c
    if foes is None:
        foes = _fronts(s, "VA"[1 - me])
    columns, rows = _LINES[side]
    score = 0.0
    for column, foe in zip(columns, foes, strict=True):
        score += _column_score(cells, s.units, column, foe)
    for row in rows:
        score += _row_score(cells, row)
    return score


def _column_score(cells: dict, u: dict, column: list[str], foe: str | None) -> int:
    """One column's share of ``arrangement_score``: its front against the enemy front,
    and a ranged unit in row 2 behind a living ally."""
    score = 0
    front = _front_in(cells, u, column)
    if front and foe:
        mine, theirs = klass(front), klass(foe)
        if BEATS.get(mine) == theirs:
            score += 2
        elif BEATS.get(theirs) == mine:
            score -= 2
    row1, row2 = cells.get(column[0]), cells.get(column[1])
    if row2 and is_ranged(row2) and row1 and not u[row1][1]:
        score += 1
    return score


def _row_score(cells: dict, row: list[str]) -> int:
    """One row's share of ``arrangement_score``: a formation, three basic units of one
    class (RM-16.2)."""
    first = cells.get(row[0])
    kind = klass(first) if first is not None else None
    if kind in BASIC and all((c := cells.get(k)) is not None and klass(c) == kind for k in row[1:]):
        return 3
    return 0


def _re_moves(a) -> dict[str, str]:
    if a.arg == "-":
        return {}
    return dict(part.split("@") for part in a.arg.split(" "))


def _re_ranked(rules, s, me: int, legal: list) -> list:
    """The RE actions best first (keeping the line wins ties): each scored by what its
    move changes in ``arrangement_score``, in the columns and rows it touches."""
    side = "VA"[me]
    foes = _fronts(s, "VA"[1 - me])
    u = s.units
    here = {k: c for k, c in s.cells.items() if k[0] == side}
    at = {c: k for k, c in here.items()}
    columns, rows = _LINES[side]
    by_column = [_column_score(here, u, col, foe) for col, foe in zip(columns, foes, strict=True)]
    by_row = [_row_score(here, row) for row in rows]
    scored = []
    for i, a in enumerate(legal):
        moves = _re_moves(a)
        change = 0
        if moves:
            cells = dict(here)
            touched = [at[c] for c in moves if c in at]
            for k in touched:
                del cells[k]
            for c, w in moves.items():
                if not w.endswith("W"):
                    cells[w] = c
                    touched.append(w)
            for j in {int(k[1]) - 1 for k in touched}:
                change += _column_score(cells, u, columns[j], foes[j]) - by_column[j]
            for j in {int(k[2]) - 1 for k in touched}:
                change += _row_score(cells, rows[j]) - by_row[j]
        # castle folk and Peasants belong on the Wall (RM-28.2 placement)
        wall = sum(0.5 if is_castle(c) else -0.5 for c, w in moves.items() if w.endswith("W"))
        gain = change + wall - (0.01 if moves else 0)
        scored.append((gain, -i, a))
    scored.sort(reverse=True)
    return [a for _, _, a in scored]


def _play_score(a, s=None) -> float:
    """RM-28.2 placement: value, front cells facing an enemy the card beats, ranged in
    row 2, priests in row 3, castle folk on the Wall, a direct shot or an arrival."""
    card, dest = a.arg.split(" ")[0].split("@")
    v = value(card)
    if dest.endswith("W"):
        v -= 0 if is_castle(card) else 1.5
    elif dest[-1] == "3":
        v += 0.5
    elif s is not None:
        v += _row_term(s, card, dest)
    if " DS>" in a.arg:
        v += 1.5 if a.arg.endswith("F") else 2
    if " HA>" in a.arg or " LOCK" in a.arg:
        v += 1
    if " HOWL " in a.arg:
        v += 1
    return v


def _row_term(s, card: str, dest: str) -> float:
    """RM-28.2 placement in rows 1 and 2: a ranged or medium unit in row 2; in row 1,
    facing an enemy front unit the card beats (or that beats it)."""
    v = 0.0
    if dest[-1] == "2" and (is_ranged(card) or is_medium(card)):
        v += 0.5
    if dest[-1] == "1":
        foe = _front(s, 1 - (0 if dest[0] == "V" else 1), dest[1])
        if foe is not None and BEATS.get(klass(card)) == klass(foe):
            v += 1
        elif foe is not None and BEATS.get(klass(foe)) == klass(card):
            v -= 1
    return v


def search_actions(rules, s, legal: list) -> list:
    """RM-28.3 macro-actions: the few moves worth searching at a decision (the policy's
    own choice always among them); reads only the deciding seat's side of ``s``.  Where
    a siege is allowed and free, passing it up (closing the column, stopping, ending the
    combat) is not grown: a siege has no counterattack and no defender roll and its damage
    is never below 0 (RM-11.3), so it costs nothing, unless a hidden trap may answer an
    Anglo-Saxon attack (RM-24.5)."""
    me = rules.decider(s)
    if s.step == "RESOLVE" and _free_siege(s, me, legal):
        legal = [a for a in legal if not VERBS[a.verb].passes]
    if len(legal) <= 5:
        return legal
    pick = policy_action(rules, s, None, 0.0)
    if s.step == "RE":
        keep = _re_ranked(rules, s, me, legal)[: SEARCH_RE + 1]
    elif s.step == "MAIN" and s.main.get("roll") is None:
        grown: dict[str, list] = {}  # the menu by how the search grows it (Verb.searched)
        for a in legal:
            grown.setdefault(VERBS[a.verb].searched, []).append(a)
        plays = sorted(grown.get("ranked", []), key=lambda a: _play_score(a, s), reverse=True)
        keep = plays[:SEARCH_PLAYS] + grown.get("all", [])  # the placement terms of RM-28.2
        if grown.get("best"):  # RM-23.3: the search weighs a hire the rule of thumb would skip
            keep.append(_best_hire(s, me, grown["best"]))
    else:
        return legal
    if pick not in keep:
        keep.append(pick)
    return [a for a in legal if a in keep]


def _free_siege(s, me: int, legal: list) -> bool:
    """A siege is among ``legal`` and no trap can answer it: the Viking's attacks never
    trigger traps, and the Anglo-Saxon's only with the traps module, whose traps he cannot
    see (RM-24.5)."""
    if not any(VERBS[a.verb].siege for a in legal):
        return False
    return me == 0 or "X6" not in s.config["modules"]


def _king_choice(rules, s, me: int, legal: list):
    """The side with the most SP (RM-27.6: the steadier King)."""
    return max(legal, key=lambda a: (KINGS[a.arg[:5]][1][a.arg[-1]][0], a.arg))


def _prod_choice(rules, s, me: int, legal: list):
    """RM-25.4: the token back where the hand needs it."""
    return legal[0] if _wants_gold(s, me) else legal[-1]


def _mulligan_choice(rules, s, me: int, legal: list):
    """The dear cards back, and the priests when the hand has too few cheap cards."""
    hand = s.hand[me]
    cheap = sum(1 for c in hand if sum(cost(c)) <= 3 and not is_priest(c))
    out = sorted(c for c in hand if sum(cost(c)) >= 7 or (cheap < 2 and is_priest(c)))
    want = ",".join(out) or "-"
    return next((a for a in legal if a.arg == want), legal[0])


def _token_choice(rules, s, me: int, legal: list):
    """The 7 tokens split as the hand's gold and faith costs are."""
    hand = s.hand[me]
    g = sum(cost(c)[0] for c in hand)
    f = sum(cost(c)[1] for c in hand)
    gold = round(7 * g / max(1, g + f))
    if f and gold == 7:
        gold = 6
    return next(a for a in legal if a.arg == f"{gold}/{7 - gold}")


def _resolve_choice(rules, s, me: int, legal: list):
    by: dict[str, list] = {}
    for a in legal:
        by.setdefault(a.verb, []).append(a)
    return _by_thumb(rules, s, me, by) or legal[0]


def _trade_split(rules, s, me: int, legal: list):
    """RM-14.6: the trade roll split."""
    r = s.main["roll"]
    g = r - r // 3
    return next(a for a in legal if a.arg == f"{g}/{r - g}")


#: the rule of each decision point, before a freed token is placed: step -> its choice
#: (rules, state, the deciding seat, the legal actions)
_SETUP_POLICY = {
    "DECK": lambda rules, s, me, legal: legal[0],  # RM-19.4: the base deck, the first option
    "KING": _king_choice,
    "TRAP": lambda rules, s, me, legal: _trap_option(rules, s, legal),
    "PROD": _prod_choice,
    "MULL": _mulligan_choice,
    "TOK": _token_choice,
}
#: ... and after it (RM-16.9: a freed token goes to the first card offered)
_PLAY_POLICY = {
    "RE": lambda rules, s, me, legal: _re_ranked(rules, s, me, legal)[0],
    "RESOLVE": _resolve_choice,
    "BURIAL1": lambda rules, s, me, legal: _heal_choice(rules, s, legal),
    "BURIAL2": lambda rules, s, me, legal: _heal_choice(rules, s, legal),
    "MAIN": _trade_split,  # (a Main phase with no roll is _main_choice's)
    "DISC": lambda rules, s, me, legal: _discard_choice(s, me, legal),
}


def policy_action(rules, s, rng: Rng | None, eps: float):
    """The RM-28.2 heuristic policy, simplified: one rule per decision point."""
    if eps and rng.random() < eps:
        return rules.random_action(s, rng)  # the same draw as over the whole menu
    me = rules.decider(s)
    if s.step == "MAIN" and not s.tokens_to_return and s.main.get("roll") is None:
        return _main_choice(rules, s, me)
    legal = rules.legal_actions(s)
    choose = _SETUP_POLICY.get(s.step)
    if choose is None and not s.tokens_to_return:
        choose = _PLAY_POLICY.get(s.step)
    return legal[0] if choose is None else choose(rules, s, me, legal)


def _main_offers(rules, s, me: int) -> dict:
    """The Main-phase menu by verb as the rule of thumb reads it, made from the menu's
    parts (RM-14): each verb's actions, but the hires (card x mercenary x cell, dozens)
    as their hand, Lodge and free cells, and the sacrifices and token moves, which it
    never takes, left unmade."""
    by: dict = {}
    for verb, _, make_part, args in rules.main_parts(s, me):
        v = VERBS[verb]
        if v.thumb_facts:
            by[verb] = args[1:]
        elif v.rank is None:
            by[verb] = None
        else:
            by.setdefault(verb, []).extend(make_part(*args))
    return by


def _main_choice(rules, s, me: int):
    """RM-28.2 Main phase: a module action worth taking, else the best play of the best
    bundle when it beats a trade, else a trade, else END (the verbs' ranks)."""
    return _by_thumb(rules, s, me, _main_offers(rules, s, me))


#: the verbs the rule of thumb looks at, in the order it does (``Verb.rank``)
_RANKED = tuple(sorted((v for v in VERBS.values() if v.rank is not None), key=lambda v: v.rank))


def _by_thumb(rules, s, me: int, by: dict):
    """RM-28.2: the verbs of the menu ``by`` (verb -> its instances) in their rank, each
    one's rule of thumb (``Verb.thumb``, ``THUMBS``) picking an instance or passing, a verb
    without one giving its first; None when every one passes."""
    for v in _RANKED:
        offered = by.get(v.name)
        if offered is None and v.name not in by:
            continue
        if v.thumb:
            pick = THUMBS[v.thumb](rules, s, me, by, offered)
            if pick is not None:
                return pick
        else:
            return offered[0]
    return None


def _play_thumb(rules, s, me: int, by: dict, plays: list):
    """RM-28.2 play or trade: the best play of the best bundle when it beats a trade."""
    if plays:
        if s.main.get("played"):
            return max(plays, key=lambda a: _play_score(a, s))
        bundle = _best_bundle(s, me)
        if bundle[0] >= TRADE_WORTH or "TRADE" not in by:
            mine = [a for a in plays if a.arg.split("@")[0] in bundle[1]] or plays
            best = max(mine, key=lambda a: _play_score(a, s))
            if _play_score(best, s) >= 3 or bundle[0] >= TRADE_WORTH:
                return best
    return None


# ---------------------------------------------------------------- RM-28.1 fight oracle
def _sums(n: int) -> dict[int, float]:
    """The distribution of the sum of ``n`` dice of RM-27.1."""
    out = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in out.items():
            for face in DIE:
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        out = nxt
    return out


_SUMS = [_sums(n) for n in range(3)]


def fight_odds(rules, s, u: str, t: str) -> tuple[float, float]:
    """RM-28.1: P(the target falls), P(the attacker falls) in one fight of ``u`` on ``t``
    (the class wheel, Reckless, counterattacks and Venom; tower and trap effects left
    out)."""
    cu, ct = klass(u), klass(t)
    counter = not is_ranged(u) and not is_medium(u) and not is_priest(t)
    u_dis = cu in BASIC and ct in BASIC and BEATS[ct] == cu
    t_dis = (cu in BASIC and ct in BASIC and BEATS[cu] == ct) or is_ranged(t)
    nu = 0 if u_dis else (2 if "RECKLESS" in keys(u) else 1)
    nt = 0 if (t_dis or not counter or "RECKLESS" in keys(t)) else 1
    need_t = rules.cur_l(s, t) - s.units[t][0] - rules.cur_s(s, u)
    need_u = rules.cur_l(s, u) - s.units[u][0] - rules.cur_s(s, t)
    venom_u, venom_t = "VENOM" in keys(u), "VENOM" in keys(t)
    p_kill = sum(
        p
        for x, p in _SUMS[nu].items()
        if x >= need_t or (venom_u and x + rules.cur_s(s, u) > 0 and x + 2 >= need_t)
    )
    p_fall = 0.0
    if counter:
        p_fall = sum(
            p for x, p in _SUMS[nt].items() if x >= need_u or (venom_t and x + 2 >= need_u)
        )
    return p_kill, p_fall


def _front(s, side: int, col: str) -> str | None:
    """The front-most living unit of seat ``side`` in column ``col`` ("1" to "3")."""
    return _front_in(s.cells, s.units, _LINES["VA"[side]][0][int(col) - 1])


# RM-28.2 Resolve combats: a siege first, then cover or flank, fight on or stop, fight,
# open a column, close or end (the verbs' ranks, ``_by_thumb``)
def _flanks(by: dict) -> list:
    """The flank fights offered (the verbs whose rule of thumb is the flank's)."""
    return [a for v in _RANKED if v.thumb == "flank" for a in by.get(v.name) or ()]


def _best_flank(rules, s, u: str, flanks: list):
    return max(flanks, key=lambda a: fight_odds(rules, s, u, s.cells[a.arg])[0])


def _cover_thumb(rules, s, me: int, by: dict, covers: list):
    """The cover owed, or a flank fight if it kills better or the supporter is worth
    less."""
    c = s.combat
    u = c.get("attacker")
    flanks = _flanks(by)
    if flanks:
        k_sup = fight_odds(rules, s, u, c["target"])[0]
        fl = _best_flank(rules, s, u, flanks)
        k_fl = fight_odds(rules, s, u, s.cells[fl.arg])[0]
        if k_fl > k_sup + 0.15 or value(c["target"]) < value(s.cells[fl.arg]):
            return fl
    return covers[0]


def _flank_thumb(rules, s, me: int, by: dict, flanks: list):
    """After a won fight, the flank fight the attacker more likely wins than not."""
    u = s.combat.get("attacker")
    if s.combat.get("mode") == "WON" and u:
        fl = _best_flank(rules, s, u, flanks)
        if fight_odds(rules, s, u, s.cells[fl.arg])[0] >= 0.5:
            return fl
    return None


def _continue_thumb(rules, s, me: int, by: dict, conts: list):
    """Fight on when the attacker likely kills and likely stands."""
    c = s.combat
    mode, u = c.get("mode"), c.get("attacker")
    if mode in ("DRAWN", "FLANK", "WON") and u:
        t = c["target"] if mode != "WON" else _front(s, 1 - me, str(c["open"]))
        if t is not None:
            k, f = fight_odds(rules, s, u, t)
            if k >= 0.5 and f <= 0.5:
                return conts[0]
    return None


def _fight_thumb(rules, s, me: int, by: dict, fights: list):
    """Ranged units first, at the supporter that would be owed cover, else at the most
    valuable unit they kill with P >= 0.5; then the front unit fights if P(kill) >= 0.5
    or P(falls) <= 0.3."""
    foe = 1 - me
    col = str(s.combat.get("open") or "")
    sup = None
    if col:
        row1 = s.cells.get("VA"[foe] + col + "1")
        row2 = s.cells.get("VA"[foe] + col + "2")
        if row1 and row2 and not s.units[row1][1] and not s.units[row2][1]:
            sup = row2
    ranged, front = [], []
    for a in fights:
        un, tn = a.arg.split(">")
        u, t = rules.by_name(s, un), rules.by_name(s, tn)
        (ranged if is_ranged(u) or is_medium(u) else front).append((a, u, t))
    for a, _u, t in ranged:
        if t == sup:
            return a
    kills = [(value(t), a) for a, u, t in ranged if fight_odds(rules, s, u, t)[0] >= 0.5]
    if kills:
        return max(kills)[1]
    for a, u, t in front:
        k, f = fight_odds(rules, s, u, t)
        if k >= 0.5 or f <= 0.3:
            return a
    return None


def _open_thumb(rules, s, me: int, by: dict, opens: list):
    """Highest expected own siege damage first; skip columns where the front fight has
    P(own unit falls) > 0.6 and P(kill) < 0.4."""
    foe = 1 - me
    prot = rules.protection(s, foe)
    best = None
    for a in opens:
        col = a.arg
        mine = [
            s.cells[k]
            for k in ("VA"[me] + col + r for r in "123")
            if k in s.cells and not s.units[s.cells[k]][1]
        ]
        their = _front(s, foe, col)
        if their is None:
            dmg = sum(
                max(0.0, rules.cur_s(s, x) + sum(DIE) / 6 - prot) for x in mine if not is_priest(x)
            )
            score = (dmg, 1.0)
        else:
            fighters = [x for x in mine if not is_priest(x)]
            if not fighters:
                continue
            k, f = fight_odds(rules, s, fighters[0], their)
            if any(is_ranged(x) or is_medium(x) for x in fighters):
                k = max(k, 0.5)
            if f > 0.6 and k < 0.4:
                continue
            score = (0.0, k)
        if best is None or score > best[0]:
            best = (score, a)
    return None if best is None else best[1]


def _heal_choice(rules, s, legal):
    """RM-28.2 heal: when the summed value of the targets exceeds the priest's value,
    the most valuable fallen units."""

    best, best_gain = legal[0], 0.0
    for a in legal:
        if a.arg == "-":
            continue
        head, rest = split_heal(a.arg)
        priest = rules.by_name(s, head)
        targets = [rules.by_name(s, x) for x in rest.split(",")]
        gain = sum(value(x) for x in targets if x) - (value(priest) if priest else 0)
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _discard_choice(s, me: int, legal):
    """RM-28.2 discard: the lowest value per cost if a card in hand cannot be paid next
    turn; otherwise none."""
    gold = s.gold[me] + s.tokens[me][0]
    faith = s.faith[me] + s.tokens[me][1]
    hand = s.hand[me]
    if not any(cost(c)[0] > gold or cost(c)[1] > faith for c in hand):
        return next((a for a in legal if a.arg == "-"), legal[0])
    cards = [a for a in legal if a.arg != "-"]
    if not cards:
        return legal[0]
    return min(cards, key=lambda a: (value(a.arg) / max(1, sum(cost(a.arg))), a.arg))


def _best_bundle(s, me: int) -> tuple[float, frozenset]:
    """RM-28.2 play or trade: the affordable set of hand cards of most summed value."""
    return _bundle(tuple(sorted(s.hand[me])[:8]), s.gold[me], s.faith[me])


@lru_cache(maxsize=1 << 14)
def _bundle(hand: tuple, gold: int, faith: int) -> tuple[float, frozenset]:
    """``_best_bundle`` of a hand and a purse (remembered: the playouts meet the same
    hands again and again, and every one of up to 255 subsets is tried)."""
    best: tuple[float, frozenset] = (0.0, frozenset())
    g = [cost(c)[0] for c in hand]
    f = [cost(c)[1] for c in hand]
    v = [value(c) for c in hand]
    size = 1 << len(hand)
    # each subset's sums from the subset without its last card: the same additions, in
    # the same order, as summing the subset's cards one by one
    gs, fs, vs = [0] * size, [0] * size, [0.0] * size
    for mask in range(1, size):
        top = mask.bit_length() - 1
        rest = mask ^ (1 << top)
        gs[mask] = gs[rest] + g[top]
        fs[mask] = fs[rest] + f[top]
        vs[mask] = total = (vs[rest] if rest else 0) + v[top]
        if gs[mask] > gold or fs[mask] > faith:
            continue
        if total > best[0]:
            best = (total, frozenset(c for i, c in enumerate(hand) if mask >> i & 1))
    return best


# ---------------------------------------------------------------- modules (RM-28.2)
def _wants_gold(s, me: int) -> bool:
    g = sum(cost(c)[0] for c in s.hand[me]) - s.gold[me]
    f = sum(cost(c)[1] for c in s.hand[me]) - s.faith[me]
    return g >= f


def _expected(n: int) -> float:
    return n + sum(DIE) / 6


def _siege_thumb(rules, s, me: int, by: dict, sieges: list):
    """RM-28.2 siege: always besiege; a tower only if its SP <= the expected hit + 2."""
    for a in sieges:
        if a.arg.endswith("T"):
            u = rules.by_name(s, a.arg.split(">")[0])
            tower = s.module_data["towers"].get(a.arg.split(">")[1][:-1])
            if u and tower and tower[2] <= _expected(rules.cur_s(s, u)) + 2:
                return a
    return next((a for a in sieges if not a.arg.endswith("T")), sieges[0])


def _trap_option(rules, s, legal):
    """RM-28.2 trap option: the one that removes more expected damage, preferring the
    one that kills the triggering unit."""
    tp = s.module_data["trap_trigger"]
    u, act = tp["attacker"], tp["action"]
    words = act.split(" ")
    verb = words[1] if words[0] in ("V:", "A:") else words[0]
    # no fight: a siege, or a direct shot (``DS card>target``, a part of a play)
    no_fight = verb not in VERBS or VERBS[verb].siege
    at_fortress = no_fight and act.endswith("F")
    tr = legal[0].arg.split(" ")[0]
    left = rules.cur_l(s, u) - s.units[u][0] if u in s.units else 0
    kills = {"TR-PIT": 3, "TR-CAL": 2, "TR-FIR": 4 if klass(u) == "CAV" else 2}
    if tr == "TR-PIT":
        a = left <= 3 or rules.cur_s(s, u) < 3
    elif tr == "TR-NET":
        a = True
    elif tr == "TR-CAL":
        col = rules.loc(s, u)[1] if rules.loc(s, u) else "0"
        many = sum(
            1 for k, c in s.cells.items() if k[0] == "A" and k[1] == col and not s.units[c][1]
        )
        a = many >= 2 and left > kills["TR-CAL"]
    elif tr == "TR-AMB":
        a = not no_fight
    elif tr == "TR-FIR":
        a = True
    else:  # TR-DEC
        a = at_fortress
    return legal[0] if a else legal[1]


def _best_cell(s, me: int, cells: list[str]) -> str:
    """Row 1 before row 2, facing the strongest enemy front."""

    def threat(cell):
        front = _front(s, 1 - me, cell[1])
        return CARDS[code(front)][3] if front else 0

    return min(cells, key=lambda c: (c[2], -threat(c), c))


def _hire_arg(s, me: int, lodge, free: list[str]) -> str:
    """The biggest Lodge mercenary for the least valuable card, in the best free cell
    (RM-23.3), as a HIRE's text."""
    merc = max(lodge, key=lambda m: (CARDS[m][3] + CARDS[m][4], m))
    cheap = min(s.hand[me], key=lambda c: (value(c), c))
    return f"{cheap} {merc}@{_best_cell(s, me, free)}"


def _best_hire(s, me: int, hires: list):
    """``_hire_arg``'s hire among the menu's ``hires``."""
    lodge = {a.arg.split(" ")[1].split("@")[0] for a in hires}
    arg = _hire_arg(s, me, lodge, list({a.arg[-3:]: 0 for a in hires}))
    return next(a for a in hires if a.arg == arg)


# RM-28.2 Main extras: take the field when free, restore, hire, lay a trap, build; each
# is handed the menu by verb (``_main_offers``) and its own part of it
def _field_thumb(rules, s, me: int, by: dict, fields: list):
    if 2 * s.strength_points[me] <= s.strength_limit[me]:
        field = [a for a in fields if not a.arg.endswith("SAC")] or fields
        cell = _best_cell(s, me, [a.arg[1:4] for a in field])
        return next(a for a in field if a.arg[1:4] == cell)
    return None


def _restore_thumb(rules, s, me: int, by: dict, restores: list):
    if s.strength_points[me] <= s.strength_limit[me] - 2 and s.gold[me] >= 4:
        return restores[0]
    return None


def _hire_thumb(rules, s, me: int, by: dict, facts: tuple):
    """``facts``: the hand, the Lodge and the free cells (``Verb.thumb_facts``)."""
    _, lodge, free = facts
    arg = _hire_arg(s, me, lodge, free)
    merc, cheap = arg.split(" ")[1].split("@")[0], arg.split(" ")[0]
    if CARDS[merc][3] + CARDS[merc][4] >= 8 and value(cheap) < 3:
        return make(SIDES[me], "HIRE", arg)
    return None


def _lay_thumb(rules, s, me: int, by: dict, lays: list):
    if s.gold[me] >= 3:
        spots = {a.arg.split("@")[1] for a in lays}
        foes = sorted(
            (
                (CARDS[code(c)][3], k)
                for k, c in s.cells.items()
                if k[0] == "A" and not s.units[c][1]
            ),
            reverse=True,
        )
        for _, where in foes:
            front = [c for c in spots if c[1] == where[1] and c[2] < where[2]]
            if front:
                cell = max(front)
                traps = {a.arg.split("@")[0] for a in lays if a.arg.endswith(cell)}
                for tr in ("TR-PIT", "TR-CAL"):
                    if tr in traps:
                        return next(a for a in lays if a.arg == f"{tr}@{cell}")
                break
    return None


def _build_thumb(rules, s, me: int, by: dict, builds: list):
    if builds:
        token = "g" if s.tokens[me][0] >= s.tokens[me][1] else "f"
        names = {a.arg.split("@")[0] for a in builds}
        want = None
        if "TW-BEA" in names:
            want = ("TW-BEA", None)
        elif "TW-PAL" in names and s.strength_points[me] < 0.6 * s.strength_limit[me]:
            want = ("TW-PAL", None)
        elif "TW-KEEP" in names:
            fronts = [
                (value(c), k)
                for k, c in s.cells.items()
                if k[0] == "A" and k[2] == "1" and not s.units[c][1]
            ]
            if fronts:
                want = ("TW-KEEP", max(fronts)[1])
        if want:
            tw, cell = want
            cands = [a for a in builds if a.arg.startswith(tw + "@") and a.arg.endswith(token)]
            cands = cands or [a for a in builds if a.arg.startswith(tw + "@")]
            if cell is not None:
                cands = [a for a in cands if a.arg.split("@")[1][:3] == cell] or cands
            else:  # a tower that only pays: at the back, where it is besieged last
                cands.sort(key=lambda a: (-int(a.arg.split("@")[1][2]), a.arg))
            if cands:
                return cands[0]
    return None


#: the rules of thumb a verb names (``Verb.thumb``): (rules, state, seat, the menu by
#: verb, the verb's own part of it) -> an action, or None to pass to the next verb
THUMBS = {
    "siege": _siege_thumb,
    "cover": _cover_thumb,
    "flank": _flank_thumb,
    "continue": _continue_thumb,
    "fight": _fight_thumb,
    "open": _open_thumb,
    "field": _field_thumb,
    "restore": _restore_thumb,
    "hire": _hire_thumb,
    "lay": _lay_thumb,
    "build": _build_thumb,
    "play": _play_thumb,
}
