"""What a spell costs (CR 601.2b, 601.2f, 118): its mana cost or the half being cast (CR
709.3), X, cost reductions, Phyrexian symbols paid with life (CR 107.4f, 119.4), and the
alternative costs it may be cast for (CR 118.9) — its own (flashback, impending, ...), those
a permission or p's permanents give (escape, a WUBRG alternative cost, free casting from exile, paying life),
paying life instead — by the zone it is cast from; what the payment is for (CR
106.6) and how much mana it spent. The non-mana parts of a cost (sacrifice, discard, tap,
return, exile) are engine/rules/additional_costs.py; casting itself is engine/rules/casting.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import IllegalActionError
from engine.rules.card_terms import CastFromGraveyard
from engine.rules import cast_now, characteristics, hooks
from engine.rules import commander, exile_permissions
from engine.rules.additional_costs import sacrifice_options
from engine.rules.mana import Cost, parse_cost
from engine.rules.payment import Payment
from engine.rules.index import CARDS
from engine.rules.kept import having
from engine.rules.effects import CostChange
from engine.rules import permissions
from engine.rules.spell_types import spell_types

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef
    from engine.rules.context import Context


def face_of(g: "Context", obj_id: int, face: str) -> dict[str, Any] | None:
    """The named half of a Room or split card (CR 709), matched without regard to case."""
    data = CARDS.printed(g.st.objects[obj_id].name)
    for f in (data.faces if data else ()):
        if f.get("name", "").lower() == face.lower():
            return f
    return None


def life_cost(g: "Context", obj_id: int) -> int | None:
    """"If you cast a spell this way, pay life equal to its mana value rather than pay its mana
    cost" (an alternative cost, CR 118.9, 119.4): the life, or None."""
    obj = g.st.objects[obj_id]
    if obj.zone != "exile" or not g.st.may_play:
        return None
    if any(m.pay_life for m in permissions.of_card(g, obj_id)):
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
    if targets or (defn is not None and defn.cost_reduction is not None):
        return _spell_cost(g, obj_id, defn, targets, x, alt, face)
    # the cost depends on the position only (life instead of mana, a half, sacrifice or pay,
    # discounts, the alternative costs permanents and permissions give): the legal-action
    # listing asks it of every card each time, for each alternative cost
    key = ("spell_cost", obj_id, id(defn), x, face, alt)
    got: tuple[Any, Cost] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = (defn, _spell_cost(g, obj_id, defn, targets, x, alt, face))
    return got[1]


def _spell_cost(g: "Context", obj_id: int, defn: "CardDef | None", targets: list[Any], x: int,
                alt: str = "", face: str = "") -> Cost:
    data = CARDS.printed(g.st.objects[obj_id].name)
    if life_cost(g, obj_id) is not None:
        return parse_cost("")  # life is paid instead of the mana cost (CR 118.9)
    half = face_of(g, obj_id, face) if face else None
    caster = exile_permissions.caster(g, obj_id)  # (an opponent's exiled card: its caster's, CR 601.2f)
    alts = _alts_of(g, obj_id, defn, alt)
    if alt and alt not in alts and hooks.cast_face_down(alt):
        alts = hooks.granted_alt_costs(g, obj_id)  # face down from the library's top by a permission: {3}
    if alt in alts:
        cost = parse_cost(alts[alt])  # an alternative cost (CR 118.9)
    elif half is not None:
        cost = parse_cost(half.get("mana_cost"))  # only the half being cast counts (CR 709.3)
    else:
        cost = parse_cost((data.mana_cost or "").split("//")[0] if data else "")
    cost = cost.with_x(x)
    obj = g.st.objects[obj_id]
    if obj.zone == "command" and g.st.players[obj.owner].commanders and commander.is_commander(g.st, obj):
        cost = cost.plus(Cost(generic=commander.tax(g.st, obj)))  # CR 903.8: the commander tax
    if defn is not None and defn.additional is not None and defn.additional.or_pay \
            and not sacrifice_options(g, caster, defn):
        cost = cost.plus(parse_cost(defn.additional.or_pay))  # nothing to sacrifice: pay instead (CR 601.2h)
    if defn is not None and defn.cost_reduction is not None:
        cost = cost.reduced(defn.cost_reduction.amount(g, g.st.objects[obj_id], targets))
    discounts = discounts_of(g, caster)
    if discounts:
        # its characteristics as the spell it becomes, cast as this face for this cost (CR 613,
        # 601.2f; an Adventure's or a door's alone, CR 715.3b, 709.3; face down, CR 708.2a)
        types, subs = spell_types(g, obj_id, face, alt)
        subtypes = set(subs)
        cost = cost.reduced(sum(d.n for d in discounts if d.applies(types, subtypes)))  # CR 601.2f
    if g.st.may_play and exile_permissions.any_color(g, obj_id):
        cost = exile_permissions.as_any_color(cost)  # CR 609.4b: how it may be paid, not what it costs
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


