"""Casting spells (CR 601), activating abilities (CR 602), mana abilities (CR 605),
playing lands (CR 305) and the costs they take (CR 118, 601.2f); how a cost is paid from mana
sources is engine/rules/payment.py.

Every function validates first and changes the state only once the action is known to be
legal, so a refused action leaves nothing behind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from engine.format import hand_cands
from engine.rules import cast_now, characteristics, convoke, hooks, mana_triggers
from engine.actions import Action, IllegalActionError
from engine.cards.behaviour import card_def, printed
from engine.rules import targets as tg, zones
from engine.rules.mana import FACE_UP, NO_PURPOSES, UNLOCK, Cost, parse_cost
from engine.rules.payment import (GRANTED_MANA, Payment, can_pay, execute_payment, has_convoke, mana_ability,
                                  mana_colours, plan, solve, usable_mana)

if TYPE_CHECKING:
    from engine.cards.model import Activated, CardDef
    from engine.rules.context import Context


def sorcery_timing(g: "Context", player: int) -> bool:
    """CR 307.1 / 117.1a: own main phase, stack empty."""
    st = g.st
    return st.active == player and st.step in ("main1", "main2") and not st.stack


def _sick(g: "Context", oid: int) -> bool:
    """CR 302.6: summoning sickness, unless it has haste (CR 702.10)."""
    return g.st.objects[oid].sick and not g.has(oid, "haste")


def face_of(g: "Context", obj_id: int, face: str) -> dict[str, Any] | None:
    """The named half of a Room or split card (CR 709), matched without regard to case."""
    data = printed(g.st.objects[obj_id].name)
    for f in (data.faces if data else ()):
        if f.get("name", "").lower() == face.lower():
            return f
    return None


def life_cost(g: "Context", obj_id: int) -> int | None:
    """"If you cast a spell this way, pay life equal to its mana value rather than pay its mana
    cost" (Valgavoth, Terror Eater; an alternative cost, CR 118.9, 119.4): the life, or None."""
    obj = g.st.objects[obj_id]
    if obj.zone != "exile" or not g.st.may_play:
        return None
    if any(m["obj"] == obj_id and m.get("pay_life") for m in g.st.may_play):
        return int(g.chars(obj_id).mana_value or 0)
    return None


def life_ways(cost: Cost, life: int) -> list[tuple[str, ...]]:
    """The ways to pay this cost's Phyrexian symbols that p's life allows: each a choice of
    symbols (their colours) paid with 2 life each instead of mana (CR 107.4f), chosen as the
    spell is cast (CR 601.2b); () pays them all with mana. A player can pay life only up to
    their life total (CR 119.4: at 1 life, not 2)."""
    if not cost.phyrexian:
        return [()]
    return [w for w in cost.life_ways() if 2 * len(w) <= life]


def phyrexian_life(g: "Context", p: int, cost: Cost, choice: tuple[str, ...], name: str) -> int:
    """The life p pays for the Phyrexian symbols named by `choice` (CR 107.4f, 119.4); refused
    if one is no Phyrexian symbol of the cost or p has less life than that."""
    left = list(cost.phyrexian)
    for colour in choice:
        if colour not in left:
            raise IllegalActionError("cast.phyrexian", card=name)
        left.remove(colour)
    life = 2 * len(choice)
    if life and g.st.players[p].life < life:
        raise IllegalActionError("cast.life_short", life=life)
    return life


def spell_cost(g: "Context", obj_id: int, defn: "CardDef | None", targets: list[Any], x: int,
               alt: str = "", face: str = "") -> Cost:
    if targets or alt or (defn is not None and defn.cost_reduction is not None):
        return _spell_cost(g, obj_id, defn, targets, x, alt, face)
    # the plain cost depends on the position only (life instead of mana, a half, sacrifice or
    # pay, discounts): the legal-action listing asks it of every card each time
    key = ("spell_cost", obj_id, id(defn), x, face)
    got: tuple[Any, Cost] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = (defn, _spell_cost(g, obj_id, defn, targets, x, alt, face))
    return got[1]


def _spell_cost(g: "Context", obj_id: int, defn: "CardDef | None", targets: list[Any], x: int,
                alt: str = "", face: str = "") -> Cost:
    data = printed(g.st.objects[obj_id].name)
    if life_cost(g, obj_id) is not None:
        return parse_cost("")  # life is paid instead of the mana cost (CR 118.9)
    half = face_of(g, obj_id, face) if face else None
    alts = alt_costs(g, g.st.objects[obj_id].owner, defn) if alt else {}
    if alt and alt not in alts:
        alts = player_alt_costs(g, g.st.objects[obj_id].owner, obj_id)
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


def mana_spent(got: Payment) -> int:
    """How much mana a payment spends (CR 601.2h): mana from the pool and from mana abilities
    — a permanent's own or one an effect gave it (Enduring Vitality's "{T}: Add one mana of
    any color.", layer 6) alike. A creature tapped for convoke is no mana, whatever mana
    abilities it has: convoke taps it "rather than pay that mana" (CR 702.51a). (CR 702.51b
    says only that convoke is no additional or alternative cost and applies once the total
    cost is determined; the spell's mana value stays as it is — ruling, Glänzendes Theater:
    "Einberufen ändert weder die Manakosten noch den Manabetrag eines Zauberspruchs.")"""
    return int(sum(got.pool.values())) + sum(1 for oid, _ in got.used if oid not in got.convoke)


def discounts_of(g: "Context", p: int) -> list[tuple[str, int]]:
    """The cost reductions p's permanents give p's spells and unlock costs (CR 601.2f),
    found once per position."""
    got: list[tuple[str, int]] = characteristics.from_permanents(
        g, p, "discounts", lambda: [d for _, _, c in g.perms(p) if c.defn is not None for d in c.defn.discounts])
    return got


