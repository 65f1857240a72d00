"""A target on the stack named in a decision is lit and answered by a click on the spell
(engine/decisions.py refs: stack objects too, CR 115.1 "counter target spell"), like a
permanent on the battlefield; a modal triggered ability's modes are never a card's click."""
from __future__ import annotations

from typing import Any

from tests.app.test_table_expect import click, item, obs, table_for


def test_fear_of_impostors_counters_the_murder_clicked_on_the_stack(qtbot: Any) -> None:
    """Fear of Impostors: "When this creature enters, counter target spell. Its controller
    manifests dread." — cast in response to your two Murders, its trigger asks for the target
    ("Murder#1" or "Murder#2": their names don't tell them apart): both are lit on the stack, a
    click on one answers, and that one is countered — the creature it targeted lives."""
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Murder", "Murder", "Fear of Impostors"],
                                  "battlefield": ["Swamp"] * 6 + ["Island"] * 4, "library": ["Island"] * 5},
                          "Bob": {"battlefield": ["Grasping Longneck", "Cult Healer"], "library": ["Island"] * 5}},
                  mode="rules")
    for text in ("cast Murder -> Grasping Longneck", "cast Murder -> Cult Healer", "cast Fear of Impostors", "pass"):
        assert t.send_text(text)
    t.refresh()
    pending = obs(t)["pending"] or {}
    assert pending.get("kind") == "targets" and pending.get("options") == ["Murder#1", "Murder#2"]
    murders = [item(t, "stack", "Murder", 0), item(t, "stack", "Murder", 1)]
    assert [m.highlight for m in murders] == ["choice", "choice"]
    game = t.session.game
    spared = game.st.objects[game.st.objects[murders[1].obj_id].targets[0]["obj"]].name
    click(t, murders[1])
    assert (obs(t)["pending"] or {}).get("kind") != "targets"
    for _ in range(12):  # the trigger resolves (that Murder is countered, you manifest dread), then the other
        pend = obs(t)["pending"] or {}
        if not obs(t)["stack"] and pend.get("kind") == "priority":
            break
        assert t.send_text("choose Island" if pend.get("prompt") == "ask.manifest_dread" else "pass")
    assert [c["name"] for c in obs(t)["battlefield"] if c["controller"] == 1] == [spared]


def test_a_modal_trigger_is_answered_by_its_mode_not_by_a_card(qtbot: Any) -> None:
    """Retreat to Coralhelm's landfall "choose one —" (CR 700.2b): no card is lit as a choice
    (its mode numbers were once read as ids: Retreat to Coralhelm itself answered "Scry 1")."""
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Island"], "battlefield": ["Retreat to Coralhelm", "Piranha Fly"]}},
                  mode="rules")
    assert t.send_text("play Island")
    t.refresh()
    assert (obs(t)["pending"] or {}).get("prompt") == "decide.trigger_mode"
    assert item(t, "battlefield", "Retreat to Coralhelm").obj_id == 2  # (as mode 2, "Scry 1", was)
    assert not any(i.highlight == "choice" for i in t.scene.cards.values())
    assert t.prompt_bar.buttons  # the modes are the prompt bar's buttons
