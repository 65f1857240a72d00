"""A headless LAN player that plays random legal actions (tests, load, a quick opponent).

    python -m engine.net.bot --connect HOST:PORT --name NAME --deck FILE [--seed N]

It submits its deck, says it is ready, and whenever its observation shows a decision for
its seat it takes the seat's legal actions (a host of protocol 6 sends them with the decision;
an older one is asked with `legal?`) and sends one of them:
the host is the only one who knows what is legal, so the bot never has to guess. After
`max_actions` of its own actions it concedes, so every game ends.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path
from typing import Any

from engine.net import protocol as P
from engine.net.client import Client
from engine.decks import read_deck


def pick(rng: random.Random, actions: list[str], pass_weight: float = 0.35) -> str:
    """The random agent's choice over action texts: pass now and then, else anything but
    passing and conceding (engine/ai/random_agent.py does the same on Action objects)."""
    if len(actions) > 1 and actions[0] == "pass" and rng.random() < pass_weight:
        return actions[0]
    others = [a for a in actions if a != "pass" and a != "concede" and not a.startswith("concede")] or actions
    return rng.choice(others)


class Bot:
    def __init__(self, address: str, name: str, deck: list[str], *, seed: int = 0, max_actions: int = 400,
                 token: str = "", rematches: int = 0, delay: float = 0.03, commander: list[str] | None = None,
                 schemes: list[str] | None = None) -> None:
        self.client = Client(address, name, token=token)
        self.reconnecting = bool(token)  # back to a seat: the game (or lobby) is already there
        self.deck = deck
        self.commander = list(commander or [])  # a Commander table: the deck's commander (CR 903.3)
        self.schemes = list(schemes or [])  # the Archenemy formats: its scheme deck (CR 904.3)
        self.rng = random.Random(seed)
        self.max_actions = max_actions
        self.actions = 0
        self.asked = -1  # the seq we asked legal actions for
        self.conceded = False
        self._thinking: Any = None
        self.rematches = rematches
        self.delay = delay  # seconds before each action: stays well inside the host's rate limit
        self.on_send: Any = None  # benchmarks: called with the update number an action will cause
        self.on_update: Any = None  # benchmarks: called with each update as it arrives

    async def run(self, timeout: float = 120.0) -> dict[str, Any] | None:
        await asyncio.wait_for(self._run(), timeout)
        return self.client.outcome

    async def _run(self) -> None:
        c = self.client
        await c.connect()
        if not self.reconnecting:
            await c.send(P.SubmitDeck(cards=self.deck, commander=self.commander, schemes=self.schemes))
        while True:
            msg = await c.recv()
            if self.on_update is not None and isinstance(msg, P.Update):
                self.on_update(msg)
            if isinstance(msg, P.DeckResult):
                if not msg.ok:
                    raise RuntimeError(f"the host refused the deck: {msg.problems}")
                await c.send(P.Ready(ready=True))
            elif isinstance(msg, P.GameOver):
                if self.rematches > 0:
                    self.rematches -= 1
                    self.actions, self.conceded = 0, False
                    await c.send(P.Rematch())
                    continue
                await c.close()
                return
            elif isinstance(msg, (P.Started, P.Update, P.Snapshot)):
                await self._maybe_ask()
            elif isinstance(msg, P.LegalList):
                if msg.seq == c.seq and msg.actions and c.my_decision():
                    self.actions += 1
                    if self.conceded:  # out of the game; should the host still ask, just pass
                        text = "pass" if "pass" in msg.actions else msg.actions[0]
                    elif self.actions > self.max_actions:
                        text, self.conceded = "concede", True
                    else:
                        text = pick(self.rng, msg.actions)
                    if self.delay:  # think while the connection keeps reading
                        self._thinking = asyncio.ensure_future(self._act_later(text, c.seq))
                    else:
                        await self._act(text)
            elif isinstance(msg, P.Error) and msg.reason not in ("stale",):
                # a refused action: ask again (the position may have moved)
                if msg.reason == "flood":
                    await asyncio.sleep(0.5)
                self.asked = -1
                await self._maybe_ask(again=True)

    async def _act_later(self, text: str, seq: int) -> None:
        await asyncio.sleep(self.delay)
        if self.client.seq == seq:
            await self._act(text)

    async def _act(self, text: str) -> None:
        if self.on_send is not None:
            self.on_send(self.client.seq + 1)
        await self.client.act(text)

    @property
    def record(self) -> bool:
        return self.client.frames is not None

    @record.setter
    def record(self, on: bool) -> None:
        """Keep every frame received (the hidden-information test reads them)."""
        self.client.frames = [] if on else None

    @property
    def received(self) -> list[Any]:
        return [P.decode_server(f) for f in self.client.frames or []]

    async def _maybe_ask(self, again: bool = False) -> None:
        """Ask for the legal actions of a decision of ours: a host of protocol 6 sends them
        unasked after the update (P.LEGAL_OFFERED), so the bot asks it only after a refusal."""
        c = self.client
        if c.version >= P.LEGAL_OFFERED and not again:
            return
        if c.my_decision() and self.asked != c.seq:
            self.asked = c.seq
            await c.send(P.LegalRequest())


def read_deck_names(path: str) -> list[str]:

    loaded = read_deck(Path(path))
    return loaded.deck.card_names("main")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.net.bot", description=__doc__.splitlines()[0])
    ap.add_argument("--connect", required=True, help="HOST:PORT of the game")
    ap.add_argument("--name", default="Bot")
    ap.add_argument("--deck", required=True, help="a deck file (.cod, .dek, .txt ...)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-actions", type=int, default=400)
    ap.add_argument("--delay", type=float, default=0.03, help="seconds to wait before each action")
    args = ap.parse_args(argv)
    try:
        deck = read_deck_names(args.deck)
    except (OSError, ValueError) as exc:
        print(f"bot: cannot read the deck: {exc}", file=sys.stderr)
        return 2
    bot = Bot(args.connect, args.name, deck, seed=args.seed, max_actions=args.max_actions, delay=args.delay)
    try:
        outcome = asyncio.run(bot.run(timeout=24 * 3600))
    except (OSError, RuntimeError) as exc:
        print(f"bot: {exc}", file=sys.stderr)
        return 1
    print(f"game over: {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
