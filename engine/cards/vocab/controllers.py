"""Effects on "its controller" / "that player" — the controller of a spell's or ability's
target as it resolves (CR 608.2h: the information is taken then)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ControllerSacrificesOrDamage:
    """"Its controller may sacrifice it. If they don't, this creature deals N damage to that
    player." — a yes/no decision of the target's controller (CR 701.17); the damage is dealt by
    the ability's source (as it last existed if it has left, CR 113.7a). With no target chosen
    ("up to one") or an illegal one, nothing happens (CR 608.2b)."""
    n: int

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            obj = g.st.objects[oid]
            p = obj.controller
            if "answer" not in ctx:
                return Ask(p, "yes_no", ["yes", "no"], "ask.sacrifice_or_damage",
                           {"card": obj.name, "source": item.name, "amount": n})
            if ctx.pop("answer")[0] == "yes":
                g.sacrifice(oid)
                return None
            g.damage(g.damage_source(item), {"player": p}, n)
            return None
        return run