def door_cost(g: "Context", p: int, door: dict[str, Any]) -> Cost:
    """A door's unlock cost, less "Unlock costs you pay cost {1} less" (CR 709.5, 601.2f)."""
    return parse_cost(door.get("mana_cost")).reduced(sum(n for w, n in discounts_of(g, p) if w == "unlock"))


FREE_FROM_EXILE = "free"  # "you may pay {0} rather than pay the mana cost" (Warped Space), as `cast CARD with free`


LIFE_FROM_HAND = "life"  # "you may cast a spell from your hand by paying life equal to its mana value", `cast CARD with life`


def hand_life_cost(g: "Context", p: int, oid: int) -> int | None:
    """Access Maze: "Once during each of your turns, you may cast a spell from your hand by
    paying life equal to its mana value rather than paying its mana cost." — an alternative
    cost (CR 118.9, 119.4) a permanent of p gives (player rule "cast_from_hand_for_life"):
    the life to pay, or None when it isn't available now (not p's turn, used this turn, not
    in p's hand, or more life than p has, CR 119.4)."""
    obj = g.st.objects.get(oid)
    if obj is None or obj.zone != "hand" or obj.owner != p or g.st.active != p \
            or g.st.this_turn.get(f"life_from_hand:{p}") or "cast_from_hand_for_life" not in tg.player_rules(g, p):
        return None
    data = printed(obj.name)
    faces = [parse_cost(f.get("mana_cost")).mana_value for f in (data.faces or ())] if data is not None else []
    life = min(faces) if faces else int(g.chars(oid).mana_value or 0)  # a Room: its cheaper door
    return life if g.st.players[p].life >= life else None


def hand_life_for(g: "Context", oid: int, face: str) -> int:
    """The life Access Maze's alternative cost asks for this spell: its mana value on the
    stack — for a Room, only the door being cast (CR 709.3)."""
    half = face_of(g, oid, face) if face else None
    if half is not None:
        return int(parse_cost(half.get("mana_cost")).mana_value)
    return int(g.chars(oid).mana_value or 0)


def player_alt_costs(g: "Context", p: int, oid: int) -> dict[str, str]:
    """Alternative costs p's permanents give p's spells (CR 118.9): Warped Space's "Once each
    turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile." """
    obj = g.st.objects.get(oid)
    if obj is not None and obj.zone == "hand":
        return {LIFE_FROM_HAND: "{0}"} if hand_life_cost(g, p, oid) is not None else {}
    if obj is None or obj.zone != "exile" or g.st.this_turn.get(f"free_from_exile:{p}"):
        return {}
    return {FREE_FROM_EXILE: "{0}"} if "free_cast_from_exile" in tg.player_rules(g, p) else {}


def timing_ok(g: "Context", player: int, oid: int) -> bool:
    c = g.chars(oid)
    if cast_now.is_now(g, oid):  # cast while an ability resolves: no timing restriction (CR 608.2g)
        return True
    return "Instant" in c.types or "flash" in c.keywords or sorcery_timing(g, player) or _as_though_flash(g, player, c)


def _as_though_flash(g: "Context", player: int, c: Any) -> bool:
    """CR 601.3b, 702.8: "you may cast [creature / noncreature] spells as though they had flash"
    — static abilities of the player's permanents (Kianne, engine/cards/vocab/player_rules.py FlashFor)."""
    key = ("flash_for", player)
    checks: list[tuple[int, Any]] | None = g.memo.get(key)
    if checks is None:  # (the static abilities that may give flash: found once per position)
        checks = g.memo[key] = [(sid, getattr(fn, "flash_for")) for sid, fn in g.static_sources()
                                if getattr(fn, "flash_for", None) is not None
                                and g.st.objects[sid].controller == player]
    return any(check(g, g.st.objects[sid], c) for sid, check in checks)


def spell_purposes(g: "Context", oid: int, c: Any = None) -> frozenset[str]:
    """What a payment for casting this spell is for (CR 106.6): "spell", its card types and its
    subtypes in lower case ("Spend this mana only to cast an enchantment spell": "enchantment";
    "... to cast Room spells": "room")."""
    c = g.chars(oid) if c is None else c
    return frozenset(("spell", *(t.lower() for t in c.types), *(t.lower() for t in c.subtypes)))


_OWN_ALTS: dict[int, tuple[Any, list[str]]] = {}


def _own_alts(defn: "CardDef | None") -> list[str]:
    """A definition's own alternative costs but those of a resolving ability, sorted: they
    never change, so known once per definition (the entry keeps it alive). Callers never
    change the list."""
    got = _OWN_ALTS.get(id(defn))
    if got is None or got[0] is not defn:
        got = _OWN_ALTS[id(defn)] = (defn, sorted(a for a in hooks.alternative_costs(defn)
                                                  if hooks.alternative_cost_zone(a) != "resolution"))
    return got[1]


_HAND_ALTS: dict[int, tuple[Any, list[str]]] = {}


def _hand_alts(defn: "CardDef | None") -> list[str]:
    """"" and the definition's own alternative costs cast from the hand; known once per definition."""
    got = _HAND_ALTS.get(id(defn))
    if got is None or got[0] is not defn:
        got = _HAND_ALTS[id(defn)] = (defn, [""] + [a for a in _own_alts(defn)
                                                     if hooks.alternative_cost_zone(a) == "hand"])
    return got[1]


