"""Escape (CR 702.138, keyword ability): "Escape—[cost]" means "You may cast this card from
your graveyard by paying [cost] rather than paying its mana cost." (CR 702.138a) The Master of
Keys gives it: "Each enchantment card in your graveyard has escape. The escape cost is equal
to the card's mana cost plus exile three other cards from your graveyard." — a rule of its
controller (`PlayerRule(RuleChange.ENCHANTMENTS_IN_GRAVEYARD_HAVE_ESCAPE)`) read here.

* `cast CARD with escape` from the graveyard, at the card's normal timing (ruling: "Befreiung
  ändert nicht den Zeitpunkt, zu dem du den Zauberspruch aus deinem Friedhof wirken kannst."),
  for its mana cost; a card without a mana cost has no escape cost to pay (ruling).
* "exile three other cards from your graveyard" is chosen as the cost is paid (CR 601.2h): one
  decision listing the other cards of the graveyard, three to pick.
* An escaped spell or permanent goes to the graveyard as usual later and may escape again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.model import SacrificeCost, TargetSpec
from engine.rules import targets as tg
from engine.cards.behaviour import printed
from engine.rules.rule_changes import RuleChange

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context

ALT = "escape"
ALT_ZONES = {ALT: "graveyard"}
GRANT = RuleChange.ENCHANTMENTS_IN_GRAVEYARD_HAVE_ESCAPE  # The Master of Keys
EXILE_OTHERS = 3

_EXILE_THREE = SacrificeCost(TargetSpec("card_in_your_graveyard", "three other cards from your graveyard"),
                             action="exile_from_graveyard", count=EXILE_OTHERS)


def granted_alt_costs(g: "Context", oid: int) -> dict[str, str]:
    """The escape cost a card in its owner's graveyard has now: its mana cost, if it is an
    enchantment card and its owner controls a permanent giving escape."""
    obj = g.st.objects.get(oid)
    # (the permission first: asked for every graveyard card at each legal-action listing)
    if obj is None or obj.zone != "graveyard" or GRANT not in tg.player_rules(g, obj.owner):
        return {}
    if "Enchantment" not in g.types_now(oid)[0]:
        return {}
    data = printed(obj.name)
    mana = (data.mana_cost or "").split("//")[0].strip() if data is not None else ""
    return {ALT: mana} if mana else {}


def alt_additional(defn: "CardDef", alt: str) -> SacrificeCost | None:
    """"plus exile three other cards from your graveyard" (an additional part of the cost)."""
    return _EXILE_THREE if alt == ALT else None
