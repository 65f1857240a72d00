"""Priority (CR 117), the stack and resolving (CR 405, 608), and what a deciding player may do.

`legal_actions` lists every action for the open decision; `perform` validates and applies
one. After all players pass in succession the top of the stack resolves, or, with an empty
stack, the step ends (CR 117.4, 500.2).
"""
from __future__ import annotations

import functools

from typing import TYPE_CHECKING, Any, Callable

from engine.rules import hooks
from engine.actions import MANUAL_VERBS, Action, ActionSyntaxError, IllegalActionError
from engine.cards.model import Ask
from engine.rules import cast_now, casting, characteristics, combat, manual, payment, planeswalkers, targets as tg, turn
from engine.cards.behaviour import printed
from engine.rules.payment import GRANTED_MANA
from engine.rules.mana import FACE_UP, NO_PURPOSES, UNLOCK, parse_cost, restricted_pool
from engine.cards.mechanics import suspend
from engine.format import hand_cands, name_map, ref_text, text_of, with_texts

if TYPE_CHECKING:
    from engine.contract import Decision
    from engine.rules.context import Context


def give_priority(g: "Context") -> None:
    st = g.st
    p = st.priority
    if st.players[p].lost:  # CR 800.4a: a player who left gets no priority; it skips to the next
        st.priority = g.next_player(p)
        if st.priority == p:
            return
        return give_priority(g)
    if g.empty_seat(p):  # the empty seat has nobody to decide: it always passes
        do_pass(g, p)
        return
    st.pending = {"player": p, "kind": "priority", "prompt": "decide.priority",
                  "params": {"step": st.step, "player": g.pname(p)}}


def do_pass(g: "Context", p: int) -> None:
    """CR 117.3d, 117.4: pass; when all pass in succession, resolve or end the step."""
    st = g.st
    st.pending = None
    st.passes += 1
    if st.passes >= sum(1 for pl in st.players if not pl.lost):
        st.passes = 0
        if st.stack:
            st.resolving = st.stack[-1]
        else:
            turn.end_step(g)
    else:
        st.priority = g.next_player(p)


# ------------------------------------------------------------------- resolution (CR 608)
WAIT = "wait"  # a step's answer: run me again (it cast a spell itself, CR 707.12, which may ask first)


def continue_resolving(g: "Context") -> bool:
    st = g.st
    oid = st.resolving
    if oid is None:
        return False
    item = st.objects.get(oid)
    if item is None or item.zone != "stack":
        st.resolving = None
        return True
    steps = _steps(g, item)
    if "started" not in item.ctx:
        item.ctx["started"] = True
        item.ctx["step"] = 0
        if item.targets and all(tg.still_legal(g, item, i) is None for i in range(len(item.targets))):
            # CR 608.2b: every target illegal — the spell or ability doesn't resolve
            g.event("fizzle", card=item.name, obj=item.id)
            _finish(g, item, countered=True)
            return True
    while item.ctx["step"] < len(steps):
        step = steps[item.ctx["step"]]
        done, ask = g.attempt(lambda: step(g, item, item.ctx))
        if not done or ask == WAIT:
            return True  # a choice came up in the middle of the step: asked, then done again
        if isinstance(ask, Ask):
            st.pending = {"player": ask.player, "kind": "ask", "prompt": ask.prompt, "params": ask.params,
                          "options": list(ask.options), "count": ask.count,
                          "min_count": ask.min_count if ask.min_count is not None else ask.count,
                          "where": "stack"}
            return True
        item.ctx["step"] += 1
    _finish(g, item, countered=False)
    return True


def _steps(g: "Context", item: Any) -> list[Any]:
    from engine.cards.behaviour import card_def

    if item.kind == "ward":
        from engine.rules.triggers import ward_steps
        return ward_steps()
    keyword_steps = hooks.trigger_steps(item.kind) if item.kind not in ("card", "token", "ability", "trigger") \
        else None
    if keyword_steps is not None:  # a keyword mechanic's own trigger (engine/rules/hooks.py)
        return keyword_steps
    if item.kind == "delayed":
        from engine.rules.triggers import delayed_steps
        return delayed_steps()
    d = card_def(item.ctx.get("def", item.name), token=item.ctx.get("token", False))
    if d is None:
        return []
    if item.kind in ("card", "token"):
        return list(d.steps_for(item.modes))
    if item.kind == "ability":
        return list(d.nonmana_abilities()[item.ability].steps_for(item.modes))
    if item.kind == "trigger":
        trig = d.triggered[item.ability]
        if trig.modes and item.modes:  # a modal triggered ability: its chosen mode (CR 700.2b)
            return list(trig.modes[item.modes[0] - 1].steps)
        return list(trig.steps)
    return []


