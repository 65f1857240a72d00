"""The table does what the player meant (issue #12), driven with real mouse events on the
view's viewport at the cards' mapped positions: a land's double-click makes mana, targets
and modes are asked for, identical objects are chosen by clicking them, and an imported
card is cast for its cost at the speed its type allows."""
from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.i18n import event_lines, set_language
from app.session import LocalSession
from app.settings import Settings
from app.shell.main_window import MainWindow
from app.table import geometry as geo
from app.table.card_item import RECT
from app.table.choices import mode_texts
from app.table.menus import card_menu
from app.table.pixmaps import card_source
from app.table.widget import TableWidget
from engine.cards.behaviour import printed
from engine.cards.db import CardDB
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table, table_for

LEFT = Qt.MouseButton.LeftButton


def obs(t: TableWidget) -> dict[str, Any]:
    return t.session.observation()


def item(t: TableWidget, zone: str, name: str, n: int = 0) -> Any:
    found = sorted((i for i in t.scene.cards.values() if i.zone == zone and i.name == name), key=lambda i: i.key)
    return found[n]


def at(t: TableWidget, it: Any) -> QPoint:
    return t.view.mapFromScene(it.scenePos())


def dclick(t: TableWidget, it: Any) -> None:
    QTest.mouseDClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, at(t, it))


def click(t: TableWidget, it: Any) -> None:
    QTest.mouseClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, at(t, it))


def test_double_click_a_land_in_hybrid_adds_its_mana_not_a_manual_tap(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": ["Forest", "Mountain"], "hand": ["Piggy Bank"], "library": ["Island"] * 5}})
    n = len(t.session.all_events())
    dclick(t, item(t, "battlefield", "Forest"))
    you = obs(t)["players"][0]
    assert you["mana"] == {"G": 1}
    assert not any(e.get("manual") for e in t.session.all_events()[n:])
    # the Piggy Bank ({1}{R}) then uses the G already in the pool, not a second land of ours
    dclick(t, item(t, "hand", "Piggy Bank"))
    assert [c["name"] for c in obs(t)["stack"]] == ["Piggy Bank"]
    assert not obs(t)["players"][0]["mana"]


def test_a_spell_with_one_legal_target_waits_for_the_click(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Murder"], "library": ["Island"] * 5},
                          "Bob": {"battlefield": ["Lionheart Glimmer"], "library": ["Plains"] * 5}},
                  goldfish=False)
    dclick(t, item(t, "hand", "Murder"))
    assert not obs(t)["stack"] and t.interaction.mode == "targets"  # asked, not assumed
    cat = item(t, "battlefield", "Lionheart Glimmer")
    assert cat.highlight == "target" and "Murder" in t.prompt_bar.label.text()
    click(t, cat)
    murder = next(c for c in obs(t)["stack"] if c["name"] == "Murder")  # (its ward trigger goes on top)
    assert murder["targets"] == [{"obj": cat.obj_id}]


def test_accepting_single_targets_is_a_setting_and_never_for_your_own_things(qtbot: Any) -> None:
    settings = Settings(animations=False, accept_single_choices=True)
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Murder"], "library": ["Island"] * 5},
                          "Bob": {"battlefield": ["Lionheart Glimmer"], "library": ["Plains"] * 5}},
                  settings=settings, goldfish=False)
    dclick(t, item(t, "hand", "Murder"))
    assert "Murder" in [c["name"] for c in obs(t)["stack"]]
    t2 = table_for(qtbot, {"turn": 3, "step": "main1",
                           "You": {"battlefield": ["Swamp", "Swamp", "Swamp", "Piranha Fly"], "hand": ["Murder"],
                                   "library": ["Island"] * 5}}, settings=settings)
    dclick(t2, item(t2, "hand", "Murder"))
    assert not obs(t2)["stack"] and t2.interaction.mode == "targets"  # only your own creature: asked


