"""A digest of a game's words: the log sentence of every event and every seat's prompt and
the status line of every step of seeded random games, in English, Hungarian and Polish, to
show that a change of the words' code changed no text byte for byte.  Faster than
behaviour_digest.py (words only, each catalog read once), so it can play thousands of
actions.

    python tools/words_digest.py GAME GAMES [CONFIG-JSON ...]

plays GAMES games, the n-th with the n-th given config change (cycled), and prints the
SHA-256 with counts and the number of events of each kind.  Run it before and after a
change (a copy of the old tree: ``PYTHONPATH=old python tools/words_digest.py``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.append(str(Path(__file__).resolve().parent.parent))  # after PYTHONPATH: it may pick

from game.app import i18n  # noqa: E402
from game.app.view_registry import get_view  # noqa: E402
from game.core.registry import get_rules  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.seeding import derive_seed  # noqa: E402

LANGS = ("en", "hu", "pl")
MAX_STEPS = 1000  # steps of one game (random games can run long)


def digest(game: str, games: int, variants: list[dict]) -> tuple[str, dict, dict]:
    """The SHA-256 of the words, the counts (actions, events, prompts, lines) and the
    number of events of each kind."""
    rules, view = get_rules(game), get_view(game)
    h = hashlib.sha256()
    count = {"actions": 0, "events": 0, "prompts": 0, "lines": 0}
    kinds: dict[str, int] = {}

    def out(line: str) -> None:
        h.update(line.encode() + b"\n")
        count["lines"] += 1

    for i in range(games):
        players = rules.min_seats + i % (rules.max_seats - rules.min_seats + 1)
        config = dict(rules.default_config(players))
        config.update(variants[i % len(variants)])
        log: list = []
        s = rules.new_game(config, derive_seed(11, i), log)
        names = rules.seat_names(s)
        rng = Rng(derive_seed(11, i, 1))
        for _step in range(MAX_STEPS):
            seat = rules.to_act(s)
            obs = rules.observation(s, seat) if seat is not None else None
            for lang in LANGS:
                i18n.set_language(lang)
                for e in log:
                    out(f"{lang} {view.describe(e, names)}")
                if obs is not None:
                    out(f"{lang} {vars(view.prompt(obs))} | {view.status(obs)}")
                for k in range(len(names)):  # every seat's screen, waiting ones too
                    if k != seat:
                        out(f"{lang} seat {k} {vars(view.prompt(rules.observation(s, k)))}")
            count["events"] += len(log)
            for e in log:
                kinds[e[1]] = kinds.get(e[1], 0) + 1
            count["prompts"] += obs is not None
            if rules.is_over(s):
                break
            log = []
            rules.apply(s, rules.random_action(s, rng), log)
            count["actions"] += 1
    i18n.set_language("en")
    return h.hexdigest(), count, kinds


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    i18n.load_translation = functools.lru_cache(None)(i18n.load_translation)  # read once
    variants = [json.loads(v) for v in args[2:]] or [{}]
    sha, count, kinds = digest(args[0], int(args[1]), variants)
    print(args[0], sha, json.dumps(count))
    print(" ".join(f"{k}:{v}" for k, v in sorted(kinds.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
