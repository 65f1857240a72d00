"""The table the screenshot tools photograph (tools/shots_*.py): a goldfish game from a setup,
in a 1500x950 main window, offscreen, with `settle()` to let the table draw."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

# (set before Qt is imported: offscreen, and a home of its own so no user file is touched)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-shots-"))
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.session import LocalSession  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.game import Game  # noqa: E402


def open_table(setup: dict[str, Any], default_lang: str, seed: int,
               players: list[str] | None = None, fmt: str = "free_for_all") -> tuple[Any, Any, Any, Callable[[], None]]:
    """(game, session, window, settle) for this setup, in SHOT_LANG (else `default_lang`)."""
    app = QApplication.instance() or QApplication([])
    lang = os.environ.get("SHOT_LANG", default_lang)
    set_language(lang)

    game = Game(GameConfig(players=players or ["You", "Bob"], mode="rules", setup=setup, goldfish=players is None,
                           seed=seed, format=fmt))
    session = LocalSession(game, 0)
    win = MainWindow(Settings(language=lang, animations=False))
    win.resize(1500, 950)
    win.show()
    win.show_session(session)

    def settle() -> None:
        for _ in range(30):
            app.processEvents()
        if win.table is not None:
            win.table.store.flush()
        for _ in range(10):
            app.processEvents()

    settle()
    return game, session, win, settle


def shoot(win: Any, settle: Callable[[], None], path: Path, preview: str = "") -> Path:
    """Save the window as it is drawn now, with the card called `preview` (if any, on the
    table) in the card preview first; the path is printed."""
    table = win.table
    if preview and table is not None:
        item = next((i for i in table.scene.cards.values() if i.name == preview), None)
        if item is not None:
            table.preview.show_item(item)
    settle()
    win.grab().save(str(path))
    print(path)
    return path


def out_dir(argv: list[str]) -> Path:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    return out
