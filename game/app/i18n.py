"""Translation of every visible string through gettext catalogs.

Catalogs are ``assets/locale/<lang>/LC_MESSAGES/siege-table.mo``; a language without a
catalog falls back to the English source text.
"""

from __future__ import annotations

import gettext

from game import resources

DOMAIN = "siege-table"
LANGUAGES = ("en",)

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(lang: str) -> None:
    global _translation
    _translation = gettext.translation(
        DOMAIN, localedir=str(resources.asset("locale")), languages=[lang], fallback=True
    )


def _(text: str) -> str:
    """The text in the chosen language."""
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
