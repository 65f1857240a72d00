"""Characteristics and continuous effects in layers (CR 613, 611, 604, 708.2, 710).

`chars(g, oid)` computes an object's current characteristics: the printed ones (or a
face-down 2/2, CR 708.2a; or a token's, CR 111.4), then continuous effects applied in
layer order (CR 613.1) and, within a layer, timestamp order (CR 613.7):
layer 4 types, layer 5 colours, layer 6 abilities, layer 7a characteristic-defining P/T,
7b P/T set (a leveler's band: engine/cards/mechanics/level_up.py), 7c P/T
modifications and counters (CR 613.4c), 7d switching. Layers 1-3 (copy, control, text)
have no effects in the card pool yet: control is stored on the object (CR 108.4).
Results are cached until the state changes (g.touch()).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from engine.rules import hooks
from engine.rules.mana import parse_cost
from engine.rules.index import CARDS
from engine.rules.effects import RuleChange
from engine.rules.carddef import CardDef

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef
    from engine.rules.context import Context

SUPERTYPES = {"Basic", "Legendary", "Snow", "World"}
LAYER_ORDER = {"1": -2, "2": -1, "4": 0, "5": 1, "6": 2, "7a": 3, "7b": 4, "7c": 5, "7d": 6, "rules": 7}


@dataclass
class Chars:
    name: str
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: tuple[str, ...]
    colors: frozenset[str]
    mana_value: int
    power: int | None
    toughness: int | None
    loyalty: int | None
    keywords: frozenset[str]
    flags: frozenset[str]  # rules effects: cant_be_blocked, ...
    defn: "CardDef | None"  # abilities; None when it has none (face down, lost them)
    level: int = 0

    def is_(self, type_: str) -> bool:
        return type_ in self.types


def _num(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0 if v not in (None, "") else None  # '*' counts as 0 outside the stack (CR 208.2a)


def split_type_line(line: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    left, _, right = line.split("//")[0].partition("—")
    words = left.split()
    sup = frozenset(w for w in words if w in SUPERTYPES)
    types = frozenset(w for w in words if w not in SUPERTYPES)
    return sup, types, tuple(right.split())


def chars_of_values(t: dict[str, Any]) -> Chars:
    """Characteristics from copiable values written down (CR 707.2): a token's, as the effect
    that created it set them (CR 111.4), or a copy's (a copy of a card names the card: its
    abilities are the card's)."""
    sup, types, subs = split_type_line(t.get("type_line", ""))
    name = t.get("def", t["name"])
    if t.get("grants"):  # abilities a copy exception gives are copiable values too (CR 707.9a)
        name = "|+".join((name, *t["grants"]))
    defn = CARDS.card_def(name, token=True)
    return Chars(t["name"], sup, types, subs, frozenset(t.get("colors", [])),
                 parse_cost(str(t.get("mana_cost") or "").split("//")[0]).mana_value,  # CR 707.9d: X is 0
                 _num(t.get("power")), _num(t.get("toughness")), _num(t.get("loyalty")),
                 frozenset(t.get("keywords", [])) | (defn.keywords if defn else frozenset()),
                 frozenset(), defn)


def copiable_values(g: "Context", oid: int) -> dict[str, Any]:
    """The copiable values of a permanent (CR 707.2): a token's as set when it was created (or
    by the copy effect it is), a card's as printed, a copy effect's (layer 1) if one applies; a
    face-down permanent's are those of a nameless 2/2 creature (CR 708.2) — named "Face-down"
    here, as the engine needs a name to tell objects apart in action texts (a simplification)."""
    obj = g.st.objects[oid]
    if obj.face_down:
        return {"name": "Face-down", "type_line": "Creature", "colors": [], "power": "2", "toughness": "2",
                "text": "", "keywords": []}
    copied = [e for e in _effects_by_object(g).get(oid, ()) if e["layer"] == "1"] if obj.zone == "battlefield" else []
    if copied:  # a copy effect's copiable values, written down as it began ("values", CR 707.2)
        latest = max(copied, key=lambda e: e.get("ts", 0))
        return dict(latest["values"])
    if obj.token_def is not None:
        return dict(obj.token_def)
    data = CARDS.printed(obj.name)
    if data is None:
        return {"name": obj.name, "type_line": "", "colors": [], "text": "", "keywords": []}
    keywords, _ = CARDS.rules_lines(data)
    return {"name": data.name, "def": data.name, "type_line": data.type_line, "colors": list(data.colors),
            "mana_cost": data.mana_cost or "", "power": data.power, "toughness": data.toughness,
            "loyalty": data.loyalty, "text": data.text, "keywords": sorted(keywords)}


