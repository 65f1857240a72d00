"""The terms of a permission to cast a card from exile (CR 601.2a: "cast ... from among the
exiled cards"), written with the permission in `st.may_play` (GameBase.allow_play) and read as
an engine/rules/permissions.py `CardPermission`:

* "cast_only": the permission is to cast spells, not to play lands: a land card is never cast
  (CR 305.9: an object that is both a land and another card type can be played only as a
  land), so such a card is not playable by it;
* "types": only a spell with one of these card types ("you may cast permanent spells from
  among them", CR 110.4 — the types read as the card would be a spell, CR 601.2a, 613);
* "per_type": "for each nonland card type, you may cast a spell of that type from among the
  exiled cards without paying its mana cost" — one spell for each card type (CR 205.2a); the
  permissions of one effect share the key, and a card with several types is cast as one of
  them that is not used yet (the caster chooses which: `cast CARD with as_creature`), which
  uses that type for the turn (a ruling of the card that says it: "you could cast one artifact
  creature as your artifact card and another artifact creature as your creature card");
* "any_color": "you may spend mana as though it were mana of any color to cast those
  spells" (CR 609.4b: only how the cost may be paid changes, not the cost nor the mana
  spent: its coloured symbols may be paid with any mana, a {C} symbol still with colourless
  mana only).

The types are those of the spell the card becomes cast as a face (spell_types): an adventurer
card cast as its Adventure is an instant or sorcery spell, not a permanent spell (CR 715.3b,
601.3e), a Room's door only that door's (CR 709.3). `allows` without a face asks whether the
card may be cast some way (as itself or one of its faces); `cast_fits` whether as that face.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.index import CARDS
from engine.rules.mana import Cost
from engine.rules.permissions import CardPermission, card_permissions, of_card
from engine.rules.spell_types import spell_types

if TYPE_CHECKING:
    from engine.rules.context import Context

# CR 205.2a: the card types, Land apart ("for each nonland card type")
NONLAND_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Planeswalker", "Sorcery")
# CR 110.4: the permanent types a spell can have (a land is played, never cast, CR 305.9)
PERMANENT_SPELL_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Planeswalker")
SLOT = "as_"  # `cast CARD with as_creature`: cast as the spell of that type (lower case)


def _types(g: "Context", oid: int, face: str = "") -> frozenset[str]:
    return spell_types(g, oid, face)[0]


def _faces(g: "Context", oid: int) -> list[str]:
    """The ways the card can be cast: as each of its faces (an adventurer's creature and its
    Adventure, a Room's doors), or "" as the card."""
    obj = g.st.objects[oid]
    data = CARDS.printed(obj.name)
    return [f["name"] for f in data.faces] if data is not None and data.faces else [""]


def allows(g: "Context", m: CardPermission, oid: int, face: str | None = None) -> bool:
    """Whether the permission m lets its player play or cast this exiled card now — cast as
    `face` ("" the card; None: as the card or any of its faces)."""
    if not m.cast_only and not m.types and m.per_type is None:
        return True
    return any(_allows_as(g, m, oid, f) for f in (_faces(g, oid) if face is None else (face,)))


def _allows_as(g: "Context", m: CardPermission, oid: int, face: str) -> bool:
    types = _types(g, oid, face)
    if "Land" in types:  # CR 305.9: a land card is never cast
        return False
    if m.types and not types & set(m.types):
        return False
    return m.per_type is None or bool(open_types(g, m, oid, face))


def cast_fits(g: "Context", p: int, oid: int, face: str, alt: str) -> bool:
    """Whether p may cast this card, if it is in exile under permissions kept with it, as
    `face` for `alt` by their terms: a "for each card type" permission (`as_TYPE`) for a type
    that spell has and that is still open, any other for a spell of its types (CR 715.3b: an
    Adventure cast from among cards that allow permanent spells is an instant or sorcery spell)."""
    if g.st.objects[oid].zone != "exile":
        return True
    perms = of_card(g, oid, p)
    if not perms:
        return True  # (cast from exile by another permission: a player's, not the card's)
    if alt.startswith(SLOT):
        return any(m.per_type is not None and SLOT + t.lower() == alt
                   for m in perms for t in open_types(g, m, oid, face))
    return any(allows(g, m, oid, face) for m in perms)


def open_types(g: "Context", m: CardPermission, oid: int, face: str = "") -> list[str]:
    """The nonland card types this card, cast as `face`, may still be cast as under the shared
    permission m."""
    types = _types(g, oid, face)
    return [t for t in NONLAND_TYPES if t in types and not g.st.this_turn.get(_used(m, t))]


def _used(m: CardPermission, card_type: str) -> str:
    return f"free_type:{m.per_type}:{card_type}"


def slot_costs(g: "Context", p: int, oid: int) -> dict[str, str] | None:
    """The ways p may cast this card by a "per_type" permission: `as_TYPE` -> {0} (without
    paying its mana cost, CR 118.9), one for each of its types still open; None without one."""
    slots = [m for m in of_card(g, oid, p) if m.per_type is not None]
    if not slots:
        return None
    # (as any of its faces: which face goes with which type, cast_fits)
    return {SLOT + t.lower(): "{0}" for m in slots for f in _faces(g, oid) for t in open_types(g, m, oid, f)}


def use_slot(g: "Context", p: int, oid: int, alt: str, face: str = "") -> None:
    """The card is cast as `face`, the spell of the type `alt` names: that type is used for
    the turn."""
    for m in of_card(g, oid, p):
        if m.per_type is not None:
            chosen = next((t for t in open_types(g, m, oid, face) if SLOT + t.lower() == alt), None)
            if chosen is not None:
                g.mark_turn(_used(m, chosen))
                return


def any_color(g: "Context", oid: int) -> bool:
    """Whether the player who may cast this exiled card may spend mana as though it were mana
    of any color to cast it (CR 609.4b)."""
    obj = g.st.objects[oid]
    return obj.zone == "exile" and any(m.any_color for m in of_card(g, oid))


def caster(g: "Context", oid: int) -> int:
    """Who would cast this card: its owner, or for an exiled card, the player a permission lets
    cast it (an opponent's card, CR 601.2a) — whose cost reductions and alternative costs apply."""
    obj = g.st.objects[oid]
    if obj.zone == "exile":
        for m in card_permissions(g):
            if m.obj == oid:
                return m.player
    return obj.owner


def as_any_color(cost: Cost) -> Cost:
    """CR 609.4b: the cost as it may be paid with mana spent as though it were mana of any
    color — each coloured symbol (W, U, B, R, G; a hybrid symbol once, its cheaper half) may be
    paid with any mana, so it is paid like generic mana; {C} still needs colourless mana. A
    Phyrexian symbol keeps its colour (paid with that colour or 2 life): a simplification."""
    colored = [c for c in cost.colored if c == "C" or c in cost.phyrexian]
    generic = cost.generic + (len(cost.colored) - len(colored)) + len(cost.hybrid)
    if generic == cost.generic:
        return cost
    return Cost(generic, colored, [], cost.x, list(cost.phyrexian))