def discounts_of(g: "Context", p: int) -> list[CostChange]:
    """The cost reductions p's permanents give p's spells and unlock costs (CR 601.2f),
    found once per position. Which permanents give which reductions is kept across positions
    while their characteristics are the same; a reduction "for each ..." is counted in each
    position (the life lost this turn changes without any permanent changing, CR 601.2f)."""
    given: list[tuple[CostChange, int]] = characteristics.from_permanents(
        g, p, "discounts", lambda: [(d, oid) for oid, _, defn in having(g.perms(p), "discounts")
                                    for d in defn.discounts])
    if all(d.per is None for d, _ in given):
        return [d for d, _ in given]
    key = ("discounts_now", p)
    got: list[CostChange] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = [d if d.per is None else d._replace(n=d.n * int(d.per(g, g.st.objects[oid])), per=None)
                             for d, oid in given]
    return got


def door_cost(g: "Context", p: int, door: dict[str, Any]) -> Cost:
    """A door's unlock cost, less "Unlock costs you pay cost {1} less" (CR 709.5, 601.2f)."""
    return parse_cost(door.get("mana_cost")).reduced(sum(d.n for d in discounts_of(g, p) if d.unlock))


FREE_FROM_EXILE = "free"  # "you may pay {0} rather than pay the mana cost" (a Room door), as `cast CARD with free`
# "You may cast that card without paying its mana cost for as long as it remains exiled." (a
# permission with the card, CR 601.2a, 118.9), as `cast CARD with exiled_free`; the only way
EXILED_FREE = "exiled_free"


# "you may cast a spell from your hand by paying life equal to its mana value", `cast CARD with life`
LIFE_FROM_HAND = permissions.ALT_LIFE


def hand_life_cost(g: "Context", p: int, oid: int) -> int | None:
    """A Room door: "Once during each of your turns, you may cast a spell from your hand by
    paying life equal to its mana value rather than paying its mana cost." — an alternative
    cost (CR 118.9, 119.4) a permanent of p gives (a permission, engine/rules/permissions.py):
    the life to pay, or None when it isn't available now (not p's turn, used this turn, not
    in p's hand, or more life than p has, CR 119.4)."""
    obj = g.st.objects.get(oid)
    if obj is None or obj.zone != "hand" or obj.owner != p or not g.is_active(p) \
            or g.st.this_turn.get(f"life_from_hand:{p}"):
        return None
    # "... you may cast an enchantment spell by paying life equal to its mana value ..." (the
    # same once each turn): an enchantment *spell* — the types of the spell cast as each of the
    # card's faces (hand_life_fits: an Adventure's, a door's, CR 715.3b, 709.3), on the stack,
    # where the alternative cost is chosen (CR 601.2a-b, 613.1d); the life is the mana value of
    # that spell (hand_life_for), the least of those that fit
    if not any(perm.pay_life for perm in permissions.alternatives(g, p, permissions.HAND)):
        return None
    data = CARDS.printed(obj.name)
    faces = [f["name"] for f in data.faces] if data is not None and data.faces else [""]
    lives = [hand_life_for(g, oid, face) for face in faces if hand_life_fits(g, p, oid, face)]
    if not lives:
        return None
    life = min(lives)
    return life if g.st.players[p].life >= life else None


