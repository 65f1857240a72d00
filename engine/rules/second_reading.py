"""The second reading of the static abilities as the effects index is built (CR 613.6, 613.8;
engine/rules/layering.py `effects_by_object`): a group of a later layer — "Insects you control
get +1/+1" — covers the objects with their types after layers 1-4, so the static abilities are
read again when static copy or type-changing effects changed types. What a static ability read
the first time is recorded (READING) so that the second reading can keep its first effects
when it would read the same.

The types after layers 1-4 are read by layering.py's `types_l4`, passed in (`TypesOf`): this
module is below layering.py, which uses it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.rules.effects import ContinuousEffect, Layer

if TYPE_CHECKING:
    from engine.rules.context import Context

Index = dict[int, list[ContinuousEffect]]
# (g, object, the first reading's index or None) -> its types and subtypes after layers 1-4
TypesOf = Callable[["Context", int, "Index | None"], tuple[frozenset[str], tuple[str, ...]]]
# the layers whose effects change an object's types: 1 (copy) and 4 (type-changing)
TYPE_LAYERS = (Layer.COPY, Layer.TYPE)

# While a static ability is read as the effects index is built, what it reads of the build:
# g.memo[READING] = [{oid: types it read (types_now, types_reader)}, whether it read anything
# else the build changes (the index so far, characteristics, permanents by type: read_other)].
# A second reading of the static abilities (CR 613.6: with the types after layers 1-4) gives a
# static ability the same effects as its first when it read nothing else and the types it read
# are the same (the game's state is: the build changes none of it) — `same_reading`.
READING = "static_reading"
# g.memo[GROUP_TABLES]: each player's permanents with their types as the first reading reads
# them, for the group static abilities (engine/rules/characteristics.py group_table)
GROUP_TABLES = "group_tables"
# g.memo[NO_REUSE]: read every static ability again in the second reading (engine/cache_check.py
# builds the index so, from scratch, to compare)
NO_REUSE = "static_reading_again"


def read_other(g: "Context") -> None:
    """The static ability being read reads something of the build besides types (see READING)."""
    rec = g.memo.get(READING)
    if rec is not None:
        rec[1] = True


def same_reading(g: "Context", first: tuple[Any, dict[int, Any], bool], types_l4: TypesOf) -> bool:
    """Whether a static ability read again now would read what it read the first time: nothing
    but types, each the same now (the second reading's types, types_now)."""
    if first[2]:
        return False
    read = g.memo["types_read"]
    l4_index = g.memo.get("types_l4_index")
    for oid, got in first[1].items():
        now = read.get(oid)
        if now is None:
            now = read[oid] = types_l4(g, oid, l4_index)
        if now != got:
            return False
    return True


def read_again(g: "Context", index: Index, read: dict[int, Any], changed: set[int],
               resolved: list[ContinuousEffect], types_l4: TypesOf) -> dict[int, Any]:
    """The types of the objects the first reading of the static abilities read (`read`: after
    layers 1-4 with the effects of resolved spells and abilities, types_l4 without an index) as
    the second reading would read them (with the first reading's index). They differ only for
    objects a static ability gave a copy or type-changing effect (`changed`): for any other the
    index holds the resolved effects' in their order — unless a resolved one names an object
    twice (the index lists it twice then): all are read again."""
    if any(len(set(e.ids)) != len(e.ids) for e in resolved if e.layer in TYPE_LAYERS):
        return {oid: types_l4(g, oid, index) for oid in read}
    again = dict(read)
    for oid in changed:
        if oid in again:
            again[oid] = types_l4(g, oid, index)
    return again
