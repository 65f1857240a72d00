"""Crash handling: an unexpected exception in the GUI loses nothing.

`install(window)` hooks sys.excepthook and threading.excepthook. An exception that reaches
them (a bug in a slot, a paint handler, a worker thread) is written with its traceback to
a rotating log file in the data folder, the game in progress is autosaved, and a dialog
tells the user what happened, where the log is and where the game was saved. The app
keeps running: the table stays usable and the autosave can be opened again.

The autosave is the table's (app/autosave.py, "Resume game") when present, so the start
page offers the crashed game again; else the session's own atomic save to the same file.
"""
from __future__ import annotations

import importlib
import logging
import logging.handlers
import sys
import tempfile
import threading
import traceback
from pathlib import Path
from types import TracebackType
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox

from app.i18n import tr
from engine import paths

log = logging.getLogger("manatable")
LOG_NAME = "manatable.log"
AUTOSAVE_NAME = "autosave.manatable.json"  # the same file app/autosave.py writes and offers
LOG_BYTES = 1024 * 1024  # per file; three old files are kept
_handler: logging.Handler | None = None
_handler_path: Path | None = None


def log_path() -> Path:
    """logs/manatable.log in the data folder (the temp folder if that cannot be made)."""
    try:
        return paths.data_dir() / "logs" / LOG_NAME
    except OSError:
        return Path(tempfile.gettempdir()) / LOG_NAME


def setup_logging() -> Path:
    """Warnings and errors of every module go to the rotating log file (one handler; a new
    one when the data folder changed, as between tests)."""
    global _handler, _handler_path
    path = log_path()
    if _handler is not None and _handler_path != path:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None
    if _handler is None:
        _handler_path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=3,
                                                            encoding="utf-8")
        except OSError as exc:  # a read-only data folder: no log file, but no crash either
            print(f"manatable: cannot write the log file {path}: {exc}", file=sys.stderr)
            _handler = logging.StreamHandler(sys.stderr)
        _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        _handler.setLevel(logging.WARNING)
        root = logging.getLogger()
        root.addHandler(_handler)
        if root.level > logging.WARNING or root.level == logging.NOTSET:
            root.setLevel(logging.WARNING)
    return path


def autosave(session: Any) -> Path | None:
    """Save the game of `session` (a LocalSession) on the side; the file, or None if there was
    nothing to save or saving failed (logged, never raised: this runs inside crash handling)."""
    if session is None or not hasattr(session, "save"):
        return None
    try:
        table_autosave: Any = importlib.import_module(f"{__package__}.autosave")  # the table's, when merged
    except ImportError:
        table_autosave = None
    if table_autosave is not None:
        result: Path | None = table_autosave.write_autosave(session)
        return result
    try:
        target = paths.data_dir() / AUTOSAVE_NAME
        session.save(target)  # Game.to_json written with paths.atomic_write
        return target
    except Exception:
        log.exception("Cannot autosave the game in progress")
        return None


def report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
           session: Any = None) -> tuple[Path, Path | None]:
    """Log the traceback and autosave the game: (log file, autosave file or None)."""
    path = setup_logging()
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    log.error("Unexpected error\n%s", text.rstrip())
    saved = autosave(session)
    if saved is not None:
        log.error("The game in progress was saved to %s", saved)
    return path, saved


def message(exc: BaseException, log_file: Path, saved: Path | None) -> str:
    """The dialog's text in the UI language: what happened, the log file, the saved game."""
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    parts = [tr("Something went wrong inside Manatable: {message}", message=what), tr("The details are in the log file {path}.", path=str(log_file))]
    parts.append(tr("Your game in progress was saved to {path}; you can open it again with File › Open game.", path=str(saved)) if saved else tr("No game was in progress, so nothing needed saving. You can keep playing; if something looks wrong, restart Manatable."))
    return "\n\n".join(parts)


class CrashHandler:
    """The installed hooks. `session_of()` gives the session to autosave (the window's table)."""

    def __init__(self, parent: Any, session_of: Callable[[], Any]) -> None:
        class _Bridge(QObject):  # carries a worker thread's exception to the GUI thread
            raised = Signal(object)

        self.parent = parent
        self.session_of = session_of
        self.dialog: Any = None  # the open crash dialog: a second error only adds to the log
        self.shown = 0
        self._bridge = _Bridge()
        self._bridge.raised.connect(self._show)
        self._old_hook = sys.excepthook
        self._old_thread_hook = threading.excepthook

    def install(self) -> "CrashHandler":
        setup_logging()
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook
        return self

    def uninstall(self) -> None:
        sys.excepthook = self._old_hook
        threading.excepthook = self._old_thread_hook

    def excepthook(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):  # Ctrl+C in the terminal quits as usual
            self._old_hook(exc_type, exc, tb)
            return
        traceback.print_exception(exc_type, exc, tb)  # the terminal sees it too
        if threading.current_thread() is threading.main_thread():
            self._show((exc_type, exc, tb))
        else:
            self._bridge.raised.emit((exc_type, exc, tb))

    def thread_excepthook(self, args: Any) -> None:
        if args.exc_type is SystemExit:
            return
        self.excepthook(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback)

    def _show(self, info: tuple[type[BaseException], BaseException, TracebackType | None]) -> None:
        exc_type, exc, tb = info
        try:
            session = self.session_of()
        except Exception:
            session = None
        log_file, saved = report(exc_type, exc, tb, session)
        if self.dialog is not None:  # one dialog at a time; a paint error would repeat forever
            return
        try:

            box = QMessageBox(self.parent)
            box.setIcon(QMessageBox.Icon.Critical)
            box.setWindowTitle(tr("Manatable: unexpected error"))
            box.setText(message(exc, log_file, saved))
            box.setDetailedText("".join(traceback.format_exception(exc_type, exc, tb)))
            box.setStandardButtons(QMessageBox.StandardButton.Ok)
            box.setObjectName("crashDialog")
            self.dialog = box
            self.shown += 1
            box.finished.connect(self._closed)
            box.open()  # not exec(): a nested event loop inside an excepthook invites re-entry
        except Exception:  # the dialog itself failed: the log has everything
            log.exception("Cannot show the crash dialog")
            self.dialog = None

    def _closed(self, _result: int = 0) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
        self.dialog = None


def install(window: Any) -> CrashHandler:
    """Hook the crash handling up for `window` (a MainWindow: its table's session is saved)."""
    def session_of() -> Any:
        table = getattr(window, "table", None)
        return getattr(table, "session", None) if table is not None else None
    return CrashHandler(window, session_of).install()
