"""Face-down permanents (CR 708): manifest (CR 701.40a: "put the top card of your library onto
the battlefield face down as a 2/2 creature"; it may be turned face up for its mana cost if
it is a creature card, CR 701.40b — manifest dread, which looks at two cards, is
engine/cards/mechanics/manifest_dread.py), turning them face up by an effect. ("a permanent entered
the battlefield face down under your control this turn or you turned a permanent face up
this turn" is `AtLeast(Count("sum", types=(Count("this_turn", key="facedown"),
Count("this_turn", key="faceup"))))`.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import EVENT, TARGET, answer_object, object_options, pick_named
from engine.cards.behaviour import printed
from engine.rules.face_up import turn_face_up as turn_up

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _can_turn_face_up(g: "Context", oid: int) -> bool:
    """A face-down permanent an effect can turn face up: not an instant or sorcery card (CR
    701.60 with 701.40: such a card is revealed and stays face down)."""
    obj = g.st.objects[oid]
    data = printed(obj.name) if obj.face_down else None
    return data is not None and not any(t in data.type_line for t in ("Instant", "Sorcery"))


def turn_face_up(g: "Context", p: int, oid: int) -> None:
    """Turn a face-down permanent face up by an effect (CR 708.8): no cost; "whenever you turn a
    permanent face up" sees it."""
    turn_up(g, p, oid)


@dataclass(frozen=True)
class TurnFaceUp:
    """Turning a face-down permanent face up by an effect (CR 708.8), by what `of` names:

    * "yours": "you may turn a permanent you control face up" — one of your face-down
      permanents that can be turned face up, or "nothing";
    * TARGET with `reveal`: "Reveal target face-down permanent. If it's a creature card, you
      may turn it face up." — only the card's printed characteristics count (release notes,
      Spukgehölz-Kreischer); `line` is the yes/no prompt's ability text;
    * EVENT with `or_counter`: "turn that creature face up or put a +1/+1 counter on it" — the
      event's creature; its controller chooses. A face-down instant or sorcery card can't be
      turned face up by an effect (it stays face down): then only the counter is possible."""
    of: str = "yours"
    reveal: bool = False
    or_counter: str = ""
    line: str = ""

    def step(self) -> Step:
        if self.of == "yours":
            return _may_turn_yours()
        if self.of == TARGET and self.reveal:
            return _reveal_may_turn(self.line)
        if self.of == EVENT and self.or_counter:
            return _turn_or_counter(self.or_counter)
        raise ValueError(f"no way to turn face up {self!r}")


def _may_turn_yours() -> Step:
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


def _reveal_may_turn(line: str) -> Step:
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
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


def _turn_or_counter(kind: str) -> Step:
    """"turn that creature face up or put a +1/+1 counter on it": a face-down instant or sorcery
    card can't be turned face up by an effect — chosen, it is revealed and stays face down, and
    nothing triggers on its turning face up (the rulings of manifest, CR 701.40)."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        oid = ctx.get("event", {}).get("obj")
        if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
            return None
        if g.st.objects[oid].face_down:
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", ["turn face up", "counter"], "ask.face_up_or_counter",
                           {"card": item.name})
            if ctx.pop("answer")[0] == "turn face up":
                if _can_turn_face_up(g, oid):
                    turn_face_up(g, item.controller, oid)
                else:  # an instant or sorcery card: revealed to all, it remains face down
                    obj = g.st.objects[oid]
                    g.event("reveal", player=g.pname(obj.controller), card=obj.name)
                return None
        g.add_counters(oid, kind, 1)
        return None
    return run


@dataclass(frozen=True)
class Manifest:
    """"[You / Its controller] manifest(s) [the top card of [their] library / a card from your
    hand]" (CR 701.40a: it is put onto the battlefield face down as a 2/2 creature, CR 708.2a;
    it may be turned face up for its mana cost if it is a creature card, CR 701.40b) — `who`
    "you" or "target_controller" (the controller the target had, set by the effect before, CR
    608.2h); `zone` "library" or "hand" (the card chosen as it resolves, seen by its owner
    only: Scroll of Fate). Nothing happens without a card there."""
    who: str = "you"
    zone: str = "library"

    def step(self) -> Step:
        who, zone = self.who, self.zone

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller if who == "you" else ctx.get("target_controller")
            if p is None or g.st.players[int(p)].lost:
                return None
            p = int(p)
            if zone == "hand":
                hand = list(g.st.players[p].hand)
                if not hand:
                    return None
                if "answer" not in ctx:
                    return Ask(p, "choose_card", sorted(g.st.objects[o].name for o in hand), "ask.manifest_from_hand",
                               {"card": item.name})
                cards = pick_named(g, hand, ctx.pop("answer")[:1])
            else:
                cards = list(g.st.players[p].library[:1])
            for oid in cards:
                g.move(oid, "battlefield", face_down=True, controller=p, cause="manifest")
                g.event("manifest", player=g.pname(p))
            return None
        return run
