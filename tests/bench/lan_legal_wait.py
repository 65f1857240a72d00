"""How long a LAN guest waits from the update that gives it a decision to the list of its legal
actions (what its table needs before the prompt can be answered), with the host in another
process on 127.0.0.1; `--busy`: a host whose own window redraws its table after each update
(a thread that then holds the GIL for about as long).

    python tests/bench/lan_legal_wait.py --decisions 80 --busy

`asked`: the guest speaks protocol 5 and asks (`legal?`) after each such update, as every
guest did before protocol 6; `offered`: protocol 6, the host sends the list right after the
update. Prints p50 / p90 / max in milliseconds per way.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "net")]

from engine.net import protocol as P  # noqa: E402
from engine.net.bot import Bot  # noqa: E402
from engine.net.client import Client  # noqa: E402

HOST = """
import random, sys, threading, time
from engine.net.room import Room
from engine.net.server import main
if sys.argv[1] == "busy":  # after each update the host's own window redraws its table: here a C
    # call that holds the GIL for about as long as a redraw (one sort of a long shuffled list)
    BIG = random.Random(1).sample(range(400_000), 400_000)
    drawn = threading.Event()
    def window():
        while True:
            drawn.wait()
            drawn.clear()
            sorted(BIG)
    threading.Thread(target=window, daemon=True).start()
    broadcast = Room._broadcast
    def _broadcast(self, events):
        broadcast(self, events)
        drawn.set()
    Room._broadcast = _broadcast
sys.exit(main(["--port", sys.argv[2], "--decision-seconds", "0", "--game-seconds", "0"]))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def guest(address: str, deck: list[str], version: int, decisions: int) -> list[float]:
    """The measured seat: plays the first listed action but "concede"; the wait of each decision."""
    c = Client(address, "Guest")
    c.version = version
    await c.connect()
    await c.send(P.SubmitDeck(cards=deck))
    waits: list[float] = []
    opened: dict[int, float] = {}
    rng = random.Random(1)
    while len(waits) < decisions and c.outcome is None:
        msg = await asyncio.wait_for(c.recv(), 30)
        if isinstance(msg, P.DeckResult):
            await c.send(P.Ready(ready=True))
        elif isinstance(msg, (P.Started, P.Update, P.Snapshot)) and c.my_decision() and c.seq not in opened:
            opened[c.seq] = time.perf_counter()
            if version < P.LEGAL_OFFERED:
                await c.send(P.LegalRequest(detail=True))
        elif isinstance(msg, P.LegalList) and msg.seq == c.seq and c.seq in opened and c.my_decision():
            waits.append((time.perf_counter() - opened.pop(c.seq)) * 1000)
            choices = [a for a in msg.actions if a != "concede"] or msg.actions
            await c.act(rng.choice(choices))
    await c.close()
    return waits


async def one(version: int, decisions: int, busy: bool, deck: list[str]) -> list[float]:
    port = free_port()
    host = subprocess.Popen([sys.executable, "-c", HOST, "busy" if busy else "calm", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        address = f"127.0.0.1:{port}"
        for _ in range(100):  # the host listening (at most 10 s)
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        other = Bot(address, "Other", list(deck), seed=2, max_actions=10_000, delay=0)
        other_task = asyncio.ensure_future(other.run(timeout=120))
        waits = await asyncio.wait_for(guest(address, deck, version, decisions), 120)
        other_task.cancel()
        return waits
    finally:
        host.kill()  # (the process this script started, by its handle)
        host.wait(10)


def main() -> int:
    from net_helpers import DECK  # lazy: the test decks' module imports Qt, only for a run
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=80)
    ap.add_argument("--busy", action="store_true", help="the host process redraws after each update")
    args = ap.parse_args()
    for label, version in (("asked", 5), ("offered", P.PROTOCOL_VERSION)):
        waits = sorted(asyncio.run(one(version, args.decisions, args.busy, list(DECK))))
        p = lambda q: waits[min(len(waits) - 1, int(q * len(waits)))]  # noqa: E731
        print(f"{label:8} n={len(waits)} p50={statistics.median(waits):.1f} p90={p(0.9):.1f} max={waits[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
