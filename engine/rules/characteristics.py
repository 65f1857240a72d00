"""An object's current characteristics (CR 613, 400.1-2): the one place the rules ask.

`chars(g, oid)`: the printed characteristics (engine/rules/printed.py) with the continuous
effects applied in layers (engine/rules/layering.py), cached until the state changes
(whenever the game is touched) and kept across positions while their inputs stay the same;
`types_now` the one reading of types for groups, counts, searches, costs and targets; the per-position lists of
permanents by type (`with_type`) and values made from a player's permanents
(`from_permanents`). Control (layer 2) is applied by engine/rules/control.py. The names of
those modules that other code imports from here are imported below.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from engine.rules import hooks, printed
from engine.rules.index import CARDS
from engine.rules.effects import ContinuousEffect, Layer
# (names of the modules split from this one that other code imports from here)
from engine.rules.printed import (SPLIT_NAMES, SUPERTYPES as SUPERTYPES, Chars as Chars, base_chars as base_chars,
                                  chars_of_values as chars_of_values, copied_chars as copied_chars,
                                  split_type_line as split_type_line)
from engine.rules.apply_layers import apply_effects as apply_effects
from engine.rules.layering import (LAYER_ORDER as LAYER_ORDER, effects_by_object as effects_by_object,
                                   read_types_l4,
                                   types_everywhere as types_everywhere, types_l4 as types_l4)
from engine.rules.keyword_counters import is_keyword_counter as is_keyword_counter
from engine.rules.second_reading import GROUP_TABLES, READING, read_other
from engine.rules.control import control_pass as control_pass
# (values made from p's permanents, kept across positions: engine/rules/kept.py)
from engine.rules.kept import from_permanents as from_permanents, perms_fp as perms_fp

# the names other modules import from here (defined in the modules this one joins)
__all__ = ['SUPERTYPES', 'Chars', 'base_chars', 'chars_of_values', 'copied_chars', 'split_type_line',
           'LAYER_ORDER', 'apply_effects', 'effects_by_object', 'is_keyword_counter', 'types_everywhere',
           'types_l4', 'control_pass', 'from_permanents', 'perms_fp']

if TYPE_CHECKING:
    from engine.rules.context import Context


def copiable_values(g: "Context", oid: int) -> dict[str, Any]:
    """The copiable values of a permanent (CR 707.2): a token's as set when it was created (or
    by the copy effect it is), a card's as printed, a copy effect's (layer 1) if one applies; a
    face-down permanent's are those of a nameless 2/2 creature (CR 708.2) — named "Face-down"
    here, as the engine needs a name to tell objects apart in action texts (a simplification).
    A card exiled face down keeps its own (CR 406.3 only hides it: who may see it is
    engine/view.py's; a player allowed to cast it casts that card, CR 601.2a)."""
    obj = g.st.objects[oid]
    if obj.face_down and obj.zone != "exile":
        return {"name": "Face-down", "type_line": "Creature", "colors": [], "power": "2", "toughness": "2",
                "text": "", "keywords": []}
    copied = [e for e in _copy_index(g).get(oid, ()) if e.layer == Layer.COPY] if obj.zone == "battlefield" else []
    if copied:  # a copy effect's copiable values, written down as it began ("values", CR 707.2)
        latest = max(copied, key=lambda e: e.ts)
        return dict(latest.values or {})
    if obj.token_def is not None:
        return dict(obj.token_def)
    data = CARDS.printed(obj.name)
    if data is None:
        return {"name": obj.name, "type_line": "", "colors": [], "text": "", "keywords": []}
    keywords, _ = CARDS.rules_lines(data)
    return {"name": data.name, "def": data.name, "type_line": data.type_line, "colors": list(data.colors),
            "mana_cost": data.mana_cost or "", "power": data.power, "toughness": data.toughness,
            "loyalty": data.loyalty, "text": data.text, "keywords": sorted(keywords)}


def copiable_mana_cost(g: "Context", oid: int) -> str:
    """The mana cost among a permanent's copiable values (CR 707.2), as copiable_values gives
    it, without making the whole dict: devotion reads it for each of a player's permanents
    (CR 700.5) each time a static ability counts it."""
    obj = g.st.objects[oid]
    if obj.face_down and obj.zone != "exile":
        return ""  # CR 708.2: a face-down permanent has no mana cost
    if obj.zone == "battlefield":
        copied = [e for e in _copy_index(g).get(oid, ()) if e.layer == Layer.COPY]
        if copied:
            return str((max(copied, key=lambda e: e.ts).values or {}).get("mana_cost") or "")
    if obj.token_def is not None:
        return str(obj.token_def.get("mana_cost") or "")
    return _printed_cost(obj.name)


def copiable_mana_costs(g: "Context", ids: Any) -> list[str]:
    """copiable_mana_cost of each of these objects (devotion reads those of all of a player's
    permanents, CR 700.5): a card with no copy effect on it has its printed one, looked up by
    name without the calls; any other is read by copiable_mana_cost."""
    index = _copy_index(g)
    objects = g.st.objects
    out = []
    for oid in ids:
        obj = objects[oid]
        effs = index.get(oid)
        if obj.face_down or obj.token_def is not None or (effs and any(e.layer == Layer.COPY for e in effs)):
            out.append(copiable_mana_cost(g, oid))
        else:
            cost = _COSTS.get(obj.name)
            out.append(cost if cost is not None else _printed_cost(obj.name))
    return out


# the printed mana cost by card name (printed characteristics never change: printed.base_chars)
_COSTS: dict[str, str] = {}


def _printed_cost(name: str) -> str:
    cost = _COSTS.get(name)
    if cost is None:
        data = CARDS.printed(name)
        if data is None:
            return ""  # (an imported card the engine knows nothing about; not kept: it may be imported)
        cost = _COSTS[name] = data.mana_cost or ""
    return cost


def _copy_index(g: "Context") -> dict[int, list[ContinuousEffect]]:
    """The effects index for its copy effects (layer 1): while it is built those are the
    resolved spells' and abilities' only (no static ability makes one: effects_by_object
    raises), the same in every reading of the static abilities — so a static ability reading
    copiable values (devotion) reads nothing the build changes (second_reading.READING)."""
    index = g.memo.get("effects")
    return index if index is not None else effects_by_object(g)


def chars(g: "Context", oid: int) -> Chars:
    partial: dict[int, Chars] | None = g.memo.get("partial_chars")
    if partial is not None:  # (read while the effects index is being built: see there)
        read_other(g)  # (what the build made so far: second_reading.READING)
        got = partial.get(oid)
        if got is not None:
            return got
    obj = g.st.objects[oid]
    # (the index of this position when made: outside a build — partial is None — nothing reads
    # one being built, so effects_by_object would hand out this very dict)
    index = g.memo.get("effects") if partial is None else None
    if index is None:
        index = effects_by_object(g)
    sig = None
    if obj.zone == "battlefield" and partial is None:
        kept = g.chars_kept.get(oid)
        if kept is not None:  # the same inputs make the same characteristics (_inputs)
            sig = _inputs(g, obj, index.get(oid, ()))
            if kept[1] == sig:
                same: Chars = kept[2]
                g.chars_cache[oid] = same
                return same
        elif not (obj.face_down or obj.counters or obj.alt) and obj.token_def is None and oid not in index:
            # a card with its printed characteristics, nothing applying to it and nothing that
            # wants them changed (most permanents of a crowded board: the lands): the path below
            # without its calls (base_chars' cached entry for the name, _wants_chars' answer)
            printed_c = printed._PRINTED.get(obj.name)
            if printed_c is not None and obj.name not in SPLIT_NAMES:
                if printed_c.wants_effects is False:
                    g.chars_cache[oid] = printed_c
                    return printed_c
    c = base_chars(g, oid)
    if obj.zone == "battlefield" and (obj.counters or obj.alt or oid in index or _wants_chars(obj, c)):
        effs = index.get(oid, ())
        key: Any = oid
        if partial is not None:
            # while the index is being built the effects so far make them: a static ability read
            # at the same point of the build as before finds them the same (one entry per count
            # of effects so far; the list grows as the build goes on)
            key = ("partial", oid, len(effs))
            sig = _inputs(g, obj, effs, growing=True)
            kept = g.chars_kept.get(key)
            if kept is not None and kept[1] == sig:
                partial[oid] = kept[2]
                return kept[2]  # type: ignore[no-any-return]
        elif sig is None:
            sig = _inputs(g, obj, effs)
        copies = [e for e in effs if e.layer == Layer.COPY]
        if copies:  # layer 1: "becomes a copy of" (CR 613.1a, 707.1): the latest one
            c = copied_chars(max(copies, key=lambda e: e.ts).values or {})
        c = apply_effects(g, oid, c)
        if len(g.chars_kept) > 8 * len(g.st.battlefield) + 400:
            g.chars_kept.clear()  # (permanents that left)
        g.chars_kept[key] = (None, sig, c)
    elif obj.zone == "stack" and obj.kind == "card" and oid in index:
        # CR 613.1: a static ability may change a spell's characteristics too ("permanent
        # spells you control are enchantments", a Room door)
        c = apply_effects(g, oid, c)
    if obj.zone != "battlefield" and c.defn is not None and c.power is not None:
        c = _defining_pt(g, obj, c)
    if obj.zone != "battlefield" and "Creature" in c.types:
        extra = types_everywhere(g).get(obj.controller if obj.zone == "stack" else obj.owner)
        if extra:  # a chosen type everywhere: creature spells you control, creature cards you own
            c = replace(c, subtypes=c.subtypes + tuple(t for t in extra if t not in c.subtypes))
    if partial is None:
        # (while static abilities are being read, the index is partial: a creature whose
        # static ability counts permanents — Rampaging Soulrager's unlocked doors — is read
        # without its own effect then, and that must not be cached; found by the pool playouts)
        g.chars_cache[oid] = c
    else:
        partial[oid] = c
    return c


def _defining_pt(g: "Context", obj: Any, c: Chars) -> Chars:
    """CR 604.3: a characteristic-defining ability works in every zone — a card whose power and
    toughness are "each equal to" a count has them in the hand and the graveyard too (layer
    7a, CR 613.4a; Body of Knowledge's ruling: in your hand it counts itself)."""
    assert c.defn is not None
    for fn in c.defn.statics:
        if fn.cda_pt:
            for e in fn(g, obj):
                if isinstance(e, ContinuousEffect) and e.layer == Layer.PT_DEFINING and obj.id in e.ids:
                    c = replace(c, power=e.power, toughness=e.toughness)
    return c


def _wants_chars(obj: Any, c: Chars) -> bool:
    """hooks.wants_chars, which reads the printed characteristics only: known per Chars, kept
    with them (Chars.wants_effects), so the answer lives exactly as long as its object (a
    table by id kept up to 5,000 of them alive, tokens' made anew each time)."""
    got = c.wants_effects
    if got is None:
        got = c.wants_effects = hooks.wants_chars(obj, c)
    return got


def _inputs(g: "Context", obj: Any, effs: Any, growing: bool = False) -> tuple[Any, ...]:
    """Everything a permanent's characteristics are made of besides its printed ones: its own
    status and counters (a leveler's band, impending, blitz read only these: hooks.char_effects)
    and the effects that apply to it, by value. After a change of position the effects index is
    made again with new effect objects; a permanent whose inputs are equal to those it had keeps
    its characteristics (g.chars_kept) instead of applying every effect again — on a crowded
    board most permanents are untouched by any one action."""
    lists: dict[int, Any] | None = g.memo.get("effect_lists")
    if lists is None:
        lists = g.memo["effect_lists"] = {}
    got = None if growing else lists.get(id(effs))  # (permanents with the same effects share one list)
    if got is None or got[0] is not effs:
        keys: dict[int, Any] | None = g.memo.get("effect_keys")
        if keys is None:
            keys = g.memo["effect_keys"] = {}
        made = []
        for e in effs:
            k = keys.get(id(e))
            if k is None:  # the effect without the objects it applies to (a group's list grows)
                k = keys[id(e)] = (e, e.key)
            made.append(k[1])
        got = (effs, tuple(made), any(e.while_tapped for e in effs))
        if not growing:  # (a list of the index being built still grows: not remembered)
            lists[id(effs)] = got
    # (the printed characteristics come from the name, face, token values, zone and unlocked
    # doors: base_chars; a permanent keeps its id only while it stays on the battlefield; its
    # tapped status matters only to an effect that applies while it is tapped)
    return (obj.name, obj.token_def, obj.tapped if got[2] else None, tuple(obj.counters.items()), obj.alt,
            obj.timestamp, obj.face_down, tuple(obj.unlocked), obj.controller, got[1])


def with_type(g: "Context", p: int, type_: str, subtype: bool = False) -> list[int]:
    """The phased-in permanents p controls with this card type (or subtype), in battlefield
    order, once per position: static abilities and counts ("creatures you control", "Rooms
    you control", "lands you control") ask for them again and again. While the effects index
    is being built a layer 1 or 4 effect may still change types: then the lists are made
    again after each such effect (see effects_by_object). Callers never change a list."""
    if READING in g.memo:  # (lists made of the characteristics the build made so far)
        read_other(g)
    index: dict[tuple[int, str, bool], list[int]] | None = g.memo.get("type_index")
    if index is None:
        index = g.memo["type_index"] = {}
    key = (p, type_, subtype)
    got = index.get(key)
    if got is None:
        if READING in g.memo or g.memo.get("effects_partial"):  # (characteristics still changing)
            got = index[key] = _with_type(g, p, type_, subtype)
        else:
            # (made of p's permanents' characteristics alone: kept across positions while
            # those are the same, kept.from_permanents)
            kept: dict[tuple[str, bool], list[int]] = from_permanents(g, p, "with_type", dict)
            got = kept.get(key[1:])
            if got is None:
                got = kept[key[1:]] = _with_type(g, p, type_, subtype)
            index[key] = got
    return got


def with_type_stale(g: "Context", p: int) -> str | None:
    """For engine/cache_check.py: a list of p's permanents by type kept across positions
    (with_type) that is not the one made now, or None."""
    kept: dict[tuple[str, bool], list[int]] = from_permanents(g, p, "with_type", dict)
    for (type_, subtype), got in kept.items():
        made = _with_type(g, p, type_, subtype)
        if got != made:
            return f"permanents of player {p} with type {type_!r}: kept {got!r}, made {made!r}"
    return None


def _with_type(g: "Context", p: int, type_: str, subtype: bool) -> list[int]:
    if subtype:
        return [o for o in g.battlefield(p) if type_ in g.chars(o).subtypes]
    return [o for o in g.battlefield(p) if type_ in g.chars(o).types]


def types_now(g: "Context", oid: int) -> tuple[frozenset[str], tuple[str, ...]]:
    """An object's card types and subtypes now (CR 613, 400.1-2): the one reading for groups,
    counts, searches, costs and targets. Its current characteristics, in any zone (a type
    given to cards and spells reaches them there: `chars`). While static abilities are being
    read (the effects index is built), an effect of layer 5 or later applies to the objects
    with the types they have after layers 1-4 (CR 613.1a-d, 613.6): those of the index's first
    pass (effects_by_object), or before it the copy and type-changing effects of resolved
    spells and abilities and of the object's own keyword mechanics (impending)."""
    if not g.memo.get("effects_partial"):
        c = g.chars(oid)
        return c.types, c.subtypes
    read: dict[int, tuple[frozenset[str], tuple[str, ...]]] = g.memo.setdefault("types_read", {})
    got = read.get(oid)
    if got is None:
        got = read[oid] = types_l4(g, oid, g.memo.get("types_l4_index"))
    rec = g.memo.get(READING)
    if rec is not None:  # (what the static ability being read read: second_reading.READING)
        rec[0][oid] = got
    return got


def types_reader(g: "Context") -> Callable[[int], tuple[frozenset[str], tuple[str, ...]]]:
    """`types_now` for many objects in a row (a group static ability reads each permanent of a
    player, and there are as many such abilities as the board has): the position's reading
    looked up once, not for each object. For one read of the board, while nothing changes."""
    if not g.memo.get("effects_partial"):
        chars = g.chars

        def now(oid: int) -> tuple[frozenset[str], tuple[str, ...]]:
            c = chars(oid)
            return c.types, c.subtypes
        return now
    read: dict[int, tuple[frozenset[str], tuple[str, ...]]] = g.memo.setdefault("types_read", {})
    l4_index = g.memo.get("types_l4_index")
    rec = g.memo.get(READING)
    seen: dict[int, Any] = rec[0] if rec is not None else {}  # (second_reading.READING)

    def building(oid: int) -> tuple[frozenset[str], tuple[str, ...]]:
        got = read.get(oid)
        if got is None:
            got = read[oid] = types_l4(g, oid, l4_index)
        seen[oid] = got
        return got
    return building


# a row of group_table: a permanent, its card types and subtypes, whether it is a token, face down
Row = tuple[int, frozenset[str], tuple[str, ...], bool, bool]


def group_table(g: "Context", p: int) -> tuple[tuple[Row, ...], dict[int, Any]] | None:
    """While a static ability is read in the first reading of the effects index's build (types
    after layers 1-4 with the resolved spells' and abilities' effects, types_now): p's
    permanents in battlefield order with their types, token and face-down status — all a group
    of p's permanents reads ("creatures you control", engine/cards/vocab/groups.py Yours) —
    made once per build, and the same tuple object across builds while it is equal, so that
    what a group makes of it is kept while it is the same object (`group_kept`); and the types
    read, for the static ability being read (second_reading.READING: recorded by the caller). None
    outside that reading."""
    if READING not in g.memo or g.memo.get("types_l4_index") is not None:
        return None
    tables: dict[int, Any] = g.memo.setdefault(GROUP_TABLES, {})
    got = tables.get(p)
    if got is None:
        read: dict[int, tuple[frozenset[str], tuple[str, ...]]] = g.memo.setdefault("types_read", {})
        objects = g.st.objects
        ids = g.battlefield(p)
        read_types_l4(g, ids, read)
        table = tuple((oid, *read[oid], objects[oid].token, objects[oid].face_down) for oid in ids)
        key = (GROUP_TABLES, p)
        kept = g.chars_kept.get(key)
        if kept is not None and kept[0] == table:
            got = kept
        else:
            got = g.chars_kept[key] = (table, {r[0]: (r[1], r[2]) for r in table})
        tables[p] = got
    return got


def tap_statics(g: "Context", oid: int) -> bool | str:
    """Does a static ability on the battlefield depend on this permanent's tapped status?
    True: its effects may change anywhere; "self": only this permanent's characteristics
    change (an effect that applies to creatures while they are tapped)."""
    out: bool | str = False
    for src, fn in g.static_sources():
        reads = fn.reads_tapped
        if reads == "creatures":
            # "Other tapped creatures you control ...": only another creature of the
            # source's controller is affected (statics.py, OTHER_TAPPED_CREATURES)
            # (its current types, CR 613.1d: a land an effect made a creature is one, and gains
            # "other tapped creatures you control have hexproof" as it is tapped for mana)
            source = g.st.objects.get(src)
            if src != oid and (source is None or source.controller == g.st.objects[oid].controller) \
                    and "Creature" in g.types_now(oid)[0]:
                out = "self"
        elif reads:
            return True
    return out
