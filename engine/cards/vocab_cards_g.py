"""Vocabulary the green Duskmourn cards brought (engine/cards/sets/dsk_green.py), kept
general for the next sets: tapped tokens, putting a card from hand onto the battlefield,
manifesting dread N times, face-down targets and turning one face up by an effect, ...

Effects are frozen dataclasses with a `step()`, filters are called `(g, obj)`, counts and
conditions `(g, me)` — as in engine/cards/vocab.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import amount, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # CR 110.4


# ------------------------------------------------------------------ counts and filters
@dataclass(frozen=True)
class ValueOfX:
    """A count: the value chosen for X as the spell was cast or the ability activated (CR 107.3)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return int(getattr(me, "x", 0) or 0)


X = ValueOfX()


@dataclass(frozen=True)
class FaceDownPermanent:
    """A target filter: "target face-down permanent" (CR 708)."""

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(obj.face_down)


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class TappedToken:
    """"create a tapped [token]" (CR 111.1, 110.5b): N tokens that enter tapped."""
    name: str
    n: Any = 1

    def step(self) -> Step:
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.sets import token_data
            from engine.rules import zones
            for _ in range(amount(n, g, item)):
                zones.create_token(g, item.controller, token_data(name), tapped=True)
        return run


@dataclass(frozen=True)
class PutFromHand:
    """"you may put a [permanent / land] card from your hand onto the battlefield [tapped]"
    (CR 305.1 does not apply: it is not playing a land). The names are options seen by the
    chooser only; "nothing" declines."""
    types: tuple[str, ...] = PERMANENT_TYPES
    tapped: bool = False
    line: str = ""

    def step(self) -> Step:
        types, tapped, line = frozenset(self.types), self.tapped, self.line

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            fits = [o for o in g.st.players[p].hand if g.printed_types(o) & types]
            if not fits:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in fits}) + ["nothing"], "ask.may",
                           {"card": item.name, "ability": line})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == choice), None)
            if oid is not None:
                g.move(oid, "battlefield", controller=p, tapped=tapped, cause="put")
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


def turn_face_up(g: "Context", oid: int, player: int) -> None:
    """A face-down permanent is turned face up by an effect (CR 708.8, 701.40b): no cost;
    "whenever you turn a permanent face up" sees `player` do it."""
    obj = g.update(oid, face_down=False)
    g.event("turn_face_up", player=g.pname(player), card=obj.name)
    g.mark_turn(f"faceup:{player}")
    g.triggers.fire("turned_face_up", obj=oid, player=player)


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
                turn_face_up(g, oid, item.controller)
            return None
        return run


__all__ = ["PERMANENT_TYPES", "X", "ValueOfX", "FaceDownPermanent", "TappedToken", "PutFromHand",
           "ManifestDreadTimes", "turn_face_up", "RevealMayTurnFaceUp", "source_id"]
