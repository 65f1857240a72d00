"""The table's clock: a silent player must not hold the table forever (issue #26).

Each decision a person's seat faces has `decision_seconds`; each seat has `game_seconds` in
all, charged while it is that seat's turn to decide. When either runs out the host does what
it chose when it opened the table (`on_timeout`):
  * "claim": the seat is out of time; every other seat is told and may claim the win (the
    out-of-time player then concedes, CR 104.3a);
  * "computer": the computer makes that decision for the seat (engine/net/computer.py, from
    the seat's own observation); once the seat's game time is gone it plays the seat on.
A computer seat has no clock. 0 seconds turns that part of the clock off. A seat whose player
is away (reconnecting) is not put out of time while its five minutes to come back run.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.seats import AgentView
from engine.net.computer import ComputerSeat

if TYPE_CHECKING:
    from engine.net.seats import Peer, Seat, View

DECISION_SECONDS = 120.0
GAME_SECONDS = 1800.0
POLICIES = ("claim", "computer")
AWAY_RECHECK = 5.0  # seconds: a decider out of time while away is looked at again this often


class ClockRoom(Protocol):
    """What the table clock reads of the room (engine/net/room.py Room), and the calls it makes
    when a seat's time runs out."""

    game: port.Game | None
    seats: list[Seat]
    views: dict[int | None, View]
    seq: int
    rules_seq: int
    clock: Callable[[], float]
    schedule: Callable[[float, Callable[[], None]], Any]

    def lobby(self) -> P.Lobby: ...

    def _all(self, msg: Any) -> None: ...

    def _apply(self, index: int, text: str, peer: Peer | None, fields: dict[str, Any] | None = None,
               seen: int | None = None) -> bool: ...


class TableClock:
    def __init__(self, room: ClockRoom, decision_seconds: float = DECISION_SECONDS,
                 game_seconds: float = GAME_SECONDS, on_timeout: str = "claim") -> None:
        if on_timeout not in POLICIES:
            raise ValueError(f"Unknown clock policy {on_timeout!r}; use one of {', '.join(POLICIES)}.")
        self.room = room
        self.decision_seconds = max(0.0, float(decision_seconds))
        self.game_seconds = max(0.0, float(game_seconds))
        self.on_timeout = on_timeout
        self.used: list[float] = [0.0] * len(room.seats)
        self.out: set[int] = set()
        self.holder: int | None = None
        self.since = 0.0  # the holder's game time is charged from here
        # the decision the holder faces: (seat, the room's last rules update) and when it began;
        # a table move (hybrid, tabletop) leaves it open, so it does not give the decider a
        # fresh decision time (else moving a card now and then would stall the table forever)
        self.decision: tuple[int | None, int] = (None, -1)
        self.decision_since = 0.0
        self.told: tuple[Any, ...] = ()
        self.stand_ins: dict[int, Any] = {}
        self.alarm: Any = None

    @property
    def enabled(self) -> bool:
        return self.decision_seconds > 0 or self.game_seconds > 0

    def reset(self) -> None:
        """A new game: every seat's time is whole again."""
        self.used = [0.0] * len(self.room.seats)
        self.out, self.holder, self.told = set(), None, ()
        self.decision = (None, -1)

    def left(self, seat: int) -> float:
        """Seconds before `seat` runs out (this decision, or the game, whichever is sooner)."""
        now = self.room.clock()
        spent_here = now - self.since if self.holder == seat else 0.0
        limits = []
        if self.decision_seconds > 0:
            limits.append(self.decision_seconds - (now - self.decision_since if self.holder == seat else 0.0))
        if self.game_seconds > 0:
            limits.append(self.game_seconds - self.used[seat] - spent_here)
        return max(0.0, min(limits)) if limits else float("inf")

    def game_left(self) -> list[float]:
        if self.game_seconds <= 0:
            return [0.0] * len(self.used)
        now = self.room.clock()
        return [max(0.0, self.game_seconds - u - (now - self.since if self.holder == i else 0.0))
                for i, u in enumerate(self.used)]

    def _charge(self) -> None:
        now = self.room.clock()
        if self.holder is not None:
            self.used[self.holder] += now - self.since
        self.since = now

    def turn(self) -> None:
        """The position changed: charge the seat that was deciding, start the next one's time."""
        room, game = self.room, self.room.game
        if not self.enabled or game is None:
            return
        self._charge()
        if self.alarm is not None and hasattr(self.alarm, "cancel"):
            self.alarm.cancel()
            self.alarm = None
        who = port.decider(game) if port.outcome(game) is None else None
        if who is not None and room.seats[who].agent is not None:
            who = None  # a computer seat has no clock
        self.holder = who
        if (who, room.rules_seq) != self.decision:
            self.decision, self.decision_since = (who, room.rules_seq), self.since
        if who is None:
            return
        seq = room.seq
        self.alarm = room.schedule(self.left(who), lambda: self._expired(who, seq))
        self.tell()

    def tell(self, force: bool = False) -> None:
        """Every seat hears who is deciding and how much time is left (when that changes)."""
        room = self.room
        state = (self.holder, tuple(sorted(self.out)))
        if state == self.told and not force:
            return
        self.told = state
        msg = P.Clock(seat=self.holder, decision=round(self.left(self.holder), 1) if self.holder is not None else 0.0,
                      game=[round(x, 1) for x in self.game_left()], out_of_time=sorted(self.out),
                      on_timeout=self.on_timeout)
        data = P.encode(msg)
        for s in room.seats:
            if s.peer is not None:
                s.peer.send(data)

    def _expired(self, who: int, seq: int) -> None:
        room, game = self.room, self.room.game
        if game is None or room.seq != seq or self.holder != who or port.outcome(game) is not None:
            return  # the seat has decided meanwhile
        left = self.left(who)
        if left > 0.5:  # (woken early)
            room.schedule(left, lambda: self._expired(who, seq))
            return
        if self.on_timeout == "computer":
            self._computer_decides(who)
            return
        seat = room.seats[who]
        if seat.peer is None and seat.dropped_at is not None:
            # away (reconnecting): the seat was promised RECONNECT_SECONDS to come back
            # (engine/net/seats.py, then it concedes), so nobody may claim the win before; back
            # and still silent, it is out of time within AWAY_RECHECK seconds
            room.schedule(AWAY_RECHECK, lambda: self._expired(who, seq))
            return
        self.out.add(who)
        self.tell(force=True)

    def _computer_decides(self, who: int) -> None:
        """The computer decides for the seat, from the seat's own view; once the seat's whole
        game time is gone, the computer keeps the seat."""
        room = self.room
        seat = room.seats[who]
        agent = self.stand_ins.get(who)
        if agent is None:
            agent = self.stand_ins[who] = ComputerSeat(room, who, "heuristic", list(seat.deck))
        self._charge()
        if self.game_seconds > 0 and self.used[who] >= self.game_seconds - 0.5:
            seat.agent = agent  # for good: room._after_change lets it play
            room._all(room.lobby())
        view = AgentView(who, room.views[who].obs, port.legal_texts(room.game, who))  # type: ignore[arg-type]
        text = agent.choose(view)
        if not room._apply(who, text, None):
            room._apply(who, port.concede_text(), None)

    def claim(self, seat: int) -> bool:
        """A seat claims the win over those out of time: they concede (CR 104.3a)."""
        room = self.room
        out = sorted(self.out - {seat})
        if not out or room.game is None:
            return False
        for who in out:
            self.out.discard(who)
            if port.outcome(room.game) is None:
                room._apply(who, port.concede_text(), None)
        return True
