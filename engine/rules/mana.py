"""Mana and mana symbols (CR 106, 107.4), mana costs (CR 202, 118) and paying them.

A cost is parsed into a `Cost`: generic amount, coloured symbols, hybrid pairs, X count.
Payment (CR 601.2g-h) first uses the mana pool, then mana abilities of untapped sources
(CR 605: they do not use the stack). Automatic payment searches an assignment of
sources to symbols; explicit payment names the sources. What a list of sources is known by
(its signature, whose sources are whose) is engine/rules/mana_lists.py.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from engine.rules.mana_lists import owned_entries, signature, signature_without, sources_of
from engine.rules.payment_source import Source
from engine.rules.mana_orders import orders

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = COLORS + ("C",)
_SYMBOL = re.compile(r"\{([^}]+)\}")


@dataclass
class Cost:
    """A mana cost: CR 107.4 symbols grouped for payment."""

    generic: int = 0
    colored: list[str] = field(default_factory=list)  # W U B R G C (C = specifically colourless)
    hybrid: list[tuple[str, str]] = field(default_factory=list)  # CR 107.4e
    x: int = 0  # number of {X} symbols (CR 107.3)
    # the colours of its Phyrexian symbols ({G/P}, CR 107.4f), each also in `colored`: paid with
    # that colour's mana unless its payer chose to pay 2 life for it (`life_paid`)
    phyrexian: list[str] = field(default_factory=list)

    @property
    def mana_value(self) -> int:
        """CR 202.3: X counts as 0 except on the stack; a Phyrexian symbol counts 1 (CR 202.3)."""
        return self.generic + len(self.colored) + sum(
            int(a) if a.isdigit() else 1 for a, _ in self.hybrid)

    def with_x(self, x: int) -> "Cost":
        if not self.x:
            return self  # costs are shared and never changed in place
        return Cost(self.generic + self.x * x, list(self.colored), list(self.hybrid), 0, list(self.phyrexian))

    def reduced(self, generic: int) -> "Cost":
        """CR 601.2f: cost reductions reduce only the generic component here."""
        if not generic:
            return self
        return Cost(max(0, self.generic - generic), list(self.colored), list(self.hybrid), self.x,
                    list(self.phyrexian))

    def plus(self, other: "Cost") -> "Cost":
        return Cost(self.generic + other.generic, self.colored + other.colored,
                    self.hybrid + other.hybrid, self.x + other.x, self.phyrexian + other.phyrexian)

    def life_ways(self) -> list[tuple[str, ...]]:
        """Every choice of Phyrexian symbols to pay with life instead of mana (CR 107.4f,
        601.2b): () — all with mana — first, then larger choices; symbols of one colour are
        alike, so each choice is a multiset of colours (sorted)."""
        got: list[tuple[str, ...]] | None = self.__dict__.get("_life_ways")
        if got is None:
            colours = sorted(self.phyrexian)
            got = sorted({c for k in range(len(colours) + 1) for c in combinations(colours, k)}, key=len)
            self.__dict__["_life_ways"] = got
        return got

    def life_paid(self, colours: tuple[str, ...]) -> "Cost":
        """The cost left to pay in mana once these Phyrexian symbols are paid with 2 life each
        (CR 107.4f); the same object for the same choice. Only colours of its Phyrexian symbols."""
        if not colours:
            return self
        kept: dict[tuple[str, ...], Cost] = self.__dict__.setdefault("_life_paid", {})
        got = kept.get(colours)
        if got is None:
            colored, phyrexian = list(self.colored), list(self.phyrexian)
            for c in colours:
                phyrexian.remove(c)  # (ValueError: not a Phyrexian symbol of this cost)
                colored.remove(c)
            got = kept[colours] = Cost(self.generic, colored, list(self.hybrid), self.x, phyrexian)
        return got

    def is_free(self) -> bool:
        return not (self.generic or self.colored or self.hybrid)

    def symbols(self) -> tuple[Any, ...]:
        """What a payment has to find (coloured, hybrid and generic symbols), as a key; made
        once per cost (costs are never changed in place)."""
        got: tuple[Any, ...] | None = self.__dict__.get("_symbols")
        if got is None:
            got = self.__dict__["_symbols"] = (tuple(self.colored), tuple(self.hybrid), self.generic)
        return got

    def __str__(self) -> str:
        out = "{X}" * self.x + (f"{{{self.generic}}}" if self.generic else "")
        plain = list(self.colored)
        for c in self.phyrexian:
            plain.remove(c)
        out += "".join(f"{{{a}/{b}}}" for a, b in self.hybrid) + "".join(f"{{{c}/P}}" for c in self.phyrexian)
        return out + "".join(f"{{{c}}}" for c in plain) or "{0}"


def parse_cost(text: str | None) -> Cost:
    """Parse '{2}{W}{W}', '{X}{R}', '{W/U}' into a Cost (CR 107.4). The result is shared:
    never change it in place (with_x/reduced/plus make new costs)."""
    return _parse_cost(text or "")


@lru_cache(maxsize=4096)
def _parse_cost(text: str) -> Cost:
    cost = Cost()
    if not text:
        return cost
    for sym in _SYMBOL.findall(text):
        if sym.isdigit():
            cost.generic += int(sym)
        elif sym == "X":
            cost.x += 1
        elif "/" in sym:
            a, b = sym.split("/", 1)
            if b == "P":  # Phyrexian mana (CR 107.4f): its colour, or 2 life instead (Cost.life_paid)
                cost.colored.append(a)
                cost.phyrexian.append(a)
            else:
                cost.hybrid.append((a, b))
        elif sym in MANA_TYPES:
            cost.colored.append(sym)
    return cost


# Restricted mana (CR 106.6), one way: a payment says what it is for with a set of purposes,
# and mana says what it may be spent on with a set of purposes (a mana ability's
# `spend_only`, carried by a Source it makes and by its mana in the pool). It pays when the
# two meet. A spell's purposes are "spell", its card types and its subtypes in lower case
# ("enchantment", "room", ...: engine/rules/costs.py spell_purposes); the special actions
# say "unlock" (a door's unlock cost, CR 709.5) and "face_up" (turning a permanent face up,
# CR 701.40b, 702.37e). An ability's cost and an effect's "pay {N}" have no purpose.
NO_PURPOSES: frozenset[str] = frozenset()
UNLOCK = frozenset({"unlock"})
FACE_UP = frozenset({"face_up"})


def may_spend(spend: "tuple[str, ...] | frozenset[str]", purposes: frozenset[str]) -> bool:
    """Whether mana that may be spent only on `spend` (empty: on anything) pays for a
    payment with these purposes (CR 106.6)."""
    return not spend or not purposes.isdisjoint(spend)


def pool_key(colour: str, spend: "tuple[str, ...] | frozenset[str]" = ()) -> str:
    """The pool entry of mana of this colour that may be spent only on `spend`: the colour,
    or "R:room,unlock" (the mana keeps its restriction in the pool, CR 106.6)."""
    return f"{colour}:{','.join(sorted(spend))}" if spend else colour


def _needs(cost: Cost) -> list[tuple[str, ...]]:
    """Symbols as acceptable-colour sets, most constrained first; generic last."""
    req: list[tuple[str, ...]] = [(c,) for c in cost.colored]
    for a, b in cost.hybrid:
        if a.isdigit():  # {2/W}: pay W or two generic; treat as W or generic pair
            req.append((b,))
        else:
            req.append((a, b))
    req.sort(key=len)
    req.extend([MANA_TYPES] * cost.generic)
    return req


def plan_payment(cost: Cost, pool: dict[str, int], sources: list[Source], without: int | None = None
                 ) -> tuple[dict[str, int], list[tuple[int, str]]] | None:
    """Find mana to pay `cost`: (mana taken from the pool, [(source id, colour)]) or None.
    `without`: a permanent whose sources may not be used (it is tapped for the cost itself).

    Greedy per symbol with backtracking over sources; sources that can make fewer colours
    and need no sacrifice are used first so flexible ones (Treasures) stay available.
    """
    needs = _needs(cost)
    if len(needs) > sum(pool.values()) + len(sources):
        return None
    srcs, generic_srcs, plenty, sizes, skip, _ = orders(sources)
    usable = len(srcs) - len(skip)
    # each Source once (a two-mana ability is two Sources of one permanent), by id; those
    # gone from the list the orders were made for count as taken
    taken: set[int] = set(skip)
    if without is not None and owned_entries(sources, without) is not None:
        # (leaving some out keeps the orders: no sorting again, and no list made without
        # them — they count as taken from the start; a permanent that makes none of this
        # mana leaves nothing out)
        mine = sources_of(sources, without)
        taken.update(id(s) for s in mine)
        usable -= len(mine)
        plenty = dict(plenty)
        for s in mine:
            for c in s.produces:
                plenty[c] -= 1
    for c in set(cost.colored):  # a colour needed more often than pool and sources make it
        if cost.colored.count(c) > pool.get(c, 0) + plenty.get(c, 0):
            return None
    pool = dict(pool)
    from_pool: dict[str, int] = {}
    rest: list[tuple[str, ...]] = []
    for need in needs:
        # from the pool: prefer the exact colour, generic takes colourless first
        order = ("C",) + COLORS if len(need) == len(MANA_TYPES) else need
        for c in order:
            if c in need and pool.get(c, 0) > 0:
                pool[c] -= 1
                from_pool[c] = from_pool.get(c, 0) + 1
                break
        else:
            rest.append(need)
    used: list[tuple[int, str]] = []
    # a group's colour once one of its Sources pays, and how many of its Sources are taken
    fixed: dict[int, str] = {}
    in_use: dict[int, int] = {}

    # the closure reaches itself through `again`, emptied after use: no cycle keeps the game
    again: list[Callable[[int], bool]] = []

    def solve(i: int) -> bool:
        if i == len(rest):
            return True
        need = rest[i]
        generic = len(need) == len(MANA_TYPES)
        tried: set[tuple[Any, ...]] = set()
        for s in (generic_srcs if generic else srcs):
            if id(s) in taken:  # each Source once (a two-mana ability is two Sources of one permanent)
                continue
            g = s.group
            # an identical source failed already, or makes none of this symbol's colours: skip
            # the symmetric branch (a group's Sources are alike while they have the same colour
            # and as many left) — asked first: on a crowded board most sources are alike
            sig = (s.produces, s.sacrifice) if not g else (s.produces, s.sacrifice, fixed.get(g),
                                                           sizes[g] - in_use.get(g, 0))
            if sig in tried:
                continue
            if g and g in fixed:  # the group's other mana is of the colour it already pays with
                colours = [fixed[g]] if fixed[g] in need else []
            else:
                colours = [c for c in s.produces if c in need]
            if not colours:
                if not (generic and s.convoke and not s.produces):
                    if s.produces:  # (what it makes decides: the same for one alike; one making
                        tried.add(sig)  # nothing may be a creature tapped for convoke, below)
                    continue
                # a colourless creature tapped for convoke pays for generic mana only, never
                # for {C} (CR 702.51a): it makes no mana, so it is written "1" (not a colour)
                colours = ["1"]
            tried.add(sig)
            taken.add(id(s))
            # a group's first Source chooses the group's colour: each colour the symbol takes
            # (generic mana: any one, the later symbols are generic too)
            for c in (colours if g and g not in fixed and not generic else colours[:1]):
                if g:
                    first = g not in fixed
                    if first:
                        fixed[g] = c
                    in_use[g] = in_use.get(g, 0) + 1
                used.append((s.obj, c))
                if again[0](i + 1):
                    return True
                used.pop()
                if g:
                    in_use[g] -= 1
                    if first:
                        del fixed[g]
            taken.discard(id(s))
        return False

    again.append(solve)
    found = len(rest) <= usable and solve(0)
    again.clear()
    return (from_pool, used) if found else None


_FEASIBLE: dict[Any, bool] = {}


def can_plan(cost: Cost, pool: dict[str, int], sources: list[Source], without: int | None = None) -> bool:
    """Whether plan_payment finds a payment: the legal-action listing asks this for every
    card and ability in every position, and the answer depends only on the cost's symbols,
    the pool and the sources' signature, so it is remembered across positions (a pure
    function's memo, bounded)."""
    sig = signature(sources) if without is None else signature_without(sources, without)
    n = len(cost.colored) + len(cost.hybrid) + cost.generic  # (a symbol takes one mana: _needs)
    # (the pool counted up to n as well, for the same reason as the sources: mana_lists._Sig)
    key = (cost.symbols(), tuple(sorted((k, v if v < n else n) for k, v in pool.items())) if pool else (),
           sig.capped(n))
    got = _FEASIBLE.get(key)
    if got is None:
        if len(_FEASIBLE) > 50000:
            _FEASIBLE.clear()
        got = _FEASIBLE[key] = plan_payment(cost, pool, sources, without) is not None
    return got


