"""Vocabulary for scheme cards (CR 314, 701.25 set in motion, 701.26 abandon; the rules are in
engine/rules/schemes.py): abandoning, setting schemes in motion, and what the Duskmourn schemes
say about commanders and lands."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.rules import schemes
from engine.rules.commander import is_commander
from engine.format import ref_text
from engine.rules.zones import to_bottom_in_order

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

NONLAND = ("Artifact", "Creature", "Enchantment", "Planeswalker", "Battle")


@dataclass(frozen=True)
class Abandon:
    """"abandon this scheme" (CR 701.26b): the face-up ongoing scheme goes face down to the
    bottom of its owner's scheme deck; nothing happens if it is no longer face up (701.26a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if item.source is not None:
                schemes.abandon(g, item.source)
        return run


@dataclass(frozen=True)
class SetInMotion:
    """Setting schemes in motion (CR 701.25): `of="event"`: "set that scheme in motion again"
    (My Laughter Echoes: the event's scheme, if it is still face up); `next_time=N`: "the next
    time you would set a scheme in motion, set N schemes in motion instead" (Plots That Span
    Centuries: a replacement kept on the player until it is used)."""
    of: str = ""
    next_time: int = 0

    def step(self) -> Step:
        of, n = self.of, self.next_time
        if n:
            def next_time(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.update_player(item.controller, schemes_next=n)
            return next_time
        if of != "event":
            raise ValueError(f"which scheme to set in motion: {self!r}")

        def again(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            card = (item.ctx.get("event") or {}).get("card")
            if card is not None:
                schemes.set_again(g, int(card))
        return again


@dataclass(frozen=True)
class LandsAtLeast:
    """"if you control N or more lands" — counted as the ability resolves (ruling, Power
    Without Equal: "wird überprüft, sowie die ausgelöste Fähigkeit ... verrechnet wird")."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return sum(1 for o in g.battlefield(me.controller) if g.is_type(o, "Land")) >= self.n


def commanders_of(g: "Context", player: int) -> list[int]:
    """The player's commanders, wherever they are (CR 903.3: the cards), in object order."""
    return [oid for oid, obj in sorted(g.st.objects.items())
            if obj.owner == player and obj.kind == "card" and str(obj.card) in g.st.players[player].commanders]


@dataclass(frozen=True)
class DamageEachNoncommanderOpponentCreature:
    """"it deals damage equal to your commander's mana value to each noncommander creature your
    opponents control" (You Will Know True Suffering; nothing without a commander). With two
    commanders (partner) the player chooses one as it resolves (its ruling: "bestimmst du einen
    deiner Commander, wenn die Fähigkeit verrechnet wird"); asked only when their mana values
    differ."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            mine = commanders_of(g, item.controller)
            values = {g.st.objects[o].name: g.chars(o).mana_value for o in mine}
            if not values:
                return None
            if len(set(values.values())) > 1 and "answer" not in ctx:
                return Ask(item.controller, "choose", sorted(values), "ask.choose_commander", {"card": item.name})
            x = values[ctx.pop("answer")[0]] if "answer" in ctx else next(iter(values.values()))
            if not x:
                return None
            src = g.damage_source(item)
            for p in g.opponents(item.controller):
                for oid in list(g.battlefield(p)):
                    if oid in g.st.objects and g.is_type(oid, "Creature") \
                            and not is_commander(g.st, g.st.objects[oid]):
                        g.damage(src, {"obj": oid}, x)
            return None
        return run


PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


@dataclass(frozen=True)
class ChooseThreeOpponentPicksGainRest:
    """"choose up to three nonland permanents you don't control. Target opponent chooses one of
    those permanents. You gain control of the rest." (My Will Is Irresistible; CR 613.1b, layer
    2: for good). The archenemy chooses one at a time ("no more" ends it), then the target
    opponent."""
    n: int = 3

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            chosen: list[int] = ctx.setdefault("will_chosen", [])
            if "answer" in ctx and "will_options" in ctx:
                answer, refs = ctx.pop("answer")[0], ctx.pop("will_options")
                texts = [ref_text(g, ("o", o)) for o in refs]
                if ctx.pop("will_asking_opponent", False):
                    ctx["will_kept"] = refs[texts.index(answer)] if answer in texts else refs[0]
                elif answer in texts:
                    chosen.append(refs[texts.index(answer)])
                else:
                    ctx["will_done"] = True
            if not ctx.get("will_done") and len(chosen) < n:
                options = [o for o in g.st.battlefield if g.st.objects[o].controller != item.controller
                           and not g.is_type(o, "Land") and o not in chosen]
                if options:
                    ctx["will_options"] = options
                    return Ask(item.controller, "choose", [ref_text(g, ("o", o)) for o in options] + ["no more"],
                               "ask.choose_permanent_to_gain", {"card": item.name, "count": n - len(chosen)})
                ctx["will_done"] = True
            left = [o for o in chosen if o in g.st.objects and g.st.objects[o].zone == "battlefield"]
            ref = g.target_ref(item, 0)
            if left and "will_kept" not in ctx and ref is not None and "player" in ref:
                ctx["will_options"] = left
                ctx["will_asking_opponent"] = True
                return Ask(ref["player"], "choose_card", [ref_text(g, ("o", o)) for o in left],
                           "ask.choose_permanent_kept", {"card": item.name, "player": g.pname(item.controller)})
            for oid in left:
                if oid != ctx.get("will_kept") and g.st.objects[oid].controller != item.controller:
                    g.update(oid, controller=item.controller, sick=True)  # CR 302.6
            for k in ("will_chosen", "will_done", "will_kept"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class PutPermanentPerOpponentCardType:
    """"for each card type among permanents your opponents control, you may put a permanent card
    of that type from your hand onto the battlefield." (Only I Know What Awaits; card types: CR
    205.2a — supertypes and subtypes are not card types, its ruling). One card a type, chosen
    one at a time; "no more" ends it."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "await_types" not in ctx:
                types: set[str] = set()
                for p in g.opponents(item.controller):
                    for o in g.battlefield(p):
                        types |= set(g.chars(o).types) & (PERMANENT_TYPES | {"Kindred"})
                ctx["await_types"] = sorted(types)
            if "answer" in ctx and "await_options" in ctx:
                answer, refs = ctx.pop("answer")[0], ctx.pop("await_options")
                texts = [ref_text(g, ("o", o)) for o in refs]
                if answer not in texts:
                    ctx["await_types"] = []
                else:
                    pick = refs[texts.index(answer)]
                    # the type it is put for: the first of its types still open (one card a type)
                    used = next(t for t in ctx["await_types"] if t in g.types_now(pick)[0])
                    ctx["await_types"] = [t for t in ctx["await_types"] if t != used]
                    g.move(pick, "battlefield", controller=item.controller, cause="effect")
            hand = g.st.players[item.controller].hand
            options = [o for o in hand if g.types_now(o)[0] & PERMANENT_TYPES
                       and set(g.types_now(o)[0]) & set(ctx["await_types"])]
            if options:
                ctx["await_options"] = options
                return Ask(item.controller, "choose", [ref_text(g, ("o", o)) for o in options] + ["no more"],
                           "ask.put_onto_battlefield", {"card": item.name})
            ctx.pop("await_types", None)
            return None
        return run


