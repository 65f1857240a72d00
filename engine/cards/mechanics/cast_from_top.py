"""Casting from the top of your library with an additional cost (Into the Pit: "You may cast
spells from the top of your library by sacrificing a nonland permanent in addition to paying
their other costs.") — a permission of the permanent's controller
(`PlayerRule("cast_from_library_top_sacrificing")`) read here, like retrace's from the graveyard
(engine/cards/mechanics/retrace.py).

* `cast CARD with top`: the top card of your library, for its mana cost, at its normal timing
  (ruling: all costs paid and all timing restrictions obeyed), with the additional cost
  "sacrifice a nonland permanent" chosen as it is cast (CR 601.2h); a land is never cast.
* "You may look at the top card of your library any time." is that player's knowledge of the
  card (its name shows in the action text of his cast); the next card becomes the top only
  once the spell has been cast (CR 601.2a: the card moves to the stack as casting begins).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.model import SacrificeCost, TargetSpec
from engine.rules import targets as tg
from engine.cards.behaviour import printed
from engine.cards.layer.abilities import Target

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context

ALT = "top"
ALT_ZONES = {ALT: "library"}
GRANT = "cast_from_library_top_sacrificing"  # Into the Pit

_SACRIFICE_NONLAND: list[SacrificeCost] = []  # made on first use (below)


def top_card(g: "Context", p: int) -> int | None:
    """p's top library card if p may cast it now by this permission (a nonland card)."""
    lib = g.st.players[p].library
    if not lib or GRANT not in tg.player_rules(g, p) or "Land" in g.printed_types(lib[0]):
        return None
    return lib[0]


def granted_alt_costs(g: "Context", oid: int) -> dict[str, str]:
    """The top card of its owner's library, under the permission: cast for its mana cost."""
    obj = g.st.objects.get(oid)
    if obj is None or obj.zone != "library" or top_card(g, obj.owner) != oid:
        return {}
    data = printed(obj.name)
    mana = (data.mana_cost or "").split("//")[0].strip() if data is not None else ""
    return {ALT: mana or "{0}"}


def alt_additional(defn: "CardDef", alt: str) -> SacrificeCost | None:
    """"by sacrificing a nonland permanent in addition to paying their other costs"."""
    if alt != ALT:
        return None
    if not _SACRIFICE_NONLAND:
        # imported here on purpose: the rules ask every card in hand for this hook, and the card
        # layer's ability kinds (and the vocabulary under them) load only when a card needs them
        _SACRIFICE_NONLAND.append(SacrificeCost(TargetSpec("permanent", "a nonland permanent",
                                                           extra=Target((), nonland=True))))
    return _SACRIFICE_NONLAND[0]
