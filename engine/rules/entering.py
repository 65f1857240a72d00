"""Objects entering the battlefield at the same time (CR 603.6a, 614.12): one event that puts
several objects onto the battlefield moves them one by one here (engine/rules/zones.py
`move`), but the replacement effects that modify how a permanent enters are those of the
permanents already there, never of one entering with it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from engine.rules.characteristics import base_chars

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


T = TypeVar("T")

TOGETHER = "entering_together"  # (this_turn, while one event puts objects onto the battlefield: those put so far)


@contextmanager
def entering_together(g: "Context") -> Iterator[None]:
    """One event putting several objects onto the battlefield (Ghost Vacuum's "Put each
    creature card exiled with this artifact onto the battlefield"): they enter at the same
    time, though moved one by one here, so the replacement effects of one of them do not apply
    to the others (CR 614.12; ruling, Kustos-Monsterchen: others_enter_with)."""
    if TOGETHER in g.st.this_turn:  # (inside an event already entering together: the same event)
        yield
        return
    g.st.this_turn[TOGETHER] = []
    try:
        yield
    finally:
        g.st.this_turn.pop(TOGETHER, None)


def enter_together(g: "Context", move: Callable[[], T]) -> T:
    """Run `move`, which puts several objects onto the battlefield as one event: they enter
    at the same time — their "enters" abilities see each other (CR 603.6a: Triggers.together)
    and the replacement effects of one don't apply to the others (CR 614.12)."""
    with entering_together(g):
        result: T = g.triggers.together(move)
    return result


def others_enter_with(g: "Context", new: "Obj") -> None:
    """CR 614.1c, 614.12: "[Colorless creatures you control] enter with N additional [kind]
    counters" — static abilities of the permanents already on the battlefield (a permanent
    entering at the same time does not apply to the others: ruling, Kustos-Monsterchen)."""
    g.chars_cache.pop(new.id, None)
    together = g.st.this_turn.get(TOGETHER)
    for sid in list(g.st.battlefield):
        src = g.st.objects.get(sid)
        if src is None or src.phased_out or sid == new.id or (together is not None and sid in together):
            continue
        d = base_chars(g, sid).defn
        for fn in (d.statics if d is not None else ()):
            extra = fn.others_enter_with
            if extra is not None:
                for kind, n in extra(g, src, new):
                    new.counters[kind] = new.counters.get(kind, 0) + n
    g.chars_cache.pop(new.id, None)
    if together is not None:
        together.append(new.id)
