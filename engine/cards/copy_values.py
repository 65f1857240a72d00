"""What a copy effect's exceptions make of copiable values (CR 707.9a-b), below the vocabulary
and the mechanics that copy (engine/cards/vocab/copies.py, engine/cards/mechanics/enters_as_copy.py)
and below the card lookup (engine/cards/behaviour.py, which finds a copy's granted abilities):
the exceptions written into the values, and the term of a card that enters as a copy."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PT_SET = "pt_set"  # copiable values whose P/T a copy exception set (CR 707.9d)


def with_exceptions(values: dict[str, Any], power: int | None, toughness: int | None, add_colors: tuple[str, ...],
                    add_subtypes: tuple[str, ...], add_keywords: tuple[str, ...]) -> dict[str, Any]:
    """Copiable values with a copy effect's exceptions (CR 707.9b): a set P/T, colours, creature
    types and keyword abilities "in addition to its other colors and types"."""
    out = dict(values)
    if power is not None:
        out["power"], out["toughness"] = str(power), str(toughness)
        out[PT_SET] = True  # CR 707.9d: the copied P/T-defining ability is not copied
    out["colors"] = sorted(set(out.get("colors", [])) | set(add_colors))
    if add_subtypes:
        # (a card with two faces, an adventurer: the types are added to its main characteristics,
        # the first face's line — CR 715.2, 707.9b)
        front, sep, rest = str(out.get("type_line", "")).partition(" // ")
        head, _, subs = front.partition("—")
        words = subs.split() + [s for s in add_subtypes if s not in subs.split()]
        out["type_line"] = f"{head.strip()} — {' '.join(words)}" + (sep + rest if sep else "")
    out["keywords"] = sorted(set(out.get("keywords", [])) | set(add_keywords))
    return out


@dataclass(frozen=True)
class CopyOnEntering:
    """The card's "You may have this creature enter as a copy of ..." (a term of its definition,
    CardDef.terms): the exceptions (engine/cards/vocab/copies.py EntersAsCopy) and the triggered
    abilities such a copy has ("it has ..."), part of its copiable values (CR 707.9a)."""
    spec: Any
    grants: tuple[Any, ...] = ()
