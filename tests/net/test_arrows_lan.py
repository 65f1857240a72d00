"""Players' own arrows at a LAN tabletop table (engine/rules/arrows.py): an arrow one seat draws
reaches every seat through the observation's patches; another seat may point from or at a
permanent it sees but cannot take someone else's arrow away; a hidden card is never an end.
An in-process room, no sockets."""
from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from engine.net import protocol as P
from engine.net.obs_text import text_for
from engine.net.room import Room
from net_helpers import FakePeer, keep_all, seated_room


def _act(r: Room, peer: FakePeer, verb: str, **fields: Any) -> None:
    r.handle(peer, P.Act(text=verb, seq=r.seq, fields={"verb": verb, **fields}))


def test_an_arrow_reaches_every_seat_and_only_its_player_takes_it_away() -> None:
    r, peers = seated_room("tabletop")
    keep_all(r, peers)
    st = r.game.st
    mine, theirs = st.players[0].hand[0], st.players[1].hand[0]
    _act(r, peers[0], "move", obj=mine, args=["battlefield"])
    _act(r, peers[1], "move", obj=theirs, args=["battlefield"])
    mine, theirs = st.battlefield[-2], st.battlefield[-1]
    assert {st.objects[mine].controller, st.objects[theirs].controller} == {0, 1}
    _act(r, peers[0], "arrow", obj=mine, targets=[["o", theirs]])
    _act(r, peers[1], "arrow", obj=mine, targets=[["p", 1]])  # from another's permanent: pointing is free
    assert not peers[0].errors() and not peers[1].errors()
    drawn = [{"player": 0, "from": mine, "to": ["o", theirs]}, {"player": 1, "from": mine, "to": ["p", 1]}]
    assert peers[0].observation()["arrows"] == drawn
    assert peers[1].observation()["arrows"] == drawn
    _act(r, peers[1], "remove arrow", obj=mine, targets=[["o", theirs]])  # not theirs to take away
    assert peers[1].errors()[-1].key == "arrow.none"
    _act(r, peers[0], "remove arrow", obj=mine, targets=[["o", theirs]])
    assert peers[1].observation()["arrows"] == drawn[1:]
    hidden = st.players[0].hand[0]  # a card in a hand is no end of an arrow, and stays unnamed
    _act(r, peers[1], "arrow", obj=theirs, targets=[["o", hidden]])
    assert peers[1].errors()[-1].key == "ref.unknown_object"
    _act(r, peers[1], "clear arrows")
    assert peers[0].observation()["arrows"] == [] == peers[1].observation()["arrows"]


def test_a_clients_arrow_text_written_from_its_observation_reads_back_on_the_host() -> None:
    """A LAN client has no game: it writes the action's text from its observation
    (engine/net/obs_text.py); the host reads the same arrow back, two Forests and a face-down
    permanent (CR 708.2a) included."""
    setup = {"Alice": {"battlefield": ["Piggy Bank", "Forest", "Forest"]},
             "Bob": {"battlefield": ["Bear Trap", "Island|face_down"]}}
    g = Game(GameConfig(players=["Alice", "Bob"], mode="tabletop", setup={"mode": "tabletop", **setup}))
    obs = g.observation(1).to_json()
    field = list(g.st.battlefield)
    for source in field:
        for head in [("p", 0), ("o", field[-1]), ("o", field[2])]:
            if head == ("o", source):
                continue
            a = Action(1, "arrow", obj=source, targets=(head,))
            assert g.parse_action(1, text_for(obs, a)) == a, text_for(obs, a)
