"""The replacement effects of resolved spells and abilities (CR 614.1, 611.2) as typed records
(issue #24).

The state keeps each one as a plain description (`GameState.replacements`: saved games, undo
and the hidden-information checks read it as JSON; its shape is unchanged: `{"kind": ..., the
record's fields}`). It is written in one place, `GameBase.add_replacement` (a record, as
`describe` makes it), removed by `GameBase.end_replacements`, and read back only through
`of_state`, which raises for a kind, a field or a value no rule reads; the rules ask
`replacements(g)` and the helpers below, never a description's keys.

The kinds (`Kind`), each a record:

* `RegenerationShield` — "Regenerate [permanent]": "The next time [it] would be destroyed this
  turn, instead tap it, remove all damage from it, and remove it from combat" (CR 701.19a, a
  replacement effect, 614.8); used up by one destruction (engine/cards/mechanics/regenerate.py);
* `ExileIfDies` — "If that creature would die this turn, exile it instead" (CR 614.1a, 700.4;
  engine/rules/sba.py);
* `GraveyardExile` — "if a card would be put into your graveyard from anywhere this turn,
  exile it instead" (CR 614.1a; not for tokens; engine/rules/zones.py graveyard_ways).

Each lasts until `until` (engine/game_effects.py end_effects: "eot", CR 514.2), and names its
`source`, the card a player choosing among replacement effects sees (CR 616.1).
"""
from __future__ import annotations

import enum
from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Final, Sequence, Union

from engine.rules.effects import REGENERATION
from engine.rules.records import checked, kept

if TYPE_CHECKING:
    from engine.rules.context import Context


class Kind(enum.Enum):
    """What a resolved replacement effect replaces: its `kind` in the state's description."""
    REGENERATE = REGENERATION         # CR 701.19a: a destruction
    DIES_EXILE = "dies_exile"         # CR 614.1a, 700.4: a creature or planeswalker dying
    GRAVEYARD_EXILE = "graveyard_exile"  # CR 614.1a: a card put into its owner's graveyard


@dataclass(frozen=True, kw_only=True)
class _Resolved:
    """What each kind has: the card whose effect it is, named to a player who chooses among
    replacement effects (CR 616.1), and when it ends."""
    source: str
    until: str = "eot"


@dataclass(frozen=True, kw_only=True)
class RegenerationShield(_Resolved):
    """A regeneration shield on the permanent `obj` (CR 701.19a)."""
    KIND: ClassVar[Kind] = Kind.REGENERATE
    obj: int


@dataclass(frozen=True, kw_only=True)
class ExileIfDies(_Resolved):
    """If the permanent `obj` would die, it is exiled instead (CR 614.1a, 700.4)."""
    KIND: ClassVar[Kind] = Kind.DIES_EXILE
    obj: int


@dataclass(frozen=True, kw_only=True)
class GraveyardExile(_Resolved):
    """If a card (not a token) would be put into `player`'s graveyard from anywhere, it is exiled
    instead (CR 614.1a; the source: the door unlocked)."""
    KIND: ClassVar[Kind] = Kind.GRAVEYARD_EXILE
    player: int


ResolvedReplacement = Union[RegenerationShield, ExileIfDies, GraveyardExile]

_RECORDS: Final[dict[Kind, Callable[..., ResolvedReplacement]]] = {
    r.KIND: r for r in (RegenerationShield, ExileIfDies, GraveyardExile)}


def of_state(desc: dict[str, Any]) -> ResolvedReplacement:
    """The replacement effect the state's description stands for: the one conversion of
    GameState.replacements. Raises (ValueError) for a kind, a field or a value no rule reads."""
    if not isinstance(desc, dict):
        raise ValueError(f"a replacement effect is not a record: {desc!r}")
    try:
        kind = Kind(desc.get("kind"))
    except ValueError:
        raise ValueError(f"a replacement effect of a kind no rule reads: {desc!r}") from None
    fields = {k: v for k, v in desc.items() if k != "kind"}
    return checked(_RECORDS[kind], fields, f"a replacement effect {desc!r}")


def describe(rep: ResolvedReplacement) -> dict[str, Any]:
    """Its plain description for the state (the shape saved games always had)."""
    return {"kind": rep.KIND.value, **asdict(rep)}


def replacements(g: "Context") -> list[ResolvedReplacement]:
    """The replacement effects of resolved spells and abilities now, in the order they were
    created, typed (each description converted once while the state holds it)."""
    return kept(g, "resolved_replacements", g.st.replacements, of_state)


def shields(g: "Context", oid: int) -> list[RegenerationShield]:
    """The regeneration shields on this permanent (CR 701.19a), the oldest first."""
    return [r for r in replacements(g) if isinstance(r, RegenerationShield) and r.obj == oid]


def exile_if_dies(g: "Context", oid: int) -> list[ExileIfDies]:
    """The "if it would die, exile it instead" effects on this permanent (CR 614.1a)."""
    return [r for r in replacements(g) if isinstance(r, ExileIfDies) and r.obj == oid]


def graveyard_exiles(g: "Context", player: int | None = None) -> list[GraveyardExile]:
    """The "exile it instead" effects on cards going to `player`'s graveyard (any player's)."""
    return [r for r in replacements(g) if isinstance(r, GraveyardExile) and (player is None or r.player == player)]


def without(descs: list[dict[str, Any]], typed: list[ResolvedReplacement],
            ending: Sequence[ResolvedReplacement]) -> list[dict[str, Any]]:
    """The descriptions `descs` (typed as `typed`) less one for each record of `ending` (two equal
    shields are two shields: ending one leaves the other)."""
    left = Counter(ending)
    out = []
    for d, r in zip(descs, typed):
        if left[r] > 0:
            left[r] -= 1
        else:
            out.append(d)
    return out
