"""Kicker (CR 702.33, keyword ability): "Kicker [cost]" means "You may pay an additional
[cost] as you cast this spell" (CR 702.33a); a spell is "kicked" if its kicker cost was paid
(702.33d). The line is read from the card's text (`Kicker {2}{G}`), so no card writes it.

It plugs into the rules as a way of casting, `cast CARD with kicker`: its mana cost plus the
kicker cost (CR 601.2f: the total cost is the mana cost plus additional costs), recorded as
the spell's `alt` so "if this spell was kicked" (`KICKED`, and `Choose(more_if_alt=ALT)`:
"If this spell was kicked, choose any number instead") reads it on the stack and on the
permanent it becomes. Kicker is an additional cost, not an alternative one: the engine offers
it only with the mana cost, not together with an alternative cost ("without paying its mana
cost", CR 118.9) — except a cast without paying its mana cost, which the kicker cost is
added to (`optional_costs`, `with free_once+kicker`); its mana value is the card's (CR 202.3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.mechanics import keyword_cost
from engine.cards.data import printed

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

ALT = "kicker"

parse = keyword_cost.parser("Kicker")

cost_of = keyword_cost.card_cost("Kicker")


def alternative_costs(defn: "CardDef") -> dict[str, str]:
    """`cast CARD with kicker`: the mana cost and the kicker cost together (CR 702.33a, 601.2f)."""
    if defn.token:
        return {}
    kick = cost_of(defn.name)
    if not kick:
        return {}
    data = printed(defn.name)
    mana = (data.mana_cost or "").split("//")[0].strip() if data is not None else ""
    return {ALT: mana + kick}


def optional_costs(defn: "CardDef") -> dict[str, str]:
    """The kicker cost alone, paid with a cast "without paying its mana cost" (CR 118.9d:
    additional costs may still be paid; One with the Multiverse's ruling)."""
    kick = cost_of(defn.name) if not defn.token else None
    return {ALT: kick} if kick else {}


def kicked(g: "Context", me: "Obj", *rest: Any) -> bool:
    """"if this spell was kicked" (CR 702.33d): its kicker cost was paid (alone, or with a free
    cast: `free_once+kicker`)."""
    return me.alt == ALT or ALT in me.alt.split("+")


KICKED = kicked
