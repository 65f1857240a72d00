"""What a deciding player may do (CR 117): every legal action for the open decision, each with
its canonical text (docs/actions.md). Exact: large decisions are taken one part at a time.
The hot path of the engine: what it reads of the position is kept where it can be (the caches
in engine/rules/context.py). engine/rules/priority.py performs the chosen action.
"""
from __future__ import annotations

import functools

from typing import TYPE_CHECKING, Any, Callable

from engine.actions import Action
from engine.format import hand_cands, name_map, ref_text, text_of, with_texts
from engine.rules import (additional_costs, cast_now, casting, delve, characteristics, combat, combat_damage, costs, hooks,
                          payment, planeswalkers, schemes, special_actions, targets as tg)
from engine.rules.face_up import MANA_COST, NOT_MANIFESTED
from engine.rules.mana import FACE_UP, NO_PURPOSES, UNLOCK, parse_cost, restricted_pool
from engine.rules.payment import GRANTED_MANA
from engine.rules.index import CARDS

if TYPE_CHECKING:
    from engine.contract import Decision
    from engine.rules.context import Context


def legal_actions(g: "Context", dec: "Decision") -> list[Action]:
    """Every action the deciding player may take now, each with its canonical text. Exact:
    large decisions are taken one part at a time (attackers, blockers, picks), so nothing
    is ever cut off (docs/actions.md "Decisions in parts")."""
    p = dec.player
    kind = dec.kind
    out: list[Action]
    if kind == "priority":
        out = [Action(p, "pass", text="pass")] + _priority_actions(g, p)
    elif kind == "mulligan":
        out = [Action(p, "keep")]
        if g.st.players[p].mulligans < g.config.hand_size:  # CR 103.5: not once the hand would be empty
            out.append(Action(p, "mulligan"))
    elif kind == "attackers":
        out = combat.attack_actions(g, p)
    elif kind == "blockers":
        out = combat.block_actions(g, p)
    elif kind == "assign":  # combat damage (CR 510.1)
        out = combat_damage.assign_actions(g, p)
    elif kind in ("bottom", "discard", "ask", "order_triggers", "targets"):
        out = _pick_actions(dec)
    else:
        out = []
    return with_texts(g, p, out)


def _pick_actions(dec: "Decision") -> list[Action]:
    """A choice of one: `choose X` for each option. A choice of several: `pick X` one at a
    time (the decision ends by itself at the maximum), `choose done` once the minimum is in."""
    p = dec.player
    if dec.max_count <= 1 and not dec.chosen:
        out = [Action(p, "choose", choice=(o,)) for o in dec.options]
        if dec.min_count == 0:
            out.append(Action(p, "choose", args=("done",)))
        return out
    taken = set(dec.chosen) if dec.kind not in ("bottom", "discard") else set()
    out = [Action(p, "pick", choice=(o,)) for o in dec.options if o not in taken]
    if len(dec.chosen) >= dec.min_count:
        out.append(Action(p, "choose", args=("done",)))
    return out


def x_values(g: "Context", oid: int, d: Any, alt: str, face: str, data: Any,
              payable: Callable[[Any], bool]) -> list[int | None]:
    """[None] for a spell without {X} in the cost being paid; otherwise every value of X
    the player can pay now, 0 first (CR 107.3a, 601.2b). Exact and finite: a larger X
    needs more mana, so the first value that cannot be paid ends the list."""
    if data is None:
        return [None]
    cost_text = data.mana_cost or ""
    if alt:
        # a keyword's own alternative mana cost with {X} (miracle {X}{W}{W}): X is chosen for it
        # too (CR 107.3, 601.2b); other alternative costs offer none
        own = hooks.alternative_costs(d) if d is not None else {}
        cost_text = own.get(alt, "") if "{X}" in own.get(alt, "") else ""
    elif face and data.faces:
        cost_text = next((f.get("mana_cost") or "" for f in data.faces if f.get("name") == face), "")
    if "{X}" not in cost_text.split("//")[0]:
        return [None]
    out: list[int | None] = [None]  # X = 0 is the plain `cast CARD`
    x = 1
    while payable(costs.spell_cost(g, oid, d, [], x, alt, face)):
        out.append(x)
        x += 1
    return out


