"""A goldfish session in tabletop mode through the table's own mouse and keyboard paths (QTest
and real context-menu events on the real widgets), as a player would: the start page's
Goldfish button, the deck list and the mode by keyboard, OK by mouse; Keep; then each turn
drag lands and creatures from the hand onto the battlefield, double-click to tap, right-click
for counters, face down and "Attach to…" (then a click on the host), Ctrl+Z / Ctrl+Shift+Z
to undo and redo, Ctrl+Return for the next turn. It checks after every gesture that the table
changed as the gesture says (or that undo restored the position before) and reports what did
not. Screenshots: the table mid-session and after the undo round.

    python tools/play_tabletop.py [--lang de] [--deck 0] [--turns 6] [--verbose] [OUT_DIR]

Prints the turn, the number of gestures and every surprise (none: an empty list).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

# first: offscreen Qt, a fresh MANATABLE_HOME, the checkout on sys.path (tools/table_driver.py)
from table_driver import command_line, open_window

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu

from app.i18n import message, tr
from app.shell.dialogs import DeckPicker
from engine.cards.behaviour import printed
from play_archenemy import LEFT, pump, shoot, visible_point

NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier


class TabletopPlayer:
    def __init__(self, window: Any) -> None:
        self.w = window
        self.gestures = 0
        self.surprises: list[str] = []

    # ------------------------------------------------------------------ reading
    @property
    def t(self) -> Any:
        return self.w.table

    def obs(self) -> dict[str, Any]:
        return self.t.session.observation()

    def items(self, zone: str) -> list[Any]:
        return [i for i in self.t.scene.cards.values() if i.zone == zone and i.mine and i.obj_id is not None
                and i.isVisible()]

    @staticmethod
    def is_(item: Any, kind: str) -> bool:
        """The card's printed type line has `kind` (a hand card's data has no types)."""
        data = printed(item.name or "")
        return data is not None and kind in data.type_line

    def card(self, oid: int) -> dict[str, Any]:
        return next((c for c in self.obs()["battlefield"] if c["id"] == oid), {})

    def refused(self) -> str:
        m = self.t.prompt_bar.message
        return m.text() if m.isVisible() else ""

    def surprise(self, what: str) -> None:
        self.surprises.append(f"turn {self.obs().get('turn')}: {what}")
        print("SURPRISE:", self.surprises[-1], flush=True)

    # ------------------------------------------------------------------ gestures
    def _at(self, item: Any) -> QPoint:
        return visible_point(self.t, item)

    def _send(self, kind: QEvent.Type, pos: QPoint, button: Qt.MouseButton, buttons: Qt.MouseButton) -> None:
        vp = self.t.view.viewport()
        QApplication.sendEvent(vp, QMouseEvent(kind, QPointF(pos), QPointF(vp.mapToGlobal(pos)), button, buttons, NONE))

    def drag(self, item: Any, to: QPointF) -> None:
        """Press on the card, move in ten steps, release over `to` (a scene point)."""
        a, b = self._at(item), self.t.view.mapFromScene(to)
        self._send(QEvent.Type.MouseButtonPress, a, LEFT, LEFT)
        for k in range(1, 11):
            self._send(QEvent.Type.MouseMove, a + (b - a) * k / 10, Qt.MouseButton.NoButton, LEFT)
        self._send(QEvent.Type.MouseButtonRelease, b, LEFT, Qt.MouseButton.NoButton)
        self.gestures += 1
        pump()

    def double_click(self, item: Any) -> None:
        QTest.mouseDClick(self.t.view.viewport(), LEFT, NONE, self._at(item))
        self.gestures += 1
        pump()

    def click(self, item: Any) -> None:
        QTest.mouseClick(self.t.view.viewport(), LEFT, NONE, self._at(item))
        self.gestures += 1
        pump()

    def menu(self, item: Any, *path: str) -> bool:
        """Right-click the item and pick the entries along `path` (a submenu, then its entry)."""
        vp = self.t.view.viewport()
        pos = self._at(item)
        QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))
        self.gestures += 1
        pump()
        for label in path:
            menu = QApplication.activePopupWidget()
            if not isinstance(menu, QMenu):
                self.surprise(f"no menu open for {label!r}")
                return False
            entry = next((a for a in menu.actions() if a.text().replace("&", "") == label), None)
            if entry is None or not entry.isEnabled():
                shown = [a.text() for a in menu.actions() if a.text()]
                self.surprise(f"menu entry {label!r} {'disabled' if entry else 'missing'}; the menu shows {shown}")
                menu.close()
                return False
            if entry.menu() is not None:
                # a submenu by keyboard (Down to its entry, Right), as a hand on the keys does:
                # QTest's pointer does not hover reliably where a menu opened at the same spot
                for _ in range(len(menu.actions())):
                    if menu.activeAction() is entry:
                        break
                    QTest.keyClick(menu, Qt.Key.Key_Down)
                QTest.keyClick(menu, Qt.Key.Key_Right)
                QTest.qWait(50)
            else:
                QTest.mouseClick(menu, LEFT, NONE, menu.actionGeometry(entry).center())
            self.gestures += 1
            pump()
        return True

    def key(self, key: Qt.Key, mods: Qt.KeyboardModifier = NONE) -> None:
        self.t.view.setFocus()
        QTest.keyClick(self.t.view, key, mods)
        self.gestures += 1
        pump()

    def button(self, *labels: str) -> bool:
        for b in self.t.prompt_bar.buttons:
            if b.isVisible() and b.isEnabled() and b.text() in labels:
                QTest.mouseClick(b, LEFT)
                self.gestures += 1
                pump()
                return True
        return False


def start(w: Any, deck: int, mode: str = "tabletop") -> None:
    """Start page → Goldfish; the deck list by keyboard (Down), the mode combo by keyboard, OK."""
    def answer() -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, DeckPicker):
            QTimer.singleShot(50, answer)
            return
        dlg.list.setFocus()
        QTest.keyClick(dlg.list, Qt.Key.Key_Home)
        for _ in range(deck):
            QTest.keyClick(dlg.list, Qt.Key.Key_Down)
        dlg.mode.setFocus()
        QTest.keyClick(dlg.mode, Qt.Key.Key_Home)
        while dlg.mode.currentData() != mode:
            QTest.keyClick(dlg.mode, Qt.Key.Key_Down)
        QTest.mouseClick(dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), LEFT)
    QTimer.singleShot(0, answer)
    QTest.mouseClick(w.start.buttons["goldfish"], LEFT)
    pump()


def session(lang: str, deck: int, turns: int, out: Path, verbose: bool = False) -> dict[str, Any]:
    w = open_window(lang, player_name="Anna")
    w.activateWindow()  # (the window's shortcuts need the active window)
    pump()
    start(w, deck)
    w.activateWindow()  # (as the window manager does when the dialog closes)
    QTest.qWait(100)
    p = TabletopPlayer(w)
    t = p.t
    if t is None or t.session.game.config.mode != "tabletop":
        raise SystemExit("no tabletop goldfish table")
    p.button(tr("Keep"))
    undone = redone = 0
    for turn in range(turns):
        bf = t.scene.zones[("battlefield", t.session.seat)]
        # a land from the hand, dragged onto the battlefield
        land = next((i for i in p.items("hand") if p.is_(i, "Land")), None)
        if land is not None:
            before = len(p.obs()["battlefield"])
            p.drag(land, bf.rect.center())
            if len(p.obs()["battlefield"]) != before + 1:
                p.surprise(f"dragging {land.name} onto the battlefield changed nothing ({p.refused()!r})")
        # a nonland card too (tabletop: no mana needed)
        spell = next((i for i in p.items("hand") if not p.is_(i, "Land") and (p.is_(i, "Creature") or p.is_(i, "Artifact"))),
                     None)
        if spell is not None:
            before = len(p.obs()["battlefield"])
            p.drag(spell, bf.rect.center())
            if len(p.obs()["battlefield"]) != before + 1:
                p.surprise(f"dragging {spell.name} onto the battlefield changed nothing ({p.refused()!r})")
        # tap a land by double-click
        lands = [i for i in p.items("battlefield") if "Land" in (i.data.get("types") or []) and not i.data.get("tapped")]
        if lands:  # (identical untapped lands share a slot: the one on top is tapped)
            tapped = sum(1 for c in p.obs()["battlefield"] if c.get("tapped"))
            p.double_click(lands[-1])
            if sum(1 for c in p.obs()["battlefield"] if c.get("tapped")) != tapped + 1:
                p.surprise(f"double-clicking {lands[-1].name} did not tap a land")
        creatures = [i for i in p.items("battlefield") if "Creature" in (i.data.get("types") or [])]
        if creatures:
            c = creatures[0]
            oid = c.obj_id
            before = dict(p.card(oid).get("counters") or {})
            if p.menu(c, tr("Counters"), message("counter.add.+1/+1")):
                after = p.card(oid).get("counters") or {}
                if after.get("+1/+1", 0) != before.get("+1/+1", 0) + 1:
                    p.surprise(f"the +1/+1 counter on {c.name} did not appear: {after}")
        if turn == 1 and p.items("hand"):
            hand = p.items("hand")[0]
            before = len(p.obs()["battlefield"])
            if p.menu(hand, tr("Put onto the battlefield face down")):
                down = [c for c in p.obs()["battlefield"] if c.get("face_down")]
                if len(p.obs()["battlefield"]) != before + 1 or not down:
                    p.surprise("putting a card onto the battlefield face down did not")
        if turn == 2:
            others = [i for i in p.items("battlefield") if "Land" not in (i.data.get("types") or [])]
            if len(others) >= 2:
                src, host = others[0], others[1]
                sid, hid = src.obj_id, host.obj_id
                if p.menu(src, tr("Attach to…")):
                    prompt = t.interaction.prompt()[0]
                    p.click(t.scene.cards[hid])
                    if p.card(sid).get("attached_to") != hid:
                        p.surprise(f"attaching {src.name} to {host.name} did not ({prompt!r}, {p.refused()!r})")
                    shoot(w, out / f"tabletop_attached_{lang}.png")
        if turn == 3:
            # undo the turn's gestures one by one, then redo them: the table goes back and forth
            before = p.obs()
            history = len(t.session.game.history)
            for _ in range(4):
                p.key(Qt.Key.Key_Z, CTRL)
                undone += 1
            if len(t.session.game.history) >= history:
                p.surprise(f"Ctrl+Z four times left the history at {len(t.session.game.history)} of {history}")
            for _ in range(4):
                p.key(Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
                redone += 1
            after = p.obs()
            if [(c["id"], c.get("tapped"), c.get("counters")) for c in after["battlefield"]] != \
                    [(c["id"], c.get("tapped"), c.get("counters")) for c in before["battlefield"]]:
                p.surprise("four undos and four redos did not give back the same battlefield")
            shoot(w, out / f"tabletop_undo_{lang}.png")
        turn_before = p.obs().get("turn")
        for _ in range(6):  # Ctrl+Return until the next turn: the land reminder's second press,
            if p.obs().get("turn") != turn_before:  # the attack on the empty seat, a discard
                break
            if t.interaction.mode == "attackers":
                for c in p.items("battlefield"):
                    if c.highlight == "playable":
                        p.click(c)
                if not p.button(tr("Attack")):
                    p.button(tr("Don't attack"))
            elif t.session.game.pending is not None and t.session.game.pending.kind == "discard":
                while t.interaction.prompt()[1] and not t.interaction.prompt()[1][0][2]:
                    p.click(next(i for i in p.items("hand") if i.obj_id not in t.interaction.chosen_ids))
                p.button(tr("Done"))
            else:
                p.key(Qt.Key.Key_Return, CTRL)
        if p.obs().get("turn") == turn_before:
            p.surprise(f"Ctrl+Return did not start the next turn ({t.interaction.prompt()[0]!r})")
        if verbose:
            print("turn", turn_before, sorted((c["name"], bool(c.get("tapped"))) for c in p.obs()["battlefield"]), flush=True)
    shoot(w, out / f"tabletop_table_{lang}.png")
    o = p.obs()
    result = {"turn": o.get("turn"), "gestures": p.gestures, "undone": undone, "redone": redone,
              "battlefield": len(o["battlefield"]), "surprises": p.surprises}
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="de")
    ap.add_argument("--deck", type=int, default=0, help="the deck's row in the Goldfish dialog's list")
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--verbose", action="store_true", help="the battlefield after each turn")
    args, app, out = command_line(ap)
    print(session(args.lang, args.deck, args.turns, out, args.verbose), flush=True)
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
