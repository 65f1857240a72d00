"""Finding games on the local network: DNS-SD over mDNS (python-zeroconf).

A host announces `<game name>._manatable._tcp.local.` with TXT records
game / version / proto / proto_max / mode / taken / free; "Join LAN game" browses for that service type.
`service_info` and `game_from_info` are pure (tested without a network); `Announcer`
and `Browser` do the multicast, on the interfaces they are given.
"""
from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any, Callable

import ifaddr

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncZeroconf

from engine.net.protocol import OLDEST_PROTOCOL, PROTOCOL_VERSION

SERVICE = "_manatable._tcp.local."
TXT_MAX = 200  # bytes per TXT value (DNS allows 255)


def app_version() -> str:
    try:
        return version("manatable")
    except Exception:
        return "0"


@dataclass(frozen=True)
class DiscoveredGame:
    name: str
    host: str
    port: int
    mode: str
    version: str
    proto: int
    taken: int
    free: int

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def _label(name: str) -> str:
    """A DNS-SD instance name: at most 63 bytes, no dots (they would split the name)."""
    clean = name.replace(".", " ").strip() or "Manatable"
    while len(clean.encode()) > 63:
        clean = clean[:-1]
    return clean


def service_info(name: str, port: int, addresses: list[str], *, mode: str, taken: int, free: int,
                 host_name: str | None = None) -> ServiceInfo:
    # "proto": the oldest protocol version this host seats (a program of that version lists the
    # table and joins it), "proto_max": the newest (docs/protocol.md, "Versions")
    txt = {"game": name[:TXT_MAX], "version": app_version(), "proto": str(OLDEST_PROTOCOL),
           "proto_max": str(PROTOCOL_VERSION), "mode": mode, "taken": str(taken), "free": str(free)}
    host = host_name or (socket.gethostname().split(".")[0] or "manatable") + ".local."
    return ServiceInfo(SERVICE, f"{_label(name)}.{SERVICE}", port=port,
                       addresses=[socket.inet_pton(socket.AF_INET6 if ":" in a else socket.AF_INET, a)
                                  for a in addresses],
                       properties=txt, server=host)


def _txt(props: dict[Any, Any], key: str) -> str:
    v = props.get(key.encode(), props.get(key))
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")[:TXT_MAX]
    return "" if v is None else str(v)[:TXT_MAX]


def _int(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 6 else 0


def game_from_info(info: ServiceInfo | None) -> DiscoveredGame | None:
    """A browse result as a Join-list entry; None for anything that is not a usable game
    (no address, no port, another protocol, not our service)."""
    if info is None or not info.type == SERVICE or not info.port:
        return None
    addrs = info.parsed_addresses()
    if not addrs:
        return None
    props = info.properties or {}
    proto = _int(_txt(props, "proto"))
    newest = _int(_txt(props, "proto_max")) or proto  # (a host before version 5 speaks only `proto`)
    if not (proto <= PROTOCOL_VERSION and newest >= OLDEST_PROTOCOL and proto <= newest):
        return None                                      # no version both programs speak
    proto = min(newest, PROTOCOL_VERSION)               # the version the connection will speak
    host = next((a for a in addrs if ":" not in a), addrs[0])
    name = _txt(props, "game") or info.name.removesuffix("." + SERVICE)
    return DiscoveredGame(name=name, host=host, port=int(info.port), mode=_txt(props, "mode"),
                          version=_txt(props, "version"), proto=proto, taken=_int(_txt(props, "taken")),
                          free=_int(_txt(props, "free")))


def local_addresses() -> list[str]:
    """IPv4 addresses of this computer's network interfaces, loopback left out."""

    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                out.append(ip.ip)
    return out


def join_addresses(listening: list[str], local: Callable[[], list[str]] = local_addresses) -> list[str] | None:
    """The addresses other computers can join a server at that listens on `listening` (its
    sockets' own addresses): for a wildcard (0.0.0.0, ::) every interface's (`local`; None when
    that list is empty: the address is not known here), a specific address itself, and none for
    a loopback one (127.0.0.1, ::1): only this computer reaches it."""
    found: list[str] = []
    for address in listening:
        ip = ipaddress.ip_address(address.split("%")[0])  # (an IPv6 scope: fe80::1%eth0)
        if ip.is_unspecified:
            return local() or None
        if not ip.is_loopback and address not in found:
            found.append(address)
    return found


def interface_choice(interfaces: list[str] | None) -> Any:
    """What zeroconf takes for "these addresses" or "every interface": a list, or the enum
    (zeroconf refuses the string "all": "choice must be a list or InterfaceChoice")."""
    return list(interfaces) if interfaces else InterfaceChoice.All


class Announcer:
    """Announces a Room while it runs; `update()` after the lobby changed."""

    def __init__(self, room: Any, port: int, *, interfaces: list[str] | None = None) -> None:
        self.room = room
        self.port = port
        self.interfaces = interfaces
        self.zc: AsyncZeroconf | None = None
        self.info: ServiceInfo | None = None

    def _info(self) -> ServiceInfo:
        taken = self.room.seats_taken()
        addrs = self.interfaces if self.interfaces else local_addresses()
        return service_info(self.room.name, self.port, addrs, mode=self.room.mode, taken=taken,
                            free=len(self.room.seats) - taken)

    async def start(self) -> None:
        self.zc = AsyncZeroconf(interfaces=interface_choice(self.interfaces), ip_version=IPVersion.V4Only)
        self.info = self._info()
        await self.zc.async_register_service(self.info, allow_name_change=True)

    def update(self) -> None:
        if self.zc is None or self.info is None:
            return
        new = self._info()
        if new.properties != self.info.properties:
            self.info = ServiceInfo(new.type, self.info.name, port=new.port, addresses=new.addresses,
                                    properties=new.properties, server=new.server)
            asyncio.ensure_future(self.zc.async_update_service(self.info))

    async def stop(self) -> None:
        if self.zc is not None:
            if self.info is not None:
                await self.zc.async_unregister_service(self.info)
            await self.zc.async_close()
            self.zc = None


class Browser:
    """Browses for games; `on_change(games)` gets the current list (from zeroconf's thread)."""

    def __init__(self, on_change: Callable[[list[DiscoveredGame]], None], *,
                 interfaces: list[str] | None = None) -> None:
        self.on_change = on_change
        self.interfaces = interfaces
        self.games: dict[str, DiscoveredGame] = {}
        self.zc: Zeroconf | None = None
        self.browser: Any = None

    def start(self) -> None:
        self.zc = Zeroconf(interfaces=interface_choice(self.interfaces), ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self.games.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
            game = game_from_info(info)
            if game is None:
                self.games.pop(name, None)
            else:
                self.games[name] = game
        self.on_change(sorted(self.games.values(), key=lambda g: g.name.lower()))

    def stop(self) -> None:
        if self.browser is not None:
            self.browser.cancel()
        if self.zc is not None:
            self.zc.close()
        self.zc = self.browser = None
