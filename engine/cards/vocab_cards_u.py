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


# ------------------------------------------------------------------ Rooms by name
def unlocked_door_names(g: "Context", p: int) -> set[str]:
    """The names of the Rooms p controls: only their unlocked doors' names (ruling, Central
    Elevator: a Room with no unlocked door has none of its names; CR 709.5)."""
    out: set[str] = set()
    for oid in g.battlefield(p):
        if "Room" in g.chars(oid).subtypes:
            out |= set(g.st.objects[oid].unlocked)
    return out


def card_names(name: str) -> set[str]:
    """Every name a card has: a Room card has its two doors' names (CR 709.3 ...)."""
    from engine.cards.behaviour import printed
    data = printed(name)
    if data is not None and data.faces:
        return {str(f.get("name")) for f in data.faces}
    return {name}


@dataclass(frozen=True)
class SearchRoomNamedUnlikeYours:
    """"search your library for a Room card that doesn't have the same name as a Room you
    control, reveal it, put it into your hand, then shuffle" (CR 701.19; ruling, Central
    Elevator: two objects have the same name if they share at least one name)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            taken = unlocked_door_names(g, p)

            def fits(o: int) -> bool:
                name = g.st.objects[o].name
                return "Room" in g.printed_subtypes(o) and not (card_names(name) & taken)
            if "answer" not in ctx:
                options = sorted({g.st.objects[o].name for o in lib if fits(o)})
                return Ask(p, "choose_card", options + ["nothing"], "ask.search_room", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in lib if g.st.objects[o].name == choice and fits(o)), None)
            if oid is not None:
                new = g.move(oid, "hand", cause="search")
                g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
            g.shuffle(p)
            return None
        return run


@dataclass(frozen=True)
class DoorNamesAtLeast:
    """A condition: "there are N or more different names among unlocked doors of Rooms you
    control" (a Room with two unlocked doors has two names: ruling, Promising Stairs)."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return len(unlocked_door_names(g, me.controller)) >= self.n


@dataclass(frozen=True)
class WinTheGame:
    """"You win the game." (CR 104.2b): every opponent loses, and the game is over."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules.sba import check_end
            for p in g.opponents(item.controller):
                g.update_player(p, lost=True)
                g.event("lose", player=g.pname(p), reason="effect")
            check_end(g)
        return run


# ------------------------------------------------------------------ life and cards
@dataclass(frozen=True)
class DiscardThatMany:
    """"discard that many cards" (the event's amount), then — `lose_if_empty` — "Then if
    you have no cards in hand, you lose the game." (CR 701.8, 104.3c). The player chooses
    the cards one at a time."""
    lose_if_empty: bool = False

    def step(self) -> Step:
        lose = self.lose_if_empty

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            left = ctx.setdefault("discard_left", event_amount(ctx))
            hand = g.st.players[p].hand
            if "answer" in ctx:
                choice = ctx.pop("answer")[0]
                oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=choice)
                left = ctx["discard_left"] = left - 1
            if left > 0 and hand:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
            ctx.pop("discard_left", None)
            if lose and not g.st.players[p].hand:
                from engine.rules.sba import check_end
                g.update_player(p, lost=True)
                g.event("lose", player=g.pname(p), reason="effect")
                check_end(g)
            return None
        return run


@dataclass(frozen=True)
class YouGainedOrLost:
    """An event condition: it is you who gained or lost the life."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("player") == me.controller)


@dataclass(frozen=True)
class YouCastIt:
    """A condition: "if you cast it" — this permanent entered from the stack as a spell."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(me.ctx.get("cast"))


# ------------------------------------------------------------------ copies (CR 707)
def _with_subtype(values: dict[str, Any], subtype: str) -> dict[str, Any]:
    line = str(values.get("type_line", ""))
    if subtype:
        line = f"{line} {subtype}" if "—" in line else f"{line} — {subtype}"
    return {**values, "type_line": line}


@dataclass(frozen=True)
class TokenCopyOfTarget:
    """"create a token that's a copy of target creature you control, except it's a
    [subtype] in addition to its other creature types" (CR 707.2, 707.9b: the exception
    becomes part of the token's copiable values)."""
    add_subtype: str = ""

    def step(self) -> Step:
        add = self.add_subtype

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules import zones
            from engine.rules.characteristics import copiable_values
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            values = _with_subtype(copiable_values(g, oid), add)
            new = zones.create_token(g, item.controller, values)
            g.event("copy_token", card=values.get("name", ""), obj=new)
        return run


@dataclass(frozen=True)
class BecomeCopyOfTarget:
    """"This creature becomes a copy of [another target creature you control]." — a copy
    effect in layer 1 without duration (CR 707.1, 613.1a); it neither enters nor leaves
    (ruling, Silent Hallcreeper)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules.characteristics import copiable_values
            oid, src = g.target_obj(item, 0), source_id(g, item)
            if oid is None or src is None:
                return
            g.add_effect("1", [src], until="never", copy=copiable_values(g, oid))
        return run


# ------------------------------------------------------------------ a chosen creature type
def creature_types() -> list[str]:
    """The creature types a player may choose (ruling, Leyline of Transformation: an existing
    creature type, one): every creature type of a card in the bundled card data (CR 205.3m
    lists more; none of those can matter to a card in this pool)."""
    from engine.cards.data import bundled_cards
    from engine.rules.characteristics import split_type_line
    out: set[str] = set()
    for data in bundled_cards().values():
        for half in data.type_line.split("//"):
            _, types, subs = split_type_line(half)
            if "Creature" in types or "Kindred" in types:
                out |= set(subs)
    return sorted(out)


def choose_creature_type_step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
    """"As this enchantment enters, choose a creature type." — its controller chooses as the
    spell resolves; the permanent it becomes keeps the choice (engine/rules/zones.py)."""
    if "answer" not in ctx:
        return Ask(item.controller, "choose_option", creature_types(), "ask.creature_type", {"card": item.name})
    ctx["chosen_type"] = ctx.pop("answer")[0]
    g.event("chosen", card=item.name, choice=ctx["chosen_type"])
    return None


def chosen_type_static(g: "Context", me: "Obj") -> list[dict[str, Any]]:
    """Layer 4: creatures you control are the chosen type too."""
    chosen = me.ctx.get("chosen_type")
    ids = [o for o in g.battlefield(me.controller) if "Creature" in g.printed_types(o) or g.is_type(o, "Creature")] \
        if chosen else []
    return [{"layer": "4", "ids": ids, "ts": me.timestamp, "add_subtypes": [chosen]}] if ids else []
