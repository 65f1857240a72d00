"""Vocabulary for the blue Duskmourn cards and the colourless artifacts (helper cards_u):
target filters, effects and counts that read an event's amount, cards exiled with a
permanent, library placement chosen by the owner. General pieces, named by what they do,
each a small frozen dataclass like those of engine/cards/vocab.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


# ------------------------------------------------------------------ target filters
@dataclass(frozen=True)
class AttackingCreature:
    """A target filter: "[another] target attacking creature" (CR 506.3)."""
    another: bool = False
    what = "creature"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return obj.attacking is not None


@dataclass(frozen=True)
class CardInAGraveyard:
    """A target filter: "target card from a graveyard" (of these card types, any if none)."""
    types: tuple[str, ...] = ()
    up_to: bool = False
    what = "card_in_a_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return not self.types or bool(g.printed_types(obj.id) & set(self.types))


# ------------------------------------------------------------------ counts
def event_amount(ctx: dict[str, Any]) -> int:
    """The amount of the event that triggered the ability ("that many", "that much")."""
    return int(ctx.get("event", {}).get("amount", 0) or 0)


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class DrawThatMany:
    """"draw that many cards" — as many as the trigger event's amount (damage dealt, life
    gained)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n = event_amount(ctx)
            if n > 0:
                g.draw(item.controller, n)
        return run


@dataclass(frozen=True)
class OwnerPutsOnTopOrBottom:
    """"Target [permanent]'s owner puts it on their choice of the top or bottom of their
    library." — the owner decides (CR 401.4 for two or more cards; here one)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            owner = g.st.objects[oid].owner
            if "answer" not in ctx:
                name = g.st.objects[oid].name if not g.st.objects[oid].face_down else ""
                return Ask(owner, "choose_option", ["top", "bottom"], "ask.top_or_bottom", {"card": name})
            where = ctx.pop("answer")[0]
            g.move(oid, "library", position=-1 if where == "bottom" else 0, cause="put")
            g.event("library_placed", player=g.pname(owner), where=where)
            return None
        return run


def exiled_with(g: "Context", item: "Obj") -> list[int]:
    """The cards "exiled with" the ability's source (CR 607.2a linked abilities): read from
    the source, or — if paying the cost removed it (sacrificed) — from the last known
    information the activation kept (engine/rules/casting.py)."""
    src = source_id(g, item)
    ids = g.st.objects[src].ctx.get("exiled_with", []) if src is not None else item.ctx.get("lki_exiled_with", [])
    return [o for o in ids if o in g.st.objects and g.st.objects[o].zone == "exile"]


@dataclass(frozen=True)
class ExiledCreaturesOntoBattlefield:
    """"Put each creature card exiled with this [permanent] onto the battlefield under your
    control with a [kind] counter on it. Each of them is a P/T [subtype] in addition to its
    other types." (Ghost Vacuum) — the characteristic change has no duration (CR 611.2a
    does not end it: it applies to the new objects for as long as they stay)."""
    counter: str = "flying"
    power: int = 1
    toughness: int = 1
    subtype: str = "Spirit"

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            new_ids = []
            for oid in exiled_with(g, item):
                if "Creature" not in g.printed_types(oid):
                    continue
                new = g.move(oid, "battlefield", controller=p, cause="put")
                g.add_counters(new, e.counter, 1)
                new_ids.append(new)
            if new_ids:
                g.add_effect("4", new_ids, until="never", add_subtypes=[e.subtype])
                g.add_effect("7b", new_ids, until="never", power=e.power, toughness=e.toughness)
        return run


def counters_when_it_left(ctx: dict[str, Any]) -> int:
    """"the number of counters on this creature" as it last existed on the battlefield
    (CR 113.7a; every kind counts, the +1/+1 and -1/-1 ones it died with included)."""
    return sum(int(n) for n in ctx.get("event", {}).get("counters", {}).values())


@dataclass(frozen=True)
class TokenSized:
    """"create an X/X [token]" — a predefined token (engine/cards/sets/token_defs.py) whose
    power and toughness are set as it is created (CR 111.4); X = the counters the source
    had as it left the battlefield."""
    name: str

    def step(self) -> Step:
        name = self.name

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.sets import token_data
            from engine.rules import zones
            x = counters_when_it_left(ctx)
            zones.create_token(g, item.controller, {**token_data(name), "power": str(x), "toughness": str(x)})
        return run


@dataclass(frozen=True)
class SacrificeAtNextEndStep:
    """"sacrifice it at the beginning of the next end step" — a delayed triggered ability
    (CR 603.7) on the source, which triggers once."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is not None:
                g.st.delayed.append({"event": "step:end", "player": g.st.active, "obj": src,
                                     "action": "sacrifice", "source": item.name, "after_turn": g.st.turn})
        return run


@dataclass(frozen=True)
class TapAttached:
    """"tap enchanted creature" (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            to = g.st.objects[src].attached_to if src is not None else None
            if to is not None and to in g.st.objects and g.st.objects[to].zone == "battlefield":
                g.update(to, tapped=True)
        return run


@dataclass(frozen=True)
class ShuffleAttachedIntoLibrary:
    """"Shuffle enchanted creature into its owner's library" (CR 701.24)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            to = g.st.objects[src].attached_to if src is not None else None
            if to is not None and to in g.st.objects and g.st.objects[to].zone == "battlefield":
                owner = g.st.objects[to].owner
                g.move(to, "library", cause="shuffle")
                g.shuffle(owner)
        return run


@dataclass(frozen=True)
class ReturnItAsEnchantment:
    """"return it to the battlefield under its owner's control. It's an enchantment." (the
    Enduring cycle) — the card it became as it died, if it is still in the graveyard
    (CR 400.7); from then on it is an enchantment only: no creature type, no creature
    subtypes (CR 205.1b), an effect without duration."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = ctx.get("event", {}).get("new_obj")
            if oid is None or oid not in g.st.objects or g.st.objects[oid].zone != "graveyard":
                return
            owner = g.st.objects[oid].owner
            new = g.move(oid, "battlefield", controller=owner, cause="return")
            g.add_effect("4", [new], until="never", remove_types=["Creature"], remove_subtypes="all")
        return run


@dataclass(frozen=True)
class YourCreatureDealtCombatDamage:
    """An event condition: "Whenever a creature you control deals combat damage to a player"
    (each creature: one trigger for each)."""
    any_creature = True

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller and g.is_type(oid, "Creature")
