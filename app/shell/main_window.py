"""The main window: the start page, one table at a time, menus, and the ways into a game
(goldfish a deck, open a saved game, open a scenario)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QStackedWidget, QWidget

from app import autosave, settings as settings_mod
from app.deck_names import deck_name
from app.i18n import file_error_text, message, set_language, tr
from app import decks as deck_windows  # (the editor and browser modules load when opened)
from app.settings import Settings, documents_dir
from app.shell.deck_file import checked_start, open_deck
from app.shell.shortcuts import key_for
from app.shell.start_page import StartPage
from engine.decks import add_recent, recent_decks, sample_decks

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, warning: str | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.table: Any = None  # the current TableWidget
        self.lan_lobby: Any = None  # the open LAN lobby dialog
        self.windows: list[QWidget] = []  # deck editors and database windows we opened
        self.stack = QStackedWidget()
        self.start = StartPage(self._recent_decks, samples=self._sample_decks)
        self.start.chosen.connect(self._start_choice)
        self.start.deck_chosen.connect(lambda p: self.goldfish(p))
        self.start.resume_requested.connect(self.resume)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(1500)  # after a burst of actions, not on each one
        self._autosave_timer.timeout.connect(self.autosave)
        self.stack.addWidget(self.start)
        self.setCentralWidget(self.stack)
        self.app_actions: dict[str, QAction] = {}
        self._build_menus()
        self.leave_box: QMessageBox | None = None  # the open "leave this game?" question
        self.retranslate()
        self.resize(1500, 950)
        self._update_resume()  # an autosave from a run that crashed: offered on the start page
        if warning:
            self.statusBar().showMessage(tr("Your settings could not all be read, so the defaults are used for those: {detail}", detail=warning), 15000)

    # ----------------------------------------------------------------- menus
    def _build_menus(self) -> None:
        mb = self.menuBar()
        self.file_menu = mb.addMenu("")
        self.game_menu = mb.addMenu("")
        self.tools_menu = mb.addMenu("")
        self.help_menu = mb.addMenu("")
        spec: list[tuple[Any, str, Callable[[], Any]]] = [
            (self.file_menu, "new_goldfish", lambda: self.goldfish(None)),
            (self.game_menu, "vs_computer", lambda: self.vs_computer()),
            (self.game_menu, "hot_seat", lambda: self.hot_seat()),
            (self.game_menu, "commander", lambda: self.commander()),
            (self.game_menu, "archenemy", lambda: self.archenemy()),
            (self.file_menu, "open_game", self.open_game),
            (self.file_menu, "save_game", self.save_game),
            (self.file_menu, "open_scenario", self.open_scenario),
            (self.file_menu, "resume_lan", self.resume_lan),
            (self.file_menu, "restart", self.restart),
            (self.file_menu, "start_page", self.show_start),
            (self.file_menu, "quit", self.close),
            (self.tools_menu, "deck_editor", self.open_deck_editor),
            (self.tools_menu, "card_database", self.open_card_database),
            (self.tools_menu, "settings", self.open_settings),
            (self.help_menu, "help", self.show_help),
            (self.help_menu, "about", self.show_about),
        ]
        for menu, name, fn in spec:
            act = QAction(self)
            try:
                act.setShortcut(QKeySequence(key_for(name)))
            except StopIteration:
                pass
            act.triggered.connect(lambda _=False, f=fn: f())
            menu.addAction(act)
            if name in ("restart", "start_page", "card_database"):
                menu.addSeparator()
            self.app_actions[name] = act

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Manatable"))
        self.file_menu.setTitle(tr("&File"))
        self.game_menu.setTitle(tr("&Game"))
        self.tools_menu.setTitle(tr("&Tools"))
        self.help_menu.setTitle(tr("&Help"))
        for name, act in self.app_actions.items():
            act.setText(message(f"app_action.{name}"))
        self.start.retranslate()
        if self.table is not None:
            self.table.retranslate()
        self._fill_game_menu()
        self._update_enabled()

    def _fill_game_menu(self) -> None:
        self.game_menu.clear()
        self.game_menu.addAction(self.app_actions["vs_computer"])
        self.game_menu.addAction(self.app_actions["hot_seat"])
        self.game_menu.addAction(self.app_actions["commander"])
        self.game_menu.addAction(self.app_actions["archenemy"])
        self.game_menu.addSeparator()
        if self.table is None:
            self.game_menu.addAction(tr("No game is open.")).setEnabled(False)
            return
        for name, act in self.table.actions_by_id.items():
            self.game_menu.addAction(act)
            if name in ("cancel", "select_all", "coin", "view_exile"):
                self.game_menu.addSeparator()

    def _update_enabled(self) -> None:
        playing = self.table is not None
        for name in ("save_game", "restart"):
            self.app_actions[name].setEnabled(playing)
        if playing:
            self.app_actions["restart"].setEnabled(bool(self.table.session.goldfish_game))

    # ----------------------------------------------------------------- start page
    def _recent_decks(self) -> list[str]:
        try:
            return [str(p) for p in recent_decks()]
        except (OSError, ValueError):
            return []

    def _sample_decks(self) -> list[str]:
        return [str(p) for p in sample_decks()]

    def _start_choice(self, name: str) -> None:
        if name in ("host_lan", "join_lan"):
            from app.shell import lan_flow  # lazy: not needed before the first window (start-up)
            getattr(lan_flow, name)(self)
            return
        chosen: dict[str, Callable[[], Any]] = {
            "goldfish": lambda: self.goldfish(None), "vs_computer": self.vs_computer, "hot_seat": self.hot_seat,
            "commander": self.commander, "archenemy": self.archenemy, "deck_editor": self.open_deck_editor,
            "card_database": self.open_card_database, "settings": self.open_settings}
        chosen[name]()

    def show_start(self) -> None:
        """The start page; a game in progress stays open behind it ("Resume game")."""
        self.start.refresh_recent()
        self._update_resume()
        self.stack.setCurrentWidget(self.start)

    def _update_resume(self) -> None:
        if self.table is not None and autosave.in_progress(self.table.session):
            turn = int(self.table.session.observation().get("turn", 1))
            self.start.set_resume(tr("Back to the game in progress (turn {turn}).", turn=turn))
        elif self.table is None and autosave.pending_autosave() is not None:
            info = autosave.describe(autosave.autosave_path())
            self.start.set_resume(tr("The game from last time was saved automatically (turn {turn}).", turn=info.get("turn", "?")))
        else:
            self.start.set_resume(None)

    def resume(self) -> None:
        """Back to the game in progress, or the autosaved game of an earlier run."""
        if self.table is not None:
            self.stack.setCurrentWidget(self.table)
            self.table.view.setFocus()
            return
        path = autosave.pending_autosave()
        if path is not None and not self.load_game(str(path)):
            autosave.clear_autosave()  # unreadable: not offered again
            self._update_resume()

    def autosave(self) -> None:
        if self.table is not None:
            if autosave.write_autosave(self.table.session, on_error=self._autosave_failed) is not None:
                self._autosave_failing = False

    _autosave_failing = False  # said once while the autosave keeps failing (a full disk)

    def _autosave_failed(self, exc: BaseException) -> None:
        """The game could not be saved on the side: said at once in the status bar (it stays
        until something else is said), not again until an autosave worked in between."""
        if self._autosave_failing:
            return
        self._autosave_failing = True
        self.statusBar().showMessage(tr("The game could not be saved on the side ({detail}): if Manatable stops now, "
                                        "it cannot be resumed. Save it with “Save game…” to keep it.",
                                        detail=file_error_text(exc)))

    def resume_lan(self) -> None:
        from app.shell.lan_flow import resume_lan  # lazy: not needed before the first window (start-up)
        if self.confirm_leave():
            resume_lan(self)

    def _lan_playing(self) -> str:
        """'host' or 'player' when a LAN game is under way at this table, else ''."""
        session = self.table.session if self.table is not None else None
        worker = getattr(session, "worker", None)
        if session is None or worker is None or not worker.live or not session.playing or session.state.outcome is not None \
                or not session.controls:
            return ""
        return "host" if worker.server is not None else "player"

    def _confirm_leave_lan(self, role: str) -> bool:
        """Quitting a LAN game under way: the host's table stops for everyone (until it is
        resumed); a player's seat waits five minutes."""
        text = (tr("You are hosting a game. If you quit, the table stops for every player until you resume it (File ▸ Resume a LAN game). Quit?")
                if role == "host" else
                tr("You are playing a LAN game. If you leave, your seat waits for you for five minutes (Join a LAN game ▸ Rejoin the game). Leave?"))
        box = QMessageBox(QMessageBox.Icon.Question, tr("Leave the game?"), text, parent=self)
        leave = box.addButton(tr("Quit") if role == "host" else tr("Leave"), QMessageBox.ButtonRole.DestructiveRole)
        stay = box.addButton(tr("Stay in the game"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        box.setObjectName("LeaveLanBox")
        self.leave_box = box
        box.exec()
        self.leave_box = None
        return box.clickedButton() is leave

    def confirm_leave(self) -> bool:
        """Leaving a game in progress: save it, throw it away, or stay (False)."""
        role = self._lan_playing()
        if role:
            return self._confirm_leave_lan(role)
        if self.table is None or not autosave.in_progress(self.table.session):
            return True
        box = QMessageBox(QMessageBox.Icon.Question, tr("Leave the game?"), tr("A game is in progress. Save it before leaving?"), parent=self)
        save = box.addButton(tr("Save…"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(tr("Leave without saving"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(tr("Stay in the game"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.setObjectName("LeaveGameBox")
        self.leave_box = box
        box.exec()
        self.leave_box = None
        clicked = box.clickedButton()
        if clicked is save:
            if not self.save_game():
                return False
        elif clicked is not discard:
            return False
        self._autosave_timer.stop()
        autosave.clear_autosave()
        return True

    # ----------------------------------------------------------------- games
    def goldfish(self, deck_path: str | None, mode: str | None = None) -> bool:
        """Goldfish a deck file; None asks which deck (built-in samples or a file)."""
        if deck_path is None:
            from app.shell.dialogs import DeckPicker  # lazy: not needed before the first window (start-up)
            picker = DeckPicker(self.settings, self)
            if not picker.exec() or not picker.path:
                return False
            deck_path, mode = picker.path, picker.chosen_mode()
        loaded = open_deck(self, deck_path, tr("Goldfish"))
        if loaded is None:
            return False
        # the deck check first, as before every game the app starts (app/shell/deck_file.py)
        if not checked_start(self, [(deck_path, loaded.deck)], tr("Goldfish")):
            return False
        names, commanders = loaded.deck.card_names(), loaded.deck.card_names("commander")
        if loaded.unknown:
            unknown = ", ".join(sorted({u.name for u in loaded.unknown}))
            self.statusBar().showMessage(tr("These cards are not in the card database; they are on the table to be played by hand: {cards}", cards=unknown), 15000)
        try:
            add_recent(Path(deck_path))
        except OSError:
            pass
        self.settings.last_deck = str(deck_path)
        if mode:
            self.settings.goldfish_mode = mode
        self._save_settings()
        # the name the picker showed (a built-in deck's in the UI language: "Manifestiertes
        # Schicksal", not the file's "Manifest Destiny")
        return self.goldfish_names(names, deck_name(Path(deck_path)), commanders)

    def goldfish_names(self, names: list[str], deck_name: str = "", commanders: list[str] | None = None) -> bool:
        """Goldfish the deck of these English card names; its commander(s) (a Commander deck's)
        start in the command zone (CR 903.6), not left out of the game."""
        from app.session import LocalSession  # lazy: not needed before the first window (start-up)

        session = LocalSession.goldfish(names, self.settings.player_name or tr("You"), commanders=commanders,
                                        opponent=tr("Empty seat"),
                                        mode=self.settings.goldfish_mode, stops=self.settings.stops,
                                        opponent_stops=self.settings.opponent_stops)
        if not self.show_session(session):
            return False
        if deck_name:
            self.statusBar().showMessage(tr("Goldfishing {deck}. Keep or mulligan your opening hand.", deck=deck_name), 8000)
        return True

    def vs_computer(self, deck_path: str | None = None, computer_deck: str | None = None,
                    level: str | None = None) -> bool:
        """Play against the computer (app/ai_session.py); asks for the decks and level if not given."""
        from app.ai_session import start_vs_computer  # lazy: not needed before the first window (start-up)
        return start_vs_computer(self, deck_path, computer_deck, level)

    def hot_seat(self) -> bool:
        """Several people at this computer, computer players in the other seats (app/hot_seat.py)."""
        from app.hot_seat_dialog import start_hot_seat  # lazy: not needed before the first window (start-up)
        return start_hot_seat(self)

    def commander(self, paths: list[str] | None = None, level: str | None = None, seed: int | None = None) -> bool:
        """A Commander game against computer players (app/commander_dialog.py)."""
        from app.commander_dialog import start_commander  # lazy: not needed before the first window (start-up)
        return start_commander(self, paths, level, seed)

    def archenemy(self, fmt: str | None = None, paths: list[str] | None = None, scheme_paths: list[str] | None = None,
                  you: int | None = None, level: str | None = None, seed: int | None = None) -> bool:
        """An Archenemy game against computer players (app/archenemy_dialog.py): Archenemy
        Commander, the classic Archenemy or Supervillain Rumble."""
        from app.archenemy_dialog import start_archenemy  # lazy: not needed before the first window (start-up)
        return start_archenemy(self, fmt, paths, scheme_paths, you, level, seed)

    def new_game_like(self, session: Any) -> bool:
        """"New game" at the end of a game against the computer: the same kind of game's dialog."""
        cfg = getattr(getattr(session, "game", None), "config", None)
        if getattr(session, "hot_seat", False):
            return self.hot_seat()
        if cfg is not None and any(cfg.schemes):
            return self.archenemy()
        if cfg is not None and cfg.format == "commander":
            return self.commander()
        return self.vs_computer()

    def show_session(self, session: Any) -> bool:
        from app.table.widget import TableWidget  # lazy: not needed before the first window (start-up)

        if self.table is not None and self.table.session is session:
            return True  # (a LAN seat back at its table after a reconnect: the same game)
        if not self.confirm_leave():
            return False
        old = self.table
        self.table = TableWidget(session, self.settings)
        self.table.restart_requested.connect(self.restart)
        self.table.new_game_requested.connect(lambda: self.new_game_like(session))
        self.table.settings_changed.connect(self._save_settings)
        self.stack.addWidget(self.table)
        self.stack.setCurrentWidget(self.table)
        if old is not None:
            if old.session is not session:
                # leaving a LAN table leaves the game; a computer opponent stops thinking
                getattr(old.session, "close", lambda: None)()
            self.stack.removeWidget(old)
            old.close()
            old.deleteLater()
        session.changed.connect(self._autosave_timer.start)
        self._fill_game_menu()
        self._update_enabled()
        self.table.view.setFocus()
        return True

    def restart(self) -> None:
        """The same decks again: a goldfish game, or a rematch against the computer."""
        s = self.table.session if self.table is not None else None
        if s is not None and (s.goldfish_game or s.against_computer):
            self.show_session(s.restarted())

    def open_game(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open game…"), documents_dir(), tr("Manatable games (*.json);;All files (*)"))
        if path:
            self.load_game(path)

    def load_game(self, path: str) -> bool:
        from app.hot_seat import open_saved  # lazy: not needed before the first window (start-up)
        try:
            session = open_saved(path, people_stops=self.settings.people_stops, stops=self.settings.stops,
                                 opponent_stops=self.settings.opponent_stops)
        except ValueError as exc:
            # A SaveFileError carries a key for the catalogs; other errors their own text.
            detail = file_error_text(exc)
            QMessageBox.warning(self, tr("Open game…"), tr("The game {path} cannot be opened: {detail}", path=path, detail=detail))
            return False
        return self.show_session(session)

    def save_game(self) -> bool:
        if self.table is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, tr("Save game…"), str(Path(documents_dir()) / "game.manatable.json"),
                                              tr("Manatable games (*.json);;All files (*)"))
        if path:
            try:
                self.table.session.save(path)
            except (OSError, ValueError) as exc:  # (a SaveFileError: a game the app could not open again)
                detail = file_error_text(exc)  # (an OSError: its own text)
                QMessageBox.warning(self, tr("Save game…"), tr("The game could not be saved to {path}: {detail}", path=path, detail=detail))
                return False
            self.statusBar().showMessage(tr("The game was saved to {path}.", path=path), 8000)
            return True
        return False

    def open_scenario(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open scenario…"), documents_dir(), tr("Scenarios (*.toml);;All files (*)"))
        if path:
            self.load_scenario(path)

    def load_scenario(self, path: str) -> bool:
        from app.session import LocalSession  # lazy: not needed before the first window (start-up)
        try:
            session = LocalSession.from_scenario(path, stops=self.settings.stops,
                                                 opponent_stops=self.settings.opponent_stops)
        except ValueError as exc:  # (a ScenarioOpenError, app/scenario_file.py: a message key, said in the user's language)
            QMessageBox.warning(self, tr("Open scenario…"),
                                tr("The scenario {path} cannot be opened: {detail}", path=path, detail=file_error_text(exc)))
            return False
        return self.show_session(session)

    # ----------------------------------------------------------------- tools
    def open_deck_editor(self, deck_path: str | None = None) -> QWidget:
        w = deck_windows.open_deck_editor(None, deck_path, on_goldfish=self._goldfish_from_editor)
        self._keep(w)
        return w

    def _goldfish_from_editor(self, names: list[str], deck_name: str, commanders: list[str]) -> None:
        self.goldfish_names(names, deck_name, commanders)
        self.raise_()
        self.activateWindow()

    def open_card_database(self) -> QWidget:
        w = deck_windows.open_card_browser(None)
        self._keep(w)
        return w

    def _keep(self, w: QWidget) -> None:
        self.windows = [x for x in self.windows if _alive(x)]
        self.windows.append(w)
        w.show()
        w.raise_()

    def open_settings(self) -> None:
        from app.shell.dialogs import PersonStops, SettingsDialog  # lazy: not needed before the first window (start-up)
        # at a hot seat the stops are the person's at the screen (app/hot_seat.py), else the settings'
        name = self.table.person_at_screen() if self.table is not None else None
        person = None if name is None or self.table is None else \
            PersonStops(name, set(self.table.session.stops), set(self.table.session.opponent_stops))
        dlg = SettingsDialog(self.settings, self, person, hot_seat=self.table is not None and self.table.session.hot_seat)
        if dlg.exec():
            self.apply_settings(dlg.result_settings())
            if person is not None and self.table is not None:  # (after: apply_settings writes the dialog's copy)
                self.table.set_person_stops(*dlg.checked_stops())

    def apply_settings(self, new: Settings) -> None:
        changed_lang = new.language != self.settings.language
        before = Settings.from_json(self.settings.to_json())  # (the table changes only the stops changed here)
        for k, v in new.to_json().items():
            setattr(self.settings, k, v)
        self._save_settings()
        if changed_lang:
            set_language(self.settings.language)
        if self.table is not None:
            self.table.apply_settings(before)
        self.retranslate()
        for w in self.windows:
            if _alive(w) and hasattr(w, "retranslate"):
                w.retranslate()

    def _save_settings(self) -> None:
        try:
            settings_mod.save(self.settings)
        except OSError as exc:
            self.statusBar().showMessage(tr("Your settings could not be saved: {detail}", detail=str(exc)), 10000)

    def show_help(self) -> None:
        from app.shell.dialogs import ShortcutsDialog  # lazy: not needed before the first window (start-up)
        ShortcutsDialog(self).exec()

    def show_about(self) -> None:
        from app.shell.dialogs import about  # lazy: not needed before the first window (start-up)
        about(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_leave():
            event.ignore()
            return
        for w in list(self.windows):
            if _alive(w) and not w.close():
                event.ignore()
                return
        if self.table is not None and hasattr(self.table.session, "worker"):
            self.table.session.close()
        if self.isMaximized() != self.settings.maximized:  # remembered for the next start
            self.settings.maximized = self.isMaximized()
            self._save_settings()
        super().closeEvent(event)


def _alive(w: QWidget) -> bool:
    try:
        w.isVisible()
        return True
    except RuntimeError:  # the C++ object was deleted (window closed)
        return False
