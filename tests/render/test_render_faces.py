"""The card renderer draws every card, in every UI language, with its text fitted."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

import pytest

import app.render.card as card_mod
from app.render import (RenderReport, card_size, card_view, regions, render_back, render_card, render_token,
                        render_unknown)
from app.render.fonts import font
from app.render.symbols import parse_symbols, symbol_file_stem
from engine.cards.data import bundled_cards
from engine.paths import ASSETS


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path))


@pytest.fixture
def drawn(monkeypatch):
    """Every single-line text the renderer draws (names, type lines, P/T, level labels)."""
    seen: list[str] = []
    original = card_mod.draw_line

    def spy(img, text, *args, **kwargs):
        seen.append(text)
        return original(img, text, *args, **kwargs)

    monkeypatch.setattr(card_mod, "draw_line", spy)
    return seen


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_bundled_card_renders_with_its_text_fitted(lang):
    cards = list(bundled_cards().values())
    assert len(cards) >= 340
    for c in cards:
        report = RenderReport()
        img = render_card(c, lang, 244, report)
        assert img.size == card_size(244) and img.mode == "RGBA", c.name
        assert not report.overflow, f"{c.name} ({lang}): text overflows its box"
        # rules text never drops below 8 px on the 488 px card (reminder strips are the smallest)
        assert report.fits == [] or report.smallest >= 8, c.name


def test_card_proportions_and_transparent_corners():
    img = render_card(bundled_cards()["Acrobatic Cheerleader"])
    assert img.size == (488, 680)
    assert img.getpixel((0, 0))[3] == 0          # rounded corner is transparent
    assert img.getpixel((244, 340))[3] == 255


def test_german_render_uses_german_name_and_type_line(drawn):
    c = bundled_cards()["Boilerbilges Ripper"]
    render_card(c, "de")
    assert c.name_de in drawn and c.name not in drawn
    assert c.type_line_de in drawn


def test_german_umlauts_render_as_glyphs_not_boxes():
    f = font("text", 40)
    # a missing glyph would come out as the same .notdef box for every character
    masks = {ch: bytes(f.getmask(ch)) for ch in "äöüßÄàèéìòù"}
    assert len(set(masks.values())) == len(masks)


def test_german_type_line_built_from_glossary_when_data_has_none():
    forest = dataclasses.replace(bundled_cards()["Forest"], name_de=None, type_line_de=None)
    v = card_view(forest, "de")
    assert v.type_line == "Standardland — Wald" and v.name == "Wald"


def test_italian_uses_italian_name_and_translated_type_line(drawn):
    c = bundled_cards()["Acrobatic Cheerleader"]
    render_card(c, "it")
    assert "Cheerleader Acrobata" in drawn
    # as printed on the Italian card: head type first, creature subtypes reversed
    assert "Creatura — Sopravvissuto Umano" in drawn


def test_italian_leveler_shows_its_printed_lines():
    v = card_view(bundled_cards()["Student of Warfare"], "it")
    assert v.bands[0].word == "LIVELLO" and v.bands[0].text == "Attacco improvviso"  # First strike
    assert v.bands[1].text == "Doppio attacco"
    assert v.text.startswith("Aumentare di livello {W}")  # the printed level up line


def test_leveler_without_printed_text_translates_keywords():
    c = dataclasses.replace(bundled_cards()["Student of Warfare"], text_it=None)
    v = card_view(c, "it")
    assert v.bands[0].text == "Attacco improvviso"  # First strike, from the keyword table
    assert "Livello superiore" in v.text


def test_room_renders_both_doors_with_their_names(drawn):
    c = bundled_cards()["Dazzling Theater // Prop Room"]
    report = RenderReport()
    render_card(c, "de", report=report)
    assert "Glänzendes Theater" in drawn and "Requisitenkammer" in drawn
    assert [name for name, _ in report.fits] == ["door1", "door2", "reminder"]
    assert card_view(c, "de").reminder.startswith("(Du kannst eine beliebige Hälfte wirken")


def test_regions_locate_doors_and_level_bands():
    cards = bundled_cards()
    doors = regions(cards["Dazzling Theater // Prop Room"], "en", 244)
    assert set(doors) == {"door1", "door2"} and doors["door1"][3] <= doors["door2"][1]
    bands = regions(cards["Caravan Escort"], "de", 244)
    assert list(bands) == ["level0", "level1", "level2"]
    assert all(0 <= v <= 340 for box in bands.values() for v in box)


def test_other_split_cards_use_halves_without_door_marks():
    fire = {"name": "Fire // Ice", "mana_cost": "{1}{R} // {1}{U}", "type_line": "Instant // Instant",
            "faces": [{"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant", "text": "Fire deals 2."},
                      {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "text": "Tap it."}]}
    v = card_view(fire, "it")
    assert v.layout == "split" and not v.room and [d.name for d in v.doors] == ["Fire", "Ice"]
    assert v.doors[0].type_line == "Istantaneo" and v.frame == "M"
    render_card(fire, "it", 122)


@pytest.mark.parametrize("lang,word", [("en", "LEVEL"), ("de", "STUFE"), ("it", "LIVELLO")])
def test_leveler_draws_bands_with_translated_labels(drawn, lang, word):
    c = bundled_cards()["Caravan Escort"]
    render_card(c, lang)
    assert drawn.count(word) == 2
    assert "1-4" in drawn and "5+" in drawn
    assert "2/2" in drawn and "5/5" in drawn and "1/1" in drawn


def test_token_and_back_render(drawn):
    img = render_token("Treasure", "Artifact — Treasure",
                       text="{T}, Sacrifice this token: Add one mana of any color.", lang="de")
    assert img.size == (488, 680)
    assert "Schatz" in drawn and "Artefakt — Schatz" in drawn
    back = render_back(244)
    assert back.size == card_size(244)
    assert len(back.convert("RGB").getcolors(maxcolors=1 << 20)) > 100  # a design, not a flat fill


def test_imported_mapping_and_unknown_card(drawn):
    bolt = {"name": "Lightning Bolt", "mana_cost": "{R}", "type_line": "Instant",
            "text": "Lightning Bolt deals 3 damage to any target."}
    v = card_view(bolt, "de")
    assert v.frame == "R" and v.type_line == "Spontanzauber"  # colour taken from the cost
    render_card(bolt, "de")
    assert "Lightning Bolt" in drawn
    img = render_unknown("Some Imported Card", "it")
    assert img.size == (488, 680)
    assert card_view({"name": "X"}, "it").text == "(Dati della carta non disponibili.)"


def test_frames_by_colour():
    cards = bundled_cards()
    assert card_view(cards["Acrobatic Cheerleader"]).frame == "W"
    assert card_view(cards["Kaito, Bane of Nightmares"]).frame == "M"
    assert card_view(cards["Forest"]).frame == "L"
    assert card_view({"name": "Ornithopter", "type_line": "Artifact Creature — Thopter",
                      "mana_cost": "{0}"}).frame == "C"


def test_rendering_from_threads_matches_sequential():
    cards = list(bundled_cards().values())[:12]
    sequential = [render_card(c, "de", 200).tobytes() for c in cards]
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = list(pool.map(lambda c: render_card(c, "de", 200).tobytes(), cards))
    assert threaded == sequential


def test_svg_symbols_exist_for_every_symbol_in_the_card_data():
    used = set()
    for c in bundled_cards().values():
        for s in (c.mana_cost, c.text, c.text_de, c.level_up_cost):
            used.update(parse_symbols(s))
    assert used
    for s in used | {"T", "Q", "C", "X", "W/U", "2/W", "G/P"} | {str(n) for n in range(21)}:
        path = ASSETS / "symbols" / f"{symbol_file_stem(s)}.svg"
        assert path.is_file(), s
        assert ET.parse(path).getroot().tag.endswith("svg")


def test_renderer_does_not_import_qt():
    code = ("import sys, app.render; from engine.cards.data import card; "
            "app.render.render_card(card('Forest'), 'de', 100); "
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'PyQt'))]")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ASSETS.parent)
