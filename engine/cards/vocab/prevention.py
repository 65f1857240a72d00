"""Damage replaced: prevention (CR 615) and noncombat damage increased or doubled
(CR 614.1a).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from engine.cards.mechanics.delirium import card_types_in_graveyard
from engine.rules.effects import ContinuousEffect
from engine.rules.rule_changes import RuleChange
from engine.rules.resolved import DamageBonus, PreventionShield

if TYPE_CHECKING:
    from engine.cards.model import Step
    from engine.rules.context import Context
    from engine.state import Obj


YOU_AND_YOUR_CREATURES = "you_and_your_creatures"


@dataclass(frozen=True)
class Prevent:
    """Damage prevention (CR 615). As a static ability: "Prevent N of each damage that would be
    dealt to you and creatures you control." (`n`; Hedron-Field Purists), read by
    engine/rules/damage.py through `prevents`. With `this_turn`, the effect of a resolved
    spell (CR 615.1a, 611.2), kept with the turn's effects and read by damage.py: "Prevent all
    combat damage that would be dealt this turn [to you] [by non-Spider creatures]." —
    `combat` (combat damage only), `to` "you" (the spell's controller) or "" (to anything),
    `not_subtype` the sources it spares ("non-Spider": Spiders still deal damage); `token`:
    "For each 1 damage prevented this way, create a [token]." (CR 615.5: the prevention's own
    follow-up, for its controller)."""
    n: int | None = None  # None: all of it
    to: str = YOU_AND_YOUR_CREATURES
    this_turn: bool = False
    combat: bool = False
    not_subtype: str = ""
    token: str = ""

    def __post_init__(self) -> None:
        # the two forms the rules read: a static shield of N for you and your creatures; all
        # combat damage this turn, from a resolved spell
        static = self.n is not None and self.to == YOU_AND_YOUR_CREATURES and not (
            self.this_turn or self.combat or self.not_subtype or self.token)
        resolved = self.this_turn and self.combat and self.n is None and self.to in ("you", "")
        if not (static or resolved):
            raise ValueError(f"no prevention the rules read: {self!r}")

    def step(self) -> "Step":
        if not self.this_turn:
            raise ValueError(f"a static ability, not an effect: {self!r}")
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.add_effect("rules", [], prevent_damage=PreventionShield(
                item.name, item.controller, combat=True, to_player=item.controller if e.to == "you" else None,
                not_subtype=e.not_subtype, token=e.token))
        return run

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        return []  # no layer effect: it works through `prevents`

    def prevents(self, g: "Context", me: "Obj", ref: dict[str, Any]) -> int:
        n = int(self.n or 0)
        if "player" in ref:
            return n if ref["player"] == me.controller else 0
        o = g.st.objects.get(ref.get("obj", -1))
        if o is not None and o.controller == me.controller and g.is_type(o.id, "Creature"):
            return n
        return 0


DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM = RuleChange.DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM


def noncombat_damage_factor(g: "Context", controller: Any) -> int:
    """"If a source you control would deal noncombat damage to a permanent or player while
    there are four or more card types among cards in your graveyard, it deals double that
    damage instead." (a replacement effect, CR 614.1a; each such permanent doubles once more)."""
    return int(2 ** len(doubling_sources(g, controller)))


def doubling_sources(g: "Context", controller: Any) -> list[tuple[int, str]]:
    """The permanents of `controller` whose "deals double that damage instead" applies now
    (delirium), each one replacement effect (CR 614.1a): (id, name)."""
    if not isinstance(controller, int) or not 0 <= controller < len(g.st.players):
        return []
    found = [(oid, c.name) for oid, obj, c in g.perms(controller) if c.defn is not None
             and DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM in c.defn.player_rules]
    if not found:
        return []
    return found if card_types_in_graveyard(g, controller) >= 4 else []


@dataclass(frozen=True)
class DamagePlus:
    """"If a source you control would deal [noncombat] damage [to an opponent] [this turn], it
    deals that much damage plus N instead." (a replacement effect, CR 614.1a), read by
    engine/rules/damage.py. As a static ability (Spiked Corridor): noncombat damage to an
    opponent, through `damage_bonus` (damage.py asks it for noncombat damage to a player only);
    with prevention effects, the damaged player chooses the order (CR 616.1). With `this_turn`,
    the effect of a resolving ability (CR 611.2; I Call for Slaughter): combat and noncombat
    damage, to anything, applied to each amount after damage is divided or assigned (the
    ruling: 2 and 3 become 3 and 4)."""
    n: int = 1
    this_turn: bool = False

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        return []

    def damage_bonus(self, g: "Context", me: "Obj", src: dict[str, Any], ref: dict[str, Any]) -> int:
        if "player" in ref and src.get("controller") == me.controller and ref["player"] != me.controller:
            return self.n
        return 0

    def step(self) -> "Step":
        if not self.this_turn:
            raise ValueError(f"a static ability, not an effect: {self!r}")
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.add_effect("rules", [], damage_plus=DamageBonus(item.controller, n, item.name))
        return run


