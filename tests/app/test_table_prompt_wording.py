"""Three things a player read wrong (session 8): the log didn't say a spell was cast for an
alternative cost; a prompt button showed a cost as text ("{2} bezahlen"); the target prompt
said "click a card or a player" when only cards (or only players) could be chosen."""
from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QPushButton

from app.i18n import prompt_text, set_language
from app.table.symbol_button import SymbolButton, cost_words, spoken
from tests.app.test_table_expect import dclick, item, obs, table_for


def _lines(t: Any) -> list[str]:
    return t.log.lines()


# ------------------------------------------------------------------ 1. the log says how it was cast
def test_the_log_says_a_spell_was_cast_for_its_blitz_cost(qtbot: Any) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Star Athlete"], "battlefield": ["Mountain"] * 4, "library": ["Plains"] * 5}},
                  mode="rules")
    assert t.session.submit("cast Star Athlete with blitz")
    assert "Du wirkst Sportass für die Blitz-Kosten." in _lines(t)


def test_the_log_says_flashback_and_a_rooms_door(qtbot: Any) -> None:
    set_language("it")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Bottomless Pool // Locker Room"],
                                  "graveyard": ["Rite of the Moth", "Hand That Feeds"],
                                  "battlefield": ["Plains", "Plains", "Swamp", "Swamp", "Plains", "Swamp", "Island"],
                                  "library": ["Plains"] * 5}}, mode="rules")
    assert t.session.submit("cast Rite of the Moth with flashback -> Hand That Feeds")
    assert any(line.startswith("Lanci ") and "dal tuo cimitero pagando il suo costo di flashback" in line
               for line in _lines(t))
    t.session.submit("pass")
    assert t.session.submit("cast Bottomless Pool // Locker Room: Bottomless Pool")
    assert _lines(t)[-1].startswith("Lanci la porta ")


# ------------------------------------------------------------------ 2. a cost on a button is drawn as symbols
def _anthropede(qtbot: Any) -> Any:
    """Anthropede's "you may discard a card or pay {2}" asked on the prompt bar."""
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Anthropede", "Murder"], "battlefield": ["Forest"] * 6,
                                  "library": ["Plains"] * 5},
                          "Bob": {"battlefield": ["Bottomless Pool // Locker Room | unlocked=Bottomless Pool"],
                                  "library": ["Plains"] * 5}}, mode="rules")
    assert t.session.submit("cast Anthropede")
    for _ in range(4):  # it resolves; its enters trigger goes on the stack and resolves
        if (obs(t)["pending"] or {}).get("kind") != "priority":
            break
        t.session.submit("pass")
    assert (obs(t)["pending"] or {}).get("kind") != "priority"
    return t


def test_a_cost_on_a_button_is_drawn_as_mana_symbols(qtbot: Any) -> None:
    set_language("de")
    t = _anthropede(qtbot)
    pay = next(b for b in t.prompt_bar.buttons if "{2}" in b.text())
    assert isinstance(pay, SymbolButton) and pay.text() == "{2} bezahlen"  # the label as written, for lookups
    # (the tooltip then names the key that presses it, app/table/keyboard.py)
    assert pay.accessibleName() == "2 generische Mana bezahlen"
    assert pay.toolTip() in (f"2 generische Mana bezahlen ({n})" for n in range(1, 10))
    # the symbol is drawn, not the braces: the generic symbol's grey disc, which the same label on
    # a plain button doesn't have
    plain = QPushButton(pay.text(), t.prompt_bar)
    plain.resize(pay.size())
    assert _discs(pay) > _discs(plain) + 30
    others = [b for b in t.prompt_bar.buttons if b is not pay]
    assert others and not any(isinstance(b, SymbolButton) for b in others)  # plain words stay plain buttons
    pay.click()  # and it answers: {2} paid, the Room's destruction asked for next
    assert not any("{2}" in b.text() for b in t.prompt_bar.buttons)
    assert sum(1 for c in obs(t)["battlefield"] if c["name"] == "Forest" and c.get("tapped")) == 6


def _discs(button: Any) -> int:
    """The pixels of a button in the colour of the generic mana symbol's disc."""
    image = button.grab().toImage()
    disc = QColor("#CEC8C0")
    return sum(1 for x in range(image.width()) for y in range(image.height())
               if _near(QColor(image.pixel(x, y)), disc))


def _near(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 24


def test_a_cost_in_words_for_screen_readers() -> None:
    set_language("en")
    assert cost_words("{2}{B}{B}") == "2 generic mana, 2 black mana"
    assert spoken("Pay {1}{W}") == "Pay 1 generic mana, 1 white mana"
    assert spoken("Pay {X}{R}") == "Pay X generic mana, 1 red mana"
    set_language("it")
    assert spoken("Paga {2}") == "Paga 2 mana generico"


# ------------------------------------------------------------------ 3. the target prompt says what can be chosen
def _targets_prompt(qtbot: Any, you: dict[str, Any], bob: dict[str, Any], card: tuple[str, str]) -> str:
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"library": ["Plains"] * 5, **you},
                          "Bob": {"library": ["Plains"] * 5, **bob}}, mode="rules", goldfish=False)
    zone, name = card
    if zone == "hand":
        dclick(t, item(t, zone, name))
    else:  # an ability: its entry of the card's menu
        it = t.interaction
        it.choose_among([a for a in it.actions_for(item(t, zone, name)) if a.targets], name, name)
    assert t.interaction.mode == "targets"
    return str(t.prompt_bar.label.text())


