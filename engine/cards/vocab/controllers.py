"""Effects on "its controller" / "that player" — the controller of a spell's or ability's
target as it resolves (CR 608.2h: the information is taken then)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.rules.damage import permanent_source

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ControllerSacrificesOrDamage:
    """"Its controller may sacrifice it. If they don't, this creature deals N damage to that
    player." — a yes/no decision of the target's controller (CR 701.17); the damage is dealt by
    the ability's source (as it last existed if it has left, CR 113.7a). With no target chosen
    ("up to one") or an illegal one, nothing happens (CR 608.2b).

    `n` "mana_value": "damage equal to its mana value"; `by="target"`: the target deals the
    damage itself ("target enchantment deals damage equal to its mana value to its controller
    unless that player sacrifices it", Enchanter's Bane)."""
    n: Any
    by: str = "source"

    def step(self) -> Step:
        fixed, by = self.n, self.by

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            obj = g.st.objects[oid]
            p = obj.controller
            n = int(g.chars(oid).mana_value) if fixed == "mana_value" else int(fixed)
            if "answer" not in ctx:
                return Ask(p, "yes_no", ["yes", "no"], "ask.sacrifice_or_damage",
                           {"card": obj.name, "source": obj.name if by == "target" else item.name, "amount": n})
            if ctx.pop("answer")[0] == "yes":
                g.sacrifice(oid)
                return None
            source = permanent_source(g, oid) if by == "target" else g.damage_source(item)
            g.damage(source, {"player": p}, n)
            return None
        return run
