"""Effect steps that card definitions are built from (CR 608.2: follow the text in order).

Each factory returns a step `step(g, item, ctx)`. `item` is the resolving spell or ability
(its controller, targets, source); a target that has become illegal is skipped
(CR 608.2b). Steps that need a choice return an `Ask` and read the answer from
`ctx["answer"]` when run again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.cards.model import Ask, Step
from engine.rules.sba import together
from engine.rules.rule_changes import ObjectRule
from engine.rules.resolved_replacements import ExileIfDies

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def destroy(target: int = 0) -> Step:
    """CR 701.8: destroy target permanent."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, target)
        if oid is not None:
            ctx["target_controller"] = g.st.objects[oid].controller  # "its controller ..." (CR 608.2h)
            new = g.destroy(oid)
            ctx.setdefault("destroyed", []).append(new)
    return step


def damage_target(n: int, target: int = 0) -> Step:
    """CR 120.3: the source deals damage to the target."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        ref = g.target_ref(item, target)
        if ref is not None:
            g.damage(g.damage_source(item), ref, n)
    return step


def damage_each_creature(n: int) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        src = g.damage_source(item)
        for oid in list(g.battlefield()):  # phased-out permanents don't exist (CR 702.26b)
            if g.is_type(oid, "Creature"):
                g.damage(src, {"obj": oid}, n)
    return step


def gain_life(n: int) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        g.gain_life(item.controller, n)
    return step


def draw(n: int = 1) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        g.draw(item.controller, n)
    return step


def each_player_draws(n: int = 1) -> Step:
    """APNAP order (CR 101.4)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        for p in g.apnap():
            g.draw(p, n)
    return step


def pump(g: "Context", ids: list[int], power: int, toughness: int, keywords: tuple[str, ...] = ()) -> None:
    """These permanents get +X/+Y (layer 7c, CR 613.4c) and gain the keywords (layer 6, CR
    613.1f) until end of turn: one effect each, the set locked in (CR 611.2c)."""
    if power or toughness:
        g.add_effect("7c", ids, power=power, toughness=toughness)
    if keywords:
        g.add_effect("6", ids, add_kw=list(keywords))


def pump_target(power: int, toughness: int, keywords: tuple[str, ...] = (), target: int = 0) -> Step:
    """"Target creature gets +X/+Y and gains K until end of turn" (layers 7c and 6, CR 611.2c)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, target)
        if oid is not None:
            pump(g, [oid], power, toughness, keywords)
    return step


def pump_yours(power: int, toughness: int) -> Step:
    """"Creatures you control get +X/+Y until end of turn": the set is locked in (CR 611.2c)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        ids = [o for o in g.battlefield(item.controller) if g.is_type(o, "Creature")]
        if ids:
            g.add_effect("7c", ids, power=power, toughness=toughness)
    return step


def cant_be_blocked(target: int = 0) -> Step:
    """"Can't be blocked this turn" (a rules effect checked in CR 509.1b)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, target)
        if oid is not None:
            g.add_effect("rules", [oid], flags=[ObjectRule.CANT_BE_BLOCKED])
    return step


def create_token(token: str, count: int = 1) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        for _ in range(count):
            g.create_token(item.controller, token)
    return step


def exile_if_dies_this_turn(target: int = 0) -> Step:
    """A replacement effect for the rest of the turn: if it would die, exile it instead (CR 614.1a)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, target)
        if oid is not None:
            g.add_replacement(ExileIfDies(obj=oid, source=item.name, until="eot"))
    return step


def search_library_to_hand(subtype: str) -> Step:
    """Landcycling (CR 702.29f): search for a card with that subtype, reveal it, put it into
    your hand, then shuffle (CR 701.19, 701.24). Finding nothing is allowed (CR 701.19b)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
        p = item.controller
        lib = g.st.players[p].library
        if "answer" not in ctx:
            # its current subtypes (CR 400.2, 613: Leyline of Transformation's type reaches the library)
            options = sorted({g.st.objects[o].name for o in lib if subtype in g.types_now(o)[1]})
            return Ask(p, "choose_card", options + ["nothing"], "ask.search_library",
                       {"subtype": subtype})
        choice = ctx.pop("answer")[0]
        if choice != "nothing":
            oid = next(o for o in lib if g.st.objects[o].name == choice)
            new = g.move(oid, "hand", cause="search")
            g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
        g.shuffle(p)
        return None
    return step


def put_counter_on_source(kind: str, n: int = 1) -> Step:
    """Put counters on the ability's source if it is still on the battlefield (CR 122.1)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        src = g.st.objects.get(item.source) if item.source is not None else None
        if src is not None and src.zone == "battlefield":
            g.add_counters(src.id, kind, n)
            g.event("counter", card=src.name, kind=kind, count=n)
    return step


def destroy_all(check: "Callable[[Context, int], bool]") -> Step:
    """"Destroy all ..." — every matching permanent at once (CR 701.8)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        doomed = together(g, [o for o in g.battlefield() if check(g, o)])
        for oid in doomed:
            g.destroy(oid)
    return step


def exile_target(target: int = 0) -> Step:
    """CR 406.3: exile target permanent."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, target)
        if oid is not None:
            ctx["target_controller"] = g.st.objects[oid].controller  # "its controller ..." (CR 608.2h)
            g.move(oid, "exile", cause="exile")
    return step


def lose_life(n: int) -> Step:
    """CR 119.3: "you lose N life"."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        g.lose_life(item.controller, n)
    return step


def damage_each_opponent(n: int) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        for p in g.opponents(item.controller):  # "each opponent", in turn order (CR 101.4)
            g.damage(g.damage_source(item), {"player": p}, n)
    return step


def pump_event_creature(power: int, toughness: int, keywords: tuple[str, ...] = ()) -> Step:
    """"it gets +X/+Y and gains K until end of turn" — the creature the trigger event named."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = ctx.get("event", {}).get("obj")
        if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
            pump(g, [oid], power, toughness, keywords)
    return step
