"""Casting spells (CR 601), activating abilities (CR 602), mana abilities (CR 605),
playing lands (CR 305) and paying costs (CR 118, 601.2f-h).

Every function validates first and changes the state only once the action is known to be
legal, so a refused action leaves nothing behind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.format import hand_cands
from engine.rules import hooks
from engine.actions import Action, IllegalActionError
from engine.cards.behaviour import card_def, printed
from engine.rules import targets as tg, zones
from engine.rules.mana import Cost, Source, parse_cost, plan_payment

if TYPE_CHECKING:
    from engine.cards.model import Activated, CardDef
    from engine.rules.context import Context


def sorcery_timing(g: "Context", player: int) -> bool:
    """CR 307.1 / 117.1a: own main phase, stack empty."""
    st = g.st
    return st.active == player and st.step in ("main1", "main2") and not st.stack


def mana_sources(g: "Context", player: int, exclude: set[int] = frozenset()) -> list[Source]:  # type: ignore[assignment]
    out: list[Source] = []
    for oid, obj, c in g.perms(player):
        d = c.defn
        if d is None or oid in exclude:
            continue
        for ab in d.mana_abilities():
            if ab.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
                continue
            # a source of two mana ("{T}: Add {G}{G}.") can pay two symbols (CR 106.4)
            out.extend(Source(oid, obj.name, ab.mana, ab.sacrifice) for _ in range(ab.amount))
            break
    return out


def _sick(g: "Context", oid: int) -> bool:
    """CR 302.6: summoning sickness, unless it has haste (CR 702.10)."""
    return g.st.objects[oid].sick and not g.has(oid, "haste")


def convoke_sources(g: "Context", player: int, sources: list[Source], exclude: set[int] = frozenset()  # type: ignore[assignment]
                    ) -> list[Source]:
    """CR 702.51a: convoke — each untapped creature you control (summoning sick or not) may be
    tapped to pay for {1} or one mana of that creature's colour. Creatures that are mana
    sources already pay through their mana ability."""
    have = {s.obj for s in sources}
    out = []
    for oid, obj, c in g.perms(player):
        if "Creature" in c.types and not obj.tapped and oid not in have and oid not in exclude:
            out.append(Source(oid, obj.name, tuple(sorted(c.colors)) or ("C",), convoke=True))
    return out


def plan(g: "Context", player: int, cost: Cost, exclude: set[int], pay: tuple[int, ...] = (),
         convoke: bool = False) -> Any:
    pool = g.st.players[player].mana
    sources = mana_sources(g, player, exclude)
    if convoke:
        sources = sources + convoke_sources(g, player, sources, exclude)
    if pay:
        by_id = {s.obj: s for s in sources}
        missing = [p for p in pay if p not in by_id]
        if missing:
            raise IllegalActionError("A named mana source cannot be used now (tapped or not yours).",
                                     "pay.bad_source")
        sources = [by_id[p] for p in pay]
        # CR 601.2g-h: the player chooses how to pay — the named sources first, floating mana
        # only for what they can't cover
        got = plan_payment(cost, {}, sources) or plan_payment(cost, pool, sources)
        if got is not None and len({oid for oid, _ in got[1]}) < len(set(pay)):
            # every named source pays: the engine never picks which of them to leave out, and
            # convoke taps no more creatures than the cost needs (CR 702.51a; ruling, Die
            # Wandernde Retterin)
            raise IllegalActionError(f"More sources are named than {cost} needs (CR 601.2h).", "pay.too_many",
                                     cost=str(cost))
    else:
        got = plan_payment(cost, pool, sources)
    if got is None:
        raise IllegalActionError(f"You cannot pay {cost} now (CR 601.2h).", "pay.cannot", cost=str(cost))
    return got


def execute_payment(g: "Context", player: int, got: Any) -> None:
    """CR 601.2g-h: activate mana abilities, then pay from the pool."""
    from_pool, used = got
    p = g.st.players[player]
    for c, n in from_pool.items():
        p.mana[c] -= n
        if not p.mana[c]:
            del p.mana[c]
    done: set[int] = set()
    for oid, _colour in used:
        obj = g.st.objects[oid]
        d = g.chars(oid).defn
        ab = d.mana_abilities()[0] if d and d.mana_abilities() else None
        if oid in done:
            continue
        done.add(oid)
        if ab is not None and ab.amount > 1:  # the mana not spent stays in the pool (CR 106.4)
            left = ab.amount - sum(1 for o, _ in used if o == oid)
            if left > 0:
                p.mana[_colour] = p.mana.get(_colour, 0) + left
        if ab is None:  # a creature tapped for convoke (CR 702.51a)
            g.update(obj.id, tapped=True)
            continue
        if ab is not None and ab.tap:
            g.update(obj.id, tapped=True)
        if ab is not None and ab.sacrifice:
            g.sacrifice(oid)


def face_of(g: "Context", obj_id: int, face: str) -> dict[str, Any] | None:
    """The named half of a Room or split card (CR 709), matched without regard to case."""
    data = printed(g.st.objects[obj_id].name)
    for f in (data.faces if data else ()):
        if f.get("name", "").lower() == face.lower():
            return f
    return None


def spell_cost(g: "Context", obj_id: int, defn: "CardDef | None", targets: list[Any], x: int,
               alt: str = "", face: str = "") -> Cost:
    data = printed(g.st.objects[obj_id].name)
    half = face_of(g, obj_id, face) if face else None
    alts = hooks.alternative_costs(defn) if alt else {}
    if alt in alts:
        cost = parse_cost(alts[alt])  # an alternative cost (CR 118.9)
    elif half is not None:
        cost = parse_cost(half.get("mana_cost"))  # only the half being cast counts (CR 709.3)
    else:
        cost = parse_cost((data.mana_cost or "").split("//")[0] if data else "")
    cost = cost.with_x(x)
    if defn is not None and defn.additional is not None and defn.additional.or_pay \
            and not sacrifice_options(g, g.st.objects[obj_id].owner, defn):
        cost = cost.plus(parse_cost(defn.additional.or_pay))  # nothing to sacrifice: pay instead (CR 601.2h)
    if defn is not None and defn.cost_reduction is not None:
        cost = cost.reduced(defn.cost_reduction(g, g.st.objects[obj_id], targets))
    discounts = discounts_of(g, g.st.objects[obj_id].owner)
    if discounts:
        types = g.printed_types(obj_id)
        subtypes = set(g.printed_subtypes(obj_id))
        cost = cost.reduced(sum(n for what, n in discounts if what in types  # "Demon, Horror, or Nightmare"
                                or (what.startswith("subtype:") and subtypes & set(what[8:].split(",")))))
    return cost


def mana_spent(g: "Context", got: Any) -> int:
    """How much mana a payment plan spends (CR 601.2h): mana from the pool and from mana
    abilities; creatures tapped for convoke are not mana (CR 702.51a)."""
    from_pool, used = got
    n = int(sum(from_pool.values()))
    for oid, _colour in used:
        d = g.chars(oid).defn
        n += 1 if d is not None and d.mana_abilities() else 0
    return n


def discounts_of(g: "Context", p: int) -> list[tuple[str, int]]:
    """The cost reductions p's permanents give p's spells and unlock costs (CR 601.2f),
    found once per position."""
    key = ("discounts", p)
    got: list[tuple[str, int]] | None = g.memo.get(key)
    if got is None:
        got = [d for _, _, c in g.perms(p) if c.defn is not None for d in c.defn.discounts]
        g.memo[key] = got
    return got


def door_cost(g: "Context", p: int, door: dict[str, Any]) -> Cost:
    """A door's unlock cost, less "Unlock costs you pay cost {1} less" (CR 709.5, 601.2f)."""
    return parse_cost(door.get("mana_cost")).reduced(sum(n for w, n in discounts_of(g, p) if w == "unlock"))


