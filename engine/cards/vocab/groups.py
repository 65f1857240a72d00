"""Groups of permanents a static ability affects ("creatures you control", "Zombies you
control") and what it grants them (layers 6, 7).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated
from engine.cards.mechanics import mana_lines
from engine.rules.characteristics import group_table, types_reader
from engine.rules.second_reading import READING
from engine.rules.effects import AppliesTo, ContinuousEffect, Layer

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Yours:
    """The permanents of a card type (and subtype) the source's controller controls;
    `other`: not the source itself ("other ... you control"); `all_types`: with all these card
    types, not one of them ("Other enchantment creatures you control"); no `types`: permanents
    of any type."""
    types: tuple[str, ...] = ("Creature",)
    subtype: str = ""
    other: bool = True
    all_types: bool = False
    opponents: bool = False  # "Creatures your opponents control": theirs instead of yours
    nontoken: bool = False  # "Nontoken creatures you control"
    face_up: bool = False  # "face-up ... creatures you control"
    not_types: tuple[str, ...] = ()  # "nonland permanents": none of these card types
    commander: bool = False  # "your commander": the card itself, never a token or copy (CR 903.3)

    def __call__(self, g: "Context", me: "Obj") -> list[int]:
        # current types (CR 613.6: those after layers 1-4, characteristics.types_now)
        players = g.opponents(me.controller) if self.opponents else [me.controller]
        if not self.commander:
            tables = [group_table(g, q) for q in players]
            if tables and tables[0] is not None:  # (the effects index's first reading of the statics)
                return self._of_tables(g, me, tables)
        each = all if self.all_types else any
        out = []
        ids = [o for q in players for o in g.battlefield(q)]
        types_now = types_reader(g)  # (each permanent of a player, for each such ability)
        for o in ids:
            if (self.other and o == me.id) or (self.nontoken and g.st.objects[o].token) \
                    or (self.face_up and g.st.objects[o].face_down) or (self.commander and not _commander(g, me, o)):
                continue
            types, subs = types_now(o)
            if (not self.types or each(t in types for t in self.types)) and (not self.subtype or self.subtype in subs) \
                    and not any(t in types for t in self.not_types):
                out.append(o)
        return out

    def _of_tables(self, g: "Context", me: "Obj", tables: list[Any]) -> list[int]:
        """The group read from its players' group tables (characteristics.group_table): what
        it reads is those tables and its source's id (`other`), nothing else; made again only
        when a table is another object (the types, token or face-down status of a permanent
        of those players changed, one entered or left) — kept in g.chars_kept."""
        rows = tuple(t[0] for t in tables)
        key = ("group", self, me.id)
        kept = g.chars_kept.get(key)
        if kept is not None and len(kept[0]) == len(rows) and all(a is b for a, b in zip(kept[0], rows)):
            out: list[int] = kept[1]
        else:
            each = all if self.all_types else any
            out = [r[0] for table in rows for r in table
                   if not ((self.other and r[0] == me.id) or (self.nontoken and r[3]) or (self.face_up and r[4]))
                   and (not self.types or each(t in r[1] for t in self.types))
                   and (not self.subtype or self.subtype in r[2]) and not any(t in r[1] for t in self.not_types)]
            g.chars_kept[key] = (rows, out)
        rec = g.memo[READING]
        for t in tables:  # (the types it read: second_reading.READING)
            rec[0].update(t[1])
        return list(out)

    def by_types(self, g: "Context", me: "Obj") -> tuple[list[int], AppliesTo] | None:
        """The group as a layer 4 effect reads it (CR 613.8a(b)): the permanents it may cover,
        found without their types, and which of them it covers by their types as the layer
        applies it. None for a group that reads subtypes (read as `__call__` does)."""
        if self.subtype:
            return None
        ids = [o for q in g.opponents(me.controller) for o in g.battlefield(q)] if self.opponents \
            else g.battlefield(me.controller)
        objs = g.st.objects
        ids = [o for o in ids if not ((self.other and o == me.id) or (self.nontoken and objs[o].token)
                                      or (self.face_up and objs[o].face_down))]
        types = frozenset(self.types)
        return ids, AppliesTo(any_of=frozenset() if self.all_types else types,
                              all_of=types if self.all_types else frozenset(), none_of=frozenset(self.not_types))


def _commander(g: "Context", me: "Obj", oid: int) -> bool:
    obj = g.st.objects[oid]
    return obj.owner == me.controller and obj.kind == "card" and str(obj.card) in g.st.players[me.controller].commanders


@dataclass(frozen=True)
class Grants:
    """A static ability: "[group] have '[ability]'" (CR 613.1f, layer 6). The quoted ability
    is a plain mana ability line, read by engine/cards/mechanics/mana_lines.py; the permanents
    of the group have it as long as the static ability applies."""
    line: str
    to: Any
    ability: Activated = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        ab = mana_lines.parse(self.line)
        if ab is None:
            raise ValueError(f"Grants: not a plain mana ability line: {self.line!r}")
        object.__setattr__(self, "ability", ab)  # one object: the engine caches by identity

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        ids = self.to(g, me)
        return [ContinuousEffect(Layer.ABILITY, ids, me.timestamp, source=me.id, add_abilities=[self.ability])] if ids else []


@dataclass(frozen=True)
class YourPermanents:
    """Which permanents you control a static ability affects: those with one of these
    subtypes ("Insects and Spiders you control"), or all but this one ("Other permanents
    you control"). Current subtypes (CR 613.6: after layers 1-4, characteristics.types_now):
    a creature Leyline of Transformation made an Insect is one of "Insects you control"."""
    subtypes: tuple[str, ...] = ()
    other: bool = False

    def __call__(self, g: "Context", me: "Obj", oid: int) -> bool:
        if self.other and oid == me.id:
            return False
        return not self.subtypes or bool(set(self.subtypes) & set(g.types_now(oid)[1]))


@dataclass(frozen=True)
class YourCreatures:
    """"Creatures [tokens] you control get +P/+T [and have keywords]" (layers 7c and 6)."""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    tokens_only: bool = False

    def layer_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        ids = [o for o in g.battlefield(me.controller) if "Creature" in types_before_pt(g, o)
               and (not self.tokens_only or g.st.objects[o].token)]
        if not ids:
            return []
        out: list[ContinuousEffect] = []
        if self.power or self.toughness:
            out.append(ContinuousEffect(Layer.PT_MODIFY, ids, me.timestamp, source=me.id, power=self.power,
                                        toughness=self.toughness))
        if self.keywords:
            out.append(ContinuousEffect(Layer.ABILITY, ids, me.timestamp, source=me.id, add_kw=list(self.keywords)))
        return out


def types_before_pt(g: "Context", oid: int) -> frozenset[str]:
    """The card types of a permanent for a static ability of layer 6 or 7: those after layers
    1-4 (CR 613.6; copy and type-changing effects, static ones included: characteristics.types_now)."""
    return g.types_now(oid)[0]



_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


_PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


@dataclass(frozen=True)
class AreAlso:
    """A static ability: "[group] are [types] [subtypes] in addition to their other types"
    (layer 4, CR 613.1d) — "Nontoken creatures you control are Forest lands ..." (Ashaya:
    `AreAlso(("Land",), ("Forest",), to=Yours(other=False, nontoken=True))`), "Nonland permanents
    you control and permanent spells you control are enchantments ..." (Secret Arcade:
    `to=Yours((), other=False, not_types=("Land",)), spells=True`). A group by card types covers,
    as layer 4 applies it, the permanents of those types after the type-changing effects it
    depends on (CR 613.8a(b)). A basic land type gives its intrinsic mana ability "{T}: Add [its
    mana]." (CR 305.6, layer 6) to the same permanents (CR 613.6); they're still affected by
    summoning sickness (CR 302.6). `spells`: "and permanent spells you control" — its effects
    reach its controller's permanent spells on the stack (engine/rules/spell_types.py)."""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    to: Any = None
    spells: bool = False
    # "Creatures you control are the chosen type ..." (Leyline of Transformation): also the
    # creature type chosen as it entered (CR 614.12b; its ctx "chosen_type"), none chosen: none
    chosen: bool = False

    @property
    def reaches_stack(self) -> bool:
        return self.spells

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        adds = self._types(me)
        if not adds:
            return []
        group = self.to.by_types(g, me) if hasattr(self.to, "by_types") else None
        applies = None
        if group is not None:
            ids, applies = group
        else:
            ids = self.to(g, me)
        out = []
        if ids:
            out.append(ContinuousEffect(Layer.TYPE, ids, me.timestamp, source=me.id, applies=applies,
                                        **adds))
            basic = [intrinsic_mana_ability(t) for t in adds.get("add_subtypes", ()) if t in _BASIC_MANA]
            if basic:
                out.append(ContinuousEffect(Layer.ABILITY, ids, me.timestamp, source=me.id, applies=applies,
                                            add_abilities=basic))
        spells = [o for o in g.st.stack if self._reaches(g, me, o)]
        if spells:
            out.append(ContinuousEffect(Layer.TYPE, spells, me.timestamp, source=me.id, **adds))
        return out

    def spell_effects(self, g: "Context", me: "Obj", spell: int) -> list[ContinuousEffect]:
        """The effect it gives one spell on the stack, the same as static_effects gives it, without
        reading the permanents (engine/rules/spell_types.py: a spell's types as its cost is
        determined). Reads the spell's own types only."""
        if not self._reaches(g, me, spell):
            return []
        return [ContinuousEffect(Layer.TYPE, [spell], me.timestamp, source=me.id, **self._types(me))]

    def _types(self, me: "Obj") -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.types:
            out["add_types"] = list(self.types)
        chosen = me.ctx.get("chosen_type") if self.chosen else None
        subtypes = [*self.subtypes, *([chosen] if chosen else [])]
        if subtypes:
            out["add_subtypes"] = subtypes
        return out

    def _reaches(self, g: "Context", me: "Obj", oid: int) -> bool:
        """A permanent spell its controller controls ("permanent spells you control")."""
        if not self.spells:
            return False
        obj = g.st.objects.get(oid)
        return (obj is not None and obj.controller == me.controller and obj.kind not in ("ability", "trigger")
                and bool(g.types_now(oid)[0] & _PERMANENT_TYPES))


def intrinsic_mana_ability(subtype: str) -> Activated:
    """The intrinsic mana ability of a basic land type (CR 305.6): one object per type, as
    the engine caches abilities by identity."""
    got = _INTRINSIC.get(subtype)
    if got is None:
        got = _INTRINSIC[subtype] = mana_lines.parse("{T}: Add {%s}." % _BASIC_MANA[subtype])  # type: ignore[assignment]
    assert got is not None
    return got


_INTRINSIC: dict[str, Activated] = {}
