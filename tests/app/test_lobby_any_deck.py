"""The lobby says to every seat that the host allows any deck (protocol 5's `Lobby.any_deck`),
in English, German and Italian; a lobby without it (a table that checks decks, or a host of
protocol 4, which never says) shows no such sentence."""
from __future__ import annotations

import pytest

from app.i18n import set_language
from app.shell.lan_texts import table_rules
from engine.net import protocol as P

SAID = {"en": "Any deck is allowed: the host also takes decks that do not pass the deck check of the format.",
        "de": "Jedes Deck ist erlaubt: Der Gastgeber nimmt auch Decks, die die Deckprüfung des Formats nicht bestehen.",
        "it": "Qualsiasi mazzo è ammesso: chi ospita accetta anche mazzi che non superano il controllo del mazzo del "
              "formato."}


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_the_lobby_says_any_deck_is_allowed(lang: str) -> None:
    set_language(lang)
    allowed = P.Lobby(seats=[], spectators=0, started=False, format="commander", any_deck=True)
    assert SAID[lang] in table_rules(allowed)
    checked = P.Lobby(seats=[], spectators=0, started=False, format="commander")
    assert SAID[lang] not in table_rules(checked)
    old_host = P.decode_server(P.encode_for(allowed, 4))      # (what a client reads from a version-4 frame)
    assert isinstance(old_host, P.Lobby) and SAID[lang] not in table_rules(old_host)
