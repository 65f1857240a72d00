"""One desktop of tools/play_lan4.py: the real program's window in a process of its own (its own
MANATABLE_HOME and UI language), hosting or joining a LAN table on 127.0.0.1 through the LAN
dialog, the lobby's Ready/Start, and playing through the table's gestures (QTest on the real
widgets: double-clicks on lands, spells and the command zone's pile, clicks on highlighted
targets, attackers and opponents' panels, the prompt bar's buttons).

    python tools/lan_desktop.py host|join NAME LANG DECK [ADDRESS] [--user-deck] [--format F]
                                [--players N] [--out DIR]

It reads commands on stdin, one a line: `hold` / `play` (stop / go on answering), `concede`
(F2, confirmed), `shot TAG` (docs/screenshots/lan4_TAG_NAME.png), `leave` (close the window's
session: a host leaving), `quit`. It prints one JSON line whenever what it sees changes: the
seat, turn, step, who decides, the status line, the last log lines, the prompt, and `leaks`
(names of cards this seat must not know, in its view or its scene's items). Loopback only.
`kill -USR1 PID` prints where it is (every thread's stack); so does its GUI thread not coming
back to its timer for STUCK_SECONDS."""
from __future__ import annotations

import argparse
import faulthandler
import json
import os
import queue
import shutil
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
for where in (ROOT, ROOT / "tools"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QMessageBox  # noqa: E402

from app.i18n import set_language, tr  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from play_archenemy import LEFT, Player, pump  # noqa: E402


STUCK_SECONDS = 60.0


def say(**fields: Any) -> None:
    print(json.dumps(fields, ensure_ascii=False), flush=True)


def leaks(window: Any) -> list[str]:
    """Names this seat's table knows of cards it must not see: another seat's hand, any library
    (in the view the table is given and in the items it draws)."""
    table = window.table
    session = table.session
    obs = session.observation()
    found = []
    for p in obs.get("players", []):
        if p["index"] != session.seat:
            found += [f"{p['name']}'s hand: {c.get('name')}" for c in p.get("hand", []) if c.get("name")]
        found += [f"{p['name']}'s library: {c.get('name')}" for c in p.get("library", []) if c.get("name")]
    for item in table.scene.cards.values():
        if item.zone in ("hand", "library") and not item.mine and (item.name or item.show_face):
            found.append(f"drawn: {item.zone} {item.name}")
    return found


class LanPlayer(Player):
    """A seat at a LAN table answering through gestures: keeps its hand, casts its commander
    from the command zone's pile, plays a land, casts what it can (targets clicked: an
    opponent's first), attacks with every creature able, each at another opponent when there
    are several (a click on the creature, then on that player's panel), blocks nothing."""

    def __init__(self, window: Any, lang: str) -> None:
        super().__init__(window, None, lang)
        self.tried: dict[int, set[int]] = {}  # per turn: the cards double-clicked already
        self.done: list[str] = []  # what it did that the run looks for
        self.answered: set[str] = set()  # the prompt keys of the decisions it answered

    def decide(self) -> None:
        it = self.table.interaction
        o = self.obs()
        pend = o.get("pending") or {}
        seat = self.session.seat
        self.answered.add(str(pend.get("prompt") or pend.get("kind")))  # (which decisions came)
        main = (pend.get("kind") == "priority" and not it.mode and not o.get("stack") and self.my_turn()
                and o.get("step") in ("main1", "main2"))
        if main:
            tried = self.tried.setdefault(o.get("turn", 0), set())
            legal = self.session.legal_actions()
            home = {c["id"] for c in o["players"][seat].get("command", [])}
            if any(a.verb == "cast" and a.obj in home for a in legal) and -1 not in tried:
                tried.add(-1)
                pile = self.table.scene.zones[("command", seat)]
                view = self.table.view
                QTest.mouseDClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                                  view.mapFromScene(pile.mapToScene(pile.card_rect().center())))
                self.gestures += 1
                self.done.append("commander")
                pump()
                return
            cards = self.table.scene.cards
            for verb in ("play", "cast"):
                for a in legal:
                    if a.verb == verb and a.obj in cards and a.obj not in tried and cards[a.obj].zone == "hand":
                        tried.add(a.obj)
                        self.double_click(cards[a.obj])
                        self.done.append(verb)
                        return
            self.button_labelled("Passen", "Pass", "Passa")
            return
        if it.mode == "targets":
            self.done.append("target")
        if it.mode == "attackers":
            others = [i for i in self.session.observation()["players"] if i["index"] != seat and not i.get("lost")]
            able = [i for i in self.items("battlefield") if i.highlight and not i.data.get("tapped")
                    and "Creature" in (i.data.get("types") or [])]
            view = self.table.view
            defenders = set()
            for k, creature in enumerate(able):
                self.click(creature)
                if others:  # (then that opponent's panel: the creature attacks them, CR 506.3)
                    who = others[k % len(others)]["index"]
                    defenders.add(who)
                    panel = self.table.scene.panels[who]
                    QTest.mouseClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                                     view.mapFromScene(panel.rect.center()))
                    pump()
            if able:  # "attack:ATTACKERS:DEFENDERS"
                self.done.append(f"attack:{len(able)}:{len(defenders)}")
            self.button(0)
            return
        super().decide()


    def pick_from_menu(self) -> None:
        """A long choice's "Choose…" menu: its first entry clicked; a list split into parts
        ("1–30", "31–60", …) opens its first part as a user's pointer resting on it does, and
        that part's first entry is clicked."""
        menu = getattr(self.table, "action_menu", None)
        for _ in range(3):
            if menu is None or not menu.isVisible():
                return
            entry = next((a for a in menu.actions() if a.isEnabled() and not a.isSeparator()), None)
            if entry is None:
                return
            if entry.menu() is not None:
                sub = entry.menu()
                sub.popup(menu.mapToGlobal(menu.actionGeometry(entry).topRight()))
                pump()
                menu = sub
                continue
            QTest.mouseClick(menu, LEFT, Qt.KeyboardModifier.NoModifier, menu.actionGeometry(entry).center())
            self.gestures += 1
            pump()
            return


