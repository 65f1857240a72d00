"""The card layer's vocabulary (issue #9): effects, conditions and filters as small frozen
dataclasses. Each effect knows the engine step it stands for (`step()`), so a set mechanic
can bring its own effects (engine/cards/mechanics/) without touching this module.

Conditions are called as `condition(g, me)` with the ability's source object; filters as
`filter(g, oid)`. `Custom(step)` is the escape hatch, counted by the coverage report.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.cards import effects as fx
from engine.cards.model import Ask, Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

THIS, TARGET, EVENT = "this", "target", "event"


class Effect(Protocol):
    def step(self) -> Step: ...


class Condition(Protocol):
    def __call__(self, g: "Context", me: "Obj") -> bool: ...


def source_id(g: "Context", item: "Obj") -> int | None:
    """The ability's source if it is still on the battlefield (else None)."""
    src = item.source
    return src if src is not None and src in g.st.objects and g.st.objects[src].zone == "battlefield" else None


def last_known(g: "Context", oid: int) -> "Obj | None":
    """The permanent `oid` as it last existed on the battlefield this turn (CR 113.7a), or None."""
    from engine.state import Obj
    lki = g.st.this_turn.get(f"lki:{oid}")
    return Obj(**lki["obj"]) if lki else None


# ------------------------------------------------------------------ conditions and filters
@dataclass(frozen=True)
class Controls:
    """You control a permanent of this subtype (and card type)."""
    subtype: str
    card_type: str = "Creature"

    def __call__(self, g: "Context", me: "Obj") -> bool:
        return any(self.card_type in g.chars(o).types and self.subtype in g.chars(o).subtypes
                   for o in g.battlefield(me.controller))


@dataclass(frozen=True)
class AnyPlayerLifeAtMost:
    """"a player has N or less life" (the Duskmourn dual lands)."""
    n: int

    def __call__(self, g: "Context", me: "Obj") -> bool:
        return any(p.life <= self.n and not p.lost for p in g.st.players)


@dataclass(frozen=True)
class UnlockedDoorsAtLeast:
    """"there are N or more unlocked doors among Rooms you control" (CR 709.5)."""
    n: int

    def __call__(self, g: "Context", me: "Obj") -> bool:
        return sum(len(g.st.objects[o].unlocked) for o in g.battlefield(me.controller)
                   if "Room" in g.chars(o).subtypes) >= self.n


@dataclass(frozen=True)
class Creatures:
    """A filter: creatures, tapped or untapped ones (None: either), with power N or greater."""
    tapped: bool | None = None
    power_at_least: int | None = None

    def __call__(self, g: "Context", oid: int) -> bool:
        return g.is_type(oid, "Creature") and (self.tapped is None or g.st.objects[oid].tapped == self.tapped) \
            and (self.power_at_least is None or (g.chars(oid).power or 0) >= self.power_at_least)


# ------------------------------------------------------------------ effects
def amount(n: Any, g: "Context", item: "Obj") -> int:
    """A number in card text: a constant, or a count such as "the number of creatures you
    control with power 2 or less" taken as the effect resolves (CR 608.2h)."""
    if isinstance(n, int):
        return n
    me = g.st.objects.get(item.source) if item.source is not None and item.source in g.st.objects else item
    return int(n(g, me))


@dataclass(frozen=True)
class GainLife:
    n: Any

    def step(self) -> Step:
        if isinstance(self.n, int):
            return fx.gain_life(self.n)
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.gain_life(item.controller, amount(n, g, item))
        return run


