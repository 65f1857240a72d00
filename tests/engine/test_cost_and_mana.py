"""An additional cost and the mana of the same spell (CR 601.2g-h): a permanent its mana ability
sacrificed for mana (a Treasure, CR 111.10a) is gone when the additional cost is paid, so it is
never offered for it; the cast is listed exactly when some payment leaves enough to pay it."""
from __future__ import annotations

from typing import Any

import pytest

from engine.actions import IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.rules import additional_costs, payment
from engine.rules.index import CARDS
from engine.rules.mana import parse_cost

ALICE = 0


def make(**setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Island"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode="rules", setup=setup))


def test_a_treasure_sacrificed_for_mana_is_not_offered_to_return() -> None:
    """Fear of Isolation ({1}{U}; "As an additional cost to cast this spell, return a permanent
    you control to its owner's hand.") with one Island and a Treasure: the Treasure pays {1}
    and is gone (CR 601.2g, 111.10a); the permanents left to return are the Island and the
    Teddy, and every choice offered can be made."""
    g = make(Alice={"hand": ["Fear of Isolation"], "battlefield": ["Island", "Friendly Teddy"],
                    "library": ["Island"] * 3})
    treasure = g.create_token(ALICE, "Treasure")
    g.touch()
    g.apply("cast Fear of Isolation", ALICE)
    assert treasure not in g.st.objects  # (sacrificed for the {1})
    pending = g.st.pending
    assert pending is not None and pending.get("where") == "cost"
    assert all(o in g.st.objects for o in pending["refs"])
    offered = [a for a in g.legal_actions(ALICE) if a.verb == "choose"]
    assert sorted(a.text for a in offered) == ["choose Friendly Teddy", "choose Island"]
    for a in offered:  # each answer is paid as offered
        c = g.clone()
        c.apply(a.text, ALICE)
        assert c.st.pending is None or c.st.pending.get("where") != "cost"


def test_treasures_that_must_pay_the_mana_leave_nothing_to_return() -> None:
    """Fear of Isolation with two Treasures and no other permanent: both pay {1}{U} and are
    gone, so nothing is left to return (CR 601.2g-h): the cast is not listed, and refused."""
    g = make(Alice={"hand": ["Fear of Isolation"], "library": ["Island"] * 3})
    for _ in range(2):
        g.create_token(ALICE, "Treasure")
    g.touch()
    assert not [a for a in g.legal_actions(ALICE) if a.verb == "cast"]
    with pytest.raises(IllegalActionError):
        g.clone().apply("cast Fear of Isolation", ALICE)


def test_a_treasure_left_by_the_payment_is_listed_and_returned() -> None:
    """Three Treasures: two pay the mana, the third is returned; listed and accepted."""
    g = make(Alice={"hand": ["Fear of Isolation"], "library": ["Island"] * 3})
    for _ in range(3):
        g.create_token(ALICE, "Treasure")
    g.touch()
    assert [a.text for a in g.legal_actions(ALICE) if a.verb == "cast"] == ["cast Fear of Isolation"]
    g.apply("cast Fear of Isolation", ALICE)
    assert [a.text for a in g.legal_actions(ALICE)] == ["choose Treasure"]


def test_the_payment_keeps_the_permanent_the_other_cost_needs() -> None:
    """payment.plan_leaving: where only one Treasure can pay the other cost, the mana is made by
    sacrificing the other (CR 601.2g-h: the player chooses how to pay); the engine's own plan
    would take the first."""
    g = make(Alice={"battlefield": ["Island"]})
    first, second = g.create_token(ALICE, "Treasure"), g.create_token(ALICE, "Treasure")
    g.touch()
    assert payment.sacrificed_by(g, ALICE, payment.plan(g, ALICE, parse_cost("{B}"), set())) == {first}
    got = payment.plan_leaving(g, ALICE, parse_cost("{B}"), set(), [first], 1)
    assert got is not None and payment.sacrificed_by(g, ALICE, got) == {second}
    assert payment.plan_leaving(g, ALICE, parse_cost("{B}{B}"), set(), [first], 1) is None
    assert additional_costs.left_after_mana(g, ALICE, [first], 1, parse_cost("{B}"))
    assert not additional_costs.left_after_mana(g, ALICE, [first], 1, parse_cost("{B}{B}"))


def test_an_ability_sacrificing_another_counts_what_its_mana_leaves() -> None:
    """additional_costs.others_left, the listing's question for "Sacrifice another ..." (CR
    602.2b, 601.2g-h), asked as activation.activate pays: with an artifact word (Haywire
    Mite's "noncreature artifact or noncreature enchantment"; no card of the pool sacrifices
    another artifact for a cost yet) the Treasures are both payers and candidates."""
    mite = CARDS.card_def("Haywire Mite")
    assert mite is not None
    spec = mite.nonmana_abilities()[0].targets[0]

    def left(battlefield: list[str], treasures: int, cost: str) -> bool:
        g = make(Alice={"battlefield": ["Bear Trap"] + battlefield})
        for _ in range(treasures):
            g.create_token(ALICE, "Treasure")
        g.touch()
        source = g.battlefield(ALICE)[0]
        return additional_costs.others_left(g, ALICE, source, spec, 1, cost, False)
    assert not left([], 1, "{1}")  # the one Treasure pays and is gone
    assert left([], 2, "{1}")  # one pays, the other is sacrificed for the cost
    assert left(["Swamp"], 1, "{1}")  # the Swamp pays
    assert not left(["Swamp"], 1, "{B}{B}")  # both pay
    assert left(["Swamp"], 2, "{B}{B}")
