"""engine/rules/targets.py: legal targets (CR 115), hexproof (702.11), phased-out permanents
(702.26b), targeting restrictions, and target legality on resolution (608.2b)."""
from __future__ import annotations

from typing import Any

from engine.cards.behaviour import card_def
from engine.cards.model import TargetSpec
from engine.config import GameConfig
from engine.format import ref_text
from engine.game import Game
from engine.rules.announce import option_texts
from engine.rules import targets as tg
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1
CREATURE = TargetSpec("creature", "target creature")


def make(mode: str = "rules", **setup: Any) -> Game:
    return Game(GameConfig(mode=mode, setup=setup))


def board() -> Game:
    return make(Alice={"battlefield": ["Piggy Bank @mine", "Forest @land", "Bear Trap @trap",
                                       "Friendly Teddy @myhex | counter:hexproof=1"]},
                Bob={"battlefield": ["Anthropede @bug", "Ragged Playmate @hex | counter:hexproof=1",
                                     "Friendly Teddy @out | phased_out", "Piggy Bank @down | face_down"]})


def ok(g: Game, spec: TargetSpec, alias: str, controller: int = ALICE) -> bool:
    return tg.allowed(g, spec, ("o", find_ref(g, "@" + alias)), controller)


def test_creature_targets() -> None:
    g = board()
    assert ok(g, CREATURE, "mine") and ok(g, CREATURE, "bug") and ok(g, CREATURE, "down")
    assert not ok(g, CREATURE, "land") and not ok(g, CREATURE, "trap")
    assert not tg.allowed(g, CREATURE, ("p", BOB), ALICE)


def test_hexproof_stops_only_opponents() -> None:
    g = board()
    assert not ok(g, CREATURE, "hex", ALICE)
    assert ok(g, CREATURE, "hex", BOB)
    assert ok(g, CREATURE, "myhex", ALICE)


def test_phased_out_permanents_cant_be_targeted() -> None:
    g = board()
    assert not ok(g, CREATURE, "out", ALICE)
    assert not ok(g, CREATURE, "out", BOB)


def test_other_target_kinds() -> None:
    g = board()
    assert ok(g, TargetSpec("artifact", "target artifact"), "trap")
    assert ok(g, TargetSpec("artifact", "target artifact"), "mine")  # an artifact creature
    assert ok(g, TargetSpec("land", "target land"), "land")
    assert ok(g, TargetSpec("permanent", "target permanent"), "land")
    assert not ok(g, TargetSpec("creature_or_planeswalker", "target creature or planeswalker"), "trap")
    player = TargetSpec("player", "target player")
    assert tg.allowed(g, player, ("p", BOB), ALICE) and tg.allowed(g, player, ("p", ALICE), ALICE)
    opponent = TargetSpec("player", "target opponent", opponent_only=True)
    assert tg.allowed(g, opponent, ("p", BOB), ALICE) and not tg.allowed(g, opponent, ("p", ALICE), ALICE)


def test_extra_restriction() -> None:
    """Ragged Playmate: power 2 or less."""
    g = make(Alice={"battlefield": ["Ragged Playmate @r", "Piggy Bank @p", "Friendly Teddy @t | counter:+1/+1=1"]})
    spec = card_def("Ragged Playmate").nonmana_abilities()[0].targets[0]  # type: ignore[union-attr]
    assert ok(g, spec, "r") and not ok(g, spec, "p") and not ok(g, spec, "t")


def test_options_list_every_legal_target() -> None:
    g = board()
    names = sorted(g.st.objects[r[1]].name for r in tg.options(g, CREATURE, ALICE))
    assert names == ["Anthropede", "Friendly Teddy", "Piggy Bank", "Piggy Bank"]


def test_combos_never_repeat_an_object() -> None:
    g = board()
    for combo in tg.combos(g, [CREATURE, CREATURE], ALICE):
        assert len(set(combo)) == 2
    assert tg.combos(g, [], ALICE) == [()]


def test_a_target_that_changed_zones_is_illegal_on_resolution() -> None:
    g = make("hybrid", Alice={"hand": ["Murder"], "battlefield": ["Swamp"] * 3},
             Bob={"battlefield": ["Anthropede @bug"]})
    g.apply("cast Murder -> @bug", ALICE)
    item = g.st.objects[g.st.stack[-1]]
    assert tg.still_legal(g, item, 0) == {"obj": find_ref(g, "@bug")}
    g.apply("move @bug to hand", BOB)
    g.apply("move @bug to battlefield", BOB)
    assert tg.still_legal(g, item, 0) is None  # a new object (CR 400.7)


def test_a_target_that_gained_hexproof_is_illegal_on_resolution() -> None:
    g = make("hybrid", Alice={"hand": ["Murder"], "battlefield": ["Swamp"] * 3},
             Bob={"battlefield": ["Anthropede @bug"]})
    g.apply("cast Murder -> @bug", ALICE)
    item = g.st.objects[g.st.stack[-1]]
    g.apply("counter @bug hexproof +1", BOB)
    assert tg.still_legal(g, item, 0) is None
    while g.st.stack:
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    assert g.st.objects[find_ref(g, "@bug")].zone == "battlefield"


def test_offered_targets_are_named_as_ref_text_names_them() -> None:
    """announce.option_texts names a targets decision's options from the position's target map
    read once: the same texts as ref_text gives each — permanents sharing a name (Forest#1),
    cards in graveyards (one sharing a permanent's name), players, "nothing", an object that
    is not there."""
    setup = {"Alice": {"battlefield": ["Forest", "Forest", "Friendly Teddy"], "graveyard": ["Forest", "Murder"],
                       "hand": ["Murder"], "library": ["Island"] * 3},
             "Bob": {"battlefield": ["Friendly Teddy"], "graveyard": ["Friendly Teddy"], "library": ["Island"] * 3}}
    g = Game(GameConfig(players=["Alice", "Bob"], mode="hybrid", setup=setup))
    objects = [("o", o) for o in sorted(g.st.objects)]
    refs = objects + [("p", 0), ("p", 1), ("n", 0), ("o", 10_000)]
    assert option_texts(g, refs) == [ref_text(g, r) for r in refs]
    assert "Forest#2" in option_texts(g, refs)
