"""The LAN GUI tests' own home folder and English messages (`pytestmark =
pytest.mark.usefixtures("gui_home")` in those modules)."""
from __future__ import annotations

import pytest

from app.i18n import set_language


@pytest.fixture
def gui_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    set_language("en")
    yield
    set_language("en")
