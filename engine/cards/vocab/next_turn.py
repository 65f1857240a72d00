"""Delayed triggered abilities for the next turn (CR 603.7a): "Draw a card at the beginning of
the next turn's upkeep." (Portent). The ability is yours (CR 603.7d: the controller of the
delayed triggered ability is the player who controlled the spell that made it); it triggers
at the beginning of the upkeep of the next turn, whoever's turn that is, once (CR 603.7c).
The layer keeps its effects on the card (CardDef.delayed) and gives the index."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class AtNextUpkeep:
    """"[effects] at the beginning of the next turn's upkeep" — a delayed triggered ability of
    yours; the next turn is the next player's in seat order (CR 500.1, 101.4)."""
    effects: tuple[Any, ...]
    index: int = -1
    who: str = "you"  # or "target_controller": "Its controller may draw ..." (Arcane Denial)
    is_delayed = True

    def __init__(self, *effects: Any, index: int = -1, who: str = "you") -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "who", who)

    def with_index(self, index: int) -> "AtNextUpkeep":
        return AtNextUpkeep(*self.effects, index=index, who=self.who)

    def step(self) -> Step:
        index, who = self.index, self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            # "step_player": whose upkeep it waits for; "player": who controls the ability (the
            # target's controller as the effect before saw it, CR 608.2h)
            player = item.controller if who == "you" else ctx.get("target_controller")
            if player is None:
                return
            g.st.delayed.append({"event": "step:upkeep", "player": int(player),
                                 "step_player": g.next_player(g.st.active), "action": "effects",
                                 "def": item.ctx.get("def", item.name), "index": index,
                                 "source": item.ctx.get("source_name", item.name)})
        return run
