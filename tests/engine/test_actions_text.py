"""Canonical action text (docs/actions.md, SCENARIOS.md): Game.parse_action and str(action).

Every action form is read, written back, and read again to the same Action. Where the
text names an object ambiguously the engine writes NAME#K; aliases become names.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action, ActionError, AmbiguousActionError, IllegalActionError
from engine.config import GameConfig
from engine.format import text_of
from engine.game import Game

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    return Game(GameConfig(mode=mode, setup=setup))


def round_trip(g: Game, player: int, text: str, canonical: str | None = None) -> Action:
    a = g.parse_action(player, text)
    want = text if canonical is None else canonical
    assert str(a) == want
    again = g.parse_action(player, str(a))
    assert again == a
    assert str(again) == want
    return a


@pytest.fixture(scope="module")
def main_phase() -> Game:
    """Alice in her main phase with cards for every priority action."""
    return make(
        Alice={"hand": ["Murder", "Forest", "Slavering Branchsnapper", "Bear Trap"],
               "battlefield": ["Swamp", "Swamp", "Swamp", "Bear Trap", "Abandoned Campground",
                               "Piggy Bank @mine", "Friendly Teddy", "Piggy Bank @down | face_down"],
               "library": ["Forest", "Island"]},
        Bob={"battlefield": ["Piggy Bank @p1", "Piggy Bank @p2 | tapped", "Lionheart Glimmer"]})


# ---------------------------------------------------------------- simple verbs
@pytest.mark.parametrize("text", ["pass", "concede", "keep", "mulligan"])
def test_bare_verbs(main_phase: Game, text: str) -> None:
    a = round_trip(main_phase, ALICE, text)
    assert a.verb == text


def test_text_is_normalised(main_phase: Game) -> None:
    assert str(main_phase.parse_action(ALICE, "  PASS  ")) == "pass"
    assert str(main_phase.parse_action(ALICE, "cast   murder ->   lionheart glimmer")) == \
        "cast Murder -> Lionheart Glimmer"


def test_play(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "play Forest")
    assert a.verb == "play" and main_phase.st.objects[a.obj].zone == "hand"  # type: ignore[index]


# ---------------------------------------------------------------- cast
def test_cast_with_target(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "cast Murder -> Lionheart Glimmer")
    assert a.targets and a.targets[0][0] == "o"


def test_cast_target_alias_is_written_as_name_k(main_phase: Game) -> None:
    """Two Piggy Banks of Bob's and one of Alice's: the target gets its number by timestamp."""
    a = main_phase.parse_action(ALICE, "cast Murder -> @p2")
    text = str(a)
    assert text.startswith("cast Murder -> Piggy Bank#")
    assert main_phase.parse_action(ALICE, text) == a


def test_cast_player_target(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "cast Murder -> Bob")
    assert a.targets == (("p", BOB),)


def test_cast_with_every_option(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "cast Murder with flashback x=2 mode=1,3 -> Lionheart Glimmer")
    assert (a.alt, a.x, a.modes) == ("flashback", 2, (1, 3))


def test_cast_face(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "cast Murder: Other Face")
    assert a.face == "Other Face"


def test_cast_with_explicit_payment(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "cast Murder -> Lionheart Glimmer pay Swamp#1, Swamp#2, Swamp#3")
    assert len(a.pay) == 3 and len(set(a.pay)) == 3


def test_cast_payment_accepts_a_plain_name_for_interchangeable_lands(main_phase: Game) -> None:
    a = main_phase.parse_action(ALICE, "cast Murder -> Lionheart Glimmer pay Swamp")
    assert len(a.pay) == 1
    assert str(a) == "cast Murder -> Lionheart Glimmer pay Swamp#1"


# ---------------------------------------------------------------- activate
def test_activate_mana_ability_of_a_basic(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "activate Swamp", "activate Swamp#1")
    assert a.ability == 0


def test_activate_mana_with_colour(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "activate Abandoned Campground mana=U")
    assert (a.ability, a.choice) == (0, ("U",))


def test_activate_ability_with_target(main_phase: Game) -> None:
    """The Bear Trap on the battlefield, not the one in hand (which has no ability to use)."""
    a = round_trip(main_phase, ALICE, "activate Bear Trap -> Lionheart Glimmer")
    assert a.ability == 1
    assert main_phase.st.objects[a.obj].zone == "battlefield"  # type: ignore[index]


def test_activate_ability_number(main_phase: Game) -> None:
    assert str(main_phase.parse_action(ALICE, "activate Bear Trap ability 1 -> Lionheart Glimmer")) == \
        "activate Bear Trap -> Lionheart Glimmer"
    round_trip(main_phase, ALICE, "activate Bear Trap ability 2")


def test_activate_from_hand(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "activate Slavering Branchsnapper")
    assert main_phase.st.objects[a.obj].zone == "hand"  # type: ignore[index]


def test_activate_with_x_and_payment(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "activate Bear Trap x=1 -> Lionheart Glimmer pay Swamp#1, Swamp#2, Swamp#3")
    assert a.x == 1 and len(a.pay) == 3


def test_activate_by_alias(main_phase: Game) -> None:
    a = main_phase.parse_action(ALICE, "activate @mine")
    assert main_phase.st.objects[a.obj].name == "Piggy Bank"  # type: ignore[index]


def test_turn_face_up(main_phase: Game) -> None:
    a = main_phase.parse_action(ALICE, "turn face up @down")
    text = str(a)
    # a face-down permanent is named without its card's name (CR 708.2a; action texts are
    # public), its controller may still write the name (CR 708.5)
    assert text.startswith("turn face up face-down permanent")
    assert main_phase.parse_action(ALICE, text) == a


def test_unlock(main_phase: Game) -> None:
    a = round_trip(main_phase, ALICE, "unlock Bear Trap: Locker Room")
    assert a.face == "Locker Room"


# ---------------------------------------------------------------- combat
@pytest.fixture(scope="module")
def blockers() -> Game:
    g = make(Alice={"battlefield": ["Piggy Bank", "Friendly Teddy", "Ragged Playmate"]},
             Bob={"battlefield": ["Anthropede", "Daggermaw Megalodon"]})
    while g.st.step != "declare_attackers" or g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    round_trip(g, ALICE, "attack none")
    g.apply("attack Piggy Bank, Friendly Teddy -> Bob", ALICE)
    while g.pending.kind == "priority":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    assert g.pending is not None and g.pending.kind == "blockers"
    return g


def test_attack_text() -> None:
    g = make(step="main1", Alice={"battlefield": ["Piggy Bank", "Friendly Teddy"]})
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    a = round_trip(g, ALICE, "attack Piggy Bank, Friendly Teddy -> Bob")
    assert len(a.pairs) == 2 and all(d == ("p", BOB) for _, d in a.pairs)
    assert round_trip(g, ALICE, "attack none").pairs == ()


def test_attack_text_with_a_planeswalker() -> None:
    """CR 506.3: a planeswalker among the defenders; its name holds a comma, so the groups are
    separated by "; " then (docs/actions.md); the old forms read and print as before."""
    kaito = "Kaito, Bane of Nightmares"
    g = make(step="main1", Alice={"battlefield": ["Piggy Bank", "Friendly Teddy"]},
             Bob={"battlefield": [f"{kaito} | counter:loyalty=4"]})
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    a = round_trip(g, ALICE, f"attack Piggy Bank -> Bob; Friendly Teddy -> {kaito}")
    assert a.pairs[1][1][0] == "o"
    round_trip(g, ALICE, f"attack Piggy Bank, Friendly Teddy -> {kaito}")
    round_trip(g, ALICE, "attack Piggy Bank, Friendly Teddy -> Bob")
    round_trip(g, ALICE, f"attacker Piggy Bank -> {kaito}")
    assert f"attacker Friendly Teddy -> {kaito}" in [str(x) for x in g.legal_actions(ALICE)]


def test_block_text(blockers: Game) -> None:
    a = round_trip(blockers, BOB, "block Anthropede -> Piggy Bank, Daggermaw Megalodon -> Friendly Teddy")
    assert len(a.pairs) == 2
    round_trip(blockers, BOB, "block Anthropede -> Piggy Bank, Daggermaw Megalodon -> Piggy Bank")
    assert round_trip(blockers, BOB, "block none").pairs == ()


def test_history_keeps_canonical_text(blockers: Game) -> None:
    g = blockers.clone()
    g.apply("block anthropede -> piggy bank", BOB)
    assert g.history[-1].text == "block Anthropede -> Piggy Bank"
    assert "attack Piggy Bank, Friendly Teddy -> Bob" in [a.text for a in g.history]


# ---------------------------------------------------------------- choose
@pytest.mark.parametrize("text", ["choose yes", "choose no", "choose Forest", "choose Murder, Pyroclasm", "choose 3"])
def test_choose(main_phase: Game, text: str) -> None:
    round_trip(main_phase, ALICE, text)


# ---------------------------------------------------------------- table actions
@pytest.fixture(scope="module")
def table() -> Game:
    return make("hybrid",
                Alice={"hand": ["Murder"], "library": ["Island", "Swamp"],
                       "battlefield": ["Bear Trap", "Piggy Bank", "Forest"], "graveyard": ["Pyroclasm"]},
                Bob={"battlefield": ["Friendly Teddy"]})


@pytest.mark.parametrize("text", [
    "move Murder to graveyard",
    "move Murder to library top",
    "move Murder to library bottom",
    "move Murder to library 2",
    "move Pyroclasm to hand",
    "move Piggy Bank to exile",
    "move Friendly Teddy to command",
    "move Island to battlefield",
    "tap Forest", "untap Forest", "untap all",
    "face down Piggy Bank", "face up Piggy Bank",
    "phase out Piggy Bank", "phase in Piggy Bank",
    "counter Piggy Bank +1/+1 +2", "counter Piggy Bank -1/-1 -1", "counter Friendly Teddy time +3",
    "token Spirit 1/1", "token Treasure",
    "life Bob -3", "life Alice +5", "poison Bob +1",
    "draw", "draw 2", "mill", "mill 3", "shuffle",
    "reveal Murder",
    "roll d20", "roll d6", "flip coin",
    "attach Bear Trap -> Piggy Bank", "detach Bear Trap",
    "note Piggy Bank: remember me",
    "next step", "next turn",
])
def test_table_actions(table: Game, text: str) -> None:
    a = round_trip(table, ALICE, text)
    assert a.manual


def test_move_to_library_defaults_to_top(table: Game) -> None:
    assert str(table.parse_action(ALICE, "move Murder to library")) == "move Murder to library top"


def test_table_action_text_is_logged(table: Game) -> None:
    g = table.clone()
    g.apply("counter piggy bank +1/+1 +2", ALICE)
    assert g.history[-1].text == "counter Piggy Bank +1/+1 +2"


# ---------------------------------------------------------------- refusals
@pytest.mark.parametrize("text", [
    "",
    "fly away",
    "cast",
    "cast Lightning Bolt",                 # not in hand
    "play Murder#3",
    "cast Murder -> Nobody Here",
    "attack Piggy Bank",                   # no defender
    "move Murder to stack",
    "move Murder to nowhere",
    "counter Piggy Bank +1/+1 two",
    "life Carol +3",
    "roll d1",
    "roll twenty",
    "draw 0",
    "draw 101",
    "x" * 3000,
])
def test_unreadable_text_is_refused(table: Game, text: str) -> None:
    with pytest.raises(ActionError) as err:
        table.parse_action(ALICE, text)
    assert str(err.value)


def test_ambiguous_name_is_refused() -> None:
    """Two Piggy Banks that are not interchangeable (one tapped): a plain name is ambiguous."""
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
             Bob={"battlefield": ["Piggy Bank", "Piggy Bank | tapped"]})
    with pytest.raises(AmbiguousActionError) as exc:
        g.parse_action(ALICE, "cast Murder -> Piggy Bank")
    assert exc.value.key == "ref.ambiguous" and exc.value.params == {"card": "Piggy Bank"}
    assert str(g.parse_action(ALICE, "cast Murder -> Piggy Bank#2")) == "cast Murder -> Piggy Bank#2"


def test_unknown_player_index_is_refused(table: Game) -> None:
    with pytest.raises(IllegalActionError):
        table.parse_action(5, "pass")


def test_parsing_changes_nothing(table: Game) -> None:
    before = table.dump()
    for text in ("move Murder to graveyard", "life Bob -3", "draw 2", "next turn"):
        table.parse_action(ALICE, text)
    assert table.dump() == before


def test_the_text_of_an_action_naming_a_vanished_object_is_refused() -> None:
    """An action whose card, target, attacker or paying source is no longer there (it moved: a
    new object, CR 400.7) has no canonical text: format.text_of refuses it with the sentence
    "There is no such object ...", for every verb (activate and the table moves raised KeyError;
    play and cast wrote "?ID", which no parser reads)."""
    g = Game(GameConfig(mode="tabletop", setup={"Alice": {"hand": ["Murder"], "battlefield": ["Swamp"],
                                                          "library": ["Island"] * 3},
                                                "Bob": {"library": ["Island"] * 3}}))
    murder, swamp = g.st.players[0].hand[0], g.battlefield(0)[0]
    gone = max(g.st.objects) + 1
    for a in (Action(0, "play", obj=gone), Action(0, "cast", obj=gone), Action(0, "activate", obj=gone),
              Action(0, "cast", obj=murder, targets=(("o", gone),)), Action(0, "cast", obj=murder, pay=(gone,)),
              Action(0, "move", obj=gone, args=("hand",)), Action(0, "tap", obj=gone),
              Action(0, "attack", pairs=((gone, ("p", 1)),)), Action(0, "block", pairs=((swamp, ("o", gone)),)),
              Action(0, "turn face up", obj=gone), Action(0, "target", targets=(("o", gone),))):
        with pytest.raises(IllegalActionError) as e:
            text_of(g, a)
        assert e.value.key == "ref.unknown_object", a
    assert text_of(g, Action(0, "tap", obj=swamp)) == "tap Swamp"