def timing_ok(g: "Context", player: int, oid: int) -> bool:
    c = g.chars(oid)
    return "Instant" in c.types or "flash" in c.keywords or sorcery_timing(g, player) or _as_though_flash(g, player, c)


def _as_though_flash(g: "Context", player: int, c: Any) -> bool:
    """CR 601.3b, 702.8: "you may cast [creature / noncreature] spells as though they had flash"
    — static abilities of the player's permanents (Kianne, engine/cards/vocab_cards_dsc.py)."""
    for sid, fn in g.static_sources():
        check = getattr(fn, "flash_for", None)
        if check is not None and g.st.objects[sid].controller == player and check(g, g.st.objects[sid], c):
            return True
    return False


def cast(g: "Context", a: Action) -> None:
    st = g.st
    p = a.player
    oid = a.obj
    if oid is None or oid not in hand_cands(g, p):
        raise IllegalActionError("You can cast only a card in your hand (CR 601.2a).", "cast.not_in_hand")
    c = g.chars(oid)
    if "Land" in c.types:
        raise IllegalActionError("A land is played, not cast (CR 305.1).", "cast.land")
    if not timing_ok(g, p, oid):
        raise IllegalActionError(f"You can cast {c.name} only at sorcery speed: in your main phase "
                                 "with the stack empty (CR 307.1).", "cast.timing", card=c.name)
    defn = c.defn
    data = printed(c.name)
    if data is not None and data.faces:
        if not a.face or face_of(g, oid, a.face) is None:
            doors = " or ".join(f["name"] for f in data.faces)
            raise IllegalActionError(f"Choose the half of {c.name} to cast: {doors} (CR 709.3).",
                                     "cast.face", card=c.name)
    elif a.face:
        raise IllegalActionError(f"{c.name} has no halves to choose from.", "cast.no_face", card=c.name)
    _check_modes(defn, a.modes, c.name)
    _check_alt(defn, a.alt, c.name)
    specs = defn.targets_for(a.modes) if defn else []
    if len(specs) > 1 and not a.targets:
        return _announce(g, a, specs, c.name)
    _check_targets(g, specs, a.targets, p, c.name)
    _check_x(g, oid, defn, a.x, a.alt, a.face, c.name)
    tdicts = [tg.as_dict(t) for t in a.targets]
    cost = spell_cost(g, oid, defn, tdicts, a.x or 0, a.alt, a.face)
    half = face_of(g, oid, a.face) if a.face else None
    door = half["name"] if half is not None and "Room" in (data.type_line if data else "") else ""
    sac_options = sacrifice_options(g, p, defn)
    pay_instead = defn is not None and defn.additional is not None and bool(defn.additional.or_pay)
    got = plan(g, p, cost, set(), a.pay, convoke="convoke" in c.keywords)
    if defn is not None and defn.additional is not None and not sac_options and not pay_instead:
        raise IllegalActionError(f"{c.name} needs an additional cost you can't pay: sacrifice "
                                 f"{defn.additional.what.desc} (CR 601.2h).", "cast.additional", card=c.name)
    # legal: now change the state (CR 601.2a: move to the stack first)
    spent = mana_spent(g, got)
    new = g.move(oid, "stack", cause="cast")
    item = st.objects[new]
    item.controller = p
    item.ctx["mana_spent"] = spent  # "if the amount of mana spent to cast it was less than ..."
    item.targets = tdicts
    item.x = a.x or 0
    item.modes = list(a.modes)
    item.alt = a.alt
    if door:
        # CR 709.3: on the stack only the cast door's characteristics exist; CR 709.5: that
        # door unlocks as the Room enters
        item = g.update(new, unlocked=[door])
    execute_payment(g, p, got)
    st.passes = 0
    g.event("cast", player=g.pname(p), card=door or item.name, obj=new, targets=_target_names(g, tdicts))
    g.mark_turn(f"spells_cast:{p}")  # "their first spell each turn"
    g.triggers.fire("cast", player=p, obj=new)
    g.triggers.became_target(new, tdicts, p)
    if defn is not None and defn.additional is not None and sac_options:
        from engine.format import ref_text
        # CR 601.2h: the caster chooses which permanent to sacrifice as part of the cost (or,
        # where the card allows it and the mana is there, to pay instead)
        options = [ref_text(g, ("o", o)) for o in sac_options]
        refs: list[Any] = list(sac_options)
        if pay_instead and can_pay(g, p, defn.additional.or_pay):
            options.append("pay " + defn.additional.or_pay)
            refs.append("pay")
        st.pending = {"player": p, "kind": "ask", "where": "cost", "item": new, "prompt": "ask.sacrifice",
                      "params": {"card": item.name, "what": defn.additional.what.desc},
                      "options": options, "refs": refs, "count": 1, "min_count": 1}


