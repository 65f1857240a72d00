"""The search language: every keyword and operator, precedence, paging, and errors."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import registry
from engine.cards.behaviour import is_implemented
from engine.cards.coverage import coverage
from engine.cards.data import bundled_cards
from engine.cards.db import CardDB
from engine.cards.search import CompiledQuery, QueryError, compile_query
from engine.cards.search_keywords import build
from engine.decks.commander import identity


def names(db: CardDB, query: str, limit: int = 1000) -> set[str]:
    result = db.search(query, limit=limit)
    assert result.ok, result.error
    assert result.total == len(result.cards) or result.total > limit
    return {card.name for card in result.cards}


# -- names -------------------------------------------------------------------------------

def test_bare_words_match_names_in_every_language(full_db: CardDB) -> None:
    assert "Cult Healer" in names(full_db, "cult")
    assert names(full_db, "CULT healer") == {"Cult Healer"}
    assert names(full_db, "heiler") == {"Cult Healer"}                   # German
    assert names(full_db, "guaritore") == {"Cult Healer"}                # Italian
    assert names(full_db, "glanzendes") == {"Dazzling Theater // Prop Room"}
    assert names(full_db, "Glänzendes") == {"Dazzling Theater // Prop Room"}
    assert names(full_db, "blitzschlag") == {"Lightning Bolt"}


def test_phrases_and_exact_names(full_db: CardDB) -> None:
    assert names(full_db, '"lightning bolt"') == {"Lightning Bolt"}
    assert names(full_db, '"bolt lightning"') == set()
    assert names(full_db, '"heiler des"') == {"Cult Healer"}
    assert names(full_db, '!"Lightning Bolt"') == {"Lightning Bolt"}
    assert names(full_db, "!Lightning") == set()
    assert names(full_db, "!blitzschlag") == {"Lightning Bolt"}
    assert names(full_db, "!Ice") == {"Fire // Ice"}                    # a face's name
    assert names(full_db, "name:bolt") == names(full_db, "n:bolt") == {"Lightning Bolt"}


# -- rules text and types ----------------------------------------------------------------

def test_oracle_text(full_db: CardDB) -> None:
    draw = names(full_db, 'o:"draw a card"')
    assert "Fire // Ice" in draw and "Lightning Bolt" not in draw
    assert "Serra Angel" in names(full_db, "o:fly")                   # word prefix
    assert names(full_db, "oracle:vigilance t:angel") == {"Serra Angel"}
    assert "Serra Angel" in names(full_db, "o:wachsamkeit")            # German text
    assert "Lightning Bolt" in names(full_db, "o:infligge")             # Italian text
    phrase = full_db.search('o:"3 damage to any target"').cards
    assert "Lightning Bolt" in {c.name for c in phrase}
    assert all("3 damage to any target" in c.text for c in phrase)


def test_oracle_text_with_punctuation(full_db: CardDB) -> None:
    plus = names(full_db, 'o:"+1/+1"')
    minus = names(full_db, 'o:"-1/-1"')
    assert "Ethereal Armor" in plus and "Ethereal Armor" not in minus
    for card in full_db.search('o:"-1/-1"', limit=500).cards:
        assert "-1/-1" in card.text + (card.text_de or "") + (card.text_it or "")
    assert "Sol Ring" in names(full_db, "o:{C}{C}")


def test_types(full_db: CardDB) -> None:
    assert names(full_db, "t:angel") == {"Serra Angel"}
    assert names(full_db, "t:legendary t:planeswalker") >= {"Jace, the Mind Sculptor"}
    assert "Lightning Bolt" in names(full_db, "type:spontanzauber")   # German type line
    assert "Cult Healer" in names(full_db, "t:kreatur")
    assert "Serra Angel" not in names(full_db, "-t:creature")
    assert names(full_db, 't:"human doctor"') >= {"Cult Healer"}


# -- colours -----------------------------------------------------------------------------

@pytest.mark.parametrize("query, inside, outside", [
    ("c:wu", {"Azorius Charm"}, {"Serra Angel", "Sol Ring"}),
    ("c>=wu", {"Azorius Charm"}, {"Serra Angel"}),
    ("c=w", {"Serra Angel"}, {"Azorius Charm", "Sol Ring"}),
    ("c<=wu", {"Serra Angel", "Azorius Charm", "Sol Ring"}, {"Lightning Bolt"}),
    ("c<wu", {"Serra Angel", "Sol Ring"}, {"Azorius Charm"}),
    ("c>w", {"Azorius Charm"}, {"Serra Angel"}),
    ("c!=w", {"Azorius Charm", "Lightning Bolt"}, {"Serra Angel"}),
    ("c:c", {"Sol Ring"}, {"Serra Angel"}),
    ("c:colorless", {"Sol Ring"}, {"Serra Angel"}),
    ("c:m", {"Azorius Charm", "Fire // Ice"}, {"Serra Angel", "Sol Ring"}),
    ("c:azorius", {"Azorius Charm"}, {"Serra Angel"}),
    ("color:white", {"Serra Angel", "Azorius Charm"}, {"Lightning Bolt"}),
    ("c=2", {"Azorius Charm"}, {"Serra Angel"}),
    ("c:R", {"Lightning Bolt", "Fire // Ice"}, {"Sol Ring"}),
])
def test_colors(full_db: CardDB, query: str, inside: set[str], outside: set[str]) -> None:
    found = names(full_db, query)
    assert inside <= found, query
    assert not (outside & found), query


@pytest.mark.parametrize("query, inside, outside", [
    ("id:wu", {"Serra Angel", "Azorius Charm", "Sol Ring", "Plains"}, {"Lightning Bolt"}),
    ("ci<=w", {"Serra Angel", "Sol Ring", "Plains"}, {"Azorius Charm"}),
    ("ci=r", {"Lightning Bolt"}, {"Fire // Ice", "Sol Ring"}),
    ("ci>=ur", {"Fire // Ice"}, {"Lightning Bolt"}),
    ("identity:c", {"Sol Ring"}, {"Plains"}),
    ("commander:esper", {"Azorius Charm", "Serra Angel"}, {"Lightning Bolt"}),
])
def test_color_identity(full_db: CardDB, query: str, inside: set[str], outside: set[str]) -> None:
    found = names(full_db, query)
    assert inside <= found, query
    assert not (outside & found), query


# -- numbers -----------------------------------------------------------------------------

def test_mana_value(full_db: CardDB) -> None:
    assert {"Lightning Bolt", "Sol Ring"} <= names(full_db, "mv=1")
    assert "Serra Angel" in names(full_db, "cmc>=5")
    assert "Serra Angel" not in names(full_db, "mv<5")
    assert "Fire // Ice" in names(full_db, "mv>=4 mv<=4")
    assert "Fire // Ice" in names(full_db, "mv:4")
    assert "Tarmogoyf" in names(full_db, "mv:even") and "Tarmogoyf" not in names(full_db, "mv:odd")
    assert all(c.mana_value <= 2 for c in full_db.search("manavalue<=2", limit=500).cards)


def test_power_toughness_loyalty(full_db: CardDB) -> None:
    assert names(full_db, "pow>=4 t:angel") == {"Serra Angel"}
    assert "Serra Angel" not in names(full_db, "pow>4")
    assert "Tarmogoyf" in names(full_db, "tou>pow")                   # "*" < "1+*"
    assert "Serra Angel" in names(full_db, "power=toughness")
    assert "Jace, the Mind Sculptor" in names(full_db, "loy=3")
    assert "Lightning Bolt" not in names(full_db, "pow>=0")           # no power at all
    assert "Lightning Bolt" in names(full_db, "-pow>=0")


# -- printings ---------------------------------------------------------------------------

def test_rarity(full_db: CardDB) -> None:
    rare_up = names(full_db, "r>=rare")
    assert "Thoughtseize" in rare_up and "Acrobatic Cheerleader" not in rare_up
    assert "Acrobatic Cheerleader" in names(full_db, "r:common")
    # Any printing counts: the M10 fixture printing of Cult Healer is rare.
    assert "Cult Healer" in rare_up and "Cult Healer" in names(full_db, "r:common")
    assert names(full_db, "r:m s:wwk") == {"Jace, the Mind Sculptor"}
    assert "Lightning Bolt" in names(full_db, "rarity:c")


def test_sets_and_numbers(full_db: CardDB) -> None:
    assert {"Lightning Bolt", "Serra Angel"} <= names(full_db, "s:lea")
    assert "Lightning Bolt" in names(full_db, "e:M10")
    assert len(names(full_db, "set:roe")) == 24
    assert "Serra Angel" not in names(full_db, "s:lea -t:creature")
    assert names(full_db, "cn:161 s:lea") == {"Lightning Bolt"}
    assert "Cult Healer" in names(full_db, "s:dsk number:2")


# -- properties and languages ------------------------------------------------------------

def test_is_implemented(full_db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "implemented_names",
                        lambda: frozenset({"Cult Healer", "Lightning Bolt"}))
    db = CardDB.open(full_db_path)
    # Lightning Bolt is only imported here: an imported card never counts as implemented.
    assert names(db, "is:implemented") == {"Cult Healer"}
    assert "Cult Healer" not in names(db, "-is:implemented")
    assert "Lightning Bolt" in names(db, "not:implemented")
    card = db.get("Cult Healer")
    bolt = db.get("Lightning Bolt")
    assert card is not None and card.implemented
    assert bolt is not None and not bolt.implemented
    db.close()


def test_bundled_and_imported(full_db: CardDB) -> None:
    assert "Cult Healer" in names(full_db, "is:bundled")
    assert "Lightning Bolt" in names(full_db, "is:imported")
    assert "Lightning Bolt" not in names(full_db, "is:bundled")


def test_languages(full_db: CardDB) -> None:
    german = names(full_db, "lang:de")
    assert {"Lightning Bolt", "Cult Healer"} <= german and "Tarmogoyf" not in german
    assert "Fire // Ice" in names(full_db, "lang:it")
    assert "Tarmogoyf" in names(full_db, "-lang:de")
    assert full_db.search("lang:en").total == full_db.count()


# -- combining ---------------------------------------------------------------------------

def test_or_and_parentheses(full_db: CardDB) -> None:
    assert names(full_db, "t:angel OR t:lhurgoyf") == {"Serra Angel", "Tarmogoyf"}
    assert names(full_db, "t:angel or t:lhurgoyf") == {"Serra Angel", "Tarmogoyf"}
    assert names(full_db, "(t:angel OR t:lhurgoyf) c:g") == {"Tarmogoyf"}
    # Implicit AND binds tighter than OR.
    assert names(full_db, "t:angel OR t:lhurgoyf c:g") == {"Serra Angel", "Tarmogoyf"}
    assert names(full_db, "t:angel AND c:w") == {"Serra Angel"}
    assert names(full_db, "-(t:angel OR t:lhurgoyf) s:lea") == {"Lightning Bolt", "Llanowar Elves",
                                                               "Sol Ring"}
    assert names(full_db, "((t:angel))") == {"Serra Angel"}


def test_empty_query_and_paging(full_db: CardDB) -> None:
    everything = full_db.search("", limit=10)
    assert everything.ok and everything.total == full_db.count()
    first = full_db.search("t:creature", limit=10)
    second = full_db.search("t:creature", limit=10, offset=10)
    assert first.total == second.total > 20
    page1 = [c.name for c in first.cards]
    page2 = [c.name for c in second.cards]
    assert len(page1) == len(page2) == 10 and not set(page1) & set(page2)
    keys = [n.casefold() for n in page1 + page2]
    assert keys == sorted(keys)


def test_user_input_is_never_sql(full_db: CardDB) -> None:
    for query in ("'; DROP TABLE cards; --x", 'o:"x\') OR 1=1 --"', "t:%", "t:_", 'o:"%"'):
        result = full_db.search(query)
        assert result.ok, query
    assert full_db.search("t:%").total == 0
    assert full_db.count() > 300


# -- errors ------------------------------------------------------------------------------

ERRORS = [
    ("(t:angel", "search.unclosed_paren", 0),
    ("t:angel (c:w OR (c:u)", "search.unclosed_paren", 8),
    ("t:angel)", "search.unexpected_paren", 7),
    (")", "search.unexpected_paren", 0),
    ("()", "search.empty_parens", 0),
    ('"unclosed', "search.unclosed_quote", 0),
    ('o:"draw a', "search.unclosed_quote", 2),
    ("OR t:angel", "search.or_without_term", 0),
    ("t:angel OR", "search.or_without_term", 8),
    ("t:angel or or t:elf", "search.or_without_term", 8),
    ("(or t:elf)", "search.or_without_term", 1),
    ("t:elf and", "search.and_without_term", 6),
    ("t:angel -", "search.negation_without_term", 8),
    ("-", "search.negation_without_term", 0),
    ("foo:bar", "search.unknown_keyword", 0),
    ("t:angel zz>3", "search.unknown_keyword", 8),
    ("t:", "search.missing_value", 0),
    ("t>angel", "search.bad_operator", 0),
    ("s<=lea", "search.bad_operator", 0),
    ("c>m", "search.bad_operator", 0),
    ("mv>x", "search.not_a_number", 3),
    ("pow>=big", "search.not_a_number", 5),
    ("c:xyz", "search.bad_color", 2),
    ("r:shiny", "search.bad_rarity", 2),
    ("is:fun", "search.bad_is", 3),
    ("lang:fr", "search.bad_lang", 5),
    ("f:g", "search.no_formats", 0),                 # Scryfall's format keyword, not a colour
    ("t:elf format:commander", "search.no_formats", 6),
    ("legal:modern", "search.no_formats", 0),
]


@pytest.mark.parametrize("query, key, position", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_are_results_with_a_position(full_db: CardDB, query: str, key: str,
                                            position: int) -> None:
    result = full_db.search(query)
    assert not result.ok and result.cards == [] and result.total == 0
    error = result.error
    assert isinstance(error, QueryError)
    assert (error.key, error.position) == (key, position), error.message
    assert error.params["position"] == position
    assert f"position {position}" in error.message and error.message.endswith(".")
    assert error.message[0].isupper() or error.message[0] == '"'


def test_error_params_name_the_culprit() -> None:
    error = compile_query("t:angel foo:bar")
    assert isinstance(error, QueryError)
    assert error.params == {"keyword": "foo", "position": 8}
    error = compile_query("c:xyz")
    assert isinstance(error, QueryError) and error.params["value"] == "xyz"


QUERY_ALPHABET = st.sampled_from(list('abct:o"()-!<>=. OR') + ["mv", "c:", "id<", "s:", "is:",
                                                                 "lang:", " or ", "AND"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(QUERY_ALPHABET, max_size=12))
def test_no_query_raises(full_db_path: Path, parts: list[str]) -> None:
    query = "".join(parts)
    compiled = compile_query(query)
    assert isinstance(compiled, (CompiledQuery, QueryError))
    if isinstance(compiled, CompiledQuery):
        conn = sqlite3.connect(full_db_path)
        conn.execute("CREATE TEMP TABLE implemented (name TEXT)")
        try:
            conn.execute(f"SELECT count(*) FROM cards c WHERE {compiled.where}",
                         compiled.params).fetchone()
        finally:
            conn.close()


def test_one_definition_of_implemented() -> None:
    """Issue #9: the database (is:implemented), the coverage report, the pool and the
    table read the same answer — a basic land or a card whose text is all keywords counts."""
    names = registry.implemented_names()
    assert {"Forest", "Cult Healer"} <= names
    assert names == {n for n in bundled_cards() if is_implemented(n)}
    assert names == {n for cov in coverage() for n in cov.implemented}


def test_commander_identity_search(full_db: CardDB) -> None:
    """A Commander deck's search (CR 903.4, 903.5c): `id<=wub` finds what Aminatou allows; a
    Phyrexian symbol ({G/P}, Noxious Revival) counts its colour; the bundled database agrees
    with the deck check's identity (engine/decks/commander.py)."""
    found = names(full_db, "id<=wub")
    assert {"Aminatou, Veil Piercer", "Murder", "Plains"} <= found
    assert not {"Pyroclasm", "Noxious Revival", "The Lord of Pain"} & found
    for name in ("Aminatou, Veil Piercer", "Noxious Revival", "Abandoned Campground", "Valgavoth, Harrower of Souls"):
        card = full_db.search(f'!"{name}"').cards[0]
        assert "".join(card.color_identity) == identity(name), name


