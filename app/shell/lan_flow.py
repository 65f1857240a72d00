"""The ways into a LAN game from the main window: Host (a server in this process, on the
network thread) or Join; then the lobby; then the same table as a local game."""
from __future__ import annotations

import errno
import logging
import time
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMessageBox

from app import lan_seats
from app.i18n import message, tr
from app.net_session import RemoteSession
from app.net_worker import NetWorker
from app.settings import documents_dir
from app.shell.deck_file import open_deck
from app.shell.lan_dialogs import LanDialog, LobbyDialog
from app.shell.status_pace import StatusPace, say
from engine.config import MAX_COMMANDERS
from engine.net.journal import JournalError
from engine.paths import data_dir

log = logging.getLogger(__name__)
# the most cards a LAN deck submission holds (engine/net/protocol.py SubmitDeck.cards): a bigger
# deck is refused here, with its size, instead of being sent cut short
MAX_LAN_DECK_CARDS = 250


def _deck_names(window: Any, path: str) -> tuple[list[str], list[str]] | None:
    """The deck's cards (its commander among them, CR 903.5a) and its commander(s), if any."""
    loaded = open_deck(window, path, tr("LAN game"))
    if loaded is None:
        return None
    names = loaded.deck.card_names()
    lead = loaded.deck.card_names("commander")
    if len(names) + len(lead) > MAX_LAN_DECK_CARDS:
        QMessageBox.warning(window, tr("LAN game"), tr("The deck {path} has {count} cards; a LAN game takes decks of at most {maximum} cards.",
                                                       path=path, count=len(names) + len(lead), maximum=MAX_LAN_DECK_CARDS))
        return None
    if len(lead) > MAX_COMMANDERS:  # (CR 903.3c: two partners at most; more were sent cut to the first two)
        QMessageBox.warning(window, tr("LAN game"), tr("The deck {path} names {count} commanders; a deck has at most {maximum}.",
                                                       path=path, count=len(lead), maximum=MAX_COMMANDERS))
        return None
    return names + lead, lead


def host_lan(window: Any, *, bind: str = "0.0.0.0", announce: bool = True, dialog: Any = None,
             port: int | None = None) -> Any:
    """Ask for the table's settings, start hosting, sit down at seat 1; the lobby follows."""
    dlg = dialog or LanDialog(window.settings, host=True, parent=window)
    if dialog is None and not dlg.exec():
        return None
    deck = _deck_names(window, dlg.deck_path())
    if deck is None:
        return None
    _remember(window, dlg.name.text())
    worker = NetWorker()
    tried = dlg.port.value() if port is None else port
    try:
        port = worker.host(players=dlg.players.value(), mode=str(dlg.mode.currentData()),
                           game=dlg.game.text().strip() or "Manatable",
                           port=tried, bind=bind,
                           announce=announce, journal_dir=data_dir() / "lan" / time.strftime("%Y%m%d-%H%M%S"),
                           paper=dlg.paper.isChecked(), any_deck=dlg.any_deck.isChecked(), decision_seconds=60.0 * dlg.decision_minutes.value(),
                           game_seconds=60.0 * dlg.game_minutes.value(), on_timeout=str(dlg.on_timeout.currentData()),
                           format=str(dlg.format.currentData()))
    except Exception as exc:
        worker.stop()
        QMessageBox.warning(window, tr("Host a LAN game"), tr("The game cannot be hosted on port {port}: {detail}", port=tried,
                                                              detail=hosting_problem(exc, tried)))
        return None
    window.statusBar().showMessage(tr("Your table is open on port {port}. Players on your network can join it now.", port=port), 15000)
    return _enter(window, worker, f"127.0.0.1:{port}", dlg.name.text().strip(), deck[0], is_host=True,
                  commanders=deck[1], deck_path=dlg.deck_path(), scheme_path=dlg.scheme_path())


def hosting_problem(exc: BaseException, port: int) -> str:
    """Why a table could not be opened (or resumed), in the user's language: the journal's
    fault by its sentence (net.journal.*), the port by what is wrong with it; the system's own
    text (English) only for an error nobody foresaw."""
    log.info("LAN hosting problem: %r", exc)
    if isinstance(exc, JournalError):
        return message(exc.key, **exc.params)
    code = getattr(exc, "errno", None)
    if code == errno.EADDRINUSE:
        return tr("another program (or another table) already uses port {port}.", port=port)
    if code in (errno.EACCES, errno.EPERM):
        return tr("this computer does not let Manatable use port {port}.", port=port)
    if code == errno.EADDRNOTAVAIL:
        return tr("this computer has no network address to offer the table on.")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def _remember(window: Any, name: str, address: str = "") -> None:
    """The name (and the address joined) are offered again next time."""
    if name.strip() and name.strip() != tr("You"):  # (the default "You" is nobody's name)
        window.settings.player_name = name.strip()
    if address:
        window.settings.last_address = address
    window._save_settings()


