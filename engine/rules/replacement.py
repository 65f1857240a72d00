"""Replacement and prevention effects as objects the game asks (CR 614, 615, 616).

Each place where an event may be replaced (damage about to be dealt, a card about to be put
into a graveyard) gathers the effects that apply to that event as `Replacement`s and asks
`choose_next` which one applies first: CR 616.1 — "If two or more replacement and/or
prevention effects are attempting to modify the way an event affects an object or player,
the affected object's controller (or its owner if it has no controller) or the affected
player chooses one to apply", in the steps 616.1a-e, repeated for the effects that still
apply (616.1f). The choice is the `ask` decision with prompt `ask.replacement`
(docs/actions.md); it is asked only where the work can stop for it (`Context.can_ask`),
else the effects apply in the order listed.

This module names no card: the effects come from rule changes, counters and resolved
effects (engine/rules/rule_changes.py `RuleChange`, engine/rules/resolved_replacements.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Sequence

from engine.rules.carddef import Ask

if TYPE_CHECKING:
    from engine.rules.context import Context


# The steps of CR 616.1: an effect of a lower step must be chosen before any of a higher one.
SELF: Final = 0       # 616.1a: self-replacement effects (CR 614.15)
CONTROL: Final = 1    # 616.1b: under whose control an object would enter the battlefield
COPY: Final = 2       # 616.1c: an object would enter as a copy of another object
BACK_FACE: Final = 3  # 616.1d: a card would enter with its back face up
ANY: Final = 4        # 616.1e: any of the others


@dataclass(frozen=True)
class Replacement:
    """One replacement or prevention effect that applies to an event (CR 614.1, 615.1).

    `source`: what the deciding player sees (the source's name, or "finality counter");
    `kind`: what it does — for damage "double", "bonus" (plus n), "prevent" (n of it),
    "prevent_mill" (all of it prevented, each opponent of `by`'s controller mills that many),
    "prevent_all" (all of it prevented; with `token`, player `by` creates that many tokens);
    for a card going to a graveyard "exile" (exiled with permanent `by`, or with nothing) or
    "dies_exile" (a resolved "if it would die, exile it instead");
    `step`: the CR 616.1a-e step it belongs to."""
    source: str
    kind: str
    n: int = 0
    by: int | None = None
    step: int = ANY
    token: str = ""  # "prevent" of all of it: "for each 1 damage prevented this way, [by] creates a [token]"


def choose_next(g: "Context", affected: int | None, ways: Sequence[Replacement], card: str) -> int:
    """The index in `ways` of the effect to apply next (CR 616.1): the first step of
    616.1a-d that has any narrows the choice to those; the affected player (or controller)
    then chooses among them one at a time (616.1e), numbered as listed: `NAME (K)`. Without a
    player who can be asked, the first listed applies."""
    first = min(w.step for w in ways)
    allowed = [i for i, w in enumerate(ways) if w.step == first]
    if len(allowed) == 1 or affected is None or not g.can_ask():
        return allowed[0]
    options = [f"{ways[i].source} ({k})" for k, i in enumerate(allowed, 1)]
    answer = g.choice(Ask(affected, "choose", options, "ask.replacement", {"card": card}))
    return allowed[options.index(answer[0])]
