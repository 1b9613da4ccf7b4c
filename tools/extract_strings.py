"""Extract every visible string of the app into assets/locale/siege-table.pot and merge it
into the translations (assets/locale/<lang>/LC_MESSAGES/siege-table.po).

    .venv/bin/python tools/extract_strings.py          # write the .pot and update the .po
    .venv/bin/python tools/extract_strings.py --check  # exit 1 when a .po lacks a string

Pure Python (``ast``): the texts are the string literals given to ``_``, ``N_``
(one text), ``ngettext``, ``NP_`` and ``_n`` (singular and plural), ``pgettext``
(a context and a text) in the ``game``
package, and the names and texts in the tables of TABLES (the engines' content modules
stay free of app code: their names are translated where the views show them).
Merging keeps every existing translation, adds the new texts with an empty
translation and drops the texts the code no longer has.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.catalog import Entry, format_po, parse_po  # noqa: E402

DOMAIN = "siege-table"
LOCALE = ROOT / "assets" / "locale"
SINGULAR = {"_", "N_"}
PLURAL = {"ngettext", "NP_", "_n"}
CONTEXT = {"pgettext"}  # (context, text)
PLURAL_FORMS = {
    "hu": ("Hungarian", "nplurals=2; plural=(n != 1);"),
    "pl": (
        "Polish",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    ),
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


def extract_tables() -> list[tuple[str, str | None, str, str | None]]:
    """(msgid, msgid_plural, reference, context) of every text in TABLES."""
    import importlib

    found = []
    for module, name, fields, *context in TABLES:
        ctx = context[0] if context else None
        table = getattr(importlib.import_module(module), name)
        values = table.values() if isinstance(table, dict) else table
        ref = f"{module.replace('.', '/')}.py:{name}"
        for value in values:
            if fields == "plural":
                found.append((value[0], value[1], ref, ctx))
            else:
                found += [(t, None, ref, ctx) for t in _texts(value, fields)]
    return found


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in SINGULAR | PLURAL | CONTEXT:
        return func.attr  # i18n._(...)
    return None


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract_file(path: Path) -> list[tuple[str, str | None, int, str | None]]:
    """(msgid, msgid_plural, line, context) of every marked string literal in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in SINGULAR and node.args:
            text = _literal(node.args[0])
            if text:
                found.append((text, None, node.lineno, None))
        elif name in PLURAL and len(node.args) >= 2:
            one, many = _literal(node.args[0]), _literal(node.args[1])
            if one and many:
                found.append((one, many, node.lineno, None))
        elif name in CONTEXT and len(node.args) >= 2:
            ctx, text = _literal(node.args[0]), _literal(node.args[1])
            if ctx and text:
                found.append((text, None, node.lineno, ctx))
    return found


def source_files() -> list[Path]:
    return sorted(p for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts)


def extract() -> list[Entry]:
    """The template's entries in the order they first appear in the code."""
    entries: dict[tuple[str | None, str], Entry] = {}
    found = [
        (msgid, plural, f"{path.relative_to(ROOT).as_posix()}:{line}", ctx)
        for path in source_files()
        for msgid, plural, line, ctx in extract_file(path)
    ]
    for msgid, plural, ref, ctx in found + extract_tables():
        e = entries.get((ctx, msgid))
        if e is None:
            e = entries[(ctx, msgid)] = Entry(
                msgid, plural, ["", ""] if plural else [""], msgctxt=ctx
            )
            if "{" in msgid:
                e.flags.append("python-brace-format")
        elif plural and e.msgid_plural is None:
            e.msgid_plural, e.msgstr = plural, ["", ""]
        e.references.append(ref)
    return list(entries.values())


def _header(lang: str | None) -> Entry:
    lines = [
        "Project-Id-Version: Siege Table 0.1",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
    ]
    if lang:
        name, forms = PLURAL_FORMS[lang]
        lines += [f"Language: {lang}", f"Plural-Forms: {forms}"]
        comment = [f"{name} translation of Siege Table."]
    else:
        lines.append("Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;")
        comment = ["Template of Siege Table's visible strings: tools/extract_strings.py."]
    return Entry("", None, ["".join(line + "\n" for line in lines)], comments=comment)


def merge(template: list[Entry], lang: str, old: list[Entry]) -> list[Entry]:
    nplurals = int(PLURAL_FORMS[lang][1].split(";")[0].split("=")[1])
    known = {e.key: e for e in old if e.msgid}
    out = [_header(lang)]
    for t in template:
        e = Entry(
            t.msgid,
            t.msgid_plural,
            list(t.msgstr),
            list(t.flags),
            list(t.references),
            msgctxt=t.msgctxt,
        )
        was = known.get(t.key)
        if t.msgid_plural is not None:
            e.msgstr = [""] * nplurals
        if was is not None:
            e.comments = was.comments
            if (was.msgid_plural is None) == (t.msgid_plural is None):
                e.msgstr = (was.msgstr + [""] * nplurals)[: len(e.msgstr)]
            if "fuzzy" in was.flags:
                e.flags.append("fuzzy")
        out.append(e)
    return out


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 when a translation is missing"
    )
    args = parser.parse_args(argv)
    template = extract()
    missing = 0
    for lang in PLURAL_FORMS:
        path = po_path(lang)
        old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else []
        merged = merge(template, lang, old)
        todo = [e.msgid for e in merged[1:] if not e.translated]
        missing += len(todo)
        print(f"{lang}: {len(merged) - 1} strings, {len(todo)} untranslated")
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(format_po(merged), encoding="utf-8")
    if not args.check:
        (LOCALE / f"{DOMAIN}.pot").write_text(
            format_po([_header(None), *template]), encoding="utf-8"
        )
    return 1 if args.check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
