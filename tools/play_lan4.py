"""A four-desktop LAN Commander game tried as users would (session 20's `lan4`): four programs,
each in a process of its own with its own settings folder and UI language (tools/lan_desktop.py),
on 127.0.0.1 only. Anna hosts in German (a built-in Commander deck), Bruno joins in Italian
(a built-in deck), Chris in English (a deck file of his own), Dora in German (a built-in deck).
The lobby, the first turns, a commander cast from the command zone, combat against several
opponents, Dora's program killed and started again ("Rejoin the game"), Chris conceding, and
the end (Bruno and Dora concede) are photographed on every desktop: OUT_DIR/lan4_*.png.

    python tools/play_lan4.py [--format commander|archenemy_commander] [--turns 6] [--max-wait S]
                             [--concede-deciding] [--kill-deciding] [OUT_DIR]

With --host-leaves the host's window is closed mid-game instead of the game ending (what the
guests see). The moment session 20 saw a guest fall silent, on purpose: --kill-deciding (Dora's
program dies while she decides), --concede-deciding (Chris concedes while a decision of his is
open and his program answers it). A wait in vain prints every desktop's stacks and last lines
(--max-wait S: no wait longer than S seconds). Every wait is bounded; every process is killed at
the end. Prints what each desktop reported at each moment (leaks: names of cards a seat must not
know)."""
from __future__ import annotations

import argparse
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tools" / "lan_desktop.py"
DECKS = ROOT / "assets" / "decks" / "commander"


