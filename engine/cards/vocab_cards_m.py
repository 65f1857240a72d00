"""More card-layer vocabulary (Duskmourn multicolour cards, engine/cards/sets/dsk_multi.py):
sacrificing as part of an effect, discarding a hand, revealing and picking from the top of
a library, milling and picking, "the Nth time this ability resolved this turn", sized tokens,
filters over your permanents and a player's maximum hand size (engine/rules/hand_size.py).

Each is a small frozen dataclass; effects have `step()`, counts and conditions are called
as `(g, me)`, permanent filters as `(g, me, oid)`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import amount, last_known, run_steps, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _names(g: "Context", ids: list[int]) -> list[str]:
    """Distinct option texts for permanents ("Plains", "Plains#2" ...), as targets are named."""
    from engine.format import ref_text
    return [ref_text(g, ("o", o)) for o in ids]


def _take(g: "Context", pool: list[int], names: list[str]) -> list[int]:
    """The objects of `pool` named by the answers (each name once per answer)."""
    out: list[int] = []
    for name in names:
        oid = next((o for o in pool if o not in out and g.st.objects[o].name == name), None)
        if oid is not None:
            out.append(oid)
    return out


def _card_names(g: "Context", ids: list[int]) -> list[str]:
    return sorted({g.st.objects[o].name for o in ids})


# ------------------------------------------------------------------ counts and conditions
@dataclass(frozen=True)
class CardsInHand:
    """A count: the number of cards in your hand."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return len(g.st.players[me.controller].hand)


@dataclass(frozen=True)
class UnlockedDoors:
    """A count: the number of unlocked doors among Rooms you control (CR 709.5)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return sum(len(g.st.objects[o].unlocked) for o in g.battlefield(me.controller)
                   if "Room" in g.chars(o).subtypes)


@dataclass(frozen=True)
class SourcePower:
    """A count: the source's power — as it last existed on the battlefield if it has left
    (CR 113.7a; release notes, Rip, Spawn Hunter)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        if me.id in g.st.objects and g.st.objects[me.id].zone == "battlefield":
            return max(0, g.chars(me.id).power or 0)
        lki = g.st.this_turn.get(f"lki:{me.id}")
        return max(0, int(lki["power"] or 0)) if lki else 0


@dataclass(frozen=True)
class LandEnteredThisTurn:
    """"if a land entered the battlefield under your control this turn" (engine/rules/zones.py
    records it)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(g.st.this_turn.get(f"land_entered:{me.controller}"))


@dataclass(frozen=True)
class PrimeLands:
    """"you control a prime number of lands"."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        n = sum(1 for o in g.battlefield(me.controller) if g.is_type(o, "Land"))
        return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