def base_chars(g: "Context", oid: int) -> Chars:
    obj = g.st.objects[oid]
    if obj.face_down:  # CR 708.2a: a face-down permanent is a 2/2 with no name, text, types
        return Chars("", frozenset(), frozenset({"Creature"}), (), frozenset(), 0, 2, 2, None,
                     frozenset(), frozenset(), None)
    if obj.token_def is not None:
        return CARDS.every_creature_type(chars_of_values(obj.token_def))  # changeling (CR 702.73a)
    cached = _PRINTED.get(obj.name)
    if cached is not None:
        return hooks.zone_chars(g, obj, cached) if obj.name in _SPLIT else cached
    data = CARDS.printed(obj.name)
    defn = CARDS.card_def(obj.name)
    if data is None:  # an imported card the engine knows nothing about: its name only
        return Chars(obj.name, frozenset(), frozenset(), (), frozenset(), 0, None, None, None,
                     frozenset(), frozenset(), None)
    sup, types, subs = split_type_line(data.type_line)
    c = Chars(data.name, sup, types, subs, frozenset(data.colors),
              parse_cost((data.mana_cost or "").split("//")[0]).mana_value,
              _num(data.power), _num(data.toughness), _num(data.loyalty),
              defn.keywords if defn else frozenset(), frozenset(), defn)
    c = CARDS.every_creature_type(c)  # changeling, a characteristic-defining ability: every zone (CR 702.73a, 604.3)
    _PRINTED[obj.name] = c  # printed characteristics never change: compute once per name
    if len(data.faces or ()) == 2 or (defn is not None and defn.elsewhere):  # CR 709: a split card's
        # characteristics depend on its zone (and a card that is a creature only off the battlefield)
        _SPLIT.add(obj.name)
        return hooks.zone_chars(g, obj, c)
    return c


_PRINTED: dict[str, Chars] = {}
_SPLIT: set[str] = set()


def copied_chars(e: dict[str, Any]) -> Chars:
    """The copiable values a layer-1 copy effect gives (CR 707.2), as the effect wrote them down
    ("values", with the copy effect's exceptions, CR 707.9b)."""
    return chars_of_values(e["values"])


def chars(g: "Context", oid: int) -> Chars:
    partial: dict[int, Chars] | None = g.memo.get("partial_chars")
    if partial is not None:  # (read while the effects index is being built: see there)
        got = partial.get(oid)
        if got is not None:
            return got
    obj = g.st.objects[oid]
    index = _effects_by_object(g)
    sig = None
    if obj.zone == "battlefield" and partial is None:
        kept = g.chars_kept.get(oid)
        if kept is not None:  # the same inputs make the same characteristics (_inputs)
            sig = _inputs(g, obj, index.get(oid, ()))
            if kept[1] == sig:
                same: Chars = kept[2]
                g.chars_cache[oid] = same
                return same
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
        copies = [e for e in effs if e["layer"] == "1"]
        if copies:  # layer 1: "becomes a copy of" (CR 613.1a, 707.1): the latest one
            c = copied_chars(max(copies, key=lambda e: e.get("ts", 0)))
        c = _apply_effects(g, oid, c)
        if len(g.chars_kept) > 8 * len(g.st.battlefield) + 400:
            g.chars_kept.clear()  # (permanents that left)
        g.chars_kept[key] = (None, sig, c)
    elif obj.zone == "stack" and obj.kind == "card" and oid in index:
        # CR 613.1: a static ability may change a spell's characteristics too ("permanent
        # spells you control are enchantments", Secret Arcade)
        c = _apply_effects(g, oid, c)
    if obj.zone != "battlefield" and "Creature" in c.types:
        extra = _types_everywhere(g).get(obj.controller if obj.zone == "stack" else obj.owner)
        if extra:  # a chosen type everywhere: creature spells you control, creature cards you own
            from dataclasses import replace
            c = replace(c, subtypes=c.subtypes + tuple(t for t in extra if t not in c.subtypes))
    if partial is None:
        # (while static abilities are being read, the index is partial: a creature whose
        # static ability counts permanents — Rampaging Soulrager's unlocked doors — is read
        # without its own effect then, and that must not be cached; found by the pool playouts)
        g.chars_cache[oid] = c
    else:
        partial[oid] = c
    return c


