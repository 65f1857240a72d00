"""What a computer player was handed, walked for a card it may not see (the house rule:
computer players see only their observation; engine/ai/determinize.py `seat_world`). Used by
tests/app/test_computer_sees_its_seat_only.py (the local window) and
tests/net/test_computer_seat_world.py (a LAN host's computer seat)."""
from __future__ import annotations

import types
import weakref
from typing import Any, Callable

from engine.actions import Action
from engine.ai import adapter
from engine.game import Game
from engine.state import Obj
from engine.view import visible_card_names

SECRET = "Valgavoth, Terror Eater"  # (no sample or Commander deck has it: no computer can guess it)
ATOMS = (str, int, float, bool, type(None), bytes)
OPAQUE = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, weakref.ref)


def walk(root: Any, found: Callable[[Any, str], None], label: str = "game") -> None:
    """Every object reachable from `root` (not into modules, classes, functions, weak refs)."""
    seen: set[int] = set()
    todo: list[tuple[Any, str]] = [(root, label)]
    while todo:
        x, path = todo.pop()
        if id(x) in seen or isinstance(x, OPAQUE):
            continue
        seen.add(id(x))
        found(x, path)
        if isinstance(x, dict):
            todo += [(k, path) for k in x] + [(v, f"{path}[{k!r}]") for k, v in x.items()]
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo += [(v, f"{path}[{i}]") for i, v in enumerate(x)]
        elif not isinstance(x, ATOMS):
            todo += [(v, f"{path}.{k}") for k, v in getattr(x, "__dict__", {}).items()]
            todo += [(getattr(x, k), f"{path}.{k}") for k in getattr(type(x), "__slots__", ()) if hasattr(x, k)]


def leaks(world: Game, seat: int) -> list[str]:
    """Where the secret name is in what an agent was handed and the seat may not see it: an
    object named so that the seat may not know, or the name anywhere while the seat's
    observation shows no card of that name."""
    shown = SECRET in visible_card_names(world.observation(seat))
    found: list[str] = []

    def check(x: Any, path: str) -> None:
        if isinstance(x, str):
            if SECRET in x and not shown:
                found.append(path)
        elif isinstance(x, Obj) and x.name == SECRET and x.id in world.st.objects \
                and not adapter.may_know(world, seat, x.id):
            found.append(f"{path}: object {x.id} in {x.zone}")
    walk(world, check)
    return found


def holds(view: adapter.View, real: Game) -> bool:
    """Whether a view reaches the real game or its state."""
    reached: list[str] = []
    walk(view, lambda x, path: reached.append(path) if x is real or x is real.st else None, "view")
    return bool(reached)


def view_leaks(view: adapter.View, real: Game | None) -> list[str]:
    """Where the secret name is in a view (what a seat is shown, no world) while the seat's
    observation of the real game shows no card of that name."""
    if real is not None and SECRET in visible_card_names(real.observation(view.player)):
        return []
    found: list[str] = []
    walk(view, lambda x, path: found.append(path) if isinstance(x, str) and SECRET in x else None, "view")
    return found


class Watched:
    """An agent whose every received game is walked for the secret (on the worker thread)."""

    def __init__(self, agent: Any, real: Callable[[], Game | None]) -> None:
        self.agent, self.real = agent, real  # (the real game, when there is one)
        self.calls = 0  # decisions asked of the agent (at once or on a world)
        self.worlds = 0  # ... of them on a world
        self.leaks: list[str] = []
        self.handed_the_game = False

    def choose(self, game: Game, seat: int) -> Action:
        self.calls += 1
        self.worlds += 1
        real = self.real()
        self.handed_the_game |= real is not None and (game is real or game.st is real.st)
        self.leaks += leaks(game, seat)
        return self.agent.choose(game, seat)

    def at_once(self, view: adapter.View) -> Action | None:
        """What the seat is shown (no world): walked the same way, against the real game's
        observation for the seat (what it may see)."""
        self.calls += 1
        real = self.real()
        self.handed_the_game |= real is not None and holds(view, real)
        self.leaks += view_leaks(view, real)
        answer: Action | None = self.agent.at_once(view)
        return answer
