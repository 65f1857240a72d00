"""Vocabulary for planeswalkers (CR 306, 606), emblems (CR 114) and what their abilities say.

    Loyalty(Tap(), Counters("stun", 2, on=TARGET), targets=("creature",))   # "−2: Tap target creature. ..."
    Emblem(Static(Gets(1, 1, on=YourPermanents(("Ninja",)))), text="Ninjas you control get +1/+1.")
    Static(Gets(keywords=("hexproof",), types_are=("Creature",), subtypes_are=("Ninja",), base_pt=(3, 4)),
           AllOf((Turn(yours=True), AtLeast(CountersOnThis("loyalty")))))   # "During your turn, as long as ..."
    Draw(Count("opponents_lost_life"))

The loyalty cost of a `Loyalty` ability is read from its own line ("+1:", "0:", "−2:"), never
written again; the rules are in engine/rules/planeswalkers.py and engine/rules/emblems.py.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated, CardDef
from engine.cards.layer.build import with_reflexives
from engine.cards.layer.targets import target_spec
from engine.cards.vocab.core import compile_effect
from engine.cards.layer.abilities import Static, When
from engine.cards.layer.build import triggered_of
from engine.cards.layer.statics import compile_static
from engine.rules.emblems import register
from engine.rules.emblems import create

if TYPE_CHECKING:
    from engine.cards.model import Step
    from engine.rules.context import Context
    from engine.state import Obj

_COST = re.compile(r"^\s*\[?([+−–-]?)(\d+)\]?\s*:")


def loyalty_cost(line: str) -> int | None:
    """The loyalty cost printed before the colon of a loyalty ability's line (CR 606.2)."""
    m = _COST.match(line)
    if m is None:
        return None
    n = int(m.group(2))
    return -n if m.group(1) in ("−", "–", "-") else n


class Loyalty:
    """A loyalty ability (CR 606): "[+N/0/−N]: effect". Activated only as a sorcery and once
    each turn for its permanent (CR 606.3); the cost adds or removes loyalty counters (606.4)."""
    word = ""

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = ()) -> None:
        self.effects = tuple(effects)
        self.targets = tuple(targets)

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        cost = loyalty_cost(label)
        if cost is None:
            raise ValueError(f"not a loyalty ability's line: {label!r}")
        kw["activated"].append(Activated(sorcery=True, loyalty=cost, label=label,
                                         targets=[target_spec(t, label) for t in self.targets],
                                         steps=[compile_effect(e) for e in with_reflexives(self.effects, kw, label)]))


class Emblem:
    """"You get an emblem with "[abilities]"" (CR 114.1): the effect puts an emblem with these
    abilities into its controller's command zone. `text` is the quoted text: the key of the
    emblem's abilities (engine/rules/emblems.py), so that the state stays plain data."""

    def __init__(self, *abilities: Any, text: str, to: str = "you") -> None:
        self.text, self.to = text, to
        statics = [compile_static(a) for a in abilities if isinstance(a, Static)]
        # "Whenever a player draws a card, you lose 2 life." — "you" is the emblem's owner (CR 114.2)
        triggered = [triggered_of(a, text) for a in abilities if isinstance(a, When)]
        if len(statics) + len(triggered) != len(abilities):
            raise ValueError("an emblem's abilities here are static or triggered abilities")
        register(text, CardDef(name=text, statics=statics, triggered=triggered))

    def step(self) -> "Step":
        text, to = self.text, self.to

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            source = str(item.ctx.get("source_name", item.name))
            player = item.controller
            if to == "target":  # "Target opponent gets an emblem with ..." (CR 114.2: they own it)
                ref = g.target_ref(item, 0)
                if ref is None or "player" not in ref:
                    return
                player = ref["player"]
            create(g, player, text, f"{source} Emblem")
        return run
