"""An Italian player's games through the table's own gestures (issues #27, #28, #29), as
tools/play_vs_computer.py, play_commander.py, play_archenemy.py and play_deck_editor.py play
them: the start page's buttons, the dialogs by keyboard and OK by mouse, the table by
double-clicks, clicks on lit cards and the prompt bar's buttons. Every line of the game log
and every prompt the player read is Italian: no English sentence slipped through.

The whole four-player Commander game (about four minutes) is marked `bench`: run it with
`pytest -m bench tests/app/test_playthroughs_it.py`.
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from play_archenemy import Player  # noqa: E402
from play_commander import CommanderPlayer  # noqa: E402
from play_deck_editor import EditorUser  # noqa: E402

from app.ai_dialog import VsComputerDialog  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.decks.samples import printed_commander_decks  # noqa: E402

# words of the English sentences (the log's, the prompt's) that no Italian sentence has; card
# names aside: the DSC face commanders have no Italian printing (engine.cards coverage --lang it)
ENGLISH = re.compile(r"\b(deals|casts|draws|plays|attacks|blocks|resolves|loses|wins|gains|your|you|turn|"
                     r"step|damage|life|the game|priority|pass|sets in motion|scheme)\b", re.IGNORECASE)
NO_ITALIAN = ("Aminatou, Veil Piercer", "Kianne, Corrupted Memory", "The Lord of Pain", "The Master of Keys",
              "Rendmaw, Creaking Nest", "Valgavoth, Harrower of Souls", "Winter, Cynical Opportunist",
              "Zimone, Mystery Unraveler")


def _window(qtbot: Any, seed: int, name: str = "Anna") -> MainWindow:
    random.seed(seed)  # (a game started from a dialog takes its seed from here)
    w = MainWindow(Settings(language="it", animations=False, player_name=name))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.resize(1500, 950)
    w.show()
    return w


def english_lines(w: MainWindow) -> list[str]:
    """The log's lines and the prompt that read as English (the known card-name gaps taken out)."""
    log = w.table.log.list
    lines = [log.item(i).text() for i in range(log.count())] + [w.table.interaction.prompt()[0]]
    for name in NO_ITALIAN:
        lines = [line.replace(name, "") for line in lines]
    return [line for line in lines if ENGLISH.search(line)]


def test_a_two_player_game_against_the_computer_to_its_end(qtbot: Any, italian: Any) -> None:
    w = _window(qtbot, 7)
    p = Player(w, lang="it")

    def fill(dlg: Any) -> None:
        p._choose(dlg.mine, dlg.mine.itemData(0))
        p._choose(dlg.theirs, dlg.theirs.itemData(1))
    p.start_from_dialog("vs_computer", VsComputerDialog, fill)
    p.play(60)
    o = p.obs()
    assert o.get("outcome") and not p.stalled, (o.get("turn"), p.stalled)
    assert p.gestures > 20
    prompt = w.table.interaction.prompt()[0]
    assert prompt.startswith("La partita è finita:"), prompt
    assert english_lines(w) == []
    p.session.close()


def test_archenemy_commander_as_a_member_of_the_team(qtbot: Any, italian: Any) -> None:
    w = _window(qtbot, 5, "Ada")
    p = Player(w, lang="it")
    p.new_game("team")
    seen: list[str] = []

    def look(pl: Player) -> None:
        if pl.my_turn():
            seen.append(w.table.phase_bar.label())
    p.play(until_turn=4, moments=look)
    assert "Turno 2 · Squadra (agisce Ada)" in seen, seen
    assert not p.stalled
    assert w.table.scheme_banner.shown  # the archenemy's schemes, shown large
    assert "Mazzo intrigo" in w.table.scene.panels[0].toolTip()
    assert english_lines(w) == []
    p.session.close()


def test_supervillain_rumble_with_four_players(qtbot: Any, italian: Any) -> None:
    w = _window(qtbot, 5, "Ada")
    p = Player(w, lang="it")
    p.new_game("archenemy", "supervillain_rumble")
    g = p.session.game
    assert g.config.format == "supervillain_rumble" and [q.life for q in g.st.players] == [40] * 4
    p.play(until_turn=5)
    assert not p.stalled
    movers = {e["player"] for e in g.events if e.get("key") == "scheme_set_in_motion"}
    assert len(movers) >= 4  # every player has a scheme deck and sets schemes in motion
    assert english_lines(w) == []
    p.session.close()


def test_the_deck_editor_opens_an_official_commander_deck_and_finds_italian_names(qtbot: Any, italian: Any) -> None:
    w = _window(qtbot, 1)
    user = EditorUser(w)
    qtbot.addWidget(user.editor)
    user.editor.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    user.open_file(next(p for p in printed_commander_decks() if p.stem == "death_toll"))
    assert user.editor.doc.deck.name == "Death Toll"
    assert user.verdict().startswith("Valido nel formato Commander.")
    assert user.search("sciacall") == ["Sciacalla Ottimista"]  # the printed Italian name
    by_text = user.search('o:"manifesta angoscia"')
    assert len(by_text) > 20 and "Manifestare Angoscia" in by_text
    user.choose_format("commander")
    assert user.verdict() == "Valido nel formato Commander."
    assert user.search('!"Tessitrice di Nyx"') == ["Tessitrice di Nyx"]
    user.add_first_result()
    assert user.verdict() == "2 problemi nel formato Commander."
    assert user.problems() == [
        "Il mazzo ha 101 carte compreso il comandante; un mazzo Commander ne ha esattamente 100.",
        "Tessitrice di Nyx è nel mazzo 2 volte; un mazzo Commander ha una sola copia di ogni carta tranne le terre base."]
    user.undo()
    assert user.verdict() == "Valido nel formato Commander."
    assert user.editor.width() <= 1500


@pytest.mark.bench
@pytest.mark.timeout(1800)  # (about four minutes on a quiet machine; the default is 300 s)
def test_a_four_player_commander_game_to_a_win_or_a_loss(qtbot: Any, italian: Any) -> None:
    w = _window(qtbot, 19)
    p = CommanderPlayer(w, lang="it")
    p.new_commander_game(4)
    p.play(120)
    o = p.obs()
    assert o.get("outcome") and not p.stalled, (o.get("turn"), p.stalled)
    assert any("the commander cast" in line for line in p.log)
    assert english_lines(w) == []
    p.session.close()
