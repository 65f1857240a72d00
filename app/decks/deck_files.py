"""The deck editor's File menu: New, Open, Save, Save as, clipboard, recent decks, autosave
recovery and "save changes?" on close.

Everything that would block on the user (file dialogs, questions, messages) goes through
one `ask_*` / `show_*` method, so tests can answer for the user by replacing it.
"""
from __future__ import annotations

import html
from collections import Counter

from pathlib import Path
from typing import Callable

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from app.deck_names import built_in, shown
from app.decks.dialogs import UnknownCardsDialog
from app.decks.document import DeckDocument, _assign as assign, recoverable
from app.decks.library import CardLibrary
from app.decks.text import message_text, problem_text, scheme_deck_text, scheme_paste_text
from app.i18n import message, os_reason, tr, trn
from app.settings import documents_dir
from engine.decks import (Deck, DeckFormatError, LoadedDeck, add_recent, deck_from_text,
                          deck_to_text, discard_autosave, load_autosave, read_deck,
                          recent_decks, remove_recent, write_deck)
from engine.decks.scheme_decks import SchemeList, scheme_list
from engine.decks.storage import autosave_keys, take_notices
from engine.paths import atomic_write

#: Save-as choices: (message key of the filter name, extensions; the first is the default)
SAVE_FILTERS = (("decks.file.filter_cod", ("cod",)),
                ("decks.file.filter_arena", ("arena.txt",)),
                ("decks.file.filter_plain", ("txt", "dec")),
                ("decks.file.filter_dek", ("dek",)))
OPEN_PATTERNS = "*.cod *.dek *.txt *.dec"


def _filter_text(key: str, extensions: tuple[str, ...]) -> str:
    return message(key) + f" ({' '.join('*.' + e for e in extensions)})"


