"""Impending (CR 702.176, Duskmourn): "Impending N—[cost]" means "You may cast this spell by
paying [cost] rather than its mana cost" (an alternative cost, CR 118.9), "If you chose to
pay this permanent's impending cost, it enters with N time counters on it", "As long as
this permanent's impending cost was paid and it has a time counter on it, it's not a
creature" and "At the beginning of your end step, if this permanent's impending cost was
paid and it has a time counter on it, remove a time counter from it."

The line is read from the card's text, so no card writes it; the rules are all here, plugged
into the engine through its hooks (engine/rules/hooks.py): the alternative cost, the time
counters as it enters, "not a creature" (layer 4) and the end-step trigger.

Release notes (Unheilsdrohend): "Falls du dich entscheidest, die Unheilsdrohend-Kosten statt
der Manakosten zu bezahlen, wirkst du trotzdem den Zauberspruch."
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.rules.effects import ContinuousEffect, Layer

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Impending (\d+)—((?:\{[^}]+\})+)(?: \(.*\))?")


def parse(line: str) -> tuple[int, str] | None:
    """(N, cost) of an impending line, or None if the line is something else."""
    m = _LINE.fullmatch(line.strip())
    return (int(m.group(1)), m.group(2)) if m else None


@dataclass(frozen=True)
class Impending:
    """The card's impending N and cost (CardDef.terms), read from its line."""
    n: int
    cost: str


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def alternative_costs(defn: "CardDef") -> dict[str, str]:
    """CR 702.176a: "You may cast this spell by paying [cost] rather than its mana cost"."""
    term = defn.term(Impending)
    return {"impending": term.cost} if term is not None else {}


def as_enters(g: "Context", new: "Obj", old: "Obj", defn: "CardDef | None") -> None:
    """CR 702.176a: "If you chose to pay this permanent's impending cost, it enters with N
    time counters on it"."""
    term = defn.term(Impending) if defn is not None else None
    if old.alt == "impending" and term is not None:
        new.counters["time"] = term.n


def char_effects(g: "Context", obj: "Obj") -> list[ContinuousEffect]:
    """CR 702.176a: "As long as this permanent's impending cost was paid and it has a time
    counter on it, it's not a creature" (a type-changing effect, layer 4)."""
    if obj.alt == "impending" and obj.counters.get("time", 0) > 0:
        return [ContinuousEffect(Layer.TYPE, [obj.id], 0, source=obj.id, remove_types=["Creature"])]
    return []


def step_begins(g: "Context", step: str, player: int) -> list[dict[str, Any]]:
    """CR 702.176a: "At the beginning of your end step, if this permanent's impending cost
    was paid and it has a time counter on it, remove a time counter from it"."""
    if step != "end":
        return []
    out = []
    for oid, obj, _ in g.perms(player):  # (the player's permanents, as battlefield(player) lists them)
        if obj.alt == "impending" and obj.counters.get("time", 0) > 0:
            out.append({"source": oid, "name": obj.name, "ability": -1, "controller": obj.controller,
                        "token": False, "def": "", "keyword": "impending"})
    return out


def trigger_steps() -> list[Any]:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        src = g.st.objects.get(item.source) if item.source is not None else None
        if src is not None and src.zone == "battlefield" and src.counters.get("time", 0) > 0:  # CR 603.4
            g.add_counters(src.id, "time", -1)
            g.event("counter_removed", card=src.name, kind="time", count=1)
    return [step]
