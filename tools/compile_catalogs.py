"""Compile the translations to gettext .mo files (a pure-Python msgfmt):

    .venv/bin/python tools/compile_catalogs.py

writes assets/locale/<lang>/LC_MESSAGES/siege-table.mo beside each .po.  The build runs it
(`make catalogs`, `make exe` and build/game.spec); the .mo files are not kept in git: the
game compiles a .po in memory when its .mo is missing or older (game/app/i18n.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.catalog import mo_bytes, parse_po  # noqa: E402

LOCALE = ROOT / "assets" / "locale"


def compile_all(quiet: bool = False) -> list[Path]:
    written = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        entries = parse_po(po.read_text(encoding="utf-8"))
        mo = po.with_suffix(".mo")
        mo.write_bytes(mo_bytes(entries))
        written.append(mo)
        if not quiet:
            done = sum(1 for e in entries[1:] if e.translated)
            print(f"{mo.relative_to(ROOT)}: {done} of {len(entries) - 1} strings translated")
    return written


if __name__ == "__main__":
    compile_all()
