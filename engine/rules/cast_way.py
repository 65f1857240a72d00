"""Casting a spell (CR 601.2) as a way of a card (engine/rules/ways.py): from the hand, or from
wherever a rule or permission lets p cast it (the graveyard for flashback and escape, exile for
the cards an effect lets p play, the command zone with the commander tax, the library's top;
engine/format.py hand_cands says which cards). Every complete choice the casting rules would
accept now is one action: the face (an Adventure, a Room's door, CR 715.3, 709.3), the modes
(CR 700.2), the cost — the mana cost or an alternative cost, the card's own by the zone it is
cast from (flashback, escape, morph face down, impending, ...; the mechanics' hooks) and those
permanents and permissions give (CR 118.9) — the value of X (CR 107.3), the Phyrexian symbols
paid with life (CR 107.4f) and the targets (CR 601.2c).
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable

from engine.actions import Action
from engine.rules import additional_costs, cast_now, cast_timing, casting, costs, delve, exile_permissions, hooks, payment, targets as tg
from engine.rules.card_terms import AllModesIfCastFor, CastOnlyIf, FlashIfTargets
from engine.rules.index import CARDS
from engine.rules.mana import NO_PURPOSES
from engine.rules.mana_taps import refuse
from engine.rules.lister import Lister
from engine.rules.ways import Way

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj


class CastSpell(Way):
    """Casting the card as a spell: its card type's timing (CR 307.1, 304.1), flash and "as
    though it had flash" (CR 702.8a, 601.3d), "can't cast unless" (CR 601.3), every legal way
    of paying for it (CR 601.2f-h)."""

    verb = "cast"
    timing = "sorcery"  # (by its card type: an instant, or flash, any time; casting.timing_ok)

    def add(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action]) -> None:
        # a plain card in p's hand: the costs it can be announced for (before its targets) are
        # kept across positions with all they read (_kept_key) and the payability questions
        # they asked, each with its answer: while those are the same, so are they (asked
        # again, in order, as the idle permanents' are: engine/rules/idle.py)
        kept_key = _kept_key(lister, oid, obj, c)
        if kept_key is None:
            self._make(lister, oid, obj, c, out, None)
            return
        kept = _ways_kept(lister.g, lister.p)
        entry = kept.get(oid)
        if entry is None or entry[0] is not c or entry[1] != kept_key or not lister.same_answers(entry[2]):
            before, lister.asked = lister.asked, []
            announced: list[str] = []
            try:
                made = self._make(lister, oid, obj, c, out, announced)
                asked = tuple(lister.asked)
            finally:
                lister.asked = before
            if made is _UNKEPT:  # (it read more than the key holds: made the general way)
                self._make(lister, oid, obj, c, out, None)
                return
            entry = kept[oid] = (c, kept_key, asked, made)
        self._kept(lister, oid, obj, c, entry[3], out)

    def _make(self, lister: Lister, oid: int, obj: "Obj", c: "Chars", out: list[Action],
              announced: list[str] | None) -> Any:
        """Its ways, each complete with its targets, added to `out` — or, for a kept card
        (`announced` a list), the costs it can be announced for, in order, without its timing
        and targets (CastSpell._kept adds those): None if unpayable for its mana cost with
        nothing else to weigh, _UNKEPT if they read what _kept_key leaves out."""
        g, p = lister.g, lister.p
        st = g.st
        me = lister.me
        d = c.defn
        payable = lister.payable
        # (a permission to play a card, st.may_play, is about an exiled card: none in the hand)
        if not lister.restricted and plain_spell(d, c.name) and obj.zone == "hand" \
                and not cast_now.is_now(g, oid):  # (not cast for another cost as an ability resolves)
            # the usual card: its mana cost and nothing else to weigh; one look at whether
            # that can be paid decides whether the rest is worth making (the common case of
            # a crowded board is a hand that can cast nothing). Asked before the timing: an
            # unpayable card is then skipped in the next positions too (the listing's
            # "unpayable" memo) — in the other player's turn as in one's own main phase
            if not lister.granted() and not payment.has_convoke(g, p, c) and not delve.has_delve(c) \
                    and not payable(costs.spell_cost(g, oid, d, [], 0, "", "")) \
                    and not lister.free_once(oid):
                if lister.quick:
                    refuse(lister.mana_memo, ("unpayable", oid, lister.pool_key), c)
                return None
        if announced is None:  # (a kept card's timing and condition are asked as it is listed: _kept)
            if not lister.timing_ok(oid, c):
                return None
            only_if = d.term(CastOnlyIf) if d is not None else None
            if only_if is not None and not only_if.condition(g, obj):
                return None  # "You can't cast [it] unless ..." (CR 601.3)
        if d is not None and d.additional is not None and not d.additional.or_pay \
                and not additional_costs.can_pay_additional(g, p, d, oid):
            return None if announced is None else _UNKEPT  # (a kept card has no additional cost)
        life = costs.life_cost(g, oid) if st.may_play else None
        if life is not None and me.life < life:
            return None if announced is None else _UNKEPT  # CR 119.4: you can't pay more life than you have
        mode_sets: list[tuple[int, ...]] = [()] if d is None or not d.modes else d.mode_sets(g, obj)
        alts = self.alternatives(lister, oid, obj, d, life)
        varies = d is not None and d.cost_reduction is not None  # else one check per cost
        convoke = payment.has_convoke(g, p, c)  # its creatures can help pay (CR 702.51a)
        # (a card exiled face down that its player may cast — hideaway — has no name in its
        # characteristics: its card's own faces, CR 406.3)
        data = CARDS.printed(c.name or obj.name)
        faces = [f["name"] for f in data.faces if hooks.face_allowed(g, oid, f["name"])] \
            if data is not None and data.faces else [""]
        phyrexian = data is not None and "/P}" in (data.mana_cost or "")
        from_exile = obj.zone == "exile" and bool(st.may_play)  # (under a permission's terms)

        def paying(face: str, alt: str) -> tuple[Callable[[Any], bool], Callable[[Any], bool]]:
            """Whether a cost is payable for the spell cast as `face` for `alt`, and whether
            some way of paying its Phyrexian symbols is (CR 107.4f): restricted mana reads
            what the spell is (CR 106.6: an Adventure's or a door's characteristics alone,
            CR 715.3b, 709.3; a face-down spell's, CR 708.2a)."""
            purposes = costs.spell_purposes(g, oid, c, face, alt) if lister.restricted else NO_PURPOSES
            ok: Callable[[Any], bool] = payable
            if purposes or convoke:
                ok = functools.partial(payable, purposes=purposes, convoke=convoke)
            if delve.has_delve(c):  # cards exiled from the graveyard pay generic mana (CR 702.66a)
                ok = functools.partial(_delved, g, p, ok)
            return ok, (functools.partial(_payable_some_way, ok, me.life) if phyrexian else ok)
        pay_ok, pay_some = paying("", "")
        hand_name = lister.hand_name
        kicked = d is not None and d.term(AllModesIfCastFor) is not None  # (CR 700.2: modes by the cost)
        flash_if = d is not None and d.term(FlashIfTargets) is not None  # (CR 601.3d: timing by the targets)
        for face in faces:
            if face and lister.restricted:
                pay_ok, pay_some = paying(face, "")
            for modes in mode_sets:
                specs = tg.per_player(g, p, d.targets_for(modes)) if d else []
                for alt, x, lw in [(alt, x, lw) for alt in alts
                                   for x in x_values(g, oid, d, alt, face, data, pay_some)
                                   for lw in costs.life_ways(costs.spell_cost(g, oid, d, [], x or 0, alt, face),
                                                             me.life)]:
                    pay_alt = pay_ok
                    if lister.restricted and hooks.cast_face_down(alt):  # a face-down spell (CR 708.2a)
                        pay_alt = paying(face, alt)[0]
                    if not varies and not pay_alt(costs.spell_cost(g, oid, d, [], x or 0, alt, face).life_paid(lw)):
                        continue
                    if kicked and d is not None and len(modes) > d.mode_limit(g, obj, alt):
                        continue  # "If this spell was kicked, choose any number instead." (CR 700.2)
                    if alt == costs.LIFE_FROM_HAND and me.life < costs.hand_life_for(g, oid, face):
                        continue  # a Room's door costs its own mana value in life (CR 709.3, 119.4)
                    if alt == costs.LIFE_FROM_HAND and face and not costs.hand_life_fits(g, p, oid, face):
                        continue  # "cast an enchantment spell by paying life": that face's types (CR 715.3b)
                    if from_exile and not exile_permissions.cast_fits(g, p, oid, face, alt):
                        continue  # "cast permanent spells from among them": that face's types (CR 715.3b)
                    if alt and hooks.alt_additional(d, alt) is not None and not additional_costs.can_pay_additional(
                            g, p, hooks.with_alt_additional(d, alt), oid):
                        continue  # retrace with no land card to discard (CR 702.81a, 601.2h)
                    if d is not None and d.additional is not None and d.additional.kind == "tap" \
                            and not casting.tap_candidates(g, p, d, costs.spell_cost(g, oid, d, [], x or 0, alt, face),
                                                           [], oid, face, alt):
                        continue
                    if d is not None and d.additional is not None and not convoke and payment.mana_sacrificers(g, p) \
                            and not additional_costs.spell_left_after_mana(
                            g, p, d, oid, costs.spell_cost(g, oid, d, [], x or 0, alt, face).life_paid(lw),
                            costs.spell_purposes(g, oid, c, face, alt)):
                        continue  # its mana would sacrifice what the additional cost needs (CR 601.2g-h)
                    if announced is not None:  # (a kept card: face "", no X, modes or Phyrexian life)
                        announced.append(alt)
                        continue
                    head = ("cast " + hand_name(oid) + (": " + face if face else "")
                            + (" with " + alt if alt else "") + (f" x={x}" if x else "")
                            + (" mode=" + ",".join(str(m) for m in modes) if modes else "")
                            + (" life=" + "".join(lw) if lw else ""))
                    _targeted(lister, oid, d, specs, head, face, alt, x, modes, lw, pay_alt if varies else None,
                              flash_if, out)
        if announced is not None:
            return tuple(announced) if _keeps(g, oid, d, alts) else _UNKEPT
        return None

    @staticmethod
    def _kept(lister: Lister, oid: int, obj: "Obj", c: "Chars", announced: tuple[str, ...] | None,
              out: list[Action]) -> None:
        """The ways of a kept card (_kept_key says which) from the costs it can be announced
        for, as _make makes them: none if it is unpayable for its mana cost with nothing else
        to weigh (then "unpayable" for the listing's next positions too); else, if its timing
        allows it now (CR 307.1, 117.1a, 601.3b) and no "You can't cast [it] unless ..." stops
        it (CR 601.3), each cost with its targets as they are now (CR 601.2c)."""
        g, p = lister.g, lister.p
        if announced is None:
            if lister.quick:
                refuse(lister.mana_memo, ("unpayable", oid, lister.pool_key), c)
            return
        if not lister.timing_ok(oid, c):
            return
        d = c.defn
        assert d is not None  # (_kept_key: a card with a definition)
        only_if = d.term(CastOnlyIf)
        if only_if is not None and not only_if.condition(g, obj):
            return  # "You can't cast [it] unless ..." (CR 601.3)
        if not announced:
            return
        specs = tg.per_player(g, p, d.targets_for(()))
        name = "cast " + lister.hand_name(oid)
        for alt in announced:
            _targeted(lister, oid, d, specs, name + (" with " + alt if alt else ""), "", alt, None, (), (), None,
                      False, out)

    @staticmethod
    def alternatives(lister: Lister, oid: int, obj: "Obj", d: Any, life: int | None) -> list[str]:
        """The costs it may be cast for from where it is (CR 118.9): "" its mana cost (or life
        paid instead where a permission says so: then nothing else); the card's own alternative
        costs usable from its zone (flashback from the graveyard, CR 702.34a; the mechanics'
        `alternative_costs` and ALT_ZONES hooks); then those p's permanents give every spell
        (CR 118.9), those a permission gives a card in exile, and the free cast once each turn
        from the hand or the library's top."""
        g, p = lister.g, lister.p
        alts = costs.zone_alts(g, oid, d) if life is None else [""]
        if life is None and obj.zone != "graveyard":
            granted = lister.granted()
            own_alts = hooks.alternative_costs(d) if granted else {}
            given = [x for x in granted if x not in own_alts]  # a permanent's
            if obj.zone == "exile":
                given += sorted(costs.player_alt_costs(g, p, oid))
            elif lister.free_once(oid):  # from the hand or the library's top (CR 118.9)
                # ... with its optional additional costs too (kicker, CR 118.9d)
                given += [costs.FREE_ONCE] + [f"{costs.FREE_ONCE}+{n}" for n in sorted(hooks.optional_costs(d))]
            alts += [x for x in given if x not in alts]
        return alts


def _targeted(lister: Lister, oid: int, d: Any, specs: list[Any], head: str, face: str, alt: str, x: int | None,
              modes: tuple[int, ...], lw: tuple[str, ...], varies: Callable[[Any], bool] | None, flash_if: bool,
              out: list[Action]) -> None:
    """The actions of one announcement (face, cost, X, modes, Phyrexian life) with its targets
    as they are now (CR 601.2c): each complete choice, or on a crowded board the cast alone
    with its targets chosen one at a time after it; `varies`: the payability check of a cost
    the targets change (a reduction by what it targets), asked for each choice."""
    g, p = lister.g, lister.p
    if tg.in_parts(g, specs, p):  # targets chosen one at a time after `cast CARD`
        # (one target word split for its many targets: there are targets)
        if (tg.any_option(g, specs[0], p) if len(specs) == 1 else tg.completable(g, specs, p)) \
                and (varies is None or any(
                varies(costs.spell_cost(g, oid, d, [tg.as_dict(t) for t in combo], x or 0, alt, face).life_paid(lw))
                for combo in ([()] if len(specs) > 1 else tg.combos(g, specs, p)))):
            out.append(Action(p, "cast", oid, (), face, alt, x, modes, 0, (), lw, (), (), head))
        return
    tail = lister.tail
    for combo in tg.combos(g, specs, p):
        if flash_if and not cast_timing.targets_give_timing(g, p, oid, d, [tg.as_dict(t) for t in combo]):
            continue  # flash only if it targets such (CR 601.3d)
        if varies is not None and not varies(costs.spell_cost(
                g, oid, d, [tg.as_dict(t) for t in combo], x or 0, alt, face).life_paid(lw)):
            continue
        # positional arguments: measurably faster in this hot loop
        out.append(Action(p, "cast", oid, combo, face, alt, x, modes, 0, (), lw, (), (), head + tail(combo)))


_UNKEPT = object()  # (CastSpell._make: the costs a kept card is announced for read more than its key)


def _ways_kept(g: "Context", p: int) -> dict[int, tuple[Any, ...]]:
    """p's kept cards' entries by card (CastSpell.add), across positions (g.chars_kept: each
    entry holds its card's characteristics, compared by identity); bounded by the hand."""
    kept: dict[int, tuple[Any, ...]] | None = g.chars_kept.get(("cast_ways", p))
    if kept is None or len(kept) > 2 * len(g.st.players[p].hand) + 50:
        kept = g.chars_kept[("cast_ways", p)] = {}
    return kept


def _kept_key(lister: Lister, oid: int, obj: "Obj", c: "Chars") -> tuple[Any, ...] | None:
    """When the ways a card is announced for (before its targets) are kept, and by what: a plain
    card (plain_spell) in p's hand, which p owns, that needs no more than its mana cost or an
    alternative cost p's permanents give: no convoke or delve, no card cast while an ability resolves, no
    permission to play a card (st.may_play), no "as though it had flash if it targets" (CR
    601.3d) or cost that sets its modes. What its announcements read then, beside its own
    characteristics (`c`, the same object) and what p's mana and pool can pay (the questions
    the entry asked, asked again): the alternative costs p's permanents
    give (CR 118.9), whether its free cast once each turn is available now, the cost
    reductions of p's permanents (CR 601.2f) and whether restricted mana is about (CR 106.6)
    — with the spell's types these read, its types now where no static ability reaches spells
    (spell_types). None: not kept."""
    g, p = lister.g, lister.p
    d = c.defn
    if obj.zone != "hand" or obj.owner != p or d is None:
        return None
    key = lister.cast_key
    if key is False:  # (once per listing: the same for every card of p's in p's hand)
        key = lister.cast_key = _listing_key(lister, oid)
    if key is None or not _plain_kept(d, c.name) or payment.has_convoke(g, p, c) or delve.has_delve(c):
        return None
    return key  # type: ignore[no-any-return]


_PLAIN_KEPT: dict[tuple[int, str], tuple[Any, bool]] = {}


def _plain_kept(d: Any, name: str) -> bool:
    """_kept_key's part read of the card's definition alone: a plain spell (plain_spell) without
    "as though it had flash if it targets" (CR 601.3d) or a cost that sets its modes. Printed,
    so known once per definition and name."""
    got = _PLAIN_KEPT.get((id(d), name))
    if got is None or got[0] is not d:
        got = _PLAIN_KEPT[(id(d), name)] = (d, plain_spell(d, name) and d.term(FlashIfTargets) is None
                                                and d.term(AllModesIfCastFor) is None)
    return got[1]


def _listing_key(lister: Lister, oid: int) -> tuple[Any, ...] | None:
    """_kept_key's part that is the same for every card p owns in p's hand (`oid` one of them):
    free_once_available reads of the card only that it is such a card (CR 118.9)."""
    g, p = lister.g, lister.p
    if g.st.may_play or cast_now.current(g) is not None:
        return None
    discounts = costs.discounts_of(g, p)
    if (discounts or lister.restricted) and lister.reaching_spells():
        return None
    return (lister.restricted, tuple(lister.granted()), lister.free_once(oid), tuple(discounts))


def _keeps(g: "Context", oid: int, d: Any, alts: list[str]) -> bool:
    """Whether the announcements just made read nothing _kept_key leaves out: no cost with
    Phyrexian symbols (p's life, CR 107.4f), none cast face down (the spell's types as such,
    CR 708.2a), for life from the hand (CR 119.4) or with an additional cost of its own
    (retrace, CR 702.81a)."""
    for alt in alts:
        if alt == costs.LIFE_FROM_HAND or hooks.cast_face_down(alt) or hooks.alt_additional(d, alt) is not None:
            return False
        if costs.spell_cost(g, oid, d, [], 0, alt, "").phyrexian:
            return False
    return True


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
    if not alt and costs.life_cost(g, oid) is not None:
        return [None]  # life instead of its mana cost: an alternative cost without {X}, X is 0 (CR 107.3b)
    out: list[int | None] = [None]  # X = 0 is the plain `cast CARD`
    x = 1
    while payable(costs.spell_cost(g, oid, d, [], x, alt, face)):
        out.append(x)
        x += 1
    return out


_PLAIN: dict[tuple[int, str], tuple[Any, bool]] = {}


def plain_spell(d: Any, name: str) -> bool:
    """A spell cast from the hand for its mana cost and nothing else: no modes, halves, {X},
    additional or alternative costs, cost reduction, or other way (a mechanic's, suspend; an
    ability that works from the hand). Printed, so known once per definition and name."""
    got = _PLAIN.get((id(d), name))
    if got is None or got[0] is not d:
        data = CARDS.printed(name)
        plain = (d is not None and data is not None and not d.modes and d.additional is None
                 and d.cost_reduction is None and not hooks.alternative_costs(d) and not data.faces
                 and "{X}" not in (data.mana_cost or "") and "/P}" not in (data.mana_cost or "")
                 and not any(w.has(name) for w in hooks.ways("hand"))
                 and not any(ab.zone == "hand" for ab in d.nonmana_abilities()))
        got = _PLAIN[(id(d), name)] = (d, plain)
    return got[1]


def _payable_some_way(pay_ok: Callable[[Any], bool], life: int, cost: Any) -> bool:
    """Whether the cost can be paid with some way of paying its Phyrexian symbols (CR 107.4f):
    the values of X worth listing."""
    return any(pay_ok(cost.life_paid(lw)) for lw in costs.life_ways(cost, life))


def _delved(g: "Context", p: int, pay_ok: Callable[[Any], bool], cost: Any) -> bool:
    """Whether a spell with delve can be paid: its cost less as many generic mana as cards in
    the graveyard can pay for (CR 702.66a)."""
    return pay_ok(delve.reduced(g, p, cost))


CAST_SPELL = CastSpell()