def _finish(g: "Context", item: Any, countered: bool) -> None:
    """CR 608.2n, 608.3: instants/sorceries to the graveyard, permanents onto the battlefield."""
    st = g.st
    st.resolving = None
    if item.id in st.stack:
        if item.ctx.get("copy"):  # CR 707.10a, 704.5e: a copy of a spell ceases to exist
            g.remove(item.id)
        elif item.kind in ("card", "token"):
            types = g.printed_types(item.id)
            if not countered and ({"Creature", "Artifact", "Enchantment", "Planeswalker", "Battle", "Land"} & types):
                enchanted = target_still_legal(g, item, 0) if "Aura" in g.printed_subtypes(item.id) else None
                new = g.move(item.id, "battlefield", controller=item.controller, cause="resolve")
                if enchanted is not None and "obj" in enchanted:  # CR 303.4f, 608.3: attached to its target
                    g.update(new, attached_to=enchanted["obj"])
                elif enchanted is not None and "player" in enchanted:  # "Enchant player" (CR 303.4f)
                    g.update(new, ctx={**st.objects[new].ctx, "enchanted_player": enchanted["player"]})
            else:  # (flashback: exiled instead, CR 702.34a)
                g.move(item.id, hooks.leaves_stack_to(item) or "graveyard", cause="countered" if countered else "resolve")
        else:
            g.remove(item.id)  # an ability that has resolved ceases to exist
    if not countered:
        g.event("resolve", card=item.name)
    st.priority = st.active  # CR 117.3b
    st.passes = 0


def counter(g: "Context", oid: int) -> None:
    """CR 701.5: counter a spell or ability — it is removed from the stack without resolving."""
    item = g.st.objects.get(oid)
    if item is None or item.zone != "stack":
        return
    if item.kind == "card":  # "This spell can't be countered." (CR 101.2: the "can't" wins)
        from engine.cards.behaviour import card_def
        d = card_def(item.name)
        if d is not None and d.uncounterable:
            g.event("not_countered", card=item.name)
            return
    g.event("countered", card=item.name)
    resolving = g.st.resolving
    if resolving == oid:
        resolving = None
    _finish(g, item, countered=True)
    # the spell or ability that counters it goes on resolving ("Counter target spell. Its
    # controller manifests dread.", CR 608.2c)
    g.st.resolving = resolving


def target_still_legal(g: "Context", item: Any, i: int) -> dict[str, Any] | None:
    return tg.still_legal(g, item, i)


# ----------------------------------------------------------------- legal actions
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
        out = combat.assign_actions(g, p)
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


