"""Card behaviour, one module per set. `behaviours()` maps English names to definitions."""
from __future__ import annotations

from typing import Any

_REGISTRY: dict[str, Any] = {}


def behaviours() -> dict[str, Any]:
    """Every implemented card's behaviour definition by English name."""
    if not _REGISTRY:
        _load()
    return _REGISTRY


def _load() -> None:
    # Filled in by the engine core (engine/cards/sets/core.py); empty until then.
    try:
        from engine.cards.sets import core  # noqa: F401
    except ImportError:
        pass
