"""Play a four-seat game to its end through the table's own mouse and keyboard paths, as
tools/play_commander.py and tools/play_archenemy.py do (one human seat, three computer
players), and keep what a reviewer needs to look at it: a screenshot the first time each kind
of prompt shows (play4_KIND_PROMPT.png; a hash of the prompt's key, so the names stay short),
one every ten turns, the end; every prompt sentence and button label seen and the whole log
of the seat at the end, in OUT_DIR/play4_KIND.json.

    python tools/play_four.py commander [OUT_DIR] [--lang it] [--seed 20] [--max-turns 120]
    python tools/play_four.py archenemy|hero|rumble [OUT_DIR] [--lang de] ...

(archenemy: you the archenemy of an Archenemy Commander game; hero: you on the heroes' team;
rumble: Supervillain Rumble, every seat an archenemy.)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

# first: offscreen Qt, a fresh MANATABLE_HOME, the checkout on sys.path (tools/table_driver.py)
from table_driver import command_line, game_result, open_window

from play_archenemy import Player, shoot
from play_commander import CommanderPlayer


def _watch(p: Player, out: Path, tag: str, seen: dict[str, Any]) -> Any:
    """The `moments` hook: prompts and buttons collected, screenshots of new prompt kinds."""
    def look(pl: Player) -> None:
        text, buttons = pl.table.interaction.prompt()
        pend = pl.obs().get("pending") or {}
        kind = f"{pend.get('kind')}:{pend.get('prompt') or ''}:{pl.table.interaction.mode}"
        labels = [b[0] for b in buttons]
        seen["prompts"].setdefault(text, labels)
        if kind not in seen["kinds"]:
            name = f"play4_{tag}_{hashlib.sha1(kind.encode()).hexdigest()[:6]}.png"
            seen["kinds"][kind] = {"shot": name, "text": text, "buttons": labels, "turn": pl.obs().get("turn")}
            shoot(pl.w, out / name)
        turn = int(pl.obs().get("turn", 0))
        if turn // 10 > seen["tens"]:
            seen["tens"] = turn // 10
            shoot(pl.w, out / f"play4_{tag}_turn{turn}.png")
    return look


def play(kind: str, lang: str, seed: int, max_turns: int, out: Path) -> dict[str, Any]:
    w = open_window(lang, seed, player_name="Anna")
    tag = f"{kind}_{lang}"
    if kind == "commander":
        p: Player = CommanderPlayer(w, out, lang)
        p.new_commander_game(4, shot=f"play4_{tag}_newgame.png")  # type: ignore[attr-defined]
    else:
        p = CommanderPlayer(w, out, lang)  # (casts its commander from the command zone too)
        role = "team" if kind == "hero" else "archenemy"
        fmt = "supervillain_rumble" if kind == "rumble" else "archenemy_commander"
        p.new_game(role, fmt, shot=f"play4_{tag}_newgame.png")
    seen: dict[str, Any] = {"prompts": {}, "kinds": {}, "tens": 0}
    started = time.monotonic()
    p.play(max_turns, _watch(p, out, tag, seen))
    shoot(w, out / f"play4_{tag}_end.png")
    result = game_result(p, started, log=p.log)
    (out / f"play4_{tag}.json").write_text(json.dumps(
        {"result": result, "kinds": seen["kinds"], "prompts": seen["prompts"], "log": w.table.log.lines()},
        ensure_ascii=False, indent=1))
    w.table.session.close()
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=("commander", "archenemy", "hero", "rumble"))
    ap.add_argument("--lang", default="de")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--max-turns", type=int, default=120)
    args, app, out = command_line(ap)
    print(play(args.kind, args.lang, args.seed, args.max_turns, out), flush=True)
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