def _x_values(g: "Context", oid: int, d: Any, alt: str, face: str, data: Any,
              payable: Callable[[Any], bool]) -> list[int | None]:
    """[None] for a spell without {X} in the cost being paid; otherwise every value of X
    the player can pay now, 0 first (CR 107.3a, 601.2b). Exact and finite: a larger X
    needs more mana, so the first value that cannot be paid ends the list."""
    if alt or data is None:
        return [None]
    cost_text = data.mana_cost or ""
    if face and data.faces:
        cost_text = next((f.get("mana_cost") or "" for f in data.faces if f.get("name") == face), "")
    if "{X}" not in cost_text.split("//")[0]:
        return [None]
    out: list[int | None] = [None]  # X = 0 is the plain `cast CARD`
    x = 1
    while payable(casting.spell_cost(g, oid, d, [], x, alt, face)):
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
    act_names: dict[str, dict[int, str]] = {}

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
            if casting.sorcery_timing(g, p) and me.lands_played < 1:
                out.append(Action(p, "play", obj=oid, text="play " + hand_name(oid)))
        elif casting.timing_ok(g, p, oid):
            d = c.defn
            if not restricted and not st.may_play and _plain_spell(d, c.name) and st.objects[oid].zone == "hand" \
                    and not cast_now.is_now(g, oid):  # (not cast for another cost as an ability resolves)
                # the usual card: its mana cost and nothing else to weigh; one look at whether
                # that can be paid decides whether the rest is worth making (the common case of
                # a crowded board is a hand that can cast nothing)
                if granted_alts is None:
                    granted_alts = sorted(casting.granted_alt_costs(g, p))
                if not granted_alts and not payment.has_convoke(g, p, c) \
                        and not payable(casting.spell_cost(g, oid, d, [], 0, "", "")):
                    if quick:
                        mana_memo[("unpayable", oid, pool_key)] = True
                    continue
            if d is not None and d.additional is not None and not d.additional.or_pay \
                    and not casting.sacrifice_options(g, p, d, oid):
                continue
            life = casting.life_cost(g, oid) if st.may_play else None
            if life is not None and me.life < life:
                continue  # CR 119.4: you can't pay more life than you have
            mode_sets: list[tuple[int, ...]] = [()] if d is None or not d.modes else \
                d.mode_sets(g, st.objects[oid])
            # "" is the mana cost; each alternative by the zone it is cast from (flashback), and
            # those the player's permanents give (CR 118.9)
            alts = casting.zone_alts(g, oid, d) if life is None else [""]
            if life is None and st.objects[oid].zone != "graveyard":
                if granted_alts is None:
                    granted_alts = sorted(casting.granted_alt_costs(g, p))
                own_alts = hooks.alternative_costs(d) if granted_alts else {}
                given = [x for x in granted_alts if x not in own_alts]  # a Leyline's
                if st.objects[oid].zone == "exile":
                    given += sorted(casting.player_alt_costs(g, p, oid))
                alts += [x for x in given if x not in alts]
            varies = d is not None and d.cost_reduction is not None  # else one check per cost
            pay_ok: Callable[[Any], bool] = payable
            purposes = casting.spell_purposes(g, oid, c) if restricted else NO_PURPOSES  # (CR 106.6)
            convoke = payment.has_convoke(g, p, c)  # its creatures can help pay (CR 702.51a)
            if purposes or convoke:
                pay_ok = functools.partial(payable, purposes=purposes, convoke=convoke)
            data = printed(c.name)
            faces = [f["name"] for f in data.faces] if data is not None and data.faces else [""]
            for face in faces:
                for modes in mode_sets:
                    specs = tg.per_player(g, p, d.targets_for(modes)) if d else []
                    for alt, x in [(alt, x) for alt in alts for x in _x_values(g, oid, d, alt, face, data, pay_ok)]:
                        if not varies and not pay_ok(casting.spell_cost(g, oid, d, [], x or 0, alt, face)):
                            continue
                        if alt == casting.LIFE_FROM_HAND and me.life < casting.hand_life_for(g, oid, face):
                            continue  # Access Maze: a Room's door costs its own mana value in life (CR 709.3, 119.4)
                        if alt and hooks.alt_additional(d, alt) is not None and not casting.sacrifice_options(
                                g, p, hooks.with_alt_additional(d, alt), oid):
                            continue  # retrace with no land card to discard (CR 702.81a, 601.2h)
                        if d is not None and d.additional is not None and d.additional.kind == "tap" \
                                and not casting.tap_candidates(g, p, d, casting.spell_cost(g, oid, d, [], x or 0,
                                                                                           alt, face), []):
                            continue
                        head = ("cast " + hand_name(oid) + (": " + face if face else "")
                                + (" with " + alt if alt else "") + (f" x={x}" if x else "")
                                + (" mode=" + ",".join(str(m) for m in modes) if modes else ""))
                        if tg.in_parts(g, specs, p):  # targets chosen one at a time after `cast CARD`
                            # (one target word split for its many targets: there are targets)
                            if (tg.any_option(g, specs[0], p) if len(specs) == 1 else tg.completable(g, specs, p)) \
                                    and (not varies or any(
                                    pay_ok(casting.spell_cost(g, oid, d, [tg.as_dict(t) for t in combo], x or 0,
                                                              alt, face))
                                    for combo in ([()] if len(specs) > 1 else tg.combos(g, specs, p)))):
                                out.append(Action(p, "cast", oid, (), face, alt, x, modes, 0, (), (), (), (),
                                                  head))
                            continue
                        for combo in tg.combos(g, specs, p):
                            if varies and not pay_ok(casting.spell_cost(
                                    g, oid, d, [tg.as_dict(t) for t in combo], x or 0, alt, face)):
                                continue
                            # positional arguments: measurably faster in this hot loop
                            out.append(Action(p, "cast", oid, combo, face, alt, x, modes, 0, (), (), (), (),
                                              head + tail(combo)))
        if st.objects[oid].zone == "hand" and suspend.of(c.name) is not None and suspend.can_suspend(g, p, oid) \
                and payable(parse_cost(suspend.suspend_cost(c.name))):  # a special action (CR 702.62a, 116.2f)
            out.append(Action(p, "suspend", obj=oid))
        if c.defn and st.objects[oid].zone == "hand":  # (a card playable from exile has no hand abilities)
            for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
                if ab.zone == "hand" and payable(parse_cost(ab.cost)) and (
                        ab.condition is None or ab.condition(g, st.objects[oid])):  # ninjutsu's (CR 702.49a)
                    if not ab.targets:
                        out.append(Action(p, "activate", obj=oid, ability=i))
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
            if len(casting.named_others(g, p, oid)) < ab.exile_named or not payable(parse_cost(ab.cost)):
                continue
            if ab.condition is not None and not ab.condition(g, st.objects[oid]):
                continue
            seen_gy.add(objects[oid].name)
            head = text_of(g, Action(p, "activate", obj=oid, ability=i))
            for combo in tg.combos(g, ab.targets, p):
                out.append(Action(p, "activate", oid, combo, "", "", None, (), i, (), (), (), (), head + tail(combo)))
    plain_acts: dict[int, Action] = g.memo.setdefault(("plain_mana_actions", p), {})
    for oid, obj, c in g.perms(p):
        if obj.face_down and "cant_turn_face_up" not in c.flags and _can_turn_face_up(obj, payable):
            # CR 116.2b, 701.40b: turning a manifested creature card face up for its mana cost,
            # a special action any time you have priority
            out.append(Action(p, "turn face up", obj=oid))
        if c.defn is None:
            granted = payment.mana_ability(g, oid, c)  # a face-down creature given a mana ability
            if granted is not None and oid in source_ids:
                out += [Action(p, "activate", oid, choice=(colour,)) for colour in granted.mana]
            continue
        if c.defn.only_plain_mana() and "Room" not in c.subtypes and GRANTED_MANA not in c.flags:
            # a land: nothing to list but, while it is a source, its "activate Forest" (the same
            # action all through the position; the hot path of a crowded board)
            if oid not in source_ids:
                continue
            if len(source_ids[oid]) == 1:
                got = plain_acts.get(oid)
                if got is None:
                    got = plain_acts[oid] = _plain_mana_action(g, p, oid, obj, act_names)
                out.append(got)
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
            if ab.sacrifice_other is not None and not casting.has_other(g, p, oid, ab.sacrifice_other):
                continue
            if ab.tap_other is not None and not casting.has_other(g, p, oid, ab.tap_other):
                continue
            if ab.condition is not None and not ab.condition(g, obj):
                continue
            if ab.loyalty is not None and planeswalkers.loyalty_problem(g, p, oid, ab) is not None:
                continue  # CR 606.3, 606.6
            if ab.crew:
                from engine.cards.mechanics.crew import can_crew
                if not can_crew(g, p, ab.crew):
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
                head = text_of(g, Action(p, "activate", obj=oid, ability=i, modes=modes))
                if tg.in_parts(g, specs, p, oid):  # targets chosen one at a time after `activate CARD`
                    if tg.any_option(g, specs[0], p, oid) if len(specs) == 1 else tg.completable(g, specs, p, (), oid):
                        out.append(Action(p, "activate", oid, (), "", "", None, modes, i, (), (), (), (), head))
                    continue
                for combo in tg.combos(g, specs, p, oid):
                    out.append(Action(p, "activate", oid, combo, "", "", None, modes, i, (), (), (), (),
                                      head + tail(combo)))
        if "Room" in c.subtypes and casting.sorcery_timing(g, p):
            for door in casting.locked_doors(g, oid):
                cost_ = casting.door_cost(g, p, door)
                if payable(cost_, UNLOCK):
                    out.append(Action(p, "unlock", obj=oid, face=door["name"]))
        listed: tuple[str, ...] = ()
        own = payment.mana_ability(g, oid, c) if oid in source_ids else None
        if own is not None:
            listed = colours = source_ids[oid]
            if len(colours) == 1 and not any(m.life for m in c.defn.mana_abilities()):  # else the colour is named
                if c.defn.nonmana_abilities():  # text_of adds "mana=G" (with_texts)
                    out.append(Action(p, "activate", oid))
                else:  # "activate Forest"
                    names = act_names.get(obj.name)
                    if names is None:
                        names = act_names[obj.name] = name_map(g, "activate", p, obj.name.lower())
                    out.append(Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (),
                                      "activate " + names.get(oid, obj.name)))
            else:
                names = act_names.get(obj.name)
                if names is None:
                    names = act_names[obj.name] = name_map(g, "activate", p, obj.name.lower())
                named = names.get(oid)  # (the canonical text as text_of writes it; else made there)
                for colour in colours:
                    out.append(Action(p, "activate", oid, (), "", "", None, (), 0, (), (colour,), (), (),
                                      "activate " + named + " mana=" + colour if named else ""))
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
    return out


