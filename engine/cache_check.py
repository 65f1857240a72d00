"""A debug check that the engine's caches never answer with stale values (issue #24).

The characteristics (engine/rules/characteristics.py) and much of what the legal-action
listing reads are kept across positions while what they were made of stays the same
(`chars_kept`, `mana_memo`, `names_kept`, the static-ability list, the spell-type and
effects caches). With the check on, every action a game applies is followed by the same
questions asked of a copy of the game made from its state alone, with every cache empty:
the static abilities on the battlefield and the continuous effects on each object (the
effects index, CR 604, 613), each object's current characteristics (CR 613) in every zone,
the permanents that exist (CR 702.26b) and the face-down ones (kept by GameBase.bf_kept
across positions), the permanents each player controls, the rule changes each player has, the
graveyard cards each player may cast and the static abilities that may give flash, the open decision
and its legal actions, what each player could do with priority (the listing's caches,
engine/rules/idle.py) and how actions name the objects (engine/format.py name maps, kept by
engine/naming.py). Any difference raises `StaleCache` naming the object and both answers.

On with the environment variable MANATABLE_CHECK_CACHES=1 (for a whole scenario run:
`MANATABLE_CHECK_CACHES=1 python -m engine.scenario tests/scenarios`) or `enable()`.
Slow (the copy and a from-scratch reading after each action): for tests only.
"""
from __future__ import annotations

import os
from typing import Any

from engine.format import name_map
from engine.rules.layering import effects_by_object
from engine.rules.mana import NO_PURPOSES
from engine.rules.second_reading import NO_REUSE
from engine.rules.mana_orders import orders_stale
from engine.rules.mana_sources import makes_restricted_mana, sources_kept
from engine.rules.payment import first_sources_stale
from engine.rules.listing import priority_actions
from engine.rules.permanents_plan import permanents_stale
from engine.rules import as_enters, mana_triggers
from engine.rules.additional_costs import face_down_permanents
from engine.rules.costs import discounts_of
from engine.rules.characteristics import with_type_stale
from engine.rules.control import control_objs_stale, controlled_from_any
from engine.rules.targets import kept_options_stale, player_rules
from engine.rules.trigger_index import trigger_index_stale
from engine.rules.triggers import graveyard_candidates, graveyard_candidates_made
from engine.rules.permissions import card_permissions, flash_statics
from engine.action_candidates import graveyard_cands, graveyard_cands_made
from engine.rules.resolved import resolved
from engine.rules.resolved_replacements import replacements
from engine.rules.sba import COMBAT_STEPS

_ON = [os.environ.get("MANATABLE_CHECK_CACHES", "") not in ("", "0")]


# the name maps compared: targets and graveyard cards are named alike for every player
NAME_KINDS = ("target", "graveyard", "own", "hand")


class StaleCache(AssertionError):
    """A cached answer differs from the one made from scratch."""


def enabled() -> bool:
    return _ON[0]


def enable(on: bool = True) -> None:
    _ON[0] = on


