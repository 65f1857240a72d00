"""Protocol 5 added the lobby's `any_deck`; a host and a client of version 4 still share a table
with a program of version 5 (docs/protocol.md, "Versions"): the host seats a version-4 peer and
leaves `any_deck` out of its frames (a version-4 decoder refuses a field it does not know), a
client of version 5 says hello again in version 4 to a host that only speaks 4, and the Join
list shows tables of either version. A version no side speaks is still refused with a sentence."""
from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from zeroconf import ServiceInfo

from engine.net import discovery as D
from engine.net import protocol as P
from engine.net.client import Client, ProtocolError
from net_helpers import FakePeer, addr, room, run, serving

V4_LOBBY_FIELDS = {"type", "seats", "spectators", "started", "paper", "mode", "format", "decision_seconds",
                   "game_seconds", "on_timeout"}


def _lobbies(peer: FakePeer) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in peer.raw if json.loads(raw)["type"] == "lobby"]


def test_a_version_4_peer_is_seated_and_never_sent_a_field_of_version_5() -> None:
    r = room(any_deck=True)
    old, new = FakePeer(), FakePeer()
    assert r.join(old, P.Hello(version=4, name="Old"))
    assert r.join(new, P.Hello(version=5, name="New"))
    assert [m.version for m in old.sent if isinstance(m, P.Welcome)] == [4]
    assert [m.version for m in new.sent if isinstance(m, P.Welcome)] == [5]
    assert _lobbies(old) and all(set(frame) == V4_LOBBY_FIELDS for frame in _lobbies(old))
    assert _lobbies(new) and all(frame["any_deck"] is True for frame in _lobbies(new))
    r.leave(old)
    assert old not in r.versions and r.versions == {new: 5}


@pytest.mark.parametrize("version", [3, P.PROTOCOL_VERSION + 1])
def test_a_version_no_side_speaks_is_refused_with_the_hosts(version: int) -> None:
    r = room()
    peer = FakePeer()
    assert not r.join(peer, P.Hello(version=version, name="Other"))
    (error,) = peer.errors()
    assert error.reason == "version" and error.params == {"host": P.PROTOCOL_VERSION, "client": version}
    assert error.message == f"This host speaks protocol {P.PROTOCOL_VERSION}, not {version}."
    assert peer.closed is not None and peer not in r.versions


def test_a_refused_join_keeps_no_version() -> None:
    r = room(players=2)
    peers = [FakePeer() for _ in range(3)]
    assert r.join(peers[0], P.Hello(version=4, name="A")) and r.join(peers[1], P.Hello(version=5, name="B"))
    assert not r.join(peers[2], P.Hello(version=4, name="C"))     # the table is full
    assert peers[2] not in r.versions


def test_both_ways_over_a_socket(monkeypatch: Any) -> None:
    async def go() -> None:
        async with serving(room(any_deck=True)) as server:
            old = Client(addr(server), "Old")
            old.version = 4                          # a program of version 4 at a host of version 5
            assert (await old.connect()).version == 4
            new = Client(addr(server), "New")
            assert (await new.connect()).version == P.PROTOCOL_VERSION
            while new.lobby is None:
                await new.recv()
            while old.lobby is None:
                await old.recv()
            assert new.lobby.any_deck is True and old.lobby.any_deck is False
            await old.close()
            await new.close()
        # a host of version 4 (it seats version 4 only, its lobby has no any_deck): a client of
        # version 5 falls back to 4
        monkeypatch.setattr(P, "PROTOCOL_VERSION", 4)
        async with serving(room()) as server:
            client = Client(addr(server), "New")
            client.version = 5
            welcome = await client.connect()
            assert welcome.version == 4 and client.version == 4 and client.errors == []
            while client.lobby is None:
                await client.recv()
            assert client.lobby.any_deck is False    # (that host never says: the default, no hint)
            await client.close()
    run(go(), 20)


def test_a_host_of_another_version_still_refuses_with_a_sentence(monkeypatch: Any) -> None:
    async def go() -> None:
        monkeypatch.setattr(P, "PROTOCOL_VERSION", 7)
        monkeypatch.setattr(P, "OLDEST_PROTOCOL", 6)
        async with serving(room()) as server:
            client = Client(addr(server), "Old")
            client.version = 5
            with pytest.raises(ProtocolError, match="This host speaks protocol 7, not 5"):
                await client.connect()
    run(go(), 20)


def _info(props: dict[bytes, bytes]) -> Any:
    return ServiceInfo(D.SERVICE, "Raw." + D.SERVICE, port=5000, addresses=[socket.inet_aton("192.0.2.1")],
                       properties=props, server="raw.local.")


def test_the_join_list_shows_tables_of_either_version() -> None:
    props = D.service_info("Tisch", 47470, ["192.168.1.5"], mode="rules", taken=1, free=1).properties
    assert props[b"proto"] == b"4" and props[b"proto_max"] == str(P.PROTOCOL_VERSION).encode()  # version 4 lists it
    old_host = D.game_from_info(_info({b"proto": b"4", b"game": b"Alt"}))
    assert old_host is not None and old_host.proto == 4
    new_host = D.game_from_info(_info({b"proto": b"4", b"proto_max": b"5", b"game": b"Neu"}))
    assert new_host is not None and new_host.proto == 5
    later = D.game_from_info(_info({b"proto": b"5", b"proto_max": b"9", b"game": b"Later"}))
    assert later is not None and later.proto == P.PROTOCOL_VERSION
    assert D.game_from_info(_info({b"proto": b"3", b"game": b"Uralt"})) is None
    assert D.game_from_info(_info({b"proto": b"7", b"proto_max": b"8", b"game": b"Zukunft"})) is None
