"""Offering a card to be cast while an ability resolves (CR 608.2g, 601.2; engine/rules/cast_now.py
says which card is offered): one decision of that player, each complete way to cast it (with its
targets) the casting rules would accept now, and "no"; the chosen way is cast within the
resolving step."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.actions import Action
from engine.format import ref_text
from engine.rules import cast_now, casting, targets as tg
from engine.rules.carddef import Ask
from engine.rules.listing import cast_actions

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _ways(g: "Context", oid: int, player: int, alt: str) -> list[Action]:
    return [a for a in cast_actions(g, player, oid) if a.alt == alt]


def may_cast(g: "Context", item: "Obj", ctx: dict[str, Any], oid: int, player: int, alt: str, cost: str,
             prompt: str, params: dict[str, Any]) -> Ask | None:
    """One step: offer `player` to cast card `oid` now for `cost` (`cast CARD with ALT`), or
    not ("no"); with no way to cast it (no legal targets, mana it can't pay) nothing is asked."""
    cast_now.begin(g, oid, player, alt, cost)
    try:
        if PENDING in ctx:  # a decision of the cast made as its costs are paid (casting.decide)
            pend = ctx.pop(PENDING)
            return _asked(ctx, casting.answer_cost_choice(g, player, pend, list(ctx.pop("answer", []))))
        ways = _ways(g, oid, player, alt)
        if WAY in ctx:  # its targets, one at a time
            return _with_targets(g, ctx, player, next((a for a in ways if a.text == ctx[WAY]), None))
        texts = [a.text for a in ways]
        if "answer" not in ctx:
            if not ways:
                return None
            return Ask(player, "choose_card", texts + ["no"], prompt, params)
        answer = ctx.pop("answer")[0]
        if answer == "no":
            return None
        chosen = next((a for a in ways if a.text == answer), None)
        if chosen is None:
            return None
        return _with_targets(g, ctx, player, chosen)
    finally:
        cast_now.end(g)


PENDING = "cast_now_pending"  # (the step's ctx: the cast's open decision, as casting.decide made it)
WAY = "cast_now_way"  # (the step's ctx: the way chosen, whose targets are being chosen one at a time)
TARGETS = "cast_now_targets"  # (... and the targets chosen so far)


def _specs(g: "Context", player: int, a: Action) -> list[Any]:
    d = g.chars(a.obj).defn if a.obj is not None else None
    return tg.per_player(g, player, d.targets_for(a.modes)) if d is not None else []


def _word(g: "Context", specs: list[Any], player: int, chosen: tuple[Any, ...]) -> tuple[list[Any], list[str]]:
    """The next target word's options: the legal targets that leave a full choice possible
    (targets.next_options), and `nothing` for an "up to one" word."""
    refs: list[Any] = list(tg.next_options(g, specs, player, chosen))
    if specs[len(chosen)].up_to:
        refs.append(tg.NONE)
    return refs, [ref_text(g, r) if r != tg.NONE else "nothing" for r in refs]


def _with_targets(g: "Context", ctx: dict[str, Any], player: int, way: Action | None) -> Ask | None:
    """Cast the chosen way — when it was offered without its targets (too many choices to
    list, listing.cast_actions), each target word is asked in turn first, as a cast announced
    with priority asks them (CR 601.2c; engine/rules/announce.py)."""
    specs = _specs(g, player, way) if way is not None else []
    if way is None or way.targets or not specs:
        ctx.pop(WAY, None), ctx.pop(TARGETS, None)
        return None if way is None else _asked(ctx, casting.cast(g, way))
    chosen = tuple(tuple(r) for r in ctx.get(TARGETS, ()))
    if WAY in ctx and "answer" in ctx:
        refs, options = _word(g, specs, player, chosen)
        answer = ctx.pop("answer")[0]
        if answer not in options:
            ctx.pop(WAY, None), ctx.pop(TARGETS, None)
            return None
        ref = tuple(refs[options.index(answer)])
        # none for a repeated "up to one" word ends the choice (targets.skippable)
        rest = 1 if ref != tg.NONE or tg.skippable(specs, len(chosen)) else len(specs) - len(chosen)
        chosen += (ref,) * rest
    if len(chosen) == len(specs):
        ctx.pop(WAY, None), ctx.pop(TARGETS, None)
        return _asked(ctx, casting.cast(g, way._replace(targets=chosen, text="")))
    refs, options = _word(g, specs, player, chosen)
    ctx[WAY], ctx[TARGETS] = way.text, [list(r) for r in chosen]
    card = g.st.objects[way.obj].name if way.obj is not None else ""
    return Ask(player, "choose_card", options, "decide.spell_target",
               {"player": g.pname(player), "card": card, "target": specs[len(chosen)].desc})


def _asked(ctx: dict[str, Any], pend: dict[str, Any] | None) -> Ask | None:
    """The cast's next decision — the permanents an additional cost taps, the creatures tapped
    for convoke (CR 601.2h, 702.51a) — as the resolving step's own: the cast is made within it."""
    if pend is None:
        return None
    ctx[PENDING] = pend
    return Ask(pend["player"], "choose_card", list(pend["options"]), pend["prompt"], dict(pend["params"]),
               int(pend.get("count", 1)), pend.get("min_count"))


CAST = "cast_now_cast"  # (the step's ctx: the card cast, once one was)


def may_cast_one_of(g: "Context", item: "Obj", ctx: dict[str, Any], oids: list[int], player: int, alt: str,
                    cost: str, prompt: str, params: dict[str, Any],
                    faces: Callable[[str], bool] | None = None) -> Ask | None:
    """One step: offer `player` to cast one of these cards now for `cost` (`cast CARD with ALT`),
    or not ("no"); every complete way to cast each of them is an option. Once a card is cast,
    ctx[CAST] is its id ("If you do, ..."). Nothing is asked when none can be cast."""
    if PENDING in ctx:  # a decision of the cast made as its costs are paid
        pend = ctx.pop(PENDING)
        cast_now.begin(g, ctx[CAST + "_card"], player, alt, cost)
        try:
            return _asked(ctx, casting.answer_cost_choice(g, player, pend, list(ctx.pop("answer", []))))
        finally:
            cast_now.end(g)
    if WAY in ctx:  # the chosen card's targets, one at a time
        oid = ctx[CAST + "_card"]
        cast_now.begin(g, oid, player, alt, cost)
        try:
            way = next((a for a in _ways(g, oid, player, alt) if a.text == ctx[WAY]), None)
            return _with_targets(g, ctx, player, way)
        finally:
            cast_now.end(g)
    ways: list[tuple[int, Action]] = []
    for oid in oids:
        if oid not in g.st.objects:
            continue
        cast_now.begin(g, oid, player, alt, cost)
        try:
            ways += [(oid, a) for a in _ways(g, oid, player, alt) if faces is None or faces(a.face)]
        finally:
            cast_now.end(g)
    if "answer" not in ctx:
        if not ways:
            return None
        return Ask(player, "choose_card", [a.text for _, a in ways] + ["no"], prompt, params)
    answer = ctx.pop("answer")[0]
    chosen = next(((oid, a) for oid, a in ways if a.text == answer), None)
    if answer == "no" or chosen is None:
        return None
    ctx[CAST] = ctx[CAST + "_card"] = chosen[0]
    cast_now.begin(g, chosen[0], player, alt, cost)
    try:
        return _with_targets(g, ctx, player, chosen[1])
    finally:
        cast_now.end(g)
