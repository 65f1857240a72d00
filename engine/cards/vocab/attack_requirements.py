"""Attack requirements an effect sets for one combat (CR 508.1d): "choose an opponent at
random. This creature attacks that player this combat if able." (Ursine Monstrosity).

The requirement lives in the combat (`combat["must_attack"]`, pairs of creature and player)
and ends with it (CR 511.3: engine/rules/combat.py end_combat); a later beginning-of-combat
trigger sets it anew (ruling: earlier choices are ignored). The combat rules check it: the
creature attacks if able and attacks that player if able (not a planeswalker the player
controls); a creature that can't attack, or can't attack that player, need not (CR 508.1d).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import amount, source_id
from engine.state import rng_below

if TYPE_CHECKING:
    from engine.rules.effects import ContinuousEffect
    from engine.rules.context import Context
    from engine.state import Obj


def required_player(g: "Context", oid: int) -> int | None:
    """The player creature `oid` attacks this combat if able, or None."""
    for o, p in g.st.combat.get("must_attack", ()):
        if o == oid:
            return int(p)
    return None


def required_players(g: "Context") -> dict[int, int]:
    """Each creature with such a requirement this combat and the player it attacks if able
    (`required_player` of every creature at once)."""
    out: dict[int, int] = {}
    for o, p in g.st.combat.get("must_attack", ()):
        out.setdefault(int(o), int(p))
    return out


@dataclass(frozen=True)
class AttacksRandomOpponentThisCombat:
    """"choose an opponent at random. This creature attacks that player this combat if able."
    — the opponent is chosen as it resolves (CR 608.2), even if the creature is gone."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            opps = [p for p in g.opponents(item.controller) if not g.st.players[p].lost]
            if not opps:
                return None
            p = opps[rng_below(g.st, len(opps))]
            g.event("chosen", card=item.name, choice=g.pname(p))
            oid = source_id(g, item)
            if oid is None:
                return None
            keep = [list(x) for x in g.st.combat.get("must_attack", ()) if x[0] != oid]
            g.st.combat["must_attack"] = keep + [[oid, p]]
            return None
        return run


@dataclass(frozen=True)
class PumpThisBy:
    """"Until end of turn, this creature gains [keywords] and gets +1/+1 for each [count]" (or
    "+X/+0, where X is [count]": `toughness=False`) —
    the count taken once as it resolves (CR 608.2h, 611.2c; layers 6 and 7c)."""
    count: Any
    keywords: tuple[str, ...] = ()
    toughness: bool = True  # False: "gets +X/+0"

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None:
                return None
            if e.keywords:
                g.add_effect("6", [oid], add_kw=list(e.keywords))
            x = amount(e.count, g, item)
            if x:
                g.add_effect("7c", [oid], power=x, toughness=x if e.toughness else 0)
            return None
        return run


@dataclass(frozen=True)
class CantAttackYou:
    """A static ability: "Creatures [with flying] can't attack you or planeswalkers you
    control." — a restriction on the declaration of attackers (CR 508.1c), read by
    engine/rules/attack_rules.py `forbidden_by` for the defending player's permanents; `keywords`:
    only creatures with one of these keywords (none: every creature). With `tax`: "... unless
    their controller pays {X} for each of those creatures, where X is [a count]" — a cost to
    attack (CR 508.1d, 508.1g-h: paid as the declaration is finished; the count read then),
    engine/rules/attack_rules.py `attack_tax`."""
    keywords: tuple[str, ...] = ()
    tax: Any = None

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        return []  # no layer effect: it works through `forbids_attack` / `attack_tax`

    def _affects(self, g: "Context", attacker: int) -> bool:
        return not self.keywords or bool(set(self.keywords) & g.chars(attacker).keywords)

    def forbids_attack(self, g: "Context", me: "Obj", attacker: int) -> bool:
        return self.tax is None and self._affects(g, attacker)

    def attack_tax(self, g: "Context", me: "Obj", attacker: int) -> int:
        return int(amount(self.tax, g, me)) if self.tax is not None and self._affects(g, attacker) else 0