_WANTS: dict[int, tuple[Chars, bool]] = {}


def _wants_chars(obj: Any, c: Chars) -> bool:
    """hooks.wants_chars, which reads the printed characteristics only: known per Chars."""
    got = _WANTS.get(id(c))
    if got is None or got[0] is not c:
        if len(_WANTS) > 5000:
            _WANTS.clear()  # (tokens' characteristics are made anew each time)
        got = _WANTS[id(c)] = (c, hooks.wants_chars(obj, c))
    return got[1]


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
                k = keys[id(e)] = (e, tuple((n, v) for n, v in e.items() if n != "ids"))
            made.append(k[1])
        got = (effs, tuple(made), any(e.get("while_tapped") for e in effs))
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
    again after each such effect (see _effects_by_object). Callers never change a list."""
    index: dict[tuple[int, str, bool], list[int]] | None = g.memo.get("type_index")
    if index is None:
        index = g.memo["type_index"] = {}
    key = (p, type_, subtype)
    got = index.get(key)
    if got is None:
        if subtype:
            got = index[key] = [o for o in g.battlefield(p) if type_ in g.chars(o).subtypes]
        else:
            got = index[key] = [o for o in g.battlefield(p) if type_ in g.chars(o).types]
    return got


def perms_fp(g: "Context", p: int) -> tuple[list[int], list[Chars]]:
    """p's permanents and their characteristics, as lists to compare (once per position):
    unchanged characteristics are the same objects across positions (chars_kept)."""
    key = ("perms_fp", p)
    got: tuple[list[int], list[Chars]] | None = g.memo.get(key)
    if got is None:
        perms = g.perms(p)
        got = ([x[0] for x in perms], [x[2] for x in perms])
        if not g.memo.get("effects_partial"):  # (not while static abilities are being read)
            g.memo[key] = got
    return got


def from_permanents(g: "Context", p: int, name: str, make: Callable[[], Any]) -> Any:
    """A value made from nothing but the characteristics of p's permanents (the rule changes
    and cost reductions they give, whether one makes restricted mana), made once per position
    and kept across positions while those are the same (g.chars_kept)."""
    key = (name, p)
    got = g.memo.get(key)
    if got is not None:
        return got[0]
    if g.memo.get("effects_partial"):  # (characteristics still changing: made, not kept)
        return make()
    fp = perms_fp(g, p)
    kept = g.chars_kept.get(key)
    if kept is not None and kept[0][0] == fp[0] and kept[0][1] == fp[1]:
        value = kept[1]
    else:
        value = make()
        g.chars_kept[key] = (fp, value)
    g.memo[key] = (value,)
    return value


def _types_everywhere(g: "Context") -> dict[int, list[str]]:
    """The creature types each player's creature cards and spells have in every zone (the
    chosen type of a permanent with RuleChange.CHOSEN_TYPE_EVERYWHERE), found once per position."""
    got: dict[int, list[str]] | None = g.memo.get("types_everywhere")
    if got is None:
        got = {}
        for oid in g.st.battlefield:
            obj = g.st.objects[oid]
            chosen = obj.ctx.get("chosen_type")
            if chosen and not obj.phased_out:
                d = CARDS.card_def(obj.name)
                if d is not None and RuleChange.CHOSEN_TYPE_EVERYWHERE in d.player_rules:
                    got.setdefault(obj.controller, []).append(chosen)
        g.memo["types_everywhere"] = got
    return got


def types_now(g: "Context", oid: int) -> tuple[frozenset[str], tuple[str, ...]]:
    """An object's card types and subtypes now (CR 613, 400.1-2): the one reading for groups,
    counts, searches, costs and targets. Its current characteristics, in any zone (a type
    given to cards and spells reaches them there: `chars`). While static abilities are being
    read (the effects index is built), an effect of layer 5 or later applies to the objects
    with the types they have after layers 1-4 (CR 613.1a-d, 613.6): those of the index's first
    pass (_effects_by_object), or before it the copy and type-changing effects of resolved
    spells and abilities and of the object's own keyword mechanics (impending)."""
    if not g.memo.get("effects_partial"):
        c = g.chars(oid)
        return c.types, c.subtypes
    read: dict[int, tuple[frozenset[str], tuple[str, ...]]] = g.memo.setdefault("types_read", {})
    got = read.get(oid)
    if got is None:
        got = read[oid] = _types_l4(g, oid, g.memo.get("types_l4_index"))
    return got


