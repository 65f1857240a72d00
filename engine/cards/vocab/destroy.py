"""Destroying by target words and counting what was destroyed: "up to one target artifact,
up to one target creature, and up to one target enchantment" (each word may be left without
a target, engine/rules/targets.py `skippable`), "the total mana value of permanents destroyed
this way" (last known information, CR 608.2h)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class DestroyTargetsCountingMV:
    """"Destroy [each target]" (CR 701.8a) — the targets still legal; the mana values of the
    permanents that went to a graveyard are added up (as they last existed on the battlefield,
    CR 608.2h) for "the total mana value of permanents destroyed this way"."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
            total = 0
            for oid in dict.fromkeys(ids):
                if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                    continue
                mv = g.chars(oid).mana_value
                new = g.destroy(oid)
                if new is not None and new != oid:  # it left the battlefield (not indestructible, regenerated)
                    total += mv
            ctx["destroyed_mv"] = total
        return run
