"""Equip (CR 702.6, keyword ability of Equipment): "Equip [cost]" means "[Cost]: Attach this
permanent to target creature you control. Activate only as a sorcery." (702.6a). The line
is read from the card's text. An Equipment's static abilities ("Equipped creature gets
+1/+1") are `Static(..., on=ATTACHED)`; an Equipment attached to something that left the
battlefield becomes unattached (CR 704.5n, engine/rules/sba.py)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated, TargetSpec

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Equip ((?:\{[^}]+\})+)(?: \(.*\))?")


_SACRIFICE = re.compile(r"Equip—Sacrifice a creature\.")


def _creature(g: "Context", obj: "Obj") -> bool:
    return "Creature" in g.chars(obj.id).types


def parse(line: str) -> Activated | None:
    if _SACRIFICE.fullmatch(line.strip()):  # CR 702.6a, 118.3: a non-mana equip cost (Dissection Tools)
        return Activated(cost="", sorcery=True, label=line.strip(),
                         targets=[TargetSpec("creature", "target creature you control", yours_only=True)],
                         steps=[attach_source_to_target],
                         sacrifice_other=TargetSpec("permanent", "a creature", extra=_creature))
    m = _LINE.fullmatch(line.strip())
    if m is None:
        return None
    return Activated(cost=m.group(1), sorcery=True, label=line.strip(),
                     targets=[TargetSpec("creature", "target creature you control", yours_only=True)],
                     steps=[attach_source_to_target])


def attach_source_to_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
    """CR 701.3a: attach the Equipment (if it is still on the battlefield) to the target."""
    src = item.source
    target = g.target_obj(item, 0)
    if src is None or target is None or src not in g.st.objects or g.st.objects[src].zone != "battlefield":
        return
    g.update(src, attached_to=target)
    to = g.st.objects[target]
    g.event("attach", player=g.pname(item.controller), card=g.st.objects[src].name,
            to=to.name if not to.face_down else "")
