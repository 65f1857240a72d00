"""engine/rules/mana.py: mana costs (CR 107.4, 202, 601.2f) and payment plans (CR 601.2g-h, 605)."""
from __future__ import annotations

import pytest

from engine.rules.mana import Cost, available_mana, parse_cost, plan_payment
from engine.rules.payment_source import Source


# ----------------------------------------------------------------- parsing costs
@pytest.mark.parametrize("text, generic, colored, hybrid, x, mv", [
    ("{1}{B}{B}", 1, ["B", "B"], [], 0, 3),          # Murder
    ("{4}{W}", 4, ["W"], [], 0, 5),                  # Seized from Slumber
    ("{W}{U}{B}{R}{G}", 0, ["W", "U", "B", "R", "G"], [], 0, 5),
    ("{X}{R}", 0, ["R"], [], 1, 1),                  # X is 0 outside the stack (CR 202.3e)
    ("{X}{X}{G}", 0, ["G"], [], 2, 1),
    ("{W/U}", 0, [], [("W", "U")], 0, 1),            # hybrid (CR 107.4e)
    ("{2/W}", 0, [], [("2", "W")], 0, 2),            # monocoloured hybrid counts 2 (CR 202.3f)
    ("{G/P}", 0, ["G"], [], 0, 1),                   # Phyrexian: paid with its colour here
    ("{C}", 0, ["C"], [], 0, 1),                     # specifically colourless
    ("{12}", 12, [], [], 0, 12),
    ("{0}", 0, [], [], 0, 0),
])
def test_parse_cost(text: str, generic: int, colored: list[str], hybrid: list[tuple[str, str]],
                    x: int, mv: int) -> None:
    c = parse_cost(text)
    assert (c.generic, c.colored, c.hybrid, c.x) == (generic, colored, hybrid, x)
    assert c.mana_value == mv


@pytest.mark.parametrize("text", [None, ""])
def test_no_cost_is_free(text: str | None) -> None:
    """A land or a token has no mana cost: mana value 0 (CR 202.1b, 202.3a)."""
    c = parse_cost(text)
    assert c.is_free()
    assert c.mana_value == 0
    assert str(c) == "{0}"


@pytest.mark.parametrize("text", ["{1}{B}{B}", "{4}{W}", "{X}{R}", "{W/U}{G}", "{2}{C}"])
def test_cost_text_round_trip(text: str) -> None:
    assert parse_cost(str(parse_cost(text))) == parse_cost(text)


def test_cost_text_canonical_order() -> None:
    assert str(parse_cost("{1}{B}{B}")) == "{1}{B}{B}"
    assert str(parse_cost("{X}{R}")) == "{X}{R}"


def test_with_x_adds_generic_and_leaves_the_parsed_cost_alone() -> None:
    """CR 107.3a / 601.2b: the chosen X becomes generic mana to pay."""
    base = parse_cost("{X}{R}")
    paid = base.with_x(3)
    assert (paid.generic, paid.colored, paid.x) == (3, ["R"], 0)
    assert paid.mana_value == 4
    assert (base.generic, base.x) == (0, 1)  # parsed costs are shared: never changed in place
    assert parse_cost("{X}{R}").x == 1


def test_reduction_reduces_only_generic_mana() -> None:
    """CR 601.2f: Seized from Slumber's {3} less turns {4}{W} into {1}{W}; never below zero."""
    assert str(parse_cost("{4}{W}").reduced(3)) == "{1}{W}"
    assert str(parse_cost("{1}{B}{B}").reduced(3)) == "{B}{B}"
    assert str(parse_cost("{W}").reduced(3)) == "{W}"
    assert parse_cost("{4}{W}").generic == 4


def test_plus_adds_costs() -> None:
    total = parse_cost("{1}{B}").plus(parse_cost("{2}{W}"))
    assert (total.generic, sorted(total.colored)) == (3, ["B", "W"])


# ----------------------------------------------------------------- payment plans
def src(obj: int, produces: str, sacrifice: bool = False) -> Source:
    return Source(obj, f"src{obj}", tuple(produces), sacrifice)


def used_ids(plan: tuple[dict[str, int], list[tuple[int, str]]] | None) -> set[int]:
    assert plan is not None
    return {oid for oid, _ in plan[1]}


def test_pays_from_the_pool_first() -> None:
    plan = plan_payment(parse_cost("{1}{G}"), {"G": 2}, [src(1, "G")])
    assert plan == ({"G": 2}, [])


def test_generic_takes_colourless_from_the_pool_first() -> None:
    from_pool, used = plan_payment(parse_cost("{1}{R}"), {"R": 1, "C": 1, "G": 1}, [])  # type: ignore[misc]
    assert from_pool == {"R": 1, "C": 1}
    assert used == []


