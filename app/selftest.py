"""`manatable --self-test`: a table with 300 cards and the main interactions, as a user
would do them, for CI and packaging checks. Exits 0 when every check holds."""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from app.session import LocalSession
from app.table import commands
from engine.config import GameConfig
from engine.game import Game

CARDS = ("Forest", "Piggy Bank", "Friendly Teddy", "Mountain", "Piranha Fly", "Swamp", "Ragged Playmate",
         "Island", "Lionheart Glimmer", "Plains", "Bear Trap", "Daggermaw Megalodon")


def position(total: int = 300) -> dict[str, Any]:
    """Both battlefields crowded, hands and libraries filled: `total` cards in all."""
    per_side = (total - 2 * 7 - 2 * 20) // 2
    side = [CARDS[i % len(CARDS)] + (" | tapped" if i % 5 == 0 else "") for i in range(per_side)]
    hand = ["Forest", "Murder", "Piggy Bank", "Give In to Violence", "Swamp", "Swamp", "Horrid Vigor"]
    lib = ["Forest", "Swamp", "Murder", "Piggy Bank"] * 5
    return {"mode": "hybrid", "seed": 1, "players": ["You", "Bob"],
            "You": {"battlefield": side, "hand": hand, "library": lib},
            "Bob": {"battlefield": list(side), "hand": list(hand), "library": list(lib)}}


def run_self_test(app: Any, window: Any) -> int:
    setup = position()
    game = Game(GameConfig(players=setup["players"], mode="hybrid", seed=1, setup=setup))
    window.show_session(LocalSession(game, 0, controls={0}))
    table = window.table
    results: list[tuple[str, bool, str]] = []

    def pump() -> None:
        for _ in range(3):
            app.processEvents()

    def check(name: str, fn: Callable[[], bool]) -> None:
        try:
            ok = bool(fn())
            results.append((name, ok, ""))
        except Exception as exc:  # a self-test reports, it doesn't crash
            results.append((name, False, repr(exc)))
        pump()

    def obs() -> dict[str, Any]:
        seen: dict[str, Any] = table.session.observation()
        return seen

    def item(pred: Callable[[Any], bool]) -> Any:
        return next(i for i in table.scene.cards.values() if pred(i))

    def mine(zone: str, name: str | None = None, **want: Any) -> Any:
        return item(lambda i: i.zone == zone and i.mine and (name is None or i.name == name)
                    and all(i.data.get(k) == v for k, v in want.items()))

    pump()
    n_cards = sum(len(p["hand"]) for p in obs()["players"]) + len(obs()["battlefield"])
    check("every card on the table has an item", lambda: len(table.scene.cards) >= n_cards)
    check("300 cards in the game", lambda: sum(p.hand_count + p.library_count + p.graveyard_count + p.exile_count
                                             for p in game.players) + len(obs()["battlefield"]) == 300)

    def play_land() -> bool:
        land = mine("hand", "Forest")
        before = len(obs()["battlefield"])
        table.interaction.card_double_clicked(land)
        return len(obs()["battlefield"]) == before + 1
    check("play a land by double-click", play_land)

    def tap() -> bool:
        land = mine("battlefield", "Swamp", tapped=False)
        oid = land.obj_id
        table.interaction.card_double_clicked(land)
        return any(c["id"] == oid and c["tapped"] for c in obs()["battlefield"])
    check("tap a permanent by double-click", tap)

    def select_only(name: str) -> int:
        """Selects one permanent of mine alone (the table's commands act on the selection)."""
        target = mine("battlefield", name)
        table.scene.clearSelection()
        target.setSelected(True)
        return int(target.obj_id)

    def face_down() -> bool:
        oid = select_only("Piggy Bank")
        commands.turn_over(table)
        return any(c["id"] == oid and c["face_down"] for c in obs()["battlefield"])
    check("turn a card face down", face_down)

    def phase() -> bool:
        oid = select_only("Friendly Teddy")
        commands.phase_out(table)
        pump()
        it = table.scene.cards.get(oid)
        return any(c["id"] == oid and c["phased_out"] for c in obs()["battlefield"]) and \
            (it is None or it.opacity() < 1.0)
    check("phase a card out (translucent)", phase)

    def drag_to_graveyard() -> bool:
        card = mine("battlefield", "Mountain")
        grave = table.scene.zones[("graveyard", 0)]
        before = len(obs()["players"][0]["graveyard"])
        table.interaction.drop([card], grave, card.pos(), {card: card.pos()}, card.pos() * 0)
        return len(obs()["players"][0]["graveyard"]) == before + 1
    check("drag a card to the graveyard", drag_to_graveyard)

    def cast_with_target() -> bool:
        murder = mine("hand", "Murder")
        table.interaction.card_double_clicked(murder)
        pump()
        victim = item(lambda i: i.zone == "battlefield" and not i.mine and i.name == "Piggy Bank")
        table.interaction.card_clicked(victim)
        pump()
        return any(c["name"] == "Murder" for c in obs()["stack"]) or \
            any(c["name"] == "Murder" for c in obs()["players"][0]["graveyard"])
    check("cast a spell with a target prompt", cast_with_target)

    def undo() -> bool:
        before = len(table.session.game.history)
        table.undo()
        return len(table.session.game.history) < before
    check("undo", undo)

    def screenshot() -> bool:
        path = Path(tempfile.gettempdir()) / "manatable-self-test.png"
        return bool(table.grab().save(str(path)))
    check("draw the table", screenshot)

    t0 = time.perf_counter()
    for _ in range(10):
        table.scene.update()
        table.view.viewport().repaint()
    repaint_ms = (time.perf_counter() - t0) * 100
    failed = [r for r in results if not r[1]]
    for name, ok, detail in results:
        print(f"{'ok  ' if ok else 'FAIL'} {name}{(': ' + detail) if detail else ''}")
    print(f"repaint of the 300-card table: {repaint_ms:.1f} ms")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.stdout.flush()
    return 1 if failed else 0
