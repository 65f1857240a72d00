"""What the legal-action listing (engine/rules/listing.py) may pass over without asking: objects
whose ways offer nothing now for reasons that are known to hold.

* A card in hand whose every way needs sorcery timing (CR 307.1, 305.1, 117.1a): a plain spell
  without flash (engine/rules/cast_way.py plain_spell: its mana cost and nothing else, no
  other way of a mechanic's, no ability that works from the hand) or a land with no other way —
  nothing outside p's main phase with an empty stack, unless something lets p cast spells as
  though they had flash (CR 601.3b).
* A permanent whose abilities other than mana abilities (ways.ActivatedAbilities, UnlockDoor)
  offered nothing in an earlier listing, when none of those abilities reads more than its
  characteristics, its tapped and summoning-sick status, whether it is one of p's mana
  sources, what p's mana can pay, the timing, p's hand size and its own level counters (a
  leveler's bands, CR 710.2), a Room's unlock discounts (`steady`), and none of them got as
  far as its targets: they offer nothing again while those are the same (its mana
  abilities are asked every time: an untapped source always offers its mana). Its entry
  (`entries`, kept across positions in g.chars_kept while p's unlock discounts stay) is keyed
  by all but the mana and the discounts (`Lister.idle_at`) and holds its characteristics (compared by identity: unchanged ones are
  the same object; a creature's pumped or shrunk ones, new in nothing but power, toughness or
  loyalty, take their place, as no steady ability reads those: listing.py
  _PermanentsPlan.sized_from) and the payability questions its ways asked, in order, each answered no:
  asked again (once per cost and listing, `Lister.same_answers`), all still no, its ways
  would take the same path to nothing. (Tapping a land for mana changes p's pool and sources:
  the questions, not the entry, say whether that matters.)
* Such a permanent whose abilities offered actions offers the same ones, across positions,
  while the same key holds and its payability (and target) questions get the same answers —
  unless its abilities read a target's legality then and there rather than through the
  position's caches (engine/rules/listing.py `_offered`, `Lister.unkept`).

engine/cache_check.py asks every player's listing after each action, with these and from scratch.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import costs, hooks
from engine.rules.card_terms import FlashIfTargets
from engine.rules.cast_way import plain_spell

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context

_WAITS: dict[tuple[int, str, bool], tuple[Any, bool]] = {}
# the entries of steady permanents that offered nothing: Lister.idle_at -> (characteristics,
# payability questions asked)
Entries = dict[tuple[Any, ...], tuple[Any, tuple[tuple[Any, ...], ...]]]
_STEADY: dict[int, tuple[Any, tuple[bool, bool, bool] | None]] = {}
# what `steady` answers for abilities that read neither the timing, the hand size nor level
# counters: this one object, so the listing builds their key without asking (listing.py)
NO_READS = (False, False, False)


def waits_for_sorcery_timing(c: "Chars") -> bool:
    """Whether a card in hand with these characteristics offers nothing unless p has sorcery
    timing (and no permission to cast as though it had flash applies)."""
    if "Instant" in c.types or "flash" in c.keywords:
        return False
    d = c.defn
    land = "Land" in c.types
    key = (id(d), c.name, land)
    got = _WAITS.get(key)
    if got is None or got[0] is not d:
        if land:  # playing it (CR 305.1); a way of a mechanic's or an ability from the hand would be more
            waits = not any(w.has(c.name) for w in hooks.ways("hand")) and (
                d is None or not any(ab.zone == "hand" for ab in d.nonmana_abilities()))
        else:  # casting it (CR 307.1); "as though it had flash if it targets ..." would be more (CR 601.3d)
            waits = d is not None and plain_spell(d, c.name) and d.term(FlashIfTargets) is None
        got = _WAITS[key] = (d, waits)
    return got[1]


def steady(c: "Chars") -> "tuple[bool, bool, bool] | None":
    """Whether a permanent's abilities other than mana abilities (its mana abilities are asked
    at every listing) read nothing but its characteristics, its tapped and sick status,
    whether it is a mana source, what its controller's mana can pay, the timing, the hand
    size and its level counters before their targets — and what their questions asked again
    read (kept.ASKED: whether another permanent could pay "Sacrifice another ..." or "Tap
    another ...", whether an "Activate only once" ability was used): no "Activate only if"
    (CR 602.5b), no cost of two or more others, no crew, no loyalty, a definition of its own;
    a band's ability (CR 710.2) only where its gate declares it reads the level counters alone.
    None if not; else which of the timing (an ability activated only as a sorcery, level up, a
    Room's doors unlocked as a sorcery: CR 602.5d, 702.87a, 709.5a), the hand size (a discard
    in the cost, CR 602.2b) and the level counters they read. (A Room's unlock costs read p's
    unlock discounts too: its entries are dropped as those change, `entries`; which doors are
    locked is its characteristics.)"""
    d = c.defn
    if d is None:
        return None
    got = _STEADY.get(id(d))
    if got is None or got[0] is not d:
        own = [ab for ab in d.nonmana_abilities() if ab.zone == "battlefield"]
        ok = not any((ab.active is not None and getattr(ab.active, "reads_level_counters", False) is not True)
                     or ab.condition is not None or (ab.sacrifice_other is not None and ab.other_count != 1)
                     or ab.loyalty is not None or ab.crew
                     for ab in own)
        reads = (any(ab.sorcery or ab.level_up for ab in own), any(ab.discard for ab in own),
                 any(ab.active is not None for ab in own))
        if reads == NO_READS:
            reads = NO_READS
        got = _STEADY[id(d)] = (d, reads if ok else None)
    made = got[1]
    if made is not None and "Room" in c.subtypes:  # (UnlockDoor: sorcery timing, CR 709.5a)
        return (True, made[1], made[2])
    return made


def entries(g: "Context", p: int) -> Entries:
    """p's "offers nothing" entries, kept across positions (g.chars_kept) while p's unlock
    discounts ("Unlock costs you pay cost {1} less", CR 601.2f) are the same: a Room's
    entry asked what its doors cost with them (costs.door_cost)."""
    unlock = sum(d.n for d in costs.discounts_of(g, p) if d.unlock)
    got: tuple[int, Entries] | None = g.chars_kept.get(("offers_nothing", p))
    if got is None or got[0] != unlock:
        got = g.chars_kept[("offers_nothing", p)] = (unlock, {})
    return got[1]


def offered_nothing(g: "Context", store: Entries, key: tuple[Any, ...], c: "Chars",
                    asked: list[tuple[Any, ...]]) -> None:
    """A steady permanent's ways offered nothing, asking these payability questions: kept."""
    if len(store) > 4 * len(g.st.battlefield) + 200:
        store.clear()  # (permanents that left, statuses long gone)
    store[key] = (c, tuple(asked))