@pytest.mark.parametrize("german, italian, english", [
    ("c:rot", "c:rosso", "c:r"), ("c:weiß", "c:bianco", "c:w"), ("c=Grün", "c=verde", "c=g"),
    ("c:blau", "c:blu", "c:u"), ("c:schwarz", "c:nero", "c:b"), ("c:farblos", "c:incolore", "c:c"),
    ("c:mehrfarbig", "c:multicolore", "c:m"), ("id<=weiss", "id<=bianco", "id<=w"),
    ("r:selten", "r:rara", "r:rare"), ('r:"sagenhaft selten"', 'r:"rara mitica"', "r:mythic"),
    ('r:"nicht ganz so häufig"', 'r:"non comune"', "r:uncommon"), ("r<=häufig", "r<=comune", "r<=common"),
])
def test_colours_and_rarities_in_the_users_words(full_db: CardDB, german: str, italian: str,
                                                 english: str) -> None:
    """The colour buttons and the rarity filter name them in German and Italian: typed after
    c: or r: those words find what the English ones find (they were "not a colour")."""
    expected = names(full_db, english, limit=5000)
    assert expected
    assert names(full_db, german, limit=5000) == expected
    assert names(full_db, italian, limit=5000) == expected


def test_the_exact_name_comes_first_on_every_page_and_with_filters(full_db: CardDB) -> None:
    """The card named exactly what was typed comes first however many pages the search has
    and whatever else narrows it (it did only when the whole result fitted one page)."""
    first = full_db.search("", limit=3, lang="de", first="Sumpf").cards
    assert first[0].name == "Swamp"
    everything = full_db.search("", limit=5000, lang="de", first="Sumpf")
    assert [c.name for c in everything.cards].count("Swamp") == 1 and everything.total == len(everything.cards)
    assert full_db.search("sumpf c:c", limit=1, lang="de", first="sumpf").cards[0].name == "Swamp"
    second_page = full_db.search("", limit=3, offset=3, lang="de", first="Sumpf").cards
    assert "Swamp" not in {c.name for c in second_page}
    assert full_db.search("", limit=1, first="Fire // Ice").cards[0].name == "Fire // Ice"
    assert full_db.search("", limit=1, first="Ice").cards[0].name == "Fire // Ice"   # a face


