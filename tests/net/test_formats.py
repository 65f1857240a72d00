"""A LAN table's format (engine/net/formats.py): Commander's commanders and the Archenemy
formats' scheme decks come with each seat's deck, are checked by the host, and start the game
the format describes (issue #29)."""
from __future__ import annotations

import pytest

from engine.decks.samples import commander_decks
from engine.decks.scheme_decks import built_in
from engine.net import protocol as P
from engine.net.computer import format_fields
from engine.net.formats import seat_deck
from engine.net.room import Room
from engine.net.seats import SeatRefusal
from net_helpers import FakePeer


def _results(peer: FakePeer) -> list:
    return [m for m in peer.sent if isinstance(m, P.DeckResult)]


def test_an_archenemy_commander_table() -> None:
    decks = commander_decks()
    r = Room(4, "rules", "Evil", seed=3, format="archenemy_commander")
    peers = [FakePeer() for _ in range(4)]
    for i, p in enumerate(peers):
        assert r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i}"))
        welcome = next(m for m in p.sent if isinstance(m, P.Welcome))
        assert welcome.format == "archenemy_commander"
    cards, commanders, schemes = seat_deck(decks[0], "archenemy_commander", 0)
    # a deck without its commander is refused, in words
    r.handle(peers[0], P.SubmitDeck(cards=cards))
    assert not _results(peers[0])[-1].ok
    assert any(p["key"] == "deck.commander.none" for p in _results(peers[0])[-1].problems)
    r.handle(peers[0], P.SubmitDeck(cards=cards, commander=commanders, schemes=schemes[:9]))
    assert any(p["key"] == "deck.schemes.too_few" for p in _results(peers[0])[-1].problems)
    r.handle(peers[0], P.SubmitDeck(cards=cards, commander=commanders, schemes=schemes))
    assert _results(peers[0])[-1].ok
    for i in range(1, 4):
        c, cmd, sch = seat_deck(decks[i], "archenemy_commander", i)
        assert sch == []  # the team brings no scheme deck
        r.handle(peers[i], P.SubmitDeck(cards=c, commander=cmd))
        assert _results(peers[i])[-1].ok
    for p in peers:
        r.handle(p, P.Ready(ready=True))
    assert r.game is not None
    st = r.game.st
    assert [p.team for p in st.players] == ["archenemy", "heroes", "heroes", "heroes"]
    assert [p.life for p in st.players] == [60, 60, 60, 60] and len(st.players[0].schemes) == 10
    assert r.game.config.schemes[0] == built_in(decks[0])


def test_no_archenemy_no_game_and_the_rumble_needs_every_scheme_deck() -> None:
    decks = commander_decks()
    r = Room(2, "rules", "Rumble", seed=3, format="supervillain_rumble")
    peers = [FakePeer(), FakePeer()]
    for i, p in enumerate(peers):
        r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i}"))
    cards, commanders, _ = seat_deck(decks[1], "commander", 1)
    r.handle(peers[1], P.SubmitDeck(cards=cards, commander=commanders))
    assert any(p["key"] == "net.scheme_deck_needed" for p in _results(peers[1])[-1].problems)
    r2 = Room(2, "rules", "Evil", seed=3, format="archenemy", auto_start=False)
    peers2 = [FakePeer(), FakePeer()]
    for i, p in enumerate(peers2):
        r2.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i}"))
        r2.handle(p, P.SubmitDeck(cards=seat_deck(decks[i], "archenemy", 1)[0]))
        r2.handle(p, P.Ready(ready=True))
    r2.handle(peers2[0], P.Start())
    assert r2.game is None
    assert any(isinstance(m, P.Error) and m.key == "net.no_archenemy" for m in peers2[0].sent)


def test_a_computer_seat_brings_its_commander_and_scheme_deck() -> None:
    cards, commanders, schemes = format_fields("1:heuristic:death_toll", "archenemy_commander", 0)
    assert commanders == ["Winter, Cynical Opportunist"] and commanders[0] in cards and len(schemes) == 10
    assert format_fields("2:heuristic:jump_scare", "archenemy_commander", 1)[2] == []