def zone_alts(g: "Context", oid: int, defn: "CardDef | None") -> list[str]:
    """The costs a card may be cast for from the zone it is in ("" = its mana cost): from the
    hand (or exile with a permission) the mana cost and the alternative costs of the hand;
    from the graveyard its flashback cost (CR 702.34a) and, with a permission "You may cast
    this card from your graveyard if ..." that holds now, its mana cost (CR 601.2a)."""
    now = cast_now.current(g)
    if now is not None and now["obj"] == oid:  # only for the cost it is being cast for now
        return [now["alt"]]
    zone = g.st.objects[oid].zone
    alts = _own_alts(defn)
    if zone == "hand":  # (the listing's usual case: the definition's own costs, known once)
        return list(_hand_alts(defn))
    if zone == "graveyard":
        # Forgotten Cellar: "you may cast spells from your graveyard this turn" — any of its costs
        anywhere = bool(g.st.this_turn.get(f"cast_from_graveyard:{g.st.objects[oid].owner}"))
        plain = anywhere or (defn is not None and defn.graveyard_cast is not None
                             and bool(defn.graveyard_cast(g, g.st.objects[oid])))
        granted = [a for a in sorted(hooks.granted_alt_costs(g, oid)) if a not in alts]  # escape (CR 702.138a)
        return ([""] if plain else []) + [a for a in alts if hooks.alternative_cost_zone(a) == "graveyard"
                                           or (anywhere and hooks.alternative_cost_zone(a) == "hand")] + granted
    if zone == "library":  # Into the Pit: only by the permission, with its additional cost
        return [a for a in sorted(hooks.granted_alt_costs(g, oid)) if hooks.alternative_cost_zone(a) == "library"]
    return [""] + [a for a in alts if hooks.alternative_cost_zone(a) == "hand"]


def _how_cast(alt: str, life: int | None, room: str) -> dict[str, Any]:
    """What the cast event tells besides the card (the log, every player: CR 601.2b announces
    an alternative cost): `alt`, the alternative cost it was cast for (a keyword's, a
    permanent's: "blitz", "flashback", "leyline", "free", "top", or "life" when life was paid
    instead of its mana cost, CR 118.9, 119.4), `life`, the life paid, and `room`, the whole
    Room whose door was cast (CR 709.3). Nothing when it was cast for its mana cost."""
    out: dict[str, Any] = {}
    if alt or life is not None:
        out["alt"] = alt or "life"  # Valgavoth's permission: its life instead of the mana cost
    if life is not None:
        out["life"] = life
    if room:
        out["room"] = room
    return out


def cast(g: "Context", a: Action, tap_chosen: list[int] | None = None, convoked: tuple[int, ...] = (),
         done: bool = False) -> dict[str, Any] | None:
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
    # CR 608.2g, 707.12: a copy of a card cast while an ability resolves ignores timing
    if not timing_ok(g, p, oid) and not (g.st.resolving is not None and g.st.objects[oid].ctx.get("card_copy")):
        raise IllegalActionError("cast.timing", card=c.name)
    defn = hooks.with_alt_additional(c.defn, a.alt)  # retrace's "discard a land card" (CR 702.81a)
    data = printed(c.name)
    if data is not None and data.faces:
        if not a.face or face_of(g, oid, a.face) is None:
            raise IllegalActionError("cast.face", card=c.name)
    elif a.face:
        raise IllegalActionError("cast.no_face", card=c.name)
    _check_modes(defn, a.modes, c.name, defn.mode_limit(g, g.st.objects[oid]) if defn is not None else 1)
    if not (a.alt and (a.alt in player_alt_costs(g, p, oid) or a.alt in hooks.granted_alt_costs(g, oid))):
        _check_alt(g, p, defn, a.alt, c.name)
    given = set(alt_costs(g, p, defn)) - set(hooks.alternative_costs(defn))  # by p's permanents (a Leyline)
    if a.alt not in zone_alts(g, oid, defn) and not (a.alt and a.alt in player_alt_costs(g, p, oid)) \
            and not (a.alt and a.alt in given and g.st.objects[oid].zone != "graveyard"):
        raise IllegalActionError("cast.zone", card=c.name)
    # CR 601.2b: which Phyrexian symbols are paid with life is announced with the spell
    phyrexian = phyrexian_life(g, p, spell_cost(g, oid, defn, [], a.x or 0, a.alt, a.face), a.choice, c.name)
    specs = tg.per_player(g, p, defn.targets_for(a.modes)) if defn else []
    if not a.targets and tg.in_parts(g, specs, p):
        _announce(g, a, specs, c.name)
        return None
    _check_targets(g, specs, a.targets, p, c.name)
    life = life_cost(g, oid)
    if life is not None and (a.alt or st.players[p].life < life):
        raise IllegalActionError("cast.pay_life", card=c.name)
    _check_x(g, oid, defn, a.x, a.alt, a.face, c.name)
    maze_life = hand_life_for(g, oid, a.face) \
        if a.alt == LIFE_FROM_HAND and a.alt not in hooks.alternative_costs(defn) else None
    if maze_life is not None and st.players[p].life < maze_life:
        raise IllegalActionError("cast.life_short", life=maze_life)
    tdicts = tg.as_dicts(a.targets)
    cost = spell_cost(g, oid, defn, tdicts, a.x or 0, a.alt, a.face)
    cost = cost.life_paid(tuple(sorted(a.choice)))  # CR 107.4f: 2 life for each symbol chosen instead
    half = face_of(g, oid, a.face) if a.face else None
    door = half["name"] if half is not None and "Room" in (data.type_line if data else "") else ""
    tap_n = defn.additional.n if defn is not None and defn.additional is not None \
        and defn.additional.kind == "tap" else 0
    if tap_n and tap_chosen is None:  # CR 601.2h: which permanents to tap is chosen first
        if not tap_candidates(g, p, defn, cost, [], oid):
            raise IllegalActionError("cast.additional", card=c.name)
        assert defn is not None
        return _ask_tap(g, a, defn, cost, [])
    sac_options = [] if tap_n else sacrifice_options(g, p, defn, oid)
    pay_instead = defn is not None and defn.additional is not None and bool(defn.additional.or_pay)
    purposes = spell_purposes(g, oid, c)
    # CR 702.51a, 601.2h: the creatures tapped for convoke are the caster's choice, one at a
    # time (engine/rules/convoke.py); with `pay`, the named sources say how it is paid
    convoking = not a.pay and has_convoke(g, p, c)
    ask = convoke.decision(g, a, c.name, cost, purposes, tap_chosen, convoked) if convoking and not done else None
    got: Payment | None = None
    if ask is None:
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
    new = g.move(oid, "stack", cause="cast")
    item = st.objects[new]
    item.controller = p
    item.ctx["mana_spent"] = spent  # "if the amount of mana spent to cast it was less than ..."
    item.targets = tdicts
    if any(s.each_opponent for s in (defn.targets_for(a.modes) if defn else [])):  # a word per opponent (CR 601.2c)
        item.ctx["word_players"] = list(tg.word_players(g, p))
    item.x = a.x or 0
    item.modes = list(a.modes)
    item.alt = a.alt
    if door:
        # CR 709.3: on the stack only the cast door's characteristics exist; CR 709.5: that
        # door unlocks as the Room enters
        item = g.update(new, unlocked=[door])
    execute_payment(g, p, got)
    if a.alt == FREE_FROM_EXILE and a.alt not in hooks.alternative_costs(defn):
        g.mark_turn(f"free_from_exile:{p}")  # "Once each turn"
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
    g.event("cast", player=g.pname(p), card=door or item.name, obj=new, targets=_target_names(g, tdicts),
            **_how_cast(a.alt, life, item.name if door else ""))
    g.mark_turn(f"spells_cast:{p}")  # "their first spell each turn"
    g.triggers.fire("cast", player=p, obj=new)
    g.triggers.next_cast(p, new)  # "When you next cast an instant or sorcery spell this turn" (CR 603.7c)
    g.triggers.became_target(new, tdicts, p)
    if defn is not None and defn.additional is not None and sac_options and not tap_n:
        from engine.format import ref_text
        # CR 601.2h: the caster chooses which permanent to sacrifice as part of the cost (or,
        # where the card allows it and the mana is there, to pay instead)
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
        st.pending = {"player": p, "kind": "ask", "where": "cost", "item": new, "prompt": prompt,
                      "action": add.action,
                      "params": {"card": item.name, "what": add.what.desc, "count": n},
                      "options": options, "refs": refs, "count": n, "min_count": n}
    return None


