"""Extract every visible string of the app into assets/locale/siege-table.pot and merge it
into the translations (assets/locale/<lang>/LC_MESSAGES/siege-table.po), with Babel.

    .venv/bin/python tools/extract_strings.py          # write the .pot and update the .po
    .venv/bin/python tools/extract_strings.py --check  # exit 1 when a .po lacks a string

Babel's Python extractor reads the texts given to ``_``, ``N_`` (one text), ``ngettext``,
``NP_`` (singular and plural) and ``pgettext`` (a context and a text) in the ``game``
package; the names and texts kept in the tables of TABLES are read by importing them (the
engines' content modules stay free of app code: their names are translated where the views
show them, so no call marks them).  Babel's update keeps every existing translation, adds
the new texts with an empty translation (no fuzzy guesses) and drops the texts the code no
longer has.  A file is rewritten only when more than its creation date would change.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DOMAIN = "siege-table"
LOCALE = ROOT / "assets" / "locale"
LANGS = ("hu", "pl")
#: Babel's keyword specs: the argument positions of the texts, "c" the context's
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "_n": (1, 2),  # ngettext under a short name
    "NP_": (1, 2),
    "pgettext": ((1, "c"), 2),
}
HEADER = {
    None: "# Template of Siege Table's visible strings: tools/extract_strings.py.",
    "hu": "# Hungarian translation of Siege Table.",
    "pl": "# Polish translation of Siege Table.",
}


#: (module, table, fields[, context]): the visible texts kept in tables.  fields: None for
#: every text in the values, a tuple of positions in each value's tuple, or "plural" for
#: values that are (singular, plural) pairs; context: for texts shown with pgettext.
TABLES: list[tuple] = [
    ("game.games.hadrians_wall.content", "WARRIOR_TYPES", (0, 2)),
    ("game.games.hadrians_wall.content", "FORTS", (0,)),
    ("game.games.hadrians_wall.content", "FORT_TEXT", None),
    ("game.games.hadrians_wall.content", "COLOUR_NAMES", None, "clan"),
    ("game.games.stronghold.content", "MACHINES", (0,)),
    ("game.games.stronghold.content", "EQUIPMENT", (0,)),
    ("game.games.stronghold.content", "TRAINING", (0,)),
    ("game.games.stronghold.content", "RITUALS", (0,)),
    ("game.games.stronghold.content", "ORDER_NAMES", None),
    ("game.games.stronghold.content", "DEED_NAMES", None),
    ("game.games.stronghold.board", "BUILDING_NAMES", None),
    *(
        ("game.games.stronghold.words", name, None)
        for name in (
            "_A_UNIT",
            "_UNIT_NAME",
            "_HERO",
            "_HERO_NAME",
            "_WHO",
            "_WHO_CAP",
            "SPECIAL_NAMES",
            "_CARD_ACTIONS",
            "ACTION_NAMES",
            "_MACHINE_A",
            "_MACHINE_THE",
            "_EQUIP_A",
            "_EQUIP_THE",
            "_TRAIN_A",
            "_TRAIN_THE",
            "_CAULDRON",
            "_TOWER_MACHINE",
            "_HIT_CARDS",
            "_GLORY_WHY",
            "_TIPS",
        )
    ),
    ("game.games.stronghold.words", "_UNIT_WORDS", "plural"),
    ("game.games.stronghold.words", "PHASE_NAMES", None, "phase"),
    ("game.games.stronghold.words", "STEP_NAMES", (1,)),
    ("game.games.stronghold.view", "SEAT_WORDS", None),
    ("game.games.field_of_glory.content", "TYPE_NAMES", None),
    ("game.games.field_of_glory.content", "LEADER_NAMES", None),
    ("game.games.field_of_glory.content", "SIDE_NAMES", None),
    *(
        ("game.games.field_of_glory.words", name, None)
        for name in (
            "SIDE_WORDS",
            "SIDE_FULL",
            "TYPE_WORDS",
            "TERRAIN_WORDS",
            "DISCARD_WHY",
            "END_WHY",
            "PART_WORDS",
        )
    ),
    *(
        ("game.games.field_of_glory.words", name, (0,))
        for name in ("SPECIAL", "TERRAIN_TEXT", "STEP_PHASE")
    ),
    ("game.games.field_of_glory.view", "SHUF_WORDS", None),
    ("game.games.runes_of_mayhem.content", "CARDS", (0,)),
    *(
        ("game.games.runes_of_mayhem.words", name, None)
        for name in ("SIDE_WORDS", "SIDE_ADJ", "CLASS_WORDS", "KEY_TEXT", "MODULE_CARDS", "END_WHY")
    ),
    *(("game.games.runes_of_mayhem.words", name, (0,)) for name in ("CLASS_TEXT", "STEP_WORDS")),
    ("game.games.runes_of_mayhem.words", "MODULE_WORDS", (0, 1)),
    ("game.games.runes_of_mayhem.view", "FORMATION", None),
    ("game.games.runes_of_mayhem.faces", "SHORT_KEY", None),
    # the heuristics' parts the hint names (game.core.contract.Term: words, rule)
    *(
        (f"game.games.{game}.ai", name, None)
        for game in ("hadrians_wall", "field_of_glory", "runes_of_mayhem", "stronghold")
        for name in ("HINT_TERMS", "WIN_TERM")
    ),
]


def _texts(value, fields) -> list[str]:
    """The visible texts of one table value."""
    if isinstance(value, str):
        return [value] if any(c.islower() for c in value) else []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (tuple, list)):
        if isinstance(fields, tuple):
            value = [value[i] for i in fields]
        return [t for v in value for t in _texts(v, None)]
    return []


def extract_tables() -> list[tuple[str | tuple[str, str], str, str | None]]:
    """(text or (singular, plural), file, context) of every text in TABLES."""
    found = []
    for module, name, fields, *context in TABLES:
        ctx = context[0] if context else None
        table = getattr(importlib.import_module(module), name)
        values = table.values() if isinstance(table, dict) else table
        ref = f"{module.replace('.', '/')}.py"
        for value in values:
            if fields == "plural":
                found.append(((value[0], value[1]), ref, ctx))
            else:
                found += [(t, ref, ctx) for t in _texts(value, fields)]
    return found


def extract() -> Catalog:
    """The template: the code's texts, then the tables'."""
    template = Catalog(project="Siege Table", version="0.1", fuzzy=False)
    template.header_comment = HEADER[None]
    for path, line, text, _comments, ctx in extract_from_dir(
        ROOT / "game", [("**.py", "python")], keywords=KEYWORDS
    ):
        template.add(text, locations=[(f"game/{path}", line)], context=ctx)
    for text, ref, ctx in extract_tables():
        template.add(text, locations=[(ref, None)], context=ctx)
    return template


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    """The translation of ``lang`` as Babel reads it."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    """``catalog`` to ``path`` unwrapped, without obsolete texts; left alone when only its
    creation date would change."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, ignore_obsolete=True)
    new = out.getvalue()

    def dateless(text: bytes) -> list[bytes]:
        return [line for line in text.splitlines() if not line.startswith(b'"POT-Creation-Date')]

    if not path.exists() or dateless(path.read_bytes()) != dateless(new):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(new)


def missing(catalog: Catalog) -> list[str]:
    """The texts of ``catalog`` still to translate (empty or fuzzy)."""
    return [
        m.id
        for m in catalog
        if m.id and (m.fuzzy or not all(m.string if m.pluralizable else [m.string]))
    ]


def merge(template: Catalog, lang: str) -> Catalog:
    """The translation of ``lang`` brought in step with ``template``."""
    if po_path(lang).exists():
        catalog = read(lang)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="Siege Table", version="0.1")
        catalog.header_comment = HEADER[lang]
    catalog.fuzzy = False
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    return catalog


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 when a translation is missing"
    )
    args = parser.parse_args(argv)
    template = extract()
    todo = 0
    for lang in LANGS:
        catalog = merge(template, lang)
        todo += len(missing(catalog))
        print(f"{lang}: {len(catalog)} strings, {len(missing(catalog))} untranslated")
        if not args.check:
            write(po_path(lang), catalog)
    if not args.check:
        write(LOCALE / f"{DOMAIN}.pot", template)
    return 1 if args.check and todo else 0


if __name__ == "__main__":
    sys.exit(main())
