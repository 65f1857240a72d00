"""Permanents leaving the battlefield: destroy (CR 701.8), exile the target, return to the
hand. Sacrifice (CR 701.17) is engine/cards/vocab/sacrifice.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import THOSE, answer_object, event_new_object, object_options, run_then
from engine.cards.vocab.targets import Creatures
from engine.messages.terms import kind_words
from engine.rules.resolved_replacements import shields

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Destroy:
    """Destroy the target (CR 701.8). `regenerate=False`: "It can't be regenerated." (CR
    701.19c: its regeneration shields do not replace this destruction; they stay for later).
    `gain="toughness"`: "If a creature is destroyed this way, you gain life equal to its
    toughness." (as it last existed, CR 113.7a; nothing if it was not destroyed: indestructible,
    regenerated). `of="each_target"`: "Destroy [up to one target artifact, up to one target
    creature, and up to one target enchantment]" — each target still legal; the mana values
    of those that went to a graveyard are added up, as they last existed (CR 608.2h), and
    remembered as "destroyed_mv" (`Count("remembered", key="destroyed_mv")`: "the total mana
    value of permanents destroyed this way", Convert to Slime). `of="those"`: "Destroy those
    creatures" / "the chosen creatures" — the permanents an effect before chose
    (engine/cards/vocab/those_cards.py `ChoosePermanents`), those still on the battlefield."""
    regenerate: bool = True
    gain: str = ""
    of: str = "target"  # or "each_target", "those"

    def step(self) -> Step:
        if self.of == "those":
            def chosen(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for oid in ctx.get(THOSE, []):
                    if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                        g.destroy(oid)
            return chosen
        if self.of == "each_target":
            def each_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                ids = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
                total = 0
                for oid in dict.fromkeys(ids):
                    if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                        continue
                    mv = g.chars(oid).mana_value
                    new = g.destroy(oid)
                    if new is not None and new != oid:  # it left the battlefield (not indestructible, regenerated)
                        total += mv
                ctx["destroyed_mv"] = total
            return each_target
        if self.gain == "toughness":
            def gain_toughness(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return
                was_creature = g.is_type(oid, "Creature")
                new = g.destroy(oid)
                if new is None or not was_creature:
                    return
                toughness = int(g.st.this_turn.get(f"lki:{oid}", {}).get("toughness") or 0)
                if toughness > 0:
                    g.gain_life(item.controller, toughness)
            return gain_toughness
        if self.regenerate:
            return fx.destroy(0)
        plain = fx.destroy(0)

        def no_regeneration(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            # CR 701.19c: "It can't be regenerated": its shields don't apply to this destruction
            off = shields(g, oid) if oid is not None else []
            g.end_replacements(off)
            plain(g, item, ctx)
            if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":  # indestructible: shields stay
                for shield in off:
                    g.add_replacement(shield)
        return no_regeneration


@dataclass(frozen=True)
class DestroyAll:
    """Destroy every permanent the filter matches, at once (CR 701.8)."""
    which: Creatures

    def step(self) -> Step:
        return fx.destroy_all(self.which)


@dataclass(frozen=True)
class ExileTarget:
    """Exile the target (CR 406.2); with `if_types`: "If it was a creature card, [then]" —
    the card's types as it was exiled (CR 608.2h)."""
    if_types: tuple[str, ...] = ()
    then: tuple[Any, ...] = ()
    # "event_card": "you may exile it" — the card the trigger event's permanent became in a
    # graveyard (CR 400.7), if still there; the event then names the exiled card ("a copy of
    # that creature" reads it); "each_target": each target still legal (CR 608.2b: "for each
    # opponent, exile target permanent that player controls")
    of: str = "target"
    index: int = 0  # which target: 1 for "up to one other target ..." (its second word)
    # "next_end_step": "Return it to the battlefield under its owner's control at the beginning of
    # the next end step." — a delayed triggered ability (CR 603.7); the card that returns is a
    # new object (CR 400.7)
    return_at: str = ""

    def step(self) -> Step:
        if self.return_at == "next_end_step":
            index = self.index

            def and_return(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, index)
                if oid is None:
                    return
                exiled = g.move(oid, "exile", cause="exile")
                g.st.delayed.append({"event": "step:end", "player": item.controller, "step_player": g.st.active,
                                     "obj": exiled, "action": "return", "from": "exile", "source": item.name})
            return and_return
        if self.return_at:
            raise ValueError(f"ExileTarget: return at what time? {self.return_at!r}")
        if self.of == "each_target":
            def each_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for i in range(len(item.targets)):
                    oid = g.target_obj(item, i)
                    if oid is not None and g.st.objects[oid].zone == "battlefield":
                        g.move(oid, "exile", cause="exile")
            return each_target
        if self.of == "event_card":
            def event_card(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = event_new_object(g, ctx)
                if oid is not None:
                    ctx.setdefault("event", {})["new_obj"] = g.move(oid, "exile", cause="exile")
            return event_card
        if not self.if_types:
            return fx.exile_target(self.index)
        types, then = self.if_types, [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "exiled_was" not in ctx:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return None
                ctx["exiled_was"] = bool(g.types_now(oid)[0] & set(types))
                g.move(oid, "exile", cause="exile")
            if not ctx["exiled_was"]:
                ctx.pop("exiled_was")
                return None
            return run_then(then, g, item, ctx, "exile_then", "exiled_was")
        return run


@dataclass(frozen=True)
class ExileIfDiesThisTurn:
    """"If that creature would die this turn, exile it instead." — a replacement effect on the
    target for the rest of the turn (CR 614.1a), whatever makes it die."""

    def step(self) -> Step:
        return fx.exile_if_dies_this_turn()


@dataclass(frozen=True)
class Bounce:
    """Return the target permanent (or card), or each target still legal, to its owner's hand
    (CR 400.7, 608.2b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [g.target_obj(item, i) for i in range(len(item.targets))]
            for oid in ids:
                if oid is not None and oid in g.st.objects:
                    g.move(oid, "hand", cause="return")
        return run


@dataclass(frozen=True)
class DestroyIt:
    """"destroy it" — the permanent the trigger event named (CR 701.8)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = ctx.get("event", {}).get("obj")
            if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                g.destroy(oid)
        return run


@dataclass(frozen=True)
class ChooseParityBounce:
    """"Then choose odd or even. Return each creature with power of the chosen quality to its
    owner's hand." — chosen as it resolves; no player acts in between (ruling, Zimones
    Hypothese). Zero is even."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", ["odd", "even"], "ask.odd_or_even", {"card": item.name})
            want = 1 if ctx.pop("answer")[0] == "odd" else 0
            g.event("choose", player=g.pname(item.controller), choice="odd" if want else "even")
            ids = [o for o in g.battlefield() if g.is_type(o, "Creature") and (g.chars(o).power or 0) % 2 == want]
            for oid in ids:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.move(oid, "hand", cause="return")
            return None
        return run


@dataclass(frozen=True)
class ReturnYours:
    """"Return a [land / creature] you control to its owner's hand" — a permanent with one of
    the card types `types` (any permanent if none, but none of `not_types`) you control,
    chosen as it resolves, not targeted (CR 608.2c); one must be chosen if there is one (the
    bouncelands, Time Wipe), and the permanent that asks may be the one chosen (ruling,
    Azorius Chancery: with no other land it returns itself). `may`: "[then] you may return
    ..." — "nothing" declines (Kefnet the Mindful); `owned`: "a nonland permanent you own",
    whoever controls it (CR 108.3); `then`: "If you do, [draw a card]" (Phenomenon
    Investigators)."""
    types: tuple[str, ...] = ("Land",)
    may: bool = False
    owned: bool = False
    not_types: tuple[str, ...] = ()
    then: tuple[Any, ...] = ()

    def step(self) -> Step:
        types, may, owned, not_types = frozenset(self.types), self.may, self.owned, frozenset(self.not_types)
        after = [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "returned" not in ctx:
                ids = [o for o in (g.battlefield() if owned else g.battlefield(p))
                       if (not owned or g.st.objects[o].owner == p)
                       and (not types or g.chars(o).types & types) and not g.chars(o).types & not_types]
                if not ids:
                    return None
                if "answer" not in ctx:
                    if owned:
                        return Ask(p, "choose_card", object_options(g, ids) + ["nothing"],
                                   "ask.may_return_own_permanent", {"card": item.name})
                    if may:
                        return Ask(p, "choose_card", object_options(g, ids) + ["nothing"], "ask.return_permanent",
                                   {"card": item.name})
                    return Ask(p, "choose_card", object_options(g, ids), "ask.return_own_permanent",
                               {"card": item.name, "what": kind_words(self.types)})
                oid = answer_object(g, ids, ctx.pop("answer")[0])
                if oid is None and not may:
                    oid = ids[0]
                if oid is None:
                    return None
                g.move(oid, "hand", cause="return")
                ctx["returned"] = True
            return run_then(after, g, item, ctx, "returned_then", "returned", "returned_then")
        return run
