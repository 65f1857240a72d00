"""Counts the user reads are whole sentences in the language's plural forms: one card is
"eine Karte" / "una carta", never "1 Karten" / "1 carte" (an import's outcome, a restored card
database, a scheme deck too small, a Commander deck of one card)."""
from __future__ import annotations

from app.decks.importer import report_text
from app.decks.text import message_text, scheme_paste_text
from app.i18n import event_text, message, set_language, trn
from engine.cards.importers import ImportReport
from engine.cards.importers.common import Message
from engine.decks.scheme_decks import SchemeList


def _report(added: int, updated: int, printings: int) -> ImportReport:
    return ImportReport(path="/tmp/cards.json", cards_added=added, cards_updated=updated,
                        printings_added=printings, seconds=1.25)


def test_an_import_says_each_count_in_its_plural_form() -> None:
    assert report_text(_report(1, 2, 0)) == ("Imported cards.json in 1.2 s. 1 new card was added. "
                                             "2 cards were updated. 0 new printings were added.")
    set_language("de")
    assert report_text(_report(1, 2, 1)) == ("cards.json wurde in 1,2 s importiert. Eine neue Karte wurde "
                                             "hinzugefügt. 2 Karten wurden aktualisiert. Ein neuer Druck wurde "
                                             "hinzugefügt.")
    set_language("it")
    assert report_text(_report(3, 1, 5)) == ("cards.json è stato importato in 1,2 s. Sono state aggiunte 3 nuove "
                                             "carte. È stata aggiornata una carta. Sono state aggiunte 5 nuove "
                                             "stampe.")


def test_a_failed_import_says_why_and_counts_nothing(german) -> None:  # type: ignore[no-untyped-def]
    report = _report(0, 0, 0)
    report.error = Message("import.not_found", {"file": "cards.json"})
    assert report.counts() == []
    assert report_text(report) == "Die Datei cards.json existiert nicht."


def _restored(count: int) -> str:
    msg = Message("cards.backup_restored", {"backup": "a.sqlite", "count": count, "previous": "b.sqlite"})
    return message_text(msg.key, msg.params, msg.message)


def test_a_restored_database_counts_its_cards() -> None:
    assert _restored(1) == "a.sqlite was restored (1 card); the database it replaced was kept as b.sqlite."
    assert _restored(300) == "a.sqlite was restored (300 cards); the database it replaced was kept as b.sqlite."
    set_language("de")
    assert "(1 Karte)" in _restored(1) and "(300 Karten)" in _restored(300)
    set_language("it")
    assert "(1 carta)" in _restored(1) and "(300 carte)" in _restored(300)


def test_a_scheme_list_of_one_scheme_is_one_scheme(italian) -> None:  # type: ignore[no-untyped-def]
    said = scheme_paste_text(SchemeList(["Chaos Is My Plaything"], []))
    assert said.startswith("Gli appunti contengono un mazzo intrigo con un solo intrigo, ma non supera")
    said = scheme_paste_text(SchemeList(["Chaos Is My Plaything", "Choose Your Champion"], []))
    assert said.startswith("Gli appunti contengono un mazzo intrigo di 2 intrighi, ma non supera")
    assert "Il mazzo intrigo ha 2 intrighi; ne servono almeno 10." in said


def test_deck_problems_of_one_card_or_scheme(german) -> None:  # type: ignore[no-untyped-def]
    def said(key: str, **params: object) -> str:
        return message_text(key, dict(params), "")
    assert said("deck.schemes.too_few", count=1, minimum=10) == "Das Komplott-Deck hat nur ein Komplott; es braucht mindestens 10."
    assert said("deck.commander.size", count=1, size=100).startswith("Das Deck hat mit seinem Kommandeur nur eine Karte;")
    assert said("deck.commander.size", count=99, size=100).startswith("Das Deck hat mit seinem Kommandeur 99 Karten;")


def test_prompts_and_the_suspend_line_of_one_are_singular() -> None:
    assert message("ask.untap_lands", count=1) == "Choose up to 1 land to untap."
    assert message("ask.delve", card="Treasure Cruise", count=1).startswith(
        "Treasure Cruise has delve: choose up to 1 card from your graveyard to exile (it pays")
    assert message("ask.reveal_to_hand", count=1).startswith("Look at the top card: choose it")
    suspended = {"key": "suspend", "player": "Bob", "card": "Suspended Sentence", "count": 1}
    assert event_text(suspended) == "Bob suspends Suspended Sentence with 1 time counter."
    set_language("de")
    assert message("ask.untap_lands", count=1) == "Bestimme höchstens ein Land, das enttappt wird."
    assert message("ask.untap_lands", count=3) == "Bestimme bis zu 3 Länder, die enttappt werden."
    assert message("ask.pay_ward_sacrifice", count=1, card="Bob").startswith("Abwehr: ein Nichtland-Permanent opfern?")
    assert event_text({**suspended, "count": 3}).endswith("mit 3 Zeitmarken aus.")
    set_language("it")
    assert message("ask.put_back_from_hand", count=1) == "Scegli una carta dalla tua mano da mettere in cima al tuo grimorio."
    assert message("ask.onto_battlefield_tapped", count=2).startswith("Tra le prime 2 carte:")
    assert event_text(suspended).endswith("con un segnalino tempo.")


def test_the_damage_division_heading_of_one_damage(italian) -> None:  # type: ignore[no-untyped-def]
    """(app/table/damage_dialog.py: what is left of a trampler's power, 1 or more.)"""
    said = "{card} deals {count} damage. Divide it among:"
    assert trn(said, said, 1, card="Cane") == "Cane infligge 1 danno. A chi lo assegni?"
    assert trn(said, said, 7, card="Cane") == "Cane infligge 7 danni. Dividili tra:"
