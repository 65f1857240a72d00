"""What one listing of p's actions shares between the ways (engine/rules/ways.py, cast_way.py):
the one question "can p pay this cost now" (asked once per cost), the names of the cards and
targets in the canonical texts (docs/actions.md), made when first needed, and what the listing
takes from p's mana sources, kept across positions while they are the same (`_base`).
"""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.format import name_map, ref_text
from engine.rules import cast_now, casting, costs, payment, restrictions, targets as tg
from engine.rules.kept import ASKED
from engine.rules.mana import NO_PURPOSES, plan_payment, restricted_pool
from engine.rules.spell_types import reaching_statics
from engine.rules.effects import RuleChange

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


# a question of Lister.asked about targets: (TARGETS, target words, source, answer) — the one
# word is chosen after the announcement on this board (targets.in_parts) and has a legal target
# (targets.any_option) or not: asked again through the position's caches
TARGETS = "targets?"
_INLINE = "inline"  # (a target word chosen with the announcement: no TARGETS question holds)


class Lister:
    """One listing of p's actions: what the ways share while they are asked (made per listing)."""

    # (what starts empty in every listing: class attributes until a listing sets its own)
    _hand_map: dict[int, str] | None = None
    granted_alts: list[str] | None = None  # alternative costs p's permanents give every spell
    _reaching: bool | None = None  # (reaching_spells)
    _may_cast: bool | None = None  # (timing_ok: no effect keeps p from casting spells)
    _free_once: bool | None = None  # (free_once: whether p's permanents give it now)
    cast_key: Any = False  # what a hand card's kept cast ways read (cast_way._kept_key); False: not made
    names_kept: tuple[dict[int, str], dict[int, str], dict[str, dict[int, str]]] | None = None
    reached = False  # a permanent's ability got as far as its modes and targets (ActivatedAbilities)
    # while a steady permanent's ways are asked: the payability questions they ask, in order,
    # each with its answer (engine/rules/idle.py: what its entries are checked by); whether
    # they read targets in a way the position's caches do not keep (`unkept`)
    asked: list[tuple[Any, ...]] | None = None
    unkept = False

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
        self._words: dict[Any, Any] = {}  # (same_answers' target questions in this listing)
        self._keep: list[Any] = []
        self._tails: dict[Any, str] = {}
        # (names: per position)
        self.act_names: dict[str, dict[int, str]] = g.memo.setdefault(("activate_names", p), {})
        self.heads: dict[tuple[int, int, tuple[int, ...]], str] = g.memo.setdefault(("activate_heads", p), {})
        # a source's mana actions ("activate Forest", "activate Dual Land mana=G" per colour): the
        # same all through the position while it is a source of the same colours
        self.mana_acts: dict[tuple[int, tuple[str, ...]], list[Action]] = g.memo.setdefault(
            ("plain_mana_actions", p), {})
        # a plain spell found unpayable stays so while the mana sources (the mana memo), the
        # pool and its own characteristics stay the same — not where the turn or the turn's
        # events change what it costs (steady_costs, _base). (A permission to play, st.may_play,
        # is about an exiled card: it changes nothing of a card in the hand.)
        self.quick = steady_costs and cast_now.current(g) is None
        # what else a steady permanent's ways read (engine/rules/idle.py): with its own status
        # and characteristics, the key of its "offers nothing" entry in the mana memo
        self.sorcery = casting.sorcery_timing(g, p)

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
            memo_key = ("can_pay", id(cost), purposes, None, convoke, self.pool_key)
            was = self.mana_memo.get(memo_key)
            if was is not None and was[0] is cost:
                got = was[1]
            elif self.pool_key and not self.restricted and not convoke and _pool_pays(cost, self.me.mana):
                got = True  # (can_pay's answer, as can_pay would keep it: _pool_pays)
                self.mana_memo[memo_key] = (cost, True)
            else:
                got = payment.can_pay(self.g, self.p, cost, purposes, convoke=convoke)
            self._known[key] = got
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
            was = self.mana_memo.get(("can_pay", key[0], NO_PURPOSES, oid, False, self.pool_key))
            got = self._without[key] = was[1] if was is not None and was[0] is cost else payment.can_pay(
                self.g, self.p, cost, without=oid)
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
                # (asked once per listing for each target word, per source only where the answer
                # reads it, as targets.any_option keeps it — a crowded board's twenty Ragged
                # Playmates share their word's)
                words = q[1]
                key = (id(words), q[2]) if tg.reads_source(words[0]) else id(words)
                got = self._words.get(key)
                if got is None:  # (None if the word is chosen with the announcement: not in parts)
                    got = self._words[key] = tg.any_option(self.g, words[0], self.p, q[2]) \
                        if tg.in_parts(self.g, words, self.p, q[2]) else _INLINE
                    self._keep.append(words)  # (kept alive: its id is not reused during this listing)
                if got != q[3] or got is _INLINE:
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
            self._reaching = bool(reaching_statics(self.g))
        return self._reaching

    def timing_ok(self, oid: int, c: Any) -> bool:
        """casting.timing_ok(g, p, oid) for a card whose characteristics are `c` now, with what
        it asks of p alone (whether an effect keeps p from casting spells, sorcery timing)
        asked once per listing."""
        if self._may_cast is None:
            self._may_cast = restrictions.allowed(self.g, self.p)
        return self._may_cast and casting.timing_allows(self.g, self.p, oid, c, self.sorcery)

    def free_once(self, oid: int) -> bool:
        """costs.free_once_available(g, p, oid) (CR 118.9), its part about p once per listing."""
        if self._free_once is None:
            self._free_once = costs.free_once_given(self.g, self.p)
        return self._free_once and costs.free_once_fits(self.g, self.p, oid)

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
    # (a permanent's first source: made in C from the last to the first, the first written last;
    # only looked up, never walked)
    sources = payment.mana_sources(g, p)[::-1]
    source_ids: dict[int, tuple[str, ...]] = dict(zip(map(_OBJ, sources), map(_PRODUCES, sources)))
    restricted = payment.makes_restricted_mana(g, p) or restricted_pool(raw)
    steady_costs = not restricted and RuleChange.FREE_CAST_ONCE_EACH_TURN not in tg.player_rules(g, p) \
        and all(d.per is None for d in costs.discounts_of(g, p))
    return source_ids, restricted, steady_costs


_OBJ, _PRODUCES = attrgetter("obj"), attrgetter("produces")

_NO_SOURCES: list[Any] = []  # (one list: the payment search's orders of it are made once)


def _pool_pays(cost: Any, pool: dict[str, int]) -> bool:
    """Whether the mana pool alone pays this cost as the payment search takes mana from the
    pool (mana.plan_payment: each symbol from the pool first, by the same steps whatever the
    sources are; only what the pool leaves is paid by the sources). Then payment.can_pay
    says yes, whatever p's sources are — mana tapped for a spell is often most of it in the
    pool already, and the search over a crowded board's two hundred sources is not made. Only
    for a pool without restricted mana (CR 106.6: then every payment may use all of it)."""
    n = len(cost.colored) + len(cost.hybrid) + cost.generic  # (a symbol takes one mana: mana._needs)
    return n <= sum(pool.values()) and plan_payment(cost, pool, _NO_SOURCES) is not None
