"""Translation of every visible string through gettext catalogs.

The translations are ``assets/locale/<lang>/LC_MESSAGES/siege-table.po`` (kept in step
with the code by tools/extract_strings.py, with Babel).  The build compiles them to ``.mo``
files beside them (tools/compile_catalogs.py, Babel again); when a ``.mo`` is missing or
older than its ``.po`` (a fresh clone, a merge, a pull) polib reads the ``.po`` in memory,
so every language works straight from the source tree.  English is the source text itself.

``N_`` and ``NP_`` mark texts kept in tables (names of pieces, phases ...) for the
extraction tool without translating them: the code translates them where they are shown,
with ``_(table[key])`` or ``ngettext(*table[key], n)``.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import locale
import os

import polib

from game import resources
from game.core import files

DOMAIN = "siege-table"
LANGUAGES = ("en", "hu", "pl")
MAX_CATALOG = 8 * 1024 * 1024  # bytes of a .po or .mo file (each is under 1 MB)
#: each language by its own name (the settings' choice)
LANGUAGE_NAMES = {"en": "English", "hu": "Magyar", "pl": "Polski"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_language_hooks: list = []  # caches of drawings with translated words, emptied on a change


def catalog_path(lang: str, ext: str = "po"):
    return resources.asset("locale", lang, "LC_MESSAGES", f"{DOMAIN}.{ext}")


def load_translation(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``: its .mo when up to date, else its .po read now."""
    if lang not in LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    po, mo = catalog_path(lang, "po"), catalog_path(lang, "mo")
    try:  # read through the core's bounded reader (a regular file of a sane size)
        if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
            return gettext.GNUTranslations(io.BytesIO(files.read_bytes(mo, MAX_CATALOG)))
        return po_translation(files.read_text(po, MAX_CATALOG))
    except (OSError, ValueError, files.FileProblem):
        return gettext.NullTranslations()  # a broken catalog never stops the game


def po_translation(text: str) -> gettext.GNUTranslations:
    """The catalog of a .po file's text, compiled in memory by polib (its translated texts;
    an empty or fuzzy one shows the English source)."""
    return gettext.GNUTranslations(io.BytesIO(polib.pofile(text).to_binary()))


def set_language(lang: str) -> None:
    global _translation, _language
    _language = lang if lang in LANGUAGES else "en"
    _translation = load_translation(_language)
    for clear in _language_hooks:
        clear()


def on_language_change(cached):
    """A decorator: the ``functools.lru_cache`` below it keeps drawings with translated
    words (a view's card faces); it is emptied when ``set_language`` is called, so the
    table shows the new language and never a face drawn in the old one.  A cache whose
    key holds the words themselves (fonts.text, cards.card) needs no emptying."""
    _language_hooks.append(cached.cache_clear)
    return cached


def language() -> str:
    return _language


def system_language() -> str:
    """The language of the system locale when the app speaks it, else English."""
    candidates = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):
            code = part.strip().lower()[:2]
            if code in LANGUAGES:
                return code
            if part.strip().lower().startswith(("hungarian", "polish")):
                return "hu" if part.lower().startswith("hungarian") else "pl"
    return "en"


def decimal(x: float) -> str:
    """A number with the chosen language's decimal mark (0.6, 0,6)."""
    return str(x).replace(".", "," if _language in ("hu", "pl") else ".")


def _(text: str) -> str:
    """The text in the chosen language."""
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """The text in the chosen language, where the English word has several meanings."""
    return _translation.pgettext(context, text)


def N_(text: str) -> str:
    """Marks ``text`` for the catalog; it is translated where it is shown."""
    return text


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and plural pair for the catalog (shown with ``ngettext``)."""
    return singular, plural
