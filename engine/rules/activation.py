"""Activating abilities (CR 602) and mana abilities (CR 605). An activated ability is
announced, its targets chosen and its costs paid — mana, tapping, loyalty (CR 606),
sacrificing or tapping another permanent, discarding, crewing (CR 702.122), exiling cards of
the same name — and it goes on the stack; a mana ability resolves at once, without the stack
(CR 605.3). Every function validates first and changes the state only once the action is
known to be legal, so a refused action leaves nothing behind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError
from engine.rules import mana_triggers, targets as tg, zones
from engine.rules.additional_costs import named_others, other_sacrifices
from engine.rules.announce import announce, check_targets, target_names
from engine.rules.casting import sorcery_timing
from engine.rules.damage import permanent_source
from engine.rules.mana import parse_cost
from engine.rules.payment import (execute_payment, mana_ability, mana_colours, plan, plan_leaving, sacrificed_by,
                                  usable_mana)
from engine.rules.index import CARDS
from engine.format import ref_text
from engine.rules.planeswalkers import loyalty_problem, pay_loyalty
from engine.rules.zones import new_object

if TYPE_CHECKING:
    from engine.rules.carddef import Activated
    from engine.rules.context import Context


def _sick(g: "Context", oid: int) -> bool:
    """CR 302.6: summoning sickness, unless it has haste (CR 702.10)."""
    return g.st.objects[oid].sick and not g.has(oid, "haste")


def ability_of(g: "Context", oid: int, n: int) -> "Activated":
    d = g.chars(oid).defn if g.st.objects[oid].zone == "battlefield" else CARDS.card_def(g.st.objects[oid].name)
    abilities = d.nonmana_abilities() if d else []
    if not 1 <= n <= len(abilities):
        raise IllegalActionError("activate.none")
    return abilities[n - 1]


def activate(g: "Context", a: Action) -> None:
    """CR 602.2: announce, choose targets, pay costs; the ability goes on the stack."""
    st = g.st
    p, oid = a.player, a.obj
    if oid is None or oid not in st.objects:
        raise IllegalActionError("activate.none")
    obj = st.objects[oid]
    if a.ability == 0:
        return activate_mana(g, a)
    ab = ability_of(g, oid, a.ability)
    if ab.active is not None and not ab.active(g, obj):  # a leveler's band ability (CR 710.2)
        raise IllegalActionError("activate.none")
    if ab.zone == "hand":
        if oid not in st.players[p].hand:
            raise IllegalActionError("activate.zone")
    elif ab.zone == "graveyard":  # CR 113.6k: an ability that works only from the graveyard
        if oid not in st.players[p].graveyard:
            raise IllegalActionError("activate.graveyard")
        if len(named_others(g, p, oid)) < ab.exile_named:
            raise IllegalActionError("activate.cost", card=obj.name, count=ab.exile_named)
    elif obj.zone != "battlefield" or obj.controller != p or obj.phased_out:
        raise IllegalActionError("activate.not_yours")
    if ab.tap:
        if obj.tapped:
            raise IllegalActionError("activate.tapped")
        if g.is_type(oid, "Creature") and _sick(g, oid):
            raise IllegalActionError("activate.sick")
    if (ab.sorcery or ab.level_up) and not sorcery_timing(g, p):
        raise IllegalActionError("activate.timing")
    if ab.once and obj.ctx.get(f"activated:{a.ability}"):
        raise IllegalActionError("activate.once")
    if ab.condition is not None and not ab.condition(g, obj):
        raise IllegalActionError("activate.condition", card=obj.name)
    if ab.loyalty is not None:
        why = loyalty_problem(g, p, oid, ab)  # CR 606.3, 606.6
        if why is not None:
            raise why
    if ab.tap_other is not None and not other_sacrifices(g, p, oid, ab.tap_other):
        raise IllegalActionError("activate.tap_other", card=obj.name, desc=ab.tap_other.desc)
    if ab.crew:
        if not CARDS.can_crew(g, p, ab.crew):
            raise IllegalActionError("activate.crew", card=obj.name)
    if ab.discard and len(st.players[p].hand) < ab.discard:
        raise IllegalActionError("activate.discard", card=obj.name)
    if ab.sacrifice_other is not None and len(other_sacrifices(g, p, oid, ab.sacrifice_other)) < ab.other_count:
        raise IllegalActionError("activate.sacrifice", card=obj.name, desc=ab.sacrifice_other.desc)
    if ab.modes and (len(a.modes) != 1 or not 1 <= a.modes[0] <= len(ab.modes)):
        raise IllegalActionError("cast.mode", card=obj.name)
    if a.modes and not ab.modes:
        raise IllegalActionError("cast.not_modal", card=obj.name)
    specs = ab.targets_for(a.modes)
    per_x = bool(specs) and getattr(specs[0].extra, "per_x", False)
    if per_x:  # "X target ...": one word per X chosen (CR 601.2b-c), chosen after the announcement
        specs = [specs[0]] * (a.x or 0)
    if not a.targets and specs and (per_x or tg.in_parts(g, specs, p, oid)):
        return announce(g, a, specs, obj.name, oid)
    check_targets(g, specs, a.targets, p, obj.name, source=oid)
    if a.x and not parse_cost(ab.cost).x:
        raise IllegalActionError("cast.no_x", card=obj.name)
    exclude = {oid} if (ab.tap or ab.sacrifice) else set()
    cost = parse_cost(ab.cost).with_x(a.x or 0)
    if ab.sacrifice_other is None:
        got = plan(g, p, cost, exclude, a.pay)
    else:
        # CR 601.2g-h: the mana is paid first; a Treasure it sacrifices pays no other cost, so
        # (unless the player named the sources) it is paid in a way that leaves enough others
        others = other_sacrifices(g, p, oid, ab.sacrifice_other)
        left = plan(g, p, cost, exclude, a.pay) if a.pay else plan_leaving(g, p, cost, exclude, others, ab.other_count)
        if left is None or len([o for o in others if o not in sacrificed_by(g, p, left)]) < ab.other_count:
            raise IllegalActionError("activate.sacrifice", card=obj.name, desc=ab.sacrifice_other.desc)
        got = left
    # its source's card types before the costs are paid (a sacrificed source's too, CR 602.2)
    types_then = sorted(g.chars(oid).types) if obj.zone == "battlefield" else None
    # legal: pay costs (CR 602.2b, 601.2g-h), put the ability on the stack
    lki_counters = dict(obj.counters) if obj.zone == "battlefield" else {}
    abilities = (g.chars(oid).defn.nonmana_abilities() if obj.zone == "battlefield"  # type: ignore[union-attr]
                 else CARDS.card_def(obj.name).nonmana_abilities())  # type: ignore[union-attr]
    index = abilities.index(ab)
    item = new_object(g, obj.name, p, "stack")
    item.kind = "ability"
    item.source = oid
    item.ability = ab.origin[1] if ab.origin else index  # a gained ability: its index on its own card
    item.controller = p
    item.targets = tg.as_dicts(a.targets)
    item.x = a.x or 0
    item.modes = list(a.modes)
    used = g.chars(oid).defn if obj.zone == "battlefield" else None  # a copy's abilities (CR 707.2)
    item.ctx = {"def": used.name if used is not None else obj.token_def["name"] if obj.token_def else obj.name,
                "token": used.token if used is not None else obj.token,
                **({"def": ab.origin[0], "token": len(ab.origin) > 2 and bool(ab.origin[2]), "origin": True}
                   if ab.origin else {}),
                "source_name": obj.name,
                # last known information, for when paying the cost removes the source (CR 113.7a)
                "lki_keywords": sorted(g.chars(oid).keywords) if obj.zone == "battlefield" else [],
                "lki_counters": lki_counters}
    if obj.ctx.get("exiled_with"):  # CR 607.2a, 113.7a: "cards exiled with this" after it is sacrificed
        item.ctx["lki_exiled_with"] = list(obj.ctx["exiled_with"])
    zones.put_on_stack(g, item.id)
    execute_payment(g, p, got)
    if ab.loyalty is not None:  # CR 606.4: the loyalty cost
        pay_loyalty(g, oid, ab)
    if ab.once:  # "Activate only once": this object (a new one after a zone change may again, CR 400.7)
        g.update(oid, ctx={**obj.ctx, f"activated:{a.ability}": True})
    if ab.tap:
        g.update(oid, tapped=True)
    if ab.once:  # "Activate only once." — remembered on this object (a new object may again, CR 400.7)
        g.update(oid, ctx={**st.objects[oid].ctx, f"activated:{ab.label}": True})
    if ab.sacrifice:
        g.sacrifice(oid)
    if ab.self_to:  # "Exile this creature" / "Return it to its owner's hand" as a cost (CR 602.2b)
        g.move(oid, ab.self_to, cause="cost")
    if ab.discard_self:
        discarded = g.move(oid, "graveyard", cause="discard")
        g.event("discard", player=g.pname(p), card=obj.name)
        # "When you cycle this card, ..." triggers from the graveyard as the cycling ability is
        # activated (CR 702.29c; typecycling is cycling, 702.29e)
        g.triggers.fire("cycled", obj=discarded, player=p, x=a.x or 0)  # "create an X/X ...": the X paid
    if ab.zone == "graveyard" and ab.exile_named:  # "Exile this card and N other cards named ..."
        for other in [oid] + named_others(g, p, oid)[:ab.exile_named]:
            g.move(other, "exile", cause="cost")
    st.passes = 0
    if ab.tap_other is not None:
        options = other_sacrifices(g, p, oid, ab.tap_other)
        # CR 602.2b, 601.2h: the player chooses which permanent to tap as the cost is paid
        st.pending = {"player": p, "kind": "ask", "where": "cost_tap", "item": item.id, "prompt": "ask.tap_cost",
                      "params": {"card": obj.name, "what": ab.tap_other.desc},
                      "options": [ref_text(g, ("o", o)) for o in options],
                      "refs": options, "count": 1, "min_count": 1}
    if ab.crew:
        ask_crew(g, p, item.id, ab.crew, [])
    if ab.discard:
        # CR 602.2b, 601.2h: the card to discard is chosen as the cost is paid (names: hidden
        # information, seen by the player only)
        hand = list(st.players[p].hand)
        st.pending = {"player": p, "kind": "ask", "where": "cost", "cost": "discard", "item": item.id,
                      "prompt": "ask.discard", "params": {},
                      "options": [st.objects[o].name for o in hand], "refs": hand, "count": 1, "min_count": 1}
    if ab.sacrifice_other is not None:
        options = other_sacrifices(g, p, oid, ab.sacrifice_other)
        # CR 602.2b, 601.2h: the player chooses which permanent to sacrifice as the cost is paid
        st.pending = {"player": p, "kind": "ask", "where": "cost", "item": item.id,
                      "prompt": {"sacrifice": "ask.sacrifice", "exile": "ask.exile_part_of_cost"}.get(
                          ab.other_action, "ask.return_part_of_cost"),
                      "action": ab.other_action,
                      "params": {"card": obj.name, "what": ab.sacrifice_other.desc},
                      "options": [ref_text(g, ("o", o)) for o in options],
                      "refs": options, "count": ab.other_count, "min_count": ab.other_count}
    g.event("activate", player=g.pname(p), card=obj.name, obj=item.id, label=ab.label,
            targets=target_names(g, item.targets))
    if types_then is not None:  # "Whenever [a player] activates an ability of a permanent ..., if
        # it isn't a mana ability" (CR 603.2; mana abilities are activated elsewhere, CR 605.3)
        g.triggers.fire("ability_activated", player=p, obj=oid, types=types_then)
    g.triggers.became_target(item.id, item.targets, p)


def ask_crew(g: "Context", p: int, item: int, n: int, chosen: list[int]) -> None:
    """CR 702.122a, 602.2b: the creatures that crew are chosen one at a time as the cost is
    paid, "no more" once their total power is N or greater (any number more may be tapped)."""
    cands = CARDS.crew_candidates(g, p, chosen)
    total = sum(CARDS.crew_power(g, o) for o in chosen)
    if total >= n and not cands:
        return finish_crew(g, chosen)
    need = sum(CARDS.crew_power(g, o) for o in cands) + total >= n
    options = [ref_text(g, ("o", o)) for o in cands] if need else []
    refs: list[Any] = list(cands) if need else []
    if total >= n:
        options.append("no more")  # ("done" is the word that ends a choice of several)
        refs.append("done")
    g.st.pending = {"player": p, "kind": "ask", "where": "cost", "cost": "crew", "item": item, "n": n,
                    "chosen_crew": list(chosen), "prompt": "ask.crew", "params": {"count": n},
                    "options": options, "refs": refs, "count": 1, "min_count": 1}


def finish_crew(g: "Context", chosen: list[int]) -> None:
    for o in chosen:
        g.update(o, tapped=True)


def used(g: "Context", p: int, oid: int, ability: int, label: str) -> bool:
    """Whether this permanent's "Activate only once" ability (its number, its line) was
    activated: the marks `activate` leaves on this object (CR 602.5b; a new object after a zone
    change may again, CR 400.7). (A question the listing asks again where it keeps a
    permanent's offered actions across positions: kept.ASKED.)"""
    ctx = g.st.objects[oid].ctx
    return bool(ctx.get(f"activated:{ability}") or ctx.get(f"activated:{label}"))


def activate_mana(g: "Context", a: Action) -> None:
    """CR 605.3: a mana ability resolves at once, without the stack."""
    st = g.st
    p, oid = a.player, a.obj
    assert oid is not None
    obj = st.objects[oid]
    got = mana_ability(g, oid) if obj.zone == "battlefield" else None
    if obj.zone != "battlefield" or obj.controller != p or got is None:
        raise IllegalActionError("mana.none")
    d = g.chars(oid).defn
    mine = d.mana_abilities() if d is not None else []
    costed = [m for m in mine if m.cost and (a.choice[0] in m.mana if a.choice else True)]
    if costed and (a.choice or all(m.cost for m in mine)):
        return _activate_costed_mana(g, a, costed[0])
    ab = got
    if a.choice and any(a.choice[0] in m and len(m) > 1 for m in ab.mana):  # "mana=W" of "{T}: Add {W}{U}."
        a = a._replace(choice=(next(m for m in ab.mana if a.choice[0] in m),)) if hasattr(a, "_replace") else a
    if a.choice and a.choice[0] not in ab.mana:  # the mana ability that makes that colour
        d = g.chars(oid).defn
        ab = next((m for m in (d.mana_abilities() if d else []) if a.choice[0] in m.mana), ab)
    if ab.spend_only:  # restricted mana (CR 106.6) is made as a cost it may pay for is paid
        raise IllegalActionError("mana.restricted", card=obj.name)
    if ab.tap and obj.tapped:
        raise IllegalActionError("mana.tapped")
    if ab.life and st.players[p].life < ab.life:  # CR 119.4: only with that much life
        raise IllegalActionError("mana.life", life=ab.life)
    if ab.tap and g.is_type(oid, "Creature") and _sick(g, oid):
        raise IllegalActionError("activate.sick")
    usable = usable_mana(g, obj, g.chars(oid))  # "Activate only if ..." (CR 602.5b)
    colours = mana_colours(usable)
    colour = a.choice[0] if a.choice else (colours[0] if len(colours) == 1 else "")
    if colour not in colours:
        raise IllegalActionError("mana.colour", options=", ".join(colours))
    ab = next(x for x in usable if colour in x.mana)
    if ab.tap:
        g.update(obj.id, tapped=True)
    if ab.life:
        g.lose_life(p, ab.life)  # paying life (CR 119.4)
    pool = st.players[p].mana
    if len(colour) > 1:  # "{T}: Add {W}{U}." (CR 106.4)
        for x in colour:
            pool[x] = pool.get(x, 0) + 1
    else:
        pool[colour] = pool.get(colour, 0) + ab.amount_now(g, obj)
    if ab.damage:  # "This land deals 1 damage to you." — part of the mana ability (CR 605.3b)
        g.damage(permanent_source(g, oid), {"player": p}, ab.damage)
    land = ab.tap and g.is_type(oid, "Land")  # tapped for mana (CR 106.12a)
    name = obj.name
    if ab.counter:  # CR 605.3: the whole mana ability resolves at once, its counter too
        g.add_counters(oid, ab.counter, 1)
    if ab.sacrifice:
        g.sacrifice(oid)
    st.passes = 0  # CR 117.4: "pass in succession" means without taking any action in between
    g.event("mana", player=g.pname(p), card=name, mana=colour)
    if land:  # triggered mana abilities resolve right after it (CR 605.1b, 605.4a)
        extra = mana_triggers.land_tapped_for_mana(g, p, oid, colour[0])
        if extra:
            pool[colour[0]] = pool.get(colour[0], 0) + extra


def _activate_costed_mana(g: "Context", a: Action, ab: "Activated") -> None:
    """A mana ability with a mana cost: "{1}, {T}: Add {W}{U}." (a Signet), "{B/R}, {T}: Add
    {B}{B}, {B}{R}, or {R}{R}." (a filter land) — activated by hand, its cost paid from the pool
    or by other sources (CR 605.3a-b, 602.2b); it adds the chosen combination (`mana=BR`) at once."""
    st = g.st
    p, oid = a.player, a.obj
    assert oid is not None
    obj = st.objects[oid]
    combo = a.choice[0] if a.choice else (ab.mana[0] if len(ab.mana) == 1 else "")
    if combo not in ab.mana:
        raise IllegalActionError("mana.colour", options=", ".join(ab.mana))
    if ab.tap and obj.tapped:
        raise IllegalActionError("mana.tapped")
    if ab.tap and g.is_type(oid, "Creature") and _sick(g, oid):
        raise IllegalActionError("activate.sick")
    if ab.condition is not None and not ab.condition(g, obj):  # CR 602.5b
        raise IllegalActionError("mana.none")
    execute_payment(g, p, plan(g, p, parse_cost(ab.cost), {oid}))  # (IllegalActionError if it can't be paid)
    if ab.tap:
        g.update(oid, tapped=True)
    pool = st.players[p].mana
    for colour in combo:
        pool[colour] = pool.get(colour, 0) + 1
    st.passes = 0  # CR 117.4
    g.event("mana", player=g.pname(p), card=obj.name, mana=combo)
    if ab.tap and g.is_type(oid, "Land"):  # a triggered mana ability adds one mana of a type it made (CR 605.1b)
        extra = mana_triggers.land_tapped_for_mana(g, p, oid, combo[0])
        if extra:
            pool[combo[0]] = pool.get(combo[0], 0) + extra