def _types_l4(g: "Context", oid: int, index: dict[int, list[dict[str, Any]]] | None
              ) -> tuple[frozenset[str], tuple[str, ...]]:
    """Types after layers 1-4 with the effects of `index` (the first reading of the static
    abilities), or without one those of resolved spells and abilities only."""
    obj = g.st.objects[oid]
    if index is not None:
        effs = [e for e in index.get(oid, ()) if e["layer"] in ("1", "4")]
    else:  # (the effects of resolved spells and abilities by object: once per build, not per object)
        by_obj: dict[int, list[dict[str, Any]]] | None = g.memo.get("l4_resolved")
        if by_obj is None:
            by_obj = g.memo["l4_resolved"] = {}
            for e in g.st.effects:
                if e["layer"] in ("1", "4"):
                    for o in dict.fromkeys(e["ids"]):
                        by_obj.setdefault(o, []).append(e)
        effs = list(by_obj.get(oid, ()))
    if obj.zone != "battlefield":
        return _through_layer4(g, oid, effs)
    # Every build of the effects index reads these for each permanent a group asks about (a
    # crowded board: hundreds per build, and a spell's cost reads a build of its own,
    # costs.spell_types): a permanent with the same inputs as at the last reading keeps its
    # types. The inputs: its own status (base_chars; hooks.char_effects read only these, as
    # for _inputs) and the effects given, by value. Not kept: a copy (base_chars reads the
    # index being built) and a split card (its characteristics depend on how it is read).
    full = g.memo.get("effects")
    given = full.get(oid) if full is not None else None
    if obj.name in _SPLIT or (effs and any(e["layer"] == "1" for e in effs)) or (
            given and any(e["layer"] == "1" for e in given)):
        effs += [e for e in hooks.char_effects(g, obj) if e["layer"] in ("1", "4")]
        return _through_layer4(g, oid, effs)
    sig = (obj.name, obj.card, obj.token_def, obj.face_down, tuple(obj.unlocked), obj.alt,
           tuple(obj.counters.items()), obj.timestamp, obj.controller, obj.owner,
           tuple(tuple((n, v) for n, v in e.items() if n != "ids") for e in effs) if effs else ())
    key = ("types_l4", oid)
    kept = g.chars_kept.get(key)
    if kept is not None and kept[0] == sig:
        got: tuple[frozenset[str], tuple[str, ...]] = kept[1]
        return got
    effs += [e for e in hooks.char_effects(g, obj) if e["layer"] in ("1", "4")]
    got = _through_layer4(g, oid, effs)
    g.chars_kept[key] = (sig, got)
    return got


def _through_layer4(g: "Context", oid: int, effs: list[dict[str, Any]]) -> tuple[frozenset[str], tuple[str, ...]]:
    """Types and subtypes after the copy (layer 1) and type-changing (layer 4) effects given."""
    c = base_chars(g, oid)
    effs = sorted(effs, key=_apply_order)
    copies = [e for e in effs if e["layer"] == "1"]
    if copies:
        c = copied_chars(copies[-1])
    types, subs = set(c.types), list(c.subtypes)
    for e in effs:
        if e["layer"] == "4":
            types, subs = _layer4(e, types, subs)
    if g.st.objects[oid].zone != "battlefield" and "Creature" in types:
        extra = _types_everywhere(g).get(g.st.objects[oid].owner if g.st.objects[oid].zone != "stack"
                                         else g.st.objects[oid].controller)
        subs += [t for t in extra or () if t not in subs]
    return frozenset(types), tuple(subs)


