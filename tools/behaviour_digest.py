"""A digest of everything a game does and says, to show that a change of its code changed
nothing a player or a computer seat could notice.

For each game it plays seeded games (random and greedy seats, every player count, and with
each setup option of the table switched to each of its values in turn, then all of them)
and writes, step by step: the seat to act, the legal actions in notation, the search
pruning (``search_actions``), the action chosen, the events, every seat's observation, and
in English, Hungarian and Polish the table's words for it: each legal action's label and
click target, the prompt, the status line, every event's sentence, the items (their ids,
kinds and tooltips) and at the end the results screen.

    python tools/behaviour_digest.py GAME [--games N] [--dump FILE]

prints one SHA-256 per game; ``--dump`` writes the full text so two runs can be diffed;
``--no-ai`` plays random seats only and leaves out the search pruning (for a change of the
rules and words made while the computer seats' code changes too).
Run it before and after a change: the digests must be equal.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import i18n  # noqa: E402
from game.app.view_registry import get_view  # noqa: E402
from game.core.agents import make_agent  # noqa: E402
from game.core.contract import BadConfig, overrides  # noqa: E402
from game.core.registry import get_rules  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.seeding import derive_seed  # noqa: E402

LANGS = ("en", "hu", "pl")
MAX_STEPS = 400  # steps of one game written (random games can run long)


def _j(x) -> str:
    return json.dumps(x, sort_keys=True, default=repr, ensure_ascii=False)


def configs(rules, view) -> list[tuple[int, dict]]:
    """(players, config): every player count with the defaults, then each setup option's
    other values one at a time at the smallest and largest count."""
    out = []
    lo, hi = max(1, rules.min_seats), rules.max_seats
    for p in range(lo, hi + 1):
        out.append((p, view.config(p, {})))
    for p in sorted({lo, hi}):
        for opt in view.setup_options(p):
            for value, _label in opt.options:
                if value != opt.default:
                    out.append((p, view.config(p, {opt.key: value})))
        every = {
            o.key: next((v for v, _l in o.options if v != o.default), o.default)
            for o in view.setup_options(p)
        }
        out.append((p, view.config(p, every)))
    return out


def words(view, obs, legal, events, names) -> list[str]:
    lines = []
    for lang in LANGS:
        i18n.set_language(lang)
        lines.append(f"  [{lang}] prompt {_j(vars(view.prompt(obs)))}")
        lines.append(f"  [{lang}] status {view.status(obs)}")
        for a in legal:
            lines.append(
                f"  [{lang}] {a} | {view.action_label(obs, a)} | {_j(view.target(obs, a))}"
            )
        for e in events:
            lines.append(f"  [{lang}] event {_j(e)} | {view.describe(e, names)}")
        for it in view.items(obs):
            lines.append(f"  [{lang}] item {_j(it.key)} {_j(it.rect)} {it.tooltip}")
    i18n.set_language("en")
    return lines


def play(game: str, players: int, config: dict, seed: int, seats: list[str], out, ai=True) -> None:
    rules, view = get_rules(game), get_view(game)
    log: list = []
    try:
        state = rules.new_game(config, seed, log)
    except BadConfig as e:
        out(f"config {_j(config)} refused: {e}")
        return
    dice = Rng(derive_seed(seed, 0))
    agents = {
        s: make_agent(k, derive_seed(seed, s + 1), rules)
        for s, k in enumerate(seats)
        if k != "random"
    }
    names = rules.seat_names(state)
    out(f"game {game} players {players} config {_j(config)} seed {seed} seats {seats}")
    events = list(log)
    for step in range(MAX_STEPS):
        if rules.is_over(state):
            break
        seat = rules.to_act(state)
        legal = rules.legal_actions(state)
        obs = rules.observation(state, seat)
        out(f"step {step} seat {seat} legal {[str(a) for a in legal]}")
        if ai and overrides(rules, "search_actions"):  # the game's own pruning
            out(f"  search {[str(a) for a in rules.search_actions(state, legal)]}")
        for s in range(len(names)):
            out(f"  obs {s} {_j(rules.observation(state, s))}")
        for line in words(view, obs, legal, events, names):
            out(line)
        if seat in agents:
            action = agents[seat].choose(rules, obs, legal)
        else:
            action = rules.random_action(state, dice)
        log = []
        rules.apply(state, action, log)
        events = list(log)
        out(f"  chose {action} events {_j(events)}")
    over = rules.is_over(state)
    out(f"over {over} scores {_j(rules.scores(state)) if over else ''}")
    for lang in LANGS:
        i18n.set_language(lang)
        if rules.is_over(state):
            out(f"  [{lang}] results {_j(view.results(rules.open_observation(state)))}")
    i18n.set_language("en")


def digest(game: str, games: int, dump, ai: bool = True) -> str:
    h = hashlib.sha256()

    def out(line: str) -> None:
        h.update(line.encode() + b"\n")
        if dump is not None:
            dump.write(line + "\n")

    rules, view = get_rules(game), get_view(game)
    for n, (players, config) in enumerate(configs(rules, view)):
        for g in range(games):
            kind = "greedy" if g % 2 and ai else "random"
            play(game, players, config, 1000 * n + g, [kind] * players, out, ai)
    return h.hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=2, help="games per configuration (default 2)")
    ap.add_argument("--dump", help="write the full text here")
    ap.add_argument("--no-ai", action="store_true", help="random seats only, no search pruning")
    args = ap.parse_args(argv)
    # each catalog read once: set_language reads the .po again on every call when the .mo
    # is missing or older than it (33 ms a language), and the words of every step are
    # written in three languages; the cache made a Runes of Mayhem run many times faster
    i18n.load_translation = functools.lru_cache(None)(i18n.load_translation)
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as dump:
            print(args.game, digest(args.game, args.games, dump, not args.no_ai))
    else:
        print(args.game, digest(args.game, args.games, None, not args.no_ai))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