@dataclass(frozen=True)
class LandsYouControl:
    """A count: the number of lands you control."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return sum(1 for o in g.battlefield(me.controller) if g.is_type(o, "Land"))


# ------------------------------------------------------------------ filters over your permanents
@dataclass(frozen=True)
class YourPermanents:
    """Which permanents you control a static ability affects: those with one of these
    subtypes ("Insects and Spiders you control"), or all but this one ("Other permanents
    you control"). Printed subtypes: a static ability reads no other one's effects."""
    subtypes: tuple[str, ...] = ()
    other: bool = False

    def __call__(self, g: "Context", me: "Obj", oid: int) -> bool:
        if self.other and oid == me.id:
            return False
        return not self.subtypes or bool(set(self.subtypes) & set(g.printed_subtypes(oid)))


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class MaySacrificeAnother:
    """"you may sacrifice another [creature or enchantment]. If you do, [then]." (CR 701.17):
    one choice among them, or "nothing"."""
    types: tuple[str, ...]
    then: tuple[Any, ...] = ()

    def step(self) -> Step:
        types, after = frozenset(self.types), [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "sacrificed" not in ctx:
                p = item.controller
                ids = [o for o in g.battlefield(p) if o != item.source and g.chars(o).types & types]
                if not ids:
                    return None
                names = _names(g, ids)
                if "answer" not in ctx:
                    return Ask(p, "choose_card", names + ["nothing"], "ask.sacrifice_may", {"card": item.name})
                answer = ctx.pop("answer")[0]
                if answer not in names:
                    return None
                g.sacrifice(ids[names.index(answer)])
                ctx["sacrificed"] = True
            got = run_steps(after, g, item, ctx, "sacrificed_then")
            if got is None:
                ctx.pop("sacrificed", None)
            return got
        return run


@dataclass(frozen=True)
class DiscardHand:
    """"Discard your hand." (CR 701.8)"""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            for oid in list(g.st.players[p].hand):
                name = g.st.objects[oid].name
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
        return run


@dataclass(frozen=True)
class EachOpponentDiscards:
    """"Each opponent discards a card." — in APNAP order (CR 101.4), each choosing."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            order = ctx.setdefault("opp_discard", [p for p in g.apnap() if p != item.controller])
            while order:
                p = order[0]
                hand = g.st.players[p].hand
                if hand:
                    if "answer" not in ctx:
                        return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
                    choice = ctx.pop("answer")[0]
                    oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
                    g.move(oid, "graveyard", cause="discard")
                    g.event("discard", player=g.pname(p), card=choice)
                order.pop(0)
            ctx.pop("opp_discard")
            return None
        return run


@dataclass(frozen=True)
class TokenSized:
    """"create an X/X [token]" — the token's printed power and toughness are X, taken as the
    effect resolves (CR 111.4, 608.2h)."""
    name: str
    n: Any

    def step(self) -> Step:
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.sets import token_data
            from engine.rules import zones
            x = amount(n, g, item)
            zones.create_token(g, item.controller, {**token_data(name), "power": str(x), "toughness": str(x)})
        return run


@dataclass(frozen=True)
class TokenThenCounters:
    """"create [token], then put that many +1/+1 counters on it" (N taken as it resolves)."""
    name: str
    n: Any
    kind: str = "+1/+1"

    def step(self) -> Step:
        name, n, kind = self.name, self.n, self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            x = amount(n, g, item)
            oid = g.create_token(item.controller, name)
            if x > 0 and oid in g.st.objects:
                g.add_counters(oid, kind, x)
        return run


def _reveal(g: "Context", p: int, ids: list[int]) -> None:
    for oid in ids:
        g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)


@dataclass(frozen=True)
class RevealTopTakeAll:
    """"reveal the top N cards of your library. Put all [type] cards from among them into
    your hand and the rest on the bottom of your library in a random order." """
    n: int
    types: tuple[str, ...]

    def step(self) -> Step:
        n, types = self.n, frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            _reveal(g, p, top)
            for oid in top:
                if g.printed_types(oid) & types:
                    g.move(oid, "hand", cause="reveal")
            g.shuffle_into_bottom(p, [o for o in top if o in g.st.players[p].library])
        return run


def _power(g: "Context", oid: int) -> int:
    return g.chars(oid).power or 0


@dataclass(frozen=True)
class RevealTopPickDifferentPowers:
    """"reveal the top X cards of your library ... Put any number of creature and/or Vehicle
    cards with different powers from among them into your hand. Put the rest on the bottom of
    your library in a random order." X is taken once, as it resolves; the cards are chosen
    one at a time ("nothing" ends the choice), each with a power not yet chosen."""
    n: Any

    def step(self) -> Step:
        n = self.n

        def fits(g: "Context", oid: int) -> bool:
            return "Creature" in g.printed_types(oid) or "Vehicle" in g.printed_subtypes(oid)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "revealed" not in ctx:
                gone = item.source is not None and item.source not in g.st.objects and not isinstance(n, int)
                lki = last_known(g, item.source) if gone and item.source is not None else None
                x = int(n(g, lki)) if lki is not None else amount(n, g, item)
                ctx["revealed"] = list(g.st.players[p].library[:x])
                ctx["taken"] = []
                _reveal(g, p, ctx["revealed"])
            revealed: list[int] = ctx["revealed"]
            taken: list[int] = ctx["taken"]
            if "answer" in ctx:
                answer = ctx.pop("answer")[0]
                pick = next((o for o in revealed if o not in taken and g.st.objects[o].name == answer), None)
                if pick is None:
                    ctx["done"] = True
                else:
                    taken.append(pick)
            powers = {_power(g, o) for o in taken}
            left = [o for o in revealed if o not in taken and fits(g, o) and _power(g, o) not in powers]
            if left and not ctx.get("done"):
                return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.pick_to_hand", {})
            for oid in taken:
                g.move(oid, "hand", cause="reveal")
            g.shuffle_into_bottom(p, [o for o in revealed if o in g.st.players[p].library])
            for k in ("revealed", "taken", "done"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class MillDamagePickOrCounter:
    """"you mill that many cards [the damage of the event]. You may put any number of
    [legendary and/or enchantment] cards from among them into your hand. If you put no cards
    into your hand this way, put a +1/+1 counter on [this creature]." The cards are chosen
    one at a time; "nothing" ends the choice."""
    supertypes: tuple[str, ...] = ("Legendary",)
    types: tuple[str, ...] = ("Enchantment",)

    def step(self) -> Step:
        sups, types = frozenset(self.supertypes), frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "milled" not in ctx:
                k = int(ctx.get("event", {}).get("amount", 0))
                milled = []
                for oid in list(g.st.players[p].library[:k]):
                    milled.append(g.move(oid, "graveyard", cause="mill"))
                g.event("mill", player=g.pname(p), count=len(milled))
                ctx["milled"], ctx["picked"] = milled, 0
            if "answer" in ctx:
                answer = ctx.pop("answer")[0]
                pick = next((o for o in ctx["milled"] if o in g.st.players[p].graveyard
                             and g.st.objects[o].name == answer), None)
                if pick is None:
                    ctx["done"] = True
                else:
                    g.move(pick, "hand", cause="return")
                    ctx["picked"] += 1
            left = [o for o in ctx["milled"] if o in g.st.objects and g.st.objects[o].zone == "graveyard"
                    and (g.chars(o).supertypes & sups or g.printed_types(o) & types)]
            if left and not ctx.get("done"):
                return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.pick_to_hand", {})
            if not ctx["picked"]:
                src = source_id(g, item)
                if src is not None:
                    g.add_counters(src, "+1/+1", 1)
            for key in ("milled", "picked", "done"):
                ctx.pop(key, None)
            return None
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
class ByResolutionThisTurn:
    """"[first] if this is the first time this ability has resolved this turn. If it's the
    second time, [second]. If it's the third time, [third]." — counted per object and ability
    (CR 400.7: a new object starts again); from the fourth time on it does nothing."""
    first: tuple[Any, ...]
    second: tuple[Any, ...]
    third: tuple[Any, ...]
    key: str = "nth"

    def step(self) -> Step:
        branches = [[e.step() for e in b] for b in (self.first, self.second, self.third)]
        key = self.key

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "nth" not in ctx:
                mark = f"{key}:{item.source}"
                n = int(g.st.this_turn.get(mark, 0)) + 1
                g.st.this_turn[mark] = n
                ctx["nth"] = n
            n = ctx["nth"]
            got = run_steps(branches[n - 1], g, item, ctx, "nth_step") if n <= 3 else None
            if got is None:
                ctx.pop("nth")
            return got
        return run


# ------------------------------------------------------------------ static effects
@dataclass(frozen=True)
class MaxHandSize:
    """A static ability's effect on maximum hand size (CR 402.2): "You have no maximum hand
    size" (who="you", size=None), or "each opponent's maximum hand size is equal to [count]"
    (who="each_opponent", size=a count). Applied in timestamp order (engine/rules/hand_size.py)."""
    who: str = "you"
    size: Any = None

    def continuous(self, g: "Context", me: "Obj", ts: int) -> list[dict[str, Any]]:
        players = [me.controller] if self.who == "you" else g.opponents(me.controller)
        value = None if self.size is None else max(0, int(self.size(g, me)))
        return [{"layer": "hand_size", "ids": [], "ts": ts, "players": players, "value": value}]


@dataclass(frozen=True)
class SevenMinus:
    """A count: seven minus another count ("seven minus the number of those card types")."""
    count: Any

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return 7 - int(self.count(g, me))


# ------------------------------------------------------------------ graveyard
@dataclass(frozen=True)
class CardInYourGraveyard:
    """A target filter: "target [creature] card from your graveyard"."""
    types: tuple[str, ...] = ("Creature",)
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(g.printed_types(obj.id) & set(self.types))


@dataclass(frozen=True)
class ReturnTargetToBattlefield:
    """"Return target [creature] card from your graveyard to the battlefield [with a finality
    counter on it]" — under your control (CR 110.2); the counter is on it as it enters."""
    counter: str = ""

    def step(self) -> Step:
        counter = self.counter

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            new = g.move(oid, "battlefield", controller=item.controller, cause="return")
            if counter and new in g.st.objects and g.st.objects[new].zone == "battlefield":
                g.add_counters(new, counter, 1)
        return run


# ------------------------------------------------------------------ mana
@dataclass(frozen=True)
class AddMana:
    """"add {R}{R}" from a triggered ability that is no mana ability (CR 605.1b: it triggers on a
    step, so it uses the stack); `purpose` marks a spending restriction kept with the mana in
    the pool (CR 106.6): "room" for "Spend this mana only to cast Room spells and unlock doors."
    (engine/rules/mana.py usable_pool). It empties from the pool as the step ends (CR 500.4)."""
    mana: str
    purpose: str = ""

    def step(self) -> Step:
        mana, purpose = self.mana, self.purpose

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            pool = g.st.players[item.controller].mana
            for colour in mana:
                key = f"{colour}:{purpose}" if purpose else colour
                pool[key] = pool.get(key, 0) + 1
            g.event("mana", player=g.pname(item.controller), card=item.name, mana=mana)
        return run


# ------------------------------------------------------------------ copies (CR 707)
def _with_exceptions(values: dict[str, Any], power: int | None, toughness: int | None, add_colors: tuple[str, ...],
                     add_subtypes: tuple[str, ...], add_keywords: tuple[str, ...]) -> dict[str, Any]:
    """Copiable values with a copy effect's exceptions (CR 707.9b): a set P/T, colours, creature
    types and keyword abilities "in addition to its other colors and types"."""
    out = dict(values)
    if power is not None:
        out["power"], out["toughness"] = str(power), str(toughness)
    out["colors"] = sorted(set(out.get("colors", [])) | set(add_colors))
    if add_subtypes:
        line = str(out.get("type_line", ""))
        head, _, subs = line.partition("—")
        words = subs.split() + [s for s in add_subtypes if s not in subs.split()]
        out["type_line"] = f"{head.strip()} — {' '.join(words)}"
    out["keywords"] = sorted(set(out.get("keywords", [])) | set(add_keywords))
    return out


@dataclass(frozen=True)
class TokenCopyOfTarget:
    """"Create a token that's a copy of [target creature], except it's a P/T [colour] [type]
    creature in addition to its other colors and types and it has [keywords]. Sacrifice it at
    the beginning of the next end step." (CR 707.2, 707.9b, 111.4; a delayed trigger, CR
    603.7). The copiable values: engine/rules/characteristics.py copiable_values."""
    power: int | None = None
    toughness: int | None = None
    add_colors: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_keywords: tuple[str, ...] = ()
    sacrifice_next_end: bool = False

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules import zones
            from engine.rules.characteristics import copiable_values
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            values = _with_exceptions(copiable_values(g, oid), e.power, e.toughness, e.add_colors, e.add_subtypes,
                                      e.add_keywords)
            new = zones.create_token(g, item.controller, values)
            if e.sacrifice_next_end:
                g.st.delayed.append({"event": "step:end", "player": g.st.active, "obj": new, "action": "sacrifice",
                                     "source": item.name})
        return run


@dataclass(frozen=True)
class Nonlegendary:
    """A target filter: "target nonlegendary creature you control"."""
    what = "creature"
    yours = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Legendary" not in g.chars(obj.id).supertypes


@dataclass(frozen=True)
class ExileTargetCopyReturn:
    """"Exile target [creature]. [Subtype]s you control become copies of it until the next end
    step. Return it to the battlefield under its owner's control at the beginning of the next
    end step." (Niko, Light of Hope): the copiable values as it last existed on the battlefield
    (CR 707.2; a copy effect, layer 1, CR 613.2a); the return is a delayed trigger (CR 603.7)."""
    subtype: str = "Shard"

    def step(self) -> Step:
        subtype = self.subtype

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules.characteristics import copiable_values
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            values = copiable_values(g, oid)
            exiled = g.move(oid, "exile", cause="exile")
            ids = [o for o in g.battlefield(item.controller) if subtype in g.chars(o).subtypes]
            if ids:
                g.add_effect("1", ids, until="next_end_step", values=values)
            g.st.delayed.append({"event": "step:end", "player": g.st.active, "obj": exiled, "action": "return",
                                 "from": "exile", "source": item.name})
        return run


@dataclass(frozen=True)
class Scry:
    """Scry N (CR 701.22a): look at the top N cards of your library, put any number of them on
    the bottom and the rest on top in any order. The names are options (seen by the scrying
    player only); with one card: the card to put on the bottom, or "nothing"."""
    n: int = 1

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            if not top:
                return None
            names = [g.st.objects[o].name for o in top]
            if "scry_bottom" not in ctx:
                if "answer" not in ctx:
                    if len(top) == 1:
                        return Ask(p, "choose_card", [names[0], "nothing"], "ask.scry_bottom", {"count": 1})
                    return Ask(p, "choose_card", names, "ask.scry_bottom", {"count": len(top)}, count=len(top),
                               min_count=0)
                ctx["scry_bottom"] = _take(g, top, [a for a in ctx.pop("answer") if a != "nothing"])
                ctx["scry_top"] = []
            bottom: list[int] = ctx["scry_bottom"]
            rest = [o for o in top if o not in bottom and o not in ctx["scry_top"]]
            if "answer" in ctx:
                ctx["scry_top"] += _take(g, rest, ctx.pop("answer")[:1])
                rest = [o for o in top if o not in bottom and o not in ctx["scry_top"]]
            if len(rest) > 1:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in rest], "ask.surveil_top",
                           {"count": len(rest)})
            order = ctx.pop("scry_top") + rest
            ctx.pop("scry_bottom")
            lib = [o for o in g.st.players[p].library if o not in top]
            g.update_player(p, library=order + lib + bottom)
            g.event("scry", player=g.pname(p), count=len(top))
            return None
        return run
