"""The non-mana parts of costs (CR 601.2b, 601.2h, 602.2b): what a player could pay a spell's
additional cost with (sacrifice, discard, return, exile from the graveyard, reveal, tap), the
permanents an ability's "Sacrifice another ..." or "Tap another ..." cost may take, and paying
them — or the "or pay {N}" half instead. The mana of a cost is engine/rules/payment.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import targets as tg
from engine.actions import IllegalActionError
from engine.rules.mana import NO_PURPOSES, Cost, parse_cost
from engine.rules.payment import execute_payment, mana_sacrificers, plan, plan_leaving
from engine.rules.index import CARDS

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef
    from engine.rules.context import Context


def pay_additional(g: "Context", p: int, item: int) -> None:
    """The "or pay {N}" half of an additional cost, chosen instead of a sacrifice (CR 601.2h)."""
    defn = CARDS.card_def(g.st.objects[item].name)
    assert defn is not None and defn.additional is not None
    execute_payment(g, p, plan(g, p, parse_cost(defn.additional.or_pay), set()))


def candidates(g: "Context", p: int, spec: Any) -> list[int]:
    """The permanents of p's a cost's word may take, in battlefield order: all of them, or
    where the word's filter allows face-down permanents only ("Exile a face-down permanent you
    control face up", CR 708.2), p's face-down permanents — the word refuses every other, so
    the rest need not be asked (a crowded board's two hundred permanents, every position)."""
    if getattr(spec.extra, "face_down_only", False) is True:
        return face_down_permanents(g, p)
    return g.battlefield(p)  # type: ignore[return-value]


def face_down_permanents(g: "Context", p: int) -> list[int]:
    """p's phased-in face-down permanents, in battlefield order: kept while the battlefield,
    control and phasing stay as they are and nothing turned face up or down (g.bf_kept)."""
    def make() -> list[int]:
        objects = g.st.objects
        return [oid for oid in g.battlefield(p) if objects[oid].face_down]
    got: list[int] = g.bf_kept(("face_down_permanents", p), make, face=True)
    return got


def other_sacrifices(g: "Context", p: int, source: int, spec: Any) -> list[int]:
    """The permanents p could sacrifice for "Sacrifice another ..." (not the source itself)."""
    return [o for o in candidates(g, p, spec) if o != source and tg.allowed(g, spec, ("o", o), p, targeting=False)]


def has_other(g: "Context", p: int, source: int, spec: Any) -> bool:
    """Whether other_sacrifices() would find one. The first two permanents the word allows
    are found once per position (unless it reads tapped status, which changes within one):
    one of them is not the source. (A question the listing asks again where it keeps a
    permanent's offered actions across positions: kept.ASKED.)"""
    if getattr(spec, "status", None):
        return any(o != source and tg.allowed(g, spec, ("o", o), p, targeting=False) for o in candidates(g, p, spec))
    key = ("has_other", id(spec), p)
    got = g.memo.get(key)
    if got is None or got[0] is not spec:
        first: list[int] = []
        for o in candidates(g, p, spec):
            if tg.allowed(g, spec, ("o", o), p, targeting=False):
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
        keep = spec.extra  # "exile three creature cards from your graveyard": a filter, if any
        cards = [o for o in g.st.players[p].graveyard  # "other cards" than the spell
                 if o != spell and (keep is None or keep(g, g.st.objects[o]))]
        return cards if len(cards) >= defn.additional.count else []
    out = [o for o in candidates(g, p, spec) if tg.allowed(g, spec, ("o", o), p, targeting=False)]
    if defn.additional.reveal:  # "or reveal a creature card from your hand"
        out += [o for o in g.st.players[p].hand if g.types_now(o)[0] & set(defn.additional.reveal)]
    return out


def left_after_mana(g: "Context", p: int, options: list[int], need: int, cost: Cost, exclude: tuple[int, ...] = (),
                    purposes: frozenset[str] = NO_PURPOSES) -> bool:
    """Whether some payment of the mana `cost` (not tapping `exclude`) leaves at least `need`
    of `options` to pay another cost of the same spell or ability with (CR 601.2g-h: a Treasure
    sacrificed for mana is gone, one kept is not) — the listing's question, answered as
    payment.plan_leaving pays. At once when too few of them could be sacrificed for mana to
    matter; False when the cost cannot be paid at all."""
    risky = mana_sacrificers(g, p)
    if len(options) < need:
        return False
    if not risky or sum(1 for o in options if o not in risky) >= need:
        return True
    try:
        return plan_leaving(g, p, cost, set(exclude), options, need, purposes) is not None
    except IllegalActionError:
        return False


def spell_left_after_mana(g: "Context", p: int, defn: "CardDef | None", spell: int, cost: Cost,
                          purposes: frozenset[str]) -> bool:
    """left_after_mana for a spell's additional cost of permanents ("return a permanent you
    control", "sacrifice a creature"; not an "or pay {N}" one, not a tap cost): whether the
    cast can pay it after its mana, as casting.cast pays."""
    if defn is None or defn.additional is None or defn.additional.or_pay or defn.additional.kind == "tap" \
            or not mana_sacrificers(g, p):
        return True
    return left_after_mana(g, p, sacrifice_options(g, p, defn, spell), defn.additional.count, cost,
                           purposes=purposes)


def others_left(g: "Context", p: int, source: int, spec: Any, count: int, cost: str, tapped: bool) -> bool:
    """Whether `count` permanents other than the source could pay a "Sacrifice another ..." /
    "Return N ..." cost once the ability's mana cost is paid (CR 602.2b, 601.2g-h), as
    activation.activate pays it; `tapped`: the cost taps or sacrifices the source itself, which
    then makes no mana. (Asked through kept.ask: the listing asks it again where it keeps
    the permanent's offers.)"""
    if count == 1 and not has_other(g, p, source, spec):
        return False
    if count == 1 and not mana_sacrificers(g, p):
        return True
    return left_after_mana(g, p, other_sacrifices(g, p, source, spec), count, parse_cost(cost),
                           (source,) if tapped else ())


def can_pay_additional(g: "Context", p: int, defn: "CardDef | None", spell: int | None = None) -> bool:
    """Whether sacrifice_options has anything (the listing's question): stops at the first."""
    if defn is None or defn.additional is None:
        return False
    add = defn.additional
    if add.discard or add.action == "exile_from_graveyard" or add.reveal:
        return bool(sacrifice_options(g, p, defn, spell))
    spec = add.what
    return any(tg.allowed(g, spec, ("o", o), p, targeting=False) for o in candidates(g, p, spec))


def pay_additional_with(g: "Context", action: str, oid: int, item: int | None = None,
                        to_zone: str = "hand") -> None:
    """Pay an additional cost with one permanent or card (CR 601.2h): sacrifice it, return
    it to its owner's hand, exile it ("exile": from the battlefield, remembered by the ability
    as "paid_exiled") or exile it from the graveyard. The spell or ability remembers
    whom a returned attacking creature attacked (ninjutsu, CR 702.49c). `to_zone` "command":
    a commander its owner put into the command zone instead of the hand (CR 903.9b)."""
    if item is not None and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
        # CR 601.2i: abilities that trigger on casting a spell trigger once its costs are paid —
        # a permanent that left the battlefield paying them never triggered for it ("whenever
        # you cast your first spell each turn" and its source sacrificed to that spell's cost)
        g.st.waiting[:] = [w for w in g.st.waiting
                           if not (w.get("source") == oid and (w.get("event") or {}).get("obj") == item)]
    if action == "return":
        obj = g.st.objects[oid]
        if item is not None and item in g.st.objects and obj.attacking is not None:
            g.st.objects[item].ctx["returned_attacking"] = [obj.attacking, obj.attacking_obj]
        g.move(oid, to_zone, cause="return" if to_zone == "hand" else "commander")
    elif action == "exile_from_graveyard":
        g.move(oid, "exile", cause="cost")
    elif action == "exile":  # "Exile a face-down permanent you control face up: ..." (CR 602.2b):
        new = g.move(oid, "exile", cause="cost")  # face up; the ability remembers the card
        if item is not None and item in g.st.objects:
            spell = g.st.objects[item]
            spell.ctx = {**spell.ctx, "paid_exiled": [*spell.ctx.get("paid_exiled", []), new]}
    else:
        if item is not None and item in g.st.objects:
            # "the sacrificed creature's mana value": as it last existed on the
            # battlefield (CR 113.7a) — a face-down creature's 0, a copy's copied value
            spell = g.st.objects[item]
            spell.ctx = {**spell.ctx, "sacrificed_mv": g.chars(oid).mana_value}
        g.sacrifice(oid)