def test_only_cards_can_be_targeted(qtbot: Any) -> None:
    text = _targets_prompt(qtbot, {"hand": ["Murder"], "battlefield": ["Swamp"] * 3},
                           {"battlefield": ["Lionheart Glimmer"]}, ("hand", "Murder"))
    assert text == "Murder: choose a target (click a card)."


def test_only_players_can_be_targeted(qtbot: Any) -> None:
    set_language("de")
    text = _targets_prompt(qtbot, {"hand": ["Grievous Wound"], "battlefield": ["Swamp"] * 5}, {},
                           ("hand", "Grievous Wound"))  # "Enchant player"
    assert text.endswith(": Wähle ein Ziel (klicke auf einen Spieler).")


def test_cards_and_players_can_be_targeted(qtbot: Any) -> None:
    text = _targets_prompt(qtbot, {"battlefield": ["Brimstone Mage | counter:level=3"]},
                           {"battlefield": ["Lionheart Glimmer"]}, ("battlefield", "Brimstone Mage"))
    assert text == "Brimstone Mage: choose a target (click a card or a player)."


def test_a_target_in_a_graveyard_is_chosen_with_its_button(qtbot: Any) -> None:
    set_language("it")
    text = _targets_prompt(qtbot, {"hand": ["Rite of the Moth"], "graveyard": ["Cult Healer"],
                                   "battlefield": ["Plains", "Swamp", "Swamp", "Swamp"]}, {},
                           ("hand", "Rite of the Moth"))
    assert text.endswith(": scegli un bersaglio con uno dei pulsanti.")


# ------------------------------------------------------------------ 4. the first target is not "the next"
def test_a_spells_only_target_is_asked_for_as_a_target_not_the_next_one() -> None:
    """A German Commander game asked "Anna: Wähle das nächste Ziel für Verfaulen lassen" for
    Putrefy's one and only target (a target chosen after the announcement)."""
    pending = {"prompt": "decide.spell_target", "player": 0,
               "params": {"card": "Putrefy", "target": "target artifact or creature"}}
    set_language("de")
    text = prompt_text(pending, ["Anna", "Bob"])
    assert text.startswith("Anna: Wähle ein Ziel für Verfaulen lassen") and "nächste" not in text, text
    set_language("it")
    assert "scegli un bersaglio per" in prompt_text(pending, ["Anna", "Bob"])


def test_a_triggers_target_line_is_not_closed_by_two_full_stops() -> None:
    """An Italian Supervillain Rumble read "scegli un bersaglio per l'abilità di Acquitrino di
    Bojuka (Quando l'Acquitrino di Bojuka entra, esilia il cimitero di un giocatore
    bersaglio.)." — the card's line kept its full stop inside the prompt's brackets."""
    pending = {"prompt": "decide.trigger_target", "player": 0,
               "params": {"card": "Bojuka Bog", "target": "When this land enters, exile target player's graveyard."}}
    try:
        for lang in ("it", "de", "en"):
            set_language(lang)
            text = prompt_text(pending, ["Ada", "Bob"])
            assert text.endswith(").") and ".)." not in text, text
    finally:
        set_language("en")


def test_a_sentence_out_of_a_cards_line_is_asked_in_the_cards_language() -> None:
    """An Italian table asked "Meccatitano Combustibile: Target opponent may have you draw three
    cards. … Lo scegli?" and "Traccia del Mistero: you may search your library for a basic land
    card. Vuoi farlo?" (tools/prompts_in_scenarios.py --lang it): a sentence out of the card's
    line, capitalised or with its own full stop, found no printed line; now the line is shown."""
    gearhulk = {"prompt": "ask.target_may", "player": 1,
                "params": {"card": "Combustible Gearhulk", "ability": "Target opponent may have you draw three cards."}}
    trail = {"prompt": "ask.may", "player": 0,
             "params": {"card": "Trail of Mystery", "ability": "you may search your library for a basic land card."}}
    try:
        set_language("it")
        assert "un avversario bersaglio può farti pescare tre carte" in prompt_text(gearhulk, ["Ada", "Bob"])
        assert "puoi passare in rassegna il tuo grimorio" in prompt_text(trail, ["Ada", "Bob"])
        set_language("de")
        assert "kann dich ein Gegner deiner Wahl drei Karten ziehen lassen" in prompt_text(gearhulk, ["Ada", "Bob"])
    finally:
        set_language("en")