@pytest.mark.parametrize(("german", "italian", "english"), [
    ("typ:creature", "tipo:creature", "t:creature"), ('regeltext:"draw a card"', 'testo:"draw a card"', 'o:"draw a card"'),
    ("farbe:grün", "colore:verde", "c:g"), ("farbidentität<=wu", "identità<=wu", "id<=wu"),
    ("kommandeur<=wu", "comandante<=wu", "commander<=wu"), ("manabetrag<=2", "valoredimana<=2", "mv<=2"),
    ("stärke>=4", "forza>=4", "pow>=4"), ("starke>widerstandskraft", "forza>costituzione", "pow>tou"),
    ("loyalität>=3", "fedeltà>=3", "loy>=3"), ("seltenheit:selten", "rarità:rara", "r:rare"),
    ("erweiterung:roe", "espansione:roe", "s:roe"), ("erweiterung:dsk nummer:2", "espansione:dsk numero:2", "s:dsk cn:2"),
    ("nicht:bundled", "non:bundled", "not:bundled"), ("sprache:it", "lingua:it", "lang:it"),
    ("name:heiler", "nome:heiler", "n:heiler"), ("TYP:creature FARBIDENTITAT<=w", "TIPO:creature IDENTITA<=w", "t:creature id<=w"),
])
def test_keyword_names_in_german_and_italian(full_db: CardDB, german: str, italian: str, english: str) -> None:
    """Keyword names stayed English while their values were translated (c:grün worked, farbe:grün
    was "not a search keyword"): the rules terms' German and Italian words name them too, with
    or without accents, in any case. (The values here are the same in the three: a value's own
    language is another matter, test_colours_and_rarities_in_the_users_words.)"""
    expected = names(full_db, english, limit=5000)
    assert expected
    assert names(full_db, german, limit=5000) == expected
    assert names(full_db, italian, limit=5000) == expected


def test_keyword_names_are_exact_and_unambiguous() -> None:
    """A name that would mean two keywords is refused when the table is built; an accented form
    of a name that is no name as written is refused with a sentence, never read as another."""
    with pytest.raises(ValueError, match="'f' would mean both"):
        build([{"c": ("c", "f")}, {"fmt": ("f",)}])
    with pytest.raises(ValueError, match="'farbe' would mean both"):
        build([{"c": ("farbe",)}, {"t": ("färbe",)}])
    error = compile_query("é:dsk")
    assert isinstance(error, QueryError) and error.key == "search.accented_keyword"
    assert error.params == {"keyword": "é", "plain": "e", "position": 0}
    assert compile_query("f:grün").key == "search.no_formats"    # (German f for Farbe: not a name)
    assert compile_query("s:dsk").where == compile_query("erweiterung:dsk").where
