"""Spectacle (CR 702.137, keyword ability): "Spectacle [cost]" means "You may pay [cost] rather
than pay this spell's mana cost if an opponent lost life this turn." (CR 702.137a; an
alternative cost, CR 118.9). The line is read from the card's text (`Spectacle {R}`), so no
card writes it; `cast CARD with spectacle` is offered and accepted only while one of the
caster's opponents has lost life this turn (damage to a player is life loss, CR 120.3a; the
turn's record "life_lost:P", engine/rules/life.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.mechanics import keyword_cost

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context

ALT = "spectacle"

parse = keyword_cost.parser("Spectacle")

cost_of = keyword_cost.card_cost("Spectacle")


def opponent_lost_life(g: "Context", p: int) -> bool:
    """Whether an opponent of p lost life this turn (CR 702.137a) — also one who has left the
    game since (CR 800.4a; ruling, Light Up the Stage)."""
    return any(g.st.this_turn.get(f"life_lost:{q}") for q in g.opponents_this_turn(p))


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def alternative_costs(defn: "CardDef") -> dict[str, str]:
    cost = cost_of(defn.name) if not defn.token else None
    return {ALT: cost} if cost else {}


def alt_allowed(g: "Context", oid: int, alt: str) -> bool:
    """CR 702.137a: only "if an opponent lost life this turn" (the caster's opponents)."""
    if alt != ALT:
        return True
    obj = g.st.objects.get(oid)
    return obj is not None and opponent_lost_life(g, obj.owner if obj.zone != "stack" else obj.controller)
