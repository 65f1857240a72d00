"""The ways an object can be played, cast or activated (CR 116, 305.1, 601, 602, 605): each way
is an object that knows the zone it works from, its timing, its cost and the Action it yields.
The legal-action listing (engine/rules/listing.py) goes through p's objects and asks each of
their ways what it offers now; a mechanic adds a way of its own through its `ways()` hook
(engine/rules/hooks.py; suspend's special action, engine/cards/mechanics/suspend.py).

`Lister` (engine/rules/lister.py) is what one listing shares between the ways; a source's mana
actions and the `activate` names are made in engine/rules/mana_actions.py. Casting a spell is
the way of engine/rules/cast_way.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.format import text_of
from engine.rules import (activation, additional_costs, casting, characteristics, costs, hooks, payment, planeswalkers, schemes,
                          special_actions, targets as tg)
from engine.rules.face_up import NOT_MANIFESTED, morph_lost
from engine.rules.index import CARDS
from engine.rules.kept import ask
from engine.rules.lister import TARGETS, Lister
from engine.rules.mana import FACE_UP, UNLOCK, parse_cost
from engine.rules.mana_actions import mana_text, source_actions
from engine.rules.payment import GRANTED_MANA
from engine.rules.rule_changes import ObjectRule

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj



class Way:
    """One way to play, cast or activate an object: the zone it works from, its timing (CR 117.1a:
    "sorcery" only in a main phase of one's own turn with an empty stack; "instant" whenever one
    has priority; "special" a special action, CR 116; "mana" a mana ability, CR 605.3a), its verb
    (the Action it yields). `add` appends the actions it offers now for object `oid` (current
    characteristics `c`) to `out`, each complete with its canonical text where that is made here."""

    zone = "hand"
    timing = "instant"
    verb = "activate"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        raise NotImplementedError

    def has(self, name: str) -> bool:
        """Whether a card of this name has this way at all (printed: known once per name)."""
        return True


class PlayLand(Way):
    """Playing a land (CR 305.1): a special action of sorcery timing, one land a turn (CR 305.2)
    unless effects allow more; from the hand, or from where a permission allows (CR 305.1)."""

    timing = "sorcery"
    verb = "play"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        g, p = lister.g, lister.p
        if casting.sorcery_timing(g, p) and lister.me.lands_played < schemes.lands_per_turn(g, p):
            out.append(Action(p, "play", obj=oid, text="play " + lister.hand_name(oid)))


class HandAbilities(Way):
    """Activated abilities that work from the hand: cycling (CR 702.29a, with {X}: each X that
    can be paid, CR 107.3), ninjutsu (CR 702.49a) and the like (CR 602.2, 113.6k)."""

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        g, p = lister.g, lister.p
        if c.defn is None or obj.zone != "hand":  # (a card playable from exile has no hand abilities)
            return
        payable, tail = lister.payable, lister.tail
        for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
            if ab.zone == "hand" and payable(parse_cost(ab.cost)) and (
                    ab.condition is None or ab.condition(g, obj)):  # ninjutsu's (CR 702.49a)
                if not ab.targets or per_x(ab.targets):  # ("X target ...": none with X = 0)
                    out.append(Action(p, "activate", obj=oid, ability=i))
                    x = 1  # "Cycling {X}{1}{U}": each X that can be paid (CR 107.3, 602.2b)
                    while parse_cost(ab.cost).x and payable(parse_cost(ab.cost).with_x(x)):
                        if per_x(ab.targets) and not tg.completable(g, [ab.targets[0]] * x, p, (), oid):
                            break  # "X target ...": no X with fewer legal targets than X (CR 601.2c)
                        out.append(Action(p, "activate", obj=oid, ability=i, x=x))
                        x += 1
                    continue
                head = text_of(g, Action(p, "activate", obj=oid, ability=i))
                for combo in tg.combos(g, ab.targets, p):
                    out.append(Action(p, "activate", oid, combo, "", "", None, (), i, (), (), (), (),
                                      head + tail(combo)))


class GraveyardAbilities(Way):
    """Activated abilities that work from the graveyard (CR 113.6k): unearth-like returns,
    "exile this card and N others named ...", with sorcery timing where they say so."""

    zone = "graveyard"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        self.found(lister, oid, obj, c, out)

    def found(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> bool:
        """Add its actions; whether some ability of it can be activated now (its targets aside):
        then its namesakes in the graveyard need not be asked (one per name)."""
        g, p = lister.g, lister.p
        assert c.defn is not None
        found = False
        for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
            if ab.zone != "graveyard" or (ab.sorcery and not casting.sorcery_timing(g, p)):
                continue
            if len(additional_costs.named_others(g, p, oid)) < ab.exile_named or not lister.payable(parse_cost(ab.cost)):
                continue
            if ab.sacrifice_other is not None and not additional_costs.others_left(
                    g, p, oid, ab.sacrifice_other, ab.other_count, ab.cost, False):  # "Return two lands ..."
                continue
            if ab.condition is not None and not ab.condition(g, obj):
                continue
            found = True
            head = text_of(g, Action(p, "activate", obj=oid, ability=i))
            for combo in tg.combos(g, [] if per_x(ab.targets) else ab.targets, p):
                out.append(Action(p, "activate", oid, combo, "", "", None, (), i, (), (), (), (),
                                  head + lister.tail(combo)))
        return found


class TurnFaceUp(Way):
    """Turning a face-down permanent face up (CR 116.2b, a special action any time one has
    priority): a manifested creature card for its mana cost (CR 701.40b), a card with morph for
    its morph cost (CR 702.37e, by the mechanic's `face_up_cost` hook); a manifested card with
    morph either way (`alt="morph"`, CR 701.40c)."""

    zone = "battlefield"
    timing = "special"
    verb = "turn face up"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        if obj.face_down and ObjectRule.CANT_TURN_FACE_UP not in c.flags:
            out += [Action(lister.p, "turn face up", obj=oid, alt=alt) for alt in self.alts(lister, obj)]

    @staticmethod
    def alts(lister: Lister, obj: "Obj") -> list[str]:
        """How it can be turned face up now: "" — a manifested creature card for its mana cost
        (CR 701.40b), or one cast face down for its morph cost; "morph" — a manifested card
        with morph for its morph cost instead (CR 701.40c)."""
        morph = hooks.face_up_cost(lister.g, obj)
        data = CARDS.printed(obj.name)
        manifested = data is not None and "Creature" in data.type_line.split("//")[0] \
            and not obj.ctx.get(NOT_MANIFESTED)
        morph_ok = morph is not None and not morph_lost(lister.g, obj.id) \
            and lister.payable(parse_cost(morph[0]), FACE_UP)
        if not manifested:
            return [""] if morph_ok else []
        assert data is not None
        out = [""] if lister.payable(parse_cost(data.mana_cost), FACE_UP) else []
        return out + (["morph"] if morph_ok else [])


class ActivatedAbilities(Way):
    """A permanent's activated abilities other than mana abilities (CR 602): {T} and summoning
    sickness (CR 302.6), sorcery timing and level up (CR 602.5d, 702.87a), "Activate only once"
    and "only if" (CR 602.5b), loyalty abilities (CR 606.3), crew (CR 702.122a), the costs of
    sacrificing or tapping others (CR 602.2b), modes and targets (CR 700.2, 601.2c)."""

    zone = "battlefield"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        g, p = lister.g, lister.p
        assert c.defn is not None
        me, payable, heads, tail = lister.me, lister.payable, lister.heads, lister.tail
        for i, ab in enumerate(c.defn.nonmana_abilities(), 1):
            if ab.zone != "battlefield" or (ab.active is not None and not ab.active(g, obj)):
                continue  # (a leveler's band ability exists only in that band, CR 710.2)
            if ab.tap and (obj.tapped or ("Creature" in c.types and obj.sick and "haste" not in c.keywords)):
                continue
            if (ab.sorcery or ab.level_up) and not casting.sorcery_timing(g, p):
                continue
            if ab.once and ask(lister.asked, activation.used, g, p, oid, i, ab.label):
                continue  # "Activate only once" (CR 602.5b)
            if ab.sacrifice_other is not None and not ask(  # (enough left once the mana is paid)
                    lister.asked, additional_costs.others_left, g, p, oid, ab.sacrifice_other, ab.other_count,
                    ab.cost, ab.tap or ab.sacrifice):
                continue
            if ab.tap_other is not None and not ask(lister.asked, additional_costs.has_other, g, p, oid, ab.tap_other):
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
            if (ab.tap or ab.sacrifice) and oid in lister.source_ids:  # can't also tap itself for mana
                cost_ = parse_cost(ab.cost)
                if not cost_.is_free() and not lister.payable_without(cost_, oid):
                    continue
            elif not payable(parse_cost(ab.cost)):
                continue
            lister.reached = True
            for modes in ([(m,) for m in range(1, len(ab.modes) + 1)] if ab.modes else [()]):
                specs = ab.targets_for(modes)
                if per_x(specs):  # "X target ...": listed with X = 0, no target (any X may be named)
                    specs = []
                head = heads.get((oid, i, modes))
                if head is None:  # (the same all through the position: names are)
                    head = heads[(oid, i, modes)] = text_of(g, Action(p, "activate", obj=oid, ability=i,
                                                                     modes=modes))
                if tg.in_parts(g, specs, p, oid):  # targets chosen one at a time after `activate CARD`
                    if len(specs) != 1 or specs[0].status:  # (any_option keeps its answer for the position)
                        lister.unkept = True
                    ok = tg.any_option(g, specs[0], p, oid) if len(specs) == 1 else \
                        tg.completable(g, specs, p, (), oid)
                    if lister.asked is not None and len(specs) == 1:
                        lister.asked.append((TARGETS, specs, oid, ok))
                    if ok:
                        out.append(Action(p, "activate", oid, (), "", "", None, modes, i, (), (), (), (), head))
                    continue
                if specs:  # (each target's legality read now)
                    lister.unkept = True
                for combo in tg.combos(g, specs, p, oid):
                    out.append(Action(p, "activate", oid, combo, "", "", None, modes, i, (), (), (), (),
                                      head + tail(combo)))


class UnlockDoor(Way):
    """Unlocking a Room's locked door (CR 709.5a): a special action of sorcery timing for the
    door's unlock cost (less "Unlock costs ... cost {1} less", CR 601.2f)."""

    zone = "battlefield"
    timing = "sorcery"
    verb = "unlock"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        g, p = lister.g, lister.p
        if "Room" in c.subtypes and casting.sorcery_timing(g, p):
            for door in special_actions.locked_doors(g, oid):
                if lister.payable(costs.door_cost(g, p, door), UNLOCK):
                    out.append(Action(p, "unlock", obj=oid, face=door["name"]))


class ManaAbilities(Way):
    """A permanent's mana abilities (CR 605), activated by the player: a source's mana (one action
    per colour unless it makes one), one with a life cost (CR 119.4) and one with a mana cost
    ("{1}, {T}: Add {W}{U}.", one action per combination, CR 605.3a) — no sources for automatic
    payment, but the player may activate them."""

    zone = "battlefield"
    timing = "mana"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        g, p = lister.g, lister.p
        assert c.defn is not None
        listed: tuple[str, ...] = ()
        own = payment.mana_ability(g, oid, c) if oid in lister.source_ids else None
        if own is not None:
            listed = lister.source_ids[oid]
            out += source_actions(lister, oid, obj, c)
        if len(c.defn.mana_abilities()) > 1 and GRANTED_MANA not in c.flags:
            # a mana ability with a life cost is no source for automatic payment, but the
            # player may activate it (Haunted Screen's "{T}, Pay 1 life: Add {G}, {U}, or {R}.")
            for more in c.defn.mana_abilities()[1:]:
                if not more.life or more.life > lister.me.life or (more.active is not None and not more.active(g, obj)):
                    continue
                if more.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
                    continue
                if more.condition is not None and not more.condition(g, obj):
                    continue
                for colour in more.mana:
                    if colour not in listed:
                        out.append(Action(p, "activate", oid, (), "", "", None, (), 0, (), (colour,), (), (),
                                          mana_text(lister, obj, colour)))
        if GRANTED_MANA not in c.flags and c.defn.costed_mana():
            for more in c.defn.mana_abilities():
                if not more.cost or (more.active is not None and not more.active(g, obj)):
                    continue
                if more.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
                    continue
                if more.condition is not None and not more.condition(g, obj):
                    continue
                if not lister.payable_without(parse_cost(more.cost), oid):
                    continue
                out += [Action(p, "activate", oid, (), "", "", None, (), 0, (), (combo,), (), (),
                               mana_text(lister, obj, combo)) for combo in more.mana]


class GrantedMana(Way):
    """A face-down creature (no definition) given a mana ability (CR 613.1f, layer 6)."""

    zone = "battlefield"
    timing = "mana"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        granted = payment.mana_ability(lister.g, oid, c)
        if granted is not None and oid in lister.source_ids:
            out += [Action(lister.p, "activate", oid, choice=(colour,)) for colour in granted.mana]



def per_x(specs: Any) -> bool:
    """"X target ...": as many target words as the X chosen (CR 601.2b-c, 107.3)."""
    return bool(specs) and bool(getattr(specs[0].extra, "per_x", False))


_GY_WORKS: dict[tuple[str, bool], bool] = {}


def works_from_graveyard(g: "Context", oid: int, name: str) -> bool:
    """Whether a card of this name has an ability that works from the graveyard (CR 113.6k):
    printed, so known once per name."""
    key = (name, g.st.objects[oid].token_def is None)
    got = _GY_WORKS.get(key)
    if got is None:
        d = characteristics.base_chars(g, oid).defn
        got = _GY_WORKS[key] = d is not None and d.works_from_graveyard()
    return got


PLAY_LAND = PlayLand()
HAND_ABILITIES = HandAbilities()
GRAVEYARD_ABILITIES = GraveyardAbilities()
TURN_FACE_UP = TurnFaceUp()
ACTIVATED = ActivatedAbilities()
UNLOCK_DOOR = UnlockDoor()
MANA_ABILITIES = ManaAbilities()
GRANTED_MANA_WAY = GrantedMana()
