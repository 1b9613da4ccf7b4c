"""Reading a file for the program: one bounded, typed check of every file it reads.

Saves, records, replays, the settings and the rules texts all come through here.  A file
is read only when it is a regular file (never a symbolic link, a folder, a pipe or a
device: it is opened without following a link and without blocking, and checked on the
opened descriptor) and not larger than a limit; its text must be UTF-8 (a leading
byte-order mark is accepted); JSON is parsed with limits on nesting depth, string length,
number of items and digits of an integer, and NaN or Infinity are refused.

Every failure is a ``FileProblem`` (a GameError) with a one-line message of bounded length
that names the file; nothing is ever written.  No pygame here: the engines' loaders and
the app share it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .clip import clip
from .contract import GameError

#: the default size limit of a file read (bytes)
MAX_BYTES = 4 * 1024 * 1024
BOM = b"\xef\xbb\xbf"


class FileProblem(GameError):
    """A file the program reads cannot be used; ``path`` is the file (as given)."""

    def __init__(self, message: str, path: object = None) -> None:
        super().__init__(message)
        self.path = path


class Unreadable(FileProblem):
    """Missing, or the system refuses to open or read it (``errno`` and ``reason``, the
    system's words, tell why)."""

    def __init__(
        self, message: str, path: object = None, errno: int | None = None, reason: str = ""
    ) -> None:
        super().__init__(message, path)
        self.errno = errno
        self.reason = reason


class NotAFile(FileProblem):
    """A symbolic link, a folder, a pipe, a socket or a device; ``kind`` names it
    ("link", "folder" or "special")."""

    def __init__(self, message: str, path: object = None, kind: str = "special") -> None:
        super().__init__(message, path)
        self.kind = kind


class TooLarge(FileProblem):
    """Larger than the limit of its kind of file."""


class NotText(FileProblem):
    """Not UTF-8 text."""


class BadJSON(FileProblem):
    """Not valid JSON: damaged or truncated."""


class OverLimit(BadJSON):
    """Valid JSON, but beyond what the program reads: nested too deep, a string too long,
    too many items, an integer of too many digits, or NaN/Infinity."""


def quoted(path: object) -> str:
    """A file's name for a message: in quotes, cut short ("the text" when none)."""
    if path is None:
        return "the text"
    return "'" + clip(os.fspath(path) if isinstance(path, os.PathLike) else path) + "'"


_KINDS = (
    (stat.S_ISLNK, "link", "is a symbolic link, not a file"),
    (stat.S_ISDIR, "folder", "is a folder, not a file"),
    (stat.S_ISFIFO, "special", "is a pipe, not a file"),
    (stat.S_ISSOCK, "special", "is a socket, not a file"),
    (stat.S_ISCHR, "special", "is a device, not a file"),
    (stat.S_ISBLK, "special", "is a device, not a file"),
)


def _refuse_kind(mode: int, path: object) -> None:
    if stat.S_ISREG(mode):
        return
    for test, kind, words in _KINDS:
        if test(mode):
            raise NotAFile(f"{quoted(path)} {words}", path, kind)
    raise NotAFile(f"{quoted(path)} is not a regular file", path)


def _unreadable(error: OSError, path: object) -> Unreadable:
    reason = clip(error.strerror or error, 60)
    return Unreadable(f"Cannot read {quoted(path)}: {reason}", path, error.errno, reason)


def read_bytes(path: str | os.PathLike, limit: int = MAX_BYTES) -> bytes:
    """The content of the regular file ``path``, at most ``limit`` bytes.

    A symbolic link (even to a good file), a folder, a pipe or a device is refused
    (NotAFile) without blocking; a file over ``limit`` bytes is TooLarge; a missing or
    forbidden one is Unreadable."""
    try:
        _refuse_kind(os.lstat(path).st_mode, path)
    except OSError as e:
        raise _unreadable(e, path) from e
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_BINARY", 0)
        | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        fd = os.open(path, flags)
    except OSError as e:  # replaced by a link or a pipe since lstat: refused all the same
        with contextlib.suppress(OSError):
            _refuse_kind(os.lstat(path).st_mode, path)
        raise _unreadable(e, path) from e
    try:
        info = os.fstat(fd)
        _refuse_kind(info.st_mode, path)
        if info.st_size > limit:
            raise _too_large(path, info.st_size, limit)
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while read
                raise _too_large(path, size, limit)
    except OSError as e:
        raise _unreadable(e, path) from e
    finally:
        os.close(fd)
    return b"".join(chunks)


def _too_large(path: object, size: int, limit: int) -> TooLarge:
    return TooLarge(f"{quoted(path)} is too large ({size:,} bytes; at most {limit:,})", path)


def decode(raw: bytes, path: object = None) -> str:
    """UTF-8 text (a leading byte-order mark dropped); NotText otherwise."""
    if raw.startswith(BOM):
        raw = raw[len(BOM) :]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise NotText(f"{quoted(path)} is not UTF-8 text (byte {e.start + 1:,})", path) from e


def read_text(path: str | os.PathLike, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (see ``read_bytes`` and ``decode``)."""
    return decode(read_bytes(path, limit), path)


@dataclass(frozen=True)
class Limits:
    """What a JSON file may hold: nesting depth of arrays and objects, characters of a
    string (keys too), items in all (every value and key), digits of an integer."""

    depth: int = 32
    string: int = 10_000
    items: int = 1_000_000
    digits: int = 40


def parse_json(text: str, limits: Limits = Limits(), path: object = None) -> object:
    """``text`` as JSON within ``limits``; BadJSON (OverLimit for a limit) otherwise."""
    _check_depth(text, limits.depth, path)

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > limits.digits:
            raise _over(path, f"an integer of more than {limits.digits} digits")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise _over(path, "a number too large to be read")
        return value

    def constant(name: str) -> object:
        raise _over(path, f"the value {name}, not a number")

    try:
        data = json.loads(text, parse_int=integer, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as e:
        raise BadJSON(
            f"{quoted(path)} is damaged or truncated (not valid JSON at line "
            f"{e.lineno:,} column {e.colno:,})",
            path,
        ) from e
    except RecursionError as e:  # nested beyond the parser's own depth
        raise _over(path, f"values nested more than {limits.depth} deep") from e
    except ValueError as e:  # anything else json refuses
        raise BadJSON(f"{quoted(path)} is damaged (not valid JSON)", path) from e
    _check_sizes(data, limits, path)
    return data


def read_json(path: str | os.PathLike, limit: int = MAX_BYTES, limits: Limits = Limits()) -> object:
    """The JSON value of the regular file ``path`` (see ``read_bytes`` and
    ``parse_json``)."""
    return parse_json(read_text(path, limit), limits, path)


def _over(path: object, what: str) -> OverLimit:
    return OverLimit(f"{quoted(path)} holds {what}", path)


#: a JSON string (to its closing quote, or to the end of an unterminated one: never fails,
#: so never tried again from a later quote), and a pair of brackets with none inside
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_INNERMOST = re.compile(r"[\[{][^\[\]{}]*[\]}]")


def _check_depth(text: str, depth: int, path: object) -> None:
    """Refuse text nested deeper than ``depth`` before it is parsed (the parser itself
    recurses); brackets inside strings do not count.  Strings are dropped, then the
    innermost pairs of brackets, once for each level allowed: brackets still paired
    after that are nested deeper.  Each step is linear."""
    if text.count("[") + text.count("{") <= depth:
        return
    brackets = _STRING.sub("", text)
    levels = 0
    while levels < depth:
        brackets, paired = _INNERMOST.subn("", brackets)
        if not paired:
            break
        levels += 1
    # what is left is paired deeper than allowed, or (a text cut short) openers never
    # closed, each a level more
    unclosed = sum(brackets.count(c) for c in "[{") - sum(brackets.count(c) for c in "]}")
    if _INNERMOST.search(brackets) or levels + unclosed > depth:
        raise _over(path, f"values nested more than {depth} deep")


def _check_sizes(data: object, limits: Limits, path: object) -> None:
    items = 0
    stack = [data]
    while stack:
        value = stack.pop()
        items += 1
        if items > limits.items:
            raise _over(path, f"more than {limits.items:,} values")
        if isinstance(value, str):
            if len(value) > limits.string:
                raise _over(path, f"a text of more than {limits.string:,} characters")
        elif isinstance(value, dict):
            stack.extend(value)  # the keys
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


# ---------------------------------------------------------------------- writing
def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a hidden temp file beside it,
    flushed and synced, renamed over ``path``, then the rename made durable.  On any
    OSError (raised) the old file is left as it was and no temp file remains."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    sync_directory(path.parent)


def append_line(path: str | os.PathLike, line: str) -> None:
    """Append ``line`` and a newline (UTF-8) to ``path`` (made if missing), in one write,
    flushed and synced; a newline goes first if the file's last line was cut short, so a
    half-written line stays alone.  OSError is raised."""
    data = (line + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        end = os.lseek(fd, 0, os.SEEK_END)
        if end > 0 and os.pread(fd, 1, end - 1) != b"\n":
            data = b"\n" + data
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_directory(directory: str | os.PathLike) -> None:
    """Make a new name (a rename, a link) in ``directory`` durable where the system allows
    it (not on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