def resume_lan(window: Any, *, bind: str = "0.0.0.0", announce: bool = True) -> Any:
    """Host again the newest LAN game this user hosted and did not finish (its journal, as
    `manatable-server --resume`), on the same port, and sit down in the host's seat: the
    other players' programs come back by themselves (they retry for five minutes) or with
    Join ▸ Rejoin the game."""
    kept = lan_seats.hosted()
    if not kept:
        QMessageBox.information(window, tr("Resume a LAN game"), tr("There is no LAN game you hosted to resume."))
        return None
    seat = kept[0]
    port = int(seat.address.rsplit(":", 1)[1])
    worker = NetWorker()
    try:
        worker.host(players=2, mode="hybrid", game=seat.game, port=port, bind=bind, announce=announce,
                    resume=Path(seat.journal))
    except Exception as exc:  # the journal unreadable, the port taken
        worker.stop()
        QMessageBox.warning(window, tr("Resume a LAN game"), tr("The game “{game}” cannot be resumed: {detail}", game=seat.game,
                                                                detail=hosting_problem(exc, port)))
        return None
    window.statusBar().showMessage(tr("Your table “{game}” is open again on port {port}. The other players can rejoin it now.", game=seat.game, port=port), 15000)
    return _enter(window, worker, f"127.0.0.1:{port}", seat.name, [], is_host=True, token=seat.token)


def join_lan(window: Any, *, dialog: Any = None) -> Any:
    dlg = dialog or LanDialog(window.settings, host=False, parent=window)
    if dialog is None and not dlg.exec():
        return None
    watching = dlg.watching()
    address = dlg.address.text().strip()
    _remember(window, dlg.name.text(), address)
    kept = None if watching else lan_seats.saved(address, dlg.name.text())
    if kept is not None and ask_rejoin(window, kept):  # this computer had a seat there
        return _enter(window, NetWorker(), address, kept.name, [], is_host=False, token=kept.token)
    deck = ([], []) if watching else _deck_names(window, dlg.deck_path())
    if deck is None:
        return None
    return _enter(window, NetWorker(), address, dlg.name.text().strip(), deck[0], is_host=False,
                  watching=watching, commanders=deck[1], deck_path=dlg.deck_path(), scheme_path=dlg.scheme_path())


