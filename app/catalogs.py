"""The compiled gettext catalogs, i18n/<lang>/LC_MESSAGES/manatable.mo (app/i18n.py translates
with them; app/render/translate.py reads them without importing app.i18n, which loads it lazily)."""
from __future__ import annotations

import gettext as _gettext
import logging
from functools import lru_cache

from engine import paths

DOMAIN = "manatable"
CATALOG_DIR = paths.ROOT / "i18n"  # i18n/<lang>/LC_MESSAGES/manatable.mo, in the checkout and the bundle
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
