"""RM-28 computer-player knowledge: the heuristic and the rule-of-thumb policy."""

from __future__ import annotations

from game.core.rng import Rng

from .content import (
    BASIC,
    BEATS,
    CARDS,
    DIE,
    KINGS,
    code,
    cost,
    is_castle,
    is_priest,
    is_ranged,
    klass,
    value,
)

SEARCH_PLAYS = 4  # card plays the search looks at in a Main phase (RM-28.3 macro-actions)
SEARCH_RE = 3  # reorganizations besides keeping the line
PLAYOUT_EPS = 0.05  # share of random moves in the search's playouts


def heuristic(s, seat: int) -> float:
    """RM-28.3 evaluation, squashed into [-1, 1]."""
    if s.step == "OVER":
        return 0.0 if s.winner is None else (1.0 if s.winner == seat else -1.0)
    o = 1 - seat
    sp = s.sp[seat] / s.limit[seat] - s.sp[o] / s.limit[o]
    board = 0.0
    own = s.mod.get("own", {}) if s.mod else {}
    for c, st in s.u.items():
        v = value(c) * (0 if st[1] else 1)
        side = own.get(c, 0 if c[0] == "V" or c == "KU-RAG" else 1)
        board += v if side == seat else -v
    hand = len(s.hand[seat]) - len(s.hand[o])
    inc = (s.gold[seat] + s.faith[seat]) - (s.gold[o] + s.faith[o])
    x = 100 * sp + 0.8 * board + 1.5 * hand + 0.3 * inc
    return max(-1.0, min(1.0, x / 100))


def _p_kill(need: int) -> float:
    """P(one die >= need)."""
    return sum(1 for f in DIE if f >= need) / 6


def arrangement_score(s, me: int, moves: dict[str, str]) -> float:
    """RM-28.2 reorganize: +2 per column whose front beats the enemy front on the class
    wheel, -2 where it is beaten, +3 per formation, +1 per ranged unit in row 2 behind a
    living ally; ``moves`` maps moved cards to their new places."""
    side = "VA"[me]
    cells = {k: c for k, c in s.cells.items() if k[0] == side and c not in moves}
    for c, where in moves.items():
        if not where.endswith("W"):
            cells[where] = c
    u = s.u
    score = 0.0
    for col in "123":
        front = next((cells[k] for k in (side + col + r for r in "123")
                      if k in cells and not u[cells[k]][1]), None)
        foe = next((s.cells[k] for k in ("VA"[1 - me] + col + r for r in "123")
                    if k in s.cells and not u[s.cells[k]][1]), None)
        if front and foe:
            mine, theirs = klass(front), klass(foe)
            if BEATS.get(mine) == theirs:
                score += 2
            elif BEATS.get(theirs) == mine:
                score -= 2
        row1, row2 = cells.get(side + col + "1"), cells.get(side + col + "2")
        if row2 and is_ranged(row2) and row1 and not u[row1][1]:
            score += 1
    for r in "123":
        kinds = {klass(cells[k]) if k in cells else None for k in (side + c + r for c in "123")}
        if len(kinds) == 1 and kinds.pop() in BASIC:
            score += 3
    return score


def _re_moves(a) -> dict[str, str]:
    if a.arg == "-":
        return {}
    return dict(part.split("@") for part in a.arg.split(" "))


def _re_ranked(rules, s, me: int, legal: list) -> list:
    """The RE actions best first (keeping the line wins ties)."""
    base = arrangement_score(s, me, {})
    scored = []
    for i, a in enumerate(legal):
        moves = _re_moves(a)
        # castle folk and Peasants belong on the Wall (RM-28.2 placement)
        wall = sum(0.5 if is_castle(c) else -0.5 for c, w in moves.items() if w.endswith("W"))
        gain = arrangement_score(s, me, moves) - base + wall - (0.01 if moves else 0)
        scored.append((gain, -i, a))
    scored.sort(reverse=True)
    return [a for _, _, a in scored]


def _play_score(a) -> float:
    card, dest = a.arg.split(" ")[0].split("@")
    v = value(card)
    if dest.endswith("W"):
        v -= 0 if is_castle(card) else 1.5
    if dest[-1] == "3":
        v += 0.5
    if " DS>" in a.arg:
        v += 1.5 if a.arg.endswith("F") else 2
    if " HA>" in a.arg or " LOCK" in a.arg:
        v += 1
    return v


def search_actions(rules, s, legal: list) -> list:
    """RM-28.3 macro-actions: the few moves worth searching at a decision (the policy's
    own choice always among them); reads only the deciding seat's side of ``s``."""
    if len(legal) <= 5:
        return legal
    me = rules.decider(s)
    pick = policy_action(rules, s, None, 0.0)
    if s.step == "RE":
        keep = _re_ranked(rules, s, me, legal)[: SEARCH_RE + 1]
    elif s.step == "MAIN" and s.main.get("roll") is None:
        plays = sorted((a for a in legal if a.verb == "PLAY"), key=_play_score, reverse=True)
        keep = plays[:SEARCH_PLAYS] + [a for a in legal if a.verb in ("TRADE", "END")]
        hires = [a for a in legal if a.verb == "HIRE"]
        if hires:  # RM-23.3: the search weighs a hire the rule of thumb would skip
            keep.append(_best_hire(s, me, hires))
    else:
        return legal
    if pick not in keep:
        keep.append(pick)
    return [a for a in legal if a in keep]


