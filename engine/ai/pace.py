"""A decision's pace: how long its longest engine step took (a copy of the game, an action
applied with what it sets off, a board evaluated), so that a step is begun only when one as
long would still end before the deadline. A deadline checked only before each step let the
step that began just before it run past it (the heuristic level's slowest decision ended ~30 ms
past its 0.25 s budget: a game copy and a look-ahead step of a four-player Commander game)."""
from __future__ import annotations

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
