"""Cards returned to (or put onto) the battlefield from the graveyard — "return it to the
battlefield [tapped] [with a counter] [as an enchantment]" (CR 400.7, 110.2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.layer.build import card
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import event_new_object

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ReturnIt:
    """"return it [this card / that card] to the battlefield [tapped] under its owner's /
    your control [with counters on it]" — the card the dying permanent became, only if it is
    still in the graveyard (CR 400.7). `only_enchantment`: "It's an enchantment." (it is no
    other card type and has no creature types, layer 4); `mine`: under your control."""
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    only_enchantment: bool = False
    mine: bool = False

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = event_new_object(g, ctx)
            if oid is None:
                return
            return_to_battlefield(g, oid, item.controller if e.mine else g.st.objects[oid].owner,
                                  e.tapped, e.counters, e.only_enchantment)
        return run


def return_to_battlefield(g: "Context", oid: int, controller: int, tapped: bool = False,
                          counters: tuple[tuple[str, int], ...] = (), only_enchantment: bool = False) -> int:
    """Put a card onto the battlefield; it enters with the counters (CR 614.1c) and, for
    "It's an enchantment.", a type-changing effect for as long as it stays (layer 4)."""
    def enter() -> int:  # others' "whenever ... enters" see it as it enters: an enchantment (CR 603.6a)
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
class ReturnThisWith:
    """"Return this card from your graveyard to the battlefield with a finality counter on it"
    (an activated ability that works from the graveyard)."""
    counters: tuple[tuple[str, int], ...] = (("finality", 1),)

    def step(self) -> Step:
        counters = self.counters

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is None or src not in g.st.objects or g.st.objects[src].zone != "graveyard":
                return
            return_to_battlefield(g, src, g.st.objects[src].owner, counters=counters)
        return run


@dataclass(frozen=True)
class ReturnTargetToBattlefield:
    """"Return target ... card from your graveyard to the battlefield [tapped] [with a finality
    counter on it]" — under your control (CR 110.2a); nothing if the target left the graveyard
    (CR 608.2b); the counter is on it as it enters."""
    counter: str = ""
    tapped: bool = False

    def step(self) -> Step:
        counter, tapped = self.counter, self.tapped

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None or g.st.objects[oid].zone != "graveyard":
                return
            new = g.move(oid, "battlefield", controller=item.controller, tapped=tapped, cause="return")
            if counter and new in g.st.objects and g.st.objects[new].zone == "battlefield":
                g.add_counters(new, counter, 1)
        return run


@dataclass(frozen=True)
class ReturnAsType:
    """"return it to the battlefield under its owner's control. It's an enchantment." — the
    card the dies trigger came from, if it is still in its owner's graveyard (CR 400.7), with
    a type-changing effect that lasts as long as it stays (layer 4, CR 613.1d, 205.1a): its
    types are replaced, and with them the creature types (CR 205.3d)."""
    types: tuple[str, ...] = ("Enchantment",)

    def step(self) -> Step:
        types = self.types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            card = ctx.get("source_card")
            if card is None or item.ctx.get("token"):  # a token that died is gone (CR 111.7)
                return
            oid = next((o for pl in g.st.players for o in pl.graveyard if g.st.objects[o].card == card), None)
            if oid is None:
                return
            owner = g.st.objects[oid].owner
            new = g.move(oid, "battlefield", controller=owner, cause="return")
            g.add_effect("4", [new], until="game", set_types=list(types), set_subtypes=[])
        return run


@dataclass(frozen=True)
class ReturnItAsEnchantment:
    """"return it to the battlefield under its owner's control. It's an enchantment." (the
    Enduring cycle) — the card it became as it died, if it is still in the graveyard
    (CR 400.7); from then on it is an enchantment only: no creature type, no creature
    subtypes (CR 205.1b), an effect without duration."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = ctx.get("event", {}).get("new_obj")
            if oid is None or oid not in g.st.objects or g.st.objects[oid].zone != "graveyard":
                return
            owner = g.st.objects[oid].owner
            new = g.move(oid, "battlefield", controller=owner, cause="return")
            g.add_effect("4", [new], until="never", remove_types=["Creature"], remove_subtypes="all")
        return run