def tap_candidates(g: "Context", p: int, defn: "CardDef | None", cost: Cost, chosen: list[int],
                   spell: int | None = None) -> list[int]:
    """The permanents p may tap next for an additional "tap N untapped ..." cost: each leaves
    a full choice possible with the spell's mana cost still payable from the rest (CR 601.2h)
    — for the spell's purposes (CR 106.6) and, if it has convoke, with creatures tapped for
    convoke too (CR 702.51a), as the cast will pay it."""
    if defn is None or defn.additional is None:
        return []
    n = defn.additional.n
    purposes, convoking = NO_PURPOSES, False
    if spell is not None:
        c = g.chars(spell)
        purposes, convoking = spell_purposes(g, spell, c), has_convoke(g, p, c)
    pool = [o for o in sacrifice_options(g, p, defn) if o not in chosen]
    seen: dict[frozenset[int], bool] = {}

    def completes(picked: list[int]) -> bool:
        key = frozenset(picked)
        if key in seen:
            return seen[key]
        if len(picked) == n:
            ok = solve(g, p, cost, purposes, set(picked), None, convoking) is not None
        else:
            ok = any(completes(picked + [o]) for o in pool if o not in picked)
        seen[key] = ok
        return ok
    return [o for o in pool if completes(chosen + [o])]


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
        return convoke.chosen(g, p, pend, answer)
    return tap_chosen(g, p, pend, pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())])


def _ask_tap(g: "Context", a: Action, defn: "CardDef", cost: Cost, chosen: list[int]) -> dict[str, Any] | None:
    from engine.format import ref_text
    options = tap_candidates(g, a.player, defn, cost, chosen, a.obj)
    assert defn.additional is not None and a.obj is not None
    return decide(g, a.obj, {"player": a.player, "kind": "ask", "where": "tap_announce", "prompt": "ask.tap_cost",
                             "params": {"card": g.st.objects[a.obj].name, "what": defn.additional.what.desc},
                             "options": [ref_text(g, ("o", o)) for o in options], "refs": options, "count": 1,
                             "min_count": 1,
                             "action": [a.verb, a.obj, a.face, a.alt, a.x, list(a.modes), a.ability, list(a.pay),
                                        [list(t) for t in a.targets]],
                             "chosen_ids": list(chosen)})


def tap_chosen(g: "Context", p: int, pend: dict[str, Any], ref: int) -> dict[str, Any] | None:
    """One permanent chosen to tap for the cost; the next one is asked, or the spell is cast."""
    verb, obj, face, alt, x, modes, ability, pay, targets = pend["action"]
    act = Action(p, verb, obj, tuple((str(t[0]), int(t[1])) for t in targets), face, alt, x, tuple(modes), ability,
                 (), (), tuple(pay))
    chosen = list(pend["chosen_ids"]) + [ref]
    defn = card_def(g.st.objects[obj].name)
    assert defn is not None and defn.additional is not None
    if not cast_now.is_now(g, obj):
        g.st.pending = None
        g.st.priority = p
    if len(chosen) < defn.additional.n:
        cost = spell_cost(g, obj, defn, tg.as_dicts(act.targets), x or 0, alt, face)
        return _ask_tap(g, act, defn, cost, chosen)
    return cast(g, act, tap_chosen=chosen)


