"""Persist (CR 702.79) and undying (CR 702.93): "When this permanent is put into a graveyard
from the battlefield, if it had no -1/-1 [+1/+1] counters on it, return it to the battlefield
under its owner's control with a -1/-1 [+1/+1] counter on it." A triggered ability with an
intervening "if" (CR 603.4), checked on the permanent as it last existed on the battlefield
(CR 603.10a); the card returns only if it is still in its owner's graveyard (CR 400.7).

Both are read from their keyword line (`parse`): a card writes nothing for them; the layer
adds the triggered ability (engine/cards/layer/build.py), labelled with that line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.layer.abilities import When
from engine.cards.model import Step
from engine.cards.vocab.events import DIES

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class HadNoCounter:
    """The intervening if: the permanent had no counter of this kind on it (its last known
    information as it left the battlefield)."""
    kind: str

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return me.counters.get(self.kind, 0) <= 0


@dataclass(frozen=True)
class ReturnWithCounter:
    """Return the dead card (the same physical card, now in its owner's graveyard) to the
    battlefield under its owner's control with a counter of this kind on it (CR 614.1c)."""
    kind: str

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            old = g.st.lki.get(item.source) if item.source is not None else None
            if old is None or old.token:
                return  # a token ceased to exist (CR 111.7)
            oid = next((o for o in g.st.players[old.owner].graveyard if g.st.objects[o].card == old.card), None)
            if oid is None:
                return
            new = g.move(oid, "battlefield", controller=old.owner, cause="return")
            if new in g.st.objects:
                g.add_counters(new, kind, 1)
        return run


KINDS = {"persist": "-1/-1", "undying": "+1/+1"}  # the counter each keyword looks for and puts


def parse(line: str) -> str | None:
    """The counter kind of a "Persist" / "Undying" keyword line (reminder text aside), else None."""
    return KINDS.get(re.sub(r"\s*\([^)]*\)", "", line).strip().rstrip(".").lower())


def ability(kind: str) -> When:
    """The triggered ability the keyword stands for (CR 702.79a, 702.93a)."""
    return When(DIES, ReturnWithCounter(kind), condition=HadNoCounter(kind), resolve_if=HadNoCounter(kind))
