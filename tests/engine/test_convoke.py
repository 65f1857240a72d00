"""engine/rules/convoke.py: the creatures tapped for convoke, chosen one at a time by the caster
(CR 702.51a, 601.2h) — a creature with a mana ability as well; what such a creature pays for;
the mana a spell was cast with (CR 601.2h); the mana memo of a land with a chosen colour."""
from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from engine.actions import IllegalActionError
from engine.cards.model import Activated
from engine.config import GameConfig
from engine.game import Game
from engine.rules import costs, payment
from engine.rules.mana import parse_cost, plan_payment
from engine.rules.payment_source import Source
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1
THEATER = "Dazzling Theater // Prop Room | unlocked=Dazzling Theater"  # "Creature spells you cast have convoke."


def make(**setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode="rules", setup=setup))


def texts(g: Game, player: int = ALICE) -> set[str]:
    return {str(a) for a in g.legal_actions(player)}


def test_a_creature_with_a_mana_ability_is_offered_for_convoke() -> None:
    """The gap: Twitching Doll ("{T}: Add one mana of any color. Put a nest counter on this
    creature.") was only ever tapped for mana; tapping it for convoke is a legal way to pay."""
    g = make(Alice={"hand": ["Twitching Doll"], "battlefield": [THEATER, "Twitching Doll @d", "Forest"]})
    before = g.dump()
    g.apply("cast Twitching Doll", ALICE)
    dec = g.pending
    assert dec is not None and (dec.kind, dec.prompt, dec.options) == ("ask", "ask.convoke", ("Twitching Doll",))
    assert dec.refs == (find_ref(g, "@d"),) and (dec.min_count, dec.max_count) == (0, 1)
    assert texts(g) == {"choose Twitching Doll", "choose done"}
    assert g.st.stack == [] and g.st.players[ALICE].mana == {}  # nothing happens before the cast

    convoked = g.clone()  # both ways are offered, and both work
    convoked.apply("choose Twitching Doll", ALICE)
    doll = convoked.st.objects[find_ref(g, "@d")]
    assert doll.tapped and doll.counters == {} and len(convoked.st.stack) == 1

    with_mana = g.clone()
    with_mana.apply("choose done", ALICE)
    doll = with_mana.st.objects[find_ref(g, "@d")]
    assert doll.tapped and doll.counters == {"nest": 1} and len(with_mana.st.stack) == 1

    g.undo()
    assert g.dump() == before


def test_only_creatures_that_leave_a_payment_are_offered() -> None:
    """Enduring Vitality {1}{G}{G} with one Forest: a white creature can pay only for {1}
    (CR 702.51a), so once one white creature is chosen the other isn't offered; the green one
    must pay a {G}; `choose done` only once the mana can pay the rest."""
    g = make(Alice={"hand": ["Enduring Vitality"],
                    "battlefield": [THEATER, "Forest", "Splitskin Doll @a", "Cult Healer @b", "Grasping Longneck @l"]})
    g.apply("cast Enduring Vitality", ALICE)
    assert g.pending is not None and g.pending.prompt == "ask.convoke_more"
    assert texts(g) == {"choose Splitskin Doll", "choose Cult Healer", "choose Grasping Longneck"}
    g.apply("choose Cult Healer", ALICE)
    assert texts(g) == {"choose Grasping Longneck"}  # the Doll would be a second {1}: there is one
    g.apply("choose Grasping Longneck", ALICE)  # nothing more to choose: cast, Forest pays {G}
    st = g.st
    assert [st.objects[o].name for o in st.stack] == ["Enduring Vitality"]
    assert [st.objects[find_ref(g, r)].tapped for r in ("@a", "@b", "@l", "Forest")] == [False, True, True, True]


def test_a_summoning_sick_mana_creature_is_offered_for_convoke_only() -> None:
    g = make(Alice={"hand": ["Twitching Doll"], "battlefield": [THEATER, "Twitching Doll @d | sick"]})
    assert "cast Twitching Doll" not in texts(g)  # one creature can't pay for {1}{G}
    g = make(Alice={"hand": ["Twitching Doll"], "battlefield": [THEATER, "Twitching Doll @d | sick", "Forest"]})
    assert "activate Twitching Doll mana=G" not in texts(g)
    g.apply("cast Twitching Doll", ALICE)
    assert texts(g) == {"choose Twitching Doll"}
    g.apply("choose Twitching Doll", ALICE)
    assert g.st.objects[find_ref(g, "@d")].counters == {} and len(g.st.stack) == 1