def policy_action(rules, s, rng: Rng | None, eps: float):
    """The RM-28.2 heuristic policy, simplified: one rule per decision point."""
    legal = rules.legal_actions(s)
    if eps and rng.random() < eps:
        return legal[rng.below(len(legal))]
    verbs = {a.verb for a in legal}
    me = rules.decider(s)

    def first(verb, key=None):
        cands = [a for a in legal if a.verb == verb]
        if not cands:
            return None
        return max(cands, key=key) if key else cands[0]

    if s.step == "DECK":  # RM-19.4: a computer seat keeps its base deck
        return first("DECK")
    if s.step == "KING":  # the side with the most SP (RM-27.6: the steadier King)
        return max(legal, key=lambda a: (KINGS[a.arg[:5]][1][a.arg[-1]][0], a.arg))
    if s.step == "TRAP":
        return _trap_option(rules, s, legal)
    if s.step == "PROD":  # RM-25.4: the token back where the hand needs it
        return legal[0] if _wants_gold(s, me) else legal[-1]
    if s.step == "MULL":
        hand = s.hand[me]
        cheap = sum(1 for c in hand if sum(cost(c)) <= 3 and not is_priest(c))
        out = sorted(c for c in hand if sum(cost(c)) >= 7 or (cheap < 2 and is_priest(c)))
        want = ",".join(out) or "-"
        return next((a for a in legal if a.arg == want), legal[0])
    if s.step == "TOK":
        hand = s.hand[me]
        g = sum(cost(c)[0] for c in hand)
        f = sum(cost(c)[1] for c in hand)
        gold = round(7 * g / max(1, g + f))
        if f and gold == 7:
            gold = 6
        return next(a for a in legal if a.arg == f"{gold}/{7 - gold}")
    if "RET" in verbs:
        return first("RET")
    if s.step == "RE":
        return _re_ranked(rules, s, me, legal)[0]
    if s.step == "RESOLVE":
        sg = _siege_choice(rules, s, legal)
        if sg:
            return sg
        if "COV" in verbs:
            return first("COV")
        fights = [a for a in legal if a.verb == "F"]
        if fights:
            best = None
            for a in fights:
                un, tn = a.arg.split(">")
                u, t = rules.by_name(s, un), rules.by_name(s, tn)
                need = rules.cur_l(s, t) - s.u[t][0] - rules.cur_s(s, u)
                p = _p_kill(need)
                score = p * value(t) + (2 if is_ranged(u) else 0)
                if best is None or score > best[0]:
                    best = (score, a, p)
            if best[2] >= 0.5 or best[1].arg.split(">")[0][1:2] in "123":
                return best[1]
        if "CONT" in verbs:
            return first("CONT")
        if "OPEN" in verbs:
            return first("OPEN")
        return first("CLOSE") or first("EC") or legal[0]
    if s.step in ("BURIAL1", "BURIAL2"):
        heals = [a for a in legal if a.arg != "-"]
        if heals:
            return max(heals, key=lambda a: len(a.arg.split(",")))
        return legal[0]
    if s.step == "MAIN":
        if s.main.get("roll") is not None:
            r = s.main["roll"]
            g = r - r // 3
            return next(a for a in legal if a.arg == f"{g}/{r - g}")
        extra = _module_choice(rules, s, me, legal)
        if extra is not None:
            return extra
        plays = [a for a in legal if a.verb == "PLAY"]
        if plays:
            best = max(plays, key=_play_score)
            if _play_score(best) >= 3 or s.main.get("played"):
                return best
        if "TRADE" in verbs and not any(a.verb == "PLAY" for a in legal):
            return first("TRADE")
        return first("END")
    if s.step == "DISC":
        return legal[0]
    return legal[0]


# ---------------------------------------------------------------- modules (RM-28.2)
def _wants_gold(s, me: int) -> bool:
    g = sum(cost(c)[0] for c in s.hand[me]) - s.gold[me]
    f = sum(cost(c)[1] for c in s.hand[me]) - s.faith[me]
    return g >= f


def _expected(n: int) -> float:
    return n + sum(DIE) / 6


def _siege_choice(rules, s, legal):
    """RM-28.2 siege: always besiege; a tower only if its SP <= the expected hit + 2."""
    sieges = [a for a in legal if a.verb == "SG"]
    if not sieges:
        return None
    for a in sieges:
        if a.arg.endswith("T"):
            u = rules.by_name(s, a.arg.split(">")[0])
            tower = s.mod["towers"].get(a.arg.split(">")[1][:-1])
            if u and tower and tower[2] <= _expected(rules.cur_s(s, u)) + 2:
                return a
    return next((a for a in sieges if not a.arg.endswith("T")), sieges[0])


