"""Cards exiled face down (CR 406.3): only the players an effect lets look at them see them —
Arvinox, the Mind Flail's controller sees the opponents' cards it exiled, their owners do not;
a card exiled face down with no such permission is seen by its owner (hideaway)."""
from __future__ import annotations

import tomllib

from engine.scenario import do_pass_until, make_game
from engine.view import visible_card_names

SETUP = """
[setup]
players = ["Alice", "Bob", "Carol"]
[setup.Alice]
battlefield = ["Arvinox, the Mind Flail", "Swamp", "Swamp", "Swamp"]
library = ["Swamp", "Swamp", "Swamp"]
[setup.Bob]
library = ["Island", "Island", "Island", "Enduring Innocence"]
[setup.Carol]
library = ["Island", "Island", "Island", "Murder"]
"""


def test_exiled_face_down_cards_seen_by_arvinox_controller_only() -> None:
    g = make_game(tomllib.loads(SETUP))
    do_pass_until(g, "end")
    do_pass_until(g, "stack empty")
    exiled = {p: [g.st.objects[o] for o in g.st.players[p].exile] for p in (1, 2)}
    assert [o.face_down for o in exiled[1] + exiled[2]] == [True, True]
    alice, bob, carol = (g.observation(p) for p in (0, 1, 2))
    assert {"Enduring Innocence", "Murder"} <= visible_card_names(alice)
    assert "Enduring Innocence" not in visible_card_names(bob) and "Murder" not in visible_card_names(bob)
    assert "Enduring Innocence" not in visible_card_names(carol) and "Murder" not in visible_card_names(carol)
    assert [c["name"] for c in bob.to_json()["players"][1]["exile"]] == [None]
    assert "Murder" not in visible_card_names(g.observation(None))