def test_pay_names_a_mana_creature_as_a_mana_source() -> None:
    """`pay` says it all (no convoke decision): a creature with a mana ability named there is
    tapped for mana (its counter), one without is tapped for convoke."""
    g = make(Alice={"hand": ["Grasping Longneck"],
                    "battlefield": [THEATER, "Twitching Doll @d", "Splitskin Doll @s", "Forest"]})
    g.apply("cast Grasping Longneck pay Forest, @d, @s", ALICE)
    assert g.pending is not None and g.pending.kind == "priority"
    assert g.st.objects[find_ref(g, "@d")].counters == {"nest": 1}
    assert g.st.objects[find_ref(g, "@s")].tapped


def test_the_decision_survives_a_saved_game() -> None:
    g = make(Alice={"hand": ["The Wandering Rescuer"],
                    "battlefield": ["Plains", "Plains", "Plains", "Splitskin Doll", "Cult Healer", "Grasping Longneck"]})
    g.apply("cast The Wandering Rescuer", ALICE)
    g.apply("choose Cult Healer", ALICE)
    back = Game.from_json(g.to_json())
    assert texts(back) == texts(g) == {"choose Splitskin Doll", "choose Grasping Longneck"}
    back.apply("choose Grasping Longneck", ALICE)
    assert texts(back) >= {"choose Splitskin Doll", "choose done"}
    back.apply("choose done", ALICE)
    assert [back.st.objects[o].name for o in back.st.stack] == ["The Wandering Rescuer"]


def _reachable(g: Game, cast: str) -> set[frozenset[str]]:
    """Every set of creatures the convoke decision lets the caster tap, ending with done or
    with nothing left to choose (every listed answer is applied, on copies)."""
    out: set[frozenset[str]] = set()

    def walk(game: Game, chosen: frozenset[str]) -> None:
        dec = game.pending
        assert dec is not None
        if dec.kind == "priority":
            assert len(game.st.stack) == 1  # cast
            out.add(chosen)
            return
        for a in game.legal_actions(ALICE):
            c = game.clone()
            c.apply(a)
            walk(c, chosen | ({a.choice[0]} if a.choice else set()))

    g = g.clone()
    g.apply(cast, ALICE)
    walk(g, frozenset())
    return out


@pytest.mark.parametrize("board,hand", [
    (["Plains", "Plains", "Forest", "Splitskin Doll", "Cult Healer", "Grasping Longneck"], "The Wandering Rescuer"),
    ([THEATER, "Forest", "Swamp", "Splitskin Doll", "Grasping Longneck", "Friendly Teddy"], "Enduring Vitality"),
    ([THEATER, "Island", "Forest", "Piggy Bank", "Friendly Teddy", "Splitskin Doll"], "Grasping Longneck"),
])
def test_the_decision_reaches_exactly_the_legal_sets_of_creatures(board: list[str], hand: str) -> None:
    """Brute force: a set of creatures (no mana abilities here) may be tapped for convoke iff
    `pay` with it and some of the lands is accepted (every named source pays, CR 601.2h,
    702.51a); the decision reaches exactly those sets."""
    g = make(Alice={"hand": [hand], "battlefield": board})
    names = [g.st.objects[o].name for o in g.st.battlefield if g.is_type(o, "Creature")]
    lands = [g.st.objects[o].name for o in g.st.battlefield if g.is_type(o, "Land")]
    lands = [f"{n}#{lands[:i].count(n) + 1}" if lands.count(n) > 1 else n for i, n in enumerate(lands)]
    legal: set[frozenset[str]] = set()
    for k in range(len(names) + 1):
        for creatures in combinations(names, k):
            for n in range(len(lands) + 1):
                for some in combinations(lands, n):
                    if not creatures and not some:
                        continue
                    try:
                        g.clone().apply(f"cast {hand} pay " + ", ".join(some + creatures), ALICE)
                    except IllegalActionError:
                        continue
                    legal.add(frozenset(creatures))
    assert legal and _reachable(g, f"cast {hand}") == legal


