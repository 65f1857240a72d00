"""Keyword counters (CR 122.1b): a flying, trample, ... counter gives its object that keyword
ability, as a layer 6 effect (CR 613.1f) with the timestamp of the time it was put on
(engine/rules/layering.py applies them among the object's effects)."""
from __future__ import annotations

from typing import Any

from engine.rules.effects import ContinuousEffect, Layer

_COUNTER_KEYWORDS = {"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                     "indestructible", "lifelink", "menace", "reach", "trample", "vigilance"}


def is_keyword_counter(kind: str) -> bool:
    """CR 122.1b: a counter that gives its object a keyword ability ("kw:NAME" for others)."""
    return kind in _COUNTER_KEYWORDS or kind.startswith("kw:")


def keyword_counter_effects(obj: Any) -> list[ContinuousEffect]:
    """CR 613.1f, 122.1b: each kind of keyword counter on the object is a layer 6 effect that
    adds that keyword, with the timestamp of the time it was put on the object (its own
    timestamp for counters it entered with, 613.7): an ability-removing effect with a later
    timestamp removes it, one with an earlier doesn't (613.7)."""
    kw_ts = obj.ctx.get("kw_ts", {})
    return [ContinuousEffect(Layer.ABILITY, [obj.id], kw_ts.get(k, obj.timestamp),
                             add_kw=[k.split(":", 1)[1] if k.startswith("kw:") else k])
            for k in obj.counters if is_keyword_counter(k)]
