"""Typed terms a card's text contributes to its definition (CardDef.terms) that the rules read:
permissions and restrictions on casting it, and a characteristic it has off the battlefield.
The card layer's vocabulary makes them (`add_to` while a definition is built); a mechanic that
only its own module reads keeps its term there (flashback, impending, entering as a copy).
Below the rules: the rules import these, never a card module."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class _Term:
    """A term that adds itself to the definition being built."""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw.setdefault("terms", []).append(self)


@dataclass(frozen=True)
class FlashIfTargets(_Term):
    """"You may cast this spell as though it had flash if it targets [a commander]." — the
    spell's own permission (CR 601.3d: the player may consider the choices of its proposal,
    its targets, that would give it that quality): read by engine/rules/casting.py, offered
    when such a target exists and checked against the targets chosen. `filter(g, obj)`."""
    filter: Any
    word: str = ""


@dataclass(frozen=True)
class CastOnlyIf(_Term):
    """"You can't cast [this card] unless [condition]." (CR 601.3: it can't begin to be cast
    otherwise) — read by engine/rules/casting.py; another way onto the battlefield is not
    casting (its ruling). `condition(g, card)`."""
    condition: Any
    word: str = ""


@dataclass(frozen=True)
class CastFromGraveyard:
    """"You may cast this card from your graveyard [if condition]." (CR 601.2a: a permission to
    cast from another zone; all costs and timing rules still apply). ("If you do, this creature
    enters with a +1/+1 counter on it.": `EntersWith(kind, n, CastFrom("graveyard"))`.)"""
    condition: Any = None
    word: str = ""

    def allows(self, g: Any, card: Any) -> bool:
        """Whether the permission holds now for the card (its condition, if any)."""
        return self.condition is None or bool(self.condition(g, card))


@dataclass(frozen=True)
class CreatureWhileNotOnBattlefield(_Term):
    """"As long as [it] isn't on the battlefield, it's a 1/1 Insect creature in addition to its
    other types." (CR 113.6b: works outside the battlefield; engine/cards/mechanics/elsewhere.py)."""
    power: int
    toughness: int
    subtypes: tuple[str, ...] = ()
    word = ""


@dataclass(frozen=True)
class AllModesIfCastFor:
    """"If this spell was kicked, choose any number instead." (CR 700.2): the way of casting it
    (its `alt`, "kicker", engine/cards/mechanics/kicker.py) that allows every mode."""
    alt: str


@dataclass(frozen=True)
class BeginInPlay:
    """"If this card is in your opening hand, you may begin the game with it on the battlefield."
    (CR 103.6: asked before the first turn, engine/rules/turn.py); `line` the card's own line."""
    line: str = ""


@dataclass(frozen=True)
class Uncounterable:
    """"This spell can't be countered." (CR 101.2: the "can't" wins over an effect that would
    counter it, engine/rules/priority.py)."""


@dataclass(frozen=True)
class AsEntersChoice:
    """"As [it] enters, choose a color / a creature type / ..." (CR 614.12b): what is chosen,
    asked before anything else happens as it enters (engine/rules/zones.py, as_enters.py):
    "color", "creature_type", "word:A|B", "reveal:Type|Type" (reveal a card of those types or
    it enters tapped)."""
    what: str

