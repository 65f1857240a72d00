"""Delirium (ability word, Duskmourn): "Delirium — [ability that works] if/as long as there
are four or more card types among cards in your graveyard." An ability word has no rules
meaning of its own (CR 207.2c): this module gives the condition and marks the ability.

Release notes (Delirium): "Zu den Kartentypen in Magic zählen: Artefakt, Hexerei, Kreatur,
Land, Planeswalker, Schlacht, Spontanzauber, Stammeskarte und Verzauberung." and "Eine
einzelne Karte kann mehrere Kartentypen zu Delirium beitragen."
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

CARD_TYPES = frozenset(("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                        "Planeswalker", "Sorcery"))  # CR 300.1


def card_types_in_graveyard(g: "Context", player: int) -> int:
    """How many card types there are among the cards in a player's graveyard (CR 300.1)."""
    found: set[str] = set()
    for oid in g.st.players[player].graveyard:
        if g.st.objects[oid].token:  # a token is no card (release notes, Delirium; CR 111.8)
            continue
        found |= g.types_now(oid)[0] & CARD_TYPES
    return len(found)


@dataclass(frozen=True)
class TypesInGraveyard:
    """The condition: N or more card types among cards in your graveyard."""
    n: int = 4

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any] | None = None) -> bool:
        return card_types_in_graveyard(g, me.controller) >= self.n


DELIRIUM = TypesInGraveyard(4)


@dataclass(frozen=True)
class CardTypesInGraveyard:
    """A count: "the number of card types among cards in your graveyard" (Broodspinner)."""

    def __call__(self, g: "Context", me: "Obj") -> int:
        return card_types_in_graveyard(g, me.controller)
A = TypeVar("A")


def Delirium(ability: A) -> A:  # noqa: N802 (reads like the card)
    """The ability, marked with the ability word that starts its line."""
    marked = copy.copy(ability)
    object.__setattr__(marked, "word", "Delirium")
    return marked
