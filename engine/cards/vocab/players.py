"""Effects on players as a whole: who may cast and attack, life totals exchanged, "unless you
discard a card or pay N life". (First used by the Archenemy schemes of the Duskmourn Commander
decks; nothing here knows a card.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.rules import restrictions, teams
from engine.cards.vocab.core import run_steps

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ChosenPlayerAndYouOnly:
    """"target opponent chooses a player. Until your next turn, only you and the chosen player
    can cast spells and attack with creatures." — the target opponent chooses as it resolves
    (any player, themselves or you included: the rulings), then the effect
    (engine/rules/restrictions.py) lasts until your next turn begins (CR 611.2b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            ref = g.target_ref(item, 0)
            if ref is None or "player" not in ref:
                return None  # the target is gone (CR 608.2b: the ability does nothing)
            alive = [p.index for p in g.st.players if not p.lost]
            if "answer" not in ctx:
                return Ask(ref["player"], "choose", [g.pname(p) for p in alive], "ask.choose_champion",
                           {"card": item.name})
            answer = ctx.pop("answer")[0]
            chosen = next((p for p in alive if g.pname(p) == answer), ref["player"])
            g.event("chosen", card=item.name, choice=g.pname(chosen))
            g.add_effect("rules", [], until=f"your_next_turn:{item.controller}", card=item.name,
                         **{restrictions.ONLY_PLAYERS: sorted({item.controller, chosen})})
            return None
        return run


@dataclass(frozen=True)
class RedistributeLifeTotals:
    """"you may redistribute any number of life totals. (Each affected player or team gets one
    of those life totals back.)" — as it resolves you choose the players (in a game with
    shared life totals each team is one life total, named by its first member: the ruling),
    one at a time ("no more" ends it), then for each of them in turn which of those totals it
    gets. Each then gains or loses the difference (the ruling: replacement effects may change
    it, and it may trigger abilities: CR 119.3, 119.4 through the engine's gain and loss)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            units = _life_units(g)
            chosen: list[int] = ctx.setdefault("redistribute", [])
            answer = ctx.pop("answer", [None])[0]
            if not ctx.get("redistribute_done"):
                names = {g.pname(u): u for u in units if u not in chosen}
                if answer in names:
                    chosen.append(names[answer])
                elif answer is not None:
                    ctx["redistribute_done"] = True
                left = [u for u in units if u not in chosen]
                if left and not ctx.get("redistribute_done"):
                    return Ask(item.controller, "choose", [g.pname(u) for u in left] + ["no more"],
                               "ask.redistribute_player", {"card": item.name})
                ctx["redistribute_done"] = True
                ctx["redistribute_to"] = []
                answer = None
            totals = {u: g.st.players[u].life for u in chosen}
            given: list[int] = ctx["redistribute_to"]  # whose total each chosen unit gets, in order
            options = [u for u in chosen if u not in given]
            texts = [_total_text(g, u, totals[u]) for u in options]
            if answer in texts:
                given.append(options[texts.index(answer)])
            if len(given) < len(chosen) and len(chosen) > 1:
                options = [u for u in chosen if u not in given]
                return Ask(item.controller, "choose", [_total_text(g, u, totals[u]) for u in options],
                           "ask.redistribute_total", {"card": item.name, "player": g.pname(chosen[len(given)])})
            for unit, source in zip(chosen, given):
                diff = totals[source] - g.st.players[unit].life
                if diff > 0:
                    g.gain_life(unit, diff)
                elif diff < 0:
                    g.lose_life(unit, -diff)
            for k in ("redistribute", "redistribute_done", "redistribute_to"):
                ctx.pop(k, None)
            return None
        return run


def _life_units(g: "Context") -> list[int]:
    """The life totals of the game, each by one player still in it: every player's own, or
    with shared life totals each team's first member (CR 810.9 as the model)."""
    out: list[int] = []
    seen: set[str] = set()
    for p in g.st.players:
        if p.lost:
            continue
        if teams.shared_life(g) and p.team:
            if p.team in seen:
                continue
            seen.add(p.team)
        out.append(p.index)
    return out


def _total_text(g: "Context", unit: int, life: int) -> str:
    return f"{g.pname(unit)} ({life})"  # an option: whose life total, and how much


@dataclass(frozen=True)
class UnlessDiscardOrPayLife:
    """"[do `then`] unless you discard a card or pay N life" — the controller chooses as it
    resolves: discard (then which card), pay N life (only with at least N life, CR 119.4), or
    neither, and then `then` happens (Fear My Authority: "abandon this scheme unless ...")."""
    life: int
    then: tuple[Any, ...] = ()

    def step(self) -> Step:
        e = self
        then = [x.step() for x in e.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            hand = g.st.players[p].hand
            pay = f"pay {e.life} life"
            if "unless" not in ctx:
                options = (["discard a card"] if hand else []) + ([pay] if g.st.players[p].life >= e.life else [])
                if options and "answer" not in ctx:
                    return Ask(p, "choose", options + ["neither"], "ask.unless", {"card": item.name})
                ctx["unless"] = ctx.pop("answer")[0] if options else "neither"
            choice = ctx["unless"]
            if choice == "discard a card" and hand:
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
                name = ctx.pop("answer")[0]
                oid = next((o for o in hand if g.st.objects[o].name == name), hand[0])
                g.move(oid, "graveyard", cause="discard")  # CR 701.8
                g.event("discard", player=g.pname(p), card=name)
            elif choice == pay:
                g.lose_life(p, e.life)  # CR 119.4: paying life is losing it
            else:
                got = run_steps(then, g, item, ctx, "unless_then")
                if got is not None:
                    return got
            ctx.pop("unless", None)
            ctx.pop("unless_then", None)
            return None
        return run
