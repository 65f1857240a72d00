"""Blitz (CR 702.152, keyword ability): "Blitz [cost]" means "You may cast this spell by
paying [cost] rather than its mana cost" (an alternative cost, CR 118.9) and "If this
spell's blitz cost was paid, sacrifice the permanent this spell becomes at the beginning
of the next end step" and "As long as this permanent's blitz cost was paid, it has haste and
'When this permanent is put into a graveyard from the battlefield, draw a card.'"
(CR 702.152a).

The line is read from the card's text (`Blitz {3}{R}`), so no card writes it; it plugs into
the rules through engine/rules/hooks.py: the alternative cost (`cast CARD with blitz`),
haste (layer 6, only while the permanent is the one whose blitz cost was paid: a copy of it
gets nothing, ruling of Star Athlete) and, as it enters, the two delayed parts — the
sacrifice at the beginning of the next end step (only if it is still on the battlefield
then, CR 603.7) and "when it dies, draw a card" (for whatever reason it dies).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.mechanics import keyword_cost
from engine.rules.effects import ContinuousEffect, Layer

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

ALT = "blitz"


parse = keyword_cost.parser("Blitz")


cost_of = keyword_cost.card_cost("Blitz")


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def alternative_costs(defn: "CardDef") -> dict[str, str]:
    cost = cost_of(defn.name) if not defn.token else None
    return {ALT: cost} if cost else {}


def as_enters(g: "Context", new: "Obj", old: "Obj", defn: "CardDef | None") -> None:
    """CR 702.152a: the delayed sacrifice at the beginning of the next end step, and "When this
    permanent is put into a graveyard from the battlefield, draw a card" (kept as a delayed
    "dies" trigger of this object: it triggers once, CR 603.7c, whatever makes it die)."""
    if old.alt != ALT:
        return
    g.st.delayed.append({"event": "step:end", "player": new.controller, "step_player": g.st.active,
                         "obj": new.id, "action": "sacrifice",
                         "source": new.name})
    g.st.delayed.append({"event": "dies", "obj": new.id, "player": new.controller, "action": "keyword",
                         "keyword": "blitz", "source": new.name})


def char_effects(g: "Context", obj: "Obj") -> list[ContinuousEffect]:
    """CR 702.152a: "As long as this permanent's blitz cost was paid, it has haste" (layer 6)."""
    if obj.alt == ALT and obj.zone == "battlefield":
        return [ContinuousEffect(Layer.ABILITY, [obj.id], obj.timestamp, source=obj.id, add_kw=["haste"])]
    return []


def delayed_steps() -> list[Any]:
    """"When this permanent is put into a graveyard from the battlefield, draw a card." """
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        g.draw(item.controller, 1)
    return [step]
