"""The ways an object can be played, cast or activated (CR 116, 305.1, 601, 602, 605): each way
is an object that knows the zone it works from, its timing, its cost and the Action it yields.
The legal-action listing (engine/rules/listing.py) goes through p's objects and asks each of
their ways what it offers now; a mechanic adds a way of its own through its `ways()` hook
(engine/rules/hooks.py; suspend's special action, engine/cards/mechanics/suspend.py).

`Lister` is what one listing shares between the ways: the one question "can p pay this cost
now" (asked once per cost), the names of the cards and targets in the canonical texts
(docs/actions.md), made when first needed. Casting a spell is the way of engine/rules/cast_way.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.format import name_map, ref_text, text_of
from engine.rules import (activation, additional_costs, cast_now, casting, characteristics, costs, hooks, payment,
                          planeswalkers, schemes, special_actions, targets as tg)
from engine.rules.face_up import NOT_MANIFESTED, morph_lost
from engine.rules.index import CARDS
from engine.rules.kept import ASKED, ask
from engine.rules.mana import FACE_UP, NO_PURPOSES, UNLOCK, parse_cost, restricted_pool
from engine.rules.payment import GRANTED_MANA
from engine.rules.effects import ObjectRule, RuleChange

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj


# a question of Lister.asked about targets: (TARGETS, target words, source, answer) — the one
# word is chosen after the announcement on this board (targets.in_parts) and has a legal target
# (targets.any_option) or not: asked again through the position's caches
TARGETS = "targets?"


class Lister:
    """One listing of p's actions: what the ways share while they are asked (made per listing)."""

    def __init__(self, g: "Context", p: int) -> None:
        self.g = g
        self.p = p
        st = g.st
        self.me = me = st.players[p]
        raw = me.mana
        self.pool_key = pool_key = tuple(raw.items()) if raw else ()
        # what p's mana is known to pay (payment.player_mana): kept across positions while p's
        # permanents keep their characteristics, replaced as p's sources tap or untap
        self.mana_memo = memo = payment.player_mana(g, p)
        base: tuple[dict[int, tuple[str, ...]], bool, bool] | None = memo.get(("lister", pool_key))
        if base is None or st.players[p].command:  # (a scheme's rules are no permanent's: made each time)
            base = _base(g, p, raw)
            if not st.players[p].command:
                memo[("lister", pool_key)] = base
        # each source's colours (its first Source); whether restricted mana (CR 106.6) changes
        # what can be paid: only where a permanent of p makes some or the pool holds some,
        # otherwise what a payment is for is not asked
        self.source_ids, self.restricted, steady_costs = base
        self._known: dict[Any, bool] = {}
        self._without: dict[tuple[int, int], bool] = {}  # (payable_without's answers in this listing)
        self._keep: list[Any] = []
        self._hand_map: dict[int, str] | None = None
        self._tails: dict[Any, str] = {}
        # (names: per position)
        self.act_names: dict[str, dict[int, str]] = g.memo.setdefault(("activate_names", p), {})
        self.heads: dict[tuple[int, int, tuple[int, ...]], str] = g.memo.setdefault(("activate_heads", p), {})
        # a source's mana actions ("activate Forest", "activate Dual Land mana=G" per colour): the
        # same all through the position while it is a source of the same colours
        self.mana_acts: dict[tuple[int, tuple[str, ...]], list[Action]] = g.memo.setdefault(
            ("plain_mana_actions", p), {})
        self.granted_alts: list[str] | None = None  # alternative costs p's permanents give every spell
        self._reaching: bool | None = None  # (reaching_spells)
        self.cast_key: Any = False  # what a hand card's kept cast ways read (cast_way._kept_key); False: not made
        self.names_kept: tuple[dict[int, str], dict[int, str], dict[str, dict[int, str]]] | None = None
        # a plain spell found unpayable stays so while the mana sources (the mana memo), the
        # pool and its own characteristics stay the same — not where the turn or the turn's
        # events change what it costs (steady_costs, _base). (A permission to play, st.may_play,
        # is about an exiled card: it changes nothing of a card in the hand.)
        self.quick = steady_costs and cast_now.current(g) is None
        # what else a steady permanent's ways read (engine/rules/idle.py): with its own status
        # and characteristics, the key of its "offers nothing" entry in the mana memo
        self.sorcery = casting.sorcery_timing(g, p)
        self.reached = False  # a permanent's ability got as far as its modes and targets (ActivatedAbilities)
        # while a steady permanent's ways are asked: the payability questions they ask, in order,
        # each with its answer (engine/rules/idle.py: what its entries are checked by); whether
        # they read targets in a way the position's caches do not keep (`unkept`)
        self.asked: list[tuple[Any, ...]] | None = None
        self.unkept = False

    def idle_at(self, oid: int, obj: "Obj", reads: tuple[bool, bool, bool]) -> tuple[Any, ...]:
        """The key of a steady permanent's "its abilities offer nothing" entry (engine/rules/
        idle.py): its status, whether it is one of p's mana sources now, whether restricted
        mana is about, and the timing, hand size and its level counters (a leveler's bands)
        where its abilities read them. (What p's mana can pay is asked again: the entry holds
        the questions.)"""
        return (oid, obj.tapped, obj.sick, oid in self.source_ids, self.restricted, reads[0] and self.sorcery,
                len(self.me.hand) if reads[1] else -1, obj.counters.get("level", 0) if reads[2] else -1)

    def payable(self, cost: Any, purposes: frozenset[str] = NO_PURPOSES, convoke: bool = False) -> bool:
        """The one question: can p pay this cost now, for these purposes (payment.can_pay),
        with creatures tapped for convoke too. Asked once per cost (parsed costs are shared
        objects, see mana.parse_cost) and purposes."""
        if not self.restricted:
            purposes = NO_PURPOSES
        key: Any = (purposes, convoke, id(cost)) if purposes or convoke else id(cost)
        got = self._known.get(key)
        if got is None:
            got = self._known[key] = payment.can_pay(self.g, self.p, cost, purposes, convoke=convoke)
            self._keep.append(cost)  # keep it alive so its id is not reused during this listing
        if self.asked is not None:
            self.asked.append((cost, purposes, convoke, got))
        return got

    def payable_without(self, cost: Any, oid: int) -> bool:
        """Can p pay this cost now without tapping permanent `oid` for mana (a cost that taps or
        sacrifices it: it can't also be tapped for mana, CR 602.2b, 605.3a)."""
        key = (id(cost), oid)
        got = self._without.get(key)
        if got is None:
            got = self._without[key] = payment.can_pay(self.g, self.p, cost, without=oid)
            self._keep.append(cost)  # keep it alive so its id is not reused during this listing
        if self.asked is not None:
            self.asked.append((cost, oid, got))
        return got

    def same_answers(self, asked: tuple[tuple[Any, ...], ...]) -> bool:
        """Whether every question of an entry (engine/rules/idle.py, listing.py) gets the answer
        it got then, asked again in the same order: what p's mana can pay, and whether a target
        word chosen after the announcement has a legal target (TARGETS)."""
        known = self._known if self.asked is None else None  # (a plain question answered in this listing)
        for q in asked:
            if q[0] is TARGETS:
                if not tg.in_parts(self.g, q[1], self.p, q[2]) or tg.any_option(self.g, q[1][0], self.p, q[2]) != q[3]:
                    return False
                continue
            got = known.get(id(q[0])) if known is not None and len(q) == 4 and not q[1] and not q[2] else None
            if got is None:
                got = (q[1](self.g, self.p, *q[2]) if q[0] is ASKED else  # (kept.ask: another question)
                       self.payable(q[0], q[1], q[2]) if len(q) == 4 else self.payable_without(q[0], q[1]))
            if got != q[-1]:
                return False
        return True

    def hand_name(self, oid: int) -> str:
        """How p names this card in `cast`/`play` (made when first needed: a listing that finds
        nothing to cast names nothing)."""
        if self._hand_map is None:
            self._hand_map = name_map(self.g, "hand", self.p)
        return self._hand_map[oid]

    def tail(self, combo: tuple[Any, ...]) -> str:
        """The canonical text's tail for a choice of targets (" -> Bear, Bob")."""
        got = self._tails.get(combo)
        if got is None:
            if not combo:
                got = self._tails[combo] = ""
                return got
            g = self.g
            tnames = name_map(g, "target", 0)
            got = self._tails[combo] = " -> " + ", ".join(
                tnames.get(t[1]) or ref_text(g, t) if t[0] == "o" else g.pname(t[1]) for t in combo)
        return got

    def reaching_spells(self) -> bool:
        """Whether a static ability reaches spells on the stack (engine/rules/spell_types.py:
        else a card's types as a spell are its types now), once per listing."""
        if self._reaching is None:
            self._reaching = any(fn.reaches_stack for _, fn in self.g.static_sources())
        return self._reaching

    def granted(self) -> list[str]:
        """The alternative costs p's permanents give every spell of p's (CR 118.9), once per listing."""
        if self.granted_alts is None:
            self.granted_alts = sorted(costs.granted_alt_costs(self.g, self.p))
        return self.granted_alts


