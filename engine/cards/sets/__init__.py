"""Card behaviour, grouped per set. `behaviours()` maps English names to definitions."""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from engine.cards.model import CardDef

_REGISTRY: dict[str, CardDef] = {}
_TOKENS: dict[str, CardDef] = {}
_TOKEN_DATA: dict[str, dict[str, Any]] = {}
_loaded = False


def register(defn: CardDef) -> None:
    _REGISTRY[defn.name] = defn


def register_token(defn: CardDef, data: dict[str, Any]) -> None:
    _TOKENS[defn.name] = defn
    _TOKEN_DATA[defn.name] = data


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        # every module of this package registers its cards on import (one module per set part)
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            importlib.import_module(f"{__name__}.{info.name}")


def behaviours() -> dict[str, CardDef]:
    """Every hand-written card definition by English name."""
    _load()
    return _REGISTRY


def tokens() -> dict[str, CardDef]:
    _load()
    return _TOKENS


def token_data(name: str) -> dict[str, Any]:
    """The characteristics of a predefined token (Treasure, ...)."""
    _load()
    return dict(_TOKEN_DATA[name])
