"""The effects of resolved spells and abilities (CR 611.2) as typed objects (issue #24).

The state keeps each one as a plain description (`GameState.effects`: saved games, undo and
the hidden-information checks read it as JSON; its shape is unchanged). It is written in one
place, `GameBase.add_effect` (with `describe` for the typed parts), and read back only through
`ResolvedEffect.of_state`, which raises for a key, a layer or a part's field no rule reads; the
rules ask `resolved(g)`, never a description's keys.

What a resolved effect may carry besides its layer's change (a `ContinuousEffect`, applied by
engine/rules/layering.py):

* `control_back` (ControlBack): "gain control of ... until end of turn" — who gets the
  permanent back as it ends (CR 611.2a; engine/game_effects.py end_effects, engine/rules/leave.py);
* `cant_gain_life`: a player who can't gain life for the rest of the game (CR 119.7);
* `damage_plus` (DamageBonus): "if a source you control would deal damage this turn, it deals
  that much damage plus N instead" (CR 614.1a);
* `prevent_damage` (PreventionShield): "prevent all combat damage that would be dealt this
  turn ..." (CR 615.1a);
* `no_max_hand`: a player with no maximum hand size until their next turn (CR 402.2);
* `attack_others_than`: the player whose opponents' creatures attack each combat and attack
  another player if able (CR 508.1d, 701.15b: goad's requirements);
* `while_face_down`: it lasts as long as its permanent remains face down (CR 708.8);
* `only_players`: only these players can cast spells and attack (CR 101.2);
* `card`: the name of the card whose effect it is (a refusal's sentence names it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Final, NamedTuple, TypeVar

from engine.rules.effects import ContinuousEffect
from engine.rules.records import checked, kept, value

if TYPE_CHECKING:
    from engine.rules.context import Context


class ControlBack(NamedTuple):
    """"Gain control of [obj] until end of turn": the player `to` who gets it back (CR 611.2a)."""
    obj: int
    to: int


class DamageBonus(NamedTuple):
    """"If a source you control would deal damage this turn, it deals that much damage plus `n`
    instead" for `player` (CR 614.1a), from the card `name`."""
    player: int
    n: int
    name: str


class PreventionShield(NamedTuple):
    """"Prevent all [combat] damage that would be dealt this turn [to you] [by non-[subtype]
    creatures]." (CR 615.1a) from the card `name` of `controller`: `combat` damage only,
    damage to `to_player` only (None: to anything), not by a creature with the subtype
    `not_subtype`; `token`: "For each 1 damage prevented this way, create a [token]" (CR 615.5)."""
    name: str
    controller: int
    combat: bool = False
    to_player: int | None = None
    not_subtype: str = ""
    token: str = ""


T = TypeVar("T")

_PLAYER_KEYS: Final = ("cant_gain_life", "no_max_hand", "attack_others_than")


def describe(params: dict[str, Any]) -> dict[str, Any]:
    """The state's description of an effect's parameters: a record part (ControlBack,
    DamageBonus, PreventionShield) as the dict of its fields (JSON keeps a dict, not a tuple),
    the rest as given."""
    return {k: (v._asdict() if isinstance(v, (ControlBack, DamageBonus, PreventionShield)) else v)
            for k, v in params.items()}


def _part(kind: Callable[..., T], part: Any, desc: dict[str, Any]) -> T | None:
    return None if part is None else checked(kind, part, f"a resolved effect's part in {desc!r}")


class ResolvedEffect:
    """One entry of GameState.effects, as the rules read it (see the module's docstring)."""

    __slots__ = ("desc", "layer", "ids", "ts", "until", "change", "card", "control_back", "cant_gain_life",
                 "damage_plus", "prevent_damage", "no_max_hand", "attack_others_than", "while_face_down",
                 "only_players")

    desc: dict[str, Any]  # the state's entry it was read from (GameBase removes an ended one by it)
    layer: str
    ids: list[int]
    ts: int
    until: str | None
    change: ContinuousEffect
    card: str
    control_back: ControlBack | None
    cant_gain_life: int | None
    damage_plus: DamageBonus | None
    prevent_damage: PreventionShield | None
    no_max_hand: int | None
    attack_others_than: int | None
    while_face_down: bool
    only_players: tuple[int, ...] | None

    @classmethod
    def of_state(cls, desc: dict[str, Any]) -> "ResolvedEffect":
        """The effect the state's description stands for: the one conversion of
        GameState.effects. Raises (ValueError) for an unknown key or layer
        (ContinuousEffect.of_state) or a part that is not what the rules read."""
        new = object.__new__(cls)
        new.desc = desc
        new.change = change = ContinuousEffect.of_state(desc)
        new.layer, new.ids, new.ts, new.until = change.layer, change.ids, change.ts, change.until
        card = desc.get("card", "")
        if not isinstance(card, str):
            raise ValueError(f"a resolved effect's card is not a name: {desc!r}")
        new.card = card
        new.control_back = _part(ControlBack, desc.get("control_back"), desc)
        new.damage_plus = _part(DamageBonus, desc.get("damage_plus"), desc)
        new.prevent_damage = _part(PreventionShield, desc.get("prevent_damage"), desc)
        new.cant_gain_life, new.no_max_hand, new.attack_others_than = (
            value(int | None, desc.get(k), f"the player of a resolved effect {desc!r}") for k in _PLAYER_KEYS)
        new.while_face_down = bool(desc.get("while_face_down"))
        new.only_players = value(tuple[int, ...] | None, desc.get("only_players"),
                                 f"the players of a resolved effect {desc!r}")
        return new

    def __repr__(self) -> str:
        return f"ResolvedEffect({self.desc!r})"


def resolved(g: "Context") -> list[ResolvedEffect]:
    """The effects of resolved spells and abilities now, in the order they began, typed: each
    description is converted once and kept while the state holds that description (the
    state is replaced on undo, so an entry is found by identity)."""
    return kept(g, "resolved_typed", g.st.effects, ResolvedEffect.of_state)


def attacked_others_than(g: "Context") -> list[int]:
    """The players of the resolved effects "... attack a player other than you" (Kardur's, goad
    CR 701.15b), in the effects' order: asked for every creature as attacks are listed and
    checked, so made once per list of the state's effect descriptions — the same list with the
    same length holds the same descriptions (records.kept: the list is only appended to or
    replaced, a description never changed in place; the entry keeps the list alive)."""
    descs = g.st.effects
    was = g.chars_kept.get("attacked_others_than")
    if was is not None and was[0] is descs and was[1] == len(descs):
        got: list[int] = was[2]
        return got
    got = [e.attack_others_than for e in resolved(g) if e.attack_others_than is not None]
    g.chars_kept["attacked_others_than"] = (descs, len(descs), got)
    return got