def _announce(g: "Context", a: Action, specs: list[Any], name: str, source: int | None = None) -> None:
    """CR 601.2c / 602.2b: with several target words (or one with many legal targets,
    targets.in_parts), `cast CARD` (or `activate CARD`) announces it and the targets are
    chosen one at a time (`choose TARGET`, a "targets" decision); the spell is cast with the
    last one. Nothing changes before that."""
    if not tg.completable(g, specs, a.player, (), source):
        raise IllegalActionError("cast.targets_count", card=name)
    _ask_target(g, a, specs, (), name)


def _ask_target(g: "Context", a: Action, specs: list[Any], chosen: tuple[Any, ...], name: str) -> None:
    from engine.format import ref_text
    # "another target ..." of an activated ability leaves out its source (CR 115.5)
    refs = tg.next_options(g, specs, a.player, chosen, a.obj if a.verb == "activate" else None)
    if a.verb == "cast":
        refs = [r for r in refs if _payable_with(g, a, specs, chosen + (tuple(r),))]
    options = [ref_text(g, r) for r in refs]
    ref_lists: list[Any] = [list(r) for r in refs]
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


def _payable_with(g: "Context", a: Action, specs: list[Any], chosen: tuple[Any, ...]) -> bool:
    """Whether the spell can still be paid for with these targets (and some choice of the rest):
    only a cost that depends on the targets asks ("This spell costs {3} less to cast if it
    targets a tapped creature", Seized from Slumber, CR 601.2f) — a target that leaves the cost
    unpayable is no legal choice of a cast that can be completed (CR 601.2h)."""
    obj = g.st.objects[a.obj]  # type: ignore[index]
    c = g.chars(a.obj)  # type: ignore[arg-type]
    d = c.defn if obj.zone == "battlefield" else card_def(obj.name)
    if d is None or d.cost_reduction is None:
        return True
    if len(chosen) == len(specs) or specs[len(chosen)].up_to:  # (the choice may end here)
        cost = spell_cost(g, a.obj, d, tg.as_dicts(chosen), a.x or 0, a.alt, a.face)  # type: ignore[arg-type]
        cost = cost.life_paid(tuple(sorted(a.choice)))  # (its Phyrexian symbols paid with life, CR 107.4f)
        if can_pay(g, a.player, cost, spell_purposes(g, a.obj, c),  # type: ignore[arg-type]
                   convoke=has_convoke(g, a.player, c)):
            return True
    return len(chosen) < len(specs) and any(_payable_with(g, a, specs, chosen + (tuple(r),))
                                            for r in tg.next_options(g, specs, a.player, chosen, None))


def target_chosen(g: "Context", p: int, pend: dict[str, Any], ref: Any) -> None:
    verb, obj, face, alt, x, modes, ability, pay, *more = pend["action"]
    choice = tuple(more[0]) if more else ()  # Phyrexian symbols paid with life (a game saved before: none)
    before = tuple((str(r[0]), int(r[1])) for r in pend["targets"])
    o = g.st.objects[obj]
    d = g.chars(obj).defn if o.zone == "battlefield" else card_def(o.name)
    if verb == "cast":
        specs = tg.per_player(g, p, d.targets_for(tuple(modes))) if d else []
    else:
        specs = d.nonmana_abilities()[ability - 1].targets_for(tuple(modes)) if d else []
    # "nothing" for an "up to one" word: NONE keeps its place; the next word is asked if it is
    # a different word (tg.skippable), otherwise the choice ends there
    go_on = ref is not None or tg.skippable(specs, len(before))
    chosen = before + ((ref,) if ref is not None else (tg.NONE,))
    act = Action(p, verb, obj, chosen, face, alt, x, tuple(modes), ability, (), choice, tuple(pay))
    if go_on and len(chosen) < len(specs):
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
        raise IllegalActionError("unlock.not_room")
    assert oid is not None
    door = next((f for f in locked_doors(g, oid) if f["name"].lower() == a.face.lower()), None)
    if door is None:
        raise IllegalActionError("unlock.no_door", door=a.face)
    if not sorcery_timing(g, p):
        raise IllegalActionError("unlock.timing")
    got = plan(g, p, door_cost(g, p, door), set(), a.pay, purposes=UNLOCK)
    execute_payment(g, p, got)
    open_door(g, p, oid, door["name"])


def suspend(g: "Context", a: Action) -> None:
    """Suspend (CR 702.62a): "If you could begin to cast this card by putting it onto the stack
    from your hand, you may pay [cost] and exile it with N time counters on it. This action
    doesn't use the stack." (a special action, CR 116.2f)"""
    from engine.cards.mechanics import suspend as mechanic
    p, oid = a.player, a.obj
    obj = g.st.objects.get(oid) if oid is not None else None
    if obj is None or obj.zone != "hand" or obj.owner != p or mechanic.of(obj.name) is None:
        raise IllegalActionError("suspend.not_suspend")
    assert oid is not None
    if not mechanic.can_suspend(g, p, oid):
        raise IllegalActionError("suspend.timing", card=obj.name)
    got = plan(g, p, parse_cost(mechanic.suspend_cost(obj.name)), set(), a.pay)
    execute_payment(g, p, got)
    mechanic.do_suspend(g, p, oid)


