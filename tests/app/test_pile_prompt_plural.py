"""Choose Your Demise's pile prompt counts the face-down pile with a plural form (session 17's
play3: "den verdeckten Haufen (1 Karten)"; English read "(1 cards)")."""
from __future__ import annotations

from app.i18n import prompt_text, set_language

PENDING = {"player": 1, "kind": "choose", "prompt": "ask.choose_pile",
           "params": {"card": "Choose Your Demise", "up": "Forest, Island"}}


def _text(lang: str, count: int) -> str:
    set_language(lang)
    try:
        return prompt_text({**PENDING, "params": {**PENDING["params"], "count": count}}, ["Ada", "Bob"])
    finally:
        set_language("en")


def test_one_card_and_several_cards() -> None:
    assert _text("en", 1).endswith("the face-down pile (1 card)."), _text("en", 1)
    assert _text("en", 3).endswith("the face-down pile (3 cards).")
    assert _text("de", 1).endswith("den verdeckten Haufen (1 Karte)."), _text("de", 1)
    assert _text("de", 0).endswith("den verdeckten Haufen (0 Karten).")
    assert _text("it", 1).endswith("quella a faccia in giù (1 carta)."), _text("it", 1)
    assert _text("it", 2).endswith("quella a faccia in giù (2 carte).")
