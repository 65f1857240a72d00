"""The rulings report (`python -m engine.cards rulings`, issues #10 and #24): a ruling counts
only when every sentence of it is quoted by passing scenarios that set up its own card (or,
for a general ruling, its mechanic) and check something."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import rulings as R
from engine.scenario import run_file

# Acrobatic Cheerleader's second ruling: two sentences
CHEER = "Akrobatische Cheerleaderin#2"
GOOD_BODY = '''[setup.Alice]
battlefield = ["{card} @c"]
[expect]
"@c.zone" = "battlefield"
'''


@pytest.fixture(scope="module")
def pool_scenarios() -> list[R.Scenario]:
    """The scenarios of tests/scenarios as the report reads them (read once: ~1,900 files);
    `link` only reads them."""
    return R.scenarios()


def ruling(key: str) -> R.Ruling:
    return next(r for r in R.all_rulings() if r.key == key)


def write(tmp: Path, name: str, quote: str, body: str) -> Path:
    p = tmp / name
    p.write_text(f'title = "t"\nsource = """Ruling: „{quote}“"""\n' + body, encoding="utf-8")
    return p


def count(tmp: Path, key: str, run: bool = True) -> R.Ruling:
    r = ruling(key)
    R.link([r], R.scenarios(tmp), (lambda p: run_file(p).ok) if run else (lambda p: True))
    return r


def test_every_distinct_ruling_once_with_a_unique_key() -> None:
    rs = R.all_rulings()
    # 514 of the release notes (cards, general, schemes) and 524 distinct English Oracle rulings
    # of the Commander decks' reprints (the same text under several cards counted once)
    assert len([r for r in rs if r.section != "reprints"]) == 514
    assert len([r for r in rs if r.section == "reprints"]) == 524
    assert len({r.key for r in rs}) == len(rs)


def test_sentences_split_at_sentence_ends_not_at_abbreviations() -> None:
    assert R.sentences("Eins ist gut. Zwei, z. B. Kreaturen, bzw. Länder usw. verlassen. Drei!  „Vier.“ (Fünf.)") == [
        "Eins ist gut.", "Zwei, z. B. Kreaturen, bzw. Länder usw. verlassen.", "Drei!", "„Vier.“", "(Fünf.)"]
    assert R.sentences(ruling(CHEER).text) == ruling(CHEER).sentences and len(ruling(CHEER).sentences) == 2


def test_every_ruling_of_a_pool_card_knows_its_card() -> None:
    for r in R.all_rulings():
        if r.section != "schemes":
            assert r.cards, r.key
    assert ruling(CHEER).cards == {"Acrobatic Cheerleader"}
    # the notes misspell a few names the card data prints correctly
    assert ruling("Verkohlttes Foyer // Gekrümmter Raum#1").cards == {"Charred Foyer // Warped Space"}
    assert ruling("Zwangsent eignung#1").cards == {"Expropriate"}
    assert "Bottomless Pool // Locker Room" in ruling("Neuer Verzauberungstyp: Raum#1").cards


def test_a_ruling_counts_when_each_sentence_is_quoted_even_by_different_scenarios(tmp_path: Path) -> None:
    first, second = ruling(CHEER).sentences
    body = GOOD_BODY.format(card="Acrobatic Cheerleader")
    write(tmp_path, "one.toml", first, body)
    assert not count(tmp_path, CHEER).encoded  # half a ruling is not the ruling
    write(tmp_path, "two.toml", second, body)
    r = count(tmp_path, CHEER)
    assert r.encoded and [p.name for p in r.scenarios] == ["one.toml", "two.toml"]


def test_a_scenario_of_another_card_does_not_count(tmp_path: Path) -> None:
    write(tmp_path, "other.toml", ruling(CHEER).text, GOOD_BODY.format(card="Piggy Bank"))
    r = count(tmp_path, CHEER)
    assert not r.encoded and all("without its card" in g for g in r.gaps)


def test_a_failing_scenario_or_one_without_checks_does_not_count(tmp_path: Path) -> None:
    text = ruling(CHEER).text
    write(tmp_path, "fails.toml", text, GOOD_BODY.format(card="Acrobatic Cheerleader").replace(
        '"battlefield"\n', '"graveyard"\n'))
    r = count(tmp_path, CHEER)
    assert not r.encoded and all("failing" in g for g in r.gaps)
    assert count(tmp_path, CHEER, run=False).encoded  # (--no-run counts it as passing)
    (tmp_path / "fails.toml").unlink()
    write(tmp_path, "idle.toml", text, '[setup.Alice]\nbattlefield = ["Acrobatic Cheerleader"]\n')
    r = count(tmp_path, CHEER)
    assert not r.encoded and all("check nothing" in g for g in r.gaps)


def test_a_general_ruling_counts_with_a_card_of_its_mechanic(tmp_path: Path) -> None:
    key = next(r.key for r in R.all_rulings() if r.subject == "Neues Fähigkeitswort: Überlebenskunst")
    text = ruling(key).text
    write(tmp_path, "plain.toml", text, GOOD_BODY.format(card="Piggy Bank"))
    assert not count(tmp_path, key).encoded
    write(tmp_path, "survival.toml", text, GOOD_BODY.format(card="Acrobatic Cheerleader"))
    assert count(tmp_path, key).encoded


def test_a_scheme_ruling_counts_only_through_a_scenario_that_sets_up_the_scheme(pool_scenarios: list[R.Scenario]) -> None:
    """A sentence a scheme shares with a pool card's ruling, quoted by that card's scenario,
    proves nothing about the scheme: each proof of a scheme ruling sets the scheme up."""
    rs = R.all_rulings()
    found = pool_scenarios
    R.link(rs, found)
    by_path = {s.path: s for s in found}
    for r in rs:
        if r.section == "schemes":
            assert r.cards, r.key  # (the scheme's English name, from assets/cards/schemes.json)
            for proofs in r.proofs:
                assert all(by_path[p].cards & r.cards for p in proofs), r.key


def test_written_reasons_name_real_rulings() -> None:
    keys = {r.key for r in R.all_rulings()}
    assert set(R.reasons()) <= keys


def test_the_report_prints_the_strict_figure_first() -> None:
    lines, encoded, loose, total = R.report(run=False)
    assert total == 1038 and 1 <= encoded <= loose
    assert lines[0].startswith(f"Rulings strictly encoded: {encoded} of 1038")
    assert any("Wähle deinen Untergang#2" in line for line in lines)  # a scheme ruling, with its written reason


def test_written_reasons_are_for_rulings_not_encoded(pool_scenarios: list[R.Scenario]) -> None:
    """A ruling the scenarios encode needs no reason: its entry goes (keeps the file true)."""
    written = R.reasons()
    rs = [r for r in R.all_rulings() if r.key in written]
    R.link(rs, pool_scenarios)
    assert [r.key for r in rs if r.encoded] == []


def test_the_quote_index_finds_what_a_search_of_every_scenario_finds(pool_scenarios: list[R.Scenario]) -> None:
    """`link` asks an index which scenarios quote a sentence: the same scenarios, in the same
    order, as asking each scenario's source (a quarter of the rulings' sentences, and pieces that
    begin and end inside words)."""
    quotes = R.Quotes(pool_scenarios)
    sentences = [s for r in R.all_rulings() for s in r.sentences]
    pieces = sentences[::4] + [s[3:-3] for s in sentences[1::9]] + ["Karte", "", "a b", "Karte. Die"]
    for piece in pieces:
        assert quotes.quoting(piece) == [s for s in pool_scenarios if piece in s.source], piece
