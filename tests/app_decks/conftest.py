"""Deck editor tests: offscreen Qt, a private MANATABLE_HOME, one card database per test.

The database is built from the bundled cards once per session and copied for each test,
so a test that imports cards never leaks them into another.
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shutil  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from app.decks import library as library_module  # noqa: E402
from app.decks.editor import DeckEditor  # noqa: E402
from app.i18n import set_language  # noqa: E402
from engine import paths  # noqa: E402
from engine.cards.db import CardDB  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test touches the user's real config, data or cache directories."""
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(scope="session")
def _template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cards") / "cards.sqlite"
    CardDB.open(path).close()
    return path


@pytest.fixture(scope="session")
def _render_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Card renders shared by all tests (rendering is the slow part; the cache is keyed by
    what is drawn, so sharing it cannot change what a test sees)."""
    return tmp_path_factory.mktemp("render-cache")


@pytest.fixture
def library(_template_db: Path, _render_cache: Path, home: Path,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A CardLibrary over a fresh copy of the bundled database, shared by every window."""
    real_cache_dir = paths.cache_dir
    monkeypatch.setattr(paths, "cache_dir", lambda: _render_cache)
    target = home / "data" / "cards.sqlite"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(_template_db, target)
    db = CardDB.open(target)
    lib = library_module.CardLibrary(db=db, image_dirs=[])
    library_module.set_shared_library(lib)
    yield lib
    lib.pixmaps.shutdown()
    library_module.set_shared_library(None)
    db.close()
    del real_cache_dir


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


@pytest.fixture
def editor(qtbot: object, library: object, english: None) -> Iterator[object]:
    """A shown deck editor; closing it at the end never asks anything."""
    goldfished: list[tuple[list[str], str]] = []
    ed = DeckEditor(library=library, on_goldfish=lambda names, name, commanders: goldfished.append(
        (names, name)))
    ed.goldfished = goldfished
    qtbot.addWidget(ed)  # type: ignore[attr-defined]
    ed.show()
    with qtbot.waitActive(ed):  # type: ignore[attr-defined]  # shortcuts need focus inside
        ed.activateWindow()
    ed.ask_save_changes = lambda: "discard"
    ed.errors = []
    ed.show_error = ed.errors.append
    yield ed
    ed.ask_save_changes = lambda: "discard"
    ed.close()
