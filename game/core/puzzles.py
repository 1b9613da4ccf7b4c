"""Puzzles: positions where the rules make one move (or a few) clearly right.

A puzzle is a JSON file under ``tests/puzzles/<game>/``::

    {"game": ..., "rules": 2, "config": {...}, "seed": 1, "actions": [...],
     "seat": 0, "answers": ["..."], "rule": "RM-...", "why": "one line"}

``config``, ``seed``, ``actions`` (and ``rules``, the game's rules version, 1 when left
out) are a game record: replaying the actions gives the position, where ``seat`` is to
move and every text of ``answers`` is legal.  A computer player solves a puzzle when the
action it chooses from that seat's observation is one of the answers.  The search levels
are efforts (iteration counts) whose random numbers come from the seed, so a score never
flickers from run to run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from . import files, registry
from .agents import make_agent
from .contract import GameError
from .record import GameRecord, replay, replays_under, rules_version

#: where the puzzles live: tests/puzzles/<game>/*.json of the source tree
PUZZLE_DIR = Path(__file__).resolve().parents[2] / "tests" / "puzzles"
#: the players a puzzle set is scored with, weakest first
PLAYERS = ("random", "greedy", "easy", "medium", "hard")
DEFAULT_PLAYERS = ("greedy", "medium", "hard")
MAX_PUZZLE_BYTES = 1024 * 1024
LIMITS = files.Limits(depth=16, string=1_000, items=60_000, digits=40)


class BadPuzzle(GameError):
    """A puzzle file that cannot be used: unreadable, of the wrong shape, not replaying,
    the wrong seat to move or an answer that is not legal there."""


@dataclass
class Puzzle:
    name: str  # the file's stem
    game: str
    record: GameRecord
    seat: int
    answers: list[str]
    rule: str
    why: str


def _spec(player: str) -> str:
    return player if player in ("random", "greedy") else f"ismcts:{player}"


def load_puzzle(path: str | os.PathLike) -> Puzzle:
    """Read and check a puzzle file (BadPuzzle when it is not usable)."""
    path = Path(path)
    try:
        data = files.read_json(path, MAX_PUZZLE_BYTES, LIMITS)
    except files.FileProblem as e:
        raise BadPuzzle(f"puzzle {path.name}: {e}") from e
    if not isinstance(data, dict):
        raise BadPuzzle(f"puzzle {path.name}: not a JSON object")
    missing = [
        k
        for k in ("game", "config", "seed", "actions", "seat", "answers", "rule", "why")
        if k not in data
    ]
    if missing:
        raise BadPuzzle(f"puzzle {path.name}: missing {', '.join(missing)}")
    game = data["game"]
    if game not in registry.game_names():
        raise BadPuzzle(f"puzzle {path.name}: unknown game {game!r}")
    made = data.get("rules", 1)
    if not replays_under(game, made, data["config"]):
        raise BadPuzzle(
            f"puzzle {path.name}: made under rules version {made}, the game's "
            f"are now version {rules_version(game)}"
        )
    answers, actions = data["answers"], data["actions"]
    if not (
        isinstance(answers, list)
        and answers
        and all(isinstance(a, str) for a in answers)
        and isinstance(actions, list)
        and all(isinstance(a, str) for a in actions)
        and isinstance(data["seed"], int)
        and isinstance(data["seat"], int)
        and isinstance(data["config"], dict)
    ):
        raise BadPuzzle(f"puzzle {path.name}: a field of the wrong type")
    record = GameRecord(game, data["config"], data["seed"], list(actions), [], rules=made)
    return Puzzle(
        path.stem, game, record, data["seat"], list(answers), str(data["rule"]), str(data["why"])
    )


def position(puzzle: Puzzle):
    """(rules, state, legal texts) of the puzzle's position; BadPuzzle when the record
    does not replay, another seat is to move or an answer is not legal there."""
    rules = registry.get_rules(puzzle.game)
    try:
        state = replay(rules, puzzle.record)
    except GameError as e:
        raise BadPuzzle(f"puzzle {puzzle.name}: {e}") from e
    if rules.is_over(state) or rules.to_act(state) != puzzle.seat:
        raise BadPuzzle(f"puzzle {puzzle.name}: seat {puzzle.seat} is not to move")
    legal = {str(a) for a in rules.legal_actions(state)}
    for answer in puzzle.answers:
        try:
            text = str(rules.parse_action(answer))
        except GameError as e:
            raise BadPuzzle(f"puzzle {puzzle.name}: answer {answer!r}: {e}") from e
        if text not in legal:
            raise BadPuzzle(f"puzzle {puzzle.name}: answer {answer!r} is not legal there")
    return rules, state, legal


def choice(puzzle: Puzzle, player: str) -> str:
    """The action text ``player`` (random, greedy, easy, medium, hard) chooses there."""
    rules, state, _ = position(puzzle)
    agent = make_agent(_spec(player), puzzle.record.seed, rules)
    obs = rules.observation(state, puzzle.seat)
    return str(agent.choose(rules, obs, rules.legal_actions(state)))


def solves(puzzle: Puzzle, player: str) -> bool:
    rules = registry.get_rules(puzzle.game)
    answers = {str(rules.parse_action(a)) for a in puzzle.answers}
    return choice(puzzle, player) in answers


def puzzle_files(game: str, folder: Path | None = None) -> list[Path]:
    return sorted(((folder or PUZZLE_DIR) / game).glob("*.json"))


def load_set(game: str, folder: Path | None = None) -> list[Puzzle]:
    return [load_puzzle(p) for p in puzzle_files(game, folder)]


def score(game: str, players=DEFAULT_PLAYERS, folder: Path | None = None) -> dict:
    """{player: {"solved": n, "total": n, "failed": [names]}} for ``game``'s set."""
    puzzles = load_set(game, folder)
    result = {}
    for player in players:
        failed = [p.name for p in puzzles if not solves(p, player)]
        result[player] = {
            "solved": len(puzzles) - len(failed),
            "total": len(puzzles),
            "failed": failed,
        }
    return result
