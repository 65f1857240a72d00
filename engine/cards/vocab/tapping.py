"""Tapping and untapping permanents (CR 701.21) and attaching them (CR 701.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import answer_object, object_options, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Tap:
    """Tap the target (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.update(oid, tapped=True)
        return run


@dataclass(frozen=True)
class AttachToTarget:
    """"attach it to target creature you control" (CR 701.3a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src, target = source_id(g, item), g.target_obj(item, 0)
            if src is not None and target is not None:
                g.update(src, attached_to=target)
        return run


@dataclass(frozen=True)
class TapThis:
    """"Tap it." — this permanent (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is not None:
                g.update(oid, tapped=True)
        return run


@dataclass(frozen=True)
class TapTarget:
    """"tap up to one target creature. If an opponent controls that creature, put a stun
    counter on it." (CR 701.21, 122.1d)."""
    stun_if_opponent: bool = False

    def step(self) -> Step:
        stun = self.stun_if_opponent

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            g.update(oid, tapped=True)
            if stun and g.st.objects[oid].controller != item.controller:
                g.add_counters(oid, "stun", 1)
        return run


@dataclass(frozen=True)
class UntapTarget:
    """Untap the target (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.update(oid, tapped=False)
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
class UntapUpToLands:
    """"untap up to X lands, where X is the greatest power among those creatures" — the
    creatures declared as attackers (the event's), still on the battlefield as it resolves:
    X is determined once, on resolution (ruling, Kreischholz-Verschlinger); the player
    chooses which lands (any lands)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "untap_x" not in ctx:
                powers = [g.chars(o).power or 0 for o in ctx.get("event", {}).get("attackers", [])
                          if o in g.st.objects and g.st.objects[o].zone == "battlefield"]
                ctx["untap_x"] = max([0, *powers])
            x = int(ctx["untap_x"])
            lands = [o for o in g.battlefield() if g.is_type(o, "Land")]
            if x <= 0 or not lands:
                ctx.pop("untap_x")
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", object_options(g, lands), "ask.untap_lands", {"count": x},
                           count=min(x, len(lands)), min_count=0)
            chosen = [o for o in (answer_object(g, lands, a) for a in ctx.pop("answer")) if o is not None]
            ctx.pop("untap_x")
            for oid in list(dict.fromkeys(chosen))[:x]:
                g.update(oid, tapped=False)
            return None
        return run
