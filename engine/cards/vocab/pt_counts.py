"""Power and toughness set to a number of permanents (CR 613.4): "This token's power and
toughness are each equal to the number of lands you control." (a characteristic-defining
ability, layer 7a, CR 604.3), "Creatures you control have base power and toughness each equal
to the number of creatures you control." (layer 7b). The permanents are counted by their card
types after layers 1-4 (CR 613.6: types_before_pt), so the count never asks for a power
that is being worked out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards.vocab.groups import types_before_pt
from engine.rules.effects import ContinuousEffect, Layer

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class BasePTIsCount:
    """Base power and toughness each equal to the number of permanents of `card_type` you
    control, on this permanent (`on="this"`: its characteristic-defining ability, layer 7a)
    or on each creature you control (`on="your_creatures"`, layer 7b)."""
    card_type: str = "Creature"
    on: str = "this"

    def layer_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        n = sum(1 for o in g.battlefield(me.controller) if self.card_type in types_before_pt(g, o))
        if self.on == "this":
            return [ContinuousEffect(Layer.PT_DEFINING, [me.id], me.timestamp, source=me.id, power=n, toughness=n)]
        ids = [o for o in g.battlefield(me.controller) if "Creature" in types_before_pt(g, o)]
        if not ids:
            return []
        return [ContinuousEffect(Layer.PT_SET, ids, me.timestamp, source=me.id, power=n, toughness=n)]
