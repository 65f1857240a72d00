"""The UI message catalogs i18n/{en,de,it}.json: complete, consistent and in the official terms.

Qt-free and fast: the keys the code uses come from tools/i18n_keys.py, which reads the
sources without importing them.
"""
from __future__ import annotations

import importlib.util
import json
import string
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "i18n"
LANGS = ("en", "de", "it")


def _load_tool():
    spec = importlib.util.spec_from_file_location("i18n_keys", ROOT / "tools" / "i18n_keys.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


keys_tool = _load_tool()
RAW = {lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
CATALOGS = {lang: {k: v for k, v in data.items() if not k.startswith("_")} for lang, data in RAW.items()}
EN = CATALOGS["en"]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_a_flat_object_of_strings(lang: str) -> None:
    data = RAW[lang]
    assert isinstance(data, dict) and data
    assert all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in data.items())


@pytest.mark.parametrize("lang", ["de", "it"])
def test_same_keys_as_english(lang: str) -> None:
    assert sorted(set(EN) - set(CATALOGS[lang])) == [], "missing"
    assert sorted(set(CATALOGS[lang]) - set(EN)) == [], "not in en.json"


@pytest.mark.parametrize("lang", ["de", "it"])
def test_same_placeholders_as_english(lang: str) -> None:
    wrong = {key: (sorted(placeholders(text)), sorted(placeholders(CATALOGS[lang][key])))
             for key, text in EN.items() if placeholders(text) != placeholders(CATALOGS[lang][key])}
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_formats(lang: str) -> None:
    for key, text in CATALOGS[lang].items():
        text.format_map({name: "x" for name in placeholders(text)})  # raises on a malformed brace


def test_every_literal_key_in_app_exists() -> None:
    english = keys_tool.english()  # en.json, then shell_en.json: what app.i18n loads
    missing = {k: sorted(files) for k, files in keys_tool.literal_keys().items() if k not in english}
    assert missing == {}


def test_every_dynamic_key_exists() -> None:
    english = keys_tool.english()
    missing = {template: sorted(k for k in keys if k not in english)
               for template, keys in keys_tool.dynamic_keys().items()}
    assert {t: ks for t, ks in missing.items() if ks} == {}


def test_every_fstring_family_is_known_to_the_key_tool() -> None:
    assert sorted(set(keys_tool.fstring_families()) - set(keys_tool.dynamic_keys())) == []


def test_the_dynamic_families_are_complete() -> None:
    keys = keys_tool.all_keys()
    steps = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
             "combat_damage", "end_of_combat", "main2", "end", "cleanup")
    assert {f"step.{s}" for s in steps} | {f"step_short.{s}" for s in steps} <= keys
    assert {f"zone.{z}" for z in ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")} <= keys
    assert {"event.draw_many", "event.life.gain", "event.life.loss", "event.manual_poison.loss",
            "event.manual_counter.remove", "event.zone_change.graveyard.hidden", "event.lose.poison",
            "event.manual_next_turn", "event.unlock", "event.counter_removed", "coin.tails"} <= keys
    assert {"decide.priority", "decide.order_triggers", "ask.pay_ward", "ask.legend_rule", "ask.replacement"} <= keys
    assert {"error.play.one_per_turn", "error.assign.total", "error.not_your_seat", "error.undo.nothing"} <= keys
    assert len({k for k in keys if k.startswith("error.")}) >= 80


def test_no_unused_keys() -> None:
    assert sorted(set(EN) - keys_tool.all_keys()) == []


def test_refusals_use_only_the_engine_params() -> None:
    params = keys_tool.refusals()
    for key, names in params.items():
        for lang in LANGS:
            assert placeholders(CATALOGS[lang][f"error.{key}"]) <= names, (lang, key)


def test_event_sentences_use_only_the_event_params() -> None:
    # event.<key> looked up as is (app/i18n.py event_text's last branch): only the event's own fields
    for ev, names in keys_tool.engine_events().items():
        text = EN.get(f"event.{ev}")
        if text is not None and ev not in ("step", "draw", "attack", "cast", "activate", "coin", "lose",
                                           "game_over", "manual_move", "zone_change"):
            assert placeholders(text) <= names | {"player"}, ev


def test_no_key_is_defined_twice_with_the_shell_catalog() -> None:
    shell = keys_tool.catalog("en", "shell_")
    assert sorted(set(EN) & set(shell)) == []


def test_short_step_labels_fit_a_button() -> None:
    for lang in LANGS:
        long = {k: v for k, v in CATALOGS[lang].items() if k.startswith("step_short.") and len(v) > 12}
        assert long == {}, lang


def test_official_terms() -> None:
    de, it = CATALOGS["de"], CATALOGS["it"]
    assert (de["zone.library"], de["zone.graveyard"], de["zone.exile"], de["zone.stack"]) == \
        ("Bibliothek", "Friedhof", "Exil", "Stapel")
    assert de["zone.command"] == "Kommandozone" and de["zone.battlefield"] == "Im Spiel"
    assert de["step.upkeep"] == "Versorgungssegment" and de["step.combat_damage"] == "Kampfschadensegment"
    assert de["step.declare_attackers"] == "Angreifer-deklarieren-Segment"
    assert "Lebenspunktstand" in de["menu.set_life"] and "Spielstein" in de["action.token"]
    assert "wirkt" in de["event.cast"] and "abgeben" in de["action.pass"]
    assert "Permanente" in de["event.manual_untap_all"]
    everything_de = " ".join(de.values())
    for wrong in ("bleibende Karte", "Spielfeld", "Lebenspunktestand", "Zählmarke"):
        assert wrong not in everything_de, wrong
    assert (it["zone.library"], it["zone.graveyard"], it["zone.exile"], it["zone.stack"]) == \
        ("Grimorio", "Cimitero", "Esilio", "Pila")
    assert it["zone.battlefield"] == "Campo di battaglia" and it["zone.command"] == "Zona di comando"
    assert it["step.upkeep"] == "Sottofase di mantenimento" and it["step.main1"] == "Prima fase principale"
    assert "lancia" in it["event.cast"] and "segnalino" in it["menu.counter_add"] and "pedina" in it["event.token"]
    everything_it = " ".join(it.values())
    for wrong in ("in gioco", "incantesimo", "mazzo da pesca"):
        assert wrong not in everything_it, wrong


def test_a_layer_cards_line_is_shown_in_german_where_the_data_has_it() -> None:
    """Issue #9: an ability is shown by the card's own line in the UI language — the prompt
    for a trigger's target of a card-layer card is its German line, not the English one."""
    from app.i18n import card_line, prompt_text, set_language
    from engine.cards.data import bundled_cards

    english = bundled_cards()["Optimistic Scavenger"].text
    try:
        set_language("de")
        assert card_line("Optimistic Scavenger", english).startswith("Unheimlich — ")
        text = prompt_text({"prompt": "decide.trigger_target", "player": 0,
                            "params": {"card": "Optimistic Scavenger", "target": english}}, ["Alice", "Bob"])
        assert "Unheimlich" in text and "Eerie" not in text
        assert card_line("Slavering Branchsnapper", "Forestcycling {2}") == "Forestcycling {2}"  # no German text
        set_language("en")
        assert card_line("Optimistic Scavenger", english) == english
    finally:
        set_language("en")


def test_qts_own_buttons_follow_the_language(qapp: Any) -> None:
    """Qt's standard buttons ("Cancel") are translated too, and switch live (qtbase catalogs)."""
    from PySide6.QtWidgets import QDialogButtonBox

    from app.i18n import set_language

    def cancel() -> str:
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        return box.button(QDialogButtonBox.StandardButton.Cancel).text()
    try:
        set_language("de")
        assert cancel() == "Abbrechen"
        set_language("it")
        assert cancel() == "Annulla"
        set_language("en")
        assert cancel() == "Cancel"
    finally:
        set_language("en")
