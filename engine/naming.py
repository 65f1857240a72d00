"""How actions name objects and players: "Name", "Name#K" (the K-th by timestamp) or "@alias".

A name alone is used when it is unique among the objects that matter for the action;
otherwise the K-th such object, counted by timestamp among those objects.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from engine.actions import AmbiguousActionError, IllegalActionError

if TYPE_CHECKING:
    from engine.rules.context import Context


# how actions name a face-down permanent (CR 708.2a: no name): its card's name is hidden from
# other players, and action texts are public (the log, LAN, the opponent's legal actions)
FACE_DOWN = "face-down permanent"


def public_name(obj: Any) -> str:
    """The name actions use for an object: a face-down permanent's is FACE_DOWN (CR 708.2a)."""
    return FACE_DOWN if obj.face_down and obj.zone == "battlefield" else str(obj.name)


def display_name(g: "Context", oid: int) -> str:
    return public_name(g.st.objects[oid])


def ref(g: "Context", oid: int, candidates: Iterable[int]) -> str:
    name = public_name(g.st.objects[oid])
    same = sorted((c for c in candidates if public_name(g.st.objects[c]) == name),
                  key=lambda c: g.st.objects[c].timestamp)
    if len(same) <= 1:
        return name
    # Even interchangeable copies get their number: a replay must pick the very same object.
    return f"{name}#{same.index(oid) + 1}" if oid in same else name


def resolve(g: "Context", text: str, candidates: Iterable[int], what: str = "card") -> int:
    """Find the object named `text` among candidates; IllegalActionError if none or ambiguous."""
    text = text.strip()
    cands = list(candidates)
    if text.startswith("@"):
        alias = text[1:]
        card = g.aliases.get(alias) if hasattr(g, "aliases") else None
        if card is None:
            raise IllegalActionError("ref.unknown_alias", alias=text)
        for c in cands:
            if g.st.objects[c].card == card:
                return c
        raise IllegalActionError("ref.not_here", card=text)
    name, _, k = text.partition("#")
    same = sorted((c for c in cands if public_name(g.st.objects[c]).lower() == name.lower()),
                  key=lambda c: g.st.objects[c].timestamp)
    if not same:  # the deciding player may name their own face-down permanents (CR 708.5)
        same = sorted((c for c in cands if c in own_face_down(g) and g.st.objects[c].name.lower() == name.lower()),
                      key=lambda c: g.st.objects[c].timestamp)
    if not same:
        raise IllegalActionError("ref.none", card=name)
    if k:
        if not k.isdigit() or not 1 <= int(k) <= len(same):
            raise IllegalActionError("ref.bad_index", card=text)
        return same[int(k) - 1]
    if len(same) > 1:
        # identical objects in the same state are interchangeable: take the first
        if len({_signature(g, c) for c in same}) == 1:
            return same[0]
        raise AmbiguousActionError("ref.ambiguous", card=name)
    return same[0]


def own_face_down(g: "Context") -> set[int]:
    """The face-down permanents the player deciding now controls: that player may look at
    them (CR 708.5), so may name them by their card's name too; nobody else may."""
    pend = g.st.pending or {}
    who = pend.get("player", g.st.priority)
    return {o for o in g.st.battlefield if g.st.objects[o].face_down and g.st.objects[o].controller == who}


def _signature(g: "Context", oid: int) -> tuple[object, ...]:
    o = g.st.objects[oid]
    return (o.zone, o.controller, o.tapped, o.face_down, o.phased_out, tuple(sorted(o.counters.items())),
            o.damage, o.attached_to, o.sick, o.attacking, tuple(o.blocking), o.token)


def player_index(g: "Context", text: str) -> int:
    for p in g.st.players:
        if p.name.lower() == text.strip().lower():
            return p.index
    raise IllegalActionError("ref.no_player", player=text)
