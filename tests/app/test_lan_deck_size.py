"""A deck too big for a LAN game is refused with its size before anything is sent (it was sent
cut to its first 250 cards: the host played another deck than the one chosen)."""
from __future__ import annotations

import typing
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PySide6.QtWidgets import QMessageBox

from engine.config import MAX_COMMANDERS
from engine.decks.samples import commander_decks, printed_commander_decks
from engine.decks.scheme_decks import built_in
from app.net_session import RemoteSession
from app.shell import lan_flow
from app.shell.lan_dialogs import MAX_PROBLEMS_SHOWN, LobbyDialog
from engine.actions import MAX_ACTION_TEXT
from engine.net import protocol as P
from tests.app.lobby_stub import LobbySession
from tests.remote_worker import RecordingWorker


def test_the_limit_is_the_protocols() -> None:
    hints = typing.get_type_hints(P.SubmitDeck, include_extras=True)
    limits = [m.max_length for m in hints["cards"].__metadata__ if getattr(m, "max_length", None)]
    assert limits == [lan_flow.MAX_LAN_DECK_CARDS]


def test_a_deck_over_the_limit_is_refused_with_its_size(tmp_path: Path, monkeypatch: Any) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    big = tmp_path / "big.txt"
    big.write_text(f"{lan_flow.MAX_LAN_DECK_CARDS + 10} Forest\n", encoding="utf-8")
    assert lan_flow._deck_names(None, str(big)) is None
    assert len(shown) == 1 and str(lan_flow.MAX_LAN_DECK_CARDS + 10) in shown[0]
    fits = tmp_path / "fits.txt"
    fits.write_text(f"{lan_flow.MAX_LAN_DECK_CARDS} Forest\n", encoding="utf-8")
    names = lan_flow._deck_names(None, str(fits))
    assert names is not None and len(names[0]) == lan_flow.MAX_LAN_DECK_CARDS


def test_every_problem_of_a_refused_deck_is_kept(qtbot: Any) -> None:
    """The lobby shows the first problems of a refused deck in its line and says how many more
    there are; the tooltip holds every one (the sixth and later were dropped in silence)."""
    lobby = LobbyDialog(LobbySession(), is_host=False)
    qtbot.addWidget(lobby)
    problems = [{"severity": "error", "text": f"Problem number {i}."} for i in range(MAX_PROBLEMS_SHOWN + 3)]
    lobby.show_deck(SimpleNamespace(ok=False, problems=problems))
    assert "Problem number 0." in lobby.deck_info.text() and "3" in lobby.deck_info.text()
    assert "Problem number 7." not in lobby.deck_info.text()
    assert all(p["text"] in lobby.deck_info.toolTip() for p in problems)


def test_an_action_text_too_long_is_refused_not_sent_cut_short(qtbot: Any) -> None:
    """A seat's action longer than an action's text may be was sent cut to 2,000 characters:
    another action, or none. It is refused at the seat with the limit, and nothing is sent."""
    worker = RecordingWorker()
    s = RemoteSession(worker, ["Forest"] * 40)  # type: ignore[arg-type]
    s.playing = True
    said: list[str] = []
    s.error.connect(said.append)
    assert not s.submit("note Forest: " + "x" * MAX_ACTION_TEXT)
    assert worker.sent == [] and said and str(MAX_ACTION_TEXT) in said[0]
    assert s.submit("pass") and worker.sent[-1].text == "pass"


def test_a_deck_with_more_commanders_than_a_deck_has_is_refused(tmp_path: Path, monkeypatch: Any) -> None:
    """Three commanders were sent cut to the first two (the host played another deck)."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    three = tmp_path / "three.txt"
    three.write_text("Commander\n1 Cult Healer\n1 Soul Warden\n1 Ragged Playmate\n\nDeck\n60 Forest\n",
                     encoding="utf-8")
    assert lan_flow._deck_names(None, str(three)) is None
    assert len(shown) == 1 and "3" in shown[0] and str(MAX_COMMANDERS) in shown[0]


def test_every_built_in_scheme_deck_fits_a_submission() -> None:
    """The scheme decks sent are the built-in ones: within the protocol's limit, nothing to cut."""
    hints = typing.get_type_hints(P.SubmitDeck, include_extras=True)
    limit = next(m.max_length for m in hints["schemes"].__metadata__ if getattr(m, "max_length", None))
    decks = [p for p in commander_decks() + printed_commander_decks() if built_in(p)]
    assert decks and all(len(built_in(p)) <= limit for p in decks)
