"""RM-28 computer-player knowledge: the heuristic and the rule-of-thumb policy."""

from __future__ import annotations

from game.core.rng import Rng

from .content import DIE, cost, is_priest, is_ranged, value


def heuristic(s, seat: int) -> float:
    """RM-28.3 evaluation, squashed into [-1, 1]."""
    if s.step == "OVER":
        return 0.0 if s.winner is None else (1.0 if s.winner == seat else -1.0)
    o = 1 - seat
    sp = s.sp[seat] / s.limit[seat] - s.sp[o] / s.limit[o]
    board = 0.0
    for c, st in s.u.items():
        v = value(c) * (0 if st[1] else 1)
        board += v if (c[0] == "V") == (seat == 0) else -v
    hand = len(s.hand[seat]) - len(s.hand[o])
    inc = (s.gold[seat] + s.faith[seat]) - (s.gold[o] + s.faith[o])
    x = 100 * sp + 0.8 * board + 1.5 * hand + 0.3 * inc
    return max(-1.0, min(1.0, x / 100))


def _p_kill(need: int) -> float:
    """P(one die >= need)."""
    return sum(1 for f in DIE if f >= need) / 6


def policy_action(rules, s, rng: Rng, eps: float):
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
        return first("RE")  # "RE -"
    if s.step == "RESOLVE":
        sg = first("SG")
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
        plays = [a for a in legal if a.verb == "PLAY"]
        if plays:

            def score(a):
                card, dest = a.arg.split(" ")[0].split("@")
                v = value(card)
                if dest.endswith("W"):
                    v -= 1.5
                if dest[-1] == "3":
                    v += 0.5
                if " DS>" in a.arg:
                    v += 1.5 if a.arg.endswith("F") else 2
                if " HA>" in a.arg or " LOCK" in a.arg:
                    v += 1
                return v

            best = max(plays, key=score)
            if score(best) >= 3 or s.main.get("played"):
                return best
        if "TRADE" in verbs and not any(a.verb == "PLAY" for a in legal):
            return first("TRADE")
        return first("END")
    if s.step == "DISC":
        return legal[0]
    return legal[0]
