"""Adventurer cards (CR 715): a card with an Adventure — a second set of characteristics (an
instant or sorcery with the subtype Adventure) beside its normal ones (Beanstalk Giant //
Fertile Footsteps). The card data gives both as faces; the normal face is the first.

* CR 715.3: `cast CARD: ADVENTURE` casts it as an Adventure (from the hand): the spell has only
  the Adventure's characteristics (CR 715.3b: name, mana cost, types, text; the card's other
  lines — its Spell(...) — are what the Adventure does); `cast CARD: CARD` casts it as the
  creature, whose spell does none of the Adventure's text.
* CR 715.3d, 715.4: "Instead of putting a spell that was cast as an Adventure into its owner's
  graveyard as it resolves, its controller exiles it. For as long as that card remains
  exiled, that player may cast it. That player can't cast it as an Adventure this way" — only
  the creature face from exile; a countered Adventure goes to the graveyard as usual.
* In every other zone, and on the stack cast as the creature, the card has only its normal
  characteristics (CR 715.2, 715.3c).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.rules import cast_now
from engine.rules.permissions import of_card
from engine.rules.mana import parse_cost
from engine.rules.printed import split_type_line
from engine.cards.data import printed

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj

ALT = "adventure"  # the spell's mark (Obj.alt) while it is cast as an Adventure


def as_adventure(item: "Obj") -> bool:
    """Whether this spell was cast as an Adventure: its mark, or — cast for another cost (an
    effect's "without paying its mana cost") — its ctx "cast_as" (engine/rules/casting.py)."""
    return item.alt == ALT or item.ctx.get("cast_as") == ALT


def adventure_face(name: str) -> dict[str, Any] | None:
    """The card's Adventure (its face with the subtype Adventure), if it has one."""
    data = printed(name)
    for f in (data.faces if data is not None and data.faces else ()):
        if "Adventure" in f.get("type_line", "").partition("—")[2].split():
            return dict(f)
    return None


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def face_cast_as(name: str, face: str) -> str:
    """Casting this face of the card casts it as an Adventure (CR 715.3): its mark."""
    adv = adventure_face(name)
    return ALT if adv is not None and adv["name"].lower() == face.lower() else ""


def face_allowed(g: "Context", oid: int, face: str) -> bool:
    """CR 715.3: an Adventure is cast from the hand, from exile by a permission to play the card
    (Light Up the Stage), and by an effect that casts it while it resolves ("without paying its
    mana cost": Spinerock Knoll; ruling, Beanstalk Giant: such effects may apply to the
    Adventure) — but not from exile by its own Adventure's permission (CR 715.4: only the
    creature), nor by a permission for creature spells (its characteristics as an Adventure are
    an instant's or a sorcery's, CR 715.3b)."""
    obj = g.st.objects.get(oid)
    if obj is None or not face_cast_as(obj.name, face) or obj.zone == "hand":
        return True
    if cast_now.is_now(g, oid):
        return True
    if obj.zone == "exile":
        plays = of_card(g, oid)
        return bool(plays) and not any(m.adventurer for m in plays)
    return False


def steps_apply(item: "Obj") -> bool:
    """Whether the card's spell abilities are the spell's: an adventurer card's Spell lines are
    its Adventure's text, done only when cast as the Adventure (CR 715.3b)."""
    return as_adventure(item) or adventure_face(item.name) is None


def zone_chars(g: "Context", obj: "Obj", printed: "Chars") -> "Chars | None":
    """CR 715.3b: on the stack as an Adventure, only the Adventure's characteristics."""
    if obj.zone != "stack" or not as_adventure(obj):
        return None
    adv = adventure_face(obj.name)
    if adv is None:
        return None
    sup, types, subs = split_type_line(adv.get("type_line", ""))
    cost = adv.get("mana_cost") or ""
    colors = frozenset(ch for ch in "WUBRG" if "{" + ch in cost)
    return replace(printed, name=adv["name"], supertypes=sup, types=types, subtypes=subs, colors=colors,
                   mana_value=parse_cost(cost).mana_value, power=None, toughness=None)


def leaves_stack_to(item: "Obj") -> str | None:
    """CR 715.4: a resolving Adventure is exiled instead (countered: the graveyard)."""
    return "exile" if as_adventure(item) and not item.ctx.get("countered") else None


def left_stack(g: "Context", item: "Obj", new: int) -> None:
    """CR 715.4: its controller may cast the card (as the creature) for as long as it remains
    exiled."""
    if as_adventure(item) and new in g.st.objects and g.st.objects[new].zone == "exile":
        g.allow_play(new, item.controller, -1, adventurer=True)