def _base(g: "Context", p: int, raw: dict[str, int]) -> tuple[dict[int, tuple[str, ...]], bool, bool]:
    """What a listing takes from p's mana sources, permanents and pool, kept in the mana memo
    (which holds while those sources do) for each pool: each source's colours, whether
    restricted mana is about (CR 106.6), and whether a plain spell's cost stays what it is
    while they do — not with a free cast once each of p's turns (CR 118.9) or a reduction
    counted as it is asked ("for each ...", costs.discounts_of)."""
    source_ids: dict[int, tuple[str, ...]] = {}
    for s in payment.mana_sources(g, p):
        source_ids.setdefault(s.obj, s.produces)
    restricted = payment.makes_restricted_mana(g, p) or restricted_pool(raw)
    steady_costs = not restricted and RuleChange.FREE_CAST_ONCE_EACH_TURN not in tg.player_rules(g, p) \
        and all(d.per is None for d in costs.discounts_of(g, p))
    return source_ids, restricted, steady_costs


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
            if ab.sacrifice_other is not None and len(additional_costs.other_sacrifices(
                    g, p, oid, ab.sacrifice_other)) < ab.other_count:  # "Return two lands you control ..."
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
            if ab.sacrifice_other is not None and (
                    not ask(lister.asked, additional_costs.has_other, g, p, oid, ab.sacrifice_other)
                    if ab.other_count == 1 else
                    len(additional_costs.other_sacrifices(g, p, oid, ab.sacrifice_other)) < ab.other_count):
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
                                          _mana_text(lister, obj, colour)))
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
                               _mana_text(lister, obj, combo)) for combo in more.mana]


