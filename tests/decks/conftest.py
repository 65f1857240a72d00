"""Shared fixtures for the deck tests: a private MANATABLE_HOME and the fixture folder."""
from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "decks"


@pytest.fixture(autouse=True)
def manatable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("MANATABLE_HOME", str(home))
    return home


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
