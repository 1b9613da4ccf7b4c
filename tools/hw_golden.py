"""Golden replay check of the Hadrian's Wall engine.

Plays seeded games over every line-up (1-4 players, 0-3 neutral clans) and both
variants, and hashes everything a change of the engine could alter:

* random play (``random_action``, the draw the playout bench makes): every action text,
  every list of legal actions, the final state (``to_json``);
* the same actions replayed from their text with an event log: the full log, and the
  final state, which must equal the one reached without a log;
* policy play (``playout_action``, the search playouts), on a clone taken mid-game:
  every action text and the final state;
* every 16th game: the state after every step, and ``heuristic`` for each seat.

An engine change that keeps every game identical keeps the digest identical.  Run
``python tools/hw_golden.py`` (exit status 1 on a mismatch) or ``pytest -m slow``.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.rng import Rng  # noqa: E402
from game.games.hadrians_wall.rules import RULES  # noqa: E402

LINEUPS = [(1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (4, 0)]
GAMES = 2016  # 56 games of each of the 36 line-up and variant combinations
#: (games, random steps, digest) of the engine as every game is meant to be played; the
#: solo goal of rules version 2 (HW-16.6, HW-20: 39 / 26 / 20 points) changed the end of
#: solo games and so the digest (the steps are the same)
EXPECTED = (2016, 100315, "2253392ce04deabdbfaefead4dafb219a03aea6887fb651703a53645aa302fac")


def _config(i: int) -> dict:
    players, neutrals = LINEUPS[i % len(LINEUPS)]
    combo = i // len(LINEUPS) % 4
    return {"players": players, "neutrals": neutrals, "variant1": bool(combo & 1),
            "variant2": bool(combo & 2)}  # fmt: skip


def _dump(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def play_one(i: int, digest) -> int:
    """Play game ``i`` three ways into ``digest``; the number of random steps."""
    cfg = _config(i)
    seed = 1_000_003 * i + 17
    rng = Rng(seed ^ 0xA5A5)
    detailed = i % 16 == 0
    digest.update(_dump([i, cfg, seed]))

    # 1. random play, no log
    state = RULES.new_game(cfg, seed)
    texts: list[str] = []
    middle = None
    while not RULES.is_over(state):
        digest.update(_dump([str(a) for a in RULES.legal_actions(state)]))
        if detailed:
            digest.update(_dump(RULES.to_json(state)))
            digest.update(_dump([RULES.heuristic(state, c) for c in range(state.n_players)]))
        action = RULES.random_action(state, rng)
        texts.append(str(action))
        RULES.apply(state, action)
        if middle is None and len(texts) >= 20 + i % 23:
            middle = (RULES.clone(state), len(texts))
    final = RULES.to_json(state)
    digest.update(_dump(texts))
    digest.update(_dump(final))
    digest.update(_dump([RULES.scores(state), RULES.winners(state)]))

    # 2. the same actions from their text, with an event log
    log: list = []
    replay = RULES.new_game(cfg, seed, log)
    for text in texts:
        RULES.apply(replay, text, log)
    if RULES.to_json(replay) != final:
        raise AssertionError(f"game {i}: the logged replay ends in another state")
    digest.update(_dump([list(e) for e in log]))
    digest.update(_dump([RULES.describe_event(e) for e in log]))

    # 3. policy play from a clone taken mid-game (the original must not change)
    if middle is not None:
        copy, _ = middle
        policy_rng = Rng(seed ^ 0x5A5A)
        moves = []
        while not RULES.is_over(copy):
            action = RULES.playout_action(copy, policy_rng)
            moves.append(str(action))
            RULES.apply(copy, action)
        digest.update(_dump(moves))
        digest.update(_dump(RULES.to_json(copy)))
    return len(texts)


def golden(games: int = GAMES) -> tuple[int, int, str]:
    digest = hashlib.sha256()
    steps = sum(play_one(i, digest) for i in range(games))
    return games, steps, digest.hexdigest()


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    start = time.perf_counter()
    result = golden(games)
    seconds = time.perf_counter() - start
    print(f"{result[0]} games, {result[1]} steps, {result[2]} ({seconds:.1f} s)")
    if games != GAMES:
        return 0
    if result != EXPECTED:
        print(f"MISMATCH: expected {EXPECTED}")
        return 1
    print("identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