def verify(g: Any) -> None:
    """Compare what the Game `g` answers (with its caches) with what a copy with empty caches
    answers. (The Game is not imported: engine/game.py imports this module.)"""
    fresh = type(g)(g.config, _state=g.st.copy())
    fresh.aliases = dict(g.aliases)
    fresh.face_gen = g.face_gen
    where = f"turn {g.st.turn}, {g.st.step}, after {g.history[-1].text if g.history else 'set-up'!r}"
    # the continuous effects by object (CR 613: the effects index, kept across status changes)
    # and the static abilities they come from (CR 604, kept across positions)
    # (the copy reads every static ability again in the second reading of the statics, CR 613.6,
    # instead of keeping the first reading of those whose reads are the same: second_reading.READING)
    fresh.memo[NO_REUSE] = True
    kept_index, made_index = effects_by_object(g), effects_by_object(fresh)
    for oid in sorted(kept_index.keys() | made_index.keys()):
        kept_keys = [(e.key, e.ids) for e in kept_index.get(oid, ())]
        made_keys = [(e.key, e.ids) for e in made_index.get(oid, ())]
        if kept_keys != made_keys:
            raise StaleCache(f"continuous effects on #{oid} at {where}: cached {kept_keys!r}, made {made_keys!r}")
    # the state-based check's walk for creatures leaving combat is skipped outside combat
    # (engine/rules/sba.py COMBAT_STEPS): nothing may attack or block there
    if g.st.step not in COMBAT_STEPS:
        fighting = [oid for oid in g.st.battlefield
                    if g.st.objects[oid].attacking is not None or g.st.objects[oid].blocking]
        if fighting:
            raise StaleCache(f"permanents in combat outside the combat steps at {where}: {fighting!r}")
    kept_statics = [(oid, id(s)) for oid, s in g.static_sources()]
    if kept_statics != [(oid, id(s)) for oid, s in fresh.static_sources()]:
        raise StaleCache(f"static abilities at {where}: cached {kept_statics!r}, "
                         f"made {[(oid, id(s)) for oid, s in fresh.static_sources()]!r}")
    # the static abilities that may give flash (kept with that list: permissions.flash_statics)
    made_flash = [(sid, fn.flash_for) for sid, fn in fresh.static_sources() if fn.flash_for is not None]
    if flash_statics(g) != made_flash:
        raise StaleCache(f"static abilities giving flash at {where}: cached {flash_statics(g)!r}, made {made_flash!r}")
    # whether a static ability reads tapped status (kept with the static-ability list: a land
    # tapped for mana does not look at every static ability when none does)
    if g.reads_tapped() != fresh.reads_tapped():
        raise StaleCache(f"static abilities reading tapped status at {where}: cached {g.reads_tapped()}, "
                         f"made {fresh.reads_tapped()}")
    for oid in sorted(g.st.objects):
        kept, made = g.chars(oid), fresh.chars(oid)
        if kept != made:
            raise StaleCache(f"characteristics of {g.st.objects[oid].name} (#{oid}, {g.st.objects[oid].zone}) "
                             f"at {where}: cached {_diff(kept, made)}")
    # the permanents that exist, by controller, and the face-down ones (kept while the battlefield,
    # control and phasing are the same: GameBase.bf_kept, bumped by bf_changed)
    for who in (None, *range(len(g.st.players))):
        if list(g.battlefield(who)) != list(fresh.battlefield(who)):
            raise StaleCache(f"battlefield of {'everyone' if who is None else f'player {who}'} at {where}: "
                             f"cached {list(g.battlefield(who))!r}, made {list(fresh.battlefield(who))!r}")
        if who is not None and face_down_permanents(g, who) != face_down_permanents(fresh, who):
            raise StaleCache(f"face-down permanents of player {who} at {where}: cached "
                             f"{face_down_permanents(g, who)!r}, made {face_down_permanents(fresh, who)!r}")
    for p in range(len(g.st.players)):
        kept_perms = [(oid, c) for oid, _, c in g.perms(p)]
        made_perms = [(oid, c) for oid, _, c in fresh.perms(p)]
        if kept_perms != made_perms:
            raise StaleCache(f"permanents of player {p} at {where}: cached {kept_perms!r}, made {made_perms!r}")
        # each player's mana sources (kept across positions, taken out one permanent at a time as
        # they tap: engine/rules/mana_lists.py without_tapped)
        if not g.st.players[p].lost and sources_kept(g, p, set(), NO_PURPOSES, False) != \
                sources_kept(fresh, p, set(), NO_PURPOSES, False):
            raise StaleCache(f"mana sources of player {p} at {where}: cached "
                             f"{sources_kept(g, p, set(), NO_PURPOSES, False)!r}, "
                             f"made {sources_kept(fresh, p, set(), NO_PURPOSES, False)!r}")
        # those for a payment that taps a creature for mana first (payment.solve's FIRST entries)
        stale = first_sources_stale(g, fresh, p) if not g.st.players[p].lost else None
        if stale is not None:
            raise StaleCache(f"{stale} at {where}")
        # the orders a payment tries them in (kept as a source taps, engine/rules/mana.py)
        stale = orders_stale(sources_kept(g, p, set(), NO_PURPOSES, False)[0]) \
            if not g.st.players[p].lost else None
        if stale is not None:
            raise StaleCache(f"{stale} (player {p}) at {where}")
        # p's permanents by type (kept across positions with their characteristics)
        stale = with_type_stale(g, p)
        if stale is not None:
            raise StaleCache(f"{stale} at {where}")
        if player_rules(g, p) != player_rules(fresh, p):
            raise StaleCache(f"rule changes of player {p} at {where}: cached {sorted(player_rules(g, p))}, "
                             f"made {sorted(player_rules(fresh, p))}")
        # what else is made of p's permanents' characteristics (kept.from_permanents: kept while
        # only their power, toughness or loyalty change) — the cost reductions they give,
        # whether one makes restricted mana, the listing's entries and plan
        for given, made_of in (("cost reductions", discounts_of), ("restricted mana", makes_restricted_mana)):
            if made_of(g, p) != made_of(fresh, p):
                raise StaleCache(f"{given} of player {p} at {where}: cached {made_of(g, p)!r}, "
                                 f"made {made_of(fresh, p)!r}")
        stale = permanents_stale(g, fresh, p)
        if stale is not None:
            raise StaleCache(f"{stale} at {where}")
        # the graveyard cards p may cast from there (each card's answer kept while p's rule
        # changes are the same: engine/action_candidates.py graveyard_cands)
        if graveyard_cands(g, p) != graveyard_cands_made(fresh, p):
            raise StaleCache(f"graveyard cards castable by player {p} at {where}: cached "
                             f"{graveyard_cands(g, p)!r}, made {graveyard_cands_made(fresh, p)!r}")
    if mana_triggers.abilities(g) != mana_triggers.abilities(fresh):
        raise StaleCache(f"triggered mana abilities at {where}: cached {mana_triggers.abilities(g)!r}, "
                         f"made {mana_triggers.abilities(fresh)!r}")
    # how actions name objects (engine/format.py name maps, kept across positions by the
    # candidates: the targets' map made of the permanents' and the stack's)
    for kind in NAME_KINDS:
        for p in range(len(g.st.players) if kind in ("own", "hand") else 1):
            kept_names, made_names = name_map(g, kind, p), name_map(fresh, kind, p)
            if kept_names != made_names:
                raise StaleCache(f"names ({kind}, player {p}) at {where}: cached {kept_names!r}, made {made_names!r}")
    # the target options kept across positions (engine/rules/targets.py): what a targets
    # decision offers is made of them as an ability is announced
    stale = kept_options_stale(g, fresh)
    if stale is not None:
        raise StaleCache(f"{stale} at {where}")
    # the battlefield's triggered abilities by event (kept while the permanents are the same
    # objects with the same characteristics, engine/rules/trigger_index.py)
    stale = trigger_index_stale(g)
    if stale is not None:
        raise StaleCache(f"{stale} at {where}")
    # the permanents the control pass looks at (kept with the effects index, engine/rules/control.py)
    stale = control_objs_stale(g)
    if stale is not None:
        raise StaleCache(f"{stale} at {where}")
    # the Sagas among each player's permanents (kept while their characteristics are the same)
    # lazy: the card layer's Saga module loads the vocabulary, which a game loads only for its own cards
    from engine.cards.mechanics.saga import sagas_stale
    stale = sagas_stale(g)
    if stale is not None:
        raise StaleCache(f"{stale} at {where}")
    # what each player's lands could produce (Fellwar Stone, Exotic Orchard: kept across positions
    # with the permanents, their characteristics and the colours chosen of the lands reading them)
    # lazy: the card layer's vocabulary, which a game loads only for its own cards
    from engine.cards.vocab.mana_colors import lands_could_make_stale
    stale = lands_could_make_stale(g, fresh)
    if stale is not None:
        raise StaleCache(f"{stale} at {where}")
    # the graveyard cards' triggered abilities (kept while the graveyards are the same)
    if graveyard_candidates(g) != graveyard_candidates_made(fresh):
        raise StaleCache(f"graveyard triggers at {where}: cached {graveyard_candidates(g)!r}, "
                         f"made {graveyard_candidates_made(fresh)!r}")
    # the permanents with an "as it enters" choice to make (kept across stack and status changes)
    if as_enters.waiting(g) != as_enters.waiting(fresh):
        raise StaleCache(f"as-enters choices at {where}: cached {as_enters.waiting(g)!r}, "
                         f"made {as_enters.waiting(fresh)!r}")
    # whether a permanent remembers its controller before a control change (kept as the list above)
    if controlled_from_any(g) != controlled_from_any(fresh):
        raise StaleCache(f"remembered controllers at {where}: cached {controlled_from_any(g)}, "
                         f"made {controlled_from_any(fresh)}")
    # the open decision (GameBase.pending keeps it while its dict and what else it reads are the same)
    if g.pending != fresh.pending:
        raise StaleCache(f"open decision at {where}: cached {g.pending!r}, made {fresh.pending!r}")
    # the state's effects, replacement effects and play permissions as the rules read them
    # (engine/rules/records.py kept: the last list made of the same state list is handed out again)
    for what, read in (("resolved effects", lambda x: [e.desc for e in resolved(x)]),
                       ("replacement effects", replacements), ("play permissions", card_permissions)):
        if read(g) != read(fresh):
            raise StaleCache(f"{what} at {where}: cached {read(g)!r}, made {read(fresh)!r}")
    dec = g.pending
    if dec is not None:
        _same_actions(f"legal actions of player {dec.player}", where, g.legal_actions(dec.player),
                      fresh.legal_actions(dec.player))
    # what each player could do with priority here, whoever decides: the listing's caches kept
    # across positions (engine/rules/idle.py, the mana memo's entries) are asked for every
    # player in every position, not only where that player has priority
    for p in range(len(g.st.players)):
        if not g.st.players[p].lost:
            _same_actions(f"priority actions of player {p}", where, priority_actions(g, p),
                          priority_actions(fresh, p))


def _same_actions(what: str, where: str, kept: list[Any], made: list[Any]) -> None:
    """Raise StaleCache unless both lists hold the same actions (every field) in the same order."""
    if [tuple(a) for a in kept] != [tuple(a) for a in made]:
        kept_t, made_t = [a.text for a in kept], [a.text for a in made]
        gone = [t for t in made_t if t not in kept_t]
        extra = [t for t in kept_t if t not in made_t]
        raise StaleCache(f"{what} at {where}: missing {gone!r}, not legal {extra!r}"
                         + ("" if gone or extra else " (another order or other fields)"))


def _diff(kept: Any, made: Any) -> str:
    """The fields of two Chars that differ, as `field: cached != made`."""
    fields = getattr(kept, "__dataclass_fields__", None)
    if fields is None:
        return f"{kept!r} != made {made!r}"
    return "; ".join(f"{f}: {getattr(kept, f)!r} != {getattr(made, f)!r}"
                     for f in fields if getattr(kept, f) != getattr(made, f))
