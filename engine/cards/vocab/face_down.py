"""Face-down permanents (CR 708): turning them face up by an effect, manifest dread with
more, conditions about face-down permanents.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount, answer_object, object_options

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class FaceDownOrUpThisTurn:
    """"a permanent entered the battlefield face down under your control this turn or you
    turned a permanent face up this turn"."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        rec = g.st.this_turn
        return bool(rec.get(f"facedown:{me.controller}") or rec.get(f"faceup:{me.controller}"))


def _can_turn_face_up(g: "Context", oid: int) -> bool:
    """A face-down permanent an effect can turn face up: not an instant or sorcery card (CR
    701.60 with 701.40: such a card is revealed and stays face down)."""
    from engine.cards.behaviour import printed
    obj = g.st.objects[oid]
    data = printed(obj.name) if obj.face_down else None
    return data is not None and not any(t in data.type_line for t in ("Instant", "Sorcery"))


def turn_face_up(g: "Context", p: int, oid: int) -> None:
    """Turn a face-down permanent face up by an effect (CR 708.8): no cost; "whenever you turn a
    permanent face up" sees it."""
    from engine.rules.face_up import turn_face_up as turn_up
    turn_up(g, p, oid)


@dataclass(frozen=True)
class MayTurnFaceUp:
    """"you may turn a permanent you control face up" — a face-down permanent you control that
    can be turned face up, or "nothing"."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            ids = [o for o in g.battlefield(p) if g.st.objects[o].face_down and _can_turn_face_up(g, o)]
            if not ids:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", object_options(g, ids) + ["nothing"], "ask.turn_face_up",
                           {"card": item.name})
            oid = answer_object(g, ids, ctx.pop("answer")[0])
            if oid is not None:
                turn_face_up(g, p, oid)
            return None
        return run


@dataclass(frozen=True)
class RevealMayTurnFaceUp:
    """"Reveal target face-down permanent. If it's a creature card, you may turn it face up."
    Only the card's printed characteristics count (release notes, Spukgehölz-Kreischer)."""
    line: str = ""

    def step(self) -> Step:
        line = self.line

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.cards.behaviour import printed
            oid = g.target_obj(item, 0)
            if oid is None or not g.st.objects[oid].face_down:
                return None
            obj = g.st.objects[oid]
            if "answer" not in ctx:
                g.event("reveal", player=g.pname(obj.controller), card=obj.name)
                data = printed(obj.name)
                if data is None or "Creature" not in data.type_line.split("//")[0].split("—")[0]:
                    return None
                return Ask(item.controller, "yes_no", ["yes", "no"], "ask.may", {"card": item.name, "ability": line})
            if ctx.pop("answer")[0] == "yes":
                turn_face_up(g, item.controller, oid)
            return None
        return run


@dataclass(frozen=True)
class TurnFaceUpOrCounter:
    """"turn that creature face up or put a +1/+1 counter on it" — the creature of the event;
    its controller chooses. A face-down instant or sorcery card can't be turned face up by an
    effect (it stays face down): then only the counter is possible."""
    kind: str = "+1/+1"

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            oid = ctx.get("event", {}).get("obj")
            if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                return None
            if g.st.objects[oid].face_down and _can_turn_face_up(g, oid):
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", ["turn face up", "counter"], "ask.face_up_or_counter",
                               {"card": item.name})
                if ctx.pop("answer")[0] == "turn face up":
                    turn_face_up(g, item.controller, oid)
                    return None
            g.add_counters(oid, kind, 1)
            return None
        return run


@dataclass(frozen=True)
class ManifestDreadTimes:
    """"Manifest dread X times, then put X +1/+1 counters on each of those creatures." Each
    manifest is its own event, one after the other (release notes, Valgavoths Ansturm); no
    player acts before the counters are put on (CR 608.2)."""
    n: Any
    counters: Any = 0
    kind: str = "+1/+1"

    def step(self) -> Step:
        n, counters, kind = self.n, self.counters, self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.cards.mechanics.manifest_dread import manifest_dread
            made: list[int] = ctx.setdefault("dread_made", [])
            while ctx.get("dread_i", 0) < amount(n, g, item):
                got = manifest_dread(g, item.controller, ctx)
                if got is not None:
                    return got
                new = ctx.pop("manifested", None)
                if new is not None:
                    made.append(new)
                ctx["dread_i"] = ctx.get("dread_i", 0) + 1
            k = amount(counters, g, item)
            for oid in made:
                if k and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.add_counters(oid, kind, k)
            ctx.pop("dread_made", None)
            ctx.pop("dread_i", None)
            return None
        return run


@dataclass(frozen=True)
class Manifest:
    """"Manifest the top card of your library" (CR 701.34a): it is put onto the battlefield
    face down as a 2/2 creature (CR 708.2a); a creature card may be turned face up for its
    mana cost (CR 701.34b, engine/rules/manual.py). Nothing with an empty library."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            lib = g.st.players[p].library
            if lib:  # (the move logs "A face-down permanent enters the battlefield.")
                g.move(lib[0], "battlefield", face_down=True, controller=p, cause="manifest")
        return run
