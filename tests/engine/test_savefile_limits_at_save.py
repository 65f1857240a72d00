"""A game the app could not open again is refused when it is saved, with a message, and the file
already there is left as it was (a game over the saved-game limits used to save, then not load)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import savefile
from engine.config import GameConfig
from engine.game import Game
from engine.messages import english
from engine.paths import atomic_write
from engine.savefile import SaveFileError, encode, read_save

DECK = ["Forest"] * 20


def _played(actions: int) -> Game:
    g = Game(GameConfig(decks=[DECK, DECK], seed=1, mode="tabletop", skip_mulligans=True))
    for _ in range(actions):
        g.apply(g.parse_action(0, "shuffle"))  # (a table move: any number of them)
    return g


def test_a_game_with_more_actions_than_a_save_holds_is_refused_at_save_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    g = _played(6)
    assert len(g.history) == 6
    monkeypatch.setattr(savefile, "MAX_ACTIONS", 5)
    path = tmp_path / "game.manatable.json"
    atomic_write(path, "earlier save")
    with pytest.raises(SaveFileError) as info:
        atomic_write(path, encode(g.to_json()))
    assert info.value.key == "savefile.too_long_to_save"
    assert str(info.value) == english("savefile.too_long_to_save", actions=6, maximum=5)
    assert path.read_text() == "earlier save"
    # the same game within the limit saves, and opens again
    monkeypatch.setattr(savefile, "MAX_ACTIONS", 6)
    atomic_write(path, encode(g.to_json()))
    assert len(read_save(path)["actions"]) == 6


def test_a_save_larger_than_a_file_may_be_is_refused_at_save_time(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _played(2).to_json()
    size = len(encode(data))
    monkeypatch.setattr(savefile, "MAX_FILE_BYTES", size - 1)
    with pytest.raises(SaveFileError) as info:
        encode(data)
    assert info.value.key == "savefile.too_large_to_save"
    monkeypatch.setattr(savefile, "MAX_FILE_BYTES", size)
    assert len(encode(data)) == size


def test_every_save_of_the_app_goes_through_the_check() -> None:
    """The table's saves (and the computer game's) write what encode() gives (no other json.dumps)."""
    root = Path(__file__).resolve().parents[2]
    for rel in ("app/session.py", "app/ai_session.py"):
        text = (root / rel).read_text(encoding="utf-8")
        assert "savefile.encode(data)" in text and "json.dumps(data" not in text, rel
