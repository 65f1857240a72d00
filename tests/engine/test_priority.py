"""engine/rules/priority.py: priority (CR 117), the stack (405), resolving (608), countering
(701.5) and the list of legal actions for a decision."""
from __future__ import annotations

from typing import Any

import pytest

from engine.actions import IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.rules import priority
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode=mode, setup=setup))


def duel() -> Game:
    return make(Alice={"hand": ["Give In to Violence", "Murder"],
                       "battlefield": ["Swamp"] * 5 + ["Ragged Playmate @mate"]},
                Bob={"hand": ["Winter's Intervention", "Horrid Vigor"],
                     "battlefield": ["Swamp", "Swamp", "Forest", "Forest", "Piggy Bank @pig"]})


def stack_names(g: Game) -> list[str]:
    return [g.st.objects[o].name for o in reversed(g.st.stack)]  # top first


def test_active_player_has_priority_first() -> None:
    g = duel()
    assert g.pending is not None and (g.pending.player, g.pending.kind) == (ALICE, "priority")
    assert g.legal_actions(BOB) == []


def test_caster_keeps_priority() -> None:
    """CR 117.3c."""
    g = duel()
    g.apply("cast Give In to Violence -> @mate", ALICE)
    assert g.pending.player == ALICE  # type: ignore[union-attr]


def test_passing_gives_the_other_player_priority() -> None:
    """CR 117.3d."""
    g = duel()
    g.apply("cast Give In to Violence -> @mate", ALICE)
    g.apply("pass", ALICE)
    assert g.pending.player == BOB  # type: ignore[union-attr]
    assert stack_names(g) == ["Give In to Violence"]


def test_last_in_first_out() -> None:
    """CR 405.5, 608.1: both pass — the top object resolves; the active player gets priority (117.3b)."""
    g = duel()
    g.apply("cast Give In to Violence -> @mate", ALICE)
    g.apply("pass", ALICE)
    g.apply("cast Winter's Intervention -> @mate", BOB)
    assert stack_names(g) == ["Winter's Intervention", "Give In to Violence"]
    assert g.pending.player == BOB  # type: ignore[union-attr]
    g.apply("pass", BOB)
    g.apply("pass", ALICE)
    assert stack_names(g) == ["Give In to Violence"]
    assert g.pending.player == ALICE  # type: ignore[union-attr]
    assert g.st.objects[find_ref(g, "@mate")].zone == "graveyard"


def test_a_response_resets_the_passes() -> None:
    """A pass followed by a new spell: both must pass again before anything resolves."""
    g = duel()
    g.apply("cast Give In to Violence -> @mate", ALICE)
    g.apply("pass", ALICE)
    g.apply("cast Horrid Vigor -> @pig", BOB)
    g.apply("pass", BOB)
    assert len(g.st.stack) == 2 and g.pending.player == ALICE  # type: ignore[union-attr]
    g.apply("pass", ALICE)
    assert stack_names(g) == ["Give In to Violence"]


def test_all_targets_illegal_spell_is_countered_on_resolution() -> None:
    """CR 608.2b: no effect at all, the card goes to the graveyard, no 'resolve' event."""
    g = duel()
    g.apply("pass", ALICE)
    g.apply("cast Winter's Intervention -> @mate", BOB)
    g.apply("pass", BOB)
    g.apply("cast Murder -> @mate", ALICE)  # Alice kills her own Playmate in response
    while g.st.stack:
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    assert g.st.players[BOB].life == 20
    assert [g.st.objects[o].name for o in g.st.players[BOB].graveyard] == ["Winter's Intervention"]
    assert any(e["key"] == "fizzle" and e["card"] == "Winter's Intervention" for e in g.events)
    assert not any(e["key"] == "resolve" and e["card"] == "Winter's Intervention" for e in g.events)


def test_counter_removes_a_spell_from_the_stack() -> None:
    g = duel()
    g.apply("cast Give In to Violence -> @mate", ALICE)
    spell = g.st.stack[-1]
    priority.counter(g, spell)
    assert g.st.stack == []
    assert [g.st.objects[o].name for o in g.st.players[ALICE].graveyard] == ["Give In to Violence"]


def test_permanent_spell_resolves_onto_the_battlefield_under_its_controller() -> None:
    g = make(Alice={"hand": ["Friendly Teddy"], "battlefield": ["Plains", "Plains"]})
    g.apply("cast Friendly Teddy", ALICE)
    assert stack_names(g) == ["Friendly Teddy"]
    g.apply("pass", ALICE)
    g.apply("pass", BOB)
    teddy = next(o for o in g.st.battlefield if g.st.objects[o].name == "Friendly Teddy")
    assert g.st.objects[teddy].controller == ALICE and g.st.objects[teddy].sick


def test_empty_stack_and_all_pass_ends_the_step() -> None:
    g = duel()
    g.apply("pass", ALICE)
    assert g.st.step == "main1"
    g.apply("pass", BOB)
    assert g.st.step == "beginning_of_combat"


def test_legal_actions_for_priority() -> None:
    g = duel()
    texts = {str(a) for a in g.legal_actions(ALICE)}
    assert "pass" in texts
    assert "cast Give In to Violence -> Ragged Playmate" in texts
    assert "cast Give In to Violence -> Piggy Bank" in texts
    assert "cast Murder -> Piggy Bank" in texts
    assert "activate Ragged Playmate -> Ragged Playmate" in texts
    assert not any(t.startswith("activate Ragged Playmate -> Piggy Bank") for t in texts)  # power 3


def test_legal_actions_leave_out_what_cant_be_paid() -> None:
    g = make(Alice={"hand": ["Murder", "Pyroclasm"], "battlefield": ["Swamp", "Swamp"]},
             Bob={"battlefield": ["Piggy Bank"]})
    texts = {str(a) for a in g.legal_actions(ALICE)}
    assert not any(t.startswith("cast Murder") or t.startswith("cast Pyroclasm") for t in texts)


def test_a_decision_can_only_be_answered_by_its_player() -> None:
    g = duel()
    with pytest.raises(IllegalActionError) as exc:
        g.apply("pass", BOB)
    assert exc.value.key == "not_your_decision" and exc.value.params == {"player": "Alice"}


def test_choose_needs_a_decision() -> None:
    g = duel()
    with pytest.raises(IllegalActionError):
        g.apply("choose yes", ALICE)


def test_answers_must_be_options() -> None:
    g = make(Alice={"hand": ["Slavering Branchsnapper"], "battlefield": ["Swamp", "Swamp"],
                    "library": ["Forest", "Island"]})
    g.apply("activate Slavering Branchsnapper", ALICE)
    g.apply("pass", ALICE)
    g.apply("pass", BOB)
    d = g.pending
    assert d is not None and d.kind == "ask" and set(d.options) == {"Forest", "nothing"}
    with pytest.raises(IllegalActionError) as exc:
        g.apply("choose Island", ALICE)
    assert exc.value.key == "choose.bad_option"
    with pytest.raises(IllegalActionError):
        g.apply("choose Forest, nothing", ALICE)
    g.apply("choose Forest", ALICE)
    assert [g.st.objects[o].name for o in g.st.players[ALICE].hand] == ["Forest"]