class GrantedMana(Way):
    """A face-down creature (no definition) given a mana ability (CR 613.1f, layer 6)."""

    zone = "battlefield"
    timing = "mana"

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        granted = payment.mana_ability(lister.g, oid, c)
        if granted is not None and oid in lister.source_ids:
            out += [Action(lister.p, "activate", oid, choice=(colour,)) for colour in granted.mana]


def source_actions(lister: Lister, oid: int, obj: Any, c: Any) -> list[Action]:
    """The mana actions of a source, kept through the position (Lister.mana_acts) and across
    positions while its characteristics and the names of the permanents called like it are
    the same objects (names are kept as the same map while the candidates are, format._named)."""
    key = (oid, lister.source_ids[oid])
    got = lister.mana_acts.get(key)
    if got is None:
        names = _activate_names(lister, obj)
        kept = lister.g.chars_kept.get(("mana_actions", lister.p))
        if kept is None or len(kept) > 4 * len(lister.g.st.battlefield) + 200:
            kept = lister.g.chars_kept[("mana_actions", lister.p)] = {}
        was = kept.get(key)
        if was is not None and was[0] is c and was[1] is names:
            got = was[2]
        else:
            got = _mana_actions(lister, oid, obj, c, lister.source_ids[oid])
            kept[key] = (c, names, got)
        lister.mana_acts[key] = got
    return got


