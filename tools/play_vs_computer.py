"""Play a two-player game against the computer to its end through the table's own mouse and
keyboard paths (QTest on the real widgets), as a player would: the start page's "Play against
the computer" button, the dialog's deck combo boxes by keyboard, OK by mouse; on the table,
double-click a land or a castable card in the hand, click highlighted targets and attackers,
click the prompt bar's buttons (tools/play_archenemy.py's Player). Screenshots: the dialog,
the table after a few turns, the game's end.

    python tools/play_vs_computer.py [--lang it] [--seed 7] [--mine 0] [--theirs 1] [--max-turns 60] [OUT_DIR]

Prints the outcome (a win or a loss), the turn and the number of gestures.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

# first: offscreen Qt, a fresh MANATABLE_HOME, the checkout on sys.path (tools/table_driver.py)
from table_driver import command_line, game_result, open_window

from app.ai_dialog import VsComputerDialog
from play_archenemy import Player, shoot


def play_to_the_end(lang: str, seed: int, mine: int, theirs: int, max_turns: int, out: Path) -> dict[str, Any]:
    w = open_window(lang, seed, player_name="Anna")
    p = Player(w, out, lang)

    def fill(dlg: Any) -> None:
        p._choose(dlg.mine, dlg.mine.itemData(mine))
        p._choose(dlg.theirs, dlg.theirs.itemData(theirs))
    p.start_from_dialog("vs_computer", VsComputerDialog, fill, shot=f"vs_computer_dialog_{lang}.png")
    taken: set[str] = set()

    def moments(pl: Player) -> None:
        if "table" not in taken and pl.obs().get("turn", 0) >= 6:
            taken.add("table")
            shoot(w, out / f"vs_computer_table_{lang}.png")
    started = time.monotonic()
    p.play(max_turns, moments)
    shoot(w, out / f"vs_computer_end_{lang}.png")
    result = game_result(p, started)
    w.table.session.close()
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="it")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--mine", type=int, default=0, help="your deck: its index in the dialog's list")
    ap.add_argument("--theirs", type=int, default=1, help="the computer's deck: its index")
    ap.add_argument("--max-turns", type=int, default=60)
    args, app, out = command_line(ap)
    print(play_to_the_end(args.lang, args.seed, args.mine, args.theirs, args.max_turns, out), flush=True)
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
