"""Triggered mana abilities (CR 605.1b): "Whenever a player taps a land for mana, if this
creature is tapped, that player adds one mana of any type that land produced. Then that land
deals 1 damage to that player.".

A triggered ability that triggers from a mana ability and could add mana is a mana ability
(CR 605.1b); it does not go on the stack and resolves right after the mana ability that
triggered it, without waiting for priority (CR 605.4a). A land is tapped for mana when a
mana ability of it with {T} in its cost is activated (CR 106.12a) — by hand (`activate
Forest`) or as a cost is paid (engine/rules/payment.py execute_payment, CR 601.2g).

Payments count the mana such an ability will add: a land's Sources include one more of the
same group for each ability that would trigger (engine/rules/payment.py _mana_sources), so the
legal-action listing offers every spell that mana pays for (CR 601.2g-h) and nothing more.
The card layer writes the ability as `LandTappedForMana` (engine/cards/vocab/mana.py): its
`condition` is an intervening "if" (CR 603.4), `adds` how much mana of the land's type it
adds, `damage` what the land then deals to that player.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from engine.rules.characteristics import from_permanents
from engine.rules.damage import permanent_source

if TYPE_CHECKING:
    from engine.rules.context import Context


def abilities(g: "Context") -> list[tuple[int, Any]]:
    """The phased-in permanents with a triggered mana ability and those abilities, in the order
    of the battlefield, once per position. Made from each player's permanents' characteristics
    and kept across positions while those stay the same (characteristics.from_permanents):
    every tap asks this (payment.mana_changed), and a crowded board must not be read again."""
    key = ("mana_triggers",)
    got: list[tuple[int, Any]] | None = g.memo.get(key)
    if got is None:
        got = []
        for p in range(len(g.st.players)):
            got += from_permanents(g, p, "mana_triggers", lambda p=p: [  # type: ignore[misc]
                (oid, t) for oid, _, c in g.perms(p) if c.defn is not None for t in c.defn.mana_triggers])
        if len({g.st.objects[oid].controller for oid, _ in got}) > 1:  # (several players': battlefield order)
            order = {oid: i for i, oid in enumerate(g.st.battlefield)}
            got.sort(key=lambda x: order[x[0]])
        if not g.memo.get("effects_partial"):
            g.memo[key] = got
    return got


def _triggering(g: "Context", assume_tapped: "tuple[int, ...]" = ()) -> list[tuple[int, Any]]:
    """The abilities that trigger as a land is tapped for mana now: an intervening "if" is
    checked as the ability triggers (CR 603.4) — here also as it resolves, at once.
    `assume_tapped`: permanents a payment taps for mana first (tap_first)."""
    objects = g.st.objects
    return [(oid, t) for oid, t in abilities(g)
            if oid in objects and not objects[oid].phased_out
            and (oid in assume_tapped or t.condition(g, objects[oid]))]


def present(g: "Context") -> bool:
    """Whether a permanent on the battlefield has a triggered mana ability (once per position)."""
    return bool(abilities(g))


def state(g: "Context") -> "tuple[Any, ...] | None":
    """What the mana the lands make depends on: each permanent with a triggered mana ability,
    whether it is tapped or phased out (its intervening "if" reads only that: "if this creature
    is tapped", This("tapped")). None when a condition may read something else: what is known
    of the players' mana then holds for one position only (engine/rules/payment.py)."""
    objects = g.st.objects
    out = []
    for oid, t in abilities(g):
        if not getattr(t.condition, "when_tapped", False):
            return None
        obj = objects.get(oid)
        out.append((oid, None if obj is None else (obj.tapped, obj.phased_out)))
    return tuple(out)


def makes_mana(g: "Context", oid: int) -> bool:
    """Whether this permanent has a triggered mana ability (its tapping changes every land's mana)."""
    return any(o == oid for o, _ in abilities(g))


def land_extra(g: "Context", assume_tapped: "tuple[int, ...]" = ()) -> tuple[int, int]:
    """How much more mana a land makes now as it is tapped for mana (CR 605.1b), and how much
    damage tapping it deals to its controller then."""
    if not abilities(g):
        return 0, 0
    got = _triggering(g, assume_tapped)
    return sum(t.adds for _, t in got), sum(t.damage for _, t in got)


def land_adds(g: "Context", assume_tapped: "tuple[int, ...]" = ()) -> tuple[int, ...]:
    """How much mana each triggered mana ability that triggers now as a land is tapped for
    mana adds, in the order they resolve (each of one type that land produced, CR 605.1b):
    a land tapped for a filter ability that made two types may get one of each
    (engine/rules/mana_filters.py)."""
    if not abilities(g):
        return ()
    return tuple(t.adds for _, t in _triggering(g, assume_tapped))


def land_tapped_for_mana(g: "Context", player: int, land: int, colour: str) -> int:
    """A land of `player` was tapped for mana and made `colour`: the triggered mana abilities
    resolve now (CR 605.4a), in the order of their sources' timestamps (their controllers
    would order them, CR 603.3b; the result is the same whatever the order). Returns how much
    mana of `colour` they add ("one mana of any type that land produced": the type it made);
    the caller puts it into the pool or spends it. The land then deals its damage to that
    player (CR 120.3a), from the land as it last existed if it is gone (CR 113.7a)."""
    return len(land_tapped_for_types(g, player, land, colour))


def land_tapped_for_types(g: "Context", player: int, land: int, types: str) -> str:
    """As land_tapped_for_mana, the type each ability adds chosen by the player (CR 605.1b:
    "one mana of any type that land produced"): the i-th ability in land_adds' order adds
    types[i], all of them types[0] when one type is given. Returns the mana they add."""
    if not abilities(g):
        return ""
    land_obj = g.st.objects.get(land)
    src = permanent_source(g, land) if land_obj is not None and land_obj.zone == "battlefield" else \
        {"obj": land, "name": land_obj.name if land_obj is not None else "", "controller": player,
         "deathtouch": False, "lifelink": False}
    made = ""
    got = _triggering(g)
    assert len(types) in (1, len(got)) or not got, (types, len(got))
    for i, (oid, t) in enumerate(got):
        name = g.st.objects[oid].name
        colour = types[i] if len(types) > 1 else types
        made += colour * t.adds
        g.event("mana", player=g.pname(player), card=name, mana=colour * t.adds)
        if t.damage:
            g.damage(src, {"player": player}, t.damage)
    return made