def _trap_option(rules, s, legal):
    """RM-28.2 trap option: the one that removes more expected damage, preferring the
    one that kills the triggering unit."""
    tp = s.mod["tp"]
    u, act = tp["u"], tp["act"]
    words = act.split(" ")
    verb = words[1] if words[0] in ("V:", "A:") else words[0]
    at_fortress = verb in ("SG", "DS") and act.endswith("F")
    tr = legal[0].arg.split(" ")[0]
    left = rules.cur_l(s, u) - s.u[u][0] if u in s.u else 0
    kills = {"TR-PIT": 3, "TR-CAL": 2, "TR-FIR": 4 if klass(u) == "CAV" else 2}
    if tr == "TR-PIT":
        a = left <= 3 or rules.cur_s(s, u) < 3
    elif tr == "TR-NET":
        a = True
    elif tr == "TR-CAL":
        col = rules.loc(s, u)[1] if rules.loc(s, u) else "0"
        many = sum(1 for k, c in s.cells.items() if k[0] == "A" and k[1] == col and not s.u[c][1])
        a = many >= 2 and left > kills["TR-CAL"]
    elif tr == "TR-AMB":
        a = verb not in ("SG", "DS")
    elif tr == "TR-FIR":
        a = True
    else:  # TR-DEC
        a = at_fortress
    return legal[0] if a else legal[1]


def _best_cell(s, me: int, cells: list[str]) -> str:
    """Row 1 before row 2, facing the strongest enemy front."""
    foe = "VA"[1 - me]

    def threat(cell):
        col = cell[1]
        front = next((s.cells[k] for k in (foe + col + r for r in "123")
                      if k in s.cells and not s.u[s.cells[k]][1]), None)
        return CARDS[code(front)][3] if front else 0

    return min(cells, key=lambda c: (c[2], -threat(c), c))


def _best_hire(s, me: int, hires: list):
    """The biggest Lodge mercenary for the least valuable card, in the best cell."""
    lodge = {a.arg.split(" ")[1].split("@")[0] for a in hires}
    merc = max(lodge, key=lambda m: (CARDS[m][3] + CARDS[m][4], m))
    cheap = min(s.hand[me], key=lambda c: (value(c), c))
    hires = [a for a in hires if a.arg.startswith(f"{cheap} {merc}@")]
    cell = _best_cell(s, me, [a.arg[-3:] for a in hires])
    return next(a for a in hires if a.arg.endswith(cell))


def _module_choice(rules, s, me: int, legal):
    """RM-28.2 Main extras: take the field when free, hire, lay a trap, build."""
    by = {}
    for a in legal:
        by.setdefault(a.verb, []).append(a)
    if "FIELD" in by and 2 * s.sp[me] <= s.limit[me]:
        field = [a for a in by["FIELD"] if not a.arg.endswith("SAC")] or by["FIELD"]
        cell = _best_cell(s, me, [a.arg[1:4] for a in field])
        return next(a for a in field if a.arg[1:4] == cell)
    if "RESTORE" in by and s.sp[me] <= s.limit[me] - 2 and s.gold[me] >= 4:
        return by["RESTORE"][0]
    if "HIRE" in by:
        hire = _best_hire(s, me, by["HIRE"])
        merc, cheap = hire.arg.split(" ")[1].split("@")[0], hire.arg.split(" ")[0]
        if CARDS[merc][3] + CARDS[merc][4] >= 8 and value(cheap) < 3:
            return hire
    if "LAY" in by and s.gold[me] >= 3:
        lays = by["LAY"]
        spots = {a.arg.split("@")[1] for a in lays}
        foes = sorted(((CARDS[code(c)][3], k) for k, c in s.cells.items()
                       if k[0] == "A" and not s.u[c][1]), reverse=True)
        for _, where in foes:
            front = [c for c in spots if c[1] == where[1] and c[2] < where[2]]
            if front:
                cell = max(front)
                traps = {a.arg.split("@")[0] for a in lays if a.arg.endswith(cell)}
                for tr in ("TR-PIT", "TR-CAL"):
                    if tr in traps:
                        return next(a for a in lays if a.arg == f"{tr}@{cell}")
                break
    if "BUILD" in by:
        builds = by["BUILD"]
        token = "g" if s.tok[me][0] >= s.tok[me][1] else "f"
        names = {a.arg.split("@")[0] for a in builds}
        want = None
        if "TW-BEA" in names:
            want = ("TW-BEA", None)
        elif "TW-PAL" in names and s.sp[me] < 0.6 * s.limit[me]:
            want = ("TW-PAL", None)
        elif "TW-KEEP" in names:
            fronts = [(value(c), k) for k, c in s.cells.items()
                      if k[0] == "A" and k[2] == "1" and not s.u[c][1]]
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
