"""The gettext catalogs (i18n/manatable.pot, i18n/<lang>/LC_MESSAGES/manatable.po and .mo):
current with the code, complete, consistent and in the official terms.

Qt-free except the last test: the catalogs are read with Babel, the message tables
(engine/messages/, app/messages.py) are imported without Qt.
"""
from __future__ import annotations

import ast
import csv
import gettext
import importlib.util
import io
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

babel = pytest.importorskip("babel", reason="Babel comes with the test extra: bash scripts/setup.sh")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402
from PySide6.QtWidgets import QDialogButtonBox  # noqa: E402

from app.i18n import card_line, counters_text, event_lines, message, prompt_text, set_language, trn  # noqa: E402
from app.messages import MESSAGES  # noqa: E402
from engine.cards.data import bundled_cards  # noqa: E402
from engine.messages import has as engine_has  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "i18n"
LANGS = ("de", "it")
ENGINE = ROOT / "engine"


def _load_tool() -> Any:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


@lru_cache(maxsize=None)
def po(lang: str) -> Catalog:
    with open(I18N / lang / "LC_MESSAGES" / "manatable.po", "rb") as fh:
        return read_po(fh, locale=lang)


@lru_cache(maxsize=None)
def template() -> Catalog:
    with open(I18N / "manatable.pot", "rb") as fh:
        return read_po(fh)


def ids(catalog: Catalog) -> set[tuple[str | None, Any]]:
    return {(m.context, m.id) for m in catalog if m.id}


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def forms(value: Any) -> list[str]:
    return list(value) if isinstance(value, (tuple, list)) else [value]


def test_the_template_is_current_with_the_code(tmp_path: Path) -> None:
    """pybabel extract finds exactly the messages of i18n/manatable.pot: a message added to
    or changed in the code fails here until `python tools/i18n.py all` is run."""
    fresh = tmp_path / "fresh.pot"
    tool.run(tool.extract_args(fresh))
    with open(fresh, "rb") as fh:
        extracted = ids(read_po(fh))
    committed = ids(template())
    assert sorted(map(str, extracted - committed)) == [], "in the code, not in the template"
    assert sorted(map(str, committed - extracted)) == [], "in the template, not in the code"


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_has_the_templates_messages(lang: str) -> None:
    assert ids(po(lang)) == ids(template())
    assert not po(lang).obsolete


