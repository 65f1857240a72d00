"""The compiled gettext catalogs, i18n/<lang>/LC_MESSAGES/manatable.mo (app/i18n.py translates
with them; app/render/translate.py reads them without importing app.i18n, which loads it lazily).
They are read by engine/messages/catalogs.py, which the command-line programs share."""
from __future__ import annotations

from engine.messages.catalogs import CATALOG_DIR, DOMAIN, catalog

__all__ = ["CATALOG_DIR", "DOMAIN", "catalog"]
