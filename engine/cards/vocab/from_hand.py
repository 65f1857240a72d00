"""Cards leaving their owner's hand by an effect: "put two cards from your hand on top of your
library in any order" (Brainstone), "Each opponent may discard a card ..." (Professor Onyx). ("Manifest a
card from your hand" is vocab/face_down.py `Manifest(zone="hand")`.)
The names are options seen by the deciding player only (hidden information, CR 402.3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import pick_named
from engine.cards.vocab.core import players_named

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class PutFromHandOnTop:
    """"put N cards from your hand on top of your library in any order" (CR 401.3): chosen one
    at a time, each on top of the one before (the last chosen is the top card); with fewer
    cards in hand, all of them."""
    n: int = 2

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "top_left" not in ctx:
                ctx["top_left"] = n
            if "answer" in ctx:
                picked = pick_named(g, list(g.st.players[p].hand), ctx.pop("answer")[:1])
                for oid in picked:
                    g.move(oid, "library", position=0, cause="put")
                    ctx["top_left"] -= 1
            hand = list(g.st.players[p].hand)
            if ctx["top_left"] > 0 and hand:
                return Ask(p, "choose_card", sorted(g.st.objects[o].name for o in hand), "ask.put_from_hand_on_top",
                           {"card": item.name, "count": ctx["top_left"]})
            ctx.pop("top_left")
            return None
        return run


@dataclass(frozen=True)
class DiscardOrLose:
    """"Each opponent may discard a card. If they don't, they lose N life. Repeat this process
    M more times." — `times` rounds; in each, every opponent in turn order chooses a card in
    hand (unseen by the others) or "nothing"; then the chosen cards are discarded at the same
    time, and each opponent who discarded none loses `life` life (CR 101.4, 119.3; Professor
    Onyx's ruling: "Then all the chosen cards are revealed and discarded at the same time")."""
    life: int = 3
    times: int = 1

    def step(self) -> Step:
        life, times = self.life, self.times

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "dol_round" not in ctx:
                ctx["dol_round"], ctx["dol_i"], ctx["dol_chosen"] = 0, 0, {}
            while ctx["dol_round"] < times:
                players = players_named(g, item, "each_opponent")
                chosen: dict[str, int] = ctx["dol_chosen"]
                while ctx["dol_i"] < len(players):
                    q = players[ctx["dol_i"]]
                    hand = list(g.st.players[q].hand)
                    if "answer" in ctx:
                        answer = ctx.pop("answer")[0]
                        picked = pick_named(g, hand, [answer]) if answer != "nothing" else []
                        if picked:
                            chosen[str(q)] = picked[0]
                        ctx["dol_i"] += 1
                        continue
                    if not hand:
                        ctx["dol_i"] += 1
                        continue
                    return Ask(q, "choose_card", sorted(g.st.objects[o].name for o in hand) + ["nothing"],
                               "ask.discard_or_lose", {"card": item.name, "life": life})
                for q in players:  # all at once, once everyone has chosen
                    oid = chosen.get(str(q))
                    if oid is not None and g.st.objects.get(oid) is not None and g.st.objects[oid].zone == "hand":
                        name = g.st.objects[oid].name
                        g.move(oid, "graveyard", cause="discard")
                        g.event("discard", player=g.pname(q), card=name)
                for q in players:
                    if str(q) not in chosen:
                        g.lose_life(q, life)
                ctx["dol_round"] += 1
                ctx["dol_i"], ctx["dol_chosen"] = 0, {}
            for k in ("dol_round", "dol_i", "dol_chosen"):
                ctx.pop(k)
            return None
        return run
