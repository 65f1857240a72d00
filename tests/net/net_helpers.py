"""Shared pieces of the LAN tests: a server on 127.0.0.1 (port 0) and bots, bounded in time; an
in-process room with its peers seated and their decks in."""
from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import threading
import time
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterator

from PySide6.QtCore import Qt

from app.net_session import RemoteSession
from app.net_worker import NetWorker
from app.settings import Settings
from app.shell import lan_flow
from app.shell.lan_dialogs import LanDialog
from app.shell.main_window import MainWindow
from engine.net import delta
from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.bot import Bot
from engine.net.room import Room
from engine.net.server import Server

DECK = (["Forest"] * 4 + ["Mountain"] * 4 + ["Swamp"] * 3 + ["Island"] * 2 + ["Plains"] * 2
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"]) * 2


# every step but the cleanup (a desktop's stops, app/settings.py)
EVERY_STEP = ["untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
              "combat_damage", "end_of_combat", "main2", "end"]


@contextlib.asynccontextmanager
async def serving(room: Room, **kw: Any) -> AsyncIterator[Server]:
    kw.setdefault("rate", 1e6)
    kw.setdefault("burst", 1e6)
    server = Server(room, "127.0.0.1", 0, **kw)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def addr(server: Server) -> str:
    return f"127.0.0.1:{server.port}"


def bots(server: Server, n: int, *, seed: int = 0, max_actions: int = 150, deck: list[str] = DECK) -> list[Bot]:
    return [Bot(addr(server), f"Bot{i + 1}", list(deck), seed=seed * 10 + i, max_actions=max_actions, delay=0)
            for i in range(n)]


def run(coro: Any, timeout: float = 30.0) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def room(players: int = 2, mode: str = "rules", tmp: Path | None = None, seed: int = 1, **kw: Any) -> Room:
    return Room(players, mode, "Test table", journal_dir=tmp, seed=seed, **kw)


class FakePeer:
    """A client as an in-process room sees it: what the room sends it (decoded, and raw), and
    how it was closed."""

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.raw: list[bytes] = []
        self.closed: tuple[int, str] | None = None
        self.tokens = 1e9
        self.last = time.monotonic()
        self.refused = 0
        self.closing = False

    def send(self, data: bytes) -> None:
        self.raw.append(data)
        self.sent.append(P.decode_server(data))

    def close(self, code: int, reason: str) -> None:
        self.closed, self.closing = (code, reason), True

    def errors(self) -> list[Any]:
        return [m for m in self.sent if isinstance(m, P.Error)]

    def observation(self) -> dict[str, Any]:
        """The observation as this client holds it: the last whole one, then every patch."""
        obs: Any = None
        for m in self.sent:
            if isinstance(m, (P.Started, P.Snapshot)):
                obs = copy.deepcopy(m.observation)  # (patches change it in place, as engine/net/client.py)
            elif isinstance(m, P.Update) and obs is not None:
                obs = delta.apply(obs, m.patch)
        return obs


def seated_room(mode: str = "rules", players: int = 2, *, seed: int = 3, decks: list[list[str]] | None = None,
                **kw: Any) -> tuple[Room, list[FakePeer]]:
    """A room whose players ("P1", "P2", ...) joined, gave their decks (DECK unless `decks`) and
    are ready: the game has started (its mulligans are next)."""
    r = Room(players, mode, "Test table", seed=seed, **kw)
    peers = [FakePeer() for _ in range(players)]
    for i, p in enumerate(peers):
        assert r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
        r.handle(p, P.SubmitDeck(cards=(decks or [DECK] * players)[i]))
        r.handle(p, P.Ready(ready=True))
    assert r.game is not None
    return r, peers


def keep_all(r: Room, peers: list[FakePeer]) -> None:
    """Every seat keeps its opening hand."""
    for _ in range(4 * len(peers)):
        who = port.decider(r.game)
        if who is None or r.game.st.game_started:
            return
        r.handle(peers[who], P.Act(text="keep", seq=r.seq))


def lan_dialog(window: Any, deck_dir: Path, *, host: bool, name: str, address: str = "", mode: str = "rules") -> Any:
    """The LAN dialog filled in as a user would: a name, the test deck (written to `deck_dir`),
    rules mode for a host, the address for a joining player."""
    dlg = LanDialog(window.settings, host=host, parent=window, browse=False)
    dlg.name.setText(name)
    deck_dir.mkdir(parents=True, exist_ok=True)
    deck_file = deck_dir / "deck.txt"
    deck_file.write_text("\n".join(f"1 {n}" for n in DECK), encoding="utf-8")
    dlg.deck_row.open_file(str(deck_file))  # (what "Open a deck file…" does)
    if host:
        dlg.mode.setCurrentIndex(dlg.mode.findData(mode))
    else:
        dlg.address.setText(address)
    return dlg


def hosting(qtbot: Any, dialog: Callable[[Any], Any]) -> tuple[Any, Any]:
    """A window hosting a LAN table on 127.0.0.1 (port 0) with what `dialog(window)` fills
    in, its deck accepted in the lobby. Returns (the window, its session)."""
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    host = lan_flow.host_lan(w, bind="127.0.0.1", announce=False, port=0, dialog=dialog(w))
    assert host is not None
    qtbot.waitUntil(lambda: w.lan_lobby.ready.isEnabled(), timeout=20000)
    return w, host


def host_and_join(qtbot: Any, host_dialog: Callable[[Any], Any],
                  join_dialog: Callable[[Any, str], Any]) -> tuple[Any, Any, Any, Any]:
    """Two windows at one LAN table on 127.0.0.1 (port 0): the first hosts with the dialog
    `host_dialog(window)` fills in, the second joins with `join_dialog(window, address)`;
    both lobbies have their decks accepted (nobody is ready yet but the host). Returns (the
    host's window, its session, the guest's window, its session)."""
    w, host = hosting(qtbot, host_dialog)
    v = MainWindow(Settings(animations=False))
    qtbot.addWidget(v)
    guest = lan_flow.join_lan(v, dialog=join_dialog(v, f"127.0.0.1:{host.worker.server.port}"))
    qtbot.waitUntil(lambda: v.lan_lobby.ready.isEnabled(), timeout=20000)
    return w, host, v, guest


def start_table(qtbot: Any, w: Any, v: Any, guest: Any) -> None:
    """The guest says it is ready, the host starts when it can (its computer seats already
    taken), and both tables show the game."""
    v.lan_lobby.ready.setChecked(True)
    if not w.lan_lobby.ready.isChecked():
        w.lan_lobby.ready.setChecked(True)
    qtbot.waitUntil(lambda: w.lan_lobby.start.isEnabled(), timeout=20000)
    w.lan_lobby.start.click()
    qtbot.waitUntil(lambda: w.table is not None and v.table is not None and bool(guest.observation().get("players")),
                    timeout=20000)


def lan_pair(qtbot: Any, tmp_path: Path, mode: str = "rules") -> tuple[Any, Any, Any, Any, str]:
    """Two windows at one LAN table on 127.0.0.1: Alice hosts in `mode` with the test deck,
    Bob joins, says he is ready, Alice starts. Returns (Alice's window, her session, Bob's
    window, his session, the address Bob typed)."""
    w, host, v, bob = host_and_join(
        qtbot, lambda w: lan_dialog(w, tmp_path, host=True, name="Alice", mode=mode),
        lambda v, address: lan_dialog(v, tmp_path, host=False, name="Bob", address=address))
    start_table(qtbot, w, v, bob)
    return w, host, v, bob, f"127.0.0.1:{host.worker.server.port}"


def for_up_to(qtbot: Any, seconds: float, step_ms: int = 20) -> Iterator[None]:
    """The rounds of a test's loop, letting the programs work `step_ms` after each, for at most
    `seconds` of wall clock: bounded in time (a count of rounds runs out early on a loaded
    machine, where the host's thread and the computer seats get less of it per round)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        yield
        qtbot.wait(step_ms)


def keep_hands(qtbot: Any, sessions: list[Any], seconds: float = 60) -> None:
    """Every seat of `sessions` keeps its opening hand (bounded: `seconds`)."""
    kept: set[int] = set()
    for _ in for_up_to(qtbot, seconds, 10):
        for s in sessions:
            if s.state.my_decision() and s.legal_actions():
                keep = next((a for a in s.legal_actions() if a.verb == "keep"), None)
                if keep is not None:
                    s.submit(keep)
                    kept.add(s.seat)
        if kept == {s.seat for s in sessions} and (sessions[0].state.obs.get("pending") or {}).get("kind") != "mulligan":
            return
    raise AssertionError("the hands were not kept")


def settled(qtbot: Any, room: Room, sessions: list[Any], timeout: int = 20000) -> None:
    """Wait until the table rests: every desktop of `sessions` has the host's latest position
    and one of them decides with its legal actions in hand (its program passes nothing by
    itself there), so nothing moves until a player acts."""
    qtbot.waitUntil(lambda: all(s.state.seq == room.seq for s in sessions)
                    and any(s.state.my_decision() and s.legal_actions() for s in sessions), timeout=timeout)


_MARKS = itertools.count(1)


def heard_back(qtbot: Any, session: Any, timeout: int = 20000) -> None:
    """Wait until every message the host sent `session` before now has been read on the
    desktop: a chat line of its own goes to the host and comes back after them (one connection,
    in order). For what must NOT have happened: "Bob was not told X" is true only once Bob has
    read what the host sent him."""
    mark = f"(test mark {next(_MARKS)})"
    lines: list[str] = []
    session.chat.connect(lambda _name, text: lines.append(text))
    session.say(mark)
    qtbot.waitUntil(lambda: mark in lines, timeout=timeout)


def table_drawn(session: Any) -> Callable[[], bool]:
    """A question for a desktop's table: has it drawn the seat's latest position? (The program
    redraws after each update, except one it answers with an automatic pass: it redraws after
    the next, the answer to that pass.) Connect before the table is compared with the view."""
    drawn = {"seq": -1}
    session.changed.connect(lambda: drawn.__setitem__("seq", session.state.seq))
    return lambda: drawn["seq"] == session.state.seq


def seated_table(mode: str = "rules", players: int = 2, *, keep: bool = True, **kw: Any) -> tuple[Room, list[FakePeer]]:
    """An in-process table (no sockets): `players` seats with the test deck, the game
    started and (with `keep`) every opening hand kept."""
    r, peers = seated_room(mode, players, **kw)
    if keep:
        keep_all(r, peers)
    return r, peers


def drop_connection(session: Any) -> None:
    """The network breaks under a desktop: its TCP connection ends without a goodbye (the
    program itself goes on and reconnects, as after a Wi-Fi hiccup)."""
    worker = session.worker
    worker.loop.call_soon_threadsafe(lambda: worker.ws.transport.abort())


def bot_thread(address: str, result: dict[str, Any], cards: list[str], seconds: float, seed: int = 8,
               **bot: Any) -> threading.Thread:
    """A headless Bot "Robo" (10 ms between actions; `bot`: its other arguments) joins
    `address` and plays for at most `seconds` on a thread of its own; its outcome, or the
    error that ended it, goes into `result` ("outcome" / "error") for the test to check."""
    def go() -> None:
        player = Bot(address, "Robo", list(cards), seed=seed, delay=0.01, **bot)
        try:
            result["outcome"] = asyncio.run(player.run(seconds))
        except Exception as exc:  # reported by the test
            result["error"] = repr(exc)
    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t


def add_computers(qtbot: Any, lobby: Any, n: int) -> None:
    """The host presses the lobby's "Add a computer player…" `n` times, each time once the
    button is enabled, and waits for that seat to show a computer (ComputerSeatDialog.exec is
    the test's to answer)."""
    def computers() -> int:
        return sum("Computer" in lobby.seats.item(i).text() for i in range(lobby.seats.count()))
    had = computers()
    for k in range(had + 1, had + n + 1):
        qtbot.waitUntil(lambda: lobby.computer.isEnabled(), timeout=20000)
        qtbot.mouseClick(lobby.computer, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda k=k: computers() == k, timeout=20000)


def answer_at_table(session: Any, table: Any, play_lands: bool = False) -> None:
    """The session's player answers through the table as a user would, if it is their
    decision: at priority the table's own Pass command (Space), or with `play_lands` a land
    first; an opening hand kept; any other decision its first listed answer."""
    legal = session.legal_actions() if session.state.my_decision() else []
    if not legal:
        return
    if (session.observation().get("pending") or {}).get("kind") == "priority":
        land = next((a for a in legal if a.verb == "play"), None) if play_lands else None
        if land is not None:
            table.interaction.submit(land)
        else:
            table.actions_by_id["pass"].trigger()
    else:
        table.interaction.submit(next((a for a in legal if a.verb == "keep"), legal[0]))


def until_decides(qtbot: Any, waiting: Any, others: list[Any], seconds: float = 60) -> None:
    """The others pass (or take their first legal action: a discard) until `waiting` has a
    decision with its legal actions (bounded: `seconds`)."""
    for _ in for_up_to(qtbot, seconds):
        if waiting.state.my_decision() and waiting.legal_actions():
            return
        for s in others:
            legal = s.legal_actions() if s.state.my_decision() else []
            if legal:
                s.submit(next((a for a in legal if a.verb == "pass"), legal[0]))
    raise AssertionError("no decision came")


class HostThread:
    """The table's server on a thread of its own (as NetWorker hosts it), on 127.0.0.1."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = Server(room, "127.0.0.1", 0, rate=1e6, burst=1e6)
        self.port = asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)

    def ask(self, fn: Any) -> Any:
        """`fn()` on the host's thread (the room is not shared with the test's)."""
        async def go() -> Any:
            return fn()
        return asyncio.run_coroutine_threadsafe(go(), self.loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def desktop(address: str, name: str, *, token: str = "", every_step: bool = False) -> RemoteSession:
    """A desktop's session without its window joining `address` (or, with the seat's key
    `token`, rejoining): it submits the test deck and says it is ready once the host accepts
    it; `every_step`: it stops at every step (answered by hand far more often)."""
    worker = NetWorker()
    s = RemoteSession(worker, [] if token else list(DECK), stops=EVERY_STEP if every_step else None,
                      opponent_stops=EVERY_STEP if every_step else None)
    s.deck_checked.connect(lambda result: s.set_ready(True) if result.ok else None)
    worker.connect_to(address, name, token=token)
    return s
