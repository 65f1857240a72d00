"""Numbers and players read from a spell's target after an earlier instruction moved it:
"Its controller gains life equal to its power" (Swords to Plowshares), "You lose life equal to
that permanent's mana value" (Feed the Swarm), "... that card's mana value" (Reanimate).

The target was chosen as the spell was cast; once it left its zone it is a new object (CR
400.7), so the spell uses the target as it last existed (CR 608.2h, 113.7a): its last known
information (engine/rules/last_known.py records it as it leaves the battlefield, a graveyard
or exile: its power and mana value then — a face-down permanent's or a copy's own, the card's
in the graveyard that Reanimate returned first), else a card's printed mana value (CR 202.3,
the same in every zone).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import last_known, last_known_power
from engine.cards.behaviour import printed
from engine.rules.mana import parse_cost

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def target_stat(g: "Context", item: "Obj", stat: str, i: int = 0) -> tuple[int, int | None]:
    """The `stat` ("power" or "mana_value") of the item's i-th target and its controller, as it
    is now or as it last existed (0 and None when there was no object target)."""
    if i >= len(item.targets) or "obj" not in item.targets[i]:
        return 0, None
    oid = int(item.targets[i]["obj"])
    obj = g.st.objects.get(oid)
    if obj is not None and obj.zone in ("battlefield", "graveyard", "exile", "hand", "library"):
        c = g.chars(oid)
        return int((c.power if stat == "power" else c.mana_value) or 0), obj.controller
    before = last_known(g, oid) or g.st.lki.get(oid)
    if before is None:
        return 0, None
    if stat == "power":
        return last_known_power(g, oid), before.controller
    lki = g.st.this_turn.get(f"lki:{oid}")
    if lki is not None and "mana_value" in lki:
        # a permanent's mana value as it last existed: a face-down one's is 0 (CR 708.2a), a
        # copy's its copied cost's (CR 707.2), X counts as 0 (CR 202.3b)
        return int(lki["mana_value"] or 0), before.controller
    data = printed(before.name)
    cost = (data.mana_cost or "") if data is not None else ""
    return parse_cost(cost.split("//")[0]).mana_value, before.controller


@dataclass(frozen=True)
class LifeEqualToTarget:
    """"[Its controller / you] [gain(s) / lose(s)] life equal to [its power / that permanent's
    mana value]" — read from the first target as it last existed (CR 608.2h). `stat`: "power"
    or "mana_value"; `who`: "you" or "target_controller"; `lose`: lose instead of gain."""
    stat: str = "power"
    who: str = "you"
    lose: bool = False

    def step(self) -> Step:
        stat, who, lose = self.stat, self.who, self.lose

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n, controller = target_stat(g, item, stat)
            p = item.controller if who == "you" else controller
            if p is None or n <= 0:
                return
            if lose:
                g.lose_life(p, n)
            else:
                g.gain_life(p, n)
        return run