def _layer4(e: dict[str, Any], types: set[str], subs: list[str]) -> tuple[set[str], list[str]]:
    """One type-changing effect applied (CR 613.1d)."""
    if "set_types" in e:  # "It's an enchantment." (CR 205.1a: the new types replace the old)
        types = set(e["set_types"])
    if "set_subtypes" in e:  # with the creature type go its creature types (CR 205.1b)
        subs = list(e["set_subtypes"])
    types |= set(e.get("add_types", []))
    types -= set(e.get("remove_types", []))
    if e.get("remove_subtypes") == "all":  # "It's an enchantment" (no creature types left)
        subs = []
    elif e.get("remove_subtypes"):  # "It's an enchantment." loses its creature types (CR 205.1b)
        subs = [s for s in subs if s not in e["remove_subtypes"]]
    subs += [s for s in e.get("add_subtypes", []) if s not in subs]
    return types, subs


def _effects_by_object(g: "Context") -> dict[int, list[dict[str, Any]]]:
    """Continuous effects indexed by affected object, rebuilt once per state change."""
    index: dict[int, list[dict[str, Any]]] | None = g.memo.get("effects")
    if index is None:
        index = {}
        for e in g.st.effects:
            for oid in e["ids"]:
                index.setdefault(oid, []).append(e)
        statics = g.static_sources()
        if statics:
            g.memo["effects"] = index  # static abilities may ask for characteristics: no loops
            cached = set(g.chars_cache)
            g.memo["effects_partial"] = True
            # What the static abilities read meanwhile is kept for the build only, each object's
            # until the index changes for it: a static ability asking for every creature ("creatures
            # you control get ...") would otherwise make each of them again — statics x permanents
            partial: dict[int, Chars] = {}
            g.memo["partial_chars"] = partial
            made: list[tuple[int, dict[str, Any]]] = []
            g.memo.pop("type_index", None)
            base_index = {oid: list(effs) for oid, effs in index.items()}
            try:
                for pass_ in (1, 2):
                    for src_id, fn in statics:
                        for e in fn(g, g.st.objects[src_id]):
                            made.append((src_id, e))
                            for oid in e["ids"]:
                                index.setdefault(oid, []).append(e)
                                partial.pop(oid, None)
                            if e["layer"] in ("1", "4"):  # types may change: with_type looks again
                                g.memo.pop("type_index", None)
                    if pass_ == 2 or not any(e["layer"] in ("1", "4") for _, e in made):
                        break
                    # CR 613.6, 613.8: a static ability of a type-changing kind (a type
                    # given to a group, "permanent spells are enchantments") changes which objects a group of a later
                    # layer applies to ("Insects you control get +1/+1"): if an object's types
                    # read in this first reading differ from those after layers 1-4 of it, the
                    # statics are read again with the types this reading gave
                    read = g.memo.get("types_read", {})
                    if all(_types_l4(g, oid, index) == got for oid, got in read.items()):
                        break
                    g.memo["types_l4_index"] = index
                    g.memo.pop("types_read", None)
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
                g.memo.pop("l4_resolved", None)
            # characteristics asked for meanwhile lack the static effects not yet listed
            # (an Aura counting the enchantments its creature has): not kept
            for oid in set(g.chars_cache) - cached:
                del g.chars_cache[oid]
            # CR 613.1f, 613.5: an object that loses all its abilities in layer 6 has no static
            # ability left to apply in layer 6 or later (an ability-losing Aura on a creature with a door-counting ability)
            lost = {oid for oid, effs in index.items() if any(e["layer"] == "6" and e.get("remove_all") for e in effs)}
            gone = {id(e) for src_id, e in made if src_id in lost and e["layer"] not in ("1", "2", "4", "5")}
            everything = list(g.st.effects) + [e for _, e in made if id(e) not in gone]
        else:
            everything = list(g.st.effects)
        # in the order they apply (CR 613), sorted once for all objects: a stable sort keeps the
        # order they were listed in among equal keys, as sorting each object's list would
        index = {}
        for e in sorted((e for e in everything if e["ids"]), key=_apply_order):
            for oid in e["ids"]:
                index.setdefault(oid, []).append(e)
        shared: dict[tuple[int, ...], list[dict[str, Any]]] = {}
        for oid, effs in index.items():  # one list for the permanents with the same effects (_inputs)
            index[oid] = shared.setdefault(tuple(map(id, effs)), effs)
        g.memo["effects"] = index
    return index


