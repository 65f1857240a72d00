"""Casting spells (CR 601): when a spell may be cast (CR 307.1, 117.1a; flash and "as though
it had flash", CR 601.3b, 702.8), `cast` itself (CR 601.2a-i: the half or door, modes, the
alternative cost, targets, X, the total cost and its payment, then the spell on the stack),
and the decisions a cast opens as its costs are paid: the permanents an additional "tap N
untapped ..." cost taps (CR 601.2h), the creatures tapped for convoke (engine/rules/convoke.py).

Around it: what a spell costs, engine/rules/costs.py; the non-mana parts of costs,
engine/rules/additional_costs.py; announcing and choosing targets, engine/rules/announce.py;
paying mana, engine/rules/payment.py; activating abilities, engine/rules/activation.py;
playing lands and the other special actions, engine/rules/special_actions.py.

Every function validates first and changes the state only once the action is known to be
legal, so a refused action leaves nothing behind.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.action_candidates import hand_cands
from engine.format import ref_text
from engine.rules import cast_now, convoke, delve, hooks, targets as tg
from engine.rules import commander, exile_permissions, restrictions
from engine.rules.permissions import as_though_flash
from engine.actions import Action, IllegalActionError
from engine.rules.announce import announce, check_targets, paused_action, resumed_action, target_names
from engine.rules.additional_costs import can_pay_additional, sacrifice_options, spell_left_after_mana
from engine.rules.costs import (FREE_FROM_EXILE, FREE_ONCE, LIFE_FROM_HAND, alt_costs, check_x, face_of,
                                free_once_sources, hand_life_fits, hand_life_for, life_cost, mana_spent,
                                phyrexian_life, player_alt_costs, spell_cost, spell_purposes, zone_alts)
from engine.rules.mana import NO_PURPOSES, Cost
from engine.rules.payment import Payment, can_pay, execute_payment, has_convoke, plan, plan_leaving, solve
from engine.rules.index import CARDS
from engine.rules.card_terms import CastOnlyIf
from engine.rules.cast_timing import (flash_if_target, sorcery_timing as sorcery_timing,
                                      targets_give_timing as targets_give_timing)

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef
    from engine.rules.context import Context


def timing_ok(g: "Context", player: int, oid: int) -> bool:
    """Whether the player may cast this card now as far as when it is cast goes (CR 307.1,
    117.1a; flash, CR 702.8a; "as though it had flash", CR 601.3b, 601.3d)."""
    # "only you and the chosen player can cast spells"
    return restrictions.allowed(g, player) and timing_allows(g, player, oid, g.chars(oid), sorcery_timing(g, player))


def timing_allows(g: "Context", player: int, oid: int, c: Any, sorcery: bool) -> bool:
    """timing_ok's part about the card, for a player no effect keeps from casting spells, whose
    characteristics are `c` now; `sorcery`: whether the player could cast a sorcery now
    (sorcery_timing — the legal-action listing asks it once for every card)."""
    if cast_now.is_now(g, oid):  # cast while an ability resolves: no timing restriction (CR 608.2g)
        return True
    return ("Instant" in c.types or "flash" in c.keywords or sorcery or as_though_flash(g, player, c)
            or flash_if_target(g, player, oid, c.defn) is not None)


def _how_cast(alt: str, life: int | None, room: str, phyrexian: int = 0, origin: str = "hand") -> dict[str, Any]:
    """What the cast event tells besides the card (the log, every player: CR 601.2b announces
    an alternative cost): `alt`, the alternative cost it was cast for (a keyword's, a
    permanent's: "blitz", "flashback", "leyline", "free", "unpaid", "top", or "life" when life was paid
    instead of its mana cost, CR 118.9, 119.4), `life`, the life paid, and `room`, the whole
    Room whose door was cast (CR 709.3); "phyrexian" with the life paid for Phyrexian symbols
    (CR 107.4f) when it was cast for its mana cost. Nothing when it was cast for its mana cost
    paid with mana alone."""
    out: dict[str, Any] = {}
    if alt or life is not None:
        out["alt"] = alt or "life"  # a permission to pay life instead of the mana cost
    if life is not None:
        out["life"] = life
    elif phyrexian and not alt:
        out["alt"], out["life"] = "phyrexian", phyrexian
    if room:
        out["room"] = room
    if not out.get("alt") and origin in ("graveyard", "exile"):  # cast by a permission (CR 601.2: from there)
        out["alt"] = origin
    return out


def cast(g: "Context", a: Action, tap_chosen: list[int] | None = None, convoked: tuple[int, ...] = (),
         done: bool = False, delved: tuple[int, ...] | None = None) -> dict[str, Any] | None:
    """Cast a spell (CR 601.2): validated whole, then done, or a decision opened first (targets
    one at a time, the permanents an additional cost taps, the creatures tapped for convoke:
    `convoked` chosen so far, `done` once the choice is complete). Cast while an ability
    resolves (engine/rules/cast_now.py), the convoke decision is returned instead of opened."""
    st = g.st
    p = a.player
    oid = a.obj
    if oid is None or oid not in hand_cands(g, p):
        raise IllegalActionError("cast.not_in_hand")
    c = g.chars(oid)
    if "Land" in c.types:
        raise IllegalActionError("cast.land")
    if g.mode == "rules" and not CARDS.is_implemented(st.objects[oid].name):
        # not a rule of the game: a card whose text the engine does not implement is not cast
        # in rules mode, where its text would be ignored in silence (engine/rules/listing.py)
        raise IllegalActionError("cast.not_implemented", card=st.objects[oid].name)
    if not restrictions.allowed(g, p):  # CR 101.2: a "can't cast spells" effect
        e = restrictions.keeping_out(g, p)
        card, players = (e.card, e.only_players or ()) if e is not None else ("", ())
        raise IllegalActionError("cast.only_players", card=card, players=", ".join(g.pname(q) for q in players))
    # CR 608.2g, 707.12: a copy of a card cast while an ability resolves ignores timing
    if not timing_ok(g, p, oid) and not (g.st.resolving is not None and g.st.objects[oid].ctx.get("card_copy")):
        raise IllegalActionError("cast.timing", card=c.name)
    only_if = c.defn.term(CastOnlyIf) if c.defn is not None else None
    if only_if is not None and not only_if.condition(g, st.objects[oid]):
        raise IllegalActionError("cast.condition", card=c.name)  # "You can't cast ... unless ..." (CR 601.3)
    defn = hooks.with_alt_additional(c.defn, a.alt)  # retrace's "discard a land card" (CR 702.81a)
    data = CARDS.printed(c.name or st.objects[oid].name)  # (a card exiled face down: its card's, CR 406.3)
    if data is not None and data.faces:
        if not a.face or face_of(g, oid, a.face) is None or not hooks.face_allowed(g, oid, a.face):
            raise IllegalActionError("cast.face", card=c.name)
    elif a.face:
        raise IllegalActionError("cast.no_face", card=c.name)
    if not exile_permissions.cast_fits(g, p, oid, a.face, a.alt):
        raise IllegalActionError("cast.zone", card=c.name)  # the face cast is no spell it allows (CR 715.3b)
    _check_modes(defn, a.modes, c.name, defn.mode_limit(g, g.st.objects[oid], a.alt) if defn is not None else 1)
    if not (a.alt and (a.alt in player_alt_costs(g, p, oid) or a.alt in hooks.granted_alt_costs(g, oid))):
        _check_alt(g, p, defn, a.alt, c.name)
    given = set(alt_costs(g, p, defn)) - set(hooks.alternative_costs(defn))  # by p's permanents
    if a.alt not in zone_alts(g, oid, defn) and not (a.alt and a.alt in player_alt_costs(g, p, oid)) \
            and not (a.alt and a.alt in given and g.st.objects[oid].zone != "graveyard"):
        raise IllegalActionError("cast.zone", card=c.name)
    # CR 601.2b: which Phyrexian symbols are paid with life is announced with the spell
    phyrexian = phyrexian_life(g, p, spell_cost(g, oid, defn, [], a.x or 0, a.alt, a.face), a.choice, c.name)
    specs = tg.per_player(g, p, defn.targets_for(a.modes)) if defn else []
    # (the checks that don't depend on the targets come before an announcement too: a cast
    # announced is one that can be completed, as the listing offers it — CR 601.2b, 601.2h)
    life = life_cost(g, oid)
    # (CR 107.3b: paid with life instead of its mana cost, an alternative cost without {X}: X is 0)
    if life is not None and (a.alt or a.x or st.players[p].life < life):
        raise IllegalActionError("cast.pay_life", card=c.name)
    check_x(g, oid, defn, a.x, a.alt, a.face, c.name)
    maze_life = hand_life_for(g, oid, a.face) \
        if a.alt == LIFE_FROM_HAND and a.alt not in hooks.alternative_costs(defn) else None
    if maze_life is not None and st.players[p].life < maze_life:
        raise IllegalActionError("cast.life_short", life=maze_life)
    if maze_life is not None and a.face and not hand_life_fits(g, p, oid, a.face):
        raise IllegalActionError("cast.zone", card=c.name)  # that face is no spell it allows (CR 715.3b)
    if not a.targets and tg.in_parts(g, specs, p):
        _check_announced(g, a, defn, c)
        announce(g, a, specs, c.name)
        return None
    check_targets(g, specs, a.targets, p, c.name)
    if not targets_give_timing(g, p, oid, defn, tg.as_dicts(a.targets)):
        raise IllegalActionError("cast.timing", card=c.name)  # flash only if it targets such (CR 601.3d)
    tdicts = tg.as_dicts(a.targets)
    cost = spell_cost(g, oid, defn, tdicts, a.x or 0, a.alt, a.face)
    cost = cost.life_paid(tuple(sorted(a.choice)))  # CR 107.4f: 2 life for each symbol chosen instead
    half = face_of(g, oid, a.face) if a.face else None
    door = half["name"] if half is not None and "Room" in (data.type_line if data else "") else ""
    tap_n = defn.additional.n if defn is not None and defn.additional is not None \
        and defn.additional.kind == "tap" else 0
    if tap_n and tap_chosen is None:  # CR 601.2h: which permanents to tap is chosen first
        if not tap_candidates(g, p, defn, cost, [], oid, a.face, a.alt):
            raise IllegalActionError("cast.additional", card=c.name)
        assert defn is not None
        return _ask_tap(g, a, defn, cost, [])
    sac_options = [] if tap_n else sacrifice_options(g, p, defn, oid)
    pay_instead = defn is not None and defn.additional is not None and bool(defn.additional.or_pay)
    purposes = spell_purposes(g, oid, c, a.face, a.alt)  # (as cast: its face, face down, CR 106.6)
    # CR 702.66a-b: the cards exiled for delve are chosen once the total cost is known
    if delved is None and not a.pay and delve.has_delve(c):
        delve_ask = delve.decision(g, a, c.name, cost, purposes)
        if delve_ask is not None:
            return decide(g, oid, delve_ask)
    if delved:
        cost = cost.reduced(len(delved))
    # CR 702.51a, 601.2h: the creatures tapped for convoke are the caster's choice, one at a
    # time (engine/rules/convoke.py); with `pay`, the named sources say how it is paid
    convoking = not a.pay and has_convoke(g, p, c)
    ask = convoke.decision(g, a, c.name, cost, purposes, tap_chosen, convoked) if convoking and not done else None
    got: Payment | None = None
    if ask is None and sac_options and not a.pay and not convoking:
        # CR 601.2g-h: the mana is paid first, in a way that leaves something to pay the
        # additional cost with (a Treasure kept for Fear of Isolation's return), if there is one
        got = plan_leaving(g, p, cost, set(tap_chosen or ()), sac_options, defn.additional.count, purposes) \
            if defn is not None and defn.additional is not None and not pay_instead else \
            plan(g, p, cost, set(tap_chosen or ()), purposes=purposes)
        if got is None:
            raise IllegalActionError("cast.additional", card=c.name)
    elif ask is None:
        got = convoke.plan(g, p, cost, set(tap_chosen or ()), convoked, purposes) if convoking else \
            plan(g, p, cost, set(tap_chosen or ()), a.pay, convoke=has_convoke(g, p, c), purposes=purposes)
    if tap_n:
        sac_options = list(tap_chosen or ())
    if defn is not None and defn.additional is not None and not sac_options and not pay_instead:
        raise IllegalActionError("cast.additional", card=c.name)
    if got is None:
        assert ask is not None
        return decide(g, oid, ask)
    # legal: now change the state (CR 601.2a: move to the stack first)
    spent = mana_spent(got)
    origin = st.objects[oid].zone  # (the log says "from their graveyard" when it was cast from there)
    tax = commander.cast_from_command_zone(g, p, st.objects[oid]) if origin == "command" else None
    if origin == "exile" and a.alt.startswith(exile_permissions.SLOT):
        exile_permissions.use_slot(g, p, oid, a.alt, a.face)  # cast as its spell of that type (CR 205.2a)
    new = g.move(oid, "stack", cause="cast")
    item = st.objects[new]
    item.controller = p
    item.ctx["mana_spent"] = spent  # "if the amount of mana spent to cast it was less than ..."
    item.targets = tdicts
    if any(s.each_opponent for s in (defn.targets_for(a.modes) if defn else [])):  # a word per opponent (CR 601.2c)
        item.ctx["word_players"] = list(tg.word_players(g, p))
    item.x = a.x or 0
    item.modes = list(a.modes)
    cast_as = hooks.face_cast_as(item.name, a.face) if a.face else ""  # an Adventure (CR 715.3)
    item.alt = a.alt or cast_as
    if cast_as and a.alt:  # cast as an Adventure for another cost ("without paying its mana cost"):
        item.ctx["cast_as"] = cast_as  # no alternative cost itself (an Adventure's ruling)
    if hooks.cast_face_down(a.alt):  # morph: a face-down 2/2 spell (CR 702.37c, 708.4)
        item = g.update(new, face_down=True)
    if door:
        # CR 709.3: on the stack only the cast door's characteristics exist; CR 709.5: that
        # door unlocks as the Room enters
        item = g.update(new, unlocked=[door])
    execute_payment(g, p, got)
    if delved:  # exiled with the mana, as the cost is paid (CR 702.66a, 601.2h)
        delve.exile(g, delved)
    if a.alt == FREE_FROM_EXILE and a.alt not in hooks.alternative_costs(defn):
        g.mark_turn(f"free_from_exile:{p}")  # "Once each turn"
    if hooks.is_alt(a.alt, FREE_ONCE):
        # "Once during each of your turns": one permanent's permission is used, the first of
        # p's permanents listed (engine/rules/costs.py free_once_sources)
        used = free_once_sources(g, p)
        if used:
            g.mark_turn(f"free_once:{p}:{used[0]}")
    if maze_life is not None:
        g.mark_turn(f"life_from_hand:{p}")  # "Once during each of your turns"
        life = maze_life  # its mana value is paid in life instead (CR 118.9, 119.4)
    for o in (tap_chosen or ()):  # "tap two untapped creatures and/or lands you control" (CR 601.2h)
        g.update(o, tapped=True)
    if life is not None:  # CR 119.4: paying life
        g.lose_life(p, life)
    if phyrexian:  # the Phyrexian symbols paid with life (CR 107.4f, 119.4), with the other costs (CR 601.2h)
        g.lose_life(p, phyrexian)
    st.passes = 0
    g.event("cast", player=g.pname(p), card=door or ("" if item.face_down else g.chars(new).name or item.name), obj=new,
            targets=target_names(g, tdicts),
            **_how_cast(a.alt, life, item.name if door else "", phyrexian, origin),
            **({} if tax is None else {"commander_tax": tax}))  # CR 903.8: from the command zone
    g.mark_turn(f"spells_cast:{p}")  # "their first spell each turn"
    g.triggers.fire("cast", player=p, obj=new)
    g.triggers.next_cast(p, new)  # "When you next cast an instant or sorcery spell this turn" (CR 603.7c)
    g.triggers.became_target(new, tdicts, p)
    if defn is not None and defn.additional is not None and sac_options and not tap_n:
        # CR 601.2h: the caster chooses which permanent to sacrifice as part of the cost (or,
        # where the card allows it and the mana is there, to pay instead). CR 601.2g: the mana
        # abilities were activated first; a permanent one sacrificed for mana ("{T}, Sacrifice
        # this token: Add one mana of any color.", CR 111.10a) is gone (a moved object is a new
        # one, CR 400.7) and pays no other cost
        sac_options = [o for o in sac_options if o in st.objects]
        options = [ref_text(g, ("o", o)) if not defn.additional.discard else g.st.objects[o].name
                   for o in sac_options]
        refs: list[Any] = list(sac_options)
        if pay_instead and can_pay(g, p, defn.additional.or_pay):
            options.append("pay " + defn.additional.or_pay)
            refs.append("pay")
        add = defn.additional
        prompt = "ask.discard" if add.discard else "ask.choose_cost" if add.kind == "choose" else {"return": "ask.return_cost",
                                                     "exile_from_graveyard": "ask.exile_from_graveyard_cost"}.get(
            add.action, "ask.sacrifice")
        n = add.count
        if len(sac_options) < n and "pay" not in refs:  # (Game.apply undoes the cast refused)
            raise IllegalActionError("cast.additional", card=c.name)
        st.pending = {"player": p, "kind": "ask", "where": "cost", "item": new, "prompt": prompt,
                      "action": add.action,
                      "params": {"card": item.name, "what": add.what.desc, "count": n},
                      "options": options, "refs": refs, "count": n, "min_count": n}
    return None


def _check_announced(g: "Context", a: Action, defn: "CardDef | None", c: Any) -> None:
    """A spell announced before its targets are chosen must be one that can be paid for (CR
    601.2f-h), as the legal-action listing offers it: its additional cost and — unless its cost
    depends on the targets, which the choice of each target asks (engine/rules/announce.py) —
    its total cost, with delve's cards and convoke's creatures (CR 702.66a, 702.51a) and the
    mana that may be spent on it (CR 106.6). Refused otherwise, as the cast with its targets
    would be."""
    p, oid = a.player, a.obj
    assert oid is not None
    if defn is not None and defn.additional is not None and not defn.additional.or_pay \
            and not can_pay_additional(g, p, defn, oid):
        raise IllegalActionError("cast.additional", card=c.name)
    if defn is not None and defn.cost_reduction is not None and defn.cost_reduction.if_targets is not None:
        return
    cost = spell_cost(g, oid, defn, [], a.x or 0, a.alt, a.face).life_paid(tuple(sorted(a.choice)))
    if delve.has_delve(c):
        cost = delve.reduced(g, p, cost)
    if not can_pay(g, p, cost, spell_purposes(g, oid, c, a.face, a.alt), convoke=has_convoke(g, p, c)):
        raise IllegalActionError("pay.cannot", cost=str(cost))
    if not has_convoke(g, p, c) and not spell_left_after_mana(g, p, defn, oid, cost,
                                                               spell_purposes(g, oid, c, a.face, a.alt)):
        raise IllegalActionError("cast.additional", card=c.name)  # (its mana would take them: cast())


def tap_candidates(g: "Context", p: int, defn: "CardDef | None", cost: Cost, chosen: list[int],
                   spell: int | None = None, face: str = "", alt: str = "") -> list[int]:
    """The permanents p may tap next for an additional "tap N untapped ..." cost: each leaves
    a full choice possible with the spell's mana cost still payable from the rest (CR 601.2h)
    — for the purposes of the spell cast as `face` for `alt` (CR 106.6: an Adventure's or a
    door's types, CR 715.3b, 709.3) and, if it has convoke, with creatures tapped for convoke
    too (CR 702.51a), as the cast will pay it."""
    if defn is None or defn.additional is None:
        return []
    n = defn.additional.n
    purposes, convoking = NO_PURPOSES, False
    if spell is not None:
        c = g.chars(spell)
        purposes, convoking = spell_purposes(g, spell, c, face, alt), has_convoke(g, p, c)
    pool = [o for o in sacrifice_options(g, p, defn) if o not in chosen]
    seen: dict[frozenset[int], bool] = {}
    # the closure reaches itself through `again`, emptied after use: no cycle keeps the game
    # for the garbage collector (a search decision's time, engine/ai/search.py)
    again: list[Callable[[list[int]], bool]] = []

    def completes(picked: list[int]) -> bool:
        key = frozenset(picked)
        if key in seen:
            return seen[key]
        if len(picked) == n:
            ok = solve(g, p, cost, purposes, set(picked), None, convoking) is not None
        else:
            ok = any(again[0](picked + [o]) for o in pool if o not in picked)
        seen[key] = ok
        return ok
    again.append(completes)
    found = [o for o in pool if completes(chosen + [o])]
    again.clear()
    return found


def decide(g: "Context", oid: int, pend: dict[str, Any]) -> dict[str, Any] | None:
    """Open a decision of the cast of `oid` made as its costs are paid (the permanents an
    additional cost taps, the creatures tapped for convoke); a card cast while an ability
    resolves gets it back instead, for the resolving step to ask (engine/rules/cast_now.py)."""
    if cast_now.is_now(g, oid):
        return pend
    g.st.pending = pend
    return None


def answer_cost_choice(g: "Context", p: int, pend: dict[str, Any], answer: list[str]) -> dict[str, Any] | None:
    """Go on with a cast after the answer to one of its decisions (see decide)."""
    if pend.get("where") == convoke.WHERE:
        # one more creature to tap for convoke (asked again) or done (CR 702.51a)
        act = resumed_action(p, pend["action"])
        assert act.obj is not None
        if not cast_now.is_now(g, act.obj):
            g.st.pending = None
            g.st.priority = p
        return cast(g, act, tap_chosen=pend["tap_ids"], convoked=convoke.picked(pend, answer), done=not answer)
    if pend.get("where") == delve.WHERE:
        # the cards exiled for delve (at least the fewest that leave the rest payable, CR 702.66a)
        act = resumed_action(p, pend["action"])
        g.st.priority = p
        return cast(g, act, delved=delve.picked(pend, answer))
    return tap_chosen(g, p, pend, pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())])


def _ask_tap(g: "Context", a: Action, defn: "CardDef", cost: Cost, chosen: list[int]) -> dict[str, Any] | None:
    options = tap_candidates(g, a.player, defn, cost, chosen, a.obj, a.face, a.alt)
    assert defn.additional is not None and a.obj is not None
    return decide(g, a.obj, {"player": a.player, "kind": "ask", "where": "tap_announce", "prompt": "ask.tap_cost",
                             "params": {"card": g.st.objects[a.obj].name, "what": defn.additional.what.desc},
                             "options": [ref_text(g, ("o", o)) for o in options], "refs": options, "count": 1,
                             "min_count": 1,
                             "action": paused_action(a),
                             "chosen_ids": list(chosen)})


def tap_chosen(g: "Context", p: int, pend: dict[str, Any], ref: int) -> dict[str, Any] | None:
    """One permanent chosen to tap for the cost; the next one is asked, or the spell is cast."""
    act = resumed_action(p, pend["action"])
    obj, x, alt, face = act.obj, act.x, act.alt, act.face
    assert obj is not None
    chosen = list(pend["chosen_ids"]) + [ref]
    defn = CARDS.card_def(g.st.objects[obj].name)
    assert defn is not None and defn.additional is not None
    if not cast_now.is_now(g, obj):
        g.st.pending = None
        g.st.priority = p
    if len(chosen) < defn.additional.n:
        cost = spell_cost(g, obj, defn, tg.as_dicts(act.targets), x or 0, alt, face)
        return _ask_tap(g, act, defn, cost, chosen)
    return cast(g, act, tap_chosen=chosen)


def _check_modes(defn: "CardDef | None", modes: tuple[int, ...], name: str, limit: int = 1) -> None:
    if defn is None or not defn.modes:
        if modes:
            raise IllegalActionError("cast.not_modal", card=name)
        return
    if not 1 <= len(modes) <= limit or len(set(modes)) != len(modes) \
            or any(not 1 <= m <= len(defn.modes) for m in modes):
        raise IllegalActionError("cast.mode", card=name)


def _check_alt(g: "Context", p: int, defn: "CardDef | None", alt: str, name: str) -> None:
    if alt and alt not in alt_costs(g, p, defn):
        raise IllegalActionError("cast.alt", card=name)
