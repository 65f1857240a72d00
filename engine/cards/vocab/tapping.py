"""Tapping and untapping permanents (CR 701.21) and attaching them (CR 701.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import TARGET, THIS, answer_object, object_options, source_id
from engine.state import rng_below

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Tap:
    """Tap — or untap, `untap=True` — a permanent (CR 701.21): the target (TARGET), this
    permanent (THIS: "Tap it.") or the permanent it is attached to ("attached": "tap enchanted
    creature", as layer.abilities.ATTACHED), or each permanent of a group as data, at once
    (CR 701.26b: "Untap all lands you control", `Tap(on=Yours(("Land",), other=False),
    untap=True)`, Wilderness Reclamation). `stun`: then put a stun counter on it ("always":
    "tap target creature ... and put a stun counter on it"; "opponent": "If an opponent
    controls that creature, put a stun counter on it.", CR 122.1d)."""
    on: Any = TARGET
    untap: Any = False  # True, False, or "may_either": "You may tap or untap target creature."
    stun: str = ""  # "" | "always" | "opponent"
    # "tap any number of untapped creatures you control" (Orphans of the Wheat): `on` a group of
    # creatures you control; its controller chooses which of the untapped ones as it resolves
    # (summoning-sick ones too: CR 302.6 restricts only {T} costs), and how many were tapped is
    # written down for "for each creature tapped this way" (`Count("ability", key="tapped")`)
    any_number: bool = False

    def step(self) -> Step:
        on, either, stun = self.on, self.untap, self.stun
        if self.any_number:
            if either or not callable(on) or getattr(on, "types", None) != ("Creature",) or getattr(on, "opponents", True):
                raise ValueError(f"Tap: any number of untapped creatures you control, not {self!r}")
            return _tap_any_number(on)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if callable(on):  # a group: each of them that changes
                for oid in list(on(g, item)):
                    if g.st.objects[oid].tapped == bool(either):
                        _set(g, item, oid, bool(either), stun)
                return None
            if on == TARGET:
                oid = g.target_obj(item, 0)
            else:
                src = source_id(g, item)
                oid = src if on == THIS or src is None else g.st.objects[src].attached_to
                if oid is not None and (oid not in g.st.objects or g.st.objects[oid].zone != "battlefield"):
                    oid = None
            if oid is None:
                return None
            untap = either
            if either == "may_either":  # tap it, untap it, or neither (CR 608.2d)
                if "answer" not in ctx:
                    o = g.st.objects[oid]
                    return Ask(item.controller, "choose_card", ["tap", "untap", "nothing"], "ask.tap_or_untap",
                               {"card": item.name if o.face_down else o.name})  # (CR 708.5)
                choice = ctx.pop("answer")[0]
                if choice not in ("tap", "untap"):
                    return None
                untap = choice == "untap"
            _set(g, item, oid, untap, stun)
            return None
        return run


def _tap_any_number(on: Any) -> Step:
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        mine = [o for o in on(g, item) if not g.st.objects[o].tapped]
        chosen: list[int] = []
        if mine:
            texts = object_options(g, mine)
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", texts, "ask.tap_any_number", {"card": item.name},
                           count=len(mine), min_count=0)
            chosen = [mine[texts.index(t)] for t in ctx.pop("answer") if t in texts]
        for oid in chosen:
            _set(g, item, oid, False, "")
        ctx["tapped"] = len(chosen)
        return None
    return run


def _set(g: "Context", item: "Obj", oid: int, untap: bool, stun: str) -> None:
    if g.st.objects[oid].tapped == untap:  # it changes: the log says so (a blocker tapped)
        o = g.st.objects[oid]  # (a face-down permanent is not named, CR 708.5)
        g.event("untapped" if untap else "tapped", card=None if o.face_down else o.name,
                player=g.pname(g.st.objects[oid].controller), source=item.ctx.get("source_name", item.name))
    g.update(oid, tapped=not untap)
    if stun == "always" or (stun == "opponent" and g.st.objects[oid].controller != item.controller):
        g.add_counters(oid, "stun", 1)


@dataclass(frozen=True)
class Attach:
    """Attach this permanent (CR 701.3a: attaching is no casting and targets nothing) to what
    `to` names: TARGET ("attach it to target creature you control", Baseball Bat) or
    "another_random_opponent" — an Aura that enchants a player moves to an opponent of its
    controller other than the player it enchants, chosen at random among those still in the
    game ("Then attach this Aura to another one of your opponents chosen at random.", Maddening
    Hex; with no other opponent it stays where it is, its ruling). One that has left the
    battlefield is attached to nothing."""
    to: Any = TARGET

    def step(self) -> Step:
        to = self.to
        if to != TARGET and to != "another_random_opponent":
            raise ValueError(f"Attach: to what? {to!r}")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is None:
                return
            if to == TARGET:
                target = g.target_obj(item, 0)
                if target is not None:
                    g.update(src, attached_to=target)
                return
            aura = g.st.objects[src]
            now = aura.ctx.get("enchanted_player")
            others = [p for p in g.opponents(item.controller) if p != now and not g.st.players[p].lost]
            if not others:
                return
            p = others[rng_below(g.st, len(others))] if len(others) > 1 else others[0]
            g.event("chosen", card=aura.name, choice=g.pname(p))
            g.update(src, ctx={**aura.ctx, "enchanted_player": p})
            g.event("attach", player=g.pname(item.controller), card=aura.name, to=g.pname(p))
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