def _announce(g: "Context", a: Action, specs: list[Any], name: str) -> None:
    """CR 601.2c / 602.2b: with several target words, `cast CARD` (or `activate CARD`)
    announces it and the targets are chosen one at a time (`choose TARGET`, a "targets"
    decision); the spell is cast with the last one. Nothing changes before that."""
    if not tg.completable(g, specs, a.player):
        raise IllegalActionError(f"{name} needs {len(specs)} different legal targets (CR 115.3).",
                                 "cast.targets_count", card=name)
    _ask_target(g, a, specs, (), name)


def _ask_target(g: "Context", a: Action, specs: list[Any], chosen: tuple[Any, ...], name: str) -> None:
    from engine.format import ref_text
    refs = tg.next_options(g, specs, a.player, chosen)
    options = [ref_text(g, r) for r in refs]
    ref_lists: list[Any] = [list(r) for r in refs]
    if specs[len(chosen)].up_to:  # "one or two targets": stopping here is an answer too
        options.append("nothing")
        ref_lists.append(None)
    g.st.pending = {"player": a.player, "kind": "targets", "where": "announce", "prompt": "decide.spell_target",
                    "params": {"player": g.pname(a.player), "card": name, "target": specs[len(chosen)].desc},
                    "options": options, "refs": ref_lists, "count": 1,
                    "min_count": 1, "action": [a.verb, a.obj, a.face, a.alt, a.x, list(a.modes), a.ability,
                                               list(a.pay)],
                    "targets": [list(r) for r in chosen]}


