"""A goldfish session in tabletop mode, with the mouse (tools/play_tabletop.py plays whole
sessions this way). Four gestures did not do what they say on a German table:
* dragging a creature from the hand onto the battlefield cast it: it sat on the stack, and
  the lands were tapped for it ("nothing enforced": it goes where it is put now);
* "Put onto the battlefield face down" from a hand card's menu put it there face up (the
  card's item showed the moved card before the second step asked for its old id);
* a card dragged from the battlefield to the graveyard was logged "von Hand nach: Friedhof"
  (read: from the hand; it says "manuell" now);
* "Attach to…" then a click on a permanent whose name a card in the hand or library shares
  was refused: "Der Tisch kann diese Aktion nicht eindeutig aufschreiben" (the action's text
  numbered the host among every visible card, the reader among the battlefield's)."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QMenu

from app.i18n import set_language
from app.settings import Settings
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import LEFT, centre, context_menu, drag, show_table


def _table(qtbot: Any, you: dict[str, list[str]]) -> TableWidget:
    set_language("de")
    setup = {"mode": "tabletop", "You": {"library": ["Island"] * 5, **you}}
    game = Game(GameConfig(players=["You", "Bob"], mode="tabletop", setup=setup, goldfish=True))
    return show_table(qtbot, game, Settings(animations=False, language="de"))


def _item(t: TableWidget, zone: str, name: str) -> Any:
    return next(i for i in t.scene.cards.values() if i.zone == zone and i.name == name)


def _drag(t: TableWidget, item: Any, zone: str = "battlefield") -> None:
    drag(t, centre(t, item), t.view.mapFromScene(t.scene.zones[(zone, 0)].rect.center()))


def _menu(qtbot: Any, t: TableWidget, item: Any, label: str) -> None:
    """Right-click the card, click the entry."""
    context_menu(t, centre(t, item))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    entry = next(a for a in menu.actions() if a.text() == label)
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(entry).center())


def _battlefield(t: TableWidget) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in t.session.observation()["battlefield"]}


def test_a_creature_dragged_onto_the_battlefield_is_put_there(qtbot: Any) -> None:
    t = _table(qtbot, {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": ["Friendly Teddy"]})
    teddy = _item(t, "hand", "Friendly Teddy")
    _drag(t, teddy)
    o = t.session.observation()
    assert "Friendly Teddy" in _battlefield(t) and not o.get("stack")
    assert not any(c.get("tapped") for c in o["battlefield"])  # no mana was paid for it


def test_put_onto_the_battlefield_face_down_from_the_hand_menu(qtbot: Any) -> None:
    t = _table(qtbot, {"hand": ["Turn Inside Out", "Friendly Teddy"]})
    _menu(qtbot, t, _item(t, "hand", "Turn Inside Out"), "Verdeckt ins Spiel bringen")
    bf = t.session.observation()["battlefield"]
    assert len(bf) == 1 and bf[0].get("face_down")


def test_attach_to_a_permanent_whose_twin_is_in_the_library(qtbot: Any) -> None:
    t = _table(qtbot, {"battlefield": ["Friendly Teddy", "Piggy Bank"], "library": ["Piggy Bank", "Island"]})
    _menu(qtbot, t, _item(t, "battlefield", "Friendly Teddy"), "Anlegen an …")
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=centre(t, _item(t, "battlefield", "Piggy Bank")))
    bf = _battlefield(t)
    assert bf["Friendly Teddy"].get("attached_to") == bf["Piggy Bank"]["id"]
    assert t.prompt_bar.message.isHidden() or not t.prompt_bar.message.text()


def test_a_land_dragged_onto_the_battlefield_is_played(qtbot: Any) -> None:
    """(so that Next turn does not warn of a land still to play after one was put down)"""
    t = _table(qtbot, {"hand": ["Mountain", "Friendly Teddy"]})
    land = _item(t, "hand", "Mountain")
    _drag(t, land)
    o = t.session.observation()
    assert "Mountain" in _battlefield(t) and o["players"][0]["lands_played"] == 1


def test_a_manual_move_reads_as_manual_not_from_the_hand_in_german(qtbot: Any) -> None:
    """"Du verschiebst Bärenfalle von Hand nach: Friedhof" read as "from the hand" for a card
    that left the battlefield (the English "by hand" kept the glossary's "Hand")."""
    t = _table(qtbot, {"battlefield": ["Bear Trap"]})
    _drag(t, _item(t, "battlefield", "Bear Trap"), "graveyard")
    line = t.log.lines()[-1]
    assert line == "Du verschiebst Bärenfalle manuell nach: Friedhof.", line


def test_a_manual_move_reads_as_manual_not_to_the_hand_in_italian(qtbot: Any) -> None:
    """Played in Italian: "Sposti a mano Clown Crudele in: Campo di battaglia" — "a mano" (by
    hand) reads as "to the hand" ("Mano" is the zone) for a card put onto the battlefield."""
    t = _table(qtbot, {"battlefield": ["Bear Trap"]})
    set_language("it")
    _drag(t, _item(t, "battlefield", "Bear Trap"), "graveyard")
    line = t.log.lines()[-1]
    assert line == "Sposti manualmente Trappola per Orsi in: Cimitero.", line


def test_face_down_from_the_hand_is_one_move_nobody_sees_face_up(qtbot: Any) -> None:
    """The entry moved the card face up and then turned it over: the log (every seat's) named it
    on its way — "Du verschiebst In- und auswendig manuell nach: Im Spiel." — and at a
    LAN table, whose events come later, it stayed face up (session 16)."""
    t = _table(qtbot, {"hand": ["Turn Inside Out", "Friendly Teddy"]})
    name = t.scene.cards[next(i for i, c in t.scene.cards.items() if c.zone == "hand" and c.name == "Turn Inside Out")]
    before = len(t.session.game.events)
    _menu(qtbot, t, name, "Verdeckt ins Spiel bringen")
    assert [c.get("face_down") for c in t.session.observation()["battlefield"]] == [True]
    said = " ".join(t.log.lines()[-3:])
    assert "Turn Inside Out" not in said and "In- und auswendig" not in said, said
    assert not any(e.get("card") == "Turn Inside Out" for e in t.session.game.events[before:])
