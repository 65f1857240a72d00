"""Counters (CR 122): putting, choosing, moving and doubling counters; "enters with" counters
(CR 614.1c); monstrosity (CR 701.37).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import CHOSEN, EVENT, TARGET, THIS, amount, answer_object, object_options, source_id

if TYPE_CHECKING:
    from engine.rules.effects import ContinuousEffect
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Counters:
    """CR 122.1: put N counters of a kind on the objects `on` names, those still there:
    THIS (the source), TARGET (the first target), EVENT (the permanent the event named: "put
    a +1/+1 counter on it"), "each_target" (each target still legal, CR 608.2b: "on each of up
    to two target creatures"), "divided" ("distribute N counters among one or two target
    creatures": divided as the ability goes on the stack, CR 601.2d, 603.3d — with as many
    targets as counters each gets one, with one target it gets them all; a target illegal on
    resolution gets none of its share), "chosen_creature" ("You may put a +1/+1 counter on a
    creature": chosen as it resolves, not targeted; "nothing" declines), "your_creature" ("put N
    +1/+1 counters on a creature you control": chosen as it resolves, one must be; remembered
    as CHOSEN for "it gains ...", `Pump(on=CHOSEN)`). `n="double"`: as
    many more as it has ("double the number of [kind] counters on those creatures", release
    notes, Allesfressende Fliegenfalle); `n="x"`: the X paid for the spell the source was
    (CR 107.3m: "put X +1/+1 counters on it"; none with X = 0); `n="remove_all"`: "remove
    those counters" (every [kind] counter on it, CR 122.8 apart). `kind` several kinds: "put a
    flying, lifelink, or +1/+1 counter on it" — the controller chooses the kind as it resolves
    (CR 122.1b: keyword counters). `kind="those"`: "put those counters on [it]" — as many of
    each kind as the permanent the trigger event named had on it (CR 122.1, 603.10a: last known
    information); put, not moved."""
    kind: str | tuple[str, ...]
    n: Any = 1  # a number, "x", "double", "remove_all", or a count taken as it resolves (amount)
    on: str = THIS

    def step(self) -> Step:
        n, on = self.n, self.on
        kind, kinds = (self.kind, ()) if isinstance(self.kind, str) else ("", self.kind)

        def put(g: "Context", oid: int, k: int) -> None:
            if n == "double":
                k = g.st.objects[oid].counters.get(kind, 0)
            if k:
                g.add_counters(oid, kind, k)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            # n: a number, "x", "double", or a count taken as it resolves (CR 608.2h)
            k = n if isinstance(n, int) else item.x if n == "x" else 0 if n in ("double", "remove_all") else amount(n, g, item)
            if on == "each_target":
                for i in range(len(item.targets)):
                    oid = g.target_obj(item, i)
                    if oid is not None:
                        put(g, oid, k)
                return None
            if on == "divided":
                count = len(item.targets)
                share = [k // count + (1 if i < k % count else 0) for i in range(count)] if count else []
                for i in range(count):
                    oid = g.target_obj(item, i)
                    if oid is not None:
                        put(g, oid, share[i])
                return None
            if on == "chosen_creature":
                ids = [o for o in g.battlefield() if g.is_type(o, "Creature")]
                if not ids:
                    return None
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", object_options(g, ids) + ["nothing"],
                               "ask.choose_creature", {"card": item.name})
                chosen = answer_object(g, ids, ctx.pop("answer")[0])
                if chosen is not None:
                    put(g, chosen, k)
                return None
            if on == "your_creature":
                ids = [o for o in g.battlefield(item.controller) if g.is_type(o, "Creature")]
                if not ids:
                    return None
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", object_options(g, ids), "ask.choose_creature",
                               {"card": item.name})
                chosen = answer_object(g, ids, ctx.pop("answer")[0])
                ctx[CHOSEN] = ids[0] if chosen is None else chosen
                put(g, ctx[CHOSEN], k)
                return None
            if kind == "those":
                oid = g.target_obj(item, 0) if on == TARGET else source_id(g, item)
                if oid is not None:
                    for each, m in sorted(ctx.get("event", {}).get("counters", {}).items()):
                        if m > 0:
                            g.add_counters(oid, each, m)
                return None
            if on == EVENT:  # "put a +1/+1 counter on it" — the permanent the event named
                oid = ctx.get("event", {}).get("obj")
                oid = oid if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" else None
            else:
                oid = g.target_obj(item, 0) if on == TARGET else source_id(g, item)
            if oid is not None and kinds:  # the kind is chosen
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", list(kinds), "ask.counter_kind", {"card": item.name})
                g.add_counters(oid, ctx.pop("answer")[0], k)
            elif oid is not None and n == "remove_all":
                have = g.st.objects[oid].counters.get(kind, 0)
                if have:
                    g.add_counters(oid, kind, -have)
            elif oid is not None and (isinstance(n, int) or n == "double" or k > 0):
                g.add_counters(oid, kind, k)
            return None
        return run


@dataclass(frozen=True)
class Monstrosity:
    """"Monstrosity N" (CR 701.37): if this creature isn't monstrous, put N +1/+1 counters on it
    and it becomes monstrous — a fact about it, not an ability (CR 701.37b)."""
    n: int

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None or g.st.objects[oid].ctx.get("monstrous"):
                return
            g.add_counters(oid, "+1/+1", n)
            me = g.st.objects[oid]
            g.update(oid, ctx={**me.ctx, "monstrous": True})
            g.event("monstrous", card=me.name)
        return run


@dataclass(frozen=True)
class YoursEnterWith:
    """"[Colorless] creatures you control enter with N additional [kind] counters on them."
    (a replacement effect, CR 614.1c), read by engine/rules/zones.py as a permanent enters;
    the entering permanent's characteristics as it would exist on the battlefield (614.12)."""
    kind: str
    n: int
    types: tuple[str, ...] = ("Creature",)
    colorless: bool = False

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        return []

    def others_enter_with(self, g: "Context", me: "Obj", new: "Obj") -> list[tuple[str, int]]:
        if new.controller != me.controller:
            return []
        c = g.chars(new.id)
        if not any(t in c.types for t in self.types) or (self.colorless and c.colors):
            return []
        return [(self.kind, self.n)]


@dataclass(frozen=True)
class EntersWith:
    """"This permanent enters with N [kind] counters on it [if ...]" (CR 614.1c); the
    condition is called (g, new permanent, the spell it was)."""
    kind: str
    n: int
    condition: Any = None
    word: str = ""
    tapped: bool = False  # "enters tapped with N [kind] counters on it"
