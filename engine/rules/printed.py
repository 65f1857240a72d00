"""An object's characteristics before any continuous effect (CR 109.3, 613.1): printed on
the card (a split card's by its zone, CR 709), written down for a token or a copy (its
copiable values, CR 111.4, 707.2), or a face-down 2/2 (CR 708.2a). Made once per name.
engine/rules/layering.py applies the continuous effects to these; engine/rules/characteristics.py
is where the rules ask for the result."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import hooks
from engine.rules.mana import parse_cost
from engine.rules.card_terms import CreatureWhileNotOnBattlefield
from engine.rules.index import CARDS
from engine.rules.chars import Chars as Chars

if TYPE_CHECKING:
    from engine.rules.context import Context

SUPERTYPES = {"Basic", "Legendary", "Snow", "World"}


def _num(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0 if v not in (None, "") else None  # '*' counts as 0 outside the stack (CR 208.2a)


def split_type_line(line: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    left, _, right = line.split("//")[0].partition("—")
    words = left.split()
    sup = frozenset(w for w in words if w in SUPERTYPES)
    types = frozenset(w for w in words if w not in SUPERTYPES)
    return sup, types, tuple(right.split())


def chars_of_values(t: dict[str, Any]) -> Chars:
    """Characteristics from copiable values written down (CR 707.2): a token's, as the effect
    that created it set them (CR 111.4), or a copy's (a copy of a card names the card: its
    abilities are the card's)."""
    sup, types, subs = split_type_line(t.get("type_line", ""))
    name = t.get("def", t["name"])
    if t.get("grants"):  # abilities a copy exception gives are copiable values too (CR 707.9a)
        name = "|+".join((name, *t["grants"]))
    defn = CARDS.card_def(name, token=True)
    return Chars(t["name"], sup, types, subs, frozenset(t.get("colors", [])),
                 parse_cost(str(t.get("mana_cost") or "").split("//")[0]).mana_value,  # CR 707.9d: X is 0
                 _num(t.get("power")), _num(t.get("toughness")), _num(t.get("loyalty")),
                 frozenset(t.get("keywords", [])) | (defn.keywords if defn else frozenset()),
                 frozenset(), defn)


def base_chars(g: "Context", oid: int) -> Chars:
    obj = g.st.objects[oid]
    # CR 708.2a: a face-down permanent (or spell) is a 2/2 with no name, text, types; a card
    # exiled face down is only hidden (CR 406.3: engine/view.py), it keeps its own
    if obj.face_down and obj.zone != "exile":
        return Chars("", frozenset(), frozenset({"Creature"}), (), frozenset(), 0, 2, 2, None,
                     frozenset(), frozenset(), None)
    if obj.token_def is not None:
        return CARDS.every_creature_type(chars_of_values(obj.token_def))  # changeling (CR 702.73a)
    cached = _PRINTED.get(obj.name)
    if cached is not None:
        return hooks.zone_chars(g, obj, cached) if obj.name in SPLIT_NAMES else cached
    data = CARDS.printed(obj.name)
    defn = CARDS.card_def(obj.name)
    if data is None:  # an imported card the engine knows nothing about: its name only
        return Chars(obj.name, frozenset(), frozenset(), (), frozenset(), 0, None, None, None,
                     frozenset(), frozenset(), None)
    sup, types, subs = split_type_line(data.type_line)
    c = Chars(data.name, sup, types, subs, frozenset(data.colors),
              parse_cost((data.mana_cost or "").split("//")[0]).mana_value,
              _num(data.power), _num(data.toughness), _num(data.loyalty),
              defn.keywords if defn else frozenset(), frozenset(), defn)
    c = CARDS.every_creature_type(c)  # changeling, a characteristic-defining ability: every zone (CR 702.73a, 604.3)
    _PRINTED[obj.name] = c  # printed characteristics never change: compute once per name
    if len(data.faces or ()) == 2 or (defn is not None and defn.term(CreatureWhileNotOnBattlefield) is not None):  # CR 709: a split card's
        # characteristics depend on its zone (and a card that is a creature only off the battlefield)
        SPLIT_NAMES.add(obj.name)
        return hooks.zone_chars(g, obj, c)
    return c


_PRINTED: dict[str, Chars] = {}
SPLIT_NAMES: set[str] = set()


def copied_chars(values: dict[str, Any]) -> Chars:
    """The copiable values a layer-1 copy effect gives (CR 707.2), as the effect wrote them down
    (its `values`, with the copy effect's exceptions, CR 707.9b)."""
    return chars_of_values(values)
