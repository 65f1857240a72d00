"""Effects that change what a permanent is: types and subtypes (layer 4), "becomes a P/T
creature" (layers 4, 7b), control (layer 2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import TARGET, amount, source_id
from engine.rules.resolved import ControlBack

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Becomes:
    """The objects `on` names become [types / subtypes / colors] in addition to their other
    ones (layers 4 and 5, CR 613.1d-e), and with `power` and `toughness` have that base P/T
    (layer 7b, CR 613.4b: "becomes a 0/0 Elemental creature in addition to its other types");
    `loses_all`: "and lose all abilities" (layer 6). `on`: the target (TARGET), this permanent
    (THIS), or a group as data, locked in as it resolves (CR 611.2c): `Yours(other=False)`
    ("Creatures you control have base power and toughness X/X until end of turn", Biomass
    Mutation), `Yours(other=False, opponents=True)` ("creatures your opponents control", You
    Exist Only to Amuse). `power` may be a count taken as it resolves (X, CR 608.2h). `until`:
    "eot" (until end of turn), "your_next_turn" ("Until your next turn", CR 611.2b) or "never"
    (no duration: for as long as it stays on the battlefield; ruling, Wurzelweiser
    Überlebender).
    """
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: Any = None
    toughness: Any = None
    on: Any = TARGET
    until: str = "eot"
    loses_all: bool = False

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if callable(e.on):
                ids = list(e.on(g, item))
            else:
                oid = g.target_obj(item, 0) if e.on == TARGET else source_id(g, item)
                ids = [] if oid is None else [oid]
            e.apply(g, item, ids)
        return run

    def apply(self, g: "Context", item: "Obj", ids: list[int]) -> None:
        """The effects on these objects (also for cards an effect just put onto the
        battlefield: `PutExiledWith(becomes=)`)."""
        e = self
        if ids:
            until = f"your_next_turn:{item.controller}" if e.until == "your_next_turn" else e.until
            if e.types or e.subtypes:
                g.add_effect("4", ids, until=until, add_types=list(e.types), add_subtypes=list(e.subtypes))
            if e.colors:
                g.add_effect("5", ids, until=until, add_colors=list(e.colors))
            if e.loses_all:
                g.add_effect("6", ids, until=until, remove_all=True)
            if e.power is not None:
                power = amount(e.power, g, item)
                toughness = power if e.toughness is None else amount(e.toughness, g, item)
                g.add_effect("7b", ids, until=until, power=power, toughness=toughness)


@dataclass(frozen=True)
class GainControlUntilEot:
    """"Gain control of [target creature / all nonland permanents your opponents control] until
    end of turn. [Untap those permanents.] [They gain haste until end of turn.] [Each of them
    attacks its owner this turn if able.]" (CR 613.1b, layer 2; control is kept on the object,
    and given back as "until end of turn" effects end, CR 514.2). `on`: the target (TARGET) or
    a group as data, locked in as it resolves (CR 611.2c; My Crushing Masterstroke:
    `Yours(..., opponents=True)`). Auras and Equipment attached to it stay with their
    controller. The attack requirement of CR 508.1d is kept in the turn's combat, for its
    owner — not necessarily the player it was taken from (the ruling)."""
    on: Any = TARGET
    untap: bool = False
    haste: bool = False
    attacks_owner: bool = False

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            me = item.controller
            if callable(e.on):
                ids = list(e.on(g, item))
            else:
                oid = g.target_obj(item, 0)
                ids = [] if oid is None else [oid]
            taken = [o for o in ids if g.st.objects[o].controller != me]
            must = [list(x) for x in g.st.combat.get("must_attack", ()) if x[0] not in taken]
            for oid in taken:
                obj = g.st.objects[oid]
                g.add_effect("rules", [], control_back=ControlBack(oid, obj.controller))
                if e.untap:
                    g.update(oid, controller=me, sick=True, tapped=False)  # CR 302.6; "Untap those permanents."
                else:
                    g.update(oid, controller=me, sick=True)  # CR 302.6
                if e.haste:
                    g.add_effect("6", [oid], add_kw=["haste"], remove_kw=[])
                must.append([oid, obj.owner])
            if e.attacks_owner:
                g.st.combat["must_attack"] = must
        return run