def _plain_mana_action(g: "Context", p: int, oid: int, obj: Any, act_names: dict[str, dict[int, str]]) -> Action:
    """"activate Forest": the action of a permanent whose one ability is a plain "{T}: Add ..."
    of one colour (as the general path below writes it)."""
    names = act_names.get(obj.name)
    if names is None:
        names = act_names[obj.name] = name_map(g, "activate", p, obj.name.lower())
    return Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (), "activate " + names.get(oid, obj.name))


_PLAIN: dict[tuple[int, str], tuple[Any, bool]] = {}


def _plain_spell(d: Any, name: str) -> bool:
    """A spell cast from the hand for its mana cost and nothing else: no modes, halves, {X},
    additional or alternative costs, cost reduction, suspend or ability that works from the
    hand. Printed, so known once per definition and name."""
    got = _PLAIN.get((id(d), name))
    if got is None or got[0] is not d:
        data = printed(name)
        plain = (d is not None and data is not None and not d.modes and d.additional is None
                 and d.cost_reduction is None and not hooks.alternative_costs(d) and not data.faces
                 and "{X}" not in (data.mana_cost or "") and suspend.of(name) is None
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


def _can_turn_face_up(obj: Any, payable: Callable[..., bool]) -> bool:
    """A manifested creature card can be turned face up for its mana cost (CR 701.40b)."""
    data = printed(obj.name)
    if data is None or "Creature" not in data.type_line.split("//")[0]:
        return False
    return payable(parse_cost(data.mana_cost), FACE_UP)


# ----------------------------------------------------------------- performing
_FIELDS = ("obj", "targets", "face", "alt", "x", "modes", "ability", "pairs", "choice", "pay", "args")
_ALLOWED = {"pass": (), "keep": (), "mulligan": (), "play": ("obj",),
            "cast": ("obj", "targets", "face", "alt", "x", "modes", "pay"),
            "activate": ("obj", "ability", "targets", "x", "pay", "choice", "modes"), "unlock": ("obj", "face", "pay"),
            "turn face up": ("obj", "pay"), "suspend": ("obj", "pay"), "assign": ("obj", "args", "choice"), "attacker": ("pairs",),
            "blocker": ("pairs",), "attack": ("pairs", "args"), "block": ("pairs", "args"),
            "choose": ("choice", "args"), "pick": ("choice",), "target": ("targets",)}
_DEFAULTS = {f: Action._field_defaults[f] for f in _FIELDS}


def _extra_field(a: Action) -> str | None:
    allowed = _ALLOWED.get(a.verb)
    if allowed is None:
        return None
    for f in _FIELDS:
        if f not in allowed and getattr(a, f) != _DEFAULTS[f] and not (f == "x" and a.x == 0):
            return f
    if a.verb == "activate" and a.ability == 0 and (a.targets or a.x or a.pay):
        return "targets" if a.targets else "x" if a.x else "pay"  # CR 605.3: a mana ability just adds mana
    if a.verb == "activate" and a.ability != 0 and a.choice:
        return "choice"
    return None


_ANSWERS = {"priority": ("pass", "play", "cast", "activate", "unlock", "turn face up", "suspend"), "assign": ("assign",),
            "mulligan": ("keep", "mulligan"), "attackers": ("attacker", "attack"), "blockers": ("blocker", "block"),
            "bottom": ("pick", "choose"), "discard": ("pick", "choose"), "ask": ("pick", "choose"),
            "order_triggers": ("pick", "choose"), "targets": ("pick", "choose")}


def precheck(g: "Context", a: Action) -> None:
    """The checks that need no change to the state: who decides, which verbs answer the
    open decision, which fields the verb takes. Refused here, nothing has to be rebuilt."""
    st = g.st
    extra = _extra_field(a)
    if extra is not None:
        raise ActionSyntaxError("action.extra_field", verb=a.verb, field=extra)
    if st.outcome is not None:
        raise IllegalActionError("game.over")
    if not 0 <= a.player < len(st.players):
        raise IllegalActionError("player.unknown")
    if a.verb == "concede" or a.verb in MANUAL_VERBS:
        return
    dec = g.pending
    if dec is None or dec.player != a.player:
        who = g.pname(dec.player) if dec else "nobody"
        raise IllegalActionError("not_your_decision", player=who)
    if a.verb not in _ANSWERS.get(dec.kind, ()):
        if dec.kind == "priority":
            raise IllegalActionError("priority.verb", verb=a.verb)
        if dec.kind == "mulligan":
            raise IllegalActionError("mulligan.expected")
        if dec.kind == "attackers":
            raise IllegalActionError("attack.expected")
        if dec.kind == "blockers":
            raise IllegalActionError("block.expected")
        raise IllegalActionError("choose.expected")


def perform(g: "Context", a: Action) -> None:
    st = g.st
    precheck(g, a)
    if a.verb == "concede":  # CR 104.3a: a player may concede at any time
        manual.concede(g, a.player)
        return
    if a.verb in MANUAL_VERBS:
        manual.perform(g, a)
        return
    dec = g.pending
    assert dec is not None
    kind = dec.kind
    if kind == "priority":
        _perform_priority(g, a)
    elif kind == "mulligan":
        from engine.rules import setup
        setup.mulligan_answer(g, a.player, a.verb == "keep")
    elif kind in ("bottom", "discard"):
        if a.verb == "pick":
            _pick(g, a, dec)
        else:
            _choose_from_hand(g, a, kind)
    elif kind == "attackers":
        combat.declare_attackers(g, a)
    elif kind == "blockers":
        combat.declare_blockers(g, a)
    elif kind == "assign":  # combat damage (CR 510.1)
        combat.assign(g, a)
    elif kind in ("ask", "order_triggers", "targets"):
        if a.verb == "pick":
            _pick(g, a, dec)
        else:
            _answer(g, a)
    else:
        raise IllegalActionError("decision.unknown")


def _perform_priority(g: "Context", a: Action) -> None:
    st = g.st
    if a.verb == "pass":
        do_pass(g, a.player)
        return
    st.pending = None  # an action may open a new decision (a cost choice); don't lose it
    st.priority = a.player  # CR 117.3c: the player who acted receives priority again
    if a.verb == "play":
        casting.play_land(g, a)
    elif a.verb == "cast":
        casting.cast(g, a)
    elif a.verb == "activate":
        casting.activate(g, a)
    elif a.verb in ("unlock", "turn face up"):
        manual.special_action(g, a)
    elif a.verb == "suspend":  # CR 702.62a, 116.2f
        casting.suspend(g, a)
    else:
        raise IllegalActionError("priority.verb", verb=a.verb)


def _pick(g: "Context", a: Action, dec: "Decision") -> None:
    """One part of a choice of several (CR 103.5 bottom, 514.1 discard, a choice of N):
    remembered in the open decision; at the maximum the whole choice is made."""
    st = g.st
    pend = st.pending
    assert pend is not None
    if len(a.choice) != 1:
        raise IllegalActionError("pick.one")
    if dec.max_count <= 1:
        raise IllegalActionError("pick.choose_one")
    if len(dec.chosen) >= dec.max_count:
        raise IllegalActionError("pick.full")
    want = a.choice[0].lower()
    if pend["kind"] in ("bottom", "discard"):
        hand = [o for o in st.players[a.player].hand if o not in pend.get("picked", ())]
        oid = next((o for o in hand if st.objects[o].name.lower() == want), None)
        if oid is None:
            raise IllegalActionError("choose.not_in_hand", card=a.choice[0])
        new = dict(pend, picked=list(pend.get("picked", ())) + [oid],
                   chosen=list(pend.get("chosen", ())) + [st.objects[oid].name])
    else:
        options = [str(o) for o in pend["options"]]
        low = [o.lower() for o in options]
        if want not in low:
            raise IllegalActionError("choose.bad_option", option=a.choice[0])
        opt = options[low.index(want)]
        if opt in pend.get("chosen", ()):
            raise IllegalActionError("pick.twice", option=opt)
        new = dict(pend, chosen=list(pend.get("chosen", ())) + [opt])
    st.pending = new  # a new dict: the Decision cached for the old one stays as it was
    if len(new["chosen"]) >= dec.max_count:
        _finish_picks(g, a.player)


def _finish_picks(g: "Context", p: int) -> None:
    pend = g.st.pending
    assert pend is not None
    chosen = tuple(pend.get("chosen", ()))
    base = {k: v for k, v in pend.items() if k not in ("chosen", "picked")}
    g.st.pending = base
    if base["kind"] in ("bottom", "discard"):
        _choose_from_hand(g, Action(p, "choose", choice=chosen), base["kind"])
    else:
        _answer(g, Action(p, "choose", choice=chosen))


def _choose_from_hand(g: "Context", a: Action, kind: str) -> None:
    st = g.st
    pend = st.pending
    assert pend is not None
    p = a.player
    if a.verb == "choose" and a.args == ("done",):
        if len(pend.get("chosen", ())) != pend["count"]:
            raise IllegalActionError("choose.count", count=pend["count"])
        _finish_picks(g, p)
        return
    if pend.get("chosen"):
        raise IllegalActionError("choose.in_parts")
    if a.verb != "choose" or len(a.choice) != pend["count"]:
        raise IllegalActionError("choose.count", count=pend["count"])
    hand = list(st.players[p].hand)
    picked: list[int] = []
    for name in a.choice:
        oid = next((o for o in hand if st.objects[o].name.lower() == name.lower() and o not in picked), None)
        if oid is None:
            raise IllegalActionError("choose.not_in_hand", card=name)
        picked.append(oid)
    st.pending = None
    for oid in picked:
        if kind == "bottom":  # CR 103.5: London mulligan, to the bottom in any order
            g.move(oid, "library", position=-1, cause="mulligan")
        else:  # CR 514.1: discard to hand size
            name = st.objects[oid].name
            g.move(oid, "graveyard", cause="discard")
            g.event("discard", player=g.pname(p), card=name)
    if kind == "bottom":
        g.event("bottom", player=g.pname(p), count=len(picked))


def _answer(g: "Context", a: Action) -> None:
    st = g.st
    pend = st.pending
    assert pend is not None
    if a.verb != "choose":
        raise IllegalActionError("choose.expected")
    lo, hi = pend.get("min_count", pend.get("count", 1)), pend.get("count", 1)
    if a.args == ("done",):
        if len(pend.get("chosen", ())) < lo:
            raise IllegalActionError("choose.at_least", count=lo)
        if pend.get("chosen"):
            _finish_picks(g, a.player)
            return
    elif pend.get("chosen"):
        raise IllegalActionError("choose.in_parts")
    options = [o.lower() for o in pend["options"]]
    if not lo <= len(a.choice) <= hi:
        raise (IllegalActionError("choose.count", count=hi) if lo == hi
               else IllegalActionError("choose.between", minimum=lo, maximum=hi))
    if len({c.lower() for c in a.choice}) != len(a.choice):
        raise IllegalActionError("choose.twice")
    for c in a.choice:
        if c.lower() not in options:
            raise IllegalActionError("choose.bad_option", option=c)
    answer = [pend["options"][options.index(c.lower())] for c in a.choice]
    st.pending = None
    if pend["kind"] == "ask" and pend.get("where") == "choice":
        st.choice_answers.append(answer)
        g.dirty = True
    elif pend["kind"] == "ask" and pend.get("where") == "legend":
        keep = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
        from engine.rules.sba import put_into_graveyard
        for oid in pend["refs"]:
            if oid != keep and oid in st.objects:
                put_into_graveyard(g, oid, cause="sba")
    elif pend["kind"] == "ask" and pend.get("where") == "opening_hand":
        if answer[0] == "yes":  # CR 103.6: it begins the game on the battlefield
            new = g.move(pend["obj"], "battlefield", cause="opening_hand")
            from engine.cards.behaviour import card_def
            d = card_def(g.st.objects[new].name)
            if d is not None and "chosen_type_everywhere" in d.player_rules:  # "As this enchantment enters ..."
                from engine.cards.vocab.player_rules import creature_types
                st.pending = {"player": a.player, "kind": "ask", "where": "as_enters", "obj": new,
                              "prompt": "ask.creature_type", "params": {"card": g.st.objects[new].name},
                              "options": creature_types(), "count": 1, "min_count": 1}
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters" and pend.get("prompt") == "ask.choose_color":
        obj = st.objects[pend["obj"]]  # "As it enters, choose a color." (Valgavoth's Lair)
        g.update(obj.id, ctx={**{k: v for k, v in obj.ctx.items() if k != "choose"}, "color": answer[0]})
        g.event("choose_color", player=g.pname(a.player), card=obj.name, color=answer[0])
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters" and pend.get("prompt") == "ask.choose_word":
        obj = st.objects[pend["obj"]]  # "As this creature enters, choose Believe or Doubt." (CR 614.12b)
        g.update(obj.id, ctx={**{k: v for k, v in obj.ctx.items() if k != "choose"}, "chosen_word": answer[0]})
        g.event("choose", player=g.pname(a.player), choice=answer[0])
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters":
        obj = st.objects[pend["obj"]]
        g.update(obj.id, ctx={**obj.ctx, "chosen_type": answer[0]})
    elif pend["kind"] == "ask" and pend.get("where") == "trigger_mode":
        g.triggers.mode_chosen(pend, answer)
    elif pend["kind"] == "ask" and pend.get("where") == "reveal":  # miracle's reveal (CR 702.94a)
        g.triggers.revealed(pend, answer)
    elif pend["kind"] == "ask" and pend.get("where") == "tap_announce":  # Fear of Exposure's cost
        casting.tap_chosen(g, a.player, pend, pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())])
    elif pend["kind"] == "ask" and pend.get("where") == "cost_tap":  # "Tap another untapped creature ..."
        oid = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
        g.update(oid, tapped=True)
        st.priority = a.player
    elif pend["kind"] == "ask" and pend.get("where") == "cost" and pend.get("cost") == "crew":
        oid = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
        if oid == "done":  # one more creature to crew with, or done (CR 702.122a)
            casting.finish_crew(g, pend["chosen_crew"])
        else:
            casting.ask_crew(g, a.player, pend["item"], pend["n"], pend["chosen_crew"] + [oid])
            return
    elif pend["kind"] == "ask" and pend.get("where") == "cost" and pend.get("cost") == "discard":
        oid = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
        name = st.objects[oid].name  # "Discard a card" (CR 602.2b)
        g.move(oid, "graveyard", cause="discard")
        g.event("discard", player=g.pname(a.player), card=name)
    elif pend["kind"] == "ask" and pend.get("where") == "cost" and _exile_cost(st, pend):
        oid = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
        # "As an additional cost ..., exile a creature you control." — the card is exiled
        # with the spell, and so with the permanent it becomes (Fear of Abduction)
        new = g.move(oid, "exile", cause="cost")
        spell = st.objects[pend["item"]]
        spell.ctx["exiled_with"] = [*spell.ctx.get("exiled_with", []), new]
    elif pend["kind"] == "ask" and pend.get("where") == "cost":
        lows = [o.lower() for o in pend["options"]]
        chosen = [pend["refs"][lows.index(x.lower())] for x in answer]
        for oid in chosen:
            if oid == "pay":
                casting.pay_additional(g, a.player, pend["item"])
            elif pend.get("prompt") == "ask.discard":  # "As an additional cost ..., discard a card."
                name = st.objects[oid].name
                types = sorted(g.printed_types(oid))
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(a.player), card=name)
                if pend["item"] in st.objects:
                    st.objects[pend["item"]].ctx["discarded_types"] = types
            elif pend.get("prompt") == "ask.choose_cost" and pend["item"] in st.objects:
                # "choose a creature you control or reveal a creature card from your hand" (CR 601.2b):
                # remembered on the spell, with the power it has now should it be gone later (CR 113.7a)
                spell = st.objects[pend["item"]]
                picked = st.objects[oid]
                if picked.zone == "hand":
                    g.event("reveal", player=g.pname(a.player), card=picked.name)
                spell.ctx = {**spell.ctx, "chosen": oid, "chosen_power": g.chars(oid).power or 0}
            else:
                casting.pay_additional_with(g, pend.get("action", "sacrifice"), oid, pend.get("item"))
        st.priority = a.player  # CR 601.2i: the spell is cast; its caster gets priority
    elif pend["kind"] == "ask":
        item = st.objects[st.resolving]  # type: ignore[index]
        item.ctx["answer"] = answer
    elif pend["kind"] == "targets" and pend.get("where") == "announce":
        ref = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
        casting.target_chosen(g, a.player, pend, None if ref is None else (str(ref[0]), int(ref[1])))
    else:
        g.triggers.answer(pend, answer)


def _exile_cost(st: Any, pend: dict[str, Any]) -> bool:
    """The additional cost of this spell exiles a permanent instead of sacrificing it."""
    from engine.cards.behaviour import card_def
    item = st.objects.get(pend.get("item"))
    d = card_def(item.name) if item is not None and item.kind == "card" else None
    return bool(d is not None and d.additional is not None and d.additional.exile)
