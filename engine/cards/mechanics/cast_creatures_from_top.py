"""Casting creature spells from the top of your library (Augur of Autumn: "Coven — As long as
you control three or more creatures with different powers, you may cast creature spells from
the top of your library.") — a permission of the permanent's controller (CR 601.2a: all costs
are paid and timing rules obeyed), `PlayerRule(RuleChange.CAST_CREATURES_FROM_LIBRARY_TOP_COVEN)`,
read here with its coven condition (engine/cards/mechanics/coven.py), checked as the spell
would be cast.

* `cast CARD with top_creature`: the top card of your library if it is a creature card, for
  its mana cost, at its normal timing; "You may look at the top card of your library any
  time." (another rule of the same card) lets its player see it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.mechanics.cast_from_top import CREATURES_GRANT
from engine.cards.mechanics.coven import coven
from engine.rules.permissions import CAST, LIBRARY_TOP, granted
from engine.cards.data import printed

if TYPE_CHECKING:
    from engine.rules.context import Context

ALT = "top_creature"
ALT_ZONES = {ALT: "library"}
GRANT = CREATURES_GRANT  # Augur of Autumn


def granted_alt_costs(g: "Context", oid: int) -> dict[str, str]:
    """The top card of its owner's library, a creature card, while the permission and its
    coven condition hold: cast for its mana cost."""
    obj = g.st.objects.get(oid)
    if obj is None or obj.zone != "library":
        return {}
    lib = g.st.players[obj.owner].library
    perms = [perm for perm in granted(g, obj.owner, CAST, LIBRARY_TOP) if perm.coven]
    if not lib or lib[0] != oid or not any(perm.types & g.types_now(oid)[0] for perm in perms) \
            or not coven(g, obj.owner):
        return {}
    data = printed(obj.name)
    mana = (data.mana_cost or "").split("//")[0].strip() if data is not None else ""
    return {ALT: mana or "{0}"}
