"""Hideaway (CR 702.75, keyword ability), read from its own line: "Hideaway N" means "When this
permanent enters, look at the top N cards of your library, exile one of them face down, then
put the rest on the bottom of your library in a random order." (702.75a). The exiled card is
remembered by the permanent (ctx "hidden", CR 607.2: the linked ability "play the exiled
card" finds it); its owner may look at it (CR 406.3, 702.75b).

`PlayHidden(condition)` is the linked ability: "You may play the exiled card without paying
its mana cost if [condition]." — a land is put onto the battlefield as the land play of the
turn, only if the player has one left (CR 305.2); a spell is cast then and there without
paying its mana cost (engine/rules/cast_now.py, engine/cards/mechanics/free_cast.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.data import printed
from engine.cards.layer.abilities import When
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import last_known
from engine.cards.vocab.events import ENTERS
from engine.cards.vocab.reveal import TopCards
from engine.rules.schemes import lands_per_turn
from engine.rules.cast_offer import may_cast_one_of

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Hideaway (\d+)(?: \(.*\))?")


def parse(line: str) -> int | None:
    m = _LINE.fullmatch(line.strip())
    return int(m.group(1)) if m else None


def ability(n: int) -> When:
    """The triggered ability the keyword stands for (CR 702.75a)."""
    return When(ENTERS, TopCards(n, "one", to="hidden", rest="bottom"))


@dataclass(frozen=True)
class PlayHidden:
    """"You may play the exiled card without paying its mana cost if [condition]." (checked as
    it resolves, CR 608.2c)."""
    condition: Any

    def step(self) -> Step:
        condition = self.condition

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.cards.mechanics.free_cast import ALT, COST  # lazy: start-up
            p = item.controller
            src = g.st.objects.get(item.source) if item.source is not None else None
            src = src if src is not None and src.zone == "battlefield" else (
                last_known(g, item.source) if item.source is not None else None)
            hidden = (src.ctx.get("hidden") if src is not None else None)
            if hidden is None or hidden not in g.st.objects or g.st.objects[hidden].zone != "exile":
                return None
            if "hidden_ok" not in ctx:
                me = g.st.objects.get(item.source, item) if item.source is not None else item
                if not condition(g, me):
                    return None
                ctx["hidden_ok"] = True
            data = printed(g.st.objects[hidden].name)  # (face down in exile: its card's own types, CR 406.3)
            if data is not None and "Land" in data.type_line.split("—")[0]:
                ctx.pop("hidden_ok")
                if g.st.players[p].lands_played >= lands_per_turn(g, p):  # CR 305.2: no land play left
                    return None
                if "answer" not in ctx:
                    return Ask(p, "yes_no", ["yes", "no"], "ask.play_hidden_land", {"card": g.st.objects[hidden].name})
                if ctx.pop("answer")[0] == "yes":
                    g.st.players[p].lands_played += 1
                    g.move(hidden, "battlefield", controller=p, cause="play")
                return None
            got = may_cast_one_of(g, item, ctx, [hidden], p, ALT, COST, "ask.free_cast", {"card": item.name})
            if got is None:
                ctx.pop("hidden_ok", None)
            return got
        return run
