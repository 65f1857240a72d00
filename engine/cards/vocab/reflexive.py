"""Reflexive triggered abilities (CR 603.12): "When you do, ..." — triggered by an action
the resolving ability takes.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step, TargetSpec

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


_REFLEXIVE: dict[str, tuple[list[Step], list[TargetSpec]]] = {}


def reflexive_steps(key: str) -> list[Step]:
    return _REFLEXIVE[key][0] if key in _REFLEXIVE else []


def reflexive_specs(key: str) -> list[TargetSpec]:
    return _REFLEXIVE[key][1] if key in _REFLEXIVE else []


@dataclass(frozen=True)
class Reflexive:
    """"When you do, [effects]" — a reflexive triggered ability (CR 603.12): it triggers as
    the action is done, and its targets are chosen as it is put on the stack, where every
    player may respond to it. The effects are kept under a key that is the same in every
    process (saves, LAN games)."""
    effects: tuple[Any, ...]
    targets: tuple[Any, ...] = ()
    desc: str = ""

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = (), desc: str = "") -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "desc", desc)

    def step(self) -> Step:
        from engine.cards.layer.targets import target_spec
        key = f"reflexive{zlib.crc32(repr(self).encode())}"
        _REFLEXIVE[key] = ([e.step() for e in self.effects], [target_spec(t, self.desc) for t in self.targets])

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.st.waiting.append({"source": item.source, "name": item.ctx.get("source_name", item.name),
                                 "ability": -1, "controller": item.controller, "token": False, "def": "",
                                 "delayed": {"action": "reflexive", "key": key, "event": "reflexive",
                                             "player": item.controller}})
        return run


@dataclass(frozen=True)
class ReflexiveIndexed:
    """"When you do, [effects]" — a reflexive triggered ability (CR 603.12): it triggers when
    the effect before it is done, and its targets are chosen as it goes on the stack.
    `up_to_that_many`: its target word is repeated once per thing done ("up to that many
    target creatures"). The card layer keeps its effects on the card (CardDef.reflexive)
    and gives it its index."""
    effects: tuple[Any, ...]
    targets: tuple[Any, ...] = ()
    index: int = -1

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = (), index: int = -1) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "index", index)

    def fire(self, g: "Context", item: "Obj", count: int) -> None:
        g.st.waiting.append({"source": item.source, "name": item.name, "ability": -1, "controller": item.controller,
                             "token": False, "def": item.ctx.get("def", item.name), "event": {},
                             "delayed": {"action": "reflexive", "index": self.index, "count": count,
                                         "def": item.ctx.get("def", item.name), "player": item.controller}})


REFLEXIVE = "reflexive"  # a reflexive triggered ability ("When you do, ...", CR 603.12): no event fires it


def trigger_reflexive(g: "Context", item: "Obj") -> None:
    """CR 603.12: the reflexive ability written on the same line as the resolving ability
    triggers now; it goes on the stack (targets chosen then) the next time a player would
    receive priority."""
    from engine.cards.behaviour import card_def
    d = card_def(item.ctx.get("def", item.name), token=item.ctx.get("token", False))
    if d is None or item.ability < 0:
        return
    line = d.triggered[item.ability].line
    idx = next((i for i, t in enumerate(d.triggered) if t.event == REFLEXIVE and t.line == line), None)
    if idx is None:
        return
    g.st.waiting.append({"source": item.source, "name": item.ctx.get("source_name", item.name), "ability": idx,
                         "controller": item.controller, "token": item.ctx.get("token", False),
                         "def": item.ctx.get("def", item.name), "event": {}, "lki_keywords": []})