@pytest.mark.parametrize("lang", LANGS)
def test_everything_is_translated_and_nothing_is_fuzzy(lang: str) -> None:
    untranslated = [m.id for m in po(lang) if m.id and not all(forms(m.string))]
    fuzzy = [m.id for m in po(lang) if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []
    assert not po(lang).fuzzy  # the header


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_follow_the_language(lang: str) -> None:
    catalog = po(lang)
    assert catalog.num_plurals == 2 and catalog.plural_expr.replace(" ", "") in ("(n!=1)", "n!=1")
    for m in catalog:
        if m.pluralizable:
            assert len(forms(m.string)) == 2, m.id


@pytest.mark.parametrize("lang", LANGS)
def test_translations_have_the_placeholders_of_the_english(lang: str) -> None:
    wrong = []
    for m in po(lang):
        if not m.id:
            continue
        english = forms(m.id)
        if m.pluralizable:
            allowed = placeholders(english[0]) | placeholders(english[1])
            needed = placeholders(english[0]) - {"count"}  # "a card" / "eine Karte": no number
            bad = [s for s in forms(m.string) if not needed <= placeholders(s) <= allowed]
        else:
            bad = [s for s in forms(m.string) if placeholders(s) != placeholders(english[0])]
        if bad:
            wrong.append((m.context, m.id, bad))
    assert wrong == []


# a number right after another placeholder runs into it: "fügt Computer 1 3 Schadenspunkte zu"
NUMBER_AFTER_NAME = re.compile(r"\{[a-z_]+\} \{(amount|count|n|x|number|life|total|tax|damage|value|loyalty|power|toughness)\}")


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_a_number_never_follows_a_name(lang: str) -> None:
    """Player names end in digits ("Computer 1"): a sentence that puts {amount} right after
    {player} or {card} reads "Computer 1 3" in the log; the sentence must separate them."""
    catalog = template() if lang == "en" else po(lang)
    texts = [t for m in catalog if m.id for t in forms(m.id if lang == "en" else m.string)]
    assert [t for t in texts if NUMBER_AFTER_NAME.search(t)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_formats(lang: str) -> None:
    for m in po(lang):
        for text in forms(m.id) + forms(m.string):
            if text:
                text.format_map({name: "x" for name in placeholders(text)})  # raises on a bad brace


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogs_are_current(lang: str) -> None:
    """The committed .mo files are what `pybabel compile` makes of the .po files."""
    buf = io.BytesIO()
    write_mo(buf, po(lang))
    buf.seek(0)
    fresh = gettext.GNUTranslations(buf)
    with open(I18N / lang / "LC_MESSAGES" / "manatable.mo", "rb") as fh:
        committed = gettext.GNUTranslations(fh)
    # (the "" entry is the header, which names the Babel version that wrote it: not content)
    def content(t: gettext.GNUTranslations) -> dict[object, str]:
        return {k: v for k, v in t._catalog.items() if k != ""}  # type: ignore[attr-defined]
    assert content(committed) == content(fresh)


# ------------------------------------------------------------------- keys the code uses
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def has(key: str) -> bool:
    return key in MESSAGES or engine_has(key)


def test_every_literal_message_key_exists() -> None:
    missing = []
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("message", "has_message") \
                    and node.args:
                missing += [(str(path.relative_to(ROOT)), k) for k in _strings(node.args[0]) if not has(k)]
    assert missing == []


def engine_events() -> set[str]:
    out: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if ".event(" not in path.read_text(encoding="utf-8"):
            continue
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "event" \
                    and node.args:
                out |= set(_strings(node.args[0]))
    return out


# events whose log sentence is made from other keys (engine/messages/ event_text)
COMPOSED = {"zone_change": "event.zone_change", "step": "event.step", "life": "event.life.gain",
            "manual_life": "event.manual_life.gain", "manual_poison": "event.manual_poison.gain",
            "damage": "event.damage_card", "block": "event.block_pair", "manual_counter": "event.manual_counter.add",
            "mana": "event.mana"}


def test_every_engine_event_has_a_sentence() -> None:
    events = engine_events()
    assert len(events) > 40
    missing = sorted(e for e in events if not has(COMPOSED.get(e, f"event.{e}")))
    assert missing == []


def test_every_refusal_and_decision_has_a_sentence() -> None:
    errors = ("IllegalActionError", "ActionSyntaxError", "AmbiguousActionError", "ActionError")
    keys: set[str] = set()
    prompts: set[str] = set()
    for path in list(ENGINE.rglob("*.py")) + list((ROOT / "app").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        prompts |= set(re.findall(r"""["']((?:decide|ask)\.\w+)["']""", text))
        if not any(e + "(" in text for e in errors):
            continue
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call) and (getattr(node.func, "id", "") or getattr(node.func, "attr", "")) in errors:
                # the key is the one positional argument (tests/engine/test_error_keys.py checks the rest)
                keys.add(ast.literal_eval(node.args[0]))
    assert len(keys) >= 80
    assert sorted(k for k in keys if not has(f"error.{k}")) == []
    assert sorted(p for p in prompts if not has(p)) == []


def test_every_deck_message_the_engine_sends_has_a_sentence() -> None:
    """Deck problems, deck file errors, import reports and search errors are keys (with the
    engine's English sentence beside them for logs); each has its message."""
    keys: set[str] = set()
    pattern = re.compile(r"""["']((?:deck|import|search|cards)\.[a-z_.]+)["']""")
    for sub in ("decks", "cards/importers", "cards/search.py", "cards/db.py"):
        path = ENGINE / sub
        for file in ([path] if path.is_file() else path.rglob("*.py")):
            keys |= set(pattern.findall(file.read_text(encoding="utf-8")))
    keys = {k for k in keys if not k.endswith((".py", ".json", ".cod", ".txt", ".xml", ".sqlite"))}
    assert len(keys) > 40
    assert sorted(k for k in keys if not has(k)) == []


# ------------------------------------------------------------------- terms
def translated(lang: str) -> dict[str, str]:
    """English text (singular) -> translation (every form joined), of one language."""
    return {forms(m.id)[0]: " ".join(forms(m.string)) for m in po(lang) if m.id}


def msg(key: str, lang: str, **params: Any) -> str:
    set_language(lang)
    try:
        return message(key, **params)
    finally:
        set_language("en")


def test_short_step_labels_fit_a_button() -> None:
    steps = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
             "combat_damage", "end_of_combat", "main2", "end", "cleanup")
    for lang in ("en",) + LANGS:
        long = [msg(f"step_short.{s}", lang) for s in steps if len(msg(f"step_short.{s}", lang)) > 12]
        assert long == [], lang


def test_official_terms() -> None:
    def de(key: str) -> str:
        return msg(key, "de")

    def it(key: str) -> str:
        return msg(key, "it")
    assert (de("zone.library"), de("zone.graveyard"), de("zone.exile"), de("zone.stack")) == \
        ("Bibliothek", "Friedhof", "Exil", "Stapel")
    assert de("zone.command") == "Kommandozone" and de("zone.battlefield") == "Im Spiel"
    assert de("step.upkeep") == "Versorgungssegment" and de("step.combat_damage") == "Kampfschadensegment"
    assert de("step.declare_attackers") == "Angreifer-deklarieren-Segment"
    assert "wirkt" in de("event.cast") and "Permanente" in de("event.manual_untap_all")
    everything_de = " ".join(translated("de").values())
    assert "Lebenspunktstand" in everything_de and "Spielstein" in everything_de
    # the release notes say "Permanent", "aufdecken" and "verdecken" (glossary: turn face up, face down)
    for wrong in ("bleibende Karte", "bleibendes Permanent", "offen umdrehen", "verdeckt umdrehen", "Spielfeld",
                  "Lebenspunktestand", "Zählmarke"):
        assert wrong not in everything_de, wrong
    assert (it("zone.library"), it("zone.graveyard"), it("zone.exile"), it("zone.stack")) == \
        ("Grimorio", "Cimitero", "Esilio", "Pila")
    assert it("zone.battlefield") == "Campo di battaglia" and it("zone.command") == "Zona di comando"
    # the format is "Commander" in both (glossary, release notes); the card is "comandante"/"Kommandeur"
    assert de("decks.format.commander") == it("decks.format.commander") == "Commander"
    assert (de("decks.zone.commander"), it("decks.zone.commander")) == ("Kommandeur", "Comandante")
    # the formats keep their English names in Italian (glossary): "Archenemy", the player "arcinemico"
    italian_formats = [t for en, t in translated("it").items() if "Archenemy Commander" in en or en.startswith("Archenemy game")]
    assert italian_formats and all("Archenemy" in t and "Arcinemico" not in t for t in italian_formats)
    assert it("step.upkeep") == "Sottofase di mantenimento" and it("step.main1") == "Prima fase principale"
    assert "lancia" in it("event.cast") and "pedina" in it("event.token")
    everything_it = " ".join(translated("it").values())
    for wrong in ("in gioco", "mazzo da pesca"):
        assert wrong not in everything_it, wrong
    # a spell is a "magia"; "incantesimo" is an enchantment
    spells = [t for en, t in translated("it").items() if "spell" in en.lower() and "enchantment" not in en.lower()]
    assert spells and not [t for t in spells if "incantesim" in t.lower()]


def test_a_layer_cards_line_is_shown_in_german_where_the_data_has_it() -> None:
    """Issue #9: an ability is shown by the card's own line in the UI language — the prompt
    for a trigger's target of a card-layer card is its German line, not the English one."""
    english = bundled_cards()["Optimistic Scavenger"].text
    try:
        set_language("de")
        assert card_line("Optimistic Scavenger", english).startswith("Unheimlich — ")
        text = prompt_text({"prompt": "decide.trigger_target", "player": 0,
                            "params": {"card": "Optimistic Scavenger", "target": english}}, ["Alice", "Bob"])
        assert "Unheimlich" in text and "Eerie" not in text
        assert card_line("Slavering Branchsnapper", "Forestcycling {2}") == "Waldumwandlung {2}"  # printed, reminder left out
        set_language("en")
        assert card_line("Optimistic Scavenger", english) == english
    finally:
        set_language("en")


def test_plural_messages_choose_the_form_by_the_number() -> None:
    try:
        for lang, one, many in (("en", "Bob draws a card.", "Bob draws 3 cards."),
                                ("de", "Bob zieht eine Karte.", "Bob zieht 3 Karten."),
                                ("it", "Bob pesca una carta.", "Bob pesca 3 carte.")):
            set_language(lang)
            assert event_lines([{"key": "draw", "player": "Bob"}]) == [one]
            assert event_lines([{"key": "draw", "player": "Bob"}] * 3) == [many]
        set_language("de")
        assert trn("{count} card", "{count} cards", 1) == "1 Karte"
        assert trn("{count} card", "{count} cards", 0) == "0 Karten"
    finally:
        set_language("en")


def test_qts_own_buttons_follow_the_language(qapp: Any) -> None:
    """Qt's standard buttons ("Cancel") are translated too, and switch live (qtbase catalogs)."""
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


# ------------------------------------------------------------------- the glossary
GLOSSARY = I18N / "glossary.tsv"
# the glossary's game terms (not everyday words such as "card", "player", "choose")
GAME_TERMS = ("zone_", "step_", "phase_", "type_", "supertype_", "subtype_", "kw_", "dsk_", "counter_plus1",
              "counter_minus1", "counter_loyalty", "counter_poison", "counter_level", "counter_time",
              "counter_energy", "counter_lore", "counter_defense", "counter_shield", "counter_stun",
              "counter_finality", "counter_flying", "color_", "mana_value", "mana_cost", "mana_pool",
              "permanent", "life_total", "token", "sideboard", "mulligan", "emblem", "mill", "surveil",
              "scry", "sacrifice", "exile", "priority", "loyalty", "tap", "untap")
# more forms of a term than the glossary lists (German case: "ins Spiel")
EXTRA_FORMS = {("zone_battlefield", "de"): ["ins Spiel"], ("untap", "it"): ["stap"]}
# messages that quote the command language (English on purpose: "token NAME")
COMMAND_SYNTAX = re.compile(r"^Write: |write \w+ done")


ARTICLES = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "il", "lo", "la",
            "i", "gli", "le", "un", "uno", "una", "di", "a", "da", "in", "su", "per"}


