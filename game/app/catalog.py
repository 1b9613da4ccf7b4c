"""Gettext catalogs without external tools: read a ``.po`` file, write a ``.mo`` file.

Used by tools/compile_catalogs.py (the build's msgfmt), by tools/extract_strings.py (to
merge a new template into the translations) and by game.app.i18n, which compiles a
``.po`` in memory when no up-to-date ``.mo`` is beside it (a fresh clone has none).
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    flags: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # translator comments "# ..."
    msgctxt: str | None = None  # a context telling apart two meanings of one English text

    @property
    def key(self) -> tuple[str | None, str]:
        return self.msgctxt, self.msgid

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.msgstr)


def _unquote(line: str) -> str:
    return ast.literal_eval(line)  # a C-like string in double quotes; no f-strings here


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") first; obsolete ``#~`` dropped."""
    entries: list[Entry] = []
    cur: Entry | None = None
    key: tuple[str, int] | None = None
    pending = {"flags": [], "refs": [], "comments": []}
    context: str | None = None

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#,"):
            finish()
            pending["flags"] += [f.strip() for f in line[2:].split(",") if f.strip()]
        elif line.startswith("#:"):
            finish()
            pending["refs"] += line[2:].split()
        elif line.startswith("#"):
            finish()
            if line.startswith("# ") or line == "#":
                pending["comments"].append(line[2:])
        elif line.startswith("msgctxt "):
            finish()
            context = _unquote(line[8:])
            key = ("msgctxt", 0)
        elif line.startswith("msgid_plural "):
            assert cur is not None
            cur.msgid_plural = _unquote(line[13:])
            key = ("msgid_plural", 0)
        elif line.startswith("msgid "):
            finish()
            cur = Entry(
                _unquote(line[6:]),
                flags=pending["flags"],
                references=pending["refs"],
                comments=pending["comments"],
                msgctxt=context,
            )
            pending = {"flags": [], "refs": [], "comments": []}
            context = None
            key = ("msgid", 0)
        elif line.startswith("msgstr["):
            assert cur is not None
            n = int(line[7 : line.index("]")])
            while len(cur.msgstr) <= n:
                cur.msgstr.append("")
            cur.msgstr[n] = _unquote(line[line.index("]") + 1 :].strip())
            key = ("msgstr", n)
        elif line.startswith("msgstr "):
            assert cur is not None
            cur.msgstr = [_unquote(line[7:])]
            key = ("msgstr", 0)
        elif line.startswith('"'):
            assert key is not None and (cur is not None or key[0] == "msgctxt")
            part = _unquote(line)
            if key[0] == "msgctxt":
                context = (context or "") + part
            elif key[0] == "msgid":
                cur.msgid += part
            elif key[0] == "msgid_plural":
                cur.msgid_plural = (cur.msgid_plural or "") + part
            else:
                cur.msgstr[key[1]] += part
        else:
            raise ValueError(f"not a .po line: {raw!r}")
    finish()
    return entries


def _quote(text: str) -> str:
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    return '"' + out.replace("\n", "\\n") + '"'


def _field(name: str, text: str) -> list[str]:
    if "\n" in text[:-1]:
        parts = text.splitlines(keepends=True)
        return [f'{name} ""', *(_quote(p) for p in parts)]
    return [f"{name} {_quote(text)}"]


def format_po(entries: list[Entry]) -> str:
    blocks = []
    for e in entries:
        lines = [f"# {c}".rstrip() for c in e.comments]
        if e.references:
            lines.append("#: " + " ".join(e.references))
        if e.flags:
            lines.append("#, " + ", ".join(e.flags))
        if e.msgctxt is not None:
            lines += _field("msgctxt", e.msgctxt)
        lines += _field("msgid", e.msgid)
        if e.msgid_plural is not None:
            lines += _field("msgid_plural", e.msgid_plural)
            for n, s in enumerate(e.msgstr):
                lines += _field(f"msgstr[{n}]", s)
        else:
            lines += _field("msgstr", e.msgstr[0])
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def mo_bytes(entries: list[Entry]) -> bytes:
    """The GNU .mo file of the translated entries (and the header)."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if e.msgid and not e.translated:
            continue  # untranslated or fuzzy: gettext falls back to the English source
        msgid = e.msgid if e.msgctxt is None else e.msgctxt + "\x04" + e.msgid
        if e.msgid_plural is not None:
            key = (msgid + "\0" + e.msgid_plural).encode()
            pairs[key] = "\0".join(e.msgstr).encode()
        else:
            pairs[msgid.encode()] = e.msgstr[0].encode()
    keys = sorted(pairs)
    n = len(keys)
    ids = strs = b""
    offsets = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\0"
        strs += pairs[k] + b"\0"
    start = 7 * 4 + 16 * n
    key_table = []
    value_table = []
    for id_off, id_len, str_off, str_len in offsets:
        key_table += [id_len, start + id_off]
        value_table += [str_len, start + len(ids) + str_off]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    return (
        header
        + struct.pack(f"{len(key_table)}i", *key_table)
        + struct.pack(f"{len(value_table)}i", *value_table)
        + ids
        + strs
    )
