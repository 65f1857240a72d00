"""What the legal-action listing (engine/rules/listing.py) may pass over without asking: objects
whose ways offer nothing now for reasons that are known to hold.

* A card in hand whose every way needs sorcery timing (CR 307.1, 305.1, 117.1a): a plain spell
  without flash (engine/rules/cast_way.py plain_spell: its mana cost and nothing else, no
  other way of a mechanic's, no ability that works from the hand) or a land with no other way —
  nothing outside p's main phase with an empty stack, unless something lets p cast spells as
  though they had flash (CR 601.3b).
* A permanent that offered nothing in an earlier listing, when none of its abilities reads
  more than its characteristics, its tapped and summoning-sick status, p's mana (the sources
  and what they can pay, g.mana_memo: the entry lives in it and goes with it), p's pool, the
  timing, p's hand size and life (`steady`), and none of them got as far as its targets: it
  offers nothing again while those are the same (the "idle" entries of the player's mana memo,
  each with what its permanent reads: `Lister.idle_at`).

engine/cache_check.py asks every player's listing after each action, with these and from scratch.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import hooks
from engine.rules.card_terms import FlashIfTargets
from engine.rules.cast_way import plain_spell

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars

_WAITS: dict[tuple[int, str, bool], tuple[Any, bool]] = {}
_STEADY: dict[int, tuple[Any, tuple[bool, bool, bool] | None]] = {}


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
    """Whether a permanent's ways read nothing but its characteristics, its tapped and sick
    status, its controller's mana, pool, timing, hand size and life before its targets: no
    "Activate only if" or band (CR 602.5b, 710.2), no other permanent to sacrifice or tap, no
    crew, no loyalty, no "only once", no door to unlock, a definition of its own. None if not;
    else which of the timing (an ability activated only as a sorcery, level up: CR 602.5d,
    702.87a), the hand size (a discard in the cost, CR 602.2b) and the life (a mana ability
    with a life cost, CR 119.4) they read."""
    d = c.defn
    if d is None or "Room" in c.subtypes:
        return None
    got = _STEADY.get(id(d))
    if got is None or got[0] is not d:
        own = [ab for ab in d.nonmana_abilities() if ab.zone == "battlefield"]
        ok = not any(ab.active is not None or ab.condition is not None or ab.sacrifice_other is not None
                     or ab.tap_other is not None or ab.loyalty is not None or ab.crew or ab.once
                     for ab in own) and all(ab.active is None and ab.condition is None for ab in d.mana_abilities())
        reads = (any(ab.sorcery or ab.level_up for ab in own), any(ab.discard for ab in own),
                 any(ab.life for ab in d.mana_abilities()))
        got = _STEADY[id(d)] = (d, reads if ok else None)
    return got[1]
