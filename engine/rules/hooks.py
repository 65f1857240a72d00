"""The fixed set of hooks a keyword mechanic plugs into the rules through (issue #9), so a
mechanic such as impending is written once, in its own module, instead of as if-branches
in casting, zones, characteristics, triggers and priority.

A mechanic module (listed in MECHANICS) may define any of:

* `alternative_costs(defn) -> dict[str, str]` — the alternative costs it gives a card,
  name → mana cost (CR 118.9), offered as `cast CARD with NAME`;
* `as_enters(g, new, old, defn)` — how a permanent enters from the stack ("enters with N
  counters", CR 614.1c), `old` being the spell;
* `char_effects(g, obj) -> list[effect]` — continuous effects on a permanent's
  characteristics (layer dicts as in engine/rules/characteristics.py);
* `wants_chars(obj, chars) -> bool` — whether `char_effects` may apply to a permanent that
  has no counters, no alternative cost and no other effect on it (a leveler: CR 710.2);
* `step_begins(g, step, player) -> list[waiting trigger]` — keyword triggers "at the
  beginning of" a step (CR 603.2), each a dict with "keyword" naming the mechanic;
* `trigger_steps() -> list[Step]` — how such a keyword trigger resolves;
* `zone_chars(g, obj, printed) -> Chars | None` — a split card's characteristics where it
  is (Rooms, CR 709.3-709.5: combined in hand, library and graveyard; the cast door on the
  stack; the unlocked doors on the battlefield); None leaves them as printed.
* `ALT_ZONES = {alt: zone}` — an alternative cost usable only from that zone (flashback);
* `leaves_stack_to(item) -> zone | None` — where a spell goes instead as it leaves the stack;
* `turn_based(g, step, player)` — a turn-based action as a step begins (CR 703.4; a Saga's
  lore counter as the precombat main phase begins, CR 714.3b);
* `state_based(g) -> bool` — a state-based action of its own (CR 704.5s: a Saga is
  sacrificed after its final chapter), True if it did anything.
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.cards.model import CardDef, Step
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj

MECHANICS = ("engine.cards.mechanics.impending", "engine.cards.mechanics.level_up",
             "engine.cards.mechanics.rooms", "engine.cards.mechanics.flashback",
             "engine.cards.mechanics.saga")


@lru_cache(maxsize=1)
def _modules() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(m) for m in MECHANICS)


def _with(hook: str) -> list[Any]:
    return [getattr(m, hook) for m in _modules() if hasattr(m, hook)]


def alternative_costs(defn: "CardDef | None") -> dict[str, str]:
    out: dict[str, str] = {}
    if defn is None:
        return out
    for fn in _with("alternative_costs"):
        out.update(fn(defn))
    return out


def alternative_cost_zone(alt: str) -> str:
    """The zone a spell is cast from for this alternative cost (a module's ALT_ZONES: flashback
    from the graveyard, CR 702.34a); "hand" for the others."""
    for m in _modules():
        zone = getattr(m, "ALT_ZONES", {}).get(alt)
        if zone:
            return str(zone)
    return "hand"


def leaves_stack_to(item: "Obj") -> str | None:
    """Where a spell goes instead as it leaves the stack (flashback: exile, CR 702.34a)."""
    for fn in _with("leaves_stack_to"):
        zone = fn(item)
        if zone:
            return str(zone)
    return None


def as_enters(g: "Context", new: "Obj", old: "Obj", defn: "CardDef | None") -> None:
    for fn in _with("as_enters"):
        fn(g, new, old, defn)


def char_effects(g: "Context", obj: "Obj") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in _with("char_effects"):
        out.extend(fn(g, obj))
    return out


def zone_chars(g: "Context", obj: "Obj", printed: "Chars") -> "Chars":
    for fn in _with("zone_chars"):
        got: Chars | None = fn(g, obj, printed)
        if got is not None:
            return got
    return printed


def wants_chars(obj: "Obj", c: Any) -> bool:
    return any(fn(obj, c) for fn in _with("wants_chars"))


def step_begins(g: "Context", step: str, player: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in _with("step_begins"):
        out.extend(fn(g, step, player))
    return out


def turn_based(g: "Context", step: str, player: int) -> None:
    for fn in _with("turn_based"):
        fn(g, step, player)


def state_based(g: "Context") -> bool:
    return any([fn(g) for fn in _with("state_based")])


def keyword_of(waiting: dict[str, Any]) -> str:
    """The mechanic a waiting trigger belongs to ("" for a card's own triggered ability)."""
    return str(waiting.get("keyword") or ("impending" if waiting.get("impending") else ""))


def trigger_steps(keyword: str) -> "list[Step] | None":
    for m in _modules():
        if m.__name__.rsplit(".", 1)[-1] == keyword and hasattr(m, "trigger_steps"):
            steps: list[Step] = m.trigger_steps()
            return steps
    return None


def keywords() -> frozenset[str]:
    return frozenset(m.__name__.rsplit(".", 1)[-1] for m in _modules() if hasattr(m, "trigger_steps"))
