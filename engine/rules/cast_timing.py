"""When a spell may be cast (CR 307.1, 117.1a, 601.3d): sorcery timing, and the permission
"You may cast this spell as though it had flash if it targets a commander", whose
timing depends on the targets chosen. Used by the listing (engine/rules/cast_way.py), the
announcement's target decision (engine/rules/announce.py) and the cast itself
(engine/rules/casting.py), so that a target offered is a target the cast accepts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import cast_now, targets as tg
from engine.rules.card_terms import FlashIfTargets
from engine.rules.permissions import as_though_flash

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef
    from engine.rules.context import Context


def sorcery_timing(g: "Context", player: int) -> bool:
    """CR 307.1 / 117.1a: own main phase, stack empty."""
    st = g.st
    return g.is_active(player) and st.step in ("main1", "main2") and not st.stack


def flash_if_target(g: "Context", player: int, oid: int, defn: "CardDef | None",
                    chosen: "list[dict[str, Any]] | None" = None) -> bool | None:
    """CR 601.3d: "You may cast this spell as though it had flash if it targets a commander."
    — None when the spell has no such permission or no legal target would give it; else
    whether the targets `chosen` (None: not chosen yet) include one that does."""
    term = defn.term(FlashIfTargets) if defn is not None else None
    if term is None:
        return None
    check = term.filter
    objs = g.st.objects
    if chosen is not None:
        return any("obj" in t and t["obj"] in objs and check(g, objs[t["obj"]]) for t in chosen)
    for spec in defn.targets_for(()) if defn is not None else []:
        for ref in tg.options(g, spec, player, oid):
            if ref[0] == "o" and check(g, objs[ref[1]]):
                return True
    return None


def targets_give_timing(g: "Context", player: int, oid: int, defn: "CardDef | None",
                        chosen: list[dict[str, Any]]) -> bool:
    """Whether these targets leave the spell castable now: False only when it may be cast now
    solely "as though it had flash if it targets [such]" and none of them is such (CR 601.3d)."""
    if defn is None or defn.term(FlashIfTargets) is None:
        return True
    c = g.chars(oid)
    if ("Instant" in c.types or "flash" in c.keywords or sorcery_timing(g, player) or as_though_flash(g, player, c)
            or cast_now.is_now(g, oid)):
        return True
    return bool(flash_if_target(g, player, oid, defn, chosen))
