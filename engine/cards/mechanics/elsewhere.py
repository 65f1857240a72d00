"""A card that is a creature while it isn't on the battlefield: "As long as Grist isn't on the
battlefield, it's a 1/1 Insect creature in addition to its other types." — a static ability
that works in every zone but the battlefield (CR 113.6b), so in the library, hand, graveyard,
exile, the command zone and on the stack the card is also a 1/1 Insect creature (a creature
spell while it is cast; a creature card a reanimation may return; a legendary creature that
may be a commander, CR 903.3). Hook `zone_chars` (engine/rules/hooks.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.rules.card_terms import CreatureWhileNotOnBattlefield as CreatureWhileNotOnBattlefield

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


_KEPT: dict[tuple[str, int], tuple[Any, Any]] = {}


def zone_chars(g: "Context", obj: "Obj", printed: Any) -> Any:
    d = printed.defn
    term = d.term(CreatureWhileNotOnBattlefield) if d is not None else None
    if term is None or obj.zone == "battlefield":
        return None
    was = _KEPT.get((obj.name, id(printed)))  # (the same characteristics object each time: caches key on it)
    if was is not None and was[0] is printed:
        return was[1]
    power, toughness, subs = term.power, term.toughness, term.subtypes
    got = replace(printed, types=printed.types | {"Creature"}, power=power, toughness=toughness,
                  subtypes=printed.subtypes + tuple(s for s in subs if s not in printed.subtypes))
    _KEPT[(obj.name, id(printed))] = (printed, got)
    return got
