"""How actions name objects and players: "Name", "Name#K" (the K-th by timestamp) or "@alias".

A name alone is used when it is unique among the objects that matter for the action;
otherwise the K-th such object, counted by timestamp among those objects.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine.actions import AmbiguousActionError, IllegalActionError

if TYPE_CHECKING:
    from engine.rules.context import Context


def display_name(g: "Context", oid: int) -> str:
    obj = g.st.objects[oid]
    return obj.name if not obj.face_down else (obj.name if obj.name else "face-down permanent")


def ref(g: "Context", oid: int, candidates: Iterable[int]) -> str:
    name = g.st.objects[oid].name
    same = sorted((c for c in candidates if g.st.objects[c].name == name),
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
    same = sorted((c for c in cands if g.st.objects[c].name.lower() == name.lower()),
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


def _signature(g: "Context", oid: int) -> tuple[object, ...]:
    o = g.st.objects[oid]
    return (o.zone, o.controller, o.tapped, o.face_down, o.phased_out, tuple(sorted(o.counters.items())),
            o.damage, o.attached_to, o.sick, o.attacking, tuple(o.blocking), o.token)


def player_index(g: "Context", text: str) -> int:
    for p in g.st.players:
        if p.name.lower() == text.strip().lower():
            return p.index
    raise IllegalActionError("ref.no_player", player=text)