def _apply_order(e: dict[str, Any]) -> tuple[int, int]:
    return LAYER_ORDER[e["layer"]], e.get("ts", 0)


def _apply_effects(g: "Context", oid: int, c: Chars) -> Chars:
    obj = g.st.objects[oid]
    effs = [e for e in _effects_by_object(g).get(oid, ()) if obj.tapped or not e.get("while_tapped")]
    power, tough = c.power, c.toughness
    # the keyword mechanics' effects: impending's "not a creature", a leveler's band (CR 710.2)
    extra = hooks.char_effects(g, obj)
    if extra and any(e.get("remove_all") for e in effs):
        # CR 613.1f, 613.5: a permanent that loses all its abilities (layer 6) has none of its
        # own static abilities left to apply in layer 6 or later — a leveler's band's P/T and
        # keywords (its level symbols, CR 710.2) are gone with them
        extra = [e for e in extra if not (e.get("own") and e["layer"] not in ("1", "2", "3", "4", "5"))]
    if extra or g.memo.get("effects_partial"):  # (the finished index's lists are in order already)
        effs += extra
        effs.sort(key=_apply_order)
    kws = set(c.keywords)
    flags: set[str] = set()
    types, subs = set(c.types), list(c.subtypes)
    colors = set(c.colors)
    defn = c.defn
    grants: list[Any] = []  # abilities granted in layer 6 ("Elves you control have ...")
    copies = [e for e in effs if e["layer"] == "1"]
    if copies:  # CR 613.2, 707.2: a copy effect sets the copiable values first (the latest wins)
        c = copied_chars(copies[-1])
        power, tough, kws, types, subs, colors, defn = (c.power, c.toughness, set(c.keywords), set(c.types),
                                                        list(c.subtypes), set(c.colors), c.defn)
    for e in effs:
        layer = e["layer"]
        if layer in ("1", "2"):  # copy effects make the base (chars); control is on the object (control_pass)
            continue
        if layer == "4":
            types, subs = _layer4(e, types, subs)
        elif layer == "5":  # colour-changing effects (CR 613.1e)
            colors = set(e["set_colors"]) if "set_colors" in e else colors
            colors |= set(e.get("add_colors", []))
        elif layer == "6":
            if e.get("remove_all"):
                kws.clear()
                defn = None
                grants.clear()
            grants += e.get("add_abilities", [])
            kws |= set(e.get("add_kw", []))
            kws -= set(e.get("remove_kw", []))
            if e.get("gain_activated") and defn is not None:  # "has all activated abilities of ..." (CR 613.1f)
                defn = CARDS.with_activated(defn, tuple(e["gain_activated"]))
        elif layer in ("7a", "7b"):
            power, tough = e.get("power", power), e.get("toughness", tough)
        elif layer == "7c" and power is not None and tough is not None:
            power += e.get("power", 0)
            tough += e.get("toughness", 0)
        elif layer == "7d" and power is not None:
            power, tough = tough, power
        elif layer == "rules":
            flags |= set(e.get("flags", []))
    # CR 613.4c: +1/+1 and -1/-1 counters apply in layer 7c
    if power is not None and tough is not None:
        plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
        power += plus
        tough += plus
    if grants or (defn is not None and defn.gated_mana()):
        defn = _with_abilities(g, obj, c.name, defn, grants)
    kws |= {k.split(":", 1)[1] for k in obj.counters if k.startswith("kw:")}
    kws |= {k for k in obj.counters if k in _COUNTER_KEYWORDS}  # CR 122.1b keyword counters
    return Chars(c.name, c.supertypes, frozenset(types), tuple(subs), frozenset(colors), c.mana_value, power,
                 tough, c.loyalty, frozenset(kws), frozenset(flags), defn,
                 obj.counters.get("level", 0))