def cast_actions(g: "Context", p: int, oid: int) -> list[Action]:
    """The legal ways for p to cast this card now, each complete with its targets (a card
    cast while an ability resolves, engine/rules/cast_now.py)."""
    out: list[Action] = []
    for a in _priority_actions(g, p):
        if a.verb != "cast" or a.obj != oid:
            continue
        d = g.chars(oid).defn
        specs = tg.per_player(g, p, d.targets_for(a.modes)) if d is not None else []
        if a.targets or not specs:
            out.append(a)
            continue
        # announced without targets in the listing (several words, or a crowded board:
        # targets.in_parts): here every complete choice is its own way, since the cast
        # happens inside this one decision (CR 601.2c)
        for combo in tg.combos(g, specs, p):
            if not combo:  # "up to one target": none chosen is written `nothing` (targets.NONE)
                combo = tuple(tg.NONE for _ in specs)
            out.append(a._replace(targets=combo, text=""))
    return with_texts(g, p, out)


def _priority_actions(g: "Context", p: int) -> list[Action]:
    st = g.st
    out: list[Action] = []
    me = st.players[p]
    pool_sources = payment.mana_sources(g, p)
    source_ids: dict[int, tuple[str, ...]] = {}  # each source's colours (its first Source)
    for s in pool_sources:
        source_ids.setdefault(s.obj, s.produces)
    known: dict[Any, bool] = {}
    keep: list[Any] = []
    # restricted mana (CR 106.6) changes what can be paid only where a permanent of p makes
    # some or the pool holds some: otherwise what a payment is for is not asked
    restricted = payment.makes_restricted_mana(g, p) or restricted_pool(me.mana)

    def payable(cost: Any, purposes: frozenset[str] = NO_PURPOSES, convoke: bool = False) -> bool:
        """The one question: can p pay this cost now, for these purposes (payment.can_pay),
        with creatures tapped for convoke too. Asked once per cost (parsed costs are shared
        objects, see mana.parse_cost) and purposes."""
        if not restricted:
            purposes = NO_PURPOSES
        key: Any = (purposes, convoke, id(cost)) if purposes or convoke else id(cost)
        got = known.get(key)
        if got is None:
            got = known[key] = payment.can_pay(g, p, cost, purposes, convoke=convoke)
            keep.append(cost)  # keep it alive so its id is not reused during this call
        return got
    # canonical texts are made here, where the parts are at hand: a head per card and
    # ability, a tail per choice of targets (names from per-position maps, see engine.format)
    # (made when first needed: a listing that finds nothing to cast or target names nothing)
    hand_map: dict[int, str] | None = None
    tails: dict[Any, str] = {}
    act_names: dict[str, dict[int, str]] = g.memo.setdefault(("activate_names", p), {})  # (names: per position)

    def hand_name(oid: int) -> str:
        nonlocal hand_map
        if hand_map is None:
            hand_map = name_map(g, "hand", p)
        return hand_map[oid]

    def tail(combo: tuple[Any, ...]) -> str:
        got = tails.get(combo)
        if got is None:
            if not combo:
                got = tails[combo] = ""
                return got
            tnames = name_map(g, "target", 0)
            got = tails[combo] = " -> " + ", ".join(
                tnames.get(t[1]) or ref_text(g, t) if t[0] == "o" else g.pname(t[1]) for t in combo)
        return got
    seen_names: set[tuple[str, ...]] = set()
    granted_alts: list[str] | None = None  # alternative costs p's permanents give every spell
    # a plain spell found unpayable stays so while the mana sources (g.mana_memo: emptied by
    # every change of position and of tapped status) and the pool stay the same
    quick = not restricted and not st.may_play and cast_now.current(g) is None
    pool_key = tuple(me.mana.items()) if me.mana else ()
    mana_memo = payment.player_mana(g, p)
    for oid in hand_cands(g, p):
        if quick and ("unpayable", oid, pool_key) in mana_memo:
            continue
        c = g.chars(oid)
        key = (c.name, st.objects[oid].zone)
        if key in seen_names:
            continue  # identical cards in hand: one action each suffices (CR allows either)
        seen_names.add(key)
        if "Land" in c.types:
            if casting.sorcery_timing(g, p) and me.lands_played < schemes.lands_per_turn(g, p):
                out.append(Action(p, "play", obj=oid, text="play " + hand_name(oid)))
        elif g.mode == "rules" and not CARDS.is_implemented(st.objects[oid].name):
            # a card whose text the engine does not implement is not cast in rules mode (by
            # anyone: the computer players too): cast, its text would be silently ignored.
            # Hybrid mode casts it for its cost and leaves the text to the players by hand.
            continue
        elif casting.timing_ok(g, p, oid):
            d = c.defn
            if d is not None and d.cast_only_if is not None and not d.cast_only_if(g, st.objects[oid]):
                continue  # "You can't cast [it] unless ..." (CR 601.3)
            if not restricted and not st.may_play and _plain_spell(d, c.name) and st.objects[oid].zone == "hand" \
                    and not cast_now.is_now(g, oid):  # (not cast for another cost as an ability resolves)
                # the usual card: its mana cost and nothing else to weigh; one look at whether
                # that can be paid decides whether the rest is worth making (the common case of
                # a crowded board is a hand that can cast nothing)
                if granted_alts is None:
                    granted_alts = sorted(costs.granted_alt_costs(g, p))
                if not granted_alts and not payment.has_convoke(g, p, c) and not delve.has_delve(c) \
                        and not payable(costs.spell_cost(g, oid, d, [], 0, "", "")) \
                        and not costs.free_once_available(g, p, oid):
                    if quick:
                        mana_memo[("unpayable", oid, pool_key)] = True
                    continue
            if d is not None and d.additional is not None and not d.additional.or_pay \
                    and not additional_costs.can_pay_additional(g, p, d, oid):
                continue
            life = costs.life_cost(g, oid) if st.may_play else None
            if life is not None and me.life < life:
                continue  # CR 119.4: you can't pay more life than you have
            mode_sets: list[tuple[int, ...]] = [()] if d is None or not d.modes else \
                d.mode_sets(g, st.objects[oid])
            # "" is the mana cost; each alternative by the zone it is cast from (flashback), and
            # those the player's permanents give (CR 118.9)
            alts = costs.zone_alts(g, oid, d) if life is None else [""]
            if life is None and st.objects[oid].zone != "graveyard":
                if granted_alts is None:
                    granted_alts = sorted(costs.granted_alt_costs(g, p))
                own_alts = hooks.alternative_costs(d) if granted_alts else {}
                given = [x for x in granted_alts if x not in own_alts]  # a permanent's
                if st.objects[oid].zone == "exile":
                    given += sorted(costs.player_alt_costs(g, p, oid))
                elif costs.free_once_available(g, p, oid):  # from the hand or the library's top (CR 118.9)
                    given.append(costs.FREE_ONCE)
                alts += [x for x in given if x not in alts]
            varies = d is not None and d.cost_reduction is not None  # else one check per cost
            pay_ok: Callable[[Any], bool] = payable
            purposes = costs.spell_purposes(g, oid, c) if restricted else NO_PURPOSES  # (CR 106.6)
            convoke = payment.has_convoke(g, p, c)  # its creatures can help pay (CR 702.51a)
            if purposes or convoke:
                pay_ok = functools.partial(payable, purposes=purposes, convoke=convoke)
            if delve.has_delve(c):  # cards exiled from the graveyard pay generic mana (CR 702.66a)
                pay_ok = functools.partial(_delved, g, p, pay_ok)
            # (a card exiled face down that its player may cast — hideaway — has no name in its
            # characteristics: its card's own faces, CR 406.3)
            data = CARDS.printed(c.name or st.objects[oid].name)
            faces = [f["name"] for f in data.faces if hooks.face_allowed(g, oid, f["name"])] \
                if data is not None and data.faces else [""]
            phyrexian = data is not None and "/P}" in (data.mana_cost or "")
            pay_some: Callable[[Any], bool]
            if phyrexian:  # a cost is payable if some way of paying its Phyrexian symbols is (CR 107.4f)
                pay_some = functools.partial(_payable_some_way, pay_ok, me.life)
            else:
                pay_some = pay_ok
            for face in faces:
                for modes in mode_sets:
                    specs = tg.per_player(g, p, d.targets_for(modes)) if d else []
                    for alt, x, lw in [(alt, x, lw) for alt in alts
                                       for x in x_values(g, oid, d, alt, face, data, pay_some)
                                       for lw in costs.life_ways(costs.spell_cost(g, oid, d, [], x or 0, alt,
                                                                                      face), me.life)]:
                        if not varies and not pay_ok(costs.spell_cost(g, oid, d, [], x or 0, alt, face)
                                                     .life_paid(lw)):
                            continue
                        if d is not None and d.more_modes_alt and len(modes) > d.mode_limit(g, st.objects[oid], alt):
                            continue  # "If this spell was kicked, choose any number instead." (CR 700.2)
                        if alt == costs.LIFE_FROM_HAND and me.life < costs.hand_life_for(g, oid, face):
                            continue  # Access Maze: a Room's door costs its own mana value in life (CR 709.3, 119.4)
                        if alt and hooks.alt_additional(d, alt) is not None and not additional_costs.can_pay_additional(
                                g, p, hooks.with_alt_additional(d, alt), oid):
                            continue  # retrace with no land card to discard (CR 702.81a, 601.2h)
                        if d is not None and d.additional is not None and d.additional.kind == "tap" \
                                and not casting.tap_candidates(g, p, d, costs.spell_cost(g, oid, d, [], x or 0,
                                                                                           alt, face), [], oid):
                            continue
                        head = ("cast " + hand_name(oid) + (": " + face if face else "")
                                + (" with " + alt if alt else "") + (f" x={x}" if x else "")
                                + (" mode=" + ",".join(str(m) for m in modes) if modes else "")
                                + (" life=" + "".join(lw) if lw else ""))
                        if tg.in_parts(g, specs, p):  # targets chosen one at a time after `cast CARD`
                            # (one target word split for its many targets: there are targets)
                            if (tg.any_option(g, specs[0], p) if len(specs) == 1 else tg.completable(g, specs, p)) \
                                    and (not varies or any(
                                    pay_ok(costs.spell_cost(g, oid, d, [tg.as_dict(t) for t in combo], x or 0,
                                                              alt, face).life_paid(lw))
                                    for combo in ([()] if len(specs) > 1 else tg.combos(g, specs, p)))):
                                out.append(Action(p, "cast", oid, (), face, alt, x, modes, 0, (), lw, (), (),
                                                  head))
                            continue
                        for combo in tg.combos(g, specs, p):
                            if d is not None and d.flash_if_target is not None and not casting.targets_give_timing(
                                    g, p, oid, d, [tg.as_dict(t) for t in combo]):
                                continue  # flash only if it targets such (CR 601.3d)
                            if varies and not pay_ok(costs.spell_cost(
                                    g, oid, d, [tg.as_dict(t) for t in combo], x or 0, alt, face).life_paid(lw)):
                                continue
                            # positional arguments: measurably faster in this hot loop
                            out.append(Action(p, "cast", oid, combo, face, alt, x, modes, 0, (), lw, (), (),
                                              head + tail(combo)))
        if st.objects[oid].zone == "hand" and CARDS.suspend_of(c.name) is not None and CARDS.can_suspend(g, p, oid) \
                and payable(parse_cost(CARDS.suspend_cost(c.name))):  # a special action (CR 702.62a, 116.2f)
            out.append(Action(p, "suspend", obj=oid))
        if c.defn and st.objects[oid].zone == "hand":  # (a card playable from exile has no hand abilities)
            for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
                if ab.zone == "hand" and payable(parse_cost(ab.cost)) and (
                        ab.condition is None or ab.condition(g, st.objects[oid])):  # ninjutsu's (CR 702.49a)
                    if not ab.targets or _per_x(ab.targets):  # ("X target ...": none with X = 0)
                        out.append(Action(p, "activate", obj=oid, ability=i))
                        x = 1  # "Cycling {X}{1}{U}": each X that can be paid (CR 107.3, 602.2b)
                        while parse_cost(ab.cost).x and payable(parse_cost(ab.cost).with_x(x)):
                            if _per_x(ab.targets) and not tg.completable(g, [ab.targets[0]] * x, p, (), oid):
                                break  # "X target ...": no X with fewer legal targets than X (CR 601.2c)
                            out.append(Action(p, "activate", obj=oid, ability=i, x=x))
                            x += 1
                        continue
                    head = text_of(g, Action(p, "activate", obj=oid, ability=i))
                    for combo in tg.combos(g, ab.targets, p):
                        out.append(Action(p, "activate", oid, combo, "", "", None, (), i, (), (), (), (),
                                          head + tail(combo)))
    seen_gy: set[str] = set()
    objects = st.objects
    for oid in me.graveyard:  # abilities that work from the graveyard (CR 113.6k), one per name
        name = objects[oid].name
        if name in seen_gy or not _works_from_graveyard(g, oid, name):
            continue
        c = characteristics.base_chars(g, oid)  # (no effect reaches a card in a graveyard)
        assert c.defn is not None
        for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
            if ab.zone != "graveyard" or (ab.sorcery and not casting.sorcery_timing(g, p)):
                continue
            if len(additional_costs.named_others(g, p, oid)) < ab.exile_named or not payable(parse_cost(ab.cost)):
                continue
            if ab.sacrifice_other is not None and len(additional_costs.other_sacrifices(
                    g, p, oid, ab.sacrifice_other)) < ab.other_count:  # "Return two lands you control ..."
                continue
            if ab.condition is not None and not ab.condition(g, st.objects[oid]):
                continue
            seen_gy.add(objects[oid].name)
            head = text_of(g, Action(p, "activate", obj=oid, ability=i))
            for combo in tg.combos(g, [] if _per_x(ab.targets) else ab.targets, p):
                out.append(Action(p, "activate", oid, combo, "", "", None, (), i, (), (), (), (), head + tail(combo)))
    # a source's mana actions ("activate Forest", "activate Dual Land mana=G" per colour): the
    # same all through the position while it is a source of the same colours
    mana_acts: dict[tuple[int, tuple[str, ...]], list[Action]] = g.memo.setdefault(("plain_mana_actions", p), {})

    def source_actions(oid: int, obj: Any, c: Any) -> list[Action]:
        key = (oid, source_ids[oid])
        got = mana_acts.get(key)
        if got is None:
            got = mana_acts[key] = _mana_actions(g, p, oid, obj, c, source_ids[oid], act_names)
        return got
    heads: dict[tuple[int, int, tuple[int, ...]], str] = g.memo.setdefault(("activate_heads", p), {})
    for oid, obj, c in g.perms(p):
        if obj.face_down and "cant_turn_face_up" not in c.flags:
            # CR 116.2b, 701.40b: turning a manifested creature card face up for its mana cost,
            # a special action any time you have priority (a card with morph: for its morph
            # cost, CR 702.37e, or — manifested — for its mana cost, `: mana cost`)
            if _can_turn_face_up(g, obj, payable):
                out.append(Action(p, "turn face up", obj=oid))
            if hooks.face_up_cost(g, obj) is not None and _can_turn_face_up(g, obj, payable, by_mana_cost=True):
                out.append(Action(p, "turn face up", obj=oid, face=MANA_COST))
        if c.defn is None:
            granted = payment.mana_ability(g, oid, c)  # a face-down creature given a mana ability
            if granted is not None and oid in source_ids:
                out += [Action(p, "activate", oid, choice=(colour,)) for colour in granted.mana]
            continue
        if c.defn.only_plain_mana() and "Room" not in c.subtypes and GRANTED_MANA not in c.flags:
            # a land: nothing to list but, while it is a source, its mana actions (the hot path
            # of a crowded board)
            if oid in source_ids:
                out += source_actions(oid, obj, c)
            continue
        for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
            if ab.zone != "battlefield" or (ab.active is not None and not ab.active(g, obj)):
                continue  # (a leveler's band ability exists only in that band, CR 710.2)
            if ab.tap and (obj.tapped or ("Creature" in c.types and obj.sick and "haste" not in c.keywords)):
                continue
            if (ab.sorcery or ab.level_up) and not casting.sorcery_timing(g, p):
                continue
            if ab.once and obj.ctx.get(f"activated:{i}"):  # "Activate only once" (CR 602.5b)
                continue
            if ab.sacrifice_other is not None and (
                    not additional_costs.has_other(g, p, oid, ab.sacrifice_other) if ab.other_count == 1 else
                    len(additional_costs.other_sacrifices(g, p, oid, ab.sacrifice_other)) < ab.other_count):
                continue
            if ab.tap_other is not None and not additional_costs.has_other(g, p, oid, ab.tap_other):
                continue
            if ab.condition is not None and not ab.condition(g, obj):
                continue
            if ab.loyalty is not None and planeswalkers.loyalty_problem(g, p, oid, ab) is not None:
                continue  # CR 606.3, 606.6
            if ab.crew:
                if not CARDS.can_crew(g, p, ab.crew):
                    continue  # CR 702.122a: not enough power to tap
            if (ab.once and obj.ctx.get(f"activated:{ab.label}")) or len(me.hand) < ab.discard:
                continue  # "Activate only once." / "Discard a card" with an empty hand (CR 602.5b, 602.2b)
            if (ab.tap or ab.sacrifice) and oid in source_ids:  # can't also tap itself for mana
                cost_ = parse_cost(ab.cost)
                if not cost_.is_free() and not payment.can_pay(g, p, cost_, without=oid):
                    continue
            elif not payable(parse_cost(ab.cost)):
                continue
            for modes in ([(m,) for m in range(1, len(ab.modes) + 1)] if ab.modes else [()]):
                specs = ab.targets_for(modes)
                if _per_x(specs):  # "X target ...": listed with X = 0, no target (any X may be named)
                    specs = []
                got_head = heads.get((oid, i, modes))
                if got_head is None:  # (the same all through the position: names are)
                    got_head = heads[(oid, i, modes)] = text_of(g, Action(p, "activate", obj=oid, ability=i,
                                                                         modes=modes))
                head = got_head
                if tg.in_parts(g, specs, p, oid):  # targets chosen one at a time after `activate CARD`
                    if tg.any_option(g, specs[0], p, oid) if len(specs) == 1 else tg.completable(g, specs, p, (), oid):
                        out.append(Action(p, "activate", oid, (), "", "", None, modes, i, (), (), (), (), head))
                    continue
                for combo in tg.combos(g, specs, p, oid):
                    out.append(Action(p, "activate", oid, combo, "", "", None, modes, i, (), (), (), (),
                                      head + tail(combo)))
        if "Room" in c.subtypes and casting.sorcery_timing(g, p):
            for door in special_actions.locked_doors(g, oid):
                cost_ = costs.door_cost(g, p, door)
                if payable(cost_, UNLOCK):
                    out.append(Action(p, "unlock", obj=oid, face=door["name"]))
        listed: tuple[str, ...] = ()
        own = payment.mana_ability(g, oid, c) if oid in source_ids else None
        if own is not None:
            listed = source_ids[oid]
            out += source_actions(oid, obj, c)
        if len(c.defn.mana_abilities()) > 1 and GRANTED_MANA not in c.flags:
            # a mana ability with a life cost is no source for automatic payment, but the
            # player may activate it (Haunted Screen's "{T}, Pay 1 life: Add {G}, {U}, or {R}.")
            for more in c.defn.mana_abilities()[1:]:
                if not more.life or more.life > me.life or (more.active is not None and not more.active(g, obj)):
                    continue
                if more.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
                    continue
                if more.condition is not None and not more.condition(g, obj):
                    continue
                for colour in more.mana:
                    if colour not in listed:
                        out.append(Action(p, "activate", oid, choice=(colour,)))
        if GRANTED_MANA not in c.flags and c.defn.costed_mana():
            # a mana ability with a mana cost ("{1}, {T}: Add {W}{U}.") is no source for automatic
            # payment either: the player activates it, one action per combination (CR 605.3a)
            for more in c.defn.mana_abilities():
                if not more.cost or (more.active is not None and not more.active(g, obj)):
                    continue
                if more.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
                    continue
                if more.condition is not None and not more.condition(g, obj):
                    continue
                if not payment.can_pay(g, p, parse_cost(more.cost), without=oid):
                    continue
                out += [Action(p, "activate", oid, choice=(combo,)) for combo in more.mana]
    return out


