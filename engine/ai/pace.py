"""A decision's pace: how long its longest engine step took (a copy of the game, an action
applied with what it sets off, a board evaluated), so that a step is begun only when one as
long would still end before the deadline. A deadline checked only before each step let the
step that began just before it run past it (the heuristic level's slowest decision ended ~30 ms
past its 0.25 s budget: a game copy and a look-ahead step of a four-player Commander game)."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Callable, TypeVar

T = TypeVar("T")


class Pace:
    """The longest step timed so far in one decision, by `clock`."""

    def __init__(self, clock: Callable[[], float], longest: float = 0.0) -> None:
        self.clock = clock
        self.longest = longest

    def late(self, deadline: float | None) -> bool:
        """True when a step as long as the longest so far would end past `deadline` (never
        without one)."""
        return deadline is not None and self.clock() + self.longest > deadline

    def timed(self, step: Callable[..., T], *args: object) -> T:
        """`step(*args)`, its time kept when it is the longest yet (also when it raises)."""
        began = self.clock()
        try:
            return step(*args)
        finally:
            self.longest = max(self.longest, self.clock() - began)


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Python's cyclic garbage collector off while a search or heuristic decision runs. Both
    make game copies (the search dozens); each lives through several young-generation
    collections, is promoted, and the promotions set off full collections of the whole heap
    (the card database, the real game): 40–100 ms each, the slowest search decisions of the
    Commander benchmark (issue #28), and a heuristic look-ahead step it falls in runs that much
    past the step it was expected to be. The copies make no reference cycles (a game's Triggers
    hold the game weakly, engine/rules/triggers.py; tests/ai/test_search_budget.py checks that a
    search decision leaves no cyclic garbage), so reference counting frees everything they make
    and a collection during them would find nothing to free. Whoever turned it off turns it
    back on (nested or in parallel threads: only a caller that found it on)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