def target_chosen(g: "Context", p: int, pend: dict[str, Any], ref: Any) -> None:
    verb, obj, face, alt, x, modes, ability, pay = pend["action"]
    chosen = tuple((str(r[0]), int(r[1])) for r in pend["targets"]) + ((ref,) if ref is not None else ())
    act = Action(p, verb, obj, chosen, face, alt, x, tuple(modes), ability, (), (), tuple(pay))
    o = g.st.objects[obj]
    d = g.chars(obj).defn if o.zone == "battlefield" else card_def(o.name)
    if verb == "cast":
        specs = d.targets_for(act.modes) if d else []
    else:
        specs = d.nonmana_abilities()[ability - 1].targets if d else []
    if ref is not None and len(chosen) < len(specs):
        _ask_target(g, act, specs, chosen, o.name)
        return
    g.st.pending = None
    g.st.priority = p
    if verb == "cast":
        cast(g, act)
    else:
        activate(g, act)


def locked_doors(g: "Context", oid: int) -> list[dict[str, Any]]:
    obj = g.st.objects[oid]
    data = printed(obj.name)
    return [f for f in (data.faces if data else ()) if f.get("name") not in obj.unlocked]


def unlock(g: "Context", a: Action) -> None:
    """Unlocking a door is a special action (CR 116.2m): pay the door's mana cost any time you
    could cast a sorcery. Ruling (Räume): "Das ist eine Sonderaktion. Sie verwendet nicht den
    Stapel und kann nicht beantwortet werden." """
    st = g.st
    p, oid = a.player, a.obj
    obj = st.objects.get(oid) if oid is not None else None
    if obj is None or obj.zone != "battlefield" or obj.controller != p or "Room" not in g.chars(oid).subtypes:  # type: ignore[arg-type]
        raise IllegalActionError("You can unlock doors only of Rooms you control (CR 709.5).", "unlock.not_room")
    assert oid is not None
    door = next((f for f in locked_doors(g, oid) if f["name"].lower() == a.face.lower()), None)
    if door is None:
        raise IllegalActionError(f"{obj.name} has no locked door called {a.face!r}.", "unlock.no_door",
                                 door=a.face)
    if not sorcery_timing(g, p):
        raise IllegalActionError("You can unlock a door only in your main phase with the stack empty "
                                 "(CR 116.2m).", "unlock.timing")
    got = plan(g, p, door_cost(g, p, door), set(), a.pay)
    execute_payment(g, p, got)
    open_door(g, p, oid, door["name"])


