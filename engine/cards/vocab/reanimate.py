"""Cards returned to (or put onto) the battlefield from the graveyard — "return it to the
battlefield [tapped] [with a counter] [as an enchantment]" (CR 400.7, 110.2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import event_new_object
from engine.rules.entering import entering_together

from engine.rules.face_up import NOT_MANIFESTED, WHILE_FACE_DOWN
from engine.cards.vocab.groups import intrinsic_mana_ability
if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ReturnIt:
    """"return it [this card / that card] to the battlefield [tapped] under its owner's /
    your control [with counters on it]" — `what`: "it", the card the dying permanent became
    (a "When this dies" ability), or "this", this card (an ability that works from the
    graveyard: "Return this card from your graveyard to the battlefield with a finality
    counter on it"); only if it is still in the graveyard (CR 400.7). The counters are on it
    as it enters (CR 614.1c). `only_enchantment`: "It's an enchantment." (it is no other card
    type and has no creature types, layer 4, from the moment it enters, CR 603.6a: the
    Enduring cycle); `mine`: under your control. `what="event_cards"`: "put them onto the
    battlefield tapped" — the cards the trigger event named, those still in the graveyard
    (CR 400.7; Hedge Shredder's milled lands). `what="destroyed"`: "If a [creature] card is put
    into a graveyard this way, return it" — the card the `Destroy` before it put into a
    graveyard (a token is no card, CR 108.2; an indestructible creature stays where it is,
    CR 702.12b), of one of the card types `types`; the permanent it became is remembered for
    "sacrifice it" (`SacrificeAtNextEndStep(of="returned")`)."""
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    only_enchantment: bool = False
    mine: bool = False
    what: str = "it"
    also_exile: bool = False  # "dies or is put into exile, return that card": from exile too
    # "return it to the battlefield face down ... It's a Forest land. (It has no other types or
    # abilities.)": the basic land type it is while face down
    face_down_as: str = ""
    face: str = ""  # "choose": "face up or face down" — its controller chooses as it resolves (CR 708)
    types: tuple[str, ...] = ()  # with what="destroyed": "If a creature card is put into a graveyard this way"


    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if e.what == "event_cards":
                with entering_together(g):  # "put them onto the battlefield": one event (CR 614.12)
                    for oid in list(ctx.get("event", {}).get("cards", [])):
                        if oid in g.st.objects and g.st.objects[oid].zone == "graveyard":
                            return_to_battlefield(g, oid, item.controller if e.mine else g.st.objects[oid].owner,
                                                  e.tapped, e.counters, e.only_enchantment)
                return None
            if e.what == "destroyed":
                gone = [o for o in ctx.get("destroyed", []) if o is not None and o in g.st.objects
                        and g.st.objects[o].zone == "graveyard" and not g.st.objects[o].token
                        and (not e.types or g.types_now(o)[0] & set(e.types))]
                with entering_together(g):  # (one event, CR 614.12)
                    for oid in gone:
                        ctx["returned"] = return_to_battlefield(g, oid, item.controller if e.mine
                                                                else g.st.objects[oid].owner,
                                                                e.tapped, e.counters, e.only_enchantment)
                return None
            if e.what == "this":
                src = item.source
                oid = src if src is not None and src in g.st.objects and g.st.objects[src].zone == "graveyard" \
                    else None
            else:
                oid = event_new_object(g, ctx)
                if oid is None and e.also_exile:
                    oid = event_new_object(g, ctx, "exile")
            if oid is None or g.st.objects[oid].token:  # a token can't return (CR 111.8)
                return None
            down = False
            if e.face == "choose":
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", ["face up", "face down"], "ask.face_up_or_down",
                               {"card": g.st.objects[oid].name})
                down = ctx.pop("answer")[0] == "face down"
            if down:
                def put() -> int:
                    new = g.move(oid, "battlefield", controller=g.st.objects[oid].owner, face_down=True,
                                 cause="return")
                    # not manifested: only its morph ability turns it face up (CR 701.40b, 702.37e)
                    g.update(new, ctx={**g.st.objects[new].ctx, NOT_MANIFESTED: True})
                    return new
                g.triggers.together(put)
                return None
            return_to_battlefield(g, oid, item.controller if e.mine else g.st.objects[oid].owner,
                                  e.tapped, e.counters, e.only_enchantment, e.face_down_as)
            return None
        return run


def return_to_battlefield(g: "Context", oid: int, controller: int, tapped: bool = False,
                          counters: tuple[tuple[str, int], ...] = (), only_enchantment: bool = False,
                          face_down_as: str = "") -> int:
    """Put a card onto the battlefield; it enters with the counters (CR 614.1c) and, for
    "It's an enchantment.", a type-changing effect for as long as it stays (layer 4); with
    `face_down_as` face down (CR 708.2) as a land of that basic land type, with only its
    intrinsic mana ability (CR 305.6), for as long as it stays face down
    (engine/rules/face_up.py)."""
    def enter() -> int:  # others' "whenever ... enters" see it as it enters: an enchantment (CR 603.6a)
        if face_down_as:
            new = g.move(oid, "battlefield", controller=controller, tapped=tapped, face_down=True, cause="return")
            # (not manifested: only a morph ability turns it face up, CR 701.40b, 702.37e)
            g.update(new, ctx={**g.st.objects[new].ctx, NOT_MANIFESTED: True})
            g.add_effect("4", [new], until="never", set_types=["Land"], set_subtypes=[face_down_as],
                         **{WHILE_FACE_DOWN: True})
            g.add_effect("6", [new], until="never", add_abilities=[intrinsic_mana_ability(face_down_as)],
                         **{WHILE_FACE_DOWN: True})
            return new
        new = g.move(oid, "battlefield", controller=controller, tapped=tapped, cause="return")
        for kind, n in counters:
            g.add_counters(new, kind, n)
        if only_enchantment:
            c = g.chars(new)
            g.add_effect("4", [new], until="never", remove_types=sorted(c.types - {"Enchantment"}),
                         remove_subtypes=[s for s in c.subtypes if s != "Aura"])
        return new
    return int(g.triggers.together(enter))


@dataclass(frozen=True)
class ReturnTargetToBattlefield:
    """"Return [up to one] target ... card from your graveyard to the battlefield [tapped]
    [with a finality / lifelink counter on it]" — under your control (CR 110.2a); nothing if
    the target left the graveyard (CR 608.2b); it enters with the counters (CR 614.1c, 122.1b:
    a keyword counter gives the keyword)."""
    counters: tuple[tuple[str, int], ...] = ()
    tapped: bool = False
    # Whip of Erebos: "It gains haste. Exile it at the beginning of the next end step. If it
    # would leave the battlefield, exile it instead of putting it anywhere else." (CR 611.2,
    # 603.7 delayed trigger, 614.1a replacement: engine/rules/zones.py `exile_if_leaves`)
    haste: bool = False
    exile_at_end: bool = False
    # "it gains 'If this permanent would leave the battlefield, exile it instead of putting it
    # anywhere else.'" (Spirit-Sister's Call; CR 614.1a, the same replacement as Whip's)
    exile_if_leaves: bool = False

    def step(self) -> Step:
        counters, tapped, haste, exile_at_end = self.counters, self.tapped, self.haste, self.exile_at_end
        leaves = self.exile_if_leaves

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None or g.st.objects[oid].zone != "graveyard":
                return
            new = return_to_battlefield(g, oid, item.controller, tapped, counters)
            if new not in g.st.objects or g.st.objects[new].zone != "battlefield":
                return
            if haste:
                g.add_effect("6", [new], until="never", add_kw=["haste"], remove_kw=[])
            if leaves and not exile_at_end:
                g.update(new, ctx={**g.st.objects[new].ctx, "exile_if_leaves": True})
            if exile_at_end:
                obj = g.st.objects[new]
                g.update(new, ctx={**obj.ctx, "exile_if_leaves": True})
                g.st.delayed.append({"event": "step:end", "player": item.controller, "step_player": g.st.active,
                                     "obj": new, "action": "exile",
                                     "source": item.name, "after_turn": g.st.turn})
        return run
