"""The local table's log shows the events as the engine filters them for the seat at the
screen (engine/redaction.py, the LAN host's path), never the raw events: a name or id hidden
by object identity (CR 400.2, 402.3, 708.5, 400.7) stays hidden in goldfish, against the
computer and at a hot seat as it does at a LAN table. At a hot seat the screen is the seat
deciding now, and the log is rebuilt for it when that changes."""
from __future__ import annotations

from typing import Any

from app.ai_session import AISession
from app.session import LocalSession
from app.table.widget import TableWidget
from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

ALICE, BOB = 0, 1


def game(mode: str, **setup: Any) -> Game:
    return Game(GameConfig(players=["Alice", "Bob"], mode=mode, setup={"mode": mode, **setup}))


def log_lines(t: TableWidget) -> list[str]:
    return [t.log.list.item(i).text() for i in range(t.log.list.count())]


def given(t: TableWidget) -> list[dict[str, Any]]:
    """Every event the screen was given: the log's, and what a rebuild would read."""
    return list(t.log.events) + t.session.all_events()


def mentions(events: list[dict[str, Any]], value: Any) -> bool:
    return any(value == v or (isinstance(v, list) and value in v) for e in events for v in e.values())


def test_a_face_down_permanent_attached_to_is_not_named_to_the_other_seat(qtbot: Any) -> None:
    """Alice attaches Bear Trap to Bob's face-down Piggy Bank; Bob puts a counter and a note on
    it (he may look at it, CR 708.5). The hot seat's screen is Alice's while she decides: her log
    says "a face-down card" and no event she is given names Piggy Bank."""
    g = game("tabletop", Alice={"battlefield": ["Bear Trap @trap"]},
             Bob={"battlefield": ["Piggy Bank @pig | face_down"]})
    t = show_table(qtbot, LocalSession(g, ALICE, controls={ALICE, BOB}))
    assert t.session.submit("attach @trap -> @pig", player=ALICE)
    assert t.session.submit("counter @pig +1/+1 +1", player=BOB)
    assert t.session.submit("note @pig: mine", player=BOB)
    lines = log_lines(t)
    assert "You attach Bear Trap to a face-down card." in lines, lines
    assert not [x for x in lines if "Piggy" in x], lines
    assert not mentions(given(t), "Piggy Bank")
    assert mentions(g.events, "Piggy Bank")  # (the engine's raw events name it: Bob may know)


def test_a_card_moved_by_hand_into_a_hand_is_named_only_when_its_owner_is_at_the_screen(qtbot: Any) -> None:
    """Bob takes the top card of his library into his hand by hand while Alice decides: her
    screen says "a hidden card" (CR 402.3); when the decision passes to Bob, the log is rebuilt
    as Bob may see it and names his card, and back at Alice's it is hidden again."""
    g = game("hybrid", Alice={"library": ["Plains"] * 3}, Bob={"library": ["Murder", "Island"]})
    t = show_table(qtbot, LocalSession(g, ALICE, controls={ALICE, BOB}))
    top = g.st.players[BOB].library[0]
    assert t.session.submit(Action(BOB, "move", obj=top, args=("hand", 0), text="move Murder to hand"), auto_pass=False)
    lines = log_lines(t)
    assert "Bob moves a hidden card manually to: Hand." in lines, lines
    assert not mentions(given(t), "Murder") and not mentions(given(t), top)
    assert t.session.submit("pass", player=ALICE, auto_pass=False)  # priority goes to Bob
    assert t.session.log_seat() == BOB
    lines = log_lines(t)
    assert "You move Murder manually to: Hand." in lines, lines  # his own log: "you" is Bob
    assert t.session.submit("pass", player=BOB, auto_pass=False)
    assert t.session.log_seat() == ALICE
    assert not [x for x in log_lines(t) if "Murder" in x]


class Scripted:
    """A computer player answering from a script of action texts (then the first listed)."""

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)

    def choose(self, g: Game, seat: int) -> Action:
        if self.texts:
            return g.parse_action(seat, self.texts.pop(0))
        return g.legal_actions(seat)[0]

    def at_once(self, view: Any) -> None:
        return None  # (every answer from the script, on the world)


def test_a_manifested_card_against_the_computer_is_not_followed_by_id(qtbot: Any) -> None:
    """Against the computer: Alice's Unwanted Remake makes Bob manifest dread (CR 701.62a); the
    computer picks Bashful Beastie to put face down. Alice's screen is never given the card's
    library id (CR 400.7: she could follow it) nor its name; Island, put into the graveyard, is
    public."""
    g = game("rules", Alice={"hand": ["Unwanted Remake"], "battlefield": ["Plains"], "library": ["Plains"] * 3},
             Bob={"battlefield": ["Cult Healer @healer | tapped"], "library": ["Island", "Bashful Beastie"]})
    beastie_in_library = g.st.players[BOB].library[1]
    s = AISession(g, "random", pause_ms=0)
    s.agents = {BOB: Scripted("pass", "choose Bashful Beastie")}
    t = show_table(qtbot, s)
    try:
        assert s.submit("cast Unwanted Remake -> @healer")
        assert s.submit("pass")
        qtbot.waitUntil(lambda: len(g.st.players[BOB].graveyard) == 2 and not s.is_thinking(), timeout=20000)
        assert mentions(g.events, beastie_in_library)  # (raw: the manifest's zone change carries it)
        assert not mentions(given(t), beastie_in_library)
        assert not mentions(given(t), "Bashful Beastie")
        assert mentions(given(t), "Island")
    finally:
        s.close()


def test_a_face_down_exiled_card_only_its_owner_may_look_at_stays_hidden(qtbot: Any) -> None:
    """CR 406.3: a card exiled face down may be looked at by its owner only. Bob notes on his
    face-down exiled Murder and takes it into his hand by hand while Alice is at the screen:
    her log says "a face-down card" and "a hidden card"."""
    g = game("tabletop", Alice={"library": ["Plains"] * 3}, Bob={"exile": ["Murder @m | face_down"]})
    t = show_table(qtbot, LocalSession(g, ALICE, controls={ALICE, BOB}))
    assert t.session.submit("note @m: later", player=BOB)
    assert t.session.submit("move @m to hand", player=BOB)
    lines = log_lines(t)
    assert "Bob notes on a face-down card: later" in lines and "Bob moves a hidden card manually to: Hand." in lines, lines
    assert not mentions(given(t), "Murder")
    assert t.session.log_seat() == ALICE