def open_door(g: "Context", p: int, oid: int, door: str) -> None:
    """Player p unlocks a door of a Room (by the special action or by an effect, CR 709.5):
    "when you unlock this door" and "when you fully unlock a Room" trigger."""
    obj = g.update(oid, unlocked=[*g.st.objects[oid].unlocked, door])
    g.event("unlock", player=g.pname(p), card=obj.name, door=door)
    g.triggers.fire("unlock", obj=oid, door=door, player=p)
    faces = printed(obj.name).faces if printed(obj.name) is not None else ()  # type: ignore[union-attr]
    if faces and all(f.get("name") in obj.unlocked for f in faces):  # "whenever you fully unlock a Room"
        g.triggers.fire("fully_unlock", obj=oid, player=p)


def pay_now(g: "Context", p: int, cost: str) -> None:
    """Pay a mana cost in the middle of an effect ("unless its controller pays {2}")."""
    execute_payment(g, p, plan(g, p, parse_cost(cost), set()))


def can_pay(g: "Context", p: int, cost: str) -> bool:
    try:
        plan(g, p, parse_cost(cost), set())
    except IllegalActionError:
        return False
    return True


def pay_additional(g: "Context", p: int, item: int) -> None:
    """The "or pay {N}" half of an additional cost, chosen instead of a sacrifice (CR 601.2h)."""
    from engine.cards.behaviour import card_def
    defn = card_def(g.st.objects[item].name)
    assert defn is not None and defn.additional is not None
    execute_payment(g, p, plan(g, p, parse_cost(defn.additional.or_pay), set()))


def other_sacrifices(g: "Context", p: int, source: int, spec: Any) -> list[int]:
    """The permanents p could sacrifice for "Sacrifice another ..." (not the source itself)."""
    return [o for o in g.battlefield(p) if o != source and tg.allowed(g, spec, ("o", o), p)]


def sacrifice_options(g: "Context", p: int, defn: "CardDef | None") -> list[int]:
    if defn is None or defn.additional is None:
        return []
    spec = defn.additional.what
    return [o for o in g.battlefield(p) if tg.allowed(g, spec, ("o", o), p)]


def _check_modes(defn: "CardDef | None", modes: tuple[int, ...], name: str) -> None:
    if defn is None or not defn.modes:
        if modes:
            raise IllegalActionError(f"{name} is not modal.", "cast.not_modal", card=name)
        return
    if not 1 <= len(modes) <= defn.max_modes or len(set(modes)) != len(modes) \
            or any(not 1 <= m <= len(defn.modes) for m in modes):
        labels = "; ".join(f"{i}: {m.label}" for i, m in enumerate(defn.modes, 1))
        raise IllegalActionError(f"Choose a mode for {name} with mode=N ({labels}) (CR 700.2a).",
                                 "cast.mode", card=name)


def _check_x(g: "Context", oid: int, defn: "CardDef | None", x: int | None, alt: str, face: str, name: str) -> None:
    """CR 107.3a: X is chosen only for a cost that has X."""
    if x and not parse_cost(_printed_cost(g, oid, alt, face, defn)).x:
        raise IllegalActionError(f"{name} has no X in its cost (CR 107.3).", "cast.no_x", card=name)


def _printed_cost(g: "Context", oid: int, alt: str, face: str, defn: "CardDef | None") -> str | None:
    alts = hooks.alternative_costs(defn) if alt else {}
    if alt in alts:
        return alts[alt]
    data = printed(g.st.objects[oid].name)
    if face and data is not None:
        half = face_of(g, oid, face)
        if half is not None:
            return str(half.get("mana_cost") or "")
    return (data.mana_cost or "").split("//")[0] if data else ""


def _check_alt(defn: "CardDef | None", alt: str, name: str) -> None:
    if alt and alt not in hooks.alternative_costs(defn):
        raise IllegalActionError(f"{name} has no alternative cost called {alt!r}.", "cast.alt", card=name)


def _target_names(g: "Context", tdicts: list[dict[str, Any]]) -> list[str]:
    out = []
    for t in tdicts:
        if "player" in t:
            out.append(g.pname(t["player"]))
        else:
            o = g.st.objects[t["obj"]]
            out.append(o.name if not o.face_down else "")
    return out