def open_door(g: "Context", p: int, oid: int, door: str) -> None:
    """Player p unlocks a door of a Room (by the special action or by an effect, CR 709.5):
    "when you unlock this door" and "when you fully unlock a Room" trigger."""
    old = g.st.objects[oid]
    # CR 613.7: the unlocked door's static abilities get a timestamp as it unlocks (the
    # Room's own for a door unlocked as the Room enters)
    ts = g.st.next_timestamp
    g.st.next_timestamp += 1
    obj = g.update(oid, unlocked=[*old.unlocked, door], ctx={**old.ctx, f"door_ts:{door}": ts})
    g.event("unlock", player=g.pname(p), card=obj.name, door=door)
    g.triggers.fire("unlock", obj=oid, door=door, player=p)
    faces = printed(obj.name).faces if printed(obj.name) is not None else ()  # type: ignore[union-attr]
    if faces and all(f.get("name") in obj.unlocked for f in faces):  # "whenever you fully unlock a Room"
        g.triggers.fire("fully_unlock", obj=oid, player=p)


def pay_now(g: "Context", p: int, cost: str) -> None:
    """Pay a mana cost in the middle of an effect ("unless its controller pays {2}")."""
    execute_payment(g, p, plan(g, p, parse_cost(cost), set()))


def pay_additional(g: "Context", p: int, item: int) -> None:
    """The "or pay {N}" half of an additional cost, chosen instead of a sacrifice (CR 601.2h)."""
    from engine.cards.behaviour import card_def
    defn = card_def(g.st.objects[item].name)
    assert defn is not None and defn.additional is not None
    execute_payment(g, p, plan(g, p, parse_cost(defn.additional.or_pay), set()))


def other_sacrifices(g: "Context", p: int, source: int, spec: Any) -> list[int]:
    """The permanents p could sacrifice for "Sacrifice another ..." (not the source itself)."""
    return [o for o in g.battlefield(p) if o != source and tg.allowed(g, spec, ("o", o), p)]


def has_other(g: "Context", p: int, source: int, spec: Any) -> bool:
    """Whether other_sacrifices() would find one. The first two permanents the word allows
    are found once per position (unless it reads tapped status, which changes within one):
    one of them is not the source."""
    if getattr(spec, "status", None):
        return any(o != source and tg.allowed(g, spec, ("o", o), p) for o in g.battlefield(p))
    key = ("has_other", id(spec), p)
    got = g.memo.get(key)
    if got is None or got[0] is not spec:
        first: list[int] = []
        for o in g.battlefield(p):
            if tg.allowed(g, spec, ("o", o), p):
                first.append(o)
                if len(first) == 2:
                    break
        got = g.memo[key] = (spec, first)
    return any(o != source for o in got[1])


def named_others(g: "Context", p: int, oid: int) -> list[int]:
    """The other cards of the same name in p's graveyard (Say Its Name's cost)."""
    name = g.st.objects[oid].name
    return [o for o in g.st.players[p].graveyard if o != oid and g.st.objects[o].name == name]


def sacrifice_options(g: "Context", p: int, defn: "CardDef | None", spell: int | None = None) -> list[int]:
    """What p could pay the additional cost with; none if there are fewer than it needs."""
    if defn is None or defn.additional is None:
        return []
    if defn.additional.discard:  # "discard a [land] card" (CR 601.2b): another card in the hand
        keep = defn.additional.what.extra
        return [o for o in g.st.players[p].hand if o != spell and (keep is None or keep(g, g.st.objects[o]))]
    spec = defn.additional.what
    if defn.additional.action == "exile_from_graveyard":
        cards = [o for o in g.st.players[p].graveyard if o != spell]  # "other cards" than the spell
        return cards if len(cards) >= defn.additional.count else []
    out = [o for o in g.battlefield(p) if tg.allowed(g, spec, ("o", o), p)]
    if defn.additional.reveal:  # "or reveal a creature card from your hand"
        out += [o for o in g.st.players[p].hand if g.printed_types(o) & set(defn.additional.reveal)]
    return out


def can_pay_additional(g: "Context", p: int, defn: "CardDef | None", spell: int | None = None) -> bool:
    """Whether sacrifice_options has anything (the listing's question): stops at the first."""
    if defn is None or defn.additional is None:
        return False
    add = defn.additional
    if add.discard or add.action == "exile_from_graveyard" or add.reveal:
        return bool(sacrifice_options(g, p, defn, spell))
    spec = add.what
    return any(tg.allowed(g, spec, ("o", o), p) for o in g.battlefield(p))


def pay_additional_with(g: "Context", action: str, oid: int, item: int | None = None) -> None:
    """Pay an additional cost with one permanent or card (CR 601.2h): sacrifice it, return
    it to its owner's hand or exile it from the graveyard. The spell or ability remembers
    whom a returned attacking creature attacked (ninjutsu, CR 702.49c)."""
    if action == "return":
        obj = g.st.objects[oid]
        if item is not None and item in g.st.objects and obj.attacking is not None:
            g.st.objects[item].ctx["returned_attacking"] = [obj.attacking, obj.attacking_obj]
        g.move(oid, "hand", cause="return")
    elif action == "exile_from_graveyard":
        g.move(oid, "exile", cause="cost")
    else:
        if item is not None and item in g.st.objects:
            # "the sacrificed creature's mana value" (Sacrifice): as it last existed on the
            # battlefield (CR 113.7a) — a face-down creature's 0, a copy's copied value
            spell = g.st.objects[item]
            spell.ctx = {**spell.ctx, "sacrificed_mv": g.chars(oid).mana_value}
        g.sacrifice(oid)


