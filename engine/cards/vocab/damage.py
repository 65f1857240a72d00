"""Damage dealt by effects (CR 120): to targets, to each opponent, "equal to its power",
fight-like one-sided damage.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.vocab.dice import DIE_RESULT
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import TARGET, amount
from engine.rules.damage import permanent_source
from engine.format import ref_text
from engine.rules.rule_changes import ObjectRule
from engine.state import rng_below

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


EVENT_AMOUNT = "event_amount"  # "that much damage": the trigger event's amount


@dataclass(frozen=True)
class Damage:
    """This source deals N damage to the target, each opponent or each creature (CR 120.3)."""
    n: Any
    to: str = TARGET  # TARGET | "each_opponent" | "each_creature" | "each_creature_defending_player" | "each_target"
    # | "each_other_opponent" (each opponent but the event's player) | "you" | "random_opponent" ("choose an
    # opponent at random. [This] deals damage ... to that player or a planeswalker that player controls");
    # n may be EVENT_AMOUNT ("that much")
    # "You gain life equal to the excess damage dealt this way." (to the target creature)
    gain_excess: bool = False
    # the source: this object (""), or "each_creature": "Each creature deals N damage to its
    # controller" (`to="its_controller"`) — each creature the source of its own damage (CR
    # 120.3), in the order of the battlefield
    by: str = ""

    def step(self) -> Step:
        if self.by == "each_creature":
            if self.to != "its_controller":
                raise ValueError(f"each creature deals damage to its controller: {self!r}")
            return _each_creature_to_controller(self.n)
        if self.by:
            raise ValueError(f"unknown damage source {self.by!r}")
        if self.gain_excess:
            return _gain_excess(self.n)
        if self.to == "you":  # "it deals N damage to you"
            you_n = self.n

            def to_you(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.damage(g.damage_source(item), {"player": item.controller}, amount(you_n, g, item))
            return to_you
        if self.to == "random_opponent":
            return _random_opponent(self.n)
        if self.to == "each_other_opponent":
            other_n = self.n

            def each_other(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                event = ctx.get("event", {})
                x = int(event.get("amount", 0)) if other_n == EVENT_AMOUNT else amount(other_n, g, item)
                if x <= 0:
                    return
                for p in g.opponents(item.controller):
                    if p != event.get("player"):
                        g.damage(g.damage_source(item), {"player": p}, x)
            return each_other
        if self.to == "each_target":  # "deals N damage to each of [the targets]": each still legal (CR 608.2b)
            each_n = self.n

            def each_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                x = amount(each_n, g, item)
                src = g.damage_source(item)
                for i in range(len(item.targets)):
                    ref = g.target_ref(item, i)
                    if ref is not None:
                        g.damage(src, ref, x)
            return each_target
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


def _each_creature_to_controller(n: Any) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        x = amount(n, g, item)
        for oid in list(g.battlefield()):
            if oid in g.st.objects and g.is_type(oid, "Creature"):
                g.damage(permanent_source(g, oid), {"player": g.st.objects[oid].controller}, x)
    return step


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
class DamageToEventPlayer:
    """"this creature deals N damage to them" — the player the trigger event named; N may be
    the result of a die the ability rolled ("equal to the result", vocab/dice.py DIE_RESULT).
    `key="controller"`: the controller the event names ("deals 1 damage to that creature's
    controller"); `n=EVENT_AMOUNT`: "that much damage" (the event's amount)."""
    n: int | str
    key: str = "player"

    def step(self) -> Step:
        n, key = self.n, self.key

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = ctx.get("event", {}).get(key)
            if n == EVENT_AMOUNT:
                x = int(ctx.get("event", {}).get("amount", 0))
                if isinstance(p, int) and not g.st.players[p].lost and x > 0:
                    g.damage(g.damage_source(item), {"player": p}, x)
                return
            x = int(ctx.get(DIE_RESULT, 0)) if n == DIE_RESULT else int(n)
            if isinstance(p, int) and not g.st.players[p].lost and x > 0:
                g.damage(g.damage_source(item), {"player": p}, x)
        return run


@dataclass(frozen=True)
class OpponentChoosesOne:
    """"That player chooses one of those creatures. [This] deals N damage to that creature, and
    the other can't block this turn." — the targets' controller chooses among the targets still
    legal (a decision even with one left: the ruling of Trial of Agony)."""
    damage: int

    def step(self) -> Step:
        n = self.damage

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            legal = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
            if not legal:
                return None
            names = [ref_text(g, ("o", o)) for o in legal]
            if "answer" not in ctx:
                return Ask(g.st.objects[legal[0]].controller, "choose_card", names, "ask.choose_one_of_these",
                           {"card": item.name})
            chosen = legal[names.index(ctx.pop("answer")[0])]
            g.damage(g.damage_source(item), {"obj": chosen}, n)
            others = [o for o in legal if o != chosen and o in g.st.objects]
            if others:
                g.add_effect("rules", others, flags=[ObjectRule.CANT_BLOCK])
        return run


@dataclass(frozen=True)
class TargetsDealPower:
    """Target creatures deal damage equal to their power (each its own source, CR 120.3; the
    power taken as it resolves, CR 608.2h; a target gone does nothing, CR 608.2b):

    * `to="second_target"`: "The creature you control deals damage equal to its power to the
      creature an opponent controls." (one-sided: the first target to the second);
    * `to="each_other_creature"`: "Target creature you control deals damage equal to its power
      to each other creature.";
    * `to="first_target"`: "Tap one or two target untapped creatures you control. They each deal
      damage equal to their power to target creature an opponent controls." — the victim is
      target 0; the other targets still legal are tapped first (`tap`), then each deals damage
      (with the victim illegal, no damage at all).
    """
    to: str
    tap: bool = False

    def step(self) -> Step:
        to, tap = self.to, self.tap

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if to == "first_target":
                victim = g.target_obj(item, 0)
                mine = [o for o in (g.target_obj(item, i) for i in range(1, len(item.targets))) if o is not None]
                if tap:
                    for oid in mine:
                        g.update(oid, tapped=True)
                if victim is None:
                    return
                for oid in mine:
                    if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" \
                            and victim in g.st.objects and g.st.objects[victim].zone == "battlefield":
                        g.damage(permanent_source(g, oid), {"obj": victim}, g.chars(oid).power or 0)
                return
            a = g.target_obj(item, 0)
            if a is None:
                return
            if to == "second_target":
                b = g.target_obj(item, 1)
                if b is not None:
                    g.damage(permanent_source(g, a), {"obj": b}, g.chars(a).power or 0)
            elif to == "each_other_creature":
                n = int(g.chars(a).power or 0)
                src = permanent_source(g, a)
                for o in [o for o in g.battlefield() if o != a and g.is_type(o, "Creature")]:
                    g.damage(src, {"obj": o}, n)
            else:
                raise ValueError(f"unknown damage recipient {to!r}")
        return run


@dataclass(frozen=True)
class PowerDamage:
    """"this creature deals damage equal to its power to [that player / each opponent]" — its
    power now, or as it last existed on the battlefield (CR 113.7a, 608.2h; ruling, Kichernder
    Stachelkrabber); `to`: "event_player" (the player the trigger event named) or
    "each_opponent"."""
    to: str

    def step(self) -> Step:
        to = self.to

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = ctx.get("event", {}).get("player")
            src = item.source
            if src is None or (to == "event_player" and p is None):
                return
            if src in g.st.objects and g.st.objects[src].zone == "battlefield":
                power = g.chars(src).power or 0
            else:  # CR 113.7a, 608.2h: its power as it last existed, continuous effects included
                last = _last_power(g, src)
                if last is None:
                    return
                power = last
            if power <= 0:
                return
            players = [p] if to == "event_player" else g.opponents(item.controller)
            for who in players:
                g.damage(g.damage_source(item), {"player": who}, power)
        return run


def _last_power(g: "Context", src: int) -> int | None:
    """The power of permanent `src` as it last existed on the battlefield (CR 113.7a): as the
    rules recorded it when it left (engine/rules/last_known.py: its characteristics then, effects
    included); None if it has no known power."""
    lki = g.st.this_turn.get(f"lki:{src}")
    if lki is None or lki.get("power") is None:
        return None
    return int(lki["power"])


@dataclass(frozen=True)
class Fight:
    """"[This creature / it] fights [another] target creature" (CR 701.12a): each deals damage
    equal to its power to the other, at the same time; `who` "this" (the source), "event"
    (the permanent the trigger event named) or "target" (the first target fights the second). If either is no longer on the battlefield (or the
    target is illegal), no damage is dealt (CR 701.12b)."""
    who: str = "this"

    def step(self) -> Step:
        who = self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if who == "this":
                one = item.source
            elif who == "target":  # "Target creature you control fights target creature ..."
                one, other = g.target_obj(item, 0), g.target_obj(item, 1)
                if one is None or other is None or one == other or not g.is_type(one, "Creature"):
                    return
                p1, p2 = max(0, g.chars(one).power or 0), max(0, g.chars(other).power or 0)
                s1, s2 = permanent_source(g, one), permanent_source(g, other)
                g.damage(s1, {"obj": other}, p1)
                g.damage(s2, {"obj": one}, p2)
                return
            else:
                one = ctx.get("event", {}).get("new_obj") or ctx.get("event", {}).get("obj")
            other = g.target_obj(item, 0)
            if one is None or other is None or one not in g.st.objects or one == other:
                return
            if g.st.objects[one].zone != "battlefield" or not g.is_type(one, "Creature"):
                return
            p1, p2 = max(0, g.chars(one).power or 0), max(0, g.chars(other).power or 0)
            s1, s2 = permanent_source(g, one), permanent_source(g, other)
            g.damage(s1, {"obj": other}, p1)
            g.damage(s2, {"obj": one}, p2)
        return run


def _random_opponent(n: Any) -> Step:
    """"choose an opponent at random. [This] deals N damage to that player or a planeswalker
    that player controls." — the opponent chosen at random as it resolves (CR 608.2), then the
    controller chooses that player or one of their planeswalkers (ask
    `ask.damage_player_or_walker`); N read as it resolves ("equal to that spell's mana value":
    `Count("event", key="spell_mv")`, X as chosen, CR 202.3e)."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        if "random_opp" not in ctx:
            opps = [p for p in g.opponents(item.controller) if not g.st.players[p].lost]
            if not opps:
                return None
            ctx["random_opp"] = opps[rng_below(g.st, len(opps))]
            g.event("chosen", card=item.name, choice=g.pname(ctx["random_opp"]))
        p = int(ctx["random_opp"])
        x = amount(n, g, item)
        walkers = [o for o in g.battlefield(p) if g.is_type(o, "Planeswalker")]
        ref: dict[str, Any] = {"player": p}
        if walkers and x > 0:
            options = [g.pname(p)] + [ref_text(g, ("o", o)) for o in walkers]
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", options, "ask.damage_player_or_walker",
                           {"card": item.name, "player": g.pname(p), "amount": x})
            k = options.index(ctx.pop("answer")[0])
            ref = {"player": p} if k == 0 else {"obj": walkers[k - 1]}
        ctx.pop("random_opp")
        if x > 0:
            g.damage(g.damage_source(item), ref, x)
        return None
    return run


def _gain_excess(n: int) -> Step:
    """"this [source] deals N damage to target creature ... You gain life equal to the excess
    damage dealt this way." Excess damage is damage beyond lethal damage: toughness minus
    damage already marked, or 1 if the source has deathtouch (CR 120.4a, 702.2c)."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, 0)
        if oid is None:
            return
        src = g.damage_source(item)
        obj = g.st.objects[oid]
        before = obj.damage
        lethal = max(0, (g.chars(oid).toughness or 0) - obj.damage)
        if src.get("deathtouch"):
            lethal = min(lethal, 1) if lethal > 0 else 0
        g.damage(src, {"obj": oid}, n)
        now = g.st.objects.get(oid)
        dealt = (now.damage - before) if now is not None else n
        excess = max(0, dealt - lethal)
        if excess:
            g.gain_life(item.controller, excess)
    return run