def _mana_actions(g: "Context", p: int, oid: int, obj: Any, c: Any, colours: tuple[str, ...],
                  act_names: dict[str, dict[int, str]]) -> list[Action]:
    """The actions of activating a mana source's mana ability, one per colour it makes unless
    it makes one (and its ability costs no life): then `activate Forest`."""
    assert c.defn is not None
    if len(colours) == 1 and not any(m.life for m in c.defn.mana_abilities()):  # else the colour is named
        if c.defn.nonmana_abilities():  # text_of adds "mana=G" (with_texts)
            return [Action(p, "activate", oid)]
        return [_plain_mana_action(g, p, oid, obj, act_names)]  # "activate Forest"
    named = _activate_names(g, p, obj, act_names).get(oid)  # (the canonical text as text_of writes it; else made there)
    return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (colour,), (), (),
                   "activate " + named + " mana=" + colour if named else "") for colour in colours]


def _payable_some_way(pay_ok: Callable[[Any], bool], life: int, cost: Any) -> bool:
    """Whether the cost can be paid with some way of paying its Phyrexian symbols (CR 107.4f):
    the values of X worth listing."""
    return any(pay_ok(cost.life_paid(lw)) for lw in costs.life_ways(cost, life))


def _plain_mana_action(g: "Context", p: int, oid: int, obj: Any, act_names: dict[str, dict[int, str]]) -> Action:
    """"activate Forest": the action of a permanent whose one ability is a plain "{T}: Add ..."
    of one colour (as the general path writes it)."""
    names = _activate_names(g, p, obj, act_names)
    return Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (), "activate " + names.get(oid, obj.name))


