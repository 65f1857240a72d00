"""Decision.refs (engine/decisions.py): for each option of a decision, the id of the public
object it names, so the table can light that card and take a click on it as the answer
(app/table/answers.py `_ask_refs`; a LAN seat through its observation)."""
from __future__ import annotations

from engine.game import Game
from engine.scenario import do_act, do_pass_until, make_game

ALICE, BOB = 0, 1


def _named(g: Game, name: str) -> int:
    return next(o for o, obj in g.st.objects.items() if obj.name == name and obj.zone in ("battlefield", "stack"))


def test_a_spell_on_the_stack_named_as_a_target_is_a_ref() -> None:
    """Fear of Impostors: "When this creature enters, counter target spell." (CR 115.1, 603.3d):
    the target decision names Murder on the stack; its id is the option's ref, for Bob (who
    decides) in his observation too, so a click on the spell answers it."""
    g = make_game({"setup": {
        "Alice": {"hand": ["Murder"], "battlefield": ["Swamp"] * 3, "library": ["Swamp", "Plains"]},
        "Bob": {"hand": ["Fear of Impostors"], "battlefield": ["Grasping Longneck @neck", "Island", "Island", "Island"],
                "library": ["Island", "Plains"]}}})
    do_act(g, "Alice: cast Murder -> @neck")
    do_act(g, "Alice: pass")
    do_act(g, "Bob: cast Fear of Impostors")
    do_pass_until(g, "decision")
    murder = _named(g, "Murder")
    dec = g.pending
    assert dec is not None and dec.kind == "targets" and dec.options == ("Murder",)
    assert g.st.objects[murder].zone == "stack" and dec.refs == (murder,)
    assert g.observation(BOB).to_json()["pending"]["refs"] == [murder]
    assert "refs" not in g.observation(ALICE).to_json()["pending"]  # (not hers to answer)


def test_a_modal_triggered_abilitys_modes_name_no_object() -> None:
    """Retreat to Coralhelm's landfall: "choose one —" (CR 700.2b). The modes are numbers, not
    objects: no option may be answered by a click on a permanent (the mode "Scry 1" was the
    ref of Retreat to Coralhelm itself, whose id is 2)."""
    g = make_game({"setup": {"Alice": {"hand": ["Island"], "battlefield": ["Retreat to Coralhelm",
                                                                           "Piranha Fly @p | tapped"]}}})
    do_act(g, "Alice: play Island")
    do_pass_until(g, "decision")
    dec = g.pending
    assert dec is not None and dec.prompt == "decide.trigger_mode" and len(dec.options) == 2
    assert _named(g, "Retreat to Coralhelm") == 2  # (what made the mode numbers look like ids)
    assert dec.refs == ()
    assert "refs" not in g.observation(ALICE).to_json()["pending"]


def test_identical_permanents_are_told_apart_by_their_refs() -> None:
    """The legend rule (CR 704.5j): "Name#1" / "Name#2" are the two permanents themselves."""
    g = make_game({"setup": {"Alice": {"hand": ["Valgavoth, Terror Eater"], "battlefield": [
        "Valgavoth, Terror Eater @v"] + ["Swamp"] * 9}}})
    do_act(g, "Alice: cast Valgavoth, Terror Eater")
    do_pass_until(g, "decision")
    dec = g.pending
    assert dec is not None and dec.kind == "ask" and len(dec.options) == 2
    assert sorted(dec.refs) == sorted(o for o in g.st.battlefield if g.st.objects[o].name == "Valgavoth, Terror Eater")