FACE_UP_PILE, FACE_DOWN_PILE = "face-up pile", "face-down pile"


@dataclass(frozen=True)
class PilesOpponentChooses:
    """"look at the top N cards of your library and separate them into a face-down pile and a
    face-up pile. An opponent chooses one of those piles. Put the cards in that pile into your
    hand and the rest on the bottom of your library in any order." (Choose Your Demise)

    The archenemy puts cards into the face-up pile one at a time ("no more": the rest are the
    face-down pile; either may be empty, its ruling); the face-up pile is revealed (the
    face-down one never is); with several opponents the archenemy names the one who chooses.
    The cards going to the bottom keep the order they had on top (the order is not asked: a
    simplification)."""
    n: int = 4

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "piles_looked" not in ctx:
                ctx["piles_looked"] = list(g.st.players[p].library[:n])
                ctx["piles_up"] = []
            looked, up = ctx["piles_looked"], ctx["piles_up"]
            answer = ctx.pop("answer", [None])[0]
            stage = ctx.get("piles_stage", "split")
            if stage == "split":
                rest = [o for o in looked if o not in up]
                names = {ref_text(g, ("o", o)): o for o in rest}
                if answer in names:
                    up.append(names[answer])
                    rest.remove(names[answer])
                elif answer is not None:
                    stage = "reveal"
                if stage == "split" and rest:
                    return Ask(p, "choose", [ref_text(g, ("o", o)) for o in rest] + ["no more"],
                               "ask.face_up_pile", {"card": item.name})
                for o in up:
                    g.event("reveal", player=g.pname(p), card=g.st.objects[o].name)
                stage = ctx["piles_stage"] = "opponent"
                answer = None
            opps = g.opponents(p)
            if stage == "opponent":
                if len(opps) > 1 and "piles_chooser" not in ctx:
                    if answer is None:
                        return Ask(p, "choose", [g.pname(q) for q in opps], "ask.choose_opponent", {"card": item.name})
                    ctx["piles_chooser"] = next((q for q in opps if g.pname(q) == answer), opps[0])
                    answer = None
                chooser = ctx.get("piles_chooser", opps[0] if opps else p)
                if answer is None:
                    ctx["piles_stage"] = "opponent"
                    return Ask(chooser, "choose", [FACE_DOWN_PILE, FACE_UP_PILE], "ask.choose_pile",
                               {"card": item.name, "up": ", ".join(g.st.objects[o].name for o in up),
                                # (`down` too: a LAN client of protocol 4 fills its sentence with it)
                                "count": len(looked) - len(up), "down": len(looked) - len(up)})
                to_hand = up if answer == FACE_UP_PILE else [o for o in looked if o not in up]
                g.event("pile_up_chosen" if answer == FACE_UP_PILE else "pile_down_chosen",
                        player=g.pname(chooser), count=len(to_hand))
                for o in to_hand:
                    if o in g.st.objects and g.st.objects[o].zone == "library":
                        g.move(o, "hand", cause="effect")
                to_bottom_in_order(g, p, [o for o in looked if o not in to_hand])
            for k in ("piles_looked", "piles_up", "piles_stage", "piles_chooser"):
                ctx.pop(k, None)
            return None
        return run
