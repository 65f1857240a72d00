"""LAN Commander (issue #28): a three-seat Commander table over loopback — two players'
programs and a computer seat. Each seat sees every command zone, commander tax and commander
damage exactly as its own observation allows, and the table refuses a deck without its
commander."""
from __future__ import annotations

import asyncio
import random

import pytest

from engine.ai.commander_match import commander_seats
from engine.net import bot as bot_module, engine_port as port
from engine.net.bot import Bot
from engine.net.computer import ComputerSeat
from engine.net.room import Room
from engine.net import protocol as P
from engine.net.client import Client
from net_helpers import addr, room, run, serving

SAMPLES = commander_seats()  # the built-in decks: (name, cards with the commander, [commander])
# quick decks for the game: the commander and 99 basic lands of its colours (it is cast early)
SEATS = [("Winter", ["Winter, Cynical Opportunist"] + ["Swamp", "Forest"] * 49 + ["Swamp"],
          ["Winter, Cynical Opportunist"]),
         ("Valgavoth", ["Valgavoth, Harrower of Souls"] + ["Swamp", "Mountain"] * 49 + ["Swamp"],
          ["Valgavoth, Harrower of Souls"]),
         ("Kianne", ["Kianne, Corrupted Memory"] + ["Forest", "Island"] * 49 + ["Forest"],
          ["Kianne, Corrupted Memory"])]


def _eager(rng: random.Random, actions: list[str], pass_weight: float = 0.35) -> str:
    """The bots play lands, cast their commander and attack whenever they can (else random)."""
    wanted = [a for a in actions if a.startswith("play ")] + \
        [a for a in actions if any(a.startswith("cast " + c[0]) for _n, _d, c in SEATS)] + \
        [a for a in actions if a.startswith("attacker ")] + [a for a in actions if a == "attack done"]
    return wanted[0] if wanted else bot_module._random_pick(rng, actions, pass_weight)


def test_three_seat_commander_table(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(bot_module, "_random_pick", bot_module.pick, raising=False)
    monkeypatch.setattr(bot_module, "pick", _eager)
    r = room(3, "rules", tmp_path, seed=11, format="commander")
    _n, cards, lead = SEATS[2]
    r.add_agent(2, ComputerSeat(r, 2, "heuristic", cards, seed=11), "Computer", cards, lead)

    async def go():
        async with serving(r) as server:
            bs = [Bot(addr(server), f"Seat{i}", SEATS[i][1], seed=11 + i, max_actions=200, delay=0,
                      commander=SEATS[i][2]) for i in range(2)]
            for b in bs:
                b.record = True
            await asyncio.gather(*(b.run(220) for b in bs))
            return bs
    bs = run(go(), 280)
    g = r.game
    assert g is not None and g.config.format == "commander"
    assert [p.life for p in g.st.players] != [40, 40, 40] or port.outcome(g) is not None
    casts = [p.commander_casts for p in g.st.players]
    assert sum(sum(c.values()) for c in casts) >= 2, (casts, g.st.turn, port.outcome(g), [p.life for p in g.st.players])  # commanders were cast from the command zone
    assert any(p.commander_damage for p in g.st.players)  # and dealt combat damage
    for i, b in enumerate(bs):
        obs = b.client.obs
        assert obs == port.observe(g, i)  # the seat's view is its observation, no more, no less
        assert obs["format"] == "commander"
        for p, real in zip(obs["players"], g.st.players):
            # every commander, its zone when public, and its tax (CR 903.8) — for every seat
            assert [c["card"] for c in p["commanders"]] == list(real.commanders.values())
            assert [c["tax"] for c in p["commanders"]] == [2 * n for n in real.commander_casts.values()] or \
                not real.commander_casts
            assert {d["commander"]: d["damage"] for d in p.get("commander_damage", [])} == \
                {real_name: n for card, n in real.commander_damage.items()
                 for q in g.st.players for c, real_name in q.commanders.items() if c == card}
            if p["index"] != i:
                assert all(c["name"] is None for c in p["hand"])  # hands stay hidden
        # the lobby told each seat it is a Commander table
        lobbies = [m for m in b.received if isinstance(m, P.Lobby)]
        assert lobbies and lobbies[0].format == "commander"
    # a restarted host rebuilds the same Commander game from its journal
    again = Room.resume(tmp_path / "journal.jsonl", seed=None)
    assert again.format == "commander" and [s.commanders for s in again.seats] == [c for _n, _d, c in SEATS]
    assert again.game is not None and port.observe(again.game, 0) == port.observe(g, 0)


def test_a_deck_without_its_commander_is_refused(tmp_path) -> None:
    r = room(3, "rules", tmp_path, seed=2, format="commander")
    _n, cards, lead = SAMPLES[0]

    async def go():
        async with serving(r) as server:
            c = Client(addr(server), "Ann")
            await c.connect()
            await c.send(P.SubmitDeck(cards=cards))
            first = await _result(c)
            await c.send(P.SubmitDeck(cards=[x for x in cards if x != lead[0]], commander=lead))
            second = await _result(c)
            await c.send(P.SubmitDeck(cards=cards, commander=lead))
            third = await _result(c)
            kept = list(r.seats[0].commanders)
            await c.close()
            return first, second, third, kept
    first, second, third, kept = run(go(), 90)
    assert not first.ok and first.problems[0]["key"] == "deck.commander.none"
    assert not second.ok and any(p["key"] == "deck.commander.not_in_deck" for p in second.problems)
    assert third.ok and kept == lead
    with pytest.raises(ValueError):
        r.add_agent(1, ComputerSeat(r, 1, "heuristic", cards, seed=1), "Computer", cards)


async def _result(c: Client) -> P.DeckResult:
    while True:
        msg = await c.recv()
        if isinstance(msg, P.DeckResult):
            return msg
