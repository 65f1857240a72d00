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
from typing import TYPE_CHECKING, Any

from engine.cards.behaviour import card_def, printed
from engine.rules import hooks
from engine.rules.mana import parse_cost

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context

SUPERTYPES = {"Basic", "Legendary", "Snow", "World"}
LAYER_ORDER = {"4": 0, "5": 1, "6": 2, "7a": 3, "7b": 4, "7c": 5, "7d": 6, "rules": 7}


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


def base_chars(g: "Context", oid: int) -> Chars:
    obj = g.st.objects[oid]
    if obj.face_down:  # CR 708.2a: a face-down permanent is a 2/2 with no name, text, types
        return Chars("", frozenset(), frozenset({"Creature"}), (), frozenset(), 0, 2, 2, None,
                     frozenset(), frozenset(), None)
    if obj.token_def is not None:
        t = obj.token_def
        sup, types, subs = split_type_line(t.get("type_line", ""))
        defn = card_def(t.get("def", t["name"]), token=True)
        return Chars(t["name"], sup, types, subs, frozenset(t.get("colors", [])), 0,
                     _num(t.get("power")), _num(t.get("toughness")), None,
                     frozenset(t.get("keywords", [])) | (defn.keywords if defn else frozenset()),
                     frozenset(), defn)
    cached = _PRINTED.get(obj.name)
    if cached is not None:
        return hooks.zone_chars(g, obj, cached) if obj.name in _SPLIT else cached
    data = printed(obj.name)
    defn = card_def(obj.name)
    if data is None:  # an imported card the engine knows nothing about: its name only
        return Chars(obj.name, frozenset(), frozenset(), (), frozenset(), 0, None, None, None,
                     frozenset(), frozenset(), None)
    sup, types, subs = split_type_line(data.type_line)
    c = Chars(data.name, sup, types, subs, frozenset(data.colors),
              parse_cost((data.mana_cost or "").split("//")[0]).mana_value,
              _num(data.power), _num(data.toughness), _num(data.loyalty),
              defn.keywords if defn else frozenset(), frozenset(), defn)
    _PRINTED[obj.name] = c  # printed characteristics never change: compute once per name
    if len(data.faces or ()) == 2:  # CR 709: a split card's characteristics depend on its zone
        _SPLIT.add(obj.name)
        return hooks.zone_chars(g, obj, c)
    return c


_PRINTED: dict[str, Chars] = {}
_SPLIT: set[str] = set()


def chars(g: "Context", oid: int) -> Chars:
    c = base_chars(g, oid)
    obj = g.st.objects[oid]
    if obj.zone == "battlefield" and (
            obj.counters or obj.alt or oid in _effects_by_object(g) or hooks.wants_chars(obj, c)):
        c = _apply_effects(g, oid, c)
    elif obj.zone == "stack" and obj.kind == "card" and oid in _effects_by_object(g):
        # CR 613.1: a static ability may change a spell's characteristics too ("permanent
        # spells you control are enchantments", Secret Arcade)
        c = _apply_effects(g, oid, c)
    g.chars_cache[oid] = c
    return c


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
            for src_id, fn in statics:
                for e in fn(g, g.st.objects[src_id]):
                    for oid in e["ids"]:
                        index.setdefault(oid, []).append(e)
            # characteristics asked for meanwhile lack the static effects not yet listed
            # (Ethereal Armor counting an enchantment creature with an Aura): not kept
            for oid in set(g.chars_cache) - cached:
                del g.chars_cache[oid]
        g.memo["effects"] = index
    return index


def _apply_effects(g: "Context", oid: int, c: Chars) -> Chars:
    obj = g.st.objects[oid]
    effs = list(_effects_by_object(g).get(oid, ()))
    power, tough = c.power, c.toughness
    # the keyword mechanics' effects: impending's "not a creature", a leveler's band (CR 710.2)
    effs += hooks.char_effects(g, obj)
    kws = set(c.keywords)
    flags: set[str] = set()
    types, subs = set(c.types), list(c.subtypes)
    colors = set(c.colors)
    defn = c.defn
    grants: list[Any] = []  # abilities granted in layer 6 ("Elves you control have ...")
    effs.sort(key=lambda e: (LAYER_ORDER[e["layer"]], e.get("ts", 0)))
    for e in effs:
        layer = e["layer"]
        if layer == "4":
            types |= set(e.get("add_types", []))
            types -= set(e.get("remove_types", []))
            subs += [s for s in e.get("add_subtypes", []) if s not in subs]
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

    from engine.cards.model import CardDef
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
