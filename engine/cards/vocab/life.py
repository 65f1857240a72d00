"""Life: gaining and losing life, paying life, "can't gain life", winning the game
(CR 119, 104.2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Step
from engine.cards.vocab.core import TARGET, THAT_PLAYER, amount, players_named
from engine.rules.rule_changes import gain_life_plus
from engine.rules.sba import check_end

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class GainLife:
    n: Any
    who: str = "you"  # you | target ("Target player gains N life")

    def step(self) -> Step:
        if self.who == TARGET:
            k = self.n

            def target_gains(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for p in players_named(g, item, TARGET):
                    g.gain_life(p, amount(k, g, item))
            return target_gains
        if isinstance(self.n, int):
            return fx.gain_life(self.n)
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.gain_life(item.controller, amount(n, g, item))
        return run


@dataclass(frozen=True)
class LoseLife:
    n: Any  # a number, or a count taken as it resolves
    # you | each_opponent | active (the player whose turn it is: "they lose N life") |
    # target_controller ("That player loses N life." after an effect on a target permanent:
    # the controller it had, set by Destroy even if it wasn't destroyed)
    # target ("Target player ... loses N life": the target player, if still legal, CR 608.2b)
    # event_player / event_controller: the player the trigger event names ("that player
    # loses N life"); each_player: every player, in APNAP order (CR 101.4); that_player: the
    # player an effect before named (core.THAT_PLAYER: "For each opponent who doesn't, that player ...")
    who: str = "you"
    gain_lost: bool = False  # (each_opponent, n a number or a count) "You gain life equal to the life lost this way."

    def step(self) -> Step:
        n = self.n
        if self.who == "target":
            def target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                ref = g.target_ref(item, 0)
                if ref is not None and "player" in ref:
                    g.lose_life(int(ref["player"]), amount(n, g, item))
            return target
        if not isinstance(n, int) and self.who == "you":
            def counted(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.lose_life(item.controller, amount(n, g, item))
            return counted
        if self.who in ("event_player", "event_controller"):
            key = self.who[len("event_"):]

            def event_player(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                p = ctx.get("event", {}).get(key)
                if isinstance(p, int) and not g.st.players[p].lost:
                    g.lose_life(p, n)
            return event_player
        if self.who == "each_player":
            def each_player(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for p in g.apnap():
                    g.lose_life(p, n)
            return each_player
        if self.who == "target_controller":
            def that_player(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                p = ctx.get("target_controller")
                if p is not None:
                    g.lose_life(int(p), n)
            return that_player
        if self.who == THAT_PLAYER:  # "that player loses N life" (core.THAT_PLAYER)
            def named(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                p = ctx.get(THAT_PLAYER)
                if p is not None:
                    g.lose_life(int(p), amount(n, g, item))
            return named
        if self.who == "active":
            def active(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.lose_life(g.st.active, n)
            return active
        if self.who != "each_opponent":
            return fx.lose_life(self.n)
        gain = self.gain_lost

        def each(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            x = amount(n, g, item)
            if x <= 0:  # ("for each card type among those cards" with none: no life is lost)
                return
            lost = 0
            for p in g.opponents(item.controller):
                before = g.st.players[p].life
                g.lose_life(p, x)
                lost += max(0, before - g.st.players[p].life)
            if gain and lost:  # "You gain life equal to the life lost this way." (CR 119.3)
                g.gain_life(item.controller, lost)
        return each


@dataclass(frozen=True)
class LoseHalfLife:
    """"they lose half their life, rounded up" — the player the event named (CR 107.1a)."""
    who: str = "event"  # event | attached (the enchanted player)

    def step(self) -> Step:
        who = self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if who == "attached":
                src = g.st.objects.get(item.source) if item.source is not None else None
                p = src.ctx.get("enchanted_player") if src is not None else None
            else:
                p = ctx.get("event", {}).get("player")
            if p is None:
                return
            life = g.st.players[p].life
            if life > 0:
                g.lose_life(p, (life + 1) // 2)
        return run


@dataclass(frozen=True)
class TargetLoses:
    """"target opponent loses N life", or with no N "loses that much life" — the amount of
    the event (CR 608.2h)."""
    n: Any = None  # a number, a count taken as it resolves ("1 life for each Spider you control"), or None

    def step(self) -> Step:
        fixed = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            n = amount(fixed, g, item) if fixed is not None else int(ctx.get("event", {}).get("amount", 0))
            if ref is not None and "player" in ref and n > 0:
                g.lose_life(ref["player"], n)
        return run


@dataclass(frozen=True)
class GainLifePlus:
    """"If you would gain life, you gain that much life plus N instead." — a replacement
    effect (CR 614.1a) applied once to each life-gaining event, once per permanent with it
    (engine/game.py gain_life)."""
    n: int = 1
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw.setdefault("player_rules", []).append(gain_life_plus(self.n))


@dataclass(frozen=True)
class DamagedPlayerCantGainLife:
    """"If a player is dealt damage this way, they can't gain life for the rest of the game."
    — after "deals that much damage to any other target": the target, if a player and the
    amount was more than 0 (a rule for the rest of the game, whatever happens to the source)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            if ref is not None and "player" in ref and int(ctx.get("event", {}).get("amount", 0)) > 0:
                g.add_effect("rules", [], until="game", cant_gain_life=ref["player"])
        return run


@dataclass(frozen=True)
class WinTheGame:
    """"You win the game." (CR 104.2b): every opponent loses, and the game is over."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for p in g.opponents(item.controller):
                g.update_player(p, lost=True)
                g.event("lose", player=g.pname(p), reason="effect")
            check_end(g)
        return run
