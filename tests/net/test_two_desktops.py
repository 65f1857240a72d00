"""Issue #25, "tried as a new user would": a LAN game between two programs (two processes, each
with its own settings folder, as two desktops), where the joined player's program is killed and
rejoins with "Rejoin the game", then the host's program is killed and the table resumed from its
journal with File ▸ Resume, the joined program sitting down again by itself. Loopback only; each
wait is bounded and every process is killed at the end."""
from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest

DRIVER = Path(__file__).resolve().parent / "desktop_process.py"
ROOT = Path(__file__).resolve().parents[2]


class Desktop:
    """One program of the test, read line by line on a thread (a pipe never blocks it)."""

    def __init__(self, home: Path, *args: str) -> None:
        env = dict(os.environ, MANATABLE_HOME=str(home), QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, str(DRIVER), *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self.log: list[str] = []
        self.state: dict[str, Any] = {}
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

    # (bounds for a loaded 2-core machine, where starting one program takes ~40 s of wall clock)
    def wait(self, test: Callable[[dict[str, Any]], bool], seconds: float = 150.0) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while not test(self.state):
            left = end - time.monotonic()
            if left <= 0 or self.proc.poll() is not None and self.lines.empty():
                raise AssertionError(f"waited in vain; last state {self.state}; output:\n" + "\n".join(self.log[-30:]))
            try:
                self.state = {**self.state, **self.lines.get(timeout=min(left, 0.5))}
            except queue.Empty:
                pass
        return self.state

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)  # a crash: no goodbye on the connection
            self.proc.wait(10)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.timeout(1200)  # (four programs started one after another; the default is 300 s)
def test_two_programs_one_killed_rejoins_then_the_host_resumes(tmp_path: Path) -> None:
    alice_home, bob_home = tmp_path / "alice", tmp_path / "bob"
    started: list[Desktop] = []
    try:
        host = Desktop(alice_home, "host", "Alice")
        started.append(host)
        port = host.wait(lambda s: "port" in s)["port"]
        address = f"127.0.0.1:{port}"
        bob = Desktop(bob_home, "join", "Bob", address)
        started.append(bob)
        bob.wait(lambda s: s.get("table") and s.get("kept"))
        # both hands kept: the game is past the mulligans (Bob's keep reached the host)
        host.wait(lambda s: s.get("table") and s.get("kept") and s.get("turn") and s.get("pending") not in (None, "mulligan"))
        assert bob.state["seat"] == 1 and bob.state["hand"] == 7

        bob.kill()                                                  # Bob's program crashes
        host.wait(lambda s: s.get("away") == [1])                   # the host's table marks him away

        bob2 = Desktop(bob_home, "join", "Bob", address)           # he starts it again and joins
        started.append(bob2)
        back = bob2.wait(lambda s: s.get("table"))
        assert "as Bob. Rejoin the game?" in back["asked"]         # asked, and "Rejoin the game" clicked
        assert back["seat"] == 1 and back["hand"] == 7             # the same seat, the same hand
        assert not back["kept"]                                     # no mulligan asked again
        host.wait(lambda s: s.get("away") == [])
        turn = host.state["turn"]

        host.kill()                                                 # the host's program crashes
        resumed = Desktop(alice_home, "resume", "Alice")          # File ▸ Resume a LAN game
        started.append(resumed)
        resumed.wait(lambda s: s.get("table") and s.get("turn") == turn and s.get("away") == [], seconds=200)
        assert resumed.state["seat"] == 0 and resumed.state["hand"] == 7
        bob2.wait(lambda s: s.get("table") and s.get("turn") == turn and s.get("hand") == 7, seconds=120)
    finally:
        for d in started:
            d.kill()
