"""Reflexive triggered abilities (CR 603.12): "When you do, ..." — triggered by an action
the resolving ability takes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import amount

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Reflexive:
    """"When you do, [effects]" — a reflexive triggered ability (CR 603.12): it triggers when
    the action before it is done, and its targets are chosen as it goes on the stack, where
    every player may respond to it. Written as the `then=` of the effect that does the action
    (`then=Reflexive(...)` or among `then=(...)`); the card layer keeps its targets and effects
    on the card (CardDef.reflexive) and gives it its index (engine/cards/layer/build.py), so a
    save or a LAN game names it by card and index. `fire(..., count)`: "up to that many target
    creatures" repeats its target word once per thing done. `amount`: a number of the action,
    taken as it triggers and carried as its event's amount ("When you reveal one or more
    nonland cards this way, this deals damage equal to their total mana value ...":
    `DamageEventAmount()`)."""
    effects: tuple[Any, ...]
    targets: tuple[Any, ...] = ()
    index: int = -1
    amount: Any = None

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = (), index: int = -1, amount: Any = None) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "amount", amount)

    def fire(self, g: "Context", item: "Obj", count: int = 1) -> None:
        d = item.ctx.get("def", item.name)
        event = {} if self.amount is None else {"amount": amount(self.amount, g, item)}
        g.st.waiting.append({"source": item.source, "name": item.ctx.get("source_name", item.name), "ability": -1,
                             "controller": item.controller, "token": False, "def": d, "event": event,
                             "delayed": {"action": "reflexive", "index": self.index, "count": count, "def": d,
                                         "player": item.controller}})

    def step(self) -> Step:
        """As one of the effects after "If you do" ("then=(Reflexive(...),)"): it triggers once."""
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            self.fire(g, item, 1)
        return run