@dataclass(frozen=True)
class LoseLife:
    n: int
    who: str = "you"  # you | each_opponent

    def step(self) -> Step:
        if self.who != "each_opponent":
            return fx.lose_life(self.n)
        n = self.n

        def each(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for p in g.opponents(item.controller):
                g.lose_life(p, n)
        return each


@dataclass(frozen=True)
class Draw:
    n: Any = 1  # a number, or a count taken as it resolves ("draw X cards, where X is ...")
    who: str = "you"  # you | each_player (in APNAP order, CR 101.4)

    def step(self) -> Step:
        if not isinstance(self.n, int) and self.who == "you":
            n = self.n

            def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.draw(item.controller, amount(n, g, item))
            return run
        return fx.each_player_draws(self.n) if self.who == "each_player" else fx.draw(self.n)


@dataclass(frozen=True)
class CantBeBlocked:
    """Target creature can't be blocked this turn (a rules effect checked in CR 509.1b)."""

    def step(self) -> Step:
        return fx.cant_be_blocked()


@dataclass(frozen=True)
class Pump:
    """Gets +P/+T (and gains keywords) until end of turn (CR 611.2c, layers 7c and 6)."""
    power: int
    toughness: int
    keywords: tuple[str, ...] = ()
    on: str = THIS
    loses: tuple[str, ...] = ()  # "... and loses flying"
    until: str = "eot"  # or "your_next_turn" (CR 611.2b)

    def step(self) -> Step:
        if self.on == TARGET and (self.loses or self.until != "eot"):
            e = self

            def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return
                until = f"your_next_turn:{item.controller}" if e.until == "your_next_turn" else e.until
                if e.power or e.toughness:
                    g.add_effect("7c", [oid], until=until, power=e.power, toughness=e.toughness)
                if e.keywords or e.loses:
                    g.add_effect("6", [oid], until=until, add_kw=list(e.keywords), remove_kw=list(e.loses))
            return run
        if self.on == TARGET:
            return fx.pump_target(self.power, self.toughness, self.keywords)
        if self.on == EVENT:  # "it gets ..." — the creature the trigger event named
            return fx.pump_event_creature(self.power, self.toughness, self.keywords)
        power, toughness, keywords = self.power, self.toughness, self.keywords

        def on_source(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None:
                return
            if power or toughness:
                g.add_effect("7c", [oid], power=power, toughness=toughness)
            if keywords:
                g.add_effect("6", [oid], add_kw=list(keywords))
        return on_source


@dataclass(frozen=True)
class PumpYours:
    """Creatures you control (of a subtype) get +P/+T and gain keywords until end of turn;
    the set of creatures is locked in as it resolves (CR 611.2c)."""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    subtype: str = ""
    attacking: bool = False  # "attacking creatures you control get ..."

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [o for o in g.battlefield(item.controller) if g.is_type(o, "Creature")
                   and (not e.subtype or e.subtype in g.chars(o).subtypes)
                   and (not e.attacking or g.st.objects[o].attacking is not None)]
            if not ids:
                return
            if e.power or e.toughness:
                g.add_effect("7c", ids, power=e.power, toughness=e.toughness)
            if e.keywords:
                g.add_effect("6", ids, add_kw=list(e.keywords))
        return run


@dataclass(frozen=True)
class Counters:
    """CR 122.1: put counters on the source or on the target, if it is still there."""
    kind: str
    n: int = 1
    on: str = THIS

    def step(self) -> Step:
        kind, n, on = self.kind, self.n, self.on

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if on == EVENT:  # "put a +1/+1 counter on it" — the permanent the event named
                oid = ctx.get("event", {}).get("obj")
                oid = oid if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" else None
            else:
                oid = g.target_obj(item, 0) if on == TARGET else source_id(g, item)
            if oid is not None:
                g.add_counters(oid, kind, n)
        return run


@dataclass(frozen=True)
class Token:
    name: str
    n: Any = 1  # a number or a count

    def step(self) -> Step:
        if isinstance(self.n, int):
            return fx.create_token(self.name, self.n)
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for _ in range(amount(n, g, item)):
                g.create_token(item.controller, name)
        return run


@dataclass(frozen=True)
class Damage:
    """This source deals N damage to the target, each opponent or each creature (CR 120.3)."""
    n: Any
    to: str = TARGET  # TARGET | "each_opponent" | "each_creature" | "each_creature_defending_player"

    def step(self) -> Step:
        if not isinstance(self.n, int) and self.to == TARGET:
            n = self.n

            def to_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                ref = g.target_ref(item, 0)
                if ref is not None:
                    g.damage(g.damage_source(item), ref, amount(n, g, item))
            return to_target
        if not isinstance(self.n, int) and self.to == "each_opponent":
            n = self.n

            def each(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                x = amount(n, g, item)
                for p in g.opponents(item.controller):
                    g.damage(g.damage_source(item), {"player": p}, x)
            return each
        if self.to == "each_creature":
            return fx.damage_each_creature(self.n)
        if self.to == "each_creature_defending_player":  # "... each creature defending player controls"
            return _damage_defenders(self.n)
        return fx.damage_target(self.n) if self.to == TARGET else fx.damage_each_opponent(self.n)


def _damage_defenders(n: int) -> Step:
    """"[This creature] deals N damage to each creature defending player controls" — the
    player the source attacks, from the "attacks" event (CR 506.2, 508.5)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        defender = ctx.get("event", {}).get("defender")
        if defender is None:
            src = g.st.objects.get(item.source) if item.source is not None else None
            defender = src.attacking if src is not None else None
        if defender is None:
            return
        source = g.damage_source(item)
        for oid in [o for o in g.battlefield(defender) if g.is_type(o, "Creature")]:
            g.damage(source, {"obj": oid}, n)
    return step


@dataclass(frozen=True)
class Destroy:
    """Destroy the target (CR 701.8)."""

    def step(self) -> Step:
        return fx.destroy(0)


@dataclass(frozen=True)
class DestroyAll:
    """Destroy every permanent the filter matches, at once (CR 701.8)."""
    which: Creatures

    def step(self) -> Step:
        return fx.destroy_all(self.which)


@dataclass(frozen=True)
class ExileTarget:
    """Exile the target (CR 406.2)."""

    def step(self) -> Step:
        return fx.exile_target(0)


@dataclass(frozen=True)
class ExileIfDiesThisTurn:
    """"If that creature would die this turn, exile it instead." — a replacement effect on the
    target for the rest of the turn (CR 614.1a), whatever makes it die."""

    def step(self) -> Step:
        return fx.exile_if_dies_this_turn()


@dataclass(frozen=True)
class Tap:
    """Tap the target (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.update(oid, tapped=True)
        return run


@dataclass(frozen=True)
class Bounce:
    """Return the target permanent to its owner's hand (CR 400.7)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.move(oid, "hand", cause="return")
        return run


@dataclass(frozen=True)
class Surveil:
    """Surveil N (CR 701.25a): look at the top N cards of your library, put any number of
    them into your graveyard and the rest back on top in any order. The names are options
    (seen by the surveilling player only), never prompt parameters (those are public)."""
    n: int = 1

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            top = list(lib[:n])
            if not top:
                return None
            names = [g.st.objects[o].name for o in top]
            if "to_graveyard" not in ctx:
                if "answer" not in ctx:
                    if n == 1:
                        return Ask(p, "choose_card", [names[0], "nothing"], "ask.surveil", {"count": 1})
                    return Ask(p, "choose_card", names, "ask.surveil_graveyard", {"count": len(top)},
                               count=len(top), min_count=0)
                chosen = [a for a in ctx.pop("answer") if a != "nothing"]
                ctx["to_graveyard"] = _pick(g, top, chosen)
                ctx["order"] = []
            to_gy: list[int] = ctx["to_graveyard"]
            rest = [o for o in top if o not in to_gy and o not in ctx["order"]]
            if "answer" in ctx:  # the next card for the top, chosen from the rest
                ctx["order"] += _pick(g, rest, ctx.pop("answer")[:1])
                rest = [o for o in top if o not in to_gy and o not in ctx["order"]]
            if len(rest) > 1:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in rest], "ask.surveil_top",
                           {"count": len(rest)})
            order = ctx.pop("order") + rest  # first chosen ends on top
            surveilled = [g.move(oid, "graveyard", cause="surveil") for oid in ctx.pop("to_graveyard")]
            library_to_graveyard(g, p, surveilled)
            g.update_player(p, library=order + [o for o in g.st.players[p].library if o not in order])
            g.event("surveil", player=g.pname(p), count=n)
            return None
        return run


def _pick(g: "Context", pool: list[int], names: list[str]) -> list[int]:
    """The objects of `pool` named by the answers (each name once per answer)."""
    out: list[int] = []
    for name in names:
        oid = next((o for o in pool if o not in out and g.st.objects[o].name == name), None)
        if oid is not None:
            out.append(oid)
    return out


@dataclass(frozen=True)
class Mill:
    """Mill N (CR 701.13): put the top N cards of the library into the graveyard — yours, or
    the target player's."""
    n: int
    who: str = "you"  # you | target

    def step(self) -> Step:
        n, who = self.n, self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if who == TARGET:
                ref = g.target_ref(item, 0)
                if ref is None or "player" not in ref:
                    return
                p = ref["player"]
            else:
                p = item.controller
            milled = [g.move(oid, "graveyard", cause="mill") for oid in list(g.st.players[p].library[:n])]
            g.event("mill", player=g.pname(p), count=n)
            library_to_graveyard(g, p, milled)
        run.needs_library = n  # type: ignore[attr-defined]
        return run


def library_to_graveyard(g: "Context", player: int, cards: list[int]) -> None:
    """"Whenever one or more cards are put into your graveyard from your library" (CR 603.2c):
    one event for the cards (new ids) put there at once, with their card types as they were
    put there (CR 300.1), for "for each card type among those cards"."""
    if cards:
        types = sorted(set().union(*(g.printed_types(o) for o in cards)))
        g.triggers.fire("library_to_graveyard", player=player, cards=list(cards), card_types=types)


def run_steps(steps: list[Step], g: "Context", item: "Obj", ctx: dict[str, Any], key: str) -> Any:
    """Run steps in order; a step that asks a question is run again with the answer, and the
    steps before it are not repeated (`ctx[key]` remembers where it stopped)."""
    i = ctx.get(key, 0)
    while i < len(steps):
        got = steps[i](g, item, ctx)
        if got is not None:
            ctx[key] = i
            return got
        i += 1
    ctx.pop(key, None)
    return None


@dataclass(frozen=True)
class If:
    """"[effects] if [condition]. If not, [otherwise]." — checked as it resolves (CR 608.2c),
    once: the branch taken stays taken while its steps ask their questions."""
    condition: Any
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()

    def step(self) -> Step:
        then = [e.step() for e in self.then]
        otherwise = [e.step() for e in self.otherwise]
        condition = self.condition
        key = f"if{zlib.crc32(repr(self).encode())}"  # the same in every process (saves, LAN)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if key + "b" not in ctx:
                me = g.st.objects.get(item.source) if item.source is not None else None
                if me is None and item.source is None:
                    me = item  # a spell: the condition is about its controller
                ctx[key + "b"] = me is not None and bool(condition(g, me))
            got = run_steps(then if ctx[key + "b"] else otherwise, g, item, ctx, key)
            if got is None:
                ctx.pop(key + "b", None)
            return got
        return run


@dataclass(frozen=True)
class May:
    """"You may [effect]." — the controller answers yes or no as it resolves (CR 608.2d);
    the effect's line is the prompt's `ability` parameter."""
    effect: Any
    line: str = ""
    then: tuple[Any, ...] = ()  # "If you do, ..."
    once_each_turn: bool = False  # "Do this only once each turn."

    def step(self) -> Step:
        steps = [self.effect.step()] + [e.step() for e in self.then]
        line, once = self.line, self.once_each_turn

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            key = f"did:{item.source}:{line}"
            if "may" not in ctx:
                if once and g.st.this_turn.get(key):
                    return None
                if not _can_do(g, item, steps):
                    return None
                if "answer" not in ctx:
                    return Ask(item.controller, "yes_no", ["yes", "no"], "ask.may",
                               {"card": item.name, "ability": line})
                ctx["may"] = ctx.pop("answer")[0] == "yes"
                if ctx["may"] and once:
                    g.mark_turn(key)
            if not ctx["may"]:
                ctx.pop("may")
                return None
            got = run_steps(steps, g, item, ctx, "may_step")
            if got is None:
                ctx.pop("may")
            return got
        return run


def _can_do(g: "Context", item: "Obj", steps: list[Step]) -> bool:
    """"you may discard a card. If you do, ..." can't be done with an empty hand; "you may
    mill two cards" not with fewer than two in the library (ruling, Heckenschredder)."""
    if len(g.st.players[item.controller].library) < getattr(steps[0], "needs_library", 0):
        return False
    return bool(getattr(steps[0], "needs_hand", False) is False or g.st.players[item.controller].hand)


@dataclass(frozen=True)
class Search:
    """Search your library for a card (of a subtype, or a basic land card, or any card), put
    it into your hand (revealed unless any card), then shuffle (CR 701.19, 701.24)."""
    subtype: str = ""
    basic_land: bool = False
    to_battlefield_tapped: bool = False  # "put it onto the battlefield tapped"

    def step(self) -> Step:
        if self.subtype:
            return fx.search_library_to_hand(self.subtype)
        basic, onto = self.basic_land, self.to_battlefield_tapped

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library

            def fits(o: int) -> bool:
                return not basic or ("Land" in g.printed_types(o) and "Basic" in g.chars(o).supertypes)
            if "answer" not in ctx:
                options = sorted({g.st.objects[o].name for o in lib if fits(o)})
                return Ask(p, "choose_card", options + ["nothing"],
                           "ask.search_basic_land" if basic else "ask.search_any", {})
            choice = ctx.pop("answer")[0]
            if choice != "nothing":
                oid = next(o for o in lib if g.st.objects[o].name == choice and fits(o))
                if onto:
                    g.move(oid, "battlefield", tapped=True, controller=p, cause="search")
                    g.shuffle(p)
                    return None
                new = g.move(oid, "hand", cause="search")
                if basic:
                    g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
            g.shuffle(p)
            return None
        return run


@dataclass(frozen=True)
class ReturnFromGraveyard:
    """"You may return a [permanent / creature ...] card from your graveyard to your hand"
    — chosen as it resolves (no target), "nothing" declines."""
    types: tuple[str, ...] = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
    except_creature_subtype: str = ""  # "a non-Avatar creature card or a planeswalker card"
    to: str = "hand"  # or "battlefield" (under your control)
    optional: bool = True  # False: "return a creature card ..." (one must be chosen if there is one)

    def step(self) -> Step:
        types, no, to, optional = frozenset(self.types), self.except_creature_subtype, self.to, self.optional

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            fits = [o for o in g.st.players[p].graveyard if g.printed_types(o) & types
                    and not (no and "Creature" in g.printed_types(o) and no in g.printed_subtypes(o))]
            if "answer" not in ctx:
                if not fits:
                    return None
                return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in fits})
                           + (["nothing"] if optional else []), "ask.return_from_graveyard", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == choice), None)
            if oid is not None:
                if to == "battlefield":
                    g.move(oid, "battlefield", controller=p, cause="return")
                else:
                    g.move(oid, "hand", cause="return")
            return None
        return run


