"""Ninjutsu (CR 702.49, keyword ability), read from the card's own line ("Ninjutsu {1}{U}{B}"):

"[Cost], Return an unblocked attacker you control to hand: Put this card onto the
battlefield from your hand tapped and attacking" (702.49a). It is activated from the hand
(CR 602.2, 113.6), only once blockers have been declared: before that no attacking
creature is unblocked (CR 509.1h; ruling "Die Ninjutsu-Fähigkeit kann erst aktiviert
werden, nachdem die Blocker deklariert wurden."). Returning the attacker is a cost, chosen
as the cost is paid (CR 602.2b, 601.2h: engine/rules/activation.py `sacrifice_other` with
`other_action="return"`). The card enters attacking the player or planeswalker the
returned creature attacked (702.49c); it was never declared as an attacker, so "whenever
... attacks" abilities don't trigger (CR 508.3a, 508.4). If the card has left the hand by
then, it doesn't enter at all (CR 400.7).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated, TargetSpec

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Ninjutsu (\{[^}]+\}(?:\{[^}]+\})*)")
# CR 509.1h: unblocked attackers exist from the declare blockers step on (blockers declared)
_AFTER_BLOCKS = ("declare_blockers", "combat_damage", "end_of_combat")


def unblocked_attacker(g: "Context", obj: "Obj") -> bool:
    """An attacking creature that is unblocked (CR 509.1h, 506.4)."""
    return (obj.zone == "battlefield" and obj.attacking is not None and not obj.blocked
            and g.st.step in _AFTER_BLOCKS)


def can_activate(g: "Context", card: "Obj") -> bool:
    """Blockers have been declared and its owner controls an unblocked attacker (702.49a)."""
    st = g.st
    if st.step not in _AFTER_BLOCKS or st.pending is not None and st.pending.get("kind") == "blockers":
        return False
    return any(unblocked_attacker(g, st.objects[o]) for o in g.battlefield(card.owner))


def _enter_attacking(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
    """CR 702.49c: onto the battlefield tapped and attacking whom the returned creature attacked."""
    st = g.st
    src = item.source
    if src is None or src not in st.objects or st.objects[src].zone != "hand":
        return  # ruling: "Falls Kaito vorher deine Hand verlässt, kommt er gar nicht ins Spiel."
    player, walker = item.ctx.get("returned_attacking") or [None, None]
    new = g.move(src, "battlefield", controller=item.controller, tapped=True, cause="ninjutsu")
    if player is not None and g.is_type(new, "Creature"):  # CR 506.3: only a creature attacks
        g.update(new, attacking=player, attacking_obj=walker, blocked=False)
        g.event("enters_attacking", player=g.pname(item.controller), card=st.objects[new].name)


def parse(line: str) -> Activated | None:
    """The activated ability of a ninjutsu line, or None if the line is something else."""
    m = _LINE.fullmatch(line.strip())
    if m is None:
        return None
    return Activated(cost=m.group(1), zone="hand", condition=can_activate, steps=[_enter_attacking],
                     sacrifice_other=TargetSpec("permanent", "an unblocked attacker you control",
                                                extra=unblocked_attacker, status=True),
                     other_action="return", label=line.strip())
