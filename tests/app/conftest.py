"""GUI tests run offscreen with their own MANATABLE_HOME."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    from app.i18n import set_language
    set_language("en")
    yield
    set_language("en")
