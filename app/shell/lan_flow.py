"""The ways into a LAN game from the main window: Host (a server in this process, on the
network thread) or Join; then the lobby; then the same table as a local game."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from app.i18n import tr

log = logging.getLogger(__name__)


def _deck_names(window: Any, path: str) -> list[str] | None:
    from engine.decks import DeckFormatError, read_deck
    try:
        loaded = read_deck(Path(path))
    except (OSError, DeckFormatError, ValueError) as exc:
        QMessageBox.warning(window, tr("LAN game"), tr("The deck {path} cannot be opened: {detail}", path=path, detail=str(exc)))
        return None
    names = loaded.deck.card_names()
    if not names:
        QMessageBox.warning(window, tr("LAN game"), tr("The deck {path} has no cards in its main deck.", path=path))
        return None
    return names


def host_lan(window: Any, *, bind: str = "0.0.0.0", announce: bool = True, dialog: Any = None,
             port: int | None = None) -> Any:
    """Ask for the table's settings, start hosting, sit down at seat 1; the lobby follows."""
    from app.shell.lan_dialogs import LanDialog

    dlg = dialog or LanDialog(window.settings, host=True, parent=window)
    if dialog is None and not dlg.exec():
        return None
    deck = _deck_names(window, dlg.deck_path())
    if deck is None:
        return None
    from app.net_session import NetWorker
    from engine.paths import data_dir
    import time
    worker = NetWorker()
    try:
        port = worker.host(players=dlg.players.value(), mode=str(dlg.mode.currentData()),
                           game=dlg.game.text().strip() or "Manatable",
                           port=dlg.port.value() if port is None else port, bind=bind,
                           announce=announce, journal_dir=data_dir() / "lan" / time.strftime("%Y%m%d-%H%M%S"),
                           paper=dlg.paper.isChecked(), decision_seconds=60.0 * dlg.decision_minutes.value(),
                           game_seconds=60.0 * dlg.game_minutes.value(), on_timeout=str(dlg.on_timeout.currentData()))
    except Exception as exc:
        worker.stop()
        QMessageBox.warning(window, tr("Host a LAN game"), tr("The game cannot be hosted on port {port}: {detail}", port=dlg.port.value(),
                                                              detail=str(exc)))
        return None
    window.statusBar().showMessage(tr("Your table is open on port {port}. Players on your network can join it now.", port=port), 15000)
    return _enter(window, worker, f"127.0.0.1:{port}", dlg.name.text().strip(), deck, is_host=True)


def join_lan(window: Any, *, dialog: Any = None) -> Any:
    from app.shell.lan_dialogs import LanDialog

    dlg = dialog or LanDialog(window.settings, host=False, parent=window)
    if dialog is None and not dlg.exec():
        return None
    watching = dlg.watching()
    deck = [] if watching else _deck_names(window, dlg.deck_path())
    if deck is None:
        return None
    from app.net_session import NetWorker
    return _enter(window, NetWorker(), dlg.address.text().strip(), dlg.name.text().strip(), deck, is_host=False,
                  watching=watching)


def _enter(window: Any, worker: Any, address: str, name: str, deck: list[str], *, is_host: bool,
           watching: bool = False) -> Any:
    from app.net_session import RemoteSession
    from app.shell.lan_dialogs import LobbyDialog

    session = RemoteSession(worker, deck, stops=window.settings.stops, opponent_stops=window.settings.opponent_stops)
    lobby = LobbyDialog(session, is_host, window, watching=watching)
    window.lan_lobby = lobby  # tests drive it
    worker.connect(address, name, role="spectator" if watching else "player")
    lobby.finished.connect(lambda result: _lobby_done(window, session, result))
    lobby.open()
    return session


def _lobby_done(window: Any, session: Any, result: int) -> None:
    window.lan_lobby = None
    if not session.playing:
        session.close()
        return
    attach(window, session)


def attach(window: Any, session: Any) -> None:
    """Show the table for a remote session and route its LAN-only signals to the window."""
    window.show_session(session)
    bar = window.statusBar()
    session.status.connect(lambda text: bar.showMessage(text, 20000))
    session.connection_state.connect(lambda state, detail: _connection(window, state, detail))
    session.undo_asked.connect(lambda who: _undo_asked(window, session, who))
    session.game_over.connect(lambda outcome: _game_over(window, session, outcome))
    session.out_of_time.connect(lambda who: _out_of_time(window, session, who))


def _out_of_time(window: Any, session: Any, who: str) -> None:
    """Another player ran out of time: claim the win, or wait for them (issue #26)."""
    box = QMessageBox(QMessageBox.Icon.Question, tr("Out of time"),
                      tr("{name} ran out of time. Claim the win?", name=who),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.finished.connect(lambda r: session.claim_win() if r == QMessageBox.StandardButton.Yes else None)
    window.lan_claim_box = box  # tests drive it
    box.open()


def _connection(window: Any, state: str, detail: str) -> None:
    bar = window.statusBar()
    if state in ("dropped", "reconnecting"):
        bar.showMessage(tr("The connection to the table was lost ({detail}). Reconnecting…", detail=detail))
    elif state == "connected":
        bar.showMessage(tr("Connected to the table again."), 8000)
    elif state in ("failed", "closed"):
        QMessageBox.warning(window, tr("LAN game"), tr("The connection to the table failed: {detail}", detail=detail))


def _undo_asked(window: Any, session: Any, who: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Question, tr("Take back an action?"), tr("{name} asks to take back their last action. Do you agree?", name=who),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.finished.connect(lambda r: session.answer_undo(r == QMessageBox.StandardButton.Yes))
    window.lan_undo_box = box
    box.open()


def _game_over(window: Any, session: Any, outcome: dict[str, Any]) -> None:
    """The game is over: say so, and offer a seated player a rematch (every player must
    agree; the host starts it when all have asked, docs/protocol.md)."""
    window.statusBar().showMessage(tr("The game is over. The host has saved the replay."), 30000)
    if not session.controls:  # a spectator watches the next game when there is one
        return
    box = QMessageBox(QMessageBox.Icon.Information, tr("LAN game"), tr("The game is over. Play a rematch at this table? It starts when every player has agreed."),
                      QMessageBox.StandardButton.NoButton, window)
    again = box.addButton(tr("Rematch"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(tr("Not now"), QMessageBox.ButtonRole.RejectRole)
    box.buttonClicked.connect(lambda b: session.rematch() if b is again else None)
    window.lan_rematch_box = box  # tests drive it
    box.open()