def _check_modes(defn: "CardDef | None", modes: tuple[int, ...], name: str, limit: int = 1) -> None:
    if defn is None or not defn.modes:
        if modes:
            raise IllegalActionError("cast.not_modal", card=name)
        return
    if not 1 <= len(modes) <= limit or len(set(modes)) != len(modes) \
            or any(not 1 <= m <= len(defn.modes) for m in modes):
        raise IllegalActionError("cast.mode", card=name)


def _check_x(g: "Context", oid: int, defn: "CardDef | None", x: int | None, alt: str, face: str, name: str) -> None:
    """CR 107.3a: X is chosen only for a cost that has X."""
    if x and not parse_cost(_printed_cost(g, oid, alt, face, defn)).x:
        raise IllegalActionError("cast.no_x", card=name)


def _printed_cost(g: "Context", oid: int, alt: str, face: str, defn: "CardDef | None") -> str | None:
    granted = hooks.granted_alt_costs(g, oid) if alt else {}
    if alt in granted:  # escape given by another permanent (CR 702.138a): the cast half's mana cost
        half = face_of(g, oid, face) if face else None
        return str(half.get("mana_cost") or "") if half is not None else granted[alt]
    alts = alt_costs(g, g.st.objects[oid].owner, defn) if alt else {}
    if alt and alt not in alts:
        alts = player_alt_costs(g, g.st.objects[oid].owner, oid)
    if alt in alts:
        return alts[alt]
    data = printed(g.st.objects[oid].name)
    if face and data is not None:
        half = face_of(g, oid, face)
        if half is not None:
            return str(half.get("mana_cost") or "")
    return (data.mana_cost or "").split("//")[0] if data else ""


PLAYER_ALT_COSTS = {"alt_cost_wubrg": ("leyline", "{W}{U}{B}{R}{G}")}  # Leyline of Mutation


def granted_alt_costs(g: "Context", p: int) -> dict[str, str]:
    """The alternative costs p's permanents give every spell p casts (CR 118.9)."""
    rules = tg.player_rules(g, p)
    return {name: cost for rule, (name, cost) in PLAYER_ALT_COSTS.items() if rule in rules}


def alt_costs(g: "Context", p: int, defn: "CardDef | None") -> dict[str, str]:
    """The alternative costs p may cast this spell for (CR 118.9): the card's own (impending
    ...) and those p's permanents give every spell p casts ("You may pay {W}{U}{B}{R}{G}
    rather than pay the mana cost for spells you cast.": `cast CARD with leyline`)."""
    out = hooks.alternative_costs(defn)
    now = cast_now.current(g)
    if now is not None:  # the cost of a card cast while an ability resolves (miracle, suspend)
        out[now["alt"]] = now["cost"]
    rules = tg.player_rules(g, p)
    for rule, (name, cost) in PLAYER_ALT_COSTS.items():
        if rule in rules:
            out[name] = cost
    return out


def _check_alt(g: "Context", p: int, defn: "CardDef | None", alt: str, name: str) -> None:
    if alt and alt not in alt_costs(g, p, defn):
        raise IllegalActionError("cast.alt", card=name)


