"""A computer player is handed its seat's world, never the game (house rule: computer players
see only their observation; engine/ai/determinize.py `seat_world`). The human's deck holds a
card no computer knows of (in no computer's deck, not in the card pool they guess from); the
human never plays it. Every object any agent receives, at every level and on every path of
the local window — two players, Commander with four, Archenemy with the computers as the team
or as the archenemy, an undo the computer then answers again, a game reopened from a save —
is walked: that name is never in it but where the computer's seat may see the card."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import app.ai_session as ai_session
from app.ai_session import AISession, open_saved
from engine.ai import adapter
from engine.ai.match import card_pool
from engine.decks import read_deck
from engine.decks.samples import commander_decks, sample_decks
from engine.decks.scheme_decks import built_in
from tests.ai.hidden_walk import SECRET, Watched


def watch(s: AISession) -> list[Watched]:
    out = []
    for seat, agent in s.agents.items():
        if hasattr(agent, "budget"):
            agent.budget = 0.05  # (the search level's rollouts: a quick test, the same path)
        s.agents[seat] = w = Watched(agent, lambda: s.game)
        out.append(w)
    return out


def with_secret(deck: list[str]) -> list[str]:
    """Every fourth card that isn't a land the secret (it is in hand and library from the start)."""
    return [SECRET if i % 4 == 0 and "Land" not in adapter.card_info(n).types else n for i, n in enumerate(deck)]


def answer(s: AISession) -> None:
    """The human keeps, passes, declares nothing, and otherwise takes the first listed answer."""
    acts = s.legal_actions()
    pick = next((a for a in acts if a.verb == "keep"), None) or next((a for a in acts if a.verb == "pass"), None) \
        or next((a for a in acts if a.args == ("done",)), None) or acts[0]
    assert s.submit(pick)


def play(qtbot: Any, s: AISession, until_turn: int, steps: int = 300) -> None:
    s.pause_ms = 0
    for _ in range(steps):
        qtbot.waitUntil(lambda: s.game.outcome is not None or (not s.is_thinking() and s.deciding_seat() == s.seat),
                        timeout=60000)
        if s.game.outcome is not None or s.game.st.turn >= until_turn:
            return
        answer(s)


def clean(watched: list[Watched], at_least: int = 1) -> None:
    assert sum(w.calls for w in watched) >= at_least
    assert not any(w.handed_the_game for w in watched)
    assert [x for w in watched for x in w.leaks] == []


def decks(n: int) -> list[list[str]]:
    return [read_deck(p).deck.card_names() for p in sample_decks()[:n]]


@pytest.mark.parametrize("level", ["random", "heuristic", "search"])
def test_against_the_computer_at_every_level(qtbot: Any, level: str, tmp_path: Path) -> None:
    mine, theirs = decks(2)
    assert SECRET not in card_pool() and SECRET not in theirs
    s = AISession.vs_computer(with_secret(mine), theirs, level, seed=3, pause_ms=0)
    watched = watch(s)
    play(qtbot, s, until_turn=4)
    assert any(SECRET == s.game.st.objects[o].name for o in s.game.st.players[0].hand + s.game.st.players[0].library)
    clean(watched, at_least=5)
    # the random level answers every decision from its seat's view; the others need worlds too
    worlds = sum(w.worlds for w in watched)
    assert worlds == 0 if level == "random" else worlds > 0
    # undo: the computer answers again, on a world sampled again
    calls = watched[0].calls
    assert s.can_undo() and s.undo()
    play(qtbot, s, until_turn=s.game.st.turn + 1)
    assert watched[0].calls > calls
    clean(watched)
    # the game reopened from its save
    path = tmp_path / "g.json"
    s.save(path)
    s.close()
    again = open_saved(path)
    assert isinstance(again, AISession)
    watched = watch(again)
    play(qtbot, again, until_turn=again.game.st.turn + 2)
    clean(watched)
    again.close()


@pytest.mark.parametrize("players", [3, 4])
def test_commander_with_three_or_four_players(qtbot: Any, players: int) -> None:
    paths = commander_decks()[:players]
    cards = [read_deck(p).deck for p in paths]
    leads = [d.card_names("commander") for d in cards]
    ds = [d.card_names("main") + lead for d, lead in zip(cards, leads)]
    ds[0] = with_secret(ds[0][:-len(leads[0])]) + leads[0]
    s = AISession.commander_game(ds, leads, "heuristic", players=["You", "C1", "C2", "C3"][:players], seed=4,
                                 pause_ms=0)
    watched = watch(s)
    play(qtbot, s, until_turn=5)
    clean(watched, at_least=10)
    s.close()


@pytest.mark.parametrize("you", [0, 1])
def test_archenemy_with_the_computers_as_the_team_or_as_the_archenemy(qtbot: Any, you: int) -> None:
    paths = commander_decks()
    cards = [read_deck(p).deck for p in paths]
    leads = [d.card_names("commander") for d in cards]
    ds = [d.card_names("main") + lead for d, lead in zip(cards, leads)]
    ds[you] = with_secret(ds[you][:-len(leads[you])]) + leads[you]
    schemes = [built_in(paths[0]), [], [], []]
    s = AISession.archenemy_game("archenemy_commander", ds, leads, schemes, "heuristic",
                                 players=["P0", "P1", "P2", "P3"], you=you, seed=5, pause_ms=0)
    watched = watch(s)
    play(qtbot, s, until_turn=4)
    clean(watched, at_least=10)
    s.close()


def test_a_world_that_cannot_be_made_still_gets_an_answer(qtbot: Any, monkeypatch: Any) -> None:
    """An engine bug in sampling must not stop the game (nor hand the agent the game instead):
    the computer takes its first listed answer, as when the agent itself fails."""
    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug")
    monkeypatch.setattr(ai_session, "seat_world", broken)
    mine, theirs = decks(2)
    s = AISession.vs_computer(mine, theirs, "heuristic", seed=3, pause_ms=0)
    watched = watch(s)
    play(qtbot, s, until_turn=3)
    # (the decisions answered at once from the seat's view need no world and still happen)
    assert s.game.st.turn >= 3 and s.ai_actions > 0 and sum(w.worlds for w in watched) == 0
    s.close()
