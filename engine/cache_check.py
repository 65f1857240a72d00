"""A debug check that the engine's caches never answer with stale values (issue #24).

The characteristics (engine/rules/characteristics.py) and much of what the legal-action
listing reads are kept across positions while what they were made of stays the same
(`chars_kept`, `mana_memo`, `names_kept`, the static-ability list, the spell-type and
effects caches). With the check on, every action a game applies is followed by the same
questions asked of a copy of the game made from its state alone, with every cache empty:
each object's current characteristics (CR 613) in every zone, the permanents each player
controls, the rule changes each player has, the open decision and its legal actions. Any
difference raises `StaleCache` naming the object and both answers.

On with the environment variable MANATABLE_CHECK_CACHES=1 (for a whole scenario run:
`MANATABLE_CHECK_CACHES=1 python -m engine.scenario tests/scenarios`) or `enable()`.
Slow (the copy and a from-scratch reading after each action): for tests only.
"""
from __future__ import annotations

import os
from typing import Any

from engine.rules.targets import player_rules

_ON = [os.environ.get("MANATABLE_CHECK_CACHES", "") not in ("", "0")]


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
    for oid in sorted(g.st.objects):
        kept, made = g.chars(oid), fresh.chars(oid)
        if kept != made:
            raise StaleCache(f"characteristics of {g.st.objects[oid].name} (#{oid}, {g.st.objects[oid].zone}) "
                             f"at {where}: cached {_diff(kept, made)}")
    for p in range(len(g.st.players)):
        kept_perms = [(oid, c) for oid, _, c in g.perms(p)]
        made_perms = [(oid, c) for oid, _, c in fresh.perms(p)]
        if kept_perms != made_perms:
            raise StaleCache(f"permanents of player {p} at {where}: cached {kept_perms!r}, made {made_perms!r}")
        if player_rules(g, p) != player_rules(fresh, p):
            raise StaleCache(f"rule changes of player {p} at {where}: cached {sorted(player_rules(g, p))}, "
                             f"made {sorted(player_rules(fresh, p))}")
    dec = g.pending
    if dec is not None:
        kept_acts = [a.text for a in g.legal_actions(dec.player)]
        made_acts = [a.text for a in fresh.legal_actions(dec.player)]
        if kept_acts != made_acts:
            gone = [t for t in made_acts if t not in kept_acts]
            extra = [t for t in kept_acts if t not in made_acts]
            raise StaleCache(f"legal actions of player {dec.player} at {where}: missing {gone!r}, "
                             f"not legal {extra!r}" + ("" if gone or extra else " (another order)"))


def _diff(kept: Any, made: Any) -> str:
    """The fields of two Chars that differ, as `field: cached != made`."""
    fields = getattr(kept, "__dataclass_fields__", None)
    if fields is None:
        return f"{kept!r} != made {made!r}"
    return "; ".join(f"{f}: {getattr(kept, f)!r} != {getattr(made, f)!r}"
                     for f in fields if getattr(kept, f) != getattr(made, f))
