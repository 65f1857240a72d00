"""Static abilities that change a rule for a player or the card itself: opening hand
(CR 103.6), flash for some spells (CR 601.3b), chosen creature types, "can't be countered"
aside, and player rules such as ignoring hexproof.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from engine.cards.data import bundled_cards
from engine.rules.characteristics import split_type_line
from engine.rules.effects import ContinuousEffect
from engine.rules.rule_changes import Rule, rule_change
# (terms the rules read, made by cards of this vocabulary: engine/rules/card_terms.py)
from engine.rules import card_terms
from engine.rules.card_terms import FlashIfTargets

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

CastOnlyIf = card_terms.CastOnlyIf  # (a term the rules read, named by the cards with this vocabulary)


@dataclass(frozen=True)
class PlayerRule:
    """A static ability that changes a rule for its controller ("ignore_hexproof": "Creatures
    your opponents control can be the targets ... as though they didn't have hexproof. Ward
    abilities of those creatures don't trigger.")."""
    rule: Rule | tuple[Rule, ...]  # one line may change two rules
    word: str = ""
    # the player's part of a line whose next ability is the rest ("You and permanents you
    # control have hexproof."): it takes no line of its own
    shares_line: bool = False

    def __post_init__(self) -> None:
        for r in self.rules:
            rule_change(r)  # (raises for a rule no rule reads)

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self.rule if isinstance(self.rule, tuple) else (self.rule,)


@dataclass(frozen=True)
class OpeningHand:
    """"If this card is in your opening hand, you may begin the game with it on the
    battlefield." (CR 103.6; the Leylines)"""
    word: str = ""


@dataclass(frozen=True)
class FlashFor:
    """"You may cast [creature / noncreature spells / this spell] as though [they / it] had
    flash" (CR 601.3b), read by engine/rules/casting.py:

    * a static ability (`creature` True or False): your creature / noncreature spells; with
      `power_parity` only "as long as this creature's power is even (0) / odd (1)";
    * `if_targets=filter` (written as the card's own line, not in a Static): "You may cast this
      spell as though it had flash if it targets [a commander]." — the spell's own permission
      (CR 601.3d: the player may consider the choices of its proposal, its targets, that would
      give it that quality): offered when such a target exists and checked against the targets
      chosen; `filter(g, obj)`."""
    creature: bool | None = None
    power_parity: int | None = None
    if_targets: Any = None
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        if self.if_targets is None:
            raise ValueError(f"a static ability, written in Static: {self!r}")
        kw.setdefault("terms", []).append(FlashIfTargets(self.if_targets))

    def static_effects(self, g: "Context", me: "Obj") -> list[ContinuousEffect]:
        return []

    def flash_for(self, g: "Context", me: "Obj", spell: Any) -> bool:
        if self.power_parity is not None and (g.chars(me.id).power or 0) % 2 != self.power_parity:
            return False
        return ("Creature" in spell.types) == self.creature


def creature_types() -> list[str]:
    """The creature types a player may choose (ruling, Leyline of Transformation: an existing
    creature type, one): every creature type of a card in the bundled card data (CR 205.3m
    lists more; none of those can matter to a card in this pool)."""
    return list(_creature_types())


@lru_cache(maxsize=1)
def _creature_types() -> tuple[str, ...]:
    """The bundled data's creature types, read once (the data does not change in a run). A
    land creature's subtypes are of both kinds (Dryad Arbor, "Land Creature — Forest Dryad":
    Forest is a land type and Dryad a creature type, its ruling; CR 205.3i, 205.3m), so the
    subtypes of lands that aren't creatures are no creature types."""
    out: set[str] = set()
    lands: set[str] = set()
    for data in bundled_cards().values():
        for half in data.type_line.split("//"):
            _, types, subs = split_type_line(half)
            if "Creature" in types or "Kindred" in types:
                out |= set(subs)
            elif "Land" in types:
                lands |= set(subs)
    return tuple(sorted(out - lands))




