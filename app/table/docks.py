"""Side docks: the large card preview, and the game log with chat.

Log lines are whole translated sentences made from engine events (app.i18n.event_lines);
they are rebuilt from the game's event list after an undo or a language change. A chat
line starting with "/" is sent as an action in canonical text ("/draw 2", "/life Bob -3").
At a hot seat the log keeps a page of lines for each seat it was shown for (`show_for`): back
at a seat, only the events made since are added to its page.
"""
from __future__ import annotations

import builtins
import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QDockWidget, QLabel, QLineEdit, QListWidget, QListWidgetItem, QSizePolicy,
                               QStackedWidget, QVBoxLayout, QWidget)

import app.i18n as i18n_mod
from app.i18n import card_name, counters_text, event_lines, step_name, tr, trn
from app.settings import STEPS
from app.table.card_item import end_step_lines, face_name

if TYPE_CHECKING:
    from app.table.card_item import CardItem
    from app.table.pixmaps import PixmapStore

PREVIEW_W = 300


class PreviewDock(QDockWidget):
    def __init__(self, store: "PixmapStore", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PreviewDock")
        self.store = store
        self.current: tuple[str | None, Any, bool] | None = None
        self.item: Any = None  # the table's card shown (let go of when it leaves the table)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)
        self.image = QLabel()
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image.setMinimumSize(PREVIEW_W, round(PREVIEW_W * 680 / 488))
        self.image.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.image)
        lay.addWidget(self.info)
        lay.addStretch(1)
        self.setWidget(body)
        store.ready.connect(self._pixmap_ready)  # a bound method: disconnected when the dock goes
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Card preview"))

    def show_item(self, item: "CardItem | None") -> None:
        if item is None:
            return
        d = item.data
        name = d.get("name")
        self.item = item
        self.current = (face_name(d), d.get("token_def"), bool(name))
        session = getattr(self.parent(), "session", None)
        self.info.setText(describe(d, item.zone, session.player_names if session is not None else None))
        self._redraw()

    def clear(self) -> None:
        self.item = self.current = None
        self.image.clear()
        self.info.clear()

    def current_name(self) -> str | None:
        return self.current[0] if self.current else None

    def _pixmap_ready(self, _key: str) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if self.current is None:
            return
        name, token_def, face = self.current
        pix = self.store.face(name, token_def, width=488) if face else self.store.back(width=488)
        if pix is None:
            return
        w = min(self.image.width(), PREVIEW_W + 60)
        self.image.setPixmap(pix.scaledToWidth(max(120, w), Qt.TransformationMode.SmoothTransformation))


def describe(d: dict[str, Any], zone: str, names: list[str] | None = None) -> str:
    """The state of a card in words (shown under the preview)."""
    lines = []
    if d.get("name"):
        lines.append(card_name(d["name"]))
        if d.get("copy_of"):  # CR 707.2: it has the copied card's characteristics (and any exceptions)
            lines.append(tr("A copy of {card}.", card=card_name(d["copy_of"])))
        if d.get("implemented") is False:
            lines.append(tr("Not implemented by the rules engine: played by hand."))
    if zone == "scheme":  # CR 314.6, 701.25: a face-up scheme in its owner's command zone
        owner = d.get("owner")
        who = names[owner] if names and isinstance(owner, int) and 0 <= owner < len(names) else ""
        lines.append(tr("{player}'s ongoing scheme: it stays face up in the command zone until it is abandoned.",
                        player=who) if d.get("ongoing") else
                     tr("{player}'s scheme, set in motion: once its ability has left the stack it goes to the bottom of the scheme deck.",
                        player=who))
        return "\n".join(lines)
    if zone != "battlefield":  # a suspended card's time counters in exile (CR 702.62)
        lines += [counters_text(str(k), int(n)) for k, n in sorted((d.get("counters") or {}).items()) if n]
        return "\n".join(lines)
    states = []
    if d.get("face_down"):
        states.append(tr("Face down"))
    if d.get("tapped"):
        states.append(tr("Tapped"))
    if d.get("phased_out"):
        states.append(tr("Phased out"))
    if d.get("sick") and "Creature" in (d.get("types") or []) and "haste" not in (d.get("keywords") or []):
        states.append(tr("Summoning sick"))
    if d.get("attacking") is not None:
        states.append(tr("Attacking"))
    if d.get("blocking"):
        states.append(tr("Blocking"))
    if states:
        lines.append(", ".join(states))
    if d.get("goaded_by"):  # CR 701.15: it attacks each combat, a player other than these if able
        lines.append(tr("Goaded by {players}: it attacks each combat if able.",
                        players=", ".join(names[p] if names and 0 <= p < len(names) else str(p)
                                          for p in d["goaded_by"])))
    lines += end_step_lines(d)  # blitz, a sacrifice at the end step
    if d.get("power") is not None and d.get("toughness") is not None:
        lines.append(tr("Power/toughness: {power}/{toughness}", power=d["power"], toughness=d["toughness"]))
    if d.get("damage"):
        lines.append(trn("{count} damage marked", "{count} damage marked", int(d["damage"])))
    for kind, n in sorted((d.get("counters") or {}).items()):
        lines.append(counters_text(str(kind), int(n)))
    if d.get("unlocked"):
        lines.append(tr("Unlocked doors: {doors}", doors=", ".join(card_name(x) for x in d["unlocked"])))
    if d.get("note"):
        lines.append(tr("Note: {text}", text=d["note"]))
    return "\n".join(lines)


