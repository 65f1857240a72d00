"""engine/rules/turn.py: the steps of a turn (CR 500-514) and their turn-based actions."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game
from engine.rules.turn import STEPS
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 4)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 4)
    return Game(GameConfig(mode=mode, setup=setup))


def step_once(g: Game) -> None:
    """Everybody passes / declares nothing until the step changes."""
    start = (g.st.turn, g.st.step)
    while (g.st.turn, g.st.step) == start:
        d = g.pending
        assert d is not None
        g.apply({"priority": "pass", "attackers": "attack none", "blockers": "block none"}[d.kind], d.player)


def steps_seen(g: Game, since: int = 0) -> list[str]:
    return [e["step"] for e in g.events[since:] if e["key"] == "step"]


def test_a_whole_turn_in_order() -> None:
    """CR 500.1: untap, upkeep, draw, main, combat (no attackers: 508.8), main, end, cleanup."""
    g = make(step="upkeep", turn=2)
    n = len(g.events)
    while g.st.turn == 2:
        step_once(g)
    assert steps_seen(g, n) == ["draw", "main1", "beginning_of_combat", "declare_attackers", "end_of_combat",
                                "main2", "end", "cleanup", "untap", "upkeep"]
    assert g.st.active == BOB and g.st.turn == 3


def test_with_attackers_all_combat_steps_happen() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank"]})
    n = len(g.events)
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    g.apply("attack Piggy Bank -> Bob", ALICE)
    while g.st.step != "main2":
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    assert steps_seen(g, n) == ["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
                                "end_of_combat", "main2"]


def test_nobody_gets_priority_in_untap_and_cleanup() -> None:
    """CR 502.4, 514.3."""
    g = make(step="end")
    seen: set[str] = set()
    while g.st.turn == 1 or g.st.step in ("untap",):
        d = g.pending
        assert d is not None
        seen.add(g.st.step)
        g.apply("pass", d.player)
    assert "cleanup" not in seen and "untap" not in seen
    assert g.st.step == "upkeep" and g.st.active == BOB


def test_untap_step_untaps_only_the_active_players_permanents() -> None:
    g = make(step="end", Alice={"battlefield": ["Forest @af | tapped"]},
             Bob={"battlefield": ["Forest @bf | tapped", "Piggy Bank @pig | tapped | sick"]})
    step_once(g)
    while g.st.step != "upkeep":
        step_once(g)
    assert not g.st.objects[find_ref(g, "@bf")].tapped
    assert not g.st.objects[find_ref(g, "@pig")].sick  # under Bob's control since his turn began
    assert g.st.objects[find_ref(g, "@af")].tapped


def test_phased_out_permanents_phase_in_for_their_controller() -> None:
    g = make(step="end", Alice={"battlefield": ["Piggy Bank @a | phased_out"]},
             Bob={"battlefield": ["Piggy Bank @b | phased_out"]})
    while g.st.step != "upkeep":
        step_once(g)
    assert not g.st.objects[find_ref(g, "@b")].phased_out
    assert g.st.objects[find_ref(g, "@a")].phased_out


def test_first_player_skips_the_first_draw_only() -> None:
    """CR 103.8a."""
    g = make(step="upkeep", turn=1)
    while g.st.step != "main1":
        step_once(g)
    assert len(g.st.players[ALICE].hand) == 0
    while not (g.st.turn == 3 and g.st.step == "main1"):
        step_once(g)
    assert len(g.st.players[BOB].hand) == 1
    assert len(g.st.players[ALICE].hand) == 1


def test_lands_played_resets_each_turn() -> None:
    g = make(Alice={"hand": ["Forest", "Forest"], "lands_played": 0})
    g.apply("play Forest", ALICE)
    assert g.st.players[ALICE].lands_played == 1
    step_once(g)
    while g.st.turn == 1:
        step_once(g)
    assert g.st.players[ALICE].lands_played == 0


def test_mana_empties_between_steps() -> None:
    """CR 500.4."""
    g = make(Alice={"battlefield": ["Forest"]})
    g.apply("activate Forest", ALICE)
    assert g.st.players[ALICE].mana == {"G": 1}
    step_once(g)
    assert g.st.players[ALICE].mana == {}


def test_mana_stays_while_the_step_goes_on() -> None:
    g = make(Alice={"battlefield": ["Forest", "Swamp", "Swamp", "Swamp"], "hand": ["Murder"]},
             Bob={"battlefield": ["Piggy Bank"]})
    g.apply("cast Murder -> Piggy Bank pay Swamp#1, Swamp#2, Swamp#3", ALICE)
    g.apply("activate Forest", ALICE)
    g.apply("pass", ALICE)
    g.apply("pass", BOB)
    assert g.st.step == "main1" and g.st.players[ALICE].mana == {"G": 1}


def test_cleanup_discard_is_a_decision_for_the_active_player() -> None:
    g = make(step="end", Alice={"hand": ["Plains"] * 9}, Bob={"hand": ["Island"] * 9})
    step_once(g)
    d = g.pending
    assert d is not None and (d.player, d.kind) == (ALICE, "discard")
    assert g.st.pending["count"] == 2  # type: ignore[index]
    g.apply("choose Plains, Plains", ALICE)
    assert len(g.st.players[ALICE].hand) == 7 and len(g.st.players[ALICE].graveyard) == 2
    assert len(g.st.players[BOB].hand) == 9
    assert any(e["key"] == "discard" for e in g.events)


def test_seven_cards_need_no_discard() -> None:
    g = make(step="end", Alice={"hand": ["Plains"] * 7})
    step_once(g)
    assert g.st.active == BOB


def test_cleanup_removes_damage_and_end_of_turn_effects() -> None:
    g = make(Alice={"hand": ["Give In to Violence"], "battlefield": ["Swamp", "Swamp", "Anthropede @a | damage=2"]})
    g.apply("cast Give In to Violence -> @a", ALICE)
    g.apply("pass", ALICE)
    g.apply("pass", BOB)
    assert g.st.effects
    while g.st.turn == 1:
        step_once(g)
    a = g.st.objects[find_ref(g, "@a")]
    assert a.damage == 0 and g.st.effects == []


def test_steps_constant() -> None:
    assert STEPS[0] == "untap" and STEPS[-1] == "cleanup" and len(STEPS) == 12
