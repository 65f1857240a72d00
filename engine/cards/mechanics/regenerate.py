"""Regenerate (CR 701.19): "Regenerate [permanent]" creates a regeneration shield for it:
"The next time [that permanent] would be destroyed this turn, instead tap it, remove all
damage from it, and remove it from combat" (701.19a, a replacement effect, 614.8). It
replaces destruction only — by a destroy effect (701.8) or by the state-based actions for
lethal damage and deathtouch damage (704.5g-h) — not a sacrifice nor toughness 0 or less
(704.5f). Each shield is used up by one destruction; an unused one ends at the cleanup step.
The rules side is `replace_destruction`, called by engine/rules/sba.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.rules.resolved_replacements import RegenerationShield, shields

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Regenerate:
    """"Regenerate [this permanent]": a regeneration shield on the ability's source while it
    is still on the battlefield (CR 701.19a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = g.st.objects.get(item.source) if item.source is not None else None
            if src is None or src.zone != "battlefield":
                return
            g.add_replacement(RegenerationShield(obj=src.id, source=src.name, until="eot"))
            g.event("regeneration_shield", card=src.name)
        return run


def replace_destruction(g: "Context", oid: int) -> bool:
    """CR 701.19a: if `oid` has a regeneration shield, use it up instead of destroying it:
    tap it, remove all damage from it, remove it from combat (506.4). True if it did."""
    st = g.st
    mine = shields(g, oid)
    if not mine:
        return False
    g.end_replacements(mine[:1])  # (one shield is used up by one destruction)
    g.update(oid, tapped=True, damage=0, deathtouch_damage=False, attacking=None, blocking=[], blocked=False)
    for other in st.battlefield:
        o = st.objects[other]
        if oid in o.blocking:
            g.update(other, blocking=[b for b in o.blocking if b != oid])
    g.event("regenerate", card=st.objects[oid].name)
    return True
