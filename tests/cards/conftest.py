"""Shared fixtures for the card database tests: every test gets its own MANATABLE_HOME."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator

import pytest

from engine.cards.db import CardDB

from carddb_helpers import ALL_FIXTURES, FIXTURES


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test ever touches the user's real data directory."""
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(scope="session")
def _template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built once from the bundled assets; tests get copies of it."""
    path = tmp_path_factory.mktemp("template") / "cards.sqlite"
    CardDB.open(path).close()
    return path


@pytest.fixture
def db(_template: Path, home: Path) -> Iterator[CardDB]:
    """A fresh, writable bundled-only database at the default place (data_dir)."""
    target = home / "data" / "cards.sqlite"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(_template, target)
    database = CardDB.open()
    assert database.path == target
    yield database
    database.close()


@pytest.fixture(scope="session")
def full_db_path(_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bundled cards plus every fixture file imported (read-only use)."""
    path = tmp_path_factory.mktemp("full") / "cards.sqlite"
    shutil.copy(_template, path)
    database = CardDB.open(path)
    for name in ALL_FIXTURES:
        report = database.import_file(FIXTURES / name)
        assert report.ok, report.error
    database.close()
    return path


@pytest.fixture
def full_db(full_db_path: Path) -> Iterator[CardDB]:
    database = CardDB.open(full_db_path)
    yield database
    database.close()
