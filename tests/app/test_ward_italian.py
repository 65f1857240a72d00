"""Italian ward sentences (session 18's Italian game: "Altrimenti Omicidio viene neutralizzata"
— a masculine card name with the feminine of "magia"; and "innesca la sua abilità di
protezione": protection is another keyword, ward is "salvaguardia"). The ward is the subject
now, so no card name needs an agreement."""
from __future__ import annotations

from typing import Any

from app.i18n import message, tr


def test_ward_prompts_need_no_agreement_with_the_cards_gender(italian: Any) -> None:
    for key, params in (("ask.pay_ward", {"cost": "{2}"}), ("ask.pay_ward_life", {"life": 2}),
                        ("ask.pay_ward_discard", {}), ("ask.pay_ward_sacrifice", {"count": 1})):
        text = message(key, card="Omicidio", **params)
        assert text.endswith("Altrimenti la salvaguardia neutralizza Omicidio."), text


def test_the_ward_refusal_names_ward_not_protection(italian: Any) -> None:
    text = tr("{card} has ward {cost}: its ward triggers, and your spell is countered unless you pay {cost}.",
              card="Barlume Cuor di Leone", cost="{2}")
    assert "salvaguardia" in text and "protezione" not in text, text
