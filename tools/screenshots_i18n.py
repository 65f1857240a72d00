"""Screenshots of the start page, the table mid-game, the deck editor and the settings in
every UI language: `python tools/screenshots_i18n.py [OUT_DIR]` (default docs/screenshots).

Files: ui_<window>_<lang>.png, e.g. ui_start_de.png, ui_table_it.png.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.decks.editor import DeckEditor  # noqa: E402
from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.dialogs import SettingsDialog  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from screenshots import shot  # noqa: E402

LANGS = ("en", "de", "it")


def settle(app: object, rounds: int = 30) -> None:
    for _ in range(rounds):
        app.processEvents()  # type: ignore[attr-defined]


def main() -> int:
    app = QApplication.instance() or QApplication([])

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        set_language(lang)
        win = MainWindow(Settings(animations=False, language=lang))
        win.resize(1280, 800)
        win.show()
        settle(app)
        win.grab().save(str(out / f"ui_start_{lang}.png"))
        win.close()

        dialog = SettingsDialog(Settings(language=lang))
        dialog.show()
        settle(app)
        dialog.grab().save(str(out / f"ui_settings_{lang}.png"))
        dialog.close()

        editor = DeckEditor(on_goldfish=lambda *a: None)
        editor.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
        editor.resize(1400, 860)
        editor.show()
        # Eerie Vigil: its cards have printed names and texts in every language; in Italian
        # the same deck as the Italian list (assets/decks/veglia_inquietante_it.txt)
        deck = "veglia_inquietante_it.txt" if lang == "it" else "eerie_vigil.cod"
        editor.open_path(ROOT / "assets" / "decks" / deck)
        settle(app, 60)
        editor.grab().save(str(out / f"ui_deck_editor_{lang}.png"))
        editor.close()

        path, _ = shot(lang, out, f"ui_table_{lang}", (1500, 950))
        print(path)
    set_language("en")
    return 0


if __name__ == "__main__":
    sys.exit(main())