def restricted_pool(pool: dict[str, int]) -> bool:
    """Whether the pool holds mana with a spending restriction (CR 106.6)."""
    if not pool:
        return False
    for k in pool:
        if ":" in k:
            return True
    return False


def _spend_of(key: str) -> tuple[str, ...]:
    return tuple(key.partition(":")[2].split(","))


def usable_pool(pool: dict[str, int], purposes: frozenset[str] = NO_PURPOSES) -> dict[str, int]:
    """The mana pool as a payment for these purposes may use it (CR 106.6): plain mana, and
    mana with a spending restriction (kept under "R:room,unlock", pool_key) only if it may be
    spent on one of them."""
    if not restricted_pool(pool):
        return pool
    out: dict[str, int] = {}
    for key, n in pool.items():
        colour = key.partition(":")[0]
        if ":" not in key or may_spend(_spend_of(key), purposes):
            out[colour] = out.get(colour, 0) + n
    return out


def pool_keys(pool: dict[str, int], taken: dict[str, int], purposes: frozenset[str]) -> dict[str, int]:
    """The pool entries a payment takes the mana of `taken` (by colour) from: restricted mana
    that may pay for these purposes first (it can pay for less), then plain mana."""
    if not restricted_pool(pool):
        return taken
    out: dict[str, int] = {}
    for colour, n in taken.items():
        restricted = sorted(k for k in pool if ":" in k and k.partition(":")[0] == colour
                            and may_spend(_spend_of(k), purposes))
        for key in restricted + [colour]:
            use = min(n, pool.get(key, 0))
            if use > 0:
                out[key] = out.get(key, 0) + use
                n -= use
        if n > 0:
            out[colour] = out.get(colour, 0) + n
    return out


def available_mana(pool: dict[str, int], sources: list[Source]) -> int:
    return sum(pool.values()) + len(sources)
