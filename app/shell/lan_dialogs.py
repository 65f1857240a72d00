"""Host and Join dialogs and the lobby (seats, ready states, chat) of a LAN game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QMessageBox, QLineEdit, QListWidget, QListWidgetItem, QPushButton, QSpinBox,
                               QTextEdit, QVBoxLayout, QWidget)

from app.ai_dialog import ComputerSeatDialog
from app.archenemy_dialog import format_title as archenemy_title, scheme_deck_combo
from app.deck_names import deck_name
from app.decks.text import deck_error_text
from app.i18n import message, tr, trc, trn
from app.seat_row import SeatRow, commander_deck_choices, commander_names, missing_note
from app.settings import Settings, documents_dir
from app.shell.deck_file import open_scheme_deck
from app.shell.lan_texts import esc, problem_text, table_rules
from engine.config import COMMANDER_FORMATS, FORMATS, MODES, SCHEME_FORMATS
from engine.decks import sample_decks
from engine.decks.samples import commander_decks
from engine.net.discovery import Browser, join_addresses, local_addresses
from engine.net.engine_port import max_players
from engine.net.protocol import DEFAULT_PORT

def format_title(fmt: str) -> str:
    """A game format's name in the UI language (New game → LAN)."""
    if fmt == "free_for_all":
        return tr("Free-for-all")
    if fmt == "commander":
        return trc("format", "Commander")
    return archenemy_title(fmt)


# the most schemes a LAN scheme deck holds (engine/net/protocol.py SubmitDeck.schemes)
MAX_LAN_SCHEMES = 40
MAX_PROBLEMS_SHOWN = 5  # a refused deck's problems in the line; all of them in its tooltip
MODE_KEYS = {"rules": "lan.mode.rules", "hybrid": "lan.mode.hybrid", "tabletop": "lan.mode.tabletop"}


