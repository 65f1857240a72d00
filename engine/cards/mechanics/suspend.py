"""Suspend (CR 702.62, keyword ability): "Suspend N—[cost]" means "If you could begin to cast
this card by putting it onto the stack from your hand, you may pay [cost] and exile it with N
time counters on it. This action doesn't use the stack," and "At the beginning of your upkeep,
if this card is suspended, remove a time counter from it," and "When the last time counter is
removed from this card, if it's exiled, you may play it without paying its mana cost if able.
If you don't, it remains exiled. If you cast a creature spell this way, it gains haste until
you lose control of the spell or the permanent it becomes." (CR 702.62a)

* A card is suspended if it is in exile, has suspend, and has a time counter on it
  (CR 702.62b) — however it got there (Suspended Sentence exiles itself with three).
* The special action (CR 116.2f): `suspend CARD` from the hand, whenever the card could be
  cast (its card type's timing, flash), whether or not its targets exist then (ruling); the
  cost is paid like any mana cost. The card is exiled face up.
* The upkeep trigger: `step_begins` for the cards its owner has suspended (an intervening
  "if", CR 603.4, checked again on resolution).
* "When the last time counter is removed": whatever removes it (the upkeep ability, another
  effect, a counter moved by hand in hybrid mode), `counters_removed` (engine/rules/hooks.py)
  sees the last one leave a card in exile; then the cast trigger waits (CR 603.2).
  As it resolves, the owner may cast it without paying its mana cost (`cast CARD with
  suspend`, engine/rules/cast_now.py), ignoring timing restrictions; otherwise it stays in
  exile with no time counters, no longer suspended.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from engine.actions import Action
from engine.rules import casting
from engine.rules.cast_offer import may_cast
from engine.rules.mana import parse_cost
from engine.rules.lister import Lister
from engine.rules.ways import Way
from engine.cards.mechanics.keyword_cost import printed_line

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Suspend (\d+)—((?:\{[^}]+\})+)")
ALT = "suspend"
ALT_ZONES = {ALT: "resolution"}  # "without paying its mana cost" only as the trigger resolves


def parse(line: str) -> tuple[int, str] | None:
    """(N, cost) of a "Suspend N—{cost}" line (reminder text allowed), else None."""
    m = _LINE.fullmatch(re.sub(r"\s*\([^)]*\)", "", line).strip())
    return (int(m.group(1)), m.group(2)) if m else None


@lru_cache(maxsize=None)
def of(name: str) -> tuple[int, str] | None:
    return printed_line(name, parse)


def is_suspended(g: "Context", oid: int) -> bool:
    """CR 702.62b: in exile, with suspend, with a time counter on it."""
    obj = g.st.objects.get(oid)
    return (obj is not None and obj.zone == "exile" and not obj.face_down and of(obj.name) is not None
            and obj.counters.get("time", 0) > 0)


def exile_with_time_counters(g: "Context", oid: int, n: int) -> int:
    """Exile a card face up with n time counters on it (CR 702.62a; ruling: "Karten, die mit
    Aussetzen ins Exil geschickt werden, werden aufgedeckt ins Exil geschickt.")."""
    new = g.move(oid, "exile", cause="suspend")
    g.update(new, counters={**g.st.objects[new].counters, "time": n})
    g.event("counter", card=g.st.objects[new].name, kind="time", count=n)
    return new


# ------------------------------------------------------------------ the special action
def can_suspend(g: "Context", p: int, oid: int) -> bool:
    """CR 702.62a: "If you could begin to cast this card by putting it onto the stack from your
    hand": a card with suspend in p's hand, at a time p could cast it (CR 601.3)."""
    obj = g.st.objects.get(oid)
    return (obj is not None and obj.zone == "hand" and obj.owner == p and of(obj.name) is not None
            and "Land" not in g.types_now(oid)[0] and casting.timing_ok(g, p, oid))


def suspend_cost(name: str) -> str:
    got = of(name)
    return got[1] if got is not None else ""


def do_suspend(g: "Context", p: int, oid: int) -> None:
    """Pay the suspend cost and exile the card with N time counters (a special action, CR
    116.2f: it doesn't use the stack; the player keeps priority, CR 116.3)."""
    got = of(g.st.objects[oid].name)
    assert got is not None
    name = g.st.objects[oid].name
    exile_with_time_counters(g, oid, got[0])
    g.event("suspend", player=g.pname(p), card=name, count=got[0])


class Suspend(Way):
    """Suspending a card from the hand: a special action (CR 702.62a, 116.2f) whenever it could
    be cast, for its suspend cost."""

    timing = "special"
    verb = "suspend"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        if obj.zone == "hand" and of(c.name) is not None and can_suspend(lister.g, lister.p, oid) \
                and lister.payable(parse_cost(suspend_cost(c.name))):
            out.append(Action(lister.p, "suspend", obj=oid))

    def has(self, name: str) -> bool:
        return of(name) is not None


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def ways() -> list[Way]:
    return [Suspend()]


def step_begins(g: "Context", step: str, player: int) -> list[dict[str, Any]]:
    """"At the beginning of your upkeep, if this card is suspended, remove a time counter from it.\""""
    if step != "upkeep":
        return []
    return [{"source": oid, "name": g.st.objects[oid].name, "ability": -1, "controller": player, "token": False,
             "def": "", "keyword": "suspend", "event": {"part": "remove"}}
            for oid in g.st.players[player].exile if is_suspended(g, oid) and g.st.objects[oid].owner == player]


def trigger_steps() -> list[Any]:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        oid = item.source
        if ctx.get("event", {}).get("part") == "cast":
            obj = g.st.objects.get(oid) if oid is not None else None
            if obj is None or obj.zone != "exile":  # "if it's exiled" (CR 603.4)
                return None
            return may_cast(g, item, ctx, obj.id, item.controller, ALT, "{0}", "ask.suspend_cast",
                            {"card": obj.name})
        if oid is None or not is_suspended(g, oid):  # CR 603.4: checked again as it resolves
            return None
        g.add_counters(oid, "time", -1)  # the last one: counters_removed below makes the cast trigger
        g.event("counter_removed", card=g.st.objects[oid].name, kind="time", count=1)
        return None
    return [step]


def counters_removed(g: "Context", oid: int, kind: str, left: int) -> list[dict[str, Any]]:
    """"When the last time counter is removed from this card, if it's exiled, you may play it
    ..." (CR 702.62a): whatever removed it — suspend's upkeep ability or another effect
    (ruling, Hängepartie: "Es ist dabei egal, warum die letzte Zeitmarke entfernt wurde oder
    welcher Effekt sie entfernt hat.")."""
    obj = g.st.objects.get(oid)
    if kind != "time" or left or obj is None or obj.zone != "exile" or obj.face_down or of(obj.name) is None:
        return []
    return [{"source": oid, "name": obj.name, "ability": -1, "controller": obj.owner,
             "token": False, "def": "", "keyword": "suspend", "event": {"part": "cast"}}]
