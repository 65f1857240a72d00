"""Decisions the prompt bar must be able to answer (session 7): surveil may put no card
into the graveyard, "cast any number of the copies" may stop with none, and its options are
sentences in the UI language, not action texts ("cast Enter the Enigma -> Cult Healer")."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLabel

import engine.scenario as sc
from app.i18n import set_language
from app.session import LocalSession
from app.settings import Settings
from app.table.prompts import _option_label
from app.table.widget import TableWidget
from tests.app.test_table_expect import click, dclick, item, obs, table_for

KAITO = "Kaito, Bane of Nightmares"


def bar_buttons(t: Any) -> dict[str, Any]:
    return {b.text(): b for b in t.prompt_bar.buttons}


def test_surveil_can_keep_every_card_on_top(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": [f"{KAITO} | counter:loyalty=4"],
                                  "library": ["Murder", "Plains", "Forest", "Island"]}}, mode="rules")
    kaito = item(t, "battlefield", KAITO)
    zero = next(a for a in t.interaction.actions_for(kaito) if a.ability == 3)  # 0: Surveil 2 ...
    assert t.session.submit(zero)
    t.session.submit("pass")
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("prompt") == "ask.surveil_graveyard", timeout=20000)
    done = bar_buttons(t)["Done"]
    assert done.isEnabled()  # nothing chosen is an answer: both stay on top
    done.click()
    assert obs(t)["pending"]["prompt"] == "ask.surveil_top" and obs(t)["players"][0]["graveyard"] == []


def test_the_tale_of_tamiyo_casts_some_copies_and_stops(qtbot: Any) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "draw",
                          "You": {"battlefield": ["The Tale of Tamiyo | counter:lore=3", "Island", "Island"],
                                  "graveyard": ["Enter the Enigma", "Winter's Intervention"],
                                  "library": ["Island"] * 3},
                          "Bob": {"battlefield": ["Cult Healer"], "library": ["Island"] * 3}},
                  mode="rules")
    t.session.submit("pass")
    for name in ("Enter the Enigma", "Winter's Intervention"):  # chapter IV's targets
        qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("kind") == "targets", timeout=20000)
        t.interaction.choose_option(name)
    for _ in range(4):  # both players pass: the ability resolves and offers the copies
        if (obs(t)["pending"] or {}).get("prompt") == "ask.cast_copies":
            break
        bar_buttons(t)["Verrechnen"].click()
    assert obs(t)["pending"]["prompt"] == "ask.cast_copies"
    labels = set(bar_buttons(t))
    assert "Eintritt ins Enigma wirken → Heiler des Kultes" in labels and "Fertig" in labels
    bar_buttons(t)["Fertig"].click()  # cast none of them
    assert obs(t)["pending"]["kind"] == "priority" and not obs(t)["stack"]


def test_a_copy_to_cast_reads_as_a_sentence() -> None:
    set_language("it")
    assert _option_label("cast Enter the Enigma -> Cult Healer").startswith("Lancia ")
    set_language("en")
    assert _option_label("cast Enter the Enigma -> Cult Healer") == "Cast Enter the Enigma → Cult Healer"
    assert _option_label("cast Metamorphosis Fanatic with miracle") == "Cast Metamorphosis Fanatic (miracle)"
    assert _option_label("cast Metamorphosis Fanatic with miracle x=2") == "Cast Metamorphosis Fanatic (miracle) (X=2)"
    assert _option_label("cast Noxious Revival life=G -> Cult Healer") == \
        "Cast Noxious Revival paying 2 life for Phyrexian mana → Cult Healer"


def test_option_buttons_never_show_the_engines_english_words() -> None:
    set_language("de")
    assert _option_label("Forest#3 (graveyard)") == "Wald #3 (Friedhof)"
    assert _option_label("keep") == "Aktuelles Ziel behalten"
    assert _option_label("no more", prompt="ask.crew") == "Keine weiteren Kreaturen"  # crew's (CR 702.122a)
    assert _option_label("discard Murder").endswith(" abwerfen")
    assert _option_label("unlock Derelict Attic") == "Baufällige Mansarde entsperren"
    assert _option_label("lock Widow's Walk") == "Witwenbalustrade versperren"
    assert _option_label("unlock a door") == "Eine Tür entsperren"
    assert _option_label("exile") == "Die gewählten Karten ins Exil schicken"
    assert _option_label("face-down permanent") == "Ein verdecktes Permanent"
    assert _option_label("library: Piranha Fly") == "Piranhafliege (Bibliothek)"
    assert _option_label("cast Metamorphosis Fanatic#1 with miracle") == "Metamorphosen-Fanatiker #1 wirken (Mirakulum)"
    assert _option_label("cast Valgavoth's Onslaught x=1") == "Valgavoths Angriff wirken (X=1)"
    assert _option_label("Draw a card.", "Silent Hallcreeper") == "Ziehe eine Karte."  # a mode: the card's line
    set_language("it")
    assert _option_label("turn face up") == "Girala a faccia in su"


def test_in_a_scenario_the_other_seat_passes_on_the_stack_unless_it_could_respond(qtbot: Any) -> None:
    """One click on Resolve resolves the spell (Bob, answered by you too, has nothing to
    respond with); Bob with an instant he can cast still gets the decision."""
    root = Path(__file__).resolve().parents[1] / "scenarios"
    s = LocalSession.from_scenario(root / "dsk" / "kaito_bane_of_nightmares.toml")
    t = TableWidget(s, Settings(animations=False))
    qtbot.addWidget(t)
    dclick(t, item(t, "hand", KAITO))
    assert [c["name"] for c in obs(t)["stack"]] == [KAITO]
    bar_buttons(t)["Resolve"].click()
    assert not obs(t)["stack"] and obs(t)["pending"]["player"] == 0



def test_in_a_scenario_the_other_seat_with_an_instant_gets_to_respond(qtbot: Any, tmp_path: Any) -> None:
    path = tmp_path / "respond.toml"
    path.write_text('title = "Bob may respond"\n[setup]\nstep = "main1"\n[setup.Alice]\n'
                    'hand = ["Piranha Fly"]\nbattlefield = ["Island", "Island", "Grasping Longneck"]\n'
                    'library = ["Island", "Island"]\n[setup.Bob]\nhand = ["Murder"]\n'
                    'battlefield = ["Swamp", "Swamp", "Swamp"]\nlibrary = ["Island", "Island"]\n', encoding="utf-8")
    s = LocalSession.from_scenario(path)
    t = TableWidget(s, Settings(animations=False))
    qtbot.addWidget(t)
    dclick(t, item(t, "hand", "Piranha Fly"))
    bar_buttons(t)["Resolve"].click()
    assert [c["name"] for c in obs(t)["stack"]] == ["Piranha Fly"]
    assert obs(t)["pending"]["player"] == 1  # Bob could cast Murder: asked, not passed for him
    # you answer for Bob: the table turns to him as a hot seat does (his hand at the bottom, his
    # prompt below it; it kept Alice at the bottom while Bob decided at the top), then back
    assert t.scene.seat == 1
    murder = item(t, "hand", "Murder")
    assert murder.mine and murder.highlight == "playable"
    dclick(t, murder)
    click(t, item(t, "battlefield", "Grasping Longneck"))
    assert [c["name"] for c in obs(t)["stack"]] == ["Murder", "Piranha Fly"]
    assert t.scene.seat == obs(t)["pending"]["player"]  # (whoever decides next sits at the bottom)


def test_a_spell_that_cant_be_cast_does_not_blame_its_targets(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Emerge from the Cocoon"], "battlefield": ["Plains"],
                                  "graveyard": ["Grasping Longneck"], "library": ["Island"] * 5}}, mode="rules")
    dclick(t, item(t, "hand", "Emerge from the Cocoon"))
    shown = t.prompt_bar.message.text()
    assert "not enough mana" in shown and "number of targets" not in shown


def test_a_long_choice_lists_its_options_in_words_not_action_texts(qtbot: Any) -> None:
    """Leyline of Transformation's creature type: too many for buttons, so a menu; its
    entries are the types in the UI language ("Mensch"), not "choose Human"."""
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Leyline of Transformation"], "battlefield": ["Island"] * 4,
                                  "library": ["Island"] * 5}}, mode="rules")
    dclick(t, item(t, "hand", "Leyline of Transformation"))
    t.session.submit("pass")
    assert obs(t)["pending"]["prompt"] == "ask.creature_type"
    bar_buttons(t)["Wählen …"].click()
    entries = [a.text() for sub in t.action_menu.actions() if sub.menu() for a in sub.menu().actions()]
    assert "Mensch" in entries and not [e for e in entries if e.startswith("choose ")]


def test_dividing_combat_damage_lists_divisions_in_words(qtbot: Any) -> None:
    set_language("de")
    data = sc.load(Path(__file__).resolve().parents[1] / "scenarios" / "dsk" / "cracked_skull_lethal_damage.toml")
    game = sc.make_game(data)
    for step in data["do"]:
        if game.pending is not None and game.pending.kind == "assign":
            break
        key, value = next(iter(step.items()))
        if key == "act":
            sc.do_act(game, value)
        elif key == "pass_until":
            sc.do_pass_until(game, value, [6000])
    t = TableWidget(LocalSession(game, 0, controls={0, 1}), Settings(animations=False))
    qtbot.addWidget(t)
    assert obs(t)["pending"]["kind"] == "assign"
    divide = next(b for b in t.prompt_bar.buttons if b.text() != "Standardmäßig zuweisen")  # "Divide the damage…"
    divide.click()  # issue #25: a dialog with a count per recipient (was a menu of single parts)
    entries = [lbl.text() for lbl in t.damage_dialog.findChildren(QLabel)]
    assert not [e for e in entries if e.startswith("assign ")]
    assert any("Heiler des Kultes" in e and "tödlich" in e for e in entries)


def test_a_cost_in_the_prompt_is_drawn_as_mana_symbols(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"library": ["Island"] * 5}})
    t.prompt_bar.set_prompt("Metamorphosis Fanatic: reveal it (miracle {1}{B})?", [])
    assert t.prompt_bar.label.text().count("<img") == 2 and "{1}" not in t.prompt_bar.label.text()
    t.prompt_bar.set_prompt("Winter's turn: no cost here.", [])
    assert t.prompt_bar.label.text() == "Winter's turn: no cost here."  # plain text stays plain