def _mana_actions(lister: Lister, oid: int, obj: Any, c: Any, colours: tuple[str, ...]) -> list[Action]:
    """The actions of activating a mana source's mana ability, one per colour it makes unless
    it makes one (and its ability costs no life): then `activate Forest`."""
    assert c.defn is not None
    p = lister.p
    if len(colours) == 1 and not any(m.life for m in c.defn.mana_abilities()):  # else the colour is named
        if c.defn.nonmana_abilities():  # text_of adds its first mana ability's first colour
            return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (),
                           _mana_text(lister, obj, c.defn.mana_abilities()[0].mana[0]))]
        names = _activate_names(lister, obj)  # "activate Forest", as the general path writes it
        return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (),
                       "activate " + names.get(oid, obj.name))]
    named = _activate_names(lister, obj).get(oid)  # (the canonical text as text_of writes it; else made there)
    return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (colour,), (), (),
                   "activate " + named + " mana=" + colour if named else "") for colour in colours]


def _mana_text(lister: Lister, obj: Any, colour: str) -> str:
    """`activate NAME mana=COLOUR` as text_of writes it (the name as p names the permanents
    called like it), or "" for with_texts to make (a face-down permanent: its public name)."""
    if obj.face_down:
        return ""
    named = _activate_names(lister, obj).get(obj.id)
    return "activate " + named + " mana=" + colour if named else ""


def activate_names(lister: Lister, obj: Any) -> dict[int, str]:
    """How p names the permanents called like this one (face up) in `activate`, as text_of
    does (once per name and position): the same map object across positions while the
    permanents so named are the same (engine/format.py name_map)."""
    return _activate_names(lister, obj)


def _activate_names(lister: Lister, obj: Any) -> dict[int, str]:
    """How p names the permanents called like this one in `activate` (once per name and position;
    across positions while the maps of p's permanents and hand are the same objects, _kept_names)."""
    names = lister.act_names.get(obj.name)
    if names is None:
        if lister.names_kept is None:
            lister.names_kept = _kept_names(lister)
        own, inhand, kept = lister.names_kept
        names = kept.get(obj.name)
        if names is None:
            names = name_map(lister.g, "activate", lister.p, obj.name.lower())
            if names is own or names is inhand:
                kept[obj.name] = names
        lister.act_names[obj.name] = names
    return names


def _kept_names(lister: Lister) -> tuple[dict[int, str], dict[int, str], dict[str, dict[int, str]]]:
    """The maps of p's permanents and p's hand (engine/format.py name_map "own", "hand") and
    the `activate` name maps that are one of them (a name not shared by both, no card of it
    with an ability that works from p's graveyard: name_map) by name — kept across positions
    while those two maps are the same objects (the same names) and p's graveyard holds the
    same cards."""
    g, p = lister.g, lister.p
    own, inhand = name_map(g, "own", p), name_map(g, "hand", p)
    gy = g.st.players[p].graveyard
    kept: tuple[Any, Any, list[int], dict[str, dict[int, str]]] | None = g.chars_kept.get(("activate_names", p))
    if kept is None or kept[0] is not own or kept[1] is not inhand or kept[2] != gy:
        kept = g.chars_kept[("activate_names", p)] = (own, inhand, list(gy), {})
    return own, inhand, kept[3]


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
