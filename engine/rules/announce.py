"""Announcing a spell or an ability and choosing its targets (CR 601.2a-c, 602.2b): with
several target words, `cast CARD` / `activate CARD` opens a "targets" decision and the
targets are chosen one at a time (only those the spell can still be paid with and, cast now
"as though it had flash if it targets" such, cast now with: CR 601.3d); the spell
is cast or the ability activated with the last one. Also the check of a complete choice of
targets and the names they are announced with. Casting is engine/rules/casting.py,
activating engine/rules/activation.py.
"""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError
from engine.rules import targets as tg
from engine.rules.card_terms import FlashIfTargets
from engine.rules.cast_timing import targets_give_timing
from engine.rules.costs import spell_cost, spell_purposes
from engine.rules.payment import can_pay, has_convoke
from engine.rules.index import CARDS
from engine.format import name_map, ref_text

if TYPE_CHECKING:
    from engine.rules.context import Context


def announce(g: "Context", a: Action, specs: list[Any], name: str, source: int | None = None) -> None:
    """CR 601.2c / 602.2b: with several target words (or one with many legal targets,
    targets.in_parts), `cast CARD` (or `activate CARD`) announces it and the targets are
    chosen one at a time (`choose TARGET`, a "targets" decision); the spell is cast with the
    last one. Nothing changes before that."""
    if not tg.completable(g, specs, a.player, (), source):
        raise IllegalActionError("cast.targets_count", card=name)
    _ask_target(g, a, specs, (), name)


def _ask_target(g: "Context", a: Action, specs: list[Any], chosen: tuple[Any, ...], name: str) -> None:
    # "another target ..." of an activated ability leaves out its source (CR 115.5)
    refs = tg.next_options(g, specs, a.player, chosen, a.obj if a.verb == "activate" else None)
    if a.verb == "cast":
        refs = [r for r in refs if _payable_with(g, a, specs, chosen + (tuple(r),))
                and _timely_with(g, a, specs, chosen + (tuple(r),))]
    options = option_texts(g, refs)
    ref_lists: list[Any] = list(map(list, refs))
    if specs[len(chosen)].up_to:  # "one or two targets": stopping here is an answer too
        options.append("nothing")
        ref_lists.append(None)
    spec = specs[len(chosen)]
    params = {"player": g.pname(a.player), "card": name, "target": spec.desc}
    if spec.player is not None:  # a word for one opponent's permanents ("for each opponent", CR 601.2c)
        params["opponent"] = g.pname(spec.player)
    g.st.pending = {"player": a.player, "kind": "targets", "where": "announce",
                    "prompt": "decide.spell_target" if spec.player is None else "decide.spell_target_for",
                    "params": params,
                    "options": options, "refs": ref_lists, "count": 1,
                    "min_count": 1, "action": [a.verb, a.obj, a.face, a.alt, a.x, list(a.modes), a.ability,
                                               list(a.pay), list(a.choice)],
                    "targets": [list(r) for r in chosen]}


def option_texts(g: "Context", refs: list[Any]) -> list[str]:
    """The targets offered, each named as ref_text names it (engine/format.py): a permanent or
    a stack object by the position's target map, read once (a crowded board offers hundreds of
    targets); a player, a card in a graveyard, an object the map lacks as ref_text writes it."""
    named = name_map(g, "target", 0)
    if set(map(_KIND, refs)) == {"o"}:
        # (permanents and stack objects alone, all in the map: looked up in C — a crowded
        # board offers hundreds of targets at every announcement)
        out: list[str | None] = list(map(named.get, map(_ID, refs)))
        if None not in out:
            return out  # type: ignore[return-value]
    texts = []
    for r in refs:
        got = named.get(r[1]) if r[0] == "o" else None
        texts.append(got if got is not None else ref_text(g, r))
    return texts


_KIND, _ID = itemgetter(0), itemgetter(1)


def paused_action(a: Action) -> list[Any]:
    """A cast paused for a decision about its costs (the permanents an additional cost taps,
    the creatures that convoke), as the pending decision keeps it — a saved game holds it:
    its fields, its targets and the Phyrexian symbols paid with life."""
    return [a.verb, a.obj, a.face, a.alt, a.x, list(a.modes), a.ability, list(a.pay),
            [list(t) for t in a.targets], list(a.choice)]


def resumed_action(p: int, saved: list[Any]) -> Action:
    """The cast paused_action kept, to go on with."""
    verb, obj, face, alt, x, modes, ability, pay, targets, *more = saved
    choice = tuple(more[0]) if more else ()  # (a game saved before kept none)
    return Action(p, verb, obj, tuple((str(t[0]), int(t[1])) for t in targets), face, alt, x, tuple(modes), ability,
                  (), choice, tuple(pay))


