"""Casting a spell while an ability resolves (CR 608.2g, 601.2): "you may cast it by paying
[cost]" (miracle, CR 702.94a) and "you may play it without paying its mana cost" (suspend,
CR 702.62a). The player casts the card then and there, during the resolution, ignoring the
timing restrictions of its card type (rulings: "Ignoriere alle Zeitpunkts-Einschränkungen,
die vom Typ der Karte abhängen"), for that cost only (no other alternative cost can be
combined with it, CR 118.9a), with its additional costs.

The offer is one decision of that player: each complete way to cast it (with its targets)
the casting rules would accept now, and "no". While it is open, the card is a "cast now"
card: the casting rules (engine/rules/casting.py, engine/format.py) let it be cast from
where it is, at any time, for that cost only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.cards.model import Ask

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

KEY = "cast_now"


def current(g: "Context") -> dict[str, Any] | None:
    got: dict[str, Any] | None = g.st.this_turn.get(KEY)
    return got


def is_now(g: "Context", oid: int) -> bool:
    now = current(g)
    return now is not None and now["obj"] == oid


def _open(g: "Context", oid: int, player: int, alt: str, cost: str) -> None:
    g.st.this_turn[KEY] = {"obj": oid, "player": player, "alt": alt, "cost": cost}
    g.memo.clear()  # the per-position lists (hand_cands, names) see the card cast now


def _close(g: "Context") -> None:
    g.st.this_turn.pop(KEY, None)
    g.memo.clear()  # the per-position lists (hand_cands, names) see the card cast now


def _ways(g: "Context", oid: int, player: int, alt: str) -> list[Action]:
    from engine.rules.listing import cast_actions
    return [a for a in cast_actions(g, player, oid) if a.alt == alt]


def may_cast(g: "Context", item: "Obj", ctx: dict[str, Any], oid: int, player: int, alt: str, cost: str,
             prompt: str, params: dict[str, Any]) -> Ask | None:
    """One step: offer `player` to cast card `oid` now for `cost` (`cast CARD with ALT`), or
    not ("no"); with no way to cast it (no legal targets, mana it can't pay) nothing is asked."""
    from engine.rules import convoke
    _open(g, oid, player, alt, cost)
    try:
        ways = _ways(g, oid, player, alt)
        texts = [a.text for a in ways]
        if CONVOKE in ctx:  # the creatures tapped for convoke, one at a time (engine/rules/convoke.py)
            state = ctx.pop(CONVOKE)
            answer = list(ctx.pop("answer", []))
            way = next((a for a in ways if a.text == state["way"]), None)
            if way is None:
                return None
            return _cast(g, ctx, way, convoke.picked(g, state, answer), not answer)
        if "answer" not in ctx:
            if not ways:
                return None
            return Ask(player, "choose_card", texts + ["no"], prompt, params)
        answer = ctx.pop("answer")[0]
        if answer == "no":
            return None
        chosen = next((a for a in ways if a.text == answer), None)
        if chosen is None:
            return None
        return _cast(g, ctx, chosen, (), False)
    finally:
        _close(g)


CONVOKE = "cast_now_convoke"  # (the step's ctx: the way chosen and the creatures chosen so far)


def _cast(g: "Context", ctx: dict[str, Any], way: Action, convoked: tuple[int, ...], done: bool) -> Ask | None:
    """Cast it this way; a spell with convoke first asks for the creatures to tap for it
    (CR 702.51a) — as the resolving step's own decisions, the cast being made within it."""
    from engine.rules import casting
    ask = casting.cast(g, way, convoked=convoked, done=done)
    if ask is None:
        return None
    ctx[CONVOKE] = {"way": way.text, "convoked": list(ask["convoked"]), "options": list(ask["options"]),
                    "refs": list(ask["refs"])}
    return Ask(ask["player"], "choose_card", list(ask["options"]), ask["prompt"], dict(ask["params"]),
               1, ask["min_count"])
