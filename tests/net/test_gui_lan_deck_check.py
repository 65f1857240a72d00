"""The LAN host's deck check seen in the lobby, in German: a Commander table refuses a 60-card
Commander deck with a sentence (a game against the computer asked first; a LAN table took it
without a word); the lobby then offers what the computer game's question offers, bar "play
anyway" (the host's to allow): edit the deck, or choose another one, which the host checks again."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import pytest  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from engine.decks import read_deck  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402
from table_driver import lan_dialog  # noqa: E402 - tools/table_driver.py: the drivers fill it so too
from net_helpers import hosting  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _short_deck(tmp_path: Path) -> Path:
    deck = read_deck(commander_decks()[0]).deck
    lead = deck.card_names("commander")[0]
    path = tmp_path / "kurz.txt"
    path.write_text(f"Commander\n1 {lead}\n\nDeck\n" + "\n".join(f"1 {n}" for n in deck.card_names()[:59]) + "\n",
                    encoding="utf-8")
    return path


def test_a_refused_deck_is_said_in_the_lobby_and_another_one_can_be_chosen(qtbot, tmp_path: Path) -> None:
    set_language("de")
    decks = [str(p) for p in commander_decks()]
    w, host = hosting(qtbot, lambda w: lan_dialog(w, host=True, name="Anna", deck=decks[0], players=2))
    lobby = w.lan_lobby
    assert lobby.edit_deck.isHidden() and lobby.other_deck.isHidden()
    short = _short_deck(tmp_path)
    assert lan_flow.other_deck(w, host, str(short))
    qtbot.waitUntil(lambda: not lobby.ready.isEnabled(), timeout=20000)
    text = lobby.deck_info.text()
    assert text.startswith("Der Gastgeber hat dein Deck abgelehnt: An diesem Tisch sind nur Decks erlaubt, die die "
                           "Deckprüfung seines Formats bestehen, und dieses Deck verletzt eine ihrer Regeln."), text
    assert "100" in text
    assert not lobby.edit_deck.isHidden() and not lobby.other_deck.isHidden()
    opened: list[str] = []
    w.open_deck_editor = lambda path=None: opened.append(path)  # type: ignore[method-assign]
    lobby.edit_deck.click()
    assert opened == [str(short)]
    assert lan_flow.other_deck(w, host, decks[1])            # another deck: checked again, taken
    qtbot.waitUntil(lambda: lobby.ready.isEnabled(), timeout=20000)
    assert lobby.deck_info.text() == "Der Gastgeber hat dein Deck angenommen."
    assert lobby.edit_deck.isHidden() and lobby.other_deck.isHidden()
    host.close()