@dataclass(frozen=True)
class Custom:
    """The escape hatch: a step written against the context protocol."""
    step_fn: Step

    def step(self) -> Step:
        return self.step_fn


def compile_effect(e: Any) -> Step:
    if not hasattr(e, "step"):
        raise TypeError(f"not an effect: {e!r}")
    step: Step = e.step()
    return step


@dataclass(frozen=True)
class AttacksAlone:
    """An event condition: a creature you control attacks alone (CR 506.5)."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        attacker = g.st.objects.get(params.get("obj", -1))
        attackers = [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]
        return attacker is not None and attacker.controller == me.controller and len(attackers) == 1

    any_creature = True  # about any attacking creature, not only this one


@dataclass(frozen=True)
class PermanentsYouControl:
    """A count: permanents of a card type you control ("for each enchantment you control")."""
    card_type: str

    def __call__(self, g: "Context", me: "Obj") -> int:
        return sum(1 for o in g.battlefield(me.controller) if g.is_type(o, self.card_type))


@dataclass(frozen=True)
class CreaturesYouControl:
    """A count (and, as a condition, "you control another such creature"): creatures you
    control, with power N or less, other than the source if `another`."""
    power_at_most: int | None = None
    another: bool = False

    def count(self, g: "Context", me: "Obj") -> int:
        return sum(1 for o in g.battlefield(me.controller)
                   if g.is_type(o, "Creature") and not (self.another and o == me.id)
                   and (self.power_at_most is None or (g.chars(o).power or 0) <= self.power_at_most))

    def __call__(self, g: "Context", me: "Obj") -> int:
        return self.count(g, me)


@dataclass(frozen=True)
class Becomes:
    """The target becomes [types/subtypes] in addition to its other types until end of turn
    (a type-changing effect, layer 4, CR 613.1d)."""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        types, subtypes = self.types, self.subtypes

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.add_effect("4", [oid], add_types=list(types), add_subtypes=list(subtypes))
        return run


@dataclass(frozen=True)
class Discard:
    """You discard a card of your choice (CR 701.8); nothing happens with an empty hand."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            hand = g.st.players[p].hand
            if not hand:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
            name = g.st.objects[oid].name
            g.move(oid, "graveyard", cause="discard")
            g.event("discard", player=g.pname(p), card=name)
            return None
        run.needs_hand = True  # type: ignore[attr-defined]
        return run


