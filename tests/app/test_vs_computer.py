"""Playing against the computer through the GUI: a few turns against the heuristic level,
clicking the prompt bar's buttons as a user would; the computer answers on its own thread."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

import app.shell.deck_file as deck_file
from engine.decks import read_deck, sample_decks
from engine.decks.samples import COMMANDER_DIR
from engine.decks.scheme_decks import built_in


def test_play_a_few_turns_against_the_heuristic_level(computer_table: Any, tmp_path: Path) -> None:
    table = computer_table(1400, 900)
    w = table.w
    assert "vs_computer" in w.start.buttons
    decks = [str(p) for p in sample_decks()]
    assert w.vs_computer(decks[0], decks[1], "heuristic")
    s = w.table.session
    s.pause_ms = 20
    assert s.seat == 0 and s.controls == {0}
    seen: list[int] = []
    table.play(5, each=lambda s: seen.append(s.game.st.active))
    assert s.game.st.turn >= 3 or s.game.outcome is not None
    assert 1 in seen and s.ai_actions > 0
    w.grab().save(str(tmp_path / "vs_computer.png"))
    # undo takes back your last action and the computer's answers after it
    before = len(s.game.history)
    if s.can_undo():
        assert s.undo()
        assert len(s.game.history) < before
    # a saved game opens against the computer again
    path = tmp_path / "g.json"
    s.save(path)
    w.confirm_leave = lambda *a, **k: True  # type: ignore[method-assign]  # (the question: test_shell.py)
    assert w.load_game(str(path))
    assert type(w.table.session).__name__ == "AISession"
    w.table.session.close()


def test_a_deck_that_fails_its_deck_check_is_said_before_the_game(computer_table: Any, tmp_path: Path,
                                                                  monkeypatch: Any) -> None:
    """A 31-card deck that states no format started a game against the computer without a word.
    Now the deck check speaks first, as a question: play anyway (casual play is never refused),
    edit the deck, or cancel."""
    table = computer_table(1200, 800)
    w = table.w
    short = tmp_path / "short.txt"
    short.write_text("17 Swamp\n14 Mountain\n", encoding="utf-8")
    computer = str(sample_decks()[1])
    asked: list[str] = []
    answers = ["cancel", "edit", "play"]
    monkeypatch.setattr(deck_file, "ask_deck_check",
                        lambda window, title, text: (asked.append(text), answers.pop(0))[1])
    assert not w.vs_computer(str(short), computer, "heuristic") and w.table is None
    assert "short" in asked[0] and "The main deck has 31 cards; Limited needs at least 40." in asked[0]
    assert "states no format" in asked[0]
    opened: list[Any] = []
    monkeypatch.setattr(w, "open_deck_editor", lambda path=None: opened.append(path))
    assert not w.vs_computer(str(short), computer, "heuristic") and w.table is None
    assert opened == [str(short)]
    assert w.vs_computer(str(short), computer, "heuristic")      # played anyway, as chosen
    s = w.table.session
    assert len(s.game.config.decks[0]) == 31
    s.close()
    asked.clear()
    assert w.vs_computer(computer, computer, "heuristic") and asked == []  # a legal deck: no question
    w.table.session.close()


def test_a_scheme_deck_chosen_as_your_deck_is_said_to_be_one(computer_table: Any, tmp_path: Path,
                                                             monkeypatch: Any) -> None:
    """A scheme deck file chosen as the deck to play against the computer: said to be one (it
    was read as ten unknown cards), and no game starts."""
    w = computer_table(1200, 800).w
    path = tmp_path / "komplotte.txt"
    path.write_text("\n".join(built_in(COMMANDER_DIR / "death_toll.txt")), encoding="utf-8")
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: said.append(text))
    assert not w.vs_computer(str(path), str(sample_decks()[0]), "heuristic") and w.table is None
    assert len(said) == 1 and said[0].startswith("komplotte.txt is a scheme deck of 10 schemes"), said


def _short_commander_deck(tmp_path: Path) -> Path:
    """A Commander deck of 60 cards (its commander named): the game can start, the deck check for
    Commander does not pass (a Commander deck has exactly 100 cards)."""
    deck = read_deck(COMMANDER_DIR / "death_toll.cod").deck
    lead = deck.card_names("commander")
    path = tmp_path / "kurz.txt"
    path.write_text("Commander\n1 " + lead[0] + "\n\nDeck\n" + "\n".join(f"1 {n}" for n in deck.card_names()[:59]) + "\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["commander", "archenemy_commander", "supervillain_rumble"])
def test_the_commander_and_archenemy_games_check_the_decks_first(computer_table: Any, tmp_path: Path,
                                                                 monkeypatch: Any, kind: str) -> None:
    """The Commander and the Archenemy Commander / Supervillain Rumble games started with a
    60-card Commander deck without a word (only the game against the computer asked). Now every
    game the app starts asks the same question first: play anyway, edit the deck, or cancel."""
    w = computer_table(1200, 800).w
    short, good = str(_short_commander_deck(tmp_path)), str(COMMANDER_DIR / "jump_scare.cod")
    asked: list[str] = []
    answers = ["cancel", "edit", "play"]
    monkeypatch.setattr(deck_file, "ask_deck_check", lambda window, title, text: (asked.append(text), answers.pop(0))[1])
    opened: list[Any] = []
    monkeypatch.setattr(w, "open_deck_editor", lambda path=None: opened.append(path))

    def start() -> bool:
        if kind == "commander":
            return w.commander([short, good], "random", seed=1)
        schemes = str(COMMANDER_DIR / "jump_scare.cod")
        rumble = kind == "supervillain_rumble"
        return w.archenemy(kind, [short, good, good], [schemes, schemes if rumble else "", schemes if rumble else ""],
                           1, "random", seed=1)
    assert not start() and w.table is None
    assert asked[0].startswith("The deck kurz does not pass the deck check for Commander, the format of this game:")
    assert asked[0].split("\n")[1] == "• The deck has 60 cards with its commander; a Commander deck has exactly 100."
    assert not start() and w.table is None and opened == [short]
    assert start() and w.table is not None                        # played anyway, as chosen
    w.table.session.close()
    assert len(asked) == 3


def test_goldfishing_a_deck_file_asks_the_same_question(computer_table: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """Goldfishing a deck file (the start page, File → Goldfish) is a game the app starts with a
    deck too: the same check and the same choice first."""
    w = computer_table(1200, 800).w
    short = tmp_path / "short.txt"
    short.write_text("17 Swamp\n14 Mountain\n", encoding="utf-8")
    asked: list[str] = []
    answers = ["cancel", "play"]
    monkeypatch.setattr(deck_file, "ask_deck_check", lambda window, title, text: (asked.append(title), answers.pop(0))[1])
    assert not w.goldfish(str(short)) and w.table is None
    assert w.goldfish(str(short)) and len(w.table.session.game.config.decks[0]) == 31
    assert asked == ["Goldfish", "Goldfish"]