def _activate_names(g: "Context", p: int, obj: Any, act_names: dict[str, dict[int, str]]) -> dict[int, str]:
    """How p names the permanents called like this one in `activate` (once per name and listing)."""
    names = act_names.get(obj.name)
    if names is None:
        names = act_names[obj.name] = name_map(g, "activate", p, obj.name.lower())
    return names


_PLAIN: dict[tuple[int, str], tuple[Any, bool]] = {}


def _plain_spell(d: Any, name: str) -> bool:
    """A spell cast from the hand for its mana cost and nothing else: no modes, halves, {X},
    additional or alternative costs, cost reduction, suspend or ability that works from the
    hand. Printed, so known once per definition and name."""
    got = _PLAIN.get((id(d), name))
    if got is None or got[0] is not d:
        data = CARDS.printed(name)
        plain = (d is not None and data is not None and not d.modes and d.additional is None
                 and d.cost_reduction is None and not hooks.alternative_costs(d) and not data.faces
                 and "{X}" not in (data.mana_cost or "") and "/P}" not in (data.mana_cost or "")
                 and CARDS.suspend_of(name) is None
                 and not any(ab.zone == "hand" for ab in d.nonmana_abilities()))
        got = _PLAIN[(id(d), name)] = (d, plain)
    return got[1]


