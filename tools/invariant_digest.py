"""A digest of what a game's invariant checks say, on the states of seeded random games and
on deliberately broken copies of them (one to three values of the saved state changed, read
back with ``from_json``), to show that a change of the checks' code changed none of their
verdicts, messages or their order.

    python tools/invariant_digest.py GAME [--games N] [--every K] [--broken B] [--dump FILE]

prints the SHA-256 of every state's violations (``check_invariants``, and
``check_transition`` where the game has one; an exception as its type) with counts.  Run it
before and after a change (a copy of the old tree: ``PYTHONPATH=old python
tools/invariant_digest.py``): the digests must be equal.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib
import json
import random
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # after PYTHONPATH: it may pick

from game.core.registry import get_rules  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.seeding import derive_seed  # noqa: E402

PKG = {
    "stronghold": "game.games.stronghold.invariants",
    "hadrians-wall": "game.games.hadrians_wall.invariants",
    "field-of-glory": "game.games.field_of_glory.invariants",
    "runes-of-mayhem": "game.games.runes_of_mayhem.invariants",
}


VARIANTS = {
    "stronghold": [{}, {"starter": True}],
    "hadrians-wall": [{}, {"variant1": True}, {"variant2": True}],
    "field-of-glory": [{}, {"historical": True}, {"short": True, "open_hands": True}],
    "runes-of-mayhem": [
        {},
        {"modules": ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]},
        {"modules": ["X6", "X7"]},
        {"modules": ["L"]},
        {"modules": ["K", "X4", "X5", "X6"]},
    ],
}


def leaves(x, path=()):
    """Every (path, value) of a JSON tree whose value is an int, a str or a list."""
    if isinstance(x, dict):
        for k in sorted(x, key=str):
            yield from leaves(x[k], (*path, k))
    elif isinstance(x, list):
        yield path, x
        for i, v in enumerate(x):
            yield from leaves(v, (*path, i))
    elif x is None or isinstance(x, (bool, int, str)):
        yield path, x


def set_at(tree, path, value):
    for p in path[:-1]:
        tree = tree[p]
    tree[path[-1]] = value


def mutate(data, r: random.Random) -> str:
    all_leaves = [(p, v) for p, v in leaves(data) if p]
    strs = sorted({v for _p, v in all_leaves if isinstance(v, str)})
    path, v = r.choice(all_leaves)
    if isinstance(v, bool) or v is None:
        new = r.choice([True, False, None, 0, 1])
    elif isinstance(v, int):
        new = v + r.choice([-3, -1, 1, 2, 5])
    elif isinstance(v, str):
        new = r.choice(strs) if strs else v + "x"
    else:  # a list
        if v and r.random() < 0.5:
            new = list(v)
            new.pop(r.randrange(len(new)))
        elif v:
            new = [*v, copy.deepcopy(r.choice(v))]
        else:
            new = [r.choice(strs)] if strs else [1]
    set_at(data, path, new)
    return f"{path}={json.dumps(new, default=repr)[:60]}"


def checks(rules, mod, state, before):
    try:
        out = list(rules.check_invariants(state))
    except Exception as e:  # noqa: BLE001
        out = [f"EXC {type(e).__name__}"]
    if before is not None and hasattr(mod, "check_transition"):
        try:
            out += ["T " + m for m in mod.check_transition(before, state)]
        except Exception as e:  # noqa: BLE001
            out.append(f"T EXC {type(e).__name__}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--broken", type=int, default=3, help="broken copies per sampled state")
    ap.add_argument("--every", type=int, default=7, help="break every k-th state")
    ap.add_argument("--max-steps", type=int, default=600)
    ap.add_argument("--dump")
    a = ap.parse_args(argv)
    rules = get_rules(a.game)
    mod = importlib.import_module(PKG[a.game])
    h = hashlib.sha256()
    dump = open(a.dump, "w", encoding="utf-8") if a.dump else None  # noqa: SIM115 - closed below
    stats = {"states": 0, "broken": 0, "failures": 0, "broken_failures": 0, "refused": 0}

    def out(line):
        h.update(line.encode() + b"\n")
        if dump:
            dump.write(line + "\n")

    for g in range(a.games):
        players = rules.min_seats + g % (rules.max_seats - rules.min_seats + 1)
        config = dict(rules.default_config(players))
        variants = VARIANTS[a.game]
        config.update(variants[g % len(variants)])
        seed = 7000 + g
        state = rules.new_game(config, seed, [])
        dice = Rng(derive_seed(seed, 0))
        r = random.Random(seed)
        before = None
        out(f"game {g} players {players} seed {seed}")
        for step in range(a.max_steps):
            msgs = checks(rules, mod, state, before)
            stats["states"] += 1
            stats["failures"] += len(msgs)
            out(f"step {step} {msgs}")
            if step % a.every == 0:
                data = rules.to_json(state)
                for k in range(a.broken):
                    broken = copy.deepcopy(data)
                    what = [mutate(broken, r) for _ in range(1 + k % 3)]
                    try:
                        bs = rules.from_json(broken)
                    except Exception as e:  # noqa: BLE001
                        stats["refused"] += 1
                        out(f"  broken {what} refused {type(e).__name__}")
                        continue
                    bmsgs = checks(rules, mod, bs, state)
                    stats["broken"] += 1
                    stats["broken_failures"] += len(bmsgs)
                    out(f"  broken {what} {bmsgs}")
            if rules.is_over(state):
                break
            before = rules.clone(state)
            rules.apply(state, rules.random_action(state, dice), [])
    print(a.game, h.hexdigest(), json.dumps(stats), file=sys.stdout)
    if dump:
        dump.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
