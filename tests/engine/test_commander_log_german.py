"""A commander's log lines in German name its player with "von", as the other lines do ("auf
den Friedhof von Computer 1"). Played in session 20: "Computer 1s Kommandeur ist Valgavoth
…" — the genitive "s" glued to any name (a player named Hans would read "Hanss")."""
from __future__ import annotations

from engine.messages import event_text
from engine.messages.catalogs import CatalogTranslator


def test_the_commander_lines_name_the_player_with_von() -> None:
    de = CatalogTranslator("de")
    start = {"key": "commander", "player": "Computer 1", "card": "Valgavoth"}
    back = {"key": "zone_change", "player": "Hans", "card": "Valgavoth", "to_zone": "command",
            "from_zone": "graveyard", "commander": True, "cause": "sba"}
    said = [event_text(start, "Anna", de), event_text(back, "Anna", de)]
    assert said == ["Der Kommandeur von Computer 1 ist Valgavoth; er beginnt das Spiel in der Kommandozone.",
                    "Der Kommandeur Valgavoth von Hans wird in die Kommandozone gelegt."], said
