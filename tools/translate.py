"""Fill in translations from a JSON file, after merging the code's strings into the .po files.

    .venv/bin/python tools/translate.py words.json

``words.json`` maps each English text to its translations::

    {"Continue": {"hu": "Folytatás", "pl": "Kontynuuj"},
     "{n} game": {"hu": ["{n} játék", "{n} játék"], "pl": ["{n} gra", "{n} gry", "{n} gier"]}}

A text with a context is written ``"context\\u0004text"`` (as gettext keys it).  The merge
and the fill run under a lock, so two runs at once do not lose each other's words.
Texts of the file the code does not have are reported and skipped.
"""

from __future__ import annotations

import fcntl
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import extract_strings  # noqa: E402

LOCK = Path(tempfile.gettempdir()) / "siege-table-po.lock"


def fill(words: dict) -> int:
    extract_strings.main([])
    unknown = set(words)
    for lang in extract_strings.LANGS:
        catalog = extract_strings.read(lang)
        for m in catalog:
            if not m.id:
                continue
            msgid = m.id[0] if m.pluralizable else m.id
            key = msgid if m.context is None else f"{m.context}\x04{msgid}"
            given = words.get(key, {}).get(lang)
            if given is None:
                continue
            unknown.discard(key)
            forms = [given] if isinstance(given, str) else list(given)
            needed = catalog.num_plurals if m.pluralizable else 1
            if len(forms) != needed:
                print(f"{lang}: {key!r} needs {needed} forms, got {len(forms)}")
                continue
            m.string = tuple(forms) if m.pluralizable else forms[0]
            m.flags.discard("fuzzy")
        extract_strings.write(extract_strings.po_path(lang), catalog)
    for key in sorted(unknown):
        print(f"not in the code: {key!r}")
    return extract_strings.main(["--check"])


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    words = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return fill(words)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
