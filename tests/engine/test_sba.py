"""engine/rules/sba.py: state-based actions (CR 704), destroy (701.8), indestructible
(702.12), "dies" and the replacement that exiles instead (614.1a), ending the game (104)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game, Outcome, Termination
from engine.messages import event_lines
from engine.rules import sba
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    return Game(GameConfig(mode=mode, setup=setup))


def obj(g: Game, alias: str) -> Any:
    return g.st.objects[find_ref(g, "@" + alias)]


def pass_until_stack_empty(g: Game) -> None:
    while g.st.stack:
        assert g.pending is not None and g.pending.kind == "priority"
        g.apply("pass", g.pending.player)


# ---------------------------------------------------------------- players losing (704.5a-c)
@pytest.mark.parametrize("life", [0, -3])
def test_zero_or_less_life_loses(life: int) -> None:
    g = make(Bob={"life": life})
    assert g.outcome == Outcome(ALICE, Termination.LIFE)
    assert any(e["key"] == "lose" and e["reason"] == "life" for e in g.events)
    assert g.pending is None


def test_one_life_is_fine() -> None:
    assert make(Bob={"life": 1}).outcome is None


@pytest.mark.parametrize("poison, over", [(9, False), (10, True), (12, True)])
def test_poison(poison: int, over: bool) -> None:
    g = make(Bob={"poison": poison})
    assert (g.outcome is not None) == over
    assert not over or g.outcome == Outcome(ALICE, Termination.POISON)


def test_both_players_lose_at_once_is_a_draw() -> None:
    """CR 104.4a: all players lose simultaneously — the game is a draw."""
    g = make(Alice={"life": 0}, Bob={"life": -1})
    assert g.outcome == Outcome(None, Termination.DRAW)


def test_a_table_move_to_zero_life_is_checked_at_once() -> None:
    """Hybrid mode: SBAs are checked after every action, table moves included (CR 704.3)."""
    g = make("hybrid")
    g.apply("life Bob -20", ALICE)
    assert g.outcome == Outcome(ALICE, Termination.LIFE)



def test_the_log_tells_a_death_of_the_same_check_before_the_games_end() -> None:
    """CR 704.3: one check performs all its actions at once: a creature with lethal damage and a
    player at 0 life go together, so the log shows the creature put into the graveyard, then the
    loss and the game's end (not the end first and the death after it)."""
    g = Game(GameConfig(players=["You", "Bob"], mode="rules",
                        setup={"You": {"battlefield": ["Slavering Branchsnapper | damage=9"]}, "Bob": {"life": 0}}))
    assert g.outcome == Outcome(0, Termination.LIFE)
    assert event_lines(g.events, "You") == ["Slavering Branchsnapper is put into your graveyard.",
                                            "Bob loses the game: their life total is 0 or less.",
                                            "The game is over: you win."]

def test_drawing_from_an_empty_library_loses_at_the_next_check_not_at_once() -> None:
    """CR 121.4: the loss happens as a state-based action; the draw itself just fails."""
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"], "library": ["Plains"]},
             Bob={"battlefield": ["Friendly Teddy"]})
    g.apply("cast Murder -> Friendly Teddy", ALICE)
    g.apply("pass", ALICE)
    g.apply("pass", BOB)  # Murder resolves; the Teddy's trigger goes on the stack
    assert g.outcome is None
    g.apply("pass", ALICE)
    g.apply("pass", BOB)  # each player draws: Bob's library is empty
    assert g.outcome == Outcome(ALICE, Termination.EMPTY_LIBRARY)
    assert [e["reason"] for e in g.events if e["key"] == "lose"] == ["empty_library"]


def test_both_draw_from_empty_libraries_is_a_draw() -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
             Bob={"battlefield": ["Friendly Teddy"]})
    g.apply("cast Murder -> Friendly Teddy", ALICE)
    for _ in range(4):
        if g.pending is None:
            break
        g.apply("pass", g.pending.player)
    assert g.outcome == Outcome(None, Termination.DRAW)


def test_conceding_ends_the_game() -> None:
    g = make()
    g.apply("concede", ALICE)
    assert g.outcome == Outcome(BOB, Termination.CONCEDE)
    assert g.st.players[ALICE].conceded


# ---------------------------------------------------------------- creatures (704.5f-h)
def test_lethal_damage_destroys() -> None:
    g = make(Alice={"battlefield": ["Anthropede @a | damage=4", "Anthropede @b | damage=3"]})
    assert obj(g, "a").zone == "graveyard"
    assert obj(g, "b").zone == "battlefield"


def test_indestructible_survives_lethal_damage_but_not_zero_toughness() -> None:
    g = make(Alice={"battlefield": ["Giggling Skitterspike @s | damage=5",
                                    "Giggling Skitterspike @z | counter:-1/-1=1"]})
    assert obj(g, "s").zone == "battlefield"
    assert obj(g, "z").zone == "graveyard"  # CR 704.5f isn't destruction


