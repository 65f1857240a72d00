"""The host's lobby names only addresses the table listens on: a table bound to 127.0.0.1 says
only this computer can join (it named the network's addresses, 192.0.2.2, which nobody could
reach), one bound to every interface names the computer's addresses, one bound to one address
that address (engine/net/discovery.py join_addresses)."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.shell import lan_dialogs  # noqa: E402
from engine.net.discovery import join_addresses  # noqa: E402
from net_helpers import hosting, lan_dialog  # noqa: E402


def network() -> list[str]:
    return ["192.0.2.2", "198.51.100.7"]


def test_the_addresses_others_can_join_at() -> None:
    assert join_addresses(["127.0.0.1"], network) == []
    assert join_addresses(["::1"], network) == []
    assert join_addresses(["127.0.0.1", "::1"], network) == []
    assert join_addresses(["0.0.0.0"], network) == network()
    assert join_addresses(["::"], network) == network()
    assert join_addresses(["0.0.0.0"], lambda: []) is None  # every interface, none known here
    assert join_addresses(["192.0.2.2"], network) == ["192.0.2.2"]
    assert join_addresses(["127.0.0.1", "192.0.2.2"], network) == ["192.0.2.2"]


@pytest.mark.usefixtures("gui_home")
def test_a_table_bound_to_loopback_says_only_this_computer_can_join(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(lan_dialogs, "local_addresses", network)  # the computer's network address
    w, host = hosting(qtbot, lambda w: lan_dialog(w, tmp_path, host=True, name="Alice"))  # bound to 127.0.0.1
    port = host.worker.server.port
    text = w.lan_lobby.address_info.text()
    assert text == f"Only this computer can join this table: it listens on 127.0.0.1:{port} only."
    assert "192.0.2.2" not in text
    assert host.worker.server.listening == ["127.0.0.1"]