def hand_life_fits(g: "Context", p: int, oid: int, face: str) -> bool:
    """Whether the spell cast as `face` (an Adventure, a door; "" the card) is one a permission
    "you may cast a[n enchantment] spell by paying life ..." of p's allows: its types as that
    spell (CR 601.2a-b, 613.1d; an Adventure has only the Adventure's, CR 715.3b — under
    "permanent spells you control are enchantments" the adventurer is an enchantment spell, its
    Adventure, a sorcery, is not)."""
    perms = [perm for perm in permissions.alternatives(g, p, permissions.HAND) if perm.pay_life]
    if all(not perm.types for perm in perms):
        return bool(perms)
    types = spell_types(g, oid, face, LIFE_FROM_HAND)[0]
    return any(not perm.types or perm.types & types for perm in perms)


def hand_life_for(g: "Context", oid: int, face: str) -> int:
    """The life Access Maze's alternative cost asks for this spell: its mana value on the
    stack — for a Room, only the door being cast (CR 709.3)."""
    half = face_of(g, oid, face) if face else None
    if half is not None:
        return int(parse_cost(half.get("mana_cost")).mana_value)
    return int(g.chars(oid).mana_value or 0)


def free_permission(g: "Context", p: int, oid: int) -> bool:
    """Whether p may cast this exiled card without paying its mana cost by a permission kept
    with it (may_play "free"); then that is the only way p may cast it."""
    return any(m.free for m in permissions.of_card(g, oid, p))


def player_alt_costs(g: "Context", p: int, oid: int) -> dict[str, str]:
    """Alternative costs p's permanents give p's spells (CR 118.9): Warped Space's "Once each
    turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile." — a
    cast without paying the mana cost also with the card's optional additional costs (kicker:
    `free_once+kicker`, CR 118.9d, 601.2f)."""
    out = _player_alt_costs(g, p, oid)
    obj = g.st.objects.get(oid)
    extra = hooks.optional_costs(CARDS.card_def(obj.name)) if out and obj is not None else {}
    for free in [a for a in out if a in (FREE_ONCE, EXILED_FREE)]:
        for name, cost in extra.items():
            out[f"{free}+{name}"] = cost
    return out


def _player_alt_costs(g: "Context", p: int, oid: int) -> dict[str, str]:
    obj = g.st.objects.get(oid)
    if obj is not None and obj.zone in ("hand", "library") and free_once_available(g, p, oid):
        out = {FREE_ONCE: "{0}"}
        if obj.zone == "hand" and hand_life_cost(g, p, oid) is not None:
            out[LIFE_FROM_HAND] = "{0}"
        return out
    if obj is not None and obj.zone == "hand":
        return {LIFE_FROM_HAND: "{0}"} if hand_life_cost(g, p, oid) is not None else {}
    if obj is not None and obj.zone == "exile" and free_permission(g, p, oid):
        slots = exile_permissions.slot_costs(g, p, oid)  # "for each nonland card type" (as_TYPE)
        return {EXILED_FREE: "{0}"} if slots is None else slots
    if obj is None or obj.zone != "exile" or g.st.this_turn.get(f"free_from_exile:{p}"):
        return {}
    # "you may cast spells from exile without paying their mana costs" (permissions.py)
    free = any(perm.free for perm in permissions.granted(g, p, permissions.CAST, permissions.EXILE))
    return {FREE_FROM_EXILE: "{0}"} if free else {}


# "Once during each of your turns, you may cast a spell ... without paying its mana cost"
FREE_ONCE = permissions.ALT_FREE_ONCE


