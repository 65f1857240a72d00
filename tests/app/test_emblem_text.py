"""An emblem's abilities in the log are the card's own quoted text in the UI language (no
English fragment inside a German sentence, issue #13)."""
from app import i18n

EVENT = {"key": "emblem", "player": "Alice", "card": "Kaito, Bane of Nightmares Emblem",
         "text": "Ninjas you control get +1/+1.", "of": "Kaito, Bane of Nightmares"}


def test_the_emblem_text_is_the_cards_german_quote() -> None:
    i18n.set_language("de")
    try:
        assert i18n.event_text(EVENT) == "Alice erhält ein Emblem: „Ninjas, die du kontrollierst, erhalten +1/+1.“"
    finally:
        i18n.set_language("en")
    assert i18n.event_text(EVENT) == "Alice gets an emblem: “Ninjas you control get +1/+1.”"