@dataclass(frozen=True)
class Not:
    """A condition negated ("unless ...")."""
    condition: Any

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not self.condition(g, me, *rest)


@dataclass(frozen=True)
class CastFromHand:
    """"if you cast it from your hand" — for an "enters with" replacement (g, new, spell)."""

    def __call__(self, g: "Context", new: "Obj", spell: "Obj") -> bool:
        return spell.zone == "stack" and spell.ctx.get("from") == "hand"


@dataclass(frozen=True)
class CreatureDiedThisTurn:
    """"if a creature died this turn" (CR 700.4); "if a non-Zombie creature died this turn"
    with `not_subtype` (its subtypes as it last existed, CR 113.7a)."""
    not_subtype: str = ""

    def __call__(self, g: "Context", *rest: Any) -> bool:
        if self.not_subtype:
            return any(self.not_subtype not in subs for subs in g.st.this_turn.get("died_subtypes", []))
        return int(g.st.this_turn.get("died", 0)) > 0


@dataclass(frozen=True)
class SacrificedThisTurn:
    """A count: how many permanents you sacrificed this turn ("that much damage")."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return int(g.st.this_turn.get(f"sacrificed:{me.controller}", 0))


@dataclass(frozen=True)
class Positive:
    """A condition: the count is one or more ("if you sacrificed one or more permanents")."""
    count: Any

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return int(self.count(g, me)) > 0


@dataclass(frozen=True)
class Counter:
    """Counter target spell (CR 701.5), or — with `unless_pays` — unless its controller pays
    that mana; `if_paid` effects follow for the counterspell's controller when they do
    ("If they do, surveil 2")."""
    unless_pays: str = ""
    if_paid: tuple[Any, ...] = ()

    def step(self) -> Step:
        cost_text, after = self.unless_pays, [e.step() for e in self.if_paid]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.rules import casting, priority
            if "paid" in ctx:  # the effects after "If they do"
                got = run_steps(after, g, item, ctx, "counter_after")
                if got is None:
                    ctx.pop("paid")
                return got
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            victim = g.st.objects[oid]
            ctx["target_controller"] = victim.controller  # "Its controller manifests dread." (CR 608.2h)
            if not cost_text:
                priority.counter(g, oid)
                return None
            payer = victim.controller
            if "answer" not in ctx:
                if not casting.can_pay(g, payer, cost_text):
                    priority.counter(g, oid)
                    return None
                return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_or_countered",
                           {"cost": cost_text, "card": victim.name})
            if ctx.pop("answer")[0] != "yes":
                priority.counter(g, oid)
                return None
            casting.pay_now(g, payer, cost_text)
            ctx["paid"] = True
            got = run_steps(after, g, item, ctx, "counter_after")
            if got is None:
                ctx.pop("paid")
            return got
        return run


@dataclass(frozen=True)
class WhenDiesThisTurn:
    """"When it dies this turn, [effects]." — a delayed triggered ability on the target
    (CR 603.7), made as the spell resolves; it triggers only once and ends with the turn.
    The layer keeps its effects on the card (CardDef.delayed) and gives it its index."""
    effects: tuple[Any, ...]
    index: int = -1

    def __init__(self, *effects: Any, index: int = -1) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "index", index)

    def step(self) -> Step:
        index = self.index

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.st.delayed.append({"event": "dies", "obj": oid, "player": item.controller, "action": "effects",
                                     "def": item.name, "index": index, "source": item.name,
                                     "this_turn": g.st.turn})
        return run


def next_turn_of(g: "Context", p: int) -> int:
    """The number of player p's next turn (turns pass in seat order, CR 101.4)."""
    t, a = g.st.turn, g.st.active
    while True:
        t += 1
        a = g.next_player(a)
        if a == p:
            return t


