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


def leaks(world: Game, seat: int) -> list[str]:
    """Where the secret name is in what an agent was handed and the seat may not see it: an
    object named so that the seat may not know, or the name anywhere while the seat's
    observation shows no card of that name."""
    shown = SECRET in visible_card_names(world.observation(seat))
    seen: set[int] = set()
    todo: list[tuple[Any, str]] = [(world, "game")]
    found: list[str] = []
    while todo:
        x, path = todo.pop()
        if id(x) in seen or isinstance(x, OPAQUE):
            continue
        seen.add(id(x))
        if isinstance(x, str):
            if SECRET in x and not shown:
                found.append(path)
        elif isinstance(x, Obj) and x.name == SECRET and x.id in world.st.objects \
                and not adapter.may_know(world, seat, x.id):
            found.append(f"{path}: object {x.id} in {x.zone}")
        elif isinstance(x, dict):
            todo += [(k, path) for k in x] + [(v, f"{path}[{k!r}]") for k, v in x.items()]
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo += [(v, f"{path}[{i}]") for i, v in enumerate(x)]
        elif not isinstance(x, ATOMS):
            todo += [(v, f"{path}.{k}") for k, v in getattr(x, "__dict__", {}).items()]
            todo += [(getattr(x, k), f"{path}.{k}") for k in getattr(type(x), "__slots__", ()) if hasattr(x, k)]
    return found


class Watched:
    """An agent whose every received game is walked for the secret (on the worker thread)."""

    def __init__(self, agent: Any, real: Callable[[], Game | None]) -> None:
        self.agent, self.real = agent, real  # (the real game, when there is one)
        self.calls = 0
        self.leaks: list[str] = []
        self.handed_the_game = False

    def choose(self, game: Game, seat: int) -> Action:
        self.calls += 1
        real = self.real()
        self.handed_the_game |= real is not None and (game is real or game.st is real.st)
        self.leaks += leaks(game, seat)
        return self.agent.choose(game, seat)