@dataclass
class LogPage:
    """The log's lines as one seat sees them: the list, the events it shows, how many chat
    lines were said when it was last made or added to, and the seat's view of the events it
    was last shown from (`show_for`)."""

    list: QListWidget
    events: builtins.list[dict[str, Any]] = field(default_factory=builtins.list)  # (`list` is the widget here)
    chat: int = 0
    source: Any = None


class LogDock(QDockWidget):
    def __init__(self, send_action: Callable[[str], bool], player_name: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LogDock")
        self.send_action = send_action
        self.player_name = player_name
        self.chat: list[tuple[int, str, str]] = []  # (after n events, who, text)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        self.pages = QStackedWidget()
        self.by_seat: dict[Any, LogPage] = {}  # each seat's page (a hot seat's; else one)
        self.seat: Any = None  # whose page is shown (None until show_for names one)
        self._use(None)
        self.entry = QLineEdit()
        self.entry.returnPressed.connect(self._send)
        lay.addWidget(self.pages, 1)
        lay.addWidget(self.entry)
        self.setWidget(body)
        self.retranslate()

    def _use(self, seat: Any) -> LogPage:
        """Show the seat's page (made empty if it has none)."""
        page = self.by_seat.get(seat)
        if page is None:
            lst = QListWidget()
            lst.setWordWrap(True)
            lst.setAlternatingRowColors(True)
            lst.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            page = self.by_seat[seat] = LogPage(lst)
            self.pages.addWidget(lst)
        self.pages.setCurrentWidget(page.list)
        self.seat, self.list, self.events = seat, page.list, page.events
        return page

    def _drop_others(self) -> None:
        """Forget the pages not shown (their lines are stale: another language, an intro)."""
        for seat in [s for s in self.by_seat if s != self.seat]:
            page = self.by_seat.pop(seat)
            self.pages.removeWidget(page.list)
            page.list.deleteLater()

    def show_for(self, seat: Any, player_name: str | None, events: list[dict[str, Any]]) -> None:
        """The log as `seat` sees it (`events`: its whole view; "you" is `player_name`): its
        page as it was last shown, with only the events since added, when `events` is the list
        it was last shown from and has grown since — a local session keeps each seat's view as
        one list while its events stand (app/session_log.py; an undo that takes back events of
        it makes a new one). Made again otherwise, or when a chat line came since. (The events
        a signal delivers are copies: the list, not the events, tells that they are the same.)"""
        if self.seat is None and seat not in self.by_seat:  # (the first page: not yet anybody's)
            self.by_seat[seat] = self.by_seat.pop(None)
        page = self._use(seat)
        self.player_name = player_name
        k = len(page.events)
        if page.chat == len(self.chat) and events is page.source and k <= len(events):
            self.add_events(events[k:])
        else:
            self.rebuild(events)
        page.source = events

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Game log"))
        self.entry.setPlaceholderText(tr("Chat, or /action (e.g. /draw 2)"))
        self._drop_others()
        self.rebuild(self.events)

    def add_events(self, events: list[dict[str, Any]]) -> None:
        self.events.extend(events)
        lines = event_lines(events, self.player_name)
        # the step we had stopped in ended without anything happening: its header goes
        if lines and lines[0].startswith("— ") and self.list.count() and self._is_step_header(
                self.list.item(self.list.count() - 1).text()):
            self.list.takeItem(self.list.count() - 1)
        for line in lines:
            self._add_line(line, events)
        self.list.scrollToBottom()

    @staticmethod
    def _is_step_header(text: str) -> bool:
        if i18n_mod.SHOW_EMPTY_STEPS:
            return False
        return text in {tr("— {step} —", step=step_name(s)) for s in STEPS}

    def set_intro(self, lines: list[str]) -> None:
        """Lines shown above the game's events (a scenario's title and description)."""
        self.intro = list(lines)
        self._drop_others()
        self.rebuild(self.events)

    def rebuild(self, events: list[dict[str, Any]]) -> None:
        self.events[:] = list(events)  # (the page's own list)
        self.by_seat[self.seat].chat = len(self.chat)
        self.list.clear()
        for line in getattr(self, "intro", []):
            item = QListWidgetItem(line)
            item.setForeground(QColor(200, 150, 40))
            self.list.addItem(item)
        chat = sorted(self.chat)
        start = 0
        for n, who, text in chat + [(len(self.events), "", "")]:
            n = min(n, len(self.events))
            batch = self.events[start:n]
            for line in event_lines(batch, self.player_name):
                self._add_line(line, batch)
            start = max(start, n)
            if who:
                self._chat_line(who, text)
        self.list.scrollToBottom()

    def _add_line(self, text: str, batch: list[dict[str, Any]]) -> None:
        item = QListWidgetItem(text)
        if text.startswith("— "):  # turn and step lines: quieter
            item.setForeground(QColor(130, 130, 130))
        self.list.addItem(item)

    def _chat_line(self, who: str, text: str) -> None:
        item = QListWidgetItem(tr("{player}: {text}", player=who, text=text))
        item.setForeground(QColor(40, 110, 200))
        self.list.addItem(item)

    def add_chat(self, who: str, text: str) -> None:
        self.chat.append((len(self.events), who, text))
        self.by_seat[self.seat].chat = len(self.chat)
        self._chat_line(who, text)
        self.list.scrollToBottom()

    def _send(self) -> None:
        text = self.entry.text().strip()
        if not text:
            return
        if text.startswith("/"):
            if self.send_action(text[1:].strip()):
                self.entry.clear()
            return
        self.entry.clear()
        self.add_chat(self.player_name or tr("Spectator"), html.unescape(text))

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
