"""Card-layer effects (helper cards_w, Duskmourn white): counters on each of several
targets, a choice between two effects made as the ability resolves ("... or ..."), unlocking
a door of a Room you choose, tapping any number of your creatures, choosing a kind of counter.
Frozen dataclasses; each knows its engine step."""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import run_steps, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class CountersOnEachTarget:
    """"put a +1/+1 counter on each of up to two target creatures" — each target still legal
    (CR 608.2b)."""
    kind: str
    n: int = 1

    def step(self) -> Step:
        kind, n = self.kind, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for i in range(len(item.targets)):
                oid = g.target_obj(item, i)
                if oid is not None:
                    g.add_counters(oid, kind, n)
        return run


@dataclass(frozen=True)
class EitherOr:
    """"[effect A] or [effect B]" — its controller chooses one as it resolves (CR 608.2d);
    an effect that can't do anything now (`possible(g, item)` false) is not offered, and with
    neither possible nothing happens. `names` are the options' texts."""
    first: Any
    second: Any
    names: tuple[str, str]

    def step(self) -> Step:
        steps = ([self.first.step()], [self.second.step()])
        checks = (getattr(self.first, "possible", None), getattr(self.second, "possible", None))
        names = self.names
        key = f"either{zlib.crc32(repr(self).encode())}"

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if key not in ctx:
                ok = [i for i in (0, 1) if checks[i] is None or checks[i](g, item)]  # type: ignore[misc]
                if not ok:
                    return None
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", [names[i] for i in ok], "ask.choose_effect",
                               {"card": item.name})
                ctx[key] = names.index(ctx.pop("answer")[0])
            got = run_steps(steps[ctx[key]], g, item, ctx, key + "s")
            if got is None:
                ctx.pop(key)
            return got
        return run


@dataclass(frozen=True)
class ReturnCardToHand:
    """"return a [type] card from your graveyard to your hand" — not optional and not
    targeted: chosen as it resolves."""
    types: tuple[str, ...]

    def possible(self, g: "Context", item: "Obj") -> bool:
        return any(g.printed_types(o) & set(self.types) for o in g.st.players[item.controller].graveyard)

    def step(self) -> Step:
        types = frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            fits = [o for o in g.st.players[item.controller].graveyard if g.printed_types(o) & types]
            if not fits:
                return None
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", sorted({g.st.objects[o].name for o in fits}),
                           "ask.return_from_graveyard", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == choice), fits[0])
            g.move(oid, "hand", cause="return")
            return None
        return run


def _locked(g: "Context", p: int) -> list[tuple[int, str]]:
    from engine.rules.casting import locked_doors
    return [(o, f["name"]) for o in g.battlefield(p) if "Room" in g.chars(o).subtypes
            for f in locked_doors(g, o)]


@dataclass(frozen=True)
class UnlockADoor:
    """"unlock a locked door of a Room you control" — no target: the Room and door are chosen
    as it resolves (CR 709.5); "when you unlock this door" triggers."""

    def possible(self, g: "Context", item: "Obj") -> bool:
        return bool(_locked(g, item.controller))

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            from engine.rules.casting import open_door
            doors = _locked(g, item.controller)
            if not doors:
                return None
            texts = [f"{ref_text(g, ('o', o))}: {d}" for o, d in doors]
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", texts, "ask.unlock_door", {"card": item.name})
            oid, door = doors[texts.index(ctx.pop("answer")[0])]
            open_door(g, item.controller, oid, door)
            return None
        return run


@dataclass(frozen=True)
class TapAnyNumberThenPump:
    """"tap any number of untapped creatures you control. This creature gets +1/+1 until end
    of turn for each creature tapped this way." — chosen as it resolves, summoning-sick ones
    too (CR 302.6 restricts only {T} costs), itself too if it is untapped."""
    power: int = 1
    toughness: int = 1

    def step(self) -> Step:
        pw, tg = self.power, self.toughness

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            mine = [o for o in g.battlefield(item.controller)
                    if g.is_type(o, "Creature") and not g.st.objects[o].tapped]
            tapped: list[int] = []
            if mine:
                texts = [ref_text(g, ("o", o)) for o in mine]
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", texts, "ask.tap_any_number", {"card": item.name},
                               count=len(mine), min_count=0)
                tapped = [mine[texts.index(t)] for t in ctx.pop("answer") if t in texts]
            for o in tapped:
                g.update(o, tapped=True)
            src = source_id(g, item)
            if src is not None and tapped:
                g.add_effect("7c", [src], power=pw * len(tapped), toughness=tg * len(tapped))
            return None
        return run


@dataclass(frozen=True)
class CounterOfChoice:
    """"put a flying, lifelink, or +1/+1 counter on it" — its controller chooses the kind
    (CR 122.1b: keyword counters)."""
    kinds: tuple[str, ...]

    def step(self) -> Step:
        kinds = self.kinds

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            src = source_id(g, item)
            if src is None:
                return None
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", list(kinds), "ask.counter_kind", {"card": item.name})
            g.add_counters(src, ctx.pop("answer")[0], 1)
            return None
        return run


@dataclass(frozen=True)
class PutThoseCounters:
    """"put those counters on up to one target creature" — as many of each kind as the
    creature that died had on it (CR 122.1, 603.10a: last known information); put, not moved."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            for kind, n in sorted(ctx.get("event", {}).get("counters", {}).items()):
                if n > 0:
                    g.add_counters(oid, kind, n)
        return run


@dataclass(frozen=True)
class HadCounters:
    """An event condition: the creature that died had counters on it (last known information);
    `another_yours`: it was another creature you controlled."""
    another_yours: bool = False

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        if not any(n > 0 for n in params.get("counters", {}).values()):
            return False
        return not self.another_yours or (params.get("controller") == me.controller and params.get("obj") != me.id)


@dataclass(frozen=True)
class BecomesForever:
    """"it becomes a black Demon in addition to its other colors and types" — on this
    permanent, with no end (layers 4 and 5, CR 613.1d-e)."""
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        colors, subtypes = self.colors, self.subtypes

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is None:
                return
            if subtypes:
                g.add_effect("4", [src], until="forever", add_subtypes=list(subtypes))
            if colors:
                g.add_effect("5", [src], until="forever", add_colors=list(colors))
        return run