class Desktop:
    def __init__(self, args: list[str]) -> None:
        ap = argparse.ArgumentParser()
        ap.add_argument("role", choices=("host", "join"))
        for name in ("name", "lang", "deck"):
            ap.add_argument(name)
        ap.add_argument("address", nargs="?", default="")
        ap.add_argument("--user-deck", action="store_true")
        ap.add_argument("--format", default="commander")
        ap.add_argument("--players", type=int, default=4)
        ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
        a = ap.parse_args(args)
        self.role, self.name, self.lang, self.deck, self.address = a.role, a.name, a.lang, a.deck, a.address
        self.user_deck, self.fmt, self.players, self.out = a.user_deck, a.format, a.players, Path(a.out)
        self.commands: queue.Queue[str] = queue.Queue()
        self.playing = True
        self.last: dict[str, Any] = {}
        self.waiting: tuple[Any, ...] | None = None
        self.seen: dict[tuple[Any, ...], int] = {}
        self.asked: list[str] = []

    def dialog(self, w: MainWindow) -> LanDialog:
        dlg = LanDialog(w.settings, host=self.role == "host", parent=w, browse=False)
        dlg.name.setText(self.name)
        if self.role == "host":
            dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
            dlg.format.setCurrentIndex(dlg.format.findData(self.fmt))
            dlg.players.setValue(self.players)
        else:
            dlg.address.setText(self.address)
        if self.user_deck:  # a deck file of the user's own ("Open a deck file…")
            mine = Path(os.environ["MANATABLE_HOME"]) / f"my_{Path(self.deck).name}"
            shutil.copy(self.deck, mine)
            dlg.deck_row.open_file(str(mine))
        else:
            dlg.deck.setCurrentIndex(dlg.deck.findData(self.deck))
            assert dlg.deck.currentData() == self.deck, "the LAN dialog does not offer the deck"
        return dlg

    def answer_boxes(self) -> None:
        """A question box: the rejoin question answered "Rejoin the game", the concede question
        "Yes"; the others (host gone, game over) left open, as a user reads them."""
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            return
        if box.text() not in self.asked:
            self.asked.append(box.text())
            say(box=box.text(), buttons=[b.text() for b in box.buttons()])
        if box is getattr(self.w, "leave_box", None):  # ("leave" asked for it: Quit / Leave)
            next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole).click()
            return
        if box is getattr(self.w, "lan_claim_box", None):  # (another player ran out of time: wait for them)
            box.button(QMessageBox.StandardButton.No).click()
            return
        rejoin = tr("You have a seat at “{game}” as {name}. Rejoin the game?", game="", name="")[-12:]
        for b in box.buttons():
            if (b.text() == tr("Rejoin the game") and box.text().endswith(rejoin)) \
                    or box.standardButton(b) == QMessageBox.StandardButton.Yes:
                b.click()
                return

    def start(self) -> None:
        set_language(self.lang)
        self.w = w = MainWindow(Settings(language=self.lang, animations=False, player_name=self.name))
        w.resize(1500, 950)
        w.show()
        pump()
        if self.role == "host":
            self.session = lan_flow.host_lan(w, bind="127.0.0.1", announce=False, port=0, dialog=self.dialog(w))
            say(port=self.session.worker.server.port)
        else:
            QTimer.singleShot(100, self._rejoin_question)
            self.session = lan_flow.join_lan(w, dialog=self.dialog(w))
        self.player = LanPlayer(w, self.lang)
        threading.Thread(target=self._read, daemon=True).start()
        self.timer = QTimer()
        self.timer.timeout.connect(self.tick)
        self.timer.start(100)
        # a dialog opened inside a gesture runs a loop of its own, and `tick` waits for it: this
        # timer answers it meanwhile (a user picks the first entry), and reports it
        self.guard = QTimer()
        self.guard.timeout.connect(self._modal)
        self.guard.start(300)

    def _modal(self) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            self.answer_boxes()
        elif isinstance(box, QInputDialog):
            say(dialog=box.labelText(), value=box.textValue() or box.intValue())
            box.accept()
        elif isinstance(box, QDialog) and box is not self.w.lan_lobby:  # (the lobby waits for the start)
            say(dialog=box.windowTitle())
            box.accept()

    def _rejoin_question(self) -> None:
        """While join_lan runs: its question "Rejoin the game?" (a seat kept on disk) answered."""
        if hasattr(self, "session"):
            return
        if isinstance(QApplication.activeModalWidget(), QMessageBox):
            self.answer_boxes()
        QTimer.singleShot(100, self._rejoin_question)

    def _read(self) -> None:
        for line in sys.stdin:
            self.commands.put(line.strip())

    def shot(self, tag: str) -> None:
        pump()
        if self.w.table is not None:
            self.w.table.store.flush()
            pump()
        target = self.w
        box = QApplication.activeModalWidget()
        if box is not None and box is not self.w:  # a box over the window: both in the picture
            box.move(self.w.geometry().center() - box.rect().center())
            pump()
        pix = target.grab()
        if box is not None and box is not self.w:
            p = QPainter(pix)
            p.drawPixmap(box.geometry().topLeft() - self.w.geometry().topLeft(), box.grab())
            p.end()
        path = self.out / f"lan4_{tag}_{self.name.lower()}.png"
        pix.save(str(path))
        say(shot=str(path))

    def command(self, c: str) -> None:
        if c == "hold":
            self.playing = False
        elif c == "play":
            self.playing = True
        elif c == "concede":
            QTimer.singleShot(0, self.w.table.actions_by_id["concede"].trigger)  # Game ▸ Concede (F2)
        elif c.startswith("shot "):
            self.shot(c[5:])
        elif c == "leave":  # (later: the confirmation runs a loop of its own, and this timer waits)
            QTimer.singleShot(0, lambda: say(left=self.w.close()))
        elif c == "quit":
            QApplication.instance().quit()

    def tick(self) -> None:
        # a watchdog on the GUI thread: this timer not run for STUCK_SECONDS (the thread blocked,
        # or caught in a loop of its own that nothing ends) prints every thread's stack
        faulthandler.dump_traceback_later(STUCK_SECONDS)
        while not self.commands.empty():
            self.command(self.commands.get())
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.text() not in self.asked:
            self.answer_boxes()
        w, s = self.w, self.session
        lobby = w.lan_lobby
        if w.table is None and lobby is not None and lobby.isVisible():
            if lobby.ready.isEnabled() and not lobby.ready.isChecked():
                QTest.mouseClick(lobby.ready, LEFT)
            if self.role == "host" and lobby.start.isEnabled() and self.playing:
                QTest.mouseClick(lobby.start, LEFT)
        live = w.table is not None and w.table.session is s
        if live and self.playing:
            self.play()
        self.report(live)

    def play(self) -> None:
        s = self.session
        if not s.state.my_decision() or not s.legal_actions() or s.state.outcome is not None:
            return
        it = self.w.table.interaction
        now = (s.state.seq, it.mode, len(it.attackers), it.target_i, repr(it.chosen) if hasattr(it, "chosen") else "")
        if self.waiting == now and time.monotonic() - self.waited < 8:
            return  # (one gesture per position: the host's answer first)
        self.seen[now] = self.seen.get(now, 0) + 1
        if self.seen[now] > 20:
            if self.seen[now] == 21:
                say(stalled=it.prompt()[0])
            return
        self.waiting, self.waited = now, time.monotonic()
        try:
            self.player.decide()
        except Exception as exc:  # reported, the run goes on
            say(error=repr(exc))

    def report(self, live: bool) -> None:
        s, w = self.session, self.w
        obs = s.observation() if live else {}
        lobby = w.lan_lobby
        log = w.table.log.list if live else None
        now = {"table": live, "seat": s.seat, "turn": obs.get("turn"), "step": obs.get("step"),
               "active": obs.get("active"), "decides": (obs.get("pending") or {}).get("player"),
               "kind": (obs.get("pending") or {}).get("kind"), "away": sorted(getattr(s, "away", [])),
               "outcome": obs.get("outcome"), "lost": [p["index"] for p in obs.get("players", []) if p.get("lost")],
               "leaks": leaks(w) if live else [], "done": sorted(set(self.player.done)),
               "answered": sorted(self.player.answered),
               "lobby": [lobby.seats.item(i).text() for i in range(lobby.seats.count())] if lobby is not None else None,
               "can_start": bool(lobby is not None and lobby.start.isVisible() and lobby.start.isEnabled()),
               "status": w.statusBar().currentMessage(),
               "log": [log.item(i).text() for i in range(max(0, log.count() - 3), log.count())] if log else [],
               "prompt": w.table.interaction.prompt()[0] if live else "", "asked": self.asked[-1:]}
        if {k: v for k, v in now.items() if k not in ("status", "log")} != \
                {k: v for k, v in self.last.items() if k not in ("status", "log")}:
            self.last = now
            say(**now)


def main(args: list[str]) -> int:
    faulthandler.register(signal.SIGUSR1)  # (`kill -USR1 PID` prints where a stuck desktop is)
    app = QApplication.instance() or QApplication([])
    d = Desktop(args)
    d.start()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
