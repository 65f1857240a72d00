"""DNS-SD: the announcement's record and the handling of browse results without a network;
a live publish-and-browse on the loopback interface only, when loopback does multicast."""
from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

import pytest
from zeroconf import InterfaceChoice, IPVersion, ServiceInfo, Zeroconf
from zeroconf._utils.net import normalize_interface_choice

from engine.net import discovery as D
from engine.net.protocol import OLDEST_PROTOCOL, PROTOCOL_VERSION
from engine.net.room import Room


def test_the_announcement_record():
    info = D.service_info("Friday night. Magic", 47470, ["192.0.2.7"], mode="hybrid", taken=1, free=3,
                          host_name="table.local.")
    assert info.type == "_manatable._tcp.local."
    assert info.name == "Friday night  Magic._manatable._tcp.local."  # no dot inside the instance name
    assert info.port == 47470
    assert info.parsed_addresses() == ["192.0.2.7"]
    props = {k.decode(): v.decode() for k, v in info.properties.items()}
    assert props["game"] == "Friday night. Magic" and props["mode"] == "hybrid"
    assert props["taken"] == "1" and props["free"] == "3" and props["proto"] == str(OLDEST_PROTOCOL)
    assert props["proto_max"] == str(PROTOCOL_VERSION)
    assert "version" in props


def _raw(props):
    return ServiceInfo(D.SERVICE, "Raw." + D.SERVICE, port=5000, addresses=[socket.inet_aton("192.0.2.1")],
                       properties=props, server="raw.local.")


def test_browse_results_become_join_entries():
    info = D.service_info("Kitchen table", 5000, ["192.0.2.9"], mode="rules", taken=2, free=0)
    game = D.game_from_info(info)
    assert game == D.DiscoveredGame("Kitchen table", "192.0.2.9", 5000, "rules", D.app_version(),
                                    PROTOCOL_VERSION, 2, 0)
    assert game.address == "192.0.2.9:5000"
    # unusable results are left out, not shown broken
    assert D.game_from_info(None) is None
    assert D.game_from_info(_raw({b"proto": b"0", b"game": b"Old"})) is None
    noaddr = D.service_info("None", 5000, [], mode="rules", taken=0, free=2)
    assert D.game_from_info(noaddr) is None
    # hostile TXT values are cut and numbers checked
    weird = _raw({b"game": b"\xff" * 50, b"proto": str(PROTOCOL_VERSION).encode(),
                  b"taken": b"99999999", b"free": b"-1", b"mode": b"m" * 250})
    g = D.game_from_info(weird)
    assert g is not None and g.taken == 0 and g.free == 0 and len(g.mode) <= D.TXT_MAX


def _loopback_multicast() -> bool:
    flags = Path("/sys/class/net/lo/flags")
    try:
        return bool(int(flags.read_text(), 16) & 0x1000)  # IFF_MULTICAST
    except (OSError, ValueError):
        return False


@pytest.mark.skipif(not _loopback_multicast(),
                    reason="the loopback interface has no MULTICAST flag here, and the live test may "
                           "use loopback only (never another interface)")
def test_live_publish_and_browse_on_loopback():
    zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    info = D.service_info("Loopback game", 47999, ["127.0.0.1"], mode="tabletop", taken=1, free=1)
    found = []
    browser = D.Browser(found.append, interfaces=["127.0.0.1"])
    try:
        zc.register_service(info)
        browser.start()
        end = time.monotonic() + 8
        while time.monotonic() < end and not any(g for games in found for g in games if g.port == 47999):
            time.sleep(0.1)
        assert any(g.name == "Loopback game" for games in found for g in games)
    finally:
        browser.stop()
        zc.unregister_service(info)
        zc.close()


def test_every_interface_is_asked_for_as_zeroconf_wants_it():
    """Issue #25 item 5: the installed zeroconf refused interfaces="all", so Join listed
    nothing and a host announced nothing. Its own check of the choice now passes."""
    assert D.interface_choice(None) is InterfaceChoice.All
    assert D.interface_choice(["127.0.0.1"]) == ["127.0.0.1"]
    assert normalize_interface_choice(D.interface_choice(None), IPVersion.V4Only)  # no error, some interface


def test_the_announcer_starts_and_stops_on_loopback():
    """The announcer as the host runs it (its record from the room), bound to loopback only."""
    room = Room(2, "rules", "Loopback table")

    async def go():
        a = D.Announcer(room, 47998, interfaces=["127.0.0.1"])
        await a.start()
        try:
            assert a.zc is not None and a.info is not None
            props = {k.decode(): v.decode() for k, v in a.info.properties.items()}
            assert props["game"] == "Loopback table" and props["free"] == "2"
            assert a.info.parsed_addresses() == ["127.0.0.1"]
        finally:
            await a.stop()
        assert a.zc is None
    asyncio.run(asyncio.wait_for(go(), 20))
