"""Creating tokens (CR 111): predefined tokens (engine/cards/sets/token_defs.py), X/X tokens,
tapped ones, tokens attacking.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Step
from engine.cards.vocab.core import amount
from engine.cards.vocab.counts import counters_when_it_left

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Token:
    name: str
    n: Any = 1  # a number or a count

    def step(self) -> Step:
        if isinstance(self.n, int):
            return fx.create_token(self.name, self.n)
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for _ in range(amount(n, g, item)):
                g.create_token(item.controller, name)
        return run


@dataclass(frozen=True)
class TokenSized:
    """"create an X/X [token]" — a predefined token (engine/cards/sets/token_defs.py) whose
    printed power and toughness are X, taken as the effect resolves (CR 111.4, 608.2h): `n`
    a count, or None for the counters the source had as it left the battlefield."""
    name: str
    n: Any = None

    def step(self) -> Step:
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.sets import token_data
            from engine.rules import zones
            x = counters_when_it_left(ctx) if n is None else amount(n, g, item)
            zones.create_token(g, item.controller, {**token_data(name), "power": str(x), "toughness": str(x)})
        return run


@dataclass(frozen=True)
class TokenThenCounters:
    """"create [token], then put that many +1/+1 counters on it" (N taken as it resolves)."""
    name: str
    n: Any
    kind: str = "+1/+1"

    def step(self) -> Step:
        name, n, kind = self.name, self.n, self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            x = amount(n, g, item)
            oid = g.create_token(item.controller, name)
            if x > 0 and oid in g.st.objects:
                g.add_counters(oid, kind, x)
        return run


@dataclass(frozen=True)
class TappedToken:
    """"create a tapped [token]" (CR 111.1, 110.5b): N tokens that enter tapped."""
    name: str
    n: Any = 1

    def step(self) -> Step:
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.sets import token_data
            from engine.rules import zones
            for _ in range(amount(n, g, item)):
                zones.create_token(g, item.controller, token_data(name), tapped=True)
        return run


@dataclass(frozen=True)
class TokenAttackingThatPlayer:
    """"create a [token] that's tapped and attacking that player" — the player of the event; it
    was never declared as an attacker, so "whenever ... attacks" does not trigger (CR 508.4)."""
    name: str

    def step(self) -> Step:
        name = self.name

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = ctx.get("event", {}).get("defender")
            oid = g.create_token(item.controller, name)
            if p is not None and not g.st.players[p].lost:
                g.update(oid, tapped=True, attacking=p)
            else:
                g.update(oid, tapped=True)
        return run
