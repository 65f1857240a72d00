"""Supervillain Rumble over the LAN (issue #29), on 127.0.0.1: Rosa hosts the format with a
built-in Commander deck, Nils joins with another, two computer players take the other seats
(each brings its deck's scheme deck). Each desktop shows every player's scheme deck as a count
only (CR 904.3), each player sets schemes in motion in their own first main phase, and no
desktop ever receives the name of a scheme still in any scheme deck. Bounded: the first turns."""
from __future__ import annotations

import os
import shutil
import sys
import typing
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import pytest  # noqa: E402
from table_driver import lan_dialog  # noqa: E402 - tools/table_driver.py: the drivers fill it so too
from PySide6.QtWidgets import QMessageBox  # noqa: E402
from app.shell.lan_dialogs import MAX_LAN_SCHEMES  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from net_helpers import for_up_to, host_and_join, start_table, table_drawn  # noqa: E402
from engine.cards.data import scheme_cards  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402
from engine.decks.scheme_decks import built_in  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_supervillain_rumble_with_two_desktops_and_two_computers(qtbot):
    decks = [str(p) for p in commander_decks()]
    w, rosa, v, nils = host_and_join(qtbot, lambda w: _rumble_host(w, decks[0], 4), lambda v, address: lan_dialog(
        v, host=False, name="Nils", deck=decks[1], address=address))  # deck, commander, schemes accepted
    v.lan_lobby.ready.setChecked(True)
    room = rosa.worker.server.room
    for seat, path in ((2, decks[2]), (3, decks[3])):
        assert rosa.add_computer("heuristic", [], f"Computer {seat - 1}", deck_path=path) == seat
    assert all(len(s.schemes) >= 10 for s in room.seats)  # every seat brought a scheme deck
    drawn = [table_drawn(rosa), table_drawn(nils)]
    start_table(qtbot, w, v, nils)
    desks = ((w, rosa), (v, nils))
    for _ in for_up_to(qtbot, 150, 10):
        for window, s in desks:
            if s.state.my_decision() and s.legal_actions():
                legal = s.legal_actions()
                pick = next((a for a in legal if a.verb in ("keep", "pass")), legal[0])
                if (s.observation().get("pending") or {}).get("kind") == "priority":
                    window.table.actions_by_id["pass"].trigger()
                else:
                    window.table.interaction.submit(pick)
        moved = {e.get("player") for e in nils.all_events() if e.get("key") == "scheme_set_in_motion"}
        if {"Rosa", "Nils"} <= moved:
            break
    assert {"Rosa", "Nils"} <= moved, moved
    # (each table compared with its view once it has drawn the latest one)
    qtbot.waitUntil(lambda: all(d() for d in drawn), timeout=20000)
    public = {e.get("card") for e in room.game.events if e.get("key") == "scheme_set_in_motion"}
    for window, s in desks:
        obs = s.observation()
        assert obs["format"] == "supervillain_rumble"
        for p in obs["players"]:
            # every player's scheme deck: a count on their panel, never a card
            assert isinstance(p["schemes"], int) and p["schemes"] >= 8
            assert window.table.scene.panels[p["index"]].info.get("scheme_deck") == p["schemes"]
        pile = window.table.scene.zones[("schemes", s.seat)]
        assert pile.count == obs["players"][s.seat]["schemes"] and pile.top is None
        unseen = {n for seat in room.seats for n in seat.schemes} - public
        said = repr(obs) + repr(s.all_events())
        assert not {n for n in unseen if n in said}, "a scheme in a scheme deck reached a desktop"
    nils.close()
    rosa.close()


def _rumble_host(w, deck: str, players: int):
    """Rosa's Host dialog: Supervillain Rumble with the built-in Commander deck `deck`."""
    dlg = lan_dialog(w, host=True, name="Rosa", deck=deck, players=players)
    dlg.format.setCurrentIndex(dlg.format.findData("supervillain_rumble"))
    dlg.deck.setCurrentIndex(dlg.deck.findData(deck))
    assert dlg.schemes.isVisibleTo(dlg) and dlg.scheme_path() == deck  # (it follows the deck)
    return dlg


def test_a_player_with_their_own_commander_deck_chooses_a_scheme_deck(qtbot, tmp_path):
    """A deck file of the player's own brings no scheme deck of its product: the Join dialog's
    "Scheme deck" row does, and the Rumble table accepts the seat with it."""

    decks = [str(p) for p in commander_decks()]
    own = tmp_path / "my_commander_deck.cod"
    shutil.copy(decks[1], own)

    def join(v, address):
        jd = lan_dialog(v, host=False, name="Nils", deck=decks[1], address=address)
        jd.deck_row.open_file(str(own))
        jd.schemes.setCurrentIndex(jd.schemes.findData(decks[2]))
        return jd
    assert built_in(str(own)) == []
    w, rosa, v, nils = host_and_join(qtbot, lambda w: _rumble_host(w, decks[0], 2), join)  # the seat is accepted
    room = rosa.worker.server.room
    assert room.seats[1].schemes == built_in(decks[2]) and room.seats[1].commanders
    nils.close()
    rosa.close()


def test_a_player_brings_a_scheme_deck_file(qtbot, tmp_path, monkeypatch):
    """The Join dialog's "Open a scheme deck file…": a file the player wrote (German names,
    another order than any built-in deck, named like a built-in deck) is read with the deck
    files' limits and checked when it is opened, and the host seats the player with exactly
    its schemes; a file that is no scheme deck is refused there with the reason and not listed."""
    decks = [str(p) for p in commander_decks()]
    mine = list(reversed(built_in(decks[3])))[:10]
    german = {n: scheme_cards()[n].name_de or n for n in mine}
    path = tmp_path / Path(decks[0]).with_suffix(".txt").name  # (a built-in deck's name: still the file's schemes)
    path.write_text("// my schemes\n" + "\n".join(f"1 {german[n]}" for n in mine) + "\n", encoding="utf-8")
    bad = tmp_path / "nine.txt"
    bad.write_text("\n".join(mine[:9]) + "\n", encoding="utf-8")
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(str(a[2])))

    def join(v, address):
        jd = lan_dialog(v, host=False, name="Nils", deck=decks[1], address=address)
        before = jd.schemes.count()
        assert not jd.open_scheme_file(str(bad))
        assert jd.schemes.count() == before and len(warned) == 1 and "at least 10" in warned[0], warned
        assert jd.open_scheme_file(str(path)) and jd.scheme_path() == str(path)
        jd.watch.setChecked(True)                      # (a spectator brings no scheme deck)
        assert not jd.schemes_row.isEnabled()
        jd.watch.setChecked(False)
        return jd
    w, rosa, v, nils = host_and_join(qtbot, lambda w: _rumble_host(w, decks[0], 2), join)
    room = rosa.worker.server.room
    assert room.seats[1].schemes == mine
    nils.close()
    rosa.close()


def test_the_scheme_limit_is_the_protocols():
    """A scheme deck file over the protocol's limit is refused when opened, never sent cut short."""
    hints = typing.get_type_hints(P.SubmitDeck, include_extras=True)
    assert [m.max_length for m in hints["schemes"].__metadata__ if getattr(m, "max_length", None)] == [MAX_LAN_SCHEMES]
