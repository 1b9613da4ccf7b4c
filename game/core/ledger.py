"""The ledger of a long self-play measurement, shared by the strength ladder
(``ladder.py``, ``bench --ladder --ledger``) and the balance series (``balance.py``,
``balance --ledger``): a JSON Lines file holding one finished game a line, so that a
measurement of many CPU hours accumulates over sittings and resumes after a kill.

What is shared here: the behaviour fingerprint that keys the entries (``fingerprint`` of
a player on a few fixed positions, ``fingerprint_positions``), the checks of the ledger's
path and of its use, the reading of its lines (each caller says what a valid entry is,
with ``key_problem``'s help), appending an entry, comparing set-ups, the levels' efforts
without the wall-clock safety net, which held games a ``--recheck`` plays again, and the
line of text that tells what the ledger gave and took (``report_line``).  Why a
fingerprint and not a hash of the code, and why the safety net is off: see
``ladder.py``'s text.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable

from .agents import ISMCTSAgent, make_agent
from .agents.greedy import state_value
from .agents.levels import LEVELS, level_options
from .clip import clip
from .contract import BadConfig, Rules, State
from .files import append_line, read_text
from .rng import Rng
from .seeding import derive_seed

FINGERPRINT_SEED = 2_500_001
FINGERPRINT_POSITIONS = 3  # positions each agent decides on (hard: about a second each)

#: the largest ledger read (bytes): about 100,000 games
LEDGER_BYTES = 64 * 1024 * 1024


def without_safety_net(levels: dict | None = None) -> dict:
    """The level overrides of ledger games: ``levels`` (as in ``make_agent``), with the
    wall-clock safety net off for every level unless ``levels`` sets one (a net that ends
    a search on a busy machine makes a game depend on the machine)."""
    out = {}
    for level in LEVELS:
        options = dict((levels or {}).get(level, {}))
        options.setdefault("safety_seconds", None)
        out[level] = options
    return out


# ------------------------------------------------------------------ fingerprints


def fingerprint_positions(
    rules: Rules, counts: list[int], config: dict | None = None
) -> list[State]:
    """The fixed positions the agents are fingerprinted on: position ``i`` at the
    ``i``-th of the player ``counts`` (in turn), reached by the seeded random player after
    ``6 + 14 i`` actions (or the last position with a choice before the game ended)."""
    positions = []
    for i in range(FINGERPRINT_POSITIONS):
        players = counts[i % len(counts)]
        full = {**rules.default_config(players), **(config or {})}
        seed = derive_seed(FINGERPRINT_SEED, i)
        state = rules.new_game(full, seed)
        rng = Rng(derive_seed(seed, 1))
        chosen = None
        for _ in range(6 + 14 * i):
            if rules.is_over(state):
                break
            if len(rules.legal_actions(state)) > 1:
                chosen = rules.clone(state)
            rules.apply(state, rules.random_action(state, rng))
        if not rules.is_over(state) and len(rules.legal_actions(state)) > 1:
            chosen = state
        if chosen is not None:
            positions.append(chosen)
    return positions


def _index(action, legal: list) -> int | str:
    try:
        return legal.index(action)
    except ValueError:
        return str(action)


def fingerprint(rules: Rules, spec: str, positions: list[State], levels: dict | None = None) -> str:
    """The behaviour fingerprint of player ``spec`` (16 hex digits of a SHA-256): its level
    options, and its choice on each of ``positions`` (by index in the legal actions) with
    the search's visit counts and iterations, and (but for the random player) the game's
    value of each legal action's result, which greedy play and the searches' cut-off
    playouts go by.  The same while it plays the same."""
    digest = hashlib.sha256()
    kind = spec.strip().lower()
    options = None
    if kind not in ("random", "greedy"):
        options = level_options(kind.partition(":")[2] or "medium", rules, levels)
    digest.update(json.dumps([kind, options], sort_keys=True, default=repr).encode())
    for i, state in enumerate(positions):
        legal = rules.legal_actions(state)
        visits, iterations, values = None, None, None
        if kind == "random":
            action = rules.random_action(
                rules.clone(state), Rng(derive_seed(FINGERPRINT_SEED, i, 2))
            )
        else:
            agent = make_agent(spec, derive_seed(FINGERPRINT_SEED, i, 3), rules, levels)
            obs = rules.observation(state, rules.to_act(state))
            action = agent.choose(rules, obs, legal)
            if isinstance(agent, ISMCTSAgent):
                visits = [agent.last_visits.get(a, 0) for a in legal]
                iterations = agent.last_iterations
            seat = rules.to_act(state)
            values = []
            for a in legal:
                after = rules.clone(state)
                rules.apply(after, a)
                values.append(round(state_value(rules, after, seat), 9))
        choice = _index(action, legal)
        digest.update(json.dumps([i, choice, visits, iterations, values]).encode())
    return digest.hexdigest()[:16]


# ------------------------------------------------------------------ the file


def check_ledger_path(path: str) -> None:
    """BadConfig unless ``path`` can be a ledger: an existing file, or a new one in an
    existing folder."""
    if os.path.isdir(path):
        raise BadConfig(f"--ledger '{clip(path)}' is a folder, not a file")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise BadConfig(f"--ledger: no folder '{clip(folder)}'")
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise BadConfig(f"--ledger '{clip(path)}' cannot be read and written")


def check_use(ledger: str | None, play: bool, recheck: int) -> None:
    """BadConfig where a measurement without a ``ledger`` is asked to sum up without
    playing (``play`` False) or to play held games again (``recheck``)."""
    if not play and ledger is None:
        raise BadConfig("only the games of a ledger can be summed up without playing")
    if recheck and ledger is None:
        raise BadConfig("only the games of a ledger can be played again to check them")


def valid(value, kind) -> bool:
    """Whether a ledger value is of type ``kind`` (a type or a tuple of types; a bool is
    not a number)."""
    return value is not None and not isinstance(value, bool) and isinstance(value, kind)


def key_problem(record, keys: dict, prefix: str = "") -> str | None:
    """Why ``record`` (a line's JSON value) falls short of ``keys`` (key: type): "not a
    JSON object", or "no valid 'PREFIXKEY'" for the first key whose value is missing or of
    another type (``valid``); None where it does not."""
    if not isinstance(record, dict):
        return "not a JSON object"
    for key, kind in keys.items():
        if not valid(record.get(key), kind):
            return f"no valid '{prefix}{key}'"
    return None


def read_ledger(path: str, problem: Callable[[object], str | None]) -> tuple[list[dict], list[str]]:
    """The entries of ledger ``path`` (none if it does not exist yet), and a description
    of each malformed line ("line N: why"), which is left out: a line that is not JSON, or
    whose entry ``problem`` finds fault with (it returns why, or None for a valid one)."""
    if not os.path.exists(path):
        return [], []
    lines = read_text(path, LEDGER_BYTES).splitlines()
    entries, bad = [], []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            bad.append(f"line {number}: not JSON")
            continue
        why = problem(entry)
        if why:
            bad.append(f"line {number}: {why}")
        else:
            entries.append(entry)
    return entries, bad


def malformed_warning(path: str, bad: list[str]) -> str:
    """The one line of warning about ledger ``path``'s malformed lines ``bad``."""
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return f"warning: ledger '{clip(path)}' {bad[0]}{more}: left out, played again"


def append_entry(path: str, entry: dict) -> None:
    """Append ``entry`` to ledger ``path`` as one line, flushed (``files.append_line``)."""
    try:
        append_line(path, json.dumps(entry, sort_keys=True))
    except OSError as e:
        raise BadConfig(f"--ledger '{clip(path)}' cannot be written: {e.strerror}") from e


def same_config(a: dict | None, b: dict | None) -> bool:
    """Whether two set-ups are the same (an empty one and None alike)."""
    return json.dumps(a or None, sort_keys=True) == json.dumps(b or None, sort_keys=True)


def recheck_indices(held: list[int], recheck: int) -> list[int]:
    """Which of the ``held`` game indices (sorted) ``--recheck recheck`` plays again:
    ``recheck`` of them spread over them all."""
    return held[:: max(1, len(held) // recheck)][:recheck] if recheck else []


def report_line(held: dict, missing: int) -> str:
    """The one line of text on what a ledger gave and took in a measurement: ``held`` is
    the figures' "ledger" (file, reused, played, cpu_s, stale, malformed, rechecked,
    recheck_differs, fingerprint: {player: key}), ``missing`` the games it still lacks."""
    line = (
        f"ledger {held['file']}: {held['reused']} games from it, "
        f"{held['played']} played now, {held['cpu_s']:g} CPU s in all"
    )
    if held["stale"]:
        line += f", {held['stale']} stale (played by players that play differently now)"
    if held["malformed"]:
        line += f", {held['malformed']} malformed lines"
    if missing:
        total = held["reused"] + held["played"] + missing
        line += f", {missing} of the {total} games not played yet"
    if held.get("rechecked"):
        differs = held["recheck_differs"]
        line += f", {held['rechecked']} played again: " + (
            f"games {', '.join(map(str, differs))} ended otherwise" if differs else "the same"
        )
    prints = ", ".join(f"{player} {key}" for player, key in held["fingerprint"].items())
    return f"{line}; fingerprints {prints}"
