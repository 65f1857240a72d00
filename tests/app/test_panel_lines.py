"""The player panels at a four-player Commander table at 1500×950, in German (issue #28): the
commander damage lines with long German names ("Valgavoth der Seelenfolterer") are readable —
who dealt how much, whole in your panel, the first commanders whole in an opponent's strip and
every one in full in its tooltip; the computer players' names are whole and distinct; a team
member's box names the member whose box holds the team's one life total, whole."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from engine.decks.samples import commander_decks

DEALT = [("Valgavoth, Harrower of Souls", 7), ("Zimone, Mystery Unraveler", 12), ("Aminatou, Veil Piercer", 3)]


def _german_table(computer_table: Any) -> Any:
    set_language("de")
    table = computer_table(1500, 950)
    w = table.w
    assert w.commander([str(p) for p in commander_decks()], "heuristic", seed=5)
    s = w.table.session
    table.qtbot.waitUntil(lambda: not s.is_thinking() and s.deciding_seat() == s.seat, timeout=120000)
    return w


def test_commander_damage_lines_are_readable(computer_table: Any) -> None:
    w = _german_table(computer_table)
    scene = w.table.scene
    for p in range(4):  # three commanders dealt damage to each player; each player's commander is out
        panel = scene.panels[p]
        panel.set_info({**panel.info, "commander_damage": DEALT,
                        "commanders": [("Winter, Misanthropic Guide", "battlefield", 4)], "mana": {"G": 2, "B": 1}},
                       panel.active, panel.deciding)
    w.grab()  # (painted as a user sees it)
    mine = scene.panels[0]
    assert not mine.compact
    assert "Kommandeursschaden: Valgavoth: 7 · Zimone: 12 · Aminatou: 3" in mine.drawn, mine.drawn
    assert "Winter (Im Spiel, Steuer +4)" in mine.drawn
    assert not any("…" in line for line in mine.drawn), mine.drawn
    names = []
    for p in (1, 2, 3):
        panel = scene.panels[p]
        assert panel.compact
        names.append(panel.drawn[0])
        damage = [line for line in panel.drawn if line.startswith("Kommandeursschaden")]
        assert damage and damage[0].startswith("Kommandeursschaden: Valgavoth: 7 · Zimone: 12"), panel.drawn
        tip = panel.toolTip()
        for full in ("Valgavoth der Seelenfolterer: 7", "Zimone die Rätsellöserin: 12", "Aminatou, Lüfterin des Schleiers: 3",
                     "Winter der Misanthrop (Im Spiel, Steuer +4)"):
            assert full in tip, tip
    assert names == ["Computer 1", "Computer 2", "Computer 3"]  # whole, each its own
    # a player who lost left the game with their cards (CR 800.4a): no commander told of them
    assert "lost" in scene.panels[1].info  # (the table passes it on from the observation)
    panel = scene.panels[1]
    panel.set_info({**panel.info, "lost": True}, False, False)
    w.grab()
    assert not any("Winter" in line for line in panel.drawn) and "Winter" not in panel.toolTip()
    assert panel.drawn[0] == "Computer 1 (aus dem Spiel)"  # (it showed its life as if it still played)
    mine.set_info({**mine.info, "lost": True}, False, False)
    w.grab()
    assert "Aus dem Spiel" in mine.drawn, mine.drawn
    w.table.session.close()


def test_every_team_members_box_shows_the_team_life(computer_table: Any) -> None:
    """Archenemy Commander: the team's one life total shows in each member's box, captioned
    "Team"; no member's box holds another player's name (it read "Team / Computer 1")."""
    w = _german_table(computer_table)
    panel = w.table.scene.panels[2]
    panel.set_info({**panel.info, "life": 57, "shared_life": True, "team": True, "team_size": 3,
                    "team_names": ["Computer 1", "Computer 2", "Computer 3"]}, panel.active, panel.deciding)
    w.grab()
    assert panel.life_shown == "Team 57"
    assert panel.drawn[0] == "Computer 2" and not any("Computer 1" in line for line in panel.drawn), panel.drawn
    assert "Computer 1, Computer 2, Computer 3 teilen sich einen Lebenspunktstand: 57." in panel.toolTip()
    w.table.session.close()


def test_an_ongoing_scheme_does_not_cut_off_the_hand_count(computer_table: Any) -> None:
    """Supervillain Rumble in Italian: every player has a scheme deck, and an opponent's strip
    read "Mazzo intrigo 9 · In corso: La Mia Risata Risuona · Mano …": the counts come first now,
    the scheme deck and the ongoing scheme after them (whole in the tooltip)."""
    w = _german_table(computer_table)
    set_language("it")
    panel = w.table.scene.panels[2]
    panel.set_info({**panel.info, "commander_damage": DEALT, "scheme_deck": 9, "ongoing": ["My Laughter Echoes"]},
                   panel.active, panel.deciding)
    w.grab()
    foot = panel.drawn[-1]
    assert foot.startswith("Mano 7 · Grimorio"), panel.drawn
    assert "Mazzo intrigo 9" in panel.toolTip() and "In corso:" in panel.toolTip()
    w.table.session.close()


def test_an_archenemys_scheme_deck_and_ongoing_scheme_have_a_line_of_their_own(computer_table: Any) -> None:
    """Found playing Archenemy Commander as a team member in German at 1500×950: the archenemy's
    strip read "Erzfeind · Hand 7 · Bibliothek 91 · Friedhof 0 · Exil 0…" — the scheme deck and
    the ongoing scheme were cut off the end. With no commander damage on the middle line, they
    are that line now, and the counts' line is whole."""
    w = _german_table(computer_table)
    panel = w.table.scene.panels[3]
    panel.set_info({**panel.info, "scheme_deck": 19, "ongoing": ["Dark Wings Bring Your Downfall"], "team": "archenemy",
                    "team_size": 1}, panel.active, panel.deciding)
    w.grab()
    schemes = [line for line in panel.drawn if line.startswith("Komplott-Deck 19")]
    assert schemes, panel.drawn
    foot = panel.drawn[-1]
    assert foot.startswith("Erzfeind · Hand") and "…" not in foot, panel.drawn
    w.table.session.close()


