"""The deck being edited: an engine Deck, its file, its undo stack and its autosave.

Every change goes through a QUndoCommand that keeps the deck before and after (a deck
is a few dozen entries, so a copy is cheaper than getting inverse operations right for
printings, entry order and unrecognised names). Typing in the name or comments field
merges into one undo step per field, not one per keystroke.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.decks.text import card_name
from app.i18n import os_reason, tr, trn
from engine.decks import Deck, UnknownCard, autosave, discard_autosave, load_autosave
from engine.decks.storage import autosave_path

AUTOSAVE_DELAY_MS = 1500
_untitled = itertools.count(1)
_MERGE_IDS = {"name": 1001, "comments": 1002}


class DeckEdit(QUndoCommand):
    """One edit: the deck before and after, and which text field it was (for merging)."""

    def __init__(self, doc: DeckDocument, before: Deck, after: Deck, text: str,
                 merge_field: str | None = None) -> None:
        super().__init__(text)
        self.doc = doc
        self.before = before
        self.after = after
        self.merge_field = merge_field

    def redo(self) -> None:
        self.doc._set_deck(self.after.copy())

    def undo(self) -> None:
        self.doc._set_deck(self.before.copy())

    def id(self) -> int:
        return _MERGE_IDS.get(self.merge_field or "", -1)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, DeckEdit) or other.merge_field != self.merge_field:
            return False
        self.after = other.after
        return True


class DeckDocument(QObject):
    """The deck in one editor window. `changed` fires after every edit, undo and load."""

    changed = Signal()
    #: (zone, English name) of the card an edit touched last, for keeping it selected
    touched = Signal(str, str)
    #: the autosave could not be written: (the file, the system's reason); once, when it
    #: starts failing — again only after an autosave succeeded in between
    autosave_failed = Signal(str, str)

    def __init__(self, deck: Deck | None = None, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.deck = deck or Deck()
        self.path = path
        self.untitled_key = _free_untitled_key()
        self.undo_stack = QUndoStack(self)
        # a bound slot, not a lambda: Qt drops it when the document goes away, before the
        # stack (a child) emits its last cleanChanged while being destroyed
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave_now)
        self.autosave_failing = False
        self._saved = self.deck.to_json()  # what the file holds (or the new deck as it started)

    # -- state ------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        """Whether the deck differs from its file: edits that bring it back (+1, then -1) leave
        it unmodified, as the undo stack's clean state alone would not."""
        return not self.undo_stack.isClean() and self.deck.to_json() != self._saved

    @property
    def autosave_key(self) -> str:
        """The autosave's key: the file's path once there is one, else "untitled-N"."""
        return str(self.path.resolve()) if self.path is not None else self.untitled_key

    def _clean_changed(self, _clean: bool) -> None:
        self.changed.emit()

    def _set_deck(self, deck: Deck) -> None:
        self.deck = deck
        self._autosave_timer.start()
        self.changed.emit()

    def replace(self, deck: Deck, path: Path | None) -> None:
        """Load another deck (New, Open): the undo history starts over, clean."""
        self._autosave_timer.stop()
        self.undo_stack.clear()
        self.deck = deck
        self.path = path
        self._saved = deck.to_json()
        self.changed.emit()

    def recover(self, saved: Deck) -> None:
        """Apply an autosave on top of what was loaded, as one undoable, unsaved edit (so
        undo gets the file's version back)."""
        self.edit(tr("Recover the autosaved deck"), lambda d: _assign(d, saved))

    # -- editing ----------------------------------------------------------------------

    def edit(self, text: str, change: Callable[[Deck], object],
             merge_field: str | None = None) -> bool:
        """Apply `change` to a copy of the deck as one undoable step; False if it changed
        nothing (nothing is pushed then)."""
        before = self.deck.copy()
        after = self.deck.copy()
        change(after)
        if _same(before, after):
            return False
        self.undo_stack.push(DeckEdit(self, before, after, text, merge_field))
        return True

    def add(self, name: str, count: int = 1, zone: str = "main") -> bool:
        done = self.edit(trn("Add {card}", "Add {count} × {card}", count, card=card_name(name)),
                         lambda d: d.add(name, count, zone))
        if done:
            self.touched.emit(zone, name)
        return done

    def remove(self, name: str, count: int = 1, zone: str = "main") -> bool:
        done = self.edit(trn("Remove {card}", "Remove {count} × {card}", count, card=card_name(name)),
                         lambda d: d.remove(name, count, zone))
        if done:
            self.touched.emit(zone, name)
        return done

    def move(self, name: str, count: int = 1, from_zone: str = "main",
             to_zone: str = "side") -> bool:
        done = self.edit(trn("Move {card}", "Move {count} × {card}", count, card=card_name(name)),
                         lambda d: d.move(name, count, from_zone, to_zone))
        if done:
            self.touched.emit(to_zone, name)
        return done

    def set_name(self, name: str) -> bool:
        return self.edit(tr("Rename the deck"), lambda d: setattr(d, "name", name), "name")

    def set_comments(self, comments: str) -> bool:
        return self.edit(tr("Edit the comments"),
                         lambda d: setattr(d, "comments", comments), "comments")

    def set_format(self, fmt: str | None) -> bool:
        def change(d: Deck) -> None:
            # the user's choice replaces a format the file named that Manatable does not know
            d.format, d.unknown_format = fmt, ""
        return self.edit(tr("Change the format"), change)

    def resolve(self, zone: str, written: str, chosen: str) -> bool:
        """Replace an unrecognised entry by a real card name (an undoable edit)."""
        def change(d: Deck) -> None:
            for entry in [e for e in d.zone(zone) if not e.recognized and e.name == written]:
                d.resolve_unknown(UnknownCard(0, written, entry.count, zone), chosen)
        return self.edit(tr("Replace {card}", card=written), change)

    # -- autosave ---------------------------------------------------------------------

    def autosave_now(self) -> Path | None:
        """Write the autosave (only when there are unsaved changes)."""
        self._autosave_timer.stop()
        if not self.modified:
            if not self.undo_stack.isClean():  # edited back to the file: an older autosave is stale
                discard_autosave(self.autosave_key)
            return None
        try:
            written = autosave(self.deck, self.autosave_key)
        except OSError as exc:
            # a full disk must not interrupt editing (the deck stays open, unsaved), but the
            # user is told at once, not at the next real save: they may save elsewhere
            if not self.autosave_failing:
                self.autosave_failing = True
                self.autosave_failed.emit(str(autosave_path(self.autosave_key)), os_reason(exc))
            return None
        self.autosave_failing = False
        return written

    def discard_autosave(self) -> None:
        self._autosave_timer.stop()
        for key in {self.autosave_key, self.untitled_key}:
            discard_autosave(key)

    def saved_as(self, path: Path) -> None:
        """The deck was written to `path`: it is now clean, and autosaves are obsolete."""
        self.discard_autosave()
        self.path = path
        self._saved = self.deck.to_json()
        self.undo_stack.setClean()
        self.changed.emit()


def _free_untitled_key() -> str:
    """"untitled-N" with no autosave yet: never overwrite one a crashed session left."""
    while True:
        key = f"untitled-{next(_untitled)}"
        if not autosave_path(key).exists():
            return key


def _assign(target: Deck, source: Deck) -> None:
    copy = source.copy()
    for attr in ("name", "comments", "format", "unknown_format", "main", "side", "commander",
                 "companion", "extra_zones"):
        setattr(target, attr, getattr(copy, attr))


def _same(a: Deck, b: Deck) -> bool:
    return a.to_json() == b.to_json()


def recoverable(path: Path | None, on_disk: Deck | None) -> Deck | None:
    """The autosave of `path` when it differs from what the file holds, else None."""
    if path is None:
        return None
    saved = load_autosave(str(path.resolve()))
    if saved is None or (on_disk is not None and _same(saved, on_disk)):
        return None
    return saved
