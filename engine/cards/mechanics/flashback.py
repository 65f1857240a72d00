"""Flashback (CR 702.34, keyword ability): "Flashback [cost]" means "You may cast this card
from your graveyard if the resulting spell is an instant or sorcery spell by paying [cost]
rather than paying its mana cost" and "If the flashback cost was paid, exile this card
instead of putting it anywhere else any time it would leave the stack." It is read from
the card's own line (`Flashback {3}{W}{W}{B}`), so no card writes it; it plugs into the
rules through engine/rules/hooks.py: an alternative cost usable only from the graveyard
(`cast CARD with flashback`) and the zone the spell goes to as it leaves the stack.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards.mechanics import keyword_cost

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.state import Obj


ALT = "flashback"
ALT_ZONES = {ALT: "graveyard"}  # CR 702.34a: cast from the graveyard only


parse = keyword_cost.parser("Flashback")


@dataclass(frozen=True)
class Flashback:
    """The card's flashback cost (CardDef.terms), read from its line as the definition is built."""
    cost: str


def alternative_costs(defn: "CardDef") -> dict[str, str]:
    term = defn.term(Flashback)
    return {ALT: term.cost} if term is not None and term.cost else {}


def leaves_stack_to(item: "Obj") -> str | None:
    """CR 702.34a: a spell whose flashback cost was paid is exiled whenever it would leave the
    stack (resolved, countered or fizzled)."""
    return "exile" if item.alt == ALT else None
