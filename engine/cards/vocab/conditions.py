"""Conditions on the game state: "if you control ...", "as long as ...", "if it was cast",
"during your turn" — each called `condition(g, me)` (intervening "if": CR 603.4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import run_steps
from engine.cards.vocab.groups import types_before_pt

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


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
class DefendingPlayerControlsNo:
    """"if defending player controls no [Glimmer] creatures" (CR 506.2: the player this
    creature attacks). As an intervening "if" it is checked again on resolution (CR 603.4)."""
    subtype: str

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        d = me.attacking
        if d is None:
            return True
        return not any(g.is_type(o, "Creature") and self.subtype in g.chars(o).subtypes for o in g.battlefield(d))


@dataclass(frozen=True)
class HadNoCounters:
    """"if it had no counters on it" — the permanent as it last existed (CR 603.10a)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not any(n > 0 for n in me.counters.values())


@dataclass(frozen=True)
class WasCast:
    """"if it was cast" — it entered as a resolving permanent spell (CR 601.2, 608.3)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(me.ctx.get("cast"))


@dataclass(frozen=True)
class WasCreature:
    """"if it was a creature" — as it last existed on the battlefield (CR 603.10a)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return me.id in g.st.objects and g.is_type(me.id, "Creature")


@dataclass(frozen=True)
class YourTurn:
    """A condition: "during your turn"."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return g.st.active == me.controller


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
        n = len(g.with_type(me.controller, "Land"))
        return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


@dataclass(frozen=True)
class ControlsLandType:
    """"you control a Swamp or a Mountain" — a land with one of these land types (CR 305.6)."""
    types: tuple[str, ...]
    # it reads nothing but the characteristics of its controller's permanents: the mana sources
    # that ask it stay valid while those stay the same (engine/rules/payment.py player_mana)
    reads_own_permanents = True

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not _land_types(g, me.controller).isdisjoint(self.types)


def _land_types(g: "Context", p: int) -> frozenset[str]:
    """The subtypes among the lands p controls, made from p's permanents' characteristics
    (characteristics.from_permanents: kept while those stay the same; a Verge's mana ability
    asks at every legal-action listing)."""
    from engine.rules.characteristics import from_permanents
    got: frozenset[str] = from_permanents(g, p, "land_types", lambda: frozenset(
        t for o in g.with_type(p, "Land") for t in g.chars(o).subtypes))
    return got


@dataclass(frozen=True)
class EnteredThisTurn:
    """"As long as this [permanent] entered this turn" (engine/rules/zones.py marks each
    permanent that enters in st.this_turn)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(g.st.this_turn.get(f"entered:{me.id}"))


@dataclass(frozen=True)
class CreatureTokensAtLeast:
    """"As long as you control N or more creature tokens"."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return sum(1 for o in g.battlefield(me.controller)
                   if g.st.objects[o].token and "Creature" in types_before_pt(g, o)) >= self.n


@dataclass(frozen=True)
class LifeAboveStartingBy:
    """"As long as you have at least N life more than your starting life total" (CR 103.4)."""
    n: int

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return g.st.players[me.controller].life >= g.config.life + self.n


@dataclass(frozen=True)
class YouCastIt:
    """A condition: "if you cast it" — this permanent entered from the stack as a spell."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(me.ctx.get("cast"))


@dataclass(frozen=True)
class FirstResolutionThisTurn:
    """"[then] if this is the first time this ability has resolved this turn. Otherwise,
    [otherwise]." — counted per object and ability (CR 400.7: a new object starts again)."""
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()

    def step(self) -> Step:
        then = [e.step() for e in self.then]
        otherwise = [e.step() for e in self.otherwise]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "first_b" not in ctx:
                key = f"resolved:{item.source}:{item.name}:{item.ability}"
                ctx["first_b"] = not g.st.this_turn.get(key)
                g.mark_turn(key)
            got = run_steps(then if ctx["first_b"] else otherwise, g, item, ctx, "first_step")
            if got is None:
                ctx.pop("first_b", None)
            return got
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


@dataclass(frozen=True)
class NotYourTurn:
    """"if it's not your turn": usable as a trigger condition (g, me, params) and as an
    intervening "if" checked again on resolution (g, me), CR 603.4."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any] | None = None) -> bool:
        return g.st.active != me.controller


@dataclass(frozen=True)
class CastFrom:
    """An "enters with" condition: the permanent was cast from this zone."""
    zone: str

    def __call__(self, g: "Context", new: "Obj", spell: "Obj") -> bool:
        return spell.zone == "stack" and spell.ctx.get("from") == self.zone


@dataclass(frozen=True)
class TargetsTapped:
    """"if it targets a tapped creature"."""

    def __call__(self, g: "Context", me: "Obj", targets: list[Any]) -> bool:
        return any(isinstance(t, dict) and "obj" in t and g.st.objects[t["obj"]].tapped for t in targets)