def _stem_words(term: str) -> list[str]:
    """The words of a term, cut to their stem; of a German term only its nouns (verbs change
    their stem: "nehmen", "du nimmst")."""
    words = [w for w in re.split(r"[\s-]+", re.sub(r"\([^)]*\)", "", term).strip()) if w]
    nouns = [w for w in words if w[:1].isupper()]
    words = [w.lower() for w in (nouns or words) if w.lower() not in ARTICLES]
    return [w if len(w) <= 4 else w[:max(4, len(w) - 3)] for w in words]


def glossary_rows() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as fh:
        return [r for r in csv.DictReader(fh, delimiter="\t") if r.get("key", "").startswith(GAME_TERMS)]


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_terms_used_by_the_catalogs_are_translated_by_the_glossary(lang: str) -> None:
    """Every message whose English uses a game term of i18n/glossary.tsv has that term's
    translation (any listed alternative, inflected) in its translation."""
    wrong = []
    rows = glossary_rows()
    assert len(rows) > 60
    for row in rows:
        english = row["en"].split(";")[0].strip()
        if not english or "(" in english:
            continue
        pattern = re.compile(r"(?<![\w-])" + re.escape(english) + r"(?![\w-])", re.I)
        forms_ = [a.strip() for a in row[lang].split(";") if a.strip()] + EXTRA_FORMS.get((row["key"], lang), [])
        if not forms_:
            continue
        for m in po(lang):
            source = " ".join(forms(m.id)) if m.id else ""
            if not source or not pattern.search(source) or COMMAND_SYNTAX.search(source):
                continue
            text = " ".join(forms(m.string)).lower()
            if not any(all(w in text for w in _stem_words(f)) for f in forms_):
                wrong.append((row["key"], source[:60], text[:60]))
    assert wrong == []


