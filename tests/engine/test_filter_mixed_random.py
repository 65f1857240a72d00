"""Random small boards of the pool's filter mana, Barbflare Gremlin, Enduring Vitality and
Overgrown Zealot: the listing offers a spell exactly when the engine accepts it, a payment
leaves no pool entry below one, and anything the player could pay by activating mana abilities
by hand first (every order, up to five activations: the oracle) the automatic payment pays at
once (CR 601.2g-h: the player may activate them while paying)."""
from __future__ import annotations

import random
import tomllib

from engine.actions import IllegalActionError
from engine.game import Game
from engine.scenario import make_game

CARDS = ["Forest", "Swamp", "Island", "Plains", "Twilight Mire", "Flooded Grove", "Simic Signet", "Golgari Signet",
         "Barbflare Gremlin", "Barbflare Gremlin | tapped", "Enduring Vitality | sick", "Overgrown Zealot"]
HAND = ["Harmonize", "Glitch Interpreter", "Murder", "Yavimaya Elder", "Culling Ritual"]
ACTS = ["cast Harmonize", "cast Glitch Interpreter", "cast Murder -> Piranha Fly", "cast Yavimaya Elder",
        "cast Culling Ritual", "turn face up @fd"]


def _game(battlefield: list[str]) -> Game:
    setup = {"Alice": {"hand": HAND, "battlefield": battlefield, "library": ["Plains"] * 4},
             "Bob": {"library": ["Plains"] * 4, "battlefield": ["Piranha Fly"]}}
    return make_game(tomllib.loads(_toml(setup)))


def _toml(setup: dict[str, dict[str, list[str]]]) -> str:
    lines = ["[setup]"]
    for who, zones in setup.items():
        lines.append(f"[setup.{who}]")
        lines += [f"{zone} = [{', '.join(chr(34) + c + chr(34) for c in cards)}]" for zone, cards in zones.items()]
    return "\n".join(lines)


def _accepted(g: Game) -> dict[str, bool]:
    out = {}
    for text in ACTS:
        if text.endswith("@fd") and not any(g.st.objects[o].face_down for o in g.st.battlefield):
            continue
        h = g.clone()
        try:
            h.apply(h.parse_action(0, text))
        except IllegalActionError:
            out[text] = False
            continue
        assert all(n > 0 for n in h.st.players[0].mana.values()), (text, h.st.players[0].mana)
        out[text] = True
    return out


def _by_hand(g: Game, depth: int, seen: set[object], found: set[str]) -> None:
    """What can be paid after activating mana abilities by hand, in every order (the oracle)."""
    me = g.st.players[0]
    key = (tuple(sorted(me.mana.items())), tuple(sorted(o for o in g.st.battlefield if g.st.objects[o].tapped)))
    if key in seen:
        return
    seen.add(key)
    found.update(t for t, ok in _accepted(g).items() if ok)
    if depth:
        for a in g.legal_actions(0):
            if a.verb == "activate":
                h = g.clone()
                h.apply(a)
                _by_hand(h, depth - 1, seen, found)


def test_random_boards_listed_exactly_and_paid_at_once() -> None:
    rng = random.Random(21)
    for _ in range(40):
        board = rng.sample(CARDS, rng.randint(3, 5))
        if rng.random() < 0.3:
            board.append("Bashful Beastie @fd | face_down | tapped")
        g = _game(board)
        listed = {a.text for a in g.legal_actions(0)}
        now = _accepted(g)
        for text, ok in now.items():
            assert (g.parse_action(0, text).text in listed) == ok, (board, text, ok)
        found: set[str] = set()
        _by_hand(g, 5, set(), found)
        assert found <= {t for t, ok in now.items() if ok}, (board, found)
