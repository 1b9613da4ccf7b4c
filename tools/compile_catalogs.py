"""Compile the translations to gettext .mo files with Babel:

    .venv/bin/python tools/compile_catalogs.py

writes assets/locale/<lang>/LC_MESSAGES/siege-table.mo beside each .po.  The build runs it
(`make catalogs`, `make exe` and build/game.spec); the .mo files are not kept in git: the
game reads a .po in memory when its .mo is missing or older (game/app/i18n.py).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"


def compile_all(quiet: bool = False) -> list[Path]:
    written = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, catalog)  # untranslated and fuzzy texts left out: English shows
        written.append(mo)
        if not quiet:
            done = sum(
                1
                for m in catalog
                if m.id and not m.fuzzy and all(m.string if m.pluralizable else [m.string])
            )
            print(f"{mo.relative_to(ROOT)}: {done} of {len(catalog)} strings translated")
    return written


if __name__ == "__main__":
    compile_all()
