"""A team member's own turn at a LAN Archenemy table (session 20's four desktops): in a shared
team turn every member is an active player (CR 805.4a) and may play a land and cast sorceries
(805.4c), but a guest's program took the turn for the primary player's alone and passed its main
phases by itself (no stop there on "an opponent's turn"): the members after the first never
played a land. The member's own stops apply in its team's turn."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from app.net_session import RemoteSession
from app.session import LocalSession
from app.settings import Settings
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from engine.net import protocol as P
from tests.remote_worker import RecordingWorker

DECK = ["Swamp"] * 30 + ["Mountain"] * 29
SCHEMES = ["Kneel Before My Legions", "Plots That Span Centuries", "My Tendrils Run Deep",
           "You Are Unworthy of Mercy", "Running Is Useless", "My Laughter Echoes",
           "You Will Know True Suffering"]
NAMES = ["Anna", "Bruno", "Chris", "Dora"]


def _second_member_in_main() -> Game:
    """The game when Chris (seat 2, the team's second member) has priority in the first main
    phase of the team's first turn, the stack empty."""
    g = Game(GameConfig(players=NAMES, decks=[DECK] * 4, seed=5, mode="rules", format="archenemy_commander",
                        schemes=[SCHEMES, [], [], []], skip_mulligans=True))
    for _ in range(400):
        dec = g.pending
        assert dec is not None
        if dec.player == 2 and g.step == "main1" and dec.kind == "priority" and g.is_active(2) and not g.stack:
            return g
        acts = g.legal_actions(dec.player)
        simple = [a for a in acts if a.verb == "pass" or a.text in ("attack none", "block none")]
        g.apply(simple[0] if simple else acts[0], dec.player)
    raise AssertionError("the team's main phase never came to Chris")


def test_a_team_member_stops_in_its_own_team_turn(qtbot: Any) -> None:
    obs = _second_member_in_main().observation(2)
    assert obs["active"] == 1 and 2 in obs["active_players"]  # (Bruno is the primary player)
    worker = RecordingWorker()
    session = RemoteSession(worker, [])  # type: ignore[arg-type]
    session._on_message(P.Welcome(version=P.PROTOCOL_VERSION, seat=2, token="", game="Anna's table", mode="rules",
                                  players=4, format="archenemy_commander"))
    worker.sent.clear()
    session._on_message(P.Started(seat=2, players=NAMES, mode="rules", seq=7, observation=obs))
    assert not [m for m in worker.sent if isinstance(m, P.Act)], worker.sent  # no pass made by itself


def test_the_prompt_of_a_team_member_names_its_own_turn(qtbot: Any) -> None:
    """Chris's prompt in his team's main phase is his turn's ("you have priority. Play a card
    or pass."), not "(opponent's turn) ... Respond or pass"."""
    g = _second_member_in_main()
    set_language("en")
    t = TableWidget(LocalSession(g, 2, controls={2}), Settings(animations=False))
    qtbot.addWidget(t)
    assert t.interaction.prompt()[0] == "First main phase: you have priority. Play a card or pass."
    # and "Pass" with a land still to play warns him as in his own turn
    assert t.interaction._land_left(g.observation(2), 2)


def test_a_local_team_member_stops_in_its_own_team_turn(qtbot: Any) -> None:
    """The same at one desktop (a hot seat or a scenario answering for Chris): the stops of his
    own turn apply in his team's turn, so his main phase is not passed by itself."""
    g = _second_member_in_main()
    at = (g.turn, g.step, g.pending.player if g.pending else None)
    session = LocalSession(g, 2, controls={2})
    session.stops = {"main1"}
    session._auto_pass()
    assert (g.turn, g.step, g.pending.player if g.pending else None) == at
