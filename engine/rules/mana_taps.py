"""What a player's mana memo (engine/rules/mana_sources.py `player_mana`) keeps as a permanent
taps (CR 602.5a, 605, 106): the sources less the tapped permanent's {T} ones, every "can't pay"
answer (a tap only takes mana away), and, for a source of one mana, the answers carried to the
pool it adds to (of one colour: every answer; of several: those a source alike could have paid
instead). Everything else is dropped with the memo and found again."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import mana_triggers
from engine.rules.mana import NO_PURPOSES
from engine.rules.mana_lists import sources_of, without_tapped
from engine.rules.mana_sources import SACRIFICERS, SOURCE_KEYS, makes_restricted_mana, player_mana, tap_first

if TYPE_CHECKING:
    from engine.rules.context import Context


def mana_changed(g: "Context", obj: Any, fields: dict[str, Any]) -> None:
    """A permanent tapped, untapped or lost summoning sickness: the mana its controller can
    make changed (g.mana_memo holds each player's sources and what they can pay). Other
    players' sources stay unless a condition of their mana abilities was asked ("Activate
    only if ..." may look anywhere). A tap takes its own {T} sources out of its controller's
    lists; the answers made from them are dropped."""
    if mana_triggers.makes_mana(g, obj.id):  # (a mana trigger: every land's mana changes with it)
        g.mana_memo.clear()
        return
    q = obj.controller
    for p in list(g.mana_memo):
        memo = g.mana_memo[p]
        if memo.get("conditional"):
            del g.mana_memo[p]
            continue
        if p != q:  # (another player's: what it holds does not depend on this permanent)
            if "outside" in memo:  # (unless through what a condition reads: asked again)
                memo["stale"] = True
            continue
        if set(fields) != {"tapped"} or not obj.tapped:
            del g.mana_memo[p]
            continue
        if memo.get("stale"):  # (the position changed since: checked now, as its next use would)
            memo = player_mana(g, p)
        kept: dict[Any, Any] = {}
        made: dict[int, Any] = {}  # (lists shared by several keys stay shared)
        changed = False
        kept["fp"], kept["mt"], kept["plain"] = memo["fp"], memo["mt"], memo["plain"]
        if "outside" in memo:  # (what a condition reads may have changed with it: asked again)
            kept["outside"] = memo["outside"]
            memo["stale"] = kept["stale"] = True
        keys = memo.get(SOURCE_KEYS, ())
        if keys:
            kept[SOURCE_KEYS] = keys  # (the same keys: each gets its list again below)
        for key in keys:  # (not every answer of the memo walked: only its source lists)
            got = memo[key]
            new = made.get(id(got))
            if new is None:
                sources, alts = got
                left = without_tapped(sources, obj.id)
                alts_left = [a for a in alts if a[0] != obj.id or not a[3].tap]
                if left is sources and len(alts_left) == len(alts):
                    new = got
                else:
                    new, changed = (left, alts_left), True
                made[id(got)] = new
            kept[key] = new
        if changed:  # (else no source of theirs was tapped: every answer still holds)
            _keep_refusals(memo, kept)
            _carry_answers(g, p, obj.id, memo, kept)
            was = memo.get(SACRIFICERS)
            if was is not None and obj.id not in was:  # (payment.mana_sacrificers: another's tap
                kept[SACRIFICERS] = was  # leaves the permanents whose mana sacrifices them as they were)
            g.mana_memo[p] = kept


# the memo's entry holding its "can't pay" answers, also under their own keys there: ("can_pay",
# ...) and ("can_pay_without", ...) with (cost, False), ("unpayable", card, pool) with the
# card's characteristics (listing.py) — a tap keeps them without walking every answer
REFUSED = "refused"


def refuse(memo: dict[Any, Any], key: tuple[Any, ...], got: Any) -> None:
    """Write a "can't pay" answer into a player's mana memo (payment.can_pay, cast_way.py)."""
    memo[key] = got
    refused: dict[Any, Any] | None = memo.get(REFUSED)
    if refused is None:
        refused = memo[REFUSED] = {}
    refused[key] = got


def _keep_refusals(memo: dict[Any, Any], kept: dict[Any, Any]) -> None:
    """A permanent of the player was tapped: the sources and other mana abilities left are
    those there were less its {T} ones (mana_changed; CR 602.5a, 605 — a tap only takes mana
    away; a condition that reads tapped status elsewhere is asked again, "outside"; a triggered
    mana ability's "if this creature is tapped" reads its own permanent, whose tap empties the
    memo, CR 605.1b, and the tap_first payment's sources are found again). A cost that could
    not be paid from a pool with more can't be paid from it with fewer: the payment search
    tries every way (mana.plan_payment, payment._with_alternatives, payment.solve), and any
    payment from what is left was one from what there was. A mana ability that costs mana (a
    Signet, mana_filters.py) keeps this true: its mana comes only by activating it, with its
    cost paid from the same pool and sources, and its tap takes it out of the Alternatives. So every "can't" answer is kept,
    for any pool (a land tapped for mana may add to the pool: an answer about the pool before
    stays about that pool, for when the pool is that again)."""
    refused: dict[Any, Any] | None = memo.get(REFUSED)
    if refused:
        kept.update(refused)
        kept[REFUSED] = dict(refused)


def _carry_answers(g: "Context", p: int, oid: int, memo: dict[Any, Any], kept: dict[Any, Any]) -> None:
    """A permanent whose mana sources are k alike, each one mana of one colour M (a Forest's
    one, or two with a triggered mana ability, CR 605.1b), unrestricted and with nothing else
    to weigh (no other mana ability of it, no convoke), was tapped: a pool P with the sources
    it was among pays exactly what the pool P + kM pays with the sources left (the payment
    took some of its M or not; now the pool holds them or not). So whether a cost can be paid
    from P before is whether it can be paid from P + kM now — the answers
    tapping a land for mana would otherwise make the listing find again for every card. Each
    answer is kept under the pool it is about; keys that name this permanent (`without`) or
    convoke (a creature might have paid by being tapped) are not carried. A source of one mana
    of several colours (which one it made is not known yet): a cost that can't be paid from P
    with it can't be paid from P + any one of them without it (a payment from P + c without
    it was one from P with it making c), so the "can't" answers are carried to each."""
    plain = memo.get(("sources", NO_PURPOSES, None, False))
    if plain is None:
        return
    c = g.chars(oid)
    # restricted mana about (CR 106.6: the answers are per purpose, made from the sources usable
    # for it): the permanent's own mana is plain (checked below), so it is the same source in
    # every purpose's list — unless it has a restricted ability too, which the plain list leaves out
    if c.defn is not None and c.defn.makes_restricted_mana() and makes_restricted_mana(g, p):
        return
    # a land, with a permanent of p's that a payment could tap first to make a triggered mana
    # ability (CR 605.1b) add (tap_first): a payment could have made the land make more than it
    # did, so only the answers the plain search found (no first tap: not SEARCHED) are carried,
    # with every refusal. Without one, the land made what its sources say — its M, and one M
    # more for each such ability that triggers now (mana_triggers.land_extra: "one mana of any
    # type that land produced"; its intervening "if" reads only its own permanent, whose tap
    # empties the memo; had this permanent such an ability, the memo would be gone already).
    # Such an ability adds to lands only: any other permanent makes the same with or without
    # the first taps.
    plain_only = "Land" in c.types and mana_triggers.present(g) and bool(tap_first(g, p, set()))
    sources, alts = plain
    own = sources_of(sources, oid)
    if not own or any(a[0] == oid for a in alts):
        return
    src = own[0]
    if src.sacrifice or src.convoke or src.spend or not src.tap or src.group or own.count(src) != len(own):
        return
    # (only the answers about the pool as it is: those about earlier pools stay behind)
    raw = g.st.players[p].mana
    now = tuple(raw.items()) if raw else ()
    if len(src.produces) > 1:  # (several colours: one source, else it would be a group)
        _carry_one_of_several(sources, src, oid, memo, kept, now, [_plus(now, x) for x in src.produces])
        return
    more = _plus(now, src.produces[0], len(own))
    for key, got in memo.items():
        base = _about(key, now, oid) if type(key) is tuple else None
        if base is None:
            continue
        if key[0] == "unpayable" or not got[1]:
            refuse(kept, (*base, more), got)
        elif not plain_only or len(got) == 2:
            kept[(*base, more)] = got


# a "can pay" answer's mark in the mana memo when more than the plain search found the payment
# (payment.can_pay: a payment tapping a permanent first, with filter abilities or another mana
# ability of a permanent): the plain search's answers are those that carry by alike sources
SEARCHED = "searched"


def _carry_one_of_several(sources: list[Any], src: Any, oid: int, memo: dict[Any, Any], kept: dict[Any, Any],
                          now: tuple[tuple[str, int], ...], pools: list[tuple[tuple[str, int], ...]]) -> None:
    """`_carry_answers` for a permanent tapped for one mana of several colours (which one it made
    is not known yet). A cost that can't be paid from P with it can't be paid from P + any one
    of them without it (a payment from P + c without it was one from P with it making c): the
    "can't" answers are carried to each. A cost of n mana symbols is paid by at most n sources:
    when at least n other sources are alike (the same colours, no group, convoke or spending
    restriction — not counting those of a permanent the answer leaves out), a payment the plain
    search found that took this one could take one of those instead, so a "can" from P with it
    is a "can" from P + c without it, for each c."""
    for key, got in memo.get(REFUSED, {}).items():
        base = _about(key, now, oid)
        if base is not None:
            for pool in pools:
                refuse(kept, (*base, pool), got)
    colours = src.produces
    alike = [s.obj for s in sources if s.produces == colours and not s.group and not s.convoke and not s.spend]
    others = len(alike) - 1
    for key, got in memo.items():
        if type(key) is not tuple or key[0] != "can_pay" or not got[1] or len(got) != 2:
            continue
        base = _about(key, now, oid)
        if base is None:
            continue
        cost = got[0]
        left = others - alike.count(key[3]) if key[3] is not None else others
        if left >= len(cost.colored) + len(cost.hybrid) + cost.generic:
            for pool in pools:
                kept[(*base, pool)] = got


def _about(key: tuple[Any, ...], now: tuple[tuple[str, int], ...], oid: int) -> tuple[Any, ...] | None:
    """An answer's key without its pool, if it is about the pool `now` and may be carried past
    permanent `oid`'s tap (_carry_answers); else None."""
    if key[0] == "can_pay" and key[5] == now and not key[4] and key[3] != oid:
        return key[:5]  # ("can_pay", cost, purposes, without, convoke, pool)
    if key[0] == "can_pay_without" and key[5] == now and not key[4]:
        # ("can_pay_without", cost, purposes, what the permanent left out makes, convoke,
        # pool): about any permanent but this one, which has no source left to be like it
        return key[:5]
    if key[0] == "unpayable" and key[2] == now:  # ("unpayable", card, pool): listing.py's plain spells
        return key[:2]
    return None


def _plus(pool: tuple[tuple[str, int], ...], colour: str, k: int = 1) -> tuple[tuple[str, int], ...]:
    """A pool's key (tuple(pool.items())) with k mana of `colour` more, in the order the pool
    dict would hold it (an existing colour keeps its place, a new one comes last)."""
    d = dict(pool)
    d[colour] = d.get(colour, 0) + k
    return tuple(d.items())
