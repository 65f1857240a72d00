"""docs/shortcuts.md is the shortcut table of the app (app/shell/shortcuts.py), in English."""
from __future__ import annotations

from pathlib import Path

from app.i18n import set_language
from app.shell.dialogs import key_text
from app.shell.shortcuts import SHORTCUTS, markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "shortcuts.md"


def test_docs_list_every_shortcut_as_the_app_does() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown(), "regenerate docs/shortcuts.md from app.shell.shortcuts"


def test_no_key_is_bound_twice() -> None:
    keys = [k.lower() for _, k, _, _ in SHORTCUTS]
    assert len(keys) == len(set(keys))


def test_the_help_names_keys_in_the_ui_language() -> None:
    """Issue #25 item 14: the German help said "Ctrl+Return" where the keyboard says Strg."""
    set_language("de")
    try:
        assert key_text("Ctrl+Return") == "Strg+Eingabe"
        assert key_text("Ctrl++") == "Strg++" and key_text("Space") == "Leertaste"
    finally:
        set_language("en")
    assert key_text("Ctrl+Shift+I") == "Ctrl+Shift+I"