_GY_WORKS: dict[tuple[str, bool], bool] = {}


def _works_from_graveyard(g: "Context", oid: int, name: str) -> bool:
    """Whether a card of this name has an ability that works from the graveyard (CR 113.6k):
    printed, so known once per name."""
    key = (name, g.st.objects[oid].token_def is None)
    got = _GY_WORKS.get(key)
    if got is None:
        d = characteristics.base_chars(g, oid).defn
        got = _GY_WORKS[key] = d is not None and d.works_from_graveyard()
    return got


def _can_turn_face_up(g: "Context", obj: Any, payable: Callable[..., bool], by_mana_cost: bool = False) -> bool:
    """A manifested creature card can be turned face up for its mana cost (CR 701.40b); a
    card with morph for its morph cost (CR 702.37e) — or, manifested, for its mana cost too."""
    morph = None if by_mana_cost else hooks.face_up_cost(g, obj)
    if morph is not None:
        return payable(parse_cost(morph[0]), FACE_UP)
    if obj.ctx.get(NOT_MANIFESTED):  # face down by an effect, not manifested (CR 701.40b)
        return False
    data = CARDS.printed(obj.name)
    if data is None or "Creature" not in data.type_line.split("//")[0]:
        return False
    return payable(parse_cost(data.mana_cost), FACE_UP)


def _delved(g: "Context", p: int, pay_ok: Callable[[Any], bool], cost: Any) -> bool:
    """Whether a spell with delve can be paid: its cost less as many generic mana as cards in
    the graveyard can pay for (CR 702.66a)."""
    return pay_ok(delve.reduced(g, p, cost))


def _per_x(specs: Any) -> bool:
    """"X target ...": as many target words as the X chosen (CR 601.2b-c, 107.3)."""
    return bool(specs) and bool(getattr(specs[0].extra, "per_x", False))