def test_target_wordings_and_counter_kinds_are_shown_in_the_ui_language() -> None:
    pending = {"prompt": "decide.spell_target", "player": 0,
               "params": {"card": "Murder", "target": "target creature you control"}}
    try:
        set_language("it")
        assert "creatura bersaglio che controlli" in prompt_text(pending, ["Anna", "Bob"])
        assert counters_text("level", 3) == "3 segnalini livello"
        set_language("de")
        assert "Kreatur deiner Wahl, die du kontrollierst" in prompt_text(pending, ["Anna", "Bob"])
        assert counters_text("+1/+1", 1) == "1 +1/+1-Marke"
        line = event_lines([{"key": "manual_counter", "player": "Bob", "card": "Murder", "kind": "lore",
                             "delta": -2}])[0]
        assert "2 Sagenmarken" in line and "lore" not in line
    finally:
        set_language("en")


def test_every_translated_message_in_the_code_is_a_literal() -> None:
    """tr / trc / trn get their English as string literals (pybabel extract reads only those);
    a computed message goes through message(key) and a table entry marked N_."""
    wrong = []
    literal_args = {"tr": (0,), "trc": (0, 1), "trn": (0, 1), "N_": (0,), "NC_": (0, 1), "NP_": (0, 1)}
    for path in list((ROOT / "app").rglob("*.py")) + list((ROOT / "engine" / "messages").rglob("*.py")):
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in literal_args:
                for i in literal_args[node.func.id]:
                    if i >= len(node.args) or not (isinstance(node.args[i], ast.Constant)
                                                   and isinstance(node.args[i].value, str)):
                        wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert wrong == []


