"""Creating tokens (CR 111): predefined tokens (engine/cards/sets/token_defs.py), X/X tokens,
tapped ones, tokens attacking.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.mechanics.goad import goad
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount
from engine.cards.vocab.counts import counters_when_it_left
from engine.cards.sets import token_data
from engine.format import ref_text
from engine.rules import zones
from engine.rules.damage import permanent_source

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Token:
    """"create N [tapped] [token]s" (CR 111.1) — a predefined token (engine/cards/sets/
    token_defs.py and the set files); `n` a number or a count taken as it resolves. `tapped`:
    they enter tapped (CR 110.5b). `counters`: "create [token], then put that many +1/+1
    counters on it" (a count taken as it resolves, of `kind`). `attacking`: "create a [token]
    that's tapped and attacking that player" — the defending player of the event, or after
    "whenever you attack" the player the first of the declared attackers attacks (CR 508.4: a
    player its controller chooses; the simplification the scenarios say); it was never
    declared as an attacker, so "whenever ... attacks" does not trigger (CR 508.4). `gain`:
    keywords the tokens gain until end of turn ("They gain haste until end of turn.")."""
    name: str
    n: Any = 1  # a number or a count
    tapped: bool = False
    counters: Any = None
    kind: str = "+1/+1"
    attacking: bool = False
    gain: tuple[str, ...] = ()  # "They gain haste until end of turn." (layer 6, CR 611.2)
    # "you", or "target_controller": "Its controller creates ..." — the controller the target
    # had as the effect before this one acted on it (Destroy sets it, CR 608.2h); or
    # "each_player": "each player creates ..." (in APNAP order, CR 101.4; a player who left
    # the game creates none, CR 800.4a)
    who: str = "you"
    # "The tokens are goaded for the rest of the game." (CR 701.15a: the ability's controller
    # goads them; engine/cards/mechanics/goad.py)
    goaded: bool = False

    def step(self) -> Step:
        name, n, counters, kind = self.name, self.n, self.counters, self.kind
        if self.who == "each_player":
            if self.gain or self.attacking or counters is not None:
                raise ValueError(f"each player's tokens take no other terms: {self!r}")
            enters_tapped, goaded = self.tapped, self.goaded

            def each_player(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for p in g.apnap():
                    if g.st.players[p].lost:
                        continue
                    for _ in range(amount(n, g, item)):
                        new = zones.create_token(g, p, token_data(name), tapped=enters_tapped)
                        if goaded:
                            goad(g, new, item.controller)
            return each_player
        if self.goaded:
            raise ValueError(f"goaded tokens are each player's here: {self!r}")
        if self.who == "target_controller":
            def theirs(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                p = ctx.get("target_controller")
                if p is not None and not g.st.players[int(p)].lost:
                    for _ in range(amount(n, g, item)):
                        g.create_token(int(p), name)
            return theirs
        if self.gain:
            gain = list(self.gain)

            def gaining(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for _ in range(amount(n, g, item)):
                    oid = g.create_token(item.controller, name)
                    if oid in g.st.objects:
                        g.add_effect("6", [oid], add_kw=gain, remove_kw=[])
            return gaining
        if self.attacking:
            def attacking(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                event = ctx.get("event", {})
                p = event.get("defender")
                if p is None:
                    first = [o for o in event.get("attackers", []) if o in g.st.objects][:1]
                    p = g.st.objects[first[0]].attacking if first else None
                oid = g.create_token(item.controller, name)
                if p is not None and not g.st.players[p].lost:
                    g.update(oid, tapped=True, attacking=p)
                else:
                    g.update(oid, tapped=True)
            return attacking
        if counters is not None:
            def with_counters(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                x = amount(counters, g, item)
                oid = g.create_token(item.controller, name)
                if x > 0 and oid in g.st.objects:
                    g.add_counters(oid, kind, x)
            return with_counters
        if self.tapped:
            def tapped(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for _ in range(amount(n, g, item)):
                    zones.create_token(g, item.controller, token_data(name), tapped=True)
            return tapped
        if isinstance(n, int):
            return fx.create_token(name, n)

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
            x = counters_when_it_left(ctx) if n is None else amount(n, g, item)
            zones.create_token(g, item.controller, {**token_data(name), "power": str(x), "toughness": str(x)})
        return run


@dataclass(frozen=True)
class TokensFightEach:
    """"For each creature your opponents control, create a [token]. Each of those tokens fights
    a different one of those creatures." — the creatures counted as it resolves; the spell's
    controller chooses which token fights which creature (ruling, Ezuri's Predation: "You
    choose which Beast is fighting which creature an opponent controls"), token by token; the
    tokens fight at the same time (CR 701.12a; ruling: "Each of the fights happens at the same
    time"); a token or creature gone by then fights nothing (CR 701.12b). Nothing happens
    between the tokens entering and the fights: the choices are made within the resolution, and
    what the tokens entering triggers waits until it is done (CR 608.2, 603.3)."""
    name: str

    def step(self) -> Step:
        name = self.name

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
            if "fight_made" not in ctx:
                theirs = [o for q in g.opponents(item.controller) for o in g.battlefield(q) if g.is_type(o, "Creature")]
                ctx["fight_theirs"] = theirs
                ctx["fight_made"] = [g.create_token(item.controller, name) for _ in theirs]
                ctx["fight_pairs"] = []
            made: list[int] = ctx["fight_made"]
            pairs: list[list[int]] = ctx["fight_pairs"]
            if "answer" in ctx:
                answer = ctx.pop("answer")[0]
                left = ctx.pop("fight_left")
                options = ctx.pop("fight_options")
                pairs.append([made[len(pairs)], left[options.index(answer)]])
            if len(pairs) < len(made):
                chosen = {c for _, c in pairs}
                left = [c for c in ctx["fight_theirs"] if c not in chosen]
                options = [ref_text(g, ("o", c)) for c in left]
                ctx["fight_left"], ctx["fight_options"] = left, options
                token = made[len(pairs)]
                return Ask(item.controller, "choose_card", options, "ask.fight_which",
                           {"card": item.name, "name": g.st.objects[token].name if token in g.st.objects else name})
            on = [(t, c) for t, c in pairs
                  if t in g.st.objects and g.st.objects[t].zone == "battlefield"
                  and c in g.st.objects and g.st.objects[c].zone == "battlefield"]
            blows = [(permanent_source(g, a), b, max(0, g.chars(a).power or 0))
                     for t, c in on for a, b in ((t, c), (c, t))]  # powers first: at the same time
            for src, oid, n in blows:
                g.damage(src, {"obj": oid}, n)
            return None
        return run
