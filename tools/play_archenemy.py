"""Play an Archenemy game through the table's own mouse and keyboard paths (QTest on the real
widgets), as a player would: New game → Archenemy on the start page, the dialog's combo boxes
by keyboard and its OK button by mouse; on the table, double-click a land or a castable card
in the hand, click highlighted targets and attackers, click the prompt bar's buttons. The
other three seats are computer players. Screenshots at the moments that matter for issue #29.

    python tools/play_archenemy.py [--role archenemy|team] [--format supervillain_rumble] [--lang de]
                                   [--turns 8] [--seed 5] [OUT_DIR]

With --turns high enough (200) the game is played to its end: archenemy_ROLE_end_LANG.png.

`Player` is also what tests/app/test_archenemy_table.py drives.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-archenemy-"))
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox  # noqa: E402

from app.archenemy_dialog import ArchenemyDialog
from app.i18n import set_language
from app.settings import Settings
from app.shell.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton


def pump(ms: int = 0) -> None:
    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
    if ms:
        QTest.qWait(ms)


class Player:
    """One human seat at a MainWindow's table, answering through gestures only."""

    def __init__(self, window: Any, shots: Path | None = None, lang: str = "de",
                 on_decision: Callable[["Player"], None] | None = None) -> None:
        self.w = window
        self.shots = shots
        self.lang = lang
        self.gestures = 0
        self.stalled = ""  # the prompt shown when twenty answers changed nothing
        self.log: list[str] = []
        self.on_decision = on_decision

    # ----------------------------------------------------------------- starting
    def new_game(self, role: str, fmt: str = "archenemy_commander", shot: str = "") -> None:
        """Start page → "Archenemy game"; in the dialog: the format and the role by keyboard,
        OK by mouse."""
        def fill(dlg: Any) -> None:
            self._choose(dlg.format, fmt)
            self._choose(dlg.role, role)
        self.start_from_dialog("archenemy", ArchenemyDialog, fill, shot)

    def start_from_dialog(self, button: str, dialog: type, fill: Callable[[Any], None], shot: str = "") -> None:
        """Start page's `button`; once its `dialog` is open, `fill(dlg)` sets it up by keyboard,
        a screenshot `shot` is taken, and OK is clicked by mouse."""
        def answer() -> None:
            dlg = QApplication.activeModalWidget()
            if not isinstance(dlg, dialog):
                QTimer.singleShot(50, answer)
                return
            fill(dlg)
            pump()
            if shot and self.shots is not None:
                dlg.grab().save(str(self.shots / shot))
            ok = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
            QTest.mouseClick(ok, LEFT)
        QTimer.singleShot(0, answer)
        QTest.mouseClick(self.w.start.buttons[button], LEFT)
        pump()
        self.session.pause_ms = 5  # (the computer's pause between visible actions: not needed here)

    @staticmethod
    def _choose(combo: QComboBox, data: str) -> None:
        """Pick an entry of a combo box with the keyboard (Home, then Down to it)."""
        target = combo.findData(data)
        combo.setFocus()
        QTest.keyClick(combo, Qt.Key.Key_Home)
        for _ in range(target):
            QTest.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() == target, (combo.currentIndex(), target)

    # ----------------------------------------------------------------- reading the table
    @property
    def table(self) -> Any:
        return self.w.table

    @property
    def session(self) -> Any:
        return self.w.table.session

    def obs(self) -> dict[str, Any]:
        return self.session.observation()

    def my_turn(self) -> bool:
        o = self.obs()
        return self.session.seat in (o.get("active_players") or [o.get("active")])

    def items(self, zone: str, mine: bool = True) -> list[Any]:
        return [i for i in self.table.scene.cards.values()
                if i.zone == zone and i.mine == mine and i.obj_id is not None and i.isVisible()]

    # ----------------------------------------------------------------- gestures
    def _at(self, item: Any) -> QPoint:
        return visible_point(self.table, item)

    def click(self, item: Any) -> None:
        QTest.mouseClick(self.table.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, self._at(item))
        self.gestures += 1
        pump()

    def double_click(self, item: Any) -> None:
        QTest.mouseDClick(self.table.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, self._at(item))
        self.gestures += 1
        pump()

    def button(self, index: int) -> None:
        b = self.table.prompt_bar.buttons[index]
        if b.text() in ("Cancel", "Abbrechen", "Annulla"):  # (worth knowing why: a surprise?)
            it = self.table.interaction
            self.log.append(f"turn {self.obs().get('turn')}: {b.text()} at {it.prompt()[0]!r} "
                            f"(choices: {[a.text for a in it.options][:6]}, target {it.target_i})")
        QTest.mouseClick(b, LEFT)
        self.gestures += 1
        pump()

    def button_labelled(self, *labels: str) -> bool:
        for i, b in enumerate(self.table.prompt_bar.buttons):
            if b.isEnabled() and b.text() in labels:
                self.button(i)
                return True
        return False

    # ----------------------------------------------------------------- deciding
    def wait_for_turn(self, timeout: float = 600.0) -> bool:
        """Until this seat decides (True) or the game is over (False)."""
        s = self.session
        waited = 0
        while waited < timeout * 1000:
            if s.game.outcome is not None:
                return False
            if not s.is_thinking() and s.deciding_seat() == s.seat and s.game.pending is not None:
                return True
            pump(10)
            waited += 10
        raise TimeoutError("the computer players did not come back to this seat")

    def decide(self) -> None:
        """Answer the open decision as the prompt bar offers it."""
        if self.on_decision is not None:
            self.on_decision(self)
        it = self.table.interaction
        o = self.obs()
        pend = o.get("pending") or {}
        _text, buttons = it.prompt()
        if it.mode == "targets":
            refs = it.target_refs()
            theirs = [i for i in self.table.scene.cards.values() if ("o", i.obj_id) in refs and not i.mine]
            targets = theirs or [i for i in self.table.scene.cards.values() if ("o", i.obj_id) in refs]
            if targets:
                self.click(targets[0])
                return
            players = [p for k, p in refs if k == "p" and p != self.session.seat] or [p for k, p in refs if k == "p"]
            if players:
                panel = self.table.scene.panels[players[0]]
                view = self.table.view
                QTest.mouseClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                                 view.mapFromScene(panel.rect.center()))
                self.gestures += 1
                pump()
                return
        if it.mode == "attackers":
            for i in self.items("battlefield"):
                if "Creature" in (i.data.get("types") or []) and not i.data.get("tapped") and i.highlight:
                    self.click(i)
            self.button(0)  # "Angreifen" (or "Nicht angreifen" when none could)
            return
        if it.mode == "blockers":
            if not self.button_labelled("Nicht blocken", "Don't block", "Non bloccare"):
                self.button(len(self.table.prompt_bar.buttons) - 1)
            return
        if pend.get("kind") == "priority" and not it.mode and not o.get("stack") and self.my_turn() \
                and o.get("step") in ("main1", "main2"):
            for i in self.items("hand"):
                if any(a.verb in ("play", "cast") for a in it.actions_for(i)):
                    before = len(self.session.game.history)
                    self.double_click(i)
                    if len(self.session.game.history) != before or it.mode:
                        return
        if pend.get("kind") == "priority" and not it.mode:
            if not self.button_labelled("Passen", "Pass", "Passa", "Verrechnen", "Resolve", "Risolvi"):
                self.button(0)
            return
        # (Cancel takes a cast back: an answer only when nothing else is offered)
        usable = [k for k, b in enumerate(buttons) if b[2] and b[0] not in ("Cancel", "Abbrechen", "Annulla")]
        lit = [i for i in self.table.scene.cards.values() if i.highlight == "choice"]
        if not usable and lit:  # "click the highlighted card": an opponent's first
            self.click(next((i for i in lit if not i.mine), lit[0]))
            return
        usable = usable or [k for k, b in enumerate(buttons) if b[2]]
        if usable:
            self.button(usable[0])
            self.pick_from_menu()

    def pick_from_menu(self) -> None:
        """A long choice's "Choose…" opens a menu of the answers: click its first entry (and in
        a submenu of a very long list, that one's first)."""
        menu = getattr(self.table, "action_menu", None)
        for _ in range(2):
            if menu is None or not menu.isVisible():
                return
            entry = next((a for a in menu.actions() if a.isEnabled() and not a.isSeparator()), None)
            if entry is None:
                return
            QTest.mouseClick(menu, LEFT, Qt.KeyboardModifier.NoModifier, menu.actionGeometry(entry).center())
            self.gestures += 1
            pump()
            menu = entry.menu()

    def play(self, until_turn: int, moments: Callable[["Player"], None] | None = None) -> None:
        """Decide until the turn or the game's end; `moments` looks at the table in between.
        The same position met twenty times is a stall (answers that change nothing, or a cast
        begun and cancelled again and again): it is logged with the prompt the table shows and
        the game is left there, as a user would give up."""
        seen: dict[tuple[int, str], int] = {}  # (a back-and-forth, cast then cancel, is a stall too)
        for _ in range(3000):
            if not self.wait_for_turn():
                break
            if self.obs().get("turn", 0) > until_turn:
                break
            if moments is not None:
                moments(self)
            now = (len(self.session.game.history), repr(self.obs().get("pending")))
            seen[now] = seen.get(now, 0) + 1
            if seen[now] >= 20:
                self.stalled = self.table.interaction.prompt()[0]
                self.log.append(f"stalled at turn {self.obs().get('turn')}: {self.stalled}")
                break
            self.decide()


