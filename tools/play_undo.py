"""Play a two-player game against the computer through the table's own mouse and keyboard paths
(tools/play_archenemy.py's Player), taking moves back with the keyboard as a player would:
Ctrl+Z after a land, after a spell (and the computer's answers to it), after an attack, after
"Next turn" (Ctrl+Return), and once in the middle of choosing a target; Ctrl+Shift+Z puts the
first two back. After each undo the game, the table and the log must be exactly as they were
before the move (the observation compared whole; the log's lines too), after each redo as
they were after it. Screenshots play4_undo_*.png at those moments.

    python tools/play_undo.py [OUT_DIR] [--lang en] [--seed 20] [--max-turns 40] [--mine 0] [--theirs 1]

Prints what each undo and redo found (ok, or what differed) and the game's outcome.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

# first: offscreen Qt, a fresh MANATABLE_HOME, the checkout on sys.path (tools/table_driver.py)
from table_driver import command_line, game_result, open_window

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from app.ai_dialog import VsComputerDialog
from play_archenemy import Player, pump, shoot

CTRL = Qt.KeyboardModifier.ControlModifier

SHIFT = Qt.KeyboardModifier.ShiftModifier
# the moves taken back, in the order they first happen; "redo": put back again afterwards
MOMENTS = {"play": True, "cast": True, "attack": False, "next_turn": False}


class UndoPlayer(Player):
    """Plays as Player does; after the first move of each kind in MOMENTS, takes it back."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.found: list[str] = []
        self.done: set[str] = set()
        self.shots_taken: list[str] = []

    def state(self) -> tuple[str, list[str]]:
        """The seat's whole observation (as JSON) and the log's lines."""
        return json.dumps(self.obs(), sort_keys=True, default=str), self.table.log.lines()

    def key(self, key: Qt.Key, mods: Any) -> None:
        """A window shortcut typed on the table's view (the window active, as a user's is)."""
        self.w.activateWindow()
        end = time.monotonic() + 5
        while not self.w.isActiveWindow() and time.monotonic() < end:
            pump(20)
        self.table.view.setFocus()
        if not self.w.isActiveWindow():  # (a window shortcut reaches only the active window)
            self.found.append(f"{QKeySequence(key.value | mods.value).toString()}: the window is not active")
        QTest.keyClick(self.table.view, key, mods)
        self.gestures += 1
        pump(50)

    def settle(self) -> None:
        """Until the computer has answered and this seat decides again (or the game ended)."""
        self.wait_for_turn()
        pump(50)

    def compare(self, what: str, want: tuple[str, list[str]]) -> None:
        got = self.state()
        if got == want:
            self.found.append(f"{what}: ok")
            return
        a, b = json.loads(want[0]), json.loads(got[0])
        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        extra = [ln for ln in got[1] if ln not in want[1]][:4]
        gone = [ln for ln in want[1] if ln not in got[1]][:4]
        self.found.append(f"{what}: DIFFERS in {keys}; log lines added {extra}, missing {gone}")

    def shot(self, name: str) -> None:
        if self.shots is not None:
            shoot(self.w, self.shots / f"play4_undo_{name}.png")
            self.shots_taken.append(name)

    def decide(self) -> None:
        g = self.session.game
        if "target" not in self.done and self.table.interaction.mode == "targets" \
                and self.session.casting_start() is not None:
            self.undo_mid_cast()
            return
        if "next_turn" not in self.done and self.my_turn() and self.obs().get("turn", 0) >= 5 \
                and self.obs().get("step") == "main2" and not self.table.interaction.mode:
            self.undo_next_turn()
            return
        before, start = self.state(), len(g.history)
        super().decide()
        mine = [a.verb for a in g.history[start:] if a.player == self.session.seat]
        kind = next((v for v in mine if v in MOMENTS and v not in self.done), None)
        if kind is None or self.table.interaction.mode:
            return
        self.settle()
        if g.outcome is not None:
            return
        self.done.add(kind)
        after = self.state()
        self.shot(f"{kind}_done")
        self.key(Qt.Key.Key_Z, CTRL)
        self.compare(f"undo of a {kind}", before)
        self.shot(f"{kind}_undone")
        if MOMENTS[kind]:
            self.key(Qt.Key.Key_Z, CTRL | SHIFT)
            self.settle()
            self.compare(f"redo of the {kind}", after)

    def undo_next_turn(self) -> None:
        """Ctrl+Return in your second main phase, then Ctrl+Z: your main phase again."""
        self.done.add("next_turn")
        before = self.state()
        self.key(Qt.Key.Key_Return, CTRL)
        self.settle()
        self.shot("next_turn_done")
        self.key(Qt.Key.Key_Z, CTRL)
        self.compare("undo of Next turn", before)
        self.shot("next_turn_undone")

    def undo_mid_cast(self) -> None:
        """A spell's target asked: Ctrl+Z takes the cast back (the card in hand, nothing paid)."""
        self.done.add("target")
        g = self.session.game
        start = self.session.casting_start()
        assert start is not None
        self.shot("target_asked")
        self.key(Qt.Key.Key_Z, CTRL)
        back = len(g.history) == start and not self.table.interaction.mode
        self.found.append(f"undo while choosing a target: {'ok' if back else 'NOT taken back'} "
                          f"(history {len(g.history)}, cast at {start}, mode {self.table.interaction.mode!r})")
        self.shot("target_undone")


    def undo_the_end(self) -> None:
        """The game over: the prompt bar's Undo button takes the last move back, the game goes on."""
        g = self.session.game
        if g.outcome is None:
            return
        labels = [b.text() for b in self.table.prompt_bar.buttons]
        undo = next((lb for lb in labels if lb in ("Undo", "Rückgängig", "Annulla mossa")), None)
        if undo is None:
            self.found.append(f"undo at the end: no Undo button ({labels})")
            return
        self.button(labels.index(undo))
        self.settle()
        self.found.append(f"undo at the end: {'ok' if g.outcome is None else 'the game is still over'} "
                          f"(turn {self.obs().get('turn')}, prompt {self.table.interaction.prompt()[0]!r})")
        self.shot("end_undone")


def play(lang: str, seed: int, max_turns: int, out: Path, mine: int = 0, theirs: int = 1) -> dict[str, Any]:
    w = open_window(lang, seed, player_name="Anna")
    p = UndoPlayer(w, out, lang)

    def fill(dlg: Any) -> None:
        p._choose(dlg.mine, dlg.mine.itemData(mine))
        p._choose(dlg.theirs, dlg.theirs.itemData(theirs))
    p.start_from_dialog("vs_computer", VsComputerDialog, fill)
    started = time.monotonic()
    p.play(max_turns)
    shoot(w, out / f"play4_undo_end_{lang}.png")
    p.undo_the_end()
    result = game_result(p, started, undo=p.found, shots=p.shots_taken)
    w.table.session.close()
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--max-turns", type=int, default=40)
    ap.add_argument("--mine", type=int, default=0, help="your deck: its index in the dialog's list")
    ap.add_argument("--theirs", type=int, default=1, help="the computer's deck: its index")
    args, app, out = command_line(ap)
    print(play(args.lang, args.seed, args.max_turns, out, args.mine, args.theirs), flush=True)
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
