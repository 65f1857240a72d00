"""Shared pieces of the LAN tests: a server on 127.0.0.1 (port 0) and bots, bounded in time."""
from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, AsyncIterator

from engine.net.bot import Bot
from engine.net.room import Room
from engine.net.server import Server

DECK = (["Forest"] * 4 + ["Mountain"] * 4 + ["Swamp"] * 3 + ["Island"] * 2 + ["Plains"] * 2
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"]) * 2


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


def lan_dialog(window: Any, deck_dir: Path, *, host: bool, name: str, address: str = "") -> Any:
    """The LAN dialog filled in as a user would: a name, the test deck (written to `deck_dir`),
    rules mode for a host, the address for a joining player."""
    from app.shell.lan_dialogs import LanDialog
    dlg = LanDialog(window.settings, host=host, parent=window, browse=False)
    dlg.name.setText(name)
    deck_dir.mkdir(parents=True, exist_ok=True)
    deck_file = deck_dir / "deck.txt"
    deck_file.write_text("\n".join(f"1 {n}" for n in DECK), encoding="utf-8")
    dlg.deck_row.open_file(str(deck_file))  # (what "Open a deck file…" does)
    if host:
        dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
    else:
        dlg.address.setText(address)
    return dlg
