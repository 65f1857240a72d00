"""Effects that change what a permanent is: types and subtypes (layer 4), "becomes a P/T
creature" (layers 4, 7b), control (layer 2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Becomes:
    """The target becomes [types/subtypes] in addition to its other types until end of turn
    (a type-changing effect, layer 4, CR 613.1d)."""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        types, subtypes = self.types, self.subtypes

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.add_effect("4", [oid], add_types=list(types), add_subtypes=list(subtypes))
        return run


@dataclass(frozen=True)
class BecomesForever:
    """"it becomes a black Demon in addition to its other colors and types" — on this
    permanent, with no end (layers 4 and 5, CR 613.1d-e)."""
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        colors, subtypes = self.colors, self.subtypes

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is None:
                return
            if subtypes:
                g.add_effect("4", [src], until="forever", add_subtypes=list(subtypes))
            if colors:
                g.add_effect("5", [src], until="forever", add_colors=list(colors))
        return run


@dataclass(frozen=True)
class BecomesCreature:
    """"That [target] becomes a P/T [subtype] creature in addition to its other types" with
    no duration: for good (layers 4 and 7b, CR 613.1d, 613.4b; ruling, Wurzelweiser
    Überlebender)."""
    power: int
    toughness: int
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            g.add_effect("4", [oid], until="permanent", add_types=["Creature"], add_subtypes=list(e.subtypes))
            g.add_effect("7b", [oid], until="permanent", power=e.power, toughness=e.toughness)
        return run


@dataclass(frozen=True)
class BecomesCreatureThis:
    """"It becomes a P/T [subtype] creature in addition to its other types." — with no
    duration: for as long as it stays on the battlefield (layers 4 and 7b, CR 613.1d, 613.4b)."""
    power: int
    toughness: int
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None:
                return
            g.add_effect("4", [oid], until="game", add_types=["Creature"], add_subtypes=list(e.subtypes))
            g.add_effect("7b", [oid], until="game", power=e.power, toughness=e.toughness)
        return run


@dataclass(frozen=True)
class AddTypesToYours:
    """"Nonland permanents you control and permanent spells you control are [types] in addition
    to their other types." (layer 4, CR 613.1d); spells on the stack as well."""
    types: tuple[str, ...]
    reaches_stack = True  # (not a field: its effects reach spells, engine/rules/costs.py spell_types)

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        ids = [o for o in g.battlefield(me.controller) if "Land" not in g.types_now(o)[0]]
        perm = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
        ids += [o for o in g.st.stack if o in g.st.objects and g.st.objects[o].controller == me.controller
                and g.st.objects[o].kind not in ("ability", "trigger") and g.types_now(o)[0] & perm]
        return [{"layer": "4", "ids": ids, "ts": me.timestamp, "add_types": list(self.types)}] if ids else []


@dataclass(frozen=True)
class GainControlUntilEot:
    """"Gain control of target creature until end of turn." (CR 613.1b, layer 2; control is kept
    on the object, and given back as "until end of turn" effects end, CR 514.2). Auras and
    Equipment attached to it stay with their controller."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            obj = g.st.objects[oid]
            if obj.controller != item.controller:
                g.add_effect("rules", [], control_back={"obj": oid, "to": obj.controller})
                g.update(oid, controller=item.controller, sick=True)  # CR 302.6
        return run
