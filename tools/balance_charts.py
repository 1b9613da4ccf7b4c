"""Draw the README's balance charts (assets/screenshots/balance-<game>.png) from the JSON
lines of ``tools/balance_table.py``: every line-up of a game, before and after tuning.

    python tools/balance_charts.py --before before.jsonl --after after.jsonl [--out DIR]

A line-up measured only once (a game that was not retuned) is drawn once.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.app.balance_chart import draw_chart
from game.core import registry


def read(paths: list[str]) -> list[dict]:
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", action="append", default=[])
    parser.add_argument("--after", action="append", default=[])
    parser.add_argument("--out", default="assets/screenshots")
    args = parser.parse_args(argv)
    before, after = read(args.before), read(args.after)
    games = list(dict.fromkeys(r["game"] for r in before + after))
    for game in games:
        entries = []
        for row in after:
            if row["game"] != game:
                continue
            old = [b for b in before if b["game"] == game and b["label"] == row["label"]]
            if old:
                entries.append((f"{row['label']}, before", old[0]))
                entries.append((f"{row['label']}, after", row))
            else:
                entries.append((row["label"], row))
        path = draw_chart(
            entries,
            Path(args.out) / f"balance-{game}.png",
            registry.get_rules(game).title + ": win rates in greedy self-play",
        )
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
