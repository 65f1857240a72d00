"""engine/rules/triggers.py, trigger_steps.py: triggered abilities (CR 603) — when they trigger, APNAP order
(603.3b), a player ordering their own, delayed triggers (603.7), ward (702.21)."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode=mode, setup=setup))


def stack(g: Game) -> list[tuple[str, str, int]]:
    """(name, kind, controller), top first."""
    return [(g.st.objects[o].name, g.st.objects[o].kind, g.st.objects[o].controller) for o in reversed(g.st.stack)]


def pass_once(g: Game) -> None:
    g.apply("pass", ALICE if g.pending.player == ALICE else BOB)  # type: ignore[union-attr]


def resolve_top(g: Game) -> None:
    top = g.st.stack[-1]
    while top in g.st.stack and g.pending is not None and g.pending.kind == "priority":
        g.apply("pass", g.pending.player)


def test_dies_trigger_goes_on_the_stack_after_the_spell_resolves() -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp"] * 3}, Bob={"battlefield": ["Piggy Bank @pig"]})
    g.apply("cast Murder -> @pig", ALICE)
    resolve_top(g)
    assert stack(g) == [("Piggy Bank", "trigger", BOB)]  # the controller when it died (603.3a)
    assert g.pending.player == ALICE  # type: ignore[union-attr]  # the active player gets priority
    resolve_top(g)
    assert [g.st.objects[o].name for o in g.st.battlefield] == ["Swamp"] * 3 + ["Treasure"]
    assert g.st.objects[g.st.battlefield[-1]].controller == BOB


def test_apnap_order() -> None:
    g = make(Alice={"hand": ["Pyroclasm"], "battlefield": ["Mountain", "Mountain", "Piggy Bank"]},
             Bob={"battlefield": ["Friendly Teddy"]})
    g.apply("cast Pyroclasm", ALICE)
    resolve_top(g)
    assert stack(g) == [("Friendly Teddy", "trigger", BOB), ("Piggy Bank", "trigger", ALICE)]


def test_own_triggers_are_ordered_by_their_controller() -> None:
    g = make(Alice={"hand": ["Pyroclasm"], "battlefield": ["Mountain", "Mountain", "Piggy Bank", "Friendly Teddy"]})
    g.apply("cast Pyroclasm", ALICE)
    resolve_top(g)
    d = g.pending
    assert d is not None and (d.player, d.kind) == (ALICE, "order_triggers")
    assert set(d.options) == {"Piggy Bank", "Friendly Teddy"}
    g.apply("choose Friendly Teddy", ALICE)
    assert [n for n, _, _ in stack(g)] == ["Piggy Bank", "Friendly Teddy"]


def test_identical_triggers_need_no_ordering() -> None:
    g = make(Alice={"hand": ["Pyroclasm"], "battlefield": ["Mountain", "Mountain", "Piggy Bank", "Piggy Bank"]})
    g.apply("cast Pyroclasm", ALICE)
    resolve_top(g)
    assert g.pending is not None and g.pending.kind == "priority"
    assert [n for n, _, _ in stack(g)] == ["Piggy Bank", "Piggy Bank"]


def test_whenever_you_attack_triggers_once_for_its_controller_only() -> None:
    g = make(Alice={"battlefield": ["Lionheart Glimmer", "Piggy Bank @p", "Friendly Teddy @t"]},
             Bob={"battlefield": ["Lionheart Glimmer"]})
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        pass_once(g)
    g.apply("attack @p, @t -> Bob", ALICE)
    assert stack(g) == [("Lionheart Glimmer", "trigger", ALICE)]


def test_no_attack_no_trigger() -> None:
    g = make(Alice={"battlefield": ["Lionheart Glimmer", "Piggy Bank"]})
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        pass_once(g)
    g.apply("attack none", ALICE)
    assert g.st.stack == []


def test_delayed_trigger_of_come_back_wrong() -> None:
    g = make(Alice={"hand": ["Come Back Wrong"], "battlefield": ["Swamp"] * 3},
             Bob={"battlefield": ["Anthropede @a"]})
    g.apply("cast Come Back Wrong -> @a", ALICE)
    resolve_top(g)
    a = g.st.objects[find_ref(g, "@a")]
    assert a.zone == "battlefield" and a.controller == ALICE and a.sick
    assert len(g.st.delayed) == 1
    while g.st.step != "end":
        pass_once(g)
    assert stack(g) == [("Come Back Wrong", "delayed", ALICE)]
    resolve_top(g)
    assert g.st.objects[find_ref(g, "@a")].zone == "graveyard"
    assert find_ref(g, "@a") in g.st.players[BOB].graveyard  # the owner's graveyard
    assert g.st.delayed == []


def test_delayed_trigger_does_nothing_if_the_creature_is_gone() -> None:
    g = make(Alice={"hand": ["Come Back Wrong", "Murder"], "battlefield": ["Swamp"] * 6},
             Bob={"battlefield": ["Anthropede @a"]})
    g.apply("cast Come Back Wrong -> @a", ALICE)
    resolve_top(g)
    g.apply("cast Murder -> @a", ALICE)
    resolve_top(g)
    while g.st.step != "end":
        pass_once(g)
    resolve_top(g)
    assert g.st.stack == [] and g.st.objects[find_ref(g, "@a")].zone == "graveyard"


def test_ward_triggers_only_for_opponents() -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp"] * 5},
             Bob={"hand": ["Give In to Violence"], "battlefield": ["Swamp", "Swamp", "Lionheart Glimmer @cat"]})
    g.apply("cast Murder -> @cat", ALICE)
    assert stack(g) == [("Lionheart Glimmer", "ward", BOB), ("Murder", "card", ALICE)]
    g.apply("pass", ALICE)
    g.apply("cast Give In to Violence -> @cat", BOB)
    assert stack(g)[0] == ("Give In to Violence", "card", BOB)  # no second ward trigger


def test_ward_payment_is_asked_of_the_spells_controller() -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp"] * 5},
             Bob={"battlefield": ["Lionheart Glimmer @cat"]})
    g.apply("cast Murder -> @cat", ALICE)
    resolve_top(g)
    d = g.pending
    assert d is not None and (d.player, d.kind) == (ALICE, "ask") and set(d.options) == {"yes", "no"}
    g.apply("choose yes", ALICE)
    assert sum(g.st.objects[o].tapped for o in g.st.battlefield if g.st.objects[o].name == "Swamp") == 5
    assert stack(g) == [("Murder", "card", ALICE)]


def test_tabletop_mode_puts_no_triggers_on_the_stack() -> None:
    """Tabletop mode enforces nothing: the players do everything by hand."""
    g = make("tabletop", Bob={"battlefield": ["Piggy Bank @pig"]})
    g.apply("move @pig to graveyard", ALICE)
    assert g.st.stack == [] and g.st.waiting == []
