"""Schemes in the UI language (issue #29): the card layer keeps schemes apart from the bundled
deck cards (assets/cards/schemes.json), yet the renderer, the card names of the log and the
prompts, and the preview's lines use each scheme's German (release notes) and Italian text."""
from __future__ import annotations

import json
from typing import Any

import pytest

from app.i18n import card_name, event_text, set_language
from app.render.model import card_view
from app.table.docks import describe
from engine.cards.behaviour import printed
from engine.paths import ASSETS

SCHEMES = json.loads((ASSETS / "cards" / "schemes.json").read_text(encoding="utf-8"))["cards"]


@pytest.fixture()
def lang() -> Any:
    yield set_language
    set_language("en")


@pytest.mark.parametrize("code", ["de", "it"])
def test_every_scheme_in_the_language_where_the_data_has_it(code: str, lang: Any) -> None:
    lang(code)
    having = [raw for raw in SCHEMES if raw.get(f"name_{code}")]
    assert len(having) == len(SCHEMES) == 40  # (the four decks' forty schemes, each in both languages)
    for raw in having:
        assert card_name(raw["name"]) == raw[f"name_{code}"]
        view = card_view(printed(raw["name"]), code)
        assert view.name == raw[f"name_{code}"]
        if raw.get(f"text_{code}"):
            assert view.text == raw[f"text_{code}"]
        if raw.get(f"type_line_{code}"):
            assert view.type_line == raw[f"type_line_{code}"]


def test_the_log_and_the_preview_name_a_scheme_in_german(lang: Any) -> None:
    lang("de")
    ev = {"key": "scheme_set_in_motion", "player": "Vera", "card": "Running Is Useless"}
    assert event_text(ev, "Ada") == "Vera schmiedet das Komplott „Fliehen ist zwecklos“."
    assert event_text({**ev, "player": "Ada"}, "Ada") == "Du schmiedest das Komplott „Fliehen ist zwecklos“."
    lines = describe({"name": "I Am Duskmourn", "owner": 0, "ongoing": True, "scheme": True}, "scheme", ["Vera"])
    assert lines.splitlines() == ["Ich bin Duskmourn", "Andauerndes Komplott von Vera: Es bleibt offen in der "
                                  "Kommandozone, bis es aufgegeben wird."]
