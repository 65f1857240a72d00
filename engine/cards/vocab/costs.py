"""Costs (CR 601.2f-h, 118): additional costs to cast a spell (sacrifice, discard, exile,
tap, return, choose), cost reductions, activated abilities with unusual costs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated, TargetSpec

if TYPE_CHECKING:
    from engine.cards.layer.abilities import Target
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class DiscardAsCost:
    """"As an additional cost to cast this spell, discard a card." (CR 601.2b, 601.2h): chosen
    and discarded as the spell is cast; the spell remembers the card's types."""
    word: str = ""

    def layer_kw(self) -> dict[str, Any]:
        from engine.cards.model import SacrificeCost
        return {"additional": SacrificeCost(TargetSpec("card", "a card"), discard=True)}


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
class ExileAsCost:
    """"As an additional cost to cast this spell, exile a creature you control." (CR 601.2b,
    601.2h): like a sacrifice as an additional cost, the card chosen is exiled — with the
    spell, and so with the permanent it becomes ("each card exiled with it")."""
    what: Any
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        from engine.cards.model import SacrificeCost, TargetSpec
        desc = label.split("exile ", 1)[-1].rstrip(".")  # "a creature you control"
        kw["additional"] = SacrificeCost(TargetSpec("permanent", desc, extra=self.what), exile=True)


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
        from engine.cards.vocab.core import compile_effect
        kw["activated"].append(Activated(cost=self.cost, discard=self.discard, once=self.once, label=label,
                                         steps=[compile_effect(e) for e in self.effects]))


@dataclass(frozen=True)
class SacrificeAsCost:
    """"As an additional cost to cast this spell, sacrifice a ... [or pay {N}]" (CR 601.2b,
    601.2h, 118.8)."""
    what: "Target"
    or_pay: str = ""
    word: str = ""


@dataclass(frozen=True)
class ReturnAsCost:
    """"As an additional cost to cast this spell, return a permanent you control to its
    owner's hand." (CR 601.2b, 601.2h)"""
    what: "Target | None" = None  # None: any permanent you control
    word: str = ""


@dataclass(frozen=True)
class ChooseAsCost:
    """"As an additional cost to cast this spell, choose a [creature you control] or reveal a
    [creature] card from your hand." (CR 601.2b): the choice is remembered on the spell."""
    what: Any  # a filter as data (Target, Permanent ...)
    reveal: tuple[str, ...] = ()
    word: str = ""


@dataclass(frozen=True)
class ExileFromGraveyardAsCost:
    """"As an additional cost to cast this spell, exile N cards from your graveyard."
    (CR 601.2b, 601.2h; a ruling of Abhorrent Oculus: paid also when cast without paying
    its mana cost)"""
    n: int
    word: str = ""


@dataclass(frozen=True)
class TapAsCost:
    """"As an additional cost to cast this spell, tap N untapped [creatures and/or lands] you
    control." (CR 601.2b, 601.2h): chosen one at a time before the mana is paid."""
    what: Any  # a filter as data
    n: int = 1
    word: str = ""


@dataclass(frozen=True)
class CostsLess:
    """"This spell costs {N} less to cast [if/as long as ...]" (CR 601.2f). The condition is
    a Condition on the card, or TargetsTapped (which looks at the chosen targets)."""
    n: int
    condition: Any
    word: str = ""


@dataclass(frozen=True)
class Discount:
    """A static ability that makes your costs cheaper (CR 601.2f): "Enchantment spells you
    cast cost {1} less to cast." (`what` = "Enchantment") or "Unlock costs you pay cost {1}
    less." (`what` = "unlock")."""
    what: str
    n: int = 1
    word: str = ""
