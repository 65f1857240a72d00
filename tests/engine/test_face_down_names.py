"""A face-down permanent's card name never appears in an action text another player could
see (CR 708.2a, 708.5): legal actions, the choices of a decision and the history name it
"face-down permanent"; its controller may still write its card's name."""
from engine.config import GameConfig
from engine.game import Game


def _game() -> Game:
    setup = {"Alice": {"battlefield": ["Swamp"] * 3, "hand": ["Murder"], "library": ["Forest"] * 5},
             "Bob": {"battlefield": ["Ripchain Razorkin | face_down", "Ripchain Razorkin"], "library": ["Forest"] * 5}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))


def test_the_opponents_face_down_permanent_is_not_named() -> None:
    g = _game()
    texts = [a.text for a in g.legal_actions(0)]
    assert "cast Murder -> face-down permanent" in texts
    assert texts.count("cast Murder -> Ripchain Razorkin") == 1  # the face-up one only
    g.apply("cast Murder -> face-down permanent", 0)
    assert all("Ripchain" not in t for _, t in g.history_texts())


def test_the_hidden_name_does_not_resolve_for_another_player() -> None:
    g = _game()
    g.apply("cast Murder -> Ripchain Razorkin", 0)  # names the face-up one, never the face-down one
    top = g.st.objects[g.st.stack[-1]]
    target = g.st.objects[top.targets[0]["obj"]]
    assert not target.face_down
