"""The boundaries the design draws: the core and the rules side of every game import neither
pygame, nor the window's code, nor ``random`` (one seeded RNG lives in the state), nor
their game's words and drawing; and they read and write no files, but for the core's
file reader and record writer.  In the window, one place reads pygame's event queue."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
#: a game's modules on the window's side: its words (gettext) and its drawing
VIEW_SIDE = {"view", "drawing", "faces", "table_facts", "words", "glossary"}
FORBIDDEN = ("pygame", "random", "game.app")
FILE_CALLS = {"open", "fdopen", "read_text", "read_bytes", "write_text", "write_bytes"}
#: the core's one file module: files.py reads every file the program reads (bounded and
#: typed: saves, settings, rules texts) and writes the saves and settings atomically
LOADERS = {GAME / "core" / "files.py"}


def engine_files() -> list[Path]:
    files = sorted((GAME / "core").rglob("*.py"))
    for package in sorted(p for p in (GAME / "games").iterdir() if p.is_dir()):
        files += [f for f in sorted(package.glob("*.py")) if f.stem not in VIEW_SIDE]
    return files


def imported(tree: ast.AST) -> list[str]:
    """The modules a file imports; relative ones as ``.name``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = "." + (node.module or "")
                out += [base] if node.module else [f".{a.name}" for a in node.names]
            else:
                out.append(node.module or "")
    return out


def file_calls(tree: ast.AST) -> list[str]:
    """The calls that open, read or write a file: ``open``/``fdopen`` however called, and
    a path's ``read_text``... (an attribute of something other than ``self``: a function
    or method of the module's own by that name reads no file)."""
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name):
                name = f.id if f.id in ("open", "fdopen") else ""
            elif isinstance(f, ast.Attribute):
                own = isinstance(f.value, ast.Name) and f.value.id == "self"
                name = "" if own and f.attr not in ("open", "fdopen") else f.attr
            else:
                name = ""
            if name in FILE_CALLS:
                calls.append(f"{name} (line {node.lineno})")
    return calls


def test_the_engines_import_no_pygame_window_random_or_view_module():
    files = engine_files()
    assert len(files) > 40  # every game's rules side and the core
    problems = []
    for path in files:
        for module in imported(ast.parse(path.read_text(encoding="utf-8"))):
            bad = module.startswith(FORBIDDEN) or (
                module.startswith(".") and module.lstrip(".").split(".")[0] in VIEW_SIDE
            )
            if bad:
                problems.append(f"{path.relative_to(GAME)} imports {module}")
    assert problems == []


def test_the_engines_read_and_write_no_files_but_the_record_loader():
    problems = [
        f"{p.relative_to(GAME)}: {call}"
        for p in engine_files()
        if p not in LOADERS
        for call in file_calls(ast.parse(p.read_text(encoding="utf-8")))
    ]
    assert problems == []
    for loader in LOADERS:
        assert file_calls(ast.parse(loader.read_text(encoding="utf-8"))), loader


def test_a_game_of_each_engine_is_played_without_loading_pygame():
    """Playing every game to its end, headless, never loads pygame (the engines and their
    tests run on a machine without a window)."""
    script = (
        "import sys\n"
        "from game.core.registry import get_rules\n"
        "from game.core.rng import Rng\n"
        "for name in ('stronghold', 'hadrians-wall', 'field-of-glory', 'runes-of-mayhem'):\n"
        "    rules = get_rules(name)\n"
        "    state = rules.new_game(rules.default_config(2), 1)\n"
        "    rng = Rng(2)\n"
        "    while not rules.is_over(state):\n"
        "        rules.apply(state, rules.random_action(state, rng))\n"
        "    rules.describe_event((-1, 'ACT', 'x'))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'random')"
        " or m.startswith('game.app')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=GAME.parent, timeout=300
    )
    assert out.returncode == 0, out.stderr
    loaded = out.stdout.strip().splitlines()[-1]
    assert "pygame" not in loaded and "game.app" not in loaded, loaded


def test_one_place_reads_the_event_queue():
    """The window's loop (App) is the only reader of pygame's event queue; scenes get the
    events it hands them."""
    readers = []
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("get", "poll", "wait", "peek")
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "event"
            ):
                readers.append(f"{path.relative_to(GAME)}:{node.lineno}")
    assert len(readers) == 1 and readers[0].startswith("app/app.py:"), readers
