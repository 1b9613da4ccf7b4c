"""Measure every line-up of ``game.core.balance.LINEUPS`` and write the figures as JSON
lines (one line-up a line) to OUT, e.g.::

    python tools/balance_table.py balance.jsonl --games 400 --jobs 2 [--only stronghold]
        [--seats greedy]

Each line holds the label and the ``balance.measure`` result; ``tools/balance_charts.py``
draws the README's charts from such files.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.core import registry
from game.core.balance import LINEUPS, measure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="greedy")
    parser.add_argument("--only", action="append", help="a game (repeatable)")
    args = parser.parse_args(argv)
    with open(args.out, "a", encoding="utf-8") as out:
        for game, label, players, config in LINEUPS:
            if args.only and game not in args.only:
                continue
            rules = registry.get_rules(game)
            result = measure(
                rules, args.games, args.seed, players, args.seats.split(","), config, args.jobs
            )
            out.write(json.dumps({"label": label, **result}) + "\n")
            out.flush()
            rates = ", ".join(f"{s['side']} {100 * s['win_rate']:.1f} %" for s in result["sides"])
            print(f"{game} {label}: {rates} ({result['seconds']} s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