def test_a_commander_out_of_the_command_zone_does_not_cut_off_the_counts(computer_table: Any) -> None:
    """Found playing Commander in Italian at 1500×950: with commander damage on the middle line,
    an opponent's strip read "Aminatou (Campo di battaglia, tassa +2) · Mano 3 · Grim…". The
    counts came first then, the commander after them, cut ("… tassa" lost); now hand and library
    go beside the name, and the foot starts with the commander, whole (session 18)."""
    w = _german_table(computer_table)
    set_language("it")
    panel = w.table.scene.panels[3]
    panel.set_info({**panel.info, "commander_damage": [("Winter, Cynical Opportunist", 2)],
                    "commanders": [("Aminatou, Veil Piercer", "battlefield", 2)]}, panel.active, panel.deciding)
    w.grab()
    foot = panel.drawn[-1]
    assert panel.drawn[1] == "Mano 7 · Grimorio 92", panel.drawn  # (beside the name)
    assert foot.startswith("Aminatou (Campo di battaglia, tassa +2)"), panel.drawn
    assert "Aminatou, Veil Piercer (Campo di battaglia, tassa +2)" in panel.toolTip()
    assert "Mano 7 · Grimorio 92 · Cimitero 0 · Esilio 0" in panel.toolTip()
    w.table.session.close()


def test_the_commander_comes_before_the_graveyard_and_exile_counts(computer_table: Any) -> None:
    """Session 17's play3 and session 18: an Italian strip read "Mano 7 · Grimorio 92 · Cimitero
    0 · Esilio 0 · Valgavoth (C…" — the commander's whereabouts after every count, cut off.
    Hand, library and poison first, then the commander, then graveyard and exile (the end a
    narrow strip cuts; every count whole in the tooltip). Hand and library beside the name when
    the middle line holds the commander damage (session 18: the tax was still cut)."""
    w = _german_table(computer_table)
    set_language("it")
    panel = w.table.scene.panels[3]
    panel.set_info({**panel.info, "commander_damage": [("Winter, Cynical Opportunist", 2)], "poison": 3,
                    "commanders": [("Valgavoth, Harrower of Souls", "battlefield", 2)]}, panel.active, panel.deciding)
    w.grab()
    foot = panel.drawn[-1]
    assert panel.drawn[1] == "Mano 7 · Grimorio 92", panel.drawn
    assert foot.startswith("Veleno 3 · Valgavoth (Campo di battaglia, tassa +2)"), panel.drawn
    assert "Veleno 3" in panel.toolTip() and "Cimitero 0 · Esilio 0" in panel.toolTip()
    w.table.session.close()
