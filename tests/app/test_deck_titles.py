"""One name per deck in every dialog (issue #25, item 14: "Survivors Camp" in one dialog and
"Survivors' Camp" in another): the name the deck file gives itself, else its file name."""
from __future__ import annotations

from pathlib import Path

from app.ai_dialog import VsComputerDialog
from app.settings import Settings
from app.shell.lan_dialogs import LanDialog
from engine.decks.samples import SAMPLE_DIR, deck_title


def test_deck_title_reads_the_name_the_file_gives(tmp_path: Path) -> None:
    assert deck_title(SAMPLE_DIR / "survivors_camp.cod") == "Survivors' Camp"
    assert deck_title(SAMPLE_DIR / "commander" / "official" / "jump_scare.txt") == "Jump Scare!"
    arena = tmp_path / "my_arena_export.txt"
    arena.write_text("About\nName Rakdos & Friends\n\nDeck\n4 Murder\n", encoding="utf-8")
    assert deck_title(arena) == "Rakdos & Friends"
    cod = tmp_path / "x.cod"
    cod.write_text("<cockatrice_deck><deckname>Tom &amp; Jerry</deckname></cockatrice_deck>", encoding="utf-8")
    assert deck_title(cod) == "Tom & Jerry"
    nameless = tmp_path / "plain_list.txt"
    nameless.write_text("4 Murder\n", encoding="utf-8")
    assert deck_title(nameless) == "plain_list"
    assert deck_title(tmp_path / "gone.cod") == "gone"


def test_dialogs_show_the_same_deck_name(qtbot, tmp_path: Path) -> None:
    settings = Settings(animations=False)
    computer = VsComputerDialog(settings)
    lan = LanDialog(settings, host=True)
    qtbot.addWidget(computer)
    qtbot.addWidget(lan)
    listed = [[combo.itemText(i) for i in range(combo.count())] for combo in (computer.mine, lan.deck)]
    for items in listed:
        assert any(text.startswith("Survivors' Camp") for text in items), items
        assert not any(text.startswith("Survivors Camp") for text in items), items
