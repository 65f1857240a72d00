"""Miracle (CR 702.94, keyword ability): "Miracle [cost]" means "You may reveal this card from
your hand as you draw it if it's the first card you've drawn this turn. When you reveal this
card this way, you may cast it by paying [cost] rather than its mana cost." (CR 702.94a)

* The line is read from the card's text (`Miracle {1}{B}`), so no card writes it; Aminatou's
  "Each enchantment card in your hand has miracle. Its miracle cost is equal to its mana cost
  reduced by {4}." is a rule of its controller (`PlayerRule(RuleChange.ENCHANTMENTS_IN_HAND_HAVE_MIRACLE)`)
  read here.
* The reveal: as the player's first card of the turn is drawn (engine/rules/zones.py counts
  the cards drawn this turn; several cards drawn at once are drawn one at a time, and only the
  first can be revealed), a card with miracle waits to be revealed — a yes/no decision of its
  owner asked before the trigger goes on the stack (CR 603.3), and before the player orders
  any other trigger (engine/rules/trigger_stack.py: the order would show the card); "no" keeps it in hand unrevealed
  (a card put into the hand without being drawn never asks, CR 121.1).
* The trigger ("When you reveal this card this way, ..."): as it resolves, if the card is
  still in its owner's hand, the player may cast it for the miracle cost then and there,
  ignoring timing restrictions (engine/rules/cast_now.py): one decision listing each way to
  cast it, and "no". Later it can be cast only as usual.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.mechanics import keyword_cost
from engine.rules import targets as tg
from engine.rules.cast_offer import may_cast
from engine.rules.mana import parse_cost
from engine.cards.data import printed
from engine.rules.rule_changes import RuleChange

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

ALT = "miracle"
# CR 702.94a: the miracle cost is paid only while the miracle trigger resolves, never from the hand
ALT_ZONES = {ALT: "resolution"}
GRANT = RuleChange.ENCHANTMENTS_IN_HAND_HAVE_MIRACLE  # Aminatou, Veil Piercer
GRANT_REDUCTION = 4


parse = keyword_cost.parser("Miracle")


cost_of = keyword_cost.card_cost("Miracle")


def miracle_cost(g: "Context", oid: int) -> str | None:
    """The miracle cost of a card in its owner's hand: its own, or (Aminatou) its mana cost
    reduced by {4} if it is an enchantment card (generic mana only, CR 601.2f); a card with
    no mana cost has none to reduce (CR 118.9: it can't be cast for it)."""
    obj = g.st.objects[oid]
    own = cost_of(obj.name)
    if own is not None:
        return own
    if obj.zone == "hand" and "Enchantment" in g.types_now(oid)[0] and GRANT in tg.player_rules(g, obj.owner):
        data = printed(obj.name)
        mana = (data.mana_cost or "").split("//")[0].strip() if data is not None else ""
        if mana:
            return str(parse_cost(mana).reduced(GRANT_REDUCTION))
    return None


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def alternative_costs(defn: "CardDef") -> dict[str, str]:
    cost = cost_of(defn.name) if not defn.token else None
    return {ALT: cost} if cost else {}


def drawn(g: "Context", player: int, oid: int, nth: int) -> list[dict[str, Any]]:
    """CR 702.94a: "You may reveal this card from your hand as you draw it if it's the first
    card you've drawn this turn" — the reveal is asked of the player (`reveal`), and only then
    does the trigger exist."""
    if nth != 1 or g.mode == "tabletop" or oid not in g.st.objects:
        return []
    cost = miracle_cost(g, oid)
    if cost is None:
        return []
    obj = g.st.objects[oid]
    return [{"source": oid, "name": obj.name, "ability": -1, "controller": player, "token": False, "def": "",
             "keyword": "miracle", "event": {"cost": cost},
             "reveal": {"prompt": "ask.miracle_reveal", "params": {"card": obj.name, "cost": cost}}}]


def trigger_steps() -> list[Any]:
    """"When you reveal this card this way, you may cast it by paying [cost] rather than its
    mana cost." — only while it is still in its owner's hand (ruling: "Wenn die Karte mit
    Mirakulum deine Hand verlässt, bevor die ausgelöste Fähigkeit verrechnet wird, kannst du
    sie nicht unter Anwendung ihrer Mirakulum-Fähigkeit wirken.")."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        oid = item.source
        obj = g.st.objects.get(oid) if oid is not None else None
        if obj is None or obj.zone != "hand" or obj.owner != item.controller:
            return None
        cost = str(ctx.get("event", {}).get("cost") or "")
        return may_cast(g, item, ctx, obj.id, item.controller, ALT, cost, "ask.miracle_cast",
                        {"card": obj.name, "cost": cost})
    return [step]
