from __future__ import annotations

from engine.decks import (CardNameIndex, ChainedResolver, FunctionResolver, NameResolver,
                          deck_from_text, default_resolver, normalize_name)


def test_resolves_english_german_italian_case_and_apostrophes() -> None:
    r = default_resolver()
    assert r.resolve("Murder") == "Murder"
    assert r.resolve("scorching DRAGONFIRE") == "Scorching Dragonfire"
    assert r.resolve("Brennendes Drachenfeuer") == "Scorching Dragonfire"
    assert r.resolve("Barlume Cuor di Leone") == "Lionheart Glimmer"
    assert r.resolve("Winter’s Intervention") == "Winter's Intervention"
    assert r.resolve("Winters Eingreifen") == "Winter's Intervention"
    assert r.resolve("Gebirge") == "Mountain" and r.resolve("Foresta") == "Forest"
    assert r.resolve("Lightning Bolt") is None


def test_split_card_spellings_and_faces() -> None:
    r = default_resolver()
    full = "Bottomless Pool // Locker Room"
    for spelling in ("Bottomless Pool/Locker Room", "Bottomless Pool /// Locker Room",
                     "bottomless pool // locker room", "Bottomless Pool",
                     "Bodenloses Becken // Umkleidekabine", "Umkleidekabine"):
        assert r.resolve(spelling) == full, spelling


def test_accents_folded_for_ascii_spellings() -> None:
    assert default_resolver().resolve("Lowenherz-Schimmer") == "Lionheart Glimmer"
    assert normalize_name("Æther  Vial") == "aether vial"


def test_close_matches_suggest_english_names() -> None:
    r = default_resolver()
    assert r.close_matches("Scorching Dragonfyre")[0] == "Scorching Dragonfire"
    assert r.close_matches("Brennendes Drachenfeur", 3) == ["Scorching Dragonfire"]
    assert r.close_matches("") == []
    assert len(r.close_matches("Fear of", 2)) <= 2


def test_custom_index_is_a_resolver() -> None:
    index = CardNameIndex([("Lightning Bolt", ["Blitzschlag", "Fulmine"])])
    assert isinstance(index, NameResolver)
    assert index.resolve("blitzschlag") == "Lightning Bolt"
    assert index.close_matches("Lightning Blot") == ["Lightning Bolt"]


def test_database_style_resolver_plugs_into_readers() -> None:
    db = {"lightning bolt": "Lightning Bolt"}
    from_db = FunctionResolver(
        lambda name: db.get(name.lower()),
        lambda name, n: ["Lightning Bolt"] if "lightning" in name.lower() else [])
    both = ChainedResolver(from_db, default_resolver())
    deck, unknown = deck_from_text("4 Lightning Bolt\n4 Gebirge\n2 Lightning Blot\n", both)
    assert deck.counts() == {"Lightning Bolt": 4, "Mountain": 4, "Lightning Blot": 2}
    assert [(u.name, u.suggestions[:1]) for u in unknown] == [
        ("Lightning Blot", ["Lightning Bolt"])]