def _payable_with(g: "Context", a: Action, specs: list[Any], chosen: tuple[Any, ...]) -> bool:
    """Whether the spell can still be paid for with these targets (and some choice of the rest):
    only a cost that depends on the targets asks ("This spell costs {3} less to cast if it
    targets a tapped creature", CR 601.2f) — a target that leaves the cost
    unpayable is no legal choice of a cast that can be completed (CR 601.2h)."""
    obj = g.st.objects[a.obj]  # type: ignore[index]
    c = g.chars(a.obj)  # type: ignore[arg-type]
    d = c.defn if obj.zone == "battlefield" else CARDS.card_def(obj.name)
    if d is None or d.cost_reduction is None or d.cost_reduction.if_targets is None:
        return True
    if len(chosen) == len(specs) or specs[len(chosen)].up_to:  # (the choice may end here)
        cost = spell_cost(g, a.obj, d, tg.as_dicts(chosen), a.x or 0, a.alt, a.face)  # type: ignore[arg-type]
        cost = cost.life_paid(tuple(sorted(a.choice)))  # (its Phyrexian symbols paid with life, CR 107.4f)
        if can_pay(g, a.player, cost, spell_purposes(g, a.obj, c, a.face, a.alt),  # type: ignore[arg-type]
                   convoke=has_convoke(g, a.player, c)):
            return True
    return len(chosen) < len(specs) and any(_payable_with(g, a, specs, chosen + (tuple(r),))
                                            for r in tg.next_options(g, specs, a.player, chosen, None))


def _timely_with(g: "Context", a: Action, specs: list[Any], chosen: tuple[Any, ...]) -> bool:
    """Whether the spell can still be cast now with these targets (and some choice of the rest):
    one cast now only "as though it had flash if it targets a commander" must target one (CR
    601.3d), so at instant speed another target is no legal choice of a cast that can be
    completed (CR 601.2c) — it is not offered, and the cast accepts every target offered."""
    obj = g.st.objects[a.obj]  # type: ignore[index]
    d = g.chars(a.obj).defn if obj.zone == "battlefield" else CARDS.card_def(obj.name)  # type: ignore[arg-type]
    if d is None or d.term(FlashIfTargets) is None:
        return True
    if (len(chosen) == len(specs) or specs[len(chosen)].up_to) \
            and targets_give_timing(g, a.player, a.obj, d, tg.as_dicts(chosen)):  # type: ignore[arg-type]
        return True
    return len(chosen) < len(specs) and any(_timely_with(g, a, specs, chosen + (tuple(r),))
                                            for r in tg.next_options(g, specs, a.player, chosen, None))


def target_chosen(g: "Context", p: int, pend: dict[str, Any], ref: Any) -> Action | None:
    """One more target chosen (or `nothing`): the next target word is asked, or, once every word
    has its target, the completed cast or activation is returned for priority to perform
    (CR 601.2c, 602.2b)."""
    verb, obj, face, alt, x, modes, ability, pay, *more = pend["action"]
    choice = tuple(more[0]) if more else ()  # Phyrexian symbols paid with life (a game saved before: none)
    before = tuple((str(r[0]), int(r[1])) for r in pend["targets"])
    o = g.st.objects[obj]
    d = g.chars(obj).defn if o.zone == "battlefield" else CARDS.card_def(o.name)
    if verb == "cast":
        specs = tg.per_player(g, p, d.targets_for(tuple(modes))) if d else []
    else:
        specs = d.nonmana_abilities()[ability - 1].targets_for(tuple(modes)) if d else []
        if specs and getattr(specs[0].extra, "per_x", False):  # "X target ...": one word per X (CR 601.2c)
            specs = [specs[0]] * (x or 0)
    # "nothing" for an "up to one" word: NONE keeps its place; the next word is asked if it is
    # a different word (tg.skippable), otherwise the choice ends there
    go_on = ref is not None or tg.skippable(specs, len(before))
    chosen = before + ((ref,) if ref is not None else (tg.NONE,))
    act = Action(p, verb, obj, chosen, face, alt, x, tuple(modes), ability, (), choice, tuple(pay))
    if go_on and len(chosen) < len(specs):
        _ask_target(g, act, specs, chosen, o.name)
        return None
    g.st.pending = None
    g.st.priority = p
    return act


def target_names(g: "Context", tdicts: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for t in tdicts:
        if "player" in t:
            out.append(g.pname(t["player"]))
        else:  # (a target may be gone already: the permanent sacrificed to pay the cost, CR 601.2c/h)
            o = g.st.objects.get(t["obj"])
            out.append(o.name if o is not None and not o.face_down else "")
    return out


def check_targets(g: "Context", specs: list[Any], chosen: tuple[Any, ...], p: int, name: str,
                   source: int | None = None) -> None:
    if not tg.required(specs) <= len(chosen) <= len(specs):
        if specs:
            raise IllegalActionError("cast.targets_count", card=name)
        raise IllegalActionError("cast.no_targets", card=name)
    if any(tg.taken(specs, tuple(chosen[:k]), r) for k, r in enumerate(chosen)):
        raise IllegalActionError("cast.target_twice")  # once per word "target" (CR 601.2c)
    for k, (spec, ref) in enumerate(zip(specs, chosen)):
        if tuple(ref) == tg.NONE and spec.up_to:  # an "up to one" word left without a target
            continue
        if tuple(ref) == tg.NONE or not tg.allowed(g, spec, ref, p, source) or not tg.related_ok(g, specs, tuple(chosen[:k]), ref):
            raise IllegalActionError("cast.bad_target", desc=spec.desc)
