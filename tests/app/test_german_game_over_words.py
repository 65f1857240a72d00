"""German says "Die Partie ist vorbei" everywhere (session 17's lan3: the LAN status line and
rematch question said "Das Spiel ist vorbei", the log and the prompt "Die Partie ist vorbei";
the glossary's "Partie" for a game, CR 100.1)."""
from __future__ import annotations

from app.i18n import message, set_language, tr


def test_every_game_over_sentence_says_partie() -> None:
    set_language("de")
    try:
        texts = [tr("The game is over. The host has saved the replay."),
                 tr("The game is over. Play a rematch at this table? It starts when every player has agreed."),
                 message("prompt.game_over.you_win"), message("prompt.game_over", winner="Bob")]
    finally:
        set_language("en")
    for text in texts:
        assert text.startswith("Die Partie ist vorbei"), text
