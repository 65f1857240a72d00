"""The core of the vocabulary: the Effect and Condition protocols, THIS/TARGET/EVENT, numbers
(`amount`), running steps in order (`run_steps`), "if"/"you may"/"or" (If, May, EitherOr),
combining conditions (Not, AllOf, Positive) and the escape hatch `Custom(step)`, counted by
`python -m engine.cards coverage`.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.cards.model import Ask, Step
from engine.state import Obj
from engine.format import ref_text

if TYPE_CHECKING:
    from engine.rules.context import Context


THIS = "this"
TARGET = "target"
EVENT = "event"
# the ability's record of "those cards" an effect set aside for the next ones (vocab/those_cards.py)
THOSE = "those"
# the player an effect is doing something for now ("For each opponent who doesn't, that player loses 2 life")
THAT_PLAYER = "that_player"
# the permanent an effect chose as it resolved ("put N counters on a creature you control and it gains ...")
CHOSEN = "chosen_obj"


class Effect(Protocol):
    def step(self) -> Step: ...


class Condition(Protocol):
    def __call__(self, g: "Context", me: "Obj") -> bool: ...


def source_id(g: "Context", item: "Obj") -> int | None:
    """The ability's source if it is still on the battlefield (else None)."""
    src = item.source
    return src if src is not None and src in g.st.objects and g.st.objects[src].zone == "battlefield" else None


def last_known(g: "Context", oid: int) -> "Obj | None":
    """The object `oid` as it last existed this turn in the public zone it left (CR 113.7a,
    608.2h: the battlefield, a graveyard, exile; engine/rules/last_known.py), or None."""
    lki = g.st.this_turn.get(f"lki:{oid}")
    return Obj(**lki["obj"]) if lki else None


def last_known_power(g: "Context", oid: int | None) -> int:
    """The power of object `oid` as it last existed this turn in the public zone it left (CR
    113.7a, 608.2h; 0 if it had none or never left)."""
    lki = g.st.this_turn.get(f"lki:{oid}")
    return int(lki["power"] or 0) if lki else 0


def amount(n: Any, g: "Context", item: "Obj") -> int:
    """A number in card text: a constant, or a count such as "the number of creatures you
    control with power 2 or less" taken as the effect resolves (CR 608.2h)."""
    if isinstance(n, int):
        return n
    if getattr(n, "reads_event", False):  # a number of the trigger event: the ability holds it
        return int(n(g, item))
    me = g.st.objects.get(item.source) if item.source is not None and item.source in g.st.objects else item
    return int(n(g, me))


def run_steps(steps: list[Step], g: "Context", item: "Obj", ctx: dict[str, Any], key: str) -> Any:
    """Run steps in order; a step that asks a question is run again with the answer, and the
    steps before it are not repeated (`ctx[key]` remembers where it stopped)."""
    i = ctx.get(key, 0)
    while i < len(steps):
        got = steps[i](g, item, ctx)
        if got is not None:
            ctx[key] = i
            return got
        i += 1
    ctx.pop(key, None)
    return None


def run_then(steps: list[Step], g: "Context", item: "Obj", ctx: dict[str, Any], key: str, *kept: str) -> Any:
    """run_steps, and once the steps are done (no question left open) forget what the effect
    kept in ctx to be run again with an answer (`kept`: "you may", the branch taken, ...)."""
    got = run_steps(steps, g, item, ctx, key)
    if got is None:
        for k in kept:
            ctx.pop(k, None)
    return got


@dataclass(frozen=True)
class If:
    """"[effects] if [condition]. If not, [otherwise]." — checked as it resolves (CR 608.2c),
    once: the branch taken stays taken while its steps ask their questions. A condition on a
    number of the event or of the ability's record (`reads_event`: "Then if fewer than three
    cards were discarded this way") is asked about the resolving ability itself."""
    condition: Any
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()

    def step(self) -> Step:
        then = [e.step() for e in self.then]
        otherwise = [e.step() for e in self.otherwise]
        condition = self.condition
        key = f"if{zlib.crc32(repr(self).encode())}"  # the same in every process (saves, LAN)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if key + "b" not in ctx:
                src = item.source
                me = g.st.objects.get(src) if src is not None else None
                if getattr(condition, "reads_event", False):
                    me = item
                elif src is None:
                    me = item  # a spell: the condition is about its controller
                elif me is None:  # the source has left: its last known information (CR 608.2h;
                    me = last_known(g, src)  # ruling, Scute Swarm)
                ctx[key + "b"] = me is not None and bool(condition(g, me))
            return run_then(then if ctx[key + "b"] else otherwise, g, item, ctx, key, key + "b")
        return run


@dataclass(frozen=True)
class May:
    """"You may [effect]." — the controller answers yes or no as it resolves (CR 608.2d);
    the effect's line is the prompt's `ability` parameter. `who=TARGET`: "Target opponent may
    have you [effect]. If the player doesn't, [otherwise]." — the target player (still legal,
    CR 608.2b) answers; with no legal target player, the `otherwise` part happens."""
    effect: Any
    line: str = ""
    then: tuple[Any, ...] = ()  # "If you do, ..."
    once_each_turn: bool = False  # "Do this only once each turn."
    who: str = "you"
    otherwise: tuple[Any, ...] = ()  # "If the player doesn't, ..." (who=TARGET)

    def step(self) -> Step:
        if self.who == TARGET:
            return _target_may([self.effect.step()] + [e.step() for e in self.then],
                               [e.step() for e in self.otherwise], self.line)
        steps = [self.effect.step()] + [e.step() for e in self.then]
        line, once = self.line, self.once_each_turn

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            key = f"did:{item.source}:{line}"
            if "may" not in ctx:
                if once and g.st.this_turn.get(key):
                    return None
                if not _can_do(g, item, steps):
                    return None
                if "answer" not in ctx:
                    return Ask(item.controller, "yes_no", ["yes", "no"], "ask.may",
                               {"card": item.name, "ability": line})
                ctx["may"] = ctx.pop("answer")[0] == "yes"
                if ctx["may"] and once:
                    g.mark_turn(key)
            if not ctx["may"]:
                ctx.pop("may")
                return None
            return run_then(steps, g, item, ctx, "may_step", "may")
        return run


