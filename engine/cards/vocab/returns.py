"""Returning cards from a graveyard to the battlefield: with counters, and all at once with
their Auras attached as the rules for an Aura put onto the battlefield without being cast
say (CR 303.4f-g)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.behaviour import printed
from engine.cards.mechanics import enchant
from engine.format import ref_text
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.cards.model import TargetSpec
    from engine.rules.context import Context
    from engine.state import Obj


def enchant_spec(name: str) -> "TargetSpec | None":
    data = printed(name)
    for line in (data.text.splitlines() if data is not None else ()):
        got = enchant.parse(line)
        if got is not None:
            return got
    return None


def can_enchant(g: "Context", spec: "TargetSpec", ref: tuple[str, int], p: int) -> bool:
    """What an Aura can be attached to by its enchant ability — not targeted, so hexproof and
    shroud don't matter (CR 303.4g; ruling, Redress Fate)."""
    if ref[0] == "p":
        return spec.what == "player"
    obj = g.st.objects.get(ref[1])
    if obj is None or obj.zone != "battlefield" or obj.phased_out or spec.what == "player":
        return False
    c = g.chars(ref[1])
    if spec.what == "creature" and "Creature" not in c.types:
        return False
    return not (spec.yours_only and obj.controller != p)


@dataclass(frozen=True)
class ReturnAllToBattlefield:
    """"Return all [creature / artifact and enchantment] cards from your graveyard to the
    battlefield." — all at once, under your control (CR 608.2, 603.6a, 614.12). An Aura among them
    isn't cast: as it enters, you choose what it enchants among what it could enchant that is
    already on the battlefield (not what enters with it); with nothing to enchant it stays in
    the graveyard (CR 303.4f-g, 303.4i). One decision per Aura, listing each choice."""
    types: tuple[str, ...]
    to: str = "battlefield"  # or "hand": "Return all permanent cards from your graveyard to your hand."

    def step(self) -> Step:
        types, to = frozenset(self.types), self.to

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
            p = item.controller
            if to == "hand":
                for oid in [o for o in g.st.players[p].graveyard if g.types_now(o)[0] & types]:
                    g.move(oid, "hand", cause="return")
                return None
            if "ret_all" not in ctx:
                cards = [o for o in g.st.players[p].graveyard if g.types_now(o)[0] & types]
                ctx["ret_all"] = cards
                ctx["ret_attach"] = {}
            cards = [o for o in ctx["ret_all"] if o in g.st.objects and g.st.objects[o].zone == "graveyard"]
            attach: dict[str, Any] = ctx["ret_attach"]
            for oid in cards:
                if "Aura" not in g.printed_subtypes(oid) or str(oid) in attach:
                    continue
                spec = enchant_spec(g.st.objects[oid].name)
                refs: list[tuple[str, int]] = [] if spec is None else (
                    [("o", o) for o in g.st.battlefield if can_enchant(g, spec, ("o", o), p)]
                    + [("p", q) for q in range(len(g.st.players)) if can_enchant(g, spec, ("p", q), p)
                       and not g.st.players[q].lost])
                if not refs:
                    attach[str(oid)] = None
                    continue
                options = [ref_text(g, r) for r in refs]
                if "answer" not in ctx:
                    return Ask(p, "choose_card", options, "ask.aura_attach", {"card": g.st.objects[oid].name})
                answer = ctx.pop("answer")[0]
                attach[str(oid)] = list(refs[options.index(answer)])
            def enter() -> None:  # all at once: their "enters" abilities see each other (CR 603.6a),
                # and the replacement effects of one of them don't apply to the others (CR 614.12)
                for oid in cards:
                    if "Aura" in g.printed_subtypes(oid) and attach.get(str(oid)) is None:
                        continue  # it stays in the graveyard (CR 303.4g)
                    new = g.move(oid, "battlefield", controller=p, cause="return")
                    ref = attach.get(str(oid))
                    if ref is not None and ref[0] == "o":
                        g.update(new, attached_to=ref[1])
                    elif ref is not None:
                        g.update(new, ctx={**g.st.objects[new].ctx, "enchanted_player": ref[1]})
            enter_together(g, enter)
            return None
        return run