def test_mana_spent_counts_mana_not_creatures_tapped_for_convoke() -> None:
    """CR 702.51a: a creature tapped for convoke is tapped "rather than pay that mana"; mana
    from a mana ability counts whether the permanent has it or an effect gave it."""
    got = payment.Payment({"B": 1}, [(5, "G"), (6, "1"), (7, "W")], {}, (), (6,))
    assert costs.mana_spent(got) == 3
    g = make(Alice={"hand": ["Grasping Longneck"], "battlefield": ["Enduring Vitality", "Cult Healer", "Forest"]})
    got = payment.plan(g, ALICE, parse_cost("{2}{G}"), set())
    assert costs.mana_spent(got) == 3 and got.convoke == ()  # (Vitality and the Healer: granted mana)


def test_a_colourless_creature_tapped_for_convoke_pays_for_generic_mana_only() -> None:
    """CR 702.51a: for generic mana any creature, for coloured mana one of that colour; {C} is
    neither (CR 107.4c), so Friendly Teddy can't pay for it."""
    teddy = [Source(1, "Friendly Teddy", (), convoke=True)]
    assert plan_payment(parse_cost("{1}"), {}, teddy) == ({}, [(1, "1")])
    assert plan_payment(parse_cost("{C}"), {}, teddy) is None
    assert plan_payment(parse_cost("{W}"), {}, teddy) is None


def test_a_creature_whose_mana_ability_misses_its_colour_may_pay_it_by_convoke() -> None:
    """A green creature with "{T}: Add {C}." (none in the pool: the Alternative is built by
    hand) pays for {G} only tapped for convoke: tried where the mana abilities can't pay."""
    sources = [Source(3, "Druid", ("C",))]
    alt = (3, "Druid", payment.CONVOKE, Activated(tap=True, mana=("G",), label="convoke"))
    assert plan_payment(parse_cost("{G}"), {}, sources) is None
    found = payment._with_alternatives(parse_cost("{G}"), {}, sources, [alt], None)
    assert found is not None and found[0] == ({}, [(3, "G")]) and found[1][0].convoke


def test_creatures_whose_mana_ability_pays_their_colour_need_no_alternative() -> None:
    g = make(Alice={"battlefield": ["Twitching Doll", "Enduring Vitality", "Overgrown Zealot", "Creeping Peeper"]})
    base = payment.mana_sources(g, ALICE)
    assert payment.convoke_alternatives(g, ALICE, base) == []
    g = make(Alice={"battlefield": ["Twitching Doll", "Creeping Peeper"]})
    # Creeping Peeper's {U} may be spent only on enchantment spells (CR 106.6): for another
    # spell it is no mana source, and is offered for convoke as a creature without one
    spell = frozenset({"spell", "creature"})
    convoke_ids = {s.obj for s in payment.mana_sources(g, ALICE, purposes=spell, convoke=True) if s.convoke}
    assert convoke_ids == {find_ref(g, "Creeping Peeper")}


def test_valgavoths_lair_keeps_what_is_known_of_its_controllers_mana() -> None:
    """The chosen colour is fixed once chosen (CR 614.12b): the mana memo of its controller
    stays valid across positions; choosing the colour is the one change that drops it."""
    g = make(Alice={"hand": ["Valgavoth's Lair"], "battlefield": ["Swamp"]},
             Bob={"library": ["Island"] * 5})
    lair = g.st.players[ALICE].hand[0]
    g.apply("play Valgavoth's Lair", ALICE)
    lair = next(o for o in g.st.battlefield if g.st.objects[o].name == "Valgavoth's Lair")
    g.update(lair, tapped=False)  # (as if an effect untapped it before the colour is chosen)
    assert [s.produces for s in payment.mana_sources(g, ALICE)] == [("B",)]
    assert not payment.player_mana(g, ALICE).get("conditional")
    g.apply("choose G", ALICE)
    assert sorted(s.produces for s in payment.mana_sources(g, ALICE)) == [("B",), ("G",)]
    kept = payment.mana_sources(g, ALICE)
    g.lose_life(BOB, 1)  # a change of position that touches none of Alice's permanents
    g.touch()
    assert payment.mana_sources(g, ALICE) is kept
    assert not payment.player_mana(g, ALICE).get("conditional")