def _target_may(yes_steps: list[Step], no_steps: list[Step], line: str) -> Step:
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        if "target_may" not in ctx:
            ref = g.target_ref(item, 0)
            if ref is not None and "player" in ref:
                if "answer" not in ctx:
                    return Ask(int(ref["player"]), "yes_no", ["yes", "no"], "ask.target_may",
                               {"card": item.name, "ability": line})
                ctx["target_may"] = ctx.pop("answer")[0] == "yes"
            else:
                ctx["target_may"] = False
        return run_then(yes_steps if ctx["target_may"] else no_steps, g, item, ctx, "target_may_step", "target_may")
    return run


def _can_do(g: "Context", item: "Obj", steps: list[Step]) -> bool:
    """"you may discard a card. If you do, ..." can't be done with an empty hand; "you may
    mill two cards" not with fewer than two in the library (ruling, Heckenschredder)."""
    if len(g.st.players[item.controller].library) < getattr(steps[0], "needs_library", 0):
        return False
    return bool(getattr(steps[0], "needs_hand", False) is False or g.st.players[item.controller].hand)


@dataclass(frozen=True)
class Custom:
    """The escape hatch: a step written against the context protocol."""
    step_fn: Step

    def step(self) -> Step:
        return self.step_fn


def compile_effect(e: Any) -> Step:
    if not hasattr(e, "step"):
        raise TypeError(f"not an effect: {e!r}")
    step: Step = e.step()
    return step


@dataclass(frozen=True)
class Not:
    """A condition negated ("unless ...")."""
    condition: Any

    @property
    def reads_event(self) -> bool:
        return bool(getattr(self.condition, "reads_event", False))

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not self.condition(g, me, *rest)


@dataclass(frozen=True)
class AllOf:
    """A condition: all of these hold."""
    parts: tuple[Any, ...]

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return all(c(g, me, *rest) for c in self.parts)


@dataclass(frozen=True)
class EitherOr:
    """"[effect A] or [effect B]" — its controller chooses one as it resolves (CR 608.2d);
    an effect that can't do anything now (`possible(g, item)` false) is not offered, and with
    neither possible nothing happens. `names` are the options' texts."""
    first: Any
    second: Any
    names: tuple[str, str]

    def step(self) -> Step:
        steps = ([self.first.step()], [self.second.step()])
        checks = (getattr(self.first, "possible", None), getattr(self.second, "possible", None))
        names = self.names
        key = f"either{zlib.crc32(repr(self).encode())}"

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if key not in ctx:
                ok = [i for i in (0, 1) if checks[i] is None or checks[i](g, item)]  # type: ignore[misc]
                if not ok:
                    return None
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", [names[i] for i in ok], "ask.choose_effect",
                               {"card": item.name})
                ctx[key] = names.index(ctx.pop("answer")[0])
            return run_then(steps[ctx[key]], g, item, ctx, key + "s", key)
        return run


def event_amount(ctx: dict[str, Any]) -> int:
    """The amount of the event that triggered the ability ("that many", "that much")."""
    return int(ctx.get("event", {}).get("amount", 0) or 0)


def source_still_here(g: "Context", item: "Obj") -> int | None:
    return source_id(g, item)


def object_options(g: "Context", ids: list[int]) -> list[str]:
    """Distinct option texts for permanents ("Plains", "Plains#2" ...), as targets are named."""
    return [ref_text(g, ("o", o)) for o in ids]


def answer_object(g: "Context", ids: list[int], answer: str) -> int | None:
    """The permanent of `ids` an answer names (an option of `object_options`)."""
    return next((o for o in ids if ref_text(g, ("o", o)).lower() == answer.lower()), None)


def pick_named(g: "Context", pool: list[int], names: list[str]) -> list[int]:
    """The objects of `pool` named by the answers (each name once per answer)."""
    out: list[int] = []
    for name in names:
        oid = next((o for o in pool if o not in out and g.st.objects[o].name == name), None)
        if oid is not None:
            out.append(oid)
    return out


def event_new_object(g: "Context", ctx: dict[str, Any], zone: str = "graveyard") -> int | None:
    """The new object the trigger event names (a card that went to `zone`), if it is still there."""
    oid = ctx.get("event", {}).get("new_obj")
    return oid if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == zone else None


def players_named(g: "Context", item: "Obj", who: str) -> list[int]:
    """The players "each opponent", "each player", "target player", "each_target" (any number
    of target players, those still legal) or "you" name, in APNAP order."""
    if who == "each_opponent":
        return [p for p in g.apnap() if p in g.opponents(item.controller)]
    if who == "each_player":
        return list(g.apnap())
    if who == TARGET:
        ref = g.target_ref(item, 0)
        return [ref["player"]] if ref is not None and "player" in ref else []
    if who == "each_target":
        refs = [g.target_ref(item, i) for i in range(len(item.targets))]
        targeted = {int(r["player"]) for r in refs if r is not None and "player" in r}
        return [p for p in g.apnap() if p in targeted]
    return [item.controller]


def source_power(g: "Context", item: "Obj", ctx: dict[str, Any]) -> int:
    """The source's power now, or as it last existed on the battlefield (CR 113.7a)."""
    oid = source_id(g, item)
    if oid is not None:
        return int(g.chars(oid).power or 0)
    return last_known_power(g, item.source)