class Desktop:
    """One program, read line by line on a thread."""

    def __init__(self, home: Path, out: Path, *args: str) -> None:
        home.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, MANATABLE_HOME=str(home), QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
        self.name = args[1]
        self.proc = subprocess.Popen([sys.executable, str(DRIVER), *args, "--out", str(out)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self.log: list[str] = []
        self.state: dict[str, Any] = {}
        self.notes: list[dict[str, Any]] = []  # boxes, stalls, errors, leaks
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.log.append(line.rstrip())
            if line.startswith("{"):
                try:
                    self.lines.put(json.loads(line))
                except ValueError:
                    pass

    def pull(self) -> None:
        while True:
            try:
                m = self.lines.get_nowait()
            except queue.Empty:
                return
            if any(k in m for k in ("box", "stalled", "error", "shot")) or m.get("leaks"):
                self.notes.append(m)
                print(f"  [{self.name}] {m}", flush=True)
            self.state = {**self.state, **m}

    def send(self, command: str) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)  # a crash: no goodbye on the connection
            self.proc.wait(10)


MAX_WAIT = [float("inf")]  # (--max-wait: no wait longer, for runs repeated to catch a rare stall)


def wait(desks: list[Desktop], test: Callable[[], bool], seconds: float, what: str) -> bool:
    end = time.monotonic() + min(seconds, MAX_WAIT[0])
    while time.monotonic() < end:
        for d in desks:
            d.pull()
        if test():
            return True
        time.sleep(0.2)
    print(f"!! waited in vain for {what}: " + "; ".join(f"{d.name} {short(d.state)}" for d in desks), flush=True)
    stacks(desks)
    return False


def stacks(desks: list[Desktop]) -> None:
    """Where each live desktop is (tools/lan_desktop.py prints its threads' stacks on SIGUSR1),
    with the last lines it printed: what a run that waited in vain leaves to read."""
    for d in desks:
        if d.proc.poll() is None and d.state:  # (it has printed: its handler is in place, else USR1 ends it)
            d.proc.send_signal(signal.SIGUSR1)
    time.sleep(2)
    for d in desks:
        print(f"-- {d.name} (pid {d.proc.pid}), its last lines:\n" + "\n".join(d.log[-60:]), flush=True)


def short(s: dict[str, Any]) -> str:
    keys = ("seat", "turn", "step", "active", "decides", "kind", "away", "lost", "outcome", "done", "prompt", "status")
    return json.dumps({k: s.get(k) for k in keys}, ensure_ascii=False)


def shots(desks: list[Desktop], tag: str) -> None:
    for d in desks:
        d.send(f"shot {tag}")
    time.sleep(3)
    for d in desks:
        d.pull()
        print(f"  {tag} {d.name}: {short(d.state)} log {d.state.get('log')}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--format", default="commander")
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--host-leaves", action="store_true")
    ap.add_argument("--concede-deciding", action="store_true",
                    help="Chris concedes while a decision of his own is open")
    ap.add_argument("--kill-deciding", action="store_true", help="Dora's program dies while she decides")
    ap.add_argument("--max-wait", type=float, default=None, help="seconds: no wait longer than this")
    args = ap.parse_args()
    if args.max_wait:
        MAX_WAIT[0] = args.max_wait
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="lan4-"))
    deck = {n: str(DECKS / f"{n}.cod") for n in ("death_toll", "endless_punishment", "jump_scare", "miracle_worker")}
    desks: list[Desktop] = []
    fmt = ["--format", args.format]
    try:
        anna = Desktop(tmp / "anna", out, "host", "Anna", "de", deck["death_toll"], *fmt)
        desks.append(anna)
        anna.send("hold")  # (the lobby photographed before the start)
        wait([anna], lambda: "port" in anna.state, 180, "the host")
        address = f"127.0.0.1:{anna.state['port']}"
        bruno = Desktop(tmp / "bruno", out, "join", "Bruno", "it", deck["endless_punishment"], address)
        chris = Desktop(tmp / "chris", out, "join", "Chris", "en", deck["jump_scare"], address, "--user-deck")
        dora = Desktop(tmp / "dora", out, "join", "Dora", "de", deck["miracle_worker"], address)
        desks += [bruno, chris, dora]
        wait(desks, lambda: anna.state.get("can_start") is True, 300, "four seats ready")
        shots(desks, "lobby")
        anna.send("play")
        wait(desks, lambda: all(d.state.get("table") and (d.state.get("turn") or 0) >= 2 for d in desks), 400, "turn 2")
        shots(desks, "turn2")
        wait(desks, lambda: any("commander" in d.state.get("done", []) for d in desks)
             and all((d.state.get("turn") or 0) >= 4 for d in desks), 600, "a commander cast, turn 4")
        shots(desks, "commander")
        # Dora's program crashes; the others see her away; she starts it again and rejoins
        seat = dora.state["seat"]
        if args.kill_deciding:  # (as in session 20's silent run: her program dies with a decision open)
            dora.send("hold")
            wait(desks, lambda: dora.state.get("decides") == seat, 120, "Dora deciding")
        dora.kill()
        wait(desks[:3], lambda: anna.state.get("away") == [seat], 120, "Dora away")
        shots(desks[:3], "dora_away")
        dora = Desktop(tmp / "dora", out, "join", "Dora", "de", deck["miracle_worker"], address)
        desks[3] = dora
        wait(desks, lambda: dora.state.get("table") is True and anna.state.get("away") == [], 400, "Dora back")
        shots(desks, "dora_back")
        if args.concede_deciding:  # (the moment of session 20's silent guest: a decision of his own open)
            chris.send("hold")
            wait(desks, lambda: chris.state.get("decides") == chris.state.get("seat"), 120, "Chris deciding")
            chris.send("concede")
            chris.send("play")
        else:
            chris.send("concede")
        wait(desks, lambda: chris.state["seat"] in (anna.state.get("lost") or []), 120, "Chris conceded")
        shots(desks, "chris_conceded")
        turn = anna.state.get("turn") or 0
        wait(desks, lambda: any(d.state.get("done", []) and any(x.startswith("attack") for x in d.state["done"])
                                for d in desks) and (anna.state.get("turn") or 0) >= turn + 1, 600, "an attack")
        shots(desks, "combat")
        turn = anna.state.get("turn") or 0
        wait(desks, lambda: (anna.state.get("turn") or 0) >= min(turn + 2, args.turns), 600, "two more turns")
        shots(desks, "later")
        if args.host_leaves:
            anna.send("leave")
            wait(desks, lambda: all(anna.state.get("seat") in (d.state.get("away") or []) for d in desks[1:]),
                 120, "the guests told")
            shots(desks[1:], "host_left")
        else:
            bruno.send("concede")
            wait(desks, lambda: bruno.state["seat"] in (anna.state.get("lost") or []), 120, "Bruno conceded")
            dora.send("concede")
            wait(desks, lambda: bool(anna.state.get("outcome")), 120, "the end")
            time.sleep(2)
            shots(desks, "end")
        for d in desks:
            d.pull()
            print(f"{d.name}: {short(d.state)}; notes {len(d.notes)}; answered {d.state.get('answered')}", flush=True)
    finally:
        for d in desks:
            d.kill()
        for d in desks:
            if d.proc.returncode not in (None, 0, -signal.SIGKILL):
                print(f"{d.name} ended {d.proc.returncode}:\n" + "\n".join(d.log[-20:]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