@dataclass(frozen=True)
class ExileTopMayPlay:
    """"Exile the top card of your library. You may play it until the end of your next turn."
    The card is exiled face up; its owner may play it (a land as the land for the turn, a
    spell by paying its costs, CR 601.2a, 305.1) from exile until then. `n` cards ("exile the
    top two cards"); `until="this_turn"` for "You may play it this turn"."""
    n: int = 1
    until: str = "next_turn"  # next_turn | this_turn

    def step(self) -> Step:
        n, until = self.n, self.until

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            lib = g.st.players[p].library
            for oid in list(lib[:n]):
                new = g.move(oid, "exile", cause="exile")
                g.allow_play(new, p, g.st.turn if until == "this_turn" else next_turn_of(g, p))
        return run


@dataclass(frozen=True)
class TapTargetWithStun:
    """"tap target creature ... and put a stun counter on it" (CR 122.1d)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.update(oid, tapped=True)
                g.add_counters(oid, "stun", 1)
        return run


@dataclass(frozen=True)
class ShuffleThisAndTarget:
    """"Shuffle this creature and target creature ... into their owners' libraries"."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            owners = set()
            for oid in (source_id(g, item), g.target_obj(item, 0)):
                if oid is not None and oid in g.st.objects:
                    owners.add(g.st.objects[oid].owner)
                    g.move(oid, "library", cause="shuffle")
            for p in sorted(owners):
                g.shuffle(p)
        return run