@dataclass(frozen=True)
class ReturnDeadAs:
    """"return it to the battlefield under its owner's control. It's an enchantment." — the
    card that left the battlefield (found by its physical card in its owner's graveyard, if
    it is still there, CR 400.7) returns; `types` set its card types for as long as it stays
    (layer 4, CR 613.1d), its creature subtypes gone with the creature type (CR 205.1b)."""
    types: tuple[str, ...] = ()

    def step(self) -> Step:
        types = self.types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            card = ctx.get("event", {}).get("card")
            owner = next((o for o in g.st.objects.values() if o.card == card and o.zone == "graveyard"), None)
            if owner is None or owner.token:
                return
            def enter() -> None:  # others' "whenever ... enters" see it as it enters (CR 603.6a)
                new = g.move(owner.id, "battlefield", controller=owner.owner, cause="return")
                if types:
                    g.add_effect("4", [new], until="forever", set_types=list(types), set_subtypes=[])
            g.triggers.together(enter)
        return run


@dataclass(frozen=True)
class ReturnThisToBattlefield:
    """"Return this card from your graveyard to the battlefield [with a finality counter on
    it]" — if it is still in the graveyard (CR 400.7)."""
    counter: str = ""

    def step(self) -> Step:
        counter = self.counter

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is None or src not in g.st.objects or g.st.objects[src].zone != "graveyard":
                return
            new = g.move(src, "battlefield", controller=item.controller, cause="return")
            if counter:
                g.add_counters(new, counter, 1)
        return run


@dataclass(frozen=True)
class ReturnItFromGraveyard:
    """"When [this] dies, return it to the battlefield under its owner's control. It's an
    [enchantment]." — the card the source was, if it is still in its owner's graveyard
    (CR 400.7, 603.10a); `not_types` it no longer has, for good, with the subtypes of those
    types (layer 4; release notes, Andauernde Vitalität). A token is not returned (CR 111.8)."""
    not_types: tuple[str, ...] = ()

    def step(self) -> Step:
        not_types = self.not_types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            card = item.ctx.get("source_card")
            oid = next((o for pl in g.st.players for o in pl.graveyard if g.st.objects[o].card == card), None)
            if card is None or oid is None:
                return
            owner = g.st.objects[oid].owner
            new = g.move(oid, "battlefield", controller=owner, cause="return")
            if not_types:
                g.add_effect("4", [new], until="permanent", remove_types=list(not_types),
                             remove_subtypes=list(g.printed_subtypes(new)))
        return run


@dataclass(frozen=True)
class ReanimateFromAnyGraveyard:
    """"put a creature card from a graveyard onto the battlefield under your control" —
    chosen as it resolves (no target), from any player's graveyard."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            ids = [o for pl in g.st.players for o in pl.graveyard if "Creature" in g.printed_types(o)]
            if not ids:
                return None
            names = [ref_text(g, ("o", o)) for o in ids]
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", names, "ask.reanimate", {})
            answer = ctx.pop("answer")[0]
            oid = ids[names.index(answer)] if answer in names else ids[0]
            g.move(oid, "battlefield", controller=item.controller, cause="put")
            return None
        return run


@dataclass(frozen=True)
class PutEventCardsOntoBattlefield:
    """"put them onto the battlefield tapped" — the cards the trigger event named, those still
    in the graveyard, under your control (CR 400.7)."""
    tapped: bool = True

    def step(self) -> Step:
        tapped = self.tapped

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for oid in list(ctx.get("event", {}).get("cards", [])):
                if oid in g.st.objects and g.st.objects[oid].zone == "graveyard":
                    g.move(oid, "battlefield", controller=item.controller, tapped=tapped, cause="put")
        return run
