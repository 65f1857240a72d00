"""Continuous effects in layers (CR 613, 611, 604): the effects index (every continuous
effect by the object it applies to: those of resolved spells and abilities and those the
static abilities make now), in layer order (CR 613.1) and, within a layer, in dependency
(613.8) and timestamp order (613.7), and the types after layers 1-4 the static abilities read
while the index is built. Applying an object's effects to its characteristics, layer by layer
(1 copy, 4 types, 5 colours, 6 abilities, 7a-7d P/T), is engine/rules/apply_layers.py; layer 2
(control) is applied to the object by engine/rules/control.py; layer 3 has no effects in the pool.

Each effect is an engine/rules/effects.py `ContinuousEffect` (layer and sublayer, timestamp,
source, what it reads and writes): static abilities contribute them as objects, resolved
effects are converted from the state's descriptions once (`ContinuousEffect.of_state`).
Dependency (613.8): an effect depends on another of its layer when applying that one would
change what it reads (613.8a, `ContinuousEffect.depends_on`) and is applied after it (613.8b,
`in_dependency_order`). A group of layer 4 chosen by card types (an `AppliesTo`: "creatures you
control are the chosen type") is read as the layer applies it, after the type-changing effects
it depends on (613.8a(b): "what it applies to"); its later-layer parts apply to the objects its
layer 4 part applied to (613.6). A static ability whose effects read others' abilities (its
`depends`) is read after the others, so that it sees what they made; and the static
abilities are read a second time when the static type-changing effects (layers 1 and 4)
changed the types of objects (a group of a later layer — "Insects you control get +1/+1" —
covers the objects with their types after layer 4, CR 613.1, 613.6: engine/rules/second_reading.py);
keyword counters are layer 6 effects of their own (engine/rules/keyword_counters.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import hooks, printed
from engine.rules.index import CARDS
from engine.rules.effects import CANT_HAVE_TS, LAYER_ORDER, ContinuousEffect, Layer, in_dependency_order
from engine.rules.rule_changes import RuleChange
from engine.rules.printed import SPLIT_NAMES, Chars, base_chars, copied_chars
from engine.rules.second_reading import (GROUP_TABLES, NO_REUSE, READING, TYPE_LAYERS, Index, read_again,
                                         read_other, same_reading)

if TYPE_CHECKING:
    from engine.rules.context import Context

__all__ = ["LAYER_ORDER", "apply_order", "apply_type_change", "effects_by_object",
           "own_effects", "resolved_effects", "through_layer4", "types_everywhere", "types_l4"]


def resolved_effects(g: "Context") -> list[ContinuousEffect]:
    """The continuous effects of resolved spells and abilities (CR 611.2), as objects: the
    state keeps each one's description (GameState.effects); each is made into an object once
    and kept while the state holds that description."""
    kept: dict[int, tuple[dict[str, Any], ContinuousEffect]] | None = g.chars_kept.get("resolved_effects")
    if kept is None:
        kept = g.chars_kept["resolved_effects"] = {}
    out = []
    for d in g.st.effects:
        got = kept.get(id(d))
        if got is None or got[0] is not d:
            if len(kept) > 4 * len(g.st.effects) + 64:
                kept.clear()  # (descriptions of effects that ended)
            got = kept[id(d)] = (d, ContinuousEffect.of_state(d))
        out.append(got[1])
    return out


def own_effects(g: "Context", obj: Any) -> list[ContinuousEffect]:
    """The continuous effects of a permanent's own keyword mechanics (impending, a leveler's
    band, blitz: engine/rules/hooks.py char_effects), applying to it alone."""
    return hooks.char_effects(g, obj)


def types_everywhere(g: "Context") -> dict[int, list[str]]:
    """The creature types each player's creature cards and spells have in every zone (the
    chosen type of a permanent with RuleChange.CHOSEN_TYPE_EVERYWHERE), found once per position."""
    got: dict[int, list[str]] | None = g.memo.get("types_everywhere")
    if got is None:
        got = {}
        objects = g.st.objects
        for oid in _everywhere_cards(g):
            obj = objects[oid]
            chosen = obj.ctx.get("chosen_type")
            if chosen and not obj.phased_out:
                got.setdefault(obj.controller, []).append(chosen)
        g.memo["types_everywhere"] = got
    return got


def _everywhere_cards(g: "Context") -> list[int]:
    """The permanents whose card has RuleChange.CHOSEN_TYPE_EVERYWHERE (printed: read by name),
    in battlefield order — kept across positions while the battlefield holds the same objects
    with the same names (g.face_gen counts renamings; an object keeps its id only while it
    stays on the battlefield, and names_kept is emptied when the state is replaced)."""
    bf = tuple(g.st.battlefield)
    was = g.names_kept.get("everywhere_cards")
    if was is not None and was[0] == bf and was[1] == g.face_gen:
        got: list[int] = was[2]
        return got
    objects = g.st.objects
    by_name: dict[str, bool] = {}
    got = []
    for oid in bf:
        name = objects[oid].name
        has = by_name.get(name)
        if has is None:
            d = CARDS.card_def(name)
            has = by_name[name] = d is not None and RuleChange.CHOSEN_TYPE_EVERYWHERE in d.player_rules
        if has:
            got.append(oid)
    g.names_kept["everywhere_cards"] = (bf, g.face_gen, got)
    return got


def read_types_l4(g: "Context", ids: Any, read: dict[int, Any]) -> None:
    """types_l4(g, oid, None) of each of these permanents not in `read` yet, into it (a group
    table reads a player's every permanent in each build): a plain card — the fast path of
    types_l4, its conditions the same — without the call."""
    by_obj = _l4_resolved(g)
    objects = g.st.objects
    plains = printed._PRINTED
    for oid in ids:
        if oid in read:
            continue
        obj = objects[oid]
        if not (obj.face_down or obj.counters or obj.alt) and obj.token_def is None and oid not in by_obj:
            plain = plains.get(obj.name)
            if plain is not None and plain.wants_effects is False and obj.name not in SPLIT_NAMES \
                    and obj.zone == "battlefield":
                read[oid] = (plain.types, plain.subtypes)
                continue
        read[oid] = types_l4(g, oid, None)


def _l4_resolved(g: "Context") -> Index:
    """The copy and type-changing effects of resolved spells and abilities by object (each
    once), made once per build."""
    by_obj: Index | None = g.memo.get("l4_resolved")
    if by_obj is None:
        by_obj = g.memo["l4_resolved"] = {}
        for e in resolved_effects(g):
            if e.layer in TYPE_LAYERS:
                for o in dict.fromkeys(e.ids):
                    by_obj.setdefault(o, []).append(e)
    return by_obj


def types_l4(g: "Context", oid: int, index: Index | None) -> tuple[frozenset[str], tuple[str, ...]]:
    """Types after layers 1-4 with the effects of `index` (the first reading of the static
    abilities), or without one those of resolved spells and abilities only."""
    obj = g.st.objects[oid]
    if index is not None:
        effs = [e for e in index.get(oid, ()) if e.layer in TYPE_LAYERS]
    else:  # (the effects of resolved spells and abilities by object: once per build, not per object)
        effs = list(_l4_resolved(g).get(oid, ()))
    if not effs and not obj.face_down and obj.token_def is None and obj.name not in SPLIT_NAMES:
        # a card with no copy or type-changing effect on it (most objects of a crowded board):
        # its printed types — through_layer4 without sorting nothing, and on the battlefield
        # without the signature below, as characteristics.chars reads such a permanent (no
        # keyword mechanic gives it an effect without counters or a cost paid, hooks.char_effects;
        # a leveler wants its characteristics made, Chars.wants_effects)
        plain = printed._PRINTED.get(obj.name)  # (made by base_chars: the card's, by name)
        if plain is not None:
            if obj.zone != "battlefield":
                if "Creature" not in plain.types:  # (else a chosen type everywhere may add one)
                    return plain.types, plain.subtypes
            elif not (obj.counters or obj.alt):
                wants = plain.wants_effects
                if wants is None:
                    wants = plain.wants_effects = hooks.wants_chars(obj, plain)
                if not wants:
                    return plain.types, plain.subtypes
    if obj.zone != "battlefield":
        return through_layer4(g, oid, effs)
    # Every build of the effects index reads these for each permanent a group asks about (a
    # crowded board: hundreds per build, and a spell's cost reads a build of its own,
    # costs.spell_types): a permanent with the same inputs as at the last reading keeps its
    # types. The inputs: its own status (base_chars; hooks.char_effects read only these, as
    # for _inputs) and the effects given, by value. Not kept: a copy (base_chars reads the
    # index being built) and a split card (its characteristics depend on how it is read).
    full = g.memo.get("effects")
    given = full.get(oid) if full is not None else None
    if obj.name in SPLIT_NAMES or (effs and any(e.layer == Layer.COPY for e in effs)) or (
            given and any(e.layer == Layer.COPY for e in given)):
        effs += [e for e in own_effects(g, obj) if e.layer in TYPE_LAYERS]
        return through_layer4(g, oid, effs)
    sig = (obj.name, obj.card, obj.token_def, obj.face_down, tuple(obj.unlocked), obj.alt,
           tuple(obj.counters.items()), obj.timestamp, obj.controller, obj.owner,
           tuple(e.key for e in effs) if effs else ())
    key = ("types_l4", oid)
    kept = g.chars_kept.get(key)
    if kept is not None and kept[0] == sig:
        got: tuple[frozenset[str], tuple[str, ...]] = kept[1]
        return got
    effs += [e for e in own_effects(g, obj) if e.layer in TYPE_LAYERS]
    got = through_layer4(g, oid, effs)
    g.chars_kept[key] = (sig, got)
    return got


def through_layer4(g: "Context", oid: int, effs: list[ContinuousEffect]) -> tuple[frozenset[str], tuple[str, ...]]:
    """Types and subtypes after the copy (layer 1) and type-changing (layer 4) effects given."""
    c = base_chars(g, oid)
    effs = sorted(effs, key=apply_order)
    if any(e.reads for e in effs):
        effs = in_dependency_order(effs)  # (CR 613.8b)
    copies = [e for e in effs if e.layer == Layer.COPY]
    if copies:
        c = copied_chars(copies[-1].values or {})
    types, subs = set(c.types), list(c.subtypes)
    for e in effs:
        if e.layer == Layer.TYPE and (e.applies is None or e.applies.holds(types)):
            types, subs = apply_type_change(e, types, subs)
    if g.st.objects[oid].zone != "battlefield" and "Creature" in types:
        extra = types_everywhere(g).get(g.st.objects[oid].owner if g.st.objects[oid].zone != "stack"
                                         else g.st.objects[oid].controller)
        subs += [t for t in extra or () if t not in subs]
    return frozenset(types), tuple(subs)


def apply_type_change(e: ContinuousEffect, types: set[str], subs: list[str]) -> tuple[set[str], list[str]]:
    """One type-changing effect applied (CR 613.1d)."""
    if e.set_types is not None:  # "It's an enchantment." (CR 205.1a: the new types replace the old)
        types = set(e.set_types)
    if e.set_subtypes is not None:  # with the creature type go its creature types (CR 205.1b)
        subs = list(e.set_subtypes)
    if e.add_types:
        types |= set(e.add_types)
    if e.remove_types:
        types -= set(e.remove_types)
    if e.remove_subtypes == "all":  # "It's an enchantment" (no creature types left)
        subs = []
    elif e.remove_subtypes:  # "It's an enchantment." loses its creature types (CR 205.1b)
        subs = [s for s in subs if s not in e.remove_subtypes]
    if e.add_subtypes:
        subs += [s for s in e.add_subtypes if s not in subs]
    if e.remove_types and "Creature" in e.remove_types and not types & {"Creature", "Kindred"} and subs:
        # CR 205.3d: an object has only subtypes of its types — a God that "isn't a creature"
        # loses its creature type God too (the Theros Gods' ruling) and stays an enchantment
        known = set(CARDS.creature_types())
        subs = [s for s in subs if s not in known]
    return types, subs


def effects_by_object(g: "Context") -> Index:
    """Continuous effects indexed by affected object, rebuilt once per state change."""
    index: Index | None = g.memo.get("effects")
    if index is not None:
        if READING in g.memo:  # (a static ability reads the index being built)
            read_other(g)
        return index
    if index is None:
        index = {}
        resolved = resolved_effects(g)
        for e in resolved:
            for oid in e.ids:
                index.setdefault(oid, []).append(e)
        statics = g.static_sources()
        if statics and any(fn.depends for _, fn in statics):
            # CR 613.8b: an effect that depends on others is applied after them: its static
            # ability is read after the rest, with their effects already in the index
            statics = sorted(statics, key=lambda s: s[1].depends is not None)
        if statics:
            g.memo["effects"] = index  # static abilities may ask for characteristics: no loops
            cached = set(g.chars_cache)
            g.memo["effects_partial"] = True
            # What the static abilities read meanwhile is kept for the build only, each object's
            # until the index changes for it: a static ability asking for every creature ("creatures
            # you control get ...") would otherwise make each of them again — statics x permanents
            partial: dict[int, Chars] = {}
            g.memo["partial_chars"] = partial
            made: list[tuple[int, ContinuousEffect]] = []
            g.memo.pop("type_index", None)
            base_index = {oid: list(effs) for oid, effs in index.items()}
            # each static ability's first reading: what it made, the types it read and whether it
            # read anything else the build changes (see _reading)
            first: list[tuple[Any, dict[int, Any], bool]] | None = None
            reuse = not g.memo.get(NO_REUSE)
            try:
                for pass_ in (1, 2):
                    readings: list[tuple[Any, dict[int, Any], bool]] = []
                    for i, (src_id, fn) in enumerate(statics):
                        if first is not None and reuse and same_reading(g, first[i], types_l4):
                            got = first[i]
                        else:
                            rec: list[Any] = [{}, False]
                            g.memo[READING] = rec
                            try:
                                got = (fn(g, g.st.objects[src_id]), rec[0], rec[1])
                            finally:
                                del g.memo[READING]
                        readings.append(got)
                        for made_now in got[0]:
                            if not isinstance(made_now, ContinuousEffect) or not made_now.ids:
                                continue  # (an effect on players, read by its own rule: hand_size.py)
                            e = made_now
                            if e.layer == Layer.COPY:
                                # (the build reads copy effects as those of resolved spells and
                                # abilities only: copiable values, devotion, same_reading)
                                raise ValueError(f"a static ability made a copy effect (CR 707): {e!r}")
                            made.append((src_id, e))
                            for oid in e.ids:
                                index.setdefault(oid, []).append(e)
                                partial.pop(oid, None)
                            if e.layer in TYPE_LAYERS:  # types may change: with_type looks again
                                g.memo.pop("type_index", None)
                    if pass_ == 2 or not any(e.layer in TYPE_LAYERS for _, e in made):
                        break
                    # CR 613.6, 613.8: a static ability of a type-changing kind (a type
                    # given to a group, "permanent spells are enchantments") changes which objects a group of a later
                    # layer applies to ("Insects you control get +1/+1"): if an object's types
                    # read in this first reading differ from those after layers 1-4 of it, the
                    # statics are read again with the types this reading gave
                    read = g.memo.get("types_read", {})
                    changed = {o for _, e in made if e.layer in TYPE_LAYERS for o in e.ids}
                    again = read_again(g, index, read, changed, resolved, types_l4)
                    if again == read and not any(
                            types_l4(g, oid, index) != types_l4(g, oid, None) for oid in changed):
                        # (the second: a static ability that read characteristics, not types_now,
                        # of an object whose types a type-changing static ability changes)
                        break
                    g.memo["types_l4_index"] = index
                    # (the second reading's types of the objects read: those just made, with
                    # the same index — types_l4 reads nothing else the build changes)
                    g.memo["types_read"] = again
                    g.memo.pop(GROUP_TABLES, None)  # (made of the first reading's types)
                    first = readings
                    index = {oid: list(effs) for oid, effs in base_index.items()}
                    made.clear()
                    partial.clear()
                    g.memo.pop("type_index", None)
            finally:
                g.memo.pop("effects_partial", None)
                g.memo.pop("partial_chars", None)
                g.memo.pop("type_index", None)
                g.memo.pop("types_l4_index", None)
                g.memo.pop("types_read", None)
                g.memo.pop(GROUP_TABLES, None)
                g.memo.pop("l4_resolved", None)
            # characteristics asked for meanwhile lack the static effects not yet listed
            # (an Aura counting the enchantments its creature has): not kept
            for oid in set(g.chars_cache) - cached:
                del g.chars_cache[oid]
            # CR 613.1f, 613.5: an object that loses all its abilities in layer 6 has no static
            # ability left to apply in layer 6 or later (an ability-losing Aura on a creature with a door-counting ability),
            # nor one that changes a rule for an object rather than a characteristic ("This creature
            # can't block", "can't be blocked by [subtype]" on a creature an Aura takes all abilities from)
            # (the objects of the index with such an effect: those it applies to)
            lost = {oid for e in (*resolved, *(e for _, e in made)) if e.layer == Layer.ABILITY and e.remove_all
                    for oid in e.ids}
            gone = {id(e) for src_id, e in made if src_id in lost and (e.number >= 6 or e.layer == Layer.RULES)}
            everything = resolved + [e for _, e in made if id(e) not in gone]
        else:
            everything = resolved
        # in the order they apply (CR 613), sorted once for all objects: a stable sort keeps the
        # order they were listed in among equal keys, as sorting each object's list would
        index = {}
        for e in sorted((e for e in everything if e.ids), key=apply_order):
            for oid in e.ids:
                index.setdefault(oid, []).append(e)
        ordered = any(e.reads for e in everything)  # (CR 613.8b: dependent effects after the others)
        shared: dict[tuple[int, ...], list[ContinuousEffect]] = {}
        for oid, effs in index.items():  # one list for the permanents with the same effects (_inputs)
            if ordered:
                effs = in_dependency_order(effs)
            index[oid] = shared.setdefault(tuple(map(id, effs)), effs)
        g.memo["effects"] = index
    return index


def cant_gain(g: "Context", oid: int) -> frozenset[str]:
    """The keyword abilities this object can't have or gain now (a static "creatures your
    opponents control lose flying and can't have or gain flying", applied last in layer 6)."""
    obj = g.st.objects[oid]
    return frozenset(kw for e in effects_by_object(g).get(oid, ())
                     if e.ts == CANT_HAVE_TS and e.remove_kw and (obj.tapped or not e.while_tapped)
                     for kw in e.remove_kw)


def apply_order(e: ContinuousEffect) -> tuple[int, int]:
    """Layer and sublayer first (CR 613.1, 613.4), then timestamp (613.7)."""
    return e.order, e.ts