def visible_point(table: Any, item: Any) -> QPoint:
    """Where a user aims at a card: its centre, or the part of it no other card covers (a hand
    card under its right neighbour, an attached card peeking out above its host)."""
    view = table.view
    view.ensureVisible(item)
    r = item.sceneBoundingRect()
    for fx, fy in ((0.5, 0.5), (0.5, 0.15), (0.2, 0.5), (0.2, 0.15), (0.85, 0.5), (0.5, 0.85), (0.12, 0.85)):
        pt = QPointF(r.left() + fx * r.width(), r.top() + fy * r.height())
        if table.scene.card_at(pt) is item:
            return view.mapFromScene(pt)
    return view.mapFromScene(r.center())


def shoot(window: Any, path: Path) -> None:
    pump()
    window.table.store.flush()
    pump()
    window.grab().save(str(path))
    print(path)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--role", default="archenemy", choices=("archenemy", "team"))
    ap.add_argument("--format", default="archenemy_commander",
                    choices=("archenemy_commander", "archenemy", "supervillain_rumble"))
    ap.add_argument("--lang", default="de")
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])

    set_language(args.lang)
    random.seed(args.seed)  # (the game's seed comes from here: the dialog has none)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w = MainWindow(Settings(language=args.lang, animations=False, player_name="Ada"))
    w.resize(1500, 950)
    w.show()
    pump()
    p = Player(w, out, args.lang)
    tag = "rumble" if args.format == "supervillain_rumble" else "archenemy" if args.role == "archenemy" else "team"
    shot = {"rumble": f"archenemy_newgame_rumble_{args.lang}.png", "team": f"archenemy_newgame_team_{args.lang}.png"}
    p.new_game(args.role, args.format, shot=shot.get(tag, f"archenemy_newgame_{args.lang}.png"))
    taken: set[str] = set()

    def moments(pl: Player) -> None:
        table = pl.table
        if table.scheme_banner.isVisible() and "banner" not in taken:
            taken.add("banner")
            table.scheme_banner.hold(True)  # (rendering the faces takes longer than the banner stays)
            shoot(w, out / f"archenemy_{tag}_scheme_{args.lang}.png")
            table.scheme_banner.hold(False)
        ongoing = any(i.zone == "scheme" for i in table.scene.cards.values())
        if ongoing and "ongoing" not in taken and not table.scheme_banner.isVisible():
            taken.add("ongoing")
            shoot(w, out / f"archenemy_{tag}_ongoing_{args.lang}.png")
        if len(pl.obs().get("active_players") or []) > 1 and pl.my_turn() and "team_turn" not in taken:
            taken.add("team_turn")
            shoot(w, out / f"archenemy_{tag}_turn_{args.lang}.png")

    p.play(args.turns, moments)
    o = p.obs()
    # (played to its end: the table as the game ended; else as it stands after --turns)
    shoot(w, out / f"archenemy_{tag}_{'end' if o.get('outcome') else 'table'}_{args.lang}.png")
    print(f"turn {o.get('turn')}, lives {[q['life'] for q in o['players']]}, {p.gestures} gestures, "
          f"outcome {o.get('outcome')}, schemes shown {p.table.scheme_banner.shown}, stalled {p.stalled!r}")
    w.table.session.close()
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
