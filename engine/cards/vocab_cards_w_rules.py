"""Card-layer vocabulary for static abilities, conditions and ability kinds (helper cards_w,
Duskmourn white and the Verge lands): mana abilities with an activation restriction, "as
long as this entered this turn", "creatures you control have base power and toughness ...",
abilities that grant abilities to your tokens. Frozen dataclasses: conditions are called
(g, me), ability kinds add themselves to the card definition (`add_to`, engine/cards/layer.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


# ------------------------------------------------------------------ ability kinds
@dataclass(frozen=True)
class ManaIf:
    """"{T}: Add {R}. Activate only if you control a Swamp or a Mountain." — a mana ability
    (CR 605.1a) with an activation restriction (CR 602.5b); its mana is read from its line."""
    condition: Any
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        cost, _, effect = label.partition(":")
        colours = tuple(re.findall(r"\{([WUBRGC])\}", effect.split(".")[0]))
        kw["activated"].append(Activated(tap="{T}" in cost, mana=colours, condition=self.condition, label=label))


# ------------------------------------------------------------------ conditions
@dataclass(frozen=True)
class ControlsLandType:
    """"you control a Swamp or a Mountain" — a land with one of these land types (CR 305.6)."""
    types: tuple[str, ...]

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return any(g.is_type(o, "Land") and set(g.chars(o).subtypes) & set(self.types)
                   for o in g.battlefield(me.controller))


@dataclass(frozen=True)
class EnteredThisTurn:
    """"As long as this [permanent] entered this turn" (engine/rules/zones.py marks each
    permanent that enters in st.this_turn)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(g.st.this_turn.get(f"entered:{me.id}"))


@dataclass(frozen=True)
class CreatureTokensAtLeast:
    """"As long as you control N or more creature tokens"."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return sum(1 for o in g.battlefield(me.controller)
                   if g.st.objects[o].token and "Creature" in _types_before_pt(g, o)) >= self.n


@dataclass(frozen=True)
class LifeAboveStartingBy:
    """"As long as you have at least N life more than your starting life total" (CR 103.4)."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return g.st.players[me.controller].life >= g.config.starting_life + self.n


# ------------------------------------------------------------------ static effects
@dataclass(frozen=True)
class BasePTIsCreatureCount:
    """"Creatures you control have base power and toughness each equal to the number of
    creatures you control." — a P/T-setting effect, layer 7b (CR 613.4b), on each creature you
    control, with the number counted as the layer applies."""

    def layer_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        ids = [o for o in g.battlefield(me.controller) if "Creature" in _types_before_pt(g, o)]
        if not ids:
            return []
        n = len(ids)
        return [{"layer": "7b", "ids": ids, "ts": me.timestamp, "power": n, "toughness": n}]


@dataclass(frozen=True)
class YourCreatures:
    """"Creatures [tokens] you control get +P/+T [and have keywords]" (layers 7c and 6)."""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    tokens_only: bool = False

    def layer_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        ids = [o for o in g.battlefield(me.controller) if "Creature" in _types_before_pt(g, o)
               and (not self.tokens_only or g.st.objects[o].token)]
        if not ids:
            return []
        out: list[dict[str, Any]] = []
        if self.power or self.toughness:
            out.append({"layer": "7c", "ids": ids, "ts": me.timestamp, "power": self.power,
                        "toughness": self.toughness})
        if self.keywords:
            out.append({"layer": "6", "ids": ids, "ts": me.timestamp, "add_kw": list(self.keywords)})
        return out


def _types_before_pt(g: "Context", oid: int) -> frozenset[str]:
    """The card types of a permanent, for a static ability's own reading while the index of
    static effects is being built (g.chars then would see it half made and cache that):
    printed or face-down types with the type-changing effects of resolved spells and
    abilities (layer 4, "It's an enchantment.")."""
    types = set(g.printed_types(oid))
    for e in g.st.effects:
        if e["layer"] == "4" and oid in e["ids"]:
            if "set_types" in e:
                types = set(e["set_types"])
            types |= set(e.get("add_types", []))
            types -= set(e.get("remove_types", []))
    return frozenset(types)


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
        from engine.cards.vocab import compile_effect
        kw["activated"].append(Activated(cost=self.cost, discard=self.discard, once=self.once, label=label,
                                         steps=[compile_effect(e) for e in self.effects]))


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
class OpeningHand:
    """"If this card is in your opening hand, you may begin the game with it on the
    battlefield." (CR 103.6a): asked after the mulligans, before the first turn
    (engine/rules/setup.py)."""
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw["opening_hand"] = True


@dataclass(frozen=True)
class GainLifePlus:
    """"If you would gain life, you gain that much life plus N instead." — a replacement
    effect (CR 614.1a) applied once to each life-gaining event, once per permanent with it
    (engine/game.py gain_life)."""
    n: int = 1
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw.setdefault("player_rules", []).append(f"gain_life_plus:{self.n}")


@dataclass(frozen=True)
class EntersTappedChooseColor:
    """"This land enters tapped. As it enters, choose a color." (CR 614.1c, 614.12b)."""
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw["enters_tapped"] = _always
        kw["as_enters_choice"] = "color"


def _always(g: "Context", obj: "Obj") -> bool:
    return True


@dataclass(frozen=True)
class ChosenColorIs:
    """A condition: the color chosen as this permanent entered is this one."""
    color: str

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(me.ctx.get("color") == self.color)


@dataclass(frozen=True)
class ManaOfChosenColor:
    """"{T}: Add one mana of the chosen color." (CR 605.1a): one mana ability per color, each
    usable only for the chosen one (engine/rules/casting.py usable_mana)."""
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        for c in ("W", "U", "B", "R", "G"):
            kw["activated"].append(Activated(tap=True, mana=(c,), condition=ChosenColorIs(c), label=label))
