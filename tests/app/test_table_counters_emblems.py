"""What the table shows of counters and emblems (session 7): a suspended card's time counters
in exile (on the pile and in the zone viewer), counters named in the UI language (a Saga's
lore counters in Italian, the counter menu in German), an emblem drawn without a TOKEN tag
with its name and text in the UI language."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter

from app.i18n import card_name, set_language
from app.render.model import card_view
from app.table.card_marks import RECT, counter_label, pill
from app.table.docks import describe
from app.table.menus import card_menu
from app.table.pixmaps import card_source
from tests.app.test_table_expect import dclick, item, obs, table_for

EMBLEM = "Kaito, Bane of Nightmares Emblem"
NINJAS = "Ninjas you control get +1/+1."


def texts(menu: Any) -> list[str]:
    out = []
    for a in menu.actions():
        if a.menu() is not None:
            out += texts(a.menu())
        elif not a.isSeparator():
            out.append(a.text())
    return out


def test_a_suspended_cards_time_counters_show_in_exile(qtbot: Any) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Suspended Sentence"], "battlefield": ["Swamp", "Swamp"],
                                  "library": ["Island"] * 5}}, mode="rules")
    dclick(t, item(t, "hand", "Suspended Sentence"))
    t.action_menu.actions()[0].trigger()  # "Hängepartie aussetzen" (suspend)
    exiled = obs(t)["players"][0]["exile"]
    assert exiled[0]["counters"] == {"time": 3}
    assert t.scene.zones[("exile", 0)].top["counters"] == {"time": 3}  # drawn on the pile
    viewer = t.open_zone_viewer("exile", 0)
    assert viewer.visible_names() == ["Hängepartie (3 Zeitmarken)"]


def test_counters_are_named_in_the_ui_language() -> None:
    set_language("it")
    assert counter_label("lore", 1) == "1 segnalino sapere"
    set_language("de")
    assert counter_label("time", 2) == "2 Zeitmarken"
    assert counter_label("+1/+1", 2) == "+1/+1 ×2"
    assert counter_label("lifelink", 1) == "1 Lebensverknüpfung-Marke"  # a keyword counter (CR 122.1b)


def test_the_counter_menu_names_each_counter_in_german(qtbot: Any) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"battlefield": ["Piranha Fly"], "library": ["Island"] * 5}})
    labels = texts(card_menu(t.interaction, item(t, "battlefield", "Piranha Fly")))
    assert "Loyalitätsmarke hinzufügen" in labels and "Sagenmarke entfernen" in labels
    assert not [x for x in labels if any(w in x for w in ("loyalty", "level", "time", "charge", "lore"))]


def test_an_emblem_is_drawn_without_a_token_tag_in_the_ui_language() -> None:
    token_def = {"name": EMBLEM, "type_line": "Emblem", "text": NINJAS}
    src = card_source(EMBLEM, token_def)
    de = card_view(src, "de")
    assert de.token_word == "" and de.type_line == "Emblem"
    assert de.name == "Emblem von Kaito, Feind der Albträume"
    assert de.text == "Ninjas, die du kontrollierst, erhalten +1/+1."
    it = card_view(src, "it")
    assert it.type_line == "Emblema" and it.name.startswith("Emblema di ")
    assert card_view(src, "en").name == EMBLEM
    set_language("de")
    assert card_name(EMBLEM) == "Emblem von Kaito, Feind der Albträume"  # the zone viewer, the preview
    assert card_view({"name": "Spirit", "type_line": "Token Creature — Spirit", "is_token": True}, "de").token_word


def test_a_goaded_creature_says_so_in_the_preview(qtbot: Any) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Rendmaw, Creaking Nest"],
                                  "battlefield": ["Swamp", "Forest", "Swamp", "Forest", "Swamp"],
                                  "library": ["Island"] * 5}}, mode="rules")
    dclick(t, item(t, "hand", "Rendmaw, Creaking Nest"))
    for _ in range(4):  # the spell, then its enters trigger (two Birds, goaded)
        if obs(t)["stack"]:
            t.session.submit("pass")
    assert not obs(t)["stack"]
    bird = next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == "Bird")
    assert bird.data["goaded_by"] == [0]
    assert "Angestachelt von You: Greift in jedem Kampf an, falls möglich." in \
        describe(bird.data, "battlefield", t.session.player_names).splitlines()


def test_the_preview_of_an_exiled_card_lists_its_counters() -> None:
    set_language("it")
    assert describe({"name": "Suspended Sentence", "counters": {"time": 2}}, "exile").splitlines()[-1] == "2 segnalini tempo"


def test_an_emblem_is_not_called_a_card_played_by_hand(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": ["Kaito, Bane of Nightmares | counter:loyalty=4"],
                                  "library": ["Island"] * 5}}, mode="rules")
    kaito = item(t, "battlefield", "Kaito, Bane of Nightmares")
    assert t.session.submit(next(a for a in t.interaction.actions_for(kaito) if a.ability == 2))
    t.session.submit("pass")
    emblem = obs(t)["players"][0]["command"][0]
    assert emblem["kind"] == "emblem" and emblem.get("implemented") is not False
    assert describe(emblem, "command") == EMBLEM


def test_a_counter_named_by_one_long_word_stays_on_the_card(qtbot: Any) -> None:
    """"1 Endgültigkeitsmarke" (a finality counter in German): one word longer than the card is
    wide — its badge gets a smaller font and stays within the card's edge."""
    set_language("de")
    text = counter_label("finality", 1)
    assert text == "1 Endgültigkeitsmarke"
    widest = RECT.width() + 12
    image = QImage(int(widest + 60), 80, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    pill(painter, QPointF(0, 40), text, Qt.GlobalColor.darkBlue)
    painter.end()
    drawn = [x for x in range(image.width()) for y in range(image.height()) if image.pixelColor(x, y).alpha()]
    assert drawn and max(drawn) <= widest + 1
    set_language("en")