def test_a_rooms_door_is_named_in_the_ui_language() -> None:
    try:
        set_language("de")
        line = event_lines([{"key": "unlock", "player": "Bob", "card": "Dazzling Theater // Prop Room",
                             "door": "Prop Room"}])[0]
        assert "Requisitenkammer" in line and "Prop Room" not in line
    finally:
        set_language("en")


# The game's end is one term in each language (the glossary's first form for "game": Partie,
# partita): the status line said "Das Spiel ist vorbei", the log "Die Partie ist vorbei".
GAME_OVER = {"de": "Die Partie ist vorbei", "it": "La partita è finita"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_is_over_in_one_term(lang: str) -> None:
    said = [t for m in po(lang) if m.id and any("game is over" in i.lower() for i in forms(m.id))
            for t in forms(m.string)]
    assert said and [t for t in said if GAME_OVER[lang].lower() not in t.lower()] == []


def test_the_face_down_pile_counts_in_the_plural_of_each_language() -> None:
    """Choose Your Demise's prompt said "(1 Karten)": the face-down pile's count has plural forms."""
    params = {"card": "Choose Your Demise", "up": "Ebene", "count": 1, "down": 1}
    try:
        set_language("de")
        assert message("ask.choose_pile", **params).endswith("den verdeckten Haufen (1 Karte).")
        assert message("ask.choose_pile", **{**params, "count": 3}).endswith("(3 Karten).")
        # the log's sentences of the same piles, and a look at the top of a library
        assert message("event.pile_down_chosen", player="Bob", count=1) == "Bob bestimmt den verdeckten Haufen (1 Karte)."
        assert message("event.pile_up_chosen.you", count=0) == "Du bestimmst den aufgedeckten Haufen (0 Karten)."
        assert message("event.look_at_top", player="Bob", count=1) == \
            "Bob schaut sich die oberste Karte einer Bibliothek an und legt sie zurück."
        set_language("it")
        assert message("ask.choose_pile", **params).endswith("quella a faccia in giù (1 carta).")
        assert message("event.pile_up_chosen", player="Bob", count=1) == "Bob sceglie la pila a faccia in su (1 carta)."
        set_language("en")
        assert message("ask.choose_pile", **params).endswith("the face-down pile (1 card).")
    finally:
        set_language("en")
