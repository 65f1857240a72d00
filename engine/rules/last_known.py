"""Last-known information (CR 113.7a, 608.2h): an object that left its zone is a new object
(CR 400.7), so an effect that needs information about it uses the object as it last existed
in the zone it left. engine/rules/zones.py `move` calls `record_leaving` for every object
that leaves a public zone, once it is out of the zone's list and before anything else
changes; the vocabulary reads the record (vocab/core.py `last_known`, `last_known_power`;
vocab/target_values.py; damage.py `source_colors`) without knowing which zone it came from.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.state import Obj
from engine.rules.characteristics import copiable_values

if TYPE_CHECKING:
    from engine.rules.context import Context

# the zones whose leavers are recorded: every zone where all players see the object (CR 400.2).
# The stack keeps its own: Game's `st.lki` holds a spell as it last existed there (its X, the
# mana spent), written by `move`. A card leaving a hand or library was seen by nobody else, and
# nothing of the pool reads one after it moved (an effect that would must add the zone here).
RECORDED_ZONES = frozenset({"battlefield", "graveyard", "exile", "command"})


def record_leaving(g: "Context", oid: int, old: Obj, from_zone: str, to_zone: str, cause: str) -> None:
    """Record `old` as it last existed in `from_zone`, for the rest of the turn (this_turn
    "lki:ID"): its characteristics then, continuous effects included (CR 613), and for a
    permanent its copiable values (CR 707.2, 608.2h: "a token that's a copy of that creature"
    after it died copies it as it last existed) and what this turn's "if a creature died"
    and "if you sacrificed" conditions count."""
    if from_zone not in RECORDED_ZONES:
        return
    c = g.chars(oid)
    rec = g.st.this_turn
    # (Survival's "if this creature is tapped", "damage equal to its power": vocab/core.py
    # last_known, last_known_power; Reanimate's "that card's mana value" of the card as it was
    # in the graveyard, after the spell returned it)
    entry = {"obj": {k: v for k, v in vars(old).items() if k != "ctx"}, "power": c.power,
             "toughness": c.toughness, "mana_value": c.mana_value,
             "colors": sorted(c.colors)}
    rec[f"lki:{oid}"] = entry
    if from_zone != "battlefield":
        return
    entry["copiable"] = copiable_values(g, oid)
    if to_zone == "graveyard" and g.is_type(oid, "Creature"):
        rec["died"] = rec.get("died", 0) + 1  # CR 700.4: "dies"
        rec[f"died:{old.controller}"] = rec.get(f"died:{old.controller}", 0) + 1  # "... died under your control"
        rec["died_subtypes"] = [*rec.get("died_subtypes", []), list(c.subtypes)]
    if cause == "sacrifice":
        key = f"sacrificed:{old.controller}"
        rec[key] = rec.get(key, 0) + 1
    for sid in g.st.stack:  # CR 603.4, 608.2h: abilities of it on the stack keep its last known state
        it = g.st.objects.get(sid)
        if it is not None and it.source == oid and "source_lki" not in it.ctx:
            it.ctx["source_lki"] = {**vars(old), "counters": dict(old.counters), "ctx": {}, "targets": [],
                                    "blocking": [], "unlocked": list(old.unlocked), "modes": []}
