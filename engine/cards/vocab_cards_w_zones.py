"""Card-layer vocabulary for moving cards between zones (helper cards_w, Duskmourn white):
returning a target card from a graveyard to the battlefield, exiling "until this leaves the
battlefield" (CR 610.3), looking at the top cards of a library and taking one, returning the
dead card itself "It's an enchantment." and the like. Frozen dataclasses; each effect knows
its engine step, each filter is called (g, obj)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


# ------------------------------------------------------------------ target filters
@dataclass(frozen=True)
class GraveyardCard:
    """A target filter: "target [creature] card [with mana value N or less] from your
    graveyard" (CR 115.1, 202.3: X is 0 outside the stack)."""
    types: tuple[str, ...] = ()
    mv_at_most: int | None = None
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        if self.types and not (c.types & set(self.types)):
            return False
        return self.mv_at_most is None or c.mana_value <= self.mv_at_most


@dataclass(frozen=True)
class OpponentsPermanent:
    """A target filter: "target [nonland] permanent / artifact, creature, or enchantment an
    opponent controls" (CR 115.1); `up_to` for "up to one target ..."."""
    types: tuple[str, ...] = ()
    nonland: bool = False
    toughness_at_most: int | None = None
    up_to: bool = False
    opponents = True
    what = "permanent"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        if self.nonland and "Land" in c.types:
            return False
        if self.types and not (c.types & set(self.types)):
            return False
        return self.toughness_at_most is None or (c.toughness or 0) <= self.toughness_at_most


@dataclass(frozen=True)
class CreatureWith:
    """A target filter: "[up to one] target creature [with toughness N or less]" — any
    controller."""
    toughness_at_most: int | None = None
    up_to: bool = False
    what = "creature"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return self.toughness_at_most is None or (g.chars(obj.id).toughness or 0) <= self.toughness_at_most


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class ReturnTargetToBattlefield:
    """"Return target ... card from your graveyard to the battlefield" — under your control
    (CR 110.2a); nothing if the target left the graveyard (CR 608.2b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None and g.st.objects[oid].zone == "graveyard":
                g.move(oid, "battlefield", controller=item.controller, cause="return")
        return run


@dataclass(frozen=True)
class ExileUntilLeaves:
    """"exile target ... until this [permanent] leaves the battlefield" (CR 610.3): the
    exiled cards are remembered on the source and return under their owners' control as it
    leaves (engine/rules/zones.py). If the source has already left as this resolves, nothing
    is exiled (CR 610.3c)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            src = source_id(g, item)
            if oid is None or src is None:
                return
            new = g.move(oid, "exile", cause="exile")
            me = g.st.objects[src]
            g.update(src, ctx={**me.ctx, "exiled_until": [*me.ctx.get("exiled_until", []), new]})
        return run


def return_exiled_until(g: "Context", old: "Obj") -> None:
    """CR 610.3a: the permanent that exiled cards "until it leaves the battlefield" has left:
    they return to the battlefield under their owners' control at once. A token exiled this
    way has ceased to exist (CR 111.8) and stays where it is."""
    for oid in old.ctx.get("exiled_until", []):
        obj = g.st.objects.get(oid)
        if obj is not None and obj.zone == "exile" and not obj.token:
            g.move(oid, "battlefield", controller=obj.owner, cause="return")


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
class CreatureCardPowerAtMost:
    """A card filter: "a creature card with power N or less" (in a library, a hand)."""
    n: int

    def __call__(self, g: "Context", oid: int) -> bool:
        c = g.chars(oid)
        return "Creature" in c.types and (c.power or 0) <= self.n


@dataclass(frozen=True)
class LookAtTopTake:
    """"look at the top N cards of your library. You may reveal a [filter] card from among
    them and put it into your hand. Put the rest on the bottom of your library in a random
    order." The names are options, seen by the looking player only."""
    n: int
    fits: Any

    def step(self) -> Step:
        n, fits = self.n, self.fits

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            if not top:
                return None
            ok = [o for o in top if fits(g, o)]
            chosen = None
            if ok:
                if "answer" not in ctx:
                    return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in ok}) + ["nothing"],
                               "ask.reveal_to_hand", {"count": len(top)})
                name = ctx.pop("answer")[0]
                chosen = next((o for o in ok if g.st.objects[o].name == name), None)
            if chosen is not None:
                g.event("reveal", player=g.pname(p), card=g.st.objects[chosen].name)
                g.move(chosen, "hand", cause="reveal")
            g.shuffle_into_bottom(p, [o for o in top if o != chosen])
            return None
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
class ReturnExiledWithToHand:
    """"When this creature leaves the battlefield, put each card exiled with it into its
    owner's hand." — the cards remembered on the permanent as it last existed (CR 603.10a),
    those still in exile; none: nothing happens."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for oid in ctx.get("event", {}).get("lki_ctx", {}).get("exiled_with", []):
                obj = g.st.objects.get(oid)
                if obj is not None and obj.zone == "exile":
                    g.move(oid, "hand", cause="return")
        return run


@dataclass(frozen=True)
class ExiledCardsOwnersManifestDread:
    """"When this Vehicle leaves the battlefield, the exiled card's owner manifests dread."
    — each player who owns one or more of the cards exiled with it (last known information,
    CR 603.10a) manifests dread once, in APNAP order (CR 101.4); none exiled: nothing."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.cards.mechanics.manifest_dread import manifest_dread
            if "md_owners" not in ctx:
                ids = ctx.get("event", {}).get("lki_ctx", {}).get("exiled_with", [])
                owners = {g.st.objects[o].owner for o in ids if o in g.st.objects}
                ctx["md_owners"] = [p for p in g.apnap() if p in owners]
                ctx["md_i"] = 0
            while ctx["md_i"] < len(ctx["md_owners"]):
                got = manifest_dread(g, ctx["md_owners"][ctx["md_i"]], ctx)
                if got is not None:
                    return got
                ctx["md_i"] += 1
            return None
        return run
