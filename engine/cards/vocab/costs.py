"""Costs (CR 601.2f-h, 118): additional costs to cast a spell (sacrifice, discard, exile,
tap, return, choose), cost reductions, activated abilities with unusual costs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated, TargetSpec
from engine.cards.vocab.core import compile_effect
from engine.cards.model import SacrificeCost

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class DiscardedWasNot:
    """A condition on the spell: "if the discarded card wasn't a [land] card"."""
    card_type: str

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        types = me.ctx.get("discarded_types")
        return types is not None and self.card_type not in types


def discard_cost_options(g: "Context", p: int, spell: int | None) -> list[int]:
    """The cards p could discard for the spell's additional cost (not the spell itself)."""
    return [o for o in g.st.players[p].hand if o != spell]


@dataclass(frozen=True)
class ActivateWith:
    """An activated ability with costs the layer's Activate has no words for: "{3}, Discard a
    card: ... Activate only once." (CR 602.2b, 602.5b)."""
    cost: str
    effects: tuple[Any, ...]
    discard: int = 0
    once: bool = False
    word: str = ""

    def __init__(self, cost: str, *effects: Any, discard: int = 0, once: bool = False) -> None:
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "once", once)
        object.__setattr__(self, "word", "")

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw["activated"].append(Activated(cost=self.cost, discard=self.discard, once=self.once, label=label,
                                         steps=[compile_effect(e) for e in self.effects]))


@dataclass(frozen=True)
class AdditionalCost:
    """"As an additional cost to cast this spell, ..." (CR 601.2b, 601.2h) as data; `action`:

    * "sacrifice": sacrifice a permanent `what` allows [or pay `or_pay`, CR 118.8];
    * "discard": discard a card (the spell remembers the card's types);
    * "exile": exile a permanent `what` allows — with the spell, and so with the permanent it
      becomes ("each card exiled with it");
    * "return": return a permanent you control (`what`, any if None) to its owner's hand;
    * "exile_from_graveyard": exile `n` cards [`what` allows: "creature cards"] from your
      graveyard (a ruling of Abhorrent Oculus: paid also when cast without paying its mana cost);
    * "tap": tap `n` untapped permanents `what` allows, chosen one at a time before the mana
      is paid;
    * "choose": choose a permanent `what` allows or reveal a card of the types `reveal` from
      your hand (the choice is remembered on the spell).
    The description the interface shows is the card's own line after its verb.
    """
    action: str
    what: Any = None
    n: int = 1
    or_pay: str = ""
    reveal: tuple[str, ...] = ()
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        a = self.action
        if a == "sacrifice":
            what = label.split("sacrifice ", 1)[-1].rstrip(".").split(" or pay ")[0]  # "a creature or enchantment"
            cost = SacrificeCost(TargetSpec("permanent", what, extra=self.what), or_pay=self.or_pay)
        elif a == "discard":
            cost = SacrificeCost(TargetSpec("card", "a card"), discard=True)
        elif a == "exile":
            what = label.split("exile ", 1)[-1].rstrip(".")  # "a creature you control"
            cost = SacrificeCost(TargetSpec("permanent", what, extra=self.what), exile=True)
        elif a == "return":
            cost = SacrificeCost(TargetSpec("permanent", "a permanent you control", extra=self.what), action="return")
        elif a == "exile_from_graveyard":
            what = label.split("exile ", 1)[-1].rstrip(".")  # "three creature cards from your graveyard"
            cost = SacrificeCost(TargetSpec("card_in_your_graveyard", what, extra=self.what),
                                 action="exile_from_graveyard", count=self.n)
        elif a == "tap":
            what = label.split("tap ", 1)[-1].rstrip(".")  # "two untapped creatures and/or lands you control"
            cost = SacrificeCost(TargetSpec("permanent", what, extra=self.what, status=True), kind="tap", n=self.n)
        elif a == "choose":
            what = label.split("choose ", 1)[-1].rstrip(".")  # "a creature you control or reveal ..."
            cost = SacrificeCost(TargetSpec("permanent", what, extra=self.what), kind="choose", reveal=self.reveal)
        else:
            raise ValueError(f"unknown additional cost {a!r}")
        kw["additional"] = cost


@dataclass(frozen=True)
class CostsLess:
    """"This spell costs {N} less to cast [if/as long as ...]" (CR 601.2f). The condition is
    a Condition on the card, or None; `if_targets`: a target filter, "if it targets [a tapped
    creature]" (`Creatures(tapped=True)`), checked against the targets chosen (CR 601.2c comes
    before 601.2f); `n` a number or a count ("{1} less ... for each creature on the
    battlefield")."""
    n: Any
    condition: Any = None
    word: str = ""
    if_targets: Any = None


@dataclass(frozen=True)
class Discount:
    """A static ability that makes your costs cheaper (CR 601.2f): "Enchantment spells you
    cast cost {1} less to cast." (`what` = "Enchantment") or "Unlock costs you pay cost {1}
    less." (`what` = "unlock")."""
    what: str
    n: int = 1
    word: str = ""
    per: Any = None  # "... for each [count]": a count read as the cost is determined (CR 601.2f)
