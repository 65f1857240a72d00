"""The deck editor's UI sentences: `t(key, **params)` over i18n/decks_{lang}.json.

The deck editor keeps its own catalogs (i18n/decks_en.json, decks_de.json, decks_it.json)
so that it can be written beside the shell without both editing one file. The language is
the app's (`app.i18n.language()`); a key missing in that language falls back to English,
then to `app.i18n.tr` (the shell's catalogs), then to the key itself. A missing placeholder
never raises.

Messages that come from the engine as (key, params, English text) -- deck problems, search
errors, import reports -- are translated by key with `message_text`, falling back to the
engine's English sentence when a key has no translation.
"""
from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any

from engine import paths

log = logging.getLogger(__name__)
CATALOG_DIR = paths.ROOT / "i18n"  # beside assets/, in the checkout and in the bundle
LANGUAGES = ("en", "de", "it")


class _Params(dict):  # type: ignore[type-arg]
    """format_map helper: an unknown placeholder stays visible as {name} instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """The deck editor's catalog for `lang` ({} when missing or unreadable)."""
    path = CATALOG_DIR / f"decks_{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("Cannot read the deck editor catalog %s: %s", path, exc)
        return {}
    return {str(k): str(v) for k, v in data.items() if not str(k).startswith("_")}


def lang() -> str:
    """The UI language, as the shell set it (English when the shell is not loaded)."""
    try:
        from app.i18n import language
        value = language()
    except Exception:  # the shell's module is optional for the editor
        value = "en"
    return value if value in LANGUAGES else "en"


def has(key: str) -> bool:
    return key in catalog(lang()) or key in catalog("en")


def fill(text: str, params: dict[str, Any]) -> str:
    if not params:
        return text
    try:
        return text.format_map(_Params(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


def t(key: str, /, **params: Any) -> str:
    """The sentence `key` in the UI language with its placeholders filled."""
    text = catalog(lang()).get(key) or catalog("en").get(key)
    if text is None:
        try:
            from app.i18n import has as shell_has, tr
            if shell_has(key):
                return tr(key, **params)
        except Exception:
            pass
        text = key
    return fill(text, params)


def tn(key: str, count: int, /, **params: Any) -> str:
    """`t` with a plural choice: `key.one` when count is 1 (and that key exists), else `key`.
    English, German and Italian all have just these two forms."""
    if count == 1 and has(f"{key}.one"):
        return t(f"{key}.one", count=count, **params)
    return t(key, count=count, **params)


# -- names of things ------------------------------------------------------------------

def format_name(fmt: str | None) -> str:
    """'constructed' -> 'Constructed' (format names are proper names in every language)."""
    return t(f"decks.format.{fmt}") if fmt else t("decks.format.none")


def zone_name(zone: str) -> str:
    return t(f"decks.zone.{zone}")


def card_name(name: str) -> str:
    """A card's name in the UI language (bundled or imported), else as written."""
    from app.decks.library import shared_library
    return shared_library().display_name(name)


# -- engine messages (key, params, English text) ----------------------------------------

def _shown_params(params: dict[str, Any]) -> dict[str, Any]:
    shown = dict(params)
    if shown.get("format") in ("constructed", "limited", "casual"):
        shown["format"] = format_name(shown["format"])
    if isinstance(shown.get("zone"), str) and has(f"decks.zone.{shown['zone']}"):
        shown["zone"] = zone_name(shown["zone"])
    if isinstance(shown.get("card"), str):
        try:
            shown["card"] = card_name(shown["card"])
        except Exception:   # the card database is unavailable: keep the English name
            pass
    return shown


def message_text(key: str, params: dict[str, Any] | None, english: str) -> str:
    """An engine message in the UI language: decks.msg.<key> if we have it, else `english`.

    English uses the engine's own sentence (it is the reference text and carries detail
    such as the parser's reason), other languages our translation."""
    k = f"decks.msg.{key}"
    if lang() == "en" or k not in catalog(lang()):
        return english or fill(catalog("en").get(k, key), _shown_params(params or {}))
    return fill(catalog(lang())[k], _shown_params(params or {}))


def problem_text(problem: Any) -> str:
    """A deck `Problem` (or DeckFormatError) as a sentence in the UI language."""
    return message_text(problem.key, problem.params, problem.text)


def decimal(value: float, digits: int = 1) -> str:
    """A number with the language's decimal separator (German and Italian: a comma)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang() in ("de", "it") else text


def percent(value: float) -> str:
    """A probability as a percentage, e.g. "48.8 %" / "48,8 %"."""
    return decimal(value * 100, 1) + "\u202f%"
