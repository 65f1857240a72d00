"""The local Archenemy game reads a scheme deck as the LAN table does (engine/decks/scheme_decks.py
load_scheme_deck): a file of the player's is read even when it has a built-in deck's name."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app import archenemy_dialog
from engine.decks.samples import commander_decks
from engine.decks.scheme_decks import built_in


def _start(monkeypatch: pytest.MonkeyPatch, fmt: str, decks: list[str], schemes: list[str]) -> dict[str, Any]:
    """start_archenemy with the deck check passed and the game replaced by a record of what the
    game would have been started with (its decks, commanders and scheme decks)."""
    got: dict[str, Any] = {}

    def game(fmt: str, decks: Any, commanders: Any, schemes: list[list[str]], level: str, **kw: Any) -> Any:
        got.update(decks=decks, commanders=commanders, schemes=schemes)
        return SimpleNamespace(thinking=SimpleNamespace(connect=lambda fn: None))

    monkeypatch.setattr(archenemy_dialog, "checked_start", lambda *a, **k: True)
    monkeypatch.setattr(archenemy_dialog.AISession, "archenemy_game", staticmethod(game))
    status = SimpleNamespace(showMessage=lambda *a: None, clearMessage=lambda: None)
    window = SimpleNamespace(settings=SimpleNamespace(player_name="Vera", stops=None, opponent_stops=None),
                             statusBar=lambda: status, show_session=lambda s: None)
    assert archenemy_dialog.start_archenemy(window, fmt, decks, schemes, 0, "heuristic")
    return got


def test_own_scheme_file_named_like_a_built_in_deck(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    decks = [str(p) for p in commander_decks()[:2]]
    mine = built_in(commander_decks()[1])  # another product's ten schemes, in a file of the player's
    assert set(mine) != set(built_in(commander_decks()[0]))
    own = tmp_path / f"{commander_decks()[0].stem}.txt"  # "death_toll.txt": the name of a built-in deck
    own.write_text("".join(f"1 {name}\n" for name in mine), encoding="utf-8")
    assert _start(monkeypatch, "archenemy_commander", decks, [str(own), ""])["schemes"] == [mine, []]


def test_classic_archenemy_takes_a_deck_without_a_commander(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The classic Archenemy (CR 904) has no commanders: a 60-card deck that names none starts the
    game (it was refused as "a Commander deck names its commander"); a Commander deck's commander
    plays as one of its cards there."""
    plain = tmp_path / "plain.txt"
    plain.write_text("24 Swamp\n36 Grave Titan\n", encoding="utf-8")
    got = _start(monkeypatch, "archenemy", [str(plain), str(commander_decks()[0])], ["", ""])
    assert len(got["decks"][0]) == 60 and got["commanders"] == [[], []]
    assert len(got["decks"][1]) == 100