def _target_names(g: "Context", tdicts: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for t in tdicts:
        if "player" in t:
            out.append(g.pname(t["player"]))
        else:  # (a target may be gone already: the permanent sacrificed to pay the cost, CR 601.2c/h)
            o = g.st.objects.get(t["obj"])
            out.append(o.name if o is not None and not o.face_down else "")
    return out


def _check_targets(g: "Context", specs: list[Any], chosen: tuple[Any, ...], p: int, name: str,
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


def ability_of(g: "Context", oid: int, n: int) -> "Activated":
    d = g.chars(oid).defn if g.st.objects[oid].zone == "battlefield" else card_def(g.st.objects[oid].name)
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
        from engine.rules.planeswalkers import loyalty_problem
        why = loyalty_problem(g, p, oid, ab)  # CR 606.3, 606.6
        if why is not None:
            raise why
    if ab.tap_other is not None and not other_sacrifices(g, p, oid, ab.tap_other):
        raise IllegalActionError("activate.tap_other", card=obj.name, desc=ab.tap_other.desc)
    if ab.crew:
        from engine.cards.mechanics.crew import can_crew
        if not can_crew(g, p, ab.crew):
            raise IllegalActionError("activate.crew", card=obj.name)
    if ab.discard and len(st.players[p].hand) < ab.discard:
        raise IllegalActionError("activate.discard", card=obj.name)
    if ab.sacrifice_other is not None and not other_sacrifices(g, p, oid, ab.sacrifice_other):
        raise IllegalActionError("activate.sacrifice", card=obj.name, desc=ab.sacrifice_other.desc)
    if ab.modes and (len(a.modes) != 1 or not 1 <= a.modes[0] <= len(ab.modes)):
        raise IllegalActionError("cast.mode", card=obj.name)
    if a.modes and not ab.modes:
        raise IllegalActionError("cast.not_modal", card=obj.name)
    specs = ab.targets_for(a.modes)
    if not a.targets and tg.in_parts(g, specs, p, oid):
        return _announce(g, a, specs, obj.name, oid)
    _check_targets(g, specs, a.targets, p, obj.name, source=oid)
    if a.x and not parse_cost(ab.cost).x:
        raise IllegalActionError("cast.no_x", card=obj.name)
    exclude = {oid} if (ab.tap or ab.sacrifice) else set()
    got = plan(g, p, parse_cost(ab.cost).with_x(a.x or 0), exclude, a.pay)
    # legal: pay costs (CR 602.2b, 601.2g-h), put the ability on the stack
    lki_counters = dict(obj.counters) if obj.zone == "battlefield" else {}
    abilities = (g.chars(oid).defn.nonmana_abilities() if obj.zone == "battlefield"  # type: ignore[union-attr]
                 else card_def(obj.name).nonmana_abilities())  # type: ignore[union-attr]
    index = abilities.index(ab)
    from engine.rules.zones import new_object
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
                **({"def": ab.origin[0], "token": False, "origin": True} if ab.origin else {}),
                "source_name": obj.name,
                # last known information, for when paying the cost removes the source (CR 113.7a)
                "lki_keywords": sorted(g.chars(oid).keywords) if obj.zone == "battlefield" else [],
                "lki_counters": lki_counters}
    if obj.ctx.get("exiled_with"):  # CR 607.2a, 113.7a: "cards exiled with this" after it is sacrificed
        item.ctx["lki_exiled_with"] = list(obj.ctx["exiled_with"])
    zones.put_on_stack(g, item.id)
    execute_payment(g, p, got)
    if ab.loyalty is not None:  # CR 606.4: the loyalty cost
        from engine.rules.planeswalkers import pay_loyalty
        pay_loyalty(g, oid, ab)
    if ab.once:  # "Activate only once": this object (a new one after a zone change may again, CR 400.7)
        g.update(oid, ctx={**obj.ctx, f"activated:{a.ability}": True})
    if ab.tap:
        g.update(oid, tapped=True)
    if ab.once:  # "Activate only once." — remembered on this object (a new object may again, CR 400.7)
        g.update(oid, ctx={**st.objects[oid].ctx, f"activated:{ab.label}": True})
    if ab.sacrifice:
        g.sacrifice(oid)
    if ab.discard_self:
        g.move(oid, "graveyard", cause="discard")
        g.event("discard", player=g.pname(p), card=obj.name)
    if ab.zone == "graveyard" and ab.exile_named:  # "Exile this card and N other cards named ..."
        for other in [oid] + named_others(g, p, oid)[:ab.exile_named]:
            g.move(other, "exile", cause="cost")
    st.passes = 0
    if ab.tap_other is not None:
        from engine.format import ref_text
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
        from engine.format import ref_text
        options = other_sacrifices(g, p, oid, ab.sacrifice_other)
        # CR 602.2b, 601.2h: the player chooses which permanent to sacrifice as the cost is paid
        st.pending = {"player": p, "kind": "ask", "where": "cost", "item": item.id,
                      "prompt": "ask.sacrifice" if ab.other_action == "sacrifice" else "ask.return_part_of_cost",
                      "action": ab.other_action,
                      "params": {"card": obj.name, "what": ab.sacrifice_other.desc},
                      "options": [ref_text(g, ("o", o)) for o in options],
                      "refs": options, "count": 1, "min_count": 1}
    g.event("activate", player=g.pname(p), card=obj.name, obj=item.id, label=ab.label,
            targets=_target_names(g, item.targets))
    g.triggers.became_target(item.id, item.targets, p)


def ask_crew(g: "Context", p: int, item: int, n: int, chosen: list[int]) -> None:
    """CR 702.122a, 602.2b: the creatures that crew are chosen one at a time as the cost is
    paid, "no more" once their total power is N or greater (any number more may be tapped)."""
    from engine.cards.mechanics.crew import crew_candidates, crew_power
    from engine.format import ref_text
    cands = crew_candidates(g, p, chosen)
    total = sum(crew_power(g, o) for o in chosen)
    if total >= n and not cands:
        return finish_crew(g, chosen)
    need = sum(crew_power(g, o) for o in cands) + total >= n
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


def activate_mana(g: "Context", a: Action) -> None:
    """CR 605.3: a mana ability resolves at once, without the stack."""
    st = g.st
    p, oid = a.player, a.obj
    assert oid is not None
    obj = st.objects[oid]
    got = mana_ability(g, oid) if obj.zone == "battlefield" else None
    if obj.zone != "battlefield" or obj.controller != p or got is None:
        raise IllegalActionError("mana.none")
    ab = got
    if a.choice and a.choice[0] not in ab.mana:  # the mana ability that makes that colour (Haunted Screen)
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
    pool[colour] = pool.get(colour, 0) + ab.amount_now(g, obj)
    land = ab.tap and g.is_type(oid, "Land")  # tapped for mana (CR 106.12a)
    name = obj.name
    if ab.counter:  # CR 605.3: the whole mana ability resolves at once, its counter too
        g.add_counters(oid, ab.counter, 1)
    if ab.sacrifice:
        g.sacrifice(oid)
    st.passes = 0  # CR 117.4: "pass in succession" means without taking any action in between
    g.event("mana", player=g.pname(p), card=name, mana=colour)
    if land:  # triggered mana abilities resolve right after it (CR 605.1b, 605.4a)
        extra = mana_triggers.land_tapped_for_mana(g, p, oid, colour)
        if extra:
            pool[colour] = pool.get(colour, 0) + extra


def play_land(g: "Context", a: Action) -> None:
    """CR 305.1-305.2: a land is played at sorcery timing, one per turn, without the stack."""
    st = g.st
    p, oid = a.player, a.obj
    if oid is None or oid not in hand_cands(g, p):
        raise IllegalActionError("play.not_in_hand")
    if "Land" not in g.chars(oid).types:
        raise IllegalActionError("play.not_land")
    if not sorcery_timing(g, p):
        raise IllegalActionError("play.timing")
    if st.players[p].lands_played >= 1:
        raise IllegalActionError("play.one_per_turn")
    st.players[p].lands_played += 1
    name = st.objects[oid].name
    new = g.move(oid, "battlefield", cause="play")
    g.event("play", player=g.pname(p), card=name)
    g.triggers.fire("land_played", player=p, obj=new)  # "whenever you play a land / a card" (CR 305.1)
