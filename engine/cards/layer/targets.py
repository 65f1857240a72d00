"""Target words as the engine's requirements (TargetSpec, CR 115).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.layer.abilities import Target
from engine.cards.model import TargetSpec
from engine.cards.mechanics.rooms import room_target

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


_KINDS = {
    "another_creature_you_control": dict(what="creature", yours_only=True, another=True),
    "creature_opponent_controls": dict(what="creature", opponent_only=True),
    "creature_you_control": dict(what="creature", yours_only=True),
    "creature_up_to_one": dict(what="creature", up_to=True),
    "opponent": dict(what="player", opponent_only=True),  # "target opponent"
    # "target opponent or planeswalker" (CR 115.1: any planeswalker)
    "opponent_or_planeswalker": dict(what="player_or_planeswalker", opponent_only=True),
}


def target_spec(kind: Any, desc: str) -> TargetSpec:
    """A target kind as the engine's requirement (also for vocabulary that makes its own, such
    as a reflexive trigger's target)."""
    if isinstance(kind, Target) or not isinstance(kind, str):  # a filter as data (Target, HasCounter ...)
        return TargetSpec(getattr(kind, "what", "permanent"), desc, extra=kind, up_to=getattr(kind, "up_to", False),
                          yours_only=getattr(kind, "yours", False), owned_only=getattr(kind, "owned", False),
                          another=getattr(kind, "another", False), opponent_only=getattr(kind, "opponent", False) or getattr(kind, "opponents", False),
                          not_yours_only=getattr(kind, "not_yours", False),
                          status=getattr(kind, "status", False), word=getattr(kind, "word", 0),
                          each_opponent=getattr(kind, "each_opponent", False))
    if kind in ("creature", "any", "player", "creature_or_planeswalker", "artifact", "enchantment", "spell",
                "stack_single_target"):
        return TargetSpec(kind, desc)
    if kind in _KINDS:
        return TargetSpec(desc=desc, **_KINDS[kind])  # type: ignore[arg-type]
    if kind == "attacking_creature":
        return TargetSpec("creature", desc, extra=_attacking)
    if kind == "nonland_permanent_up_to_one":
        return TargetSpec("permanent", desc, extra=Target((), nonland=True), up_to=True)
    if kind in ("room_you_control_up_to_one", "room_you_control"):
        return room_target(desc, up_to=kind.endswith("up_to_one"))
    raise ValueError(f"unknown target kind {kind!r}")


def _attacking(g: "Context", obj: "Obj") -> bool:
    return obj.attacking is not None