def test_a_modal_spell_asks_for_its_mode_in_a_dialog_with_the_mode_texts(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": ["Plains", "Plains", "Plains", "Piranha Fly | tapped"],
                                  "hand": ["Split Up"], "library": ["Island"] * 5}})
    dclick(t, item(t, "hand", "Split Up"))
    dlg = t.mode_dialog
    assert dlg is not None and dlg.isVisible() and not obs(t)["stack"]
    texts = [b.text() for b in dlg.buttons]
    assert texts == ["Destroy all tapped creatures.", "Destroy all untapped creatures."]
    QTest.mouseClick(dlg.buttons[0], LEFT)
    stack = obs(t)["stack"]
    assert [c["name"] for c in stack] == ["Split Up"] and not dlg.isVisible()
    assert "cast Split Up mode=1" in [str(a) for a in t.session.game.history]


def test_mode_texts_come_in_german_where_the_card_data_has_them() -> None:
    assert mode_texts("Get Out", "de")[0].startswith("Neutralisiere")
    assert mode_texts("Get Out", "it")[0].startswith("Neutralizza una magia")  # the printed Italian (issue #27)


def test_the_legend_rule_is_answered_by_clicking_the_card_to_keep(qtbot: Any) -> None:
    toby = "Toby, Beastie Befriender"
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"battlefield": [toby, toby], "library": ["Island"] * 5}})
    assert (obs(t)["pending"] or {}).get("kind") == "ask"
    first, second = item(t, "battlefield", toby, 0), item(t, "battlefield", toby, 1)
    assert first.highlight == "choice" and second.highlight == "choice"
    assert "Click the highlighted card" in t.prompt_bar.label.text() and "#" not in t.prompt_bar.label.text()
    assert not t.prompt_bar.buttons  # no "Name#1" / "Name#2" buttons: the cards are the choice
    keep = second.obj_id
    click(t, second)
    bf = obs(t)["battlefield"]
    assert [c["id"] for c in bf if c["name"] == toby] == [keep]
    assert [c["name"] for c in obs(t)["players"][0]["graveyard"]] == [toby]


def _import_opt(tmp_path: Any) -> None:
    """A Scryfall-style file with two cards the bundled pool does not have, imported into
    the user's card database as the deck editor's import would."""
    cards = [
        {"object": "card", "name": "Opt", "lang": "en", "layout": "normal", "mana_cost": "{U}", "cmc": 1,
         "type_line": "Instant", "oracle_text": "Scry 1.\nDraw a card.", "colors": ["U"], "color_identity": ["U"],
         "set": "xln", "collector_number": "65", "rarity": "common"},
        {"object": "card", "name": "Divination", "lang": "en", "layout": "normal", "mana_cost": "{2}{U}", "cmc": 3,
         "type_line": "Sorcery", "oracle_text": "Draw two cards.", "colors": ["U"], "color_identity": ["U"],
         "set": "m19", "collector_number": "51", "rarity": "common"},
    ]
    path = tmp_path / "scryfall-cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with CardDB.open() as db:
        report = db.import_file(path)
        assert report.error is None, report.error


def test_an_imported_instant_is_cast_at_instant_speed_for_its_cost(qtbot: Any, tmp_path: Any) -> None:
    _import_opt(tmp_path)
    deck = ["Opt", "Divination"] + ["Island"] * 20
    s = LocalSession.goldfish(deck, seed=3, stops=["upkeep", "main1"])

    assert printed("Opt") is not None and printed("Opt").mana_cost == "{U}"

    assert getattr(card_source("Opt"), "type_line", "") == "Instant"  # the face shows its data, not "?"
    t = show_table(qtbot, s)
    g = s.game
    # a known position: the next upkeep with Opt and Divination in hand and two Islands out
    if (obs(t)["pending"] or {}).get("kind") == "mulligan":
        assert s.submit("keep")
    for name in ("Opt", "Divination"):
        oid = next(o.id for o in g.st.objects.values() if o.name == name)
        if g.st.objects[oid].zone != "hand":
            assert s.submit(f"move {s.ref(oid)} to hand"), s.last_error
    for _ in range(2):
        island = next(o.id for o in g.st.objects.values() if o.name == "Island" and o.zone == "hand")
        assert s.submit(f"move {s.ref(island)} to battlefield"), s.last_error
    for _ in range(12):
        if obs(t)["step"] == "upkeep" and obs(t)["turn"] > 1:
            break
        s.submit("next step")
    assert obs(t)["step"] == "upkeep"
    opt, div = item(t, "hand", "Opt"), item(t, "hand", "Divination")
    assert opt.data.get("implemented") is False  # marked: played by hand
    dclick(t, div)  # a sorcery in the upkeep: refused, nothing moves
    assert not obs(t)["stack"]
    dclick(t, opt)
    stack = obs(t)["stack"]
    assert [c["name"] for c in stack] == ["Opt"]
    assert sum(1 for c in obs(t)["battlefield"] if c["name"] == "Island" and c["tapped"]) == 1  # paid {U}