def ask_rejoin(window: Any, kept: Any) -> bool:
    """Offer the seat kept on disk (app/lan_seats.py): "Rejoin the game" or a new seat."""
    box = QMessageBox(QMessageBox.Icon.Question, tr("Join a LAN game"),
                      tr("You have a seat at “{game}” as {name}. Rejoin the game?", game=kept.game, name=kept.name),
                      QMessageBox.StandardButton.NoButton, window)
    again = box.addButton(tr("Rejoin the game"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(tr("Join as a new player"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    return box.clickedButton() is again


def _enter(window: Any, worker: Any, address: str, name: str, deck: list[str], *, is_host: bool,
           watching: bool = False, token: str = "", commanders: list[str] | None = None,
           deck_path: str = "", scheme_path: str = "") -> Any:
    session = RemoteSession(worker, deck, stops=window.settings.stops, opponent_stops=window.settings.opponent_stops,
                            commanders=commanders, deck_path=deck_path, scheme_path=scheme_path)
    lobby = LobbyDialog(session, is_host, window, watching=watching)
    window.lan_lobby = lobby  # tests drive it
    worker.connect_to(address, name, role="spectator" if watching else "player", token=token)
    lobby.finished.connect(lambda result: _lobby_done(window, session, result))
    lobby.edit_deck_wanted.connect(lambda path: window.open_deck_editor(path) if path else None)
    lobby.other_deck_wanted.connect(lambda: other_deck(window, session))
    lobby.open()
    return session


def other_deck(window: Any, session: Any, path: str | None = None) -> bool:
    """Choose another deck in the lobby after the host refused one (asked for unless `path` is
    given): read and checked as a deck chosen in the Join dialog, then submitted."""
    if path is None:
        path, _ = QFileDialog.getOpenFileName(window, tr("Open a deck file…"), documents_dir(),
                                              tr("Decks (*.cod *.dek *.txt *.dec);;All files (*)"))
    if not path:
        return False
    deck = _deck_names(window, path)
    return deck is not None and session.change_deck(deck[0], deck[1], path)


def _lobby_done(window: Any, session: Any, result: int) -> None:
    window.lan_lobby = None
    table = getattr(window, "table", None)
    if table is not None and table.session is session:
        return  # (the lobby closed again as a reconnected seat's game restarted: already there)
    if not session.playing:
        session.close()
        return
    attach(window, session)


def attach(window: Any, session: Any) -> None:
    """Show the table for a remote session and route its LAN-only signals to the window."""
    window.show_session(session)
    status_line(window, session)
    session.connection_state.connect(lambda state, detail: _connection(window, state, detail))
    session.undo_asked.connect(lambda who: _undo_asked(window, session, who))
    session.undo_closed.connect(lambda: _undo_closed(window))
    session.game_over.connect(lambda outcome: _game_over(window, session, outcome))
    session.out_of_time.connect(lambda who: _out_of_time(window, session, who))


def status_line(window: Any, session: Any) -> StatusPace:
    """The session's sentences on the window's status line: the clock's at a human pace."""
    pace = StatusPace(window.statusBar())
    window.lan_status = pace
    session.status.connect(pace.say)
    session.clock_status.connect(pace.clock)
    return pace


def _out_of_time(window: Any, session: Any, who: str) -> None:
    """Another player ran out of time: claim the win, or wait for them (issue #26)."""
    box = QMessageBox(QMessageBox.Icon.Question, tr("Out of time"),
                      tr("{name} ran out of time. Claim the win?", name=who),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.finished.connect(lambda r: session.claim_win() if r == QMessageBox.StandardButton.Yes else None)
    window.lan_claim_box = box  # tests drive it
    box.open()


def _connection(window: Any, state: str, detail: str) -> None:
    if state == "reconnecting":  # (its detail is the address: the reason the last drop gave stays)
        return
    if state == "dropped":
        if detail == "1001":  # "going away": the host closed its window (not a raw close code)
            say(window, tr("The host closed the table. Reconnecting until the host resumes it…"))
        elif detail == tr("the connection broke off"):  # (app/net_worker.py: no reason beyond that)
            say(window, tr("The connection to the table broke off. Reconnecting…"))
        else:
            say(window, tr("The connection to the table was lost ({detail}). Reconnecting…", detail=detail))
    elif state == "connected":
        say(window, tr("Connected to the table again."), 8000)
    elif state in ("failed", "closed"):
        _host_gone(window, detail)


def _host_gone(window: Any, detail: str) -> None:
    """The host cannot be reached any more: say so in words, and offer the way back — the
    seat's key is kept (app/lan_seats.py), so rejoining works once the host resumes the table."""
    table = getattr(window, "table", None)
    session = getattr(table, "session", None)
    refused = getattr(session, "refusal", "")  # (not a refused action of long ago)
    if detail == "1001":  # "going away": the host closed its window (not a raw close code)
        detail = tr("the host closed the table")
    text = refused or tr("The host has left the game or can no longer be reached ({detail}). When the host resumes the table, you can rejoin the game.", detail=detail)
    box = QMessageBox(QMessageBox.Icon.Warning, tr("LAN game"), text, QMessageBox.StandardButton.NoButton, window)
    again = None
    worker = getattr(session, "worker", None)
    if worker is not None and worker.token and getattr(session, "controls", None):
        again = box.addButton(tr("Rejoin the game"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(tr("Close"), QMessageBox.ButtonRole.RejectRole)

    def rejoin(button: Any) -> None:
        if worker is not None and again is not None and button is again:
            worker.connect_to(worker.address, worker.name, token=worker.token)
    box.buttonClicked.connect(rejoin)
    window.lan_gone_box = box  # tests drive it
    say(window, text)
    box.open()


def _undo_closed(window: Any) -> None:
    """The request was settled (declined by another, lapsed): its question closes unanswered."""
    box = getattr(window, "lan_undo_box", None)
    if box is not None and box.isVisible():
        box.close()


def _undo_asked(window: Any, session: Any, who: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Question, tr("Take back an action?"), tr("{name} asks to take back their last action. Do you agree?", name=who),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.finished.connect(lambda r: session.answer_undo(r == QMessageBox.StandardButton.Yes))
    window.lan_undo_box = box
    box.open()


def _game_over(window: Any, session: Any, outcome: dict[str, Any]) -> None:
    """The game is over: say so, and offer a seated player a rematch (every player must
    agree; the host starts it when all have asked, docs/protocol.md)."""
    say(window, tr("The game is over. The host has saved the replay."), 30000)
    if not session.controls:  # a spectator watches the next game when there is one
        return
    box = QMessageBox(QMessageBox.Icon.Information, tr("LAN game"), tr("The game is over. Play a rematch at this table? It starts when every player has agreed."),
                      QMessageBox.StandardButton.NoButton, window)
    again = box.addButton(tr("Rematch"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(tr("Not now"), QMessageBox.ButtonRole.RejectRole)
    box.buttonClicked.connect(lambda b: session.rematch() if b is again else None)
    window.lan_rematch_box = box  # tests drive it
    box.open()