@dataclass(frozen=True)
class HasCounter:
    """A target filter: a creature with a counter of this kind on it."""
    kind: str

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types and obj.counters.get(self.kind, 0) > 0


@dataclass(frozen=True)
class ReturnThisToHand:
    """"return this card from your graveyard to your hand" — if it is still there (CR 400.7)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is not None and src in g.st.objects and g.st.objects[src].zone == "graveyard":
                g.move(src, "hand", cause="return")
        return run


@dataclass(frozen=True)
class CantBlock:
    """"[Target creatures] can't block this turn" — every target still legal (CR 509.1b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
            if ids:
                g.add_effect("rules", ids, flags=["cant_block"])
        return run


@dataclass(frozen=True)
class ChangeTarget:
    """"Change the target of target spell or ability with a single target." (CR 115.7a): the
    new target must be legal for it and different; with none, it stays as it was."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            from engine.rules import targets as tg
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            other = g.st.objects[oid]
            specs = tg.item_specs(g, other)
            if len(other.targets) != 1 or not specs:
                return None
            now = other.targets[0]
            current = ("o", now["obj"]) if "obj" in now else ("p", now["player"])
            refs = [r for r in tg.options(g, specs[0], other.controller, other.source)
                    if r != current and r != ("o", item.id) and r != ("o", oid)]
            if not refs:
                return None
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", [ref_text(g, r) for r in refs], "ask.change_target",
                           {"card": other.name})
            answer = ctx.pop("answer")[0].lower()
            ref = next((r for r in refs if ref_text(g, r).lower() == answer), refs[0])
            g.update(oid, targets=[tg.as_dict(ref)])
            g.event("retarget", card=other.name, target=ref_text(g, ref))
            g.triggers.became_target(oid, [tg.as_dict(ref)], other.controller)
            return None
        return run


@dataclass(frozen=True)
class RulesFlag:
    """This permanent gets a rules flag until end of turn ("can attack this turn as though it
    didn't have defender": `attacks_despite_defender`, CR 702.3b)."""
    flag: str

    def step(self) -> Step:
        flag = self.flag

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is not None:
                g.add_effect("rules", [oid], flags=[flag])
        return run


@dataclass(frozen=True)
class BounceTargets:
    """Return each target still legal to its owner's hand (CR 608.2b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [g.target_obj(item, i) for i in range(len(item.targets))]
            for oid in ids:
                if oid is not None and oid in g.st.objects:
                    g.move(oid, "hand", cause="return")
        return run


@dataclass(frozen=True)
class EachPlayerDiscards:
    """"Each player discards a card. If you discarded a card this way, [then]." — in APNAP
    order (CR 101.4), each choosing their own card."""
    then: tuple[Any, ...] = ()

    def step(self) -> Step:
        after = [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            order = ctx.setdefault("discard_order", list(g.apnap()))
            while ctx.get("discard_i", 0) < len(order):
                p = order[ctx.get("discard_i", 0)]
                hand = g.st.players[p].hand
                if hand:
                    if "answer" not in ctx:
                        return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
                    choice = ctx.pop("answer")[0]
                    oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
                    g.move(oid, "graveyard", cause="discard")
                    g.event("discard", player=g.pname(p), card=choice)
                    if p == item.controller:
                        ctx["you_discarded"] = True
                ctx["discard_i"] = ctx.get("discard_i", 0) + 1
            if ctx.get("you_discarded"):
                got = run_steps(after, g, item, ctx, "discard_then")
                if got is not None:
                    return got
            for k in ("discard_order", "discard_i", "you_discarded"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class RevealUntilLand:
    """"reveal cards from the top of your library until you reveal a land card. Put that card
    into your hand and the rest on the bottom of your library in a random order."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            lib = list(g.st.players[p].library)
            revealed: list[int] = []
            land = None
            for oid in lib:
                revealed.append(oid)
                g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)
                if "Land" in g.printed_types(oid):
                    land = oid
                    break
            rest = [o for o in revealed if o != land]
            if land is not None:
                g.move(land, "hand", cause="reveal")
            g.shuffle_into_bottom(p, rest)
        return run


@dataclass(frozen=True)
class SpellOf:
    """A target filter for spells of one of these card types ("target creature or
    enchantment spell")."""
    types: tuple[str, ...]
    what = "spell"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(g.printed_types(obj.id) & set(self.types))


@dataclass(frozen=True)
class OwnedBy:
    """A target filter: "target creatures and/or enchantments you own" — a permanent of these
    types you own, whoever controls it (ruling, Get Out; engine/rules/targets.py checks the
    owner); `up_to` for the optional second of "one or two"."""
    types: tuple[str, ...]
    up_to: bool = False
    owned = True  # TargetSpec.owned_only (engine/rules/targets.py)
    owned_by_you = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(g.chars(obj.id).types & set(self.types))


@dataclass(frozen=True)
class EquippedAttacks:
    """An event condition: "Whenever equipped creature attacks"."""
    any_creature = True

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return me.attached_to is not None and params.get("obj") == me.attached_to


@dataclass(frozen=True)
class AttachToTarget:
    """"attach it to target creature you control" (CR 701.3a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src, target = source_id(g, item), g.target_obj(item, 0)
            if src is not None and target is not None:
                g.update(src, attached_to=target)
        return run


@dataclass(frozen=True)
class ExileTargetWithThis:
    """"exile [up to one] target card from a graveyard" — remembered as exiled with this
    permanent (for "cards exiled with this creature")."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            src = source_id(g, item)
            if oid is None:
                return
            new = g.move(oid, "exile", cause="exile")
            if src is not None:
                me = g.st.objects[src]
                g.update(src, ctx={**me.ctx, "exiled_with": [*me.ctx.get("exiled_with", []), new]})
        return run


@dataclass(frozen=True)
class ExiledWithAtLeast:
    """A condition: N or more cards exiled with this permanent are still in exile."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        ids = me.ctx.get("exiled_with", [])
        return sum(1 for o in ids if o in g.st.objects and g.st.objects[o].zone == "exile") >= self.n


@dataclass(frozen=True)
class FaceDownOrUpThisTurn:
    """"a permanent entered the battlefield face down under your control this turn or you
    turned a permanent face up this turn"."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        rec = g.st.this_turn
        return bool(rec.get(f"facedown:{me.controller}") or rec.get(f"faceup:{me.controller}"))


@dataclass(frozen=True)
class CardMV:
    """A target filter: a creature card with mana value N or less."""
    at_most: int
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        return "Creature" in c.types and c.mana_value <= self.at_most


@dataclass(frozen=True)
class AnyGraveyardCard:
    """A target filter: "up to one target card from a graveyard"."""
    what = "card_in_a_graveyard"
    up_to = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return True


@dataclass(frozen=True)
class TopLandOntoBattlefield:
    """"look at the top card of your library. If it's a land card, you may put it onto the
    battlefield. If you don't put the card onto the battlefield, put it into your hand."
    (The card's name is an option, seen by its owner only.)"""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            if not lib:
                return None
            top = lib[0]
            if "Land" in g.printed_types(top):
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[top].name, "nothing"], "ask.land_onto_battlefield", {})
                if ctx.pop("answer")[0] != "nothing":
                    g.move(top, "battlefield", controller=p, cause="put")
                    return None
            g.move(top, "hand", cause="put")
            return None
        return run


@dataclass(frozen=True)
class FirstTargetDealsPowerToSecond:
    """"The creature you control deals damage equal to its power to the creature an opponent
    controls." — one-sided (CR 120.3); nothing if either target is gone (CR 608.2b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules.damage import permanent_source
            a, b = g.target_obj(item, 0), g.target_obj(item, 1)
            if a is None or b is None:
                return
            g.damage(permanent_source(g, a), {"obj": b}, g.chars(a).power or 0)
        return run


@dataclass(frozen=True)
class DamageEventAmount:
    """"this creature deals that amount of damage to target ..." — the amount of the event."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            n = int(ctx.get("event", {}).get("amount", 0))
            if ref is not None and n > 0:
                g.damage(g.damage_source(item), ref, n)
        return run


@dataclass(frozen=True)
class YourSourceDamagedOpponent:
    """An event condition: a source you control dealt noncombat damage to an opponent."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("controller") == me.controller and params.get("player") != me.controller


@dataclass(frozen=True)
class AllOf:
    """A condition: all of these hold."""
    parts: tuple[Any, ...]

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return all(c(g, me, *rest) for c in self.parts)