def test_coloured_symbols_need_the_right_colour() -> None:
    assert plan_payment(parse_cost("{B}{B}"), {}, [src(1, "B"), src(2, "G")]) is None
    assert plan_payment(parse_cost("{1}{B}{B}"), {}, [src(1, "B"), src(2, "B"), src(3, "G")]) is not None


def test_plan_names_the_colour_each_source_makes() -> None:
    from_pool, used = plan_payment(parse_cost("{1}{B}"), {}, [src(1, "G"), src(2, "B")])  # type: ignore[misc]
    assert from_pool == {}
    assert sorted(used) == [(1, "G"), (2, "B")]


def test_not_enough_mana() -> None:
    assert plan_payment(parse_cost("{3}"), {"R": 1}, [src(1, "R")]) is None
    assert plan_payment(parse_cost("{1}{B}{B}"), {}, []) is None


def test_specific_colourless_needs_colourless_mana() -> None:
    """CR 107.4c: {C} can be paid only with colourless mana."""
    assert plan_payment(parse_cost("{C}"), {"G": 1}, [src(1, "W")]) is None
    assert plan_payment(parse_cost("{C}"), {"C": 1}, []) == ({"C": 1}, [])


def test_unused_sources_stay_untapped() -> None:
    plan = plan_payment(parse_cost("{B}"), {}, [src(1, "B"), src(2, "B"), src(3, "G")])
    assert plan is not None and len(plan[1]) == 1


def test_treasure_is_kept_for_last() -> None:
    """A sacrificed source (Treasure) is used only when the lands can't pay."""
    treasure = src(9, "WUBRG", sacrifice=True)
    assert used_ids(plan_payment(parse_cost("{1}{B}"), {}, [treasure, src(1, "B"), src(2, "R")])) == {1, 2}
    assert used_ids(plan_payment(parse_cost("{B}{B}"), {}, [treasure, src(1, "B"), src(2, "R")])) == {1, 9}


def test_flexible_sources_are_kept_for_symbols_that_need_them() -> None:
    """Abandoned Campground makes W or U: it must be kept for the U, the Plains pays the W."""
    camp = src(1, "WU")
    plan = plan_payment(parse_cost("{W}{U}"), {}, [camp, src(2, "W")])
    assert plan is not None and dict(plan[1]) == {1: "U", 2: "W"}


def test_backtracks_when_the_first_choice_fails() -> None:
    """{W/U}{U/B} with an Island and a Plains: the hybrid W/U must take the Plains."""
    plan = plan_payment(parse_cost("{W/U}{U/B}"), {}, [src(1, "U"), src(2, "W")])
    assert plan is not None and dict(plan[1]) == {1: "U", 2: "W"}


def test_hybrid_symbol_accepts_either_colour() -> None:
    assert plan_payment(parse_cost("{W/U}"), {}, [src(1, "U")]) is not None
    assert plan_payment(parse_cost("{W/U}"), {}, [src(1, "W")]) is not None
    assert plan_payment(parse_cost("{W/U}"), {}, [src(1, "B")]) is None


def test_x_cost_needs_x_more_mana() -> None:
    cost = parse_cost("{X}{R}")
    sources = [src(1, "R"), src(2, "R"), src(3, "G")]
    assert plan_payment(cost.with_x(2), {}, sources) is not None
    assert plan_payment(cost.with_x(3), {}, sources) is None


def test_free_cost_needs_nothing() -> None:
    assert plan_payment(Cost(), {}, []) == ({}, [])


def test_the_pool_is_not_changed_by_planning() -> None:
    pool = {"B": 2}
    plan_payment(parse_cost("{B}"), pool, [])
    assert pool == {"B": 2}


def test_available_mana() -> None:
    assert available_mana({"G": 2, "C": 1}, [src(1, "W"), src(2, "U")]) == 5
    assert available_mana({}, []) == 0


def test_sources_alike_that_make_none_of_a_colour_are_asked_once_each_symbol() -> None:
    # (plan_payment skips a source alike to one that made none of the symbol's colours: the
    # Mountain after fifty Forests still pays {R}; a colourless creature tapped for convoke
    # after a source making nothing still pays generic mana, CR 702.51a)
    forests = [src(i, "G") for i in range(1, 51)]
    assert used_ids(plan_payment(parse_cost("{R}"), {}, forests + [src(60, "R")])) == {60}
    assert plan_payment(parse_cost("{R}{R}"), {}, forests + [src(60, "R")]) is None
    assert used_ids(plan_payment(parse_cost("{1}{R}"), {}, forests[:2] + [src(60, "R")])) in ({1, 60}, {2, 60})
    nothing = Source(70, "src70", ())
    creature = Source(71, "src71", (), convoke=True)
    assert used_ids(plan_payment(parse_cost("{1}"), {}, [nothing, creature])) == {71}
