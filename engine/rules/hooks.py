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
* `delayed_steps() -> list[Step]` — how a delayed trigger `{"action": "keyword", "keyword":
  NAME}` the mechanic created resolves (blitz's "when it dies, draw a card");
* `alt_additional(defn, alt) -> SacrificeCost | None` — the additional cost casting for that
  cost brings (retrace's "discard a land card", CR 702.81a);
* `face_cast_as(name, face) -> str` — the mark (Obj.alt) a spell cast as this face of the card
  gets ("adventure", CR 715.3); "" none; `face_allowed(g, oid, face) -> bool` — whether that
  face may be cast from where the card is (CR 715.4); `steps_apply(item) -> bool` — whether the
  card's spell abilities are this spell's (an Adventure's text only when cast as it, CR
  715.3b); `left_stack(g, item, new)` — after a spell left the stack as `new` (CR 715.4:
  "may cast it for as long as it remains exiled");
* `FACE_DOWN_ALTS = (alt, ...)` — alternative costs that cast the card face down (morph,
  CR 702.37c, 708.4);
* `face_up_cost(g, obj) -> (cost, counter) | None` — the cost to turn a face-down permanent
  face up by the card's own ability (morph, CR 702.37e) and a counter that puts on it
  (megamorph, CR 702.37b);
* `alt_allowed(g, oid, alt) -> bool` — whether the card may be cast for that alternative cost
  now (spectacle: "if an opponent lost life this turn", CR 702.137a); True if the module
  has nothing to say about it;
* `granted_alt_costs(g, oid) -> dict[str, str]` — alternative costs the card has now because a
  permanent gives them (escape, CR 702.138a);
* `drawn(g, player, oid, nth) -> list[waiting trigger]` — triggers of the card just drawn,
  the player's nth card drawn this turn (miracle, CR 702.94a);
* `optional_costs(defn) -> dict[str, str]` — optional additional costs of the card, name → the
  cost alone (kicker, CR 702.33a), added to a cast "without paying its mana cost" as
  `cast CARD with FREE+NAME` (CR 118.9d, 601.2f);
* `ways() -> list[Way]` — ways to play or activate an object the mechanic adds (engine/rules/ways.py;
  suspend's special action, CR 702.62a), each for objects in its `zone`; the legal-action listing
  asks them after casting;
* `counters_removed(g, oid, kind, left) -> list[waiting trigger]` — triggers on counters of a
  kind leaving an object, whatever removed them, `left` of them staying (suspend's "when the
  last time counter is removed", CR 702.62a).
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine.rules.index import CARDS
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef, Step
    from engine.rules.chars import Chars
    from engine.rules.effects import ContinuousEffect
    from engine.rules.context import Context
    from engine.state import Obj

@lru_cache(maxsize=1)
def _modules() -> tuple[ModuleType, ...]:
    # the mechanics with hooks, as the card layer names them (engine/cards/mechanics/__init__.py)
    return tuple(CARDS.hooked_mechanics())


@lru_cache(maxsize=None)
def _with(hook: str) -> tuple[Any, ...]:
    # asked on every legal-action listing: the modules never change, so look once per hook
    return tuple(getattr(m, hook) for m in _modules() if hasattr(m, hook))


_ALT_COSTS: dict[int, tuple[Any, dict[str, str]]] = {}


def optional_costs(defn: "CardDef | None") -> dict[str, str]:
    """The card's optional additional costs by name, each the cost alone (kicker)."""
    out: dict[str, str] = {}
    if defn is None:
        return out
    for fn in _with("optional_costs"):
        out.update(fn(defn))
    return out


def is_alt(alt: str, name: str) -> bool:
    """Whether a way of casting `alt` is `name` or combines it (`free_once+kicker`)."""
    return alt == name or name in alt.split("+")


def alternative_costs(defn: "CardDef | None") -> dict[str, str]:
    if defn is None:
        return {}
    # a definition's own alternative costs never change: found once per definition (the
    # entry keeps the definition alive, so its id is not reused); a copy for the caller
    got = _ALT_COSTS.get(id(defn))
    if got is None:
        out: dict[str, str] = {}
        for fn in _with("alternative_costs"):
            out.update(fn(defn))
        got = _ALT_COSTS[id(defn)] = (defn, out)
    return dict(got[1])


@lru_cache(maxsize=None)
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


def char_effects(g: "Context", obj: "Obj") -> list["ContinuousEffect"]:
    out: list[ContinuousEffect] = []
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


def counters_removed(g: "Context", oid: int, kind: str, left: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in _with("counters_removed"):
        out.extend(fn(g, oid, kind, left))
    return out


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


def alt_additional(defn: "CardDef | None", alt: str) -> Any:
    """An additional cost that comes with casting for this alternative cost or permission
    (retrace: "discarding a land card", CR 702.81a): a SacrificeCost, or None."""
    if defn is None or not alt:
        return None
    for fn in _with("alt_additional"):
        got = fn(defn, alt)
        if got is not None:
            return got
    return None


def grants_alt_costs(g: "Context", p: int) -> bool:
    """Whether a permanent of p gives p's cards an alternative cost now. A module with
    `granted_alt_costs` grants only while its `GRANT` rule is one of its owner's player rules
    (escape given to a card; casting from the top of the library), so where none is,
    granted_alt_costs need not be asked card by card."""
    return not _grant_rules().isdisjoint(player_rules(g, p))


@lru_cache(maxsize=None)
def _grant_rules() -> frozenset[str]:
    return frozenset(g for m in _modules() if hasattr(m, "granted_alt_costs")
                     for g in getattr(m, "GRANTS", (getattr(m, "GRANT"),)))


def face_cast_as(name: str, face: str) -> str:
    for fn in _with("face_cast_as"):
        got = str(fn(name, face))
        if got:
            return got
    return ""


def face_allowed(g: "Context", oid: int, face: str) -> bool:
    return all(fn(g, oid, face) for fn in _with("face_allowed"))


def steps_apply(item: "Obj") -> bool:
    return all(fn(item) for fn in _with("steps_apply"))


def left_stack(g: "Context", item: "Obj", new: int) -> None:
    for fn in _with("left_stack"):
        fn(g, item, new)


@lru_cache(maxsize=None)
def cast_face_down(alt: str) -> bool:
    """Whether casting for this alternative cost casts the card face down (CR 702.37c, 708.4)."""
    return bool(alt) and any(alt in getattr(m, "FACE_DOWN_ALTS", ()) for m in _modules())


def face_up_cost(g: "Context", obj: "Obj") -> tuple[str, str] | None:
    """The cost (and counter) to turn this face-down permanent face up by its card's own
    ability (morph, CR 702.37e); None if its card has none."""
    for fn in _with("face_up_cost"):
        got = fn(g, obj)
        if got is not None:
            return str(got[0]), str(got[1])
    return None


def alt_allowed(g: "Context", oid: int, alt: str) -> bool:
    """Whether the card may be cast for this alternative cost now (a condition of the cost
    itself, spectacle's CR 702.137a); the mana cost ("") always."""
    return not alt or all(fn(g, oid, alt) for fn in _with("alt_allowed"))


def granted_alt_costs(g: "Context", oid: int) -> dict[str, str]:
    """Alternative costs a card has where it is because another permanent gives them (The
    Master of Keys: escape for enchantment cards in your graveyard, CR 702.138a)."""
    out: dict[str, str] = {}
    for fn in _with("granted_alt_costs"):
        out.update(fn(g, oid))
    return out


def with_alt_additional(defn: "CardDef | None", alt: str) -> "CardDef | None":
    """The card's definition as cast for `alt`: with that cost's additional cost."""
    add = alt_additional(defn, alt)
    return defn if add is None or defn is None else dataclasses.replace(defn, additional=add)


def delayed_steps(keyword: str) -> "list[Step]":
    for m in _modules():
        if m.__name__.rsplit(".", 1)[-1] == keyword and hasattr(m, "delayed_steps"):
            steps: list[Step] = m.delayed_steps()
            return steps
    return []


def drawn(g: "Context", player: int, oid: int, nth: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in _with("drawn"):
        out.extend(fn(g, player, oid, nth))
    return out


@lru_cache(maxsize=None)
def ways(zone: str) -> tuple[Any, ...]:
    """The ways to play or activate an object in this zone that mechanics add (engine/rules/ways.py)."""
    return tuple(w for fn in _with("ways") for w in fn() if w.zone == zone)