def test_the_log_addresses_you_in_every_language() -> None:
    s = LocalSession.goldfish(["Forest"] * 30, seed=2)
    s.submit("keep")
    want = {"en": ("You play first.", "You draw 7 cards.", "You play Forest."),
            "de": ("Du hast den ersten Zug.", "Du ziehst 7 Karten.", "Du spielst Wald."),
            "it": ("Il primo turno è tuo.", "Peschi 7 carte.", "Giochi Foresta.")}
    s.submit("play Forest")
    try:
        for lang, lines in want.items():
            set_language(lang)
            got = event_lines(s.all_events(), "You")
            for line in lines:
                assert line in got, (lang, line, got)
            assert not [g for g in got if " draws " in g or "You plays" in g]
            # no header for a step in which nothing happened (the first turn's upkeep)
            assert not any(a.startswith("—") and b.startswith("—") and "main" not in a.lower()
                           and "haupt" not in a.lower() and "principale" not in a.lower()
                           and ("1" not in a) for a, b in zip(got, got[1:]) if "Turn" not in a
                           and "Zug" not in a and "Turno" not in a)
    finally:
        set_language("en")


def test_cards_are_readable_and_a_big_hand_stays_whole(qtbot: Any) -> None:
    """1500x950 window (the main window's default): battlefield cards >= 100 px wide, the
    goldfish empty seat a strip, twelve hand cards fanned and nothing cut off."""
    hand = ["Murder", "Forest", "Piggy Bank", "Island", "Swamp", "Bear Trap", "Split Up", "Pyroclasm",
            "Mountain", "Plains", "Friendly Teddy", "Piranha Fly"]
    game = Game(GameConfig(players=["You", "Bob"], mode="hybrid", goldfish=True,
                           setup={"mode": "hybrid", "turn": 3, "step": "main1",
                                  "You": {"hand": hand, "battlefield": ["Forest"] * 3, "library": ["Island"] * 5}}))
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.resize(1500, 950)
    w.show()
    w.show_session(LocalSession(game, 0, controls={0}))
    qtbot.waitExposed(w)
    t = w.table
    assert geo.CARD_W * t.view.current_scale() >= 100
    strip = t.scene.zones[("battlefield", 1)].rect.height()
    assert strip < 0.15 * t.scene.sceneRect().height()
    seen = t.view.mapToScene(t.view.viewport().rect()).boundingRect()
    cards = [i for i in t.scene.cards.values() if i.zone == "hand"]
    assert len(cards) == 12 and all(seen.contains(i.mapToScene(RECT).boundingRect()) for i in cards)
    # identical untapped lands share one slot
    forests = sorted(i.pos().x() for i in t.scene.cards.values() if i.zone == "battlefield")
    assert forests[-1] - forests[0] == 2 * geo.LAND_STACK_DX


_LANDS = ["Island", "Island", "Swamp", "Swamp", "Plains", "Plains"]


