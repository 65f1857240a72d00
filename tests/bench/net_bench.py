"""LAN benchmark (not collected by pytest): `python tests/bench/net_bench.py [--games 50]`.

Everything on 127.0.0.1. The server runs in a child process, the clients in this one.
1. One table, four clients (as many seats as the engine has, the rest spectators): the time
   from an action sent to every client having its update (p50, p99), bytes per update.
2. One server process hosting N tables of four clients each, bots acting after a short
   think (--think, default 50 ms): p99 of the same latency, and the server's memory per game
   (RSS growth over the idle server, divided by N).
3. (--spectators N, issue #26) One table of two bots with N spectators connected from another
   process, one of them chatting once a second: the players' own latency (action sent to that
   player's update), p50/p99, and the server's CPU per action.
Targets (issue "LAN play"): p50 <= 5 ms, p99 <= 20 ms, median update <= 2 KB; with 50 games
p99 <= 50 ms and <= 5 MB per game; with 500 spectators a player's p99 <= 50 ms (issue #26).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

from engine.net import engine_port as port  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from engine.net.bot import Bot  # noqa: E402
from engine.net.client import Client  # noqa: E402
from engine.net.room import Room  # noqa: E402
from engine.net.server import Server  # noqa: E402
from net_helpers import DECK  # noqa: E402

CLIENTS = 4


async def _lag(out: list[float], stop: Any) -> None:
    """How late the event loop wakes up for a 5 ms timer (a busy or starved loop is late)."""
    loop = asyncio.get_running_loop()
    while not stop():
        t = loop.time()
        await asyncio.sleep(0.005)
        out.append(loop.time() - t - 0.005)


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _server_process(n_games: int, seats: int, mode: str, ports: Any, ready: Any, rss: Any, stop: Any,
                    cpu: Any, stamps: Any, acts: Any, spectators: int = 0) -> None:
    # when each action reached the room and when its updates were queued (perf_counter is
    # CLOCK_MONOTONIC: the same clock in both processes)
    marks: dict[tuple[int, int], tuple[float, float]] = {}
    real_on_act = Room._on_Act

    def timed_on_act(self: Any, peer: Any, seat: Any, msg: Any) -> None:
        t0 = time.perf_counter()
        real_on_act(self, peer, seat, msg)
        marks[(id(self), self.seq)] = (t0, time.perf_counter())
    Room._on_Act = timed_on_act  # type: ignore[method-assign]

    async def main() -> None:
        base = _rss_kb()
        servers = []
        for i in range(n_games):
            s = Server(Room(seats, mode, f"Bench {i}", seed=1000 + i), "127.0.0.1", 0, rate=1e6, burst=1e6,
                       max_connections=spectators + 50, max_per_address=spectators + 50)
            ports.put(await s.start())
            servers.append(s)
        ready.set()
        peak = base
        lags: list[float] = []
        lag_task = asyncio.ensure_future(_lag(lags, stop.is_set))
        while not stop.is_set():
            await asyncio.sleep(0.2)
            peak = max(peak, _rss_kb())
        await lag_task
        print(f"  server loop lag: p50 {_pct(lags, .5) * 1e3:.2f} ms, p99 {_pct(lags, .99) * 1e3:.2f} ms", flush=True)
        rss.value = (peak - base) / max(1, n_games)
        cpu.value = time.process_time()
        acts.value = sum(len(sv.room.game.history) if sv.room.game is not None else 0 for sv in servers)
        by_port = {id(sv.room): sv.port for sv in servers}
        stamps.put({(by_port[r], seq): v for (r, seq), v in marks.items()})
        for s in servers:
            await s.stop()
    asyncio.run(main())


class Table:
    """Collects, per update number, the send time and the arrival at each client."""

    def __init__(self, n_clients: int) -> None:
        self.n = n_clients
        self.sent_at: dict[int, float] = {}
        self.arrivals: dict[int, list[float]] = {}
        self.sizes: list[int] = []

    def sent(self, seq: int, t: float) -> None:
        self.sent_at[seq] = t

    def arrived(self, seq: int, t: float, size: int) -> None:
        self.arrivals.setdefault(seq, []).append(t)
        self.sizes.append(size)

    def latencies(self, first: bool = False) -> list[float]:
        out = []
        for seq, t0 in self.sent_at.items():
            got = self.arrivals.get(seq, [])
            if len(got) == self.n:
                out.append((min(got) if first else max(got)) - t0)
        return out


def _arrival(table: Table, client: Client) -> Any:
    def arrived(msg: Any) -> None:
        table.arrived(msg.seq, time.perf_counter(), len(client.frames[-1]) if client.frames else 0)
        client.frames.clear()
    return arrived


async def _watch(address: str, table: Table) -> None:
    spec = Client(address, "Watcher", role="spectator")
    spec.frames = []
    await spec.connect()
    while spec.outcome is None:
        msg = await spec.recv()
        if isinstance(msg, P.Update):
            table.arrived(msg.seq, time.perf_counter(), len(spec.frames[-1]))
            spec.frames.clear()
    await spec.close()


async def _table(address: str, seats: int, seed: int, think: float, max_actions: int) -> Table:
    table = Table(CLIENTS)
    bots = []
    for i in range(seats):
        b = Bot(address, f"Bot{i + 1}", list(DECK), seed=seed * 10 + i, max_actions=max_actions, delay=think)
        b.client.frames = []
        b.on_send = lambda seq: table.sent(seq, time.perf_counter())
        b.on_update = _arrival(table, b.client)
        bots.append(b)
    watchers = [asyncio.create_task(_watch(address, table)) for _ in range(CLIENTS - seats)]
    await asyncio.sleep(0.05)
    await asyncio.gather(*(b.run(600) for b in bots))
    for w in watchers:
        try:
            await asyncio.wait_for(w, 5)
        except asyncio.TimeoutError:
            w.cancel()
    return table


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))] if xs else float("nan")


def run(n_games: int, think: float, mode: str, max_actions: int) -> tuple[list[float], list[int], float]:
    seats = min(CLIENTS, port.max_players())
    ctx = mp.get_context("spawn")
    ports, ready, stop = ctx.Queue(), ctx.Event(), ctx.Event()
    rss = ctx.Value("d", 0.0)
    cpu = ctx.Value("d", 0.0)
    acts = ctx.Value("d", 0.0)
    stamps = ctx.Queue()
    proc = ctx.Process(target=_server_process, args=(n_games, seats, mode, ports, ready, rss, stop, cpu, stamps, acts))
    proc.start()
    ready.wait(60)
    addrs = [f"127.0.0.1:{ports.get()}" for _ in range(n_games)]

    lags: list[float] = []

    async def all_tables() -> list[Table]:
        done = [False]
        lag_task = asyncio.ensure_future(_lag(lags, lambda: done[0]))
        got = await asyncio.gather(*(_table(a, seats, i, think, max_actions) for i, a in enumerate(addrs)))
        done[0] = True
        await lag_task
        return list(got)
    c0, t0 = time.process_time(), time.perf_counter()
    tables = asyncio.run(all_tables())
    client_cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    stop.set()
    marks = stamps.get(timeout=60)
    proc.join(30)
    to_host, in_host, from_host = [], [], []
    for addr, t in zip(addrs, tables):
        host_port = int(addr.rsplit(":", 1)[1])
        for seq, t_sent in t.sent_at.items():
            m = marks.get((host_port, seq))
            got = t.arrivals.get(seq, [])
            if m and len(got) == t.n:
                to_host.append(m[0] - t_sent)
                in_host.append(m[1] - m[0])
                from_host.append(max(got) - m[1])
    for label, xs in (("client -> host", to_host), ("in the host", in_host), ("host -> last client", from_host)):
        print(f"  {label}: p50 {_pct(xs, .5) * 1e3:.2f} ms, p99 {_pct(xs, .99) * 1e3:.2f} ms")
    print(f"  client loop lag: p50 {_pct(lags, .5) * 1e3:.2f} ms, p99 {_pct(lags, .99) * 1e3:.2f} ms")
    print(f"  wall {wall:.1f} s; CPU: server process {cpu.value:.1f} s, client process {client_cpu:.1f} s; "
          f"server CPU per action {cpu.value / max(1.0, acts.value) * 1e3:.2f} ms ({acts.value:.0f} actions)")
    lat = [x for t in tables for x in t.latencies()]
    first = [x for t in tables for x in t.latencies(first=True)]
    print(f"  first client updated: p50 {_pct(first, .5) * 1e3:.2f} ms, p99 {_pct(first, .99) * 1e3:.2f} ms")
    sizes = [s for t in tables for s in t.sizes]
    return lat, sizes, rss.value


def _spectator_process(address: str, n: int, connected: Any, stop: Any, counts: Any) -> None:
    """N spectators in their own process (so their reading does not slow the players' clients);
    the first chats once a second."""
    async def one(i: int) -> int:
        got = 0
        async with connect(f"ws://{address}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": f"S{i}",
                                      "role": "spectator"}))
            connected.value += 1
            last_chat = time.perf_counter()
            while not stop.is_set():
                try:
                    await asyncio.wait_for(ws.recv(), 0.5)
                    got += 1
                except asyncio.TimeoutError:
                    pass
                if i == 0 and time.perf_counter() - last_chat > 1.0:
                    await ws.send(json.dumps({"type": "chat", "text": "hello from the stands"}))
                    last_chat = time.perf_counter()
        return got

    async def all_of_them() -> None:
        tasks = []
        for i in range(n):
            tasks.append(asyncio.create_task(one(i)))
            if i % 50 == 49:
                await asyncio.sleep(0.05)
        got = await asyncio.gather(*tasks, return_exceptions=True)
        counts.value = sum(g for g in got if isinstance(g, int))
    asyncio.run(all_of_them())


def run_spectators(n: int, think: float, mode: str, max_actions: int) -> list[float]:
    """One table of two bots and n spectators: each player's latency to its own update."""
    ctx = mp.get_context("spawn")
    ports, ready, stop = ctx.Queue(), ctx.Event(), ctx.Event()
    rss, cpu, acts = ctx.Value("d", 0.0), ctx.Value("d", 0.0), ctx.Value("d", 0.0)
    stamps = ctx.Queue()
    proc = ctx.Process(target=_server_process, args=(1, 2, mode, ports, ready, rss, stop, cpu, stamps, acts, n))
    proc.start()
    ready.wait(60)
    address = f"127.0.0.1:{ports.get()}"
    connected, spec_stop, counts = ctx.Value("i", 0), ctx.Event(), ctx.Value("d", 0.0)
    specs = ctx.Process(target=_spectator_process, args=(address, n, connected, spec_stop, counts))
    specs.start()
    t0 = time.perf_counter()
    while connected.value < n and time.perf_counter() - t0 < 120:
        time.sleep(0.1)
    print(f"  {connected.value} spectators connected in {time.perf_counter() - t0:.1f} s")
    lat: list[float] = []

    async def players() -> None:
        bots = []
        for i in range(2):
            b = Bot(address, f"Bot{i + 1}", list(DECK), seed=77 + i, max_actions=max_actions, delay=think)
            sent: dict[int, float] = {}
            b.on_send = lambda seq, sent=sent: sent.__setitem__(seq, time.perf_counter())
            b.on_update = lambda msg, sent=sent: lat.append(time.perf_counter() - sent.pop(msg.seq)) \
                if msg.seq in sent else None
            bots.append(b)
        await asyncio.gather(*(b.run(900) for b in bots))
    asyncio.run(players())
    spec_stop.set()
    specs.join(60)
    stop.set()
    stamps.get(timeout=60)
    proc.join(30)
    print(f"  spectators received {counts.value:.0f} messages; server CPU {cpu.value:.1f} s, "
          f"{cpu.value / max(1.0, acts.value) * 1e3:.2f} ms per action ({acts.value:.0f} actions)")
    return lat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--think", type=float, default=0.05, help="bot think time in the many-games run (s)")
    ap.add_argument("--max-actions", type=int, default=150)
    ap.add_argument("--mode", default="rules")
    ap.add_argument("--spectators", type=int, default=0,
                    help="only the spectator run: one table of two bots with this many spectators")
    args = ap.parse_args(argv)
    if args.spectators:
        lat = run_spectators(args.spectators, args.think, args.mode, args.max_actions)
        print(f"{args.spectators} spectators: {len(lat)} player actions, a player's own latency "
              f"p50 {_pct(lat, .5) * 1e3:.2f} ms, p99 {_pct(lat, .99) * 1e3:.2f} ms  (target p99 50 ms)")
        return 0
    seats = min(CLIENTS, port.max_players())
    print(f"clients per table: {CLIENTS} ({seats} seats + {CLIENTS - seats} spectators; the engine seats "
          f"{port.max_players()})")
    lat, sizes, _ = run(1, 0.0, args.mode, 400)
    print(f"one table: {len(lat)} actions, latency p50 {_pct(lat, .5) * 1e3:.2f} ms, "
          f"p99 {_pct(lat, .99) * 1e3:.2f} ms; update size median {statistics.median(sizes):.0f} B, "
          f"p99 {_pct(sizes, .99):.0f} B, max {max(sizes)} B  (targets 5 ms / 20 ms / 2 KB)")
    t0 = time.perf_counter()
    lat, sizes, per_game = run(args.games, args.think, args.mode, args.max_actions)
    wall = time.perf_counter() - t0
    print(f"{args.games} tables at once ({args.think * 1e3:.0f} ms think): {len(lat)} actions in {wall:.1f} s, "
          f"latency p50 {_pct(lat, .5) * 1e3:.2f} ms, p99 {_pct(lat, .99) * 1e3:.2f} ms; "
          f"server memory {per_game / 1024:.2f} MB per game  (targets p99 50 ms, 5 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