class DeckFileActions(QMainWindow):
    """The base of DeckEditor: the file operations over its `doc` and `library`."""

    doc: DeckDocument
    library: CardLibrary
    recent_menu: QMenu
    last_unknown_dialog: UnknownCardsDialog | None

    # -- asking the user (tests replace these) ---------------------------------------

    def ask_open_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Open a deck"), self._start_dir(),
            tr("Deck files") + f" ({OPEN_PATTERNS});;" + tr("All files") + " (*)")
        return path

    def ask_save_path(self) -> str:
        filters = [_filter_text(k, e) for k, e in SAVE_FILTERS]
        suggested = str(Path(self._start_dir()) / f"{self.doc.deck.name or 'deck'}.cod")
        path, chosen = QFileDialog.getSaveFileName(self, tr("Save the deck"), suggested,
                                                   ";;".join(filters))
        if path and "." not in Path(path).name and chosen in filters:
            path += "." + SAVE_FILTERS[filters.index(chosen)][1][0]
        return path

    def ask_save_changes(self) -> str:
        """'save', 'discard' or 'cancel'."""
        box = QMessageBox(QMessageBox.Icon.Question, tr("Unsaved changes"),
                          tr("The deck “{deck}” has changes that are not saved. Save them?", deck=self.doc.deck.name or tr("Untitled deck")),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(
                    QMessageBox.StandardButton(answer), "cancel")

    def ask_recover(self, deck: Deck) -> bool:
        answer = QMessageBox.question(
            self, tr("Recover the deck?"),
            tr("There is an automatically saved version of “{deck}” with changes that were never saved. Recover it?", deck=deck.name or tr("Untitled deck")))
        return answer == QMessageBox.StandardButton.Yes

    def ask_unknown(self, dialog: UnknownCardsDialog) -> None:
        dialog.exec()

    def show_error(self, text: str) -> None:
        QMessageBox.warning(self, tr("Deck editor"), text)

    def ask_save_schemes(self, text: str) -> bool:
        """What a pasted scheme list is (`text`), with the offer to save it as a scheme deck file."""
        box = QMessageBox(QMessageBox.Icon.Information, tr("Deck editor"), text, QMessageBox.StandardButton.Close, self)
        save = box.addButton(tr("Save as a scheme deck file…"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(save)
        box.exec()
        return box.clickedButton() is save

    def ask_scheme_path(self) -> str:
        path, _ = QFileDialog.getSaveFileName(self, tr("Save the scheme deck"), str(Path(self._start_dir()) / "schemes.txt"),
                                              tr("Scheme deck files") + " (*.txt)")
        return path

    def save_schemes(self, schemes: SchemeList) -> bool:
        """Write a pasted scheme list as a scheme deck file (one scheme a line, "1 Name", the English
        names: engine/decks/scheme_decks.py reads it), atomically; the lines that named no scheme
        are not in it (the message before saving said which)."""
        path = self.ask_scheme_path()
        if not path:
            return False
        text = "".join(f"{n} {name}\n" for name, n in Counter(schemes.names).items())
        try:
            atomic_write(Path(path), text)
        except OSError as exc:
            self.show_error(tr("{file} could not be saved: {reason}.", file=Path(path).name, reason=os_reason(exc)))
            return False
        self.show_status(trn("Saved a scheme deck of one scheme as {file}.", "Saved a scheme deck of {count} schemes as {file}.",
                             len(schemes.names), file=Path(path).name))
        return True

    def show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _start_dir(self) -> str:
        """The open deck's folder, else the last deck's — never the program's own sample
        folder (the user's documents then)."""
        recent = recent_decks()
        for near in ([self.doc.path.parent] if self.doc.path is not None else []) + [r.parent for r in recent[:1]]:
            got = documents_dir(near)
            if Path(got) == near:
                return got
        return documents_dir()

    # -- New / Open --------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Before the deck is replaced or closed: True when it is fine to go on."""
        if not self.doc.modified:
            return True
        answer = self.ask_save_changes()
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.doc.discard_autosave()
            return True
        return False

    def new_deck(self) -> None:
        if self.maybe_save():
            self.doc.discard_autosave()
            self.doc.replace(Deck(), None)

    def open_deck(self) -> bool:
        if not self.maybe_save():
            return False
        path = self.ask_open_path()
        return bool(path) and self.open_path(path, confirmed=True)

    def open_path(self, path: str | Path, *, confirmed: bool = False) -> bool:
        """Open a deck file; unknown names go to the dialog, never silently dropped."""
        if not confirmed and not self.maybe_save():
            return False
        path = Path(path)
        try:
            loaded = read_deck(path, self.library.resolver())
        except DeckFormatError as exc:
            self.show_error(problem_text(exc))
            if not path.exists():
                remove_recent(path)
            return False
        schemes = scheme_deck_text(path, self._is_card())
        if schemes is not None:  # (said, not opened: its schemes would all be "unknown cards")
            self.show_error(schemes)
            return False
        self.doc.discard_autosave()
        # a built-in deck's name and description in the UI language (the file's are English)
        loaded.deck.name, loaded.deck.comments = shown(path, loaded.deck.name), shown(path, loaded.deck.comments)
        self.doc.replace(loaded.deck, path)
        self._resolve_unknown(loaded)
        try:
            add_recent(path)
        except OSError:
            pass
        saved = recoverable(path, loaded.deck)
        if saved is not None:
            if self.ask_recover(saved):
                self.doc.recover(saved)
            else:
                discard_autosave(str(path.resolve()))
        self.show_status(tr("Opened {file}.", file=path.name))
        self.show_storage_notices()
        return True

    def _is_card(self) -> Callable[[str], bool]:
        """A name of the card database (any language): a line naming one makes a text a deck."""
        resolver = self.library.resolver()
        return lambda name: resolver.resolve(name) is not None

    def _resolve_unknown(self, loaded: LoadedDeck) -> None:
        """Show the unknown-cards dialog; the user's picks become one undoable edit."""
        if not loaded.unknown:
            return
        dialog = UnknownCardsDialog(loaded.unknown, self.library, self)
        self.last_unknown_dialog = dialog
        self.ask_unknown(dialog)
        if any(dialog.choices()):
            self.doc.edit(tr("Replace unknown card names"), dialog.apply)

    def _autosave_failed(self, path: str, reason: str) -> None:
        """The autosave could not be written (a full disk, a read-only folder): said at once;
        the deck stays open with its changes (nothing is lost while the window is open)."""
        self.show_error(tr("The deck could not be saved automatically to {path}: {reason}. Your changes are "
                           "still open in the editor: save the deck in another folder to keep them.",
                           path=path, reason=reason))

    def show_storage_notices(self) -> None:
        """A damaged recent-decks list or autosave was set aside: say so in the status bar."""
        texts = [message_text(key, params, english) for key, params, english in take_notices()]
        if texts:
            self.show_status(" ".join(texts))

    def recover_untitled(self) -> bool:
        """Offer the newest autosave of an unsaved deck from an earlier session."""
        keys = [k for k in autosave_keys() if k.startswith("untitled-")]
        for key in keys[:1]:
            saved = load_autosave(key)
            if saved is None:
                continue
            if self.ask_recover(saved):
                self.doc.recover(saved)
                discard_autosave(key)
                self.doc.autosave_now()
                return True
            discard_autosave(key)
        self.show_storage_notices()
        return False

    # -- Save ------------------------------------------------------------------------

    def save(self) -> bool:
        """Save to the deck's file; a new deck, or one of Manatable's own sample decks (which
        Save would have overwritten in the program's folder, or failed on where that folder is
        read-only), asks where to save it."""
        if self.doc.path is None:
            return self.save_as()
        if built_in(self.doc.path):
            self.show_status(tr("{deck} is one of Manatable's sample decks: save your changes as a deck of your own.",
                                deck=self.doc.deck.name or self.doc.path.stem))
            return self.save_as()
        return self.save_to(self.doc.path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        return bool(path) and self.save_to(Path(path))

    def save_to(self, path: str | Path) -> bool:
        """Write the deck atomically in the format the extension names."""
        path = Path(path)
        old_key = self.doc.autosave_key
        try:
            write_deck(self.doc.deck, path)
        except (OSError, ValueError) as exc:
            self.show_error(tr("{file} could not be saved: {reason}. The deck is still open and nothing was lost.", file=path.name,
                              reason=os_reason(exc) if isinstance(exc, OSError) else str(exc)))
            return False
        discard_autosave(old_key)
        self.doc.saved_as(path)
        try:
            add_recent(path)
        except OSError:
            pass
        self.show_status(tr("Saved {file}.", file=path.name))
        return True

    # -- clipboard -------------------------------------------------------------------

    def import_clipboard(self) -> bool:
        """A new (unsaved) deck from the clipboard's text: Arena, plain, MTGO or XML."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.show_error(tr("The clipboard holds no text to read a deck from."))
            return False
        schemes = scheme_list(text, self._is_card())
        if schemes is not None:  # (said, not pasted: its schemes would all be "unknown cards")
            if self.ask_save_schemes(scheme_paste_text(schemes)):
                self.save_schemes(schemes)
            return False
        try:
            loaded = deck_from_text(text, self.library.resolver())
        except DeckFormatError as exc:
            self.show_error(problem_text(exc))
            return False
        if not self.maybe_save():
            return False
        self.doc.discard_autosave()
        self.doc.replace(Deck(), None)
        # The pasted deck is an edit of an empty one: unsaved, autosaved, undoable.
        deck = loaded.deck
        self.doc.edit(tr("Paste a deck"), lambda d: _assign(d, deck))
        self._resolve_unknown(loaded)
        self.show_status(trn("Read a deck with one main deck card from the clipboard.", "Read a deck with {count} main deck cards from the clipboard.", deck.total("main")))
        return True

    def export_clipboard(self, style: str = "plain") -> str:
        text = deck_to_text(self.doc.deck, style)
        QGuiApplication.clipboard().setText(text)
        self.show_status(tr("The deck was copied to the clipboard as {style}.", style=message(f"decks.style.{style}")))
        return text

    # -- recent decks ---------------------------------------------------------------

    def fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = recent_decks()
        self.show_storage_notices()
        for path in paths:
            action = menu.addAction(path.name)
            action.setToolTip(html.escape(str(path)))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if not paths:
            menu.addAction(tr("No recent decks")).setEnabled(False)


def _assign(target: Deck, source: Deck) -> None:
    assign(target, source)
