"""Eerie (ability word, Duskmourn): "Eerie — Whenever an enchantment you control enters and
whenever you fully unlock a Room, [effect]." One line, two trigger events (CR 207.2c: an
ability word has no rules meaning of its own).

Release notes (Unheimlich): "Eine Fähigkeit, die ausgelöst wird, „immer wenn du einen Raum
vollständig entsperrst“, wird ausgelöst, wenn eine Tür entsperrt wird und die andere Tür
jenes Raums bereits entsperrt ist oder wenn beide Türen gleichzeitig entsperrt werden."
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.layer.abilities import AbilityGroup, When
from engine.cards.vocab.core import Effect

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

PERMANENT_ENTERS = "permanent_enters"  # any permanent entered the battlefield (obj, controller)
FULLY_UNLOCK = "fully_unlock"  # a player fully unlocked a Room (obj, player)


def _enchantment_you_control(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    oid = params.get("obj")
    return (oid in g.st.objects and g.st.objects[oid].controller == me.controller
            and g.is_type(oid, "Enchantment"))


def _you(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    return bool(params.get("player") == me.controller)


def Eerie(*effects: Effect, targets: tuple[Any, ...] = (), zone: str = "battlefield") -> AbilityGroup:  # noqa: N802
    """The two events of the Eerie line; zone="graveyard" for Fear of Infinity's "you may
    return this card from your graveyard to your hand"."""
    return AbilityGroup((When(PERMANENT_ENTERS, *effects, targets=targets, condition=_enchantment_you_control,
                              zone=zone),
                         When(FULLY_UNLOCK, *effects, targets=targets, condition=_you, zone=zone)), word="Eerie")
