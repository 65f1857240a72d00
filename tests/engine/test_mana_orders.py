"""engine/rules/mana_orders.py: the orders a payment tries sources in (CR 601.2g-h, 605), kept for a
list made by tapping a permanent (without_tapped) instead of sorted again — each kept answer
compared with the one sorted from scratch, and a permanent tapped for its own cost
(plan_payment's `without`) passed over as the list without it would be."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.rules import mana_orders as mana
from engine.rules.mana import parse_cost, plan_payment
from engine.rules.payment_source import Source
from engine.rules.mana_lists import without_tapped


def _forget() -> None:
    """Every kept order dropped: the next list is sorted from scratch."""
    mana._KNOWN.clear()
    mana._MADE_FROM.clear()
    mana._ORDERS[0], mana._ORDERS[1], mana._ORDERS[2] = None, None, -1


def _effective(orders: Any) -> tuple[list[int], list[int], dict[str, int], dict[int, int]]:
    """The orders as a payment walks them: the passed-over Sources left out."""
    srcs, generic, plenty, sizes, skip, _ = orders
    return ([id(s) for s in srcs if id(s) not in skip], [id(s) for s in generic if id(s) not in skip],
            {c: n for c, n in plenty.items() if n}, {g: n for g, n in sizes.items() if n})


def _from_scratch(sources: list[Source]) -> tuple[list[int], list[int], dict[str, int], dict[int, int]]:
    """The orders of these sources sorted from scratch (the kept ones left as they were)."""
    known, made, last = dict(mana._KNOWN), dict(mana._MADE_FROM), list(mana._ORDERS)
    _forget()
    got = _effective(mana.orders(list(sources)))
    mana._KNOWN.update(known)
    mana._MADE_FROM.update(made)
    mana._ORDERS[:] = last
    return got


def _board(spec: str) -> list[Source]:
    """One source per letter (its colour), permanents numbered from 1; "*": a Treasure."""
    return [Source(i, "Treasure", ("W", "U", "B", "R", "G"), sacrifice=True) if c == "*"
            else Source(i, c, (c,)) for i, c in enumerate(spec, 1)]


@pytest.mark.parametrize("spec, tapped", [
    ("GGGRRBW*", [1]),            # a Forest of three: the Forests still spare the most
    ("GGGGRRB*", [1, 2, 5]),      # three taps in a row, each list made from the last
    ("BRGGGR", [3, 4]),           # Forests 3 -> 1 under the Mountains' 2: another order
    ("RRGGG", [3]),               # Forests 3 -> 2 = Mountains 2: a tie, ordered by place
])
def test_kept_orders_are_the_sorted_ones(spec: str, tapped: list[int]) -> None:
    _forget()
    sources = _board(spec)
    mana.orders(sources)
    for oid in tapped:  # (each list's orders made from the last one's)
        sources = without_tapped(sources, oid)
        kept = _effective(mana.orders(sources))
        assert kept == _from_scratch(sources)


def test_a_tie_sorts_again() -> None:
    """Mountains before Forests in the list, two of each once a Forest is tapped: generic mana
    takes the Mountains first (the same spare, by place) — not the Forests as before the tap."""
    _forget()
    sources = _board("RRGGG")
    first = mana.orders(sources)
    assert [s.name for s in first[1]][:3] == ["G", "G", "G"]
    left = without_tapped(sources, 3)
    assert mana._derived_orders(sources, [2]) is None
    assert [s.name for s in mana.orders(left)[1]] == ["R", "R", "G", "G"]


def test_plans_the_same_as_a_list_made_from_scratch() -> None:
    _forget()
    sources = _board("GGGRRBW*")
    for cost in ("{G}", "{2}{R}", "{3}", "{1}{B}{W}", "{5}"):
        mana.orders(sources)
        left = without_tapped(sources, 2)
        kept = plan_payment(parse_cost(cost), {}, left)
        _forget()
        assert kept == plan_payment(parse_cost(cost), {}, list(left))


@pytest.mark.parametrize("cost", ["{G}{G}{G}", "{G}{G}", "{2}{G}", "{4}", "{R}{R}{G}"])
def test_without_passes_over_as_the_list_without_it(cost: str) -> None:
    """A permanent tapped for the cost itself (CR 602.2b) is no source for it: the plan is the
    one found on the list without it."""
    _forget()
    sources = _board("GGGRR")
    got = plan_payment(parse_cost(cost), {}, sources, without=1)
    _forget()
    assert got == plan_payment(parse_cost(cost), {}, [s for s in sources if s.obj != 1])


def test_the_cache_check_sees_a_wrong_order() -> None:
    """engine/cache_check.py asks orders_stale of each player's sources: a kept order that is
    not the sorted one is reported."""
    _forget()
    sources = _board("GGRR")
    assert mana.orders_stale(sources) is None
    srcs, generic, plenty, sizes, skip, spares = mana.orders(sources)
    mana._remember_orders(sources, (srcs, generic[::-1], plenty, sizes, skip, spares))
    assert mana.orders_stale(sources) is not None


@pytest.mark.parametrize("seed", range(40))
def test_sorted_by_kinds_is_sorted_source_by_source(seed: int) -> None:
    """`_sorted` puts hundreds of sources in order by their few kinds' keys, in C: the same
    orders (ties by place), counts and spares as sorting them one by one (`sorted_plainly`)."""
    rng = random.Random(seed)
    kinds = [("G",), ("R",), ("W", "U"), ("B", "R", "G"), ("C",), ("W", "U", "B", "R", "G"), ()]
    sources = [Source(rng.randrange(40), "x", rng.choice(kinds), sacrifice=rng.random() < 0.2,
                      convoke=rng.random() < 0.1, group=rng.choice((0, 0, 0, 1, 2, 3)),
                      pain=rng.choice((0, 0, 0, 1)))
               for _ in range(rng.randrange(0, 120))]
    made, plain = mana._sorted(sources), mana.sorted_plainly(sources)
    assert [id(s) for s in made[0]] == [id(s) for s in plain[0]]
    assert [id(s) for s in made[1]] == [id(s) for s in plain[1]]
    assert list(made[2].items()) == list(plain[2].items())
    assert list(made[3].items()) == list(plain[3].items())
    assert made[4] == plain[4]
    assert list(made[5].items()) == list(plain[5].items())
