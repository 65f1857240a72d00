"""The compiled gettext catalogs, i18n/<lang>/LC_MESSAGES/manatable.mo, read with the standard
library (no Qt): the app translates with them (app/catalogs.py, app/i18n.py), and so do the
command-line programs that speak to a person, such as `manatable-server`, in the language the
environment names (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them)."""
from __future__ import annotations

import gettext as _gettext
import logging
import os
from functools import lru_cache
from typing import Mapping

from engine import paths
from engine.messages import Translator

DOMAIN = "manatable"
CATALOG_DIR = paths.ROOT / "i18n"  # i18n/<lang>/LC_MESSAGES/manatable.mo, in the checkout and the bundle
LANGUAGES = ("en", "de", "it")
log = logging.getLogger("app.i18n")


@lru_cache(maxsize=None)
def catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of a language (English, or a missing catalog: the messages as written)."""
    if lang == "en":
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, str(CATALOG_DIR), languages=[lang])
    except OSError as exc:
        log.warning("Cannot read the %s message catalog in %s: %s", lang, CATALOG_DIR, exc)
        return _gettext.NullTranslations()


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale variables name, if we have it ("en" for one we don't have);
    None when none is set (the app then asks the system, Windows and macOS set none)."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        for part in value.split(":"):  # LANGUAGE may list several: de:en
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return "en"  # a language set that we don't have: English, not a guess
    return None


class CatalogTranslator(Translator):
    """engine.messages' translator over one language's catalog (card names stay as they are)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"

    def gettext(self, message: str) -> str:
        return catalog(self.lang).gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return catalog(self.lang).pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return catalog(self.lang).ngettext(singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return catalog(self.lang).npgettext(context, singular, plural, n)