def free_once_available(g: "Context", p: int, oid: int) -> bool:
    """"Once during each of your turns, you may cast a spell from your
    hand or the top of your library without paying its mana cost." (CR 118.9) — during p's turn,
    a card in p's hand or p's top library card p may cast (a permission), once each turn for each
    permanent p controls with it (ruling: each one's ability applies independently)."""
    return free_once_given(g, p) and free_once_fits(g, p, oid)


def free_once_given(g: "Context", p: int) -> bool:
    """free_once_available's part about the player: p's turn, and a permanent of p's gives it."""
    return g.is_active(p) and any(perm.alt == FREE_ONCE for perm in permissions.alternatives(g, p))


def free_once_fits(g: "Context", p: int, oid: int) -> bool:
    """free_once_available's part about the card, where free_once_given holds: a card p owns in
    p's hand or p's top library card, with a permanent's free cast unused this turn."""
    obj = g.st.objects[oid]
    if obj.owner != p or (obj.zone == "library" and CARDS.top_card(g, p) != oid):
        return False
    return bool(free_once_sources(g, p))


def free_once_sources(g: "Context", p: int) -> list[int]:
    """The permanents p controls whose "once during each of your turns" free cast is unused this
    turn. Each permission belongs to its permanent (the card's ruling: "you will need to track
    which enchantment's permission you are using"): one that leaves and returns is
    a new object with a permission of its own (CR 400.7), and one that leaves takes only its own
    permission with it."""
    # (the permanents that give it: made from their characteristics alone, asked for each hand
    # card, kept across positions while those are the same)
    givers: list[int] = characteristics.from_permanents(g, p, "free_once_givers", lambda: [
        o for o, _, d in having(g.perms(p), "player_rules") if permissions.gives(d.player_rules, FREE_ONCE)])
    return [o for o in givers if not g.st.this_turn.get(f"free_once:{p}:{o}")]


def spell_purposes(g: "Context", oid: int, c: Any = None, face: str = "", alt: str = "") -> frozenset[str]:
    """What a payment for casting this spell is for (CR 106.6): "spell", its card types and its
    subtypes in lower case ("Spend this mana only to cast an enchantment spell": "enchantment";
    "... to cast Room spells": "room"). On the stack: its characteristics (`c`, or read now).
    A card not yet cast is read as the spell it becomes, cast as `face` for `alt` — the mana is
    spent with the spell on the stack (CR 601.2a, 601.2g): what static abilities that reach
    spells add there ("permanent spells you control are enchantments", CR 613.1d), only an
    Adventure's or a door's characteristics (CR 715.3b, 709.3), a face-down spell's (CR 708.2a)."""
    if g.st.objects[oid].zone == "stack":
        c = g.chars(oid) if c is None else c
        types, subtypes = c.types, c.subtypes
    else:
        types, subtypes = spell_types(g, oid, face, alt)
    return frozenset(("spell", *(t.lower() for t in types), *(t.lower() for t in subtypes)))


_OWN_ALTS: dict[int, tuple[Any, list[str]]] = {}
# the permissions to cast from the top of the library for the card's mana cost alone (creature
# spells with coven, any spell): not the one that adds a sacrifice
_TOP_PLAIN = frozenset({"top_creature", "library"})


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
    if zone == "graveyard":
        alts = _own_alts(defn)
        # a Room door: "you may cast spells from your graveyard this turn" — any of its costs
        anywhere = bool(g.st.this_turn.get(f"cast_from_graveyard:{g.st.objects[oid].owner}"))
        permission = defn.term(CastFromGraveyard) if defn is not None else None
        plain = anywhere or (permission is not None and permission.allows(g, g.st.objects[oid]))
        granted = [a for a in sorted(hooks.granted_alt_costs(g, oid)) if a not in alts]  # escape (CR 702.138a)
        return ([""] if plain else []) + [a for a in alts if hooks.alternative_cost_zone(a) == "graveyard"
                                           or (anywhere and hooks.alternative_cost_zone(a) == "hand")] + granted
    if zone == "library":  # the top of the library: only by the permission, with its additional cost
        top = hooks.granted_alt_costs(g, oid)
        out = [a for a in sorted(top) if hooks.alternative_cost_zone(a) == "library"]
        if any(a in _TOP_PLAIN for a in out):
            # a permission with no cost of its own ("You may ... cast spells from the top of your
            # library", "you may cast creature spells from the top of your library"): all its
            # costs as from the hand — its alternative costs, kicker (the rulings of such
            # permissions: "You may also pay alternative costs."; CR 118.9, 601.2b, 601.2f)
            out += [a for a in _hand_alts(defn) if a and a not in out and hooks.alt_allowed(g, oid, a)]
        return out
    if zone == "exile" and any(m.free for m in permissions.of_card(g, oid)):
        return []  # "without paying its mana cost" only (player_alt_costs)
    # the hand, or exile with a permission (the definition's own, known once), those whose
    # condition holds now (spectacle, CR 702.137a)
    return [a for a in _hand_alts(defn) if hooks.alt_allowed(g, oid, a)]


