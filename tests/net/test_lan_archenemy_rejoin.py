"""An Archenemy Commander table over loopback (issue #29) — the archenemy's program, a team
member's program and two computer team members — where the team member's connection drops in
the team's shared turn and the program comes back with its seat's key: the table waits for it
(the others are told), the rejoined seat gets exactly its own observation (whose turn, who
acts), plays on, and no scheme still in the scheme deck ever reached it. Bounded in time."""
from __future__ import annotations

import asyncio

from engine.decks.samples import commander_decks
from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.bot import Bot
from engine.net.computer import ComputerSeat
from engine.net.formats import seat_deck
from net_helpers import addr, room, run, serving

FORMAT = "archenemy_commander"


def test_a_team_member_drops_in_the_team_turn_and_rejoins() -> None:
    decks = commander_decks()
    r = room(4, "rules", None, seed=9, format=FORMAT)
    for s in (2, 3):
        cards, lead, schemes = seat_deck(decks[s], FORMAT, s)
        r.add_agent(s, ComputerSeat(r, s, "heuristic", cards, seed=s), f"Computer {s - 1}", cards, lead, schemes)

    async def until(cond, seconds: float = 60) -> None:
        for _ in range(int(seconds / 0.02)):
            if cond():
                return
            await asyncio.sleep(0.02)
        raise AssertionError("not in time")

    async def go():
        async with serving(r) as server:
            bots = []
            for s in (0, 1):
                cards, lead, schemes = seat_deck(decks[s], FORMAT, s)
                bots.append(Bot(addr(server), ("Vera", "Hugo")[s], cards, seed=s, max_actions=10 ** 6, delay=0,
                                commander=lead, schemes=schemes))
            bots[0].record = True
            vera = asyncio.ensure_future(bots[0].run(200))
            await until(lambda: r.seats[0].peer is not None)
            hugo = asyncio.ensure_future(bots[1].run(200))
            # the team's shared turn, with Hugo deciding
            # (Hugo decides in the archenemy's turn too, e.g. with priority: wait for the team's)
            await until(lambda: r.game is not None and r.game.st.turn >= 2 and port.decider(r.game) == 1
                        and r.game.is_active(1) and not r.game.is_active(0))
            token = bots[1].client.token
            hugo.cancel()
            await bots[1].client.ws.close()
            await until(lambda: r.seats[1].peer is None)
            waiting = r.seq
            await asyncio.sleep(0.3)
            assert r.seq == waiting and port.decider(r.game) == 1  # the table waits for Hugo
            told = [(m.seat, m.connected) for m in bots[0].received if isinstance(m, P.Presence)]
            back = Bot(addr(server), "Hugo", [], seed=5, max_actions=10 ** 6, delay=0, token=token)
            back.record = True
            again = asyncio.ensure_future(back.run(200))
            await until(lambda: back.client.obs is not None)
            snap = next(m for m in back.received if isinstance(m, P.Snapshot)).observation  # (as it came)
            first = dict(turn=snap["turn"], active_players=snap["active_players"],
                         pending=(snap.get("pending") or {}).get("player"))
            await until(lambda: r.seq > waiting + 20)  # he plays on (and the others with him)
            vera.cancel()
            again.cancel()
            await asyncio.sleep(0.1)
            return back, told, first
    back, told, first = run(go(), 250)
    assert told == [(1, False)]  # Vera's program was told Hugo is away
    assert first["pending"] == 1 and 1 in first["active_players"] and 0 not in first["active_players"]
    assert any(isinstance(m, P.Snapshot) for m in back.received)
    assert back.client.seat == 1 and back.client.errors == []
    # every frame the rejoined program got: no scheme still in the archenemy's scheme deck
    public = {e.get("card") for e in r.game.events if e.get("key") == "scheme_set_in_motion"}
    unseen = set(r.seats[0].schemes) - public
    frames = repr(back.received)
    assert not {n for n in unseen if n in frames}
