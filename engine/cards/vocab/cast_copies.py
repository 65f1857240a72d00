"""Casting copies of cards (CR 707.12). (The Tale of Tamiyo's "Mill two cards. If two cards
that share a card type were milled this way, draw a card and repeat this process." is
vocab/library.py `Mill(2, if_milled="share_type", then=(Draw(1),), repeat=True)`.)

    Chapter(ExileCopyCast(), targets=(GraveyardCard(("Instant", "Sorcery"), typed_subtypes=(("Planeswalker",
            "Tamiyo"),), up_to=True, any_number=True),))

* `GraveyardCard(..., any_number=True)` (vocab/targets.py): a target filter "any number of target [instant,
  sorcery, and/or Tamiyo planeswalker] cards from your graveyard": the target word is
  repeated once per card that could be chosen, each "up to" (CR 115.1d, 601.2c, 603.3d), so
  the player chooses any number of them, one at a time, "nothing" ending the choice
  (engine/rules/triggers.py `push`).
* `ExileCopyCast()`: "Exile [the targets]. Copy them. You may cast any number of the copies."
  Each copy is created in exile (CR 707.12) and may be cast while the ability resolves —
  timing permissions don't matter then (CR 608.2g, 707.12), its costs are paid (a ruling of
  The Tale of Tamiyo: X is chosen as usual). The player chooses, one at a time, which copy to
  cast with its targets (and X and modes), every legal way listed, or `done`; a copy not
  cast ceases to exist (CR 704.5e). A cast copy is a spell, not a card: when it resolves it
  ceases to exist (engine/rules/priority.py `_finish`, CR 707.10a/704.5e). (The pool has no
  Tamiyo planeswalker card: a copy of a permanent card, which would become a token, CR
  608.3f, is never cast here.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.actions import Action
from engine.cards.behaviour import card_def, printed
from engine.format import text_of
from engine.rules import additional_costs, cast_way, costs, payment, targets as tg
from engine.actions import IllegalActionError
from engine.rules import casting
from engine.rules.priority import WAIT
from engine.rules.zones import new_object

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

CARD_COPY = "card_copy"  # marks a copy of a card (CR 707.12) in its object's ctx


def _cast_options(g: "Context", p: int, copies: list[int]) -> list[tuple[str, Any]]:
    """Every legal way to cast one of the copies now (CR 601.2a-h), as (text, action)."""
    st = g.st
    out: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for oid in copies:
        obj = st.objects.get(oid)
        if obj is None or obj.zone != "exile":
            continue
        types = g.types_now(oid)[0]
        if "Land" in types or not types & {"Instant", "Sorcery"}:
            continue  # (see the module: no permanent card is cast as a copy here)
        d = card_def(obj.name)
        if d is not None and d.additional is not None and not d.additional.or_pay \
                and not additional_costs.can_pay_additional(g, p, d, oid):
            continue
        data = printed(obj.name)

        def payable(cost: Any, oid: int = oid) -> bool:
            return payment.can_pay(g, p, cost, costs.spell_purposes(g, oid))
        mode_sets: list[tuple[int, ...]] = [()] if d is None or not d.modes else d.mode_sets(g, obj)
        for modes in mode_sets:
            specs = tg.per_player(g, p, d.targets_for(modes)) if d is not None else []
            def some_way(cost: Any, payable: Any = payable) -> bool:  # (Phyrexian symbols: mana or life)
                return any(payable(cost.life_paid(lw)) for lw in costs.life_ways(cost, st.players[p].life))
            for x in cast_way.x_values(g, oid, d, "", "", data, some_way):
                cost = costs.spell_cost(g, oid, d, [], x or 0, "", "")
                # each way of paying its Phyrexian symbols, with mana or life (CR 107.4f)
                for lw in costs.life_ways(cost, st.players[p].life):
                    if not payable(cost.life_paid(lw)):
                        continue
                    for combo in tg.combos(g, specs, p):
                        a = Action(p, "cast", obj=oid, targets=tuple(combo), x=x, modes=modes, choice=lw)
                        text = text_of(g, a)
                        if text in seen:  # two copies of the same card: one action each suffices
                            continue
                        seen.add(text)
                        out.append((text, a))
    return out


def _drop(g: "Context", oid: int) -> None:
    """A copy of a card that wasn't cast ceases to exist (CR 704.5e)."""
    st = g.st
    g.end_play_permissions(lambda perm: perm.obj == oid)
    if oid in st.objects:
        g.remove(oid)


@dataclass(frozen=True)
class ExileCopyCast:
    """"Exile [the targets]. Copy them. You may cast any number of the copies." (see the module)"""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            st = g.st
            p = item.controller
            if "copies" not in ctx:
                exiled = []
                for i in range(len(item.targets)):
                    oid = g.target_obj(item, i)
                    if oid is not None:
                        exiled.append(g.move(oid, "exile", cause="effect"))
                copies = []
                for oid in exiled:  # "Copy them." — each copy is created in exile (CR 707.12)
                    c = new_object(g, st.objects[oid].name, p, "exile")
                    st.zone_list("exile", p).insert(0, c.id)
                    g.allow_play(c.id, p, st.turn, card_copy=True)
                    g.update(c.id, ctx={CARD_COPY: True})  # (and the caches know of the new object)
                    g.event("copy", player=g.pname(p), card=c.name)
                    copies.append(c.id)
                ctx["copies"] = copies
            copies = [cid for cid in ctx["copies"] if cid in st.objects and st.objects[cid].zone == "exile"]
            ctx["copies"] = copies
            opts = _cast_options(g, p, copies)
            if not opts or ctx.pop("stop", False):
                for cid in copies:
                    _drop(g, cid)
                ctx["copies"] = []
                return None
            texts = [t for t, _ in opts]
            if "answer" not in ctx:
                return Ask(p, "choose", texts, "ask.cast_copies", {"card": item.name}, count=1, min_count=0)
            answer = ctx.pop("answer")
            if not answer or answer[0] not in texts:  # `choose done`: cast no more of them
                for cid in copies:
                    _drop(g, cid)
                ctx["copies"] = []
                return None
            a = opts[texts.index(answer[0])][1]
            top = len(st.stack)
            try:
                casting.cast(g, a)  # CR 707.12: cast while this ability resolves
            except IllegalActionError:  # (listed as legal just now: not expected) — no loop
                for cid in copies:
                    _drop(g, cid)
                ctx["copies"] = []
                return None
            if len(st.stack) > top:
                spell = st.objects[st.stack[-1]]
                spell.ctx = {**spell.ctx, "copy": True}  # a copy, not a card (CR 707.12)
            g.end_play_permissions(lambda perm: perm.obj not in st.objects)
            return WAIT  # the next copy (or a cost the cast asks for first); run again
        return run