_VARIANTS: dict[tuple[Any, ...], "CardDef"] = {}


def _with_abilities(g: "Context", obj: Any, name: str, defn: "CardDef | None", grants: list[Any]) -> "CardDef":
    """Its abilities now: the mana abilities it has at the moment (a leveler's band mana
    ability only in that band, CR 710.2) and those granted by effects (layer 6, CR 613.1f).
    Activated abilities keep their places, so "ability N" and the stack's index agree."""
    from dataclasses import replace

    base = defn if defn is not None else CardDef(name)
    mana = tuple(a for a in base.mana_abilities() if a.active is None or a.active(g, obj)) + tuple(
        a for a in grants if a.mana)
    key = (id(base), tuple(id(a) for a in mana), tuple(id(a) for a in grants if not a.mana))
    got = _VARIANTS.get(key)
    if got is None:
        got = _VARIANTS[key] = replace(base, activated=[*base.nonmana_abilities(), *mana,
                                                         *(a for a in grants if not a.mana)])
    return got


_COUNTER_KEYWORDS = {"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                     "indestructible", "lifelink", "menace", "reach", "trample", "vigilance"}


def control_pass(g: "Context") -> bool:
    """Layer 2 (CR 613.1b): control-changing effects ("You control enchanted creature."),
    the latest timestamp winning (CR 613.7). Control is stored on the object; a permanent
    whose control-changing effects have ended returns to the controller it had before them.
    A permanent that changes controller is removed from combat (CR 506.4) and is "summoning
    sick" again (CR 302.6). Run with the state-based actions; True if anything changed."""
    changed = False
    # most positions have no control-changing effect at all: then nothing to do, and no need to
    # read every static ability for the index (the SBA check runs after every action)
    if not (any(getattr(fn, "controls", False) for _, fn in g.static_sources())
            or any(e["layer"] == "2" for e in g.st.effects)
            or any("controlled_from" in g.st.objects[o].ctx for o in g.st.battlefield)):
        return False
    index = _effects_by_object(g)
    for oid in list(g.st.battlefield):
        obj = g.st.objects.get(oid)
        if obj is None:
            continue
        effs = []
        for e in index.get(oid, ()):  # (sorted by layer: copy effects, then control-changing ones)
            if e["layer"] == "2":
                effs.append(e)
            elif e["layer"] != "1":
                break
        if not effs and "controlled_from" not in obj.ctx:
            continue  # (no control-changing effect on it, now or before)
        want = max(effs, key=lambda e: e.get("ts", 0))["controller"] if effs else obj.ctx.get("controlled_from")
        if want is None or want == obj.controller:
            if not effs and "controlled_from" in obj.ctx:
                g.update(oid, ctx={k: v for k, v in obj.ctx.items() if k != "controlled_from"})
            continue
        ctx = dict(obj.ctx)
        if effs:
            ctx.setdefault("controlled_from", obj.controller)
        else:
            ctx.pop("controlled_from", None)
        g.update(oid, controller=want, ctx=ctx, sick=True, attacking=None, blocking=[], blocked=False)
        g.event("control", card=obj.name if not obj.face_down else "", player=g.pname(want))
        changed = True
    return changed


def tap_statics(g: "Context", oid: int) -> bool | str:
    """Does a static ability on the battlefield depend on this permanent's tapped status?
    True: its effects may change anywhere; "self": only this permanent's characteristics
    change (an effect that applies to creatures while they are tapped)."""
    out: bool | str = False
    for src, fn in g.static_sources():
        reads = getattr(fn, "reads_tapped", False)
        if reads == "creatures":
            # "Other tapped creatures you control ...": only another creature of the
            # source's controller is affected (statics.py, OTHER_TAPPED_CREATURES)
            source = g.st.objects.get(src)
            if src != oid and (source is None or source.controller == g.st.objects[oid].controller) \
                    and "Creature" in g.printed_types(oid):
                out = "self"
        elif reads:
            return True
    return out
