"""Issue #25 item 14: deck file dialogs start in the user's documents (or next to the user's
own deck), never in the program's sample folder."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.settings import documents_dir
from engine.decks import sample_decks


def test_a_sample_deck_open_saves_to_the_documents(editor: Any, tmp_path: Path) -> None:
    assert editor.open_path(sample_decks()[0], confirmed=True)
    start = Path(editor._start_dir())
    assert start != sample_decks()[0].parent and start == Path(documents_dir())
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "d.txt").write_text("20 Forest\n20 Swamp\n", encoding="utf-8")
    assert editor.open_path(mine / "d.txt", confirmed=True)
    assert Path(editor._start_dir()) == mine  # beside the user's own deck