class LanDialog(QDialog):
    """Host: name, deck, mode, seats, port. Join: name, deck, the announced games or an address."""

    games_found = Signal(list)  # from the discovery thread

    def __init__(self, settings: Settings, host: bool, parent: QWidget | None = None, *,
                 browse: bool = True) -> None:
        super().__init__(parent)

        self.host = host
        self.setWindowTitle(tr("Host a LAN game") if host else tr("Join a LAN game"))
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit(settings.player_name or tr("You"))
        self.name.setMaxLength(40)
        form.addRow(tr("Your name:"), self.name)
        # the deck: sample decks for a free-for-all; at a Commander table (and the Archenemy
        # formats) what New game → Commander offers (app/seat_row.py); any deck file
        self._last_deck = settings.last_deck if settings.last_deck and Path(settings.last_deck).exists() else ""
        self.deck_row = SeatRow(self._deck_choices("free_for_all"))
        self.deck = self.deck_row.deck
        self.deck_row.changed.connect(self._show_missing)
        form.addRow(tr("Deck:"), self.deck_row)
        # the scheme deck (CR 904.3): the host's seat is the archenemy of an Archenemy table, and
        # in Supervillain Rumble every seat brings one; a joining seat learns the format later
        # — a built-in deck's, or a scheme deck file of the player's ("Open a scheme deck file…")
        self.schemes = scheme_deck_combo(self.deck_row, commander_decks())
        self.schemes_browse = QPushButton(tr("Open a scheme deck file…"))
        self.schemes_browse.clicked.connect(self._browse_schemes)
        self.schemes_row = QWidget()
        scheme_lay = QHBoxLayout(self.schemes_row)
        scheme_lay.setContentsMargins(0, 0, 0, 0)
        scheme_lay.addWidget(self.schemes, 3)
        scheme_lay.addWidget(self.schemes_browse)
        self.schemes_label = QLabel(tr("Scheme deck:") if host else tr("Scheme deck (Supervillain Rumble):"))
        form.addRow(self.schemes_label, self.schemes_row)
        if host:
            # (not "You's table": without a name of their own the table has a name of its own)
            self.game = QLineEdit(tr("{name}'s table", name=settings.player_name) if settings.player_name
                                  else tr("Manatable LAN table"))
            self.game.setMaxLength(60)
            form.addRow(tr("Name of the game:"), self.game)
            self.mode = QComboBox()
            for m in MODES:
                self.mode.addItem(message(f"mode.{m}"), m)
            self.mode.setCurrentIndex(max(0, self.mode.findData(settings.goldfish_mode)))
            form.addRow(tr("Mode:"), self.mode)
            # the game's format: with a commander deck, Commander and the Archenemy formats (the
            # host is the archenemy; each seat's commander comes from its deck file)
            self.format = QComboBox()
            for fmt in FORMATS:
                self.format.addItem(format_title(fmt), fmt)
            self.format.currentIndexChanged.connect(lambda _i: self._format_chosen())
            self.mode.currentIndexChanged.connect(lambda _i: self._show_missing())
            form.addRow(tr("Format:"), self.format)
            self.players = QSpinBox()
            self.players.setRange(2, max_players())
            form.addRow(tr("Players:"), self.players)
            self.port = QSpinBox()
            self.port.setRange(1024, 65535)
            self.port.setValue(DEFAULT_PORT)
            form.addRow(tr("Port:"), self.port)
            # a trusted table: anyone may move any card, as around a real table (hybrid, tabletop)
            self.paper = QCheckBox(tr("Trusted table: every player may move any card and change any life total"))
            form.addRow("", self.paper)
            # a casual table: decks that break the format's deck check are taken (each seat is told)
            self.any_deck = QCheckBox(tr("Allow any deck: also decks that do not pass the deck check of the format"))
            form.addRow("", self.any_deck)
            self.decision_minutes = QSpinBox()
            self.decision_minutes.setRange(0, 60)
            self.decision_minutes.setValue(2)
            self.decision_minutes.setSpecialValueText(tr("no limit"))
            form.addRow(tr("Minutes per decision:"), self.decision_minutes)
            self.game_minutes = QSpinBox()
            self.game_minutes.setRange(0, 600)
            self.game_minutes.setValue(30)
            self.game_minutes.setSpecialValueText(tr("no limit"))
            form.addRow(tr("Minutes per player and game:"), self.game_minutes)
            self.on_timeout = QComboBox()
            self.on_timeout.addItem(tr("the others may claim the win"), "claim")
            self.on_timeout.addItem(tr("the computer decides for them"), "computer")
            form.addRow(tr("When a player runs out of time:"), self.on_timeout)
        lay.addLayout(form)
        # in rules mode the chosen deck's cards without rules are named (nobody casts them)
        self.missing = QLabel("")
        self.missing.setWordWrap(True)
        self.missing.setObjectName("not_implemented")
        self.missing.setVisible(False)
        lay.addWidget(self.missing)
        if not host:
            lay.addWidget(QLabel(tr("Games on your network:")))
            self.found = QListWidget()
            self.found.itemDoubleClicked.connect(lambda _: self.accept())
            self.found.currentItemChanged.connect(self._picked)
            lay.addWidget(self.found)
            self.searching = QLabel(tr("Looking for games on your network…"))
            lay.addWidget(self.searching)
            self.address = QLineEdit(settings.last_address)  # the table joined last time
            self.address.setPlaceholderText(tr("host or host:port (the port is {port} unless the host changed it)", port=DEFAULT_PORT))
            form2 = QFormLayout()
            form2.addRow(tr("Address:"), self.address)
            lay.addLayout(form2)
            self.watch = QCheckBox(tr("Only watch the game (spectator: no seat, no deck, public information only)"))
            self.watch.toggled.connect(lambda on: self.deck_row.setEnabled(not on))
            self.watch.toggled.connect(lambda on: self.schemes_row.setEnabled(not on))
            lay.addWidget(self.watch)
            self.games_found.connect(self.show_games)
            self.browser: Any = None
            if browse:
                self._start_browsing()
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Host") if host else tr("Join"))
        box.accepted.connect(self._accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        self._show_missing()
        self._show_schemes()
        self.resize(640, 480 if not host else 420)

    def _deck_choices(self, fmt: str) -> list[tuple[str, str]]:
        """The decks offered for the format (a joining seat does not know it yet: every deck)."""
        commander = commander_deck_choices()
        last = [(tr("{name} (last used)", name=deck_name(Path(self._last_deck))), self._last_deck)] \
            if self._last_deck and self._last_deck not in (p for _t, p in commander) else []
        if fmt in COMMANDER_FORMATS or fmt in SCHEME_FORMATS:  # (each deck names its commander)
            return commander + [c for c in last if commander_names(Path(c[1]))]
        # (a free-for-all, or a joining seat: every deck; the chosen one stays chosen as the host
        # goes through the formats)
        samples = [(tr("{name} (sample deck)", name=deck_name(p)), str(p)) for p in sample_decks()]
        return last + samples + commander

    def _format_chosen(self) -> None:
        self.deck_row.set_choices(self._deck_choices(self.chosen_format()))
        self._show_missing()
        self._show_schemes()

    def _show_schemes(self) -> None:
        """The scheme deck row: the host's, for the Archenemy formats only."""
        on = not self.host or self.chosen_format() in SCHEME_FORMATS
        self.schemes_row.setVisible(on)
        self.schemes_label.setVisible(on)

    def _browse_schemes(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, tr("Open a scheme deck file"), str(documents_dir()),
                                                    tr("Scheme deck files (*.txt);;All files (*)"))
        if path:
            self.open_scheme_file(path)

    def open_scheme_file(self, path: str) -> bool:
        """A scheme deck file of the player's, read and checked now (app/shell/deck_file.py:
        a warning box says why it cannot be used); listed first and chosen."""
        title = tr("Host a LAN game") if self.host else tr("Join a LAN game")
        names = open_scheme_deck(self, path, title)
        if names is None:
            return False
        if len(names) > MAX_LAN_SCHEMES:  # (sent whole or not at all: never cut short)
            QMessageBox.warning(self, title, tr("The scheme deck {path} has {count} schemes; a LAN game takes scheme decks of at most {maximum}.",
                                                path=path, count=len(names), maximum=MAX_LAN_SCHEMES))
            return False
        found = self.schemes.findData(path)
        if found < 0:
            self.schemes.insertItem(0, trn("{name} (your scheme deck, {count} scheme)", "{name} (your scheme deck, {count} schemes)",
                                           len(names), name=Path(path).stem), path)
            found = 0
        self.schemes.setCurrentIndex(found)
        return True

    def scheme_path(self) -> str:
        """The built-in Commander deck whose scheme deck this seat brings, or the player's
        scheme deck file ("" if none shown)."""
        return str(self.schemes.currentData() or "") if self.schemes.count() else ""

    def chosen_format(self) -> str:
        return str(self.format.currentData()) if self.host else ""

    def _show_missing(self) -> None:
        """The host's deck in a rules game: its cards without rules, named."""
        rules = self.host and str(self.mode.currentData()) == "rules"
        note = missing_note([self.deck_path()]) if rules and self.deck_path() else ""
        self.missing.setText(note)
        self.missing.setVisible(bool(note))

    def _start_browsing(self) -> None:
        try:
            self.browser = Browser(self.games_found.emit)
            self.browser.start()
        except Exception as exc:  # no network, no multicast: the address field still works
            self.searching.setText(tr("Games cannot be searched for on this network ({detail}). Type the host's address below.", detail=str(exc)))
            self.browser = None

    def show_games(self, games: list[Any]) -> None:
        """Browse results (engine.net.discovery.DiscoveredGame) into the list."""
        current = self.address.text()
        self.found.clear()
        for g in games:
            text = tr("{game} — {mode}, {taken} seated, {free} free ({address})", game=g.name, mode=message(MODE_KEYS[g.mode]) if g.mode in MODE_KEYS else g.mode,
                      taken=g.taken, free=g.free, address=g.address)
            it = QListWidgetItem(text)
            it.setData(Qt.ItemDataRole.UserRole, g.address)
            if g.free <= 0:
                it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.found.addItem(it)
        self.searching.setText(tr("No game found yet. You can also type the host's address below.") if not games else "")
        self.address.setText(current)

    def _picked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.address.setText(str(item.data(Qt.ItemDataRole.UserRole)))

    def _accept(self) -> None:
        if not self.name.text().strip():
            self.error.setText(tr("Please enter your name."))
            return
        if not self.host and not self.address.text().strip():
            self.error.setText(tr("Choose a game from the list or type the host's address."))
            return
        self.accept()

    def deck_path(self) -> str:
        return str(self.deck.currentData() or "")

    def watching(self) -> bool:
        """Join as a spectator: public information only, no seat, no deck."""
        return not self.host and self.watch.isChecked()

    def done(self, result: int) -> None:
        if not self.host and self.browser is not None:
            self.browser.stop()
            self.browser = None
        super().done(result)


class LobbyDialog(QDialog):
    """Seats, ready states and chat until the game starts (then it closes with accept)."""

    edit_deck_wanted = Signal(str)   # the refused deck's path: the deck editor opens it (app/shell/lan_flow.py)
    other_deck_wanted = Signal()     # choose another deck file and submit it

    def __init__(self, session: Any, is_host: bool, parent: QWidget | None = None, *,
                 watching: bool = False) -> None:
        super().__init__(parent)
        self.session = session
        self.is_host = is_host
        self.watching = watching
        self.format, self.mode = "free_for_all", "rules"  # (the table's, from its first lobby message)
        self.computers = 0  # the computer players seated (each gets a name of its own)
        self.setWindowTitle(tr("LAN game"))
        lay = QVBoxLayout(self)
        self.info = QLabel(tr("Connecting to the table…"))
        self.info.setWordWrap(True)
        lay.addWidget(self.info)
        self.address_info = QLabel(self._addresses() if is_host else "")
        self.address_info.setWordWrap(True)
        self.address_info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address_info.setVisible(is_host)
        lay.addWidget(self.address_info)
        self.rules = QLabel("")  # the host's settings, the same for every seat: trusted table, clock
        self.rules.setWordWrap(True)
        lay.addWidget(self.rules)
        # a seat's own say: spectators see its hand only if it agrees (and the host allows it)
        self.show_hand = QCheckBox(tr("Let spectators see my hand"))
        self.show_hand.setVisible(not watching)
        self.show_hand.toggled.connect(session.allow_follow)
        lay.addWidget(self.show_hand)
        self.seats = QListWidget()
        lay.addWidget(self.seats)
        self.deck_info = QLabel("")
        self.deck_info.setWordWrap(True)
        lay.addWidget(self.deck_info)
        self.chat_view = QTextEdit()
        self.chat_view.setReadOnly(True)
        lay.addWidget(self.chat_view, 1)
        self.chat_line = QLineEdit()
        self.chat_line.setMaxLength(500)
        self.chat_line.setPlaceholderText(tr("Write a message and press Enter"))
        self.chat_line.returnPressed.connect(self._say)
        lay.addWidget(self.chat_line)
        row = QHBoxLayout()
        self.ready = QPushButton(tr("I'm ready"))
        self.ready.setCheckable(True)
        self.ready.setEnabled(False)
        self.ready.setVisible(not watching)
        self.ready.toggled.connect(self._ready)
        row.addWidget(self.ready)
        self.start = QPushButton(tr("Start the game"))
        self.start.setVisible(is_host)
        self.start.setEnabled(False)
        self.start.clicked.connect(self._start_clicked)
        row.addWidget(self.start)
        self.computer = QPushButton(tr("Add a computer player…"))
        self.computer.setVisible(is_host)
        self.computer.setEnabled(False)
        self.computer.clicked.connect(self._add_computer)
        row.addWidget(self.computer)
        row.addStretch(1)
        # a deck the host refused: the same choice as before a game against the computer, but
        # "play anyway" is the host's (a table that allows any deck): edit it, or choose another
        self.edit_deck = QPushButton(tr("Edit the deck"))
        self.edit_deck.clicked.connect(lambda: self.edit_deck_wanted.emit(getattr(session, "deck_path", "")))
        self.other_deck = QPushButton(tr("Choose another deck…"))
        self.other_deck.clicked.connect(self.other_deck_wanted.emit)
        for button in (self.edit_deck, self.other_deck):
            button.setVisible(False)
            row.addWidget(button)
        leave = QPushButton(tr("Leave"))
        leave.clicked.connect(self.reject)
        row.addWidget(leave)
        lay.addLayout(row)
        session.lobby_changed.connect(self.show_lobby)
        session.deck_checked.connect(self.show_deck)
        session.chat.connect(self.add_chat)
        session.started.connect(self.accept)
        session.connection_state.connect(self.show_connection)
        session.error.connect(lambda m: self.deck_info.setText(m))
        self.resize(520, 520)


    def _start_clicked(self) -> None:
        """Start once: a second click before the table answers would be refused ("The game
        has already started"); the next lobby update enables the button again if it must."""
        self.start.setEnabled(False)
        self.session.start_game()
    def _addresses(self) -> str:
        """The host's own LAN addresses with the port: what friends type into Join."""
        server = getattr(getattr(self.session, "worker", None), "server", None)
        port = getattr(server, "port", None) or DEFAULT_PORT
        listening = list(getattr(server, "listening", None) or ["0.0.0.0"])
        try:  # (only addresses the table listens on: one bound to 127.0.0.1 is reached from here only)
            found = join_addresses(listening, local_addresses)
        except Exception:  # no interface list on this system: the port still helps
            found = None
        if found == []:
            where = ", ".join(f"[{a}]:{port}" if ":" in a else f"{a}:{port}" for a in listening)
            return tr("Only this computer can join this table: it listens on {addresses} only.", addresses=where)
        if not found:
            return tr("Players on your network join at this computer's address, port {port}.", port=port)
        return tr("Players on your network join at: {addresses}",
                  addresses=", ".join(f"[{a}]:{port}" if ":" in a else f"{a}:{port}" for a in found))

    def show_connection(self, state: str, detail: str) -> None:
        if state == "connected":
            self.info.setText(tr("Connected to {address} as a spectator. The game appears here when it starts.", address=detail) if self.watching
                              else tr("Connected to {address}. Waiting for every player to be ready.", address=detail))
        elif state in ("failed", "closed"):  # the host's own words when it refused us (translated)
            self.info.setText(getattr(self.session, "refusal", "") or tr("The connection to the table failed: {detail}", detail=detail))
        elif state == "dropped":
            self.info.setText(tr("The host closed the table. Reconnecting until the host resumes it…") if detail == "1001"
                              else tr("The connection to the table was lost ({detail}). Reconnecting…", detail=detail))
        elif state == "reconnecting":  # (its detail is the address: the reason the last drop gave stays)
            pass
        else:
            self.info.setText(tr("Connecting to the table…"))

    def show_lobby(self, lobby: Any) -> None:
        self.format = getattr(lobby, "format", "free_for_all")
        self.mode = getattr(lobby, "mode", "rules")
        self.computers = sum(1 for s in lobby.seats if getattr(s, "agent", False))
        self.rules.setText(table_rules(lobby))
        self.seats.clear()
        for s in lobby.seats:
            if s.name is None:
                text = tr("Seat {seat}: free", seat=s.seat + 1)
            else:
                state = tr("ready") if s.ready else tr("not ready")
                if not s.connected:
                    state = tr("away")
                if not s.deck:  # (0: no deck checked yet, docs/protocol.md; not a deck of no cards)
                    text = tr("Seat {seat}: {name} — {state}, no deck yet", seat=s.seat + 1, name=s.name, state=state)
                else:
                    text = trn("Seat {seat}: {name} — {state} ({count} card)", "Seat {seat}: {name} — {state} ({count} cards)",
                               int(s.deck), seat=s.seat + 1, name=s.name, state=state)
            self.seats.addItem(text)
        everyone = all(s.name is not None and s.ready for s in lobby.seats)
        self.start.setEnabled(self.is_host and everyone)
        self.computer.setEnabled(self.is_host and any(s.name is None for s in lobby.seats))

    def show_deck(self, result: Any) -> None:
        """The host's deck check: accepted; accepted at a table that allows any deck, with the
        rules of the format the deck breaks (net.deck_allowed); or refused, with why."""
        allowed = any(p.get("key") == "net.deck_allowed" for p in result.problems)
        if result.ok and not allowed:
            self.deck_info.setText(tr("The host accepted your deck."))
            self.deck_info.setToolTip("")
        else:
            # (in the UI language by the message's key; the host's English sentence otherwise)
            lines = [problem_text(p) for p in result.problems if p.get("severity") == ("warning" if result.ok else "error")]
            shown = " ".join(lines[:MAX_PROBLEMS_SHOWN])
            if len(lines) > MAX_PROBLEMS_SHOWN:  # the rest in the tooltip: none is dropped
                shown += " " + trn("One more problem: see the tooltip.", "{count} more problems: see the tooltip.",
                                   len(lines) - MAX_PROBLEMS_SHOWN)
            self.deck_info.setText(tr("The host accepted your deck: {problems}", problems=shown) if result.ok
                                   else tr("The host refused your deck: {problems}", problems=shown))
            self.deck_info.setToolTip("\n".join(lines))
        self.ready.setEnabled(bool(result.ok))
        if not result.ok and self.ready.isChecked():  # (the host made the seat not ready: said so)
            self.ready.blockSignals(True)
            self.ready.setChecked(False)
            self.ready.setText(tr("I'm ready"))
            self.ready.blockSignals(False)
        self.edit_deck.setVisible(not result.ok and bool(getattr(self.session, "deck_path", "")))
        self.other_deck.setVisible(not result.ok)
        if result.ok and self.is_host:
            self.ready.setChecked(True)

    def _add_computer(self) -> None:
        dlg = ComputerSeatDialog(self, commander=self.format in COMMANDER_FORMATS or self.format in SCHEME_FORMATS,
                                 mode=self.mode)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            deck, lead = dlg.deck_and_commanders()
            # (each computer seat by a name of its own: "Computer 2", not a second "Computer")
            seat = self.session.add_computer(dlg.level_id(), deck, tr("Computer {n}", n=self.computers + 1), lead,
                                             dlg.deck_path())
        except (OSError, ValueError) as exc:  # (the deck file; the seat's deck for the table's format)
            key = getattr(exc, "key", "")
            said = problem_text({"key": key, "params": getattr(exc, "params", {}), "text": str(exc)}) \
                if key and not hasattr(exc, "problem") else deck_error_text(exc)
            self.deck_info.setText(tr("The computer player cannot sit down: {detail}", detail=said))
            return
        if seat < 0:
            self.deck_info.setText(tr("Every seat at this table is taken."))

    def add_chat(self, name: str, text: str) -> None:
        self.chat_view.append(f"<b>{esc(name)}</b>: {esc(text)}")

    def _say(self) -> None:
        self.session.say(self.chat_line.text())
        self.chat_line.clear()

    def _ready(self, on: bool) -> None:
        self.session.set_ready(on)
        self.ready.setText(tr("Not ready after all") if on else tr("I'm ready"))