def _check_targets(g: "Context", specs: list[Any], chosen: tuple[Any, ...], p: int, name: str) -> None:
    if not tg.required(specs) <= len(chosen) <= len(specs):
        if specs:
            raise IllegalActionError(f"{name} needs {len(specs)} target(s): {', '.join(s.desc for s in specs)} "
                                     "(CR 601.2c).", "cast.targets_count", card=name)
        raise IllegalActionError(f"{name} has no targets.", "cast.no_targets", card=name)
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError("The same object can't be chosen twice as a target (CR 115.3).",
                                 "cast.target_twice")
    for spec, ref in zip(specs, chosen):
        if not tg.allowed(g, spec, ref, p):
            raise IllegalActionError(f"That is not a legal choice for {spec.desc} (CR 115.1).",
                                     "cast.bad_target", desc=spec.desc)


def ability_of(g: "Context", oid: int, n: int) -> "Activated":
    d = g.chars(oid).defn if g.st.objects[oid].zone == "battlefield" else card_def(g.st.objects[oid].name)
    abilities = d.nonmana_abilities() if d else []
    if not 1 <= n <= len(abilities):
        raise IllegalActionError(f"{g.st.objects[oid].name} has no such ability.", "activate.none")
    return abilities[n - 1]


def activate(g: "Context", a: Action) -> None:
    """CR 602.2: announce, choose targets, pay costs; the ability goes on the stack."""
    st = g.st
    p, oid = a.player, a.obj
    if oid is None or oid not in st.objects:
        raise IllegalActionError("There is no such object.", "activate.none")
    obj = st.objects[oid]
    if a.ability == 0:
        return activate_mana(g, a)
    ab = ability_of(g, oid, a.ability)
    if ab.active is not None and not ab.active(g, obj):  # a leveler's band ability (CR 710.2)
        raise IllegalActionError(f"{obj.name} does not have that ability now.", "activate.none")
    if ab.zone == "hand":
        if oid not in st.players[p].hand:
            raise IllegalActionError("That ability works only from your hand.", "activate.zone")
    elif obj.zone != "battlefield" or obj.controller != p or obj.phased_out:
        raise IllegalActionError("You can activate abilities only of permanents you control (CR 602.2).",
                                 "activate.not_yours")
    if ab.tap:
        if obj.tapped:
            raise IllegalActionError(f"{obj.name} is tapped; {{T}} can't be paid (CR 602.5a).", "activate.tapped")
        if g.is_type(oid, "Creature") and _sick(g, oid):
            raise IllegalActionError(f"{obj.name} has summoning sickness (CR 302.6).", "activate.sick")
    if (ab.sorcery or ab.level_up) and not sorcery_timing(g, p):
        raise IllegalActionError("This ability can be activated only as a sorcery (CR 602.5d).",
                                 "activate.timing")
    if ab.sacrifice_other is not None and not other_sacrifices(g, p, oid, ab.sacrifice_other):
        raise IllegalActionError(f"You have nothing to sacrifice for this ability of {obj.name}: "
                                 f"{ab.sacrifice_other.desc} (CR 602.2b).", "activate.sacrifice", card=obj.name)
    if len(ab.targets) > 1 and not a.targets:
        return _announce(g, a, ab.targets, obj.name)
    _check_targets(g, ab.targets, a.targets, p, obj.name)
    if a.x and not parse_cost(ab.cost).x:
        raise IllegalActionError(f"This ability of {obj.name} has no X in its cost (CR 107.3).", "cast.no_x",
                                 card=obj.name)
    exclude = {oid} if (ab.tap or ab.sacrifice) else set()
    got = plan(g, p, parse_cost(ab.cost).with_x(a.x or 0), exclude, a.pay)
    # legal: pay costs (CR 602.2b, 601.2g-h), put the ability on the stack
    abilities = (g.chars(oid).defn.nonmana_abilities() if obj.zone == "battlefield"  # type: ignore[union-attr]
                 else card_def(obj.name).nonmana_abilities())  # type: ignore[union-attr]
    index = abilities.index(ab)
    from engine.rules.zones import new_object
    item = new_object(g, obj.name, p, "stack")
    item.kind = "ability"
    item.source = oid
    item.ability = index
    item.controller = p
    item.targets = [tg.as_dict(t) for t in a.targets]
    item.x = a.x or 0
    item.ctx = {"def": obj.token_def["name"] if obj.token_def else obj.name, "token": obj.token,
                "source_name": obj.name,
                # last known information, for when paying the cost removes the source (CR 113.7a)
                "lki_keywords": sorted(g.chars(oid).keywords) if obj.zone == "battlefield" else []}
    zones.put_on_stack(g, item.id)
    execute_payment(g, p, got)
    if ab.tap:
        g.update(oid, tapped=True)
    if ab.sacrifice:
        g.sacrifice(oid)
    if ab.discard_self:
        g.move(oid, "graveyard", cause="discard")
        g.event("discard", player=g.pname(p), card=obj.name)
    st.passes = 0
    if ab.sacrifice_other is not None:
        from engine.format import ref_text
        options = other_sacrifices(g, p, oid, ab.sacrifice_other)
        # CR 602.2b, 601.2h: the player chooses which permanent to sacrifice as the cost is paid
        st.pending = {"player": p, "kind": "ask", "where": "cost", "item": item.id, "prompt": "ask.sacrifice",
                      "params": {"card": obj.name, "what": ab.sacrifice_other.desc},
                      "options": [ref_text(g, ("o", o)) for o in options],
                      "refs": options, "count": 1, "min_count": 1}
    g.event("activate", player=g.pname(p), card=obj.name, obj=item.id, label=ab.label,
            targets=_target_names(g, item.targets))
    g.triggers.became_target(item.id, item.targets, p)


