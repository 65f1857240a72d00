"""Archenemy Commander through the table's own gestures (issue #29), in German: New game →
Archenemy on the start page, the dialog by keyboard and mouse, then the game by mouse clicks
on the real widgets (tools/play_archenemy.py), three computer players in the other seats —
once as the archenemy, once as a member of the team."""
from __future__ import annotations

import random
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any


sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from play_archenemy import Player  # noqa: E402

from app.i18n import card_name  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table.prompts import prompt_for  # noqa: E402
from engine.decks.scheme_decks import built_in  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402


def _window(qtbot: Any) -> MainWindow:
    w = MainWindow(Settings(language="de", animations=False, player_name="Ada"))
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    return w


def test_as_the_archenemy_against_three_computer_players(qtbot: Any, german: Any) -> None:
    random.seed(5)
    w = _window(qtbot)
    p = Player(w)
    p.new_game("archenemy")
    s = p.session
    g = s.game
    assert g.config.format == "archenemy_commander" and s.seat == 0 and s.ai_seats == (1, 2, 3)
    assert [q.life for q in g.st.players] == [60, 60, 60, 60]
    assert g.config.schemes[0] == built_in(commander_decks()[0]) and not any(g.config.schemes[1:])
    table = w.table
    pile = table.scene.zones[("schemes", 0)]
    assert pile.isVisible() and pile.count == 10 and pile.top is None  # face down (CR 904.3)
    assert table.scene.panels[0].info.get("scheme_deck") == 10
    p.play(until_turn=2)
    # the archenemy starts (CR 904.5) and set a scheme in motion in their first main phase
    moved = [e for e in g.events if e.get("key") == "scheme_set_in_motion"]
    assert moved and moved[0]["player"] == "Ada"
    name = moved[0]["card"]
    assert table.scheme_banner.shown[0] == name
    german_name = card_name(name)
    assert german_name != name  # (every scheme has its German name from the release notes)
    lines = [table.log.list.item(i).text() for i in range(table.log.list.count())]
    assert f"Du schmiedest das Komplott „{german_name}“." in lines
    assert p.gestures > 0 and s.ai_actions > 0
    s.close()


def test_as_a_member_of_the_team(qtbot: Any, german: Any) -> None:
    random.seed(6)
    w = _window(qtbot)
    p = Player(w)
    p.new_game("team")
    s = p.session
    g = s.game
    assert s.seat == 1 and s.ai_seats == (0, 2, 3)
    table = w.table
    # the archenemy's scheme deck told in their panel at the top of the table (their column's
    # pile is their command zone), the team's one life total
    assert table.scene.panels[0].info.get("scheme_deck") == 10 and "Komplott-Deck 10" in table.scene.panels[0].toolTip()
    assert table.scene.panels[1].info.get("shared_life") and table.scene.panels[2].info.get("shared_life")
    # the team's one life total (the notes) in every member's box, captioned "Team": a
    # teammate's box read "Team / Ada" (taken for a player's name)
    w.grab()
    assert [table.scene.panels[i].life_shown for i in (1, 2, 3)] == ["Team 60"] * 3
    assert not any("Ada" in line for line in table.scene.panels[2].drawn)
    seen: list[str] = []

    def look(pl: Player) -> None:  # the phase bar while the team takes its turn (CR 805.4a)
        if pl.my_turn():
            seen.append(w.table.phase_bar.label())
            seen.append(w.table.phase_bar.toolTip())
    p.play(until_turn=2, moments=look)
    assert "Zug 2 · Team (Ada handelt)" in seen and "Team: Ada, Computer 2, Computer 3" in seen
    moved = [e for e in g.events if e.get("key") == "scheme_set_in_motion"]
    assert moved and moved[0]["player"] == "Computer 1"  # the archenemy, first (CR 904.5)
    assert table.scheme_banner.shown and table.scheme_banner.shown[0] == moved[0]["card"]
    lives = {q.life for q in g.st.players[1:]}
    assert len(lives) == 1  # one life total for the team (the notes), each panel showing it
    assert {table.scene.panels[i].info.get("life") for i in (1, 2, 3)} == lives
    s.close()


def test_the_game_over_line_speaks_of_the_team(german: Any) -> None:
    """A team wins together (CR 904.2): a member whose teammate is the first one left hears that
    their team won; the archenemy hears who beat them."""
    players = [{"index": 0, "name": "Vera", "team": "archenemy"}, {"index": 1, "name": "Ada", "team": "heroes"},
               {"index": 2, "name": "Bo", "team": "heroes"}, {"index": 3, "name": "Cy", "team": "heroes"}]
    obs = {"players": players, "outcome": {"winner": "Bo", "team": "heroes"}}

    def line(seat: int) -> str:
        session = SimpleNamespace(controls={seat}, seat=seat, watching=False, goldfish_game=False,
                                  against_computer=False, can_undo=lambda: False)
        return prompt_for(SimpleNamespace(obs=obs, session=session, table=None))[0]

    assert line(1) == "Die Partie ist vorbei: Dein Team gewinnt!"
    assert line(0) == "Die Partie ist vorbei: Ada, Bo, Cy gewinnen. Du verlierst."