def test_toughness_zero_even_without_damage() -> None:
    g = make(Alice={"battlefield": ["Friendly Teddy @t | counter:-1/-1=2"]}, Bob={"library": ["Island"]})
    assert obj(g, "t").zone == "graveyard"
    assert g.st.stack  # it died: its trigger waits on the stack


def test_deathtouch_damage_destroys_whatever_the_toughness() -> None:
    """CR 704.5h: 1 damage from a deathtouch source."""
    g = make(Alice={"hand": ["Horrid Vigor"], "battlefield": ["Forest", "Forest", "Cackling Slasher @c"]},
             Bob={"battlefield": ["Daggermaw Megalodon @d"]})
    d = obj(g, "d")
    d.damage, d.deathtouch_damage = 1, True
    g.touch()
    assert sba.check(g)
    assert obj(g, "d").zone == "graveyard"


def test_damage_of_zero_toughness_creature_is_not_counted_twice() -> None:
    g = make(Alice={"battlefield": ["Friendly Teddy @t | counter:-1/-1=2 | damage=1"]}, Bob={"library": ["Island"]})
    assert obj(g, "t").zone == "graveyard"
    assert len(g.st.players[ALICE].graveyard) == 1


def test_check_reports_whether_it_did_something() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank"]})
    assert sba.check(g) is False


# ---------------------------------------------------------------- counters, legend rule
def test_plus_and_minus_counters_annihilate() -> None:
    g = make(Alice={"battlefield": ["Friendly Teddy @t | counter:+1/+1=2 | counter:-1/-1=3"]})
    assert obj(g, "t").counters == {"-1/-1": 1}
    assert (g.chars(obj(g, "t").id).power, g.chars(obj(g, "t").id).toughness) == (1, 1)


def test_other_counters_are_untouched() -> None:
    g = make(Alice={"battlefield": ["Friendly Teddy @t | counter:+1/+1=1 | counter:time=2"]})
    assert obj(g, "t").counters == {"+1/+1": 1, "time": 2}


def test_legend_rule_asks_the_controller() -> None:
    g = make(Alice={"battlefield": ["The Jolly Balloon Man @a", "The Jolly Balloon Man @b"]})
    d = g.pending
    assert d is not None and d.player == ALICE and d.kind != "priority"
    assert len(g.legal_actions(ALICE)) == 2


def test_legend_rule_keeps_the_chosen_one() -> None:
    g = make(Alice={"battlefield": ["The Jolly Balloon Man @a", "The Jolly Balloon Man @b | counter:+1/+1=1"]})
    g.apply("choose @b", ALICE)
    assert obj(g, "b").zone == "battlefield"
    assert obj(g, "a").zone == "graveyard"
    assert g.pending is not None and g.pending.kind == "priority"


def test_no_legend_rule_for_nonlegendary_copies() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @a", "Piggy Bank @b"]})
    assert obj(g, "a").zone == obj(g, "b").zone == "battlefield"
    assert g.pending is not None and g.pending.kind == "priority"


# ---------------------------------------------------------------- tokens (704.5d)
def test_sacrificed_treasure_ceases_to_exist() -> None:
    g = make("hybrid", Alice={"battlefield": []})
    g.apply("token Treasure", ALICE)
    g.apply("activate Treasure mana=G", ALICE)
    assert g.st.players[ALICE].graveyard == []
    assert not any(o.name == "Treasure" for o in g.st.objects.values())
    assert g.st.players[ALICE].mana == {"G": 1}


# ---------------------------------------------------------------- destroy and replacement
def test_destroy_returns_the_new_object() -> None:
    g = make(Alice={"battlefield": ["Anthropede @a"]})
    old = obj(g, "a").id
    new = sba.destroy(g, old)
    assert new is not None and new != old
    assert g.st.objects[new].zone == "graveyard"
    assert old not in g.st.objects


def test_destroy_indestructible_does_nothing() -> None:
    g = make(Alice={"battlefield": ["Giggling Skitterspike @s"]})
    old = obj(g, "s").id
    assert sba.destroy(g, old) == old
    assert g.st.objects[old].zone == "battlefield"


def test_dragonfire_exile_applies_to_state_based_deaths() -> None:
    """Scorching Dragonfire on a 3/4: later 1 more damage kills it — it is exiled instead."""
    g = make(Alice={"hand": ["Scorching Dragonfire", "Winter's Intervention"],
                    "battlefield": ["Mountain", "Mountain", "Swamp", "Swamp"]},
             Bob={"battlefield": ["Anthropede @a"]})
    g.apply("cast Scorching Dragonfire -> @a", ALICE)
    pass_until_stack_empty(g)
    assert obj(g, "a").damage == 3
    g.apply("cast Winter's Intervention -> @a", ALICE)
    pass_until_stack_empty(g)
    assert obj(g, "a").zone == "exile"
    assert g.st.players[BOB].graveyard == []