def check_x(g: "Context", oid: int, defn: "CardDef | None", x: int | None, alt: str, face: str, name: str) -> None:
    """CR 107.3a: X is chosen only for a cost that has X."""
    if x and not parse_cost(_printed_cost(g, oid, alt, face, defn)).x:
        raise IllegalActionError("cast.no_x", card=name)


def _alts_of(g: "Context", oid: int, defn: "CardDef | None", alt: str) -> dict[str, str]:
    """The alternative costs (CR 118.9) among which `alt` is looked up: the owner's — or, for a
    card another player may cast by a permission kept with it, that player's ("counter target
    spell ... You may cast that card without paying its mana cost": the countered spell's card is
    its owner's, the permission the countering ability's controller's)."""
    if not alt:
        return {}
    owner = exile_permissions.caster(g, oid)  # (an opponent's exiled card: its caster's, CR 601.2f)
    alts = alt_costs(g, owner, defn)
    if alt not in alts:
        alts = player_alt_costs(g, owner, oid)
    if alt not in alts:
        for q in sorted({m.player for m in permissions.of_card(g, oid)} - {owner}):
            theirs = player_alt_costs(g, q, oid)
            if alt in theirs:
                return theirs
    return alts


def _printed_cost(g: "Context", oid: int, alt: str, face: str, defn: "CardDef | None") -> str | None:
    granted = hooks.granted_alt_costs(g, oid) if alt else {}
    if alt in granted:  # escape given by another permanent (CR 702.138a): the cast half's mana cost
        half = face_of(g, oid, face) if face else None
        return str(half.get("mana_cost") or "") if half is not None else granted[alt]
    alts = _alts_of(g, oid, defn, alt)
    if alt in alts:
        return alts[alt]
    data = CARDS.printed(g.st.objects[oid].name)
    if face and data is not None:
        half = face_of(g, oid, face)
        if half is not None:
            return str(half.get("mana_cost") or "")
    return (data.mana_cost or "").split("//")[0] if data else ""


def granted_alt_costs(g: "Context", p: int) -> dict[str, str]:
    """The alternative costs p's permanents give every spell p casts (CR 118.9; a permission
    from any zone, engine/rules/permissions.py)."""
    return {perm.alt: perm.cost for perm in permissions.alternatives(g, p, permissions.ANY_ZONE)}


def alt_costs(g: "Context", p: int, defn: "CardDef | None") -> dict[str, str]:
    """The alternative costs p may cast this spell for (CR 118.9): the card's own (impending
    ...) and those p's permanents give every spell p casts ("You may pay {W}{U}{B}{R}{G}
    rather than pay the mana cost for spells you cast.": `cast CARD with leyline`)."""
    out = hooks.alternative_costs(defn)
    now = cast_now.current(g)
    if now is not None:  # the cost of a card cast while an ability resolves (miracle, suspend)
        out[now["alt"]] = now["cost"]
    out.update(granted_alt_costs(g, p))
    return out
