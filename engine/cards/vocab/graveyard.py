"""Cards leaving the graveyard for the hand or the library, and casting from the graveyard
(CR 400.7, 601.2a).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import object_options
from engine.rules.resolved_replacements import GraveyardExile
from engine.rules import card_terms

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

# a term the rules read (engine/rules/card_terms.py), named by the cards with this vocabulary
CastFromGraveyard = card_terms.CastFromGraveyard


@dataclass(frozen=True)
class ReturnFromGraveyard:
    """"You may return a [permanent / creature ...] card from your graveyard to your hand"
    — chosen as it resolves (no target), "nothing" declines. `whose="any"`: "put a creature
    card from a graveyard onto the battlefield under your control" (Victor, Valgavoth's
    Seneschal) — from any player's graveyard, each card an option of its own (the same name
    in two graveyards is two cards, engine/format.py graveyard_ref)."""
    types: tuple[str, ...] = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
    except_creature_subtype: str = ""  # "a non-Avatar creature card or a planeswalker card"
    to: str = "hand"  # or "battlefield" (under your control)
    optional: bool = True  # False: "return a creature card ..." (one must be chosen if there is one)
    whose: str = "you"  # or "any"

    def _fits(self, g: "Context", p: int) -> list[int]:
        types, no = frozenset(self.types), self.except_creature_subtype
        yards = [o for q in g.st.players for o in q.graveyard] if self.whose == "any" else g.st.players[p].graveyard
        # current types and subtypes (CR 613, 400.2: Leyline of Transformation reaches the graveyard)
        return [o for o in yards if g.types_now(o)[0] & types
                and not (no and "Creature" in g.types_now(o)[0] and no in g.types_now(o)[1])]

    def possible(self, g: "Context", item: "Obj") -> bool:
        """Whether there is a card to return (EitherOr offers only what can be done)."""
        return bool(self._fits(g, item.controller))

    def step(self) -> Step:
        to, optional, anyone = self.to, self.optional, self.whose == "any"

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            fits = self._fits(g, p)
            names = object_options(g, fits) if anyone else [g.st.objects[o].name for o in fits]
            if "answer" not in ctx:
                if not fits:
                    return None
                options = names if anyone else sorted(set(names))
                return Ask(p, "choose_card", options + (["nothing"] if optional else []),
                           "ask.reanimate" if anyone else "ask.return_from_graveyard", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o, n in zip(fits, names) if n == choice), None)
            if oid is None and not optional and fits:
                oid = fits[0]
            if oid is not None:
                if to == "battlefield":
                    g.move(oid, "battlefield", controller=p, cause="return")
                else:
                    g.move(oid, "hand", cause="return")
            return None
        return run


@dataclass(frozen=True)
class ReturnThisToHand:
    """"return this card from your graveyard to your hand" (`zone="graveyard"`) or "return this
    creature to its owner's hand" (`zone="battlefield"`) — if it is still there (CR 400.7)."""
    zone: str = "graveyard"

    def step(self) -> Step:
        zone = self.zone

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is not None and src in g.st.objects and g.st.objects[src].zone == zone:
                g.move(src, "hand", cause="return")
        return run


@dataclass(frozen=True)
class ReturnTargetCard:
    """"Return target [creature] card from your graveyard to your hand / to the battlefield"
    (under its owner's control, CR 110.2)."""
    to: str = "hand"  # hand | battlefield
    each: bool = False  # "Return X target cards ...": each target still legal (CR 608.2b)

    def step(self) -> Step:
        to, each = self.to, self.each

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for i in range(len(item.targets) if each else 1):
                oid = g.target_obj(item, i)
                if oid is not None:
                    g.move(oid, to, cause="return")
        return run


@dataclass(frozen=True)
class GraveyardSpellsThisTurn:
    """"you may cast spells from your graveyard this turn, and if a card would be put into
    your graveyard from anywhere this turn, exile it instead" — a permission (CR 601.2a:
    every cost and timing rule still applies) and a replacement effect (CR 614.1a, not for
    tokens: release notes, Vergessener Keller) until the turn ends."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.mark_turn(f"cast_from_graveyard:{item.controller}")
            # the replacement's source is the door that was unlocked (the ability's source)
            g.add_replacement(GraveyardExile(player=item.controller, source=str(item.ctx.get("door") or item.name),
                                             until="eot"))
        return run
