"""Until-end-of-turn changes to creatures: +P/+T and keywords (CR 611.2c, layers 7c and 6),
"can't be blocked", "can't block", rules flags.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Step
from engine.cards.vocab.core import CHOSEN, EVENT, TARGET, THIS, amount, source_id
from engine.rules.rule_changes import ObjectFlag

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Pump:
    """Gets +P/+T (and gains keywords) until end of turn (CR 611.2c, layers 7c and 6)."""
    power: int
    toughness: int
    keywords: tuple[str, ...] = ()
    on: str = THIS
    loses: tuple[str, ...] = ()  # "... and loses flying"
    until: str = "eot"  # or "your_next_turn" (CR 611.2b)

    def step(self) -> Step:
        if self.on == TARGET and (self.loses or self.until != "eot"):
            e = self

            def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return
                until = f"your_next_turn:{item.controller}" if e.until == "your_next_turn" else e.until
                if e.power or e.toughness:
                    g.add_effect("7c", [oid], until=until, power=e.power, toughness=e.toughness)
                if e.keywords or e.loses:
                    g.add_effect("6", [oid], until=until, add_kw=list(e.keywords), remove_kw=list(e.loses))
            return run
        if self.on == TARGET:
            return fx.pump_target(self.power, self.toughness, self.keywords)
        if self.on == EVENT:  # "it gets ..." — the creature the trigger event named
            return fx.pump_event_creature(self.power, self.toughness, self.keywords)
        if self.on not in (THIS, CHOSEN):
            raise ValueError(f"pump what: {self.on!r}")
        power, toughness, keywords, chosen = self.power, self.toughness, self.keywords, self.on == CHOSEN

        def on_source(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            # this permanent, or (CHOSEN) the one an effect before chose, still on the battlefield
            oid = ctx.get(CHOSEN) if chosen else source_id(g, item)
            if chosen and (oid not in g.st.objects or g.st.objects[oid].zone != "battlefield"):
                return
            if oid is not None:
                fx.pump(g, [oid], power, toughness, keywords)
        return on_source


@dataclass(frozen=True)
class PumpCreatures:
    """A group of creatures gets +P/+T and gains keywords until end of turn; the group is
    locked in as it resolves (CR 611.2c), counts are taken then (CR 608.2h).

    `whose`: "you" (creatures you control), "opponents" (creatures your opponents control),
    "all" (all creatures), "targets" (each target still legal, CR 608.2b); narrowed by
    `subtype`, `attacking` ("attacking creatures ..."), `other` (not the source). `per`: each
    of +P/+T multiplied by a count ("-X/-X, where X is ..."); `by`: +X/+X where X is a count.
    """
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    subtype: str = ""
    attacking: bool = False
    whose: str = "you"
    other: bool = False
    per: Any = None
    by: Any = None

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n = 1 if e.per is None else amount(e.per, g, item)
            power, toughness = e.power * n, e.toughness * n
            if e.by is not None:
                power = toughness = amount(e.by, g, item)
            ids = [o for o in e._group(g, item)
                   if (not e.subtype or e.subtype in g.chars(o).subtypes)
                   and (not e.attacking or g.st.objects[o].attacking is not None)
                   and not (e.other and o == item.source)]
            if ids:
                fx.pump(g, ids, power, toughness, e.keywords)
        return run

    def _group(self, g: "Context", item: "Obj") -> list[int]:
        if self.whose == "targets":
            return [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
        if self.whose == "you":
            seats: Any = [item.controller]
        elif self.whose == "opponents":
            seats = g.opponents(item.controller)
        elif self.whose == "all":
            seats = [None]
        else:
            raise ValueError(f"unknown group of creatures {self.whose!r}")
        return [o for p in seats for o in g.battlefield(p) if g.is_type(o, "Creature")]


@dataclass(frozen=True)
class RulesFlag:
    """A rules flag until end of turn on this permanent (`on=THIS`), the first target
    (`TARGET`) or each target still legal (`"each_target"`): "can't be blocked this turn"
    (`cant_be_blocked`, CR 509.1b), "can't block this turn" (`cant_block`), "can attack this
    turn as though it didn't have defender" (`attacks_despite_defender`, CR 702.3b)."""
    flag: ObjectFlag
    on: str = THIS

    def step(self) -> Step:
        flag, on = self.flag, self.on

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if on == THIS:
                found = [source_id(g, item)]
            elif on == TARGET:
                found = [g.target_obj(item, 0)]
            elif on == "each_target":
                found = [g.target_obj(item, i) for i in range(len(item.targets))]
            else:
                raise ValueError(f"unknown object of a rules flag {on!r}")
            ids = [o for o in found if o is not None]
            if ids:
                g.add_effect("rules", ids, flags=[flag])
        return run


