"""A joining seat is not shown with "0 cards" (docs/protocol.md: SeatInfo.deck 0 is "no deck
yet"): the guest's lobby read "Bob — nicht bereit (0 Karten)" until the host's next lobby
frame, because the host told every seat of the new player as it sat down, before the deck the
guest sends right after the Welcome was in. A player's arrival now comes with the next lobby
(the deck's check, or LOBBY_DELAY later for one that sends none). Loopback, bounded in time."""
from __future__ import annotations

import asyncio
import time

from engine.net import protocol as P
from engine.net.client import Client
from engine.net.room import LOBBY_DELAY
from tests.net.net_helpers import DECK, addr, room, run, serving


async def _frames(client: Client, seconds: float) -> list[object]:
    out: list[object] = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            out.append(await asyncio.wait_for(client.recv(), left))
        except asyncio.TimeoutError:
            break
    return out


def _zero_seats(frames: list[object]) -> list[str]:
    return [s.name for m in frames if isinstance(m, P.Lobby) for s in m.seats if s.name and s.deck == 0]


def test_no_lobby_frame_shows_a_joining_seat_with_no_cards() -> None:
    async def main() -> None:
        async with serving(room(2)) as server:
            host = Client(addr(server), "Alice")
            await host.connect()
            await host.send(P.SubmitDeck(cards=list(DECK)))
            await _frames(host, 0.3)  # (the host's own deck check and lobby)
            bob = Client(addr(server), "Bob")
            await bob.connect()
            await bob.send(P.SubmitDeck(cards=list(DECK)))
            seen_bob, seen_host = await asyncio.gather(_frames(bob, LOBBY_DELAY + 0.5),
                                                       _frames(host, LOBBY_DELAY + 0.5))
            assert any(isinstance(m, P.DeckResult) and m.ok for m in seen_bob)
            for frames in (seen_bob, seen_host):
                lobbies = [m for m in frames if isinstance(m, P.Lobby)]
                assert lobbies and [s.deck for s in lobbies[-1].seats] == [len(DECK)] * 2
                assert _zero_seats(frames) == []
            await bob.close()
            await host.close()
    run(main(), timeout=20)


def test_a_player_who_sends_no_deck_is_still_shown_within_a_moment() -> None:
    async def main() -> None:
        async with serving(room(2)) as server:
            host = Client(addr(server), "Alice")
            await host.connect()
            await _frames(host, 0.2)
            bob = Client(addr(server), "Bob")
            await bob.connect()
            seen = await _frames(host, LOBBY_DELAY + 0.5)
            lobbies = [m for m in seen if isinstance(m, P.Lobby)]
            assert lobbies and lobbies[-1].seats[1].name == "Bob" and lobbies[-1].seats[1].deck == 0
            await bob.close()
            await host.close()
    run(main(), timeout=20)
