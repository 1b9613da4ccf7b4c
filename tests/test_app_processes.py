"""No process outlives the window (game/app/worker.py).

The computer seats think in a spawned worker process; on Linux and macOS multiprocessing
also starts its resource tracker beside it.  Whether the window ends normally or is killed
(SIGKILL: nothing of it runs any more), every process it started must be gone soon after.

These tests find the window's processes through /proc, so they run where /proc exists
(Linux, as in CI) and are skipped elsewhere; the mechanism they check (the worker waits on
the parent's sentinel of multiprocessing's "spawn" start) is the same on Windows and macOS.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROC = Path("/proc")

pytestmark = pytest.mark.skipif(
    not (PROC / "self" / "stat").exists(),
    reason="finds the window's processes through /proc (Linux)",
)

STARTUP_DEADLINE = 90.0  # generous: the window imports pygame on a busy machine
EXIT_DEADLINE = 20.0  # every process of the window gone within this after it ended
POLL = 0.2


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of ``pid``, or None when there is no such process."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # the name (2nd field) is in parentheses and may hold spaces: split after its end
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0], int(fields[19])


def _cmdline(pid: int) -> str:
    try:
        return (
            (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        )
    except OSError:
        return ""


def _descendants(root: int) -> dict[int, int]:
    """Every live process below ``root``: pid -> start time (so a reused pid is not it)."""
    children: dict[int, list[int]] = {}
    info = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        st = _stat(int(entry.name))
        if st is not None and st[1] != "Z":  # a zombie has ended, it only awaits its reaper
            info[int(entry.name)] = st
            children.setdefault(st[0], []).append(int(entry.name))
    found: dict[int, int] = {}
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found[child] = info[child][2]
                todo.append(child)
    return found


def _alive(procs: dict[int, int]) -> dict[int, str]:
    """Those of ``procs`` (pid -> start time) still running: pid -> command line."""
    left = {}
    for pid, start in procs.items():
        st = _stat(pid)
        if st is not None and st[1] != "Z" and st[2] == start:
            left[pid] = _cmdline(pid)
    return left


def _start_window(tmp_path: Path, *extra: str) -> subprocess.Popen:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SIEGE_TABLE_HOME=str(tmp_path / "home"),
    )
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game",
            "play",
            "--seats",
            "ai:hard,ai:hard",
            "--game",
            "hadrians-wall",
            *extra,
        ],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _wait_for_worker(window: subprocess.Popen) -> dict[int, int]:
    """Polls until the window's computer-seat worker runs; returns every process below the
    window then."""
    deadline = time.monotonic() + STARTUP_DEADLINE
    while time.monotonic() < deadline:
        assert window.poll() is None, (
            f"the window ended early ({window.returncode}): {window.stderr.read()[-2000:]!r}"
        )
        procs = _descendants(window.pid)
        if any("spawn_main" in _cmdline(pid) for pid in procs):
            return procs
        time.sleep(POLL)
    raise AssertionError(f"no worker process below the window within {STARTUP_DEADLINE} s")


def _wait_gone(procs: dict[int, int]) -> dict[int, str]:
    """Polls (a bounded number of times) until none of ``procs`` runs; returns those left."""
    for _ in range(int(EXIT_DEADLINE / POLL)):
        left = _alive(procs)
        if not left:
            return {}
        time.sleep(POLL)
    return _alive(procs)


def _clean_up(window: subprocess.Popen, procs: dict[int, int]) -> None:
    """A failed test leaves nothing running either: kill what is left of those it saw."""
    if window.poll() is None:
        window.kill()
    window.wait()
    window.stderr.close()
    for pid in _alive(procs):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def test_killed_window_leaves_no_process(tmp_path):
    window = _start_window(tmp_path)
    procs: dict[int, int] = {}
    try:
        procs = _wait_for_worker(window)
        # the worker and, on POSIX, multiprocessing's resource tracker
        assert len(procs) >= 2, {pid: _cmdline(pid) for pid in procs}
        procs = _descendants(window.pid)  # all of them, just before the kill
        os.kill(window.pid, signal.SIGKILL)
        window.wait()
        assert window.returncode == -signal.SIGKILL
        left = _wait_gone(procs)
        assert left == {}, f"still running {EXIT_DEADLINE} s after the window was killed: {left}"
    finally:
        _clean_up(window, procs)


def test_window_quitting_mid_game_leaves_no_process(tmp_path):
    """The ordinary way out (here --frames: the window quits while a computer seat may be
    thinking) ends the window's process and the worker with it."""
    window = _start_window(tmp_path, "--frames", "600", "--pause", "0")
    procs: dict[int, int] = {}
    try:
        procs = _wait_for_worker(window)
        deadline = time.monotonic() + STARTUP_DEADLINE
        while window.poll() is None and time.monotonic() < deadline:
            procs.update(_descendants(window.pid))
            time.sleep(POLL)
        assert window.wait(timeout=EXIT_DEADLINE) == 0, window.stderr.read()[-2000:]
        left = _wait_gone(procs)
        assert left == {}, f"still running {EXIT_DEADLINE} s after the window quit: {left}"
    finally:
        _clean_up(window, procs)