def test_a_commander_deck_at_a_classic_archenemy_table_keeps_its_commander_card() -> None:
    """Classic Archenemy has no commanders: the deck's commander is one of its 100 cards."""
    decks = commander_decks()
    cards, commanders, _ = seat_deck(decks[0], "archenemy", 1)
    assert commanders == [] and len(cards) == 100
    lead = seat_deck(decks[0], "commander", 1)[1]
    assert lead and lead[0] in cards


def test_a_deck_that_breaks_the_format_is_refused_unless_the_table_allows_any_deck() -> None:
    """A 60-card Commander deck was taken at a Commander table (its size only a warning) while a
    game against the computer asked first. Now the host refuses it with a sentence first
    (net.deck_breaks_format) and the deck check's findings; at a table whose host allowed any
    deck it is taken, and the seat is told which rules it breaks (net.deck_allowed). What the
    game cannot start without (the commander) is refused at both."""
    cards, commanders, _ = seat_deck(commander_decks()[1], "commander", 1)
    short = [*cards[:59], *commanders]
    for any_deck in (False, True):
        r = Room(2, "rules", "Cmd", seed=3, format="commander", any_deck=any_deck)
        peer = FakePeer()
        r.join(peer, P.Hello(version=P.PROTOCOL_VERSION, name="Ann"))
        r.handle(peer, P.SubmitDeck(cards=short, commander=commanders))
        result = _results(peer)[-1]
        keys = [(p["key"], p["severity"]) for p in result.problems]
        if any_deck:
            assert result.ok and keys == [("net.deck_allowed", "warning"), ("deck.commander.size", "warning")]
            assert result.problems[0]["text"] == ("This deck breaks one rule of the deck check of the table's format; "
                                                  "the host allows any deck at this table, so it is accepted.")
        else:
            assert not result.ok and keys == [("net.deck_breaks_format", "error"), ("deck.commander.size", "error")]
            assert result.problems[0]["text"].startswith("This table takes only decks that pass the deck check of its "
                                                         "format, and this deck breaks one of its rules.")
            r.handle(peer, P.Ready(ready=True))       # not ready without an accepted deck
            assert [m for m in peer.sent if isinstance(m, P.Error)][-1].reason == "no_deck"
        r.handle(peer, P.SubmitDeck(cards=cards, commander=commanders))     # the printed deck: taken, no word
        assert _results(peer)[-1].ok and _results(peer)[-1].problems == []
        r.handle(peer, P.SubmitDeck(cards=short))                           # no commander: refused at both
        assert not _results(peer)[-1].ok


def test_a_free_for_all_table_checks_by_the_size_and_allows_any_deck_when_asked() -> None:
    for any_deck in (False, True):
        r = Room(2, "rules", "Ffa", seed=3, any_deck=any_deck)
        peer = FakePeer()
        r.join(peer, P.Hello(version=P.PROTOCOL_VERSION, name="Ann"))
        r.handle(peer, P.SubmitDeck(cards=["Swamp"] * 31))
        result = _results(peer)[-1]
        assert result.ok == any_deck
        assert result.problems[0]["key"] == ("net.deck_allowed" if any_deck else "net.deck_breaks_format")
        assert "deck.too_few" in [p["key"] for p in result.problems]
        r.handle(peer, P.SubmitDeck(cards=["Swamp"] * 40 + ["Zzyzx Qwerty"]))   # unknown to the host: refused at both
        assert not _results(peer)[-1].ok


def test_a_computer_seat_gets_the_same_deck_check() -> None:
    """The host's computer seats are checked as a joining seat's deck is: refused at a table that
    takes only decks passing its format's check (with the finding), taken at one allowing any."""
    cards, commanders, _ = seat_deck(commander_decks()[1], "commander", 1)
    short = [*cards[:59], *commanders]
    strict = Room(2, "rules", "Cmd", seed=3, format="commander")
    with pytest.raises(SeatRefusal) as refused:
        strict.add_agent(1, object(), "Computer 1", short, commanders)  # type: ignore[arg-type]
    assert refused.value.key == "deck.commander.size"
    assert strict.seats[1].name is None
    casual = Room(2, "rules", "Cmd", seed=3, format="commander", any_deck=True, auto_start=False)
    casual.add_agent(1, object(), "Computer 1", short, commanders)  # type: ignore[arg-type]
    assert casual.seats[1].name == "Computer 1"
