"""Copies of permanents (CR 707): tokens that are copies, becoming a copy, copy exceptions
(CR 707.9b), and having the activated abilities of other creatures.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step, Triggered
from engine.cards.vocab.core import THIS, compile_effect, source_id
from engine.rules.effects import ContinuousEffect, Depends, Layer
from engine.rules.static_ability import StaticAbility
from engine.cards.behaviour import card_def
from engine.cards.copy_values import CopyOnEntering, with_exceptions
from engine.rules import zones
from engine.rules.characteristics import copiable_values

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class TokenCopyOfTarget:
    """"Create a token that's a copy of [target creature], except it's a P/T [colour] [type]
    creature in addition to its other colors and types and it has [keywords] [/ except it's
    not legendary]. [Sacrifice it at the beginning of the next end step.]" (CR 707.2, 707.9b:
    the exceptions become part of the token's copiable values, engine/rules/characteristics.py
    copiable_values; 111.4; the sacrifice is a delayed trigger, CR 603.7). The tokens made are
    remembered by the ability as "copies_made" (`Count("ability", key="copies_made")`: "If
    you created fewer than two tokens this way, ...")."""
    power: int | None = None
    toughness: int | None = None
    add_colors: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_keywords: tuple[str, ...] = ()
    sacrifice_next_end: bool = False
    # of what: "target"; "each_target" ("For each one [of up to two target creatures], create a
    # token that's a copy of it": each still on the battlefield); "this" ("a token that's a
    # copy of this creature": the source, as it is now); "event" (the permanent the trigger
    # event named — "a copy of it" — or, when it has left the battlefield, the card it became,
    # copied as the permanent last existed on the battlefield: a copy effect or a face-down
    # permanent's values included, CR 608.2h; Nightmare Shepherd's rulings); "your_commander" (found in any zone, its
    # ruling, I Am Never Alone; the token is no commander, CR 903.3)
    of: str = "target"
    nonlegendary: bool = False  # "except it's not legendary" (CR 707.9b)

    def step(self) -> Step:
        e = self

        def originals(g: "Context", item: "Obj", ctx: dict[str, Any]) -> list[int]:
            if e.of == "this":
                oid = source_id(g, item)
            elif e.of == "event":
                event = ctx.get("event", {})
                oid = event.get("obj")
                if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                    oid = event.get("new_obj") if event.get("new_obj") in g.st.objects else None
            elif e.of == "your_commander":
                cmd = g.st.players[item.controller].commanders
                oid = next((o for o, obj in sorted(g.st.objects.items()) if obj.owner == item.controller
                            and obj.kind == "card" and str(obj.card) in cmd), None)
            elif e.of == "each_target":
                found = (g.target_obj(item, i) for i in range(len(item.targets)))
                return [o for o in found if o is not None and g.st.objects[o].zone == "battlefield"]
            else:
                oid = g.target_obj(item, 0)
            return [] if oid is None else [oid]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            made = 0
            found = []
            for oid in originals(g, item, ctx):
                lki = g.st.this_turn.get(f"lki:{ctx.get('event', {}).get('obj')}") if e.of == "event" else None
                if lki is not None and oid != ctx.get("event", {}).get("obj") and "copiable" in lki:
                    found.append(dict(lki["copiable"]))  # it left the battlefield: as it last existed there (CR 608.2h)
                else:
                    found.append(copiable_values(g, oid))
            if e.of == "this" and not found and item.source is not None:
                # the source has left: its copiable values as it last existed on the battlefield
                # (CR 608.2h, 707.2; ruling, Scute Swarm)
                lki = g.st.this_turn.get(f"lki:{item.source}")
                found = [dict(lki["copiable"])] if lki and lki.get("copiable") else []
            for copied in found:
                values = with_exceptions(copied, e.power, e.toughness, e.add_colors,
                                         e.add_subtypes, e.add_keywords)
                if e.nonlegendary:
                    values["type_line"] = " ".join(w for w in str(values.get("type_line", "")).split(" ")
                                                   if w != "Legendary")
                new = zones.create_token(g, item.controller, values)
                g.event("copy_token", card=values.get("name", ""), obj=new)
                made += 1
                if e.sacrifice_next_end:
                    g.st.delayed.append({"event": "step:end", "player": item.controller, "step_player": g.st.active,
                                         "obj": new, "action": "sacrifice", "source": item.name})
            ctx["copies_made"] = made
        return run


@dataclass(frozen=True)
class BecomeCopy:
    """"[This creature / a group] become(s) a copy of [the target]" — a copy effect in layer 1
    (CR 707.1, 613.1a) with the target's copiable values as it resolves (CR 707.2). `on`: THIS
    ("This creature becomes a copy of another target creature you control.", Silent
    Hallcreeper: it neither enters nor leaves, its ruling) or a group as data, locked in as it
    resolves (CR 611.2c: "Shards you control become copies of it until the next end step.",
    Niko, Light of Hope: `Yours((), subtype="Shard", other=False)`); `until`: "never" (no
    duration) or "next_end_step"."""
    on: Any = THIS
    until: str = "never"

    def step(self) -> Step:
        on, until = self.on, self.until

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            if callable(on):
                ids = list(on(g, item))
            else:
                src = source_id(g, item)
                ids = [] if src is None else [src]
            if ids:
                g.add_effect("1", ids, until=until, values=copiable_values(g, oid))
        return run


_WITH: dict[tuple[str, tuple[str, ...]], Any] = {}


def with_activated(defn: Any, gained: tuple[Any, ...]) -> Any:
    """A card definition that also has the activated abilities (mana abilities too, CR 605.1a)
    other permanents have: `gained` lists (definition name, token, indexes of its abilities
    had now). Each gained ability remembers its own definition and index, so it resolves as
    printed there, with this permanent as its source ("this creature" is this one: the ruling
    of Marvin, Murderous Mimic); it is had as long as the effect gives it (a leveler's band
    ability is gated by the leveler's level, read by the effect, not by this permanent's).
    Kept per combination: the same objects in every position."""
    key = (defn.name, gained)
    got = _WITH.get(key)
    if got is None:
        extra = []
        for name, token, indexes in gained:
            other = card_def(name, token)
            if other is None:
                continue
            nonmana = other.nonmana_abilities()
            for i in indexes:
                ab = other.activated[i]
                origin = (name, nonmana.index(ab), token) if not ab.mana else None
                extra.append(dataclasses.replace(ab, origin=origin, active=None))
        got = _WITH[key] = dataclasses.replace(defn, activated=list(defn.activated) + extra)
    return got


@dataclass(frozen=True)
class HasActivatedAbilitiesOf:
    """"[This] has all activated abilities of creatures you control that don't have the same
    name as this creature." — a static ability in layer 6 (CR 613.1f): it gains activated
    abilities only, none triggered or static — those each creature has now (a token's, a
    copy's, a leveler's band ability while the leveler is in that band, CR 710.2); a face-down
    creature has none (CR 708.2)."""
    word: str = ""

    def static_fn(self) -> StaticAbility:
        def effects(g: "Context", me: "Obj") -> list[ContinuousEffect]:
            gained = []
            for o in g.battlefield(me.controller):
                obj = g.st.objects[o]
                if o == me.id or obj.face_down or "Creature" not in g.types_now(o)[0]:
                    continue
                d = g.chars(o).defn
                if d is None or g.chars(o).name == me.name:
                    continue
                base = card_def(d.name, d.token)  # (its definition by name: what a gained ability resolves as)
                if base is None:
                    continue
                had = tuple(i for i, ab in enumerate(base.activated) if ab.zone == "battlefield"
                            and (ab.active is None or ab.active(g, obj)))  # cycling works from a hand only
                if had:
                    gained.append((base.name, base.token, had))
            if not gained:
                return []
            return [ContinuousEffect(Layer.ABILITY, [me.id], me.timestamp, source=me.id,
                                     reads=frozenset({Depends.ABILITIES}), gain_activated=sorted(set(gained)))]
        # it reads the other creatures' abilities after layer 6 removed some (CR 613.8: it
        # depends on a "loses all abilities" effect, which applies first whatever the timestamps)
        return StaticAbility(effects, depends=Depends.ABILITIES)


@dataclass(frozen=True)
class EntersAsCopy:
    """"You may have this creature enter as a copy of any creature on the battlefield, except
    it's an [Illusion] in addition to its other types and it has "[triggered ability]"."
    (Phantasmal Image): a replacement effect of the card itself, applied as it enters from
    anywhere (CR 614.1c, 707.9; engine/cards/mechanics/enters_as_copy.py). The exceptions become
    part of the copy's copiable values (CR 707.9a-b): `add_subtypes`, and `grants` — the abilities
    in quotes, each a When(...), kept on the card (CopyOnEntering.grants) and named in the values
    under "grants" by this card's name, so a copy of the copy has them too."""
    add_subtypes: tuple[str, ...] = ()
    grants: tuple[Any, ...] = ()
    word: str = ""
    types: tuple[str, ...] = ("Creature",)  # "a copy of any artifact or enchantment" (Mirrormade)

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        quoted = re.findall(r'"([^"]+)"', label)  # the granted abilities' own lines
        kw.setdefault("terms", []).append(CopyOnEntering(self, tuple(
            Triggered(w.event, [compile_effect(e) for e in w.effects], condition=w.condition,
                      label=quoted[k] if k < len(quoted) else label) for k, w in enumerate(self.grants))))