def activate_mana(g: "Context", a: Action) -> None:
    """CR 605.3: a mana ability resolves at once, without the stack."""
    st = g.st
    p, oid = a.player, a.obj
    assert oid is not None
    obj = st.objects[oid]
    d = g.chars(oid).defn
    abilities = d.mana_abilities() if d else []
    if obj.zone != "battlefield" or obj.controller != p or not abilities:
        raise IllegalActionError(f"{obj.name} has no mana ability you can activate.", "mana.none")
    ab = abilities[0]
    if ab.tap and obj.tapped:
        raise IllegalActionError(f"{obj.name} is already tapped.", "mana.tapped")
    if ab.tap and g.is_type(oid, "Creature") and _sick(g, oid):
        raise IllegalActionError(f"{obj.name} has summoning sickness (CR 302.6).", "activate.sick")
    colour = a.choice[0] if a.choice else (ab.mana[0] if len(ab.mana) == 1 else "")
    if colour not in ab.mana:
        raise IllegalActionError(f"Choose the colour: {', '.join(ab.mana)}.", "mana.colour",
                                 options=list(ab.mana))
    if ab.tap:
        g.update(obj.id, tapped=True)
    pool = st.players[p].mana
    pool[colour] = pool.get(colour, 0) + ab.amount
    if ab.sacrifice:
        g.sacrifice(oid)
    st.passes = 0  # CR 117.4: "pass in succession" means without taking any action in between
    g.event("mana", player=g.pname(p), card=obj.name, mana=colour)


def play_land(g: "Context", a: Action) -> None:
    """CR 305.1-305.2: a land is played at sorcery timing, one per turn, without the stack."""
    st = g.st
    p, oid = a.player, a.obj
    if oid is None or oid not in hand_cands(g, p):
        raise IllegalActionError("You can play only a land from your hand.", "play.not_in_hand")
    if "Land" not in g.chars(oid).types:
        raise IllegalActionError("Only lands are played; spells are cast (CR 305.1).", "play.not_land")
    if not sorcery_timing(g, p):
        raise IllegalActionError("You can play a land only in your main phase with the stack empty "
                                 "(CR 305.1).", "play.timing")
    if st.players[p].lands_played >= 1:
        raise IllegalActionError("You have already played a land this turn (CR 305.2).", "play.one_per_turn")
    st.players[p].lands_played += 1
    name = st.objects[oid].name
    g.move(oid, "battlefield", cause="play")
    g.event("play", player=g.pname(p), card=name)