def test_rules_mode_refuses_an_unimplemented_card_with_a_clear_message(qtbot: Any, unimplemented_card: str) -> None:
    name = unimplemented_card  # (every card of the data is implemented: one is taken out, tests/conftest.py)
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": _LANDS, "hand": [name], "library": ["Island"] * 5}},
                  mode="rules")
    slasher = item(t, "hand", name)
    assert slasher.data.get("implemented") is False
    dclick(t, slasher)
    assert not obs(t)["stack"] and "not implemented" in t.prompt_bar.message.text()


def test_the_hover_zoom_shows_the_card_beside_it_and_z_turns_it_off(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"battlefield": ["Forest"], "library": ["Island"] * 5}})
    forest = item(t, "battlefield", "Forest")
    t.store.face("Forest", width=488)
    t.store.flush()

    vp = t.view.viewport()
    for p in (QPoint(5, 5), at(t, forest)):  # from the empty corner onto the card
        QApplication.sendEvent(vp, QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)),
                                               Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                               Qt.KeyboardModifier.NoModifier))
    qtbot.waitUntil(t.view.hover_zoom.isVisible, timeout=20000)
    assert t.view.hover_zoom.width() >= 250  # large: about three times a card on the table
    t.activateWindow()
    qtbot.waitUntil(t.isActiveWindow, timeout=20000)
    t.view.setFocus()
    QTest.keyClick(t.view, Qt.Key.Key_Z)
    assert not t.view.hover_zoom.isVisible() and not t.settings.hover_zoom


def test_two_players_cards_are_readable_too(qtbot: Any) -> None:
    """Issue #12: with a real opponent each half has two rows (creatures; other permanents,
    then lands), so battlefield cards are >= 100 px wide at 1500x950 and larger at 1920x1080;
    the piles sit on the right, the opponent's hand as backs above their panel."""
    setup = {"mode": "hybrid", "turn": 3, "step": "main1",
             "You": {"hand": ["Murder", "Forest"], "battlefield": ["Forest"] * 3 + ["Piggy Bank"],
                     "library": ["Island"] * 5},
             "Bob": {"hand": ["Murder"] * 4, "battlefield": ["Swamp", "Friendly Teddy"], "library": ["Swamp"] * 5}}
    sizes = []
    for size in ((1500, 950), (1920, 1080)):
        game = Game(GameConfig(players=["You", "Bob"], mode="hybrid", setup=setup))
        w = MainWindow(Settings(animations=False))
        qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
        w.resize(*size)
        w.show()
        w.show_session(LocalSession(game, 0, controls={0}))
        qtbot.waitExposed(w)
        t = w.table
        sizes.append(geo.CARD_W * t.view.current_scale())
        scene = t.scene
        assert scene.nrows == 2 and scene.zones[("hand", 1)].isVisible()
        # nothing of yours lies outside your half or your hand
        half = scene.zones[("battlefield", 0)].rect
        for item in scene.cards.values():
            if item.zone == "battlefield" and item.mine:
                c = item.scenePos()  # the card itself, without its highlight margin
                r = QRectF(c.x() - geo.CARD_W / 2, c.y() - geo.CARD_H / 2, geo.CARD_W, geo.CARD_H)
                assert half.adjusted(-1, -geo.ATTACH_OFFSET, 1, 1).contains(r), (item.name, r, half)
    assert sizes[0] >= 100 and sizes[1] > sizes[0], sizes


def _menu_texts(menu: Any) -> dict[str, Any]:
    return {a.text(): a for a in menu.actions() if a.text()}


