"""The search language's keyword names in English, German and Italian (docs/search.md).

Every keyword has its English names (Scryfall's and Cockatrice's) and the German and Italian
words of the official rules terms (shared/data/glossary.tsv: Manabetrag / valore di mana,
Stärke / forza ...). A query may use any language's names whatever the UI language, as the
values already may (`c:grün`, `r:selten`). Each name is written with its accents; its form
without accents ("starke", "fedelta") is a name too.

Exact and unambiguous: a name means one keyword in every language. A table in which a name
(or its form without accents) would mean two keywords is refused when this module loads
(`build`, ValueError), so no German or Italian word can silently change what an English
keyword means: German "f" (Farbe) or Italian "f" (forza) would be Scryfall's format keyword,
German "s" (Stärke) the set; none of them is a name here. A typed keyword that is a name only
once its accents are dropped, and then another keyword's ("é:", read as "e:"), is refused with
a sentence (`search.accented_keyword`), never guessed.

The values of `is:` / `not:` and `lang:` have German and Italian names too, the words the app
shows ("mitgeliefert" / "incluse" in the card database window, "umgesetzt" / "implementata"
for a card the rules engine implements): `is:mitgeliefert`, `non:implementata`, `lang:italienisch`,
`lingua:tedesco`. They are built and checked the same way (`VALUE_NAMES`).
"""
from __future__ import annotations

from engine.cards.importers.common import fold

#: English names -> the keyword (the first name is the short form the help shows)
ENGLISH: dict[str, tuple[str, ...]] = {
    "o": ("o", "oracle", "text"),
    "t": ("t", "type"),
    "c": ("c", "color", "colour"),
    "ci": ("ci", "id", "identity", "commander"),
    "mv": ("mv", "cmc", "manavalue"),
    "pow": ("pow", "power"),
    "tou": ("tou", "toughness"),
    "loy": ("loy", "loyalty"),
    "r": ("r", "rarity"),
    "s": ("s", "e", "set", "edition"),
    "cn": ("cn", "number"),
    "is": ("is",),
    "not": ("not",),
    "lang": ("lang", "language"),
    "n": ("n", "name"),
}

#: the same keywords' names in German and Italian (rules terms of the glossary where it has one)
LOCAL: dict[str, dict[str, tuple[str, ...]]] = {
    "de": {
        "o": ("regeltext",), "t": ("typ",), "c": ("farbe",),
        "ci": ("farbidentität", "kommandeur"), "mv": ("manabetrag",),
        "pow": ("stärke",), "tou": ("widerstandskraft",), "loy": ("loyalität",),
        "r": ("seltenheit",), "s": ("erweiterung",), "cn": ("nummer",),
        "is": ("ist",), "not": ("nicht",), "lang": ("sprache",),
    },
    "it": {
        "o": ("testo",), "t": ("tipo",), "c": ("colore",),
        "ci": ("identità", "comandante"), "mv": ("valoredimana",),
        "pow": ("forza",), "tou": ("costituzione",), "loy": ("fedeltà",),
        "r": ("rarità",), "s": ("espansione",), "cn": ("numero",),
        "not": ("non",), "lang": ("lingua",), "n": ("nome",),
    },
}


#: English names of the values of `is:` and `lang:` -> the value (the first name the docs show)
ENGLISH_VALUES: dict[str, dict[str, tuple[str, ...]]] = {
    "is": {"implemented": ("implemented",), "bundled": ("bundled",), "imported": ("imported",)},
    "lang": {"en": ("en", "english"), "de": ("de", "ger", "german"), "it": ("it", "ita", "italian")},
}

#: the same values' German and Italian names (a card "ist umgesetzt", "è implementata")
LOCAL_VALUES: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {
    "de": {
        "is": {"implemented": ("umgesetzt",), "bundled": ("mitgeliefert",), "imported": ("importiert",)},
        "lang": {"en": ("englisch",), "de": ("deutsch",), "it": ("italienisch",)},
    },
    "it": {
        "is": {"implemented": ("implementata",), "bundled": ("inclusa",), "imported": ("importata",)},
        "lang": {"en": ("inglese",), "de": ("tedesco",), "it": ("italiano",)},
    },
}


def build(tables: list[dict[str, tuple[str, ...]]]) -> dict[str, str]:
    """Every name (and its form without accents) -> its keyword; ValueError when a name would
    mean two keywords (the contract: exact and unambiguous)."""
    names: dict[str, str] = {}
    for table in tables:
        for keyword, written in table.items():
            for name in written:
                for form in {name.lower(), fold(name)}:
                    other = names.setdefault(form, keyword)
                    if other != keyword:
                        raise ValueError(f"the search keyword name {form!r} would mean both {other!r} and {keyword!r}")
    return names


#: the name typed (lower case) -> the keyword ("stärke" -> "pow")
NAMES: dict[str, str] = build([ENGLISH, *LOCAL.values()])


#: per keyword ("is", "lang"): the value's name typed (lower case) -> the value ("mitgeliefert" -> "bundled")
VALUE_NAMES: dict[str, dict[str, str]] = {
    keyword: build([english, *(LOCAL_VALUES[lang][keyword] for lang in LOCAL_VALUES)])
    for keyword, english in ENGLISH_VALUES.items()}


def value_of(keyword: str, typed: str) -> str | None:
    """The value of `is:` / `not:` ("is") or `lang:` ("lang") a typed name means, in any language
    and case, with or without its accents; None for no value of that keyword."""
    names = VALUE_NAMES[keyword]
    return names.get(typed.lower(), names.get(fold(typed)))


def keyword_of(typed: str) -> str | None:
    """The keyword a typed name means (any language, any case), or None."""
    return NAMES.get(typed.lower())


def accent_reading(typed: str) -> str | None:
    """The keyword `typed` would mean without its accents, when it is no name as written but is
    one once they are dropped ("é" -> "s", the set): refused, never guessed."""
    if keyword_of(typed) is not None:
        return None
    return NAMES.get(fold(typed))


def names_in(keyword: str, lang: str) -> list[str]:
    """The names of `keyword` to show in the help of a UI language: the English short form,
    then the language's own ("t:", "typ:")."""
    return [ENGLISH[keyword][0], *LOCAL.get(lang, {}).get(keyword, ())]


def value_names_in(keyword: str, value: str, lang: str) -> list[str]:
    """A value of `is:` or `lang:` as the help shows it in a UI language: the English form, then
    the language's own ("is:bundled", "ist:mitgeliefert"; Italian has no `is:` of its own)."""
    english = f"{ENGLISH[keyword][0]}:{ENGLISH_VALUES[keyword][value][0]}"
    local = LOCAL_VALUES.get(lang, {}).get(keyword, {}).get(value, ())
    kw = (LOCAL.get(lang, {}).get(keyword) or ENGLISH[keyword])[0]
    return [english, *(f"{kw}:{name}" for name in local)]
