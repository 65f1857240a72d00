"""engine/rules/trigger_index.py: the battlefield's triggered abilities by event, kept across
positions while the permanents are the same objects with the same characteristics. Each test
changes what the keep must notice — a permanent entering, a permanent's characteristics, the
state replaced by an undo (other objects, the same ids) — and compares the kept index with one
read from the permanents one by one (trigger_index_stale, as engine/cache_check.py does after
every action); the last one breaks the keep on purpose."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.rules import trigger_index
from engine.rules.trigger_index import by_event, trigger_index_stale


def _game(battlefield: list[str], hand: list[str] | None = None) -> Game:
    setup = {"Alice": {"battlefield": battlefield, "hand": hand or [], "library": ["Island"] * 5},
             "Bob": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 5}}
    return Game(GameConfig(players=["Alice", "Bob"], mode="hybrid", setup=setup))


def _index(g: Game) -> object:
    g.touch()  # (another position: the per-position memo emptied)
    return by_event(g)


def _teddies(index: object) -> int:
    """How many permanents' triggered abilities the index holds (each Friendly Teddy's)."""
    return len({oid for entries in index.values() for _, oid, _, _, _ in entries})  # type: ignore[attr-defined]


def test_kept_while_only_statuses_change() -> None:
    g = _game(["Forest", "Friendly Teddy", "Swamp"])
    first = _index(g)
    assert _teddies(first) == 2  # (Alice's and Bob's)
    g.apply("tap Forest", 0)  # (hybrid: a table move)
    assert _index(g) is first
    assert trigger_index_stale(g) is None


def test_made_again_as_a_permanent_enters() -> None:
    g = _game(["Forest", "Forest", "Forest"], hand=["Friendly Teddy"])
    first = _index(g)
    assert _teddies(first) == 1
    g.move([o for o in g.st.players[0].hand if g.st.objects[o].name == "Friendly Teddy"][0], "battlefield")
    assert _index(g) is not first
    assert _teddies(_index(g)) == 2
    assert trigger_index_stale(g) is None


def test_made_again_after_an_undo() -> None:
    """An undo rebuilds the state: the same ids are other objects, which fire() must read."""
    g = _game(["Forest", "Friendly Teddy", "Swamp"])
    first = _index(g)
    g.apply("tap Forest", 0)
    g.undo()
    assert _index(g) is not first
    assert trigger_index_stale(g) is None


def test_a_stale_index_is_reported(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Broken on purpose: the index kept though the state was rebuilt (the old objects) — the
    check reads the index from the permanents one by one and tells them apart."""
    g = _game(["Forest", "Friendly Teddy", "Swamp"])
    stale = _index(g)
    g.apply("tap Forest", 0)
    g.undo()
    monkeypatch.setattr(trigger_index, "by_event", lambda g: stale)
    g.touch()
    g.memo["trigger_index"] = stale
    assert trigger_index_stale(g) is not None