def test_a_card_played_by_hand_has_its_own_moves(qtbot: Any, unimplemented_card: str) -> None:
    """Issue #12: a card the engine does not implement gets a "played by hand" section in its
    context menu: in hybrid the moves that play it (logged), in rules mode the reason."""
    name = unimplemented_card
    setup = {"turn": 3, "step": "main1",
             "You": {"hand": [name, "Murder"], "battlefield": _LANDS, "library": ["Plains"] * 5}}
    t = table_for(qtbot, setup)
    healer = item(t, "hand", name)
    assert healer.data.get("implemented") is False
    acts = _menu_texts(card_menu(t.interaction, healer))
    assert f"{name}: played by hand" in acts and not acts[f"{name}: played by hand"].isEnabled()
    assert acts["Cast it for its cost (then carry out its text by hand)"].isEnabled()
    acts["Put it onto the battlefield"].trigger()
    on_bf = [c for c in obs(t)["battlefield"] if c["name"] == name]
    assert on_bf and any(e.get("key") == "manual_move" for e in t.session.all_events())
    qtbot.wait(10)
    acts = _menu_texts(card_menu(t.interaction, item(t, "battlefield", name)))
    acts["Sacrifice it"].trigger()
    assert [c["name"] for c in obs(t)["players"][0]["graveyard"]] == [name]
    # an implemented card has no such section
    assert not any("played by hand" in k for k in _menu_texts(card_menu(t.interaction, item(t, "hand", "Murder"))))

    r = table_for(qtbot, setup, mode="rules")
    acts = _menu_texts(card_menu(r.interaction, item(r, "hand", name)))
    note = acts["The rules engine does not know this card's text. Play it in hybrid mode."]
    assert not note.isEnabled() and "Put it onto the battlefield" not in acts


def test_four_players_share_the_table(qtbot: Any) -> None:
    """Issues #8/#11: with three or four players every seat is drawn — the opponents in
    columns across the top (panel with life and counts, two battlefield rows each) — and a
    creature can attack the player whose panel is clicked."""
    names = ["You", "Bob", "Carol", "Dave"]
    setup: dict[str, Any] = {"players": names, "turn": 5, "step": "main1"}
    for i, n in enumerate(names):
        setup[n] = {"battlefield": ["Plains", "Piggy Bank"] + ["Forest"] * i, "library": ["Plains"] * 5,
                    "hand": ["Murder"] * (i + 1)}
    game = Game(GameConfig(players=names, mode="hybrid", setup={"mode": "hybrid", **setup}))
    session = LocalSession(game, 0, controls={0, 1, 2, 3})  # hotseat: the others pass by themselves
    session.auto_pass_others = True
    t = show_table(qtbot, session)
    scene = t.scene
    assert scene.shown == (0, 1, 2, 3) and scene.multi
    tops = [scene.zones[("battlefield", p)].rect for p in (1, 2, 3)]
    assert tops[0].right() < tops[1].left() and tops[1].right() < tops[2].left()  # side by side
    for p in range(4):  # each player's permanents lie in their own part of the table
        mine = [i for i in scene.cards.values() if i.zone == "battlefield" and i.data.get("controller") == p]
        assert len(mine) == 2 + p
        field = scene.zones[("battlefield", p)].rect
        assert all(field.adjusted(-1, -geo.ATTACH_OFFSET, 1, 1).contains(i.scenePos()) for i in mine)
    assert all(scene.panels[p].compact and not scene.panels[p].empty_seat for p in (1, 2, 3))
    assert not any(i.zone == "hand" and not i.mine for i in scene.cards.values())  # counts, not backs
    # attack Carol: click the Piggy Bank, then Carol's panel, then Done
    t.session.submit("pass")
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("kind") == "attackers", timeout=20000)
    t.interaction.refresh()
    pig = next(i for i in scene.cards.values() if i.zone == "battlefield" and i.name == "Piggy Bank"
               and i.data.get("controller") == 0)
    click(t, pig)
    QTest.mouseClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                     t.view.mapFromScene(scene.panels[2].rect.center()))
    assert t.interaction.attack_to == {pig.obj_id: ("p", 2)}
    t.interaction.declare_attackers()
    qtbot.waitUntil(lambda: obs(t)["players"][2]["life"] < 20 or (obs(t)["pending"] or {}).get("kind") == "blockers",
                    timeout=20000)
    attacking = [c for c in obs(t)["battlefield"] if c.get("attacking") is not None]
    assert [(c["name"], c["attacking"]) for c in attacking] == [("Piggy Bank", 2)]
