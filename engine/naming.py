"""How actions name objects and players: "Name", "Name#K" (the K-th by timestamp) or "@alias".

A name alone is used when it is unique among the objects that matter for the action;
otherwise the K-th such object, counted by timestamp among those objects.
"""
from __future__ import annotations

from operator import attrgetter
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


def named(g: "Context", cands: list[int]) -> dict[int, str]:
    """Names for these objects among themselves. An object keeps its id, name, zone and
    timestamp (a zone change makes a new object, CR 400.7); only turning it face up or down
    changes how it is named (g.face_gen counts those): so the same candidates get the same
    names across positions (g.names_kept, emptied when the state is replaced)."""
    kept = g.names_kept
    key = tuple(cands)
    was = kept.get(key)
    if was is not None and was[0] == g.face_gen:
        same: dict[int, str] = was[1]
        return same
    objects = g.st.objects
    groups: dict[str, list[int]] = {}
    for c in cands:
        groups.setdefault(public_name(objects[c]), []).append(c)
    got: dict[int, str] = {}
    _number(g, groups.items(), got)
    if len(kept) > 2000:
        kept.clear()
    kept[key] = (g.face_gen, got)
    return got


def target_named(g: "Context") -> dict[int, str]:
    """`named` of the targets (the permanents, then the stack), made of the permanents' names
    (kept across positions while the battlefield stays) and the stack's few objects: only the
    names the stack has (an ability has its source's name) are counted again, over the
    permanents and the stack objects of that name, by timestamp as `named` counts them. A
    spell or ability going onto or leaving the stack doesn't name the whole battlefield again."""
    st = g.st
    if not st.stack:
        return permanents_named(g, None)
    on_bf = permanents_named(g, None)
    # (the permanents' map is the same object while they are named the same: with it, the
    # stack's few objects are all the key needs, not the whole battlefield)
    key = ("target_named", id(on_bf), tuple(st.stack))
    was = g.names_kept.get(key)
    if was is not None and was[0] is on_bf and was[1] == g.face_gen:
        same: dict[int, str] = was[2]
        return same
    by_name = _groups(g, on_bf)
    objects = st.objects
    on_stack: dict[str, list[int]] = {}
    for o in st.stack:
        on_stack.setdefault(public_name(objects[o]), []).append(o)
    got = dict(on_bf)
    # each stack name's group: its permanents, then its stack objects (the candidates' order,
    # as `named` groups them)
    _number(g, ((name, by_name.get(name, []) + ids) for name, ids in on_stack.items()), got)
    g.names_kept[key] = (on_bf, g.face_gen, got)
    return got


def _number(g: "Context", groups: Iterable[tuple[str, list[int]]], got: dict[int, str]) -> None:
    """Writes into `got` each group's names: the name alone for a group of one, else "Name#K"
    counted by timestamp (sorts each group's list in place)."""
    objects = g.st.objects
    for name, ids in groups:
        if len(ids) == 1:
            got[ids[0]] = name
        else:
            # (in C: a crowded board's forty Forests, and the stack's abilities of a name
            # among its permanents after every change of the stack; a stable sort, as by a key)
            stamps = dict(zip(ids, map(_TIMESTAMP, map(objects.__getitem__, ids))))
            ids.sort(key=stamps.__getitem__)
            got.update(zip(ids, map((name + "#").__add__, map(str, range(1, len(ids) + 1)))))


_TIMESTAMP = attrgetter("timestamp")


def permanents_named(g: "Context", p: int | None) -> dict[int, str]:
    """`named` of the permanents p controls (None: of every permanent, phased out too). The same
    map across positions while which permanents there are, who controls them and how they are
    named stay the same (g.bf_kept: bumped by every change of the battlefield or of control;
    g.face_gen by a permanent turned face up or down or renamed) — not made again over the
    whole battlefield after every spell that resolves on a crowded board."""
    def make() -> dict[int, str]:
        objects = g.st.objects
        bf = g.st.battlefield
        return named(g, bf if p is None else [o for o in bf if objects[o].controller == p])
    got: dict[int, str] = g.bf_kept(("own_names", p), make, face=True)
    return got


def _groups(g: "Context", names: dict[int, str]) -> dict[str, list[int]]:
    """The objects a `named` map names, by public name, in the map's order (kept with the map:
    the same map of the same face_gen names the same objects with the same names)."""
    key = ("groups", id(names))
    was = g.names_kept.get(key)
    if was is not None and was[0] is names and was[1] == g.face_gen:
        got: dict[str, list[int]] = was[2]
        return got
    objects = g.st.objects
    got = {}
    for o in names:
        got.setdefault(public_name(objects[o]), []).append(o)
    g.names_kept[key] = (names, g.face_gen, got)
    return got


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
