"""Delayed triggered abilities (CR 603.7) — "when it dies this turn", "at the beginning of
the next end step" — and extra turns and phases (CR 500.7, 500.8).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import amount, source_id
from engine.rules.turn import SKIP_UNTAP

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def next_turn_of(g: "Context", p: int) -> int:
    """The number of player p's next turn (turns pass in seat order, CR 101.4)."""
    t, a = g.st.turn, g.st.active
    while True:
        t += 1
        a = g.next_player(a)
        if a == p:
            return t


def _delayed_effects(event: str, index: int) -> Step:
    """A step that makes a delayed triggered ability for this turn (CR 603.7a) whose effects
    are the card's CardDef.delayed[index]; the definition and source name come from the
    resolving ability's context (engine/rules/activation.py, triggers.py), or for a spell
    (which has none) from its name."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        g.st.delayed.append({"event": event, "player": item.controller, "action": "effects",
                             "def": item.ctx.get("def", item.name), "index": index,
                             "source": item.ctx.get("source_name", item.name), "this_turn": g.st.turn,
                             "source_obj": item.source})
    return run


@dataclass(frozen=True)
class ThisTurn:
    """A delayed triggered ability made as the effect resolves, for the rest of the turn
    (CR 603.7a): `event` "your_creature_dies" ("Until end of turn, whenever a creature you
    control dies, [effects]." — each time), "creature_dies" ("Whenever a creature dies this
    turn, [effects]." — any creature, each time; its source stays the ability's source),
    "next_instant_or_sorcery" ("When you next cast an instant or sorcery spell this turn,
    [effects]." — once, CR 603.7c) or "target_dies" ("When it dies this turn, [effects]." — on
    the target as the spell resolves, once; Turn Inside Out). "dies" with a group `on`:
    "Until end of turn, [group] gain 'When this creature dies, [effects].'" — the group is
    locked in as it resolves (the ruling of Whisperwood Elemental: creatures that come under
    your control later don't get it; CR 611.2c): a delayed "when it dies" ability for each,
    its source that creature, controlled by that creature's controller; `on(g, me)` gives the
    ids, read for the ability's controller. The layer keeps its effects on the card
    (CardDef.delayed) and gives the index (`with_index`)."""
    event: str
    effects: tuple[Any, ...]
    index: int = -1
    on: Any = None
    is_delayed = True

    def __init__(self, event: str, *effects: Any, index: int = -1, on: Any = None) -> None:
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "on", on)

    def with_index(self, index: int) -> "ThisTurn":
        return ThisTurn(self.event, *self.effects, index=index, on=self.on)

    def step(self) -> Step:
        if self.event == "dies" and self.on is not None:
            group, at = self.on, self.index

            def each_gains(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for oid in group(g, item):  # (the ability stands for its source, which may be gone)
                    g.st.delayed.append({"event": "dies", "obj": oid, "player": g.st.objects[oid].controller,
                                         "action": "effects", "def": item.ctx.get("def", item.name), "index": at,
                                         "source": g.st.objects[oid].name, "this_turn": g.st.turn})
            return each_gains
        if self.event == "target_dies":
            index = self.index

            def on_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, 0)
                if oid is not None:
                    g.st.delayed.append({"event": "dies", "obj": oid, "player": item.controller, "action": "effects",
                                         "def": item.name, "index": index, "source": item.name,
                                         "this_turn": g.st.turn})
            return on_target
        return _delayed_effects(self.event, self.index)


@dataclass(frozen=True)
class SacrificeAtNextEndStep:
    """"sacrifice it at the beginning of the next end step" — a delayed triggered ability
    (CR 603.7) on the source, which triggers once. `of="returned"`: the permanent the effect
    before it returned to the battlefield (`ReturnIt(what="destroyed")`: Come Back Wrong);
    `yours`: "at the beginning of your next end step"."""
    of: str = "this"
    yours: bool = False

    def step(self) -> Step:
        of, yours = self.of, self.yours

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item) if of == "this" else ctx.get("returned")
            if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                dl = {"event": "step:end", "player": item.controller, "obj": oid,
                      "action": "sacrifice", "source": item.name, "after_turn": g.st.turn}
                if not yours:  # the next end step, whoever's turn it is
                    dl["step_player"] = g.st.active
                g.st.delayed.append(dl)
        return run


@dataclass(frozen=True)
class AdditionalCombat:
    """"After this phase, there is an additional combat phase." (CR 500.8) — no additional main
    phase: the end of combat step is followed by a beginning of combat step."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.mark_turn("extra_combat")
        return run


@dataclass(frozen=True)
class ExtraTurn:
    """"take an extra turn after this one" (CR 500.7): the ability's controller. `skip_untap`:
    "Skip the untap step of that turn." (engine/rules/turn.py SKIP_UNTAP). `n`: that many
    extra turns, a number or a count taken as it resolves ("For each time vote, take an extra
    turn after this one": `Count("ability", key="time_votes")`)."""
    skip_untap: bool = False
    n: Any = 1

    def step(self) -> Step:
        skip, n = self.skip_untap, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for _ in range(amount(n, g, item)):
                g.st.extra_turns.insert(0, item.controller)  # CR 500.7: the most recent is taken first
                if skip:
                    g.st.delayed.append({"event": SKIP_UNTAP, "player": item.controller})
                g.event("extra_turn", player=g.pname(item.controller))
        return run
